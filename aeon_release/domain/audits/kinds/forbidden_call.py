from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from aeon_release.adapters.yamlio import Where
from aeon_release.domain.audits.kinds.base import Context, Example, string_list
from aeon_release.domain.audits.model import Finding, Rule, Scope


@dataclass(frozen=True)
class ForbiddenCallOptions:
    calls: tuple[str, ...]
    functions: tuple[str, ...] = ()  # empty: the whole file


class ForbiddenCall:
    """A name must not be used inside named functions (call, attribute, bare name or getattr string).

    ``calls: [as_strided]`` catches ``torch.as_strided(...)``, ``t.as_strided(...)``,
    ``as_strided(...)``, ``f = torch.as_strided`` and ``getattr(t, "as_strided")``.  With
    ``functions`` the rule is scoped to those functions (a missing one is a finding: the guard
    would otherwise pass silently after a rename); without it, to the whole file.
    """

    name: str = "forbidden-call"
    scope: Scope = Scope.FILE
    required: tuple[str, ...] = ("calls",)
    optional: tuple[str, ...] = ("functions",)
    default_paths: tuple[str, ...] | None = None
    _rule = {"paths": ["torch_utils.py"], "functions": ["nvfp4_split_data_scale"], "calls": ["as_strided"]}
    _head = "import torch\n\n\ndef other(t):\n    return torch.as_strided(t, (1,), (1,))\n\n\n"
    _ok = (
        _head + "def nvfp4_split_data_scale(kv):\n    d = kv.shape[-1] * 8 // 9\n    return kv[..., :d], kv[..., d:]\n"
    )
    valid: tuple[Example, ...] = (Example({"torch_utils.py": _ok}, _rule),)
    invalid: tuple[Example, ...] = (
        Example(
            {
                "torch_utils.py": _ok.replace(
                    "return kv[..., :d], kv[..., d:]", "return torch.as_strided(kv, (1,), (1,)), kv"
                )
            },
            _rule,
            (("torch_utils.py", 10),),
        ),
        Example(
            {"torch_utils.py": _ok.replace("return kv[..., :d]", "s = kv.as_strided\n    return kv[..., :d]")},
            _rule,
            (("torch_utils.py", 10),),
        ),
        Example(
            {
                "torch_utils.py": _ok.replace(
                    "return kv[..., :d]", "g = getattr(kv, 'as_strided')\n    return kv[..., :d]"
                )
            },
            _rule,
            (("torch_utils.py", 10),),
        ),
        Example({"torch_utils.py": _ok.replace("nvfp4_split_data_scale", "split")}, _rule, (("torch_utils.py", 0),)),
    )

    def parse(self, data: Mapping[str, Any], where: Where) -> ForbiddenCallOptions:
        functions = string_list(data["functions"], where.key("functions")) if "functions" in data else ()
        return ForbiddenCallOptions(string_list(data["calls"], where.key("calls")), functions)

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        opts: ForbiddenCallOptions = rule.options
        yield from ctx.missing(rule, self.scope)
        for path in ctx.targets(rule, self.scope):
            text = ctx.cache.text(path) or ""
            if not opts.functions and not _may_use(text, opts.calls):
                continue  # plain-text prefilter: most files never mention the name
            yield from _check_file(rule, opts, ctx, path)


def _may_use(text: str, calls: tuple[str, ...]) -> bool:
    """The file may use one of ``calls`` as ``_used_name`` reads uses: a name is in the text as written
    (folded as Python folds it: SourceCache), but a getattr's string is a constant Python builds from
    escapes or parts, and ``getattr(t, "as\\x5fstrided")`` or ``getattr(t, "as_" "strided")`` was
    skipped by the prefilter while the check reads it as ``as_strided``."""
    return "getattr" in text or "hasattr" in text or any(call in text for call in calls)


def _check_file(rule: Rule, opts: ForbiddenCallOptions, ctx: Context, path: str) -> Iterator[Finding]:
    scopes: list[tuple[str, ast.AST]] = []
    if not opts.functions:
        module = ctx.parsed(rule, path)
        if isinstance(module, Finding):
            yield module
            return
        scopes.append(("the file", module))
    for function in opts.functions:
        defs = ctx.functions(rule, path, function)
        if isinstance(defs, Finding):
            yield defs
        else:
            scopes.extend((function, node) for node in defs)
    for label, scope in scopes:
        for node in ast.walk(scope):
            name = _used_name(node)
            if name in opts.calls:
                yield rule.finding(path, getattr(node, "lineno", 0), f"{name} used in {label}")


def _used_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("getattr", "hasattr")
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    ):
        return node.args[1].value
    return None
