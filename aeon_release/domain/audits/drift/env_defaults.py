"""Environment-variable default drift: upstream changed what an unset variable means; fork code reads it.

A registry of environment variables (``environment_variables = {"APP_USE_FAST_GEMM": lambda:
bool(int(os.getenv("APP_USE_FAST_GEMM", "0"))), ...}``, read as ``envs.APP_USE_FAST_GEMM`` through
the module's ``__getattr__``) is where upstream turns a path on or off for everyone: ``"0"`` became
``"1"``.  The merge is clean and every answer stays right; where the fleet leaves the variable unset,
a fork branch guarded by ``if envs.APP_USE_FAST_GEMM:`` now runs (or stops running), and a fork
line that repeats the old default, ``os.getenv("APP_USE_FAST_GEMM", "0")``, now decides otherwise
than upstream does.

A default changed when a file upstream changed reads the variable with a literal default
(``os.getenv(NAME, default)``, ``os.environ.get(NAME, default)``, a helper called with the name and
then the default, ``parse(os.environ[NAME]) if NAME in os.environ else default``) once at the base
and once at upstream, and the two literals mean different things (``"0"``, ``"false"``, ``False``
and ``0`` are one value, as ``"1"``/``"true"``/``True``/``1`` are).  A fork-owned read is tied when it is the registry module's attribute (the module bound by the
fork file's imports) or a read of the variable with the old default.  A warning: the fleet may set
the variable explicitly, which the fork's own added lines settle (a line that sets it, in any file:
a ``Dockerfile``'s ``ENV``, a manifest, ``os.environ[...] =``) and then nothing is reported.

Cheap first: the fork's added lines give the names it reads and the modules it reads them from (a
text scan); the files upstream modified that are one of those modules or whose diff names one of
the names are the only ones parsed, at the base and at upstream; then the fork's files that name a
variable whose default changed.
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.old_defaults import compares_with_old
from aeon_release.domain.audits.drift.raised_kinds import _bound_locally
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions, whole_word
from aeon_release.domain.audits.linear import Alternation
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    NOT_LITERAL,
    Mentions,
    last_name,
    lazy_pattern,
    literal_value,
    parent_map,
    parse_python,
    short,
    str_value,
)

# on a line the fork added: ``mod.APP_FLAG`` or ``getenv("APP_FLAG", ...)`` / ``environ.get("APP_FLAG", ...)``
_FORK_READ = lazy_pattern(
    r"""\b([A-Za-z_]\w*)\.([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b"""
    r"""|(?:getenv|environ\.get)\(\s*["']([A-Z][A-Z0-9]*_[A-Z0-9_]+)["']\s*,"""
)
# ``getattr(envs, "APP_FLAG", False)``: the same read of the registry, by a string
_FORK_GETATTR = lazy_pattern(r"""\bgetattr\(\s*([A-Za-z_]\w*)\s*,\s*["']([A-Z][A-Z0-9]*_[A-Z0-9_]+)["']""")
_FALSE = frozenset({"0", "false", "no", "off", ""})
_TRUE = frozenset({"1", "true", "yes", "on"})
# a changed line that is one literal alone (a default on a line of its own): taken out, and put in.  Line-bound
# (mend70): ``\s`` crossed a line break, a blank changed line and a literal on the next taken for one
_LONE_LITERAL_OUT = lazy_pattern(
    r"""^-(?!--)[ \t]*(?:["'][^"'\r\n]*["']|-?\d+(?:\.\d+)?|True|False|None),?[ \t]*\r?$""", re.M
)
_LONE_LITERAL_IN = lazy_pattern(
    r"""^\+(?!\+\+)[ \t]*(?:["'][^"'\r\n]*["']|-?\d+(?:\.\d+)?|True|False|None),?[ \t]*\r?$""", re.M
)
_Value = str | int | float | bool | None


@dataclass(frozen=True)
class Changed:
    name: str
    path: str  # the upstream file that reads it
    module: str  # that file's dotted module name
    old: str  # the defaults as source text
    new: str
    old_value: _Value
    new_value: _Value = None
    computed: bool = False  # upstream's default is no literal now (a call, a name, a factory)


def env_default_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    names, modules = _fork_names(trees)
    if not names:
        return []
    files = _registry_files(trees, names, modules)
    changed = _changed_defaults(trees, names, files) if files else {}
    pinned = _fork_pinned(trees, set(changed))
    changed = {name: c for name, c in changed.items() if name not in pinned}
    if not changed:
        return []
    return [
        _finding(
            path,
            line,
            how,
            change,
            form,
            trees.upstream_commit(change.path, whole_word(change.name), pr_pattern, most=5),
        )
        for path, line, how, change, form in _fork_reads(trees, changed)
    ]


# -- upstream's side ---------------------------------------------------------------------------------
def _registry_files(trees: ThreeTrees, names: set[str], modules: set[str]) -> list[str]:
    """The Python files upstream modified that may define a default of ``names``: a module the fork
    reads them from (by its name: ``envs.X`` -> ``.../envs.py``), or a file whose diff quotes one
    before a comma, as a read with a default does, or before ``in`` (``"X" in os.environ``, a default
    given as the other branch; one RE2 search per file's diff).  Each pattern reads one line (mend70)."""
    named = Alternation(r"""["'](?:{})["'][ \t]*(?:,|(?:not[ \t]+)?in\b)""", names)
    found, lone = [], []
    for path in trees.upstream:
        if not path.endswith(".py"):
            continue
        stem = (
            path.rsplit("/", 2)[-2] if path.endswith("/__init__.py") and "/" in path else path[:-3].rsplit("/", 1)[-1]
        )
        raw = trees.upstream.raw(path)
        if "\n-" in raw and "\n+" in raw and (stem in modules or named.search(raw)):
            found.append(path)
        elif _LONE_LITERAL_OUT.search(raw) and _LONE_LITERAL_IN.search(raw):
            lone.append(path)
    return sorted({*found, *_quoting(trees, names, lone)})


def _quoting(trees: ThreeTrees, names: set[str], paths: list[str]) -> frozenset[str]:
    """Of ``paths`` (a diff that swapped a literal alone on its line), those whose text at upstream quotes one of
    ``names``: a default on a line of its own in a multi-line read, ``env_with_choices(\\n "APP_X",\\n "a",\\n
    [...])``, whose hunk holds the default and not the name (#38136 moved ``"trtllm"`` to ``"auto"`` so; a fork's
    ``os.getenv(NAME, "trtllm")`` names no module to find the file by).  One ``git grep`` of those files."""
    if not paths or not names:
        return frozenset()
    return trees.upstream_files_with(tuple(sorted(f'"{name}"' for name in names)), paths)


def _changed_defaults(trees: ThreeTrees, names: set[str], paths: list[str]) -> dict[str, Changed]:
    """The names whose one literal default in a file upstream modified means another thing now."""
    changed: dict[str, Changed] = {}
    named = Mentions(names)
    for path, name, (old_text, old_value), (new_text, new_value) in both_versions(
        trees, paths, lambda text: _defaults(text, names, named)
    ):
        if old_text == "?" or name in changed:
            continue  # the base's default was computed already: no literal for the fork to have repeated
        module = path[:-3].replace("/", ".").removesuffix(".__init__")
        if new_text == "?":
            # #32429 made a fixed name a uuid factory's, #37198 a "0" one the torch version picks
            changed[name] = Changed(name, path, module, old_text, "a computed value", old_value, None, True)
        elif flag_meaning(old_value) != flag_meaning(new_value):
            changed[name] = Changed(name, path, module, old_text, new_text, old_value, new_value)
    return changed


def _defaults(text: str | None, names: set[str], named: Mentions) -> dict[str, tuple[str, _Value]]:
    """Name -> its one literal default in the file (a name read with two different defaults, or with
    a default that is no literal, has none)."""
    if not text or not named(text):
        return {}
    module = parse_python(text)
    if module is None:
        return {}
    seen: dict[str, set[tuple[str, _Value]]] = {}
    bare: set[str] = set()  # read with no default at all: unset, the read gives None
    fallbacks = _or_fallbacks(module)
    tested = _presence_tested(module)
    unreached = _set_branch_reads(module)
    for node in ast.walk(module):
        name, default = _guarded_default(node) if isinstance(node, ast.IfExp) else (None, None)
        if isinstance(node, ast.Call) and node.args and id(node) not in unreached:
            name = str_value(node.args[0])
            default = (
                node.args[1]
                if len(node.args) > 1
                else next((k.value for k in node.keywords if k.arg == "default"), fallbacks.get(id(node)))
            )
            if name in names and default is None and _bare_read(node) and id(node) not in tested:
                bare.add(name)
        if name not in names or default is None:
            continue
        value = literal_default(default)
        if value is _NOT_LITERAL:
            seen.setdefault(name, set()).add(("?", "?"))  # an expression: not one literal default
            continue
        if isinstance(value, (str, int, float, bool)) or value is None:
            seen.setdefault(name, set()).add((ast.unparse(default), value))
    # a variable the file reads only bare (``os.getenv("APP_FLAG")``) defaults to None (#29912 made the
    # profiler's ``bool(os.getenv(NAME, "1") != "0")`` the raw ``os.getenv(NAME)``: True became None)
    seen.update({name: {("None", None)} for name in bare - seen.keys()})
    # a name read only with defaults that are no literal (``os.getenv(NAME, computed)``, a factory's
    # ``helper(NAME, lambda: ...)``) has a computed default: kept as ``_COMPUTED`` for the other side to compare
    return {name: next(iter(values)) for name, values in seen.items() if len(values) == 1}


def _set_branch_reads(module: ast.Module) -> set[int]:
    """ids of the reads of a variable in the branch a presence test takes where it is set (``int(os.getenv(NAME,
    "0")) if NAME in os.environ else None``): their default never applies (#21289 made such a ``"0"`` a None)."""
    found: set[int] = set()
    for node in ast.walk(module):
        name, unset = _guarded_default(node) if isinstance(node, ast.IfExp) else (None, None)
        if name is None or unset is None or not isinstance(node, ast.IfExp):
            continue
        branch = node.orelse if unset is node.body else node.body
        found.update(
            id(n)
            for n in ast.walk(branch)
            if isinstance(n, ast.Call) and n.args and _reads_environment(n.func) and str_value(n.args[0]) == name
        )
    return found


def _or_fallbacks(module: ast.Module) -> dict[int, ast.expr]:
    """id of a read before ``or`` -> the value after it: ``os.getenv(NAME) or "0"`` defaults to ``"0"``."""
    return {
        id(value): node.values[-1]
        for node in ast.walk(module)
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or)
        for value in node.values[:-1]
    }


def _guarded_default(node: ast.IfExp) -> tuple[str | None, ast.expr | None]:
    """``parse(os.environ["NAME"]) if "NAME" in os.environ else default``, ``... if os.getenv("NAME") else
    default``, ``... if os.getenv("NAME") is not None else default`` (or the tests the other way round): the
    variable's name and the branch an unset variable takes."""
    tested = _unset_test(node.test)
    if tested is None:
        return None, None
    name, unset_true = tested
    return name, node.body if unset_true else node.orelse


def _unset_test(test: ast.expr) -> tuple[str, bool] | None:
    """(name, what the test answers where the variable is unset) for a test of the variable's presence:
    ``"NAME" in os.environ``, ``os.getenv("NAME")`` (or a walrus of it), ``... is None``, ``not ...``."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _unset_test(test.operand)
        return (inner[0], not inner[1]) if inner else None
    if (name := _bare_name(test)) is not None:
        return name, False
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return None
    op, right = test.ops[0], test.comparators[0]
    if (
        isinstance(op, (ast.In, ast.NotIn))
        and ast.unparse(right).endswith("environ")
        and (name := str_value(test.left))
    ):
        return name, isinstance(op, ast.NotIn)
    if _is_none_test(test) and (name := _bare_name(test.left)) is not None:
        return name, isinstance(op, ast.Is)
    return None


def _bare_name(node: ast.expr) -> str | None:
    """The variable ``os.getenv("NAME")`` (or ``(v := os.getenv("NAME"))``) reads with no default."""
    if isinstance(node, ast.NamedExpr):
        node = node.value
    return str_value(node.args[0]) if isinstance(node, ast.Call) and _bare_read(node) else None


def _bare_read(node: ast.Call) -> bool:
    return len(node.args) == 1 and not node.keywords and _reads_environment(node.func)


def _is_none_test(node: ast.Compare) -> bool:
    """``x is None`` / ``x is not None``."""
    right = node.comparators[0]
    return isinstance(node.ops[0], (ast.Is, ast.IsNot)) and isinstance(right, ast.Constant) and right.value is None


_SCOPES = (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef)


def _presence_tested(module: ast.Module) -> set[int]:
    """ids of the bare reads of a variable whose scope (a ``lambda`` or ``def``) tests it for presence
    (``if os.getenv(NAME)``, a walrus of it, ``is (not) None``): that reader chooses what unset gives, so its
    bare reads are no None default (``int(os.environ[NAME]) if os.getenv(NAME) else 0`` is 0 unset)."""
    reads = [n for n in ast.walk(module) if isinstance(n, ast.Call) and n.args and _bare_read(n)]
    if not reads:
        return set()
    parents = parent_map(module)
    tests = {(id(_scope(n, parents)), str_value(n.args[0])) for n in reads if _tests_presence(n, parents)}
    return {id(n) for n in reads if (id(_scope(n, parents)), str_value(n.args[0])) in tests}


def _scope(node: ast.AST, parents: dict[int, ast.AST]) -> ast.AST | None:
    parent = parents.get(id(node))
    while parent is not None and not isinstance(parent, _SCOPES):
        parent = parents.get(id(parent))
    return parent


def _tests_presence(read: ast.Call, parents: dict[int, ast.AST]) -> bool:
    """``read`` is a walrus' value, an ``is (not) None`` operand, or (under ``not``/``and``/``or``) a test."""
    node: ast.AST = read
    parent = parents.get(id(node))
    if isinstance(parent, ast.NamedExpr) or (isinstance(parent, ast.Compare) and _is_none_test(parent)):
        return True
    while isinstance(parent, ast.BoolOp) or (isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not)):
        node, parent = parent, parents.get(id(parent))
    return isinstance(parent, (ast.If, ast.IfExp, ast.While, ast.Assert)) and parent.test is node


_NOT_LITERAL = object()
_ARITHMETIC: dict[type[ast.operator], Callable[[int, int], int]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.LShift: operator.lshift,
}


def literal_default(node: ast.expr) -> object:
    """A default's value: a literal, or one spelt as arithmetic (``str(16 * 1024)``, ``64 * 1024``,
    ``1 << 20``); else ``_NOT_LITERAL``."""
    value = literal_value(node)
    if value is not NOT_LITERAL:
        return value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str" and len(node.args) == 1:
        inner = _integer(node.args[0])
        return str(inner) if inner is not None else _NOT_LITERAL
    inner = _integer(node)
    return inner if inner is not None else _NOT_LITERAL


def _integer(node: ast.expr) -> int | None:
    """Integer arithmetic over int literals (no powers: a default is never astronomically large)."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        left, right = _integer(node.left), _integer(node.right)
        if left is None or right is None or (isinstance(node.op, ast.FloorDiv) and right == 0):
            return None
        if isinstance(node.op, ast.LShift) and not 0 <= right <= 64:
            return None
        return _ARITHMETIC[type(node.op)](left, right)
    return None


def flag_meaning(value: _Value) -> object:
    """What a default means to the code that parses it: the flag spellings are one value each."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return bool(value) if value in (0, 1) else float(value)
    text = value.strip().lower()
    if text in _FALSE:
        return False
    if text in _TRUE:
        return True
    try:
        return float(text)
    except ValueError:
        return text


# -- the fork's side ---------------------------------------------------------------------------------
def _fork_names(trees: ThreeTrees) -> tuple[set[str], set[str]]:
    """UPPER_CASE names a line the fork added to a Python file reads as a module's attribute
    (``envs.APP_FLAG``) or from the environment with a default; and the names of those modules."""
    names: set[str] = set()
    modules: set[str] = set()
    for path in trees.mine:
        if path.endswith(".py"):
            # the added lines read as one text: a read whose name sits on the line after ``os.environ.get(``
            added = "\n".join(text for _, text in sorted(trees.mine[path].added.items()))
            for module, attribute, variable in _FORK_READ.findall(added):
                names.add(attribute or variable)
                if module:
                    modules.add(module)
            for line in trees.mine[path].added.values():
                for module, attribute in _FORK_GETATTR.findall(line):
                    names.add(attribute)
                    modules.add(module)
    return names, modules


def _fork_pinned(trees: ThreeTrees, names: set[str]) -> set[str]:
    """Names a line the fork added (any file) sets: ``NAME=1``, ``NAME: "1"``, ``environ["NAME"] = ...``,
    ``setdefault("NAME", ...)``; the fleet then chooses the value, not upstream's default."""
    if not names:
        return set()
    alternatives = "|".join(sorted(map(re.escape, names)))
    sets = re.compile(
        rf"""^\+(?!\+\+ )[^\n]*?(?:(?<![.\w])({alternatives})\b["']?\]?[ \t]*(?:=(?!=)|:[ \t]*[^\s#])"""
        rf"""|\bsetdefault\(\s*["']({alternatives})["']|\bputenv\(\s*["']({alternatives})["'])""",
        re.M,
    )
    pinned: set[str] = set()
    for path in trees.mine:
        for match in sets.finditer(trees.mine.raw(path)):
            pinned.update(g for g in match.groups() if g)
    return pinned


def _fork_reads(trees: ThreeTrees, changed: dict[str, Changed]) -> Iterator[tuple[str, int, str, Changed, str]]:
    """(path, line, the read as shown, the change, "module" | "compared" | "default") for each fork-owned
    read: "compared" a module read the fork's line compares with the old default (``old_defaults``)."""
    pattern = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, changed))) + r")\b")
    for path in sorted(p for p in trees.mine if p.endswith(".py") and pattern.search(trees.mine.raw(p))):
        module = trees.merged_module(path)
        owned = trees.owned_lines(path) if module is not None else set()
        if module is None or not owned:
            continue
        aliases = _module_aliases(module)
        parents: dict[int, ast.AST] = {}
        for node in ast.walk(module):
            if getattr(node, "lineno", None) not in owned:
                continue
            read = _module_read(node) if isinstance(node, ast.expr) else None
            if (
                isinstance(node, ast.expr)
                and read is not None
                and (change := changed.get(read[1])) is not None
                and not change.computed  # the registry's read is upstream's own value: one process, one answer
                and _is_module(aliases.get(read[0]), change.module)
            ):
                parents = parents or parent_map(module)
                if module_shadowed(node, read[0], parents):
                    continue  # a parameter or local of the module's name: the fork's own value (review96)
                compare = compares_with_old(node, parents, change.old_value, (change.new_value,), _same)
                compare = compare or (_flag_identity(node, parents, change) if _made_none(change) else None)
                used = _computed_with(node, parents) if compare is None and _made_none(change) else None
                shown = short(ast.unparse(compare or used or node), 80)
                yield path, node.lineno, shown, change, "compared" if compare else "computed" if used else "module"
            elif isinstance(node, ast.Call) and len(node.args) >= 2 and _reads_environment(node.func):
                change = changed.get(str_value(node.args[0]) or "")
                if change is None:
                    continue
                value = literal_default(node.args[1])
                if (value is None or isinstance(value, (str, int, float, bool))) and flag_meaning(
                    value
                ) == flag_meaning(change.old_value):
                    yield path, node.lineno, short(ast.unparse(node), 80), change, "default"


