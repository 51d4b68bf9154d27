"""Subclass needs (drift/subclass_needs.py): #21833 gave ``SupportsTranscription`` an ``__init_subclass__``
reading ``cls.supported_languages``, which it declares without a value; a fork implementer without it fails
at import."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

IFACES = "vllm/model_executor/models/interfaces.py"
BASE_TEXT = """from collections.abc import Mapping
from typing import ClassVar, Protocol

LANGUAGES = {"en": "english", "de": "german"}


class SupportsTranscription(Protocol):
    supports_transcription: ClassVar[bool] = True

    @classmethod
    def validate_language(cls, language: str) -> bool: ...


class SupportsPP(Protocol):
    supports_pp: ClassVar[bool] = True
"""
UPSTREAM_TEXT = BASE_TEXT.replace(
    "    supports_transcription: ClassVar[bool] = True\n",
    "    supports_transcription: ClassVar[bool] = True\n"
    "    supported_languages: ClassVar[Mapping[str, str]]\n\n"
    "    def __init_subclass__(cls, **kwargs):\n"
    "        super().__init_subclass__(**kwargs)\n"
    "        invalid = set(cls.supported_languages) - set(LANGUAGES)\n"
    "        if invalid:\n"
    "            raise ValueError(f'{cls.__name__}: {sorted(invalid)}')\n"
    "        if cls.strict:\n"
    "            pass\n",
)
SUBJECT = "[Bugfix] Relax lang pin for voxtral (#21833)"
FORK = "vllm/aeon/asr.py"
FORK_TEXT = """from torch import nn

from vllm.model_executor.models.interfaces import SupportsPP, SupportsTranscription
from vllm.model_executor.models.whisper import WhisperForConditionalGeneration


class AeonAsr(nn.Module, SupportsTranscription):
    pass


class AeonAsr2(nn.Module, SupportsTranscription):
    supported_languages = {"en": "English"}


class AeonLangs:
    supported_languages = {"en": "English"}


class AeonAsr3(AeonLangs, SupportsTranscription):
    pass


class AeonWhisper(WhisperForConditionalGeneration, SupportsTranscription):
    pass


class AeonPP(nn.Module, SupportsPP):
    pass
"""


def test_a_subclass_without_the_attribute_a_new_init_subclass_reads_is_an_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """The fork class with only outside bases is an error, one beside another class of the tree a warning
    (Whisper may bring the attribute); one that sets it, one whose local base sets it, a read under an ``if``
    (``cls.strict``) and another protocol's subclass are quiet."""
    sides = s.merge_case(git_repo, {IFACES: BASE_TEXT}, {FORK: FORK_TEXT}, [(SUBJECT, {IFACES: UPSTREAM_TEXT})])
    found = [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]
    assert [(line, severity) for line, severity, _ in found] == [(7, "error"), (23, "warning")]
    assert "cls.supported_languages" in found[0][2] and "#21833" in found[0][2]
