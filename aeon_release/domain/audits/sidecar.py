"""The merge-aware checks in a second process, started as soon as a merge's three commits are known.

On a large real merge the merge-aware checks are most of the audit: they parse the sides' large
modules (0.3-0.5 s of ``ast.parse`` and walks).  None of that needs the final tree until the very
end, and the main process spends the plan, the merge, the carries and the picks waiting on git.  A
thread cannot use that time (it fights the plan for the interpreter lock: measured, and slower on two
cores); a process can.  So `merge` starts this one with the three commits:

1. it parses what the checks will read of the sides (the fork's modules, the base's functions,
   upstream's renumbered enums) while the plan runs (the commits' git diffs start as they come, even
   while the checks' modules still import);
2. told the merged tree (``warm``: git's merge, before carries and picks), it runs every check on it
   and notes which merged paths the checks read (the tree is listed while step 1 still waits on git);
3. asked for the findings of the final revision (``audit``), it answers with those of step 2 when
   carries and picks changed none of the paths read (the checks are a function of the three sides,
   the settings and those texts), else it runs the checks again, on memoised parses.

While it checks, the merge's own process only waits for it: so a check forks a child (with every
parse and memo made so far) for the device and native gate checks, the other half of a large
merge's checking, and runs the rest here.

It changes nothing in the repository (git may write its own scratch files, as for any read) and
prints nothing but its answer.  The protocol is one JSON object per line on stdin and one answer
line on stdout.  Whatever goes wrong here (no interpreter, a crash, a damaged answer), the audit
runs the checks itself: this process only ever saves time.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import functools
import importlib
import json
import os
import queue
import select
import signal
import site
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn

from aeon_release import methodcache
from aeon_release.domain.audits.model import Finding, MergeSides, Settings
from aeon_release.streams import flushed, lone_thread

if TYPE_CHECKING:
    from concurrent.futures import Future

    from aeon_release.domain.audits.source import GitTree, SourceCache

_Key = tuple[str, str, str, str]


@dataclasses.dataclass(frozen=True)
class Answer:
    findings: list[Finding]
    read: list[str]  # the merged files the checks read


_RUNNING: dict[_Key, Sidecar] = {}
_SPARE: Sidecar | None = None  # spawned, waiting for a merge's commits
_ASKED: set[Sidecar] = set()  # asked, not answered yet
_BOOT = (
    "import sys; root, *sites = sys.argv[1:]; sys.path += [p for p in sites if p not in sys.path]; "
    "root in sys.path or sys.path.insert(0, root); import runpy; "
    "runpy.run_module('aeon_release.domain.audits.sidecar', run_name='__main__')"
)
_AT_EXIT = False


def _key(sides: MergeSides) -> _Key:
    return (str(sides.repo), sides.base, sides.ours, sides.theirs)


class Sidecar:
    """The parent's handle on one running sidecar process."""

    def __init__(self, fork: bool = False) -> None:
        forked = _forked() if fork else None
        self.proc: subprocess.Popen[bytes] | _Forked = forked or subprocess.Popen(
            # -I: neither the user's working directory nor PYTHON* variables shape its imports.  -S:
            # no site module (its .pth files cost a quarter of the start-up); the package's own folder
            # is put first on its path (unless it is one of them: an installed package) and this
            # interpreter's site-packages folders after the standard library, as the site module does.
            [sys.executable, "-I", "-S", "-c", _BOOT, str(_PACKAGE_ROOT), *_site_folders()],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # a failure is answered by the audit running the checks itself
        )

    def begin(self, sides: MergeSides) -> None:
        where = str(Path(sides.repo).absolute())  # its working directory is not promised to be ours
        places = _places(Path(where))
        self._send({"repo": where, "base": sides.base, "ours": sides.ours, "theirs": sides.theirs, "places": places})

    def _send(self, message: dict[str, Any]) -> bool:
        try:
            stdin = self.proc.stdin
            assert stdin is not None  # noqa: S101 - made with stdin=PIPE
            stdin.write(json.dumps(message).encode() + b"\n")
            stdin.flush()
        except (OSError, ValueError):  # it died (or was closed): the audit does the work
            return False
        return True

    def words(self, words: tuple[str, ...]) -> None:
        self._send({"words": list(words)})

    def warm(self, rev: str, settings: Settings) -> None:
        self._send({"warm": rev, "settings": dataclasses.asdict(settings)})

    def ask(self, rev: str, settings: Settings) -> Callable[[], Answer | None]:
        """Ask for ``rev``'s findings; the returned function waits for them (None: compute them here)."""
        if not self._send({"audit": rev, "settings": dataclasses.asdict(settings)}):
            self.close()
            return lambda: None
        return self._answer

    def _answer(self) -> Answer | None:
        try:
            stdout = self.proc.stdout
            assert stdout is not None  # noqa: S101 - made with stdout=PIPE
            if not _answering(self.proc.pid, stdout.fileno()):
                return None
            line = stdout.readline()
            data = json.loads(line) if line else None
            if not isinstance(data, dict):
                return None
            return Answer([Finding.from_dict(f) for f in data["findings"]], [str(p) for p in data["read"]])
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None
        finally:
            self.close()

    def close(self) -> None:
        _ASKED.discard(self)
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass
        if self.proc.poll() is None:
            self.proc.kill()  # it only reads: nothing is left half-written (a child it forked follows)
        self.proc.wait()


