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


def test_an_attribute_the_hook_or_the_module_gives_a_value_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: the hook stores the attribute before it reads it (``cls.key = ...``, ``cls.priority =
    getattr(cls, "priority", 0)``, ``setattr``), the module gives it a value after the class
    (``Plugin.registry = {}``), and the fork sets it under a version check in its class body: quiet, while a
    plain read of an attribute nothing gives (``cls.needed``) stays an error on the class without it."""
    registry = "vllm/model_executor/plugins.py"
    upstream = (
        "REGISTRY = {}\n\n\nclass Plugin:\n    def __init_subclass__(cls, **kwargs):\n"
        "        cls.key = cls.__name__.lower()\n        REGISTRY[cls.key] = cls\n"
        "        cls.priority = getattr(cls, 'priority', 0)\n        assert cls.priority >= 0\n"
        "        setattr(cls, 'tag', 'x')\n        print(cls.tag, cls.registry, cls.needed)\n\n\n"
        "Plugin.registry = {}\n"
    )
    fork = (
        "from torch import nn\n\nfrom vllm.model_executor.plugins import Plugin\n\nHAS_X = True\n\n\n"
        "class AeonPlugin(nn.Module, Plugin):\n    if HAS_X:\n        needed = 1\n    else:\n        needed = 2\n\n\n"
        "class AeonBare(nn.Module, Plugin):\n    pass\n"
    )
    base = {registry: "class Plugin:\n    pass\n"}
    sides = s.merge_case(git_repo, base, {FORK: fork}, [("Plugin registry keys (#1)", {registry: upstream})])
    found = [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]
    assert [(line, severity) for line, severity, _ in found] == [(15, "error")]
    assert "cls.needed" in found[0][2]


def test_a_tuple_assignment_in_the_class_body_gives_the_value(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: the fork class sets the attribute in a tuple (or list) assignment of its body
    (``supported_languages, strict = {...}, False``): quiet."""
    fork = (
        "from torch import nn\n\nfrom vllm.model_executor.models.interfaces import SupportsTranscription\n\n\n"
        "class AeonAsr(nn.Module, SupportsTranscription):\n    supported_languages, strict = {'en': 'English'}, False\n\n\n"
        "class AeonAsr2(nn.Module, SupportsTranscription):\n    [supported_languages, *rest] = [{'en': 'English'}]\n"
    )
    sides = s.merge_case(git_repo, {IFACES: BASE_TEXT}, {FORK: fork}, [(SUBJECT, {IFACES: UPSTREAM_TEXT})])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK and r[2] == "error"] == []
