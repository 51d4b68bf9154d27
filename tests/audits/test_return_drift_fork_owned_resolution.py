"""Return drift resolved in one class, where the class or the method the fork's code reaches is not upstream's.

The specheads widening asks a tuple's change of the class a call resolves in (``super()`` in a subclass of one
base, a fork override keyed ``Base.method``).  Fork code of these shapes is correct after the change and must
stay quiet (review27's twins, on #47782, #29347 and #16899):

- ``super().name(...)`` / ``super(Owner, self).name(...)`` in a subclass of the fork's own class, which defines
  ``name``: it reaches the fork's method, not upstream's namesake;
- the subclass's override of that fork method (the fork's base is the override upstream's callers reach, and
  it is checked on its own);
- a fork subclass of a class imported from one file, whose method of the name upstream changed in a namesake
  class of another file (model runner v2's ``GPUModelRunner`` beside the v1 runner's);
- an index of a value the function asks the kind of with ``torch.is_tensor`` or ``hasattr``.

And the reach stays: ``super(Owner, self).name(...)`` unpacked in the fork's override of ``name`` (the override
returning one value) is asked of the base's method.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# #47782's shape: the one ``get_computed_blocks`` of the tree returns three values now, not two
MANAGER = "vllm/v1/core/kv_cache_manager.py"
MANAGER_BASE = """class KVCacheManager:
    def get_computed_blocks(self, request):
        blocks = self.lookup(request)
        return blocks, len(blocks)
"""
MANAGER_NEW = MANAGER_BASE.replace("return blocks, len(blocks)", "return blocks, len(blocks), 0")
SCHEDULER = "vllm/v1/core/sched/scheduler.py"
SCHEDULER_BASE = """def admit(manager, request):
    blocks, num_tokens = manager.get_computed_blocks(request)
    return num_tokens
"""
SCHEDULER_NEW = SCHEDULER_BASE.replace("blocks, num_tokens =", "blocks, num_tokens, _ =")
LENGTHENED = "[Core] Preserve Marconi caching with selective hybrid cache retention (#47782)"
FORK = "vllm/v1/core/aeon_prefix_index.py"
OWN_BASE = "class AeonPrefixIndex:\n    def get_computed_blocks(self, request):\n        return [], 0\n\n\n"


def _lengthened(git_repo: GitRepo, no_rules: Path, fork: dict[str, str]) -> list[tuple[str, int, str]]:
    base = {MANAGER: MANAGER_BASE, SCHEDULER: SCHEDULER_BASE}
    sides = s.merge_case(git_repo, base, fork, [(LENGTHENED, {MANAGER: MANAGER_NEW, SCHEDULER: SCHEDULER_NEW})])
    report = git_repo.audit(no_rules, merge=sides)
    return sorted((f.path, f.line, f.message) for f in report.findings if f.rule_id == RULE)


@pytest.mark.parametrize("call", ["super()", "super(AeonPinnedIndex, self)"])
def test_super_reaching_the_forks_own_base_class_is_silent(git_repo: GitRepo, no_rules: Path, call: str) -> None:
    fork = OWN_BASE + "class AeonPinnedIndex(AeonPrefixIndex):\n    def get_computed_blocks(self, request):\n"
    fork += f"        blocks, num_tokens = {call}.get_computed_blocks(request)\n        return blocks, num_tokens\n"
    assert _lengthened(git_repo, no_rules, {FORK: fork}) == []


def test_the_forks_own_base_imported_from_another_fork_file_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    child = "from vllm.v1.core.aeon_prefix_index import AeonPrefixIndex\n\n\n"
    child += "class AeonPinnedIndex(AeonPrefixIndex):\n    def get_computed_blocks(self, request):\n"
    child += "        blocks, num_tokens = super().get_computed_blocks(request)\n        return blocks, num_tokens\n"
    assert _lengthened(git_repo, no_rules, {FORK: OWN_BASE, "vllm/v1/core/aeon_pinned.py": child}) == []


@pytest.mark.parametrize(
    "body",
    [
        "        blocks, num_tokens = super().get_computed_blocks(request)\n        return blocks, num_tokens\n",
        "        return [], request.num_computed_tokens\n",
    ],
    ids=["super()", "the override"],
)
def test_the_forks_grandparent_reached_through_a_fork_class_between_is_silent(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    fork = OWN_BASE + "class AeonTieredIndex(AeonPrefixIndex):\n    tiers: int = 2\n\n\n"
    fork += "class AeonPinnedIndex(AeonTieredIndex):\n    def get_computed_blocks(self, request):\n" + body
    assert _lengthened(git_repo, no_rules, {FORK: fork}) == []


def test_a_fork_class_between_that_derives_from_upstreams_leaves_the_override_reported(
    git_repo: GitRepo, no_rules: Path
) -> None:
    fork = "from vllm.v1.core.kv_cache_manager import KVCacheManager\n\n\n"
    fork += "class AeonKVCacheManager(KVCacheManager):\n    aeon_pinned: bool = False\n\n\n"
    fork += "class AeonPinnedManager(AeonKVCacheManager):\n    def get_computed_blocks(self, request):\n"
    fork += "        return [], 0\n"
    [(path, line, message)] = _lengthened(git_repo, no_rules, {FORK: fork})
    assert (path, line) == (FORK, 10) and "override AeonPinnedManager.get_computed_blocks() returns 2 values" in message


def test_a_fork_base_deriving_from_upstreams_class_is_reported_there_once(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's base overrides upstream's method with the old pair: reported on it; its subclass's override of
    the fork's method is not reported again (it returns what the fork's base hands its own callers)."""
    fork = "from vllm.v1.core.kv_cache_manager import KVCacheManager\n\n\n"
    fork += OWN_BASE.replace("AeonPrefixIndex:", "AeonPrefixIndex(KVCacheManager):")
    fork += "class AeonPinnedIndex(AeonPrefixIndex):\n    def get_computed_blocks(self, request):\n"
    fork += "        return [], request.num_computed_tokens\n"
    [(path, line, message)] = _lengthened(git_repo, no_rules, {FORK: fork})
    assert (path, line) == (FORK, 6)
    assert "override AeonPrefixIndex.get_computed_blocks() returns 2 values" in message


