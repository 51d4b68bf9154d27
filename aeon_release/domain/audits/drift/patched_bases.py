"""A fork's patch of a base class's method that upstream now overrides in a subclass: the patch stops there.

A fork that carries a change without editing upstream's file patches a class at import time (a plugin):
``Platform.is_pin_memory_available = classmethod(_aeon_pin_memory)``.  Every class deriving from the patched
one without a def of the name finds the fork's function.  #41496 (8bf374955f) gave ``CudaPlatformBase`` an
``is_pin_memory_available`` of its own (pinned memory under WSL2 by kernel version): the merge is clean, the
patch still runs, and on CUDA -- where the fork serves -- upstream's new method answers instead of the fork's.
Symbol drift's override checks (``_patched_method``) judge the patched method's own signature; nothing there
changed.

Upstream's side: a class of a file whose diff added a ``def`` of the patched name, that defines the name in
its body in the merged tree, did not in the fork's tree before the merge (a class new upstream was never
reached by the patch), and derives from the patched class.  A warning, on the patch's line, naming the
classes: the patch still reaches the base's other subclasses, and whether the fork runs on the one upstream
gave its own is the fork's knowledge.  Quiet: a patch on the overriding class itself (it wins over the class's
own def), a subclass that had its own def before the merge, a class deriving elsewhere.

Pure: the two indexes, upstream's added lines and the patched method in, the overriding classes out.
"""

from __future__ import annotations

import ast
import re

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.sides import AddedLines
from aeon_release.domain.audits.source import TEST_PATH


def descriptor_arg(value: ast.expr) -> ast.expr:
    """The function ``classmethod(f)`` / ``staticmethod(f)`` wraps (what a class-level patch puts on the class
    is that function, bound as such); ``value`` itself otherwise."""
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in ("classmethod", "staticmethod")
        and len(value.args) == 1
        and not value.keywords
    ):
        return value.args[0]
    return value


def overridden_below(before: px.Index, after: px.Index, added: AddedLines, patched: px.DefSym) -> list[tuple[str, str]]:
    """(path, name) of the classes deriving from ``patched``'s class that upstream gave a def of its name of their
    own (in a file whose diff added one), which the fork's tree before the merge had without it."""
    if patched.owner is None:
        return []
    pattern = re.compile(rf"(?:async[ \t]+)?def[ \t]+{re.escape(patched.name)}[ \t]*\(")
    paths = sorted({p for p, _ in added.added_matches(pattern, patched.name) if p.endswith(".py")})
    found: list[tuple[str, str]] = []
    for path in (p for p in paths if not TEST_PATH.search(p)):
        merged, then = after.module_at(path), before.module_at(path)
        if merged is not None and then is not None:
            found += [
                (path, q.rsplit(".", 1)[-1])
                for q in merged.classes
                if _new_override(before, after, merged, then, q, patched)
            ]
    return found


def _new_override(
    before: px.Index, after: px.Index, merged: px.ModuleInfo, then: px.ModuleInfo, qual: str, patched: px.DefSym
) -> bool:
    """The class ``qual`` defines the patched name now, did not before, and derives from the patched class."""
    cls, old = after.class_info(merged, qual), before.class_info(then, qual)
    if cls is None or old is None or patched.name not in cls.members or patched.name in old.members:
        return False
    home = (patched.path, patched.owner)
    return any(isinstance(i, px.ClassInfo) and (i.module.path, i.qualname) == home for i in after.mro(cls, False))
