"""Duplicate definitions after a merge: one name defined twice in one scope, once by each side.

Git merges a carry's ``def f`` and upstream's own, later ``def f`` without a conflict when they sit
apart; Python keeps the later one silently (ruff's F811).  The same holds for one key written twice
in a dict display (ruff's F601): a carry's registry entry and upstream's own entry for that key,
added far apart in a long table, merge cleanly, and the dict keeps the later value.  Each statement
block is its own scope here, so alternatives in ``if``/``else``, ``try``/``except`` or ``if
TYPE_CHECKING:`` never pair up; ``@overload``, property setters and ``@f.register`` are
redefinitions by design.

In the same walk: fork code below an exit upstream added to its block (it never runs), and a fork
assignment that upstream's new, later assignment replaces before any read (it never takes effect).
"""

from __future__ import annotations

import ast
import bisect
import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from aeon_release.domain.audits.drift.signatures import decorator_names
from aeon_release.domain.audits.merge_rules import DUPLICATE_DEFINITION as RULE
from aeon_release.domain.audits.merge_rules import UNREACHABLE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import code_lines, parse_python, plain_name

_BY_DESIGN = frozenset({"overload", "setter", "getter", "deleter", "register", "register_fake", "impl"})
_SPECIAL = frozenset({"__all__", "__slots__", "__doc__", "_", "__version__"})
FORK, UPSTREAM, BOTH, BASE = "the fork", "upstream", "both sides", "base"


@dataclass(frozen=True)
class Definition:
    name: str
    kind: str  # function, class, assignment, import
    node: ast.AST
    start: int
    end: int


def duplicate_definitions(
    path: str, text: str, fork_lines: frozenset[str], upstream_lines: frozenset[str], module: ast.Module | None = None
) -> list[Finding]:
    """Findings for one merged file; ``*_lines`` are the stripped lines each side added."""
    lines = code_lines(text)
    only_fork, only_upstream = _only_lines(lines, fork_lines, upstream_lines)
    if not only_fork or not only_upstream:
        return []  # every finding pairs what the fork alone wrote with what upstream alone did (``_side``)
    if module is None:
        module = parse_python(text, path)
        if module is None:
            return []  # the py-compile rule reports it
    last = (module.body[-1].end_lineno or 0) if module.body else 0
    if only_fork[0] > last or only_upstream[0] > last:
        # and ``_side`` counts only the lines of a statement: a side's lines all below the last (a carry's
        # comment appended to a 340 KB module) vote in none, so the module's blocks are not walked (perf26)
        return []
    blocks = list(_blocks(module.body, "module"))  # one walk for the three block checks
    findings = []
    pairs = [
        (first, second, where)
        for block, where in blocks
        for first, second in _pairs(block, in_function=where.startswith("function"))
    ]
    pairs += _key_pairs(module, only_fork, only_upstream)
    pairs += _registry_pairs(blocks)
    for first, second, where in pairs:
        sides = (_side(first, lines, fork_lines, upstream_lines), _side(second, lines, fork_lines, upstream_lines))
        if set(sides) == {FORK, UPSTREAM}:
            findings.append(_finding(path, where, first, second, sides))
    writer = functools.partial(statement_side, lines=lines, fork=fork_lines, upstream=upstream_lines)
    findings += _unreachable(path, blocks, writer)
    findings += _overwritten(path, blocks, writer)
    return findings


def _overwritten(
    path: str, blocks: list[tuple[list[ast.stmt], str]], writer: Callable[[ast.stmt], str]
) -> list[Finding]:
    """In a function, a fork assignment that a later assignment upstream added to the same block
    replaces before anything reads it: the carry's value (``self.sizes = [1, 2]``) never takes effect.

    A read in between (of the name, or for ``self.x`` any call that is given ``self`` or is a method
    of it, which may read the attribute) keeps the fork's value alive; so does upstream's new value
    mentioning the old (``x = x or 4``).  The other order, upstream's value replaced by the fork's
    later one, is how a carry overrides a setting, and is not reported."""
    findings = []
    for block, where in blocks:
        if not where.startswith("function"):
            continue
        assigned: dict[str, tuple[int, ast.stmt]] = {}
        for i, stmt in enumerate(block):
            target = _assigned(stmt)
            if target is None:
                continue
            earlier = assigned.get(target)
            if earlier is not None and _replaces(block, earlier[0], i, target, writer):
                findings.append(_overwrite_finding(path, where, target, earlier[1], stmt))
            assigned[target] = (i, stmt)
    return findings


