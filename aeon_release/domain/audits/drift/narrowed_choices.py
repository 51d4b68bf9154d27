"""Narrowed choices: a validated config field upstream narrowed from any string to a ``Literal`` of choices.

#45196 retyped ``LoadConfig.safetensors_load_strategy: str | None`` as ``SafetensorsLoadStrategy | None``,
``SafetensorsLoadStrategy: TypeAlias = Literal["lazy", "eager", "prefetch", "torchao"]``.  ``LoadConfig`` is
a pydantic dataclass: a fork's ``LoadConfig(safetensors_load_strategy="unified")`` (a strategy of its own,
handled by its patched loader) was accepted at the merge base and is refused at startup now.  No choice was
dropped (the field took any string), so dropped choice drift, which needs the value in the old ``Literal``,
does not see it.

Narrowed when, in one file, a class field annotated as a plain string (``str``, ``str | None``,
``Optional[str]``) at the merge base is annotated at upstream with one ``Literal[...]`` (inline, or an alias of
the file), and the class is validated: it derives from ``BaseModel``, or it is decorated while the file imports
pydantic (a pydantic dataclass, or a decorator that makes one; never the stdlib's ``@dataclass``).  A plain dataclass checks nothing: the fork's
value still flows to its own code, so it stays quiet.  Only a constructor keyword of the class is tied
(``names.py``): a comparison may read a value the fork set after validation.

Cheap first: only a changed file whose removed lines annotate a field as a string and whose added lines hold
``Literal[`` or a name the removed line did not, for a wanted value the file's new side does not quote.
"""

from __future__ import annotations

import ast
import re

from aeon_release.domain.audits.drift.dropped_choices import Dropped, choices_of, literals
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.source import lazy_pattern, parse_python, plain_name

# a removed field line annotated as a string: ``    name: str | None = None``
_STRING_FIELD = lazy_pattern(r"^\s+(\w+):\s*(?:str|Optional\[str\]|str \| None|None \| str)\s*(?:=|$)")
_PLAIN_STRINGS = frozenset({"str", "Optional[str]", "str | None", "None | str"})


def narrowed_choices(trees: ThreeTrees, names: set[str]) -> dict[tuple[str, str], Dropped]:
    """(value, field) -> the narrowing that refuses it, for the values among ``names``."""
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _narrows(trees, p)]
    if not paths or not names:
        return {}
    befores, afters = trees.blobs(trees.base, paths), trees.blobs(trees.theirs, paths)
    found: dict[tuple[str, str], Dropped] = {}
    for path in paths:
        old = parse_python(befores[path] or "", path) if befores[path] else None
        new = parse_python(afters[path] or "", path) if afters[path] else None
        if old is not None and new is not None:
            for drop in _narrowed(old, new, path, names, afters[path] or ""):
                found.setdefault((drop.value, drop.field), drop)
    return found


def _narrows(trees: ThreeTrees, path: str) -> bool:
    diff = trees.upstream[path]
    fields = {m.group(1) for line in diff.removed if (m := _STRING_FIELD.match(line))}
    return bool(fields) and any(re.match(rf"\s+{f}:", line) for f in fields for line in diff.added.values())


def _narrowed(old: ast.Module, new: ast.Module, path: str, names: set[str], text: str) -> list[Dropped]:
    aliases = {k: v for k, v in literals(new).items() if k not in _bound_otherwise(new)}
    was = _string_fields(old)
    drops = []
    for cls in file_classes(new.body):
        if not validated(cls, new):
            continue
        for stmt in cls.body:
            if not isinstance(stmt, ast.AnnAssign) or not isinstance(stmt.target, ast.Name):
                continue
            field = stmt.target.id
            if (cls.name, field) not in was or _rewritten(cls, field):
                continue
            if (found := _choices(stmt.annotation, aliases)) is None:
                continue
            declared, kept = found
            refused = sorted(v for v in names - kept if f'"{v}"' not in text and f"'{v}'" not in text)
            narrowed = was[(cls.name, field)]
            drops += [
                Dropped(v, field, frozenset({cls.name}), declared, tuple(sorted(kept)), path, narrowed=narrowed)
                for v in refused
            ]
    return drops


