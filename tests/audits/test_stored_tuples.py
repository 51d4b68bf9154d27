"""Stored tuple drift: a fork line unpacks or indexes a tuple an upstream class keeps in an attribute.

Shaped like #35930 (10a5f4d53d), which made model runner v2's ``execute_model_state``, an 8-tuple
``self.execute_model_state = (input_batch, model_inputs, ...)``, the 7-field ``ExecuteModelState`` NamedTuple:
a fork's ``(_, _, hidden, _) = self.state`` raises on the first step, and ``state[2]`` reads another field.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

RUNNER = "vllm/worker/runner.py"
RUNNER_BASE = """class Runner:
    def __init__(self) -> None:
        self.state: tuple | None = None

    def execute(self, batch, inputs, hidden, aux) -> None:
        self.state = (batch, inputs, hidden, aux)

    def sample(self):
        batch, inputs, hidden, aux = self.state
        self.state = None
        return hidden
"""
RUNNER_UPSTREAM = """from typing import Any, NamedTuple


class Runner:
    def __init__(self) -> None:
        self.state: State | None = None

    def execute(self, batch, inputs, hidden, aux) -> None:
        self.state = State(batch=batch, hidden=hidden, aux=aux)

    def sample(self):
        hidden = self.state.hidden
        self.state = None
        return hidden


class State(NamedTuple):
    batch: Any
    hidden: Any
    aux: Any
"""
SUBJECT = "[Model Runner V2] Use NamedTuple for `execute_model_state` (#35930)"
FORK = "vllm/aeon/replay_state.py"
HEAD = "from vllm.worker.runner import Runner\n\n\n"


# upstream wraps the same four values, in the same order, in a NamedTuple whose fields are named otherwise
SAME_LAYOUT = """from typing import Any, NamedTuple


class Runner:
    def __init__(self) -> None:
        self.state: State | None = None

    def execute(self, batch, inputs, hidden, aux) -> None:
        self.state = State(input_batch=batch, model_inputs=inputs, hidden_states=hidden, aux_hidden_states=aux)


class State(NamedTuple):
    input_batch: Any
    model_inputs: Any
    hidden_states: Any
    aux_hidden_states: Any
