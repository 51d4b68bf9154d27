"""Registry call drift: upstream now calls what its registry holds with a new keyword; a fork callable
registered there does not take it.

#18925 gave the KV-event publishers a data-parallel rank: ``EventPublisherFactory.create`` read a constructor
out of ``cls._registry`` (filled by ``register_publisher(name, ctor)``: ``cls._registry[name] = ctor``) and
called it as ``constructor(**config_dict)``; now ``constructor(data_parallel_rank=data_parallel_rank,
**config_dict)``.  Upstream's own publishers gained the parameter with it.  A fork's publisher class, handed to
``EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)`` with an ``__init__`` of the config's
fields, merges cleanly and raises ``TypeError: got an unexpected keyword argument`` when the engine builds it.
No override, call or signature of the fork's names upstream's: only the registry ties them.

Upstream's side: the Python files upstream changed (tests aside) whose text at upstream names a registration
function the fork's added lines call (a name holding ``register``); parsed at both ends: a function (or a
method of a class) of that name whose body stores one of its parameters (or, in a decorator it returns, the
decorated object) into a table by a key (``cls._registry[name] = ctor``, ``_REGISTRY[name] = fn``); and, in a
function of the same file at both ends, calls of what is read out of that table (``ctor = cls._registry[kind]``
then ``ctor(...)``, or ``cls._registry[kind](...)``, ``.get(kind)`` alike) that pass a keyword at upstream which
no such call of that function passed at the base.  The fork's side, on lines it wrote: a call of the
registration (on the class, imported from upstream's module, or the function imported from it) handing it a
class or function of the fork's file (or a decorator of it on one), whose own ``__init__`` (for a class) or
parameters do not take the keyword (no parameter of the name, no ``**kwargs``).  An error on its ``def``: the
call through the registry raises.  A fork class with no ``__init__`` of its own is judged by the one it inherits,
followed along its one base at a time through the merged tree (its file's classes, or a class imported from a
module of the tree) and reported on its ``class`` line; unknown, and quiet, where a class has several bases, a
base does not resolve in the tree, or a class on the way may change how it is built (``__new__``, a metaclass,
a decorator, a dataclass's generated ``__init__``).  Quiet: a callable taking the keyword or ``**kwargs``, one
defining ``__new__``, a
registration under an ``if`` that asks what a function takes or which release runs, and a table whose calls
passed the keyword already.  Also quiet: a class carrying a decorator of the fork's besides the registration's
(one other than ``dataclass``-like ones that keep the written ``__init__``: it may rewrap the constructor), and
a registration after an ``if`` asking the signature whose body exits first, a class with a metaclass of the
fork's (other than ``type``/``ABCMeta``: its ``__call__`` may take the keyword), and a class whose ``__init__``
(or ``__new__``) the module replaces after its body (``C.__init__ = shim``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits import linear
from aeon_release.domain.audits.drift.fallbacks import runs_tested
from aeon_release.domain.audits.drift.pyindex import dotted_name, import_base
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.drift.signatures import Sig, signature
from aeon_release.domain.audits.drift.table_params import _asks, _version_checked
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, last_name, parent_map

# a fork line calling (or decorating with) a registration on a class or module it names, or a bare one:
# ``Factory.register_publisher(``, ``register_model(`` (on RE2: fork text is anyone's); ``self.`` and ``cls.``
# receivers are dropped after (``self.register_buffer(`` is a method of the fork's own object)
_REGISTERS = linear.Scan(r"(?:^|[^\w.])(?:([A-Za-z_]\w*)\.)?(\w*register\w*)[ \t]*\(")
# an upstream diff line adding a keyword argument (the gate before any of its files is read whole)
_KEYWORD_ADDED = linear.Scan(r"\n\+[^\n]*[(,][ \t]*\w+[ \t]*=[^=]")
# class decorators that keep a class's own ``__init__`` as written (any other may rewrap it: a fork's shim that
# drops the new keyword before the constructor)
_CONSTRUCTORS = frozenset({"__init__", "__new__"})
# metaclasses whose ``__call__`` hands every argument to ``__init__`` unchanged
_PLAIN_METACLASSES = frozenset({"type", "ABCMeta"})
_KEEPS_INIT = frozenset({"dataclass", "final", "total_ordering", "unique", "runtime_checkable", "override"})


@dataclass(frozen=True)
class Store:
    """``register`` (a function, or a method of ``owner``) stores its parameter ``param`` (position ``index``
    among those a caller fills; -1: the object a decorator it returns wraps) into table ``table``."""

    register: str
    owner: str  # the class the registration is a method of; "" for a module-level function
    table: str  # the table's last name: ``_registry`` of ``cls._registry``
    param: str
    index: int


@dataclass(frozen=True)
class Passed:
    """Upstream's ``caller`` (``path``, module ``module``) now passes ``keyword`` to what ``store``'s table holds."""

    store: Store
    path: str
    module: str
    caller: str
    keyword: str


def registry_call_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    names = _registrations(trees)
    # one ``git grep`` of the changed files for the registrations' names first, then each such diff's keywords
    python = [p for p in trees.upstream if p.endswith(".py") and not TEST_PATH.search(p)] if names else []
    named = trees.upstream_files_with(tuple(sorted(names)), python) if python else frozenset()
    paths = sorted(p for p in named if _KEYWORD_ADDED.search(trees.upstream.raw(p)) is not None)
    defining = re.compile(r"\bdef[ \t]+(?:" + "|".join(sorted(map(re.escape, names))) + r")[ \t]*\(") if names else None
    # only a file defining one of the registrations is parsed (``register_buffer`` is named by every model file)
    keep = (lambda _old, new: defining.search(new) is not None) if defining is not None else None
    passed = [p for path, old, new in parsed_versions(trees, paths, keep) for p in _passed(path, old, new, names)]
    if not passed:
        return []
    findings: list[Finding] = []
    for path in sorted(p for p in trees.mine if p.endswith(".py") and not TEST_PATH.search(p)):
        added = " ".join(trees.mine[path].added.values())
        mine = [p for p in passed if p.store.register in added]
        module = trees.merged_module(path) if mine else None
        if module is not None:
            findings += [_finding(trees, path, hit, pr_pattern) for hit in _fork_callables(trees, path, module, mine)]
    return findings


def _registrations(trees: ThreeTrees) -> set[str]:
    """The registrations the fork's added Python lines (tests aside) call on a name other than its own object."""
    return {
        name
        for p in trees.mine
        if p.endswith(".py") and not TEST_PATH.search(p)
        for line in trees.mine[p].added.values()
        if "register" in line
        for owner, name in _REGISTERS.findall(line)
        if owner not in ("self", "cls")
    }


