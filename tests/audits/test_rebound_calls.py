"""Symbol drift: a fork call whose positional argument now fills another parameter.

Upstream inserts a parameter in the middle of a signature (or reorders two, or moves one behind a
``*args``); the fork's call still fits the new signature, so nothing fails, and its argument now
means something else: ``dflash_attention_mask(n, 8)`` passed ``block_size=8`` and now passes
``num_heads=8``.  A parameter that upstream renamed in place is not this: the argument still fills
the same slot.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MASKS = "vllm/model_executor/models/qwen3_dflash.py"
MASKS_BASE = """def dflash_attention_mask(seq_len: int, block_size: int = 16, is_causal: bool = True) -> list[int]:
    return [seq_len, block_size, int(is_causal)]


class MaskBuilder:
    def build(self, seq_len: int, block_size: int = 16) -> list[int]:
        return [seq_len, block_size]
"""
CARRY = "vllm/v1/spec_decode/dflash.py"
CARRY_BASE = """from vllm.model_executor.models.qwen3_dflash import MaskBuilder, dflash_attention_mask


def propose(n: int, num_heads: int = 1, self_num_heads: int = 1) -> list[int]:
    return [n]
"""
SUBJECT = "[Spec] DFlash 2 masks per head (#52816)"


def rebound(repo: GitRepo, config: Path, call: str, upstream: str, base: str = MASKS_BASE) -> list[tuple[int, str]]:
    fork = CARRY_BASE.replace("    return [n]\n", f"    mask = {call}  # AEON: DFlash 2 drafter\n    return mask\n")
    sides = s.merge_case(repo, {MASKS: base, CARRY: CARRY_BASE}, {CARRY: fork}, [(SUBJECT, {MASKS: upstream})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == CARRY]


INSERTED = MASKS_BASE.replace(
    "seq_len: int, block_size: int = 16, is_causal", "seq_len: int, num_heads: int = 1, block_size: int = 16, is_causal"
)
SWAPPED = MASKS_BASE.replace(
    "block_size: int = 16, is_causal: bool = True", "is_causal: bool = True, block_size: int = 16"
)


def test_a_parameter_inserted_before_a_positional_argument(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, message)] = rebound(git_repo, no_rules, "dflash_attention_mask(n, 8)", INSERTED)
    assert line == 5
    assert "passes 8 as argument 2, which filled block_size and now fills num_heads" in message
    assert "#52816" in message


def test_two_parameters_upstream_swapped(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, message)] = rebound(git_repo, no_rules, "dflash_attention_mask(n, 8)", SWAPPED)
    assert "passes 8 as argument 2, which filled block_size and now fills is_causal" in message


def test_a_parameter_moved_behind_star_args(git_repo: GitRepo, no_rules: Path) -> None:
    starred = MASKS_BASE.replace(
        "seq_len: int, block_size: int = 16,", "seq_len: int, *extra: int, block_size: int = 16,"
    )
    [(_, message)] = rebound(git_repo, no_rules, "dflash_attention_mask(n, 8)", starred)
    assert "which filled block_size and now fills *args" in message


def test_an_argument_star_args_took_now_fills_a_new_parameter(git_repo: GitRepo, no_rules: Path) -> None:
    base = MASKS_BASE.replace("seq_len: int, block_size: int = 16, is_causal: bool = True", "seq_len: int, *sizes: int")
    upstream = base.replace("seq_len: int, *sizes: int", "seq_len: int, heads: int = 1, *sizes: int")
    [(_, message)] = rebound(git_repo, no_rules, "dflash_attention_mask(n, 8)", upstream, base)
    assert "which filled *args and now fills heads" in message


def test_a_method_through_an_annotated_object(git_repo: GitRepo, no_rules: Path) -> None:
    upstream = MASKS_BASE.replace(
        "self, seq_len: int, block_size", "self, seq_len: int, num_heads: int = 1, block_size"
    )
    fork = CARRY_BASE.replace(
        "def propose(n: int, num_heads: int = 1, self_num_heads: int = 1) -> list[int]:\n    return [n]\n",
        "def propose(n: int, builder: MaskBuilder) -> list[int]:\n    return builder.build(n, 8)  # AEON\n",
    )
    sides = s.merge_case(
        git_repo, {MASKS: MASKS_BASE, CARRY: CARRY_BASE}, {CARRY: fork}, [(SUBJECT, {MASKS: upstream})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    [finding] = [f for f in report.findings if f.rule_id == DRIFT]
    assert finding.line == 5 and "calls builder.build" in finding.message
    assert "which filled block_size and now fills num_heads" in finding.message


def test_a_dataclass_field_inserted_before_a_positional_argument(git_repo: GitRepo, no_rules: Path) -> None:
    base = "from dataclasses import dataclass\n\n\n@dataclass\nclass MaskSpec:\n    seq_len: int\n    block_size: int = 16\n"
    upstream = base.replace("    block_size: int = 16\n", "    num_heads: int = 1\n    block_size: int = 16\n")
    fork_import = CARRY_BASE.replace("MaskBuilder, dflash_attention_mask", "MaskSpec")
    fork = fork_import.replace("    return [n]\n", "    spec = MaskSpec(n, 8)  # AEON\n    return [spec.block_size]\n")
    sides = s.merge_case(git_repo, {MASKS: base, CARRY: fork_import}, {CARRY: fork}, [(SUBJECT, {MASKS: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    [finding] = [f for f in report.findings if f.rule_id == DRIFT]
    assert finding.line == 5 and "which filled block_size and now fills num_heads" in finding.message


def test_a_constructor_whose_class_the_module_later_tags(git_repo: GitRepo, no_rules: Path) -> None:
    # RoutedExperts.__init__ in #50727 (36f4630d89): ``RoutedExperts.weight_loader.supports_moe_loading = True``
    # at module level changes an attribute of the class; it does not rebind the name to a value
    experts = "vllm/model_executor/layers/fused_moe/routed_experts.py"
    base = (
        "class RoutedExperts:\n"
        "    def __init__(self, layer_name: str, ckpt_up_proj_name: str = 'up', renormalize: bool = True) -> None:\n"
        "        self.renormalize = renormalize\n\n"
        "    def weight_loader(self) -> None:\n"
        "        pass\n\n\n"
        "RoutedExperts.weight_loader.supports_moe_loading = True  # type: ignore[attr-defined]\n"
    )
    upstream = base.replace("'up', renormalize", "'up', transposed: bool = False, renormalize")
    fork_import = "from vllm.model_executor.layers.fused_moe.routed_experts import RoutedExperts\n"
    fork = fork_import + "\n\nEXPERTS = RoutedExperts('w13', 'up', False)  # AEON\n"
    sides = s.merge_case(git_repo, {experts: base, CARRY: fork_import}, {CARRY: fork}, [(SUBJECT, {experts: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    [finding] = [f for f in report.findings if f.rule_id == DRIFT]
    assert finding.line == 4 and "which filled renormalize and now fills transposed" in finding.message


SAMPLER = "vllm/v1/worker/gpu/sample/sampler.py"
SAMPLER_BASE = """class Sampler:
    def __call__(self, logits: list[float], idx_mapping: list[int], pos: int = 0) -> list[float]:
        return logits
