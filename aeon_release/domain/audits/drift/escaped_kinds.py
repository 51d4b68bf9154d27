"""Escaped-kind drift: upstream made a raise site of a builtin kind raise a project class outside that kind.

``try: return super().resolve_items()`` / ``except ValueError: return None, None`` merges cleanly after
upstream turned ``_resolve_items``' ``raise ValueError("Mixing raw image and embedding inputs ...")`` into
``raise <the project's>ValidationError(...)`` (#50491): the class derives from a ``ClientError`` -> ``Error`` ->
``Exception``, never from ``ValueError``, so the fork's handler stops catching it and the error escapes.
raised_kinds.py judges builtin kinds raised by the called def's own body; this check judges the project's
own classes, whose bases it follows through upstream's tree, and the raise sites of the defs the called def
reaches in its own file (a helper it calls, a helper of that helper).

A def *moved a raise site*: at the merge base its own body raised builtin ``K`` more often than upstream's,
and upstream's raises a project class ``P`` more often than the base's, where every chain of ``P``'s bases,
read class by class in upstream's Python files, ends at builtin kinds none of which is ``K`` or derives from
it (a base the tree does not define, a library's class, leaves ``P`` unjudged: it may derive from ``K``).
A fork-owned handler of ``K`` (no catch-all) is found when its ``try``'s body calls a def whose file-local
reach (the defs of its file it calls by name, three calls deep) holds such a def, and no handler of the try
catches ``P`` or a base of it (import aliases mapped back; the handlers of the trys around it in the same
function count too).  A bare name the fork's file defines, and a ``self.`` call of a def the fork's class
defines, are the fork's own: skipped; the fork class's defs drop out of the reach (an override wins over
upstream's ``self.`` call).  An error when the call is tied to the def's file (a name imported from its
module, that module's alias, ``super()``/``self`` into an upstream base), the raise is paired (``P``'s raise
keeps a message literal or an ``if`` test of a lost ``K`` raise), the body calls nothing else (``super()``
aside) and raises nothing itself, and no def of the reach still raises ``K`` or a kind deriving from it: the
handler catches nothing the call raises now.  Otherwise a warning: part of what the handler caught escapes
now, or the evidence does not prove the fork's call reaches upstream's moved raise.

Cheap first: only when a line the fork added is an ``except`` naming a builtin kind, and an upstream diff took
out a ``raise`` line and added a ``raise`` of a capitalised name; then only those files defining a called
name are parsed, and the files defining a class name they raise.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from dataclasses import dataclass

from aeon_release.domain.audits.drift.raised_kinds import builtin_error, builtin_subclass
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees, owner_class
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, method_defs, parse_python

__all__ = ["RULE", "escaped_kind_drift"]

_EXCEPT = lazy_pattern(r"^\s*except\b(.*)")
_RAISE_REMOVED = lazy_pattern(r"\n-[ \t]*raise\b")
_RAISE_ADDED = lazy_pattern(r"\n\+[ \t]*raise[ \t]+[A-Z]")
_CATCH_ALL = frozenset({"Exception", "BaseException"})
_DEPTH = 3  # calls deep a def's reach follows in its own file
_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Moved:
    """``qualname`` (in ``path``) raised builtin ``old`` at the base where upstream raises ``new``, whose
    bases are ``chain`` (builtins included)."""

    qualname: str
    path: str
    old: str
    new: str
    chain: frozenset[str]
    paired: bool  # a raise of ``new`` kept a message or an ``if`` test of a lost raise of ``old``


@dataclass(frozen=True)
class _Try:
    handler: ast.ExceptHandler
    calls: frozenset[tuple[str, str]]  # (called name, route: "super", "self", "mod:<module>" or "?")
    bases: frozenset[str]  # the bases of the class the try sits in (``super()``'s defs)
    methods: frozenset[str]  # the defs of that class (overrides of what upstream's ``self.`` calls reach)
    alone: bool  # one call, no raise or assert of its own
    siblings: frozenset[str]  # what every handler of the try (and of the trys around it) catches
    patched: frozenset[str]  # names the fork's file assigns onto a module or class (``chat._resolve = f``)


@dataclass(frozen=True)
class _Module:
    """A fork file's import aliases (alias -> dotted target) and the names its module-level defs take."""

    path: str
    imports: dict[str, str]
    defs: frozenset[str]
    patched: frozenset[str]


