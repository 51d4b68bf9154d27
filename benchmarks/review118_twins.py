"""Adversarial twins of killers208's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a hook a method the fork's class inherits now hands one more argument by position (``drift/handed_positions.py``,
  an error; #28972 ``self.apply(input_parallel)`` -> ``self.apply(input_parallel, bias_)``): an override taking
  the bias and reading it (passed to the GEMM, added after it, read only in a closure, under another name), one
  handing it on through ``*rest`` or ``super()``, the fork's own ``forward`` (on the class, on a fork base between,
  on a mixin ahead of upstream's class) keeping the old call, the fork's own class of the names deriving from
  nothing of upstream's, an override on a class whose ``forward`` handed the bias at the merge base already;
  and #25631 (79aa244678) ``self.get_dummy_mm_data(seq_len, mm_counts)`` -> ``(seq_len, mm_counts, mm_options)``:
  an override taking ``mm_options`` and reading it, one taking it and keeping the model's defaults (upstream's
  docstring: "If None, use model defaults for backward compatibility"); and #37236 (1031c84c36)
  ``self._update_hybrid_attention_mamba_layout(kv_caches)`` -> ``(kv_caches, kernel_block_sizes)``, a list the
  caller read for its own reshaping already: an override handing it on, one laying out its own backend's caches
  and not needing it;
- a base constructor now reading a new attribute off the object a ``super().__init__`` hands it
  (``drift/handed_members.py``, a warning; #25487 ``self.tp_size = self.base_layer.tp_size``): the fork's linear
  holding ``tp_size``/``tp_rank``, one deriving from upstream's ``ReplicatedLinear``, one delegating through
  ``__getattr__``;
- a hook now called from a new place, whose override looks its key up (``drift/absent_keys.py``, a warning;
  #31326 ``remove_adapter(lora.id)`` on every load): an ``if key in table`` guard, a ``try``/``except
  KeyError``, a ``.get``;
- a rewritten test or return an override copies (``drift/stale_copies.py``'s ``_rewritten_tests``, a warning;
  #47725 ``set_adapter_mapping``): the new test held, a test of the fork's own local reading no field of ``self``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are
``blind_replay_lora3.py``'s catches of these widenings (kept to show the reach stays), #25631's override
without ``mm_options`` and #37236's without ``kernel_block_sizes`` (TypeError on every profile run, every KV cache
allocation).

Round 1 (main at 0dc3ba66), 10 cases and 23 twins as first written: 4 caught, 6 warned of 10; 2 false errors of
23: #25631's override taking ``mm_options`` and keeping the model's defaults (``handed_positions``' dropped-value
error: "the caller no longer applies it itself" -- but ``get_dummy_processor_inputs`` never applied it, the
value is new to it, and None means "the model's defaults"), and one that was not a twin of these widenings: the
fork's own ``get_dummy_processor_inputs`` keeping the old call over a two-argument ``get_dummy_mm_data`` (the
older override-signature check's error: the override no longer accepts the base's new ``mm_options``, a contract
break for any caller of the base's API; dropped).  Two more of #37236 then, written against the first mend (an
error only when the caller read the value at the merge base): the override laying out its own caches was a
false error on it too (the caller read ``kernel_block_sizes`` for its own use before, and still does).  Main
(0dc3ba66) on the final set: 5 caught, 6 warned of 11; 2 false errors of 24.
Round 2 (this branch): the dropped-value error needs the new argument to carry a value the calling method
applied itself at the merge base and reads less of upstream (its expression, or the assignment of the local it
names, reads a chain the base's method read more often: #28972's ``bias_ = ... self.base_layer.bias``, no longer
added by ``forward``); else a warning (``handed_positions.applied_before``); refusing the argument stays an
error.  5 caught, 6 warned of 11; 0 false errors of 24 twins (4 warned: the two kept-defaults overrides, and
the two own-``forward`` twins of #28972, which ``_rewritten_tests`` warns for copying the old bias test).
``blind_replay_lora3.py`` as before: 9 caught, 6 warned, 4 missed of 19, 10 twins quiet.

  PYTHONPATH=.. python review118_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from blind_replay_lora3 import CASES as LORA3
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = [
    c for c in LORA3 if c[2].pr in ("#25487", "#28972", "#31326", "#47725", "#34984") and not c[1].startswith("twin")
]
CASES = [c for c in CASES if "TP getter" not in c[1]]
TWINS: list[tuple[str, str, Killer]] = []

# --- 0cca9b4d13 (#28972): RowParallelLinearWithLoRA.forward now calls self.apply(input_parallel, bias_)
RB = ("#28972", "0cca9b4d13", "RowParallelLinearWithLoRA.forward calls self.apply(x, bias)")
RP = "import torch\n\nfrom vllm.lora.layers import RowParallelLinearWithLoRA\n\n\n"
QA = "        output = self.base_layer.quant_method.apply(self.base_layer, x{})\n"
ADD = "        self.punica_wrapper.add_lora_linear(output, x, self.lora_a_stacked, self.lora_b_stacked, 1.0, self.output_slices)\n"
OLD_FWD = (
    "    def forward(self, input_):\n"
    "        output = self.apply(input_)  # AEON: the Spark adds the bias after its own all-reduce\n"
    "        if self.base_layer.bias is not None:\n"
    "            output = output + self.base_layer.bias\n"
    "        return output, None\n\n"
)
BIASLESS = "    def apply(self, x: torch.Tensor) -> torch.Tensor:\n" + QA.format("") + ADD + "        return output\n"
TWINS += [
    (
        "#28972 handed positions",
        "twin: an override taking the bias and handing it to the GEMM",
        K(
            *RB,
            "vllm/aeon/r118rb1.py",
            RP + "class AeonRow1(RowParallelLinearWithLoRA):\n"
            "    def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
            + QA.format(", bias")
            + ADD
            + "        return output\n",
            "    def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:",
        ),
    ),
    (
        "#28972 handed positions",
        "twin: an override adding the bias after its GEMM",
        K(
            *RB,
            "vllm/aeon/r118rb2.py",
            RP + "class AeonRow2(RowParallelLinearWithLoRA):\n"
            "    def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
            + QA.format("")
            + ADD
            + "        if bias is not None:\n"
            "            output = output + bias  # AEON: NVFP4 GEMM has no bias epilogue\n"
            "        return output\n",
            "    def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:",
        ),
    ),
    (
        "#28972 handed positions",
        "twin: the bias under another name, read",
        K(
            *RB,
            "vllm/aeon/r118rb3.py",
            RP + "class AeonRow3(RowParallelLinearWithLoRA):\n"
            "    def apply(self, x, b=None):\n" + QA.format(", b") + ADD + "        return output\n",
            "    def apply(self, x, b=None):",
        ),
    ),
    (
        "#28972 handed positions",
        "twin: *rest handed on to super()",
        K(
            *RB,
            "vllm/aeon/r118rb4.py",
            RP + "class AeonRow4(RowParallelLinearWithLoRA):\n"
            "    def apply(self, x, *rest):\n"
            "        return super().apply(x.contiguous(), *rest)\n",
            "    def apply(self, x, *rest):",
        ),
    ),
    (
        "#28972 handed positions",
        "twin: the bias read only in a closure",
        K(
            *RB,
            "vllm/aeon/r118rb5.py",
            RP + "class AeonRow5(RowParallelLinearWithLoRA):\n"
            "    def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
            "        finish = lambda out: out if bias is None else out + bias  # noqa: E731\n"
            + QA.format("")
            + ADD
            + "        return finish(output)\n",
            "    def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:",
        ),
    ),
    (
        "#28972 handed positions",
        "twin: the sharded subclass handing the bias on to super()",
        K(
            *RB,
            "vllm/aeon/r118rb6.py",
            "import torch\n\nfrom vllm.lora.layers import RowParallelLinearWithShardedLoRA\n\n\n"
            "class AeonRow6(RowParallelLinearWithShardedLoRA):\n"
            "    def apply(self, x, bias=None):\n"
            "        return super().apply(x.to(torch.bfloat16), bias)\n",
            "    def apply(self, x, bias=None):",
        ),
    ),
    (
        "#28972 handed positions",
        "twin: the fork's own forward keeping the old call, a bias-less apply",
        K(
            *RB,
            "vllm/aeon/r118rb7.py",
            RP + "class AeonRow7(RowParallelLinearWithLoRA):\n" + OLD_FWD + BIASLESS,
            "    def apply(self, x: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#28972 handed positions",
        "twin: a fork base between overriding forward, a subclass's bias-less apply",
        K(
            *RB,
            "vllm/aeon/r118rb8.py",
            RP
            + "class AeonRowBase8(RowParallelLinearWithLoRA):\n"
            + OLD_FWD
            + "\nclass AeonRow8(AeonRowBase8):\n"
            + BIASLESS,
            "    def apply(self, x: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#28972 handed positions",
        "twin: a mixin ahead of upstream's class overriding forward",
        K(
            *RB,
            "vllm/aeon/r118rb9.py",
            RP
            + "class AeonForwardMixin:\n"
            + OLD_FWD
            + "\nclass AeonRow9(AeonForwardMixin, RowParallelLinearWithLoRA):\n"
            + BIASLESS,
            "    def apply(self, x: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#28972 handed positions",
        "twin: the fork's own class of the names, deriving from nothing of upstream's",
        K(
            *RB,
            "vllm/aeon/r118rb10.py",
            "import torch\n\n\nclass AeonRowLayer(torch.nn.Module):\n"
            "    def __init__(self, base_layer) -> None:\n"
            "        super().__init__()\n"
            "        self.base_layer = base_layer\n\n" + OLD_FWD + "    def apply(self, x):\n"
            "        return self.base_layer(x)\n",
            "    def apply(self, x):",
        ),
    ),
    (
        "#28972 handed positions",
        "twin: a column-parallel override, whose forward handed the bias at the merge base already",
        K(
            *RB,
            "vllm/aeon/r118rb11.py",
            "import torch\n\nfrom vllm.lora.layers import ColumnParallelLinearWithLoRA\n\n\n"
            "class AeonCol11(ColumnParallelLinearWithLoRA):\n"
            "    def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
            + QA.format(", bias")
            + ADD
            + "        return output\n",
            "    def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:",
        ),
    ),
    (
        "#28972 handed positions",
        "twin: an override that only raises",
        K(
            *RB,
            "vllm/aeon/r118rb12.py",
            RP + "class AeonRow12(RowParallelLinearWithLoRA):\n"
            "    def apply(self, x, bias=None):\n"
            "        raise NotImplementedError('AEON: the Spark serves this layer unsharded')\n",
            "    def apply(self, x, bias=None):",
        ),
    ),
]

# --- 79aa244678 (#25631): get_dummy_processor_inputs now calls self.get_dummy_mm_data(seq_len, mm_counts, mm_options)
MO = ("#25631", "79aa244678", "get_dummy_mm_data now handed mm_options (None: the model's defaults)")
PF = "from collections.abc import Mapping\n\nfrom vllm.multimodal.profiling import BaseDummyInputsBuilder\n\n\n"
TXT = "    def get_dummy_text(self, mm_counts: Mapping[str, int]) -> str:\n        return '<image>' * mm_counts.get('image', 0)\n\n"
IMG = "        return {'image': self._get_dummy_images(width=448, height=448, num_images=mm_counts.get('image', 0))}\n"
CASES += [
    (
        "#25631 handed positions",
        "an override without mm_options",
        K(
            *MO,
            "vllm/aeon/r118mo0.py",
            PF
            + "class AeonDummyBuilder0(BaseDummyInputsBuilder):\n"
            + TXT
            + "    def get_dummy_mm_data(self, seq_len: int, mm_counts: Mapping[str, int]):\n"
            + IMG,
            "    def get_dummy_mm_data(self, seq_len: int, mm_counts: Mapping[str, int]):",
        ),
    ),
]
TWINS += [
    (
        "#25631 handed positions",
        "twin: an override taking mm_options and reading it",
        K(
            *MO,
            "vllm/aeon/r118mo1.py",
            PF
            + "class AeonDummyBuilder1(BaseDummyInputsBuilder):\n"
            + TXT
            + "    def get_dummy_mm_data(self, seq_len, mm_counts, mm_options=None):\n"
            "        image = mm_options.get('image') if mm_options else None\n"
            "        return {'image': self._get_dummy_images(width=448, height=448, num_images=mm_counts.get('image', 0), overrides=image)}\n",
            "    def get_dummy_mm_data(self, seq_len, mm_counts, mm_options=None):",
        ),
    ),
    (
        "#25631 handed positions",
        "twin: an override taking mm_options and keeping the model's defaults",
        K(
            *MO,
            "vllm/aeon/r118mo2.py",
            PF
            + "class AeonDummyBuilder2(BaseDummyInputsBuilder):\n"
            + TXT
            + "    def get_dummy_mm_data(self, seq_len, mm_counts, mm_options=None):\n"
            "        # AEON: the Spark always profiles its vision tower at the largest image\n" + IMG,
            "    def get_dummy_mm_data(self, seq_len, mm_counts, mm_options=None):",
        ),
    ),
]

# --- 1031c84c36 (#37236): _reshape_kv_cache_tensors now calls self._update_hybrid_attention_mamba_layout(kv_caches,
# kernel_block_sizes), a list it read for its own reshaping at the merge base already
HL = ("#37236", "1031c84c36", "_update_hybrid_attention_mamba_layout now handed kernel_block_sizes")
GR = "import torch\n\nfrom vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
CASES += [
    (
        "#37236 handed positions",
        "an override taking the caches only",
        K(
            *HL,
            "vllm/aeon/r118hl0.py",
            GR + "class AeonRunner0(GPUModelRunner):\n"
            "    def _update_hybrid_attention_mamba_layout(self, kv_caches: dict[str, torch.Tensor]) -> None:\n"
            "        torch.cuda.synchronize()  # AEON: the Spark's unified memory wants the copies settled first\n"
            "        super()._update_hybrid_attention_mamba_layout(kv_caches)\n",
            "    def _update_hybrid_attention_mamba_layout(self, kv_caches: dict[str, torch.Tensor]) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#37236 handed positions",
        "twin: an override taking the block sizes and handing them on",
        K(
            *HL,
            "vllm/aeon/r118hl1.py",
            GR + "class AeonRunner1(GPUModelRunner):\n"
            "    def _update_hybrid_attention_mamba_layout(self, kv_caches, kernel_block_sizes=None):\n"
            "        torch.cuda.synchronize()\n"
            "        super()._update_hybrid_attention_mamba_layout(kv_caches, kernel_block_sizes)\n",
            "    def _update_hybrid_attention_mamba_layout(self, kv_caches, kernel_block_sizes=None):",
        ),
    ),
    (
        "#37236 handed positions",
        "twin: an override laying out its own backend's caches, the block sizes taken and not needed",
        K(
            *HL,
            "vllm/aeon/r118hl2.py",
            GR + "class AeonRunner2(GPUModelRunner):\n"
            "    aeon_hybrid_layers: tuple[str, ...] = ()\n\n"
            "    def _update_hybrid_attention_mamba_layout(self, kv_caches, kernel_block_sizes=None):\n"
            "        # AEON: the Spark's attention backend always allocates (num_blocks, 2, ...): nothing to restride\n"
            "        for name in self.aeon_hybrid_layers:\n"
            "            assert kv_caches[name].shape[0] != 2\n",
            "    def _update_hybrid_attention_mamba_layout(self, kv_caches, kernel_block_sizes=None):",
        ),
    ),
]

# --- 5abb117901 (#25487): BaseLinearLayerWithLoRA.__init__ reads base_layer.tp_size/tp_rank
TP = ("#25487", "5abb117901", "BaseLinearLayerWithLoRA.__init__ now reads base_layer.tp_size/tp_rank")
BL = "import torch\nfrom torch import nn\n\nfrom vllm.lora.layers.base_linear import BaseLinearLayerWithLoRA\n\n\n"
WRAP = (
    "class {0}WithLoRA(BaseLinearLayerWithLoRA):\n"
    "    def __init__(self, base_layer: {0}) -> None:\n"
    "        super().__init__(base_layer)\n"
    "        self.output_size = base_layer.output_size\n"
    "        self.n_slices = 1\n"
)
TWINS += [
    (
        "#25487 handed members",
        "twin: the fork's linear holding tp_size and tp_rank",
        K(
            *TP,
            "vllm/aeon/r118tp1.py",
            BL + "class AeonLin1(nn.Module):\n"
            "    def __init__(self, input_size: int, output_size: int) -> None:\n"
            "        super().__init__()\n"
            "        self.input_size, self.output_size = input_size, output_size\n"
            "        self.tp_size, self.tp_rank = 1, 0  # AEON: the Spark runs one rank\n\n\n"
            + WRAP.format("AeonLin1"),
            "        super().__init__(base_layer)",
        ),
    ),
    (
        "#25487 handed members",
        "twin: the fork's linear deriving from upstream's ReplicatedLinear",
        K(
            *TP,
            "vllm/aeon/r118tp2.py",
            BL.replace("from torch import nn\n", "from vllm.model_executor.layers.linear import ReplicatedLinear\n")
            + "class AeonLin2(ReplicatedLinear):\n    pass\n\n\n"
            + WRAP.format("AeonLin2"),
            "        super().__init__(base_layer)",
        ),
    ),
    (
        "#25487 handed members",
        "twin: the fork's linear delegating through __getattr__",
        K(
            *TP,
            "vllm/aeon/r118tp3.py",
            BL + "class AeonLin3(nn.Module):\n"
            "    def __init__(self, inner: nn.Module) -> None:\n"
            "        super().__init__()\n"
            "        self.inner = inner\n\n"
            "    def __getattr__(self, name: str):\n"
            "        try:\n"
            "            return super().__getattr__(name)\n"
            "        except AttributeError:\n"
            "            return getattr(self.inner, name)\n\n\n" + WRAP.format("AeonLin3"),
            "        super().__init__(base_layer)",
        ),
    ),
]

# --- 12dab78f49 (#31326): LRUCacheWorkerLoRAManager.add_adapter now calls remove_adapter(lora.id) on every load
IP = ("#31326", "12dab78f49", "remove_adapter(lora.id) now called on every adapter load")
MM = "from vllm.lora.model_manager import LRUCacheLoRAModelManager\n\n\n"
TWINS += [
    (
        "#31326 absent keys",
        "twin: an if key in table guard",
        K(
            *IP,
            "vllm/aeon/r118ip1.py",
            MM + "class AeonMgr1(LRUCacheLoRAModelManager):\n    _aeon_scales: dict[int, object] = {}\n\n"
            "    def remove_adapter(self, adapter_id: int) -> bool:\n"
            "        if adapter_id in self._aeon_scales:\n"
            "            del self._aeon_scales[adapter_id]\n"
            "        return super().remove_adapter(adapter_id)\n",
            "            del self._aeon_scales[adapter_id]",
        ),
    ),
    (
        "#31326 absent keys",
        "twin: a try/except KeyError",
        K(
            *IP,
            "vllm/aeon/r118ip2.py",
            MM + "class AeonMgr2(LRUCacheLoRAModelManager):\n    _aeon_slot_of: dict[int, int] = {}\n\n"
            "    def deactivate_adapter(self, adapter_id: int) -> bool:\n"
            "        try:\n"
            "            del self._aeon_slot_of[adapter_id]\n"
            "        except KeyError:\n"
            "            pass\n"
            "        return super().deactivate_adapter(adapter_id)\n",
            "            del self._aeon_slot_of[adapter_id]",
        ),
    ),
    (
        "#31326 absent keys",
        "twin: a .get",
        K(
            *IP,
            "vllm/aeon/r118ip3.py",
            MM + "class AeonMgr3(LRUCacheLoRAModelManager):\n    _aeon_slot_of: dict[int, int] = {}\n\n"
            "    def deactivate_adapter(self, adapter_id: int) -> bool:\n"
            "        slot = self._aeon_slot_of.get(adapter_id, -1)\n"
            "        return super().deactivate_adapter(adapter_id) and slot >= 0\n",
            "        slot = self._aeon_slot_of.get(adapter_id, -1)",
        ),
    ),
]

# --- 392d1b4d2e (#47725): set_adapter_mapping also refreshes when the slot layout changed
SL = ("#47725", "392d1b4d2e", "set_adapter_mapping refreshes on a changed slot layout too")
LM = "from vllm.lora.model_manager import LoRAModelManager\n\n\n"
TWINS += [
    (
        "#47725 rewritten tests",
        "twin: an override holding the new test",
        K(
            *SL,
            "vllm/aeon/r118sl1.py",
            LM + "class AeonMap1(LoRAModelManager):\n    aeon_refreshes = 0\n\n"
            "    def set_adapter_mapping(self, mapping) -> None:\n"
            "        slot_layout = tuple(self.lora_index_to_id)\n"
            "        if self._last_mapping != mapping or self._last_slot_layout != slot_layout:\n"
            "            self._set_adapter_mapping(mapping)\n"
            "            self._last_mapping = mapping\n"
            "            self._last_slot_layout = slot_layout\n"
            "            self.aeon_refreshes += 1\n",
            "        if self._last_mapping != mapping or self._last_slot_layout != slot_layout:",
        ),
    ),
    (
        "#47725 rewritten tests",
        "twin: a test of the fork's own local, then super()",
        K(
            *SL,
            "vllm/aeon/r118sl2.py",
            LM + "class AeonMap2(LoRAModelManager):\n"
            "    def set_adapter_mapping(self, mapping) -> None:\n"
            "        if mapping is None:\n"
            "            return\n"
            "        super().set_adapter_mapping(mapping)\n",
            "        if mapping is None:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review118-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
