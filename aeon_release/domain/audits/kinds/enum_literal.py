from __future__ import annotations

import ast
import bisect
import re
from collections.abc import Generator, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from aeon_release.adapters.yamlio import Where, string, tree_path
from aeon_release.domain.audits.kinds.base import Context, Example, string_list
from aeon_release.domain.audits.model import Finding, Rule, Scope
from aeon_release.domain.audits.source import enum_members, int_value, python_lines


@dataclass(frozen=True)
class EnumLiteralOptions:
    enum: str
    enum_path: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class _Literal:
    value: int
    line: int
    name: str  # the compared name, e.g. KV_QUANT_MODE
    context: str  # the assignment target and the line's comment: where the intended member is named


class EnumLiteral:
    """Integer literals compared with a name that carries an enum's values must match the enum now.

    ``USE_NVFP4 = KV_QUANT_MODE == 4`` names the member it means (``NVFP4``, from the assignment
    target or a comment on the line): the literal must equal that member's current value in the
    enum's file.  A literal whose member cannot be told must at least be the value of some member.
    Compared names are listed in ``names`` (a ``Name`` or an attribute such as ``self._kv_quant_mode``).
    """

    name: str = "enum-literal"
    scope: Scope = Scope.FILE
    required: tuple[str, ...] = ("enum", "enum_path", "names")
    optional: tuple[str, ...] = ()
    default_paths: tuple[str, ...] | None = None
    _enum = "import enum\n\n\nclass CacheMode(enum.IntEnum):\n    NONE = 0\n    FP8 = 1\n    INT4 = 4\n    NVFP4 = 5\n"
    _kernel = (
        "import triton.language as tl\n\n\n"
        "def kernel(KV_QUANT_MODE: tl.constexpr):\n"
        "    USE_NVFP4: tl.constexpr = KV_QUANT_MODE == {nvfp4}\n"
        "    if KV_QUANT_MODE == {fp8}:  # FP8 per-tensor\n"
        "        pass\n"
        "    scaled = KV_QUANT_MODE in (1, {other})\n"
    )
    _rule = {"paths": ["ops/*.py"], "enum": "CacheMode", "enum_path": "kv.py", "names": ["KV_QUANT_MODE"]}
    valid: tuple[Example, ...] = (
        Example({"kv.py": _enum, "ops/k.py": _kernel.format(nvfp4=5, fp8=1, other=4)}, _rule),
    )
    invalid: tuple[Example, ...] = (
        Example({"kv.py": _enum, "ops/k.py": _kernel.format(nvfp4=4, fp8=1, other=4)}, _rule, (("ops/k.py", 5),)),
        Example({"kv.py": _enum, "ops/k.py": _kernel.format(nvfp4=5, fp8=1, other=7)}, _rule, (("ops/k.py", 8),)),
        Example({"kv.py": _enum, "ops/k.py": _kernel.format(nvfp4=5, fp8=0, other=4)}, _rule, (("ops/k.py", 6),)),
    )

    def parse(self, data: Mapping[str, Any], where: Where) -> EnumLiteralOptions:
        return EnumLiteralOptions(
            string(data["enum"], where.key("enum")),
            tree_path(data["enum_path"], where.key("enum_path")),
            string_list(data["names"], where.key("names")),
        )

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        opts: EnumLiteralOptions = rule.options
        yield from ctx.missing(rule, self.scope)
        members = yield from _current_values(rule, ctx, opts)
        if not members:
            return
        whole = ctx.changed is not None and opts.enum_path in ctx.changed
        targets = ctx.targets(rule, Scope.TREE if whole else self.scope)
        for path in targets:
            text = ctx.cache.text(path) or ""
            if not any(name in text for name in opts.names):
                continue
            module = ctx.parsed(rule, path)
            if isinstance(module, Finding):
                yield module
                continue
            lines = [line.rstrip("\r\n") for line in python_lines(text)]  # ast's numbering
            for literal in _literals(module, opts.names, lines):
                problem = _judge(literal, members, opts.enum)
                if problem:
                    yield rule.finding(path, literal.line, problem)


def _current_values(rule: Rule, ctx: Context, opts: EnumLiteralOptions) -> Generator[Finding, None, dict[str, int]]:
    """Yield findings when the enum cannot be read; return {member: value}."""
    module = ctx.parsed(rule, opts.enum_path)
    if isinstance(module, Finding):
        yield module
        return {}
    cls, members = enum_members(module, opts.enum)
    if cls is None:
        yield rule.finding(opts.enum_path, 0, f"class {opts.enum} not found in {opts.enum_path}")
        return {}
    return {name: value for name, (value, _) in members.items() if value is not None}


def _judge(literal: _Literal, members: dict[str, int], enum: str) -> str | None:
    by_value = {v: k for k, v in members.items()}
    meant = _intended_member(literal.context, members)
    if meant is not None and members[meant] != literal.value:
        now = f" ({literal.value} is {enum}.{by_value[literal.value]} now)" if literal.value in by_value else ""
        return (
            f"{literal.name} == {literal.value} means {enum}.{meant}, which is {members[meant]}{now}; "
            f"compare with {enum}.{meant} instead of a literal"
        )
    if meant is None and literal.value not in by_value:
        return f"{literal.name} compared with {literal.value}, which is no {enum} member's value"
    return None


def _intended_member(context: str, members: dict[str, int]) -> str | None:
    """The longest member name that appears as a whole word (``_`` counts as a separator) in the context."""
    found = [m for m in members if re.search(rf"(?<![A-Za-z0-9]){re.escape(m)}(?![A-Za-z0-9])", context)]
    return max(found, key=len) if found else None


def _literals(module: ast.Module, names: tuple[str, ...], lines: list[str]) -> Iterator[_Literal]:
    hits = [number for number, line in enumerate(lines, 1) if any(name in line for name in names)]
    for node, target in _compares(module, "", hits):
        operands = [node.left, *node.comparators]
        compared = [n for n in map(_name_of, operands) if n in names]
        if not compared:
            continue
        for operand in operands:
            for value, line in _ints(operand):
                comment = lines[line - 1].partition("#")[2] if 0 < line <= len(lines) else ""
                yield _Literal(value, line, compared[0], f"{target.upper()} {comment}")


def _compares(node: ast.AST, target: str, hits: list[int]) -> Iterator[tuple[ast.Compare, str]]:
    """Every comparison with the name it is assigned to (``USE_NVFP4 = X == 4``), in one walk that
    enters only the nodes spanning a line where one of the names is written (``hits``, sorted)."""
    for child in ast.iter_child_nodes(node):
        first, last = getattr(child, "lineno", None), getattr(child, "end_lineno", None)
        if first is not None and last is not None and not _any_between(hits, first, last):
            continue
        if isinstance(child, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = child.targets if isinstance(child, ast.Assign) else [child.target]
            yield from _compares(child, " ".join(n for n in map(_name_of, targets) if n), hits)
        elif isinstance(child, ast.stmt):
            yield from _compares(child, "", hits)
        else:
            if isinstance(child, ast.Compare):
                yield child, target
            yield from _compares(child, target, hits)


def _any_between(sorted_numbers: list[int], first: int, last: int) -> bool:
    at = bisect.bisect_left(sorted_numbers, first)
    return at < len(sorted_numbers) and sorted_numbers[at] <= last


def _ints(node: ast.expr) -> Iterator[tuple[int, int]]:
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for element in node.elts:
            yield from _ints(element)
        return
    value = int_value(node)
    if value is not None:
        yield value, node.lineno


def _name_of(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None
