"""Enum drift: upstream changed a member's value; fork-owned code still uses the old number.

Upstream's side: the Python files it changed where a changed line looks like a class-body
assignment and the file defines an enum; their enums are computed at the base and at upstream
(:mod:`.enums`).  The fork's side: the files it changed whose added lines hold one of the old
numbers and that reference the class; only those are parsed (:mod:`.literals`).  In a file that
never names the enum, a literal compared with a parameter of its function is tied when a caller
(found by ``git grep`` on either side, read merged) passes the enum for that parameter.

A member added is drift too where upstream's own code lists members: #273 added
``SequenceStatus.FINISHED_IGNORED`` and put it in ``is_finished``'s list of finished states.  A fork
display (tuple, list, set, a dict's keys) of exactly the members upstream's list held before (two or
more) is the fork's copy of that list, and now misses the new member: a warning, as the fork may mean
to leave it out.  An error where the file tests a parameter typed as the enum against that copy, bound
to a module-level name, or looks it up there (``status in AEON_FINISHED``, ``_AEON_REASON[status]``):
a value that may be the new member, for which the fork's answer now differs from upstream's list.
#26813 added ``FinishReason.ERROR`` and ``RequestStatus.FINISHED_ERROR`` (put in upstream's own map of
finished statuses): a fork table keyed by *every* member the enum had at the base (``{STOP: 200, LENGTH:
200, ABORT: 499}``) is the fork's exhaustive copy of the enum, read the same way; and a ``match`` whose
cases (no wildcard) name exactly such a list's members is one more copy -- an error where its subject is
a parameter typed as the enum (the new member falls through every case), else a warning.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace

from aeon_release.domain.audits.diffs import ENUM_WORDS
from aeon_release.domain.audits.drift.enums import EnumClass, Renumbered, enums_of, renumbered
from aeon_release.domain.audits.drift.fallbacks import handler_catches
from aeon_release.domain.audits.drift.literals import (
    ArgPass,
    IndexTie,
    ParamCompare,
    Tie,
    arg_passes,
    callee_ties,
    find_ties,
    index_ties,
    param_compares,
    passed_ties,
    references,
    spelled,
)
from aeon_release.domain.audits.drift.own_fields import ForkTypes, enclosing, file_classes
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import Changes, ThreeTrees
from aeon_release.domain.audits.merge_rules import ENUM_DRIFT as DRIFT
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    last_name,
    lazy_pattern,
    own_scope_nodes,
    parent_map,
    parse_python,
    walk_spanning,
)

Blobs = Callable[[str, list[str]], Mapping[str, str | None]]  # (rev, paths) -> texts

# A changed line that can change a member's value: ``NAME = <int>``, ``= auto()``, ``= A | B``, or an
# UPPER_CASE member inserted or removed (which shifts the auto() members after it).
_MEMBER_LINE = lazy_pattern(
    r"^[ \t]+(?:[A-Z][A-Z0-9_]*[ \t]*(?::[^=\n]*)?=(?!=)|\w+[ \t]*(?::[^=\n]*)?=[ \t]*"
    r"(?:[-+(]*\d|(?:enum\.)?auto\(|[A-Z_]\w*[ \t]*[|&<]))",
    re.M,
)
# The same, on a diff's own lines (an added or removed line: its text after the ``+`` or ``-``), from the
# newline before it (a file's diff opens with its header line): a fast scan finds a newline, where ``^``
# under re.M is tried at every character.
_MEMBER_DIFF_LINE = lazy_pattern("\n[-+]" + _MEMBER_LINE.pattern.removeprefix("^"))
_ENUM_CLASS = lazy_pattern(r"^[ \t]*class[ \t]+\w+[ \t]*\([^)]*(?:Enum|Flag)\b", re.M)


def enum_drift(trees: ThreeTrees) -> list[Finding]:
    return enum_drift_covering(trees)[0]


def enum_drift_covering(trees: ThreeTrees) -> tuple[list[Finding], dict[str, list[tuple[int, int]]]]:
    """The findings, and the enum classes (path -> line spans) whose near misses they explain."""
    changes, unknown = upstream_renumbered(trees)
    fork_members, aliases = fork_members_moved(trees)
    changes += fork_members
    findings: list[Finding] = [finding for finding, _ in aliases]
    covered: dict[str, list[tuple[int, int]]] = {}
    for finding, span in aliases:
        covered.setdefault(finding.path, []).append(span)
    if changes:
        ties = list({(t.path, t.line): t for t in reversed(list(fork_ties(trees, changes)))}.values())[::-1]
        findings += [_tie_finding(t) for t in ties]
        findings += [_index_finding(t) for t in fork_tables(trees, changes)]
    findings += list(_unknown_warnings(trees, unknown))
    findings += _grown_sets(trees)
    return findings, covered


# -- a member added to a list of members upstream keeps ---------------------------------------------------
@dataclass(frozen=True)
class Grown:
    """A display of an enum's members upstream's file held at the base, and the members it gained."""

    enum: str  # the class's short name
    path: str
    before: frozenset[str]  # the member names the display held
    added: frozenset[str]
    whole: bool = False  # ``before`` is every member the enum had (no display of upstream's own)
    family: str = ""  # ``before`` is every member the enum had whose name starts so (``FINISHED_``), #35451
    # (class, attribute) pairs upstream's file types as the enum (``self.status = RequestStatus.WAITING`` in
    # ``Request.__init__``): ``request.status`` of a ``request: Request`` is a value of the enum
    fields: frozenset[tuple[str, str, str]] = frozenset()  # (class, attribute, the enum it holds)


_MEMBER_READ = lazy_pattern(r"\b([A-Z]\w*)\.[A-Z][A-Z0-9_]*\b")


def _grown_sets(trees: ThreeTrees) -> list[Finding]:
    reads = Counter(
        m
        for p in trees.mine
        if p.endswith(".py")
        for line in trees.mine[p].added.values()
        for m in _MEMBER_READ.findall(line)
    )
    listed = {name for name, count in reads.items() if count >= 2}  # a display of members names its class twice
    listed |= _tested_classes(trees)  # ``if b == A.X: ... else: ...``: one test stands for the rest
    grown = _upstream_grown(trees, listed) if listed else []
    if not grown:
        return []
    named = re.compile(r"\b(?:" + "|".join(sorted({re.escape(g.enum) for g in grown})) + r")\.")
    findings = []
    for path, module, owned in fork_modules(trees, named.search):
        fork = ForkTypes(trees, path, module, {c.name: c for c in file_classes(module.body)})
        parents: dict[int, ast.AST] | None = None
        annotated: frozenset[str] | None = None
        for node in walk_spanning(module, owned):
            line = getattr(node, "lineno", 0)
            matched = _match_listed(node) if line in owned and isinstance(node, ast.Match) else None
            held = matched or (_members_listed(node) if line in owned else None)
            hit = next((g for g in grown if held is not None and held == (g.enum, g.before)), None)
            # not the fork's own enum of the name (defined in the file, or in a module it added)
            if hit is None or (path != hit.path and fork.owns(hit.enum)):
                continue
            if isinstance(node, ast.Match):
                parents = parents if parents is not None else parent_map(module)
                typed = _typed_subject(node, enclosing(node, parents), hit.enum)
                findings.append(_grown_match_finding(path, line, hit, typed))
            else:
                bound = _bound_name(module, node)
                annotated = _annotated(module) if annotated is None else annotated
                typed = _may_type(annotated, hit)
                uses = sorted({use for use in _typed_uses(module, node, bound, hit) if use in owned}) if typed else []
                if line not in uses:  # the display used on its own line: the error says it all
                    findings.append(_grown_finding(path, line, hit))
                findings += [_grown_use_finding(path, use, hit, bound or "the display") for use in uses]
        findings += _chain_findings(path, module, owned, grown, fork)
        findings += _default_findings(path, module, owned, grown, fork)
    return findings


_MEMBER_TESTED = lazy_pattern(r"(?:==|!=|\bis)\s+([A-Z]\w*)\.[A-Z][A-Z0-9_]*\b")


def _tested_classes(trees: ThreeTrees) -> set[str]:
    """Classes a line the fork added compares a value with a member of (``backend == E.CUTLASS``)."""
    return {
        m
        for p in trees.mine
        if p.endswith(".py")
        for line in trees.mine[p].added.values()
        for m in _MEMBER_TESTED.findall(line)
    }


@dataclass(frozen=True)
class _Default:
    """``if s == A.X: return ...`` (or ``elif``s), then an ``else`` or the code after it: the rest of A."""

    func: ast.FunctionDef | ast.AsyncFunctionDef
    subject: ast.expr
    held: tuple[str, frozenset[str]]
    rest: ast.stmt


def _default_findings(
    path: str, module: ast.Module, owned: set[int], grown: list[Grown], fork: ForkTypes
) -> list[Finding]:
    """#25990 added ``FlashinferMoeBackend.CUTEDSL`` to a two-member enum: a fork's ``if backend ==
    FlashinferMoeBackend.CUTLASS: return 128`` ``else: return 64  # TENSORRT_LLM`` tests every member but one,
    and the code after the tests stood for that one; the new member now takes it too.  A warning: the rest may
    be a default the fork meant for any other member."""
    findings = []
    for chain in (c for c in _defaults(module) if c.rest.lineno in owned):
        enum, named = chain.held
        hit = next((g for g in grown if g.whole and g.enum == enum and len(g.before - named) == 1), None)
        if hit is None or not named < hit.before or (path != hit.path and fork.owns(hit.enum)):
            continue
        if _names_new(chain.func, hit):
            continue  # the function tests the new member itself
        new = ", ".join(f"{hit.enum}.{m}" for m in sorted(hit.added))
        (missing,) = hit.before - named
        message = (
            f"fork-owned chain of tests of {ast.unparse(chain.subject)} names every {hit.enum} member but "
            f"{missing} ({hit.path}), so the code after it stood for {hit.enum}.{missing}: upstream added {new}, "
            f"which now takes that path too; test {hit.enum}.{missing} itself, or confirm the rest is meant for {new}"
        )
        findings.append(Finding(DRIFT, "merge", Severity.WARNING, path, chain.rest.lineno, message))
    return findings


def _defaults(module: ast.Module) -> Iterator[_Default]:
    """Each chain of member tests of one subject, each leaving, followed by code that does not raise."""
    # an ``elif`` is a link of the chain above it, found from its first test (never a chain of its own)
    elifs = {id(n.orelse[0]) for n in ast.walk(module) if isinstance(n, ast.If) and len(n.orelse) == 1}
    for func in (n for n in ast.walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        for block in (b for n in (func, *own_scope_nodes(func)) if n is func or not _scoped(n) for b in _blocks(n)):
            for i, stmt in enumerate(block):
                if id(stmt) in elifs or (i and _tests_of(block[i - 1], [])[0]):
                    continue  # inside a chain that starts higher up: found from its first test
                tests, rest = _tests_of(stmt, block[i + 1 :])
                if not tests or not rest or isinstance(rest[0], ast.Raise):
                    continue
                reads = [m for _, ms in tests for m in ms]
                owners = {r.value.id for r in reads if isinstance(r, ast.Attribute) and isinstance(r.value, ast.Name)}
                plain = all(isinstance(r, ast.Attribute) and isinstance(r.value, ast.Name) for r in reads)
                if len({ast.dump(s) for s, _ in tests}) == 1 and plain and len(owners) == 1:
                    held = (owners.pop(), frozenset(r.attr for r in reads if isinstance(r, ast.Attribute)))
                    yield _Default(func, tests[0][0], held, rest[0])


@dataclass(frozen=True)
class _Chain:
    """``if s in (A.X, A.Y): ...`` / ``if s == A.Z: ...`` (or ``elif``), each test's body leaving, then a ``raise``."""

    func: ast.FunctionDef | ast.AsyncFunctionDef
    subject: ast.expr
    held: tuple[str, frozenset[str]]
    raised: ast.Raise


