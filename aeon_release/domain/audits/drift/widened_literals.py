"""Widened literals: a field's ``Literal`` upstream widened past the keys of a fork table indexed by it.

#40982 widened ``ChatCompletionRequest.reasoning_effort: Literal["none", "low", "medium", "high"] | None`` with
``"minimal"``, ``"xhigh"`` and ``"max"``.  A fork that maps every choice to its own setting, ``_BUDGETS =
{"none": 0, "low": 1024, "medium": 4096, "high": 16384}`` and ``_BUDGETS[request.reasoning_effort]``, merges
cleanly; a request asking for ``"max"`` now passes validation and raises KeyError in the fork's code (a 500
where the client sent a value the server advertises).  Upstream does this whenever an option gains a choice.

Upstream's side: a changed module's top-level class whose annotated field's ``Literal`` (inline, under ``| None``
or ``Optional``, or a module-level alias of the file bound to one) holds, in the merged tree, every choice it held
at the base and at least one more.  The fork's side, on a line it owns: a subscript of a name the fork's file
binds once at its top level to a dict display of constant keys, indexed by ``<receiver>.<field>`` (any receiver:
the table's keys, every old choice of the field, say what it is indexed by), whose keys hold every old choice and
miss a new one.  Quiet: ``.get``, a table missing an old choice too (it never covered the field), a lookup in a
``try`` catching KeyError or under an ``if`` testing membership in the table, and a store into the table.  An
error: a value the server accepts now fails in the fork's code.

The same table spelt as control flow (killers156, #46781 widening ``RejectionSampleMethod`` with ``"block"``): a
``match`` on the field (or on a local the function binds once to it) whose constant cases name every old choice
and whose last ``case _:`` raises, an ``if``/``elif`` chain of ``==``/``in`` tests of one such subject whose
``else`` raises, and ``assert <field> in (...)``, missing a new choice: the raise (or the assert) is the error.
Quiet: a default that answers, cases missing an old choice, a chain over two subjects, a display naming the new
choice, and a dispatch that never fails on a new choice or never sees one: its failure caught around it, a
subject off another object (typed as another class, ``self`` of the file's own), a value the function stored
before it, an earlier exiting ``if`` of its block testing the field with what the old choices do not settle.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import _runs_unless, _runs_where, caught_around
from aeon_release.domain.audits.drift.own_fields import assigned, enclosing, enclosing_class
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts, whole_word
from aeon_release.domain.audits.drift.type_only_names import locally_bound
from aeon_release.domain.audits.merge_rules import KEY_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map

_MOST_FILES = 32
_LITERAL = lazy_pattern(r"\bLiteral\[")
# a line holding one constant and a comma: a choice of a ``Literal`` spelt one a line (or an element of any display)
_CHOICE_LINE = lazy_pattern(r"""^[ \t]*(?:"[^"\n]*"|'[^'\n]*'|-?\d+|True|False|None)[ \t]*,?[ \t]*(?:#[^\n]*)?$""")
# the text gate of an upstream file: a class field typed by a ``Literal`` on its line (its name), an alias bound to
# one, or an annotation left open at its line's end (``field: Optional[`` then the ``Literal`` below)
_FIELD_LITERAL = lazy_pattern(r"(?m)^[ \t]+(\w+)[ \t]*:[^\n]*\bLiteral\[")
_ALIASED_LITERAL = lazy_pattern(r"(?m)^[ \t]*\w+[ \t]*(?::[^\n=]*)?=[^\n]*\bLiteral\b")
_OPEN_ANNOTATION = lazy_pattern(r"(?m)^[ \t]+\w+[ \t]*:[^\n]*[\[(][ \t]*$")
# a line that may start a class field's annotation (its name): the field a finding is about starts its own line
_FIELD_NAME = lazy_pattern(r"(?m)^[ \t]+(\w+)[ \t]*:")
_CAUGHT = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})
Choice = object  # a constant: str, int, bool, None...
Parents = dict[int, ast.AST]
_COLLECTIONS = frozenset({"set", "frozenset", "list", "tuple", "sorted"})
# names an annotation holds that say nothing of the receiver's class: ``Any``, the typing words, and the
# attribute bags a parser fills from the same choices (``args: argparse.Namespace``)
_UNTYPED = frozenset(
    {
        "Any",
        "object",
        "Optional",
        "Union",
        "Annotated",
        "typing",
        "None",
        "",
        "argparse",
        "Namespace",
        "SimpleNamespace",
    }
)


