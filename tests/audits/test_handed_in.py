"""Handed-in parameters: upstream made a value the function computed itself into a defaulted parameter.

Shaped like #30241 (eea41804a4): ``use_trtllm_attention`` bound ``force_use_trtllm = force_use_trtllm_attention()``
in its body; upstream made it ``force_use_trtllm: bool | None = None`` and passes it at its own calls.  A fork
call that fit before still runs and silently gets auto-detection where it got the user's setting.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/utils/flashinfer.py"
BASE = """def force_use_trtllm_attention() -> bool | None:
    return None


def use_trtllm_attention(num_heads: int, is_prefill: bool, has_sinks: bool = False) -> bool:
    force_use_trtllm = force_use_trtllm_attention()
    if force_use_trtllm is not None and not force_use_trtllm:
        return False
    return has_sinks or num_heads % 8 == 0
"""
HANDED = """def force_use_trtllm_attention() -> bool | None:
    return None


def use_trtllm_attention(
    num_heads: int, is_prefill: bool, force_use_trtllm: bool | None = None, has_sinks: bool = False
) -> bool:
{refill}    if force_use_trtllm is not None and not force_use_trtllm:
        return False
    return has_sinks or num_heads % 8 == 0


def build(num_heads: int) -> bool:
    return use_trtllm_attention(num_heads, False, force_use_trtllm=force_use_trtllm_attention())
