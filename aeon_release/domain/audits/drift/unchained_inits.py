"""Unchained constructors: upstream's ``__init__`` stopped setting an attribute only its base's still sets.

#20466 gave ``AttentionMetadataBuilder`` an ``__init__`` that sets ``self.kv_cache_spec`` and removed the
line ``self.kv_cache_spec = kv_cache_spec`` from ``FlashAttentionMetadataBuilder.__init__``, which never
calls ``super().__init__``.  A fork builder deriving from it and reading ``self.kv_cache_spec`` merges
cleanly and raises ``AttributeError`` when it runs: symbol drift finds the attribute set in the base's
``__init__`` along the class's order and stays quiet, though that ``__init__`` never runs.

Upstream's side, a file upstream changed: the class's ``__init__`` set ``self.name`` at the base; at upstream
the class still defines an ``__init__`` that calls no other ``__init__`` (no ``super()``, no
``Base.__init__(self, ...)``), no method of the class sets the name (nor ``setattr``/``__dict__`` it), the
class binds no member of the name, and each base is one whose class-level names the check can read (a
class of the same module, or one the module imports from a file of the tree) binding none of the name, or a
bare one (``object``, ``ABC``, ``Generic``, ``Protocol``).  The fork's side, on its own lines: a read
``self.name`` in a method of a class deriving straight from it (a base named as the module imported it),
where the fork's class sets the name nowhere (nor by ``setattr``/``__dict__``), binds no member of it, asks
``hasattr`` of none and calls no other class's ``__init__(self, ...)`` (a grandbase's may set it); a static or
class method's receiver is no instance, and a read in a ``try`` catching ``AttributeError`` is written for it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.checking_only import module_file
from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.pyindex import dotted_name, import_base, member_names
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, lazy_pattern, parent_map, parse_python

_SELF_READ = lazy_pattern(r"^\+.*\bself\.\w+", re.M)
_BARE_BASES = frozenset({"object", "ABC", "Generic", "Protocol"})
_DEPTH = 4  # bases followed at most this far up
_NOT_INSTANCE = frozenset({"staticmethod", "classmethod"})
_ATTRIBUTE_ERRORS = frozenset({"AttributeError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Read:
    """A fork-owned ``self.attr`` read in a method of ``cls``, which derives from ``base`` of ``module``."""

    path: str
    line: int
    attr: str
    module: str
    base: str


_HOOKS = frozenset({"__getattr__", "__getattribute__"})  # a fork class answering any missing name


def unchained_init_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork reads of an attribute upstream's unchained ``__init__`` no longer sets."""
    reads = [read for path in _fork_files(trees) for read in _fork_reads(trees, path)]
    wanted: dict[str, set[tuple[str, str]]] = {}
    for read in reads:
        if (path := module_file(trees, read.module)) is not None:
            wanted.setdefault(path, set()).add((read.base, read.attr))
    dropped = _dropped(trees, wanted) if wanted else {}
    findings = []
    for read in reads:
        path = module_file(trees, read.module) or ""
        if (path, read.base, read.attr) in dropped:
            commit = trees.upstream_commit(path, whole_word(f"self.{read.attr}"), pr_pattern, most=5)
            findings.append(_finding(read, path, commit))
    return findings


def _fork_files(trees: ThreeTrees) -> list[str]:
    return sorted(
        p for p in trees.mine if p.endswith(".py") and not TEST_PATH.search(p) and _SELF_READ.search(trees.mine.raw(p))
    )


def _fork_reads(trees: ThreeTrees, path: str) -> Iterator[Read]:
    module = trees.merged_module(path)
    owned = trees.owned_lines(path) if module is not None else set()
    if module is None or not owned:
        return
    imported = _imported_names(module, path)
    for cls in (s for s in module.body if isinstance(s, ast.ClassDef)):
        bases = [imported[b.id] for b in cls.bases if isinstance(b, ast.Name) and b.id in imported]
        if len(bases) != 1 or len(cls.bases) != 1:
            continue  # one base, imported: the class whose order is the upstream class's
        sets = _stores(cls) | _class_names(cls) | _asked(cls)
        if "*" in sets or sets & _HOOKS or _calls_other_init(cls, _named(cls.bases[0])):
            continue  # setattr/__dict__ may set it, ``__getattr__`` answers it; a grandbase's __init__ may
        for line, attr in _self_reads(cls):
            if line in owned and attr not in sets:
                yield Read(path, line, attr, *bases[0])


