"""Fork-owned integer literals tied to an enum member that upstream renumbered (and string literals
tied to a string member whose value upstream changed).

A literal is *tied* to an enum when the code around it says so: it is compared with, assigned to,
returned as or passed as something that names the class or the member (``kv_quant_mode == 4``,
``status = 4`` where ``status`` was assigned from the enum), compared with ``.value`` or
``int(member)``, a key of a table looked up with the enum, a mask (``mode & 4``), wrapped in
``Enum(4)``, the default of ``int(os.environ.get(..., "4"))`` that flows into the enum, or its line
carries a comment naming the member (or a name the file bound to it: ``FP4 = C.NVFP4``).  Otherwise
a literal compared with a plain name, in a file that references the class, is tied unless the name
explains the number (a size, a count, an index); a string is not tied by the file alone.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from aeon_release.domain.audits.drift.enums import Renumbered
from aeon_release.domain.audits.drift.pyindex import import_base
from aeon_release.domain.audits.model import Fix
from aeon_release.domain.audits.source import code_lines

# Names whose numbers mean something else than an enum value: sizes, counts, indices, versions.
_NUMERIC_WORDS = frozenset(
    """
len length size sizes num count counts dim dims ndim rank ranks idx index indices shape width height
step steps version major minor bits batch world tp pp dp ep length offset offsets pos position i j k n
stride strides block blocks capability device port nbytes numel seed layer layers head heads max min
limit timeout retries ttl total start end begin stop bytes cap degree order arity nargs argc
""".split()
)
_ENV_GETTERS = frozenset({"get", "getenv"})


@dataclass(frozen=True)
class Tie:
    path: str
    line: int
    change: Renumbered
    how: str  # why the literal belongs to the enum, for the message
    fix: Fix | None
    fallback: bool = False  # in the ``except`` of a try that builds the enum from another value first


def fuzzy(name: str) -> re.Pattern[str]:
    """CacheMode -> a pattern matching cache_mode, CACHE_MODE, cachemode (whole identifiers)."""
    words = re.findall(r"[A-Z]+(?=[A-Z][a-z]|\b|[0-9])|[A-Z]?[a-z]+|[0-9]+|[A-Z]+", name)
    body = "_?".join(re.escape(w) for w in words) if words else re.escape(name)
    # the class's words as whole words of the identifier: ``model_flags`` and ``num_modes`` are not ``Mode``'s
    return re.compile(rf"^_*(?:\w*_)?{body}(?:_\w*)?$", re.I)


def references(text: str, change: Renumbered) -> bool:
    """The file names the class, or an identifier named like it (cache_mode for CacheMode), or reads an
    attribute the enum's module keeps a member in from a class it imports from there (``seq.status``)."""
    if re.search(rf"\b{re.escape(change.enum.short)}\b", text):
        return True
    if change.attributes and _imports_module(text, change) and re.search(_attribute_read(change), text):
        return True
    pattern = fuzzy(change.enum.short)
    return any(pattern.match(word) for word in set(re.findall(r"[A-Za-z_]\w*", text)))


def module_of(path: str) -> str:
    dotted = path[:-3] if path.endswith(".py") else path
    dotted = dotted[: -len("/__init__")] if dotted.endswith("/__init__") else dotted
    return dotted.replace("/", ".")


class _File:
    """One merged file: its tree, parents, and the names that hold members or values of each enum."""

    def __init__(self, path: str, text: str, module: ast.Module, changes: list[Renumbered]) -> None:
        self.path, self.text, self.module = path, text, module
        self.lines = code_lines(text)
        self.parents: dict[ast.AST, ast.AST] = {c: p for p in ast.walk(module) for c in ast.iter_child_nodes(p)}
        self.bound = _bound_names(module)
        self.names = {c.enum.short: frozenset({c.enum.short, *_aliases(module, c.enum.short)}) for c in changes}
        self.holders = {short: _holders(module, names) for short, names in self.names.items()}
        numbered = {c.enum.short for c in changes if isinstance(c.old, int)}
        self.strict = frozenset(c.enum.short for c in changes if isinstance(c.old, (str, bytes))) - numbered
        self.functions: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        for node in ast.walk(module):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions.setdefault(node.name, []).append(node)

    @functools.cached_property
    def lookups(self) -> dict[tuple[int, str], list[ast.expr]]:
        """(scope, table name) -> the keys it is looked up with (``t[k]``, ``t.get(k)``), walked once; the
        scope is the enclosing function's id (0: the module's own statements).  A module's table is
        looked up in every function that does not bind the name itself, under scope -1."""
        found: dict[tuple[int, str], list[ast.expr]] = {}
        local: dict[int, set[str]] = {}
        stack: list[tuple[ast.AST, int]] = [(self.module, 0)]
        while stack:
            node, scope = stack.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                scope = id(node)
                local.setdefault(scope, set()).update(a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg))
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                local.setdefault(scope, set()).add(node.id)
            looked = looked_up(node)
            if looked is not None and (name := key(looked[0])) is not None:
                found.setdefault((scope, name), []).append(looked[1])
            stack.extend((child, scope) for child in ast.iter_child_nodes(node))
        for (scope, name), keys in list(found.items()):
            if scope == 0 or "." in name or name not in local.get(scope, set()):  # ``self.t``: any method
                found.setdefault((-1, name), []).extend(keys)
        return found

    @functools.cached_property
    def stores(self) -> dict[str, int]:
        """How many times each plain name is bound by an assignment (a constant is bound once)."""
        counts: dict[str, int] = {}
        for node in ast.walk(self.module):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                counts[node.id] = counts.get(node.id, 0) + 1
        return counts

    @functools.cached_property
    def compares(self) -> dict[str, list[ast.Compare]]:
        """The comparisons naming each plain name as an operand (or inside a tuple, list or set operand)."""
        found: dict[str, list[ast.Compare]] = {}
        for node in ast.walk(self.module):
            if isinstance(node, ast.Compare):
                for operand in (node.left, *node.comparators):
                    elts = operand.elts if isinstance(operand, (ast.Tuple, ast.List, ast.Set)) else [operand]
                    for name in {e.id for e in elts if isinstance(e, ast.Name)}:
                        found.setdefault(name, []).append(node)
        return found

    @functools.cached_property
    def member_aliases(self) -> dict[tuple[str, str], frozenset[str]]:
        """(class, member) -> the names this file binds to the member itself: ``FP4 = KVMode.NVFP4``,
        ``FP4: Final = int(KVMode.NVFP4)``, ``FP4 = KVMode.NVFP4.value``, each bound once.  A comment may
        name a member by the fork's own alias of it."""
        found: dict[tuple[str, str], set[str]] = {}
        for node in ast.walk(self.module):
            if not isinstance(node, (ast.Assign, ast.AnnAssign)) or node.value is None:
                continue
            value = _int_of(node.value) or _value_of(node.value) or node.value
            if not isinstance(value, ast.Attribute):
                continue
            owner = next((short for short, names in self.names.items() if _is_class(value.value, names)), None)
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if owner is not None and isinstance(target, ast.Name) and self.stores.get(target.id) == 1:
                    found.setdefault((owner, value.attr), set()).add(target.id)
        return {k: frozenset(v) for k, v in found.items()}

    def spells(self, short: str, member: str, comment: str) -> str | None:
        """How the comment names the member: by its name, or by a name this file bound to it; else None."""
        for word in (member, *sorted(self.member_aliases.get((short, member), ()))):
            if re.search(rf"\b{re.escape(word)}\b", comment):
                return word if word == member else f"{word} ({word} = {short}.{member})"
        return None

    def refers(self, short: str) -> bool:
        return any(re.search(rf"\b{re.escape(name)}\b", self.text) for name in self.names.get(short, {short}))

    def comment(self, line: int) -> str:
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        match = re.search(r"#(.*)$", _strip_strings(text))
        return match.group(1) if match else ""


