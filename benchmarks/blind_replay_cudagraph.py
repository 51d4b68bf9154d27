"""A blind replay of CUDA-graph dispatch, the forward context and the ``vllm.utils`` split a fork codes against.

9 first-parent commits on the surface a fork that captures CUDA graphs or reads the forward context carries
code against -- ``ForwardContext``'s fields (``virtual_engine`` removed with ``set_forward_context``'s
``virtual_engine`` parameter, ``remaining_moe_layers`` removed), the platform hook ``set_forward_context``
calls (now handed ``dp_metadata=``), ``CUDAGraphWrapper``'s ``graph_pool`` parameter and
``VllmBackend.graph_pool`` removed, ``CudagraphDispatcher.dispatch``'s ``use_cascade_attn`` renamed
``disable_full`` and then replaced by ``valid_modes``/``invalid_modes``, ``CUDAGraphMode.valid_runtime_modes``
turned from a bool predicate into a classmethod returning a frozenset -- and the ``vllm.utils`` split (the
torch helpers, network helpers and platform helpers moved to submodules, some re-exported, some kept behind a
deprecation ``__getattr__``, most not) -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork
code is written (a read off ``get_forward_context()``, a keyword, a positional argument that now lands on the
next parameter, a platform override the caller now hands a new keyword, a subclass attribute read, an import
from the old module, a module attribute, a predicate in a boolean context), with twins (fork code the commit
does not break).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught*
when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error
on their line.

Blind, on the engine before any widening (main at 8b3c1af1): 13 caught, 0 warned, 2 missed of 15 (twins: 9
quiet, 0 false errors).  The misses: #31942's platform override naming each keyword it was handed (the
base's hook takes ``*args, **kwargs`` and is unchanged; only upstream's one call of it through
``current_platform`` now passes ``dp_metadata=``: TypeError in every forward), and #34102's
``if not mode.valid_runtime_modes():`` (a bool predicate made a classmethod returning a non-empty frozenset:
the test is never true again, silently).
After the killers71 widenings: 15 caught, 0 warned, 0 missed of 15 (twins: 9 quiet, 0 false errors).  Caught
now: a keyword upstream's own call of a method newly passes (on a line it added, in a served file whose
merge-base calls never passed it) that the base takes in its unchanged ``**kwargs`` and a fork override
refuses, where no other upstream hierarchy defines a method of that name (symbol drift,
``drift/handed_keys.py``); a ``-> bool`` predicate made a collection, tested for truth where it moved from the
instance to the class (a constant) or compared with True/False (symbol drift's result kinds; a warning for a
truth test of a predicate still the instance's).

  python benchmarks/blind_replay_cudagraph.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #37195 (0d81a1fe61): ForwardContext.virtual_engine and set_forward_context(virtual_engine=) removed
VE = "0d81a1fe61"
VEW = "virtual_engine removed from ForwardContext and set_forward_context"
FC = "from vllm.forward_context import get_forward_context, set_forward_context\n\n\n"
CASES += [
    (
        "#37195 forward-context field removed",
        "a read off get_forward_context()",
        K(
            "#37195",
            VE,
            VEW,
            "vllm/aeon/ve1.py",
            FC + "def aeon_kv_slot(layer_caches: list) -> object:\n"
            "    # AEON: the Spark keeps one kv cache per virtual engine\n"
            "    return layer_caches[get_forward_context().virtual_engine]\n",
            "return layer_caches[get_forward_context().virtual_engine]",
        ),
    ),
    (
        "#37195 forward-context field removed",
        "a keyword to set_forward_context",
        K(
            "#37195",
            VE,
            VEW,
            "vllm/aeon/ve2.py",
            FC + "def aeon_warmup(model, attn_metadata, vllm_config, input_ids):\n"
            "    with set_forward_context(attn_metadata, vllm_config, virtual_engine=0):\n"
            "        return model(input_ids)\n",
            "with set_forward_context(attn_metadata, vllm_config, virtual_engine=0):",
        ),
    ),
    (
        "#37195 forward-context field removed",
        "a positional virtual engine that now lands on num_tokens",
        K(
            "#37195",
            VE,
            VEW,
            "vllm/aeon/ve3.py",
            FC + "def aeon_run(model, attn_metadata, vllm_config, input_ids, num_tokens):\n"
            "    with set_forward_context(attn_metadata, vllm_config, 0, num_tokens):\n"
            "        return model(input_ids)\n",
            "with set_forward_context(attn_metadata, vllm_config, 0, num_tokens):",
        ),
    ),
    (
        "#37195 forward-context field removed",
        "twin: num_tokens by keyword",
        K(
            "#37195",
            VE,
            VEW,
            "vllm/aeon/ve4.py",
            FC + "def aeon_run2(model, attn_metadata, vllm_config, input_ids, num_tokens):\n"
            "    with set_forward_context(attn_metadata, vllm_config, num_tokens=num_tokens):\n"
            "        return model(input_ids)\n",
            "with set_forward_context(attn_metadata, vllm_config, num_tokens=num_tokens):",
        ),
    ),
]

# --- #31942 (2ab441befe): set_forward_context hands the platform hook dp_metadata=
DM = "2ab441befe"
DMW = "set_additional_forward_context now called with dp_metadata="
CP = "from vllm.platforms.cuda import CudaPlatform\n\n\n"
CASES += [
    (
        "#31942 platform hook handed a new keyword",
        "a platform override naming every keyword it was handed",
        K(
            "#31942",
            DM,
            DMW,
            "vllm/aeon/dm1.py",
            CP + "class AeonPlatform(CudaPlatform):\n"
            "    @classmethod\n"
            "    def set_additional_forward_context(\n"
            "        cls, attn_metadata, vllm_config, virtual_engine, num_tokens, num_tokens_across_dp,\n"
            "        cudagraph_runtime_mode, batch_descriptor, ubatch_slices\n"
            "    ) -> dict:\n"
            "        # AEON: the Spark tags each step with its graph mode for the profiler\n"
            "        return {'aeon_mode': cudagraph_runtime_mode}\n",
            "def set_additional_forward_context(",
        ),
    ),
    (
        "#31942 platform hook handed a new keyword",
        "twin: an override that takes **kwargs",
        K(
            "#31942",
            DM,
            DMW,
            "vllm/aeon/dm2.py",
            CP + "class AeonPlatform2(CudaPlatform):\n"
            "    @classmethod\n"
            "    def set_additional_forward_context(cls, attn_metadata, vllm_config, **kwargs) -> dict:\n"
            "        return {'aeon_mode': kwargs.get('cudagraph_runtime_mode')}\n",
            "def set_additional_forward_context(cls, attn_metadata, vllm_config, **kwargs) -> dict:",
        ),
    ),
]

# --- #23385 (6fad29b11b): CUDAGraphWrapper's graph_pool parameter and VllmBackend.graph_pool removed
GP = "6fad29b11b"
GPW = "graph_pool removed from CUDAGraphWrapper and VllmBackend"
CG = "from vllm.compilation.cuda_graph import CUDAGraphWrapper\nfrom vllm.config import CUDAGraphMode\n\n\n"
CASES += [
    (
        "#23385 constructor keyword removed",
        "a graph_pool keyword to CUDAGraphWrapper",
        K(
            "#23385",
            GP,
            GPW,
            "vllm/aeon/gp1.py",
            CG + "def aeon_wrap(fn, vllm_config, pool):\n"
            "    # AEON: the Spark's sampler graphs share the model's pool\n"
            "    return CUDAGraphWrapper(fn, vllm_config, CUDAGraphMode.FULL, graph_pool=pool)\n",
            "return CUDAGraphWrapper(fn, vllm_config, CUDAGraphMode.FULL, graph_pool=pool)",
        ),
    ),
    (
        "#23385 constructor keyword removed",
        "a subclass read of the backend's removed attribute",
        K(
            "#23385",
            GP,
            GPW,
            "vllm/aeon/gp2.py",
            "from vllm.compilation.backends import VllmBackend\n\n\n"
            "class AeonBackend(VllmBackend):\n"
            "    def aeon_pool(self):\n"
            "        return self.graph_pool\n",
            "return self.graph_pool",
        ),
    ),
    (
        "#23385 constructor keyword removed",
        "twin: the wrapper still sets graph_pool",
        K(
            "#23385",
            GP,
            GPW,
            "vllm/aeon/gp3.py",
            CG + "class AeonWrapper(CUDAGraphWrapper):\n    def aeon_pool(self):\n        return self.graph_pool\n",
            "return self.graph_pool",
        ),
    ),
]

# --- #26908 (6ac5e06f7c): the torch helpers moved out of vllm.utils (to vllm.utils.torch_utils), no re-export
TU = "6ac5e06f7c"
TUW = "torch helpers moved from vllm.utils to vllm.utils.torch_utils"
CASES += [
    (
        "#26908 helper moved out of vllm.utils",
        "a from-import of the moved helper",
        K(
            "#26908",
            TU,
            TUW,
            "vllm/aeon/tu1.py",
            "from vllm.utils import weak_ref_tensors\n\n\n"
            "def aeon_keep(outputs):\n"
            "    return weak_ref_tensors(outputs)\n",
            "from vllm.utils import weak_ref_tensors",
        ),
    ),
    (
        "#26908 helper moved out of vllm.utils",
        "a module attribute off vllm.utils",
        K(
            "#26908",
            TU,
            TUW,
            "vllm/aeon/tu2.py",
            "from vllm import utils as vutils\n\n\n"
            "def aeon_stream():\n"
            "    # AEON: the Spark's copy stream waits on vLLM's current stream\n"
            "    return vutils.current_stream()\n",
            "return vutils.current_stream()",
        ),
    ),
    (
        "#26908 helper moved out of vllm.utils",
        "twin: a helper that stayed",
        K(
            "#26908",
            TU,
            TUW,
            "vllm/aeon/tu3.py",
            "from vllm.utils import cdiv\n\n\ndef aeon_blocks(n: int) -> int:\n    return cdiv(n, 16)\n",
            "from vllm.utils import cdiv",
        ),
    ),
]

# --- #27164 (7a6c8c3fa1): network helpers moved to vllm.utils.network_utils; get_open_port kept behind a
#     deprecation __getattr__, the rest not
NU = "7a6c8c3fa1"
NUW = "network helpers moved to vllm.utils.network_utils"
CASES += [
    (
        "#27164 helper moved out of vllm.utils",
        "a from-import of a helper with no shim",
        K(
            "#27164",
            NU,
            NUW,
            "vllm/aeon/nu1.py",
            "from vllm.utils import get_ip\n\n\ndef aeon_host() -> str:\n    return get_ip()\n",
            "from vllm.utils import get_ip",
        ),
    ),
    (
        "#27164 helper moved out of vllm.utils",
        "twin: a helper kept behind the deprecation __getattr__",
        K(
            "#27164",
            NU,
            NUW,
            "vllm/aeon/nu2.py",
            "from vllm.utils import get_open_port\n\n\ndef aeon_port() -> int:\n    return get_open_port()\n",
            "from vllm.utils import get_open_port",
        ),
    ),
]

# --- #27374 (ca76486a16): platform helpers moved to vllm.utils.platform_utils; two re-exported
PU = "ca76486a16"
PUW = "platform helpers moved to vllm.utils.platform_utils"
CASES += [
    (
        "#27374 helper moved out of vllm.utils",
        "a from-import of a helper not re-exported",
        K(
            "#27374",
            PU,
            PUW,
            "vllm/aeon/pu1.py",
            "import torch\n\nfrom vllm.utils import is_pin_memory_available\n\n\n"
            "def aeon_staging(n: int) -> torch.Tensor:\n"
            "    return torch.empty(n, pin_memory=is_pin_memory_available())\n",
            "from vllm.utils import is_pin_memory_available",
        ),
    ),
    (
        "#27374 helper moved out of vllm.utils",
        "twin: a re-exported helper",
        K(
            "#27374",
            PU,
            PUW,
            "vllm/aeon/pu2.py",
            "from vllm.utils import cuda_is_initialized\n\n\n"
            "def aeon_late() -> bool:\n"
            "    return cuda_is_initialized()\n",
            "from vllm.utils import cuda_is_initialized",
        ),
    ),
]

# --- #30173 (56037dfa2f): CudagraphDispatcher.dispatch's use_cascade_attn renamed disable_full
CA = "56037dfa2f"
CAW = "dispatch(use_cascade_attn=) renamed disable_full"
CD = "from vllm.v1.cudagraph_dispatcher import CudagraphDispatcher\n\n\n"
CASES += [
    (
        "#30173 dispatch keyword renamed",
        "a keyword to dispatch off a typed dispatcher",
        K(
            "#30173",
            CA,
            CAW,
            "vllm/aeon/ca1.py",
            CD + "def aeon_mode(dispatcher: CudagraphDispatcher, num_tokens: int):\n"
            "    # AEON: cascade prefixes never replay a full graph on the Spark\n"
            "    return dispatcher.dispatch(num_tokens, False, False, use_cascade_attn=True)\n",
            "return dispatcher.dispatch(num_tokens, False, False, use_cascade_attn=True)",
        ),
    ),
    (
        "#30173 dispatch keyword renamed",
        "twin: the leading arguments only",
        K(
            "#30173",
            CA,
            CAW,
            "vllm/aeon/ca2.py",
            CD + "def aeon_mode2(dispatcher: CudagraphDispatcher, num_tokens: int):\n"
            "    return dispatcher.dispatch(num_tokens, uniform_decode=False, has_lora=False)\n",
            "return dispatcher.dispatch(num_tokens, uniform_decode=False, has_lora=False)",
        ),
    ),
]

# --- #34102 (1d532f9d8f): dispatch's disable_full replaced by valid_modes/invalid_modes (callers pass them);
#     CUDAGraphMode.valid_runtime_modes turned from a bool predicate into a classmethod returning a frozenset
VM = "1d532f9d8f"
VMW = "disable_full -> valid_modes/invalid_modes; valid_runtime_modes() returns a frozenset"
CM = "from vllm.config.compilation import CUDAGraphMode\n\n\n"
CASES += [
    (
        "#34102 predicate now returns a set",
        "the old predicate in a boolean context",
        K(
            "#34102",
            VM,
            VMW,
            "vllm/aeon/vm1.py",
            CM + "def aeon_check(mode: CUDAGraphMode) -> None:\n"
            "    # AEON: a mixed mode reaching the Spark's replay path is a bug upstream of us\n"
            "    if not mode.valid_runtime_modes():\n"
            "        raise ValueError(f'not a runtime mode: {mode}')\n",
            "if not mode.valid_runtime_modes():",
        ),
    ),
    (
        "#34102 dispatch keyword removed",
        "a disable_full keyword to dispatch",
        K(
            "#34102",
            VM,
            VMW,
            "vllm/aeon/vm2.py",
            CD + "def aeon_piecewise(dispatcher: CudagraphDispatcher, num_tokens: int):\n"
            "    return dispatcher.dispatch(num_tokens, disable_full=True)\n",
            "return dispatcher.dispatch(num_tokens, disable_full=True)",
        ),
    ),
    (
        "#34102 dispatch keyword removed",
        "a dispatcher override the runner now hands valid_modes=",
        K(
            "#34102",
            VM,
            VMW,
            "vllm/aeon/vm3.py",
            CD + "class AeonDispatcher(CudagraphDispatcher):\n"
            "    def dispatch(self, num_tokens, uniform_decode=False, has_lora=False, disable_full=False, num_active_loras=0):\n"
            "        # AEON: the Spark never replays FULL graphs above 256 tokens\n"
            "        return super().dispatch(num_tokens, uniform_decode, has_lora, disable_full or num_tokens > 256, num_active_loras)\n",
            "def dispatch(self, num_tokens, uniform_decode=False, has_lora=False, disable_full=False, num_active_loras=0):",
        ),
    ),
    (
        "#34102 predicate now returns a set",
        "twin: a predicate that stayed a bool",
        K(
            "#34102",
            VM,
            VMW,
            "vllm/aeon/vm4.py",
            CM + "def aeon_split(mode: CUDAGraphMode) -> bool:\n    return mode.separate_routine()\n",
            "return mode.separate_routine()",
        ),
    ),
]

# --- #33184 (d9aa39a3bb): ForwardContext.remaining_moe_layers removed (all_moe_layers + moe_layer_index)
ML = "d9aa39a3bb"
MLW = "ForwardContext.remaining_moe_layers removed"
GFC = "from vllm.forward_context import get_forward_context\n\n\n"
CASES += [
    (
        "#33184 forward-context field removed",
        "a pop off the context's list",
        K(
            "#33184",
            ML,
            MLW,
            "vllm/aeon/ml1.py",
            GFC + "def aeon_next_moe_layer() -> str:\n"
            "    forward_context = get_forward_context()\n"
            "    return forward_context.remaining_moe_layers.pop()\n",
            "return forward_context.remaining_moe_layers.pop()",
        ),
    ),
    (
        "#33184 forward-context field removed",
        "twin: a field that stayed",
        K(
            "#33184",
            ML,
            MLW,
            "vllm/aeon/ml2.py",
            GFC + "def aeon_layer(name: str):\n    return get_forward_context().no_compile_layers[name]\n",
            "return get_forward_context().no_compile_layers[name]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-cudagraph-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
