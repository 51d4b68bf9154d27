"""A base method's parameter upstream now types as a one-pass iterable, which a fork override indexes or sizes
(killers212: #33593 handed ``is_reasoning_end_streaming``'s ``delta_ids`` an ``itertools.islice``)."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASIC = "vllm/reasoning/basic.py"
MANAGER = "vllm/structured/manager.py"
FORK = "vllm/reasoning/aeon_parser.py"
BASIC_TEXT = (
    "from collections.abc import Iterable, Sequence\n\n\n"
    "class ThinkingParser:\n"
    "    end_token_id = 7\n\n"
    "    def is_end_streaming(self, input_ids: Sequence[int], delta_ids: Sequence[int]) -> bool:\n"
    "        return self.end_token_id in delta_ids\n"
)
ITERABLE = BASIC_TEXT.replace("delta_ids: Sequence[int]) -> bool", "delta_ids: Iterable[int]) -> bool")
MANAGER_TEXT = (
    "import itertools\n\n"
    "from vllm.reasoning.basic import ThinkingParser\n\n\n"
    "def ended(parser: ThinkingParser, ids: list[int], start: int) -> bool:\n"
    "    if parser.is_end_streaming(\n"
    "        ids, ids[start:]\n"
    "    ):\n"
    "        return True\n"
    "    return False\n"
)
ISLICE = MANAGER_TEXT.replace("ids, ids[start:]", "ids, itertools.islice(ids, start, None)")
BASE = {"vllm/reasoning/__init__.py": "", "vllm/structured/__init__.py": "", BASIC: BASIC_TEXT, MANAGER: MANAGER_TEXT}
UPSTREAM = {BASIC: ITERABLE, MANAGER: ISLICE}
HEAD = "from collections.abc import Sequence\n\nfrom vllm.reasoning.basic import ThinkingParser\n\n\n"


def _fork(body: str, base: str = "ThinkingParser") -> dict[str, str]:
    return {
        FORK: HEAD + f"class AeonParser({base}):\n"
        "    def is_end_streaming(self, input_ids: Sequence[int], delta_ids: Sequence[int]) -> bool:\n"
        "        # AEON: MTP drafts land several tokens a step\n" + body
    }


def _found(repo: GitRepo, fork: dict[str, str], upstream: dict[str, str | None]) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, BASE, fork, [("[Perf] islice for structured output (#33593)", upstream)])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "upstream now types as" in f.message
    ]


@pytest.mark.parametrize(
    "body",
    [
        "        return reversed(delta_ids) is not None and delta_ids.index(7) >= 0\n",
        "        return self.end_token_id in delta_ids[-2:]\n",
        "        last = len(delta_ids) - 1\n        return last >= 0\n",
    ],
)
def test_an_override_indexing_or_sizing_what_upstream_hands_an_iterator(git_repo: GitRepo, body: str) -> None:
    [(line, severity, message)] = _found(git_repo, _fork(body), UPSTREAM)
    assert (line, severity) == (9, "error")
    assert "whose delta_ids upstream now types as Iterable[int] (was Sequence[int])" in message
    assert "itertools.islice(ids, start, None), a one-pass iterator" in message


def test_a_keyword_generator_and_an_optional_list(git_repo: GitRepo) -> None:
    """``list[int] | None`` made ``Iterator[int] | None``, handed a generator expression by keyword."""
    basic = BASIC_TEXT.replace("delta_ids: Sequence[int])", "delta_ids: list[int] | None = None)")
    upstream = {
        BASIC: basic.replace("delta_ids: list[int] | None", "delta_ids: Iterator[int] | None").replace(
            "Iterable, Sequence", "Iterator, Sequence"
        ),
        MANAGER: MANAGER_TEXT.replace("ids, ids[start:]", "ids, delta_ids=(i for i in ids[start:])"),
    }
    sides = s.merge_case(
        git_repo,
        {**BASE, BASIC: basic},
        _fork("        return delta_ids[0] == 7\n"),
        [("[Perf] lazy deltas (#1)", upstream)],
    )
    found = [f for f in s.merged_findings(git_repo, sides, s.Settings()) if "upstream now types as" in f.message]
    assert [(f.line, f.severity.value) for f in found] == [(9, "error")]
    assert "(i for i in ids[start:])" in found[0].message


def test_only_the_annotation_changed_is_a_warning(git_repo: GitRepo) -> None:
    """Every caller upstream still hands a list: a typing cleanup may widen the annotation alone."""
    [(line, severity, message)] = _found(git_repo, _fork("        return delta_ids[-1] == 7\n"), {BASIC: ITERABLE})
    assert (line, severity) == (9, "warning")
    assert "no call upstream added hands it one yet" in message


@pytest.mark.parametrize(
    "fork",
    [
        # iterating or asking ``in``: an iterator serves both
        _fork("        return any(t == self.end_token_id for t in delta_ids)\n"),
        _fork("        return self.end_token_id in delta_ids\n"),
        # a list made of it first
        _fork("        delta_ids = list(delta_ids)\n        return delta_ids[-1] == 7\n"),
        # its type tested first
        _fork(
            "        if not isinstance(delta_ids, list):\n            return False\n        return delta_ids[-1] == 7\n"
        ),
        # the fork's namesake: a class not deriving the changed one
        _fork("        return delta_ids[-1] == 7\n", base="object"),
        # the other parameter, still a sequence
        _fork("        return input_ids[-1] == 7\n"),
    ],
)
def test_quiet(git_repo: GitRepo, fork: dict[str, str]) -> None:
    assert _found(git_repo, fork, UPSTREAM) == []


def test_odd_quoted_annotations_read_without_raising() -> None:
    """readH: a quoted annotation is read by the shared ``parsed_expression``; a bare ``ast.parse`` of a quoted
    3,000-term union raised RecursionError out of the check (on the rerun over cut trees too: "could not run")."""
    import ast

    from aeon_release.domain.audits.drift.iterated_params import iterated_params

    deep = " | ".join(["int"] * 3000)
    for note in (deep, "a\\x00", "Sequence[int", "Iterable[int]"):
        source = f'def f(self, x: "{note}", y: "Sequence[int]") -> None: ...'
        func = ast.parse(source).body[0]
        assert isinstance(func, ast.FunctionDef)
        after = ast.parse(source.replace('y: "Sequence[int]"', 'y: "Iterable[int] | None"')).body[0]
        assert isinstance(after, ast.FunctionDef)
        assert iterated_params(func, after) == ["y"]


def test_a_staticmethod_s_slots_count_its_first_parameter() -> None:
    """readH: a staticmethod has no ``self`` to skip: ``delta_ids`` of ``is_end(input_ids, delta_ids)`` is the second
    argument a call hands (the first was read, and an iterator handed to ``input_ids`` was blamed on it)."""
    import ast

    from aeon_release.domain.audits.drift.iterated_params import iterator_handed, slot_of

    module = ast.parse(
        "class P:\n    @staticmethod\n    def is_end(input_ids, delta_ids):\n        ...\n\n"
        "    def is_end_bound(self, input_ids, delta_ids):\n        ...\n"
    )
    cls = module.body[0]
    assert isinstance(cls, ast.ClassDef)
    static, bound = cls.body
    assert isinstance(static, ast.FunctionDef) and isinstance(bound, ast.FunctionDef)
    assert (slot_of(static, "delta_ids"), slot_of(bound, "delta_ids")) == (1, 1)
    call = ast.parse("p.is_end(iter(ids), ids[3:])").body[0]
    assert isinstance(call, ast.Expr) and isinstance(call.value, ast.Call)
    assert iterator_handed(call.value, slot_of(static, "delta_ids"), "delta_ids") is None
