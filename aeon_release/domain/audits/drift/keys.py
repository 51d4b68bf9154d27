"""Key drift: a fork lookup of a mapping (or set) by the key type upstream stopped keying it by.

Upstream re-keys a table it keeps on an object or a module (``self.graphs: dict[int, CUDAGraph]`` ->
``dict[BatchDescriptor, CUDAGraph]``, #35959; ``_CPU_MOE_ACT_FN: dict[str, ...]`` ->
``dict[MoEActivation, ...]``; a request table keyed by a tuple where it was keyed by an int) and
rewrites its own lookups.  Git merges the fork's lookups as they were: ``num_tokens in mgr.graphs`` is
False for good, ``table.get(name)`` None, ``table[k] = v`` writes an entry nothing reads.  Nothing
raises: the fork's path falls back (eager mode instead of a graph, a default instead of its entry).

Cheap first: upstream's diff must remove an annotated declaration of a name (``self.x: dict[K, V]``,
``x: set[K]``, a class's field or a module's table, wrapped over lines or not) and add one of the same
name in the same file with another key type (a text scan). Key types are compared as kinds: ``int``,
``str``, ``bytes``, ``float``, ``tuple``, or a class. An alias or a ``NewType`` is followed (in the
file, and through the imports that bring the name in), and a class deriving from a builtin keys as it (a
``StrEnum`` as its strings, a ``NamedTuple`` as its tuple); a union, ``Any`` or a name it cannot place
is unknown, and unknown proves nothing. Then only the fork's files whose added lines look the name up
(``.x[``, ``.x.get(``, ``in ....x``, ``.x.update({...})``, ``.x |= {...}``) are parsed, in the merged
tree. A lookup is an error when its key is of the old kind and that kind is not the new one: a literal,
an f-string, a tuple display, ``len()``, a call of a class (``int()``, ``Mode(k)``) or of the file's function
annotated with what it returns, or a name its function annotates (a parameter never rebound, an annotated
local), binds once to such a value, or binds from ``range()``, or an attribute
(``self.size``, ``desc.num_tokens`` of an annotated ``desc``) its class annotates, takes from an
annotated ``__init__`` parameter or returns from a property, in the fork's file or the module it imports
the class from. A key whose type the fork's code does not show is a warning (it may hold the new type
already). The fork's file must be the declaring one or name the declaring class (or, for a module-level
table, the name itself); ``x.name`` is the table unless ``x`` is ``self`` or a name annotated with (or
built by a call of, ``x = Cls()``) another class (one that neither derives from the declaring class nor
may, through a base out of sight), and a module table's bare name is it in the declaring module or one
importing it, unless a function binds it locally; its ``m.name`` only where ``m`` is that module.  A class key with a base out of sight is unknown (it may be a ``str`` mixin of its own).

A table bound to a dict display (a class body's, a module's) may also lose a key outright: #27334 renamed
gpt-oss's ``packed_modules_mapping`` key ``"qkv"`` to ``"qkv_proj"``, and a fork's
``GptOssForCausalLM.packed_modules_mapping.get("qkv")`` finds nothing, for good.  Cheap first: a string
key a removed line of upstream's diff holds, no added line of the file holds, and a fork line quotes;
then the file's base and merged displays are parsed, and the fork's reads under a dropped key (the same
lookup sites as above) are an error where the line names the declaring class (``Owner.table``, ``self``
of a subclass by name, a name annotated or built as one), a warning where the receiver may be another
class's table, or where the lookup hands a default naming something of its own (``.get("solar",
AeonSolarConfig)``, review103: the fork's fallback answers now, maybe as meant).  A key the fork writes into the table (or gives it with ``setdefault``), or a table its own file binds
(``self.table`` of a subclass binding one of the name), is the fork's; a line quoting the key that
replaced the dropped one reads the table of either version.
"""

from __future__ import annotations

import ast
import functools
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name, import_base, may_come_from, parse_module_info
from aeon_release.domain.audits.drift.sides import ThreeTrees, whole_word
from aeon_release.domain.audits.merge_rules import KEY_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    imported_from,
    keys_given_later,
    lazy_pattern,
    parse_python,
    simple_assignment,
    str_value,
)

_MAPPINGS = (
    r"(?:typing\.)?(?:dict|Dict|defaultdict|DefaultDict|OrderedDict|Mapping|MutableMapping|set|Set|frozenset|FrozenSet)"
)
# ``name: dict[K, V]`` or ``name = dict[K, V]()`` (a call of the subscripted type: #25682's
# ``_MODEL_ARCH_BY_HASH = dict[int, tuple[...]]()``, re-keyed from ``compute_hash()``'s strings)
_DECL = lazy_pattern(rf"^([ \t]*)(self\.)?([A-Za-z_]\w*)[ \t]*([:=])[ \t]*{_MAPPINGS}\[(.*)$")
_ANNOTATED = lazy_pattern(rf"[:=][ \t]*{_MAPPINGS}\[")  # the fast first scan of upstream's whole diff
_DECL_AT = lazy_pattern(
    rf"[ \t]*(?:self\.)?[A-Za-z_]\w*[ \t]*[:=][ \t]*{_MAPPINGS}\["
)  # a declaration at a line's start
_BUILTINS = frozenset({"int", "str", "bytes", "float", "tuple"})
# builtins whose call is always an int (#25682's new key is ``hash((...))``: revDR, ``review110_twins.py``)
_INT_BUILTINS = frozenset({"len", "hash"})
# bases whose instances equal (and hash as) a builtin's values
VALUE_BUILTINS = {
    "str": "str",
    "StrEnum": "str",
    "int": "int",
    "IntEnum": "int",
    "IntFlag": "int",
    "bytes": "bytes",
    "float": "float",
    "tuple": "tuple",
    "NamedTuple": "tuple",
}
_WRAPPED = 4  # lines a wrapped declaration is read over
_LOOKUPS = frozenset({"get", "pop", "setdefault", "add", "discard", "remove", "__contains__", "__getitem__"})


