"""Nulled attributes (misses1): a constructor that built an attribute itself now takes it as a parameter
defaulting to None, and a fork subclass uses the inherited attribute.  Rebuilt from #32148
(``EmbeddingPoolerHead``'s ``self.activation = PoolerNormalize()`` made ``self.activation = activation``,
``activation=None``) as a clean git merge, with twins that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import audit_tree
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

HEADS = "vllm/pooler/heads.py"
BASE = """import torch


class PoolerNormalize:
    def __call__(self, x):
        return x


class EmbeddingPoolerHead(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.activation = PoolerNormalize()

    def forward(self, x):
        return self.activation(x)
"""
AFTER = BASE.replace(
    "    def __init__(self) -> None:\n        super().__init__()\n        self.activation = PoolerNormalize()\n",
    "    def __init__(self, activation=None) -> None:\n        super().__init__()\n        self.activation = activation\n",
).replace(
    "        return self.activation(x)\n",
    "        if self.activation is not None:\n            x = self.activation(x)\n        return x\n",
)
FILES = {"vllm/__init__.py": "", "vllm/pooler/__init__.py": "", HEADS: BASE}
MINE = "vllm/aeon/head.py"
HEADER = "from vllm.pooler.heads import EmbeddingPoolerHead\n\n\n"


def errors(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str]]:
    report = audit_tree(repo.path, no_rules, merge=sides)  # type: ignore[arg-type]
    return [(f.line, f.message) for f in report.findings if f.path == path and f.severity.value == "error"]


@pytest.mark.parametrize(
    ("header", "body", "use"),
    [
        (HEADER, "    def aeon_normed(self, x):\n        return self.activation(x)\n", "return self.activation(x)"),
        (HEADER, "    def aeon_name(self):\n        return self.activation.__class__.__name__\n", "return self"),
        (
            "from vllm.pooler import heads\n\n\n",
            "    def aeon_normed(self, x):\n        y = x * 2\n        return self.activation(y)\n",
            "return self.activation(y)",
        ),
    ],
    ids=["called", "an attribute read off it", "through a module alias"],
)
def test_an_inherited_attribute_now_none(git_repo: GitRepo, no_rules: Path, header: str, body: str, use: str) -> None:
    base = "heads.EmbeddingPoolerHead" if "import heads" in header else "EmbeddingPoolerHead"
    text = header + f"class AeonHead({base}):\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {HEADS: AFTER})
    [(line, message)] = errors(git_repo, no_rules, sides, MINE)
    assert line == line_of(text, use)
    assert "inherited from EmbeddingPoolerHead" in message and "defaulting to None" in message


REBOUND = AFTER.replace(
    "        self.activation = activation\n",
    "        if activation is None:\n            activation = PoolerNormalize()\n        self.activation = activation\n",
)
SET_LATER = AFTER + "\n    def load(self):\n        self.activation = PoolerNormalize()\n"
CALL = "    def aeon_normed(self, x):\n        return self.activation(x)\n"


@pytest.mark.parametrize(
    ("after", "body", "elsewhere"),
    [
        (AFTER, "    def aeon_normed(self, x):\n        return self.activation(x) if self.activation else x\n", ""),
        (
            AFTER,
            "    def aeon_normed(self, x):\n        if self.activation is None:\n            return x\n"
            "        return self.activation(x)\n",
            "",
        ),
        (AFTER, "    def __init__(self):\n        super().__init__(activation=lambda x: x)\n\n" + CALL, ""),
        (AFTER, "    def __init__(self):\n        super().__init__()\n        self.activation = abs\n\n" + CALL, ""),
        (AFTER, CALL, "AEON_HEAD = AeonHead(activation=abs)\n"),
        (REBOUND, CALL, ""),
        (SET_LATER, CALL, ""),
        (BASE, CALL, ""),
        (AFTER, "    def aeon_has(self):\n        return self.activation\n", ""),
    ],
    ids=[
        "a truth test",
        "a None test",
        "super() handed it",
        "set by the fork's class",
        "built with it",
        "the parameter rebound to a default (#36630)",
        "another method sets it",
        "upstream unchanged",
        "only handed on, not used",
    ],
)
def test_nulled_attribute_twins_stay_quiet(
    git_repo: GitRepo, no_rules: Path, after: str, body: str, elsewhere: str
) -> None:
    text = HEADER + "class AeonHead(EmbeddingPoolerHead):\n" + body + ("\n\n" + elsewhere if elsewhere else "")
    sides = three_way(git_repo, FILES, {MINE: text}, {HEADS: after})
    assert errors(git_repo, no_rules, sides, MINE) == []
