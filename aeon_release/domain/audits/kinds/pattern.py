from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from aeon_release.adapters.yamlio import Where, choice, string
from aeon_release.domain.audits import linear
from aeon_release.domain.audits.kinds.base import Context, Example, string_list
from aeon_release.domain.audits.model import Finding, Rule, Scope
from aeon_release.domain.audits.source import python_lines
from aeon_release.errors import quoted


@dataclass(frozen=True)
class PatternOptions:
    regex: Any  # an RE2 pattern: linear time on any file
    expect: str  # present | absent
    functions: tuple[str, ...] = ()


class Pattern:
    """A regular expression must be present in (or absent from) a file or the source of named functions.

    For facts no structural kind covers, such as an order of checks (the explicit ``causal``
    override is read before the per-layer ``layer_types`` default).  ``expect: absent`` reports each
    match with its line; ``expect: present`` reports the scope that lacks it.
    """

    name: str = "pattern"
    scope: Scope = Scope.TREE
    required: tuple[str, ...] = ("regex", "expect")
    optional: tuple[str, ...] = ("functions",)
    default_paths: tuple[str, ...] | None = None
    _rule = {
        "paths": ["m.py"],
        "functions": ["layer_causal"],
        "regex": r"(?s)\.get\('causal'\).*\blayer_types\b",
        "expect": "present",
    }
    _ok = (
        "def layer_causal(cfg, i):\n    override = cfg.get('causal')\n    if override is not None:\n"
        "        return override\n    return cfg['layer_types'][i] == 'sliding_attention'\n"
    )
    _swapped = (
        "def layer_causal(cfg, i):\n    if cfg['layer_types'][i] == 'sliding_attention':\n        return True\n"
        "    return bool(cfg.get('causal'))\n"
    )
    valid: tuple[Example, ...] = (Example({"m.py": _ok}, _rule),)
    invalid: tuple[Example, ...] = (
        Example({"m.py": _swapped}, _rule, (("m.py", 1),)),
        Example(
            {"m.py": _ok},
            {**_rule, "regex": r"\boverride\b", "expect": "absent"},
            (("m.py", 2), ("m.py", 3), ("m.py", 4)),
        ),
    )

    def parse(self, data: Mapping[str, Any], where: Where) -> PatternOptions:
        source = string(data["regex"], where.key("regex"))
        try:
            regex = linear.compile_text(source)
        except linear.Unsupported as exc:
            raise _refused(where, source, str(exc).replace("(?m)", "")) from None
        if linear.matches_empty(regex):
            raise where.key("regex").fail(f"{quoted(source)} matches the empty string", linear.EMPTY_HINT)
        functions = string_list(data["functions"], where.key("functions")) if "functions" in data else ()
        return PatternOptions(regex, choice(data["expect"], where.key("expect"), ("present", "absent")), functions)

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        opts: PatternOptions = rule.options
        yield from ctx.missing(rule, self.scope)
        for path in ctx.targets(rule, self.scope):
            text = ctx.cache.text(path) or ""
            for label, start, chunk in _scopes(rule, opts, ctx, path, text):
                if isinstance(chunk, Finding):
                    yield chunk
                else:
                    yield from _judge(rule, opts, path, label, start, chunk)


def _refused(where: Where, source: str, reason: str) -> Exception:
    """A pattern RE2 cannot run: invalid, or a backtracking feature that hostile text could make take hours."""
    try:
        re.compile(source)
    except re.error:
        return where.key("regex").fail(f"not a valid regular expression: {reason}")
    return where.key("regex").fail(
        f"uses a feature the linear-time engine (RE2) lacks: {reason}",
        "no look-around, back-references or possessive quantifiers; match more loosely or use a structural kind",
    )


def _scopes(
    rule: Rule, opts: PatternOptions, ctx: Context, path: str, text: str
) -> Iterator[tuple[str, int, str | Finding]]:
    """(label, first line, text) of each scope the regex runs on."""
    if not opts.functions:
        yield path, 1, text
        return
    lines = python_lines(text)  # ast's line numbers: never str.splitlines (it splits at \x0c too)
    for function in opts.functions:
        defs = ctx.functions(rule, path, function)
        if isinstance(defs, Finding):
            yield function, 0, defs
            continue
        for node in defs:
            yield function, node.lineno, "".join(lines[node.lineno - 1 : node.end_lineno])


def _judge(rule: Rule, opts: PatternOptions, path: str, label: str, start: int, chunk: str) -> Iterator[Finding]:
    source = _source(opts)
    if opts.expect == "present":
        if not opts.regex.search(chunk):
            yield rule.finding(path, start if label != path else 0, f"/{source}/ not found in {label}")
        return
    for line, _match in linear.lines_of(opts.regex.finditer(chunk), chunk, start):
        yield rule.finding(path, line, f"/{source}/ matches in {label}")


def _source(opts: PatternOptions) -> str:
    pattern = str(opts.regex.pattern)
    return pattern[4:] if pattern.startswith("(?m)") else pattern
