"""Moved effects (drift/moved_effects.py): #25954 took the KV-cache write out of ``FlashAttentionImpl.forward``
into a new ``do_kv_cache_update`` that the attention layer calls first; a fork's own call of ``impl.forward(...)``
attends over a cache the new tokens never reached."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.moved_effects import _moved_in
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, line_of, three_way

OPS = "vllm/attn/ops.py"
OPS_TEXT = (
    "def write_cache(key, value, key_cache, value_cache, slots):\n    key_cache[slots] = key\n    value_cache[slots] = value\n\n\n"
    "def attend(query, key_cache, value_cache, scale):\n    return query * scale\n"
)
IMPL = "vllm/attn/flash.py"
HEAD = "from vllm.attn.ops import attend, write_cache\n\n\nclass FlashImpl:\n    def __init__(self, scale):\n        self.scale = scale\n\n"
FORWARD_BASE = (
    "    def forward(self, layer, query, key, value, kv_cache, meta):\n"
    "        key_cache, value_cache = kv_cache.unbind(0)\n"
    "        write_cache(key, value, key_cache, value_cache, meta.slots)\n"
    "        return attend(query, key_cache, value_cache, self.scale)\n"
)
FORWARD_THEIRS = (
    "    def forward(self, layer, query, key, value, kv_cache, meta):\n"
    "        key_cache, value_cache = kv_cache.unbind(0)\n"
    "        return attend(query, key_cache, value_cache, self.scale)\n"
)
UPDATE = (
    "\n    def update_cache(self, layer, key, value, kv_cache, slots):\n"
    "        key_cache, value_cache = kv_cache.unbind(0)\n"
    "        write_cache(key, value, key_cache, value_cache, slots)\n"
)
BASE = HEAD + FORWARD_BASE
THEIRS = HEAD + FORWARD_THEIRS + UPDATE
LAYER = "vllm/attn/layer.py"
LAYER_BASE = "def run(layer, q, k, v, kv, meta):\n    return layer.impl.forward(layer, q, k, v, kv, meta)\n"
LAYER_THEIRS = (
    "def update_kv(layer, k, v, kv, slots):\n    layer.impl.update_cache(layer, k, v, kv, slots)\n\n\n"
    "def run(layer, q, k, v, kv, meta):\n    update_kv(layer, k, v, kv, meta.slots)\n"
    "    return layer.impl.forward(layer, q, k, v, kv, meta)\n"
)
IMPORT = "from vllm.attn.flash import FlashImpl\nfrom vllm.attn.ops import write_cache\n\n\n"
CALL = "impl.forward(layer, q, k, v, kv, meta)"
MARK = "which no longer runs"

# each a fork module of its own (none imports another): one merge and one audit answer every row
KILLERS = {
    "a parameter typed as the class": "def go(impl: FlashImpl, layer, q, k, v, kv, meta):\n    return " + CALL + "\n",
    "a parameter that may be None": "def go(impl: FlashImpl | None, layer, q, k, v, kv, meta):\n"
    "    assert impl is not None\n    return " + CALL + "\n",
    "a local built from the class": "def go(layer, q, k, v, kv, meta):\n    impl = FlashImpl(0.5)\n    return "
    + CALL
    + "\n",
    "a fork layer's self.impl built from the class": "class Layer:\n    def __init__(self):\n"
    "        self.impl = FlashImpl(0.5)\n\n    def run(self, q, k, v, kv, meta):\n"
    "        return self.impl.forward(self, q, k, v, kv, meta)\n",
    "self in a fork subclass, from another method": "class Mine(FlashImpl):\n"
    "    def draft(self, layer, q, k, v, kv, meta):\n        return self.forward(layer, q, k, v, kv, meta)\n",
    # a fork override of the method that runs the update quiets no call on upstream's own class
    "beside a fork override of the method running the update": "def go(impl: FlashImpl, layer, q, k, v, kv, meta):\n"
    "    return " + CALL + "\n\n\nclass Mine(FlashImpl):\n    def forward(self, layer, q, k, v, kv, meta):\n"
    "        self.update_cache(layer, k, v, kv, meta.slots)\n        return super().forward(layer, q, k, v, kv, meta)\n",
}
TWINS = {
    "the fork runs the step itself first": "def go(impl: FlashImpl, layer, q, k, v, kv, meta):\n"
    "    write_cache(k, v, kv[0], kv[1], meta.slots)\n    return " + CALL + "\n",
    "the new spelling: the new method first": "def go(impl: FlashImpl, layer, q, k, v, kv, meta):\n"
    "    impl.update_cache(layer, k, v, kv, meta.slots)\n    return " + CALL + "\n",
    "an override of the method calling super()": "class Mine(FlashImpl):\n"
    "    def forward(self, layer, query, key, value, kv_cache, meta):\n"
    "        return super().forward(layer, query, key, value, kv_cache, meta)\n",
    "a subclass that defines the new method": "class Mine(FlashImpl):\n"
    "    def update_cache(self, layer, key, value, kv_cache, slots):\n        pass\n\n"
    "    def draft(self, layer, q, k, v, kv, meta):\n        return self.forward(layer, q, k, v, kv, meta)\n",
    "an untyped receiver": "def go(impl, layer, q, k, v, kv, meta):\n    return " + CALL + "\n",
    "a mixin ahead of the class defining the method": "class Mixin:\n    def forward(self, *args):\n"
    "        return args\n\n\nclass Mine(Mixin, FlashImpl):\n"
    "    def draft(self, layer, q, k, v, kv, meta):\n        return self.forward(layer, q, k, v, kv, meta)\n",
    # the update run another way than ``.update_cache(`` in the same function (review69's false errors)
    "the new method reached through getattr": "def go(impl: FlashImpl, layer, q, k, v, kv, meta):\n"
    "    update = getattr(impl, 'update_cache', None)\n    if update is not None:\n"
    "        update(layer, k, v, kv, meta.slots)\n    return " + CALL + "\n",
    "upstream's own function running the new method, first": "from vllm.attn import layer as attn_layer\n\n\n"
    "def go(impl: FlashImpl, layer, q, k, v, kv, meta):\n    attn_layer.update_kv(layer, k, v, kv, meta.slots)\n"
    "    return " + CALL + "\n",
    "a fork helper running the new method, first": "def write(impl: FlashImpl, layer, k, v, kv, slots):\n"
    "    impl.update_cache(layer, k, v, kv, slots)\n\n\ndef go(impl: FlashImpl, layer, q, k, v, kv, meta):\n"
    "    write(impl, layer, k, v, kv, meta.slots)\n    return " + CALL + "\n",
    "a fork layer running the update and the attention in two methods": "class Layer:\n    def __init__(self):\n"
    "        self.impl = FlashImpl(0.5)\n\n    def update(self, k, v, kv, slots):\n"
    "        self.impl.update_cache(self, k, v, kv, slots)\n\n    def attend(self, q, k, v, kv, meta):\n"
    "        return self.impl.forward(self, q, k, v, kv, meta)\n",
    "a subclass whose other method runs the update": "class Mine(FlashImpl):\n"
    "    def prepare(self, layer, k, v, kv, meta):\n        self.update_cache(layer, k, v, kv, meta.slots)\n\n"
    "    def draft(self, layer, q, k, v, kv, meta):\n        self.prepare(layer, k, v, kv, meta)\n"
    "        return self.forward(layer, q, k, v, kv, meta)\n",
}
_AUDITED: dict[str, dict[str, list[tuple[str, int, str]]]] = {}


def audited(
    git_repo: GitRepo, tmp_path: Path, layer_theirs: str = LAYER_THEIRS
) -> dict[str, list[tuple[str, int, str]]]:
    """Each row's findings (path, line, severity), by row, from one merge of every row's module."""
    if layer_theirs not in _AUDITED:
        rows = {**KILLERS, **TWINS}
        paths = {label: f"vllm/aeon/row{number}.py" for number, label in enumerate(rows)}
        ours = {paths[label]: IMPORT + body for label, body in rows.items()}
        base = {"vllm/__init__.py": "", OPS: OPS_TEXT, IMPL: BASE, LAYER: LAYER_BASE}
        sides = three_way(git_repo, base, ours, {IMPL: THEIRS, LAYER: layer_theirs})
        # this check's findings alone: a fork subclass defining a method upstream added is another's (a warning)
        report = audit(git_repo, sides, tmp_path)
        every = [(f.path, f.line, f.severity.value) for f in report.findings if f.rule_id == RULE and MARK in f.message]
        _AUDITED[layer_theirs] = {label: [f for f in every if f[0] == paths[label]] for label in rows}
    return _AUDITED[layer_theirs]


@pytest.mark.parametrize("label", sorted(KILLERS))
def test_a_call_of_the_method_alone_is_an_error(git_repo: GitRepo, tmp_path: Path, label: str) -> None:
    fork = IMPORT + KILLERS[label]
    rows = audited(git_repo, tmp_path)
    assert [(line, severity) for _, line, severity in rows[label]] == [(line_of(fork, ".forward("), "error")]


@pytest.mark.parametrize("label", sorted(TWINS))
def test_the_step_run_or_the_method_overridden_is_quiet(git_repo: GitRepo, tmp_path: Path, label: str) -> None:
    assert audited(git_repo, tmp_path)[label] == []


def test_a_new_method_no_upstream_caller_calls_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    # upstream's layer still calls forward alone: the step went nowhere its callers run, a bug of upstream's own
    rows = audited(git_repo, tmp_path, layer_theirs=LAYER_BASE + "\n\ndef other():\n    return None\n")
    assert all(rows[label] == [] for label in KILLERS)


def moved(base_forward: str, theirs_forward: str, extra: str = UPDATE) -> dict[str, str]:
    old = ast.parse(HEAD + base_forward).body[1]
    new = ast.parse(HEAD + theirs_forward + extra).body[1]
    assert isinstance(old, ast.ClassDef) and isinstance(new, ast.ClassDef)
    return {name: m.new for name, m in _moved_in(IMPL, old, new, frozenset({"forward"})).items()}


def test_the_step_moved_into_a_new_method() -> None:
    assert moved(FORWARD_BASE, FORWARD_THEIRS) == {"forward": "update_cache"}


@pytest.mark.parametrize(
    ("base_forward", "theirs_forward", "extra"),
    [
        # the method still runs the step (the new method a second way in)
        (FORWARD_BASE, FORWARD_BASE, UPDATE),
        # the method calls the new one itself
        (
            FORWARD_BASE,
            FORWARD_THEIRS.replace(
                "        return", "        self.update_cache(layer, key, value, kv_cache, meta.slots)\n        return"
            ),
            UPDATE,
        ),
        # the class holds the new method as a value, which the method calls
        (
            FORWARD_BASE,
            FORWARD_THEIRS.replace(
                "        return", "        self._update(layer, key, value, kv_cache, meta.slots)\n        return"
            ),
            UPDATE + "\n    def bind(self):\n        self._update = self.update_cache\n",
        ),
        # a member the class does not define (a base's method) may run it
        (FORWARD_BASE, FORWARD_THEIRS.replace("        return", "        self.prepare(layer)\n        return"), UPDATE),
        # the step was on the object itself (its own state, not what the caller handed in)
        (
            FORWARD_BASE.replace("write_cache(", "self.stats.record("),
            FORWARD_THEIRS,
            UPDATE.replace("write_cache(", "self.stats.record("),
        ),
        # a logger's call is no step
        (
            FORWARD_BASE.replace("write_cache(", "logger.debug("),
            FORWARD_THEIRS,
            UPDATE.replace("write_cache(", "logger.debug("),
        ),
        # a call handed nothing the caller gave: no write onto the caller's data
        (
            FORWARD_BASE.replace(
                "write_cache(key, value, key_cache, value_cache, meta.slots)", "write_cache(1, 2, 3, 4, 5)"
            ),
            FORWARD_THEIRS,
            UPDATE,
        ),
        # the step's value used: a computation, not a step run for what it does
        (FORWARD_BASE.replace("        write_cache(", "        done = write_cache("), FORWARD_THEIRS, UPDATE),
        # a method of an object the method holds (``out.append``): a common name, no step of its own
        (
            FORWARD_BASE.replace("write_cache(key,", "kv_cache.write_cache(key,"),
            FORWARD_THEIRS,
            UPDATE.replace("write_cache(key,", "kv_cache.write_cache(key,"),
        ),
        # the new method existed at the base: not where a step moved to
        (FORWARD_BASE + UPDATE, FORWARD_THEIRS, UPDATE),
    ],
)
def test_no_move(base_forward: str, theirs_forward: str, extra: str) -> None:
    assert moved(base_forward, theirs_forward, extra) == {}
