"""Keys of ``dataclasses.asdict(x)``: a read of one is a read of ``x``'s field of that name.

``asdict`` makes a dict of the instance's dataclass fields, one key per field; an ``InitVar`` or a
``ClassVar`` is no field and has no key, while a ``field(init=False)`` still is one.  So a fork line
``dataclasses.asdict(scheduler_config)["max_model_len"]`` breaks the way ``scheduler_config.max_model_len``
does when upstream removes or renames the field, and worse when it makes it an ``InitVar`` (#28733): the
attribute read gets the class default, the key read raises KeyError.  Symbol drift and init-only drift read
the key as the field; this module only recognizes the spelling.

A read is ``asdict(x)["k"]`` (KeyError once the field is gone), ``asdict(x).get("k")`` (None, silently) or
``asdict(x).get("k", d)`` (the fork's own default, silently: the fork wrote the fallback, so its checks make
that a warning), where ``asdict`` is ``dataclasses.asdict`` spelt through the module's own import of it.
Since killers173 the dict may sit in a local first (``profile = dataclasses.asdict(pc)``, then
``profile["data_parallel_rank_local"]``, blind_replay_cfgparts' spelling of #17053): the local's one binding in
the function, above the read, and every other use of it a read of a key (``profile["k"]``, ``profile.get``,
``.items()``/``.keys()``/``.values()``): a local written into, handed on or bound twice may hold the key from
elsewhere, and is left alone.
"""

from __future__ import annotations

import ast
import functools
import typing
from enum import Enum

from aeon_release.domain.audits.drift.built_locals import name_index
from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.source import last_name, plain_name

# what a ``try`` around ``asdict(x)["k"]`` catches when the key is gone
CAUGHT = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})
# the methods of a dict that only read it: a local used only through these holds asdict's keys alone
_READING = frozenset({"get", "items", "keys", "values"})


class How(Enum):
    """How the key is read, which decides what the read answers once the field is gone."""

    KEY = "key"  # asdict(x)["k"]: KeyError
    GET = "get"  # asdict(x).get("k"): None
    DEFAULT = "default"  # asdict(x).get("k", d): the fork's d


@functools.lru_cache(maxsize=8)
def spellings(tree: ast.Module) -> frozenset[str]:
    """How the module spells ``dataclasses.asdict``: through ``import dataclasses [as d]`` or
    ``from dataclasses import asdict [as a]`` at any level (a lazy import in a function counts)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {f"{a.asname or a.name}.asdict" for a in node.names if a.name == "dataclasses"}
        elif isinstance(node, ast.ImportFrom) and node.module == "dataclasses" and not node.level:
            found |= {a.asname or a.name for a in node.names if a.name == "asdict"}
    return frozenset(found)


def key_read(
    node: ast.expr, spelt: frozenset[str], parents: dict[int, ast.AST] | None = None
) -> tuple[ast.expr, str, How] | None:
    """(the instance, the key, how it is read) of a key read off ``asdict(instance)``, else None; given the
    module's parents, also off a local the function binds once to ``asdict(instance)`` (see the docstring)."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        made, key, how = node.value, node.slice, How.KEY
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and len(node.args) in (1, 2)
        and not node.keywords
    ):
        made, key, how = node.func.value, node.args[0], How.DEFAULT if len(node.args) == 2 else How.GET
    else:
        return None
    if not (isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value.isidentifier()):
        return None
    if isinstance(made, ast.Name) and parents is not None:
        made = _held_dict(made, node, parents) or made
    if not isinstance(made, ast.Call) or len(made.args) != 1 or made.keywords or plain_name(made.func) not in spelt:
        return None  # asdict(x, dict_factory=...) builds another mapping: its keys are the factory's to say
    return made.args[0], key.value, how


def guarded_key(node: ast.AST) -> tuple[ast.expr, str] | None:
    """(the instance, the key) of a key read off any ``asdict(instance)``, for the guards alone: a ``hasattr``
    of the field, or a test that the dict holds the key, guards the read whatever spells ``asdict`` (reading
    too much as guarded only keeps a finding quiet)."""
    made = node.value if isinstance(node, ast.Subscript) else _got_from(node)
    spelt = plain_name(made.func) if _is_asdict(made) else None
    read = key_read(node, frozenset({spelt})) if spelt and isinstance(node, ast.expr) else None
    return None if read is None else (read[0], read[1])


def key_tested(test: ast.expr) -> tuple[ast.expr, str] | None:
    """(the instance, the key) of ``"key" in asdict(instance)``: true only where the field is still one."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.In)):
        return None
    listed, key = test.comparators[0], test.left
    if not (_is_asdict(listed) and isinstance(key, ast.Constant) and isinstance(key.value, str)):
        return None
    return listed.args[0], key.value


def key_guarded(node: ast.AST, held: ast.expr, key: str, parents: dict[int, ast.AST]) -> bool:
    """The read runs only where ``"key" in asdict(held)`` held: it sits in the body of an ``if`` (or the first
    arm of a conditional expression) testing that, alone or and-ed."""
    asked = (ast.unparse(held), key)
    child, node_up = node, parents.get(id(node))
    while node_up is not None:
        if isinstance(node_up, ast.If | ast.IfExp) and child is not node_up.test:
            inside = child is node_up.body if isinstance(node_up, ast.IfExp) else child in node_up.body
            test = node_up.test
            tests = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
            tested = {(ast.unparse(t[0]), t[1]) for t in map(key_tested, tests) if t is not None}
            if inside and asked in tested:
                return True
        child, node_up = node_up, parents.get(id(node_up))
    return False


def fallen_back(how: How, node: ast.expr, parents: dict[int, ast.AST]) -> How:
    """``asdict(x).get("k") or other``: the fork's ``or`` answers for the missing key as a default would."""
    parent = parents.get(id(node))
    if how is How.GET and isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or):
        return How.DEFAULT if parent.values[-1] is not node else how
    return how


def _held_dict(name: ast.Name, read: ast.AST, parents: dict[int, ast.AST]) -> ast.expr | None:
    """The value the local holds where only one binding above the read gives it one and every use of it reads a
    key; else None (a dict the fork fills, passes on or rebinds may hold keys of its own)."""
    func = enclosing(read, parents)
    index = name_index(func) if func is not None else None
    assigns = index.assigns.get(name.id, []) if index is not None else []
    if index is None or index.stores.get(name.id, 0) != 1 or len(assigns) != 1:
        return None
    if assigns[0].lineno >= getattr(read, "lineno", 0) or not all(
        _reads_a_key(use, parents) for use in index.loads.get(name.id, [])
    ):
        return None
    return assigns[0].value


def _reads_a_key(use: ast.Name, parents: dict[int, ast.AST]) -> bool:
    """``d["k"]`` (a load) or ``d.get``/``d.items``... : the use only reads the dict."""
    parent = parents.get(id(use))
    if isinstance(parent, ast.Subscript):
        return isinstance(parent.ctx, ast.Load)
    return isinstance(parent, ast.Attribute) and parent.attr in _READING


def _got_from(node: ast.AST) -> ast.expr | None:
    """``m`` of ``m.get(...)``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return node.func.value
    return None


def _is_asdict(node: ast.AST | None) -> typing.TypeGuard[ast.Call]:
    """A call of one argument to a function named ``asdict`` however reached (``dataclasses.asdict``, ``dc.asdict``)."""
    return isinstance(node, ast.Call) and last_name(node.func) == "asdict" and len(node.args) == 1 and not node.keywords
