"""Rendered enum members: upstream gave an enum its own ``__str__``, and a fork compares the old rendering.

A plain ``enum.Enum`` renders a member as ``"Cls.MEMBER"`` (``str(mode)``, ``f"{mode}"``, ``format(mode)``).
#25868 (43227236ec) gave ``CUDAGraphMode`` a ``__str__`` returning ``self.name``: a fork line ``str(
cfg.cudagraph_mode) == "CUDAGraphMode.FULL_AND_PIECEWISE"`` merges cleanly and is never true again; a table
keyed ``"CUDAGraphMode.FULL"`` looked up by ``str(mode)`` raises KeyError.  No name moved and no value changed.

Upstream's side: a class of a file upstream changed deriving from ``Enum`` or ``Flag`` (not ``IntEnum``,
``StrEnum``, ``IntFlag`` or a mix-in with ``str``/``int``, whose rendering is the value's) with no ``__str__``
(nor ``__format__``) at the base, and one at upstream.  Its members: the names its body assigns.  Fork side:
a fork-owned string literal ``"Cls.MEMBER"`` of such a class and member.  In a comparison (``==``, ``!=``,
``in``, ``not in``, a display's element) with a rendering (``str(x)``, an f-string of one value,
``format(x)``) it is an error: the answer moved on every path -- unless the fork's file defines a class of
that name or imports one from elsewhere, the comparison also accepts another spelling naming the member (a
display's other string, an ``or``'s other comparison of the same value): quiet.  Elsewhere in a comparison
(a rendering of a parameter annotated with a type not naming the class among them) or as a dict display's key
it is a warning: the value it meets may be a rendering.

Cheap first: the fork's added lines must hold a quoted ``"Name.NAME"``; then one search of upstream's diffs
for ``__str__``/``__format__``; only those files are parsed, at both ends.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import DefSym, dotted_name, file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parse_python

_QUOTED_MEMBER = lazy_pattern(r"""["']([A-Z]\w*)\.([A-Za-z_]\w*)["']""")
_RENDERS = lazy_pattern(r"def __(?:str|format)__|__(?:str|format)__\s*=")
_WORDS = lazy_pattern(r"\w+")
_PLAIN_ENUMS = frozenset({"Enum", "Flag"})
_VALUE_RENDERED = frozenset({"IntEnum", "StrEnum", "IntFlag", "ReprEnum", "str", "int"})
_RENDER_METHODS = frozenset({"__str__", "__format__"})


@dataclass(frozen=True)
class Rendered:
    """A fork literal spelling a member's old rendering."""

    path: str
    line: int
    literal: str
    home: str
    rendered: bool  # compared with str(x) / f"{x}" / format(x): the answer moved for sure


def rendered_enum_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    spelt = {m.group(1) for path in trees.mine for line in _added(trees, path) for m in _QUOTED_MEMBER.finditer(line)}
    if not spelt:
        return []
    paths = trees.upstream.matching(_RENDERS, ".py")
    changed: dict[str, tuple[str, frozenset[str]]] = {}
    for path, name, was, now in both_versions(trees, paths, _enums):
        if name in spelt and not was[0] and now[0]:
            changed[name] = (path, now[1])
    if not changed:
        return []
    findings = []
    for item in _fork_literals(trees, changed):
        commit = trees.upstream_commit(item.home, "__str__|__format__", pr_pattern)
        findings.append(_finding(item, commit))
    return findings


def _added(trees: ThreeTrees, path: str) -> Iterator[str]:
    return iter(trees.mine[path].added.values()) if path.endswith(".py") else iter(())


def _enums(text: str | None) -> dict[str, tuple[bool, frozenset[str]]]:
    """Plain enum class name -> (whether it defines its own rendering, its members)."""
    module = parse_python(text, "<enums>") if text is not None else None
    found: dict[str, tuple[bool, frozenset[str]]] = {}
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.ClassDef) and _plain_enum(node):
            renders = any(_defines(stmt) & _RENDER_METHODS for stmt in node.body)
            members = {n for stmt in node.body for n in _defines(stmt) if not n.startswith("_")}
            members -= {s.name for s in node.body if isinstance(s, ast.FunctionDef)}
            found[node.name] = (renders, frozenset(members))
    return found