@dataclass(frozen=True)
class Rekeyed:
    path: str  # the declaring file
    name: str
    owner: str | None  # the class declaring an attribute; None for a module-level table
    old: str  # key types as written
    new: str
    old_kind: str
    new_kind: str


@dataclass(frozen=True)
class Unkeyed:
    """A table a class body or a module binds to a dict display, whose string keys upstream's diff
    dropped (``packed_modules_mapping = {"qkv": [...]}`` -> ``{"qkv_proj": [...]}``, #27334)."""

    path: str
    name: str
    owner: str | None
    dropped: frozenset[str]  # keys of the base's display the merged one lacks (and the fork quotes)
    kept: tuple[str, ...]  # the merged display's keys
    added: frozenset[str] = frozenset()  # ... of them, those the base's display lacked ("qkv_proj")


def key_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    tables = _rekeyed(trees)
    unkeyed = _unkeyed(trees)
    if not tables and not unkeyed:
        return []
    findings = []
    sites: dict[str, dict[str, list[_Site]]] = {}  # per fork file, its lookups by table name: one walk each
    for table in tables:
        for path, line, key, kind, verb in _fork_lookups(trees, table, sites):
            findings.append(_finding(trees, table, path, line, key, kind, verb, pr_pattern))
    for dropped in unkeyed:
        findings += _dropped_key_lookups(trees, dropped, sites, pr_pattern)
    return findings


def _rekeyed(trees: ThreeTrees) -> list[Rekeyed]:
    """Tables whose declaration upstream's diff rewrote with a key of another (known) kind."""
    found = []
    for path in trees.upstream.matching(_ANNOTATED, ".py"):
        if not _removes_and_adds(trees.upstream.raw(path)):
            continue
        change = trees.upstream[path]
        removed = change.removed
        before: dict[
            str, dict[str, str]
        ] = {}  # name -> every key its removed declarations had (normalised: as written)
        for i in range(len(removed)):
            if _may_declare(removed[i]) and (d := _declared(removed[i : i + _WRAPPED])) is not None:
                before.setdefault(d[0], {})[_norm(d[1][1])] = d[1][1]
        if not before:
            continue
        lines: list[str] | None = None
        for number, added in change.added.items():
            if not _may_declare(added):
                continue
            now = _declared([added, *(change.added.get(number + k, "") for k in range(1, _WRAPPED))])
            # one key removed, and not this one (declarations of one name that disagree: which was this
            # table's, the text does not say)
            if now is None or len(before.get(now[0], ())) != 1 or _norm(now[1][1]) in before[now[0]]:
                continue
            if not _fork_names(trees, now[0].lstrip(".")):
                continue  # no fork line names the table: nothing to resolve
            [old], new = before[now[0]].values(), now[1][1]
            kinds = _kind(old, trees, path), _kind(new, trees, path)
            if None in kinds or kinds[0] == kinds[1]:
                continue
            attribute = now[0].startswith(".") or bool(now[1][0])
            if lines is None:
                lines = (trees.merged_text(path) or "").splitlines()
            owner = _owner(lines, added, now[1][0], not now[0].startswith(".")) if attribute else None
            if attribute and owner is None:
                continue  # a local, or an attribute whose class this text scan cannot place
            name = now[0].lstrip(".")
            found.append(Rekeyed(path, name, owner, old, new, str(kinds[0]), str(kinds[1])))
    return found


# a string key of a dict display on a changed line: ``"qkv": [...]`` (the display's brace, a comma or the
# line's start before it)
_STRING_KEY = lazy_pattern(r"""(?:^[-+][ \t]*|[{,][ \t]*)["']([A-Za-z_][\w.-]{0,100})["'][ \t]*:""", re.M)
_QUOTED = lazy_pattern(r"""["']([A-Za-z_][\w.-]{0,100})["']""")
# a keyword key of a ``dict(k=...)`` (or a dict subclass's) call on a changed line: ``chatglm="ChatGLMConfig",``
_KEYWORD_KEY = lazy_pattern(r"(?:^[-+][ \t]*|[(,][ \t]*)([A-Za-z_]\w{0,100})[ \t]*=(?!=)", re.M)


def _changed_keys(line: str) -> list[str]:
    """The keys a changed line spells: a display's string keys, or a keyword call's keyword keys."""
    return (_STRING_KEY.findall(line) if ":" in line else []) + (_KEYWORD_KEY.findall(line) if "=" in line else [])


def _unkeyed(trees: ThreeTrees) -> list[Unkeyed]:
    """Tables bound to a dict display (in a class body or at module level) whose string key upstream's
    diff removed and no added line of the file holds, and that a fork line quotes.  Cheap first: the
    diff's removed and added keys (a text scan), the fork's quoted strings; only then the file's base and
    merged texts are parsed."""
    quoted = {q for line in _fork_py_lines(trees) if "'" in line or '"' in line for q in _QUOTED.findall(line)}
    found: list[Unkeyed] = []
    for path in trees.upstream if quoted else ():
        if not path.endswith(".py"):
            continue
        change = trees.upstream[path]
        removed = {k for line in change.removed for k in _changed_keys("-" + line)} & quoted
        if not removed:
            continue
        gone = removed - {k for line in change.added.values() for k in _changed_keys("+" + line)}
        if not gone:
            continue
        base = trees.blobs(trees.base, [path])[path]
        merged = trees.merged_module(path)
        before = _display_tables(parse_python(base)) if base is not None else {}
        after = _display_tables(merged) if merged is not None else {}
        for (owner, name), keys in sorted(before.items(), key=lambda item: (item[0][0] or "", item[0][1])):
            now = after.get((owner, name))
            dropped = (set(keys) & gone) - set(now) if now is not None else set()
            given = _keys_given(merged, owner, name) if dropped and merged is not None else set()
            dropped = dropped - given if given is not None else set()
            if dropped and _fork_names(trees, name):
                found.append(
                    Unkeyed(path, name, owner, frozenset(dropped), now or (), frozenset(now or ()) - set(keys))
                )
    return found


