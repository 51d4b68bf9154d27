"""A fork line on the path for a release without a member the merge adds: left behind, a warning.

A fork that bridges an upstream rename tests for the new member and keeps the old spelling for the release
without it: ``if hasattr(Qwen3NextGatedDeltaNet, "_forward_core"): return self._forward_core(*args)`` then
``return self._forward(*args)`` (#28083 renamed ``_forward``), or ``factory = getattr(model,
"make_empty_intermediate_tensors", None)`` then ``factory if factory is not None else
model.make_empty_intmd_tensors`` (#27968).  After the merge the old spelling never runs, yet the checks that
see a use of a gone member report it as an error.

A member upstream's diff defines on an added line and on no removed one (``def NAME(``, ``class NAME``,
``self.NAME =``, ``NAME =``) is there after the merge, so a probe of it answers True: ``hasattr(x, "NAME")``,
``getattr(x, "NAME", None)`` (tested ``is None``, ``is not None``, by truth or ``callable``), ``not``/``and``/
``or`` of such, a walrus of one, a name bound once to one (or a class attribute read off ``self``), a function
of the module that only returns one, and ``"NAME" in inspect.signature(f).parameters`` for a parameter upstream
adds.  A probe of a member upstream removed answers False when the merged file names it nowhere and has no
``__getattr__`` to answer it.  An error on a line the answer keeps off the path that runs -- the branch of an
``if`` or a conditional expression its test does not take, after an ``if`` whose test holds and whose taken
branch always leaves, past a short-circuit (``getattr(x, "new", None) or x.old``), or in an ``except
AttributeError`` whose ``try`` reads the added member, in a test a ``skipif`` of the probe skips (review70) -- is
made a warning that says why.  The branch that runs
keeps its errors (``if build is None: return`` then the old read; ``if not OLD:`` with ``OLD = not
hasattr(...)``), as does the probe's own line.

Pure but for reading the merged tree and upstream's diff: findings in, findings out.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace

from aeon_release.domain.audits.drift.gated_lines import demotable
from aeon_release.domain.audits.drift.sides import Changes
from aeon_release.domain.audits.merge_rules import ENUM_DRIFT
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import SourceCache, last_name, parent_map

_PROBES = frozenset({"hasattr", "getattr"})
# checks of what a literal means (an enum's old number), never of whether a member is there
_VALUE_RULES = frozenset({ENUM_DRIFT})


def probed_warnings(findings: list[Finding], tree: SourceCache, upstream: Changes) -> list[Finding]:
    """``findings`` with each merge drift error on a line a probe of a member upstream added leaves behind made
    a warning that says which."""
    asked: dict[str, set[int]] = {}
    for finding in findings:
        if demotable(finding):
            asked.setdefault(finding.path, set()).add(finding.line)
    if not asked:
        return findings
    gated = {path: _probed_lines(tree, path, lines, upstream) for path, lines in asked.items()}
    return [
        replace(f, severity=Severity.WARNING, message=f"{f.message}{gated[f.path][f.line][0]}")
        if demotable(f) and f.line in gated[f.path] and (f.rule_id in _VALUE_RULES or not gated[f.path][f.line][1])
        else f
        for f in findings
    ]


def _probed_lines(
    tree: SourceCache, path: str, lines: set[int], upstream: Changes
) -> dict[int, tuple[str, frozenset[str]]]:
    """Which of ``lines`` of the merged ``path`` sit on a path a probe of a member upstream added leaves
    behind: the path for a release without the member (-> why)."""
    module = tree.module(path)
    if not isinstance(module, ast.Module):
        return {}
    probes = [(node, name) for node in ast.walk(module) if (name := _probed(node)) is not None]
    tried = {name for node in ast.walk(module) if isinstance(node, ast.Try) for name in _tried(node)}
    added = {name for name in {name for _, name in probes} | tried if _added(upstream, name)}
    asked = {name for node, name in probes if isinstance(node, ast.Compare)}  # the signature probes among them
    added |= {name for name in asked - added if _added(upstream, name, _parameter(name))}
    removed = {name for name in {name for _, name in probes} - added if _gone(tree, upstream, name)}
    if not added and not removed:
        return {}  # the common case: the file probes no member the merge adds or removes
    parents = parent_map(module)
    reader = _Truth(module, added, removed)
    # a probe of a removed member answers False from now on: an error on its own line may be about that (the
    # default it now always hands back), so those lines are left as they are
    silenced = {line for node, name in probes if name in removed for line in _lines(node)}
    # a conditional expression's arms share its probe's line: a finding there may be about the probe itself (a
    # member upstream moved off the probed class, named again elsewhere: ``_added`` reads the name, not the
    # class), unless its check asks what a literal means, never whether a member is there (review70: #40860's
    # ``Mode(9) if hasattr(Mode, "NEW") else Mode(8)``, the old number on the arm not taken)
    shared: dict[int, set[str]] = {}
    for node, name in probes:
        if isinstance(up := parents.get(id(node)), ast.IfExp) and up.test is node:
            for line in _lines(node):
                shared.setdefault(line, set()).add(name)
    gated: dict[int, tuple[str, frozenset[str]]] = {}
    for node in ast.walk(module):
        if (
            isinstance(node, ast.stmt | ast.expr)
            and node.lineno in lines
            and node.lineno not in gated
            and node.lineno not in silenced
        ):
            if (name := _left_behind(node, parents, reader)) is not None:
                release, change = ("without", "adds") if name in added else ("with", "removes")
                gated[node.lineno] = (
                    f" (on the fork's path for a release {release} {name}, which upstream {change} in this merge: "
                    f"that path no longer runs; check the other one is right)",
                    frozenset(shared.get(node.lineno, ())),
                )
    return gated


def _left_behind(node: ast.AST, parents: dict[int, ast.AST], reader: _Truth) -> str | None:
    """The probed member whose test keeps ``node`` off the path that runs after the merge: ``node`` in the
    branch of an ``if`` (or a conditional expression) its test does not take, or after an ``if`` of its block
    whose test holds and whose body always leaves."""
    child, up = node, parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.If | ast.IfExp) and child is not up.test:
            taken, name = reader.truth(up.test)
            in_body = any(child is b for b in up.body) if isinstance(up.body, list) else child is up.body
            if taken is not None and in_body != taken:
                return name
        if isinstance(up, ast.BoolOp) and (stopped := _short_circuited(child, up, reader)) is not None:
            return stopped
        if isinstance(up, ast.Try) and isinstance(child, ast.ExceptHandler) and _catches_attribute_error(child):
            tried = next((n for n in sorted(_tried(up)) if n in reader.added), None)
            if tried is not None:
                return tried
        if isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and any(child is b for b in up.body):
            skipped = next((n for d in up.decorator_list if (n := _skipped_by(d, reader)) is not None), None)
            if skipped is not None:
                return skipped
        if isinstance(child, ast.stmt):
            for earlier in _earlier(child, up):
                if isinstance(earlier, ast.If):
                    taken, name = reader.truth(earlier.test)
                    if taken is not None and _leaves(earlier.body if taken else earlier.orelse):
                        return name
        child, up = up, parents.get(id(up))
    return None


# a test's skip decorators, and the answer of their condition that skips it
_SKIPS = {"skipif": True, "skipIf": True, "skipUnless": False}


def _skipped_by(decorator: ast.expr, reader: _Truth) -> str | None:
    """The probed member whose answer skips the decorated test: ``@pytest.mark.skipif(hasattr(C, "new"), ...)``
    (``unittest.skipIf``/``skipUnless`` alike) keeps the old release's test off the run once the merge adds it."""
    if not isinstance(decorator, ast.Call) or not decorator.args:
        return None
    skips = _SKIPS.get(last_name(decorator.func) or "")
    if skips is None:
        return None
    taken, name = reader.truth(decorator.args[0])
    return name if taken is not None and taken == skips else None


