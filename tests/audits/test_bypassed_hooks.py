"""Bypassed hooks (drift/bypassed_hooks.py): #44589 moved ``WeightsMapper._map_name``'s body into a new
``_map_name_with_shard``, kept ``_map_name`` as its wrapper, and ``apply`` now calls the new one; a fork
override of ``_map_name`` no longer maps the weights."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/model_executor/models/utils.py"
BASE_TEXT = """from dataclasses import dataclass, field


@dataclass
class WeightsMapper:
    orig_to_new_prefix: dict = field(default_factory=dict)

    def _map_name(self, key: str) -> str | None:
        for old, new in self.orig_to_new_prefix.items():
            if key.startswith(old):
                key = new + key[len(old):]
        return key

    def apply(self, weights):
        return ((out, data) for name, data in weights if (out := self._map_name(name)) is not None)

    def apply_list(self, values: list[str]) -> list[str]:
        return [out for name in values if (out := self._map_name(name)) is not None]
"""
UPSTREAM_TEXT = """from dataclasses import dataclass, field


@dataclass
class WeightsMapper:
    orig_to_new_prefix: dict = field(default_factory=dict)

    def _map_name(self, key: str) -> str | None:
        result = self._map_name_with_shard(key)
        return result[0] if result is not None else None

    def _map_name_with_shard(self, key: str) -> tuple[str, int | None] | None:
        for old, new in self.orig_to_new_prefix.items():
            if key.startswith(old):
                key = new + key[len(old):]
        return key, None

    def apply(self, weights):
        for name, data in weights:
            result = self._map_name_with_shard(name)
            if result is not None:
                yield result[0], data

    def apply_list(self, values: list[str]) -> list[str]:
        return [out for name in values if (out := self._map_name(name)) is not None]
"""
SUBJECT = "Remove unnecessary `load_weights` methods (#44589)"
FORK = "vllm/aeon/mapper.py"
FORK_TEXT = """from vllm.model_executor.models.utils import WeightsMapper


class AeonMapper(WeightsMapper):
    def _map_name(self, key: str) -> str | None:
        return super()._map_name(key.removeprefix("aeon."))


class AeonMapper2(WeightsMapper):
    def apply(self, weights):
        return super().apply((n.removeprefix("aeon."), w) for n, w in weights)


class AeonMapper3(WeightsMapper):
    def _map_name(self, key: str) -> str | None:
        return super()._map_name(key.removeprefix("aeon."))

    def apply(self, weights):
        return ((n, w) for n, w in weights if (n := self._map_name(n)) is not None)


class AeonMapper4(WeightsMapper):
    def apply_list(self, values: list[str]) -> list[str]:
        return super().apply_list([v.lower() for v in values])
"""


def test_an_override_of_a_method_upstream_made_a_wrapper_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The ``_map_name`` override is an error; overrides of ``apply`` (the caller), ``apply_list`` (still
    calling ``_map_name``), and a class overriding the caller as well are quiet."""
    sides = s.merge_case(git_repo, {UTILS: BASE_TEXT}, {FORK: FORK_TEXT}, [(SUBJECT, {UTILS: UPSTREAM_TEXT})])
    found = [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]
    assert [(line, severity) for line, severity, _ in found] == [(5, "error")]
    assert "WeightsMapper.apply now calls _map_name_with_shard" in found[0][2] and "#44589" in found[0][2]


MIXIN_FORK = """from vllm.model_executor.models.utils import WeightsMapper
from vllm.aeon.mixins import AeonImportedMixin

MAP = "    def _map_name(self, key: str) -> str | None:\\n        return super()._map_name(key)\\n"


class AeonApplyMixin:
    def apply(self, weights):
        return ((n, w) for n, w in weights if (n := self._map_name(n)) is not None)


class AeonMixed(AeonApplyMixin, WeightsMapper):
    def _map_name(self, key: str) -> str | None:
        return super()._map_name(key.removeprefix("aeon."))


class AeonAliased(WeightsMapper):
    def _map_name(self, key: str) -> str | None:
        return super()._map_name(key.removeprefix("aeon."))

    def _aeon_with_shard(self, key):
        return self._map_name(key), None

    _map_name_with_shard = _aeon_with_shard


class AeonElsewhere(AeonImportedMixin, WeightsMapper):
    def _map_name(self, key: str) -> str | None:
        return super()._map_name(key.removeprefix("aeon."))


class AeonAfter(WeightsMapper, AeonApplyMixin):
    def _map_name(self, key: str) -> str | None:
        return super()._map_name(key.removeprefix("aeon."))
"""


