"""Inline suppressions: a reason is required and reported; stale ones are warnings."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from aeon_release.domain.audits import audit_tree, suppress
from aeon_release.domain.audits.model import Finding, Severity

RULES = """rules:
  - {id: ops/no-as-strided, kind: forbidden-call, message: no as_strided, paths: ["*.py"], calls: [as_strided]}
"""


def findings(
    tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path], text: str
) -> list[tuple[str, int, str, str | None]]:
    report = audit_tree(tree({"ops.py": text}), rules_dir(r=RULES))
    return [(f.rule_id, f.line, f.severity.value, f.suppressed) for f in report.findings]


def test_with_reason_suppresses_and_is_reported(
    tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path]
) -> None:
    text = "y = t.as_strided(s)  # aeon-audit: ignore[ops/no-as-strided] contiguous by construction\n"
    assert findings(tree, rules_dir, text) == [("ops/no-as-strided", 1, "error", "contiguous by construction")]
    report = audit_tree(tree({"ops.py": text}), rules_dir(r=RULES))
    assert report.errors == 0 and not report.findings[0].blocking


def test_comment_on_the_line_above(tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path]) -> None:
    text = "# aeon-audit: ignore[ops/no-as-strided] a view the kernel owns\ny = t.as_strided(s)\n"
    assert findings(tree, rules_dir, text) == [("ops/no-as-strided", 2, "error", "a view the kernel owns")]


def test_without_reason_suppresses_nothing(
    tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path]
) -> None:
    text = "y = t.as_strided(s)  # aeon-audit: ignore[ops/no-as-strided]\n"
    assert findings(tree, rules_dir, text) == [
        ("ops/no-as-strided", 1, "error", None),
        (suppress.NO_REASON, 1, "warning", None),
    ]


def test_unused_suppression_is_a_warning(
    tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path]
) -> None:
    text = "y = t[0]  # aeon-audit: ignore[ops/no-as-strided] once needed\n"
    assert findings(tree, rules_dir, text) == [(suppress.UNUSED, 1, "warning", None)]


def test_other_rule_ids_do_not_suppress(
    tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path]
) -> None:
    text = "y = t.as_strided(s)  # aeon-audit: ignore[tree/py-compile] wrong rule\n"
    assert findings(tree, rules_dir, text) == [
        ("ops/no-as-strided", 1, "error", None),
        (suppress.UNUSED, 1, "warning", None),
    ]


@given(
    st.lists(st.sampled_from(["a/b", "tree/py-compile", "x-y"]), min_size=1, max_size=3),
    st.text(alphabet="abc def.", max_size=20),
    st.booleans(),
)
def test_parse_round_trip(rules: list[str], reason: str, alone: bool) -> None:
    comment = f"# aeon-audit: ignore[{', '.join(rules)}] {reason}"
    text = f"x = 1\n{comment}\n" if alone else f"x = 1  {comment}\n"
    [found] = suppress.parse(text)
    assert found.rules == tuple(rules)
    assert found.reason == reason.strip()
    assert (found.line, found.target) == ((2, 3) if alone else (1, 1))


def test_only_real_comments_count_in_python() -> None:
    text = 'DOC = "# aeon-audit: ignore[a/b] inside a string"\nx = 1  # aeon-audit: ignore[a/b] real\n'
    assert [(s.line, s.reason) for s in suppress.parse(text, "m.py")] == [(2, "real")]
    assert [s.line for s in suppress.parse("# aeon-audit: ignore[a/b] yaml comment\nk: v\n", "c.yaml")] == [1]


def _finding(line: int) -> Finding:
    return Finding("a/b", "merge", Severity.ERROR, "m.py", line, "broken")


def test_a_suppression_on_a_statement_s_first_line_covers_all_its_lines() -> None:
    text = "from m import (  # aeon-audit: ignore[a/b] shimmed\n    A,\n    B,\n)\nC = 1\n"
    marked = suppress.apply([_finding(3), _finding(5)], {"m.py": suppress.parse(text, "m.py")})
    assert [(f.line, f.suppressed) for f in marked] == [(3, "shimmed"), (5, None)]


def test_twin_a_suppression_inside_a_statement_covers_only_its_line() -> None:
    """``A,  # ignore`` inside the parentheses says A is safe, not B; and it wins over the ``from`` line's."""
    text = "from m import (  # aeon-audit: ignore[a/b] outer\n    A,  # aeon-audit: ignore[a/b] inner\n    B,\n)\n"
    marked = suppress.apply([_finding(2), _finding(3)], {"m.py": suppress.parse(text, "m.py")})
    assert [(f.line, f.suppressed) for f in marked] == [(2, "inner"), (3, "outer")]
    text = "from m import (\n    A,  # aeon-audit: ignore[a/b] inner\n    B,\n)\n"
    marked = suppress.apply([_finding(3)], {"m.py": suppress.parse(text, "m.py")})
    assert marked[0].suppressed is None