"""
# upstream renames the local it stores: the names alone cannot tell it from another value put there
RENAMED_LOCAL = RUNNER_BASE.replace("hidden, aux) -> None:", "hidden_states, aux) -> None:").replace(
    "self.state = (batch, inputs, hidden, aux)", "self.state = (batch, inputs, hidden_states, aux)"
)


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = RUNNER_UPSTREAM) -> list:
    sides = s.merge_case(
        git_repo,
        {RUNNER: RUNNER_BASE, "vllm/worker/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body},
        [(SUBJECT, {RUNNER: upstream})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if r[0] == FORK]


@pytest.mark.parametrize(
    "body",
    [
        "class AeonRunner(Runner):\n    def aeon_hidden(self):\n        (_, _, hidden, _) = self.state\n"
        "        return hidden\n",
        "def aeon_hidden(runner: Runner):\n    return runner.state[2]\n",
        "def aeon_hidden(runner: Runner):\n    state = runner.state\n    return state[2]\n",
        "def aeon_aux(runner: Runner):\n    return runner.state[-1] if False else runner.state[3]\n",
        "class AeonRunner(Runner):\n    def aeon_take(self):\n        (_, _, hidden, _) = self.state\n"
        "        self.state = None\n        return hidden\n",
    ],
    ids=["subclass unpack", "typed index", "bound then indexed", "index past the end now", "reset to None"],
)
def test_a_positional_read_of_a_stored_tuple_upstream_reshaped_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    found = rows(git_repo, no_rules, body)
    assert found and all(severity == "error" for _, _, severity, _ in found)
    assert all("Runner.state" in message and "#35930" in message for *_, message in found)


@pytest.mark.parametrize(
    "body",
    [
        # the first position still holds the batch
        "def aeon_batch(runner: Runner):\n    return runner.state[0]\n",
        # a starred unpack takes any length
        "def aeon_batch(runner: Runner):\n    batch, *rest = runner.state\n    return batch\n",
        # an untyped receiver: which class is unknown
        "def aeon_hidden(runner):\n    return runner.state[2]\n",
        # a class of the fork's own with an attribute of the same name
        "class Mine:\n    def aeon(self):\n        a, b, c, d = self.state\n        return c\n",
        # the fork's subclass stores its own tuple there
        "class AeonRunner(Runner):\n    def execute(self, batch, inputs, hidden, aux) -> None:\n"
        "        self.state = (batch, inputs, hidden, aux)\n\n    def aeon(self):\n"
        "        (_, _, hidden, _) = self.state\n        return self.state[2]\n",
        # read by name
        "def aeon_pending(runner: Runner) -> bool:\n    return runner.state is not None\n",
        # the fork's subclass serves its own state through a property
        "class AeonRunner(Runner):\n    @property\n    def state(self):\n        return self._aeon\n\n"
        "    @state.setter\n    def state(self, v):\n        self._aeon = (1, 2, 3, 4) if v is not None else None\n\n"
        "    def aeon(self):\n        (_, _, hidden, _) = self.state\n        return hidden\n",
        # a mixin of the fork's file stores its own tuple
        "class Mixin:\n    def execute(self, batch, inputs, hidden, aux) -> None:\n"
        "        self.state = (batch, inputs, hidden, aux)\n\n"
        "class AeonRunner(Mixin, Runner):\n    def aeon(self):\n        (_, _, hidden, _) = self.state\n        return hidden\n",
        # the fork's subclass stores its own tuple in a multiple-target assignment
        "class AeonRunner(Runner):\n    def execute(self, batch, inputs, hidden, aux) -> None:\n"
        "        self.state, self.step = (batch, inputs, hidden, aux), 0\n\n"
        "    def aeon(self):\n        (_, _, hidden, _) = self.state\n        return hidden\n",
    ],
    ids=["first stayed", "starred", "untyped", "own class", "own store", "no position", "property", "mixin", "targets"],
)
def test_stored_tuple_twins(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_namedtuple_wrapping_the_same_values_in_order_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = "def aeon_hidden(runner: Runner):\n    return runner.state[2]\n"
    assert rows(git_repo, no_rules, body, SAME_LAYOUT) == []


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        ("def aeon_hidden(runner: Runner):\n    return runner.state[2]\n", RENAMED_LOCAL),
        (
            "def aeon_hidden(runner: Runner):\n    if len(runner.state) == 4:\n        return runner.state[2]\n"
            "    return runner.state.hidden\n",
            RUNNER_UPSTREAM,
        ),
    ],
    ids=["renamed local", "len test"],
)
def test_a_read_that_may_still_hold_is_a_warning(git_repo: GitRepo, no_rules: Path, body: str, upstream: str) -> None:
    found = rows(git_repo, no_rules, body, upstream)
    assert found and all(severity == "warning" for _, _, severity, _ in found)


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_hidden(runner: Runner):\n    try:\n        (_, _, hidden, _) = runner.state\n"
        "    except ValueError:\n        hidden = runner.state.hidden\n    return hidden\n",
        "def aeon_hidden(runner: Runner):\n    if hasattr(runner.state, 'hidden'):\n        return runner.state.hidden\n"
        "    return runner.state[2]\n",
        "def aeon_hidden(runner: Runner):\n    st = runner.state\n    if hasattr(st, '_fields'):\n        return st.hidden\n"
        "    else:\n        return st[2]\n",
        "def aeon_hidden(runner: Runner):\n    return getattr(runner.state, 'hidden', None) or runner.state[2]\n",
    ],
    ids=["try catching the misfit", "hasattr split", "hasattr of a bound local", "getattr default"],
)
def test_a_read_the_fork_already_guards_is_at_most_a_warning(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert [r[2] for r in rows(git_repo, no_rules, body)] in ([], ["warning"])


def test_a_tuple_stored_by_a_fork_mixin_of_another_file_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    mixin_path = "vllm/aeon/state_mixin.py"
    mixin = "class StateMixin:\n    def execute(self, batch, inputs, hidden, aux) -> None:\n"
    mixin += "        self.state = (batch, inputs, hidden, aux)\n"
    body = "from vllm.aeon.state_mixin import StateMixin\n\n\nclass AeonRunner(StateMixin, Runner):\n"
    body += "    def aeon(self):\n        (_, _, hidden, _) = self.state\n        return hidden\n"
    sides = s.merge_case(
        git_repo,
        {RUNNER: RUNNER_BASE, "vllm/worker/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body, mixin_path: mixin, "vllm/aeon/__init__.py": ""},
        [(SUBJECT, {RUNNER: RUNNER_UPSTREAM})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if r[0] == FORK] == []


# -- #49204 (59a6b0411d): EngineState.request_counts went from ``[0, 0]`` to ``[0, 0, 0.0]``: a list display
#    no method grows or shrinks is a fixed layout, as a tuple is
COORD = "vllm/worker/coord.py"
COORD_BASE = (
    "class EngineState:\n    def __init__(self):\n        self.request_counts = [0, 0]  # [waiting, running]\n\n\n"
    "class Coordinator:\n    def __init__(self, n: int):\n        self.engines = [EngineState() for _ in range(n)]\n\n"
    "    def record(self, i: int, waiting: int, running: int) -> None:\n"
    "        stats = self.engines[i].request_counts\n        stats[0] = waiting\n        stats[1] = running\n{extra}"
)
COORD_GROWN = COORD_BASE.replace("= [0, 0]  #", "= [0, 0, 0.0]  #")


def _coord_rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str) -> list:
    sides = s.merge_case(
        git_repo,
        {COORD: COORD_BASE.format(extra=""), "vllm/worker/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: "from vllm.worker.coord import EngineState\n\n\n" + body},
        [("[Core] Fix internal LB load-balancing (#49204)", {COORD: upstream})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if r[0] == FORK]


UNPACKED = (
    "def aeon_load(state: EngineState) -> int:\n    waiting, running = state.request_counts\n    return waiting\n"
)


@pytest.mark.parametrize(
    ("body", "upstream", "severities"),
    [
        (UNPACKED, COORD_GROWN.format(extra=""), ["error"]),
        (
            "def aeon_waiting(state: EngineState) -> int:\n    return state.request_counts[0]\n",
            COORD_GROWN.format(extra=""),
            [],
        ),
        (
            UNPACKED,
            COORD_GROWN.format(
                extra="\n    def grow(self, i: int) -> None:\n        self.engines[i].request_counts.append(0)\n"
            ),
            [],
        ),
        (
            UNPACKED,
            COORD_GROWN.format(
                extra="\n    def grow(self, i: int) -> None:\n        stats = self.engines[i].request_counts\n        stats += [0]\n"
            ),
            [],
        ),
        (UNPACKED, COORD_BASE.format(extra="").replace("= [0, 0]  #", "= [1, 0]  #"), []),
        (
            "def aeon_load(state: EngineState) -> int:\n    try:\n        waiting, running = state.request_counts\n"
            "    except ValueError:\n        return 0\n    return waiting\n",
            COORD_GROWN.format(extra=""),
            ["warning"],
        ),
    ],
    ids=[
        "unpacked",
        "twin: head by index",
        "twin: a list upstream appends to",
        "twin: grown through a local",
        "twin: same length",
        "guarded: a warning",
    ],
)
def test_an_unpack_of_a_fixed_list_upstream_lengthened(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str, severities: list[str]
) -> None:
    """``waiting, running = state.request_counts`` after #49204 stored three values there: ValueError on the
    first stats message.  A list the module appends to (or grows through a local) has no layout: quiet."""
    assert [r[2] for r in _coord_rows(git_repo, no_rules, body, upstream)] == severities


COUNTS = (
    "\n    def _get_engine_counts(self, do_copy=False) -> list[list[int]]:\n        if do_copy:\n"
    "            return [copy.copy(e.request_counts) for e in self.engines]\n"
    "        return [e.request_counts for e in self.engines]\n"
)
LOOPED = (
    "from vllm.worker.coord import Coordinator\n\n\nclass AeonCoordinator(Coordinator):\n    def aeon_busiest(self) -> int:\n"
    "        loads = []\n        for waiting, running in self._get_engine_counts():\n"
    "            loads.append(waiting + running)\n        return max(loads)\n"
)


@pytest.mark.parametrize(
    ("body", "extra", "severities"),
    [
        (LOOPED, COUNTS, ["error"]),
        (LOOPED.replace("for waiting, running in", "for counts in"), COUNTS, []),
        (LOOPED, COUNTS.replace("copy.copy(e.request_counts)", "e.other"), []),
        (LOOPED + "\n    def _get_engine_counts(self):\n        return [(1, 2)]\n", COUNTS, []),
    ],
    ids=["looped", "twin: each element bound whole", "twin: two attributes listed", "twin: the fork's own method"],
)
def test_a_loop_over_a_method_listing_a_fixed_list_upstream_lengthened(
    git_repo: GitRepo, no_rules: Path, body: str, extra: str, severities: list[str]
) -> None:
    """``for waiting, running in self._get_engine_counts():`` where the method returns
    ``[e.request_counts for e in self.engines]`` and #49204 stored three values in each."""
    base = "import copy\n\n\n" + COORD_BASE.format(extra=extra)
    sides = s.merge_case(
        git_repo,
        {COORD: base, "vllm/worker/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: body},
        [("[Core] Fix internal LB load-balancing (#49204)", {COORD: base.replace("= [0, 0]  #", "= [0, 0, 0.0]  #")})],
    )
    assert [r[2] for r in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if r[0] == FORK] == severities


# -- reviewed twins of the listing path (fixBA): a fork that splits on the list's len, or keeps its own 2-list
def _counts_rows(git_repo: GitRepo, no_rules: Path, body: str) -> list:
    upstream = ("import copy\n\n\n" + COORD_BASE.format(extra=COUNTS)).replace("= [0, 0]  #", "= [0, 0, 0.0]  #")
    sides = s.merge_case(
        git_repo,
        {
            COORD: "import copy\n\n\n" + COORD_BASE.format(extra=COUNTS),
            "vllm/worker/__init__.py": "",
            "vllm/__init__.py": "",
        },
        {FORK: body},
        [("[Core] Fix internal LB load-balancing (#49204)", {COORD: upstream})],
    )
    return [r[2] for r in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if r[0] == FORK]


LEN_SPLIT_LOOP = (
    "from vllm.worker.coord import Coordinator\n\n\nclass AeonCoordinator(Coordinator):\n    def aeon_busiest(self) -> int:\n"
    "        loads = []\n        if len(self.engines[0].request_counts) == 2:\n"
    "            for waiting, running in self._get_engine_counts():\n                loads.append(waiting + running)\n"
    "        else:\n            for waiting, running, _usage in self._get_engine_counts():\n"
    "                loads.append(waiting + running)\n        return max(loads)\n"
)
SUBCLASS_KEEPS_TWO = (
    "from vllm.worker.coord import Coordinator, EngineState\n\n\nclass AeonEngineState(EngineState):\n"
    "    def __init__(self):\n        super().__init__()\n        self.request_counts = [0, 0]\n\n\n"
    "class AeonCoordinator(Coordinator):\n    def __init__(self, n: int):\n        super().__init__(n)\n"
    "        self.engines = [AeonEngineState() for _ in range(n)]\n\n"
    "    def aeon_busiest(self) -> int:\n        return max(w + r for w, r in self._get_engine_counts())\n\n"
    "    def aeon_first(self) -> int:\n        for waiting, running in self._get_engine_counts():\n            return waiting\n        return 0\n"
)


@pytest.mark.parametrize(
    ("body", "severities"),
    [(LEN_SPLIT_LOOP, ["warning"]), (SUBCLASS_KEEPS_TWO, [])],
    ids=["loop under a len split", "fork subclass stores its own 2-list"],
)
def test_a_listing_loop_the_fork_may_already_fit_is_no_error(
    git_repo: GitRepo, no_rules: Path, body: str, severities: list[str]
) -> None:
    assert _counts_rows(git_repo, no_rules, body) == severities


# -- reviewed twin (fixBF): the restoring subclass lives in one fork file, the coordinator building it in another
STATE_FILE = "vllm/aeon/engine_state.py"
STATE_TEXT = (
    "from vllm.worker.coord import EngineState\n\n\nclass AeonEngineState(EngineState):\n"
    "    def __init__(self):\n        super().__init__()\n        self.request_counts = [0, 0]\n"
)
BUILT_ELSEWHERE = (
    "from vllm.aeon.engine_state import AeonEngineState\nfrom vllm.worker.coord import Coordinator\n\n\n"
    "class AeonCoordinator(Coordinator):\n    def __init__(self, n: int):\n        super().__init__(n)\n"
    "        self.engines = [{built} for _ in range(n)]\n\n"
    "    def aeon_first(self) -> int:\n        for waiting, running in self._get_engine_counts():\n"
    "            return waiting\n        return 0\n"
)


@pytest.mark.parametrize(
    ("built", "severities"),
    [("AeonEngineState()", []), ("object()", ["error"])],
    ids=["twin: built in another fork file", "defined, never built: upstream's layout"],
)
def test_a_restoring_subclass_of_another_fork_file(
    git_repo: GitRepo, no_rules: Path, built: str, severities: list[str]
) -> None:
    """which instances the loop reaches is not traced: a fork subclass storing its own 2-list, built by any
    fork file, leaves the layout unknown (quiet); one no fork line builds leaves upstream's layout"""
    sides = s.merge_case(
        git_repo,
        {COORD: COORD_BASE.format(extra=COUNTS), "vllm/worker/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: BUILT_ELSEWHERE.format(built=built), STATE_FILE: STATE_TEXT, "vllm/aeon/__init__.py": ""},
        [("[Core] Fix internal LB load-balancing (#49204)", {COORD: COORD_GROWN.format(extra=COUNTS)})],
    )
    assert [r[2] for r in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if r[0] == FORK] == severities