def test_a_caller_a_local_mixin_or_a_class_alias_overrides_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: a local mixin listed before the mapper overrides the caller, and a class-level alias
    (``_map_name_with_shard = _aeon_with_shard``) overrides the new method: quiet; a mixin imported from
    elsewhere may override it (a warning); a mixin listed after the mapper comes after it in the MRO (an
    error)."""
    fork = {FORK: MIXIN_FORK, "vllm/aeon/mixins.py": "class AeonImportedMixin:\n    pass\n"}
    sides = s.merge_case(git_repo, {UTILS: BASE_TEXT}, fork, [(SUBJECT, {UTILS: UPSTREAM_TEXT})])
    found = [(ln, sev) for p, ln, sev, _ in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]
    assert found == [(28, "warning"), (33, "error")]


def test_a_caller_that_still_reads_the_old_method_off_self_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: upstream's caller calls the new wrapper but also binds the old method (``mapper = self._map_name``)
    and calls it: the fork's override still runs: quiet."""
    upstream = UPSTREAM_TEXT.replace(
        "        for name, data in weights:\n            result = self._map_name_with_shard(name)\n"
        "            if result is not None:\n                yield result[0], data\n",
        "        mapper = self._map_name\n"
        "        for name, data in weights:\n            shard = self._map_name_with_shard(name)\n"
        "            out = mapper(name)\n"
        "            if out is not None and shard is not None:\n                yield out, data\n",
    )
    assert upstream != UPSTREAM_TEXT
    fork = (
        "from vllm.model_executor.models.utils import WeightsMapper\n\n\n"
        "class AeonMapper(WeightsMapper):\n    def _map_name(self, key: str) -> str | None:\n"
        "        return super()._map_name(key.removeprefix('aeon.'))\n"
    )
    sides = s.merge_case(git_repo, {UTILS: BASE_TEXT}, {FORK: fork}, [(SUBJECT, {UTILS: upstream})])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []


# -- an inlined delegation: #39058 gave ReLUSquaredActivation a CUDA kernel; forward_cuda no longer hands on to
# forward_native, so a fork subclass overriding forward_native alone is skipped on CUDA
ACT = "vllm/model_executor/layers/activation.py"
ACT_BASE = """import torch
import torch.nn.functional as F

from vllm.model_executor.custom_op import CustomOp


class ReLUSquaredActivation(CustomOp):
    def forward_native(self, x: torch.Tensor) -> torch.Tensor:
        return torch.square(F.relu(x))

    def forward_cuda(self, x: torch.Tensor) -> torch.Tensor:
        \"\"\"The native path until a kernel exists.\"\"\"
        return self.forward_native(x)

    def forward_xpu(self, x: torch.Tensor) -> torch.Tensor:
        return self.forward_cuda(x)


class GeluAndMul(CustomOp):
    def __init__(self):
        super().__init__()
        self.op = torch.ops._C.gelu_and_mul

    def forward_native(self, x: torch.Tensor) -> torch.Tensor:
        d = x.shape[-1] // 2
        return F.gelu(x[..., :d]) * x[..., d:]

    def forward_cuda(self, x: torch.Tensor) -> torch.Tensor:
        if x.numel() == 0:
            return self.forward_native(x)
        out = torch.empty_like(x[..., : x.shape[-1] // 2])
        self.op(out, x)
        return out
"""
ACT_UPSTREAM = """import torch
import torch.nn.functional as F

from vllm.model_executor.custom_op import CustomOp


class ReLUSquaredActivation(CustomOp):
    def __init__(self):
        super().__init__()
        self.op = torch.ops._C.relu_squared

    def forward_native(self, x: torch.Tensor) -> torch.Tensor:
        return torch.square(F.relu(x))

    def forward_cuda(self, x: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        self.op(out, x)
        return out

    def forward_xpu(self, x: torch.Tensor) -> torch.Tensor:
        return self.forward_native(x)


class GeluAndMul(CustomOp):
    def __init__(self):
        super().__init__()
        self.op = torch.ops._C.gelu_and_mul

    def forward_native(self, x: torch.Tensor) -> torch.Tensor:
        d = x.shape[-1] // 2
        return F.gelu(x[..., :d]) * x[..., d:]

    def forward_cuda(self, x: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x[..., : x.shape[-1] // 2])
        self.op(out, x)
        return out
"""
ACT_SUBJECT = "[Kernel] Implement CUDA kernel for ReLUSquaredActivation (relu^2) (#39058)"
ACT_FORK = "vllm/aeon/acts.py"
ACT_FORK_TEXT = """import torch

from vllm.model_executor.layers.activation import GeluAndMul, ReLUSquaredActivation


class AeonCapped(ReLUSquaredActivation):
    def forward_native(self, x: torch.Tensor) -> torch.Tensor:
        return super().forward_native(x).clamp(max=65504.0)


class AeonCappedBoth(ReLUSquaredActivation):
    def forward_native(self, x: torch.Tensor) -> torch.Tensor:
        return super().forward_native(x).clamp(max=65504.0)

    def forward_cuda(self, x: torch.Tensor) -> torch.Tensor:
        return self.forward_native(x)


class AeonCudaOnly(ReLUSquaredActivation):
    def forward_cuda(self, x: torch.Tensor) -> torch.Tensor:
        return super().forward_cuda(x.contiguous())


class AeonGelu(GeluAndMul):
    def forward_native(self, x: torch.Tensor) -> torch.Tensor:
        return super().forward_native(x.float()).to(x.dtype)
"""