def _chain_findings(
    path: str, module: ast.Module, owned: set[int], grown: list[Grown], fork: ForkTypes
) -> list[Finding]:
    """#35451: a fork's if-chain over every ``FINISHED_`` member that raises on the rest raises for the new one:
    an error where the subject is a value of the enum (``_valued``), else a warning."""
    findings = []
    for chain in (c for c in _chains(module) if c.raised.lineno in owned):
        hit = next((g for g in grown if (g.enum, g.before) == chain.held), None)
        if hit is None or (path != hit.path and fork.owns(hit.enum)):
            continue
        if _names_new(chain.func, hit):
            continue  # the function tests the new member itself (``getattr(E, "NEW", None)``): handled first
        new = ", ".join(f"{hit.enum}.{m}" for m in sorted(hit.added))
        typed = _valued(chain.func, hit)(chain.subject) and _sure(hit)
        message = (
            f"fork-owned chain of tests of {ast.unparse(chain.subject)} over {hit.enum} members "
            f"({', '.join(sorted(hit.before))}) names {_listed_before(hit, new)}: {new} now reaches this raise"
            + ("" if typed else ", if the value can be one")
            + "; add a test for it, or return for the rest"
        )
        findings.append(
            Finding(DRIFT, "merge", Severity.ERROR if typed else Severity.WARNING, path, chain.raised.lineno, message)
        )
    return findings