@dataclass(frozen=True)
class Widened:
    path: str
    owner: str
    field: str
    old: frozenset[Choice]
    new: frozenset[Choice]


def widened_literal_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    widened = _widened(trees)
    if not widened:
        return []
    fields = {w.field: w for w in widened}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(f in line for f in fields)):
        for line, table, missing, w in _fork_lookups(module, owned, fields):
            findings.append(_finding(trees, (path, line), (table, missing), w, pr_pattern, False))
        for line, how, missing, w in _fork_dispatches(module, owned, fields):
            findings.append(_finding(trees, (path, line), (how, missing), w, pr_pattern, True))
    return findings


def _widened(trees: ThreeTrees) -> list[Widened]:
    """The fields whose ``Literal`` upstream widened, kept in the merged tree."""
    # a Literal spelt one choice a line (#45187's ``CacheDType``) widens by an added line holding only the new
    # choice: such a file is read after every file adding a ``Literal[`` line, under the same cap
    added = {p: trees.upstream[p].added.values() for p in sorted(trees.upstream) if p.endswith(".py")}
    opened = [p for p, lines in added.items() if any("Literal[" in a and _LITERAL.search(a) for a in lines)]
    paths = opened + [p for p, lines in added.items() if p not in opened and any(map(_CHOICE_LINE.match, lines))]
    words = trees.fork_words()

    def keep(old: str, new: str) -> bool:
        # a line starting a field of a name a fork line holds (the field widened starts its own line), and a
        # Literal on such a line, an alias of a Literal, or an annotation spanning lines (which only the parse
        # reads).  A field widened had choices at the base: the old text names a Literal too.
        if "Literal[" not in new or "Literal" not in old:
            return False
        if words.isdisjoint(m.group(1) for m in _FIELD_NAME.finditer(new)):
            return False  # every field _FIELD_LITERAL names starts a line _FIELD_NAME reads
        if _ALIASED_LITERAL.search(new) or _OPEN_ANNOTATION.search(new):
            return True
        return not words.isdisjoint(m.group(1) for m in _FIELD_LITERAL.finditer(new))

    found: list[Widened] = []
    for both in parsed_texts(trees, paths[:_MOST_FILES], keep):
        merged = trees.merged_module(both.path)
        if merged is None:
            continue
        before, after = _choices(both.old), _choices(merged)
        for (owner, name), old in before.items():
            new = after.get((owner, name))
            if name in words and new is not None and old < new:
                found.append(Widened(both.path, owner, name, old, new))
    return found


def _choices(module: ast.Module) -> dict[tuple[str, str], frozenset[Choice]]:
    """(class, field) -> the choices of each top-level class's annotated field typed by a ``Literal``."""
    aliases = {
        s.targets[0].id: s.value
        for s in module.body
        if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)
    }
    out: dict[tuple[str, str], frozenset[Choice]] = {}
    for cls in (s for s in module.body if isinstance(s, ast.ClassDef)):
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                choices = _literal(stmt.annotation, aliases)
                if choices:
                    out[(cls.name, stmt.target.id)] = choices
    return out


def _literal(ann: ast.expr, aliases: dict[str, ast.expr], depth: int = 0) -> frozenset[Choice] | None:
    """The constants of a ``Literal[...]`` annotation (beside ``None`` in a union), or of the alias it names;
    None when the annotation holds anything else a value could be (``str | Literal[...]``)."""
    if isinstance(ann, ast.Subscript) and _head(ann.value) == "Literal":
        items = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
        values = [i.value for i in items if isinstance(i, ast.Constant)]
        return frozenset(values) if len(values) == len(items) else None
    if isinstance(ann, ast.BinOp) and isinstance(ann.op, ast.BitOr):
        sides = [s for s in (ann.left, ann.right) if not (isinstance(s, ast.Constant) and s.value is None)]
        return _literal(sides[0], aliases, depth) if len(sides) == 1 else None
    if isinstance(ann, ast.Subscript) and _head(ann.value) == "Optional":
        return _literal(ann.slice, aliases, depth)
    if isinstance(ann, ast.Name) and ann.id in aliases and depth < 3:
        return _literal(aliases[ann.id], aliases, depth + 1)
    return None