def _aliases(module: ast.Module, short: str) -> set[str]:
    """``from m import C as D`` binds D to the class too."""
    return {
        a.asname
        for n in ast.walk(module)
        if isinstance(n, ast.ImportFrom)
        for a in n.names
        if a.name == short and a.asname
    }


def _strip_strings(line: str) -> str:
    return re.sub(r"'[^']*'|\"[^\"]*\"", "''", line)


def _bound_names(module: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ClassDef):
            names.add(node.name)
    return names


def key(node: ast.AST) -> str | None:
    """The name an expression is known by: ``x`` -> x, ``self.kv_mode`` -> self.kv_mode, ``a[i]`` -> a."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = key(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    if isinstance(node, ast.Subscript):
        return key(node.value)
    if isinstance(node, ast.Call):
        return key(node.func)
    return None


def names_class(node: ast.AST | None, short: str | frozenset[str]) -> bool:
    """The expression mentions the class itself (``C``, ``mod.C``, ``C[x]``, ``C(x)``, ``C.M``, an alias)."""
    if node is None:
        return False
    names = frozenset({short}) if isinstance(short, str) else short
    return any(
        (isinstance(n, ast.Name) and n.id in names) or (isinstance(n, ast.Attribute) and n.attr in names)
        for n in ast.walk(node)
    )


def _is_class(node: ast.AST, names: frozenset[str]) -> bool:
    return (key(node) or "").rsplit(".", 1)[-1] in names


ENUM, VALUE = "member", "value"  # a holder holds members of the enum, or their .value numbers


def _holders(module: ast.Module, short: frozenset[str]) -> dict[str, set[str]]:
    """Names (and functions, by the name they are called with) holding the enum's members or values.

    Seeds: ``x = C[name]``/``C.M``/``C(v)``, ``x: C``, parameters annotated ``C``, ``for x in C``,
    functions returning ``-> C``.  Then, twice: ``y = x`` holds what ``x`` holds, ``y = x.value``
    holds values, and a function returning such an expression holds it too.
    """
    holders: dict[str, set[str]] = {}
    nodes = list(ast.walk(module))
    for node in nodes:
        for name in _seed_names(node, short):
            holders.setdefault(name, set()).add(ENUM)
    for _ in range(2):
        for node in nodes:
            for name, kind in _derived(node, short, holders):
                holders.setdefault(name, set()).add(kind)
    return holders


def _seed_names(node: ast.AST, short: frozenset[str]) -> Iterator[str]:
    if isinstance(node, ast.AnnAssign) and names_class(node.annotation, short):
        yield from ([k] if (k := key(node.target)) is not None else [])
    if isinstance(node, ast.arg) and names_class(node.annotation, short):
        yield node.arg
    if isinstance(node, (ast.For, ast.comprehension)) and names_class(node.iter, short):
        yield from ([k] if (k := key(node.target)) is not None else [])
    if isinstance(node, ast.Call) and _is_class(node.func, short):
        yield from (k for a in [*node.args, *(kw.value for kw in node.keywords)] if (k := key(a)) is not None)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and names_class(node.returns, short):
        yield node.name


def _derived(node: ast.AST, short: frozenset[str], holders: dict[str, set[str]]) -> Iterator[tuple[str, str]]:
    if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
        kind = _held(node.value, short, holders)
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if kind is not None:
            yield from ((k, kind) for t in targets if (k := key(t)) is not None)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        for ret in ast.walk(node):
            if isinstance(ret, ast.Return) and ret.value is not None and (kind := _held(ret.value, short, holders)):
                yield node.name, kind


def _held(value: ast.expr, short: frozenset[str], holders: dict[str, set[str]]) -> str | None:
    """What an expression holds: a member (``C.M``, ``C[x]``, ``C(v)``, a member holder) or a value."""
    if isinstance(value, ast.IfExp):
        return _held(value.body, short, holders) or _held(value.orelse, short, holders)
    if (member := _value_of(value)) is not None:  # ``mode.value``, ``getattr(mode, "value", mode)``
        return VALUE if _held(member, short, holders) == ENUM else None
    if (inner := _int_of(value)) is not None:  # ``int(mode)``: the member's number
        return VALUE if _held(inner, short, holders) is not None else None
    if isinstance(value, (ast.Attribute, ast.Subscript)) and _is_class(value.value, short):
        return ENUM
    if isinstance(value, ast.Call) and _is_class(value.func, short):
        return ENUM
    name = key(value.func) if isinstance(value, ast.Call) else key(value)
    if isinstance(value, ast.Call) and name is not None:
        name = name.rsplit(".", 1)[-1]  # self.helper(...) -> helper, as functions are recorded
    kinds = holders.get(name or "", set())
    return next(iter(kinds)) if len(kinds) == 1 else None


def _value_of(node: ast.AST) -> ast.expr | None:
    """``x.value`` or ``getattr(x, "value"[, default])`` -> x: a member read as its value."""
    if isinstance(node, ast.Attribute) and node.attr == "value":
        return node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
        args = node.args
        if len(args) in (2, 3) and isinstance(args[1], ast.Constant) and args[1].value == "value":
            return args[0]
    return None


def _int_of(node: ast.AST) -> ast.expr | None:
    """``int(x)`` -> x: an IntEnum member (or a member's ``.value``) read as its number."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "int":
        if len(node.args) == 1 and not node.keywords:
            return node.args[0]
    return None


def _calls_class(call: ast.Call, names: frozenset[str]) -> bool:
    return _is_class(call.func, names)


def spelled(value: float | str | bytes) -> str:
    """A pattern for an old value as the fork's source writes it: ``4``, ``0.5``, or ``"flash"`` quoted
    (enum members and constants alike); a bytes value, any bytes literal (``b"\\x02"``, ``b'\\2'``: the
    escapes vary, the parse decides)."""
    if isinstance(value, bytes):
        return r"(?<![\w])[bB][rR]?[\"']"
    if isinstance(value, str):
        return rf"[\"']{re.escape(value)}[\"']"
    return rf"(?<![\w.]){re.escape(str(value))}(?![\w.])"


def find_ties(path: str, text: str, module: ast.Module, owned: set[int], changes: list[Renumbered]) -> list[Tie]:
    """Literals on fork-owned lines of ``text`` (``module`` parsed) tied to a renumbered member's old value."""
    olds = {c.old for c in changes}
    if not owned or not any(re.search(spelled(o), text) for o in olds):
        return []
    file = _File(path, text, module, changes)
    ties = []
    for node in ast.walk(module):
        value: int | str | bytes | None = _literal(node)
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)) and node.value in olds:
            value = node.value  # a string (bytes) member's old value
        if value is None or value not in olds or node.lineno not in owned:  # type: ignore[attr-defined]
            continue
        for change in (c for c in changes if c.old == value and type(c.old) is type(value)):
            tie = _tie(file, node, change)
            if tie is not None:
                ties.append(tie)
                break
    return ties