def _scoped(node: ast.AST) -> bool:
    return isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda)


def _chains(module: ast.Module) -> Iterator[_Chain]:
    """Each chain of member tests of one subject that ends in a ``raise``, in the module's functions."""
    for func in (n for n in ast.walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        # its own scope only: a nested def's chain is the nested def's, not found again for each enclosing one
        for block in (b for n in (func, *own_scope_nodes(func)) if n is func or not _scoped(n) for b in _blocks(n)):
            for i, stmt in enumerate(block):
                tests, rest = _tests_of(stmt, block[i + 1 :])
                if len(tests) < 2 or not (rest and isinstance(rest[0], ast.Raise)):
                    continue
                subjects = {ast.dump(subject) for subject, _ in tests}
                held = _members_listed(ast.Tuple(elts=[m for _, reads in tests for m in reads]))
                if len(subjects) == 1 and held is not None:
                    yield _Chain(func, tests[0][0], held, rest[0])


def _blocks(node: ast.AST) -> list[list[ast.stmt]]:
    return [b for b in (getattr(node, f, None) for f in ("body", "orelse", "finalbody")) if isinstance(b, list)]


def _tests_of(stmt: ast.stmt, after: list[ast.stmt]) -> tuple[list[tuple[ast.expr, list[ast.expr]]], list[ast.stmt]]:
    """The (subject, member reads) of ``stmt``'s if-chain (consecutive leaving ``if``s, or ``elif``s) and the
    statements that follow it (an ``else`` block's, or the block's next ones)."""
    tests: list[tuple[ast.expr, list[ast.expr]]] = []
    while isinstance(stmt, ast.If) and (test := _member_test(stmt.test)) is not None and _leaves(stmt.body):
        tests.append(test)
        if len(stmt.orelse) == 1 and isinstance(stmt.orelse[0], ast.If):
            stmt = stmt.orelse[0]
        elif stmt.orelse:
            return tests, stmt.orelse
        elif after:
            stmt, after = after[0], after[1:]
            if not isinstance(stmt, ast.If):
                return tests, [stmt, *after]
        else:
            return tests, []
    return tests, []


def _member_test(test: ast.expr) -> tuple[ast.expr, list[ast.expr]] | None:
    """(subject, member reads) of ``s == A.X``, ``s is A.X`` or ``s in (A.X, A.Y)``."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return None
    op, right = test.ops[0], test.comparators[0]
    if isinstance(op, (ast.Eq, ast.Is)) and isinstance(right, ast.Attribute):
        return test.left, [right]
    if isinstance(op, ast.In) and isinstance(right, (ast.Tuple, ast.List, ast.Set)):
        return test.left, list(right.elts)
    return None


def _leaves(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise, ast.Continue, ast.Break))


def _match_listed(node: ast.Match) -> tuple[str, frozenset[str]] | None:
    """(the class, its member names) of a ``match`` whose cases are all ``Class.MEMBER`` values (or ``|``
    of them) of one class, two or more, with no wildcard or capture (a default case decides the rest)."""
    reads: list[ast.expr] = []
    for case in node.cases:
        patterns = case.pattern.patterns if isinstance(case.pattern, ast.MatchOr) else [case.pattern]
        if not all(isinstance(p, ast.MatchValue) for p in patterns):
            return None
        reads += [p.value for p in patterns if isinstance(p, ast.MatchValue)]
    return _members_listed(ast.Tuple(elts=reads))


def _typed_subject(node: ast.Match, func: ast.FunctionDef | ast.AsyncFunctionDef | None, enum: str) -> bool:
    """The match's subject is a parameter of its function annotated as ``enum``."""
    if func is None or not isinstance(node.subject, ast.Name):
        return False
    args = func.args.posonlyargs + func.args.args + func.args.kwonlyargs
    return any(a.arg == node.subject.id and a.annotation is not None and _names_class(a.annotation, enum) for a in args)


def _bound_name(module: ast.Module, display: ast.AST) -> str | None:
    """The module-level name a display is assigned to alone (``AEON_FINISHED = (...)``)."""
    for stmt in module.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is display:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            if len(targets) == 1 and isinstance(targets[0], ast.Name):
                return targets[0].id
    return None


def _annotated(module: ast.Module) -> frozenset[str]:
    """The classes the module's function parameters are annotated as (``_class_named``): ``_typed_uses`` finds a
    value of the enum only off a parameter annotated as the enum or as a class of a field holding it (``_valued``
    starts from those), so where none is, it need not walk every function of the file once per display (mend61).
    Read once per file; the enum's name is no text gate here, since the import that brings it names it too."""
    return frozenset(
        _class_named(a.annotation)
        for func in ast.walk(module)
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef)
        for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)
        if a.annotation is not None
    )


