"""Symbol drift: a function of the fork's put onto upstream's class is an override of the method it replaces.

vLLM #29558 changed ``CompilationConfig.set_splitting_ops_for_v1(self)`` to take the engine's all2all backend
and data-parallel size, and the engine config now calls it with those keywords.  A fork subclass overriding the
hook is caught as an override whose parameters changed; a fork that monkeypatches the class instead --
``CompilationConfig.set_splitting_ops_for_v1 = _aeon_set_splitting_ops``, often keeping the old one first --
merges as cleanly and raises TypeError on every engine start.  The same holds for a keyword upstream's caller
now hands a method whose base signature (``**kwargs``) did not change.  The patched function is read as the
override it is: a module-level or function-level ``def``, a ``lambda``, by assignment or ``setattr``.  A
patched function that takes the new parameters or ``*args, **kwargs``, a value that is no function the fork
defines (a class, a number, upstream's own function), a patch of the fork's own class, and a patch put on one
instance whose function takes the call's arguments (no ``self``: an instance attribute is not bound) stay quiet;
a patch picked by an ``if`` testing upstream's method itself (its signature, ``hasattr``) is a warning.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/config/__init__.py": ""}
CONFIG = "vllm/config/compilation.py"
BASE = """class CompilationConfig:
    def __init__(self) -> None:
        self.splitting_ops: list[str] = []

    def set_splitting_ops(self) -> None:
        self.splitting_ops = ["attention"]

    def prepare(self, **kwargs) -> None:
        self.prepared = dict(kwargs)

    def finish(self) -> None:
        self.set_splitting_ops()
        self.prepare()


def default_splitting_ops(config) -> None:
    config.splitting_ops = []
