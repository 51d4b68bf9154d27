"""Stopped writes: a method that set a field of its object as it ran, and no longer does.

#49003 took the ``response_format`` handling out of ``ChatCompletionRequest.to_sampling_params`` into
``extract_structured_outputs()``, which returns the params instead of assigning them: the old method ended
with ``self.structured_outputs = StructuredOutputsParams(...)``, the new one leaves the field as the client
sent it.  A fork's ``request.to_sampling_params(...)`` followed by a read of ``request.structured_outputs``
(a grammar-cache key, a log line) merges cleanly and now reads the field from before the call: the
response format folded in is gone, with no error anywhere.  Upstream does this whenever a method that mutated
its object is made pure (a value returned, the write moved to the caller or a helper).

Upstream's side: a class of a changed module whose method (not ``__init__``: deferred-init drift's), at the base, stored ``self.field = ...`` and, at
upstream, keeps its name and stores the field no more, neither itself nor through ``self.helper()`` calls of
the class's own methods, nor by handing on to ``super()``, handing ``self`` to a call or calling a ``self.``
method the class does not define (a base's; a call of a field the class holds, ``self.model(x)``, is a callable
handed no ``self``); the class still has the field (declared in its body, or stored by another method or as a raw
``data["field"]`` key at construction: then the write may have moved to a step that runs first, and the finding
is a warning).  The fork's side, on a line it owns: in one function, a read of ``recv.field`` below a call
``recv.method(...)`` whose statement encloses or precedes it (not a sibling branch, nor a nested ``def`` or
``lambda`` that runs later or never), where ``recv`` is a parameter annotated with that class (imported from its
module; alone or with None) or ``self`` in a fork subclass of it that does not store the field nor define a
member of its name (a property), with no mixin of the fork's ahead of the class in its bases that overrides the
method or stores the field (nor one from elsewhere, which may): for a subclass that keeps the method,
``self.method(...)`` calls; for one that overrides it, ``super().method(...)`` calls (upstream's, from the
override).  No store of ``recv.field`` or of ``recv`` itself in the function, and ``recv`` not handed to a call
between the two.

The base's stores count through the class's own helpers too: #25524's ``PoolingParams.verify`` had stored
``activation`` in ``self._set_default_parameters()``, which now stores ``use_activation`` instead.  A call
handing ``self`` to a function is no hand-on where that function only reads its parameters: ``getattr``,
``hasattr``, ``isinstance``, ``type``, ``len``, or a top-level function of the module or of a module it
imports the function from (#25524's ``get_use_activation(self)`` reads three fields), which stores no
attribute or item on a parameter, binds none to another name and hands none to a call but those readers.  A
helper the method reaches that hands ``self`` on (``setattr(self, k, value)`` of a computed name, a call) may
store the field: a warning.

A field may be a path off ``self`` (killers179): #28515 (327c0a9a23) made ``EngineArgs.create_engine_config``
idempotent by working on ``compilation_config = copy.deepcopy(self.compilation_config)``, where the base stored
``self.compilation_config.cudagraph_capture_sizes = self.cuda_graph_sizes``.  A fork's
``engine_args.create_engine_config()`` followed by ``engine_args.compilation_config.cudagraph_capture_sizes`` (the
graphs it pre-warms) now reads the sizes from before the call.  A path counts when its first field is still the
class's and the method (through its helpers) stores neither the path nor that first field (a new object there
may hold it); the fork's read is the whole path off the receiver, and a store of any of its names in the function
quiets it.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import caught_around, hasattr_ensured
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, added_names_a_def, gateable, parsed_texts
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, parse_python, unquoted

_MOST_FILES = 32
_SELF_STORE = lazy_pattern(r"^\s*self(?:\.\w+)+\s*(?::[^=]+)?=(?!=)")
_STORED = lazy_pattern(r"(?:self\.|[\"'])(\w+)")  # a superset of what ``_stores`` reads
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_WORD = lazy_pattern(r"\w+")
# bases that override nothing of a subclass's: a base ahead of the upstream class of any other name may
_MARKERS = frozenset({"object", "ABC", "Generic", "Protocol"})
_SUPER = "super()"  # the receiver of an override's calls of the upstream method: ``self`` reached through super
# builtins handed an object only read it
_READERS = frozenset({"getattr", "hasattr", "isinstance", "type", "len", "id"})
# weakref's functions handed an object keep a reference (a finalizer runs at collection): they store nothing on it
_HOLDERS = frozenset({"finalize", "ref", "proxy", "WeakMethod"})


@dataclass(frozen=True)
class Stopped:
    path: str  # upstream's module
    cls: str
    method: str
    field: str
    moved: bool  # another method of the class still stores the field
    handed: bool = False  # a helper the method reaches hands ``self`` on (``setattr(self, k, v)``): it may store it
    cleared: bool = False  # every store the base made emptied the field (a reset): the read may want what it held
    based: bool = False  # the class stores the field nowhere now; a base of another module may, at some step
    deleted: bool = False  # the method now deletes the field (``del self.field``): a read after it raises


# (module dotted, class) -> method -> the fields it stopped storing
Found = dict[tuple[str, str], dict[str, dict[str, Stopped]]]


def stopped_write_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    found = _stopped(trees)
    if not found:
        return []
    methods = {m for by_method in found.values() for m in by_method}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(f".{m}(" in line for m in methods)):
        for line, recv, stop in _fork_reads(path, module, owned, found):
            findings.append(_finding(trees, path, line, recv, stop, pr_pattern))
    return findings


def _stopped(trees: ThreeTrees) -> Found:
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any(_SELF_STORE.match(line) for line in trees.upstream[p].removed)
    ][:_MOST_FILES]
    found: Found = {}
    if not _called_methods(trees, paths):
        return found
    words = trees.fork_words()

    def keep(old_text: str, new_text: str) -> bool:
        # a field the fork reads on its own lines that the base stored (``self.F``, or a ``"F"`` setattr key):
        # none, and nothing this check could find there would be read (the parses were most of its cost)
        return not words.isdisjoint(_STORED.findall(old_text))

    pairs = [
        (both, olds, news, sorted(olds.keys() & news.keys()))
        for both in parsed_texts(trees, paths, keep)
        for olds, news in [(top_classes(both.old), top_classes(both.new))]
    ]
    kept = {
        n
        for _both, olds, news, names in pairs
        for name in names
        for n in own_methods(olds[name]).keys() & own_methods(news[name]).keys()
    }
    called = _named_in_fork(trees, kept - {"__init__"})
    for both, olds, news, names in pairs:
        readers = _Readers(trees, both.path, both.new)
        for name in names:
            if called.isdisjoint(own_methods(olds[name]).keys() & own_methods(news[name]).keys()):
                continue  # no method of the class a fork module could call: nothing of it is read
            by_method = _stopped_in(both.path, olds[name], news[name], readers)
            if by_method:
                found[(dotted_name(both.path, roots=("",)), name)] = by_method
    return found


def _named_in_fork(trees: ThreeTrees, methods: set[str]) -> set[str]:
    """The ``methods`` a fork module that ``stopped_write_drift`` could read names at all (a word of its merged
    text): every finding is a read after ``recv.method(...)`` in a module one of whose added lines holds
    ``.m(`` for a stopped method ``m``, so a class none of whose kept methods any such module names (with every
    candidate method let in) holds nothing read, and its methods' stores are not walked (perf42: 1.4 s of the
    check's 1.4 s at 150 commits of drift_speed's window).  A class that has one is read whole (its other
    methods' fields and names decide which fork subclasses are receivers).  A text whose names the parser folds
    (``gateable``) names every method."""
    if not methods:
        return set()
    let_in = re.compile(r"\.(?:" + "|".join(map(re.escape, sorted(methods))) + r")\(")  # fork_modules' test
    named: set[str] = set()
    for path in sorted(trees.mine):
        added = trees.mine[path].added.values() if path.endswith(".py") else ()
        if not any(let_in.search(line) for line in added) or (text := trees.merged_text(path)) is None:
            continue
        if not gateable(text):
            return set(methods)
        named |= methods & set(_WORD.findall(text))
    return named


def _called_methods(trees: ThreeTrees, paths: list[str]) -> bool:
    """The all-or-nothing gate before the base's fields are scanned (perf38: ``_STORED`` over the sixteen
    candidates' base texts, ~530 KB at 80 commits, was most of this check's cost once its parses were gated):
    every finding's fork file passes ``fork_modules``' test, a line the fork added holding ``.method(`` for a
    stopped method, and that method is one both versions of its file define in a top-level class, so its name
    is among ``declared``'s.  Only all or nothing: a module let in by one candidate's method is then searched for
    every candidate's calls, on any line."""
    return added_names_a_def(trees, paths, lambda name: f".{name}(")


def top_classes(module: ast.Module) -> dict[str, ast.ClassDef]:
    return {s.name: s for s in module.body if isinstance(s, ast.ClassDef)}


def own_methods(cls: ast.ClassDef) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    return {s.name: s for s in cls.body if isinstance(s, _FUNCS)}


def _stopped_in(
    path: str, old: ast.ClassDef, new: ast.ClassDef, readers: _Readers | None = None
) -> dict[str, dict[str, Stopped]]:
    olds, news = own_methods(old), own_methods(new)
    kept = _declared(new) | {f for m in news.values() for f in _stores(m)}
    had = _declared(old) | {f for m in olds.values() for f in _stores(m)}
    found: dict[str, dict[str, Stopped]] = {}
    # a constructor's stores are deferred-init drift's (``super().__init__()`` then ``self.field``), whose
    # guards (a try, a class default, a fork call of the delayed init, ``__getattr__``) this check lacks
    for name in (olds.keys() & news.keys()) - {"__init__"}:
        method = news[name]
        if _hands_on(method, readers) or _emptied(method):
            continue
        reached = _reached(method, news, kept - news.keys())
        if reached is None:
            continue
        before = _reached(olds[name], olds, had - olds.keys()) or [olds[name]]  # its own helpers stored too
        removed = had - (kept | news.keys())  # fields upstream's class dropped
        stores = _telling_stores(before, new, removed, readers.default_of if readers else None)
        based = readers is not None and _based_elsewhere(new, top_classes(readers.module))
        now = {f for func in reached for f in _stores(func)}
        for field in sorted(stores.keys() - now):
            if "." in field and (field.split(".", 1)[0] in now or field.split(".", 1)[0] not in kept):
                continue  # the first field itself stored now (a new object may hold the path), or gone: not read
            if field in kept or "." in field:
                moved, handed = _moved(new, field), any(_hands_on(func, readers) for func in reached[1:])
                cleared = all(_clears(value) for value in stores[field])
                deleted = any(_deletes(func, field) for func in reached)
                found.setdefault(name, {})[field] = Stopped(
                    path, new.name, name, field, moved, handed, cleared, deleted=deleted
                )
            elif based:
                # gone from the class, but a base of another module may still set it (#23917 moved the
                # executor's ``kv_output_aggregator`` out of ``_init_executor`` into a base's later setup):
                # symbol drift sees the base's store and stays quiet, and when it runs this check cannot tell
                found.setdefault(name, {})[field] = Stopped(path, new.name, name, field, False, based=True)
    return found


def _deletes(func: ast.AST, field: str) -> bool:
    """``del self.field`` in the function (killers180: #22499's ``GroupCoordinator.destroy`` went from
    ``self.device_group = None`` to ``del self.device_group``: a read after it raises AttributeError, where the
    reset it replaced read None)."""
    return any(
        isinstance(t, ast.Attribute) and t.attr == field and isinstance(t.value, ast.Name) and t.value.id == "self"
        for n in ast.walk(func)
        if isinstance(n, ast.Delete)
        for t in n.targets
    )


def _based_elsewhere(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> bool:
    """A base of ``cls`` (or of a base the module defines, transitively) comes from another module: it may
    store a field the module's classes no longer do.  ``object`` and typing's or abc's markers store nothing."""
    return any(c is None for b in cls.bases for c in _ahead(b, classes))


def _telling_stores(
    funcs: list[ast.AST],
    new: ast.ClassDef,
    removed: set[str],
    default_of: Callable[[ast.ClassDef, str], ast.expr | None] | None = None,
) -> dict[str, list[ast.expr | None]]:
    """field -> the values the base's ``funcs`` stored in it, less the stores whose loss changes nothing a
    read after the call sees: one in the body of an ``if`` testing a field upstream's class no longer has (the
    store served an input upstream removed: a fork still passing it meets removed-field drift), and a fill of
    ``None`` (``if self.f is None: self.f = ...``) in a field upstream now declares with a type that takes no
    None (#30397's ``seed``), and a store of the value upstream's class now declares as the field's default under a
    test of the field itself (#26758 swapped a ``scheduler_cls`` still at its default for the scheduler it then made
    the default): the field holds what the store gave it.  A field all of whose stores are such is not in the result."""
    found: dict[str, list[ast.expr | None]] = {}
    filled = _non_optional(new)
    for func in funcs:
        parents = parent_map(func)
        for field, node, value in _store_nodes(func):
            tests = list(_guards(node, func, parents))
            if any(_removed_input(t, removed) for t in tests) or (
                field in filled and any(_is_none(t, field) for t in tests)
            ):
                continue
            if value is not None and default_of is not None and any(_reads_self(t, field) for t in tests):
                default = default_of(new, field)
                if default is not None and ast.dump(default) == ast.dump(value):
                    continue
            found.setdefault(field, []).append(value)
    return found


def _moved(cls: ast.ClassDef, field: str) -> bool:
    """Another method of the class still stores the field, or stores a raw key of its name (a validator
    filling ``data["field"] = ...`` or ``data.setdefault("field", ...)`` at construction): the write may run
    before the call."""
    return any(_keyed(n, field) for n in ast.walk(cls)) or any(field in _stores(m) for m in own_methods(cls).values())


def _keyed(node: ast.AST, field: str) -> bool:
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
        return isinstance(node.slice, ast.Constant) and node.slice.value == field
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "setdefault":
        return bool(node.args) and isinstance(node.args[0], ast.Constant) and node.args[0].value == field
    return False


def _declared(cls: ast.ClassDef) -> set[str]:
    return {s.target.id for s in cls.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}


def _stores(func: ast.AST) -> set[str]:
    """The fields ``func`` stores on ``self`` (``self.x = ...``, ``self.x += ...``, ``setattr(self, "x", ...)``,
    ``object.__setattr__(self, "x", ...)``)."""
    found = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and (path := self_path(node)):
            found.add(path)
        elif isinstance(node, ast.Call) and _a_setattr(node.func) and len(node.args) == 3:
            key = node.args[1]
            if is_name(node.args[0], "self") and isinstance(key, ast.Constant) and isinstance(key.value, str):
                found.add(key.value)
    return found


def _store_nodes(func: ast.AST) -> Iterator[tuple[str, ast.AST, ast.expr | None]]:
    """Each store ``_stores`` reads: (field, node, the value stored, or None when not one expression)."""
    for node in ast.walk(func):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Attribute) and (path := self_path(t)):
                    yield path, node, node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
                elif isinstance(t, ast.Tuple | ast.List):
                    yield from (
                        (e.attr, node, None)
                        for e in t.elts
                        if isinstance(e, ast.Attribute) and is_name(e.value, "self")
                    )
        elif isinstance(node, ast.Call) and _a_setattr(node.func) and len(node.args) == 3:
            key = node.args[1]
            if is_name(node.args[0], "self") and isinstance(key, ast.Constant) and isinstance(key.value, str):
                yield key.value, node, node.args[2]


def self_path(node: ast.Attribute, recv: str = "self") -> str:
    """``a`` of ``self.a``, ``a.b`` of ``self.a.b``: the attribute path off ``recv``; "" off anything else."""
    parts: list[str] = []
    expr: ast.expr = node
    while isinstance(expr, ast.Attribute):
        parts.insert(0, expr.attr)
        expr = expr.value
    return ".".join(parts) if is_name(expr, recv) else ""


def _guards(node: ast.AST, func: ast.AST, parents: dict[int, ast.AST]) -> Iterator[ast.expr]:
    """The tests of the ``if`` statements whose body (not ``else``) holds ``node``, inside ``func``."""
    child, parent = node, parents.get(id(node))
    while parent is not None and parent is not func:
        if isinstance(parent, ast.If) and any(s is child for s in parent.body):
            yield parent.test
        child, parent = parent, parents.get(id(parent))


def _removed_input(test: ast.expr, removed: set[str]) -> bool:
    """The test reads ``self.g`` of a field the class had (declared or stored) and upstream's no longer has."""
    return any(isinstance(n, ast.Attribute) and is_name(n.value, "self") and n.attr in removed for n in ast.walk(test))


def _reads_self(test: ast.expr, field: str) -> bool:
    return any(isinstance(n, ast.Attribute) and is_name(n.value, "self") and n.attr == field for n in ast.walk(test))


def _is_none(test: ast.expr, field: str) -> bool:
    """``self.field is None`` (or ``== None``)."""
    return (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Is | ast.Eq)
        and isinstance(test.left, ast.Attribute)
        and is_name(test.left.value, "self")
        and test.left.attr == field
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    )