def _head(expr: ast.expr) -> str:
    return expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else ""


def _fork_lookups(
    module: ast.Module, owned: set[int], fields: dict[str, Widened]
) -> Iterator[tuple[int, str, list[Choice], Widened]]:
    """(line, table, choices it lacks, field) for each owned lookup of a fork table by a widened field."""
    tables = _tables(module)
    parents = parent_map(module)
    for node in ast.walk(module):
        if not isinstance(node, ast.Subscript) or not isinstance(node.ctx, ast.Load) or node.lineno not in owned:
            continue
        key, table = node.slice, node.value
        if not isinstance(key, ast.Attribute) or key.attr not in fields or not isinstance(table, ast.Name):
            continue
        w, keys = fields[key.attr], tables.get(table.id)
        if keys is None or not w.old <= keys or w.new <= keys:
            continue
        if caught_around(node, _CAUGHT, parents) or _membership_tested(node, table.id, parents):
            continue
        if locally_bound(node, table.id, parents) or _choices_handled(node, key, keys, w.new - keys, parents):
            continue  # a function's own table of the name; the fork tests the field's value itself
        if _foreign_receiver(module, node, key.value, w.owner, parents):
            continue
        yield node.lineno, table.id, sorted(w.new - keys, key=repr), w


def _tables(module: ast.Module) -> dict[str, frozenset[Choice]]:
    """name -> keys, for each name the module binds once at its top level, to a dict display of constant keys,
    and never stores into (``TABLE[k] = v`` or ``TABLE.update(...)`` may add the new choices)."""
    binds: dict[str, list[ast.expr]] = {}
    for stmt in module.body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for t in targets:
                if isinstance(t, ast.Name):
                    binds.setdefault(t.id, []).append(stmt.value)
    grown = _grown(module)
    out: dict[str, frozenset[Choice]] = {}
    for name, values in binds.items():
        value = values[0]
        if len(values) != 1 or name in grown or not isinstance(value, ast.Dict):
            continue
        keys = [k.value for k in value.keys if isinstance(k, ast.Constant)]
        if len(keys) == len(value.keys):
            out[name] = frozenset(keys)
    return out


def _grown(module: ast.Module) -> set[str]:
    """The names the module stores a key into, merges into (``TABLE |= {...}``), or calls a mutating method of."""
    names: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(_head(node.value))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in {"update", "setdefault", "__setitem__"}:
                names.add(_head(node.func.value))
    return names


def _membership_tested(node: ast.AST, table: str, parents: dict[int, ast.AST]) -> bool:
    """The enclosing function (the module outside any) tests ``x in table`` or ``x not in table``."""
    scope: ast.AST | None = parents.get(id(node))
    while scope is not None and not isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
        scope = parents.get(id(scope))
    for sub in ast.walk(scope if scope is not None else node):
        if isinstance(sub, ast.Compare) and any(isinstance(op, ast.In | ast.NotIn) for op in sub.ops):
            if any(_the_table(c, table) for c in sub.comparators):
                return True
    return False


def _the_table(expr: ast.expr, table: str) -> bool:
    """``table``, its ``keys()``, or a collection made of it (``set(table)``): membership in each is in its keys."""
    if isinstance(expr, ast.Call) and not expr.keywords:
        if isinstance(expr.func, ast.Attribute) and expr.func.attr == "keys" and not expr.args:
            expr = expr.func.value
        elif isinstance(expr.func, ast.Name) and expr.func.id in _COLLECTIONS and len(expr.args) == 1:
            expr = expr.args[0]
    return isinstance(expr, ast.Name) and expr.id == table


