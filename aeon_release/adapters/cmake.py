"""Run a CMake script (``cmake -P``) that the audit wrote, bounded in time and memory.

The script is the pure part of a tree's CMake (see ``domain.audits.cmake``): it reads no file and
starts no program.  A hostile tree can still loop, allocate or print: the run stops at ``seconds``,
at ``MEMORY_BYTES`` of address space and at ``OUTPUT_BYTES`` of output (written to files the limit
applies to, not to pipes read into this process's memory), in an empty folder, with PATH alone.
"""

from __future__ import annotations

import resource
import shutil
import signal
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

MEMORY_BYTES = 1 << 30  # the real arch functions need a few MB; a string(REPEAT) bomb stops here
OUTPUT_BYTES = 16 << 20  # a real tree prints a few KB of group values; cmake can print 200 MB a second


@dataclass(frozen=True)
class Ran:
    code: int | None  # None: stopped at the time limit
    stdout: str
    stderr: str


def find_cmake() -> str | None:
    return shutil.which("cmake")


def run_script(cmake: str, text: str, seconds: float = 20.0) -> Ran:
    with tempfile.TemporaryDirectory(prefix="aeon-release-cmake-") as tmp:
        path = Path(tmp) / "arch.cmake"
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        with open(Path(tmp) / "out", "w+b") as out, open(Path(tmp) / "err", "w+b") as err:
            proc = subprocess.Popen(
                [cmake, "-Wno-dev", "-P", str(path)],
                cwd=tmp,
                env={"PATH": "/usr/bin:/bin"},
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                preexec_fn=_limit,  # the child only sets limits and execs: no lock a thread holds is needed
            )
            # a timer stops it: a wait with a timeout polls, sleeping up to 50 ms past the end of a 30 ms run
            stopped = threading.Event()

            def stop() -> None:
                stopped.set()
                proc.kill()

            timer = threading.Timer(seconds, stop)
            timer.daemon = True  # a cancelled timer never holds the process's exit
            timer.start()
            try:
                code = proc.wait()
            finally:
                timer.cancel()
            if stopped.is_set():
                return Ran(None, "", f"cmake did not finish within {seconds:g} s")
            stdout, stderr = _read(out), _read(err)
    if code == -signal.SIGXFSZ:
        return Ran(code, "", f"cmake printed more than {OUTPUT_BYTES >> 20} MB")
    return Ran(code, stdout, stderr)


def _read(file: BinaryIO) -> str:
    file.seek(0)
    return file.read(OUTPUT_BYTES).decode("utf-8", "replace")


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_FSIZE, (OUTPUT_BYTES, OUTPUT_BYTES))  # a write past it: SIGXFSZ
