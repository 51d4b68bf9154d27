"""An override of a hook upstream renamed, that the base still looks up on ``self`` by its old name (f1579b229d,
#13964: ``getattr(self, "_get_prompt_replacements", None)`` in ``BaseMultiModalProcessor.__init__``): a warning,
not the error for an override nothing calls.  Without the shim (or with a lookup on another object, or of
another name) the override of the removed method stays an error; so does one whose class (or a class between)
overrides the method hosting the shim without calling ``super()`` (review113: #27583's shim in
``SupportsMultiModal.embed_multimodal``, which every model of the tree overrides).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PROC = "vllm/multimodal/processing.py"
BASE = """class BaseProcessor:
    def _get_prompt_replacements(self, items):
        raise NotImplementedError

    def apply(self, items):
        return self._get_prompt_replacements(items)
"""
NEW = """class BaseProcessor:
    def __init__(self):
        {shim}

    def _get_prompt_updates(self, items):
        raise NotImplementedError

    def apply(self, items):
        return self._get_prompt_updates(items)
"""
FORK = "vllm/aeon/proc.py"
SUBJECT = "[VLM] Generalized prompt updates for multi-modal processor (#13964)"
OVERRIDE = (
    "from vllm.multimodal.processing import BaseProcessor\n\n\n"
    "class AeonProcessor(BaseProcessor):\n"
    "    def _get_prompt_replacements(self, items):\n"
    '        return ["<image>"]\n'
)


def _rows(git_repo: GitRepo, no_rules: Path, shim: str) -> list[tuple[str, int, str, str]]:
    upstream = NEW.format(shim=shim)
    sides = s.merge_case(git_repo, {PROC: BASE}, {FORK: OVERRIDE}, [(SUBJECT, {PROC: upstream})])
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK and r[1] == 5]


@pytest.mark.parametrize(
    "shim",
    [
        'if repls := getattr(self, "_get_prompt_replacements", None):\n            self._get_prompt_updates = repls',
        'if hasattr(type(self), "_get_prompt_replacements"):\n            self._get_prompt_updates = '
        "self._get_prompt_replacements",
    ],
    ids=["getattr", "hasattr-type"],
)
def test_an_override_a_shim_still_reaches_is_a_warning(git_repo: GitRepo, no_rules: Path, shim: str) -> None:
    [(_, _, severity, message)] = _rows(git_repo, no_rules, shim)
    assert severity == "warning" and "shim" in message


@pytest.mark.parametrize(
    "shim",
    [
        "pass",
        'self.legacy = getattr(items_holder, "_get_prompt_replacements", None)',
        'self.other = getattr(self, "_get_prompt_insertions", None)',
    ],
    ids=["no-shim", "other-object", "other-name"],
)
def test_an_override_nothing_reaches_stays_an_error(git_repo: GitRepo, no_rules: Path, shim: str) -> None:
    rows = _rows(git_repo, no_rules, shim)
    assert rows and all(r[2] == "error" for r in rows)


MIDDLE = """from vllm.multimodal.processing import BaseProcessor


class ModelProcessor(BaseProcessor):
    def __init__(self):
        {init}
"""


@pytest.mark.parametrize(
    ("init", "severity"),
    [("super().__init__()\n        self.tiles = 4", "warning"), ("self.tiles = 4", "error")],
    ids=["passes-on", "overrides"],
)
def test_a_shim_only_reaches_through_methods_that_run(
    git_repo: GitRepo, no_rules: Path, init: str, severity: str
) -> None:
    """A class between the fork's and the shim's that defines the shim's method: the shim runs only where that
    method calls ``super()``'s."""
    model = "vllm/multimodal/model_processor.py"
    upstream = NEW.format(
        shim='if repls := getattr(self, "_get_prompt_replacements", None):\n'
        "            self._get_prompt_updates = repls"
    )
    fork = OVERRIDE.replace("processing import BaseProcessor", "model_processor import ModelProcessor").replace(
        "(BaseProcessor)", "(ModelProcessor)"
    )
    base_side = {PROC: BASE, model: MIDDLE.format(init="super().__init__()")}
    sides = s.merge_case(
        git_repo, base_side, {FORK: fork}, [(SUBJECT, {PROC: upstream, model: MIDDLE.format(init=init)})]
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK and r[1] == 5]
    assert rows and {r[2] for r in rows} == {severity}
