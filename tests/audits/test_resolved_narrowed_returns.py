"""Return drift, a tuple made one value, of a method another class defines with one value under the same name.

Shaped like #16899 (41fb013d29): ``EagleProposer.propose`` returned ``(draft_token_ids, draft_probs)`` and now
returns the ids alone; upstream's runner binds it whole.  The n-gram proposer's ``propose`` returned one value
at both commits, so "every def of ``propose``" never agreed and the fork's unpacks were missed.  A call the fork
resolves in one class -- a receiver annotated as the class, ``super()`` in a subclass of one base, an override
in such a subclass -- is now asked of that class's method alone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

EAGLE = "vllm/v1/spec_decode/eagle.py"
EAGLE_BASE = """class EagleProposer:
    def propose(self, hidden):
        draft_token_ids = hidden.argmax(dim=-1)
        draft_probs = hidden.softmax(dim=-1)
        return draft_token_ids, draft_probs
"""
EAGLE_ONE = EAGLE_BASE.replace("        return draft_token_ids, draft_probs\n", "        return draft_token_ids\n")
NGRAM = "vllm/v1/spec_decode/ngram_proposer.py"
NGRAM_TEXT = """class NgramProposer:
    def propose(self, context):
        return context[-1:]
"""
RUNNER = "vllm/v1/worker/gpu_model_runner.py"
RUNNER_BASE = """class GPUModelRunner:
    def propose_draft(self, hidden):
        draft_token_ids, draft_probs = self.drafter.propose(hidden)
        del draft_probs
        return draft_token_ids.tolist()
"""
RUNNER_ONE = RUNNER_BASE.replace(
    "        draft_token_ids, draft_probs = self.drafter.propose(hidden)\n        del draft_probs\n",
    "        draft_token_ids = self.drafter.propose(hidden)\n",
)
INITS = {"vllm/v1/spec_decode/__init__.py": "", "vllm/v1/worker/__init__.py": ""}
SUBJECT = "[V1][Spec Decode] Always use argmax for sampling draft tokens (#16899)"
FORK = "vllm/v1/spec_decode/aeon_proposer.py"
HEAD = "from vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"


def _found(git_repo: GitRepo, no_rules: Path, fork: str, ngram: bool = True) -> list[tuple[int, str]]:
    base = {EAGLE: EAGLE_BASE, RUNNER: RUNNER_BASE, **INITS} | ({NGRAM: NGRAM_TEXT} if ngram else {})
    sides = s.merge_case(git_repo, base, {FORK: fork}, [(SUBJECT, {EAGLE: EAGLE_ONE, RUNNER: RUNNER_ONE})])
    report = git_repo.audit(no_rules, merge=sides)
    return sorted((f.line, f.message) for f in report.findings if f.path == FORK and f.rule_id == RULE)


def test_a_typed_receivers_unpack_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HEAD + "def aeon_draft(proposer: EagleProposer, hidden):\n"
    fork += "    ids, probs = proposer.propose(hidden)\n    return ids, probs\n"
    [(line, message)] = _found(git_repo, no_rules, fork)
    assert line == 5
    assert "unpacks 2 values from proposer.propose()" in message and "EagleProposer.propose()" in message
    assert "to return one value" in message and "#16899" in message


@pytest.mark.parametrize("call", ["super()", "super(AeonProposer, self)"])
def test_a_super_unpack_in_an_override_and_the_overrides_pair_are_errors(
    git_repo: GitRepo, no_rules: Path, call: str
) -> None:
    fork = HEAD + "class AeonProposer(EagleProposer):\n    def propose(self, hidden):\n"
    fork += f"        ids, probs = {call}.propose(hidden)\n        self.aeon_probs = probs\n        return ids, probs\n"
    [(unpack, first), (override, second)] = _found(git_repo, no_rules, fork)
    assert (unpack, override) == (6, 8)
    assert f"unpacks 2 values from {call}.propose()" in first and "EagleProposer.propose()" in first
    assert "override AeonProposer.propose() returns 2 values" in second


def test_an_element_read_off_a_typed_receiver_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HEAD + "def aeon_probs(proposer: EagleProposer, hidden):\n    return proposer.propose(hidden)[1]\n"
    [(line, message)] = _found(git_repo, no_rules, fork)
    assert line == 5 and "reads element 1 of what proposer.propose() returns" in message


TWINS = {
    "the value bound whole": HEAD
    + "def aeon_draft(proposer: EagleProposer, hidden):\n    ids = proposer.propose(hidden)\n    return ids\n",
    "an index under a kind test": HEAD + "def aeon_draft(proposer: EagleProposer, hidden):\n"
    "    out = proposer.propose(hidden)\n    return out[0] if isinstance(out, tuple) else out\n",
    "an untyped receiver (the bare name is ambiguous)": "def aeon_draft(proposer, hidden):\n"
    "    ids, probs = proposer.propose(hidden)\n    return ids\n",
    "super() in a class of two bases (the MRO is not read)": HEAD
    + "class Mixin:\n    pass\n\n\nclass AeonProposer(Mixin, EagleProposer):\n"
    "    def aeon_draft(self, hidden):\n        ids = super().propose(hidden)\n        return ids\n",
    "the other class's method": "from vllm.v1.spec_decode.ngram_proposer import NgramProposer\n\n\n"
    "class AeonNgram(NgramProposer):\n    def propose(self, context):\n"
    "        tail = super().propose(context)\n        return tail\n",
    "an override returning one value": HEAD + "class AeonProposer(EagleProposer):\n"
    "    def propose(self, hidden):\n        return super().propose(hidden)\n",
}


@pytest.mark.parametrize("case", sorted(TWINS))
def test_fork_code_fit_for_one_value_or_another_class_is_silent(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    assert _found(git_repo, no_rules, TWINS[case]) == []


@pytest.mark.parametrize(
    ("read", "reported"),
    [("    return out[0] if isinstance(out, tuple) else out\n", False), ("    return out[0]\n", True)],
    ids=["under a kind test", "bare"],
)
def test_an_index_of_an_unambiguous_method(git_repo: GitRepo, no_rules: Path, read: str, reported: bool) -> None:
    """With no other ``propose`` in the tree the bare name resolves: ``out[0]`` under ``isinstance(out, tuple)``
    serves both shapes (a false error before), while an index with no kind test still reads inside the value."""
    fork = "def aeon_draft(proposer, hidden):\n    out = proposer.propose(hidden)\n" + read
    found = _found(git_repo, no_rules, fork, ngram=False)
    assert [line for line, _ in found] == ([3] if reported else [])
    assert all("reads element 0 of what proposer.propose() returns" in message for _, message in found)
