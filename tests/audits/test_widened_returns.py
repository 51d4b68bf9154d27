"""Return drift, one value made a tuple: upstream widens what a function returns and unpacks it in its
own callers, while fork code written for the one value merges as it was.

Shaped like #16229 (27d7638b94): ``GPUModelRunner._gather_mm_embeddings`` returned ``mm_embeds`` and
now returns ``mm_embeds, is_mm_embed``; upstream's ``execute_model`` unpacks both.  A fork subclass
overriding it with one value is unpacked there (a two-element list silently), and a fork line
``embeds = self._gather_mm_embeddings(...)`` now holds the whole tuple.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

RUNNER = "vllm/v1/worker/gpu_model_runner.py"
RUNNER_BASE = """class GPUModelRunner:
    def _gather_mm_embeddings(self, scheduler_output):
        mm_embeds = []
        for req in scheduler_output:
            mm_embeds.append(req)
        return mm_embeds

    def _positions(self, scheduler_output):
        return list(range(len(scheduler_output)))

    def execute_model(self, scheduler_output):
        mm_embeds = self._gather_mm_embeddings(scheduler_output)
        return mm_embeds, self._positions(scheduler_output)
"""
RUNNER_WIDE = RUNNER_BASE.replace("        return mm_embeds\n", "        return mm_embeds, [True] * len(mm_embeds)\n")
RUNNER_WIDE = RUNNER_WIDE.replace(
    "        mm_embeds = self._gather_mm_embeddings(scheduler_output)\n",
    "        mm_embeds, is_mm_embed = self._gather_mm_embeddings(scheduler_output)\n",
)
SUBJECT = "[Bugfix] Merge MM embeddings by index instead of token IDs (#16229)"
FORK = "vllm/v1/worker/aeon_runner.py"
INITS = {"vllm/v1/worker/__init__.py": ""}


def _found(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str = RUNNER_WIDE) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {RUNNER: RUNNER_BASE, **INITS}, {FORK: fork}, [(SUBJECT, {RUNNER: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    assert all(f.severity.value == "error" for f in report.findings if f.rule_id == RULE)
    return sorted((f.line, f.message) for f in report.findings if f.path == FORK and f.rule_id == RULE)


HEAD = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\nclass AeonRunner(GPUModelRunner):\n"


def test_an_override_returning_the_one_value_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        HEAD + "    def _gather_mm_embeddings(self, scheduler_output):\n        return [x for x in scheduler_output]\n"
    )
    [(line, message)] = _found(git_repo, no_rules, fork)
    assert line == 6
    assert "override AeonRunner._gather_mm_embeddings() returns one value" in message
    assert "to return (mm_embeds, [True] * len(mm_embeds)) (vllm/v1/worker/gpu_model_runner.py, in " in message
    assert "#16229" in message and "callers unpack 2 now" in message


def test_a_fork_line_using_the_one_value_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HEAD + "    def aeon_embeds(self, scheduler_output):\n"
    fork += "        embeds = self._gather_mm_embeddings(scheduler_output)\n"
    fork += "        if self._gather_mm_embeddings(scheduler_output):\n            return embeds\n"
    fork += "        return self._positions(scheduler_output)\n"
    [(first, assigns), (second, tests)] = _found(git_repo, no_rules, fork)
    assert (first, second) == (6, 7)
    assert "uses the value of self._gather_mm_embeddings() as one value" in assigns and "#16229" in assigns
    assert "the name now holds the whole tuple" in assigns and "unpack all 2" in assigns
    assert "always true" in tests


@pytest.mark.parametrize(
    ("loop", "iterates"),
    [
        ("        for embed in self._gather_mm_embeddings(scheduler_output):\n            print(embed)\n", True),
        ("        return [len(e) for e in self._gather_mm_embeddings(scheduler_output)]\n", True),
        (
            "        for embeds, mask in [self._gather_mm_embeddings(scheduler_output)]:\n            print(mask)\n",
            False,
        ),
        ("        for p in self._positions(scheduler_output):\n            print(p)\n", False),  # kept one value
    ],
    ids=["a for loop", "a comprehension", "pairs unpacked from a display", "a kept function"],
)
def test_a_loop_over_the_one_value_steps_through_the_tuple(
    git_repo: GitRepo, no_rules: Path, loop: str, iterates: bool
) -> None:
    fork = HEAD + "    def aeon_walk(self, scheduler_output):\n" + loop
    got = _found(git_repo, no_rules, fork)
    if not iterates:
        assert got == []
    else:
        [(line, message)] = got
        assert line == 6 and "the loop now steps through the tuple's 2 values" in message and "#16229" in message


def test_fork_code_fit_for_the_tuple_or_a_kept_function_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """An override handing on upstream's result, one returning the pair, a call of a function that still
    returns one value (``_positions``): nothing to report."""
    fork = HEAD + "    def _gather_mm_embeddings(self, scheduler_output):\n"
    fork += "        return super()._gather_mm_embeddings(scheduler_output[1:])\n\n"
    fork += "    def _positions(self, scheduler_output):\n        return [0]\n\n"
    fork += "\nclass AeonPairRunner(GPUModelRunner):\n    def _gather_mm_embeddings(self, scheduler_output):\n"
    fork += "        return [], []\n\n    def aeon_positions(self, scheduler_output):\n"
    fork += "        positions = self._positions(scheduler_output)\n        return positions\n"
    assert _found(git_repo, no_rules, fork) == []


def test_a_tuple_upstream_callers_do_not_unpack_is_not_claimed(git_repo: GitRepo, no_rules: Path) -> None:
    """Without upstream's callers moving from one name to an unpack, a returned tuple may be meant as one
    value (a shape, a key): the fork's one-value use is not reported."""
    upstream = RUNNER_BASE.replace("        return mm_embeds\n", "        return mm_embeds, len(mm_embeds)\n")
    fork = HEAD + "    def aeon_embeds(self, scheduler_output):\n"
    fork += "        embeds = self._gather_mm_embeddings(scheduler_output)\n        return embeds\n"
    assert _found(git_repo, no_rules, fork, upstream) == []


