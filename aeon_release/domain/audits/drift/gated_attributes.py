"""Gated attributes: a constructor that always set an attribute now sets it only under an ``if``.

#24245 (2942970d44) moved ``PrometheusStatLogger.__init__``'s ``self.gauge_gpu_cache_usage = ...`` under
``if self.show_hidden_metrics:`` (off by default).  The attribute is still assigned in the class, so symbol
drift stays quiet; a fork subclass's ``self.gauge_gpu_cache_usage[idx].set(v)`` merges cleanly and raises
AttributeError whenever the condition is false.  Deprecations hide things this way before removing them.

Upstream's side: a class of a changed file whose ``__init__`` set ``self.X`` at its top level at the base
and now sets it only on some paths (under an ``if`` without an ``else`` that sets it too), no other method
of the class sets it, and the class body binds no ``X`` (a class-level default, a property, a method).
The fork's side, on a line it owns: a class deriving from that class (imported from its module or a
package above it) that reads ``self.X`` at all (a call, a read or an index off it, or since killers170 a bare
read such as #20365's ``len(self.tokenizer)``: a missing attribute raises on any) in a method that never tests it (``if
self.X``, ``hasattr``/``getattr``) nor any name of upstream's condition (``if self.show_hidden_metrics``),
outside a ``try`` catching AttributeError.  Quiet where the fork's class sets ``self.X`` itself or defines
``X``, or a base the fork's module defines sets it or has an ``__init__``.

A warning, not an error: whether the condition holds on the fleet is a question of its configuration.

Since killers168 one object further: a class of the same file whose ``__init__`` builds a gated class once into
``self.A``, and a fork subclass of that holder reading ``self.A.X`` (#17326's ``embed_tokens``, gated on pipeline
parallelism, read as ``self.model.embed_tokens`` by a fork EAGLE head).

Since killers192 also an attribute set on every path, but on one of them now to a stand-in: ``__init__`` built
``self.X`` with arguments at the base, and now sets it under an ``if`` to a bare build of another class
(``PPMissingLayer()``), the real build kept on the other path (#13833's ``DeepseekV2ForCausalLM.lm_head``,
a ``PPMissingLayer`` off the last pipeline rank; #17326's ``embed_tokens`` off the first).  A stand-in passes
a call through, so only a member read or an index off it counts on the fork's side (``self.lm_head.weight``),
not a call of it, and the same tests, guards and own sets quiet it; so does a fork override of a method whose
upstream body hands the attribute on or reads its member (review101: #13833's ``compute_logits``, run on the
last rank alone).

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.nulled_attributes import (
    _HELD,
    _defines,
    _init,
    _sets,
    _sets_held,
    _unguarded_use,
    assigned_targets,
    derived_from,
    is_self_attribute,
    local_bases,
    mentions_attr,
)
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map

# a removed or added line assigning an attribute (``self.gauge = make(...)``), re-indented by the gate
_SET = lazy_pattern(r"^\s+self\.(\w+)\s*(?::[^=]+)?=[^=]")
# a fork line reading ``self.X`` (a callee, a receiver, a container, or since killers170 a bare value:
# ``len(self.tokenizer)``), not only storing it
_USED = lazy_pattern(r"\bself\.(\w+)\b(?!\s*=(?!=))")
_MOST_FILES = 32


@dataclass(frozen=True)
class Gated:
    """``cls`` (of ``path``) now sets ``self.attr`` only when ``names`` (its gate's names) say so."""

    path: str
    cls: str
    attr: str
    line: int
    names: frozenset[str]
    # ``A`` when the attribute is the one of the object ``cls`` holds as ``self.A`` (killers168): ``self.A.attr``
    via: str = ""
    # the class built bare on the gated path instead (killers192, #13833's ``PPMissingLayer``): a call passes
    stand_in: str = ""
    # methods of ``cls`` handing the stand-in's attribute on or reading a member of it (review101): they run
    # only where the real build stands, so a fork override of one may read its members
    handed_in: frozenset[str] = frozenset()

    @property
    def used(self) -> str:
        """The fork's spelling of the attribute off ``self``: ``embed_tokens``, or ``model.embed_tokens``."""
        return f"{self.via}.{self.attr}" if self.via else self.attr


def gated_attribute_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    used = {
        m.group(1)
        for p in trees.mine
        if p.endswith(".py")
        for t in trees.mine[p].added.values()
        for pattern in (_USED, _HELD)
        for m in pattern.finditer(t)
    }
    if not used:  # no fork line reads an attribute off self: nothing upstream gates can matter (no diff scanned)
        return []
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p, used)][:_MOST_FILES]
    gated = [g for path, old, new in parsed_versions(trees, paths) for g in _gated(path, old, new) if g.attr in used]
    if not gated:
        return []
    attrs = {g.used for g in gated}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(f"self.{a}" in line for a in attrs)):
        for item, line in _fork_uses(path, module, owned, gated):
            findings.append(_finding(trees, path, line, item, pr_pattern))
    return findings


