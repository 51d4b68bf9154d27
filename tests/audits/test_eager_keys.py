"""A registry key the fork reads straight off the table that upstream no longer fills at import (#27974)."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- shaped like #27974 (c02fccdbd2): the tool parsers registered lazily, ToolParserManager.tool_parsers filled
#    only when get_tool_parser loads one --
PKG = "vllm/tool_parsers"
MANAGER, HERMES, INIT = f"{PKG}/abstract_tool_parser.py", f"{PKG}/hermes_tool_parser.py", f"{PKG}/__init__.py"
FORK = "vllm/aeon_tools.py"
MANAGER_TEXT = """\
class ToolParser:
    pass


class ToolParserManager:
    tool_parsers: dict[str, type] = {}
    lazy_parsers: dict[str, tuple[str, str]] = {}

    @classmethod
    def get_tool_parser(cls, name):
        return cls.tool_parsers[name]

    @classmethod
    def register_module(cls, name):
        def wrap(module):
            cls.tool_parsers[name] = module
            return module

        return wrap

    @classmethod
    def register_lazy_module(cls, name, module_path, class_name):
        cls.lazy_parsers[name] = (module_path, class_name)
"""
IMPORT = "from vllm.tool_parsers.abstract_tool_parser import ToolParser, ToolParserManager\n\n\n"
HERMES_TEXT = IMPORT + '@ToolParserManager.register_module("hermes")\nclass Hermes(ToolParser):\n    pass\n'
MISTRAL = f"{PKG}/mistral_tool_parser.py"
MISTRAL_TEXT = IMPORT + '@ToolParserManager.register_module("mistral")\nclass Mistral(ToolParser):\n    pass\n'
LAZY_INIT = (
    "from vllm.tool_parsers.abstract_tool_parser import ToolParserManager\n\n"
    '_LAZY = {"hermes": ("hermes_tool_parser", "Hermes")}\n\n'
    "for name, (module, cls) in _LAZY.items():\n"
    '    ToolParserManager.register_lazy_module(name, f"vllm.tool_parsers.{module}", cls)\n'
)
BASE = {INIT: "", MANAGER: MANAGER_TEXT, HERMES: HERMES_TEXT, MISTRAL: MISTRAL_TEXT}
LAZY = {HERMES: HERMES_TEXT.replace('@ToolParserManager.register_module("hermes")\n', ""), INIT: LAZY_INIT}


def _fork(read: str) -> dict[str, str]:
    head = "from vllm.tool_parsers.abstract_tool_parser import ToolParserManager\n\n\n"
    return {FORK: head + f"def aeon_parser():\n    return {read}  # AEON\n"}


def _found(repo: GitRepo, fork: dict[str, str], upstream: dict[str, str | None]) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, BASE, fork, [("[Refactor] Lazy import tool_parser (#27974)", upstream)])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "no longer registers that way" in f.message
    ]


@pytest.mark.parametrize(
    "read",
    [
        'ToolParserManager.tool_parsers["hermes"]',
        "ToolParserManager.tool_parsers.get('hermes')",
        '"hermes" in ToolParserManager.tool_parsers',
    ],
)
def test_a_key_upstream_now_registers_lazily_read_off_the_table(git_repo: GitRepo, read: str) -> None:
    [(line, severity, message)] = _found(git_repo, _fork(read), LAZY)
    assert (line, severity) == (5, "error")
    assert "ToolParserManager.tool_parsers['hermes'], a key ToolParserManager.register_module() put there" in message
    assert "(#27974, " in message and "look it up through ToolParserManager.get_tool_parser()" in message


RENAMED = MANAGER_TEXT.replace("def register_module(", "def register(")


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the getter loads it
        (_fork('ToolParserManager.get_tool_parser("hermes")'), LAZY),
        # a key upstream left eager
        (_fork('ToolParserManager.tool_parsers["mistral"]'), LAZY),
        # the registration moved to another file, through the same callable: still eager
        (
            _fork('ToolParserManager.tool_parsers["hermes"]'),
            {
                **LAZY,
                INIT: IMPORT + '@ToolParserManager.register_module("hermes")\nclass Hermes2(ToolParser):\n    pass\n',
            },
        ),
        # the callable renamed (its key registered through the new name)
        (
            _fork('ToolParserManager.tool_parsers["hermes"]'),
            {MANAGER: RENAMED, HERMES: HERMES_TEXT.replace("register_module(", "register(")},
        ),
        # the key renamed, not made lazy: name drift's (it names the new key)
        (
            _fork('ToolParserManager.tool_parsers["hermes"]'),
            {HERMES: HERMES_TEXT.replace('"hermes"', '"hermes2"')},
        ),
        # the fork registers the key itself
        (
            {
                FORK: _fork('ToolParserManager.tool_parsers["hermes"]')[FORK]
                + '\n\nToolParserManager.register_module("hermes")(object)\n'
            },
            LAZY,
        ),
    ],
)
def test_a_key_still_registered_eagerly_or_read_through_the_getter_is_silent(
    git_repo: GitRepo, fork: dict[str, str], upstream: dict[str, str | None]
) -> None:
    assert _found(git_repo, fork, upstream) == []


# -- twins a reviewer proved were false errors: upstream still registers the key eagerly, spelt another way --
MULTI_LINE = (
    IMPORT
    + '@ToolParserManager.register_module(\n    ["hermes", "hermes_v2"]\n)\nclass Hermes(ToolParser):\n    pass\n'
)
LOOP = IMPORT + (
    "class Hermes(ToolParser):\n    pass\n\n\n"
    'for _name in ("hermes", "hermes_v2"):\n    ToolParserManager.register_module(_name)(Hermes)\n'
)
ALIAS = (
    IMPORT
    + 'register = ToolParserManager.register_module\n\n\n@register("hermes")\nclass Hermes(ToolParser):\n    pass\n'
)


@pytest.mark.parametrize("new", [MULTI_LINE, LOOP, ALIAS], ids=["multi-line decorator", "loop", "alias"])
def test_twin_a_key_registered_eagerly_another_way_is_silent(git_repo: GitRepo, new: str) -> None:
    assert _found(git_repo, _fork('ToolParserManager.tool_parsers["hermes"]'), {HERMES: new}) == []


def test_a_line_reading_the_key_twice_is_one_error(git_repo: GitRepo) -> None:
    read = 'ToolParserManager.tool_parsers["hermes"] if ToolParserManager.tool_parsers.get("hermes") else None'
    assert [(line, severity) for line, severity, _ in _found(git_repo, _fork(read), LAZY)] == [(5, "error")]