def _assigned(stmt: ast.stmt) -> str | None:
    """The one plain target of an assignment with a value: ``name`` or ``self.attr`` (any ``x.attr`` of a name)."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0]
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        target = stmt.target
    else:
        return None
    if isinstance(target, ast.Name):
        return target.id
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
        return f"{target.value.id}.{target.attr}"
    return None


def _replaces(block: list[ast.stmt], i: int, j: int, target: str, writer: Callable[[ast.stmt], str]) -> bool:
    first, second = block[i], block[j]
    if writer(first) != FORK:
        return False
    if writer(second) != UPSTREAM:
        return False
    value = second.value if isinstance(second, (ast.Assign, ast.AnnAssign)) else None
    between: list[ast.AST] = [*block[i + 1 : j], *([value] if value is not None else [])]
    return not any(_may_read(node, target) for node in between)


def _may_read(node: ast.AST, target: str) -> bool:
    owner, _, attr = target.partition(".")
    for sub in ast.walk(node):
        if not attr and isinstance(sub, ast.Name) and sub.id == owner and isinstance(sub.ctx, ast.Load):
            return True
        if attr and isinstance(sub, ast.Attribute) and sub.attr == attr and isinstance(sub.ctx, ast.Load):
            return True
        if attr and isinstance(sub, ast.Call) and _hands_over(sub, owner):
            return True
    return False


def _hands_over(call: ast.Call, owner: str) -> bool:
    """A call that can reach the owner's attributes: a method of it, or one it is passed to."""
    func = call.func
    while isinstance(func, ast.Attribute):
        func = func.value
    if isinstance(func, ast.Name) and func.id == owner and call.func is not func:
        return True
    if isinstance(func, ast.Call) and isinstance(func.func, ast.Name) and func.func.id == "super":
        return True  # ``super().__init__(...)``: the base's methods see every attribute
    arguments = [*call.args, *(k.value for k in call.keywords)]
    return any(isinstance(n, ast.Name) and n.id == owner for a in arguments for n in ast.walk(a))


def _overwrite_finding(path: str, where: str, target: str, first: ast.stmt, second: ast.stmt) -> Finding:
    message = (
        f"the fork's value of {target} (line {first.lineno}) is replaced by upstream's new assignment at line "
        f"{second.lineno} in {where} before anything reads it: the carry no longer takes effect; move it "
        "below upstream's line, or fold it into it"
    )
    placeholder = isinstance(first, (ast.Assign, ast.AnnAssign)) and _is_none(first.value)
    return Finding(RULE, "merge", Severity.WARNING if placeholder else Severity.ERROR, path, first.lineno, message)


def _is_none(value: ast.expr | None) -> bool:
    """``x = None``: a placeholder the fork set, harmless when replaced (still worth a look)."""
    return isinstance(value, ast.Constant) and value.value is None


_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)


def _unreachable(
    path: str, blocks: list[tuple[list[ast.stmt], str]], writer: Callable[[ast.stmt], str]
) -> list[Finding]:
    """Fork statements after an exit upstream added to the same block: git merged the fork's lines
    below upstream's new ``return`` (or ``raise``, ``break``, ``continue``), and they never run."""
    findings = []
    for block, where in blocks:
        for i, stmt in enumerate(block[:-1]):
            if not isinstance(stmt, _EXITS):
                continue
            if writer(stmt) == UPSTREAM:
                dead = next((s for s in block[i + 1 :] if writer(s) == FORK), None)
                if dead is not None:
                    findings.append(_dead_finding(path, where, stmt, dead))
            break  # what follows the first exit is unreachable whoever wrote it
    return findings


def statement_side(stmt: ast.stmt, lines: list[str], fork: frozenset[str], upstream: frozenset[str]) -> str:
    """Which side wrote a statement (as ``_side`` says of a definition)."""
    return _side(Definition("", "statement", stmt, stmt.lineno, stmt.end_lineno or stmt.lineno), lines, fork, upstream)


