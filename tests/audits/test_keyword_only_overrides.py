"""An override taking the base's parameters keyword-only, when the base gains a required one (symbol drift,
``_named_alike``): #23958 (620db1fc58) gave ``MLACommonMetadataBuilder._build_decode`` a ``num_decode_tokens``
its ``build`` passes by keyword; a fork's ``def _build_decode(self, *, block_table_tensor, ...)`` matched every
caller passing by name before and raises TypeError now (blind_replay_mla2)."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

BUILDER = "vllm/attn/builder.py"
INITS = {"vllm/attn/__init__.py": "", "vllm/aeon/__init__.py": ""}
BASE = """class Builder:
    def build_decode(self, table, lens):
        return (table, lens)

    def build(self, table, lens, n):
        return self.build_decode(table=table, lens=lens)
"""
REQUIRED = BASE.replace(
    "def build_decode(self, table, lens):", "def build_decode(self, table, lens, num_tokens):"
).replace("self.build_decode(table=table, lens=lens)", "self.build_decode(table=table, lens=lens, num_tokens=n)")
HEAD = "from vllm.attn.builder import Builder\n\n\n"
FOUND = {
    "every parameter keyword-only": HEAD
    + "class Mine(Builder):\n    def build_decode(self, *, table, lens):\n        return (table, lens)\n",
    "the rest keyword-only": HEAD
    + "class Mine(Builder):\n    def build_decode(self, table, *, lens):\n        return (table, lens)\n",
    "keyword-only with a default": HEAD
    + "class Mine(Builder):\n    def build_decode(self, *, table, lens=None):\n        return (table, lens)\n",
    # review124's round 3: the fork's build overridden, but handing on to super().build (which calls the hook)
    "the caller overridden, handing on": HEAD + "class Mine(Builder):\n    def build(self, table, lens, n):\n"
    "        return super().build(table, lens, n)\n\n"
    "    def build_decode(self, *, table, lens):\n        return (table, lens)\n",
}
QUIET = {
    "the new parameter taken too": HEAD
    + "class Mine(Builder):\n    def build_decode(self, *, table, lens, num_tokens=0):\n        return (table, lens)\n",
    "other names (never matched)": HEAD
    + "class Mine(Builder):\n    def build_decode(self, *, rows, cols):\n        return (rows, cols)\n",
    "the rest in **kwargs": HEAD
    + "class Mine(Builder):\n    def build_decode(self, *, table, **kwargs):\n        return (table, kwargs)\n",
}
# review124: the fork's own build replaces upstream's, the only caller: upstream's new keyword never reaches the
# override (a warning, since a caller elsewhere might)
WARNED = {
    "every caller in the base replaced": HEAD + "class Mine(Builder):\n    def build(self, table, lens, n):\n"
    "        return self.build_decode(table=table, lens=lens)\n\n"
    "    def build_decode(self, *, table, lens):\n        return (table, lens)\n",
}
FORKS = {f"vllm/aeon/k{i}.py": text for i, text in enumerate([*FOUND.values(), *QUIET.values(), *WARNED.values()])}


def override_errors(git_repo: GitRepo, text: str) -> list[int]:
    found = s.side_by_side(
        git_repo, {BUILDER: BASE}, FORKS, [("[Attention] decode graphs (#23958)", {BUILDER: REQUIRED})], SYMBOL_DRIFT
    )
    path = next(p for p, t in FORKS.items() if t == text)
    return [f.line for f in found[path] if f.severity.value == "error" and "overrides" in f.message]


@pytest.mark.parametrize("label", sorted(FOUND))
def test_a_keyword_only_override_missing_a_required_parameter_is_an_error(git_repo: GitRepo, label: str) -> None:
    text = FOUND[label]
    assert override_errors(git_repo, text) == [line_of(text, "def build_decode(")]


@pytest.mark.parametrize("label", sorted(QUIET))
def test_an_override_taking_it_or_never_matching_is_quiet(git_repo: GitRepo, label: str) -> None:
    assert override_errors(git_repo, QUIET[label]) == []


@pytest.mark.parametrize("label", sorted(WARNED))
def test_an_override_whose_base_callers_the_fork_replaces_is_no_error(git_repo: GitRepo, label: str) -> None:
    assert override_errors(git_repo, WARNED[label]) == []
