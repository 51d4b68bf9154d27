"""Config-field default drift: upstream changed a class field's literal default; fork code reads the field.

A configuration class declares its options with defaults (``disable_cascade_attn: bool = False`` in
a dataclass, ``Field(default="lazy")`` in a pydantic model).  Upstream flips one, ``False`` became
``True``: the merge is clean and every answer stays right, but where the fleet leaves the option
unset a fork branch guarded by ``if self.cache_config.disable_cascade_attn:`` now runs (or stops
running), a fast path on or off.

A default changed when a class body in a file upstream modified gives the field one literal at the
base and one at upstream (``name: T = literal``, ``name: T = field(default=literal)``, ``name: T =
Field(literal)``, a class attribute ``name = literal`` that became a field, or a parameter ``__init__``
defaults and stores unchanged, ``self.name = name``: ``llm_int8_threshold: float = 0.0`` -> ``6.0``,
#10657; or a config key ``__init__`` stores with getattr's default, ``self.name = getattr(config,
"name", None)`` -> ``1.0``, #28069) and the two mean
different things to the code that tests them: their truth differs, or both are true and unequal
(``"lazy"`` -> ``None`` is reported; ``False`` -> ``None``, an "unset" made "decided at run time",
is not).  A fork-owned read is the field loaded off an object the code names as a configuration:
the chain's last name ends in ``config``, ``cfg``, ``args``, ``options``, ``opts`` or ``settings``
(``self.cache_config.x``, ``args.x``, or by string, ``getattr(args, "x", default)``), or off an object
typed as the class that declares the field (``request: ChatCompletionRequest``, ``self`` in a subclass
of it), or off the class itself (``FlashMLAMetadataBuilder.reorder_batch_threshold``, #27777: 512 -> 128).  A default ``None`` made another false value (``None`` -> ``0``, #5031) counts where the fork
tests the field for ``None``, the one test that tells them apart.  A warning, as the fleet may set the option: a line the fork
added in any file that sets it (``name=``, ``name:``, ``.name =``, ``--name-with-dashes``, ``._init_name(v)``) settles
it, and then nothing is reported.

Cheap first: the field names come from a text scan of the fork's added lines; one RE2 scan of
upstream's diffs keeps the files that give one of them another value on a line annotated with a
literal; only those are parsed, at the base and at upstream (their classes, not their functions,
looked through); then only the fork's files that read a changed one.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits import linear
from aeon_release.domain.audits.drift.built_locals import built_here
from aeon_release.domain.audits.drift.frozen_receivers import with_bases
from aeon_release.domain.audits.drift.none_uses import FAILING_BUILTINS
from aeon_release.domain.audits.drift.old_defaults import compares_with_old, keep_old_advice, unset_marker_moved
from aeon_release.domain.audits.drift.option_defaults import changes_an_option_default, option_defaults
from aeon_release.domain.audits.drift.own_fields import compared_in_scope, enclosing, written_scope
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions, whole_word
from aeon_release.domain.audits.linear import Alternation
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    NOT_LITERAL,
    Mentions,
    flat_statements,
    last_name,
    lazy_pattern,
    literal_value,
    parent_map,
    parse_python,
    plain_name,
    short,
    simple_assignment,
    str_value,
    walk_spanning,
)

_LONG_FLAG = lazy_pattern(r"--([\w-]+)")  # an option's long flags, in its label ``adder(--flag/-f)``
# an object the code names as a configuration, and a lower-case field read off it (not called)
_HOLDER = r"[A-Za-z_]*(?i:config|cfg|args|options|opts|settings)"
# (in a lookahead: ``app_config.model_config.x`` holds two, the second's holder the first's field)
_FORK_READ = lazy_pattern(rf"\b(?={_HOLDER}\.([a-z][a-z0-9_]{{3,}})\b(?!\s*\())")
# ``DecodingConfig().guided_decoding_backend``: the field read off a configuration built with every default
# (or off a fallback built so, ``(request.stream_options or StreamOptions()).include_usage``, #36379)
_DEFAULT_BUILT_READ = lazy_pattern(
    r"\b[A-Z]\w*(?:Config|Args|Options|Settings)\(\s*\)\)?\.([a-z][a-z0-9_]{3,})\b(?!\s*\()"
)
# ``FlashMLAMetadataBuilder.reorder_batch_threshold``: a class attribute read off a class itself (#27777)
_CLASS_READ = lazy_pattern(r"\b[A-Z][a-z]\w*\.([a-z][a-z0-9_]{3,})\b(?!\s*\()")
# ``getattr(self.cache_config, "name", default)``: the same read, by string
_FORK_GETATTR = linear.Scan(rf"""\bgetattr\(\s*[\w.]*?{_HOLDER}\s*,\s*["']([a-z][a-z0-9_]{{3,}})["']""")
_HOLDER_NAME = lazy_pattern(rf"{_HOLDER}\Z")
# an annotated line with the default None (``name: int | None = None``), as added_matches reads a stripped line
_MADE_NONE = lazy_pattern(r"([a-z][a-z0-9_]{3,})[ \t]*:[^=\n]*=[ \t]*None[ \t]*$")
# ``name=0`` / ``name=""``: a keyword given a false literal (a build spelling out a default that may move to None)
_FALSE_KEYWORD = lazy_pattern(r"""\b([a-z][a-z0-9_]{3,})[ \t]*=[ \t]*(?:0|0\.0|""|'')[ \t]*(?=[,)#]|$)""")
# ``getattr(request, "name", None)``: off any receiver, with a literal fallback (``_old_default_spelled``)
_FORK_GETATTR_DEFAULT = linear.Scan(
    r"""\bgetattr\(\s*[\w.]+\s*,\s*["']([a-z][a-z0-9_]{3,})["']\s*,\s*(?:None|True|False|-?[\d.]+|["'][^"'\n]*["'])\s*\)"""
)
# a name a line binds to a configuration: a parameter annotated with its class (``kv: KVTransferConfig``)
# or a local assigned from a configuration (``kv = app_config.kv_transfer_config``); its reads are held
# (on RE2: ``[\w.]*`` before the holder's own ``[A-Za-z_]*`` backtracks quadratically on ``re``)
_BINDS_HOLDER = linear.Scan(rf"""\b([A-Za-z_]\w*)\s*(?::\s*["']?[\w.]*{_HOLDER}\b|=\s*[\w.]*{_HOLDER}\s*$)""")
# a parameter annotated with a class (``request: ChatCompletionRequest``): its reads may be a field of it
_BINDS_TYPED = lazy_pattern(r"""\b([a-z_]\w*)[ \t]*:[ \t]*["']?(?:Optional\[)?(?:\w+\.)*[A-Z]\w*""")
# a local bound to a class built (``eplb = EPLBConfig(num_redundant_experts=n)``): its reads may be a field of it
_BINDS_BUILT = lazy_pattern(r"\b([a-z_]\w*)[ \t]*=[ \t]*(?:\w+\.)*[A-Z]\w*\(")


class Either(tuple[str | int | float | bool | None, ...]):
    """A conditional default's values, one per branch (``"auto" if envs.USE_V1 else "xgrammar"``, #15724):
    where the condition holds one, elsewhere the other."""


class Computed(str):
    """An option's default the base computed elsewhere (``**kwargs["max_num_seqs"]``, ``default=Cls.field``):
    not None, its value unknown.  Only its turn into ``None`` is a change (#28872); to or from anything else it
    is a refactor, the same value spelt another way as often as not."""


DefaultValue = str | int | float | bool | None | Either
_DEFAULT_CALLS = frozenset({"field", "Field", "attrib", "attr.ib"})
# what a literal default starts with, or a call that gives one (the diff's prefilter; the parse decides)
_LITERAL_START = lazy_pattern(
    r"True|False|None|[-+]?[0-9.]|[\"']|[rbuf]+[\"']|(?:[A-Za-z_]+\.)?(?:field|Field|attrib|ib)\("
)


# a diff's line that assigns a name: ``-    name: T = value``, ``+    name = value`` (the sign, the name, the
# annotation, its value, a plain assignment's value).  One pattern of any name, the names kept after: an
# RE2 alternation of 100,000 names made a match object in Python per line, 18 s over the diff of a class
# of 100,000 fields that all changed.  Linear on ``re``: each part stops where the next one's first
# character is one it cannot take, and a line is tried only from its start.
_ASSIGNED = lazy_pattern(r"^([-+])[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*(?:(:[^\n=]*)(=[^\n]*)?|(=[^=][^\n]*))$", re.M)
# ``self.name = getattr(config, "key", default)``: a config key's default stored on the instance (#28069
# made OpenPanguDecoderLayer's ``routed_scaling_factor`` default ``1.0``, not ``None``); the sign, the
# name, the default (linear: each part stops at a character the next one starts with)
_GETATTR_STORED = lazy_pattern(
    r"""^([-+])[ \t]+self\.([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*getattr\([^\n,]*,[ \t]*["'][^"'\n]*["'][ \t]*,"""
    r"""[ \t]*([^\n,()]*)\)[ \t]*$""",
    re.M,
)


@dataclass(frozen=True)
class Changed:
    name: str
    owner: str  # the class
    path: str  # the upstream file that declares it
    old: str  # the defaults as source text
    new: str
    none_only: bool = False  # ``None`` <-> another false value: only a test of ``is None`` sees it
    old_value: DefaultValue = None
    new_value: DefaultValue = None
    kept_by: str = ""  # another upstream parser adding the option's destination with the old default still
    by_name: bool = False  # the fork's holder is known by its name only (``spec_config``): maybe another class's
    fails: bool = False  # a false default made None, read as a number: the unset value now raises TypeError


def field_default_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    names = _fork_names(trees) | _spelt_false_made_none(trees)
    if not names:
        return []
    files = declaring_files(trees, names)
    changed = changed_defaults(trees, names, files) if files else {}
    pinned = fork_pinned(trees, set(changed), option_flags(changed.values()))
    passed = list(_sentinels_passed(trees, {n: changed[n] for n in pinned}, pr_pattern))
    pinned -= filled_in_only(trees, {name: changed[name] for name in pinned})
    changed = {name: _kept_elsewhere(trees, c) for name, c in changed.items() if name not in pinned}
    if not changed:
        return passed
    return passed + [
        _finding(
            path,
            line,
            how,
            change,
            trees.upstream_commit(change.path, whole_word(change.name), pr_pattern, most=5),
            compare,
            built,
        )
        for path, line, how, change, compare, built in _fork_reads(trees, changed)
    ]


# -- upstream's side ---------------------------------------------------------------------------------
def declaring_files(trees: ThreeTrees, names: set[str]) -> list[str]:
    """The Python files whose upstream diff takes out and puts in an indented assignment of one name
    among ``names`` with another value, one of the two annotated with what starts a literal default
    (``name: T = False``, ``= field(``: a field, or a parameter of a signature; a function's locals are
    rarely annotated, and the parse tells a class body's and ``__init__``'s stored parameters from them): one
    RE2 scan of each file's diff (no stderr of RE2's).  A line that only moved, or changed only its
    annotation, keeps its value: such a file is not parsed."""
    found = []
    for path in trees.upstream:
        if path.endswith(".py"):
            values: dict[str, dict[str, set[str | None]]] = {}
            typed: set[str] = set()
            for sign, name, annotation, annotated, plain in _ASSIGNED.findall(trees.upstream.raw(path)):
                if name not in names:
                    continue
                value = (annotated or plain)[1:].strip() or None  # None: under an annotation of many lines
                values.setdefault(name, {"-": set(), "+": set()})[sign].add(value)
                if annotation and annotated and _LITERAL_START.match(annotated[1:].lstrip()):
                    typed.add(name)  # a field, or a parameter ``__init__`` may store (the parse tells)
            stored: dict[str, dict[str, set[str]]] = {}
            raw = trees.upstream.raw(path)
            for sign, name, default in _GETATTR_STORED.findall(raw) if "getattr(" in raw else ():
                if name in names:
                    stored.setdefault(name, {"-": set(), "+": set()})[sign].add(default.strip())
            if any(
                all(values[n].values())
                and (values[n]["-"] != values[n]["+"] or None in values[n]["-"] | values[n]["+"])
                for n in typed
            ) or any(all(by_sign.values()) and by_sign["-"] != by_sign["+"] for by_sign in stored.values()):
                found.append(path)
            elif changes_an_option_default(raw):  # ``add_argument("--n", default=...)``: option_defaults.py
                found.append(path)
    return sorted(found)


def changed_defaults(trees: ThreeTrees, names: set[str], paths: list[str]) -> dict[str, Changed]:
    """Field name -> its change, for the fields whose one literal default in a class means another thing now."""
    changed: dict[str, Changed] = {}
    named = Mentions(names)
    for path, (owner, name), (old_text, old_value), (new_text, new_value) in both_versions(
        trees, paths, lambda text: {**_defaults(text, names, named), **_option_defaults(text, names)}
    ):
        if name in changed or _refactored(old_value, new_value):
            continue
        if default_differs(old_value, new_value):
            changed[name] = Changed(name, owner, path, old_text, new_text, False, old_value, new_value)
        elif (old_value is None) != (new_value is None):
            changed[name] = Changed(name, owner, path, old_text, new_text, True, old_value, new_value)
    return changed


def _refactored(old: DefaultValue, new: DefaultValue) -> bool:
    """A computed default on either side, but for a computed one made None (``Computed`` says why)."""
    return isinstance(new, Computed) or (isinstance(old, Computed) and new is not None)


def class_defaults(text: str | None, names: set[str]) -> dict[tuple[str, str], tuple[str, DefaultValue]]:
    """(class, field) -> its literal default (source text, value), for the fields among ``names`` a class of
    the file declares once (``_defaults``, for one text)."""
    return _defaults(text, names, Mentions(names))


def _defaults(text: str | None, names: set[str], named: Mentions) -> dict[tuple[str, str], tuple[str, DefaultValue]]:
    """(class, field) -> its literal default as source text and value, for the fields among ``names``
    a class body of the file annotates once (the classes at the top and in classes: no function's
    body is walked)."""
    if not text or not named(text):
        return {}
    module = parse_python(text)
    if module is None:
        return {}
    seen: dict[tuple[str, str], list[tuple[str, DefaultValue] | None]] = {}
    classes = [c for c in flat_statements(module.body) if isinstance(c, ast.ClassDef)]
    while classes:
        node = classes.pop()
        for stmt in flat_statements(node.body):
            if isinstance(stmt, ast.ClassDef):
                classes.append(stmt)
                continue
            name, value = simple_assignment(stmt)  # a field, or a class attribute: an instance reads it too
            if name in names and value is not None:
                seen.setdefault((node.name, name), []).append(literal_default(value))
        for name, value in _stored_parameters(node, names):
            seen.setdefault((node.name, name), []).append(literal_default(value))
    return {key: values[0] for key, values in seen.items() if len(values) == 1 and values[0] is not None}


def _option_defaults(text: str | None, names: set[str]) -> dict[tuple[str, str], tuple[str, DefaultValue]]:
    """(``adder(--flag)``, destination) -> the literal default of each option among ``names`` the file adds once."""
    seen: dict[tuple[str, str], list[tuple[str, DefaultValue] | None]] = {}
    for owner, dest, given, value in option_defaults(text, names):
        shown = "/".join(given) or f"--{dest.replace('_', '-')}"  # the flags as the user types them
        seen.setdefault((f"{owner}({shown})", dest), []).append(literal_default(value) or _computed(value))
    return {key: values[0] for key, values in seen.items() if len(values) == 1 and values[0] is not None}


def _computed(value: ast.expr) -> tuple[str, DefaultValue] | None:
    """A default that is no literal at all, as ``Computed``; None for a literal ``literal_default`` refuses."""
    if literal_value(value) is not NOT_LITERAL:
        return None
    text = short(ast.unparse(value), 80)
    return text, Computed(text)


def _kept_elsewhere(trees: ThreeTrees, change: Changed) -> Changed:
    """An option's change, with ``kept_by`` naming another upstream parser (another file's, or another
    function's) that adds the same destination with the old default still: ``--port`` of the API server
    and of the benchmark both store ``args.port``, and a fork's ``args.port == 8000`` may read either."""
    if not change.owner.endswith(")"):
        return change
    flags = _LONG_FLAG.findall(change.owner)
    words = (*(f"--{f}" for f in flags), f'dest="{change.name}"', f"dest='{change.name}'")
    adder = change.owner.split("(", 1)[0]
    paths = sorted(trees.python_files_with(words))
    for path, text in trees.blobs(trees.theirs, paths).items():
        for owner, _dest, _flags, value in option_defaults(text, {change.name}):
            got = literal_default(value)
            if (
                (path, owner) != (change.path, adder)
                and got is not None
                and not default_differs(change.old_value, got[1])
            ):
                return replace(change, kept_by=f"{path}'s {owner}")
    return change


def _stored_parameters(node: ast.ClassDef, names: set[str]) -> Iterator[tuple[str, ast.expr]]:
    """(parameter, its default) for each parameter among ``names`` the class's ``__init__`` defaults and
    stores unchanged on the instance (``self.llm_int8_threshold = llm_int8_threshold``): a field too.  So
    is a config key ``__init__`` stores with getattr's default (``self.name = getattr(config, "key",
    None)``): the default is the field's wherever the config lacks the key."""
    init = next(
        (f for f in flat_statements(node.body) if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None
    )
    if init is None:
        return
    for stmt in flat_statements(init.body):
        if (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(target := stmt.targets[0], ast.Attribute)
            and target.attr in names
            and plain_name(target.value) == "self"
            and isinstance(call := stmt.value, ast.Call)
            and plain_name(call.func) == "getattr"
            and len(call.args) == 3
            and not call.keywords
        ):
            yield target.attr, call.args[2]
    args = init.args
    positional = args.posonlyargs + args.args
    defaults = {
        a.arg: d
        for a, d in (
            *zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True),
            *zip(args.kwonlyargs, args.kw_defaults, strict=True),
        )
        if d is not None and a.arg in names
    }
    for stmt in flat_statements(init.body) if defaults else ():
        if (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(target := stmt.targets[0], ast.Attribute)
            and plain_name(target.value) == "self"
            and isinstance(stmt.value, ast.Name)
            and stmt.value.id == target.attr
            and target.attr in defaults
        ):
            yield target.attr, defaults[target.attr]


def literal_default(value: ast.expr) -> tuple[str, DefaultValue] | None:
    """A default that is one literal: itself, or ``field(default=...)`` / ``Field(...)``'s; a conditional
    of two literals (``"auto" if envs.USE_V1 else "xgrammar"``): both; else None."""
    if isinstance(value, ast.IfExp):
        values: list[str | int | float | bool | None] = []
        for branch in (literal_default(value.body), literal_default(value.orelse)):
            if branch is None or isinstance(branch[1], Either):
                return None
            values.append(branch[1])
        return short(ast.unparse(value), 80), Either(values)
    if isinstance(value, ast.Call) and (plain_name(value.func) or "").rsplit(".", 1)[-1] in _DEFAULT_CALLS:
        given = [k.value for k in value.keywords if k.arg == "default"]
        if not given and value.args and (plain_name(value.func) or "").endswith("Field"):
            given = [value.args[0]]  # pydantic's Field(default, ...)
        if len(given) != 1:
            return None
        value = given[0]
    literal = literal_value(value)
    if isinstance(literal, (str, int, float, bool)) or literal is None:
        return short(ast.unparse(value), 80), literal
    return None


def default_differs(old: DefaultValue, new: DefaultValue) -> bool:
    """Whether code testing the field sees another value: its truth changed, or it stayed true and
    the value changed (``1``, ``1.0`` and ``True`` are one value); two false values (``False``,
    ``None``, ``0``, ``""``) are one to a test of its truth."""
    if isinstance(old, Either) or isinstance(new, Either):
        # a conditional default: changed where one of its branches is another value than the other side's
        olds = old if isinstance(old, Either) else (old,)
        news = new if isinstance(new, Either) else (new,)
        return set(olds) != set(news) and any(default_differs(o, n) for o in olds for n in news)
    return bool(old) != bool(new) or (bool(old) and old != new)


# -- the fork's side ---------------------------------------------------------------------------------
def _spelt_false_made_none(trees: ThreeTrees) -> set[str]:
    """Names a fork line passes a false literal (``name=0``, ``name=""``) that a line upstream added annotates with
    the default None (``+    name: int | None = None``): an old false default spelt out (``_sentinels_passed``)."""
    spelt = {
        name
        for path in trees.mine
        if path.endswith(".py")
        for line in trees.mine[path].added.values()
        if "=" in line
        for name in _FALSE_KEYWORD.findall(line)
    }
    if not spelt:
        return set()
    found: set[str] = set()
    for path, match in trees.upstream.added_lines().added_matches(_MADE_NONE, needs="None"):
        if match.group(1) in spelt and path.endswith(".py"):
            found.add(match.group(1))
    return found


def _fork_names(trees: ThreeTrees) -> set[str]:
    """Fields (lower-case names of four characters or more) a line the fork added to a Python file
    reads off a configuration object."""
    names: set[str] = set()
    for path in trees.mine:
        if path.endswith(".py"):
            added = trees.mine[path].added.values()
            aliases = {name for line in added for name in _BINDS_HOLDER.findall(line)}
            aliases |= {"self", *(name for line in added for name in _BINDS_TYPED.findall(line))}
            aliases |= {name for line in added for name in _BINDS_BUILT.findall(line)}
            read = (
                re.compile(rf"\b(?:{'|'.join(sorted(aliases))})\.([a-z][a-z0-9_]{{3,}})\b(?!\s*\()")
                if aliases
                else None
            )
            for line in added:
                names.update(_FORK_READ.findall(line))
                names.update(_FORK_GETATTR.findall(line))
                names.update(_FORK_GETATTR_DEFAULT.findall(line))
                names.update(_DEFAULT_BUILT_READ.findall(line))
                names.update(_CLASS_READ.findall(line))
                names.update(read.findall(line) if read is not None else ())
    return names


def option_flags(changes: Iterable[Changed]) -> dict[str, str]:
    """A changed option's long flags (``log-level``, from ``make_arg_parser(--log-level)``) -> its destination
    (``uvicorn_log_level``): a fork passing the flag pins the option whatever ``dest=`` calls it."""
    return {flag: c.name for c in changes if c.owner.endswith(")") for flag in _LONG_FLAG.findall(c.owner)}


def fork_pinned(trees: ThreeTrees, names: set[str], flags: dict[str, str] | None = None) -> set[str]:
    """Fields a line the fork added (any file) sets: ``name=...`` (a keyword, a shell or env line),
    ``name: ...`` (YAML, a class of its own), ``.name = ...``, ``--name-with-dashes``, a setter named after it
    handed a value (``self._init_name(512)``, ``cfg.set_name(v)``); the fleet then
    chooses the value, not upstream's default.  RE2 over the added lines: linear however many names."""
    added = {path: "\n".join(trees.mine[path].added.values()) for path in trees.mine}
    return _pins(added, names, flags)


def _pins(added: dict[str, str], names: set[str], options: dict[str, str] | None = None) -> set[str]:
    """Of ``names``, those set by one of the texts (each file's added lines, joined); ``options``: an option's
    own flags -> its destination (``--log-level`` stores ``uvicorn_log_level``), and a fork parser's ``dest=``
    of the name adds it again, with a default of the fork's."""
    if not names:
        return set()
    flags = {**{n.replace("_", "-"): n for n in names}, **{f: n for f, n in (options or {}).items() if n in names}}
    sets = Alternation(r"""(?m)(?:^|[^\w-])({})["']?[ \t]*(?:=[^=]|=$|:[ \t]*[^\s#])""", names)
    dashed = Alternation(r"--({})\b", {*names, *flags})
    dests = Alternation(r"""\bdest[ \t]*=[ \t]*["']({})["']""", names)
    # a setter named after the field, handed a value (review78: ``self._init_reorder_batch_threshold(512)``, the
    # hook of upstream's builders that stores ``self.reorder_batch_threshold``; #27777 lowered the class's 512)
    setters = Alternation(r"\._?(?:init|set|update)_({})\(\s*[^)\s]", names)
    pinned: set[str] = set()
    for text in added.values():
        pinned.update(sets.findall(text))
        pinned.update(dests.findall(text))
        pinned.update(setters.findall(text))
        pinned.update(flags.get(f, f) for f in dashed.findall(text))
    return pinned & names


def filled_in_only(trees: ThreeTrees, pinned: dict[str, Changed]) -> set[str]:
    """Of the fields the fork sets, those it sets only where it found a default: ``if cfg.scheduler_cls
    == "pkg.Scheduler": cfg.scheduler_cls = "mine.Scheduler"`` (a fork's fill-in of upstream's default, never
    of a user's value).  Such a set pins nothing: upstream's new default (#26758 moved the default scheduler's
    path) no longer matches, and the fork's value is silently never put in."""
    if not pinned:
        return set()
    added: dict[str, str] = {}
    for path in trees.mine:
        lines = list(trees.mine[path].added.values())
        guarded = _filled_lines(trees, path, pinned) if path.endswith(".py") else set()
        added[path] = "\n".join(line for line in lines if line.strip() not in guarded)
    return set(pinned) - _pins(added, set(pinned), option_flags(pinned.values()))


def _filled_lines(trees: ThreeTrees, path: str, pinned: dict[str, Changed]) -> set[str]:
    """The stripped text of the fork-owned lines of ``path`` that set a pinned field in the body of an ``if``
    testing that field against a default (``==`` or ``is``)."""
    if not any(f".{name}" in line for line in trees.mine[path].added.values() for name in pinned):
        return set()
    module = trees.merged_module(path)
    text = trees.merged_text(path)
    if module is None or text is None:
        return set()
    lines = text.split("\n")
    owned = trees.owned_lines(path)
    found: set[str] = set()
    for node in ast.walk(module):
        name = _old_default_test(node.test, pinned) if isinstance(node, ast.If) else None
        if name is None or not isinstance(node, ast.If):
            continue
        for inner in (n for stmt in node.body for n in ast.walk(stmt) if isinstance(n, ast.Assign)):
            if inner.lineno in owned and any(isinstance(t, ast.Attribute) and t.attr == name for t in inner.targets):
                found.add(lines[inner.lineno - 1].strip())
    return found


def _old_default_test(test: ast.expr, pinned: dict[str, Changed]) -> str | None:
    """The field ``test`` compares with a default, old or new (``x.name == old``, ``x.name is None``), if it does:
    a set under it fills that default in, whichever side's the fork wrote it for."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.Is))):
        return None
    for field, other in ((test.left, test.comparators[0]), (test.comparators[0], test.left)):
        change = pinned.get(field.attr) if isinstance(field, ast.Attribute) else None
        value = literal_value(other)
        defaults = (change.old_value, *_values(change.new_value)) if change is not None else ()
        if change is not None and value is not NOT_LITERAL and any(_same_or_none(value, d) for d in defaults):
            return change.name
    return None


def _fork_reads(
    trees: ThreeTrees, changed: dict[str, Changed]
) -> Iterator[tuple[str, int, str, Changed, ast.Compare | None, bool]]:
    """(path, line, the read as shown, the change, its comparison with the old default if the fork
    wrote one, whether it reads an instance the fork's line built with every default) for each fork-owned
    read of a changed field."""
    pattern = Alternation(r"(?:\.|[\"'])(?:{})\b", changed)
    for path in sorted(p for p in trees.mine if p.endswith(".py") and pattern.search(trees.mine.raw(p))):
        module = trees.merged_module(path)
        owned = trees.owned_lines(path) if module is not None else set()
        if module is None or not owned:
            continue
        aliases: frozenset[str] | None = None
        parents: dict[int, ast.AST] = {}
        classes: dict[str, ast.ClassDef] | None = None  # the file's classes: a holder typed as one (subclasses)
        for node in walk_spanning(module, owned):
            held = _held_read(node)
            if held is None or held[2] not in owned or (change := changed.get(held[1])) is None:
                continue
            holder = last_name(held[0])
            if not _HOLDER_NAME.match(holder) and isinstance(held[0], ast.Name):
                aliases = _holder_aliases(module) if aliases is None else aliases
            named = _HOLDER_NAME.match(holder) is not None or (
                isinstance(held[0], ast.Name) and holder in (aliases or ())
            )
            parents = parents or parent_map(module)
            if change.none_only and (
                not (_tested_for_none(node, parents, change) or _fails_on_none(node, parents, change))
                or _set_upstream(trees, change)
            ):
                # upstream's file stores the field (``if self.f is None: self.f = False`` in ``__post_init__``):
                # the instance may hold the old false value again, and the fork's ``is False`` stays right
                continue
            if not named and classes is None:
                classes = {c.name: c for c in flat_statements(module.body) if isinstance(c, ast.ClassDef)}
            built = _built_with_defaults(held[0], change.owner) or (
                built_here(held[0], node, parents, change.owner, change.name) and not _set_upstream(trees, change)
            )
            typed = typed_as(held[0], enclosing(node, parents), parents, classes or {}) | _class_itself(
                held[0], module, classes or {}
            )
            if (
                named
                and change.none_only
                and change.owner not in typed
                and _declared_elsewhere(trees, module, typed, change.name)
            ):
                # ``spec_config: SpeculativeConfig``: another class's field of the same name, whose False stands
                # (not for a default changed in value: #5312 moved ModelConfig's and EngineArgs' both)
                continue
            if named or built or change.owner in typed:
                compare = _old_compared(node, parents, change)
                if compare is not None and change.none_only and not (built or typed):
                    # a holder known by its name only may be another class's field of that name: not sure, even
                    # named as the class in snake case (test_false_made_none's scheduler_config; killers165 had
                    # made that an error)
                    yield path, held[2], short(ast.unparse(node), 80), replace(change, by_name=True), compare, built
                    continue
                if change.none_only and compare is None and _fails_on_none(node, parents, change):
                    change = replace(change, fails=True)
                yield path, held[2], short(ast.unparse(node), 80), change, compare, built
            elif _old_default_spelled(node, change):
                # a receiver of no known type: only its comparison with the old default says it is the field
                compare = compares_with_old(node, parents, change.old_value, _values(change.new_value), _same)
                if compare is not None:
                    yield path, held[2], short(ast.unparse(node), 80), change, compare, False


def _class_itself(holder: ast.expr, module: ast.Module, classes: dict[str, ast.ClassDef]) -> set[str]:
    """``FlashMLAMetadataBuilder.reorder_batch_threshold``: a class attribute read off a class itself, one the file
    imports by that name or declares (with its bases): the read is the class's value, whatever an instance holds
    (#27777 lowered that threshold 512 -> 128)."""
    if not isinstance(holder, ast.Name) or not holder.id[:1].isupper():
        return set()
    if holder.id in classes:
        return with_bases({holder.id}, classes)
    imported = (
        alias.asname or alias.name
        for stmt in flat_statements(module.body)
        if isinstance(stmt, ast.ImportFrom)
        for alias in stmt.names
    )
    return {holder.id} if holder.id in imported else set()


def _declared_elsewhere(trees: ThreeTrees, module: ast.Module, typed: set[str], name: str) -> bool:
    """One of the classes the holder is annotated as (this file's, or one it imports by name) declares a field
    or class attribute ``name`` itself: the read is that class's, not the changed one's."""
    for cls in typed:
        for tree in [module, *(_imported_module(trees, module, cls) or [])]:
            if any(isinstance(c, ast.ClassDef) and c.name == cls and _declares(c, name) for c in tree.body):
                return True
    return False


def _imported_module(trees: ThreeTrees, module: ast.Module, cls: str) -> list[ast.Module]:
    """The merged tree's parse of the module the file imports ``cls`` from (``from a.b import cls``)."""
    for node in module.body:
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if any(alias.name == cls and alias.asname in (None, cls) for alias in node.names):
                stem = node.module.replace(".", "/")
                found = [trees.merged_module(p) for p in (f"{stem}.py", f"{stem}/__init__.py")]
                return [m for m in found if m is not None]
    return []


def _declares(cls: ast.ClassDef, name: str) -> bool:
    return any(simple_assignment(stmt, bare=True)[0] == name for stmt in flat_statements(cls.body))


def _old_compared(node: ast.AST, parents: dict[int, ast.AST], change: Changed) -> ast.Compare | None:
    """The read's comparison with its old default; for two false defaults (#18879: ``reasoning_ended: bool =
    False`` -> ``bool | None = None``) by identity, ``is False``, the one test the change moved."""
    news = _values(change.new_value)
    if change.none_only:
        return compares_with_old(node, parents, change.old_value, news, _same_kind, flags=True)
    return compares_with_old(node, parents, change.old_value, news, _same)


def _same_kind(literal: object, default: object) -> bool:
    """The same value of the same type: ``False`` is not ``0`` nor ``None`` to an ``is`` test."""
    return type(literal) is type(default) and literal == default


def _values(value: DefaultValue) -> tuple[object, ...]:
    return tuple(value) if isinstance(value, Either) else (value,)


def _same(literal: object, default: object) -> bool:
    """A literal the fork compares with is the default: equal, and neither a bool (``1 == True``)."""
    return not isinstance(literal, bool) and not isinstance(default, bool) and literal == default


def _old_default_spelled(node: ast.AST, change: Changed) -> bool:
    """``getattr(request, "top_logprobs", None)`` off a receiver of no known type, whose fallback is the field's
    old default: the fork names the field by string and spells the default upstream changed (#5031: None ->
    0), so it means that field, whatever the receiver's name."""
    return (
        isinstance(node, ast.Call)
        and len(node.args) == 3
        and (value := literal_value(node.args[2])) is not NOT_LITERAL
        and _same_or_none(value, change.old_value)
    )


def _same_or_none(literal: object, default: object) -> bool:
    return (literal is None and default is None) or _same(literal, default)


def _built_with_defaults(holder: ast.expr, owner: str) -> bool:
    """``Owner()``: the class that declares the field, built with no argument: its read is the default; also
    the fallback of an ``or`` (``(request.stream_options or StreamOptions()).include_usage``): where the
    request left it out, the read is the default."""
    if isinstance(holder, ast.BoolOp) and isinstance(holder.op, ast.Or):
        holder = holder.values[-1]
    return isinstance(holder, ast.Call) and not holder.args and not holder.keywords and last_name(holder.func) == owner


def _set_upstream(trees: ThreeTrees, change: Changed) -> bool:
    """Upstream's declaring file stores the field somewhere (``self.use_async = ...`` in a validator, or
    ``self.eplb_config.communicator = ...`` in another class's ``__post_init__``): the instance may not hold
    the default, whatever the fork's call left out.  The whole file at upstream's side: a store the diff
    leaves untouched (a ``__post_init__`` the base already had) sets it as much."""
    text = trees.blobs(trees.theirs, [change.path]).get(change.path) or ""
    stores = re.findall(rf"\.{re.escape(change.name)}[ \t]*(?::[^=\n]*)?=(?!=)([^\n]*)", text)
    # a store of the new default itself (#29185: ``if self.seed is None: self.seed = 0`` beside ``seed = 0``)
    # brings nothing of the old value back: the instance still never holds the old default unless it is given
    return any(not _stores_the_new(value, change) for value in stores)


def _stores_the_new(value: str, change: Changed) -> bool:
    """Whether a store's value (the source text right of its ``=``) is a literal that is upstream's new default."""
    literal = literal_value(value.split("#", 1)[0].strip())
    return literal is not NOT_LITERAL and _same_kind(literal, change.new_value)


def _none_or_old(side: ast.expr, change: Changed) -> bool:
    """``None``, or the old false default itself (``is False`` where ``False`` became ``None``)."""
    if not isinstance(side, ast.Constant):
        return False
    return side.value is None or (change.old_value is not None and _same_kind(side.value, change.old_value))


def _tested_for_none(read: ast.AST, parents: dict[int, ast.AST], change: Changed) -> bool:
    """``x.field is None`` / ``is not None`` (or ``== None``, or ``is False`` where ``False`` became ``None``):
    the one test ``None`` and ``0`` differ to;
    unless the function (at module level: the ``or``/``and``) also compares the read with the new default
    (``x.field is None or x.field == 0``): written for both sides."""
    test = parents.get(id(read))
    return (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Is, ast.IsNot, ast.Eq, ast.NotEq))
        and any(_none_or_old(side, change) for side in (test.left, *test.comparators))
        and not compared_in_scope(test, ast.unparse(read), parents, lambda side: ast.unparse(side) == change.new)
    )


def _sentinels_passed(trees: ThreeTrees, changed: dict[str, Changed], pr_pattern: str) -> Iterator[Finding]:
    """A false default made ``None`` (``0`` -> ``None``: the unset value moved) that a fork-owned build of the
    class passes as the old literal, ``Owner(name=0)``: the old default spelt out, which upstream's class now
    takes for a value it acts on (#40445: ``encoder_cudagraph_max_frames_per_batch=0`` meant "auto-infer" and
    now means no video frames).  A warning: the fork may mean the value itself."""
    moved = {n: c for n, c in changed.items() if _sentinel_moved(c)}
    if not moved:
        return
    pattern = Alternation(r"\b(?:{})\s*=", moved)
    for path in sorted(p for p in trees.mine if p.endswith(".py") and pattern.search(trees.mine.raw(p))):
        module = trees.merged_module(path)
        owned = trees.owned_lines(path) if module is not None else set()
        for node in ast.walk(module) if module is not None else ():
            if not isinstance(node, ast.Call):
                continue
            for kw in node.keywords:
                change = moved.get(kw.arg or "")
                if change is None or kw.value.lineno not in owned or last_name(node.func) != change.owner:
                    continue
                if _same_kind(literal_value(kw.value), change.old_value):
                    commit = trees.upstream_commit(change.path, whole_word(change.name), pr_pattern, most=5)
                    yield _sentinel_finding(path, kw.value.lineno, change, commit)


def _sentinel_moved(change: Changed) -> bool:
    old = change.old_value
    return change.none_only and change.new_value is None and old is not None and not isinstance(old, bool | Either)


def _sentinel_finding(path: str, line: int, change: Changed, commit: str) -> Finding:
    message = (
        f"fork-owned build of {change.owner} passes {change.name}={change.old}, the field's old default, and upstream "
        f"made its default None ({change.path}{commit}): the unset value moved, so {change.old} is now a value the "
        f"class acts on rather than the default; drop the keyword to keep the default, or confirm {change.old}"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, line, message)


def _fails_on_none(read: ast.AST, parents: dict[int, ast.AST], change: Changed) -> bool:
    """A false default made ``None`` (``0`` -> ``None``, #40445's ``encoder_cudagraph_max_frames_per_batch``) and
    the read used as a number: ordered (``x.field > 0``), an operand of arithmetic or a negation, handed to a
    builtin that raises TypeError on None (``range``, ``int``, ``max`` ...).  The unset value raised nothing
    before and raises now, unless a test for None comes first in the same ``and``/``or``/conditional."""
    if change.new_value is not None or change.old_value is None or isinstance(change.old_value, bool):
        return False
    use = parents.get(id(read))
    if isinstance(use, ast.Compare):
        failing = any(isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in use.ops)
    elif isinstance(use, ast.Call):
        failing = read in use.args and last_name(use.func) in FAILING_BUILTINS | {"range"}
    else:
        failing = isinstance(use, ast.BinOp) or (isinstance(use, ast.UnaryOp) and isinstance(use.op, ast.USub))
    return failing and use is not None and not _none_tested_in_scope(read, use, parents)


def _none_tested_in_scope(read: ast.AST, use: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """The scope the use was written in compares the read with ``None`` (``x.f is None or x.f > 0``) or tests its
    truth (``x.f and x.f > 0``, ``if x.f:``): None never reaches the use there."""
    shown = ast.unparse(read)
    for node in ast.walk(written_scope(use, parents)):
        sides = [node.left, *node.comparators] if isinstance(node, ast.Compare) else []
        if shown in {ast.unparse(side) for side in sides} and any(
            isinstance(side, ast.Constant) and side.value is None for side in sides
        ):
            return True
    return _truth_tested_above(read, use, parents, shown)


def _truth_tested_above(read: ast.AST, use: ast.AST, parents: dict[int, ast.AST], shown: str) -> bool:
    """An ``and`` holding the use after a bare test of the read (``x.f and x.f > 0``), or an ``if x.f:`` whose
    body holds it, or (mend81) an earlier statement of a block holding it that leaves when the read is false
    (``if not x.f: return``, ``if not x.f or y: raise``, ``assert x.f``)."""
    at, parent = use, parents.get(id(use))
    while parent is not None:
        if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.And):
            earlier = parent.values[: next(i for i, v in enumerate(parent.values) if v is at)]
            if any(v is not read and ast.unparse(v) == shown for v in earlier):
                return True
        if isinstance(parent, ast.If) and at in parent.body and ast.unparse(parent.test) == shown:
            return True
        if any(_leaves_when_false(stmt, shown) for stmt in _earlier_statements(parent, at)):
            return True
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            break
        at, parent = parent, parents.get(id(parent))
    return False


def _earlier_statements(parent: ast.AST, at: ast.AST) -> list[ast.stmt]:
    """The statements before ``at`` in the block of ``parent`` that holds it (a body, an ``else``, a ``finally``)."""
    for name in ("body", "orelse", "finalbody"):
        block = getattr(parent, name, None)
        if isinstance(block, list) and any(s is at for s in block):
            return block[: next(i for i, s in enumerate(block) if s is at)]
    return []


def _leaves_when_false(stmt: ast.stmt, shown: str) -> bool:
    """(mend81) ``assert x.f`` (``and`` others), or ``if not x.f [or ...]:`` whose body ends by leaving the block
    (``return``, ``raise``, ``continue``, ``break``): past it, the read is true, so never None nor 0."""
    if isinstance(stmt, ast.Assert):
        test = stmt.test
        parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
        return any(ast.unparse(p) == shown for p in parts)
    if not isinstance(stmt, ast.If) or not stmt.body:
        return False
    test = stmt.test
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) else [test]
    negated = any(
        isinstance(p, ast.UnaryOp) and isinstance(p.op, ast.Not) and ast.unparse(p.operand) == shown for p in parts
    )
    return negated and isinstance(stmt.body[-1], ast.Return | ast.Raise | ast.Continue | ast.Break)


def _holder_aliases(module: ast.Module) -> frozenset[str]:
    """Names every binding of which in the module holds a configuration: a parameter annotated with a
    configuration's class (``kv: KVTransferConfig``, ``Optional[...]``), or a name assigned a
    configuration (``kv = app_config.kv_transfer_config``)."""
    verdicts: dict[str, bool] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.arg):
            held = node.annotation is not None and _HOLDER_NAME.match(_annotated_name(node.annotation)) is not None
            verdicts[node.arg] = verdicts.get(node.arg, True) and held
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            held = (
                isinstance(node.value, (ast.Name, ast.Attribute))
                and _HOLDER_NAME.match(last_name(node.value)) is not None
            )
            for target in targets:
                if isinstance(target, ast.Name):
                    verdicts[target.id] = verdicts.get(target.id, True) and held
    return frozenset(name for name, held in verdicts.items() if held)


