"""A field of a class the fork's file defines itself: ``plan.name`` that is the fork's value, not upstream's.

A drift check that claims ``x.name == "s"`` as a read of upstream's field (retyped to an enum, a value
rewritten on the way in) asks first whether ``x`` is a class of the file's own that declares ``name`` and
derives from nothing but the file's own classes (or plain ones): ``plan.name`` where ``plan: AeonPlan``,
``self`` in one of its methods, or a local built by ``AeonPlan(...)``.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable, Iterator

from aeon_release.domain.audits.drift.pyindex import dotted_name, import_base
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found
from aeon_release.domain.audits.source import lazy_pattern, parent_map

_PLAIN_BASES = frozenset({"object", "NamedTuple", "TypedDict", "Protocol", "Generic"})


class OwnFields:
    """One module's classes and the parent of each node, made once for every read asked about."""

    def __init__(self, module: ast.Module) -> None:
        self.parents = parent_map(module)
        self.classes = {cls.name: cls for cls in file_classes(module.body)}

    def holds(self, read: ast.Attribute, at: ast.AST) -> bool:
        """``read`` (``x.name``, met at the node ``at``) is a field of a class of this file's own that
        declares it: ``plan.mamba_type`` where ``plan: AeonLayerPlan`` is the fork's string."""
        func = enclosing(at, self.parents)
        cls = self._receiver_class(read.value, func)
        return cls is not None and self._own_class(cls) and _declares(cls, read.attr)

    def _receiver_class(
        self, receiver: ast.expr, func: ast.FunctionDef | ast.AsyncFunctionDef | None
    ) -> ast.ClassDef | None:
        """The file's class a receiver is: ``self`` in one of its methods, a parameter annotated with it, or a
        name the function binds only to a call of it."""
        if not isinstance(receiver, ast.Name) or func is None:
            return None
        if receiver.id == "self" and isinstance(owner := self.parents.get(id(func)), ast.ClassDef):
            return owner
        kinds = receiver_names(receiver.id, func)
        return self.classes.get(kinds.pop()) if len(kinds) == 1 else None

    def plain(self, cls: ast.ClassDef) -> bool:
        """The class derives from nothing but plain bases and the file's classes that do the same."""
        return self._own_class(cls)

    def _own_class(self, cls: ast.ClassDef, depth: int = 0) -> bool:
        """The class derives from nothing but plain bases and the file's classes that do the same."""
        bases = base_names(cls) - _PLAIN_BASES
        return depth < 8 and all(b in self.classes and self._own_class(self.classes[b], depth + 1) for b in bases)


