"""A blind replay of the LoRA layers, punica wrapper, managers and request a fork that serves adapters carries code against.

10 first-parent commits on vllm/lora (the layers, the punica wrapper and its Triton ops, the model manager,
the request, the mapping helpers) that ``blind_replay_lora.py`` does not use -- the layers' hooks
(``BaseLinearLayerWithLoRA.get_source_layer`` removed, ``FusedMoEWithLoRA.is_internal_router`` removed), the
punica wrapper (``vllm.lora.punica`` deleted for ``vllm.lora.punica_wrapper``, its ``add_expand_slice`` /
``add_lora`` / ``expand_decode`` methods removed or made private, ``add_expand``'s ``add_input`` keyword
renamed ``add_inputs`` under a ``**kwargs`` that swallows the old spelling, the SGMV/BGMV Triton ops and the
V1 kernel mixin's ``token_mapping_v1_meta`` retired, the platform's new ``get_punica_wrapper`` hook that
raises unless a platform defines it), the managers and the request (``vllm.adapter_commons`` deleted,
``LoRARequest`` refusing ``lora_int_id=0`` once the metaclass no-op was replaced by a real check,
``LoRALRUCache`` removed), and the mapping helper (``convert_mapping`` raising KeyError, not ValueError, on
an unmapped id) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the
commits the other replays use.  Commits: #51838 (fd04edef3e), #44657 (07d33e575b), #11200 (3cb5769883),
#14177 (e17e4488bd), #25045 (4aa8c7b047), #14685 (400d483e87), #10955 (ca871491ed), #11516 (a7d59688fb),
#10917 (571da8fc43), #46542 (0bc479e6eb).
Each is replayed under 1-3 fork spellings written the way fork code is written (a read off a typed layer,
a subclass's read of an inherited attribute, an override without the keyword its caller now passes, a
keyword call, a classmethod call, an import of a deleted module or removed name, a module-level request
built with a sentinel id, a platform subclass, an ``except`` around a helper), with twins (fork code
beside the same change that it does not break).  The merge base is the commit's first parent, upstream
is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in
its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 9f1f9f8c; the replay committed at 6d977554 before its run):
15 caught, 2 warned, 1 missed of 18 (twins: 10 quiet, 0 false errors).  The miss: #46542's ``except
ValueError:`` round ``convert_mapping(...)`` (the def raised ValueError through ``lora_index_to_id.index(x)``,
not a ``raise``; upstream's dict lookup raises KeyError).  Warned: #11200's override of ``add_expand`` still
naming ``add_input`` without ``**kwargs`` (warned on its ``super()`` call; the def line, where
``add_lora_linear``'s ``add_inputs=True`` lands, was not flagged: the keyword sits on the fourth line of a
multi-line call whose first line upstream left alone), and #11516's platform on the CUDA enum without
``get_punica_wrapper`` (a warning by design: nothing in the replay's tree names the class, which a real fork
registers through an entry point).
After the killers115 widenings: 17 caught, 1 warned, 0 missed of 18 (twins: 10 quiet, 0 false errors).
Caught now: a caught kind a builtin lookup stopped raising (``seq.index`` made a lookup in a dict the def
builds, ``drift/raised_kinds.py``); a keyword upstream renamed on a line of its own inside the base's multi-
line call of a hook, against an override without ``**kwargs`` (``drift/keyword_calls.py``).  Left: #11516's
warning (the unnamed-class rule's).
Regression at 51d93fe1: killer_replay 26/26, kind_change_replay 12/12, blind_replay_lora 33/33 (16 twins
quiet), blind_replay_compile 12/12 (9 twins quiet), blind_replay_customops 13 caught + 1 warned of 14 (as
before), review15/16/17_twins 0 false errors of 40/30/23; symbol_precision --windows 3 cut by its timeout on
the loaded machine after window 0 (0 false errors).  The raised-kind prefilter then read only the files
still defining a called name (``upstream_files_with``): the #46542 and #49134 cases rerun, caught, twins quiet.

  python benchmarks/blind_replay_lora2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #51838 (fd04edef3e): FusedMoEWithLoRA.is_internal_router (and the runner's) removed as dead code
IR = "fd04edef3e"
IRW = "FusedMoEWithLoRA.is_internal_router removed"
MOE = "from vllm.lora.layers.fused_moe import FusedMoEWithLoRA\n\n\n"
CASES += [
    (
        "#51838 layer property removed",
        "a read off a layer typed as FusedMoEWithLoRA",
        K(
            "#51838",
            IR,
            IRW,
            "vllm/aeon/ir1.py",
            MOE + "def aeon_routes_inside(layer: FusedMoEWithLoRA) -> bool:\n"
            "    # AEON: the Spark's router GEMM is skipped when the experts route themselves\n"
            "    return bool(layer.is_internal_router)\n",
            "return bool(layer.is_internal_router)",
        ),
    ),
    (
        "#51838 layer property removed",
        "a subclass's read of the inherited property",
        K(
            "#51838",
            IR,
            IRW,
            "vllm/aeon/ir2.py",
            MOE + "class AeonFusedMoEWithLoRA(FusedMoEWithLoRA):\n"
            "    def aeon_needs_gate(self) -> bool:\n"
            "        return not self.is_internal_router\n",
            "return not self.is_internal_router",
        ),
    ),
    (
        "#51838 layer property removed",
        "twin: the runner property kept",
        K(
            "#51838",
            IR,
            IRW,
            "vllm/aeon/ir3.py",
            MOE + "def aeon_runner_of(layer: FusedMoEWithLoRA) -> object:\n    return layer.runner\n",
            "return layer.runner",
        ),
    ),
]

# --- #44657 (07d33e575b): LoRALRUCache removed (the base manager builds AdapterLRUCache itself)
LC = "07d33e575b"
LCW = "LoRALRUCache removed"
CASES += [
    (
        "#44657 cache class removed",
        "an import of the removed class",
        K(
            "#44657",
            LC,
            LCW,
            "vllm/aeon/lc1.py",
            "from vllm.lora.model_manager import LoRALRUCache\n\n\n"
            "class AeonPinnedLoRACache(LoRALRUCache):\n"
            "    # AEON: the Spark keeps its house adapter resident whatever the LRU says\n"
            "    def _on_remove(self, key, value):\n"
            "        return super()._on_remove(key, value)\n",
            "from vllm.lora.model_manager import LoRALRUCache",
        ),
    ),
    (
        "#44657 cache class removed",
        "a read of the class off the module",
        K(
            "#44657",
            LC,
            LCW,
            "vllm/aeon/lc2.py",
            "from vllm.lora import model_manager\n\n\n"
            "def aeon_cache(capacity: int, deactivate) -> object:\n"
            "    return model_manager.LoRALRUCache(capacity, deactivate)\n",
            "return model_manager.LoRALRUCache(capacity, deactivate)",
        ),
    ),
    (
        "#44657 cache class removed",
        "twin: the LRU manager kept",
        K(
            "#44657",
            LC,
            LCW,
            "vllm/aeon/lc3.py",
            "from vllm.lora.model_manager import LRUCacheLoRAModelManager\n\n\n"
            "class AeonLoRAModelManager(LRUCacheLoRAModelManager):\n"
            "    def add_adapter(self, lora) -> bool:\n"
            "        return super().add_adapter(lora)\n",
            "return super().add_adapter(lora)",
        ),
    ),
]

# --- #11200 (3cb5769883): the punica wrapper's add_input keyword renamed add_inputs (add_expand keeps **kwargs)
AI = "3cb5769883"
AIW = "add_input -> add_inputs"
PG = "import torch\n\nfrom vllm.lora.punica_wrapper.punica_gpu import PunicaWrapperGPU\n\n\n"
CASES += [
    (
        "#11200 keyword renamed",
        "an override without the keyword its caller now passes",
        K(
            "#11200",
            AI,
            AIW,
            "vllm/aeon/ai1.py",
            PG + "class AeonPunicaWrapperGPU(PunicaWrapperGPU):\n"
            "    def add_expand(self, y, x, lora_b_stacked, lora_bias_stacked, output_slices, offset_start=0, add_input=True):\n"
            "        # AEON: GB10 accumulates the expand in fp32 before the add\n"
            "        super().add_expand(y, x, lora_b_stacked, lora_bias_stacked, output_slices, offset_start, add_input)\n",
            "def add_expand(self, y, x, lora_b_stacked, lora_bias_stacked, output_slices, offset_start=0, add_input=True):",
        ),
    ),
    (
        "#11200 keyword renamed",
        "the old keyword, now swallowed by **kwargs",
        K(
            "#11200",
            AI,
            AIW,
            "vllm/aeon/ai2.py",
            PG
            + "def aeon_expand_fresh(punica: PunicaWrapperGPU, y: torch.Tensor, buffer, lora_b_stacked, slices) -> None:\n"
            "    # AEON: the draft model's LoRA output overwrites, it does not accumulate\n"
            "    punica.add_expand(y, buffer, lora_b_stacked, None, slices, add_input=False)\n",
            "punica.add_expand(y, buffer, lora_b_stacked, None, slices, add_input=False)",
        ),
    ),
    (
        "#11200 keyword renamed",
        "twin: the offset_start keyword kept",
        K(
            "#11200",
            AI,
            AIW,
            "vllm/aeon/ai3.py",
            PG
            + "def aeon_expand_at(punica: PunicaWrapperGPU, y: torch.Tensor, buffer, lora_b_stacked, slices) -> None:\n"
            "    punica.add_expand(y, buffer, lora_b_stacked, None, slices, offset_start=0)\n",
            "punica.add_expand(y, buffer, lora_b_stacked, None, slices, offset_start=0)",
        ),
    ),
]

# --- #14177 (e17e4488bd): BaseLinearLayerWithLoRA.get_source_layer removed with the HFCompatibleLinear hack
SL = "e17e4488bd"
SLW = "get_source_layer removed"
LIN = (
    "import torch.nn as nn\n\n"
    "from vllm.lora.layers import ColumnParallelLinearWithLoRA, RowParallelLinearWithLoRA\n"
    "from vllm.model_executor.layers.linear import RowParallelLinear\n\n\n"
)
CASES += [
    (
        "#14177 layer classmethod removed",
        "cls.get_source_layer in a subclass's can_replace_layer",
        K(
            "#14177",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            LIN + "class AeonRowParallelLinearWithLoRA(RowParallelLinearWithLoRA):\n"
            "    @classmethod\n"
            "    def can_replace_layer(cls, source_layer: nn.Module, lora_config, packed_modules_list, model_config=None) -> bool:\n"
            "        # AEON: our fused o_proj subclasses RowParallelLinear\n"
            "        return issubclass(cls.get_source_layer(source_layer), RowParallelLinear)\n",
            "return issubclass(cls.get_source_layer(source_layer), RowParallelLinear)",
        ),
    ),
    (
        "#14177 layer classmethod removed",
        "a call off the class",
        K(
            "#14177",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            LIN + "def aeon_source_type(layer: nn.Module) -> type:\n"
            "    return ColumnParallelLinearWithLoRA.get_source_layer(layer)\n",
            "return ColumnParallelLinearWithLoRA.get_source_layer(layer)",
        ),
    ),
    (
        "#14177 layer classmethod removed",
        "twin: can_replace_layer through super()",
        K(
            "#14177",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            LIN + "class AeonRowParallelLinearWithLoRA2(RowParallelLinearWithLoRA):\n"
            "    @classmethod\n"
            "    def can_replace_layer(cls, source_layer: nn.Module, lora_config, packed_modules_list, model_config=None) -> bool:\n"
            "        return super().can_replace_layer(source_layer, lora_config, packed_modules_list, model_config)\n",
            "return super().can_replace_layer(source_layer, lora_config, packed_modules_list, model_config)",
        ),
    ),
]

# --- #25045 (4aa8c7b047): vllm.adapter_commons deleted; LoRARequest's ``__metaclass__`` no-op replaced by a
#     real ``lora_int_id < 1`` check in its __post_init__
AC = "4aa8c7b047"
ACW = "adapter_commons removed, LoRARequest refuses id 0"
CASES += [
    (
        "#25045 module deleted",
        "an import of the deleted module",
        K(
            "#25045",
            AC,
            ACW,
            "vllm/aeon/ac1.py",
            "from vllm.adapter_commons.models import AdapterModelManager\n\n\n"
            "def aeon_is_adapter_manager(manager: object) -> bool:\n"
            "    return isinstance(manager, AdapterModelManager)\n",
            "from vllm.adapter_commons.models import AdapterModelManager",
        ),
    ),
    (
        "#25045 value refused",
        "a module-level request built with id 0",
        K(
            "#25045",
            AC,
            ACW,
            "vllm/aeon/ac2.py",
            "from vllm.lora.request import LoRARequest\n\n"
            "# AEON: id 0 is the router's 'no adapter' placeholder; the worker skips it\n"
            "AEON_NO_ADAPTER = LoRARequest(lora_name='none', lora_int_id=0, lora_path='/opt/adapters/none')\n",
            "AEON_NO_ADAPTER = LoRARequest(lora_name='none', lora_int_id=0, lora_path='/opt/adapters/none')",
        ),
    ),
    (
        "#25045 value refused",
        "twin: a request built with id 1",
        K(
            "#25045",
            AC,
            ACW,
            "vllm/aeon/ac3.py",
            "from vllm.lora.request import LoRARequest\n\n"
            "AEON_HOUSE = LoRARequest(lora_name='house', lora_int_id=1, lora_path='/opt/adapters/house')\n",
            "AEON_HOUSE = LoRARequest(lora_name='house', lora_int_id=1, lora_path='/opt/adapters/house')",
        ),
    ),
]

# --- #14685 (400d483e87): the SGMV/BGMV Triton ops and the V1 kernel mixin retired (lora_shrink/lora_expand,
#     LoRAKernelMeta, token_mapping_meta)
SG = "400d483e87"
SGW = "SGMV/BGMV ops and V1KernelMixin retired"
CASES += [
    (
        "#14685 op names removed",
        "an import of the retired ops off the package",
        K(
            "#14685",
            SG,
            SGW,
            "vllm/aeon/sg1.py",
            "import torch\n\n"
            "from vllm.lora.ops.triton_ops import bgmv_expand, bgmv_shrink\n\n\n"
            "def aeon_decode_lora(x: torch.Tensor, wa: torch.Tensor, wb: torch.Tensor, y: torch.Tensor, idx: torch.Tensor) -> None:\n"
            "    buf = torch.zeros((x.size(0), wa.size(-2)), dtype=torch.float32, device=x.device)\n"
            "    bgmv_shrink(x, wa, buf, idx, 1.0)\n"
            "    bgmv_expand(buf, wb, y, idx, True)\n",
            "from vllm.lora.ops.triton_ops import bgmv_expand, bgmv_shrink",
        ),
    ),
    (
        "#14685 attribute removed",
        "a subclass's read of the mixin's metadata",
        K(
            "#14685",
            SG,
            SGW,
            "vllm/aeon/sg2.py",
            "from vllm.lora.punica_wrapper.punica_gpu import PunicaWrapperGPU\n\n\n"
            "class AeonPunicaWrapperGPU2(PunicaWrapperGPU):\n"
            "    def aeon_token_meta(self):\n"
            "        # AEON: the Spark's graph capture pins the token metadata's buffers\n"
            "        return self.token_mapping_v1_meta\n",
            "return self.token_mapping_v1_meta",
        ),
    ),
    (
        "#14685 attribute removed",
        "twin: the base's token_lora_indices kept",
        K(
            "#14685",
            SG,
            SGW,
            "vllm/aeon/sg3.py",
            "from vllm.lora.punica_wrapper.punica_gpu import PunicaWrapperGPU\n\n\n"
            "class AeonPunicaWrapperGPU3(PunicaWrapperGPU):\n"
            "    def aeon_indices(self):\n"
            "        return self.token_lora_indices\n",
            "return self.token_lora_indices",
        ),
    ),
]

# --- #10955 (ca871491ed): vllm/lora/punica.py deleted for the vllm/lora/punica_wrapper package
PU = "ca871491ed"
PUW = "vllm.lora.punica deleted"
CASES += [
    (
        "#10955 module deleted",
        "an import of the wrapper class",
        K(
            "#10955",
            PU,
            PUW,
            "vllm/aeon/pu1.py",
            "from vllm.lora.punica import PunicaWrapper\n\n\nclass AeonPunicaWrapper(PunicaWrapper):\n    pass\n",
            "from vllm.lora.punica import PunicaWrapper",
        ),
    ),
    (
        "#10955 module deleted",
        "an import of a helper function",
        K(
            "#10955",
            PU,
            PUW,
            "vllm/aeon/pu2.py",
            "from vllm.lora.punica import convert_mapping\n\n\n"
            "def aeon_mapping(mapping, ids, max_loras: int, vocab: int, extra: int):\n"
            "    return convert_mapping(mapping, ids, max_loras, vocab, extra)\n",
            "from vllm.lora.punica import convert_mapping",
        ),
    ),
    (
        "#10955 module deleted",
        "twin: LoRAMapping off the layers kept",
        K(
            "#10955",
            PU,
            PUW,
            "vllm/aeon/pu3.py",
            "from vllm.lora.layers import LoRAMapping\n\n\n"
            "def aeon_empty_mapping() -> LoRAMapping:\n"
            "    return LoRAMapping((), ())\n",
            "from vllm.lora.layers import LoRAMapping",
        ),
    ),
]

# --- #11516 (a7d59688fb): the punica wrapper chosen by Platform.get_punica_wrapper(), which raises
#     NotImplementedError unless a platform defines it (CUDA/ROCm/CPU/HPU do)
PW = "a7d59688fb"
PWW = "Platform.get_punica_wrapper hook"
CASES += [
    (
        "#11516 new platform hook",
        "a platform subclass on the CUDA enum without the hook",
        K(
            "#11516",
            PW,
            PWW,
            "vllm/aeon/pw1.py",
            "from vllm.platforms.interface import Platform, PlatformEnum\n\n\n"
            "class AeonSparkPlatform(Platform):\n"
            "    # AEON: the Spark's platform reuses the CUDA enum so every cuda_alike path (LoRA too) is taken\n"
            "    _enum = PlatformEnum.CUDA\n"
            "    device_name: str = 'cuda'\n"
            "    device_type: str = 'cuda'\n",
            "class AeonSparkPlatform(Platform):",
        ),
    ),
    (
        "#11516 new platform hook",
        "twin: a subclass of the CUDA platform (inherits the hook)",
        K(
            "#11516",
            PW,
            PWW,
            "vllm/aeon/pw2.py",
            "from vllm.platforms.cuda import NvmlCudaPlatform\n\n\n"
            "class AeonSparkPlatform2(NvmlCudaPlatform):\n"
            "    device_name: str = 'cuda'\n",
            "class AeonSparkPlatform2(NvmlCudaPlatform):",
        ),
    ),
]

# --- #10917 (571da8fc43): PunicaWrapper's interface cleaned up (add_expand_slice, add_expand_packed_nslice,
#     add_lora, apply_bias removed; shrink_/expand_ prefill/decode made private)
PI = "571da8fc43"
PIW = "PunicaWrapper methods removed or made private"
PUN = "import torch\n\nfrom vllm.lora.punica import PunicaWrapper\n\n\n"
CASES += [
    (
        "#10917 method removed",
        "a call of the removed add_expand_slice off a typed wrapper",
        K(
            "#10917",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            PUN
            + "def aeon_expand_slice(punica: PunicaWrapper, y: torch.Tensor, x: torch.Tensor, wb: torch.Tensor, off: int, size: int) -> None:\n"
            "    punica.add_expand_slice(y, x, wb, None, off, size, add_input=True)\n",
            "punica.add_expand_slice(y, x, wb, None, off, size, add_input=True)",
        ),
    ),
    (
        "#10917 method removed",
        "super() of a method made private, from an override",
        K(
            "#10917",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            PUN + "class AeonPunica(PunicaWrapper):\n"
            "    def expand_decode(self, y: torch.Tensor, x: torch.Tensor, w_t_all: torch.Tensor, add_input: bool):\n"
            "        # AEON: GB10 decode expands with the inputs cast to bf16\n"
            "        super().expand_decode(y, x.to(torch.bfloat16), w_t_all, add_input)\n",
            "super().expand_decode(y, x.to(torch.bfloat16), w_t_all, add_input)",
        ),
    ),
    (
        "#10917 method removed",
        "twin: the sampler_indices property kept",
        K(
            "#10917",
            PI,
            PIW,
            "vllm/aeon/pi3.py",
            PUN + "def aeon_sampler_rows(punica: PunicaWrapper) -> torch.Tensor:\n    return punica.sampler_indices\n",
            "return punica.sampler_indices",
        ),
    ),
]

# --- #46542 (0bc479e6eb): convert_mapping's id lookup a dict (KeyError) instead of list.index (ValueError)
CM = "0bc479e6eb"
CMW = "convert_mapping raises KeyError, not ValueError"
CONV = "from vllm.lora.punica_wrapper.utils import convert_mapping\n\n\n"
CASES += [
    (
        "#46542 raised kind changed",
        "an except ValueError around the helper",
        K(
            "#46542",
            CM,
            CMW,
            "vllm/aeon/cm1.py",
            CONV + "def aeon_try_mapping(mapping, ids, max_loras: int, vocab: int, extra: int, device):\n"
            "    try:\n"
            "        return convert_mapping(mapping, ids, max_loras, vocab, extra, device)\n"
            "    except ValueError:\n"
            "        # AEON: a slot evicted between scheduling and the step; the batch runs without LoRA\n"
            "        return None\n",
            "except ValueError:",
        ),
    ),
    (
        "#46542 raised kind changed",
        "twin: both kinds caught",
        K(
            "#46542",
            CM,
            CMW,
            "vllm/aeon/cm2.py",
            CONV + "def aeon_try_mapping2(mapping, ids, max_loras: int, vocab: int, extra: int, device):\n"
            "    try:\n"
            "        return convert_mapping(mapping, ids, max_loras, vocab, extra, device)\n"
            "    except (ValueError, KeyError):\n"
            "        return None\n",
            "except (ValueError, KeyError):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
