"""A module-level name upstream now only annotates (bound later by a function's ``global``), needed by the fork at
its import.

Shaped like #20511 (66f6fbd393): ``kv_cache_utils.NONE_HASH = int.from_bytes(...)`` became a bare ``NONE_HASH:
int`` bound by ``init_none_hash(hash_fn)``; a fork's top-level ``from ...kv_cache_utils import NONE_HASH`` raises
ImportError when its module is imported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

KU = "vllm/core/kv_utils.py"
KU_BASE = """import os

SEED = int.from_bytes(os.urandom(32), byteorder="big")
BLOCK = 16


def first_hash():
    return SEED
"""
BUILDER = """

def init_seed(fn):
    global SEED
    SEED = fn(os.getenv("PYTHONHASHSEED"))
"""
UNBOUND = KU_BASE.replace('SEED = int.from_bytes(os.urandom(32), byteorder="big")', "SEED: int") + BUILDER
AT_IMPORT = UNBOUND + "\n\ninit_seed(hash)\n"
SHIMMED = UNBOUND + "\n\ndef __getattr__(name):\n    return 0\n"
STILL = KU_BASE.replace("SEED = int", "SEED: int = int") + BUILDER
SUBJECT = "[Prefix Cache] Add reproducible prefix-cache block hashing (#20511)"
FORK = "vllm/aeon/seed.py"
MOD = "from vllm.core import kv_utils\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UNBOUND, extra: str = "") -> list:
    """(line, severity) of this class's findings on FORK."""
    fork = {FORK: body, **({"vllm/aeon/mine.py": extra} if extra else {})}
    sides = s.merge_case(git_repo, {KU: KU_BASE, "vllm/core/__init__.py": ""}, fork, [(SUBJECT, {KU: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(r[1], r[2]) for r in found if r[0] == FORK and "now only annotates" in r[3]]


def batched_rows(git_repo: GitRepo, no_rules: Path, body: str, bodies: list[str]) -> list:
    """``rows`` of ``body`` against UNBOUND, its module beside the other ``bodies``' (``s.audited_row``)."""
    base = {KU: KU_BASE, "vllm/core/__init__.py": ""}
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {KU: UNBOUND})]
    extra = {"vllm/aeon/mine.py": "SEED = 7\n"}
    _, found = s.audited_row(git_repo, no_rules, base, bodies, body, upstream, SYMBOL_DRIFT, "vllm/aeon", extra)
    return [(f.line, f.severity.value) for f in found if "now only annotates" in f.message]


UNBOUND_ROWS = [
    # the name imported at the top level: ImportError at the fork's import
    ("from vllm.core.kv_utils import SEED\n\n\ndef aeon():\n    return SEED\n", UNBOUND, [(1, "error")]),
    # an alias, a relative import
    ("from vllm.core.kv_utils import SEED as S0\n\nAEON = [S0]\n", UNBOUND, [(1, "error")]),
    ("from ..core.kv_utils import SEED\n", UNBOUND, [(1, "error")]),
    # read off the module in a top-level statement: AttributeError at import
    (MOD + "AEON_SEED = kv_utils.SEED ^ 1\n", UNBOUND, [(3, "error")]),
    ("import vllm.core.kv_utils\n\nprint(vllm.core.kv_utils.SEED)\n", UNBOUND, [(3, "error")]),
    # imported inside a function: a copy of what the global holds then, a warning
    ("def aeon():\n    from vllm.core.kv_utils import SEED\n    return SEED\n", UNBOUND, [(2, "warning")]),
    # twins: read off the module in a function (bound by then), a default, guards
    (MOD + "def aeon():\n    return kv_utils.SEED\n", UNBOUND, []),
    (MOD + 'AEON = getattr(kv_utils, "SEED", 0)\n', UNBOUND, []),
    (MOD + "try:\n    AEON = kv_utils.SEED\nexcept AttributeError:\n    AEON = 0\n", UNBOUND, []),
    (MOD + 'if hasattr(kv_utils, "SEED"):\n    AEON = kv_utils.SEED\n', UNBOUND, []),
    # the kept name of the module
    ("from vllm.core.kv_utils import BLOCK, first_hash\n", UNBOUND, []),
    # upstream: the builder runs at import, a module __getattr__, the name still bound
    ("from vllm.core.kv_utils import SEED\n", AT_IMPORT, []),
    ("from vllm.core.kv_utils import SEED\n", SHIMMED, []),
    ("from vllm.core.kv_utils import SEED\n", STILL, []),
    # the fork's own namesake
    ("from vllm.aeon.mine import SEED\n\nAEON = SEED\n", UNBOUND, []),
]


@pytest.mark.parametrize(("body", "upstream", "expected"), UNBOUND_ROWS)
def test_unbound_global(git_repo: GitRepo, no_rules: Path, body: str, upstream: str, expected: list) -> None:
    if upstream is UNBOUND and expected:  # an error row: one merge for them all (``batched_rows``)
        assert batched_rows(git_repo, no_rules, body, [b for b, u, e in UNBOUND_ROWS if u is UNBOUND and e]) == expected
    else:  # a quiet row keeps its own merge: another row's module could quiet it
        assert rows(git_repo, no_rules, body, upstream, extra="SEED = 7\n") == expected


def test_fork_binding_the_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = MOD + "kv_utils.SEED = 5\n\nfrom vllm.core.kv_utils import SEED  # noqa: E402\n"
    assert rows(git_repo, no_rules, body) == []
