"""Hostile input: a fork file whose classes derive each from the one before, thousands deep, read by the walks
over a class's bases of the same file (``callees.scope_of``: which names a method's class binds, what its
``super()`` reaches).  Each walk recursed once per base and walked the chain below every class again: a chain
of 10,000 classes raised RecursionError inside the merge audit (exit 1, where docs/hostile-input.md promises
one ``audit/not-audited`` warning and exit 0).  Each class is read once now, from its bases' answers."""

from __future__ import annotations

import ast
import sys
from types import FrameType
from typing import Any

from aeon_release.domain.audits.drift import callees


def _chain(length: int) -> ast.Module:
    """``C0(Base)`` then ``Ck(Ck-1)``; every 500th class defines ``mk``, the last one calls ``super()``."""
    lines = ["from pkg.base import Base\n", "class C0(Base):\n    def m0(self): pass\n"]
    for k in range(1, length):
        body = f"    def m{k}(self): return super().m{k}()\n" if k % 500 == 0 or k == length - 1 else "    pass\n"
        lines.append(f"class C{k}(C{k - 1}):\n{body}")
    return ast.parse("".join(lines))


def _calls(length: int) -> int:
    """Python calls ``scope_of`` makes over a chain of ``length`` classes."""
    module = _chain(length)
    count = 0

    def tally(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        count += event == "call"

    sys.setprofile(tally)
    try:
        callees.scope_of(module)
    finally:
        sys.setprofile(None)
    return count


def test_a_chain_of_10000_classes_is_read_without_recursion() -> None:
    module = _chain(10_000)
    scope = callees.scope_of(module)  # RecursionError before
    last = next(n for n in module.body if isinstance(n, ast.ClassDef) and n.name == "C9999")
    method = last.body[0]
    assert scope.homes[id(method)] == frozenset({"m0", *(f"m{k}" for k in range(500, 10_000, 500)), "m9999"})
    assert scope.supers[id(method)].bases == ("Base",)
    assert scope.supers[id(method)].inherited == frozenset({"m0", *(f"m{k}" for k in range(500, 10_000, 500))})


def test_the_walks_are_linear_in_the_chain() -> None:
    """Four times the classes, about four times the calls (each class walked the chain below it: sixteen)."""
    small, large = _calls(2_000), _calls(8_000)
    assert large < 6 * small, (small, large)


def test_a_cycle_of_redefined_names_still_ends_with_the_names_it_reaches() -> None:
    """``class B(A)`` below the ``class A(B)`` that read the first ``B``: the file's last ``B`` and ``A`` reach
    each other; ``class D(D)`` over an imported ``D`` reaches only itself."""
    module = ast.parse(
        "from m import D\n"
        "class B:\n    def b(self): pass\n"
        "class A(B):\n    def a(self): pass\n"
        "class B(A, Ext):\n    def c(self): pass\n"
        "class E(B):\n    def e(self): pass\n"
        "class D(D):\n    def d(self): pass\n"
    )
    scope = callees.scope_of(module)
    by_name = {n.name: n.body[0] for n in module.body if isinstance(n, ast.ClassDef)}  # the last of each name
    assert scope.homes[id(by_name["A"])] == scope.homes[id(by_name["B"])] == frozenset({"a", "c"})
    assert scope.homes[id(by_name["E"])] == frozenset({"a", "c", "e"})
    assert scope.homes[id(by_name["D"])] == frozenset({"d"})
    assert scope.supers[id(by_name["A"])] == callees.Super(frozenset({"c"}), ("Ext",))
    assert scope.supers[id(by_name["E"])] == callees.Super(frozenset({"a", "c"}), ("Ext",))
    assert scope.supers[id(by_name["D"])] == callees.Super(frozenset(), ())