@dataclass(frozen=True)
class IndexTie:
    """A list or tuple display the fork indexes by an enum member (``NAMES[mode]``), sized for the
    enum's old values: after upstream renumbered it, the index picks another entry."""

    path: str
    line: int
    table: str
    size: int
    key: str  # the index as written
    changes: tuple[Renumbered, ...]  # the enum's members upstream renumbered


def index_ties(path: str, text: str, module: ast.Module, owned: set[int], changes: list[Renumbered]) -> list[IndexTie]:
    """``table[mode]`` (``table[mode.value]``, ``table[int(mode)]``, ``table[C.M]``) where ``table`` is a
    list or tuple display bound once in the file and exactly one entry long per old value of the enum
    (not per new one), on a fork-owned line (the lookup's or the table's)."""
    by_enum: dict[str, list[Renumbered]] = {}
    for change in changes:
        if isinstance(change.old, int) and change.enum.int_based:
            by_enum.setdefault(change.enum.short, []).append(change)
    if not by_enum:
        return []
    file = _File(path, text, module, [c for group in by_enum.values() for c in group])
    tables: dict[str, list[tuple[int, int]]] = {}  # name -> (line, entries) of each binding
    for node in ast.walk(module):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            shown = node.value
            for target in targets:
                if (name := key(target)) is not None:
                    size = len(shown.elts) if isinstance(shown, (ast.List, ast.Tuple)) and not _has_star(shown) else 0
                    tables.setdefault(name, []).append((node.lineno, size))
    found = []
    for node in ast.walk(module):
        if not isinstance(node, ast.Subscript) or not isinstance(node.ctx, ast.Load):
            continue
        name = key(node.value) if isinstance(node.value, (ast.Name, ast.Attribute)) else None
        bound = tables.get(name or "", [])
        if len(bound) != 1 or not bound[0][1] or (node.lineno not in owned and bound[0][0] not in owned):
            continue
        size = bound[0][1]
        for group in by_enum.values():
            old, new = _spans(group)
            if size == old != new and _tied_source(file, node.slice, group[0], held_only=True) is not None:
                shown_key = ast.get_source_segment(text, node.slice) or ast.unparse(node.slice)
                found.append(IndexTie(path, node.lineno, name or "?", size, shown_key, tuple(group)))
                break
    return found


