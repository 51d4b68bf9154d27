"""Return drift, a tuple made one value where upstream's callers now test the value instead of binding it.

Shaped like #24600 (e67a79db03): ``supports_trtllm_attention()`` returned ``(supported, env_value)`` and
now returns one bool; upstream's own caller went from ``use_trtllm, env_value = supports_trtllm_attention()``
to ``if not supports_trtllm_attention():``.  A truth test of a tuple is always true, so upstream testing the
call is the evidence a name bound whole would have been: a fork ``supported, env = supports_trtllm_attention()``
now raises (a bool cannot be unpacked).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/utils/flashinfer.py"
BASE = """import functools
import os


def has_device() -> bool:
    return os.path.exists("/dev/nvidia0")


@functools.cache
def supports_trtllm_attention() -> tuple[bool, str | None]:
    env_value = os.environ.get("USE_TRTLLM")
    if not has_device():
        return False, env_value
    return env_value != "0", env_value


def use_trtllm_attention(num_heads: int) -> bool:
    use_trtllm, env_value = supports_trtllm_attention()
    if not use_trtllm:
        return False
    return num_heads % 8 == 0
"""
ONE = """import functools
import os


def has_device() -> bool:
    return os.path.exists("/dev/nvidia0")


def supports_trtllm_attention() -> bool:
    return has_device() and os.environ.get("USE_TRTLLM") != "0"


def use_trtllm_attention(num_heads: int) -> bool:
{test}
        return False
    return num_heads % 8 == 0
"""
SUBJECT = "[Bugfix] Refactor Flashinfer TRTLLM attention kernel selection logic (#24600)"
FORK = "vllm/aeon/trtllm.py"
INITS = {"vllm/utils/__init__.py": ""}
HEAD = "from vllm.utils.flashinfer import supports_trtllm_attention\n\n\ndef aeon_trtllm():\n"


def _found(git_repo: GitRepo, no_rules: Path, fork: str, test: str) -> list[tuple[int, str]]:
    upstream = ONE.format(test=test)
    sides = s.merge_case(git_repo, {UTILS: BASE, **INITS}, {FORK: fork}, [(SUBJECT, {UTILS: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    return sorted((f.line, f.message) for f in report.findings if f.path == FORK and f.rule_id == RULE)


@pytest.mark.parametrize(
    "test",
    [
        "    if not supports_trtllm_attention():",
        "    if supports_trtllm_attention() and num_heads > 64:",
        "    if num_heads < 8:\n        return False\n    elif not supports_trtllm_attention():",
        "    while not supports_trtllm_attention():",
    ],
    ids=["if not", "if ... and", "elif not", "while not"],
)
def test_a_fork_unpack_of_a_pair_upstream_now_tests_is_an_error(git_repo: GitRepo, no_rules: Path, test: str) -> None:
    fork = HEAD + "    supported, env_value = supports_trtllm_attention()\n    return supported and env_value == '1'\n"
    [(line, message)] = _found(git_repo, no_rules, fork, test)
    assert line == 5
    assert "unpacks 2 values from supports_trtllm_attention()" in message and "#24600" in message
    assert "to return one value (vllm/utils/flashinfer.py, in " in message


@pytest.mark.parametrize(
    ("fork", "test"),
    [
        # the value tested or bound whole, as upstream does now
        (HEAD + "    return bool(supports_trtllm_attention())\n", "    if not supports_trtllm_attention():"),
        (HEAD + "    ok = supports_trtllm_attention()\n    return ok\n", "    if not supports_trtllm_attention():"),
        # upstream tests an element of the call, or another function: no evidence the pair is one value now
        (
            HEAD + "    supported, env_value = supports_trtllm_attention()\n    return supported\n",
            "    if not supports_trtllm_attention()[0]:",
        ),
        (
            HEAD + "    supported, env_value = supports_trtllm_attention()\n    return supported\n",
            "    if not has_device():",
        ),
    ],
    ids=["a truth test", "a name bound whole", "upstream tests an element", "upstream tests another function"],
)
def test_fit_spellings_and_no_evidence_are_silent(git_repo: GitRepo, no_rules: Path, fork: str, test: str) -> None:
    assert _found(git_repo, no_rules, fork, test) == []