def _keys_given(module: ast.Module, owner: str | None, name: str) -> set[str] | None:
    """The string keys the merged file's code gives the table besides its display (``self.table[k] = ...``
    in ``__init__``, ``Owner.table.setdefault(k, ...)``, #26634 moved qwen2-moe's "gate_up_proj" there);
    None when an update hands it keys not known here."""
    spellings = [f"self.{name}", f"cls.{name}", f"{owner}.{name}"] if owner is not None else [name]
    given: set[str] = set()
    for spelled in spellings:
        keys = keys_given_later(module, spelled)
        if keys is None:
            return None
        given |= {k for k in map(str_value, keys) if k is not None}
    return given


def _fork_py_lines(trees: ThreeTrees) -> Iterator[str]:
    """Each line the fork added to a Python file."""
    for path in trees.mine:
        if path.endswith(".py"):
            yield from trees.mine[path].added.values()


def _display_tables(module: ast.Module | None) -> dict[tuple[str | None, str], tuple[str, ...]]:
    """(class or None, name) -> the keys of each dict display a top-level class's body or the module binds
    to a name, every key a string (a computed key, or a ``**spread`` of what is not such a table of the same
    scope bound above: not a table of known keys); a ``dict(k=...)`` call, or one of the module's own ``dict``
    subclass, keyed by keywords alone is one too (killers196: #21891's ``_CONFIG_REGISTRY`` spread
    ``**_CONFIG_REGISTRY_OVERRIDE_HF`` into its display, and later became ``LazyConfigDict(chatglm=...)``)."""
    found: dict[tuple[str | None, str], tuple[str, ...]] = {}
    scopes: list[tuple[str | None, list[ast.stmt]]] = [(None, module.body if module is not None else [])]
    scopes += [(node.name, node.body) for _, body in scopes[:1] for node in body if isinstance(node, ast.ClassDef)]
    dicts = _dict_classes(scopes[0][1])
    for owner, body in scopes:
        for stmt in body:
            target, value = simple_assignment(stmt)
            if target is None or value is None:
                continue
            known = {name: keys for (where, name), keys in found.items() if where == owner}
            keys = _table_keys(value, known, dicts)
            if keys:
                found[(owner, target)] = keys
    return found


def _table_keys(value: ast.expr, known: dict[str, tuple[str, ...]], dicts: set[str]) -> tuple[str, ...] | None:
    """The string keys of a dict display (a ``**name`` spread of a ``known`` table adds that table's keys) or
    of a call of ``dict`` (or a class in ``dicts``) keyed by keywords alone; None for anything else."""
    if isinstance(value, ast.Dict):
        # a spread's key is None; a key that is no string (``{1: TABLE}``) is no table's, not TABLE spread
        pairs = [(str_value(k) if k is not None else None, v) for k, v in zip(value.keys, value.values, strict=True)]
        if any(k is not None and str_value(k) is None for k in value.keys):
            return None
    elif isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in dicts | {"dict"}:
        if value.args:
            return None
        pairs = [(k.arg, k.value) for k in value.keywords]
    else:
        return None
    keys: list[str] = []
    for key, item in pairs:
        if key is None:
            spread = known.get(item.id) if isinstance(item, ast.Name) else None
            if spread is None:
                return None
            keys += spread
        else:
            keys.append(key)
    return tuple(keys)


def _dict_classes(body: list[ast.stmt]) -> set[str]:
    """The module's own classes deriving from ``dict`` by name (a lazy registry: ``class LazyDict(dict)``)."""
    return {
        node.name
        for node in body
        if isinstance(node, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id == "dict" for b in node.bases)
    }


def _dropped_key_lookups(
    trees: ThreeTrees, table: Unkeyed, sites: dict[str, dict[str, list[_Site]]], pr_pattern: str
) -> list[Finding]:
    """The fork's reads of the table under a key upstream dropped from it: an error where the line names
    the declaring class (``Owner.table``, ``self`` of a subclass, a name annotated or built as one), a
    warning where the receiver may be another class's table of the name.  A key the fork writes into the
    table itself, or a file whose own class binds a table of the name, is the fork's."""
    looked = list(_table_lookups(trees, table, sites))
    written = {str_value(key.node) for _, _, _, key, verb in looked if _writes(verb)}
    findings = []
    for path, place, line, key, verb in looked:
        value = str_value(key.node)
        if value is None or value not in table.dropped or value in written or _writes(verb):
            continue
        if _reads_new_key(trees, path, line, table):
            continue  # ``m.get("qkv_proj") or m.get("qkv")``: the line takes the table of either version
        exact = _owner_named(key, place, table)
        if exact is None or (not exact and table.name in _own_tables(place.module)):
            continue
        findings.append(_dropped_finding(trees, table, path, line, value, verb, (exact, key.defaulted), pr_pattern))
    return findings


def _writes(verb: str) -> bool:
    """The lookup puts the key in the table: a write, or ``.setdefault`` (the fork's entry if none is there)."""
    return verb.startswith("writes") or verb == "calls .setdefault() with"


def _reads_new_key(trees: ThreeTrees, path: str, line: int, table: Unkeyed) -> bool:
    """The fork's line also quotes a key the merged table gained (the old key read beside the new one)."""
    text = trees.merged_text(path) or ""
    lines = text.splitlines()
    held = set(_QUOTED.findall(lines[line - 1])) if 0 < line <= len(lines) else set()
    return not held.isdisjoint(table.added)


def _own_tables(module: ast.Module) -> set[str]:
    """The table names the fork file itself or its own classes bind, to whatever value (a dict display,
    the parent's table spread into one, a copy)."""
    classes = [node for node in module.body if isinstance(node, ast.ClassDef)]
    return _bound_in(module.body).union(*map(_class_tables, classes))


def _class_tables(cls: ast.ClassDef) -> set[str]:
    """The names a class binds in its body (``table = {...}``) or on its instances in a method
    (``self.table = {...}`` in ``__init__``)."""
    rebound = {
        target.attr
        for method in cls.body
        if isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(method)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute) and _is_self(target.value)
    }
    return _bound_in(cls.body) | rebound


