"""Calls of custom ops by name, ``torch.ops._C.op(...)``, checked against the op's schema or registered function.

Shaped like vLLM's csrc/torch_bindings.cpp schemas (``ops.def("fused_add_rms_norm(Tensor! input, ...)")``)
and its Python ops (``direct_register_custom_op(op_name=..., op_func=...)``): a fork kernel wrapper
calls the op positionally; upstream reorders same-typed parameters, inserts one in front of an optional
one, or changes a default (vLLM's own additions to unified_attention_with_output, #22703 and #25954,
were appended at the end; the insertion in front here is made up, the shape of the op is real).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.custom_ops import called_op, op_definitions
from aeon_release.domain.audits.drift.symbols import DEFAULT_DRIFT
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BINDINGS = "csrc/torch_bindings.cpp"
CARRY = "vllm/model_executor/layers/aeon_kernels.py"
BINDINGS_BASE = """#include "ops.h"

TORCH_LIBRARY_EXPAND(TORCH_EXTENSION_NAME, ops) {
  ops.def("silu_and_mul(Tensor! result, Tensor input) -> ()");
  ops.impl("silu_and_mul", torch::kCUDA, &silu_and_mul);

  ops.def(
      "fused_add_rms_norm(Tensor! input, Tensor! residual, Tensor weight, "
      "float epsilon, bool use_fast_path=True) -> ()");
  ops.impl("fused_add_rms_norm", torch::kCUDA, &fused_add_rms_norm);
}
"""
CARRY_BASE = """import torch


def aeon_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float) -> None:
    return None
"""


# a fake (meta) kernel of the same op and a probe of it, in a file upstream left alone: no other definition
CUSTOM_OPS = "vllm/_custom_ops.py"
CUSTOM_OPS_TEXT = """import torch
from torch.library import register_fake

if hasattr(torch.ops._C, "fused_add_rms_norm"):

    @register_fake("_C::fused_add_rms_norm")
    def _fused_add_rms_norm_fake(input, residual, weight, epsilon, use_fast_path=True):
        return None
"""


def op_case(repo: GitRepo, config: Path, call: str, upstream: str) -> list[tuple[int, str, str, str]]:
    fork = CARRY_BASE.replace("    return None\n", f"    {call}  # AEON: fused norm on GB10\n")
    sides = s.merge_case(
        repo,
        {BINDINGS: BINDINGS_BASE, CARRY: CARRY_BASE, CUSTOM_OPS: CUSTOM_OPS_TEXT},
        {CARRY: fork},
        [("[Kernel] fused_add_rms_norm takes the residual first (#31000)", {BINDINGS: upstream})],
    )
    report = repo.audit(config, merge=sides)
    return [
        (f.line, f.rule_id, f.severity.value, f.message)
        for f in report.findings
        if f.path == CARRY and f.rule_id in (DRIFT, DEFAULT_DRIFT)
    ]


SWAPPED = BINDINGS_BASE.replace("Tensor! input, Tensor! residual", "Tensor! residual, Tensor! input")


def test_a_positional_call_into_a_reordered_schema(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, rule, severity, message)] = op_case(
        git_repo, no_rules, "torch.ops._C.fused_add_rms_norm(x, residual, weight, eps)", SWAPPED
    )
    assert (line, rule, severity) == (5, DRIFT, "error")
    assert message.startswith(
        "calls torch.ops._C.fused_add_rms_norm, the custom op csrc/torch_bindings.cpp defines: it is now "
        "fused_add_rms_norm(residual, input, weight, epsilon, use_fast_path): the call passes x as argument 1, "
        "which filled input and now fills residual"
    )
    assert "#31000" in message


def test_a_call_by_keyword_into_a_reordered_schema_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    call = "torch.ops._C.fused_add_rms_norm.default(input=x, residual=residual, weight=weight, epsilon=eps)"
    assert op_case(git_repo, no_rules, call, SWAPPED) == []


def test_a_schema_default_upstream_flipped(git_repo: GitRepo, no_rules: Path) -> None:
    flipped = BINDINGS_BASE.replace("use_fast_path=True", "use_fast_path=False")
    [(_, rule, severity, message)] = op_case(
        git_repo, no_rules, "torch.ops._C.fused_add_rms_norm(x, residual, weight, eps)", flipped
    )
    assert (rule, severity) == (DEFAULT_DRIFT, "warning")
    assert "without use_fast_path=, whose default upstream changed from True to False" in message


def test_another_op_of_the_file_changing_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Near miss: upstream changed a schema in the same file, not the one the fork calls."""
    other = BINDINGS_BASE.replace("Tensor input) -> ()", "Tensor input, float limit=1.0) -> ()")
    assert op_case(git_repo, no_rules, "torch.ops._C.fused_add_rms_norm(x, residual, weight, eps)", other) == []


