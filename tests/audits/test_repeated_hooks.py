"""A method upstream now also calls from a new call site, its repeat skipped by a flag only its own body reads.

#29196 (0d402d2600) called ``self.process_weights_after_loading(layer)`` from the weight loader it patches and
opened the method with ``if getattr(layer, "_already_called...", False): return``: a fork override's own step
below ``super()`` runs twice.  Twins: the override testing the flag, an idempotent store, a step on a local, an
upstream call without the guard, the fork's own namesake class.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

QUANT = "pkg/quant/fp8.py"
BASE = """class LinearMethod:
    def create_weights(self, layer, loader):
        layer.loader = loader

    def process_weights(self, layer):
        layer.weight = layer.weight * 2
"""
AFTER = """class LinearMethod:
    def create_weights(self, layer, loader):
        def patched(param, loaded):
            loader(param, loaded)
            self.process_weights(layer)
            layer._processed = True

        layer.loader = patched

    def process_weights(self, layer):
        if getattr(layer, "_processed", False):
            return
        layer.weight = layer.weight * 2
"""
FORK = "pkg/aeon/method.py"
HEAD = "from pkg.quant.fp8 import LinearMethod\n\n\nclass AeonMethod(LinearMethod):\n"
SUPER = "    def process_weights(self, layer):\n        super().process_weights(layer)\n"


def rows(repo: GitRepo, config: Path, fork: str, after: str = AFTER, base: str = BASE) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {QUANT: base}, {FORK: fork}, [("online quant with streaming post-processing (#29196)", {QUANT: after})]
    )
    return [(line, sev) for path, line, sev, msg in s.rule_rows(repo, config, sides, SYMBOL_DRIFT) if path == FORK]


@pytest.mark.parametrize(
    "fork",
    [
        HEAD + SUPER + "        layer.scale *= 2\n",
        HEAD + SUPER + "        layer.weight = layer.weight.t()\n",
        HEAD + SUPER + "        layer.scale.data.mul_(0.5)\n",
        HEAD + SUPER + '        replace(layer, "weight", layer.weight.t())\n',
        HEAD + "    def process_weights(self, layer):\n        if layer.bias is not None:\n"
        "            layer.bias.data.add_(1.0)\n        super().process_weights(layer)\n",
    ],
    ids=["an augmented store", "a store from itself", "in place", "a helper handed itself", "above super, in an if"],
)
def test_a_step_that_must_run_once_is_an_error(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    # the step's line: the last, or the one above a closing super() call
    line = fork.count("\n") - fork.rstrip("\n").splitlines()[-1].strip().startswith("super()")
    assert rows(git_repo, no_rules, fork) == [(line, "error")]


@pytest.mark.parametrize(
    ("fork", "after", "base"),
    [
        # the override tests the flag itself
        (
            HEAD + "    def process_weights(self, layer):\n"
            '        if getattr(layer, "_processed", False):\n            return\n'
            "        super().process_weights(layer)\n        layer.scale *= 2\n",
            AFTER,
            BASE,
        ),
        # an idempotent store
        (HEAD + SUPER + '        layer.tag = "fp8"\n', AFTER, BASE),
        # a step on a local
        (HEAD + SUPER + "        w = layer.weight\n        w = w.t()\n", AFTER, BASE),
        # upstream calls it again without the guard
        (
            HEAD + SUPER + "        layer.scale *= 2\n",
            AFTER.replace('getattr(layer, "_processed", False)', "False"),
            BASE,
        ),
        # the fork's own namesake class
        (
            "class LinearMethod:\n    def process_weights(self, layer):\n        pass\n\n\n"
            "class AeonMethod(LinearMethod):\n" + SUPER + "        layer.scale *= 2\n",
            AFTER,
            BASE,
        ),
        # the base called and guarded already: upstream's change is elsewhere
        (HEAD + SUPER + "        layer.scale *= 2\n", AFTER + "\n\nX = 1\n", AFTER),
    ],
    ids=["tests the flag", "a tag", "a local", "no guard", "own namesake", "unchanged"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str, after: str, base: str) -> None:
    assert rows(git_repo, no_rules, fork, after, base) == []


@pytest.mark.parametrize(
    "fork",
    [
        # the override opens with its own flag (review100's r100st3)
        HEAD + "    def process_weights(self, layer):\n"
        '        if getattr(layer, "_aeon", False):\n            return\n'
        "        super().process_weights(layer)\n        layer.scale *= 2\n        layer._aeon = True\n",
        # the step under its own once-only test (r100st4)
        HEAD + SUPER + '        if not getattr(layer, "_aeon", False):\n'
        "            layer.scale.data.mul_(2.0)\n            layer._aeon = True\n",
        # idempotent re-stores (r100st5-7)
        HEAD + SUPER + "        layer.weight = Parameter(layer.weight.data.contiguous(), requires_grad=False)\n",
        HEAD + SUPER + "        layer.input_scale = Parameter(layer.input_scale.max())\n",
        HEAD + SUPER + '        replace(layer, "scale", layer.scale.to(float32))\n',
        # the fork's own create_weights: no patched loader calls the method early (r100st8)
        HEAD + "    def create_weights(self, layer, loader):\n        layer.loader = loader\n\n"
        "    def process_weights(self, layer):\n        layer.weight = layer.weight.t()\n",
    ],
    ids=["own opening flag", "own once-only test", "contiguous", "max", "a cast handed", "own create_weights"],
)
def test_review100_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert rows(git_repo, no_rules, fork) == []


def test_a_positive_flag_test_runs_its_body_again(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HEAD + SUPER + '        if getattr(layer, "_aeon", False):\n            layer.scale *= 2\n'
    assert rows(git_repo, no_rules, fork) == [(8, "error")]


def test_a_reduction_along_a_dim_is_no_idempotent_store(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HEAD + SUPER + "        layer.scale = layer.scale.max(dim=0)\n"
    assert rows(git_repo, no_rules, fork) == [(7, "error")]


@pytest.mark.parametrize(
    ("fork", "parses"),
    [
        ("from pkg.quant.fp8 import LinearMethod\n\n\ndef scale(layer):\n    layer.scale *= 2\n", False),
        (HEAD + "    def forward(self, layer):\n        layer.scale *= 2\n", False),
        (HEAD + SUPER + "        layer.scale *= 2\n", True),
    ],
    ids=["defines no method", "defines none of upstream's", "overrides the guarded method"],
)
def test_no_fork_def_of_an_upstream_method_parses_nothing(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch, fork: str, parses: bool
) -> None:
    """perf32's gate: upstream's texts are parsed only when one defines a name a fork line ``def``s (indented)."""
    from aeon_release.domain.audits.drift import repeated_hooks, sides

    parsed: list[str] = []

    def recording(*args: object) -> Iterator[tuple[str, object, object]]:
        for path, old, new in sides.parsed_versions(*args):  # type: ignore[arg-type]
            parsed.append(path)
            yield path, old, new

    monkeypatch.setattr(repeated_hooks, "parsed_versions", recording)
    assert bool(rows(git_repo, no_rules, fork)) is parses
    assert bool(parsed) is parses
