"""Wrapped values: a fork builds a class with a bare value for a field upstream now types as a wrapper class.

Shaped like #21845 (56bd537dde): ``UtilityOutput.result: Any = None`` became ``result: Optional[UtilityResult] =
None`` (``UtilityResult`` new, holding the value in ``.result``), and the client now reads ``output.result.result``:
a fork's ``UtilityOutput(call_id, result=value)`` hands it the bare value.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

WIRE = "vllm/wire/outputs.py"
BASE = """from dataclasses import dataclass
from typing import Any, Optional


@dataclass
class Spec:
    size: int = 0


class Output:
    call_id: int
    result: Any = None
    extra: Any = None
    spec: Any = None
    note: Optional[str] = None


class Holder:
    out: Optional[Output] = None


class Reply:
    def __init__(self, call_id: int, payload: Any = None) -> None:
        self.call_id = call_id
        self.payload = payload
"""
UPSTREAM = (
    BASE.replace(
        "class Output:",
        "class Result:\n    def __init__(self, r: Any = None) -> None:\n        self.result = r\n\n\nclass Output:",
    )
    .replace("    result: Any = None\n", "    result: Optional[Result] = None\n")
    .replace("    extra: Any = None\n", "    extra: Result | int | None = None\n")
    .replace("    spec: Any = None\n", "    spec: Spec | None = None\n")
    .replace("payload: Any = None", "payload: Result | None = None")
)
HEAD = "from vllm.wire.outputs import Output, Reply, Result\n\n\n"
OLD_HEAD = "from vllm.wire.outputs import Holder, Output, Reply\n\n\n"
FORK = "vllm/aeon/wire.py"


FILES = {WIRE: BASE, "vllm/wire/__init__.py": "", "vllm/__init__.py": ""}
PULL: list[tuple[str, dict[str, str | None]]] = [
    ("[Misc] Support more collective_rpc return types (#21845)", {WIRE: UPSTREAM})
]


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, FILES, {FORK: body}, PULL)
    found = s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT)
    return [(r[1], r[2]) for r in found if r[0] == FORK and "upstream now types" in r[3]]


def rows_among_errors(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    """``rows`` of ``body``, from one merge and one audit of every ``BARE_VALUES`` module side by side (each one def
    beside the same base and upstream, none importing another's: 4 merges and audits became one per process;
    suitespeed14, through ``drift_shapes.audited_row``)."""
    _, found = s.audited_row(git_repo, no_rules, FILES, BARE_VALUES, body, PULL, TYPE_DRIFT, "vllm/aeon")
    return [(f.line, f.severity.value) for f in found if "upstream now types" in f.message]


BARE_ROWS = [
    (OLD_HEAD + "def probe(cid: int) -> Output:\n    return Output(call_id=cid, result=[1, 2])\n", "[1, 2]"),
    (OLD_HEAD + "def probe(cid: int) -> Output:\n    return Output(call_id=cid, result=0.5)\n", "0.5"),
    (
        OLD_HEAD + "def probe(cid: int, rate: float) -> Output:\n    return Output(\n        call_id=cid,\n"
        "        result=rate * 2,\n    )\n",
        "rate * 2",
    ),
    # a plain class's constructor parameter, a parameter of the fork's def
    (OLD_HEAD + "def reply(cid: int, body: dict) -> Reply:\n    return Reply(cid, payload=body)\n", "payload="),
]
BARE_VALUES = [body for body, _ in BARE_ROWS]


@pytest.mark.parametrize(
    ("body", "needle"),
    BARE_ROWS,
    ids=["display", "constant", "operation on a later line", "constructor parameter"],
)
def test_a_bare_value_for_a_field_now_a_wrapper_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, needle: str
) -> None:
    assert rows_among_errors(git_repo, no_rules, body) == [(line_of(body, needle), "error")]


def test_a_value_that_may_be_a_wrapper_now_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        OLD_HEAD + "def compute() -> object:\n    return 1\n\n\ndef probe() -> Output:\n"
        "    return Output(call_id=0, result=compute())\n"
    )
    assert rows(git_repo, no_rules, body) == [(line_of(body, "compute())"), "warning")]


@pytest.mark.parametrize(
    "body",
    [
        OLD_HEAD + "def probe() -> Output:\n    return Output(call_id=0, result=None)\n",
        HEAD + "def probe(v: object) -> Output:\n    return Output(call_id=0, result=Result(v))\n",
        OLD_HEAD + "def copy(o: Output) -> Output:\n    return Output(call_id=1, result=o.result)\n",
        HEAD + "def probe(r: Result) -> Output:\n    return Output(call_id=0, result=r)\n",
        # widened, not replaced: an int still fits
        OLD_HEAD + "def probe() -> Output:\n    return Output(call_id=0, extra=3)\n",
        # a decorated class (a pydantic dataclass coerces a dict)
        OLD_HEAD + "def probe() -> Output:\n    return Output(call_id=0, spec={'size': 2})\n",
        # a field upstream left alone
        OLD_HEAD + "def probe() -> Output:\n    return Output(call_id=0, note='x')\n",
        # the fork's own namesake class
        "class Output:\n    def __init__(self, call_id: int, result: object) -> None:\n        self.result = result\n\n\n"
        "def probe() -> Output:\n    return Output(call_id=0, result=[1])\n",
    ],
    ids=["None", "wrapped", "handed on", "typed parameter", "widened", "decorated", "other field", "namesake"],
)
def test_twin_a_value_that_fits_the_field_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        (OLD_HEAD + "def rate(o: Output) -> float:\n    return o.result * 2\n", "o.result * 2"),
        (OLD_HEAD + "def hit(o: Optional[Output]) -> bool:\n    return o.result == 3\n", "o.result == 3"),
        (
            OLD_HEAD + "def size(h: Holder) -> int:\n    out = h.out\n    assert out is not None\n"
            "    return len(out.result)\n",
            "len(out.result)",
        ),
    ],
    ids=["arithmetic", "compared with a constant", "through an annotated field"],
)
def test_a_read_of_a_wrapped_field_as_the_bare_value_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, needle: str
) -> None:
    body = "from typing import Optional\n\n" + body
    assert rows(git_repo, no_rules, body) == [(line_of(body, needle), "error")]


@pytest.mark.parametrize(
    "body",
    [
        OLD_HEAD + "def rate(o: Output) -> float:\n    return float(o.result.result)\n",
        OLD_HEAD + "def value(o: Output) -> object:\n    return o.result\n",
        OLD_HEAD + "def empty(o: Output) -> bool:\n    return o.result is None\n",
        OLD_HEAD + "def rate(o) -> float:\n    return float(o.result)\n",
        OLD_HEAD + "def rate(o: Output) -> float:\n    return float(o.note)\n",
        "class Output:\n    result: float = 0.0\n\n\ndef rate(o: Output) -> float:\n    return o.result * 2\n",
    ],
    ids=["unwrapped", "handed on", "None test", "untyped", "other field", "namesake"],
)
def test_twin_a_read_that_unwraps_or_hands_on_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # the bare build for an upstream before the wrapper, in the handler of a try importing it (review105)
        OLD_HEAD + "def probe(v: object) -> Output:\n    try:\n        from vllm.wire.outputs import Result\n"
        "    except ImportError:\n        return Output(call_id=0, result=v)\n"
        "    return Output(call_id=0, result=Result(v))\n",
        # the wrapper built off its module
        "import vllm.wire.outputs as wire\n" + OLD_HEAD + "def probe(v: object) -> Output:\n"
        "    return Output(call_id=0, result=wire.Result(v))\n",
    ],
    ids=["except ImportError", "module's wrapper"],
)
def test_twin_a_build_for_older_upstreams_or_wrapped_off_a_module_is_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_bare_build_in_a_handler_of_another_import_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    # the try imports something else: its handler may run, the bare value still lands in the wrapped field
    body = (
        OLD_HEAD + "def probe(v: object) -> Output:\n    try:\n        import numpy\n"
        "    except ImportError:\n        return Output(call_id=0, result=[1])\n"
        "    return Output(call_id=0, result=[numpy.pi])\n"
    )
    assert rows(git_repo, no_rules, body) == [
        (line_of(body, "result=[1]"), "error"),
        (line_of(body, "[numpy.pi]"), "error"),
    ]


def test_twin_a_read_the_fork_tests_for_the_wrapper_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "from vllm.wire.outputs import Output, Result\n\n\ndef rate(o: Output) -> float:\n"
        "    if isinstance(o.result, Result):\n        return float(o.result.result)\n"
        "    return float(o.result)\n"
    )
    assert rows(git_repo, no_rules, body) == []