def _has_star(display: ast.List | ast.Tuple) -> bool:
    return any(isinstance(e, ast.Starred) for e in display.elts)


def _spans(group: list[Renumbered]) -> tuple[int, int]:
    """How many entries a table indexed by the enum's values needs, before and after (0: not indexable)."""
    cls = group[0].enum
    now = {m: v for m, v in cls.members.items() if type(v) is int}
    before = {**now, **{c.member: c.old for c in group if isinstance(c.old, int)}}

    def span(values: dict[str, int]) -> int:
        return max(values.values()) + 1 if values and min(values.values()) >= 0 else 0

    return span(before), span(now)


@dataclass(frozen=True)
class ParamCompare:
    """A fork-owned literal compared with a parameter of its function, in a file that never names the
    enum (a Triton kernel taking ``QUANT_MODE: tl.constexpr``): tied when a caller passes the enum."""

    path: str
    line: int
    function: str
    param: str
    index: int | None  # its position among the positional parameters (``self``/``cls`` not counted)
    value: int | str


def param_compares(
    path: str, text: str, module: ast.Module, owned: set[int], olds: set[int | str]
) -> list[ParamCompare]:
    """The owned literals of ``olds`` compared with a parameter of the function they are in."""
    file = _File(path, text, module, [])
    found = []
    for node in ast.walk(module):
        value = _literal(node) if not isinstance(node, ast.Constant) or type(node.value) is int else None
        compare = file.parents.get(node)
        if value not in olds or node.lineno not in owned or not isinstance(compare, ast.Compare):  # type: ignore[attr-defined]
            continue
        function = _enclosing_function(file, node)
        if function is None:
            continue
        positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        positional = positional[1:] if positional[:1] in (["self"], ["cls"]) else positional
        params = {*positional, *(a.arg for a in function.args.kwonlyargs)}
        for other in (o for o in [compare.left, *compare.comparators] if o is not node):
            if isinstance(other, ast.Name) and other.id in params:
                index = positional.index(other.id) if other.id in positional else None
                found.append(ParamCompare(path, node.lineno, function.name, other.id, index, value))  # type: ignore[attr-defined]
                break
    return found


def passed_ties(
    path: str, text: str, module: ast.Module, compares: list[ParamCompare], changes: list[Renumbered]
) -> list[Tie]:
    """Ties of ``compares`` through the calls in this file (a caller's) that pass the enum for the
    parameter: ``kern[grid](x, MODE=int(mode))`` with ``mode: CacheMode``."""
    file = _File(path, text, module, changes)
    by_function: dict[str, list[ParamCompare]] = {}
    for compare in compares:
        if _imports_from(text, compare):
            by_function.setdefault(compare.function, []).append(compare)
    ties = []
    for node in ast.walk(module):
        if not isinstance(node, ast.Call):
            continue
        callee = node.func.value if isinstance(node.func, ast.Subscript) else node.func  # a kernel launch
        for compare in by_function.get((key(callee) or "").rsplit(".", 1)[-1], []):
            passed = next((k.value for k in node.keywords if k.arg == compare.param), None)
            if passed is None and compare.index is not None and compare.index < len(node.args):
                passed = node.args[compare.index]
            if passed is None or isinstance(passed, ast.Starred):
                continue
            for change in (c for c in changes if c.old == compare.value and type(c.old) is type(compare.value)):
                source = _tied_source(file, passed, change, held_only=True)
                if source is not None:
                    how = f"compared with {compare.param}, which {path}:{node.lineno} passes as {source}"
                    ties.append(Tie(compare.path, compare.line, change, how, None))
                    break
    return ties


