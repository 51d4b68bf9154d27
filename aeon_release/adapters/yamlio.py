"""Strict YAML reading shared by the ledger, the rules and the release record.

Duplicate keys are errors (PyYAML silently keeps the last one), and every failure names the file
and the line.  Validation helpers keep a breadcrumb (``carries[3].markers[0].path``) so that an
error says where it is, as pre-commit's clientlib does.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from aeon_release.adapters import files
from aeon_release.errors import ConfigError, quoted

# Ledger, rules and release files are small; a bigger file is a mistake or an attack.
MAX_YAML_BYTES = 8 * 1024 * 1024


# libyaml (PyYAML's C parser) when it is there: 20-30 times faster than the pure-Python one, so a
# file at the size cap parses in well under a second instead of ten.
_BASE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_BASE_LOADER):  # type: ignore[misc]
    """SafeLoader (no Python tags) whose mappings refuse duplicate keys."""


class _PureStrictLoader(yaml.SafeLoader):
    """The same in pure Python: its messages name the line a person would look at (libyaml's point
    past the end of a broken flow mapping), so a file libyaml refuses is parsed again with it."""


class _Dumper(yaml.SafeDumper):
    """SafeDumper whose strings holding a character YAML reads as a line break and Python does not (NEL
    U+0085, U+2028, U+2029) are double-quoted, where they are escapes: written raw in a plain or single-quoted
    scalar, YAML folded a NEL into a space, and ``init`` refused the carries.yaml it had just written for a fork
    commit whose subject held one."""


def _string(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    style = '"' if any(c in text for c in _YAML_BREAKS) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_YAML_BREAKS = "\x85\u2028\u2029"
_Dumper.add_representer(str, _string)


def dump(data: Any, **options: Any) -> str:
    """``yaml.safe_dump(data, allow_unicode=True, **options)``, every string read back as it was written."""
    text: str = yaml.dump(data, Dumper=_Dumper, allow_unicode=True, **options)
    return text


# A broken file is parsed a second time only when that is quick.
_REPARSE_BYTES = 1024 * 1024


# No file we read nests deeper than a few levels; thousands of ``[`` would later overflow the
# stack of whatever walks the data (the C parser itself has no limit).
MAX_YAML_DEPTH = 64


def _refuse_aliases(text: str, loader: Any) -> None:
    """An alias expands to its anchor's node everywhere it is used: a few hundred bytes of nested
    aliases make a structure that takes hours to walk (a "billion laughs").  Nothing we read needs
    them, so the events are scanned (in C) and the first alias refused before anything is built,
    and so is a document nested deeper than MAX_YAML_DEPTH."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.events.AliasEvent):
            raise _refused(f"YAML aliases (*{str(event.anchor)[:40]}) are not allowed", event)
        if isinstance(event, yaml.events.CollectionStartEvent):
            depth += 1
            if depth > MAX_YAML_DEPTH:
                raise _refused(f"nested more than {MAX_YAML_DEPTH} levels deep", event)
        elif isinstance(event, yaml.events.CollectionEndEvent):
            depth -= 1


def _refused(problem: str, event: yaml.events.Event) -> yaml.YAMLError:
    mark: Any = event.start_mark  # the C parser's Mark has the same line and column
    return yaml.composer.ComposerError(None, None, problem, mark)


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
                None, None, f"duplicate key {quoted(key)} (line {mark.line + 1})", mark
            )
        try:
            seen.add(key)
        except TypeError:
            pass
    built: dict[Any, Any] = loader.construct_mapping(node, deep=deep)
    return built


# YAML 1.1 (PyYAML's) reads ``880:16`` as a number in base 60 (52816) and ``0777`` in octal (511):
# ``pr: 880:16`` picked PR #52816 without a word.  They are read as YAML 1.2 reads them: base-60
# "numbers" are the text they are (a field that wants a number then says it got a string), and a
# leading zero is a decimal's.
_OLD_OCTAL = re.compile(r"[-+]?0[0-7]+")


def _construct_int(loader: Any, node: yaml.ScalarNode) -> Any:
    text = str(loader.construct_scalar(node))
    digits = text.replace("_", "")
    if ":" in digits:
        return text
    if _OLD_OCTAL.fullmatch(digits):
        return int(digits, 10)
    value = yaml.constructor.SafeConstructor.construct_yaml_int(loader, node)
    limit = sys.get_int_max_str_digits()
    if limit and isinstance(value, int) and abs(value) >= _ten_to(limit):
        # Python reads no decimal integer past the limit, but a hex, octal or binary one of as many digits it
        # does, and every later str() of it (a message, a report, the merge's PR index) was a ValueError traceback
        raise ValueError(f"an integer of more than {limit} decimal digits ({text[:20]}...)")
    return value