def _candidate(trees: ThreeTrees, path: str, used: set[str]) -> bool:
    """The diff removed a line setting a used attribute and added one setting it again (moved under the gate)."""
    diff = trees.upstream[path]
    removed = {m.group(1) for line in diff.removed if (m := _SET.match(line))} & used
    return any((m := _SET.match(line)) and m.group(1) in removed for line in diff.added.values())


def _gated(path: str, old: ast.Module, new: ast.Module) -> Iterator[Gated]:
    before = {c.name: c for c in file_classes(old.body)}
    found: list[Gated] = []
    for cls in file_classes(new.body):
        was, init = before.get(cls.name), _init(cls)
        if was is None or init is None or (old_init := _init(was)) is None:
            continue
        for attr in _top_level_sets(old_init) - _always_set(init.body) - _class_names(cls):
            gates = [g for g in _gates(init, attr) if g is not None]
            if gates and _only_in(cls, init, attr):
                names = frozenset(n for g in gates for n in _test_names(g.test))
                found.append(Gated(path, cls.name, attr, gates[0].lineno, names))
        for attr in (_top_level_sets(old_init) & _always_set(init.body)) - _class_names(cls):
            stood = _stand_in(old_init, init, attr) if _only_in(cls, init, attr) else None
            if stood is not None:
                gate, name = stood
                names = frozenset(_test_names(gate.test))
                found.append(
                    Gated(path, cls.name, attr, gate.lineno, names, "", name, _handing_methods(cls, attr, names))
                )
    yield from found
    by_class = {g.cls: [x for x in found if x.cls == g.cls] for g in found}
    for cls in file_classes(new.body) if by_class else ():
        yield from _held(cls, by_class)


def _held(cls: ast.ClassDef, by_class: dict[str, list[Gated]]) -> Iterator[Gated]:
    """The gated attributes of an object a class of the same file holds: its ``__init__`` builds one of the
    gated classes once into ``self.A`` (the class's only store of ``A``).  #17326 gated the EAGLE models'
    ``embed_tokens`` on pipeline parallelism, and ``Eagle3LlamaForCausalLM`` holds its model as ``self.model``:
    a fork head's ``self.model.embed_tokens`` meets the gate one object further."""
    init = _init(cls)
    stores = [
        t.attr for n in ast.walk(cls) if isinstance(n, ast.stmt) for t in assigned_targets(n) if is_self_attribute(t)
    ]
    for stmt in init.body if init is not None else ():
        targets = [t for t in assigned_targets(stmt) if is_self_attribute(t)]
        value = getattr(stmt, "value", None)
        if len(targets) != 1 or stores.count(targets[0].attr) != 1 or not isinstance(value, ast.Call):
            continue
        for item in by_class.get(value.func.id if isinstance(value.func, ast.Name) else "", []):
            if item.cls != cls.name:
                yield Gated(item.path, cls.name, item.attr, stmt.lineno, item.names, targets[0].attr, item.stand_in)


def _stand_in(old: ast.FunctionDef, new: ast.FunctionDef, attr: str) -> tuple[ast.If, str] | None:
    """The ``if`` under which ``new`` now sets ``self.attr`` to a bare build of a class (``PPMissingLayer()``)
    the base never set it to, and that class's name, where the base built it with arguments on every path and
    ``new`` still does on another (#13833's ``lm_head``); None otherwise."""
    was, now = _builds(old, attr), _builds(new, attr)
    if not was or not all(call.args or call.keywords for call in was):
        return None
    real = [call for call in now if call.args or call.keywords]
    bare = [call for call in now if not call.args and not call.keywords and isinstance(call.func, ast.Name)]
    names = {_callee(call) for call in was}
    fresh = [call for call in bare if _callee(call) not in names]
    if not real or not fresh or len(real) + len(bare) != len(_sets_of(new, attr)):
        return None
    gates = [g for g in _gates_of(new, fresh[0]) if g is not None]
    return (gates[0], _callee(fresh[0])) if gates else None


