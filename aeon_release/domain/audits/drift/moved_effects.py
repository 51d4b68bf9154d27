"""Moved effects: a method that wrote through what it was handed, and now leaves that to a new method.

#25954 took the KV-cache write out of ``FlashAttentionImpl.forward``: the old method ran
``reshape_and_cache_flash(key, value, key_cache, value_cache, ...)`` on the ``kv_cache`` it was handed, then
attended; the new one only attends, and a new ``do_kv_cache_update`` does the write, which the attention layer
now calls first.  #35422 and #35384 did the same to the FlashInfer and tree impls.  A fork that calls an impl's
``forward`` itself (its own layer, a drafter scoring candidates) merges cleanly and attends over a cache the new
tokens never reached: wrong output, no error.  Upstream does this whenever it splits a step out of a method its
own callers now run apart (to reorder it, to fuse it, to skip it).

Upstream's side: a class of a changed module whose method (not ``__init__``) kept its name and, at the base, ran a
call as a statement (its value unused: run for what it does) handing on a parameter of the method or a name bound
from one (the effect lands on the caller's object), and, at upstream, runs no call of that function (by its last
name) itself nor through the class's own methods it calls on ``self``, while a method the class did not have at the
base runs it as a statement; and upstream calls that new method (``.new(``) somewhere outside the class: its callers
run the step apart now.  A call of a logger's, ``print``, ``warnings.warn`` is no effect on the caller's data.

The fork's side, on a line it owns: a call ``recv.method(...)`` of such a method where ``recv`` is a parameter
annotated with the class (imported from its module; alone or with None), a local or ``self.attr`` the fork binds
to ``Cls(...)`` (in the function, or in a method of the same fork class), or ``self`` in a fork subclass listing
it first among its bases (a mixin ahead may define the method), from a method of another name, in a subclass
that defines neither method.  Quiet where the fork runs the step beside the call, as the new spelling does: the
function calls the new method or the moved function itself, or names the new method (``getattr(impl, "new",
None)``), or calls a helper doing so (a function or method of the fork's module; a function of upstream's that
calls ``.new(``, like the attention layer's own update op); or a method of the function's class does (a layer
whose callers run its update and its attention apart, as upstream's layer does; a wrapper delegating both).

Pure but for reading the three trees and one ``git grep`` per new method name found.
"""

from __future__ import annotations

import ast
import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.diffs import TEST_FOLDERS
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found, parsed_texts
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import parse_python, unquoted

_MOST_FILES = 32
# a method (an indented ``def``) added on an upstream line: the new home a step may have moved to
_NEW_DEF = re.compile(r"^[ \t]+(?:async[ \t]+)?def[ \t]+\w+\(")
# a removed line opening with a call (``write(...)``, ``torch.ops.x.y(``): a step run for what it does
_STEP = re.compile(r"^[ \t]+[A-Za-z_][\w.]*\(")
_CALLED = re.compile(r"\.(\w+)\(")
_DEFS = re.compile(r"^[ \t]+(?:async[ \t]+)?def[ \t]+(\w+)\(", re.MULTILINE)
_ANY_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)\(", re.MULTILINE)
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
# calls run for a message, not for what they do to the caller's data
_TALKERS = frozenset({"logger", "logging", "log", "warnings", "print"})
# a call on the object itself (``self.stats.record(x)``, ``super().step(x)``) changes the object's own state:
# stopped-write drift's ground, not a write onto what the caller handed in
_OWN = frozenset({"self", "cls", "super"})


@dataclass(frozen=True)
class Moved:
    path: str  # upstream's module
    cls: str
    method: str  # the method that no longer runs the step
    new: str  # the method the class gained that runs it now
    callee: str  # the step, as upstream spelt the call's function
    # upstream's functions (by name, outside its tests) that call the new method: a fork running one of them
    # (the attention layer's own update op) runs the step
    runners: frozenset[str] = frozenset()


# (module dotted, class) -> method -> what moved out of it
Found = dict[tuple[str, str], dict[str, Moved]]


def moved_effect_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    found = _called_apart(trees, _moved(trees))
    if not found:
        return []
    methods = {m for by_method in found.values() for m in by_method}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(f".{m}(" in line for m in methods)):
        imports = file_imports(module, path)
        calls = {(line, recv): moved for line, recv, moved in _fork_calls(module, imports, found) if line in owned}
        findings += [
            _finding(trees, path, line, recv, moved, pr_pattern) for (line, recv), moved in sorted(calls.items())
        ]
    return findings


