"""Shifted joins: upstream changed where the parts a function joins into the string it returns start.

Shaped like #17196 (756848e79e), which made ``parse_fine_tuned_lora_name`` join ``parts[start_index:-2]`` (2 or
0) where it joined ``parts[2:-2]``.  Killers: a leading part read off the parsed name (a warning where the start
is now a name, an error where it is another literal), through a module attribute, the whole value of a one-value
def.  Twins: a part from the end, the name passed on, another separator, the other position, a def whose start
stayed, a name bound twice.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.shifted_joins import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "pkg/names.py"
BASE = """def parse(name: str):
    parts = name.split(".")
    if parts[-1] == "weight":
        new_name = ".".join(parts[2:-2])
        return new_name, True
    new_name = ".".join(parts[2:-1])
    return new_name, False


def module_of(name: str) -> str:
    parts = name.split(".")
    return ".".join(parts[1:])


def kept(name: str) -> str:
    return "/".join(name.split("/")[1:])
"""
AFTER = (
    BASE.replace('    parts = name.split(".")\n    if', '    start = 2 if name.startswith("base.") else 0\n    parts = name.split(".")\n    if')
    .replace("parts[2:-2]", "parts[start:-2]")
    .replace("parts[2:-1]", "parts[start:-1]")
    .replace('    return ".".join(parts[1:])', '    return ".".join(parts[2:])')
    .replace('    return "/".join(name.split("/")[1:])', '    return "/".join(name.split("/")[1:]).lower()')
)  # fmt: skip
FORK = "pkg/aeon_names.py"
HEAD = "# AEON: the Spark's adapter keys\nimport pkg.names as names\nfrom pkg.names import kept, module_of, parse\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {LIB: BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + body},
        [("[Bugfix] Fix Lora Name Parsing (#17196)", {LIB: AFTER})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line - 5, f.severity.value) for f in report.findings if f.rule_id == RULE and f.path == FORK]


@pytest.mark.parametrize(
    ("body", "level"),
    [
        ('def aeon_a(key: str) -> int:\n    module, _ = parse(key)\n    return int(module.split(".")[0])\n', "warning"),
        (
            'def aeon_b(key: str) -> str:\n    module = names.parse(key)[0]\n    return module.split(".")[1]\n',
            "warning",
        ),
        ('def aeon_c(key: str) -> str:\n    module = module_of(key)\n    return module.split(".")[0]\n', "error"),
    ],
    ids=["a start now a name", "module attribute, indexed call", "another literal start"],
)
def test_a_leading_part_read_off_a_join_upstream_moved(
    git_repo: GitRepo, no_rules: Path, body: str, level: str
) -> None:
    assert run(git_repo, no_rules, body) == [(3, level)]


@pytest.mark.parametrize(
    "body",
    [
        'def aeon_a(key: str) -> str:\n    module, _ = parse(key)\n    return module.split(".")[-1]\n',
        "def aeon_b(key: str) -> str:\n    module, _ = parse(key)\n    return module\n",
        'def aeon_c(key: str) -> str:\n    module, _ = parse(key)\n    return module.split("/")[0]\n',
        'def aeon_d(key: str) -> str:\n    _, is_a = parse(key)\n    return str(is_a).split(".")[0]\n',
        'def aeon_e(key: str) -> str:\n    path = kept(key)\n    return path.split("/")[0]\n',
        'def aeon_f(key: str) -> str:\n    module, _ = parse(key)\n    module = module.lower()\n    return module.split(".")[0]\n',
    ],
    ids=["from the end", "passed on", "another separator", "other position", "start kept", "bound twice"],
)
def test_reads_the_shift_leaves_alone_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert run(git_repo, no_rules, body) == []
