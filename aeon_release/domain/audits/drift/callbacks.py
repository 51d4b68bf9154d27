"""Callback drift: the fork hands upstream a callable that upstream now calls with more arguments.

#23411 turned ``PromptIndex.get_match_index`` (a dataclass field, ``Callable[[AnyTokenizer, PromptSeq],
Optional[int]]``) into a callback upstream calls as ``target.get_match_index(tokenizer, prompt, start_idx)``.  A
fork's ``PromptIndex(lambda tokenizer, prompt: 1)`` (insert right after the BOS) merges cleanly and raises
``TypeError`` on the first prompt it updates.  No name, keyword or signature of upstream's changed: the
arity of a call through a field did.

Upstream's side: a field a class of a changed file annotates (``name: T`` in its body) that the file calls
through an attribute (``x.name(...)``), every call at upstream passing more positional arguments than any call
at the merge base did (no ``*args`` among them).  The fork's side, on lines it wrote: a call of that class,
imported from upstream's module or a package above it, that hands the field a ``lambda`` or a function of the
fork's module (by keyword, or by position for a ``@dataclass``, its fields in order; a ``@staticmethod`` or
``@classmethod`` of a class of the fork's module handed by its class, ``Cls.cb``, is read as one), taking as many
positional parameters as the old calls passed and fewer than the new ones pass (no ``*args``; a parameter with
a default counts).  An error: the call raises.  Quiet for a callable that takes the new arguments (a
default, ``*args``), a class of the fork's own, and a field whose calls did not grow.  A warning where the grown
calls' receivers are not typed as the class (another receiver's method of the name may have grown) or the
class's ``__init__``/``__post_init__`` builds something into the field (it may adapt the old callable).
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import file_classes, receiver_names
from aeon_release.domain.audits.drift.sides import ThreeTrees, code_added, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, lazy_pattern, parse_python, plain_name, walk_spanning

_Def = ast.FunctionDef | ast.AsyncFunctionDef

_CALLED = lazy_pattern(r"\.([a-z_][A-Za-z0-9_]*)\(")
_FILES_READ = 30  # upstream files parsed for grown calls, at most
# class decorators of the standard library that leave a class's methods as written (any other may wrap them)
_PLAIN_CLASS_MARKS = frozenset({"dataclass", "final", "total_ordering", "unique"})


@dataclass(frozen=True)
class Grown:
    """``owner.field`` is called with ``new`` positional arguments at upstream, ``old`` at most at the base."""

    path: str
    owner: str
    field: str
    index: int  # the field's place among a dataclass's fields; -1: by keyword only
    old: int
    new: int
    # the grown calls are on receivers typed as the owner, and the owner does not adapt the field itself
    sure: bool = True


def callback_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines handing upstream's class a callable too short for the calls upstream now makes of it."""
    handing = {
        path: calls for path in sorted(p for p in trees.mine if p.endswith(".py")) if (calls := _handing(trees, path))
    }
    owners = {name for calls in handing.values() for name, _ in calls}
    grown = _grown(trees, owners) if owners else {}
    if not grown:
        return []
    findings = []
    for path, calls in handing.items():
        for line, slot, taken in _handed(trees, path, calls, grown):
            commit = trees.upstream_commit(slot.path, whole_word(slot.field), pr_pattern)
            message = (
                f"fork-owned {slot.owner}(...) hands {slot.field} a callable of {taken} positional parameter(s); "
                f"upstream now calls {slot.owner}.{slot.field} with {slot.new} ({slot.path}{commit}), not {slot.old}: "
                f"it raises TypeError on the first call; take the new argument(s) (a default, or *args)"
            )
            if not slot.sure:
                message += f" (unless {slot.owner} adapts the callable, or the grown calls are another class's)"
            severity = Severity.ERROR if slot.sure else Severity.WARNING
            findings.append(Finding(RULE, "merge", severity, path, line, message))
    return findings


def _grown(trees: ThreeTrees, owners: set[str]) -> dict[str, list[Grown]]:
    """Owner class name -> its fields whose calls grew, in upstream's changed files outside tests that name one
    of ``owners`` (the classes the fork's lines call with a callable)."""
    naming = trees.python_files_with(tuple(sorted(owners)))
    paths = [p for p in sorted(naming & trees.upstream.keys()) if not TEST_PATH.search(p) and _respelled(trees, p)]
    paths = paths[:_FILES_READ]
    if not paths:
        return {}
    befores, afters = trees.blobs(trees.base, paths), trees.blobs(trees.theirs, paths)
    found: dict[str, list[Grown]] = {}
    for path in paths:
        before, after = befores[path], afters[path]
        old = parse_python(before, path) if before else None
        new = parse_python(after, path) if after else None
        for slot in _slots(path, old, new) if old is not None and new is not None else ():
            found.setdefault(slot.owner, []).append(slot)
    return found


