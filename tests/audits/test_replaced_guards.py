"""Replaced guards: a fork function patched over upstream's module function, whose body upstream gave a new early exit.

vLLM #28561 moved the batch-invariant veto into ``supports_trtllm_attention`` (``if vllm_is_batch_invariant():
return False``); a fork's ``fi.supports_trtllm_attention = _aeon_supports`` written from the old body merges
cleanly and never tests it.  A warning on the patch's line when upstream added an ``if T: return/raise`` whose test
reads more than the function's parameters, the fork's function names none of ``T``'s words and the fork's file does
not read upstream's function; quiet for a delegating replacement, a replacement testing the same thing, a guard
over parameters only, a function upstream left alone, a test's stub, a fork file's own module.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/kern/__init__.py": ""}
UTIL = "vllm/kern/util.py"
BASE = """import os

from vllm.kern.probe import batch_invariant, registry_ready


def supports_fast() -> bool:
    return os.environ.get("CAP") == "100"


def load(path: str) -> str:
    return path


def pick(n: int) -> int:
    return n


def describe(n: int) -> str:
    return str(n)
"""
THEIRS = (
    BASE.replace(
        'def supports_fast() -> bool:\n    return os.environ.get("CAP") == "100"',
        "def supports_fast() -> bool:\n    if batch_invariant():\n        return False\n"
        '    return os.environ.get("CAP") == "100"',
    )
    .replace(
        "def load(path: str) -> str:\n    return path",
        'def load(path: str) -> str:\n    if not registry_ready():\n        raise RuntimeError("no registry")\n'
        "    return path",
    )
    .replace(
        "def pick(n: int) -> int:\n    return n",
        "def pick(n: int) -> int:\n    if n < 0:\n        return 0\n    return n",
    )
)
PROBE = "def batch_invariant() -> bool:\n    return False\n\n\ndef registry_ready() -> bool:\n    return True\n"
MOD = "import os\n\nfrom vllm.kern import util\n\n\n"

WARNED = {
    "a def bound by assignment": (
        MOD + 'def _mine() -> bool:\n    return os.environ.get("CAP") == "121"\n\n\nutil.supports_fast = _mine\n',
        "util.supports_fast = _mine",
    ),
    "a lambda bound by setattr": (
        MOD + 'setattr(util, "supports_fast", lambda: os.environ.get("CAP") == "121")\n',
        'setattr(util, "supports_fast"',
    ),
    "a new raise the replacement lacks": (
        MOD + "def _load(path: str) -> str:\n    return path.strip()\n\n\nutil.load = _load\n",
        "util.load = _load",
    ),
}
TWINS = {
    "a replacement delegating to upstream's": MOD + "_up = util.supports_fast\n\n\n"
    'def _mine() -> bool:\n    return _up() or os.environ.get("CAP") == "121"\n\n\nutil.supports_fast = _mine\n',
    "a replacement testing the same veto": "from vllm.kern import util\nfrom vllm.kern.probe import batch_invariant\n\n\n"
    "def _mine() -> bool:\n    return not batch_invariant()\n\n\nutil.supports_fast = _mine\n",
    "a guard over the parameters only": MOD + "def _pick(n: int) -> int:\n    return n + 1\n\n\nutil.pick = _pick\n",
    "a function upstream left alone": MOD
    + "def _describe(n: int) -> str:\n    return 'n'\n\n\nutil.describe = _describe\n",
}
TEST_STUB = "from vllm.kern import util\n\n\ndef test_fast(monkeypatch):\n" + (
    '    monkeypatch.setattr(util, "supports_fast", lambda: True)\n    assert util.supports_fast()\n'
)

_AUDITED: dict[str, list[tuple[int, str]]] = {}


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[int, str]]:
    if not _AUDITED:
        texts = [text for text, _ in WARNED.values()] + list(TWINS.values())
        paths = {text: f"vllm/aeon_guard_{number}.py" for number, text in enumerate(texts)}
        paths[TEST_STUB] = "tests/aeon/test_guard_stub.py"
        sides = three_way(
            git_repo,
            {UTIL: BASE, "vllm/kern/probe.py": PROBE, **PACKAGES},
            {path: text for text, path in paths.items()},
            {UTIL: THEIRS},
        )
        every = found(audit(git_repo, sides, tmp_path), DRIFT)
        _AUDITED.update({text: [(line, sev) for at, line, sev in every if at == path] for text, path in paths.items()})
    return _AUDITED[fork]


@pytest.mark.parametrize(("fork", "needle"), list(WARNED.values()), ids=list(WARNED))
def test_a_replacement_lacking_upstreams_new_check_is_warned(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _rows(git_repo, tmp_path, fork) == [(line_of(fork, needle), "warning")]


@pytest.mark.parametrize("fork", list(TWINS.values()), ids=list(TWINS))
def test_a_replacement_that_runs_or_holds_the_check_is_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


def test_a_tests_stub_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _rows(git_repo, tmp_path, TEST_STUB) == []