def _choices_handled(
    node: ast.Subscript, key: ast.expr, keys: frozenset[Choice], missing: frozenset[Choice], parents: Parents
) -> bool:
    """The fork tests the field's value itself: its function compares it with a choice the table lacks
    (``if request.role == "system": continue``: the fork knows the new choice and routes it elsewhere) or sets
    the field itself before the lookup, or the lookup runs only where a test keeps the value to the table's keys
    (``if effort in ("low", "high"):``, the ``else`` of a ``not in``, a comprehension's condition, a ``match`` arm
    of old choices)."""
    spelt = ast.unparse(key)
    scope: ast.AST | None = parents.get(id(node))
    while scope is not None and not isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
        scope = parents.get(id(scope))
    for sub in ast.walk(scope if scope is not None else node):
        if isinstance(sub, ast.Compare) and any(missing & set(c) for c in _compared(sub, spelt)):
            return True
        if isinstance(sub, ast.stmt) and _stores(sub, spelt) and sub.lineno < node.lineno:
            return True  # ``request.reasoning_effort = _CLAMP.get(...)`` first: the value is the fork's own
        if isinstance(sub, ast.Match) and ast.unparse(sub.subject) == spelt:
            if any(missing & case_values(c.pattern) for c in sub.cases):
                return True
    if _runs_where(node, parents, lambda test: _keeps(test, spelt, keys, negated=False)):
        return True
    if _runs_unless(node, parents, lambda test: _keeps(test, spelt, keys, negated=True)):
        return True
    return _in_kept_comprehension(node, spelt, keys, parents) or _in_kept_case(node, spelt, keys, parents)


def _stores(stmt: ast.stmt, spelt: str) -> bool:
    """``stmt`` assigns the field the lookup reads (``request.effort = ...``, ``request.effort: str = ...``)."""
    if isinstance(stmt, ast.Assign):
        return any(ast.unparse(t) == spelt for t in stmt.targets)
    return isinstance(stmt, ast.AnnAssign | ast.AugAssign) and ast.unparse(stmt.target) == spelt


def _compared(test: ast.Compare, spelt: str) -> Iterator[frozenset[Choice]]:
    """For each ``==``/``!=``/``in``/``not in`` of ``spelt`` with constants: the constants it names."""
    sides = [test.left, *test.comparators]
    for op, left, right in zip(test.ops, sides, sides[1:], strict=False):
        if not isinstance(op, ast.Eq | ast.NotEq | ast.In | ast.NotIn):
            continue
        for mine, other in ((left, right), (right, left)):
            values = _constants(other)
            if ast.unparse(mine) == spelt and values is not None:
                yield values


def _constants(expr: ast.expr) -> frozenset[Choice] | None:
    """The constants of a constant, or of a tuple, list or set display of nothing else."""
    items = expr.elts if isinstance(expr, ast.Tuple | ast.List | ast.Set) else [expr]
    values = [i.value for i in items if isinstance(i, ast.Constant)]
    return frozenset(values) if values and len(values) == len(items) else None


def _keeps(test: ast.expr, spelt: str, keys: frozenset[Choice], negated: bool) -> bool:
    """Where ``test`` holds (is false, when ``negated``), ``spelt`` is one of the table's keys: ``spelt ==
    "low"`` or ``spelt in ("low", "high")`` (``!=``/``not in`` negated), alone or and-ed (or-ed, negated)."""
    if isinstance(test, ast.BoolOp):
        if isinstance(test.op, ast.And) != negated:
            return any(_keeps(v, spelt, keys, negated) for v in test.values)
        return False
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return False
    kept = (ast.Eq, ast.In) if not negated else (ast.NotEq, ast.NotIn)
    values = _constants(test.comparators[0])
    return isinstance(test.ops[0], kept) and ast.unparse(test.left) == spelt and values is not None and values <= keys


def _in_kept_comprehension(node: ast.AST, spelt: str, keys: frozenset[Choice], parents: Parents) -> bool:
    """The lookup is a comprehension's element, and a condition of the comprehension keeps the value to the
    table's keys (``_ROLES[m.role] for m in messages if m.role in ("user", "assistant")``)."""
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            element = [parent.key, parent.value] if isinstance(parent, ast.DictComp) else [parent.elt]
            conditions = [c for g in parent.generators for c in g.ifs]
            if any(e is child for e in element) and any(_keeps(c, spelt, keys, negated=False) for c in conditions):
                return True
        child, parent = parent, parents.get(id(parent))
    return False