def _lines(node: ast.AST) -> range:
    start = getattr(node, "lineno", 0)
    return range(start, (getattr(node, "end_lineno", None) or start) + 1)


def _short_circuited(child: ast.AST, chain: ast.BoolOp, reader: _Truth) -> str | None:
    """The probed member whose answer stops ``chain`` before ``child``: ``getattr(x, "new", None) or x.old``
    never reads ``x.old`` once ``new`` is there, nor does ``not hasattr(x, "new") and x.old``."""
    later = next((i for i, value in enumerate(chain.values) if value is child), 0)
    for earlier in chain.values[:later]:
        if isinstance(chain.op, ast.Or) and _valued_getattr(earlier, child):
            continue  # ``getattr(obj, "new", None) or ...`` stops on the value, which may be false (a property)
        taken, name = reader.truth(earlier)
        if taken is not None and taken == isinstance(chain.op, ast.Or):
            return name
    return None


def _valued_getattr(probe: ast.AST, read: ast.AST) -> bool:
    """``probe`` is ``getattr(obj, "name", default)`` off another object than ``read``'s: in an ``or`` it
    answers with the member's value, not its presence, and a member of another object may be a false value
    (a flag, a property).  Off the same object the fork's bridge reads the new spelling of the old one."""
    if not (isinstance(probe, ast.Call) and isinstance(probe.func, ast.Name) and probe.func.id == "getattr"):
        return False
    receiver = ast.unparse(probe.args[0]) if probe.args else ""
    return not (isinstance(read, ast.Attribute) and ast.unparse(read.value) == receiver)


