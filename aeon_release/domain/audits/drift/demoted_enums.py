"""Demoted enum drift: upstream turned an enum into a plain class of constants; fork code still uses it
as an enum.

``class AttentionType(Enum): DECODER = auto()`` became ``class AttentionType: DECODER = "decoder"``
(a string ``torch.compile`` can trace).  Every ``AttentionType.DECODER`` still resolves and the merge
is clean, but what the members are changed: ``attn_type.name`` raises on a ``str``, ``for t in
AttentionType`` raises on a class that is not iterable, ``AttentionType(1)`` and
``AttentionType["DECODER"]`` raise, and ``isinstance(x, AttentionType)`` is False for every member.

A class is *demoted* when, in a file upstream changed whose diff removed its enum header, it is an enum
at the merge base and, at upstream, a class of the same name with no base but ``object``, no metaclass,
and no ``__init__``/``__new__``/``__class_getitem__``/``__iter__`` of its own.  A fork-owned use that
only an enum answers is then an error: iterating the class (``for``, a comprehension, ``list()``,
``len()``...), calling it with a value, subscripting it, ``__members__``, ``.name``/``.value`` on
``Cls.MEMBER`` or on a parameter or variable annotated with the class (unless read only where
``isinstance(x, Enum)`` holds), and ``isinstance(_, Cls)``.

An enum made a ``Literal`` of its values at the module's top (#24277: ``class ConfigFormat(str, Enum)`` became
``ConfigFormat = Literal["auto", "hf", "mistral", ...]``) is demoted further: a member the enum had at the
base (``ConfigFormat.MISTRAL``) no longer resolves either.

Cheap first: only upstream files whose diff removes a ``class X(...Enum...)`` header are read, and only
fork files whose added lines name a demoted class are parsed.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Container, Iterator, Mapping
from dataclasses import dataclass

from aeon_release.domain.audits.drift.enums import enums_of
from aeon_release.domain.audits.drift.fallbacks import caught_around, hasattr_held, isinstance_guarded
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, import_base, imported_origin
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts, whole_word
from aeon_release.domain.audits.merge_rules import ENUM_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, parse_python, walk_defs

# a removed enum header on a diff line (a pattern that starts with a newline: Python's engine skips from
# one newline to the next, where ``^`` under re.M is tried at every character of a large diff)
_ENUM_HEADER_REMOVED = lazy_pattern(r"\n-[ \t]*class[ \t]+(\w+)[ \t]*\([^)\n]*(?:Enum|Flag)\b")
_ENUM_HEADER = lazy_pattern(r"^[ \t]*class[ \t]+(\w+)[ \t]*\([^)]*(?:Enum|Flag)\b", re.M)
# what an enum class offers that a plain class of constants does not (a class defining one still does)
_ENUM_PROTOCOL = frozenset({"__init__", "__new__", "__class_getitem__", "__iter__", "__call__", "__getattr__"})
_ITERATING_CALLS = frozenset({"list", "tuple", "set", "frozenset", "sorted", "len", "iter", "enumerate", "reversed"})


@dataclass(frozen=True)
class Demoted:
    """``name`` (in ``path``) was an enum at the base; upstream made it a plain class."""

    name: str
    path: str
    example: str  # one member as upstream now writes it (``DECODER = 'decoder'``), or the alias
    kinds: frozenset[str] = frozenset()  # the types of its members' values now (``str``)
    members: frozenset[str] = frozenset()  # an alias's: the enum's members at the base, none of them its now


def demoted_enum_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    paths = trees.upstream.matching(_ENUM_HEADER_REMOVED, ".py")
    demoted = _demoted(trees, paths) if paths else {}
    if not demoted:
        return []
    findings = []
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        added = " ".join(trees.mine[path].added.values())
        named = {n for n in demoted if re.search(rf"\b{re.escape(n)}\b", added)}
        module = trees.merged_module(path) if named else None
        named -= _own_names(module, path, demoted, trees) if module is not None else set()
        owned = trees.owned_lines(path) if module is not None and named else set()
        home = _Homes(trees, path, module) if module is not None else None
        for line, name, use in _fork_uses(home, owned, {n: demoted[n] for n in named}) if home is not None else ():
            findings.append(_finding(trees, path, line, demoted[name], use, pr_pattern))
    return findings


def _demoted(trees: ThreeTrees, paths: list[str]) -> dict[str, Demoted]:
    before, after = both_texts(trees, paths)
    found: dict[str, Demoted] = {}
    for path in paths:
        old, new_text = before[path] or "", after[path] or ""
        removed = set(_ENUM_HEADER_REMOVED.findall(trees.upstream.raw(path))) - _still_enum_headers(new_text)
        aliased = {name for name in removed if _alias_line(name).search(new_text)}
        removed = {name for name in removed if _plain_header(name).search(new_text)}
        if not removed and not aliased:
            continue  # the header was edited (a base added) or the class went away: nothing to parse
        was = {q.rsplit(".", 1)[-1] for q in enums_of(old)} & (removed | aliased)
        module = parse_python(new_text, path) if was else None
        for _, node in walk_defs(module) if module is not None else ():
            if isinstance(node, ast.ClassDef) and node.name in was and (example := _plain(node)) is not None:
                found[node.name] = Demoted(node.name, path, example, _member_kinds(node))
        found |= _aliases(module, old, path, was & aliased) if module is not None else {}
    return found


def _alias_line(name: str) -> re.Pattern[str]:
    """``Name = Literal[`` or ``Name: TypeAlias = Literal[`` at a module's top (a text scan)."""
    return re.compile(rf"^{re.escape(name)}[ \t]*(?::[ \t]*\w*TypeAlias[ \t]*)?=[ \t]*(?:\w+\.)?Literal\[", re.M)


def _aliases(module: ast.Module, old: str, path: str, names: set[str]) -> dict[str, Demoted]:
    """The enums upstream made a ``Literal`` of their values (#24277: ``class ConfigFormat(str, Enum)`` became
    ``ConfigFormat = Literal["auto", "hf", ...]``): no member, no call, no iteration answers any more."""
    base = parse_python(old, path) if names else None
    if base is None:
        return {}
    found: dict[str, Demoted] = {}
    for stmt in module.body:
        target = _alias_target(stmt)
        if target in names:
            kinds = frozenset(type(c.value).__name__ for c in ast.walk(stmt) if isinstance(c, ast.Constant))
            found[target] = Demoted(target, path, ast.unparse(stmt), kinds - {"NoneType"}, _base_members(base, target))
    return found


def _alias_target(stmt: ast.stmt) -> str:
    """The name a top-level ``Name = ...`` or ``Name: T = ...`` binds, else ""."""
    target = (
        stmt.target if isinstance(stmt, ast.AnnAssign) else stmt.targets[0] if isinstance(stmt, ast.Assign) else None
    )
    return target.id if isinstance(target, ast.Name) else ""


def _base_members(base: ast.Module, name: str) -> frozenset[str]:
    """The member names of the top-level class ``name`` at the base."""
    cls = next((s for s in base.body if isinstance(s, ast.ClassDef) and s.name == name), None)
    targets = [t for s in cls.body if isinstance(s, ast.Assign) for t in s.targets] if cls is not None else []
    return frozenset(t.id for t in targets if isinstance(t, ast.Name))


def _member_kinds(node: ast.ClassDef) -> frozenset[str]:
    """The builtin types of a plain class's constant members (``DECODER = "decoder"``: ``str``)."""
    return frozenset(
        type(s.value.value).__name__
        for s in node.body
        if isinstance(s, ast.Assign) and isinstance(s.value, ast.Constant) and s.value.value is not None
    )


def _still_enum_headers(text: str) -> set[str]:
    """Classes whose header at upstream still names an enum base (a text scan)."""
    return {m.group(1) for m in _ENUM_HEADER.finditer(text)}


def _plain_header(name: str) -> re.Pattern[str]:
    """``class Name:`` or ``class Name(object):`` (a text scan; the parse decides the rest)."""
    return re.compile(rf"^[ \t]*class[ \t]+{re.escape(name)}[ \t]*(?:\([ \t]*(?:object)?[ \t]*\))?[ \t]*:", re.M)


def _plain(node: ast.ClassDef) -> str | None:
    """A member as the plain class writes it, when the class answers none of an enum's protocol."""
    if node.keywords or any(not (isinstance(b, ast.Name) and b.id == "object") for b in node.bases):
        return None
    defined = {s.name for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    if defined & _ENUM_PROTOCOL:
        return None
    members = [s for s in node.body if isinstance(s, ast.Assign) and isinstance(s.value, ast.Constant)]
    return ast.unparse(members[0]) if members else None


def _own_names(module: ast.Module, path: str, demoted: dict[str, Demoted], trees: ThreeTrees) -> set[str]:
    """The demoted names this file binds to something else: a class of its own (the fork's enum of that
    name), an import from a module of the fork's (a file it changed) that is neither the demoted class's
    nor a package above it (an upstream module re-exporting the class still hands on upstream's), or an
    import from a module outside the tree (``from mistral_common.protocol import ConfigFormat``)."""
    own: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.ClassDef) and node.name in demoted:
            own.add(node.name)
        elif isinstance(node, ast.ImportFrom):
            source = import_base(node, dotted_name(path, roots=("",)), path)
            for alias in node.names:
                name = alias.asname or alias.name
                if name in demoted and _elsewhere(source, demoted[name].path, trees):
                    own.add(name)
    return own


def _elsewhere(source: str, home: str, trees: ThreeTrees) -> bool:
    if _home_or_above(source, home):
        return False
    return _fork_module(source, trees.mine) or _module_path(source, trees) is None


def _module_path(module: str, trees: ThreeTrees) -> str | None:
    """The merged tree's file of ``module`` (``a/b.py`` or ``a/b/__init__.py``), None when neither is."""
    stem = module.replace(".", "/")
    return next((p for p in (f"{stem}.py", f"{stem}/__init__.py") if trees.merged_text(p) is not None), None)


def _fork_module(module: str, fork: Container[str]) -> bool:
    stem = module.replace(".", "/")
    return f"{stem}.py" in fork or f"{stem}/__init__.py" in fork


def _home_or_above(module: str, home: str) -> bool:
    """``module`` is the file ``home`` (``a/b/c.py`` or ``a/b/c/__init__.py``) or a package above it."""
    parts = dotted_name(home, roots=("",)).split(".")
    return any(module == ".".join(parts[:i]) for i in range(1, len(parts) + 1))


class _Homes:
    """Where one fork file's names come from, read off its imports once (function-local ones too): whether
    ``Cls`` or ``m.Cls`` there is the demoted class of upstream's module."""

    def __init__(self, trees: ThreeTrees, path: str, module: ast.Module) -> None:
        self.trees, self.path, self.module = trees, path, module
        self.imports = file_imports(module, path)

    def holds(self, expr: ast.expr, demoted: Demoted) -> bool:
        """``expr`` resolves, through the file's imports (and one re-exporting module's), to ``demoted``."""
        origin = imported_origin(expr, self.imports)
        if origin is None:  # a name no import binds: the class itself only in its own module
            return isinstance(expr, ast.Name) and self.path == demoted.path
        return self._from(*origin, dotted_name(demoted.path, roots=("",)), hops=2)

    def _from(self, module: str, name: str, home: str, hops: int) -> bool:
        if module == home or home.startswith(module + "."):
            return True  # the class's module, or a package above it (a re-export)
        path = _module_path(module, self.trees) if hops else None
        tree = self.trees.merged_module(path) if path is not None else None
        origin = file_imports(tree, path).get(name) if tree is not None and path is not None else None
        return origin is not None and self._from(*origin, home, hops - 1)  # #24277: a config package re-exports it


def _fork_uses(home: _Homes, owned: set[int], names: Mapping[str, Demoted]) -> Iterator[tuple[int, str, str]]:
    """(line, class, what the line does with it) for each fork-owned use only an enum answers."""
    seen: set[int] = set()
    parents: dict[int, ast.AST] | None = None
    for node, typed in _scoped(home.module, _annotated(home.module.body, names), names):
        line = getattr(node, "lineno", 0)
        if line in owned and line not in seen and (hit := _use(node, names, typed, home)) is not None:
            parents = parents if parents is not None else parent_map(home.module)
            if not _checked_enum(node, names, parents) and not _guarded(node, names[hit[0]], parents):
                seen.add(line)
                yield line, *hit


def _guarded(node: ast.AST, demoted: Demoted, parents: dict[int, ast.AST]) -> bool:
    """The use is written for both sides: in a ``try`` catching what it raises now (an attribute read
    raises AttributeError, a call, subscript or iteration TypeError), or a member read only where
    ``hasattr(Cls, "MEMBER")`` holds."""
    raised = "AttributeError" if isinstance(node, ast.Attribute) else "TypeError"
    if not _isinstance_call(node) and caught_around(node, frozenset({raised, "Exception", "BaseException"}), parents):
        return True
    member = node.value if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) else node
    return (
        isinstance(member, ast.Attribute)
        and member.attr in demoted.members
        and hasattr_held(member, ast.unparse(member.value), member.attr, parents)
    )


def _isinstance_call(node: ast.AST) -> bool:
    """``isinstance(_, Cls)`` raises nothing: it is False, so no handler guards it."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance"


def _checked_enum(node: ast.AST, names: Mapping[str, Demoted], parents: dict[int, ast.AST]) -> bool:
    """``x.name`` read only where ``isinstance(x, Enum)`` (or the class) holds: written for both sides."""
    if not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Name):
        return False
    return isinstance_guarded(node, node.value.id, lambda k: k in names or k.endswith(("Enum", "Flag")), parents)


def _scoped(
    node: ast.AST, typed: dict[str, str], names: Mapping[str, Demoted]
) -> Iterator[tuple[ast.AST, dict[str, str]]]:
    """Each node under ``node`` with the names annotated with a demoted class where it stands: a def's own
    annotated parameters and variables, and the enclosing scope's names it does not bind itself; a name
    the def also binds otherwise (a loop target, a plain assignment) is not the class there."""
    for child in ast.iter_child_nodes(node):
        inner = typed
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            stores = _stores(child)
            own = _annotated([child], names)
            inner = {n: c for n, c in typed.items() if n not in stores} | {
                n: c for n, c in own.items() if stores.get(n, 0) <= 1
            }
        yield child, inner
        yield from _scoped(child, inner, names)


def _stores(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> dict[str, int]:
    """name -> how many times the def binds it (its parameters and every assignment, loop or ``with``); an
    assignment from the name itself (``x = x or Cls.DECODER``) narrows it and keeps what it holds."""
    args = func.args
    count = dict.fromkeys((a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]), 1)
    narrowed = {id(t) for n in ast.walk(func) if isinstance(n, ast.Assign) for t in _self_narrowed(n)}
    for node in ast.walk(func):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and id(node) not in narrowed:
            count[node.id] = count.get(node.id, 0) + 1
    return count


def _self_narrowed(node: ast.Assign) -> list[ast.Name]:
    """The targets of ``x = <an expression reading x>``."""
    read = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return [t for t in node.targets if isinstance(t, ast.Name) and t.id in read]


def _use(node: ast.AST, names: Mapping[str, Demoted], typed: dict[str, str], home: _Homes) -> tuple[str, str] | None:
    if isinstance(node, (ast.For, ast.AsyncFor)) and (name := _named(node.iter, names)):
        return name, f"iterates {name}, which is not iterable now"
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
        name = next((n for g in node.generators if (n := _named(g.iter, names))), "")
        return (name, f"iterates {name}, which is not iterable now") if name else None
    if isinstance(node, ast.Call):
        return _called(node, names)
    if isinstance(node, ast.Subscript) and (name := _named(node.value, names)):
        return name, f"looks a member of {name} up by name ({name}[...]), which raises now"
    if isinstance(node, ast.Attribute):
        return _attribute(node, names, typed, home)
    return None


def _called(node: ast.Call, names: Mapping[str, Demoted]) -> tuple[str, str] | None:
    func = node.func
    if (name := _named(func, names)) and (node.args or node.keywords):
        return name, f"looks a member of {name} up by value ({name}(...)), which raises now"
    if (
        isinstance(func, ast.Name)
        and func.id in _ITERATING_CALLS
        and node.args
        and (name := _named(node.args[0], names))
    ):
        return name, f"iterates {name} ({func.id}(...)), which is not iterable now"
    if isinstance(func, ast.Name) and func.id == "isinstance" and len(node.args) == 2:
        checked = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
        name = next((n for c in checked if (n := _named(c, names))), "")
        beside = {c.id for c in checked if isinstance(c, ast.Name)}
        if name and not beside & (names[name].kinds | {"object"}):  # (Cls, str): the members are str
            return name, f"asks isinstance(_, {name}), which no member is now"
    return None


def _attribute(
    node: ast.Attribute, names: Mapping[str, Demoted], typed: dict[str, str], home: _Homes
) -> tuple[str, str] | None:
    if node.attr == "__members__" and (name := _named(node.value, names)):
        return name, f"reads {name}.__members__, which a plain class has not"
    name = _named(node.value, names)
    if name and node.attr in names[name].members and home.holds(node.value, names[name]):
        return name, f"reads the member {name}.{node.attr}, which the alias has not (spell its value)"
    if node.attr not in ("name", "value"):
        return None
    owner = node.value
    if isinstance(owner, ast.Attribute) and (name := _named(owner.value, names)):
        return name, f"reads .{node.attr} of {ast.unparse(owner)}, a plain value now"
    if isinstance(owner, ast.Name) and owner.id in typed:
        name = typed[owner.id]
        return name, f"reads .{node.attr} of {owner.id} (a {name}), a plain value now"
    return None


def _named(node: ast.expr, names: Mapping[str, Demoted]) -> str:
    """The demoted class ``node`` names (``Cls`` or ``module.Cls``), else ""."""
    if isinstance(node, ast.Name) and node.id in names:
        return node.id
    if isinstance(node, ast.Attribute) and node.attr in names:
        return node.attr
    return ""


def _annotated(
    body: list[ast.stmt] | list[ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda], names: Mapping[str, Demoted]
) -> dict[str, str]:
    """Parameter and variable names annotated with a demoted class (``x: Cls``, ``Optional[Cls]``): of a
    def, its parameters and the variables its body annotates; of a module, its own top-level variables."""
    found: dict[str, str] = {}
    for node in _annotating(body):
        if isinstance(node, ast.arg) and node.annotation is not None:
            target, annotation = node.arg, node.annotation
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            target, annotation = node.target.id, node.annotation
        else:
            continue
        named = {
            n
            for n in names
            if re.fullmatch(rf"(?:Optional\[)?(?:\w+\.)*{re.escape(n)}\]?(?: \| None)?", ast.unparse(annotation))
        }
        if named:
            found[target] = named.pop()
    return found


def _annotating(body: list[ast.stmt] | list[ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda]) -> Iterator[ast.AST]:
    """A def's parameters and the annotated assignments of its body; a module body's own statements."""
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield from [*stmt.args.posonlyargs, *stmt.args.args, *stmt.args.kwonlyargs]
            yield from (n for n in ast.walk(stmt) if isinstance(n, ast.AnnAssign))
        else:
            yield stmt


def _finding(trees: ThreeTrees, path: str, line: int, demoted: Demoted, use: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(demoted.path, whole_word(demoted.name), pr_pattern, most=5)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned code uses {demoted.name} as an enum, but upstream made it {_made(demoted)} "
        f"({demoted.path}{commit}: `{demoted.example}`): this line {use}",
    )


def _made(demoted: Demoted) -> str:
    return "a Literal alias of its values" if demoted.members else "a plain class of constants"
