"""A ``hasattr`` availability probe of a function its module deleted (#32688's shape) is a warning, not an error.

#32688 deleted ``_custom_ops.gptq_marlin_24_gemm``; a fork's ``hasattr(ops, "gptq_marlin_24_gemm")`` now takes its
fallback, what a deletion asks for.  On the same kind of line upstream moved the fake of an op the file defined all
along (``hasattr(torch.ops._C, "awq_dequantize")``): no rename.  An object's attribute probed is quiet since
revBR (``getattr(x, "f", None)`` off it since mend48): the deleted module function is not what it asks for.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.drift.names import RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

OPS = "vllm/_custom_ops.py"
OPS_TEXT = """import torch

if hasattr(torch.ops._C, "marlin_24_gemm"):
    pass


def awq_dequantize(qweight, scales):
    return torch.ops._C.awq_dequantize(qweight, scales)


def marlin_24_gemm(a, b_q_weight):
    return torch.ops._C.marlin_24_gemm(a, b_q_weight)
"""
DELETED = OPS_TEXT.replace('"marlin_24_gemm"', '"awq_dequantize"').split("\n\ndef marlin_24_gemm")[0] + "\n"
PACKAGES = {"vllm/__init__.py": "", "vllm/aeon/__init__.py": ""}
FORK = "vllm/aeon/probes.py"
FORK_TEXT = """from vllm import _custom_ops as ops


def aeon_has_24() -> bool:
    return hasattr(ops, "marlin_24_gemm")


def aeon_layer_has_24(layer) -> bool:
    return hasattr(layer, "marlin_24_gemm")
"""


def test_a_module_probe_of_a_deleted_function_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, {**PACKAGES, OPS: OPS_TEXT}, {FORK: FORK_TEXT}, {OPS: DELETED})
    report = audit(git_repo, sides, tmp_path)
    got = sorted(f for f in found(report, RULE) if f[0] == FORK)
    module = line_of(FORK_TEXT, "hasattr(ops,")
    assert got == [(FORK, module, "warning")]
    [message] = [f.message for f in report.findings if f.path == FORK and f.line == module]
    assert "removed attribute 'marlin_24_gemm'" in message and "awq_dequantize" not in message


GETATTR_TEXT = """from vllm import _custom_ops as ops


def aeon_gemm_24():
    return getattr(ops, "marlin_24_gemm", None)


def aeon_layer_gemm_24(layer):
    return getattr(layer, "marlin_24_gemm", None)
"""


def test_a_getattr_with_a_default_probing_the_module_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    """#49803 deleted ``config.is_interleaved``; ``getattr(config, "is_interleaved", None)`` is the hasattr probe
    spelt with a default: the fork's fallback runs.  An object's attribute read with a None default is quiet
    since mend48: the deleted module function is not what it reads (below)."""
    sides = three_way(git_repo, {**PACKAGES, OPS: OPS_TEXT}, {FORK: GETATTR_TEXT}, {OPS: DELETED})
    got = sorted(f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK)
    assert got == [(FORK, line_of(GETATTR_TEXT, "getattr(ops,"), "warning")]


# mend48: ``getattr(x, "f", None)`` off anything but the module whose file deleted its function ``f``
OBJECT_TEXT = """import torch


class AeonLayer(torch.nn.Module):
    def gemm(self):
        return getattr(self, "marlin_24_gemm", None)

    def quant_gemm(self):
        return getattr(self.quant_method, "marlin_24_gemm", None)


def aeon_gemm(layer):
    return getattr(layer, "marlin_24_gemm", None)
"""


def test_a_getattr_with_none_off_another_object_than_the_module_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, {**PACKAGES, OPS: OPS_TEXT}, {FORK: OBJECT_TEXT}, {OPS: DELETED})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK] == []


# revBR: ``hasattr(x, "f")`` and a fallback function for a default ask the None default's question of the object
PROBE_TEXT = """def aeon_sliding(hf_config) -> bool:
    if hasattr(hf_config, "marlin_24_gemm"):
        return bool(hf_config.marlin_24_gemm())
    return False


def aeon_gemm(layer) -> bool:
    return bool(getattr(layer, "marlin_24_gemm", lambda: False)())