class ForkTypes:
    """What a fork file's receivers typed by name (``typed_as``) hold when the name is not upstream's class.

    ``x.name`` with ``x`` typed as a class named like upstream's owner is the fork's own field, not
    upstream's, when the class of that name is the fork's: defined in the file (not a subclass of the same
    name) or imported from a module whose fork-added lines define it; or when a class of the file on the
    receiver's way to the owner (a fork subclass) declares the field itself.  In upstream's own file of the
    owner, the class is upstream's (a carry inside it)."""

    def __init__(self, trees: ThreeTrees, path: str, module: ast.Module, classes: dict[str, ast.ClassDef]) -> None:
        self.trees, self.path, self.module, self.classes = trees, path, module, classes
        self._imported: frozenset[str] | None = None
        self._elsewhere: dict[tuple[str, str], bool] = {}
        self._restored: dict[tuple[str, str], bool] = {}

    @classmethod
    def of(cls, trees: ThreeTrees, path: str, module: ast.Module) -> ForkTypes:
        """The receivers' types of a fork file, its classes read off its module body."""
        return cls(trees, path, module, {c.name: c for c in file_classes(module.body)})

    def holds(self, owner: str, field: str, typed: set[str], upstream_path: str) -> bool:
        """``field`` read off a receiver typed as ``typed`` is the fork's, not ``owner``'s of ``upstream_path``."""
        if self.path == upstream_path:
            return False
        if self.owns(owner) or any(_declares(self.classes[n], field) for n in typed - {owner} if n in self.classes):
            return True
        if self.restored(owner, field):
            return True
        if (owner, upstream_path) not in self._elsewhere:
            self._elsewhere[owner, upstream_path] = self.elsewhere(owner, upstream_path)
        return self._elsewhere[owner, upstream_path]

    def restored(self, owner: str, field: str) -> bool:
        """A fork module (not a test) puts ``field`` back on upstream's class: ``Owner.field =
        cached_property(f)`` or ``setattr(Owner, "field", property(f))``, a shim that keeps the old value
        (#40143 made the property ``PlaceholderRange.embeds_cumsum`` a list): the read is the fork's."""
        words = self.trees.fork_words()
        if owner not in words or field not in words:
            return False  # no fork line names both: nothing to scan
        if (owner, field) not in self._restored:
            # ``from m import Owner as O; O.field = ...``: the alias names the same class
            aliases = fork_found(self.trees, re.compile(rf"\b{re.escape(owner)}[ \t]+as[ \t]+(\w+)"))
            self._restored[owner, field] = bool(fork_found(self.trees, restores({owner, *aliases}, field)))
        return self._restored[owner, field]

    def elsewhere(self, name: str, upstream_path: str) -> bool:
        """The file imports ``name`` only from modules other than ``upstream_path`` that each define a class
        of that name: another class (``tpu_input_batch.InputBatch``, not ``gpu_input_batch``'s, whose field
        #27618 made a numpy array), which upstream's change to its namesake does not touch."""
        if name in self.classes:
            return False
        sources = [(stem, real) for stmt in ast.walk(self.module) for stem, real in self._imports_of(stmt, name)]
        if not sources or any(upstream_path in (f"{stem}.py", f"{stem}/__init__.py") for stem, _ in sources):
            return False
        return all(self._defined_in(stem, real) for stem, real in sources)

    def _imports_of(self, stmt: ast.AST, name: str) -> Iterator[tuple[str, str]]:
        """(module path stem, name there) of each binding of ``name`` by a ``from ... import``."""
        if isinstance(stmt, ast.ImportFrom):
            stem = import_base(stmt, dotted_name(self.path), self.path).replace(".", "/")
            yield from ((stem, a.name) for a in stmt.names if (a.asname or a.name) == name)

    def _defined_in(self, stem: str, name: str) -> bool:
        """The merged module at ``stem`` defines class ``name`` at its top level, not as a subclass of a class
        of that name (a re-export, or ``class InputBatch(gpu.InputBatch)``, is upstream's class still)."""
        for path in (f"{stem}.py", f"{stem}/__init__.py"):
            module = self.trees.merged_module(path)
            if module is not None:
                return any(
                    isinstance(n, ast.ClassDef) and n.name == name and name not in base_names(n) for n in module.body
                )
        return False

    def owns(self, name: str) -> bool:
        """The class ``name`` stands for in the file is the fork's: defined there (not as a subclass of
        the same name), or imported from a module whose fork-added lines define it."""
        cls = self.classes.get(name)
        return name not in base_names(cls) if cls is not None else name in self.imported()

    def plain_elsewhere(self, name: str) -> bool:
        """The class ``name`` is the fork's, imported from another of its modules, and derives there from
        nothing but plain bases and that module's own such classes (no subclass of upstream's)."""
        if name in self.classes or name not in self.imported():
            return False
        dotted = dotted_name(self.path)
        for stmt in ast.walk(self.module):
            if isinstance(stmt, ast.ImportFrom):
                stem = import_base(stmt, dotted, self.path).replace(".", "/")
                for real in (a.name for a in stmt.names if (a.asname or a.name) == name):
                    for other in (self.trees.merged_module(p) for p in (f"{stem}.py", f"{stem}/__init__.py")):
                        own = OwnFields(other) if other is not None else None
                        cls = own.classes.get(real) if own is not None else None
                        if own is not None and cls is not None:
                            return own.plain(cls)
        return False

    def imported(self) -> frozenset[str]:
        """The names the module imports from a module whose fork-added lines define a class of that name."""
        if self._imported is None:
            dotted = dotted_name(self.path)
            found = set()
            for stmt in ast.walk(self.module):
                if isinstance(stmt, ast.ImportFrom):
                    stem = import_base(stmt, dotted, self.path).replace(".", "/")
                    added = [
                        line
                        for p in (f"{stem}.py", f"{stem}/__init__.py")
                        if p in self.trees.mine
                        for line in self.trees.mine[p].added.values()
                    ]
                    found |= {
                        a.asname or a.name for a in stmt.names if any(_defines(a.name).match(line) for line in added)
                    }
            self._imported = frozenset(found)
        return self._imported


def restores(owners: set[str], field: str) -> re.Pattern[str]:
    """A line that assigns ``field`` on the class, of one of the names ``owners`` (``mod.Owner.field = ...``,
    annotated or not, not ``==``), or ``setattr``s it by its literal name."""
    o, f = "(?:" + "|".join(re.escape(n) for n in sorted(owners)) + ")", re.escape(field)
    return re.compile(
        rf"^[ \t]*(?:(?:\w+\.)*{o}\.{f}[ \t]*(?::[^=\n]*)?=(?!=)"
        rf"|setattr\([ \t]*(?:\w+\.)*{o}[ \t]*,[ \t]*[\"']{f}[\"'])"
    )


def _defines(name: str) -> re.Pattern[str]:
    """A line that defines class ``name``, not as a subclass of a class of the same name."""
    word = re.escape(name)
    return re.compile(rf"[ \t]*class[ \t]+{word}\b(?![^\n]*\b{word}\b)")


def file_classes(body: list[ast.stmt]) -> Iterator[ast.ClassDef]:
    """The classes of a module, nested ones too, without walking into function bodies."""
    for stmt in body:
        if isinstance(stmt, ast.ClassDef):
            yield stmt
            yield from file_classes(stmt.body)
        elif isinstance(stmt, (ast.If, ast.Try)):
            yield from file_classes([*stmt.body, *stmt.orelse])


