"""Reads before the set: a fork line reads a name that upstream now assigns only below it, or on one path.

A carry reads what the function set a few lines above it: ``self.aeon_budget = self.max_tokens * 2``
under ``self.max_tokens = cfg.max_tokens``, ``out = out[: limit * 2]`` under ``limit = cfg.limit``.
Upstream moves the assignment further down (upstream does it all the time: #19790 moved ``dp_rank`` and
``dp_size`` below the engine setup of ``MPClient.__init__``, #18581 moved ``common_attn_metadata`` in
``_prepare_inputs``), or into one branch of an ``if``, or drops it.  Git keeps the fork's line with
its neighbours, above upstream's new line: the merge is clean, the file compiles, and the function
raises ``UnboundLocalError``/``AttributeError`` on the fork's path only, or reads a value an earlier
call or a class attribute left, with every answer looking right.

A finding needs the fork's own version to be sound: at the fork branch an assignment of the name
reaches the fork's line on every path (it follows the same statement there), and in the merged
function none does, while an assignment of it that upstream wrote stands elsewhere in the function
(moved or made conditional), or no assignment is left at all (a local only, nothing else defines it).

Cheap first: only files both sides changed whose upstream diff removed an assignment of a name the
fork's added lines mention (a text scan); the fork's version of such a file is parsed only when the
merged one has a candidate read.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from aeon_release.domain.audits.merge_rules import READ_BEFORE_SET as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import FUNCTION_DEFS, child_blocks, lazy_pattern, parameter_names

# ``name =``, ``self.name =``, ``name: T =``, ``a, (self.b, *c) =`` at the start of a line: an
# assignment's targets (text)
_ASSIGNED = lazy_pattern(r"^\s*([\w.,\s()\[\]*]+?)\s*(?::[^=]*)?=(?!=)")
_TARGET = lazy_pattern(r"^(?:[A-Za-z_]\w*\.)?[A-Za-z_]\w*$")
_WORD = lazy_pattern(r"[A-Za-z_]\w*")
_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_BUILTINS = frozenset(dir(builtins))
FORK, UPSTREAM = "the fork", "upstream"

# which side wrote a statement: ``duplicates._writer`` over the merged file's lines
Writer = Callable[[ast.stmt], str]


@dataclass(frozen=True)
class Goal:
    """What must be assigned: ``name`` or ``self.name``, and the methods of the class that assign it
    (a call of one, ``self.setup()``, sets it as well); ``answers``: ``_sets`` of each statement, asked
    once (a loop's breaks and an ``if``'s branches ask of the same nested statements again: nested
    ``while True:`` / ``if`` blocks doubled the work at each level)."""

    target: str
    setters: frozenset[str] = frozenset()
    answers: dict[int, bool] = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Read:
    """A fork statement of ``func`` (in class ``cls``) that reads ``target`` (``name`` or ``self.name``)."""

    func: ast.FunctionDef | ast.AsyncFunctionDef
    cls: ast.ClassDef | None
    qual: str
    stmt: ast.stmt
    target: str
    undefined: bool = False  # a local the merged function assigns nowhere, that nothing else defines

    def goal(self) -> Goal:
        return _goal(self.cls, self.func, self.target)


def removed_targets(removed: Iterable[str]) -> frozenset[str]:
    """Names (``x``, ``self.x``) an assignment among upstream's removed lines set."""
    found: set[str] = set()
    for line in removed:
        match = _ASSIGNED.match(line)
        if match is not None:
            parts = (p.strip(" \t()[]*") for p in match.group(1).split(","))
            found.update(p for p in parts if _TARGET.match(p))
    return frozenset(found)


def wanted(removed: Iterable[str], fork_lines: Iterable[str]) -> frozenset[str]:
    """The text scan: targets upstream's diff stopped assigning on a line that the fork's added lines mention."""
    targets = removed_targets(removed)
    if not targets:
        return frozenset()
    words = {w for line in fork_lines for w in _WORD.findall(line.split("#", 1)[0])}
    return frozenset(t for t in targets if t.rpartition(".")[2] in words)