def _in_kept_case(node: ast.AST, spelt: str, keys: frozenset[Choice], parents: Parents) -> bool:
    """The lookup runs in an unguarded ``match`` arm on the field whose pattern takes only the table's keys
    (``case "low" | "high":``)."""
    child, parent = node, parents.get(id(node))
    while parent is not None:
        match = parents.get(id(parent))
        if isinstance(parent, ast.match_case) and isinstance(match, ast.Match) and any(s is child for s in parent.body):
            values = case_values(parent.pattern)
            if ast.unparse(match.subject) == spelt and values and values <= keys and not _captures(parent.pattern):
                return True
        child, parent = parent, parents.get(id(parent))
    return False


def case_values(pattern: ast.pattern) -> frozenset[Choice]:
    """The constants a ``case`` pattern of values names (``"low" | "high"``)."""
    if isinstance(pattern, ast.MatchValue) and isinstance(pattern.value, ast.Constant):
        return frozenset([pattern.value.value])
    if isinstance(pattern, ast.MatchSingleton):
        return frozenset([pattern.value])
    if isinstance(pattern, ast.MatchOr):
        return frozenset().union(*(case_values(p) for p in pattern.patterns))
    if isinstance(pattern, ast.MatchAs) and pattern.pattern is not None:
        return case_values(pattern.pattern)
    return frozenset()


def _captures(pattern: ast.pattern) -> bool:
    """A pattern that takes values beyond the constants it names (``case _:``, ``case x:``, ``"a" | other``)."""
    if isinstance(pattern, ast.MatchOr):
        return any(_captures(p) for p in pattern.patterns)
    if isinstance(pattern, ast.MatchAs):
        return pattern.pattern is None or _captures(pattern.pattern)
    return not isinstance(pattern, ast.MatchValue | ast.MatchSingleton)


def _foreign_receiver(module: ast.Module, node: ast.AST, receiver: ast.expr, owner: str, parents: Parents) -> bool:
    """The fork's code says the field's receiver is of some class other than the widened one: a parameter or a
    local annotated with, or a local built by a call of, classes none of which is the owner or a class of the
    file deriving from it (``comm: AeonCommConfig``, ``group: dist.ProcessGroup``); or ``self`` in a class of
    the file declaring the field itself without deriving from the owner.  Another class's field of that name
    holds that class's own choices; a fork subclass declaring the field again (narrowing it to its table's
    choices) holds its own too."""
    classes = {s.name: s for s in ast.walk(module) if isinstance(s, ast.ClassDef)}
    derived = _derived_from(owner, {n: c for n, c in classes.items() if not _declares(c, node)})
    if isinstance(receiver, ast.Name) and receiver.id in ("self", "cls"):
        cls = enclosing_class(node, parents)
        return cls is not None and cls.name not in derived and _declares(cls, node)
    if not isinstance(receiver, ast.Name):
        return False
    stated = _stated_class(receiver.id, node, parents)
    if stated is None:
        return False
    named = {_head(n) for n in ast.walk(stated) if isinstance(n, ast.Name | ast.Attribute)} - _UNTYPED
    return bool(named) and not named & derived


def _derived_from(owner: str, classes: dict[str, ast.ClassDef]) -> set[str]:
    """The owner and the classes of the file deriving from it, directly or through each other."""
    derived = {owner}
    grew = True
    while grew:
        more = {n for n, c in classes.items() if n not in derived and any(_head(b) in derived for b in c.bases)}
        derived |= more
        grew = bool(more)
    return derived


def _declares(cls: ast.ClassDef, node: ast.AST) -> bool:
    """The class's body annotates the field the lookup reads (a dataclass or model field of its own)."""
    field = node.slice.attr if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Attribute) else ""
    return any(isinstance(s, ast.AnnAssign) and _head(s.target) == field for s in cls.body)


def _stated_class(name: str, node: ast.AST, parents: Parents) -> ast.expr | None:
    """What the enclosing function says ``name`` is: its parameter's or a local's annotation, or the class a
    local is built by (``comm = AeonCommConfig()``)."""
    scope = parents.get(id(node))
    while scope is not None and not isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
        scope = parents.get(id(scope))
    if scope is None:
        return None
    args = scope.args
    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
        if arg.arg == name:
            return arg.annotation
    for sub in ast.walk(scope):
        if isinstance(sub, ast.AnnAssign) and isinstance(sub.target, ast.Name) and sub.target.id == name:
            return sub.annotation
        if isinstance(sub, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in sub.targets):
            value = sub.value
            return value.func if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) else None
    return None


