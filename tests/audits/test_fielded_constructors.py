"""Symbol drift through a constructor an outside base makes from the fields: msgspec's ``Struct``, ``NamedTuple``.

Shaped like vLLM #9105 (18b296fdb2), which removed the ``use_beam_search`` field of ``SamplingParams``
(a ``msgspec.Struct``): a fork call ``SamplingParams(n=4, use_beam_search=True)`` merges cleanly and
raises ``TypeError: Unexpected keyword argument`` on the first request.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PARAMS = "vllm/params.py"
STRUCT = (
    "import msgspec\n\n\nclass Params(msgspec.Struct, omit_defaults=True):\n"
    "    n: int = 1\n    use_beam: bool = False\n    temperature: float = 1.0\n"
)
TUPLE = "from typing import NamedTuple\n\n\nclass Params(NamedTuple):\n    n: int\n    use_beam: bool = False\n"
USE = "vllm/aeon_use.py"
PACKAGES = {"vllm/__init__.py": ""}
HEAD = "from vllm.params import Params\n\n\n"


@pytest.mark.parametrize(
    ("base", "theirs", "body"),
    [
        (
            STRUCT,
            STRUCT.replace("    use_beam: bool = False\n", ""),
            "def beam() -> Params:\n    return Params(n=4, use_beam=True)\n",
        ),
        (
            TUPLE,
            TUPLE.replace("    use_beam: bool = False\n", ""),
            "def beam() -> Params:\n    return Params(4, use_beam=True)\n",
        ),
        # a field inserted before the one the fork passes by position, in a keyword-only Struct
        (
            STRUCT.replace("omit_defaults=True", "kw_only=False"),
            STRUCT.replace("omit_defaults=True", "kw_only=True"),
            "def beam() -> Params:\n    return Params(4, True)\n",
        ),
    ],
)
def test_a_keyword_the_fields_no_longer_declare(
    git_repo: GitRepo, tmp_path: Path, base: str, theirs: str, body: str
) -> None:
    fork = HEAD + body
    sides = three_way(git_repo, {PARAMS: base, **PACKAGES}, {USE: fork}, {PARAMS: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "return Params"), "error")]


@pytest.mark.parametrize(
    ("base", "theirs", "body"),
    [
        # the twin: the keywords the fields still declare
        (
            STRUCT,
            STRUCT.replace("    use_beam: bool = False\n", ""),
            "def greedy() -> Params:\n    return Params(n=1, temperature=0.0)\n",
        ),
        # a Struct that writes its own __init__: its parameters, not the fields, are the constructor's
        (
            STRUCT + "\n    def __init__(self, **kw) -> None:\n        pass\n",
            STRUCT.replace("    use_beam: bool = False\n", "")
            + "\n    def __init__(self, **kw) -> None:\n        pass\n",
            "def beam() -> Params:\n    return Params(n=4, use_beam=True)\n",
        ),
    ],
)
def test_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, base: str, theirs: str, body: str) -> None:
    sides = three_way(git_repo, {PARAMS: base, **PACKAGES}, {USE: HEAD + body}, {PARAMS: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []
