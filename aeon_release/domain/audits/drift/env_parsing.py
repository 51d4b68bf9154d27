"""Environment-variable parsing drift: upstream changed how its registry parses a variable; the fork sets it to a
value the new parsing refuses, or reads it as the type it used to be.

Env-default drift (``drift/env_defaults.py``) asks what an unset variable means, env-value drift
(``drift/env_values.py``) which set values a comparison takes as on.  A registry entry's *parsing* can change too,
with the default and every comparison kept:

- a choice list: #24761 wrapped ``lambda: os.getenv("APP_WORKER_METHOD", "fork")`` into ``env_with_choices(
  "APP_WORKER_METHOD", "fork", ["spawn", "fork"])``, and #30428 replaced a list (``highest``/``high``/``medium`` ->
  ``ieee``/``tf32``).  A fork's ``os.environ["APP_WORKER_METHOD"] = "forkserver"`` worked at the base and now raises
  ``ValueError`` at the first read.
- a numeric parse: #28159 turned ``lambda: os.getenv("APP_HAS_CUBIN", False)`` (the raw string) into ``bool(int(
  os.getenv("APP_HAS_CUBIN", "0")))``.  A fork's ``"true"`` was truthy and now makes ``int()`` raise; the fork's
  ``envs.APP_HAS_CUBIN == "1"`` compares a ``bool`` with a string now: always unequal, the fork's path is dead.
- a type: #28671 turned ``int(os.getenv("APP_CONFIGURE_LOGGING", "1"))`` into ``bool(int(...))``.  The fork's
  ``str(envs.APP_CONFIGURE_LOGGING)`` handed to a child's environment is ``"True"`` now, which the child's ``int()``
  refuses.

An entry of a registry is a string key naming a variable, mapped to a lambda or a call (``{"APP_X": lambda: ...}``).
Its parsing: the choice list of a call that quotes the name and holds a list of strings (lowered where
``case_sensitive=False``), the ``int()``/``float()`` around a read of the variable, and what it hands back (``bool(``,
``int(``, ``float(``, a comparison: that type; the environment's raw read, lowered or not, or a choice: a string).
Only upstream's changed Python files outside tests whose diff names a variable the fork's added lines name are read,
at the base and at upstream.  Errors: a fork setting (``os.environ[NAME] = "v"``, ``setdefault``) the base's
parsing took and upstream's refuses; a fork comparison of the registry module's attribute with a string where the
read was a string and is a ``bool``/``int``/``float`` now; ``str()``, an f-string, a ``.format`` or ``%`` of a read
that was an ``int`` (#28671) or the raw string (#28159, mend71) and is a ``bool`` now, handed to an environment (an
item's value, a ``NAME=`` text) or compared with a string other than ``"True"``/``"False"``.  Elsewhere the stringified read is
a warning: ``"True"`` in a log line is harmless.  Written for both sides (review96, ``benchmarks/review96_twins.py``):
a refused setting is a warning where the file sets the variable again, to a value upstream takes, in another arm of
an ``if``/``try`` or in an ``except ValueError`` handler (a version test or the first read's refusal picks the
fallback); a comparison under ``isinstance(..., str)`` of the read (or a local bound to it) and a read through a
parameter or local of the module's name (the fork's own snapshot) are quiet; a ``NAME=`` f-string or a flat
``{"NAME": str(...)}`` handed straight to a logging call, ``print`` (no ``file=``) or ``json.dumps`` is a display
(a warning), where one nested under a runtime environment's ``env_vars`` stays an error.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.dtypes import is_test_path
from aeon_release.domain.audits.drift.env_defaults import _fork_names as read_names
from aeon_release.domain.audits.drift.env_defaults import (
    _is_module,
    _module_aliases,
    _module_read,
    _reads_environment,
    module_shadowed,
)
from aeon_release.domain.audits.drift.env_values import Setting, _apart, _merged, fork_settings
from aeon_release.domain.audits.drift.fallbacks import handler_catches, isinstance_guarded
from aeon_release.domain.audits.drift.logged_kwargs import _logging_call
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions, whole_word
from aeon_release.domain.audits.linear import Alternation
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parse_python, short, str_value

_KINDS = {"bool": "bool", "int": "int", "float": "float"}
_TEXT = (ast.Eq, ast.NotEq, ast.In, ast.NotIn)
_VARIABLE = lazy_pattern(r"[A-Z][A-Z0-9]*_[A-Z0-9_]+")
# a template's ``NAME=`` slot filled by a format field or a ``%`` conversion
_NAME_SLOT = lazy_pattern(r"\w=(?:\{|%)")
# a refused value raises ValueError at the read: a handler of one of these is the fork's own fallback
_REFUSALS = frozenset({"ValueError", "Exception", "BaseException"})
# calls that show a text or serialize a display, never an environment: ``json.dumps({"APP_X": str(x)})``
_DUMPS = frozenset({"json.dumps", "json.dump", "yaml.dump", "yaml.safe_dump", "pprint.pformat", "pprint.pprint"})
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True)
class Parse:
    """How a registry entry reads its variable: the values it accepts and the type a read hands back."""

    choices: frozenset[str] | None  # the value must be one of these (None: any)
    folded: bool  # the choice test lowers the value first
    numeric: str | None  # "int" / "float": the raw value goes through that call
    kind: str | None  # "str", "bool", "int", "float", "list" (None: not known)
    many: bool = False  # a comma-separated list of choices (each item must be one)

    def refuses(self, value: str) -> str | None:
        """Why this parsing refuses ``value`` (None: it takes it)."""
        if self.choices is not None:
            seen, allowed = (value.lower(), {c.lower() for c in self.choices}) if self.folded else (value, self.choices)
            items = [item.strip() for item in seen.split(",") if item.strip()] if self.many else [seen]
            if any(item not in allowed for item in items):
                return f"is none of its choices {sorted(self.choices)}"
        if self.numeric is not None and not _parses(value, self.numeric):
            return f"is no {self.numeric}, and the entry now calls {self.numeric}() on it"
        return None


def _parses(value: str, kind: str) -> bool:
    try:
        (int if kind == "int" else float)(value)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Change:
    """A variable whose registry entry parses it otherwise at upstream."""

    name: str
    path: str
    module: str
    old: Parse
    new: Parse


def env_parsing_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork settings upstream's new parsing refuses, and fork reads used as the type the entry no longer returns."""
    names = _fork_names(trees)
    paths = _registry_files(trees, names) if names else []
    changes = _changes(trees, names, paths) if paths else {}
    if not changes:
        return []
    found = [*_settings(trees, changes), *_reads(trees, changes)]
    commits = {name: trees.upstream_commit(c.path, whole_word(name), pr_pattern, most=5) for name, c in changes.items()}
    return [
        Finding(RULE, "merge", severity, path, line, f"{text} ({changes[name].path}{commits[name]})")
        for severity, path, line, name, text in found
    ]


