"""Skipped setups on a parameter (killers216): upstream's method now stores a field on a parameter a sibling method
takes too and now reads; a fork override of the first never hands on.  Rebuilt from #23671
(``process_weights_after_loading(self, layer)`` storing ``layer.input_scale_inv``, read by ``apply(self, layer,
x)``).  An error when the reader loads it on every path, a warning when it may return first; quiet: ``super()``,
the field stored by the override, the layer handed to a helper, the reader overridden, ``setattr`` by string, a
string in upstream's class, an override of the reader alone, a class of the fork's own.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

METHODS = "pkg/quant/methods.py"
BASE = """class LinearMethod:
    def process_weights_after_loading(self, layer) -> None:
        layer.alpha = layer.input_scale * layer.weight_scale

    def apply(self, layer, x):
        return x @ layer.weight * layer.alpha


class GuardedMethod:
    backend = "cutlass"

    def process_weights_after_loading(self, layer) -> None:
        layer.alpha = layer.input_scale

    def apply(self, layer, x):
        if self.backend == "marlin":
            return x @ layer.weight
        return x @ layer.weight * layer.alpha


class PaddedMethod:
    def process_weights_after_loading(self, layer) -> None:
        layer.alpha = layer.input_scale

    def apply(self, layer, x):
        return x @ layer.weight
"""
AFTER = (
    BASE.replace(
        "        layer.alpha = layer.input_scale * layer.weight_scale\n",
        "        layer.alpha = layer.input_scale * layer.weight_scale\n        layer.input_scale_inv = 1 / layer.input_scale\n",
    )
    .replace(
        "        return x @ layer.weight * layer.alpha\n", "        return (x * layer.input_scale_inv) @ layer.weight\n"
    )
    .replace(
        "        layer.alpha = layer.input_scale\n\n    def apply(self, layer, x):\n        return x @ layer.weight\n",
        "        layer.alpha = layer.input_scale\n        layer.pad = 4\n\n    def apply(self, layer, x):\n"
        '        assert hasattr(layer, "pad")\n        return x[:, : -layer.pad] @ layer.weight\n',
    )
    .replace(
        "        layer.alpha = layer.input_scale\n\n    def apply(self, layer, x):\n        if",
        "        layer.alpha = layer.input_scale\n        layer.input_scale_inv = 1 / layer.input_scale\n\n"
        "    def apply(self, layer, x):\n        if",
    )
)
HEAD = "from pkg.quant.methods import GuardedMethod, LinearMethod, PaddedMethod\n\n\n"
UPSTREAM = [("[NVIDIA] Support SiluMul + NVFP4 quant fusion (#23671)", {METHODS: AFTER})]
PREP = "    def process_weights_after_loading(self, layer) -> None:\n"

FOUND = {
    "no super": (
        "class AeonPrep(LinearMethod):\n" + PREP + "        layer.alpha = layer.input_scale\n",
        PREP.strip(),
        "error",
    ),
    "another name": (
        "class AeonPrep(LinearMethod):\n    def process_weights_after_loading(self, lyr) -> None:\n"
        "        lyr.alpha = lyr.input_scale.max()\n",
        "def process_weights_after_loading(self, lyr) -> None:",
        "error",
    ),
    "a guarded read": (
        "class AeonPrep(GuardedMethod):\n" + PREP + "        layer.alpha = layer.input_scale.max()\n",
        PREP.strip(),
        "warning",
    ),
}
QUIET = {
    "super": "class AeonPrep(LinearMethod):\n" + PREP + "        super().process_weights_after_loading(layer)\n"
    "        layer.aeon = True\n",
    "stores it": "class AeonPrep(LinearMethod):\n" + PREP + "        layer.alpha = layer.input_scale\n"
    "        layer.input_scale_inv = 1.0 / layer.input_scale\n",
    "a helper": "from pkg.aeon.helpers import aeon_prepare\n\n\nclass AeonPrep(LinearMethod):\n"
    + PREP
    + "        aeon_prepare(layer)\n",
    "the reader overridden": "class AeonPrep(LinearMethod):\n" + PREP + "        layer.alpha = layer.input_scale\n\n"
    "    def apply(self, layer, x):\n        return x @ layer.weight\n",
    "setattr": "class AeonPrep(LinearMethod):\n" + PREP + "        layer.alpha = layer.input_scale\n"
    '        setattr(layer, "input_scale_inv", 1 / layer.input_scale)\n',
    "a string upstream": "class AeonPrep(PaddedMethod):\n" + PREP + "        layer.alpha = layer.input_scale\n",
    "the reader alone": "class AeonPrep(LinearMethod):\n    def apply(self, layer, x):\n        return x @ layer.weight\n",
    "its own class": "class AeonPrep:\n" + PREP + "        layer.alpha = layer.input_scale\n\n"
    "    def apply(self, layer, x):\n        return x * layer.input_scale_inv\n",
}


def _path(key: str) -> str:
    return f"pkg/aeon/{key.replace(' ', '_').replace(chr(39), '')}.py"


FORKS = {
    "pkg/aeon/helpers.py": "def aeon_prepare(layer) -> None:\n    layer.input_scale_inv = 1\n",
    **{_path(key): HEAD + body for key, body in {**{k: v[0] for k, v in FOUND.items()}, **QUIET}.items()},
}


def _rows(repo: GitRepo, key: str) -> list[tuple[int, str]]:
    found = s.side_by_side(repo, {METHODS: BASE}, FORKS, UPSTREAM, SYMBOL_DRIFT)[_path(key)]
    return [(f.line, f.severity.value) for f in found if "never calls the base's" in f.message]


@pytest.mark.parametrize("key", sorted(FOUND))
def test_an_override_skipping_a_new_parameter_setup_is_found(git_repo: GitRepo, key: str) -> None:
    body, use, severity = FOUND[key]
    assert _rows(git_repo, key) == [(line_of(HEAD + body, use), severity)]


@pytest.mark.parametrize("key", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, key: str) -> None:
    assert _rows(git_repo, key) == []
