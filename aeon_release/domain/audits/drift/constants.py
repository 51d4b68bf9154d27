"""Constant drift: upstream changed a constant's value; fork-owned code inlined the old value.

A constant is a module's or a class's (not an enum's: that is enum drift) UPPER_CASE name assigned a
literal.

``GREEDY_TEMPERATURE = -1`` became ``0``: a fork line ``is_greedy = metadata.temperature == -1``
merges cleanly and never matches again.  A literal is *tied* to the constant only when the code
says so: its line's comment (or a comment line just above it) names the constant, or upstream's own code at the merge base says the
same thing with the constant's name where the fork wrote the number (``temperature == -1`` where
upstream has ``temperature == GREEDY_TEMPERATURE``, ``replace_from=-1`` where it has
``replace_from=GREEDY_TEMPERATURE``, ``min(k, 64)`` where it has ``min(k, self.MAX_TOP_K)``).  A bare number elsewhere is not the constant's.
A comparison of the constant itself with its old value (``rocm_flash_attn._PARTITION_SIZE_ROCM == 512``,
512 -> 256, #12348) is tied by the comparison: it no longer holds where it did.

An attribute a class's ``__init__`` sets once to a fixed value (a literal, or a module constant's:
``self.max_parallel = 16`` became ``= GPTQ_MARLIN_24_MAX_PARALLEL``, 64, #4983) is a constant of the
class too: no caller chooses it.  A fork comparison of that attribute, read off a receiver typed as the
class (or a subclass), with its old value is tied by the comparison itself.

A method (or a function) whose whole body returns one literal and takes nothing a caller chooses is a
constant too: #29901 lowered ``GPTQMarlinConfig.get_min_capability()`` and ``AWQMarlinConfig``'s from 80 to 75,
and a fork's ``GPTQMarlinConfig.get_min_capability() == 80`` (or ``cap >= 80  # AWQMarlinConfig.
get_min_capability()``) no longer says what it did.  Its call compared with its old value is tied by the
comparison, off the class itself or a receiver typed as it (``self``/``cls`` of a class deriving from it, a
parameter annotated with it: many classes return their own value from a method of the name), unless a fork
class on the way defines the method itself; a comment ties a literal only when it names the class's method
(``Owner.name``), not the bare name.

Cheap first: the changed constants come from one RE2 scan of upstream's diff; only the fork files
whose added lines hold an old value are parsed; the ties are checked with one ``git grep``.
"""

from __future__ import annotations

import ast
import functools
import operator
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES
from aeon_release.domain.audits.drift.enums import enums_of
from aeon_release.domain.audits.drift.literals import looked_up, module_of, spelled
from aeon_release.domain.audits.drift.own_fields import ForkTypes, compared_in_scope, enclosing, set_in
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions
from aeon_release.domain.audits.merge_rules import CONSTANT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    child_blocks,
    code_lines,
    flat_statements,
    keys_given_later,
    lazy_pattern,
    parent_map,
    parse_python,
    plain_name,
    simple_assignment,
    walk_spanning,
)

# a module-level constant assignment on a diff line: ``-NAME = 1`` / ``+NAME: int = 2  # why`` (a
# pattern that starts with a newline: Python's engine skips from one newline to the next, fast)
_CONSTANT_LINE = lazy_pattern(r"\n[-+][A-Z_][A-Z0-9_]*[ \t]*(?::[^=\n]*)?=(?!=)[^\n]*")
# the same in a class body (indented); the file is then parsed on both sides to tell class constants
# from an enum's members and a function's locals
_CLASS_CONSTANT_LINE = lazy_pattern(r"\n([-+])[ \t]+([A-Z_][A-Z0-9_]*)[ \t]*(?::[^=\n]*)?=(?!=)[^\n]*")
# a literal the fork compares, assigns or passes: the only kind of line a tie can be on
# an instance attribute's assignment in a method (``self.max_parallel = 16``)
_SELF_LINE = lazy_pattern(r"\n([-+])[ \t]+self\.([a-z_][a-z0-9_]*)[ \t]*(?::[^=\n]*)?=(?!=)[^\n]*")
_FORK_LITERAL = lazy_pattern(r"(?:[=!<>]=|[<>=(,:])[ \t]*[-+]?(?:\d|[\"'])|\d[ \t]*(?:[=!<>]=|[<>])")
_Literal = int | float | str


@dataclass(frozen=True)
class Changed:
    name: str
    path: str
    old: _Literal
    new: _Literal
    owner: str = ""  # the class holding it ("" for a module constant)
    attribute: bool = False  # an instance attribute ``__init__`` fixes, not an UPPER_CASE name
    getter: bool = False  # a def that returns only the literal: its call is the constant

    @property
    def label(self) -> str:
        called = "()" if self.getter else ""
        return f"{self.owner}.{self.name}{called}" if self.owner else f"{self.name}{called}"

    @property
    def spellings(self) -> tuple[str, ...]:
        """How code names it where a literal could stand."""
        called = "()" if self.getter else ""
        if not self.owner:
            return (f"{self.name}{called}",)
        return tuple(f"{holder}.{self.name}{called}" for holder in ("self", "cls", self.owner))