def _bound_in(body: list[ast.stmt]) -> set[str]:
    """The names a body binds by ``name = ...`` or ``name: T = ...``."""
    return {name for stmt in body if (name := simple_assignment(stmt, bare=True)[0]) is not None}


def _owner_named(key: _Key, place: _Place, table: Unkeyed) -> bool | None:
    """The lookup's receiver names the declaring class: ``Owner.table``, ``self.table`` in a class deriving
    from it by name, or a name annotated with it or built by calling it (a module table: always).  None
    where that name is a class of the owner's name other than the declaring one (the fork's own copy,
    defined in the file or imported from another module)."""
    owner = table.owner
    if owner is None:
        return True
    if not _receiver_names(key, place, table, owner):
        return False
    text = place.trees.merged_text(place.path)
    info = parse_module_info(place.path, dotted_name(place.path), text) if text is not None else None
    if place.path == table.path or info is None:
        return True
    return True if may_come_from(info, ast.Name(id=owner, ctx=ast.Load()), dotted_name(table.path)) else None


def _receiver_names(key: _Key, place: _Place, table: Unkeyed, owner: str) -> bool:
    """The lookup's receiver is spelled as the owner's name (``Owner.table``, ``self`` of a class deriving
    from it by that name, a name annotated with it or built by calling it)."""
    node = key.node
    holder = next(
        (
            n
            for n in ast.walk(key.function or place.module)
            if isinstance(n, ast.Attribute) and n.attr == table.name and n.lineno == getattr(node, "lineno", -1)
        ),
        None,
    )
    receiver = holder.value if holder is not None else None
    if isinstance(receiver, ast.Name) and receiver.id == owner:
        return True
    if receiver is not None and _is_self(receiver):
        cls = key.cls
        if cls is not None and table.name in _class_tables(cls):
            return False  # a subclass binding its own table of the name
        bases = [ast.unparse(b).rsplit(".", 1)[-1] for b in cls.bases] if cls is not None else []
        return cls is not None and (cls.name == owner or owner in bases)
    if isinstance(receiver, ast.Name) and key.function is not None:
        named = _annotation(key.function, receiver.id) or _constructed(key.function, receiver.id)
        return named is not None and _class_named(named) == owner
    return False


def _dropped_finding(
    trees: ThreeTrees,
    table: Unkeyed,
    path: str,
    line: int,
    key: str,
    verb: str,
    shown: tuple[bool, bool],
    pr_pattern: str,
) -> Finding:
    """``shown``: whether the receiver is surely the table, and whether the lookup hands a default of its own
    (review103, #21891: ``_CONFIG_REGISTRY.get("solar", AeonSolarConfig)`` takes the fork's class now, which may
    be what it meant: a warning)."""
    exact, defaulted = shown
    commit = trees.upstream_commit(table.path, rf"[\"']{re.escape(key)}[\"'][[:space:]]*:", pr_pattern)
    where = f"{table.owner}.{table.name}" if table.owner else table.name
    now = ", ".join(repr(k) for k in table.kept[:6]) + (", ..." if len(table.kept) > 6 else "")
    message = (
        f"fork-owned line {verb} {key!r} in `{where}`, a key upstream dropped from the table "
        f"({table.path}{commit}); its keys are {now or 'none'} now: the lookup never matches, silently"
    )
    if not exact:
        message += f" (if this is `{where}`: the receiver's class is not shown)"
    if defaulted:
        message += "; the lookup hands a default of its own, which it answers now: check it is the entry meant"
    sure = exact and not defaulted
    return Finding(RULE, "merge", Severity.ERROR if sure else Severity.WARNING, path, line, message)


def _removes_and_adds(raw: str) -> bool:
    """A file's diff removes a declaration and adds one: each match of the fast scan's line looked at
    alone (a ``^``-anchored search of every line of a large diff took three times as long)."""
    signs: set[str] = set()
    for match in _ANNOTATED.finditer(raw):
        start = raw.rfind("\n", 0, match.start()) + 1
        sign = raw[start : start + 1]
        if sign in ("-", "+") and sign not in signs and _DECL_AT.match(raw, start + 1):
            signs.add(sign)
            if len(signs) == 2:
                return True
    return False


def _fork_names(trees: ThreeTrees, name: str) -> bool:
    """Some Python file of the fork's diff holds ``name`` (a substring test of its raw diff)."""
    return any(path.endswith(".py") and name in trees.mine.raw(path) for path in trees.mine)


def _may_declare(line: str) -> bool:
    """The cheap test before ``_declared``'s pattern: a declaration's first line holds a ``:`` and a ``[``
    (a 2,000-commit diff's files hold ~17,000 removed and added lines that need no pattern)."""
    return "[" in line and (":" in line or "=" in line)


def _declared(texts: list[str]) -> tuple[str, tuple[str, str]] | None:
    """``self.x: dict[K, V]`` -> (".x", (indentation, "K")); a module or class field's name bare.  ``texts``:
    the line and those after it, where a formatter wraps a long annotation (``dict[\\n    K, V\\n] = {}``)."""
    match = _DECL.match(texts[0])
    if match is None:
        return None
    rest = " ".join([match.group(5), *texts[1:]])
    key = _first_argument(rest)
    if not key or (match.group(4) == "=" and not _called(rest)):
        return None  # ``Alias = dict[K, V]`` names a type, no table
    name = ("." if match.group(2) else "") + match.group(3)
    return name, (match.group(1), key)


def _first_argument(rest: str) -> str:
    """The first type argument of ``K, V] = ...`` (brackets balanced); "" when the line ends inside it."""
    depth = 0
    for i, char in enumerate(rest):
        if char in "[(":
            depth += 1
        elif char in "])" and depth:
            depth -= 1
        elif char in ",]" and depth == 0:
            return rest[:i].strip()
    return ""


def _called(rest: str) -> bool:
    """``K, V](...`` : the subscripted type's brackets close and a call of it follows."""
    depth = 1
    for i, char in enumerate(rest):
        depth += char == "["
        depth -= char == "]"
        if depth == 0:
            return rest[i + 1 :].lstrip().startswith("(")
    return False