def _moved(trees: ThreeTrees) -> Found:
    words = frozenset(fork_found(trees, _CALLED, tests=True))  # what a fork line calls as a method
    if not words:
        return {}
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py")
        and p.split("/", 1)[0] not in TEST_FOLDERS
        and any(_STEP.match(line) for line in trees.upstream[p].removed)
        and any(_NEW_DEF.match(line) for line in trees.upstream[p].added.values())
    ]

    def keep(old_text: str, new_text: str) -> bool:
        # a method the base defined that a fork line calls, and one upstream added: nothing else can be found
        old = set(_DEFS.findall(old_text))
        return not words.isdisjoint(old) and bool(set(_DEFS.findall(new_text)) - old)

    found: Found = {}
    for both in parsed_texts(trees, paths[:_MOST_FILES], keep):
        olds, news = _classes(both.old), _classes(both.new)
        for name in olds.keys() & news.keys():
            by_method = _moved_in(both.path, olds[name], news[name], words)
            if by_method:
                found[(dotted_name(both.path, roots=("",)), name)] = by_method
    return found


def _classes(module: ast.Module) -> dict[str, ast.ClassDef]:
    return {s.name: s for s in module.body if isinstance(s, ast.ClassDef)}


def _methods(cls: ast.ClassDef) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    return {s.name: s for s in cls.body if isinstance(s, _FUNCS)}


def _moved_in(path: str, old: ast.ClassDef, new: ast.ClassDef, words: frozenset[str]) -> dict[str, Moved]:
    olds, news = _methods(old), _methods(new)
    added = {name: news[name] for name in news.keys() - olds.keys()}
    homes = {callee: name for name, func in added.items() for callee in _effects(func, handed=False)}
    found: dict[str, Moved] = {}
    if not homes:
        return found  # no added method runs a statement call: nothing moved (most classes a release touches)
    held: set[str] | None = None
    for name in sorted((olds.keys() & news.keys() & words) - {"__init__"}):
        reached = _reached(news[name], news)
        if reached is None:
            continue
        still = {_last_name(c.func) for func in reached for c in _calls(func)}
        for callee in _effects(olds[name], handed=True):
            home = homes.get(callee)
            if home is None or {_last_name_of(callee), home} & still:
                continue
            held = _held(new) if held is None else held  # one walk of the class, only for a candidate
            if home not in held:
                found[name] = Moved(path, new.name, name, home, callee)
                break
    return found


def _held(cls: ast.ClassDef) -> set[str]:
    """The methods the class reads as values (``self._fn = self._prepare``, ``partial(self._step, ...)``): a
    call of the value may run one without naming it."""
    nodes = list(ast.walk(cls))
    calls = {id(n.func) for n in nodes if isinstance(n, ast.Call)}
    return {
        n.attr
        for n in nodes
        if isinstance(n, ast.Attribute)
        and _is_name(n.value, "self")
        and isinstance(n.ctx, ast.Load)
        and id(n) not in calls
    }


def _effects(func: ast.FunctionDef | ast.AsyncFunctionDef, handed: bool) -> list[str]:
    """The callee as written of each call ``func`` runs as a statement (its value unused) in its own body (not
    a nested ``def`` or ``lambda``): a function of a module or a class -- not a method of an object the function
    holds (``out.append(x)``, ``cache.copy_(y)``: a common name, no step of its own) nor of the object itself,
    nor a logger's or a warning's.  With ``handed``, only the calls handing on a parameter or a name the function
    binds from one (what the call writes lands on the caller's data)."""
    derived = _derived(func) if handed else set()
    local = _bound(func)
    found: list[str] = []
    for node in _own_nodes(func):
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
            continue
        call = node.value
        root, last = _root(call.func), _last_name(call.func)
        if not last or root in local | _OWN | _TALKERS or last == "warn":
            continue
        if handed and not any(_root(a) in derived for a in [*call.args, *(k.value for k in call.keywords)]):
            continue
        found.append(ast.unparse(call.func))
    return found


def _bound(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names ``func`` binds: its parameters but ``self``/``cls``, and each name it stores."""
    args = func.args
    names = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg] if a}
    names |= {n.id for n in _own_nodes(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return names - {"self", "cls"}


def _derived(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The function's parameters but ``self``/``cls``, and the names it binds (``a, b = kv.unbind(0)``) from a
    value reaching one of them."""
    args = func.args
    names = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs] if a.arg not in ("self", "cls")}
    binds = [n for n in _own_nodes(func) if isinstance(n, ast.Assign)]
    for _ in range(2):  # a chain of two bindings (``kv = cache[i]``, then ``k, v = kv.unbind(0)``)
        for node in binds:
            if any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node.value)):
                names |= {t.id for target in node.targets for t in ast.walk(target) if isinstance(t, ast.Name)}
    return names


