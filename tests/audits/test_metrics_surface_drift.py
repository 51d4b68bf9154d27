"""Drift on the v1 metrics surface: the misses of the metrics blind replay (benchmarks/blind_replay_metrics.py).

Each class is shaped like a real upstream commit, with fork code written the way a fork's stat logger is:

- an argument the fork's own function annotates as the old type, passed by position into a slot upstream
  renamed and retyped (vLLM #13774, 4167252eaf: ``update_from_finished_request(finish_reason,
  request_output: "RequestOutput", req_stats)`` became ``(finish_reason, num_prompt_tokens: int,
  req_stats)``; the fork's ``stats.update_from_finished_request(reason, out, rs)`` with ``out:
  RequestOutput`` still binds and hands the body an object where it now adds a number).
- a container a fork line uses as one, where upstream now sets a number (vLLM #20529, a8936e5193:
  ``LoggingStatLogger._reset`` set ``self.num_prompt_tokens: list[int] = []``, now ``: int = 0``; a fork
  subclass's ``self.num_prompt_tokens.append(n)`` raises AttributeError, its ``len(...)`` TypeError).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT, TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

STATS = "vllm/v1/metrics/stats.py"
STATS_BASE = """class RequestOutput:
    prompt_token_ids: list[int] = []


class IterationStats:
    def __init__(self) -> None:
        self.num_prompt_tokens = 0

    def update_from_finished_request(self, finish_reason: str, request_output: "RequestOutput", req_stats: dict):
        self.num_prompt_tokens += len(request_output.prompt_token_ids)
"""
STATS_THEIRS = STATS_BASE.replace('request_output: "RequestOutput"', "num_prompt_tokens: int").replace(
    "len(request_output.prompt_token_ids)", "num_prompt_tokens"
)
FINISH = "vllm/aeon/finish.py"
FINISH_SUBJECT = "[V1] Refactor parallel sampling support (#13774)"


def _rows(git_repo: GitRepo, no_rules: Path, base: dict, fork: dict, theirs: dict, subject: str, rule: str, path: str):
    sides = s.merge_case(git_repo, base, fork, [(subject, theirs)])
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value) for f in report.findings if f.rule_id == rule and f.path == path]


@pytest.mark.parametrize(
    ("signature", "upstream", "expected"),
    [
        ("out: RequestOutput", STATS_THEIRS, [(8, "error")]),
        ("out: 'RequestOutput | None'", STATS_THEIRS, [(8, "error")]),
        ("out: int", STATS_THEIRS, []),
        ("out", STATS_THEIRS, []),
        ("out: RequestOutput", STATS_BASE.replace('request_output: "RequestOutput"', "output: RequestOutput"), []),
    ],
    ids=[
        "annotated as the old type",
        "quoted and optional",
        "twin: annotated as the new type",
        "twin: unannotated",
        "twin: renamed, not retyped",
    ],
)
def test_an_argument_typed_as_the_old_slot(
    git_repo: GitRepo, no_rules: Path, signature: str, upstream: str, expected: list[tuple[int, str]]
) -> None:
    """A positional argument the fork's function annotates as the type of the parameter upstream renamed and
    retyped in its slot is the old kind of value, whatever its name: an error on the call."""
    fork = (
        "from vllm.v1.metrics.stats import IterationStats, RequestOutput\n\n\n"
        f"def aeon_finish(stats: IterationStats, reason: str, {signature}, rs: dict) -> None:\n"
        "    # AEON: the Spark router's per-request accounting\n"
        "    n = 1\n"
        "    del n\n"
        "    stats.update_from_finished_request(reason, out, rs)\n"
    )
    found = _rows(
        git_repo, no_rules, {STATS: STATS_BASE}, {FINISH: fork}, {STATS: upstream}, FINISH_SUBJECT, SYMBOL_DRIFT, FINISH
    )
    assert [f for f in found if f[1] == "error"] == expected


def test_an_argument_typed_as_the_old_slot_but_rebound_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The parameter rebound in the function (``out = out.num``) may hold anything by the call: quiet."""
    fork = (
        "from vllm.v1.metrics.stats import IterationStats, RequestOutput\n\n\n"
        "def aeon_finish(stats: IterationStats, reason: str, out: RequestOutput, rs: dict) -> None:\n"
        "    out = len(out.prompt_token_ids)  # AEON\n"
        "    stats.update_from_finished_request(reason, out, rs)  # AEON\n"
    )
    found = _rows(
        git_repo,
        no_rules,
        {STATS: STATS_BASE},
        {FINISH: fork},
        {STATS: STATS_THEIRS},
        FINISH_SUBJECT,
        SYMBOL_DRIFT,
        FINISH,
    )
    assert [f for f in found if f[1] == "error"] == []