def _imported_names(module: ast.Module, path: str) -> dict[str, tuple[str, str]]:
    """local name -> (module, name) of each top-level ``from module import name``."""
    found: dict[str, tuple[str, str]] = {}
    for stmt in module.body:
        if isinstance(stmt, ast.ImportFrom):
            base = import_base(stmt, dotted_name(path), path)
            found.update({(a.asname or a.name): (base, a.name) for a in stmt.names if a.name != "*"})
    return found


def _methods(cls: ast.ClassDef) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]]:
    """Instance methods and their receiver (a static or class method's first parameter is no instance)."""
    for stmt in cls.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.args.args:
            if not any(_named(d) in _NOT_INSTANCE for d in stmt.decorator_list):
                yield stmt, stmt.args.args[0].arg


def _self_reads(cls: ast.ClassDef) -> Iterator[tuple[int, str]]:
    """Reads of ``self.attr``, outside a ``try`` written for the attribute missing."""
    for method, me in _methods(cls):
        parents = parent_map(method)
        for node in ast.walk(method):
            if isinstance(node, ast.Attribute) and _self_attr(node, me) and isinstance(node.ctx, ast.Load):
                if not caught_around(node, _ATTRIBUTE_ERRORS, parents):
                    yield node.lineno, node.attr


def _calls_other_init(cls: ast.ClassDef, base: str) -> bool:
    """A method calls ``Other.__init__(self, ...)`` of a class other than its direct base (a grandbase's
    ``__init__``, which may set what the unchained one does not)."""
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "__init__"
        and _named(node.func.value) not in ("", base)
        for method, _ in _methods(cls)
        for node in ast.walk(method)
    )


def _self_attr(node: ast.AST, me: str) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == me


def _stores(cls: ast.ClassDef) -> set[str]:
    """What the class's methods set on self (``"*"`` for ``setattr(self, ...)`` or ``self.__dict__``)."""
    found: set[str] = set()
    for method, me in _methods(cls):
        for node in ast.walk(method):
            if _self_attr(node, me) and isinstance(node, ast.Attribute):
                if not isinstance(node.ctx, ast.Load) or node.attr == "__dict__":
                    found.add(node.attr if node.attr != "__dict__" else "*")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
                found.add("*")
            elif isinstance(node, ast.Call) and _vars_of(node, me):
                found.add("*")  # ``vars(self)[name] = value``: the instance's ``__dict__`` by another spelling
    return found


def _vars_of(call: ast.Call, me: str) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id == "vars" and [ast.unparse(a) for a in call.args] == [me]


def _class_names(cls: ast.ClassDef) -> set[str]:
    return {name for stmt in cls.body for name in member_names(stmt)}


def _asked(cls: ast.ClassDef) -> set[str]:
    """The names ``hasattr``/``getattr`` ask of with a literal: a guard (or a default) written for it."""
    return {
        node.args[1].value
        for node in ast.walk(cls)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("hasattr", "getattr")
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    }


def _dropped(trees: ThreeTrees, wanted: dict[str, set[tuple[str, str]]]) -> set[tuple[str, str, str]]:
    """(path, class, attr) whose unchained ``__init__`` upstream made stop setting the attribute."""
    paths = sorted(p for p, pairs in wanted.items() if any(f"self.{a}" in trees.upstream.raw(p) for _, a in pairs))
    found: set[tuple[str, str, str]] = set()
    for path, old, new in parsed_versions(trees, paths):
        for name, attr in sorted(wanted[path]):
            old_cls, new_cls = _top_class(old, name), _top_class(new, name)
            if old_cls is None or new_cls is None or attr not in _init_stores(old_cls):
                continue
            if _unchained(new_cls) and attr not in _stores(new_cls) | _class_names(new_cls):
                if "*" not in _stores(new_cls) and attr in (
                    _base_stores(trees, path, new, new_cls, attr, _DEPTH) or ()
                ):
                    found.add((path, name, attr))
    return found


