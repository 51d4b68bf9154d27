"""Symbol drift through a loop variable: a read off what a loop walks, typed by the container it walks.

#33331 removed ``MultiModalFieldElem.modality`` and ``.key``; ``MultiModalKwargsItem`` is a
``UserDict[str, MultiModalFieldElem]``, so a fork's ``[e for e in item.values() if e.key == ...]`` with
``item: MultiModalKwargsItem`` raises ``AttributeError`` after a clean merge, as does ``for e in elems:
e.key`` with ``elems: list[MultiModalFieldElem]``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

INPUTS = "vllm/multimodal/inputs.py"
INPUTS_OLD = """from collections import UserDict
from dataclasses import dataclass


@dataclass
class MultiModalFieldElem:
    modality: str
    key: str
    data: object


class MultiModalKwargsItem(UserDict[str, MultiModalFieldElem]):
    pass
"""
INPUTS_NEW = INPUTS_OLD.replace("    modality: str\n    key: str\n", "")
FORK = "vllm/aeon/elems.py"
HEAD = "from vllm.multimodal.inputs import MultiModalFieldElem, MultiModalKwargsItem\n\n\n"
UPSTREAM = [("[Multimodal] Simplify MM input definitions (#33331)", {INPUTS: INPUTS_NEW})]


# The error rows of the two tests below each put one fork module beside the same base and upstream and pin that
# module's drift lines and message: no row's module imports another's, so one merge and one audit of a test's error
# rows' modules side by side answers each of them (9 merges and audits became 2 per process; suitespeed10, as
# suitespeed8 and 9 did for other files).  The quiet rows keep a merge each: there a row's module could be quiet for
# something another row's module declared.
_BATCHED: dict[tuple[str, str], list[tuple[int, str]]] = {}


def _drift_among_rows(
    git_repo: GitRepo, no_rules: Path, base: dict[str, str], head: str, bodies: list[str], body: str
) -> list[tuple[int, str]]:
    """The (line, message) rows of drift in ``body``'s module, from one audit of every body's module side by side."""
    if (head, body) not in _BATCHED:
        paths = {text: f"vllm/aeon/elems_{number}.py" for number, text in enumerate(bodies)}
        fork = {path: head + text for text, path in paths.items()}
        sides = s.merge_case(git_repo, base, {**fork, "vllm/aeon/__init__.py": ""}, UPSTREAM)
        report = git_repo.audit(no_rules, merge=sides)
        every = [f.path for f in report.findings if f.rule_id == DRIFT]
        assert set(every) <= set(paths.values()), every
        for text, path in paths.items():
            _BATCHED[head, text] = [
                (f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == path
            ]
    return _BATCHED[head, body]


LOOP_ROWS = [
    (
        "def f(item: MultiModalKwargsItem):\n    return [e for e in item.values() if e.key == 'pixel_values']\n",
        5,
    ),
    ("def f(elems: list[MultiModalFieldElem]):\n    for e in elems:\n        print(e.modality)\n", 6),
    (
        "class Pool:\n    item: MultiModalKwargsItem\n\n    def f(self):\n"
        "        return {e.key for e in self.item.values()}\n",
        8,
    ),
    # twins: a kept field; keys, not values; a name bound again after the loop; an untyped mapping
    ("def f(item: MultiModalKwargsItem):\n    return [e.data for e in item.values()]\n", None),
    ("def f(item: MultiModalKwargsItem):\n    return [e.key for e in item]\n", None),
    (
        "def f(item: MultiModalKwargsItem, other):\n    for e in item.values():\n        pass\n"
        "    e = other\n    return e.key\n",
        None,
    ),
    ("def f(item):\n    return [e.key for e in item.values()]\n", None),
    # twins: the loop name rebound by a lambda, a match capture, ``except as``, an import
    *(
        (f"def f(elems: list[MultiModalFieldElem], x):\n    for e in elems:\n        print(e.data)\n{tail}", None)
        for tail in (
            "    return sorted(x, key=lambda e: e.key)\n",
            "    match x:\n        case {'k': e}:\n            return e.key\n",
            "    try:\n        pass\n    except KeyError as e:\n        return e.key\n",
            "    import e\n    return e.key\n",
        )
    ),
]
LOOP_BASE = {INPUTS: INPUTS_OLD, "vllm/multimodal/__init__.py": ""}


@pytest.mark.parametrize(("body", "line"), LOOP_ROWS)
def test_a_removed_field_read_off_a_loop_variable(
    git_repo: GitRepo, no_rules: Path, body: str, line: int | None
) -> None:
    if line:
        loud = [text for text, at in LOOP_ROWS if at]
        rows = _drift_among_rows(git_repo, no_rules, LOOP_BASE, HEAD, loud, body)
    else:
        sides = s.merge_case(git_repo, LOOP_BASE, {FORK: HEAD + body, "vllm/aeon/__init__.py": ""}, UPSTREAM)
        report = git_repo.audit(no_rules, merge=sides)
        rows = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert [n for n, _ in rows] == ([line] if line else [])
    if line:
        assert "which upstream removed MultiModalFieldElem." in rows[0][1]


RUNNER = "vllm/runner.py"
RUNNER_TEXT = """import torch