"""
SAMPLER_FORK = """from vllm.v1.worker.gpu.sample.sampler import Sampler


class AeonDrafter:
    def __init__(self, sampler: Sampler) -> None:
        self.sampler = sampler

    def draft(self, logits: list[float]) -> list[float]:
        return self.sampler(logits, [0], 3)  # AEON


def aeon_sample(logits: list[float], sampler: Sampler) -> list[float]:
    return sampler(logits, [0], 3)  # AEON
"""


def test_a_callable_instance_whose_call_gained_a_parameter(git_repo: GitRepo, no_rules: Path) -> None:
    # Sampler.__call__ in #33391 (876a16f4fb) gained cu_num_logits_np before pos: ``sampler(...)`` calls it
    fork_import = SAMPLER_FORK.splitlines(keepends=True)[0]
    upstream = SAMPLER_BASE.replace(
        "idx_mapping: list[int], pos", "idx_mapping: list[int], cu_num_logits: int = 0, pos"
    )
    sides = s.merge_case(
        git_repo, {SAMPLER: SAMPLER_BASE, CARRY: fork_import}, {CARRY: SAMPLER_FORK}, [(SUBJECT, {SAMPLER: upstream})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    found = sorted((f.line, f.message) for f in report.findings if f.rule_id == DRIFT)
    assert [line for line, _ in found] == [9, 13]
    for _, message in found:
        assert "Sampler.__call__" in message
        assert "passes 3 as argument 3, which filled pos and now fills cu_num_logits" in message


KERNELS = "vllm/v1/attention/ops/triton_prefill_attention.py"
KERNELS_BASE = """import triton
import triton.language as tl


