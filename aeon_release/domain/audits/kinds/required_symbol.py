from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from aeon_release.adapters.yamlio import Where
from aeon_release.domain.audits.kinds.base import Context, Example, string_list
from aeon_release.domain.audits.model import Finding, Rule, Scope
from aeon_release.domain.audits.source import bound_names, find_defs


@dataclass(frozen=True)
class RequiredSymbolOptions:
    symbols: tuple[str, ...]


class RequiredSymbol:
    """Functions, classes or aliases must still exist in a file (``Class.method`` for methods).

    A top-level name also counts when it is bound by an assignment or an import alias
    (``nvfp4_split_data_scale = _split`` or ``from x import y as nvfp4_split_data_scale``).
    """

    name: str = "required-symbol"
    scope: Scope = Scope.TREE
    required: tuple[str, ...] = ("symbols",)
    optional: tuple[str, ...] = ()
    default_paths: tuple[str, ...] | None = None
    _rule = {"paths": ["utils.py"], "symbols": ["is_valid_ctx", "Proposer.propose", "nvfp4_split_data_scale"]}
    _ok = (
        "from ops import split as nvfp4_split_data_scale\n\n"
        "def is_valid_ctx(j, n):\n    return j < n\n\n"
        "class Proposer:\n    def propose(self):\n        return []\n"
    )
    valid: tuple[Example, ...] = (Example({"utils.py": _ok}, _rule),)
    invalid: tuple[Example, ...] = (
        Example({"utils.py": _ok.replace("is_valid_ctx", "is_ctx")}, _rule, (("utils.py", 0),)),
        Example({"utils.py": _ok.replace("def propose", "def draft")}, _rule, (("utils.py", 0),)),
        Example({"utils.py": _ok.replace(" as nvfp4_split_data_scale", "")}, _rule, (("utils.py", 0),)),
    )

    def parse(self, data: Mapping[str, Any], where: Where) -> RequiredSymbolOptions:
        return RequiredSymbolOptions(string_list(data["symbols"], where.key("symbols")))

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        opts: RequiredSymbolOptions = rule.options
        for path in rule.paths:
            module = ctx.parsed(rule, path)
            if isinstance(module, Finding):
                yield module
                continue
            for symbol in opts.symbols:
                if not _defined(module, symbol):
                    yield rule.finding(path, 0, f"{symbol} is not defined in {path} any more")


def _defined(module: ast.Module, symbol: str) -> bool:
    if find_defs(module, symbol):
        return True
    return "." not in symbol and symbol in bound_names(module)