from vllm.multimodal.inputs import MultiModalFieldElem


class Runner:
    def run(self, n: int) -> list[MultiModalFieldElem]:
        return []

    def names(self, n: int):
        return []

    def one(self, n: int) -> MultiModalFieldElem | None:
        return None

    def some(self, n: int) -> "list[MultiModalFieldElem]":
        return []

    def __call__(self, n: int) -> MultiModalFieldElem:
        return self.one(n)


class Head(torch.nn.Module):
    def forward(self, n: int) -> MultiModalFieldElem:
        return Runner().one(n)
"""


RUNNER_ROWS = [
    # #34944's shape: ``for out in llm.generate(prompts): out.multi_modal_placeholders``
    ("def f(runner: Runner):\n    for e in runner.run(1):\n        print(e.key)\n", 6),
    ("def f(runner: Runner):\n    return [e.modality for e in runner.run(2)]\n", 5),
    # twins: a kept field; a method with no return annotation; a method the class does not have
    ("def f(runner: Runner):\n    for e in runner.run(1):\n        print(e.data)\n", None),
    ("def f(runner: Runner):\n    for e in runner.names(1):\n        print(e.key)\n", None),
    ("def f(runner: Runner):\n    for e in runner.other(1):\n        print(e.key)\n", None),
    # #37572's shape: ``meta.get_pooling_cursor().index``, a read off the one object a method returns
    ("def f(runner: Runner):\n    return runner.one(1).key\n", 5),
    ("def f(runner: Runner):\n    x = runner.one(1).modality\n    return x\n", 5),
    # twins: a kept field; a container returned; no return annotation; an untyped receiver
    ("def f(runner: Runner):\n    return runner.one(1).data\n", None),
    ("def f(runner: Runner):\n    return runner.some(1).key\n", None),
    ("def f(runner: Runner):\n    return runner.names(1).key\n", None),
    ("def f(runner):\n    return runner.one(1).key\n", None),
    # #25629's shape: ``pooler(hidden, meta).outputs``, an instance called (its ``__call__``, a module's forward)
    ("def f(runner: Runner):\n    return runner(1).key\n", 5),
    ("def f(head: Head):\n    return head(1).modality\n", 5),
    ("def f(head: Head):\n    return head(1).data\n", None),
]
RUNNER_BASE = {INPUTS: INPUTS_OLD, RUNNER: RUNNER_TEXT, "vllm/multimodal/__init__.py": "", "vllm/__init__.py": ""}
RUNNER_HEAD = "from vllm.runner import Head, Runner\n\n\n"


@pytest.mark.parametrize(("body", "line"), RUNNER_ROWS)
def test_a_removed_field_read_off_what_a_method_returns(
    git_repo: GitRepo, no_rules: Path, body: str, line: int | None
) -> None:
    if line:
        loud = [text for text, at in RUNNER_ROWS if at]
        rows = _drift_among_rows(git_repo, no_rules, RUNNER_BASE, RUNNER_HEAD, loud, body)
    else:
        sides = s.merge_case(git_repo, RUNNER_BASE, {FORK: RUNNER_HEAD + body, "vllm/aeon/__init__.py": ""}, UPSTREAM)
        report = git_repo.audit(no_rules, merge=sides)
        rows = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert [n for n, _ in rows] == ([line] if line else [])
    if line:
        assert "which upstream removed MultiModalFieldElem." in rows[0][1]


BASE = "vllm/worker_base.py"
BASE_TEXT = """from vllm.multimodal.inputs import MultiModalFieldElem


