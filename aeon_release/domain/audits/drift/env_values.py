"""Environment-variable value drift: upstream changed which set values of a variable its code takes as on; a
fork sets the variable to a value whose reading flipped.

Env-default drift (``drift/env_defaults.py``) asks what an *unset* variable means.  A set one can change meaning
too, with no default touched: #22378 turned a helper's ``no_use = (env_value == "0"); return not no_use`` (on
unless ``"0"``) into ``use = (env_value == "1"); return use`` (on only for ``"1"``).  The merge is clean; a fork's
``os.environ["APP_USE_FAST_ATTN"] = "true"`` turned the path on at the base and silently turns it off now.

A file's *reading* of a variable: the string literals it compares the variable's value with (``==``, ``!=``,
``in``, ``not in``), where the value is a read of it (``os.getenv(NAME)``, ``os.environ.get(NAME)``,
``os.environ[NAME]``, ``envs.NAME``, ``getattr(envs, NAME)``), lowered or stripped or not, or a name its scope bound
to such a read.  When the literals of a reading all spell one flag (``"0"``/``"false"``/``"no"``/``"off"``, or
``"1"``/``"true"``/``"yes"``/``"on"``: env-default drift's meanings), a value takes that flag where it is one of
them and the other flag where it is not.  A fork-owned setting (``os.environ[NAME] = "true"``,
``os.environ.setdefault(NAME, "true")``) whose value spells a flag, which a file upstream's diff changed read as
the fork means at the base and reads otherwise now, is an error: the fork's switch is silently the other way.
Nothing where the literals of a side are mixed or none (the code then does more with the value than a flag's test),
where the fork's value is no flag spelling, where upstream now reads the value as the fork means (the base
misread it: a fix in the fork's favour), or where the line is no statement setting an ``environ`` (a docstring's
example of the old spelling).  A warning where another arm of an ``if``/``try`` around it sets the variable to a
value upstream now reads as the fork means: written for both readings (benchmarks/review88_twins.py).

Cheap first: the settings are a text scan of the fork's added lines; upstream's files are the Python files outside
tests whose diff removed and added a comparison with a flag's spelling; only those that name a set variable are
parsed, at the base and at upstream.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift.dtypes import is_test_path
from aeon_release.domain.audits.drift.env_defaults import flag_meaning
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parse_python, str_value

_NAME = r"([A-Z][A-Z0-9]*_[A-Z0-9_]+)"
# ``environ["NAME"] = "v"``, ``environ.setdefault("NAME", "v")`` on a line the fork added
_SETTING = lazy_pattern(
    rf"""\benviron(?:\[\s*["']{_NAME}["']\s*\]\s*=(?!=)\s*["']([^"'\n]*)["']"""
    rf"""|\.setdefault\(\s*["']{_NAME}["']\s*,\s*["']([^"'\n]*)["'])"""
)
# the literals may open the next line of the diff: ``... .lower() in`` then ``+  ("on", "true", "1")`` (#13615)
_FLAG = r"""(?:[=!]=|\bin)\s*(?:\n[-+ ]\s*)?[(\[{]?\s*["'](?:0|1|true|false|yes|no|on|off)["']"""
# a changed line comparing a value with a flag's spelling: ``env_value == "0"``, ``v in ("1", "true")``
_FLAG_COMPARE = lazy_pattern(r"^[-+](?![-+]{2} )[^\n]*" + _FLAG, re.M | re.I)
# the same, as ``git log -G`` reads it (POSIX ERE): the commit that changed the comparison
_FLAG_ERE = r"""(==|!=|in)[[:space:]]*[(\[{]?[[:space:]]*["'](0|1|true|false|yes|no|on|off)["']"""
# a removed line reading a variable's raw string as a bool: ``bool(os.getenv(NAME, False))``
_TRUTHY_READ = lazy_pattern(r"^-(?!--)[^\n]*\bbool\(\s*os\.(?:getenv|environ\.get)\(", re.M)
_FOLDS = frozenset({"lower", "strip", "casefold"})
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


@dataclass(frozen=True)
class Setting:
    """A fork-owned line that sets a variable to a literal value."""

    path: str
    line: int
    name: str
    value: str


@dataclass(frozen=True)
class Reading:
    """The literals a file compares a variable's value with, and whether it lowers the value first."""

    literals: frozenset[str]
    folded: bool
    truthy: bool = False  # ``bool(os.getenv(NAME, ...))``: any non-empty value is on (#13615's base)

    def takes(self, value: str) -> bool | None:
        """The flag ``value`` is read as, or None where the literals spell no one flag."""
        if self.truthy:
            return bool(value)
        meanings = {flag_meaning(literal) for literal in self.literals}
        meaning = next(iter(meanings)) if len(meanings) == 1 else None
        if not isinstance(meaning, bool):
            return None
        seen = value.strip().lower() if self.folded else value
        return meaning if seen in self.literals else not meaning

    def shown(self) -> str:
        if self.truthy:
            return "nothing (bool() of the raw value: any non-empty value is on)"
        return " or ".join(sorted(f'"{literal}"' for literal in self.literals))


def env_value_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork-owned settings of a variable whose value upstream's changed comparison now reads as the other flag."""
    # a value that spells no flag still counts where the base took any non-empty value as on (#13615)
    settings = [s for s in fork_settings(trees) if isinstance(flag_meaning(s.value), bool) or s.value]
    if not settings:
        return []
    paths = _comparing_files(trees)
    if not paths:
        return []
    names = {s.name for s in settings}
    # every changed file per variable: an earlier one's reading may keep the fork's value where a later one
    # flips it (readD #6)
    changed: dict[str, list[tuple[str, Reading, Reading]]] = {}
    for path, name, old, new in both_versions(trees, paths, lambda text: readings(text, names)):
        if old != new:
            changed.setdefault(name, []).append((path, old, new))
    findings = []
    for setting in settings:
        hit = next((c for c in changed.get(setting.name, []) if flipped(setting.value, *c[1:])), None)
        if hit is not None:
            path, old, new = hit
            commit = trees.upstream_commit(path, _FLAG_ERE, pr_pattern, most=5)
            respelt = _respelt(trees, setting, settings, new)
            shown = _merged(trees, respelt) if respelt is not None else None
            findings.append(_finding(_merged(trees, setting), f"{path}{commit}", old, new, shown))
    return findings


def _merged(trees: ThreeTrees, setting: Setting) -> Setting:
    """The setting at its merged file's line (a fork-side number is off where upstream also edited the file, and
    a waiver on it would not stick: readD #5)."""
    if setting.path not in trees.upstream:
        return setting  # upstream left the file alone: the merged file is the fork's
    return replace(setting, line=trees.to_merged(trees.ours, setting.path).get(setting.line, setting.line))


def _respelt(trees: ThreeTrees, setting: Setting, settings: list[Setting], new: Reading) -> Setting | None:
    """A setting of the variable in another arm of an ``if``/``try`` around this one, to a value upstream's new
    reading takes as the fork means: written for both readings (a probe or a version test picks the arm)."""
    meant = flag_meaning(setting.value)
    others = [s for s in settings if s.path == setting.path and s.name == setting.name and new.takes(s.value) is meant]
    module = parse_python(trees.blobs(trees.ours, [setting.path])[setting.path] or "") if others else None
    if module is None:
        return None
    return next((other for other in others if _apart(module, setting.line, other.line)), None)


def _apart(module: ast.Module, line: int, other: int) -> bool:
    """``line`` and ``other`` lie in different arms of one ``if`` or ``try`` of ``module``."""
    for node in ast.walk(module):
        if isinstance(node, ast.If):
            arms = [node.body, node.orelse]
        elif isinstance(node, ast.Try):
            arms = [node.body, *(handler.body for handler in node.handlers), node.orelse]
        else:
            continue
        held = [i for i, arm in enumerate(arms) for at in (line, other) if arm and _spans(arm, at)]
        if len(held) == 2 and held[0] != held[1]:
            return True
    return False


def _spans(arm: list[ast.stmt], line: int) -> bool:
    """``line`` lies within the statements of ``arm``."""
    return arm[0].lineno <= line <= (arm[-1].end_lineno or arm[-1].lineno)


def flipped(value: str, old: Reading, new: Reading) -> bool:
    """The base read ``value`` as the flag it spells; upstream reads it as the other."""
    meant = meaning(value, old)
    was, now = old.takes(value), new.takes(value)
    return isinstance(meant, bool) and was is meant and now is not None and now is not meant


# -- the fork's side -----------------------------------------------------------------------------------------------
def meaning(value: str, old: Reading) -> object:
    """The flag the fork means by ``value``: its spelling's, or on where the base took any non-empty value as on
    and the value spells no flag (``"yes"``/``"enabled"`` set where ``bool(os.getenv(NAME))`` read it)."""
    meant = flag_meaning(value)
    return True if not isinstance(meant, bool) and old.truthy and value else meant


def fork_settings(trees: ThreeTrees) -> list[Setting]:
    """The fork's added Python lines that set a variable of the environment to a literal."""
    found = []
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        for line, text in sorted(trees.mine[path].added.items()):
            if text.lstrip().startswith("#"):
                continue
            for match in _SETTING.finditer(text):
                name, value = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
                found.append(Setting(path, line, name, value))
    return _in_code(trees, found)


def _in_code(trees: ThreeTrees, found: list[Setting]) -> list[Setting]:
    """The settings on a line that sets the environment, not text inside a string (a docstring's example of
    the old spelling); a file that does not parse keeps its text scan."""
    paths = sorted({s.path for s in found})
    texts = trees.blobs(trees.ours, paths)
    lines = {path: _setting_lines(texts.get(path)) for path in paths}
    return [s for s in found if (held := lines[s.path]) is None or s.line in held]


def _setting_lines(text: str | None) -> set[int] | None:
    """The lines of ``text``'s statements that store into, or ``setdefault`` on, an ``environ``."""
    module = parse_python(text) if text else None
    if module is None:
        return None
    lines: set[int] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Assign | ast.Call) and _sets_environ(node):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def _sets_environ(node: ast.Assign | ast.Call) -> bool:
    """``environ[NAME] = ...`` or ``environ.setdefault(...)``."""
    if isinstance(node, ast.Assign):
        return any(isinstance(t, ast.Subscript) and ast.unparse(t.value).endswith("environ") for t in node.targets)
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "setdefault"
        and ast.unparse(node.func.value).endswith("environ")
    )


# -- upstream's side -----------------------------------------------------------------------------------------------
def _comparing_files(trees: ThreeTrees) -> list[str]:
    """Upstream's changed Python files outside tests whose diff removed and added a comparison with a flag."""
    found = []
    for path in trees.upstream:
        if not path.endswith(".py") or is_test_path(path):
            continue
        raw = trees.upstream.raw(path)
        signs = {match.group(0)[0] for match in _FLAG_COMPARE.finditer(raw)}
        signs |= {"-"} if _TRUTHY_READ.search(raw) else set()
        if signs == {"-", "+"}:
            found.append(path)
    return sorted(found)


def readings(text: str | None, names: set[str]) -> dict[str, Reading]:
    """Variable -> the file's reading of it: the string literals its value is compared with."""
    if not text or not any(name in text for name in names):
        return {}
    module = parse_python(text)
    if module is None:
        return {}
    literals: dict[str, set[str]] = {}
    folds: dict[str, set[bool]] = {}
    for scope in [module, *(n for n in ast.walk(module) if isinstance(n, _SCOPES))]:
        for name, literal, folded in _compared(scope, names):
            literals.setdefault(name, set()).add(literal)
            folds.setdefault(name, set()).add(folded)
    truthy = {name: Reading(frozenset(), False, True) for name in _truthy_reads(module, names) - literals.keys()}
    return {**truthy, **{name: Reading(frozenset(found), all(folds[name])) for name, found in literals.items()}}


def _truthy_reads(module: ast.Module, names: set[str]) -> set[str]:
    """The variables ``bool(os.getenv(NAME, ...))`` (``os.environ.get``, ``os.environ[...]``) reads: the raw
    string's truth, no comparison (a registry module's ``bool(envs.NAME)`` or ``bool(getattr(envs, NAME))`` is a
    parsed value's, not read here: readG)."""
    found = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "bool" and node.args:
            raw = node.args[0]
            registry = isinstance(raw, ast.Attribute) or (
                isinstance(raw, ast.Call) and last_name(raw.func) == "getattr"
            )
            if not registry and (name := _variable(raw)) in names:
                found.add(name)
    return found


def _compared(scope: ast.AST, names: set[str]) -> Iterator[tuple[str, str, bool]]:
    """(variable, literal, value lowered) for each comparison in ``scope`` (not its nested scopes) of a read."""
    nodes = list(_own_nodes(scope))
    bound: dict[str, tuple[str, bool] | None] = {}
    for node in nodes:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            read = _read(node.value, names, {})
            key = node.targets[0].id
            bound[key] = read if key not in bound or bound[key] == read else None  # bound twice, two ways: none
    for node in nodes:
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
            continue
        if not isinstance(node.ops[0], (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
            continue
        for value, other in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
            read = _read(value, names, bound)
            if read is not None:
                yield from ((read[0], literal, read[1]) for literal in _strings(other))


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``scope``'s body, not descending into a nested function or lambda.

    Not ``source.own_scope_nodes`` (readD #21), on purpose: that one stops at a class too, and ``readings`` walks
    no class body as a scope of its own, so ``class Settings: FAST = os.environ.get("F", "0") == "1"`` would go
    unread; here a class body is read with the scope around it, whose names it sees."""
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, _SCOPES):
            stack.extend(ast.iter_child_nodes(node))


def _read(node: ast.expr, names: set[str], bound: dict[str, tuple[str, bool] | None]) -> tuple[str, bool] | None:
    """(variable, lowered) where ``node`` is a read of one of ``names`` (``.lower()``/``.strip()`` of one too)."""
    folded = False
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _FOLDS:
        folded = folded or node.func.attr != "strip"
        node = node.func.value
    if isinstance(node, ast.Name) and (hit := bound.get(node.id)) is not None:
        return hit[0], hit[1] or folded
    name = _variable(node)
    return (name, folded) if name in names else None


def _variable(node: ast.expr) -> str | None:
    """The variable ``os.getenv(NAME)``, ``os.environ.get(NAME)``, ``os.environ[NAME]``, ``envs.NAME`` or
    ``getattr(envs, NAME)`` reads."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
        return node.attr
    if isinstance(node, ast.Subscript) and ast.unparse(node.value).endswith("environ"):
        return str_value(node.slice)
    if not (isinstance(node, ast.Call) and node.args):
        return None
    func = ast.unparse(node.func)
    if func.endswith(("getenv", "environ.get")):
        return str_value(node.args[0])
    return str_value(node.args[1]) if func == "getattr" and len(node.args) >= 2 else None


def _strings(node: ast.expr) -> list[str]:
    """The string literals ``node`` is (one, or a tuple, list or set of them); none unless every member is one.

    Not ``source.display_strings`` (readD #21), on purpose: that one keeps the literals of a display and drops the
    rest, and ``v in ("1", ON)`` read as ``{"1"}`` would miss the values ``ON`` accepts, so a reading of ``"1"``
    and ``"true"`` could look like upstream's dropping ``"true"``."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    values = [item.value for item in items if isinstance(item, ast.Constant) and isinstance(item.value, str)]
    return values if len(values) == len(items) else []


def _finding(setting: Setting, where: str, old: Reading, new: Reading, respelt: Setting | None) -> Finding:
    meant = "on" if meaning(setting.value, old) else "off"
    message = (
        f'fork-owned setting {setting.name}="{setting.value}" means {meant}, and upstream read it so '
        + (f"by {old.shown()[9:-1]}" if old.truthy else f"by comparing the value with {old.shown()}")
        + f"; upstream now compares it with {new.shown()} ({where}), so the same value reads "
        f"the other way and the fork's switch is silently flipped: set {setting.name} to "
        f"{_spelling(new, meant == 'on')}"
    )
    if respelt is None:
        return Finding(RULE, "merge", Severity.ERROR, setting.path, setting.line, message)
    message += (
        f' (a warning: line {respelt.line} of the file sets it to "{respelt.value}", which upstream reads as {meant}: '
        "written for both readings, make sure the new one is the one that runs)"
    )
    return Finding(RULE, "merge", Severity.WARNING, setting.path, setting.line, message)


def _spelling(reading: Reading, on: bool) -> str:
    """A value upstream's new reading takes as the flag the fork means."""
    same = sorted(literal for literal in reading.literals if flag_meaning(literal) is on)
    return f'"{same[0]}"' if same else "a value its new comparison does not list"