def test_an_override_of_a_delegation_upstream_inlined_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``forward_cuda`` was ``return self.forward_native(x)`` and now runs a kernel: the ``forward_native``
    override is an error, and quiet in a class overriding ``forward_cuda`` too; ``forward_xpu`` re-pointed from
    ``forward_cuda`` to ``forward_native`` (a sibling: XPU's path, which the fork may not run) makes either
    override of ``forward_cuda`` a warning; a caller that did more than delegate (GeluAndMul's empty-input
    fallback) is dead-knob drift's, quiet here while another upstream line may still call the hook."""
    sides = s.merge_case(git_repo, {ACT: ACT_BASE}, {ACT_FORK: ACT_FORK_TEXT}, [(ACT_SUBJECT, {ACT: ACT_UPSTREAM})])
    rows = [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == ACT_FORK]
    found = [(line, severity) for line, severity, _ in rows]
    assert found == [(7, "error"), (15, "warning"), (20, "warning")]
    assert "ReLUSquaredActivation.forward_cuda no longer calls" in rows[0][2] and "#39058" in rows[0][2]
    assert "override forward_cuda as well" in rows[0][2]
    assert "ReLUSquaredActivation.forward_xpu no longer calls" in rows[2][2] and "another method" in rows[2][2]


QUIET_FORK = """import torch

from vllm.model_executor.layers.activation import ReLUSquaredActivation


class AeonCapped(ReLUSquaredActivation):
    def forward_native(self, x: torch.Tensor) -> torch.Tensor:
        return super().forward_native(x).clamp(max=65504.0)
"""
KERNEL_CALL = "        out = torch.empty_like(x)\n        self.op(out, x)\n        return out\n"


HELPER = ACT_UPSTREAM.replace(
    KERNEL_CALL,
    "        return self._kernel_or_native(x)\n\n"
    "    def _kernel_or_native(self, x: torch.Tensor) -> torch.Tensor:\n"
    "        if x.numel() == 0:\n            return self.forward_native(x)\n" + KERNEL_CALL,
)
INHERITED = ACT_UPSTREAM.replace(KERNEL_CALL, "        return self._forward_method(x)\n")
UPWARD = ACT_UPSTREAM.replace(KERNEL_CALL, "        return super().forward_cuda(x)\n")
BOUND = ACT_UPSTREAM.replace(
    "        self.op = torch.ops._C.relu_squared\n", "        self.op = self.forward_native\n"
).replace(KERNEL_CALL, "        return self.op(x)\n")


@pytest.mark.parametrize("upstream", [HELPER, INHERITED, UPWARD, BOUND], ids=["helper", "inherited", "super", "bound"])
def test_an_upstream_caller_that_may_still_reach_the_hook_is_quiet(
    git_repo: GitRepo, no_rules: Path, upstream: str
) -> None:
    """Twins: upstream's ``forward_cuda`` reaches ``forward_native`` through a helper method of the class, calls
    an attribute the class does not bind (``self._forward_method``, set by the base), calls ``super()``, or a
    handle the class binds to one of its methods: the override may still run, so nothing is said."""
    assert upstream != ACT_UPSTREAM
    sides = s.merge_case(git_repo, {ACT: ACT_BASE}, {ACT_FORK: QUIET_FORK}, [(ACT_SUBJECT, {ACT: upstream})])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == ACT_FORK] == []