def _non_optional(cls: ast.ClassDef) -> set[str]:
    """Fields the class declares with a type that takes no None (no ``None``, ``Optional``, ``Any`` nor a quoted
    name in it) and a default other than None (``x: int = None`` takes it all the same)."""
    found = set()
    for stmt in cls.body:
        if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
            continue
        parts = list(ast.walk(stmt.annotation))
        names = {n.id if isinstance(n, ast.Name) else n.attr for n in parts if isinstance(n, ast.Name | ast.Attribute)}
        constants = [n.value for n in parts if isinstance(n, ast.Constant)]
        takes_none = any(c is None or isinstance(c, str) for c in constants) or bool(
            names & {"Optional", "Any", "object"}
        )
        if not takes_none and not (isinstance(stmt.value, ast.Constant) and stmt.value.value is None):
            found.add(stmt.target.id)
    return found


def _clears(value: ast.expr | None) -> bool:
    """An emptying value: ``[]``, ``{}``, ``()``, ``set()``, ``list()``, ``dict()``, ``0``, ``False``, ``None``, ``""``."""
    if isinstance(value, ast.List | ast.Tuple | ast.Set):
        return not value.elts
    if isinstance(value, ast.Dict):
        return not value.keys
    if isinstance(value, ast.Call):
        empty = not value.args and not value.keywords
        return empty and isinstance(value.func, ast.Name) and value.func.id in ("set", "list", "dict", "tuple")
    if not isinstance(value, ast.Constant):
        return False
    v = value.value
    return v is None or v is False or v == "" or (type(v) is int and v == 0)