def _finding(
    trees: ThreeTrees, at: tuple[str, int], use: tuple[str, list[Choice]], w: Widened, pr_pattern: str, dispatch: bool
) -> Finding:
    """The error of a fork lookup (``use`` a table's name) or, ``dispatch``, a dispatch (``use`` what it is:
    "match", ...) that names every choice ``w`` had and fails on the ``missing`` ones upstream added."""
    path, line = at
    what, missing = use
    # the line that adds a choice names it, not always the field (an alias of the file may hold the Literal)
    added = next((m for m in missing if isinstance(m, str) and m.isidentifier()), w.field)
    commit = trees.upstream_commit(w.path, whole_word(str(added)), pr_pattern)
    widened = f"widened its Literal with {', '.join(repr(m) for m in missing)} ({w.path}{commit})"
    if dispatch:
        message = (
            f"fork-owned {what} on {w.owner}.{w.field} names every choice it had and fails on any other, but "
            f"upstream {widened}: a value the config now accepts fails here; handle the new choices, or give the "
            "dispatch a default"
        )
    else:
        message = (
            f"fork-owned lookup {what}[...{w.field}] covers every choice {w.owner}.{w.field} had, but upstream "
            f"{widened}: a request carrying one now raises KeyError here; add the new choices to {what}, or look "
            "up with .get and a default"
        )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)


def _fork_dispatches(
    module: ast.Module, owned: set[int], fields: dict[str, Widened]
) -> Iterator[tuple[int, str, list[Choice], Widened]]:
    """(line, how, choices it lacks, field) for each owned dispatch on a widened field that names every old choice
    and fails on any other: a ``match`` or an ``if``/``elif`` chain whose last branch raises, or an ``assert`` of
    membership in a display of constants."""
    parents = parent_map(module)
    classes = {n.name: n for n in ast.walk(module) if isinstance(n, ast.ClassDef)}
    for node in ast.walk(module):
        found = (
            _matched(node, parents, fields)
            if isinstance(node, ast.Match)
            else _chained(node, parents, fields)
            if isinstance(node, ast.If)
            else _asserted(node, parents, fields)
            if isinstance(node, ast.Assert)
            else None
        )
        if found is None or not isinstance(node, ast.Match | ast.If | ast.Assert):
            continue
        line, how, choices, w = found
        if line in owned and w.old <= choices and not w.new <= choices:
            if not _answered_elsewhere(node, line, w, (parents, classes)):
                yield line, how, sorted(w.new - choices, key=repr), w


def _answered_elsewhere(
    node: ast.Match | ast.If | ast.Assert,
    line: int,
    w: Widened,
    where: tuple[dict[int, ast.AST], dict[str, ast.ClassDef]],
) -> bool:
    """The dispatch never fails on a new choice, or never sees one: its failure is caught around it, its subject
    is another object (typed as another class, or ``self`` of a class of the file's own), the function stored
    the value itself before it, or an earlier test in its block answers what the old choices do not cover."""
    parents, classes = where
    read = _subject_read(_dispatch_subject(node), parents)
    if read is None:
        return False
    failure = next((n for n in ast.walk(node) if isinstance(n, ast.Raise) and n.lineno == line), None)
    caught = {"Exception", "BaseException", "AssertionError" if isinstance(node, ast.Assert) else _raised(failure)}
    if caught_around(node, frozenset(caught), parents):
        return True
    func = enclosing(node, parents)
    if _another_object(read, w, func, (parents, classes)):
        return True
    if func is not None and _stored_before(func, read, node.lineno):
        return True
    return any(_answers_new(stmt, w, parents) for stmt in _before(node, parents))