def _dead_finding(path: str, where: str, exit_: ast.stmt, dead: ast.stmt) -> Finding:
    shown = ast.unparse(exit_).splitlines()[0][:60]
    message = (
        f"the fork's code at line {dead.lineno} never runs: upstream's `{shown}` at line {exit_.lineno} now "
        f"leaves this block of {where} before it; move the fork's code above the exit, or into the path "
        "upstream takes now"
    )
    return Finding(UNREACHABLE, "merge", Severity.ERROR, path, dead.lineno, message)


def _only_lines(lines: list[str], fork: frozenset[str], upstream: frozenset[str]) -> tuple[list[int], list[int]]:
    """The numbers of the lines the fork alone added, and of those upstream alone did (``_side``'s only votes)."""
    only_fork: list[int] = []
    only_upstream: list[int] = []
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if text and (text in fork) != (text in upstream):
            (only_fork if text in fork else only_upstream).append(number)
    return only_fork, only_upstream


def _key_pairs(
    module: ast.Module, only_fork: list[int], only_upstream: list[int]
) -> Iterator[tuple[Definition, Definition, str]]:
    """Entries of one dict display with equal keys: constants (equal as Python compares them, so
    ``1`` and ``True`` meet) and dotted names (``Kind.FP8``).

    A pair is reported only when one entry is the fork's and the other upstream's, and ``_side``
    gives a side only to a definition holding a line that side alone added: so only a dict spanning
    such a line of each side can hold one, and the walk enters no statement or expression whose lines
    lack either (most of a large module: ``only_fork`` and ``only_upstream``, ``_only_lines``', each non-empty)."""
    stack: list[ast.AST] = [module]
    while stack:  # iterative: a deep tree cannot exhaust the stack here
        node = stack.pop()
        end = getattr(node, "end_lineno", None)
        if end is not None:
            start = min([getattr(node, "lineno", end), *(d.lineno for d in getattr(node, "decorator_list", ()))])
            if not (_holds(only_fork, start, end) and _holds(only_upstream, start, end)):
                continue
        stack.extend(ast.iter_child_nodes(node))
        if not isinstance(node, ast.Dict):
            continue
        seen: dict[object, Definition] = {}
        for key, value in zip(node.keys, node.values, strict=True):
            ident = key_identity(key) if key is not None else None  # None: a ``**spread``
            if key is None or ident is None:
                continue
            entry = Definition(_show_key(key), "dict key", value, key.lineno, value.end_lineno or key.lineno)
            earlier = seen.get(ident)
            if earlier is not None:
                yield earlier, entry, f"the dict at line {node.lineno}"
            seen[ident] = entry


def _holds(numbers: list[int], start: int, end: int) -> bool:
    """Whether the sorted ``numbers`` hold one in ``start..end``."""
    at = bisect.bisect_left(numbers, start)
    return at < len(numbers) and numbers[at] <= end


def _registry_pairs(blocks: list[tuple[list[ast.stmt], str]]) -> Iterator[tuple[Definition, Definition, str]]:
    """One key written twice into one module-level registry, by separate statements: ``REG["k"] = v``,
    ``REG.update({"k": v})`` or ``REG.update(k=v)``, an entry of a ``REG = {...}`` display, and
    ``@register("k")`` decorators of one callee.  The later write wins.  Keys equal as ``key_identity``
    says; a new ``REG = ...`` starts the registry again."""
    for block, where in blocks:
        if where != "module":
            continue
        seen: dict[object, Definition] = {}
        for stmt in block:
            rebound = _rebinds(stmt)
            if rebound is not None:
                seen = {k: v for k, v in seen.items() if not (isinstance(k, tuple) and k[0] == rebound)}
            writes = list(_registry_writes(stmt))
            for ident, entry in writes:
                earlier = seen.get(ident)
                if earlier is not None:
                    yield earlier, entry, f"the registry {ident[0]}"
            seen.update(writes)


