"""Strict YAML reading shared by the ledger, the rules and the release record.

Duplicate keys are errors (PyYAML silently keeps the last one), and every failure names the file
and the line.  Validation helpers keep a breadcrumb (``carries[3].markers[0].path``) so that an
error says where it is, as pre-commit's clientlib does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from aeon_release.errors import ConfigError

# Ledger, rules and release files are small; a bigger file is a mistake or an attack.
MAX_YAML_BYTES = 8 * 1024 * 1024


class _StrictLoader(yaml.SafeLoader):
    def compose_node(self, parent: Any, index: Any) -> Any:
        # An alias expands to a copy of its anchor's node: a few hundred bytes of nested aliases
        # expand to gigabytes (a "billion laughs").  Nothing we read needs them: refuse them.
        if self.check_event(yaml.events.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise yaml.composer.ComposerError(
                None, None, f"YAML aliases (*{str(event.anchor)[:40]}) are not allowed", event.start_mark
            )
        return super().compose_node(parent, index)


def short(value: Any, limit: int = 60) -> str:
    """A repr for a message: never the whole of a huge value."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            duplicate = key in seen
        except TypeError:
            duplicate = False
        if duplicate:
            mark = key_node.start_mark
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {short(key)} (line {mark.line + 1})", mark
            )
        try:
            seen.add(key)
        except TypeError:
            pass
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml(path: Path, label: str | None = None) -> Any:
    """Parse a YAML file strictly; a missing file is None."""
    label = label or path.name
    try:
        if path.stat().st_size > MAX_YAML_BYTES:
            raise ConfigError(
                f"{label}: {path.stat().st_size} bytes, more than the {MAX_YAML_BYTES} a YAML file may have"
            )
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{label}: cannot be read: {exc}") from None
    return parse_yaml(text, label)


def parse_yaml(text: str, label: str) -> Any:
    try:
        return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        where = f"{label}:{mark.line + 1}:{mark.column + 1}" if mark is not None else label
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ConfigError(f"{where}: malformed YAML: {problem}", "fix the YAML syntax at that line") from None
    except (RecursionError, MemoryError):
        raise ConfigError(f"{label}: malformed YAML: nested too deeply or too large") from None


class Where:
    """A breadcrumb into a YAML document: ``carries.yaml: carries[3].markers[0].path``."""

    def __init__(self, label: str, crumbs: tuple[str, ...] = ()) -> None:
        self.label = label
        self.crumbs = crumbs

    def key(self, name: str) -> Where:
        return Where(self.label, (*self.crumbs, f".{name}" if self.crumbs else name))

    def index(self, i: int) -> Where:
        return Where(self.label, (*self.crumbs, f"[{i}]"))

    def __str__(self) -> str:
        path = "".join(self.crumbs)
        return f"{self.label}: {path}" if path else self.label

    def fail(self, problem: str, hint: str | None = None) -> ConfigError:
        return ConfigError(f"{self}: {problem}", hint)


def mapping(node: Any, where: Where, required: Iterable[str], optional: Iterable[str] = ()) -> dict[str, Any]:
    """Check that ``node`` is a mapping with the required keys and no unknown ones."""
    if not isinstance(node, Mapping):
        raise where.fail(f"expected a mapping, got {type_name(node)}")
    required = tuple(required)
    allowed = set(required) | set(optional)
    for key in node:
        if not isinstance(key, str):
            raise where.fail(f"keys must be strings, got {type_name(key)} {short(key)}")
        if key not in allowed:
            raise where.key(key[:60]).fail("unknown key", f"allowed keys: {', '.join(sorted(allowed))}")
    for key in required:
        if key not in node:
            raise where.key(key).fail("required")
    return dict(node)


def sequence(node: Any, where: Where) -> list[Any]:
    if node is None:
        return []
    if not isinstance(node, list):
        raise where.fail(f"expected a list, got {type_name(node)}")
    return node


def string(node: Any, where: Where, pattern: re.Pattern[str] | None = None, hint: str | None = None) -> str:
    if not isinstance(node, str) or not node.strip():
        raise where.fail(f"expected a non-empty string, got {type_name(node)}", hint)
    if pattern is not None and not pattern.fullmatch(node):
        raise where.fail(f"{short(node)} is not of the expected form", hint)
    return node


def integer(node: Any, where: Where, minimum: int = 0, hint: str | None = None) -> int:
    if isinstance(node, bool) or not isinstance(node, int):
        raise where.fail(f"expected an integer, got {type_name(node)}", hint)
    if node < minimum:
        raise where.fail(f"must be at least {minimum}, got {node}", hint)
    return node


def choice(node: Any, where: Where, choices: Iterable[str]) -> str:
    choices = tuple(choices)
    if node not in choices:
        raise where.fail(f"must be one of {', '.join(choices)}, got {short(node)}")
    return str(node)


def relative_path(node: Any, where: Where) -> str:
    value = string(node, where)
    if value.startswith("/") or ".." in Path(value).parts or "\x00" in value:
        raise where.fail(f"{short(value)} must be a path relative to the tree, without '..'")
    return value


def type_name(node: Any) -> str:
    if node is None:
        return "nothing"
    return {
        dict: "a mapping",
        list: "a list",
        str: "a string",
        int: "an integer",
        bool: "a boolean",
        float: "a number",
    }.get(type(node), type(node).__name__)