def _respelled(trees: ThreeTrees, path: str) -> bool:
    """A call through an attribute of one name sits on both a removed and an added line of the file."""
    change = trees.upstream[path]
    removed = {n for line in change.removed for n in _CALLED.findall(line)}
    return any(n in removed for line in change.added.values() for n in _CALLED.findall(line))


def _slots(path: str, old: ast.Module, new: ast.Module) -> Iterator[Grown]:
    classes = {c.name: c for c in file_classes(new.body)}
    for cls in classes.values():
        order = _init_fields(cls, classes)
        for field in _fields(cls):
            before, after = _arities(old, field, cls.name), _arities(new, field, cls.name)
            typed = bool(before and after and min(after) > max(before))
            if not typed:  # calls through a receiver of unknown type: another class may own them
                before, after = _arities(old, field), _arities(new, field)
            if before and after and min(after) > max(before):
                index = order.index(field) if order and field in order else -1
                sure = typed and not _adapts(cls, field)
                yield Grown(path, cls.name, field, index, max(before), min(after), sure)


def _fields(cls: ast.ClassDef) -> list[str]:
    """The class's annotated fields, ``ClassVar`` aside."""
    return [
        s.target.id
        for s in cls.body
        if isinstance(s, ast.AnnAssign)
        and isinstance(s.target, ast.Name)
        and (plain_name(s.annotation.value if isinstance(s.annotation, ast.Subscript) else s.annotation) or "").rsplit(
            ".", 1
        )[-1]
        != "ClassVar"
    ]


def _init_fields(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> list[str] | None:
    """A dataclass's positional parameters in order, inherited fields first; None when not known (not a
    dataclass, a base of another file, ``KW_ONLY``): the field is then matched by keyword only."""
    annotated = [s for s in cls.body if isinstance(s, ast.AnnAssign)]
    spelt = " ".join(ast.unparse(n) for n in [*cls.decorator_list, *(s.annotation for s in annotated)])
    spelt += " ".join(ast.unparse(s.value) for s in annotated if s.value is not None)
    if not _dataclass(cls) or "KW_ONLY" in spelt or "kw_only" in spelt:
        return None
    inherited: list[str] = []
    for base in cls.bases:
        parent = classes.get(plain_name(base) or "")
        fields = _init_fields(parent, classes) if parent is not None and parent is not cls else None
        if fields is None:
            return None
        inherited += [f for f in fields if f not in inherited]
    outside = _not_in_init(cls)
    return [f for f in inherited if f not in outside] + [f for f in _fields(cls) if f not in inherited + outside]


def _not_in_init(cls: ast.ClassDef) -> list[str]:
    """The fields ``field(init=False)`` keeps out of ``__init__``: no positional slot is theirs."""
    return [
        s.target.id
        for s in cls.body
        if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name) and isinstance(s.value, ast.Call)
        for k in s.value.keywords
        if k.arg == "init" and isinstance(k.value, ast.Constant) and k.value.value is False
    ]


def _adapts(cls: ast.ClassDef, field: str) -> bool:
    """The class's ``__init__``/``__post_init__`` sets the field to something built (``self.f = lambda ...``,
    ``self.f = wrap(f)``): it may adapt an old callable itself (a bare ``self.f = f`` only stores it)."""
    inits = [s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name in ("__init__", "__post_init__")]
    return any(
        isinstance(node, ast.Assign)
        and not isinstance(node.value, ast.Name)
        and any(isinstance(t, ast.Attribute) and t.attr == field for t in node.targets)
        for init in inits
        for node in ast.walk(init)
    )


def _dataclass(cls: ast.ClassDef) -> bool:
    return any(
        (plain_name(d.func if isinstance(d, ast.Call) else d) or "").rsplit(".", 1)[-1] == "dataclass"
        for d in cls.decorator_list
    )


def _arities(module: ast.Module, field: str, owner: str = "") -> set[int]:
    """The positional counts of the module's calls ``x.field(...)`` (none with ``*args``); with ``owner``, only
    those whose receiver a function types as it (``target: Owner``, ``x = Owner(...)``, ``self`` in it)."""
    counts = set()
    for func in [module] if not owner else [f for f in ast.walk(module) if isinstance(f, _FUNCS)]:
        for node in ast.walk(func):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == field
                and not any(isinstance(a, ast.Starred) for a in node.args)
                and (not owner or _typed(node.func.value, func, owner, module))
            ):
                counts.add(len(node.args))
    return counts


