"""A call that hands on a ``**mapping`` (signatures.call_problem): the mapping fills keywords only, so too many
positional arguments, or a keyword spelt out that the function no longer takes, fail whatever it holds
(#18802: ``super().__init__(model, tokenizer, **kwargs)`` once ``LLM``'s parameters after ``model`` were made
keyword-only).  Twins: the mapping may supply a parameter upstream made required; a ``*args`` splat; the
argument passed by keyword."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

INIT = "pkg/__init__.py"
LIB = "pkg/llm.py"
USE = "pkg/aeon_llm.py"
OLD = (
    "class LLM:\n    def __init__(self, model: str, tokenizer: str | None = None, mode: str = 'auto', **kwargs) -> None:\n"
    "        self.model = model\n        self.tokenizer = tokenizer\n"
)
KW_ONLY = OLD.replace("model: str, tokenizer", "model: str, *, tokenizer")
REQUIRED = OLD.replace("mode: str = 'auto', **kwargs", "mode: str = 'auto', *, seed: int, **kwargs")
FORK = "from pkg.llm import LLM\n\n\nclass AeonLLM(LLM):\n    def __init__(self, model: str, tokenizer: str | None = None, **kwargs) -> None:\n"


@pytest.mark.parametrize(
    "call",
    ["super().__init__(model, tokenizer, **kwargs)", "LLM.__init__(self, model, tokenizer, **kwargs)"],
    ids=["super()", "the base named"],
)
def test_a_positional_past_keyword_only_with_a_mapping(git_repo: GitRepo, tmp_path: Path, call: str) -> None:
    body = FORK + f"        {call}\n"
    sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: body}, {LIB: KW_ONLY})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [(USE, line_of(body, call), "error")]
    assert "positional argument(s)" in next(f.message for f in report.findings if f.rule_id == RULE)


@pytest.mark.parametrize(
    ("call", "new"),
    [
        ("super().__init__(model, tokenizer, **kwargs)", REQUIRED),
        ("super().__init__(model, tokenizer=tokenizer, **kwargs)", KW_ONLY),
        ("super().__init__(model, *kwargs.pop('rest', ()), **kwargs)", KW_ONLY),
    ],
    ids=["the mapping may hold what is now required", "by keyword", "a *args splat"],
)
def test_splatted_call_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, call: str, new: str) -> None:
    body = FORK + f"        {call}\n"
    sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: body}, {LIB: new})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


# twins a second review found crying wolf (a correct fork flagged)
TWIN_MIXIN = (
    "from pkg.llm import LLM\n\n\nclass AeonCompat:\n"
    "    def __init__(self, model: str, tokenizer: str | None = None, **kwargs) -> None:\n"
    "        super().__init__(model, tokenizer=tokenizer, **kwargs)\n\n\n"
    "class AeonLLM(AeonCompat, LLM):\n"
    "    def __init__(self, model: str, tokenizer: str | None = None, **kwargs) -> None:\n"
    "        super().__init__(model, tokenizer, **kwargs)\n"
)
TWIN_DECORATED = KW_ONLY.replace(
    "class LLM:\n    def __init__",
    "import functools\n\n\ndef positional_compat(fn):\n    @functools.wraps(fn)\n"
    "    def wrapper(self, model, *args, **kwargs):\n        if args:\n            kwargs['tokenizer'] = args[0]\n"
    "        return fn(self, model, **kwargs)\n    return wrapper\n\n\n"
    "class LLM:\n    @positional_compat\n    def __init__",
)
TWIN_FORK = (
    "from pkg.llm import LLM\n\n\nclass AeonLLM(LLM):\n"
    "    def __init__(self, model: str, tokenizer: str | None = None, **kwargs) -> None:\n"
    "        super().__init__(model, tokenizer, **kwargs)\n"
)


@pytest.mark.parametrize(
    ("fork", "new"),
    [(TWIN_MIXIN, KW_ONLY), (TWIN_FORK, TWIN_DECORATED)],
    ids=["fork mixin in mro", "upstream compat decorator"],
)
def test_a_fork_mixin_or_an_upstream_compat_decorator_is_no_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, new: str
) -> None:
    sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: fork}, {LIB: new})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[2] == "error"] == []


def test_a_call_without_the_mapping_under_a_compat_decorator_is_no_error(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = TWIN_FORK.replace("tokenizer, **kwargs)\n", "tokenizer)\n")
    sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: fork}, {LIB: TWIN_DECORATED})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[2] == "error"] == []
