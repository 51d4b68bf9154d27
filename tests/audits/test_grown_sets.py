"""Grown set drift: a fork's membership test of a module-level string set upstream added members to
(#49586: ``SKIP_TENSORS`` gained ``"bias"``, still loaded by a weight loader)."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import CONSTANT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

META = "vllm/loader/meta.py"
FORK = "vllm/aeon/nvfp4.py"
SUBJECT = "[Bugfix] Skip linear bias in layerwise reload (#49586)"
BASE = """\
SKIP_MODULES: set[str] = {"HadamardTransform"}

SKIP_TENSORS: set[str] = {
    "_expert_map",
    "expert_mask",
}

LOADED_KINDS = frozenset(("weight", "scale"))
"""
GROWN = BASE.replace('    "expert_mask",\n', '    "expert_mask",\n    "bias",\n')


def _found(repo: GitRepo, fork: str, upstream: str = GROWN) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, {META: BASE}, {FORK: fork}, [(SUBJECT, {META: upstream})])
    return sorted(
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == CONSTANT_DRIFT and f.path == FORK
    )


def _line(repo: GitRepo, text: str) -> int:
    return next(i for i, line in enumerate((Path(repo.path) / FORK).read_text().splitlines(), 1) if text in line)


def test_a_filter_by_the_set_and_a_skip_through_the_module_are_warnings(git_repo: GitRepo) -> None:
    fork = (
        "from vllm.loader import meta\nfrom vllm.loader.meta import SKIP_TENSORS\n\n\n"
        "def expected(tensors: dict) -> int:\n"
        "    return sum(t.numel() for n, t in tensors.items() if n not in SKIP_TENSORS)\n\n\n"
        "def wrap(names: list[str], seen: set[str]) -> None:\n"
        "    for name in names:\n"
        "        if name in meta.SKIP_TENSORS:\n"
        "            continue\n"
        "        seen.add(name)\n"
    )
    found = _found(git_repo, fork)
    assert [(line, sev) for line, sev, _ in found] == [
        (_line(git_repo, "n not in SKIP_TENSORS"), "warning"),
        (_line(git_repo, "name in meta.SKIP_TENSORS"), "warning"),
    ]
    assert '"bias"' in found[0][2] and "vllm/loader/meta.py" in found[0][2]


def test_a_literal_of_a_new_member_is_a_warning(git_repo: GitRepo) -> None:
    """revDR (``review110_twins.py``): a literal's test was a constant at the base, so the fork wrote it to probe
    upstream's set; a probe loading the bias itself once upstream skips it is right after the merge."""
    fork = (
        "from vllm.loader.meta import SKIP_TENSORS\n\n\n"
        "def bias_reloaded() -> bool:\n"
        '    return "bias" not in SKIP_TENSORS\n\n\n'
        "def reload_bias(layer, bias) -> None:\n"
        '    if "bias" in SKIP_TENSORS:\n'
        "        layer.bias.data.copy_(bias)\n"
    )
    found = _found(git_repo, fork)
    assert [(line, sev) for line, sev, _ in found] == [(5, "warning"), (9, "warning")]
    assert "'bias'" in found[0][2] and "probe" in found[0][2]


def test_twin_a_back_port_guard_adding_the_new_member_is_quiet(git_repo: GitRepo) -> None:
    """revDR: #41396's ``"medusa"`` and #43859's ``"step3p7"`` back-ported by ``if m not in S: S.add(m)``."""
    fork = (
        "from vllm.loader import meta\n\n\n"
        "def backport() -> None:\n"
        '    if "bias" not in meta.SKIP_TENSORS:\n'
        '        meta.SKIP_TENSORS.add("bias")  # until upstream skips it\n'
    )
    assert _found(git_repo, fork) == []


def test_a_guard_adding_another_member_still_warns(git_repo: GitRepo) -> None:
    fork = (
        "from vllm.loader import meta\n\n\n"
        "def backport() -> None:\n"
        '    if "bias" not in meta.SKIP_TENSORS:\n'
        '        meta.SKIP_TENSORS.add("expert_mask")\n'
    )
    assert [(line, sev) for line, sev, _ in _found(git_repo, fork)] == [(5, "warning")]


def test_twins_a_kept_member_another_set_and_the_forks_own_set(git_repo: GitRepo) -> None:
    fork = (
        "from vllm.loader.meta import LOADED_KINDS, SKIP_MODULES, SKIP_TENSORS\n\n"
        'AEON_SKIP = {"_expert_map"}\n\n\n'
        "def quiet(name: str, kind: str) -> bool:\n"
        '    kept = "_expert_map" in SKIP_TENSORS\n'
        "    return kept and name in SKIP_MODULES and kind in LOADED_KINDS and name in AEON_SKIP\n"
    )
    assert _found(git_repo, fork) == []


def test_twin_a_fork_file_naming_the_new_member_itself(git_repo: GitRepo) -> None:
    knows = (
        "from vllm.loader.meta import SKIP_TENSORS\n\n\n"
        "def loadable(name: str) -> bool:\n"
        '    return name == "bias" or name not in SKIP_TENSORS\n'
    )
    assert _found(git_repo, knows) == []


SKIPS = "from vllm.loader.meta import SKIP_TENSORS\n\n\ndef skip(name: str) -> bool:\n    return name in SKIP_TENSORS\n"


def test_a_set_upstream_only_shrank_is_quiet(git_repo: GitRepo) -> None:
    assert _found(git_repo, SKIPS, BASE.replace('    "expert_mask",\n', "")) == []


def test_a_set_upstream_only_reordered_is_quiet(git_repo: GitRepo) -> None:
    reordered = BASE.replace('    "_expert_map",\n    "expert_mask",\n', '    "expert_mask",\n    "_expert_map",\n')
    assert _found(git_repo, SKIPS, reordered + "\n# a note\n") == []


def test_twin_a_fork_that_backported_the_member_itself(git_repo: GitRepo) -> None:
    # readG: the fork cherry-picked #49586 (its own SKIP_TENSORS holds "bias" already): its tests were written
    # against the grown set, so upstream's same addition changes none of their answers
    fork = "from vllm.loader.meta import SKIP_TENSORS\n\n\ndef kept(name: str) -> bool:\n"
    fork += '    return name in SKIP_TENSORS or "bias" in SKIP_TENSORS\n'
    sides = s.merge_case(git_repo, {META: BASE}, {FORK: fork, META: GROWN}, [(SUBJECT, {META: GROWN})])
    found = [f for f in s.merged_findings(git_repo, sides, s.Settings()) if f.rule_id == CONSTANT_DRIFT]
    assert [(f.path, f.line, f.severity.value) for f in found] == []