# -- upstream's side -----------------------------------------------------------------------------------------------
def _fork_names(trees: ThreeTrees) -> set[str]:
    """The variables the fork's added lines set (``environ[NAME] = "v"``, ``setdefault``) or read (``mod.NAME``,
    ``getattr(mod, "NAME")``, ``getenv("NAME", ...)``)."""
    return {s.name for s in fork_settings(trees)} | read_names(trees)[0]


def _registry_files(trees: ThreeTrees, names: set[str]) -> list[str]:
    """Upstream's changed Python files outside tests whose diff names one of ``names`` (one RE2 search a file)."""
    named = Alternation(r"\b(?:{})\b", names)
    found = []
    for path in trees.upstream:
        if path.endswith(".py") and not is_test_path(path):
            raw = trees.upstream.raw(path)
            if "\n-" in raw and "\n+" in raw and named.search(raw):
                found.append(path)
    return sorted(found)


def _changes(trees: ThreeTrees, names: set[str], paths: list[str]) -> dict[str, Change]:
    changes: dict[str, Change] = {}
    for path, name, old, new in both_versions(trees, paths, lambda text: registry(text, names)):
        if old != new and name not in changes:
            module = path[:-3].replace("/", ".").removesuffix(".__init__")
            changes[name] = Change(name, path, module, old, new)
    return changes


def registry(text: str | None, names: set[str]) -> dict[str, Parse]:
    """Variable -> its registry entry's parsing, for the entries of ``text``'s dict literals that name one of
    ``names``."""
    module = parse_python(text) if text and any(name in text for name in names) else None
    if module is None:
        return {}
    out: dict[str, Parse] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                name = str_value(key) if key is not None else None
                if name in names and isinstance(value, ast.Lambda | ast.Call):
                    out[name] = parse_entry(name, value.body if isinstance(value, ast.Lambda) else value)
    return out


def parse_entry(name: str, body: ast.expr) -> Parse:
    """The parsing of the entry whose getter's expression is ``body``."""
    choices, folded, many = _choices(name, body)
    numeric = next((kind for kind in _numeric_calls(name, body)), None)
    kind = "list" if many else _kind(body, choices)
    return Parse(choices, folded, numeric, kind, many)


def _choices(name: str, body: ast.expr) -> tuple[frozenset[str] | None, bool, bool]:
    """The list of strings a call that quotes ``name`` validates the value against, whether it lowers the value,
    and whether the value is a comma-separated list (its default, the argument after the name or ``default=``, is
    a list: ``env_list_with_choices(NAME, [], [...])``).  The choices are its ``choices=``, or the documented slot
    of a ``*choices*`` helper (``env_with_choices(name, default, choices)``): a lone default list is no choice list
    (mend70), and a callable there is read as no list at all."""
    for node in ast.walk(body):
        if isinstance(node, ast.Call) and any(str_value(arg) == name for arg in node.args):
            keywords = {k.arg: k.value for k in node.keywords if k.arg}
            after = node.args[[str_value(arg) for arg in node.args].index(name) + 1 :]
            given = keywords.get("choices") or _choices_slot(node, after, "default" in keywords)
            if given is not None:
                default = keywords.get("default", after[0] if after else None)
                folded = isinstance(sensitive := keywords.get("case_sensitive"), ast.Constant) and not sensitive.value
                return _strings(given), folded, isinstance(default, ast.List | ast.Tuple | ast.Set)
    return None, False, False


def _choices_slot(call: ast.Call, after: list[ast.expr], default_by_keyword: bool) -> ast.expr | None:
    """The positional argument in a ``*choices*`` helper's choices slot: after the name and the default (the
    first after the name when the default is passed by keyword)."""
    if "choices" not in last_name(call.func):
        return None
    slot = 0 if default_by_keyword else 1
    return after[slot] if len(after) > slot else None


def _strings(node: ast.expr) -> frozenset[str] | None:
    """The strings of a list, tuple or set literal of strings only (None: anything else, or empty)."""
    items = [str_value(e) for e in node.elts] if isinstance(node, ast.List | ast.Tuple | ast.Set) else []
    return frozenset(s for s in items if s is not None) if items and None not in items else None


def _numeric_calls(name: str, body: ast.expr) -> Iterator[str]:
    """ "int"/"float" for each such call around a read of ``name`` from the environment."""
    for node in ast.walk(body):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("int", "float"):
            if node.args and any(_environ_read(inner, name) for inner in ast.walk(node.args[0])):
                yield node.func.id


def _environ_read(node: ast.AST, name: str) -> bool:
    """``os.getenv(name, ...)``, ``os.environ.get(name, ...)`` or ``os.environ[name]``."""
    if isinstance(node, ast.Call) and _reads_environment(node.func):
        return bool(node.args) and str_value(node.args[0]) == name
    return (
        isinstance(node, ast.Subscript)
        and ast.unparse(node.value).endswith("environ")
        and (str_value(node.slice) == name)
    )


