"""A blind replay of the model loading internals a fork's checkpoint and quantized-weight carries call.

12 first-parent commits on ``vllm/model_executor/model_loader/`` and ``vllm/model_executor/parameter.py`` --
the loaders, reload helpers and weight utilities a fork's own loader, its quantized-checkpoint path or its RL
weight-sync code carries code against: the layerwise reload helpers (``MetaCopyCounter`` renamed
``CopyCounter`` and ``LayerReloadingInfo.can_process`` renamed ``can_load``; ``materialize_layer`` given a
required ``info``; the ``online_quantization`` module removed for the ``reload`` package),
``DefaultModelLoader`` (``_prepare_weights`` and its ``Source`` dataclass given a ``subfolder`` before
``revision``/``prefix``; ``track_weights_loading`` removed by a revert), ``initialize_dummy_weights`` given a
required ``model_config`` second, the fastsafetensors ``_init_loader`` renamed, ``BaseModelLoader.load_model``
called with a new ``prefix`` keyword by ``get_model`` (a fork override without it raises), the GGUF loader's
``_get_weights_iterator`` given a leading ``model_config``, ``TensorizerConfig.to_dict``/``as_dict`` removed
for ``to_serializable``, the bitsandbytes loader's ``_get_quantized_weights_iterator`` losing
``pre_quant``/``load_8bit``, and ``parameter.py``'s ``_adjust_shard_indexes_for_packing`` given a required
``bitblas_tile_size`` -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the
commits the other replays use (``blind_replay_loader.py`` and ``blind_replay_weights.py`` among them).  Each is
replayed under 1-2 fork spellings written the way fork code is written (an import, a module-attribute call, a
subclass's ``self.``/``super()`` call, an override upstream now calls with a new keyword, a read off a receiver
typed as the class, a positional construction of a dataclass, a keyword call), with twins (fork code the commit
does not break: the kept shim, the keyword spelling, a kept sibling).  The merge base is the commit's first
parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 20b5e626): 19 caught, 1 warned, 0 missed of 20 (twins: 12
quiet, 0 false errors).  The one *warned* is #32133's parenthesized import: the error lands on the imported
name's line (the second line of ``from ...online_quantization import (``), not on the ``from`` line the
spelling names -- the fork's import does fail, and the engine names it; the replay counts it as warned only
because it scores a single line.

A second blind batch (6 more commits, written and committed after the first run and before the engine saw them:
a return made a longer tuple, an attribute renamed or no longer set, a constructor replaced, a base that now
assigns a name a subclass made a read-only property, a new raise, a re-export dropped): 7 caught, 0 warned, 1
missed of 8 (twins: 6 quiet, 0 false errors).  The miss: #41811's new ``FileNotFoundError`` in
``filter_duplicate_safetensors_files`` when the list passed lacks a file the checkpoint's index names; a fork
passing one rank's slice now raises.  A third batch (13 harder spellings of the same commits, 3 twins, also
committed before its run): 9 caught, 0 warned, 4 missed of 13 (twins: 2 quiet, 0 false errors).  The misses:
#38442's ``map(materialize_layer, layers)`` (a callback the builtin calls with one argument, now two
required), #36903's ``Source = DefaultModelLoader.Source`` alias built positionally, #35309's
``loader.track_weights_loading(...)`` off a local an ``isinstance(loader, DefaultModelLoader)`` test narrowed,
and #14950's ``self._get_weight_files(...)[0]`` (index 0 was the file list, is now the folder).  All three
batches: 36 caught, 1 warned, 5 missed of 42 (twins: 20 quiet, 0 false errors).

After the killers163 widenings: 40 caught, 1 warned, 1 missed of 42 (twins: 20 quiet, 0 false errors).  Caught
now: a local an ``isinstance`` test narrows, typed by that class (symbol drift, ``drift/isinstance_types.py``:
an ``if`` body, after an ``assert``, after a negated test that exits); a call of a module-level alias of a
class, checked against its constructor (symbol drift's ``_function_alias``); the call a builtin makes of a
callable handed to it (``map``/``filter``/``key=``/``functools.reduce``, ``drift/mapped_calls.py``); and an
element read by position from a def whose returns spell a place differently (return drift, ``_merged`` in
``drift/returns.py``).  Left missed: #41811's slice -- whether the list the fork passes covers every file the
checkpoint's index names is a fact of the files on disk, not of the code (the guard reads the index file), and
a warning on every call of a def that gained a raise would bury the real ones.  Regression set at the
widenings' head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30,
23 twins), blind_replay_loader 9 caught, 4 warned, 1 missed of 14 (as on main), blind_replay_weights 19, 2, 0
of 21, blind_replay_mminputs 19/19, blind_replay_pooling 15, 2, 2 of 19 (as on main), all 0 false errors;
``symbol_precision.py --windows 1``: 0 false errors.

  python benchmarks/blind_replay_loaderint.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #38032 (648edcf729): MetaCopyCounter -> CopyCounter, LayerReloadingInfo.can_process -> can_load;
#     finalize_layerwise_reload kept as a shim over finalize_layerwise_processing
CC = "648edcf729"
CCW = "MetaCopyCounter/can_process renamed"
CASES += [
    (
        "#38032 class renamed",
        "an import of the old class",
        K(
            "#38032",
            CC,
            CCW,
            "vllm/aeon/cc1.py",
            "from vllm.model_executor.model_loader.reload.meta import MetaCopyCounter\n\n\n"
            "def aeon_copied(fn, *args) -> int:\n"
            "    # AEON: count what the Spark's weight sync copies into meta tensors\n"
            "    with MetaCopyCounter() as counter:\n"
            "        fn(*args)\n"
            "    return counter.copied_numel\n",
            "from vllm.model_executor.model_loader.reload.meta import MetaCopyCounter",
        ),
    ),
    (
        "#38032 method renamed",
        "a call off a receiver typed as the class",
        K(
            "#38032",
            CC,
            CCW,
            "vllm/aeon/cc2.py",
            "from vllm.model_executor.model_loader.reload.types import LayerReloadingInfo\n\n\n"
            "def aeon_ready(info: LayerReloadingInfo) -> bool:\n"
            "    return info.can_process() and info.load_numel >= (info.load_numel_total or 0)\n",
            "return info.can_process() and info.load_numel >= (info.load_numel_total or 0)",
        ),
    ),
    (
        "#38032 class renamed",
        "twin: the kept finalize shim",
        K(
            "#38032",
            CC,
            CCW,
            "vllm/aeon/cc3.py",
            "from vllm.model_executor.model_loader.reload import finalize_layerwise_reload\n\n\n"
            "def aeon_finish(model, model_config) -> None:\n"
            "    finalize_layerwise_reload(model, model_config)\n",
            "finalize_layerwise_reload(model, model_config)",
        ),
    ),
]

# --- #38442 (d28d86e8a3): materialize_layer(layer) -> materialize_layer(layer, info)
ML = "d28d86e8a3"
MLW = "materialize_layer gains a required info"
CASES += [
    (
        "#38442 required parameter inserted",
        "a direct call with the old arity",
        K(
            "#38442",
            ML,
            MLW,
            "vllm/aeon/ml1.py",
            "import torch\n\nfrom vllm.model_executor.model_loader.reload.meta import materialize_layer\n\n\n"
            "def aeon_materialize(model: torch.nn.Module) -> None:\n"
            "    # AEON: the Spark's RL trainer streams layers in one at a time\n"
            "    for layer in model.modules():\n"
            "        materialize_layer(layer)\n",
            "materialize_layer(layer)",
        ),
    ),
    (
        "#38442 required parameter inserted",
        "a module-attribute call",
        K(
            "#38442",
            ML,
            MLW,
            "vllm/aeon/ml2.py",
            "from vllm.model_executor.model_loader.reload import meta as reload_meta\n\n\n"
            "def aeon_materialize_one(module) -> None:\n"
            "    reload_meta.materialize_layer(module)\n",
            "reload_meta.materialize_layer(module)",
        ),
    ),
    (
        "#38442 required parameter inserted",
        "twin: a kept sibling with the same arity",
        K(
            "#38442",
            ML,
            MLW,
            "vllm/aeon/ml3.py",
            "from vllm.model_executor.model_loader.reload.meta import restore_layer_on_meta\n\n\n"
            "def aeon_restore(layer, info) -> None:\n"
            "    restore_layer_on_meta(layer, info)\n",
            "restore_layer_on_meta(layer, info)",
        ),
    ),
]

# --- #36903 (a8e8d62dd8): DefaultModelLoader._prepare_weights(path, subfolder, revision, ...) and
#     DefaultModelLoader.Source(model_or_path, revision, subfolder=None, prefix="", ...)
SF = "a8e8d62dd8"
SFW = "subfolder inserted before revision/prefix"
DL = "from vllm.model_executor.model_loader.default_loader import DefaultModelLoader\n\n\n"
CASES += [
    (
        "#36903 parameter inserted",
        "a subclass's positional self. call",
        K(
            "#36903",
            SF,
            SFW,
            "vllm/aeon/sf1.py",
            DL + "class AeonLoader(DefaultModelLoader):\n"
            "    def aeon_files(self, model_config) -> list[str]:\n"
            "        # AEON: the Spark's loader lists the shard files before it streams them\n"
            "        _, files, _ = self._prepare_weights(model_config.model, model_config.revision, True, None)\n"
            "        return files\n",
            "_, files, _ = self._prepare_weights(model_config.model, model_config.revision, True, None)",
        ),
    ),
    (
        "#36903 dataclass field inserted",
        "a positional construction of the nested dataclass",
        K(
            "#36903",
            SF,
            SFW,
            "vllm/aeon/sf2.py",
            DL + "def aeon_draft_source(model_config) -> DefaultModelLoader.Source:\n"
            "    return DefaultModelLoader.Source(model_config.model, model_config.revision, 'draft.')\n",
            "return DefaultModelLoader.Source(model_config.model, model_config.revision, 'draft.')",
        ),
    ),
    (
        "#36903 dataclass field inserted",
        "twin: the prefix as a keyword",
        K(
            "#36903",
            SF,
            SFW,
            "vllm/aeon/sf3.py",
            DL + "def aeon_draft_source(model_config) -> DefaultModelLoader.Source:\n"
            "    return DefaultModelLoader.Source(model_config.model, model_config.revision, prefix='draft.')\n",
            "return DefaultModelLoader.Source(model_config.model, model_config.revision, prefix='draft.')",
        ),
    ),
]

# --- #31914 (0130223bd9): initialize_dummy_weights(model, low, high, seed) -> (model, model_config, low, ...)
DW = "0130223bd9"
DWW = "initialize_dummy_weights gains a required model_config second"
WU = "from vllm.model_executor.model_loader.weight_utils import initialize_dummy_weights, initialize_single_dummy_weight\n\n\n"
CASES += [
    (
        "#31914 required parameter inserted",
        "a call with the model only",
        K(
            "#31914",
            DW,
            DWW,
            "vllm/aeon/dw1.py",
            WU + "def aeon_smoke_weights(model) -> None:\n"
            "    # AEON: the Spark's smoke test runs on random weights\n"
            "    initialize_dummy_weights(model)\n",
            "initialize_dummy_weights(model)",
        ),
    ),
    (
        "#31914 required parameter inserted",
        "positional bounds now shifted",
        K(
            "#31914",
            DW,
            DWW,
            "vllm/aeon/dw2.py",
            WU + "def aeon_tight_weights(model) -> None:\n    initialize_dummy_weights(model, -1e-4, 1e-4)\n",
            "initialize_dummy_weights(model, -1e-4, 1e-4)",
        ),
    ),
    (
        "#31914 required parameter inserted",
        "twin: the per-parameter helper kept",
        K(
            "#31914",
            DW,
            DWW,
            "vllm/aeon/dw3.py",
            WU + "def aeon_tight_param(param) -> None:\n    initialize_single_dummy_weight(param, -1e-4, 1e-4)\n",
            "initialize_single_dummy_weight(param, -1e-4, 1e-4)",
        ),
    ),
]

# --- #34070 (d9bede0314): weight_utils._init_loader renamed _init_fastsafetensors_loader
IL = "d9bede0314"
ILW = "_init_loader renamed"
CASES += [
    (
        "#34070 function renamed",
        "an import of the old name",
        K(
            "#34070",
            IL,
            ILW,
            "vllm/aeon/il1.py",
            "from vllm.model_executor.model_loader.weight_utils import _init_loader\n\n\n"
            "def aeon_gds_loader(pg, device, files: list[str]):\n"
            "    # AEON: GDS reads straight into the Spark's unified memory\n"
            "    return _init_loader(pg, device, files, nogds=False)\n",
            "from vllm.model_executor.model_loader.weight_utils import _init_loader",
        ),
    ),
    (
        "#34070 function renamed",
        "a module-attribute call",
        K(
            "#34070",
            IL,
            ILW,
            "vllm/aeon/il2.py",
            "from vllm.model_executor.model_loader import weight_utils\n\n\n"
            "def aeon_nogds_loader(pg, device, files: list[str]):\n"
            "    return weight_utils._init_loader(pg, device, files, nogds=True)\n",
            "return weight_utils._init_loader(pg, device, files, nogds=True)",
        ),
    ),
    (
        "#34070 function renamed",
        "twin: the public iterator kept",
        K(
            "#34070",
            IL,
            ILW,
            "vllm/aeon/il3.py",
            "from vllm.model_executor.model_loader import weight_utils\n\n\n"
            "def aeon_fast_weights(files: list[str]):\n"
            "    return weight_utils.fastsafetensors_weights_iterator(files, False)\n",
            "return weight_utils.fastsafetensors_weights_iterator(files, False)",
        ),
    ),
]

# --- #32133 (f857a03f6b): model_loader.online_quantization removed (the reload package replaces it)
OQ = "f857a03f6b"
OQW = "online_quantization module removed"
CASES += [
    (
        "#32133 module removed",
        "an import from the removed module",
        K(
            "#32133",
            OQ,
            OQW,
            "vllm/aeon/oq1.py",
            "from vllm.model_executor.model_loader.online_quantization import (\n"
            "    maybe_save_metadata_and_attributes_for_weight_reloading,\n"
            ")\n\n\n"
            "def aeon_before_sync(model, model_config) -> None:\n"
            "    # AEON: the Spark's RL loop reloads bf16 weights into the fp8 model\n"
            "    maybe_save_metadata_and_attributes_for_weight_reloading(model, model_config)\n",
            "from vllm.model_executor.model_loader.online_quantization import (",
        ),
    ),
    (
        "#32133 module removed",
        "an import of the removed module off its package",
        K(
            "#32133",
            OQ,
            OQW,
            "vllm/aeon/oq2.py",
            "from vllm.model_executor.model_loader import online_quantization as oq\n\n\n"
            "def aeon_wrap(load_weights):\n"
            "    return oq.support_quantized_model_reload_from_hp_weights(load_weights)\n",
            "from vllm.model_executor.model_loader import online_quantization as oq",
        ),
    ),
    (
        "#32133 module removed",
        "twin: a kept utility",
        K(
            "#32133",
            OQ,
            OQW,
            "vllm/aeon/oq3.py",
            "from vllm.model_executor.model_loader.utils import process_weights_after_loading\n\n\n"
            "def aeon_after(model, model_config, device) -> None:\n"
            "    process_weights_after_loading(model, model_config, device)\n",
            "process_weights_after_loading(model, model_config, device)",
        ),
    ),
]

# --- #35309 (15d76f74e2): DefaultModelLoader.track_weights_loading removed (a revert)
TW = "15d76f74e2"
TWW = "DefaultModelLoader.track_weights_loading removed"
CASES += [
    (
        "#35309 method removed",
        "a subclass's self. call",
        K(
            "#35309",
            TW,
            TWW,
            "vllm/aeon/tw1.py",
            DL + "class AeonTrackingLoader(DefaultModelLoader):\n"
            "    def aeon_check(self, model, loaded: set[str]) -> None:\n"
            "        # AEON: the Spark's fp4 checkpoints skip some scales; check the rest\n"
            "        self.track_weights_loading(model, loaded)\n",
            "self.track_weights_loading(model, loaded)",
        ),
    ),
    (
        "#35309 method removed",
        "an override's super() call",
        K(
            "#35309",
            TW,
            TWW,
            "vllm/aeon/tw2.py",
            DL + "class AeonLenientLoader(DefaultModelLoader):\n"
            "    def track_weights_loading(self, model, loaded_weights) -> None:\n"
            "        loaded = set(loaded_weights or ()) | {'lm_head.weight'}\n"
            "        super().track_weights_loading(model, loaded)\n",
            "super().track_weights_loading(model, loaded)",
        ),
    ),
    (
        "#35309 method removed",
        "twin: the kept get_all_weights",
        K(
            "#35309",
            TW,
            TWW,
            "vllm/aeon/tw3.py",
            DL + "class AeonCountingLoader(DefaultModelLoader):\n"
            "    def aeon_count(self, model_config, model) -> int:\n"
            "        return sum(1 for _ in self.get_all_weights(model_config, model))\n",
            "return sum(1 for _ in self.get_all_weights(model_config, model))",
        ),
    ),
]

# --- #24322 (4a5299c93f): get_model calls loader.load_model(..., prefix=prefix)
LM = "4a5299c93f"
LMW = "load_model called with a new prefix keyword"
BL = (
    "from torch import nn\n\nfrom vllm.config import ModelConfig, VllmConfig\n"
    "from vllm.model_executor.model_loader import register_model_loader\n"
    "from vllm.model_executor.model_loader.default_loader import DefaultModelLoader\n\n\n"
)
CASES += [
    (
        "#24322 keyword passed to an override",
        "a registered loader's override without it",
        K(
            "#24322",
            LM,
            LMW,
            "vllm/aeon/lm1.py",
            BL + '@register_model_loader("aeon")\n'
            "class AeonModelLoader(DefaultModelLoader):\n"
            "    def load_model(self, vllm_config: VllmConfig, model_config: ModelConfig) -> nn.Module:\n"
            "        # AEON: the Spark pins the weights before it hands the model over\n"
            "        model = super().load_model(vllm_config, model_config)\n"
            "        return model\n",
            "def load_model(self, vllm_config: VllmConfig, model_config: ModelConfig) -> nn.Module:",
        ),
    ),
    (
        "#24322 keyword passed to an override",
        "twin: an override taking **kwargs",
        K(
            "#24322",
            LM,
            LMW,
            "vllm/aeon/lm2.py",
            BL + '@register_model_loader("aeon2")\n'
            "class AeonModelLoader2(DefaultModelLoader):\n"
            "    def load_model(self, vllm_config: VllmConfig, model_config: ModelConfig, **kwargs) -> nn.Module:\n"
            "        return super().load_model(vllm_config, model_config, **kwargs)\n",
            "def load_model(self, vllm_config: VllmConfig, model_config: ModelConfig, **kwargs) -> nn.Module:",
        ),
    ),
]

# --- #27772 (c2612371ad): GGUFModelLoader._get_weights_iterator(model_config, path, name_map)
GG = "c2612371ad"
GGW = "GGUF _get_weights_iterator gains a leading model_config"
GL = "from vllm.model_executor.model_loader.gguf_loader import GGUFModelLoader\n\n\n"
CASES += [
    (
        "#27772 parameter inserted first",
        "a subclass's positional self. call",
        K(
            "#27772",
            GG,
            GGW,
            "vllm/aeon/gg1.py",
            GL + "class AeonGGUFLoader(GGUFModelLoader):\n"
            "    def aeon_weights(self, model_config, local_path: str):\n"
            "        # AEON: the Spark's GGUF path renames a few tensors first\n"
            "        name_map = self._get_gguf_weights_map(model_config)\n"
            "        yield from self._get_weights_iterator(local_path, name_map)\n",
            "yield from self._get_weights_iterator(local_path, name_map)",
        ),
    ),
    (
        "#27772 parameter inserted first",
        "twin: the kept name-map builder",
        K(
            "#27772",
            GG,
            GGW,
            "vllm/aeon/gg2.py",
            GL + "class AeonGGUFLoader2(GGUFModelLoader):\n"
            "    def aeon_names(self, model_config) -> list[str]:\n"
            "        return sorted(self._get_gguf_weights_map(model_config))\n",
            "return sorted(self._get_gguf_weights_map(model_config))",
        ),
    ),
]

# --- #19619 (72d14d0eed): TensorizerConfig.to_dict/as_dict removed (to_serializable replaces them)
TZ = "72d14d0eed"
TZW = "TensorizerConfig.to_dict/as_dict removed"
TC = "from vllm.model_executor.model_loader.tensorizer import TensorizerConfig\n\n\n"
CASES += [
    (
        "#19619 methods removed",
        "a call off a receiver typed as the class",
        K(
            "#19619",
            TZ,
            TZW,
            "vllm/aeon/tz1.py",
            TC + "def aeon_worker_kwargs(cfg: TensorizerConfig) -> dict:\n"
            "    # AEON: the Spark's workers rebuild the config from a plain dict\n"
            "    return {'tensorizer_config': cfg.to_dict()}\n",
            "return {'tensorizer_config': cfg.to_dict()}",
        ),
    ),
    (
        "#19619 methods removed",
        "a classmethod call on the class",
        K(
            "#19619",
            TZ,
            TZW,
            "vllm/aeon/tz2.py",
            TC + "def aeon_config_dict(uri: str) -> dict:\n    return TensorizerConfig.as_dict(tensorizer_uri=uri)\n",
            "return TensorizerConfig.as_dict(tensorizer_uri=uri)",
        ),
    ),
    (
        "#19619 methods removed",
        "twin: a kept verifier",
        K(
            "#19619",
            TZ,
            TZW,
            "vllm/aeon/tz3.py",
            TC + "def aeon_check(cfg: TensorizerConfig, model_config) -> None:\n"
            "    cfg.verify_with_model_config(model_config)\n",
            "cfg.verify_with_model_config(model_config)",
        ),
    ),
]

# --- #20242 (8fe7fc8634): BitsAndBytesModelLoader._get_quantized_weights_iterator loses pre_quant/load_8bit
BB = "8fe7fc8634"
BBW = "bnb _get_quantized_weights_iterator(path, revision)"
BNB = "from vllm.model_executor.model_loader.bitsandbytes_loader import BitsAndBytesModelLoader\n\n\n"
CASES += [
    (
        "#20242 parameters removed",
        "a subclass's positional self. call",
        K(
            "#20242",
            BB,
            BBW,
            "vllm/aeon/bb1.py",
            BNB + "class AeonBnbLoader(BitsAndBytesModelLoader):\n"
            "    def aeon_prequant_iter(self, model_config):\n"
            "        # AEON: the Spark only serves pre-quantized 4-bit checkpoints\n"
            "        it, _ = self._get_quantized_weights_iterator(model_config.model, model_config.revision, True, False)\n"
            "        return it\n",
            "it, _ = self._get_quantized_weights_iterator(model_config.model, model_config.revision, True, False)",
        ),
    ),
    (
        "#20242 parameters removed",
        "twin: the kept _prepare_weights",
        K(
            "#20242",
            BB,
            BBW,
            "vllm/aeon/bb2.py",
            BNB + "class AeonBnbLoader2(BitsAndBytesModelLoader):\n"
            "    def aeon_files(self, model_config) -> list[str]:\n"
            "        files, _ = self._prepare_weights(model_config.model, model_config.revision)\n"
            "        return files\n",
            "files, _ = self._prepare_weights(model_config.model, model_config.revision)",
        ),
    ),
]

# --- #6036 (8d32dc603d): parameter._adjust_shard_indexes_for_packing gains a required bitblas_tile_size
SP = "8d32dc603d"
SPW = "_adjust_shard_indexes_for_packing gains bitblas_tile_size"
CASES += [
    (
        "#6036 required parameter added",
        "a keyword call without it",
        K(
            "#6036",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            "from vllm.model_executor.parameter import _adjust_shard_indexes_for_packing\n\n\n"
            "def aeon_packed_shard(size: int, offset: int) -> tuple[int, int]:\n"
            "    # AEON: the Spark's int4 layout packs eight values a word\n"
            "    return _adjust_shard_indexes_for_packing(shard_size=size, shard_offset=offset, packed_factor=8, marlin_tile_size=None)\n",
            "return _adjust_shard_indexes_for_packing(shard_size=size, shard_offset=offset, packed_factor=8, marlin_tile_size=None)",
        ),
    ),
    (
        "#6036 required parameter added",
        "twin: the kept marlin helper",
        K(
            "#6036",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            "from vllm.model_executor.parameter import _adjust_shard_indexes_for_marlin\n\n\n"
            "def aeon_marlin_shard(size: int, offset: int) -> tuple[int, int]:\n"
            "    return _adjust_shard_indexes_for_marlin(shard_size=size, shard_offset=offset, marlin_tile_size=16)\n",
            "return _adjust_shard_indexes_for_marlin(shard_size=size, shard_offset=offset, marlin_tile_size=16)",
        ),
    ),
]


# --- A second blind batch (committed before the engine ran on it): the kinds the first batch lacked -- a
#     return made a longer tuple, an attribute no longer set or renamed, a constructor replaced, a base
#     class that now assigns a name a subclass made read-only, a new raise, a re-export dropped.

# --- #14950 (5eeabc2a44): BitsAndBytesModelLoader._get_weight_files returns (folder, files, pattern)
WF = "5eeabc2a44"
WFW = "bnb _get_weight_files returns a 3-tuple"
OLDBNB = "from vllm.model_executor.model_loader.loader import BitsAndBytesModelLoader\n\n\n"
CASES += [
    (
        "#14950 return tuple grew",
        "a subclass unpacking two",
        K(
            "#14950",
            WF,
            WFW,
            "vllm/aeon/wf1.py",
            OLDBNB + "class AeonBnbFiles(BitsAndBytesModelLoader):\n"
            "    def aeon_safetensors(self, model_name_or_path: str) -> list[str]:\n"
            "        # AEON: the Spark only reads safetensors shards\n"
            "        files, pattern = self._get_weight_files(model_name_or_path, ['*.safetensors'])\n"
            "        return files if pattern == '*.safetensors' else []\n",
            "files, pattern = self._get_weight_files(model_name_or_path, ['*.safetensors'])",
        ),
    ),
    (
        "#14950 return tuple grew",
        "twin: _prepare_weights still returns two",
        K(
            "#14950",
            WF,
            WFW,
            "vllm/aeon/wf2.py",
            OLDBNB + "class AeonBnbFiles2(BitsAndBytesModelLoader):\n"
            "    def aeon_files(self, model_name_or_path: str, revision) -> list[str]:\n"
            "        files, use_safetensors = self._prepare_weights(model_name_or_path, revision)\n"
            "        return files if use_safetensors else []\n",
            "files, use_safetensors = self._prepare_weights(model_name_or_path, revision)",
        ),
    ),
]

# --- #19619 (72d14d0eed), more of it: TensorizerArgs built from a TensorizerConfig, its stream_params
#     and deserializer_params renamed stream_kwargs and deserialization_kwargs
TA = "from vllm.model_executor.model_loader.tensorizer import TensorizerArgs\n\n\n"
CASES += [
    (
        "#19619 attribute renamed",
        "a read off a receiver typed as the class",
        K(
            "#19619",
            TZ,
            TZW,
            "vllm/aeon/tz4.py",
            TA + "def aeon_s3_endpoint(args: TensorizerArgs) -> str | None:\n"
            "    # AEON: the Spark's S3 mirror\n"
            "    return args.stream_params.get('s3_endpoint')\n",
            "return args.stream_params.get('s3_endpoint')",
        ),
    ),
    (
        "#19619 constructor replaced",
        "a keyword construction of the dataclass",
        K(
            "#19619",
            TZ,
            TZW,
            "vllm/aeon/tz5.py",
            TA + "def aeon_args(uri: str) -> TensorizerArgs:\n"
            "    return TensorizerArgs(tensorizer_uri=uri, num_readers=4)\n",
            "return TensorizerArgs(tensorizer_uri=uri, num_readers=4)",
        ),
    ),
    (
        "#19619 attribute renamed",
        "twin: a field both declare",
        K(
            "#19619",
            TZ,
            TZW,
            "vllm/aeon/tz6.py",
            TA + "def aeon_encrypted(args: TensorizerArgs) -> bool:\n    return args.encryption_keyfile is not None\n",
            "return args.encryption_keyfile is not None",
        ),
    ),
]

# --- #20242 (8fe7fc8634), more of it: BitsAndBytesModelLoader no longer sets self.model_type
CASES += [
    (
        "#20242 attribute no longer set",
        "a subclass's self. read after load_weights",
        K(
            "#20242",
            BB,
            BBW,
            "vllm/aeon/bb3.py",
            BNB + "class AeonBnbLogged(BitsAndBytesModelLoader):\n"
            "    def load_weights(self, model, model_config) -> None:\n"
            "        super().load_weights(model, model_config)\n"
            "        # AEON: the Spark's dashboard labels bnb loads by model class\n"
            "        print('bnb loaded', self.model_type)\n",
            "print('bnb loaded', self.model_type)",
        ),
    ),
    (
        "#20242 attribute no longer set",
        "twin: a list both versions set",
        K(
            "#20242",
            BB,
            BBW,
            "vllm/aeon/bb4.py",
            BNB + "class AeonBnbLogged2(BitsAndBytesModelLoader):\n"
            "    def load_weights(self, model, model_config) -> None:\n"
            "        super().load_weights(model, model_config)\n"
            "        print('unsharded', len(self.unsharded_weights_modules))\n",
            "print('unsharded', len(self.unsharded_weights_modules))",
        ),
    ),
]

# --- #23024 (53b19ccdd5): BasevLLMParameter.__init__ now assigns self.tp_rank and self.tp_size
TP = "53b19ccdd5"
TPW = "BasevLLMParameter.__init__ assigns tp_rank/tp_size"
BP = "from vllm.model_executor.parameter import BasevLLMParameter\n\n\n"
CASES += [
    (
        "#23024 base now assigns a subclass's read-only property",
        "a property without a setter",
        K(
            "#23024",
            TP,
            TPW,
            "vllm/aeon/tp1.py",
            BP + "class AeonReplicatedParameter(BasevLLMParameter):\n"
            "    # AEON: replicated on every rank of the Spark's TP group\n"
            "    @property\n"
            "    def tp_rank(self) -> int:\n"
            "        return 0\n",
            "def tp_rank(self) -> int:",
        ),
    ),
    (
        "#23024 base now assigns a subclass's read-only property",
        "twin: a property with a setter",
        K(
            "#23024",
            TP,
            TPW,
            "vllm/aeon/tp2.py",
            BP + "class AeonReplicatedParameter2(BasevLLMParameter):\n"
            "    @property\n"
            "    def tp_size(self) -> int:\n"
            "        return 1\n\n"
            "    @tp_size.setter\n"
            "    def tp_size(self, value: int) -> None:\n"
            "        pass\n",
            "def tp_size(self) -> int:",
        ),
    ),
]

# --- #41811 (85c09e9885): filter_duplicate_safetensors_files raises FileNotFoundError when a file the
#     index names is not in the list passed
FD = "85c09e9885"
FDW = "filter_duplicate_safetensors_files raises on a partial list"
FDI = "from vllm.model_executor.model_loader.weight_utils import filter_duplicate_safetensors_files\n\n\n"
CASES += [
    (
        "#41811 new raise",
        "a call with one rank's slice of the files",
        K(
            "#41811",
            FD,
            FDW,
            "vllm/aeon/fd1.py",
            FDI
            + "def aeon_rank_files(files: list[str], folder: str, index_file: str, rank: int, world: int) -> list[str]:\n"
            "    # AEON: each Spark node reads only its slice of the shards\n"
            "    return filter_duplicate_safetensors_files(files[rank::world], folder, index_file)\n",
            "return filter_duplicate_safetensors_files(files[rank::world], folder, index_file)",
        ),
    ),
    (
        "#41811 new raise",
        "twin: the whole list",
        K(
            "#41811",
            FD,
            FDW,
            "vllm/aeon/fd2.py",
            FDI + "def aeon_all_files(files: list[str], folder: str, index_file: str) -> list[str]:\n"
            "    return filter_duplicate_safetensors_files(files, folder, index_file)\n",
            "return filter_duplicate_safetensors_files(files, folder, index_file)",
        ),
    ),
]

# --- #29189 (6965a392a4): model_loader.utils no longer imports the pooling adapters at module level
RX = "6965a392a4"
RXW = "as_embedding_model/as_reward_model re-export dropped"
CASES += [
    (
        "#29189 re-export dropped",
        "an import through the loader utils",
        K(
            "#29189",
            RX,
            RXW,
            "vllm/aeon/rx1.py",
            "from vllm.model_executor.model_loader.utils import as_embedding_model\n\n\n"
            "def aeon_embedder(model_cls):\n"
            "    # AEON: the Spark serves the embedder from the same weights\n"
            "    return as_embedding_model(model_cls)\n",
            "from vllm.model_executor.model_loader.utils import as_embedding_model",
        ),
    ),
    (
        "#29189 re-export dropped",
        "a module-attribute call",
        K(
            "#29189",
            RX,
            RXW,
            "vllm/aeon/rx2.py",
            "from vllm.model_executor.model_loader import utils as loader_utils\n\n\n"
            "def aeon_reward(model_cls):\n"
            "    return loader_utils.as_reward_model(model_cls)\n",
            "return loader_utils.as_reward_model(model_cls)",
        ),
    ),
    (
        "#29189 re-export dropped",
        "twin: the adapters module itself",
        K(
            "#29189",
            RX,
            RXW,
            "vllm/aeon/rx3.py",
            "from vllm.model_executor.models.adapters import as_seq_cls_model\n\n\n"
            "def aeon_classifier(model_cls):\n"
            "    return as_seq_cls_model(model_cls)\n",
            "return as_seq_cls_model(model_cls)",
        ),
    ),
]


# --- A third batch (committed before the engine ran on it): the same commits under harder spellings -- a
#     receiver a function's return annotation types, an isinstance-narrowed local, an alias of a nested class,
#     a getattr with a literal, functools.partial, a callback handed to map, an index into a grown tuple,
#     a class-level property(...), importlib.
CASES += [
    (
        "#38032 method renamed",
        "a call off a function's annotated return",
        K(
            "#38032",
            CC,
            CCW,
            "vllm/aeon/cc4.py",
            "from vllm.model_executor.model_loader.reload.layerwise import get_layerwise_info\n\n\n"
            "def aeon_layer_ready(layer) -> bool:\n"
            "    return get_layerwise_info(layer).can_process()\n",
            "return get_layerwise_info(layer).can_process()",
        ),
    ),
    (
        "#38032 class renamed",
        "a module-attribute construction",
        K(
            "#38032",
            CC,
            CCW,
            "vllm/aeon/cc5.py",
            "from vllm.model_executor.model_loader.reload import meta as reload_meta\n\n\n"
            "def aeon_counter():\n"
            "    return reload_meta.MetaCopyCounter()\n",
            "return reload_meta.MetaCopyCounter()",
        ),
    ),
    (
        "#38442 required parameter inserted",
        "a callback handed to map",
        K(
            "#38442",
            ML,
            MLW,
            "vllm/aeon/ml4.py",
            "from vllm.model_executor.model_loader.reload.meta import materialize_layer\n\n\n"
            "def aeon_materialize_all(layers: list) -> None:\n"
            "    list(map(materialize_layer, layers))\n",
            "list(map(materialize_layer, layers))",
        ),
    ),
    (
        "#36903 dataclass field inserted",
        "an alias of the nested class built positionally",
        K(
            "#36903",
            SF,
            SFW,
            "vllm/aeon/sf4.py",
            DL + "Source = DefaultModelLoader.Source\n\n\n"
            "def aeon_mtp_source(path: str, revision: str | None):\n"
            "    return Source(path, revision, 'mtp.', False)\n",
            "return Source(path, revision, 'mtp.', False)",
        ),
    ),
    (
        "#31914 required parameter inserted",
        "a functools.partial called with the model",
        K(
            "#31914",
            DW,
            DWW,
            "vllm/aeon/dw4.py",
            "import functools\n\n"
            + WU
            + "_AEON_INIT = functools.partial(initialize_dummy_weights, low=-1e-4, high=1e-4)\n\n\n"
            "def aeon_init(model) -> None:\n"
            "    _AEON_INIT(model)\n",
            "_AEON_INIT(model)",
        ),
    ),
    (
        "#34070 function renamed",
        "a getattr with a literal",
        K(
            "#34070",
            IL,
            ILW,
            "vllm/aeon/il4.py",
            "from vllm.model_executor.model_loader import weight_utils\n\n\n"
            "def aeon_loader_factory():\n"
            "    return getattr(weight_utils, '_init_loader')\n",
            "return getattr(weight_utils, '_init_loader')",
        ),
    ),
    (
        "#32133 module removed",
        "importlib of the removed module",
        K(
            "#32133",
            OQ,
            OQW,
            "vllm/aeon/oq4.py",
            "import importlib\n\n\n"
            "def aeon_online_quant():\n"
            "    return importlib.import_module('vllm.model_executor.model_loader.online_quantization')\n",
            "return importlib.import_module('vllm.model_executor.model_loader.online_quantization')",
        ),
    ),
    (
        "#35309 method removed",
        "a call off an isinstance-narrowed loader",
        K(
            "#35309",
            TW,
            TWW,
            "vllm/aeon/tw4.py",
            "from vllm.model_executor.model_loader import get_model_loader\n"
            + DL
            + "def aeon_check(load_config, model, loaded: set[str]) -> None:\n"
            "    loader = get_model_loader(load_config)\n"
            "    if isinstance(loader, DefaultModelLoader):\n"
            "        loader.track_weights_loading(model, loaded)\n",
            "loader.track_weights_loading(model, loaded)",
        ),
    ),
    (
        "#24322 keyword passed to an override",
        "an override in a subclass of a concrete loader",
        K(
            "#24322",
            LM,
            LMW,
            "vllm/aeon/lm3.py",
            "from vllm.model_executor.model_loader.gguf_loader import GGUFModelLoader\n\n\n"
            "class AeonGGUFModelLoader(GGUFModelLoader):\n"
            "    def load_model(self, vllm_config, model_config):\n"
            "        return super().load_model(vllm_config, model_config)\n",
            "def load_model(self, vllm_config, model_config):",
        ),
    ),
    (
        "#27772 parameter inserted first",
        "a functools.partial of the bound method",
        K(
            "#27772",
            GG,
            GGW,
            "vllm/aeon/gg3.py",
            "import functools\n\n" + GL + "class AeonGGUFLoader3(GGUFModelLoader):\n"
            "    def aeon_iter_factory(self, local_path: str):\n"
            "        return functools.partial(self._get_weights_iterator, local_path)\n",
            "return functools.partial(self._get_weights_iterator, local_path)",
        ),
    ),
    (
        "#14950 return tuple grew",
        "an index into the result",
        K(
            "#14950",
            WF,
            WFW,
            "vllm/aeon/wf3.py",
            OLDBNB + "class AeonBnbFiles3(BitsAndBytesModelLoader):\n"
            "    def aeon_count(self, model_name_or_path: str) -> int:\n"
            "        return len(self._get_weight_files(model_name_or_path, ['*.bin'])[0])\n",
            "return len(self._get_weight_files(model_name_or_path, ['*.bin'])[0])",
        ),
    ),
    (
        "#20242 attribute no longer set",
        "a getattr with a literal",
        K(
            "#20242",
            BB,
            BBW,
            "vllm/aeon/bb5.py",
            BNB + "class AeonBnbLogged3(BitsAndBytesModelLoader):\n"
            "    def aeon_label(self) -> str:\n"
            "        return getattr(self, 'model_type')\n",
            "return getattr(self, 'model_type')",
        ),
    ),
    (
        "#23024 base now assigns a subclass's read-only property",
        "a class-level property(...)",
        K(
            "#23024",
            TP,
            TPW,
            "vllm/aeon/tp3.py",
            BP + "class AeonReplicatedParameter3(BasevLLMParameter):\n    tp_size = property(lambda self: 1)\n",
            "tp_size = property(lambda self: 1)",
        ),
    ),
    (
        "#23024 base now assigns a subclass's read-only property",
        "a plain class attribute the instance now shadows",
        K(
            "#23024",
            TP,
            TPW,
            "vllm/aeon/tp4.py",
            BP + "class AeonReplicatedParameter4(BasevLLMParameter):\n    tp_size = 1\n",
            "tp_size = 1",
        ),
    ),
    (
        "#35309 method removed",
        "twin: an isinstance-narrowed kept method",
        K(
            "#35309",
            TW,
            TWW,
            "vllm/aeon/tw5.py",
            "from vllm.model_executor.model_loader import get_model_loader\n"
            + DL
            + "def aeon_weights(load_config, model_config, model):\n"
            "    loader = get_model_loader(load_config)\n"
            "    if isinstance(loader, DefaultModelLoader):\n"
            "        return loader.get_all_weights(model_config, model)\n"
            "    return iter(())\n",
            "return loader.get_all_weights(model_config, model)",
        ),
    ),
    (
        "#31914 required parameter inserted",
        "twin: a partial that binds the config",
        K(
            "#31914",
            DW,
            DWW,
            "vllm/aeon/dw5.py",
            "import functools\n\n" + WU + "def aeon_init2(model, model_config) -> None:\n"
            "    init = functools.partial(initialize_single_dummy_weight, low=-1e-4)\n"
            "    for param in model.parameters():\n"
            "        init(param)\n",
            "init(param)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-loaderint-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