def _places(where: Path) -> dict[str, str]:
    """The checkout's top and git directory, which the plan asked git for: the checks' process asked again (two
    git processes).  Nothing where they cannot be had: the checks' process asks, and says what fails."""
    from aeon_release.adapters.git import known_places
    from aeon_release.errors import AeonError

    try:
        return known_places(where)
    except (AeonError, OSError):
        return {}


def _answering(pid: int, fd: int) -> bool:
    """Wait for the answer to come in; False when the sidecar is stopped (SIGSTOP, a debugger, Ctrl-Z
    sent to its group) and so will never answer: the merge waited on it for good."""
    while not select.select([fd], [], [], _LOOK_EVERY)[0]:
        if _stopped(pid):
            return False
    return True


_LOOK_EVERY = 1.0  # seconds between looks at a sidecar that has not answered yet


def _stopped(pid: int) -> bool:
    """Whether the process is stopped or traced (Linux's /proc; elsewhere it is never said to be)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            state = handle.read().rpartition(b")")[2].split()[:1]
    except OSError:
        return False
    return state in ([b"T"], [b"t"])


_PACKAGE_ROOT = Path(__file__).resolve().parents[3]  # the folder holding aeon_release/
# The modules both the command and the checks import (the git and tree readers, the audits' model and
# sources: ~45 ms of a 130 ms import).  `merge` imports them first and forks the checks' process from
# itself (``spawn(fork=True)``): imported once, not once in each process (benchmarks/merge_cpu.md).
_SHARED_MODULES = ("aeon_release.domain.audits.source", "aeon_release.domain.audits.merge_rules")


class _Forked:
    """A sidecar forked from this process: what ``Sidecar`` uses of a ``subprocess.Popen``."""

    def __init__(self, pid: int, stdin: IO[bytes], stdout: IO[bytes]) -> None:
        self.pid, self.stdin, self.stdout = pid, stdin, stdout
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:  # reaped by someone else (SIGCHLD ignored): gone
                self.returncode = -1
                return self.returncode
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def kill(self) -> None:
        if self.poll() is None:  # not reaped, so the pid is still this child's
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)

    def wait(self) -> int:
        if self.returncode is None:
            try:
                self.returncode = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
            except ChildProcessError:
                self.returncode = -1
        return self.returncode


def _forked() -> _Forked | None:
    """The checks' process as a fork of this one, once the modules both import are imported here; None
    where that is not safe (no fork, or a thread running: a lock it held would stay held in the child)
    or fails: then a new interpreter is started instead."""
    if not hasattr(os, "fork") or not lone_thread():
        return None
    for name in _SHARED_MODULES:
        importlib.import_module(name)
    if not lone_thread() or not flushed():
        return None
    try:
        ends = os.pipe() + os.pipe()  # requests (read, write), answers (read, write)
    except OSError:
        return None
    try:
        pid = os.fork()
    except OSError:
        for end in ends:
            os.close(end)
        return None
    requests, to_child, from_child, answers = ends
    if pid == 0:
        _serve_forked(requests, answers, (to_child, from_child))
    os.close(requests)
    os.close(answers)
    return _Forked(pid, os.fdopen(to_child, "wb"), os.fdopen(from_child, "rb"))


def _serve_forked(requests: int, answers: int, theirs: tuple[int, int]) -> NoReturn:
    """The forked child: the sidecar's ``main`` as the new interpreter would run it (standard input and
    output the two pipes, errors to /dev/null, the signals' default handlers, the isolated interpreter's
    import path), then out without the parent's exit handlers (``os._exit``)."""
    status = 1
    try:
        for end in theirs:
            os.close(end)
        for number in (signal.SIGTERM, signal.SIGHUP):  # the command's early handlers (__main__.py)
            signal.signal(number, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        quiet = os.open(os.devnull, os.O_RDWR)
        for fd, standard in ((requests, 0), (answers, 1), (quiet, 2)):
            os.dup2(fd, standard)
            if fd > 2:
                os.close(fd)
        sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 - the process's own, for its life
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.path[:] = _isolated_path()
        serve(sys.stdin, sys.stdout)
        status = 0
    finally:
        os._exit(status)


def _isolated_path() -> list[str]:
    """This process's import path as ``-I -S`` and ``_BOOT`` make the new interpreter's: without the
    script's folder (the working directory, for `python -m`) or PYTHONPATH's folders, the site-packages
    folders after the standard library, the package's own folder first."""
    sites = _site_folders()
    dropped = set(sites)
    if not sys.flags.ignore_environment:
        dropped |= {os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p}
    kept = [p for p in sys.path[0 if sys.flags.safe_path else 1 :] if p and os.path.abspath(p) not in dropped]
    path = kept + [p for p in sites if p not in kept]
    root = str(_PACKAGE_ROOT)
    return path if root in path else [root, *path]


def _site_folders() -> list[str]:
    folders = list(site.getsitepackages())
    if site.ENABLE_USER_SITE:
        folders.append(site.getusersitepackages())
    return [f for f in folders if Path(f).is_dir()]


def spawn(fork: bool = False) -> None:
    """Start a sidecar's interpreter now, before the merge's commits are known: it imports the checks
    on the other core while this process imports and plans.  ``fork``: the process is a fork of this
    one (see ``_forked``; the command's entry asks for it before any thread runs)."""
    global _SPARE
    if _SPARE is None:
        _SPARE = _new(fork)


def start(sides: MergeSides) -> None:
    """Give this merge's commits to a sidecar (the spawned one, else a new one); if no process can be
    started, the audit does the work."""
    global _SPARE
    key = _key(sides)
    if key in _RUNNING:
        return
    sidecar, _SPARE = _SPARE or _new(), None
    if sidecar is not None:
        sidecar.begin(sides)
        _RUNNING[key] = sidecar


def _new(fork: bool = False) -> Sidecar | None:
    global _AT_EXIT
    try:
        sidecar = Sidecar(fork)
    except (OSError, ValueError):
        return None
    if not _AT_EXIT:
        atexit.register(close_all)
        _AT_EXIT = True
    return sidecar


def words(sides: MergeSides, settings: Settings | None) -> None:
    """Tell the sidecar of ``sides``, right after them, what the rules' device-gate checks look for
    (``settings``: the rules', None when they do not load): upstream's changed files are grepped for it
    and the enums' words at once (git reads each file once).  It waits for this before it prepares."""
    sidecar = _RUNNING.get(_key(sides))
    if sidecar is not None:
        device = settings.device if settings is not None else None
        sidecar.words(device.words if device is not None and device.names else ())


def warm(sides: MergeSides, rev: str, settings: Settings) -> None:
    """The merge is made (``rev``: its tree or commit): check it ahead of the audit, with the
    settings the audit will use (findings made with others are not reused)."""
    sidecar = _RUNNING.get(_key(sides))
    if sidecar is not None:
        sidecar.warm(rev, settings)


def ask(sides: MergeSides, rev: str, settings: Settings) -> Callable[[], Answer | None] | None:
    """Ask the running sidecar of ``sides`` for ``rev``'s findings; None when there is none (or it was
    asked already: it answers once)."""
    sidecar = _RUNNING.pop(_key(sides), None)
    if sidecar is None:
        return None
    _ASKED.add(sidecar)  # until it answers: an audit that fails meanwhile leaves it to close_all
    return sidecar.ask(rev, settings)


def close_all() -> None:
    """Stop every sidecar not asked yet (a run that stopped before its audit)."""
    global _SPARE
    spare, _SPARE = _SPARE, None
    if spare is not None:
        spare.close()
    while _RUNNING:
        _RUNNING.popitem()[1].close()
    while _ASKED:
        _ASKED.pop().close()


# -- the process ------------------------------------------------------------------------------
def serve(requests: IO[str], answers: IO[str]) -> None:
    """Read the sides, start their diffs, prepare them, then answer ``warm`` and ``audit`` requests
    until asked once."""
    inbox = _inbox(requests)
    importing = _import_beside()
    first = inbox.get()
    if first is None:
        return
    data = json.loads(first)
    sides = MergeSides(Path(data["repo"]), data["base"], data["ours"], data["theirs"])
    from aeon_release.adapters.git import told_places
    from aeon_release.domain.audits.diffs import grep_changed, in_background, prefetch

    if isinstance(data.get("places"), dict):
        told_places(sides.repo, data["places"])

    prefetch(sides.repo, sides.base, sides.ours, sides.theirs, grep=False)  # git diffs while the checks import
    line = inbox.get()  # the words the rules look for (``words``), sent just after the sides
    if line is None:
        return
    told = json.loads(line)
    # upstream's changed files are grepped for the enums' words and these at once
    grep_changed(sides.repo, sides.base, sides.ours, sides.theirs, tuple(told.get("words", ())))
    pending = None if "words" in told else line
    importing.join()  # no thread of this process is left mid-import when a check forks a child
    # the checks' classes' methods kept now, not at the exit: a forked process skips the atexit handlers, and
    # the merge's process kills this one once answered (nothing is written when every text was kept already)
    methodcache.save()
    from aeon_release.domain.audits.merge import prepare_sides

    preparing = in_background(prepare_sides, sides)
    pending = pending or inbox.get()
    # (with the audit's request behind a warm one, the warm check is skipped: its tree is not listed)
    trees = _listed_ahead(sides, pending, preparing) if pending is not None and inbox.empty() else {}
    preparing.result()  # (its thread is done with git before a check forks a child)
    if pending is None:
        return
    warmed: _Warmed | None = None
    while (line := pending or inbox.get()) is not None:
        pending = None
        request = json.loads(line)
        settings = Settings.of(request["settings"])
        if "warm" in request:
            if inbox.empty():  # with the audit's request already waiting, a warm check only delays it
                warmed = _check(sides, str(request["warm"]), settings, trees.pop(str(request["warm"]), None))
        elif "audit" in request:
            done = _final(sides, str(request["audit"]), settings, warmed, trees.pop(str(request["audit"]), None))
            found = [f.as_dict() for f in done.findings]
            answers.write(json.dumps({"findings": found, "read": sorted(done.read)}) + "\n")
            answers.flush()
            return


# The checks' modules: the diffs' first, the rest after them.  The merge's process sends the three commits
# only once it has imported its command and read the fork's refs; this process has nothing to do until then,
# and the checks' imports (0.2-0.5 s on a loaded machine) made after the commits came were on the longest
# path of a large merge (benchmarks/merge_bench.py).
_DIFF_MODULE = "aeon_release.domain.audits.diffs"
_CHECK_MODULES = (
    "aeon_release.domain.audits.source",
    "aeon_release.domain.audits.drift.checks",
    "aeon_release.domain.audits.merge",
)


def _import_beside() -> threading.Thread:
    """Import the diffs' module here, then the checks' modules on a thread, so that commits coming while
    they import start their diffs at once: when the imports ran on this thread between requests, the
    commits waited for the module being imported (drift.checks alone is a third of a second under load),
    and the git diff they start is the head of a large merge's longest path.  The diffs' module imports
    none of the checks', so this thread and that one never import the same module; the caller joins the
    thread before it imports the checks itself."""
    importlib.import_module(_DIFF_MODULE)

    def run() -> None:
        with contextlib.suppress(Exception):  # the caller's own import says what failed
            for name in _CHECK_MODULES:
                importlib.import_module(name)

    thread = threading.Thread(target=run, name="sidecar-imports", daemon=True)
    thread.start()
    return thread


def _inbox(requests: IO[str]) -> queue.Queue[str | None]:
    """The requests as they arrive, read on a thread: a ``warm`` request can see whether the
    ``audit`` one came in behind it.  None marks the end of the input."""
    inbox: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        try:
            for line in requests:
                inbox.put(line)
        finally:
            inbox.put(None)

    threading.Thread(target=read, name="sidecar-inbox", daemon=True).start()
    return inbox


def _listed_ahead(sides: MergeSides, line: str, preparing: Future[None]) -> dict[str, GitTree]:
    """The tree of the first request's revision, listed while the sides are still being prepared: ``git
    ls-tree --long`` of a large revision (40-200 ms, mostly git's wait on its object store) was the first
    thing a check did once they were, on the longest path of a large merge, and the plan sends the merged
    revision well before the sides' diffs are in.  None listed when the sides are ready (nothing to
    overlap) or the listing fails (the check lists the revision itself, and fails as it did).  An audit
    request that comes after this while the sides are still prepared makes the warm check skipped, and
    this listing (~40 ms of CPU, git's and ours, for 5,900 files) spent for nothing."""
    from aeon_release.domain.audits.source import GitTree

    try:
        request = json.loads(line)
        rev, settings = request.get("warm", request.get("audit")), request["settings"]
        if preparing.done() or rev is None:
            return {}
        tree = GitTree(sides.repo, str(rev), Settings.of(settings).max_file_bytes, _listings(sides))
        tree.files()
    except Exception:  # noqa: BLE001 - a half-listed tree must not stand in for the revision
        return {}
    return {str(rev): tree}


def _listings(sides: MergeSides) -> Path | None:
    """Where the merge's process leaves its listing of the merged revision (``GitTree``'s ``share``: the
    findings cache's folder), so that one ``git ls-tree --long`` serves both processes; None where the git
    directory cannot be had."""
    from aeon_release.adapters.git import Git
    from aeon_release.adapters.store import RunStore
    from aeon_release.errors import AeonError

    try:
        return RunStore.cache_of(Git(Path(sides.repo)).common_dir)
    except (AeonError, OSError):
        return None


@dataclasses.dataclass(frozen=True)
class _Warmed:
    rev: str
    settings: Settings
    findings: list[Finding]
    reads: frozenset[str]  # every merged path the checks asked for, present or not
    read: frozenset[str]  # those present (the files the audit counts as read)


def _check(sides: MergeSides, rev: str, settings: Settings, listed: GitTree | None = None) -> _Warmed:
    """The checks of ``rev`` (``listed``: its tree listed ahead with these settings' cap, or None)."""
    from aeon_release.domain.audits.merge import merge_findings
    from aeon_release.domain.audits.source import GitTree, SourceCache

    tree = listed if listed is not None and listed.max_bytes == settings.max_file_bytes else None
    tree = tree or GitTree(sides.repo, rev, settings.max_file_bytes, _listings(sides))
    try:
        cache = SourceCache(tree, settings.max_parse_bytes)
        cache.reads = set()
        findings = merge_findings(cache, sides, settings, functools.partial(_apart, cache=cache))
        return _Warmed(rev, settings, findings, frozenset(cache.reads), frozenset(cache.read_paths()))
    finally:
        tree.close()


def _apart(work: Callable[[], list[Finding]], cache: SourceCache) -> Callable[[], list[Finding] | None] | None:
    """``work()`` in a forked child of this process (it has the parses and memos made so far), beside
    the checks that go on here: the merge's own process waits on this one, so the second core is free.
    The returned function gives the child's findings, and counts what it read as read here; None when
    no child could start (then, or when the child fails, the checks run ``work`` here)."""
    if not hasattr(os, "fork"):
        return None
    cache.tree.files()  # the revision listed once, for both processes (git ls-tree)
    forked = _fork(work, cache)
    if forked is None:
        return None
    pid, read_end = forked
    started = time.monotonic()

    def result() -> list[Finding] | None:
        # a child stuck (on a lock a thread of this process held at the fork, say) is stopped once it
        # has taken ten times as long as the checks here took, and its checks run here instead
        waited = _WAIT_TIMES * (time.monotonic() - started)
        data = _read_until(read_end, pid, time.monotonic() + max(_LEAST_WAIT, waited))
        try:
            _, status = os.waitpid(pid, 0)
        except ChildProcessError:  # reaped by someone else (SIGCHLD ignored): its status is unknown
            return None
        return _decoded(data, cache) if status == 0 else None

    return result


def _fork(work: Callable[[], list[Finding]], cache: SourceCache) -> tuple[int, int] | None:
    """The child's pid and the pipe's end its answer comes through; None when no child could start."""
    parent = os.getpid()
    try:
        read_end, write_end = os.pipe()
    except OSError:
        return None
    try:
        with warnings.catch_warnings():  # Python 3.12+ warns of a fork beside threads: the child uses none of theirs
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return None
    if pid == 0:
        _child(work, cache, read_end, write_end, parent)
    os.close(write_end)
    return pid, read_end


def _read_until(read_end: int, pid: int, deadline: float) -> bytes:
    """What the child wrote before it closed the pipe; a child still writing at ``deadline`` is killed."""
    data = bytearray()
    with os.fdopen(read_end, "rb", buffering=0) as pipe:
        while select.select([pipe], [], [], max(0.0, deadline - time.monotonic()))[0]:
            chunk = pipe.read(1 << 16)
            if not chunk:
                break
            data += chunk
        else:
            with contextlib.suppress(OSError):  # it may have ended meanwhile
                os.kill(pid, signal.SIGKILL)
    return bytes(data)


def _decoded(data: bytes, cache: SourceCache) -> list[Finding] | None:
    """The child's findings, with what it read counted as read here; None for an answer not whole."""
    try:
        answer = json.loads(data)
        findings = [Finding.from_dict(f) for f in answer["findings"]]
        reads, read = [str(p) for p in answer["reads"]], [str(p) for p in answer["read"]]
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    if cache.reads is not None:
        cache.reads.update(reads)
    cache.read_elsewhere(read)
    return findings


def _child(
    work: Callable[[], list[Finding]], cache: SourceCache, read_end: int, write_end: int, parent: int
) -> NoReturn:
    """The forked child: ``work``'s findings and reads on the pipe, then out without the parent's exit
    handlers or its buffered output (``os._exit``); any failure is an exit status the parent sees."""
    status = 1
    try:
        os.close(read_end)
        _orphaned_exits(parent)
        found = work()
        reads = sorted(cache.reads or ())
        answer = {"findings": [f.as_dict() for f in found], "reads": reads, "read": cache.read_paths()}
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(json.dumps(answer).encode())
        status = 0
    finally:
        os._exit(status)


def _orphaned_exits(parent: int) -> None:
    """End this child as soon as its parent is gone (killed: the merge stopped), not when its work is."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_LOOK_FOR_PARENT)
        os._exit(1)

    threading.Thread(target=watch, name="sidecar-child-watch", daemon=True).start()


_LOOK_FOR_PARENT = 0.1  # seconds
_LEAST_WAIT = 60.0  # seconds a forked child is given at the least
_WAIT_TIMES = 10  # ... and at the most this many times as long as the checks here took


def _final(
    sides: MergeSides, rev: str, settings: Settings, warmed: _Warmed | None, listed: GitTree | None = None
) -> _Warmed:
    """The warm findings when nothing they read differs in ``rev``; else the checks again."""
    from aeon_release.adapters.git import Git

    if warmed is not None and warmed.settings == settings:
        if warmed.rev == rev or not (Git(sides.repo).changed_paths(warmed.rev, rev) & warmed.reads):
            return warmed
    return _check(sides, rev, settings, listed)


def main() -> None:
    from aeon_release.gcpace import pace

    pace()  # the checks' parses and memos are as long-lived as the command's (see gcpace.py)
    methodcache.install()  # the checks' classes' methods compiled once across runs (saved at the exit)
    try:
        serve(sys.stdin, sys.stdout)
    except Exception:  # noqa: BLE001 - no answer: the parent runs the checks itself and reports
        sys.exit(1)


if __name__ == "__main__":
    main()
