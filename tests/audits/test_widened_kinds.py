"""An override that kept a parameter keyword-only when the base let callers pass it by position too (#34144)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.signatures import signature
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from aeon_release.domain.audits.drift.widened_kinds import first_slot, keyword_only_again, made_positional
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PROC = "vllm/v1/engine/input_processor.py"
FORK = "vllm/aeon/processor.py"
SUBJECT = "[Misc] Clean up validation logic in input processor (#34144)"
BASE = """class InputProcessor:
    def process(self, inputs):
        self._validate_model_input(inputs, prompt_type="decoder")

    def _validate_model_input(self, prompt_inputs, *, prompt_type):
        return prompt_type
"""
WIDENED = BASE.replace("prompt_inputs, *, prompt_type):", "prompt_inputs, prompt_type):")
POSITIONAL_CALL = (
    WIDENED
    + """
    def process_encoder(self, inputs):
        self._validate_model_input(inputs, "encoder")
"""
)
OVERRIDE = """from vllm.v1.engine.input_processor import InputProcessor


class AeonInputProcessor(InputProcessor):
    def _validate_model_input(self, prompt_inputs, *, prompt_type):
        # AEON: the fork caps the encoder prompt
        return super()._validate_model_input(prompt_inputs, prompt_type=prompt_type)
"""


def _findings(git_repo: GitRepo, no_rules: Path, upstream: str, fork: str = OVERRIDE) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {PROC: BASE}, {FORK: fork}, [(SUBJECT, {PROC: upstream})])
    return [(line, sev, msg) for path, line, sev, msg in s.rule_rows(git_repo, no_rules, sides, DRIFT) if path == FORK]


def test_keyword_only_override_every_call_by_keyword_is_no_error(git_repo: GitRepo, no_rules: Path) -> None:
    """#34144: upstream still names ``prompt_type=`` in each call, which the fork's keyword-only override takes."""
    [(line, severity, message)] = _findings(git_repo, no_rules, WIDENED)
    assert (line, severity) == (5, "warning")
    assert "no call upstream passes prompt_type by position" in message


def test_a_call_upstream_fills_the_slot_by_position_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The killer beside it: upstream's new ``self._validate_model_input(inputs, "encoder")`` reaches the fork's
    override, which takes one positional argument: TypeError."""
    [(line, severity, message)] = _findings(git_repo, no_rules, POSITIONAL_CALL)
    assert (line, severity) == (5, "error")
    assert "the base takes 'prompt_type' (parameter 2); the override does not" in message


def test_an_override_missing_more_than_the_widened_slot_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The base widened ``prompt_type`` and gained a required ``budget`` that every call passes: the override
    without ``budget`` fails them all, whatever the widened slot."""
    gained = WIDENED.replace("prompt_type):", "prompt_type, *, budget):").replace(
        'prompt_type="decoder")', 'prompt_type="decoder", budget=1)'
    )
    rows = _findings(git_repo, no_rules, gained)
    assert any((line, severity) == (5, "error") for line, severity, _ in rows), rows
    assert not any("by position" in message for _, _, message in rows)


@pytest.mark.parametrize(
    ("old", "new", "widened"),
    [
        ("def f(self, a, *, b, c=1): ...", "def f(self, a, b, c=1): ...", ["b", "c"]),
        ("def f(self, a, *, b): ...", "def f(self, a, *, b, c): ...", []),
        ("def f(self, a, b): ...", "def f(self, a, b, c=None): ...", []),
    ],
)
def test_made_positional(old: str, new: str, widened: list[str]) -> None:
    was, now = (signature(ast.parse(src).body[0], True) for src in (old, new))
    assert was is not None and now is not None
    assert made_positional(was, now) == widened
    if widened:
        assert keyword_only_again(now, widened) == was
        assert first_slot(now, widened) == 1


@pytest.mark.parametrize(
    "added",
    [
        '        validate = self._validate_model_input\n        validate(inputs, "encoder")\n',
        '        check = functools.partial(self._validate_model_input, inputs)\n        check("encoder")\n',
        '        getattr(self, "_validate_model_input")(inputs, "encoder")\n',
    ],
    ids=["bound to a name", "partial", "getattr"],
)
def test_a_reference_upstream_hands_on_keeps_the_error(git_repo: GitRepo, no_rules: Path, added: str) -> None:
    """Upstream takes the method as a value and calls it by position elsewhere: TypeError on the override."""
    upstream = "import functools\n\n\n" + WIDENED + "\n    def process_encoder(self, inputs):\n" + added
    rows = _findings(git_repo, no_rules, upstream)
    assert any(severity == "error" for _, severity, _ in rows), rows


def test_a_reference_upstream_left_alone_stays_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """A reference on a line the base had already reached the override before the merge: no new caller."""
    base = BASE + "\n    def hooks(self):\n        return [self._validate_model_input]\n"
    upstream = base.replace("prompt_inputs, *, prompt_type):", "prompt_inputs, prompt_type):")
    sides = s.merge_case(git_repo, {PROC: base}, {FORK: OVERRIDE}, [(SUBJECT, {PROC: upstream})])
    rows = [(line, sev) for path, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, DRIFT) if path == FORK]
    assert rows == [(5, "warning")], rows