def _literal(node: ast.AST) -> int | None:
    """An int literal, or a digit string (an environment default) wrapped in ``int(...)`` later on."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"-?\d+", node.value):
        return int(node.value)
    return None


def _tie(file: _File, node: ast.AST, change: Renumbered) -> Tie | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and isinstance(change.old, int):
        return _env_default(file, node, change)
    if _comment_means_another(file, node, change):
        return None
    anchor, parent = node, file.parents.get(node)
    if isinstance(parent, (ast.Tuple, ast.List, ast.Set)) and isinstance(file.parents.get(parent), ast.Compare):
        anchor, parent = parent, file.parents.get(parent)  # ``x in (4, 5)``: the container is compared
    found = _context_tie(file, anchor, parent, change)
    if found is None:
        found = _comment_tie(file, node, change)
    if found is None:
        return None
    how, replacement = found
    return Tie(file.path, node.lineno, change, how, _fix(file, node, change, replacement))  # type: ignore[attr-defined]


def _context_tie(
    file: _File, node: ast.AST, parent: ast.AST | None, change: Renumbered
) -> tuple[str, str | None] | None:
    short = change.enum.short
    names = file.names[short]
    if isinstance(parent, ast.Compare):
        return _compare_tie(file, node, parent, change)
    if isinstance(parent, ast.Call) and _calls_class(parent, names) and node in parent.args:
        return f"{short}({change.old!r})", "call"
    grand = file.parents.get(parent) if isinstance(parent, ast.keyword) else None
    if isinstance(grand, ast.Call) and _calls_class(grand, names) and parent.arg == "value":  # type: ignore[union-attr]
        return f"{short}(value={change.old!r})", None
    if isinstance(parent, ast.keyword) and parent.arg and _tied_name(file, parent.arg, short):
        return f"passed as {parent.arg}=", _replacement(file, parent.arg, change)
    if isinstance(parent, ast.Call) and node in parent.args:
        param = _positional_param(file, parent, parent.args.index(node))
        if param is not None and (names_class(param.annotation, names) or _tied_name(file, param.arg, short)):
            return f"passed as {param.arg}", _replacement(file, param.arg, change)
    if isinstance(parent, ast.arguments):
        param = _defaulted_param(parent, node)
        if param is not None and (
            names_class(param.annotation, names)
            or _tied_name(file, param.arg, short)
            or _compared_with_member(file, parent, param.arg, names)
        ):
            return f"the default of {param.arg}", _replacement(file, param.arg, change)
    if isinstance(parent, ast.MatchValue):
        return _match_tie(file, parent, change)
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.BitAnd, ast.BitOr, ast.BitXor)):
        other = parent.right if parent.left is node else parent.left
        source = _tied_source(file, other, change)
        return (f"masked with {source}", None) if source is not None else None
    if isinstance(parent, ast.Dict) and node in parent.keys:
        return _key_tie(file, parent, change)
    if isinstance(parent, (ast.Assign, ast.AnnAssign)) and parent.value is node:
        targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
        tied = [k for t in targets if (k := key(t)) is not None and _tied_name(file, k, short)]
        if tied:
            return f"assigned to {tied[0]}", _replacement(file, tied[0], change)
        return _constant_tie(file, targets, change)
    if isinstance(parent, ast.Return):
        function = _enclosing_function(file, parent)
        if function is not None and (names_class(function.returns, names) or _tied_name(file, function.name, short)):
            return f"returned by {function.name}()", _replacement(file, function.name, change)
    return None


def _constant_tie(file: _File, targets: Sequence[ast.expr], change: Renumbered) -> tuple[str, str | None] | None:
    """``FP4_MODE = 2`` bound once in the file and compared there with the enum (``mode == FP4_MODE``,
    ``mode in (FP4_MODE, ...)``): the name stands for the member's number."""
    names = [t.id for t in targets if isinstance(t, ast.Name)]
    if len(targets) != 1 or len(names) != 1 or _explained(names[0]) or file.stores.get(names[0], 0) != 1:
        return None
    for compare in file.compares.get(names[0], []):
        for other in (compare.left, *compare.comparators):
            if _names_name(other, names[0]):
                continue
            source = _tied_source(file, other, change)
            if source is not None:
                return f"bound to {names[0]}, which is compared with {source}", _member(change)
    return None


def _names_name(node: ast.AST, name: str) -> bool:
    """``name``, or a tuple, list or set display holding it."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(isinstance(e, ast.Name) and e.id == name for e in node.elts)
    return isinstance(node, ast.Name) and node.id == name


def _compared_with_member(file: _File, args: ast.arguments, name: str, names: frozenset[str]) -> bool:
    """The function whose parameter ``name`` is compares it with one of the enum's members
    (``def f(mode: int = 4): return mode == C.M``): its default is one of the members' numbers."""
    function = file.parents.get(args)
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return False
    for node in ast.walk(function):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(x, ast.Name) and x.id == name for x in sides) and any(
                isinstance(x, (ast.Attribute, ast.Subscript)) and _is_class(x.value, names) for x in sides
            ):
                return True  # ``C.M`` or ``C["M"]``: a member, not ``len(C)``
    return False


def _positional_param(file: _File, call: ast.Call, index: int) -> ast.arg | None:
    """The parameter a positional argument binds, for a function defined in the same file."""
    name = (key(call.func) or "").rsplit(".", 1)[-1]
    for function in file.functions.get(name, []):
        params = [*function.args.posonlyargs, *function.args.args]
        if isinstance(call.func, ast.Attribute) and params and params[0].arg in ("self", "cls"):
            params = params[1:]
        if index < len(params):
            return params[index]
    return None


def _defaulted_param(args: ast.arguments, node: ast.AST) -> ast.arg | None:
    positional = [*args.posonlyargs, *args.args]
    for param, default in zip(positional[len(positional) - len(args.defaults) :], args.defaults):
        if default is node:
            return param
    for param, kw_default in zip(args.kwonlyargs, args.kw_defaults):
        if kw_default is node:
            return param
    return None


def _match_tie(file: _File, value: ast.MatchValue, change: Renumbered) -> tuple[str, str | None] | None:
    """``match status: case 4:`` -- the subject plays the part of the compared expression."""
    match = file.parents.get(file.parents.get(value) or value)
    if not isinstance(match, ast.Match):
        return None
    compare = ast.Compare(left=match.subject, ops=[ast.Eq()], comparators=[value.value])
    file.parents[value.value] = compare
    try:
        return _compare_tie(file, value.value, compare, change)
    finally:
        file.parents[value.value] = value


def _compare_tie(file: _File, node: ast.AST, compare: ast.Compare, change: Renumbered) -> tuple[str, str | None] | None:
    short = change.enum.short
    others = [o for o in [compare.left, *compare.comparators] if o is not node]
    for other in others:
        name = key(other)
        source = ast.get_source_segment(file.text, other) or name or "?"
        if (_int_of(other) is not None or _value_of(other) is not None) and _tied_source(
            file, other, change
        ) is not None:
            # ``int(mode) == 4``, ``getattr(mode, "value", mode) == 4``: the member's number
            return f"compared with {source}", _member(change) if change.enum.int_based else None
        if isinstance(other, ast.Attribute) and other.attr == "value" and file.refers(short):
            return f"compared with {source}", f"{_member(change)}.value"
        if names_class(other, file.names[short]) or (isinstance(other, ast.Attribute) and other.attr == change.member):
            return f"compared with {source}", _member(change)
        if name is not None and _tied_name(file, name, short):
            return f"compared with {source}", _replacement(file, name, change)
    comment = _comment_tie(file, node, change)
    if comment is not None:
        return comment
    for other in others:
        name = key(other)
        if (
            name is not None
            and isinstance(change.old, int)  # a string is too common a value to be tied by the file alone
            and file.refers(short)
            and not _explained(name)
            and not isinstance(other, ast.Call)
            and not _named_for_another_class(file, name.rsplit(".", 1)[-1], short)
        ):
            where = ast.get_source_segment(file.text, other) or name
            return f"compared with {where} in a file that uses {short}", _replacement(file, name, change)
    return None