def _a_setattr(func: ast.expr) -> bool:
    """``setattr``, or ``object.__setattr__`` (a frozen dataclass's own store)."""
    return is_name(func, "setattr") or (isinstance(func, ast.Attribute) and func.attr == "__setattr__")


def _reached(
    method: ast.AST, methods: dict[str, ast.FunctionDef | ast.AsyncFunctionDef], values: set[str]
) -> list[ast.AST] | None:
    """``method`` and the class's own methods it calls on ``self``, transitively; None when one calls a ``self.``
    method the class does not define (a base's helper, which may store the field).  A call of one of
    ``values``, the class's own fields (``self.model(x)``, ``self.hook()``), is a callable it holds: it is handed
    no ``self`` and cannot store on it."""
    seen, todo, found = set(), [method], []
    while todo:
        func = todo.pop()
        if id(func) in seen:
            continue
        seen.add(id(func))
        found.append(func)
        for node in ast.walk(func):
            if isinstance(node, ast.Attribute) and is_name(node.value, "self") and node.attr in methods:
                todo.append(methods[node.attr])
            elif _calls_self(node) and node.func.attr not in methods.keys() | values:  # type: ignore[attr-defined]
                return None
    return found


def _calls_self(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and is_name(node.func.value, "self")


def _hands_on(method: ast.AST, readers: Callable[[ast.Call], bool] | None = None) -> bool:
    """The method calls ``super()``, or hands ``self`` to a call (``_fill(self)``) that ``readers`` does not
    know to only read it: another function may store the field."""
    return any(
        isinstance(n, ast.Call)
        and (
            is_name(n.func, "super")
            or (
                any(is_name(a, "self") for a in [*n.args, *(k.value for k in n.keywords)])
                and not (readers is not None and readers(n))
            )
        )
        for n in ast.walk(method)
    )


class _Readers:
    """Whether a call of a module's method only reads what it is handed: a reading builtin, or a top-level
    function of the module (or of the module it is imported from, at upstream) that only reads its
    parameters.  Another module's text is read and parsed only for a function a call names, once."""

    def __init__(self, trees: ThreeTrees, path: str, module: ast.Module) -> None:
        self.trees, self.path, self.module = trees, path, module
        self.imports: dict[str, tuple[str, str]] | None = None
        self.known: dict[str, bool] = {}

    def __call__(self, call: ast.Call) -> bool:
        if isinstance(call.func, ast.Attribute) and is_name(call.func.value, "weakref"):
            return call.func.attr in _HOLDERS  # ``weakref.finalize(self, self.shutdown)``: a reference kept
        if not isinstance(call.func, ast.Name):
            return False
        name = call.func.id
        if name in _READERS:
            return True
        if name not in self.known:
            func = _top_def(self.module, name) or self._imported(name)
            self.known[name] = func is not None and _reads_only(func)
        return self.known[name]

    def _imported(self, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        found = self._module_of(name, "def {}(", hops=1)
        return _top_def(found[0], found[1]) if found else None

    def _module_of(self, name: str, word: str, hops: int) -> tuple[ast.Module, str] | None:
        """The parsed module at upstream defining what this module imports as ``name`` (its text holds ``word``
        formatted with the imported name) and that name, following up to ``hops - 1`` re-exports (a package's
        ``__init__`` importing it from a submodule)."""
        if self.imports is None:
            self.imports = file_imports(self.module, self.path)
        source, attr = self.imports.get(name, ("", ""))
        for _ in range(hops):
            if not source or not attr:
                return None
            stem = source.replace(".", "/")
            texts = self.trees.blobs(self.trees.theirs, [f"{stem}.py", f"{stem}/__init__.py"]).items()
            tree, where = next(((parse_python(t, w), w) for w, t in texts if t and attr in t), (None, ""))
            if tree is None:
                return None
            if word.format(attr) in (dict(texts).get(where) or ""):
                return tree, attr
            source, attr = file_imports(tree, where).get(attr, ("", ""))
        return None

    def default_of(self, cls: ast.ClassDef, field: str) -> ast.expr | None:
        """The default upstream's class declares for ``field``: its literal, or the literal of the class attribute
        it names (``X.field`` of a class imported from a module of the tree: #26758's ``SchedulerConfig.scheduler_cls``)."""
        value = _declared_value(cls, field)
        if not (isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)):
            return value if isinstance(value, ast.Constant) else None
        owner = value.value.id
        found = self._module_of(owner, "class {}", hops=2)
        other = next((c for c in top_classes(found[0]).values() if c.name == found[1]), None) if found else None
        named = _declared_value(other, value.attr) if other is not None else None
        return named if isinstance(named, ast.Constant) else None


def _declared_value(cls: ast.ClassDef, field: str) -> ast.expr | None:
    """The value a class body gives ``field`` (``field: T = value`` or ``field = value``)."""
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and is_name(stmt.target, field):
            return stmt.value
        if isinstance(stmt, ast.Assign) and any(is_name(t, field) for t in stmt.targets):
            return stmt.value
    return None


def _top_def(module: ast.Module, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The module's own top-level function of that name (defined once: an ``if``/``else`` pair is not known)."""
    defs = [s for s in module.body if isinstance(s, _FUNCS) and s.name == name]
    return defs[0] if len(defs) == 1 else None


def _reads_only(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """No parameter of ``func`` is stored on (an attribute or an item), bound to another name, or handed to a
    call other than a reading builtin's."""
    args = func.args
    params = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg] if a}
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute | ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
            if _root_name(node) in params:
                return False
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.NamedExpr) and _root_name(node.value) in params:
            return False
        elif isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id in _READERS):
            handed = [*node.args, *(k.value for k in node.keywords)]
            if any(_root_name(a) in params for a in handed) or _root_name(node.func) in params:
                return False
    return True


