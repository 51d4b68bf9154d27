"""The serving image's load-bearing parts: one list (data), two consumers.

The fleet profile names the list (``image.load_bearing``); ``data/image/check-load-bearing.sh`` (POSIX sh) checks
every kind but ``label`` from inside the image: it is the Dockerfile's last step and `build` runs it
again in a container of the finished image.  The ``label`` entries are checked here, against the
image config, since a container cannot see its own labels.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from aeon_release.adapters import files
from aeon_release.domain.profile import Profile
from aeon_release.errors import ConfigError, quoted

KINDS = ("cmd", "exec", "link", "file", "pkg", "conf", "label")
CHECK_SCRIPT = "check-load-bearing.sh"
LIST_FILE = "load_bearing.txt"
_MISSING = re.compile(r"^MISSING (?P<kind>\w+) (?P<what>.+?): (?P<why>.+)$")


@dataclass(frozen=True)
class Part:
    kind: str
    target: str
    arg: str = ""

    @property
    def name(self) -> str:
        return f"{self.kind} {self.target}{' ' + self.arg if self.arg else ''}"


def check_script() -> Path:
    return Path(str(resources.files("aeon_release") / "data" / "image" / CHECK_SCRIPT))


def support_files(fleet: Profile) -> dict[str, Path]:
    """What `build` puts into the build context's support folder, by the name the Dockerfile copies:
    the check script, the fleet's list (always as ``load_bearing.txt``) and its entrypoint."""
    files = {CHECK_SCRIPT: check_script(), LIST_FILE: fleet.support_file(list_path(fleet), "image.load_bearing")}
    if fleet.entrypoint is not None:
        files[fleet.entrypoint.name] = fleet.support_file(fleet.entrypoint, "image.entrypoint")
    for name, path in files.items():
        if not path.is_file():
            raise ConfigError(
                f"{path}: the fleet profile's {name} does not exist",
                "fix image.load_bearing / image.entrypoint in fleet.yaml",
            )
    return files


def list_path(fleet: Profile) -> Path:
    if fleet.load_bearing is None:
        raise ConfigError(
            f"{fleet.root / 'fleet.yaml'}: image.load_bearing: required by `build`",
            # "KIND TARGET lines" left a new user guessing the kinds and where the name goes (robust35)
            "add `load_bearing: load_bearing.txt` under image: in fleet.yaml, and that file beside it: the parts the "
            f"image must hold, one `KIND TARGET` a line (kinds: {', '.join(KINDS)}; e.g. `cmd python3`, "
            "`file /usr/lib/x.so`); init writes none (every field: `aeon-release ledger schema fleet`)",
        )
    return fleet.load_bearing


def load(path: Path) -> tuple[Part, ...]:
    """Parse the list; an unknown kind or a malformed line is an error naming the line."""
    parts = []
    raw = files.read_capped(path, str(path), error=ConfigError)
    if raw is None:
        raise ConfigError(f"{path}: no load-bearing list there", "set image.load_bearing in fleet.yaml to the list")
    for number, line in enumerate(raw.decode("utf-8", "replace").splitlines(), 1):
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        if fields[0] not in KINDS or len(fields) != (3 if fields[0] == "conf" else 2):
            raise ConfigError(
                f"{path}:{number}: bad load-bearing entry {quoted(line.strip())}",
                f"write KIND TARGET (conf takes DIR TEXT); kinds: {', '.join(KINDS)}",
            )
        parts.append(Part(*fields))
    if not parts:  # an emptied list checked no part and every image passed: as an empty carries.yaml, a mistake
        raise ConfigError(
            f"{path}: names no part of the image (empty, or only comments)",
            "write the parts the image must hold, one KIND TARGET line each (`aeon-release ledger schema fleet`)",
        )
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
