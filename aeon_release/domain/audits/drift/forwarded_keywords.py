"""Forwarded-keyword drift: upstream now passes a keyword itself into the call its ``**kwargs`` are spread into.

#37920 (54b0578ada) gave ``maybe_override_with_speculators`` an ``hf_token`` parameter and passed ``token=hf_token``
to ``PretrainedConfig.get_config_dict(..., token=hf_token, **without_trust_remote_code(kwargs))``.  A fork's
``maybe_override_with_speculators(model=..., tokenizer=..., trust_remote_code=False, token=fleet_token)`` merges
cleanly: its ``token`` lands in ``kwargs`` as before, and the call now raises ``TypeError: got multiple values
for keyword argument 'token'`` on the first draft it resolves.

A def *forwards a keyword twice* when, upstream, it takes ``**kw`` and a call in its own body spreads ``kw``
(``**kw``, or ``**f(kw)`` -- a filter) beside an explicit keyword ``k`` that the base's calls of the same callee
in that def did not pass, ``k`` is no parameter of the def (a fork's ``k=`` would bind there), and the def
neither pops nor deletes ``k`` from ``kw``.  A fork-owned call of the def (read through the file's imports, a
module attribute, or a class named as the receiver, see ``drift/callees.py``) passing ``k=`` by name is an
error; a warning when the spread goes through a filter whose def is out of sight or quotes ``k`` (it may drop
it), the call's receiver is only a guess, or the call is one spelling of a fallback (review103: in a ``try``
whose ``except TypeError`` tries another, in such a handler, or under a probe of the callee's signature).

Cheap first: only when a fork-owned call passes ``k=`` (a fork line matching ``k=`` first, then the call in the
merged file: an assignment ``k = ...`` reads as a keyword to a line's pattern) and an upstream diff adds a line
passing the same ``k=``; then only those upstream files are parsed, and only the defs spreading their ``**kwargs``
beside such a ``k=`` are read at the base (perf45).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.bound_returns import reached
from aeon_release.domain.audits.drift.callees import Callee, loose, resolve, scope_of
from aeon_release.domain.audits.drift.fallbacks import call_guarded
from aeon_release.domain.audits.drift.nulled_attributes import assigned_targets
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, method_defs, parent_map, parse_python, walk_spanning

__all__ = ["RULE", "forwarded_keyword_drift"]

_Def = ast.FunctionDef | ast.AsyncFunctionDef
# a keyword passed by name on a line: ``token=hf_token`` (not ``==``, not an annotation's default alone)
_KEYWORD = lazy_pattern(r"(?:^|[(,])[ \t]*([A-Za-z_]\w*)[ \t]*=(?!=)")


@dataclass(frozen=True)
class Doubled:
    """``qualname`` (in ``path``) now passes ``keyword`` itself beside its spread ``**kwargs``."""

    path: str
    qualname: str
    keyword: str
    sure: bool  # the spread is the bare ``**kwargs`` or a filter of the file that does not quote the keyword

    @property
    def name(self) -> str:
        return self.qualname.rpartition(".")[2]


def forwarded_keyword_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork calls passing by name a keyword a def upstream now passes itself beside the ``**kwargs`` it spreads."""
    passed = _passed(trees, _fork_keywords(trees))
    doubled = _doubled(trees, set().union(*passed.values())) if passed else []
    if not doubled:
        return []
    findings = []
    for path in sorted(passed):
        module = trees.merged_module(path)
        if module is not None:
            findings += _calls(trees, path, module, doubled, pr_pattern)
    return findings


def _fork_keywords(trees: ThreeTrees) -> dict[str, set[str]]:
    """Fork path -> the keywords its added lines pass by name."""
    return {
        path: {k for line in change.added.values() for k in _KEYWORD.findall(line)}
        for path, change in trees.mine.items()
        if path.endswith(".py")
    }


def _passed(trees: ThreeTrees, forked: dict[str, set[str]]) -> dict[str, set[str]]:
    """Fork path (one whose added lines match a keyword) -> the keywords of ``forked`` (any file's) that a
    fork-owned call of its merged file passes by name: what ``_calls`` can find there.  The line pattern also
    takes an assignment (``result = f(...)``, ``b, c = g()``), which passes none: drift_speed's carries bind
    ``a``, ``c``, ``result`` and the like, and their scan of each changed upstream file's added lines was this
    check's whole cost (perf45).  The merged files are parsed once for every check (``merged_module``), and only
    their parts spanning the fork's lines are walked."""
    wanted = set().union(*forked.values())
    passed = {}
    for path in sorted(p for p, found in forked.items() if found):
        module = trees.merged_module(path)
        owned = trees.owned_lines(path) if module is not None else set()
        names = {
            k.arg
            for node in (walk_spanning(module, owned) if module is not None and owned else ())
            if isinstance(node, ast.Call)
            for k in node.keywords
            if k.arg is not None and k.arg in wanted and k.value.lineno in owned
        }
        if names:
            passed[path] = names
    return passed


