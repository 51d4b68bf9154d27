"""Handed members (killers208, #25487's shape): a base constructor now reads a new attribute off the object a fork
subclass hands it through ``super().__init__(...)``, an object of a fork class naming it nowhere.  Warnings."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

WRAPPERS = "pkg/wrappers.py"
BASE_TEXT = """class LinearBase:
    def __init__(self, input_size: int) -> None:
        self.input_size = input_size
        self.tp_size = 1


class BaseWrapper:
    def __init__(self, base_layer: LinearBase) -> None:
        self.base_layer = base_layer
        self.input_size = self.base_layer.input_size
"""
THEIRS = BASE_TEXT.replace(
    "        self.input_size = self.base_layer.input_size\n",
    "        self.input_size = self.base_layer.input_size\n        self.tp_size = self.base_layer.tp_size\n",
)
FORK = "pkg/aeon/spark.py"
PACKAGES = {"pkg/__init__.py": "", "pkg/aeon/__init__.py": ""}
LAYER = """import torch
from torch import nn

from pkg.wrappers import BaseWrapper, LinearBase


class AeonLinear(nn.Module):
    def __init__(self, input_size: int) -> None:
        super().__init__()
        self.input_size = input_size
{extra}

class AeonWrapper(BaseWrapper):
    def __init__(self, base_layer: {kind}) -> None:
        super().__init__(base_layer)
        self.aeon = True
"""


def rows(repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(repo, {**PACKAGES, WRAPPERS: BASE_TEXT}, {FORK: fork}, {WRAPPERS: theirs})
    return [f for f in found(audit(repo, sides, tmp_path), RULE) if f[0] == FORK]


def test_a_fork_class_without_the_new_name_warns(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = LAYER.format(extra="", kind="AeonLinear")
    assert rows(git_repo, tmp_path, fork) == [(FORK, line_of(fork, "super().__init__(base_layer)"), "warning")]


def test_handed_by_keyword_warns_too(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = LAYER.format(extra="", kind="AeonLinear").replace(
        "super().__init__(base_layer)", "super().__init__(base_layer=base_layer)"
    )
    assert rows(git_repo, tmp_path, fork) == [
        (FORK, line_of(fork, "super().__init__(base_layer=base_layer)"), "warning")
    ]


@pytest.mark.parametrize(
    ("extra", "kind", "theirs"),
    [
        ("        self.tp_size = 1\n", "AeonLinear", THEIRS),  # the fork's class holds the name
        ("", "LinearBase", THEIRS),  # upstream's class handed
        (
            "",
            "AeonLinear",
            THEIRS.replace("self.base_layer.tp_size", 'getattr(self.base_layer, "tp_size", 1)'),
        ),  # tested
        (  # read under a guard
            "",
            "AeonLinear",
            THEIRS.replace(
                "        self.tp_size = self.base_layer.tp_size\n",
                "        if isinstance(self.input_size, int):\n            self.tp_size = self.base_layer.tp_size\n",
            ),
        ),
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, extra: str, kind: str, theirs: str) -> None:
    assert rows(git_repo, tmp_path, LAYER.format(extra=extra, kind=kind), theirs) == []


def test_a_class_deriving_from_the_tree_may_bring_it(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = LAYER.format(extra="", kind="AeonLinear").replace(
        "class AeonLinear(nn.Module):", "class AeonLinear(LinearBase):"
    )
    assert rows(git_repo, tmp_path, fork) == []


def test_a_long_attribute_chain_is_read_without_raising() -> None:
    """readH: ``top_reads`` spelled every attribute's receiver with ``ast.unparse``, which recursed down a
    950-link chain (RecursionError); the holders are told by shape now, the reads as before."""
    import ast

    from aeon_release.domain.audits.drift.handed_members import top_reads

    chain = "x" + ".a" * 950
    source = f"def __init__(self, layer):\n    self.layer = layer\n    self.tp = self.layer.tp_size\n    y = {chain}\n"
    init = ast.parse(source).body[0]
    assert isinstance(init, ast.FunctionDef)
    assert top_reads(init, "layer") == {"tp_size"}
