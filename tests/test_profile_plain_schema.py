"""The profile's schema read plainly (``schemas.plainly_valid``): a profile it passes is one jsonschema
passes, so a valid fleet.yaml is checked without jsonschema's import (most of a first merge's profile
check); whatever it cannot pass is left to jsonschema, which says what is wrong, as before."""

from __future__ import annotations

import copy
import datetime
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from aeon_release.adapters.schemas import SCHEMAS, plainly_valid

ROOT = Path(__file__).resolve().parents[1]
FLEETS = (ROOT / "fleet.yaml", ROOT / "aeon_release" / "data" / "demo" / "fleet.yaml")


def _errors(data: Any) -> list[str]:
    return [e.message for e in jsonschema.Draft202012Validator(SCHEMAS["fleet"]).iter_errors(data)]


@pytest.mark.parametrize("path", FLEETS, ids=lambda p: p.parent.name)
def test_the_fleets_profiles_pass_plainly(path: Path) -> None:
    assert plainly_valid(SCHEMAS["fleet"], yaml.safe_load(path.read_text()))


@pytest.mark.parametrize(
    ("change", "plain"),
    [
        ({"signing_key": None}, True),  # oneOf: the null branch alone
        ({"signing_key": "keys/attest.key"}, True),  # oneOf: the relative path alone
        ({"signing_key": "/etc/key"}, False),  # neither branch: jsonschema says so
        ({"arch": {"only_major": None}}, True),
        ({"arch": {"only_major": 12.0}}, False),  # a whole float is an integer to jsonschema: asked of it
        ({"arch": {"only_major": True}}, False),
        ({"arch": {"fp4_majors": [2]}}, False),
        ({"arch": {"devices": ["12.1", "12.1"]}}, False),
        ({"arch": {"fp4_majors": [float("nan")]}}, False),
        ({"image": {"repository": "ghcr.io/team/app", "dockerfile": "../Dockerfile"}}, False),
        ({"image": {"repository": "Upper"}}, False),
        ({"notes": {"heading": ""}}, False),
        ({"notes": {"heading": datetime.date(2026, 1, 1)}}, False),
        ({"unknown": 1}, False),
        ({"branch_prefix": "x" * 41}, False),
    ],
)
def test_a_changed_profile_passes_plainly_only_where_jsonschema_passes_it(change: dict[str, Any], plain: bool) -> None:
    data = {"branch_prefix": "myfork-", "image": {"repository": "team/app"}, **change}
    assert plainly_valid(SCHEMAS["fleet"], data) is plain
    if plain:
        assert _errors(data) == []


_VALUES: tuple[Any, ...] = (
    None, True, False, 0, 3, 12, 19, 20, -1, 2.0, 12.0, 12.5, float("nan"), "", "x", "aeon-", "12.1", "12.1a", "13.0",
    "/abs", "../up", "a/../b", "a/b", "ghcr.io/team/app", "localhost:5000/a", "UPPER", "a\x00b", [], ["12.1"],
    ["12.1", "12.1"], ["a", ""], [10, 11], [10, 2.0], [True], {}, {"x": 1}, {"repository": "a"},
    datetime.date(2026, 1, 1),
)  # fmt: skip


def _places(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [at]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _places(value, (*at, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _places(value, (*at, index))
    return found


def _mutated(data: Any, rng: random.Random) -> Any:
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        at = rng.choice(_places(data)[1:])
        holder = data
        for step in at[:-1]:
            holder = holder[step]
        what = rng.random()
        if what < 0.15 and isinstance(holder, dict):
            del holder[at[-1]]
        elif what < 0.25 and isinstance(holder, dict):
            holder[rng.choice(["extra", "signing_key", "upstream", "notes", "only_major"])] = rng.choice(_VALUES)
        else:
            holder[at[-1]] = copy.deepcopy(rng.choice(_VALUES))
    return data


@pytest.mark.parametrize("seed", range(3))
def test_random_profiles_pass_plainly_only_where_jsonschema_passes_them(seed: int) -> None:
    rng = random.Random(seed)
    start = yaml.safe_load((ROOT / "fleet.yaml").read_text())
    start["signing_key"] = "keys/attest.key"
    wrong, passed = [], 0
    for _ in range(700):
        data = _mutated(start, rng)
        if plainly_valid(SCHEMAS["fleet"], data):
            passed += 1
            if _errors(data):
                wrong.append(data)
    assert wrong == []
    assert passed > 50  # the plain reading passes the valid ones it is meant for, not only the untouched profile


def test_a_valid_profile_is_checked_without_importing_jsonschema(tmp_path: Path) -> None:
    probe = (
        "import sys, yaml\nfrom aeon_release.domain import profile\n"
        f"profile._validate(yaml.safe_load(open({str(ROOT / 'fleet.yaml')!r})))\n"
        "print('jsonschema' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "False"
