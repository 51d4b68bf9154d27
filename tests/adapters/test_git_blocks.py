"""``git.matching_blocks``: the runs of lines two sequences share, as git's histogram diff aligns them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from aeon_release.adapters import git


def _check(a: list[str], b: list[str], blocks: list[tuple[int, int, int]]) -> int:
    """Each block is a run of equal lines, in order in both sequences; the lines it maps."""
    at_a = at_b = 0
    for i, j, size in blocks:
        assert size > 0 and i >= at_a and j >= at_b, blocks
        assert a[i : i + size] == b[j : j + size], (a, b, blocks)
        at_a, at_b = i + size, j + size
    return sum(size for _, _, size in blocks)


def test_blocks_are_equal_runs_in_order_on_lines_that_repeat() -> None:
    words = ["", "x", "return x", ")", "y = 1", "def f():", "    pass"]
    rng = random.Random(7)
    for _ in range(40):
        a = [rng.choice(words) for _ in range(rng.randint(0, 30))]
        b = [rng.choice(words) for _ in range(rng.randint(0, 30))]
        _check(a, b, git.matching_blocks(a, b))


def test_every_line_upstream_left_alone_is_aligned() -> None:
    a = [f"line {i % 3}" if i % 5 else "" for i in range(60)]
    b = list(a)
    b[10], b[40] = "changed", "changed too"
    b.insert(30, "added")
    assert _check(a, b, git.matching_blocks(a, b)) == 58
    assert git.matching_blocks([], ["a"]) == [] and git.matching_blocks(["a"], []) == []
    assert git.matching_blocks(["a", "b"], ["a", "b"]) == [(0, 0, 2)]


def test_a_nul_byte_or_a_lone_surrogate_is_a_line_like_any_other() -> None:
    # git calls a file with a NUL byte binary ("Binary files differ", no hunk): every line would map
    a, b = ["a\x00b", "same", "\udcff"], ["a\x00c", "same", "\udcff"]
    assert git.matching_blocks(a, b) == [(1, 1, 2)]


def test_the_users_diff_config_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "gitconfig"
    config.write_text(
        "[diff]\n\tinterHunkContext = 10\n\talgorithm = minimal\n\tnoprefix = true\n\texternal = false\n"
        "[color]\n\tui = always\n\tdiff = always\n"
    )
    a = [f"{i}" for i in range(30)]
    b = [*a[:5], "x", *a[6:20], "y", *a[21:]]
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    assert git.matching_blocks(a, b) == [(0, 0, 5), (6, 6, 14), (21, 21, 9)]


def test_an_item_holding_a_newline_is_one_line() -> None:
    # a gate's text may span lines: written as two, every run after it was misnumbered
    a = ["if (x and\n    y)", "a\\nb", "same", "tail"]
    b = ["a\\nb", "if (x and\n    y)", "same", "tail"]
    blocks = git.matching_blocks(a, b)
    assert _check(a, b, blocks) == 3
    assert git.matching_blocks(["a\nb"], ["a\\nb"]) == []
