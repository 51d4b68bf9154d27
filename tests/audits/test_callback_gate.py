"""Callback drift's fork side (perf round 16, issue 12): every Python module the fork changed was parsed and
walked whole, twice, for calls on its lines.  The bench's carry adds one comment line to the 340 KB
``gpu_model_runner.py``: ~0.12 CPU-s of a small merge.  A module whose added lines are blank or comments is no
longer parsed, and only the parts spanning the fork's lines are walked; a comment-like line holding ``{`` may
be a line of a multi-line f-string, whose expressions are calls, and still counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift import sides as drift_sides
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits import test_callback_drift as cb
from tests.audits.conftest import GitRepo

HOST = "vllm/aeon/host.py"
# an upstream module the fork patches inside a multi-line f-string, imported beside the grown class
HOST_BASE = (
    "from vllm.multimodal.processing import PromptIndex\n\nBANNER = f'''\n# indexes\n'''\n\n\n"
    "def size(n: int) -> int:\n    return n + 1\n"
)


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    texts: list[str] = []
    real = drift_sides.parse_python

    def parse(text: str, path: str = "<unknown>") -> object:
        texts.append(text)
        return real(text, path)

    monkeypatch.setattr(drift_sides, "parse_python", parse)
    return texts


def _rows(git_repo: GitRepo, no_rules: Path, host: str) -> list[tuple[str, int, str]]:
    base = {cb.UPSTREAM: cb.BASE, HOST: HOST_BASE}
    sides = s.merge_case(git_repo, base, {HOST: host}, [(cb.SUBJECT, {cb.UPSTREAM: cb.GROWN})])
    return [(p, line, sev) for p, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)]


def test_a_module_the_fork_only_commented_is_not_parsed(git_repo: GitRepo, no_rules: Path, parsed: list[str]) -> None:
    host = HOST_BASE + "# aeon-carry-marker\n\n# the fork's note\n"
    assert _rows(git_repo, no_rules, host) == []
    assert host not in parsed


def test_a_call_in_an_f_string_line_that_reads_as_a_comment_is_found(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's only line is ``# {PromptIndex(lambda tokenizer, prompt: 1)}`` inside the f-string: a call."""
    host = HOST_BASE.replace("# indexes\n", "# indexes\n# {PromptIndex(lambda tokenizer, prompt: 1)}\n")
    assert _rows(git_repo, no_rules, host) == [(HOST, 5, "error")]


def test_a_call_below_a_decorator_in_a_large_module_is_found(git_repo: GitRepo, no_rules: Path) -> None:
    """The walk enters only what spans the fork's line: a decorated function's decorator line, a class's method."""
    host = HOST_BASE + (
        "\n\n@staticmethod\ndef later() -> None:\n    pass\n\n\nclass Holder:\n    def index(self):\n"
        "        return [\n            PromptIndex(lambda tokenizer, prompt: 1),\n        ]\n"
        "\n\n@PromptIndex(lambda tokenizer, prompt: 2)\ndef decorated() -> None:\n    pass\n"
    )
    lines = host.splitlines()
    assert _rows(git_repo, no_rules, host) == [
        (HOST, lines.index("            PromptIndex(lambda tokenizer, prompt: 1),") + 1, "error"),
        (HOST, lines.index("@PromptIndex(lambda tokenizer, prompt: 2)") + 1, "error"),
    ]
