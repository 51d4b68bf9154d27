"""A key looked up on the very registry whose registration upstream removed.

A registry object collects classes under string keys by a registering call or decorator
(``@LOADERS.register("glm4_6v")``) and hands one back by its key (``LOADERS.load("glm4_6v")``,
``LOADERS.get(...)``, ``LOADERS.create(...)``).  #44126 renamed a video loader's key from ``"glm4_6v"`` to
``"glmga"``: the fork's ``LOADERS.load("glm4_6v")`` merges cleanly and finds no entry on first use (an
``AssertionError``, a ``KeyError``, a ``None``).  Name drift reads a removed registration as a registry's key,
but a string handed to a method is read as an accepted value at most (a warning), or, where a def of the
method's bare name somewhere looks a method up by that name, as a method's name (``collective_rpc``-like), and
the key was then never matched.  The receiver settles it: the fork's call is made on the object the removed
registration wrote into (the same last name, ``LOADERS`` or ``video.LOADERS``), and its first argument is the
key, so it is that registry's lookup.  A registering method of the registry (its name holds ``register``) adds
the key back; a lookup inside a ``try`` that catches the miss, or a test expecting it to be refused, is
written for it.  So is a lookup that runs only where the key is there: the fork puts the key into that
registry itself (its own registering call, on one line or wrapped, or a store into the registry's table:
``LOADERS.name2class["glm4_6v"] = ...``), a test of the key's membership in the registry holds around it, it
is the old side's fallback (the ``except`` of a ``try`` looking another key up on the same registry), or a
probe of the module for a name upstream's same diff removed holds (``hasattr(video, "OldBackend")``: true
only before the change), or for one it added fails.  Cheap: only the changed lines of the file that lost the
key are read, as text, and the fork's added lines only where a lookup was found.

Since mend48 the key may be handed through a module constant (``AEON_LOADER = "glm4_6v"`` then
``LOADERS.load(AEON_LOADER)``): a name the module binds once, at its top level, to a string literal, or imports
by name from another module of the merged tree that binds it so (``from fork.keys import AEON_LOADER``).  A
name bound anywhere else in the module as well (a parameter, a local, a second assignment) is not read.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator

from aeon_release.domain.audits.drift.dropped_choices import expects_refusal
from aeon_release.domain.audits.drift.fallbacks import caught_around, runs_tested
from aeon_release.domain.audits.source import last_name, lazy_pattern, plain_name, str_value

# what a registry's lookup raises on a key it lacks (``ExtensionManager.load`` asserts; a dict's raises KeyError)
_MISSES = frozenset({"AssertionError", "KeyError", "LookupError", "ValueError", "Exception", "BaseException"})
_REGISTERING = lazy_pattern(r"\w{0,100}register\w{0,100}")


def looked_up_registry(
    call: ast.Call,
    key: str,
    removed: list[str],
    parents: dict[int, ast.AST],
    added: Iterable[str] = (),
    fork: Iterable[list[str]] = (),
    held: str = "",
) -> str | None:
    """The registry ``call`` looks ``key`` up in (its receiver as the line spells it), when ``removed`` (the
    lines upstream's diff took out of one file, ``added`` those it put in) registered ``key`` into an object of
    that last name and the lookup is not written for the key's absence; else None.  ``fork``: the fork's added
    lines, a list a file in their order, read only once a lookup is found.  ``held``: the module constant the
    call hands the key as (``constant_lookups``), "" for the key's literal."""
    func = call.func
    if not isinstance(func, ast.Attribute) or _REGISTERING.fullmatch(func.attr):
        return None
    registry, passed = last_name(func.value), key_argument(call)
    handed = (isinstance(passed, ast.Name) and passed.id == held) if held else str_value(passed) == key
    if not registry or not handed or not _registered_into(registry, key, removed):
        return None
    if caught_around(call, _MISSES, parents) or expects_refusal(call, parents):
        return None
    if _only_where_present(call, key, registry, parents, _side_names(removed, added), held):
        return None
    if _in_fallback(call, registry, parents) or any(_puts(registry, key, lines, held) for lines in fork):
        return None
    return ast.unparse(func.value)


# a module's own name a changed line defines: a class, a def, a top-level assignment
_DEFINES = lazy_pattern(
    r"^(?:\s*class\s+(\w{1,200})|\s*(?:async\s+)?def\s+(\w{1,200})|(\w{1,200})\s*(?::[^=\n]*)?=(?!=))"
)
_WORD = lazy_pattern(r"\w+")


def _side_names(removed: list[str], added: Iterable[str]) -> tuple[set[str], set[str]]:
    """The names upstream's diff of the file defined only before (removed, no added line names them) and
    only after (added, no removed line names them): ``GLM4_6VVideoBackend`` and ``GLMGAVideoBackend``."""
    added = list(added)
    before = {n for line in removed if (m := _DEFINES.match(line)) for n in m.groups() if n}
    after = {n for line in added if (m := _DEFINES.match(line)) for n in m.groups() if n}
    words_before = {w for line in removed for w in _WORD.findall(line)}
    words_after = {w for line in added for w in _WORD.findall(line)}
    return before - words_after, after - words_before


def _only_where_present(
    call: ast.Call,
    key: str,
    registry: str,
    parents: dict[int, ast.AST],
    sides: tuple[set[str], set[str]],
    held: str = "",
) -> bool:
    """The lookup runs only where the key is in the registry (``if "key" in R.name2class``, or its constant
    ``held``), or only on the side before upstream's change: where a probe for a name it removed holds or for
    one it added fails."""
    gone, new = sides

    def present(test: ast.expr) -> bool:
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):  # each operand holds where it runs
            return any(present(value) for value in test.values)
        probe = _probe(test)
        old_side = probe is not None and probe[0] in (gone if probe[1] else new)
        return _holds(test, key, registry, held=held) or old_side

    def absent(test: ast.expr) -> bool:
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):  # each operand fails where it is false
            return any(absent(value) for value in test.values)
        probe = _probe(test)
        new_side = probe is not None and probe[0] in (new if probe[1] else gone)
        return _holds(test, key, registry, negated=True, held=held) or new_side

    return runs_tested(call, parents, present, absent)