_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _typed(receiver: ast.expr, func: ast.AST, owner: str, module: ast.Module) -> bool:
    if not isinstance(receiver, ast.Name) or not isinstance(func, _FUNCS):
        return False
    if receiver.id == "self":
        return any(c.name == owner and func in c.body for c in file_classes(module.body))
    typed = {n.rsplit(".", 1)[-1] for n in receiver_names(receiver.id, func)}
    return owner in typed or _narrowed(receiver.id, func, owner)


def _narrowed(name: str, func: ast.AST, owner: str) -> bool:
    """The function tests ``isinstance(name, Owner)`` (#23411: ``target: Union[..., PromptIndex]`` narrowed)."""
    return any(
        isinstance(node, ast.Call)
        and plain_name(node.func) == "isinstance"
        and len(node.args) == 2
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == name
        and owner in {(plain_name(n) or "").rsplit(".", 1)[-1] for n in ast.walk(node.args[1])}
        for node in ast.walk(func)
    )


def _handing(trees: ThreeTrees, path: str) -> list[tuple[str, ast.Call]]:
    """(class name, call) of each call on a line the fork owns, of a name the module imports, that hands a
    ``lambda`` or a function of the module (a plain name is every other argument: it would ask about them all).

    Every fork module was parsed and walked whole, twice: the merged ``gpu_model_runner.py`` (340 KB) that a
    carry marks with one comment line cost ~0.12 CPU-s of a small merge.  A call starts on a line that holds
    code, so a module whose added lines are blank or comments is not parsed (a comment line holding ``{`` may
    be a line of a multi-line f-string, whose expressions are calls: it counts as code), and only the parts of
    the module spanning the fork's lines are walked (``walk_spanning``); its imports are read when a call is
    found."""
    calls, imported = handing_calls(trees, path, _callable)
    return [(name, node) for node in calls if (name := (plain_name(node.func) or "").rsplit(".", 1)[-1]) in imported]


def handing_calls(
    trees: ThreeTrees, path: str, hands: Callable[[ast.expr, dict[str, _Def]], bool]
) -> tuple[list[ast.Call], set[str]]:
    """The calls on lines the fork owns in ``path`` handing an argument ``hands`` reads as a callable of the
    module (given the module's functions), and the names the module imports (empty with no such call): the
    part of finding the fork's callbacks every such check shares (``_handing``, param_callbacks)."""
    owned = trees.owned_lines(path) if code_added(trees.mine[path]) else set()
    module = trees.merged_module(path) if owned else None
    if module is None:
        return [], set()
    defs = _module_defs(module)
    calls = [
        node
        for node in walk_spanning(module, owned)
        if isinstance(node, ast.Call)
        and node.lineno in owned
        and any(hands(v, defs) for v in (*node.args, *(k.value for k in node.keywords)))
    ]
    if not calls:
        return [], set()
    return calls, {a.name for stmt in ast.walk(module) if isinstance(stmt, ast.ImportFrom) for a in stmt.names}


def _callable(value: ast.expr, defs: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]) -> bool:
    return isinstance(value, ast.Lambda) or (
        isinstance(value, (ast.Name, ast.Attribute)) and (plain_name(value) or "") in defs
    )


def _handed(
    trees: ThreeTrees, path: str, calls: list[tuple[str, ast.Call]], grown: dict[str, list[Grown]]
) -> Iterator[tuple[int, Grown, int]]:
    """(line, slot, positional parameters) of each call of a grown slot's class handing it a too short callable.
    Not param_callbacks' ``_handed`` on purpose: a field's calls grew in positional count only, so this counts
    positional capacity, where that one says which named parameters a callable lacks and excuses fallbacks."""
    module = trees.merged_module(path)
    if module is None:
        return
    defs = _module_defs(module)
    for name, node in calls:
        for slot in grown.get(name, ()):
            if not _imported_from(module, name, slot.path):
                continue
            taken = _capacity(_argument(node, slot), defs, _bound_within(module, node))
            if taken is not None and slot.old <= taken < slot.new:
                yield node.lineno, slot, taken


def _argument(call: ast.Call, slot: Grown) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == slot.field:
            return keyword.value
    if 0 <= slot.index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[: slot.index + 1]):
        return call.args[slot.index]
    return None


def _capacity(
    value: ast.expr | None, defs: dict[str, ast.FunctionDef | ast.AsyncFunctionDef], local: set[str]
) -> int | None:
    """The most positional arguments a lambda, or a function of the module named once, takes (None: any; a
    name a function around the call binds too is not the module's)."""
    args = value.args if isinstance(value, ast.Lambda) else None
    if (func := module_callable(value, defs, local)) is not None:
        args = func.args
    if args is None or args.vararg is not None:
        return None
    return len(args.posonlyargs) + len(args.args)


