"""A returned array made a mapping of arrays: the fork's array uses of the result raise.

#33046 (edf927bc9f): ``prepare_inputs_to_capture() -> tuple[dict[str, Any], torch.Tensor]`` became ``-> tuple[
dict[str, Any], dict[str, torch.Tensor]]`` (the slot mappings by layer).  A fork's ``slot_mappings[:, :n]``,
``.contiguous()``, ``.shape`` or arithmetic raises on the dict: an error; handing it to a function whose parameter
is annotated as a tensor (``build_slot_mappings_by_layer(slot_mappings, ...)``): a warning (blind_replay_cgutils).
Quiet: the dict passed on whole, its items iterated, ``.get`` of a layer, an ``isinstance`` guard, a dict keyed by
ints indexed, a function taking the dict, a return upstream did not change.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

CAPTURE = "pkg/worker/capture.py"
BASE = """from typing import Any

import torch


def prepare(n: int) -> tuple[dict[str, Any], torch.Tensor]:
    return {}, torch.zeros(2, n)


def mappings(n: int) -> torch.Tensor:
    return torch.zeros(2, n)


def by_group(n: int) -> torch.Tensor:
    return torch.zeros(2, n)


def by_layer(slot_mappings: torch.Tensor, groups: int) -> dict[str, torch.Tensor]:
    return {str(i): slot_mappings[i] for i in range(groups)}


def per_layer(maps: dict[str, torch.Tensor]) -> int:
    return len(maps)
"""
AFTER = (
    BASE.replace(
        "def prepare(n: int) -> tuple[dict[str, Any], torch.Tensor]:\n    return {}, torch.zeros(2, n)\n",
        "def prepare(n: int) -> tuple[dict[str, Any], dict[str, torch.Tensor]]:\n"
        '    return {}, {"a": torch.zeros(n)}\n',
    )
    .replace(
        "def mappings(n: int) -> torch.Tensor:\n    return torch.zeros(2, n)\n",
        'def mappings(n: int) -> dict[str, torch.Tensor]:\n    return {"a": torch.zeros(n)}\n',
    )
    .replace(
        "def by_group(n: int) -> torch.Tensor:\n    return torch.zeros(2, n)\n",
        "def by_group(n: int) -> dict[int, torch.Tensor]:\n    return {0: torch.zeros(n)}\n",
    )
)
SUBJECT = "[Model Runner V2] Fix slot_mapping after #25954 (#33046)"
HEAD = "from pkg.worker.capture import by_group, by_layer, mappings, per_layer, prepare\n\n\n"

FOUND = {
    "slice": (HEAD + "def a(n):\n    md, maps = prepare(n)\n    return maps[:, :n]\n", "return maps[:, :n]", "error"),
    "method": (
        HEAD + "def b(n):\n    md, maps = prepare(n)\n    return maps.contiguous()\n",
        "return maps.contiguous()",
        "error",
    ),
    "shape": (
        HEAD + "def c(n):\n    _, maps = prepare(n)\n    return maps.shape[1]\n",
        "return maps.shape[1]",
        "error",
    ),
    "arithmetic": (HEAD + "def d(n):\n    maps = mappings(n)\n    return maps + 1\n", "return maps + 1", "error"),
    "direct_index": (HEAD + "def e(n):\n    return mappings(n)[0]\n", "return mappings(n)[0]", "error"),
    # review129: the index judged by its own text -- a number past a name, -1: errors; a name of unknown kind
    # (a layer name, or a group number): a warning
    "index_past": (HEAD + "def m(n):\n    maps = mappings(n)\n    return maps[n + 1]\n", "return maps[n + 1]", "error"),
    "index_negative": (HEAD + "def o(n):\n    return mappings(n)[-1]\n", "return mappings(n)[-1]", "error"),
    "index_unknown": (
        HEAD + "def p(n, name):\n    maps = mappings(n)\n    return maps[name]\n",
        "return maps[name]",
        "warning",
    ),
    "handed": (
        HEAD + "def f(n):\n    _, maps = prepare(n)\n    return by_layer(maps, 2)\n",
        "return by_layer(maps, 2)",
        "warning",
    ),
}
QUIET = {
    "whole": HEAD + "def g(n):\n    md, maps = prepare(n)\n    return md, dict(maps)\n",
    "items": HEAD + "def h(n):\n    return [v.shape for _, v in mappings(n).items()]\n",
    "get": HEAD + 'def i(n):\n    maps = mappings(n)\n    return maps.get("a")\n',
    "guarded": HEAD + "def j(n):\n    maps = mappings(n)\n    if isinstance(maps, dict):\n        return maps\n"
    "    return maps[:, :n]\n",
    "int_keys": HEAD + "def k(n):\n    return by_group(n)[0]\n",
    # review129: a string key is the new dict's own lookup (round 1 erred on every index)
    "literal_key": HEAD + 'def q(n):\n    return mappings(n)["model.layers.0.attn"]\n',
    "fstring_key": HEAD
    + 'def r(n, i):\n    _, maps = prepare(n)\n    return [maps[f"layers.{i}"] for _ in range(2)]\n',
    "joined_key": HEAD + 'def t(n, i):\n    return mappings(n)["layers." + str(i)]\n',
    "dict_param": HEAD + "def l(n):\n    _, maps = prepare(n)\n    return per_layer(maps)\n",
}
FORKS = {f"pkg/aeon/{name}.py": text for name, (text, _, _) in FOUND.items()} | {
    f"pkg/aeon/{name}.py": text for name, text in QUIET.items()
}
INITS = {f"{d}/__init__.py": "" for d in ("pkg", "pkg/worker", "pkg/aeon")}


def findings(repo: GitRepo) -> dict[str, list[Finding]]:
    base = {**INITS, CAPTURE: BASE}
    upstream = [(SUBJECT, {CAPTURE: AFTER})]
    rows = s.side_by_side(repo, base, FORKS, upstream, SYMBOL_DRIFT)
    return {path: [f for f in found if "uses the result of" in f.message] for path, found in rows.items()}


@pytest.mark.parametrize("name", sorted(FOUND))
def test_an_array_use_of_a_mapping_is_found(git_repo: GitRepo, name: str) -> None:
    text, line, severity = FOUND[name]
    rows = [(f.line, f.severity.value) for f in findings(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(text, line), severity)]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"pkg/aeon/{name}.py"] == []