def _own_nodes(func: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``func``'s body, not entering a nested function, lambda or class (it runs later, or never)."""
    todo = list(ast.iter_child_nodes(func))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, _SCOPES):
            todo.extend(ast.iter_child_nodes(node))


def _calls(func: ast.AST) -> Iterator[ast.Call]:
    return (n for n in _own_nodes(func) if isinstance(n, ast.Call))


def _reached(
    method: ast.FunctionDef | ast.AsyncFunctionDef, methods: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]
) -> list[ast.FunctionDef | ast.AsyncFunctionDef] | None:
    """``method`` and the class's own methods it calls on ``self``, transitively; None when one calls a
    ``self.`` member the class does not define (a base's method, a callable field), which may run the step."""
    seen: set[str] = set()
    todo, found = [method], []
    while todo:
        func = todo.pop()
        if func.name in seen:
            continue
        seen.add(func.name)
        found.append(func)
        for c in _calls(func):
            if isinstance(c.func, ast.Attribute) and _is_name(c.func.value, "self"):
                if c.func.attr not in methods:
                    return None
                todo.append(methods[c.func.attr])
    return found


def _called_apart(trees: ThreeTrees, found: Found) -> Found:
    """Of ``found``, the moves whose new method upstream calls outside its class (``.new(`` in another file, or
    in the class's own file outside the class): its callers run the step apart now.  One ``git grep`` a name."""
    kept: Found = {}
    for key, by_method in found.items():
        for name, moved in by_method.items():
            callers = trees.python_files_with((f".{moved.new}(",))
            outside = any(p != moved.path and p.split("/", 1)[0] not in TEST_FOLDERS for p in callers)
            if outside or (moved.path in callers and _called_in_module(trees, moved)):
                kept.setdefault(key, {})[name] = replace(moved, runners=_runners(trees, moved, callers))
    return kept


def _runners(trees: ThreeTrees, moved: Moved, callers: frozenset[str]) -> frozenset[str]:
    """The names of upstream's functions (outside its tests) whose body calls ``.new(``: each ``.new(`` is taken
    to lie in the nearest ``def`` above it.  Not the method itself (a nested ``forward`` running the update)."""
    paths = sorted(p for p in callers if p.split("/", 1)[0] not in TEST_FOLDERS)
    names: set[str] = set()
    for text in trees.blobs(trees.theirs, paths).values():
        defs = [(m.start(), m.group(1)) for m in _ANY_DEF.finditer(text or "")]
        starts = [start for start, _ in defs]
        for call in re.finditer(rf"\.{moved.new}\(", text or ""):
            at = bisect.bisect(starts, call.start()) - 1
            if at >= 0:
                names.add(defs[at][1])
    return frozenset(names - {moved.method})


def _called_in_module(trees: ThreeTrees, moved: Moved) -> bool:
    text = trees.blobs(trees.theirs, [moved.path])[moved.path] or ""
    module = parse_python(text, moved.path)
    if module is None:
        return False
    outside = [s for s in module.body if not (isinstance(s, ast.ClassDef) and s.name == moved.cls)]
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == moved.new
        for s in outside
        for n in ast.walk(s)
    )


def _fork_calls(
    module: ast.Module, imports: dict[str, tuple[str, str]], found: Found
) -> Iterator[tuple[int, str, Moved]]:
    classes = {id(m): cls for cls in ast.walk(module) if isinstance(cls, ast.ClassDef) for m in cls.body}
    for func, receivers in _receivers(module, imports, found):
        cls = classes.get(id(func))
        company = [m for m in cls.body if isinstance(m, _FUNCS)] if cls is not None else [func]
        for call in _calls(func):
            if not isinstance(call.func, ast.Attribute):
                continue
            key = receivers.get(ast.unparse(call.func.value))
            moved = found[key].get(call.func.attr) if key is not None else None
            if moved is None or _runs_step(module, company, moved):
                continue
            if func.name == moved.method and ast.unparse(call.func.value) == "self":
                continue  # an override's own name: upstream's callers reach it, and run the new method first
            yield call.lineno, ast.unparse(call.func.value), moved


def _runs_step(module: ast.Module, company: list[ast.FunctionDef | ast.AsyncFunctionDef], moved: Moved) -> bool:
    """Whether the fork runs the step beside its call of the method: the function, or a method of its class (a
    layer whose own update method its callers run apart, a wrapper delegating the new method), calls the new
    method, names it (``getattr(impl, "new", None)``), calls the step's function, or calls a function of the
    fork's module or of upstream's doing one of those (a helper; upstream's own update op)."""
    wanted = {moved.new, _last_name_of(moved.callee)}
    runners = {f.name for f in ast.walk(module) if isinstance(f, _FUNCS) and _runs(f, wanted)} | moved.runners
    return any(_runs(func, wanted | (runners - {moved.method})) for func in company)


