"""Symbol drift's renamed slot: a call the fork wrote for both versions of a constructor stays off the errors.

review39 (benchmarks/review39_twins.py) replayed the constructor's renamed slot (#17057: ``CompilerManager(
use_inductor: bool)`` became ``CompilerManager(compilation_config: CompilationConfig)``) under correct fork
carries; three were errors: the old flag under a test of ``inspect.signature(CompilerManager.__init__)`` (or
``getfullargspec``), the signature a class's call runs, and a parameter of either kind spelled like the old
one, handed on under ``isinstance(use_inductor, CompilationConfig)``.  The fork's own test tells the versions
(or the kinds) apart: a warning for the signature, quiet for the kind.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import audit_tree
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BACKENDS = "vllm/compilation/backends.py"
BASE = """class CompilationConfig:
    def __init__(self) -> None:
        self.use_inductor = True


class CompilerManager:
    def __init__(self, use_inductor: bool) -> None:
        self.use_inductor = use_inductor
"""
UPSTREAM = BASE.replace(
    "    def __init__(self, use_inductor: bool) -> None:\n        self.use_inductor = use_inductor\n",
    "    def __init__(self, compilation_config: CompilationConfig) -> None:\n"
    "        self.use_inductor = compilation_config.use_inductor\n",
)
FORK = "vllm/aeon/managers.py"
SUBJECT = "Add option to use torch._inductor.standalone_compile (#17057)"
IMPORTS = "import inspect\n\nfrom vllm.compilation.backends import CompilationConfig, CompilerManager\n\n\n"


def findings(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str]]:
    """The fork's ``body`` (its first line is line 6) merged under upstream's new constructor."""
    sides = s.merge_case(repo, {BACKENDS: BASE}, {FORK: IMPORTS + body}, [(SUBJECT, {BACKENDS: UPSTREAM})])
    report = audit_tree(repo.path, config, merge=sides)
    return [(f.line, f.severity.value) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


@pytest.mark.parametrize(
    "test",
    [
        '"compilation_config" in inspect.signature(CompilerManager.__init__).parameters',
        '"compilation_config" in inspect.getfullargspec(CompilerManager.__init__).args',
    ],
    ids=["signature", "getfullargspec"],
)
def test_the_old_flag_under_a_test_of_the_constructors_signature_warns(
    git_repo: GitRepo, no_rules: Path, test: str
) -> None:
    """The class's call runs its ``__init__``: reading that signature is reading the call's."""
    body = (
        "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
        f"    if {test}:\n"
        "        return CompilerManager(config)\n"
        "    return CompilerManager(config.use_inductor)\n"
    )
    assert findings(git_repo, no_rules, body) == [(9, "warning")]


def test_another_classs_constructor_signature_tells_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
        '    if "use_inductor" in inspect.signature(CompilationConfig.__init__).parameters:\n'
        "        return CompilerManager(config.use_inductor)\n"
        "    return CompilerManager(config)\n"
    )
    assert findings(git_repo, no_rules, body) == [(8, "error")]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_manager(use_inductor: bool | CompilationConfig) -> CompilerManager:\n"
        "    if isinstance(use_inductor, CompilationConfig):\n"
        "        return CompilerManager(use_inductor)\n"
        "    return CompilerManager(CompilationConfig())\n",
        "def aeon_manager(use_inductor: bool | CompilationConfig) -> CompilerManager:\n"
        "    if isinstance(use_inductor, bool):\n"
        "        return CompilerManager(CompilationConfig())\n"
        "    return CompilerManager(use_inductor)\n",
        "def aeon_manager(use_inductor: bool | CompilationConfig) -> CompilerManager:\n"
        "    assert isinstance(use_inductor, CompilationConfig)\n"
        "    return CompilerManager(use_inductor)\n",
    ],
    ids=["under isinstance of the new kind", "past isinstance of the old kind", "after an assert of the new kind"],
)
def test_a_value_the_fork_tests_as_the_new_kind_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert findings(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_manager(use_inductor: bool | CompilationConfig) -> CompilerManager:\n"
        "    if isinstance(use_inductor, bool):\n"
        "        return CompilerManager(use_inductor)\n"
        "    return CompilerManager(CompilationConfig())\n",
        "def aeon_manager(use_inductor: bool, config: object) -> CompilerManager:\n"
        "    if isinstance(config, CompilationConfig):\n"
        "        return CompilerManager(use_inductor)\n"
        "    return CompilerManager(CompilationConfig())\n",
    ],
    ids=["under isinstance of the old kind", "under isinstance of another value"],
)
def test_a_test_that_leaves_the_old_kind_stays_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert findings(git_repo, no_rules, body) == [(8, "error")]