def _tied_source(file: _File, node: ast.AST, change: Renumbered, held_only: bool = False) -> str | None:
    """The source of an expression that holds the enum's members or numbers (``mode``, ``int(mode)``,
    ``mode.value``, ``C.M``, a holder), else None.  Unless ``held_only``, a name that looks like the
    class and does not explain the number (``kv_mode``, not ``num_modes``) counts too."""
    short = change.enum.short
    inner = _int_of(node) or _value_of(node)
    probe = node if inner is None else inner
    name = key(probe) if not isinstance(probe, ast.Call) else None
    tied = (
        names_class(probe, file.names[short])
        or (name is not None and name in file.holders.get(short, {}))
        or (name is not None and _module_attribute(file, name, change))
        or (
            not held_only
            and name is not None
            and _tied_name(file, name, short)
            and not _explained(name.rsplit(".", 1)[-1])
        )
    )
    return (ast.get_source_segment(file.text, node) or key(probe) or "?") if tied else None


def _module_attribute(file: _File, name: str, change: Renumbered) -> bool:
    """``seq.status``: an attribute the enum's own module keeps a member in, read in a file that imports
    from that module (the class that holds it)."""
    owner, _, attribute = name.rpartition(".")
    return bool(owner) and attribute in change.attributes and _imports_module(file.text, change)


def _imports_module(text: str, change: Renumbered) -> bool:
    module = re.escape(module_of(change.path))
    return re.search(rf"^[ \t]*(?:from[ \t]+{module}[ \t]+import|import[ \t]+{module}\b)", text, re.M) is not None


def _attribute_read(change: Renumbered) -> str:
    return r"\.(?:" + "|".join(sorted(map(re.escape, change.attributes))) + r")\b"


def looked_up(node: ast.AST) -> tuple[ast.expr, ast.expr] | None:
    """``t[k]`` or ``t.get(k, ...)``: (the table, the key)."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        return node.value, node.slice
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.args:
        return node.func.value, node.args[0]
    return None


def _imports_from(text: str, compare: ParamCompare) -> bool:
    """The caller's file imports the function or its module (by name): a call of a same-named function
    of another module (``apply``, ``forward``) is not a call of this one."""
    stem = compare.path.rsplit("/", 1)[-1].removesuffix(".py")
    names = rf"\b(?:{re.escape(stem)}|{re.escape(compare.function)})\b"
    return re.search(rf"^[ \t]*(?:from|import)[ \t][^\n]*{names}", text, re.M) is not None


def _key_tie(file: _File, table: ast.Dict, change: Renumbered) -> tuple[str, str | None] | None:
    """``{4: "fp4", ...}`` looked up with the enum (``table[mode]``, ``table.get(int(mode))``) in the
    scope that bound it (a module's table, in the module's own statements): its int keys are the
    members' numbers."""
    holder = file.parents.get(table)
    keys: list[ast.expr] = []
    name = None
    direct = file.parents.get(holder) if isinstance(holder, ast.Attribute) else holder  # ``{...}.get(k)``
    looked = looked_up(direct) if direct is not None else None
    if looked is not None and looked[0] is table:
        keys = [looked[1]]  # ``{4: ...}[mode]``
    elif isinstance(holder, (ast.Assign, ast.AnnAssign)) and holder.value is table:
        targets = holder.targets if isinstance(holder, ast.Assign) else [holder.target]
        name = next((k for t in targets if (k := key(t)) is not None), None)
        function = _enclosing_function(file, table)
        scope = -1 if function is None or "." in (name or "") else id(function)
        keys = file.lookups.get((scope, name or ""), [])
    for looked_key in keys:
        source = _tied_source(file, looked_key, change)
        if source is not None:
            return f"a key of {name or 'a table'} looked up with {source}", (
                _member(change) if change.enum.int_based else None
            )
    return None


def _comment_tie(file: _File, node: ast.AST, change: Renumbered) -> tuple[str, str | None] | None:
    comment = file.comment(node.lineno)  # type: ignore[attr-defined]
    named = file.spells(change.enum.short, change.member, comment)
    if named is not None and (file.refers(change.enum.short) or change.enum.short in comment):
        return f"the comment names {named}", _replacement(file, _compared_name(file, node), change)
    return None


def _comment_means_another(file: _File, node: ast.AST, change: Renumbered) -> bool:
    """``x == 5  # RUNNING`` where RUNNING is 5 after the merge: written for the new numbering.  A bound
    whose comment names the member the number meant before (``>= 3  # MK or STREAMS``: 3 and 4 then) is not:
    the range the comment lists is the old numbering's."""
    comment = file.comment(node.lineno)  # type: ignore[attr-defined]
    value = _literal(node)
    if _is_bound(file, node) and file.spells(change.enum.short, change.member, comment) is not None:
        return False
    return any(
        file.spells(change.enum.short, member, comment) is not None
        for member, new in change.enum.members.items()
        if new == value and member != change.member
    )


def _is_bound(file: _File, node: ast.AST) -> bool:
    """``x >= 3``, ``3 < x``: an ordering comparison, a range of members rather than one."""
    parent = file.parents.get(node)
    return isinstance(parent, ast.Compare) and any(
        isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in parent.ops
    )