# -- the other way round: a tuple made one value -----------------------------------------------------------
# In history: #36521 (65b2f405dc) made EngineCore._initialize_kv_caches return one value where it
# returned three, and upstream's caller binds it whole.
def test_a_tuple_made_one_value_under_a_fork_unpack_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "def aeon_embeds(runner, scheduler_output):\n"
    fork += "    embeds, is_embed = runner._gather_mm_embeddings(scheduler_output)\n    return embeds\n"
    [(line, message)] = _narrowed(git_repo, no_rules, fork)
    assert line == 2
    assert "unpacks 2 values from runner._gather_mm_embeddings()" in message and "#16229" in message
    assert "to return one value (vllm/v1/worker/gpu_model_runner.py, in " in message
    assert "callers bind it whole now" in message


def test_a_tuple_made_one_value_under_a_fork_override_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The override of the reshaped method is the error; one of a method upstream left alone
    (``_positions``, still one value) returning a pair is the fork's own business."""
    fork = HEAD + "    def _gather_mm_embeddings(self, scheduler_output):\n        return [], []\n\n"
    fork += "    def _positions(self, scheduler_output):\n        return [0], [1]\n"
    [(line, message)] = _narrowed(git_repo, no_rules, fork)
    assert line == 6
    assert "override AeonRunner._gather_mm_embeddings() returns 2 values" in message and "#16229" in message
    assert "they hold the override's tuple, silently" in message


