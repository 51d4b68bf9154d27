"""Adversarial twins of killers212's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a parameter the base now types as a one-pass iterable, which an override indexes or sizes
  (``drift/iterated_params.py``; #33593 ``delta_ids: Sequence[int]`` -> ``Iterable[int]``, handed an
  ``itertools.islice``): the new spelling only iterated, a tuple made of it then indexed, an ``isinstance`` test
  choosing a list, the parameter rebound as a list inside an ``if``, ``input_ids`` (still a sequence) indexed, a
  ``deque`` keeping the last token, a nested def and a lambda with their own ``delta_ids``, another method's
  ``delta_token_ids``, a namesake on the fork's own class, a list made by a walrus;
- a fork namesake of a new hook taking another kind of value (``drift/new_hooks.py`` ``_param_misfit``, with
  ``drift/symbols.py`` ``_chain_typed``; #33513 ``count_reasoning_tokens(self, token_ids: Sequence[int])`` called
  with a list): a namesake taking ``list[int]``, ``str | Sequence[int]``, a keyword-only extra with a default,
  a quoted ``Iterable[int]``, an optional sequence, a staticmethod taking a list or tuple, a text-taking
  namesake on the fork's own meter class;
- a None-default parameter stored as is, now always filled, reached through an upstream class of another file
  (``drift/gone_sentinels.py`` ``_none_param``, ``_derived_through``; #38189 ``ToolParser.tools`` ``[]`` where it
  was None): ``is not None`` and-ed with a length test, ``is None`` or-ed with an emptiness test, a conditional
  expression defaulting to ``[]``, an ``if`` iterating it, the fork's own ``__init__`` storing tools as given,
  ``request.tools``, a namesake field of the XML streaming parser, a kept field tested, ``getattr`` truth-tested,
  an ``is None`` early return of what the empty list answers too.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches by
these widenings, kept to show the reach stays.

Round 1 (main at 98525874), 4 cases and 28 twins as first written: 4 caught of 4; 2 false errors of 28, both
#38189's: ``tools = self.tools if self.tools is not None else []`` (a conditional expression is no ``if``
statement, so no guard was seen; it is the spelling of ``self.tools or []``, which tests no None) and ``if
self.tools is None: return ''`` followed by ``return self.tools[0].function.name if self.tools else ''`` (the
early return's branch is never taken after the merge, and the next return gives the same ``''`` for the empty
list).  The iterated-parameter and hook-kind widenings held: 0 false of 18 (the six ``count_reasoning_tokens``
namesakes warn that they now override the hook, by design).
Round 2 (this branch): ``_guards`` in ``drift/gone_sentinels.py`` takes two more guards, answering the same
whether None or an empty value is stored: a conditional expression with the field in one branch and an empty
literal or build in the None branch (``_empty_default``), and an ``if`` whose None branch is a lone return of an
empty value the next statement's ``return ... if x.F else <that value>`` gives again (``_answered_again``); a
non-empty default or another answer below stays the error (unit tests).  4 caught of 4; 0 false errors of 28
twins (6 warned).  blind_replay_toolparsers2 20 caught of 20 (10 twins quiet, 1 warned, 0 false) as before.
No second real commit of the None-default-now-filled shape was found in the parser and serving history
(``git log --first-parent -G`` on ``self.x = x or []`` finds new fields only: #31343, #35684, #42272).
Round 3 (written after the mend): a case the mend must not swallow, ``self.tools if self.tools is not None else
self.aeon_default_tools()`` (the fork's own tools when none were given: after the merge ``[]`` is kept, the
defaults never offered): caught.  All rounds, this branch: 5 caught of 5; 0 false errors of 28 twins (6 warned).
Regression set after the mend: blind_replay_toolparsers2 20/20 (10 twins quiet, 1 warned), killer_replay 26/26
blocked, kind_change_replay 12/12 (5 quiet), review105_twins 6 caught, 1 warned of 7 (0 false of 32),
review111_twins 8 caught, 1 warned of 9 (0 false of 36): all as before.

  PYTHONPATH=.. python review119_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 9ce8fad2a9 (#33593): is_reasoning_end_streaming's delta_ids Sequence[int] -> Iterable[int], handed an islice
IS = ("#33593", "9ce8fad2a9", "is_reasoning_end_streaming given an iterator (islice) for delta_ids")
BT = (
    "from collections.abc import Iterable, Sequence\n\n"
    "from vllm.reasoning.basic_parsers import BaseThinkingReasoningParser\n\n\n"
    "class AeonThinkParser(BaseThinkingReasoningParser):\n"
    "    @property\n"
    "    def start_token(self) -> str:\n"
    '        return "<think>"\n\n'
    "    @property\n"
    "    def end_token(self) -> str:\n"
    '        return "</think>"\n\n'
)
SIG = (
    "    def is_reasoning_end_streaming(\n"
    "        self, input_ids: Sequence[int], delta_ids: Sequence[int]\n"
    "    ) -> bool:\n"
)


def _is(name: str, body: str, line: str, head: str = BT, sig: str = SIG) -> Killer:
    return K(*IS, f"vllm/aeon/r119{name}.py", head + sig + body, line)


CASES += [
    (
        "#33593 iterated parameter",
        "an override indexing delta_ids (the replay's)",
        _is(
            "is0",
            "        return bool(delta_ids) and delta_ids[-1] == self.end_token_id\n",
            "        return bool(delta_ids) and delta_ids[-1] == self.end_token_id",
        ),
    ),
    (
        "#33593 iterated parameter",
        "an override taking len() of delta_ids (the replay's)",
        _is(
            "is00",
            "        accepted = len(delta_ids)\n"
            "        return self.end_token_id in input_ids[len(input_ids) - accepted :]\n",
            "        accepted = len(delta_ids)",
        ),
    ),
]
TWINS += [
    (
        "#33593 iterated parameter",
        "twin: the new spelling, Iterable[int], only iterated",
        _is(
            "is1",
            "        # AEON: MTP drafts: any accepted token may close the thought\n"
            "        return any(tok == self.end_token_id for tok in delta_ids)\n",
            "        return any(tok == self.end_token_id for tok in delta_ids)",
            sig="    def is_reasoning_end_streaming(\n"
            "        self, input_ids: Sequence[int], delta_ids: Iterable[int]\n"
            "    ) -> bool:\n",
        ),
    ),
    (
        "#33593 iterated parameter",
        "twin: a tuple made of delta_ids indexed",
        _is(
            "is2",
            "        tail = tuple(delta_ids)[-1:]  # AEON: only the last accepted draft token ends the thought\n"
            "        return tail == (self.end_token_id,)\n",
            "        tail = tuple(delta_ids)[-1:]  # AEON: only the last accepted draft token ends the thought",
        ),
    ),
    (
        "#33593 iterated parameter",
        "twin: an isinstance test before indexing, a list made otherwise",
        _is(
            "is3",
            "        ids = delta_ids if isinstance(delta_ids, Sequence) else list(delta_ids)\n"
            "        return bool(ids) and ids[-1] == self.end_token_id\n",
            "        return bool(ids) and ids[-1] == self.end_token_id",
        ),
    ),
    (
        "#33593 iterated parameter",
        "twin: delta_ids rebound as a list inside an if, then indexed",
        _is(
            "is4",
            "        if not isinstance(delta_ids, list):\n"
            "            delta_ids = list(delta_ids)  # AEON: upstreams from #33593 hand an islice\n"
            "        return bool(delta_ids) and delta_ids[-1] == self.end_token_id\n",
            "        return bool(delta_ids) and delta_ids[-1] == self.end_token_id",
        ),
    ),
    (
        "#33593 iterated parameter",
        "twin: input_ids (still a Sequence) indexed",
        _is(
            "is5",
            "        # AEON: the Spark's template may end the thought on the step's first token\n"
            "        return bool(input_ids) and input_ids[-1] == self.end_token_id\n",
            "        return bool(input_ids) and input_ids[-1] == self.end_token_id",
        ),
    ),
    (
        "#33593 iterated parameter",
        "twin: a deque keeping the last token",
        _is(
            "is6",
            "        last = deque(delta_ids, maxlen=1)  # AEON: one pass, the last accepted token\n"
            "        return bool(last) and last[0] == self.end_token_id\n",
            "        return bool(last) and last[0] == self.end_token_id",
            head="from collections import deque\n" + BT,
        ),
    ),
    (
        "#33593 iterated parameter",
        "twin: a nested helper with its own delta_ids list parameter",
        _is(
            "is7",
            "        def last(delta_ids: list[int]) -> int:\n"
            "            return delta_ids[-1]\n\n"
            "        ids = list(delta_ids)\n"
            "        return bool(ids) and last(ids) == self.end_token_id\n",
            "            return delta_ids[-1]",
        ),
    ),
    (
        "#33593 iterated parameter",
        "twin: a lambda with its own delta_ids parameter",
        _is(
            "is8",
            "        ends = lambda delta_ids: delta_ids[-1] == self.end_token_id  # noqa: E731\n"
            "        ids = list(delta_ids)\n"
            "        return bool(ids) and ends(ids)\n",
            "        ends = lambda delta_ids: delta_ids[-1] == self.end_token_id  # noqa: E731",
        ),
    ),
    (
        "#33593 iterated parameter",
        "twin: extract_reasoning_streaming indexing its delta_token_ids (unchanged)",
        K(
            *IS,
            "vllm/aeon/r119is9.py",
            BT + "    def aeon_closes(\n"
            "        self, previous_token_ids: Sequence[int], delta_token_ids: Sequence[int]\n"
            "    ) -> bool:\n"
            "        # AEON: the Spark's own streaming hook\n"
            "        return bool(delta_token_ids) and delta_token_ids[-1] == self.end_token_id\n",
            "        return bool(delta_token_ids) and delta_token_ids[-1] == self.end_token_id",
        ),
    ),
    (
        "#33593 iterated parameter",
        "twin: a namesake on the fork's own class, not a reasoning parser",
        K(
            *IS,
            "vllm/aeon/r119is10.py",
            "from collections.abc import Sequence\n\n\n"
            "class AeonStopWatcher:\n"
            "    end_token_id = 2\n\n"
            "    def is_reasoning_end_streaming(self, input_ids: Sequence[int], delta_ids: Sequence[int]) -> bool:\n"
            "        return bool(delta_ids) and delta_ids[-1] == self.end_token_id\n",
            "        return bool(delta_ids) and delta_ids[-1] == self.end_token_id",
        ),
    ),
    (
        "#33593 iterated parameter",
        "twin: delta_ids rebound by a walrus before indexing",
        _is(
            "is11",
            "        return bool(ids := [*delta_ids]) and ids[-1] == self.end_token_id\n",
            "        return bool(ids := [*delta_ids]) and ids[-1] == self.end_token_id",
        ),
    ),
]

# --- 9681068cf9 (#33513): ReasoningParser.count_reasoning_tokens(token_ids: Sequence[int]) added, called with a list
CR = ("#33513", "9681068cf9", "count_reasoning_tokens(token_ids) added to the base and called by the Responses API")


def _cr(name: str, sig: str, body: str) -> Killer:
    return K(*CR, f"vllm/aeon/r119{name}.py", BT + sig + body, sig.rstrip("\n").splitlines()[-1])


CASES += [
    (
        "#33513 hook argument kind",
        "a namesake taking the reasoning text (the replay's)",
        _cr(
            "cr0",
            "    def count_reasoning_tokens(self, reasoning: str) -> int:\n",
            "        return len(self.model_tokenizer.encode(reasoning))\n",
        ),
    ),
]
TWINS += [
    (
        "#33513 hook argument kind",
        "twin: a namesake taking list[int]",
        _cr(
            "cr1",
            "    def count_reasoning_tokens(self, token_ids: list[int]) -> int:\n",
            "        return token_ids.index(self.end_token_id) if self.end_token_id in token_ids else len(token_ids)\n",
        ),
    ),
    (
        "#33513 hook argument kind",
        "twin: a namesake taking text or ids",
        _cr(
            "cr2",
            "    def count_reasoning_tokens(self, token_ids: str | Sequence[int]) -> int:\n",
            "        ids = self.model_tokenizer.encode(token_ids) if isinstance(token_ids, str) else list(token_ids)\n"
            "        return ids.index(self.end_token_id) if self.end_token_id in ids else len(ids)\n",
        ),
    ),
    (
        "#33513 hook argument kind",
        "twin: a namesake with an optional keyword-only second parameter",
        _cr(
            "cr3",
            "    def count_reasoning_tokens(self, token_ids: Sequence[int], *, num_draft: int = 0) -> int:\n",
            "        ids = list(token_ids)\n"
            "        return ids.index(self.end_token_id) if self.end_token_id in ids else len(ids) - num_draft\n",
        ),
    ),
    (
        "#33513 hook argument kind",
        "twin: a namesake taking Iterable[int] (quoted)",
        _cr(
            "cr4",
            '    def count_reasoning_tokens(self, token_ids: "Iterable[int]") -> int:\n',
            "        ids = list(token_ids)\n        return ids.index(self.end_token_id) if self.end_token_id in ids else len(ids)\n",
        ),
    ),
    (
        "#33513 hook argument kind",
        "twin: a namesake taking an optional sequence, defaulted",
        _cr(
            "cr5",
            "    def count_reasoning_tokens(self, token_ids: Sequence[int] | None = None) -> int:\n",
            "        ids = list(token_ids or ())\n"
            "        return ids.index(self.end_token_id) if self.end_token_id in ids else len(ids)\n",
        ),
    ),
    (
        "#33513 hook argument kind",
        "twin: a text-taking namesake on the fork's own meter class",
        K(
            *CR,
            "vllm/aeon/r119cr6.py",
            "class AeonUsageMeter:\n"
            "    def __init__(self, tokenizer) -> None:\n"
            "        self.tokenizer = tokenizer\n\n"
            "    def count_reasoning_tokens(self, reasoning: str) -> int:\n"
            "        return len(self.tokenizer.encode(reasoning))\n",
            "    def count_reasoning_tokens(self, reasoning: str) -> int:",
        ),
    ),
    (
        "#33513 hook argument kind",
        "twin: a staticmethod namesake taking tuple-or-list ids",
        _cr(
            "cr7",
            "    @staticmethod\n    def count_reasoning_tokens(token_ids: list[int] | tuple[int, ...]) -> int:\n",
            "        return len(token_ids)  # AEON: the Spark bills every output token as reasoning\n",
        ),
    ),
]

# --- d53cb9cb8e (#38189): ToolParser.__init__ stored tools (None-default) as is; now a list, [] when none given
TL = ("#38189", "d53cb9cb8e", "ToolParser.tools a list always ([] where None was)")
HP = "from vllm.tool_parsers.hermes_tool_parser import Hermes2ProToolParser\n\n\n"


def _tl(name: str, body: str, line: str, head: str = HP, base: str = "Hermes2ProToolParser") -> Killer:
    return K(*TL, f"vllm/aeon/r119{name}.py", head + f"class AeonHermes{name}({base}):\n" + body, line)


CASES += [
    (
        "#38189 None-default stored, now filled",
        "self.tools is not None through Hermes2ProToolParser (the replay's)",
        _tl(
            "tl0",
            "    def aeon_tools_given(self) -> bool:\n        return self.tools is not None\n",
            "        return self.tools is not None",
        ),
    ),
]
CASES += [
    (
        "#38189 None-default stored, now filled",
        "a conditional expression defaulting to the fork's own tools (round 3)",
        _tl(
            "tl11",
            "    def aeon_default_tools(self) -> list:\n"
            "        return list(self.aeon_spark_tools)  # AEON: the Spark's router's own status and tuning tools\n\n"
            "    def aeon_tool_names(self) -> list[str]:\n"
            "        tools = self.tools if self.tools is not None else self.aeon_default_tools()\n"
            "        return [t.function.name for t in tools]\n",
            "        tools = self.tools if self.tools is not None else self.aeon_default_tools()",
        ),
    ),
]
TWINS += [
    (
        "#38189 None-default stored, now filled",
        "twin: is not None and-ed with a length test",
        _tl(
            "tl1",
            "    def aeon_tools_given(self) -> bool:\n        return self.tools is not None and len(self.tools) > 0\n",
            "        return self.tools is not None and len(self.tools) > 0",
        ),
    ),
    (
        "#38189 None-default stored, now filled",
        "twin: is None or-ed with an emptiness test",
        _tl(
            "tl2",
            "    def aeon_tool_names(self) -> list[str]:\n"
            "        if self.tools is None or not self.tools:\n"
            "            return []\n"
            "        return [t.function.name for t in self.tools]\n",
            "        if self.tools is None or not self.tools:",
        ),
    ),
    (
        "#38189 None-default stored, now filled",
        "twin: a conditional expression defaulting to an empty list",
        _tl(
            "tl3",
            "    def aeon_tool_names(self) -> list[str]:\n"
            "        tools = self.tools if self.tools is not None else []\n"
            "        return [t.function.name for t in tools]\n",
            "        tools = self.tools if self.tools is not None else []",
        ),
    ),
    (
        "#38189 None-default stored, now filled",
        "twin: an if not None iterating (an empty list iterates nothing)",
        _tl(
            "tl4",
            "    def aeon_tool_names(self) -> set[str]:\n"
            "        names: set[str] = set()\n"
            "        if self.tools is not None:\n"
            "            names.update(t.function.name for t in self.tools)\n"
            "        return names\n",
            "        if self.tools is not None:",
        ),
    ),
    (
        "#38189 None-default stored, now filled",
        "twin: the fork's own __init__ storing tools as given",
        _tl(
            "tl5",
            "    def __init__(self, tokenizer, tools=None) -> None:\n"
            "        super().__init__(tokenizer, tools)\n"
            "        self.tools = tools  # AEON: the router tells no tools from an empty tool list\n\n"
            "    def aeon_tools_given(self) -> bool:\n        return self.tools is not None\n",
            "        return self.tools is not None",
        ),
    ),
    (
        "#38189 None-default stored, now filled",
        "twin: request.tools (the request's own optional field) tested",
        _tl(
            "tl6",
            "    def aeon_tools_given(self, request: ChatCompletionRequest) -> bool:\n"
            "        return request.tools is not None\n",
            "        return request.tools is not None",
            head="from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest\n" + HP,
        ),
    ),
    (
        "#38189 None-default stored, now filled",
        "twin: a namesake field of the XML streaming parser (set_tools, no default)",
        _tl(
            "tl7",
            "    def aeon_tools_given(self) -> bool:\n        return self.tools is not None\n",
            "        return self.tools is not None",
            head="from vllm.tool_parsers.qwen3xml_tool_parser import StreamingXMLToolCallParser\n\n\n",
            base="StreamingXMLToolCallParser",
        ),
    ),
    (
        "#38189 None-default stored, now filled",
        "twin: a kept field (model_tokenizer) tested for None",
        _tl(
            "tl8",
            "    def aeon_ready(self) -> bool:\n        return self.model_tokenizer is not None\n",
            "        return self.model_tokenizer is not None",
        ),
    ),
    (
        "#38189 None-default stored, now filled",
        "twin: getattr with an empty default, truth-tested",
        _tl(
            "tl9",
            "    def aeon_tools_given(self) -> bool:\n"
            "        tools = getattr(self, 'tools', None)\n"
            "        return bool(tools)\n",
            "        return bool(tools)",
        ),
    ),
    (
        "#38189 None-default stored, now filled",
        "twin: is None with nothing to do on it (an early return of the empty answer)",
        _tl(
            "tl10",
            "    def aeon_first_tool(self) -> str:\n"
            "        if self.tools is None:\n"
            "            return ''  # AEON: no tools given\n"
            "        return self.tools[0].function.name if self.tools else ''\n",
            "        if self.tools is None:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review119-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