def _norm(key: str) -> str:
    return re.sub(r"\s+|\btyping\.", "", key)


def _kind(key: str, trees: ThreeTrees, path: str, depth: int = 0) -> str | None:
    """int, str, bytes, float, tuple, ``class Name``; None: not known (a union, Any, an unseen import)."""
    key = _norm(key).strip("\"'")  # a quoted (forward) reference names the same type
    head = re.match(r"^(\w+)", key)
    if head is None or "|" in key or key.startswith(("Optional", "Union", "Any", "object")):
        return None
    name = head.group(1)
    if name in ("tuple", "Tuple"):
        return "tuple"
    if name in _BUILTINS and key == name:
        return name
    if depth > 2 or key != name:
        return None
    return _named_kind(name, trees, path, depth)


def _named_kind(name: str, trees: ThreeTrees, path: str, depth: int) -> str | None:
    """What a bare name is in ``path`` (merged): an alias, a ``NewType``, a class; else what it is in the
    module ``path`` imports it from (a few hops at most)."""
    text = trees.merged_text(path)
    if text is None or depth > 3:
        return None
    alias = re.search(rf"^(?:type[ \t]+)?{name}[ \t]*(?::[ \t]*TypeAlias[ \t]*)?=[ \t]*(.+?)[ \t]*$", text, re.M)
    if alias is not None:
        value = alias.group(1).strip("\"'")
        new_type = re.match(r"^(?:typing\.)?NewType\(\s*[\"']\w+[\"']\s*,\s*(.+?)\s*\)$", value)
        return _kind(new_type.group(1) if new_type else value, trees, path, depth + 1)
    cls = re.search(rf"^class[ \t]+{name}\b[ \t]*(?:\((.*)\))?[ \t]*:", text, re.M)
    if cls is not None:
        return _class_kind(
            name,
            re.findall(r"[A-Za-z_]\w*(?=[ \t]*(?:,|$|\[))", re.sub(r"\w+[ \t]*=[ \t]*[\w.]+", "", cls.group(1) or "")),
            trees,
            path,
            depth,
        )
    for where in imported_from(text, name, path):
        if trees.merged_text(where) is not None:
            return _named_kind(name, trees, where, depth + 1)
    return None


def _class_kind(name: str, bases: list[str], trees: ThreeTrees, path: str, depth: int) -> str | None:
    """A class keys as the builtin it derives from, at any depth the tree shows (``class Mode(str, Enum)``,
    a ``StrEnum``, a ``NamedTuple`` equal to its tuple), else as itself; None when a base is out of sight."""
    for base in bases:
        if base in VALUE_BUILTINS:
            return VALUE_BUILTINS[base]
        if base not in _PLAIN_BASES:
            kind = _named_kind(base, trees, path, depth + 1) if depth < 3 else None
            if kind is None:
                return None  # a base it cannot place may derive from a builtin (a ``str`` mixin of its own)
            if not kind.startswith("class "):
                return kind
    return f"class {name}"


_PLAIN_BASES = frozenset({"object", "Enum", "Flag", "ABC", "Generic", "Protocol", "TypedDict"})


def _owner(lines: list[str], added: str, indent: str, field: bool) -> str | None:
    """The class whose body (a field: directly) or whose methods (``self.x``) hold the declaration."""
    at = next((i for i, line in enumerate(lines) if line == added), None)
    if at is None:
        return None
    for line in reversed(lines[:at]):
        outer = re.match(r"^([ \t]*)(\S)", line)
        if outer is None or outer.group(2) == "#" or len(outer.group(1)) >= len(indent):
            continue
        match = re.match(r"^[ \t]*class[ \t]+(\w+)", line)
        if match is not None:
            return match.group(1)
        if field:
            return None  # a local of a function, not a class's field
    return None


def _fork_lookups(
    trees: ThreeTrees, table: Rekeyed, sites: dict[str, dict[str, list[_Site]]]
) -> Iterator[tuple[str, int, str, str | None, str]]:
    """(path, merged line, key as written, its kind, what the line does) of each fork-owned lookup of
    the table whose key is of the old kind, or of a kind the fork's code does not show (None)."""
    for path, _, line, key, verb in _table_lookups(trees, table, sites):
        kind = _key_kind(key, trees, path)
        if kind is None or kind == table.old_kind:
            yield path, line, ast.unparse(key.node), kind, verb


def _table_lookups(
    trees: ThreeTrees, table: Rekeyed | Unkeyed, sites: dict[str, dict[str, list[_Site]]]
) -> Iterator[tuple[str, _Place, int, _Key, str]]:
    """(path, the file's place, merged line, key, what the line does) of each fork-owned lookup of the table."""
    word = re.escape(table.name)
    spelled = rf"\.{word}\b" if table.owner is not None else rf"\b{word}\b"
    pattern = re.compile(
        spelled + r"[ \t]*(?:\[|\|=|\.(?:get|pop|setdefault|add|discard|remove|update)\()|\bin[ \t]+[\w.()]*" + spelled
    )
    for path in trees.mine:
        if not path.endswith(".py") or table.name not in trees.mine.raw(path):
            continue  # a substring test first: the pattern's ``in ...`` branch is slow over a long line
        if not any(table.name in t and pattern.search(t) for t in trees.mine[path].added.values()):
            continue
        text = trees.merged_text(path)
        if text is None or (path != table.path and not _names_owner(text, table)):
            continue
        module = trees.merged_module(path)
        owned = trees.owned_lines(path)
        if module is None or not owned:
            continue
        if path not in sites:
            sites[path] = _sites(module, owned)
        place = _Place(trees, path, module, table)
        for line, key, verb in _lookups(sites[path].get(table.name, []), place):
            yield path, place, line, key, verb


_Function = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class _Key:
    node: ast.expr
    function: _Function | None
    cls: ast.ClassDef | None = None  # the class whose method holds the key (``self.x`` is its)
    defaulted: bool = False  # ``.get(key, AeonConfig)``: the fork hands a default entry of its own


def _names_owner(text: str, table: Rekeyed | Unkeyed) -> bool:
    """The fork's file names the class declaring the attribute (or imports the module-level table)."""
    return re.search(whole_word(table.owner or table.name), text) is not None