@pytest.mark.parametrize(
    ("read", "says"),
    [
        ("    return runner._gather_mm_embeddings(scheduler_output)[0]\n", "reads element 0 of what"),
        ("    out = runner._gather_mm_embeddings(scheduler_output)\n    return out[1]\n", "reads element 1 of what"),
        ("    return runner._gather_mm_embeddings(scheduler_output)\n", None),  # the value whole, as upstream now
    ],
    ids=["the call indexed", "a local indexed", "the value whole"],
)
def test_an_element_read_from_a_tuple_made_one_value(
    git_repo: GitRepo, no_rules: Path, read: str, says: str | None
) -> None:
    """``f()[0]`` of what upstream made one value indexes inside that value now (a tensor's first row)."""
    got = _narrowed(git_repo, no_rules, "def aeon_embeds(runner, scheduler_output):\n" + read)
    if says is None:
        assert got == []
    else:
        [(line, message)] = got
        assert line == 1 + read.count("\n") and says in message and "to return one value" in message, message


def _narrowed(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str]]:
    """Upstream's commit the other way round: the pair (and its callers' unpack) made one value."""
    sides = s.merge_case(git_repo, {RUNNER: RUNNER_WIDE, **INITS}, {FORK: fork}, [(SUBJECT, {RUNNER: RUNNER_BASE})])
    report = git_repo.audit(no_rules, merge=sides)
    return sorted((f.line, f.message) for f in report.findings if f.path == FORK and f.rule_id == RULE)


# -- what may already be the tuple, or is not that class's method: silent -----------------------------------
G = "    def _gather_mm_embeddings(self, scheduler_output):\n"
PAIR = "from typing import NamedTuple\n\n\nclass Pair(NamedTuple):\n    a: list\n    b: list\n\n\n"
MAYBE_TUPLES = {
    "a name bound to a tuple": HEAD + G + "        out = ([], [])\n        return out\n",
    "a conditional with a tuple branch": HEAD + G + "        return [] if scheduler_output else ([], [])\n",
    "a helper's result": HEAD
    + G
    + "        return self._pair(scheduler_output)\n\n    def _pair(self, s):\n        return [], []\n",
    "a NamedTuple": PAIR + HEAD + G + "        return Pair([], [])\n",
    "a method of an unrelated class": "import torch\n\n\nclass Other(torch.nn.Module):\n" + G + "        return []\n",
    "a mixin's property": "class Mixin(object):\n    @property\n    def _gather_mm_embeddings(self):\n        return []\n",
    "a bound name unpacked later": HEAD
    + "    def aeon(self, s):\n        out = self._gather_mm_embeddings(s)\n        embeds, mask = out\n        return embeds\n",
    "a bound name indexed later": HEAD
    + "    def aeon(self, s):\n        out = self._gather_mm_embeddings(s)\n        return out[0]\n",
}


