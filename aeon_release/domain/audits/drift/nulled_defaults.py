"""Nulled class defaults: upstream made a class attribute's default None; the fork computes with it off the class.

#14274 (cc10281498) turned ``EngineArgs.seed: int = 0`` into ``seed: Optional[int] = None``.  A fork line
``AEON_CANARY_SEED = EngineArgs.seed + 1000`` reads the class's own default (the class attribute a dataclass
keeps, no instance built): after the merge it computes ``None + 1000``, a TypeError when the module is
imported.  An instance's read (``args.seed + rank``) is type drift's (the annotation made Optional); the
class's own read meets the default itself, with no ``__post_init__`` or caller between them, so it counts
even where the annotation did not change.

Upstream's side: a class of a file upstream changed whose body binds the name to a literal other than None
at the base (``seed: int = 0``, ``seed = 0``, ``field(default=0)``) and to None at upstream, in every file
upstream changed that declares a class of that name with that attribute. The fork's side, on a line it owns:
``Cls.name`` where the fork's module imports ``Cls`` (``from m import Cls``, an ``as`` alias too) from the very
module upstream changed (a relative import resolved; an upstream package importing it from there followed; one
naming it another way, a warning) and binds the name no other way, used as a value None is not (computed with,
ordered, ``len()``, indexed, iterated, an attribute read, handed to ``min``/``int``/``range``...), with no test
of ``Cls.name`` in its function (its module, at the top level; any function around it; ``getattr(Cls, "name",
None)``) and not inside a ``try``. Quiet where a fork line anywhere sets the attribute (``Cls.name = ...``,
``setattr(Cls, "name", ...)``, through a private or ``as`` alias too): the fork patched the default back. Quiet
where the read's binding is ambiguous (a ``try`` fallback importing the name from two modules, a star import
below); a re-exporting package binding it two ways, a warning. An error: what the line reads is the default,
and the default is None now.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.dropped_table_keys import single_binding
from aeon_release.domain.audits.drift.optional_elements import _tested_expr, _value_use
from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    NOT_LITERAL,
    last_name,
    lazy_pattern,
    literal_value,
    parent_map,
    parse_python,
)

# ``EngineArgs.seed`` not called: a capitalized name's lower-case attribute (``cls.seed`` in a classmethod)
# ``self.name`` / ``type(self).name`` in a fork subclass's method: the class's own attribute where upstream
# declares it a ``ClassVar`` no instance stores (killers225)
_CLASS_READ = lazy_pattern(r"\b([A-Z]\w*|cls|self)\)?\.([a-z_]\w*)\b(?!\s*\()")
_MOST_FILES = 64
_NONE = "None"


@dataclass(frozen=True)
class Nulled:
    cls: str
    name: str
    path: str
    was: str  # the base's literal, shown
    shared: bool = False  # a ``ClassVar`` no method of the class stores: an instance reads the class's own


def nulled_default_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that compute with a class attribute read off the class whose default upstream made None."""
    reads = {m.groups() for p in trees.mine if p.endswith(".py") for m in _fork_reads(trees, p)}
    if not reads:
        return []
    classes = {cls for cls, _ in reads} | _aliased(trees)  # ``from m import Cls as C`` ... ``C.name``
    nulled = _nulled(trees, trees.declaring(classes, _MOST_FILES), classes, {name for _, name in reads})
    nulled = {key: hit for key, hit in nulled.items() if not _patched(trees, *key)}
    if not nulled:
        return []  # no default made None that a fork line may read: no fork module need be parsed
    findings = []
    for path, module, owned in fork_modules(trees, _CLASS_READ.search):
        for line, hit, how, severity in _uses(trees, path, module, owned, nulled):
            commit = trees.upstream_commit(hit.path, rf"^[[:space:]]+{hit.name}[[:space:]]*[:=]", pr_pattern)
            findings.append(_finding(path, line, hit, how, commit, severity))
    return findings


def _fork_reads(trees: ThreeTrees, path: str) -> Iterator[re.Match[str]]:
    for line in trees.mine[path].added.values():
        yield from _CLASS_READ.finditer(line)


def _aliased(trees: ThreeTrees) -> set[str]:
    """The capitalized names the fork's added lines import under another name, or derive a class from (any
    base: a mixin after ``nn.Module``)."""
    added = [line for p in trees.mine for line in trees.mine[p].added.values()]
    aliases = {m.group(1) for line in added for m in _ALIAS.finditer(line)}
    return aliases | {b for line in added if (m := _BASES.match(line)) for b in _CAPITALIZED.findall(m.group(1))}