def _kind(body: ast.expr, choices: frozenset[str] | None) -> str | None:
    """What the getter hands back: a ``bool(``/``int(``/``float(`` call's type, a comparison's bool, a string for
    the environment's raw read (lowered or not) or a validated choice."""
    if isinstance(body, ast.Compare):
        return "bool"
    if not isinstance(body, ast.Call):
        return None
    if isinstance(body.func, ast.Name) and body.func.id in _KINDS:
        return _KINDS[body.func.id]
    if "bool" in last_name(body.func).lower() and any(_reads_environment(n.func) for n in _calls(body.args)):
        return "bool"  # a helper of the raw read (``maybe_convert_bool(os.environ.get(NAME))``): its bool
    if _reads_environment(body.func) or choices is not None:
        return "str"
    raw = body.func.value if isinstance(body.func, ast.Attribute) else None
    folded = isinstance(body.func, ast.Attribute) and body.func.attr in ("lower", "upper", "strip")
    return "str" if folded and isinstance(raw, ast.Call) and _reads_environment(raw.func) else None


# -- the fork's side -----------------------------------------------------------------------------------------------
Hit = tuple[Severity, str, int, str, str]  # severity, path, line, variable, message


def _settings(trees: ThreeTrees, changes: dict[str, Change]) -> Iterator[Hit]:
    """Fork settings the base's parsing took and upstream's refuses; a warning where the file sets the variable
    again to a value upstream's takes, in another arm of an ``if``/``try`` or in a handler of ``ValueError``
    (review96: a version test or the first read's refusal picks the fork's fallback)."""
    settings = fork_settings(trees)
    for setting in settings:
        change = changes.get(setting.name)
        why = change.new.refuses(setting.value) if change is not None else None
        if change is not None and why is not None and change.old.refuses(setting.value) is None:
            at: Setting = _merged(trees, setting)
            text = (
                f'fork-owned setting {setting.name}="{setting.value}" was taken by the base\'s registry entry, but '
                f"upstream's now refuses it: the value {why}, so the first read of the variable raises"
            )
            other = _fallback(trees, setting, [s for s in settings if change.new.refuses(s.value) is None])
            if other is None:
                yield Severity.ERROR, at.path, at.line, setting.name, text
            else:
                text += (
                    f' (a warning: line {_merged(trees, other).line} sets it to "{other.value}", which upstream\'s '
                    "takes, in another arm or a handler of the refusal: written for both parsings)"
                )
                yield Severity.WARNING, at.path, at.line, setting.name, text


def _fallback(trees: ThreeTrees, setting: Setting, taken: list[Setting]) -> Setting | None:
    """A setting of the variable in ``taken`` (values upstream's parsing takes) in another arm of an ``if``/
    ``try`` around ``setting``, or in an ``except ValueError`` handler of the same file."""
    others = [s for s in taken if s.path == setting.path and s.name == setting.name and s.line != setting.line]
    module = parse_python(trees.blobs(trees.ours, [setting.path])[setting.path] or "") if others else None
    if module is None:
        return None
    handled = {
        line
        for node in ast.walk(module)
        if isinstance(node, ast.ExceptHandler) and handler_catches(node.type, _REFUSALS) and node.body
        for line in range(node.body[0].lineno, (node.body[-1].end_lineno or node.body[-1].lineno) + 1)
    }
    return next((o for o in others if o.line in handled or _apart(module, setting.line, o.line)), None)


def _reads(trees: ThreeTrees, changes: dict[str, Change]) -> Iterator[Hit]:
    """Fork reads of the registry module's attribute used as the type the entry no longer hands back."""
    retyped = {name: c for name, c in changes.items() if c.old.kind and c.new.kind and c.old.kind != c.new.kind}
    paths = [
        path
        for path in sorted(trees.mine)
        if path.endswith(".py") and any(name in text for text in trees.mine[path].added.values() for name in retyped)
    ]
    texts = trees.blobs(trees.ours, paths)
    for path in paths:
        module = parse_python(texts.get(path) or "")
        if module is not None:
            added = set(trees.mine[path].added)
            for line, name, text, severity in _misread(module, retyped):
                if line in added:
                    yield severity, path, trees.to_merged(trees.ours, path).get(line, line), name, text


