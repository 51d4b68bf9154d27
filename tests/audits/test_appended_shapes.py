"""The entries a function appends to the list it returns became tuples; a fork line tests an old entry.

#36708 (269bf46d99) made ``_gen_mm_extra_hash_keys`` append ``(mm_feature.identifier, offset - start)`` where it
appended ``mm_feature.identifier``; a fork's ``feature.identifier in extra_keys`` is now always false
(blind_replay_kvutils2).  Errors: a membership test (``in``, ``not in``), an entry compared (``keys[0] == ...``,
either side), off an import of the function or a module attribute, the list returned whole or at a position.
Quiet: a count, a test against a tuple, a name bound twice, a function still appending plain entries, another
attribute's test, a list upstream left alone.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOD = "pkg/hashing.py"
BASE = """from typing import Any


def mm_keys(request: Any, start: int) -> tuple[list[Any], int]:
    extra_keys: list[Any] = []
    for feature in request.features:
        if feature.offset >= start:
            extra_keys.append(feature.identifier)
    return extra_keys, start


def plain_keys(request: Any) -> list[Any]:
    keys = []
    for feature in request.features:
        keys.append(feature.identifier)
    return keys


def mixed_keys(request: Any) -> list[Any]:
    keys = []
    for feature in request.features:
        keys.append(feature.identifier)
    keys.append(request.salt)
    return keys


def kept_keys(request: Any) -> list[Any]:
    keys = []
    for feature in request.features:
        keys.append(feature.name)
    return keys
"""
AFTER = (
    BASE.replace(
        "            extra_keys.append(feature.identifier)\n",
        "            extra_keys.append((feature.identifier, feature.offset - start))\n",
    )
    .replace(
        "    for feature in request.features:\n        keys.append(feature.identifier)\n    return keys\n",
        "    for feature in request.features:\n        keys.append((feature.identifier, feature.offset))\n    return keys\n",
    )
    .replace(
        "        keys.append(feature.identifier)\n    keys.append(request.salt)\n",
        "        keys.append((feature.identifier, 0))\n    keys.append(request.salt)\n",
    )
)
SUBJECT = "fix: disambiguate multimodal prefix cache keys (#36708)"
HEAD = "from pkg.hashing import mm_keys, plain_keys, mixed_keys, kept_keys\nfrom pkg import hashing as h\n\n\n"
FOUND = {
    "membership": "def f(req, feature) -> bool:\n    keys, _ = mm_keys(req, 0)\n    return feature.identifier in keys\n",
    "not_in": "def f(req, feature) -> bool:\n    keys, _ = h.mm_keys(req, 0)\n    return feature.identifier not in keys\n",
    "indexed": "def f(req) -> bool:\n    keys, _ = mm_keys(req, 0)\n"
    "    return bool(keys) and keys[0] == req.features[0].identifier\n",
    "reversed": "def f(req) -> bool:\n    keys = plain_keys(req)\n    return req.features[-1].identifier != keys[-1]\n",
    "whole": "def f(req, ident) -> bool:\n    found = h.plain_keys(req)\n    return ident.identifier in found\n",
}
QUIET = {
    "count": "def f(req) -> int:\n    keys, _ = mm_keys(req, 0)\n    return len(keys)\n",
    "tuple_test": "def f(req, feature) -> bool:\n    keys, _ = mm_keys(req, 0)\n"
    "    return (feature.identifier, 0) in keys\n",
    "rebound": "def f(req, feature) -> bool:\n    keys, _ = mm_keys(req, 0)\n    keys = [k[0] for k in keys]\n"
    "    return feature.identifier in keys\n",
    "mixed": "def f(req, feature) -> bool:\n    keys = mixed_keys(req)\n    return feature.identifier in keys\n",
    "other_attr": "def f(req, feature) -> bool:\n    keys, _ = mm_keys(req, 0)\n    return feature.name in keys\n",
    "kept": "def f(req, feature) -> bool:\n    keys = kept_keys(req)\n    return feature.name in keys\n",
    "other_position": "def f(req, start) -> bool:\n    _, end = mm_keys(req, 0)\n    return start == end\n",
}
FORKS = {f"pkg/aeon/{name}.py": HEAD + body for name, body in {**FOUND, **QUIET}.items()}


@pytest.fixture
def rows(git_repo: GitRepo) -> dict[str, list[Finding]]:
    forks = {**FORKS, "pkg/aeon/__init__.py": ""}
    return s.side_by_side(git_repo, {MOD: BASE, "pkg/__init__.py": ""}, forks, [(SUBJECT, {MOD: AFTER})], SYMBOL_DRIFT)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_an_old_entry_tested_against_the_tuples_is_an_error(rows: dict[str, list[Finding]], name: str) -> None:
    path = f"pkg/aeon/{name}.py"
    line = len(FORKS[path].splitlines())
    assert [(f.line, f.severity.value) for f in rows[path]] == [(line, "error")], rows[path]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_what_still_fits_the_entries_stays_quiet(rows: dict[str, list[Finding]], name: str) -> None:
    assert rows[f"pkg/aeon/{name}.py"] == []
