"""A class attribute a fork class inherits, whose value upstream changed in the base (merge/default-drift).

Shaped like b286a311c2 (#30035): ``SupportsMultiModal.merge_by_field_config`` went from ``False`` to
``True``, and upstream set ``merge_by_field_config = False`` on models of its own that needed the old
batching; a model the fork added inherits the new value, silently.  c4f5cd60da (#47327) did the same to
a metadata builder's ``reorder_batch_threshold`` (``1`` -> ``None``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

IFACE = "vllm/model_executor/models/interfaces.py"
IFACE_BASE = '''class SupportsMultiModal:
    """A model that takes images."""

    supports_multimodal = True
    merge_by_field_config: bool = False

    def get_placeholder_str(self, modality, i):
        return None
'''
IFACE_UPSTREAM = IFACE_BASE.replace("merge_by_field_config: bool = False", "merge_by_field_config: bool = True")
UPSTREAM_MODEL = "vllm/model_executor/models/llava.py"
UPSTREAM_MODEL_TEXT = "from vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\nclass Llava(SupportsMultiModal):\n    pass\n"
FORK = "vllm/model_executor/models/aeon_vlm.py"
FORK_TEXT = """from vllm.model_executor.models.interfaces import SupportsMultiModal


class AeonVLM(SupportsMultiModal):
    def forward(self, x):
        return x
"""
SUBJECT = "[Chore] Deprecate `merge_by_field_config` arg (#30035)"


def rows(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: dict[str, str | None], base: dict[str, str] | None = None
) -> list:
    sides = s.merge_case(
        git_repo,
        {IFACE: IFACE_BASE, UPSTREAM_MODEL: UPSTREAM_MODEL_TEXT, **(base or {})},
        {FORK: fork},
        [(SUBJECT, upstream)],
    )
    return s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT)


def test_a_fork_class_inheriting_a_value_upstream_changed_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    pinned = UPSTREAM_MODEL_TEXT.replace("    pass\n", "    merge_by_field_config = False\n")
    [(path, line, severity, message)] = rows(
        git_repo, no_rules, FORK_TEXT, {IFACE: IFACE_UPSTREAM, UPSTREAM_MODEL: pinned}
    )
    assert (path, line, severity) == (FORK, 4, "warning")
    assert (
        "AeonVLM inherits merge_by_field_config from SupportsMultiModal, whose value upstream changed from False to True"
        in message
    )
    assert f"({IFACE}:5; " in message and "#30035" in message
    assert f"upstream's own diff set merge_by_field_config = False on its classes in {UPSTREAM_MODEL}" in message
    assert "set merge_by_field_config = False on AeonVLM to keep the old behaviour" in message


def test_after_a_base_outside_the_tree(git_repo: GitRepo, no_rules: Path) -> None:
    """vLLM's models list ``nn.Module`` first: the lookup passes the outside class over."""
    fork = FORK_TEXT.replace("(SupportsMultiModal)", "(nn.Module, SupportsMultiModal)").replace(
        "from vllm", "from torch import nn\nfrom vllm"
    )
    [(_, line, _, message)] = rows(git_repo, no_rules, fork, {IFACE: IFACE_UPSTREAM})
    assert line == 5 and "AeonVLM inherits merge_by_field_config" in message


def test_through_a_class_of_upstreams_between(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork subclasses upstream's model, which inherits the setting: the lookup goes through it."""
    fork = FORK_TEXT.replace("interfaces import SupportsMultiModal", "llava import Llava").replace(
        "(SupportsMultiModal)", "(Llava)"
    )
    [(_, line, _, message)] = rows(git_repo, no_rules, fork, {IFACE: IFACE_UPSTREAM})
    assert line == 4 and "from False to True" in message and "own diff" not in message


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the fork class sets it itself: its own choice
        (FORK_TEXT.replace("    def forward", "    merge_by_field_config = False\n\n    def forward"), IFACE_UPSTREAM),
        # ... or on self in a method
        (FORK_TEXT.replace("return x", "self.merge_by_field_config = False\n        return x"), IFACE_UPSTREAM),
        # the same truth: False -> None
        (
            FORK_TEXT,
            IFACE_BASE.replace("merge_by_field_config: bool = False", "merge_by_field_config: bool | None = None"),
        ),
        # a value upstream did not change
        (FORK_TEXT, IFACE_BASE.replace("return None", "return ''")),
        # the base decides it at run time
        (FORK_TEXT, IFACE_UPSTREAM + "\n    def __init__(self):\n        self.merge_by_field_config = False\n"),
    ],
    ids=["set in the body", "set on self", "same truth", "unchanged", "set at run time"],
)
def test_a_value_the_fork_class_decides_or_that_means_the_same_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str
) -> None:
    assert rows(git_repo, no_rules, fork, {IFACE: upstream}) == []


def test_a_class_upstream_wrote_is_not_the_forks(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream's own subclass inherits the new value too: upstream's decision, not a fork carry's."""
    assert rows(git_repo, no_rules, "X = 1\n", {IFACE: IFACE_UPSTREAM}, {FORK: "X = 0\n"}) == []


MIXINS = "vllm/model_executor/models/mixins.py"
MIXINS_TEXT = """from vllm.model_executor.models.interfaces import SupportsMultiModal


class Vision(SupportsMultiModal):
    pass


class Batched(SupportsMultiModal):
    merge_by_field_config = False


class Audio(SupportsMultiModal):
    pass
"""


@pytest.mark.parametrize(("bases", "reported"), [("Vision, Batched", False), ("Vision, Audio", True)])
def test_a_diamond_takes_the_value_python_s_order_finds(
    git_repo: GitRepo, no_rules: Path, bases: str, reported: bool
) -> None:
    """``AeonVLM(Vision, Batched)``, both of ``SupportsMultiModal``: Python's order (C3) reaches ``Batched``
    before their common base, so its ``False`` is what the fork's class gets, whatever the base says now."""
    fork = (
        f"from vllm.model_executor.models.mixins import Audio, Batched, Vision\n\n\nclass AeonVLM({bases}):\n    pass\n"
    )
    got = rows(git_repo, no_rules, fork, {IFACE: IFACE_UPSTREAM}, {MIXINS: MIXINS_TEXT})
    assert [(line, "AeonVLM inherits merge_by_field_config" in m) for _, line, _, m in got] == (
        [(4, True)] if reported else []
    )


@pytest.mark.parametrize(
    ("doc", "reported"),
    [('"""\n    A short string prepended to every request ID (e.g. "embd").\n    """', False), ('"embd"', True)],
)
def test_documentation_written_as_the_value_is_no_setting(
    git_repo: GitRepo, no_rules: Path, doc: str, reported: bool
) -> None:
    """symbol_precision window 8: #36110 reworded ``OpenAIServing.request_id_prefix: ClassVar[str] = \"\"\"``
    (its text on the lines below the quotes, "A short string prepended to every request's ID"): prose, not
    a value the fork's class leans on.  A one-line string upstream changed is still a setting."""
    base = IFACE_BASE.replace(
        "    supports_multimodal = True\n", f"    supports_multimodal = True\n    prefix: str = {doc}\n"
    )
    reworded = base.replace(' (e.g. "embd").', ".").replace('"embd"', '"cls"')
    found = rows(git_repo, no_rules, FORK_TEXT, {IFACE: reworded}, {IFACE: base})
    assert len(found) == reported and all("inherits prefix" in row[3] for row in found)
