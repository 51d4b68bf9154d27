"""The compiled methods of the dataclasses, kept from one run of the tool to the next.

``dataclasses`` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` and a frozen
class's ``__setattr__`` and ``__delattr__`` as Python text and ``exec``s it when the class is made (up to
Python 3.12 one ``exec`` per method).  The compile of those small texts was half of a merge's import CPU
(0.20 of 0.41 s: 1,566 distinct texts for the ~300 classes of the command and the checks' process, perf31,
docs/speed-history.md), paid again by every run, although a text compiles to the same code every time.  So
the code compiled from each text is kept, as Python keeps a module's bytecode: beside this module's (its
``__pycache__`` folder, or under ``sys.pycache_prefix``), named by the interpreter's cache tag, checked
against its bytecode's magic number, and not written when Python is told to write no bytecode.  A text is
looked up by its whole self, so a kept code is the one ``exec`` would compile: the classes and their
methods are the same, only not compiled again.  A cache that is missing, damaged, of another interpreter
or not writable is passed over: the methods are then compiled as before.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import importlib.util
import marshal
import os
import sys
import types
from pathlib import Path
from typing import Any


def _cache_file() -> Path | None:
    """Beside this module's own bytecode (its ``__pycache__``, or under ``sys.pycache_prefix`` when set, as
    Python places it); None where Python keeps no bytecode (no cache tag)."""
    try:
        own = importlib.util.cache_from_source(__file__)
    except NotImplementedError:
        return None
    return Path(own).parent / f"dataclass-methods.{sys.implementation.cache_tag}.bin"


_FILE = _cache_file()
_MOST = 20_000  # texts kept at most: past it, only those of this run are written
_MOST_BYTES = 64 << 20  # a larger file is passed over


@dataclasses.dataclass
class _Cache:
    codes: dict[str, types.CodeType]
    used: set[str]  # the texts this process asked for
    new: bool = False  # some text was compiled here


_CACHE: _Cache | None = None


def install() -> None:
    """Serve the dataclasses' ``exec`` of their method texts from the cache (read once, here) from now
    on, in this process and the children it forks; the code of a text not kept is compiled, and kept
    by ``save`` (registered to run at this process's exit)."""
    global _CACHE
    if _CACHE is not None or _FILE is None:
        return
    _CACHE = _Cache(_read(_FILE), set())
    # ``dataclasses`` calls ``exec`` by its global name: a module global of that name is found before the builtin
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    import atexit

    atexit.register(save)


def _exec(source: object, globals: dict[str, Any] | None = None, locals: dict[str, Any] | None = None) -> None:  # noqa: A002 - exec's own names
    """``exec`` as ``dataclasses`` calls it, a text compiled at most once across runs."""
    cache = _CACHE
    if cache is None or not isinstance(source, str):
        builtins.exec(source, globals, locals)  # type: ignore[arg-type]
        return
    code = cache.codes.get(source)
    if code is None:
        # dont_inherit: the text is compiled with no future flags, as ``exec`` called from dataclasses (which
        # has none) compiles it; this module's ``annotations`` would make the methods' annotations strings
        code = compile(source, "<string>", "exec", dont_inherit=True)
        cache.codes[source] = code
        cache.new = True
    cache.used.add(source)
    builtins.exec(code, globals, locals)


def _read(path: Path) -> dict[str, types.CodeType]:
    """The kept codes; none when the file is missing, damaged, too large or written by another interpreter."""
    try:
        with path.open("rb") as handle:
            data = handle.read(_MOST_BYTES + 1)
    except OSError:
        return {}
    if len(data) > _MOST_BYTES:  # not one this module wrote (~1 KB a text): not read whole
        return {}
    magic = importlib.util.MAGIC_NUMBER
    if not data.startswith(magic):
        return {}
    try:
        codes = marshal.loads(data[len(magic) :])
    except (ValueError, EOFError, TypeError):
        return {}
    if not isinstance(codes, dict):
        return {}
    return {k: v for k, v in codes.items() if isinstance(k, str) and isinstance(v, types.CodeType)}


def save() -> None:
    """Keep the codes compiled in this process (merged with those another process kept meanwhile); nothing
    when none was compiled, when Python is told to write no bytecode, or when the folder is not writable."""
    cache = _CACHE
    if cache is None or not cache.new or sys.dont_write_bytecode or _FILE is None:
        return
    cache.new = False
    # RuntimeError: a thread made a class while the codes were copied (the next run keeps its texts)
    with contextlib.suppress(OSError, ValueError, RuntimeError):
        codes = _read(_FILE) | cache.codes
        if len(codes) > _MOST:  # texts of classes long changed: only those of this run are kept
            codes = {text: codes[text] for text in set(cache.used)}
        _write(_FILE, importlib.util.MAGIC_NUMBER + marshal.dumps(codes))


def _write(path: Path, data: bytes) -> None:
    """Replace ``path`` at once (a reader sees the old file or the new one, never half of one)."""
    import tempfile  # only when something is written: not on the import path of a run that finds every text

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
