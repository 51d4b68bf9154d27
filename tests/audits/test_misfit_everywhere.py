"""A chained call with several defs of its name: every def it fit at the base no longer fits it upstream.

#36626 (f088a831dd) inserted ``cudagraph_mode`` as ``ModelState.prepare_attn``'s second positional parameter (the
interface and its default class); the runner has a ``prepare_attn(input_batch)`` of its own.  A fork's
``self.model_state.prepare_attn(batch, tables, slots, groups, cfg)`` reaches one of the model states, whichever:
each now takes one argument more -- an error (blind_replay_cgutils).  Quiet: a def the call still fits (one upstream
left alone), a call passing ``*args`` through, a call with the new arity.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

STATES = "pkg/worker/states.py"
RUNNER = "pkg/worker/runner.py"
STATES_BASE = """class StateBase:
    def prepare(self, batch, tables, slots):
        raise NotImplementedError

    def build(self, batch, tables, slots):
        raise NotImplementedError


class DefaultState(StateBase):
    def prepare(self, batch, tables, slots):
        return batch, tables, slots

    def build(self, batch, tables, slots):
        return batch
"""
RUNNER_BASE = """class Runner:
    def prepare(self, batch):
        return batch

    def build(self, batch, tables, slots):
        return batch

    def run(self, batch):
        return self.state.prepare(batch, 1, 2)
"""
STATES_AFTER = STATES_BASE.replace(
    "def prepare(self, batch, tables, slots):", "def prepare(self, batch, mode, tables, slots):"
).replace("def build(self, batch, tables, slots):", "def build(self, batch, mode, tables, slots):")
RUNNER_AFTER = RUNNER_BASE.replace("self.state.prepare(batch, 1, 2)", "self.state.prepare(batch, None, 1, 2)")
SUBJECT = "[Model Runner V2] Use unpadded num_tokens for PW CUDA graph attn metadata (#36626)"

FOUND = {
    "self_chain": (
        "class A:\n    def go(self, batch):\n        return self.model_state.prepare(batch, 1, 2)\n",
        "return self.model_state.prepare(batch, 1, 2)",
    ),
    "param_chain": (
        "def go(runner, batch):\n    out = runner.model_state.prepare(\n        batch, 1, 2\n    )\n    return out\n",
        "out = runner.model_state.prepare(",
    ),
}
QUIET = {
    # Runner.build keeps (batch, tables, slots): the call may reach it
    "still_fits": "class B:\n    def go(self, batch):\n        return self.model_state.build(batch, 1, 2)\n",
    "starred": "class C:\n    def go(self, *args):\n        return self.model_state.prepare(*args)\n",
    "new_arity": "class D:\n    def go(self, batch):\n        return self.model_state.prepare(batch, None, 1, 2)\n",
}
FORKS = {f"pkg/aeon/{name}.py": text for name, (text, _) in FOUND.items()} | {
    f"pkg/aeon/{name}.py": text for name, text in QUIET.items()
}
INITS = {f"{d}/__init__.py": "" for d in ("pkg", "pkg/worker", "pkg/aeon")}


def findings(repo: GitRepo) -> dict[str, list[Finding]]:
    base = {**INITS, STATES: STATES_BASE, RUNNER: RUNNER_BASE}
    upstream = [(SUBJECT, {STATES: STATES_AFTER, RUNNER: RUNNER_AFTER})]
    rows = s.side_by_side(repo, base, FORKS, upstream, SYMBOL_DRIFT)
    return {path: [f for f in found if f.severity.value == "error"] for path, found in rows.items()}


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_call_no_def_fits_now_is_an_error(git_repo: GitRepo, name: str) -> None:
    text, line = FOUND[name]
    rows = [(f.line, f.severity.value) for f in findings(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(text, line), "error")]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"pkg/aeon/{name}.py"] == []


# review129: a def of the name the engine does not read as a method -- a module-level function of the fork's,
# served by a module held on an attribute, or a method of a class local to a function -- may be the one the call
# reaches, and may fit it: the call stays quiet (round 1 erred).  A fork's own method of the name that is read
# and does not fit the call leaves the error standing (round 3).
UNREAD = {
    "module_function": "\n\ndef prepare(batch, tables, slots):\n    return batch\n\n\n"
    "class Holder:\n    def __init__(self, ops):\n        self.ops = ops\n\n"
    "    def go(self, batch):\n        return self.ops.prepare(batch, 1, 2)\n",
    "local_class": "\n\ndef make():\n    class Local:\n        def prepare(self, batch, tables, slots):\n            return batch\n\n"
    "    class Holder:\n        def __init__(self):\n            self.local = Local()\n\n"
    "        def go(self, batch):\n            return self.local.prepare(batch, 1, 2)\n\n"
    "    return Holder()\n",
}
READ_MISFIT = (
    "\n\nclass AeonOne:\n    def prepare(self):\n        return None\n\n\n"
    "class Holder:\n    def go(self, batch):\n        return self.one.prepare(batch, 1, 2)\n"
)


def _forked(added: str) -> str:
    """The runner with the fork's addition above it (appended, it would conflict with upstream's last line)."""
    return added.lstrip() + "\n\n" + RUNNER_BASE


def _fork_runner(repo: GitRepo, added: str) -> list[Finding]:
    base = {**INITS, STATES: STATES_BASE, RUNNER: RUNNER_BASE}
    upstream = [(SUBJECT, {STATES: STATES_AFTER, RUNNER: RUNNER_AFTER})]
    rows = s.side_by_side(repo, base, {RUNNER: _forked(added)}, upstream, SYMBOL_DRIFT)
    return [f for f in rows.get(RUNNER, []) if f.severity.value == "error" and "prepare" in f.message]


@pytest.mark.parametrize("name", sorted(UNREAD))
def test_a_def_not_read_as_a_method_keeps_the_call_quiet(git_repo: GitRepo, name: str) -> None:
    assert _fork_runner(git_repo, UNREAD[name]) == []


def test_a_read_method_of_the_fork_that_does_not_fit_leaves_the_error(git_repo: GitRepo) -> None:
    text = _forked(READ_MISFIT)
    rows = [f.line for f in _fork_runner(git_repo, READ_MISFIT)]
    assert rows == [line_of(text, "return self.one.prepare(batch, 1, 2)")]
