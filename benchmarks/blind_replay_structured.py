"""A blind replay of structured outputs and the model loader: the grammar backends and loaders a fork adds.

11 first-parent commits on the surface a fork that adds a model loader or a grammar backend carries code
against -- the v1 structured-output manager and request (``StructuredOutputRequest.status`` no longer set,
``StructuredOutputManager``'s cache and ``max_cache_size`` removed with ``populate_cache`` renamed
``grammar_init``, ``_async_create_grammar`` renamed ``_create_grammar``, the xgrammar helpers moved out of
``structured_output.utils``, ``grammar`` now possibly an ``Exception`` and ``finish_requests`` returning
requests, not ``(req_id, client_index)`` pairs), the structured-output config and params
(``disable_fallback`` removed), and the model loader (``loader.py`` split into modules, the ``LoadFormat``
enum and ``ShardedStateLoader``'s ``runai_model_streamer`` keyword removed with a loader class no longer
accepted as ``load_format``, ``load_model`` now called with ``model_config=``, the GGUF loader, its
``"gguf"`` load format and its weight_utils helpers moved to a plugin, ``safetensors_load_strategy``
defaulting to None, not "lazy") -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork
code is written (a read off a typed receiver, a keyword, an import of a moved or deleted name, a subclass
override, a call of a renamed method, a tuple unpacked, a dict key / load-format string, a class passed as a
value), with twins (fork code the commit does not break).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 2683d68d): 18 caught, 0 warned, 4 missed of 22 (twins: 11
quiet, 1 of them warned, 0 false errors).  The misses: #47312's two (``for req_id, client_index in
self.finish_requests(...)`` after the returned ``list[tuple[str, int]]`` became ``list[Request]``; and
``grammar.accept_tokens(...)`` after a ``None`` test, ``grammar`` now ``StructuredOutputGrammar | Exception |
None``), #17712's ``loader._process_weights_after_loading(...)`` (its error lands on the file's ``from
vllm.model_executor.model_loader import loader``, the line Python raises on, not on the use: symbol drift
puts a gone module's finding on its import, by design), and #21067's ``LoadConfig(load_format=AeonLoader)``
(a loader class passed where upstream dropped ``"BaseModelLoader"`` from the field's union and the
``isinstance(load_format, type)`` branch with it).
After the killers58 widenings: 20 caught, 0 warned, 2 missed of 22 (twins: 13 quiet, 1 of them warned, 0
false errors; the two twins for the new classes were added after the widening, not blind).  Caught now: a loop
unpacking each element of a collection whose N-tuples upstream made objects of a class that does not unpack
(return drift); an attribute read off a field or return whose union upstream widened with only exception
classes, with no ``isinstance`` test or ``try`` (type drift, ``drift/returned_errors.py``).  Left: #17712's
use line (caught on its import) and #21067's class passed as a value, whose annotation named an instance
type the class merely derives from: no check reads a dropped union member against the class of a value,
and an error there would need the loader's whole hierarchy.

  python benchmarks/blind_replay_structured.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #49235 (af91f4b3e4): StructuredOutputRequest.status, set once the grammar compiled, no longer set
ST = "af91f4b3e4"
STW = "StructuredOutputRequest.status no longer set"
SOR = "from vllm.v1.structured_output.request import StructuredOutputRequest\n\n\n"
CASES += [
    (
        "#49235 attribute no longer set",
        "a read off a request typed as the class",
        K(
            "#49235",
            ST,
            STW,
            "vllm/aeon/st1.py",
            SOR + "def aeon_grammar_ready(so_request: StructuredOutputRequest) -> bool:\n"
            "    # AEON: the router holds a request back until its grammar compiled\n"
            "    return so_request.status is not None\n",
            "return so_request.status is not None",
        ),
    ),
    (
        "#49235 attribute no longer set",
        "twin: the params field kept",
        K(
            "#49235",
            ST,
            STW,
            "vllm/aeon/st2.py",
            SOR + "def aeon_has_json(so_request: StructuredOutputRequest) -> bool:\n"
            "    return so_request.params.json is not None\n",
            "return so_request.params.json is not None",
        ),
    ),
]

# --- #36546 (04b67d8f62): disable_fallback removed from StructuredOutputsConfig and StructuredOutputsParams
DF = "04b67d8f62"
DFW = "disable_fallback removed"
CASES += [
    (
        "#36546 field removed",
        "a keyword to the params dataclass",
        K(
            "#36546",
            DF,
            DFW,
            "vllm/aeon/df1.py",
            "from vllm.sampling_params import StructuredOutputsParams\n\n\n"
            "def aeon_json_params(schema: dict) -> StructuredOutputsParams:\n"
            "    # AEON: GB10 fallbacks recompile on the hot path; fail fast instead\n"
            "    return StructuredOutputsParams(json=schema, disable_fallback=True)\n",
            "return StructuredOutputsParams(json=schema, disable_fallback=True)",
        ),
    ),
    (
        "#36546 field removed",
        "a keyword to the config",
        K(
            "#36546",
            DF,
            DFW,
            "vllm/aeon/df2.py",
            "from vllm.config.structured_outputs import StructuredOutputsConfig\n\n\n"
            "def aeon_so_config() -> StructuredOutputsConfig:\n"
            "    return StructuredOutputsConfig(backend='xgrammar', disable_fallback=True)\n",
            "return StructuredOutputsConfig(backend='xgrammar', disable_fallback=True)",
        ),
    ),
    (
        "#36546 field removed",
        "twin: a kept keyword",
        K(
            "#36546",
            DF,
            DFW,
            "vllm/aeon/df3.py",
            "from vllm.sampling_params import StructuredOutputsParams\n\n\n"
            "def aeon_compact_params(schema: dict) -> StructuredOutputsParams:\n"
            "    return StructuredOutputsParams(json=schema, disable_any_whitespace=True)\n",
            "return StructuredOutputsParams(json=schema, disable_any_whitespace=True)",
        ),
    ),
]

# --- #14622 (4cbf286794): StructuredOutputManager's grammar cache removed: max_cache_size gone, populate_cache
#     renamed grammar_init (EngineCore calls grammar_init)
SC = "4cbf286794"
SCW = "StructuredOutputManager cache removed, populate_cache -> grammar_init"
SOM = "from vllm.config import VllmConfig\nfrom vllm.v1.structured_output import StructuredOutputManager\n\n\n"
CASES += [
    (
        "#14622 keyword and method removed",
        "a keyword to the manager",
        K(
            "#14622",
            SC,
            SCW,
            "vllm/aeon/sc1.py",
            SOM + "def aeon_manager(vllm_config: VllmConfig) -> StructuredOutputManager:\n"
            "    # AEON: the Spark's unified memory makes a small grammar cache cheaper\n"
            "    return StructuredOutputManager(vllm_config, max_cache_size=64)\n",
            "return StructuredOutputManager(vllm_config, max_cache_size=64)",
        ),
    ),
    (
        "#14622 keyword and method removed",
        "an override of the renamed method",
        K(
            "#14622",
            SC,
            SCW,
            "vllm/aeon/sc2.py",
            SOM + "class AeonStructuredOutputManager(StructuredOutputManager):\n"
            "    def populate_cache(self, request) -> None:\n"
            "        # AEON: count the grammars compiled per engine step\n"
            "        self.aeon_compiles = getattr(self, 'aeon_compiles', 0) + 1\n"
            "        super().populate_cache(request)\n",
            "def populate_cache(self, request) -> None:",
        ),
    ),
    (
        "#14622 keyword and method removed",
        "twin: the manager built on its kept parameter",
        K(
            "#14622",
            SC,
            SCW,
            "vllm/aeon/sc3.py",
            SOM + "def aeon_manager2(vllm_config: VllmConfig) -> StructuredOutputManager:\n"
            "    return StructuredOutputManager(vllm_config)\n",
            "return StructuredOutputManager(vllm_config)",
        ),
    ),
]

# --- #29996 (65ee97288a): StructuredOutputManager._async_create_grammar renamed _create_grammar
AG = "65ee97288a"
AGW = "_async_create_grammar -> _create_grammar"
CASES += [
    (
        "#29996 overridden method renamed",
        "an override of the renamed hook",
        K(
            "#29996",
            AG,
            AGW,
            "vllm/aeon/ag1.py",
            "from vllm.v1.structured_output import StructuredOutputManager\n\n\n"
            "class AeonGrammarManager(StructuredOutputManager):\n"
            "    def _async_create_grammar(self, request):\n"
            "        # AEON: time each compile for the Spark's grammar dashboard\n"
            "        grammar = super()._async_create_grammar(request)\n"
            "        self.aeon_last = request.request_id\n"
            "        return grammar\n",
            "def _async_create_grammar(self, request):",
        ),
    ),
    (
        "#29996 overridden method renamed",
        "twin: an override of the kept entry point",
        K(
            "#29996",
            AG,
            AGW,
            "vllm/aeon/ag2.py",
            "from vllm.v1.structured_output import StructuredOutputManager\n\n\n"
            "class AeonGrammarManager2(StructuredOutputManager):\n"
            "    def grammar_init(self, request) -> None:\n"
            "        self.aeon_last = request.request_id\n"
            "        super().grammar_init(request)\n",
            "def grammar_init(self, request) -> None:",
        ),
    ),
]

# --- #16578 (976711d9db): the xgrammar helpers moved from structured_output.utils to backend_xgrammar
XU = "976711d9db"
XUW = "xgrammar helpers moved to backend_xgrammar"
CASES += [
    (
        "#16578 function moved",
        "an import from the old module",
        K(
            "#16578",
            XU,
            XUW,
            "vllm/aeon/xu1.py",
            "from vllm.v1.structured_output.utils import has_xgrammar_unsupported_json_features\n\n\n"
            "def aeon_pick_backend(schema: dict) -> str:\n"
            "    return 'guidance' if has_xgrammar_unsupported_json_features(schema) else 'xgrammar'\n",
            "from vllm.v1.structured_output.utils import has_xgrammar_unsupported_json_features",
        ),
    ),
    (
        "#16578 function moved",
        "a module attribute call",
        K(
            "#16578",
            XU,
            XUW,
            "vllm/aeon/xu2.py",
            "from vllm.sampling_params import SamplingParams\n"
            "from vllm.v1.structured_output import utils as so_utils\n\n\n"
            "def aeon_validate(params: SamplingParams) -> None:\n"
            "    so_utils.validate_structured_output_request_xgrammar(params)\n",
            "so_utils.validate_structured_output_request_xgrammar(params)",
        ),
    ),
    (
        "#16578 function moved",
        "twin: a helper the old module keeps",
        K(
            "#16578",
            XU,
            XUW,
            "vllm/aeon/xu3.py",
            "from vllm.v1.structured_output.utils import grammar_is_likely_lark\n\n\n"
            "def aeon_is_lark(spec: str) -> bool:\n"
            "    return grammar_is_likely_lark(spec)\n",
            "return grammar_is_likely_lark(spec)",
        ),
    ),
]

# --- #47312 (12213c6795): a failed grammar compile is kept as an Exception in StructuredOutputRequest.grammar;
#     Scheduler.finish_requests returns the requests, not (req_id, client_index) pairs
GE = "12213c6795"
GEW = "grammar may be an Exception; finish_requests returns requests"
CASES += [
    (
        "#47312 return shape changed",
        "a tuple unpack of finish_requests in a scheduler subclass",
        K(
            "#47312",
            GE,
            GEW,
            "vllm/aeon/ge1.py",
            "from vllm.v1.core.sched.scheduler import Scheduler\n"
            "from vllm.v1.request import RequestStatus\n\n\n"
            "class AeonScheduler(Scheduler):\n"
            "    def aeon_abort(self, request_ids: list[str]) -> dict[int, list[str]]:\n"
            "        by_client: dict[int, list[str]] = {}\n"
            "        for req_id, client_index in self.finish_requests(request_ids, RequestStatus.FINISHED_ABORTED):\n"
            "            by_client.setdefault(client_index, []).append(req_id)\n"
            "        return by_client\n",
            "for req_id, client_index in self.finish_requests(request_ids, RequestStatus.FINISHED_ABORTED):",
        ),
    ),
    (
        "#47312 return type widened",
        "a method called on the None-checked grammar",
        K(
            "#47312",
            GE,
            GEW,
            "vllm/aeon/ge2.py",
            SOR + "def aeon_feed(so_request: StructuredOutputRequest, req_id: str, tokens: list[int]) -> bool:\n"
            "    grammar = so_request.grammar\n"
            "    if grammar is None:\n"
            "        return False\n"
            "    return grammar.accept_tokens(req_id, tokens)\n",
            "return grammar.accept_tokens(req_id, tokens)",
        ),
    ),
    (
        "#47312 return shape changed",
        "twin: finish_requests' result counted",
        K(
            "#47312",
            GE,
            GEW,
            "vllm/aeon/ge3.py",
            "from vllm.v1.core.sched.scheduler import Scheduler\n"
            "from vllm.v1.request import RequestStatus\n\n\n"
            "class AeonScheduler2(Scheduler):\n"
            "    def aeon_abort_count(self, request_ids: list[str]) -> int:\n"
            "        return len(self.finish_requests(request_ids, RequestStatus.FINISHED_ABORTED))\n",
            "return len(self.finish_requests(request_ids, RequestStatus.FINISHED_ABORTED))",
        ),
    ),
]

# twins added after the killers58 widenings (not blind): the fork code those classes must leave alone
CASES += [
    (
        "#47312 return shape changed",
        "twin: each finished request bound whole",
        K(
            "#47312",
            GE,
            GEW,
            "vllm/aeon/ge4.py",
            "from vllm.v1.core.sched.scheduler import Scheduler\n"
            "from vllm.v1.request import RequestStatus\n\n\n"
            "class AeonScheduler3(Scheduler):\n"
            "    def aeon_abort_log(self, request_ids: list[str]) -> list[str]:\n"
            "        return [str(r) for r in self.finish_requests(request_ids, RequestStatus.FINISHED_ABORTED)]\n",
            "return [str(r) for r in self.finish_requests(request_ids, RequestStatus.FINISHED_ABORTED)]",
        ),
    ),
    (
        "#47312 return type widened",
        "twin: the grammar's type tested",
        K(
            "#47312",
            GE,
            GEW,
            "vllm/aeon/ge5.py",
            "from vllm.v1.structured_output.backend_types import StructuredOutputGrammar\n"
            + SOR
            + "def aeon_feed2(so_request: StructuredOutputRequest, req_id: str, tokens: list[int]) -> bool:\n"
            "    grammar = so_request.grammar\n"
            "    if not isinstance(grammar, StructuredOutputGrammar):\n"
            "        return False\n"
            "    return grammar.accept_tokens(req_id, tokens)\n",
            "return grammar.accept_tokens(req_id, tokens)",
        ),
    ),
]

# --- #17712 (822de7fb94): model_loader/loader.py split into base_loader, default_loader, ... and utils
SL = "822de7fb94"
SLW = "model_loader.loader split into modules"
CASES += [
    (
        "#17712 module split",
        "an import from the deleted module",
        K(
            "#17712",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            "from vllm.model_executor.model_loader.loader import DefaultModelLoader\n\n\n"
            "class AeonNvfp4Loader(DefaultModelLoader):\n"
            "    # AEON: GB10 checkpoints ship NVFP4 shards next to the bf16 ones\n"
            "    aeon_suffix = '-nvfp4'\n",
            "from vllm.model_executor.model_loader.loader import DefaultModelLoader",
        ),
    ),
    (
        "#17712 module split",
        "a private helper renamed in the move",
        K(
            "#17712",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            "import torch\n\n"
            "from vllm.model_executor.model_loader import loader\n\n\n"
            "def aeon_finish(model, model_config) -> None:\n"
            "    loader._process_weights_after_loading(model, model_config, torch.device('cuda'))\n",
            "loader._process_weights_after_loading(model, model_config, torch.device('cuda'))",
        ),
    ),
    (
        "#17712 module split",
        "twin: the package's re-exported entry point",
        K(
            "#17712",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            "from vllm.config import LoadConfig\n"
            "from vllm.model_executor.model_loader import get_model_loader\n\n\n"
            "def aeon_loader(load_config: LoadConfig):\n"
            "    return get_model_loader(load_config)\n",
            "from vllm.model_executor.model_loader import get_model_loader",
        ),
    ),
]

# --- #18273 (c6b636f9fb): BaseModelLoader.load_model(*, vllm_config) -> load_model(*, vllm_config, model_config);
#     get_model passes model_config=
LM = "c6b636f9fb"
LMW = "load_model takes model_config"
CASES += [
    (
        "#18273 parameter added to an overridden hook",
        "a loader subclass's override without the new keyword",
        K(
            "#18273",
            LM,
            LMW,
            "vllm/aeon/lm1.py",
            "from torch import nn\n\n"
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.model_loader.default_loader import DefaultModelLoader\n\n\n"
            "class AeonModelLoader(DefaultModelLoader):\n"
            "    def load_model(self, vllm_config: VllmConfig) -> nn.Module:\n"
            "        # AEON: pin the loaded model to the Spark's unified memory pool\n"
            "        model = super().load_model(vllm_config=vllm_config)\n"
            "        return model.eval()\n",
            "def load_model(self, vllm_config: VllmConfig) -> nn.Module:",
        ),
    ),
    (
        "#18273 parameter added to an overridden hook",
        "a call without the now required keyword",
        K(
            "#18273",
            LM,
            LMW,
            "vllm/aeon/lm2.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.model_loader import get_model_loader\n\n\n"
            "def aeon_load(vllm_config: VllmConfig):\n"
            "    loader = get_model_loader(vllm_config.load_config)\n"
            "    return loader.load_model(vllm_config=vllm_config)\n",
            "return loader.load_model(vllm_config=vllm_config)",
        ),
    ),
    (
        "#18273 parameter added to an overridden hook",
        "twin: get_model, whose new keyword has a default",
        K(
            "#18273",
            LM,
            LMW,
            "vllm/aeon/lm3.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.model_loader import get_model\n\n\n"
            "def aeon_load2(vllm_config: VllmConfig):\n"
            "    return get_model(vllm_config=vllm_config)\n",
            "return get_model(vllm_config=vllm_config)",
        ),
    ),
]

# --- #21067 (610852a423): model loader plugins: the LoadFormat enum removed, a loader class no longer accepted as
#     load_format, ShardedStateLoader's runai_model_streamer keyword removed
LP = "610852a423"
LPW = "LoadFormat enum removed, load_format a registry key"
CASES += [
    (
        "#21067 enum removed",
        "an import of the removed enum",
        K(
            "#21067",
            LP,
            LPW,
            "vllm/aeon/lp1.py",
            "from vllm.config import LoadConfig, LoadFormat\n\n\n"
            "def aeon_load_config() -> LoadConfig:\n"
            "    return LoadConfig(load_format=LoadFormat.SAFETENSORS)\n",
            "from vllm.config import LoadConfig, LoadFormat",
        ),
    ),
    (
        "#21067 keyword removed",
        "a keyword to the sharded loader",
        K(
            "#21067",
            LP,
            LPW,
            "vllm/aeon/lp2.py",
            "from vllm.config import LoadConfig\n"
            "from vllm.model_executor.model_loader.sharded_state_loader import ShardedStateLoader\n\n\n"
            "def aeon_sharded(load_config: LoadConfig) -> ShardedStateLoader:\n"
            "    # AEON: the Spark streams sharded checkpoints from its NVMe\n"
            "    return ShardedStateLoader(load_config, runai_model_streamer=True)\n",
            "return ShardedStateLoader(load_config, runai_model_streamer=True)",
        ),
    ),
    (
        "#21067 accepted type removed",
        "a loader class passed as load_format",
        K(
            "#21067",
            LP,
            LPW,
            "vllm/aeon/lp3.py",
            "from vllm.config import LoadConfig\n"
            "from vllm.model_executor.model_loader import get_model_loader\n"
            "from vllm.model_executor.model_loader.default_loader import DefaultModelLoader\n\n\n"
            "class AeonLoader(DefaultModelLoader):\n"
            "    pass\n\n\n"
            "def aeon_loader():\n"
            "    return get_model_loader(LoadConfig(load_format=AeonLoader))\n",
            "return get_model_loader(LoadConfig(load_format=AeonLoader))",
        ),
    ),
    (
        "#21067 keyword removed",
        "twin: the sharded loader on its kept parameter",
        K(
            "#21067",
            LP,
            LPW,
            "vllm/aeon/lp4.py",
            "from vllm.config import LoadConfig\n"
            "from vllm.model_executor.model_loader.sharded_state_loader import ShardedStateLoader\n\n\n"
            "def aeon_sharded2(load_config: LoadConfig) -> ShardedStateLoader:\n"
            "    return ShardedStateLoader(load_config)\n",
            "return ShardedStateLoader(load_config)",
        ),
    ),
]

# --- #39612 (6635279d8a): GGUF moved to a plugin: GGUFModelLoader, the "gguf" load format and weight_utils'
#     gguf helpers removed
GG = "6635279d8a"
GGW = "GGUF loader moved to a plugin"
CASES += [
    (
        "#39612 loader and registry key removed",
        "an import of the removed loader",
        K(
            "#39612",
            GG,
            GGW,
            "vllm/aeon/gg1.py",
            "from vllm.model_executor.model_loader import GGUFModelLoader\n\n\n"
            "class AeonGGUFLoader(GGUFModelLoader):\n"
            "    # AEON: the Spark's llama.cpp exports\n"
            "    aeon_tag = 'gguf'\n",
            "from vllm.model_executor.model_loader import GGUFModelLoader",
        ),
    ),
    (
        "#39612 loader and registry key removed",
        "an import of a removed weight_utils helper",
        K(
            "#39612",
            GG,
            GGW,
            "vllm/aeon/gg2.py",
            "from vllm.model_executor.model_loader.weight_utils import gguf_quant_weights_iterator\n\n\n"
            "def aeon_gguf_names(path: str, name_map: dict[str, str]) -> list[str]:\n"
            "    return [name for name, _ in gguf_quant_weights_iterator(path, name_map)]\n",
            "from vllm.model_executor.model_loader.weight_utils import gguf_quant_weights_iterator",
        ),
    ),
    (
        "#39612 loader and registry key removed",
        "the removed load format string",
        K(
            "#39612",
            GG,
            GGW,
            "vllm/aeon/gg3.py",
            "from vllm.config import LoadConfig\n"
            "from vllm.model_executor.model_loader import get_model_loader\n\n\n"
            "def aeon_gguf_loader():\n"
            "    return get_model_loader(LoadConfig(load_format='gguf'))\n",
            "return get_model_loader(LoadConfig(load_format='gguf'))",
        ),
    ),
    (
        "#39612 loader and registry key removed",
        "twin: a kept weight_utils helper and load format",
        K(
            "#39612",
            GG,
            GGW,
            "vllm/aeon/gg4.py",
            "from vllm.config import LoadConfig\n"
            "from vllm.model_executor.model_loader import get_model_loader\n"
            "from vllm.model_executor.model_loader.weight_utils import safetensors_weights_iterator\n\n\n"
            "def aeon_st_loader():\n"
            "    return get_model_loader(LoadConfig(load_format='safetensors')), safetensors_weights_iterator\n",
            "return get_model_loader(LoadConfig(load_format='safetensors')), safetensors_weights_iterator",
        ),
    ),
]

# --- #37673 (a93a53f8a1): LoadConfig.safetensors_load_strategy defaults to None, not "lazy"
LS = "a93a53f8a1"
LSW = 'safetensors_load_strategy default "lazy" -> None'
LC = "from vllm.config.load import LoadConfig\n\n\n"
CASES += [
    (
        "#37673 default made None",
        "a string method on the defaulted field",
        K(
            "#37673",
            LS,
            LSW,
            "vllm/aeon/ls1.py",
            LC + "def aeon_strategy_tag(load_config: LoadConfig) -> str:\n"
            "    # AEON: the Spark's load log names the strategy\n"
            "    return load_config.safetensors_load_strategy.upper()\n",
            "return load_config.safetensors_load_strategy.upper()",
        ),
    ),
    (
        "#37673 default made None",
        "a comparison on a config built with every default",
        K(
            "#37673",
            LS,
            LSW,
            "vllm/aeon/ls2.py",
            LC + "def aeon_default_is_lazy() -> bool:\n    return LoadConfig().safetensors_load_strategy == 'lazy'\n",
            "return LoadConfig().safetensors_load_strategy == 'lazy'",
        ),
    ),
    (
        "#37673 default made None",
        "twin: a None-aware read",
        K(
            "#37673",
            LS,
            LSW,
            "vllm/aeon/ls3.py",
            LC + "def aeon_is_lazy(load_config: LoadConfig) -> bool:\n"
            "    return load_config.safetensors_load_strategy in (None, 'lazy')\n",
            "return load_config.safetensors_load_strategy in (None, 'lazy')",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-structured-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