def _misread(module: ast.Module, retyped: dict[str, Change]) -> Iterator[tuple[int, str, str, Severity]]:
    aliases = _module_aliases(module)
    parents = {id(child): node for node in ast.walk(module) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(module):
        read = _module_read(node) if isinstance(node, ast.expr) else None
        change = retyped.get(read[1]) if read else None
        if read is None or change is None or not _is_module(aliases.get(read[0]), change.module):
            continue
        assert isinstance(node, ast.expr)
        if module_shadowed(node, read[0], parents):
            continue  # a parameter or local of the module's name: the fork's own value (review96)
        shown, parent = ast.unparse(node), parents.get(id(node))
        was, now = change.old.kind, change.new.kind
        if was == "str" and isinstance(parent, ast.Compare) and _text_compare(parent, node):
            if _str_guarded(parent, node, parents):
                continue
            text = (
                f"fork-owned `{ast.unparse(parent)}` compares {shown} with a string, but upstream's registry entry "
                f"now hands back a {now}, not the raw string: the comparison never holds, the fork's path is dead"
            )
            yield parent.lineno, change.name, text, Severity.ERROR
        elif was in ("int", "str") and now == "bool" and (made := _text_of(node, parent, parents)) is not None:
            yield from _stringified_read(node, made, change, parents)
        elif was == "bool" and now == "str" and (test := _bool_tested(node, parents)) is not None:
            use = "" if isinstance(test, ast.Compare) else _string_use(node, test, parents)
            if use == "string":
                continue  # the fork reads the value as a string beside the test: a presence test of the string
            text = (
                f"fork-owned `{short(ast.unparse(test), 80)}` takes {shown} as a bool, but upstream's registry entry "
                f'now hands back the raw string (#41083): a string is never True or False, and "0" or "false" is '
                "truthy; compare with the strings the variable is set to"
            )
            if use == "handed":
                text += " (a warning: the branch hands the value on as is, which may be the string it wants)"
            severity = Severity.WARNING if use == "handed" else Severity.ERROR
            yield getattr(test, "lineno", node.lineno), change.name, text, severity


def _stringified_read(
    read: ast.expr, made: ast.expr, change: Change, parents: dict[int, ast.AST]
) -> Iterator[tuple[int, str, str, Severity]]:
    """A read that was an int (#28671) or the raw string (#28159, mend71 after revDD) and is a bool now, made
    text: "True"/"False" where the fork expected "1"/"0" or the string it set.  An error compared with a string
    (the comparison never holds) or handed to an environment (``int()`` refuses it where it is read back), else
    a warning: ``"True"`` in a log line is harmless."""
    was = "an int" if change.old.kind == "int" else "the raw string"
    text = (
        f"fork-owned {ast.unparse(read)} is stringified, and upstream's registry entry now hands back a bool, not "
        f'{was}: the text is "True"/"False", not the "1"/"0" the variable was set to'
    )
    compare = parents.get(id(made))
    if isinstance(compare, ast.Compare) and _text_compare(compare, made) and not _bool_texts(compare):
        yield read.lineno, change.name, text + ": the comparison never holds", Severity.ERROR
    elif _handed(read, made, parents):
        yield read.lineno, change.name, text + ", which int() refuses where it is read back", Severity.ERROR
    else:
        text += " (a warning: the text is not handed to an environment here, a log line is harmless)"
        yield read.lineno, change.name, text, Severity.WARNING


def _calls(nodes: list[ast.expr]) -> Iterator[ast.Call]:
    return (n for node in nodes for n in ast.walk(node) if isinstance(n, ast.Call))


def _bool_tested(read: ast.expr, parents: dict[int, ast.AST]) -> ast.AST | None:
    """The test that takes ``read`` as a bool: ``read is True``/``is not False``/``== True`` (a string never is
    one), or a truth test (``if read:``, ``not read``, ``read and ...`` as a test), where ``"0"`` holds now."""
    parent = parents.get(id(read))
    if isinstance(parent, ast.Compare) and len(parent.ops) == 1:
        other = parent.comparators[0] if parent.left is read else parent.left
        flag = isinstance(other, ast.Constant) and isinstance(other.value, bool)
        return parent if flag and isinstance(parent.ops[0], (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)) else None
    node: ast.AST = read
    negated = False  # ``not read`` is a bool anywhere; ``read or "auto"`` only where it is a test
    while isinstance(parent, ast.BoolOp) or (isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not)):
        negated = negated or isinstance(parent, ast.UnaryOp)
        node, parent = parent, parents.get(id(parent))
    tested = isinstance(parent, (ast.If, ast.IfExp, ast.While, ast.Assert)) and parent.test is node
    return node if tested or negated else None


