"""Dropped entries (drift/dropped_entries.py): a fork finds an entry by value in one of upstream's module-level
lists, and upstream took it out.

Shaped like #23071 (7be5d113d8), which replaced ``CutlassScaledMMLinearKernel`` in the CPU list of the
scaled-mm kernels' ``_POSSIBLE_KERNELS`` (a dict of per-platform lists) with ``CPUScaledMMLinearKernel``: a
fork's ``cpu.insert(cpu.index(CutlassScaledMMLinearKernel), AeonKernel)`` raises ValueError on import.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import NAME_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

KERNELS = "pkg/scaled_mm/__init__.py"
BASE = (
    "from pkg.platforms import PlatformEnum\n"
    "from pkg.scaled_mm.impls import Aiter, Cutlass, Triton, Xla\n\n"
    "_POSSIBLE_KERNELS: dict = {\n"
    "    PlatformEnum.CPU: [Cutlass],\n"
    "    PlatformEnum.CUDA: [Cutlass],\n"
    "    PlatformEnum.ROCM: [Aiter, Triton],\n"
    "}\n"
    "FALLBACKS = [Triton, Xla]\n"
)
UPSTREAM = (
    BASE.replace(
        "from pkg.scaled_mm.impls import Aiter, Cutlass, Triton, Xla",
        "from pkg.scaled_mm.impls import Aiter, Cpu, Cutlass, Triton",
    )
    .replace("    PlatformEnum.CPU: [Cutlass],\n", "    PlatformEnum.CPU: [Cpu],\n")
    .replace("FALLBACKS = [Triton, Xla]", "FALLBACKS = [Triton]")
)
IMPLS = "pkg/scaled_mm/impls.py"
IMPLS_TEXT = "".join(f"class {n}:\n    pass\n\n\n" for n in "Aiter Cpu Cutlass Triton Xla".split())
PLATFORMS = "pkg/platforms.py"
PLATFORMS_TEXT = "import enum\n\n\nclass PlatformEnum(enum.Enum):\n    CPU = 1\n    CUDA = 2\n    ROCM = 3\n"
SUBJECT = "[CPU] Refactor CPU W8A8 scaled_mm (#23071)"
FORK = "pkg/aeon_kernels.py"
HEAD = (
    "from pkg import scaled_mm\n"
    "from pkg.platforms import PlatformEnum\n"
    "from pkg.scaled_mm import FALLBACKS, _POSSIBLE_KERNELS\n"
    "from pkg.scaled_mm.impls import Cutlass, Xla\n\n\n"
    "class AeonKernel(Cutlass):\n    pass\n\n\n"
)


def run(git_repo: GitRepo, no_rules: Path, text: str) -> list[tuple[int, str, str]]:
    base = {KERNELS: BASE, IMPLS: IMPLS_TEXT, PLATFORMS: PLATFORMS_TEXT}
    sides = s.merge_case(git_repo, base, {FORK: HEAD + text}, [(SUBJECT, {KERNELS: UPSTREAM})])
    return [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, RULE) if p == FORK]


def test_an_index_of_an_entry_upstream_took_out_of_a_dict_s_list(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "# AEON: the Grace host's kernel goes ahead of Cutlass\n"
        "_cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
        "_cpu.insert(_cpu.index(Cutlass), AeonKernel)\n"
    )
    [(line, severity, message)] = run(git_repo, no_rules, text)
    assert (line, severity) == (13, "error")
    assert "finds Cutlass in pkg.scaled_mm._POSSIBLE_KERNELS[PlatformEnum.CPU] with .index()" in message
    assert "#23071" in message


@pytest.mark.parametrize(
    "text",
    [
        # the dict's list read directly off the module, a remove
        "scaled_mm._POSSIBLE_KERNELS[PlatformEnum.CPU].remove(Cutlass)\n",
        # a top-level list, the entry spelt off its module, inside a function
        "def aeon_drop() -> None:\n    import pkg.scaled_mm.impls as impls\n    FALLBACKS.remove(impls.Xla)\n",
        # a local alias bound once in a function
        "def aeon_at() -> int:\n    cpu = scaled_mm._POSSIBLE_KERNELS[PlatformEnum.CPU]\n    return cpu.index(Cutlass)\n",
    ],
)
def test_other_spellings_of_the_find_are_errors(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    found = run(git_repo, no_rules, text)
    assert [severity for _, severity, _ in found] == ["error"]


@pytest.mark.parametrize(
    "text",
    [
        # the CUDA list kept Cutlass
        "_cuda = _POSSIBLE_KERNELS[PlatformEnum.CUDA]\n_cuda.insert(_cuda.index(Cutlass), AeonKernel)\n",
        # an entry the list keeps
        "FALLBACKS.remove(FALLBACKS[0]) if False else None\n_POSSIBLE_KERNELS[PlatformEnum.ROCM].index(AeonKernel) if False else None\n",
        # tested first
        "_cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\nif Cutlass in _cpu:\n    _cpu.insert(_cpu.index(Cutlass), AeonKernel)\n",
        # in a try catching ValueError
        "try:\n    FALLBACKS.remove(Xla)\nexcept ValueError:\n    pass\n",
        # the fork puts it back itself
        "FALLBACKS.append(Xla)\nFALLBACKS.remove(Xla)\n",
        # the fork's own list of the name
        "def aeon_own() -> int:\n    FALLBACKS2 = [Xla]\n    return FALLBACKS2.index(Xla)\n",
        # tested by a count first
        "if FALLBACKS.count(Xla):\n    FALLBACKS.remove(Xla)\n",
        # a string entry: dropped_table_keys' (a list of accepted strings)
        "AEON_NAMES = ['Xla']\nFALLBACKS.remove('Xla') if AEON_NAMES else None\n",
        # a string's index, not a list's
        "AEON_AT = 'Cutlass'.index('C')\n",
        # review84: under contextlib.suppress(ValueError)
        "import contextlib\n\nwith contextlib.suppress(ValueError):\n    FALLBACKS.remove(Xla)\n",
        # review84: the fork sets the list itself, then finds its own entry
        "_POSSIBLE_KERNELS[PlatformEnum.CPU] = [AeonKernel, Cutlass]\n"
        "AEON_AT = _POSSIBLE_KERNELS[PlatformEnum.CPU].index(Cutlass)\n",
        # review84: a parameter of the alias's name is the caller's list
        "kernels = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n\n\n"
        "def aeon_rank(kernels: list) -> int:\n    return kernels.index(Cutlass)\n",
        # mend62: an early exit where the entry is gone (the test names it) guards the rest of the block
        "def aeon_slot() -> None:\n    cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
        "    if Cutlass not in cpu:\n        return\n    cpu.insert(cpu.index(Cutlass), AeonKernel)\n",
        "for _cpu in [_POSSIBLE_KERNELS[PlatformEnum.CPU]]:\n    if not _cpu.count(Cutlass):\n        continue\n"
        "    _POSSIBLE_KERNELS[PlatformEnum.CPU].remove(Cutlass)\n",
    ],
)
def test_an_entry_kept_tested_caught_put_back_or_not_upstream_s_is_quiet(
    git_repo: GitRepo, no_rules: Path, text: str
) -> None:
    assert run(git_repo, no_rules, text) == []


def test_an_entry_the_fork_s_edit_of_upstream_s_module_puts_back_is_kept(git_repo: GitRepo, no_rules: Path) -> None:
    """review84's r84cp4: the fork's own edit of the kernels' module appends Cutlass back to the CPU list (a
    top-level ``NAME[KEY].append(E)``): the merged list holds it, and the fork's find of it is quiet."""
    trail = "\n\ndef choose() -> None:\n    return None\n"
    base = {KERNELS: BASE + trail, IMPLS: IMPLS_TEXT, PLATFORMS: PLATFORMS_TEXT}
    fork = {
        FORK: HEAD + "_cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n_cpu.insert(_cpu.index(Cutlass), AeonKernel)\n",
        KERNELS: BASE + trail + "\n\n_POSSIBLE_KERNELS[PlatformEnum.CPU].append(Cutlass)  # AEON\n",
    }
    sides = s.merge_case(git_repo, base, fork, [(SUBJECT, {KERNELS: UPSTREAM + trail})])
    assert [row for row in s.rule_rows(git_repo, no_rules, sides, RULE) if row[0] == FORK] == []