ATTENTION = "vllm/attention/layer.py"
ATTENTION_BASE = """import torch

from vllm.utils import direct_register_custom_op


def unified_attention_with_output(
    query: torch.Tensor,
    key: torch.Tensor,
    value: torch.Tensor,
    output: torch.Tensor,
    layer_name: str,
    output_scale: torch.Tensor | None = None,
) -> None:
    pass


direct_register_custom_op(
    op_name="unified_attention_with_output",
    op_func=unified_attention_with_output,
    mutates_args=["output"],
)
"""
ATTENTION_INSERTED = ATTENTION_BASE.replace(
    "    output_scale: torch.Tensor | None = None,\n",
    "    output_block_scale: torch.Tensor | None = None,\n    output_scale: torch.Tensor | None = None,\n",
)


def registered_case(repo: GitRepo, config: Path, call: str) -> list[tuple[int, str]]:
    fork = CARRY_BASE.replace("    return None\n", f"    {call}  # AEON\n")
    sides = s.merge_case(
        repo,
        {ATTENTION: ATTENTION_BASE, "vllm/utils.py": "def direct_register_custom_op(**kwargs):\n    pass\n"},
        {CARRY: fork},
        [("[Attention] output block scale (#40001)", {ATTENTION: ATTENTION_INSERTED})],
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.path == CARRY and f.rule_id == DRIFT]


def test_a_python_registered_op_with_a_parameter_inserted_before_the_fork_s_argument(
    git_repo: GitRepo, no_rules: Path
) -> None:
    call = "torch.ops.vllm.unified_attention_with_output(x, x, x, residual, 'layer.0', weight)"
    [(line, message)] = registered_case(git_repo, no_rules, call)
    assert line == 5
    assert "the custom op vllm/attention/layer.py defines" in message
    assert "passes weight as argument 6, which filled output_scale and now fills output_block_scale" in message


def test_a_python_registered_op_called_by_keyword_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    call = "torch.ops.vllm.unified_attention_with_output(x, x, x, residual, 'layer.0', output_scale=weight)"
    assert registered_case(git_repo, no_rules, call) == []


def test_schema_strings_become_defs() -> None:
    text = (
        'm.def("a(Tensor! out, Tensor(a!)? x, int[2] s, str d=\\"auto\\", *, float e=1e-5) -> ()");\n'
        'm.def("a.out(Tensor x) -> ()");\n'  # an overload: another op
        'm.def("b(Tensor lambda) -> ()");\n'  # a parameter Python cannot name: not read
        'm.def("c(Tensor x) -> ()"); m.def("c(Tensor y) -> ()");\n'  # two of one name: platforms', unknowable
    )
    defs = op_definitions("csrc/ops.cpp", text, {"a", "b", "c"})
    assert list(defs) == ["a"]
    args = defs["a"].args
    assert [a.arg for a in args.args] == ["out", "x", "s", "d"] and [a.arg for a in args.kwonlyargs] == ["e"]


def test_only_calls_through_torch_ops_name_an_op() -> None:
    import ast

    def op(text: str) -> str | None:
        node = ast.parse(text, mode="eval").body
        assert isinstance(node, ast.Call)
        return called_op(node.func)

    assert op("torch.ops._C.rms_norm(x)") == "rms_norm"
    assert op("torch.ops._C.rms_norm.default(x)") == "rms_norm"
    assert op("ops.rms_norm(x)") is None and op("self.ops.rms_norm(x)") is None