def _doubled(trees: ThreeTrees, wanted: set[str]) -> list[Doubled]:
    """The defs of upstream's changed files that now pass a keyword of ``wanted`` beside their spread."""
    paths = [
        path
        for path, change in trees.upstream.items()
        if path.endswith(".py") and _passes_one(change.added.values(), wanted)
    ]
    found = []
    for path, old_module, new_module in parsed_versions(trees, paths):
        old = dict(method_defs(old_module.body))  # (an absent file: no def)
        for qualname, func in method_defs(new_module.body):
            if qualname in old:
                pairs = _new_keywords(old[qualname], func, trees, new_module, wanted)
                found += [Doubled(path, qualname, k, sure) for k, sure in pairs]
    return found


def _passes_one(lines: Iterable[str], wanted: set[str]) -> bool:
    """Whether one of ``lines`` passes by name a keyword of ``wanted``.  Only a line holding ``=`` is matched (each
    of ``_KEYWORD``'s matches holds one), and the first keyword wanted ends the file's scan: the pattern over every
    added line of each changed upstream file was this check's whole cost (perf38: 6,482 lines, ~6.5 ms at 80
    commits)."""
    return any(k in wanted for line in lines if "=" in line for k in _KEYWORD.findall(line))


def _new_keywords(
    old: _Def, new: _Def, trees: ThreeTrees, module: ast.Module, wanted: set[str]
) -> Iterator[tuple[str, bool]]:
    """The keywords of ``wanted`` ``new`` passes beside a spread of its ``**kwargs`` that ``old``'s calls of the
    same callee did not, with whether the spread surely keeps them (bare, or through a filter read that does not
    quote them).  ``old`` and the pops are read only when a spread call of ``new`` passes one of ``wanted``."""
    kwargs = new.args.kwarg.arg if new.args.kwarg is not None else None
    if kwargs is None or old.args.kwarg is None:
        return
    params = {a.arg for a in (*new.args.posonlyargs, *new.args.args, *new.args.kwonlyargs)}
    calls = [(callee, named & wanted - params, spread) for callee, named, spread in _spread_calls(new, kwargs)]
    if not any(named for _, named, _ in calls):
        return
    before: dict[str, set[str]] = {}
    for callee, named, _ in _spread_calls(old, old.args.kwarg.arg):
        before.setdefault(callee, set()).update(named)
    dropped, rebound = _dropped(new, kwargs), _rebound(new, kwargs)
    for callee, named, spread in calls:
        if callee not in before:
            continue  # a call the base did not spread into: the fork's keyword never reached it
        for keyword in sorted(named - before[callee] - dropped):
            yield keyword, not rebound and (not spread or _keeps(trees, module, spread, keyword))


def _rebound(func: _Def, kwargs: str) -> bool:
    """The def binds ``kwargs`` anew (``kwargs = {k: v for k, v in kwargs.items() if k != "token"}``) or pops a
    key it computes: what it spreads may no longer hold the keyword (readF), so the doubled keyword is only a
    warning."""
    rebinds = any(
        isinstance(node, ast.stmt) and any(isinstance(t, ast.Name) and t.id == kwargs for t in assigned_targets(node))
        for node in own_nodes(func.body)
    )
    # a pop or delete by a key that is no literal (``for k in SECRET: kwargs.pop(k, None)``) may take it out too
    return rebinds or any(not isinstance(key, ast.Constant) for key in _removed_keys(func, kwargs))


def _spread_calls(func: _Def, kwargs: str) -> list[tuple[str, frozenset[str], str]]:
    """(callee, its explicit keywords, the filter's name or "" for a bare spread) for each call in the def's own
    body spreading ``**kwargs`` (bare, or as ``**f(kwargs)``)."""
    found = []
    for node in own_nodes(func.body):
        if isinstance(node, ast.Call):
            for spread in _spreads(node, kwargs):
                named = frozenset(k.arg for k in node.keywords if k.arg is not None)
                found.append((ast.unparse(node.func), named, spread))
    return found


def _spreads(call: ast.Call, kwargs: str) -> Iterator[str]:
    """ "" for a bare ``**kwargs`` the call spreads, the filter's name for a ``**f(kwargs)``."""
    for keyword in call.keywords:
        value = keyword.value
        if keyword.arg is not None:
            continue
        if isinstance(value, ast.Name) and value.id == kwargs:
            yield ""
        elif isinstance(value, ast.Call) and any(isinstance(a, ast.Name) and a.id == kwargs for a in value.args):
            yield ast.unparse(value.func)


