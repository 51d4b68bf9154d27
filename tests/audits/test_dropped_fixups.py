"""Dropped fix-ups: upstream's class no longer stores a constant member into a field; a fork tests for it.

Shaped like #34523 (87789c8364): ``VllmConfig.__post_init__`` stopped lowering ``self.optimization_level`` to
``OptimizationLevel.O0`` for an eager model, and a fork's ``config.optimization_level == OptimizationLevel.O0``
(its "eager" test) is silently false for it now.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.drift import dropped_fixups
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "pkg/config.py"
LIB_BASE = """import enum


class Level(enum.IntEnum):
    O0 = 0
    O2 = 2


class Mode(enum.Enum):
    NONE = "none"
    COMPILE = "compile"


class Config:
    level: Level = Level.O2
    mode: Mode = Mode.COMPILE

    def __init__(self, eager: bool = False, offload: bool = False) -> None:
        self.eager = eager
        self.offload = offload
        self.fix_up()

    def fix_up(self) -> None:
        if self.eager:
            self.level = Level.O0
        if self.offload:
            self.mode = Mode.NONE
"""
DROPPED = LIB_BASE.replace("            self.level = Level.O0\n", "            self.mode = Mode.NONE\n")
SUBJECT = "[Misc] --enforce-eager should turn off compile only (#34523)"
FORK = "pkg/aeon_eager.py"
FIXUP_HEAD = "# AEON: the fork skips its graph warm-up when eager\nfrom pkg.config import Config, Level, Mode\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, body: str, new: str = DROPPED) -> list[tuple[int, str, str]]:
    text = FIXUP_HEAD + body
    sides = s.merge_case(git_repo, {LIB: LIB_BASE, "pkg/__init__.py": ""}, {FORK: text}, [(SUBJECT, {LIB: new})])
    report: AuditReport = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


DROPPED_TESTS = [
    "def aeon_eager(config: Config) -> bool:\n    return config.level == Level.O0\n",
    "def aeon_warm(config: Config) -> bool:\n    return config.level > Level.O0\n",
    # the constant spelt through its module, and ``is``
    "import pkg.config\n\n\ndef aeon_eager3(config: Config) -> bool:\n    return config.level is pkg.config.Level.O0\n",
]


@pytest.mark.parametrize("body", DROPPED_TESTS)
def test_a_test_for_the_dropped_constant_is_a_warning(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    bodies = [FIXUP_HEAD + text for text in DROPPED_TESTS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {LIB: DROPPED})]
    base = {LIB: LIB_BASE, "pkg/__init__.py": ""}
    _, rows = s.audited_row(git_repo, no_rules, base, bodies, FIXUP_HEAD + body, upstream, RULE, "pkg")
    [(line, severity, message)] = [(f.line, f.severity.value, f.message) for f in rows]
    assert severity == "warning"
    assert line == len(body.splitlines()) + 4
    assert "no longer stores Level.O0 into Config.level" in message


@pytest.mark.parametrize(
    ("body", "new"),
    [
        # another member
        ("def aeon_full(config: Config) -> bool:\n    return config.level == Level.O2\n", DROPPED),
        # the field upstream still fixes up
        ("def aeon_off(config: Config) -> bool:\n    return config.mode == Mode.NONE\n", DROPPED),
        # the store moved to another method of the class
        (
            "def aeon_eager(config: Config) -> bool:\n    return config.level == Level.O0\n",
            DROPPED.replace(
                "        self.fix_up()\n",
                "        self.fix_up()\n        if eager:\n            self.level = Level.O0\n",
            ),
        ),
        # the fork's own class with a field of the name, a parameter annotated with it
        (
            "class Knob:\n    level = 0\n\n\ndef aeon_knob(k: Knob) -> bool:\n    return k.level == Level.O0\n",
            DROPPED,
        ),
        # the field gone with the store (symbol drift's)
        (
            "def aeon_eager(config: Config) -> bool:\n    return config.level == Level.O0\n",
            DROPPED.replace("    level: Level = Level.O2\n", ""),
        ),
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, new: str) -> None:
    assert [f for f in run(git_repo, no_rules, body, new) if "no longer stores" in f[2]] == []


@pytest.mark.parametrize(
    ("body", "parsed"),
    [
        ("def aeon_eager(config: Config) -> bool:\n    return config.level == Level.O0\n", True),
        ("def aeon_eager(config: Config) -> bool:\n    return config.eager\n", False),  # no fork line holds O0
    ],
    ids=["names the member", "names no member"],
)
def test_upstream_is_parsed_only_for_a_fork_line_naming_a_dropped_member(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch, body: str, parsed: bool
) -> None:
    asked: list[str] = []
    real = dropped_fixups.parsed_versions

    def recorded(trees: ThreeTrees, paths: list[str]) -> Iterator[tuple[str, ast.Module, ast.Module]]:
        asked.extend(paths)
        return real(trees, paths)

    monkeypatch.setattr(dropped_fixups, "parsed_versions", recorded)
    rows = [f for f in run(git_repo, no_rules, body) if "no longer stores" in f[2]]
    assert (LIB in asked) is parsed
    assert bool(rows) is parsed


# -- mend76: a string constant, stored on ``self`` or on an object a field of it holds ---------------------------
# Shaped like #43110 (d3a563501b): ``ParallelConfig.__post_init__`` stopped picking
# ``self.eplb_config.communicator = "torch_nccl"`` when unset (``"nixl"`` or ``"torch_gloo"`` now); a fork's
# ``pc.eplb_config.communicator == "torch_nccl"`` is blind to the engine's own pick now.
PAR = "pkg/par.py"
PAR_BASE = """from dataclasses import dataclass, field


