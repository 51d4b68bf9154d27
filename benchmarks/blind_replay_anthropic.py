"""A blind replay of the other API front ends and their protocol helpers a fork's serving code carries.

10 first-parent commits on ``vllm/entrypoints/anthropic/`` (the Anthropic Messages server, its protocol and
serving classes), the harmony message helpers (``vllm/entrypoints/openai/parser/harmony_utils.py``), the
conversation contexts (``vllm/entrypoints/context.py``, later ``vllm/entrypoints/openai/responses/context.py``),
``vllm/entrypoints/openai/completion/`` and the Responses protocol and its tool helpers -- the names a fork's
front end, usage accounting or tool plumbing is written against: the standalone Anthropic server module
deleted (#27882), the Anthropic serving module, the completion serving module and ``CompletionRequest`` moved
(#32369), the serving base module moved and its class renamed (#47498), ``TurnTokens`` renamed ``TurnMetrics``
with ``HarmonyContext.current_turn``/``previous_turn`` gone (#25061), ``flatten_chat_text_content`` renamed
(#44330), ``_get_cached_tokens`` removed and ``_build_anthropic_usage`` cut to one parameter (#48535),
``ParsableContext``'s ``reasoning_parser_cls``/``tool_parser_cls`` merged into ``parser_cls`` (#42977),
``ParsableContext.parser_instance`` renamed ``response_parser`` (#46030), ``ResponsesRequest``'s
``function_call_parsing`` validator renamed (#41355), and ``convert_tool_responses_to_completions_format``
returning a pydantic model instead of a dict (#50334) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (an import, a module attribute, a call on the class, a keyword call, a
subclass's ``self.``/``super()`` use, a read off a receiver typed as the class, a subscript of a helper's
return), with twins (fork code the commit does not break: the kept module, class, helper or attribute).  The
merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at fa537d07): 20 caught, 2 warned, 1 missed of 23 (twins: 10
quiet, 0 false errors).  The warned: #42977's keyword call, whose error landed on the removed
``reasoning_parser_cls=`` keyword's line where it belongs (the spelling marked the call's first line; re-marked
to the keyword's line after the blind run), and #50334's ``converted.get(...)`` on a local bound to the helper's
result (a warning: the engine read the new class off the local but could not tell the old value was no such
class).  The miss: #50334's ``convert_tool_responses_to_completions_format(tool)["function"]["name"]``, a
subscript of a result upstream turned from a ``dict`` into a pydantic model (no drift class read a builtin
mapping made one of the project's classes).
After the killers142 widening: 23 caught, 0 warned, 0 missed of 23 (twins: 12 quiet, 0 false errors; #50334's
two twins, the model's ``.function.name`` and a ``for`` over the model, added with it).  Caught now: a mapping
made a record (``drift/unmapped.py``, under symbol drift's result uses): a function annotated as a mapping at
the base returns one of the project's classes, and the fork indexes the result, takes ``len()`` of it, iterates
it or calls a dict method on it, where the class's whole order is known to lack that.  Regression set at the
widening's head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30,
23 twins), blind_replay_responses 22 caught, 3 warned of 25 (13 quiet, 0 false), blind_replay_openai 17
caught, 1 warned of 18 (10 quiet, 0 false), blind_replay_chatutils 18 caught, 2 warned of 20 (12 quiet, 0
false), ``symbol_precision.py --windows 1``: 0 false errors.

  python benchmarks/blind_replay_anthropic.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #27882 (1e88fb751b): the standalone Anthropic server module deleted (its routes joined the OpenAI server)
AS = "1e88fb751b"
ASW = "vllm/entrypoints/anthropic/api_server.py deleted"
CASES += [
    (
        "#27882 module deleted",
        "a from-import of a function",
        K(
            "#27882",
            AS,
            ASW,
            "vllm/aeon/as1.py",
            "from vllm.entrypoints.anthropic.api_server import build_app\n\n\n"
            "def aeon_messages_app(args):\n"
            "    # AEON: the Spark's coding agents speak the Messages API on their own port\n"
            "    return build_app(args)\n",
            "from vllm.entrypoints.anthropic.api_server import build_app",
        ),
    ),
    (
        "#27882 module deleted",
        "a module attribute off a package import",
        K(
            "#27882",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            "from vllm.entrypoints.anthropic import api_server as messages_server\n\n\n"
            "async def aeon_serve_messages(args) -> None:\n"
            "    await messages_server.run_server(args)\n",
            "from vllm.entrypoints.anthropic import api_server as messages_server",
        ),
    ),
    (
        "#27882 module deleted",
        "twin: the serving class kept",
        K(
            "#27882",
            AS,
            ASW,
            "vllm/aeon/as3.py",
            "from vllm.entrypoints.anthropic.serving_messages import AnthropicServingMessages\n\n\n"
            "def aeon_is_messages(handler: object) -> bool:\n"
            "    return isinstance(handler, AnthropicServingMessages)\n",
            "from vllm.entrypoints.anthropic.serving_messages import AnthropicServingMessages",
        ),
    ),
]

# --- #32369 (4c1c501a7e): anthropic/serving_messages.py -> anthropic/serving.py, serving_completion.py ->
# completion/serving.py, CompletionRequest off engine/protocol.py
MV = "4c1c501a7e"
MVW = "the Anthropic and completion serving modules and CompletionRequest moved"
CASES += [
    (
        "#32369 modules moved",
        "a from-import of the Anthropic serving class",
        K(
            "#32369",
            MV,
            MVW,
            "vllm/aeon/mv1.py",
            "from vllm.entrypoints.anthropic.serving_messages import AnthropicServingMessages\n\n\n"
            "class AeonMessages(AnthropicServingMessages):\n"
            "    # AEON: the Spark's agents get a fixed system prompt prefix\n"
            "    aeon_prefix = 'You run on a DGX Spark.'\n",
            "from vllm.entrypoints.anthropic.serving_messages import AnthropicServingMessages",
        ),
    ),
    (
        "#32369 modules moved",
        "a from-import of a request class",
        K(
            "#32369",
            MV,
            MVW,
            "vllm/aeon/mv2.py",
            "from vllm.entrypoints.openai.engine.protocol import CompletionRequest\n\n\n"
            "def aeon_prompt_len(request: CompletionRequest) -> int:\n"
            "    return len(request.prompt) if isinstance(request.prompt, list) else 1\n",
            "from vllm.entrypoints.openai.engine.protocol import CompletionRequest",
        ),
    ),
    (
        "#32369 modules moved",
        "a module import of the completion server",
        K(
            "#32369",
            MV,
            MVW,
            "vllm/aeon/mv3.py",
            "import vllm.entrypoints.openai.serving_completion as completion_serving\n\n\n"
            "def aeon_completion_cls() -> type:\n"
            "    return completion_serving.OpenAIServingCompletion\n",
            "import vllm.entrypoints.openai.serving_completion as completion_serving",
        ),
    ),
    (
        "#32369 modules moved",
        "twin: a protocol class kept",
        K(
            "#32369",
            MV,
            MVW,
            "vllm/aeon/mv4.py",
            "from vllm.entrypoints.openai.engine.protocol import ErrorResponse\n\n\n"
            "def aeon_is_error(obj: object) -> bool:\n"
            "    return isinstance(obj, ErrorResponse)\n",
            "from vllm.entrypoints.openai.engine.protocol import ErrorResponse",
        ),
    ),
]

# --- #47498 (a14f57a3ac): openai/engine/serving.py -> generate/base/serving.py, OpenAIServing -> GenerateBaseServing
BS = "a14f57a3ac"
BSW = "openai/engine/serving.py moved to generate/base/serving.py"
CASES += [
    (
        "#47498 module moved",
        "a from-import of a helper",
        K(
            "#47498",
            BS,
            BSW,
            "vllm/aeon/bs1.py",
            "from vllm.entrypoints.openai.engine.serving import clamp_prompt_logprobs\n\n\n"
            "def aeon_prompt_logprobs(prompt_logprobs):\n"
            "    # AEON: GB10 clients choke on -inf in the completion's prompt logprobs\n"
            "    return clamp_prompt_logprobs(prompt_logprobs)\n",
            "from vllm.entrypoints.openai.engine.serving import clamp_prompt_logprobs",
        ),
    ),
    (
        "#47498 module moved",
        "a from-import of the base class",
        K(
            "#47498",
            BS,
            BSW,
            "vllm/aeon/bs2.py",
            "from vllm.entrypoints.openai.engine.serving import OpenAIServing\n\n\n"
            "def aeon_is_generating(handler: object) -> bool:\n"
            "    return isinstance(handler, OpenAIServing)\n",
            "from vllm.entrypoints.openai.engine.serving import OpenAIServing",
        ),
    ),
    (
        "#47498 module moved",
        "twin: the completion serving class kept",
        K(
            "#47498",
            BS,
            BSW,
            "vllm/aeon/bs3.py",
            "from vllm.entrypoints.openai.completion.serving import OpenAIServingCompletion\n\n\n"
            "def aeon_is_completion(handler: object) -> bool:\n"
            "    return isinstance(handler, OpenAIServingCompletion)\n",
            "from vllm.entrypoints.openai.completion.serving import OpenAIServingCompletion",
        ),
    ),
]

# --- #25061 (0512c04aee): TurnTokens -> TurnMetrics; HarmonyContext.current_turn/previous_turn removed
TT = "0512c04aee"
TTW = "TurnTokens renamed TurnMetrics, HarmonyContext.current_turn/previous_turn gone"
CTX = "from vllm.entrypoints.context import HarmonyContext\n\n\n"
CASES += [
    (
        "#25061 class renamed",
        "a from-import of the class",
        K(
            "#25061",
            TT,
            TTW,
            "vllm/aeon/tt1.py",
            "from vllm.entrypoints.context import TurnTokens\n\n\n"
            "def aeon_empty_turn():\n"
            "    return TurnTokens(0, 0)\n",
            "from vllm.entrypoints.context import TurnTokens",
        ),
    ),
    (
        "#25061 attribute removed",
        "a subclass's self. read",
        K(
            "#25061",
            TT,
            TTW,
            "vllm/aeon/tt2.py",
            CTX + "class AeonHarmonyContext(HarmonyContext):\n"
            "    def aeon_last_turn_tokens(self) -> int:\n"
            "        # AEON: the Spark's billing counts each tool turn apart\n"
            "        return self.previous_turn.input_tokens + self.previous_turn.output_tokens\n",
            "return self.previous_turn.input_tokens + self.previous_turn.output_tokens",
        ),
    ),
    (
        "#25061 attribute removed",
        "a read off a receiver typed as the class",
        K(
            "#25061",
            TT,
            TTW,
            "vllm/aeon/tt3.py",
            CTX + "def aeon_turn_input(ctx: HarmonyContext) -> int:\n    return ctx.current_turn.input_tokens\n",
            "return ctx.current_turn.input_tokens",
        ),
    ),
    (
        "#25061 attribute removed",
        "twin: a kept counter",
        K(
            "#25061",
            TT,
            TTW,
            "vllm/aeon/tt4.py",
            CTX + "def aeon_tool_tokens(ctx: HarmonyContext) -> int:\n"
            "    return ctx.num_tool_output_tokens + ctx.num_reasoning_tokens\n",
            "return ctx.num_tool_output_tokens + ctx.num_reasoning_tokens",
        ),
    ),
]

# --- #44330 (703fb17b13): harmony_utils.flatten_chat_text_content -> flatten_input_text_content
FL = "703fb17b13"
FLW = "flatten_chat_text_content renamed flatten_input_text_content"
CASES += [
    (
        "#44330 function renamed",
        "a from-import",
        K(
            "#44330",
            FL,
            FLW,
            "vllm/aeon/fl1.py",
            "from vllm.entrypoints.openai.parser.harmony_utils import flatten_chat_text_content\n\n\n"
            "def aeon_instructions(msg: dict) -> str:\n"
            "    # AEON: the Spark's system prompt is prepended to the developer message\n"
            "    return flatten_chat_text_content(msg.get('content')) or ''\n",
            "from vllm.entrypoints.openai.parser.harmony_utils import flatten_chat_text_content",
        ),
    ),
    (
        "#44330 function renamed",
        "a module attribute call",
        K(
            "#44330",
            FL,
            FLW,
            "vllm/aeon/fl2.py",
            "from vllm.entrypoints.openai.parser import harmony_utils\n\n\n"
            "def aeon_text(content: str | list | None) -> str:\n"
            "    return harmony_utils.flatten_chat_text_content(content) or ''\n",
            "return harmony_utils.flatten_chat_text_content(content) or ''",
        ),
    ),
    (
        "#44330 function renamed",
        "twin: a kept helper",
        K(
            "#44330",
            FL,
            FLW,
            "vllm/aeon/fl3.py",
            "from vllm.entrypoints.openai.parser import harmony_utils\n\n\n"
            "def aeon_user(text: str):\n"
            "    return harmony_utils.get_user_message(text)\n",
            "return harmony_utils.get_user_message(text)",
        ),
    ),
]

# --- #48535 (a287eb163f): anthropic serving's _get_cached_tokens removed; _build_anthropic_usage(prompt_tokens,
# completion_tokens, usage) -> _build_anthropic_usage(usage)
AU = "a287eb163f"
AUW = "_get_cached_tokens removed, _build_anthropic_usage takes the usage only"
CASES += [
    (
        "#48535 function removed",
        "a from-import",
        K(
            "#48535",
            AU,
            AUW,
            "vllm/aeon/au1.py",
            "from vllm.entrypoints.anthropic.serving import _get_cached_tokens\n\n\n"
            "def aeon_cache_hits(usage) -> int:\n"
            "    # AEON: the Spark's prefix cache dashboard reads the hits per request\n"
            "    return _get_cached_tokens(usage) or 0\n",
            "from vllm.entrypoints.anthropic.serving import _get_cached_tokens",
        ),
    ),
    (
        "#48535 parameters removed",
        "a positional call",
        K(
            "#48535",
            AU,
            AUW,
            "vllm/aeon/au2.py",
            "from vllm.entrypoints.anthropic.serving import _build_anthropic_usage\n\n\n"
            "def aeon_usage(usage):\n"
            "    return _build_anthropic_usage(usage.prompt_tokens, usage.completion_tokens, usage)\n",
            "return _build_anthropic_usage(usage.prompt_tokens, usage.completion_tokens, usage)",
        ),
    ),
    (
        "#48535 parameters removed",
        "a keyword call",
        K(
            "#48535",
            AU,
            AUW,
            "vllm/aeon/au3.py",
            "from vllm.entrypoints.anthropic import serving as anthropic_serving\n\n\n"
            "def aeon_first_usage(prompt_tokens: int):\n"
            "    return anthropic_serving._build_anthropic_usage(prompt_tokens=prompt_tokens, completion_tokens=0, usage=None)\n",
            "return anthropic_serving._build_anthropic_usage(prompt_tokens=prompt_tokens, completion_tokens=0, usage=None)",
        ),
    ),
    (
        "#48535 parameters removed",
        "twin: a kept helper",
        K(
            "#48535",
            AU,
            AUW,
            "vllm/aeon/au4.py",
            "from vllm.entrypoints.anthropic.serving import wrap_data_with_event\n\n\n"
            "def aeon_ping_event() -> str:\n"
            "    return wrap_data_with_event('{}', 'ping')\n",
            "return wrap_data_with_event('{}', 'ping')",
        ),
    ),
]

# --- #42977 (e30313220c): ParsableContext's reasoning_parser_cls/tool_parser_cls -> parser_cls
PC = "e30313220c"
PCW = "ParsableContext(reasoning_parser_cls=, tool_parser_cls=) -> parser_cls="
PCX = "from vllm.entrypoints.openai.responses.context import ParsableContext\n\n\n"
CASES += [
    (
        "#42977 parameters renamed",
        "a keyword call on the class",
        K(
            "#42977",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            PCX + "def aeon_context(request, tokenizer, reasoning_cls, tool_cls, template, fmt):\n"
            "    # AEON: the Spark's agents always run the fork's tool parser\n"
            "    return ParsableContext(\n"
            "        response_messages=[],\n"
            "        tokenizer=tokenizer,\n"
            "        reasoning_parser_cls=reasoning_cls,\n"
            "        request=request,\n"
            "        available_tools=None,\n"
            "        tool_parser_cls=tool_cls,\n"
            "        chat_template=template,\n"
            "        chat_template_content_format=fmt,\n"
            "    )\n",
            # the error lands on the removed keyword's line (the blind run marked the call's first line)
            "        reasoning_parser_cls=reasoning_cls,",
        ),
    ),
    (
        "#42977 attribute removed",
        "a subclass's self. read",
        K(
            "#42977",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            PCX + "class AeonParsableContext(ParsableContext):\n"
            "    def aeon_parses_tools(self) -> bool:\n"
            "        return self.tool_parser_cls is not None\n",
            "return self.tool_parser_cls is not None",
        ),
    ),
    (
        "#42977 attribute removed",
        "twin: a kept attribute",
        K(
            "#42977",
            PC,
            PCW,
            "vllm/aeon/pc3.py",
            PCX + "class AeonParsableContext2(ParsableContext):\n"
            "    def aeon_has_python(self) -> bool:\n"
            "        return 'python' in self.available_tools\n",
            "return 'python' in self.available_tools",
        ),
    ),
]

# --- #46030 (3ce5823762): ParsableContext.parser_instance -> response_parser
PI = "3ce5823762"
PIW = "ParsableContext.parser_instance renamed response_parser"
CASES += [
    (
        "#46030 attribute renamed",
        "a subclass's self. call",
        K(
            "#46030",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            PCX + "class AeonParsableContext3(ParsableContext):\n"
            "    def aeon_reparse(self, text: str):\n"
            "        # AEON: the Spark's retries reparse the raw text after a tool error\n"
            "        return self.parser_instance.parse(text, self.request, enable_auto_tools=True)\n",
            "return self.parser_instance.parse(text, self.request, enable_auto_tools=True)",
        ),
    ),
    (
        "#46030 attribute renamed",
        "a read off a receiver typed as the class",
        K(
            "#46030",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            PCX + "def aeon_has_parser(ctx: ParsableContext) -> bool:\n    return ctx.parser_instance is not None\n",
            "return ctx.parser_instance is not None",
        ),
    ),
    (
        "#46030 attribute renamed",
        "twin: a kept attribute",
        K(
            "#46030",
            PI,
            PIW,
            "vllm/aeon/pi3.py",
            PCX + "def aeon_auto_tools(ctx: ParsableContext) -> bool:\n"
            "    return ctx.enable_auto_tools and ctx.tool_call_id_type == 'random'\n",
            "return ctx.enable_auto_tools and ctx.tool_call_id_type == 'random'",
        ),
    ),
]

# --- #41355 (c7aa186d67): ResponsesRequest.function_call_parsing -> input_item_parsing
FC = "c7aa186d67"
FCW = "ResponsesRequest.function_call_parsing renamed input_item_parsing"
RQ = "from pydantic import model_validator\n\nfrom vllm.entrypoints.openai.responses.protocol import ResponsesRequest\n\n\n"
CASES += [
    (
        "#41355 validator renamed",
        "a call on the class",
        K(
            "#41355",
            FC,
            FCW,
            "vllm/aeon/fc1.py",
            RQ + "def aeon_normalize_input(data: dict) -> dict:\n"
            "    # AEON: the Spark's router normalizes a replayed request before it picks a replica\n"
            "    return ResponsesRequest.function_call_parsing(data)\n",
            "return ResponsesRequest.function_call_parsing(data)",
        ),
    ),
    (
        "#41355 validator renamed",
        "a subclass's cls. call",
        K(
            "#41355",
            FC,
            FCW,
            "vllm/aeon/fc2.py",
            RQ + "class AeonResponsesRequest(ResponsesRequest):\n"
            "    @model_validator(mode='before')\n"
            "    @classmethod\n"
            "    def aeon_parse_calls(cls, data):\n"
            "        data = cls.function_call_parsing(data)\n"
            "        return data\n",
            "data = cls.function_call_parsing(data)",
        ),
    ),
    (
        "#41355 validator renamed",
        "twin: a kept validator",
        K(
            "#41355",
            FC,
            FCW,
            "vllm/aeon/fc3.py",
            RQ + "def aeon_check_prompt(data: dict) -> dict:\n    return ResponsesRequest.validate_prompt(data)\n",
            "return ResponsesRequest.validate_prompt(data)",
        ),
    ),
]

# --- #50334 (e8b358b4c0): convert_tool_responses_to_completions_format returns a ChatCompletionToolsParam, not a dict
CT = "e8b358b4c0"
CTW = "convert_tool_responses_to_completions_format dict -> ChatCompletionToolsParam"
RU = "from vllm.entrypoints.openai.responses.utils import construct_tool_dicts, convert_tool_responses_to_completions_format\n\n\n"
CASES += [
    (
        "#50334 return type changed",
        "a subscript of the return",
        K(
            "#50334",
            CT,
            CTW,
            "vllm/aeon/ct1.py",
            RU + "def aeon_tool_name(tool: dict) -> str:\n"
            "    # AEON: the Spark's tool allow-list is keyed by function name\n"
            "    return convert_tool_responses_to_completions_format(tool)['function']['name']\n",
            "return convert_tool_responses_to_completions_format(tool)['function']['name']",
        ),
    ),
    (
        "#50334 return type changed",
        "a dict method on a local",
        K(
            "#50334",
            CT,
            CTW,
            "vllm/aeon/ct2.py",
            RU + "def aeon_tool_function(tool: dict) -> dict:\n"
            "    converted = convert_tool_responses_to_completions_format(tool)\n"
            "    return converted.get('function', {})\n",
            "return converted.get('function', {})",
        ),
    ),
    (
        "#50334 return type changed",
        "twin: the list of dicts kept",
        K(
            "#50334",
            CT,
            CTW,
            "vllm/aeon/ct3.py",
            RU + "def aeon_tool_names(tools, tool_choice) -> list[str]:\n"
            "    return [d['function']['name'] for d in construct_tool_dicts(tools, tool_choice) or []]\n",
            "return [d['function']['name'] for d in construct_tool_dicts(tools, tool_choice) or []]",
        ),
    ),
    # two twins added after the blind run, with the widening: the model's new spelling, and a for over it
    # (a pydantic model iterates its fields)
    (
        "#50334 return type changed",
        "twin: the model's fields",
        K(
            "#50334",
            CT,
            CTW,
            "vllm/aeon/ct4.py",
            RU + "def aeon_tool_name2(tool: dict) -> str:\n"
            "    return convert_tool_responses_to_completions_format(tool).function.name\n",
            "return convert_tool_responses_to_completions_format(tool).function.name",
        ),
    ),
    (
        "#50334 return type changed",
        "twin: a for over the model",
        K(
            "#50334",
            CT,
            CTW,
            "vllm/aeon/ct5.py",
            RU + "def aeon_tool_fields(tool: dict) -> list:\n"
            "    return [field for field in convert_tool_responses_to_completions_format(tool)]\n",
            "return [field for field in convert_tool_responses_to_completions_format(tool)]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-anthropic-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