"""
THEIRS = (
    BASE.replace("def set_splitting_ops(self)", "def set_splitting_ops(self, backend: str, dp_size: int)")
    .replace("self.set_splitting_ops()", 'self.set_splitting_ops(backend="naive", dp_size=1)')
    .replace("self.prepare()", 'self.prepare(mode="full")')
)
HEAD = "from vllm.config.compilation import CompilationConfig\n\n\n"
OLD = "    self.splitting_ops.append('aeon')\n"

KILLERS = {
    "a module-level def assigned": (
        HEAD + "def _aeon_split(self) -> None:\n" + OLD + "\n\nCompilationConfig.set_splitting_ops = _aeon_split\n",
        "def _aeon_split",
    ),
    "the old method kept first": (
        HEAD + "_upstream = CompilationConfig.set_splitting_ops\n\n\n"
        "def _aeon_split(self) -> None:\n    _upstream(self)\n" + OLD + "\n\n"
        "CompilationConfig.set_splitting_ops = _aeon_split\n",
        "def _aeon_split|_upstream(self)",  # the kept method, called without its new parameters, raises too
    ),
    "by setattr": (
        HEAD + "def _aeon_split(self) -> None:\n" + OLD + "\n\n"
        'setattr(CompilationConfig, "set_splitting_ops", _aeon_split)\n',
        "def _aeon_split",
    ),
    "a lambda": (
        HEAD + "CompilationConfig.set_splitting_ops = lambda self: self.splitting_ops.append('aeon')\n",
        "= lambda self",
    ),
    "a def inside the installing function": (
        HEAD + "def install() -> None:\n    def _split(self) -> None:\n        self.splitting_ops.append('aeon')\n\n"
        "    CompilationConfig.set_splitting_ops = _split\n",
        "def _split",
    ),
    "a keyword upstream's caller now hands": (
        HEAD + "def _aeon_prepare(self) -> None:\n    self.prepared = {}\n\n\n"
        "CompilationConfig.prepare = _aeon_prepare\n",
        "def _aeon_prepare",
    ),
    # reach kept (review74): an instance's patch is called without self; a test of something else picks nothing
    "an old-signature patch on one instance": (
        HEAD + "def install(config: CompilationConfig) -> None:\n    def _split() -> None:\n"
        "        config.splitting_ops.append('aeon')\n\n    config.set_splitting_ops = _split\n",
        "def _split",
    ),
    "a patch under a test of something else": (
        "import os\n\n" + HEAD + "def _aeon_split(self) -> None:\n" + OLD + "\n\n"
        "if os.environ.get('AEON'):\n    CompilationConfig.set_splitting_ops = _aeon_split\n",
        "def _aeon_split",
    ),
}
# the fork picks among its patches by a test of upstream's method itself: the engine cannot run the test
WARNED = {
    "old and new patches picked by upstream's signature": (
        "import inspect\n\n" + HEAD + "def _old(self) -> None:\n" + OLD + "\n\n"
        "def _new(self, backend: str, dp_size: int) -> None:\n" + OLD + "\n\n"
        'if "backend" in inspect.signature(CompilationConfig.set_splitting_ops).parameters:\n'
        "    CompilationConfig.set_splitting_ops = _new\nelse:\n    CompilationConfig.set_splitting_ops = _old\n",
        "def _old",
    ),
}
TWINS = {
    "the patch takes *args, **kwargs": HEAD + "def _aeon_split(self, *args, **kwargs) -> None:\n" + OLD + "\n\n"
    "CompilationConfig.set_splitting_ops = _aeon_split\n",
    "the patch takes the new parameters": HEAD
    + "def _aeon_split(self, backend: str, dp_size: int) -> None:\n"
    + OLD
    + "\n\nCompilationConfig.set_splitting_ops = _aeon_split\n",
    "the patch takes the handed keyword": HEAD + "def _aeon_prepare(self, mode: str = '') -> None:\n"
    "    self.prepared = {}\n\n\nCompilationConfig.prepare = _aeon_prepare\n",
    "a class assigned": HEAD + "class _Splitter:\n    pass\n\n\nCompilationConfig.set_splitting_ops = _Splitter\n",
    "a number assigned": HEAD + "CompilationConfig.set_splitting_ops = 3\n",
    "upstream's own function assigned": "from vllm.config.compilation import CompilationConfig, "
    "default_splitting_ops\n\nCompilationConfig.set_splitting_ops = default_splitting_ops\n",
    # an instance's own attribute is not bound: the function takes the call's arguments and no self (review74)
    "a patch on one instance": HEAD + "def install(config: CompilationConfig) -> None:\n"
    "    def _split(backend: str = \"naive\", dp_size: int = 1) -> None:\n        config.splitting_ops.append('aeon')\n\n"
    "    config.set_splitting_ops = _split\n",
    "the fork's own class patched": "class AeonConfig:\n    def set_splitting_ops(self) -> None:\n        pass\n\n\n"
    "def _aeon_split(self) -> None:\n    pass\n\n\nAeonConfig.set_splitting_ops = _aeon_split\n",
}

# Every row is a fork module of its own beside the same base and upstream; the patch check reads only the module's
# own defs and upstream's class, so one merge and one audit of all of them side by side answers each row.
_AUDITED: dict[str, list[tuple[int, str]]] = {}


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[int, str]]:
    if not _AUDITED:
        texts = [text for text, _ in [*KILLERS.values(), *WARNED.values()]] + list(TWINS.values())
        paths = {text: f"vllm/aeon_patch_{number}.py" for number, text in enumerate(texts)}
        sides = three_way(
            git_repo, {CONFIG: BASE, **PACKAGES}, {path: text for text, path in paths.items()}, {CONFIG: THEIRS}
        )
        every = found(audit(git_repo, sides, tmp_path), DRIFT)
        _AUDITED.update({text: [(line, sev) for at, line, sev in every if at == path] for text, path in paths.items()})
    return _AUDITED[fork]


@pytest.mark.parametrize(("fork", "needle"), list(KILLERS.values()), ids=list(KILLERS))
def test_a_patched_function_the_method_now_outgrew_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _rows(git_repo, tmp_path, fork) == [(line_of(fork, one), "error") for one in needle.split("|")]


@pytest.mark.parametrize("fork", list(TWINS.values()), ids=list(TWINS))
def test_a_patch_that_fits_or_is_no_fork_function_is_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(("fork", "needle"), list(WARNED.values()), ids=list(WARNED))
def test_a_patch_picked_by_a_test_of_upstreams_method_is_a_warning(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _rows(git_repo, tmp_path, fork) == [(line_of(fork, needle), "warning")]