def _module_defs(module: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    """The module's top-level functions, by name (a name defined twice is left out, and a decorated one: its
    wrapper may take other arguments), and the static and class methods of its top-level classes by
    ``Cls.name`` (``register(Cls.on_step)`` hands one as a callback): a classmethod with its bound first
    parameter dropped, as its call binds it.  A class under a decorator of the fork's own is left out: the
    decorator may wrap its methods (to take more keywords, say) or hand back another class."""
    funcs = [s for s in module.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
    classes = [s for s in module.body if isinstance(s, ast.ClassDef)]
    names = [f.name for f in (*funcs, *classes)]
    rebound = {n.id for s in module.body if isinstance(s, (ast.Assign, ast.AnnAssign)) for n in _targets(s)}
    found = {f.name: f for f in funcs if names.count(f.name) == 1 and not f.decorator_list and f.name not in rebound}
    for cls in classes:
        marks = {
            (plain_name(d.func if isinstance(d, ast.Call) else d) or "").rsplit(".", 1)[-1] for d in cls.decorator_list
        }
        if names.count(cls.name) == 1 and cls.name not in rebound and marks <= _PLAIN_CLASS_MARKS:
            found.update({f"{cls.name}.{name}": method for name, method in _class_callables(cls).items()})
    return found


def _class_callables(cls: ast.ClassDef) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    """The class's methods decorated ``staticmethod`` or ``classmethod`` alone, defined once in its body and not
    also assigned there; a classmethod as a copy without its first parameter."""
    methods = [m for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))]
    names = [m.name for m in methods]
    assigned = {n.id for s in cls.body if isinstance(s, (ast.Assign, ast.AnnAssign)) for n in _targets(s)}
    found: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for method in methods:
        marks = [(plain_name(d) or "").rsplit(".", 1)[-1] for d in method.decorator_list]
        if names.count(method.name) != 1 or method.name in assigned or marks not in (["staticmethod"], ["classmethod"]):
            continue
        if marks == ["staticmethod"]:
            found[method.name] = method
        elif (args := without_receiver(method.args)) is not None:
            bound = copy.copy(method)
            bound.args = args
            found[method.name] = bound
    return found


def without_receiver(args: ast.arguments) -> ast.arguments | None:
    """A method's parameters as a call on its receiver binds them: the first positional one dropped (None when
    it has none)."""
    if not [*args.posonlyargs, *args.args]:
        return None
    return ast.arguments(
        posonlyargs=args.posonlyargs[1:],
        args=args.args[1:] if not args.posonlyargs else args.args,
        vararg=args.vararg,
        kwonlyargs=args.kwonlyargs,
        kw_defaults=args.kw_defaults,
        kwarg=args.kwarg,
        defaults=args.defaults,
    )


def module_callable(
    value: ast.expr | None, defs: dict[str, ast.FunctionDef | ast.AsyncFunctionDef], local: set[str]
) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The module's function (``f``) or class's static or class method (``Cls.f``) ``value`` names, unless a
    function around the call binds the name (or the class's name) itself."""
    key = plain_name(value) if isinstance(value, (ast.Name, ast.Attribute)) else None
    if key is None or key.split(".", 1)[0] in local:
        return None
    return defs.get(key)


def _targets(stmt: ast.Assign | ast.AnnAssign) -> list[ast.Name]:
    """The names a module-level assignment binds (``f = wrap(f)`` rebinds a def: its arity is the wrapper's)."""
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
    return [n for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]


def _bound_within(module: ast.Module, call: ast.Call) -> set[str]:
    """The names the functions around ``call`` bind: their parameters, nested defs and assigned names."""
    around = [
        f for f in ast.walk(module) if isinstance(f, _FUNCS) and f.lineno <= call.lineno <= (f.end_lineno or f.lineno)
    ]
    bound: set[str] = set()
    for func in around:
        bound |= {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
        for node in ast.walk(func):
            if isinstance(node, _FUNCS) and node is not func:
                bound.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                bound.add(node.id)
    return bound


def _imported_from(module: ast.Module, name: str, path: str) -> bool:
    """The module imports ``name`` from upstream's declaring module or a package above it."""
    dotted = path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    return any(
        isinstance(stmt, ast.ImportFrom)
        and stmt.module is not None
        and (dotted == stmt.module or dotted.startswith(stmt.module + "."))
        and any(a.name == name and a.asname is None for a in stmt.names)
        for stmt in ast.walk(module)
    )
