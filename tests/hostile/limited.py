"""The child side of tests.hostile.conftest.run_limited: one CLI run in a process forked from a
server that has imported the CLI once (multiprocessing's forkserver).

A fresh interpreter spends 0.5-2 s importing the CLI (libcst, pydantic, yaml) before it audits a
three-file repository; the hostile tests run it ~275 times.  Forked from a server that did those
imports, the run starts in milliseconds and is otherwise the same: its own process, its own
address space under RLIMIT_AS (the imports count against it as they would in a fresh one, give or
take the ~20 MB of modules PRELOAD names that a command may not need), its own environment,
working folder, argv and exit code, stdout and stderr on files of its own.

This module imports nothing from pytest: the server imports it, and so does every run.
"""

from __future__ import annotations

import atexit
import io
import math
import os
import resource
import runpy
import sys

PRELOAD = [
    "tests.hostile.limited",
    "aeon_release.cli",
    "aeon_release.commands.audit",
    # What most runs import besides: the audit's runner and cache, the merge and its checks (0.1-0.2 s
    # a run, in ~170 of the ~275 runs), jsonschema (the fleet profile: 0.1 s), the engine and registry
    # clients (docker, requests: 0.2 s, in ~30 runs).  They add ~20 MB to the address space a child
    # starts with: under the smallest limit here (512 MiB) as under the 1.5 GiB default, a bomb still
    # meets the limit long before its command's own imports would.
    "aeon_release.domain.audits.runner",
    "aeon_release.domain.audits.sidecar",
    "aeon_release.domain.audits.merge",
    "aeon_release.pipeline.merge",
    "aeon_release.pipeline.carry_evidence",
    "jsonschema",
    "aeon_release.pipeline.publish",
    "aeon_release.pipeline.build",
    # The merge's and release's tables and progress (rich: ~25 ms of CPU a run, in about a quarter of the
    # runs), the signing of release, publish, keygen and verify (cryptography, securesystemslib: ~28 ms, in
    # about a sixth), notes, release and image-report (~10 ms each): counted in a scratch run of four sweeps'
    # 83 forked runs, the modules each run imported after the fork.  ~17 MB more address space a child
    # starts with, far under the smallest limit here (512 MiB).
    "rich.console",
    "rich.table",
    "rich.progress",
    "aeon_release.adapters.signing",
    "aeon_release.domain.notes",
    "aeon_release.pipeline.release",
    "aeon_release.pipeline.image_report",
]


def run(
    argv: list[str],
    cwd: str,
    env: dict[str, str],
    memory: int,
    out: str,
    err: str,
    session: bool = False,
    cpu: float = 0,
    stop: tuple[str, str, str] | None = None,
) -> None:
    """``aeon-release ARGV`` as `python -c` under run_limited would run it; exits with its code.
    ``memory`` 0: no limit; ``session``: in a session (and process group) of its own, as
    ``subprocess.Popen(start_new_session=True)`` starts one, for a test that kills the group;
    ``cpu``: the CPU seconds it (and each process it starts) may use, else SIGXCPU ends it; ``stop``: (where,
    signal, when) for tests.hostile.conftest.stopped_at (``stop_at``)."""
    if session:
        os.setsid()
    if memory:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    if cpu:
        resource.setrlimit(resource.RLIMIT_CPU, (math.ceil(cpu), math.ceil(cpu) + 5))
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    for fd, path in ((1, out), (2, err)):
        target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(target, fd)
        os.close(target)
    # What a fresh interpreter would make of stdout and stderr on files (PEP 538/540: UTF-8).
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", errors="strict")
    sys.stderr = io.TextIOWrapper(
        io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="backslashreplace", line_buffering=True
    )
    sys.argv = ["aeon-release", *argv]
    # the CLI leaves through os._exit after its atexit handlers (aeon_release/__main__.py), where no
    # finally runs: the CPU the run used is written by a handler of its own too
    atexit.register(record_cpu, out + ".cpu")
    if stop:
        stop_at(*stop)
    try:
        runpy.run_module("aeon_release", run_name="__main__")
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        record_cpu(out + ".cpu")


def stop_at(where: str, signame: str, when: str) -> None:
    """The function ``where`` (``module:name``, the name dotted through classes) sends this process ``signame``
    as it starts with ``when`` among its arguments, once (as ``kill PID`` or a CI runner sends it), then runs."""
    import importlib
    import signal

    module, name = where.split(":")
    holder = importlib.import_module(module)
    *path, last = name.split(".")
    for part in path:
        holder = getattr(holder, part)
    real = getattr(holder, last)

    def stopped(*args: object, **kwargs: object) -> object:
        if not os.environ.get("STOPPED") and when in repr(args):
            os.environ["STOPPED"] = "1"
            os.kill(os.getpid(), getattr(signal, signame))
        return real(*args, **kwargs)

    setattr(holder, last, stopped)


def record_cpu(path: str) -> None:
    """The CPU seconds this run used, its own and its finished children's (git, cmake): the hang guards'
    measure, which a busy machine stretches far less than the wall time."""
    mine, theirs = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = mine.ru_utime + mine.ru_stime + theirs.ru_utime + theirs.ru_stime
    with open(path, "w", encoding="ascii") as fh:
        fh.write(f"{seconds}\n")
