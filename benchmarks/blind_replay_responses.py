"""A blind replay of the Responses API, its harmony helpers, tool server, contexts and renderer a fork extends.

15 first-parent commits (12, then 3 in a second blind batch) on the surface a fork that serves the Responses API carries code against --
``OpenAIServingResponses`` and its helpers (``_make_store_not_supported_error`` removed,
``_construct_input_messages`` moved out to a module function), the harmony helpers (the Responses-only
parsers moved to ``responses/harmony.py``, ``get_stop_tokens_for_assistant_actions`` removed), the
conversation contexts (``vllm.entrypoints.context`` and ``tool_server`` moved under ``openai/responses`` and
``mcp``, ``StreamingHarmonyContext`` deleted and ``HarmonyContext``'s ``function_tool_names`` made required),
the parser seam (``responses_parser.py`` deleted, ``Parser.extract_response_outputs`` removed), the tool
server contract (``new_session`` now called with a ``session_id``, ``get_tool_description`` with
``allowed_tools``), the renderer (``render_prompt``'s knobs folded into ``config=RenderConfig``) and
``vllm/entrypoints/utils.py`` deleted -- picked by scanning those paths' diffs (``git log --first-parent
-p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way
fork code is written (an import of a moved or deleted name, a module attribute call, a subclass override the
caller now passes more to, a call on a typed receiver, a call on ``self`` of a removed helper, a keyword the
callee dropped, a constructor without a now-required argument), with twins (fork code the commit does not
break).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on
their line.

Blind, on the engine before any widening (main at 112480b0): 18 caught, 1 warned, 0 missed of 19 (twins: 10
quiet, 1 of them warned, 0 false errors).  The warned one is #45431's ``class X(responses_parser.ResponsesParser)``
under ``from vllm.entrypoints.openai.parser import responses_parser``: the error lands on the import line (the
module is deleted), not on the base-class line.  The twin warned is #29224's ``get_tool_description(self,
tool_name, *args, **kwargs)`` forwarding ``tool_name`` positionally to a base whose first parameter upstream
renamed ``server_label`` (a rename warning by design).
Batch 2 (3 more commits, written after batch 1's run and committed before its own, blind too): 3 caught, 3
warned, 0 missed of 6 (twins: 3 quiet, 0 false errors).  Warned: #28333's concrete ``ConversationContext``
subclass lacking the new abstract ``append_tool_output`` (a warning by design: nothing in the tree builds the
class, and dead fork classes were false errors before; an error also lands on its ``append_output`` line,
which upstream's caller no longer routes tool output to); #34036's keyword call ``get_max_tokens(...,
request=request, ...)`` (the error lands on the keyword's own line, not the call's first line); and #34036's
positional ``get_max_tokens(max_model_len, request, n, defaults)`` (a rename warning only: the old
annotation, ``"CompletionRequest | ChatCompletionRequest | ResponsesRequest"``, is a union, so no one old kind
told the engine the slot was retyped to ``int``).
After killers85's widening (drift/union_slots.py: a slot renamed and retyped from a union of classes of the
tree to a plain scalar none of them is, under an argument spelled as the old parameter, is an error):
22 caught, 3 warned, 0 missed of 25 (twins: 13 quiet, 1 of them warned, 0 false errors); the positional
#34036 call is caught.  Each of the three warned spellings has an error elsewhere in its file.
Regression set after the widening: killer_replay 26/26, kind_change_replay 12/12, blind_replay_openai 17
caught/1 warned/0 missed (0 false), blind_replay_serving 29/5/0 (0 false), review15/16/17_twins 0 false errors;
symbol_precision window 0: 0 false errors (windows 1-2 not run: out of time).

  python benchmarks/blind_replay_responses.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #36726 (d5080aeaa4): OpenAIServingResponses._make_store_not_supported_error removed as dead code
SE = "d5080aeaa4"
SEW = "OpenAIServingResponses._make_store_not_supported_error removed"
RSV = "from vllm.entrypoints.openai.responses.serving import OpenAIServingResponses\n\n\n"
CASES += [
    (
        "#36726 helper method removed",
        "a call on self of the removed helper",
        K(
            "#36726",
            SE,
            SEW,
            "vllm/aeon/se1.py",
            RSV + "class AeonServingResponses(OpenAIServingResponses):\n"
            "    async def aeon_retrieve(self, response_id: str):\n"
            "        # AEON: the Spark pods keep no response store\n"
            "        return self._make_store_not_supported_error()\n",
            "return self._make_store_not_supported_error()",
        ),
    ),
    (
        "#36726 helper method removed",
        "twin: a kept helper on self",
        K(
            "#36726",
            SE,
            SEW,
            "vllm/aeon/se2.py",
            RSV + "class AeonServingResponses2(OpenAIServingResponses):\n"
            "    async def aeon_retrieve(self, response_id: str):\n"
            "        return self.create_error_response(f'no store for {response_id}')\n",
            "return self.create_error_response(f'no store for {response_id}')",
        ),
    ),
]

# --- #35339 (186ea22efe): the Responses-only harmony helpers moved to responses/harmony.py (renamed too)
HM = "186ea22efe"
HMW = "parse_output_message & co moved out of parser/harmony_utils"
CASES += [
    (
        "#35339 helpers moved out of a module",
        "an import of a moved helper",
        K(
            "#35339",
            HM,
            HMW,
            "vllm/aeon/hm1.py",
            "from vllm.entrypoints.openai.parser.harmony_utils import parse_output_message\n\n\n"
            "def aeon_items(message):\n"
            "    return parse_output_message(message)\n",
            "from vllm.entrypoints.openai.parser.harmony_utils import parse_output_message",
        ),
    ),
    (
        "#35339 helpers moved out of a module",
        "a module attribute call of a moved helper",
        K(
            "#35339",
            HM,
            HMW,
            "vllm/aeon/hm2.py",
            "from vllm.entrypoints.openai.parser import harmony_utils\n\n\n"
            "def aeon_prev(request):\n"
            "    # AEON: the router replays a previous turn on another pod\n"
            "    return harmony_utils.parse_response_input(request.input[0], [])\n",
            "return harmony_utils.parse_response_input(request.input[0], [])",
        ),
    ),
    (
        "#35339 helpers moved out of a module",
        "twin: a kept helper imported",
        K(
            "#35339",
            HM,
            HMW,
            "vllm/aeon/hm3.py",
            "from vllm.entrypoints.openai.parser.harmony_utils import get_system_message\n\n\n"
            "def aeon_sys():\n"
            "    return get_system_message()\n",
            "return get_system_message()",
        ),
    ),
]

# --- #45431 (6e4a547176): responses_parser.py (ResponsesParser and its factory) deleted
RP = "6e4a547176"
RPW = "parser/responses_parser.py deleted"
CASES += [
    (
        "#45431 module deleted",
        "an import of the deleted factory",
        K(
            "#45431",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            "from vllm.entrypoints.openai.parser.responses_parser import get_responses_parser_for_simple_context\n\n\n"
            "def aeon_parser(**kw):\n"
            "    return get_responses_parser_for_simple_context(**kw)\n",
            "from vllm.entrypoints.openai.parser.responses_parser import get_responses_parser_for_simple_context",
        ),
    ),
    (
        "#45431 module deleted",
        "a subclass of the deleted class",
        K(
            "#45431",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            "from vllm.entrypoints.openai.parser import responses_parser\n\n\n"
            "class AeonResponsesParser(responses_parser.ResponsesParser):\n"
            "    pass\n",
            "class AeonResponsesParser(responses_parser.ResponsesParser):",
        ),
    ),
    (
        "#45431 module deleted",
        "twin: the context module kept",
        K(
            "#45431",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            "from vllm.entrypoints.openai.responses.context import SimpleContext\n\n\n"
            "def aeon_ctx():\n"
            "    return SimpleContext\n",
            "from vllm.entrypoints.openai.responses.context import SimpleContext",
        ),
    ),
]

# --- #44009 (46409fd2a1): harmony_utils.get_stop_tokens_for_assistant_actions removed
ST = "46409fd2a1"
STW = "get_stop_tokens_for_assistant_actions removed"
CASES += [
    (
        "#44009 function removed",
        "a module attribute call",
        K(
            "#44009",
            ST,
            STW,
            "vllm/aeon/st1.py",
            "from vllm.entrypoints.openai.parser import harmony_utils\n\n\n"
            "def aeon_stop_ids() -> list[int]:\n"
            "    # AEON: the Spark's sampler stops on the assistant actions too\n"
            "    return harmony_utils.get_stop_tokens_for_assistant_actions()\n",
            "return harmony_utils.get_stop_tokens_for_assistant_actions()",
        ),
    ),
    (
        "#44009 function removed",
        "twin: a kept module attribute",
        K(
            "#44009",
            ST,
            STW,
            "vllm/aeon/st2.py",
            "from vllm.entrypoints.openai.parser import harmony_utils\n\n\n"
            "def aeon_parser():\n"
            "    return harmony_utils.get_streamable_parser_for_assistant()\n",
            "return harmony_utils.get_streamable_parser_for_assistant()",
        ),
    ),
]

# --- #32396 (707b44cc28): tool_server/tool -> entrypoints/mcp, context -> openai/responses, no shims
MV = "707b44cc28"
MVW = "tool_server.py and context.py moved"
CASES += [
    (
        "#32396 modules moved",
        "an import of the moved tool server",
        K(
            "#32396",
            MV,
            MVW,
            "vllm/aeon/mv1.py",
            "from vllm.entrypoints.tool_server import ToolServer\n\n\nclass AeonToolServer(ToolServer):\n    pass\n",
            "from vllm.entrypoints.tool_server import ToolServer",
        ),
    ),
    (
        "#32396 modules moved",
        "a module import of the moved context",
        K(
            "#32396",
            MV,
            MVW,
            "vllm/aeon/mv2.py",
            "import vllm.entrypoints.context as ctx\n\n\n"
            "def aeon_is_harmony(c) -> bool:\n"
            "    return isinstance(c, ctx.HarmonyContext)\n",
            "import vllm.entrypoints.context as ctx",
        ),
    ),
    (
        "#32396 modules moved",
        "twin: the responses serving module kept",
        K(
            "#32396",
            MV,
            MVW,
            "vllm/aeon/mv3.py",
            RSV + "def aeon_cls():\n    return OpenAIServingResponses\n",
            "from vllm.entrypoints.openai.responses.serving import OpenAIServingResponses",
        ),
    ),
]

# --- #29359 (a685b47c57): OpenAIServingResponses._construct_input_messages moved to responses_utils
CI = "a685b47c57"
CIW = "_construct_input_messages -> responses_utils.construct_input_messages"
OSR = "from vllm.entrypoints.openai.serving_responses import OpenAIServingResponses\n\n\n"
CASES += [
    (
        "#29359 method moved to a module function",
        "an override the caller no longer calls",
        K(
            "#29359",
            CI,
            CIW,
            "vllm/aeon/ci1.py",
            OSR + "class AeonServingResponses(OpenAIServingResponses):\n"
            "    def _construct_input_messages(self, request, prev_response=None):\n"
            "        # AEON: prepend the fleet's system prompt\n"
            "        msgs = super()._construct_input_messages(request, prev_response)\n"
            "        return [{'role': 'system', 'content': 'aeon'}] + msgs\n",
            "def _construct_input_messages(self, request, prev_response=None):",
        ),
    ),
    (
        "#29359 method moved to a module function",
        "a call on self of the moved method",
        K(
            "#29359",
            CI,
            CIW,
            "vllm/aeon/ci2.py",
            OSR + "class AeonServingResponses2(OpenAIServingResponses):\n"
            "    def aeon_count(self, request) -> int:\n"
            "        return len(self._construct_input_messages(request))\n",
            "return len(self._construct_input_messages(request))",
        ),
    ),
    (
        "#29359 method moved to a module function",
        "twin: an override of a kept hook",
        K(
            "#29359",
            CI,
            CIW,
            "vllm/aeon/ci3.py",
            OSR + "class AeonServingResponses3(OpenAIServingResponses):\n"
            "    def _validate_create_responses_input(self, request):\n"
            "        return super()._validate_create_responses_input(request)\n",
            "def _validate_create_responses_input(self, request):",
        ),
    ),
]

# --- #47185 (b1190d03cc): StreamingHarmonyContext deleted; HarmonyContext.function_tool_names required
HC = "b1190d03cc"
HCW = "StreamingHarmonyContext deleted, function_tool_names required"
CASES += [
    (
        "#47185 class deleted",
        "an import of the deleted context",
        K(
            "#47185",
            HC,
            HCW,
            "vllm/aeon/hc1.py",
            "from vllm.entrypoints.openai.responses.context import StreamingHarmonyContext\n\n\n"
            "class AeonStreamingContext(StreamingHarmonyContext):\n"
            "    pass\n",
            "from vllm.entrypoints.openai.responses.context import StreamingHarmonyContext",
        ),
    ),
    (
        "#47185 default removed",
        "a constructor call without the now-required argument",
        K(
            "#47185",
            HC,
            HCW,
            "vllm/aeon/hc2.py",
            "from vllm.entrypoints.openai.responses.context import HarmonyContext\n\n\n"
            "def aeon_context(messages, tools, parser):\n"
            "    return HarmonyContext(messages, tools, response_parser=parser)\n",
            "return HarmonyContext(messages, tools, response_parser=parser)",
        ),
    ),
    (
        "#47185 default removed",
        "twin: the argument passed",
        K(
            "#47185",
            HC,
            HCW,
            "vllm/aeon/hc3.py",
            "from vllm.entrypoints.openai.responses.context import HarmonyContext\n\n\n"
            "def aeon_context2(messages, tools, parser):\n"
            "    return HarmonyContext(messages, tools, frozenset(), response_parser=parser)\n",
            "return HarmonyContext(messages, tools, frozenset(), response_parser=parser)",
        ),
    ),
]

# --- #45190 (3a04061701): Parser.extract_response_outputs removed (build_response_output_items instead)
XR = "3a04061701"
XRW = "Parser.extract_response_outputs removed"
CASES += [
    (
        "#45190 method removed",
        "a call on a typed receiver",
        K(
            "#45190",
            XR,
            XRW,
            "vllm/aeon/xr1.py",
            "from vllm.parser.abstract_parser import Parser\n\n\n"
            "def aeon_items(parser: Parser, text: str, ids, request):\n"
            "    return parser.extract_response_outputs(\n"
            "        model_output=text, model_output_token_ids=ids, request=request\n"
            "    )\n",
            "return parser.extract_response_outputs(",
        ),
    ),
    (
        "#45190 method removed",
        "an override nothing calls any more",
        K(
            "#45190",
            XR,
            XRW,
            "vllm/aeon/xr2.py",
            "from vllm.parser.abstract_parser import DelegatingParser\n\n\n"
            "class AeonParser(DelegatingParser):\n"
            "    def extract_response_outputs(self, *, model_output, model_output_token_ids, request, **kw):\n"
            "        # AEON: strip the fleet's watermark before parsing\n"
            "        return super().extract_response_outputs(\n"
            "            model_output=model_output.replace('<aeon>', ''),\n"
            "            model_output_token_ids=model_output_token_ids,\n"
            "            request=request,\n"
            "            **kw,\n"
            "        )\n",
            "def extract_response_outputs(self, *, model_output, model_output_token_ids, request, **kw):",
        ),
    ),
]

# --- #23386 (170129eb28): ToolServer.new_session(tool_name) -> new_session(tool_name, session_id)
NS = "170129eb28"
NSW = "new_session gains session_id, the context passes it"
TSV = "from vllm.entrypoints.tool_server import ToolServer\n\n\n"
CASES += [
    (
        "#23386 parameter added to an abstract method",
        "an override without the new parameter",
        K(
            "#23386",
            NS,
            NSW,
            "vllm/aeon/ns1.py",
            TSV + "class AeonToolServer(ToolServer):\n"
            "    def has_tool(self, tool_name: str) -> bool:\n"
            "        return tool_name == 'python'\n\n"
            "    def get_tool_description(self, tool_name: str):\n"
            "        return None\n\n"
            "    def new_session(self, tool_name: str):\n"
            "        # AEON: the sandbox runs on the Spark's side-car\n"
            "        raise NotImplementedError\n",
            "def new_session(self, tool_name: str):",
        ),
    ),
    (
        "#23386 parameter added to an abstract method",
        "a call with the old arity",
        K(
            "#23386",
            NS,
            NSW,
            "vllm/aeon/ns2.py",
            TSV + "async def aeon_probe(server: ToolServer) -> None:\n"
            "    async with server.new_session('python') as session:\n"
            "        await session.ping()\n",
            "async with server.new_session('python') as session:",
        ),
    ),
    (
        "#23386 parameter added to an abstract method",
        "twin: a kept method called",
        K(
            "#23386",
            NS,
            NSW,
            "vllm/aeon/ns3.py",
            TSV + "def aeon_has_python(server: ToolServer) -> bool:\n    return server.has_tool('python')\n",
            "return server.has_tool('python')",
        ),
    ),
]

# --- #29224 (014ece97c7): get_tool_description(tool_name, allowed_tools=None), callers pass two
TD = "014ece97c7"
TDW = "get_tool_description gains allowed_tools, serving passes it"
CASES += [
    (
        "#29224 caller now passes a second argument",
        "an override without the new parameter",
        K(
            "#29224",
            TD,
            TDW,
            "vllm/aeon/td1.py",
            "from vllm.entrypoints.tool_server import MCPToolServer\n\n\n"
            "class AeonMCPToolServer(MCPToolServer):\n"
            "    def get_tool_description(self, tool_name: str):\n"
            "        # AEON: hide the browser on air-gapped pods\n"
            "        return None if tool_name == 'browser' else super().get_tool_description(tool_name)\n",
            "def get_tool_description(self, tool_name: str):",
        ),
    ),
    (
        "#29224 caller now passes a second argument",
        "twin: an override taking **kwargs",
        K(
            "#29224",
            TD,
            TDW,
            "vllm/aeon/td2.py",
            "from vllm.entrypoints.tool_server import MCPToolServer\n\n\n"
            "class AeonMCPToolServer2(MCPToolServer):\n"
            "    def get_tool_description(self, tool_name: str, *args, **kwargs):\n"
            "        return super().get_tool_description(tool_name, *args, **kwargs)\n",
            "def get_tool_description(self, tool_name: str, *args, **kwargs):",
        ),
    ),
]

# --- #24543 (77f62613f9): render_prompt's max_length/truncate_prompt_tokens/... -> config=RenderConfig
RC = "77f62613f9"
RCW = "render_prompt knobs folded into RenderConfig"
CASES += [
    (
        "#24543 keywords folded into a config object",
        "a keyword call on a typed receiver",
        K(
            "#24543",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            "from vllm.entrypoints.renderer import BaseRenderer\n\n\n"
            "async def aeon_render(renderer: BaseRenderer, prompt: str):\n"
            "    # AEON: the Spark's context is capped below the model's\n"
            "    return await renderer.render_prompt(prompt_or_prompts=prompt, max_length=8192)\n",
            "return await renderer.render_prompt(prompt_or_prompts=prompt, max_length=8192)",
        ),
    ),
    (
        "#24543 keywords folded into a config object",
        "twin: a kept method on the same receiver",
        K(
            "#24543",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            "from vllm.entrypoints.renderer import BaseRenderer\n\n\n"
            "def aeon_len(renderer: BaseRenderer) -> int:\n"
            "    return renderer.model_config.max_model_len\n",
            "return renderer.model_config.max_model_len",
        ),
    ),
]

# --- #44479 (d01d0b4646): vllm/entrypoints/utils.py deleted (serve/utils/api_utils.py and others)
UT = "d01d0b4646"
UTW = "entrypoints/utils.py deleted"
CASES += [
    (
        "#44479 module deleted",
        "an import of a decorator from the deleted module",
        K(
            "#44479",
            UT,
            UTW,
            "vllm/aeon/ut1.py",
            "from vllm.entrypoints.utils import with_cancellation\n\n\n"
            "@with_cancellation\n"
            "async def aeon_health(raw_request):\n"
            "    return {'ok': True}\n",
            "from vllm.entrypoints.utils import with_cancellation",
        ),
    ),
]

# ---------------------------------------------------------------------------------------------------------
# Batch 2, written and committed after batch 1's run, before running the engine on it (blind too).

# --- #28333 (7c38ed0f1c): ConversationContext.append_output split; tool output goes to append_tool_output
AT = "7c38ed0f1c"
ATW = "append_tool_output split out of append_output (new abstract method, callers routed to it)"
CTX = "from vllm.entrypoints.context import ConversationContext, HarmonyContext\n\n\n"
CASES += [
    (
        "#28333 abstract method added",
        "a context subclass without the new abstract method",
        K(
            "#28333",
            AT,
            ATW,
            "vllm/aeon/at1.py",
            CTX + "class AeonReplayContext(ConversationContext):\n"
            "    # AEON: replays a recorded conversation on the Spark's canary\n"
            "    def append_output(self, output) -> None:\n"
            "        self.outputs = [*getattr(self, 'outputs', []), output]\n\n"
            "    async def call_tool(self):\n"
            "        return []\n\n"
            "    def need_builtin_tool_call(self) -> bool:\n"
            "        return False\n\n"
            "    def render_for_completion(self):\n"
            "        return []\n\n"
            "    async def init_tool_sessions(self, tool_server, exit_stack, request_id, mcp_tools):\n"
            "        pass\n\n"
            "    async def cleanup_session(self) -> None:\n"
            "        pass\n",
            "class AeonReplayContext(ConversationContext):",
        ),
    ),
    (
        "#28333 dispatch moved to a new method",
        "an override's branch for the input the caller now routes elsewhere",
        K(
            "#28333",
            AT,
            ATW,
            "vllm/aeon/at2.py",
            CTX + "class AeonHarmonyContext(HarmonyContext):\n"
            "    def append_output(self, output) -> None:\n"
            "        # AEON: count tool round-trips for the fleet's billing\n"
            "        if isinstance(output, list):\n"
            "            self.aeon_tool_turns = getattr(self, 'aeon_tool_turns', 0) + 1\n"
            "        super().append_output(output)\n",
            "def append_output(self, output) -> None:",
        ),
    ),
    (
        "#28333 abstract method added",
        "twin: an override of a kept method",
        K(
            "#28333",
            AT,
            ATW,
            "vllm/aeon/at3.py",
            CTX + "class AeonHarmonyContext3(HarmonyContext):\n"
            "    def need_builtin_tool_call(self) -> bool:\n"
            "        return super().need_builtin_tool_call()\n",
            "def need_builtin_tool_call(self) -> bool:",
        ),
    ),
]

# --- #24628 (45d7d852d3): init_tool_sessions gains mcp_tools; new_session now called with headers
MT = "45d7d852d3"
MTW = "init_tool_sessions(..., mcp_tools), new_session(..., headers) passed by the callers"
CASES += [
    (
        "#24628 caller now passes one more argument",
        "a context override without the new parameter",
        K(
            "#24628",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            "from vllm.entrypoints.context import SimpleContext\n\n\n"
            "class AeonSimpleContext(SimpleContext):\n"
            "    async def init_tool_sessions(self, tool_server, exit_stack, request_id) -> None:\n"
            "        # AEON: no tools on the Spark's canary pods\n"
            "        return None\n",
            "async def init_tool_sessions(self, tool_server, exit_stack, request_id) -> None:",
        ),
    ),
    (
        "#24628 caller now passes one more argument",
        "a tool server override without the new parameter",
        K(
            "#24628",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            "from vllm.entrypoints.tool_server import DemoToolServer\n\n\n"
            "class AeonDemoToolServer(DemoToolServer):\n"
            "    async def new_session(self, tool_name: str, session_id: str):\n"
            "        return await super().new_session(tool_name, session_id)\n",
            "async def new_session(self, tool_name: str, session_id: str):",
        ),
    ),
    (
        "#24628 caller now passes one more argument",
        "twin: a call leaving the new optional parameter out",
        K(
            "#24628",
            MT,
            MTW,
            "vllm/aeon/mt3.py",
            "from vllm.entrypoints.tool_server import ToolServer\n\n\n"
            "def aeon_session(server: ToolServer, sid: str):\n"
            "    return server.new_session('python', sid)\n",
            "return server.new_session('python', sid)",
        ),
    ),
]

# --- #34036 (11a4c9d30d): get_max_tokens(max_model_len, request, ...) -> (max_model_len, max_tokens, ...)
MX = "11a4c9d30d"
MXW = "get_max_tokens takes max_tokens (an int), not the request"
GMT = "from vllm.entrypoints.utils import get_max_tokens\n\n\n"
CASES += [
    (
        "#34036 positional parameter retyped",
        "a positional call passing the request",
        K(
            "#34036",
            MX,
            MXW,
            "vllm/aeon/mx1.py",
            GMT + "def aeon_budget(max_model_len: int, request, prompt_ids, defaults: dict) -> int:\n"
            "    # AEON: the router pre-computes the budget to place the request\n"
            "    return get_max_tokens(max_model_len, request, len(prompt_ids), defaults)\n",
            "return get_max_tokens(max_model_len, request, len(prompt_ids), defaults)",
        ),
    ),
    (
        "#34036 positional parameter retyped",
        "a keyword call naming the old parameter",
        K(
            "#34036",
            MX,
            MXW,
            "vllm/aeon/mx2.py",
            GMT + "def aeon_budget2(max_model_len: int, request, n: int) -> int:\n"
            "    return get_max_tokens(\n"
            "        max_model_len=max_model_len, request=request, input_length=n, default_sampling_params={}\n"
            "    )\n",
            "return get_max_tokens(",
        ),
    ),
    (
        "#34036 positional parameter retyped",
        "twin: a kept helper of the same module",
        K(
            "#34036",
            MX,
            MXW,
            "vllm/aeon/mx3.py",
            "from vllm.entrypoints.utils import sanitize_message\n\n\n"
            "def aeon_clean(text: str) -> str:\n"
            "    return sanitize_message(text)\n",
            "return sanitize_message(text)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-responses-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
