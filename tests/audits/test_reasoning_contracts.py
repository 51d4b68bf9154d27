"""Silent killers of the reasoning parsers a fork derives its own from (benchmarks/blind_replay_reasoning.py).

A parser class upstream now has a factory build (f00e163f35, #45701; 2bc20e8aba, #46610: ``(Adapter, Tool) =
make_adapters(Engine)``, the factory calling ``type(name, (EngineReasoningAdapter,), {"_engine": engine})``, and
the old class name derived from or aliased to the product).  The index read the name bound by a call as a base it
could not see into and took every member past it for removed: a fork parser's ``self.model_tokenizer`` (the root
class's) or ``super().extract_reasoning`` (the adapter's) were false errors.  The factory's text says what it
builds; a member neither the built class nor its bases have (a token id only the old class set) is still gone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ABS = "vllm/reasoning/abs_reasoning_parsers.py"
ABS_TEXT = """class ReasoningParser:
    def __init__(self, tokenizer, *args, **kwargs):
        self.model_tokenizer = tokenizer

    def extract_reasoning(self, text, request):
        return None, text
"""
KIMI = "vllm/reasoning/kimi_parser.py"
KIMI_BASE = """from vllm.reasoning.abs_reasoning_parsers import ReasoningParser


class KimiParser(ReasoningParser):
    def __init__(self, tokenizer, *args, **kwargs):
        super().__init__(tokenizer, *args, **kwargs)
        self._end_token_id = 7

    def extract_reasoning(self, text, request):
        return text, None
"""
ADAPTERS = "vllm/parser/adapters.py"
ADAPTERS_TEXT = """from vllm.reasoning.abs_reasoning_parsers import ReasoningParser


class EngineReasoningAdapter(ReasoningParser):
    def extract_reasoning(self, text, request):
        return None, text


def make_adapters(engine):
    reasoning_adapter = type(f"{engine}Reasoning", (EngineReasoningAdapter,), {"_engine": engine})
    tool_adapter = type(f"{engine}Tool", (object,), {})
    return reasoning_adapter, tool_adapter


KimiReasoningAdapter, KimiToolAdapter = make_adapters("kimi")
"""
# the factory's other spellings: one class statement of its own, handed back alone
NESTED = """from vllm.reasoning.abs_reasoning_parsers import ReasoningParser


class EngineReasoningAdapter(ReasoningParser):
    def extract_reasoning(self, text, request):
        return None, text


def make_adapter(engine):
    class Made(EngineReasoningAdapter):
        _engine = engine

    return Made


KimiReasoningAdapter = make_adapter("kimi")
"""
# a factory whose text does not say what it builds: nothing past it is known to be missing
UNREAD = """from vllm.reasoning.abs_reasoning_parsers import ReasoningParser


def make_adapter(engine):
    return build_class(engine, ReasoningParser)


KimiReasoningAdapter = make_adapter("kimi")
"""
ALIASED = "from vllm.parser.adapters import KimiReasoningAdapter\n\nKimiParser = KimiReasoningAdapter\n"
DERIVED = (
    "from vllm.parser.adapters import KimiReasoningAdapter\n\n\nclass KimiParser(KimiReasoningAdapter):\n    pass\n"
)
FORK = "vllm/reasoning/aeon_parser.py"
SUBJECT = "[Frontend] Add Streaming Parser Engine and new Kimi Parser (#46610)"


def _rows(git_repo: GitRepo, no_rules: Path, adapters: str, kimi: str, bodies: list[str]) -> list[tuple[int, str, str]]:
    """Findings on the fork parser whose method ``i`` (line 6 + 2i) is ``bodies[i]``."""
    methods = "".join(f"    def aeon{i}(self, text, request):\n        {b}\n" for i, b in enumerate(bodies))
    fork = "from vllm.reasoning.kimi_parser import KimiParser\n\n\nclass AeonKimiParser(KimiParser):\n" + methods
    sides = s.merge_case(
        git_repo, {ABS: ABS_TEXT, KIMI: KIMI_BASE}, {FORK: fork}, [(SUBJECT, {ADAPTERS: adapters, KIMI: kimi})]
    )
    return [(r[1], r[2], r[3]) for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]


SHAPES = [(ADAPTERS_TEXT, ALIASED), (ADAPTERS_TEXT, DERIVED), (NESTED, ALIASED)]
IDS = ["type-call-aliased", "type-call-derived", "class-statement-aliased"]


KEPT = ["return self.model_tokenizer", "return super().extract_reasoning(text, request)", "return self._engine"]


@pytest.mark.parametrize(("adapters", "kimi"), SHAPES, ids=IDS)
def test_the_factory_built_class_keeps_its_members_and_loses_the_old_fields(
    git_repo: GitRepo, no_rules: Path, adapters: str, kimi: str
) -> None:
    # the root class's field, the adapter's method, a key of the factory's namespace: kept (a super() call now
    # reaching another body stays the warning it is for any replaced method); the old class's own field: gone
    rows = _rows(git_repo, no_rules, adapters, kimi, [*KEPT, "return self._end_token_id"])
    [(line, message)] = [(r[0], r[2]) for r in rows if r[1] == "error"]
    assert line == 12
    assert "self._end_token_id" in message and "KimiParser._end_token_id" in message


def test_twin_a_factory_the_text_does_not_explain(git_repo: GitRepo, no_rules: Path) -> None:
    assert (
        _rows(git_repo, no_rules, UNREAD, ALIASED, ["return self.model_tokenizer", "return self._end_token_id"]) == []
    )


# -- a call switched to a sibling the fork's class inherits without the override (c72ea10723, #30056) -------------
HOOKS = "vllm/reasoning/hooks.py"
HOOKS_BASE = """class ReasoningParser:
    def is_reasoning_end(self, input_ids):
        return False