_Site = tuple["_Scope", ast.AST]


def _sites(module: ast.Module, owned: set[int]) -> dict[str, list[_Site]]:
    """The lookup-shaped nodes on fork-owned lines, by the name of what they look up (``x.name``, ``name``)."""
    found: dict[str, list[_Site]] = {}
    for scope, node in _walk(module):
        if getattr(node, "lineno", 0) not in owned:
            continue
        looked: ast.expr | None = None
        if isinstance(node, ast.Subscript):
            looked = node.value
        elif isinstance(node, ast.Compare) and len(node.ops) == 1:
            looked = node.comparators[0]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            looked = node.func.value
        elif isinstance(node, ast.AugAssign):
            looked = node.target
        name = looked.attr if isinstance(looked, ast.Attribute) else looked.id if isinstance(looked, ast.Name) else None
        if name is not None:
            found.setdefault(name, []).append((scope, node))
    return found


def _lookups(sites: list[_Site], place: _Place) -> Iterator[tuple[int, _Key, str]]:
    """Each lookup of the table on a fork-owned line: its key and what it does."""
    for (function, cls), node in sites:
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Subscript) and place.is_table(node.value, function, cls):
            verb = "writes an entry under" if isinstance(node.ctx, ast.Store) else "indexes it by"
            yield line, _Key(node.slice, function, cls), verb
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            if place.is_table(node.comparators[0], function, cls):
                yield line, _Key(node.left, function, cls), "tests membership of"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            if node.func.attr in _LOOKUPS and place.is_table(node.func.value, function, cls):
                yield line, _Key(node.args[0], function, cls, _own_default(node)), f"calls .{node.func.attr}() with"
            elif node.func.attr == "update" and place.is_table(node.func.value, function, cls):
                yield from _entries(node.args[0], _Key(node, function, cls), line)
        elif (
            isinstance(node, ast.AugAssign)
            and isinstance(node.op, ast.BitOr)
            and place.is_table(node.target, function, cls)
        ):
            yield from _entries(node.value, _Key(node.value, function, cls), line)


def _own_default(call: ast.Call) -> bool:
    """``table.get(key, AeonConfig)`` (``.pop`` too): a default that names something (a class, a function, a
    constant) rather than None or an empty literal -- the entry the fork falls back to when the key is gone."""
    method = call.func.attr if isinstance(call.func, ast.Attribute) else ""
    return method in ("get", "pop") and any(isinstance(v, ast.Name | ast.Attribute) for v in call.args[1:2])


def _entries(value: ast.expr, scope: _Key, line: int) -> Iterator[tuple[int, _Key, str]]:
    """The keys of a dict display merged into the table (``.update({...})``, ``|= {...}``)."""
    if isinstance(value, ast.Dict):
        for key in value.keys:
            if key is not None:
                yield line, _Key(key, scope.function, scope.cls), "writes an entry under"


_Scope = tuple[_Function | None, ast.ClassDef | None]


def _walk(module: ast.Module) -> Iterator[tuple[_Scope, ast.AST]]:
    """Every node with the function and the class holding it (iteratively: a deep tree does not recurse)."""
    pending: list[tuple[ast.AST, _Scope]] = [(module, (None, None))]
    while pending:
        node, (function, cls) = pending.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                scope: _Scope = (child, cls if function is None else None)  # a nested def's self is not the class's
            elif isinstance(child, ast.ClassDef):
                scope = (None, child)
            else:
                scope = (function, cls)
            yield scope, child
            pending.append((child, scope))


@dataclass(frozen=True)
class _Place:
    """Which expressions of a fork file are the table: ``x.name`` of the declaring class (or of what may be
    it), not of another class with a same-named attribute; a module table's name where the file means it."""

    trees: ThreeTrees
    path: str
    module: ast.Module
    table: Rekeyed | Unkeyed

    def is_table(self, node: ast.expr, function: _Function | None, cls: ast.ClassDef | None) -> bool:
        name = self.table.name
        if isinstance(node, ast.Attribute) and node.attr == name:
            return self._may_be_owner(node.value, function, cls)
        if self.table.owner is not None or not _is_name(node, name):
            return False
        if function is not None and _binds(function, name):
            return False  # a local of the same name
        return self.path == self.table.path or self._imports_table()

    def _imports_table(self) -> bool:
        """The file takes the module table's name by ``from ... import name`` and binds no table of its own."""
        name = self.table.name
        imported = any(
            isinstance(n, ast.ImportFrom) and any(a.name == name and a.asname is None for a in n.names)
            for n in self.module.body
        )
        own = any(
            isinstance(n, (ast.Assign, ast.AnnAssign))
            and any(_is_name(t, name) for t in (n.targets if isinstance(n, ast.Assign) else [n.target]))
            for n in self.module.body
        )
        return imported and not own

    def _may_be_owner(self, receiver: ast.expr, function: _Function | None, cls: ast.ClassDef | None) -> bool:
        """``self`` of the declaring class (or of a class that may derive from it), or a name or ``self.x``
        annotated with such a class; a receiver whose class the file does not show may be it."""
        owner = self.table.owner
        if owner is None:
            return ast.unparse(receiver) in self._module_names()
        if _is_name(receiver, "self") and cls is not None and function is not None:
            return _may_derive(cls, owner, self.table.name)
        annotation: str | None = None
        if isinstance(receiver, ast.Name) and function is not None:
            annotation = _annotation(function, receiver.id) or _constructed(function, receiver.id)
        elif isinstance(receiver, ast.Attribute) and _is_name(receiver.value, "self") and cls is not None:
            annotation = _field_annotation(cls, receiver.attr)
        if annotation is None and isinstance(receiver, ast.Name):
            annotation = receiver.id  # ``Cls.name``: a class's own attribute, when the name is a class
        head = _class_named(annotation) if annotation is not None else None
        if head is None or head == owner:
            return True
        found = _class_def(self.trees, self.path, head, 0)
        return found is None or _may_derive(found[1], owner, self.table.name)

    def _module_names(self) -> frozenset[str]:
        """How the fork's file spells the declaring module: ``m`` of ``import pkg.mod as m`` or ``from pkg
        import mod as m``, ``pkg.mod`` of ``import pkg.mod``.  A module table's ``x.name`` is the table only
        through one of them: another object's (or module's) attribute of that name is its own."""
        module = dotted_name(self.table.path, roots=("",))
        return frozenset(alias for alias, full in _module_imports(self.module, self.path) if full == module)