def _string_use(read: ast.expr, test: ast.AST, parents: dict[int, ast.AST]) -> str:
    """How the truth test ``test`` of ``read`` or the branch it guards uses the same value again: "string" where it
    compares it with a string or calls a method on it (``X and X.lower() == "grouped"``: the fork knows it is a
    string, the truth test asks whether it is set), "handed" where the branch returns or assigns it as is (``if X:
    return X``: maybe the string, maybe a flag), else "" (review109's twins of #41083)."""
    holder = parents.get(id(test))
    guarded = holder.body if isinstance(holder, ast.If | ast.While | ast.IfExp) else []
    parts = [test, *(guarded if isinstance(guarded, list) else [guarded])]
    shown = ast.unparse(read)
    same = [
        n for p in parts for n in ast.walk(p) if n is not read and isinstance(n, ast.expr) and ast.unparse(n) == shown
    ]
    uses = [(n, parents.get(id(n))) for n in same]
    if any(_as_string(n, up, parents) for n, up in uses):
        return "string"
    return "handed" if any(isinstance(up, ast.Return | ast.Assign) and up.value is n for n, up in uses) else ""


def _as_string(node: ast.expr, up: ast.AST | None, parents: dict[int, ast.AST]) -> bool:
    """``node`` compared with a string, or the receiver of a method call (a bool has no ``.lower()``)."""
    if isinstance(up, ast.Attribute) and isinstance(call := parents.get(id(up)), ast.Call) and call.func is up:
        return True
    return isinstance(up, ast.Compare) and any(str_value(side) is not None for side in (up.left, *up.comparators))


def _bool_texts(compare: ast.Compare) -> bool:
    """The comparison's strings are a bool's texts (``str(x) == "True"``): written for the new type."""
    return any(str_value(n) in ("True", "False") for n in ast.walk(compare))


