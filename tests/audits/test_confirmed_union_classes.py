"""Confirmed-union drift, widened (killers195): a return union gained a project's class that surely lacks what the
fork reads, spelt ``Union[...]`` or ``A | B``.

Shaped like #23569 (cee182b297): ``Worker.execute_model -> Optional[ModelRunnerOutput]`` made ``->
Optional[Union[ModelRunnerOutput, AsyncModelRunnerOutput]]``, an ABC whose one member is ``get_output``, and
upstream's own code went to ``isinstance(output, (ModelRunnerOutput, AsyncModelRunnerOutput))``.  A fork's
``output.sampled_token_ids`` off ``super().execute_model(...)`` raises AttributeError under async scheduling.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

RUNNER = "pkg/runner.py"
BASE = """from typing import Optional


class Output:
    def __init__(self, ids: list[int]) -> None:
        self.ids = ids


class Runner:
    def step(self, n: int) -> Optional[Output]:
        return Output(list(range(n))) if n else None


def drive(runner: Runner) -> int:
    out = runner.step(3)
    return len(out.ids) if out is not None else 0
"""
PENDING = """

class Pending(ABC):
    @abstractmethod
    def get_output(self) -> Output:
        raise NotImplementedError


class _Ready(Pending):
    def __init__(self, out: Output) -> None:
        self._out = out

    def get_output(self) -> Output:
        return self._out