@pytest.mark.parametrize(
    ("old", "new", "fork_type"),
    [
        ("request_output: list[int]", "num_prompt_tokens: Sequence[int]", "list[int]"),
        ("request_output: int", "num_prompt_tokens: float", "int"),
        ('request_output: "RequestOutput"', 'num_prompt_tokens: "PromptStats"', "RequestOutput"),
        ("request_output: list[int]", "num_prompt_tokens: TokenIds", "list[int]"),
    ],
    ids=[
        "twin: a list into a Sequence",
        "twin: an int into a float",
        "twin: a class into another class",
        "twin: a list into an alias of a list",
    ],
)
def test_an_argument_typed_as_the_old_slot_that_the_new_type_takes(
    git_repo: GitRepo, no_rules: Path, old: str, new: str, fork_type: str
) -> None:
    """The new type may take the old one's values (a protocol, a wider number, a base class of the tree):
    no error for an argument tied to the slot by its annotation alone."""
    base = STATS_BASE.replace('request_output: "RequestOutput"', old).replace(
        "len(request_output.prompt_token_ids)", "1"
    )
    base += "\n\nTokenIds = list[int]\n"
    upstream = base.replace(old, new)
    fork = (
        "from vllm.v1.metrics.stats import IterationStats, RequestOutput\n\n\n"
        f"def aeon_finish(stats: IterationStats, reason: str, out: {fork_type}, rs: dict) -> None:\n"
        "    stats.update_from_finished_request(reason, out, rs)  # AEON\n"
    )
    rows = _rows(
        git_repo, no_rules, {STATS: base}, {FINISH: fork}, {STATS: upstream}, FINISH_SUBJECT, SYMBOL_DRIFT, FINISH
    )
    assert [f for f in rows if f[1] == "error"] == []


LOGGERS = "vllm/v1/metrics/loggers.py"
LOGGERS_BASE = """class StatLoggerBase:
    pass


class LoggingStatLogger(StatLoggerBase):
    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.num_prompt_tokens: list[int] = []
        self.num_generation_tokens: list[int] = []
"""
LOGGERS_THEIRS = LOGGERS_BASE.replace("list[int] = []", "int = 0")
TOKENS = "vllm/aeon/tokens.py"
TOKENS_SUBJECT = "Refactor: Remove numpy dependency from LoggingStatLogger (#20529)"


def _token_logger(body: str) -> str:
    return (
        "from vllm.v1.metrics.loggers import LoggingStatLogger\n\n\n"
        "class AeonTokenLogger(LoggingStatLogger):\n"
        "    # AEON: the Spark's token counters for the fleet collector\n"
        "    def aeon_add(self, n: int):\n"
        f"        {body}\n"
    )


# The error rows below each put one fork module beside the same base and upstream (LOGGERS_THEIRS) and pin that
# module's errors: no row's module imports another's, so one merge and one audit of every such row's module side by
# side answers each of them (6 merges and audits became one per process; suitespeed10, as suitespeed8 and 9 did for
# other files).  The quiet rows, and a row of another upstream, keep a merge each.
_BATCHED: dict[str, list[tuple[int, str]]] = {}


def _errors_among_rows(git_repo: GitRepo, no_rules: Path, bodies: list[str], body: str) -> list[tuple[int, str]]:
    if not _BATCHED:
        paths = {text: f"vllm/aeon/tokens_{number}.py" for number, text in enumerate(bodies)}
        sides = s.merge_case(
            git_repo,
            {LOGGERS: LOGGERS_BASE},
            {path: _token_logger(text) for text, path in paths.items()},
            [(TOKENS_SUBJECT, {LOGGERS: LOGGERS_THEIRS})],
        )
        report = git_repo.audit(no_rules, merge=sides)
        every = [f.path for f in report.findings if f.rule_id == TYPE_DRIFT and f.severity.value == "error"]
        assert set(every) <= set(paths.values()), every
        for text, path in paths.items():
            found = [(f.line, f.severity.value) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == path]
            _BATCHED[text] = found
    return _BATCHED[body]


