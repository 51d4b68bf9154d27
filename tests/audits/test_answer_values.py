"""Answers made values (drift/answer_values.py): #21833 made ``validate_language`` return the language to use
(``str | None``) where it answered ``bool``, and the serving path now takes the value; a fork override still
answering True/False hands it a bool."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MODEL = "vllm/model_executor/models/whisper.py"
BASE_TEXT = """LANGS = {"en": "english", "de": "german"}


class WhisperForConditionalGeneration:
    @classmethod
    def validate_language(cls, language: str) -> bool:
        return language in LANGS

    @classmethod
    def is_native(cls, language: str) -> bool:
        return language in LANGS
"""
UPSTREAM_TEXT = BASE_TEXT.replace(
    "    def validate_language(cls, language: str) -> bool:\n        return language in LANGS\n",
    "    def validate_language(cls, language: str | None) -> str | None:\n"
    "        if language is None or language in LANGS:\n            return language\n"
    "        raise ValueError(language)\n",
).replace("    def is_native(cls, language: str) -> bool:\n", "    def is_native(cls, language: str) -> str | None:\n")
SERVING = "vllm/entrypoints/openai/speech_to_text.py"
SERVING_BASE = "def prompt(model_cls, request) -> str:\n    return f'<|{request.language}|>'\n"
SERVING_UPSTREAM = (
    "def prompt(model_cls, request) -> str:\n"
    "    language = model_cls.validate_language(request.language)\n"
    "    if not model_cls.is_native(request.language):\n"
    "        print('not native')\n"
    "    return f'<|{language}|>'\n"
)
SUBJECT = "[Bugfix] Relax lang pin for voxtral (#21833)"
FORK = "vllm/aeon/asr.py"
FORK_TEXT = """from vllm.model_executor.models.whisper import WhisperForConditionalGeneration


class AeonWhisper(WhisperForConditionalGeneration):
    @classmethod
    def validate_language(cls, language: str) -> bool:
        return language in ("en", "de")

    @classmethod
    def is_native(cls, language: str) -> bool:
        return language == "en"


class AeonWhisper2(WhisperForConditionalGeneration):
    @classmethod
    def validate_language(cls, language):
        if language == "xx":
            language = "en"
        return super().validate_language(language)
"""


def test_an_override_still_answering_where_the_base_now_returns_the_value_is_an_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """The answer returned to a caller that takes the value is an error; the same answer where upstream's caller
    only tests its truth (``is_native``) and a value handed on from ``super()`` are quiet."""
    base = {MODEL: BASE_TEXT, SERVING: SERVING_BASE}
    sides = s.merge_case(
        git_repo, base, {FORK: FORK_TEXT}, [(SUBJECT, {MODEL: UPSTREAM_TEXT, SERVING: SERVING_UPSTREAM})]
    )
    found = [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]
    assert [(line, severity) for line, severity, _ in found] == [(7, "error")]
    assert "still answers True or False" in found[0][2] and "speech_to_text.py:2" in found[0][2]


def test_an_override_already_returning_the_new_optional_value_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: the fork's override already written for ``-> str | None`` (``return None`` for no language, a
    string otherwise): quiet, while an override mixing ``return None`` with a True/False answer stays an error
    on the answer."""
    fork = FORK_TEXT + (
        "\n\nclass AeonWhisper3(WhisperForConditionalGeneration):\n    @classmethod\n"
        "    def validate_language(cls, language: str | None) -> str | None:\n"
        "        if language is None:\n            return None\n"
        "        if language == 'xx':\n            return 'en'\n"
        "        return super().validate_language(language)\n"
        "\n\nclass AeonWhisper4(WhisperForConditionalGeneration):\n    @classmethod\n"
        "    def validate_language(cls, language):\n"
        "        if language is None:\n            return None\n"
        "        return language in ('en', 'de')\n"
    )
    base = {MODEL: BASE_TEXT, SERVING: SERVING_BASE}
    sides = s.merge_case(git_repo, base, {FORK: fork}, [(SUBJECT, {MODEL: UPSTREAM_TEXT, SERVING: SERVING_UPSTREAM})])
    found = [(ln, sev) for p, ln, sev, _ in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]
    assert found == [(7, "error"), (37, "error")]


@pytest.mark.parametrize(
    "serving",
    [
        "def prompt(model_cls, request) -> list:\n"
        "    return [lang for lang in request.languages if model_cls.is_native(lang)]\n",
        "def prompt(model_cls, request) -> bool:\n"
        "    return any(model_cls.is_native(lang) for lang in request.languages)\n",
        "def prompt(model_cls, request) -> bool:\n    return bool(model_cls.is_native(request.language))\n",
    ],
    ids=["comprehension if", "any(genexp)", "bool()"],
)
def test_a_new_call_that_only_tests_truth_is_quiet(git_repo: GitRepo, no_rules: Path, serving: str) -> None:
    """Twin: upstream's new call of the method only tests its truth (a comprehension's ``if``, a generator
    ``any`` reduces, ``bool(...)``), where the old bool answers as the new value does: no error."""
    upstream = {MODEL: UPSTREAM_TEXT, SERVING: serving}
    sides = s.merge_case(git_repo, {MODEL: BASE_TEXT, SERVING: SERVING_BASE}, {FORK: FORK_TEXT}, [(SUBJECT, upstream)])
    found = [(ln, sev) for p, ln, sev, _ in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]
    assert [f for f in found if f[1] == "error"] == [], found
