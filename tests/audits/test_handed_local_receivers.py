"""Handed keys through a local receiver: upstream's function now hands ``parser.parse(...)`` a new keyword, the
local ``parser`` typed as the base's class (a parameter annotated, a local annotated, or a local bound once to a
factory annotated to return it), beside a spread of the function's own ``**kwargs``.

Shaped like #29872 (6fc5841db1): ``get_config`` binds ``config_parser = get_config_parser(config_format)``
(``-> ConfigParserBase``) and now calls ``config_parser.parse(model, ..., hf_overrides=hf_overrides_kw,
**kwargs)``; a fork parser registered for its own format, whose ``parse`` names each parameter without
``**kwargs``, raises TypeError on the first load.  ``parse`` is many classes' name, so the call counts only
through a receiver typed as the base's class; the spread of the caller's own ``**kwargs`` hides nothing the
override matched before.  Twins: an override taking ``**kwargs``, a local bound twice, a factory returning
another class, and a spread of something else (not shown: left alone).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASEFILE = "vllm/parser_base.py"
CONFIG = "vllm/config_utils.py"
OTHER = "vllm/tool_parsers.py"
FORK = "vllm/aeon_parser.py"
SUBJECT = "Fix some more Transformers nightly tests (#29872)"

PARSER_BASE = """class ParserBase:
    def parse(self, model: str, trust_remote_code: bool, revision: str | None = None, **kwargs):
        raise NotImplementedError


class PlainParser(ParserBase):
    def parse(self, model: str, trust_remote_code: bool, revision: str | None = None, **kwargs):
        return {}
"""
OTHER_TEXT = """class ToolParser:
    def parse(self, text: str):
        return text


def tool_parser() -> ToolParser:
    return ToolParser()
"""
CONFIG_BASE = """from vllm.parser_base import ParserBase, PlainParser
from vllm.tool_parsers import tool_parser

_PARSERS: dict[str, type[ParserBase]] = {"plain": PlainParser}


def get_parser(fmt: str) -> ParserBase:
    return _PARSERS[fmt]()


def get_config(model: str, fmt: str, overrides=None, **kwargs):
    parser = get_parser(fmt)
    return parser.parse(
        model,
        trust_remote_code=False,
        **kwargs,
    )


def get_config_typed(model: str, parser: ParserBase, **kwargs):
    return parser.parse(
        model,
        trust_remote_code=False,
        **kwargs,
    )


def get_config_twice(model: str, fmt: str, **kwargs):
    parser = get_parser(fmt)
    if fmt == "x":
        parser = get_parser("plain")
    return parser.parse(
        model,
        trust_remote_code=False,
        **kwargs,
    )


def get_tools(text: str):
    parser = tool_parser()
    return parser.parse(
        text,
    )
"""
HANDED = "        trust_remote_code=False,\n"


def _upstream(*functions: str) -> str:
    text = CONFIG_BASE
    for name in functions:
        head, _, tail = text.partition(f"def {name}(")
        tail = tail.replace(HANDED, HANDED + "        hf_overrides=None,\n", 1)
        text = f"{head}def {name}({tail}"
    return text


def _fork(signature: str) -> str:
    return (
        "from vllm.parser_base import ParserBase\n\n\n"
        "class AeonParser(ParserBase):\n"
        "    # AEON: the NVFP4 checkpoints keep their config in aeon.json\n"
        f"    def parse{signature}:\n"
        "        return {}\n"
    )


MINE = "(self, model: str, trust_remote_code: bool, revision: str | None = None)"


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str) -> list:
    base = {BASEFILE: PARSER_BASE, CONFIG: CONFIG_BASE, OTHER: OTHER_TEXT}
    sides = s.merge_case(git_repo, base, {FORK: fork}, [(SUBJECT, {CONFIG: upstream})])
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]


@pytest.mark.parametrize(
    "function", ["get_config", "get_config_typed"], ids=["local bound to a factory", "parameter annotated"]
)
def test_a_key_handed_through_a_receiver_typed_as_the_base(git_repo: GitRepo, no_rules: Path, function: str) -> None:
    [(_, line, severity, message)] = _rows(git_repo, no_rules, _fork(MINE), _upstream(function))
    assert (line, severity) == (6, "error")
    assert "now hands it hf_overrides=" in message


def test_an_annotated_local_is_typed_too(git_repo: GitRepo, no_rules: Path) -> None:
    upstream = _upstream("get_config").replace("    parser = get_parser(fmt)\n    return parser.parse(\n        model,\n        trust_remote_code=False,\n        hf_overrides",
                                               "    parser: ParserBase = _PARSERS[fmt]()\n    return parser.parse(\n        model,\n        trust_remote_code=False,\n        hf_overrides", 1)  # fmt: skip
    [(_, line, severity, _)] = _rows(git_repo, no_rules, _fork(MINE), upstream)
    assert (line, severity) == (6, "error")


@pytest.mark.parametrize(
    ("signature", "functions"),
    [
        (MINE.replace(")", ", **kwargs)"), ("get_config",)),  # the override takes **kwargs
        (MINE, ("get_config_twice",)),  # the local is bound twice: its type is not shown
        (MINE, ("get_tools",)),  # the factory returns another class
    ],
    ids=["override takes **kwargs", "local bound twice", "another class's factory"],
)
def test_receivers_not_typed_as_the_base_or_overrides_that_take_it_are_quiet(
    git_repo: GitRepo, no_rules: Path, signature: str, functions: tuple[str, ...]
) -> None:
    upstream = _upstream(*functions)
    if functions == ("get_tools",):
        upstream = CONFIG_BASE.replace("        text,\n    )", "        text,\n        hf_overrides=None,\n    )")
    assert _rows(git_repo, no_rules, _fork(signature), upstream) == []
