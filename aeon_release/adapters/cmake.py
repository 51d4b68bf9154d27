"""Run a CMake script (``cmake -P``) that the audit wrote, bounded in time and memory.

The script is the pure part of a tree's CMake (see ``domain.audits.cmake``): it reads no file and
starts no program.  A hostile tree can still loop or allocate: the run stops at ``seconds`` and at
``MEMORY_BYTES`` of address space, in an empty folder, with an environment of PATH alone.
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

MEMORY_BYTES = 1 << 30  # the real arch functions need a few MB; a string(REPEAT) bomb stops here


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
        try:
            done = subprocess.run(
                [cmake, "-Wno-dev", "-P", str(path)],
                cwd=tmp,
                env={"PATH": "/usr/bin:/bin"},
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=seconds,
                preexec_fn=_limit,  # the child only sets a limit and execs: no lock a thread holds is needed
            )
        except subprocess.TimeoutExpired:
            return Ran(None, "", f"cmake did not finish within {seconds:g} s")
    return Ran(done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"))


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
