"""Return drift, one value made a tuple, under an operator: fork code adds, subtracts or compares the one value.

Shaped like #18935 (d6fd3a33b8): ``GPUModelRunner.get_dp_padding`` returned the pad, an int, and now
returns ``(pad, num_tokens_across_dp)``; upstream's callers went from ``num_tokens += self.get_dp_padding(n)``
to ``num_pad, num_tokens_across_dp = self.get_dp_padding(n)``.  A fork's ``n += self.get_dp_padding(n)``
raises TypeError, ``self.get_dp_padding(n) != 0`` is always true, and an override returning the int is
unpacked by upstream's callers (killers200: blind_replay_gpumr2 missed all three).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

RUNNER = "vllm/v1/worker/gpu_model_runner.py"
RUNNER_BASE = """class GPUModelRunner:
    def get_dp_padding(self, num_tokens: int):
        if self.dp_size == 1:
            return 0
        return self.max_tokens - num_tokens

    def kept_pad(self, num_tokens: int) -> int:
        return 0

    def execute_model(self, num_tokens: int):
        num_tokens += self.get_dp_padding(num_tokens)
        return num_tokens
"""
RUNNER_PAIR = RUNNER_BASE.replace("            return 0\n", "            return 0, None\n")
RUNNER_PAIR = RUNNER_PAIR.replace(
    "        return self.max_tokens - num_tokens\n", "        return self.max_tokens - num_tokens, [self.max_tokens]\n"
)
RUNNER_PAIR = RUNNER_PAIR.replace(
    "        num_tokens += self.get_dp_padding(num_tokens)\n",
    "        num_pad, num_tokens_across_dp = self.get_dp_padding(num_tokens)\n        num_tokens += num_pad\n",
)
SUBJECT = "[Misc] reuse num_tokens_across_dp of get_dp_padding (#18935)"
FORK = "vllm/v1/worker/aeon_runner.py"
INITS = {"vllm/v1/worker/__init__.py": ""}
HEAD = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\nclass AeonRunner(GPUModelRunner):\n"
M = "    def aeon(self, n: int):\n"


def _found(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str = RUNNER_PAIR) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {RUNNER: RUNNER_BASE, **INITS}, {FORK: fork}, [(SUBJECT, {RUNNER: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    return sorted(
        (f.line, f.severity.value, f.message) for f in report.findings if f.path == FORK and f.rule_id == RULE
    )


KILLERS = {
    "an augmented assignment": (M + "        n += self.get_dp_padding(n)\n        return n\n", 6, "operator"),
    "an augmented subtraction off a typed receiver": (
        "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
        "def aeon_budget(runner: GPUModelRunner, budget: int) -> int:\n"
        "    budget -= runner.get_dp_padding(budget)\n    return budget\n",
        5,
        "operator",
    ),
    "an operand of a sum": (M + "        return n + self.get_dp_padding(n)\n", 6, "operator"),
    "a comparison with a literal": (M + "        return self.get_dp_padding(n) != 0\n", 6, "never equal"),
    "an ordering under an if, the literal first": (
        M + "        if 0 < self.get_dp_padding(n):\n            return n\n        return 0\n",
        6,
        "ordering it raises",
    ),
    "an override returning the int": (
        "    def get_dp_padding(self, num_tokens: int):\n        return 0\n",
        6,
        "returns one value",
    ),
}


@pytest.mark.parametrize("case", sorted(KILLERS))
def test_a_fork_operator_on_the_one_value_is_an_error(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    body, line, says = KILLERS[case]
    fork = body if body.startswith("from") else HEAD + body
    [(got, severity, message)] = _found(git_repo, no_rules, fork)
    assert (got, severity) == (line, "error") and says in message and "#18935" in message, message


TWINS = {
    "the new unpack": M + "        pad, _ = self.get_dp_padding(n)\n        return n + pad\n",
    "a comparison with a tuple display": M + "        return self.get_dp_padding(n) == (0, None)\n",
    "a kept method": M + "        n += self.kept_pad(n)\n        return n != self.kept_pad(n)\n",
    "a membership test": M + "        return 0 in self.get_dp_padding(n)\n",
    # readG: a tuple is as unequal to None as the int was: the answer stands
    "a comparison with None": M + "        return self.get_dp_padding(n) != None  # noqa: E711\n",
    "an override returning the pair": "    def get_dp_padding(self, num_tokens: int):\n        return 0, None\n",
}


@pytest.mark.parametrize("case", sorted(TWINS))
def test_fork_code_fit_for_the_pair_is_silent(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    assert _found(git_repo, no_rules, HEAD + TWINS[case]) == []


def test_the_forks_own_namesake_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "def get_dp_padding(n: int) -> int:\n    return 0\n\n\n"
    fork += "def aeon(n: int) -> int:\n    n += get_dp_padding(n)\n    return n if get_dp_padding(n) == 0 else 0\n"
    assert _found(git_repo, no_rules, fork) == []


def test_a_try_catching_the_type_error_warns(git_repo: GitRepo, no_rules: Path) -> None:
    """The handler may be the fork's fallback for the newer runner: a warning, not an error."""
    fork = HEAD + M + "        try:\n            n += self.get_dp_padding(n)\n        except TypeError:\n"
    fork += "            n += self.get_dp_padding(n)[0]\n        return n\n"
    [(line, severity, message)] = _found(git_repo, no_rules, fork)
    assert (line, severity) == (7, Severity.WARNING.value) and "fallback" in message


