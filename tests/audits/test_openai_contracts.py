"""Two silent killers of the OpenAI-compatible server's contracts (benchmarks/blind_replay_openai.py).

A key a base's body now reads off its ``**kwargs`` (70ed01550c, #37848: ``ReasoningParser.__init__(self,
tokenizer, *args, **kwargs)`` reads ``kwargs.get("model_config")``, the render path passes it): a fork
subclass whose ``__init__`` takes neither the key nor ``**kwargs`` raises TypeError on every request.  The
signature did not change, so no signature check sees it.

A ``parser.set_defaults(key=...)`` of an option upstream removed everywhere (9040151fe1, #37612:
``--disable-frontend-multiprocessing``): argparse keeps a key no argument declares, nothing reads it, and
the fork's setting silently does nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT, SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ABS = "vllm/reasoning/abs_reasoning_parsers.py"
ABS_BASE = """class ReasoningParser:
    def __init__(self, tokenizer, *args, **kwargs):
        self.model_tokenizer = tokenizer


class BaseThinkingReasoningParser(ReasoningParser):
    def __init__(self, tokenizer, *args, **kwargs):
        super().__init__(tokenizer, *args, **kwargs)
        self.start = "<think>"
"""
ABS_UPSTREAM = ABS_BASE.replace(
    "        self.model_tokenizer = tokenizer\n",
    '        self.model_tokenizer = tokenizer\n        self._model_config = kwargs.get("model_config")\n',
)
SERVE = "vllm/entrypoints/serve/render.py"
SERVE_BASE = "def render(parser_cls, tokenizer, request):\n    return parser_cls(tokenizer).adjust(request)\n"
SERVE_UPSTREAM = SERVE_BASE.replace("parser_cls(tokenizer)", "parser_cls(tokenizer, model_config=None)")
FORK = "vllm/reasoning/aeon_parser.py"
SUBJECT = "[Reasoning][Frontend] Add model config to adjust_request in reasoning parser (#37848)"


def _parser_rows(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {ABS: ABS_BASE, SERVE: SERVE_BASE},
        {FORK: fork},
        [(SUBJECT, {ABS: ABS_UPSTREAM, SERVE: SERVE_UPSTREAM})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]


@pytest.mark.parametrize(
    ("base", "signature"),
    [("ReasoningParser", "(self, tokenizer)"), ("BaseThinkingReasoningParser", "(self, tokenizer, *args)")],
    ids=["direct", "through-super"],
)
def test_an_init_refusing_a_key_the_base_now_reads_off_kwargs(
    git_repo: GitRepo, no_rules: Path, base: str, signature: str
) -> None:
    fork = (
        f"from vllm.reasoning.abs_reasoning_parsers import {base}\n\n\n"
        f"class AeonParser({base}):\n"
        f"    def __init__{signature}:\n"
        "        super().__init__(tokenizer)\n"
    )
    [(_, line, severity, message)] = _parser_rows(git_repo, no_rules, fork)
    assert (line, severity) == (5, "error")
    assert "AeonParser.__init__ overrides" in message and "now reads model_config= off its **kwargs" in message
    assert "raises TypeError" in message and "#37848" in message


@pytest.mark.parametrize(
    "signature",
    ["(self, tokenizer, *args, **kwargs)", "(self, tokenizer, model_config=None)", "(self, tokenizer, **kw)"],
    ids=["kwargs", "named", "other-kwargs-name"],
)
def test_twin_an_init_that_takes_the_key(git_repo: GitRepo, no_rules: Path, signature: str) -> None:
    fork = (
        "from vllm.reasoning.abs_reasoning_parsers import ReasoningParser\n\n\n"
        "class AeonParser(ReasoningParser):\n"
        f"    def __init__{signature}:\n"
        "        super().__init__(tokenizer)\n"
    )
    assert _parser_rows(git_repo, no_rules, fork) == []


def test_twin_a_key_the_base_read_already(git_repo: GitRepo, no_rules: Path) -> None:
    """The base read the key before the merge too: the fork's override already lived with it."""
    base = ABS_BASE.replace(
        "        self.model_tokenizer = tokenizer\n",
        '        self.model_tokenizer = tokenizer\n        self.mode = kwargs.get("mode")\n',
    )
    sides = s.merge_case(
        git_repo,
        {ABS: base, SERVE: SERVE_BASE},
        {
            FORK: "from vllm.reasoning.abs_reasoning_parsers import ReasoningParser\n\n\n"
            "class AeonParser(ReasoningParser):\n    def __init__(self, tokenizer):\n        super().__init__(tokenizer)\n"
        },
        [(SUBJECT, {SERVE: SERVE_UPSTREAM, ABS: base + "\n\nX = 1\n"})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []


CLI = "vllm/entrypoints/openai/cli_args.py"
CLI_BASE = """from dataclasses import dataclass


@dataclass
class FrontendArgs:
    port: int = 8000
    disable_frontend_multiprocessing: bool = False


def make_arg_parser(parser):
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--disable-frontend-multiprocessing", action="store_true")
    return parser
"""
CLI_UPSTREAM = CLI_BASE.replace("    disable_frontend_multiprocessing: bool = False\n", "").replace(
    '    parser.add_argument("--disable-frontend-multiprocessing", action="store_true")\n', ""
)
API = "vllm/entrypoints/openai/api_server.py"
API_BASE = """def build(args):
    if args.disable_frontend_multiprocessing:
        return "inproc"
    return "mp"
"""
API_UPSTREAM = 'def build(args):\n    return "mp"\n'
LAUNCH = "vllm/entrypoints/openai/aeon_launch.py"
LAUNCH_TEXT = """from vllm.entrypoints.openai.cli_args import make_arg_parser


def aeon_parser(parser):
    parser = make_arg_parser(parser)
    # AEON: the probe runs the engine in-process
    parser.set_defaults(disable_frontend_multiprocessing=True, port=8001)
    return parser
"""


def _launch_rows(
    git_repo: GitRepo, no_rules: Path, cli_upstream: str, api_upstream: str = API_UPSTREAM
) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {CLI: CLI_BASE, API: API_BASE},
        {LAUNCH: LAUNCH_TEXT},
        [
            (
                "[V0 Deprecation] Deprecate --disable-frontend-multiprocessing (#37612)",
                {CLI: cli_upstream, API: api_upstream},
            )
        ],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == LAUNCH]


def test_set_defaults_of_an_option_upstream_removed_everywhere(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, line, severity, message)] = _launch_rows(git_repo, no_rules, CLI_UPSTREAM)
    assert (line, severity) == (7, "error")
    assert "parser.set_defaults(disable_frontend_multiprocessing=...)" in message
    assert "no longer reads, declares or accepts as an option anywhere" in message and "#37612" in message