def _dropped(func: _Def, kwargs: str) -> set[str]:
    """The keys the def pops or deletes from ``kwargs`` (``kwargs.pop("k", None)``, ``del kwargs["k"]``)."""
    return {str(key.value) for key in _removed_keys(func, kwargs) if isinstance(key, ast.Constant)}


def _removed_keys(func: _Def, kwargs: str) -> Iterator[ast.expr]:
    """The key of each pop or delete of ``kwargs`` in the def's own body."""
    for node in own_nodes(func.body):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "pop":
            target, args = node.func.value, node.args
        elif isinstance(node, ast.Delete) and node.targets and isinstance(node.targets[0], ast.Subscript):
            target, args = node.targets[0].value, [node.targets[0].slice]
        else:
            continue
        if isinstance(target, ast.Name) and target.id == kwargs and args:
            yield args[0]


def _keeps(trees: ThreeTrees, module: ast.Module, spread: str, keyword: str) -> bool:
    """A filter def (of the file, or of the module the file imports it from) that never quotes the keyword
    keeps it; one out of sight may drop it."""
    name = spread.rpartition(".")[2]
    defs = [f for _, f in method_defs(module.body) if f.name == name]
    source = scope_of(module).imported.get(name, ("", ""))[0] if not defs else ""
    if source:
        path = source.replace(".", "/") + ".py"
        other = parse_python(trees.blobs(trees.theirs, [path])[path] or "", path)
        defs = [f for _, f in method_defs(other.body) if f.name == name] if other is not None else []
    quoted = {n.value for f in defs for n in ast.walk(f) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    return bool(defs) and keyword not in quoted


def _calls(trees: ThreeTrees, path: str, module: ast.Module, doubled: list[Doubled], pr_pattern: str) -> list[Finding]:
    """The fork-owned calls in ``path`` reaching a doubled def with its keyword passed by name."""
    owned, scope, parents = trees.owned_lines(path), scope_of(module), parent_map(module)
    by_name: dict[str, list[Doubled]] = {}
    for d in doubled:
        by_name.setdefault(d.name, []).append(d)
    findings = []
    for enclosing, call in _fork_calls(module):
        for keyword in call.keywords:
            if keyword.arg is None or keyword.value.lineno not in owned:
                continue
            callee = resolve(call.func, scope, enclosing)
            hit = _reached(trees, callee, by_name, keyword.arg) if callee is not None else None
            if hit is not None and callee is not None:
                # review103: ``try: f(..., hf_token=t)`` / ``except TypeError: f(..., token=t)`` (or a probe of
                # f's signature): the fork wrote both spellings, and which one runs is not read here
                guarded = call_guarded(call, parents)
                sure = hit.sure and not loose(callee, hit.path) and not guarded
                findings.append(_finding(trees, path, keyword, hit, sure, pr_pattern, guarded))
    return findings


def _fork_calls(module: ast.Module) -> Iterator[tuple[_Def | None, ast.Call]]:
    """Each call of the file with the def it sits in (None at module level)."""
    seen: set[int] = set()
    for _, func in method_defs(module.body):
        for node in own_nodes(func.body):
            if isinstance(node, ast.Call):
                seen.add(id(node))
                yield func, node
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and id(node) not in seen:
            yield None, node


def _reached(trees: ThreeTrees, callee: Callee, by_name: dict[str, list[Doubled]], keyword: str) -> Doubled | None:
    """The doubled def the call reaches for this keyword: off a class named as the receiver, that class's def;
    else a def of the module the name is imported from."""
    return next((d for d in reached(trees, callee, by_name.get(callee.name, [])) if d.keyword == keyword), None)


def _finding(
    trees: ThreeTrees, path: str, keyword: ast.keyword, hit: Doubled, sure: bool, pr_pattern: str, guarded: bool
) -> Finding:
    commit = trees.upstream_commit(hit.path, f"{hit.keyword}=", pr_pattern, most=5)
    why = "; the call sits in a fallback for another spelling (a try/except TypeError, a signature probe)"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if sure else Severity.WARNING,
        path,
        keyword.value.lineno,
        f"fork-owned call passes {hit.keyword}= to {hit.qualname}(), which upstream now passes {hit.keyword}= "
        f"itself beside the **kwargs it forwards ({hit.path}{commit}): TypeError, got multiple values for "
        f"keyword argument {hit.keyword!r}; pass it the way upstream takes it now (a parameter of its own?)"
        + (why if guarded else ""),
    )