def _may_type(annotated: frozenset[str], grown: Grown) -> bool:
    """Some parameter is annotated as the enum, or as a class of a field holding it (``_annotated``)."""
    return grown.enum in annotated or any(cls in annotated for cls, _, enum in grown.fields if enum == grown.enum)


def _typed_uses(module: ast.Module, display: ast.AST, bound: str | None, grown: Grown) -> list[int]:
    """Lines where a value typed as the enum is tested against, or looks up, the display or the name it is bound
    to (``status in AEON_FINISHED``, ``_AEON_REASON[status]``, ``{...}[status]``): a value that may be the new
    member.  The value is a parameter annotated as the enum, or a field upstream's file types as it read off a
    parameter annotated as the field's class (``request.status`` of ``request: Request``)."""

    def is_display(node: ast.expr) -> bool:
        return node is display or (isinstance(node, ast.Name) and node.id == bound)

    lines: list[int] = []
    for func in ast.walk(module):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        enum_valued = _valued(func, grown)
        for node in ast.walk(func):
            if (
                isinstance(node, ast.Compare)
                and len(node.ops) == 1
                and isinstance(node.ops[0], (ast.In, ast.NotIn))
                and enum_valued(node.left)
                and is_display(node.comparators[0])
            ) or (
                isinstance(node, ast.Subscript)
                and isinstance(node.ctx, ast.Load)
                and is_display(node.value)
                and enum_valued(node.slice)
            ):
                lines.append(node.lineno)
    return lines


def _valued(func: ast.FunctionDef | ast.AsyncFunctionDef, grown: Grown) -> Callable[[ast.expr], bool]:
    """Whether an expression of ``func`` is a value of the grown enum: a parameter annotated as it, a field
    upstream's file types as it read off a parameter annotated as the field's class, or a local bound once to
    either (``status = request.status``)."""
    fields = {(cls, attr) for cls, attr, enum in grown.fields if enum == grown.enum}
    args = func.args.posonlyargs + func.args.args + func.args.kwonlyargs
    typed = {a.arg for a in args if a.annotation is not None and _names_class(a.annotation, grown.enum)}
    holders = {a.arg: _class_named(a.annotation) for a in args if a.annotation is not None}
    stores = Counter(n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
    typed |= {
        node.targets[0].id
        for node in ast.walk(func)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and stores[node.targets[0].id] == 1
        and _enum_valued(node.value, typed, holders, fields)
    }
    return lambda node: _enum_valued(node, typed, holders, fields)


def _enum_valued(node: ast.expr, typed: set[str], holders: dict[str, str], fields: set[tuple[str, str]]) -> bool:
    """``status`` of a parameter ``typed`` as the enum, or ``request.status``: a field ``fields`` types as the enum
    read off a parameter annotated as its class (``holders``: parameter -> the class its annotation names)."""
    if isinstance(node, ast.Name):
        return node.id in typed
    if not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Name):
        return False
    holder = holders.get(node.value.id)
    return holder is not None and (holder, node.attr) in fields


def _class_named(annotation: ast.expr) -> str:
    """``Request`` for ``Request``, ``"Request"``, ``mod.Request``."""
    text = annotation.value if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str) else ""
    return (text or ast.unparse(annotation)).rsplit(".", 1)[-1]


def _names_class(annotation: ast.expr, name: str) -> bool:
    """``SequenceStatus``, ``"SequenceStatus"``, ``mod.SequenceStatus`` (not a container of it)."""
    return _class_named(annotation) == name


