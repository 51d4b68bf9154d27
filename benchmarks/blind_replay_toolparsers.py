"""A blind replay of the tool-call and reasoning parsers a fork carries code against.

12 first-parent commits of upstream's parser surface -- ``vllm/entrypoints/openai/tool_parsers/``, then
``vllm/tool_parsers/``, ``vllm/reasoning/``, their bases ``ToolParser``/``ReasoningParser`` and the managers
that register them -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the
commits the other replays use: #27974 (the tool parsers registered lazily: the package stops re-exporting each
parser and ``ToolParserManager.tool_parsers`` holds a parser only once it is loaded), #35683
(``find_all_indices`` removed from the parsers' utils), #36436 (the pythonic parsers' private helpers moved to
utils under public names), #42570 (hermes' ``_partial_tag_overlap``/``_is_valid_json`` removed, its regexes
made class attributes), #43006 (``MinimaxM2ToolParser._convert_param_value_with_types`` removed for a shared
utility), #43997 (dead ``current_tool_name_sent`` stores removed; the base still sets it), #45171
(``openai_tool_parser`` deleted, ``parse_chat_output`` removed, ``GptOssReasoningParser``'s extractors made
to raise), #44596 (``MistralToolParser``'s streaming/non-streaming helpers and ``MistralStreamingResult``
removed for ``MistralParser``), #44017 (the serving layer's unstreamed tool-argument flush moved to the
parser), #39027 (``ReasoningParser.adjust_request`` added and now called by the render path, assigning what it
returns), #46099 (Cohere's ``prepare_structured_tag`` override removed, the base returns the tag anyway),
#40855 (Olmo3's reasoning regex made a class attribute).  Each is replayed under 1-3 fork spellings written
the way fork parser code is written (an import of a moved or deleted helper, a package re-export, a registry
dict subscript, a module attribute call, a subclass calling a removed private method, an override of a hook
upstream stopped calling, a call off a typed receiver of a method made to raise, a static helper called off
the class, a fork method named like the new base hook), with twins (fork code the commit does not break).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error
lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their
line.

Blind, on the engine before any widening (main at 12e6b122): 15 caught, 2 warned, 1 missed of 18 (twins: 12
quiet, 2 of them warned, 0 false errors).  The miss: #27974's ``ToolParserManager.tool_parsers['hermes']`` (a
registry dict read by a key upstream now registers lazily: the dict holds it only after ``get_tool_parser``).
Warned: #39027's two fork ``adjust_request`` methods upstream's new ``ReasoningParser.adjust_request`` now
shadows and the render path calls as ``request = parser.adjust_request(request=request)`` (one returns None,
one takes a required extra parameter: the warning says a fork method now overrides a new base method).
After the killers65 widenings: 18 caught, 0 warned, 0 missed of 18 (twins: 12 quiet, 1 of them warned, 0 false
errors).  Caught now: a fork method a base hook upstream added cannot serve -- a call upstream added binds to
the hook's signature but not to the fork's, or uses a value the fork's method never returns (symbol drift,
``drift/new_hooks.py``); a registry key read straight off the table whose register call upstream removed
while its added lines still quote the key, filed another way (symbol drift, ``drift/eager_keys.py``).  A
removed override the base repeats under a docstring is the same body now (#46099's twin no longer warns).
The one warned twin is #39027's fork ``adjust_request`` that fits the hook: the new-override warning, by
design (it may or may not do what upstream's does).

  python benchmarks/blind_replay_toolparsers.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #27974 (c02fccdbd2): tool parsers registered lazily; the package re-exports only ToolParser/Manager
LZ = "c02fccdbd2"
LZW = "tool parsers registered lazily"
CASES += [
    (
        "#27974 package re-export removed",
        "a parser imported off the package",
        K(
            "#27974",
            LZ,
            LZW,
            "vllm/aeon/lz1.py",
            "from vllm.entrypoints.openai.tool_parsers import Hermes2ProToolParser\n\n\n"
            "class AeonHermesToolParser(Hermes2ProToolParser):\n"
            "    # AEON: the Spark's fine-tune emits <tool_call> after a blank line\n"
            "    aeon_strip_blank = True\n",
            "from vllm.entrypoints.openai.tool_parsers import Hermes2ProToolParser",
        ),
    ),
    (
        "#27974 registry key no longer eager",
        "a subscript of the manager's dict",
        K(
            "#27974",
            LZ,
            LZW,
            "vllm/aeon/lz2.py",
            "from vllm.entrypoints.openai.tool_parsers import ToolParserManager\n\n\n"
            "def aeon_hermes_parser() -> type:\n"
            "    return ToolParserManager.tool_parsers['hermes']\n",
            "return ToolParserManager.tool_parsers['hermes']",
        ),
    ),
    (
        "#27974 registry key no longer eager",
        "twin: the manager's getter",
        K(
            "#27974",
            LZ,
            LZW,
            "vllm/aeon/lz3.py",
            "from vllm.entrypoints.openai.tool_parsers import ToolParserManager\n\n\n"
            "def aeon_hermes_parser2() -> type:\n"
            "    return ToolParserManager.get_tool_parser('hermes')\n",
            "return ToolParserManager.get_tool_parser('hermes')",
        ),
    ),
    (
        "#27974 package re-export removed",
        "twin: the parser imported off its own module",
        K(
            "#27974",
            LZ,
            LZW,
            "vllm/aeon/lz4.py",
            "from vllm.entrypoints.openai.tool_parsers.hermes_tool_parser import Hermes2ProToolParser\n\n\n"
            "class AeonHermesToolParser2(Hermes2ProToolParser):\n"
            "    aeon_strip_blank = True\n",
            "from vllm.entrypoints.openai.tool_parsers.hermes_tool_parser import Hermes2ProToolParser",
        ),
    ),
]

# --- #35683 (3a6cbf16e2): find_all_indices removed from vllm/tool_parsers/utils.py
FA = "3a6cbf16e2"
FAW = "find_all_indices removed"
CASES += [
    (
        "#35683 helper removed",
        "an import of the helper",
        K(
            "#35683",
            FA,
            FAW,
            "vllm/aeon/fa1.py",
            "from vllm.tool_parsers.utils import find_all_indices\n\n\n"
            "def aeon_call_starts(text: str) -> list[int]:\n"
            "    return find_all_indices(text, '<tool_call>')\n",
            "from vllm.tool_parsers.utils import find_all_indices",
        ),
    ),
    (
        "#35683 helper removed",
        "a module attribute call",
        K(
            "#35683",
            FA,
            FAW,
            "vllm/aeon/fa2.py",
            "from vllm.tool_parsers import utils as tp_utils\n\n\n"
            "def aeon_count_calls(text: str) -> int:\n"
            "    return len(tp_utils.find_all_indices(text, '[TOOL_CALLS]'))\n",
            "return len(tp_utils.find_all_indices(text, '[TOOL_CALLS]'))",
        ),
    ),
    (
        "#35683 helper removed",
        "twin: a kept helper",
        K(
            "#35683",
            FA,
            FAW,
            "vllm/aeon/fa3.py",
            "from vllm.tool_parsers import utils as tp_utils\n\n\n"
            "def aeon_diff(curr: str, old: str) -> str:\n"
            "    return tp_utils.extract_intermediate_diff(curr, old)\n",
            "return tp_utils.extract_intermediate_diff(curr, old)",
        ),
    ),
]

# --- #36436 (8d6b3d5dda): the pythonic parsers' private helpers moved to utils (renamed public)
PY = "8d6b3d5dda"
PYW = "pythonic helpers moved to tool_parsers.utils"
CASES += [
    (
        "#36436 private helper moved",
        "an import of a module-private helper",
        K(
            "#36436",
            PY,
            PYW,
            "vllm/aeon/py1.py",
            "from vllm.tool_parsers.pythonic_tool_parser import _make_valid_python\n\n\n"
            "def aeon_closable(text: str) -> bool:\n"
            "    return _make_valid_python(text) is not None\n",
            "from vllm.tool_parsers.pythonic_tool_parser import _make_valid_python",
        ),
    ),
    (
        "#36436 private helper moved",
        "a module attribute call in a subclass",
        K(
            "#36436",
            PY,
            PYW,
            "vllm/aeon/py2.py",
            "from vllm.tool_parsers import llama4_pythonic_tool_parser as l4\n\n\n"
            "class AeonLlama4Parser(l4.Llama4PythonicToolParser):\n"
            "    def aeon_delta(self, previous: str, new_call, index: int, withheld: str | None):\n"
            "        return l4._compute_tool_delta(previous, new_call, index, withheld)\n",
            "return l4._compute_tool_delta(previous, new_call, index, withheld)",
        ),
    ),
    (
        "#36436 private helper moved",
        "twin: the parser class imported",
        K(
            "#36436",
            PY,
            PYW,
            "vllm/aeon/py3.py",
            "from vllm.tool_parsers.pythonic_tool_parser import PythonicToolParser\n\n\n"
            "class AeonPythonic(PythonicToolParser):\n"
            "    aeon_tag = 'pythonic'\n",
            "from vllm.tool_parsers.pythonic_tool_parser import PythonicToolParser",
        ),
    ),
]

# --- #42570 (1087676a90): hermes' module helpers removed, its regexes made class attributes
HE = "1087676a90"
HEW = "hermes helpers removed, regexes made class attributes"
HERMES = "from vllm.tool_parsers import hermes_tool_parser as hermes\n\n\n"
CASES += [
    (
        "#42570 private helper removed",
        "a module attribute call",
        K(
            "#42570",
            HE,
            HEW,
            "vllm/aeon/he1.py",
            HERMES + "def aeon_held_back(text: str) -> int:\n"
            "    # AEON: the router holds back a partial tag too\n"
            "    return hermes._partial_tag_overlap(text, '<tool_call>')\n",
            "return hermes._partial_tag_overlap(text, '<tool_call>')",
        ),
    ),
    (
        "#42570 attribute made a class attribute",
        "twin: a subclass reading the regexes off self",
        K(
            "#42570",
            HE,
            HEW,
            "vllm/aeon/he2.py",
            HERMES + "class AeonHermes(hermes.Hermes2ProToolParser):\n"
            "    def aeon_scratch(self, text: str) -> list[str]:\n"
            "        return self.scratch_pad_regex.findall(text) + self.tool_call_regex.findall(text)\n",
            "return self.scratch_pad_regex.findall(text) + self.tool_call_regex.findall(text)",
        ),
    ),
]

# --- #43006 (57fef4e0bf): MinimaxM2ToolParser._convert_param_value_with_types removed (coerce_to_schema_type)
MM = "57fef4e0bf"
MMW = "_convert_param_value_with_types removed"
MMI = "from vllm.tool_parsers.minimax_m2_tool_parser import MinimaxM2ToolParser\n\n\n"
CASES += [
    (
        "#43006 private method removed",
        "a subclass calling it off self",
        K(
            "#43006",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            MMI + "class AeonMinimaxM2(MinimaxM2ToolParser):\n"
            "    def aeon_coerce(self, value: str) -> object:\n"
            "        return self._convert_param_value_with_types(value, ['integer', 'string'])\n",
            "return self._convert_param_value_with_types(value, ['integer', 'string'])",
        ),
    ),
    (
        "#43006 private method removed",
        "an override of the removed method",
        K(
            "#43006",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            MMI + "class AeonMinimaxM2b(MinimaxM2ToolParser):\n"
            "    def _convert_param_value_with_types(self, value: str, param_types: list[str]) -> object:\n"
            "        # AEON: the Spark fine-tune writes booleans as yes/no\n"
            "        if value in ('yes', 'no'):\n"
            "            return value == 'yes'\n"
            "        return super()._convert_param_value_with_types(value, param_types)\n",
            "def _convert_param_value_with_types(self, value: str, param_types: list[str]) -> object:",
        ),
    ),
    (
        "#43006 private method removed",
        "twin: a kept private method",
        K(
            "#43006",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            MMI + "class AeonMinimaxM2c(MinimaxM2ToolParser):\n"
            "    def aeon_name(self, raw: str) -> str:\n"
            "        return self._extract_name(raw)\n",
            "return self._extract_name(raw)",
        ),
    ),
]

# --- #43997 (1a096d8208): dead current_tool_name_sent stores removed from subclasses (ToolParser still sets it)
CN = "1a096d8208"
CNW = "current_tool_name_sent stores removed from subclasses"
CASES += [
    (
        "#43997 subclass store removed",
        "twin: a read the base still answers",
        K(
            "#43997",
            CN,
            CNW,
            "vllm/aeon/cn1.py",
            "from vllm.tool_parsers.phi4mini_tool_parser import Phi4MiniJsonToolParser\n\n\n"
            "class AeonPhi4Mini(Phi4MiniJsonToolParser):\n"
            "    def aeon_name_pending(self) -> bool:\n"
            "        return not self.current_tool_name_sent\n",
            "return not self.current_tool_name_sent",
        ),
    ),
]

# --- #45171 (f712fd0d7d): openai_tool_parser deleted, parse_chat_output removed, GptOss extractors raise
HA = "f712fd0d7d"
HAW = "Harmony parsing moved to HarmonyParser"
GPTOSS = "from vllm.reasoning.gptoss_reasoning_parser import GptOssReasoningParser\n\n\n"
CASES += [
    (
        "#45171 module deleted",
        "an import of the deleted parser",
        K(
            "#45171",
            HA,
            HAW,
            "vllm/aeon/ha1.py",
            "from vllm.tool_parsers.openai_tool_parser import OpenAIToolParser\n\n\n"
            "class AeonHarmonyTools(OpenAIToolParser):\n"
            "    aeon_channel = 'commentary'\n",
            "from vllm.tool_parsers.openai_tool_parser import OpenAIToolParser",
        ),
    ),
    (
        "#45171 function removed",
        "an import of parse_chat_output",
        K(
            "#45171",
            HA,
            HAW,
            "vllm/aeon/ha2.py",
            "from vllm.entrypoints.openai.parser.harmony_utils import parse_chat_output\n\n\n"
            "def aeon_final_text(token_ids: list[int]) -> str:\n"
            "    _, content, _ = parse_chat_output(token_ids)\n"
            "    return content or ''\n",
            "from vllm.entrypoints.openai.parser.harmony_utils import parse_chat_output",
        ),
    ),
    (
        "#45171 method made to raise",
        "a call off a typed receiver",
        K(
            "#45171",
            HA,
            HAW,
            "vllm/aeon/ha3.py",
            GPTOSS + "def aeon_content_ids(parser: GptOssReasoningParser, ids: list[int]) -> list[int]:\n"
            "    # AEON: the Spark's speculative lane drafts on the final channel only\n"
            "    return parser.extract_content_ids(ids)\n",
            "return parser.extract_content_ids(ids)",
        ),
    ),
    (
        "#45171 method made to raise",
        "twin: a kept boundary check",
        K(
            "#45171",
            HA,
            HAW,
            "vllm/aeon/ha4.py",
            GPTOSS + "def aeon_done_thinking(parser: GptOssReasoningParser, ids: list[int]) -> bool:\n"
            "    return parser.is_reasoning_end(ids)\n",
            "return parser.is_reasoning_end(ids)",
        ),
    ),
]

# --- #44596 (d82ac00923): MistralToolParser's helpers and MistralStreamingResult removed (MistralParser)
MI = "d82ac00923"
MIW = "Mistral parsing extracted into MistralParser"
MTP = "from vllm.tool_parsers.mistral_tool_parser import MistralToolParser"
CASES += [
    (
        "#44596 static helper removed",
        "a static helper called off the class",
        K(
            "#44596",
            MI,
            MIW,
            "vllm/aeon/mi1.py",
            MTP + "\n\n\n"
            "def aeon_mistral_calls(calls: list) -> list:\n"
            "    return MistralToolParser.build_non_streaming_tool_calls(calls)\n",
            "return MistralToolParser.build_non_streaming_tool_calls(calls)",
        ),
    ),
    (
        "#44596 class removed",
        "an import of the result record",
        K(
            "#44596",
            MI,
            MIW,
            "vllm/aeon/mi2.py",
            "from vllm.tool_parsers.mistral_tool_parser import MistralStreamingResult\n\n\n"
            "def aeon_called(result: MistralStreamingResult) -> bool:\n"
            "    return result.tools_called\n",
            "from vllm.tool_parsers.mistral_tool_parser import MistralStreamingResult",
        ),
    ),
    (
        "#44596 static helper removed",
        "twin: the kept extractor",
        K(
            "#44596",
            MI,
            MIW,
            "vllm/aeon/mi3.py",
            MTP + "\n\n\n"
            "class AeonMistral(MistralToolParser):\n"
            "    def extract_tool_calls(self, model_output, request):\n"
            "        return super().extract_tool_calls(model_output.strip(), request)\n",
            "return super().extract_tool_calls(model_output.strip(), request)",
        ),
    ),
]

# --- #44017 (9affc17a05): the unstreamed tool-argument flush moved from OpenAIServingChat to the parser
FL = "9affc17a05"
FLW = "unstreamed tool-arg flush moved to the parser"
CHAT = "from vllm.entrypoints.openai.chat_completion.serving import OpenAIServingChat\n\n\n"
CASES += [
    (
        "#44017 static helper removed",
        "a subclass calling it off self",
        K(
            "#44017",
            FL,
            FLW,
            "vllm/aeon/fl1.py",
            CHAT + "class AeonServingChat(OpenAIServingChat):\n"
            "    def aeon_flush(self, delta, remaining: str, index: int):\n"
            "        return self._create_remaining_args_delta(delta, remaining, index)\n",
            "return self._create_remaining_args_delta(delta, remaining, index)",
        ),
    ),
    (
        "#44017 hook no longer called",
        "an override of the check upstream dropped",
        K(
            "#44017",
            FL,
            FLW,
            "vllm/aeon/fl2.py",
            CHAT + "class AeonServingChat2(OpenAIServingChat):\n"
            "    def _should_check_for_unstreamed_tool_arg_tokens(self, delta_message, output) -> bool:\n"
            "        # AEON: the Spark's MTP lane finishes mid-argument; always flush\n"
            "        return output.finish_reason is not None\n",
            "def _should_check_for_unstreamed_tool_arg_tokens(self, delta_message, output) -> bool:",
        ),
    ),
]

# --- #39027 (8477fe427d): ReasoningParser.adjust_request added; the render path assigns what it returns
AR = "8477fe427d"
ARW = "ReasoningParser.adjust_request added and called"
R1 = "from vllm.reasoning.deepseek_r1_reasoning_parser import DeepSeekR1ReasoningParser\n\n\n"
CASES += [
    (
        "#39027 new base hook, fork method of its name",
        "a fork method that mutates and returns None",
        K(
            "#39027",
            AR,
            ARW,
            "vllm/aeon/ar1.py",
            R1 + "class AeonR1Parser(DeepSeekR1ReasoningParser):\n"
            "    def adjust_request(self, request) -> None:\n"
            "        # AEON: keep <think> in the detokenized text\n"
            "        request.skip_special_tokens = False\n",
            "def adjust_request(self, request) -> None:",
        ),
    ),
    (
        "#39027 new base hook, fork method of its name",
        "a fork method with a required extra parameter",
        K(
            "#39027",
            AR,
            ARW,
            "vllm/aeon/ar2.py",
            R1 + "class AeonR1Parser2(DeepSeekR1ReasoningParser):\n"
            "    def adjust_request(self, request, budget: int):\n"
            "        request.max_tokens = min(request.max_tokens or budget, budget)\n"
            "        return request\n",
            "def adjust_request(self, request, budget: int):",
        ),
    ),
    (
        "#39027 new base hook, fork method of its name",
        "twin: a fork method that fits the hook",
        K(
            "#39027",
            AR,
            ARW,
            "vllm/aeon/ar3.py",
            R1 + "class AeonR1Parser3(DeepSeekR1ReasoningParser):\n"
            "    def adjust_request(self, request):\n"
            "        request.skip_special_tokens = False\n"
            "        return request\n",
            "def adjust_request(self, request):",
        ),
    ),
]

# --- #46099 (560fb8b867): Cohere's prepare_structured_tag override removed (the base returns the tag too)
CO = "560fb8b867"
COW = "Cohere prepare_structured_tag override removed"
CASES += [
    (
        "#46099 override removed, base does the same",
        "twin: a call off a typed receiver",
        K(
            "#46099",
            CO,
            COW,
            "vllm/aeon/co1.py",
            "from vllm.reasoning.cohere_command_reasoning_parser import BaseCohereCommandReasoningParser\n\n\n"
            "def aeon_tag(parser: BaseCohereCommandReasoningParser, tag: str | None) -> str | None:\n"
            "    return parser.prepare_structured_tag(tag, None)\n",
            "return parser.prepare_structured_tag(tag, None)",
        ),
    ),
]

# --- #40855 (0d4f714208): Olmo3ReasoningParser's think tags and regex made class attributes
OL = "0d4f714208"
OLW = "Olmo3 regex made a class attribute"
CASES += [
    (
        "#40855 attribute made a class attribute",
        "twin: a subclass reading the regex off self",
        K(
            "#40855",
            OL,
            OLW,
            "vllm/aeon/ol1.py",
            "from vllm.reasoning.olmo3_reasoning_parser import Olmo3ReasoningParser\n\n\n"
            "class AeonOlmo3(Olmo3ReasoningParser):\n"
            "    def aeon_split(self, text: str):\n"
            "        return self.reasoning_regex.match(text)\n",
            "return self.reasoning_regex.match(text)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-toolparsers-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
