"""A value a parameter no longer accepts: the parameter's own inline ``Literal[...]`` lost it.

#37058 dropped a resampling method: ``MultiModalDataParser.__init__``'s ``audio_resample_method:
Literal["librosa", "scipy"] = "librosa"`` became ``Literal["pyav", "scipy"] = "pyav"``, and ``AudioResampler``'s
``method`` lost it too; the resampler raises ``ValueError`` on a method it does not know.  A fork's
``MultiModalDataParser(target_sr=16000, audio_resample_method="librosa")`` merges cleanly and fails on its
first audio request.  Dropped choice drift (``drift/dropped_choices.py``) reads the ``Literal`` an alias or a
class field declares; this reads the one a function's parameter declares inline.

A parameter lost a value when a function of the file (a module-level one, or a method of a class of it)
annotates the parameter, at the merge base, with one ``Literal[...]`` holding the value and, at upstream, the
same function's same parameter with one that does not, and the upstream file quotes the value nowhere else (a
deprecation path that maps it onto a new one quotes it).  The drop is keyed the way a registry function's
checked parameter is (``name#callee#i``, matched by ``names.py``): the name a fork calls the function by (the
class, for ``__init__``) and the parameter's position past ``self`` (``kw`` for a keyword-only one), so a
keyword naming the parameter, or a positional argument at its place, meets it.

Cheap first: only a changed file with a removed line holding ``Literal[`` and quoting a wanted value is read,
at both sides.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.drift.dropped_choices import Dropped, choices_of
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.source import lazy_pattern, parse_python, plain_name

_STRING = lazy_pattern(r"""["']([^"'\s]{1,100})["']""")

Function = ast.FunctionDef | ast.AsyncFunctionDef


def param_choices(trees: ThreeTrees, names: set[str]) -> dict[tuple[str, str], Dropped]:
    """(value, ``param#callee#i``) -> its drop, for the values among ``names`` a parameter's own ``Literal``
    lost upstream."""
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _quotes(trees.upstream[p].removed, names)]
    if not paths:
        return {}
    befores, afters = trees.blobs(trees.base, paths), trees.blobs(trees.theirs, paths)
    found: dict[tuple[str, str], Dropped] = {}
    for path in paths:
        before, after = befores[path], afters[path]
        old = parse_python(before, path) if before else None
        new = parse_python(after, path) if after else None
        if old is None or new is None or after is None:
            continue
        kept_by = {key: (declared, values) for key, declared, values in _parameters(new)}
        for key, declared, values in _parameters(old):
            if key not in kept_by:
                continue
            kept = kept_by[key][1]
            for value in sorted((values - kept) & names):
                if f'"{value}"' not in after and f"'{value}'" not in after:
                    owner = key.split("#")[1]
                    added = tuple(sorted(kept - values))
                    found[(value, key)] = Dropped(
                        value, key, frozenset({owner}), declared, tuple(sorted(kept)), path, added
                    )
    return found


def _quotes(removed: list[str], names: set[str]) -> bool:
    """A removed line is a ``Literal[...]`` quoting a wanted value (a parameter's annotation sits on its line)."""
    return any("Literal[" in line and names & set(_STRING.findall(line)) for line in removed)


def _parameters(module: ast.Module) -> Iterator[tuple[str, str, frozenset[str]]]:
    """(``param#callee#i``, ``Owner.function's param``, its choices) of each parameter annotated with one
    ``Literal[...]``, of the module's functions and its classes' methods."""
    for func in (s for s in module.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))):
        yield from _annotated(func, func.name, func.name, skip=0)
    for cls in file_classes(module.body):
        for func in (s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))):
            callee = cls.name if func.name == "__init__" else func.name
            yield from _annotated(func, callee, f"{cls.name}.{func.name}", skip=0 if _static(func) else 1)


def _annotated(func: Function, callee: str, qualified: str, skip: int) -> Iterator[tuple[str, str, frozenset[str]]]:
    positional = [*func.args.posonlyargs, *func.args.args][skip:]
    places = [(arg, str(i)) for i, arg in enumerate(positional)] + [(arg, "kw") for arg in func.args.kwonlyargs]
    for arg, place in places:
        choices = choices_of(arg.annotation) if arg.annotation is not None else None
        if choices:
            yield f"{arg.arg}#{callee}#{place}", f"{qualified}'s {arg.arg}", choices


def _static(func: Function) -> bool:
    return any((plain_name(d) or "").rsplit(".", 1)[-1] == "staticmethod" for d in func.decorator_list)


def super_init_bases(call: ast.Call, module: ast.Module) -> list[str]:
    """The names of the bases of the class whose method makes ``call``, when it is ``super().__init__(...)``:
    the constructors it reaches (a fork subclass hands its base the value)."""
    func = call.func
    if not (
        isinstance(func, ast.Attribute)
        and func.attr == "__init__"
        and isinstance(func.value, ast.Call)
        and plain_name(func.value.func) == "super"
    ):
        return []
    innermost = _holding_class(call, module)
    return [(plain_name(b) or "").rsplit(".", 1)[-1] for b in innermost.bases] if innermost else []


def _holding_class(call: ast.Call, module: ast.Module) -> ast.ClassDef | None:
    holding = [
        c
        for c in ast.walk(module)
        if isinstance(c, ast.ClassDef) and c.lineno <= call.lineno <= (c.end_lineno or c.lineno)
    ]
    return max(holding, key=lambda c: c.lineno, default=None)


def first_init_base(call: ast.Call, module: ast.Module) -> ast.expr | None:
    """The base ``super().__init__(...)`` reaches first: the file's own classes without an ``__init__`` are
    passed over (a mixin that maps the value defines one: it is the callee, not upstream's class)."""
    cls = _holding_class(call, module)
    own = {c.name: c for c in file_classes(module.body)}
    for base in cls.bases if cls is not None else ():
        mixin = own.get(plain_name(base) or "")
        if mixin is None or any(isinstance(s, Function) and s.name == "__init__" for s in mixin.body):
            return base
    return None