def _compared_name(file: _File, node: ast.AST) -> str | None:
    parent = file.parents.get(node)
    if isinstance(parent, ast.Compare):
        names = [key(o) for o in [parent.left, *parent.comparators] if o is not node]
        return next((n for n in names if n is not None), None)
    return None


def _replacement(file: _File, name: str | None, change: Renumbered) -> str | None:
    """The one safe rewrite: ``C.M`` for int enums or member holders, ``C.M.value`` for value holders."""
    kinds = file.holders.get(change.enum.short, {}).get(name or "", set())
    if change.enum.int_based or kinds == {ENUM}:
        return _member(change)
    if kinds == {VALUE}:
        return f"{_member(change)}.value"
    return None  # a plain Enum compared with something we cannot type: two possible rewrites


def _tied_name(file: _File, name: str, short: str) -> bool:
    if name in file.holders.get(short, {}):
        return True
    if short in file.strict:
        return False  # a string member's value: only a real holder ties it, not a name that looks like one
    leaf = name.rsplit(".", 1)[-1]
    return fuzzy(short).match(leaf) is not None and not _named_for_another_class(file, leaf, short)


def _named_for_another_class(file: _File, name: str, short: str) -> bool:
    """``mxfp4_backend`` in a file that uses ``Mxfp4Backend`` holds that class, not ``_Backend``: a class the
    file names whose words match the identifier more closely than ``short``'s do owns it."""
    own = len(name_words(short))
    for other in set(re.findall(r"\b_*[A-Z][A-Za-z0-9]*\b", file.text)) - {short}:
        if len(name_words(other)) > own and fuzzy(other).match(name) is not None:
            return True
    return False


def name_words(name: str) -> list[str]:
    """The words of an identifier, camel case and snake case alike (``AsyncModelRunnerOutput``: Async, Model,
    Runner, Output)."""
    return re.findall(r"[A-Z]+(?=[A-Z][a-z]|\b|[0-9])|[A-Z]?[a-z]+|[0-9]+|[A-Z]+", name)


def _explained(name: str) -> bool:
    words = {w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", name)} | {name.lower()}
    return bool(words & _NUMERIC_WORDS) or len(name) <= 1


def _enclosing_function(file: _File, node: ast.AST) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    current = file.parents.get(node)
    while current is not None and not isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef)):
        current = file.parents.get(current)
    return current


def _env_default(file: _File, node: ast.Constant, change: Renumbered) -> Tie | None:
    """``X = int(os.environ.get("ENV", "4"))`` where ``X`` holds values of the enum, or
    ``C(int(os.environ.get("ENV", "4")))``: the number made a member."""
    getter = file.parents.get(node)
    wrapper = file.parents.get(getter) if getter is not None else None
    name = key(getter.func) if isinstance(getter, ast.Call) else None
    if not (
        isinstance(getter, ast.Call) and (name or "").rsplit(".", 1)[-1] in _ENV_GETTERS and node in getter.args[1:]
    ):
        return None
    if not (isinstance(wrapper, ast.Call) and key(wrapper.func) == "int"):
        return None
    assign = file.parents.get(wrapper)
    if isinstance(assign, ast.Call) and _calls_class(assign, file.names[change.enum.short]) and wrapper in assign.args:
        fix = _fix(file, node, change, f"str({_member(change)}.value)")  # ``C(int(os.environ.get("ENV", "4")))``
        return Tie(file.path, node.lineno, change, f"the default of {_short_call(assign)}", fix)
    if not isinstance(assign, (ast.Assign, ast.AnnAssign)):
        return None
    targets = assign.targets if isinstance(assign, ast.Assign) else [assign.target]
    names = [k for t in targets if (k := key(t)) is not None and _tied_name(file, k, change.enum.short)]
    if not names:
        return None
    fix = _fix(file, node, change, f"str({_member(change)}.value)")
    return Tie(file.path, node.lineno, change, f"the default of {names[0]}, which flows into {change.enum.short}", fix)


def _short_call(call: ast.Call) -> str:
    """``C(int(...))`` as ``C(...)``, for a message."""
    return f"{key(call.func) or '?'}(...)"


def _member(change: Renumbered) -> str:
    return f"{change.enum.short}.{change.member}"


def _fix(file: _File, node: ast.AST, change: Renumbered, replacement: str | None) -> Fix | None:
    if replacement is None:
        return None
    if replacement == "call":
        node, replacement = file.parents[node], _member(change)
    old = ast.get_source_segment(file.text, node)
    if old is None:
        return None
    line, end_line = node.lineno, node.end_lineno or node.lineno  # type: ignore[attr-defined]
    col = _chars(file.lines[line - 1], node.col_offset)  # type: ignore[attr-defined]
    end_col = _chars(file.lines[end_line - 1], node.end_col_offset or 0)  # type: ignore[attr-defined]
    needs_import = change.enum.short not in file.bound and file.path != change.path
    return Fix(
        file.path,
        line,
        col,
        end_line,
        end_col,
        old,
        replacement,
        module_of(change.path) if needs_import else None,
        change.enum.short if needs_import else None,
    )


def _chars(line: str, byte_offset: int) -> int:
    """ast columns count utf-8 bytes; libcst counts characters."""
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", errors="replace"))


@dataclass(frozen=True)
class ArgPass:
    """A fork-owned literal passed to a function another module defines (``pick(mode=4)``,
    ``pick(4)``, ``functools.partial(pick, mode=4)``), the function found through the file's imports:
    tied when that function's parameter takes the enum."""

    path: str
    line: int
    module: str  # the dotted module the callee is imported from
    function: str  # its name there
    param: str | None  # passed by keyword
    index: int | None  # or by position
    value: int