def _tried(node: ast.Try) -> set[str]:
    """The members the body of a ``try`` with an ``except AttributeError`` reads: once the merge adds one, the
    read succeeds and the handler (the old release's spelling) no longer runs."""
    if not any(_catches_attribute_error(handler) for handler in node.handlers):
        return set()
    return {n.attr for stmt in node.body for n in ast.walk(stmt) if isinstance(n, ast.Attribute)}


def _catches_attribute_error(handler: ast.ExceptHandler) -> bool:
    caught = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(c, ast.Name) and c.id == "AttributeError" for c in caught)


def _earlier(stmt: ast.stmt, parent: ast.AST) -> list[ast.stmt]:
    """The statements before ``stmt`` in its block of ``parent``."""
    for field in ("body", "orelse", "finalbody"):
        block = getattr(parent, field, None)
        if isinstance(block, list):
            for i, sibling in enumerate(block):
                if sibling is stmt:
                    return block[:i]
    return []


def _leaves(block: list[ast.stmt]) -> bool:
    return bool(block) and isinstance(block[-1], ast.Return | ast.Raise | ast.Continue | ast.Break)


class _Truth:
    """What a test of the fork's reads after the merge, where it asks only whether a member upstream added is
    there: ``hasattr(x, "new")``, ``getattr(x, "new", None)`` (``is None``, ``is not None``, ``callable(...)``),
    ``not``, ``and``/``or`` of such, a walrus of one, a name bound once to one (also a class attribute read off
    ``self`` or ``cls`` that nothing assigns), and a call of a function of the module that only returns one.
    (None, "") for anything else."""

    def __init__(self, module: ast.Module, added: set[str], removed: set[str]) -> None:
        self.added, self.removed = added, removed
        self.bindings: dict[str, list[ast.expr | None]] = {}
        self.assigned: set[str] = set()  # attributes some line assigns: a class attribute of the name may change
        defined: dict[str, list[ast.FunctionDef | ast.AsyncFunctionDef]] = {}
        for node in ast.walk(module):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                self.bindings.setdefault(node.id, []).append(None)
            elif isinstance(node, ast.arg):
                self.bindings.setdefault(node.arg, []).append(None)
            elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                self.assigned.add(node.attr)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                defined.setdefault(node.name, []).append(node)
        # a helper defined once in the file (a name defined twice answers by whichever def ran last: unknown)
        self.returns = {
            name: answer
            for name, functions in defined.items()
            if len(functions) == 1 and (answer := _only_return(functions[0])) is not None
        }
        for node in ast.walk(module):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                self.bindings[node.targets[0].id] = [node.value] * len(self.bindings[node.targets[0].id])

    def truth(self, test: ast.expr, depth: int = 0) -> tuple[bool | None, str]:
        if depth > 4:
            return None, ""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            value, name = self.truth(test.operand, depth + 1)
            return (None if value is None else not value), name
        if isinstance(test, ast.BoolOp):
            answers = [self.truth(v, depth + 1) for v in test.values]
            if any(value is None for value, _ in answers):
                return None, ""
            values = [bool(value) for value, _ in answers]
            return (all(values) if isinstance(test.op, ast.And) else any(values)), answers[0][1]
        if (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Is | ast.IsNot)
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value is None
        ):
            value, name = self.present(test.left, depth + 1)
            return (None if value is None else value == isinstance(test.ops[0], ast.IsNot)), name
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "callable":
            return self.present(test.args[0], depth + 1) if len(test.args) == 1 else (None, "")
        return self.present(test, depth + 1)

    def present(self, expr: ast.expr, depth: int) -> tuple[bool | None, str]:
        """Whether ``expr`` holds the member (True after the merge) for a probe of one upstream added."""
        name = _probed(expr)
        if name is not None:
            default = expr.args[2] if isinstance(expr, ast.Call) and len(expr.args) == 3 else None
            falsy = default is None or (isinstance(default, ast.Constant) and not default.value)
            if not falsy:
                return None, ""
            return (True, name) if name in self.added else (False, name) if name in self.removed else (None, "")
        if isinstance(expr, ast.NamedExpr):
            return self.present(expr.value, depth + 1)
        if isinstance(expr, ast.Call) and not expr.args and not expr.keywords:
            called = _own(expr.func)
            if called is not None and called in self.returns:
                return self.truth(self.returns[called], depth + 1)
        named = expr.id if isinstance(expr, ast.Name) else _own(expr)
        if named is not None and (isinstance(expr, ast.Name) or named not in self.assigned):
            bound = self.bindings.get(named, [])
            if len(bound) == 1 and bound[0] is not None:
                return self.truth(bound[0], depth + 1)
        return None, ""