_ALIAS = lazy_pattern(r"\b([A-Z]\w*)\s+as\s+\w+")
_BASES = lazy_pattern(r"\s*class\s+\w+\s*\(([^)]*)")
_CAPITALIZED = lazy_pattern(r"(?<![\w.])([A-Z]\w*)")


def _nulled(trees: ThreeTrees, paths: list[str], classes: set[str], names: set[str]) -> dict[tuple[str, str], Nulled]:
    """(class, attribute) -> the change, where every declaring file upstream changed made the default None."""
    before, after = both_texts(trees, paths)
    found: dict[tuple[str, str], Nulled] = {}
    kept: set[tuple[str, str]] = set()
    for path in paths:
        old, new = _class_defaults(before.get(path)), _class_defaults(after.get(path))
        shared: set[tuple[str, str]] | None = None  # parsed once a default made None is found
        for key in (k for k in new if k[0] in classes and k[1] in names):
            was = old.get(key)
            if new[key] == _NONE and was is not None and was != _NONE:
                shared = _shared(after.get(path)) if shared is None else shared
                found.setdefault(key, Nulled(*key, path, was, key in shared))
            else:
                kept.add(key)  # a class of that name elsewhere keeps a value (or had None): which is read is unknown
    return {key: hit for key, hit in found.items() if key not in kept}


def _class_defaults(text: str | None) -> dict[tuple[str, str], str]:
    """(class, attribute) -> its class-body literal default, shown (``"None"`` for None); attributes bound to
    anything but a literal are left out."""
    module = parse_python(text, "<defaults>") if text is not None else None
    found: dict[tuple[str, str], str] = {}
    enums = _enums(module) if module is not None else set()
    for cls in ast.walk(module) if module is not None else ():
        if isinstance(cls, ast.ClassDef) and cls.name not in enums:
            for stmt in cls.body:
                name, value = single_binding(stmt)
                shown = _literal(value) if value is not None else None
                if name is not None and shown is not None:
                    found[(cls.name, name)] = shown
    return found


def _shared(text: str | None) -> set[tuple[str, str]]:
    """(class, attribute) of the class-body bindings annotated ``ClassVar`` in an undecorated class whose methods
    store the name on nothing (``self.name =``, ``instance.name =``): every instance reads the class's own."""
    module = parse_python(text, "<defaults>") if text is not None else None
    found: set[tuple[str, str]] = set()
    for cls in ast.walk(module) if module is not None else ():
        if not isinstance(cls, ast.ClassDef) or cls.decorator_list:
            continue
        stored = {n.attr for n in ast.walk(cls) if isinstance(n, ast.Attribute) and not isinstance(n.ctx, ast.Load)} | {
            n.id
            for d in cls.body
            if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef)
            for n in ast.walk(d)
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
        }
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and _class_var(stmt.annotation):
                if stmt.target.id not in stored:
                    found.add((cls.name, stmt.target.id))
    return found


def _class_var(annotation: ast.expr) -> bool:
    node = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return last_name(node) == "ClassVar"


def _enums(module: ast.Module) -> set[str]:
    """The module's ``Enum``/``Flag`` classes (``IntEnum``, ``StrEnum``..., and those deriving from one of
    the file's own, ``class Budget(_Base)``): ``tight = None`` makes a member, never None itself."""
    classes = [n for n in ast.walk(module) if isinstance(n, ast.ClassDef)]
    found: set[str] = set()
    grown = True
    while grown:
        more = {c.name for c in classes if any(_enum_base(last_name(b), found) for b in c.bases)} - found
        found, grown = found | more, bool(more)
    return found


def _enum_base(name: str, enums: set[str]) -> bool:
    return name.endswith(("Enum", "Flag")) or name in enums


def _literal(value: ast.expr) -> str | None:
    """A literal default, shown: ``0``, ``None``, ``field(default=0)``'s ``0``; None for anything else."""
    if isinstance(value, ast.Call) and last_name(value.func) == "field":
        value = next((kw.value for kw in value.keywords if kw.arg == "default"), None)  # type: ignore[assignment]
        if value is None:
            return None
    return None if literal_value(value) is NOT_LITERAL else ast.unparse(value)


