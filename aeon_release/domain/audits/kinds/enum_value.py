from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from aeon_release.adapters.yamlio import Where, integer, string
from aeon_release.domain.audits.kinds.base import Context, Example
from aeon_release.domain.audits.model import Finding, Rule, Scope
from aeon_release.domain.audits.source import enum_members

_ENUM = """from enum import IntEnum


class CacheMode(IntEnum):
    NONE = 0
    INT4_PER_TOKEN_HEAD = 4
    NVFP4 = {value}
"""


@dataclass(frozen=True)
class EnumValueOptions:
    enum: str
    member: str
    value: int


class EnumValue:
    """An enum member must still have its value (e.g. CacheMode.NVFP4 == 5).

    Kernels and checkpoints compare the raw integer, so an upstream renumbering silently changes
    what they mean.  ``enum`` may be dotted (``Outer.Mode``); the member must be an integer literal.
    """

    name: str = "enum-value"
    scope: Scope = Scope.TREE
    required: tuple[str, ...] = ("enum", "member", "value")
    optional: tuple[str, ...] = ()
    default_paths: tuple[str, ...] | None = None
    _rule = {"paths": ["kv.py"], "enum": "CacheMode", "member": "NVFP4", "value": 5}
    valid: tuple[Example, ...] = (Example({"kv.py": _ENUM.format(value=5)}, _rule),)
    invalid: tuple[Example, ...] = (
        Example({"kv.py": _ENUM.format(value=4)}, _rule, (("kv.py", 7),)),
        Example({"kv.py": _ENUM.format(value=5).replace("NVFP4", "FP4")}, _rule, (("kv.py", 4),)),
        Example({"kv.py": _ENUM.format(value="auto()")}, _rule, (("kv.py", 7),)),
    )

    def parse(self, data: Mapping[str, Any], where: Where) -> EnumValueOptions:
        return EnumValueOptions(
            string(data["enum"], where.key("enum")),
            string(data["member"], where.key("member")),
            integer(data["value"], where.key("value"), minimum=-(2**63)),
        )

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        opts: EnumValueOptions = rule.options
        for path in rule.paths:
            module = ctx.parsed(rule, path)
            if isinstance(module, Finding):
                yield module
                continue
            cls, members = enum_members(module, opts.enum)
            if cls is None:
                yield rule.finding(path, 0, f"class {opts.enum} not found in {path}")
            elif opts.member not in members:
                yield rule.finding(path, cls.lineno, f"{opts.enum}.{opts.member} no longer exists")
            else:
                value, line = members[opts.member]
                if value != opts.value:
                    shown = "not an integer literal" if value is None else str(value)
                    yield rule.finding(path, line, f"{opts.enum}.{opts.member} is {shown}, expected {opts.value}")
