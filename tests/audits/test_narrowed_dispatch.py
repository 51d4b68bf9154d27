"""Narrowed dispatch: upstream now calls a method of what its table holds only for a few listed keys.

Shaped like #38247 (f73bcb1c51), which made ``HFConfigParser.parse`` call ``_CONFIG_REGISTRY[model_type].
from_pretrained(...)`` only for ``_SPECULATIVE_DECODING_CONFIGS`` where it did so for every registered key.
Killers: a class set by subscript, by ``update`` of a dict and of keywords, by ``setdefault``, an override in a
base class of the file.  Twins: a listed key, an ``__init__`` override, a key that is no literal, another table,
a dispatch upstream left wide beside the narrowed one; a warning where the fork calls the override itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.narrowed_dispatch import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "pkg/config.py"
BASE = """REGISTRY: dict[str, type] = {}
OTHER: dict[str, type] = {}


class Auto:
    @classmethod
    def build(cls, name: str) -> object:
        return object()


class Parser:
    def parse(self, name: str, kind: str) -> object:
        if kind in REGISTRY:
            config_class = REGISTRY[kind]
            return config_class.from_pretrained(name)
        return Auto.build(name)


def other(kind: str, name: str) -> object:
    if kind in OTHER:
        return OTHER[kind].from_pretrained(name)
    return None