@triton.jit
def _fwd_kernel(Q, K, Out, sm_scale, Lk: tl.constexpr, IS_CAUSAL: tl.constexpr = True, USE_SINKS: tl.constexpr = False):
    pass


OPS = {"fwd": _fwd_kernel}
"""
LAUNCHES = "from vllm.v1.attention.ops.triton_prefill_attention import OPS, _fwd_kernel\n"
SINKS_KEY0 = KERNELS_BASE.replace("USE_SINKS: tl", "SINKS_BIAS_KEY0: tl.constexpr = False, USE_SINKS: tl")


def launched(repo: GitRepo, config: Path, launch: str, upstream: str) -> list[tuple[int, str]]:
    fork = LAUNCHES + f"\n\ndef aeon_prefill(q, k, o, grid):\n    {launch}  # AEON: MiMo sinks\n"
    sides = s.merge_case(
        repo, {KERNELS: KERNELS_BASE, CARRY: LAUNCHES}, {CARRY: fork}, [(SUBJECT, {KERNELS: upstream})]
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == CARRY]


def test_a_kernel_launch_whose_positional_argument_now_fills_another_parameter(
    git_repo: GitRepo, no_rules: Path
) -> None:
    # #49815 (c3cac8c63d) inserted SINKS_BIAS_KEY0 before USE_SINKS in _fwd_kernel; the launcher's own
    # options (num_warps=) are not the kernel's parameters
    launch = "_fwd_kernel[grid](q, k, o, 0.5, 64, True, False, num_warps=4)"
    [(line, message)] = launched(git_repo, no_rules, launch, SINKS_KEY0)
    assert line == 5 and "calls _fwd_kernel[grid]" in message
    assert "passes False as argument 7, which filled USE_SINKS and now fills SINKS_BIAS_KEY0" in message


@pytest.mark.parametrize(
    "launch",
    [
        "_fwd_kernel[grid](q, k, o, 0.5, 64, IS_CAUSAL=True, USE_SINKS=False, num_warps=4)",  # by keyword
        'OPS["fwd"](q, k, o, 0.5, 64, True, False)',  # a table of callables: not a launch of one known kernel
    ],
)
def test_launches_that_still_mean_the_same_are_silent(git_repo: GitRepo, no_rules: Path, launch: str) -> None:
    assert launched(git_repo, no_rules, launch, SINKS_KEY0) == []


SLOTS = "vllm/v1/worker/gpu/block_table.py"
SLOTS_LAUNCH = """    _compute_slot_mappings_kernel[grid](
        n,
        4096,
        idx_mapping,
        0,
        PAD_ID=-1,
    )
"""
SLOTS_BASE = f"""import triton
import triton.language as tl


@triton.jit
def _compute_slot_mappings_kernel(num_tokens, max_num_tokens, idx_mapping, cp_rank, PAD_ID: tl.constexpr):
    pass