@dataclass(frozen=True)
class Use:
    path: str
    line: int
    change: Changed
    upstream: tuple[str, ...]  # how upstream's code would say it with the name (none: the comment ties it)
    read: str = ""  # the attribute the literal is compared with (a fixed attribute's tie)
    itself: bool = False  # ``read`` is the constant itself (``mod.NAME == old``)
    table: str = ""  # the table whose key the literal is, looked up with ``read`` (the constant itself)


def constant_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    fork_literals = any(
        _FORK_LITERAL.search(line)
        for path in trees.mine
        if path.endswith(".py")
        for line in trees.mine[path].added.values()
    )
    changed = _changed_constants(trees) if fork_literals else []
    if not changed:
        return []
    uses = list({(u.path, u.line, u.change.name): u for u in _fork_uses(trees, changed)}.values())
    forms = sorted({form for u in uses for form in u.upstream if not _own_spelling(form)})
    said = repo.strings_present(trees.repo, trees.base, forms, [PYTHON_FILES]) if forms else frozenset()
    owners = trees.blobs(trees.base, sorted({u.change.path for u in uses if u.change.owner}))
    findings = []
    for use in uses:
        # ``self.NAME`` counts only in the owner's own file: another class may have a NAME of its own
        upstream = next(
            (f for f in use.upstream if (f in (owners.get(use.change.path) or "") if _own_spelling(f) else f in said)),
            None,
        )
        if not use.upstream or upstream is not None:
            findings.append(_finding(trees, use, upstream, pr_pattern))
    return findings


# -- upstream's side ---------------------------------------------------------------------------------
def _changed_constants(trees: ThreeTrees) -> list[Changed]:
    changed: list[Changed] = []
    for path in trees.upstream:
        if not path.endswith(".py"):
            continue
        lines = _CONSTANT_LINE.findall(trees.upstream.raw(path))
        if len(lines) < 2:
            continue
        old = dict(v for line in lines if line[1] == "-" and (v := _assigned(line[2:])))
        new = dict(v for line in lines if line[1] == "+" and (v := _assigned(line[2:])))
        changed += [
            Changed(name, path, old[name], new[name])
            for name in sorted(old.keys() & new.keys())
            if old[name] != new[name] and type(old[name]) is type(new[name])
        ]
    changed += _fixed_attributes(trees)
    changed += _returned_constants(trees)
    classy = [p for p in trees.upstream if p.endswith(".py") and _reassigned(trees.upstream.raw(p))]
    changed += [
        Changed(name, path, was, now, owner)
        for path, (owner, name), was, now in both_versions(trees, classy, _class_constants)
        if was != now and type(was) is type(now)
    ]
    return changed


def _fixed_attributes(trees: ThreeTrees) -> list[Changed]:
    """Attributes whose fixed value (``fixed_values``) the upstream diff of their file changed.  Only the
    files that reassign an attribute the fork's added lines read (``.name``) are parsed: upstream edits
    some ``self.x = ...`` line in most files a release touches."""
    names = {p: _reassigned_names(trees.upstream.raw(p)) for p in trees.upstream if p.endswith(".py")}
    wanted = set().union(*names.values()) if names else set()
    if not wanted:
        return []
    read = re.compile(r"\.(" + "|".join(sorted(wanted)) + r")\b")
    added = (line for path in trees.mine if path.endswith(".py") for line in trees.mine[path].added.values())
    seen = {m for line in added for m in read.findall(line)}
    paths = sorted(p for p, got in names.items() if got & seen)
    return [
        Changed(name, path, was, now, owner, attribute=True)
        for path, (owner, name), was, now in both_versions(trees, paths, fixed_values)
        if was != now and type(was) is type(now)
    ]


# a ``-U0`` hunk that opens by taking a ``return <literal>`` line out (after comment lines it also takes out:
# #34664 dropped "requires Blackwell (SM100)" above ``return 100``); its header names the class (the last
# unindented line above: git's default funcname) or the module function the line is in
_GETTER_HUNK = lazy_pattern(
    r"\n@@[^\n@]*@@[ \t]*(?:class|(?:async[ \t]+)?def)[ \t]+(\w+)(?!\w)[^\n]*"
    r"(?:\n-[ \t]*#[^\n]*)*\n-[ \t]+return[ \t]+[-\d\"\']"
)
_RETURN_ADDED = lazy_pattern(r"\n\+[ \t]+return[ \t]+[-\d\"\']")


