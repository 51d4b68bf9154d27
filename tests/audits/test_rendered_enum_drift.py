"""Rendered enums: upstream gave a plain enum its own ``__str__``; a fork compares the old ``"Cls.MEMBER"``.

Shaped like #25868 (43227236ec), which gave ``CUDAGraphMode`` a ``__str__`` returning ``self.name``: a fork's
``str(cfg.cudagraph_mode) == "CUDAGraphMode.FULL"`` is never true again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CFG = "pkg/compilation.py"
CFG_BASE = """import enum


class CUDAGraphMode(enum.Enum):
    NONE = 0
    FULL = 2

    def decode_mode(self):
        return self


class Level(enum.IntEnum):
    LOW = 0
"""
CFG_NEW = CFG_BASE.replace(
    "    def decode_mode(self):",
    "    def __str__(self) -> str:\n        return self.name\n\n    def decode_mode(self):",
).replace("    LOW = 0\n", "    LOW = 0\n\n    def __str__(self) -> str:\n        return self.name\n")
FORK = "pkg/aeon_modes.py"


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = CFG_NEW) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {CFG: CFG_BASE, "pkg/__init__.py": ""},
        {FORK: text},
        [("[torch.compile] serialize cudagraph_mode as its enum name (#25868)", {CFG: new})],
    )
    return [(r[1], r[2]) for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "plain Enum renders" in r[3]]


@pytest.mark.parametrize(
    "text",
    [
        'def a(mode):\n    return str(mode) == "CUDAGraphMode.FULL"\n',
        'def a(mode):\n    return f"{mode}" != "CUDAGraphMode.NONE"\n',
        'def a(mode):\n    return str(mode) in ("CUDAGraphMode.FULL", "other")\n',
    ],
)
def test_a_rendering_compared_with_the_old_spelling_is_an_error(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == [(2, "error")]


@pytest.mark.parametrize(
    "text",
    [
        '_LABELS = {"CUDAGraphMode.FULL": "full"}\n',
        'def a(label):\n    return label == "CUDAGraphMode.FULL"\n',
    ],
)
def test_a_table_key_or_another_comparison_is_a_warning(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert [sev for _, sev in run(git_repo, no_rules, text)] == ["warning"]


@pytest.mark.parametrize(
    "text",
    [
        # twins: the member's name, the member itself, a message, a method's name, another enum kind
        'def a(mode):\n    return mode.name == "FULL"\n',
        'def a(mode):\n    return str(mode) == "FULL"\n',
        'def a(mode):\n    raise ValueError("CUDAGraphMode.FULL is not supported")\n',
        'def a(mode):\n    return str(mode) == "CUDAGraphMode.decode_mode"\n',
        'def a(level):\n    return str(level) == "Level.LOW"\n',
    ],
)
def test_names_members_messages_and_value_rendered_enums_stay_quiet(
    git_repo: GitRepo, no_rules: Path, text: str
) -> None:
    assert run(git_repo, no_rules, text) == []


def test_an_enum_that_rendered_itself_at_the_base_is_not_this_merges_doing(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {CFG: CFG_NEW, "pkg/__init__.py": ""},
        {FORK: 'def a(mode):\n    return str(mode) == "CUDAGraphMode.FULL"\n'},
        [("[Misc] touch (#1)", {CFG: CFG_NEW.replace("FULL = 2", "FULL = 2\n    PIECEWISE = 1")})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "plain Enum renders" in r[3]] == []


@pytest.mark.parametrize(
    "text",
    [
        # review135 twins: the fork's own enum of the name (defined here, or imported from elsewhere)
        'import enum\n\n\nclass CUDAGraphMode(enum.Enum):\n    FULL = 1\n\n\ndef a(m):\n    return str(m) == "CUDAGraphMode.FULL"\n',
        'from pkg.aeon_enums import CUDAGraphMode\n\n\ndef a(m: CUDAGraphMode):\n    return str(m) == "CUDAGraphMode.FULL"\n',
        # a comparison accepting either spelling: a display, an or-chain
        'def a(mode):\n    return str(mode) in ("FULL", "CUDAGraphMode.FULL")\n',
        'def a(mode):\n    return str(mode) == "FULL" or str(mode) == "CUDAGraphMode.FULL"\n',
        # str() of a parameter typed as something else: a spelling the fork reads, not a member
        'def a(spelt: str):\n    return str(spelt) == "CUDAGraphMode.FULL"\n',
    ],
)
def test_the_forks_own_class_either_spelling_and_other_types_draw_no_error(
    git_repo: GitRepo, no_rules: Path, text: str
) -> None:
    assert [f for f in run(git_repo, no_rules, text) if f[1] == "error"] == []


@pytest.mark.parametrize(
    "text",
    [
        # round 3: an or-chain whose other spelling meets another value; a parameter typed as the class
        'def a(mode, other):\n    return str(other) == "FULL" or str(mode) == "CUDAGraphMode.FULL"\n',
        'from pkg.compilation import CUDAGraphMode\n\n\ndef a(mode: "CUDAGraphMode | None"):\n    return str(mode) == "CUDAGraphMode.FULL"\n',
        # the name imported from upstream's module itself
        'from pkg.compilation import CUDAGraphMode\n\n\ndef a(mode: CUDAGraphMode):\n    return str(mode) in ("NONE", "CUDAGraphMode.FULL")\n',
    ],
)
def test_other_values_and_other_members_still_err(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert any(severity == "error" for _, severity in run(git_repo, no_rules, text))


# -- mend81: the enum re-exported through another module of the tree ------------------------------------------------
REEXPORTS = {
    "pkg/modes.py": "from pkg.compilation import CUDAGraphMode\n\n__all__ = ['CUDAGraphMode']\n",
    "pkg/api.py": "from pkg.modes import CUDAGraphMode as CUDAGraphMode\n",
    "pkg/aeon_own.py": "import enum\n\n\nclass CUDAGraphMode(enum.Enum):\n    FULL = 1\n",
    "pkg/handed.py": "from pkg.aeon_own import CUDAGraphMode\n",
}


def run_reexported(git_repo: GitRepo, no_rules: Path, text: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {CFG: CFG_BASE, "pkg/__init__.py": "", **REEXPORTS},
        {FORK: text},
        [("[torch.compile] serialize cudagraph_mode as its enum name (#25868)", {CFG: CFG_NEW})],
    )
    return [(r[1], r[2]) for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "plain Enum renders" in r[3]]


COMPARE = '\n\n\ndef a(mode: CUDAGraphMode):\n    return str(mode) == "CUDAGraphMode.FULL"\n'


@pytest.mark.parametrize(
    "head", ["from pkg.modes import CUDAGraphMode", "from pkg.api import CUDAGraphMode", "from pkg.api import *"]
)
def test_the_enum_re_exported_through_another_module_is_an_error(git_repo: GitRepo, no_rules: Path, head: str) -> None:
    assert run_reexported(git_repo, no_rules, head + COMPARE) == [(5, "error")]


@pytest.mark.parametrize(
    "head",
    [
        "from pkg.aeon_own import CUDAGraphMode",
        "from pkg.handed import CUDAGraphMode",
        "from pkg.gone import CUDAGraphMode",
    ],
)
def test_a_class_of_the_name_another_module_hands_on_is_quiet(git_repo: GitRepo, no_rules: Path, head: str) -> None:
    assert [f for f in run_reexported(git_repo, no_rules, head + COMPARE) if f[1] == "error"] == []


# -- review140: a parameter annotated with the file's import alias of the class names the class
@pytest.mark.parametrize(
    "head", ["from pkg.modes import CUDAGraphMode as Mode", "from pkg.compilation import CUDAGraphMode as Mode"]
)
def test_a_parameter_annotated_by_an_import_alias_is_the_class(git_repo: GitRepo, no_rules: Path, head: str) -> None:
    text = head + '\n\n\ndef a(mode: Mode | None):\n    return str(mode) == "CUDAGraphMode.FULL"\n'
    assert run_reexported(git_repo, no_rules, text) == [(5, "error")]


@pytest.mark.parametrize(
    "annotation", ["Mode", "ModeName", "MyCUDAGraphMode"], ids=["another class's alias", "a longer word", "a prefix"]
)
def test_a_parameter_annotated_by_another_name_stays_the_warning(
    git_repo: GitRepo, no_rules: Path, annotation: str
) -> None:
    head = "from pkg.compilation import CUDAGraphMode\nfrom pkg.aeon_own import CUDAGraphMode as Mode"
    text = head + f'\n\n\ndef a(mode: {annotation}):\n    return str(mode) == "CUDAGraphMode.FULL"\n'
    assert run_reexported(git_repo, no_rules, text) == [(6, "warning")]
