"""Reordered inputs (drift/reordered_inputs.py): #33491 made ``safetensors_weights_iterator`` read its files as
``sorted(hf_weights_files, ...)`` and #34190 made ``fastsafetensors_weights_iterator`` rebind them sorted; a fork
that built its list in an order of its own (its draft's file first) now gets them in name order: a warning on
the handing call.  A list already sorted, a name handed on unbuilt, a comprehension, a def that sorted at the
base too, a slot the def does not sort and the fork's own namesake def stay quiet."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LOADER = "vllm/model_executor/model_loader/loader_helpers.py"
BASE = """def read_all(files: list[str], strict: bool = False):
    for f in files:
        yield f


def read_grouped(files: list[str], extra: list[str]):
    groups = list(files)
    return groups + extra


def read_kept(files: list[str]):
    return sorted(files)
"""
UPSTREAM = (
    BASE.replace("    for f in files:\n", "    for f in sorted(files, key=len):\n")
    .replace("    groups = list(files)\n", "    files.sort()\n    groups = list(files)\n")
    .replace("    return sorted(files)\n", "    return sorted(files, reverse=True)\n")
)
SUBJECT = "[Minor] Sort files to ensure deterministic loading order (#33491)"
FORK = "vllm/aeon/order.py"
HEAD = (
    "from vllm.model_executor.model_loader import loader_helpers\n"
    "from vllm.model_executor.model_loader.loader_helpers import read_all, read_grouped, read_kept\n\n\n"
)


def _rows(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {LOADER: BASE}, {FORK: HEAD + fork}, [(SUBJECT, {LOADER: UPSTREAM})])
    return [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]


def test_a_list_built_in_an_order_handed_to_a_def_that_now_sorts_it(git_repo: GitRepo, no_rules: Path) -> None:
    """A concatenation by keyword off the module, a local bound once to ``shards + [extra]``, and a starred
    display to a def that now calls ``files.sort()``: a warning on each call, naming the sorted parameter."""
    fork = (
        "def aeon_keyword(draft: str, shards: list[str]):\n"  # line 5
        "    return loader_helpers.read_all(files=[draft] + shards)\n\n\n"  # line 6
        "def aeon_local(extra: str, shards: list[str]):\n"
        "    files = shards + [extra]\n"
        "    return read_all(files, True)\n\n\n"  # line 11
        "def aeon_grouped(draft: str, shards: list[str]):\n"
        "    return read_grouped([draft, *shards], [])\n"  # line 15
    )
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == [(6, "warning"), (11, "warning"), (15, "warning")]
    assert "read_all, which upstream now sorts (files at" in found[0][2] and "#33491" in found[0][2]


def test_a_list_whose_order_upstream_leaves_or_that_has_none_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twins: a list already sorted, a parameter handed on, a comprehension, a one-item display, a local bound
    twice, the slot the def does not sort, a def that sorted at the base too, the fork's own namesake."""
    fork = (
        "def aeon_twins(draft: str, shards: list[str]):\n"
        "    out = list(read_all(sorted([draft, *shards])))\n"
        "    out += list(read_all(shards))\n"
        "    out += list(read_all([s for s in [draft, *shards]]))\n"
        "    out += list(read_all([draft]))\n"
        "    files = [draft, *shards]\n"
        "    files = shards\n"
        "    out += list(read_all(files))\n"
        "    out += read_grouped(shards, [draft, *shards])\n"
        "    out += read_kept([draft, *shards])\n"
        "    return out\n\n\n"
        "def aeon_own(draft: str, shards: list[str]):\n"
        "    def read_all(files):\n"
        "        return files\n\n"
        "    return read_all([draft, *shards])\n"
    )
    assert _rows(git_repo, no_rules, fork) == []
