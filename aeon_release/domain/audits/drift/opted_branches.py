"""Opted branches: upstream now runs a branch of a def only when a new parameter, off by default, is passed,
and a fork call of the def leaves it out.

#41282 (0ff1bf9bb1) gave ``SingleTypeKVCacheManager.get_num_blocks_to_allocate`` an ``apply_admission_cap: bool
= False`` and turned ``if self._max_admission_blocks_per_request is not None:`` (the recycled-window cap of a
sliding-window group) into ``if apply_admission_cap and self._max_admission_blocks_per_request is not None:``;
only the full-sequence admission gate passes ``apply_admission_cap=True``.  A fork's own admission check calling
``mgr.get_num_blocks_to_allocate(request_id, num_tokens, [], 0, num_tokens)`` merges cleanly, binds, and now
asks for every block of the prompt where it asked for the capped count: nothing raises, the answer changed.
The same shape is any opt-in of behaviour a def used to have for every caller (``if retry and ...``,
``if X and validate``): what was unconditional (under ``X``) is now the callers' choice, and a caller written
before the choice existed chose no.

Upstream's side: a Python file whose diff adds an ``if`` (or ``elif``) joining a name by ``and`` and a parameter
of that name defaulting to ``False``/``None`` (on a line of its own ending in a comma, or on a ``def`` line) (gate:
the module's stem among the fork's words first, then its added lines holding ``=`` and ``False``/``None``, and
then ``and``, each read by a one-line regular expression -- review130: not the raw diff scanned whole; a module
whose name no fork line holds is never read -- a fork importing the def
through a package's re-export alone is left; both versions parsed only then, 16 files at most); a def (a module's function or a
class's method) in both versions that gained a parameter ``P`` defaulting to ``False`` or ``None``, not named
in the base's def, and whose ``if`` tests (its own, not a nested def's) include ``P and <rest>`` (``P`` a
conjunct, anywhere in the ``and``) where the base's def tested ``<rest>`` alone, the same text.  The fork's side,
on a line it owns: a call of the def's name (``R.name(...)`` for a method, ``name(...)`` or ``R.name(...)`` for a
module's function) in a module that names the def's class (a method) or its module (a function), that passes
``P`` neither by keyword nor at its position, and has no ``*args``/``**kwargs`` that could carry it.  Not a
``super().name(...)`` call, nor a call in a def of the same name (an override handing on: the override checks'
finding).  A warning: the branch may be one the fork's call does not need (the fork may want the new default).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.returns import fork_modules, own_nodes
from aeon_release.domain.audits.drift.sides import Qualified, ThreeTrees, parsed_texts, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, method_defs

__all__ = ["opted_branch_drift"]

_MOST_FILES = 16
# an added ``if``/``elif`` joining a bare name by ``and``: ``if P and X:`` or ``if X and P:``
_JOINED = lazy_pattern(r"^[ \t]*(?:el)?if[ \t]+(?:(\w+)[ \t]+and[ \t]|.*[ \t]and[ \t]+(\w+)[ \t]*:)")
# an added parameter off by default: on a line of its own ending in a comma (a signature spread over lines), or
# one of those on an added ``def`` line
_OFF_LINE = lazy_pattern(r"^[ \t]*(\w+)[ \t]*(?::[^=\n]*)?=[ \t]*(?:False|None)[ \t]*,[ \t]*$")
_DEF_LINE = lazy_pattern(r"^[ \t]*(?:async[ \t]+)?def[ \t]")
_OFF_PARAM = lazy_pattern(r"(\w+)[ \t]*(?::[^=,\n]*)?=[ \t]*(?:False|None)\b")
_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Opted(Qualified):
    """``qualname`` (in ``path``) runs the branch under ``rest`` only when ``param`` is passed truthy."""

    qualname: str
    path: str
    param: str
    slot: int  # the parameter's place among a call's positional arguments (``self`` not counted); -1 keyword-only
    rest: str
    line: int


def opted_branch_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork calls leaving out a parameter upstream's def now needs to run a branch it always ran."""
    if not trees.upstream:
        return []
    # a module no fork line names (its stem, as an import of it spells it) is left unread: the diffs' regular
    # expressions were most of the check's cost (0.17 s at drift_speed's 150 commits before this gate)
    words = trees.fork_words()
    candidates: dict[str, set[str]] = {}
    for path in sorted(trees.upstream):
        if not path.endswith(".py") or _stem(path) not in words:
            continue  # the stem first: a path's string, before its change is read
        added = trees.upstream[path].added.values()
        # (review130) the diff's added lines, filtered by substrings, not the raw diff scanned by multi-line
        # regular expressions (most of the check's cost: ~8 of ~13 ms at drift_speed's 150 commits)
        off = [line for line in added if "=" in line and ("False" in line or "None" in line)]
        names = _off_by_default_added(off) if off else set()
        if names:
            names &= {a or b for line in added if " and " in line for a, b in _JOINED.findall(line)}
        if names:
            candidates[path] = names
    if not candidates:
        return []
    opted = [
        o
        for both in parsed_texts(trees, sorted(candidates)[:_MOST_FILES])
        for o in _opted(both.path, both.old, both.new, candidates[both.path])
        if o.name in words
    ]
    if not opted:
        return []
    by_name: dict[str, list[Opted]] = {}
    for o in opted:
        by_name.setdefault(o.name, []).append(o)
    called = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, by_name))) + r")\s*\(")
    findings: list[Finding] = []
    for path, module, owned in fork_modules(trees, called.search):
        text = trees.merged_text(path) or ""
        for call, inside in _calls(module, owned, set(by_name)):
            for o in by_name[_called_name(call)]:
                if inside == o.name or not _names_home(text, o) or _passes(call, o):
                    continue
                findings.append(_finding(trees, path, call.lineno, o, pr_pattern))
                break
    return findings