def escaped_kind_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    forks = _fork_tries(trees)
    names = {n for _, tries in forks for t in tries for n, _ in t.calls}
    if not names:
        return []
    chains: dict[str, frozenset[str]] = {}  # a class's bases, read once
    files = _upstream_files(trees, names, chains)
    if not files:
        return []
    findings = []
    for path, tries in forks:
        for one in tries:
            found = _judge(trees, one, files, chains)
            if found is not None:
                findings.append(_finding(trees, path, one, *found, pr_pattern))
    return findings


def _fork_tries(trees: ThreeTrees) -> list[tuple[str, list[_Try]]]:
    """(path, fork-owned handlers of builtin kinds) of the fork's files whose added lines hold such an except."""
    found = []
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        added = trees.mine[path].added.values()
        if not any((m := _EXCEPT.search(t)) and any(map(builtin_error, re.findall(r"\w+", m.group(1)))) for t in added):
            continue
        module, owned = trees.merged_module(path), trees.owned_lines(path)
        if module is None or not owned:
            continue
        defs = frozenset(s.name for s in module.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)))
        fork = _Module(path, _imports(module, path), defs, _patched(module))
        classes, outer = _enclosing_classes(module), _outer_handlers(module, fork)
        tries = [
            t
            for node in ast.walk(module)
            if isinstance(node, ast.Try)
            for t in _owned(node, owned, fork, classes.get(id(node), _NO_CLASS), outer.get(id(node), frozenset()))
        ]
        if tries:
            found.append((path, tries))
    return found


_NO_CLASS: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())


def _patched(module: ast.Module) -> frozenset[str]:
    """The attribute names the file assigns off a plain name (``chat._resolve = _aeon_resolve``): the fork
    swaps in its own def, which may still raise what the handler catches."""
    return frozenset(
        t.attr
        for n in ast.walk(module)
        if isinstance(n, ast.Assign)
        for t in n.targets
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id not in ("self", "cls")
    )


def _imports(module: ast.Module, path: str) -> dict[str, str]:
    """alias -> dotted target of a file's imports (``from a.b import c as d``: d -> a.b.c; relative ones
    resolved against the file's package)."""
    found: dict[str, str] = {}
    package = path.rsplit("/", 1)[0].split("/") if "/" in path else []
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            found.update(
                (a.asname or a.name.split(".")[0], a.name if a.asname else a.name.split(".")[0]) for a in node.names
            )
        elif isinstance(node, ast.ImportFrom):
            parts = package[: len(package) - node.level + 1] if node.level else []
            origin = ".".join([*parts, *([node.module] if node.module else [])])
            found.update((a.asname or a.name, f"{origin}.{a.name}") for a in node.names)
    return found


def _enclosing_classes(module: ast.Module) -> dict[int, tuple[frozenset[str], frozenset[str]]]:
    """id of each ``try`` inside a class -> the base names and the def names of the innermost class holding it."""
    found: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
    classes = {n.name: n for n in ast.walk(module) if isinstance(n, ast.ClassDef)}
    for cls in classes.values():
        names = frozenset(b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in cls.bases)
        # a mixin of the same file (``class T(StrictMixin, Tracker)``) overrides what it defines, like the class
        mine = [cls, *(classes[b] for b in names if b in classes and classes[b] is not cls)]
        methods = frozenset(
            s.name for c in mine for s in c.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
        )
        found.update((id(n), (names, methods)) for n in ast.walk(cls) if isinstance(n, ast.Try))
    return found


