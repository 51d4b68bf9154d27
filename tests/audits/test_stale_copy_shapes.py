"""Stale copies, killers216's shapes: an override that never runs the base's body and copies what upstream rewrote
there -- a store of ``self`` word for word (#48861: ``self.out_dtype = torch.get_default_dtype()``), a call with
the base's old keywords and values of its own (#42209: ``make_nvfp4_moe_quant_config(...)`` gained
``swiglu_limit=``), a local's old binding (#31099: ``output_shape = [x.shape[0], layer.weight.shape[0]]``); and
an override handing on only on some paths whose own leaving branch copies the old test (#35430's ``if
isinstance(layer, Attention): return ...`` before a ``super()`` call for linear layers alone); and a dimension
of a parameter's tensor the method no longer reads (#31099's ``layer.weight.shape[0]``, spelt ``.size(0)`` too).
Warnings all: the fork may keep the old body on purpose.  Quiet: upstream's new value, a value of the fork's own,
the new keyword passed, a ``**`` splat, fewer keywords, an override handing on (at its end, or in
the copied branch), another dimension or tensor, upstream's new field, a method of the fork's own name.  One merge for every module (``drift_shapes.side_by_side``).
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

METHOD = "pkg/quant/method.py"
BASE = """import torch


def make_config(w_scale=None, a_scale=None, limit=None):
    return (w_scale, a_scale, limit)


class Attention:
    pass


class MLAAttention:
    pass


class Linear:
    pass


class Method:
    def __init__(self, config) -> None:
        self.config = config
        self.out_dtype = torch.get_default_dtype()

    def get_config(self, layer):
        return make_config(w_scale=layer.w_scale, a_scale=layer.a_scale)

    def apply(self, layer, x):
        shape = [x.shape[0], layer.weight.shape[0]]
        out = x @ layer.weight
        return out.view(*shape)

    def get_method(self, layer):
        if isinstance(layer, Attention):
            return "kv"
        if isinstance(layer, Linear):
            return "linear"
        return None

    def forward(self, layer, x):
        out = x @ layer.weight
        return out.view(x.shape[0], layer.weight.shape[0])