# -- upstream's side ------------------------------------------------------------------------------
def _passed(path: str, old: ast.Module, new: ast.Module, names: set[str]) -> Iterator[Passed]:
    stores = [s for s in _stores(new) if s.register in names]
    module = dotted_name(path, roots=("",))
    for store in stores:
        before, after = _table_keywords(old, store.table), _table_keywords(new, store.table)
        for caller, calls in sorted(after.items()):
            if caller not in before:
                continue  # a new dispatch path: whether the fork's entry reaches it is not read here
            # a keyword every call passes now and none passed before: a call still leaving it out (another
            # branch, a version test) may be the one the fork's entry takes
            for keyword in sorted(set.intersection(*calls) - {k for passed in before[caller] for k in passed}):
                yield Passed(store, path, module, caller, keyword)


def _stores(module: ast.Module) -> Iterator[Store]:
    """Each registration of the module: a top-level function, or a method of a top-level class, storing a
    parameter of its own (or of a decorator it defines) into a subscript of a table."""
    for stmt in module.body:
        if isinstance(stmt, ast.FunctionDef):
            yield from _stores_of(stmt, "")
        elif isinstance(stmt, ast.ClassDef):
            for sub in stmt.body:
                if isinstance(sub, ast.FunctionDef):
                    yield from _stores_of(sub, stmt.name)


