"""A callable the fork hands to a builtin that calls it (``map``, ``filter``, a ``key=``, ``functools.reduce``).

Shaped like vLLM's #38442 (d28d86e8a3): ``materialize_layer(layer)`` gained a required ``info``.  A fork's
``list(map(materialize_layer, layers))`` writes no call of it; ``map`` makes one per layer with one positional
argument, and it now raises TypeError.  The made call is checked as if the fork had written it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

META = "vllm/model_executor/model_loader/reload/meta.py"
CARRY = "vllm/aeon/materialize.py"
SUBJECT = "[QeRL] Fix online quantized reloading (#38442)"
META_BASE = """def materialize_layer(layer) -> None:
    return None


def restore_layer(layer) -> None:
    return None


def merge_sizes(a, b) -> int:
    return a + b
"""
META_38442 = META_BASE.replace("def materialize_layer(layer)", "def materialize_layer(layer, info)").replace(
    "def merge_sizes(a, b)", "def merge_sizes(a, b, c)"
)
HEAD = "import functools\n\nfrom vllm.model_executor.model_loader.reload import meta\nfrom vllm.model_executor.model_loader.reload.meta import materialize_layer, merge_sizes, restore_layer\n\n\n"


def drift_rows(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {META: META_BASE}, {CARRY: HEAD + body}, [(SUBJECT, {META: META_38442})])
    return [(line, message) for path, line, _, message in s.rule_rows(repo, config, sides, DRIFT) if path == CARRY]


TOO_FEW = [
    ("def f(layers):\n    return list(map(materialize_layer, layers))\n", "calls materialize_layer"),
    ("def f(layers):\n    return [*map(meta.materialize_layer, layers)]\n", "calls meta.materialize_layer"),
    ("def f(layers):\n    return list(filter(materialize_layer, layers))\n", "calls materialize_layer"),
    ("def f(layers):\n    return sorted(layers, key=materialize_layer)\n", "calls materialize_layer"),
    ("def f(sizes):\n    return functools.reduce(merge_sizes, sizes)\n", "calls merge_sizes"),
]


@pytest.mark.parametrize(
    ("body", "shown"),
    TOO_FEW,
    ids=["map", "map-module-attribute", "filter", "sorted-key", "reduce"],
)
def test_a_callable_a_builtin_calls_with_too_few_arguments_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, shown: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed12)
    bodies = [HEAD + text for text, _ in TOO_FEW]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {META: META_38442})]
    _, found = s.audited_row(git_repo, no_rules, {META: META_BASE}, bodies, HEAD + body, upstream, DRIFT, "vllm/aeon")
    [(line, message)] = [(f.line, f.message) for f in found]
    assert line == len((HEAD + body).splitlines())
    assert shown in message and "which it now requires" in message and "#38442" in message


@pytest.mark.parametrize(
    "body",
    [
        # a kept callable
        "def f(layers):\n    return list(map(restore_layer, layers))\n",
        # a lambda: its own call is the fork's, and passes what the function needs
        "def f(layers, info):\n    return list(map(lambda layer: materialize_layer(layer, info), layers))\n",
        # a partial binds arguments the count does not know
        "def f(layers, info):\n    return list(map(functools.partial(materialize_layer, info=info), layers))\n",
        # two iterables: two positional arguments each call
        "def f(layers, infos):\n    return list(map(materialize_layer, layers, infos))\n",
        # iterables starred: their number is not known
        "def f(columns):\n    return list(map(materialize_layer, *columns))\n",
        # the module's own map
        "def map(fn, xs):\n    return [fn(x, None) for x in xs]\n\n\ndef f(layers):\n    return map(materialize_layer, layers)\n",
    ],
    ids=["kept", "lambda", "partial", "two-iterables", "starred", "own-map"],
)
def test_a_made_call_that_fits_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert drift_rows(git_repo, no_rules, body) == []