def _own(expr: ast.expr) -> str | None:
    """The name a call or read of the module's own spells: ``name`` or ``self.name``/``cls.name``."""
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id in ("self", "cls"):
        return expr.attr
    return None


def _only_return(function: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.expr | None:
    """What ``function`` returns when its body (past a docstring) is one ``return`` and it takes nothing but
    ``self``/``cls``: a helper that names a probe."""
    args = function.args
    taken = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    if args.vararg or args.kwarg or taken not in ([], ["self"], ["cls"]) or function.decorator_list:
        return None
    body = function.body[1:] if ast.get_docstring(function) is not None else function.body
    return body[0].value if len(body) == 1 and isinstance(body[0], ast.Return) else None


def _probed(node: ast.AST) -> str | None:
    """The member ``hasattr(x, "name")`` or ``getattr(x, "name", default)`` probes, or the parameter
    ``"name" in inspect.signature(f).parameters`` does (a parameter is defined on its own line too)."""
    if isinstance(node, ast.Compare):
        return _signature_probe(node)
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _PROBES
        and len(node.args) == (2 if node.func.id == "hasattr" else 3)
    ):
        return None
    name = node.args[1]
    return name.value if isinstance(name, ast.Constant) and isinstance(name.value, str) else None


def _signature_probe(node: ast.Compare) -> str | None:
    if not (len(node.ops) == 1 and isinstance(node.ops[0], ast.In) and isinstance(node.left, ast.Constant)):
        return None
    where = node.comparators[0]
    if isinstance(where, ast.Call) and isinstance(where.func, ast.Attribute) and where.func.attr == "keys":
        where = where.func.value  # .parameters.keys()
    if not (isinstance(where, ast.Attribute) and where.attr == "parameters" and isinstance(where.value, ast.Call)):
        return None
    func = where.value.func
    called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    return node.left.value if called == "signature" and isinstance(node.left.value, str) else None


def _parameter(name: str) -> re.Pattern[str]:
    """A parameter ``name`` on a line of its own (``name: int,``) or in a one-line ``def``: a local of the name
    (``name = ...``) is no parameter, so a signature's new parameter the function once computed still counts."""
    escaped = re.escape(name)
    return re.compile(rf"^\s*{escaped}\s*[:,]|\bdef \w+\([^)]*\b{escaped}\s*[:,=)]")


def _added(upstream: Changes, name: str, defines: re.Pattern[str] | None = None) -> bool:
    """Upstream's diff defines ``name`` (a member, or what ``defines`` reads) on an added line of a file and on no
    removed line of it."""
    return bool(_defining(upstream, name, defines))


def _gone(tree: SourceCache, upstream: Changes, name: str) -> bool:
    """Upstream's diff defines ``name`` on a removed line of a file and on no added one, and the merged file no
    longer names it at all: no re-export, no other definition, and no ``__getattr__`` that could answer a probe
    of it (a class of that file making names up answers ``hasattr`` True)."""
    paths = _defining(upstream, name, None, removing=True)
    named = re.compile(rf"\b{re.escape(name)}\b|\bdef __getattr__\b")
    return bool(paths) and not any(named.search(tree.text(path) or "") for path in paths)


def _defining(upstream: Changes, name: str, defines: re.Pattern[str] | None, *, removing: bool = False) -> list[str]:
    """The files whose diff defines ``name`` on an added line and on no removed one (``removing``: the other way
    round)."""
    if not name.isidentifier():
        return []
    escaped = re.escape(name)
    if defines is None:
        defines = re.compile(rf"(?:\bdef |\bclass ){escaped}\b|(?:\bself\.|^\s*){escaped}\s*(?::|=(?!=))")
    found = []
    for path in upstream.matching(re.compile(rf"\b{escaped}\b"), ".py"):
        change = upstream[path]
        added, removed = list(change.added.values()), change.removed
        if removing:
            added, removed = removed, added
        if any(defines.search(line) for line in added) and not any(defines.search(line) for line in removed):
            found.append(path)
    return found