def _str_guarded(compare: ast.Compare, read: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """The comparison runs only where ``isinstance(x, str)`` holds of the read, or of a name the enclosing function
    binds to it (``v = envs.X`` ... ``envs.X == "1" if isinstance(v, str) else bool(v)``): written for both types."""
    text = ast.unparse(read)
    up = parents.get(id(compare))
    while up is not None and not isinstance(up, _FUNCS):
        up = parents.get(id(up))
    bound = [
        t.id
        for n in (ast.walk(up) if up is not None else ())
        if isinstance(n, ast.Assign) and ast.unparse(n.value) == text
        for t in n.targets
        if isinstance(t, ast.Name)
    ]
    return any(isinstance_guarded(compare, s, lambda kind: kind == "str", parents) for s in (text, *bound))


def _displayed(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node`` is an argument of a call that shows or serializes it (``logger.info(f"APP_X={x}")``, ``print``
    with no ``file=``, ``json.dumps({...})``): a text for a reader, not an environment (review96)."""
    call = parents.get(id(node))
    if not isinstance(call, ast.Call) or call.func is node:
        return False
    if any(k.arg == "file" for k in call.keywords):
        return False  # ``print(f"APP_X={x}", file=env_file)`` writes an environment file
    return _logging_call(call) or ast.unparse(call.func) in _DUMPS


def _variable_key(node: ast.expr) -> bool:
    """A string key spelt as an environment variable's name (``"APP_CONFIGURE_LOGGING"``)."""
    key = str_value(node)
    return key is not None and _VARIABLE.fullmatch(key) is not None


def _text_compare(node: ast.Compare, read: ast.expr) -> bool:
    """``read == "s"``, ``"s" != read``, ``read in ("s", ...)``: the read tested against strings only (``"s" in
    read`` is a membership test in the read, which a list or set answers as a string did)."""
    if len(node.ops) != 1 or not isinstance(node.ops[0], _TEXT):
        return False
    if isinstance(node.ops[0], ast.In | ast.NotIn) and node.left is not read:
        return False
    other = node.comparators[0] if node.left is read else node.left
    items = other.elts if isinstance(other, ast.Tuple | ast.List | ast.Set) else [other]
    return bool(items) and all(str_value(item) is not None for item in items)


def _text_of(node: ast.expr, parent: ast.AST | None, parents: dict[int, ast.AST]) -> ast.expr | None:
    """The expression that makes the read text: ``str(x)``, an f-string, ``"...{}".format(x)``, ``"...%s" % x``
    (or ``% (x, ...)``); None where it is not made text (revDD: the last two were not read)."""
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id == "str":
        return parent
    if isinstance(parent, ast.FormattedValue):
        joined = parents.get(id(parent))
        return joined if isinstance(joined, ast.JoinedStr) else None
    if isinstance(parent, ast.Call) and last_name(parent.func) == "format" and parent.func is not node:
        held = isinstance(parent.func, ast.Attribute) and str_value(parent.func.value) is not None
        return parent if held else None
    holder = parents.get(id(parent)) if isinstance(parent, ast.Tuple) else parent
    if isinstance(holder, ast.BinOp) and isinstance(holder.op, ast.Mod) and holder.left is not node:
        return holder if str_value(holder.left) is not None else None
    return None


def _handed(read: ast.expr, made: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """The text goes to an environment: the value of an item keyed by a variable's name (``env["APP_X"] =
    str(x)``, ``{"APP_X": str(x)}``; a display's ``row["x"]`` is no environment) or a ``NAME=`` text (``f"APP_X={x}"``,
    ``"APP_X=%s" % x``), unless handed straight to a call that shows it."""
    if _named(read, made):
        return not _displayed(made, parents)
    holder = parents.get(id(made))
    if isinstance(holder, ast.Assign) and isinstance(target := holder.targets[0], ast.Subscript):
        return _variable_key(target.slice)
    if isinstance(holder, ast.Dict):
        # the read may sit in a key (``{str(x): v}``, readE): no value of the item, no environment
        key = next((k for k, v in zip(holder.keys, holder.values, strict=True) if v is made), None)
        return key is not None and _variable_key(key) and not _displayed(holder, parents)
    return False


def _ends_named(part: ast.expr) -> bool:
    return isinstance(part, ast.Constant) and str(part.value).endswith("=")


def _named(read: ast.expr, made: ast.expr) -> bool:
    """A ``NAME=`` text right before the read's slot: an f-string's, or a ``.format``/``%`` template's."""
    if isinstance(made, ast.JoinedStr):
        return any(
            isinstance(v, ast.FormattedValue) and v.value is read and _ends_named(b)
            for b, v in zip(made.values, made.values[1:])
        )
    template = made.func.value if isinstance(made, ast.Call) and isinstance(made.func, ast.Attribute) else None
    template = made.left if isinstance(made, ast.BinOp) else template
    return template is not None and _NAME_SLOT.search(str_value(template) or "") is not None