CONTAINER_ROWS = [
    ("self.num_prompt_tokens.append(n)", LOGGERS_THEIRS, [(7, "error")]),
    ("return len(self.num_generation_tokens)", LOGGERS_THEIRS, [(7, "error")]),
    ("return sum(self.num_generation_tokens)", LOGGERS_THEIRS, [(7, "error")]),
    ("for t in self.num_generation_tokens:\n            print(t)", LOGGERS_THEIRS, [(7, "error")]),
    ("for t in self.num_generation_tokens or ():\n            print(t)", LOGGERS_THEIRS, [(7, "error")]),
    ("return sum(self.num_generation_tokens or [])", LOGGERS_THEIRS, [(7, "error")]),
    ("return bool(self.num_prompt_tokens)", LOGGERS_THEIRS, []),
    ("return self.num_prompt_tokens or ()", LOGGERS_THEIRS, []),
    ("print(self.num_prompt_tokens)", LOGGERS_THEIRS, []),
    (
        "if isinstance(self.num_prompt_tokens, list):\n            self.num_prompt_tokens.append(n)",
        LOGGERS_THEIRS,
        [],
    ),
    ("return len(self.num_generation_tokens)", LOGGERS_BASE.replace("list[int] = []", "tuple[int, ...] = ()"), []),
]


@pytest.mark.parametrize(
    ("body", "upstream", "expected"),
    CONTAINER_ROWS,
    ids=[
        "a list method",
        "len()",
        "sum()",
        "a for loop",
        "a for loop through an empty default",
        "sum() through an empty default",
        "twin: a truth test",
        "twin: an empty default handed on",
        "twin: handed on",
        "twin: isinstance-guarded",
        "twin: a list made a tuple, len() kept",
    ],
)
def test_a_container_made_a_number(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str, expected: list[tuple[int, str]]
) -> None:
    """A field upstream now sets to a number where it set a list, used by a fork subclass as a sequence (a
    list method, ``len()``/``sum()`` of it, a loop over it): it raises on first use (type drift)."""
    if expected and upstream is LOGGERS_THEIRS:
        loud = [text for text, theirs, errors in CONTAINER_ROWS if errors and theirs is LOGGERS_THEIRS]
        found = _errors_among_rows(git_repo, no_rules, loud, body)
    else:
        base, theirs = {LOGGERS: LOGGERS_BASE}, {LOGGERS: upstream}
        found = _rows(
            git_repo, no_rules, base, {TOKENS: _token_logger(body)}, theirs, TOKENS_SUBJECT, TYPE_DRIFT, TOKENS
        )
    assert [f for f in found if f[1] == "error"] == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("    finish = lambda out: stats.update_from_finished_request(reason, out, rs)\n", []),
        ("    finish = lambda n: stats.update_from_finished_request(reason, out, rs)\n", [(5, "error")]),
    ],
    ids=["twin: a lambda's own parameter of the name", "the def's parameter read in a lambda"],
)
def test_an_argument_typed_as_the_old_slot_in_a_lambda(
    git_repo: GitRepo, no_rules: Path, line: str, expected: list[tuple[int, str]]
) -> None:
    """A lambda taking a parameter of the same name shadows the annotated one: the call hands on what the
    lambda is given, of no kind the fork wrote."""
    fork = (
        "from vllm.v1.metrics.stats import IterationStats, RequestOutput\n\n\n"
        "def aeon_finish(stats: IterationStats, reason: str, out: RequestOutput, rs: dict) -> None:\n"
        f"{line}"
        "    finish(len(out.prompt_token_ids))  # AEON\n"
    )
    found = _rows(
        git_repo,
        no_rules,
        {STATS: STATS_BASE},
        {FINISH: fork},
        {STATS: STATS_THEIRS},
        FINISH_SUBJECT,
        SYMBOL_DRIFT,
        FINISH,
    )
    assert [f for f in found if f[1] == "error"] == expected


def test_the_annotated_argument_is_found_without_walking_every_function(monkeypatch: pytest.MonkeyPatch) -> None:
    """A call's function comes off one map a module, not a walk of every function a call (1,200 calls of a
    module took 220 s): ``ast.walk`` runs a bounded number of times a call, whatever the module's size."""
    import ast
    from collections.abc import Iterator

    from aeon_release.domain.audits.drift import symbols

    text = "".join(f"def f{i}(out: RequestOutput) -> None:\n    g(out)\n\n\n" for i in range(200))
    tree = ast.parse(text)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    walks = 0
    walk = ast.walk

    def counted(node: ast.AST) -> Iterator[ast.AST]:
        nonlocal walks
        walks += 1
        return walk(node)

    monkeypatch.setattr(symbols.ast, "walk", counted)
    assert all(symbols._annotated_as(tree, call, call.args[0], "RequestOutput") for call in calls)
    assert walks <= 3 * len(calls)
