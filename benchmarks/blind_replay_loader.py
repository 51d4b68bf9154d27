"""A blind replay of the model loader a fork customises: loader classes, their registry and weight_utils helpers.

10 first-parent commits on the surface a fork that loads its checkpoints its own way carries code against --
``vllm/model_executor/model_loader/`` (``BaseModelLoader`` and its abstract methods, ``DefaultModelLoader``'s
``load_model``, the GGUF loader's ``_prepare_weights``, ``_initialize_model``, ``get_model``, the
``weight_utils`` helpers: ``kv_cache_scales_loader``, ``enable_hf_transfer``, the NFS prefetch probes) and
``vllm/config/load.py`` (``LoadConfig.safetensors_load_strategy`` narrowed to a Literal,
``model_loader_extra_config`` keys) -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits the other replays use (blind_replay_weights.py covers #9997, #11924, #18356 and more of
this surface).  The commits: #9958 (``load_model`` and ``get_model`` take ``vllm_config`` only), #18745
(``load_weights`` a new abstract method of ``BaseModelLoader``), #10769 (``_initialize_model``'s ``prefix``
made keyword-only), #29137 (the GGUF loader's ``_prepare_weights`` takes the ``ModelConfig``, not the name),
#17699 (the ``qlora_adapter_name_or_path`` extra-config key no longer read), #11906 (``kv_cache_scales_loader``
deleted), #39422 (``_is_nfs_path``/``_checkpoints_fit_in_ram`` replaced), #45196 (``safetensors_load_strategy``
a Literal, multithread loading refused with a non-lazy strategy), #45161 (``enable_hf_transfer`` deleted),
#26327 (``load_weights_and_online_quantize`` deleted).  Each is replayed under 1-3 fork spellings written the
way fork code is written (a subclass override, a keyword call, a positional argument, an import, a dict key, a
module attribute call, a config built with a value), with twins (fork code the commit does not break).  The
merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on
its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 2b28ea40): 7 caught, 2 warned, 5 missed of 14 (twins: 8
quiet, 0 false errors).  Both warned spellings hold errors on other lines of their file: #9958's multi-line
``get_model(model_config=..., ...)`` is flagged on its continuation line (the engine names the first keyword
it cannot bind there), #29137's override ``_prepare_weights(self, model_name_or_path: str)`` on its ``def``
and its ``super()`` call.  The misses: #29137's ``self._prepare_weights(model_config.model)`` (a field of the
new kind passed by position into the slot upstream renamed and retyped ``str`` -> ``ModelConfig``), #17699's
two (the ``qlora_adapter_name_or_path`` key written into ``model_loader_extra_config``: ``EngineArgs`` still
reads a deprecated field of that name, so dead knob drift counts the word alive), and #45196's two
(``LoadConfig(safetensors_load_strategy="unified")``, a field narrowed from ``str`` to a ``Literal`` on a
pydantic dataclass, and multithread loading with ``"eager"``, a combination ``DefaultModelLoader.__init__``
now raises for).
After the killers78 widenings: 9 caught, 4 warned, 1 missed of 14 (twins: 8 quiet, 0 false errors).  Caught
now: a field read off a value spelled like the new parameter passed into a renamed and retyped slot (symbol
drift's renamed slot); a constructor keyword of a validated class whose field upstream narrowed from a plain
string to a ``Literal`` without the value (name drift, ``drift/narrowed_choices.py``).  Warned now: a key
written into a named mapping that upstream read off it and no longer reads, quoted by no upstream file
(``drift/unread_keys.py``; an error where the word is gone and nothing consumes the mapping whole, a warning
here: ``EngineArgs`` still reads the attribute and the tensorizer loader unpacks the mapping).  Left: #45196's
combination: the raise sits in another class's ``__init__`` (the loader's), reading a key of the config's
mapping field; tying the fork's ``LoadConfig(...)`` to it needs the flow from the config to the loader.
After fixS's false-error mends (a stdlib dataclass, a caught refusal, a key the fork reads, a mapping handed on):
unchanged, 9 caught, 4 warned, 1 missed of 14 (twins: 8 quiet, 0 false errors).

  python benchmarks/blind_replay_loader.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #9958 (cea808f325): loader.load_model(*, model_config, device_config, ...) and get_model(...) -> vllm_config
LM = "cea808f325"
LMW = "load_model/get_model take vllm_config only"
LOADER = (
    "from typing import Optional\n\n"
    "from torch import nn\n\n"
    "from vllm.config import CacheConfig, DeviceConfig, LoRAConfig, ModelConfig, ParallelConfig, SchedulerConfig\n"
    "from vllm.model_executor.model_loader.loader import DefaultModelLoader\n\n\n"
)
CASES += [
    (
        "#9958 override keywords out of date",
        "a DefaultModelLoader subclass overriding load_model with the old keywords",
        K(
            "#9958",
            LM,
            LMW,
            "vllm/aeon/lm1.py",
            LOADER + "class AeonModelLoader(DefaultModelLoader):\n"
            "    # AEON: the Spark pins the weights' host copy before the upload\n"
            "    def load_model(self, *, model_config: ModelConfig, device_config: DeviceConfig,\n"
            "                   lora_config: Optional[LoRAConfig], parallel_config: ParallelConfig,\n"
            "                   scheduler_config: SchedulerConfig, cache_config: CacheConfig) -> nn.Module:\n"
            "        model = super().load_model(model_config=model_config, device_config=device_config,\n"
            "                                   lora_config=lora_config, parallel_config=parallel_config,\n"
            "                                   scheduler_config=scheduler_config, cache_config=cache_config)\n"
            "        return model.eval()\n",
            "def load_model(self, *, model_config: ModelConfig, device_config: DeviceConfig,",
        ),
    ),
    (
        "#9958 keyword removed",
        "get_model called with the old keywords",
        K(
            "#9958",
            LM,
            LMW,
            "vllm/aeon/lm2.py",
            "from vllm.engine.arg_utils import EngineArgs\n"
            "from vllm.model_executor.model_loader import get_model\n\n\n"
            "def aeon_load(args: EngineArgs):\n"
            "    c = args.create_engine_config()\n"
            "    return get_model(model_config=c.model_config, load_config=c.load_config, device_config=c.device_config,\n"
            "                     parallel_config=c.parallel_config, scheduler_config=c.scheduler_config,\n"
            "                     lora_config=c.lora_config, cache_config=c.cache_config)\n",
            "return get_model(model_config=c.model_config, load_config=c.load_config, device_config=c.device_config,",
        ),
    ),
    (
        "#9958 keyword removed",
        "twin: the loader registry called as before",
        K(
            "#9958",
            LM,
            LMW,
            "vllm/aeon/lm3.py",
            "from vllm.config import LoadConfig\n"
            "from vllm.model_executor.model_loader.loader import get_model_loader\n\n\n"
            "def aeon_loader_name(load_config: LoadConfig) -> str:\n"
            "    return type(get_model_loader(load_config)).__name__\n",
            "return type(get_model_loader(load_config)).__name__",
        ),
    ),
]

# --- #18745 (9760fd8f6a): BaseModelLoader.load_weights a new abstract method (load_model made concrete)
LW = "9760fd8f6a"
LWW = "BaseModelLoader.load_weights abstract"
CASES += [
    (
        "#18745 new abstract method",
        "a BaseModelLoader subclass without load_weights",
        K(
            "#18745",
            LW,
            LWW,
            "vllm/aeon/lw1.py",
            "import torch.nn as nn\n\n"
            "from vllm.config import ModelConfig, VllmConfig\n"
            "from vllm.model_executor.model_loader.base_loader import BaseModelLoader\n\n\n"
            "class AeonBlobLoader(BaseModelLoader):\n"
            "    # AEON: the lab's blob store streams weights straight into unified memory\n"
            "    def download_model(self, model_config: ModelConfig) -> None:\n"
            "        pass\n\n"
            "    def load_model(self, *, vllm_config: VllmConfig, model_config: ModelConfig) -> nn.Module:\n"
            "        raise NotImplementedError('aeon blob store')\n\n\n"
            "def aeon_blob_loader(load_config):\n"
            "    return AeonBlobLoader(load_config)\n",
            "class AeonBlobLoader(BaseModelLoader):",
        ),
    ),
    (
        "#18745 new abstract method",
        "twin: a DefaultModelLoader subclass (load_weights inherited)",
        K(
            "#18745",
            LW,
            LWW,
            "vllm/aeon/lw2.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.model_executor.model_loader.default_loader import DefaultModelLoader\n\n\n"
            "class AeonDefaultLoader(DefaultModelLoader):\n"
            "    def download_model(self, model_config: ModelConfig) -> None:\n"
            "        super().download_model(model_config)\n\n\n"
            "def aeon_default_loader(load_config):\n"
            "    return AeonDefaultLoader(load_config)\n",
            "class AeonDefaultLoader(DefaultModelLoader):",
        ),
    ),
]

# --- #10769 (133707123e): _initialize_model(vllm_config, prefix="") -> _initialize_model(vllm_config, *, prefix, ...)
IM = "133707123e"
IMW = "_initialize_model's prefix keyword-only"
CASES += [
    (
        "#10769 parameter made keyword-only",
        "the prefix passed positionally",
        K(
            "#10769",
            IM,
            IMW,
            "vllm/aeon/im1.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.model_loader.loader import _initialize_model\n\n\n"
            "def aeon_build_draft(vllm_config: VllmConfig):\n"
            "    # AEON: the draft model lives under its own prefix in the fork's merged checkpoint\n"
            "    return _initialize_model(vllm_config, 'draft.')\n",
            "return _initialize_model(vllm_config, 'draft.')",
        ),
    ),
    (
        "#10769 parameter made keyword-only",
        "twin: the prefix passed by keyword",
        K(
            "#10769",
            IM,
            IMW,
            "vllm/aeon/im2.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.model_loader.loader import _initialize_model\n\n\n"
            "def aeon_build_draft2(vllm_config: VllmConfig):\n"
            "    return _initialize_model(vllm_config, prefix='draft.')\n",
            "return _initialize_model(vllm_config, prefix='draft.')",
        ),
    ),
]

# --- #29137 (794029f012): GGUFModelLoader._prepare_weights(model_name_or_path: str) -> (model_config: ModelConfig)
GG = "794029f012"
GGW = "GGUF _prepare_weights takes the ModelConfig"
GGUF = (
    "from vllm.config import ModelConfig\n"
    "from vllm.model_executor.model_loader.gguf_loader import GGUFModelLoader\n\n\n"
)
CASES += [
    (
        "#29137 parameter's type changed",
        "an override still taking the name",
        K(
            "#29137",
            GG,
            GGW,
            "vllm/aeon/gg1.py",
            GGUF + "class AeonGGUFLoader(GGUFModelLoader):\n"
            "    # AEON: the lab mirror serves GGUF files under aeon://\n"
            "    def _prepare_weights(self, model_name_or_path: str):\n"
            "        if model_name_or_path.startswith('aeon://'):\n"
            "            return '/mnt/mirror/' + model_name_or_path[len('aeon://'):]\n"
            "        return super()._prepare_weights(model_name_or_path)\n",
            "if model_name_or_path.startswith('aeon://'):",
        ),
    ),
    (
        "#29137 parameter's type changed",
        "a call passing the name",
        K(
            "#29137",
            GG,
            GGW,
            "vllm/aeon/gg2.py",
            GGUF + "class AeonGGUFLoader2(GGUFModelLoader):\n"
            "    def aeon_local_path(self, model_config: ModelConfig) -> str:\n"
            "        return self._prepare_weights(model_config.model)\n",
            "return self._prepare_weights(model_config.model)",
        ),
    ),
    (
        "#29137 parameter's type changed",
        "twin: an override of download_model",
        K(
            "#29137",
            GG,
            GGW,
            "vllm/aeon/gg3.py",
            GGUF + "class AeonGGUFLoader3(GGUFModelLoader):\n"
            "    def download_model(self, model_config: ModelConfig) -> None:\n"
            "        super().download_model(model_config)\n",
            "super().download_model(model_config)",
        ),
    ),
]

# --- #17699 (ba7703e659): the "qlora_adapter_name_or_path" model_loader_extra_config key no longer read
QL = "ba7703e659"
QLW = "qlora_adapter_name_or_path extra-config key no longer read"
CASES += [
    (
        "#17699 dict key no longer read",
        "the key written into the load config's extra config",
        K(
            "#17699",
            QL,
            QLW,
            "vllm/aeon/ql1.py",
            "from vllm.config import LoadConfig\n\n\n"
            "def aeon_attach_qlora(load_config: LoadConfig, adapter: str) -> None:\n"
            "    # AEON: QLoRA adapters ride on the bitsandbytes checkpoint\n"
            "    load_config.model_loader_extra_config['qlora_adapter_name_or_path'] = adapter\n",
            "load_config.model_loader_extra_config['qlora_adapter_name_or_path'] = adapter",
        ),
    ),
    (
        "#17699 dict key no longer read",
        "a LoadConfig built with the key",
        K(
            "#17699",
            QL,
            QLW,
            "vllm/aeon/ql2.py",
            "from vllm.config import LoadConfig\n\n\n"
            "def aeon_qlora_load_config(adapter: str) -> LoadConfig:\n"
            "    return LoadConfig(load_format='bitsandbytes',\n"
            "                      model_loader_extra_config={'qlora_adapter_name_or_path': adapter})\n",
            "model_loader_extra_config={'qlora_adapter_name_or_path': adapter})",
        ),
    ),
]

# --- #11906 (e97f802b2d): weight_utils.kv_cache_scales_loader deleted
KS = "e97f802b2d"
KSW = "kv_cache_scales_loader deleted"
CASES += [
    (
        "#11906 helper deleted",
        "an import and a call",
        K(
            "#11906",
            KS,
            KSW,
            "vllm/aeon/ks1.py",
            "from vllm.model_executor.model_loader.weight_utils import kv_cache_scales_loader\n\n\n"
            "def aeon_kv_scales(path: str, rank: int, size: int, layers: int) -> dict:\n"
            "    # AEON: the fork's FP8 KV cache reads its calibrated scales\n"
            "    return dict(kv_cache_scales_loader(path, rank, size, layers, 'llama'))\n",
            "from vllm.model_executor.model_loader.weight_utils import kv_cache_scales_loader",
        ),
    ),
    (
        "#11906 helper deleted",
        "twin: a kept helper",
        K(
            "#11906",
            KS,
            KSW,
            "vllm/aeon/ks2.py",
            "from vllm.model_executor.model_loader.weight_utils import maybe_remap_kv_scale_name\n\n\n"
            "def aeon_remap(name: str, params: dict):\n"
            "    return maybe_remap_kv_scale_name(name, params)\n",
            "return maybe_remap_kv_scale_name(name, params)",
        ),
    ),
]

# --- #39422 (bb6047db13): weight_utils._is_nfs_path / _checkpoints_fit_in_ram replaced by _get_fs_type & co
NF = "bb6047db13"
NFW = "_is_nfs_path/_checkpoints_fit_in_ram replaced"
CASES += [
    (
        "#39422 helper renamed",
        "a module attribute call",
        K(
            "#39422",
            NF,
            NFW,
            "vllm/aeon/nf1.py",
            "from vllm.model_executor.model_loader import weight_utils\n\n\n"
            "def aeon_should_prefetch(files: list[str]) -> bool:\n"
            "    # AEON: the lab's checkpoints live on a Lustre mount\n"
            "    return weight_utils._is_nfs_path(files) and weight_utils._checkpoints_fit_in_ram(files)\n",
            "return weight_utils._is_nfs_path(files) and weight_utils._checkpoints_fit_in_ram(files)",
        ),
    ),
    (
        "#39422 helper renamed",
        "twin: the kept prefetcher",
        K(
            "#39422",
            NF,
            NFW,
            "vllm/aeon/nf2.py",
            "from vllm.model_executor.model_loader import weight_utils\n\n\n"
            "def aeon_prefetch(files: list[str]) -> None:\n"
            "    weight_utils._prefetch_all_checkpoints(files)\n",
            "weight_utils._prefetch_all_checkpoints(files)",
        ),
    ),
]

# --- #45196 (9d4b87f4f0): LoadConfig.safetensors_load_strategy a Literal; multithread load refuses non-lazy
SL = "9d4b87f4f0"
SLW = "safetensors_load_strategy a Literal; multithread refuses non-lazy"
CASES += [
    (
        "#45196 value refused",
        "a LoadConfig built with the fork's own strategy",
        K(
            "#45196",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            "from vllm.config.load import LoadConfig\n\n\n"
            "def aeon_load_config() -> LoadConfig:\n"
            "    # AEON: the fork's weight_utils patch maps checkpoints into unified memory\n"
            "    return LoadConfig(safetensors_load_strategy='unified')\n",
            "return LoadConfig(safetensors_load_strategy='unified')",
        ),
    ),
    (
        "#45196 combination refused",
        "multithread load with the eager strategy",
        K(
            "#45196",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            "from vllm.config.load import LoadConfig\n\n\n"
            "def aeon_fast_load_config() -> LoadConfig:\n"
            "    return LoadConfig(safetensors_load_strategy='eager',\n"
            "                      model_loader_extra_config={'enable_multithread_load': True})\n",
            "model_loader_extra_config={'enable_multithread_load': True})",
        ),
    ),
    (
        "#45196 value refused",
        "twin: a strategy the Literal keeps",
        K(
            "#45196",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            "from vllm.config.load import LoadConfig\n\n\n"
            "def aeon_eager_load_config() -> LoadConfig:\n"
            "    return LoadConfig(safetensors_load_strategy='eager')\n",
            "return LoadConfig(safetensors_load_strategy='eager')",
        ),
    ),
]

# --- #45161 (18d87a87dc): weight_utils.enable_hf_transfer deleted
HT = "18d87a87dc"
HTW = "enable_hf_transfer deleted"
CASES += [
    (
        "#45161 helper deleted",
        "a module attribute call",
        K(
            "#45161",
            HT,
            HTW,
            "vllm/aeon/ht1.py",
            "import vllm.model_executor.model_loader.weight_utils as wu\n\n\n"
            "def aeon_fast_downloads() -> None:\n"
            "    # AEON: the lab's proxy is slow without hf_transfer\n"
            "    wu.enable_hf_transfer()\n",
            "wu.enable_hf_transfer()",
        ),
    ),
    (
        "#45161 helper deleted",
        "twin: the kept xet switch",
        K(
            "#45161",
            HT,
            HTW,
            "vllm/aeon/ht2.py",
            "import vllm.model_executor.model_loader.weight_utils as wu\n\n\n"
            "def aeon_fast_downloads2() -> None:\n"
            "    wu.enable_xet_high_performance()\n",
            "wu.enable_xet_high_performance()",
        ),
    ),
]

# --- #26327 (da94c7c0eb): online_quantization.load_weights_and_online_quantize deleted
OQ = "da94c7c0eb"
OQW = "load_weights_and_online_quantize deleted"
CASES += [
    (
        "#26327 helper deleted",
        "a lazy import inside a loader override",
        K(
            "#26327",
            OQ,
            OQW,
            "vllm/aeon/oq1.py",
            "import torch.nn as nn\n\n"
            "from vllm.config import ModelConfig\n"
            "from vllm.model_executor.model_loader.default_loader import DefaultModelLoader\n\n\n"
            "class AeonOnlineLoader(DefaultModelLoader):\n"
            "    def load_weights(self, model: nn.Module, model_config: ModelConfig) -> None:\n"
            "        from vllm.model_executor.model_loader.online_quantization import load_weights_and_online_quantize\n\n"
            "        load_weights_and_online_quantize(self, model, model_config)\n",
            "from vllm.model_executor.model_loader.online_quantization import load_weights_and_online_quantize",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-loader-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