def _made_none(change: Changed) -> bool:
    """Unset, the variable was a value and is None now."""
    return change.new_value is None and change.old_value is not None


def _flag_identity(read: ast.expr, parents: dict[int, ast.AST], change: Changed) -> ast.Compare | None:
    """The fork's ``envs.APP_FLAG is False`` (``is not``, ``==``, ``!=``) with the flag the variable's old default
    meant, where the default is None now: unset, the test's answer flips (#39337 made a model-runner switch's
    ``"0"`` a None a config oracle settles).  A truth test (``not envs.APP_FLAG``) holds of None as of False."""
    flag = flag_meaning(change.old_value)
    if not isinstance(flag, bool):
        return None
    found = compares_with_old(read, parents, flag, (None,), _same_flag, flags=True)
    return found or compares_with_old(read, parents, change.old_value, (None,), _same_unset)


def _same_unset(literal: object, default: object) -> bool:
    """``envs.APP_SPACE == 0`` where the old default was ``"0"`` and is None now (#21289): the literal spells the
    old default (no bool: a truth test's operand), or both are None (a scope that tests ``is None``)."""
    if literal is None or default is None:
        return literal is default
    if isinstance(literal, bool) or not isinstance(literal, (str, int, float)) or not isinstance(default, (str, int)):
        return False
    return flag_meaning(literal) == flag_meaning(default)