def test_set_defaults_of_a_field_upstream_still_declares_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream stopped reading it but still declares the field: something may read it by its fields."""
    cli = CLI_UPSTREAM.replace(
        "    port: int = 8000\n", "    port: int = 8000\n    disable_frontend_multiprocessing: bool = False\n"
    )
    [(_, line, severity, _)] = _launch_rows(git_repo, no_rules, cli)
    assert (line, severity) == (7, "warning")


def test_twin_set_defaults_of_an_option_upstream_still_reads(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream moved the option's read but kept it: the fork's default still steers it."""
    api = API_BASE.replace('return "inproc"', 'return "in-process"')
    assert _launch_rows(git_repo, no_rules, CLI_BASE.replace("8000", "8002"), api) == []


ENGINE = "vllm/entrypoints/openai/engine/protocol.py"
ENGINE_BASE = """from pydantic import BaseModel


class StreamOptions(BaseModel):
    include_usage: bool | None = True
    continuous_usage_stats: bool | None = False
"""
ENGINE_UPSTREAM = ENGINE_BASE.replace("include_usage: bool | None = True", "include_usage: bool | None = False")
USAGE = "vllm/entrypoints/openai/aeon_usage.py"
USAGE_IMPORT = "from vllm.entrypoints.openai.engine.protocol import StreamOptions\n\n\n"


def _usage_rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {ENGINE: ENGINE_BASE},
        {USAGE: USAGE_IMPORT + body},
        [("[Frontend] Fix usage incorrectly returned with empty stream_options` (#36379)", {ENGINE: ENGINE_UPSTREAM})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT) if r[0] == USAGE]


@pytest.mark.parametrize(
    "read",
    ["(stream_options or StreamOptions()).include_usage", "StreamOptions().include_usage"],
    ids=["fallback", "built"],
)
def test_a_read_off_an_instance_built_with_every_default_is_an_error(
    git_repo: GitRepo, no_rules: Path, read: str
) -> None:
    body = f"def aeon_reports_usage(stream_options: StreamOptions | None) -> bool:\n    return bool({read})\n"
    [(_, line, severity, message)] = _usage_rows(git_repo, no_rules, body)
    assert (line, severity) == (5, "error")
    assert (
        "off an instance the fork's own code builds without setting it" in message and "from True to False" in message
    )


@pytest.mark.parametrize(
    "body",
    [
        # the flag passed: the fork's value, not the default
        "def aeon_usage(request) -> None:\n    request.stream_options = StreamOptions(include_usage=True)\n",
        # a fallback built with the field set
        "def aeon_reports(o: StreamOptions | None) -> bool:\n"
        "    return bool((o or StreamOptions(include_usage=True)).include_usage)\n",
        # another field of the default-built instance: its default did not change
        "def aeon_cont(o: StreamOptions | None) -> bool:\n    return bool((o or StreamOptions()).continuous_usage_stats)\n",
    ],
    ids=["passed", "fallback-set", "other-field"],
)
def test_twin_a_default_built_instance_that_does_not_read_the_flipped_default(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert [r for r in _usage_rows(git_repo, no_rules, body) if r[2] == "error"] == []
