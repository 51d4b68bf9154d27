"""Demoted enum drift: upstream turned an enum into a plain class of constants under fork enum uses.

Shaped like vLLM #10558 (eebad39f26), which made ``AttentionType(Enum)`` with ``auto()`` members a
plain class of strings (``DECODER = "decoder"``): ``AttentionType.DECODER`` still resolves, the merge is
clean, and a fork line reading ``attn_type.name`` or iterating the class fails on first use.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import ENUM_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way

TYPES = "pkg/attn/types.py"
ENUM = "from enum import Enum, auto\n\n\nclass AttnType(Enum):\n    DECODER = auto()\n    ENCODER = auto()\n"
PLAIN = (
    'class AttnType:\n    """Strings: a compiler traces them."""\n\n    DECODER = "decoder"\n    ENCODER = "encoder"\n'
)
USE = "pkg/aeon_use.py"
HEAD = "from pkg.attn.types import AttnType\n\n\n"


MADE_PLAIN = [
    ("def label(attn_type: AttnType) -> str:\n    return attn_type.name.lower()\n", "attn_type.name"),
    ("SELF = [t for t in AttnType if t is not AttnType.ENCODER]\n", "SELF ="),
    ("def each() -> None:\n    for t in AttnType:\n        print(t)\n", "for t in"),
    ("COUNT = len(AttnType)\n", "COUNT"),
    ("def pick(v: int) -> AttnType:\n    return AttnType(v)\n", "return AttnType(v)"),
    ("def pick(v: str) -> AttnType:\n    return AttnType[v.upper()]\n", "return AttnType["),
    ("DECODER_ID = AttnType.DECODER.value\n", "DECODER_ID"),
    ("def check(t: object) -> bool:\n    return isinstance(t, AttnType)\n", "isinstance"),
    ("NAMES = list(AttnType.__members__)\n", "NAMES"),
]


@pytest.mark.parametrize(("body", "needle"), MADE_PLAIN)
def test_an_enum_use_of_a_class_upstream_made_plain(git_repo: GitRepo, tmp_path: Path, body: str, needle: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``row_side_by_side``)
    bodies = [HEAD + text for text, _ in MADE_PLAIN]
    path, findings = row_side_by_side(
        git_repo, tmp_path, {TYPES: ENUM}, bodies, HEAD + body, {TYPES: PLAIN}, RULE, "pkg"
    )
    assert [(f.path, f.line, f.severity.value) for f in findings] == [(path, line_of(HEAD + body, needle), "error")]
    message = findings[0].message
    assert "AttnType" in message and "plain class" in message and "DECODER = 'decoder'" in message


@pytest.mark.parametrize(
    ("body", "theirs"),
    [
        # the twin: members compared, as upstream's own code does after the change
        ("def is_decoder(t: str) -> bool:\n    return t == AttnType.DECODER\n", PLAIN),
        ("KIND = {AttnType.DECODER: 1}\n", PLAIN),
        # still an enum upstream (a value changed, not the kind): not this check's
        (
            "def label(attn_type: AttnType) -> str:\n    return attn_type.name\n",
            ENUM.replace("auto()\n    ENC", "3\n    ENC"),
        ),
        # the plain class keeps a lookup of its own: calling it may still answer
        (
            "def pick(v: int) -> AttnType:\n    return AttnType(v)\n",
            PLAIN + "\n    def __init__(self, v: int) -> None:\n        self.v = v\n",
        ),
        # a .name of something else
        ("def label(spec) -> str:\n    return spec.name\n", PLAIN),
    ],
)
def test_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str, theirs: str) -> None:
    sides = three_way(git_repo, {TYPES: ENUM}, {USE: HEAD + body}, {TYPES: theirs})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE] == []


OWN_ENUM = (
    "import enum\n\n\nclass AttnType(enum.Enum):  # the fork's own, not upstream's\n    PREFILL = 1\n    DECODE = 2\n"
)


@pytest.mark.parametrize(
    "fork",
    [
        # the fork's own enum of that name in the file: iterating it is fine
        {USE: OWN_ENUM + "\n\nPHASES = [t.name for t in AttnType]\n"},
        # ... or in a module of the fork's, imported (relatively too)
        {"pkg/aeon_kinds.py": OWN_ENUM, USE: "from pkg.aeon_kinds import AttnType\n\nPHASES = list(AttnType)\n"},
        {"pkg/aeon_kinds.py": OWN_ENUM, USE: "from .aeon_kinds import AttnType\n\nPHASES = list(AttnType)\n"},
        # a parameter of the same name, annotated with another class in another function
        {
            USE: HEAD + "def is_decoder(attn_type: AttnType) -> bool:\n    return attn_type == AttnType.DECODER\n\n\n"
            "def label(attn_type: Phase) -> str:\n    return attn_type.name\n"
        },
        # the annotated parameter rebound by a loop before its .name is read
        {
            USE: HEAD + "def labels(attn_type: AttnType, phases: list) -> list:\n    out = [attn_type]\n"
            "    for attn_type in phases:\n        out.append(attn_type.name)\n    return out\n"
        },
    ],
    ids=["own enum", "own module", "own module, relative", "other function's parameter", "rebound"],
)
def test_names_the_fork_binds_to_something_else(git_repo: GitRepo, tmp_path: Path, fork: dict[str, str]) -> None:
    sides = three_way(git_repo, {TYPES: ENUM}, fork, {TYPES: PLAIN})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


def test_the_class_through_a_package_above_it_is_still_upstreams(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = "from pkg.attn import AttnType\n\nALL = list(AttnType)\n"
    sides = three_way(git_repo, {TYPES: ENUM}, {USE: fork}, {TYPES: PLAIN})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "ALL ="), "error")]


@pytest.mark.parametrize(
    ("check", "error"),
    [("(AttnType, str)", False), ("(AttnType, object)", False), ("(AttnType, int)", True), ("(AttnType,)", True)],
)
def test_isinstance_beside_the_type_the_members_are_now(
    git_repo: GitRepo, tmp_path: Path, check: str, error: bool
) -> None:
    fork = HEAD + f"def check(t: object) -> bool:\n    return isinstance(t, {check})\n"
    sides = three_way(git_repo, {TYPES: ENUM}, {USE: fork}, {TYPES: PLAIN})
    expected = [(USE, line_of(fork, "isinstance"), "error")] if error else []
    assert found(audit(git_repo, sides, tmp_path), RULE) == expected


def test_a_parameter_narrowed_from_itself_still_holds_the_class(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = HEAD + (
        "def label(attn_type: AttnType | None = None) -> str:\n"
        "    attn_type = attn_type or AttnType.DECODER\n"
        "    return attn_type.name\n"
    )
    sides = three_way(git_repo, {TYPES: ENUM}, {USE: fork}, {TYPES: PLAIN})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "return attn_type.name"), "error")]


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            "import enum\n\n\ndef label(attn_type: AttnType) -> str:\n"
            "    return attn_type.name.lower() if isinstance(attn_type, enum.Enum) else attn_type\n",
            False,
        ),
        (
            "import enum\n\n\ndef label(attn_type: AttnType) -> str:\n"
            "    if isinstance(attn_type, enum.Enum) and attn_type.value:\n        return attn_type.name\n"
            "    return attn_type\n",
            False,
        ),
        # another value's check guards nothing of this one
        (
            "import enum\n\n\ndef label(attn_type: AttnType, other: object) -> str:\n"
            "    return attn_type.name if isinstance(other, enum.Enum) else ''\n",
            True,
        ),
    ],
    ids=["conditional expression", "if, and-ed", "another value checked"],
)
def test_a_member_read_only_where_it_is_an_enum(git_repo: GitRepo, tmp_path: Path, body: str, error: bool) -> None:
    """#10558 under ``attn_type.name if isinstance(attn_type, enum.Enum) else attn_type``: written for both."""
    fork = HEAD + body
    sides = three_way(git_repo, {TYPES: ENUM}, {USE: fork}, {TYPES: PLAIN})
    got = [line for path, line, _ in found(audit(git_repo, sides, tmp_path), RULE) if path == USE]
    reads = [n for n, text in enumerate(fork.split("\n"), 1) if ".name" in text]
    assert got == (reads if error else [])


