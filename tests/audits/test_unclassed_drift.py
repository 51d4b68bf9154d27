"""A class upstream turned into a function (killers96): #41184 made ``FusedMoE`` a factory function, so a
fork class deriving from it, or an ``isinstance`` test against it, raises TypeError.  Rebuilt as a clean git
merge, with twins (fork code the change does not break: a call, an annotation, a decorated def, an alias,
a name bound twice) that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way


def errors(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    return [(f.line, f.message) for f in report.findings if f.path == path and f.severity.value == "error"]


LAYER = "vllm/moe/layer.py"
LAYER_BASE = """class RoutedBase:
    pass


class FusedMoE(RoutedBase):
    def __init__(self, num_experts: int) -> None:
        self.num_experts = num_experts
"""
LAYER_AFTER = """from vllm.moe.routed import RoutedExperts


def FusedMoE(num_experts: int) -> RoutedExperts:
    return RoutedExperts(num_experts)
"""
ROUTED = "vllm/moe/routed.py"
ROUTED_TEXT = """class RoutedExperts:
    def __init__(self, num_experts: int) -> None:
        self.num_experts = num_experts
"""
FILES = {"vllm/__init__.py": "", "vllm/moe/__init__.py": "", LAYER: LAYER_BASE, ROUTED: ROUTED_TEXT}
FORK = "vllm/aeon/moe.py"


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("from vllm.moe.layer import FusedMoE\n\n\nclass AeonMoE(FusedMoE):\n    pass\n", "class AeonMoE"),
        ("import vllm.moe.layer as lay\n\n\nclass AeonMoE(lay.FusedMoE):\n    pass\n", "class AeonMoE"),
        (
            "from vllm.moe.layer import FusedMoE\n\n\ndef aeon_is_moe(m: object) -> bool:\n"
            "    return isinstance(m, (int, FusedMoE))\n",
            "return isinstance",
        ),
    ],
    ids=["a subclass", "a subclass through a module alias", "an isinstance tuple"],
)
def test_a_class_made_a_function(git_repo: GitRepo, no_rules: Path, text: str, word: str) -> None:
    sides = three_way(git_repo, FILES, {FORK: text}, {LAYER: LAYER_AFTER})
    [(line, message)] = errors(git_repo, no_rules, sides, FORK)
    assert line == line_of(text, word)
    assert "turned from a class into a function" in message


@pytest.mark.parametrize(
    ("after", "text"),
    [
        (LAYER_AFTER, "from vllm.moe.layer import FusedMoE\n\n\ndef aeon_moe(n: int):\n    return FusedMoE(n)\n"),
        (LAYER_AFTER, "from vllm.moe.layer import FusedMoE\n\n\ndef aeon_n(m: FusedMoE) -> int:\n    return 1\n"),
        (
            LAYER_AFTER,
            "from vllm.moe.layer import FusedMoE\n\n\ndef aeon_is(m: object, isinstance=isinstance) -> bool:\n"
            "    return m is not None\n",
        ),
        (
            "import functools\n\n\n@functools.cache\ndef FusedMoE():\n    return int\n",
            "from vllm.moe.layer import FusedMoE\n\n\nclass AeonMoE(FusedMoE):\n    pass\n",
        ),
        (
            "from vllm.moe.routed import RoutedExperts\n\nFusedMoE = RoutedExperts\n",
            "from vllm.moe.layer import FusedMoE\n\n\nclass AeonMoE(FusedMoE):\n    pass\n",
        ),
        (
            "from vllm.moe.routed import RoutedExperts\n\n\ndef make_class():\n    return RoutedExperts\n\n\n"
            "@make_class\ndef FusedMoE():\n    pass\n",
            "from vllm.moe.layer import FusedMoE\n\n\nclass AeonMoE(FusedMoE):\n    pass\n",
        ),
        (
            "import os\n\nif os.environ.get('NEW'):\n    def FusedMoE(n):\n        return n\nelse:\n"
            "    class FusedMoE:\n        pass\n",
            "from vllm.moe.layer import FusedMoE\n\n\nclass AeonMoE(FusedMoE):\n    pass\n",
        ),
    ],
    ids=["a call", "an annotation", "no test", "a cached def", "an alias", "a decorated def", "bound twice"],
)
def test_unclassed_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, after: str, text: str) -> None:
    sides = three_way(git_repo, FILES, {FORK: text}, {LAYER: after})
    assert [m for _, m in errors(git_repo, no_rules, sides, FORK) if "class into a function" in m] == []
