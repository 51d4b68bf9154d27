"""Init-only fields: a dataclass field upstream re-annotated ``InitVar[...]``, read off the object by fork code.

#28733 (638e4196d1) turned ``SchedulerConfig.max_model_len: int = Field(default=8192, ge=1)`` into
``max_model_len: InitVar[int] = 8192``: the value now only feeds ``__post_init__`` (the model config holds the
real one) and the dataclass no longer stores it.  A fork line ``scheduler_config.max_model_len // 4`` merges
cleanly and then reads the class attribute the default leaves behind, 8192, whatever length the model serves;
where the ``InitVar`` has no default (#29859 removed them) the read raises AttributeError.

Upstream's side: a top-level class of a file upstream changed (an added line annotates a name ``InitVar[...]``)
whose body annotates the name as a field at the base (not ``ClassVar``, not ``InitVar``) and as an ``InitVar`` in
the merged tree, where no method of the class stores ``self.<name>`` itself.  The fork's side, on a line it owns:
the attribute loaded, or read by ``getattr`` with the name as a literal, off an object held as the class -- a
receiver typed as it (``config: SchedulerConfig``, ``self`` in a subclass of it) or named as the class is
(``scheduler_config``, ``self.scheduler_config``, ``engine_config.scheduler_config``, a local bound once to such
a read), or a key of ``dataclasses.asdict`` of such an object (drift/asdict_keys.py: an InitVar has no key, so
``["name"]`` raises KeyError, ``.get("name")`` answers None, and ``.get("name", d)`` the fork's own d, a warning).
Quiet: a file that stores
the attribute itself (``x.name = ...``), a read in a ``try`` catching AttributeError, ``getattr`` with a fallback
where the ``InitVar`` has no default (the fallback answers, as the fork meant), a file defining a class of that
name, a keyword ``name=`` (the constructor still takes it), and any other receiver: a receiver's type outranks its
name (``scheduler_config: ForkLimits``, a local built as another class, ``self.scheduler_config`` the class only
sets to another class's instance), and a file keeping the name itself (a field its own class declares again,
``setattr``) stores it.  An error: the read either
raises or answers the class default.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift import asdict_keys
from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.own_fields import assigned, enclosing
from aeon_release.domain.audits.drift.pyindex import self_writes
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, plain_name, walk_spanning

_MOST_FILES = 32
# one stripped added line annotating a name as an InitVar (anchored by added_matches; no nested repetition)
_INIT_VAR = lazy_pattern(r"(\w+)[ \t]*:[ \t]*(?:dataclasses\.)?InitVar\[")
_CAUGHT = frozenset({"AttributeError", "Exception", "BaseException"})
_SNAKE = lazy_pattern(r"(?<!^)(?=[A-Z])")
# what a key read off ``asdict(x)`` answers once the field is an InitVar (no key, whatever its default)
_KEY_ANSWERS = {
    asdict_keys.How.KEY: "asdict() has no such key: the read raises KeyError",
    asdict_keys.How.GET: "asdict() has no such key: the .get answers None",
    asdict_keys.How.DEFAULT: "asdict() has no such key: the .get answers the fork's default every time",
}
# (receiver, name, whether getattr has a fallback, how a key of asdict() is read: None for an attribute read)
_Read = tuple[ast.expr, str, bool, "asdict_keys.How | None"]


@dataclass(frozen=True)
class InitOnly:
    path: str
    owner: str
    field: str
    default: str | None  # the source of the default the class attribute keeps; None: no class attribute


def init_only_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    made = _made_init_only(trees)
    if not made:
        return []
    fields: dict[str, list[InitOnly]] = {}
    for item in made:
        fields.setdefault(item.field, []).append(item)
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(f in line for f in fields)):
        seen: set[int] = set()
        for line, read, item in _fork_reads(module, owned, fields):
            if line not in seen:
                seen.add(line)
                findings.append(_finding(trees, (path, line), read, item, pr_pattern))
    return findings


def _made_init_only(trees: ThreeTrees) -> list[InitOnly]:
    """The fields upstream re-annotated as init-only, named by a fork line and still so in the merged tree."""
    words = trees.fork_words()
    named: dict[str, set[str]] = {}
    for path, match in trees.upstream.added_lines().added_matches(_INIT_VAR, needs="InitVar["):
        if path.endswith(".py") and match.group(1) in words:
            named.setdefault(path, set()).add(match.group(1))
    found: list[InitOnly] = []
    for both in parsed_texts(trees, sorted(named)[:_MOST_FILES], lambda old, new: "InitVar" in new):
        merged = trees.merged_module(both.path)
        if merged is None:
            continue
        before = {c.name: c for c in both.old.body if isinstance(c, ast.ClassDef)}
        for cls in (c for c in merged.body if isinstance(c, ast.ClassDef) and c.name in before):
            stored = _fields(before[cls.name])
            for name, default in _init_vars(cls).items():
                if name in named[both.path] and name in stored and name not in _self_stored(cls):
                    found.append(InitOnly(both.path, cls.name, name, default))
    return found


def _annotated(cls: ast.ClassDef) -> Iterator[tuple[str, str, ast.expr | None]]:
    """(name, the annotation's head, value) for each annotated name of the class body."""
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            note = stmt.annotation.value if isinstance(stmt.annotation, ast.Subscript) else stmt.annotation
            yield stmt.target.id, last_name(note), stmt.value


def _fields(cls: ast.ClassDef) -> set[str]:
    return {name for name, head, _ in _annotated(cls) if head not in {"ClassVar", "InitVar"}}


def _init_vars(cls: ast.ClassDef) -> dict[str, str | None]:
    return {
        name: ast.unparse(value) if value is not None else None
        for name, head, value in _annotated(cls)
        if head == "InitVar"
    }


def _self_stored(cls: ast.ClassDef) -> set[str]:
    """What the class's methods store on ``self`` (a ``__post_init__`` keeping the value after all)."""
    stored: set[str] = set()
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            stored |= set(self_writes(stmt))
    return stored


def _fork_reads(
    module: ast.Module, owned: set[int], fields: dict[str, list[InitOnly]]
) -> Iterator[tuple[int, _Read, InitOnly]]:
    stored = _stored_in(module)
    classes = {n.name: n for n in ast.walk(module) if isinstance(n, ast.ClassDef)}
    parents = parent_map(module)
    spelt = asdict_keys.spellings(module)
    for node in walk_spanning(module, owned):
        if not isinstance(node, ast.expr) or node.lineno not in owned:
            continue
        read = _read(node, spelt, parents)
        if read is None:
            continue
        receiver, name, fallback, how = read
        caught = _CAUGHT if how is None else asdict_keys.CAUGHT
        if name in stored or name not in fields or caught_around(node, caught, parents):
            continue
        if how is not None:  # ``.get("name") or d`` answers d; ``if "name" in asdict(x):`` runs where it is a field
            if asdict_keys.key_guarded(node, receiver, name, parents):
                continue
            read = (receiver, name, fallback, asdict_keys.fallen_back(how, node, parents))
        for item in fields[name]:
            if fallback and item.default is None:
                continue  # ``getattr(x, "name", d)``: the fork's own fallback answers, as it meant to
            if item.owner not in classes and held_as(receiver, item.owner, parents, classes):
                yield node.lineno, read, item
                break


def _read(node: ast.expr, spelt: frozenset[str], parents: dict[int, ast.AST]) -> _Read | None:
    """(receiver, attribute, whether a fallback is given, how a key is read) of ``x.name`` loaded, ``getattr(x,
    "name"[, d])``, or a key of ``asdict(x)`` (an InitVar has none, whatever its default: the key read raises or
    answers the ``.get``'s fallback, so a fallback there does not excuse it)."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
        return node.value, node.attr, False, None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
        args = node.args
        if len(args) in (2, 3) and not node.keywords and isinstance(args[1], ast.Constant):
            if isinstance(args[1].value, str):
                return args[0], args[1].value, len(args) == 3, None
    keyed = asdict_keys.key_read(node, spelt, parents) if spelt else None
    return None if keyed is None else (keyed[0], keyed[1], False, keyed[2])


def held_as(receiver: ast.expr, owner: str, parents: dict[int, ast.AST], classes: dict[str, ast.ClassDef]) -> bool:
    """The receiver is typed as the class, or named as it is (``scheduler_config`` for ``SchedulerConfig``), or
    is a local the function binds once, to a read so named (``sc = engine_config.scheduler_config``)."""
    func = enclosing(receiver, parents)
    typed = typed_as(receiver, func, parents, classes)
    if typed:  # an annotation or a class built names what it holds: the name says no more than that
        return any(re.search(rf"\b{owner}\b", t) for t in typed)
    if _built_as_other(receiver, owner, parents):
        return False
    snake = _SNAKE.sub("_", owner).lower()
    if last_name(receiver) == snake:
        return True
    if isinstance(receiver, ast.Name) and func is not None:
        held = assigned(func).get(receiver.id, ())
        if len(held) == 1 and isinstance(held[0], ast.Attribute) and held[0].attr == snake:
            return True
    return False


def _stored_in(module: ast.Module) -> set[str]:
    """The names the file itself keeps on an object: an attribute stored (``x.name = ...``, ``setattr(x, "name",
    ...)``, ``object.__setattr__(self, "name", ...)``) or a field a class of its own declares (a fork subclass
    that annotates the name again makes it a stored field once more)."""
    stored: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            stored.add(node.attr)
        elif isinstance(node, ast.Call) and last_name(node.func) in ("setattr", "__setattr__") and node.args:
            named = node.args[1] if len(node.args) > 1 else None
            if isinstance(named, ast.Constant) and isinstance(named.value, str):
                stored.add(named.value)
        elif isinstance(node, ast.ClassDef):
            stored |= _fields(node)
    return stored


def _built_as_other(receiver: ast.expr, owner: str, parents: dict[int, ast.AST]) -> bool:
    """``self.<attr>`` that every method of the enclosing class sets to an instance of another class it builds
    (``self.scheduler_config = ForkLimits(...)``): the attribute holds the fork's own object, whatever its name."""
    if not (isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name)):
        return False
    if receiver.value.id != "self":
        return False
    cls = parents.get(id(enclosing(receiver, parents)))
    if not isinstance(cls, ast.ClassDef):
        return False
    values = [
        node.value
        for node in ast.walk(cls)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Attribute) and ast.unparse(t) == ast.unparse(receiver) for t in node.targets)
    ]
    built = [last_name(v.func) for v in values if isinstance(v, ast.Call)]
    return bool(values) and len(built) == len(values) and all(b[:1].isupper() and b != owner for b in built)


def _finding(trees: ThreeTrees, at: tuple[str, int], read: _Read, item: InitOnly, pr_pattern: str) -> Finding:
    path, line = at
    commit = trees.upstream_commit(item.path, rf"^[[:space:]]+{item.field}[[:space:]]*:.*InitVar", pr_pattern)
    receiver, _, _, how = read
    what = f"{plain_name(receiver) or '...'}.{item.field}"
    if how is not None:
        what = f"the key {item.field!r} of asdict({plain_name(receiver) or '...'})"
        then = _KEY_ANSWERS[how]
    elif item.default is None:
        then = "the read raises AttributeError"
    else:
        then = f"the read gets the class default {item.default}, whatever the object was built with"
    return Finding(
        RULE,
        "merge",
        Severity.WARNING if how is asdict_keys.How.DEFAULT else Severity.ERROR,
        path,
        line,
        f"fork-owned line reads {what}, but upstream made {item.owner}.{item.field} an init-only variable "
        f"(InitVar) ({item.path}{commit}): the dataclass no longer stores it, so {then}",
    )
