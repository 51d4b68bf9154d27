"""Symbol drift through an attribute typed by a generic class's ``TypeVar``, bound by a subclass's subscripted base.

Shaped like #51657 (cf8f3a3bb2): ``BaseDummyInputsBuilder(Generic[_I])`` stores ``self.info = info`` from ``info:
_I``; ``MultiModalDummyInputsBuilder(BaseDummyInputsBuilder[MultiModalProcessingInfo])`` makes ``self.info`` a
``MultiModalProcessingInfo``, whose ``get_max_image_size`` upstream renamed.  A fork builder's
``self.info.get_max_image_size()`` merges cleanly and raises AttributeError on the first profile run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

GENERIC = "vllm/multimodal/dummy.py"
GENERIC_TEXT = """from typing import Generic, TypeVar


class BaseInfo:
    def get_hf_config(self):
        return None


_I = TypeVar("_I", bound=BaseInfo)
_P = TypeVar("_P")


class BaseBuilder(Generic[_P, _I]):
    def __init__(self, info: _I, proc: _P) -> None:
        self.info = info
        self.proc = proc
"""
MODEL = "vllm/model_executor/models/backend.py"
MODEL_BASE = """from vllm.multimodal.dummy import BaseBuilder, BaseInfo


class Info(BaseInfo):
    def get_max_image_size(self):
        return 10_000, 10_000

    def get_max_image_tokens(self):
        return 4096


class Proc:
    def apply(self):
        return None


class Builder(BaseBuilder[Proc, Info]):
    pass


class LeafBuilder(Builder):
    pass
"""
MODEL_UPSTREAM = MODEL_BASE.replace("def get_max_image_size(self):", "def get_image_size_with_most_features(self):")
# another class keeps the name: a read of it off an unknown receiver may be either's
OTHER = "vllm/model_executor/models/other.py"
OTHER_TEXT = """class OtherInfo:
    def get_max_image_size(self):
        return 512, 512
"""
FORK = "vllm/aeon/builder.py"
SUBJECT = "[2/N] Harden Transformers modelling backend multi-modal path (#51657)"


def rows(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {
            GENERIC: GENERIC_TEXT,
            MODEL: MODEL_BASE,
            OTHER: OTHER_TEXT,
            "vllm/multimodal/__init__.py": "",
            "vllm/aeon/__init__.py": "",
        },
        {FORK: fork},
        [(SUBJECT, {MODEL: MODEL_UPSTREAM})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]


@pytest.mark.parametrize(
    ("fork", "line"),
    [
        # the second TypeVar of two, through a subclass of the subscripting class
        (
            "from vllm.model_executor.models.backend import LeafBuilder\n\n\n"
            "class AeonBuilder(LeafBuilder):\n"
            "    def aeon_pixels(self) -> int:\n"
            "        width, height = self.info.get_max_image_size()\n"
            "        return width * height\n",
            6,
        ),
        # the fork's own class subscripts the generic base itself
        (
            "from vllm.model_executor.models.backend import Info, Proc\n"
            "from vllm.multimodal.dummy import BaseBuilder\n\n\n"
            "class AeonBuilder(BaseBuilder[Proc, Info]):\n"
            "    def aeon_size(self):\n"
            "        return self.info.get_max_image_size()\n",
            7,
        ),
    ],
    ids=["inherited subscript", "own subscript"],
)
def test_a_member_upstream_removed_read_through_a_typevar_attribute(
    git_repo: GitRepo, no_rules: Path, fork: str, line: int
) -> None:
    found = rows(git_repo, no_rules, fork)
    assert [(r[1], r[2]) for r in found] == [(line, "error")]
    assert "self.info.get_max_image_size" in found[0][3] and "#51657" in found[0][3]


@pytest.mark.parametrize(
    "fork",
    [
        # a kept member read through the same attribute
        "from vllm.model_executor.models.backend import LeafBuilder\n\n\n"
        "class AeonBuilder(LeafBuilder):\n"
        "    def aeon_tokens(self) -> int:\n"
        "        return self.info.get_max_image_tokens()\n",
        # the other TypeVar's attribute: a class that keeps its member
        "from vllm.model_executor.models.backend import LeafBuilder\n\n\n"
        "class AeonBuilder(LeafBuilder):\n"
        "    def aeon_apply(self):\n"
        "        return self.proc.apply()\n",
        # the fork's own info class, which defines the name itself
        "from vllm.model_executor.models.backend import Proc\n"
        "from vllm.multimodal.dummy import BaseBuilder, BaseInfo\n\n\n"
        "class AeonInfo(BaseInfo):\n"
        "    def get_max_image_size(self):\n"
        "        return 4096, 4096\n\n\n"
        "class AeonBuilder(BaseBuilder[Proc, AeonInfo]):\n"
        "    def aeon_size(self):\n"
        "        return self.info.get_max_image_size()\n",
        # a subclass that leaves the TypeVar unbound: the type is unknown
        "from vllm.multimodal.dummy import BaseBuilder\n\n\n"
        "class AeonBuilder(BaseBuilder):\n"
        "    def aeon_size(self):\n"
        "        return self.info.get_max_image_size()\n",
        # guarded by hasattr: the fork's bridge across the rename
        "from vllm.model_executor.models.backend import LeafBuilder\n\n\n"
        "class AeonBuilder(LeafBuilder):\n"
        "    def aeon_size(self):\n"
        '        if hasattr(self.info, "get_image_size_with_most_features"):\n'
        "            return self.info.get_image_size_with_most_features()\n"
        "        return self.info.get_max_image_size()\n",
    ],
    ids=["kept member", "other typevar", "fork namesake", "unbound typevar", "hasattr guard"],
)
def test_a_typevar_attribute_that_still_holds_the_member_is_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert [r for r in rows(git_repo, no_rules, fork) if r[2] == "error"] == []