"""
AFTER = (
    BASE.replace("self.out_dtype = torch.get_default_dtype()", "self.out_dtype = self.config.model_dtype")
    .replace(
        "make_config(w_scale=layer.w_scale, a_scale=layer.a_scale)",
        'make_config(w_scale=layer.w_scale, a_scale=layer.a_scale, limit=getattr(layer, "limit", None))',
    )
    .replace("shape = [x.shape[0], layer.weight.shape[0]]", "shape = [x.shape[0], layer.output_size]")
    .replace("if isinstance(layer, Attention):", "if isinstance(layer, (Attention, MLAAttention)):")
    .replace(
        "return out.view(x.shape[0], layer.weight.shape[0])",
        "return out[:, : layer.output_size].view(x.shape[0], layer.output_size)",
    )
)
HEAD = "import torch\n\nfrom pkg.quant.method import Attention, Linear, Method, make_config\n\n\nclass AeonMethod(Method):\n"
UPSTREAM = [("fix: out dtype, limits and padded weights (#48861)", {METHOD: AFTER})]

FOUND = {
    "init copy": (
        "    def __init__(self, config) -> None:\n        self.config = config\n"
        "        self.out_dtype = torch.get_default_dtype()\n        self.aeon_gemm = None\n",
        "self.out_dtype = torch.get_default_dtype()",
    ),
    "annotated init copy": (
        "    def __init__(self, config) -> None:\n        self.config = config\n"
        "        self.out_dtype: torch.dtype = torch.get_default_dtype()\n",
        "self.out_dtype: torch.dtype = torch.get_default_dtype()",
    ),
    "old keywords, own values": (
        "    def get_config(self, layer):\n        return make_config(w_scale=layer.w_scale * 2, a_scale=layer.a_scale)\n",
        "return make_config(w_scale=layer.w_scale * 2, a_scale=layer.a_scale)",
    ),
    "old keywords, other order": (
        "    def get_config(self, layer):\n        cfg = make_config(a_scale=layer.a_scale.max(), w_scale=layer.w_scale)\n"
        "        return cfg\n",
        "cfg = make_config(a_scale=layer.a_scale.max(), w_scale=layer.w_scale)",
    ),
    "old local": (
        "    def apply(self, layer, x):\n        shape = [x.shape[0], layer.weight.shape[0]]\n"
        "        return torch.mm(x, layer.weight).view(*shape)\n",
        "shape = [x.shape[0], layer.weight.shape[0]]",
    ),
    "a leaving branch before a partial hand-on": (
        "    def get_method(self, layer):\n        if isinstance(layer, Attention):\n            return 'aeon-kv'\n"
        "        if isinstance(layer, Linear):\n            return super().get_method(layer)\n        return None\n",
        "if isinstance(layer, Attention):",
    ),
    "a dimension by size()": (
        "    def forward(self, layer, x):\n        n = layer.weight.size(0)\n"
        "        return torch.mm(x, layer.weight).view(-1, n)\n",
        "n = layer.weight.size(0)",
    ),
    "a dimension off another name": (
        "    def forward(self, lyr, x):\n        return (x @ lyr.weight).reshape(x.shape[0], lyr.weight.shape[0])\n",
        "return (x @ lyr.weight).reshape(x.shape[0], lyr.weight.shape[0])",
    ),
    "another local, the old dimension": (
        "    def apply(self, layer, x):\n        rows = [x.shape[0], layer.weight.shape[0]]\n"
        "        return torch.mm(x, layer.weight).view(*rows)\n",
        "rows = [x.shape[0], layer.weight.shape[0]]",
    ),
}
QUIET = {
    "upstream's new value": "    def __init__(self, config) -> None:\n        self.config = config\n"
    "        self.out_dtype = config.model_dtype\n",
    "a value of its own": "    def __init__(self, config) -> None:\n        self.config = config\n"
    "        self.out_dtype = torch.float16\n",
    "the new keyword passed": "    def get_config(self, layer):\n"
    "        return make_config(w_scale=layer.w_scale * 2, a_scale=layer.a_scale, limit=None)\n",
    "a splat": "    def get_config(self, layer):\n        extra = {'limit': 1}\n"
    "        return make_config(w_scale=layer.w_scale * 2, a_scale=layer.a_scale, **extra)\n",
    "fewer keywords": "    def get_config(self, layer):\n        return make_config(w_scale=layer.w_scale * 2)\n",
    "upstream's new local": "    def apply(self, layer, x):\n        shape = [x.shape[0], layer.output_size]\n"
    "        return torch.mm(x, layer.weight).view(*shape)\n",
    "handing on": "    def __init__(self, config) -> None:\n        super().__init__(config)\n"
    "        self.aeon_dtype = torch.get_default_dtype()\n\n"
    "    def get_config(self, layer):\n        base = super().get_config(layer)\n"
    "        return base or make_config(w_scale=layer.w_scale * 2, a_scale=layer.a_scale)\n",
    "a fall-through to the base": "    def get_method(self, layer):\n        if isinstance(layer, Attention):\n"
    "            return 'aeon-kv'\n        return super().get_method(layer)\n",
    "a branch handing on": "    def get_method(self, layer):\n        if isinstance(layer, Attention):\n"
    "            return super().get_method(layer)\n        return None\n",
    "another dimension": "    def forward(self, layer, x):\n        return (x @ layer.weight).view(-1, layer.weight.shape[1])\n",
    "another tensor's dimension": "    def forward(self, layer, x):\n"
    "        return (x @ layer.weight).view(-1, layer.bias.shape[0])\n",
    "upstream's new field": "    def forward(self, layer, x):\n        return (x @ layer.weight).view(-1, layer.output_size)\n",
    "a forward handing on": "    def forward(self, layer, x):\n        out = super().forward(layer, x)\n"
    "        return out[:, : layer.weight.shape[0]]\n",
    "its own method": "    def aeon_shape(self, layer, x):\n        shape = [x.shape[0], layer.weight.shape[0]]\n"
    "        return make_config(w_scale=layer.w_scale * 2, a_scale=layer.a_scale), shape\n",
}


def _path(key: str) -> str:
    return f"pkg/aeon/{key.replace(' ', '_').replace(',', '').replace(chr(39), '')}.py"


FORKS = {_path(key): HEAD + body for key, body in {**{k: v[0] for k, v in FOUND.items()}, **QUIET}.items()}


def _rows(repo: GitRepo, key: str) -> list[tuple[int, str]]:
    found = s.side_by_side(repo, {METHOD: BASE}, FORKS, UPSTREAM, SYMBOL_DRIFT)[_path(key)]
    return [(f.line, f.severity.value) for f in found if "fork override of Method." in f.message]


@pytest.mark.parametrize("key", sorted(FOUND))
def test_a_copy_of_what_upstream_rewrote_warns(git_repo: GitRepo, key: str) -> None:
    body, use = FOUND[key]
    assert _rows(git_repo, key) == [(line_of(HEAD + body, use), "warning")]


@pytest.mark.parametrize("key", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, key: str) -> None:
    assert _rows(git_repo, key) == []