class BaseThinkingReasoningParser(ReasoningParser):
    end_token_id = 2

    def is_reasoning_end(self, input_ids):
        return self.end_token_id in input_ids


class StepParser(ReasoningParser):
    def is_reasoning_end(self, input_ids):
        return 3 in input_ids
"""
HOOKS_UPSTREAM = (
    HOOKS_BASE.replace(
        "class BaseThinkingReasoningParser(ReasoningParser):",
        """    def is_reasoning_end_streaming(self, input_ids, delta_ids):
        return self.is_reasoning_end(input_ids)


class BaseThinkingReasoningParser(ReasoningParser):""",
    ).replace(
        "        return self.end_token_id in input_ids\n",
        """        return self.end_token_id in input_ids

    def is_reasoning_end_streaming(self, input_ids, delta_ids):
        return self.end_token_id in delta_ids
""",
    )
    + """
    def is_reasoning_end_streaming(self, input_ids, delta_ids):
        return self._ended(input_ids)

    def _ended(self, input_ids):
        return bool(input_ids) and self.is_reasoning_end(input_ids)
"""
)
MANAGER = "vllm/v1/structured_output/manager.py"
MANAGER_BASE = """from vllm.reasoning.hooks import ReasoningParser


class StructuredOutputManager:
    def __init__(self, reasoner: ReasoningParser):
        self.reasoner = reasoner

    def should_advance(self, all_ids, delta_ids):
        if self.reasoner.is_reasoning_end(all_ids):
            return True
        return False
"""
MANAGER_UPSTREAM = MANAGER_BASE.replace(
    "self.reasoner.is_reasoning_end(all_ids)", "self.reasoner.is_reasoning_end_streaming(all_ids, delta_ids)"
)
HOOK_FORK = """from vllm.reasoning.hooks import BaseThinkingReasoningParser, ReasoningParser, StepParser


class AeonThinkParser(BaseThinkingReasoningParser):
    def is_reasoning_end(self, input_ids):
        return self.end_token_id in input_ids or 9 in input_ids


class AeonPlainParser(ReasoningParser):
    def is_reasoning_end(self, input_ids):
        return 9 in input_ids


class AeonStepParser(StepParser):
    def is_reasoning_end(self, input_ids):
        return 9 in input_ids
"""


def test_an_override_the_switched_call_no_longer_asks(git_repo: GitRepo, no_rules: Path) -> None:
    # twins: the root's new sibling hands on to the override; another base's sibling reaches it through a helper
    sides = s.merge_case(
        git_repo,
        {HOOKS: HOOKS_BASE, MANAGER: MANAGER_BASE},
        {"vllm/reasoning/aeon_parser.py": HOOK_FORK},
        [(SUBJECT, {HOOKS: HOOKS_UPSTREAM, MANAGER: MANAGER_UPSTREAM})],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == "vllm/reasoning/aeon_parser.py"]
    [(_, line, severity, message)] = rows
    assert (line, severity) == (5, "error")
    assert "now calls self.reasoner.is_reasoning_end_streaming() where it called" in message
    assert "BaseThinkingReasoningParser.is_reasoning_end_streaming, which never asks is_reasoning_end" in message


# twins of the factory-built class: members the factory writes in other spellings are still the class's
INIT_IN_NAMESPACE = ADAPTERS_TEXT.replace(
    '    reasoning_adapter = type(f"{engine}Reasoning", (EngineReasoningAdapter,), {"_engine": engine})\n',
    """    def __init__(self, tokenizer, *args, **kwargs):
        EngineReasoningAdapter.__init__(self, tokenizer, *args, **kwargs)
        self._end_token_id = 7

    reasoning_adapter = type(f"{engine}Reasoning", (EngineReasoningAdapter,), {"__init__": __init__})