def _upstream_grown(trees: ThreeTrees, listed: set[str]) -> list[Grown]:
    """Displays of members at upstream that are a base display of the same file plus members upstream
    added to the enum (the enum defined in that file, one of the ``listed`` classes the fork names)."""
    candidates = trees.upstream.matching(_MEMBER_DIFF_LINE, ".py", within=trees.python_files_with(ENUM_WORDS))
    theirs = trees.blobs(trees.theirs, candidates)
    header = re.compile(r"^[ \t]*class[ \t]+(?:" + "|".join(sorted(map(re.escape, listed))) + r")\b", re.M)
    candidates = [p for p in candidates if _ENUM_CLASS.search(theirs[p] or "") and header.search(theirs[p] or "")]
    base = trees.blobs(trees.base, candidates)
    grown: list[Grown] = []
    for path in candidates:
        old, new = enums_of(base[path] or ""), enums_of(theirs[path] or "")
        added = {c.short: frozenset(new[n].members) - frozenset(c.members) for n, c in old.items() if n in new}
        added = {name: members for name, members in added.items() if members}
        if not added:
            continue
        fields = _enum_fields(parse_python(theirs[path] or "", path))
        for name, old_class in old.items():
            # every member the enum had: the fork's exhaustive copy of it (#26813)
            if old_class.short in added and name in new and len(old_class.members) >= 2:
                everything = frozenset(old_class.members)
                grown.append(Grown(old_class.short, path, everything, added[old_class.short], True, fields=fields))
                grown += _families(old_class.short, path, everything, added[old_class.short], fields)
        before = _displays(base[path] or "", path)
        for enum, members in _displays(theirs[path] or "", path):
            new_ones = members & added.get(enum, frozenset())
            if new_ones and len(members - new_ones) >= 2 and (enum, members - new_ones) in before:
                grown.append(Grown(enum, path, members - new_ones, new_ones, fields=fields))
    return grown


def _families(
    enum: str, path: str, members: frozenset[str], added: frozenset[str], fields: frozenset[tuple[str, str, str]]
) -> list[Grown]:
    """#35451 added ``RequestStatus.FINISHED_REPETITION`` after ``FINISHED_STOPPED`` .. ``FINISHED_ERROR``: a fork
    display of every ``FINISHED_`` member (``status in AEON_FINISHED``) is its copy of that family, and misses the
    new one.  A family is the members sharing the new member's first word (two or more, not every member)."""
    found = []
    for prefix in sorted({m.split("_", 1)[0] + "_" for m in added if "_" in m.strip("_")}):
        family = frozenset(m for m in members if m.startswith(prefix))
        if len(family) >= 2 and family != members:
            new = frozenset(m for m in added if m.startswith(prefix))
            found.append(Grown(enum, path, family, new, family=prefix, fields=fields))
    return found


def _enum_fields(module: ast.Module | None) -> frozenset[tuple[str, str, str]]:
    """(class, attribute, enum) of each ``self.attr = Enum.MEMBER`` or ``self.attr: Enum = ...`` in a class."""
    found: set[tuple[str, str, str]] = set()
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)) if module is not None else ():
        for node in ast.walk(cls):
            if isinstance(node, ast.AnnAssign):
                target: ast.expr = node.target
                held = _class_named(node.annotation)
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Attribute):
                target, read = node.targets[0], node.value.value
                held = read.id if isinstance(read, ast.Name) else ""
            else:
                continue
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                found.add((cls.name, target.attr, held))
    return frozenset(found)


def _displays(text: str, path: str) -> set[tuple[str, frozenset[str]]]:
    module = parse_python(text, path)
    return {held for node in ast.walk(module) if (held := _members_listed(node))} if module is not None else set()


def _members_listed(node: ast.AST) -> tuple[str, frozenset[str]] | None:
    """(the class, its member names) of a tuple, list or set display (or a dict's keys) of two or more
    ``Class.MEMBER`` reads of one class and nothing else."""
    elements = (
        node.keys
        if isinstance(node, ast.Dict)
        else node.elts
        if isinstance(node, (ast.Tuple, ast.List, ast.Set))
        else []
    )
    reads = [e for e in elements if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name)]
    owners = {r.value.id for r in reads if isinstance(r.value, ast.Name)}
    if len(elements) < 2 or len(reads) != len(elements) or len(owners) != 1:
        return None
    return owners.pop(), frozenset(r.attr for r in reads)


def _grown_finding(path: str, line: int, grown: Grown) -> Finding:
    new = ", ".join(f"{grown.enum}.{m}" for m in sorted(grown.added))
    message = (
        f"fork-owned list of {grown.enum} members ({', '.join(sorted(grown.before))}) holds "
        f"{_listed_before(grown, new)}: the fork's copy misses {new}; add it, or confirm it is left out on purpose"
    )
    return Finding(DRIFT, "merge", Severity.WARNING, path, line, message)


def _listed_before(grown: Grown, new: str) -> str:
    if grown.family:
        return f"every {grown.family}* member {grown.enum} had before upstream added {new} ({grown.path})"
    if grown.whole:
        return f"every member {grown.enum} had before upstream added {new} ({grown.path})"
    return f"the members upstream's {grown.path} listed before upstream added {new} to the enum and to its own list"