# #24277 (9fb74c27a7) made ``class ConfigFormat(str, enum.Enum)`` a ``Literal`` of its values
CFG = "pkg/hf/config.py"
FMT_ENUM = (
    "import enum\n\n\nclass ConfigFormat(str, enum.Enum):\n"
    '    AUTO = "auto"\n    HF = "hf"\n    MISTRAL = "mistral"\n\n\n'
    "def get_config(model: str, config_format: ConfigFormat = ConfigFormat.AUTO) -> dict:\n    return {}\n"
)
FMT_ALIAS = (
    "from typing import Literal\n\n"
    'ConfigFormat = Literal["auto", "hf", "mistral"]\n\n\n'
    'def get_config(model: str, config_format: str = "auto") -> dict:\n    return {}\n'
)
FMT_HEAD = "from pkg.hf.config import ConfigFormat, get_config\n\n\n"


MADE_ALIAS = [
    ("def load(model: str) -> dict:\n    return get_config(model, config_format=ConfigFormat.MISTRAL)\n", "return"),
    ("def pick(name: str) -> ConfigFormat:\n    return ConfigFormat(name)\n", "return"),
    ("CHOICES = [f.value for f in ConfigFormat]\n", "CHOICES"),
    ("DEFAULT = ConfigFormat.HF.value\n", "DEFAULT"),
]