def test_without_upstream_callers_moving_nothing_is_claimed(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream's caller still adds the value: the pair may be meant as one value (nothing says otherwise)."""
    upstream = RUNNER_PAIR.replace(
        "        num_pad, num_tokens_across_dp = self.get_dp_padding(num_tokens)\n        num_tokens += num_pad\n",
        "        num_tokens += self.get_dp_padding(num_tokens)\n",
    )
    fork = HEAD + M + "        n += self.get_dp_padding(n)\n        return n\n"
    assert _found(git_repo, no_rules, fork, upstream) == []


def test_a_voided_value_compared_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The same comparison of a value upstream stopped returning: None is never equal to the literal."""
    upstream = RUNNER_BASE.replace("            return 0\n", "            return\n").replace(
        "        return self.max_tokens - num_tokens\n", "        self.pad = self.max_tokens - num_tokens\n"
    )
    upstream = upstream.replace(
        "        num_tokens += self.get_dp_padding(num_tokens)\n",
        "        self.get_dp_padding(num_tokens)\n        num_tokens += self.pad\n",
    )
    fork = HEAD + M + "        return self.get_dp_padding(n) == 0\n"
    [(line, severity, message)] = _found(git_repo, no_rules, fork, upstream)
    assert (line, severity) == (6, "error") and "comparison now meets None" in message, message


# review108: the fork's own callable of the name, and an ordering's fallback
LOCAL_CALLEES = {
    "a parameter of the name": (
        "def aeon(n: int, get_dp_padding) -> int:\n"
        "    if get_dp_padding(n) == 0:\n        return n\n    n += get_dp_padding(n)\n    return n\n"
    ),
    "a local bound to the fork's callable": (
        "def aeon(n: int, pads: dict) -> int:\n    get_dp_padding = pads.get\n    return n + get_dp_padding(n)\n"
    ),
}


@pytest.mark.parametrize("case", sorted(LOCAL_CALLEES))
def test_a_callable_the_function_binds_itself_is_silent(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    """review108: a bare call of a name the enclosing function binds is the fork's callable, not the method."""
    assert _found(git_repo, no_rules, LOCAL_CALLEES[case]) == []


def test_an_ordering_in_a_try_catching_the_type_error_warns(git_repo: GitRepo, no_rules: Path) -> None:
    """review108: ``f(...) > 0`` raises TypeError on the pair; a try catching it may be the fork's fallback."""
    fork = HEAD + M + "        try:\n            return self.get_dp_padding(n) > 0\n        except TypeError:\n"
    fork += "            return self.get_dp_padding(n)[0] > 0\n"
    [(line, severity, message)] = _found(git_repo, no_rules, fork)
    assert (line, severity) == (7, Severity.WARNING.value) and "catches the TypeError" in message, message


def test_an_equality_in_a_try_catching_the_type_error_still_errs(git_repo: GitRepo, no_rules: Path) -> None:
    """``f(...) != 0`` raises nothing on the pair: the handler never runs, the test is always true."""
    fork = HEAD + M + "        try:\n            return self.get_dp_padding(n) != 0\n        except TypeError:\n"
    fork += "            return self.get_dp_padding(n)[0] != 0\n"
    [(line, severity, _)] = _found(git_repo, no_rules, fork)
    assert (line, severity) == (7, "error")


def test_a_parameter_named_like_a_voided_method_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """The voided side the same: the fork's callable handed in is not the method upstream stopped returning."""
    upstream = RUNNER_BASE.replace("            return 0\n", "            return\n").replace(
        "        return self.max_tokens - num_tokens\n", "        self.pad = self.max_tokens - num_tokens\n"
    )
    upstream = upstream.replace(
        "        num_tokens += self.get_dp_padding(num_tokens)\n",
        "        self.get_dp_padding(num_tokens)\n        num_tokens += self.pad\n",
    )
    fork = "def aeon(n: int, get_dp_padding) -> bool:\n    return get_dp_padding(n) == 0\n"
    assert _found(git_repo, no_rules, fork, upstream) == []


def test_a_comparison_with_a_module_constant_holding_the_pair_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """review108: ``f(...) == _UNPADDED``, ``_UNPADDED = (0, None)``, compares with the new shape as a display does."""
    fork = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n_UNPADDED = (0, None)\n\n\n"
    fork += "def aeon(runner: GPUModelRunner, n: int) -> bool:\n    return runner.get_dp_padding(n) == _UNPADDED\n"
    assert _found(git_repo, no_rules, fork) == []


def test_a_comparison_with_a_module_constant_holding_one_value_still_errs(git_repo: GitRepo, no_rules: Path) -> None:
    """``_NONE = 0`` is no pair: the comparison is never equal now."""
    fork = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n_NONE = 0\n\n\n"
    fork += "def aeon(runner: GPUModelRunner, n: int) -> bool:\n    return runner.get_dp_padding(n) == _NONE\n"
    [(line, severity, _)] = _found(git_repo, no_rules, fork)
    assert (line, severity) == (7, "error")


def test_a_function_importing_the_widened_function_itself_still_errs(git_repo: GitRepo, no_rules: Path) -> None:
    """A local ``from mod import f`` binds upstream's own ``f``: not the fork's callable."""
    base = "def pad_of(n: int):\n    return 0\n\n\ndef caller(n: int):\n    x = pad_of(n)\n    return x\n"
    pair = base.replace("    return 0\n", "    return 0, None\n").replace(
        "    x = pad_of(n)\n", "    x, y = pad_of(n)\n"
    )
    fork = "def aeon(n: int) -> int:\n    from vllm.pads import pad_of\n\n    return n + pad_of(n)\n"
    sides = s.merge_case(git_repo, {"vllm/pads.py": base}, {FORK: fork}, [(SUBJECT, {"vllm/pads.py": pair})])
    report = git_repo.audit(no_rules, merge=sides)
    found = [(f.line, f.severity.value) for f in report.findings if f.path == FORK and f.rule_id == RULE]
    assert found == [(4, "error")], found