def reads_before_set(
    path: str,
    merged: ast.Module,
    ours: Callable[[], ast.Module | None],
    targets: frozenset[str],
    writer: Writer,
) -> list[Finding]:
    """Findings for one merged file both sides changed; ``targets`` from ``wanted``; ``ours``: the fork's version.

    Each (function, name) is walked once, whatever the number of the fork's reads of it: a pull
    request's file of thousands of reads costs one pass a name, not one a read."""
    groups: dict[tuple[int, str], list[Read]] = {}
    for read in _fork_reads(merged, targets, writer):
        groups.setdefault((id(read.func), read.target), []).append(read)
    unset = [found for reads in groups.values() for found in _unset(reads, writer)]
    if not unset:
        return []
    mine = ours()
    if mine is None:
        return []
    before = {qual: (func, cls) for qual, func, cls in _functions(mine)}
    reached: dict[tuple[str, str], tuple[dict[int, bool] | None, dict[str, ast.stmt]]] = {}
    stale: dict[tuple[int, str], bool] = {}
    findings = []
    for read, setter in unset:
        old, cls = before.get(read.qual, (None, None))
        if old is None:
            continue
        key = (read.qual, read.target)
        if key not in reached:
            reached[key] = (_reached(old, _goal(cls, old, read.target)), _by_text(old))
        at, twins = reached[key]
        twin = twins.get(ast.dump(read.stmt))
        if twin is None or (at is not None and not at.get(id(twin), False)):
            continue  # the fork's line did not follow an assignment there either
        findings.append(_finding(path, read, setter, stale))
    return findings


def _unset(reads: list[Read], writer: Writer) -> Iterator[tuple[Read, ast.stmt | bool]]:
    """The reads of one name in one merged function that no assignment reaches, with the assignment left
    (``_set_elsewhere``); a read under the same ``if`` test as an assignment of the name goes with it."""
    first = reads[0]
    setter = _set_elsewhere(first, writer)
    if setter is False:
        return
    reached = _reached(first.func, first.goal())
    guards = _guards(first.func)
    guarded = {g for s in _statements(first.func.body) if _binds_any(s, first.target) for g in guards[id(s)][0]}
    for read in reads:
        if read.undefined or (reached is not None and not reached.get(id(read.stmt), False)):
            if not guards[id(read.stmt)][1] & guarded:
                yield read, setter


def _by_text(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.stmt]:
    """The function's statements by their text (``ast.dump``): the fork wrote the same statement there."""
    found: dict[str, ast.stmt] = {}
    for stmt in _statements(func.body):
        found.setdefault(ast.dump(stmt), stmt)
    return found


# -- the fork's reads ------------------------------------------------------------------------------------
_Located = tuple[str, ast.FunctionDef | ast.AsyncFunctionDef, ast.ClassDef | None]


def _functions(module: ast.Module) -> Iterator[_Located]:
    """(qualified name, def, its class) of every function, methods and nested ones included."""

    def walk(body: list[ast.stmt], prefix: str, cls: ast.ClassDef | None) -> Iterator[_Located]:
        for stmt in body:
            if isinstance(stmt, FUNCTION_DEFS):
                yield prefix + stmt.name, stmt, cls
                yield from walk(stmt.body, f"{prefix}{stmt.name}.", None)
            elif isinstance(stmt, ast.ClassDef):
                yield from walk(stmt.body, f"{prefix}{stmt.name}.", stmt)
            else:
                for block in child_blocks(stmt):
                    yield from walk(block, prefix, cls)

    return walk(module.body, "", None)


