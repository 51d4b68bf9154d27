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
written for it.  Cheap: only the removed lines of the file that lost the key are read, as text.
"""

from __future__ import annotations

import ast
import re

from aeon_release.domain.audits.drift.dropped_choices import expects_refusal
from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.source import last_name, str_value

# what a registry's lookup raises on a key it lacks (``ExtensionManager.load`` asserts; a dict's raises KeyError)
_MISSES = frozenset({"AssertionError", "KeyError", "LookupError", "ValueError", "Exception", "BaseException"})
_REGISTERING = re.compile(r"\w{0,100}register\w{0,100}")


def looked_up_registry(call: ast.Call, key: str, removed: list[str], parents: dict[int, ast.AST]) -> str | None:
    """The registry ``call`` looks ``key`` up in (its receiver as the line spells it), when ``removed`` (the
    lines upstream's diff took out of one file) registered ``key`` into an object of that last name; else None."""
    func = call.func
    if not isinstance(func, ast.Attribute) or _REGISTERING.fullmatch(func.attr):
        return None
    registry, passed = last_name(func.value), key_argument(call)
    if not registry or str_value(passed) != key or not _registered_into(registry, key, removed):
        return None
    if caught_around(call, _MISSES, parents) or expects_refusal(call, parents):
        return None
    return ast.unparse(func.value)


def key_argument(call: ast.Call) -> ast.expr | None:
    """What a lookup passes its key as: the first positional argument, or the only keyword argument of a call
    with no positional one (``load(cls_name="glm4_6v")``)."""
    if call.args:
        return None if isinstance(call.args[0], ast.Starred) else call.args[0]
    return call.keywords[0].value if len(call.keywords) == 1 and call.keywords[0].arg else None


def _registered_into(registry: str, key: str, removed: list[str]) -> bool:
    """A removed line registers ``key`` into ``registry`` (``@registry.register("key")``), or opens such a
    call whose next removed line is the key (``@registry.register(`` / ``"key",``)."""
    quoted = rf"""["']{re.escape(key)}["']"""
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
