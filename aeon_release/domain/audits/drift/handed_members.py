"""Handed members: a base constructor upstream now reads a new attribute off an object the fork's subclass hands it
through ``super().__init__(...)``, an object of a fork class that names the attribute nowhere (a warning).

#25487 (5abb117901) made ``BaseLinearLayerWithLoRA.__init__(self, base_layer)`` set ``self.tp_size =
self.base_layer.tp_size`` and ``self.tp_rank = self.base_layer.tp_rank`` (it stored ``self.base_layer =
base_layer`` before).  A fork LoRA wrapper for its own NVFP4 linear, ``__init__(self, base_layer:
AeonNvfp4Linear)`` handing ``super().__init__(base_layer)``, where ``AeonNvfp4Linear`` is an ``nn.Module`` of
the fork's with ``input_size``/``output_size``/``weight`` and no ``tp_size``, merges cleanly and raises
AttributeError on construction.  ``drift/handed_needs.py`` stays out by design: the class has an outside base
(``nn.Module`` may bring a name) and ``tp_size`` is an old name of upstream's ``LinearBase``.

Upstream's side: the base's ``__init__`` at both commits; the parameter the fork's argument fills; the names the
body reads off it (``param.NAME``) or off the attribute it stores it in first (``self.A = param``, then
``self.A.NAME``), at top level (not under ``if``/``try``/a loop), at upstream and not at the base; none tested
(``hasattr``/``getattr`` naming it).  The fork's side: the subclass's ``__init__`` handing, to
``super().__init__``, its own parameter annotated as a class of the fork's file, which names ``NAME`` nowhere (no
store, def, string or keyword of it) and defines no ``__getattr__``.  A warning on the ``super().__init__``
line: an outside base may still bring the name.  Quiet for an argument of upstream's class, an unannotated one,
a read under a guard, and a name the fork's class holds.
"""

from __future__ import annotations

import ast

_Def = ast.FunctionDef | ast.AsyncFunctionDef


def super_init(func: _Def) -> ast.Call | None:
    """The ``super().__init__(...)`` call among the function's statements."""
    for node in ast.walk(func):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "__init__":
            receiver = node.func.value
            if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super":
                return node
    return None


def handed_classes(func: _Def, call: ast.Call, params: tuple[str, ...]) -> dict[str, str]:
    """base parameter -> the fork's annotated class name, for each of the function's own parameters the call
    hands by position or keyword (``params``: the base's positional parameters, ``self`` dropped)."""
    notes = {a.arg: a.annotation for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
    handed = {params[i]: a for i, a in enumerate(call.args[: len(params)]) if not isinstance(a, ast.Starred)}
    handed |= {k.arg: k.value for k in call.keywords if k.arg is not None}
    found = {}
    for slot, value in handed.items():
        note = notes.get(value.id) if isinstance(value, ast.Name) else None
        if isinstance(note, ast.Name):
            found[slot] = note.id
    return found


def top_reads(init: _Def, param: str) -> set[str]:
    """The names the constructor reads off ``param`` (or off ``self.A`` it stored ``param`` in) in statements of
    its own body, not under a guard; none when it tests the object (``hasattr``/``getattr``/``isinstance``)."""
    holders = {param} | {
        f"self.{t.attr}"
        for s in init.body
        if isinstance(s, ast.Assign) and isinstance(s.value, ast.Name) and s.value.id == param
        for t in s.targets
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
    }
    if any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in _TESTS for n in ast.walk(init)):
        return set()
    reads = set()
    for stmt in init.body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign | ast.Expr):
            for node in ast.walk(stmt):
                if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and _held(node.value) in holders:
                    reads.add(node.attr)
    return reads


def _held(node: ast.expr) -> str | None:
    """``param`` or ``self.A`` as ``top_reads``' holders spell them; None for any other receiver (readH: an
    ``ast.unparse`` of every attribute's receiver recursed down a 950-link chain: RecursionError)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return f"self.{node.attr}"
    return None


_TESTS = frozenset({"hasattr", "getattr", "isinstance"})


def names(cls: ast.ClassDef, name: str) -> bool:
    """The class names ``name`` anywhere (a store, a def, a string, a keyword, an attribute) or has ``__getattr__``."""
    for node in ast.walk(cls):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in (name, "__getattr__"):
            return True
        if (isinstance(node, ast.Attribute) and node.attr == name) or (isinstance(node, ast.Name) and node.id == name):
            return True
        if (isinstance(node, ast.Constant) and node.value == name) or (
            isinstance(node, ast.keyword) and node.arg == name
        ):
            return True
    return False