"""
AFTER = BASE.replace(
    "OTHER: dict[str, type] = {}\n",
    'OTHER: dict[str, type] = {}\n_SPECULATIVE: set[str] = {"eagle", "speculators"}\n',
).replace("        if kind in REGISTRY:\n", "        if kind in _SPECULATIVE:\n")
FORK = "pkg/aeon_config.py"
HEAD = "# AEON: the Spark's NVFP4 configs\nfrom pkg.config import OTHER, REGISTRY\n\n\nclass Base:\n"
KLASS = "    pass\n\n\nclass AeonConfig(Base):\n    @classmethod\n    def from_pretrained(cls, name):\n        return cls()\n"


def run(git_repo: GitRepo, no_rules: Path, body: str, new: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {LIB: BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + body},
        [("Various Transformers v5 config fixes (#38247)", {LIB: new})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value) for f in report.findings if f.rule_id == RULE and f.path == FORK]


@pytest.mark.parametrize(
    "tail",
    [
        '\n\nREGISTRY["aeon"] = AeonConfig\n',
        '\n\nREGISTRY.update({"aeon": AeonConfig})\n',
        "\n\nREGISTRY.update(aeon=AeonConfig)\n",
        '\n\nREGISTRY.setdefault("aeon", AeonConfig)\n',
    ],
    ids=["subscript", "update of a dict", "update of keywords", "setdefault"],
)
def test_an_override_of_a_class_set_under_another_key(git_repo: GitRepo, no_rules: Path, tail: str) -> None:
    assert run(git_repo, no_rules, KLASS + tail) == [(11, "error")]


def test_an_override_in_a_base_class_of_the_file(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "    @classmethod\n    def from_pretrained(cls, name):\n        return cls()\n\n\n"
        'class AeonConfig(Base):\n    pass\n\n\nREGISTRY["aeon"] = AeonConfig\n'
    )
    assert run(git_repo, no_rules, body) == [(7, "error")]


@pytest.mark.parametrize(
    "body",
    [
        KLASS + '\n\nREGISTRY["eagle"] = AeonConfig\n',
        "    pass\n\n\nclass AeonConfig(Base):\n    def __init__(self, layout='swizzled'):\n        self.layout = layout\n"
        '\n\nREGISTRY["aeon"] = AeonConfig\n',
        KLASS + '\n\nKEY = "aeon"\nREGISTRY[KEY] = AeonConfig\n',
        KLASS + '\n\nOTHER["aeon"] = AeonConfig\n',
    ],
    ids=["listed key", "init override", "key no literal", "table upstream left wide"],
)  # fmt: skip
def test_registrations_the_dispatch_still_reaches_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert run(git_repo, no_rules, body) == []


def test_a_dispatch_left_wide_elsewhere_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    new = AFTER + "\n\ndef load(kind: str, name: str) -> object:\n    return REGISTRY[kind].from_pretrained(name)\n"
    assert run(git_repo, no_rules, KLASS + '\n\nREGISTRY["aeon"] = AeonConfig\n', new) == []


def test_a_fork_that_calls_the_override_itself_is_warned(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        KLASS
        + '\n\nREGISTRY["aeon"] = AeonConfig\n\n\ndef aeon_load(name):\n    return AeonConfig.from_pretrained(name)\n'
    )
    assert run(git_repo, no_rules, body) == [(11, "warning")]


# review134: the fork's key added to the guarding set, its own call through the table, its own table of the name
SETS = "# AEON: the Spark's NVFP4 configs\nfrom pkg.config import REGISTRY, _SPECULATIVE\n\n\nclass Base:\n"
MODULE = "# AEON: the Spark's NVFP4 configs\nimport pkg.config as pc\n\n\nclass Base:\n"
OWN = "# AEON: the Spark's NVFP4 configs\nfrom pkg import config as pc\n\nREGISTRY: dict[str, type] = {}\n\n\nclass Base:\n"


@pytest.mark.parametrize(
    ("head", "tail"),
    [
        (SETS, '\n\nREGISTRY["aeon"] = AeonConfig\n_SPECULATIVE.add("aeon")\n'),
        (SETS, '\n\nREGISTRY["aeon"] = AeonConfig\n_SPECULATIVE.update({"aeon", "aeon2"})\n'),
        (MODULE, '\n\npc.REGISTRY["aeon"] = AeonConfig\npc._SPECULATIVE |= {"aeon"}\n'),
        (OWN, '\n\nREGISTRY["aeon"] = AeonConfig\n\n\ndef aeon(kind, name):\n    return pc.Parser().parse(name, kind)\n'),
    ],
    ids=["set.add", "set.update", "|= through the module", "the fork's own table of the name"],
)  # fmt: skip
def test_a_key_the_fork_lets_through_or_its_own_table_is_quiet(
    git_repo: GitRepo, no_rules: Path, head: str, tail: str
) -> None:
    sides = s.merge_case(
        git_repo,
        {LIB: BASE, "pkg/__init__.py": ""},
        {FORK: head + KLASS + tail},
        [("Various Transformers v5 config fixes (#38247)", {LIB: AFTER})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == RULE and f.path == FORK and f.severity.value == "error"] == []


def test_a_fork_calling_through_the_table_itself_is_warned(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        KLASS
        + '\n\nREGISTRY["aeon"] = AeonConfig\n\n\ndef aeon_load(name):\n    return REGISTRY["aeon"].from_pretrained(name)\n'
    )
    assert run(git_repo, no_rules, body) == [(11, "warning")]


@pytest.mark.parametrize(
    "tail",
    [
        '\n\nREGISTRY["aeon"] = AeonConfig\n_SPECULATIVE.add("aeon_other")\n',
        '\n\nREGISTRY["aeon"] = AeonConfig\n\n\ndef aeon_load(name):\n    return REGISTRY["aeon_other"].from_pretrained(name)\n',
        '\n\nREGISTRY["aeon"] = AeonConfig\nMINE: dict[str, type] = {}\nMINE["x"] = AeonConfig\n',
    ],
    ids=["another key added", "another key called", "a table of its own beside"],
)  # fmt: skip
def test_what_the_mends_leave_is_still_an_error(git_repo: GitRepo, no_rules: Path, tail: str) -> None:
    sides = s.merge_case(
        git_repo,
        {LIB: BASE, "pkg/__init__.py": ""},
        {FORK: SETS + KLASS + tail},
        [("Various Transformers v5 config fixes (#38247)", {LIB: AFTER})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [(f.line, f.severity.value) for f in report.findings if f.rule_id == RULE and f.path == FORK] == [
        (11, "error")
    ]