@dataclass
class Comm:
    backend: str | None = None


@dataclass
class Par:
    comm: Comm = field(default_factory=Comm)
    elastic: bool = False
    use_async: bool = False
    mode: str = "auto"

    def __post_init__(self) -> None:
        if self.comm.backend is None:
            if self.elastic:
                self.comm.backend = "pynccl"
            elif self.use_async:
                self.comm.backend = "gloo"
            else:
                self.comm.backend = "nccl"
        if self.elastic:
            self.mode = 'eager'
"""
PAR_DROPPED = PAR_BASE.replace('self.comm.backend = "nccl"', 'self.comm.backend = "nixl"').replace(
    "            self.mode = 'eager'\n", "            self.mode = self.mode\n"
)
PAR_SUBJECT = "[EPLB] Change default EPLB communicator (#43110)"
PAR_HEAD = "# AEON: the Spark's communicator choices\nfrom pkg.par import Par\n\n\n"

PAR_DROPPED_TESTS = [
    # the nested field, either operand order
    "def aeon_nccl(par: Par) -> bool:\n    return par.comm.backend == 'nccl'\n",
    'def aeon_not_nccl(par: Par) -> bool:\n    return "nccl" != par.comm.backend\n',
    # ``not in`` a list display holding it
    'def aeon_host(par: Par) -> bool:\n    return par.comm.backend not in ["nccl", "pynccl"]\n',
    # a module table keyed by the field, holding the dropped key
    'SIZES = {"nccl": 256, "gloo": 64, "pynccl": 256}\n\n\ndef aeon_mib(par: Par) -> int:\n'
    "    return SIZES[par.comm.backend]\n",
    # a plain field of a subclass's ``self``
    'class AeonPar(Par):\n    def aeon_eager(self) -> bool:\n        return self.mode == "eager"\n',
]


@pytest.mark.parametrize("body", PAR_DROPPED_TESTS)
def test_a_test_for_a_dropped_string_is_a_warning(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    bodies = [PAR_HEAD + text for text in PAR_DROPPED_TESTS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(PAR_SUBJECT, {PAR: PAR_DROPPED})]
    base = {PAR: PAR_BASE, "pkg/__init__.py": ""}
    _, rows = s.audited_row(git_repo, no_rules, base, bodies, PAR_HEAD + body, upstream, RULE, "pkg")
    [(line, severity, message)] = [(f.line, f.severity.value, f.message) for f in rows if "no longer" in f.message]
    assert severity == "warning"
    assert line == len(body.splitlines()) + 4
    assert "no longer stores 'nccl' into Par.comm.backend" in message or "'eager' into Par.mode" in message


PAR_MOVED = PAR_BASE.replace('            else:\n                self.comm.backend = "nccl"\n', "").replace(
    "        if self.elastic:\n            self.mode",
    '        if not self.comm.backend:\n            self.comm.backend = "nccl"\n        if self.elastic:\n            self.mode',
)
PAR_HOLDER = PAR_BASE.replace(
    """        if self.comm.backend is None:
            if self.elastic:
                self.comm.backend = "pynccl"
            elif self.use_async:
                self.comm.backend = "gloo"
            else:
                self.comm.backend = "nccl"
