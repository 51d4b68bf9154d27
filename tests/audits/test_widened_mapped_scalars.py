"""A mapping's values widened from a union of scalars to one admitting a container, each value converted.

vLLM #48252 widened ``CompletionRequest.vllm_xargs: dict[str, str | int | float] | None`` to ``dict[str, str |
int | float | list[str | int | float]] | None``: the field is still a mapping, and each old kind is still
admitted, so neither container drift nor a narrowing says anything.  A fork line converting each value to a
number, ``{k: float(v) for k, v in (request.vllm_xargs or {}).items()}``, raises TypeError on the first
request that sends a list.  A value the fork tells apart first (``isinstance``), a conversion in a ``try``
catching TypeError, a value handed on whole, or a union that admits no container stays quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.element_kinds import _inner_changed
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, side_by_side, three_way

PACKAGES = {"pkg/__init__.py": ""}
PROTOCOL = "pkg/protocol.py"
USE = "pkg/aeon_use.py"
BASE = (
    "from pydantic import BaseModel\n\n\n"
    "class CompletionRequest(BaseModel):\n"
    "    prompt: str = ''\n"
    "    xargs: dict[str, str | int | float] | None = None\n"
)
LISTED = BASE.replace("str | int | float]", "str | int | float | list[str | int | float]]")
BOOLED = BASE.replace("str | int | float]", "str | int | float | bool]")
HEAD = "from pkg.protocol import CompletionRequest\n\n\n"
TYPED = HEAD + "def mine(request: CompletionRequest):\n"

KILLERS = {
    "items-comprehended": (
        TYPED + "    return {k: float(v) for k, v in (request.xargs or {}).items()}\n",
        "float(v)",
    ),
    "values-looped": (
        TYPED + "    total = 0\n    for v in request.xargs.values():\n        total += int(v)\n    return total\n",
        "int(v)",
    ),
    "subscript": (TYPED + '    return float(request.xargs["temperature"])\n', "float("),
    "got": (TYPED + '    return float(request.xargs.get("temperature", 1.0))\n', "float("),
    "got-or-empty": (TYPED + '    return int((request.xargs or {}).get("top_k", 0))\n', "int("),
}
TWINS = {
    "isinstance-told": TYPED
    + "    return {k: float(v) for k, v in (request.xargs or {}).items() if isinstance(v, int | float)}\n",
    "isinstance-skipped": TYPED + "    out = {}\n    for k, v in (request.xargs or {}).items():\n"
    "        if isinstance(v, list):\n            continue\n        out[k] = float(v)\n    return out\n",
    "try-caught": TYPED + "    try:\n        return float(request.xargs['t'])\n    except (TypeError, ValueError):\n"
    "        return None\n",
    "handed-on": TYPED + "    return dict(request.xargs or {})\n",
    "str-of-each": TYPED + "    return {k: str(v) for k, v in (request.xargs or {}).items()}\n",
    "untyped": "def mine(request):\n    return {k: float(v) for k, v in (request.xargs or {}).items()}\n",
    "keys-converted": TYPED + "    return [int(k) for k in (request.xargs or {})]\n",
}


def _reported(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = LISTED) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {PROTOCOL: BASE, **PACKAGES}, {USE: fork}, {PROTOCOL: theirs})
    return [row for row in found(audit(git_repo, sides, tmp_path), TYPE_DRIFT) if row[0] == USE]


# The KILLERS' modules side by side: one merge and one audit of the five a process (suitespeed11).
KILLER_FORKS = {USE.replace(".py", f"_{n}.py"): fork for n, (fork, _) in enumerate(KILLERS.values())}


@pytest.mark.parametrize(("fork", "needle"), list(KILLERS.values()), ids=list(KILLERS))
def test_a_value_converted_to_a_number_after_lists_were_admitted_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    path = next(p for p, text in KILLER_FORKS.items() if text == fork)
    base = {PROTOCOL: BASE, **PACKAGES}
    findings = side_by_side(git_repo, tmp_path, base, KILLER_FORKS, {PROTOCOL: LISTED}, TYPE_DRIFT)[path]
    assert [(f.path, f.line, f.severity.value) for f in findings] == [(path, line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", list(TWINS.values()), ids=list(TWINS))
def test_values_told_apart_or_not_converted_are_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _reported(git_repo, tmp_path, fork) == []


def test_a_scalar_added_to_the_union_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _reported(git_repo, tmp_path, KILLERS["items-comprehended"][0], BOOLED) == []


def test_the_removed_annotation_is_read_from_the_diff() -> None:
    diff = "\n-    xargs: dict[str, str | int | float] | None = None\n+    xargs: dict[str, list[int]] | None = None\n"
    assert _inner_changed(diff, {"xargs"}) == {"xargs"}
    assert _inner_changed("\n-    xargs: dict[str, bytes] | None = None\n", {"xargs"}) == set()