def _patched(trees: ThreeTrees, cls: str, name: str) -> bool:
    """A fork line sets the attribute on a class (``Cls.name = 0``, ``setattr(Cls, "name", 0)``), or sets
    attributes of the class by a name it computes (``setattr(Cls, key, value)`` in a loop patching defaults)."""
    added = [line for p in trees.mine for line in trees.mine[p].added.values()]
    aliases = {m.group(1) for line in added for m in re.finditer(rf"\b{cls}\s+as\s+(\w+)", line)}
    store = re.compile(  # a class's name: capitalized, private or an alias (``_EA.seed = 0``), never ``self``
        rf"(?<![\w.])(?:[A-Z_]\w*|{'|'.join(sorted(aliases)) or '[A-Z]'})\.{name}\s*(?::[^=\n]*)?=(?!=)|\bsetattr\([^,\n]*,\s*[\"']{name}[\"']"
        rf"|\bsetattr\(\s*(?:\w+\.)*{cls}\s*,\s*(?![\"'\s])"
    )
    return any(store.search(line) for line in added)


def _uses(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], nulled: dict[tuple[str, str], Nulled]
) -> Iterator[tuple[int, Nulled, str, Severity]]:
    imported = _imported_only(module, path)
    parents = parent_map(module)
    derived = _derived(module, imported)
    for node in ast.walk(module):
        if not (isinstance(node, ast.Attribute) and node.lineno in owned):
            continue
        receiver = _receiver(node.value)
        if receiver is None:
            continue
        fork_class = _fork_class(receiver, derived, parents)
        if fork_class is not None and receiver.id in _OWN and _bound_below(trees, module, fork_class, node.attr):
            continue  # ``cls`` of an abstract base: the subclasses that call it bind the name themselves
        origin = _origin(fork_class, node.attr, imported) if fork_class is not None else imported.get(receiver.id)
        hit = nulled.get((origin[0], node.attr)) if origin is not None else None
        if hit is None or origin is None or not isinstance(node.ctx, ast.Load):
            continue
        if receiver.id == "self" and not hit.shared:
            continue  # an instance's read of a field: what ``__init__`` stored, type drift's
        severity = _source(trees, origin[1], hit)
        if severity is not None and fork_class is not None and _installing(fork_class, node.attr, module):
            severity = Severity.WARNING  # a decorator of the fork's class may bind the name on it: not every path
        how = _how(node, parents)
        if severity is not None and how is not None and not _guarded(node, parents):
            yield node.lineno, hit, how, severity


def _conversion(read: ast.AST, parents: dict[int, ast.AST]) -> str | None:
    """The ``%`` conversion an operand of ``"x=%s" % value`` (or of its tuple) meets: ``s``/``r``/``a`` show
    None, ``d``/``f``/``x``... raise TypeError on it; ``"s"`` for an f-string's, ``""`` for an unknown one,
    None where ``read`` is no such operand."""
    up, index = parents.get(id(read)), 0
    if isinstance(up, ast.Tuple):
        index, read, up = up.elts.index(read), up, parents.get(id(up))  # type: ignore[arg-type]
    if not (isinstance(up, ast.BinOp) and isinstance(up.op, ast.Mod) and up.left is not read):
        return None
    if isinstance(up.left, ast.JoinedStr):
        return "s"
    if not (isinstance(up.left, ast.Constant) and isinstance(up.left.value, str)):
        return None
    if "*" in up.left.value:
        return ""  # a ``*`` width takes an operand of its own: which conversion the read meets is unknown
    kinds = [k for k in _CONVERSION.findall(up.left.value) if k != "%"]
    return kinds[index] if index < len(kinds) else ""


def _how(read: ast.Attribute, parents: dict[int, ast.AST]) -> str | None:
    kind = _conversion(read, parents)
    if kind is None:
        return _value_use(read, parents)
    return f"formats {ast.unparse(read)} with %{kind}" if kind and kind not in "sra" else None


# ``%s``, ``%-08.3f``, ``%(name)d``, ``%%``: the conversion letter
_CONVERSION = lazy_pattern(r"%(?:\([^)]*\))?[-#0 +]*(?:\d+)?(?:\.\d+)?[hlL]?([a-zA-Z%])")


