"""A name upstream now refuses by string: a fork class that carries it is rejected where it is loaded.

#30181 (671427efbf): ``supports_multimodal()`` raises for a model that still sets ``multimodal_cpu_fields``;
#33757 (90d74ebaa4): ``BaseMultiModalProcessor.__init__`` raises for a processor defining ``_get_data_parser``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.refused import member_value, refuses, refusing_guards
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

IFACE = "vllm/model_executor/models/interfaces.py"
BEFORE = """class SupportsMultiModal:
    supports_multimodal = True
    multimodal_cpu_fields = frozenset()


def supports_multimodal(model) -> bool:
    return getattr(model, "supports_multimodal", False)
"""
AFTER = """class SupportsMultiModal:
    supports_multimodal = True
    multimodal_cpu_fields = None


def supports_multimodal(model) -> bool:
    res = getattr(model, "supports_multimodal", False)
    cpu_fields = getattr(model, "multimodal_cpu_fields", None)
    if cpu_fields is not None:
        raise ValueError("multimodal_cpu_fields is no longer effective; set keep_on_cpu in the field config")
    merge = getattr(model, "merge_by_field_config", None)
    if merge is False:
        raise ValueError("merge_by_field_config=False is no longer effective")
    return res
"""
PROC = "vllm/multimodal/processor.py"
PROC_BEFORE = """class BaseProcessor:
    def __init__(self) -> None:
        if hasattr(self, "_get_data_parser"):
            print("deprecated")
            self.parser = self._get_data_parser()
        else:
            self.parser = None
"""
PROC_AFTER = """class BaseProcessor:
    def __init__(self) -> None:
        if hasattr(self, "_get_data_parser"):
            raise ValueError("_get_data_parser moved to the info's build_data_parser")
        self.parser = None
"""
MODEL = "vllm/aeon/model.py"
HEADER = "from vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\n"
PHEADER = "from vllm.multimodal.processor import BaseProcessor\n\n\n"


def _errors(repo: GitRepo, no_rules: Path, base: dict[str, str], ours: str, theirs: dict[str, str]) -> list[int]:
    sides = three_way(repo, {"vllm/__init__.py": "", **base}, {MODEL: ours}, theirs)
    report = repo.audit(no_rules, merge=sides)
    return [f.line for f in report.findings if f.path == MODEL and f.severity.value == "error"]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        (
            "class AeonVL(SupportsMultiModal):\n    multimodal_cpu_fields = {'image_grid_thw'}\n",
            "multimodal_cpu_fields",
        ),
        ("class AeonVL(SupportsMultiModal):\n    multimodal_cpu_fields: set = {'grid'}\n", "multimodal_cpu_fields"),
        ("class AeonVL(SupportsMultiModal):\n    merge_by_field_config = False\n", "merge_by_field_config"),
        (
            "class Mid(SupportsMultiModal):\n    pass\n\n\nclass AeonVL(Mid):\n    multimodal_cpu_fields = {'g'}\n",
            "cpu",
        ),
    ],
    ids=["set", "annotated", "the refused constant", "through a subclass"],
)
def test_an_attribute_upstream_now_refuses(git_repo: GitRepo, no_rules: Path, body: str, needle: str) -> None:
    lines = _errors(git_repo, no_rules, {IFACE: BEFORE}, HEADER + body, {IFACE: AFTER})
    assert lines == [line_of(HEADER + body, needle)]


def test_a_method_upstream_now_refuses(git_repo: GitRepo, no_rules: Path) -> None:
    body = "class AeonProcessor(BaseProcessor):\n    def _get_data_parser(self):\n        return 1\n"
    lines = _errors(git_repo, no_rules, {PROC: PROC_BEFORE}, PHEADER + body, {PROC: PROC_AFTER})
    assert lines == [line_of(PHEADER + body, "def _get_data_parser")]


@pytest.mark.parametrize(
    ("base", "body", "theirs"),
    [
        (
            {IFACE: BEFORE},
            HEADER + "class AeonVL(SupportsMultiModal):\n    merge_by_field_config = True\n",
            {IFACE: AFTER},
        ),
        (
            {IFACE: BEFORE},
            HEADER + "class AeonVL(SupportsMultiModal):\n    multimodal_cpu_fields = None\n",
            {IFACE: AFTER},
        ),
        (
            {IFACE: AFTER.replace("None\n\n\ndef", "None\n\n\ndef")},
            HEADER + "class AeonVL(SupportsMultiModal):\n    merge_by_field_config = False\n",
            {IFACE: AFTER + "\n\nX = 1\n"},
        ),
        ({IFACE: BEFORE}, "class AeonVL:\n    multimodal_cpu_fields = {'g'}\n", {IFACE: AFTER}),
        ({IFACE: BEFORE}, HEADER + "class AeonVL(SupportsMultiModal):\n    aeon_fields = {'g'}\n", {IFACE: AFTER}),
    ],
    ids=["a value the guard lets pass", "None", "refused before the merge too", "no upstream base", "another name"],
)
def test_refused_twins_stay_quiet(
    git_repo: GitRepo, no_rules: Path, base: dict[str, str], body: str, theirs: dict[str, str]
) -> None:
    assert _errors(git_repo, no_rules, base, body, theirs) == []


def test_guards_read_by_the_pure_module() -> None:
    tree = ast.parse(AFTER)
    [guard] = refusing_guards(tree, "multimodal_cpu_fields")
    assert guard.test == "not-none"
    [merge] = refusing_guards(tree, "merge_by_field_config")
    assert (merge.test, merge.constant) == ("equals", False)
    assert refuses(merge, ast.parse("x = False").body[0].value)  # type: ignore[attr-defined]
    assert not refuses(merge, ast.parse("x = 0").body[0].value)  # type: ignore[attr-defined]
    assert refusing_guards(ast.parse(PROC_BEFORE), "_get_data_parser") == []  # a warning, no raise
    [present] = refusing_guards(ast.parse(PROC_AFTER), "_get_data_parser")
    assert refuses(present, ast.parse("def f(): pass").body[0])
    assert member_value(ast.parse("x: int").body[0]) is None


# -- #48563 (0a5069e4e3): a fork class attribute copied from the base's old value, which upstream changed --
GEMMA = "vllm/model_executor/models/gemma.py"
GEMMA_BEFORE = """class WeightsMapper:
    def __init__(self, orig_to_new_prefix=None) -> None:
        self.prefix = orig_to_new_prefix


