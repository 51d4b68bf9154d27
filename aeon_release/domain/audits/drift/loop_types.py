"""The element type of what a loop walks: the class a ``for`` (or comprehension) variable holds.

``for elem in item.values()`` with ``item: MultiModalKwargsItem`` (a ``UserDict[str, MultiModalFieldElem]``)
binds ``elem`` to a ``MultiModalFieldElem``; ``for req in reqs`` with ``reqs: list[Request]`` binds a
``Request``.  A read off the variable is then a read off that class, checked as a typed receiver's is (#33331
removed ``MultiModalFieldElem.key``: ``[e for e in item.values() if e.key == 'pixel_values']`` raises).  Only
a name one loop binds in its function, and only a plain class name as the element (no union, no TypeVar
that resolves to nothing), so a guess never types a receiver.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Mapping

from aeon_release.domain.audits.source import last_name, target_names

# generics whose one parameter is the element a loop over them yields
SEQUENCES = frozenset(
    {"list", "List", "Sequence", "MutableSequence", "Iterable", "Iterator", "Collection", "set", "Set", "frozenset"}
)
# generics whose second parameter is the value ``.values()`` yields
MAPPINGS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "UserDict", "OrderedDict", "defaultdict"})


@functools.lru_cache(maxsize=4096)
def loop_sources(func: ast.AST) -> dict[str, ast.expr]:
    """Names a function binds exactly once, as the plain target of a ``for`` or a comprehension, and no
    other way (no parameter, assignment, ``with``, second loop): name -> what the loop iterates."""
    if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {}
    seen: dict[str, list[ast.expr | None]] = {}
    for sub in ast.walk(func):
        if isinstance(sub, (ast.For, ast.AsyncFor, ast.comprehension)) and isinstance(sub.target, ast.Name):
            seen.setdefault(sub.target.id, []).append(sub.iter)
            continue
        for name in _other_bindings(sub):
            seen.setdefault(name, []).extend([None, None])
    params = {a.arg for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
    return {n: v[0] for n, v in seen.items() if len(v) == 1 and v[0] is not None and n not in params}


def _other_bindings(node: ast.AST) -> list[str]:
    """Names ``node`` binds (or rebinds) other than as a loop's plain target."""
    targets: list[ast.AST] = []
    if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension, ast.AugAssign, ast.NamedExpr, ast.AnnAssign)):
        targets = [node.target]
    elif isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, (ast.With, ast.AsyncWith)):
        targets = [i.optional_vars for i in node.items if i.optional_vars is not None]
    elif isinstance(node, (ast.Global, ast.Nonlocal)):
        return list(node.names)
    else:
        return _bound_name(node)
    return [n for t in targets for n in target_names(t)]


def _bound_name(node: ast.AST) -> list[str]:
    """The one name a lambda's or nested def's parameter, ``except ... as``, a ``match`` capture, an import
    or a nested def/class binds: each rebinds the loop name, so ``e.key`` after it reads another object."""
    name: str | None = None
    if isinstance(node, ast.arg):
        name = node.arg
    elif isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)):
        name = node.name
    elif isinstance(node, ast.MatchMapping):
        name = node.rest
    elif isinstance(node, ast.alias):
        name = node.asname or node.name.split(".")[0]
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        name = node.name
    return [name] if name else []


def values_of(iterable: ast.expr) -> ast.expr | None:
    """``x.values()``: the mapping ``x`` whose values the loop walks; else None."""
    call = iterable if isinstance(iterable, ast.Call) and not iterable.args and not iterable.keywords else None
    func = call.func if call is not None else None
    return func.value if isinstance(func, ast.Attribute) and func.attr == "values" else None


def element(annotation: ast.expr | None, values: bool) -> ast.expr | None:
    """The element class a container annotation names: ``list[Foo]`` -> ``Foo`` (a mapping's value with
    ``values``: ``dict[str, Foo]`` -> ``Foo``); None for anything else, or an element that is no plain name."""
    found = _parameter(annotation, values)
    return found if isinstance(found, (ast.Name, ast.Attribute)) else None


def walked_container(func: ast.AST, name: str, annotations: Mapping[str, ast.expr]) -> ast.expr | None:
    """The container annotation a loop variable holds, where the annotation of what its loop walks nests one:
    ``for ranges in by_mod.values()`` with ``by_mod: dict[str, list[Range]]`` -> ``list[Range]``; ``for row in
    grid`` with ``grid: list[list[int]]`` -> ``list[int]``.  None when the loop walks no annotated name, or its
    element is no container (a class is ``element``'s)."""
    source = loop_sources(func).get(name)
    if source is None:
        return None
    mapping = values_of(source)
    walked = source if mapping is None else mapping
    annotation = annotations.get(walked.id) if isinstance(walked, ast.Name) else None
    inner = _parameter(annotation, mapping is not None)
    return inner if isinstance(inner, ast.Subscript) else None


def _parameter(annotation: ast.expr | None, values: bool) -> ast.expr | None:
    """The element parameter of a container annotation, whatever it is: a sequence's item, a mapping's value."""
    if not isinstance(annotation, ast.Subscript):
        return None
    kind, args = last_name(annotation.value), annotation.slice
    params = list(args.elts) if isinstance(args, ast.Tuple) else [args]
    if values and kind in MAPPINGS and len(params) == 2:
        return params[1]
    if not values and kind in SEQUENCES and len(params) == 1:
        return params[0]
    return None


def base_element(node: ast.ClassDef, values: bool) -> ast.expr | None:
    """The element a class's subscripted container base names: ``class Item(UserDict[str, Elem])`` -> ``Elem``."""
    for base in node.bases:
        found = element(base, values)
        if found is not None:
            return found
    return None
