"""``callees.homes``/``homed``: the modules a fork call's def can live in, which spread-key and narrowed-flag drift
gate upstream's files by before reading any (killers214)."""

from __future__ import annotations

import ast

import pytest

from aeon_release.domain.audits.drift.callees import homed, homes, resolve, scope_of

FORK = """from pkg.ops import moe
from pkg.ops.moe import experts
from pkg.kernels import Tuner
from . import local_helper


def go(t: Tuner, x, helper):
    experts(x)
    moe.direct(x)
    t.run(x)
    local_helper(x)
    helper.run(x)
"""


def _homes() -> list[tuple[str, ...] | None]:
    module = ast.parse(FORK)
    func = next(n for n in module.body if isinstance(n, ast.FunctionDef))
    scope = scope_of(module)
    calls = [n.value for n in func.body if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)]
    found = [resolve(c.func, scope, func) for c in calls]
    return [homes(c, scope) if c is not None and not c.capped else None for c in found]


def test_each_spelling_names_the_module_its_def_can_live_in() -> None:
    assert _homes() == [
        ("pkg.ops.moe",),  # a bare name: its module
        ("pkg.ops.moe", "pkg.ops"),  # a module attribute: the module, or the one above it
        ("pkg.kernels",),  # a receiver typed as an imported class: the class's module
        (),  # a relative import: not said
        None,  # a receiver not read: a guess, no home
    ]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("pkg/ops/moe.py", True),
        ("pkg/ops/moe/fused.py", True),
        ("pkg/ops/__init__.py", False),
        ("pkg/ops/moe_utils.py", False),
    ],
)
def test_homed_reads_the_module_and_those_under_it(path: str, expected: bool) -> None:
    assert homed(path, ("pkg.ops.moe",)) is expected