class Gemma:
    hf_to_vllm_mapper = WeightsMapper(
        orig_to_new_prefix={"model.vision_tower": "vision_tower", "lm_head.": "language_model.lm_head."}
    )
"""
GEMMA_AFTER = GEMMA_BEFORE.replace(
    "    hf_to_vllm_mapper = WeightsMapper(", "    hf_to_vllm_mapper = _EXPERTS | WeightsMapper("
).replace("class Gemma:", "_EXPERTS = WeightsMapper()\n\n\nclass Gemma:")
GHEADER = "from vllm.model_executor.models.gemma import Gemma, WeightsMapper\n\n\n"


def test_a_copy_of_the_base_value_upstream_changed(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "class AeonGemma(Gemma):\n    hf_to_vllm_mapper = WeightsMapper(\n        orig_to_new_prefix={\n"
        "            'aeon.': 'vision_tower.',\n            'model.vision_tower': 'vision_tower',\n"
        "            'lm_head.': 'language_model.lm_head.',\n        }\n    )\n"
    )
    lines = _errors(git_repo, no_rules, {GEMMA: GEMMA_BEFORE}, GHEADER + body, {GEMMA: GEMMA_AFTER})
    assert lines == [line_of(GHEADER + body, "hf_to_vllm_mapper")]


@pytest.mark.parametrize(
    ("body", "after"),
    [
        (
            "class AeonGemma(Gemma):\n    hf_to_vllm_mapper = WeightsMapper(orig_to_new_prefix={'aeon.': 'v.'})"
            " | Gemma.hf_to_vllm_mapper\n",
            GEMMA_AFTER,
        ),
        (
            "class AeonGemma(Gemma):\n    hf_to_vllm_mapper = WeightsMapper(orig_to_new_prefix={'aeon.': 'v.'})\n",
            GEMMA_AFTER,
        ),
        (
            "class AeonGemma(Gemma):\n    hf_to_vllm_mapper = WeightsMapper(\n        orig_to_new_prefix={\n"
            "            'aeon.': 'v.', 'model.vision_tower': 'vision_tower', 'lm_head.': 'language_model.lm_head.'}\n"
            "    )\n",
            GEMMA_BEFORE.replace(
                '"lm_head.": "language_model.lm_head."', '"lm_head.": "language_model.lm_head."'
            ).replace("class Gemma:", "X = 1\n\n\nclass Gemma:"),
        ),
        (
            "class AeonGemma(Gemma):\n    hf_to_vllm_mapper = WeightsMapper(\n        orig_to_new_prefix={\n"
            "            'aeon.': 'v.', 'model.vision_tower': 'vision_tower', 'lm_head.': 'language_model.lm_head.'}\n"
            "    )\n",
            GEMMA_BEFORE.replace(', "lm_head.": "language_model.lm_head."', ""),
        ),
    ],
    ids=["composed onto the base", "a value of its own", "the base unchanged", "upstream only removed"],
)
def test_stale_copy_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, after: str) -> None:
    assert _errors(git_repo, no_rules, {GEMMA: GEMMA_BEFORE}, GHEADER + body, {GEMMA: after}) == []