@functools.lru_cache(maxsize=2)
def _ten_to(power: int) -> int:
    return int(10**power)


def _construct_float(loader: Any, node: yaml.ScalarNode) -> Any:
    text = str(loader.construct_scalar(node))
    return text if ":" in text else yaml.constructor.SafeConstructor.construct_yaml_float(loader, node)


for _loader in (_StrictLoader, _PureStrictLoader):
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
    _loader.add_constructor("tag:yaml.org,2002:float", _construct_float)


_RESTORE = "write what the file is for, or restore it from version control"


def load_yaml(path: Path, label: str | None = None, *, empty: str = _RESTORE) -> Any:
    """Parse a YAML file strictly; a missing file is None, and one that is there but holds no value is refused
    (``empty`` is the hint: how the file says "none" on purpose).  See ``document``."""
    label = label or path.name
    text = read_text(path, label)
    return None if text is None else document(text, label, empty)


def document(text: str, label: str, empty: str) -> Any:
    """``parse_yaml`` of a file that must say something: 0 bytes, only comments, ``~`` or ``null`` read as
    None, and every reader took None for "nothing here", exit 0 (an empty carries.yaml checked no carry's
    marker, an empty rule file lowered the gate, a truncated releases.yaml forgot every release).  A file
    that is there was written to say something, so a document of no value is one line, the hint giving
    the file's own spelling of "none" (``carries: []``)."""
    data = parse_yaml(text, label)
    if data is None:
        raise no_value(label, text, empty)
    return data


def no_value(label: str, text: str | None, hint: str) -> ConfigError:
    """The one line for a file of no YAML value (``text`` None: the reader kept only the parsed value)."""
    if text == "":
        what = "is empty (0 bytes)"
    elif text is not None and not text.strip():
        what = "holds only blank lines"
    else:
        what = "holds no YAML value (only comments, `~` or `null`)"
    return ConfigError(f"{label}: {what}", hint)


def read_text(path: Path, label: str | None = None, limit: int = MAX_YAML_BYTES) -> str | None:
    """A small UTF-8 file's text; None when it does not exist (files.read_capped says what is refused)."""
    label = label or path.name
    data = files.read_capped(path, label, limit, error=ConfigError)
    if data is None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"{label}: not UTF-8 (byte {exc.start})", "save the file as UTF-8 (YAML files are UTF-8 text)"
        ) from None


def _strict_load(text: str, loader: Any) -> Any:
    _refuse_aliases(text, loader)
    return yaml.load(text, Loader=loader)  # noqa: S506 - a SafeLoader subclass


_SLOW = object()  # what _built says of a document it leaves to the loader
_RESOLVER = yaml.resolver.Resolver()
_STRING = "tag:yaml.org,2002:str"
_SCALARS = frozenset(f"tag:yaml.org,2002:{name}" for name in ("null", "bool", "int", "float", "timestamp"))


def _built(text: str, loader: Any) -> Any:
    """The document built straight from the parser's events (made in C), or _SLOW.

    PyYAML composes a node for every value and constructs each through Python calls: 10,000
    carries took ``ledger check`` 7 s.  Built here from the events in one pass, a plain document
    (mappings, lists, scalars untagged) is the same values in a fraction of the time; anything
    else (an anchor or alias, a tag, a merge key, a duplicate or unhashable key, a document nested past
    MAX_YAML_DEPTH, a second document) is left to the loader, which refuses or builds it as before."""
    constructor = yaml.constructor.SafeConstructor()
    root: Any = None
    stack: list[list[Any]] = []  # [container, its pending key, whether a key is pending]
    documents = 0
    event: Any
    value: Any
    collection: dict[Any, Any] | list[Any] | None
    for event in yaml.parse(text, Loader=loader):
        kind = type(event)
        if kind is yaml.ScalarEvent:
            value = _scalar(event, constructor)
            if value is _SLOW:
                return _SLOW
            collection = None
        elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            if event.tag is not None or event.anchor is not None or len(stack) >= MAX_YAML_DEPTH:
                return _SLOW
            value = collection = {} if kind is yaml.MappingStartEvent else []
        elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            stack.pop()
            continue
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                return _SLOW
            continue
        elif kind is yaml.AliasEvent:
            return _SLOW
        else:  # the stream's and a document's end
            continue
        if not stack:
            root = value
        elif not _placed(stack[-1], value, collection is not None):
            return _SLOW
        if collection is not None:
            stack.append([collection, None, False])
    return root