def _holds(test: ast.expr, key: str, registry: str, negated: bool = False, held: str = "") -> bool:
    """``"key" in R`` (``not in`` when ``negated``; the key's constant ``held`` in place of the string) where R
    is the registry or a table of it (``R.name2class``, its ``keys()`` too)."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1:
        return False
    left = test.left
    if str_value(left) != key and not (held and isinstance(left, ast.Name) and left.id == held):
        return False
    within = test.comparators[0]
    if isinstance(within, ast.Call) and isinstance(within.func, ast.Attribute) and within.func.attr == "keys":
        within = within.func.value  # ``"k" in R.name2class.keys()`` asks what ``"k" in R.name2class`` does
    table = plain_name(within)
    op = ast.NotIn if negated else ast.In
    return isinstance(test.ops[0], op) and table is not None and registry in table.split(".")


def _probe(test: ast.expr) -> tuple[str, bool] | None:
    """The name a test probes an object for, and whether the test holds where the object has it:
    ``hasattr(m, "N")``, ``getattr(m, "N", None)`` taken as true or compared ``is not None`` (True);
    ``getattr(m, "N", None) is None`` (False); None for any other test."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and _none(test.comparators[0]):
        inner = _probe(test.left)
        if inner is None or not isinstance(test.ops[0], ast.Is | ast.IsNot):
            return None
        return inner[0], isinstance(test.ops[0], ast.IsNot) == inner[1]
    if not isinstance(test, ast.Call) or not isinstance(test.func, ast.Name) or len(test.args) < 2:
        return None
    name = str_value(test.args[1])
    if name is None or (test.func.id, len(test.args)) not in (("hasattr", 2), ("getattr", 3)):
        return None
    return name, True


def _none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _in_fallback(call: ast.Call, registry: str, parents: dict[int, ast.AST]) -> bool:
    """The lookup is the handler's of a ``try`` that catches the miss of a lookup on the same registry in its
    body (``try: R.load("new")`` / ``except AssertionError: R.load("old")``): the old side's fallback."""
    child: ast.AST = call
    parent = parents.get(id(call))
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if isinstance(child, ast.ExceptHandler) and isinstance(parent, ast.Try) and _catches_miss(child):
            if any(_on(node, registry) for stmt in parent.body for node in ast.walk(stmt)):
                return True
        child, parent = parent, parents.get(id(parent))
    return False


def _catches_miss(handler: ast.ExceptHandler) -> bool:
    caught = handler.type
    classes = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return any(c is None or ast.unparse(c).rsplit(".", 1)[-1] in _MISSES for c in classes)


def _on(node: ast.AST, registry: str) -> bool:
    """A method call on the registry (``R.load(...)``, ``m.R.get(...)``)."""
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and last_name(node.func.value) == registry
    )


def _puts(registry: str, key: str, lines: list[str], held: str = "") -> bool:
    """The fork's lines put ``key`` (or its constant ``held``) into ``registry`` themselves: a registering call
    (one line, or wrapped with the key first on the next) or a store into the registry or a table of it
    (``R.name2class["k"] = c``)."""
    if not any(key in line or (held and held in line) for line in lines):
        return False
    quoted = rf"""["']{re.escape(key)}["']"""
    token = rf"(?:{quoted}|\b{re.escape(held)}\b)" if held else quoted
    stored = re.compile(rf"\b{re.escape(registry)}(?:\s*\.\s*\w{{1,100}})?\s*\[\s*{token}\s*\]\s*=(?!=)")
    return _registered_into(registry, key, lines, token) or any(stored.search(line) for line in lines)