def _stores_of(func: ast.FunctionDef, owner: str) -> Iterator[Store]:
    sig = signature(func, bound=bool(owner))
    if sig is None:
        return
    inner = {d.args.args[0].arg: d for d in func.body if isinstance(d, ast.FunctionDef) and len(d.args.args) == 1}
    for node in ast.walk(func):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Name)):
            continue
        target, value = node.targets[0], node.value.id
        if not isinstance(target, ast.Subscript) or not (table := last_name(target.value)):
            continue
        if value in sig.positional:
            yield Store(func.name, owner, table, value, sig.positional.index(value))
        elif value in inner and any(n is node for n in ast.walk(inner[value])):
            yield Store(func.name, owner, table, value, -1)  # ``def wrap(cls): T[name] = cls; return cls``


def _table_keywords(module: ast.Module, table: str) -> dict[str, list[set[str]]]:
    """Each function of the module (by qualified name) that calls what it reads out of ``table`` -> the
    keywords (``**`` aside) each of those calls passes."""
    found: dict[str, list[set[str]]] = {}
    for qual, func in _functions(module):
        read = {
            t.id
            for n in ast.walk(func)
            if isinstance(n, ast.Assign) and _reads_table(n.value, table)
            for t in n.targets
            if isinstance(t, ast.Name)
        }
        for call in (n for n in ast.walk(func) if isinstance(n, ast.Call)):
            if (isinstance(call.func, ast.Name) and call.func.id in read) or _reads_table(call.func, table):
                found.setdefault(qual, []).append({k.arg for k in call.keywords if k.arg is not None})
    return found


def _reads_table(expr: ast.expr, table: str) -> bool:
    """``T[k]`` or ``T.get(k, ...)`` with ``T`` the table (``cls._registry``, ``_REGISTRY``)."""
    if isinstance(expr, ast.Subscript):
        return last_name(expr.value) == table
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr == "get"
        and last_name(expr.func.value) == table
    )


def _functions(module: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for stmt in module.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            yield stmt.name, stmt
        elif isinstance(stmt, ast.ClassDef):
            for sub in stmt.body:
                if isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef):
                    yield f"{stmt.name}.{sub.name}", sub


# -- the fork's side ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hit:
    passed: Passed
    name: str  # the fork's class or function
    line: int  # its ``def`` (a class's ``__init__``)
    sig: Sig
    registered: int  # the line registering it


def _fork_callables(trees: ThreeTrees, path: str, module: ast.Module, passed: list[Passed]) -> Iterator[Hit]:
    owned = trees.owned_lines(path)
    imported = _imported(module, path)
    defined = {s.name: s for s in module.body if isinstance(s, ast.ClassDef | ast.FunctionDef)}
    parents = parent_map(module)
    # a class whose constructor the module replaces after its body (``C.__init__ = shim``): the written one is gone
    replaced = _constructors_replaced(module)
    defined = {name: d for name, d in defined.items() if name not in replaced}
    for node in ast.walk(module):
        if not isinstance(node, ast.Call) or node.lineno not in owned:
            continue
        for p in passed:
            if not _calls_registration(node.func, p, imported):
                continue
            for handed in _handed(node, p.store, parents, defined):
                hit = _lacking(handed, p, node.lineno, lambda cls: _inherited(trees, (path, module), cls))
                if hit is not None and not _gated(node, p.keyword, parents):
                    yield hit


def _constructors_replaced(module: ast.Module) -> set[str]:
    """The names ``N`` of stores ``N.__init__ = ...``/``N.__new__ = ...`` (or ``setattr(N, "__init__", ...)``)
    anywhere in the module: a fork shim standing in for the constructor its class body wrote."""
    found: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and node.attr in _CONSTRUCTORS:
            found |= {node.value.id} if isinstance(node.value, ast.Name) else set()
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "setattr"
            and len(node.args) >= 2
            and isinstance(node.args[0], ast.Name)
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in _CONSTRUCTORS
        ):
            found.add(node.args[0].id)
    return found


def _gated(node: ast.AST, keyword: str, parents: dict[int, ast.AST]) -> bool:
    """The registration runs only on one side of a test naming the keyword or asking a signature: under the
    ``if`` (either branch), or after an ``if`` of that test whose body exits (``if "rank" in
    inspect.signature(f).parameters: return``) -- the fork registers where upstream's side takes it."""
    if _version_checked(node, keyword, parents):
        return True

    def asks(test: ast.expr) -> bool:
        return any(_asks(n, keyword) for n in ast.walk(test))

    return runs_tested(node, parents, asks, asks)