def _source(trees: ThreeTrees, dotted: str, hit: Nulled) -> Severity | None:
    """Whether the module an import names serves upstream's changed class: its own file (an error), another
    upstream module importing the name (a re-export, a warning), or else (a same-named class of another
    module, the fork's own module or shim, a package outside the tree) not."""
    files = _files(dotted)
    if hit.path in files:
        return Severity.ERROR
    for _ in range(4):  # a re-export's chain (a package ``__init__`` importing from its submodule), a few hops
        file = next((f for f in files if trees.merged_text(f) is not None), None)
        module = trees.merged_module(file) if file is not None else None
        if file is None or module is None or _fork_owned(trees, file) or _declares(module, hit.cls):
            return None
        ahead = _imported_from(module, file, hit.cls)
        if not ahead:
            return Severity.WARNING if re.search(rf"\b{hit.cls}\b", trees.merged_text(file) or "") else None
        files = _files(ahead)
        if hit.path in files:
            return Severity.ERROR
    return Severity.WARNING


def _files(dotted: str) -> tuple[str, str]:
    stem = dotted.replace(".", "/")
    return stem + ".py", stem + "/__init__.py"


def _fork_owned(trees: ThreeTrees, file: str) -> bool:
    """A file upstream does not have: the fork's own module."""
    return trees.blobs(trees.theirs, [file])[file] is None


def _declares(module: ast.Module, cls: str) -> bool:
    return any(isinstance(n, ast.ClassDef) and n.name == cls for n in ast.walk(module))


def _imported_from(module: ast.Module, path: str, name: str) -> str | None:
    """The full name of the module ``from m import name`` in ``module`` imports ``name`` from (an ``as``
    alias binding that name too); ``""`` where the module binds the name any other way besides (a second
    import, an assignment, a star import): which the re-export serves is unknown."""
    sources = {_absolute(s, path) for s in _runtime_imports(module) for a in s.names if (a.asname or a.name) == name}
    if len(sources) != 1 or name in _star_rebound(module) or name in _assigned(module):
        return "" if sources else None
    return next(iter(sources))


def _assigned(module: ast.Module) -> set[str]:
    return {n.id for n in ast.walk(module) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}


def _absolute(stmt: ast.ImportFrom, path: str) -> str:
    """An import's module, relative ones resolved against the importing file's package."""
    if not stmt.level:
        return stmt.module or ""
    package = path.split("/")[:-1]  # ``a/b/c.py`` and ``a/b/__init__.py`` both sit in package ``a.b``
    package = package[: max(len(package) - stmt.level + 1, 0)]
    return ".".join([*package, *([stmt.module] if stmt.module else [])])


def _derived(module: ast.Module, imported: dict[str, tuple[str, str]]) -> dict[str, ast.ClassDef]:
    """The module's top-level classes deriving from an imported class, by name (one class statement each)."""
    classes = [s for s in module.body if isinstance(s, ast.ClassDef) and s.bases]
    names = [c.name for c in classes]
    return {c.name: c for c in classes if names.count(c.name) == 1 and _upstream_base(c, imported) is not None}


def _upstream_base(cls: ast.ClassDef, imported: dict[str, tuple[str, str]]) -> str | None:
    """The base an attribute is looked up at first among the imported ones: the first base, or a mixin after
    bases a library names off a module imported from another package (``class Head(nn.Module, SupportsQuant)``
    with ``from torch import nn``: a library class defines no attribute of upstream's own naming)."""
    libraries: list[str] = []
    for base in cls.bases:
        if isinstance(base, ast.Name):
            source = imported.get(base.id)
            package = source[1].split(".", 1)[0] if source is not None else None
            return base.id if package is not None and package not in libraries else None
        root = base
        while isinstance(root, ast.Attribute):
            root = root.value
        if not isinstance(root, ast.Name) or root.id not in imported:
            return None
        libraries.append(imported[root.id][1].split(".", 1)[0])
    return None


_OWN = frozenset({"cls", "self"})


def _receiver(value: ast.expr) -> ast.Name | None:
    """The name a read is made off: ``Cls``/``cls``/``self``, or ``self`` of ``type(self)``."""
    if isinstance(value, ast.Call) and last_name(value.func) == "type" and len(value.args) == 1:
        value = value.args[0]
        return value if isinstance(value, ast.Name) and value.id == "self" else None
    return value if isinstance(value, ast.Name) else None


# class decorators that bind no attribute the class body does not name (a dataclass's fields are its body's)
_INERT_DECORATORS = frozenset(
    {"dataclass", "final", "total_ordering", "runtime_checkable", "unique", "dataclass_transform"}
)