def _grown_match_finding(path: str, line: int, grown: Grown, typed: bool) -> Finding:
    new = ", ".join(f"{grown.enum}.{m}" for m in sorted(grown.added))
    message = (
        f"fork-owned match over {grown.enum} members ({', '.join(sorted(grown.before))}) names "
        f"{_listed_before(grown, new)}: {new} now falls through every case"
        + (f" of a value typed {grown.enum}" if typed else "")
        + "; add a case for it, or a default"
    )
    return Finding(DRIFT, "merge", Severity.ERROR if typed and _sure(grown) else Severity.WARNING, path, line, message)


def _sure(grown: Grown) -> bool:
    """A family of two is a pair the fork may name on purpose (review79: #28973 added
    ``WAITING_FOR_STREAMING_REQ`` after ``WAITING_FOR_FSM`` and ``WAITING_FOR_REMOTE_KVS``, the two waits a fork
    polls): its copy is a doubt, a warning.  Three or more, or every member, is a copy of the whole."""
    return not grown.family or len(grown.before) > 2


def _names_new(func: ast.AST, grown: Grown) -> bool:
    """``func`` names a member upstream added: ``E.NEW``, or ``"NEW"`` (``getattr(E, "NEW", None)``)."""
    return any(
        (isinstance(n, ast.Attribute) and n.attr in grown.added)
        or (isinstance(n, ast.Constant) and n.value in grown.added)
        for n in ast.walk(func)
    )


def _grown_use_finding(path: str, line: int, grown: Grown, bound: str | None) -> Finding:
    new = ", ".join(f"{grown.enum}.{m}" for m in sorted(grown.added))
    message = (
        f"fork-owned use of {bound}, the fork's copy of {_listed_before(grown, new)}, with a value typed "
        f"{grown.enum}: for {new} the test now answers otherwise than upstream's enum does (a lookup fails); add "
        f"{new}, or test with upstream's own list"
        + ("" if _sure(grown) else " (a pair of the family: it may be named on purpose)")
    )
    return Finding(DRIFT, "merge", Severity.ERROR if _sure(grown) else Severity.WARNING, path, line, message)


def upstream_renumbered(trees: ThreeTrees) -> tuple[list[Renumbered], list[EnumClass]]:
    """Members whose value differs between the base and upstream, in the files upstream changed."""
    return renumbered_upstream(
        trees.upstream, trees.python_files_with(ENUM_WORDS), trees.blobs, trees.base, trees.theirs
    )


def renumbered_upstream(
    upstream: Changes, enum_files: frozenset[str], blobs: Blobs, base_rev: str, theirs_rev: str
) -> tuple[list[Renumbered], list[EnumClass]]:
    """:func:`upstream_renumbered` from its parts."""
    # a file can define an enum class only if it says "Enum" or "Flag" (_ENUM_CLASS): git finds those
    candidates = upstream.matching(_MEMBER_DIFF_LINE, ".py", within=enum_files)
    theirs = blobs(theirs_rev, candidates)
    candidates = [p for p in candidates if _ENUM_CLASS.search(theirs[p] or "")]
    base = blobs(base_rev, candidates)
    changes: list[Renumbered] = []
    unknown: list[EnumClass] = []
    for path in candidates:
        if base[path] and _ENUM_CLASS.search(base[path] or ""):
            found, odd = renumbered(path, base[path] or "", theirs[path] or "")
            changes += found
            unknown += odd
    return changes, unknown


def fork_members_moved(trees: ThreeTrees) -> tuple[list[Renumbered], list[tuple[Finding, tuple[int, int]]]]:
    """Members the fork added to an enum that upstream changed too: their value after the merge.

    An ``auto()`` member the fork appended moves when upstream inserts one before it; an explicit
    value the fork chose can be the value upstream gave its own new member, and the merge then
    makes the fork's member an alias of upstream's (Python keeps the first).
    """
    both = [
        p
        for p in sorted(trees.mine.keys() & trees.upstream.keys())
        if p.endswith(".py") and _MEMBER_LINE.search("\n".join(trees.mine[p].texts()))
    ]
    moved: list[Renumbered] = []
    aliases: list[tuple[Finding, tuple[int, int]]] = []
    for path in both:
        texts = [trees.blobs(rev, [path])[path] or "" for rev in (trees.base, trees.ours, trees.theirs)]
        merged = trees.merged_text(path) or ""
        if not all(_ENUM_CLASS.search(t) for t in (*texts, merged)):
            continue
        base, ours, theirs, after = (enums_of(t) for t in (*texts, merged))
        for name, cls in after.items():
            added = [
                m
                for m in ours.get(name, EnumClass(name, cls.kind, False)).members
                if m not in base.get(name, EnumClass(name, cls.kind, False)).members
            ]
            moved += _moved(path, ours.get(name), cls, added)
            aliases += _aliases(path, cls, added, theirs.get(name), base.get(name))
    return moved, aliases


def _moved(path: str, ours: EnumClass | None, after: EnumClass, added: list[str]) -> list[Renumbered]:
    if ours is None:
        return []
    return [
        Renumbered(path, after, m, old, after.members.get(m))
        for m in added
        if type(old := ours.members.get(m)) is int and after.members.get(m) != old
    ]


