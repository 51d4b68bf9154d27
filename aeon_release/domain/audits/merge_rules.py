"""The merge-aware checks' rule ids and what each finds: what a waiver, ``audits list`` or a SARIF
rule list needs to know of them, without importing the checks (they run in the merge's sidecar
process, domain/audits/sidecar.py, and a merge that the sidecar answers never loads them)."""

from __future__ import annotations

from aeon_release.domain.audits.model import RuleInfo, Severity

ENUM_DRIFT = "merge/enum-drift"
OFFSET_TWICE = "merge/offset-twice"
RETURN_DRIFT = "merge/return-drift"
NAME_DRIFT = "merge/name-drift"
CONSTANT_DRIFT = "merge/constant-drift"
NEAR_MISS = "merge/near-miss"
SYMBOL_DRIFT = "merge/symbol-drift"
DUPLICATE_DEFINITION = "merge/duplicate-definition"
DEFAULT_DRIFT = "merge/default-drift"
DECORATOR_DRIFT = "merge/decorator-drift"
UNREACHABLE = "merge/unreachable"
SHADOWED_ATTRIBUTE = "merge/shadowed-attribute"
DEVICE_GATE = "merge/device-gate"
ORDER_DRIFT = "merge/order-drift"
DTYPE_DRIFT = "merge/dtype-drift"
ARCH_DRIFT = "merge/arch-drift"
READ_BEFORE_SET = "merge/read-before-set"
KEY_DRIFT = "merge/key-drift"
TYPE_DRIFT = "merge/type-drift"
LAYOUT_DRIFT = "merge/layout-drift"

MERGE_RULES = (
    RuleInfo(ENUM_DRIFT, "merge", Severity.ERROR, "an enum member changed value under fork-side integer literals"),
    RuleInfo(OFFSET_TWICE, "merge", Severity.ERROR, "both sides added a constant offset to the same value flow"),
    RuleInfo(
        RETURN_DRIFT,
        "merge",
        Severity.ERROR,
        "fork-owned code unpacks a returned tuple whose length, order or values upstream changed",
    ),
    RuleInfo(NAME_DRIFT, "merge", Severity.ERROR, "fork-owned code reads by string a name upstream removed"),
    RuleInfo(
        CONSTANT_DRIFT, "merge", Severity.ERROR, "a fork-side literal inlines a constant whose value upstream changed"
    ),
    RuleInfo(NEAR_MISS, "merge", Severity.WARNING, "both sides changed the same region; review how it was merged"),
    RuleInfo(
        SYMBOL_DRIFT,
        "merge",
        Severity.ERROR,
        "fork-owned code uses a definition upstream removed, renamed or re-signatured, or patches one it stopped using",
    ),
    RuleInfo(
        DUPLICATE_DEFINITION,
        "merge",
        Severity.ERROR,
        "a name or dict key is defined twice in one scope, once by each side, or registered by each side in two files",
    ),
    RuleInfo(
        UNREACHABLE,
        "merge",
        Severity.ERROR,
        "fork-owned code sits after a return, raise, break or continue upstream added",
    ),
    RuleInfo(
        READ_BEFORE_SET,
        "merge",
        Severity.ERROR,
        "fork-owned code reads a name the merged function no longer sets above it on every path",
    ),
    RuleInfo(
        KEY_DRIFT,
        "merge",
        Severity.ERROR,
        "fork-owned code looks a table up by the key type upstream stopped keying it by",
    ),
    RuleInfo(
        LAYOUT_DRIFT,
        "merge",
        Severity.ERROR,
        "a fork subclass indexes or splits a value along a literal dim the way its upstream class stopped doing",
    ),
    RuleInfo(
        TYPE_DRIFT,
        "merge",
        Severity.ERROR,
        "fork-owned code treats as a string a field, parameter or return upstream made an enum, or uses a "
        "container as the kind upstream changed it from",
    ),
    RuleInfo(
        DEFAULT_DRIFT,
        "merge",
        Severity.WARNING,
        "fork-owned code relies on a default upstream changed: a parameter's, a config field's or an environment variable's",
    ),
    RuleInfo(
        DECORATOR_DRIFT,
        "merge",
        Severity.WARNING,
        "a fork override lacks a decorator upstream added to the method it overrides (compile, cache: an error); "
        "or calls a cache's method off a function upstream no longer caches (an error)",
    ),
    RuleInfo(
        SHADOWED_ATTRIBUTE,
        "merge",
        Severity.ERROR,
        "a fork class's value is replaced by an instance attribute upstream's base now assigns while it is built",
    ),
    RuleInfo(
        DEVICE_GATE,
        "merge",
        Severity.ERROR,
        "upstream changed a capability check so that the fork's device (settings: device) takes another path",
    ),
    RuleInfo(
        ORDER_DRIFT,
        "merge",
        Severity.WARNING,
        "a fork entry of an ordered (priority) list now sits behind an entry upstream put ahead of it, or a fork "
        "line reads an end of a list upstream now sorts the other way (an error), or reads one of upstream's lists "
        "at a position its insert, removal or move gave to another entry (an error inside the list)",
    ),
    RuleInfo(
        DTYPE_DRIFT,
        "merge",
        Severity.ERROR,
        "fork-owned code tests or views a tensor as the dtype upstream changed it from",
    ),
    RuleInfo(
        ARCH_DRIFT,
        "merge",
        Severity.ERROR,
        "upstream narrowed a kernel's CUDA arch list so that the fork's device (settings: device) is no longer built",
    ),
)


def merge_rule_infos() -> list[RuleInfo]:
    return list(MERGE_RULES)
