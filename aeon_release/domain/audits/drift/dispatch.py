"""Calls that name a method by a string: ``executor.collective_rpc("determine_num_available_blocks")``.

A dispatcher takes a method's name and looks it up on an object (``getattr(worker, method)``), in the
same process or in a worker it sends the name to.  When upstream removes or renames the method, a fork
call still naming it imports, merges and starts cleanly, and fails only when that path runs, in a
worker, with an ``AttributeError``: no type checker or import follows a string.

A callee is a dispatcher for a parameter when one of its ``def``s in the tree (the fork's or
upstream's) hands that parameter, as itself, to the name of a ``getattr`` or to a dispatching
parameter of another dispatcher (``collective_rpc(method)`` -> ``run_method(worker, method, ...)`` ->
``getattr(obj, method)``), followed a few calls deep.  Only the callees of the fork's calls that pass a
gone name are looked up: a ``git grep`` of their ``def`` lines, and the files holding them parsed.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.source import last_name, parse_python

DEPTH = 4  # calls followed from the fork's callee to the getattr (collective_rpc -> run_method is 1)
SITES = 40  # defs of one name read at most (a common name is defined everywhere)
GREPS = 16  # look-ups a merge at most (a git grep a side each, for every callee one level asks about)


@dataclass(frozen=True)
class Slot:
    """Where a dispatching parameter sits: its position among the call's arguments and its name."""

    position: int | None  # None: keyword-only
    name: str


