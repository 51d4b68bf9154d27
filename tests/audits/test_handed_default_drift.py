"""Handed-on default drift: the fork builds upstream's model on a default upstream changed, and hands it on.

#36379 (bc2c0c86ef) flipped ``StreamOptions.include_usage`` True -> False.  ``request.stream_options =
StreamOptions()`` reads nothing in the fork's code; upstream's serving code reads the field, and the usage
chunk the fork asked for is gone.  Twins: the field passed, the instance built from a dict (``**``), the
fork's own class of the name, a field upstream left alone, a field the fork sets elsewhere.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PROTOCOL = "vllm/entrypoints/protocol.py"
PROTOCOL_BASE = """from pydantic import BaseModel


class StreamOptions(BaseModel):
    include_usage: bool | None = True
    continuous_usage_stats: bool | None = False


class ChatRequest(BaseModel):
    stream: bool = False
    stream_options: StreamOptions | None = None
"""
PROTOCOL_AFTER = PROTOCOL_BASE.replace("include_usage: bool | None = True", "include_usage: bool | None = False")
SERVING = "vllm/entrypoints/serving.py"
SERVING_TEXT = """from vllm.entrypoints.protocol import ChatRequest


def usage_chunk(request: ChatRequest) -> bool:
    return bool(request.stream_options and request.stream_options.include_usage)