def _root_name(expr: ast.AST | None) -> str:
    """The name an expression reaches through attributes, items and starred values (``o.a[0]`` -> ``o``)."""
    while isinstance(expr, ast.Attribute | ast.Subscript | ast.Starred):
        expr = expr.value
    return expr.id if isinstance(expr, ast.Name) else ""


def _emptied(method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Abstract or a stub: emptied methods are another check's (drift/emptied.py)."""
    body = [s for s in method.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    return not body or all(isinstance(s, ast.Raise | ast.Pass) for s in body)


def is_name(expr: ast.AST, name: str) -> bool:
    return isinstance(expr, ast.Name) and expr.id == name


def _fork_reads(path: str, module: ast.Module, owned: set[int], found: Found) -> Iterator[tuple[int, str, Stopped]]:
    imports = file_imports(module, path)
    for func, receivers in _receivers(module, imports, found):
        for recv, key in receivers.items():
            yield from _reads_after(func, recv, found[key], owned)


def _receivers(
    module: ast.Module, imports: dict[str, tuple[str, str]], found: Found
) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, dict[str, tuple[str, str]]]]:
    """Each function with its receivers of a class that stopped a write: parameters annotated with it, and
    ``self`` in a subclass of it that keeps the class's methods, or ``super()`` in one that overrides them (its
    ``super().method(...)`` is upstream's; its ``self.method(...)``, the fork's own)."""
    classes = top_classes(module)
    for node in ast.walk(module):
        if isinstance(node, ast.ClassDef):
            for i, base in enumerate(node.bases):
                key = class_origin(base, imports)
                if key not in found:
                    continue
                fields = {f for by_field in found[key].values() for f in by_field}
                ahead = [c for b in node.bases[:i] for c in _ahead(b, classes)]
                if any(c is None or _fills(c, found[key].keys(), fields) for c in ahead) or _fills(node, (), fields):
                    continue
                recv = _SUPER if _fills(node, found[key].keys(), set()) else "self"
                yield from ((m, {recv: key}) for m in own_methods(node).values())
        if isinstance(node, _FUNCS):
            params = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
            typed = {
                a.arg: k for a in params if a.annotation is not None and (k := annotated_class(a.annotation, imports))
            }
            if typed := {name: key for name, key in typed.items() if key in found}:
                yield node, typed


