"""A blind replay of the OpenAI-compatible server's protocol, serving hooks and parser contracts a fork patches.

9 first-parent commits on the surface a fork that serves through the OpenAI-compatible frontend carries code
against -- the pydantic request models' fields and defaults (``guided_*`` removed in favour of
``structured_outputs``, ``logits_processors`` removed with ``to_sampling_params``' ``logits_processor_pattern``,
``StreamOptions.include_usage`` defaulting to False, ``BatchChatCompletionRequest``'s sampling defaults made
None), the serving hooks a fork overrides or calls (``_preprocess_chat`` returning two values, not three), the
tool and reasoning parser contracts (the tool parsers moved to ``vllm.tool_parsers``, ``qwen3xml_tool_parser``
deleted, ``get_structural_tag`` now called with ``reasoning=``, a reasoning parser now constructed with
``model_config=``), and the launcher's knobs (``--disable-frontend-multiprocessing`` and its keyword removed,
``EngineArgs.guided_decoding_backend`` removed) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (a read off a request typed as the model, a keyword, a positional
argument, a ``set_defaults`` key, an import of a moved or deleted module, an override without the keyword the
caller now passes, a tuple unpacked, a model built on its defaults), with twins (fork code the commit does not
break).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on
their line.

Blind, on the engine before any widening (main at da056f0d): 11 caught, 1 warned, 5 missed of 17 (twins: 9
quiet, 1 of them warned, 0 false errors).  The misses: #37612's
``parser.set_defaults(disable_frontend_multiprocessing=True)`` (a namespace key of an option upstream removed everywhere: argparse keeps it, nothing
reads it), #37848's two (a fork parser's ``__init__`` without ``**kwargs``, where the base's signature is
unchanged but its body now reads ``kwargs.get("model_config")`` and the render path passes it: TypeError),
and #36379's two (``StreamOptions.include_usage`` default True -> False under a fork's ``StreamOptions()``
built with every default, assigned, or read through ``(stream_options or StreamOptions()).include_usage``).
#47597's ``request.temperature < 1e-5`` (a default made None) is the default-drift warning, as designed.
After the killers54 widenings: 15 caught, 1 warned, 1 missed of 17 (twins: 9 quiet, 1 of them warned, 0 false
errors).  Caught now: a key a base's body (or a base it hands ``**kwargs`` to through ``super()``) now reads
off its ``**kwargs`` that a fork override, ``__init__`` too, takes neither by name nor in ``**kwargs``
(symbol drift); a ``set_defaults`` key of an option no served upstream file spells any more (symbol drift,
dead knobs); a read of a flipped literal default off an instance the fork's line builds with every default,
also as an ``or`` fallback (default drift, an error now).  Left: ``request.stream_options = StreamOptions()``,
a pydantic model built on its defaults and handed on, with no read in the fork's code to tie to the field.
After killers60 (one spelling and one twin of #36379 added): 17 caught, 1 warned, 0 missed of 18 (twins: 10
quiet, 1 of them warned, 0 false errors).
Caught now: a model built on a default upstream changed and handed on (assigned, passed, returned) where an
upstream file outside its tests reads the field (default drift, ``drift/handed_defaults.py``).

  python benchmarks/blind_replay_openai.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #29326 (316c8492bf): the deprecated guided_* request fields and EngineArgs.guided_decoding_* removed
GD = "316c8492bf"
GDW = "guided_* request fields and EngineArgs.guided_decoding_backend removed"
CASES += [
    (
        "#29326 request field removed",
        "a read off a request typed as the model",
        K(
            "#29326",
            GD,
            GDW,
            "vllm/aeon/gd1.py",
            "from vllm.entrypoints.openai.protocol import ChatCompletionRequest\n\n\n"
            "def aeon_wants_json(request: ChatCompletionRequest) -> bool:\n"
            "    # AEON: GB10's xgrammar build is slow on huge schemas; the router counts them\n"
            "    return request.guided_json is not None\n",
            "return request.guided_json is not None",
        ),
    ),
    (
        "#29326 request field removed",
        "a launcher keyword to EngineArgs",
        K(
            "#29326",
            GD,
            GDW,
            "vllm/aeon/gd2.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_engine_args(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, guided_decoding_backend='xgrammar')\n",
            "return EngineArgs(model=model, guided_decoding_backend='xgrammar')",
        ),
    ),
    (
        "#29326 request field removed",
        "twin: the structured_outputs field kept",
        K(
            "#29326",
            GD,
            GDW,
            "vllm/aeon/gd3.py",
            "from vllm.entrypoints.openai.protocol import ChatCompletionRequest\n\n\n"
            "def aeon_is_structured(request: ChatCompletionRequest) -> bool:\n"
            "    return request.structured_outputs is not None\n",
            "return request.structured_outputs is not None",
        ),
    ),
]

# --- #37612 (9040151fe1): --disable-frontend-multiprocessing removed (BaseFrontendArgs field, the keyword of
#     build_async_engine_client(_from_engine_args))
FM = "9040151fe1"
FMW = "disable_frontend_multiprocessing removed"
API = (
    "from vllm.engine.arg_utils import AsyncEngineArgs\n"
    "from vllm.entrypoints.openai.api_server import build_async_engine_client_from_engine_args\n"
    "from vllm.usage.usage_lib import UsageContext\n\n\n"
)
CASES += [
    (
        "#37612 launcher keyword removed",
        "a keyword to the engine-client builder",
        K(
            "#37612",
            FM,
            FMW,
            "vllm/aeon/fm1.py",
            API + "async def aeon_probe(engine_args: AsyncEngineArgs) -> int:\n"
            "    # AEON: the Spark's health probe runs the engine in-process\n"
            "    async with build_async_engine_client_from_engine_args(engine_args, disable_frontend_multiprocessing=True) as engine:\n"
            "        return len(await engine.get_supported_tasks())\n",
            "async with build_async_engine_client_from_engine_args(engine_args, disable_frontend_multiprocessing=True) as engine:",
        ),
    ),
    (
        "#37612 launcher keyword removed",
        "a set_defaults key on the server's parser",
        K(
            "#37612",
            FM,
            FMW,
            "vllm/aeon/fm2.py",
            "from vllm.entrypoints.openai.cli_args import make_arg_parser\n"
            "from vllm.utils.argparse_utils import FlexibleArgumentParser\n\n\n"
            "def aeon_parser() -> FlexibleArgumentParser:\n"
            "    parser = make_arg_parser(FlexibleArgumentParser())\n"
            "    parser.set_defaults(disable_frontend_multiprocessing=True)\n"
            "    return parser\n",
            "parser.set_defaults(disable_frontend_multiprocessing=True)",
        ),
    ),
    (
        "#37612 launcher keyword removed",
        "twin: the usage_context keyword kept",
        K(
            "#37612",
            FM,
            FMW,
            "vllm/aeon/fm3.py",
            API + "async def aeon_probe2(engine_args: AsyncEngineArgs) -> int:\n"
            "    async with build_async_engine_client_from_engine_args(engine_args, usage_context=UsageContext.OPENAI_API_SERVER) as engine:\n"
            "        return len(await engine.get_supported_tasks())\n",
            "async with build_async_engine_client_from_engine_args(engine_args, usage_context=UsageContext.OPENAI_API_SERVER) as engine:",
        ),
    ),
]

# --- #30675 (2a1776b7ac): vllm/entrypoints/openai/tool_parsers/ moved to vllm/tool_parsers/ (the package keeps
#     a __getattr__ shim for ToolParser / ToolParserManager only)
TP = "2a1776b7ac"
TPW = "tool parsers moved to vllm.tool_parsers"
CASES += [
    (
        "#30675 parser module moved",
        "an import of a parser's submodule",
        K(
            "#30675",
            TP,
            TPW,
            "vllm/aeon/tp1.py",
            "from vllm.entrypoints.openai.tool_parsers.hermes_tool_parser import Hermes2ProToolParser\n\n\n"
            "class AeonHermesToolParser(Hermes2ProToolParser):\n"
            "    # AEON: our fine-tune closes tool calls with a trailing newline\n"
            "    tool_call_end_token: str = '</tool_call>\\n'\n",
            "from vllm.entrypoints.openai.tool_parsers.hermes_tool_parser import Hermes2ProToolParser",
        ),
    ),
    (
        "#30675 parser module moved",
        "an import of the abstract base's submodule",
        K(
            "#30675",
            TP,
            TPW,
            "vllm/aeon/tp2.py",
            "from vllm.entrypoints.openai.tool_parsers.abstract_tool_parser import ToolParser, ToolParserManager\n\n\n"
            "@ToolParserManager.register_module('aeon_xml')\n"
            "class AeonXmlToolParser(ToolParser):\n"
            "    pass\n",
            "from vllm.entrypoints.openai.tool_parsers.abstract_tool_parser import ToolParser, ToolParserManager",
        ),
    ),
    (
        "#30675 parser module moved",
        "twin: the package's shimmed name",
        K(
            "#30675",
            TP,
            TPW,
            "vllm/aeon/tp3.py",
            "from vllm.entrypoints.openai.tool_parsers import ToolParserManager\n\n"
            "AEON_PARSERS = ToolParserManager.tool_parsers\n",
            "from vllm.entrypoints.openai.tool_parsers import ToolParserManager",
        ),
    ),
]

# --- #37848 (70ed01550c): the render path constructs the reasoning parser with model_config=...
RC = "70ed01550c"
RCW = "reasoning parser constructed with model_config="
CASES += [
    (
        "#37848 new keyword to an override",
        "a parser's __init__ without **kwargs",
        K(
            "#37848",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            "from vllm.reasoning import ReasoningParser, ReasoningParserManager\n"
            "from vllm.tokenizers import TokenizerLike\n\n\n"
            "@ReasoningParserManager.register_module('aeon_think')\n"
            "class AeonThinkParser(ReasoningParser):\n"
            "    def __init__(self, tokenizer: TokenizerLike):\n"
            "        super().__init__(tokenizer)\n"
            "        self.aeon_end = self.vocab.get('</think>')\n",
            "def __init__(self, tokenizer: TokenizerLike):",
        ),
    ),
    (
        "#37848 new keyword to an override",
        "a subclass of a shipped parser without **kwargs",
        K(
            "#37848",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            "from vllm.reasoning.deepseek_r1_reasoning_parser import DeepSeekR1ReasoningParser\n"
            "from vllm.tokenizers import TokenizerLike\n\n\n"
            "class AeonR1Parser(DeepSeekR1ReasoningParser):\n"
            "    def __init__(self, tokenizer: TokenizerLike, *args):\n"
            "        super().__init__(tokenizer, *args)\n"
            "        self.aeon_seen = 0\n",
            "def __init__(self, tokenizer: TokenizerLike, *args):",
        ),
    ),
    (
        "#37848 new keyword to an override",
        "twin: an __init__ forwarding **kwargs",
        K(
            "#37848",
            RC,
            RCW,
            "vllm/aeon/rc3.py",
            "from vllm.reasoning import ReasoningParser\n"
            "from vllm.tokenizers import TokenizerLike\n\n\n"
            "class AeonThinkParserKw(ReasoningParser):\n"
            "    def __init__(self, tokenizer: TokenizerLike, *args, **kwargs):\n"
            "        super().__init__(tokenizer, *args, **kwargs)\n",
            "def __init__(self, tokenizer: TokenizerLike, *args, **kwargs):",
        ),
    ),
]

# --- #45003 (2043258dec): ToolParser.get_structural_tag now called with reasoning=...; qwen3xml_tool_parser
#     deleted (the qwen3_xml name now registers Qwen3CoderToolParser)
ST = "2043258dec"
STW = "get_structural_tag(request, reasoning=...); qwen3xml_tool_parser deleted"
TPB = (
    "from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest\n"
    "from vllm.tool_parsers.abstract_tool_parser import ToolParser\n\n\n"
)
CASES += [
    (
        "#45003 new keyword to an override",
        "an override without the reasoning keyword",
        K(
            "#45003",
            ST,
            STW,
            "vllm/aeon/st1.py",
            TPB + "class AeonStrictToolParser(ToolParser):\n"
            "    def get_structural_tag(self, request: ChatCompletionRequest):\n"
            "        # AEON: no structural tags on the Spark's xgrammar build\n"
            "        return None\n",
            "def get_structural_tag(self, request: ChatCompletionRequest):",
        ),
    ),
    (
        "#45003 new keyword to an override",
        "an import of the deleted parser module",
        K(
            "#45003",
            ST,
            STW,
            "vllm/aeon/st2.py",
            "from vllm.tool_parsers.qwen3xml_tool_parser import Qwen3XMLToolParser\n\n\n"
            "class AeonQwenXml(Qwen3XMLToolParser):\n"
            "    pass\n",
            "from vllm.tool_parsers.qwen3xml_tool_parser import Qwen3XMLToolParser",
        ),
    ),
    (
        "#45003 new keyword to an override",
        "twin: an adjust_request override",
        K(
            "#45003",
            ST,
            STW,
            "vllm/aeon/st3.py",
            TPB + "class AeonAdjustToolParser(ToolParser):\n"
            "    def adjust_request(self, request):\n"
            "        request = super().adjust_request(request)\n"
            "        return request\n",
            "request = super().adjust_request(request)",
        ),
    ),
]

# --- #34400 (fb455ed547): per-request logits processors removed: the request field, to_sampling_params'
#     logits_processor_pattern parameter, ModelConfig.logits_processor_pattern
LP = "fb455ed547"
LPW = "logits_processors / logits_processor_pattern removed"
CASES += [
    (
        "#34400 parameter removed",
        "a positional call with the old middle argument",
        K(
            "#34400",
            LP,
            LPW,
            "vllm/aeon/lp1.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest\n"
            "from vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_params(request: ChatCompletionRequest, model_config: ModelConfig, defaults: dict) -> SamplingParams:\n"
            "    # AEON: GB10 caps max_tokens at 8k for the shared-memory KV budget\n"
            "    return request.to_sampling_params(8192, model_config.logits_processor_pattern, defaults)\n",
            "return request.to_sampling_params(8192, model_config.logits_processor_pattern, defaults)",
        ),
    ),
    (
        "#34400 parameter removed",
        "a read of the removed request field",
        K(
            "#34400",
            LP,
            LPW,
            "vllm/aeon/lp2.py",
            "from vllm.entrypoints.openai.completion.protocol import CompletionRequest\n\n\n"
            "def aeon_has_custom_lp(request: CompletionRequest) -> bool:\n"
            "    return bool(request.logits_processors)\n",
            "return bool(request.logits_processors)",
        ),
    ),
    (
        "#34400 parameter removed",
        "twin: a read of a kept field",
        K(
            "#34400",
            LP,
            LPW,
            "vllm/aeon/lp3.py",
            "from vllm.entrypoints.openai.completion.protocol import CompletionRequest\n\n\n"
            "def aeon_wants_logprobs(request: CompletionRequest) -> bool:\n"
            "    return request.logprobs is not None\n",
            "return request.logprobs is not None",
        ),
    ),
]

# --- #36379 (bc2c0c86ef): StreamOptions.include_usage default True -> False
SO = "bc2c0c86ef"
SOW = "StreamOptions.include_usage default True -> False"
SOI = "from vllm.entrypoints.openai.engine.protocol import StreamOptions\n\n\n"
CASES += [
    (
        "#36379 default flipped",
        "a model built on the flipped default",
        K(
            "#36379",
            SO,
            SOW,
            "vllm/aeon/so1.py",
            SOI + "def aeon_force_usage(request) -> None:\n"
            "    # AEON: the Spark's billing meter reads the usage chunk of every stream\n"
            "    if request.stream and request.stream_options is None:\n"
            "        request.stream_options = StreamOptions()\n",
            "request.stream_options = StreamOptions()",
        ),
    ),
    (
        "#36379 default flipped",
        "the default read through a fallback instance",
        K(
            "#36379",
            SO,
            SOW,
            "vllm/aeon/so2.py",
            SOI + "def aeon_reports_usage(stream_options: StreamOptions | None) -> bool:\n"
            "    return bool((stream_options or StreamOptions()).include_usage)\n",
            "return bool((stream_options or StreamOptions()).include_usage)",
        ),
    ),
    (
        "#36379 default flipped",
        "a model built on the flipped default, passed to the request",
        K(
            "#36379",
            SO,
            SOW,
            "vllm/aeon/so4.py",
            "from vllm.entrypoints.openai.engine import protocol\n\n\n"
            "def aeon_stream_kwargs(stream: bool) -> dict:\n"
            "    # AEON: the gateway's billing meter wants the usage chunk, per-chunk stats on too\n"
            "    return {'stream': stream, 'stream_options': protocol.StreamOptions(continuous_usage_stats=True)}\n",
            "    return {'stream': stream, 'stream_options': protocol.StreamOptions(continuous_usage_stats=True)}",
        ),
    ),
    (
        "#36379 default flipped",
        "twin: the model built from the client's own options",
        K(
            "#36379",
            SO,
            SOW,
            "vllm/aeon/so5.py",
            SOI + "def aeon_options(given: dict) -> StreamOptions:\n    return StreamOptions(**given)\n",
            "return StreamOptions(**given)",
        ),
    ),
    (
        "#36379 default flipped",
        "twin: the flag passed explicitly",
        K(
            "#36379",
            SO,
            SOW,
            "vllm/aeon/so3.py",
            SOI + "def aeon_force_usage2(request) -> None:\n"
            "    request.stream_options = StreamOptions(include_usage=True)\n",
            "request.stream_options = StreamOptions(include_usage=True)",
        ),
    ),
]

# --- #30612 (dcb31196da): RequestPrompt removed; OpenAIServing._preprocess_chat returns
#     (conversation, engine_prompts), no longer (conversation, request_prompts, engine_prompts)
RP = "dcb31196da"
RPW = "_preprocess_chat returns two values; RequestPrompt removed"
CHAT = "from vllm.entrypoints.openai.serving_chat import OpenAIServingChat\n\n\n"
CASES += [
    (
        "#30612 returned tuple shrank",
        "a hook's three-way unpack in a subclass",
        K(
            "#30612",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            CHAT + "class AeonServingChat(OpenAIServingChat):\n"
            "    async def aeon_render(self, request, tokenizer):\n"
            "        # AEON: the Spark's prompt cache keys on the rendered prompt\n"
            "        conversation, request_prompts, engine_prompts = await self._preprocess_chat(request, tokenizer, request.messages, None, 'auto')\n"
            "        return request_prompts[0]\n",
            "conversation, request_prompts, engine_prompts = await self._preprocess_chat(request, tokenizer, request.messages, None, 'auto')",
        ),
    ),
    (
        "#30612 returned tuple shrank",
        "an import of the removed alias",
        K(
            "#30612",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            "from vllm.entrypoints.openai.serving_engine import RequestPrompt, is_text_tokens_prompt\n\n\n"
            "def aeon_prompt_text(prompt: RequestPrompt) -> str:\n"
            "    return prompt['prompt'] if is_text_tokens_prompt(prompt) else ''\n",
            "from vllm.entrypoints.openai.serving_engine import RequestPrompt, is_text_tokens_prompt",
        ),
    ),
    (
        "#30612 returned tuple shrank",
        "twin: the unpack's head only",
        K(
            "#30612",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            CHAT + "class AeonServingChat2(OpenAIServingChat):\n"
            "    async def aeon_conv(self, request, tokenizer):\n"
            "        rendered = await self._preprocess_chat(request, tokenizer, request.messages, None, 'auto')\n"
            "        return rendered[0]\n",
            "rendered = await self._preprocess_chat(request, tokenizer, request.messages, None, 'auto')",
        ),
    ),
]

# --- #47597 (d2afe39647): BatchChatCompletionRequest's temperature/top_p/min_p/repetition_penalty default None
BD = "d2afe39647"
BDW = "BatchChatCompletionRequest sampling defaults -> None"
BCR = "from vllm.entrypoints.openai.chat_completion.protocol import BatchChatCompletionRequest\n\n\n"
CASES += [
    (
        "#47597 default made None",
        "arithmetic on the defaulted field",
        K(
            "#47597",
            BD,
            BDW,
            "vllm/aeon/bd1.py",
            BCR + "def aeon_is_greedy(request: BatchChatCompletionRequest) -> bool:\n"
            "    # AEON: greedy batches go to the Spark's CUDA-graph lane\n"
            "    return request.temperature < 1e-5\n",
            "return request.temperature < 1e-5",
        ),
    ),
    (
        "#47597 default made None",
        "twin: a None-guarded read",
        K(
            "#47597",
            BD,
            BDW,
            "vllm/aeon/bd2.py",
            BCR + "def aeon_is_greedy2(request: BatchChatCompletionRequest) -> bool:\n"
            "    return request.temperature is not None and request.temperature < 1e-5\n",
            "return request.temperature is not None and request.temperature < 1e-5",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-openai-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
