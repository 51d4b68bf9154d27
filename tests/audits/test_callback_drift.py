"""Callback drift (drift/callbacks.py): #23411 made upstream call ``PromptIndex.get_match_index`` (a dataclass
field holding a callable) with a third argument, ``start_idx``; a fork's ``PromptIndex(lambda tokenizer, prompt:
1)`` merges cleanly and raises ``TypeError`` on the first prompt it updates."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UPSTREAM = "vllm/multimodal/processing.py"
BASE = """from dataclasses import dataclass
from typing import Callable


@dataclass
class PromptIndex:
    get_match_index: Callable


@dataclass
class PromptLabel:
    get_label: Callable


def find(target: PromptIndex, label: PromptLabel, tokenizer, prompt):
    return target.get_match_index(tokenizer, prompt), label.get_label(prompt)


def narrowed(target, tokenizer, prompt):
    if isinstance(target, PromptIndex):
        return target.get_match_index(tokenizer, prompt)
    return None
"""
GROWN = BASE.replace("get_match_index(tokenizer, prompt)", "get_match_index(tokenizer, prompt, 0)")
SUBJECT = "[Refactor] Dynamic `target` and `content` for prompt updates (#23411)"
FORK = "vllm/aeon/updates.py"
FORK_TEXT = """from vllm.multimodal.processing import PromptIndex, PromptLabel


def after_bos(tokenizer, prompt):
    return 1


def aeon_indexes():
    return [
        PromptIndex(lambda tokenizer, prompt: 1),
        PromptIndex(get_match_index=after_bos),
        PromptIndex(after_bos),
        PromptIndex(lambda tokenizer, prompt, start_idx=0: 1),
        PromptIndex(lambda *args: 1),
        PromptLabel(lambda prompt: "x"),
    ]
"""
OWN = "vllm/aeon/own.py"
OWN_TEXT = """from dataclasses import dataclass
from typing import Callable


@dataclass
class PromptIndex:
    get_match_index: Callable


AEON_INDEX = PromptIndex(lambda tokenizer, prompt: 1)
"""


def test_a_callable_too_short_for_upstreams_grown_calls_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A lambda or a function of the fork's module, by position or by keyword, taking the old two arguments is an
    error; one taking the new argument (a default, ``*args``), a field whose calls did not grow and the fork's own
    class of the name are not."""
    sides = s.merge_case(git_repo, {UPSTREAM: BASE}, {FORK: FORK_TEXT, OWN: OWN_TEXT}, [(SUBJECT, {UPSTREAM: GROWN})])
    rows = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert [(path, line, severity) for path, line, severity, _ in rows] == [
        (FORK, 10, "error"),
        (FORK, 11, "error"),
        (FORK, 12, "error"),
    ]
    assert "upstream now calls PromptIndex.get_match_index with 3" in rows[0][3]


# twins (fixAC): a callable that may still fit, or calls that may be another class's, are no error
def errors(git_repo: GitRepo, no_rules: Path, base: dict, fork: str, grown: dict) -> list[tuple]:
    sides = s.merge_case(git_repo, base, {FORK: fork}, [(SUBJECT, grown)])
    return [row for row in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if row[2] == "error"]


CODEC = "vllm/transformers_utils/codec.py"
CODEC_BASE = """from dataclasses import dataclass
from typing import Callable


@dataclass
class TextCodec:
    encode: Callable[[str], list[int]]


def prompt_ids(tokenizer, text: str) -> list[int]:
    return tokenizer.encode(text)
"""
CODEC_USER = "from vllm.transformers_utils.codec import TextCodec\n\n\ndef run(codec: TextCodec, t):\n    return codec.encode(t)\n"


def test_grown_calls_of_another_receiver_are_no_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``tokenizer.encode(text, False)`` grew, not ``TextCodec.encode``: the arity counts typed receivers."""
    base = {CODEC: CODEC_BASE, "vllm/engine/codec_user.py": CODEC_USER}
    fork = "from vllm.transformers_utils.codec import TextCodec\n\nAEON = TextCodec(encode=lambda text: [1])\n"
    grown = {CODEC: CODEC_BASE.replace("tokenizer.encode(text)", "tokenizer.encode(text, False)")}
    assert errors(git_repo, no_rules, base, fork, grown) == []


INHERITED = """from dataclasses import dataclass
from typing import Callable, ClassVar


@dataclass
class Target:
    KIND: ClassVar[str] = "target"
    get_label: Callable


@dataclass
class PromptIndex(Target):
    get_match_index: Callable


def find(target: PromptIndex, tokenizer, prompt):
    return target.get_match_index(tokenizer, prompt), target.get_label(prompt)
"""


def test_positions_count_inherited_fields_not_classvars(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        "from vllm.multimodal.processing import PromptIndex\n\n"
        "AEON = PromptIndex(lambda prompt, lang=None: 'x', lambda tokenizer, prompt, start_idx=0: 1)\n"
    )
    grown = {UPSTREAM: INHERITED.replace("(tokenizer, prompt),", "(tokenizer, prompt, 0),")}
    assert errors(git_repo, no_rules, {UPSTREAM: INHERITED}, fork, grown) == []


DECORATED = """import functools

from vllm.multimodal.processing import PromptIndex