@dataclass
class Dispatchers:
    """Which parameters of a callee name a method that is looked up by that name (cached per merge)."""

    trees: ThreeTrees
    _known: dict[str, frozenset[Slot]] = field(default_factory=dict)
    _modules: dict[tuple[str, str], ast.Module | None] = field(default_factory=dict)
    _sites: dict[str, list[tuple[str, str, int]]] = field(default_factory=dict)  # name -> (rev, path, line)
    _greps: int = 0  # look-ups so far (a git grep a side each)

    def slots(self, callee: str, depth: int = DEPTH) -> frozenset[Slot]:
        if callee in self._known:
            return self._known[callee]
        self._known[callee] = frozenset()  # a recursive chain is not a dispatcher by itself
        functions = self._defs(callee)
        # the callees these defs hand a parameter to, looked up at once (one git grep a side for all)
        self._look_up({name for f in functions for name in _handed_to(f)} - {callee})
        found: set[Slot] = set()
        for function in functions:
            found |= self._dispatching(function, depth, found)
        self._known[callee] = frozenset(found)
        return self._known[callee]

    def dispatched(self, call: ast.Call, value: ast.expr) -> bool:
        """``value`` (an argument of ``call``) fills a parameter its callee looks a method up by."""
        callee = last_name(call.func)
        if not callee or not callee.isidentifier():
            return False
        slots = self.slots(callee)
        if not slots:
            return False
        if value in call.args and not any(isinstance(a, ast.Starred) for a in call.args[: call.args.index(value)]):
            return any(slot.position == call.args.index(value) for slot in slots)
        return any(k.value is value and k.arg == slot.name for k in call.keywords for slot in slots)

    def _look_up(self, names: set[str]) -> None:
        """Where ``names`` (those not looked up yet) are defined on each side: one ``git grep`` a side."""
        wanted = sorted(n for n in names if n.isidentifier() and n not in self._sites)
        if not wanted:
            return
        if self._greps >= GREPS:
            self._sites.update((n, []) for n in wanted)  # past the budget: a call missed, never a false one
            return
        self._greps += 1
        trees = self.trees
        for name in wanted:
            self._sites[name] = []
        for rev in dict.fromkeys((trees.theirs, trees.ours)):
            for name, sites in repo.definition_sites(trees.repo, rev, wanted, [PYTHON_FILES]).items():
                self._sites[name].extend((rev, path, line) for path, line in sites)

    def _defs(self, name: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
        self._look_up({name})
        found: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
        for rev in dict.fromkeys((self.trees.theirs, self.trees.ours)):
            sites = [(path, line) for at, path, line in self._sites[name] if at == rev][:SITES]
            texts = self.trees.blobs(rev, sorted({path for path, _ in sites}))
            for path, line in sites:
                module = self._module(rev, path, texts.get(path))
                found.extend(_def_at(module, name, line) if module is not None else ())
        return found

    def _module(self, rev: str, path: str, text: str | None) -> ast.Module | None:
        if (rev, path) not in self._modules:
            self._modules[(rev, path)] = parse_python(text, path) if text is not None else None
        return self._modules[(rev, path)]

    def _dispatching(self, function: ast.FunctionDef | ast.AsyncFunctionDef, depth: int, known: set[Slot]) -> set[Slot]:
        """The slots of ``function`` that name a method; those another def of its name showed already
        (``known``) are not followed again."""
        slots = _parameters(function)
        if not slots:
            return set()
        names = _aliases(function, {slot.name for slot in slots})
        used: set[str] = {slot.name for slot in slots if slot in known}
        for node in ast.walk(function):
            if not isinstance(node, ast.Call):
                continue
            if isinstance(node.func, ast.Name) and node.func.id == "getattr" and len(node.args) >= 2:
                if isinstance(node.args[1], ast.Name) and node.args[1].id in names:
                    used.add(names[node.args[1].id])
            elif depth > 1 and (handed := [h for h in _handed(node, names) if names[h[0]] not in used]):
                # a parameter already known to name a method is not followed further (a git grep a callee)
                onward = (
                    self.slots(last_name(node.func), depth - 1) if last_name(node.func).isidentifier() else frozenset()
                )
                used |= {names[name] for name, position, keyword in handed if _fills(onward, position, keyword)}
        return {slot for slot in slots if slot.name in used}


def _aliases(function: ast.FunctionDef | ast.AsyncFunctionDef, parameters: set[str]) -> dict[str, str]:
    """Each parameter and each local the body binds to it as it is (``sent_method = method``) -> the
    parameter."""
    names = {name: name for name in parameters}
    binds = [
        (node.targets[0].id, value.id)
        for node in ast.walk(function)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
        # ``x = method`` or ``x = method if isinstance(method, str) else cloudpickle.dumps(method)``
        for value in ((node.value.body, node.value.orelse) if isinstance(node.value, ast.IfExp) else (node.value,))
        if isinstance(value, ast.Name)
    ]
    grew = True
    while grew:
        grew = False
        for target, value in binds:
            if value in names and target not in names:
                names[target] = names[value]
                grew = True
    return names


def _handed_to(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The callees ``function`` hands one of its parameters (or a local bound to one) to."""
    names = _aliases(function, {slot.name for slot in _parameters(function)})
    return {last_name(n.func) for n in ast.walk(function) if isinstance(n, ast.Call) and _handed(n, names)}


def _fills(slots: frozenset[Slot], position: int | None, keyword: str | None) -> bool:
    return any((position is not None and s.position == position) or (keyword and s.name == keyword) for s in slots)


def _handed(call: ast.Call, names: dict[str, str]) -> list[tuple[str, int | None, str | None]]:
    """The parameters ``call`` hands on as they are: (name, position, keyword)."""
    handed: list[tuple[str, int | None, str | None]] = []
    for position, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            break
        if isinstance(arg, ast.Name) and arg.id in names:
            handed.append((arg.id, position, None))
    for keyword in call.keywords:
        if keyword.arg and isinstance(keyword.value, ast.Name) and keyword.value.id in names:
            handed.append((keyword.value.id, None, keyword.arg))
    return handed


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[Slot]:
    """The parameters a call fills, by position as a call spells them (a method's ``self`` or ``cls``
    is the object before the dot) and by name."""
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    bound = positional[:1] and positional[0].arg in ("self", "cls") and not _static(function)
    if bound:
        positional = positional[1:]
    slots = [Slot(i, a.arg) for i, a in enumerate(positional)]
    return slots + [Slot(None, a.arg) for a in arguments.kwonlyargs]


def _static(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in function.decorator_list)


def _def_at(module: ast.Module, name: str, line: int) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [
        node
        for node in ast.walk(module)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name and node.lineno == line
    ]
