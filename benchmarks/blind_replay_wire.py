"""A blind replay of the wire, connector, parser, executor and build surfaces a fork is written against.

First-parent commits touching surfaces no other replay covers -- the engine-core wire (the msgspec
Structs of vllm/v1/engine/__init__.py, ``array_like=True``: a field inserted or removed moves every later
field's position, for a fork that builds them positionally or decodes the wire with its own mirror
Struct), the KV connector registry and the executor's KV output aggregator, the reasoning and tool-call
parsers (the abstract methods a fork's parser overrides, the parser classes a fork subclasses, the
constructor upstream's serving code calls), the executor and worker base classes (a property upstream
moved to the config, a hook it no longer calls, methods moved to the Ray wrapper), the scheduler output
dataclasses a fork's model runner reads (CachedRequestData, NewRequestData) and the build's CMake (a
kernel group a fork's CMake lines read, renamed) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), not from the engine's tests or the other replays.
Each is replayed under 1-3 fork spellings written the way fork code is written (a positional
construction, a fork mirror Struct that decodes the wire by position, ``getattr`` with a default, a
subclass override, a ``super()`` call, a lazy registration by module path, a nested connector config, a
CMake line in the fork's block), with twins (fork code the commit does not break).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at dbf0a1a): 23 caught, 3 warned, 5 missed of 31 (twins: 16
quiet, 1 of them warned, 0 false errors).  One of those misses was the replay's own: #17214's keyword call
named the call's first line, where the engine reports a removed keyword on its own line (an error there);
with the line corrected, 24 caught, 3 warned, 4 missed.  The misses: the two fork mirror Structs
(``array_like=True``) that decode EngineCoreRequest frames by position (#17214's removed field, #17045's
inserted one), #38029's tool-parser override ``__init__(self, tokenizer)`` that upstream's serving code now
constructs with ``(tokenizer, request.tools)``, #35328's ``self.execute_method(...)`` in a
WorkerWrapperBase subclass (the method moved to RayWorkerWrapper; ``__getattr__`` hands the name to the
worker, which has none).  Warned: #30201's MultiConnector entry naming the renamed connector (a name-drift
warning), and #45277's two CMake lines reading ``FP4_ARCHS``, which upstream no longer sets (only a
near-miss warning: the fork's kernel silently loses its sm_121a build).
After the killers41 widenings: 31 caught, 0 warned, 0 missed of 31 (twins: 19 quiet, 1 of them warned, 0
false errors; three twins were added with the widenings: a mirror of the leading fields upstream left in
place, a tool-parser override taking ``tools``, a RayWorkerWrapper subclass's ``self.execute_method``).
Caught now: a fork ``array_like`` Struct whose fields were, name for name, the leading fields of an upstream
``array_like`` class that upstream reshaped (wire mirror drift, layout drift); an ``__init__`` override left
behind when upstream gave its hierarchy's constructors a parameter and changed at least two of its own
subclasses alike (symbol drift: upstream constructs them generically with it); a member upstream moved
from a class with a ``__getattr__`` down to a subclass, called on an object that is not of that subclass
(symbol drift); an accepted value passed under the keyword or dict key that the file which dropped it read
it by (name drift: an error now); a CMake variable a fork line reads that upstream's CMake no longer sets
anywhere (CMake variable drift, name drift).
misses1 added #42892 (``KVCacheEvent`` no longer ``array_like``: KV events map-encoded), a shape no replay held: a
subscriber's positional mirror of ``BlockStored`` (``array_like`` inherited from the mirror's own base) and a
twin mirroring ``EventBatch`` (still an array).  Before the widening: 0 caught of 1 (the twin quiet); after
(wire mirror drift reads ``array_like`` through a base of the module and reports a mirror whose upstream
class went to names): 1 caught of 1, the twin quiet; the whole replay 32 caught, 0 warned, 0 missed of 32
(twins: 20 quiet, 1 of them warned, 0 false errors).

  python benchmarks/blind_replay_wire.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #17214 (df6f3ce883): EngineCoreRequest (msgspec, array_like) loses its second field ``prompt``
PR = "df6f3ce883"
PRW = "EngineCoreRequest.prompt removed: every later field moves up one position on the wire"
ER = (
    "import time\n\nfrom vllm.sampling_params import SamplingParams\nfrom vllm.v1.engine import EngineCoreRequest\n\n\n"
)
CASES += [
    (
        "#17214 wire struct field removed",
        "a positional construction",
        K(
            "#17214",
            PR,
            PRW,
            "vllm/aeon/wr1.py",
            ER + "def aeon_replay_request(rid: str, ids: list[int], params: SamplingParams) -> EngineCoreRequest:\n"
            "    # AEON: the DFlash replay harness feeds recorded prompts straight to the engine core\n"
            "    return EngineCoreRequest(rid, None, ids, None, None, None, params, None, time.time(), None)\n",
            "return EngineCoreRequest(rid, None, ids, None, None, None, params, None, time.time(), None)",
        ),
    ),
    (
        "#17214 wire struct field removed",
        "a fork mirror Struct decoding the wire by position",
        K(
            "#17214",
            PR,
            PRW,
            "vllm/aeon/wr2.py",
            "from typing import Any, Optional\n\nimport msgspec\n\n\n"
            "class AeonWireRequest(msgspec.Struct, array_like=True, omit_defaults=True, gc=False):  # type: ignore[call-arg]\n"
            "    # AEON: the router sidecar peeks at EngineCoreRequest frames without importing the engine\n"
            "    request_id: str\n"
            "    prompt: Optional[str]\n"
            "    prompt_token_ids: list[int]\n"
            "    mm_inputs: Optional[list[Any]]\n"
            "    mm_hashes: Optional[list[str]]\n"
            "    mm_placeholders: Optional[list[Any]]\n"
            "    sampling_params: Any\n"
            "    eos_token_id: Optional[int]\n"
            "    arrival_time: float\n"
            "    lora_request: Any\n"
            "    current_wave: int = 0\n\n\n"
            "AEON_DECODER = msgspec.msgpack.Decoder(AeonWireRequest)\n",
            "prompt: Optional[str]",
        ),
    ),
    (
        "#17214 wire struct field removed",
        "a keyword of the removed field",
        K(
            "#17214",
            PR,
            PRW,
            "vllm/aeon/wr3.py",
            ER + "def aeon_replay_kw(rid: str, ids: list[int], params: SamplingParams) -> EngineCoreRequest:\n"
            "    return EngineCoreRequest(\n"
            "        request_id=rid, prompt=None, prompt_token_ids=ids, mm_inputs=None, mm_hashes=None,\n"
            "        mm_placeholders=None, sampling_params=params, eos_token_id=None, arrival_time=time.time(),\n"
            "        lora_request=None)\n",
            "request_id=rid, prompt=None, prompt_token_ids=ids, mm_inputs=None, mm_hashes=None,",
        ),
    ),
    (
        "#17214 wire struct field removed",
        "twin: keywords of kept fields only",
        K(
            "#17214",
            PR,
            PRW,
            "vllm/aeon/wr4.py",
            ER + "def aeon_rid(request: EngineCoreRequest) -> str:\n"
            "    return request.request_id + str(len(request.prompt_token_ids))\n",
            "return request.request_id + str(len(request.prompt_token_ids))",
        ),
    ),
    (
        "#17214 wire struct field removed",
        "twin: a mirror Struct keyed by name (not array_like)",
        K(
            "#17214",
            PR,
            PRW,
            "vllm/aeon/wr5.py",
            "from typing import Optional\n\nimport msgspec\n\n\n"
            "class AeonWireSummary(msgspec.Struct, omit_defaults=True):  # type: ignore[call-arg]\n"
            "    request_id: str\n"
            "    prompt: Optional[str] = None\n"
            "    prompt_token_ids: list[int] = []\n",
            "prompt: Optional[str] = None",
        ),
    ),
]

# --- #17045 (77073c77bc): EngineCoreRequest gains a required ``cache_salt`` in front of ``current_wave``
CS = "77073c77bc"
CSW = "EngineCoreRequest.cache_salt inserted before current_wave (array_like)"
CASES += [
    (
        "#17045 wire struct field inserted before a defaulted one",
        "a positional construction passing the wave",
        K(
            "#17045",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            "import time\n\nfrom vllm.sampling_params import SamplingParams\nfrom vllm.v1.engine import EngineCoreRequest\n\n\n"
            "def aeon_dp_request(rid: str, ids: list[int], params: SamplingParams, wave: int) -> EngineCoreRequest:\n"
            "    return EngineCoreRequest(rid, ids, None, None, None, params, None, time.time(), None, wave)\n",
            "return EngineCoreRequest(rid, ids, None, None, None, params, None, time.time(), None, wave)",
        ),
    ),
    (
        "#17045 wire struct field inserted before a defaulted one",
        "a fork mirror Struct decoding the wire by position",
        K(
            "#17045",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            "from typing import Any, Optional\n\nimport msgspec\n\n\n"
            "class AeonWaveProbe(msgspec.Struct, array_like=True, omit_defaults=True):  # type: ignore[call-arg]\n"
            "    request_id: str\n"
            "    prompt_token_ids: list[int]\n"
            "    mm_inputs: Optional[list[Any]]\n"
            "    mm_hashes: Optional[list[str]]\n"
            "    mm_placeholders: Optional[list[Any]]\n"
            "    sampling_params: Any\n"
            "    eos_token_id: Optional[int]\n"
            "    arrival_time: float\n"
            "    lora_request: Any\n"
            "    current_wave: int = 0\n",
            "current_wave: int = 0",
        ),
    ),
    (
        "#17045 wire struct field inserted before a defaulted one",
        "twin: a mirror of the leading fields upstream left in place (added with the widening)",
        K(
            "#17045",
            CS,
            CSW,
            "vllm/aeon/cs4.py",
            "import msgspec\n\n\n"
            "class AeonPromptProbe(msgspec.Struct, array_like=True):  # type: ignore[call-arg]\n"
            "    request_id: str\n"
            "    prompt_token_ids: list[int]\n"
            "    mm_inputs: object\n",
            "mm_inputs: object",
        ),
    ),
    (
        "#17045 wire struct field inserted before a defaulted one",
        "twin: the wave by keyword",
        K(
            "#17045",
            CS,
            CSW,
            "vllm/aeon/cs3.py",
            "from vllm.v1.engine import EngineCoreRequest\n\n\n"
            "def aeon_rewave(request: EngineCoreRequest, wave: int) -> None:\n"
            "    request.current_wave = wave\n",
            "request.current_wave = wave",
        ),
    ),
]

# --- #23779 (69f46359dd): EngineCoreRequest's mm_kwargs / mm_hashes / mm_placeholders -> one mm_features
MF = "69f46359dd"
MFW = "EngineCoreRequest mm_kwargs, mm_hashes, mm_placeholders -> mm_features"
EQ = "from vllm.v1.engine import EngineCoreRequest\n\n\n"
CASES += [
    (
        "#23779 wire struct fields folded into one",
        "a read of a removed field",
        K(
            "#23779",
            MF,
            MFW,
            "vllm/aeon/mf1.py",
            EQ + "def aeon_image_hashes(request: EngineCoreRequest) -> list[str]:\n"
            "    # AEON: the omni image's encoder cache is keyed by the request's mm hashes\n"
            "    return list(request.mm_hashes or [])\n",
            "return list(request.mm_hashes or [])",
        ),
    ),
    (
        "#23779 wire struct fields folded into one",
        "getattr with a default",
        K(
            "#23779",
            MF,
            MFW,
            "vllm/aeon/mf2.py",
            EQ + "def aeon_has_images(request: EngineCoreRequest) -> bool:\n"
            '    return bool(getattr(request, "mm_placeholders", None))\n',
            'return bool(getattr(request, "mm_placeholders", None))',
        ),
    ),
    (
        "#23779 wire struct fields folded into one",
        "a positional construction",
        K(
            "#23779",
            MF,
            MFW,
            "vllm/aeon/mf3.py",
            "import time\n\nfrom vllm.sampling_params import SamplingParams\n"
            + EQ
            + "def aeon_text_request(rid: str, ids: list[int], params: SamplingParams) -> EngineCoreRequest:\n"
            "    return EngineCoreRequest(rid, ids, None, None, None, params, None, None, time.time(), None, None, None)\n",
            "return EngineCoreRequest(rid, ids, None, None, None, params, None, None, time.time(), None, None, None)",
        ),
    ),
    (
        "#23779 wire struct fields folded into one",
        "twin: a kept field",
        K(
            "#23779",
            MF,
            MFW,
            "vllm/aeon/mf4.py",
            EQ + "def aeon_salt(request: EngineCoreRequest) -> str | None:\n    return request.cache_salt\n",
            "return request.cache_salt",
        ),
    ),
]

# --- #37460 (d3af8c1831): EngineCoreOutput's num_cached_tokens / num_external_computed_tokens -> prefill_stats
PS = "d3af8c1831"
PSW = "EngineCoreOutput.num_cached_tokens / num_external_computed_tokens -> prefill_stats"
EO = "from vllm.v1.engine import EngineCoreOutput\n\n\n"
CASES += [
    (
        "#37460 wire struct counters replaced",
        "a read on a typed output",
        K(
            "#37460",
            PS,
            PSW,
            "vllm/aeon/ps1.py",
            EO + "def aeon_prefix_hits(output: EngineCoreOutput) -> int:\n"
            "    # AEON: the hybrid prefix-cache fix is judged by the cached-token counter\n"
            "    return output.num_cached_tokens\n",
            "return output.num_cached_tokens",
        ),
    ),
    (
        "#37460 wire struct counters replaced",
        "getattr with a 0 default (silently 0)",
        K(
            "#37460",
            PS,
            PSW,
            "vllm/aeon/ps2.py",
            EO + "def aeon_remote_tokens(output: EngineCoreOutput) -> int:\n"
            '    return getattr(output, "num_external_computed_tokens", 0)\n',
            'return getattr(output, "num_external_computed_tokens", 0)',
        ),
    ),
    (
        "#37460 wire struct counters replaced",
        "twin: a kept field",
        K(
            "#37460",
            PS,
            PSW,
            "vllm/aeon/ps3.py",
            EO + "def aeon_new_tokens(output: EngineCoreOutput) -> int:\n    return len(output.new_token_ids)\n",
            "return len(output.new_token_ids)",
        ),
    ),
]

# --- #30201 (4c6fd25880): SharedStorageConnector renamed ExampleConnector (registry name, module, class)
SS = "4c6fd25880"
SSW = "KV connector SharedStorageConnector -> ExampleConnector (name, module and class)"
CASES += [
    (
        "#30201 connector renamed in the factory",
        "a subclass of the connector",
        K(
            "#30201",
            SS,
            SSW,
            "vllm/aeon/ss1.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1.shared_storage_connector import SharedStorageConnector\n\n\n"
            "class AeonDiskConnector(SharedStorageConnector):\n"
            "    # AEON: spill NVFP4 KV pages to the Spark's NVMe between sessions\n"
            "    pass\n",
            "from vllm.distributed.kv_transfer.kv_connector.v1.shared_storage_connector import SharedStorageConnector",
        ),
    ),
    (
        "#30201 connector renamed in the factory",
        "a MultiConnector entry naming it",
        K(
            "#30201",
            SS,
            SSW,
            "vllm/aeon/ss2.py",
            "from vllm.config import KVTransferConfig\n\n\n"
            "def aeon_kv_config() -> KVTransferConfig:\n"
            "    return KVTransferConfig(\n"
            '        kv_connector="MultiConnector",\n'
            '        kv_role="kv_both",\n'
            '        kv_connector_extra_config={"connectors": [{"kv_connector": "SharedStorageConnector", "kv_role": "kv_both"}]},\n'
            "    )\n",
            'kv_connector_extra_config={"connectors": [{"kv_connector": "SharedStorageConnector", "kv_role": "kv_both"}]},',
        ),
    ),
    (
        "#30201 connector renamed in the factory",
        "twin: a kept connector name",
        K(
            "#30201",
            SS,
            SSW,
            "vllm/aeon/ss3.py",
            "from vllm.config import KVTransferConfig\n\n\n"
            "def aeon_lmcache() -> KVTransferConfig:\n"
            '    return KVTransferConfig(kv_connector="LMCacheConnectorV1", kv_role="kv_both")\n',
            'return KVTransferConfig(kv_connector="LMCacheConnectorV1", kv_role="kv_both")',
        ),
    ),
]

# --- #26734 (4dfdb821c8): Executor.init_kv_output_aggregator(finished_count) -> (connector);
#     KVOutputAggregator(world_size) -> (expected_finished_count) with from_connector()
KA = "4dfdb821c8"
KAW = "init_kv_output_aggregator(finished_count: int | None) -> (connector); KVOutputAggregator(world_size=) renamed"
CASES += [
    (
        "#26734 hook parameter retyped, constructor keyword renamed",
        "an executor override taking the old count",
        K(
            "#26734",
            KA,
            KAW,
            "vllm/aeon/ka1.py",
            "from vllm.distributed.kv_transfer.kv_connector.utils import KVOutputAggregator\n"
            "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
            "class AeonExecutor(MultiprocExecutor):\n"
            "    def init_kv_output_aggregator(self, finished_count: int | None) -> None:\n"
            "        # AEON: one Spark, one worker reports every transfer\n"
            "        self.kv_output_aggregator = KVOutputAggregator(finished_count or 1)\n",
            "def init_kv_output_aggregator(self, finished_count: int | None) -> None:",
        ),
    ),
    (
        "#26734 hook parameter retyped, constructor keyword renamed",
        "a keyword of the renamed parameter",
        K(
            "#26734",
            KA,
            KAW,
            "vllm/aeon/ka2.py",
            "from vllm.distributed.kv_transfer.kv_connector.utils import KVOutputAggregator\n\n\n"
            "def aeon_aggregator(world_size: int) -> KVOutputAggregator:\n"
            "    return KVOutputAggregator(world_size=world_size)\n",
            "return KVOutputAggregator(world_size=world_size)",
        ),
    ),
    (
        "#26734 hook parameter retyped, constructor keyword renamed",
        "twin: a positional count",
        K(
            "#26734",
            KA,
            KAW,
            "vllm/aeon/ka3.py",
            "from vllm.distributed.kv_transfer.kv_connector.utils import KVOutputAggregator\n\n\n"
            "def aeon_aggregator_pos(count: int) -> KVOutputAggregator:\n"
            "    return KVOutputAggregator(count)\n",
            "return KVOutputAggregator(count)",
        ),
    ),
]

# --- #27752 (d9ab1ad9d1): ReasoningParser.extract_reasoning_content(_streaming) -> extract_reasoning(_streaming)
RP = "d9ab1ad9d1"
RPW = "ReasoningParser.extract_reasoning_content -> extract_reasoning (and _streaming)"
RQ = (
    "from vllm.entrypoints.openai.protocol import ChatCompletionRequest\n"
    "from vllm.reasoning.qwen3_reasoning_parser import Qwen3ReasoningParser\n\n\n"
)
CASES += [
    (
        "#27752 parser hook renamed under an override",
        "an override of a concrete parser (no longer called)",
        K(
            "#27752",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            RQ + "class AeonQwen3ReasoningParser(Qwen3ReasoningParser):\n"
            "    def extract_reasoning_content(\n"
            "        self, model_output: str, request: ChatCompletionRequest\n"
            "    ) -> tuple[str | None, str | None]:\n"
            "        # AEON: the DFlash drafter emits a stray </think> on the first step; drop it\n"
            '        return super().extract_reasoning_content(model_output.replace("</think></think>", "</think>"), request)\n',
            "def extract_reasoning_content(",
        ),
    ),
    (
        "#27752 parser hook renamed under an override",
        "a call on a typed parser",
        K(
            "#27752",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            RQ
            + "def aeon_split(parser: Qwen3ReasoningParser, text: str, request: ChatCompletionRequest) -> str | None:\n"
            "    reasoning, _ = parser.extract_reasoning_content(text, request)\n"
            "    return reasoning\n",
            "reasoning, _ = parser.extract_reasoning_content(text, request)",
        ),
    ),
    (
        "#27752 parser hook renamed under an override",
        "twin: a kept hook overridden",
        K(
            "#27752",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            RQ + "class AeonQwen3EndParser(Qwen3ReasoningParser):\n"
            "    def is_reasoning_end(self, input_ids: list[int]) -> bool:\n"
            "        return super().is_reasoning_end(input_ids)\n",
            "def is_reasoning_end(self, input_ids: list[int]) -> bool:",
        ),
    ),
]

# --- #45588 (76a373eff4): the legacy Gemma4 tool and reasoning parsers deleted; "gemma4" now names engine ones
G4 = "76a373eff4"
G4W = "gemma4_tool_parser.Gemma4ToolParser and gemma4_reasoning_parser deleted; 'gemma4' re-pointed"
CASES += [
    (
        "#45588 parser module deleted under its registry name",
        "a subclass of the deleted parser",
        K(
            "#45588",
            G4,
            G4W,
            "vllm/aeon/g41.py",
            "from vllm.tool_parsers.gemma4_tool_parser import Gemma4ToolParser\n\n\n"
            "class AeonGemma4ToolParser(Gemma4ToolParser):\n"
            "    # AEON: Gemma-4-26B-A4B + DFlash emits tool calls split across draft blocks\n"
            "    pass\n",
            "from vllm.tool_parsers.gemma4_tool_parser import Gemma4ToolParser",
        ),
    ),
    (
        "#45588 parser module deleted under its registry name",
        "a lazy registration by module path",
        K(
            "#45588",
            G4,
            G4W,
            "vllm/aeon/g42.py",
            "from vllm.reasoning import ReasoningParserManager\n\n"
            "ReasoningParserManager.register_lazy_module(\n"
            '    "aeon_gemma4", "vllm.reasoning.gemma4_reasoning_parser", "Gemma4ReasoningParser"\n'
            ")\n",
            '"aeon_gemma4", "vllm.reasoning.gemma4_reasoning_parser", "Gemma4ReasoningParser"',
        ),
    ),
    (
        "#45588 parser module deleted under its registry name",
        "twin: the parser looked up by its kept name",
        K(
            "#45588",
            G4,
            G4W,
            "vllm/aeon/g43.py",
            "from vllm.tool_parsers import ToolParserManager\n\n\n"
            "def aeon_gemma4_parser() -> type:\n"
            '    return ToolParserManager.get_tool_parser("gemma4")\n',
            'return ToolParserManager.get_tool_parser("gemma4")',
        ),
    ),
]

# --- #38029 (e2db2b4234): ToolParser(tokenizer) -> ToolParser(tokenizer, tools); the serving code passes tools
TP = "e2db2b4234"
TPW = "the serving code constructs tool parsers as cls(tokenizer, request.tools)"
TH = "from vllm.tokenizers import TokenizerLike\nfrom vllm.tool_parsers.hermes_tool_parser import Hermes2ProToolParser\n\n\n"
CASES += [
    (
        "#38029 constructor called with one more argument",
        "an override taking only the tokenizer",
        K(
            "#38029",
            TP,
            TPW,
            "vllm/aeon/tp1.py",
            TH + "class AeonHermesToolParser(Hermes2ProToolParser):\n"
            "    def __init__(self, tokenizer: TokenizerLike):\n"
            "        super().__init__(tokenizer)\n"
            "        # AEON: Qwen3.6 emits <tool_call> without a newline after it\n"
            "        self.aeon_strict_newline = False\n",
            "def __init__(self, tokenizer: TokenizerLike):",
        ),
    ),
    (
        "#38029 constructor called with one more argument",
        "twin: an override taking the tools (added with the widening)",
        K(
            "#38029",
            TP,
            TPW,
            "vllm/aeon/tp3.py",
            TH + "class AeonHermesWithTools(Hermes2ProToolParser):\n"
            "    def __init__(self, tokenizer: TokenizerLike, tools: list | None = None):  # type: ignore[type-arg]\n"
            "        super().__init__(tokenizer)\n"
            "        self.aeon_tools = tools\n",
            "def __init__(self, tokenizer: TokenizerLike, tools: list | None = None):  # type: ignore[type-arg]",
        ),
    ),
    (
        "#38029 constructor called with one more argument",
        "twin: an override passing everything on",
        K(
            "#38029",
            TP,
            TPW,
            "vllm/aeon/tp2.py",
            TH + "class AeonHermesPassThrough(Hermes2ProToolParser):\n"
            "    def __init__(self, tokenizer: TokenizerLike, *args, **kwargs):  # type: ignore[no-untyped-def]\n"
            "        super().__init__(tokenizer, *args, **kwargs)\n",
            "def __init__(self, tokenizer: TokenizerLike, *args, **kwargs):  # type: ignore[no-untyped-def]",
        ),
    ),
]

# --- #44274 (cab5c9a2a9): Executor.max_concurrent_batches removed; the engine core reads VllmConfig's
MC = "cab5c9a2a9"
MCW = "Executor.max_concurrent_batches -> VllmConfig.max_concurrent_batches"
CASES += [
    (
        "#44274 executor property moved to the config",
        "an executor override no longer read",
        K(
            "#44274",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            "from functools import cached_property\n\nfrom vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
            "class AeonSparkExecutor(MultiprocExecutor):\n"
            "    @cached_property\n"
            "    def max_concurrent_batches(self) -> int:\n"
            "        # AEON: UMA has no room for a second batch in flight with the 27B drafter pair\n"
            "        return 1\n",
            "def max_concurrent_batches(self) -> int:",
        ),
    ),
    (
        "#44274 executor property moved to the config",
        "a read on a typed executor",
        K(
            "#44274",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            "from vllm.v1.executor.abstract import Executor\n\n\n"
            "def aeon_queue_depth(executor: Executor) -> int:\n"
            "    return executor.max_concurrent_batches\n",
            "return executor.max_concurrent_batches",
        ),
    ),
    (
        "#44274 executor property moved to the config",
        "twin: a kept executor method",
        K(
            "#44274",
            MC,
            MCW,
            "vllm/aeon/mc3.py",
            "from vllm.v1.executor.abstract import Executor\n\n\n"
            "def aeon_healthy(executor: Executor) -> None:\n    executor.check_health()\n",
            "executor.check_health()",
        ),
    ),
]

# --- #36521 (65b2f405dc): Worker.initialize_cache removed (never called), EngineCore._initialize_kv_caches
#     returns the config alone
IC = "65b2f405dc"
ICW = "Worker.initialize_cache removed; _initialize_kv_caches() -> KVCacheConfig (was a 3-tuple)"
CASES += [
    (
        "#36521 worker hook removed, returned tuple made one value",
        "a worker override calling super",
        K(
            "#36521",
            IC,
            ICW,
            "vllm/aeon/ic1.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonSparkWorker(Worker):\n"
            "    def initialize_cache(self, num_gpu_blocks: int, num_cpu_blocks: int) -> None:\n"
            "        # AEON: uma-negative-cudagraph-estimate-clamp needs the block count before capture\n"
            "        super().initialize_cache(num_gpu_blocks, num_cpu_blocks)\n"
            "        self.aeon_blocks = num_gpu_blocks\n",
            "super().initialize_cache(num_gpu_blocks, num_cpu_blocks)",
        ),
    ),
    (
        "#36521 worker hook removed, returned tuple made one value",
        "an engine-core subclass unpacking the old triple",
        K(
            "#36521",
            IC,
            ICW,
            "vllm/aeon/ic2.py",
            "from vllm.config import VllmConfig\nfrom vllm.v1.engine.core import EngineCore\n\n\n"
            "class AeonEngineCore(EngineCore):\n"
            "    def aeon_block_count(self, vllm_config: VllmConfig) -> int:\n"
            "        num_gpu_blocks, _, _ = self._initialize_kv_caches(vllm_config)\n"
            "        return num_gpu_blocks\n",
            "num_gpu_blocks, _, _ = self._initialize_kv_caches(vllm_config)",
        ),
    ),
    (
        "#36521 worker hook removed, returned tuple made one value",
        "twin: a kept worker hook overridden",
        K(
            "#36521",
            IC,
            ICW,
            "vllm/aeon/ic3.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonSparkWorkerDev(Worker):\n"
            "    def init_device(self):  # type: ignore[no-untyped-def]\n"
            "        super().init_device()\n",
            "super().init_device()",
        ),
    ),
]

# --- #35328 (16c472abe7): WorkerWrapperBase.execute_method / adjust_rank moved to RayWorkerWrapper
#     (WorkerWrapperBase.__getattr__ forwards other names to the worker)
WW = "16c472abe7"
WWW = "WorkerWrapperBase.execute_method / adjust_rank moved to RayWorkerWrapper"
WQ = "from vllm.v1.worker.worker_base import WorkerWrapperBase\n\n\n"
CASES += [
    (
        "#35328 wrapper methods moved to a subclass",
        "a call in a wrapper subclass",
        K(
            "#35328",
            WW,
            WWW,
            "vllm/aeon/ww1.py",
            WQ + "class AeonWorkerWrapper(WorkerWrapperBase):\n"
            "    def aeon_warmup(self) -> None:\n"
            '        self.execute_method("compile_or_warm_up_model")\n',
            'self.execute_method("compile_or_warm_up_model")',
        ),
    ),
    (
        "#35328 wrapper methods moved to a subclass",
        "a call on a typed wrapper",
        K(
            "#35328",
            WW,
            WWW,
            "vllm/aeon/ww2.py",
            WQ + "def aeon_remap(wrapper: WorkerWrapperBase, mapping: dict[int, int]) -> None:\n"
            "    wrapper.adjust_rank(mapping)\n",
            "wrapper.adjust_rank(mapping)",
        ),
    ),
    (
        "#35328 wrapper methods moved to a subclass",
        "twin: a kept wrapper method",
        K(
            "#35328",
            WW,
            WWW,
            "vllm/aeon/ww3.py",
            WQ + "def aeon_dev(wrapper: WorkerWrapperBase) -> None:\n    wrapper.init_device()\n",
            "wrapper.init_device()",
        ),
    ),
    (
        "#35328 wrapper methods moved to a subclass",
        "twin: a call in a subclass of the class it moved to (added with the widening)",
        K(
            "#35328",
            WW,
            WWW,
            "vllm/aeon/ww4.py",
            "from vllm.v1.executor.ray_utils import RayWorkerWrapper\n\n\n"
            "class AeonRayWrapper(RayWorkerWrapper):\n"
            "    def aeon_warmup(self) -> None:\n"
            '        self.execute_method("compile_or_warm_up_model")\n',
            'self.execute_method("compile_or_warm_up_model")',
        ),
    ),
]

# --- #31734 (32f4e4db00): CachedRequestData.resumed_from_preemption / resumed_req_token_ids removed
CR = "32f4e4db00"
CRW = "CachedRequestData.resumed_from_preemption / resumed_req_token_ids removed"
CQ = "from vllm.v1.core.sched.output import CachedRequestData, SchedulerOutput\n\n\n"
CASES += [
    (
        "#31734 scheduler output properties removed",
        "an index read through the scheduler output",
        K(
            "#31734",
            CR,
            CRW,
            "vllm/aeon/cr1.py",
            CQ + "def aeon_resumed(scheduler_output: SchedulerOutput, i: int) -> bool:\n"
            "    # AEON: is_valid_ctx must be rebuilt for a request resumed from preemption\n"
            "    return scheduler_output.scheduled_cached_reqs.resumed_from_preemption[i]\n",
            "return scheduler_output.scheduled_cached_reqs.resumed_from_preemption[i]",
        ),
    ),
    (
        "#31734 scheduler output properties removed",
        "getattr on a typed batch",
        K(
            "#31734",
            CR,
            CRW,
            "vllm/aeon/cr2.py",
            CQ + "def aeon_resumed_tokens(req_data: CachedRequestData) -> list[list[int] | None]:\n"
            '    return getattr(req_data, "resumed_req_token_ids", [])\n',
            'return getattr(req_data, "resumed_req_token_ids", [])',
        ),
    ),
    (
        "#31734 scheduler output properties removed",
        "twin: the kept set",
        K(
            "#31734",
            CR,
            CRW,
            "vllm/aeon/cr3.py",
            CQ + "def aeon_resumed_ok(req_data: CachedRequestData, req_id: str) -> bool:\n"
            "    return req_id in req_data.resumed_req_ids\n",
            "return req_id in req_data.resumed_req_ids",
        ),
    ),
]

# --- #24548 (0377802c20): NewRequestData's mm_kwargs / mm_hashes / mm_positions -> mm_features
NR = "0377802c20"
NRW = "NewRequestData mm_kwargs, mm_hashes, mm_positions -> mm_features"
NQ = "from vllm.v1.core.sched.output import NewRequestData\n\n\n"
CASES += [
    (
        "#24548 scheduler output fields folded into one",
        "a read of a removed field",
        K(
            "#24548",
            NR,
            NRW,
            "vllm/aeon/nr1.py",
            NQ + "def aeon_image_spans(new_req: NewRequestData) -> list[tuple[int, int]]:\n"
            "    return [(p.offset, p.length) for p in new_req.mm_positions]\n",
            "return [(p.offset, p.length) for p in new_req.mm_positions]",
        ),
    ),
    (
        "#24548 scheduler output fields folded into one",
        "a positional construction",
        K(
            "#24548",
            NR,
            NRW,
            "vllm/aeon/nr2.py",
            NQ + "def aeon_text_req(rid: str, ids: list[int], blocks: tuple[list[int], ...]) -> NewRequestData:\n"
            "    return NewRequestData(rid, ids, [], [], [], None, None, blocks, 0, None)\n",
            "return NewRequestData(rid, ids, [], [], [], None, None, blocks, 0, None)",
        ),
    ),
    (
        "#24548 scheduler output fields folded into one",
        "twin: keywords of kept fields",
        K(
            "#24548",
            NR,
            NRW,
            "vllm/aeon/nr3.py",
            NQ + "def aeon_blocks(new_req: NewRequestData) -> int:\n"
            "    return new_req.num_computed_tokens + len(new_req.prompt_token_ids)\n",
            "return new_req.num_computed_tokens + len(new_req.prompt_token_ids)",
        ),
    ),
]

# --- #45277 (78e7293bb1): CMake's FP4_ARCHS kernel group split into FP4_SM120_ARCHS and FP4_SM100_ARCHS
FP = "78e7293bb1"
FPW = "CMake kernel group FP4_ARCHS renamed FP4_SM120_ARCHS / FP4_SM100_ARCHS"
CM = "CMakeLists.txt"
SM120_FLAG = '    list(APPEND VLLM_GPU_FLAGS "-DENABLE_NVFP4_SM120=1")'
CASES += [
    (
        "#45277 CMake kernel group renamed",
        "the fork's source compiled for the old group",
        Killer(
            "#45277",
            FP,
            FPW,
            (
                Edit(
                    CM,
                    "    # AEON: NHD-safe NVFP4 KV split kernel, built where the SM12x NVFP4 kernels are\n"
                    '    set_gencode_flags_for_srcs(SRCS "csrc/aeon/nvfp4_kv_nhd_split.cu" CUDA_ARCHS "${FP4_ARCHS}")\n'
                    '    list(APPEND VLLM_STABLE_EXT_SRC "csrc/aeon/nvfp4_kv_nhd_split.cu")\n',
                    anchor=SM120_FLAG,
                ),
            ),
            ((CM, 'set_gencode_flags_for_srcs(SRCS "csrc/aeon/nvfp4_kv_nhd_split.cu" CUDA_ARCHS "${FP4_ARCHS}")'),),
        ),
    ),
    (
        "#45277 CMake kernel group renamed",
        "an IN_LIST test of the old group",
        Killer(
            "#45277",
            FP,
            FPW,
            (
                Edit(
                    CM,
                    '    if("12.1a" IN_LIST FP4_ARCHS)\n'
                    '      list(APPEND VLLM_GPU_FLAGS "-DAEON_SM121A_NVFP4_KV=1")\n'
                    "    endif()\n",
                    anchor=SM120_FLAG,
                ),
            ),
            ((CM, 'if("12.1a" IN_LIST FP4_ARCHS)'),),
        ),
    ),
    (
        "#45277 CMake kernel group renamed",
        "twin: the fork's own intersection of the build's archs",
        Killer(
            "#45277",
            FP,
            FPW,
            (
                Edit(
                    CM,
                    '    cuda_archs_loose_intersection(AEON_KV_ARCHS "12.1a" "${CUDA_ARCHS}")\n',
                    anchor=SM120_FLAG,
                ),
            ),
            ((CM, 'cuda_archs_loose_intersection(AEON_KV_ARCHS "12.1a" "${CUDA_ARCHS}")'),),
        ),
    ),
]


# --- #42892 (5b3807e862): KVCacheEvent (and so BlockStored, BlockRemoved, ...) no longer array_like: map encoded
KE = "5b3807e862"
KEW = "KV cache events switched from array to map encoding"
CASES += [
    (
        "#42892 wire struct made a map",
        "a subscriber's positional mirror of BlockStored",
        K(
            "#42892",
            KE,
            KEW,
            "vllm/aeon/ke1.py",
            "import msgspec\n\n\n"
            "class AeonKVEvent(msgspec.Struct, array_like=True, omit_defaults=True, gc=False, tag=True):\n"
            "    pass\n\n\n"
            "class BlockStored(AeonKVEvent):\n"
            "    block_hashes: list[bytes | int]\n"
            "    parent_block_hash: bytes | int | None\n"
            "    token_ids: list[int]\n"
            "    block_size: int\n",
            "    block_hashes: list[bytes | int]",
        ),
    ),
    (
        "#42892 wire struct made a map",
        "twin: a mirror of the batch, still an array",
        K(
            "#42892",
            KE,
            KEW,
            "vllm/aeon/ke2.py",
            "from typing import Any\n\nimport msgspec\n\n\n"
            "class AeonEventBatch(msgspec.Struct, array_like=True, omit_defaults=True, gc=False):\n"
            "    ts: float\n"
            "    events: list[Any]\n"
            "    data_parallel_rank: int | None = None\n",
            "    ts: float",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-wire-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
