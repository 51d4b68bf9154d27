"""Skipped setups the fork keeps another way (review122's twins of killers216's parameter setups): the reader bound
at class level (``apply_weights = aeon_int8_apply``, for a parameter's field and for a field of ``self``), the
field's name in a module-level table the override registers by, a keyword of its name
(``layer.__dict__.update(azp_adj=None)``).  Rebuilt from #7271 (172d1cd276: ``process_weights_after_loading(self,
layer)`` now storing ``layer.azp_adj``, read by ``apply_weights(self, layer, x)`` on every path).  Found still: a
table or a keyword naming another field only, a class-level binding of another name.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

METHODS = "pkg/quant/schemes.py"
BASE = """class Int8Scheme:
    def process_weights_after_loading(self, layer) -> None:
        layer.weight = layer.weight.t()

    def apply_weights(self, layer, x):
        return x @ layer.weight


class StateScheme:
    def prepare(self) -> None:
        self.ready = True

    def run(self, x):
        return x
"""
AFTER = BASE.replace(
    "        layer.weight = layer.weight.t()\n",
    "        layer.weight = layer.weight.t()\n        layer.azp_adj = layer.weight.sum(dim=0)\n",
).replace("        return x @ layer.weight\n", "        return x @ layer.weight - layer.azp_adj\n")
AFTER = AFTER.replace(
    "        self.ready = True\n", "        self.ready = True\n        self.table = {1: 2}\n"
).replace("        return x\n", "        return self.table[x]\n")
HEAD = "from pkg.quant.schemes import Int8Scheme, StateScheme\n\n\n"
UPSTREAM = [("[Kernel] AQ AZP 4/4: Integrate asymmetric quantization to linear method (#7271)", {METHODS: AFTER})]
PREP = "    def process_weights_after_loading(self, layer) -> None:\n"
BODY = "        layer.weight = layer.weight.t()\n"
APPLY = "def aeon_apply(self, layer, x):\n    return x @ layer.weight\n\n\n"
RUN = "def aeon_run(self, x):\n    return x\n\n\n"
SELF = "    def prepare(self) -> None:\n"

FOUND = {
    "no super": ("class AeonScheme(Int8Scheme):\n" + PREP + BODY, PREP.strip()),
    "a table of another field": (
        "_NAMES = ('input_zero_point',)\n\n\nclass AeonScheme(Int8Scheme):\n"
        + PREP
        + BODY
        + "        for name in _NAMES:\n            layer.register_buffer(name, None)\n",
        PREP.strip(),
    ),
    "a keyword of another field": (
        "class AeonScheme(Int8Scheme):\n" + PREP + BODY + "        layer.__dict__.update(input_zero_point=None)\n",
        PREP.strip(),
    ),
    "another name bound": (
        APPLY + "class AeonScheme(Int8Scheme):\n    apply = aeon_apply\n\n" + PREP + BODY,
        PREP.strip(),
    ),
    "self no super": ("class AeonState(StateScheme):\n" + SELF + "        self.ready = False\n", SELF.strip()),
}
QUIET = {
    "the reader bound": APPLY + "class AeonScheme(Int8Scheme):\n    apply_weights = aeon_apply\n\n" + PREP + BODY,
    "an annotated binding": APPLY
    + "class AeonScheme(Int8Scheme):\n    apply_weights: object = aeon_apply\n\n"
    + PREP
    + BODY,
    "a module table": "_NAMES = ('input_zero_point', 'azp_adj')\n\n\nclass AeonScheme(Int8Scheme):\n"
    + PREP
    + BODY
    + "        for name in _NAMES:\n            layer.register_buffer(name, None)\n",
    "a keyword": "class AeonScheme(Int8Scheme):\n" + PREP + BODY + "        layer.__dict__.update(azp_adj=None)\n",
    "self reader bound": RUN
    + "class AeonState(StateScheme):\n    run = aeon_run\n\n"
    + SELF
    + "        self.ready = False\n",
}


def _path(key: str) -> str:
    return f"pkg/aeon/{key.replace(' ', '_')}.py"


FORKS = {_path(key): HEAD + body for key, body in {**{k: v[0] for k, v in FOUND.items()}, **QUIET}.items()}


def _rows(repo: GitRepo, key: str) -> list[tuple[int, str]]:
    found = s.side_by_side(repo, {METHODS: BASE}, FORKS, UPSTREAM, SYMBOL_DRIFT)[_path(key)]
    return [(f.line, f.severity.value) for f in found if "never calls the base's" in f.message]


@pytest.mark.parametrize("key", sorted(FOUND))
def test_an_override_skipping_the_setup_is_found(git_repo: GitRepo, key: str) -> None:
    body, use = FOUND[key]
    assert _rows(git_repo, key) == [(line_of(HEAD + body, use), "error")]


@pytest.mark.parametrize("key", sorted(QUIET))
def test_a_setup_kept_another_way_stays_quiet(git_repo: GitRepo, key: str) -> None:
    assert _rows(git_repo, key) == []