def _scalar(event: Any, constructor: Any) -> Any:
    """A scalar event's value, resolved as the strict loader resolves it; _SLOW for one it must build."""
    if event.tag is not None or event.anchor is not None:
        return _SLOW
    value = event.value
    if not event.style and event.implicit[0]:  # plain: libyaml says "", the pure parser None
        tag = _RESOLVER.resolve(yaml.ScalarNode, value, event.implicit)  # type: ignore[no-untyped-call]
        if tag != _STRING:
            if tag not in _SCALARS:
                return _SLOW  # a merge key (<<) or a value key (=)
            value = _StrictLoader.yaml_constructors[tag](constructor, yaml.ScalarNode(tag, value))
    return value


def _placed(top: list[Any], value: Any, is_collection: bool) -> bool:
    """Put ``value`` in the open container ``top``: appended to a list, or a mapping's key or value.
    False for what the loader must judge: a key that is a collection, repeated, or unhashable."""
    if type(top[0]) is list:
        top[0].append(value)
    elif not top[2]:
        try:
            if is_collection or value in top[0]:
                return False
        except TypeError:
            return False
        top[1], top[2] = value, True
    else:
        top[0][top[1]] = value
        top[2] = False
    return True


def parse_yaml(text: str, label: str) -> Any:
    try:
        data = _built(text, _StrictLoader)
        return _strict_load(text, _StrictLoader) if data is _SLOW else data
    except yaml.YAMLError as exc:
        raise _malformed(_pure_error(text) or exc, label) from None
    except ValueError as exc:  # an integer of thousands of digits (Python's int conversion limit)
        raise ConfigError(f"{label}: malformed YAML: {quoted(str(exc))}", "write numbers of a sensible size") from None
    except (RecursionError, MemoryError):
        raise ConfigError(
            f"{label}: malformed YAML: nested too deeply or too large", "flatten the file: no real one nests this deep"
        ) from None


def _pure_error(text: str) -> yaml.YAMLError | None:
    """The pure-Python parser's complaint about a text libyaml refused (None when it is too big)."""
    if _StrictLoader is _PureStrictLoader or len(text) > _REPARSE_BYTES:
        return None
    try:
        _strict_load(text, _PureStrictLoader)
    except yaml.YAMLError as exc:
        return exc
    except (ValueError, RecursionError, MemoryError):
        return None
    return None


def _malformed(exc: yaml.YAMLError, label: str) -> ConfigError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    where = f"{label}:{mark.line + 1}:{mark.column + 1}" if mark is not None else label
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    return ConfigError(f"{where}: malformed YAML: {problem}", "fix the YAML syntax at that line")


class Where:
    """A breadcrumb into a YAML document: ``carries.yaml: carries[3].markers[0].path``.

    ``guide`` is the hint for a failure that has no more specific one: where the file's fields are
    described (every error line carries a hint)."""

    def __init__(self, label: str, crumbs: tuple[str, ...] = (), guide: str | None = None) -> None:
        self.label = label
        self.crumbs = crumbs
        self.guide = guide

    def key(self, name: str) -> Where:
        """A key of the file is a crumb as it is when short and ASCII, else quoted: a release name of
        30,000 characters in cherry_picks.yaml was repeated whole in the line."""
        if len(name) > 60 or not name.isascii() or not name.isprintable():
            name = quoted(name)
        return Where(self.label, (*self.crumbs, f".{name}" if self.crumbs else name), self.guide)

    def index(self, i: int) -> Where:
        return Where(self.label, (*self.crumbs, f"[{i}]"), self.guide)

    def __str__(self) -> str:
        path = "".join(self.crumbs)
        return f"{self.label}: {path}" if path else self.label

    def fail(self, problem: str, hint: str | None = None) -> ConfigError:
        return ConfigError(f"{self}: {problem}", hint or self.guide)


