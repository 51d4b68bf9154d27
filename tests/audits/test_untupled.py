"""Untupled drift: upstream made a ``NamedTuple`` a plain class, and a fork line still uses it as a tuple.

Shaped like #34043 (c7914d30f9), which made ``BatchDescriptor`` a frozen dataclass: its fields stay, so a
fork's ``desc.num_tokens`` is fine, but ``desc._replace(...)`` and ``tokens, *_ = desc`` fail at run time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CTX = "vllm/forward_context.py"
CTX_BASE = """from typing import NamedTuple


class BatchDescriptor(NamedTuple):
    num_tokens: int
    uniform: bool = False

    def relaxed(self) -> "BatchDescriptor":
        return BatchDescriptor(self.num_tokens)
"""
CTX_UPSTREAM = CTX_BASE.replace("from typing import NamedTuple", "from dataclasses import dataclass").replace(
    "class BatchDescriptor(NamedTuple):", "@dataclass(frozen=True)\nclass BatchDescriptor:"
)
SUBJECT = "[Attention] Update FA3 (#34043)"
FORK = "vllm/aeon/replay_untupled.py"
HEAD = "import dataclasses\n\nfrom vllm.forward_context import BatchDescriptor\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = CTX_UPSTREAM) -> list:
    sides = s.merge_case(
        git_repo,
        {CTX: CTX_BASE, "vllm/__init__.py": ""},
        {FORK: HEAD + body},
        [(SUBJECT, {CTX: upstream})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT) if r[0] == FORK]


AS_TUPLE = [
    "def aeon_key(desc: BatchDescriptor) -> BatchDescriptor:\n    return desc._replace(uniform=True)\n",
    "def aeon_key(desc: BatchDescriptor) -> int:\n    n, uniform = desc\n    return n\n",
    "def aeon_key(desc: BatchDescriptor) -> int:\n    return desc[0]\n",
    "def aeon_key(n: int) -> dict:\n    desc = BatchDescriptor(n)\n    return desc._asdict()\n",
    "def aeon_key(desc: BatchDescriptor) -> int:\n    return len(desc)\n",
    "def aeon_key(desc: BatchDescriptor) -> tuple:\n    return (*desc, 1)\n",
]
# The rows' modules side by side: one merge and one audit of the six a process (suitespeed11).
AS_TUPLE_FORKS = {FORK.replace(".py", f"_{n}.py"): HEAD + body for n, body in enumerate(AS_TUPLE)}


@pytest.mark.parametrize(
    "body", AS_TUPLE, ids=["_replace", "unpack", "index", "_asdict of a built one", "len", "splat"]
)
def test_a_tuple_use_of_a_class_no_longer_a_namedtuple_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    base = {CTX: CTX_BASE, "vllm/__init__.py": ""}
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {CTX: CTX_UPSTREAM})]
    found = s.audited_side_by_side(git_repo, no_rules, base, AS_TUPLE_FORKS, upstream, TYPE_DRIFT)
    [(line, severity, message)] = [
        (f.line, f.severity.value, f.message) for f in found[FORK.replace(".py", f"_{AS_TUPLE.index(body)}.py")]
    ]
    assert severity == "error" and line in (7, 8)
    assert "uses a BatchDescriptor as a tuple" in message and "#34043" in message


@pytest.mark.parametrize(
    "body",
    [
        # fields read by name, and the dataclass spelling of _replace
        "def aeon_key(desc: BatchDescriptor) -> int:\n    return desc.num_tokens\n",
        "def aeon_key(desc: BatchDescriptor) -> BatchDescriptor:\n    return dataclasses.replace(desc, uniform=True)\n",
        # the function asks what it holds: it handles both
        "def aeon_key(desc: BatchDescriptor) -> int:\n"
        "    if isinstance(desc, tuple):\n        return desc[0]\n    return desc.num_tokens\n",
        # a name of another type, or untyped
        "def aeon_key(desc) -> int:\n    return desc[0]\n",
        "def aeon_key(desc: tuple) -> int:\n    n, uniform = desc\n    return n\n",
    ],
    ids=["by name", "dataclasses.replace", "isinstance guard", "untyped", "another type"],
)
def test_uses_that_still_work_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_plain_class_that_keeps_the_tuple_protocol_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    upstream = CTX_UPSTREAM + "\n    def __iter__(self):\n        return iter((self.num_tokens, self.uniform))\n"
    body = "def aeon_key(desc: BatchDescriptor) -> int:\n    n, uniform = desc\n    return n\n"
    assert rows(git_repo, no_rules, body, upstream) == []


def test_a_class_still_a_namedtuple_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    upstream = CTX_BASE.replace("    uniform: bool = False\n", "    uniform: bool = True\n")
    body = "def aeon_key(desc: BatchDescriptor) -> BatchDescriptor:\n    return desc._replace(uniform=True)\n"
    assert rows(git_repo, no_rules, body, upstream) == []


@pytest.mark.parametrize(
    "head",
    [
        # a class of the same name the fork keeps in its own module
        "from vllm.aeon.descs import BatchDescriptor\n\n\n",
        # the name rebound by the fork's module
        "from collections import namedtuple\n\nfrom vllm.forward_context import BatchDescriptor\n\n"
        "BatchDescriptor = namedtuple('BatchDescriptor', 'num_tokens uniform')\n\n\n",
    ],
    ids=["another module's class", "rebound by the fork"],
)
def test_a_class_of_the_same_name_from_elsewhere_stays_quiet(git_repo: GitRepo, no_rules: Path, head: str) -> None:
    body = "def aeon_key(desc: BatchDescriptor) -> BatchDescriptor:\n    return desc._replace(uniform=True)\n"
    sides = s.merge_case(
        git_repo,
        {CTX: CTX_BASE, "vllm/__init__.py": ""},
        {FORK: head + body, "vllm/aeon/descs.py": CTX_BASE},
        [(SUBJECT, {CTX: CTX_UPSTREAM})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT) if r[0] == FORK] == []


# review of killers112: twins a reviewer proved false (a try fallback, is_dataclass, a fork shim, rebinding
# scopes, another module's class of the name, a module that only prefixes the home)
def test_review_try_except_fallback(git_repo, no_rules: Path) -> None:
    body = (
        "def aeon_key(desc: BatchDescriptor) -> int:\n    try:\n        n, uniform = desc\n"
        "    except TypeError:\n        n = desc.num_tokens\n    return n\n"
    )
    assert rows(git_repo, no_rules, body) == []


def test_review_try_attributeerror_replace(git_repo, no_rules: Path) -> None:
    body = (
        "def aeon_key(desc: BatchDescriptor) -> BatchDescriptor:\n    try:\n        return desc._replace(uniform=True)\n"
        "    except AttributeError:\n        return dataclasses.replace(desc, uniform=True)\n"
    )
    assert rows(git_repo, no_rules, body) == []


def test_review_comprehension_shadows(git_repo, no_rules: Path) -> None:
    body = "def aeon_key(desc: BatchDescriptor, pairs: list) -> list:\n    return [desc[0] for desc in pairs]\n"
    assert rows(git_repo, no_rules, body) == []


def test_review_for_rebinds(git_repo, no_rules: Path) -> None:
    body = (
        "def aeon_key(desc: BatchDescriptor, pairs: list) -> int:\n    total = desc.num_tokens\n"
        "    for desc in pairs:\n        total += desc[0]\n    return total\n"
    )
    assert rows(git_repo, no_rules, body) == []


def test_review_other_module_attr_class(git_repo, no_rules: Path) -> None:
    body = (
        "import vllm.aeon.descs as aeon_descs\n\n\n"
        "def aeon_key(n: int) -> dict:\n    desc = aeon_descs.BatchDescriptor(n)\n    return desc._asdict()\n"
    )
    sides = s.merge_case(
        git_repo,
        {CTX: CTX_BASE, "vllm/__init__.py": ""},
        {FORK: HEAD + body, "vllm/aeon/descs.py": CTX_BASE},
        [(SUBJECT, {CTX: CTX_UPSTREAM})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT) if r[0] == FORK] == []


def test_review_prefix_module(git_repo, no_rules: Path) -> None:
    head = "from vllm.forward import BatchDescriptor\n\n\n"
    body = "def aeon_key(desc: BatchDescriptor) -> BatchDescriptor:\n    return desc._replace(uniform=True)\n"
    sides = s.merge_case(
        git_repo,
        {CTX: CTX_BASE, "vllm/__init__.py": ""},
        {FORK: head + body, "vllm/forward.py": CTX_BASE},
        [(SUBJECT, {CTX: CTX_UPSTREAM})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT) if r[0] == FORK] == []


def test_review_version_check(git_repo, no_rules: Path) -> None:
    body = (
        "def aeon_key(desc: BatchDescriptor) -> int:\n"
        "    if dataclasses.is_dataclass(desc):\n        return desc.num_tokens\n    return desc[0]\n"
    )
    assert rows(git_repo, no_rules, body) == []


def test_review_fork_patches_iter(git_repo, no_rules: Path) -> None:
    body = (
        "BatchDescriptor.__iter__ = lambda self: iter((self.num_tokens, self.uniform))\n\n\n"
        "def aeon_key(desc: BatchDescriptor) -> int:\n    n, uniform = desc\n    return n\n"
    )
    assert rows(git_repo, no_rules, body) == []


def test_review_lambda_param_shadows(git_repo, no_rules: Path) -> None:
    body = (
        "def aeon_key(desc: BatchDescriptor, pairs: list) -> list:\n"
        "    return sorted(pairs, key=lambda desc: desc[0])\n"
    )
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "convert",
    ["(desc.num_tokens, desc.uniform)", "[desc.num_tokens, desc.uniform]", "dataclasses.astuple(desc) if x else desc"],
    ids=["tuple display", "list display", "ifexp"],
)
def test_a_name_converted_before_its_tuple_use_is_quiet(git_repo, no_rules: Path, convert: str) -> None:
    """Twin: the typed parameter is reassigned to a tuple/list (no call, so no longer the class) before the
    fork unpacks or indexes it: quiet."""
    body = f"def aeon_key(desc: BatchDescriptor, x: bool) -> int:\n    desc = {convert}\n    n, u = desc\n    return desc[0]\n"
    assert rows(git_repo, no_rules, body) == []
