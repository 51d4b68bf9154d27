"""A rename's old name read where a presence test of its new name failed: the fork's reading of the rename.

``if "forward" in Embedding.__dict__: return emb.forward(ids)`` and ``return emb.forward_native(ids)`` after it
(or in its ``else``; ``if hasattr(emb, "forward"): ... else: emb.forward_native(ids)``; ``if not hasattr(emb,
"forward"): emb.forward_native(ids)``): where upstream renamed ``forward_native`` to ``forward``, the old name
runs only on the release without the new one, which still has the old.  The test asks of the new name, so the
guards that read a presence test of the name read (drift/fallbacks.py ``hasattr_guarded_lines``) do not see it.

Only a single presence test (an ``and`` of several fails for any of them), only the name upstream's change
renamed the read one to (old gone, new added in the same scope), and only off the same object or the renamed
member's class.  Pure: syntax trees in, answers out.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import _exits, _hasattr_asked, _read_of


@dataclass(frozen=True)
class Absent:
    """The statements that run only where a presence test failed, and the (object, name) pairs it asked."""

    block: list[ast.stmt]
    asked: frozenset[tuple[str, str]]


def absent_branch(stmt: ast.stmt, later: list[ast.stmt]) -> Absent | None:
    """Where ``stmt`` (an ``if`` of one presence test) says the name is missing: its other branch, or ``later``
    (the statements after it in its block) when the branch where the name is there leaves the block and no
    ``else`` follows."""
    if not isinstance(stmt, ast.If) or isinstance(stmt.test, ast.BoolOp):
        return None
    present, asked = _hasattr_asked(stmt.test, stmt.body, stmt.orelse)
    if len(asked) != 1:
        return None
    if present is stmt.body:
        block = stmt.orelse or (later if _exits(stmt.body) else [])
    else:
        block = stmt.body
    return Absent(block, frozenset(asked)) if block else None


def old_name_read(rename: tuple[str, str, str], line: int, absent: Absent) -> bool:
    """``rename`` (the member's class, its old name, its new name) is read at ``line`` inside ``absent``'s block
    off an object its test asked the new name of (the object itself, or the class by name)."""
    owner, old, new = rename
    objects = {obj for obj, name in absent.asked if name == new}
    if not objects:
        return False
    for stmt in absent.block:
        if not stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno):
            continue
        for node in ast.walk(stmt):
            read = _read_of(node) if getattr(node, "lineno", None) == line else None
            if read is not None and read[1] == old and _same_object(read[0], objects, owner):
                return True
    return False


def _same_object(receiver: str, objects: set[str], owner: str) -> bool:
    owner_name = owner.rsplit(".", 1)[-1]
    return receiver in objects or (bool(owner_name) and any(o.rsplit(".", 1)[-1] == owner_name for o in objects))