def compute_slot_mappings(idx_mapping, n, grid):
{SLOTS_LAUNCH}"""


def test_upstream_launch_that_dropped_an_argument_with_the_parameter_is_silent(
    git_repo: GitRepo, no_rules: Path
) -> None:
    # upstream (between 379689d533 and 428bc718bd) dropped num_tokens from _compute_slot_mappings_kernel
    # and its launch; the fork's copy of that launch makes upstream's lines read as the fork's: upstream's own
    # launch (no num_tokens, and no cp_rank for the old kernel) did not fit the old kernel, the copy did
    fork = SLOTS_BASE + "\n\ndef aeon_slot_mappings(idx_mapping, n, grid):  # AEON\n" + SLOTS_LAUNCH
    upstream = SLOTS_BASE.replace("(num_tokens, max_num_tokens", "(max_num_tokens").replace("        n,\n", "", 1)
    sides = s.merge_case(git_repo, {SLOTS: SLOTS_BASE}, {SLOTS: fork}, [(SUBJECT, {SLOTS: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    [(line, message)] = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT]
    assert line == 20 and "passes 4096 as argument 2, which filled max_num_tokens and now fills idx_mapping" in message


@pytest.mark.parametrize(
    "call",
    [
        "dflash_attention_mask(n, block_size=8)",  # by keyword: it still names its parameter
        "dflash_attention_mask(n)",  # nothing after the insertion
        "dflash_attention_mask(*[n, 8])",  # positions unknowable
        "dflash_attention_mask(n, *[8])",
    ],
)
def test_calls_that_still_mean_the_same_are_silent(git_repo: GitRepo, no_rules: Path, call: str) -> None:
    assert rebound(git_repo, no_rules, call, INSERTED) == []


def test_a_parameter_renamed_in_place_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    renamed = MASKS_BASE.replace("block_size: int = 16, is_causal", "page_size: int = 16, is_causal").replace(
        "block_size, int", "page_size, int"
    )
    assert rebound(git_repo, no_rules, "dflash_attention_mask(n, 8)", renamed) == []


def test_argument_lines_upstream_rewrote_in_a_call_the_fork_patched_are_silent(
    git_repo: GitRepo, no_rules: Path
) -> None:
    # the fork patched the call's first line; upstream inserted num_heads and its own argument line
    # (1, for num_heads) in the same merge: the arguments are upstream's, already where they belong
    call = "    mask = dflash_attention_mask(\n        n,\n        8,\n    )\n    return mask\n"
    base = CARRY_BASE.replace("    return [n]\n", call)
    fork = base.replace("dflash_attention_mask(\n", "dflash_attention_mask(  # AEON: DFlash 2 drafter\n")
    theirs = base.replace("        n,\n", "        n,\n        1,\n")
    upstream = {MASKS: INSERTED, CARRY: theirs}
    sides = s.merge_case(git_repo, {MASKS: MASKS_BASE, CARRY: base}, {CARRY: fork}, [(SUBJECT, upstream)])
    merged = (git_repo.path / CARRY).read_text()
    assert "(  # AEON: DFlash 2 drafter\n        n,\n        1,\n        8,\n" in merged
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.message for f in report.findings if f.rule_id == DRIFT] == []


def test_a_call_upstream_rewrote_for_its_new_parameter_is_silent_on_every_line(
    git_repo: GitRepo, no_rules: Path
) -> None:
    # the fork wrote the call's first line and an argument line (8 -> 16); upstream inserted
    # num_heads and its own argument line in the same call: upstream kept the call in step, and the
    # fork's argument, one place further on, still fills block_size (the mamba selective-scan
    # launch that symbol_precision.py replays, every kept line the fork's)
    masks = MASKS_BASE.replace("seq_len: int, block_size", "seq_len: int, window: int, block_size")
    inserted = masks.replace("seq_len: int, window", "seq_len: int, num_heads: int, window")
    call = "    mask = dflash_attention_mask(\n        n,\n        0,\n        8,\n    )\n    return mask\n"
    base = CARRY_BASE.replace("    return [n]\n", call)
    fork = base.replace("        8,\n", "        16,  # AEON: GB10 blocks\n").replace(
        "dflash_attention_mask(\n", "dflash_attention_mask(  # AEON: picked with #52816\n"
    )
    theirs = base.replace("        n,\n", "        n,\n        1,\n")
    upstream = {MASKS: inserted, CARRY: theirs}
    sides = s.merge_case(git_repo, {MASKS: masks, CARRY: base}, {CARRY: fork}, [(SUBJECT, upstream)])
    assert "        n,\n        1,\n        0,\n        16,  # AEON" in (git_repo.path / CARRY).read_text()
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.message for f in report.findings if f.rule_id == DRIFT] == []


def test_a_call_that_did_not_fit_before_is_not_drift(git_repo: GitRepo, no_rules: Path) -> None:
    base = MASKS_BASE.replace("block_size: int = 16, is_causal: bool = True", "block_size: int = 16")
    upstream = base.replace("seq_len: int, block_size", "seq_len: int, num_heads: int = 1, block_size").replace(
        "block_size: int = 16)", "block_size: int = 16, is_causal: bool = True)"
    )
    assert rebound(git_repo, no_rules, "dflash_attention_mask(n, 8, True)", upstream, base) == []


@pytest.mark.parametrize("argument", ["num_heads", "self_num_heads"])
def test_an_argument_named_like_the_parameter_it_now_fills_is_a_fix(
    git_repo: GitRepo, no_rules: Path, argument: str
) -> None:
    """Upstream's own call passed ``num_heads`` into block_size's slot; its reorder fixed it."""
    assert rebound(git_repo, no_rules, f"dflash_attention_mask(n, {argument})", INSERTED) == []


@pytest.mark.parametrize(
    "call",
    ["dflash_attention_mask(n, get_num_heads(), 8)", "dflash_attention_mask(n, self.num_heads_of(n), 8, False)"],
    ids=["a-getter-call", "a-method-call-only-the-new-arity-fits"],
)
def test_a_call_written_for_the_new_signature_is_silent(git_repo: GitRepo, no_rules: Path, call: str) -> None:
    """mend48 (#30241's ``use_trtllm_attention(..., is_prefill, force_use_trtllm_attention(), True)``): a moved
    argument named for the parameter it now fills says the fork wrote the call after the insertion; the
    arguments behind it (``8``) are in their new places too."""
    assert rebound(git_repo, no_rules, call, INSERTED) == []


@pytest.mark.parametrize(
    "call",
    ["dflash_attention_mask(n, block_size_of(n), True)", "dflash_attention_mask(n, size_for(n), 8)"],
    ids=["a-call-named-for-the-old-parameter", "a-call-named-for-neither"],
)
def test_a_call_written_for_the_old_signature_stays_caught(git_repo: GitRepo, no_rules: Path, call: str) -> None:
    [(_, message)] = rebound(git_repo, no_rules, call, INSERTED)
    assert "as argument 2, which filled block_size and now fills num_heads" in message


def test_a_launch_upstream_gave_its_new_parameter_by_keyword_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Seen on real history (symbol_precision.py, window 5): upstream added CP_SIZE to the kernel and a
    ``CP_SIZE=...`` line to a launch whose first line the fork changed.  The keyword is the kernel's
    (its new version names it), not a launcher option to leave out."""
    fork = SLOTS_BASE.replace("_compute_slot_mappings_kernel[grid](", "_compute_slot_mappings_kernel[grid, 1](")
    upstream = SLOTS_BASE.replace("PAD_ID: tl.constexpr)", "CP_SIZE: tl.constexpr, PAD_ID: tl.constexpr)").replace(
        "        PAD_ID=-1,\n", "        CP_SIZE=2,\n        PAD_ID=-1,\n"
    )
    sides = s.merge_case(git_repo, {SLOTS: SLOTS_BASE}, {SLOTS: fork}, [(SUBJECT, {SLOTS: upstream})])
    merged = (git_repo.path / SLOTS).read_text()
    assert "_compute_slot_mappings_kernel[grid, 1](" in merged and "CP_SIZE=2" in merged
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.message for f in report.findings if f.rule_id == DRIFT] == []