def _handing_methods(cls: ast.ClassDef, attr: str, names: frozenset[str]) -> frozenset[str]:
    """The methods of upstream's ``cls`` (not ``__init__``) handing ``self.attr`` to a call as an argument or
    reading a member of it: upstream runs them only where the real build stands (#13833's ``compute_logits``
    hands ``self.lm_head`` to the logits processor, and the runner calls it on the last pipeline rank alone), so
    a fork override of one reads the members where upstream's own body does (review101).  A call of the
    attribute is no such use (the stand-in passes it through), nor one in a method asking the gate's ``names``
    itself (it runs on every path)."""
    found: set[str] = set()
    for func in (s for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)):
        for node in ast.walk(func) if func.name != "__init__" and not _tests_gate(func, names) else []:
            used = [*node.args, *(k.value for k in node.keywords)] if isinstance(node, ast.Call) else []
            if isinstance(node, ast.Attribute | ast.Subscript) and isinstance(node.ctx, ast.Load):
                used.append(node.value)
            if any(is_self_attribute(u) and u.attr == attr for u in used):
                found.add(func.name)
    return frozenset(found)


def _builds(init: ast.FunctionDef, attr: str) -> list[ast.Call]:
    """The calls ``init`` assigns to ``self.attr``, in order."""
    return [s.value for s in _sets_of(init, attr) if isinstance(s.value, ast.Call)]


def _sets_of(init: ast.FunctionDef, attr: str) -> list[ast.Assign | ast.AnnAssign]:
    """The statements of ``init`` assigning ``self.attr`` (alone) a value."""
    return [
        n
        for n in ast.walk(init)
        if isinstance(n, ast.Assign | ast.AnnAssign) and n.value is not None
        if [t for t in assigned_targets(n) if is_self_attribute(t) and t.attr == attr]
    ]


def _callee(call: ast.Call) -> str:
    return ast.unparse(call.func)


def _gates_of(init: ast.FunctionDef, value: ast.Call) -> Iterator[ast.If | None]:
    """``_gates`` of the one statement whose value is ``value``."""
    parents = parent_map(init)
    node = parents.get(id(value))
    while node is not None and not isinstance(node, ast.If | ast.FunctionDef):
        node = parents.get(id(node))
    yield node if isinstance(node, ast.If) else None


def _top_level_sets(init: ast.FunctionDef) -> set[str]:
    return {t.attr for s in init.body for t in assigned_targets(s) if is_self_attribute(t)}


def _always_set(body: list[ast.stmt]) -> set[str]:
    """The attributes every path through ``body`` sets (an ``if`` counts when both branches do; a loop, a
    ``try`` or a ``with`` counts as setting what its body sets: quiet rather than guess)."""
    found: set[str] = set()
    for stmt in body:
        found |= {t.attr for t in assigned_targets(stmt) if is_self_attribute(t)}
        if isinstance(stmt, ast.If):
            found |= _always_set(stmt.body) & _always_set(stmt.orelse)
        elif isinstance(stmt, ast.For | ast.While | ast.With | ast.Try | ast.AsyncFor | ast.AsyncWith):
            found |= _always_set(stmt.body)
    return found


def _gates(init: ast.FunctionDef, attr: str) -> Iterator[ast.If | None]:
    """For each statement of ``__init__`` setting ``self.attr``: the innermost ``if`` around it, else None."""
    parents = parent_map(init)
    for node in ast.walk(init):
        if isinstance(node, ast.stmt) and any(is_self_attribute(t) and t.attr == attr for t in assigned_targets(node)):
            parent = parents.get(id(node))
            while parent is not None and not isinstance(parent, ast.If | ast.FunctionDef):
                parent = parents.get(id(parent))
            yield parent if isinstance(parent, ast.If) else None


