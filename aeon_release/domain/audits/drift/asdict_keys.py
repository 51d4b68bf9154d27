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
"""

from __future__ import annotations

import ast
import functools
from enum import Enum

from aeon_release.domain.audits.source import plain_name

# what a ``try`` around ``asdict(x)["k"]`` catches when the key is gone
CAUGHT = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})


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


def key_read(node: ast.expr, spelt: frozenset[str]) -> tuple[ast.expr, str, How] | None:
    """(the instance, the key, how it is read) of a key read off ``asdict(instance)``, else None."""
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
    if not isinstance(made, ast.Call) or len(made.args) != 1 or made.keywords or plain_name(made.func) not in spelt:
        return None  # asdict(x, dict_factory=...) builds another mapping: its keys are the factory's to say
    return made.args[0], key.value, how