"""
SUBJECT = "[bug] Fix 'Current vLLM config is not set.' warnings when FlashInfer attention is used (#30241)"
FORK = "vllm/aeon/trtllm.py"
INITS = {"vllm/utils/__init__.py": ""}
HEAD = "from vllm.utils.flashinfer import use_trtllm_attention\n\n\ndef aeon_trtllm(heads: int, **kw) -> bool:\n"


def _found(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {UTILS: BASE, **INITS}, {FORK: fork}, [(SUBJECT, {UTILS: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    return sorted((f.line, f"{f.rule_id} {f.severity.value}", f.message) for f in report.findings if f.path == FORK)


@pytest.mark.parametrize(
    "call",
    ["use_trtllm_attention(heads, False, has_sinks=True)", "use_trtllm_attention(heads, is_prefill=True)"],
    ids=["keywords after", "the old parameters only"],
)
def test_a_call_leaving_the_value_the_body_computed_to_a_default_is_warned(
    git_repo: GitRepo, no_rules: Path, call: str
) -> None:
    [(line, severity, message)] = _found(git_repo, no_rules, HEAD + f"    return {call}\n", HANDED.format(refill=""))
    assert (line, severity) == (5, f"{SYMBOL_DRIFT} warning")
    assert "leaves force_use_trtllm to its default None" in message
    assert "`force_use_trtllm = force_use_trtllm_attention()`" in message and "pass force_use_trtllm=" in message


REFILL = "    if force_use_trtllm is None:\n        force_use_trtllm = force_use_trtllm_attention()\n"


@pytest.mark.parametrize(
    ("call", "refill"),
    [
        ("use_trtllm_attention(heads, False, force_use_trtllm=True, has_sinks=True)", ""),  # passed by keyword
        ("use_trtllm_attention(heads, False, **kw)", ""),  # maybe among the spread keywords
        ("use_trtllm_attention(heads, False, has_sinks=True)", REFILL),  # the default still computes it
    ],
    ids=["by keyword", "spread", "refilled on None"],
)
def test_a_call_passing_it_or_a_default_that_refills_it_is_quiet(
    git_repo: GitRepo, no_rules: Path, call: str, refill: str
) -> None:
    assert _found(git_repo, no_rules, HEAD + f"    return {call}\n", HANDED.format(refill=refill)) == []


def test_a_new_parameter_the_old_body_never_computed_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """A feature upstream added (``has_spec=False``, nothing the old body bound) is no value lost."""
    upstream = BASE.replace("has_sinks: bool = False)", "has_sinks: bool = False, has_spec: bool = False)")
    upstream = upstream.replace("return has_sinks or", "return has_spec or has_sinks or")
    fork = HEAD + "    return use_trtllm_attention(heads, False, has_sinks=True)\n"
    assert _found(git_repo, no_rules, fork, upstream) == []


def test_a_constant_the_default_repeats_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The old body's ``force_use_trtllm = None`` is the new default: the call gets what it got."""
    base = BASE.replace("force_use_trtllm = force_use_trtllm_attention()", "force_use_trtllm = None")
    sides = s.merge_case(
        git_repo,
        {UTILS: base, **INITS},
        {FORK: HEAD + "    return use_trtllm_attention(heads, False, has_sinks=True)\n"},
        [(SUBJECT, {UTILS: HANDED.format(refill="")})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.path == FORK] == []


MOE = "vllm/model_executor/layers/fused_moe/aiter.py"
MOE_BASE = """def fused_experts(x: int, expert_map: int | None = None, scale: float = 1.0) -> int:
    expert_mask = expert_map if expert_map is not None else None
    return x if expert_mask is None else x * expert_mask
"""
MOE_RENAMED = """def fused_experts(x: int, expert_mask: int | None = None, scale: float = 1.0) -> int:
    return x if expert_mask is None else x * expert_mask
"""
MOE_INITS = {f"vllm/model_executor/layers/{p}__init__.py": "" for p in ("", "fused_moe/")}


def test_a_value_the_old_body_derived_from_its_own_parameters_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """#49758 renamed ``expert_map`` to ``expert_mask``, the old body's ``expert_mask = expert_map if ... else None``
    dropped: a call passing neither got None before and gets it now.  What a call passed for the old parameter
    is the signature checks' (its keyword is gone)."""
    head = "from vllm.model_executor.layers.fused_moe.aiter import fused_experts\n\n\ndef aeon(x: int) -> int:\n"
    sides = s.merge_case(
        git_repo,
        {MOE: MOE_BASE, **MOE_INITS},
        {FORK: head + "    return fused_experts(x, scale=2.0)\n"},
        [("[ROCm][MoE] Fix expert_map vs AITER expert_mask (#49758)", {MOE: MOE_RENAMED})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.path == FORK] == []


def test_a_value_derived_from_a_parameter_still_taken_is_warned(git_repo: GitRepo, no_rules: Path) -> None:
    """``expert_mask = x if scale > 1 else None`` reads ``x`` and ``scale``, which the new def still takes: a value
    the body computed from the call's other arguments, now left to the default."""
    base = MOE_BASE.replace("expert_map if expert_map is not None else None", "x if scale > 1 else None")
    renamed = MOE_RENAMED.replace(
        "expert_mask: int | None = None", "expert_map: int | None = None, expert_mask: int | None = None"
    ).replace("if expert_mask is None else", "if expert_mask is None or scale < 0 else")
    head = "from vllm.model_executor.layers.fused_moe.aiter import fused_experts\n\n\ndef aeon(x: int) -> int:\n"
    sides = s.merge_case(
        git_repo,
        {MOE: base, **MOE_INITS},
        {FORK: head + "    return fused_experts(x, scale=2.0)\n"},
        [("[MoE] take the expert mask (#1)", {MOE: renamed})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    [(line, severity, message)] = [(f.line, f.severity.value, f.message) for f in report.findings if f.path == FORK]
    assert (line, severity) == (5, "warning") and "leaves expert_mask to its default None" in message


# A parameter replaced in its slot (killers166, #28358: ``persistent_masked_m_silu_mul_quant``'s ``use_ue8m0:
# bool | None = None``, filled by the body from ``is_deep_gemm_e8m0_used()``, became ``quant_scale_fmt: Fmt =
# Fmt.FLOAT32``): a call that leaves the slot to its default lost the body's auto-detection.
QUANT = "vllm/kernels/act_quant.py"
QBASE = """import enum


class Fmt(enum.Enum):
    FLOAT32 = 0
    UE8M0 = 1


def e8m0_used() -> bool:
    return True


def act_quant(y, counts, group_size: int = 128, use_ue8m0: bool | None = None):
{fill}    return y, group_size, use_ue8m0
"""
QNEW = """import enum


class Fmt(enum.Enum):
    FLOAT32 = 0
    UE8M0 = 1


def e8m0_used() -> bool:
    return True


def act_quant(y, counts, group_size: int = 128, quant_scale_fmt: Fmt {default}):
{refill}    return y, group_size, quant_scale_fmt
"""
QSUBJECT = "[Performance][B200] silu_mul_quant: pack scales in int32 (#28358)"
QFORK = "vllm/aeon/act.py"
QHEAD = "from vllm.kernels.act_quant import act_quant\n\n\ndef aeon_quant(y, counts, **kw):\n"
FILLS = {
    "conditional": "    use_ue8m0 = use_ue8m0 if use_ue8m0 is not None else e8m0_used()\n",
    "or": "    use_ue8m0 = use_ue8m0 or e8m0_used()\n",
    "if block": "    if use_ue8m0 is None:\n        use_ue8m0 = e8m0_used()\n",
}


def _quant(git_repo: GitRepo, no_rules: Path, fork: str, base: str, new: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo, {QUANT: base, "vllm/kernels/__init__.py": ""}, {QFORK: fork}, [(QSUBJECT, {QUANT: new})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    return sorted((f.line, f"{f.rule_id} {f.severity.value}", f.message) for f in report.findings if f.path == QFORK)


@pytest.mark.parametrize("fill", sorted(FILLS), ids=sorted(FILLS))
@pytest.mark.parametrize(
    "call", ["act_quant(y, counts)", "act_quant(y, counts, group_size=64)", "act_quant(y, counts, 64)"]
)
def test_a_slot_replaced_whose_none_the_body_filled_is_warned(
    git_repo: GitRepo, no_rules: Path, fill: str, call: str
) -> None:
    new = QNEW.format(default="= Fmt.FLOAT32", refill="")
    [(line, severity, message)] = _quant(
        git_repo, no_rules, QHEAD + f"    return {call}\n", QBASE.format(fill=FILLS[fill]), new
    )
    assert (line, severity) == (5, f"{SYMBOL_DRIFT} warning")
    assert "leaves quant_scale_fmt to its default Fmt.FLOAT32" in message and "the slot of use_ue8m0" in message
    assert "`e8m0_used()`" in message


@pytest.mark.parametrize(
    ("call", "fill", "default", "refill"),
    [
        (
            "act_quant(y, counts, quant_scale_fmt=Fmt.UE8M0)",
            FILLS["conditional"],
            "= Fmt.FLOAT32",
            "",
        ),  # the new keyword
        ("act_quant(y, counts, **kw)", FILLS["conditional"], "= Fmt.FLOAT32", ""),  # maybe among the keywords
        ("act_quant(y, counts)", "", "= Fmt.FLOAT32", ""),  # the old None was handed on as it was
        (
            "act_quant(y, counts)",
            FILLS["conditional"],
            "| None = None",
            "    if quant_scale_fmt is None:\n        quant_scale_fmt = Fmt.UE8M0 if e8m0_used() else Fmt.FLOAT32\n",
        ),  # still auto-detected
    ],
    ids=["new keyword", "spread", "no fill", "new body fills"],
)
def test_a_slot_replaced_stays_quiet_where_the_call_or_the_new_body_decides(
    git_repo: GitRepo, no_rules: Path, call: str, fill: str, default: str, refill: str
) -> None:
    fork = (
        "from vllm.kernels.act_quant import Fmt, act_quant\n\n\ndef aeon_quant(y, counts, **kw):\n"
        + f"    return {call}\n"
    )
    new = QNEW.format(default=default, refill=refill)
    assert _quant(git_repo, no_rules, fork, QBASE.format(fill=fill), new) == []