def key_argument(call: ast.Call) -> ast.expr | None:
    """What a lookup passes its key as: the first positional argument, or the only keyword argument of a call
    with no positional one (``load(cls_name="glm4_6v")``)."""
    if call.args:
        return None if isinstance(call.args[0], ast.Starred) else call.args[0]
    return call.keywords[0].value if len(call.keywords) == 1 and call.keywords[0].arg else None


# a line binding a module constant to a string literal (``AEON_LOADER = "glm4_6v"``, annotated too); linear and
# anchored at the line's start (a top-level line: no indentation)
CONSTANT_LINE = lazy_pattern(
    r"""([A-Za-z_]\w{0,200})[ \t]*(?::[^=\n]{0,200})?=[ \t]*[rbuRBU]?["']([A-Za-z_]\w{3,200})["'][ \t]*(?:#.*)?$"""
)


def module_constants(module: ast.Module) -> dict[str, str]:
    """The names the module binds once, at its top level, to a string literal, and nowhere else (no parameter,
    local, import, def or second assignment of the name anywhere in it)."""
    bound: dict[str, int] = {}
    for node in ast.walk(module):
        for name in _binds(node):
            bound[name] = bound.get(name, 0) + 1
    found: dict[str, str] = {}
    for stmt in module.body:
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        target = stmt.target if isinstance(stmt, ast.AnnAssign) else target
        value = str_value(stmt.value) if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value else None
        if isinstance(target, ast.Name) and value is not None and bound.get(target.id) == 1:
            found[target.id] = value
    return found


def _binds(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
        return [node.id]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.alias):
        return [(node.asname or node.name).split(".", 1)[0]]
    if isinstance(node, ast.Global | ast.Nonlocal):
        return list(node.names)
    return []


def constant_lookups(
    module: ast.Module, keys: set[str], imported: Callable[[str, str], str | None]
) -> Iterator[tuple[ast.Call, str, str]]:
    """(call, constant, key) for each call of an attribute handing one of ``keys`` as its key argument through
    a module constant: one of the module's own, or a name it imports by name (``imported(module, name)``: the
    string the module of that dotted name binds the name to as a constant, or None)."""
    held = {name: value for name, value in module_constants(module).items() if value in keys}
    bound: dict[str, int] = {}
    for node in ast.walk(module):
        for name in _binds(node):
            bound[name] = bound.get(name, 0) + 1
    for stmt in module.body:
        if isinstance(stmt, ast.ImportFrom) and stmt.level == 0 and stmt.module:
            for alias in stmt.names:
                local = alias.asname or alias.name
                if bound.get(local) == 1 and (value := imported(stmt.module, alias.name)) in keys:
                    held[local] = value
    if not held:
        return
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            passed = key_argument(node)
            if isinstance(passed, ast.Name) and passed.id in held:
                yield node, passed.id, held[passed.id]


def registry_table(receiver: str, key: str, removed: list[str]) -> bool:
    """``receiver`` (a dotted name as a line spells it: ``video.VIDEO_LOADER_REGISTRY.name2class``) is a registry
    ``removed`` registered ``key`` into, or a table of one: a membership test of the key there asks whether
    it is registered, a store of it re-registers it (revBI)."""
    return any(_registered_into(part, key, removed) for part in receiver.split(".") if part.isidentifier())


def _registered_into(registry: str, key: str, removed: list[str], token: str = "") -> bool:
    """A removed line registers ``key`` into ``registry`` (``@registry.register("key")``), or opens such a
    call whose next removed line is the key (``@registry.register(`` / ``"key",``); ``token``: the pattern
    of the key's spellings, its quoted string by default."""
    quoted = token or rf"""["']{re.escape(key)}["']"""
    # one ``\s*`` between two tokens, so that a long run of blanks is matched once (linear)
    call = rf"\b{re.escape(registry)}\s*\.\s*{_REGISTERING.pattern}\s*\(\s*(?:\[\s*)?"
    on_one = re.compile(call + quoted)
    opened = re.compile(call + "$")
    first = re.compile(r"^\s*(?:\[\s*)?" + quoted + r"\s*[,\])]")
    for at, line in enumerate(removed):
        if on_one.search(line):
            return True
        if opened.search(line) and at + 1 < len(removed) and first.match(removed[at + 1]):
            return True
    return False
