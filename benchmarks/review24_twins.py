"""Adversarial twins of the inlined delegation (bypassed hooks) and handed-back drift: fork carries correct after
the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right after
the merge (the merge base is the commit's first parent, upstream the commit):

- the inlined delegation (#39058 e26264f3ef, ``ReLUSquaredActivation.forward_cuda`` was
  ``return self.forward_native(x)`` and now runs ``self.op(out, x)``; #47245 b23bd73f54, ``MHCPreOp.forward_xpu``
  made a SYCL kernel call): a subclass whose own ``forward``, ``__init__`` (``self._forward_method``) or
  ``dispatch_forward`` routes to its ``forward_native`` on every platform, a class-level alias
  ``forward_cuda = forward_native``, ``forward_cuda`` overridden with ``*args``/``**kwargs`` or with a guard, a
  fork mixin ahead in the MRO defining ``forward_cuda``, a fork intermediate base that does, the fork's own
  namesake class, a subclass of another activation of the module;
- handed-back drift (#17857 a810b5b088, ``rocm_aiter_fused_add_rms_norm`` returns fresh tensors instead of
  writing ``x`` and ``residual``): a warm-up call on tensors the function builds and never reads again (alone
  and in a loop), a call under ``pytest.raises``, the result bound under a ``hasattr`` guard or a try/except,
  the fork's own namesake (defined in the file, a method, imported from a fork module), temporaries, ``*args``,
  the result returned.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Main's engine (97180b86), round 1 (6 cases, 22 twins): 6 caught of 6; 7 false errors of 22: the inlined
delegation on a subclass that routes to its own ``forward_native`` itself (its ``forward``: #39058 and #47245,
2; ``__init__`` binding ``self._forward_method``: 1; ``dispatch_forward``: 1); handed-back drift on a call whose
handed-back arguments are the caller's own locals, never read after it (a warm-up, a timing loop, a call under
``pytest.raises``: 3).
Round 2 (revAQ): 6 caught of 6; 0 false errors of 22 (4 warned: the subclasses routing to their own
``forward_native``, since a fork helper reading the hook would route nothing); handed-back drift is quiet on a
call whose handed-back arguments are all names the function binds itself and never reads after it (nor
elsewhere in a loop around it).  ``blind_replay_basiclayers.py``: 15 caught of 15, 0 false errors of 11.
Regression set on this branch: killer_replay 26/26 blocked, kind_change_replay 12/12, review15/16/17 0 false
errors (of 40, 30, 23), blind_replay_layerutils 30/1/1 of 32 and blind_replay_modelifaces 15/1/0 of 16 as before
(0 false), symbol_precision --windows 1: 0 false errors.

  PYTHONPATH=.. python review24_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- e26264f3ef (#39058): ReLUSquaredActivation.forward_cuda runs a kernel instead of self.forward_native(x)
R2 = ("#39058", "e26264f3ef", "ReLUSquaredActivation.forward_cuda stops calling forward_native")
RELU2 = (
    "import torch\nimport torch.nn.functional as F\n\n"
    "from vllm.model_executor.layers.activation import ReLUSquaredActivation\n\n\n"
)
CAPPED = (
    "    def forward_native(self, x: torch.Tensor) -> torch.Tensor:\n"
    "        return torch.square(F.relu(x)).clamp_(max=65504.0)\n"
)
HOOK = "    def forward_native(self, x: torch.Tensor) -> torch.Tensor:"
BYPASS = "#39058 override no longer reached"
CASES += [
    (
        BYPASS,
        "forward_native overridden alone",
        K(*R2, "vllm/aeon/r24a0.py", RELU2 + "class AeonCappedReLU2(ReLUSquaredActivation):\n" + CAPPED, HOOK),
    ),
    (
        BYPASS,
        "forward_native overridden beside an unrelated __init__",
        K(
            *R2,
            "vllm/aeon/r24a1.py",
            RELU2 + "class AeonCappedReLU2(ReLUSquaredActivation):\n"
            "    def __init__(self, cap: float = 65504.0) -> None:\n"
            "        super().__init__()\n"
            "        self.cap = cap\n\n"
            "    def forward_native(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return torch.square(F.relu(x)).clamp_(max=self.cap)\n",
            HOOK,
        ),
    ),
]
TWINS += [
    (
        BYPASS,
        "twin: forward routes to forward_native on every platform",
        K(
            *R2,
            "vllm/aeon/r24t0.py",
            RELU2 + "class AeonCappedReLU2(ReLUSquaredActivation):\n"
            "    def forward(self, x: torch.Tensor) -> torch.Tensor:  # AEON: one capped path on every platform\n"
            "        return self.forward_native(x)\n\n" + CAPPED,
            HOOK,
        ),
    ),
    (
        BYPASS,
        "twin: __init__ binds _forward_method to forward_native",
        K(
            *R2,
            "vllm/aeon/r24t1.py",
            RELU2 + "class AeonCappedReLU2(ReLUSquaredActivation):\n"
            "    def __init__(self) -> None:\n"
            "        super().__init__()\n"
            "        self._forward_method = self.forward_native  # AEON: the cap on every platform\n\n" + CAPPED,
            HOOK,
        ),
    ),
    (
        BYPASS,
        "twin: dispatch_forward returns forward_native",
        K(
            *R2,
            "vllm/aeon/r24t2.py",
            RELU2 + "class AeonCappedReLU2(ReLUSquaredActivation):\n"
            "    def dispatch_forward(self, compile_native: bool = False):  # type: ignore[no-untyped-def]\n"
            "        return self.forward_native\n\n" + CAPPED,
            HOOK,
        ),
    ),
    (
        BYPASS,
        "twin: a class-level alias forward_cuda = forward_native",
        K(
            *R2,
            "vllm/aeon/r24t3.py",
            RELU2
            + "class AeonCappedReLU2(ReLUSquaredActivation):\n"
            + CAPPED
            + "\n    forward_cuda = forward_native\n",
            HOOK,
        ),
    ),
    (
        BYPASS,
        "twin: forward_cuda overridden with *args, **kwargs",
        K(
            *R2,
            "vllm/aeon/r24t4.py",
            RELU2 + "class AeonCappedReLU2(ReLUSquaredActivation):\n" + CAPPED + "\n"
            "    def forward_cuda(self, *args, **kwargs):  # type: ignore[no-untyped-def]\n"
            "        return self.forward_native(*args, **kwargs)\n",
            HOOK,
        ),
    ),
    (
        BYPASS,
        "twin: forward_cuda overridden with a dtype guard",
        K(
            *R2,
            "vllm/aeon/r24t5.py",
            RELU2 + "class AeonCappedReLU2(ReLUSquaredActivation):\n" + CAPPED + "\n"
            "    def forward_cuda(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        if x.dtype == torch.float16:\n"
            "            return self.forward_native(x)\n"
            "        return super().forward_cuda(x)\n",
            HOOK,
        ),
    ),
    (
        BYPASS,
        "twin: a fork mixin ahead in the MRO defines forward_cuda",
        K(
            *R2,
            "vllm/aeon/r24t6.py",
            RELU2 + "class AeonNativeEverywhere:\n"
            "    def forward_cuda(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return self.forward_native(x)  # type: ignore[attr-defined]\n\n\n"
            "class AeonCappedReLU2(AeonNativeEverywhere, ReLUSquaredActivation):\n" + CAPPED,
            HOOK,
        ),
    ),
    (
        BYPASS,
        "twin: a fork intermediate base defines forward_cuda",
        K(
            *R2,
            "vllm/aeon/r24t7.py",
            RELU2 + "class AeonReLU2Base(ReLUSquaredActivation):\n"
            "    def forward_cuda(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return self.forward_native(x)\n\n\n"
            "class AeonCappedReLU2(AeonReLU2Base):\n" + CAPPED,
            HOOK,
        ),
    ),
    (
        BYPASS,
        "twin: the fork's own ReLUSquaredActivation",
        K(
            *R2,
            "vllm/aeon/r24t8.py",
            "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n\n"
            "class ReLUSquaredActivation(nn.Module):\n"
            "    def forward(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return self.forward_native(x)\n\n" + CAPPED + "\n\n"
            "class AeonCappedReLU2(ReLUSquaredActivation):\n" + CAPPED,
            HOOK,
        ),
    ),
    (
        BYPASS,
        "twin: a subclass of another activation of the module",
        K(
            *R2,
            "vllm/aeon/r24t9.py",
            "import torch\nimport torch.nn.functional as F\n\n"
            "from vllm.model_executor.layers.activation import SiluAndMul\n\n\n"
            "class AeonSiluAndMul(SiluAndMul):\n"
            "    def forward_native(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        d = x.shape[-1] // 2\n"
            "        return F.silu(x[..., :d]) * x[..., d:]\n",
            HOOK,
        ),
    ),
]

# --- b23bd73f54 (#47245): MHCPreOp.forward_xpu runs torch.ops._xpu_C.mhc_pre instead of self.forward_native
MH = ("#47245", "b23bd73f54", "MHCPreOp.forward_xpu stops calling forward_native")
MHC = "import torch\n\nfrom vllm.model_executor.layers.mhc import MHCPreOp\n\n\n"
MHOOK = "    def forward_native(self, residual: torch.Tensor, *args, **kwargs):  # type: ignore[no-untyped-def]"
MNATIVE = MHOOK + "\n        return super().forward_native(residual.float(), *args, **kwargs)\n"
CASES += [
    (
        "#47245 override no longer reached",
        "forward_native overridden alone",
        K(*MH, "vllm/aeon/r24m0.py", MHC + "class AeonMHCPre(MHCPreOp):\n" + MNATIVE, MHOOK),
    ),
]
TWINS += [
    (
        "#47245 override no longer reached",
        "twin: forward_xpu overridden with *args, **kwargs",
        K(
            *MH,
            "vllm/aeon/r24m1.py",
            MHC + "class AeonMHCPre(MHCPreOp):\n" + MNATIVE + "\n"
            "    def forward_xpu(self, *args, **kwargs):  # type: ignore[no-untyped-def]\n"
            "        return self.forward_native(*args, **kwargs)\n",
            MHOOK,
        ),
    ),
    (
        "#47245 override no longer reached",
        "twin: forward routes to forward_native",
        K(
            *MH,
            "vllm/aeon/r24m2.py",
            MHC + "class AeonMHCPre(MHCPreOp):\n"
            "    def forward(self, *args, **kwargs):  # type: ignore[no-untyped-def]\n"
            "        return self.forward_native(*args, **kwargs)\n\n" + MNATIVE,
            MHOOK,
        ),
    ),
]

# --- a810b5b088 (#17857): rocm_aiter_fused_add_rms_norm returns fresh tensors instead of writing its arguments
AO = ("#17857", "a810b5b088", "rocm_aiter_fused_add_rms_norm made out-of-place")
AITER = "import torch\n\nfrom vllm.model_executor.layers.layernorm import rocm_aiter_fused_add_rms_norm\n\n\n"
HANDED = "#17857 in-place made out-of-place"
CALL = "    rocm_aiter_fused_add_rms_norm(x, residual, weight, eps)"
CASES += [
    (
        HANDED,
        "an in-place wrapper of the caller's tensors",
        K(
            *AO,
            "vllm/aeon/r24h0.py",
            AITER
            + "def aeon_add_norm_(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float) -> None:\n"
            "    # AEON: the caller's buffers hold the result\n" + CALL + "\n",
            CALL,
        ),
    ),
    (
        HANDED,
        "local copies read after the call",
        K(
            *AO,
            "vllm/aeon/r24h1.py",
            AITER + "def aeon_add_norm(hidden: torch.Tensor, res: torch.Tensor, weight: torch.Tensor, eps: float):\n"
            "    x, residual = hidden.clone(), res.clone()\n" + CALL + "\n"
            "    return x, residual\n",
            CALL,
        ),
    ),
    (
        HANDED,
        "in a loop over layers, read by the next",
        K(
            *AO,
            "vllm/aeon/r24h2.py",
            AITER + "def aeon_stack(x: torch.Tensor, weights: list[torch.Tensor], eps: float) -> torch.Tensor:\n"
            "    residual = torch.zeros_like(x)\n"
            "    for weight in weights:\n"
            "    " + CALL + "\n"
            "    return x\n",
            "    " + CALL,
        ),
    ),
]
TWINS += [
    (
        HANDED,
        "twin: a warm-up call on tensors built and never read again",
        K(
            *AO,
            "vllm/aeon/r24u0.py",
            AITER + "def aeon_warm_aiter(hidden: int, dtype: torch.dtype) -> None:\n"
            "    # AEON: compile the JIT kernel once before serving\n"
            "    x = torch.randn(8, hidden, dtype=dtype, device='cuda')\n"
            "    residual = torch.randn_like(x)\n"
            "    weight = torch.ones(hidden, dtype=dtype, device='cuda')\n"
            "    eps = 1e-6\n" + CALL + "\n"
            "    torch.cuda.synchronize()\n",
            CALL,
        ),
    ),
    (
        HANDED,
        "twin: a timing loop on tensors built and never read again",
        K(
            *AO,
            "vllm/aeon/r24u1.py",
            AITER + "def aeon_time_aiter(hidden: int, iters: int) -> float:\n"
            "    x = torch.randn(8, hidden, device='cuda')\n"
            "    residual = torch.randn_like(x)\n"
            "    weight, eps = torch.ones(hidden, device='cuda'), 1e-6\n"
            "    start = torch.cuda.Event(enable_timing=True)\n"
            "    end = torch.cuda.Event(enable_timing=True)\n"
            "    start.record()\n"
            "    for _ in range(iters):\n"
            "    " + CALL + "\n"
            "    end.record()\n"
            "    torch.cuda.synchronize()\n"
            "    return start.elapsed_time(end) / iters\n",
            "    " + CALL,
        ),
    ),
    (
        HANDED,
        "twin: a call under pytest.raises",
        K(
            *AO,
            "tests/aeon/test_r24u2.py",
            "import pytest\nimport torch\n\nfrom vllm.model_executor.layers.layernorm import rocm_aiter_fused_add_rms_norm\n\n\n"
            "def test_aeon_rejects_mismatched_residual() -> None:\n"
            "    x = torch.randn(4, 64)\n"
            "    residual = torch.randn(4, 32)\n"
            "    weight, eps = torch.ones(64), 1e-6\n"
            "    with pytest.raises(RuntimeError):\n"
            "    " + CALL + "\n",
            "    " + CALL,
        ),
    ),
    (
        HANDED,
        "twin: the result bound under a hasattr guard",
        K(
            *AO,
            "vllm/aeon/r24u3.py",
            "import torch\n\nfrom vllm.model_executor.layers import layernorm\n\n\n"
            "def aeon_add_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float):\n"
            "    if hasattr(layernorm, 'rocm_aiter_fused_add_rms_norm'):\n"
            "        x, residual = layernorm.rocm_aiter_fused_add_rms_norm(x, residual, weight, eps)\n"
            "    return x, residual\n",
            "        x, residual = layernorm.rocm_aiter_fused_add_rms_norm(x, residual, weight, eps)",
        ),
    ),
    (
        HANDED,
        "twin: the result bound in a try/except",
        K(
            *AO,
            "vllm/aeon/r24u4.py",
            AITER + "def aeon_add_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float):\n"
            "    try:\n"
            "        x, residual = rocm_aiter_fused_add_rms_norm(x, residual, weight, eps)\n"
            "    except ImportError:  # AEON: no aiter on the Spark\n"
            "        pass\n"
            "    return x, residual\n",
            "        x, residual = rocm_aiter_fused_add_rms_norm(x, residual, weight, eps)",
        ),
    ),
    (
        HANDED,
        "twin: the fork's own in-place namesake defined in the file",
        K(
            *AO,
            "vllm/aeon/r24u5.py",
            "import torch\n\n\n"
            "def rocm_aiter_fused_add_rms_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float):\n"
            "    residual.add_(x)\n"
            "    x.copy_(residual * torch.rsqrt(residual.pow(2).mean(-1, keepdim=True) + eps) * weight)\n"
            "    return x, residual\n\n\n"
            "def aeon_add_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float):\n"
            + CALL
            + "\n"
            "    return x, residual\n",
            CALL,
        ),
    ),
    (
        HANDED,
        "twin: a fork method of the name",
        K(
            *AO,
            "vllm/aeon/r24u6.py",
            "import torch\n\n\n"
            "class AeonNorm:\n"
            "    def rocm_aiter_fused_add_rms_norm(self, x: torch.Tensor, residual: torch.Tensor) -> None:\n"
            "        residual.add_(x)\n"
            "        x.copy_(residual)\n\n"
            "    def __call__(self, x: torch.Tensor, residual: torch.Tensor):\n"
            "        self.rocm_aiter_fused_add_rms_norm(x, residual)\n"
            "        return x, residual\n",
            "        self.rocm_aiter_fused_add_rms_norm(x, residual)",
        ),
    ),
    (
        HANDED,
        "twin: imported from a fork module",
        K(
            *AO,
            "vllm/aeon/r24u7.py",
            "import torch\n\nfrom vllm.aeon.aiter_shim import rocm_aiter_fused_add_rms_norm\n\n\n"
            "def aeon_add_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float):\n"
            + CALL
            + "\n"
            "    return x, residual\n",
            CALL,
        ),
    ),
    (
        HANDED,
        "twin: temporaries handed in",
        K(
            *AO,
            "vllm/aeon/r24u8.py",
            AITER
            + "def aeon_check(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float) -> None:\n"
            "    rocm_aiter_fused_add_rms_norm(x.clone(), residual.clone(), weight, eps)  # AEON: smoke test\n",
            "    rocm_aiter_fused_add_rms_norm(x.clone(), residual.clone(), weight, eps)  # AEON: smoke test",
        ),
    ),
    (
        HANDED,
        "twin: the result returned",
        K(
            *AO,
            "vllm/aeon/r24u9.py",
            AITER + "def aeon_add_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float):\n"
            "    return rocm_aiter_fused_add_rms_norm(x, residual, weight, eps)\n",
            "    return rocm_aiter_fused_add_rms_norm(x, residual, weight, eps)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review24-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
