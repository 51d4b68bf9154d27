"""The parse gates (a text check before a parse) read identifiers as the parser does: a non-ASCII identifier
(NFKC-normalised by the parser, or a character ``\\w`` does not match) never makes a gate skip a file whose
parse holds a finding."""

from __future__ import annotations

from aeon_release.domain.audits.drift.bypassed_hooks import bypassed_hook_drift
from aeon_release.domain.audits.drift.optional_params import optional_param_drift
from aeon_release.domain.audits.drift.type_only_names import type_only_name_drift
from tests.audits import drift_shapes as s
from tests.audits import test_bypassed_hooks as hooks
from tests.audits.conftest import GitRepo

WIDENED = hooks.UPSTREAM_TEXT.replace(
    "def apply_list(self, values: list[str])", "def apply_list(self, values: list[str] | None)"
)
TYPES = "vllm/types_user.py"
TYPES_MOVED = (
    "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from vllm.config import ModelConfig\n\n\n"
    "def f(c: 'ModelConfig') -> str:\n    return ''\n"
)


DOT = "apply\u00b7list"  # a legal identifier (U+00B7 is Other_ID_Continue) that ``\\w`` does not match


def test_optional_params_method_name_with_a_middle_dot(git_repo: GitRepo) -> None:
    base = hooks.BASE_TEXT.replace("apply_list", DOT)
    upstream = WIDENED.replace("apply_list", DOT)
    fork = (
        "from vllm.model_executor.models.utils import WeightsMapper\n\n\n"
        f"class AeonMapper5(WeightsMapper):\n    def {DOT}(self, values):\n        return values[:2]\n"
    )
    trees = s.three_trees(git_repo, {hooks.UTILS: base}, {hooks.FORK: fork}, {hooks.UTILS: upstream})
    assert [f.line for f in optional_param_drift(trees, "")] == [6]


def test_bypassed_hooks_class_spelt_with_a_fullwidth_letter_upstream(git_repo: GitRepo) -> None:
    # NFKC: the parser reads ``\uff37eightsMapper`` as ``WeightsMapper``; the text gate does not
    upstream = hooks.UPSTREAM_TEXT.replace("class WeightsMapper:", "class \uff37eightsMapper:")
    trees = s.three_trees(
        git_repo, {hooks.UTILS: hooks.BASE_TEXT}, {hooks.FORK: hooks.FORK_TEXT}, {hooks.UTILS: upstream}
    )
    assert [(f.line, f.severity.value) for f in bypassed_hook_drift(trees, "")] == [(5, "error")]


def test_optional_params_method_spelt_with_a_fullwidth_letter_upstream(git_repo: GitRepo) -> None:
    upstream = WIDENED.replace("def apply_list(", "def \uff41pply_list(")
    fork = (
        "from vllm.model_executor.models.utils import WeightsMapper\n\n\n"
        "class AeonMapper5(WeightsMapper):\n    def apply_list(self, values):\n        return values[:2]\n"
    )
    trees = s.three_trees(git_repo, {hooks.UTILS: hooks.BASE_TEXT}, {hooks.FORK: fork}, {hooks.UTILS: upstream})
    assert [f.line for f in optional_param_drift(trees, "")] == [6]


def test_type_only_name_spelt_with_a_fullwidth_letter_in_the_old_text(git_repo: GitRepo) -> None:
    base = "import os\nfrom vllm.config import \uff2dodelConfig\n\n\ndef f(c: \uff2dodelConfig) -> str:\n    return os.sep\n"
    user = {"vllm/aeon/user.py": "from vllm.types_user import ModelConfig\n\nX = ModelConfig\n"}
    trees = s.three_trees(git_repo, {TYPES: base}, user, {TYPES: TYPES_MOVED})
    assert [(f.path, f.line, f.severity.value) for f in type_only_name_drift(trees, "")] == [
        ("vllm/aeon/user.py", 1, "error")
    ]
