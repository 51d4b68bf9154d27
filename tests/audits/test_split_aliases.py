"""Split aliases: a module-level ``A = B`` upstream turned into a function of its own, compared by identity.

Shaped like #22494 (43c4f3d77c), which turned ``get_tensor_model_parallel_group = get_tp_group`` into a deprecated
``def`` calling ``get_tp_group()``: a fork's table keyed by ``get_tp_group`` and read with the alias raises
KeyError, and an ``is`` comparison with the alias no longer matches the getter.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

STATE = "vllm/dist/state.py"
BASE = """def get_tp_group():
    return "tp"


get_tensor_group = get_tp_group


def get_pp_group():
    return "pp"


get_pipe_group = get_pp_group


def get_ep_group():
    return "ep"


get_expert_group = get_ep_group
"""
UPSTREAM = BASE.replace(
    "get_tensor_group = get_tp_group\n", "def get_tensor_group():\n    return get_tp_group()\n"
).replace("get_pipe_group = get_pp_group\n", "def get_pipe_group():\n    return get_pp_group()\n")
FORK = "vllm/aeon/groups.py"
HEAD = "from vllm.dist import state\nfrom vllm.dist.state import get_pp_group, get_tensor_group, get_tp_group\n\n\n"
SUBJECT = "[Misc] Begin deprecation of `get_tensor_model_*_group` (#22494)"


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {STATE: BASE, "vllm/dist/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: body},
        [(SUBJECT, {STATE: UPSTREAM})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(r[1], r[2]) for r in found if r[0] == FORK and "no longer an alias" in r[3]]


IDENTITY_USES = [
    # a .get of a module-level table keyed by the canonical getter, the alias read off its module
    (
        HEAD + '_KIND = {get_tp_group: "tp", get_pp_group: "pp"}\n\n\ndef kind() -> str:\n'
        '    return _KIND.get(state.get_pipe_group, "?")\n',
        "return _KIND.get",
        "error",
    ),
    # membership in a display holding the canonical getter
    (
        HEAD + "def wrapped(getter) -> bool:\n    return get_tensor_group in (get_tp_group, get_pp_group)\n",
        "return get_tensor_group in",
        "error",
    ),
    # an assertion the two are one object
    (
        HEAD + "def check() -> None:\n    assert get_tensor_group == get_tp_group\n",
        "assert get_tensor_group",
        "error",
    ),
    # ``is not`` in a file that imports the canonical getter
    (HEAD + "def other(getter) -> bool:\n    return getter is not get_tensor_group\n", "return getter", "error"),
    # a file that never names the canonical getter: its callers may hand it the alias itself
    (
        "from vllm.dist.state import get_tensor_group\n\n\ndef mine(getter) -> bool:\n"
        "    return getter is get_tensor_group\n",
        "return getter",
        "warning",
    ),
]
# The rows' modules side by side: one merge and one audit of the five a process (suitespeed11).
IDENTITY_FORKS = {FORK.replace(".py", f"_{n}.py"): body for n, (body, _, _) in enumerate(IDENTITY_USES)}


@pytest.mark.parametrize(
    ("body", "needle", "severity"),
    IDENTITY_USES,
    ids=["get off a table", "in a tuple", "assert ==", "is not", "canonical never named"],
)
def test_an_identity_use_of_a_split_alias_is_found(
    git_repo: GitRepo, no_rules: Path, body: str, needle: str, severity: str
) -> None:
    base = {STATE: BASE, "vllm/dist/__init__.py": "", "vllm/__init__.py": ""}
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {STATE: UPSTREAM})]
    found = s.audited_side_by_side(git_repo, no_rules, base, IDENTITY_FORKS, upstream, SYMBOL_DRIFT)
    path = next(p for p, text in IDENTITY_FORKS.items() if text == body)
    rows = [(f.line, f.severity.value) for f in found[path] if "no longer an alias" in f.message]
    assert rows == [(line_of(body, needle), severity)]


@pytest.mark.parametrize(
    "body",
    [
        # the alias called: it still answers the same group
        HEAD + "def size() -> str:\n    return get_tensor_group()\n",
        # the fork asks whether the two are one object, and adapts
        HEAD + "def pick():\n    if get_tensor_group is get_tp_group:\n        return 1\n    return 2\n",
        # a table keyed by the alias itself
        HEAD + '_KIND = {get_tensor_group: "tp"}\n\n\ndef kind() -> str:\n    return _KIND[get_tensor_group]\n',
        # the file binds the alias itself
        "from vllm.dist.state import get_tp_group\n\nget_tensor_group = get_tp_group\n"
        '_KIND = {get_tp_group: "tp"}\n\n\ndef kind() -> str:\n    return _KIND[get_tensor_group]\n',
        # an alias upstream kept
        "from vllm.dist.state import get_ep_group, get_expert_group\n\n"
        '_KIND = {get_ep_group: "ep"}\n\n\ndef kind() -> str:\n    return _KIND[get_expert_group]\n',
        # the canonical getter compared
        HEAD + "def mine(getter) -> bool:\n    return getter is get_tp_group\n",
        # review93: the getter compared with the alias or the canonical getter: the fork takes both objects
        HEAD + "def mine(getter) -> bool:\n    return getter is get_tensor_group or getter is get_tp_group\n",
        # review93: the answer to "one object?" kept in a flag, then used to take the alias too
        HEAD + "_ONE = get_tensor_group is get_tp_group\n\n\ndef mine(getter) -> bool:\n"
        "    return getter is get_tp_group or (not _ONE and getter is get_tensor_group)\n",
        # readD #15: either object asked for, written for both sides of the split
        HEAD
        + "def mine(fn) -> int:\n    if fn is get_tensor_group or fn is get_tp_group:\n        return 1\n    return 2\n",
    ],
    ids=[
        "called",
        "probed in an if",
        "keyed by the alias",
        "rebound by the fork",
        "kept alias",
        "canonical",
        "either spelling",
        "asked in a flag",
        "either asked",
    ],
)
def test_a_use_the_split_does_not_change_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_an_or_with_another_canonical_getter_still_errs(git_repo: GitRepo, no_rules: Path) -> None:
    """review93's ``x is A or x is B`` is quiet only where ``B`` is the alias's own canonical object."""
    body = HEAD + "def mine(getter) -> bool:\n    return getter is get_tensor_group or getter is get_pp_group\n"
    assert rows(git_repo, no_rules, body) == [(line_of(body, "return getter"), "error")]


def test_a_module_table_another_function_also_binds_is_read(git_repo: GitRepo, no_rules: Path) -> None:
    """readD #8: the tables were read file-wide, so a function's own ``_KIND`` made the module's read as none."""
    body = (
        HEAD + '_KIND = {get_tp_group: "tp", get_pp_group: "pp"}\n\n\ndef counts() -> dict:\n    _KIND = {}\n'
        '    return _KIND\n\n\ndef kind() -> str:\n    return _KIND.get(state.get_pipe_group, "?")\n'
    )
    assert rows(git_repo, no_rules, body) == [(line_of(body, "return _KIND.get"), "error")]


@pytest.mark.parametrize(
    "look",
    [
        # a parameter of the table's name: the caller's table, not the other function's
        "def look(table: dict) -> int:\n    return table[get_tensor_group]\n",
        # a table of its own, bound to what the file cannot read
        "def look() -> int:\n    table = load()\n    return table[get_tensor_group]\n",
    ],
    ids=["parameter", "own binding"],
)
def test_another_functions_table_is_not_the_one_looked_up(git_repo: GitRepo, no_rules: Path, look: str) -> None:
    """readD #8's twin: a display another function binds is not the table a function looks its name up in."""
    body = HEAD + 'def build() -> dict:\n    table = {get_tp_group: "tp"}\n    return table\n\n\n' + look
    assert rows(git_repo, no_rules, body) == []