ROUTED_FORK = """import torch

from vllm.model_executor.layers.activation import ReLUSquaredActivation


class AeonEverywhere(ReLUSquaredActivation):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.forward_native(x)

    def forward_native(self, x: torch.Tensor) -> torch.Tensor:
        return super().forward_native(x).clamp(max=65504.0)


class AeonBound(ReLUSquaredActivation):
    def __init__(self) -> None:
        super().__init__()
        self._forward_method = self.forward_native

    def forward_native(self, x: torch.Tensor) -> torch.Tensor:
        return super().forward_native(x).clamp(max=65504.0)


class AeonCapped(ReLUSquaredActivation):
    def __init__(self) -> None:
        super().__init__()
        self.cap = 65504.0

    def forward_native(self, x: torch.Tensor) -> torch.Tensor:
        return super().forward_native(x).clamp(max=self.cap)
"""


def test_a_class_that_routes_to_its_own_hook_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """Twins: a subclass whose own ``forward`` calls its ``forward_native``, or whose ``__init__`` binds
    ``self._forward_method`` to it, runs the override on every platform whatever upstream's ``forward_cuda`` now
    does: a warning, not an error (a helper of the fork's reading the hook would not route anything); a class
    that only overrides ``forward_native`` beside an ``__init__`` of its own stays an error."""
    sides = s.merge_case(git_repo, {ACT: ACT_BASE}, {ACT_FORK: ROUTED_FORK}, [(ACT_SUBJECT, {ACT: ACT_UPSTREAM})])
    rows = [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == ACT_FORK]
    assert [(line, severity) for line, severity, _ in rows] == [(10, "warning"), (19, "warning"), (28, "error")]
    assert "own forward, which reads forward_native itself" in rows[0][2]


