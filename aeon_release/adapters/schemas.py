"""JSON Schemas for the ledger files, shipped for editors (yaml-language-server) and CI."""

from __future__ import annotations

import json
import pkgutil
import re
from typing import Any


def _load(name: str) -> dict[str, Any]:
    # pkgutil's loader read, not importlib.resources: its readers import zipfile (4 ms of every command's start)
    raw = pkgutil.get_data("aeon_release", f"data/schemas/{name}.schema.json")
    if raw is None:  # a loader that cannot read package data: an install without its data files
        raise RuntimeError(f"aeon_release/data/schemas/{name}.schema.json cannot be read: reinstall aeon-release")
    data: dict[str, Any] = json.loads(raw.decode("utf-8"))
    return data


SCHEMAS: dict[str, dict[str, Any]] = {name: _load(name) for name in ("carries", "cherry_picks", "fleet")}


# -- the plain reading: a document these schemas certainly accept, without jsonschema ------------------
# jsonschema's import is most of a profile check (~50 ms of CPU, in the merge's first run on a clone and after
# each edit of fleet.yaml; the merge waited up to 0.3 s for it under load).  The schemas use a dozen keywords:
# read as jsonschema reads them, a document is accepted here only when each keyword surely holds; anything
# else (a keyword not listed, a float where an integer is asked, a failing value) is left to jsonschema, which
# then says what is wrong.  So an answer here is never "invalid", only "valid" or "ask jsonschema".
_ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "title", "description"})
_READ = frozenset(
    {"type", "properties", "additionalProperties", "required", "pattern", "minLength", "items"}
    | {"minimum", "maximum", "uniqueItems", "oneOf", "$ref"}
)
_MOST_DEPTH = 32  # schemas nest a few levels; a $ref loop is left to jsonschema


def plainly_valid(schema: dict[str, Any], document: Any) -> bool:
    """Whether ``document`` certainly passes ``schema`` (JSON Schema 2020-12 as jsonschema's
    Draft202012Validator reads it, no format checks).  False means "not known here": ask jsonschema."""
    return _holds(schema, document, schema, 0) is True


def _holds(node: Any, value: Any, root: dict[str, Any], depth: int) -> bool | None:
    """True: ``value`` passes ``node``; False: it surely fails; None: not known here."""
    if not isinstance(node, dict) or depth > _MOST_DEPTH or not node.keys() <= _READ | _ANNOTATIONS:
        return None
    answers = [_keyword(key, node, value, root, depth) for key in node.keys() & _READ]
    return False if False in answers else None if None in answers else True


def _keyword(key: str, node: dict[str, Any], value: Any, root: dict[str, Any], depth: int) -> bool | None:
    rule = node[key]
    if key == "$ref":
        target = _defined(root, rule)
        return None if target is None else _holds(target, value, root, depth + 1)
    if key == "type":
        kinds = [_is(kind, value) for kind in (rule if isinstance(rule, list) else [rule])]
        return True if True in kinds else None if None in kinds else False
    if key == "oneOf":
        if not isinstance(rule, list):
            return None
        passing = [_holds(choice, value, root, depth + 1) for choice in rule]
        return None if None in passing else passing.count(True) == 1
    return _applied(key, rule, node, value, root, depth)


def _applied(key: str, rule: Any, node: dict[str, Any], value: Any, root: dict[str, Any], depth: int) -> bool | None:
    """A keyword that applies to one kind of value only (passes any other, as jsonschema reads it)."""
    if isinstance(value, dict) and key in ("properties", "additionalProperties", "required"):
        if key == "properties":
            if not isinstance(rule, dict):
                return None
            held = [_holds(sub, value[name], root, depth + 1) for name, sub in rule.items() if name in value]
            return False if False in held else None if None in held else True
        if key == "additionalProperties":
            if rule is not False or not isinstance(node.get("properties", {}), dict):
                return None
            return all(name in node.get("properties", {}) for name in value)
        return all(name in value for name in rule) if isinstance(rule, list) else None
    if isinstance(value, str) and key in ("pattern", "minLength"):
        if key == "pattern":
            return re.search(rule, value) is not None if isinstance(rule, str) else None
        return len(value) >= rule if isinstance(rule, int) and not isinstance(rule, bool) else None
    if isinstance(value, list) and key in ("items", "uniqueItems"):
        if key == "items":
            held = [_holds(rule, item, root, depth + 1) for item in value]
            return False if False in held else None if None in held else True
        if rule is not True:
            return None if rule is not False else True
        return len(set(value)) == len(value) if all(isinstance(item, str) for item in value) else None
    if key in ("minimum", "maximum") and isinstance(value, (int, float)) and not isinstance(value, bool):
        if not isinstance(value, int) or not isinstance(rule, int) or isinstance(rule, bool):
            return None  # a float (a NaN passes both bounds there)
        return value >= rule if key == "minimum" else value <= rule
    return True if key in _READ else None  # a kind of value the keyword does not apply to


def _is(kind: Any, value: Any) -> bool | None:
    """jsonschema's type check, where it is certain without jsonschema (a float that is whole is an integer there)."""
    if kind == "integer":
        if isinstance(value, float):
            return None
        return isinstance(value, int) and not isinstance(value, bool)
    checks = {"string": str, "object": dict, "array": list, "boolean": bool}
    if kind == "null":
        return value is None
    return isinstance(value, checks[kind]) if kind in checks else None


def _defined(root: dict[str, Any], ref: Any) -> dict[str, Any] | None:
    """A ``#/$defs/NAME`` reference's schema (another kind of reference: None)."""
    if not isinstance(ref, str) or not ref.startswith("#/$defs/") or "/" in ref[len("#/$defs/") :]:
        return None
    found = root.get("$defs", {}).get(ref[len("#/$defs/") :]) if isinstance(root.get("$defs"), dict) else None
    return found if isinstance(found, dict) else None
