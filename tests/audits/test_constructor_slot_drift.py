"""Symbol drift: a class's constructor parameter renamed in place and retyped, the fork still passing the old value.

The renamed-slot check (``drift/symbols.py`` ``_renamed_slot``) read functions and methods only; a call of
a class reads its ``__init__``'s slots the same way (#17057: ``CompilerManager.__init__(self, use_inductor:
bool)`` became ``__init__(self, compilation_config: CompilationConfig)``; the fork's ``CompilerManager(
config.use_inductor)`` still binds and hands the body a bool where it reads the config).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BACKENDS = "vllm/compilation/backends.py"
BASE = """class CompilationConfig:
    def __init__(self) -> None:
        self.use_inductor = True


class ManagerBase:
    pass


class CompilerManager(ManagerBase):
    def __init__(self, use_inductor: bool) -> None:
        self.use_inductor = use_inductor

    def compute_hash(self) -> str:
        return ""
"""
OLD_INIT = """    def __init__(self, use_inductor: bool) -> None:
        self.use_inductor = use_inductor
"""
NEW_INIT = """    def __init__(self, compilation_config: CompilationConfig) -> None:
        self.use_inductor = compilation_config.use_inductor
"""
FORK = "vllm/aeon/managers.py"
SUBJECT = "Add option to use torch._inductor.standalone_compile (#17057)"
IMPORTS = "from vllm.compilation.backends import CompilationConfig, CompilerManager\n\n\n"


def findings(repo: GitRepo, config: Path, body: str, upstream: str) -> list[tuple[int, str, str]]:
    """The fork's ``body`` merged under upstream's rewrite of the backends module."""
    assert upstream != BASE
    sides = s.merge_case(repo, {BACKENDS: BASE}, {FORK: IMPORTS + body}, [(SUBJECT, {BACKENDS: upstream})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


@pytest.mark.parametrize(
    ("body", "arg"),
    [
        (
            "def aeon_manager(config: CompilationConfig):\n    return CompilerManager(config.use_inductor)\n",
            "config.use_inductor",
        ),
        ("def aeon_manager(use_inductor: bool):\n    return CompilerManager(use_inductor)\n", "use_inductor"),
        ("def aeon_manager(flag: bool):\n    return CompilerManager(flag)\n", "flag"),
    ],
    ids=["a field spelled as the old parameter", "a name spelled as the old parameter", "annotated as the old kind"],
)
def test_the_old_value_into_a_constructor_slot_renamed_and_retyped(
    git_repo: GitRepo, no_rules: Path, body: str, arg: str
) -> None:
    """The constructor now takes the config where it took the flag: the fork's positional call binds and
    hands ``__init__`` a bool it reads an attribute off -- an error on the call."""
    [(line, severity, message)] = findings(git_repo, no_rules, body, BASE.replace(OLD_INIT, NEW_INIT))
    assert (line, severity) == (5, "error")
    assert f"calls CompilerManager with {arg} as argument 1, for use_inductor (bool)" in message
    assert "renamed compilation_config and retyped as CompilationConfig" in message


def test_the_new_value_passed_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = "def aeon_manager(config: CompilationConfig):\n    return CompilerManager(config)\n"
    assert findings(git_repo, no_rules, body, BASE.replace(OLD_INIT, NEW_INIT)) == []


def test_a_constructor_slot_only_renamed_warns(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream renamed the flag and kept its kind: the value may still mean the same -- the rename's warning."""
    body = "def aeon_manager(config: CompilationConfig):\n    return CompilerManager(config.use_inductor)\n"
    upstream = BASE.replace(
        OLD_INIT, OLD_INIT.replace("use_inductor:", "graph_compiler:").replace("= use_inductor", "= graph_compiler")
    )
    [(line, severity, message)] = findings(git_repo, no_rules, body, upstream)
    assert (line, severity) == (5, "warning")
    assert "for use_inductor, which upstream renamed graph_compiler" in message


def test_an_init_moved_to_another_class_is_no_slot_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The class's own ``__init__`` went and a base's runs now: not one slot renamed, left to the other checks."""
    body = "def aeon_manager(config: CompilationConfig):\n    return CompilerManager(config.use_inductor)\n"
    upstream = BASE.replace(OLD_INIT, "").replace("class ManagerBase:\n    pass\n", "class ManagerBase:\n" + NEW_INIT)
    assert [f for f in findings(git_repo, no_rules, body, upstream) if f[1] == "error"] == []


def test_a_guarded_constructor_call_warns(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork wrote the call for both versions: the old spelling is the fallback of an ``except TypeError``."""
    body = (
        "def aeon_manager(config: CompilationConfig):\n"
        "    try:\n"
        "        return CompilerManager(config)\n"
        "    except TypeError:\n"
        "        return CompilerManager(config.use_inductor)\n"
    )
    found = findings(git_repo, no_rules, body, BASE.replace(OLD_INIT, NEW_INIT))
    assert [severity for _, severity, _ in found] == ["warning"]