"""
NEW = (
    BASE.replace(
        "from typing import Optional\n", "from abc import ABC, abstractmethod\nfrom typing import Optional, Union\n"
    )
    .replace("        self.ids = ids\n", "        self.ids = ids\n" + PENDING)
    .replace("-> Optional[Output]:", "-> Optional[Union[Output, Pending]]:")
    .replace("return Output(list(range(n))) if n else None", "return _Ready(Output(list(range(n)))) if n else None")
    .replace(
        "    return len(out.ids) if out is not None else 0\n",
        "    return len(out.ids) if isinstance(out, (Output, Pending)) else 0\n",
    )
)
SUBJECT = "[Perf] Fully overlap model execution (#23569)"
FORK = "pkg/aeon_meter.py"
HEAD = "# AEON: the throughput meter\nfrom pkg.runner import Output, Pending, Runner\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = NEW) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {RUNNER: BASE}, {FORK: HEAD + text}, [(SUBJECT, {RUNNER: new})])
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


SUPER = (
    "class AeonRunner(Runner):\n"
    "    def step(self, n: int):\n"
    "        got = super().step(n)\n"
    "        if got:\n"
    "            self.seen = len(got.ids)\n"
    "        return got\n"
)


def test_a_field_read_off_super_of_a_union_spelt_union_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = run(git_repo, no_rules, SUPER)
    assert (line, severity) == (9, "error")
    assert "reads .ids off what Runner.step() returns, which upstream made Optional[Union[Output, Pending]]" in message


@pytest.mark.parametrize(
    ("text", "line"),
    [
        # a receiver annotated as the class, the read in a comprehension
        (
            "def a(runner: Runner) -> list[int]:\n    out = runner.step(2)\n    return [i for i in out.ids] if out else []\n",
            7,
        ),
        # a read past an early None return
        (
            "def a(runner: Runner) -> int:\n    out = runner.step(2)\n    if out is None:\n        return 0\n    return out.ids[0]\n",
            9,
        ),
    ],
)
def test_other_spellings_are_errors(git_repo: GitRepo, no_rules: Path, text: str, line: int) -> None:
    [(got, severity, _)] = run(git_repo, no_rules, text)
    assert (got, severity) == (line, "error")


def test_the_pipe_spelling_is_an_error_too(git_repo: GitRepo, no_rules: Path) -> None:
    new = NEW.replace("-> Optional[Union[Output, Pending]]:", "-> Output | Pending | None:")
    [(line, severity, _)] = run(git_repo, no_rules, SUPER, new=new)
    assert (line, severity) == (9, "error")


@pytest.mark.parametrize(
    "text",
    [
        # the member told apart
        "def a(runner: Runner) -> int:\n    out = runner.step(2)\n    return len(out.ids) if isinstance(out, Output) else 0\n",
        # a member the gained class has: the new spelling
        "def a(runner: Runner) -> int:\n    out = runner.step(2)\n    return len(out.get_output().ids) if out else 0\n",
        # probed first
        "def a(runner: Runner) -> int:\n    out = runner.step(2)\n    return len(out.ids) if hasattr(out, 'ids') else 0\n",
        # the fork's own subclass of the gained class gives it the member: it may be what the runner hands back
        "class AeonPending(Pending):\n    ids: list[int] = []\n\n    def get_output(self) -> Output:\n        return Output(self.ids)\n\n\n"
        "def a(runner: Runner) -> int:\n    out = runner.step(2)\n    return len(out.ids) if out else 0\n",
        # review102: the fork gives the gained class the member with setattr, or a __getattr__ answering all
        "setattr(Pending, 'ids', property(lambda self: self.get_output().ids))\n\n\n"
        "def a(runner: Runner) -> int:\n    out = runner.step(2)\n    return len(out.ids) if out else 0\n",
        "Pending.__getattr__ = lambda self, name: getattr(self.get_output(), name)\n\n\n"
        "def a(runner: Runner) -> int:\n    out = runner.step(2)\n    return len(out.ids) if out else 0\n",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # upstream's subclass has the member
        ("        self._out = out\n", "        self._out = out\n        self.ids = out.ids\n"),
        # the gained class answers every attribute
        (
            "class Pending(ABC):\n",
            "class Pending(ABC):\n    def __getattr__(self, name: str) -> object:\n        return None\n\n",
        ),
        # a base out of sight may have it
        ("class Pending(ABC):\n", "class Pending(Output):\n"),
        # a grandchild of upstream's has it
        (
            "\n\nclass _Ready(Pending):\n",
            "\n\nclass _Mid(Pending):\n    pass\n\n\nclass _Deep(_Mid):\n    ids: list[int] = []\n\n\nclass _Ready(Pending):\n",
        ),
        # patched on after the class body
        ("\n\nclass _Ready(Pending):\n", "\n\nPending.ids = []\n\n\nclass _Ready(Pending):\n"),
    ],
)
def test_a_gained_class_that_may_have_the_member_is_quiet(
    git_repo: GitRepo, no_rules: Path, old: str, new: str
) -> None:
    assert old in NEW
    assert run(git_repo, no_rules, SUPER, new=NEW.replace(old, new)) == []


def test_a_gained_class_with_an_outside_base_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    new = NEW.replace(
        "from abc import ABC, abstractmethod\n", "from abc import ABC, abstractmethod\nfrom json import JSONDecoder\n"
    )
    assert (
        run(git_repo, no_rules, SUPER, new=new.replace("class Pending(ABC):\n", "class Pending(JSONDecoder):\n")) == []
    )


def test_a_read_under_a_test_naming_the_gained_class_word_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """review102 (#23569's ``if not self.model_runner.use_async_scheduling: output.req_ids``): a flag carrying the
    word that sets the gained ``Pending`` apart from the kept ``Output`` may keep the new kind out."""
    text = "def a(runner: Runner, no_pending: bool) -> int:\n    out = runner.step(2)\n    return len(out.ids) if out and no_pending else 0\n"
    [(line, severity, message)] = run(git_repo, no_rules, text)
    assert (line, severity) == (7, "warning")
    assert "the function tests no_pending" in message


def test_a_test_naming_only_a_kept_word_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``output_ready`` shares a word with the kept ``Output`` only: it tells nothing of ``Pending``."""
    text = "def a(runner: Runner, output_ready: bool) -> int:\n    out = runner.step(2)\n    return len(out.ids) if out and output_ready else 0\n"
    [(line, severity, _)] = run(git_repo, no_rules, text)
    assert (line, severity) == (7, "error")


def test_a_class_read_on_many_lines_is_grepped_once(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """perf35: tree surfaces asked ``git grep`` for the gained class's declaration and its subclasses again for
    each read of it (three per read); each is asked once a merge now (of a grep or, since perf36, of the few
    files' blobs), and each read still errs."""
    greps: list[tuple[str, ...]] = []
    real = repo.files_containing

    def counted(path: Path, rev: str, words: Sequence[str], pathspecs: Sequence[str]) -> frozenset[str]:
        greps.append(tuple(words))
        return real(path, rev, words, pathspecs)

    monkeypatch.setattr(repo, "files_containing", counted)
    held = repo.files_holding  # perf36: a few files' asks answered from their blobs, no grep process

    def counted_held(
        path: Path, rev: str, word_sets: Sequence[Sequence[str]], paths: Sequence[str]
    ) -> list[frozenset[str]] | None:
        greps.extend(tuple(words) for words in word_sets)
        return held(path, rev, word_sets, paths)

    monkeypatch.setattr(repo, "files_holding", counted_held)
    reads = "".join(f"    b{i} = len(out.ids) + out.ids[{i}]\n" for i in range(3))
    text = f"def a(runner: Runner) -> int:\n    out = runner.step(2)\n{reads}    return b0\n"
    found = run(git_repo, no_rules, text)
    assert {(line, severity) for line, severity, _ in found} == {(7, "error"), (8, "error"), (9, "error")}
    assert greps.count(("class Pending",)) == 1
    assert greps.count(("Pending",)) == 2  # the fork's tree and upstream's


CONFIRM = "    return len(out.ids) if isinstance(out, (Output, Pending)) else 0\n"


@pytest.mark.parametrize(
    "spelt",
    ["Output | Pending", "Output | Pending | type(None)", "(Output | Pending, type(None))"],
    ids=["a | of kinds", "with NoneType", "a | inside a tuple"],
)
def test_upstreams_confirming_test_spelt_with_a_pipe_confirms(git_repo: GitRepo, no_rules: Path, spelt: str) -> None:
    """#31584 (6c2cfb62ff): upstream's worker tests the runner's output with ``isinstance(output,
    ModelRunnerOutput | AsyncModelRunnerOutput | NoneType)``, a ``|`` of kinds naming the kept member."""
    new = NEW.replace(CONFIRM, CONFIRM.replace("(Output, Pending)", spelt))
    [(line, severity, _)] = run(git_repo, no_rules, SUPER, new=new)
    assert (line, severity) == (9, "error")


def test_a_pipe_test_naming_no_kept_member_confirms_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    """A ``|`` test of the gained class and another, never the kept ``Output``: no word of the old kind."""
    new = NEW.replace(CONFIRM, CONFIRM.replace("(Output, Pending)", "Pending | str"))
    assert run(git_repo, no_rules, SUPER, new=new) == []