def _outer_handlers(module: ast.Module, fork: _Module) -> dict[int, frozenset[str]]:
    """id of each ``try`` -> what the handlers of the trys around it in the same function catch: an escape
    from the inner handler lands there."""
    found: dict[int, frozenset[str]] = {}

    def visit(node: ast.AST, outer: frozenset[str]) -> None:
        inner = outer
        if isinstance(node, ast.Try):
            found[id(node)] = outer
            inner = outer | _handled(node, fork)
        elif isinstance(node, (ast.With, ast.AsyncWith)):  # ``with contextlib.suppress(K):`` is a try of K
            inner = outer | _suppressed(node, fork)
        # a statement's body is a list; a lambda's or a conditional expression's is one expression
        body = getattr(node, "body", None)
        for child in ast.iter_child_nodes(node):
            scoped = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
            in_body = isinstance(body, list) and any(s is child for s in body)
            visit(child, frozenset() if scoped else inner if in_body else outer)

    visit(module, frozenset())
    return found


def _suppressed(node: ast.With | ast.AsyncWith, fork: _Module) -> frozenset[str]:
    calls = [i.context_expr for i in node.items if isinstance(i.context_expr, ast.Call)]
    kinds = [a for c in calls if ast.unparse(c.func).rsplit(".", 1)[-1] == "suppress" for a in c.args]
    names = [k.id if isinstance(k, ast.Name) else k.attr if isinstance(k, ast.Attribute) else "" for k in kinds]
    return frozenset(fork.imports.get(n, n).rsplit(".", 1)[-1] for n in names if n)


def _handled(node: ast.Try, fork: _Module) -> frozenset[str]:
    """What a try's handlers catch, aliases mapped back (a bare handler: everything)."""
    every = [_caught(h) for h in node.handlers]
    if any(c is None for c in every):
        return _CATCH_ALL
    return frozenset(fork.imports.get(n, n).rsplit(".", 1)[-1] for c in every if c for n in c)


def _owned(
    node: ast.Try, owned: set[int], fork: _Module, cls: tuple[frozenset[str], frozenset[str]], outer: frozenset[str]
) -> list[_Try]:
    every = [_caught(h) for h in node.handlers]
    siblings = _handled(node, fork) | outer
    if _CATCH_ALL & siblings:
        return []  # a bare or catch-all handler of the try (or of one around it) catches whatever escapes
    calls, alone = _body_calls(node.body, fork, cls[1])
    return [
        _Try(h, calls, cls[0], cls[1], alone, siblings, fork.patched)
        for h, caught in zip(node.handlers, every, strict=True)
        if h.lineno in owned and caught and calls and all(map(builtin_error, caught))
    ]


def _body_calls(
    body: list[ast.stmt], fork: _Module, methods: frozenset[str]
) -> tuple[frozenset[tuple[str, str]], bool]:
    """(name, route) of the calls a ``try`` body makes (``super()`` aside; the fork's own defs left out), and
    whether that is one call and nothing else raises."""
    calls: list[tuple[str, str]] = []
    other = False
    for node in (n for stmt in body for n in own_nodes([stmt])):
        other = other or isinstance(node, (ast.Raise, ast.Assert))
        if isinstance(node, ast.Call):
            name = _called(node)
            if name is None:
                other = True
            elif name != "super":
                calls.append((name, _route(node.func, fork, methods)))
    resolved = frozenset(_resolved(name, route, fork) for name, route in calls if route != "own")
    return resolved, not other and len(calls) == 1