def _called(decorator: ast.expr) -> ast.expr:
    """The decorator's callable: ``dataclass`` of ``@dataclass(frozen=True)``."""
    return decorator.func if isinstance(decorator, ast.Call) else decorator


def _imported(module: ast.Module, path: str) -> dict[str, tuple[str, str]]:
    """Local name -> (the module it comes from, its name there); a module imported whole: (module, "")."""
    here = dotted_name(path, roots=("",))
    found: dict[str, tuple[str, str]] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom):
            source = import_base(node, here, path)
            for a in node.names:
                found[a.asname or a.name] = (source, a.name)
                found.setdefault(f"{a.asname or a.name}.", (f"{source}.{a.name}", ""))
        elif isinstance(node, ast.Import):
            found |= {a.asname: (a.name, "") for a in node.names if a.asname}
    return found


def _calls_registration(func: ast.expr, p: Passed, imported: dict[str, tuple[str, str]]) -> bool:
    """``Owner.register(...)`` with ``Owner`` imported from upstream's module; ``register(...)`` (or
    ``mod.register(...)``) for a module-level registration imported from it."""
    store = p.store
    if store.owner:
        if not (isinstance(func, ast.Attribute) and func.attr == store.register and isinstance(func.value, ast.Name)):
            return False
        return imported.get(func.value.id) == (p.module, store.owner)
    if isinstance(func, ast.Name):
        return func.id == store.register and imported.get(func.id) == (p.module, store.register)
    if isinstance(func, ast.Attribute) and func.attr == store.register and isinstance(func.value, ast.Name):
        return imported.get(f"{func.value.id}.", ("", ""))[0] == p.module or imported.get(func.value.id) == (
            p.module,
            "",
        )
    return False


def _handed(
    call: ast.Call, store: Store, parents: dict[int, ast.AST], defined: dict[str, ast.ClassDef | ast.FunctionDef]
) -> Iterator[ast.ClassDef | ast.FunctionDef]:
    """The fork's top-level class or function the registration call stores: the argument in the stored
    parameter's place (or by its name), or the object it decorates."""
    if store.index < 0:
        owner = parents.get(id(call))
        if isinstance(owner, ast.ClassDef | ast.FunctionDef) and call in owner.decorator_list:
            if defined.get(owner.name) is owner:
                yield owner
        return
    given = call.args[store.index] if len(call.args) > store.index else None
    given = given or next((k.value for k in call.keywords if k.arg == store.param), None)
    if isinstance(given, ast.Name) and given.id in defined:
        yield defined[given.id]


def _lacking(
    handed: ast.ClassDef | ast.FunctionDef,
    p: Passed,
    registered: int,
    inherited: Callable[[ast.ClassDef], ast.FunctionDef | None],
) -> Hit | None:
    """A hit when the callable's parameters do not take ``p.keyword``; a class writing no ``__init__`` is judged by
    the one ``inherited`` finds along its bases (None: unknown, quiet)."""
    if isinstance(handed, ast.ClassDef):
        methods = {s.name: s for s in handed.body if isinstance(s, ast.FunctionDef)}
        if "__new__" in methods:
            return None
        if any(k.arg == "metaclass" and last_name(k.value) not in _PLAIN_METACLASSES for k in handed.keywords):
            return None  # a metaclass of the fork's: its ``__call__`` may take the keyword before ``__init__`` runs
        rewrapping = [d for d in handed.decorator_list if last_name(_called(d)) not in _KEEPS_INIT]
        if len(rewrapping) > (1 if p.store.index < 0 else 0):
            return None  # a decorator of the fork's may replace the constructor (or the class) with one taking it
        init = methods.get("__init__")
        if init is None and _generates_init(handed):
            return None  # ``@dataclass`` writes an ``__init__`` of the fields
        init = init or inherited(handed)
        if init is None:
            return None
        # an inherited constructor is reported on the class (its ``def`` may be another file's)
        line = init.lineno if init in handed.body else handed.lineno
        sig = signature(init, bound=True)
    else:
        if len(handed.decorator_list) > (1 if p.store.index < 0 else 0):
            return None  # a decorator besides the registration's may wrap it in what takes the keyword
        sig, line = signature(handed, bound=False), handed.lineno
    if sig is None or sig.varkw or p.keyword in sig.positional[sig.posonly :] or p.keyword in sig.kwonly:
        return None
    return Hit(p, handed.name, line, sig, registered)


