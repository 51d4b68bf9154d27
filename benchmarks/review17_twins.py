"""Adversarial twins of layout drift and the widened-predicate check: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- layout drift's retired split (#44455 FlashAttentionImpl ``kv_cache.unbind(1)`` -> ``transpose(1,
  2).split(...)``; #42095 ``kv_cache.unbind(0)`` -> ``unbind(1)``): the subclass's split under a test of
  the cache's rank (the fork handles both layouts), the subclass's split of a tensor it stacked itself
  into the parameter's name, a fork backend that keeps its own cache shape (overriding get_kv_cache_shape
  and the stride order) beside the subclass, an unrelated fork class of the same parameter name;
- layout drift's field made one value (#37487 ``Attention.kv_cache`` list -> one tensor): the subclass's
  ``self.kv_cache[0]`` under ``isinstance(self.kv_cache, list)``, a fork class of its own holding a
  ``kv_cache`` list, ``cache.kv_cache[0]`` off an object annotated as the fork's own class;
- the widened predicate (#37332 is_quantized_kv_cache("nvfp4"), #38378 its ``endswith("per_token_head")``):
  the fork's own predicate of the name (defined in the file, a method, imported from a fork module), the
  fork's later branch returning what the predicate's branch returns, a string test of another variable,
  the fork's branch first.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (5a2ce44), round 1 (6 cases, 18 twins): 6 caught of 6; 13 false errors of 18: layout
drift on a split under a test of the cache's rank or leading dim (3), on a tensor the method stacked
into the parameter's name (2), beside a fork backend that keeps its own cache shape (1), on
``self.kv_cache[0]`` under ``isinstance(self.kv_cache, list)`` (2); the widened predicate on the fork's
own predicate of the name (in the file, imported from a fork module, a method: 4) and on a later branch
returning what the predicate's branch returns (1).  1 warning: ``slots.kv_cache[0]`` off a parameter
annotated with the fork's own class.
Round 2 (other real commits of the kinds): #43660 (5b115bb8a3, ROCm AITER FA blocks first: a case, and a
twin with the fork's own K/V-first backend shape), #47035 (f63dca6838, the cross-attention restride
dropped: a subclass keeping it, a case), #37332's predicate branch handing the value to a fork function
that branches on it first.  Round 3: the predicate tested with the fork's own exclusion of the value, the
field off a name bound to the fork's own class, the subclass's split of its own field of the name; and
cases that must stay errors (the split under a test reading no layout, after the parameter rebound from
itself, in the subclass's own forward override; the field off a parameter annotated with the fork's own
Attention subclass stays a warning).
All rounds, main (5a2ce44): 11 caught, 1 warned of 12; 15 false errors of 23 twins (2 warned).
This branch: 11 caught, 1 warned of 12; 0 false errors of 23 (2 warned: a fork backend keeping its own
cache shape beside the subclass, #44455 and #43660).

  PYTHONPATH=.. python review17_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

FA = "import torch\n\nfrom vllm.v1.attention.backends.flash_attn import FlashAttentionBackend, FlashAttentionImpl\n\n\n"

# --- 51878e5b6e (#44455): FlashAttentionImpl's kv_cache.unbind(1) -> kv_cache.transpose(1, 2).split(...)
KV = ("#44455", "51878e5b6e", "kv cache (num_blocks, 2, block, heads, dim) -> (num_blocks, heads, block, 2 * dim)")
CASES += [
    (
        "#44455 split retired",
        "unbind(1) in an Impl subclass",
        K(
            *KV,
            "vllm/aeon/r17kv0.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        return kv_cache.unbind(1)\n",
            "        return kv_cache.unbind(1)",
        ),
    ),
]
CASES += [
    (
        "#44455 split retired",
        "unbind(1) under a test that reads no layout",
        K(
            *KV,
            "vllm/aeon/r17kv6.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_planes(self, kv_cache: torch.Tensor | None) -> tuple[torch.Tensor, ...]:\n"
            "        if kv_cache is not None and self.head_size % 16 == 0:\n"
            "            return kv_cache.unbind(1)\n"
            "        return ()\n",
            "            return kv_cache.unbind(1)",
        ),
    ),
    (
        "#44455 split retired",
        "unbind(1) in the subclass's own forward, an override of a method upstream changed",
        K(
            *KV,
            "vllm/aeon/r17kv8.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def forward(self, layer, query, key, value, kv_cache, attn_metadata, output=None, **kw):  # type: ignore[no-untyped-def]\n"
            "        key_cache, value_cache = kv_cache.unbind(1)  # AEON: the NVFP4 planes\n"
            "        return output\n",
            "        key_cache, value_cache = kv_cache.unbind(1)  # AEON: the NVFP4 planes",
        ),
    ),
    (
        "#44455 split retired",
        "unbind(1) after the parameter rebound from itself",
        K(
            *KV,
            "vllm/aeon/r17kv7.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        kv_cache = kv_cache.view(torch.uint8)  # AEON: the fp4 bytes\n"
            "        return kv_cache.unbind(1)\n",
            "        return kv_cache.unbind(1)",
        ),
    ),
]
TWINS += [
    (
        "#44455 split retired",
        "twin: the split under a test of the cache's rank",
        K(
            *KV,
            "vllm/aeon/r17kv1.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        if kv_cache.dim() == 5:  # AEON: the planes-apart layout of older upstreams\n"
            "            return kv_cache.unbind(1)\n"
            "        return kv_cache.transpose(1, 2).split(self.head_size, dim=-1)\n",
            "            return kv_cache.unbind(1)",
        ),
    ),
    (
        "#44455 split retired",
        "twin: the split in a conditional expression on the rank",
        K(
            *KV,
            "vllm/aeon/r17kv2.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        return (\n"
            "            kv_cache.unbind(1)\n"
            "            if kv_cache.ndim == 5\n"
            "            else kv_cache.transpose(1, 2).split(self.head_size, dim=-1)\n"
            "        )\n",
            "            kv_cache.unbind(1)",
        ),
    ),
    (
        "#44455 split retired",
        "twin: the subclass splits a tensor it stacked into the parameter's name",
        K(
            *KV,
            "vllm/aeon/r17kv3.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_roundtrip(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        key, value = kv_cache.transpose(1, 2).split(self.head_size, dim=-1)\n"
            "        kv_cache = torch.stack((key, value), dim=1)  # AEON: the NVFP4 writer's planes-apart scratch\n"
            "        return kv_cache.unbind(1)\n",
            "        return kv_cache.unbind(1)",
        ),
    ),
    (
        "#44455 split retired",
        "twin: a fork backend keeping its own planes-apart cache shape beside the subclass",
        K(
            *KV,
            "vllm/aeon/r17kv4.py",
            FA + "class AeonFlashAttentionBackend(FlashAttentionBackend):\n"
            "    # AEON: the NVFP4 cache keeps K and V planes apart\n"
            "    @staticmethod\n"
            "    def get_kv_cache_shape(\n"
            '        num_blocks: int, block_size: int, num_kv_heads: int, head_size: int, cache_dtype_str: str = "auto"\n'
            "    ) -> tuple[int, ...]:\n"
            "        return (num_blocks, 2, block_size, num_kv_heads, head_size)\n\n"
            "    @staticmethod\n"
            "    def get_kv_cache_stride_order(include_num_layers_dimension: bool = False) -> tuple[int, ...]:\n"
            "        return (1, 0, 2, 3, 4, 5) if include_num_layers_dimension else (0, 1, 2, 3, 4)\n\n"
            "    @staticmethod\n"
            "    def get_impl_cls() -> type[FlashAttentionImpl]:\n"
            "        return AeonFlashAttentionImpl\n\n\n"
            "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        return kv_cache.unbind(1)\n",
            "        return kv_cache.unbind(1)",
        ),
    ),
    (
        "#44455 split retired",
        "twin: an unrelated fork class with a parameter of the name",
        K(
            *KV,
            "vllm/aeon/r17kv5.py",
            "import torch\n\n\n"
            "class AeonPlanesCache:\n"
            "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        return kv_cache.unbind(1)  # AEON: the fork's own (blocks, 2, ...) offload buffer\n",
            "        return kv_cache.unbind(1)  # AEON: the fork's own (blocks, 2, ...) offload buffer",
        ),
    ),
]

# --- 7e33081cee (#42095): FlashAttentionImpl's kv_cache.unbind(0) -> kv_cache.unbind(1) (blocks first)
BF = ("#42095", "7e33081cee", "kv cache (2, num_blocks, ...) -> (num_blocks, 2, ...)")
CASES += [
    (
        "#42095 split dim moved",
        "unbind(0) in an Impl subclass",
        K(
            *BF,
            "vllm/aeon/r17bf0.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        key_cache, value_cache = kv_cache.unbind(0)\n"
            "        return key_cache, value_cache\n",
            "        key_cache, value_cache = kv_cache.unbind(0)",
        ),
    ),
]
TWINS += [
    (
        "#42095 split dim moved",
        "twin: the split under a test of the leading dim",
        K(
            *BF,
            "vllm/aeon/r17bf1.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        if kv_cache.shape[0] == 2 and kv_cache.shape[1] != 2:  # AEON: K/V-first caches\n"
            "            return kv_cache.unbind(0)\n"
            "        return kv_cache.unbind(1)\n",
            "            return kv_cache.unbind(0)",
        ),
    ),
    (
        "#42095 split dim moved",
        "twin: the subclass splits a (2, ...) stack it built under the parameter's name",
        K(
            *BF,
            "vllm/aeon/r17bf2.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_planes(self, key: torch.Tensor, value: torch.Tensor, kv_cache: torch.Tensor) -> torch.Tensor:\n"
            "        kv_cache = torch.stack((key, value))  # AEON: a K/V-first scratch for the fp4 packer\n"
            "        return kv_cache.unbind(0)[0]\n",
            "        return kv_cache.unbind(0)[0]",
        ),
    ),
]

# --- c59a132f96 (#37487): Attention.kv_cache a list per virtual engine -> one tensor
KC = ("#37487", "c59a132f96", "Attention.kv_cache: [tensor] -> tensor")
AT = "import torch\n\nfrom vllm.model_executor.layers.attention.attention import Attention\n\n\n"
CASES += [
    (
        "#37487 field made one value",
        "self.kv_cache[0] in a layer subclass",
        K(
            *KC,
            "vllm/aeon/r17kc0.py",
            AT + "class AeonAttention(Attention):\n"
            "    def aeon_cache(self) -> torch.Tensor:\n"
            "        return self.kv_cache[0]\n",
            "        return self.kv_cache[0]",
        ),
    ),
]
CASES += [
    (
        "#37487 field made one value",
        "layer.kv_cache[0] off a parameter annotated with the fork's own Attention subclass",
        K(
            *KC,
            "vllm/aeon/r17kc5.py",
            AT + "class AeonAttention(Attention):\n"
            "    pass\n\n\n"
            "def aeon_first_block(layer: AeonAttention) -> torch.Tensor:\n"
            "    return layer.kv_cache[0]\n",
            "    return layer.kv_cache[0]",
        ),
    ),
]
TWINS += [
    (
        "#37487 field made one value",
        "twin: self.kv_cache[0] under isinstance(self.kv_cache, list)",
        K(
            *KC,
            "vllm/aeon/r17kc1.py",
            AT + "class AeonAttention(Attention):\n"
            "    def aeon_cache(self) -> torch.Tensor:\n"
            "        # AEON: older upstreams keep one cache per virtual engine\n"
            "        return self.kv_cache[0] if isinstance(self.kv_cache, list) else self.kv_cache\n",
            "        return self.kv_cache[0] if isinstance(self.kv_cache, list) else self.kv_cache",
        ),
    ),
    (
        "#37487 field made one value",
        "twin: an if statement on isinstance(self.kv_cache, list)",
        K(
            *KC,
            "vllm/aeon/r17kc2.py",
            AT + "class AeonAttention(Attention):\n"
            "    def aeon_cache(self) -> torch.Tensor:\n"
            "        if isinstance(self.kv_cache, (list, tuple)):\n"
            "            return self.kv_cache[0]\n"
            "        return self.kv_cache\n",
            "            return self.kv_cache[0]",
        ),
    ),
    (
        "#37487 field made one value",
        "twin: a fork class of its own holding a kv_cache list",
        K(
            *KC,
            "vllm/aeon/r17kc3.py",
            "import torch\n\n\n"
            "class AeonOffloadSlots:\n"
            "    def __init__(self) -> None:\n"
            "        self.kv_cache = [torch.tensor([]), torch.tensor([])]  # AEON: host and device copies\n\n"
            "    def aeon_host(self) -> torch.Tensor:\n"
            "        return self.kv_cache[0]\n",
            "        return self.kv_cache[0]",
        ),
    ),
    (
        "#37487 field made one value",
        "twin: cache.kv_cache[0] off a parameter annotated with the fork's own class",
        K(
            *KC,
            "vllm/aeon/r17kc4.py",
            "import torch\n\n\n"
            "class AeonOffloadSlots:\n"
            "    def __init__(self) -> None:\n"
            "        self.kv_cache = [torch.tensor([]), torch.tensor([])]  # AEON: host and device copies\n\n\n"
            "def aeon_host(slots: AeonOffloadSlots) -> torch.Tensor:\n"
            "    return slots.kv_cache[0]\n",
            "    return slots.kv_cache[0]",
        ),
    ),
]

# --- 6b2b7bd0eb (#37332): is_quantized_kv_cache("nvfp4") True now
QK = ("#37332", "6b2b7bd0eb", 'is_quantized_kv_cache: "nvfp4" now counts as quantized')
IQ = "from vllm.utils.torch_utils import is_quantized_kv_cache\n\n\n"
DISPATCH = (
    "def aeon_cache_writer(kv_cache_dtype: str) -> str:\n"
    "    if is_quantized_kv_cache(kv_cache_dtype):\n"
    '        return "fp8_scaled"\n'
    '    if kv_cache_dtype == "nvfp4":\n'
    '        return "aeon_triton_nvfp4"\n'
    '    return "native"\n'
)
CASES += [
    (
        "#37332 predicate widened",
        "a dispatch that tests the predicate first",
        K(*QK, "vllm/aeon/r17qk0.py", IQ + DISPATCH, "    if is_quantized_kv_cache(kv_cache_dtype):"),
    ),
    (
        "#37332 predicate widened",
        "the predicate off its module",
        K(
            *QK,
            "vllm/aeon/r17qk1.py",
            "from vllm.utils import torch_utils\n\n\n" + DISPATCH.replace("if is_", "if torch_utils.is_"),
            "    if torch_utils.is_quantized_kv_cache(kv_cache_dtype):",
        ),
    ),
]
TWINS += [
    (
        "#37332 predicate widened",
        "twin: the fork's own predicate of the name, in the file",
        K(
            *QK,
            "vllm/aeon/r17qk2.py",
            "def is_quantized_kv_cache(kv_cache_dtype: str) -> bool:\n"
            '    return kv_cache_dtype.startswith("fp8")  # AEON: the fleet\'s fp8 caches only\n\n\n' + DISPATCH,
            "    if is_quantized_kv_cache(kv_cache_dtype):",
        ),
    ),
    (
        "#37332 predicate widened",
        "twin: the fork's own predicate of the name, imported from a fork module",
        Killer(
            *QK,
            (
                Edit(
                    "vllm/aeon/r17qk3.py",
                    "from vllm.aeon.r17qk3dtypes import is_quantized_kv_cache\n\n\n" + DISPATCH,
                ),
                Edit(
                    "vllm/aeon/r17qk3dtypes.py",
                    "def is_quantized_kv_cache(kv_cache_dtype: str) -> bool:\n"
                    '    return kv_cache_dtype.startswith("fp8")  # AEON: the fleet\'s fp8 caches only\n',
                ),
            ),
            (("vllm/aeon/r17qk3.py", "    if is_quantized_kv_cache(kv_cache_dtype):"),),
        ),
    ),
    (
        "#37332 predicate widened",
        "twin: the fork class's own method of the name",
        K(
            *QK,
            "vllm/aeon/r17qk4.py",
            "class AeonCacheWriters:\n"
            "    def is_quantized_kv_cache(self, kv_cache_dtype: str) -> bool:\n"
            '        return kv_cache_dtype.startswith("fp8")\n\n'
            "    def aeon_cache_writer(self, kv_cache_dtype: str) -> str:\n"
            "        if self.is_quantized_kv_cache(kv_cache_dtype):\n"
            '            return "fp8_scaled"\n'
            '        if kv_cache_dtype == "nvfp4":\n'
            '            return "aeon_triton_nvfp4"\n'
            '        return "native"\n',
            "        if self.is_quantized_kv_cache(kv_cache_dtype):",
        ),
    ),
    (
        "#37332 predicate widened",
        "twin: the fork's branch returns what the predicate's branch returns",
        K(
            *QK,
            "vllm/aeon/r17qk5.py",
            IQ + "def aeon_needs_scales(kv_cache_dtype: str) -> bool:\n"
            "    if is_quantized_kv_cache(kv_cache_dtype):\n"
            "        return True\n"
            '    if kv_cache_dtype == "nvfp4":  # AEON: the fork\'s fp4 cache carries block scales\n'
            "        return True\n"
            "    return False\n",
            "    if is_quantized_kv_cache(kv_cache_dtype):",
        ),
    ),
    (
        "#37332 predicate widened",
        "twin: the later string test is of another variable",
        K(
            *QK,
            "vllm/aeon/r17qk6.py",
            IQ + "def aeon_cache_writer(kv_cache_dtype: str, weight_dtype: str) -> str:\n"
            "    if is_quantized_kv_cache(kv_cache_dtype):\n"
            '        return "fp8_scaled"\n'
            '    if weight_dtype == "nvfp4":\n'
            '        return "aeon_triton_nvfp4_weights"\n'
            '    return "native"\n',
            "    if is_quantized_kv_cache(kv_cache_dtype):",
        ),
    ),
    (
        "#37332 predicate widened",
        "twin: the fork's branch first",
        K(
            *QK,
            "vllm/aeon/r17qk7.py",
            IQ + "def aeon_cache_writer(kv_cache_dtype: str) -> str:\n"
            '    if kv_cache_dtype == "nvfp4":\n'
            '        return "aeon_triton_nvfp4"\n'
            "    if is_quantized_kv_cache(kv_cache_dtype):\n"
            '        return "fp8_scaled"\n'
            '    return "native"\n',
            "    if is_quantized_kv_cache(kv_cache_dtype):",
        ),
    ),
]

# --- 2ce3d0ce36 (#38378): is_quantized_kv_cache true for "*per_token_head" now
PT = ("#38378", "2ce3d0ce36", 'is_quantized_kv_cache: "int8_per_token_head" now counts as quantized')
CASES += [
    (
        "#38378 predicate widened",
        "an elif chain after the predicate",
        K(
            *PT,
            "vllm/aeon/r17pt0.py",
            IQ + "def aeon_scale_layout(kv_cache_dtype: str) -> str:\n"
            "    if is_quantized_kv_cache(kv_cache_dtype):\n"
            '        layout = "per_tensor"\n'
            '    elif kv_cache_dtype in ("int8_per_token_head", "fp8_per_token_head"):\n'
            '        layout = "aeon_per_head"\n'
            "    else:\n"
            '        layout = "none"\n'
            "    return layout\n",
            "    if is_quantized_kv_cache(kv_cache_dtype):",
        ),
    ),
]
TWINS += [
    (
        "#38378 predicate widened",
        "twin: the fork's own predicate of the name, in the file",
        K(
            *PT,
            "vllm/aeon/r17pt1.py",
            "def is_quantized_kv_cache(kv_cache_dtype: str) -> bool:\n"
            '    return kv_cache_dtype.startswith("fp8")\n\n\n'
            "def aeon_scale_layout(kv_cache_dtype: str) -> str:\n"
            "    if is_quantized_kv_cache(kv_cache_dtype):\n"
            '        return "per_tensor"\n'
            '    elif kv_cache_dtype == "int8_per_token_head":\n'
            '        return "aeon_per_head"\n'
            '    return "none"\n',
            "    if is_quantized_kv_cache(kv_cache_dtype):",
        ),
    ),
]


# --- round 2: other real commits of the kinds
# 5b115bb8a3 (#43660): AiterFlashAttentionImpl's kv_cache.unbind(0) -> kv_cache.unbind(1) (blocks first)
AF = ("#43660", "5b115bb8a3", "ROCm AITER FA kv cache (2, num_blocks, ...) -> (num_blocks, 2, ...)")
AI = (
    "import torch\n\nfrom vllm.v1.attention.backends.rocm_aiter_fa import AiterFlashAttentionBackend, "
    "AiterFlashAttentionImpl\n\n\n"
)
CASES += [
    (
        "#43660 split dim moved",
        "unbind(0) in an Impl subclass",
        K(
            *AF,
            "vllm/aeon/r17af0.py",
            AI + "class AeonAiterImpl(AiterFlashAttentionImpl):\n"
            "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        return kv_cache.unbind(0)\n",
            "        return kv_cache.unbind(0)",
        ),
    ),
]
TWINS += [
    (
        "#43660 split dim moved",
        "twin: a fork backend keeping the K/V-first shape beside the subclass",
        K(
            *AF,
            "vllm/aeon/r17af1.py",
            AI + "class AeonAiterBackend(AiterFlashAttentionBackend):\n"
            "    @staticmethod\n"
            "    def get_kv_cache_shape(\n"
            '        num_blocks: int, block_size: int, num_kv_heads: int, head_size: int, cache_dtype_str: str = "auto"\n'
            "    ) -> tuple[int, ...]:\n"
            "        return (2, num_blocks, block_size, num_kv_heads, head_size)  # AEON: K/V-first for the fp4 writer\n\n\n"
            "class AeonAiterImpl(AiterFlashAttentionImpl):\n"
            "    def aeon_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        return kv_cache.unbind(0)\n",
            "        return kv_cache.unbind(0)",
        ),
    ),
]

# f63dca6838 (#47035): RocmAiterUnifiedAttentionImpl._split_kv_cache no longer restrides cross-attention to K/V first
UA = ("#47035", "f63dca6838", "ROCm AITER unified: cross-attention's K/V-first restride dropped")
CASES += [
    (
        "#47035 split dim moved",
        "the subclass's override keeping the K/V-first restride",
        K(
            *UA,
            "vllm/aeon/r17ua0.py",
            "import torch\n\nfrom vllm.v1.attention.backends.rocm_aiter_unified_attn import "
            "RocmAiterUnifiedAttentionImpl\n\n\n"
            "class AeonUnifiedImpl(RocmAiterUnifiedAttentionImpl):\n"
            "    def aeon_cross_planes(self, kv_cache: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        num_blocks, _, block_size, num_kv_heads, head_size = kv_cache.shape\n"
            "        stride = block_size * num_kv_heads * head_size\n"
            "        kv_cache = kv_cache.as_strided(\n"
            "            (2, num_blocks, block_size, num_kv_heads, head_size),\n"
            "            (num_blocks * stride, stride, num_kv_heads * head_size, head_size, 1),\n"
            "        )\n"
            "        return kv_cache.unbind(0)\n",
            "        return kv_cache.unbind(0)",
        ),
    ),
]

# #37332 again: the predicate's branch hands the value to the fork's function, which has its own branch for it
TWINS += [
    (
        "#37332 predicate widened",
        "twin: the predicate's branch hands the value to a fork function that branches on it first",
        K(
            *QK,
            "vllm/aeon/r17qk8.py",
            IQ + "def aeon_quantized_writer(kv_cache_dtype: str) -> str:\n"
            '    if kv_cache_dtype == "nvfp4":\n'
            '        return "aeon_triton_nvfp4"\n'
            '    return "fp8_scaled"\n\n\n'
            "def aeon_cache_writer(kv_cache_dtype: str) -> str:\n"
            "    if is_quantized_kv_cache(kv_cache_dtype):\n"
            "        return aeon_quantized_writer(kv_cache_dtype)\n"
            '    if kv_cache_dtype == "nvfp4":  # AEON: older upstreams do not count nvfp4 as quantized\n'
            '        return "aeon_triton_nvfp4"\n'
            '    return "native"\n',
            "    if is_quantized_kv_cache(kv_cache_dtype):",
        ),
    ),
]


# --- round 3
TWINS += [
    (
        "#37332 predicate widened",
        "twin: the predicate tested with the fork's own exclusion of the value",
        K(
            *QK,
            "vllm/aeon/r17qk9.py",
            IQ + "def aeon_cache_writer(kv_cache_dtype: str) -> str:\n"
            '    if is_quantized_kv_cache(kv_cache_dtype) and kv_cache_dtype != "nvfp4":\n'
            '        return "fp8_scaled"\n'
            '    if kv_cache_dtype == "nvfp4":\n'
            '        return "aeon_triton_nvfp4"\n'
            '    return "native"\n',
            '    if is_quantized_kv_cache(kv_cache_dtype) and kv_cache_dtype != "nvfp4":',
        ),
    ),
    (
        "#37487 field made one value",
        "twin: slots.kv_cache[0] off a name bound to the fork's own class",
        K(
            *KC,
            "vllm/aeon/r17kc6.py",
            "import torch\n\n\n"
            "class AeonOffloadSlots:\n"
            "    def __init__(self) -> None:\n"
            "        self.kv_cache = [torch.tensor([]), torch.tensor([])]  # AEON: host and device copies\n\n\n"
            "def aeon_host() -> torch.Tensor:\n"
            "    slots = AeonOffloadSlots()\n"
            "    return slots.kv_cache[0]\n",
            "    return slots.kv_cache[0]",
        ),
    ),
    (
        "#44455 split retired",
        "twin: the subclass's split of its own field of the parameter's name",
        K(
            *KV,
            "vllm/aeon/r17kv9.py",
            FA + "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_stage(self, key: torch.Tensor, value: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        self.kv_cache = torch.stack((key, value), dim=1)  # AEON: the fp4 packer's staging buffer\n"
            "        return self.kv_cache.unbind(1)\n",
            "        return self.kv_cache.unbind(1)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review17-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