def _stem(path: str) -> str:
    """The module's last name (a package's for its ``__init__.py``)."""
    parts = path.removesuffix(".py").split("/")
    return parts[-2] if parts[-1] == "__init__" and len(parts) > 1 else parts[-1]


def _off_by_default_added(lines: list[str]) -> set[str]:
    """Names of the parameters defaulting to False/None that the added ``lines`` hold (a superset: read off
    the text): a line of its own ending in a comma, or one of those on a ``def`` line."""
    found: set[str] = set()
    for line in lines:
        found.update(_OFF_LINE.findall(line))
        if _DEF_LINE.match(line):
            found.update(_OFF_PARAM.findall(line))
    return found


def _opted(path: str, old: ast.Module, new: ast.Module, names: set[str]) -> Iterator[Opted]:
    before = dict(method_defs(old.body))
    for qualname, func in method_defs(new.body):
        was = before.get(qualname)
        if was is None:
            continue
        had = _params(was)
        for param in sorted(names & _params(func) - had):
            if not _off_by_default(func, param) or _named(was, param):
                continue
            old_tests = {ast.unparse(t) for t in _tests(was)}
            for test in _tests(func):
                rest = _rest(test, param)
                if rest is not None and rest in old_tests:
                    yield Opted(qualname, path, param, _slot(qualname, func, param), rest, test.lineno)
                    break


def _params(func: _Def) -> set[str]:
    return {a.arg for a in func.args.posonlyargs + func.args.args + func.args.kwonlyargs}


def _named(func: _Def, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(func))


def _off_by_default(func: _Def, param: str) -> bool:
    """The parameter defaults to ``False`` or ``None``."""
    args = func.args
    positional = args.posonlyargs + args.args
    pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]
    return any(a.arg == param and isinstance(d, ast.Constant) and d.value in (False, None) for a, d in pairs)


def _tests(func: _Def) -> Iterator[ast.expr]:
    for node in own_nodes(func.body):
        if isinstance(node, ast.If):
            yield node.test


def _rest(test: ast.expr, param: str) -> str | None:
    """The text of the other conjuncts when ``test`` is an ``and`` holding the bare ``param``."""
    if not isinstance(test, ast.BoolOp) or not isinstance(test.op, ast.And):
        return None
    others = [v for v in test.values if not (isinstance(v, ast.Name) and v.id == param)]
    if len(others) == len(test.values) or not others:
        return None
    return ast.unparse(others[0] if len(others) == 1 else ast.BoolOp(ast.And(), others))


def _slot(qualname: str, func: _Def, param: str) -> int:
    positional = [a.arg for a in func.args.posonlyargs + func.args.args]
    if param not in positional:
        return -1
    bound = "." in qualname and bool(positional) and positional[0] in ("self", "cls")
    return positional.index(param) - (1 if bound else 0)


def _called_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _calls(module: ast.Module, owned: set[int], names: set[str]) -> Iterator[tuple[ast.Call, str]]:
    """Fork-owned calls of one of ``names`` (not through ``super()``), with the name of the def they are in."""
    bodies: list[tuple[str, list[ast.stmt]]] = [("", module.body)]
    bodies += [(f.name, f.body) for f in ast.walk(module) if isinstance(f, _Def)]
    for inside, body in bodies:
        for node in own_nodes(body):
            if not isinstance(node, ast.Call) or node.lineno not in owned or _called_name(node) not in names:
                continue
            receiver = node.func.value if isinstance(node.func, ast.Attribute) else None
            if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super":
                continue
            yield node, inside


def _names_home(text: str, o: Opted) -> bool:
    """The fork's module names the def's class (a method) or its module (a function): the call may be of it."""
    if o.owner:
        return bool(re.search(rf"\b{re.escape(o.owner)}\b", text))
    module = o.path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
    return module in text or bool(re.search(rf"\bimport\b[^\n]*\b{re.escape(module.rsplit('.', 1)[-1])}\b", text))


def _passes(call: ast.Call, o: Opted) -> bool:
    """The call passes the parameter (by keyword or at its place) or may (``*args``, ``**kwargs``)."""
    if any(k.arg in (o.param, None) for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args):
        return True
    return 0 <= o.slot < len(call.args)


def _finding(trees: ThreeTrees, path: str, line: int, o: Opted, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(o.path, whole_word(o.param), pr_pattern, most=5)
    message = (
        f"fork-owned call of {o.qualname} leaves out {o.param}, which upstream added off by default: its "
        f"`if {o.rest}:` branch, which ran for every caller, now runs only when {o.param} is passed "
        f"({o.path}:{o.line}{commit}); this call no longer gets it: pass {o.param}=True if it relied on it"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, line, message)