def receiver_names(name: str, func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The classes a function's name is typed as: its parameter's annotation, the calls it is bound to."""
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    named = [a.annotation for a in args if a.arg == name and a.annotation is not None]
    bound = [v.func for v in assigned(func).get(name, ()) if isinstance(v, ast.Call)]
    return {ast.unparse(k).strip("'\"") for k in [*named, *bound]}


@functools.lru_cache(maxsize=4096)
def assigned(func: ast.AST) -> dict[str, tuple[ast.expr, ...]]:
    """Each plain name the function assigns (``name = ...``) -> the values, in order: one walk per function,
    not one per read (a thousand reads in one function walked it a thousand times)."""
    values: dict[str, list[ast.expr]] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    values.setdefault(target.id, []).append(node.value)
    return {name: tuple(held) for name, held in values.items()}


@functools.lru_cache(maxsize=4096)
def _stored(func: ast.AST) -> frozenset[str]:
    """The attributes the function assigns (``x.field = ...``), unparsed."""
    return frozenset(
        ast.unparse(n) for n in ast.walk(func) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)
    )


def enclosing(node: ast.AST, parents: dict[int, ast.AST]) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The function ``node`` sits in (``parents``: each node's parent), if any."""
    found = parents.get(id(node))
    while found is not None and not isinstance(found, (ast.FunctionDef, ast.AsyncFunctionDef)):
        found = parents.get(id(found))
    return found


def enclosing_class(node: ast.AST, parents: dict[int, ast.AST]) -> ast.ClassDef | None:
    """The class ``node`` sits in, through any function of it (``parents``: each node's parent), if any."""
    found = parents.get(id(node))
    while found is not None and not isinstance(found, ast.ClassDef):
        found = parents.get(id(found))
    return found


def set_in(read: ast.Attribute, func: ast.FunctionDef | ast.AsyncFunctionDef | None) -> bool:
    """The function assigns the very field it reads (``config.max_parallel = 16`` before ``config.max_parallel
    == 16``): the value is the fork's, not what upstream's class sets."""
    return func is not None and ast.unparse(read) in _stored(func)


def compared_in_scope(
    compare: ast.Compare, read: str, parents: dict[int, ast.AST], value: Callable[[ast.expr], bool]
) -> bool:
    """The scope ``compare`` was written in (``written_scope``) compares ``read`` (its source text) with a
    value ``value`` accepts: ``x.f == 16 or x.f == 64`` tests the new value as well as the old."""
    read = _as_attribute(read)
    return any(
        isinstance(other, ast.Compare)
        and read in {_as_attribute(ast.unparse(side)) for side in (other.left, *other.comparators)}
        and any(value(side) for side in (other.left, *other.comparators))
        for other in ast.walk(written_scope(compare, parents))
    )


_GETATTR = lazy_pattern(r"^getattr\((\w+(?:\.\w+)*), *['\"](\w+)['\"](?:, .*)?\)$")


def _as_attribute(source: str) -> str:
    """``getattr(h, 'f', d)`` reads what ``h.f`` reads: one spelling for both."""
    match = _GETATTR.match(source)
    return f"{match.group(1)}.{match.group(2)}" if match else source


def written_scope(node: ast.AST, parents: dict[int, ast.AST]) -> ast.AST:
    """What a fork comparison was written in: its function, or (at module level) the ``or``/``and``/``not``
    it sits in.  A check that asks whether the fork also handles upstream's new spelling looks there."""
    scope: ast.AST | None = enclosing(node, parents)
    if scope is None:
        scope = node
        while isinstance(parent := parents.get(id(scope)), ast.BoolOp | ast.UnaryOp):
            scope = parent
    return scope


def base_names(cls: ast.ClassDef) -> set[str]:
    return {b.attr if isinstance(b, ast.Attribute) else b.id if isinstance(b, ast.Name) else "" for b in cls.bases}


def _declares(cls: ast.ClassDef, attr: str) -> bool:
    """The class body annotates or assigns ``attr``, defines it, or one of its methods sets ``self.attr``."""
    for node in ast.walk(cls):
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(
                isinstance(t, ast.Name | ast.Attribute) and (getattr(t, "id", None) or getattr(t, "attr", None)) == attr
                for t in targets
            ):
                return True
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == attr:
            return True
    return False


def stores_self(cls: ast.ClassDef, attr: str) -> bool:
    """A method of the class stores ``self.attr`` (a ``__post_init__`` filling or deriving the field)."""
    return any(
        isinstance(node, ast.Attribute)
        and node.attr == attr
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
        for node in ast.walk(cls)
    )


def defines(cls: ast.ClassDef, name: str) -> bool:
    """The class body defines ``name`` itself: a method, or an attribute assigned there."""
    for stmt in cls.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == name:
            return True
        targets = (
            stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
        )
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return True
    return False