def _registry_writes(stmt: ast.stmt) -> Iterator[tuple[tuple[str, object], Definition]]:
    """(registry, key) -> the write, for each key a module-level statement writes into a registry."""
    if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        for target in targets:
            if isinstance(target, ast.Subscript) and (name := plain_name(target.value)):
                ident = key_identity(target.slice)
                if ident is not None:
                    yield (name, ident), _entry(target.slice, stmt)
            elif isinstance(target, ast.Name) and isinstance(stmt.value, ast.Dict):
                yield from _display_writes(target.id, stmt.value)
    elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        call = stmt.value
        if (
            isinstance(call.func, ast.Attribute)
            and call.func.attr == "update"
            and (name := plain_name(call.func.value))
        ):
            for arg in call.args[:1]:
                if isinstance(arg, ast.Dict):
                    yield from _display_writes(name, arg)
            for keyword in call.keywords:
                if keyword.arg is not None:
                    yield (name, ("constant", keyword.arg)), _entry(keyword.value, keyword.value, keyword.arg)
    elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        for dec in stmt.decorator_list:
            if isinstance(dec, ast.Call) and dec.args and "register" in (callee := plain_name(dec.func) or ""):
                ident = key_identity(dec.args[0])
                if ident is not None:
                    start = min(d.lineno for d in stmt.decorator_list)
                    shown = f"{_show_key(dec.args[0])} (@{callee})"
                    yield (
                        (f"@{callee}", ident),
                        Definition(shown, "registry key", stmt, start, stmt.end_lineno or start),
                    )


def _display_writes(name: str, display: ast.Dict) -> Iterator[tuple[tuple[str, object], Definition]]:
    for key, value in zip(display.keys, display.values, strict=True):
        ident = key_identity(key) if key is not None else None
        if key is not None and ident is not None:
            yield (
                (name, ident),
                Definition(_show_key(key), "registry key", value, key.lineno, value.end_lineno or key.lineno),
            )


def _entry(key: ast.expr, stmt: ast.AST, shown: str | None = None) -> Definition:
    start, end = getattr(stmt, "lineno", key.lineno), getattr(stmt, "end_lineno", None) or key.lineno
    return Definition(shown if shown is not None else _show_key(key), "registry key", stmt, start, end)


def _rebinds(stmt: ast.stmt) -> str | None:
    """The name a module-level statement binds anew (``REG = {}``): its earlier keys are gone."""
    if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        names = [t.id for t in targets if isinstance(t, ast.Name)]
        return names[0] if names else None
    return None


def key_identity(key: ast.expr) -> object | None:
    """What a dict display's key is equal by: a constant's value (as Python compares it), a dotted
    name's parts; None for a key computed at run time."""
    if isinstance(key, ast.Constant):
        try:
            hash(key.value)
        except TypeError:
            return None
        return ("constant", key.value)
    parts = []
    while isinstance(key, ast.Attribute):
        parts.append(key.attr)
        key = key.value
    if isinstance(key, ast.Name) and parts:
        return ("name", key.id, *reversed(parts))
    return None


def _show_key(key: ast.expr) -> str:
    if isinstance(key, ast.Constant):
        return repr(key.value)[:60]
    return ast.unparse(key)[:60]


def _blocks(body: list[ast.stmt], where: str) -> Iterator[tuple[list[ast.stmt], str]]:
    yield body, where
    for stmt in body:
        if isinstance(stmt, ast.ClassDef):
            yield from _blocks(stmt.body, f"class {stmt.name}")
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from _blocks(stmt.body, f"function {stmt.name}")
        else:
            for name in ("body", "orelse", "finalbody"):
                block = getattr(stmt, name, None)
                if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                    yield from _blocks(block, where)
            for handler in getattr(stmt, "handlers", []) or []:
                yield from _blocks(handler.body, where)


def _pairs(block: list[ast.stmt], in_function: bool) -> Iterator[tuple[Definition, Definition]]:
    seen: dict[str, Definition] = {}
    for stmt in block:
        for definition in _definitions(stmt, in_function):
            earlier = seen.get(definition.name)
            if earlier is not None and _real_pair(earlier, definition):
                yield earlier, definition
            seen[definition.name] = definition