""",
)
SET_LATER = NESTED.replace("        _engine = engine\n", "        pass\n").replace(
    "    return Made\n", '    setattr(Made, "_end_token_id", 7)\n    return Made\n'
)
HANDED_ON = NESTED.replace("    return Made\n", "    register_fields(Made)\n    return Made\n")


@pytest.mark.parametrize(
    "adapters",
    [INIT_IN_NAMESPACE, SET_LATER, HANDED_ON],
    ids=["init-in-namespace", "setattr", "handed-to-a-call"],
)
def test_twin_a_field_the_factory_writes_outside_the_namespace_literal(
    git_repo: GitRepo, no_rules: Path, adapters: str
) -> None:
    # a def of the factory's own handed in by name writes its fields; members added after the class is made are
    # the class's; a class handed to another call may gain anything: the old field is not known to be gone
    assert _rows(git_repo, no_rules, adapters, ALIASED, ["return self._end_token_id"]) == []


def _hook_rows(git_repo: GitRepo, no_rules: Path, upstream: dict[str, str], base: dict[str, str] | None = None) -> list:
    sides = s.merge_case(
        git_repo,
        {HOOKS: HOOKS_BASE, MANAGER: MANAGER_BASE, **(base or {})},
        {FORK: HOOK_FORK.split("\n\n\nclass AeonPlainParser")[0] + "\n"},
        [(SUBJECT, {HOOKS: HOOKS_UPSTREAM, **upstream})],
    )
    return [(r[1], r[2]) for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]


def _sibling(body: str) -> str:
    return HOOKS_UPSTREAM.replace("        return self.end_token_id in delta_ids\n", body)


HELPER = _sibling("        return _ended(self, input_ids, delta_ids)\n") + (
    "\n\ndef _ended(parser, input_ids, delta_ids):\n    return parser.is_reasoning_end(input_ids)\n"
)
SPELLED = _sibling("        check = getattr(self, 'is_reasoning_' + 'end')\n        return check(input_ids)\n")


@pytest.mark.parametrize("hooks", [HELPER, SPELLED], ids=["module-helper", "computed-getattr"])
def test_twin_a_sibling_that_asks_the_override_another_way(git_repo: GitRepo, no_rules: Path, hooks: str) -> None:
    # the inherited sibling hands self to a module helper, or looks the hook up by a computed name: it may ask
    assert _hook_rows(git_repo, no_rules, {HOOKS: hooks, MANAGER: MANAGER_UPSTREAM}) == []


OTHER = "vllm/v1/detok.py"
OTHER_BASE = """from vllm.reasoning.hooks import ReasoningParser


class Detok:
    def is_reasoning_end(self, ids):
        return False

    def is_reasoning_end_streaming(self, ids, delta):
        return False


def g(parser: ReasoningParser):
    return parser


def f(detok: Detok, ids, delta):
    return detok.is_reasoning_end(ids)
"""
OTHER_UPSTREAM = OTHER_BASE.replace("detok.is_reasoning_end(ids)", "detok.is_reasoning_end_streaming(ids, delta)")


def test_twin_a_switch_on_a_receiver_of_another_class(git_repo: GitRepo, no_rules: Path) -> None:
    # the switched call's receiver is typed as a class of its own with hooks of the same names: not the fork's
    assert _hook_rows(git_repo, no_rules, {OTHER: OTHER_UPSTREAM}, {OTHER: OTHER_BASE}) == []


def test_a_switch_on_an_untyped_receiver_warns(git_repo: GitRepo, no_rules: Path) -> None:
    # the caller's text does not say the receiver's class: the switch may bypass the override, or not
    base = MANAGER_BASE.replace("reasoner: ReasoningParser", "reasoner")
    upstream = MANAGER_UPSTREAM.replace("reasoner: ReasoningParser", "reasoner")
    [(line, severity)] = _hook_rows(git_repo, no_rules, {MANAGER: upstream}, {MANAGER: base})
    assert (line, severity) == (5, "warning")
