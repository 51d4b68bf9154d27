"""The README's two commands on a stock Debian 12 that has python3 and git and nothing else.

The root filesystem is made with mmdebstrap from the Debian mirror apt uses and imported into the
local engine; both are cached (/var/cache/aeon-release-test), so only the first run pays ~2 min.
The container has no network: pip installs from a wheelhouse that this test downloads on the host
(cached too).  Debian's python3 there has no pip, no ensurepip and is externally managed (PEP 668).

The test runs beside the whole suite on two cores, so it leaves out what the host's run proves:
pip does not byte-compile what it installs (PIP_NO_COMPILE: a third of the installs' CPU; Python
compiles what it imports), and the test command skips mypy (AEON_TEST_NO_MYPY: the host's run of
scripts/test.sh type-checks the same tree).  Both commands still install into the venv from
nothing, and the test command still runs ruff and pytest there.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

pytestmark = [pytest.mark.docker, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
MIRROR = "http://deb.debian.org/debian"
SUITE = "bookworm"


def cache_dir() -> Path:
    for candidate in (Path("/var/cache/aeon-release-test"), Path.home() / ".cache" / "aeon-release-test"):
        try:
            candidate.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(candidate, os.W_OK):
            return candidate
    pytest.skip("no writable cache folder for the Debian root filesystem")


def rootfs_image(docker_available: bool) -> str:
    tarball = cache_dir() / f"{SUITE}-python3-git.tar"
    if not tarball.exists():
        if shutil.which("mmdebstrap") is None:
            pytest.skip("mmdebstrap is not installed (scripts/test.sh installs it): cannot make a Debian rootfs")
        partial = tarball.with_suffix(".partial.tar")
        subprocess.run(
            ["mmdebstrap", "--quiet", "--variant=minbase", "--include=python3,git", SUITE, str(partial), MIRROR],
            check=True,
            timeout=900,
        )
        partial.rename(tarball)
    stat = tarball.stat()
    image = f"aeon-release-test/{SUITE}-python3-git:{stat.st_size:x}-{int(stat.st_mtime):x}"
    if subprocess.run(["docker", "image", "inspect", image], capture_output=True).returncode != 0:
        subprocess.run(["docker", "import", str(tarball), image], check=True, capture_output=True, timeout=300)
    return image


def wheelhouse() -> Path:
    """Every wheel the project and its test extra need, for CPython 3.11 (Debian 12's) on x86_64."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    needs = [
        *project["project"]["dependencies"],
        *project["project"]["optional-dependencies"]["test"],
        *project["build-system"]["requires"],
        "pip",
    ]
    folder = cache_dir() / ("wheels-" + hashlib.sha256("\n".join(needs).encode()).hexdigest()[:16])
    if not (folder / "complete").exists():
        platforms = [
            f"--platform={p}"
            for p in ("manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64", "linux_x86_64")
        ]
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--disable-pip-version-check",
                "--only-binary=:all:",
                "--python-version=3.11",
                "--implementation=cp",
                *platforms,
                "--dest",
                str(folder),
                *needs,
            ],
            check=True,
            timeout=600,
        )
        (folder / "complete").touch()
    return folder


def first_command() -> str:
    """The README's first shell block: the command a new user runs first."""
    block = re.search(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    assert block is not None
    return block.group(1).strip()


def source_copy(tmp: Path) -> Path:
    """The checkout's tracked files as they are now (what a clone gives, with this branch's edits)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for rel in filter(None, listed.decode().split("\0")):
        source = ROOT / rel
        if source.is_file():
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, tmp / rel)
    return tmp


SCRIPT = r"""
set -u
exec 2>&1  # one stream: the engine delivers stdout and stderr separately, and their order was lost
cp -r /src /work && cd /work
git config --global user.name 'New User' && git config --global user.email new@example.invalid
echo "### python3: $(python3 --version); pip: $(python3 -m pip --version 2>&1 | tail -1)"
echo "### the README's first command"
sh -c "$FIRST"; echo "### exit $?"
echo "### the test command"
AEON_TEST_NO_APT=1 AEON_TEST_NO_MYPY=1 bash scripts/test.sh -p no:cacheprovider -n 0 tests/test_errors.py; echo "### exit $?"
echo "### the test command with a wheelhouse that lacks the dependencies"
rm -rf .venv
mkdir /partial && cp /wheels/pip-*.whl /partial/
PIP_FIND_LINKS=/partial AEON_TEST_NO_APT=1 bash scripts/test.sh tests/test_errors.py; echo "### exit $?"
"""


def test_readme_commands_on_stock_debian_12(docker_available: bool, tmp_path: Path) -> None:
    image = rootfs_image(docker_available)
    wheels = wheelhouse()
    src = source_copy(tmp_path / "src")
    done = subprocess.run(
        [
            "docker",
            "run",
            "--rm",
            "--network",
            "none",
            "-v",
            f"{src}:/src:ro",
            "-v",
            f"{wheels}:/wheels:ro",
            "-e",
            "PIP_NO_INDEX=1",
            "-e",
            "PIP_FIND_LINKS=/wheels",
            "-e",
            "PIP_NO_COMPILE=1",
            "-e",
            f"FIRST={first_command()}",
            image,
            "bash",
            "-c",
            SCRIPT,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=600,
    )
    out = done.stdout
    sections = out.split("### ")
    # stock: no pip, and the system python is externally managed
    assert "No module named pip" in out
    readme = next(s for s in sections if s.startswith("the README's first command"))
    assert "caught before any build" in readme and "created aeon-v0.29.0" in readme and "release notes:" in readme
    assert "### exit 0\n### the test command\n" in out, out[-3000:]
    assert re.search(r"4 passed in [\d.]+s\s*\n### exit 0", out), out[-3000:]
    broken = out.split("### the test command with a wheelhouse that lacks the dependencies")[1]
    assert "error: pip install -e /work[test] failed" in broken
    assert "error: installing aeon-release and its test dependencies into .venv failed" in broken
    assert "No module named pytest" not in broken and broken.rstrip().endswith("### exit 1")