def test_an_op_another_build_defines_unchanged_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """csrc/cpu/torch_bindings.cpp defines rms-norm ops of the same names: which definition the fork runs
    depends on the platform it is built for, so the reordered CUDA schema is a warning, naming both."""
    cpu = "csrc/cpu/torch_bindings.cpp"
    call = "torch.ops._C.fused_add_rms_norm(x, residual, weight, eps)"
    fork = CARRY_BASE.replace("    return None\n", f"    {call}  # AEON\n")
    sides = s.merge_case(
        git_repo,
        {BINDINGS: BINDINGS_BASE, CARRY: CARRY_BASE, cpu: BINDINGS_BASE},
        {CARRY: fork},
        [("[Kernel] fused_add_rms_norm takes the residual first (#31000)", {BINDINGS: SWAPPED})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    [finding] = [f for f in report.findings if f.path == CARRY and f.rule_id == DRIFT]
    assert finding.severity.value == "warning"
    assert "the custom op csrc/torch_bindings.cpp defines" in finding.message
    assert "csrc/cpu/torch_bindings.cpp defines an op of that name too, unchanged" in finding.message


SCAN = """TORCH_LIBRARY_EXPAND(TORCH_EXTENSION_NAME, ops) {
  ops.def(
      "selective_scan_fwd(Tensor! u, Tensor! delta, Tensor! ssm_states, int pad_slot_id, int block_size) -> ()");
}
"""
SCAN_35431 = SCAN.replace("int pad_slot_id", "int null_block_id")


def scan_case(repo: GitRepo, config: Path, argument: str) -> list[tuple[str, str]]:
    fork = CARRY_BASE + (
        f"\n\ndef aeon_scan(u, delta, ssm_states, pad_slot_id, block_size):\n"
        f"    torch.ops._C.selective_scan_fwd(u, delta, ssm_states, {argument}, block_size)  # AEON\n"
    )
    sides = s.merge_case(
        repo,
        {BINDINGS: SCAN, CARRY: CARRY_BASE},
        {CARRY: fork},
        [("[Bugfix] Use null block (0) for padded block table entries (#35431)", {BINDINGS: SCAN_35431})],
    )
    report = repo.audit(config, merge=sides)
    return [(f.severity.value, f.message) for f in report.findings if f.path == CARRY and f.rule_id == DRIFT]


def test_an_argument_spelled_like_a_parameter_upstream_renamed_in_place(git_repo: GitRepo, no_rules: Path) -> None:
    """#35431 renamed selective_scan_fwd's pad_slot_id to null_block_id (padding now points at block 0): a
    fork passing its pad slot id there binds as before, and means something else now."""
    [(severity, message)] = scan_case(git_repo, no_rules, "pad_slot_id")
    assert severity == "warning"
    assert "with pad_slot_id as argument 4, for pad_slot_id, which upstream renamed null_block_id" in message
    assert "pass it as null_block_id=" in message


def test_an_argument_named_otherwise_under_a_renamed_parameter_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    assert scan_case(git_repo, no_rules, "-1") == []


MOE = "vllm/model_executor/layers/aeon_moe_op.py"
MOE_BASE = """from vllm.utils import direct_register_custom_op


def moe_sum(x, out, topk=2, **kwargs):
    {body}


direct_register_custom_op(op_name="moe_sum", op_func=moe_sum, mutates_args=["out"])
"""


@pytest.mark.parametrize(
    ("body", "severity", "says"),
    [
        ("return None", "error", "**kwargs swallows it, unused"),
        ("return helper(x, out, **kwargs)", "warning", "**kwargs takes it and hands it on"),
        ('return x * kwargs.get("topk", 2)', None, None),
    ],
    ids=["ignored", "forwarded", "read"],
)
def test_a_keyword_an_op_s_kwargs_swallows_is_judged_as_a_function_call_s(
    git_repo: GitRepo, no_rules: Path, body: str, severity: str | None, says: str | None
) -> None:
    """A registered Python op whose named parameter upstream dropped into its **kwargs: the op path reads the
    callee's body as the function-call path does (test_symbol_drift's swallowed-keyword test), one severity."""
    before = MOE_BASE.format(body=body)
    after = before.replace("topk=2, ", "")
    fork = CARRY_BASE.replace("    return None\n", "    torch.ops.vllm.moe_sum(x, residual, topk=4)  # AEON\n")
    sides = s.merge_case(
        git_repo,
        {MOE: before, CARRY: CARRY_BASE, "vllm/utils.py": "def direct_register_custom_op(**kwargs):\n    pass\n"},
        {CARRY: fork},
        [("[MoE] topk from the config (#40002)", {MOE: after})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.severity.value, f.message) for f in report.findings if f.path == CARRY and f.rule_id == DRIFT]
    if severity is None:
        assert rows == []
        return
    [(got, message)] = rows
    assert got == severity and says is not None and says in message and "passes topk=" in message
    assert "the custom op vllm/model_executor/layers/aeon_moe_op.py defines" in message


V1_ATTENTION = "vllm/v1/attention/backends/flash_attn.py"
V1_ATTENTION_BASE = """import torch

from vllm.utils import direct_register_custom_op


def unified_flash_attention(output, query, key, value, kv_cache, scale) -> None:
    pass


direct_register_custom_op(op_name="unified_flash_attention", op_func=unified_flash_attention, mutates_args=["output"])
"""
V1_RENAMED = V1_ATTENTION_BASE.replace("unified_flash_attention", "unified_v1_flash_attention")
V0_ATTENTION = "vllm/attention/backends/flash_attn.py"
V0_OP = """import torch

from vllm.utils import direct_register_custom_op


def unified_flash_attention({params}):
    return query


direct_register_custom_op(op_name="unified_flash_attention", op_func=unified_flash_attention, mutates_args=[])
"""
V0_PARAMS = "query, key, value, num_heads, head_size, kv_cache, kv_cache_dtype, scale"


@pytest.mark.parametrize(
    ("v0_params", "call", "caught"),
    [
        (V0_PARAMS, "torch.ops.vllm.unified_flash_attention(out, q, k, v, kv_cache, scale)", True),
        # twins: the op left takes the call as well (the same op, moved); the call of the new name; a call
        # that did not fit the renamed op either (not the merge's doing)
        (
            "output, query, key, value, kv_cache, scale",
            "torch.ops.vllm.unified_flash_attention(out, q, k, v, c, s)",
            False,
        ),
        (V0_PARAMS, "torch.ops.vllm.unified_v1_flash_attention(out, q, k, v, kv_cache, scale)", False),
        (V0_PARAMS, "torch.ops.vllm.unified_flash_attention(out, q, k)", False),
        # the op left binds the call as well, but the arguments spelled like the renamed op's parameters land
        # one place off (the V1 op's leading output): the values shift
        (
            "query, key, value, kv_cache, scale, attn_type",
            "torch.ops.vllm.unified_flash_attention(output, query, key, value, kv_cache, scale)",
            True,
        ),
        # twins: the same arity, arguments that say nothing of their parameters; the same parameters, spelled
        (
            "query, key, value, kv_cache, scale, attn_type",
            "torch.ops.vllm.unified_flash_attention(out, q, k, v, c, s)",
            False,
        ),
        (
            "output, query, key, value, kv_cache, scale",
            "torch.ops.vllm.unified_flash_attention(output, query, key, value, kv_cache, scale)",
            False,
        ),
    ],
)
def test_a_renamed_op_whose_old_name_another_backend_registers(
    git_repo: GitRepo, no_rules: Path, v0_params: str, call: str, caught: bool
) -> None:
    """#9888 renamed the V1 backend's op ``unified_flash_attention`` to ``unified_v1_flash_attention``; the
    V0 backend still registers an op of the old name, so the fork's ``torch.ops.vllm.unified_flash_attention``
    still resolves, to the V0 op, which takes other parameters: an error when the call fit the V1 op."""
    fork = CARRY_BASE.replace("    return None\n", f"    {call}  # AEON\n")
    sides = s.merge_case(
        git_repo,
        {
            V1_ATTENTION: V1_ATTENTION_BASE,
            V0_ATTENTION: V0_OP.format(params=v0_params),
            CARRY: CARRY_BASE,
            "vllm/utils.py": "def direct_register_custom_op(**kwargs):\n    pass\n",
        },
        {CARRY: fork},
        [("[V1] Make v1 more testable (#9888)", {V1_ATTENTION: V1_RENAMED})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.severity.value, f.message) for f in report.findings if f.path == CARRY and f.rule_id == DRIFT]
    assert [(line, severity) for line, severity, _ in rows] == ([(5, "error")] if caught else [])
    if caught:
        assert f"the op of that name left is {V0_ATTENTION}'s" in rows[0][2]


# #32952 renamed Marlin's schema gptq_marlin_gemm -> marlin_gemm; #9888 the V1 backend's registration
# unified_flash_attention -> unified_v1_flash_attention, the V0 backend's of the old name left.  A fork's
# list of ops (the graph capture's opaque ops, a compilation config's splitting ops) names the op by string.
NAMED_FORK = """import torch

AEON_OPAQUE_OPS = [
    "_C::fused_add_rms_norm",
    "_C::silu_and_mul",
]
AEON_SPLITTING_OPS = ("vllm.unified_flash_attention", "vllm.unified_attention.default")
AEON_MODULES = ["os.path", "torch.nn"]
"""


BINDINGS_DROPPED = BINDINGS_BASE.split("\n  ops.def(\n")[0] + "\n}\n"
V1_DROPPED = V1_ATTENTION_BASE.split("\n\ndirect_register")[0] + "\n"


@pytest.mark.parametrize(
    ("bindings", "v1", "v0", "lines"),
    [
        # the schema renamed: the opaque list's entry; the V1 op renamed with the V0 op of the name left
        (BINDINGS_BASE.replace('"fused_add_rms_norm(', '"fused_add_rms_norm_v2('), V1_RENAMED, True, [4, 7]),
        # the schema dropped, no other left; the V1 registration dropped, the V0 one left (it is that op now)
        (BINDINGS_DROPPED, V1_DROPPED, True, [4]),
        # twins: nothing renamed; another op of the file renamed
        (BINDINGS_BASE, V1_ATTENTION_BASE, True, []),
        (BINDINGS_BASE.replace('"silu_and_mul(', '"silu_and_mul_v2('), V1_ATTENTION_BASE, False, [5]),
    ],
)
def test_an_op_named_by_string_in_a_list_of_ops(
    git_repo: GitRepo, no_rules: Path, bindings: str, v1: str, v0: bool, lines: list[int]
) -> None:
    fork = "vllm/compilation/aeon_ops.py"
    base = {
        BINDINGS: BINDINGS_BASE,
        V1_ATTENTION: V1_ATTENTION_BASE,
        fork: "import torch\n",
        "vllm/utils.py": "def direct_register_custom_op(**kwargs):\n    pass\n",
    }
    if v0:
        base[V0_ATTENTION] = V0_OP.format(params=V0_PARAMS)
    sides = s.merge_case(
        git_repo, base, {fork: NAMED_FORK}, [("[Refactor] Rename ops (#32952)", {BINDINGS: bindings, V1_ATTENTION: v1})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.severity.value, f.message) for f in report.findings if f.path == fork and f.rule_id == DRIFT]
    assert [(line, severity) for line, severity, _ in rows] == [(line, "error") for line in lines]
    if lines == [4]:
        assert "defined until upstream dropped it" in rows[0][2] and "no op of that name is left" in rows[0][2]
    if lines == [4, 7]:
        assert (
            'names the custom op "_C::fused_add_rms_norm", which csrc/torch_bindings.cpp defined until upstream '
            in rows[0][2]
        )
        assert "renamed it to fused_add_rms_norm_v2" in rows[0][2] and "#32952" in rows[0][2]
        assert f"{V0_ATTENTION} still defines an op of that name, which the list now names instead" in rows[1][2]


# #39125 (70406eb1dc) dropped the ``unified_attention`` op (every backend writes into an output buffer now,
# ``unified_attention_with_output``): no file registers an op of the name any more.
AEON_OP_FILE = "vllm/aeon/own_ops.py"
AEON_OWN_OP = """import torch

from vllm.utils import direct_register_custom_op


def unified_flash_attention(out, q, k, v, kv_cache, scale):
    return None


direct_register_custom_op(op_name="unified_flash_attention", op_func=unified_flash_attention, mutates_args=[])
"""


@pytest.mark.parametrize(
    ("call", "v0", "own", "caught"),
    [
        ("torch.ops.vllm.unified_flash_attention(out, q, k, v, kv_cache, scale)", False, False, True),
        ("torch.ops.vllm.unified_flash_attention.default(out, q, k, v, kv_cache, scale)", False, False, True),
        # twins: another op of that name left upstream (the call fits it); the fork registers its own; an op
        # upstream kept
        ("torch.ops.vllm.unified_flash_attention(output, query, key, value, kv_cache, scale)", True, False, False),
        ("torch.ops.vllm.unified_flash_attention(out, q, k, v, kv_cache, scale)", False, True, False),
        ("torch.ops._C.silu_and_mul(out, x)", False, False, False),
    ],
    ids=["dropped op", "its default overload", "twin: another op of the name", "twin: the fork's own op", "twin: kept"],
)
def test_a_call_of_an_op_upstream_dropped_everywhere(
    git_repo: GitRepo, no_rules: Path, call: str, v0: bool, own: bool, caught: bool
) -> None:
    fork = CARRY_BASE.replace("    return None\n", f"    {call}  # AEON\n")
    base = {
        V1_ATTENTION: V1_ATTENTION_BASE,
        BINDINGS: BINDINGS_BASE,
        CARRY: CARRY_BASE,
        "vllm/utils.py": "def direct_register_custom_op(**kwargs):\n    pass\n",
    }
    if v0:
        base[V0_ATTENTION] = V0_OP.format(params="output, query, key, value, kv_cache, scale")
    carries = {CARRY: fork, **({AEON_OP_FILE: AEON_OWN_OP} if own else {})}
    sides = s.merge_case(
        git_repo,
        base,
        carries,
        [("[Attention][V0 Deprecation] Deprecate accept output buffer (#39125)", {V1_ATTENTION: V1_DROPPED})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.severity.value, f.message) for f in report.findings if f.path == CARRY and f.rule_id == DRIFT]
    assert [(line, severity) for line, severity, _ in rows] == ([(5, "error")] if caught else [])
    if caught:
        assert f"the custom op {V1_ATTENTION} registered until upstream dropped it" in rows[0][2]
        assert "no op of that name is left" in rows[0][2]


def test_an_op_name_still_quoted_where_its_registration_went_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream registers the op from a table of names now: the name is still quoted, the op may be there."""
    fork = CARRY_BASE.replace(
        "    return None\n", "    torch.ops.vllm.unified_flash_attention(out, q, k, v, c, s)  # AEON\n"
    )
    table = (
        V1_DROPPED
        + '\nfor _name, _fn in [("unified_flash_attention", unified_flash_attention)]:\n    register(_name, _fn)\n'
    )
    sides = s.merge_case(
        git_repo,
        {
            V1_ATTENTION: V1_ATTENTION_BASE,
            CARRY: CARRY_BASE,
            "vllm/utils.py": "def direct_register_custom_op(**kwargs):\n    pass\n",
        },
        {CARRY: fork},
        [("[Refactor] Register ops from a table (#1)", {V1_ATTENTION: table})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    errs = [
        f.message for f in report.findings if f.path == CARRY and f.rule_id == DRIFT and f.severity.value == "error"
    ]
    assert errs == []


# The fork's entry inside an upstream list of ops that starts and ends on upstream's lines: the display spans the
# fork's line, so the walk of what spans the fork's lines (symbols._named_ops) still reaches it.
SHARED_LIST = """import torch

OPAQUE_OPS = [
    "_C::silu_and_mul",
    "vllm.unified_attention.default",
]


def opaque():
    return list(OPAQUE_OPS)
"""


@pytest.mark.parametrize(("renamed", "lines"), [(True, [5]), (False, [])], ids=["renamed", "twin: kept"])
def test_a_fork_entry_inside_an_upstream_list_of_ops(
    git_repo: GitRepo, no_rules: Path, renamed: bool, lines: list[int]
) -> None:
    path = "vllm/compilation/opaque.py"
    base = {BINDINGS: BINDINGS_BASE, path: SHARED_LIST}
    fork = SHARED_LIST.replace('    "_C::silu_and_mul",\n', '    "_C::silu_and_mul",\n    "_C::fused_add_rms_norm",\n')
    bindings = BINDINGS_BASE.replace('"fused_add_rms_norm(', '"fused_add_rms_norm_v2(') if renamed else BINDINGS_BASE
    sides = s.merge_case(git_repo, base, {path: fork}, [("[Refactor] Rename ops (#32952)", {BINDINGS: bindings})])
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.severity.value) for f in report.findings if f.path == path and f.rule_id == DRIFT]
    assert rows == [(line, "error") for line in lines]