def test_a_long_chain_of_aliases_is_followed_without_recursion() -> None:
    """mend62: ``_origin`` followed an alias by calling itself, and a file binding a thousand aliases in a row
    (hostile but parseable) raised RecursionError; the chain is walked in a loop and still reaches the list."""
    import ast

    from aeon_release.domain.audits.drift.dropped_entries import _finds

    text = "from pkg import scaled_mm\n\na0 = scaled_mm.FALLBACKS\n"
    text += "".join(f"a{i} = a{i - 1}\n" for i in range(1, 1500)) + "a1499.remove(Xla)\n"
    [find] = _finds("pkg/aeon.py", ast.parse(text), set(range(1, 1600)))
    assert (find.origin, find.entry) == (("pkg.scaled_mm", "FALLBACKS", ""), "Xla")


@pytest.mark.parametrize(
    ("added", "errors"),
    [
        # the module's own dict's list, found in a function the fork added to the module
        ("def aeon_slot() -> int:\n    return _POSSIBLE_KERNELS[PlatformEnum.CPU].index(Cutlass)\n", 1),
        # its own top-level list (the entry spelt off its module: upstream dropped the file's import of Xla)
        ("def aeon_drop() -> None:\n    import pkg.scaled_mm.impls as impls\n    FALLBACKS.remove(impls.Xla)\n", 1),
        # twin: a parameter of the list's name is the caller's list
        ("def aeon_rank(FALLBACKS: list) -> int:\n    return FALLBACKS.index(Cutlass)\n", 0),
        (
            "def aeon_rank(_POSSIBLE_KERNELS: dict) -> int:\n    return _POSSIBLE_KERNELS[PlatformEnum.CPU].index(Cutlass)\n",
            0,
        ),
    ],
    ids=["own dict's list", "own list", "twin: a parameter of its name", "twin: a parameter of the dict's name"],
)
def test_a_fork_edit_of_upstream_s_module_finding_in_its_own_list(
    git_repo: GitRepo, no_rules: Path, added: str, errors: int
) -> None:
    """mend67: a top-level name of a fork edit of the module (the docstring's third spelling) was never resolved
    (``here`` computed, unused)."""
    trail = "\n\ndef choose() -> None:\n    return None\n"
    base = {KERNELS: BASE + trail, IMPLS: IMPLS_TEXT, PLATFORMS: PLATFORMS_TEXT}
    fork = {KERNELS: BASE + trail + "\n\n" + added}
    sides = s.merge_case(git_repo, base, fork, [(SUBJECT, {KERNELS: UPSTREAM + trail})])
    rows = [row for row in s.rule_rows(git_repo, no_rules, sides, RULE) if row[0] == KERNELS]
    assert [row[2] for row in rows] == ["error"] * errors
