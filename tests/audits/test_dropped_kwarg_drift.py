"""Dropped-keyword drift (benchmarks/blind_replay_linears.py, drift/dropped_kwargs.py): a fork override reads a
key off its ``**kwargs`` that upstream's callers stopped passing.

#7825 stopped the linear layers passing ``prefix=`` to ``quant_method.create_weights(...)``: a fork quant
method reading ``extra_weight_attrs["prefix"]`` raises ``KeyError``.  Twins: a guarded read (``.get``, ``in``),
a key another caller still passes, a key upstream never passed, a call forwarding ``**`` that may carry it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/layers/__init__.py": ""}
USE = "vllm/aeon_use.py"
LINEAR = "vllm/layers/linear.py"
OTHER = "vllm/layers/other.py"


def _layer(passes: str) -> str:
    return (
        "class LinearMethodBase:\n    def create_weights(self, layer, size, **extra_weight_attrs):\n"
        "        raise NotImplementedError\n\n\n"
        "class Linear:\n    def __init__(self, method, size, prefix=''):\n"
        f"        method.create_weights(self, size, weight_loader=None{passes})\n"
    )


def _fork(read: str) -> str:
    return (
        "from vllm.layers.linear import LinearMethodBase\n\n\n"
        "class AeonMethod(LinearMethodBase):\n    def create_weights(self, layer, size, **extra_weight_attrs):\n"
        f"        layer.aeon_prefix = {read}\n"
    )


SUBSCRIPT = _fork("extra_weight_attrs['prefix']")
POPPED = _fork("extra_weight_attrs.pop('prefix')")
GOT = _fork("extra_weight_attrs.get('prefix', '')")
OTHER_KEY = _fork("extra_weight_attrs['weight_loader']")


def _run(git_repo: GitRepo, tmp_path: Path, fork: str, theirs_passes: str = "", extra: dict | None = None) -> list:
    ours = {LINEAR: _layer(", prefix=prefix"), **PACKAGES, **(extra or {})}
    sides = three_way(git_repo, ours, {USE: fork}, {LINEAR: _layer(theirs_passes)})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


@pytest.mark.parametrize("fork", [SUBSCRIPT, POPPED], ids=["subscript", "pop"])
def test_a_kwargs_key_no_caller_passes_any_more_is_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _run(git_repo, tmp_path, fork) == [(USE, line_of(fork, "layer.aeon_prefix ="), "error")]


@pytest.mark.parametrize("fork", [GOT, OTHER_KEY], ids=["guarded-get", "key-still-passed"])
def test_a_guarded_read_or_a_key_still_passed_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _run(git_repo, tmp_path, fork) == []


def test_a_key_another_caller_still_passes_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    other = {OTHER: "def build(method, layer):\n    method.create_weights(layer, 4, prefix='x')\n"}
    assert _run(git_repo, tmp_path, SUBSCRIPT, extra=other) == []


def test_a_call_forwarding_a_mapping_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _run(git_repo, tmp_path, SUBSCRIPT, theirs_passes=", **attrs") == []


# -- a read that cannot raise, or that is not the tree method's (reviewer's cases) -----------------------
def _body(body: str) -> str:
    return _fork("None\n").replace("        layer.aeon_prefix = None\n", body)


TRY_KEY = _body(
    "        try:\n            layer.p = extra_weight_attrs['prefix']\n        except KeyError:\n            layer.p = ''\n"
)
UPDATED = _body("        extra_weight_attrs.update(prefix='')\n        layer.p = extra_weight_attrs['prefix']\n")
REBOUND = _body(
    "        extra_weight_attrs = {'prefix': '', **extra_weight_attrs}\n        layer.p = extra_weight_attrs['prefix']\n"
)
NESTED = _body(
    "        def loader(param, **extra_weight_attrs):\n            param.p = extra_weight_attrs['prefix']\n\n"
    "        loader(layer, prefix=getattr(layer, 'prefix', ''))\n"
)
STORE = "class Store:\n    def create_weights(self, layer, **opts):\n        layer.p = opts['prefix']\n\n\n"
PARTIAL = (
    "import functools\n\n\n"
    + STORE
    + "def build(layer):\n    make = functools.partial(Store().create_weights, prefix='x')\n    make(layer)\n"
)
HOOKED = (
    STORE
    + "HOOKS = [Store().create_weights]\n\n\ndef build(layer):\n    for hook in HOOKS:\n        hook(layer, prefix='x')\n"
)


@pytest.mark.parametrize(
    "fork",
    [TRY_KEY, UPDATED, REBOUND, NESTED, PARTIAL, HOOKED],
    ids=["try-keyerror", "update", "rebound", "nested-scope", "unrelated-partial", "unrelated-hook"],
)
def test_a_read_that_cannot_raise_or_is_not_the_tree_methods_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _run(git_repo, tmp_path, fork) == []


def test_a_staticmethod_defaulting_every_parameter_does_not_stop_the_audit(git_repo: GitRepo, tmp_path: Path) -> None:
    """review17's ``get_kv_cache_shape(num_blocks=1, ...)`` staticmethod of a fork subclass: its defaults outnumber
    the parameters after the first, and the zip of the two raised ValueError (every merge-aware check lost)."""
    fork = (
        SUBSCRIPT + "\n    @staticmethod\n    def aeon_shape(num_blocks=1, block_size=16):\n        return num_blocks\n"
    )
    assert _run(git_repo, tmp_path, fork) == [(USE, line_of(fork, "layer.aeon_prefix ="), "error")]