def _annotated_name(annotation: ast.expr) -> str:
    """The class's name an annotation gives: ``KVTransferConfig``, ``"KVTransferConfig"``, ``X | None``,
    ``Optional[X]`` -> ``X``'s last name."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return annotation.value.strip().split("|")[0].strip().rsplit(".", 1)[-1]
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _annotated_name(annotation.left)
    if isinstance(annotation, ast.Subscript) and last_name(annotation.value) == "Optional":
        return _annotated_name(annotation.slice)
    return last_name(annotation)


def _held_read(node: ast.AST) -> tuple[ast.expr, str, int] | None:
    """(the holder, the field, the line) of ``holder.field`` loaded, or of ``getattr(holder, "field"[,
    default])``."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
        return node.value, node.attr, node.lineno
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) >= 2
        and (field := str_value(node.args[1])) is not None
    ):
        return node.args[0], field, node.lineno
    return None


def _finding(
    path: str, line: int, how: str, change: Changed, commit: str, compare: ast.Compare | None, built: bool = False
) -> Finding:
    if change.kept_by and (compare is not None or built):
        found = _finding(path, line, how, replace(change, kept_by=""), commit, compare, built)
        return replace(
            found,
            severity=Severity.WARNING,
            message=f"{found.message} (unless the namespace is {change.kept_by}'s, which adds {change.name} with "
            f"{change.old} still: check which parser built it)",
        )
    if change.by_name and compare is not None:
        found = _finding(path, line, how, replace(change, by_name=False), commit, compare, built)
        return replace(
            found,
            severity=Severity.WARNING,
            message=f"{found.message} (the holder is known by its name only: check it is {change.owner}'s)",
        )
    if compare is not None:
        fix = (
            "test for None, the unset value now"
            if unset_marker_moved(change.old, change.new)
            else f"set {change.name} to {change.old}"
            if change.old_value is not None
            else "test the new default too"
        )
        message = (
            f"fork-owned `{short(ast.unparse(compare), 80)}` compares {change.owner}.{change.name}, whose default "
            f"upstream changed from {change.old} to {change.new} ({change.path}{commit}), with the old default: where "
            f"the fleet leaves it unset the comparison now answers otherwise; compare with what the fork means, or {fix}"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    if built and not isinstance(change.new_value, Either):
        # #36379 flipped StreamOptions.include_usage True -> False: an instance the fork's own line builds with
        # every default holds upstream's new value wherever it is read; no fleet setting reaches it
        message = (
            f"fork-owned {how} reads {change.owner}.{change.name} off an instance the fork's own code builds without "
            f"setting it, and upstream changed that default from {change.old} to {change.new} ({change.path}{commit}): "
            f"the fork's code now always gets {change.new} there; "
            f"{keep_old_advice(change.name, change.old, change.new, f'pass {change.name}={change.old} to the constructor')}"
            ", or confirm the new one"
        )
        return Finding(RULE, "merge", Severity.ERROR, path, line, message)
    if change.fails:
        message = (
            f"fork-owned {how} uses {change.owner}.{change.name} as a number, and upstream made its default None where "
            f"it was {change.old} ({change.path}{commit}): where the fleet leaves it unset the use now raises TypeError; "
            "test for None first (the unset value is None now, not the old one)"
        )
        return Finding(RULE, "merge", Severity.WARNING, path, line, message)
    message = (
        f"fork-owned {how} reads {change.owner}.{change.name}, whose default upstream changed from {change.old} "
        f"to {change.new} ({change.path}{commit}): where the fleet leaves it unset the fork's code now gets "
        f"{change.new}; {keep_old_advice(change.name, change.old, change.new, f'set {change.name} to {change.old}')}"
        ", or confirm the new one"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, line, message)
