"""A name upstream's dataclass ``__post_init__`` now stores on ``self``, which a fork subclass defines as a member.

#15729 (e75a6301bd) gave ``CachedRequestState`` (a ``@dataclass`` with no ``__init__`` of its body) a
``__post_init__`` storing ``self.num_prompt_tokens``: the synthesized ``__init__`` runs it last, so a fork
subclass's read-only ``@property num_prompt_tokens`` makes building a request state raise AttributeError, and a
fork method of that name is hidden by the instance attribute (blind_replay_blktable).  Errors, on the fork's
``def`` line (drift/shadows.py, ``construction_writes``: a dataclass's ``__post_init__``, and the methods it calls
on ``self``, are part of its build).  Quiet: a fork ``__post_init__`` that never calls ``super().__post_init__()``
(the base's never runs), ``@dataclass(init=False)`` (nothing calls it), a property given a setter, another name,
and a name the base's ``__post_init__`` stored already.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SHADOWED_ATTRIBUTE as RULE
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOD = "pkg/state.py"
BASE = """from dataclasses import dataclass


@dataclass
class State:
    req_id: str
    prompt_token_ids: list[int]
    output_token_ids: list[int]

    @staticmethod
    def size(ids: list[int]) -> int:
        return len(ids)


@dataclass
class Had:
    req_id: str

    def __post_init__(self):
        self.was = 1


@dataclass(init=False)
class Manual:
    req_id: str = ""
"""
AFTER = (
    BASE.replace(
        "    @staticmethod\n    def size",
        "    def __post_init__(self):\n        self.num_prompt_tokens = len(self.prompt_token_ids)\n"
        "        self._setup()\n\n    def _setup(self):\n        self.cursor_pos = 0\n\n    @staticmethod\n    def size",
    )
    .replace("        self.was = 1\n", "        self.was = 1\n        self.seen = 0\n")
    .replace(
        'class Manual:\n    req_id: str = ""\n',
        'class Manual:\n    req_id: str = ""\n\n    def __post_init__(self):\n        self.num_prompt_tokens = 0\n',
    )
)
SUBJECT = "[V1][Spec Decode] Implement Eagle Proposer [1/N] (#15729)"
HEAD = "from dataclasses import dataclass\n\nfrom pkg.state import Had, Manual, State\n\n\n"
PROP = "    @property\n    def num_prompt_tokens(self) -> int:\n        return len(self.prompt_token_ids)\n"
FOUND = {
    "property": "class A(State):\n" + PROP,
    "method": "class A(State):\n    def num_prompt_tokens(self) -> int:\n        return 0\n",
    "fork_dataclass": "@dataclass\nclass A(State):\n    draft_len: int = 0\n\n" + PROP,
    "super_post_init": "@dataclass\nclass A(State):\n    draft_len: int = 0\n\n"
    + PROP
    + "\n    def __post_init__(self):\n        super().__post_init__()\n        self.draft_len = 3\n",
    "called_helper": "class A(State):\n    @property\n    def cursor_pos(self) -> int:\n        return 0\n",
    "had_post_init": "class A(Had):\n    @property\n    def seen(self) -> int:\n        return 0\n",
    # review138: a cached property computing another value than the one upstream now stores is hidden by it
    "cached_other": "from functools import cached_property\n\n\nclass A(State):\n    @cached_property\n"
    "    def num_prompt_tokens(self) -> int:\n        return len(self.prompt_token_ids) + 1\n",
    "cached_two_statements": "from functools import cached_property\n\n\nclass A(State):\n    @cached_property\n"
    "    def num_prompt_tokens(self) -> int:\n        self.aeon_seen = True\n        return len(self.prompt_token_ids)\n",
}
QUIET = {
    "no_super": "@dataclass\nclass A(State):\n    draft_len: int = 0\n\n"
    + PROP
    + "\n    def __post_init__(self):\n        self.draft_len = 3\n",
    "init_false": "class A(Manual):\n    @property\n    def num_prompt_tokens(self) -> int:\n        return 0\n",
    "setter": "class A(State):\n"
    + PROP
    + "\n    @num_prompt_tokens.setter\n    def num_prompt_tokens(self, v: int) -> None:\n"
    "        self._n = v\n",
    "other_name": "class A(State):\n    @property\n    def prompt_len(self) -> int:\n        return 0\n",
    "had_before": "class A(Had):\n    @property\n    def was(self) -> int:\n        return 0\n",
    # review138: a cached property of the very value upstream's __post_init__ now stores (its receiver renamed)
    "cached_same": "from functools import cached_property\n\n\nclass A(State):\n    @cached_property\n"
    "    def num_prompt_tokens(me) -> int:\n        return len(me.prompt_token_ids)\n",
}
FORKS = {f"pkg/aeon/{name}.py": HEAD + body for name, body in {**FOUND, **QUIET}.items()}


@pytest.fixture
def rows(git_repo: GitRepo) -> dict[str, list[Finding]]:
    forks = {**FORKS, "pkg/aeon/__init__.py": ""}
    return s.side_by_side(git_repo, {MOD: BASE, "pkg/__init__.py": ""}, forks, [(SUBJECT, {MOD: AFTER})], RULE)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_member_of_a_name_the_new_post_init_stores_is_an_error(rows: dict[str, list[Finding]], name: str) -> None:
    path = f"pkg/aeon/{name}.py"
    got = [(f.line, f.severity.value) for f in rows[path]]
    defs = [i for i, text in enumerate(FORKS[path].splitlines(), 1) if text.lstrip().startswith("def ")]
    assert got == [(defs[0], "error")], rows[path]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_a_post_init_that_never_runs_or_a_member_it_does_not_hit_stays_quiet(
    rows: dict[str, list[Finding]], name: str
) -> None:
    assert rows[f"pkg/aeon/{name}.py"] == []
