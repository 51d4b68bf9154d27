"""A method upstream removed and stopped calling by name, that fork code still calls by name.

#21585 replaced ``Worker.get_supported_pooling_tasks`` with ``get_supported_tasks`` and, in the same change,
its own ``self.collective_rpc("get_supported_pooling_tasks")`` with ``collective_rpc("get_supported_tasks")``.
The model runners keep a method of the old name (the worker's called it), so the word lives on in upstream's
tree and name drift, which claims only names upstream no longer mentions anywhere, says nothing.  A fork's
``executor.collective_rpc("get_supported_pooling_tasks")`` merges cleanly and fails in every worker with
AttributeError: a dispatcher looks the name up on the object it sends it to, and the class that had the
method has it no more.

Upstream's side, cheap first: a fork-added line passes a quoted word as a call's argument; upstream's diff
of a Python file removed a ``def`` of that word inside a class (a method; a module function is name drift's)
and a line quoting the word (its own by-name call of it); upstream's tree (its tests aside) quotes the word
nowhere any more, yet still holds it as a word (a namesake elsewhere: else name drift reports the read).
The class that lost the method, read off the base file, must lack the name at upstream through its whole
order (an inherited or re-added method still answers the call), as merged.

The fork's side: a call on a line the fork wrote whose callee hands that argument, a few calls deep, to a
``getattr`` (``dispatch.Dispatchers``), naming the method.  Quiet: a fork line that defines a method of the
name itself (the fork's worker keeps it), binds it (a shim ``Worker.name = Worker.new``, an alias in its
worker's class body) or sets it on an object (``setattr(Worker, "name", fn)``), a call in a ``try`` catching
AttributeError (or Exception), a call under ``hasattr(..., "name")`` or past a failed ``hasattr`` test (a
version gate).  A warning, not an error, when the call hands the dispatcher the object too (``run_method(
self.model_runner, "name", ...)``: the runner may keep the name) or the dispatcher is the fork's own (its
``getattr`` looks up on an object of its choosing).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES, TEST_FOLDERS
from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.dispatch import Dispatchers
from aeon_release.domain.audits.drift.fallbacks import caught_around, runs_tested
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found
from aeon_release.domain.audits.merge_rules import NAME_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parse_python, str_value

# a quoted word passed as an argument: ``f("name")``, ``f(x, "name", ...)``, ``f(method="name")``
_PASSED = lazy_pattern(r"""(?:[(,]|\w=)\s*[rbuRBU]?["']([A-Za-z_]\w{3,})["']\s*[,)]""")
_CAUGHT = frozenset({"AttributeError", "Exception", "BaseException"})
_DEF = lazy_pattern(r"^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(")
_QUOTED = lazy_pattern(r"""["']([A-Za-z_]\w{3,})["']""")
_FORK_SETS = lazy_pattern(r"""\bsetattr\([^\n]*?,\s*[rbuRBU]?["']([A-Za-z_]\w*)["']""")
# a name a line binds: ``Worker.name = Worker.new`` (a shim), ``name = Worker.new`` in a class body (an alias)
_BINDS = lazy_pattern(r"^\s*(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)\s*(?::[^=\n]*)?=(?!=)")


@dataclass(frozen=True)
class Lost:
    """A method upstream removed from ``owner`` (a class of ``path``) along with its own calls of it by name."""

    name: str
    owner: str
    path: str


def undispatched_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    passed = fork_found(trees, _PASSED, tests=True)
    if not passed:
        return []
    lost = _lost(trees, passed - _fork_defined(trees))
    if not lost:
        return []
    dispatchers = Dispatchers(trees)
    findings: list[Finding] = []
    for path, module, owned in fork_modules(trees, re.compile("|".join(map(re.escape, lost))).search):
        for node in ast.walk(module):
            if isinstance(node, ast.Call) and node.lineno in owned:
                findings += _calls(trees, path, module, node, lost, dispatchers, pr_pattern)
    return findings


def _unpartial(call: ast.Call) -> ast.Call:
    """``functools.partial(executor.collective_rpc, "name")``: the call the partial makes later, with the
    arguments it binds now (the line and its argument nodes kept)."""
    if last_name(call.func) != "partial" or not call.args or isinstance(call.args[0], ast.Starred):
        return call
    return ast.copy_location(ast.Call(call.args[0], call.args[1:], call.keywords), call)


def _fork_defined(trees: ThreeTrees) -> set[str]:
    """Methods the fork's own lines define (``def name(``), bind (a shim ``Worker.name = Worker.new``, an alias
    ``name = Worker.new`` in its worker's class body) or set by name (``setattr(x, "name", ...)``): the fork
    keeps the name answering itself."""
    lines = [line for p in trees.mine if p.endswith(".py") for line in trees.mine[p].added.values()]
    return {m.group(1) for line in lines if (m := _DEF.match(line) or _BINDS.match(line))} | {
        name for line in lines if "setattr" in line for name in _FORK_SETS.findall(line)
    }


def _lost(trees: ThreeTrees, words: set[str]) -> dict[str, Lost]:
    """The words whose method upstream removed from a class, and whose every quoting it removed too."""
    removed: dict[str, list[str]] = {}  # name -> the files whose diff removed a def of it
    quoted_before: set[str] = set()
    for path in trees.upstream:
        if not path.endswith(".py") or path.split("/", 1)[0] in TEST_FOLDERS:
            continue
        change = trees.upstream[path]
        gone = {m.group(1) for line in change.removed if (m := _DEF.match(line))} & words
        gone -= {m.group(1) for line in change.added.values() if (m := _DEF.match(line))}
        for name in gone:
            removed.setdefault(name, []).append(path)
        quoted_before |= {w for line in change.removed if "'" in line or '"' in line for w in _QUOTED.findall(line)}
    candidates = removed.keys() & quoted_before
    if not candidates:
        return {}
    served = [PYTHON_FILES, *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS))]
    forms = {f"{q}{name}{q}": name for name in candidates for q in "\"'"}
    still_quoted = {forms[s] for s in repo.strings_present(trees.repo, trees.theirs, sorted(forms), served)}
    alive = repo.words_present(trees.repo, trees.theirs, sorted(candidates - still_quoted), served)
    index = trees.merged_index()
    found: dict[str, Lost] = {}
    for name in sorted(alive):
        owned = [Lost(name, owner, path) for path in removed[name] if (owner := _owner_at_base(trees, path, name))]
        lost = [hit for hit in owned if not _still_answers(index, hit)]
        if lost and len(lost) == len(owned):  # every class that lost it lacks it now
            found[name] = lost[0]
    return found