def _import_bindings(path: str, module: ast.Module) -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    """The file's imports: names bound to a module's member (``from m import f as g``: g -> (m, f)), and
    names bound to a module (``import m.sub as s``: s -> m.sub; ``from m import sub``: sub -> m.sub).
    A relative import is resolved from ``path``'s package."""
    members: dict[str, tuple[str, str]] = {}
    modules: dict[str, str] = {}
    dotted = module_of(path)
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom):
            source = import_base(node, dotted, path)
            for alias in node.names if source else ():
                members[alias.asname or alias.name] = (source, alias.name)
                modules[alias.asname or alias.name] = f"{source}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    modules[alias.asname] = alias.name
                else:
                    modules[alias.name] = alias.name  # ``import m.sub``: called as ``m.sub.f``
    return members, modules


def _callee(func: ast.expr, members: dict[str, tuple[str, str]], modules: dict[str, str]) -> list[tuple[str, str]]:
    """The (module, name) pairs a call's callee may be, through the imports."""
    if isinstance(func, ast.Name) and func.id in members:
        return [members[func.id]]
    dotted = key(func) if isinstance(func, ast.Attribute) else None
    if dotted is None:
        return []
    holder, _, name = dotted.rpartition(".")
    if holder in modules:
        return [(modules[holder], name)]
    head, _, rest = holder.partition(".")
    if head in modules and rest:  # ``import m`` ... ``m.sub.f``
        return [(f"{modules[head]}.{rest}", name)]
    return []


def arg_passes(path: str, module: ast.Module, owned: set[int], olds: set[int | str]) -> list[ArgPass]:
    """The owned int literals of ``olds`` passed to an imported function, by keyword or by position."""
    members, modules = _import_bindings(path, module)
    if not members and not modules:
        return []
    found: list[ArgPass] = []
    for call in (n for n in ast.walk(module) if isinstance(n, ast.Call)):
        func, args = call.func, list(call.args)
        if (key(func) or "").rsplit(".", 1)[-1] == "partial" and args:
            func, args = args[0], args[1:]  # ``functools.partial(f, 4)`` binds f's first parameter
        literal = [(None, i, a) for i, a in enumerate(args)] + [(k.arg, None, k.value) for k in call.keywords if k.arg]
        passed = [
            (param, index, value)
            for param, index, node in literal
            if isinstance(node, ast.Constant)
            and type(node.value) is int
            and (value := node.value) in olds
            and node.lineno in owned
        ]
        last = max((i for _, i, _ in passed if i is not None), default=-1)  # a keyword binds by name whatever *args is
        if not passed or any(isinstance(a, ast.Starred) for a in args[: last + 1]):
            continue
        for dotted, name in _callee(func, members, modules):
            found += [ArgPass(path, call.lineno, dotted, name, p, i, v) for p, i, v in passed]
    return found


def callee_ties(
    path: str, text: str, module: ast.Module, passes: list[ArgPass], changes: list[Renumbered]
) -> list[Tie]:
    """Ties of ``passes`` through ``path``, the module defining their callee: the parameter the literal
    binds is annotated with the enum, defaults to a member, or is compared with a member in the body
    (``def pick(mode: KVMode)``; a dataclass's field ``mode: KVMode``)."""
    file = _File(path, text, module, changes)
    defs: dict[str, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef] = {
        n.name: n for n in module.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    }
    ties = []
    for passed in passes:
        target = defs.get(passed.function)
        if target is None:
            continue
        param, args = _bound_param(target, passed)
        if param is None:
            continue
        for change in (c for c in changes if c.old == passed.value and isinstance(c.old, int)):
            names = file.names[change.enum.short]
            if (
                names_class(param.annotation, names)
                or (isinstance(param, ast.AnnAssign) and _member_value(param.value, names))
                or (args is not None and _compared_with_member(file, args, _param_name(param), names))
                or (args is not None and _member_value(_default_of(args, _param_name(param)), names))
            ):
                how = f"passed as {_param_name(param)} of {passed.function}() ({path}), which takes {change.enum.short}"
                ties.append(Tie(passed.path, passed.line, change, how, None))
                break
    return ties


def _param_name(param: ast.arg | ast.AnnAssign) -> str:
    return param.arg if isinstance(param, ast.arg) else key(param.target) or ""


def _member_value(node: ast.AST | None, names: frozenset[str]) -> bool:
    """``C.M`` (or ``C["M"]``): a member of the class."""
    return isinstance(node, (ast.Attribute, ast.Subscript)) and _is_class(node.value, names)


def _default_of(args: ast.arguments, name: str) -> ast.expr | None:
    positional = [*args.posonlyargs, *args.args]
    for param, default in zip(positional[len(positional) - len(args.defaults) :], args.defaults):
        if param.arg == name:
            return default
    return next((d for p, d in zip(args.kwonlyargs, args.kw_defaults) if p.arg == name), None)


def _bound_param(
    target: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, passed: ArgPass
) -> tuple[ast.arg | ast.AnnAssign | None, ast.arguments | None]:
    """The parameter (or a dataclass's field) a passed argument binds, and the arguments it is one of."""
    if isinstance(target, ast.ClassDef):
        init = next((n for n in target.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
        if init is None:
            fields = [n for n in target.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
            if passed.param is not None:
                return next((f for f in fields if key(f.target) == passed.param), None), None
            return (fields[passed.index] if passed.index is not None and passed.index < len(fields) else None), None
        target = init
    args = target.args
    positional = [*args.posonlyargs, *args.args]
    if positional and positional[0].arg in ("self", "cls"):
        positional = positional[1:]
    if passed.param is not None:
        named = [*args.args, *args.kwonlyargs]
        return next((a for a in named if a.arg == passed.param), None), args
    if passed.index is not None and passed.index < len(positional):
        return positional[passed.index], args
    return None, args