class BaseRunner:
    def __init__(self) -> None:
        self.elems: dict[str, MultiModalFieldElem] = {}
        self.queue: list[MultiModalFieldElem] = []
"""
SUB = "from vllm.worker_base import BaseRunner\n\n\nclass AeonRunner(BaseRunner):\n"


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # #26214's shape: ``for req_state in self.requests.values(): req_state.mm_inputs`` in a runner
        # subclass, the base's ``__init__`` declaring ``self.requests: dict[str, CachedRequestState]``
        ("    def f(self):\n        for e in self.elems.values():\n            print(e.key)\n", 7),
        ("    def f(self):\n        return [e.modality for e in self.queue]\n", 6),
        # twins: a kept field; a mapping's keys; the subclass's own annotation; a loop over an unannotated attribute
        ("    def f(self):\n        for e in self.elems.values():\n            print(e.data)\n", None),
        ("    def f(self):\n        return [e.key for e in self.elems]\n", None),
        (
            "    def __init__(self) -> None:\n        super().__init__()\n        self.elems: dict[str, object] = {}\n\n"
            "    def f(self):\n        return [e.key for e in self.elems.values()]\n",
            None,
        ),
        ("    def f(self):\n        return [e.key for e in self.others.values()]\n", None),
    ],
)
def test_a_removed_field_read_off_a_loop_over_an_inherited_attribute(
    git_repo: GitRepo, no_rules: Path, body: str, line: int | None
) -> None:
    sides = s.merge_case(
        git_repo,
        {INPUTS: INPUTS_OLD, BASE: BASE_TEXT, "vllm/multimodal/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: SUB + body, "vllm/aeon/__init__.py": ""},
        [("[Multimodal] Simplify MM input definitions (#33331)", {INPUTS: INPUTS_NEW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert [n for n, _ in rows] == ([line] if line else [])
    if line:
        assert "which upstream removed MultiModalFieldElem." in rows[0][1]


OWN = (
    "from dataclasses import dataclass\n\nfrom vllm.multimodal.inputs import MultiModalFieldElem\n"
    "from vllm.worker_base import BaseRunner\n\n\n@dataclass\nclass MyElem:\n    key: str\n\n\n"
)
MINE = "class AeonRunner(BaseRunner):\n"
OWN_QUEUE = "    def __init__(self) -> None:\n        super().__init__()\n        self.queue = [MyElem('a')]\n\n"


@pytest.mark.parametrize(
    "body",
    [
        # the nearest class that binds the attribute decides, annotated or not: a property of the subclass,
        # its own list, a class-level value read by a classmethod (a loop or an index)
        MINE + "    @property\n    def elems(self) -> dict[str, MyElem]:\n        return {}\n\n"
        "    def f(self):\n        return [e.key for e in self.elems.values()]\n",
        MINE + OWN_QUEUE + "    def f(self):\n        return [e.key for e in self.queue]\n",
        MINE + OWN_QUEUE + "    def f(self):\n        return self.queue[0].key\n",
        MINE
        + "    queue = [MyElem('a')]\n\n    @classmethod\n    def f(cls):\n        return [e.key for e in cls.queue]\n",
        MINE + "    queue = [MyElem('a')]\n\n    @classmethod\n    def f(cls):\n        return cls.queue[0].key\n",
        # the element narrowed by isinstance to a class that has the field
        MINE + "    def f(self):\n        for e in self.queue:\n            if isinstance(e, MyElem):\n"
        "                print(e.key)\n",
        "def f(queue: list[MultiModalFieldElem]):\n    for e in queue:\n        if isinstance(e, MyElem):\n"
        "            print(e.key)\n",
    ],
)
def test_a_loop_over_an_attribute_the_fork_binds_or_narrows_is_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    sides = s.merge_case(
        git_repo,
        {INPUTS: INPUTS_OLD, BASE: BASE_TEXT, "vllm/multimodal/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: OWN + body, "vllm/aeon/__init__.py": ""},
        [("[Multimodal] Simplify MM input definitions (#33331)", {INPUTS: INPUTS_NEW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK] == []