def _installing(cls: ast.ClassDef, attr: str, module: ast.Module) -> bool:
    """The fork's class carries a decorator that may set ``attr`` on it (``@aeon_packed({...})`` storing
    ``cls.packed_modules_mapping``; review133): which value an instance reads cannot be told from the class.
    A decorator the module defines is read (it stores ``x.attr`` or ``setattr``s the name, or not); one
    imported may do anything; the stdlib's inert ones (``@final``, ``@dataclass``) bind nothing more."""
    local = {d.name: d for d in module.body if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef)}
    for decorator in cls.decorator_list:
        name = last_name(decorator.func if isinstance(decorator, ast.Call) else decorator)
        if name in _INERT_DECORATORS:
            continue
        if name not in local or _stores_attr(local[name], attr):
            return True
    return False


def _stores_attr(func: ast.FunctionDef | ast.AsyncFunctionDef, attr: str) -> bool:
    """``func`` (with its nested defs) stores ``x.attr`` or ``setattr(x, "attr", ...)``s it."""
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute) and node.attr == attr and not isinstance(node.ctx, ast.Load):
            return True
        if isinstance(node, ast.Call) and last_name(node.func) == "setattr" and len(node.args) > 1:
            if isinstance(node.args[1], ast.Constant) and node.args[1].value == attr:
                return True
    return False


def _fork_class(
    receiver: ast.Name, derived: dict[str, ast.ClassDef], parents: dict[int, ast.AST]
) -> ast.ClassDef | None:
    """The fork's class a receiver names: its own name, ``cls`` in one of its classmethods, or ``self`` in
    one of its methods (neither a class- nor a static method), its first parameter."""
    if receiver.id not in _OWN:
        return derived.get(receiver.id)
    func = enclosing(receiver, parents)
    owner = parents.get(id(func)) if func is not None else None
    if func is None or not isinstance(owner, ast.ClassDef) or owner.name not in derived.keys():
        return None
    kinds = {last_name(d) for d in func.decorator_list}
    first = [*func.args.posonlyargs, *func.args.args][:1]
    if receiver.id == "cls":
        return owner if "classmethod" in kinds else None
    plain = not kinds & {"classmethod", "staticmethod"} and [a.arg for a in first] == ["self"]
    return owner if plain and "self" not in _stores_name(func) else None