""",
    "        self.comm.resolve(self.elastic, self.use_async)\n",
)


def _par_run(git_repo: GitRepo, no_rules: Path, body: str, new: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo, {PAR: PAR_BASE, "pkg/__init__.py": ""}, {FORK: PAR_HEAD + body}, [(PAR_SUBJECT, {PAR: new})]
    )
    report: AuditReport = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


@pytest.mark.parametrize(
    ("body", "new"),
    [
        # a value upstream still picks, and the new one
        ("def aeon_elastic(par: Par) -> bool:\n    return par.comm.backend == 'pynccl'\n", PAR_DROPPED),
        ("def aeon_nixl(par: Par) -> bool:\n    return par.comm.backend in ('nixl', 'nccl')\n", PAR_DROPPED),
        # the holder's own field read off the holder (``Comm.backend``), not the nested one
        (
            "from pkg.par import Comm\n\n\ndef aeon_comm(c: Comm) -> bool:\n    return c.backend == 'nccl'\n",
            PAR_DROPPED,
        ),
        # the fork's own class holding a field of the names
        (
            "class Knob:\n    comm = None\n\n\ndef aeon_knob(k: Knob) -> bool:\n    return k.comm.backend == 'nccl'\n",
            PAR_DROPPED,
        ),
        # a table without the dropped key, and a method of the field's string
        ('T = {"gloo": 1}\n\n\ndef aeon_t(par: Par) -> int:\n    return T[par.comm.backend]\n', PAR_DROPPED),
        ("def aeon_s(par: Par) -> bool:\n    return par.comm.backend.startswith('nccl')\n", PAR_DROPPED),
        # a table with a key for the new pick too
        (
            'T = {"nccl": 1, "nixl": 2}\n\n\ndef aeon_t2(par: Par) -> int:\n    return T[par.comm.backend]\n',
            PAR_DROPPED,
        ),
        # the store moved within the class
        ("def aeon_nccl(par: Par) -> bool:\n    return par.comm.backend == 'nccl'\n", PAR_MOVED),
        # the pick moved to the holder's class: the class no longer stores the nested field at all
        ("def aeon_nccl(par: Par) -> bool:\n    return par.comm.backend == 'nccl'\n", PAR_HOLDER),
    ],
    ids=[
        "kept",
        "new value named",
        "holder's field",
        "fork class",
        "table without key",
        "str method",
        "table with the new key",
        "moved",
        "moved to holder",
    ],
)
def test_string_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, new: str) -> None:
    assert [f for f in _par_run(git_repo, no_rules, body, new) if "no longer stores" in f[2]] == []


@pytest.mark.parametrize(
    ("body", "parsed"),
    [
        ("def aeon_nccl(par: Par) -> bool:\n    return par.comm.backend == 'nccl'\n", True),
        ("def aeon_nccl(par: Par, use_nccl: bool) -> bool:\n    return use_nccl and par.elastic\n", False),
    ],
    ids=["quotes the string", "holds its text unquoted"],
)
def test_upstream_is_parsed_only_for_a_fork_line_quoting_a_dropped_string(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch, body: str, parsed: bool
) -> None:
    asked: list[str] = []
    real = dropped_fixups.parsed_versions

    def recorded(trees: ThreeTrees, paths: list[str]) -> Iterator[tuple[str, ast.Module, ast.Module]]:
        asked.extend(paths)
        return real(trees, paths)

    monkeypatch.setattr(dropped_fixups, "parsed_versions", recorded)
    rows = [f for f in _par_run(git_repo, no_rules, body, PAR_DROPPED) if "no longer stores" in f[2]]
    assert (PAR in asked) is parsed
    assert bool(rows) is parsed