def _top_class(module: ast.Module, name: str) -> ast.ClassDef | None:
    return next((s for s in module.body if isinstance(s, ast.ClassDef) and s.name == name), None)


def _init(cls: ast.ClassDef) -> ast.FunctionDef | None:
    return next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)


def _init_stores(cls: ast.ClassDef) -> set[str]:
    init = _init(cls)
    if init is None or not init.args.args:
        return set()
    me = init.args.args[0].arg
    return {
        n.attr
        for n in ast.walk(init)
        if isinstance(n, ast.Attribute) and _self_attr(n, me) and not isinstance(n.ctx, ast.Load)
    }


def _unchained(cls: ast.ClassDef) -> bool:
    """The class defines an ``__init__`` that calls no other one, carries no decorator and no class keyword
    (a dataclass or a metaclass makes its own)."""
    init = _init(cls)
    if init is None or cls.decorator_list or cls.keywords:
        return False
    return not any(
        (isinstance(n, ast.Attribute) and n.attr == "__init__") or (isinstance(n, ast.Name) and n.id == "super")
        for n in ast.walk(init)
    )


def _base_stores(
    trees: ThreeTrees, path: str, module: ast.Module, cls: ast.ClassDef, attr: str, depth: int
) -> set[str] | None:
    """What the bases' ``__init__`` set on self (never run under an unchained one: the hidden case); None
    when a base is unreadable, binds ``attr`` at class level or sets it in another method (it may be there)."""
    if depth <= 0:
        return None
    imported, stored = _imported_names(module, path), set()
    for name in (_named(b) for b in cls.bases):
        if name in _BARE_BASES:
            continue
        found = _base_class(trees, path, module, imported, name)
        if found is None or attr in _class_names(found[2]) or found[2].keywords or found[2].decorator_list:
            return None
        above = _base_stores(trees, *found, attr, depth - 1)
        if above is None or (attr in _stores(found[2]) and attr not in _init_stores(found[2])):
            return None  # a base's other method sets it: it may run before the read
        stored |= _init_stores(found[2]) | above
    return stored


def _named(base: ast.expr) -> str:
    head = base.value if isinstance(base, ast.Subscript) else base
    return head.attr if isinstance(head, ast.Attribute) else head.id if isinstance(head, ast.Name) else ""


def _base_class(
    trees: ThreeTrees, path: str, module: ast.Module, imported: dict[str, tuple[str, str]], name: str
) -> tuple[str, ast.Module, ast.ClassDef] | None:
    """A base by name: a class of the same module, or one imported from a file of the merged tree."""
    local = _top_class(module, name)
    if local is not None:
        return path, module, local
    if name not in imported:
        return None
    source, original = imported[name]
    stem = source.replace(".", "/")
    for candidate in (f"{stem}.py", f"{stem}/__init__.py"):
        text = trees.merged_text(candidate)
        parsed = parse_python(text, candidate) if text is not None else None
        found = _top_class(parsed, original) if parsed is not None else None
        if parsed is not None and found is not None:
            return candidate, parsed, found
    return None


def _finding(read: Read, path: str, commit: str) -> Finding:
    message = (
        f"reads self.{read.attr}, which upstream's {read.base}.__init__ no longer sets ({path}{commit}); that "
        f"__init__ calls no base's and nothing else of the class sets it: AttributeError; set self.{read.attr} in "
        "the fork's class, or read it where upstream keeps it now"
    )
    return Finding(RULE, "merge", Severity.ERROR, read.path, read.line, message)