@pytest.mark.parametrize(("body", "needle"), MADE_ALIAS, ids=["member", "called", "iterated", "member value"])
def test_an_enum_use_of_a_class_upstream_made_a_literal_alias(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str
) -> None:
    bodies = [FMT_HEAD + text for text, _ in MADE_ALIAS]
    path, findings = row_side_by_side(
        git_repo, tmp_path, {CFG: FMT_ENUM}, bodies, FMT_HEAD + body, {CFG: FMT_ALIAS}, RULE, "pkg"
    )
    assert [(f.path, f.line, f.severity.value) for f in findings] == [(path, line_of(FMT_HEAD + body, needle), "error")]
    message = findings[0].message
    assert "ConfigFormat" in message and "Literal alias" in message


@pytest.mark.parametrize(
    ("body", "theirs"),
    [
        # the twin: the value spelt, as upstream's own callers do after the change
        ('def load(model: str) -> dict:\n    return get_config(model, config_format="mistral")\n', FMT_ALIAS),
        (
            "def load(model: str, fmt: ConfigFormat) -> dict:\n    return get_config(model, config_format=fmt)\n",
            FMT_ALIAS,
        ),
        # an attribute the alias still answers, or a name the enum never had as a member
        ("ARGS = ConfigFormat.__args__\n", FMT_ALIAS),
        # the alias is somewhere else than the top of the module (under a guard): not read as the alias
        (
            "def load(model: str) -> dict:\n    return get_config(model, config_format=ConfigFormat.MISTRAL)\n",
            "from typing import TYPE_CHECKING, Literal\n\nif TYPE_CHECKING:\n"
            '    ConfigFormat = Literal["auto", "hf"]\n',
        ),
    ],
    ids=["string", "annotation", "alias attribute", "guarded alias"],
)
def test_literal_alias_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str, theirs: str) -> None:
    sides = three_way(git_repo, {CFG: FMT_ENUM}, {USE: FMT_HEAD + body}, {CFG: theirs})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE] == []


# the member read must reach upstream's class: through a module re-exporting it (#24277's ``vllm.config``
# imported ``ConfigFormat`` from ``transformers_utils.config``), or an imported module's attribute
REEXPORT = "pkg/settings/__init__.py"


@pytest.mark.parametrize(
    "body",
    [
        "from pkg.settings import ConfigFormat\n\n\nFMT = ConfigFormat.MISTRAL\n",
        "import pkg.hf.config as hfc\n\n\nFMT = hfc.ConfigFormat.MISTRAL\n",
        "import pkg.hf.config\n\n\nFMT = pkg.hf.config.ConfigFormat.MISTRAL\n",
        "def fmt() -> str:\n    from pkg.hf.config import ConfigFormat\n\n    return ConfigFormat.MISTRAL\n",
    ],
    ids=["re-exported", "module alias", "dotted module", "local import"],
)
def test_a_member_read_through_the_modules_that_hand_on_the_alias(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    base = {CFG: FMT_ENUM, REEXPORT: "from pkg.hf.config import ConfigFormat, get_config\n"}
    sides = three_way(git_repo, base, {USE: body}, {CFG: FMT_ALIAS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(body, "ConfigFormat.MISTRAL"), "error")]


@pytest.mark.parametrize(
    "body",
    [
        # another package's enum of the same name (mistral_common's ConfigFormat), imported or off its module
        "import mistral_common.protocol as mp\n\n\nFMT = mp.ConfigFormat.MISTRAL\n",
        "from mistral_common.protocol import ConfigFormat\n\n\nFMT = ConfigFormat.MISTRAL\n",
        "from mistral_common.protocol import ConfigFormat\n\n\nFORMATS = list(ConfigFormat)\n",
        # written for both sides: the read guarded against the AttributeError it raises now
        f"{FMT_HEAD}try:\n    FMT = ConfigFormat.MISTRAL.value\nexcept AttributeError:\n    FMT = 'mistral'\n",
        f"{FMT_HEAD}FMT = ConfigFormat.MISTRAL if hasattr(ConfigFormat, 'MISTRAL') else 'mistral'\n",
        f"{FMT_HEAD}try:\n    FMT = ConfigFormat('mistral')\nexcept (TypeError, ValueError):\n    FMT = 'mistral'\n",
    ],
    ids=["third-party module attribute", "third-party import", "third-party iterated", "try", "hasattr", "try call"],
)
def test_member_read_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    sides = three_way(git_repo, {CFG: FMT_ENUM}, {USE: body}, {CFG: FMT_ALIAS})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE] == []


def test_a_guard_for_another_failure_still_fails(git_repo: GitRepo, tmp_path: Path) -> None:
    """``hasattr(Cls, "DECODER")`` holds for the plain class, whose ``DECODER.value`` still raises."""
    fork = HEAD + "ID = AttnType.DECODER.value if hasattr(AttnType, 'DECODER') else 0\n"
    sides = three_way(git_repo, {TYPES: ENUM}, {USE: fork}, {TYPES: PLAIN})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "ID ="), "error")]
