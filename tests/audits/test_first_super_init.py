"""Symbol drift through ``super().__init__`` when upstream gave a base its first constructor.

Shaped like vLLM #27616 (cac4c10ef0), which gave ``InductorStandaloneAdaptor`` (whose constructor was
``object``'s) an ``__init__(self, save_format)``: a fork adaptor subclassing it whose own ``__init__`` calls
``super().__init__()`` merges cleanly and raises TypeError when the adaptor is built.  A bare build of the
class was caught before (``_first_init``); the subclass's hand-on was not read as a call of the new one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

ADAPTORS = "vllm/adaptors.py"
OLD = (
    "class Interface:\n    name = 'base'\n\n\n"
    "class Standalone(Interface):\n    name = 'standalone'\n\n    def compile(self, graph):\n        return graph\n"
)
NEW = OLD.replace(
    "    name = 'standalone'\n",
    "    name = 'standalone'\n\n    def __init__(self, save_format):\n        self.save_format = save_format\n",
)
USE = "vllm/aeon_adaptor.py"
PACKAGES = {"vllm/__init__.py": ""}


def _fork(init: str, params: str = "self, tag") -> str:
    return (
        "from vllm.adaptors import Standalone\n\n\n"
        f"class Mine(Standalone):\n    def __init__({params}):\n        {init}\n        self.tag = 1\n"
    )


def test_a_super_init_the_new_constructor_does_not_bind(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = _fork("super().__init__()")
    sides = three_way(git_repo, {ADAPTORS: OLD, **PACKAGES}, {USE: fork}, {ADAPTORS: NEW})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [(USE, line_of(fork, "super().__init__"), "error")]
    assert any("gave it an __init__ of its own" in f.message for f in report.findings if f.rule_id == RULE)


def test_a_super_init_two_classes_up(git_repo: GitRepo, tmp_path: Path) -> None:
    """The fork's class derives from a fork class without a constructor that derives from upstream's."""
    fork = (
        "from vllm.adaptors import Standalone\n\n\nclass Middle(Standalone):\n    pass\n\n\n"
        "class Mine(Middle):\n    def __init__(self):\n        super().__init__()\n"
    )
    sides = three_way(git_repo, {ADAPTORS: OLD, **PACKAGES}, {USE: fork}, {ADAPTORS: NEW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "super().__init__"), "error")]


@pytest.mark.parametrize(
    ("new", "init", "params"),
    [
        # the twins: the call passes the new argument, or hands on what the fork's own __init__ received
        (NEW, "super().__init__('binary')", "self"),
        (NEW, "super().__init__(*args, **kwargs)", "self, *args, **kwargs"),
        # the new parameter has a default: the old call still binds
        (NEW.replace("(self, save_format)", "(self, save_format='binary')"), "super().__init__()", "self"),
        # upstream gave another class the constructor
        (
            OLD.replace("    name = 'base'\n", "    name = 'base'\n\n    def reset(self, fmt):\n        pass\n"),
            "super().__init__()",
            "self",
        ),
    ],
    ids=["passes it", "hands on", "a default", "another class changed"],
)
def test_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, new: str, init: str, params: str) -> None:
    sides = three_way(git_repo, {ADAPTORS: OLD, **PACKAGES}, {USE: _fork(init, params)}, {ADAPTORS: new})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [], [f.message for f in report.findings]


def test_a_fork_class_with_its_own_constructor_between_stays_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    """``super().__init__()`` reaches the fork's middle class's ``__init__``, which upstream did not touch."""
    fork = (
        "from vllm.adaptors import Standalone\n\n\nclass Middle(Standalone):\n"
        "    def __init__(self):\n        self.save_format = 'binary'\n\n\n"
        "class Mine(Middle):\n    def __init__(self):\n        super().__init__()\n"
    )
    sides = three_way(git_repo, {ADAPTORS: OLD, **PACKAGES}, {USE: fork}, {ADAPTORS: NEW})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [], [f.message for f in report.findings]


def test_the_old_spelling_in_the_fallback_of_a_try_of_the_new_one_is_a_warning(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    """review73: ``try: super().__init__('binary')`` / ``except TypeError: super().__init__()`` is the fork's code
    for both versions of the base (the fallback runs only where the new call is refused): a warning, as a bare
    build in such a fallback is, never an error."""
    fork = (
        "from vllm.adaptors import Standalone\n\n\nclass Mine(Standalone):\n    def __init__(self):\n"
        "        try:\n            super().__init__('binary')\n        except TypeError:\n"
        "            super().__init__()  # older upstreams\n"
    )
    sides = three_way(git_repo, {ADAPTORS: OLD, **PACKAGES}, {USE: fork}, {ADAPTORS: NEW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "older upstreams"), "warning")]