NAMED = "vllm/forward_context.py"
NAMED_BASE = """from typing import NamedTuple


class BatchDescriptor(NamedTuple):
    num_tokens: int
    uniform_decode: bool = False
    has_lora: bool = False
"""
# #28579: num_reqs inserted before the flag, which upstream renamed uniform on the way
NAMED_UPSTREAM = NAMED_BASE.replace(
    "    uniform_decode: bool = False\n", "    num_reqs: int | None = None\n    uniform: bool = False\n"
)


def descriptor(repo: GitRepo, config: Path, call: str, upstream: str = NAMED_UPSTREAM) -> list[tuple[int, str]]:
    fork_import = CARRY_BASE.replace(
        "from vllm.model_executor.models.qwen3_dflash import MaskBuilder, dflash_attention_mask",
        "from vllm.forward_context import BatchDescriptor",
    )
    fork = fork_import.replace("    return [n]\n", f"    desc = {call}  # AEON: MTP verify\n    return [desc[0]]\n")
    sides = s.merge_case(repo, {NAMED: NAMED_BASE, CARRY: fork_import}, {CARRY: fork}, [(SUBJECT, {NAMED: upstream})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == CARRY]


def test_a_field_inserted_where_the_argument_went_and_its_own_renamed_on(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, message)] = descriptor(git_repo, no_rules, "BatchDescriptor(n, True)")
    assert line == 5
    assert "passes True as argument 2, which filled uniform_decode; upstream inserted num_reqs before it" in message
    assert "renamed uniform_decode uniform, so it now fills num_reqs" in message


@pytest.mark.parametrize(
    "upstream",
    [
        # renamed in place, a field added behind it: the flag still lands on the flag
        NAMED_BASE.replace("    uniform_decode: bool = False\n", "    uniform: bool = False\n    num_reqs: int = 0\n"),
        # the inserted field shares a word with the old one: a rename in place for all one knows
        NAMED_BASE.replace(
            "    uniform_decode: bool = False\n", "    decode_uniform: bool = False\n    uniform: bool = False\n"
        ),
    ],
)
def test_a_rename_in_place_beside_an_insertion_is_silent(git_repo: GitRepo, no_rules: Path, upstream: str) -> None:
    assert descriptor(git_repo, no_rules, "BatchDescriptor(n, True)", upstream) == []