"""


def test_a_hasattr_or_a_fallback_default_off_another_object_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, {**PACKAGES, OPS: OPS_TEXT}, {FORK: PROBE_TEXT}, {OPS: DELETED})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK] == []


def test_a_hasattr_where_a_class_lost_a_method_of_the_name_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(
        git_repo,
        {**PACKAGES, OPS: OPS_TEXT, METHOD: METHOD_TEXT},
        {FORK: PROBE_TEXT},
        {OPS: DELETED, METHOD: METHOD_GONE},
    )
    got = sorted(f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK)
    assert got and all(severity == "error" for _, _, severity in got)


METHOD = "vllm/kernel.py"
METHOD_TEXT = (
    "class Kernel:\n    def marlin_24_gemm(self, a):\n        return a\n\n    def other(self, a):\n        return a\n"
)
METHOD_GONE = "class Kernel:\n    def other(self, a):\n        return a\n"


def test_a_getattr_with_none_where_a_class_lost_a_method_of_the_name_stays_an_error(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    sides = three_way(
        git_repo,
        {**PACKAGES, OPS: OPS_TEXT, METHOD: METHOD_TEXT},
        {FORK: OBJECT_TEXT},
        {OPS: DELETED, METHOD: METHOD_GONE},
    )
    got = sorted(f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK)
    assert got and all(severity == "error" for _, _, severity in got)


# review45: a default that reads a value (a flag) where the deleted name was a function: the fork read some
# object's field of the name (#49803 deleted ``is_interleaved()``; a fork read a config's ``is_interleaved``)
FLAG_TEXT = """def aeon_layer_flag(layer) -> bool:
    return bool(getattr(layer, "marlin_24_gemm", False))
"""
CFG = "vllm/cfg.py"
CFG_TEXT = "class Cfg:\n    def __init__(self):\n        self.use_marlin_24 = True\n        self.dtype = 'fp16'\n"
CFG_GONE = "class Cfg:\n    def __init__(self):\n        self.dtype = 'fp16'\n"
FIELD_TEXT = """def aeon_uses_24(cfg) -> bool:
    return bool(getattr(cfg, "use_marlin_24", False))
"""


def test_a_value_default_for_a_deleted_function_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, {**PACKAGES, OPS: OPS_TEXT}, {FORK: FLAG_TEXT}, {OPS: DELETED})
    got = [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK]
    assert got == [(FORK, line_of(FLAG_TEXT, "getattr(layer,"), "warning")]


def test_a_value_default_for_a_deleted_field_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, {**PACKAGES, CFG: CFG_TEXT}, {FORK: FIELD_TEXT}, {CFG: CFG_GONE})
    got = [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK]
    assert got == [(FORK, line_of(FIELD_TEXT, "getattr(cfg,"), "error")]


# blind_replay_speed #26743/#32812: a setting the module serves (an environment variable of ``envs``), removed;
# ``getattr(envs, "X", False)`` is no probe for a missing function: it reads the default from now on, the fork's
# setting silently ignored
ENVS = "vllm/envs.py"
ENVS_TEXT = (
    "import os\n\nenvironment_variables = {\n"
    '    "VLLM_PAD_OFF": lambda: bool(int(os.getenv("VLLM_PAD_OFF", "0"))),\n'
    '    "VLLM_LOG": lambda: os.getenv("VLLM_LOG", "info"),\n}\n\n\n'
    "def __getattr__(name):\n    return environment_variables[name]()\n"
)
ENVS_GONE = ENVS_TEXT.replace('    "VLLM_PAD_OFF": lambda: bool(int(os.getenv("VLLM_PAD_OFF", "0"))),\n', "")
SETTING_TEXT = """from vllm import envs


def aeon_padded(n: int) -> int:
    if getattr(envs, "VLLM_PAD_OFF", False):
        return n
    return n + 1
"""


def test_a_getattr_with_a_default_of_a_removed_setting_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, {**PACKAGES, ENVS: ENVS_TEXT}, {FORK: SETTING_TEXT}, {ENVS: ENVS_GONE})
    got = [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK]
    assert got == [(FORK, line_of(SETTING_TEXT, "getattr(envs,"), "error")]


BENCH = "benchmarks/bench_marlin.py"
BENCH_TEXT = 'KERNELS = {\n    "marlin_24_gemm": 24,\n    "awq_dequantize": 4,\n}\n'
BENCH_GONE = 'KERNELS = {\n    "awq_dequantize": 4,\n}\n'


def test_a_key_a_table_lost_beside_the_deleted_function_keeps_the_getattr_quiet(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    """#32688 also dropped ``"gptq_marlin_24_gemm"`` from a benchmark's table of kernels: a dict's key, no
    attribute of the layer a fork's ``getattr(layer, ..., None)`` asks."""
    sides = three_way(
        git_repo,
        {**PACKAGES, OPS: OPS_TEXT, BENCH: BENCH_TEXT},
        {FORK: OBJECT_TEXT},
        {OPS: DELETED, BENCH: BENCH_GONE},
    )
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK] == []