def _same_flag(literal: object, default: object) -> bool:
    """A bool literal is the flag itself (``True``/``False``; ``1``/``"1"`` are no identity test's operand), and
    ``None`` the new default (a scope that tests ``is None`` settles the unset case)."""
    return (literal is None or isinstance(literal, bool)) and literal is default


def _computed_with(read: ast.expr, parents: dict[int, ast.AST]) -> ast.expr | None:
    """The ordering or arithmetic ``read`` is an operand of (``envs.APP_MAX_ITERS > 0``, ``envs.APP_MS / 1000``):
    None there raises TypeError, unless the fork tested the read for None first."""
    parent = parents.get(id(read))
    if isinstance(parent, ast.Compare) and not all(isinstance(op, _ORDERING) for op in parent.ops):
        return None
    refused = isinstance(parent, ast.Call) and read in parent.args and last_name(parent.func) in _REFUSE_NONE
    if not isinstance(parent, (ast.Call, ast.Compare, ast.BinOp)) or _none_guarded(read, parents):
        return None
    return parent if refused or not isinstance(parent, ast.Call) else None


_ORDERING = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
# builtins that raise TypeError on None (#21032 made a reserved-core count None unless set: ``range(envs.X)``)
_REFUSE_NONE = frozenset({"range", "int", "float", "abs", "round", "divmod"})
_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)


