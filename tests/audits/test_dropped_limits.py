"""A fork comparison holding a limit upstream dropped from a function's tests (drift/dropped_limits.py).

#28755 (173b356abf) removed ``max_seq_len <= 131072`` from ``use_trtllm_attention``'s auto-detection; a fork helper
predicting the kernel upstream picks, ``return "NHD" if max_model_len > 131072 else "HND"`` under a comment naming
``use_trtllm_attention``, merges cleanly and predicts a fallback upstream no longer takes (blind_replay_fiutils).
A warning on the fork's comparison when it copies a removed test word for word or its comment names the function.
Quiet: the number with no comment and other names, a comment naming another function, a function that still holds
the number, another number.
"""

from __future__ import annotations

import re

import pytest

from aeon_release.domain.audits.drift.dropped_limits import _removed_test
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOD = "pkg/fiutils.py"
BASE = """def use_kernel(num_tokens: int, max_seq_len: int, kv_cache_dtype: str) -> bool:
    if num_tokens > 8:
        use = max_seq_len <= 131072 and kv_cache_dtype == "auto"
    else:
        use = num_tokens <= 256 and max_seq_len <= 131072 and kv_cache_dtype == "auto"
    return use


def capped(max_seq_len: int) -> int:
    if max_seq_len > 65536:
        return 65536
    return max_seq_len
"""
AFTER = (
    BASE.replace('use = max_seq_len <= 131072 and kv_cache_dtype == "auto"', 'use = kv_cache_dtype == "auto"')
    .replace("num_tokens <= 256 and max_seq_len <= 131072 and", "num_tokens <= 256 and")
    .replace("if max_seq_len > 65536:", "if max_seq_len > ceiling():")
)
SUBJECT = "[PERF] Remove the kernel's max_seq_len <= 131072 limitation (#28755)"
FOUND = {
    "commented_above": "def layout(max_model_len: int) -> str:\n"
    "    # above 128k use_kernel falls back, which wants NHD\n"
    '    return "NHD" if max_model_len > 131072 else "HND"\n',
    "commented_inline": "def fallback(n: int) -> bool:\n    if n > 131072:  # pkg.fiutils.use_kernel's cap\n"
    "        return True\n    return False\n",
    "verbatim": "def fits(max_seq_len: int) -> bool:\n    return max_seq_len <= 131072\n",
}
QUIET = {
    "uncommented": "def layout(max_model_len: int) -> str:\n    return 'NHD' if max_model_len > 131072 else 'HND'\n",
    "other_def": "def layout(n: int) -> str:\n    # as capped() does\n    return 'NHD' if n > 131072 else 'HND'\n",
    "still_held": "def clip(n: int) -> int:\n    # capped's ceiling\n    return 65536 if n > 65536 else n\n",
    "other_number": "def layout(n: int) -> str:\n    # use_kernel's old cap\n    return 'NHD' if n > 262144 else 'HND'\n",
    "short_name": "def fits(n: int) -> bool:\n    return n <= 131072\n",
}
FORKS = {f"pkg/aeon/{name}.py": body for name, body in {**FOUND, **QUIET}.items()}


@pytest.fixture
def rows(git_repo: GitRepo) -> dict[str, list[Finding]]:
    forks = {**FORKS, "pkg/aeon/__init__.py": ""}
    return s.side_by_side(git_repo, {MOD: BASE, "pkg/__init__.py": ""}, forks, [(SUBJECT, {MOD: AFTER})], SYMBOL_DRIFT)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_copy_of_a_dropped_limit_is_warned(rows: dict[str, list[Finding]], name: str) -> None:
    path = f"pkg/aeon/{name}.py"
    line = next(i for i, t in enumerate(FORKS[path].splitlines(), 1) if "131072" in t)
    assert [(f.line, f.severity.value) for f in rows[path]] == [(line, "warning")], rows[path]
    assert "131072 that upstream dropped from `use_kernel`" in rows[path][0].message
    assert "#28755" in rows[path][0].message


@pytest.mark.parametrize("name", sorted(QUIET))
def test_what_does_not_copy_the_dropped_limit_stays_quiet(rows: dict[str, list[Finding]], name: str) -> None:
    assert rows[f"pkg/aeon/{name}.py"] == []


@pytest.mark.parametrize(
    ("removed", "held"),
    [
        (["    use = max_seq_len <= 131072 and ok"], True),
        (["    if 131072 > n:"], True),
        (["    size = 131072", "    if n > limit:"], False),  # the number and a comparison on two lines
        (["    if n > 1310720:", "    cap = x.131072"], False),  # inside another number, after a dot
        (["    if n > limit:"], False),
    ],
)
def test_removed_test_gate_reads_the_number_and_the_comparison_on_one_removed_line(
    removed: list[str], held: bool
) -> None:
    """perf46's gate: the removed lines alone, a substring search before the number's lines are read."""
    numbers = re.compile(r"(?<![\w.])(?:131072)(?![\w.])")
    assert _removed_test(removed, numbers, {"131072"}) is held