def _aliases(
    path: str, after: EnumClass, added: list[str], theirs: EnumClass | None, base: EnumClass | None
) -> Iterator[tuple[Finding, tuple[int, int]]]:
    upstream_new = [m for m in (theirs.members if theirs else {}) if m not in (base.members if base else {})]
    for mine in added:
        for other in upstream_new:
            value = after.members.get(mine)
            if value is not None and value == after.members.get(other) and mine != other:
                first, second = sorted((mine, other), key=lambda m: after.lines.get(m, 0))
                span = (min(after.lines.values()), max(after.lines.values()))
                yield (
                    Finding(
                        DRIFT,
                        "merge",
                        Severity.ERROR,
                        path,
                        after.lines.get(mine, 0),
                        f"{after.short}.{mine} (the fork's) and {after.short}.{other} (upstream's) are both "
                        f"{shown(value)} after the merge: {after.short}.{second} is now an alias of "
                        f"{after.short}.{first}; give the fork's member a free value",
                    ),
                    span,
                )


def fork_ties(trees: ThreeTrees, changes: list[Renumbered]) -> Iterator[Tie]:
    number = re.compile("|".join(sorted({spelled(c.old) for c in changes})))
    compares: list[ParamCompare] = []
    passes: list[ArgPass] = []
    for path, change in sorted(trees.mine.items()):
        if not path.endswith(".py") or not any(number.search(t) for t in change.added.values()):
            continue
        text = trees.merged_text(path)
        module = trees.merged_module(path) if text else None  # parsed once for every check that reads it
        if not text or module is None:
            continue
        # the fork's own enum of the name (defined in the file, or imported from a module it added) is not upstream's
        named = [c for c in changes if not _fork_namesake(trees, path, module, c)]
        # a string member's value is tied only in a file that names the class itself
        relevant = [c for c in named if references(text, c) and (isinstance(c.old, int) or _names(text, c))]
        if relevant:
            fallbacks = _fallback_lines(module, relevant)
            for tie in find_ties(path, text, module, trees.owned_lines(path), relevant):
                yield replace(tie, fallback=True) if tie.line in fallbacks.get(tie.change.enum.short, ()) else tie
        if len(relevant) < len(named):  # the file never names the others: its parameters may carry them
            olds: set[int | str] = {c.old for c in named if c not in relevant and isinstance(c.old, int)}
            compares += param_compares(path, text, module, trees.owned_lines(path), olds) if olds else []
        ints: set[int | str] = {c.old for c in changes if isinstance(c.old, int)}
        passes += arg_passes(path, module, trees.owned_lines(path), ints) if ints else []  # one tie a line
    if compares:
        yield from _passed(trees, compares, changes)
    if passes:
        yield from _callee_ties(trees, passes, changes)


def _fork_namesake(trees: ThreeTrees, path: str, module: ast.Module, change: Renumbered) -> bool:
    """The file's name of the enum is the fork's own class (its own ``class Mode(IntEnum)``, or one imported
    from a module the fork added): a literal tied to that name is tied to the fork's members, not upstream's."""
    if path == change.path or change.enum.short not in {c.name for c in file_classes(module.body)} | _imported_names(
        module
    ):
        return False
    return ForkTypes.of(trees, path, module).owns(change.enum.short)


def _imported_names(module: ast.Module) -> set[str]:
    return {
        a.asname or a.name for n in ast.walk(module) if isinstance(n, ast.ImportFrom) for a in n.names if a.name != "*"
    }


# what building an enum from a value it does not hold raises (``Mode(9)``: ValueError; ``Mode["X"]``: KeyError)
_LOOKUP_ERRORS = frozenset({"ValueError", "KeyError", "LookupError", "Exception", "BaseException"})


def _fallback_lines(module: ast.Module, changes: list[Renumbered]) -> dict[str, set[int]]:
    """enum's short name -> the lines of each ``except`` (of what a failed lookup raises) whose ``try`` builds that
    enum from a value or a name first: the fork's path for a release without that value (``try: k = Mode(8)``,
    ``except ValueError: k = Mode(6)``), which never runs once the try's value is a member."""
    shorts = {c.enum.short for c in changes}
    found: dict[str, set[int]] = {}
    for node in ast.walk(module):
        if not isinstance(node, ast.Try):
            continue
        built = {name for stmt in node.body for n in ast.walk(stmt) if (name := _built_from_literal(n))} & shorts
        for handler in node.handlers if built else ():
            if handler_catches(handler.type, _LOOKUP_ERRORS):
                lines = set(range(handler.lineno, (handler.end_lineno or handler.lineno) + 1))
                for short in built:
                    found.setdefault(short, set()).update(lines)
    return found


def _built_from_literal(node: ast.AST) -> str | None:
    """``Mode(8)`` or ``Mode["CUSTOM"]``: the class built from a literal alone, which fails only on a release
    without that member (``Mode(int(raw))`` may fail on its input: a fallback for that is a default, still tied)."""
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        literal = isinstance(node.args[0], ast.Constant)
        return last_name(node.func) if literal else None
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return last_name(node.value)
    return None


def fork_tables(trees: ThreeTrees, changes: list[Renumbered]) -> Iterator[IndexTie]:
    """Positional tables the fork indexes by a renumbered enum (only files whose added lines index
    something and that reference the enum are parsed)."""
    for path, change in sorted(trees.mine.items()):
        if not path.endswith(".py") or not any("[" in t for t in change.added.values()):
            continue
        text = trees.merged_text(path)
        relevant = [c for c in changes if text and references(text, c)]
        module = trees.merged_module(path) if relevant else None
        if text and module is not None:
            yield from index_ties(path, text, module, trees.owned_lines(path), relevant)


