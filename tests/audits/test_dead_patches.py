"""A fork's runtime patch of a module's function that upstream no longer calls (merge/symbol-drift).

A fork carries a change without editing upstream's file by patching at import time (a plugin):
``sampler.apply_top_k_top_p = aeon_top_k_top_p``.  The module calls its function by its bare name,
and the patch swaps what that name finds.  Shaped like upstream refactors that route a call to a new
function and leave the old one defined: the merge is clean, the patch still runs, and neither the
function nor the fork's replacement ever runs again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SAMPLER = "vllm/v1/sample/ops/topk_topp_sampler.py"
SAMPLER_BASE = """def apply_top_k_top_p(logits, k, p):
    return logits


def apply_top_k_top_p_triton(logits, k, p):
    return logits


def forward_native(logits, k, p):
    return apply_top_k_top_p(logits, k, p)
"""
SAMPLER_UPSTREAM = SAMPLER_BASE.replace(
    "    return apply_top_k_top_p(logits, k, p)\n", "    return apply_top_k_top_p_triton(logits, k, p)\n"
)
PLUGIN = "vllm/aeon_plugin.py"
PLUGIN_TEXT = """from vllm.v1.sample.ops import topk_topp_sampler


def aeon_top_k_top_p(logits, k, p):
    return logits.clamp(min=-1e4)


def register():
    topk_topp_sampler.apply_top_k_top_p = aeon_top_k_top_p
"""
SUBJECT = "[Sampler] Use the Triton top-k/top-p kernel by default (#40003)"


def patch_findings(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, extra: dict[str, str]) -> list:
    sides = s.merge_case(
        git_repo,
        {SAMPLER: SAMPLER_BASE, "vllm/v1/sample/__init__.py": "", "vllm/v1/sample/ops/__init__.py": "", **extra},
        {PLUGIN: fork},
        [(SUBJECT, {SAMPLER: upstream})],
    )
    return s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)


def test_a_patch_of_a_function_upstream_no_longer_calls_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's function silently never runs: an error, as a dead patch of a class's method is (knobs)."""
    [(path, line, severity, message)] = patch_findings(git_repo, no_rules, PLUGIN_TEXT, SAMPLER_UPSTREAM, {})
    assert (path, line, severity) == (PLUGIN, 9, "error")
    assert "fork-owned patch topk_topp_sampler.apply_top_k_top_p = ... replaces apply_top_k_top_p()" in message
    assert f"no longer calls anywhere: its last call went from {SAMPLER}, in " in message and "#40003" in message


CALLER = "vllm/v1/sample/sampler.py"


@pytest.mark.parametrize(
    ("fork", "upstream", "extra"),
    [
        # another upstream module still calls it
        (
            PLUGIN_TEXT,
            SAMPLER_UPSTREAM,
            {
                CALLER: "from vllm.v1.sample.ops.topk_topp_sampler import apply_top_k_top_p\n\n\ndef sample(l):\n    return apply_top_k_top_p(l, 1, 1.0)\n"
            },
        ),
        # upstream moved the call: a line it added calls it
        (
            PLUGIN_TEXT,
            SAMPLER_UPSTREAM + "\n\ndef forward_cpu(logits, k, p):\n    return apply_top_k_top_p(logits, k, p)\n",
            {},
        ),
        # the fork calls the function itself
        (
            PLUGIN_TEXT + "\n\ndef check(l):\n    return topk_topp_sampler.apply_top_k_top_p(l, 1, 1.0)\n",
            SAMPLER_UPSTREAM,
            {},
        ),
        # the patch is of another module's function of that name
        (
            PLUGIN_TEXT.replace("topk_topp_sampler.apply_top_k_top_p =", "other_sampler.apply_top_k_top_p ="),
            SAMPLER_UPSTREAM,
            {},
        ),
        # upstream removed the function: symbol drift's error, not this
        (
            PLUGIN_TEXT,
            SAMPLER_UPSTREAM.replace("def apply_top_k_top_p(logits, k, p):\n    return logits\n\n\n", ""),
            {},
        ),
    ],
    ids=["called elsewhere", "call moved", "the fork calls it", "another module", "removed"],
)
def test_a_patch_still_called_or_of_another_module_is_no_dead_patch(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, extra: dict[str, str]
) -> None:
    found = patch_findings(git_repo, no_rules, fork, upstream, extra)
    assert not [f for f in found if "no longer calls anywhere" in f[3]]