def _string_fields(module: ast.Module) -> dict[tuple[str, str], str]:
    """(class, field) -> its annotation, for the fields a class of the module annotates as a plain string."""
    return {
        (cls.name, stmt.target.id): shown
        for cls in file_classes(module.body)
        for stmt in cls.body
        if isinstance(stmt, ast.AnnAssign)
        and isinstance(stmt.target, ast.Name)
        and (shown := ast.unparse(stmt.annotation)) in _PLAIN_STRINGS
    }


def _bound_otherwise(module: ast.Module) -> set[str]:
    """Names the module also binds to something not a ``Literal``: ``Alias = Any`` beside ``if TYPE_CHECKING:
    Alias = Literal[...]`` (#46220) leaves pydantic nothing to check at runtime."""
    return {
        target.id
        for node in ast.walk(module)
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None and choices_of(node.value) is None
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }


def _rewritten(cls: ast.ClassDef, field: str) -> bool:
    """A validator that runs before the field's check (``field_validator(..., mode="before")``, a ``wrap`` one,
    a ``model_validator(mode="before")``) may map the fork's value onto a choice first."""
    for stmt in cls.body:
        if not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for decorator in stmt.decorator_list:
            shown = ast.unparse(decorator)
            early = "'before'" in shown or "'wrap'" in shown or "pre=True" in shown
            if early and ("model_validator" in shown or "root_validator" in shown or repr(field) in shown):
                return True
    return False


def _choices(annotation: ast.expr, aliases: dict[str, frozenset[str]]) -> tuple[str, frozenset[str]] | None:
    """(what declares them, the choices) of an annotation holding one inline ``Literal`` or one alias of one,
    and no ``str`` beside it (``str | Alias`` still takes any string)."""
    if any(isinstance(n, ast.Name) and n.id == "str" for n in ast.walk(annotation)):
        return None
    inline = choices_of(annotation)
    if inline is not None:
        return ast.unparse(annotation), inline
    named = {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name) and n.id in aliases}
    if len(named) != 1:
        return None
    alias = named.pop()
    return alias, aliases[alias]


def validated(cls: ast.ClassDef, module: ast.Module) -> bool:
    """pydantic checks the class's fields: a ``BaseModel``, or a decorated class of a file importing pydantic."""
    if any((plain_name(b) or "").rsplit(".", 1)[-1] == "BaseModel" for b in cls.bases):
        return True
    decorators = [d for d in cls.decorator_list if not _stdlib_dataclass(d, module)]
    if len(decorators) < len(cls.decorator_list) and not any(_from_pydantic(d, module) for d in decorators):
        return False  # ``@final @dataclass``: the stdlib builds the class, the other decorator checks nothing
    return bool(decorators) and _imports_pydantic(module)


def _from_pydantic(decorator: ast.expr, module: ast.Module) -> bool:
    """A decorator spelt ``pydantic...`` or imported from pydantic (``pydantic.dataclasses.dataclass``)."""
    shown = plain_name(decorator.func if isinstance(decorator, ast.Call) else decorator) or ""
    head = shown.split(".", 1)[0]
    return head == "pydantic" or any(head in _imported_from(module, source) for source in _pydantic_sources(module))


def _pydantic_sources(module: ast.Module) -> set[str]:
    return {
        stmt.module or ""
        for stmt in ast.walk(module)
        if isinstance(stmt, ast.ImportFrom) and (stmt.module or "").split(".")[0] == "pydantic"
    }


def _stdlib_dataclass(decorator: ast.expr, module: ast.Module) -> bool:
    """``@dataclasses.dataclass`` or a bare ``@dataclass`` imported from ``dataclasses`` checks nothing, even in
    a file that imports pydantic for another class."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    shown = plain_name(target) or ""
    if shown == "dataclasses.dataclass":
        return True
    return "." not in shown and shown in _imported_from(module, "dataclasses")


def _imported_from(module: ast.Module, source: str) -> set[str]:
    return {
        alias.asname or alias.name
        for stmt in ast.walk(module)
        if isinstance(stmt, ast.ImportFrom) and stmt.module == source
        for alias in stmt.names
    }


def _imports_pydantic(module: ast.Module) -> bool:
    for stmt in ast.walk(module):
        if isinstance(stmt, ast.ImportFrom) and (stmt.module or "").split(".")[0] == "pydantic":
            return True
        if isinstance(stmt, ast.Import) and any(a.name.split(".")[0] == "pydantic" for a in stmt.names):
            return True
    return False
