#!/usr/bin/env python3
"""Install aeon-release into ./.venv with nothing but the python3 that runs this script.

A stock Debian 12 has python3 but neither pip nor ``ensurepip`` (they live in python3-pip and
python3-venv), and its system Python refuses ``pip install`` (PEP 668).  So: make the venv with
``ensurepip`` if the interpreter has it, else without pip and install pip into it from pip's own
wheel (pip runs from its wheel); then ``pip install -e .[EXTRAS]`` inside the venv.

pip's usual settings apply: ``PIP_INDEX_URL``, or ``PIP_NO_INDEX=1`` with ``PIP_FIND_LINKS=DIR``
for a wheelhouse (the pip wheel is then taken from there too).  Any failing step stops with
exit 1 and says which step failed; nothing is installed outside .venv.

    python3 scripts/bootstrap.py [--extras test] [--venv DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import urllib.request
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPI_JSON = "https://pypi.org/pypi/pip/json"


def fail(step: str, detail: str) -> None:
    sys.stderr.write(f"error: {step} failed: {detail}\n")
    raise SystemExit(1)


def make_venv(where: Path) -> Path:
    python = where / "bin" / "python"
    if python.exists():
        return python
    # Debian without python3-venv has no ensurepip (and its venv then exits with advice): go without.
    venv.EnvBuilder(with_pip=importlib.util.find_spec("ensurepip") is not None).create(where)
    return python


def has_pip(python: Path) -> bool:
    return subprocess.run([str(python), "-m", "pip", "--version"], capture_output=True).returncode == 0


def pip_wheel(tmp: Path) -> Path:
    """pip's wheel: from the wheelhouse named in PIP_FIND_LINKS, else from PyPI (sha256 checked)."""
    for folder in os.environ.get("PIP_FIND_LINKS", "").split():
        found = sorted(Path(folder).glob("pip-*-py3-none-any.whl"))
        if found:
            return found[-1]
    if os.environ.get("PIP_NO_INDEX"):
        fail("finding pip", "PIP_NO_INDEX is set and no pip-*.whl is in PIP_FIND_LINKS")
    with urllib.request.urlopen(PYPI_JSON, timeout=60) as answer:
        release = json.load(answer)
    wheel = next(u for u in release["urls"] if u["packagetype"] == "bdist_wheel")
    with urllib.request.urlopen(wheel["url"], timeout=120) as answer:
        data = answer.read()
    if hashlib.sha256(data).hexdigest() != wheel["digests"]["sha256"]:
        fail("downloading pip", f"{wheel['filename']} does not match PyPI's sha256")
    path = tmp / wheel["filename"]
    path.write_bytes(data)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extras", default="", help="e.g. test")
    parser.add_argument("--venv", type=Path, default=ROOT / ".venv")
    args = parser.parse_args()
    python = make_venv(args.venv)
    if not has_pip(python):
        with tempfile.TemporaryDirectory() as tmp:
            try:
                wheel = pip_wheel(Path(tmp))
            except OSError as exc:
                fail("downloading pip", f"{exc} (set PIP_INDEX_URL, or PIP_NO_INDEX=1 and PIP_FIND_LINKS=DIR)")
            done = subprocess.run([str(python), f"{wheel}/pip", "install", "--quiet", "--no-index", str(wheel)])
            if done.returncode != 0:
                fail("installing pip into the venv", f"exit {done.returncode}, see pip's message above")
    target = f"{ROOT}[{args.extras}]" if args.extras else str(ROOT)
    # pip runs quiet: say what the next half minute or so is, so that a silent terminal is not a hang
    sys.stderr.write(f"installing {target} and its dependencies into {args.venv} with pip...\n")
    sys.stderr.flush()
    done = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", target])
    if done.returncode != 0:
        fail(f"pip install -e {target}", f"exit {done.returncode}, see pip's message above")
    sys.stderr.write(f"aeon-release is installed in {args.venv}: run {args.venv / 'bin' / 'aeon-release'}\n")


if __name__ == "__main__":
    main()
