"""A fork's ``isinstance`` test of what a call returns, where upstream's def no longer returns the tested class on
any path (mend72): the branch is silently dead.  Rebuilt from #24274 (eef921f45e): ``VllmBackend.__call__ ->
Callable`` returned the split ``fx.GraphModule`` (or a closure running it); it now returns a
``VllmSerializableFunction`` built on every path, so a fork backend's ``isinstance(compiled, fx.GraphModule)``
of ``super().__call__(...)`` is never true."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

BACKEND = "pkg/backend.py"
BASE = """from collections.abc import Callable

import torch.fx as fx


class Backend:
    def __init__(self):
        self.split_gm = None

    def __call__(self, graph: fx.GraphModule, inputs) -> Callable:
        self.split_gm = graph
        if inputs:
            return self.split_gm

        def run(*args):
            return self.split_gm(*args)

        return run
"""
WRAPPER = """

class Serialized:
    def __init__(self, gm, inputs):
        self.gm = gm

    def __call__(self, *args):
        return self.gm(*args)
"""
AFTER = (
    BASE.replace("import torch.fx as fx\n", "import torch.fx as fx\n" + WRAPPER)
    .replace("-> Callable:", "-> Serialized:")
    .replace("            return self.split_gm\n", "            return Serialized(self.split_gm, inputs)\n")
    .replace(
        "\n        def run(*args):\n            return self.split_gm(*args)\n\n        return run\n",
        "        return Serialized(graph, inputs)\n",
    )
)
FILES = {"pkg/__init__.py": "", BACKEND: BASE}
MINE = "pkg/aeon_backend.py"
HEADER = "from collections.abc import Callable\n\nimport torch\nimport torch.fx as fx\n\nfrom pkg.backend import Backend\n\n\n"
SUPER = (
    "class AeonBackend(Backend):\n"
    "    def __call__(self, graph, inputs):\n"
    "        compiled = super().__call__(graph, inputs)\n"
    "        if isinstance(compiled, fx.GraphModule):\n"
    "            self.aeon_split = compiled\n"
    "        return compiled\n"
)
TYPED = (
    "def aeon_compile(backend: Backend, graph, inputs):\n"
    "    compiled = backend.__call__(graph, inputs)\n"
    "    if isinstance(compiled, fx.GraphModule):\n"
    "        print(compiled.graph)\n"
    "    return compiled\n"
)


def rows(repo: GitRepo, no_rules: Path, after: str, body: str, base: str = BASE) -> list[tuple[int, str]]:
    sides = three_way(repo, {**FILES, BACKEND: base}, {MINE: HEADER + body}, {BACKEND: after})
    report = repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value) for f in report.findings if f.path == MINE and "isinstance" in f.message]


@pytest.mark.parametrize("body", [SUPER, TYPED], ids=["super().__call__", "a receiver typed as the class"])
def test_a_test_for_a_class_no_path_returns_now_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, AFTER, body) == [(line_of(HEADER + body, "if isinstance"), "error")]


def test_an_annotation_alone_saying_so_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """The body returns what a call gives (``self._wrap(...)``): only the annotation names the new class."""
    after = AFTER.replace("return Serialized(", "return self._wrap(") + (
        "\n    def _wrap(self, gm, inputs):\n        return Serialized(gm, inputs)\n"
    )
    assert rows(git_repo, no_rules, after, SUPER) == [(line_of(HEADER + SUPER, "if isinstance"), "warning")]


@pytest.mark.parametrize(
    ("after", "body"),
    [
        # one path still returns the split module
        (
            AFTER.replace("-> Serialized:", "-> Serialized | fx.GraphModule:").replace(
                "        return Serialized(graph, inputs)\n", "        return self.split_gm\n"
            ),
            SUPER,
        ),
        # the new class derives from the tested one
        (AFTER.replace("class Serialized:", "class Serialized(fx.GraphModule):"), SUPER),
        # the test under a version test: the fork's path for the older upstream
        (
            AFTER,
            SUPER.replace(
                "        if isinstance(compiled, fx.GraphModule):\n            self.aeon_split = compiled\n",
                "        if torch.__version__ < '2.9':\n"
                "            if isinstance(compiled, fx.GraphModule):\n"
                "                self.aeon_split = compiled\n",
            ),
        ),
        # a standard library ABC: a class with __call__ passes it without deriving from it
        (AFTER, SUPER.replace("isinstance(compiled, fx.GraphModule)", "isinstance(compiled, Callable)")),
        # an abstract class of the tree (one may register the new class)
        (
            AFTER.replace("class Serialized:", "class Runnable(ABC):\n    pass\n\n\nclass Serialized:").replace(
                "import torch.fx as fx\n", "from abc import ABC\n\nimport torch.fx as fx\n", 1
            ),
            "from pkg.backend import Runnable\n\n\n"
            + SUPER.replace("isinstance(compiled, fx.GraphModule)", "isinstance(compiled, Runnable)"),
        ),
        # an else handles what upstream returns now
        (
            AFTER,
            SUPER.replace(
                "        return compiled\n",
                "        else:\n            self.aeon_split = None\n        return compiled\n",
            ),
        ),
    ],
    ids=[
        "a path still returning it",
        "a subclass of it returned",
        "under a version test",
        "a standard library ABC",
        "an abstract class of the tree",
        "an else",
    ],
)
def test_a_test_that_may_still_pass_stays_quiet(git_repo: GitRepo, no_rules: Path, after: str, body: str) -> None:
    assert rows(git_repo, no_rules, after, body) == []


def test_a_def_that_never_returned_it_is_not_the_merges(git_repo: GitRepo, no_rules: Path) -> None:
    """The merge base already built another class on every path: the test was dead before; upstream changed
    only something else."""
    base = AFTER
    after = AFTER.replace(
        "        self.split_gm = graph\n", "        self.split_gm = graph  # kept\n        self.n = 1\n"
    )
    assert rows(git_repo, no_rules, after, SUPER, base=base) == []
