"""The registry of rule kinds.  A new kind is one module in ``kinds/`` and one line here."""

from __future__ import annotations

from aeon_release.domain.audits.kinds.arch_coverage import ArchCoverage
from aeon_release.domain.audits.kinds.base import RuleKind
from aeon_release.domain.audits.kinds.conflict_markers import ConflictMarkers
from aeon_release.domain.audits.kinds.enum_literal import EnumLiteral
from aeon_release.domain.audits.kinds.enum_value import EnumValue
from aeon_release.domain.audits.kinds.forbidden_call import ForbiddenCall
from aeon_release.domain.audits.kinds.layer_offset import LayerOffset
from aeon_release.domain.audits.kinds.marker import Marker
from aeon_release.domain.audits.kinds.pattern import Pattern
from aeon_release.domain.audits.kinds.py_compile import PyCompile
from aeon_release.domain.audits.kinds.required_symbol import RequiredSymbol

KINDS: dict[str, RuleKind] = {
    kind.name: kind
    for kind in (
        EnumValue(),
        EnumLiteral(),
        ForbiddenCall(),
        RequiredSymbol(),
        ArchCoverage(),
        Marker(),
        LayerOffset(),
        ConflictMarkers(),
        PyCompile(),
        Pattern(),
    )
}


def known_kinds() -> str:
    return ", ".join(sorted(KINDS))