@functools.lru_cache(maxsize=64)
def _module_imports(module: ast.Module, path: str) -> tuple[tuple[str, str], ...]:
    """(the name a file binds, the dotted module it may be) of each import, from one walk of the file: the
    lookups of 2,000 module tables in one file would walk it once each."""
    found: list[tuple[str, str]] = []
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            found.extend((a.asname or a.name, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = import_base(node, dotted_name(path, roots=("",)), path)
            found.extend((a.asname or a.name, f"{source}.{a.name}") for a in node.names)
    return tuple(found)


def _constructed(function: _Function, name: str) -> str | None:
    """``x = Cls(...)``, the function's one binding of ``x``: the class it calls (its annotation, as it were)."""
    value = _bound_once(function, name)
    if isinstance(value, ast.Call) and isinstance(value.func, (ast.Name, ast.Attribute)):
        return ast.unparse(value.func)
    return None


def _class_named(annotation: str) -> str | None:
    """``Mine``, ``"Mine"``, ``pkg.Mine``, ``Mine | None``, ``Optional[Mine]`` -> ``Mine``; None for others."""
    text = re.sub(r"^(?:typing\.)?Optional\[(.*)\]$", r"\1", _norm(annotation).strip("\"'"))
    text = re.sub(r"\|None$|^None\|", "", text)
    match = re.fullmatch(r"(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)", text)
    return match.group(1) if match else None


def _may_derive(cls: ast.ClassDef, owner: str, attribute: str) -> bool:
    """``cls`` is the owner or names it as a base, or has a base it cannot follow and keeps no same-named
    attribute of its own."""
    if cls.name == owner:
        return True
    bases = [ast.unparse(b).rsplit(".", 1)[-1].split("[", 1)[0] for b in cls.bases]
    if owner in bases:
        return True
    own = any(
        isinstance(n, ast.Attribute) and n.attr == attribute and _is_self(n.value) and isinstance(n.ctx, ast.Store)
        for n in ast.walk(cls)
    ) or any(isinstance(n, ast.AnnAssign) and _is_name(n.target, attribute) for n in cls.body)
    return not own and any(b not in ("object", "Generic", "Protocol", "ABC") for b in bases)


def _binds(function: _Function, name: str) -> bool:
    """The function binds ``name`` itself (a parameter or a store) and does not declare it ``global``."""
    bindings = _bindings(function)
    if name in bindings.declared_global:
        return False
    arguments = function.args
    if any(a.arg == name for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)):
        return True
    return name in bindings.assigned


def _key_kind(key: _Key, trees: ThreeTrees, path: str, depth: int = 0) -> str | None:
    """The kind of a lookup's key when the fork's code shows it; None otherwise."""
    node = key.node
    if isinstance(node, ast.Constant) and not isinstance(node.value, bool):
        return {int: "int", str: "str", bytes: "bytes", float: "float"}.get(type(node.value))
    if isinstance(node, ast.JoinedStr):
        return "str"
    if isinstance(node, ast.Tuple):
        return "tuple"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return "int" if node.func.id in _INT_BUILTINS else _made_by(node.func.id, trees, path)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
        return _returned_kind(key, node.func.value.id, node.func.attr, trees, path)
    if isinstance(node, ast.Name) and key.function is not None:
        annotation = _annotation(key.function, node.id)
        if annotation is not None:
            return _kind(annotation, trees, path)
        value = _bound_once(key.function, node.id)
        if value is not None and depth < 3:
            return _key_kind(_Key(value, key.function, key.cls), trees, path, depth + 1)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return _attribute_kind(key, node.value.id, node.attr, trees, path)
    return None


def _made_by(callee: str, trees: ThreeTrees, path: str) -> str | None:
    """The kind of ``callee(...)``: a class or a ``NewType`` (``Mode(k)``, ``int(x)``), or a function of the
    file annotated with what it returns."""
    module = trees.merged_module(path)
    for node in module.body if module is not None else ():
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == callee:
            return _kind(ast.unparse(node.returns), trees, path) if node.returns is not None else None
    return _kind(callee, trees, path)


def _attribute_kind(key: _Key, owner: str, attr: str, trees: ThreeTrees, path: str) -> str | None:
    """The kind of ``self.attr`` (the method's class) or ``obj.attr`` (``obj`` annotated with a class):
    what the class annotates the attribute as, where it is defined (the fork's file or an import's)."""
    found = _receiver_class(key, owner, trees, path)
    if found is None:
        return None
    where, cls = found
    annotation = _field_annotation(cls, attr)
    return _kind(annotation, trees, where) if annotation is not None else None


def _returned_kind(key: _Key, owner: str, method: str, trees: ThreeTrees, path: str) -> str | None:
    """The kind of ``obj.method()`` (``obj`` annotated with a class, or ``self``): what the class's own def
    of ``method`` annotates it to return (#25682: ``model_config.compute_hash()`` is a ``str``, the key
    upstream's ``_MODEL_ARCH_BY_HASH`` stopped taking)."""
    found = _receiver_class(key, owner, trees, path)
    if found is None:
        return None
    where, cls = found
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == method:
            return _kind(ast.unparse(node.returns), trees, where) if node.returns is not None else None
    return None


def _receiver_class(key: _Key, owner: str, trees: ThreeTrees, path: str) -> tuple[str, ast.ClassDef] | None:
    """The class of ``owner`` in the key's function: its own class for ``self``, else the class the
    function annotates ``owner`` with (the fork's file's, or an import's)."""
    if owner == "self" and key.cls is not None and key.function is not None:
        return path, key.cls
    annotation = _annotation(key.function, owner) if key.function is not None else None
    return _class_def(trees, path, annotation.strip("\"'"), 0) if annotation else None


def _class_def(trees: ThreeTrees, path: str, name: str, depth: int) -> tuple[str, ast.ClassDef] | None:
    """The class ``name`` as the file ``path`` sees it: defined there, or in the module it imports it from."""
    if not re.fullmatch(r"[A-Za-z_]\w*", name) or depth > 3:
        return None
    module = trees.merged_module(path)
    if module is None:
        return None
    for node in module.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return path, node
    for where in imported_from(trees.merged_text(path) or "", name, path):
        if trees.merged_text(where) is not None:
            return _class_def(trees, where, name, depth + 1)
    return None


def _field_annotation(cls: ast.ClassDef, attr: str) -> str | None:
    """``attr: T`` in the class body, ``self.attr: T = ...`` in a method, ``self.attr = param`` of an
    annotated ``__init__`` parameter, or a property's return annotation."""
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == attr:
            return ast.unparse(node.annotation)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name == attr and node.returns is not None:
                if any(
                    ast.unparse(d) in ("property", "functools.cached_property", "cached_property")
                    for d in node.decorator_list
                ):
                    return ast.unparse(node.returns)
                continue
            for inner in ast.walk(node):
                target = getattr(inner, "target", None) if isinstance(inner, ast.AnnAssign) else None
                if isinstance(target, ast.Attribute) and target.attr == attr and _is_self(target.value):
                    return ast.unparse(inner.annotation) if isinstance(inner, ast.AnnAssign) else None
            if node.name == "__init__":
                given = _given(node, attr)
                if given is not None:
                    return given
    return None


def _given(init: _Function, attr: str) -> str | None:
    """``self.attr = param`` in ``__init__``: the parameter's annotation."""
    for node in ast.walk(init):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Name):
            target = node.targets[0]
            if isinstance(target, ast.Attribute) and target.attr == attr and _is_self(target.value):
                return _annotation(init, node.value.id)
    return None


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


