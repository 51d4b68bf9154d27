"""Fields upstream stopped filling, and members a class's ``__getattr__`` now answers for.

A field kept for construction but no longer filled reads as its default (None) where it read the value:
upstream's dataclass ``__post_init__`` now forces it to None (the old flag is mapped onto a renamed one,
then cleared: upstream's PassConfig ``enable_fusion`` for ``fuse_norm_quant``, #29646), or upstream's code
dropped every write of it (CompilationConfig ``level`` for ``mode``, #26355).  Nothing raises: a fork's
read of it is silently None.

A member upstream removed from a class whose ``__getattr__`` makes attributes up at run time (upstream's
Platform forwards to ``torch.<device>``, else answers None) resolves to nothing the tree defines: the
removed def is what the fork's call meant, not what ``__getattr__`` makes up (``current_platform
.get_cu_count()``, moved to a function, #27005).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

_POST_INITS = frozenset({"__post_init__", "model_post_init"})


def forced_none(cls: ast.ClassDef, name: str) -> int | None:
    """The line of an unconditional ``self.name = None`` in the class's ``__post_init__`` (its own body,
    not under an ``if``): whatever the caller passed, the field reads None afterwards."""
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name in _POST_INITS and stmt.args.args:
            me = stmt.args.args[0].arg
            for inner in stmt.body:
                if _sets_none(inner, me, name):
                    return inner.lineno
    return None


def _sets_none(stmt: ast.stmt, me: str, name: str) -> bool:
    if not isinstance(stmt, ast.Assign) or not (isinstance(stmt.value, ast.Constant) and stmt.value.value is None):
        return False
    return any(
        isinstance(t, ast.Attribute) and t.attr == name and isinstance(t.value, ast.Name) and t.value.id == me
        for t in stmt.targets
    )


def none_default(node: ast.AST) -> bool:
    """A class-level field declared with None as its default: ``level: int | None = None``."""
    return isinstance(node, ast.AnnAssign) and isinstance(node.value, ast.Constant) and node.value.value is None


def stores(lines: Iterable[str], name: str) -> bool:
    """A line that gives the attribute ``name`` a value other than None: ``x.name = v``, ``x.name: T = v``,
    ``setattr(x, "name", v)`` / ``object.__setattr__(x, "name", v)``, or ``replace(x, name=v)``."""
    assigned = re.compile(rf"\.{re.escape(name)}\s*(?::[^=]*)?(?:[-+*/|&]?=)(?!=)(?!\s*None\b)")
    quoted = re.compile(rf"""setattr(?:__)?\(.*["']{re.escape(name)}["']""")
    replaced = re.compile(rf"\breplace\(.*\b{re.escape(name)}\s*=(?!=)")
    return any(assigned.search(line) or quoted.search(line) or replaced.search(line) for line in lines)


def dynamic_lookup(classes: Iterable[object]) -> bool:
    """A class along an order defines ``__getattr__``/``__getattribute__``: it makes attributes up."""
    return any(
        "__getattr__" in members or "__getattribute__" in members
        for members in (getattr(c, "members", None) for c in classes)
        if isinstance(members, dict)
    )