# bases that add no constructor of their own (past them, ``object.__init__``: not followed)
_PLAIN_BASES = frozenset({"object", "ABC", "Generic", "Protocol"})
_MOST_BASES = 8


def _generates_init(cls: ast.ClassDef) -> bool:
    return any(last_name(_called(d)) == "dataclass" for d in cls.decorator_list)


def _inherited(trees: ThreeTrees, where: tuple[str, ast.Module], cls: ast.ClassDef) -> ast.FunctionDef | None:
    """The ``__init__`` a class writing none inherits: along its one base (``ABC``, ``Generic[...]`` and the like
    aside) at each step, read in the merged tree (the fork's file, or the file a base is imported from), the first
    class that writes one.  None -- unknown, quiet -- where a class has several bases, a base does not resolve in
    the tree, or one on the way may change how the object is built (``__new__``, a metaclass, a decorator, a
    dataclass's generated ``__init__``, ``C.__init__ = shim`` in its module)."""
    path, module = where
    for _ in range(_MOST_BASES):
        bases = [b for b in cls.bases if last_name(b.value if isinstance(b, ast.Subscript) else b) not in _PLAIN_BASES]
        found = _base_class(trees, path, module, bases[0]) if len(bases) == 1 else None
        if found is None:
            return None
        path, module, cls = found
        methods = {s.name: s for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)}
        if "__new__" in methods or cls.keywords or cls.decorator_list or cls.name in _constructors_replaced(module):
            return None
        init = methods.get("__init__")
        if init is not None:
            return init if isinstance(init, ast.FunctionDef) else None
    return None


def _base_class(
    trees: ThreeTrees, path: str, module: ast.Module, base: ast.expr
) -> tuple[str, ast.Module, ast.ClassDef] | None:
    """The class a base names, with its file and module: one of the same module, or one imported from a module
    of the tree (``from pkg.mod import Base``, ``mod.Base`` of ``from pkg import mod``)."""
    if isinstance(base, ast.Name):
        local = next((s for s in module.body if isinstance(s, ast.ClassDef) and s.name == base.id), None)
        if local is not None:
            return path, module, local
        source, name = _imported(module, path).get(base.id, ("", ""))
    elif isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
        imported = _imported(module, path)
        whole = imported.get(base.value.id, ("", "?"))  # ``import pkg.mod as m``: (pkg.mod, "")
        source, name = imported.get(f"{base.value.id}.", ("", ""))[0] or (whole[0] if not whole[1] else ""), base.attr
    else:
        return None
    stem = source.replace(".", "/")
    for there in (f"{stem}.py", f"{stem}/__init__.py") if source and name else ():
        tree = trees.merged_module(there)
        if tree is not None:
            cls = next((s for s in tree.body if isinstance(s, ast.ClassDef) and s.name == name), None)
            return (there, tree, cls) if cls is not None else None
    return None


def _finding(trees: ThreeTrees, path: str, hit: Hit, pr_pattern: str) -> Finding:
    p = hit.passed
    where = f"{p.store.owner}.{p.store.register}" if p.store.owner else p.store.register
    commit = trees.upstream_commit(p.path, rf"\b{p.keyword}[[:space:]]*=", pr_pattern, most=5)
    message = (
        f"{hit.name} (registered through {where}, line {hit.registered}) takes {hit.sig.show()}, but upstream's "
        f"{p.caller} now calls what {p.store.table} holds with {p.keyword}= ({p.path}{commit}): building the "
        f"fork's entry raises TypeError (an unexpected keyword argument); accept {p.keyword} (or **kwargs)"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, hit.line, message)
