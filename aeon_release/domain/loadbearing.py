"""The serving image's load-bearing parts: one list (data), two consumers.

``data/image/load_bearing.txt`` lists them; ``data/image/check-load-bearing.sh`` (POSIX sh) checks
every kind but ``label`` from inside the image: it is the Dockerfile's last step and `build` runs it
again in a container of the finished image.  The ``label`` entries are checked here, against the
image config, since a container cannot see its own labels.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from aeon_release.errors import ConfigError

KINDS = ("cmd", "exec", "link", "file", "pkg", "conf", "label")
CHECK_SCRIPT = "check-load-bearing.sh"
LIST_FILE = "load_bearing.txt"
ENTRYPOINT_FILE = "aeon-entrypoint"
# What the Dockerfile copies into the image and `build` puts into the build context.
SUPPORT_FILES = (CHECK_SCRIPT, LIST_FILE, ENTRYPOINT_FILE)
_MISSING = re.compile(r"^MISSING (?P<kind>\w+) (?P<what>.+?): (?P<why>.+)$")


@dataclass(frozen=True)
class Part:
    kind: str
    target: str
    arg: str = ""

    @property
    def name(self) -> str:
        return f"{self.kind} {self.target}{' ' + self.arg if self.arg else ''}"


def data_dir() -> Path:
    return Path(str(resources.files("aeon_release") / "data" / "image"))


def load(path: Path | None = None) -> tuple[Part, ...]:
    """Parse the list; an unknown kind or a malformed line is an error naming the line."""
    path = path or data_dir() / LIST_FILE
    parts = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        if fields[0] not in KINDS or len(fields) != (3 if fields[0] == "conf" else 2):
            raise ConfigError(f"{path}:{number}: bad load-bearing entry {line.strip()!r}",
                              f"write KIND TARGET (conf takes DIR TEXT); kinds: {', '.join(KINDS)}")
        parts.append(Part(*fields))
    return tuple(parts)


def missing_labels(parts: tuple[Part, ...], labels: dict[str, str] | None) -> list[str]:
    """The ``label`` parts the image lacks (absent or empty)."""
    labels = labels or {}
    return [part.name for part in parts if part.kind == "label" and not labels.get(part.target)]


def missing_from_output(output: str) -> list[str]:
    """The parts the check script named as missing, from its output."""
    found = []
    for line in output.splitlines():
        match = _MISSING.match(line.strip())
        if match:
            found.append(f"{match['kind']} {match['what']}")
    return found
