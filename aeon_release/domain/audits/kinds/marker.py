from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from aeon_release.adapters.yamlio import Where, string
from aeon_release.domain.audits.kinds.base import Context, Example
from aeon_release.domain.audits.model import Finding, Rule, Scope


@dataclass(frozen=True)
class MarkerOptions:
    """Either one text for every path of the rule, or explicit (path, text) pairs (carry markers)."""

    text: str | None = None
    pairs: tuple[tuple[str, str], ...] = ()

    def expected(self, paths: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
        return self.pairs if self.text is None else tuple((path, self.text) for path in paths)


class Marker:
    """A marker text must be present in each listed file (carried patches leave one).

    Every active carry's markers in carries.yaml are checked this way automatically, as rules named
    ``carry-marker/<carry-id>``.  The text is matched literally, not as a pattern.
    """

    name: str = "marker"
    scope: Scope = Scope.TREE
    required: tuple[str, ...] = ("text",)
    optional: tuple[str, ...] = ()
    default_paths: tuple[str, ...] | None = None
    _rule = {"paths": ["runner.py"], "text": "uma-negative-cudagraph-estimate-clamp"}
    valid: tuple[Example, ...] = (
        Example({"runner.py": "# AEON uma-negative-cudagraph-estimate-clamp (PR 46932)\nx = max(x, 0)\n"}, _rule),
    )
    invalid: tuple[Example, ...] = (
        Example({"runner.py": "x = max(x, 0)\n"}, _rule, (("runner.py", 0),)),
        Example({"other.py": "# uma-negative-cudagraph-estimate-clamp\n"}, _rule, (("runner.py", 0),)),
    )

    def parse(self, data: Mapping[str, Any], where: Where) -> MarkerOptions:
        return MarkerOptions(text=string(data["text"], where.key("text")))

    # what a person does about a lost marker (SARIF's help, and a carry's finding): a suppression
    # comment cannot stand for a line that is gone
    fix: str = (
        "Put the carry's lines back; or, when a conflict's resolution changed the carried line on purpose, give "
        "the marker the line's new text in carries.yaml; or, when the fork no longer carries it (upstream took it), "
        "mark it `status: dropped` with `dropped: {release, reason}` in carries.yaml."
    )

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        opts: MarkerOptions = rule.options
        # a carry's marker (pairs) says how to settle it: a waived merge left every later gate red
        hint = "" if opts.text is not None else _CARRY_HINT
        for path, text in opts.expected(rule.paths):
            content = ctx.cache.text(path)
            if content is None:
                yield rule.finding(path, 0, f"{path} does not exist, so marker {text!r} is gone{hint}")
            elif text not in content:
                yield rule.finding(path, 0, f"marker {text!r} is missing from {path}{hint}")


# a conflict resolved by adapting the carried line (upstream's new annotation, the fork's value) loses the marker's
# exact text: the finding named only "restore" or "drop", and a newcomer undid a right resolution to pass it
_CARRY_HINT = (
    "; restore the carry's lines, give the marker its new text in carries.yaml if a resolution changed the line on "
    "purpose, or mark the carry `status: dropped` in carries.yaml if the fork dropped it"
)
