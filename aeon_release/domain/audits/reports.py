"""Whole audit reports remembered under the findings cache, and the engine version that keys them.

Apart from ``cache.py`` (the blob entries, which need the tree readers and the rules) so that an audit
answered by a remembered report imports neither: see :func:`config_report_key`.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from aeon_release.adapters import jsonio
from aeon_release.adapters.files import read_capped
from aeon_release.domain.audits.model import AuditReport, Finding, RuleInfo, Severity
from aeon_release.errors import AeonError

MAX_FILE_BYTES = 64 * 1024 * 1024  # a cache file larger than this was not written by this engine: a miss
# What reading a damaged entry may raise: a cache file is JSON a crash, a disk or a person may have
# changed (``{}`` where a list was, a line of 1e400, an entry nested too deeply); every one is a miss.
DAMAGED = (TypeError, ValueError, IndexError, KeyError, AttributeError, ArithmeticError, RecursionError)


def read_file(path: Path) -> Any:
    """A cache file's JSON; None for a missing or damaged one, or one that is no regular file (a FIFO
    or /dev/zero there held the audit for good) or too large to be one of ours."""
    try:
        data = read_capped(path, str(path), MAX_FILE_BYTES)
        return None if data is None else jsonio.loads(data)
    except (AeonError, OSError, ValueError):
        return None


@functools.lru_cache(maxsize=1)
def engine_version() -> str:
    """Changes whenever anything that decides a finding could have changed."""
    from aeon_release import __version__

    digest = hashlib.sha256(f"{__version__}\0{sys.version}\0{sys.implementation.cache_tag}".encode())
    root = Path(__file__).resolve().parent
    package = root.parents[1]
    # the engine's source, and the adapters it reads trees and history through (and runs git and CMake with)
    sources = [
        *sorted(root.rglob("*.py")),
        *(package / "adapters" / f"{name}.py" for name in ("blobs", "git", "process", "cmake")),
    ]
    # each file by what the kernel says of it, as git's index knows a file changed without reading it: its
    # size and times, and the inode and change time no tool can set (an install or `rsync -a` that pins every
    # modification time, as Nix and SOURCE_DATE_EPOCH builds do, made two engines one: the second was served
    # the first's findings); reading and hashing the 5 MB of source was 8-14 ms of every command that reads
    # the cache
    for path in sources:
        st = path.stat()
        known = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)
        digest.update(f"{path.relative_to(package).as_posix()}\0{known}\0".encode())
    digest.update(_cmake_identity().encode())
    return digest.hexdigest()


def _cmake_identity() -> str:
    """The cmake the arch-coverage rule runs: another version may read the same CMake otherwise (an
    old one knows no block()), so an answer it gave must not be served after an upgrade."""
    from aeon_release.adapters import cmake as runner

    found = runner.find_cmake()
    if found is None:
        return "no cmake"
    try:
        real = os.path.realpath(found)
        stat = os.stat(real)
    except OSError:
        return "no cmake"
    return f"{real}\0{stat.st_size}\0{stat.st_mtime_ns}"


REPORT_PREFIX = "report-"
KEEP_REPORTS = 64  # whole reports: the revisions and work trees in use (each file a few KB)


class ReportCache:
    """Whole reports, one small file per key (see :func:`report_key`): an audit of a tree audited
    before with the same rules reads one file instead of listing and reading the tree.

    Like the blob entries: bounded (``KEEP_REPORTS`` files, least recently used go first), safe to
    delete, and never trusted across engine versions (the engine is in the name, the key and the file).
    """

    def __init__(self, folder: Path, key: str) -> None:
        self.folder = folder
        self.key = key
        self.engine = engine_version()
        self.path = folder / f"{REPORT_PREFIX}{self.engine[:16]}-{key[:40]}.json"

    def get(self, seconds: float = 0.0) -> AuditReport | None:
        """The remembered report (every file answered by the cache), or None: missing or damaged."""
        try:
            data = read_file(self.path)
            if data.get("engine") != self.engine or data.get("key") != self.key:
                return None
            report = _decode_report(data["report"], seconds)
        except DAMAGED:  # None (missing), or damaged
            return None
        try:
            os.utime(self.path)  # recently used: pruned last
        except OSError:
            pass
        return report

    def put(self, report: AuditReport) -> None:
        data = {"engine": self.engine, "key": self.key, "report": _encode_report(report)}
        store_file(self.path, data, REPORT_PREFIX, self.engine, KEEP_REPORTS)


def store_file(path: Path, data: dict[str, Any], prefix: str, engine: str, keep: int) -> bool:
    """Write a cache file atomically, then prune its kind: other engines' files go, and this engine's
    beyond the ``keep`` most recently used.  False when it cannot be written (a read-only or full
    disk): a cache that cannot be written only costs time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
        os.replace(tmp, path)
        mine, kept = f"{prefix}{engine[:16]}-", 0
        for other in sorted(path.parent.glob(f"{prefix}*.json"), key=_mtime, reverse=True):
            if other.name.startswith(mine) and kept < keep:
                kept += 1
                continue
            other.unlink(missing_ok=True)
    except OSError:
        return False
    return True


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _encode_report(report: AuditReport) -> dict[str, Any]:
    return {
        "findings": [f.as_dict() for f in report.findings],
        "rules": [[r.id, r.kind, r.severity.value, r.message, r.skipped] for r in report.rules],
        "files_scanned": report.files_scanned,
        "exclusions": [[rid, list(globs), count] for rid, globs, count in report.exclusions],
    }


