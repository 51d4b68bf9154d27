"""Symbol drift: a parameter renamed in place and retyped between a plain scalar and a ``Literal[...]``.

The renamed-slot check (``drift/symbols.py`` ``_renamed_slot``) reads a literal argument as the old kind and a
new kind that is no builtin as another kind of value; a ``Literal["lru", "arc"]`` is neither: it takes the
strings it lists.  So a positional ``"lru"`` into ``mode: str`` renamed ``policy: Literal["lru", "arc"]`` is
a value the new slot still takes (quiet), ``"fifo"`` one it refuses (an error), and a value the fork reads from
elsewhere cannot be told (the rename's warning).  The reverse, a ``Literal`` widened to ``str`` under a new
name, takes every old value.  Upstream's own retypes of the shape (no rename): #49114 (dc1be79031) turned
``cache_policy: Literal["lru", "arc"]`` into ``str``, #26915 (8669c69afa) ``publisher: str`` into
``Literal["null", "zmq"]`` (``benchmarks/review38_twins.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

POLICIES = "vllm/v1/kv_offload/policies.py"
FORK = "vllm/v1/kv_offload/aeon_offload.py"
SUBJECT = "[KV offload] name the eviction policy and list the built-in ones"
PLAIN = "def make_manager(mode: str, num_blocks: int) -> str:\n    return f'{mode}:{num_blocks}'\n"
CHOSEN = (
    "from typing import Literal\n\n\n"
    "def make_manager(policy: Literal['lru', 'arc'], num_blocks: int) -> str:\n"
    "    return f'{policy}:{num_blocks}'\n"
)
OPTIONAL = CHOSEN.replace("policy: Literal['lru', 'arc']", "policy: Literal['lru', 'arc'] | None")
IMPORT = "from vllm.v1.kv_offload.policies import make_manager\n\n\n"


def _findings(repo: GitRepo, config: Path, body: str, base: str, theirs: str) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {POLICIES: base}, {FORK: IMPORT + body}, [(SUBJECT, {POLICIES: theirs})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


@pytest.mark.parametrize("theirs", [CHOSEN, OPTIONAL], ids=["literal", "optional-literal"])
def test_a_value_the_new_literal_refuses_is_an_error(git_repo: GitRepo, no_rules: Path, theirs: str) -> None:
    body = "def aeon_manager(n: int) -> str:\n    return make_manager('fifo', n)\n"
    assert _findings(git_repo, no_rules, body, PLAIN, theirs) == [(5, "error")]


@pytest.mark.parametrize("theirs", [CHOSEN, OPTIONAL], ids=["literal", "optional-literal"])
def test_a_value_the_new_literal_still_takes_stays_quiet(git_repo: GitRepo, no_rules: Path, theirs: str) -> None:
    body = "def aeon_manager(n: int) -> str:\n    return make_manager('arc', n)\n"
    assert _findings(git_repo, no_rules, body, PLAIN, theirs) == []


def test_a_string_the_fork_reads_elsewhere_is_the_rename_s_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """``mode: str`` handed on: whether it is one of the choices cannot be read from the call."""
    body = "def aeon_manager(mode: str, n: int) -> str:\n    return make_manager(mode, n)\n"
    assert _findings(git_repo, no_rules, body, PLAIN, CHOSEN) == [(5, "warning")]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("def aeon_manager(policy: str, n: int) -> str:\n    return make_manager(policy, n)\n", [(5, "warning")]),
        ("def aeon_manager(n: int) -> str:\n    return make_manager('arc', n)\n", []),
    ],
    ids=["the-old-slot-s-value-handed-on", "a-choice-the-old-literal-listed"],
)
def test_a_literal_widened_to_its_builtin_takes_every_old_value(
    git_repo: GitRepo, no_rules: Path, body: str, expected: list[tuple[int, str]]
) -> None:
    """The reverse: ``policy: Literal["lru", "arc"]`` renamed ``mode: str`` still takes each choice (the
    rename's warning for the value spelt like the old parameter, as for any rename)."""
    assert _findings(git_repo, no_rules, body, CHOSEN, PLAIN) == expected


NARROWED = CHOSEN.replace("policy: Literal['lru', 'arc']", "eviction: Literal['lru']")


@pytest.mark.parametrize(("value", "expected"), [("'arc'", [(5, "error")]), ("'lru'", [])], ids=["dropped", "kept"])
def test_a_literal_narrowed_under_a_new_name_refuses_the_dropped_choice(
    git_repo: GitRepo, no_rules: Path, value: str, expected: list[tuple[int, str]]
) -> None:
    body = f"def aeon_manager(n: int) -> str:\n    return make_manager({value}, n)\n"
    assert _findings(git_repo, no_rules, body, CHOSEN, NARROWED) == expected


def test_a_refused_value_under_a_version_test_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork keeps a spelling per release: the old value under a test of the version warns at most."""
    body = (
        "import vllm\n\n\ndef aeon_manager(n: int) -> str:\n    if vllm.__version__ < '0.12':\n"
        "        return make_manager('fifo', n)\n    return make_manager('lru', n)\n"
    )
    assert _findings(git_repo, no_rules, body, PLAIN, CHOSEN) == [(9, "warning")]


def test_a_value_the_old_literal_did_not_list_either_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``"fifo"`` was no choice at the merge base either: the merge changes nothing for it."""
    body = "def aeon_manager(n: int) -> str:\n    return make_manager('fifo', n)\n"
    assert _findings(git_repo, no_rules, body, CHOSEN, NARROWED) == []


def test_a_later_argument_is_still_read_after_a_taken_choice(git_repo: GitRepo, no_rules: Path) -> None:
    """The second slot renamed too (``num_blocks`` -> ``capacity``): a choice the first still takes does not
    end the call's reading."""
    theirs = CHOSEN.replace(
        "num_blocks: int) -> str:\n    return f'{policy}:{num_blocks}'",
        "capacity: int) -> str:\n    return f'{policy}:{capacity}'",
    )
    assert theirs != CHOSEN
    body = "def aeon_manager(num_blocks: int) -> str:\n    return make_manager('arc', num_blocks)\n"
    assert [sev for _, sev in _findings(git_repo, no_rules, body, PLAIN, theirs)] == ["warning"]