def mapping(node: Any, where: Where, required: Iterable[str], optional: Iterable[str] = ()) -> dict[str, Any]:
    """Check that ``node`` is a mapping with the required keys and no unknown ones."""
    if not isinstance(node, Mapping):
        raise where.fail(f"expected a mapping, got {type_name(node)}")
    required = tuple(required)
    allowed = set(required) | set(optional)
    for key in node:
        if not isinstance(key, str):
            raise where.fail(f"keys must be strings, got {type_name(key)} {quoted(key)}")
        if key not in allowed:
            raise where.key(key).fail("unknown key", f"allowed keys: {', '.join(sorted(allowed))}")
    for key in required:
        if key not in node:
            raise where.key(key).fail("required")
    return dict(node)


def items(data: Mapping[str, Any], key: str, where: Where, hint: str | None = None) -> list[Any]:
    """The list at ``key``: none when the key is absent, and a key written and left empty (``rules:``,
    ``markers:``, ``pick:``) refused, as a file of no value is (``document``): read as an empty list, a rule file's
    ``rules:`` left empty dropped its rules from the gate without a word, exit 0.  ``key: []`` is none on purpose."""
    if key in data and data[key] is None:
        raise where.key(key).fail("left empty", hint or f"list the items, or write `{key}: []` for none")
    return sequence(data.get(key), where.key(key))


def sequence(node: Any, where: Where) -> list[Any]:
    if node is None:
        return []
    if not isinstance(node, list):
        raise where.fail(f"expected a list, got {type_name(node)}")
    return node


def string(node: Any, where: Where, pattern: re.Pattern[str] | None = None, hint: str | None = None) -> str:
    if not isinstance(node, str) or not node.strip():
        # "got a string" for a blank one (spaces, a NEL YAML folded) read as if the type were wrong
        got = (
            ("an empty string" if not node else "a string of blanks only") if isinstance(node, str) else type_name(node)
        )
        if isinstance(node, bool):  # `yes`, `on`: the word was a string to its writer
            got += ": YAML reads yes/no, on/off and true/false unquoted as one; quote the value ('...')"
        elif isinstance(node, (int, float)):
            # a SHA of digits only (about 1 in 27 seven-digit short SHAs): the form the hint gives was written,
            # and "got an integer" did not say why it was read as one
            got += f" ({quoted(str(node))}): YAML reads such a word unquoted as a number; quote the value ('...')"
        raise where.fail(f"expected a non-empty string, got {got}", hint)
    if pattern is not None and not pattern.fullmatch(node):
        raise where.fail(f"{quoted(node)} is not of the expected form", hint)
    return node


def integer(node: Any, where: Where, minimum: int = 0, hint: str | None = None, maximum: int | None = None) -> int:
    if isinstance(node, bool) or not isinstance(node, int):
        raise where.fail(f"expected an integer, got {type_name(node)}", hint)
    if node < minimum:
        raise where.fail(f"must be at least {minimum}, got {_shown(node)}", hint)
    if maximum is not None and node > maximum:
        raise where.fail(f"must be at most {maximum}, got {_shown(node)}", hint)
    return node


def _shown(number: int) -> str:
    """A number as written, or its count of digits past 20 (a line of 4,000 digits is no line)."""
    digits = len(str(abs(number)))
    return str(number) if digits <= 20 else f"a number of {digits} digits"


def choice(node: Any, where: Where, choices: Iterable[str]) -> str:
    choices = tuple(choices)
    if node not in choices:
        raise where.fail(f"must be one of {', '.join(choices)}, got {quoted(node)}")
    return str(node)


def as_float(node: float, where: Where) -> float:
    """A YAML or JSON number as a float: an integer too large for one (hundreds of digits, under the
    4,300 that Python reads) is one line, not an OverflowError."""
    try:
        return float(node)
    except OverflowError:
        raise where.fail(f"{quoted(node)} is too large a number") from None


def relative_path(node: Any, where: Where) -> str:
    value = string(node, where)
    if value.startswith("/") or ".." in Path(value).parts or "\x00" in value:
        raise where.fail(f"{quoted(value)} must be a path relative to the tree, without '..'")
    return value


def tree_path(node: Any, where: Where) -> str:
    """A path in the audited tree (a marker's file, a rule's paths): relative, and spelt as git names a
    file, whose parts are never empty or ``.``: ``./x``, ``x/`` and ``a//b`` name no file git lists, so
    a marker there was only ever "missing", and a rule's glob matched nothing."""
    value = relative_path(node, where)
    parts = value.split("/")
    if any(part in ("", ".") for part in parts):
        canonical = "/".join(part for part in parts if part not in ("", "."))
        raise where.fail(
            f"{quoted(value)} is not a path as git names a file", f"write it {quoted(canonical or 'a/b.py')}"
        )
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
