"""A test double installed on an attribute named by a string: ``mock.patch.object(Cls, "name", ...)``,
``patch.object(mod, "name")``, ``monkeypatch.setattr(Cls, "name", ...)``.

Each looks the attribute up before it replaces it and raises ``AttributeError`` when it is gone (unless
``create=True`` / ``raising=False``): when upstream removes or renames the member (#41752 renamed
``_raise_if_multimodal`` to ``_warn_if_multimodal``, #34552 removed ``_get_attention_metadata_builder``), the
fork's patch -- and the test or the runtime switch that holds it -- breaks, although git merged it cleanly.
Symbol drift reads such a call as ``getattr(target, "name")`` with no default.
"""

from __future__ import annotations

import ast

from aeon_release.domain.audits.source import str_value

# the keyword that makes each double tolerate a missing attribute, and the value that does
_TOLERANT = {"object": ("create", True), "setattr": ("raising", False)}


def patched_attribute(call: ast.Call) -> tuple[ast.expr, str, str] | None:
    """(the patched object, the attribute's name, the call as spelt) of a ``patch.object`` or a pytest
    ``monkeypatch.setattr`` call with an object and a literal name; None for any other call."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in _TOLERANT or len(call.args) < 2:
        return None
    owner = func.value
    owner_name = owner.attr if isinstance(owner, ast.Attribute) else owner.id if isinstance(owner, ast.Name) else ""
    if (func.attr, owner_name) not in (("object", "patch"), ("setattr", "monkeypatch")):
        return None
    name = str_value(call.args[1])
    if name is None or not name.isidentifier() or isinstance(call.args[0], ast.Starred) or _tolerant(call):
        return None
    return call.args[0], name, f"{owner_name}.{func.attr}"


def _tolerant(call: ast.Call) -> bool:
    """The call says a missing attribute is fine (``create=True``, ``raising=False``) or spreads keywords."""
    assert isinstance(call.func, ast.Attribute)
    keyword, value = _TOLERANT[call.func.attr]
    for kw in call.keywords:
        if kw.arg is None:
            return True
        if kw.arg == keyword:
            return not (isinstance(kw.value, ast.Constant) and kw.value.value is not value)
    return False
