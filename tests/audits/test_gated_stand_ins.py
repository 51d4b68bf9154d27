"""Gated attributes, stood in (killers192): a constructor that built an attribute with arguments on every path
now builds, on one side of an ``if``, a bare stand-in of another class (``PPMissingLayer()``), and a fork
subclass reads a member off the inherited attribute.  Rebuilt from #13833 (``DeepseekV2ForCausalLM.lm_head``
a ``PPMissingLayer`` off the last pipeline rank) as a clean git merge, with twins that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

MODEL = "vllm/models/big.py"
BASE = """from vllm.models.utils import Head, Missing, last_rank, project


class BigModel:
    def __init__(self, size: int):
        self.size = size
        self.head = Head(size, bias=False)
        self.norm = Head(size)

    def logits(self, x):
        return self.head(x)


class BigHub:
    def __init__(self, size: int):
        self.model = BigModel(size)
"""
SET = "        self.head = Head(size, bias=False)\n"
AFTER = BASE.replace(SET, "        if last_rank():\n    " + SET + "        else:\n            self.head = Missing()\n")
# the stand-in's build kept the same on both sides: a base that already stood in
ALWAYS = AFTER
UTILS = "vllm/models/utils.py"
UTIL = (
    "class Head:\n    def __init__(self, n, bias=True):\n        self.weight = [0] * n\n\n\n"
    "class Missing:\n    def __call__(self, x):\n        return x\n\n\n"
    "def last_rank():\n    return True\n\n\n"
    "def project(head, x):\n    return x * head.weight[0]\n"
)
FILES = {"vllm/__init__.py": "", "vllm/models/__init__.py": "", UTILS: UTIL, MODEL: BASE}
MINE = "vllm/aeon/big.py"
HEADER = "from vllm.models.big import BigHub, BigModel\nfrom vllm.models.utils import Missing, last_rank\n\n\n"


def stood(repo: GitRepo, no_rules: Path, sides: object) -> list[tuple[int, str, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    found = (f for f in report.findings if f.path == MINE and "stand-in" in f.message)
    return [(f.line, f.severity.value, f.message) for f in found]


@pytest.mark.parametrize(
    ("body", "use"),
    [
        ("class AeonModel(BigModel):\n    def aeon_dtype(self):\n        return self.head.weight[0]\n", "return self"),
        (
            "class AeonModel(BigModel):\n    def aeon_tie(self, other):\n        other.weight = self.head.weight\n",
            "other.weight = self",
        ),
        ("class AeonModel(BigModel):\n    def aeon_first(self):\n        return self.head[0]\n", "return self"),
        (
            "class AeonHub(BigHub):\n    def aeon_tie(self):\n        w = self.model.head.weight\n        return w\n",
            "w = self",
        ),
    ],
    ids=["a member read", "a member handed on", "an index", "off a held object"],
)
def test_a_member_of_an_attribute_now_stood_in_warns(git_repo: GitRepo, no_rules: Path, body: str, use: str) -> None:
    text = HEADER + body
    sides = three_way(git_repo, FILES, {MINE: text}, {MODEL: AFTER})
    [(line, level, message)] = stood(git_repo, no_rules, sides)
    assert (line, level) == (line_of(text, use), "warning")  # which rank the fleet runs on is its configuration
    assert "bare Missing()" in message and "AttributeError" in message


@pytest.mark.parametrize(
    ("after", "body"),
    [
        # a call passes through the stand-in
        (AFTER, "class AeonModel(BigModel):\n    def aeon_logits(self, x):\n        return self.head(x)\n"),
        # the stand-in asked about
        (
            AFTER,
            "class AeonModel(BigModel):\n    def aeon_w(self):\n        if isinstance(self.head, Missing):\n"
            "            return None\n        return self.head.weight\n",
        ),
        # upstream's own condition
        (
            AFTER,
            "class AeonModel(BigModel):\n    def aeon_w(self):\n        if last_rank():\n"
            "            return self.head.weight\n        return None\n",
        ),
        # a hasattr guard
        (
            AFTER,
            "class AeonModel(BigModel):\n    def aeon_w(self):\n"
            "        return self.head.weight if hasattr(self.head, 'weight') else None\n",
        ),
        # the fork's class builds its own head
        (
            AFTER,
            "class AeonModel(BigModel):\n    def __init__(self, size):\n        super().__init__(size)\n"
            "        self.head = object()\n\n    def aeon_w(self):\n        return self.head.weight\n",
        ),
        # the other attribute, built with arguments on every path still
        (AFTER, "class AeonModel(BigModel):\n    def aeon_w(self):\n        return self.norm.weight\n"),
        # upstream unchanged
        (BASE, "class AeonModel(BigModel):\n    def aeon_w(self):\n        return self.head.weight\n"),
    ],
    ids=["a call", "isinstance", "upstream's condition", "hasattr", "the fork's own", "another attribute", "unchanged"],
)
def test_stand_in_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, after: str, body: str) -> None:
    sides = three_way(git_repo, FILES, {MINE: HEADER + body}, {MODEL: after})
    assert stood(git_repo, no_rules, sides) == []


def test_a_stand_in_the_base_already_had_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The base stood in already (only the real build's arguments changed): nothing new meets the fork."""
    moved = ALWAYS.replace("Head(size, bias=False)", "Head(size, bias=True)")
    body = "class AeonModel(BigModel):\n    def aeon_w(self):\n        return self.head.weight\n"
    sides = three_way(git_repo, {**FILES, MODEL: ALWAYS}, {MINE: HEADER + body}, {MODEL: moved})
    assert stood(git_repo, no_rules, sides) == []


CALLED = "        return self.head(x)\n"
HANDED = "        return project(self.head, x)\n"
ASKED = "        if last_rank():\n            return project(self.head, x)\n        return x\n"
OVERRIDE = "class AeonModel(BigModel):\n    def logits(self, x):\n        return x * self.head.weight[0]\n"


def test_an_override_of_a_method_upstream_hands_the_attribute_in_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """review101: #13833's ``compute_logits`` hands ``self.lm_head`` to the logits processor and runs on the last
    rank alone, so a fork override reading the head's weight there reads it where the real head stands."""
    base, after = BASE.replace(CALLED, HANDED), AFTER.replace(CALLED, HANDED)
    sides = three_way(git_repo, {**FILES, MODEL: base}, {MINE: HEADER + OVERRIDE}, {MODEL: after})
    assert stood(git_repo, no_rules, sides) == []


@pytest.mark.parametrize(
    "body", [CALLED, ASKED], ids=["upstream only calls it (passed through)", "upstream asks the gate itself"]
)
def test_an_override_of_a_method_that_proves_nothing_still_warns(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """A call of the stand-in passes through, and a method asking the gate runs on every path: no proof."""
    base, after = BASE.replace(CALLED, body), AFTER.replace(CALLED, body)
    text = HEADER + OVERRIDE
    sides = three_way(git_repo, {**FILES, MODEL: base}, {MINE: text}, {MODEL: after})
    assert [(line, level) for line, level, _ in stood(git_repo, no_rules, sides)] == [
        (line_of(text, "return x *"), "warning")
    ]
