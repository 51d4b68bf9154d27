"""Nulled attributes set back to None later (killers168): a constructor gives an attribute a value, and another
method of the class now sets it to None on one path, upstream's own readers testing it for None first.  Rebuilt
from #18488 (``Eagle3LlamaForCausalLM.load_weights`` set ``draft_id_to_target_id = None`` for a checkpoint
without ``d2t``, ``compute_logits`` asking ``is None``) as a clean git merge, with twins that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

HEAD = "vllm/models/draft_head.py"
BASE = """import torch


class DraftHead(torch.nn.Module):
    def __init__(self, size: int) -> None:
        super().__init__()
        self.token_map = torch.zeros(size, dtype=torch.long)
        self.scale = torch.ones(size)

    def load(self, weights: dict) -> None:
        self.token_map.copy_(weights["map"])

    def logits(self, x):
        return x[:, self.token_map]
"""
AFTER = BASE.replace(
    '        self.token_map.copy_(weights["map"])\n',
    '        if "map" in weights:\n            self.token_map.copy_(weights["map"])\n'
    "        else:\n            self.token_map = None\n",
).replace(
    "        return x[:, self.token_map]\n",
    "        if self.token_map is None:\n            return x\n        return x[:, self.token_map]\n",
)
FILES = {"vllm/__init__.py": "", "vllm/models/__init__.py": "", HEAD: BASE}
MINE = "vllm/aeon/spark_head.py"
HEADER = "from vllm.models.draft_head import DraftHead\n\n\n"


def later(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str, str]]:
    """(line, level, message) of each set-back-to-None finding of ``path``."""
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    found = (f for f in report.findings if f.path == path and "now sets back to None" in f.message)
    return [(f.line, f.severity.value, f.message) for f in found]


@pytest.mark.parametrize(
    ("body", "use"),
    [
        ("    def aeon_map(self, base):\n        return base + self.token_map\n", "return base + self.token_map"),
        ("    def aeon_rows(self):\n        return self.token_map.numel()\n", "return self.token_map.numel()"),
        ("    def aeon_first(self):\n        return self.token_map[0]\n", "return self.token_map[0]"),
    ],
    ids=["an operand", "a method called off it", "an item of it"],
)
def test_an_inherited_attribute_now_set_back_to_none_warns(
    git_repo: GitRepo, no_rules: Path, body: str, use: str
) -> None:
    text = HEADER + "class AeonHead(DraftHead):\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {HEAD: AFTER})
    [(line, level, message)] = later(git_repo, no_rules, sides, MINE)
    assert (line, level) == (line_of(text, use), "warning")  # only a checkpoint without the map takes that path
    assert "inherited from DraftHead" in message and "load() now sets back to None" in message


@pytest.mark.parametrize(
    "body",
    [
        # tested for None first
        "    def aeon_rows(self):\n        if self.token_map is None:\n            return 0\n"
        "        return self.token_map.numel()\n",
        # the fork overrides the method that nulls it
        "    def load(self, weights):\n        self.token_map.copy_(weights['map'])\n\n"
        "    def aeon_rows(self):\n        return self.token_map.numel()\n",
        # a use in the fork's constructor: the constructor's value stands until load() runs
        "    def __init__(self, size: int) -> None:\n        super().__init__(size)\n"
        "        self.aeon_rows = self.token_map.numel()\n",
        # the kept attribute beside it
        "    def aeon_scale(self, x):\n        return x * self.scale\n",
        # a hasattr/getattr guard
        "    def aeon_rows(self):\n        m = getattr(self, 'token_map', None)\n        return m.numel() if m is not None else 0\n",
    ],
)
def test_set_back_to_none_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    text = HEADER + "class AeonHead(DraftHead):\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {HEAD: AFTER})
    assert later(git_repo, no_rules, sides, MINE) == []


def test_none_set_at_the_base_already_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """A method that set it to None at the base too: the fork's use was as exposed before the merge."""
    base = BASE.replace(
        "    def logits(self, x):\n",
        "    def reset(self) -> None:\n        self.token_map = None\n\n    def logits(self, x):\n",
    )
    after = AFTER.replace(
        "    def logits(self, x):\n",
        "    def reset(self) -> None:\n        self.token_map = None\n\n    def logits(self, x):\n",
    )
    text = HEADER + "class AeonHead(DraftHead):\n    def aeon_rows(self):\n        return self.token_map.numel()\n"
    sides = three_way(git_repo, {**FILES, HEAD: base}, {MINE: text}, {HEAD: after})
    assert later(git_repo, no_rules, sides, MINE) == []


def test_a_none_never_tested_upstream_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream sets it to None without its readers asking (a teardown's release): no sign a reader meets it."""
    after = BASE.replace(
        '        self.token_map.copy_(weights["map"])\n',
        '        self.token_map.copy_(weights["map"])\n\n    def release(self) -> None:\n        self.token_map = None\n',
    )
    text = HEADER + "class AeonHead(DraftHead):\n    def aeon_rows(self):\n        return self.token_map.numel()\n"
    sides = three_way(git_repo, FILES, {MINE: text}, {HEAD: after})
    assert later(git_repo, no_rules, sides, MINE) == []


@pytest.mark.parametrize(
    ("body", "use"),
    [
        ("def aeon_map_on(head: DraftHead, device):\n    return head.token_map.to(device)\n", "return head.token_map"),
        (
            "def aeon_targets(head: DraftHead, base):\n    out = base + head.token_map\n    return out\n",
            "out = base + head.token_map",
        ),
    ],
    ids=["a method called off a typed parameter's", "an operand"],
)
def test_a_typed_receivers_attribute_now_set_back_to_none_warns(
    git_repo: GitRepo, no_rules: Path, body: str, use: str
) -> None:
    """#18488's spelling off a head handed in (``head.draft_id_to_target_id.to(device)``), not a subclass."""
    text = HEADER + body
    sides = three_way(git_repo, FILES, {MINE: text}, {HEAD: AFTER})
    [(line, level, message)] = later(git_repo, no_rules, sides, MINE)
    assert (line, level) == (line_of(text, use), "warning")
    assert "use of head.token_map, an attribute of DraftHead" in message


@pytest.mark.parametrize(
    "body",
    [
        # tested first
        "def aeon_rows(head: DraftHead) -> int:\n    if head.token_map is None:\n        return 0\n"
        "    return head.token_map.numel()\n",
        # a getattr guard
        "def aeon_rows(head: DraftHead) -> int:\n    m = getattr(head, 'token_map', None)\n    return 0 if m is None else 1\n",
        # the kept attribute
        "def aeon_scale(head: DraftHead, x):\n    return x * head.scale\n",
        # an untyped parameter: which class it holds is unknown
        "def aeon_rows(head) -> int:\n    return head.token_map.numel()\n",
    ],
)
def test_typed_receiver_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    sides = three_way(git_repo, FILES, {MINE: HEADER + body}, {HEAD: AFTER})
    assert later(git_repo, no_rules, sides, MINE) == []
