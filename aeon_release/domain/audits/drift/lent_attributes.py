"""Lent attributes: a class stopped setting a name on an object it holds, and a fork still reads it there.

#27335 (abf3db40ef) stopped ``FusedMoEWithLoRA.create_lora_weights`` from copying its stacked LoRA weights
onto the layer it wraps (``self.base_layer.w1_lora_a_stacked = self.w1_lora_a_stacked`` and five more): the
wrapper keeps its own ``self.w1_lora_a_stacked``, the wrapped layer has none.  A fork quant method reading
``layer.base_layer.w1_lora_a_stacked`` off a ``layer: FusedMoEWithLoRA`` merges cleanly and raises
AttributeError on the first LoRA batch.  No symbol moved: the attribute was never declared, only lent.

Upstream's side: a changed file's diff removed a line ``self.<held>.<name> = ...``, and in upstream's version
of the file the class whose method held that store at the base stores ``self.<held>.<name>`` (or
``setattr(self.<held>, "<name>", ...)``) nowhere any more.  Nothing else upstream may give the held object the
name: quiet when an upstream Python file holding ``<name>`` stores it anywhere but on that class's own
``self`` (``self.<name> = ...`` in another class, ``x.<name> = ...``, ``setattr(x, "<name>", ...)``) or
declares it in a class body (``<name>: T`` / ``<name> = ...``), so the held object's own class may still
carry it.  The fork's side, on a line it owns: a read ``recv.<held>.<name>`` where ``recv`` is ``self`` in a
subclass of the class, or a name annotated with it or bound to a call of it (imported from its module).
Quiet too when a fork file stores ``.<name>`` itself (the fork lends it now) or the read sits under an
``if``/conditional expression asking ``hasattr``.

Cheap first: only the removed lines of upstream's diff are scanned; a pair neither of whose words any fork line
holds stops there; upstream's tree is grepped once per name a fork line reads.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits import linear
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts
from aeon_release.domain.audits.drift.stored_tuples import receiver_owners
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parse_python

# a removed upstream line lending a name to a held object: ``self.base_layer.w1_lora_a_stacked = ...``
_LENT = lazy_pattern(r"^[ \t]*self\.(\w+)\.(\w+)[ \t]*=[^=]")
_MOST_NAMES = 8


@dataclass(frozen=True)
class Lent:
    path: str  # upstream's file
    cls: str  # the class whose method lent the name
    held: str  # the attribute holding the object (``base_layer``)
    name: str  # the name lent (``w1_lora_a_stacked``)


def lent_attribute_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    words = trees.fork_words()
    pairs: dict[str, set[tuple[str, str]]] = {}
    for path in trees.upstream:
        if path.endswith(".py"):
            for text in trees.upstream[path].removed:
                if (m := _LENT.match(text)) is not None and m.group(1) in words and m.group(2) in words:
                    pairs.setdefault(path, set()).add((m.group(1), m.group(2)))
    if not pairs:
        return []
    reads = _fork_reads(trees, {p for found in pairs.values() for p in found})
    if not reads:
        return []
    wanted = {(held, name) for _, _, _, held, name in reads}
    paths = sorted(p for p, found in pairs.items() if found & wanted)
    before, after = both_texts(trees, paths)
    lent = [x for p in paths for x in _dropped(p, before[p], after[p], pairs[p] & wanted)]
    names = sorted({x.name for x in lent})[:_MOST_NAMES]
    kept = {n for n in names if _still_given(trees, n, {x.cls for x in lent if x.name == n})}
    findings = []
    for path, line, owners, held, name in reads:
        for x in lent:
            if (x.held, x.name) == (held, name) and x.name in names and x.name not in kept:
                if (dotted_name(x.path), x.cls) in owners:
                    commit = trees.upstream_commit(x.path, rf"self\.{held}\.{name}", pr_pattern)
                    findings.append(_finding(path, line, x, commit))
                    break
    return findings


def _fork_reads(
    trees: ThreeTrees, pairs: set[tuple[str, str]]
) -> list[tuple[str, int, frozenset[tuple[str, str]], str, str]]:
    """(path, line, the receiver's classes, held, name) of each fork-owned ``recv.held.name`` read."""
    spelt = re.compile(r"\.(?:" + "|".join(sorted(re.escape(f"{a}.{n}") for a, n in pairs)) + r")\b")
    found = []
    writes = _fork_writes(trees, {n for _, n in pairs})
    for path, module, owned in fork_modules(trees, spelt.search):
        parents, imports = parent_map(module), file_imports(module, path)
        for node in ast.walk(module):
            if not (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.lineno in owned):
                continue
            inner = node.value
            if not (isinstance(inner, ast.Attribute) and (inner.attr, node.attr) in pairs):
                continue
            if node.attr in writes or _asks_hasattr(node, parents):
                continue
            owners = receiver_owners(inner.value, node, parents, imports)
            if owners:
                found.append((path, node.lineno, owners, inner.attr, node.attr))
    return found


def _fork_writes(trees: ThreeTrees, names: set[str]) -> set[str]:
    """The names a fork-added line stores as an attribute (``x.name = ...``, ``setattr(x, "name", ...)``)."""
    spelt = "|".join(sorted(map(re.escape, names)))
    # on RE2: ``[^,]*`` from every ``setattr(`` of a long line backtracks on ``re``
    store = linear.Scan(rf"\.({spelt})[ \t]*=[^=]|setattr\([^,]*,[ \t]*['\"]({spelt})['\"]")
    return {
        m.group(1) or m.group(2)
        for p in trees.mine
        if p.endswith(".py")
        for line in trees.mine[p].added.values()
        if (m := store.search(line)) is not None
    }


def _asks_hasattr(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    child, up = node, parents.get(id(node))
    while up is not None and not isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if isinstance(up, ast.If | ast.IfExp) and child is not up.test:
            if any(isinstance(n, ast.Call) and last_name(n.func) == "hasattr" for n in ast.walk(up.test)):
                return True
        child, up = up, parents.get(id(up))
    return False


def _dropped(path: str, before: str | None, after: str | None, pairs: set[tuple[str, str]]) -> Iterator[Lent]:
    """The (held, name) pairs a class of the file lent at the base and lends nowhere upstream."""
    was, now = parse_python(before, path) if before else None, parse_python(after, path) if after else None
    if was is None or now is None:
        return
    now_classes = {c.name: c for c in now.body if isinstance(c, ast.ClassDef)}
    for cls in (c for c in was.body if isinstance(c, ast.ClassDef)):
        new = now_classes.get(cls.name)
        if new is None:
            continue
        for held, name in sorted(pairs):
            if _lends(cls, held, name) and not _lends(new, held, name):
                yield Lent(path, cls.name, held, name)


def _lends(cls: ast.ClassDef, held: str, name: str) -> bool:
    for node in ast.walk(cls):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign | ast.AugAssign)
            else []
        )
        if any(_held_attr(t, held, name) for t in targets):
            return True
        if isinstance(node, ast.Call) and last_name(node.func) == "setattr" and len(node.args) >= 2:
            target, key = node.args[0], node.args[1]
            if _self_attr(target, held) and isinstance(key, ast.Constant) and key.value == name:
                return True
    return False