def _another_object(
    read: ast.Attribute,
    w: Widened,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    where: tuple[dict[int, ast.AST], dict[str, ast.ClassDef]],
) -> bool:
    """The read is off an object typed as another class, or off ``self`` of a class of the file that declares the
    field itself; ``self`` of a class that only copies the field onto itself still holds the widened value."""
    parents, classes = where
    owner = parents.get(id(func)) if func is not None else None
    if isinstance(read.value, ast.Name) and read.value.id == "self":
        return isinstance(owner, ast.ClassDef) and any(
            isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name) and s.target.id == w.field
            for s in owner.body
        )
    typed = typed_as(read.value, func, parents, classes)
    return bool(typed) and not any(re.search(rf"\b{w.owner}\b", t) for t in typed)


def _dispatch_subject(node: ast.Match | ast.If | ast.Assert) -> ast.expr | None:
    if isinstance(node, ast.Match):
        return node.subject
    if isinstance(node, ast.Assert):
        return node.test.left if isinstance(node.test, ast.Compare) else None
    tested = _tested_values(node.test)
    return tested[0] if tested is not None else None


def _subject_read(expr: ast.expr | None, parents: dict[int, ast.AST]) -> ast.Attribute | None:
    """The ``x.field`` read the subject is, itself or through a local its function binds once to it."""
    if isinstance(expr, ast.Name):
        func = enclosing(expr, parents)
        held = assigned(func).get(expr.id, ()) if func is not None else ()
        expr = held[0] if len(held) == 1 else expr
    return expr if isinstance(expr, ast.Attribute) else None


def _raised(failure: ast.Raise | None) -> str:
    exc = failure.exc if failure is not None else None
    return last_name(exc.func if isinstance(exc, ast.Call) else exc) if exc is not None else "BaseException"


def _stored_before(func: ast.FunctionDef | ast.AsyncFunctionDef, read: ast.Attribute, line: int) -> bool:
    """The function assigns the read itself before the dispatch: the value is the fork's own."""
    text = ast.unparse(read)
    for node in ast.walk(func):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign) and node.lineno < line:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(ast.unparse(t) == text for t in targets):
                return True
    return False


def _before(node: ast.stmt, parents: dict[int, ast.AST]) -> list[ast.stmt]:
    """The statements before ``node`` in its own block."""
    parent = parents.get(id(node))
    for block in (getattr(parent, name, None) for name in ("body", "orelse", "finalbody")):
        if isinstance(block, list) and any(s is node for s in block):
            return block[: next(i for i, s in enumerate(block) if s is node)]
    return []


def _answers_new(stmt: ast.stmt, w: Widened, parents: dict[int, ast.AST]) -> bool:
    """An ``if`` that leaves the block and tests the field with what the old choices do not settle: a new choice
    named, ``not in``/``!=``, or a method of the value (``algo.startswith("xxhash")``)."""
    if not (isinstance(stmt, ast.If) and stmt.body and isinstance(stmt.body[-1], ast.Return | ast.Raise)):
        return False
    reads = [n for n in ast.walk(stmt.test) if isinstance(n, ast.expr) and _read_field(n, w, parents)]
    if not reads:
        return False
    for node in ast.walk(stmt.test):
        if isinstance(node, ast.Constant) and node.value in w.new - w.old:
            return True
        if isinstance(node, ast.Compare) and any(isinstance(op, ast.NotIn | ast.NotEq) for op in node.ops):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.value in reads:
            return True
    return False


def _read_field(expr: ast.expr, w: Widened, parents: dict[int, ast.AST]) -> bool:
    read = _subject_read(expr, parents) if isinstance(expr, ast.Name | ast.Attribute) else None
    return read is not None and read.attr == w.field


def _matched(
    node: ast.Match, parents: dict[int, ast.AST], fields: dict[str, Widened]
) -> tuple[int, str, frozenset[Choice], Widened] | None:
    """``match x.field:`` with constant cases and a last ``case _:`` that raises."""
    w = _subject(node.subject, parents, fields)
    if w is None or not node.cases:
        return None
    *cases, last = node.cases
    wildcard = isinstance(last.pattern, ast.MatchAs) and last.pattern.pattern is None and last.guard is None
    if not wildcard or not (raised := _raise_of(last.body)):
        return None
    choices: set[Choice] = set()
    for case in cases:
        values = _pattern_values(case.pattern)
        if values is None or case.guard is not None:
            return None
        choices |= values
    return raised.lineno, "match", frozenset(choices), w