def _goal(cls: ast.ClassDef | None, func: ast.FunctionDef | ast.AsyncFunctionDef, target: str) -> Goal:
    attr = target.partition(".")[2]
    if not attr or cls is None:
        return Goal(target)
    methods = [(m, me) for m in cls.body if isinstance(m, FUNCTION_DEFS) and m is not func and (me := _instance(m))]
    setters = {m.name for m, me in methods if any(_binds_any(s, f"{me}.{attr}") for s in _statements(m.body))}
    grown = True
    while grown:  # a method that calls a setter (``self._init_all()`` -> ``self._setup()``) sets it too
        calling = {m.name for m, me in methods if m.name not in setters and _calls_own(m, me, setters)}
        grown = bool(calling)
        setters |= calling
    return Goal(target, frozenset(setters))


def _calls_own(method: ast.FunctionDef | ast.AsyncFunctionDef, me: str, names: set[str]) -> bool:
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == me
        and n.func.attr in names
        for s in _statements(method.body)
        for n in ast.walk(s)
    )


def _fork_reads(module: ast.Module, targets: frozenset[str], writer: Writer) -> Iterator[Read]:
    defined: frozenset[str] = frozenset()  # the module's names, when first needed
    for qual, func, cls in _functions(module):
        me = _instance(func) if cls is not None else None
        wanted = {t for t in targets if "." not in t or (me is not None and t.startswith(me + "."))}
        if not wanted:
            continue
        scope: tuple[set[str], set[str]] | None = None  # (locals, rebound parameters), when first needed
        for stmt in _statements(func.body):
            read = _reads(stmt, me) & wanted  # before asking who wrote it: most statements read none
            if not read or writer(stmt) != FORK:
                continue
            local, rebound = scope = scope or (_locals(func), _rebound(func))
            for target in sorted(read):
                if "." in target or target in local or target in rebound:
                    yield Read(func, cls, qual, stmt, target)
                elif _undefined(defined := defined or _module_names(module), func, target) and "*" not in defined:
                    yield Read(func, cls, qual, stmt, target, undefined=True)


def _instance(func: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The instance parameter of a method (``self``); None for a static method or a function."""
    names = {d.id for d in func.decorator_list if isinstance(d, ast.Name)}
    if names & {"staticmethod", "classmethod"} or not func.args.args:
        return None
    return func.args.args[0].arg


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of a function's own body, nested blocks included, nested defs and classes not."""
    for stmt in body:
        if isinstance(stmt, (*FUNCTION_DEFS, ast.ClassDef)):
            continue
        yield stmt
        for block in child_blocks(stmt):
            yield from _statements(block)


def _own_expressions(stmt: ast.stmt) -> Iterator[ast.AST]:
    """The parts of a statement that run with it: a compound statement's head, not its blocks."""
    blocks = {id(s) for block in child_blocks(stmt) for s in block}
    for _field, value in ast.iter_fields(stmt):
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, ast.AST) and id(item) not in blocks and not isinstance(item, ast.excepthandler):
                yield item


def _reads(stmt: ast.stmt, me: str | None) -> set[str]:
    """``name`` and ``me.name`` loads the statement makes when it runs (a lambda's body runs later; a
    comprehension's own loop names, ``[n for n in items]``, are its, not the function's: only its first
    iterable reads the function's)."""
    found: set[str] = set()
    stack: list[tuple[ast.AST, frozenset[str]]] = [(part, frozenset()) for part in _own_expressions(stmt)]
    while stack:
        node, hidden = stack.pop()
        if isinstance(node, (ast.Lambda, *FUNCTION_DEFS, ast.ClassDef)):
            continue
        if isinstance(node, _COMPREHENSIONS):
            inner = hidden | {n for g in node.generators for n in _comprehension_names(g.target)}
            stack.append((node.generators[0].iter, hidden))
            rest: list[ast.AST] = [*node.generators[0].ifs, *node.generators[1:]]
            rest += [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
            stack.extend((part, inner) for part in rest)
            continue
        if isinstance(node, ast.comprehension):  # a later ``for``: its iterable runs in the comprehension
            stack.extend((part, hidden) for part in (node.iter, *node.ifs))
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if node.id not in hidden:
                found.add(node.id)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, ast.Load)
            and isinstance(node.value, ast.Name)
            and node.value.id == me
        ):
            found.add(f"{me}.{node.attr}")
        stack.extend((child, hidden) for child in ast.iter_child_nodes(node))
    return found