def _route(func: ast.expr, fork: _Module, methods: frozenset[str]) -> str:
    """How a call reaches its def: off ``super()`` or ``self`` (into the class's bases), through an import of
    a module (``mod:a.b``), the fork's own def (``own``), or a receiver the check cannot tell (``?``)."""
    if isinstance(func, ast.Name):
        if func.id in fork.imports and func.id not in fork.defs:
            return "mod:" + fork.imports[func.id].rsplit(".", 1)[0]
        return "own" if func.id in fork.defs else "?"
    value = func.value if isinstance(func, ast.Attribute) else None
    if _called(value) == "super" if isinstance(value, ast.Call) else False:
        return "super"
    if isinstance(value, ast.Name) and value.id in ("self", "cls"):
        return "own" if isinstance(func, ast.Attribute) and func.attr in methods else "self"
    dotted = ast.unparse(value).split(".") if isinstance(value, (ast.Name, ast.Attribute)) else [""]
    if dotted[0] in fork.imports:  # ``chat._resolve()``, ``pkg.chat._resolve()`` after ``import pkg.chat``
        return "mod:" + ".".join([fork.imports[dotted[0]], *dotted[1:]])
    return "?"


def _resolved(name: str, route: str, fork: _Module) -> tuple[str, str]:
    """(the def's own name, route): ``from m import f as g``'s ``g()`` calls ``f``."""
    target = fork.imports.get(name, "") if route.startswith("mod:") and name not in fork.defs else ""
    return (target.rsplit(".", 1)[-1] if target.startswith(route[4:] + ".") else name), route


def _called(node: ast.AST) -> str | None:
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


# upstream's changed file -> (its defs at theirs by simple name, the raise sites moved there)
_Defs = dict[str, list[tuple[str, _Def]]]  # name -> (owner class or "", def)
_Files = dict[str, tuple[_Defs, list[Moved]]]


def _upstream_files(trees: ThreeTrees, names: set[str], chains: dict[str, frozenset[str]]) -> _Files:
    paths = trees.upstream.matching(_RAISE_ADDED, ".py", trees.upstream.matching(_RAISE_REMOVED, ".py"))
    defines = re.compile(r"\bdef[ \t]+(" + "|".join(sorted(map(re.escape, names))) + r")[ \t]*\(")
    after = trees.blobs(trees.theirs, paths)
    paths = [p for p in paths if defines.search(after[p] or "")]
    if not paths:
        return {}
    before = trees.blobs(trees.base, paths)
    found: _Files = {}
    for path in paths:
        old, new = _module(before[path]), _module(after[path])
        moved = _moved(trees, old, new, path, chains) if old is not None and new is not None else []
        if moved and new is not None:
            found[path] = (_by_name(new), moved)
    return found


def _module(text: str | None) -> ast.Module | None:
    return parse_python(text, "<escaped>") if text else None


def _by_name(module: ast.Module) -> _Defs:
    defs: _Defs = {}
    for qualname, func in method_defs(module.body):
        defs.setdefault(func.name, []).append((owner_class(qualname), func))
    return defs


def _moved(
    trees: ThreeTrees, old: ast.Module, new: ast.Module, path: str, chains: dict[str, frozenset[str]]
) -> list[Moved]:
    before = {q: f for q, f in method_defs(old.body)}
    found = []
    for qualname, func in method_defs(new.body):
        if qualname not in before:
            continue
        was, now = _raises(before[qualname]), _raises(func)
        lost = [k for k in was if builtin_error(k) and was[k] > now[k]]
        fresh = [k for k in now if not builtin_error(k) and now[k] > was[k]]
        keys_was, keys_now = _raise_keys(before[qualname]), _raise_keys(func)
        for new_kind in fresh:
            chain = _chain(trees, new_kind, chains)
            for kind in lost:
                if chain and not any(builtin_subclass(c, kind) for c in chain):
                    paired = bool(keys_was.get(kind, set()) & keys_now.get(new_kind, set()))
                    found.append(Moved(qualname, path, kind, new_kind, chain, paired))
    return found