def _pattern_values(pattern: ast.pattern) -> set[Choice] | None:
    if isinstance(pattern, ast.MatchValue) and isinstance(pattern.value, ast.Constant):
        return {pattern.value.value}
    if isinstance(pattern, ast.MatchSingleton):
        return {pattern.value}
    if isinstance(pattern, ast.MatchOr):
        values = [_pattern_values(p) for p in pattern.patterns]
        return set().union(*values) if all(v is not None for v in values) else None  # type: ignore[arg-type]
    return None


def _chained(
    node: ast.If, parents: dict[int, ast.AST], fields: dict[str, Widened]
) -> tuple[int, str, frozenset[Choice], Widened] | None:
    """``if x.field == "a": ... elif x.field in ("b", "c"): ... else: raise``: the head of the chain only."""
    parent = parents.get(id(node))
    if isinstance(parent, ast.If) and parent.orelse == [node]:
        return None  # an ``elif``: its chain is read from the head
    subject: str | None = None
    field: Widened | None = None
    choices: set[Choice] = set()
    branch: ast.If | None = node
    last: list[ast.stmt] = []
    while branch is not None:
        tested = _tested_values(branch.test)
        if tested is None:
            return None
        expr, values = tested
        w = _subject(expr, parents, fields)
        if w is None or (subject is not None and ast.unparse(expr) != subject):
            return None
        subject, field, choices = ast.unparse(expr), w, choices | values
        last = branch.orelse
        branch = last[0] if len(last) == 1 and isinstance(last[0], ast.If) else None
    raised = _raise_of(last)
    if field is None or raised is None:
        return None
    return raised.lineno, "if/elif chain", frozenset(choices), field


def _tested_values(test: ast.expr) -> tuple[ast.expr, set[Choice]] | None:
    """(subject, constants) of ``subject == c``, ``subject in (c, ...)``, or an ``or`` of such on one subject."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        parts = [_tested_values(v) for v in test.values]
        if any(p is None for p in parts):
            return None
        found = [p for p in parts if p is not None]
        if len({ast.unparse(p[0]) for p in found}) != 1:
            return None
        return found[0][0], set().union(*(p[1] for p in found))
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    values = _dispatch_constants(test.comparators[0], isinstance(test.ops[0], ast.In))
    if values is None or not isinstance(test.ops[0], ast.Eq | ast.In):
        return None
    return test.left, values


def _dispatch_constants(expr: ast.expr, container: bool) -> set[Choice] | None:
    """A dispatch's constants: one constant (``==``), or a display of constants only (``in``).  Not ``_constants``
    (either shape for either operator) nor tuple_values' (constants as source text, for spellings) on purpose:
    ``x == ("a", "b")`` never holds and ``x in "ab"`` tests a substring, so the operator picks the shape."""
    if not container:
        return {expr.value} if isinstance(expr, ast.Constant) else None
    if isinstance(expr, ast.Tuple | ast.List | ast.Set) and all(isinstance(e, ast.Constant) for e in expr.elts):
        return {e.value for e in expr.elts if isinstance(e, ast.Constant)}
    return None


def _asserted(
    node: ast.Assert, parents: dict[int, ast.AST], fields: dict[str, Widened]
) -> tuple[int, str, frozenset[Choice], Widened] | None:
    """``assert x.field in ("a", "b")``."""
    test = node.test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.In)):
        return None
    values = _dispatch_constants(test.comparators[0], True)
    w = _subject(test.left, parents, fields)
    return (node.lineno, "assert", frozenset(values), w) if values is not None and w is not None else None


def _subject(expr: ast.expr, parents: dict[int, ast.AST], fields: dict[str, Widened]) -> Widened | None:
    """The widened field ``expr`` reads: ``x.field``, or a local its function binds once to such a read."""
    read = _subject_read(expr, parents)
    return fields.get(read.attr) if read is not None else None


def _raise_of(body: list[ast.stmt]) -> ast.Raise | None:
    """The ``raise`` a block ends in (an ``assert False`` too is a failure, but rarer: not read)."""
    return body[-1] if body and isinstance(body[-1], ast.Raise) else None
