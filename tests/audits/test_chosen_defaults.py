"""A literal default made None that the body fills by a test, the old literal on one branch only (merge/default-drift).

#21720 (65f311ce59) turned ``LLM.encode``'s ``pooling_task="encode"`` into ``None`` and added ``if pooling_task is
None: pooling_task = "embed" if "embed" in supported else "encode"`` (spelt as an ``if``/``else``).  The fill
still names the old literal, so it was read as "None stands for 'encode'": a refactor.  A fork call leaving the
argument out gets another task on an embedding model: the default-drift warning, naming both choices.  Twins: a
fill of the old literal alone, a test whose arms both give it, a call that passes the argument, a fork class's
own method of that name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

RUNNER = "vllm/entrypoints/runner.py"
BASE = """class Runner:
    def __init__(self, tasks):
        self.tasks = tasks

    def encode(self, prompts, *, task: str = "encode", use_tqdm: bool = True):
        return [(task, p) for p in prompts]


def pool(x, mode="mean"):
    return (mode, x)
"""
IF_ELSE = """    def encode(self, prompts, *, task: str | None = None, use_tqdm: bool = True):
        if task is None:
            if "embed" in self.tasks:
                task = "embed"
            else:
                task = "encode"
        return [(task, p) for p in prompts]
"""
IF_EXP = """    def encode(self, prompts, *, task: str | None = None, use_tqdm: bool = True):
        if task is None:
            task = "embed" if "embed" in self.tasks else "encode"
        return [(task, p) for p in prompts]
"""
POOL = """def pool(x, mode=None):
    if mode is None:
        mode = "cls" if getattr(x, "is_causal", False) else "mean"
    return (mode, x)
"""
OLD_ONLY = """    def encode(self, prompts, *, task: str | None = None, use_tqdm: bool = True):
        if task is None:
            task = "encode"
        return [(task, p) for p in prompts]
"""
SAME_ARMS = """    def encode(self, prompts, *, task: str | None = None, use_tqdm: bool = True):
        if task is None:
            task = "encode" if "embed" in self.tasks else "encode"
        return [(task, p) for p in prompts]
"""
OLD_ENCODE = BASE.split("    def encode")[1].split("\n\n\n")[0]
CARRY = "vllm/aeon/offline_bench.py"
IMPORTS = "from vllm.entrypoints.runner import Runner, pool\n\n\n"


def rows(repo: GitRepo, config: Path, body: str, upstream: str) -> list[tuple[str, int, str, str]]:
    """Default-drift rows of the fork's ``body`` (a function's lines) merged with ``upstream``'s runner."""
    fork = IMPORTS + "def bench(r: Runner, prompts, x):\n    # AEON: the offline benchmark on GB10\n" + body
    sides = s.merge_case(
        repo,
        {RUNNER: BASE, CARRY: IMPORTS},
        {CARRY: fork},
        [("[Frontend] Add LLM.reward specific to reward models (#21720)", {RUNNER: upstream})],
    )
    return s.rule_rows(repo, config, sides, DEFAULT_DRIFT)


def _encode(new: str) -> str:
    return BASE.replace("    def encode" + OLD_ENCODE, new.rstrip("\n"))


@pytest.mark.parametrize(
    ("body", "upstream", "choices"),
    [
        ("    return r.encode(prompts, use_tqdm=False)\n", _encode(IF_ELSE), "'embed' or 'encode'"),
        ("    return r.encode(prompts)\n", _encode(IF_EXP), "'embed' or 'encode'"),
        (
            "    return pool(x)\n",
            BASE.replace('def pool(x, mode="mean"):\n    return (mode, x)\n', POOL),
            "'cls' or 'mean'",
        ),
    ],
)
def test_a_call_left_to_a_default_now_filled_by_a_test_warns(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str, choices: str
) -> None:
    [(path, line, severity, message)] = rows(git_repo, no_rules, body, upstream)
    assert (path, line, severity) == (CARRY, 6, "warning")
    assert "whose default upstream changed from" in message and f"which its body makes {choices} by a test" in message


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        ("    return r.encode(prompts)\n", _encode(OLD_ONLY)),
        ("    return r.encode(prompts)\n", _encode(SAME_ARMS)),
        ('    return r.encode(prompts, task="encode")\n', _encode(IF_ELSE)),
        ('    return pool(x, mode="mean")\n', BASE.replace('def pool(x, mode="mean"):\n    return (mode, x)\n', POOL)),
        (
            "    class AeonRunner:\n"
            '        def encode(self, prompts, task="encode"):\n'
            "            return prompts\n"
            "    return AeonRunner().encode(prompts)\n",
            _encode(IF_ELSE),
        ),
    ],
)
def test_a_fill_of_the_old_literal_or_a_passed_argument_stays_quiet(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str
) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []


# #21720 added ``LLM.reward`` with the chosen default: a fork tests for it to tell the releases apart.
WITH_REWARD = _encode(IF_ELSE).replace(
    "\n\n\ndef pool",
    '\n\n    def reward(self, prompts):\n        return self.encode(prompts, task="reward")\n\n\ndef pool',
)


@pytest.mark.parametrize(
    "body",
    [
        '    if hasattr(r, "reward"):\n        return r.encode(prompts, task="encode")\n    return r.encode(prompts)\n',
        '    if hasattr(r, "reward"):\n        return r.encode(prompts, task="encode")\n    else:\n'
        "        return r.encode(prompts)\n",
        '    if not hasattr(r, "reward"):\n        return r.encode(prompts)\n    return r.encode(prompts, task="e")\n',
    ],
)
def test_a_bare_call_on_the_old_release_path_of_a_version_test_stays_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert rows(git_repo, no_rules, body, WITH_REWARD) == []


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ('    if hasattr(r, "reward"):\n        return r.encode(prompts)\n    return r.encode(prompts, task="e")\n', 7),
        (
            '    if not hasattr(r, "reward"):\n        return r.encode(prompts, task="e")\n    return r.encode(prompts)\n',
            8,
        ),
        # the ``else`` of an ``and``: the new release runs it whenever the fork's own flag is off
        (
            '    if hasattr(r, "reward") and x:\n        return r.encode(prompts, task="e")\n    else:\n'
            "        return r.encode(prompts)\n",
            9,
        ),
    ],
)
def test_a_bare_call_on_the_new_release_path_of_a_version_test_still_warns(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    [(path, at, severity, _)] = rows(git_repo, no_rules, body, WITH_REWARD)
    assert (path, at, severity) == (CARRY, line, "warning")