def _definitions(stmt: ast.stmt, in_function: bool) -> Iterator[Definition]:
    end = stmt.end_lineno or stmt.lineno
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
        if not decorator_names(stmt) & _BY_DESIGN:
            yield Definition(stmt.name, "function", stmt, stmt.lineno, end)
    elif isinstance(stmt, ast.ClassDef):
        yield Definition(stmt.name, "class", stmt, stmt.lineno, end)
    elif isinstance(stmt, (ast.Assign, ast.AnnAssign)) and not in_function:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        if stmt.value is None or len(targets) != 1 or not isinstance(targets[0], ast.Name):
            return
        name = targets[0].id
        if name not in _SPECIAL and not _mentions(stmt.value, name):
            yield Definition(name, "assignment", stmt, stmt.lineno, end)
    elif isinstance(stmt, (ast.Import, ast.ImportFrom)) and not in_function:
        for alias in stmt.names:
            if alias.name != "*":
                yield Definition((alias.asname or alias.name).split(".")[0], "import", stmt, stmt.lineno, end)


def _real_pair(first: Definition, second: Definition) -> bool:
    # the same name imported twice: harmless, or a conflict the import rules see
    return not (first.kind == "import" and second.kind == "import")


def _mentions(value: ast.expr, name: str) -> bool:
    """``x = x or default``: a refinement of the earlier value, not a second definition."""
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(value))


def _side(definition: Definition, lines: list[str], fork: frozenset[str], upstream: frozenset[str]) -> str:
    """Which side wrote a definition: the side that added most of its lines (lines both added count for neither)."""
    counts = {FORK: 0, UPSTREAM: 0}
    for line in lines[definition.start - 1 : definition.end]:
        text = line.strip()
        if not text:
            continue
        in_fork, in_upstream = text in fork, text in upstream
        if in_fork and not in_upstream:
            counts[FORK] += 1
        elif in_upstream and not in_fork:
            counts[UPSTREAM] += 1
    header = lines[definition.start - 1].strip() if definition.start <= len(lines) else ""
    if counts[FORK] == counts[UPSTREAM]:
        if counts[FORK] == 0:
            return BOTH if header in fork and header in upstream else BASE
        return BOTH
    return FORK if counts[FORK] > counts[UPSTREAM] else UPSTREAM


def _finding(path: str, where: str, first: Definition, second: Definition, sides: tuple[str, str]) -> Finding:
    identical = ast.dump(first.node) == ast.dump(second.node)
    shadowed = (
        "the fork's (carry's) version is the one shadowed: upstream's later definition wins"
        if sides[0] == FORK
        else "upstream's version is shadowed by the fork's later definition"
    )
    kind = first.kind if first.kind == second.kind else f"{first.kind}/{second.kind}"
    if kind in ("dict key", "registry key"):
        return _key_finding(path, where, first, second, sides, identical)
    message = (
        f"{second.name} ({kind}) is defined twice in {where} after the merge: line {first.start} "
        f"from {sides[0]}, line {second.start} from {sides[1]}; {shadowed}"
        + ("; the two are identical: drop one" if identical else "; keep one")
    )
    severity = Severity.WARNING if identical else Severity.ERROR
    return Finding(RULE, "merge", severity, path, second.start, message)


def _key_finding(
    path: str, where: str, first: Definition, second: Definition, sides: tuple[str, str], identical: bool
) -> Finding:
    dropped = "the fork's (carry's) entry" if sides[0] == FORK else "upstream's entry"
    message = (
        f"key {second.name} is written twice in {where} after the merge: line {first.start} from {sides[0]}, "
        f"line {second.start} from {sides[1]}; the dict keeps the later value, so {dropped} is silently dropped"
        + ("; the two are identical: drop one" if identical else "; keep one")
    )
    # a registry write of the fork's after upstream's is how a carry overrides an entry: the carry works
    overrides = first.kind == "registry key" and sides[0] == UPSTREAM
    severity = Severity.WARNING if identical or overrides else Severity.ERROR
    return Finding(RULE, "merge", severity, path, second.start, message)


def duplicates_in(
    texts: Mapping[str, str],
    fork: Mapping[str, frozenset[str]],
    upstream: Mapping[str, frozenset[str]],
    parsed: Mapping[str, ast.Module] | None = None,
) -> list[Finding]:
    """Every merged file that both sides changed (``parsed``: modules already parsed, by path)."""
    findings = []
    for path, text in sorted(texts.items()):
        findings += duplicate_definitions(
            path, text, fork.get(path, frozenset()), upstream.get(path, frozenset()), (parsed or {}).get(path)
        )
    return findings
