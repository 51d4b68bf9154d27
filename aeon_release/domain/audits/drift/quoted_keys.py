"""Quoted keys: a fork string naming a key upstream moved out of a module's table, with no read of the table.

#45128 moved ``"InternLMForCausalLM"`` from the registry's ``_TEXT_GENERATION_MODELS`` to
``_PREVIOUSLY_SUPPORTED_MODELS``.  Dropped key drift (``dropped_keys.py``) catches the fork's
``_TEXT_GENERATION_MODELS["InternLMForCausalLM"]``; a fork's ``EngineArgs(hf_overrides={"architectures":
["InternLMForCausalLM"]})`` names the same key with no read of the table in sight: upstream looks it up
itself, at startup, and refuses it.  The tie is the literal alone, so this is a warning: the fork's string
may name something else of the same spelling.  #49786 (``OuroForCausalLM``) and #25708
(``NemotronH_Nano_VL``) moved registry keys the same way.

Only a key moved to another table of the same file (dropped key drift's ``now``), spelt like a class name (an
identifier holding an upper and a lower case letter: a common word such as ``"auto"`` names too much), quoted
by a fork-owned line as a value -- an element of a list, tuple or set, a dict's value, a call's argument --
in a file that does not name the table (there dropped key drift reads it).  Quiet where the fork writes it as
a dict key, reads a subscript with it, compares it, or hands it first to a ``register`` call (the fork
registers the name itself).

Pure: one parsed fork file and the moved keys in, warnings out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Protocol

from aeon_release.domain.audits.merge_rules import KEY_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map

_CLASS_LIKE = lazy_pattern(r"^(?=\w*[A-Z])(?=\w*[a-z])[A-Za-z_]\w{3,}$")


class Moved(Protocol):
    """What dropped key drift knows of a key it saw leave a table (``dropped_keys.Dropped``)."""

    @property
    def name(self) -> str: ...
    @property
    def path(self) -> str: ...
    @property
    def key(self) -> str: ...
    @property
    def now(self) -> str: ...


def quoted_keys(path: str, module: ast.Module, owned: set[int], moved: list[Moved]) -> Iterator[Finding]:
    """A warning on each fork-owned line quoting, as a value, a key of ``moved`` (tables the file never names)."""
    keys = {d.key: d for d in moved if d.now and _CLASS_LIKE.match(d.key)}
    if not keys:
        return
    parents = parent_map(module)
    seen: set[tuple[int, str]] = set()
    for node in ast.walk(module):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in keys):
            continue
        if node.lineno in owned and _as_value(node, parents) and (node.lineno, node.value) not in seen:
            seen.add((node.lineno, node.value))
            yield _finding(path, node.lineno, keys[node.value])


def _as_value(node: ast.Constant, parents: dict[int, ast.AST]) -> bool:
    parent = parents.get(id(node))
    if isinstance(parent, ast.List | ast.Tuple | ast.Set | ast.keyword):
        return True
    if isinstance(parent, ast.Dict):
        return node in parent.values
    if isinstance(parent, ast.Call):
        registers = "register" in last_name(parent.func).lower() and parent.args[:1] == [node]
        return node in parent.args and not registers
    return False


def _finding(path: str, line: int, d: Moved) -> Finding:
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned {d.key!r} names a key upstream moved out of the table {d.name} into {d.now} ({d.path}): "
        f"where upstream looks the name up in {d.name}, it is no longer found; check what the value reaches",
    )