def _owner_at_base(trees: ThreeTrees, path: str, name: str) -> str:
    """The qualified name of the class whose body defined ``name`` at the base ("" for a module function)."""
    text = trees.blobs(trees.base, [path]).get(path)
    module = parse_python(text, path) if text is not None else None
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.ClassDef) and any(
            isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == name for item in node.body
        ):
            return node.name
    return ""


def _still_answers(index: px.Index, lost: Lost) -> bool:
    """The class (as merged) still answers the name: its own def, a base's, or a ``__getattr__`` that may."""
    module = index.module_at(lost.path)
    cls = index.class_info(module, lost.owner) if module is not None else None
    return cls is not None and index.member(index.mro(cls), lost.name) is not px.MISSING


def _calls(
    trees: ThreeTrees,
    path: str,
    module: ast.Module,
    call: ast.Call,
    lost: dict[str, Lost],
    dispatchers: Dispatchers,
    pr_pattern: str,
) -> list[Finding]:
    made = _unpartial(call)
    for value in (*made.args, *(k.value for k in made.keywords)):
        name = str_value(value)
        if name not in lost or not dispatchers.dispatched(made, value):
            continue
        parents = parent_map(module)
        if caught_around(call, _CAUGHT, parents) or runs_tested(
            call, parents, _asks({name}), _asks(_upstream_defs(trees))
        ):
            return []
        hit = lost[name]
        commit = trees.upstream_commit(hit.path, rf"def {re.escape(name)}\b", pr_pattern)
        message = (
            f'fork-owned {ast.unparse(made.func)}("{name}") calls by name {hit.owner}.{name}, which upstream removed '
            f"({hit.path}{commit}) with its own calls of it by name; {hit.owner} has no {name} now (a namesake "
            "elsewhere is not what the call reaches): AttributeError where it runs; call what replaced it"
        )
        # an argument before the name is the object it is looked up on (``run_method(obj, "name", ...)``)
        first = made.args[0] is value if made.args else True
        sure = first and last_name(made.func) not in _fork_functions(trees)
        if not sure:
            message += " (unless the object it looks the name up on is another that keeps it)"
        return [Finding(RULE, "merge", Severity.ERROR if sure else Severity.WARNING, path, value.lineno, message)]
    return []


def _asks(names: Collection[str]) -> Callable[[ast.expr], bool]:
    """A test of ``hasattr(anything, "name")`` for one of ``names``, alone or and-ed: a call of the old name
    under ``hasattr(Worker, "old")`` runs only where the class still has it; one after a failed test of a
    name upstream's change defines (``if hasattr(Worker, "new"): return ...``) is a version gate's old path
    (a failed test of any other name proves nothing about the worker)."""

    def asks(test: ast.expr) -> bool:
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
            return any(asks(value) for value in test.values)
        return (
            isinstance(test, ast.Call)
            and last_name(test.func) == "hasattr"
            and len(test.args) == 2
            and str_value(test.args[1]) in names
        )

    return asks


def _upstream_defs(trees: ThreeTrees) -> frozenset[str]:
    """The names upstream's change defines on its added lines (the replacements a version gate tests for)."""
    return frozenset(
        m.group(1)
        for path, change in trees.upstream.items()
        if path.endswith(".py")
        for line in change.added.values()
        if (m := _DEF.match(line))
    )


def _fork_functions(trees: ThreeTrees) -> frozenset[str]:
    """The functions the fork's own lines define: a dispatcher of the fork's looks the name up on an object
    of its choosing (``getattr(self.model_runner, method)``), not necessarily the class that lost it."""
    lines = [line for p in trees.mine if p.endswith(".py") for line in trees.mine[p].added.values()]
    return frozenset(m.group(1) for line in lines if (m := _DEF.match(line)))
