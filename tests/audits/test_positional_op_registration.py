"""A custom op registered by positional arguments, ``direct_register_custom_op("name", impl, ...)``.

#49621 (f472ab0a4c) dropped fp8_utils' ``direct_register_custom_op("triton_per_token_group_quant_fp8",
_triton_per_token_group_quant_fp8_impl, fake_impl=...)``: a fork's ``torch.ops.vllm.
triton_per_token_group_quant_fp8(x, 128)`` merges cleanly and raises AttributeError on first call.  The
keyword form (``op_name=``, ``op_func=``) was read; the positional one was not, so the op seemed never defined.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

UTILS = "vllm/quant/fp8_utils.py"
REGISTER = "def {registrar}(op_name, op_func, mutates_args=None, fake_impl=None):\n    pass\n\n\n"
OP = (
    "def _group_quant_impl(x, group_size):\n    return x\n\n\n"
    'REG("triton_group_quant", _group_quant_impl, fake_impl=_group_quant_impl)\n\n\n'
    "def per_token_group_quant(x, group_size):\n    return x\n"
)
CALL = "import torch\n\n\ndef aeon_quant(x):\n    return torch.ops.vllm.triton_group_quant(x, 128)\n"


def _base(registrar: str) -> str:
    return REGISTER.format(registrar=registrar) + OP.replace("REG", registrar)


def _rows(git_repo: GitRepo, tmp_path: Path, base: str, theirs: str, fork: str = CALL) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {"vllm/__init__.py": "", UTILS: base}, {"vllm/aeon_quant.py": fork}, {UTILS: theirs})
    return [row for row in found(audit(git_repo, sides, tmp_path), DRIFT) if row[0] == "vllm/aeon_quant.py"]


def test_a_call_of_a_positionally_registered_op_upstream_dropped(git_repo: GitRepo, tmp_path: Path) -> None:
    base = _base("direct_register_custom_op")
    dropped = base.replace(
        'direct_register_custom_op("triton_group_quant", _group_quant_impl, fake_impl=_group_quant_impl)\n', ""
    )
    assert _rows(git_repo, tmp_path, base, dropped) == [("vllm/aeon_quant.py", line_of(CALL, "torch.ops"), "error")]


def test_a_positionally_registered_op_with_a_parameter_inserted(git_repo: GitRepo, tmp_path: Path) -> None:
    base = _base("direct_register_custom_op")
    inserted = base.replace("def _group_quant_impl(x, group_size):", "def _group_quant_impl(x, scale, group_size):")
    assert _rows(git_repo, tmp_path, base, inserted) == [("vllm/aeon_quant.py", line_of(CALL, "torch.ops"), "error")]


@pytest.mark.parametrize(
    ("registrar", "change"),
    [
        (
            "direct_register_custom_op",
            ("def per_token_group_quant(x, group_size):", "def per_token_group_quant(x, size):"),
        ),
        (
            "register_backend",
            ('register_backend("triton_group_quant", _group_quant_impl, fake_impl=_group_quant_impl)\n', ""),
        ),
    ],
    ids=["twin: the op kept", "twin: not an op's registrar"],
)
def test_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, registrar: str, change: tuple[str, str]) -> None:
    base = _base(registrar)
    assert _rows(git_repo, tmp_path, base, base.replace(*change)) == []
