"""A member upstream removed, read off a local an ``isinstance`` test narrowed to the member's class.

Shaped like vLLM's #35309 (15d76f74e2, a revert): ``DefaultModelLoader.track_weights_loading`` went away.  A
fork's check builds the loader through ``get_model_loader`` (``-> BaseModelLoader``, which never had the
method) and calls it only where ``isinstance(loader, DefaultModelLoader)`` holds: the local's annotation alone
said nothing of the member, and the call went unseen.  The narrowed class is read in an ``if``'s body, after an
``assert isinstance(...)``, and after an ``if not isinstance(...):`` that exits; a tuple of classes, an ``else``
branch, or the rest of a block after an ``if not isinstance(...)`` that does not exit stay as the annotation
says.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.isinstance_types import narrowings
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LOADER = "vllm/model_executor/model_loader/__init__.py"
DEFAULT = "vllm/model_executor/model_loader/default_loader.py"
CARRY = "vllm/aeon/loader_check.py"
SUBJECT = 'Revert "[Misc] Enable weights loading tracking for quantized models" (#35309)'
LOADER_TEXT = """from vllm.model_executor.model_loader.default_loader import BaseModelLoader, DefaultModelLoader


def get_model_loader(load_config) -> BaseModelLoader:
    return DefaultModelLoader(load_config)
"""
DEFAULT_BASE = """class BaseModelLoader:
    def __init__(self, load_config) -> None:
        self.load_config = load_config

    def load_weights(self, model, model_config) -> None:
        raise NotImplementedError


class DefaultModelLoader(BaseModelLoader):
    def load_weights(self, model, model_config) -> None:
        self.track_weights_loading(model, None)

    def track_weights_loading(self, model, loaded_weights) -> None:
        return None

    def get_all_weights(self, model_config, model):
        return iter(())
"""
DEFAULT_35309 = DEFAULT_BASE.replace(
    "        self.track_weights_loading(model, None)\n\n"
    "    def track_weights_loading(self, model, loaded_weights) -> None:\n        return None\n",
    "        return None\n",
)
HEAD = """from vllm.model_executor.model_loader import get_model_loader
from vllm.model_executor.model_loader.default_loader import DefaultModelLoader


def aeon_check(load_config, model, loaded):
    loader = get_model_loader(load_config)
"""


def drift_rows(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {LOADER: LOADER_TEXT, DEFAULT: DEFAULT_BASE},
        {CARRY: HEAD + body},
        [(SUBJECT, {DEFAULT: DEFAULT_35309})],
    )
    return [(line, message) for path, line, _, message in s.rule_rows(repo, config, sides, DRIFT) if path == CARRY]


NARROWED = [
    "    if isinstance(loader, DefaultModelLoader):\n        loader.track_weights_loading(model, loaded)\n",
    "    if loaded and isinstance(loader, DefaultModelLoader):\n        loader.track_weights_loading(model, loaded)\n",
    "    assert isinstance(loader, DefaultModelLoader)\n    loader.track_weights_loading(model, loaded)\n",
    "    if not isinstance(loader, DefaultModelLoader):\n        return\n    loader.track_weights_loading(model, loaded)\n",
]


@pytest.mark.parametrize(
    "body",
    NARROWED,
    ids=["if-body", "and-ed", "assert", "early-exit"],
)
def test_a_gone_member_off_a_narrowed_local_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12)
    bodies = [HEAD + text for text in NARROWED]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {DEFAULT: DEFAULT_35309})]
    base = {LOADER: LOADER_TEXT, DEFAULT: DEFAULT_BASE}
    _, found = s.audited_row(git_repo, no_rules, base, bodies, HEAD + body, upstream, DRIFT, "vllm/aeon")
    rows = [(f.line, f.message) for f in found]
    [(line, message)] = [row for row in rows if "track_weights_loading" in row[1]]
    assert line == len((HEAD + body).splitlines())
    assert "calls loader.track_weights_loading" in message and "#35309" in message


@pytest.mark.parametrize(
    "body",
    [
        # a kept member off the narrowed local
        "    if isinstance(loader, DefaultModelLoader):\n        return loader.get_all_weights(None, model)\n",
        # a tuple of classes does not say which one the local holds
        "    if isinstance(loader, (DefaultModelLoader, int)):\n        loader.track_weights_loading(model, loaded)\n",
        # the else branch: the local is not the class there
        "    if isinstance(loader, DefaultModelLoader):\n        return None\n    else:\n"
        "        loader.track_weights_loading(model, loaded)\n",
        # an early exit that does not exit: the rest of the block holds either kind
        "    if not isinstance(loader, DefaultModelLoader):\n        print(loader)\n"
        "    loader.track_weights_loading(model, loaded)\n",
    ],
    ids=["kept-member", "tuple", "else", "no-exit"],
)
def test_a_local_not_narrowed_to_the_class_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert not [row for row in drift_rows(git_repo, no_rules, body) if "track_weights_loading" in row[1]]


def _narrowed_names(source: str) -> set[str]:
    func = ast.parse(source).body[0]
    calls = [n for n in ast.walk(func) if isinstance(n, ast.Call) and ast.unparse(n.func) == "x.m"]
    return {name for call in calls for name in narrowings(func).get(id(call.func.value), {})}


def test_a_region_that_rebinds_the_local_is_not_narrowed() -> None:
    rebound = "def f(x):\n    if isinstance(x, C):\n        x = g()\n        x.m()\n"
    looped = "def f(x, xs):\n    if isinstance(x, C):\n        for x in xs:\n            x.m()\n"
    kept = "def f(x):\n    if isinstance(x, C):\n        y = g()\n        x.m()\n"
    assert _narrowed_names(rebound) == set() and _narrowed_names(looped) == set()
    assert _narrowed_names(kept) == {"x"}