def test_the_inserted_field_by_keyword_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    assert descriptor(git_repo, no_rules, "BatchDescriptor(n)") == []


def index_reads(repo: GitRepo, config: Path, body: str, upstream: str = NAMED_UPSTREAM) -> list[tuple[int, str]]:
    fork_import = CARRY_BASE.replace(
        "from vllm.model_executor.models.qwen3_dflash import MaskBuilder, dflash_attention_mask",
        "from vllm.forward_context import BatchDescriptor",
    )
    fork = fork_import + body
    sides = s.merge_case(repo, {NAMED: NAMED_BASE, CARRY: fork_import}, {CARRY: fork}, [(SUBJECT, {NAMED: upstream})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == CARRY]


def test_an_index_read_of_a_named_tuple_whose_field_upstream_pushed_on(git_repo: GitRepo, no_rules: Path) -> None:
    body = "\n\ndef aeon_uniform(desc: BatchDescriptor) -> bool:\n    return bool(desc[1])  # AEON\n"
    [(line, message)] = index_reads(git_repo, no_rules, body)
    assert line == len((CARRY_BASE + body).splitlines())
    assert "reads desc[1], field 1 of BatchDescriptor, which was uniform_decode and is now num_reqs" in message


@pytest.mark.parametrize(
    "body",
    [
        "\n\ndef aeon_tokens(desc: BatchDescriptor) -> int:\n    return desc[0]\n",  # the field did not move
        "\n\ndef aeon_flag(desc: BatchDescriptor) -> bool:\n    return desc.uniform\n",  # by name
        "\n\ndef aeon_pair(pair: tuple[int, bool]) -> bool:\n    return pair[1]\n",  # not the named tuple
        "\n\ndef aeon_far(desc: BatchDescriptor) -> bool:\n    return desc[7]\n",  # no such field either side
    ],
)
def test_index_reads_the_insertion_leaves_alone_are_silent(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert index_reads(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("upstream", "body", "reported"),
    [
        # the flag renamed in its slot: desc[1] still reads it
        (
            NAMED_BASE.replace("uniform_decode: bool", "uniform: bool"),
            "\n\ndef aeon_uniform(desc: BatchDescriptor) -> bool:\n    return bool(desc[1])\n",
            False,
        ),
        # renamed in its slot, a field appended at the end
        (
            NAMED_BASE.replace("uniform_decode: bool", "uniform: bool") + "    num_active_loras: int = 0\n",
            "\n\ndef aeon_uniform(desc: BatchDescriptor) -> bool:\n    return bool(desc[1])\n",
            False,
        ),
        # a field inserted before the flag, nothing renamed: desc[1] reads the new one
        (
            NAMED_BASE.replace("    uniform_decode: bool", "    num_reqs: int = 0\n    uniform_decode: bool"),
            "\n\ndef aeon_uniform(desc: BatchDescriptor) -> bool:\n    return bool(desc[1])\n",
            True,
        ),
        # a field appended at the end: desc[-1] (a unary minus in the tree) reads the new one
        (
            NAMED_BASE + "    num_active_loras: int = 0\n",
            "\n\ndef aeon_lora(desc: BatchDescriptor) -> bool:\n    return bool(desc[-1])\n",
            True,
        ),
        # a field inserted in the middle: desc[-1] still reads the last one
        (
            NAMED_UPSTREAM,
            "\n\ndef aeon_lora(desc: BatchDescriptor) -> bool:\n    return bool(desc[-1])\n",
            False,
        ),
    ],
    ids=[
        "renamed in its slot",
        "renamed, one appended",
        "inserted",
        "appended, read from the end",
        "inserted, read from the end",
    ],
)
def test_an_index_read_of_a_field_renamed_in_its_slot(
    git_repo: GitRepo, no_rules: Path, upstream: str, body: str, reported: bool
) -> None:
    """``desc[1]`` where upstream renamed the field in its slot (``uniform_decode`` -> ``uniform``) and moved
    nothing: the read takes the same field."""
    assert bool(index_reads(git_repo, no_rules, body, upstream)) is reported
