"""A blind replay of the tool-call and reasoning parsers a fork's own parsers subclass, call or register (second pass).

7 first-parent commits (an eighth in round 2, below) on ``vllm/tool_parsers``,
``vllm/entrypoints/openai/tool_parsers`` and ``vllm/reasoning`` -- the parsers a fork that serves its own model carries a tool parser and a reasoning parser against:
``is_reasoning_end_streaming``'s ``delta_ids`` handed in as an ``itertools.islice`` instead of a list slice
(#33593), a ``count_reasoning_tokens(token_ids)`` hook added to ``ReasoningParser`` and called by the Responses
serving (#33513), the unused module ``logger`` removed from nine reasoning parser modules (#45988),
``MinimaxM2ToolParser._extract_types_from_schema``/``_get_param_types_from_config`` moved to a utility (#43025),
``DeepSeekV32ToolParser._convert_param_value`` replaced by ``coerce_to_schema_type`` (#43019),
``DeepSeekV32ToolParser._convert_params_with_schema`` losing its ``request`` parameter while ``ToolParser.tools``
became a filtered list that is never ``None`` (#38189), and the Holo2, Kimi-K2 and GLM-4 MoE reasoning parser
modules removed for ``DeepSeekV3ReasoningWithThinkingParser`` (#33221) -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits every other replay uses (``blind_replay_toolparsers``,
``_reasoning``, ``_openai`` cover parts of this surface).  Each is replayed under 2-3 fork spellings written the
way fork code is written (an override indexing or sizing a parameter, a namesake of a new base hook, an import
of a module attribute, a module attribute read, a subclass override of a removed method, a ``self.`` call, a
call on a receiver typed as the class, an override keeping a removed parameter, a positional call, a comparison
with ``None``, a subclass of a removed class, a lazy registration naming a removed module), with twins (fork code
the commit does not break: an override iterating the parameter, a method of another name, the kept class, the
kept methods, a truthiness test, the registered name).  The merge base is the commit's first parent, upstream is
the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 4ca01b07): 9 caught, 4 warned, 3 missed of 16 (twins: 7
quiet, 0 false errors).  Symbol drift caught the removed logger (import, module attribute), the removed Minimax
and DeepSeek-V3.2 methods (overrides no longer called, a ``self.`` call, a call on a typed receiver), the
positional call still passing ``request``, and the removed Kimi-K2 and Holo2 parser modules (a subclass's
import, a lazy registration's dotted string).  Two labels were wrong, fixed after the blind run: #33221's
module-import spelling breaks at its import (``from vllm.reasoning import glm4_moe_reasoning_parser`` raises
ImportError), where the error landed, not at the class read below it; #38189's override keeping ``request``
breaks at its ``def`` line (upstream's two-argument call cannot bind it), where the error landed, not at its
parameter line -- both count as caught with the labels fixed, making the blind run 11 caught, 2 warned, 3
missed.  The warnings: #33513's two namesakes of the new ``count_reasoning_tokens`` hook (one taking the
reasoning text, one with a second required parameter): symbol drift warns that the fork's method now overrides
the hook, but upstream's only call, ``reasoning_parser.count_reasoning_tokens(accumulated)`` on a parser built
from ``self.parser.reasoning_parser_cls(tokenizer)``, is on a receiver it cannot type, so the misfit stays a
warning.  The misses: #33593's two (an override indexing or ``len()``-ing ``delta_ids``, which upstream now
hands an ``itertools.islice``: TypeError) and #38189's ``self.tools is not None`` (the constructor stored the
``tools=None`` parameter as is and now stores a list always: the test is always true, the fork's no-tools path
dead).

After the killers212 widenings: 16 caught, 0 warned, 0 missed of 16 (twins: 9 quiet, 1 of them warned, 0 false
errors; two twins added after the blind run: a list made of ``delta_ids`` before indexing it, and a namesake of
``count_reasoning_tokens`` that fits the hook -- the namesake warning, by design).  Caught now: an override
indexing or sizing a parameter the base now types as a one-pass iterable and an added call hands an iterator
(``drift/iterated_params.py``, wired into symbol drift's override checks); a None-default constructor parameter
stored as is, now always filled, tested ``is not None`` by a fork class reaching the changed class through an
upstream class of another file (``drift/gone_sentinels.py``); a new hook's call typed through a holder's
class-level ``type[C]`` field, and one handing the hook's parameter a kind the fork namesake's annotation excludes
(``drift/symbols.py`` ``_chain_typed``, ``drift/new_hooks.py`` ``_param_misfit``).
Regression set at the widenings' head (717c23ee): killer_replay 26/26 blocked, kind_change_replay 12/12 (5
quiet), blind_replay_toolparsers 18/18 (12 quiet, 1 warned), blind_replay_reasoning 15/15 (10 quiet),
blind_replay_openai 17 caught, 1 warned of 18 (10 quiet, 1 warned), review48_twins 7/7 (0 false of 41, 10
warned), blind_replay_coreclient 18 caught, 3 warned of 21 (0 false of 10), review105_twins 6 caught, 1 warned of
7 (0 false of 32), review111_twins 8 caught, 1 warned of 9 (0 false of 36), blind_replay_cfgmodel 21 caught, 1
warned of 22 (0 false of 10): all as before.
Round 2 (written after the widenings, before the engine ran on it): #38168 (aee4c14689) replaced
``Hermes2ProToolParser``'s token-buffer streaming, removing ``tool_call_delta_buffer``, ``buffered_delta_text``
and the ``tool_call_{start,end}_token_ids``/``_array`` fields -- the most common base of a fork's own tool parser.
Four spellings (a ``self.`` read of the removed token ids, an override of the buffer method upstream no longer
calls, a ``self.`` call of it, a subclass storing its own token arrays nothing reads any more) and one twin (the
kept tokens and regex): 4 caught, 0 false errors, blind.  Both rounds: 20 caught, 0 warned, 0 missed of 20
(twins: 10 quiet, 1 of them warned, 0 false errors).

  python benchmarks/blind_replay_toolparsers2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #33593 (9ce8fad2a9): is_reasoning_end_streaming's delta_ids now an itertools.islice, not a list slice
IS = "9ce8fad2a9"
ISW = "is_reasoning_end_streaming given an iterator (islice) for delta_ids"
BT = (
    "from collections.abc import Sequence\n\n"
    "from vllm.reasoning.basic_parsers import BaseThinkingReasoningParser\n\n\n"
    "class AeonThinkParser(BaseThinkingReasoningParser):\n"
    "    @property\n"
    "    def start_token(self) -> str:\n"
    '        return "<think>"\n\n'
    "    @property\n"
    "    def end_token(self) -> str:\n"
    '        return "</think>"\n\n'
)
CASES += [
    (
        "#33593 delta_ids now an iterator",
        "an override indexing delta_ids",
        K(
            "#33593",
            IS,
            ISW,
            "vllm/aeon/is1.py",
            BT + "    def is_reasoning_end_streaming(\n"
            "        self, input_ids: Sequence[int], delta_ids: Sequence[int]\n"
            "    ) -> bool:\n"
            "        # AEON: MTP on the Spark lands several drafted tokens a step; only the last one ends\n"
            "        return bool(delta_ids) and delta_ids[-1] == self.end_token_id\n",
            "return bool(delta_ids) and delta_ids[-1] == self.end_token_id",
        ),
    ),
    (
        "#33593 delta_ids now an iterator",
        "an override taking len() of delta_ids",
        K(
            "#33593",
            IS,
            ISW,
            "vllm/aeon/is2.py",
            BT + "    def is_reasoning_end_streaming(\n"
            "        self, input_ids: Sequence[int], delta_ids: Sequence[int]\n"
            "    ) -> bool:\n"
            "        # AEON: speculative decoding rejects a draft tail; look only at the accepted span\n"
            "        accepted = len(delta_ids)\n"
            "        return self.end_token_id in input_ids[len(input_ids) - accepted :]\n",
            "accepted = len(delta_ids)",
        ),
    ),
    (
        "#33593 delta_ids now an iterator",
        "twin: an override iterating delta_ids",
        K(
            "#33593",
            IS,
            ISW,
            "vllm/aeon/is3.py",
            BT + "    def is_reasoning_end_streaming(\n"
            "        self, input_ids: Sequence[int], delta_ids: Sequence[int]\n"
            "    ) -> bool:\n"
            "        # AEON: MTP drafts: any accepted token may close the thought\n"
            "        return any(tok == self.end_token_id for tok in delta_ids)\n",
            "return any(tok == self.end_token_id for tok in delta_ids)",
        ),
    ),
    (
        "#33593 delta_ids now an iterator",
        "twin: a list made of delta_ids first (added after the blind run)",
        K(
            "#33593",
            IS,
            ISW,
            "vllm/aeon/is4.py",
            BT + "    def is_reasoning_end_streaming(\n"
            "        self, input_ids: Sequence[int], delta_ids: Sequence[int]\n"
            "    ) -> bool:\n"
            "        # AEON: MTP drafts: only the last accepted token ends the thought\n"
            "        accepted = list(delta_ids)\n"
            "        return bool(accepted) and accepted[-1] == self.end_token_id\n",
            "return bool(accepted) and accepted[-1] == self.end_token_id",
        ),
    ),
]

# --- #33513 (9681068cf9): ReasoningParser.count_reasoning_tokens(token_ids) added, called by the Responses serving
CR = "9681068cf9"
CRW = "count_reasoning_tokens(token_ids) added to the base and called by the Responses API"
CASES += [
    (
        "#33513 new base hook",
        "a fork namesake taking the reasoning text",
        K(
            "#33513",
            CR,
            CRW,
            "vllm/aeon/cr1.py",
            BT + "    def count_reasoning_tokens(self, reasoning: str) -> int:\n"
            "        # AEON: the Spark's usage meter counts reasoning by re-encoding its text\n"
            "        return len(self.model_tokenizer.encode(reasoning))\n",
            "def count_reasoning_tokens(self, reasoning: str) -> int:",
        ),
    ),
    (
        "#33513 new base hook",
        "a fork namesake with a second required parameter",
        K(
            "#33513",
            CR,
            CRW,
            "vllm/aeon/cr2.py",
            "from collections.abc import Sequence\n\n"
            "from vllm.reasoning.deepseek_r1_reasoning_parser import DeepSeekR1ReasoningParser\n\n\n"
            "class AeonR1Parser(DeepSeekR1ReasoningParser):\n"
            "    def count_reasoning_tokens(self, token_ids: Sequence[int], num_draft: int) -> int:\n"
            "        # AEON: speculative decoding drafts are not billed as reasoning on the Spark\n"
            "        return max(0, len(token_ids) - num_draft)\n",
            "def count_reasoning_tokens(self, token_ids: Sequence[int], num_draft: int) -> int:",
        ),
    ),
    (
        "#33513 new base hook",
        "twin: a fork method of another name",
        K(
            "#33513",
            CR,
            CRW,
            "vllm/aeon/cr3.py",
            BT + "    def aeon_count_reasoning_words(self, reasoning: str) -> int:\n"
            "        # AEON: the Spark's dashboard shows reasoning words\n"
            "        return len(reasoning.split())\n",
            "def aeon_count_reasoning_words(self, reasoning: str) -> int:",
        ),
    ),
    (
        "#33513 new base hook",
        "twin: a fork namesake that fits the hook (added after the blind run)",
        K(
            "#33513",
            CR,
            CRW,
            "vllm/aeon/cr4.py",
            BT + "    def count_reasoning_tokens(self, token_ids: Sequence[int]) -> int:\n"
            "        # AEON: the Spark's template opens the thought in the prompt: it runs to the end token\n"
            "        ids = list(token_ids)\n"
            "        return ids.index(self.end_token_id) if self.end_token_id in ids else len(ids)\n",
            "def count_reasoning_tokens(self, token_ids: Sequence[int]) -> int:",
        ),
    ),
]

# --- #45988 (c3c6d723fd): the unused module loggers removed from nine reasoning parsers
LG = "c3c6d723fd"
LGW = "logger removed from granite/mistral/... reasoning parser modules"
CASES += [
    (
        "#45988 module logger removed",
        "an import of the module's logger",
        K(
            "#45988",
            LG,
            LGW,
            "vllm/aeon/lg1.py",
            "from vllm.reasoning.granite_reasoning_parser import GraniteReasoningParser, logger\n\n\n"
            "class AeonGraniteParser(GraniteReasoningParser):\n"
            "    def aeon_note(self, text: str) -> None:\n"
            "        # AEON: log reasoning spans under the parser's own logger on the Spark\n"
            '        logger.debug("aeon reasoning: %d chars", len(text))\n',
            "from vllm.reasoning.granite_reasoning_parser import GraniteReasoningParser, logger",
        ),
    ),
    (
        "#45988 module logger removed",
        "a module attribute read",
        K(
            "#45988",
            LG,
            LGW,
            "vllm/aeon/lg2.py",
            "from vllm.reasoning import mistral_reasoning_parser\n\n\n"
            "def aeon_warn_unclosed(text: str) -> None:\n"
            "    # AEON: an unclosed [THINK] under NVFP4 is worth a warning in the parser's log\n"
            '    mistral_reasoning_parser.logger.warning("unclosed thought: %d chars", len(text))\n',
            'mistral_reasoning_parser.logger.warning("unclosed thought: %d chars", len(text))',
        ),
    ),
    (
        "#45988 module logger removed",
        "twin: the kept class and the fork's own logger",
        K(
            "#45988",
            LG,
            LGW,
            "vllm/aeon/lg3.py",
            "from vllm.logger import init_logger\n"
            "from vllm.reasoning.mistral_reasoning_parser import MistralReasoningParser\n\n"
            "logger = init_logger(__name__)\n\n\n"
            "class AeonMistralParser(MistralReasoningParser):\n"
            "    def aeon_note(self, text: str) -> None:\n"
            "        # AEON: our own logger for the Spark's reasoning spans\n"
            '        logger.debug("aeon reasoning: %d chars", len(text))\n',
            'logger.debug("aeon reasoning: %d chars", len(text))',
        ),
    ),
]

# --- #43025 (42b4f1fdf7): MinimaxM2ToolParser._extract_types_from_schema/_get_param_types_from_config removed
MX = "42b4f1fdf7"
MXW = "MinimaxM2ToolParser's schema-type methods moved to utils.extract_types_from_schema"
MH = "from typing import Any\n\nfrom vllm.tool_parsers.minimax_m2_tool_parser import MinimaxM2ToolParser\n\n\n"
CASES += [
    (
        "#43025 methods moved to a utility",
        "a subclass override of the removed method",
        K(
            "#43025",
            MX,
            MXW,
            "vllm/aeon/mx1.py",
            MH + "class AeonMinimaxToolParser(MinimaxM2ToolParser):\n"
            "    def _extract_types_from_schema(self, schema: Any) -> list[str]:\n"
            "        # AEON: the Spark's tools tag NVFP4 tensors with x-aeon-type\n"
            '        if isinstance(schema, dict) and "x-aeon-type" in schema:\n'
            '            return [str(schema["x-aeon-type"])]\n'
            '        return ["string"]\n',
            "def _extract_types_from_schema(self, schema: Any) -> list[str]:",
        ),
    ),
    (
        "#43025 methods moved to a utility",
        "a self. call of the removed helper",
        K(
            "#43025",
            MX,
            MXW,
            "vllm/aeon/mx2.py",
            MH + "class AeonMinimaxTypes(MinimaxM2ToolParser):\n"
            "    def aeon_param_types(self, name: str, props: dict[str, Any]) -> list[str]:\n"
            "        # AEON: the Spark's tool router needs the declared types up front\n"
            "        return self._get_param_types_from_config(name, props)\n",
            "return self._get_param_types_from_config(name, props)",
        ),
    ),
    (
        "#43025 methods moved to a utility",
        "twin: an override of the kept _extract_name",
        K(
            "#43025",
            MX,
            MXW,
            "vllm/aeon/mx3.py",
            MH + "class AeonMinimaxNames(MinimaxM2ToolParser):\n"
            "    def _extract_name(self, name_str: str) -> str:\n"
            "        # AEON: our tool names carry a spark/ prefix\n"
            '        return super()._extract_name(name_str).removeprefix("spark/")\n',
            'return super()._extract_name(name_str).removeprefix("spark/")',
        ),
    ),
]

# --- #43019 (a10d69116c): DeepSeekV32ToolParser._convert_param_value(_checked) replaced by coerce_to_schema_type
CV = "a10d69116c"
CVW = "DeepSeekV32ToolParser._convert_param_value removed for utils.coerce_to_schema_type"
DH = "from typing import Any\n\nfrom vllm.tool_parsers.deepseekv32_tool_parser import DeepSeekV32ToolParser\n\n\n"
CASES += [
    (
        "#43019 method replaced by a shared utility",
        "a subclass override no longer called",
        K(
            "#43019",
            CV,
            CVW,
            "vllm/aeon/cv1.py",
            DH + "class AeonV32ToolParser(DeepSeekV32ToolParser):\n"
            "    def _convert_param_value(self, value: str, param_type: str | list[str]) -> Any:\n"
            "        # AEON: the Spark's tools take hex ints for device masks\n"
            '        if param_type == "integer" and value.startswith("0x"):\n'
            "            return int(value, 16)\n"
            "        return super()._convert_param_value(value, param_type)\n",
            "def _convert_param_value(self, value: str, param_type: str | list[str]) -> Any:",
        ),
    ),
    (
        "#43019 method replaced by a shared utility",
        "a call on a receiver typed as the class",
        K(
            "#43019",
            CV,
            CVW,
            "vllm/aeon/cv2.py",
            DH + "def aeon_coerce(parser: DeepSeekV32ToolParser, raw: str) -> Any:\n"
            "    # AEON: the Spark's tool router pre-parses the batch size argument\n"
            '    return parser._convert_param_value(raw, "integer")\n',
            'return parser._convert_param_value(raw, "integer")',
        ),
    ),
    (
        "#43019 method replaced by a shared utility",
        "twin: a call of the kept _parse_invoke_params",
        K(
            "#43019",
            CV,
            CVW,
            "vllm/aeon/cv3.py",
            DH + "def aeon_params(parser: DeepSeekV32ToolParser, body: str) -> Any:\n"
            "    # AEON: the Spark's tool router reads raw parameters\n"
            "    return parser._parse_invoke_params(body)\n",
            "return parser._parse_invoke_params(body)",
        ),
    ),
]

# --- #38189 (d53cb9cb8e): tool parsers read self.tools (now a filtered list, never None); request dropped
TL = "d53cb9cb8e"
TLW = "_convert_params_with_schema loses request; ToolParser.tools [] instead of None"
CASES += [
    (
        "#38189 parameter removed, None became []",
        "a subclass override keeping the old request parameter",
        K(
            "#38189",
            TL,
            TLW,
            "vllm/aeon/tl1.py",
            DH + "class AeonV32Schema(DeepSeekV32ToolParser):\n"
            "    def _convert_params_with_schema(\n"
            "        self, function_name: str, param_dict: dict[str, str], request: Any\n"
            "    ) -> dict[str, Any]:\n"
            "        # AEON: the Spark's tools pass NVFP4 scales as raw strings\n"
            "        return dict(param_dict)\n",
            "def _convert_params_with_schema(",
        ),
    ),
    (
        "#38189 parameter removed, None became []",
        "a positional call with the old request",
        K(
            "#38189",
            TL,
            TLW,
            "vllm/aeon/tl2.py",
            DH + "def aeon_convert(\n"
            "    parser: DeepSeekV32ToolParser, name: str, params: dict[str, str], request: Any\n"
            ") -> dict[str, Any]:\n"
            "    # AEON: the Spark's tool router converts before dispatch\n"
            "    return parser._convert_params_with_schema(name, params, request)\n",
            "return parser._convert_params_with_schema(name, params, request)",
        ),
    ),
    (
        "#38189 parameter removed, None became []",
        "a subclass comparing self.tools with None",
        K(
            "#38189",
            TL,
            TLW,
            "vllm/aeon/tl3.py",
            "from vllm.tool_parsers.hermes_tool_parser import Hermes2ProToolParser\n\n\n"
            "class AeonHermesParser(Hermes2ProToolParser):\n"
            "    def aeon_tools_given(self) -> bool:\n"
            "        # AEON: the Spark's router skips tool parsing when no tools were given\n"
            "        return self.tools is not None\n",
            "return self.tools is not None",
        ),
    ),
    (
        "#38189 parameter removed, None became []",
        "twin: a truthiness test of self.tools",
        K(
            "#38189",
            TL,
            TLW,
            "vllm/aeon/tl4.py",
            "from vllm.tool_parsers.hermes_tool_parser import Hermes2ProToolParser\n\n\n"
            "class AeonHermesParser2(Hermes2ProToolParser):\n"
            "    def aeon_tools_given(self) -> bool:\n"
            "        # AEON: the Spark's router skips tool parsing when no tools were given\n"
            "        return bool(self.tools)\n",
            "return bool(self.tools)",
        ),
    ),
]

# --- #33221 (8e5e40daf4): Holo2, KimiK2 and Glm4MoeModel reasoning parsers removed for DeepSeekV3ReasoningWithThinkingParser
RM = "8e5e40daf4"
RMW = "holo2/kimi_k2/glm4_moe reasoning parser modules removed"
CASES += [
    (
        "#33221 parser modules removed",
        "a subclass of the removed parser",
        K(
            "#33221",
            RM,
            RMW,
            "vllm/aeon/rm1.py",
            "from vllm.reasoning.kimi_k2_reasoning_parser import KimiK2ReasoningParser\n\n\n"
            "class AeonKimiParser(KimiK2ReasoningParser):\n"
            "    # AEON: the Spark serves a Kimi finetune with its own think budget\n"
            "    aeon_budget = 4096\n",
            "from vllm.reasoning.kimi_k2_reasoning_parser import KimiK2ReasoningParser",
        ),
    ),
    (
        "#33221 parser modules removed",
        "a lazy registration naming the removed module",
        K(
            "#33221",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            "from vllm.reasoning import ReasoningParserManager\n\n"
            "# AEON: the Spark's Holo2 agent model registers under our own name\n"
            "ReasoningParserManager.register_lazy_module(\n"
            '    "aeon_holo2", "vllm.reasoning.holo2_reasoning_parser", "Holo2ReasoningParser"\n'
            ")\n",
            '"aeon_holo2", "vllm.reasoning.holo2_reasoning_parser", "Holo2ReasoningParser"',
        ),
    ),
    (
        "#33221 parser modules removed",
        "a module import with a class read",
        K(
            "#33221",
            RM,
            RMW,
            "vllm/aeon/rm3.py",
            "from vllm.reasoning import glm4_moe_reasoning_parser\n\n\n"
            "def aeon_glm_parser() -> type:\n"
            "    # AEON: the Spark serves GLM-4.5 Air in NVFP4\n"
            "    return glm4_moe_reasoning_parser.Glm4MoeModelReasoningParser\n",
            "from vllm.reasoning import glm4_moe_reasoning_parser",
        ),
    ),
    (
        "#33221 parser modules removed",
        "twin: the registered name and the kept DeepSeek parser",
        K(
            "#33221",
            RM,
            RMW,
            "vllm/aeon/rm4.py",
            "from vllm.reasoning import ReasoningParserManager\n"
            "from vllm.reasoning.deepseek_v3_reasoning_parser import DeepSeekV3ReasoningParser\n\n\n"
            "def aeon_kimi_parser() -> type:\n"
            "    # AEON: the Spark serves a Kimi finetune\n"
            '    return ReasoningParserManager.get_reasoning_parser("kimi_k2")\n\n\n'
            "class AeonV3Parser(DeepSeekV3ReasoningParser):\n"
            "    aeon_budget = 4096\n",
            'return ReasoningParserManager.get_reasoning_parser("kimi_k2")',
        ),
    ),
]


# --- round 2, written after the killers212 widenings, before the engine ran on it
# --- #38168 (aee4c14689): Hermes2ProToolParser's token-buffer streaming replaced; its token ids, arrays and
# tool_call_delta_buffer removed
HB = "aee4c14689"
HBW = "Hermes2ProToolParser.tool_call_delta_buffer and its token id arrays removed"
HH = (
    "from vllm.tool_parsers.hermes_tool_parser import Hermes2ProToolParser\n\n\n"
    "class AeonHermesParser(Hermes2ProToolParser):\n"
)
CASES += [
    (
        "#38168 streaming helpers removed",
        "a self. read of the removed token ids",
        K(
            "#38168",
            HB,
            HBW,
            "vllm/aeon/hb1.py",
            HH + "    def aeon_opens_call(self, token_id: int) -> bool:\n"
            "        # AEON: the Spark's MTP drafter stops drafting inside a tool call\n"
            "        return token_id in self.tool_call_start_token_ids\n",
            "return token_id in self.tool_call_start_token_ids",
        ),
    ),
    (
        "#38168 streaming helpers removed",
        "an override of the removed buffer method",
        K(
            "#38168",
            HB,
            HBW,
            "vllm/aeon/hb2.py",
            HH + "    def tool_call_delta_buffer(self, delta_text: str) -> str:\n"
            "        # AEON: under MTP the Spark's model streams whole tags in one delta: no buffering\n"
            "        return delta_text\n",
            "def tool_call_delta_buffer(self, delta_text: str) -> str:",
        ),
    ),
    (
        "#38168 streaming helpers removed",
        "a self. call of the removed buffer method",
        K(
            "#38168",
            HB,
            HBW,
            "vllm/aeon/hb3.py",
            HH + "    def aeon_visible(self, delta_text: str) -> str:\n"
            "        # AEON: the Spark's speculative decoding lands several tokens a step; show what is complete\n"
            "        return self.tool_call_delta_buffer(delta_text)\n",
            "return self.tool_call_delta_buffer(delta_text)",
        ),
    ),
    (
        "#38168 streaming helpers removed",
        "a subclass storing its own token arrays, which nothing reads any more",
        K(
            "#38168",
            HB,
            HBW,
            "vllm/aeon/hb5.py",
            "from vllm.tool_parsers.hermes_tool_parser import Hermes2ProToolParser\n\n\n"
            "class AeonTaggedParser(Hermes2ProToolParser):\n"
            "    def __init__(self, tokenizer, tools=None):\n"
            "        super().__init__(tokenizer, tools)\n"
            "        # AEON: the Spark's model wraps calls in <aeon_call> tags: buffer those while streaming\n"
            '        self.tool_call_start_token = "<aeon_call>"\n'
            '        self.tool_call_end_token = "</aeon_call>"\n'
            "        self.tool_call_start_token_array = [\n"
            "            self.model_tokenizer.decode([t])\n"
            "            for t in self.model_tokenizer.encode(self.tool_call_start_token, add_special_tokens=False)\n"
            "        ]\n",
            "self.tool_call_start_token_array = [",
        ),
    ),
    (
        "#38168 streaming helpers removed",
        "twin: reads of the kept tokens and regex",
        K(
            "#38168",
            HB,
            HBW,
            "vllm/aeon/hb4.py",
            HH + "    def aeon_calls(self, text: str) -> int:\n"
            "        # AEON: the Spark's router counts tool calls before dispatch\n"
            "        if self.tool_call_start_token not in text:\n"
            "            return 0\n"
            "        return len(self.tool_call_regex.findall(text))\n",
            "return len(self.tool_call_regex.findall(text))",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-toolparsers2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
