"""Reading the tree: where files come from, globs, a per-run cache of texts and `ast` modules, symbol lookup.

An audit reads either a checkout (:class:`WorkTree`) or a revision straight from git's object database
(:class:`GitTree`).  Both list regular files only: a symlink is never followed (in a revision it is
link text; in a checkout it may point at the host), and a FIFO, socket or device is never opened,
so a hostile tree can neither hang the audit nor read host files.  Files over a size cap are listed
as skipped instead of read.
"""

from __future__ import annotations

import ast
import bisect
import collections
import contextlib
import functools
import hashlib
import io
import os
import posixpath
import re
import stat
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, cast

from aeon_release.adapters.blobs import (
    MODE_GITLINK,
    MODE_LINK,
    Entry,
    TooLarge,
    blob_sizes,
    ls_tree,
    splits_a_request,
)
from aeon_release.adapters.git import not_opened, shared_reader
from aeon_release.adapters.gitenv import case_as_the_disk, check_work_tree_files, git_env
from aeon_release.domain.audits import linear
from aeon_release.errors import GitError, UsageError, printable

_SKIP_DIRS = frozenset({".git", "__pycache__", ".mypy_cache", ".pytest_cache", ".tox", ".venv", "node_modules"})
DEFAULT_MAX_BYTES = 8 * 1024 * 1024  # a large fork's largest Python file is ~0.4 MB; a 12 MB file is an attack
FUNCTION_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)  # a def of either kind, for isinstance
NOT_LITERAL = object()  # literal_value's answer for an expression that is no literal


def literal_value(node: ast.AST | str) -> object:
    """``ast.literal_eval``'s value, or NOT_LITERAL where there is none: a name, a call, an operator it does
    not take, or a literal nested deeper than Python's stack (hostile text)."""
    try:
        return ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return NOT_LITERAL


class _LazyPattern:
    """A regular expression compiled at its first use: each attribute read once (``search``, ``pattern`` ...)
    is the compiled pattern's own, kept on the instance so later reads are a plain attribute's."""

    def __init__(self, source: str, flags: int) -> None:
        self._lazy_source, self._lazy_flags = source, flags

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_lazy"):  # not yet set (an unpickled copy): no recursion through this method
            raise AttributeError(name)
        value = getattr(re.compile(self._lazy_source, self._lazy_flags), name)
        setattr(self, name, value)
        return value

    def __repr__(self) -> str:
        return f"lazy_pattern({self._lazy_source!r}, {self._lazy_flags!r})"


