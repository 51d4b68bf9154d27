"""The parse gates (a text check before a parse) read identifiers as the parser does: a non-ASCII identifier
(NFKC-normalised by the parser, or a character ``\\w`` does not match) never makes a gate skip a file whose
parse holds a finding."""

from __future__ import annotations

import unicodedata

import pytest

from aeon_release.domain.audits.drift.bypassed_hooks import bypassed_hook_drift
from aeon_release.domain.audits.drift.optional_params import optional_param_drift
from aeon_release.domain.audits.drift.sides import _as_written, gateable
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


# perf18: a text whose non-ASCII characters a name either cannot hold or holds as written (a word character NFKC
# keeps, composing with nothing before it) is gated like an ASCII one: Chinese prompts, a Greek letter.
@pytest.mark.parametrize(
    ("text", "gated"),
    [
        ("PROMPT = '<|im_start|>system\\n\u4f60\u662f\u4e00\u4e2a\u52a9\u624b'\n", True),  # Chinese in a string
        ("# \u03a3 over the heads\ndef f(): ...\n", True),  # Greek in a comment
        ("def \u03c3_scale(x): ...\n", True),  # a Greek name: as written
        ("\ud55c = 1\n", True),  # a Hangul syllable: as written
        ("def \uff41pply(): ...\n", False),  # fullwidth: the parser reads "apply"
        ("apply\u00b7list = 1\n", False),  # U+00B7: no \w
        ("caf\u0065\u0301 = 1\n", False),  # a combining mark composes with the letter before it (in a comment: gated)
        ("\u1100\u1161 = 1\n", False),  # conjoining jamo compose into one syllable
        ("x\u1d62 = 1\n", False),  # a subscript i: NFKC reads "i"
    ],
    ids=[
        "chinese string",
        "greek comment",
        "greek name",
        "hangul",
        "fullwidth",
        "middle dot",
        "combining",
        "jamo",
        "sub",
    ],
)
def test_which_non_ascii_texts_are_gated(text: str, gated: bool) -> None:
    assert gateable(text) is gated


def test_no_canonical_composition_has_a_kept_character_second() -> None:
    """What makes a name of kept characters its own NFKC form: NFKC composes a character with the one before
    it only as a canonical pair (Hangul's jamo by rule, excluded by hand), and no pair's second is kept; every
    pair's second can be part of a name, so a text holding one is read by the check."""
    for point in range(0x80, 0x30000):
        composed = chr(point)
        parts = unicodedata.decomposition(composed).split()
        if len(parts) != 2 or parts[0].startswith("<"):
            continue
        first, second = (chr(int(p, 16)) for p in parts)
        if unicodedata.normalize("NFC", first + second) != composed:
            continue  # excluded from composition
        assert ("a" + second).isidentifier() and not _as_written(second), hex(point)


def test_optional_params_in_a_module_of_chinese_prose_and_greek_names(git_repo: GitRepo) -> None:
    """Gated now, the module's Greek method name is the one the parser reads: the widening is still found."""
    sigma = "apply_\u03c3"
    prose = "'''\u4f60\u597d: \u03a3'''\n"
    base = prose + hooks.BASE_TEXT.replace("apply_list", sigma)
    upstream = prose + WIDENED.replace("apply_list", sigma)
    fork = (
        "from vllm.model_executor.models.utils import WeightsMapper\n\n\n"
        f"class AeonMapper5(WeightsMapper):\n    def {sigma}(self, values):\n        return values[:2]\n"
    )
    trees = s.three_trees(git_repo, {hooks.UTILS: base}, {hooks.FORK: fork}, {hooks.UTILS: upstream})
    assert [f.line for f in optional_param_drift(trees, "")] == [6]