def _none_guarded(read: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """An enclosing ``and``/``or``, conditional, ``if`` or an earlier ``if ... is None: return`` (or
    ``assert``) in the same body makes ``read`` not None where it is computed with."""
    text = ast.unparse(read)
    child: ast.AST = read
    parent = parents.get(id(child))
    while parent is not None and not isinstance(child, _SCOPES):
        if _guards(parent, child, text):
            return True
        child, parent = parent, parents.get(id(parent))
    return False


def _guards(parent: ast.AST, child: ast.AST, text: str) -> bool:
    """``parent`` lets ``child`` run only where ``text`` is not None."""
    if isinstance(parent, ast.BoolOp):
        earlier = parent.values[: next(i for i, v in enumerate(parent.values) if v is child)]
        check = _ensures if isinstance(parent.op, ast.And) else _refutes
        return any(check(value, text) for value in earlier)
    if isinstance(parent, (ast.If, ast.IfExp, ast.While)) and child is not parent.test:
        body = parent.body if isinstance(parent.body, list) else [parent.body]
        in_body = any(node is child for node in body)
        if (_ensures if in_body else _refutes)(parent.test, text):
            return True
    return isinstance(child, ast.stmt) and any(_exits_unless(stmt, text) for stmt in _before(parent, child))


def _before(parent: ast.AST, child: ast.stmt) -> list[ast.stmt]:
    """The statements before ``child`` in the body of ``parent`` that holds it."""
    for _, value in ast.iter_fields(parent):
        if isinstance(value, list) and any(item is child for item in value):
            return value[: next(i for i, item in enumerate(value) if item is child)]
    return []


def _exits_unless(stmt: ast.stmt, text: str) -> bool:
    """``if <text is None>: return`` (raise, continue, break) or ``assert <text is not None>``."""
    if isinstance(stmt, ast.Assert):
        return _ensures(stmt.test, text)
    return isinstance(stmt, ast.If) and isinstance(stmt.body[-1], _EXITS) and _refutes(stmt.test, text)


def _ensures(test: ast.expr, text: str) -> bool:
    """``test`` true means ``text`` is not None: ``x``, ``bool(x)``, ``x is not None``, ``x > 0``,
    ``isinstance(x, ...)``."""
    if ast.unparse(test) == text or _presence_answer(test, text) is False:
        return True
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _refutes(test.operand, text)
    if isinstance(test, ast.BoolOp):
        return (any if isinstance(test.op, ast.And) else all)(_ensures(v, text) for v in test.values)
    if isinstance(test, ast.Call) and ast.unparse(test.func) in ("bool", "isinstance") and test.args:
        return ast.unparse(test.args[0]) == text
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or ast.unparse(test.left) != text:
        return False
    op = test.ops[0]
    return isinstance(op, _ORDERING) or (isinstance(op, (ast.IsNot, ast.NotEq)) and _is_none(test.comparators[0]))


def _presence_answer(test: ast.expr, text: str) -> bool | None:
    """What ``test`` answers where the variable the module read ``text`` names is unset, for a test of its
    presence (``"NAME" in os.environ``, ``os.getenv("NAME")``, ``envs.is_set("NAME")``), else None: set, a
    variable #21289 made None unless set is the value again (review109: ``if "NAME" in os.environ:`` around
    ``envs.NAME * GiB``)."""
    name = text.rsplit(".", 1)[-1]
    if isinstance(test, ast.Call) and last_name(test.func) == "is_set" and len(test.args) == 1:
        return False if str_value(test.args[0]) == name else None
    if isinstance(test, ast.UnaryOp):
        return None  # ``not``: the callers' own recursion turns it round
    tested = _unset_test(test)
    return tested[1] if tested is not None and tested[0] == name else None


def _refutes(test: ast.expr, text: str) -> bool:
    """``test`` false means ``text`` is not None: ``x is None``, ``not x``."""
    if _presence_answer(test, text) is True:
        return True
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _ensures(test.operand, text)
    if isinstance(test, ast.BoolOp):
        return (any if isinstance(test.op, ast.Or) else all)(_refutes(v, text) for v in test.values)
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or ast.unparse(test.left) != text:
        return False
    return isinstance(test.ops[0], (ast.Is, ast.Eq)) and _is_none(test.comparators[0])


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _same(literal: object, default: object) -> bool:
    """A literal the fork compares a variable's value with is its default: one meaning (``5557`` and
    ``"5557"``, the variable parsed), and no flag (``True`` and ``"1"``: a test of truth, its meaning moved)."""
    values = [v for v in (literal, default) if v is None or isinstance(v, (str, int, float))]
    if len(values) != 2 or isinstance(literal, bool):
        return False
    meaning = flag_meaning(values[0])
    return not isinstance(meaning, bool) and meaning == flag_meaning(values[1])


def _module_read(node: ast.expr) -> tuple[str, str] | None:
    """(module name, attribute) of ``envs.APP_FLAG`` or ``getattr(envs, "APP_FLAG"[, default])``."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Name):
        return node.value.id, node.attr
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) >= 2
        and isinstance(node.args[0], ast.Name)
        and (attribute := str_value(node.args[1]))
    ):
        return node.args[0].id, attribute
    return None


def _reads_environment(func: ast.expr) -> bool:
    """``os.getenv``, ``getenv``, ``os.environ.get``, ``environ.get``."""
    text = ast.unparse(func)
    return text.endswith("getenv") or text.endswith("environ.get")


def module_shadowed(node: ast.expr, name: str, parents: dict[int, ast.AST]) -> bool:
    """An enclosing function binds ``name`` itself (a parameter ``envs`` holding the fork's snapshot of the
    variables): ``name.APP_X`` there is no read of the module the file imports as ``name`` (review96)."""
    up = parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef) and name in _bound_locally(up):
            return True
        up = parents.get(id(up))
    return False


def _module_aliases(module: ast.Module) -> dict[str, str]:
    """Name -> the dotted module it is bound to by the file's imports (``import a.b as m``, ``from a import b``)."""
    out: dict[str, str] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.asname:
                    out[a.asname] = a.name
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                out[a.asname or a.name] = f"{node.module}.{a.name}"
    return out


def _is_module(bound: str | None, module: str) -> bool:
    return bound is not None and (bound == module or module.endswith("." + bound) or bound.endswith("." + module))


def _finding(path: str, line: int, how: str, change: Changed, form: str, commit: str) -> Finding:
    where = f"{change.path}{commit}"
    if form == "module":
        message = (
            f"fork-owned {how} reads environment variable {change.name}, whose default upstream changed from "
            f"{change.old} to {change.new} ({where}): where the fleet leaves it unset the fork's code now gets "
            f"{change.new}; "
            + (
                f"no value of {change.name} gives None back: set it to what the fork means, or confirm the new default"
                if change.old_value is None
                else f"set {change.name}={_plain(change.old)} to keep the old behaviour, or confirm the new one"
            )
        )
        return Finding(RULE, "merge", Severity.WARNING, path, line, message)
    if form == "computed":
        # #29912 made the profiler's max-iterations variable the raw os.getenv: None where unset
        message = (
            f"fork-owned `{how}` computes with environment variable {change.name}, whose default upstream changed "
            f"from {change.old} to None ({where}): where the fleet leaves it unset the fork's line raises "
            f"TypeError; test it for None first, or read what replaced it"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    if form == "compared":
        fix = f"set {change.name}={_plain(change.old)}" if change.old_value is not None else "test the new default too"
        message = (
            f"fork-owned `{how}` compares environment variable {change.name}, whose default upstream changed from "
            f"{change.old} to {change.new} ({where}), with the old default: unset, the comparison now answers "
            f"otherwise; compare with what the fork means, or {fix}"
        )
    elif change.computed:
        # a warning: the computed default may still give the old literal somewhere (#37198's "0" on an older torch)
        message = (
            f"fork-owned {how} repeats upstream's old default {change.old} of environment variable {change.name}, "
            f"which upstream now computes ({where}): unset, upstream's code may decide with another value than the "
            f"fork's; read the registry's value instead, or set {change.name} for both"
        )
        return Finding(RULE, "merge", Severity.WARNING, path, line, message)
    else:
        # the fork's own read of the variable: unset, one process decides two ways
        message = (
            f"fork-owned {how} repeats upstream's old default of environment variable {change.name}, which "
            f"upstream changed to {change.new} ({where}): unset, upstream now decides with {change.new} and the "
            f"fork's code with {change.old}; use the new default, or set {change.name} for both"
        )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)


def _plain(text: str) -> str:
    return text.strip("'\"")
