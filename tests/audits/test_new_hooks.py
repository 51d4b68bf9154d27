"""A fork's own method that a base hook upstream added now overrides, unfit for upstream's calls (#39027)."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- shaped like #39027 (8477fe427d): ReasoningParser.adjust_request added, the render path assigns its result --
ABS = "vllm/reasoning/abs_reasoning_parsers.py"
RENDER = "vllm/entrypoints/render.py"
FORK = "vllm/reasoning/aeon_reasoning_parser.py"
ABS_TEXT = "class ReasoningParser:\n    def is_reasoning_end(self, input_ids):\n        return False\n"
HOOK = "\n    def adjust_request(self, request):\n        return request\n"
RENDER_HEAD = "from vllm.reasoning.abs_reasoning_parsers import ReasoningParser\n\n\n"
RENDER_TEXT = RENDER_HEAD + "def render(request, parser_cls: type[ReasoningParser]):\n    return request\n"
ASSIGNED = RENDER_TEXT.replace(
    "    return request\n", "    request = parser_cls().adjust_request(request=request)\n    return request\n"
)
BASE = {"vllm/reasoning/__init__.py": "", "vllm/entrypoints/__init__.py": "", ABS: ABS_TEXT, RENDER: RENDER_TEXT}
UPSTREAM = {ABS: ABS_TEXT + HOOK, RENDER: ASSIGNED}
# another class's method of the hook's name (#39027's ToolParser.adjust_request): an untyped call may be its
TOOL = {
    "vllm/tool_parsers/abs_tool_parser.py": "class ToolParser:\n    def adjust_request(self, request):\n        return request\n"
}


def _fork(method: str) -> dict[str, str]:
    head = "from vllm.reasoning.abs_reasoning_parsers import ReasoningParser\n\n\n"
    return {FORK: head + "class AeonParser(ReasoningParser):\n" + method}


def _found(repo: GitRepo, fork: dict[str, str], upstream: dict[str, str | None]) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, BASE, fork, [("[Tool] `adjust_request` to reasoning parser (#39027)", upstream)])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "the fork's own method, now overrides" in f.message
    ]


@pytest.mark.parametrize(
    ("method", "says"),
    [
        (
            "    def adjust_request(self, request) -> None:\n        request.skip_special_tokens = False  # AEON\n",
            "the fork's method returns nothing: upstream gets None",
        ),
        (
            "    def adjust_request(self, request, budget):\n        return request  # AEON\n",
            "which does not pass budget, which the fork's method requires: TypeError",
        ),
        (
            "    def adjust_request(self, req):\n        return req  # AEON\n",
            "passes request=, which the fork's method does not take: TypeError",
        ),
    ],
)
def test_a_fork_method_the_new_hook_cannot_call(git_repo: GitRepo, method: str, says: str) -> None:
    [(line, severity, message)] = _found(git_repo, _fork(method), UPSTREAM)
    assert (line, severity) == (5, "error")
    assert "AeonParser.adjust_request, the fork's own method, now overrides ReasoningParser.adjust_request" in message
    assert says in message and "parser_cls().adjust_request(request=request)" in message


@pytest.mark.parametrize(
    ("method", "upstream"),
    [
        # fits the hook: it may do what upstream's does
        ("    def adjust_request(self, request):\n        request.x = 1\n        return request\n", UPSTREAM),
        ("    def adjust_request(self, request, budget=0):\n        return request\n", UPSTREAM),
        # returns nothing, but no call upstream uses the value
        (
            "    def adjust_request(self, request) -> None:\n        request.x = 1\n",
            {**UPSTREAM, RENDER: ASSIGNED.replace("    request = parser_cls()", "    parser_cls()")},
        ),
        # returns nothing by refusing: a hook of the fork's own its subclasses fill
        ("    def adjust_request(self, request):\n        raise NotImplementedError\n", UPSTREAM),
        # the only new call of the name is another class's, in a file not naming ReasoningParser
        (
            "    def adjust_request(self, request, budget):\n        return request\n",
            {
                **TOOL,
                ABS: ABS_TEXT + HOOK,
                "vllm/entrypoints/tools.py": "def render(request, tool):\n"
                "    request = tool.adjust_request(request)\n    return request\n",
            },
        ),
    ],
)
def test_a_fork_method_that_fits_or_is_not_called_stays_the_warning(
    git_repo: GitRepo, method: str, upstream: dict[str, str | None]
) -> None:
    assert [severity for _, severity, _ in _found(git_repo, _fork(method), upstream)] == ["warning"]


# -- the receiver upstream types: #39027's own spelling, ``reasoning_parser: type[ReasoningParser] | None`` --
OPTIONAL_CLS = RENDER_HEAD + (
    "def render(request, tokenizer, reasoning_parser: type[ReasoningParser] | None = None):\n"
    "    if reasoning_parser is not None:\n"
    "        request = reasoning_parser(tokenizer).adjust_request(request=request)\n"
    "    return request\n"
)


def test_a_call_off_an_optional_class_of_the_hook_still_decides_the_error(git_repo: GitRepo) -> None:
    method = "    def adjust_request(self, request) -> None:\n        request.x = 1\n"
    [(_, severity, message)] = _found(git_repo, _fork(method), {ABS: ABS_TEXT + HOOK, RENDER: OPTIONAL_CLS})
    assert severity == "error" and "reasoning_parser(tokenizer).adjust_request(request=request)" in message


# -- twins a reviewer proved were false errors: a def the text cannot judge, a call of another class's method --
TOOLS_TEXT = RENDER_HEAD + (
    "def render(request, parser: ReasoningParser, tool_parser):\n    parser.is_reasoning_end([])\n    return request\n"
)
TOOLS_NEW = RENDER_HEAD + (
    "def render(request, parser: ReasoningParser, tool_parser):\n"
    "    parser.adjust_request(request)\n"
    "    request = tool_parser.adjust_request(request=request)\n"
    "    return request\n"
)
CONCRETE = "\n\nclass AeonConcrete(AeonParser):\n    def adjust_request(self, request):\n        return request\n"
DECORATORS = (
    "import functools\n\n\n"
    "def _budgeted(fn):\n    @functools.wraps(fn)\n    def wrap(self, request):\n"
    "        return fn(self, request, 10)\n\n    return wrap\n\n\n"
    "def _returns_request(fn):\n    @functools.wraps(fn)\n    def wrap(self, request):\n"
    "        fn(self, request)\n        return request\n\n    return wrap\n\n\n"
)


@pytest.mark.parametrize(
    ("method", "base_render", "upstream"),
    [
        (  # the fork's abstract intermediate class: concrete subclasses fill it
            "    @abstractmethod\n    def adjust_request(self, request):\n        ...\n" + CONCRETE,
            RENDER_TEXT,
            UPSTREAM,
        ),
        (
            '    @abstractmethod\n    def adjust_request(self, request):\n        """Subclasses adjust."""\n'
            + CONCRETE,
            RENDER_TEXT,
            UPSTREAM,
        ),
        ("    def adjust_request(self, request, budget):\n        pass\n", RENDER_TEXT, UPSTREAM),
        (  # a decorator fills the parameter, or returns the request the def adjusts in place
            "    @_budgeted\n    def adjust_request(self, request, budget):\n        return request\n",
            RENDER_TEXT,
            UPSTREAM,
        ),
        (
            "    @_returns_request\n    def adjust_request(self, request) -> None:\n        request.x = 1\n",
            RENDER_TEXT,
            UPSTREAM,
        ),
        (  # the hook's call discards the value; the assigned call is an untyped ToolParser's
            "    def adjust_request(self, request) -> None:\n        request.x = 1\n",
            TOOLS_TEXT,
            {**TOOL, ABS: ABS_TEXT + HOOK, RENDER: TOOLS_NEW},
        ),
        (  # the hook's call is positional and fits; the keyword call is the ToolParser's
            "    def adjust_request(self, req):\n        return req\n",
            TOOLS_TEXT,
            {**TOOL, ABS: ABS_TEXT + HOOK, RENDER: TOOLS_NEW},
        ),
    ],
    ids=[
        "abstract ...",
        "abstract docstring",
        "pass",
        "decorator fills",
        "decorator returns",
        "other assigned",
        "other kw",
    ],
)
def test_twin_a_def_the_text_cannot_judge_or_another_class_s_call_stays_the_warning(
    git_repo: GitRepo, method: str, base_render: str, upstream: dict[str, str | None]
) -> None:
    head = (
        "from abc import abstractmethod\n\n"
        + DECORATORS
        + "from vllm.reasoning.abs_reasoning_parsers import ReasoningParser\n\n\n"
    )
    fork = {FORK: head + "class AeonParser(ReasoningParser):\n" + method}
    sides = s.merge_case(
        git_repo,
        {**BASE, RENDER: base_render},
        fork,
        [("[Tool] `adjust_request` to reasoning parser (#39027)", upstream)],
    )
    found = [
        f.severity.value
        for f in s.merged_findings(git_repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "AeonParser.adjust_request, the fork's own method" in f.message
    ]
    assert found == ["warning"]


# -- killers180, shaped like #46877 (b5b61c622c): the hook called through a lambda handed to a module function
# whose parameter is annotated ``Callable[[Base], None]`` (``_apply_to_device_comms(lambda comm:
# comm.checkpoint_prepare())``): the annotation types the lambda's parameter as the hook's class
APPLY = RENDER_HEAD + (
    "from collections.abc import Callable\n\n\n"
    "def _each(parsers: list, action: Callable[[ReasoningParser], None]) -> None:\n"
    "    for parser in parsers:\n        action(parser)\n"
)
APPLIED = {
    "positional": APPLY
    + "\n\ndef render_all(parsers):\n    _each(parsers, lambda p: p.adjust_request(request=None))\n",
    "keyword": APPLY + "\n\ndef render_all(parsers):\n    _each(parsers, action=lambda p: p.adjust_request(None))\n",
}
UNTYPED = RENDER_HEAD + (
    "def _each(parsers: list, action) -> None:\n    for parser in parsers:\n        action(parser)\n\n\n"
    "def render_all(parsers):\n    _each(parsers, lambda p: p.adjust_request(request=None))\n"
)


@pytest.mark.parametrize("render", list(APPLIED.values()), ids=list(APPLIED))
def test_a_lambda_parameter_typed_by_the_callable_it_is_handed_to_decides_the_error(
    git_repo: GitRepo, render: str
) -> None:
    fork = _fork("    def adjust_request(self, request, budget):\n        return request  # AEON\n")
    [(line, severity, _)] = _found(git_repo, fork, {ABS: ABS_TEXT + HOOK, RENDER: render})
    assert (line, severity) == (5, "error")


@pytest.mark.parametrize(
    ("method", "render"),
    [
        # the fork's namesake fits the lambda's call
        ("    def adjust_request(self, request=None):\n        return request  # AEON\n", APPLIED["positional"]),
        # the function taking the lambda does not type what it hands it: which class is unknown
        ("    def adjust_request(self, request, budget):\n        return request  # AEON\n", UNTYPED),
    ],
    ids=["fits", "untyped callable"],
)
def test_twin_a_lambda_call_that_fits_or_is_untyped_stays_the_warning(
    git_repo: GitRepo, method: str, render: str
) -> None:
    upstream = {**TOOL, ABS: ABS_TEXT + HOOK, RENDER: render}
    assert [r[1] for r in _found(git_repo, _fork(method), upstream)] == ["warning"]


# -- #22650 (10d765482d): ModelConfig.get_num_experts() -> int added, compared by upstream's new lines; a fork
# namesake returning another kind of value (a list, a string) hands upstream's comparison that value --
CFG = "vllm/config/model.py"
CFG_TEXT = "class ModelConfig:\n    def get_hidden_size(self) -> int:\n        return 1\n"
COUNTED = (
    CFG_TEXT + "\n    def get_num_experts(self) -> int:\n        return 8\n\n"
    "    def backend_cls(self) -> str:\n"
    '        return "MoE" if self.get_num_experts() > 1 else "Dense"\n'
)
CFG_FORK = "vllm/config/aeon_model.py"


def _experts(repo: GitRepo, method: str, upstream: str = COUNTED) -> list[tuple[int, str, str]]:
    base = {"vllm/config/__init__.py": "", CFG: CFG_TEXT}
    fork = {CFG_FORK: "from vllm.config.model import ModelConfig\n\n\nclass AeonConfig(ModelConfig):\n" + method}
    sides = s.merge_case(repo, base, fork, [("FusedMoE for the Transformers backend (#22650)", {CFG: upstream})])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "the fork's own method, now overrides" in f.message
    ]


@pytest.mark.parametrize(
    "returns",
    ["list[int]", "tuple[int, ...] | None", "str", "'dict[str, int]'"],
    ids=["a-list", "an-optional-tuple", "a-string", "a-quoted-dict"],
)
def test_a_fork_namesake_returning_another_kind_where_upstream_uses_the_value(git_repo: GitRepo, returns: str) -> None:
    method = f"    def get_num_experts(self) -> {returns}:\n        return self.aeon_experts  # AEON\n"
    [(line, severity, message)] = _experts(git_repo, method)
    assert (line, severity) == (5, "error") and "another kind of value" in message


@pytest.mark.parametrize(
    ("returns", "upstream"),
    [
        ("float", COUNTED),  # a number for a number
        ("int | None", COUNTED),
        ("ExpertCount", COUNTED),  # a class: nothing told
        ("list[int]", COUNTED.replace("self.get_num_experts() > 1", "True")),  # upstream never uses the value
        # a quoted annotation no parse reads (too deep: RecursionError; a NUL: ValueError on 3.10) tells nothing
        ("'" + " | ".join(["list[int]"] * 3000) + "'", COUNTED),
        ("'list[int]\\x00'", COUNTED),
    ],
    ids=["a-float", "an-optional-int", "a-class", "value-unused", "a-quoted-union-too-deep", "a-quoted-nul"],
)
def test_twin_a_namesake_of_the_same_kind_or_untold_stays_the_warning(
    git_repo: GitRepo, returns: str, upstream: str
) -> None:
    method = f"    def get_num_experts(self) -> {returns}:\n        return self.aeon_experts\n"
    assert [sev for _, sev, _ in _experts(git_repo, method, upstream)] == ["warning"]


# -- killers225, shaped like #42662 (95c9144424): ``SupportsMultiModal.get_mm_lora_token_counts`` added and called
# with keywords off receivers upstream does not type as the hook's class (``self.model: SupportsLoRAModel``, a
# ``model: Any``): where the hook's class and its subclasses hold every def of the name, any call reaches one
SOLE_CALLS = RENDER_HEAD + (
    "from typing import Any\n\n\n"
    "class Holder:\n    def is_reasoning_end(self, ids):\n        return False\n\n\n"
    "class Manager:\n    def __init__(self, model: Holder) -> None:\n        self.model: Holder = model\n\n"
    "    def budget(self, request):\n        return self.model.adjust_request(request=request)\n\n\n"
    "def render_any(model: Any, request):\n    return model.adjust_request(request=request)\n"
)


@pytest.mark.parametrize(
    ("method", "upstream"),
    [
        ("    def adjust_request(self, request, budget):\n        return request  # AEON\n", {ABS: ABS_TEXT + HOOK}),
        (
            "    def adjust_request(self, req):\n        return req  # AEON\n",
            # an upstream subclass's override of the hook is still the hook's family
            {
                ABS: ABS_TEXT + HOOK + "\n\nclass DeepParser(ReasoningParser):\n"
                "    def adjust_request(self, request):\n        return request\n"
            },
        ),
    ],
    ids=["hook alone", "an upstream override too"],
)
def test_a_hook_name_no_other_class_defines_decides_the_error_off_any_receiver(
    git_repo: GitRepo, method: str, upstream: dict[str, str | None]
) -> None:
    [(line, severity, _)] = _found(git_repo, _fork(method), {**upstream, RENDER: SOLE_CALLS})
    assert (line, severity) == (5, "error")


def test_twin_a_hook_name_another_class_defines_stays_the_warning_off_an_untyped_receiver(git_repo: GitRepo) -> None:
    method = "    def adjust_request(self, request, budget):\n        return request\n"
    upstream = {**TOOL, ABS: ABS_TEXT + HOOK, RENDER: SOLE_CALLS}
    assert [r[1] for r in _found(git_repo, _fork(method), upstream)] == ["warning"]


@pytest.mark.parametrize(
    "calls",
    [
        # the base called through its own class (#39366: ``ParallelConfig.sync_dp_state(...)``)
        RENDER_HEAD + "def render(request):\n    return ReasoningParser.adjust_request(request=request)\n",
        # ... through a class of the calling module
        RENDER_HEAD + "class Local(ReasoningParser):\n    pass\n\n\n"
        "def render(request):\n    return Local.adjust_request(request=request)\n",
    ],
    ids=["the base by name", "a module's class by name"],
)
def test_twin_a_call_through_a_class_reaches_no_fork_override(git_repo: GitRepo, calls: str) -> None:
    """``Cls.name(...)`` names that class's attribute: a fork subclass's namesake is never what runs, so the
    sole-hook rule does not decide an error (the namesake's warning stays)."""
    method = "    def adjust_request(self, request, budget):\n        return request\n"
    static = "\n    @staticmethod\n    def adjust_request(request):\n        return request\n"
    upstream = {ABS: ABS_TEXT + static, RENDER: calls}
    assert [r[1] for r in _found(git_repo, _fork(method), upstream)] == ["warning"]


# -- killers229, shaped like #37728 (c07e2ca6e0): ``MultiGroupBlockTable.clear_row`` added and called off a field
# ``InputBatch.__init__`` builds (``self.block_table = MultiGroupBlockTable(...)``), and ``BlockTable.clear_row``
# off each element of a list the table builds (``for block_table in self.block_tables``); ToolParser defines the
# name too, so only the receiver's type decides the error
BUILT_HEAD = RENDER_HEAD + "from vllm.tool_parsers.abs_tool_parser import ToolParser\n\n\n"
FIELD_TYPED = {
    "a field built from the class": "class Holder:\n    def __init__(self) -> None:\n"
    "        self.parser = ReasoningParser()\n\n"
    "    def run(self, request):\n        return self.parser.adjust_request(request=request)\n",
    "a loop over a list of the class the field builds": "class Many:\n    def __init__(self) -> None:\n"
    "        self.parsers = [ReasoningParser() for _ in range(2)]\n\n"
    "    def run(self, request):\n        for parser in self.parsers:\n"
    "            request = parser.adjust_request(request=request)\n        return request\n",
    "enumerate over an annotated field": "class Many:\n    def __init__(self) -> None:\n"
    "        self.parsers: list[ReasoningParser] = []\n\n"
    "    def run(self, request):\n        for i, parser in enumerate(self.parsers):\n"
    "            request = parser.adjust_request(request=request)\n        return request\n",
}
FIELD_UNTYPED = {
    "two classes built": "class Holder:\n    def __init__(self) -> None:\n        self.parser = ReasoningParser()\n\n"
    "    def reset(self) -> None:\n        self.parser = ToolParser()\n\n"
    "    def run(self, request):\n        return self.parser.adjust_request(request=request)\n",
    "a factory's answer": "class Holder:\n    def __init__(self, make) -> None:\n        self.parser = make()\n\n"
    "    def run(self, request):\n        return self.parser.adjust_request(request=request)\n",
    "the loop name rebound": "class Many:\n    def __init__(self) -> None:\n"
    "        self.parsers = [ReasoningParser() for _ in range(2)]\n\n"
    "    def run(self, request, parser):\n        for parser in self.parsers:\n            pass\n"
    "        parser = ToolParser()\n        return parser.adjust_request(request=request)\n",
    "a loop over a field built as one object": "class Many:\n    def __init__(self) -> None:\n"
    "        self.parsers = ReasoningParser()\n\n"
    "    def run(self, request):\n        for parser in self.parsers:\n"
    "            request = parser.adjust_request(request=request)\n        return request\n",
}


@pytest.mark.parametrize("calls", list(FIELD_TYPED.values()), ids=list(FIELD_TYPED))
def test_a_field_or_loop_typed_by_what_the_class_builds_decides_the_error(git_repo: GitRepo, calls: str) -> None:
    method = "    def adjust_request(self, request, budget):\n        return request  # AEON\n"
    upstream = {**TOOL, ABS: ABS_TEXT + HOOK, RENDER: BUILT_HEAD + calls}
    [(line, severity, _)] = _found(git_repo, _fork(method), upstream)
    assert (line, severity) == (5, "error")


# -- mend81: another class binds the hook's name without a ``def name(`` line (an assignment, a staticmethod of a
# function, a lambda, a ``setattr``): an untyped call may reach that one, so the sole-hook rule does not decide
ASSIGNED_NAMESAKES = {
    "staticmethod": "def _adjust(request):\n    return request\n\n\nclass ToolParser:\n"
    "    adjust_request = staticmethod(_adjust)\n",
    "a module function": "def _adjust(self, request):\n    return request\n\n\nclass ToolParser:\n    adjust_request = _adjust\n",
    "a method's alias": "class ToolParser:\n    def _adjust(self, request):\n        return request\n\n"
    "    adjust_request = _adjust\n",
    "setattr": "class ToolParser:\n    pass\n\n\ndef _adjust(self, request):\n    return request\n\n\n"
    "setattr(ToolParser, 'adjust_request', _adjust)\n",
    "a lambda": "class ToolParser:\n    adjust_request = lambda self, request: request  # noqa: E731\n",
}


@pytest.mark.parametrize("name", list(ASSIGNED_NAMESAKES))
def test_twin_a_namesake_bound_by_assignment_stays_the_warning_off_an_untyped_receiver(
    git_repo: GitRepo, name: str
) -> None:
    method = "    def adjust_request(self, request, budget):\n        return request\n"
    tool = {"vllm/tool_parsers/abs_tool_parser.py": ASSIGNED_NAMESAKES[name]}
    upstream = {**tool, ABS: ABS_TEXT + HOOK, RENDER: SOLE_CALLS}
    assert [r[1] for r in _found(git_repo, _fork(method), upstream)] == ["warning"]


@pytest.mark.parametrize(
    "tool",
    [
        "class ToolParser:\n    pass\n",  # no member of the name
        "class ToolParser:\n    adjust_budget = staticmethod(len)\n",  # another name bound so
        "class ToolParser:\n    def adjust(self):\n        return 'adjust_request'\n",  # the name only as a string
    ],
    ids=["no member", "another name", "a string"],
)
def test_a_class_binding_no_member_of_the_name_leaves_the_hook_sole(git_repo: GitRepo, tool: str) -> None:
    method = "    def adjust_request(self, request, budget):\n        return request  # AEON\n"
    upstream = {"vllm/tool_parsers/abs_tool_parser.py": tool, ABS: ABS_TEXT + HOOK, RENDER: SOLE_CALLS}
    [(line, severity, _)] = _found(git_repo, _fork(method), upstream)
    assert (line, severity) == (5, "error")


@pytest.mark.parametrize("calls", list(FIELD_UNTYPED.values()), ids=list(FIELD_UNTYPED))
def test_twin_a_field_of_another_or_unknown_build_stays_the_warning(git_repo: GitRepo, calls: str) -> None:
    method = "    def adjust_request(self, request, budget):\n        return request  # AEON\n"
    upstream = {**TOOL, ABS: ABS_TEXT + HOOK, RENDER: BUILT_HEAD + calls}
    assert [r[1] for r in _found(git_repo, _fork(method), upstream)] == ["warning"]


# -- killers229, shaped like #31944 (287b37cda4): ``InputBatch.update_req_spec_token_ids(self, request:
# CachedRequestState, ...)`` added and called with the request's state; a fork namesake takes ``req_id: str``
CLASS_HOOK = "\n    def adjust_request(self, request: {ann}):\n        return request\n"
SCALAR_FORK = "    def adjust_request(self, request: {ann}):\n        return request  # AEON\n"
PLAIN = "class Request:\n    pass\n\n\nclass Wrapped(Request):\n    pass\n\n\n"


@pytest.mark.parametrize(
    ("classes", "hook", "mine"),
    [(PLAIN, "Request", "str"), (PLAIN, "Wrapped", "int | None")],
    ids=["a plain class for a str", "its subclass for an int"],
)
def test_a_plain_class_of_the_hook_s_module_for_a_scalar_parameter_is_an_error(
    git_repo: GitRepo, classes: str, hook: str, mine: str
) -> None:
    upstream = {ABS: classes + ABS_TEXT + CLASS_HOOK.format(ann=hook), RENDER: ASSIGNED}
    [(line, severity, message)] = _found(git_repo, _fork(SCALAR_FORK.format(ann=mine)), upstream)
    assert (line, severity) == (5, "error")
    assert f"handing request a {hook} (the hook's annotation)" in message


@pytest.mark.parametrize(
    ("classes", "hook", "mine"),
    [
        ("class Request(str):\n    pass\n\n\n", "Request", "str"),
        ("from enum import Enum\n\n\nclass Request(Enum):\n    A = 1\n\n\n", "Request", "int"),
        ("from vllm.outside import Request\n\n\n", "Request", "str"),
        (PLAIN, "Request | None", "str"),
        (PLAIN, "Request", "object"),
        ("class Request(metaclass=type):\n    pass\n\n\n", "Request", "str"),
    ],
    ids=["a str subclass", "an enum", "an imported class", "optional", "the fork takes any object", "a metaclass"],
)
def test_twin_a_class_that_may_be_the_scalar_or_a_fork_taking_it_stays_the_warning(
    git_repo: GitRepo, classes: str, hook: str, mine: str
) -> None:
    upstream = {ABS: classes + ABS_TEXT + CLASS_HOOK.format(ann=hook), RENDER: ASSIGNED}
    assert [r[1] for r in _found(git_repo, _fork(SCALAR_FORK.format(ann=mine)), upstream)] == ["warning"]


# -- mend81: the hook itself bound by assignment in the base's body (``name = _f``, ``name = staticmethod(_f)``,
# ``name = classmethod(_f)``): read as the def it binds, its signature judged like a ``def name(``
ASSIGNED_HOOKS = {
    "a method's alias": "\n    def _adjust(self, request):\n        return request\n\n    adjust_request = _adjust\n",
    "staticmethod": "\n    adjust_request = staticmethod(_adjust)\n",
    "classmethod": "\n    adjust_request = classmethod(_adjust_cls)\n",
}
HELPERS = "def _adjust(request):\n    return request\n\n\ndef _adjust_cls(cls, request):\n    return request\n\n\n"


@pytest.mark.parametrize("name", list(ASSIGNED_HOOKS))
def test_an_override_short_of_an_assigned_hook_is_an_error(git_repo: GitRepo, name: str) -> None:
    method = "    def adjust_request(self, request, budget):\n        return request  # AEON\n"
    upstream = {ABS: HELPERS + ABS_TEXT + ASSIGNED_HOOKS[name], RENDER: SOLE_CALLS}
    [(line, severity, message)] = _found(git_repo, _fork(method), upstream)
    assert (line, severity) == (5, "error") and "TypeError" in message


@pytest.mark.parametrize("name", list(ASSIGNED_HOOKS))
def test_twin_an_override_fitting_an_assigned_hook_stays_the_warning(git_repo: GitRepo, name: str) -> None:
    method = "    def adjust_request(self, request):\n        return request\n"
    upstream = {ABS: HELPERS + ABS_TEXT + ASSIGNED_HOOKS[name], RENDER: SOLE_CALLS}
    assert [r[1] for r in _found(git_repo, _fork(method), upstream)] == ["warning"]


def test_twin_a_module_function_bound_bare_is_not_read(git_repo: GitRepo) -> None:
    """``name = _f`` of a module function: the instance is its first parameter, a shape not read (no finding)."""
    method = "    def adjust_request(self, request, budget):\n        return request\n"
    upstream = {ABS: HELPERS + ABS_TEXT + "\n    adjust_request = _adjust\n", RENDER: SOLE_CALLS}
    assert [r[1] for r in _found(git_repo, _fork(method), upstream)] == []


# -- review138, shaped like #37728: a fork class of another arity that the fork builds only inside a class of its
# own replacing the method that holds upstream's call (without ``super()``) never gets that call
HELD_BASE = (
    RENDER_HEAD
    + "class Many:\n    def __init__(self) -> None:\n        self.parsers = [ReasoningParser() for _ in range(2)]\n\n"
    "    def run(self, request):\n        for parser in self.parsers:\n            pass\n        return request\n"
)
HELD_UPSTREAM = BUILT_HEAD + FIELD_TYPED["a loop over a list of the class the field builds"]
HELD_FORK = (
    "from vllm.entrypoints.render import Many\nfrom vllm.reasoning.abs_reasoning_parsers import ReasoningParser\n\n\n"
    "class AeonParser(ReasoningParser):\n    def adjust_request(self, request, budget):\n        return request  # AEON\n\n\n"
    "class AeonMany(Many):\n    def __init__(self) -> None:\n        super().__init__()\n"
    "        self.parsers = [AeonParser()]\n\n"
    "    def run(self, request):\n{run}"
)
REPLACED = "        for parser in self.parsers:\n            request = parser.adjust_request(request, 0)\n        return request\n"
HELD = {
    "built only by a class replacing the method": (REPLACED, "", "warning"),
    "the replacing method calls super()": ("        return super().run(request)\n", "", "error"),
    "also named outside a build": (REPLACED, "\n\nAEON_DEFAULT = AeonParser\n", "error"),
    "also built by a class of its own": (REPLACED, "\n\nclass AeonSolo:\n    parser = AeonParser()\n", "error"),
}


@pytest.mark.parametrize(("run", "tail", "severity"), list(HELD.values()), ids=list(HELD))
def test_a_fork_class_built_only_where_upstream_s_calling_method_is_replaced_keeps_the_warning(
    git_repo: GitRepo, run: str, tail: str, severity: str
) -> None:
    fork = {FORK: HELD_FORK.format(run=run) + tail}
    subject = "[Tool] `adjust_request` to reasoning parser (#39027)"
    upstream = {**TOOL, ABS: ABS_TEXT + HOOK, RENDER: HELD_UPSTREAM}
    sides = s.merge_case(git_repo, {**BASE, RENDER: HELD_BASE}, fork, [(subject, upstream)])
    found = [
        (f.line, f.severity.value)
        for f in s.merged_findings(git_repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "AeonParser.adjust_request, the fork's own method, now overrides" in f.message
    ]
    assert found == [(6, severity)]
