"""Grown tuples: a NamedTuple gained a field, and a fork line still unpacks it into the old count.

Shaped like #33391 (876a16f4fb), which appended ``cu_num_generated_tokens`` to ``LogprobsTensors`` (three
tensors until then): ``token_ids, logprobs, ranks = output.logprobs_tensors`` merges cleanly and raises
ValueError on the first request asking for logprobs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

OUTPUTS = "vllm/v1/outputs.py"
OUTPUTS_BASE = """from dataclasses import dataclass
from typing import NamedTuple

import torch


class LogprobsTensors(NamedTuple):
    logprob_token_ids: torch.Tensor
    logprobs: torch.Tensor
    selected_token_ranks: torch.Tensor

    @staticmethod
    def empty_cpu(num_positions: int, num_tokens_per_position: int) -> "LogprobsTensors":
        ids = torch.empty((num_positions, num_tokens_per_position), dtype=torch.int32)
        return LogprobsTensors(ids, torch.empty_like(ids, dtype=torch.float32), torch.empty(num_positions))

    def describe(self) -> str:
        return "logprobs"


@dataclass
class SamplerOutput:
    sampled_token_ids: torch.Tensor
    logprobs_tensors: LogprobsTensors | None


def gather_logprobs(n: int) -> LogprobsTensors:
    return LogprobsTensors.empty_cpu(n, 1)


class Sampler:
    def gather_logprobs(self, n: int) -> LogprobsTensors:
        return gather_logprobs(n)

    def names(self) -> list[str]:
        return []


@dataclass
class ModelRunnerOutput:
    prompt_logprobs_dict: dict[str, LogprobsTensors | None]
    chunks: list[LogprobsTensors]
