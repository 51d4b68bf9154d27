"""Aligning a side's lines with the merged file costs work that grows with the file, not with its cube.

``sides.line_map`` aligned the middle both sides changed with difflib's matcher, which is near-cubic on lines
that repeat (blank lines, ``return x``): a module of 200 functions both sides changed throughout (1,400
lines) took 1.8 s, and a pull request could make the gate hang.  The work is counted, never timed: every
Python call, and every C call made from Python (``sys.setprofile``), at two sizes.
"""

from __future__ import annotations

import dataclasses
import difflib
import random

from aeon_release.domain.audits.drift import device_gates, native_gates, sides
from tests.audits.conftest import calls_made


def _fork_and_merged(n: int) -> tuple[str, str]:
    """A fork that patched each of ``n`` functions, merged with upstream's rewrite of every one's return."""
    base = "".join(
        f"def prepare_step_{i:05d}(batch):\n    ids = list(batch)\n    ids = ids[:]\n"
        f"    return prepare_step_{i + 1:05d}(ids)\n\n\n"
        for i in range(n)
    )
    fork = base.replace("    ids = list(batch)\n", "    ids = list(batch)\n    ids = pad(ids)  # FORK\n")
    return fork, fork.replace("    return prepare_step_", "    return ids or prep_")


def _calls(n: int) -> int:
    fork, merged = _fork_and_merged(n)
    return calls_made(lambda: sides.line_map(fork, merged))[0]


def test_a_middle_of_repeated_lines_costs_linear_work() -> None:
    sides.line_map(*_fork_and_merged(10))  # first-use imports out of the count
    small, large = _calls(60), _calls(180)  # 420 and 1,260 lines a side: below difflib's autojunk
    assert large < 4.5 * small, f"60 functions: {small} calls; 180: {large} (linear: ~3x)"


def test_past_the_budget_every_line_upstream_left_alone_still_maps() -> None:
    fork, merged = _fork_and_merged(300)
    rewritten = {n for n, line in enumerate(fork.splitlines(), start=1) if line.startswith("    return ")}
    assert sides.line_map(fork, merged) == {n: n for n in range(1, 2101) if n not in rewritten}


def test_within_the_budget_the_alignment_is_difflibs() -> None:
    words = ["", "x = 1", "return x", ")", "def f(a):", "    pass", "# note"]
    rng = random.Random(3)
    for _ in range(30):
        a = [rng.choice(words) for _ in range(rng.randint(5, 80))]
        b = [rng.choice(words) for _ in range(rng.randint(5, 80))]
        head, tail = sides.common_ends(a, b)
        matcher = difflib.SequenceMatcher(None, a[head : len(a) - tail], b[head : len(b) - tail], autojunk=False)
        expected = {n: n for n in range(1, head + 1)} | {len(a) - t: len(b) - t for t in range(tail)}
        for i, j, size in matcher.get_matching_blocks():
            expected.update({head + i + k + 1: head + j + k + 1 for k in range(size)})
        assert sides.line_map("".join(f"{t}\n" for t in a), "".join(f"{t}\n" for t in b)) == expected


def _diff_calls(n: int) -> int:
    """Calls made finding the changed lines of a module of ``n`` lines that repeat (each ~1% of them: none is
    common enough for difflib's autojunk), upstream having rewritten every seventh."""
    before = [f"    x{i % 100} = 1" for i in range(n)]
    after = [line if i % 7 else f"    y{i} = 2" for i, line in enumerate(before)]
    return calls_made(lambda: device_gates._changed_lines(before, after))[0]


def test_the_device_gate_diff_of_a_module_of_repeated_lines_costs_linear_work() -> None:
    # difflib (with autojunk) took 4.2 s on 12,500 such lines and 14 s on 20,000 (the most it was given)
    small, large = _diff_calls(4_000), _diff_calls(12_000)
    assert large < 4.5 * small, f"4,000 lines: {small} calls; 12,000: {large} (linear: ~3x)"


def _guard_calls(n: int) -> int:
    """Calls made pairing the changed guards of a kernel file of ``n`` capability guards that repeat, upstream
    having rewritten every seventh (its bound raised)."""
    old = [native_gates.Guard("if", f"if (sm >= {80 + i % 10})", i, True, None) for i in range(n)]
    new = [g if g.line % 7 else dataclasses.replace(g, text=f"if (sm >= {200 + g.line})", truth=False) for g in old]
    return calls_made(lambda: list(native_gates._changed(old, new)))[0]


def test_a_kernel_file_of_guards_that_repeat_costs_linear_work() -> None:
    # difflib alone: 0.7 s for 2,000 such guards, ~11 s for 5,000 (the most a file is read for)
    small, large = _guard_calls(600), _guard_calls(1_800)
    assert large < 4.5 * small, f"600 guards: {small} calls; 1,800: {large} (linear: ~3x)"


def test_within_the_budget_the_opcodes_are_difflibs() -> None:
    words = ["", "x = 1", "return x", ")", "def f(a):"]
    rng = random.Random(4)
    for _ in range(60):
        a = [rng.choice(words) for _ in range(rng.randint(0, 120))]
        b = [rng.choice(words) for _ in range(rng.randint(0, 120))]
        for autojunk in (False, True):
            expected = difflib.SequenceMatcher(a=a, b=b, autojunk=autojunk).get_opcodes()
            assert sides.opcodes(a, b, autojunk) == expected
