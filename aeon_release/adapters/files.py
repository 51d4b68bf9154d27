"""Writing the files the tool produces: redacted, atomic, never through a symbolic link.

Reports are written into checkouts that anyone can commit to (the pull-request gate writes
``aeon-audit.sarif`` at the top of the checkout): a committed symlink at that name must be
replaced, never written through, and a half-written file must never be left behind.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

from aeon_release.errors import UsageError, redact


def write_text(path: Path, text: str, *, what: str = "output file", durable: bool = True) -> None:
    """Write ``text`` (redacted) to ``path``: a temporary file beside it, fsync, then a rename.

    ``durable=False`` skips the fsyncs: the rename alone keeps the file whole when the process is
    killed; only a power loss can then bring back the previous version (git's refs work the same).

    The rename replaces a symlink at ``path`` itself, so its target is never touched.  A relative
    path whose parent folders include a symlink is refused: that link may have come with the
    checkout.  A directory, or a place that cannot be written, is one clean error line.
    """
    if _stream(path):
        _write_stream(path, redact(text).encode("utf-8"), what)
        return
    _check_target(path, what)
    _check_parents(path, what)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _replace(path, redact(text).encode("utf-8"), durable)
    except OSError as exc:
        raise UsageError(
            f"{what} {path}: cannot be written: {exc.strerror or exc}", "pass a writable file path"
        ) from None


def _stream(path: Path) -> bool:
    """``/dev/null``, ``/dev/stdout`` and their like: written in place, never replaced by a rename.

    Only under /dev and /proc: git cannot commit a device or a FIFO, and a FIFO elsewhere (left in
    a checkout) would block the write forever.
    """
    if not str(path.absolute()).startswith(("/dev/", "/proc/")):
        return False
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def _write_stream(path: Path, data: bytes, what: str) -> None:
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise UsageError(
            f"{what} {path}: cannot be written: {exc.strerror or exc}", "pass a writable file path"
        ) from None


def _check_target(path: Path, what: str) -> None:
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise UsageError(
            f"{what} {path}: cannot be written: {exc.strerror or exc}", "pass a writable file path"
        ) from None
    if stat.S_ISDIR(mode):
        raise UsageError(f"{what} {path} is a directory", "pass a file path")
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise UsageError(f"{what} {path} is not a regular file", "pass a file path")


def _check_parents(path: Path, what: str) -> None:
    if path.is_absolute():
        return  # the caller spelled the whole path out: its links are the caller's choice
    current = Path(".")
    for part in path.parent.parts:
        current = current / part
        if part == "..":
            continue
        if current.is_symlink():
            raise UsageError(
                f"{what} {path}: {current} is a symbolic link; refusing to write through it",
                "write the report to a path without symlinks, e.g. in the current folder",
            )


def _replace(path: Path, data: bytes, durable: bool = True) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass
    fd = os.open(tmp, flags, 0o644)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        _sync_dir(path.parent)


def _sync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as exc:  # some file systems cannot fsync a directory
        if exc.errno not in (errno.EINVAL, errno.EBADF, errno.EROFS):
            raise
    finally:
        os.close(fd)
