"""A method's store of its own result moved out to its callers: a fork call dropping the result stores nothing.

#29570 (0aeb698b77): ``GPUModelRunner.propose_draft`` stored ``self.req_states.draft_tokens[...] = draft_tokens``
before returning them; now ``execute_model`` binds the result and stores it.  A fork subclass calling
``self.propose_draft(...)`` for what it does (a statement, or ``_ = ...``) leaves the drafts stale
(blind_replay_cgutils).  A warning on the call.  Quiet: the result bound and stored by the fork, the result used,
a subclass with its own method of the name, a class deriving something else, a target the method still stores.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

RUNNER = "pkg/worker/runner.py"
BASE = """class Runner:
    def draft(self, batch):
        tokens = self.model(batch)
        self.state.tokens[batch.idx] = tokens
        return tokens

    def score(self, batch):
        value = self.model(batch)
        self.last_score = value
        return value

    def keep(self, batch):
        out = self.model(batch)
        self.kept = out
        return out

    def step(self, batch):
        self.draft(batch)
        self.score(batch)
        self.keep(batch)
"""
AFTER = (
    BASE.replace("        self.state.tokens[batch.idx] = tokens\n", "")
    .replace("        self.last_score = value\n", "")
    .replace(
        "        self.draft(batch)\n        self.score(batch)\n",
        "        tokens = self.draft(batch)\n        self.state.tokens[batch.idx] = tokens\n"
        "        value = self.score(batch)\n        self.last_score = value\n",
    )
    .replace("        self.kept = out\n", "        self.kept = out\n        self.seen = True\n")
)
SUBJECT = "[Model Runner V2] Minor code cleanup (#29570)"
HEAD = "from pkg.worker.runner import Runner\n\n\n"

FOUND = {
    "statement": (
        HEAD + "class A(Runner):\n    def redraft(self, batch):\n        self.draft(batch)\n",
        "self.draft(batch)",
    ),
    "underscore": (
        HEAD + "class B(Runner):\n    def redraft(self, batch):\n        _ = self.draft(batch)\n        return batch\n",
        "_ = self.draft(batch)",
    ),
    "plain_attribute": (
        HEAD + "class C(Runner):\n    def rescore(self, batch):\n        self.score(batch)\n",
        "self.score(batch)",
    ),
    "super_from_override": (
        HEAD + "class D(Runner):\n    def draft(self, batch):\n        super().draft(batch)\n        return None\n",
        "super().draft(batch)",
    ),
}
QUIET = {
    "stored": HEAD + "class E(Runner):\n    def redraft(self, batch):\n        tokens = self.draft(batch)\n"
    "        self.state.tokens[batch.idx] = tokens\n",
    "used": HEAD + "class F(Runner):\n    def redraft(self, batch):\n        tokens = self.draft(batch)\n"
    "        return tokens\n",
    "own_method": HEAD + "class G(Runner):\n    def draft(self, batch):\n        return batch\n\n"
    "    def redraft(self, batch):\n        self.draft(batch)\n",
    "other_base": "class Other:\n    def draft(self, batch):\n        return batch\n\n\n"
    "class H(Other):\n    def redraft(self, batch):\n        self.draft(batch)\n",
    "still_stored": HEAD + "class I(Runner):\n    def rekeep(self, batch):\n        self.keep(batch)\n",
}
FORKS = {f"pkg/aeon/{name}.py": text for name, (text, _) in FOUND.items()} | {
    f"pkg/aeon/{name}.py": text for name, text in QUIET.items()
}
INITS = {f"{d}/__init__.py": "" for d in ("pkg", "pkg/worker", "pkg/aeon")}


def findings(repo: GitRepo) -> dict[str, list[Finding]]:
    base = {**INITS, RUNNER: BASE}
    upstream = [(SUBJECT, {RUNNER: AFTER})]
    rows = s.side_by_side(repo, base, FORKS, upstream, SYMBOL_DRIFT)
    return {path: [f for f in found if "drops its result" in f.message] for path, found in rows.items()}


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_dropped_result_is_warned(git_repo: GitRepo, name: str) -> None:
    text, line = FOUND[name]
    rows = [(f.line, f.severity.value) for f in findings(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(text, line), "warning")]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"pkg/aeon/{name}.py"] == []
