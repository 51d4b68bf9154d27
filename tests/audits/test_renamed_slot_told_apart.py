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
    report = repo.audit(config, merge=sides)
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


def test_a_local_rebuilt_as_the_new_kind_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork turns the flag into the config the constructor takes now, under the old name."""
    body = (
        "def aeon_manager(use_inductor: bool | CompilationConfig) -> CompilerManager:\n"
        "    if isinstance(use_inductor, bool):\n"
        "        use_inductor = CompilationConfig()\n"
        "    return CompilerManager(use_inductor)\n"
    )
    assert findings(git_repo, no_rules, body) == []


def test_a_local_rebound_to_the_old_kind_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
        "    use_inductor = config.use_inductor\n"
        "    return CompilerManager(use_inductor)\n"
    )
    assert findings(git_repo, no_rules, body) == [(8, "error")]


@pytest.mark.parametrize(
    ("patch", "severity"),
    [
        ("CompilerManager.__init__ = _aeon_init  # type: ignore[method-assign]\n", []),
        ('setattr(CompilerManager, "__init__", _aeon_init)\n', []),
        ("CompilationConfig.__init__ = _aeon_init  # type: ignore[method-assign]\n", [(17, "error")]),
    ],
    ids=["assigned", "setattr", "another class patched"],
)
def test_a_constructor_the_fork_patches_onto_the_class_runs(
    git_repo: GitRepo, no_rules: Path, patch: str, severity: list[tuple[int, str]]
) -> None:
    """The fork's module puts a constructor of its own on the class (a shim taking the flag): that one runs."""
    body = (
        "_upstream_init = CompilerManager.__init__\n\n\n"
        "def _aeon_init(self: CompilerManager, flag: bool) -> None:\n"
        "    _upstream_init(self, CompilationConfig())\n\n\n"
        + patch
        + "\n\ndef aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
        "    return CompilerManager(config.use_inductor)\n"
    )
    assert findings(git_repo, no_rules, body) == severity


@pytest.mark.parametrize(
    ("raises", "severity"),
    [("(TypeError, AttributeError)", []), ("ValueError", [(11, "error")])],
    ids=["a misfit expected", "another error expected"],
)
def test_a_test_expecting_the_old_spelling_refused(
    git_repo: GitRepo, no_rules: Path, raises: str, severity: list[tuple[int, str]]
) -> None:
    body = (
        "import pytest\n\n\n"
        "def test_the_flag_is_gone() -> None:\n"
        f"    with pytest.raises({raises}):\n"
        "        CompilerManager(True)\n"
    )
    assert findings(git_repo, no_rules, body) == severity


@pytest.mark.parametrize(
    ("decorator", "severity"),
    [("@dataclass\n", []), ("@dataclass(init=False)\n", [(15, "error")])],
    ids=["its generated __init__ runs", "init=False: the base's runs"],
)
def test_the_forks_dataclass_subclass(
    git_repo: GitRepo, no_rules: Path, decorator: str, severity: list[tuple[int, str]]
) -> None:
    """A ``@dataclass`` subclass generates its own ``__init__``: its fields are the call's slots."""
    body = (
        "from dataclasses import dataclass\n\n\n" + decorator + "class AeonRecord(CompilerManager):\n"
        "    use_inductor: bool = True\n\n\n"
        "def aeon_record(config: CompilationConfig) -> AeonRecord:\n"
        "    return AeonRecord(config.use_inductor)\n"
    )
    assert findings(git_repo, no_rules, body) == severity