def _plain_enum(node: ast.ClassDef) -> bool:
    bases = {last_name(b) for b in node.bases}
    return bool(bases & _PLAIN_ENUMS) and not bases & _VALUE_RENDERED


def _defines(stmt: ast.stmt) -> set[str]:
    if isinstance(stmt, ast.FunctionDef):
        return {stmt.name}
    if isinstance(stmt, ast.Assign):
        return {t.id for t in stmt.targets if isinstance(t, ast.Name)}
    return set()


def _fork_literals(trees: ThreeTrees, changed: dict[str, tuple[str, frozenset[str]]]) -> Iterator[Rendered]:
    for path, module, owned in fork_modules(trees, _QUOTED_MEMBER.search):
        parents = parent_map(module)
        own = _other_classes(module, path, changed, trees)
        for node in ast.walk(module):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str) and node.lineno in owned):
                continue
            cls, _, member = node.value.partition(".")
            home = changed.get(cls)
            if home is None or member not in home[1] or cls in own:
                continue
            use = _use(node, parents, cls, member, _spellings(module, path, cls, home[0], trees))
            if use is not None:
                yield Rendered(path, node.lineno, node.value, home[0], use)


def _other_classes(
    module: ast.Module, path: str, changed: dict[str, tuple[str, frozenset[str]]], trees: ThreeTrees
) -> set[str]:
    """Names of ``changed`` that the fork's file binds to a class of its own (a ``class`` of the name) or imports
    from a module other than the upstream file's (nor a package above it): the literal spells that class --
    unless (mend81) that module only hands on the upstream file's class (``from <home> import Cls`` there, through
    any chain of re-exports the merged tree resolves)."""
    defined = {n.name for n in ast.walk(module) if isinstance(n, ast.ClassDef)}
    imports = file_imports(module, path)
    others = set()
    for name, (home, _) in changed.items():
        origin = imports.get(name)
        dotted = dotted_name(home, roots=("",))
        elsewhere = origin is not None and not (dotted + ".").startswith(origin[0] + ".")
        if name in defined or (elsewhere and origin is not None and not _handed_on(trees, origin, home)):
            others.add(name)
    return others


def _handed_on(trees: ThreeTrees, origin: tuple[str, str], home: str) -> bool:
    """(mend81) ``from <origin[0]> import <origin[1]>`` resolves, in the merged tree, to the class ``home`` declares."""
    found = trees.merged_index().resolve(*origin)
    return isinstance(found, DefSym) and found.path == home and isinstance(found.node, ast.ClassDef)


def _spellings(module: ast.Module, path: str, cls: str, home: str, trees: ThreeTrees) -> frozenset[str]:
    """(review140) The names the file gives upstream's class: its own and each ``as`` of an import of it from
    the upstream file (a package above it) or a module handing it on; an alias of another class of the name
    is not one."""
    imports, dotted = file_imports(module, path), dotted_name(home, roots=("",))
    aliases = (
        name
        for name, origin in imports.items()
        if name != cls
        and origin[1] == cls
        and ((dotted + ".").startswith(origin[0] + ".") or _handed_on(trees, origin, home))
    )
    return frozenset((cls, *aliases))