def _decode_report(data: dict[str, Any], seconds: float) -> AuditReport:
    files = int(data["files_scanned"])
    return AuditReport(
        tuple(Finding.from_dict(f) for f in data["findings"]),
        tuple(
            RuleInfo(str(i), str(k), Severity(s), str(m), None if skip is None else str(skip))
            for i, k, s, m, skip in data["rules"]
        ),
        files,
        seconds,
        exclusions=tuple((str(r), tuple(str(g) for g in globs), int(n)) for r, globs, n in data["exclusions"]),
        files_cached=files,  # every file: answered by the cache
    )


def config_report_key(config_digest: str, fingerprint: str, changed_since: str | None) -> str:
    """A whole report's key by the config folder's bytes (``files.folder_digest``) instead of the rules
    loaded from it: an audit of a revision audited before with the very same config folder is
    answered before any rule file is parsed.  Every input of such an audit is in it: the engine, every
    file the config folder holds (rule files, ledger, profile, patches), the tree, and the commit
    file-scoped rules are narrowed to the changes since."""
    parts = ("config-bytes", engine_version(), _config_readers(), config_digest, fingerprint, changed_since or "")
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogateescape")).hexdigest()


@functools.lru_cache(maxsize=1)
def _config_readers() -> str:
    """What decides whether a config folder passes besides the engine: the ledger's, the profile's and
    the YAML readers' source, the schemas and the audit command.  A version that would refuse a
    config folder an older one passed must not be answered by the older one's report."""
    package = Path(__file__).resolve().parents[2]
    sources = [
        *sorted((package / "domain").glob("*.py")),
        *sorted((package / "adapters").glob("*.py")),
        *sorted((package / "data" / "schemas").glob("*.json")),
        *(package / name for name in ("grammar.py", "errors.py", "commands/audit.py")),
    ]
    digest = hashlib.sha256()
    # each file by what the kernel says of it, as git's index knows a file changed without reading it: its
    # size and times, and the inode and change time no tool can set (an install or `rsync -a` that pins every
    # modification time, as Nix and SOURCE_DATE_EPOCH builds do, made two engines one: the second was served
    # the first's findings); reading and hashing the 5 MB of source was 8-14 ms of every command that reads
    # the cache
    for path in sources:
        st = path.stat()
        known = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev)
        digest.update(f"{path.relative_to(package).as_posix()}\0{known}\0".encode())
    return digest.hexdigest()