def _returned_constants(trees: ThreeTrees) -> list[Changed]:
    """Defs returning only a literal whose literal the upstream diff of their file changed.  Only the files
    whose diff takes a ``return <literal>`` line out of a class (or a module function) a fork line names, and
    adds one, are parsed."""
    words = trees.fork_words()
    paths = []
    for path in trees.upstream:
        diff = trees.upstream.raw(path) if path.endswith(".py") else ""
        if "return" in diff and _RETURN_ADDED.search(diff) and not words.isdisjoint(_GETTER_HUNK.findall(diff)):
            paths.append(path)
    return [
        Changed(name, path, was, now, owner, getter=True)
        for path, (owner, name), was, now in both_versions(trees, sorted(paths), returned_values)
        if was != now and type(was) is type(now) and name in words and (owner or name) in words
    ]


def returned_values(text: str | None) -> dict[tuple[str, str], _Literal]:
    """(class, name) -> literal for each def (a class's method, or a module function with class "") whose
    body is one ``return <literal>`` (a docstring aside) and that takes nothing but ``self``/``cls``."""
    module = parse_python(text, "") if text else None
    if module is None:
        return {}
    defs = [("", stmt) for stmt in module.body]
    defs += [(cls.name, stmt) for cls in _class_defs(module.body) for stmt in cls.body]
    found: dict[tuple[str, str], _Literal] = {}
    for owner, stmt in defs:
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) or not _fixed_call(stmt, owner):
            continue
        body = stmt.body[1:] if ast.get_docstring(stmt) is not None else stmt.body
        value = body[0].value if len(body) == 1 and isinstance(body[0], ast.Return) else None
        literal = _literal(value) if value is not None else None
        if literal is not None:
            found[(owner, stmt.name)] = literal
    return found


def _fixed_call(func: ast.FunctionDef | ast.AsyncFunctionDef, owner: str) -> bool:
    """No caller chooses what ``func`` returns: no parameter but a method's ``self``/``cls``."""
    args = func.args
    params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    own = 1 if owner and params and not any(plain_name(d) == "staticmethod" for d in func.decorator_list) else 0
    return len(params) == own and args.vararg is None and args.kwarg is None