def _ahead(base: ast.expr, classes: dict[str, ast.ClassDef]) -> Iterator[ast.ClassDef | None]:
    """A base listed ahead of the upstream class, which the method resolution order reaches first: the fork
    module's class and its own bases there, transitively; None for one the module does not define (a mixin
    imported from elsewhere, which may override the method), but ``object`` and typing's or abc's markers."""
    seen: set[str] = set()
    todo = [base]
    while todo:
        expr = todo.pop()
        head = expr.value if isinstance(expr, ast.Subscript) else expr
        name = _last(head)
        if name in _MARKERS or name in seen:
            continue
        seen.add(name)
        cls = classes.get(name) if isinstance(head, ast.Name) else None
        yield cls
        todo.extend(cls.bases if cls is not None else ())


def _fills(cls: ast.ClassDef, methods: Iterable[str], fields: set[str]) -> bool:
    """The fork's class overrides a method that stopped its write, stores one of its fields, or defines a
    member of a field's name (a property: the read reaches it, not the stale value)."""
    own = set(own_methods(cls))
    stored = {f for m in own_methods(cls).values() for f in _stores(m)}
    return bool(own & set(methods) or stored & fields or own & fields)


def annotated_class(annotation: ast.expr, imports: dict[str, tuple[str, str]]) -> tuple[str, str] | None:
    """The class a parameter's annotation names, alone or with None (``X | None``, ``Optional[X]``): past the
    call, the receiver is the object (a None would have raised at the call)."""
    expr = unquoted(annotation)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        sides = [e for e in (expr.left, expr.right) if not (isinstance(e, ast.Constant) and e.value is None)]
        expr = sides[0] if len(sides) == 1 else expr
    elif isinstance(expr, ast.Subscript) and _last(expr.value) == "Optional":
        expr = expr.slice
    return class_origin(expr, imports)