# -- a caller that ran an inherited hook on every run now does the work without it: #40392 moved
# DeepseekScalingRotaryEmbedding.forward_native's body into a static forward_static handed self.cos_sin_cache,
# dropping its call of _match_cos_sin_cache_dtype (declared in base.py, a file the change did not touch)
ROPE_BASE = "vllm/model_executor/layers/rotary_embedding/base.py"
ROPE_BASE_TEXT = """import torch

from vllm.model_executor.custom_op import CustomOp


class RotaryEmbeddingBase(CustomOp):
    def _match_cos_sin_cache_dtype(self, query: torch.Tensor) -> torch.Tensor:
        return self.cos_sin_cache.to(query.device, dtype=query.dtype)
"""
DEEP = "vllm/model_executor/layers/rotary_embedding/deepseek_scaling_rope.py"
DEEP_BASE = """import torch

from .base import RotaryEmbeddingBase


class DeepseekScalingRotaryEmbedding(RotaryEmbeddingBase):
    def forward_native(self, positions: torch.Tensor, query: torch.Tensor) -> torch.Tensor:
        cos_sin_cache = self._match_cos_sin_cache_dtype(query)
        cos_sin = cos_sin_cache[positions]
        return query * cos_sin

    def forward_xpu(self, positions: torch.Tensor, query: torch.Tensor) -> torch.Tensor:
        if query.numel() == 0:
            return self.forward_native(positions, query)
        return query + self._match_cos_sin_cache_dtype(query)[positions]
"""
DEEP_UPSTREAM = DEEP_BASE.replace(
    """        cos_sin_cache = self._match_cos_sin_cache_dtype(query)
        cos_sin = cos_sin_cache[positions]
        return query * cos_sin
""",
    """        return self.forward_static(positions, query, self.cos_sin_cache)

    @staticmethod
    def forward_static(positions: torch.Tensor, query: torch.Tensor, cache: torch.Tensor) -> torch.Tensor:
        return query * cache[positions]
""",
)
DEEP_SUBJECT = "[Performance][DSR1]: Fused RoPE+KVCache+q_concat for MLA (#40392)"
DEEP_FORK = "vllm/aeon/deep.py"
DEEP_FORK_TEXT = """import torch

from vllm.model_executor.layers.rotary_embedding.deepseek_scaling_rope import DeepseekScalingRotaryEmbedding


class AeonFp32(DeepseekScalingRotaryEmbedding):
    def _match_cos_sin_cache_dtype(self, query: torch.Tensor) -> torch.Tensor:
        return self.cos_sin_cache.to(query.device, dtype=torch.float32)


class AeonFp32Both(DeepseekScalingRotaryEmbedding):
    def _match_cos_sin_cache_dtype(self, query: torch.Tensor) -> torch.Tensor:
        return self.cos_sin_cache.to(query.device, dtype=torch.float32)

    def forward_native(self, positions: torch.Tensor, query: torch.Tensor) -> torch.Tensor:
        return query * self._match_cos_sin_cache_dtype(query)[positions]
"""


def _deep_rows(git_repo: GitRepo, no_rules: Path, upstream: str) -> list[tuple[int, str, str]]:
    base = {ROPE_BASE: ROPE_BASE_TEXT, DEEP: DEEP_BASE}
    sides = s.merge_case(git_repo, base, {DEEP_FORK: DEEP_FORK_TEXT}, [(DEEP_SUBJECT, {DEEP: upstream})])
    return [
        (ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == DEEP_FORK
    ]


def test_an_inherited_hook_a_caller_ran_on_every_run_and_dropped_is_a_warning(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """``forward_native`` ran ``self._match_cos_sin_cache_dtype(query)`` as a statement of its own (the hook
    declared in another file) and now hands ``self.cos_sin_cache`` to a static method: a fork override of the
    hook alone is a warning on its ``def``; one overriding ``forward_native`` too is quiet, and ``forward_xpu``'s
    call under an ``if`` (kept here) says nothing."""
    rows = _deep_rows(git_repo, no_rules, DEEP_UPSTREAM)
    assert [(line, severity) for line, severity, _ in rows] == [(7, "warning")]
    assert "DeepseekScalingRotaryEmbedding.forward_native called on every run" in rows[0][2]
    assert "#40392" in rows[0][2]


def test_a_static_helper_handed_self_may_still_run_the_hook(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: upstream's static helper is handed ``self`` (it may call the hook): quiet."""
    handed = DEEP_UPSTREAM.replace(
        "self.forward_static(positions, query, self.cos_sin_cache)", "self.forward_static(positions, query, self)"
    )
    assert handed != DEEP_UPSTREAM
    assert _deep_rows(git_repo, no_rules, handed) == []


def test_a_hook_a_caller_ran_on_some_runs_only_is_left_to_dead_knob_drift(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: the caller ran the hook under an ``if`` at the base (an edge path's fallback, dropped): dead-knob
    drift's, quiet here."""
    guarded_base = DEEP_BASE.replace(
        "        cos_sin_cache = self._match_cos_sin_cache_dtype(query)\n",
        "        cos_sin_cache = self.cos_sin_cache\n"
        "        if cos_sin_cache.dtype != query.dtype:\n"
        "            cos_sin_cache = self._match_cos_sin_cache_dtype(query)\n",
    )
    assert guarded_base != DEEP_BASE
    base = {ROPE_BASE: ROPE_BASE_TEXT, DEEP: guarded_base}
    sides = s.merge_case(git_repo, base, {DEEP_FORK: DEEP_FORK_TEXT}, [(DEEP_SUBJECT, {DEEP: DEEP_UPSTREAM})])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == DEEP_FORK] == []