def takes_start(fn):
    @functools.wraps(fn)
    def wrapper(tokenizer, prompt, start_idx=0):
        return fn(tokenizer, prompt)

    return wrapper


@takes_start
def after_bos(tokenizer, prompt):
    return 1


def legacy(tokenizer, prompt):
    return 0


def aeon_indexes():
    def legacy(tokenizer, prompt, start_idx=0):
        return start_idx

    return [PromptIndex(after_bos), PromptIndex(get_match_index=legacy)]
"""


def test_a_decorated_or_shadowed_function_is_no_error(git_repo: GitRepo, no_rules: Path) -> None:
    assert errors(git_repo, no_rules, {UPSTREAM: BASE}, DECORATED, {UPSTREAM: GROWN}) == []


ADAPTED = """import inspect
from dataclasses import dataclass
from typing import Callable


@dataclass
class PromptIndex:
    get_match_index: Callable

    def __post_init__(self) -> None:
        legacy = self.get_match_index
        if len(inspect.signature(legacy).parameters) == 2:
            self.get_match_index = lambda tokenizer, prompt, start_idx: legacy(tokenizer, prompt)


@dataclass
class PromptLabel:
    get_label: Callable


def find(target: PromptIndex, label: PromptLabel, tokenizer, prompt):
    return target.get_match_index(tokenizer, prompt, 0), label.get_label(prompt)
"""


def test_a_class_that_adapts_the_old_callable_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "from vllm.multimodal.processing import PromptIndex\n\nAEON = PromptIndex(lambda tokenizer, prompt: 1)\n"
    sides = s.merge_case(git_repo, {UPSTREAM: BASE}, {FORK: fork}, [(SUBJECT, {UPSTREAM: ADAPTED})])
    rows = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert [(line, severity) for _, line, severity, _ in rows] == [(3, "warning")]


def test_a_receiver_narrowed_by_isinstance_counts_as_typed(git_repo: GitRepo, no_rules: Path) -> None:
    """#23411's own calls: ``target: Union[_BoundPromptSequence, PromptIndex]``, then ``isinstance(target, PromptIndex)``."""
    base = BASE.replace("def find(target: PromptIndex,", "def find(target,")
    grown = base.replace("get_match_index(tokenizer, prompt)", "get_match_index(tokenizer, prompt, 0)")
    fork = "from vllm.multimodal.processing import PromptIndex\n\nAEON = PromptIndex(lambda tokenizer, prompt: 1)\n"
    assert [
        (line, sev) for _, line, sev, _ in errors(git_repo, no_rules, {UPSTREAM: base}, fork, {UPSTREAM: grown})
    ] == [(3, "error")]


# fixAH: a ``field(init=False)`` takes no positional slot; a def rebound at module level
# (``after_bos = takes_start(after_bos)``) is the wrapper's arity, not the def's
HOOK = "vllm/aeon_up/hooks.py"
HOOK_BASE = """from dataclasses import dataclass, field
from typing import Callable


@dataclass
class Hook:
    calls: int = field(init=False, default=0)
    pre: Callable
    post: Callable


def run(h: Hook, a, b):
    return h.pre(a), h.post(a)
"""
REBOUND = """from vllm.multimodal.processing import PromptIndex


def takes_start(fn):
    def wrapped(tokenizer, prompt, start_idx=0):
        return fn(tokenizer, prompt)
    return wrapped


def after_bos(tokenizer, prompt):
    return 1


after_bos = takes_start(after_bos)


def aeon_indexes():
    return [PromptIndex(after_bos)]
"""


def test_an_init_false_field_takes_no_position(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "from vllm.aeon_up.hooks import Hook\n\nAEON = Hook(lambda a, b: 1, lambda a: 2)\n"
    grown = HOOK_BASE.replace("h.pre(a)", "h.pre(a, b)")
    assert errors(git_repo, no_rules, {HOOK: HOOK_BASE}, fork, {HOOK: grown}) == []


def test_a_def_rebound_at_module_level_is_no_error(git_repo: GitRepo, no_rules: Path) -> None:
    assert errors(git_repo, no_rules, {UPSTREAM: BASE}, REBOUND, {UPSTREAM: GROWN}) == []


# a static or class method of the fork's class handed as the callable (mend51): read like a function, a
# classmethod without its bound first parameter
STATIC_FORK = """from vllm.multimodal.processing import PromptIndex


class AeonIndexes:
    @staticmethod
    def after_bos(tokenizer, prompt):
        return 1

    @classmethod
    def after_bos2(cls, tokenizer, prompt):
        return 1

    @staticmethod
    def fits(tokenizer, prompt, start_idx=0):
        return 1

    @classmethod
    def fits2(cls, tokenizer, prompt, start_idx=0):
        return 1


def aeon_indexes():
    return [
        PromptIndex(AeonIndexes.after_bos),
        PromptIndex(get_match_index=AeonIndexes.after_bos2),
        PromptIndex(AeonIndexes.fits),
        PromptIndex(get_match_index=AeonIndexes.fits2),
    ]
"""


def test_a_static_or_class_method_too_short_for_the_grown_calls_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(git_repo, {UPSTREAM: BASE}, {FORK: STATIC_FORK}, [(SUBJECT, {UPSTREAM: GROWN})])
    rows = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert [(path, line, severity) for path, line, severity, _ in rows] == [(FORK, 24, "error"), (FORK, 25, "error")]