def _index_finding(tie: IndexTie) -> Finding:
    first = tie.changes[0]
    short = first.enum.short
    moved = ", ".join(f"{c.member} {c.old!r} -> {c.new!r}" for c in tie.changes[:4])
    moved += ", ..." if len(tie.changes) > 4 else ""
    message = (
        f"fork-owned {tie.table}[{tie.key}] indexes a {tie.size}-entry table by {short}'s old values, but upstream "
        f"renumbered {short} ({first.path}: {moved}): the lookup now picks another entry (or raises); key the "
        f"table by member ({{{short}.{first.member}: ...}}) or lay it out for the new values"
    )
    return Finding(DRIFT, "merge", Severity.ERROR, tie.path, tie.line, message)


def _names(text: str, change: Renumbered) -> bool:
    return re.search(rf"\b{re.escape(change.enum.short)}\b", text) is not None


def _passed(trees: ThreeTrees, compares: list[ParamCompare], changes: list[Renumbered]) -> Iterator[Tie]:
    """The fork's literals compared with a parameter, tied by a caller (either side's file, read merged)
    that passes the enum for it; one finding a line."""
    names = tuple(sorted({c.function for c in compares}))
    seen: set[tuple[str, int]] = set()
    for path in sorted(trees.files_naming(names)):
        text, module = trees.merged_text(path), trees.merged_module(path)
        relevant = [c for c in changes if text and references(text, c)]
        for tie in passed_ties(path, text or "", module, compares, relevant) if relevant and module else []:
            if (tie.path, tie.line) not in seen:
                seen.add((tie.path, tie.line))
                yield tie


def _callee_ties(trees: ThreeTrees, passes: list[ArgPass], changes: list[Renumbered]) -> Iterator[Tie]:
    """The fork's literals passed to an imported function whose parameter takes a renumbered enum
    (its module's file read merged; a package's ``__init__.py`` re-export followed once)."""
    by_module: dict[str, list[ArgPass]] = {}
    for passed in passes:
        by_module.setdefault(passed.module, []).append(passed)
    for dotted, group in sorted(by_module.items()):
        for path in _module_files(trees, dotted, group):
            text, module = trees.merged_text(path), trees.merged_module(path)
            relevant = [c for c in changes if text and references(text, c)]
            if text and module is not None and relevant:
                yield from callee_ties(path, text, module, group, relevant)


def _module_files(trees: ThreeTrees, dotted: str, group: list[ArgPass]) -> list[str]:
    """The merged files that may define ``group``'s callees in module ``dotted``: its own file, and the
    module a name it re-exports comes from (``from .ops import pick`` in a package's ``__init__.py``)."""
    stem = dotted.replace(".", "/")
    for path in (f"{stem}.py", f"{stem}/__init__.py"):
        text = trees.merged_text(path)
        if text is None:
            continue
        found = [path]
        for name in sorted({p.function for p in group}):
            hop = re.search(rf"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t][^\n]*\b{re.escape(name)}\b", text, re.M)
            if hop is not None:
                package = dotted if path.endswith("__init__.py") else dotted.rpartition(".")[0]
                for _ in range(len(hop.group(1)) - 1):
                    package = package.rpartition(".")[0]
                source = f"{package}.{hop.group(2)}" if hop.group(1) else hop.group(2)
                found += [p for p in (f"{source.replace('.', '/')}.py",) if trees.merged_text(p) is not None]
        return found
    return []


def shown(value: object) -> str:
    """A member's value as a message says it: ``4``, ``flash``; bytes as written (``b'\\x02'``)."""
    return repr(value) if isinstance(value, bytes) else str(value)


def _tie_finding(tie: Tie) -> Finding:
    change = tie.change
    now = "removed upstream" if change.new is None else f"is {change.new!r} now"
    meaning = change.enum.member_of(change.old)
    instead = (
        f"; {shown(change.old)} is {change.enum.short}.{meaning} now" if meaning and meaning != change.member else ""
    )
    fix = (
        f"use {change.label} instead of the literal" if tie.fix is None else f"fix: `{tie.fix.old}` -> `{tie.fix.new}`"
    )
    message = (
        f"fork-side literal {change.old!r} means {change.label} ({tie.how}), but {change.label} {now} "
        f"(upstream changed {change.path}: {change.old!r} -> {change.new!r}{instead}): {fix}"
    )
    if tie.fallback:
        # the fork's fallback for a release without the value its try builds first: it never runs once that is a member
        message += (
            f"; it runs only where the try above it fails to build {change.enum.short} from another value (a "
            f"release without it): check that value is the one upstream gives {change.label} now"
        )
        return Finding(DRIFT, "merge", Severity.WARNING, tie.path, tie.line, message, fix=tie.fix)
    return Finding(DRIFT, "merge", Severity.ERROR, tie.path, tie.line, message, fix=tie.fix)


def _unknown_warnings(trees: ThreeTrees, unknown: list[EnumClass]) -> Iterator[Finding]:
    """A changed enum with a custom ``_generate_next_value_``: say so when fork code references it."""
    for cls in unknown:
        users = [p for p in sorted(trees.mine) if p.endswith(".py") and cls.short in (trees.merged_text(p) or "")]
        if users:
            yield Finding(
                DRIFT,
                "merge",
                Severity.WARNING,
                users[0],
                0,
                f"upstream changed {cls.name} but {cls.unknown}; check the fork's raw uses of it",
            )
