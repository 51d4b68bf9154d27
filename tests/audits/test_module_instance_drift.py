"""A field upstream made Optional, read off the instance an upstream module builds once on its defaults.

#31584 (6c2cfb62ff) gave ``ModelRunnerOutput.pooler_output`` a None default and rebuilt
``EMPTY_MODEL_RUNNER_OUTPUT`` without it: ``len(EMPTY_MODEL_RUNNER_OUTPUT.pooler_output)`` raises TypeError.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

OUTPUTS = "vllm/outputs.py"
BASE = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass ModelRunnerOutput:\n    req_ids: list[str]\n    pooler_output: list[int]\n\n\n"
    "EMPTY = ModelRunnerOutput(req_ids=[], pooler_output=[])\n"
    "FULL = ModelRunnerOutput(req_ids=[], pooler_output=[])\n"
)
THEIRS = BASE.replace("pooler_output: list[int]\n", "pooler_output: list[int] | None = None\n").replace(
    "EMPTY = ModelRunnerOutput(req_ids=[], pooler_output=[])", "EMPTY = ModelRunnerOutput(req_ids=[])"
)
IMPORT = "from vllm.outputs import EMPTY, FULL\n\n\n"
SIZED = IMPORT + "def aeon_empty() -> bool:\n    return len(EMPTY.pooler_output) == 0\n"
LOOPED = IMPORT + "def aeon_rows() -> int:\n    return sum(1 for row in EMPTY.pooler_output)\n"
ALIASED = "from vllm.outputs import EMPTY as NOTHING\n\n\ndef aeon_empty() -> bool:\n    return len(NOTHING.pooler_output) == 0\n"
# twins: a constant upstream still builds with the field, a guarded read, a parameter of the same name
SET = IMPORT + "def aeon_full() -> int:\n    return len(FULL.pooler_output)\n"
GUARDED = IMPORT + "def aeon_empty() -> bool:\n    return len(EMPTY.pooler_output or []) == 0\n"
SHADOWED = IMPORT + "def aeon_empty(EMPTY) -> bool:  # noqa: N803\n    return len(EMPTY.pooler_output) == 0\n"
# twins: the fork file binds the name again (a module-level shim, ``global``, an enclosing parameter, a
# comprehension or lambda variable): the read is not of upstream's instance, or not only of it
REBOUND = (
    "import dataclasses\n\nfrom vllm.outputs import EMPTY, FULL\n\n"
    "EMPTY = dataclasses.replace(EMPTY, pooler_output=[])\n\n\n"
    "def aeon_empty() -> bool:\n    return len(EMPTY.pooler_output) == 0\n"
)
GLOBAL = IMPORT + (
    "def aeon_init():\n    global EMPTY\n    EMPTY = FULL\n\n\n"
    "def aeon_empty() -> bool:\n    return len(EMPTY.pooler_output) == 0\n"
)
NESTED = IMPORT + (
    "def aeon_outer(EMPTY):  # noqa: N803\n    def inner() -> bool:\n"
    "        return len(EMPTY.pooler_output) == 0\n\n    return inner()\n"
)
COMPREHENDED = IMPORT + (
    "aeon_size = lambda EMPTY: len(EMPTY.pooler_output)  # noqa: E731,N803\n\n\n"
    "def aeon_sizes(xs):\n    return [len(EMPTY.pooler_output) for EMPTY in xs]  # noqa: N806\n"
)


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {"vllm/__init__.py": "", OUTPUTS: BASE}, {"vllm/aeon_use.py": fork}, {OUTPUTS: THEIRS})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


@pytest.mark.parametrize("fork", [SIZED, LOOPED, ALIASED], ids=["len", "loop", "import-alias"])
def test_a_field_made_optional_read_off_a_module_instance_built_on_defaults_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, ".pooler_output"), "error")]


@pytest.mark.parametrize(
    "fork",
    [SET, GUARDED, SHADOWED, REBOUND, GLOBAL, NESTED, COMPREHENDED],
    ids=["built-with-the-field", "guarded", "a-parameter", "rebound", "global", "nested", "lambda-comprehension"],
)
def test_twins_a_module_instance_that_holds_the_field_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


def test_twin_an_instance_upstream_fills_after_building_it_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """Upstream sets the field after the call (``EMPTY.pooler_output = []``): the call's defaults say nothing."""
    theirs = THEIRS + "EMPTY.pooler_output = []\n"
    sides = three_way(git_repo, {"vllm/__init__.py": "", OUTPUTS: BASE}, {"vllm/aeon_use.py": SIZED}, {OUTPUTS: theirs})
    assert found(audit(git_repo, sides, tmp_path), TYPE_DRIFT) == []