"""
SUBJECT = "[Frontend] Fix usage incorrectly returned with empty stream_options` (#36379)"
FORK = "vllm/aeon_usage.py"
IMPORT = "from vllm.entrypoints.protocol import ChatRequest, StreamOptions\n\n\n"
ASSIGNED = IMPORT + "def force(request: ChatRequest) -> None:\n    request.stream_options = StreamOptions()\n"
PASSED = (
    IMPORT + "def make(stream: bool) -> ChatRequest:\n"
    "    return ChatRequest(stream=stream, stream_options=StreamOptions(continuous_usage_stats=True))\n"
)
MODULE = (
    "from vllm.entrypoints import protocol\n\n\n"
    "def force(request: protocol.ChatRequest) -> None:\n    opts = protocol.StreamOptions()\n"
    "    request.stream_options = opts\n"
)
# twins
GIVEN = (
    IMPORT
    + "def force(request: ChatRequest) -> None:\n    request.stream_options = StreamOptions(include_usage=True)\n"
)
SPREAD = (
    IMPORT
    + "def force(request: ChatRequest, given: dict) -> None:\n    request.stream_options = StreamOptions(**given)\n"
)
OWN = (
    "from dataclasses import dataclass\n\n\n@dataclass\nclass StreamOptions:\n    include_usage: bool = True\n\n\n"
    "def force(request) -> None:\n    request.stream_options = StreamOptions()\n"
)
READ = IMPORT + "def reports() -> bool:\n    return bool(StreamOptions().include_usage)\n"
PINNED = (
    ASSIGNED
    + "\n\nDEFAULTS = {'include_usage': True}\n\n\ndef pin(opts: StreamOptions) -> None:\n    opts.include_usage = True\n"
)


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream: dict[str, str | None]) -> list[tuple[int, str]]:
    base = {PROTOCOL: PROTOCOL_BASE, SERVING: SERVING_TEXT}
    sides = s.merge_case(git_repo, base, {FORK: fork}, [(SUBJECT, upstream)])
    return [(line, sev) for path, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT) if path == FORK]


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [(ASSIGNED, "StreamOptions()"), (PASSED, "StreamOptions(continuous"), (MODULE, "protocol.StreamOptions()")],
    ids=["assigned", "passed-as-a-keyword", "off-the-module-through-a-local"],
)
def test_a_model_built_on_a_flipped_default_and_handed_on_is_an_error(
    git_repo: GitRepo, no_rules: Path, fork: str, needle: str
) -> None:
    assert _rows(git_repo, no_rules, fork, {PROTOCOL: PROTOCOL_AFTER}) == [(_line(fork, needle), "error")]


def test_a_flipped_default_nothing_upstream_reads_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    upstream: dict[str, str | None] = {
        PROTOCOL: PROTOCOL_AFTER,
        SERVING: "def usage_chunk() -> bool:\n    return True\n",
    }
    assert _rows(git_repo, no_rules, ASSIGNED, upstream) == [(_line(ASSIGNED, "StreamOptions()"), "warning")]


@pytest.mark.parametrize("fork", [GIVEN, SPREAD, OWN, PINNED], ids=["given", "spread", "own-class", "pinned"])
def test_a_model_that_does_not_rely_on_the_default_stays_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert _rows(git_repo, no_rules, fork, {PROTOCOL: PROTOCOL_AFTER}) == []


def test_a_default_upstream_left_alone_says_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    kept = PROTOCOL_BASE.replace("stream: bool = False", "stream: bool = False  # streamed chunks")
    assert _rows(git_repo, no_rules, ASSIGNED, {PROTOCOL: kept}) == []


def test_a_read_at_once_is_field_defaults_and_said_once(git_repo: GitRepo, no_rules: Path) -> None:
    rows = _rows(git_repo, no_rules, READ, {PROTOCOL: PROTOCOL_AFTER})
    assert rows == [(_line(READ, ".include_usage"), "error")]


RETURNED = IMPORT + "def make() -> StreamOptions:\n    opts = StreamOptions()\n    return opts\n"
# twins: the instance never leaves the fork's function
KEPT = IMPORT + "def stats() -> bool:\n    opts = StreamOptions()\n    return bool(opts.continuous_usage_stats)\n"
SHOWN = IMPORT + "def show() -> str:\n    return repr(StreamOptions())\n"


def test_a_local_returned_on_a_flipped_default_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    assert _rows(git_repo, no_rules, RETURNED, {PROTOCOL: PROTOCOL_AFTER}) == [
        (_line(RETURNED, "StreamOptions()"), "error")
    ]


@pytest.mark.parametrize("fork", [KEPT, SHOWN], ids=["local-read-only", "repr"])
def test_twin_an_instance_that_never_leaves_the_function_is_no_error(
    git_repo: GitRepo, no_rules: Path, fork: str
) -> None:
    assert [line for line, sev in _rows(git_repo, no_rules, fork, {PROTOCOL: PROTOCOL_AFTER}) if sev == "error"] == []


def test_twin_upstream_only_storing_the_field_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """A store ``x.include_usage = ...`` reads nothing: no upstream reader, the warning."""
    serving = "def reset(request) -> None:\n    request.stream_options.include_usage = None\n"
    rows = _rows(git_repo, no_rules, ASSIGNED, {PROTOCOL: PROTOCOL_AFTER, SERVING: serving})
    assert rows == [(_line(ASSIGNED, "StreamOptions()"), "warning")]


def test_the_declaring_file_s_own_read_of_the_field_is_a_reader(git_repo: GitRepo, no_rules: Path) -> None:
    """A method of the class reading its field is the behaviour the default steers (#39524's resampler)."""
    own_read = (
        PROTOCOL_AFTER + "\n    def usage(self) -> bool:\n        return bool(self.stream_options.include_usage)\n"
    )
    serving = "def reset(request) -> None:\n    request.stream_options.include_usage = None\n"
    rows = _rows(git_repo, no_rules, ASSIGNED, {PROTOCOL: own_read, SERVING: serving})
    assert rows == [(_line(ASSIGNED, "StreamOptions()"), "error")]


def test_twin_a_class_storing_the_field_itself_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream's class derives the field (``self.include_usage = ...``): the instance need not hold the default."""
    stores = PROTOCOL_AFTER.replace(
        "    continuous_usage_stats: bool | None = False\n",
        "    continuous_usage_stats: bool | None = False\n\n"
        "    def model_post_init(self, _ctx) -> None:\n        self.include_usage = bool(self.continuous_usage_stats)\n",
    )
    assert _rows(git_repo, no_rules, ASSIGNED, {PROTOCOL: stores}) == []


def test_twin_a_number_re_spelt_upstream_reads_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """SamplingParams.top_k's default went -1 -> 0, both "no top-k": a number re-spelt is as often the same meaning
    in a new encoding, so a build handed on is the warning to read, not an error (the redhat fork's whisper server,
    `SamplingParams(temperature=0, max_tokens=440, ...)`, was a false error).  A flag flipped stays the error."""
    base = PROTOCOL_BASE.replace("    continuous_usage_stats: bool | None = False\n", "    top_k: int = -1\n")
    upstream_text = base.replace("top_k: int = -1", "top_k: int = 0")
    serving = SERVING_TEXT.replace("request.stream_options.include_usage", "request.stream_options.top_k")
    fork = (
        IMPORT
        + "def force(request: ChatRequest) -> None:\n    request.stream_options = StreamOptions(include_usage=True)\n"
    )
    sides = s.merge_case(
        git_repo, {PROTOCOL: base, SERVING: serving}, {FORK: fork}, [(SUBJECT, {PROTOCOL: upstream_text})]
    )
    rows = [(line, sev) for path, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT) if path == FORK]
    assert rows == [(_line(fork, "StreamOptions(include_usage"), "warning")]