def _held_attr(node: ast.expr, held: str, name: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == name and _self_attr(node.value, held)


def _self_attr(node: ast.expr, held: str) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == held
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    )


def _still_given(trees: ThreeTrees, name: str, lenders: set[str]) -> bool:
    """An upstream file may still give an object the name: a store of it anywhere but on a lending class's own
    ``self``, a ``setattr`` naming it, or a class body declaring it."""
    holding = sorted(trees.python_files_with((name,)))
    texts = trees.blobs(trees.theirs, holding)
    for path, text in texts.items():
        module = parse_python(text, path) if text else None
        if module is None:
            continue
        parents = parent_map(module)
        for node in ast.walk(module):
            if isinstance(node, ast.ClassDef) and _declares(node, name):
                return True
            if isinstance(node, ast.Call) and last_name(node.func) == "setattr" and len(node.args) >= 2:
                key = node.args[1]
                if isinstance(key, ast.Constant) and key.value == name:
                    return True
            if isinstance(node, ast.Attribute) and node.attr == name and isinstance(node.ctx, ast.Store):
                on_self = isinstance(node.value, ast.Name) and node.value.id == "self"
                if not (on_self and _class_of(node, parents) in lenders):
                    return True
    return False


def _declares(cls: ast.ClassDef, name: str) -> bool:
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name:
            return True
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
            return True
    return False


def _class_of(node: ast.AST, parents: dict[int, ast.AST]) -> str | None:
    up = parents.get(id(node))
    while up is not None and not isinstance(up, ast.ClassDef):
        up = parents.get(id(up))
    return up.name if isinstance(up, ast.ClassDef) else None


def _finding(path: str, line: int, lent: Lent, commit: str) -> Finding:
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned line reads .{lent.held}.{lent.name}, which upstream's {lent.cls} no longer sets on its "
        f"{lent.held} ({lent.path}{commit}): the held object has no {lent.name} after the merge (AttributeError); "
        f"read the {lent.cls}'s own attribute, or set it in the fork",
    )