def _stores_name(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    return {n.id for n in ast.walk(func) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}


def _bound_below(trees: ThreeTrees, module: ast.Module, owner: ast.ClassDef, attr: str) -> bool:
    """A class deriving from ``owner`` (directly or through another) binds ``attr`` itself: in the module, or
    in another fork module naming ``owner`` as a base (an abstract base, its subclasses elsewhere)."""
    if _binds_below(module, owner.name, attr, owner):
        return True
    base = re.compile(rf"^\s*class\s+\w+\s*\([^)]*\b{owner.name}\b", re.MULTILINE)
    for path in (p for p in trees.mine if p.endswith(".py")):
        text = trees.merged_text(path) or ""
        other = trees.merged_module(path) if base.search(text) else None
        if other is not None and other is not module and _binds_below(other, owner.name, attr, None):
            return True
    return False


def _binds_below(module: ast.Module, name: str, attr: str, owner: ast.ClassDef | None) -> bool:
    below, grown = {name}, True
    classes = [n for n in ast.walk(module) if isinstance(n, ast.ClassDef)]
    while grown:
        found = {c.name for c in classes if any(last_name(b) in below for b in c.bases)} - below
        below, grown = below | found, bool(found)
    return any(c.name in below and c is not owner and c.name != name and _binds(c, attr) for c in classes)


def _binds(cls: ast.ClassDef, attr: str) -> bool:
    """The class binds ``attr`` itself: in its body, ``self.attr =``/``cls.attr =`` in a method, a method."""
    for node in ast.walk(cls):
        if isinstance(node, ast.Name | ast.Attribute) and not isinstance(node.ctx, ast.Load):
            if (node.id if isinstance(node, ast.Name) else node.attr) == attr:
                return True
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == attr:
            return True
    return False


def _origin(cls: ast.ClassDef, attr: str, imported: dict[str, tuple[str, str]]) -> tuple[str, str] | None:
    """The imported base a fork class inherits ``attr`` from: none where the class binds it itself."""
    base = _upstream_base(cls, imported)
    return imported.get(base) if base is not None and not _binds(cls, attr) else None


def _imported_only(module: ast.Module, path: str) -> dict[str, tuple[str, str]]:
    """Local name -> (imported name, the full name of the module it comes from, relative imports resolved
    against ``path``), of the names the module binds by ``from m import`` from one module and no other way.
    A name imported from two modules (a ``try``/``except ImportError`` fallback to a shim) is left out: which
    one the read meets is unknown; so is one a star import after it may rebind (``from shim import *``)."""
    imported: dict[str, set[tuple[str, str]]] = {}
    for stmt in _runtime_imports(module):
        source = _absolute(stmt, path)
        for alias in stmt.names:
            imported.setdefault(alias.asname or alias.name, set()).add((alias.name, source))
    bound = {n.id for n in ast.walk(module) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    bound |= {n.name for n in ast.walk(module) if isinstance(n, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)}
    bound |= {n.arg for n in ast.walk(module) if isinstance(n, ast.arg)}
    bound |= _star_rebound(module)
    return {local: next(iter(o)) for local, o in imported.items() if local not in bound and len(o) == 1}


def _runtime_imports(module: ast.Module) -> Iterator[ast.ImportFrom]:
    """The module's ``from m import`` statements, but those under ``if TYPE_CHECKING:`` (never run)."""
    typing_only = {
        id(n)
        for s in ast.walk(module)
        if isinstance(s, ast.If) and last_name(s.test) == "TYPE_CHECKING"
        for b in s.body
        for n in ast.walk(b)
    }
    yield from (s for s in ast.walk(module) if isinstance(s, ast.ImportFrom) and id(s) not in typing_only)


def _star_rebound(module: ast.Module) -> set[str]:
    """Names a star import below their own import may rebind: where the module's last star import sits."""
    stars = [s.lineno for s in ast.walk(module) if isinstance(s, ast.ImportFrom) and s.names[0].name == "*"]
    if not stars:
        return set()
    return {
        a.asname or a.name
        for s in ast.walk(module)
        if isinstance(s, ast.ImportFrom) and s.lineno < max(stars)
        for a in s.names
    }


def _guarded(read: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """Inside a ``try``, or a function around it (the module, at the top level) tests the very expression
    (``is None``, ``or``, truth, ``getattr(Cls, "name", None)``): a guard in an outer function covers the
    closure it returns past the test."""
    up = parents.get(id(read))
    while up is not None:
        if isinstance(up, ast.Try | ast.TryStar):
            return True
        up = parents.get(id(up))
    shown = ast.unparse(read)
    scopes = [*_scopes(read, parents), *_if_tests(read, parents)]
    return any(_tests(n, read, shown) for scope in scopes for n in ast.walk(scope))


def _if_tests(read: ast.AST, parents: dict[int, ast.AST]) -> Iterator[ast.If]:
    """The tests of every ``if`` around ``read`` (one wrapping the def it sits in too), and of the module's
    top-level ``if``s: ``if Cls.name is None: raise ImportError`` guards the whole module below it. Each an
    ``if`` without its body (``if Cls.name:`` tests by truth; a test inside the body is no guard of it)."""
    root = _root(read, parents)
    tests = [s.test for s in getattr(root, "body", ()) if isinstance(s, ast.If)]
    up = parents.get(id(read))
    while up is not None:
        tests += [up.test] if isinstance(up, ast.If) else []
        up = parents.get(id(up))
    return (ast.If(test=test, body=[], orelse=[]) for test in tests)


def _scopes(read: ast.AST, parents: dict[int, ast.AST]) -> Iterator[ast.AST]:
    """Every function around ``read``, innermost first; the module where none is."""
    func = enclosing(read, parents)
    if func is None:
        yield _root(read, parents)
    while func is not None:
        yield func
        func = enclosing(func, parents)


def _tests(node: ast.AST, read: ast.Attribute, shown: str) -> bool:
    if _tested_expr(node, shown):
        return True
    if not (isinstance(node, ast.Call) and last_name(node.func) == "getattr" and len(node.args) == 3):
        return False
    return ast.unparse(node.args[0]) == ast.unparse(read.value) and _is_text(node.args[1], read.attr)


def _is_text(node: ast.expr, text: str) -> bool:
    return isinstance(node, ast.Constant) and node.value == text


def _root(node: ast.AST, parents: dict[int, ast.AST]) -> ast.AST:
    while (up := parents.get(id(node))) is not None:
        node = up
    return node


def _finding(path: str, line: int, hit: Nulled, how: str, commit: str, severity: Severity) -> Finding:
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        line,
        f"fork-owned line {how}, read off the class {hit.cls}, whose default for {hit.name} upstream made None "
        f"(was {hit.was}) ({hit.path}{commit}): the class attribute is None now, so this raises TypeError (or "
        "reads None as a value); give the value here or read it off an instance built with it",
    )