def _last(expr: ast.expr) -> str:
    return expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else ""


def class_origin(expr: ast.expr, imports: dict[str, tuple[str, str]]) -> tuple[str, str] | None:
    expr = unquoted(expr)
    if isinstance(expr, ast.Name):
        return imports.get(expr.id)
    return imported_origin(expr, imports) if isinstance(expr, ast.Attribute) else None


def _reads_after(
    func: ast.FunctionDef | ast.AsyncFunctionDef, recv: str, by_method: dict[str, dict[str, Stopped]], owned: set[int]
) -> Iterator[tuple[int, str, Stopped]]:
    calls: list[ast.Call] = []  # recv.method(...) calls of a method that stopped a write
    reads: list[ast.Attribute] = []
    called, recv = recv, "self" if recv == _SUPER else recv  # ``super().method(...)``, then ``self.field``
    for node in ast.walk(func):
        if _rebinds(node, recv):
            return
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and _is_receiver(node.func.value, called)
        ):
            if node.func.attr in by_method:
                calls.append(node)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and self_path(node, recv):
            reads.append(node)
    stored = {n.attr for n in ast.walk(func) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)}
    parents = parent_map(func)
    handed = [n.lineno for n in ast.walk(func) if isinstance(n, ast.Call) and _hands(n, recv)]
    for read in sorted(reads, key=lambda r: r.lineno):
        path = self_path(read, recv)
        if read.lineno not in owned or stored & set(path.split(".")):
            continue
        for call in sorted(calls, key=lambda c: c.lineno):
            stop = by_method[call.func.attr].get(path)  # type: ignore[attr-defined]
            if stop and _runs_before(call, read, parents) and not any(call.lineno < h < read.lineno for h in handed):
                if not (stop.deleted and _absence_handled(read, parents)):
                    yield read.lineno, recv, stop
                break