"""
OUTPUTS_UPSTREAM = OUTPUTS_BASE.replace(
    "    selected_token_ranks: torch.Tensor\n",
    "    selected_token_ranks: torch.Tensor\n    cu_num_generated_tokens: list[int] | None = None\n",
)
SUBJECT = "[ModelRunner V2] Fix spec decoding + logprobs (#33391)"
FORK = "vllm/aeon/replay_grown.py"
HEAD = "from vllm.v1.outputs import LogprobsTensors, ModelRunnerOutput, Sampler, SamplerOutput, gather_logprobs\n\n\n"
LINE = 4  # the body's first line


def rows(git_repo: GitRepo, no_rules: Path, body: str, head: str = HEAD) -> list:
    sides = s.merge_case(
        git_repo,
        {OUTPUTS: OUTPUTS_BASE, "vllm/v1/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: head + body},
        [(SUBJECT, {OUTPUTS: OUTPUTS_UPSTREAM})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT) if r[0] == FORK]


# The error rows of the two tests below each put one fork module beside the same base and upstream and pin its one
# finding: no row's module imports another's, so one merge and one audit of every error row's module side by side
# answers each row (14 merges and audits became one per process; suitespeed8).  The quiet rows keep a merge each:
# there a row's module could be quiet for something another row's module declared.
_ERROR_BODIES: list[str] = []
_AUDITED: dict[tuple[str, ...], dict[str, list]] = {}


def _error_rows(rows: list[tuple[str, int]]) -> list[tuple[str, int]]:
    _ERROR_BODIES.extend(body for body, _ in rows)
    return rows


def rows_among_errors(git_repo: GitRepo, no_rules: Path, body: str) -> list:
    """``rows`` of an error row's ``body``, from the one audit of every error row's module side by side."""
    bodies = tuple(dict.fromkeys(_ERROR_BODIES))
    if bodies not in _AUDITED:
        paths = {text: f"vllm/aeon/replay_grown_{number}.py" for number, text in enumerate(bodies)}
        sides = s.merge_case(
            git_repo,
            {OUTPUTS: OUTPUTS_BASE, "vllm/v1/__init__.py": "", "vllm/__init__.py": ""},
            {path: HEAD + text for text, path in paths.items()},
            [(SUBJECT, {OUTPUTS: OUTPUTS_UPSTREAM})],
        )
        found = s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT)
        assert all(r[0] in paths.values() for r in found), found
        _AUDITED[bodies] = {text: [(FORK, *r[1:]) for r in found if r[0] == path] for text, path in paths.items()}
    return _AUDITED[bodies][body]


@pytest.mark.parametrize(
    ("body", "line"),
    _error_rows(
        [
            ("def aeon_ids(t: LogprobsTensors):\n    ids, lps, ranks = t\n    return ids\n", LINE + 1),
            ("def aeon_ids(t: LogprobsTensors | None):\n    ids, lps, ranks = t\n    return ids\n", LINE + 1),
            ("def aeon_ids(t: 'Optional[LogprobsTensors]'):\n    ids, lps, ranks = t\n    return ids\n", LINE + 1),
            (
                "def aeon_ids(out: SamplerOutput):\n    assert out.logprobs_tensors is not None\n"
                "    ids, lps, ranks = out.logprobs_tensors\n    return ids\n",
                LINE + 2,
            ),
            (
                "def aeon_buffers(n: int):\n    (ids, lps, ranks) = LogprobsTensors.empty_cpu(n, 4)\n    return ids\n",
                LINE + 1,
            ),
            (
                "def aeon_ids(out: SamplerOutput):\n    lt = out.logprobs_tensors\n    [ids, lps, ranks] = lt\n"
                "    return ids\n",
                LINE + 2,
            ),
            ("def aeon_ids(a, b, c):\n    t = LogprobsTensors(a, b, c)\n    x, y, z = t\n    return x\n", LINE + 2),
        ]
    ),
    ids=["annotated", "optional", "quoted optional", "a typed field", "a factory", "a local of a field", "built"],
)
def test_an_unpack_by_the_old_count_of_a_grown_namedtuple_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    [(_, at, severity, message)] = rows_among_errors(git_repo, no_rules, body)
    assert (at, severity) == (line, "error")
    assert "a NamedTuple, gained fields (cu_num_generated_tokens" in message and "#33391" in message
    assert "raises ValueError" in message


@pytest.mark.parametrize(
    ("body", "line"),
    _error_rows(
        [
            ("def aeon_ids(n: int):\n    ids, lps, ranks = gather_logprobs(n)\n    return ids\n", LINE + 1),
            ("def aeon_ids(s: Sampler):\n    ids, lps, ranks = s.gather_logprobs(4)\n    return ids\n", LINE + 1),
            (
                "class AeonSampler(Sampler):\n    def aeon_ids(self):\n        ids, lps, ranks = self.gather_logprobs(4)\n"
                "        return ids\n",
                LINE + 2,
            ),
            (
                "def aeon_ids(ts: list[LogprobsTensors]):\n    for ids, lps, ranks in ts:\n        print(ids)\n",
                LINE + 1,
            ),
            (
                "def aeon_ids(out: ModelRunnerOutput):\n    for ids, lps, ranks in out.prompt_logprobs_dict.values():\n"
                "        print(ids)\n",
                LINE + 1,
            ),
            (
                "def aeon_ids(out: ModelRunnerOutput):\n    for ids, lps, ranks in out.chunks:\n        print(ids)\n",
                LINE + 1,
            ),
            (
                "class AeonHolder:\n    last: LogprobsTensors\n\n    def aeon_ids(self):\n        ids, lps, ranks = self.last\n"
                "        return ids\n",
                LINE + 4,
            ),
        ]
    ),
    ids=[
        "a function",
        "a typed receiver's method",
        "a subclass's self.",
        "a list",
        "a dict field's values",
        "a list field",
        "an own field",
    ],
)
def test_more_spellings_of_a_grown_namedtuple_unpacked_by_the_old_count(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    [(_, at, severity, message)] = rows_among_errors(git_repo, no_rules, body)
    assert (at, severity) == (line, "error")
    assert "a NamedTuple, gained fields (cu_num_generated_tokens" in message


@pytest.mark.parametrize(
    "body",
    [
        # a loop of the new count
        "def aeon_ids(ts: list[LogprobsTensors]):\n    for ids, lps, ranks, cu in ts:\n        print(ids)\n",
        # a method whose elements are another class
        "def aeon_ids(s: Sampler):\n    for a, b, c in s.names():\n        print(a)\n",
        # the fork's subclass defines the method itself
        "class AeonSampler(Sampler):\n    def gather_logprobs(self, n):\n        return (1, 2, 3)\n\n"
        "    def aeon_ids(self):\n        ids, lps, ranks = self.gather_logprobs(4)\n        return ids\n",
        # a dict's keys, not its values
        "def aeon_ids(out: ModelRunnerOutput):\n    for a, b, c in out.prompt_logprobs_dict:\n        print(a)\n",
    ],
    ids=["loop new count", "other element", "own override", "dict keys"],
)
def test_more_grown_tuple_twins(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # the new count
        "def aeon_ids(t: LogprobsTensors):\n    ids, lps, ranks, cu = t\n    return ids\n",
        # a star takes whatever follows
        "def aeon_ids(t: LogprobsTensors):\n    ids, *rest = t\n    return ids\n",
        # read by name
        "def aeon_ids(t: LogprobsTensors):\n    return t.logprob_token_ids\n",
        # an untyped value
        "def aeon_ids(t):\n    ids, lps, ranks = t\n    return ids\n",
        # the fork splits on the shape first
        "def aeon_ids(t: LogprobsTensors):\n    if len(t) == 3:\n        ids, lps, ranks = t\n"
        "        return ids\n    return t.logprob_token_ids\n",
        # a fallback for the other release
        "def aeon_ids(t: LogprobsTensors):\n    try:\n        ids, lps, ranks = t\n    except ValueError:\n"
        "        ids = t.logprob_token_ids\n    return ids\n",
        # a method that returns something else
        "def aeon_words(t: LogprobsTensors):\n    a, b, c = t.describe()\n    return a\n",
        # another field of the output
        "def aeon_ids(out: SamplerOutput):\n    a, b, c = out.sampled_token_ids\n    return a\n",
    ],
    ids=["new count", "starred", "by name", "untyped", "shape tested", "try", "other method", "other field"],
)
def test_grown_tuple_twins(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_fork_class_of_the_name_is_its_own(git_repo: GitRepo, no_rules: Path) -> None:
    head = (
        "from typing import NamedTuple\n\nimport torch\n\n\n"
        "class LogprobsTensors(NamedTuple):\n    a: torch.Tensor\n    b: torch.Tensor\n    c: torch.Tensor\n\n\n"
    )
    body = "def aeon_ids(t: LogprobsTensors):\n    ids, lps, ranks = t\n    return ids\n"
    assert rows(git_repo, no_rules, body, head) == []


def test_a_namedtuple_whose_count_upstream_kept_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {OUTPUTS: OUTPUTS_BASE, "vllm/v1/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + "def aeon_ids(t: LogprobsTensors):\n    ids, lps, ranks = t\n    return ids\n"},
        [(SUBJECT, {OUTPUTS: OUTPUTS_BASE.replace("selected_token_ranks", "token_ranks")})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT) if r[0] == FORK] == []
