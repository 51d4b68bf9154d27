"""A blind replay of the reasoning parsers a fork adds its own parser to, and the serving code that calls them.

10 first-parent commits on the surface a fork that ships its own reasoning parser carries code against -- the
``ReasoningParser`` package and its registry (``vllm.entrypoints.openai.reasoning_parsers`` moved to
``vllm.reasoning`` and the guided-decoding ``Reasoner`` deleted, ``qwen3_reasoning_parser`` deleted for the
engine-based adapter, a lazy registration naming it), the parser classes a fork derives from or reads
(``KimiK2ReasoningParser`` and ``MistralReasoningParser`` replaced by engine adapters, ``MiniMaxM2ReasoningParser``
re-based off ``BaseThinkingReasoningParser``: their token fields and properties gone), the hooks the structured
output manager calls (``is_reasoning_end_streaming`` now called instead of ``is_reasoning_end``, and
``BaseThinkingReasoningParser`` answers it without consulting a fork's ``is_reasoning_end``;
``StructuredOutputManager.reasoner`` replaced by a request-scoped ``reasoner_cls``), and the chat serving class
(``enable_reasoning`` removed, ``reasoning_parser_cls``/``tool_parser`` folded into ``parser_cls``,
``_should_stream_with_auto_tool_parsing`` and the stream generator's ``reasoning_parser`` argument removed) --
picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays
use.  Each is replayed under 1-2 fork spellings written the way fork code is written (a subclass reading a field
its base set, an override of a hook, a keyword to the constructor, an import of a moved or deleted module, a
lazy registration's module path, a read off a typed receiver, an override keeping a parameter the caller no
longer passes), with twins (fork code the commit does not break).  The merge base is the commit's first
parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 2b28ea40): 12 caught, 2 warned, 1 missed of 15 (twins: 8 quiet,
2 false errors of 10).  The miss: #30056's ``is_reasoning_end`` override of a ``BaseThinkingReasoningParser``
subclass (upstream's structured output manager now calls ``is_reasoning_end_streaming``, which that base answers
from ``end_token_id`` without asking ``is_reasoning_end``).  The false errors: #45701's ``super().extract_reasoning``
and #46610's ``self.model_tokenizer`` under a parser class a factory now builds (``(A, B) = make_adapters(E)``): the
index took the name bound by a call for a base it could not read and every member past it for removed.  The two
warned are errors off the spelling's line: #45081's override (the error lands on the ``def`` line of a multi-line
signature, the spelling named the parameter's line) and #48947's typed read (the error is on the import of
``MistralReasoningParser``, which #48947 removed from the module outright -- so the #48947 "twin" was mis-written:
its import breaks too, and the error on its import line is a true one).
After the killers79 widenings (and the two mis-written spellings fixed: #45081's anchored on its ``def`` line,
#48947's on the import that breaks, its twin replaced by the kept registry key): 15 caught, 0 warned, 0 missed
of 15 (twins: 10 quiet, 0 false errors).  Caught now: an override an upstream call no longer asks -- a block of
removed lines calling ``R.name(`` replaced by ``R.other(``, where the fork's class inherits an ``other`` that
never asks ``name`` (symbol drift, ``drift/switched_hooks.py``).  Quiet now: members of a class a factory builds
(``A, B = make()`` returning ``type(name, bases, {keys})`` or its own class statement) are looked up along what
the factory's text says; a base bound by any other call makes members past it unknown, never missing
(``drift/made_classes.py``).
Regression set after: killer_replay 26/26, kind_change_replay 12/12, blind_replay_toolparsers 18/18 (0 false of
12), blind_replay_openai 17 caught 1 warned of 18 (0 false), blind_replay_structured 20 caught 1 warned 1 missed
of 22 (0 false), blind_replay_moves 25/25 (0 false), review15/16/17_twins 0 false, symbol_precision --windows 3:
0 false errors (window 2 had 9 before switched hooks were limited to a sibling new to the fork's class).
After fixU (the reviewer's four false errors mended: a switched call's receiver typed as another class is quiet
and an untyped one warns; a sibling handing ``self`` to a helper or a computed ``getattr`` asks; a factory's local
``__init__`` in the ``type()`` namespace and a later ``setattr`` are the class's): 15 caught, 0 warned, 0 missed
of 15 (twins: 10 quiet, 0 false errors); killer_replay 26/26, kind_change_replay 12/12, review16/17_twins 0 false.

  python benchmarks/blind_replay_reasoning.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #14428 (32b14baf8a): vllm/entrypoints/openai/reasoning_parsers/ moved to vllm/reasoning/; the guided
#     decoding Reasoner classes deleted (the parser now answers is_reasoning_end itself)
MV = "32b14baf8a"
MVW = "reasoning parsers moved to vllm.reasoning, Reasoner deleted"
CASES += [
    (
        "#14428 parser package moved",
        "an import of the old package to register a parser",
        K(
            "#14428",
            MV,
            MVW,
            "vllm/aeon/mv1.py",
            "from vllm.entrypoints.openai.reasoning_parsers import ReasoningParser, ReasoningParserManager\n\n\n"
            "@ReasoningParserManager.register_module('aeon_r1')\n"
            "class AeonR1ReasoningParser(ReasoningParser):\n"
            "    # AEON: the GB10 fine-tune emits <reason> tags\n"
            "    start_token = '<reason>'\n",
            "from vllm.entrypoints.openai.reasoning_parsers import ReasoningParser, ReasoningParserManager",
        ),
    ),
    (
        "#14428 parser package moved",
        "an import of the deleted Reasoner module",
        K(
            "#14428",
            MV,
            MVW,
            "vllm/aeon/mv2.py",
            "from vllm.model_executor.guided_decoding.reasoner.reasoner import Reasoner\n\n\n"
            "class AeonReasoner(Reasoner):\n"
            "    def is_reasoning_end(self, input_ids: list[int]) -> bool:\n"
            "        return 151668 in input_ids\n",
            "from vllm.model_executor.guided_decoding.reasoner.reasoner import Reasoner",
        ),
    ),
    (
        "#14428 parser package moved",
        "twin: the protocol import kept",
        K(
            "#14428",
            MV,
            MVW,
            "vllm/aeon/mv3.py",
            "from vllm.entrypoints.openai.protocol import DeltaMessage\n\n\n"
            "def aeon_reasoning_delta(text: str) -> DeltaMessage:\n"
            "    return DeltaMessage(reasoning_content=text)\n",
            "from vllm.entrypoints.openai.protocol import DeltaMessage",
        ),
    ),
]

# --- #17452 (98060b001d): --enable-reasoning deprecated; OpenAIServingChat loses enable_reasoning (keyword and
#     attribute) and _should_stream_with_reasoning_parsing
ER = "98060b001d"
ERW = "OpenAIServingChat.enable_reasoning removed"
SC = "from vllm.entrypoints.openai.serving_chat import OpenAIServingChat\n\n\n"
CASES += [
    (
        "#17452 serving attribute removed",
        "a subclass reading the removed attribute",
        K(
            "#17452",
            ER,
            ERW,
            "vllm/aeon/er1.py",
            SC + "class AeonServingChat(OpenAIServingChat):\n"
            "    def aeon_strips_think(self) -> bool:\n"
            "        # AEON: the Spark's UI hides reasoning when the server parses it\n"
            "        return self.enable_reasoning and self.reasoning_parser is not None\n",
            "return self.enable_reasoning and self.reasoning_parser is not None",
        ),
    ),
    (
        "#17452 serving attribute removed",
        "a keyword to the constructor",
        K(
            "#17452",
            ER,
            ERW,
            "vllm/aeon/er2.py",
            SC + "def aeon_chat(engine, model_config, models) -> OpenAIServingChat:\n"
            "    return OpenAIServingChat(engine, model_config, models, 'assistant', request_logger=None, chat_template=None, chat_template_content_format='auto', enable_reasoning=True, reasoning_parser='deepseek_r1')\n",
            "return OpenAIServingChat(engine, model_config, models, 'assistant', request_logger=None, chat_template=None, chat_template_content_format='auto', enable_reasoning=True, reasoning_parser='deepseek_r1')",
        ),
    ),
    (
        "#17452 serving attribute removed",
        "twin: the reasoning_parser attribute kept",
        K(
            "#17452",
            ER,
            ERW,
            "vllm/aeon/er3.py",
            SC + "class AeonServingChat2(OpenAIServingChat):\n"
            "    def aeon_parses_reasoning(self) -> bool:\n"
            "        return self.reasoning_parser is not None\n",
            "return self.reasoning_parser is not None",
        ),
    ),
]

# --- #30056 (c72ea10723): the structured output manager asks is_reasoning_end_streaming(input_ids, delta_ids);
#     BaseThinkingReasoningParser answers it from end_token_id alone, never consulting is_reasoning_end
RE = "c72ea10723"
REW = "structured output calls is_reasoning_end_streaming, not is_reasoning_end"
BTP = "from vllm.reasoning.basic_parsers import BaseThinkingReasoningParser\n\n\n"
CASES += [
    (
        "#30056 hook no longer consulted",
        "a thinking parser's is_reasoning_end override",
        K(
            "#30056",
            RE,
            REW,
            "vllm/aeon/re1.py",
            BTP + "class AeonThinkParser(BaseThinkingReasoningParser):\n"
            "    @property\n"
            "    def start_token(self) -> str:\n"
            "        return '<think>'\n\n"
            "    @property\n"
            "    def end_token(self) -> str:\n"
            "        return '</think>'\n\n"
            "    def is_reasoning_end(self, input_ids: list[int]) -> bool:\n"
            "        # AEON: our fine-tune may open a tool call without closing </think>\n"
            "        return self.end_token_id in input_ids or self.vocab['<tool_call>'] in input_ids\n",
            "def is_reasoning_end(self, input_ids: list[int]) -> bool:",
        ),
    ),
    (
        "#30056 hook no longer consulted",
        "twin: a direct ReasoningParser subclass (the base's new hook delegates to it)",
        K(
            "#30056",
            RE,
            REW,
            "vllm/aeon/re2.py",
            "from vllm.reasoning.abs_reasoning_parsers import ReasoningParser\n\n\n"
            "class AeonPlainParser(ReasoningParser):\n"
            "    def is_reasoning_end(self, input_ids: list[int]) -> bool:\n"
            "        return 151668 in input_ids\n\n"
            "    def extract_content_ids(self, input_ids: list[int]) -> list[int]:\n"
            "        return input_ids\n",
            "def is_reasoning_end(self, input_ids: list[int]) -> bool:",
        ),
    ),
    (
        "#30056 hook no longer consulted",
        "twin: a thinking parser's extract_content_ids override (still called)",
        K(
            "#30056",
            RE,
            REW,
            "vllm/aeon/re3.py",
            BTP + "class AeonThinkParser2(BaseThinkingReasoningParser):\n"
            "    @property\n"
            "    def start_token(self) -> str:\n"
            "        return '<think>'\n\n"
            "    @property\n"
            "    def end_token(self) -> str:\n"
            "        return '</think>'\n\n"
            "    def extract_content_ids(self, input_ids: list[int]) -> list[int]:\n"
            "        return [t for t in input_ids if t != self.end_token_id]\n",
            "def extract_content_ids(self, input_ids: list[int]) -> list[int]:",
        ),
    ),
]

# --- #41199 (a07642667d): StructuredOutputManager.reasoner replaced by reasoner_cls (the parser is per request)
SR = "a07642667d"
SRW = "StructuredOutputManager.reasoner -> reasoner_cls"
SOM = "from vllm.v1.structured_output import StructuredOutputManager\n\n\n"
CASES += [
    (
        "#41199 manager field removed",
        "a read off a manager typed as the class",
        K(
            "#41199",
            SR,
            SRW,
            "vllm/aeon/sr1.py",
            SOM + "def aeon_reasoning_done(manager: StructuredOutputManager, token_ids: list[int]) -> bool:\n"
            "    # AEON: the router skips the bitmask once thinking is over\n"
            "    return manager.reasoner is not None and manager.reasoner.is_reasoning_end(token_ids)\n",
            "return manager.reasoner is not None and manager.reasoner.is_reasoning_end(token_ids)",
        ),
    ),
    (
        "#41199 manager field removed",
        "twin: the enable_in_reasoning field kept",
        K(
            "#41199",
            SR,
            SRW,
            "vllm/aeon/sr2.py",
            SOM + "def aeon_masks_thinking(manager: StructuredOutputManager) -> bool:\n"
            "    return manager.enable_in_reasoning\n",
            "return manager.enable_in_reasoning",
        ),
    ),
]

# --- #45413 (c4a3f9d137): qwen3_reasoning_parser deleted; "qwen3" now the engine-based adapter module
QW = "c4a3f9d137"
QWW = "qwen3_reasoning_parser deleted"
CASES += [
    (
        "#45413 parser module deleted",
        "a subclass of the deleted module's parser",
        K(
            "#45413",
            QW,
            QWW,
            "vllm/aeon/qw1.py",
            "from vllm.reasoning.qwen3_reasoning_parser import Qwen3ReasoningParser\n\n\n"
            "class AeonQwen3ReasoningParser(Qwen3ReasoningParser):\n"
            "    # AEON: the Spark's distilled Qwen3 never emits <think>\n"
            "    start_token_optional = True\n",
            "from vllm.reasoning.qwen3_reasoning_parser import Qwen3ReasoningParser",
        ),
    ),
    (
        "#45413 parser module deleted",
        "a lazy registration naming the deleted module",
        K(
            "#45413",
            QW,
            QWW,
            "vllm/aeon/qw2.py",
            "from vllm.reasoning import ReasoningParserManager\n\n"
            "ReasoningParserManager.register_lazy_module(\n"
            "    name='aeon_qwen3',\n"
            "    module_path='vllm.reasoning.qwen3_reasoning_parser',\n"
            "    class_name='Qwen3ReasoningParser',\n"
            ")\n",
            "    module_path='vllm.reasoning.qwen3_reasoning_parser',",
        ),
    ),
    (
        "#45413 parser module deleted",
        "twin: a kept parser module",
        K(
            "#45413",
            QW,
            QWW,
            "vllm/aeon/qw3.py",
            "from vllm.reasoning.deepseek_r1_reasoning_parser import DeepSeekR1ReasoningParser\n\n\n"
            "class AeonR1Parser(DeepSeekR1ReasoningParser):\n"
            "    pass\n",
            "from vllm.reasoning.deepseek_r1_reasoning_parser import DeepSeekR1ReasoningParser",
        ),
    ),
]

# --- #45548 (0d80979644): OpenAIServingChat.reasoning_parser_cls and .tool_parser folded into parser_cls
PC = "0d80979644"
PCW = "OpenAIServingChat.reasoning_parser_cls/tool_parser removed"
CHAT = "from vllm.entrypoints.openai.chat_completion.serving import OpenAIServingChat\n\n\n"
CASES += [
    (
        "#45548 serving attribute removed",
        "a subclass building the reasoning parser from the removed attribute",
        K(
            "#45548",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            CHAT + "class AeonServingChat3(OpenAIServingChat):\n"
            "    def aeon_reasoning_parser(self, tokenizer):\n"
            "        # AEON: the Spark's audit log records reasoning separately\n"
            "        if self.reasoning_parser_cls is None:\n"
            "            return None\n"
            "        return self.reasoning_parser_cls(tokenizer)\n",
            "if self.reasoning_parser_cls is None:",
        ),
    ),
    (
        "#45548 serving attribute removed",
        "a read of the removed tool_parser attribute",
        K(
            "#45548",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            CHAT + "def aeon_has_tools(serving: OpenAIServingChat) -> bool:\n"
            "    return serving.tool_parser is not None\n",
            "return serving.tool_parser is not None",
        ),
    ),
    (
        "#45548 serving attribute removed",
        "twin: the enable_auto_tools attribute kept",
        K(
            "#45548",
            PC,
            PCW,
            "vllm/aeon/pc3.py",
            CHAT + "def aeon_auto_tools(serving: OpenAIServingChat) -> bool:\n    return serving.enable_auto_tools\n",
            "return serving.enable_auto_tools",
        ),
    ),
]

# --- #45081 (6aec99f030): dead states removed from chat serving: _should_stream_with_auto_tool_parsing, and
#     chat_completion_stream_generator's reasoning_parser parameter (the caller stops passing it)
DS = "6aec99f030"
DSW = "stream generator's reasoning_parser and _should_stream_with_auto_tool_parsing removed"
CASES += [
    (
        "#45081 serving method removed",
        "a call of the removed helper on self",
        K(
            "#45081",
            DS,
            DSW,
            "vllm/aeon/ds1.py",
            CHAT + "class AeonServingChat4(OpenAIServingChat):\n"
            "    def aeon_streams_tools(self, request) -> bool:\n"
            "        # AEON: tool streaming is throttled on the Spark\n"
            "        return self._should_stream_with_auto_tool_parsing(request)\n",
            "return self._should_stream_with_auto_tool_parsing(request)",
        ),
    ),
    (
        "#45081 serving method removed",
        "an override keeping the parameter the caller no longer passes",
        K(
            "#45081",
            DS,
            DSW,
            "vllm/aeon/ds2.py",
            CHAT + "class AeonServingChat5(OpenAIServingChat):\n"
            "    async def chat_completion_stream_generator(\n"
            "        self, request, result_generator, request_id, model_name, conversation, tokenizer,\n"
            "        request_metadata, reasoning_parser=None, chat_template_kwargs=None,\n"
            "    ):\n"
            "        # AEON: count reasoning chunks for the Spark's metrics\n"
            "        self.aeon_reasoning = reasoning_parser is not None\n"
            "        async for chunk in super().chat_completion_stream_generator(\n"
            "            request, result_generator, request_id, model_name, conversation, tokenizer,\n"
            "            request_metadata, reasoning_parser, chat_template_kwargs=chat_template_kwargs,\n"
            "        ):\n"
            "            yield chunk\n",
            "    async def chat_completion_stream_generator(",
        ),
    ),
]

# --- #45701 (f00e163f35): MiniMaxM2ReasoningParser re-based off BaseThinkingReasoningParser onto the engine adapter
MM = "f00e163f35"
MMW = "MiniMaxM2ReasoningParser re-based onto the engine adapter"
MMP = "from vllm.reasoning.minimax_m2_reasoning_parser import MiniMaxM2ReasoningParser\n\n\n"
CASES += [
    (
        "#45701 base class swapped",
        "a subclass reading the old base's token id",
        K(
            "#45701",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            MMP + "class AeonMiniMaxParser(MiniMaxM2ReasoningParser):\n"
            "    def aeon_thinking_done(self, token_ids: list[int]) -> bool:\n"
            "        # AEON: the Spark's scheduler frees the think budget early\n"
            "        return self.end_token_id in token_ids\n",
            "return self.end_token_id in token_ids",
        ),
    ),
    (
        "#45701 base class swapped",
        "twin: super() of a hook the adapter keeps",
        K(
            "#45701",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            MMP + "class AeonMiniMaxParser2(MiniMaxM2ReasoningParser):\n"
            "    def extract_reasoning(self, model_output, request):\n"
            "        reasoning, content = super().extract_reasoning(model_output, request)\n"
            "        return reasoning, content\n",
            "reasoning, content = super().extract_reasoning(model_output, request)",
        ),
    ),
]

# --- #46610 (2bc20e8aba): KimiK2ReasoningParser is now the engine adapter (its token fields gone)
KK = "2bc20e8aba"
KKW = "KimiK2ReasoningParser replaced by KimiK2ParserReasoningAdapter"
KKP = "from vllm.reasoning.kimi_k2_reasoning_parser import KimiK2ReasoningParser\n\n\n"
CASES += [
    (
        "#46610 parser replaced by adapter",
        "a subclass reading a token id the old __init__ set",
        K(
            "#46610",
            KK,
            KKW,
            "vllm/aeon/kk1.py",
            KKP + "class AeonKimiParser(KimiK2ReasoningParser):\n"
            "    def aeon_tool_section(self, token_ids: list[int]) -> bool:\n"
            "        # AEON: the Spark's router counts tool sections\n"
            "        return self._tool_section_start_token_id in token_ids\n",
            "return self._tool_section_start_token_id in token_ids",
        ),
    ),
    (
        "#46610 parser replaced by adapter",
        "twin: the base's model_tokenizer",
        K(
            "#46610",
            KK,
            KKW,
            "vllm/aeon/kk2.py",
            KKP + "class AeonKimiParser2(KimiK2ReasoningParser):\n"
            "    def aeon_vocab_size(self) -> int:\n"
            "        return len(self.model_tokenizer.get_vocab())\n",
            "return len(self.model_tokenizer.get_vocab())",
        ),
    ),
]

# --- #48947 (1a20d23dab): MistralReasoningParser is now the engine adapter (start_token/end_token gone)
MS = "1a20d23dab"
MSW = "MistralReasoningParser replaced by MistralParserReasoningAdapter"
MSP = "from vllm.reasoning.mistral_reasoning_parser import MistralReasoningParser\n\n\n"
CASES += [
    (
        "#48947 parser replaced by adapter",
        "a typed read (the import of the removed class breaks first)",
        K(
            "#48947",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            MSP + "def aeon_think_marker(parser: MistralReasoningParser) -> str:\n"
            "    # AEON: the Spark's UI splits on the marker\n"
            "    return parser.end_token\n",
            "from vllm.reasoning.mistral_reasoning_parser import MistralReasoningParser",
        ),
    ),
    (
        "#48947 parser replaced by adapter",
        "twin: the registry key kept (it now names the adapter)",
        K(
            "#48947",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            "from vllm.reasoning import ReasoningParser, ReasoningParserManager\n\n\n"
            "def aeon_mistral_parser() -> type[ReasoningParser]:\n"
            "    return ReasoningParserManager.get_reasoning_parser('mistral')\n",
            "return ReasoningParserManager.get_reasoning_parser('mistral')",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-reasoning-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