def _runs(func: ast.FunctionDef | ast.AsyncFunctionDef, names: set[str]) -> bool:
    for node in _own_nodes(func):
        if isinstance(node, ast.Call) and _last_name(node.func) in names:
            return True
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
            return True  # ``getattr(impl, "new", None)``: the new method reached by its name
    return False


def _receivers(
    module: ast.Module, imports: dict[str, tuple[str, str]], found: Found
) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, dict[str, tuple[str, str]]]]:
    """Each function with its receivers (as written) of a class whose method moved a step out: parameters
    annotated with it, locals and ``self.attr`` bound to ``Cls(...)``, and ``self`` in a fork subclass listing it
    first among its bases that defines neither the method nor its new home."""
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        own = _methods(cls)
        attrs = {name: key for m in own.values() for name, key in _built(m, imports, found, "self.")}
        # the first base only: one listed ahead of it (a mixin) is reached first and may define the method
        key = _origin(cls.bases[0], imports) if cls.bases else None
        if key is not None and key in found and not any(m.method in own or m.new in own for m in found[key].values()):
            attrs["self"] = key
        for method in own.values():
            if attrs:
                yield method, dict(attrs)
    for func in (n for n in ast.walk(module) if isinstance(n, _FUNCS)):
        params = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
        typed = {a.arg: k for a in params if a.annotation is not None and (k := _typed(a.annotation, imports))}
        typed |= dict(_built(func, imports, found, ""))
        if typed := {name: key for name, key in typed.items() if key in found}:
            yield func, typed


def _built(
    func: ast.AST, imports: dict[str, tuple[str, str]], found: Found, prefix: str
) -> Iterator[tuple[str, tuple[str, str]]]:
    """``x = Cls(...)`` (``prefix`` "") or ``self.x = Cls(...)`` (``prefix`` "self.") in ``func``: the name bound
    to a class of ``found``."""
    for node in _own_nodes(func):
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        key = _origin(node.value.func, imports)
        if key is None or key not in found:
            continue
        for target in node.targets:
            if prefix and isinstance(target, ast.Attribute) and _is_name(target.value, "self"):
                yield f"self.{target.attr}", key
            elif not prefix and isinstance(target, ast.Name):
                yield target.id, key


def _typed(annotation: ast.expr, imports: dict[str, tuple[str, str]]) -> tuple[str, str] | None:
    """The class a parameter's annotation names, alone or with None (``X | None``, ``Optional[X]``)."""
    expr = unquoted(annotation)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        sides = [e for e in (expr.left, expr.right) if not (isinstance(e, ast.Constant) and e.value is None)]
        expr = sides[0] if len(sides) == 1 else expr
    elif isinstance(expr, ast.Subscript) and _last_name(expr.value) == "Optional":
        expr = expr.slice
    return _origin(expr, imports)


def _origin(expr: ast.expr, imports: dict[str, tuple[str, str]]) -> tuple[str, str] | None:
    expr = unquoted(expr)
    if isinstance(expr, ast.Name):
        return imports.get(expr.id)
    return imported_origin(expr, imports) if isinstance(expr, ast.Attribute) else None


def _last_name(expr: ast.expr) -> str:
    return expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else ""


def _last_name_of(dotted: str) -> str:
    return dotted.rsplit(".", 1)[-1]


def _root(expr: ast.AST) -> str:
    """The name an expression reaches through attributes, items, calls and starred values (``kv[:, 0]`` -> ``kv``)."""
    while isinstance(expr, ast.Attribute | ast.Subscript | ast.Starred | ast.Call):
        expr = expr.func if isinstance(expr, ast.Call) else expr.value
    return expr.id if isinstance(expr, ast.Name) else ""


def _is_name(expr: ast.AST, name: str) -> bool:
    return isinstance(expr, ast.Name) and expr.id == name


def _finding(trees: ThreeTrees, path: str, line: int, recv: str, moved: Moved, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(moved.path, rf"def {moved.new}\(", pr_pattern)
    said = (
        f"calls {recv}.{moved.method}(...), which no longer runs `{moved.callee}(...)` itself: upstream moved that "
        f"step of {moved.cls}.{moved.method} into the new {moved.cls}.{moved.new} ({moved.path}{commit}), which its "
        f"own callers now call first; here it never runs.  Call {recv}.{moved.new}(...) before, or run the step"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, said)