def _raise_keys(func: _Def) -> dict[str, set[str]]:
    """kind -> the message literals and the ``if`` tests of a def's own raises of it: upstream deleting a check
    and adding an unrelated raise elsewhere in the def is no moved raise site."""
    keys: dict[str, set[str]] = {}
    for node in own_nodes(func.body):
        if isinstance(node, ast.If):
            for stmt in (s for s in node.body if isinstance(s, ast.Raise)):
                keys.setdefault(_kind(stmt), set()).add("if:" + ast.dump(node.test))
        elif isinstance(node, ast.Raise) and (message := _message(node)):
            keys.setdefault(_kind(node), set()).add("msg:" + message)
    return keys


def _message(node: ast.Raise) -> str:
    """A raise's message literal (an f-string's literal parts), or ""."""
    first = node.exc.args[0] if isinstance(node.exc, ast.Call) and node.exc.args else None
    parts = first.values if isinstance(first, ast.JoinedStr) else [first]
    return "".join(p.value for p in parts if isinstance(p, ast.Constant) and isinstance(p.value, str))


def _kind(node: ast.Raise) -> str:
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return exc.attr if isinstance(exc, ast.Attribute) else getattr(exc, "id", "?")


def _raises(func: _Def) -> Counter[str]:
    """The kinds a def's own body raises, by count (``assert``: ``AssertionError``; a re-raise: ``?``)."""
    kinds: Counter[str] = Counter()
    for node in own_nodes(func.body):
        if isinstance(node, ast.Assert):
            kinds["AssertionError"] += 1
        elif isinstance(node, ast.Raise):
            kinds[_kind(node)] += 1
    return kinds


def _chain(trees: ThreeTrees, name: str, cache: dict[str, frozenset[str]] | None = None) -> frozenset[str]:
    """``name`` and every base of it, read class by class in upstream's Python files; empty when a chain
    ends at a class the tree does not define (a library's: it may derive from anything)."""
    if cache is not None:
        if name not in cache:
            cache[name] = _chain(trees, name)
        return cache[name]
    seen: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        if builtin_error(current):
            continue
        bases = _bases(trees, current)
        if bases is None:
            return frozenset()
        todo.extend(bases)
    return frozenset(seen)


def _bases(trees: ThreeTrees, name: str) -> list[str] | None:
    """The base names of every upstream class called ``name`` (None: none defined, or a base not a plain name)."""
    paths = sorted(trees.python_files_with((f"class {name}(",)))
    found: list[str] = []
    for text in trees.blobs(trees.theirs, paths).values():
        module = _module(text)
        for node in ast.walk(module) if module is not None else ():
            if isinstance(node, ast.ClassDef) and node.name == name:
                names = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", None) for b in node.bases]
                if not names or None in names:
                    return None
                found += [n for n in names if n is not None]
    return found or None


def _reach(defs: _Defs, name: str, owners: frozenset[str] | None) -> list[_Def]:
    """The defs of ``name`` in a file (of the ``owners`` classes only, when given) and those they call by
    name there, ``_DEPTH`` calls deep."""
    reached: dict[int, _Def] = {}
    fresh = [f for owner, f in defs.get(name, []) if owners is None or owner in owners]
    for _ in range(_DEPTH + 1):
        reached.update((id(f), f) for f in fresh)
        frontier = [n for f in fresh for c in own_nodes(f.body) if (n := _called(c))]
        fresh = [f for n in frontier for _, f in defs.get(n, []) if id(f) not in reached]
    return list(reached.values())