@dataclass(frozen=True)
class _Bindings:
    """How one function binds each name, from one walk of it (a fork file of 2,000 lookups in one function
    walked the function again for each of them: minutes)."""

    stores: Counter[str]  # names bound or deleted (not read), each place
    assigned: frozenset[str]  # names stored to (a ``del`` alone is not counted)
    declared_global: frozenset[str]  # names a ``global`` statement declares
    plain: dict[str, list[ast.expr]]  # ``name = value`` (one target): the values
    declared: dict[str, list[ast.AnnAssign]]  # ``name: T [= value]``
    loops: dict[str, list[ast.For]]  # ``for name in ...``


@functools.lru_cache(maxsize=256)
def _bindings(function: ast.FunctionDef | ast.AsyncFunctionDef) -> _Bindings:
    stores: Counter[str] = Counter()
    assigned: set[str] = set()
    declared_global: set[str] = set()
    plain: dict[str, list[ast.expr]] = {}
    declared: dict[str, list[ast.AnnAssign]] = {}
    loops: dict[str, list[ast.For]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            stores[node.id] += 1
            if isinstance(node.ctx, ast.Store):
                assigned.add(node.id)
        elif isinstance(node, ast.Global):
            declared_global.update(node.names)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            plain.setdefault(node.targets[0].id, []).append(node.value)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            declared.setdefault(node.target.id, []).append(node)
        elif isinstance(node, ast.For) and isinstance(node.target, ast.Name):
            loops.setdefault(node.target.id, []).append(node)
    return _Bindings(stores, frozenset(assigned), frozenset(declared_global), plain, declared, loops)


def _bound_once(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    """The value of ``name = value`` when that is the function's only binding of the name (a parameter,
    a loop target, an unpack, a ``with ... as``, a ``:=`` or an augmented assignment is another)."""
    arguments = function.args
    if any(a.arg == name for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)):
        return None
    bindings = _bindings(function)
    plain = bindings.plain.get(name, [])
    return plain[0] if bindings.stores[name] == 1 and len(plain) == 1 else None


def _annotation(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> str | None:
    """The type a function gives ``name``: a parameter's annotation, an annotated local, a ``range()`` loop,
    when nothing else in the function binds the name (``n = Desc(n)`` makes an ``n: int`` something else)."""
    bindings = _bindings(function)
    declared = bindings.declared.get(name, [])
    others = bindings.stores[name] - len(declared)  # every binding but the declarations' own targets
    arguments = function.args
    for arg in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
        if arg.arg == name:
            return ast.unparse(arg.annotation) if arg.annotation is not None and others == 0 else None
    if declared:  # ``x: T = v`` binds once; a bare ``x: T`` and one binding after it
        bare = declared[0].value is None
        return ast.unparse(declared[0].annotation) if len(declared) == 1 and others == int(bare) else None
    for node in bindings.loops.get(name, []):
        if others == 1:
            loop = node.iter
            if isinstance(loop, ast.Call) and isinstance(loop.func, ast.Name) and loop.func.id == "range":
                return "int"
    return None


def _is_name(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _finding(
    trees: ThreeTrees, table: Rekeyed, path: str, line: int, key: str, kind: str | None, verb: str, pr_pattern: str
) -> Finding:
    commit = trees.upstream_commit(table.path, rf"{re.escape(table.name)}[[:space:]]*:", pr_pattern)
    where = f"{table.owner}.{table.name}" if table.owner else table.name
    now = f"keyed by {table.old} at the merge base; upstream keys it by {table.new} now ({table.path}{commit})"
    if kind is None:  # the fork's code does not show the key's type: a tie to review, not a sure break
        message = (
            f"fork-owned line {verb} `{key}` in `{where}`, {now}: unless `{key}` is a {table.new_kind.removeprefix('class ')} "
            "now, the lookup never matches, silently; check what it holds"
        )
        return Finding(RULE, "merge", Severity.WARNING, path, line, message)
    message = (
        f"fork-owned line {verb} `{key}` ({kind}) in `{where}`, {now}: no {kind} key is ever found there, "
        "silently; key it as upstream does now"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)