@pytest.mark.parametrize("case", sorted(MAYBE_TUPLES))
def test_an_override_or_use_that_may_hold_the_tuple_is_silent(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    assert _found(git_repo, no_rules, MAYBE_TUPLES[case]) == []


def test_an_override_returning_a_local_list_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A name every assignment of which is a list, or a conditional of two lists: one value still."""
    fork = HEAD + G + "        mm = []\n        mm.append(1)\n        return mm if scheduler_output else []\n"
    [(line, message)] = _found(git_repo, no_rules, fork)
    assert line == 8 and "override AeonRunner._gather_mm_embeddings() returns one value" in message


# #36267 (c32a58cc2a): an abstract policy declares rebalance_experts, the default returns a 3-tuple and
# then one map; upstream's callers unpacked it into a target the formatter split over lines.
POLICY = "vllm/distributed/eplb/policy.py"
POLICY_BASE = '''class AbstractEplbPolicy:
    @classmethod
    def rebalance_experts(cls, weight, n):
        """Returns (phy2log, log2phy, logcnt)."""
        raise NotImplementedError


class DefaultEplbPolicy(AbstractEplbPolicy):
    @classmethod
    def rebalance_experts(cls, weight, n):
        return weight, weight, n


def rearrange(policy, weight, n):
    (
        new_physical_to_logical_map,
        new_logical_to_physical_map,
        new_logical_replica_count,
    ) = policy.rebalance_experts(weight, n)
    return new_physical_to_logical_map
'''
POLICY_ONE = POLICY_BASE.replace("return weight, weight, n", "return weight").replace(
    "    (\n        new_physical_to_logical_map,\n        new_logical_to_physical_map,\n"
    "        new_logical_replica_count,\n    ) = policy",
    "    new_physical_to_logical_map = policy",
)


def test_a_tuple_made_one_value_beside_an_abstract_declaration_and_a_split_target(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """The abstract declaration (``raise NotImplementedError``) says nothing of the shape, and upstream's
    caller unpacked into a parenthesized target over several lines (``) = policy.rebalance_experts(``)."""
    fork = "from vllm.distributed.eplb.policy import DefaultEplbPolicy\n\n\ndef aeon(weight, n):\n"
    fork += "    phy2log, log2phy, logcnt = DefaultEplbPolicy.rebalance_experts(weight, n)\n    return phy2log\n"
    sides = s.merge_case(
        git_repo, {POLICY: POLICY_BASE, **INITS}, {FORK: fork}, [("one map (#36267)", {POLICY: POLICY_ONE})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    [(line, message)] = [(f.line, f.message) for f in report.findings if f.path == FORK and f.rule_id == RULE]
    assert line == 5 and "unpacks 3 values from DefaultEplbPolicy.rebalance_experts()" in message


def test_a_fork_line_handing_the_one_value_to_another_call_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    # #34577 (245758992e): nvfp4_marlin_process_scales made (scales, factor) under a fork's Parameter(...)
    fork = HEAD + "    def aeon_embeds(self, scheduler_output):\n"
    fork += "        self.embeds = torch.cat(self._gather_mm_embeddings(scheduler_output), dim=0)\n"
    fork += "        self.store(embeds=self._gather_mm_embeddings(scheduler_output))\n"
    [(first, positional), (second, keyword)] = _found(git_repo, no_rules, "import torch\n" + fork)
    assert (first, second) == (7, 8)
    assert "uses the value of self._gather_mm_embeddings() as one value" in positional
    assert "the call it is handed to now gets the whole tuple" in keyword


@pytest.mark.parametrize(
    "line",
    [
        "        print(self._gather_mm_embeddings(scheduler_output))\n",  # a builtin that takes any value
        "        logger.info('%s', self._gather_mm_embeddings(scheduler_output))\n",  # a logger
        "        self.store(self._positions(scheduler_output))\n",  # a kept function
        "        self.store(len(scheduler_output))\n",  # not the widened function
        # calls that render or check any value whole (review of killers77)
        "        self.note('{}'.format(self._gather_mm_embeddings(scheduler_output)))\n",
        "        self.note(json.dumps(self._gather_mm_embeddings(scheduler_output)))\n",
        "        pprint.pprint(self._gather_mm_embeddings(scheduler_output))\n",
        "        self.assertIsNotNone(self._gather_mm_embeddings(scheduler_output))\n",
        # the fork's own adapter, which may take the tuple (it does: ``v[0] if isinstance(v, tuple)``)
        "        self.store(_first(self._gather_mm_embeddings(scheduler_output)))\n",
    ],
    ids=["print", "a logger", "a kept function", "another call", "format", "dumps", "pprint", "assert", "own adapter"],
)
def test_handed_on_twins(git_repo: GitRepo, no_rules: Path, line: str) -> None:
    fork = "import json\nimport logging\nimport pprint\n\nlogger = logging.getLogger(__name__)\n\n\n"
    fork += "def _first(v):\n    return v[0] if isinstance(v, tuple) else v\n\n\n" + HEAD
    fork += "    def aeon_embeds(self, scheduler_output):\n" + line
    assert _found(git_repo, no_rules, fork) == []