def _use(
    literal: ast.Constant, parents: dict[int, ast.AST], cls: str, member: str, names: frozenset[str] = frozenset()
) -> bool | None:
    """True: compared with a rendering; False: compared with something else, or a dict display's key; None:
    any other use (a message, a log line), or a comparison that also accepts another spelling of the member
    (``str(m) in ("FULL", "Cls.FULL")``, ``str(m) == "FULL" or str(m) == "Cls.FULL"``): right on both sides."""
    at: ast.AST = literal
    parent = parents.get(id(at))
    while isinstance(parent, ast.Tuple | ast.List | ast.Set):
        if _spells_otherwise(parent.elts, literal, member):
            return None
        at, parent = parent, parents.get(id(parent))
    if isinstance(parent, ast.Dict) and any(k is at for k in parent.keys):
        return False
    if not isinstance(parent, ast.Compare) or not all(
        isinstance(op, ast.Eq | ast.NotEq | ast.In | ast.NotIn) for op in parent.ops
    ):
        return None
    sides = [s for s in (parent.left, *parent.comparators) if s is not at]
    if _or_spells_otherwise(parent, sides, parents, literal, member):
        return None
    scope = _enclosing_function(parent, parents)
    return any(_rendering(s) and not _typed_otherwise(s, scope, names or frozenset((cls,))) for s in sides)


def _spells_otherwise(values: list[ast.expr], literal: ast.Constant, member: str) -> bool:
    """Another string among ``values`` names the member as a word (``"FULL"``, ``"mode=FULL"``)."""
    return any(
        isinstance(v, ast.Constant)
        and isinstance(v.value, str)
        and v is not literal
        and member in _WORDS.findall(v.value)
        for v in values
    )


def _or_spells_otherwise(
    compare: ast.Compare, sides: list[ast.expr], parents: dict[int, ast.AST], literal: ast.Constant, member: str
) -> bool:
    """The comparison is one of an ``or`` whose other comparisons meet the same value with another spelling."""
    chain = parents.get(id(compare))
    if not (isinstance(chain, ast.BoolOp) and isinstance(chain.op, ast.Or)):
        return False
    shown = {ast.unparse(s) for s in sides}
    for other in chain.values:
        if isinstance(other, ast.Compare) and other is not compare:
            values = [other.left, *other.comparators]
            if shown & {ast.unparse(v) for v in values} and _spells_otherwise(values, literal, member):
                return True
    return False


def _enclosing_function(node: ast.AST, parents: dict[int, ast.AST]) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    at = parents.get(id(node))
    while at is not None and not isinstance(at, ast.FunctionDef | ast.AsyncFunctionDef):
        at = parents.get(id(at))
    return at


def _typed_otherwise(
    rendering: ast.expr, scope: ast.FunctionDef | ast.AsyncFunctionDef | None, names: frozenset[str]
) -> bool:
    """The rendered value is a parameter annotated with a type that does not name the class (``spelt: str``):
    not a member of it.  ``names``: the class's name and (review140) the file's import aliases of it."""
    inner: ast.expr | None = None
    if isinstance(rendering, ast.Call):
        inner = rendering.args[0]
    elif isinstance(rendering, ast.JoinedStr) and isinstance(rendering.values[0], ast.FormattedValue):
        inner = rendering.values[0].value
    if not isinstance(inner, ast.Name) or scope is None:
        return False
    args = scope.args
    for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
        if arg.arg == inner.id and arg.annotation is not None:
            shown = ast.unparse(arg.annotation)
            return all(n not in _WORDS.findall(shown) for n in names) and shown not in ("Any", "object", "typing.Any")
    return False


def _rendering(expr: ast.expr) -> bool:
    """``str(x)``, ``format(x)``, an f-string of one value and nothing else."""
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in ("str", "format"):
        return len(expr.args) == 1 and not expr.keywords
    return isinstance(expr, ast.JoinedStr) and len(expr.values) == 1 and isinstance(expr.values[0], ast.FormattedValue)


def _finding(item: Rendered, commit: str) -> Finding:
    cls, member = item.literal.split(".", 1)
    where = ", compared here with a rendering" if item.rendered else ""
    then = "the comparison's answer moved" if item.rendered else "where it meets a rendering it no longer matches"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if item.rendered else Severity.WARNING,
        item.path,
        item.line,
        f'fork-owned "{item.literal}" is how a plain Enum renders {cls}.{member}{where}; upstream gave {cls} its own '
        f'__str__/__format__ ({item.home}{commit}), so str() of the member is no longer "{item.literal}": {then}; '
        "compare the member itself or its .name",
    )
