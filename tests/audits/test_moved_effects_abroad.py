"""Moved effects abroad (drift/moved_effects.py, killers218): #34627 took the KV-cache write out of
``MLAAttention.forward_impl`` into the impl's new ``do_kv_cache_update`` (another module's class), which the
layer's own ``forward`` now calls on ``self.impl`` first; a fork's own call of ``forward_impl`` never writes the
cache."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.moved_effects import _moved_in
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, line_of, three_way

OPS = "vllm/mla/ops.py"
OPS_TEXT = "def write_latent(kv_c, k_pe, kv_cache, slots):\n    kv_cache[slots] = kv_c\n"
IMPL = "vllm/mla/backend.py"
IMPL_BASE = "class LatentImpl:\n    def attend(self, q, kv_cache, meta):\n        return q\n"
IMPL_THEIRS = (
    "from vllm.mla import ops\n\n\n" + IMPL_BASE + "\n    def update_latent(self, kv_c, k_pe, kv_cache, slots):\n"
    "        ops.write_latent(kv_c, k_pe, kv_cache, slots)\n"
)
LAYER = "vllm/mla/layer.py"
LAYER_HEAD = "from vllm.mla import ops\nfrom vllm.mla.backend import LatentImpl\n\n\nclass LatentLayer:\n"
INIT = "    def __init__(self):\n        self.impl = LatentImpl()\n        self.quant = LatentImpl()\n        self.kv_cache = [None]\n\n"
RUN_BASE = (
    "    def run_impl(self, q, kv_c, k_pe, kv_cache, meta):\n"
    "        if kv_cache is not None:\n"
    "            ops.write_latent(kv_c, k_pe, kv_cache, meta.slots)\n"
    "        q = self.quant(q)\n"
    "        return self.impl.attend(q, kv_cache, meta)\n"
)
RUN_THEIRS = (
    "    def run_impl(self, q, kv_c, k_pe, kv_cache, meta):\n"
    "        q = self.quant(q)\n"
    "        return self.impl.attend(q, kv_cache, meta)\n"
)
FORWARD_BASE = "\n    def forward(self, q, kv_c, k_pe, meta):\n        return self.run_impl(q, kv_c, k_pe, self.kv_cache[0], meta)\n"
FORWARD_THEIRS = (
    "\n    def forward(self, q, kv_c, k_pe, meta):\n"
    "        self.impl.update_latent(kv_c, k_pe, self.kv_cache[0], meta.slots)\n"
    "        return self.run_impl(q, kv_c, k_pe, self.kv_cache[0], meta)\n"
)
# a custom op wrapping the method, which the layer's own op path calls after the update at upstream
OP = (
    "\n\nLAYERS = {}\n\n\ndef attend_op(q, kv_c, k_pe, name):\n    layer = LAYERS[name]\n"
    "    return layer.run_impl(q, kv_c, k_pe, layer.kv_cache[0], None)\n"
)
OP_PATH_BASE = "\n    def forward_op(self, q, kv_c, k_pe, meta):\n        return attend_op(q, kv_c, k_pe, 'x')\n"
OP_PATH_THEIRS = (
    "\n    def forward_op(self, q, kv_c, k_pe, meta):\n"
    "        self.impl.update_latent(kv_c, k_pe, self.kv_cache[0], meta.slots)\n"
    "        return attend_op(q, kv_c, k_pe, 'x')\n"
)
LAYER_BASE = LAYER_HEAD + INIT + RUN_BASE + FORWARD_BASE + OP_PATH_BASE + OP
LAYER_THEIRS = LAYER_HEAD + INIT + RUN_THEIRS + FORWARD_THEIRS + OP_PATH_THEIRS + OP
IMPORT = (
    "import torch\n\nfrom vllm.mla import layer as mla_layer\nfrom vllm.mla.layer import LatentLayer, attend_op\n\n\n"
)
MARK = "no longer runs"

KILLERS = {
    "a fork subclass's forward calling run_impl itself": "class Mine(LatentLayer):\n"
    "    def forward(self, q, kv_c, k_pe, meta):\n        return self.run_impl(q, kv_c, k_pe, self.kv_cache[0], meta)\n",
    "a parameter typed as the layer": "def go(layer: LatentLayer, q, kv_c, k_pe, cache, meta):\n"
    "    return layer.run_impl(q, kv_c, k_pe, cache, meta)\n",
    "a local built from the layer": "def go(q, kv_c, k_pe, cache, meta):\n    layer = LatentLayer()\n"
    "    return layer.run_impl(q, kv_c, k_pe, cache, meta)\n",
    # review124's round 3: a callable bound to run the update, never called (a callback the fork never runs)
    "a lambda bound to run the update, never called": "def go(layer: LatentLayer, q, kv_c, k_pe, cache, meta):\n"
    "    later = lambda: layer.impl.update_latent(kv_c, k_pe, cache, meta.slots)  # noqa: E731\n"
    "    return layer.run_impl(q, kv_c, k_pe, cache, meta), later\n",
}
WRAPPER_KILLERS = {
    "the custom op through torch.ops": "def go(q, kv_c, k_pe):\n    return torch.ops.vllm.attend_op(q, kv_c, k_pe, 'x')\n",
    "the wrapper imported by name": "def go(q, kv_c, k_pe):\n    return attend_op(q, kv_c, k_pe, 'x')\n",
    "the wrapper off its module": "def go(q, kv_c, k_pe):\n    return mla_layer.attend_op(q, kv_c, k_pe, 'x')\n",
}
TWINS = {
    "the new method run first": "def go(layer: LatentLayer, q, kv_c, k_pe, cache, meta):\n"
    "    layer.impl.update_latent(kv_c, k_pe, cache, meta.slots)\n    return layer.run_impl(q, kv_c, k_pe, cache, meta)\n",
    "an override handing on to super().forward": "class Mine(LatentLayer):\n"
    "    def forward(self, q, kv_c, k_pe, meta):\n        return super().forward(q.contiguous(), kv_c, k_pe, meta)\n",
    "the layer's own forward called": "def go(layer: LatentLayer, q, kv_c, k_pe, meta):\n"
    "    return layer.forward(q, kv_c, k_pe, meta)\n",
    "an untyped receiver": "def go(layer, q, kv_c, k_pe, cache, meta):\n    return layer.run_impl(q, kv_c, k_pe, cache, meta)\n",
    "the update run before the wrapper": "def go(layer: LatentLayer, q, kv_c, k_pe, meta):\n"
    "    layer.impl.update_latent(kv_c, k_pe, layer.kv_cache[0], meta.slots)\n    return attend_op(q, kv_c, k_pe, 'x')\n",
    "the layer's own op path": "def go(layer: LatentLayer, q, kv_c, k_pe, meta):\n    return layer.forward_op(q, kv_c, k_pe, meta)\n",
    # review124: a name bound to a callable running the update, called first
    "a lambda running the update, called first": "def go(layer: LatentLayer, q, kv_c, k_pe, cache, meta):\n"
    "    write = lambda: layer.impl.update_latent(kv_c, k_pe, cache, meta.slots)  # noqa: E731\n"
    "    write()\n    return layer.run_impl(q, kv_c, k_pe, cache, meta)\n",
    "a partial of the update, called first": "from functools import partial\n\n\n"
    "def go(layer: LatentLayer, q, kv_c, k_pe, cache, meta):\n"
    "    write = partial(layer.impl.update_latent, kv_c, k_pe)\n"
    "    write(cache, meta.slots)\n    return layer.run_impl(q, kv_c, k_pe, cache, meta)\n",
    "the bound update method aliased, called first": "def go(layer: LatentLayer, q, kv_c, k_pe, cache, meta):\n"
    "    write = layer.impl.update_latent\n"
    "    write(kv_c, k_pe, cache, meta.slots)\n    return layer.run_impl(q, kv_c, k_pe, cache, meta)\n",
    "a fork function of the wrapper's name": "def attend_op2(q):\n    return q\n\n\n"
    "class Other:\n    def attend_op(self, q):\n        return q\n\n    def go(self, q):\n        return self.attend_op(q)\n",
}


@pytest.fixture(scope="module")
def rows(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple[int, str]]]:
    """Each row's findings (line, severity), from one merge of every row's module."""
    root = tmp_path_factory.mktemp("abroad")
    git_repo = GitRepo(root / "repo")
    every = {**KILLERS, **WRAPPER_KILLERS, **TWINS}
    paths = {label: f"vllm/aeon/row{number}.py" for number, label in enumerate(every)}
    ours = {paths[label]: IMPORT + body for label, body in every.items()}
    base = {"vllm/__init__.py": "", OPS: OPS_TEXT, IMPL: IMPL_BASE, LAYER: LAYER_BASE}
    sides = three_way(git_repo, base, ours, {IMPL: IMPL_THEIRS, LAYER: LAYER_THEIRS})
    report = audit(git_repo, sides, root / "out")
    found = [(f.path, f.line, f.severity.value) for f in report.findings if f.rule_id == RULE and MARK in f.message]
    return {label: [(line, sev) for path, line, sev in found if path == paths[label]] for label in every}


@pytest.mark.parametrize("label", sorted(KILLERS))
def test_a_call_of_the_method_alone_is_an_error(rows: dict[str, list[tuple[int, str]]], label: str) -> None:
    assert rows[label] == [(line_of(IMPORT + KILLERS[label], ".run_impl("), "error")]


@pytest.mark.parametrize("label", sorted(WRAPPER_KILLERS))
def test_a_call_of_a_wrapper_alone_is_an_error(rows: dict[str, list[tuple[int, str]]], label: str) -> None:
    assert rows[label] == [(line_of(IMPORT + WRAPPER_KILLERS[label], "attend_op("), "error")]


@pytest.mark.parametrize("label", sorted(TWINS))
def test_the_new_method_run_or_the_layer_reached_is_quiet(rows: dict[str, list[tuple[int, str]]], label: str) -> None:
    assert rows[label] == []


def moved(run_theirs: str, forward_theirs: str, abroad: dict[str, tuple[str, str]] | None = None) -> dict[str, str]:
    old = ast.parse(LAYER_BASE).body[2]
    new = ast.parse(LAYER_HEAD + INIT + run_theirs + forward_theirs + OP_PATH_BASE + OP).body[2]
    assert isinstance(old, ast.ClassDef) and isinstance(new, ast.ClassDef)
    where = {"write_latent": ("update_latent", IMPL)} if abroad is None else abroad
    return {name: m.new for name, m in _moved_in(LAYER, old, new, frozenset({"run_impl"}), where).items()}


def test_the_step_moved_to_another_class() -> None:
    assert moved(RUN_THEIRS, FORWARD_THEIRS) == {"run_impl": "update_latent"}


@pytest.mark.parametrize(
    ("run_theirs", "forward_theirs", "abroad"),
    [
        # the class's own callers do not run the new method: no move its callers see
        (RUN_THEIRS, FORWARD_BASE, None),
        # the method still runs the step itself
        (RUN_BASE, FORWARD_THEIRS, None),
        # the method runs the new method itself
        (
            RUN_THEIRS.replace(
                "        q = self.quant(q)\n",
                "        self.impl.update_latent(kv_c, k_pe, kv_cache, meta.slots)\n        q = self.quant(q)\n",
            ),
            FORWARD_THEIRS,
            None,
        ),
        # a held callable the base's method did not call may run the step now
        (RUN_THEIRS.replace("self.quant(q)", "self.writer(q)"), FORWARD_THEIRS, None),
        # the step went to no other class's new method
        (RUN_THEIRS, FORWARD_THEIRS, {}),
    ],
)
def test_no_move_abroad(run_theirs: str, forward_theirs: str, abroad: dict[str, tuple[str, str]] | None) -> None:
    assert moved(run_theirs, forward_theirs, abroad) == {}


# mend77: a fork whose only use of the layer is the custom op, called through ``torch.ops`` from a file importing
# nothing of the layer's module: the module defining the op's function is asked all the same
LONE = {
    "vllm/aeon/lone.py": "import torch\n\n\ndef go(q, kv_c, k_pe):\n    return torch.ops.vllm.attend_op(q, kv_c, k_pe, 'x')\n",
    # an op of an unchanged module, and an op no module defines: nothing moved there
    "vllm/aeon/kept.py": "import torch\n\n\ndef put(kv_c, cache, slots):\n"
    "    torch.ops.vllm.write_latent(kv_c, None, cache, slots)\n    return torch.ops.aeon.fp4_pack(kv_c)\n",
}


def test_a_lone_custom_op_call_of_a_wrapper_is_an_error(tmp_path: Path) -> None:
    git_repo = GitRepo(tmp_path / "repo")
    base = {"vllm/__init__.py": "", OPS: OPS_TEXT, IMPL: IMPL_BASE, LAYER: LAYER_BASE}
    sides = three_way(git_repo, base, LONE, {IMPL: IMPL_THEIRS, LAYER: LAYER_THEIRS})
    report = audit(git_repo, sides, tmp_path / "out")
    found = [(f.path, f.line, f.severity.value) for f in report.findings if f.rule_id == RULE and MARK in f.message]
    lone = LONE["vllm/aeon/lone.py"]
    assert found == [("vllm/aeon/lone.py", line_of(lone, "attend_op("), "error")]
