"""A positional call that no longer fits a def wrapped by a decorator of the tree (symbol drift's call check):
a wrapper that hands its ``*args`` on in place -- whole, looped over, or mapped one for one -- cannot mend an
argument that now lands on another parameter, so the misfit is an error (#38361: ``chunk_indices`` inserted
before FLA's ``chunk_local_cumsum``'s ``head_first`` under ``@input_guard``, which makes each tensor argument
contiguous in place).  A wrapper that picks, filters or rebuilds its ``*args`` may still mend it: a warning.
Twins: the argument passed by keyword, a call that fitted neither signature."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.passed_args import kept_in_place
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"pkg/__init__.py": "", "pkg/ops/__init__.py": ""}
UTILS = "pkg/ops/utils.py"
OPS = "pkg/ops/cumsum.py"
USE = "pkg/aeon_use.py"

# FLA's input_guard, as upstream spells it: a generator that maps each argument in its place, and a loop that
# looks for the first tensor
GUARD = (
    "import functools\n\nimport torch\n\n\n"
    "def input_guard(fn):\n"
    "    @functools.wraps(fn)\n"
    "    def wrapper(*args, **kwargs):\n"
    "        contiguous_args = (i if not isinstance(i, torch.Tensor) else i.contiguous() for i in args)\n"
    "        contiguous_kwargs = {k: (v if not isinstance(v, torch.Tensor) else v.contiguous()) for k, v in kwargs.items()}\n"
    "        tensor = None\n"
    "        for arg in args:\n"
    "            if isinstance(arg, torch.Tensor):\n"
    "                tensor = arg\n"
    "                break\n"
    "        return fn(*contiguous_args, **contiguous_kwargs)\n\n"
    "    return wrapper\n"
)
BODY = "        return fn(*contiguous_args, **contiguous_kwargs)\n"
OLD = (
    "from pkg.ops.utils import input_guard\n\n\n@input_guard\n"
    "def chunk_local_cumsum(g, chunk_size, reverse=False, cu_seqlens=None, head_first=False, **kwargs):\n"
    "    return g\n"
)
NEW = OLD.replace("cu_seqlens=None, head_first", "cu_seqlens=None, chunk_indices=None, head_first")
CALL = "return chunk_local_cumsum(g, 64, False, cu_seqlens, head_first)"
FORK = (
    "from pkg.ops.cumsum import chunk_local_cumsum\n\n\n"
    f"def aeon_gate_cumsum(g, cu_seqlens, head_first: bool):\n    {CALL}\n"
)


def _replay(git_repo: GitRepo, tmp_path: Path, guard: str, fork: str = FORK) -> list[tuple[str, int, str]]:
    base = {**PACKAGES, UTILS: guard, OPS: OLD}
    sides = three_way(git_repo, base, {USE: fork}, {OPS: NEW})
    return found(audit(git_repo, sides, tmp_path), RULE)


@pytest.mark.parametrize(
    "body",
    [
        BODY,
        "        return fn(*[i for i in args], **kwargs)\n",
        "        return fn(*args, **kwargs)\n",
        "        moved = tuple(i.contiguous() if isinstance(i, torch.Tensor) else i for i in args)\n"
        "        return fn(*moved, **kwargs)\n",
    ],
    ids=["a generator bound to a name", "an inline list", "args whole after a loop", "tuple of a generator"],
)
def test_a_positional_shift_under_a_guard_that_keeps_positions_is_an_error(
    git_repo: GitRepo, tmp_path: Path, body: str
) -> None:
    assert _replay(git_repo, tmp_path, GUARD.replace(BODY, body)) == [(USE, line_of(FORK, CALL), "error")]


@pytest.mark.parametrize(
    "body",
    [
        # a compat shim: the fifth positional taken by name
        "        if len(args) > 4:\n            kwargs['head_first'] = args[4]\n            args = args[:4]\n"
        "        return fn(*args, **kwargs)\n",
        # a filter: the positions after a None shift
        "        return fn(*[i for i in args if i is not None], **kwargs)\n",
        # a list built in a loop may be built in any order
        "        moved = []\n        for i in args:\n            moved.insert(0, i)\n        return fn(*moved, **kwargs)\n",
        # a name bound twice: which binding is handed on is not read here
        "        moved = (i for i in args)\n        if kwargs:\n            moved = reversed(list(args))\n"
        "        return fn(*moved, **kwargs)\n",
    ],
    ids=["a compat shim", "a filter", "a loop-built list", "a name bound twice"],
)
def test_a_guard_that_picks_or_rebuilds_its_args_keeps_the_warning(
    git_repo: GitRepo, tmp_path: Path, body: str
) -> None:
    assert _replay(git_repo, tmp_path, GUARD.replace(BODY, body)) == [(USE, line_of(FORK, CALL), "warning")]


@pytest.mark.parametrize(
    "call",
    [
        "return chunk_local_cumsum(g, 64, False, cu_seqlens, head_first=head_first)",
        "return chunk_local_cumsum(g, chunk_size=64, cu_seqlens=cu_seqlens, head_first=head_first)",
    ],
    ids=["head_first by keyword", "all by keyword"],
)
def test_a_keyword_call_under_the_guard_stays_quiet(git_repo: GitRepo, tmp_path: Path, call: str) -> None:
    assert _replay(git_repo, tmp_path, GUARD, FORK.replace(CALL, call)) == []


def _wrapper(body: str) -> ast.FunctionDef:
    tree = ast.parse(f"def wrapper(*args, **kwargs):\n{body}")
    node = tree.body[0]
    assert isinstance(node, ast.FunctionDef)
    return node


@pytest.mark.parametrize(
    ("body", "kept"),
    [
        ("    return fn(*args, **kwargs)\n", True),
        ("    return fn(*(a for a in args))\n", True),
        ("    new = list(a for a in args)\n    return fn(*new)\n", True),
        ("    for a in args:\n        print(a)\n    return fn(*args)\n", True),
        ("    if any(a is None for a in args):\n        raise ValueError\n    return fn(*args)\n", True),
        ("    return fn(*args[1:])\n", False),
        ("    return fn(args[0])\n", False),
        ("    for a in args:\n        print(a)\n    return fn(**kwargs)\n", False),  # the positionals dropped
        ("    return fn(*(a for a in args for _ in range(2)))\n", False),
        ("    return fn(*sorted(args))\n", False),
        ("    new = (a for a in args)\n    return fn(*new, *kwargs.pop('extra', ()))\n", False),
    ],
)
def test_kept_in_place(body: str, kept: bool) -> None:
    assert kept_in_place(_wrapper(body), "args") is kept