def _only_in(cls: ast.ClassDef, init: ast.FunctionDef, attr: str) -> bool:
    """No method of the class but ``__init__`` sets the attribute."""
    others = (s for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef) and s is not init)
    stmts = (n for o in others for n in ast.walk(o) if isinstance(n, ast.stmt))
    return not any(is_self_attribute(t) and t.attr == attr for n in stmts for t in assigned_targets(n))


def _class_names(cls: ast.ClassDef) -> set[str]:
    """What the class body binds itself: a class-level default, a method, a property."""
    names = {t.id for s in cls.body for t in assigned_targets(s) if isinstance(t, ast.Name)}
    return names | {s.name for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)}


def _test_names(test: ast.expr) -> set[str]:
    """The names a test asks about (``self.show_hidden_metrics`` -> show_hidden_metrics), ``self`` aside."""
    found = {
        n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(test) if isinstance(n, ast.Name | ast.Attribute)
    }
    return found - {"self"}


def _fork_uses(path: str, module: ast.Module, owned: set[int], gated: list[Gated]) -> Iterator[tuple[Gated, int]]:
    imports = file_imports(module, path)
    local = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    parents = parent_map(module)
    for cls in file_classes(module.body):
        bases = local_bases(cls, local)
        for item in derived_from(cls, bases, imports, gated):
            owned_attr = item.via or item.attr
            if _sets(cls, owned_attr) or any(_defines(s, owned_attr) for s in cls.body):
                continue
            if any(_sets(b, owned_attr) or _init(b) for b in bases.values()):
                continue
            if item.via and _sets_held(cls, item.via, item.attr):
                continue
            for func in (s for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)):
                # killers170 (#20365's ``len(self.tokenizer)``): a missing attribute raises on any read, not
                # only on a call, read or index off it
                line = _unguarded_use(func, item.attr, parents, via=item.via, loads=not item.stand_in)
                if item.stand_in:  # a stand-in passes a call through: only a member read or an index off it raises
                    line = None if func.name in item.handed_in else _member_use(func, item, parents)
                if line is not None and line in owned and not _tests_gate(func, item.names):
                    yield item, line
                    break


def _member_use(func: ast.FunctionDef | ast.AsyncFunctionDef, item: Gated, parents: dict[int, ast.AST]) -> int | None:
    """The first line of ``func`` reading a member of, or indexing, ``self.attr`` (``self.via.attr``) held as a
    stand-in on some path, where ``_unguarded_use`` finds the function unguarded at all."""
    if _unguarded_use(func, item.attr, parents, via=item.via) is None:
        return None
    lines = [
        node.lineno
        for node in ast.walk(func)
        if isinstance(node, ast.Attribute | ast.Subscript) and isinstance(node.ctx, ast.Load)
        if _is_held(node.value, item)
    ]
    return min(lines) if lines else None


def _is_held(node: ast.expr, item: Gated) -> bool:
    """``node`` is ``self.attr`` (``self.via.attr``) itself."""
    return isinstance(node, ast.Attribute) and node.attr == item.attr and mentions_attr(node, item.attr, item.via)


def _tests_gate(func: ast.FunctionDef | ast.AsyncFunctionDef, names: frozenset[str]) -> bool:
    """The fork's method asks upstream's question itself (``if self.show_hidden_metrics:``)."""
    tests = (n.test for n in ast.walk(func) if isinstance(n, ast.If | ast.IfExp | ast.While | ast.Assert))
    return any(_test_names(t) & names for t in tests)


def _finding(trees: ThreeTrees, path: str, line: int, item: Gated, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"self\.{item.attr}[[:space:]]*=", pr_pattern)
    holder = f"the object it holds as {item.via}" if item.via else "it"
    if item.stand_in:
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            line,
            f"fork-owned use of a member of self.{item.used}, inherited from {item.cls}, whose constructor upstream "
            f"changed ({item.path}:{item.line}{commit}): {holder} now sets {item.attr} to a bare {item.stand_in}() "
            f"on one side of an if, a stand-in that passes calls through but may lack the member, so there the use "
            f"raises AttributeError; test it (isinstance, or upstream's condition) before the use",
        )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned use of self.{item.used}, inherited from {item.cls}, whose constructor upstream changed "
        f"({item.path}:{item.line}{commit}): {holder} now sets {item.attr} only under an if, so where the condition "
        f"is false the use raises AttributeError; test it (hasattr, or upstream's condition) before the use",
    )