def _absence_handled(read: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """The read runs only where ``hasattr(x, "field")`` holds (``not hasattr(g, "f") or g.f is None``, an ``if
    hasattr``, an early exit), or in a ``try`` catching AttributeError: written for the deleted field (review93:
    #22499's ``del self.device_group`` makes such a read safe, where a stale value read would not be)."""
    caught = frozenset({"AttributeError", "Exception", "BaseException"})
    return hasattr_ensured(read, ast.unparse(read.value), read.attr, parents) or caught_around(read, caught, parents)


def _is_receiver(expr: ast.expr, recv: str) -> bool:
    """``recv`` itself, or a bare ``super()`` for the pseudo-receiver of an override."""
    if recv == _SUPER:
        return isinstance(expr, ast.Call) and is_name(expr.func, "super") and not expr.args
    return is_name(expr, recv)


def _hands(call: ast.Call, recv: str) -> bool:
    """``_fill(request)``: the receiver handed to a call, which may store the field."""
    return any(is_name(a, recv) for a in [*call.args, *(k.value for k in call.keywords)])


def _runs_before(call: ast.AST, read: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``call`` sits above ``read`` and not in a sibling branch (``if fast: r.m()`` / ``else: r.field``): the two
    part at their lowest common ancestor, which must not hold them in two branches of one ``if``/``try``/``match``."""
    if read.lineno <= call.lineno:  # type: ignore[attr-defined]
        return False
    chain = _ancestry(call, parents)
    child, parent = read, parents.get(id(read))
    while parent is not None and id(parent) not in chain:
        child, parent = parent, parents.get(id(parent))
    if parent is None or _deferred(call, parent, parents):
        return False
    fields = {_field_of(parent, chain[id(parent)]), _field_of(parent, child)}
    if isinstance(parent, ast.If | ast.IfExp) and fields == {"body", "orelse"}:
        return False
    return len(fields) == 1 or not all(f.startswith("branch") for f in fields)


def _deferred(call: ast.AST, common: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``call`` sits in a nested ``def`` or ``lambda`` that does not hold the read: defining it runs nothing,
    and it may run after the read or never (``build = lambda: request.to_sampling_params(...)``)."""
    node = parents.get(id(call))
    while node is not None and node is not common:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            return True
        node = parents.get(id(node))
    return False


def _ancestry(node: ast.AST, parents: dict[int, ast.AST]) -> dict[int, ast.AST]:
    """id(ancestor) -> its child on the way down to ``node``."""
    chain: dict[int, ast.AST] = {}
    child, parent = node, parents.get(id(node))
    while parent is not None:
        chain[id(parent)] = child
        child, parent = parent, parents.get(id(parent))
    return chain


def _field_of(parent: ast.AST, child: ast.AST) -> str:
    """The field of ``parent`` holding ``child``: ``body``/``orelse`` of an ``if`` (or ``try``), or one handler
    or match case (each a branch of its own)."""
    for field, value in ast.iter_fields(parent):
        if value is child:
            return field
        if isinstance(value, list) and any(v is child for v in value):
            return f"branch{id(child)}" if field in ("handlers", "cases") else field
    return ""


def _rebinds(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store | ast.Del)


def _finding(trees: ThreeTrees, path: str, line: int, recv: str, stop: Stopped, pr_pattern: str) -> Finding:
    field = stop.field.replace(".", r"\.")
    commit = trees.upstream_commit(stop.path, rf"self\.{field}([^A-Za-z0-9_]|$)", pr_pattern)
    where = f"{stop.cls}.{stop.method}"
    reader = "self" if recv == _SUPER else recv
    said = (
        f"fork-owned read of {reader}.{stop.field} after {recv}.{stop.method}(...), which upstream's {where} no "
        f"longer sets ({stop.path}{commit}): the read now sees the field as it was before the call"
    )
    if stop.deleted:
        said += f"; it now deletes it (del self.{stop.field}), so the read raises AttributeError"
    elif stop.moved:
        said += "; another method of the class still sets it, which may run first: check which does"
    elif stop.handed:
        said += "; a helper it calls hands the object on (a setattr of a computed name, a call), which may set it"
    elif stop.cleared:
        said += "; the base only emptied it (a reset), so the read may want the value it keeps now: check which"
    elif stop.based:
        said += (
            "; the class stores it nowhere now, and a base class of another module may set it (in its "
            "constructor, or a setup step run later): until that runs the read raises AttributeError"
        )
    # a deletion is certain where a reset or a store elsewhere was a guess: nothing between the call and the read
    # (the fork's own lines) stores the field again
    hedged = stop.handed or stop.based or (not stop.deleted and (stop.moved or stop.cleared))
    severity = Severity.WARNING if hedged else Severity.ERROR
    return Finding(RULE, "merge", severity, path, line, said)