def lazy_pattern(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)`` when first read, for a module's constant: the drift checks' ~440 patterns
    cost ~50 ms of CPU compiled at import, every merge, though most are read only once a check's own gate
    passes (perf33).  The same compiled pattern answers each method, so what it matches is ``re.compile``'s;
    it is no ``re.Pattern`` to ``isinstance`` or to ``re.search(p, ...)``: read it only through attributes
    (``tests/audits/test_lazy_patterns.py`` checks every module's constants are)."""
    return cast("re.Pattern[str]", _LazyPattern(source, flags))


DEFAULT_MAX_PARSE_BYTES = 1024 * 1024  # CPython's parser needs ~250 bytes of memory per source byte


def unquoted(expr: ast.expr) -> ast.expr:
    """A string annotation (``"Foo"``, ``"Foo | None"``) parsed into the expression it spells; anything else, or a
    string that does not parse, as written."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        parsed = parsed_expression(expr.value)
        return expr if parsed is None else parsed
    return expr


def parsed_expression(text: str, path: str = "<annotation>") -> ast.expr | None:
    """The one expression ``text`` spells (a quoted annotation, a call's text), read by ``parse_python``; None for
    text that is no single expression, does not parse, or nests past the parser.  The tree is parse_python's
    shared one: copy it before changing it.

    A bare ``ast.parse`` of a quoted 3,000-term ``int | int | ...`` raises RecursionError, on the audit's rerun over
    cut trees too, so every merge-aware check was lost to one string ("could not run"); of a NUL escape, ValueError
    on Python 3.10 (a crash).  ``parse_python`` turns both into None and is cut on the rerun."""
    parsed = parse_python(text, path)
    body = parsed.body if parsed is not None else []
    return body[0].value if len(body) == 1 and isinstance(body[0], ast.Expr) else None


def quiet_parse(text: str, filename: str = "<unknown>", mode: str = "exec") -> Any:
    """``ast.parse`` without the warnings it prints: a ``1if`` or a ``"\\d"`` in the tree's code is a
    SyntaxWarning on stderr (one line per place: a hostile file made thousands of them in a merge's
    output), and what the tree's code would warn about is not the tool's to say."""
    tree = _parsed(text, filename, mode)
    huge = huge_integer(tree, text)
    if huge is not None:
        raise huge
    return tree


def _parsed(text: str, filename: str = "<unknown>", mode: str = "exec") -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.parse(text, filename=filename, mode=mode)


# Python reads a hexadecimal, octal or binary literal of any length, and no ``str()``, ``repr()``, f-string or
# ``ast.unparse`` of an integer past 4,300 decimal digits works: ``KV_QUANT_MODE == 0xfff...`` (5,000 digits) made
# the enum-literal rule's message a ValueError traceback, and the gate of the pull request crashed.  Such a literal
# is one unbroken run of digits on one line (3,571 hexadecimal digits at the least): a text without a run of
# _HUGE_RUN of them is not walked (one ``translate`` and one search: 31-49 ms over the 17.8 MB of a real fork's
# Python, load average 4-5, where parsing it takes 3.3-5.7 s).
_HUGE_RUN = 3500
_DIGIT_BYTES = bytes(0x31 if chr(b) in "0123456789abcdefABCDEF_" else 0x30 for b in range(256))
_LONG_RUN = b"1" * _HUGE_RUN


def huge_integer(tree: ast.AST | None, text: str | bytes) -> SyntaxError | None:
    """A SyntaxError naming the first integer literal of ``text`` (parsed as ``tree``, or here) past the digits
    Python prints, which no message, report or ``ast.unparse`` of the code can hold; None for the rest."""
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    limit = sys.get_int_max_str_digits()
    if len(data) < _HUGE_RUN or _LONG_RUN not in data.translate(_DIGIT_BYTES) or not limit:
        return None
    if tree is None:
        try:
            tree = _parsed(text if isinstance(text, str) else text.decode("utf-8", "replace"))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None  # the compiler says what it makes of it
    bound = 10**limit
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and type(node.value) is int and node.value >= bound:
            problem = SyntaxError(
                f"an integer literal of more than {limit} decimal digits, which Python cannot print "
                "(no finding or report could show it): write it as an expression (2**N - 1)"
            )
            problem.lineno = getattr(node, "lineno", 0)
            return problem
    return None


# a test's file (pytest's layout and names): upstream's tests read and assert what its served code need not
TEST_PATH = re.compile(r"(?:^|/)(?:tests?/|test_[^/]*\.py$|[^/]*_test\.py$|conftest\.py$)")
# a logger's reporting methods (``logger.warning``, ``warning_once``): a call of one only shows its arguments
LOG_METHODS = frozenset({"debug", "info", "warning", "warning_once", "info_once", "error", "exception", "critical"})
_NOT_SERVED = frozenset({"tests", "test", "benchmarks", "examples", "docs"})  # top-level folders


def not_served(path: str) -> bool:
    """A file of a top-level folder the service never imports: tests, benchmarks, examples, docs."""
    return path.split("/", 1)[0] in _NOT_SERVED


def parse_module(text: str, path: str, max_bytes: int = DEFAULT_MAX_PARSE_BYTES) -> ast.Module | SyntaxError:
    """``ast.parse``, with every way it can fail on hostile text turned into a SyntaxError value."""
    if len(text) > max_bytes:
        return SyntaxError(f"{len(text)} characters, over the {max_bytes}-byte parse cap (settings.max_parse_bytes)")
    if text.startswith("\ufeff"):  # a UTF-8 byte-order mark: Python skips it in a file, ast.parse of str refuses it
        text = text[1:]
    try:
        module: ast.Module = quiet_parse(text, path)
    except SyntaxError as exc:
        return exc
    except ValueError as exc:  # source with NUL bytes
        return SyntaxError(str(exc))
    except RecursionError:
        return SyntaxError("could not be parsed: too deeply nested")
    except MemoryError:
        return SyntaxError("could not be parsed: too large or too deeply nested")
    if _LIMITS.cut is not None:
        _cut_deep(module, path, _LIMITS.cut)
    return module


# -- the merge-aware checks' parses ---------------------------------------------------------------
# ``ast.parse`` takes expressions nested a thousand levels deep (``-`` * 900 + ``1``, a chain of
# 900 ``+``) that ``ast.unparse``, ``ast.dump``, ``literal_eval`` and the checks' own recursive
# helpers cannot walk: Python's stack runs out at ~300 levels.  Measuring every tree would cost a
# fifth of each parse on every merge, so the checks run on whole trees; when a walk runs out of
# stack (hostile text) they run again on trees cut at MAX_DEPTH (``parse_limits(cut=...)``): a
# ``...`` stands where an expression went deeper, and the files cut are reported.
MAX_DEPTH = 100


@dataclass
class _Limits:
    max_bytes: int = DEFAULT_MAX_PARSE_BYTES  # settings.max_parse_bytes: text over it is not parsed
    cut: dict[str, int] | None = None  # when cutting: path -> the first line cut


_LIMITS = _Limits()


@contextlib.contextmanager
def parse_limits(max_bytes: int, cut: dict[str, int] | None = None) -> Iterator[None]:
    """``parse_python`` within: text over ``max_bytes`` is not parsed; with ``cut``, every tree
    ``parse_module`` makes is cut at MAX_DEPTH and the files cut are noted in it."""
    global _LIMITS
    saved, _LIMITS = _LIMITS, _Limits(max_bytes, cut)
    try:
        yield
    finally:
        _LIMITS = saved


def parse_python(text: str, path: str = "<unknown>") -> ast.Module | None:
    """The merge-aware checks' ``ast.parse``: None for text that does not parse, is over the parse cap
    (a 3 MB module takes ~1 GB and seconds to parse) or is too deep for the parser.

    A text is parsed once for every check that asks (the checks never change a tree they are given:
    what they rewrite, they copy first, or parse with ``parse_own``): on ROCm's real 720-commit upstream merge the checks asked for
    604 parses of 472 texts, 42% of the 15.1 MB parsed twice or more.  A cut tree notes its path in the
    run's cut list, so while cutting every parse is the caller's own."""
    return _whole_parse()(text, _LIMITS.max_bytes) if _LIMITS.cut is None else parse_own(text, path)


def parse_own(text: str, path: str = "<unknown>") -> ast.Module | None:
    """``parse_python``'s tree, the caller's own to change (a block's positions shifted to the file's)."""
    module = parse_module(text, path, _LIMITS.max_bytes)
    return None if isinstance(module, SyntaxError) else module


def _whole(text: str, max_bytes: int) -> ast.Module | None:
    module = parse_module(text, "<unknown>", max_bytes)  # the name is only an error's, and an error is None
    return None if isinstance(module, SyntaxError) else module


@functools.cache
def _whole_parse() -> Callable[[str, int], ast.Module | None]:
    """The trees of the most recent 24 MB of text (a tree takes ~26 bytes of memory per byte of source:
    ~0.6 GB), made on the first parse: a small merge whose audit parses nothing loads no thread pool's
    module (the memo's futures)."""
    from aeon_release.domain.audits.memo import Memo

    return Memo(_whole, size=24 * 1024 * 1024, weigh=lambda text, max_bytes: len(text))


def _cut_deep(module: ast.Module, path: str, cut: dict[str, int]) -> None:
    """Replace every expression deeper than MAX_DEPTH by ``...`` and every statement by ``pass``
    (iteratively: no walk of ours recurses).

    Statements nest without indenting: each ``elif`` is an ``If`` in the one before's ``orelse``, so a
    chain of 1,000 (Python compiles up to ~2,900) is 1,000 levels deep, and the checks' statement walks
    (symbol drift's) ran out of stack on a fork's table of them even on the cut trees: every merge-aware
    finding of the merge was gone for one warning naming no file, exit 0."""
    pending: list[tuple[ast.AST, int]] = [(module, 0)]
    while pending:
        node, depth = pending.pop()
        for name, value in ast.iter_fields(node):
            items = value if isinstance(value, list) else [value]
            for i, item in enumerate(items):
                if not isinstance(item, ast.AST):
                    continue
                if depth + 1 < MAX_DEPTH or not isinstance(item, ast.expr | ast.stmt):
                    pending.append((item, depth + 1))
                    continue
                stub = ast.copy_location(ast.Constant(value=...) if isinstance(item, ast.expr) else ast.Pass(), item)
                if isinstance(value, list):
                    value[i] = stub
                else:
                    setattr(node, name, stub)
                line = getattr(item, "lineno", 0)
                cut[path] = min(cut.get(path, line), line)


class ReadJob(Protocol):
    """A picklable batch of files for a worker process: ``(path, bytes)`` for each one it can read."""

    def read_all(self) -> Iterator[tuple[str, bytes]]: ...


class Tree(Protocol):
    """The files an audit looks at, wherever they live."""

    label: str  # for messages: a directory, or ``rev`` in a repository

    def files(self) -> list[str]:
        """Regular files to audit, as sorted posix paths relative to the tree."""

    def skipped(self) -> dict[str, str]:
        """Entries that are not audited, with why: symlinks, non-regular files, files over the cap."""

    def read(self, path: str) -> bytes | None:
        """A listed file's bytes; None for anything not listed or unreadable."""

    def size(self, path: str) -> int: ...

    def link_text(self, path: str) -> str | None:
        """A symlink's target as written, never followed; None for anything else."""

    def cap(self, max_bytes: int) -> None:
        """Apply a size cap: files over it move to ``skipped()``."""

    def oid(self, path: str) -> str | None:
        """The file's git blob id when it is known without reading it (the findings cache's key)."""

    def job(self, paths: list[str]) -> ReadJob: ...

    def fingerprint(self) -> str | None:
        """A name for everything the audit could read (paths, blobs, what is skipped), the same in
        every process; None when there is none.  The findings cache keeps whole reports under it."""

    def close(self) -> None: ...


def open_regular(path: str, max_bytes: int) -> bytes | None:
    """A regular file's bytes without following a symlink or blocking on a FIFO; None otherwise."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > max_bytes:
            return None
        chunks, left = [], max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        return None if len(data) > max_bytes else data
    except OSError:
        return None
    finally:
        os.close(fd)


@dataclass(frozen=True)
class _FsJob:
    root: str
    paths: tuple[str, ...]
    max_bytes: int
    indexed: tuple[tuple[str, str], ...] = ()  # (path, the index's blob id) of the clean tracked files

    def read_all(self) -> Iterator[tuple[str, bytes]]:
        oids = dict(self.indexed)
        stored = _Stored(Path(self.root))
        try:
            for rel in self.paths:
                data = open_regular(os.path.join(self.root, rel), self.max_bytes)
                data = stored.unless_converted(data, oids.get(rel), self.max_bytes)
                if data is not None:
                    yield rel, data
        finally:
            stored.close()


class _Stored:
    """The blobs of a work tree's clean tracked files whose checkout holds other bytes than git stores.

    git converts a file on checkout when the tree's ``.gitattributes`` asks (``working-tree-encoding``,
    ``eol``, ``ident``; a ``filter`` the config defines): a ``.cu`` of conflict markers checked out as
    UTF-16 passed the work-tree audit, while the build's context and every revision's audit read the
    blob, and that pass was kept under the blob's id for them (the findings cache's key: the index's id
    of a file git's stat check calls unchanged).  Such a file is audited as git stores it, what is
    committed and built; the check is one hash of the bytes read."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def unless_converted(self, data: bytes | None, oid: str | None, max_bytes: int) -> bytes | None:
        """``data`` read from the checkout, or the blob ``oid`` when git converted it on checkout."""
        if data is None or oid is None or is_blob(data, oid):
            return data
        return self.read(oid, max_bytes)

    def read(self, oid: str, max_bytes: int) -> bytes | None:
        """The blob, or None when the repository lacks it or it is over ``max_bytes``."""
        with shared_reader(self.root) as blobs:  # the process's own reader of the repository (git.shared_reader)
            data = blobs.read(oid)
        return data if data is not None and len(data) <= max_bytes else None

    def close(self) -> None:
        """Nothing of its own to stop: the reader is the process's, kept for the repository's next reads."""


@dataclass(frozen=True)
class _GitJob:
    repo: str
    items: tuple[tuple[str, str], ...]  # (path, blob id)

    def read_all(self) -> Iterator[tuple[str, bytes]]:
        """Through the process's one reader of the repository (a worker's own after its fork), which its later
        reads take too; held for one blob at a time, never across a ``yield``."""
        for rel, oid in self.items:
            with shared_reader(Path(self.repo)) as blobs:
                data = blobs.read(oid)
            if data is not None:
                yield rel, data


@dataclass(frozen=True)
class _Jobs:
    parts: tuple[ReadJob, ...]

    def read_all(self) -> Iterator[tuple[str, bytes]]:
        for part in self.parts:
            yield from part.read_all()


@dataclass
class WorkTree:
    """A directory on disk.  In a git work tree, the files git tracks plus untracked ones it does not ignore."""

    root: Path
    max_bytes: int = DEFAULT_MAX_BYTES
    _files: list[str] = field(default_factory=list, init=False)
    _skipped: dict[str, str] = field(default_factory=dict, init=False)
    _sizes: dict[str, int] = field(default_factory=dict, init=False)
    _oversize: dict[str, int] = field(default_factory=dict, init=False)
    _linked_dirs: dict[str, bool] = field(default_factory=dict, init=False)
    _oids: dict[str, str] | None = field(default=None, init=False)
    _base: str = field(default="", init=False)
    _stats: dict[str, tuple[int, int, int, int]] = field(default_factory=dict, init=False)
    _sparse: dict[str, str] = field(default_factory=dict, init=False)  # git's skip-worktree entries: path -> mode
    _indexed: dict[str, str] = field(default_factory=dict, init=False)  # path -> blob id, read from git
    _gitlinks: frozenset[str] = field(default=frozenset(), init=False)  # submodules git tracks here
    _stored: _Stored = field(init=False)

    def __post_init__(self) -> None:
        self.label = str(self.root)
        self._stored = _Stored(self.root)
        self._base = os.path.join(str(self.root), "")  # joined by hand: pathlib's `/` cost 50 µs a file
        listed = _git_lists(self.root)
        if listed is not None:
            candidates, self._oids, self._sparse, self._gitlinks = listed
        for rel in candidates if listed is not None else _walk(self.root):
            self._classify(rel)
        if self._indexed:
            self._size_indexed()
        self._files.sort()

    def _size_indexed(self) -> None:
        """A sparse checkout's files that are not on disk are the index's blobs: audited from git, as
        ``--rev`` reads a commit (a work-tree audit read only what was on disk, and a carry's marker in
        a file outside the checkout read as lost)."""
        sizes = blob_sizes(self.root, sorted(set(self._indexed.values())))
        for rel, oid in list(self._indexed.items()):
            size = sizes.get(oid)
            if size is None:
                del self._indexed[rel]
                self._skipped[rel] = "outside the sparse checkout, and its blob is not in the repository"
            elif size > self.max_bytes:
                self._skipped[rel] = _over(size, self.max_bytes)
                self._oversize[rel] = size
            else:
                self._files.append(rel)
                self._sizes[rel] = size

    def _under_link(self, rel: str) -> bool:
        """Whether a folder on the way to ``rel`` is a symlink (lstat follows every part but the last)."""
        parent = rel.rpartition("/")[0]
        if not parent:
            return False
        if parent not in self._linked_dirs:
            self._linked_dirs[parent] = self._under_link(parent) or os.path.islink(self._base + parent)
        return self._linked_dirs[parent]

    def _classify(self, rel: str) -> None:
        if rel in self._gitlinks:  # a folder on disk (or nothing): another repository's files, never listed
            self._skipped[rel] = SUBMODULE
            return
        if self._under_link(rel):
            self._skipped[rel] = "inside a symlinked folder (not followed)"
            return
        try:
            info = os.lstat(self._base + rel)
        except OSError:
            mode = self._sparse.get(rel)
            if mode == MODE_LINK:  # as ``--rev`` reads one: link text is no file's content
                self._skipped[rel] = "symlink (its link text is not audited)"
                return
            oid = self._oids.get(rel) if self._oids is not None and mode is not None and mode != MODE_GITLINK else None
            if oid is not None:
                self._indexed[rel] = oid  # outside a sparse checkout: git keeps it in the index only
            return  # else tracked but deleted in the work tree
        if stat.S_ISLNK(info.st_mode):
            self._skipped[rel] = "symlink (not followed)"
        elif not stat.S_ISREG(info.st_mode):
            self._skipped[rel] = "not a regular file" if not stat.S_ISDIR(info.st_mode) else "directory"
        elif info.st_size > self.max_bytes:
            self._skipped[rel] = _over(info.st_size, self.max_bytes)
            self._oversize[rel] = info.st_size
            self._stats[rel] = _stat_key(info)
        else:
            self._files.append(rel)
            self._sizes[rel] = info.st_size
            self._stats[rel] = _stat_key(info)

    def cap(self, max_bytes: int) -> None:
        """Apply the config's size cap (``settings.max_file_bytes``), up or down."""
        sizes = {**self._sizes, **self._oversize}
        self.max_bytes = max_bytes
        for rel in self._oversize:
            self._skipped.pop(rel, None)
        self._sizes = {rel: n for rel, n in sizes.items() if n <= max_bytes}
        self._oversize = {rel: n for rel, n in sizes.items() if n > max_bytes}
        self._skipped.update({rel: _over(n, max_bytes) for rel, n in self._oversize.items()})
        self._files = sorted(self._sizes)

    def files(self) -> list[str]:
        return list(self._files)

    def skipped(self) -> dict[str, str]:
        return {k: v for k, v in self._skipped.items() if v != "directory"}

    def read(self, path: str) -> bytes | None:
        if path not in self._sizes:
            return None
        if path in self._indexed:
            return self._stored.read(self._indexed[path], self.max_bytes)
        data = open_regular(self._base + path, self.max_bytes)
        return self._stored.unless_converted(data, self.oid(path), self.max_bytes)

    def size(self, path: str) -> int:
        return self._sizes.get(path, 0)

    def link_text(self, path: str) -> str | None:
        """A symlink's target as the checkout holds it (never followed); None for anything else."""
        if not self._skipped.get(path, "").startswith("symlink"):
            return None
        try:
            return os.readlink(self._base + path)
        except OSError:
            return None

    def oid(self, path: str) -> str | None:
        """The index's blob id of a tracked file that matches the index (git's stat check); else None."""
        if self._oids is None:
            self._oids = {}  # not a git work tree's top: no index to ask
        return self._oids.get(path) if path in self._sizes else None

    def job(self, paths: list[str]) -> ReadJob:
        on_disk = tuple(p for p in paths if p not in self._indexed)
        clean = tuple((p, oid) for p in on_disk if (oid := self.oid(p)) is not None)
        if not any(p in self._indexed for p in paths):
            return _FsJob(str(self.root), on_disk, self.max_bytes, clean)
        return _Jobs(
            (
                _FsJob(str(self.root), on_disk, self.max_bytes, clean),
                _GitJob(str(self.root), tuple((p, self._indexed[p]) for p in paths if p in self._indexed)),
            )
        )

    def fingerprint(self) -> str | None:
        """A digest of every listed file's path and blob id (the index's, else hashed from the bytes)
        and of what is skipped and why; None when a file cannot be read (it changed under us)."""
        digest = hashlib.sha256(b"work-tree\0")
        for rel in self._files:
            oid = self.oid(rel)
            if oid is None:
                data = self.read(rel)
                if data is None:
                    return None
                oid = blob_id(data)
            digest.update(os.fsencode(rel) + b"\0" + oid.encode("ascii") + b"\0")
        for rel, why in sorted(self.skipped().items()):
            digest.update(b"skipped\0" + os.fsencode(rel) + b"\0" + why.encode("utf-8", "surrogateescape") + b"\0")
        return f"work-tree:{digest.hexdigest()}"

    def unchanged(self) -> bool:
        """Whether every listed file still has the size, times and inode it had when listed: an
        audit's findings may be remembered under the listing's fingerprint only then."""
        for rel, before in self._stats.items():
            try:
                if _stat_key(os.lstat(self._base + rel)) != before:
                    return False
            except OSError:
                return False
        return True

    def close(self) -> None:
        self._stored.close()


_LISTING = "listing-"  # a GitTree's shared listings' names: listing-FORMAT-TREE.json
_LISTING_FORMAT = "1"
_KEPT_LISTINGS = 4  # a merge's own, and a few of the runs before it (each file ~100 bytes a path)


def _listed_rows(data: object) -> list[Entry] | None:
    """The rows of a shared listing, None unless every one is as written (a damaged or foreign file: listed
    again)."""
    rows = data.get("rows") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        return None
    found = []
    for row in rows:
        if not (isinstance(row, list) and len(row) == 4 and all(isinstance(v, str) for v in row[:3])):
            return None
        if type(row[3]) is not int:
            return None
        found.append(Entry(*row))
    return found


class GitTree:
    """A revision read from the object database: no checkout, nothing on disk followed.

    The listing is made when first asked for: an audit the findings cache answers whole needs
    only the revision's tree id (:meth:`fingerprint`).  ``share``: a folder where the listing is left
    under the tree's id, and taken from when another process left it there (the merge's process and
    its checks' process list the same merged revision).
    """

    def __init__(self, repo: Path, rev: str, max_bytes: int = DEFAULT_MAX_BYTES, share: Path | None = None) -> None:
        self.repo, self.rev, self.max_bytes, self.share = repo, rev, max_bytes, share
        self.label = f"{rev[:12]} in {repo}"
        self._listed = False
        self._entries: dict[str, Entry] = {}
        self._oversize: dict[str, Entry] = {}
        self._skipped: dict[str, str] = {}
        self._links: dict[str, str] = {}  # symlink -> the blob of its link text
        self._ahead: threading.Thread | None = None  # the listing started by ``list_ahead``, not yet waited for
        self._ahead_failed: list[BaseException] = []

    @property
    def listed(self) -> bool:
        """Whether the revision has been listed (an audit the cache answers whole never lists it)."""
        self._wait_ahead()
        return self._listed

    def list_ahead(self) -> None:
        """Start listing the revision now, on a thread: ``git ls-tree --long`` of a large revision (40-200 ms,
        mostly git's wait on its object store for each blob's size) was the first thing a merge's audit did
        after asking git for the merge's paths and the revision's tree id, one wait after the other.  The
        first use of the listing (or of the size cap) waits for the thread and raises what the listing
        raised, as a listing made then would have; ``close`` waits for it too.  Nothing starts once listed."""
        if self._listed or self._ahead is not None:
            return

        def run() -> None:
            try:
                self._list_now()
            except BaseException as exc:  # noqa: BLE001 - raised again where the listing is first used
                self._ahead_failed.append(exc)

        self._ahead = threading.Thread(target=run, name="list-ahead", daemon=True)
        self._ahead.start()

    def _wait_ahead(self) -> None:
        ahead, self._ahead = self._ahead, None
        if ahead is None:
            return
        ahead.join()
        if self._ahead_failed:
            raise self._ahead_failed.pop()

    def _list(self) -> None:
        self._wait_ahead()
        if not self._listed:
            self._list_now()

    def _list_now(self) -> None:
        self._listed = True
        for entry in self._rows():
            if entry.is_link:
                self._skipped[entry.path] = "symlink (its link text is not audited)"
                self._links[entry.path] = entry.oid
            elif entry.mode == MODE_GITLINK:
                self._skipped[entry.path] = SUBMODULE
            elif not entry.is_regular:
                self._skipped[entry.path] = f"mode {entry.mode}"
            else:
                self._entries[entry.path] = entry
        self._cap(self.max_bytes)

    def _rows(self) -> list[Entry]:
        """The revision's ``ls-tree`` rows: from ``share`` when a process of the run left this tree's there,
        else from git, then left there.  A merge's own process and its checks' process each ran ``git ls-tree
        -r --long`` of the merged revision (40-200 ms of a large tree, mostly git's wait on its object store:
        perf44); the file is named by the tree's id, so it never stands for another tree."""
        tree = self.fingerprint() if self.share is not None else None
        if self.share is None or tree is None:
            return ls_tree(self.repo, self.rev, gitlinks=True)
        from aeon_release.domain.audits.reports import read_file, store_file

        path = self.share / f"{_LISTING}{_LISTING_FORMAT}-{tree.removeprefix('git-tree:')}.json"
        kept = _listed_rows(read_file(path))
        if kept is not None:
            return kept
        rows = ls_tree(self.repo, self.rev, gitlinks=True)
        data = {"rows": [[e.path, e.mode, e.oid, e.size] for e in rows]}
        store_file(path, data, _LISTING, _LISTING_FORMAT, _KEPT_LISTINGS)
        return rows

    def cap(self, max_bytes: int) -> None:
        """Apply the config's size cap (``settings.max_file_bytes``), up or down."""
        self._wait_ahead()  # (the listing's thread applied the cap it was started with)
        self._cap(max_bytes)

    def _cap(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        if not self._listed:
            return  # applied when listed
        entries = {**self._entries, **self._oversize}
        for rel in self._oversize:
            self._skipped.pop(rel, None)
        self._entries = {rel: e for rel, e in entries.items() if e.size <= max_bytes}
        self._oversize = {rel: e for rel, e in entries.items() if e.size > max_bytes}
        self._skipped.update({rel: _over(e.size, max_bytes) for rel, e in self._oversize.items()})

    def fingerprint(self) -> str | None:
        """The revision's tree id: it names every path, mode and blob (the size cap is a setting).  Asked
        of the tree's own ``cat-file --batch`` (the audit reads through it next): a ``rev-parse`` process
        less on every audit.  A name the batch cannot answer is asked of ``rev-parse``, as before."""
        if "\0" not in self.rev and not splits_a_request(self.rev):
            with contextlib.suppress(GitError):  # a damaged repository: rev-parse answers as it did
                with shared_reader(self.repo) as blobs:
                    peeled = blobs.peeled(self.rev, "tree")
                return None if peeled is None else f"git-tree:{peeled[0]}"
        env = git_env()
        command = ["git", "-C", str(self.repo), "rev-parse", "--verify", "--quiet", "--end-of-options"]
        done = subprocess.run([*command, f"{self.rev}^{{tree}}"], capture_output=True, env=env)
        tree_id = done.stdout.decode("ascii", "replace").strip()
        return f"git-tree:{tree_id}" if done.returncode == 0 and tree_id else None

    def files(self) -> list[str]:
        self._list()
        return sorted(self._entries)

    def skipped(self) -> dict[str, str]:
        self._list()
        return dict(self._skipped)

    def oid(self, path: str) -> str | None:
        self._list()
        entry = self._entries.get(path)
        return entry.oid if entry else None

    def read(self, path: str) -> bytes | None:
        self._list()
        entry = self._entries.get(path)
        if entry is None:
            return None
        with shared_reader(self.repo) as blobs:
            return blobs.read(entry.oid)

    def read_many(self, paths: Sequence[str]) -> dict[str, bytes | None]:
        """``read`` of each path, the blobs asked of git in batches (``Blobs.read_many``)."""
        self._list()
        oids = {p: entry.oid for p in paths if (entry := self._entries.get(p)) is not None}
        with shared_reader(self.repo) as blobs:
            got = blobs.read_many(list(dict.fromkeys(oids.values())))
        return {p: got[oids[p]] if p in oids else None for p in paths}

    def size(self, path: str) -> int:
        self._list()
        entry = self._entries.get(path)
        return entry.size if entry else 0

    def link_text(self, path: str) -> str | None:
        """A symlink's target as committed (never followed); None for anything else."""
        self._list()
        oid = self._links.get(path)
        try:
            if oid is None:
                return None
            with shared_reader(self.repo) as blobs:
                data = blobs.read(oid, 4096)
        except TooLarge:  # no system takes a link of more: it leads nowhere a file is
            return None
        return os.fsdecode(data) if data is not None else None

    def job(self, paths: list[str]) -> ReadJob:
        self._list()
        return _GitJob(str(self.repo), tuple((p, self._entries[p].oid) for p in paths if p in self._entries))

    def close(self) -> None:
        """Nothing of its own to stop: its blobs are read through the process's one ``git cat-file --batch`` of
        the repository (``git.shared_reader``), which the merge's checks read the three sides through as well
        (a tree's own reader was one more git process in every audit of a revision).  A listing started
        ahead is waited for (no thread outlives the audit); what it raised, no one asked for."""
        with contextlib.suppress(Exception):
            self._wait_ahead()


def as_tree(tree: Path | Tree, max_bytes: int | None = None) -> Tree:
    if isinstance(tree, Path):
        return WorkTree(tree, max_bytes or DEFAULT_MAX_BYTES)
    if max_bytes is not None and max_bytes != getattr(tree, "max_bytes", max_bytes):
        tree.cap(max_bytes)
    return tree


def _stat_key(info: os.stat_result) -> tuple[int, int, int, int]:
    return info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino


def blob_id(data: bytes) -> str:
    """The id git gives these bytes as a blob (``git hash-object``)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def is_blob(data: bytes, oid: str) -> bool:
    """Whether ``data`` is the blob ``oid``, of a SHA-1 or a SHA-256 repository."""
    digest = hashlib.sha256() if len(oid) == 64 else hashlib.sha1()
    digest.update(b"blob %d\0" % len(data))
    digest.update(data)
    return digest.hexdigest() == oid


OVER_CAP = "(settings.max_file_bytes)"  # how every tree's reason for a file over the cap ends
# a gitlink: what a pull request's ``git submodule add`` (or an index entry of mode 160000) leaves in place of a
# folder; a checkout with ``submodules: true`` (and Python) reads another repository's files there
SUBMODULE = "submodule (another repository's files: not audited)"


def _over(size: int, cap: int) -> str:
    return f"{size} bytes, over the {cap}-byte cap {OVER_CAP}"


def _git_lists(root: Path) -> tuple[list[str], dict[str, str], dict[str, str], frozenset[str]] | None:
    """When ``root`` is the top of a git work tree: the files git tracks plus the untracked ones it
    does not ignore, the index's blob ids of the tracked files whose content git's stat check says
    still matches (see :func:`_index_oids`), and the tracked files a sparse checkout leaves off the
    disk (git's skip-worktree bit, ``ls-files -t``'s ``S``) with their modes (a symlink's blob is link
    text, a submodule's entry a commit: neither is audited as a file), and the submodules (gitlinks).

    Two git commands, run at once: one ``ls-files`` lists the index (``--stage``) and the untracked files
    (``--others``, tagged ``? `` by ``-t``, a tag no index record has), where two had, a process less
    in every audit of a checkout; ``diff-files`` stays apart, as ``ls-files -m`` would hash a file whose
    stat changed through the clean filter its ``.gitattributes`` names (a program of the config)."""
    if not (root / ".git").exists():
        return None  # a folder, not a checkout: every file under it
    # The folder named is the work tree whatever the config says: with ``core.worktree`` leading to another folder
    # (a clean copy), git's stat check was of that folder's files, and a file of this checkout holding conflict
    # markers was audited as its clean blob (exit 0).
    env = git_env({"GIT_OPTIONAL_LOCKS": "0", "GIT_WORK_TREE": str(root.absolute())})
    commands = (
        ["ls-files", "-z", "--stage", "-t", "--others", "--exclude-standard"],
        ["diff-files", "--name-only", "-z", "--no-renames"],
    )
    git = ("git", "-C", str(root), *case_as_the_disk(root))
    running = [subprocess.Popen([*git, *c], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env) for c in commands]
    try:
        done = _answers(running, root)
    finally:
        for proc in running:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    (listed, said, listed_ok), (dirty, _, dirty_ok) = done
    if not listed_ok:
        # A checkout git cannot read (another user's: git's safe.directory; a config it cannot parse) was
        # walked as a plain folder instead, which skips node_modules/ and .venv/: tracked conflict
        # markers there passed the gate.
        reason = said.decode("utf-8", "replace")
        if "not a git repository (or any" in reason:
            return None  # a .git there that is no repository (nor is any folder above): a plain folder
        raise not_opened(root, reason)
    others = [r[2:] for r in listed.split(b"\0") if r[:2] == b"? "]
    tagged = [r.partition(b"\t") for r in listed.split(b"\0") if r and r[:2] != b"? "]
    records = [(meta[2:], tab, raw_path) for meta, tab, raw_path in tagged]  # "S 100644 <oid> 0": -t's tag first
    sparse = {
        os.fsdecode(raw_path): meta[2:].split(b" ", 1)[0].decode("ascii", "replace")
        for meta, _, raw_path in tagged
        if meta[:2] == b"S "
    }
    files = {os.fsdecode(raw_path) for _, _, raw_path in records}
    files.update(os.fsdecode(p) for p in others if p)
    gitlinks = frozenset(os.fsdecode(raw_path) for meta, _, raw_path in records if meta.startswith(b"160000 "))
    return sorted(files), (_index_oids(records, dirty) if dirty_ok else {}), sparse, gitlinks


def _answers(running: list[subprocess.Popen[bytes]], root: Path) -> list[tuple[bytes, bytes, bool]]:
    """Each git's output, error and success.  git opens the .gitignore and .gitattributes of every folder it
    lists: one that is a FIFO holds it for good.  The folders are scanned for one only when the gits are not
    done within ``_SLOW`` seconds (a scan of a checkout with its virtualenv and build folders costs 0.1-0.3 s
    that an audit of the checkout would pay every time); a FIFO found is GitError naming it."""
    deadline, scanned, done = time.monotonic() + _SLOW, False, []
    for proc in running:
        while True:
            try:
                out, err = proc.communicate(timeout=None if scanned else max(0.0, deadline - time.monotonic()))
                break
            except subprocess.TimeoutExpired:  # (communicate again loses none of the output)
                scanned = True
                check_work_tree_files(root)
        done.append((out, err, proc.returncode == 0))
    return done


_SLOW = 0.5  # seconds


def _index_oids(records: list[tuple[bytes, bytes, bytes]], dirty: bytes) -> dict[str, str]:
    """Blob ids from the index (``ls-files --stage`` records) for the files whose content git's stat
    check (``diff-files``) says still matches it; an unmerged path (stages 1-3) has none."""
    modified = {os.fsdecode(p) for p in dirty.split(b"\0") if p}
    oids = {}
    for meta, _, raw_path in records:
        fields = meta.split()
        path = os.fsdecode(raw_path)
        if len(fields) == 3 and fields[2] == b"0" and path not in modified:
            oids[path] = fields[1].decode("ascii")
    return oids


# A folder that is no checkout is walked whole: a fork's tree is a few thousand files (a large one's ~5,000), and
# ``audit --repo /`` walked and read the whole file system (/proc and /sys with it), still going at 100 s.
MAX_WALKED = 100_000


def _walk(root: Path) -> list[str]:
    result: list[str] = []
    cut = len(str(root).rstrip(os.sep)) + 1
    seen = 0
    for dirpath, dirnames, filenames in os.walk(str(root)):
        dirnames[:] = [d for d in dirnames if d not in _SKIP_DIRS]
        seen += len(dirnames) + len(filenames)  # empty folders count: a tree of a million is as long a walk
        if seen > MAX_WALKED:
            raise UsageError(
                f"{printable(str(root))[:200]}: a folder that is no git checkout and holds over {MAX_WALKED:,} "
                "files and folders: not audited",
                "pass --repo the fork's git checkout (or a folder of its files only)",
            )
        prefix = dirpath[cut:].replace(os.sep, "/")
        result.extend(f"{prefix}/{name}" if prefix else name for name in filenames if name != ".git")
    return result


def list_files(tree: Path) -> list[str]:
    """Every regular file under ``tree`` as a posix path relative to it, sorted (see :class:`WorkTree`)."""
    return WorkTree(tree).files()


@functools.lru_cache(maxsize=512)
def glob_regex(pattern: str) -> Any:
    """``**`` crosses directories, ``*`` and ``?`` do not (gitignore-like, anchored at the tree root)."""
    out = [_GLOB_REGEX.get(token) or re.escape(token) for token in _glob_tokens(pattern)]
    # RE2: several ``**`` against a long hostile path must not backtrack.
    return linear.compile_text("".join(out), multiline=False)


# ``.`` with the s flag: a path may hold a newline (git takes any byte but NUL and ``/``), and ``**`` read as a
# plain ``.*`` passed over `a\nb.txt` (its conflict markers, a forbidden call in it) while ``*`` (``[^/]``) took it
_GLOB_REGEX = {"**/": "(?s:.*/)?", "**": "(?s:.*)", "*": "[^/]*", "?": "[^/]"}


def is_glob(pattern: str) -> bool:
    return any(c in pattern for c in "*?")


def matches(path: str, patterns: Iterable[str]) -> bool:
    return any(_match(path, p) for p in patterns)


def _match(path: str, pattern: str) -> bool:
    """One glob; the common shapes (a literal path, ``**``, ``**/*.ext``) without a regex call."""
    if not is_glob(pattern):
        return path == pattern
    if pattern == "**":
        return True
    if pattern.startswith("**/*.") and not is_glob(pattern[5:]) and "/" not in pattern[5:]:
        return path.endswith(pattern[4:]) and "/" not in path.rpartition("/")[2][: -len(pattern[4:])]
    if not path.isascii():
        # A name that is not UTF-8 holds surrogate escapes (os.fsdecode), which RE2 cannot take;
        # no glob spells those bytes, so matching their replacement character loses nothing.
        path = path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return glob_regex(pattern).fullmatch(path) is not None


def may_hold(folder: str, include: Iterable[str], exclude: Iterable[str] = ()) -> bool:
    """Whether some file under ``folder`` (a path of the tree: a symlink, a submodule) would be one that
    ``include`` names and ``exclude`` does not: ``pkg/**/*.py`` reads under ``pkg/sub``, ``tests/*.py`` does
    not read under ``pkg``.  A glob is read as :func:`glob_regex` reads it, one character at a time
    against ``folder/``; ``exclude`` drops the folder only when it excludes everything under it."""
    prefix = folder.rstrip("/") + "/"
    if any(_holds_all(prefix, pattern) for pattern in exclude):
        return False
    return any(_may_continue(prefix, pattern) for pattern in include)


def _glob_tokens(pattern: str) -> list[str]:
    """A glob as :func:`glob_regex` reads it: ``**/``, ``**``, ``*``, ``?`` or one literal character each."""
    tokens, i = [], 0
    while i < len(pattern):
        for token in ("**/", "**", "*", "?"):
            if pattern.startswith(token, i):
                break
        else:
            token = pattern[i]
        tokens.append(token)
        i += len(token)
    return tokens


def _glob_states(prefix: str, pattern: str) -> set[int]:
    """The positions in ``pattern``'s tokens an NFA reaches having read ``prefix`` (linear in both)."""
    tokens = _glob_tokens(pattern)

    def closure(states: set[int]) -> set[int]:
        out, todo = set(states), list(states)
        while todo:
            at = todo.pop()
            if at < len(tokens) and tokens[at] in ("**/", "**", "*") and at + 1 not in out:
                out.add(at + 1)  # each of them matches the empty text
                todo.append(at + 1)
        return out

    states = closure({0})
    for char in prefix:
        step: set[int] = set()
        for at in states:
            if at == len(tokens):
                continue
            token = tokens[at]
            if token in ("**/", "**") or (token == "*" and char != "/"):
                step.add(at)  # stays: it takes more (``**/`` ends at a slash: it may also move on)
                if token == "**/" and char == "/":
                    step.add(at + 1)
            elif (token == "?" and char != "/") or token == char:
                step.add(at + 1)
        states = closure(step)
        if not states:
            break
    return states


def _may_continue(prefix: str, pattern: str) -> bool:
    """Some non-empty text after ``prefix`` completes a match of ``pattern`` (every token but the end takes one)."""
    return any(at < len(_glob_tokens(pattern)) for at in _glob_states(prefix, pattern))


def _holds_all(prefix: str, pattern: str) -> bool:
    """Every path under ``prefix`` matches ``pattern``: having read ``prefix`` it can end in ``**`` alone."""
    tokens = _glob_tokens(pattern)
    return any(at < len(tokens) and set(tokens[at:]) == {"**"} for at in _glob_states(prefix, pattern))


def select(files: Iterable[str], include: Iterable[str], exclude: Iterable[str] = ()) -> list[str]:
    """The files an include list names and an exclude list does not, in ``files``' order.  Literal
    paths (most targeted rules name one file) are looked up, not matched against every file."""
    include = tuple(include)
    literal = frozenset(p for p in include if not is_glob(p))
    keep, drop = _any_of(tuple(p for p in include if is_glob(p))), _any_of(tuple(exclude))
    if keep is None:
        kept = [f for f in files if f in literal]
    else:
        kept = [f for f in files if f in literal or keep.fullmatch(f)]
    return kept if drop is None else [f for f in kept if not drop.fullmatch(f)]


@functools.lru_cache(maxsize=256)
def _any_of(patterns: tuple[str, ...]) -> re.Pattern[str] | None:
    """One regex for a list of globs: a tree of thousands of files is matched in one pass each."""
    if not patterns:
        return None
    return re.compile("|".join(f"(?:{glob_regex(p).pattern})" for p in patterns))


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


@functools.lru_cache(maxsize=4096)
def _folds_in_a_name(char: str) -> bool:
    import unicodedata

    return ("a" + char).isidentifier() and unicodedata.normalize("NFKC", char) != char


def python_names(text: str) -> str:
    """``text`` with every name in it as Python reads it: Python folds identifiers to NFKC, and the pattern
    and call rules read ``layer_types[0]`` and ``t.as_strided(a)`` written with fullwidth letters as other
    names: they passed the gate, and Python ran them.  Only names change (a string or a
    comment is Python's text as written: a fullwidth quote folded to ``"`` would break the parse), and only
    in a file with non-ASCII text; one that does not tokenize is left as it is (py-compile reports it)."""
    if text.isascii():
        return text
    import tokenize
    import unicodedata

    # most non-ASCII text is prose (a dash, an ellipsis, CJK): tokenize only when a character that can be
    # part of a name folds (a fullwidth letter, a ligature, a superscript digit)
    if not any(_folds_in_a_name(c) for c in set(_NON_ASCII.findall(text))):
        return text
    lines = io.StringIO(text).readlines()
    edits: list[tuple[int, int, int, str]] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.NAME and not token.string.isascii():
                folded = unicodedata.normalize("NFKC", token.string)
                if folded != token.string:
                    edits.append((token.start[0] - 1, token.start[1], token.end[1], folded))
    except (tokenize.TokenError, SyntaxError, ValueError):
        return text
    for row, start, end, folded in reversed(edits):
        line = lines[row]
        lines[row] = line[:start] + folded + line[end:]
    return "".join(lines)


class SourceCache:
    """Texts and parsed modules of the files that rules ask for, each read and parsed at most once."""

    def __init__(self, tree: Path | Tree, max_parse_bytes: int = DEFAULT_MAX_PARSE_BYTES) -> None:
        self.tree = as_tree(tree)
        self.max_parse_bytes = max_parse_bytes
        self._texts: dict[str, str | None] = {}
        self._fetched: dict[str, bytes | None] = {}  # read ahead (``prefetch``), not asked for yet
        self._modules: dict[str, ast.Module | SyntaxError | None] = {}
        self.reads: set[str] | None = None  # when a set: every path asked for is added (the rule memo's inputs)
        self._elsewhere: set[str] = set()  # read for these checks by another process (read_elsewhere)
        # set by a check whose answer depends on this machine, not on the files alone (no cmake): not remembered
        self.unkeyed = False

    def text(self, path: str) -> str | None:
        if self.reads is not None:
            self.reads.add(path)
        if path not in self._texts:
            data = self._fetched.pop(path) if path in self._fetched else self.tree.read(path)
            text = None if data is None else data.decode("utf-8", errors="replace")
            self._texts[path] = python_names(text) if text is not None and path.endswith(".py") else text
        return self._texts[path]

    def prefetch(self, paths: Iterable[str]) -> None:
        """Read ahead, in one batch, the files of a revision that are about to be asked for one by one (a
        checkout's are read when asked): each ``text`` of them then waits on no git.  Nothing counts as
        read until it is asked for (``reads``, ``read_paths``)."""
        if not isinstance(self.tree, GitTree):
            return
        wanted = [p for p in dict.fromkeys(paths) if p not in self._texts and p not in self._fetched]
        self._fetched.update(self.tree.read_many(wanted))

    def module(self, path: str) -> ast.Module | SyntaxError | None:
        """The parsed module; the SyntaxError when it does not parse; None when the file is missing."""
        if self.reads is not None:
            self.reads.add(path)
        if path not in self._modules:
            text = self.text(path)
            if text is None:
                self._modules[path] = None
            else:
                self._modules[path] = parse_module(text, path, self.max_parse_bytes)
        return self._modules[path]

    def functions(self, path: str, name: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef] | SyntaxError | None:
        """Functions named ``name`` (``Class.method`` or bare), parsing only their text when possible.

        Parsing a 7,000-line module to look at one method costs more than the method: a text scan
        finds ``def name`` and only that block is parsed (with its real line numbers).  When the
        block does not parse alone, the whole module is parsed instead.
        """
        text = self.text(path)
        if text is None:
            return None
        if path not in self._modules:
            blocks = _function_blocks(text, name.rsplit(".", 1)[-1])
            if blocks is not None:
                return blocks
        module = self.module(path)
        if module is None or isinstance(module, SyntaxError):
            return module
        return [d for d in find_defs(module, name) if not isinstance(d, ast.ClassDef)]

    def read_paths(self) -> list[str]:
        return [p for p, t in self._texts.items() if t is not None] + sorted(self._elsewhere - self._texts.keys())

    def read_elsewhere(self, paths: Iterable[str]) -> None:
        """Count files another process read of this tree for this cache's checks as read."""
        self._elsewhere.update(paths)


def _function_blocks(text: str, name: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef] | None:
    pattern = rf"^([ \t]*)(?:async[ \t]+)?def[ \t]+{re.escape(name)}(?:[^\pL\pN_]|$)"
    nodes = _blocks(text, pattern)
    if nodes is None:
        return None
    # A block holds the same-named functions nested in it: walk it rather than parse them again.
    return [
        n
        for node in nodes
        for n in ast.walk(node)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name
    ]


def _blocks(text: str, header: str) -> list[ast.stmt] | None:
    """Parse only the indented blocks whose first line matches ``header`` (group 1: the indent).

    None when a block does not parse on its own (a string or bracket that leaves the block):
    the caller then parses the whole module.  Linear in the text, and only a block's own lines are
    split: the header is an RE2 pattern, a block's first line number is a count of the line ends
    before it, and a match inside a block already parsed is part of it.  (Splitting the whole text
    into lines for each call was most of the cost: a 340 KB module split for one method.)
    """
    found: list[ast.stmt] = []
    covered = 0  # offset: a header before it lies in a block already parsed
    for match in linear.compile_text(header).finditer(text):
        at = match.start()  # a line's start: ``^`` matches after \n (and \n ends every kind of line)
        if at < covered:
            continue
        indent = len(match.group(1))
        lines, covered = _block_lines(text, at, indent)
        module = _parsed_at("\n".join(line[indent:] for line in lines), _lines_before(text, at))
        if module is None:
            return None
        found += module.body
    return found


_PADDED_LINES_A_CHAR = (
    4  # blank lines before a block cost the parser less than shifting its nodes, up to ~9 a character
)


def _parsed_at(block: str, start: int) -> ast.Module | None:
    """``block`` parsed as the text from line ``start + 1`` on (None: it does not parse alone).  Blank lines
    before it number its nodes as the parser reads them, a third cheaper than ``ast.increment_lineno``'s walk
    of every node; a small block far down its module is shifted instead (the blank lines would cost more)."""
    if start <= _PADDED_LINES_A_CHAR * len(block):
        padded = parse_module("\n" * start + block, "<block>", DEFAULT_MAX_PARSE_BYTES + start)  # the block's own cap
        return None if isinstance(padded, SyntaxError) else padded
    module = parse_module(block, "<block>")
    return None if isinstance(module, SyntaxError) else ast.increment_lineno(module, start)


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)?")  # one line as Python's tokenizer ends it, its end kept


def _block_lines(text: str, at: int, indent: int) -> tuple[list[str], int]:
    """The lines (ends cut) of the block whose header line starts at offset ``at``: the header, then
    every blank line or line indented deeper than ``indent``; and the offset just past the last."""
    lines: list[str] = []
    end = at
    for match in _LINE.finditer(text, at):
        line = match.group().rstrip("\r\n")
        if not match.group() or (lines and line.strip() and _indent(line) <= indent):
            break
        lines.append(line)
        end = match.end()
    return lines, end


def _lines_before(text: str, at: int) -> int:
    """How many lines (as Python's tokenizer counts them: \\n, \\r\\n, \\r) end before offset ``at``."""
    breaks = text.count("\n", 0, at)
    if "\r" in text:
        breaks += text.count("\r", 0, at) - text.count("\r\n", 0, at)
    return breaks


_OTHER_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def code_lines(text: str) -> list[str]:
    """``text.splitlines()`` as Python's tokenizer counts lines (and ``ast`` numbers them): \\n, \\r\\n
    and \\r end a line, a form feed, \\x1c or \\u2028 (in a comment or a string) does not.  The merge-aware
    checks index these by ``ast`` line numbers and git's hunks: split at those as well, every line after
    one held another line's text."""
    if _OTHER_BREAKS.search(text) is None:
        return text.splitlines()
    return [line.rstrip("\r\n") for line in python_lines(text)]


def python_lines(text: str) -> list[str]:
    """Lines as Python's tokenizer counts them (\\n, \\r\\n and \\r end a line; \\x0c or \\u2028 do not), ends kept.

    ``str.splitlines`` also splits at form feeds and \\u2028: slicing a function by its ``ast``
    line numbers with those would audit the wrong text.
    """
    return io.StringIO(text, newline="").readlines()


def parse_blocks(text: str, header: str) -> list[ast.stmt] | None:
    """The statements of the indented blocks whose first line matches ``header`` (see :func:`_blocks`)."""
    return _blocks(text, header)


def segment(lines: list[str], node: ast.AST) -> str | None:
    """The source text of ``node`` (like ``ast.get_source_segment``, from lines split once, ASCII-safe)."""
    start: int | None = getattr(node, "lineno", None)
    end: int | None = getattr(node, "end_lineno", None)
    col: int | None = getattr(node, "col_offset", None)
    end_col: int | None = getattr(node, "end_col_offset", None)
    if start is None or end is None or col is None or end_col is None or end > len(lines):
        return None
    if start == end:
        return lines[start - 1].encode()[col:end_col].decode(errors="replace")
    parts = [
        lines[start - 1].encode()[col:].decode(errors="replace"),
        *lines[start : end - 1],
        lines[end - 1].encode()[:end_col].decode(errors="replace"),
    ]
    return "\n".join(parts)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


# -- symbols ---------------------------------------------------------------------------------
Scoped = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def method_defs(body: list[ast.stmt], prefix: str = "") -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """(qualified name, def) of the functions and methods of a module body, classes nested included; not
    the functions nested in a function, nor a def under an ``if`` (walk_defs yields those too)."""
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + stmt.name, stmt
        elif isinstance(stmt, ast.ClassDef):
            yield from method_defs(stmt.body, f"{prefix}{stmt.name}.")


def walk_defs(node: ast.AST, prefix: str = "") -> Iterator[tuple[str, Scoped]]:
    """(qualified name, node) for every function and class, nested ones as ``Outer.inner``.  A definition
    is a statement: only the statement lists (bodies, branches, handlers, match cases) are walked, in
    their fields' order, never an expression or a signature (a third of the nodes of a large module).

    Iterative: statements nest without indenting (each ``elif`` is an ``If`` in the one before's ``orelse``), and
    a module with a 1,000-arm ``elif`` table (Python compiles ~2,900) ran the recursive walk out of stack: every
    rule that looked a class up in it (enum-literal's enum) said "could not be checked", an error on code that
    compiles."""
    pending = _statements(node, prefix)  # a stack: the next to look at last
    while pending:
        child, outer = pending.pop()
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = f"{outer}{child.name}"
            yield name, child
            pending += _statements(child, f"{name}.")
        else:
            pending += _statements(child, outer)


def _statements(node: ast.AST, prefix: str) -> list[tuple[ast.AST, str]]:
    """The nodes of ``node``'s statement lists with ``prefix``, last first (as a stack pops them)."""
    found = []
    for listed in node._fields:
        children = getattr(node, listed, None) if listed in _STATEMENT_LISTS else None
        if isinstance(children, list):
            found += [(child, prefix) for child in children]
    found.reverse()
    return found


_STATEMENT_LISTS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})


def find_defs(module: ast.Module, name: str) -> list[Scoped]:
    """Functions or classes named ``name``: a dotted name matches exactly, a bare one at any depth."""
    found = []
    for qualname, node in walk_defs(module):
        if qualname == name or ("." not in name and node.name == name):
            found.append(node)
    return found


def short(text: str, most: int = 120) -> str:
    """Source text for a one-line message: its whitespace runs made one space, cut to ``most`` characters."""
    one = " ".join(text.split())
    return one if len(one) <= most else one[: most - 3] + "..."


def walk_spanning(tree: ast.AST, lines: Iterable[int]) -> Iterator[ast.AST]:
    """``ast.walk`` (the same order) of only the nodes whose lines, decorators included, hold one of
    ``lines``: a node spanning none of them, and everything below it, is not entered.  A check that
    keeps only what it finds on given lines (the fork's own) walks those parts of a large module."""
    wanted = sorted(set(lines))
    todo = collections.deque([tree])
    while todo:
        node = todo.popleft()
        end = getattr(node, "end_lineno", None)
        if end is not None:
            start = min([getattr(node, "lineno", end), *(d.lineno for d in getattr(node, "decorator_list", ()))])
            at = bisect.bisect_left(wanted, start)
            if at == len(wanted) or wanted[at] > end:
                continue
        todo.extend(ast.iter_child_nodes(node))
        yield node


def own_scope_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``scope``'s own scope: a nested def, class or lambda is one node (its name is bound
    here), not its body, whose names are its own."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            todo.extend(ast.iter_child_nodes(node))


def last_name(expr: ast.AST) -> str:
    """``f`` of ``f`` and of ``m.sub.f``: the name, or the last attribute read; "" for anything else."""
    return expr.id if isinstance(expr, ast.Name) else expr.attr if isinstance(expr, ast.Attribute) else ""


def plain_name(expr: ast.AST) -> str | None:
    """``x`` -> x, ``self.kv.mode`` -> self.kv.mode: the text of a name or a dotted chain of attributes on
    one, else None (a call, a subscript, anything computed)."""
    parts = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    return ".".join([expr.id, *reversed(parts)]) if isinstance(expr, ast.Name) else None


def keys_given_later(where: ast.AST, name: str) -> list[ast.expr] | None:
    """The keys the code of ``where`` (a module, a function) gives the dict ``name`` besides its display: ``name[k] = ...``,
    ``name.setdefault(k, ...)``, ``name.update({k: ...})``; None when an update hands it keys not known
    here (another mapping, keywords)."""
    keys: list[ast.expr] = []
    for node in ast.walk(where):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and plain_name(node.value) == name:
            keys.append(node.slice)
        elif (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and plain_name(node.func.value) == name
        ):
            if node.func.attr == "setdefault" and node.args:
                keys.append(node.args[0])
            elif node.func.attr == "update":
                if node.keywords or not all(isinstance(a, ast.Dict) for a in node.args):
                    return None
                keys += [k for a in node.args if isinstance(a, ast.Dict) for k in a.keys if k is not None]
    return keys


def bound_names(module: ast.Module) -> dict[str, int]:
    """Top-level names bound by assignment or import (aliases count), with their line."""
    names: dict[str, int] = {}
    for stmt in flat_statements(module.body):
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        names.setdefault(node.id, stmt.lineno)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            names.setdefault(stmt.target.id, stmt.lineno)
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for alias in stmt.names:
                names.setdefault(alias.asname or alias.name.split(".")[0], stmt.lineno)
    return names


def target_names(target: ast.AST) -> list[str]:
    """The names an assignment (or loop, ``with``) target binds: ``a``, ``a, (b, *c)``; not the ``X`` of
    ``X.attr = ...`` or ``X[k] = ...``, which changes an object the name already holds."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [n for e in target.elts for n in target_names(e)]
    if isinstance(target, ast.Starred):
        return target_names(target.value)
    return []


def flat_statements(body: list[ast.stmt], *, deep: bool = False) -> Iterator[ast.stmt]:
    """Statements of a body, looking into if/try blocks (``if TYPE_CHECKING:``, optional imports);
    ``deep`` also into ``try/except*`` and ``with`` blocks (what a module's index needs)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, ast.If):
            yield from flat_statements(stmt.body, deep=deep)
            yield from flat_statements(stmt.orelse, deep=deep)
        elif isinstance(stmt, ast.Try) or (deep and type(stmt).__name__ == "TryStar"):
            for block in (stmt.body, stmt.orelse, stmt.finalbody, *[h.body for h in stmt.handlers]):  # type: ignore[attr-defined]
                yield from flat_statements(block, deep=deep)
        elif deep and isinstance(stmt, (ast.With, ast.AsyncWith)):
            yield from flat_statements(stmt.body, deep=deep)


def child_blocks(stmt: ast.stmt) -> Iterator[list[ast.stmt]]:
    """The statement lists a compound statement holds: its body, ``else`` and ``finally`` blocks, each
    handler's and each ``match`` case's body."""
    for name in ("body", "orelse", "finalbody"):
        block = getattr(stmt, name, None)
        if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
            yield block
    for handler in getattr(stmt, "handlers", None) or []:
        yield handler.body
    for case in getattr(stmt, "cases", None) or []:
        yield case.body


def branches_apart(scope: ast.AST, one: ast.AST, other: ast.AST) -> bool:
    """``one`` and ``other`` sit in the two branches of one ``if`` of ``scope``: neither runs after the other
    (revAL's stopped writes; revDW: a call handing a value and a read of it after, #15427's twin)."""
    for node in ast.walk(scope):
        if isinstance(node, ast.If) and node.orelse:
            body = {id(n) for s in node.body for n in ast.walk(s)}
            orelse = {id(n) for s in node.orelse for n in ast.walk(s)}
            if (id(one) in body and id(other) in orelse) or (id(one) in orelse and id(other) in body):
                return True
    return False


def parameter_names(args: ast.arguments) -> frozenset[str]:
    """Every name a function's (or a lambda's) parameters bind: positional-only, plain, keyword-only,
    ``*args`` and ``**kwargs``."""
    every = (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg)
    return frozenset(a.arg for a in every if a is not None)


def parent_map(tree: ast.AST) -> dict[int, ast.AST]:
    """Each node's parent, by the child's id."""
    return {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def header_exprs(stmt: ast.stmt) -> list[ast.expr]:
    """The expressions a statement evaluates itself, not in its blocks: its expression children, each
    ``with`` item's context manager and target, and each handler's exception class (``with x.f():``
    and ``except m.Error:`` run their expressions, which ``ast.iter_child_nodes`` nests in a
    ``withitem`` or an ``excepthandler``)."""
    exprs = [n for n in ast.iter_child_nodes(stmt) if isinstance(n, ast.expr)]
    for item in getattr(stmt, "items", None) or []:
        exprs += [item.context_expr, *([item.optional_vars] if item.optional_vars is not None else [])]
    for handler in getattr(stmt, "handlers", None) or []:
        exprs += [handler.type] if handler.type is not None else []
    return exprs


def int_value(node: ast.AST | None) -> int | None:
    """The value of an integer literal (``5``, ``-1``), else None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        inner = int_value(node.operand)
        return None if inner is None else (-inner if isinstance(node.op, ast.USub) else inner)
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


class Mentions:
    """Which of many words a text holds, each spelled one or more ways (``(prefix, suffix)`` around it:
    ``name(``, ``"name"``): one linear pass of an RE2 set a text, where ``any(name in text for name in
    names)`` for each file was files x names x text (thousands of names a fork reads, against every file
    upstream changed).  A word inside a longer one counts, as ``in`` counts it."""

    _CHUNK = 4096  # words a set: RE2 refuses a set past its memory budget (100,000 names at 8 MB)

    def __init__(self, words: Iterable[str], spellings: tuple[tuple[str, str], ...] = (("", ""),)) -> None:
        import re2

        options = re2.Options()
        options.max_mem = 64 << 20
        options.log_errors = False  # RE2 prints to stderr itself otherwise
        self._sets: list[tuple[Any, list[tuple[str, str]]]] = []  # (an RE2 set or None, (word, spelled))
        every = sorted(set(words))
        for start in range(0, len(every), self._CHUNK):
            spelled = [
                (w, before + w + after) for w in every[start : start + self._CHUNK] for before, after in spellings
            ]
            found: Any = re2.Set.SearchSet(options)
            try:
                for _, text in spelled:
                    found.Add(re2.escape(text))
                found.Compile()
            except re2.error:  # words of megabytes: searched for one by one
                found = None
            self._sets.append((found, spelled))

    def __call__(self, text: str) -> set[str]:
        held: set[str] = set()
        text = linear.encodable(text)
        for found, spelled in self._sets:
            if found is not None:
                held.update(spelled[i][0] for i in found.Match(text) or ())
            else:
                held.update(word for word, spelling in spelled if spelling in text)
        return held


def table_lookup(node: ast.AST) -> tuple[str, ast.expr] | None:
    """(name, key) of ``NAME[key]`` or ``NAME.get(key, ...)``: a lookup in a table held by a name."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return node.value.id, node.slice
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, ast.Name)
        and node.args
    ):
        return node.func.value.id, node.args[0]
    return None


def str_value(node: ast.AST | None) -> str | None:
    """The value of a string literal, else None."""
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def display_strings(node: ast.expr) -> list[str]:
    """A string literal's value, or the string literals of a tuple, list or set display."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for e in node.elts if (s := str_value(e)) is not None]
    value = str_value(node)
    return [] if value is None else [value]


def enum_members(module: ast.Module, enum_name: str) -> tuple[ast.ClassDef | None, dict[str, tuple[int | None, int]]]:
    """An enum class and its members: name -> (integer value or None, line)."""
    classes = [n for n in find_defs(module, enum_name) if isinstance(n, ast.ClassDef)]
    if not classes:
        return None, {}
    members: dict[str, tuple[int | None, int]] = {}
    for stmt in classes[0].body:
        target, value = simple_assignment(stmt)
        if target is not None and not target.startswith("_"):
            members[target] = (int_value(value), stmt.lineno)
    return classes[0], members


def simple_assignment(stmt: ast.stmt, bare: bool = False) -> tuple[str | None, ast.expr | None]:
    """``name = value`` or ``name: T = value`` -> (name, value); with ``bare``, ``name: T`` -> (name, None)
    too; anything else -> (None, None)."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id, stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and (bare or stmt.value is not None):
        return stmt.target.id, stmt.value
    return None, None


_FROM = re.compile(r"^from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)", re.M)


def imported_from(text: str, name: str, path: str) -> tuple[str, ...]:
    """The files ``from a.b import name`` (absolute, or relative to ``path``) may mean: a module, a package.
    Nothing for an empty name (``last_name`` of ``Generic[T]`` or ``make_base()``), which the search matched in the
    file's first from-import (readD #4: two callers guarded it; every caller is now)."""
    if not name:
        return ()
    for match in _FROM.finditer(text):
        dots, module, names = match.groups()
        if re.search(rf"(?<![\w.]){name}\b(?![ \t]+as\b)", names) is None:
            continue
        folder = posixpath.dirname(path)
        for _ in range(max(len(dots) - 1, 0)):
            folder = posixpath.dirname(folder)
        parts = module.split(".") if module else []
        stem = posixpath.join(folder, *parts) if dots else posixpath.join(*parts) if parts else ""
        return (stem + ".py", stem + "/__init__.py") if stem else ()
    return ()