def _judge(
    trees: ThreeTrees, one: _Try, files: _Files, chains: dict[str, frozenset[str]]
) -> tuple[Moved, str, Severity] | None:
    """The moved raise site a handler stops catching, the called name, and how sure: None when none."""
    caught = _caught(one.handler) or []
    for name, route in sorted(one.calls):
        for path, (defs, moved) in sorted(files.items()):
            reach = _reach(defs, name, one.bases if route in ("super", "self") else None)
            # the fork class's own defs override what upstream's ``self.`` calls would reach
            reach = [f for f in reach if f.name == name or f.name not in one.methods]
            quals = {id(f) for f in reach}
            hits = [m for m in moved if any(m.old == c or builtin_subclass(m.old, c) for c in caught)]
            hits = [m for m in hits if _defined(defs, m.qualname, quals) and not (m.chain & one.siblings)]
            if hits:
                order = {f.name: i for i, f in reversed(list(enumerate(reach)))}  # the nearest def first
                hits.sort(key=lambda m: order.get(m.qualname.rsplit(".", 1)[-1], len(order)))
                sure = one.alone and _upstreams(route, path) and hits[0].paired
                sure = sure and not _still(trees, reach, caught, chains) and name not in one.patched
                sure = sure and not _handles(reach, hits[0])
                return hits[0], name, Severity.ERROR if sure else Severity.WARNING
    return None


def _handles(reach: list[_Def], moved: Moved) -> bool:
    """A def of the reach wraps its call of the moved def in a handler of the new kind (or a base of it):
    ``try: return self._resolve_items(x) except ValidationError: return {}`` -- the new kind may never
    escape to the fork's handler.  A handler around other calls (a video splitter's ``except Exception``)
    says nothing of it."""
    kinds, name = moved.chain | {moved.new}, moved.qualname.rsplit(".", 1)[-1]
    return any(
        any(set(_caught(h) or ()) & kinds for h in t.handlers) and any(_called(c) == name for c in own_nodes(t.body))
        for f in reach
        for t in ast.walk(f)
        if isinstance(t, ast.Try)
    )


def _upstreams(route: str, path: str) -> bool:
    """The call resolves to the def in upstream's ``path``: off ``super()``/``self`` into an upstream base, or
    through an import of that very module (a same-named def elsewhere, an unknown receiver: not proven)."""
    if route in ("super", "self"):
        return True
    module = route[4:].replace(".", "/") if route.startswith("mod:") else None
    return module is not None and path in (f"{module}.py", f"{module}/__init__.py")


def _still(trees: ThreeTrees, reach: list[_Def], caught: list[str], chains: dict[str, frozenset[str]]) -> bool:
    """A def of the reach still raises a kind the handler catches (a project class deriving from it, one whose
    bases are unknown, a re-raise)."""
    kinds = {k for f in reach for k in _raises(f)}
    if "?" in kinds:
        return True
    bases = [frozenset({k}) if builtin_error(k) else _chain(trees, k, chains) for k in kinds]
    return any(not chain or any(builtin_subclass(k, c) for k in chain for c in caught) for chain in bases)


def _defined(defs: _Defs, qualname: str, reached: set[int]) -> bool:
    """The moved def is one the call reaches."""
    return any(id(f) in reached for _, f in defs.get(qualname.rsplit(".", 1)[-1], []))


def _caught(handler: ast.ExceptHandler) -> list[str] | None:
    """The names a handler catches, None when one is not a plain name (or it is bare)."""
    if handler.type is None:
        return None
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    names = [t.id if isinstance(t, ast.Name) else t.attr if isinstance(t, ast.Attribute) else None for t in types]
    return None if None in names else [n for n in names if n is not None]


def _finding(
    trees: ThreeTrees, path: str, one: _Try, moved: Moved, name: str, severity: Severity, pr_pattern: str
) -> Finding:
    commit = trees.upstream_commit(moved.path, f"raise[[:space:]]+{moved.new}", pr_pattern, most=5)
    bases = ", ".join(sorted(moved.chain - {moved.new}))
    via = "" if moved.qualname.rsplit(".", 1)[-1] == name else f" (reached from {name}())"
    tail = (
        "this except catches nothing the call raises now"
        if severity is Severity.ERROR
        else "part of what this except caught escapes now"
    )
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        one.handler.lineno,
        f"fork-side handler catches {moved.old} from {moved.qualname}(){via}, which upstream made raise "
        f"{moved.new} instead ({moved.path}{commit}), whose bases are {bases}, not {moved.old}: {tail}; "
        f"catch {moved.new} too",
    )