def fixed_values(text: str | None) -> dict[tuple[str, str], _Literal]:
    """(class, attribute) -> value for each attribute a class's ``__init__`` sets once, in its own body
    and nowhere else in the class, to a literal or to a module constant holding one."""
    module = parse_python(text, "") if text else None
    if module is None:
        return {}
    constants = dict(pair for stmt in module.body if None not in (pair := simple_assignment(stmt)))
    found: dict[tuple[str, str], _Literal] = {}
    for cls in _class_defs(module.body):
        init = next((f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None)
        me = init.args.args[0].arg if init is not None and init.args.args else None
        stores = Counter(
            n.attr
            for n in ast.walk(cls)
            if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and plain_name(n.value) == me
        )
        for stmt in init.body if init is not None else []:
            target, value = _self_target_value(stmt, me)
            if target is None or value is None or stores[target] != 1:
                continue
            held = constants.get(value.id) if isinstance(value, ast.Name) else value
            literal = _literal(held) if held is not None else None
            if literal is not None:
                found[(cls.name, target)] = literal
    return found


def _self_target_value(stmt: ast.stmt, me: str | None) -> tuple[str | None, ast.expr | None]:
    """``self.name = value`` (annotated or not) -> (name, value)."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target, value = stmt.targets[0], stmt.value
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        target, value = stmt.target, stmt.value
    else:
        return None, None
    if isinstance(target, ast.Attribute) and me is not None and plain_name(target.value) == me:
        return target.attr, value
    return None, None


def _reassigned_names(diff: str) -> set[str]:
    """The attributes a diff removes and adds a ``self.name = ...`` line of."""
    sides: dict[str, set[str]] = {"-": set(), "+": set()}
    for sign, name in _SELF_LINE.findall(diff):
        sides[sign].add(name)
    return sides["-"] & sides["+"]


def _reassigned(diff: str) -> bool:
    """Whether the diff removes and adds an indented ``NAME = ...`` of the same NAME: a class constant
    whose value changed shows so (two whole modules parsed and walked for every file with any two such
    lines took 1.3 s of a 1,500-commit merge's audit, most of them a constant added or removed)."""
    sides: dict[str, set[str]] = {"-": set(), "+": set()}
    for sign, name in _CLASS_CONSTANT_LINE.findall(diff):
        sides[sign].add(name)
    return not sides["-"].isdisjoint(sides["+"])


def _own_spelling(form: str) -> bool:
    return "self." in form or "cls." in form


def _class_constants(text: str | None) -> dict[tuple[str, str], _Literal]:
    """(class, NAME) -> literal for the UPPER_CASE literals assigned in class bodies; enums (as the enum
    reader sees them, subclasses of the file's own enums too, or a base named like one) left out."""
    module = parse_python(text, "") if text else None
    enums = {c.short for c in enums_of(text).values()} if text else set()
    found: dict[tuple[str, str], _Literal] = {}
    for node in _class_defs(module.body) if module is not None else ():
        if node.name in enums or any(re.search(r"(?:Enum|Flag)$", ast.unparse(b)) for b in node.bases):
            continue
        for stmt in node.body:
            target, value = simple_assignment(stmt)
            literal = _literal(value) if value is not None else None
            if target is not None and re.fullmatch(r"[A-Z_][A-Z0-9_]*", target) and literal is not None:
                found[(node.name, target)] = literal
    return found


def _class_defs(body: list[ast.stmt]) -> Iterator[ast.ClassDef]:
    """Every class statement, nested ones too, found through the statements alone (``ast.walk`` visits
    each expression node of the module as well: most of a large module's nodes)."""
    for stmt in body:
        if isinstance(stmt, ast.ClassDef):
            yield stmt
        for block in child_blocks(stmt):
            yield from _class_defs(block)


def _assigned(line: str) -> tuple[str, _Literal] | None:
    """``NAME = <number or string>`` -> (NAME, value); None for anything computed."""
    module = parse_python(line)
    if module is None or not module.body:
        return None
    stmt = module.body[0]
    target, value = simple_assignment(stmt)
    if target is None or value is None:
        return None
    literal = _literal(value)
    return (target, literal) if literal is not None else None


def _literal(node: ast.expr) -> _Literal | None:
    """A number (signed) or a string; bools and None carry no drift worth tying."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _literal(node.operand)
        return -inner if isinstance(inner, (int, float)) else None
    value = node.value if isinstance(node, ast.Constant) else None
    return value if isinstance(value, (int, float, str)) and not isinstance(value, bool) else None


# -- the fork's side ---------------------------------------------------------------------------------
def _fork_uses(trees: ThreeTrees, changed: list[Changed]) -> Iterator[Use]:
    number = re.compile("|".join(sorted({spelled(c.old) for c in changed})))
    for path in sorted(trees.mine):
        if not path.endswith(".py") or not any(number.search(t) for t in trees.mine[path].added.values()):
            continue
        text = trees.merged_text(path)
        module = trees.merged_module(path)
        if module is None:
            continue
        owned = trees.owned_lines(path)
        lines = code_lines(text or "")
        bound = _bound_once(module)
        parents = functools.cache(lambda module=module: parent_map(module))  # for a constant compared itself
        for node in ast.walk(module):
            for expr, value in _literal_places(node, bound):
                line = value.lineno
                if line in owned:
                    copy = isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is value
                    yield from _ties(path, line, _comments(lines, line, copy), expr, _literal(value), changed)
            if isinstance(node, ast.Compare) and node.lineno in owned:
                yield from _compared_itself(path, node, [c for c in changed if _reaches(module, node, c)], parents)
        yield from _keyed_tables(path, module, owned, [c for c in changed if not c.attribute], parents)
        yield from _attribute_ties(trees, path, module, owned, [c for c in changed if c.attribute])


def _attribute_ties(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], changed: list[Changed]
) -> Iterator[Use]:
    """A fork comparison of a fixed attribute, read off a receiver typed as its class, with its old value
    (not where the class of that name is the fork's own, or a fork subclass, or the function, sets the
    attribute itself)."""
    names = {c.name for c in changed}
    if not names:
        return
    parents = parent_map(module)
    fork = ForkTypes(trees, path, module, {cls.name: cls for cls in _class_defs(module.body)})
    for node in walk_spanning(module, owned):
        if not isinstance(node, ast.Compare) or node.lineno not in owned or len(node.ops) != 1:
            continue
        for read, other in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
            value = _literal(other)
            if not isinstance(read, ast.Attribute) or read.attr not in names or value is None:
                continue
            func = enclosing(node, parents)
            typed = set() if set_in(read, func) else typed_as(read.value, func, parents, fork.classes)
            for change in changed:
                if change.name == read.attr and change.owner in typed and value == change.old:
                    if _flips(node, read is node.left, change, parents) and not fork.holds(
                        change.owner, change.name, typed, change.path
                    ):
                        yield Use(path, node.lineno, change, (), ast.unparse(read))


_ORDERS = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge}


def _flips(compare: ast.Compare, read_first: bool, change: Changed, parents: dict[int, ast.AST]) -> bool:
    """The comparison of the attribute with its old value says another thing at the new value (``>= 16``
    holds at 16 and at 64: it does not), and the function it sits in (at module level: the ``or``/``and``
    it sits in) compares no read of the attribute with the new value (written for both sides)."""
    order = _ORDERS.get(type(compare.ops[0]))
    numbers = not isinstance(change.old, str) and not isinstance(change.new, str)
    if (
        order is not None
        and numbers
        and _holds(order, read_first, change.old, change.old) == _holds(order, read_first, change.new, change.old)
    ):
        return False
    read = ast.unparse(compare.left if read_first else compare.comparators[0])
    return not compared_in_scope(compare, read, parents, lambda side: _literal(side) == change.new)


def _holds(order: Callable[[float, float], bool], read_first: bool, value: _Literal, literal: _Literal) -> bool:
    """``attribute <order> literal`` (or ``literal <order> attribute``) with the attribute at ``value``."""
    a, b = float(value), float(literal)
    return order(a, b) if read_first else order(b, a)


def _bound_once(module: ast.Module) -> dict[str, list[str]]:
    """Names the file binds once (a constant of the fork's own, ``GREEDY = -1``), each with the forms of
    the comparisons the file makes with it (``temperature == {}`` for ``temperature == GREEDY``): the
    literal says what those comparisons say."""
    stores: dict[str, int] = {}
    compared: dict[str, list[str]] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and (op := _OPERATORS.get(type(node.ops[0]))):
            left, right = node.left, node.comparators[0]
            for name, other in ((right, left), (left, right)):
                if isinstance(name, ast.Name) and not isinstance(other, ast.Constant):
                    compared.setdefault(name.id, []).extend(_compared_forms(other, op))
    return {n: forms for n, forms in compared.items() if stores.get(n) == 1}


def _compared_forms(subject: ast.expr, op: str) -> list[str]:
    """How upstream writes a comparison of ``subject`` with a name: ``x == {}``; for an element of it
    (``temperature[i] == -1``), also of the whole (``temperature == {}``, as a tensor's test is written).
    A bound is one bound whichever way it is written: the fork's ``n > 32`` says what upstream's
    ``n <= MAX_SPEC_LEN`` (or ``MAX_SPEC_LEN >= n``) says, and ``!=`` what ``==`` does."""
    subjects = [_braced(subject)]
    if isinstance(subject, ast.Subscript) and not isinstance(subject.value, ast.Call):
        subjects.append(_braced(subject.value))
    family = _ORDERINGS if op in _ORDERINGS else _EQUALITIES
    forms = [f for text in subjects for o in family for f in (f"{text} {o} {{}}", f"{{}} {o} {text}")]
    if op in _EQUALITIES:  # the entries upstream pads it with: ``slot_mapping == -1`` tests for them (#6933)
        forms += [pad.format(text, "{}") for text in subjects for pad in _PADDED]
    return forms


def _literal_places(
    node: ast.AST, bound: dict[str, list[str]] | None = None
) -> Iterator[tuple[tuple[str, ...], ast.expr]]:
    """(how upstream would write it with a name in place of ``{}``, the literal) for each literal the
    node compares, assigns or passes; a keyword and an assignment of the same name say the same thing
    (``block_size=16`` where upstream has ``block_size = BLOCK_SIZE``, and back); an argument by
    position, the same call with the same arguments before it (``min(k, 64)`` where upstream has
    ``min(k, self.MAX_TOP_K)``).  An element compared (``temperature[i] == -1``) says what upstream's
    test of the whole does; ``torch.eq(x, -1)`` and ``x.eq(-1)`` are ``x == -1``; a name the file binds
    once to the literal says what its comparisons say (``bound``)."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        op = _OPERATORS.get(type(node.ops[0]))
        left, right = node.left, node.comparators[0]
        if op and _literal(right) is not None:
            yield tuple(_compared_forms(left, op)), right
        elif op and _literal(left) is not None:
            yield tuple(_compared_forms(right, op)), left  # ``-1 == x``: upstream writes ``x == NAME``
    elif isinstance(node, ast.Call):
        func = node.func
        op = _METHOD_OPERATORS.get(func.attr) if isinstance(func, ast.Attribute) and not node.keywords else None
        compared: tuple[str, ...] = ()
        if op and isinstance(func, ast.Attribute) and len(node.args) == 1:  # ``x.eq(-1)``
            compared = tuple(_compared_forms(func.value, op))
        elif op and len(node.args) == 2:  # ``torch.eq(x, -1)``
            compared = tuple(_compared_forms(node.args[0], op))
        for i, arg in enumerate(node.args):
            if _literal(arg) is not None and not any(isinstance(a, ast.Starred) for a in node.args[:i]):
                before = "".join(f"{_braced(a)}, " for a in node.args[:i])
                also = compared if i == len(node.args) - 1 else ()
                yield (f"{_braced(func)}({before}{{}}", *also), arg  # a prefix: what follows may differ
    elif isinstance(node, ast.keyword) and node.arg and _literal(node.value) is not None:
        yield (f"{node.arg}={{}}", f"{node.arg} = {{}}"), node.value
    elif isinstance(node, ast.Dict):
        yield from _entries(node)
    elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and _literal(node.value) is not None:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if len(targets) == 1 and isinstance(targets[0], ast.Name):
            also = tuple((bound or {}).get(targets[0].id, ()))  # ``GREEDY = -1`` ... ``t == GREEDY``
            yield (f"{targets[0].id} = {{}}", f"{targets[0].id}={{}}", *also), node.value
        elif len(targets) == 1 and isinstance(targets[0], ast.Attribute):
            yield (f"{_braced(targets[0])} = {{}}",), node.value
        elif len(targets) == 1 and isinstance(targets[0], ast.Subscript) and (key := _string_key(targets[0].slice)):
            yield _key_forms(key), node.value  # ``meta["version"] = 6``


def _entries(node: ast.Dict) -> Iterator[tuple[tuple[str, ...], ast.expr]]:
    """A string-keyed entry holding a literal (``{"nixl_connector_version": 6}``) says what upstream's
    entry of that key holding the constant says (``"nixl_connector_version": NIXL_CONNECTOR_VERSION``), as
    a keyword says what a keyword of its name does: the same slot of a message, a config or a call."""
    for key, value in zip(node.keys, node.values, strict=True):
        name = _string_key(key) if key is not None else None
        if name and _literal(value) is not None:
            yield _key_forms(name), value


def _string_key(node: ast.expr) -> str | None:
    value = node.value if isinstance(node, ast.Constant) else None
    return value if isinstance(value, str) and value.isidentifier() else None


def _key_forms(key: str) -> tuple[str, ...]:
    """Upstream's spellings of the key holding a name: an entry of a display, a subscript assignment, a
    ``dict(key=...)`` keyword."""
    return tuple(f"{q}{key}{q}{tail}" for q in "\"'" for tail in (": {}", "] = {}")) + (f"{key}={{}}",)


def _braced(node: ast.expr) -> str:
    """Code as text inside a ``str.format`` pattern: its own braces (a dict, a set, an f-string) doubled."""
    return ast.unparse(node).replace("{", "{{").replace("}", "}}")


# a tensor's comparison methods (``x.eq(v)``, ``torch.eq(x, v)``) as the operator upstream writes
_METHOD_OPERATORS = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
_ORDERINGS = ("<", "<=", ">", ">=")
# how upstream fills a sequence with a sentinel (``{0}`` the sequence, ``{1}`` the name): an equality test
# of the sequence with the sentinel's value looks for those entries (``slot_mapping += [_PAD_SLOT_ID] * n``)
_PADDED = ("{0} += [{1}]", "{0} + [{1}]", "{0} + [[{1}]]", "{0}.append({1})", "{0}.fill_({1})")
_EQUALITIES = ("==", "!=")
_OPERATORS: dict[type[ast.cmpop], str] = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
}


def _comments(lines: list[str], line: int, copy: bool) -> str:
    """The comment of a line, and of the comment line just above it (a fork's ``# must match NAME``) where
    the literal is a copy of the value (the whole of an assignment): above a call or a comparison, the
    comment may name the constant for another reason (``# partition is NAME; cap at 512 blocks``)."""
    text = lines[line - 1] if line <= len(lines) else ""
    above = lines[line - 2].strip() if 2 <= line <= len(lines) + 1 else ""
    own = text.split("#", 1)[1] if "#" in text else ""
    return own + " " + above if copy and above.startswith("#") else own


def _compared_itself(
    path: str, node: ast.Compare, changed: list[Changed], parents: Callable[[], dict[int, ast.AST]]
) -> Iterator[Use]:
    """``NAME == old`` (``mod.NAME``, ``Owner.NAME``, ``self.NAME`` for a class constant): the fork tests
    the constant for the value upstream took away; not a comparison that says the same at both values,
    or one whose function also tests the new value (written for both sides, as for a fixed attribute)."""
    if len(node.ops) != 1 or type(node.ops[0]) not in _OPERATORS:
        return
    for read, other in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
        value = _literal(other)
        if value is None:
            continue
        for change in changed:
            if not change.attribute and value == change.old and type(value) is type(change.old):
                if not change.getter and _local_read(read, enclosing(node, parents())):
                    continue  # a parameter or a local of the name (a peer's version), not the constant
                if _names_constant(read, change, parents(), path) and _flips(
                    node, read is node.left, change, parents()
                ):
                    yield Use(path, node.lineno, change, (), ast.unparse(read), itself=True)


def _keyed_tables(
    path: str, module: ast.Module, owned: set[int], changed: list[Changed], parents: Callable[[], dict[int, ast.AST]]
) -> Iterator[Use]:
    """``{5: "v2026.07"}[metadata.NIXL_CONNECTOR_VERSION]`` (#49230, 5 -> 6): a table the fork keyed by
    the constant's old value (a display, or a name the module binds once to one) and looks up with the
    constant itself no longer finds that entry; not a table that also holds the new value as a key
    (written for both sides, in the display or given later), nor a lookup with a parameter or a local of
    the constant's name (a peer's version)."""
    if not changed:
        return
    tables = {
        t.id: stmt.value
        for stmt in flat_statements(module.body)
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and isinstance(stmt.value, ast.Dict)
        for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
        if isinstance(t, ast.Name)
    }
    stores = Counter(n.id for n in ast.walk(module) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
    for node in ast.walk(module):
        looked = looked_up(node)
        if looked is None:
            continue
        holder, read = looked
        name = holder.id if isinstance(holder, ast.Name) and stores[holder.id] == 1 else ""
        table = tables.get(name) if name else holder if isinstance(holder, ast.Dict) else None
        if table is None:
            continue
        given = _keys_given(module, name, table, tables)
        if given is None:
            continue  # a table spread or updated from one whose keys are not known: it may hold the new value
        keys = [(k, _literal(k)) for k in table.keys if k is not None]
        for change in changed:
            if not _names_constant(read, change, parents(), path) or not _reaches(module, [_called(read)], change):
                continue
            if not change.getter and _local_read(read, enclosing(node, parents())):
                continue
            if any(_literal(k) == change.new and type(_literal(k)) is type(change.new) for k in given):
                continue
            for k, v in keys:
                if v == change.old and type(v) is type(change.old) and k.lineno in owned:
                    yield Use(path, k.lineno, change, (), ast.unparse(read), itself=True, table=name or "a table")


def _keys_given(module: ast.Module, name: str, table: ast.Dict, tables: dict[str, ast.Dict]) -> list[ast.expr] | None:
    """Every key the module's own code gives the table: its display's, those of a module table it spreads
    (``{5: ..., **_NEWER}``), and those its name is given later (``T[6] = ...``, ``T.update({6: ...})``,
    ``T.setdefault(6, ...)``); None when a spread or an update hands it keys not known here."""
    keys: list[ast.expr] = []
    for key, value in zip(table.keys, table.values, strict=True):
        spread = tables.get(value.id) if key is None and isinstance(value, ast.Name) else value
        if key is not None:
            keys.append(key)
        elif not isinstance(spread, ast.Dict) or spread is table:
            return None
        else:
            keys += [k for k in spread.keys if k is not None]
    later = keys_given_later(module, name) if name else []
    return None if later is None else keys + later


def _local_read(read: ast.expr, func: ast.FunctionDef | ast.AsyncFunctionDef | None) -> bool:
    """The read's root is a parameter or a local the function assigns (``def f(NIXL_VERSION)``, a peer's
    ``metadata.NIXL_VERSION``): not the module's constant; ``self``/``cls`` still read a class's, and a
    module the function imports is read as the top level's is."""
    root = read.value if isinstance(read, ast.Attribute) else read
    if func is None or not isinstance(root, ast.Name) or root.id in ("self", "cls"):
        return False
    params = {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
    stored = {n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return root.id in params | stored


def _reaches(module: ast.Module, reads: ast.Compare | list[ast.expr], change: Changed) -> bool:
    """The comparison (or the reads) can read ``change``'s module constant: the name it reads is not one
    the file binds itself (its own ``NAME = ...``) or imports from another module, and a
    ``holder.NAME``'s holder is not bound to another module (the fork's own kernels module pinning a
    constant of the name)."""
    if change.owner:
        return True
    home = module_of(change.path)
    for read in reads if isinstance(reads, list) else (reads.left, *reads.comparators):
        root = read.value if isinstance(read, ast.Attribute) and read.attr == change.name else read
        if not isinstance(root, ast.Name) or (root is read and read.id != change.name):
            continue
        bound = _top_binding(module, root.id)
        if bound is not None and bound != (f"{home}.{change.name}" if root is read else home):
            return False
    return True


def _top_binding(module: ast.Module, name: str) -> str | None:
    """What the file's top level binds ``name`` to: the dotted name it imports (``from a import b`` ->
    ``a.b``, ``import a.b as n`` -> ``a.b``), "" for its own assignment, None when it binds none."""
    for stmt in flat_statements(module.body):
        if isinstance(stmt, ast.Import):
            bound = [a.name for a in stmt.names if (a.asname or a.name) == name]
        elif isinstance(stmt, ast.ImportFrom) and stmt.module and not stmt.level:
            bound = [f"{stmt.module}.{a.name}" for a in stmt.names if (a.asname or a.name) == name]
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            bound = [""] if any(isinstance(t, ast.Name) and t.id == name for t in targets) else []
        else:
            bound = []
        if bound:
            return bound[0]
    return None


def _called(read: ast.expr) -> ast.expr:
    """What a call without arguments calls (``Owner.get_min_capability()``), else the read itself."""
    return read.func if isinstance(read, ast.Call) and not read.args and not read.keywords else read


def _names_constant(read: ast.expr, change: Changed, parents: dict[int, ast.AST], path: str) -> bool:
    """``read`` is the constant: its name, ``holder.NAME``; a getter's call (only a call: ``Owner.f`` alone
    is the method), off ``Owner`` itself (upstream's: not a namesake of the fork's) or off ``self``/``cls`` in a
    class deriving from ``Owner``."""
    if change.getter != (_called(read) is not read):
        return False
    read = _called(read)
    if isinstance(read, ast.Name):
        return not change.owner and read.id == change.name
    if not isinstance(read, ast.Attribute) or read.attr != change.name:
        return False
    holder = (plain_name(read.value) or "").rsplit(".", 1)[-1]
    if change.getter and holder != change.owner:
        return _typed_owner(read, change, parents)
    if change.owner and isinstance(read.value, ast.Name) and read.value.id == change.owner:
        return path == change.path or not _namesake(_module_above(read, parents), change)
    return not change.owner or holder in (change.owner, "self", "cls")


def _module_above(node: ast.AST, parents: dict[int, ast.AST]) -> ast.Module | None:
    top = node
    while (up := parents.get(id(top))) is not None:
        top = up
    return top if isinstance(top, ast.Module) else None


def _namesake(module: ast.Module | None, change: Changed) -> bool:
    """The file's ``Owner`` is not upstream's class: the file defines a class of the name itself, or imports
    the name from a module that is neither the owner's nor a package above it (a fork module's stand-in).
    ``Owner.NAME`` and ``Owner.f()`` then read the fork's own value."""
    if module is None:
        return False
    if any(c.name == change.owner for c in _class_defs(module.body)):
        return True
    bound = _top_binding(module, change.owner)
    if not bound:
        return bound == ""  # the file's own assignment of the name
    home = module_of(change.path)
    source = bound.rsplit(".", 1)[0]
    return not bound.endswith(f".{change.owner}") or not (home == source or home.startswith(source + "."))


def _typed_owner(read: ast.Attribute, change: Changed, parents: dict[int, ast.AST]) -> bool:
    """``x.f()`` with ``x`` typed as the getter's class (``self``/``cls`` of a class deriving from it, a
    parameter annotated with it), where no class of the file on the way defines ``f`` itself (the fork's own
    value)."""
    top = _module_above(read, parents)
    classes = {c.name: c for c in _class_defs(top.body)} if top is not None else {}
    holder = read.value
    if isinstance(holder, ast.Name) and holder.id == "cls":
        holder = ast.Name("self", ast.Load())  # a classmethod's ``cls`` is its class, as ``self`` is
    typed = typed_as(holder, enclosing(read, parents), parents, classes)
    own = any(
        isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name == change.name
        for name in typed & classes.keys()
        for f in classes[name].body
    )
    return change.owner in typed and not own


def _ties(
    path: str, line: int, comment: str, forms: tuple[str, ...], value: _Literal | None, changed: list[Changed]
) -> Iterator[Use]:
    for change in changed:
        if value is None or value != change.old or type(value) is not type(change.old):
            continue
        named = f"{change.owner}.{change.name}" if change.getter and change.owner else change.name
        if re.search(rf"\b{re.escape(named)}\b", comment):
            yield Use(path, line, change, ())
        elif forms:
            yield Use(path, line, change, tuple(form.format(n) for form in forms for n in change.spellings))


# -- the finding -------------------------------------------------------------------------------------
def _finding(trees: ThreeTrees, use: Use, upstream: str | None, pr_pattern: str) -> Finding:
    c = use.change
    # a positional argument's form is a prefix of the call (``min(k, self.MAX_TOP_K``): shown as one
    shown = upstream + " ...)" if upstream and upstream.count("(") > upstream.count(")") else upstream
    how = (
        f"upstream's own code says `{shown}`"
        if upstream
        else f"a key of {use.table} looked up with {use.read}"
        if use.table
        else f"compared with {use.read} itself"
        if use.itself
        else f"compared with {use.read}, which {c.owner}.__init__ fixes"
        if use.read
        else f"its comment names {c.label if c.getter else c.name}"
    )
    message = (
        f"fork-owned literal {c.old!r} stands for {c.label} ({how}), but upstream changed {c.label} from "
        f"{c.old!r} to {c.new!r} ({c.path}{_commit(trees, c, pr_pattern)}): "
        + (
            "the lookup no longer finds this entry"
            if use.table
            else "the comparison no longer holds where it did"
            if use.read
            else f"use {c.label} instead of the literal"
        )
    )
    return Finding(RULE, "merge", Severity.ERROR, use.path, use.line, message)


def _commit(trees: ThreeTrees, change: Changed, pr_pattern: str) -> str:
    """The newest upstream commit whose diff of the file changed the constant's line."""
    if change.getter:
        return trees.upstream_commit(
            change.path, rf"^[[:space:]]+return[[:space:]]+{re.escape(repr(change.new))}", pr_pattern
        )
    indent = "[[:space:]]+self\\." if change.attribute else "[[:space:]]+" if change.owner else ""
    return trees.upstream_commit(change.path, rf"^{indent}{re.escape(change.name)}[[:space:]]*(:[^=]*)?=", pr_pattern)