def test_an_upstream_base_still_reports_super_and_the_override(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "from vllm.v1.core.kv_cache_manager import KVCacheManager\n\n\n"
    fork += "class AeonPinnedIndex(KVCacheManager):\n    def get_computed_blocks(self, request):\n"
    fork += "        blocks, num_tokens = super(AeonPinnedIndex, self).get_computed_blocks(request)\n"
    fork += "        return blocks, num_tokens\n"
    found = _lengthened(git_repo, no_rules, {FORK: fork})
    assert [line for _, line, _ in found] == [6, 7]
    assert "unpacks 2 values from super(AeonPinnedIndex, self).get_computed_blocks()" in found[0][2]


# #29347's shape: model runner v2's GPUModelRunner.sample returns three values; the v1 runner's class of the
# same name (another file) has no ``sample``, and the sampler's ``sample`` keeps two (the bare name is ambiguous)
V2 = "vllm/v1/worker/gpu/model_runner.py"
V2_BASE = """class GPUModelRunner:
    def sample(self, logits):
        out = logits.argmax(dim=-1)
        return out, out.shape[0]

    def execute(self, logits):
        out, num_sampled = self.sample(logits)
        return out
"""
V2_NEW = V2_BASE.replace("return out, out.shape[0]", "return out, out.shape[0], 0").replace(
    "out, num_sampled =", "out, num_sampled, num_rejected ="
)
V1 = "vllm/v1/worker/gpu_model_runner.py"
V1_TEXT = "class GPUModelRunner:\n    def execute_model(self, scheduler_output):\n        return None\n"
SAMPLER = "vllm/v1/sample/sampler.py"
SAMPLER_TEXT = "class Sampler:\n    def sample(self, logits):\n        return logits, None\n"
SAMPLE_SUBJECT = "[Model Runner V2] Simplify Eagle bookkeeping with num_rejected (#29347)"
RUNNER_FORK = "vllm/v1/worker/aeon_runner.py"


def _sampled(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str]]:
    base = {V2: V2_BASE, V1: V1_TEXT, SAMPLER: SAMPLER_TEXT, "vllm/v1/worker/gpu/__init__.py": ""}
    sides = s.merge_case(git_repo, base, {RUNNER_FORK: fork}, [(SAMPLE_SUBJECT, {V2: V2_NEW})])
    report = git_repo.audit(no_rules, merge=sides)
    return sorted((f.line, f.message) for f in report.findings if f.path == RUNNER_FORK and f.rule_id == RULE)


