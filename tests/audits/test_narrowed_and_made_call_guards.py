"""Correct fork code around two of symbol drift's newer readings: the call a builtin makes of a handed callable,
and a local an ``isinstance`` test narrows.

The call ``map`` makes (#38442's ``materialize_layer(layer)`` given a required ``info``) runs where the
``map(...)`` runs: in a ``try`` catching TypeError, or under a test of the callee's signature, the fork wrote
both spellings, and the made call is guarded as a written one is (a warning to check, never an error).

A narrowed local (#35309 removed ``DefaultModelLoader.track_weights_loading``) keeps the class it already holds
when that class derives from the tested one: ``loader: AeonLoader`` (the fork's subclass, which keeps the
method) tested against ``DefaultModelLoader`` narrows nothing.  And a lambda's parameter of the local's name, in
the narrowed body, is the lambda's own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits import test_builtin_made_calls as made
from tests.audits import test_isinstance_narrowed_receivers as narrowed
from tests.audits.conftest import GitRepo


def _made_rows(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        repo,
        {made.META: made.META_BASE},
        {made.CARRY: made.HEAD + body},
        [(made.SUBJECT, {made.META: made.META_38442})],
    )
    return [(line, sev, msg) for path, line, sev, msg in s.rule_rows(repo, config, sides, DRIFT) if path == made.CARRY]


@pytest.mark.parametrize(
    "body",
    [
        "def f(layers, infos):\n    try:\n        return list(map(materialize_layer, layers))\n"
        "    except TypeError:\n        return list(map(materialize_layer, layers, infos))\n",
        "import inspect\n\n\ndef f(layers, infos):\n"
        "    if len(inspect.signature(materialize_layer).parameters) == 1:\n"
        "        return list(map(materialize_layer, layers))\n"
        "    return list(map(materialize_layer, layers, infos))\n",
    ],
    ids=["try-except-typeerror", "signature-probe"],
)
def test_a_made_call_under_the_fork_s_guard_is_no_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    rows = _made_rows(git_repo, no_rules, body)
    assert not [row for row in rows if row[1] == "error"]
    assert [row for row in rows if "materialize_layer" in row[2]]  # still told, as a warning to check


def test_an_unguarded_made_call_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = "def f(layers, infos):\n    if infos:\n        return list(map(materialize_layer, layers))\n    return []\n"
    [(line, severity, message)] = _made_rows(git_repo, no_rules, body)
    assert (line, severity) == (len((made.HEAD + body).splitlines()) - 1, "error") and "#38442" in message


KEEPS = (
    "class AeonLoader(DefaultModelLoader):\n"
    "    def track_weights_loading(self, model, loaded_weights) -> None:\n"
    "        return None\n\n\n"
)


def _narrowed_rows(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str]]:
    head = narrowed.HEAD.replace(
        "\n\ndef aeon_check(load_config, model, loaded):\n    loader = get_model_loader(load_config)\n", "\n\n"
    )
    sides = s.merge_case(
        repo,
        {narrowed.LOADER: narrowed.LOADER_TEXT, narrowed.DEFAULT: narrowed.DEFAULT_BASE},
        {narrowed.CARRY: head + KEEPS + body},
        [(narrowed.SUBJECT, {narrowed.DEFAULT: narrowed.DEFAULT_35309})],
    )
    rows = s.rule_rows(repo, config, sides, DRIFT)
    return [(line, msg) for path, line, _, msg in rows if path == narrowed.CARRY and msg.startswith("calls ")]


@pytest.mark.parametrize(
    "body",
    [
        # the parameter holds the fork's subclass, which keeps the method: the test narrows nothing
        "def aeon_check(loader: AeonLoader, model, loaded):\n"
        "    if isinstance(loader, DefaultModelLoader):\n        loader.track_weights_loading(model, loaded)\n",
        # the lambda's own parameter of the name
        "def aeon_check(load_config, model, loaded, trackers: list[AeonLoader]):\n"
        "    loader = get_model_loader(load_config)\n"
        "    if isinstance(loader, DefaultModelLoader):\n"
        "        return list(map(lambda loader: loader.track_weights_loading(model, loaded), trackers))\n",
    ],
    ids=["annotated-subclass", "lambda-parameter"],
)
def test_a_narrowing_that_does_not_hold_the_base_class_stays_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert _narrowed_rows(git_repo, no_rules, body) == []


def test_a_base_annotated_local_narrowed_to_the_class_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "def aeon_check(loader: BaseModelLoader, model, loaded):\n"
        "    if isinstance(loader, DefaultModelLoader):\n        loader.track_weights_loading(model, loaded)\n"
    )
    body = "from vllm.model_executor.model_loader.default_loader import BaseModelLoader\n\n\n" + body
    [(_, message)] = _narrowed_rows(git_repo, no_rules, body)
    assert "calls loader.track_weights_loading" in message and "#35309" in message