def _comprehension_names(target: ast.expr) -> Iterator[str]:
    return (n.id for n in ast.walk(target) if isinstance(n, ast.Name))


def _bound(part: ast.AST) -> set[str]:
    """Names an expression binds in the function's scope: its store targets and ``:=`` targets (one in a
    comprehension too), not a comprehension's loop names nor anything in a lambda."""
    found: set[str] = set()
    stack: list[tuple[ast.AST, bool]] = [(part, False)]
    while stack:
        node, nested = stack.pop()
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, ast.NamedExpr) or (
            not nested and isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
        ):
            found.add(node.target.id if isinstance(node, ast.NamedExpr) else node.id)
        inner = nested or isinstance(node, _COMPREHENSIONS)
        stack.extend((child, inner) for child in ast.iter_child_nodes(node))
    return found


def _walrus(stmt: ast.stmt, target: str) -> bool:
    """The statement's own parts bind ``target`` with ``:=`` (``if (x := f()) is None: return``). Counted
    as run: one under ``and``/``or`` may not, and a gate keeps quiet rather than block on a guess."""
    return "." not in target and any(
        isinstance(n, ast.NamedExpr) and n.target.id == target
        for part in _own_expressions(stmt)
        for n in ast.walk(part)
    )


def _locals(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """Names Python makes local to the function: assigned in it, not parameters, not declared global."""
    return _assigned_names(func) - parameter_names(func.args)


def _rebound(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """Parameters the function assigns again (``params = params.clone()``): a read sees the argument
    until then."""
    return _assigned_names(func) & parameter_names(func.args)


def _assigned_names(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    declared: set[str] = set()
    stored: set[str] = set()
    for stmt in _statements(func.body):
        if isinstance(stmt, (ast.Global, ast.Nonlocal)):
            declared.update(stmt.names)
        stored |= _stores(stmt)
    return stored - declared


def _stores(stmt: ast.stmt) -> set[str]:
    """Plain names a statement binds when it runs (its own parts: targets, ``as`` names, imports)."""
    found: set[str] = set()
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in stmt.names}
    if isinstance(stmt, ast.Try) or type(stmt).__name__ == "TryStar":
        found |= {h.name for h in getattr(stmt, "handlers", []) if h.name}
    for part in _own_expressions(stmt):
        found |= _bound(part)
    return found


def _undefined(defined: frozenset[str], func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """A name no longer assigned in the function that nothing else defines: a NameError now."""
    return (
        name not in _BUILTINS and name not in _assigned_names(func) | parameter_names(func.args) and name not in defined
    )


def _module_names(module: ast.Module) -> frozenset[str]:
    """Every name the module binds anywhere (or imports with ``*``: then "*"), in one walk."""
    found: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif isinstance(node, (*FUNCTION_DEFS, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            found.update(node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            found.add(node.name)
    return frozenset(found)


# -- does an assignment reach the read? ----------------------------------------------------------------
def _reached(func: ast.FunctionDef | ast.AsyncFunctionDef, goal: Goal) -> dict[int, bool] | None:
    """id(statement) -> whether an assignment of the goal's target ran on every path from the function's
    start to it (for ``self.x``, a call of a method of the class that assigns it counts as one); None
    when the name is bound on entry (a parameter never assigned again, a global).  One pass."""
    if "." not in goal.target and goal.target not in _locals(func) and goal.target not in _rebound(func):
        return None
    found: dict[int, bool] = {}

    def walk(block: list[ast.stmt], assigned: bool) -> None:
        for stmt in block:
            found[id(stmt)] = assigned
            if not isinstance(stmt, (*FUNCTION_DEFS, ast.ClassDef)):
                head = assigned or _head_sets(stmt, goal)
                for inner in child_blocks(stmt):
                    # a ``try``'s ``else`` runs once its body ran to the end
                    after = isinstance(stmt, ast.Try) and inner is stmt.orelse and _block_sets(stmt.body, goal)
                    walk(inner, head or after)
            assigned = assigned or _sets(stmt, goal)

    walk(func.body, False)
    return found


def _head_sets(item: ast.stmt, goal: Goal) -> bool:
    """What a compound statement binds before its body runs: a ``for`` target, a ``with ... as``, a ``:=``
    in its head (``if``, ``while`` test, ``match`` subject)."""
    if isinstance(item, (ast.For, ast.AsyncFor)) and _binds(item.target, goal.target):
        return True
    if isinstance(item, (ast.With, ast.AsyncWith)) and any(
        i.optional_vars is not None and _binds(i.optional_vars, goal.target) for i in item.items
    ):
        return True
    return _walrus(item, goal.target)


def _sets(stmt: ast.stmt, goal: Goal) -> bool:
    """Whether running ``stmt`` surely assigns the target (on every path through it that goes on)."""
    if id(stmt) not in goal.answers:
        goal.answers[id(stmt)] = _runs_set(stmt, goal)
    return goal.answers[id(stmt)]


def _runs_set(stmt: ast.stmt, goal: Goal) -> bool:
    target = goal.target
    if _walrus(stmt, target):
        return True
    if isinstance(stmt, (ast.Assign, ast.AnnAssign)):  # ``x += 1`` reads it first
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        return (stmt.value is not None and any(_binds(t, target) for t in targets)) or _calls_setter(stmt, goal)
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return "." not in target and target in _stores(stmt)
    if isinstance(stmt, (*FUNCTION_DEFS, ast.ClassDef)):
        return stmt.name == target
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        return _head_sets(stmt, goal) or _block_sets(stmt.body, goal)
    if isinstance(stmt, ast.Try):
        handled = all(_block_sets(h.body, goal) for h in stmt.handlers)
        return _block_sets(stmt.finalbody, goal) or (
            handled and (_block_sets(stmt.body, goal) or _block_sets(stmt.orelse, goal))
        )
    if isinstance(stmt, ast.If):
        return _block_sets(stmt.body, goal) and _block_sets(stmt.orelse, goal)
    if isinstance(stmt, _LOOPS):
        return _loop_sets(stmt, goal)
    if isinstance(stmt, ast.Match):
        return any(_irrefutable(c) for c in stmt.cases) and all(_block_sets(c.body, goal) for c in stmt.cases)
    if isinstance(stmt, ast.Expr):
        return _calls_setter(stmt, goal)
    return False


def _loop_sets(loop: ast.For | ast.AsyncFor | ast.While, goal: Goal) -> bool:
    """A loop leaves with the target set: ``while True:`` only through a ``break`` that follows an
    assignment, or a loop whose ``else`` assigns it (or leaves) and whose every ``break`` follows one
    (``for c in cands: if ok(c): x = c; break`` / ``else: raise``).  A loop that may run no pass does not."""
    forever = isinstance(loop, ast.While) and isinstance(loop.test, ast.Constant) and bool(loop.test.value)
    if not forever and not _block_sets(loop.orelse, goal):
        return False
    return _breaks_set(loop.body, goal, False)


def _breaks_set(block: list[ast.stmt], goal: Goal, assigned: bool) -> bool:
    """Every ``break`` of the loop whose body is ``block`` runs after an assignment of the target (an inner
    loop's breaks are its own; its ``else`` block's are this loop's)."""
    for stmt in block:
        if isinstance(stmt, ast.Break) and not assigned:
            return False
        if isinstance(stmt, _LOOPS):
            inner = [stmt.orelse]
        elif isinstance(stmt, (*FUNCTION_DEFS, ast.ClassDef)):
            inner = []
        else:
            inner = list(child_blocks(stmt))
        head = assigned or _head_sets(stmt, goal)
        if not all(_breaks_set(b, goal, head) for b in inner):
            return False
        assigned = assigned or _sets(stmt, goal)
    return True


def _irrefutable(case: ast.match_case) -> bool:
    """``case _:`` or ``case name:`` without a guard: the match takes one case on every path."""
    return case.guard is None and isinstance(case.pattern, ast.MatchAs) and case.pattern.pattern is None


def _block_sets(block: list[ast.stmt], target: Goal) -> bool:
    """A block assigns ``target`` before it ends, or leaves (``return``, ``raise``...) without going on."""
    for stmt in block:
        if _sets(stmt, target) or isinstance(stmt, _EXITS) or _never_returns(stmt):
            return True
    return False


# calls that do not come back: ``sys.exit(1)``, ``os._exit(1)``, ``typing.assert_never(x)``
_NO_RETURN = frozenset({"exit", "quit", "_exit", "assert_never"})


def _never_returns(stmt: ast.stmt) -> bool:
    """``assert False``, or a call of a function that ends the process or asserts the branch away."""
    if isinstance(stmt, ast.Assert):
        return isinstance(stmt.test, ast.Constant) and not stmt.test.value
    if not isinstance(stmt, ast.Expr) or not isinstance(stmt.value, ast.Call):
        return False
    func = stmt.value.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    return name in _NO_RETURN


def _binds(node: ast.expr, target: str) -> bool:
    if isinstance(node, ast.Name):
        return node.id == target
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}" == target
    if isinstance(node, (ast.Tuple, ast.List)):
        return any(_binds(e, target) for e in node.elts)
    if isinstance(node, ast.Starred):
        return _binds(node.value, target)
    return False


def _calls_setter(stmt: ast.stmt, goal: Goal) -> bool:
    """For ``self.x``: the statement calls a method of the class that assigns it (``self.setup()``), or
    hands the instance to another callable (``init_cache(self)``: it may set it, so it counts)."""
    owner, _, attr = goal.target.partition(".")
    if not attr:
        return False
    for node in ast.walk(stmt):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == owner:
            if func.attr in goal.setters:
                return True
        if any(isinstance(a, ast.Name) and a.id == owner for a in [*node.args, *(k.value for k in node.keywords)]):
            return True
        if isinstance(func, ast.Attribute) and _instance_dict(func.value, owner):
            return True  # ``self.__dict__.update(kw)``: the instance's attributes, set whole
    # not ``super().__init__()``: nearly every class calls it first (``nn.Module``'s), and counting it
    # would silence every read in ``__init__`` (#14305 moved ``FusedMoE.__init__``'s ``self.layer_name``
    # below the fork's reads, under ``super().__init__()``)
    return False


def _instance_dict(node: ast.expr, owner: str) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "__dict__"
        and isinstance(node.value, ast.Name)
        and node.value.id == owner
    )


_Guards = tuple[frozenset[str], frozenset[str]]


def _guards(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[int, _Guards]:
    """id(statement) -> the tests of the ``if`` statements whose body holds it (``ast.dump``), and those
    with each term of an ``and`` test besides (what holds there): a read under the test that also guards
    an assignment (``if flag: x = ...`` ... ``if flag:`` or ``if flag and n: use(x)``) goes with it, as
    upstream's own reads there do."""
    found: dict[int, _Guards] = {}

    def walk(body: list[ast.stmt], tests: _Guards) -> None:
        for stmt in body:
            found[id(stmt)] = tests
            if isinstance(stmt, (*FUNCTION_DEFS, ast.ClassDef)):
                continue
            inner = tests
            if isinstance(stmt, ast.If):
                terms = (
                    stmt.test.values if isinstance(stmt.test, ast.BoolOp) and isinstance(stmt.test.op, ast.And) else []
                )
                test = ast.dump(stmt.test)
                inner = (tests[0] | {test}, tests[1] | {test, *map(ast.dump, terms)})
            for block in child_blocks(stmt):
                walk(block, inner if block is getattr(stmt, "body", None) else tests)

    walk(func.body, (frozenset(), frozenset()))
    return found


# -- upstream's assignment -------------------------------------------------------------------------------
def _set_elsewhere(read: Read, writer: Writer) -> ast.stmt | bool:
    """The assignment of the target left in the merged function that no longer reaches the read
    (upstream's own, if it wrote one: the one it moved); True when the function assigns it nowhere
    (a local: dropped); False for ``self.x`` assigned nowhere here (set elsewhere: symbol drift's)."""
    sets = [s for s in _statements(read.func.body) if _binds_any(s, read.target)]
    if not sets:
        return "." not in read.target
    return next((s for s in sets if writer(s) == UPSTREAM), sets[0])


def _binds_any(stmt: ast.stmt, target: str) -> bool:
    if "." not in target:
        return target in _stores(stmt)
    return any(
        isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and _binds(n, target)
        for part in _own_expressions(stmt)
        for n in ast.walk(part)
    )


def _finding(path: str, read: Read, upstream: ast.stmt | bool, stale_memo: dict[tuple[int, str], bool]) -> Finding:
    target, where = read.target, f"{read.qual}()"
    if isinstance(upstream, ast.stmt):
        later = upstream.lineno > read.stmt.lineno
        how = (
            f"after upstream's change the function assigns it at line {upstream.lineno}, below the fork's line"
            if later
            else f"after upstream's change the function assigns it (line {upstream.lineno}) on one path only"
        )
    else:
        how = "after upstream's change the function no longer assigns it"
    argument = "." not in target and target in parameter_names(read.func.args)
    local = "." not in target and not argument
    stale = argument or (not local and read.func.name != "__init__" and _set_in_class(read, stale_memo))
    if argument:
        consequence = "it reads the argument as passed, not the value the function made of it"
    elif local:
        consequence = (
            "UnboundLocalError (or a value an earlier loop pass left)"
            if not isinstance(upstream, bool)
            else "NameError"
        )
    elif stale:
        consequence = "it reads the value an earlier call left"
    else:
        consequence = "AttributeError, or a class attribute's value in its place"
    message = (
        f"the fork's line reads {target} in {where} before anything sets it on every path: at the fork branch "
        f"an assignment above it did; {how}; on the fork's path: {consequence}; move the fork's line below "
        "upstream's assignment, or set the value first"
    )
    severity = Severity.WARNING if stale else Severity.ERROR
    return Finding(RULE, "merge", severity, path, read.stmt.lineno, message)


def _set_in_class(read: Read, memo: dict[tuple[int, str], bool]) -> bool:
    """``self.x`` is assigned by another method of the read's class, or the class body sets ``x``: an
    instance may hold a value from an earlier call (asked once a class and name)."""
    attr = read.target.partition(".")[2]
    key = (id(read.cls), attr)
    if key not in memo:
        memo[key] = read.cls is not None and any(_sets_attr(stmt, read.func, attr) for stmt in read.cls.body)
    return memo[key]


def _sets_attr(stmt: ast.stmt, func: ast.FunctionDef | ast.AsyncFunctionDef, attr: str) -> bool:
    if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        return any(isinstance(t, ast.Name) and t.id == attr for t in targets)
    if isinstance(stmt, FUNCTION_DEFS) and stmt is not func:
        me = _instance(stmt)
        return me is not None and any(_binds_any(s, f"{me}.{attr}") for s in _statements(stmt.body))
    return False