OWN_SAMPLE = "class AeonModelRunner(GPUModelRunner):\n    def sample(self, logits):\n        return logits, 1\n"


def test_a_subclass_of_the_namesake_class_in_another_file_keeps_its_own_method(
    git_repo: GitRepo, no_rules: Path
) -> None:
    assert (
        _sampled(git_repo, no_rules, "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n" + OWN_SAMPLE)
        == []
    )


def test_a_subclass_of_the_changed_class_still_reports_its_override(git_repo: GitRepo, no_rules: Path) -> None:
    found = _sampled(
        git_repo, no_rules, "from vllm.v1.worker.gpu.model_runner import GPUModelRunner\n\n\n" + OWN_SAMPLE
    )
    [(line, message)] = found
    assert line == 6 and "override AeonModelRunner.sample() returns 2 values" in message


# #16899's shape: EagleProposer.propose's pair made one tensor, the n-gram proposer's propose one value at both
EAGLE = "vllm/v1/spec_decode/eagle.py"
EAGLE_BASE = """class EagleProposer:
    def propose(self, hidden):
        ids = hidden.argmax(dim=-1)
        return ids, hidden.softmax(dim=-1)
"""
EAGLE_NEW = EAGLE_BASE.replace("return ids, hidden.softmax(dim=-1)", "return ids")
NGRAM = "vllm/v1/spec_decode/ngram_proposer.py"
NGRAM_TEXT = "class NgramProposer:\n    def propose(self, context):\n        return context[-1:]\n"
DRAFT_RUNNER = "vllm/v1/worker/gpu_model_runner.py"
DRAFT_RUNNER_BASE = "def draft(drafter, hidden):\n    ids, probs = drafter.propose(hidden)\n    return ids\n"
DRAFT_RUNNER_NEW = "def draft(drafter, hidden):\n    ids = drafter.propose(hidden)\n    return ids\n"
ARGMAX = "[V1][Spec Decode] Always use argmax for sampling draft tokens (#16899)"
PROPOSER_FORK = "vllm/v1/spec_decode/aeon_proposer.py"
HEAD = "import torch\n\nfrom vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"


def _narrowed(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str]]:
    base = {EAGLE: EAGLE_BASE, NGRAM: NGRAM_TEXT, DRAFT_RUNNER: DRAFT_RUNNER_BASE}
    sides = s.merge_case(
        git_repo, base, {PROPOSER_FORK: fork}, [(ARGMAX, {EAGLE: EAGLE_NEW, DRAFT_RUNNER: DRAFT_RUNNER_NEW})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    return sorted((f.line, f.message) for f in report.findings if f.path == PROPOSER_FORK and f.rule_id == RULE)


def test_super_unpacked_in_an_override_returning_one_value_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HEAD + "class AeonProposer(EagleProposer):\n    def propose(self, hidden):\n"
    fork += "        ids, probs = super(AeonProposer, self).propose(hidden)\n        self.aeon_probs = probs\n"
    fork += "        return ids\n"
    [(line, message)] = _narrowed(git_repo, no_rules, fork)
    assert line == 8 and "EagleProposer.propose() to return one value" in message


@pytest.mark.parametrize(
    "read",
    [
        "    return draft if torch.is_tensor(draft) else draft[0]\n",
        '    if hasattr(draft, "shape"):\n        return draft\n    return draft[0]\n',
    ],
    ids=["torch.is_tensor", "hasattr"],
)
def test_an_index_under_another_kind_test_is_silent(git_repo: GitRepo, no_rules: Path, read: str) -> None:
    fork = HEAD + "def aeon_ids(proposer: EagleProposer, hidden):\n    draft = proposer.propose(hidden)\n" + read
    assert _narrowed(git_repo, no_rules, fork) == []
