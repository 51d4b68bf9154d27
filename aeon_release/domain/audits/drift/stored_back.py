"""A member the fork stores on an object itself and reads back off it in the same function.

Symbol drift reports a read of a member upstream removed, off a receiver it can type, and a store of one
(nothing upstream reads the value any more).  Where one function stores ``md.seq_lens = ...`` and later reads
``md.seq_lens`` off the same name, the read gets the fork's own value, whatever the class lost: #28133
removed ``Mamba2AttentionMetadata.seq_lens``, and a fork builder that puts it back on what ``super().build(...)``
returns (a plain dataclass takes any attribute) and then reads it is right after the merge.  Its store is
then a shim read back, as a ``self.model.padding_idx`` read back off the instance is (a warning, not an error).

The name must hold one object all through the function: a parameter it never rebinds, or a local it binds
once.  The store must come first: its statement ends on a line before the read (a read on the store's own
right-hand side runs before it).
"""

from __future__ import annotations

import ast

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def stored_first(read: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """``read`` (``name.attr`` loaded) follows a store of ``name.attr`` in its function, ``name`` one object."""
    func = _holding_function(read, parents)
    if func is None:
        return False
    return any(_stored(other, read) and _ends(other, parents) < read.lineno for other in ast.walk(func))


def read_after(store: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """``store`` (``name.attr = ...``) is read back as ``name.attr`` later in its function, ``name`` one object."""
    func = _holding_function(store, parents)
    if func is None:
        return False
    end = _ends(store, parents)
    return any(_loaded(other, store) and _line(other) > end for other in ast.walk(func))


def _holding_function(
    node: ast.Attribute, parents: dict[int, ast.AST]
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The function ``node`` sits in, when ``node``'s receiver is a name that function binds to one object."""
    if not isinstance(node.value, ast.Name):
        return None
    parent = parents.get(id(node))
    while parent is not None and not isinstance(parent, _FUNCTIONS):
        parent = parents.get(id(parent))
    if not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef):
        return None  # module level, or a lambda (its body holds no statement to store by)
    name = node.value.id
    params = {a.arg for a in ast.walk(parent.args) if isinstance(a, ast.arg)}
    stores = sum(
        1 for n in ast.walk(parent) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
    )
    return parent if stores + (name in params) <= 1 else None


def _stored(other: ast.AST, read: ast.Attribute) -> bool:
    return isinstance(other, ast.Attribute) and isinstance(other.ctx, ast.Store) and _alike(other, read)


def _loaded(other: ast.AST, store: ast.Attribute) -> bool:
    return isinstance(other, ast.Attribute) and isinstance(other.ctx, ast.Load) and _alike(other, store)


def _alike(one: ast.Attribute, two: ast.Attribute) -> bool:
    """The same member off the same name."""
    return (
        one.attr == two.attr
        and isinstance(one.value, ast.Name)
        and isinstance(two.value, ast.Name)
        and one.value.id == two.value.id
    )


def _line(node: ast.AST) -> int:
    return node.lineno if isinstance(node, ast.expr | ast.stmt) else 0


def _ends(node: ast.AST, parents: dict[int, ast.AST]) -> int:
    """The last line of the statement holding ``node``."""
    current: ast.AST | None = node
    while current is not None and not isinstance(current, ast.stmt):
        current = parents.get(id(current))
    if isinstance(current, ast.stmt):
        return current.end_lineno or current.lineno
    return _line(node)
