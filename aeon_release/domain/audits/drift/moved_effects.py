"""Moved effects: a method that wrote through what it was handed, and now leaves that to a new method.

#25954 took the KV-cache write out of ``FlashAttentionImpl.forward``: the old method ran
``reshape_and_cache_flash(key, value, key_cache, value_cache, ...)`` on the ``kv_cache`` it was handed, then
attended; the new one only attends, and a new ``do_kv_cache_update`` does the write, which the attention layer
now calls first.  #35422 and #35384 did the same to the FlashInfer and tree impls.  A fork that calls an impl's
``forward`` itself (its own layer, a drafter scoring candidates) merges cleanly and attends over a cache the new
tokens never reached: wrong output, no error.  Upstream does this whenever it splits a step out of a method its
own callers now run apart (to reorder it, to fuse it, to skip it).

Upstream's side: a class of a changed module whose method (not ``__init__``) kept its name and, at the base, ran a
call as a statement (its value unused: run for what it does) handing on a parameter of the method or a name bound
from one (the effect lands on the caller's object), and, at upstream, runs no call of that function (by its last
name) itself nor through the class's own methods it calls on ``self``, while a method the class did not have at the
base runs it as a statement; and upstream calls that new method (``.new(``) somewhere outside the class: its callers
run the step apart now.  A call of a logger's, ``print``, ``warnings.warn`` is no effect on the caller's data.

The fork's side, on a line it owns: a call ``recv.method(...)`` of such a method where ``recv`` is a parameter
annotated with the class (imported from its module; alone or with None), a local or ``self.attr`` the fork binds
to ``Cls(...)`` (in the function, or in a method of the same fork class), or ``self`` in a fork subclass listing
it first among its bases (a mixin ahead may define the method), from a method of another name, in a subclass
that defines neither method.  Quiet where the fork runs the step beside the call, as the new spelling does: the
function calls the new method or the moved function itself, or names the new method (``getattr(impl, "new",
None)``), or calls a helper doing so (a function or method of the fork's module; a function of upstream's that
calls ``.new(``, like the attention layer's own update op); or a method of the function's class does (a layer
whose callers run its update and its attention apart, as upstream's layer does; a wrapper delegating both); or a
name the module binds to a callable running it is called (review124: ``write = lambda: impl.new(...)``, a
``partial``, the bound method aliased).

The new home may be another class's (killers218): #34627 took the KV-cache write (``ops.concat_and_cache_mla(...)``)
out of ``MLAAttention.forward_impl`` into the impl's new ``do_kv_cache_update`` (another module's class), which the
layer's own ``forward`` now calls on ``self.impl`` before ``forward_impl``.  A fork layer subclass whose ``forward``
calls ``self.forward_impl(...)`` itself merges cleanly and never writes the cache.  Found where a changed module's
diff removed a line opening with the step and added none, another changed module's diff added a ``def`` of a method
its base did not define whose text runs the step, the first module's diff calls ``.new(``, and a method of the class
itself (not the one that lost the step) calls ``.new(`` at upstream: the class's own callers run the step apart.
Its wrappers too: a top-level function of the class's module that calls ``.method(`` and not ``.new(``, which a
function of the module running ``.new(`` calls by name (``unified_mla_attention_with_output``, the custom op the
layer's ``forward`` calls after the update op); a fork call of it (``torch.ops.<ns>.name(...)``, the name imported
from the module, or the module's attribute) from a function that does not run the step is an error as well.  Only
a module some fork line imports from (or whose package it imports from), or (mend77) that defines a function a
fork line calls as a custom op (``torch.ops.<ns>.name(``), is asked: reading every changed module's diff whole
cost ~0.6 s at 500 commits.

Pure but for reading the three trees and, where upstream's diff adds no caller of a new method found, one ``git
grep`` for its name.
"""

from __future__ import annotations

import ast
import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES, TEST_FOLDERS
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts, fork_found, gateable, parsed_texts
from aeon_release.domain.audits.drift.stopped_writes import (
    annotated_class,
    class_origin,
    is_name,
    own_methods,
    top_classes,
)
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, own_scope_nodes, parameter_names, parse_python

_MOST_FILES = 32
# a changed line opening with a call (``write(...)``, ``torch.ops.x.y(``): a step run for what it does
_STEP = lazy_pattern(r"^[ \t]+([A-Za-z_][\w.]*)\(")
# a method's ``def`` line (indented)
_METHOD = lazy_pattern(r"[ \t]+(?:async[ \t]+)?def[ \t]+(\w+)\(")
_CALLED = lazy_pattern(r"\.(\w+)\(")
# a fork line's call of a custom op (``torch.ops.<ns>.unified_attention(``): the op's name
_OP_CALL = lazy_pattern(r"\btorch\.ops\.\w+\.(\w+)\(")
_MOST_OPS = 32  # op names looked up (one git grep for all)
# a method's ``def`` in a whole text, found from its word (a literal the regex engine scans for), the line's
# opening checked apart
_DEF_WORD = lazy_pattern(r"def[ \t]+(\w+)\(")
_INDENT = lazy_pattern(r"[ \t]+(?:async[ \t]+)?")
# a call's dotted name (``torch.ops.x.write(``), and a line's opening before one run as a statement
_CALL_NAMES = lazy_pattern(r"([A-Za-z_][\w.]*)\(")
_OPENING = lazy_pattern(r"[ \t]+(?:[A-Za-z_][\w.]*\.)?")
_ANY_DEF = lazy_pattern(r"^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)\(", re.MULTILINE)
# a unified diff's added ``def`` of a method (indented), and the calls its added and removed lines open with
# the module a line imports from or imports (``from a.b import c``, ``import a.b``)
_IMPORTED = lazy_pattern(r"^[ \t]*(?:from|import)[ \t]+([\w.]+)")
_ADDED_STEP = lazy_pattern(r"^\+[ \t]+([A-Za-z_][\w.]*)\(", re.MULTILINE)
_REMOVED_STEP = lazy_pattern(r"^-[ \t]+([A-Za-z_][\w.]*)\(", re.MULTILINE)
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
# calls run for a message, not for what they do to the caller's data
_TALKERS = frozenset({"logger", "logging", "log", "warnings", "print"})
# a call on the object itself (``self.stats.record(x)``, ``super().step(x)``) changes the object's own state:
# stopped-write drift's ground, not a write onto what the caller handed in
_OWN = frozenset({"self", "cls", "super"})


@dataclass(frozen=True)
class Moved:
    path: str  # upstream's module
    cls: str
    method: str  # the method that no longer runs the step
    new: str  # the method the class gained that runs it now
    callee: str  # the step, as upstream spelt the call's function
    # upstream's functions (by name, outside its tests) that call the new method: a fork running one of them
    # (the attention layer's own update op) runs the step
    runners: frozenset[str] = frozenset()
    home: str = ""  # the module of another class whose new method runs the step ("": the class's own)
    # upstream's top-level functions of the class's module that call the method and not the new one, which a
    # runner of the module calls (the layer's custom op, called by its ``forward`` after the update op)
    wrappers: frozenset[str] = frozenset()


# (module dotted, class) -> method -> what moved out of it
Found = dict[tuple[str, str], dict[str, Moved]]


def moved_effect_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    found = _called_apart(trees, _moved(trees))
    if not found:
        return []
    methods = {m for by_method in found.values() for m in by_method}
    wrappers = {w for by_method in found.values() for moved in by_method.values() for w in moved.wrappers}
    findings = []
    for path, module, owned in fork_modules(
        trees, lambda line: any(f".{m}(" in line for m in methods) or any(f"{w}(" in line for w in wrappers)
    ):
        imports = file_imports(module, path)
        calls = {(line, recv): moved for line, recv, moved in _fork_calls(module, imports, found) if line in owned}
        calls |= {(line, ""): moved for line, moved in _wrapper_calls(module, imports, found) if line in owned}
        findings += [
            _finding(trees, path, line, recv, moved, pr_pattern) for (line, recv), moved in sorted(calls.items())
        ]
    return findings


def _moved(trees: ThreeTrees) -> Found:
    words = frozenset(fork_found(trees, _CALLED, tests=True))  # what a fork line calls as a method
    if not words:
        return {}
    defs: dict[str, set[str]] = {}
    added = _candidates(trees, defs)
    before, after = both_texts(trees, sorted(added))
    # a method the base defined that a fork line calls, one a ``def`` line upstream added that the base did not
    # define, and a call in the new one's text that opens a line of the base's (the step, run as a statement):
    # nothing else can be found, and the parses are the check's cost
    ranked = {path: _may_move(trees, path, before[path] or "", after[path] or "", added[path], words) for path in added}
    # at most _MOST_FILES parses: first the files whose new method calls what a removed line called (a step moved
    # as git shows it), so that a large release's many new methods crowd out no real move
    paths = sorted((p for p, rank in ranked.items() if rank is not None), key=lambda p: (ranked[p], p))
    found: Found = {}
    abroad = _abroad(trees, defs)
    paths = [*paths[:_MOST_FILES], *sorted(p for p in abroad if p not in paths[:_MOST_FILES])[:_MOST_FILES]]
    for both in parsed_texts(trees, paths):
        olds_, news = top_classes(both.old), top_classes(both.new)
        for name in olds_.keys() & news.keys():
            by_method = _moved_in(both.path, olds_[name], news[name], words, abroad.get(both.path, {}))
            if by_method:
                found[(dotted_name(both.path, roots=("",)), name)] = by_method
    return found


def _abroad(trees: ThreeTrees, defs: dict[str, set[str]]) -> dict[str, dict[str, tuple[str, str]]]:
    """path -> the step (last name) a changed module's diff removed a line opening with and added none -> (the new
    method of another changed module whose text runs it, that module), where the first module's diff calls
    ``.new(``: a step moved to another class's new method (killers218, #34627).  Only a module a fork line imports
    from is asked (its class is what the fork calls; reading every diff whole costs ~0.1 s at 500 commits), and
    only the modules (``defs``: each module's added method names) defining a new method it calls are read, at both
    sides (a ``def`` line git shows as added may be a kept method's)."""
    imported = {m.rstrip(".") for m in fork_found(trees, _IMPORTED, tests=True)} | _op_homes(trees)
    found: dict[str, dict[str, tuple[str, str]]] = {}
    homes: dict[tuple[str, str], set[str]] = {}  # (host, new method) -> the calls its text runs
    for path in trees.upstream if imported and defs else ():
        dotted = dotted_name(path, roots=("",)) if path.endswith(".py") else ""
        if not dotted or (dotted not in imported and dotted.rpartition(".")[0] not in imported):
            continue  # (``from a import b`` may import the module ``a.b``)
        raw = trees.upstream.raw(path)
        gone = {_last_name_of(c) for c in _REMOVED_STEP.findall(raw)}
        if gone:
            gone -= {_last_name_of(c) for c in _ADDED_STEP.findall(raw)}
        called = set(_CALLED.findall("\n".join(trees.upstream[path].added.values()))) if gone else set()
        hosts = sorted(h for h, names in defs.items() if h != path and names & called)
        steps = {h: _host_steps(trees.upstream.raw(h)) & gone for h in hosts[:_MOST_FILES]}
        moved = _homes_of(trees, [h for h in hosts[:_MOST_FILES] if steps[h]], defs, called, gone, homes)
        if moved:
            found[path] = moved
    return found


def _op_homes(trees: ThreeTrees) -> set[str]:
    """The changed modules (dotted) defining a function a fork line calls as a custom op, ``torch.ops.<ns>.name(``
    (registered under the function's name): a fork file calling the op alone imports nothing of the module, and
    the op's wrapper of a moved method is found there all the same (mend77, #34627's lone
    ``torch.ops.<ns>.unified_mla_attention_with_output(...)``).  One ``git grep`` of upstream's ``def`` lines,
    only where a fork line calls a custom op."""
    ops = sorted(n for n in fork_found(trees, _OP_CALL, tests=True) if n.isidentifier())
    if not ops:
        return set()
    changed = {p for p in trees.upstream if p.endswith(".py")}
    sites = repo.definition_sites(trees.repo, trees.theirs, ops[:_MOST_OPS], [PYTHON_FILES])
    return {dotted_name(path, roots=("",)) for found in sites.values() for path, _ in found if path in changed}


def _host_steps(raw: str) -> set[str]:
    """The last names of the calls a diff's added lines open with, but those on the object itself or a logger."""
    return {_last_name_of(c) for c in _ADDED_STEP.findall(raw) if c.split(".", 1)[0] not in _OWN | _TALKERS}


def _homes_of(
    trees: ThreeTrees,
    hosts: list[str],
    defs: dict[str, set[str]],
    called: set[str],
    gone: set[str],
    homes: dict[tuple[str, str], set[str]],
) -> dict[str, tuple[str, str]]:
    """step -> (a new method of one of ``hosts`` the moving module ``called``, its host) whose text runs the step
    (``homes`` caches each method's calls)."""
    if not hosts:
        return {}
    before, after = both_texts(trees, [h for h in hosts if (h, "") not in homes])
    moved: dict[str, tuple[str, str]] = {}
    for host in hosts:
        if (host, "") not in homes:
            homes[(host, "")] = set()
            news = defs[host] - _defined(before[host] or "")
            for name in sorted(news):
                homes[(host, name)] = _home_calls(after[host] or "", {name})
        for name in sorted(defs[host] & called):
            for step in sorted(homes.get((host, name), set()) & gone):
                moved.setdefault(step, (name, host))
    return moved


def _candidates(trees: ThreeTrees, defs: dict[str, set[str]] | None = None) -> dict[str, set[str]]:
    """Upstream's changed modules (outside its tests) with the names of the methods their diff adds a ``def`` line
    of, where a removed line also opens with a call (a step that may have moved) and a call of that name opens an
    added line too (the step run again, in its new home; a block git shows as moved text instead still leaves the
    lines it moved past removed and added alike).  ``defs`` gets every module's added method names (the homes a
    step moved abroad may have)."""
    found: dict[str, set[str]] = {}
    for path in trees.upstream:
        if not path.endswith(".py") or path.split("/", 1)[0] in TEST_FOLDERS:
            continue
        diff = trees.upstream[path]
        names = {m.group(1) for line in diff.added.values() if "def" in line and (m := _METHOD.match(line))}
        if names and defs is not None:
            defs[path] = names
        removed = {_step(line) for line in diff.removed if "(" in line} - {""} if names else set()
        if removed and any("(" in line and _step(line) in removed for line in diff.added.values()):
            found[path] = names
    return found


def _may_move(
    trees: ThreeTrees, path: str, old_text: str, new_text: str, added: set[str], words: frozenset[str]
) -> int | None:
    """None where nothing can have moved; else 0 where a call a new method makes opens a removed line too, 1 where
    it only opens a line of the base's (git may show a moved block as kept, the lines it moved past as changed)."""
    if not (gateable(old_text) and gateable(new_text)):
        return 1  # a name the parser folds may hide from the regexes
    old = _defined(old_text)
    news = added - old
    if not news or words.isdisjoint(old):
        return None
    homes = {callee for callee in _home_calls(new_text, news) if _opens_a_line(old_text, callee)}
    if not homes:
        return None
    return 0 if any(_step(line) in homes for line in trees.upstream[path].removed if "(" in line) else 1


def _home_calls(text: str, news: set[str]) -> set[str]:
    """The last names of the calls in the text of the methods ``news`` (from each ``def`` to the next one indented
    no deeper), but those on the object itself or a logger: what a new method may run as a moved step."""
    defs = [(m, len(opening)) for m, opening in _method_defs(text)]
    found: set[str] = set()
    for i, (m, depth) in enumerate(defs):
        if m.group(1) not in news:
            continue
        end = next((later.start() for later, deeper in defs[i + 1 :] if deeper <= depth), len(text))
        for dotted in _CALL_NAMES.findall(text, m.end(), end):
            root, _, last = dotted.rpartition(".")
            if root.split(".", 1)[0] not in _OWN | _TALKERS:
                found.add(last)
    return found


def _opens_a_line(text: str, callee: str) -> bool:
    """Whether a line of ``text`` opens with a call of ``callee`` (``write(``, ``ops.cache.write(``)."""
    needle, at = callee + "(", text.find(callee + "(")
    while at >= 0:
        if _OPENING.fullmatch(text, text.rfind("\n", 0, at) + 1, at):
            return True
        at = text.find(needle, at + 1)
    return False


def _step(line: str) -> str:
    """The last name of the call ``line`` opens with (``torch.ops.x.write(`` -> ``write``), or ""."""
    m = _STEP.match(line)
    return m.group(1).rpartition(".")[2] if m is not None else ""


def _defined(text: str) -> set[str]:
    """The names ``text`` defines on an indented ``def`` line (a method's)."""
    return {m.group(1) for m, _ in _method_defs(text)}


def _method_defs(text: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each indented ``def`` line's match, with its opening (the indentation, ``async``); the regex finds the word
    ``def`` first and the opening is checked after (a pattern anchored at each line's start is tried at every
    character)."""
    for m in _DEF_WORD.finditer(text):
        opening = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
        if opening[:1] in (" ", "\t") and _INDENT.fullmatch(opening):
            yield m, opening


def _moved_in(
    path: str,
    old: ast.ClassDef,
    new: ast.ClassDef,
    words: frozenset[str],
    abroad: dict[str, tuple[str, str]] | None = None,
) -> dict[str, Moved]:
    """The class's kept methods (a fork line calls) whose step moved: into a method the class gained, or
    (``abroad``: step -> (new method, its module)) into another class's new method that one of this class's
    own methods now calls."""
    olds, news = own_methods(old), own_methods(new)
    added = {name: news[name] for name in news.keys() - olds.keys()}
    found: dict[str, Moved] = {}
    if not added and not abroad:
        return found  # most classes a release touches gain no method
    homes: dict[str, str] | None = None  # walked once, only for a class whose kept method ran a step
    held: set[str] | None = None
    # a step moved abroad may be reached through a wrapper of the method (a custom op) no fork line names
    asked = olds.keys() & news.keys() if abroad else olds.keys() & news.keys() & words
    for name in sorted(asked - {"__init__"}):
        effects = _effects(olds[name], handed=True)
        reached = _reached(news[name], news) if effects else None
        if reached is None and effects and abroad:
            # a step moved to another class's method: a held callable the base's method called as well was no
            # home of the step then (the base ran it beside the call), nor is it now
            moved = _moved_abroad(
                path, new, name, effects, news, _reached(news[name], news, _self_calls(olds[name])), abroad
            )
            if moved is not None:
                found[name] = moved
            continue
        if reached is None:
            continue
        homes = {c: n for n, func in added.items() for c in _effects(func, handed=False)} if homes is None else homes
        still = {last_name(c.func) for func in reached for c in _calls(func)}
        for callee in effects:
            home = homes.get(callee)
            if home is None:
                moved = _moved_abroad(path, new, name, [callee], news, reached, abroad or {})
                if moved is not None:
                    found[name] = moved
                    break
                continue
            if {_last_name_of(callee), home} & still:
                continue
            held = _held(new) if held is None else held  # one walk of the class, only for a candidate
            if home not in held:
                found[name] = Moved(path, new.name, name, home, callee)
                break
    return found


def _moved_abroad(
    path: str,
    cls: ast.ClassDef,
    method: str,
    effects: list[str],
    news: dict[str, ast.FunctionDef | ast.AsyncFunctionDef],
    reached: list[ast.FunctionDef | ast.AsyncFunctionDef] | None,
    abroad: dict[str, tuple[str, str]],
) -> Moved | None:
    """The move of one of ``effects`` out of ``method`` (``reached``: it and the class's methods it calls; None
    when it calls a member whose text cannot be read) into another class's new method, where a method of the
    class itself (not ``method``) calls ``.new(`` now: the class's own callers run the step apart."""
    if reached is None:
        return None
    still = {last_name(c.func) for func in reached for c in _calls(func)}
    for callee in effects:
        new, home = abroad.get(_last_name_of(callee), ("", ""))
        if not new or {_last_name_of(callee), new} & still:
            continue
        if any(name != method and _runs(f, {new}) for name, f in news.items()):
            return Moved(path, cls.name, method, new, callee, home=home)
    return None


def _self_calls(func: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    """The members ``func`` calls on ``self`` (``self.quant(x)``)."""
    return frozenset(
        c.func.attr for c in _calls(func) if isinstance(c.func, ast.Attribute) and is_name(c.func.value, "self")
    )


def _held(cls: ast.ClassDef) -> set[str]:
    """The methods the class reads as values (``self._fn = self._prepare``, ``partial(self._step, ...)``): a
    call of the value may run one without naming it."""
    nodes = list(ast.walk(cls))
    calls = {id(n.func) for n in nodes if isinstance(n, ast.Call)}
    return {
        n.attr
        for n in nodes
        if isinstance(n, ast.Attribute)
        and is_name(n.value, "self")
        and isinstance(n.ctx, ast.Load)
        and id(n) not in calls
    }


def _effects(func: ast.FunctionDef | ast.AsyncFunctionDef, handed: bool) -> list[str]:
    """The callee as written of each call ``func`` runs as a statement (its value unused) in its own body (not
    a nested ``def`` or ``lambda``): a function of a module or a class -- not a method of an object the function
    holds (``out.append(x)``, ``cache.copy_(y)``: a common name, no step of its own) nor of the object itself,
    nor a logger's or a warning's.  With ``handed``, only the calls handing on a parameter or a name the function
    binds from one (what the call writes lands on the caller's data)."""
    nodes = list(own_scope_nodes(func))  # one walk of the body, for the calls and the names alike
    calls = [
        node.value
        for node in nodes
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Call)
        and last_name(node.value.func)
        and _root(node.value.func) not in _OWN | _TALKERS
        and last_name(node.value.func) != "warn"
    ]
    if not calls:
        return []  # most methods run no statement call of a function: no names to collect
    local = _bound(func, nodes)
    derived = _derived(func, nodes) if handed else set()
    found: list[str] = []
    for call in calls:
        if _root(call.func) in local:
            continue
        if handed and not any(_root(a) in derived for a in [*call.args, *(k.value for k in call.keywords)]):
            continue
        found.append(ast.unparse(call.func))
    return found


def _bound(func: ast.FunctionDef | ast.AsyncFunctionDef, nodes: list[ast.AST]) -> set[str]:
    """The names ``func`` binds (``nodes``: its own body's): its parameters but ``self``/``cls``, and each name it
    stores."""
    names = set(parameter_names(func.args))
    names |= {n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return names - {"self", "cls"}


def _derived(func: ast.FunctionDef | ast.AsyncFunctionDef, nodes: list[ast.AST]) -> set[str]:
    """The function's parameters but ``self``/``cls``, and the names it binds (``a, b = kv.unbind(0)``) from a
    value reaching one of them (``nodes``: its own body's)."""
    args = func.args
    names = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs] if a.arg not in ("self", "cls")}
    binds = [n for n in nodes if isinstance(n, ast.Assign)]
    for _ in range(2):  # a chain of two bindings (``kv = cache[i]``, then ``k, v = kv.unbind(0)``)
        for node in binds:
            if any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node.value)):
                names |= {t.id for target in node.targets for t in ast.walk(target) if isinstance(t, ast.Name)}
    return names


def _calls(func: ast.AST) -> Iterator[ast.Call]:
    return (n for n in own_scope_nodes(func) if isinstance(n, ast.Call))


def _reached(
    method: ast.FunctionDef | ast.AsyncFunctionDef,
    methods: dict[str, ast.FunctionDef | ast.AsyncFunctionDef],
    known: frozenset[str] = frozenset(),
) -> list[ast.FunctionDef | ast.AsyncFunctionDef] | None:
    """``method`` and the class's own methods it calls on ``self``, transitively; None when one calls a
    ``self.`` member the class does not define (a base's method, a callable field), which may run the step.
    Unlike stopped_writes' walk, a call of a held callable field stops it too: such a field may run the step --
    but for ``known`` members (a held callable the base's method called as well)."""
    seen: set[str] = set()
    todo, found = [method], []
    while todo:
        func = todo.pop()
        if func.name in seen:
            continue
        seen.add(func.name)
        found.append(func)
        for c in _calls(func):
            if isinstance(c.func, ast.Attribute) and is_name(c.func.value, "self"):
                if c.func.attr in methods:
                    todo.append(methods[c.func.attr])
                elif c.func.attr not in known:
                    return None
    return found


def _called_apart(trees: ThreeTrees, found: Found) -> Found:
    """Of ``found``, the moves whose new method upstream calls outside its class (``.new(`` in another file, or
    in the class's own file outside the class): its callers run the step apart now.  The release's diff answers
    first (a caller written with the move); else one ``git grep`` a name (a caller of a namesake on another class,
    written before: the attention layer calling ``impl.do_kv_cache_update`` of whichever impl)."""
    kept: Found = {}
    for key, by_method in found.items():
        for name, moved in by_method.items():
            callers = _callers(trees, moved.new)
            # a step moved abroad was kept only where the class's own method calls the new one (``_moved_abroad``)
            if not moved.home and not _outside(trees, moved, callers):
                callers = trees.python_files_with((f".{moved.new}(",))
                if not _outside(trees, moved, callers):
                    continue
            runners = _runners(trees, moved, callers)
            kept.setdefault(key, {})[name] = replace(moved, runners=runners, wrappers=_wrappers(trees, moved, runners))
    return kept


def _wrappers(trees: ThreeTrees, moved: Moved, runners: frozenset[str]) -> frozenset[str]:
    """The top-level functions of the class's module (at upstream) that call ``.method(`` and not ``.new(``, and
    that a runner of the module (a function calling ``.new(``) calls by name: upstream runs the step before each of
    its own calls of them (killers218: #34627's ``unified_mla_attention_with_output``, called by the layer's
    ``forward`` after the update op).  Text only: each ``def`` spans to the next one."""
    text = trees.blobs(trees.theirs, [moved.path])[moved.path] or ""
    if f".{moved.method}(" not in text:
        return frozenset()
    defs = [(m.start(), m.group(1), m.group(0).startswith(("def", "async"))) for m in _ANY_DEF.finditer(text)]
    spans = [
        (name, top, text[start : defs[i + 1][0] if i + 1 < len(defs) else len(text)])
        for i, (start, name, top) in enumerate(defs)
    ]
    calling = {
        name for name, top, body in spans if top and f".{moved.method}(" in body and f".{moved.new}(" not in body
    }
    calling -= runners
    called = {name for name in calling if any(r in runners and f"{name}(" in body for r, _, body in spans)}
    return frozenset(called)


def _outside(trees: ThreeTrees, moved: Moved, callers: frozenset[str]) -> bool:
    outside = any(p != moved.path and p.split("/", 1)[0] not in TEST_FOLDERS for p in callers)
    return outside or (moved.path in callers and _called_in_module(trees, moved))


def _runners(trees: ThreeTrees, moved: Moved, callers: frozenset[str]) -> frozenset[str]:
    """The names of upstream's functions (outside its tests) whose body calls ``.new(``: each ``.new(`` is taken
    to lie in the nearest ``def`` above it.  Not the method itself (a nested ``forward`` running the update)."""
    paths = sorted(p for p in callers if p.split("/", 1)[0] not in TEST_FOLDERS)
    names: set[str] = set()
    for text in trees.blobs(trees.theirs, paths).values():
        defs = [(m.start(), m.group(1)) for m in _ANY_DEF.finditer(text or "")]
        starts = [start for start, _ in defs]
        for call in re.finditer(rf"\.{moved.new}\(", text or ""):
            at = bisect.bisect(starts, call.start()) - 1
            if at >= 0:
                names.add(defs[at][1])
    return frozenset(names - {moved.method})


def _callers(trees: ThreeTrees, new: str) -> frozenset[str]:
    """Upstream's modules whose diff adds a line calling ``.new(`` (no ``git grep`` of the whole tree)."""
    call = f".{new}("
    return frozenset(
        path
        for path in trees.upstream
        if path.endswith(".py")
        and call in trees.upstream.raw(path)
        and any(call in line for line in trees.upstream[path].added.values())
    )


def _called_in_module(trees: ThreeTrees, moved: Moved) -> bool:
    text = trees.blobs(trees.theirs, [moved.path])[moved.path] or ""
    module = parse_python(text, moved.path)
    if module is None:
        return False
    outside = [s for s in module.body if not (isinstance(s, ast.ClassDef) and s.name == moved.cls)]
    return any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == moved.new
        for s in outside
        for n in ast.walk(s)
    )


def _fork_calls(
    module: ast.Module, imports: dict[str, tuple[str, str]], found: Found
) -> Iterator[tuple[int, str, Moved]]:
    classes = {id(m): cls for cls in ast.walk(module) if isinstance(cls, ast.ClassDef) for m in cls.body}
    for func, receivers in _receivers(module, imports, found):
        cls = classes.get(id(func))
        company = [m for m in cls.body if isinstance(m, _FUNCS)] if cls is not None else [func]
        for call in _calls(func):
            if not isinstance(call.func, ast.Attribute):
                continue
            key = receivers.get(ast.unparse(call.func.value))
            moved = found[key].get(call.func.attr) if key is not None else None
            if moved is None or _runs_step(module, company, moved):
                continue
            if func.name == moved.method and ast.unparse(call.func.value) == "self":
                continue  # an override's own name: upstream's callers reach it, and run the new method first
            yield call.lineno, ast.unparse(call.func.value), moved


def _wrapper_calls(
    module: ast.Module, imports: dict[str, tuple[str, str]], found: Found
) -> Iterator[tuple[int, Moved]]:
    """A fork call of a wrapper of a moved method (``Moved.wrappers``) -- through ``torch.ops.<ns>.name``, a name
    imported from the class's module, or that module's attribute -- where the function (or a method of its class)
    does not run the step."""
    by_name = {
        (key[0], w): moved for key, by_method in found.items() for moved in by_method.values() for w in moved.wrappers
    }
    if not by_name:
        return
    wrapped = {w for _, w in by_name}
    classes = {id(m): cls for cls in ast.walk(module) if isinstance(cls, ast.ClassDef) for m in cls.body}
    for func in (n for n in ast.walk(module) if isinstance(n, _FUNCS)):
        for call in _calls(func):
            name = last_name(call.func)
            if name not in wrapped:
                continue
            moved = next(
                (m for (mod, w), m in by_name.items() if w == name and _names_wrapper(call.func, imports, mod)), None
            )
            cls = classes.get(id(func))
            company = [m for m in cls.body if isinstance(m, _FUNCS)] if cls is not None else [func]
            if moved is not None and not _runs_step(module, company, moved):
                yield call.lineno, moved


def _names_wrapper(func: ast.expr, imports: dict[str, tuple[str, str]], module: str) -> bool:
    """Whether the callee is the wrapper of ``module``: ``torch.ops.<ns>.name`` (a custom op registered under the
    function's name), ``name`` imported from the module, or ``alias.name`` of the module imported."""
    dotted = ast.unparse(func)
    if dotted.startswith("torch.ops.") and dotted.count(".") == 3:
        return True
    if isinstance(func, ast.Name):
        return imports.get(func.id) == (module, func.id)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        source = imports.get(func.value.id)
        return source is not None and (source == (module, "") or ".".join(filter(None, source)) == module)
    return False


def _runs_step(module: ast.Module, company: list[ast.FunctionDef | ast.AsyncFunctionDef], moved: Moved) -> bool:
    """Whether the fork runs the step beside its call of the method: the function, or a method of its class (a
    layer whose own update method its callers run apart, a wrapper delegating the new method), calls the new
    method, names it (``getattr(impl, "new", None)``), calls the step's function, or calls a function of the
    fork's module or of upstream's doing one of those (a helper; upstream's own update op), or a name bound to a
    callable running it (``write = lambda: impl.new(...)``, ``partial(impl.new, ...)``, ``impl.new`` itself)."""
    wanted = {moved.new, _last_name_of(moved.callee)}
    runners = {f.name for f in ast.walk(module) if isinstance(f, _FUNCS) and _runs(f, wanted)} | moved.runners
    runners |= set(_bound_runners(module, wanted))
    return any(_runs(func, wanted | (runners - {moved.method})) for func in company)


def _bound_runners(module: ast.Module, names: set[str]) -> Iterator[str]:
    """Names the module binds to a callable running one of ``names``: a lambda whose body calls it, a
    ``partial`` of it, or the callable itself (review124: ``write = lambda: self.impl.do_kv_cache_update(...)``
    then ``write()``).  Only a call of the bound name counts as running it (``_runs``): a lambda bound and never
    called runs nothing."""
    for node in ast.walk(module):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign | ast.NamedExpr) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name) and _runs_when_called(value, names):
            yield target.id


def _runs_when_called(value: ast.expr, names: set[str]) -> bool:
    if isinstance(value, ast.Lambda):
        return any(isinstance(n, ast.Call) and last_name(n.func) in names for n in ast.walk(value.body))
    if isinstance(value, ast.Call) and last_name(value.func) == "partial" and value.args:
        return last_name(value.args[0]) in names
    return isinstance(value, ast.Attribute) and value.attr in names


def _runs(func: ast.FunctionDef | ast.AsyncFunctionDef, names: set[str]) -> bool:
    for node in own_scope_nodes(func):
        if isinstance(node, ast.Call) and last_name(node.func) in names:
            return True
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
            return True  # ``getattr(impl, "new", None)``: the new method reached by its name
    return False


def _receivers(
    module: ast.Module, imports: dict[str, tuple[str, str]], found: Found
) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, dict[str, tuple[str, str]]]]:
    """Each function with its receivers (as written) of a class whose method moved a step out: parameters
    annotated with it, locals and ``self.attr`` bound to ``Cls(...)``, and ``self`` in a fork subclass listing it
    first among its bases that defines neither the method nor its new home."""
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        own = own_methods(cls)
        attrs = {name: key for m in own.values() for name, key in _built(m, imports, found, "self.")}
        # the first base only: one listed ahead of it (a mixin) is reached first and may define the method
        key = class_origin(cls.bases[0], imports) if cls.bases else None
        if key is not None and key in found and not any(m.method in own or m.new in own for m in found[key].values()):
            attrs["self"] = key
        for method in own.values():
            if attrs:
                yield method, dict(attrs)
    for func in (n for n in ast.walk(module) if isinstance(n, _FUNCS)):
        params = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
        typed = {a.arg: k for a in params if a.annotation is not None and (k := annotated_class(a.annotation, imports))}
        typed |= dict(_built(func, imports, found, ""))
        if typed := {name: key for name, key in typed.items() if key in found}:
            yield func, typed


def _built(
    func: ast.AST, imports: dict[str, tuple[str, str]], found: Found, prefix: str
) -> Iterator[tuple[str, tuple[str, str]]]:
    """``x = Cls(...)`` (``prefix`` "") or ``self.x = Cls(...)`` (``prefix`` "self.") in ``func``: the name bound
    to a class of ``found``."""
    for node in own_scope_nodes(func):
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        key = class_origin(node.value.func, imports)
        if key is None or key not in found:
            continue
        for target in node.targets:
            if prefix and isinstance(target, ast.Attribute) and is_name(target.value, "self"):
                yield f"self.{target.attr}", key
            elif not prefix and isinstance(target, ast.Name):
                yield target.id, key


def _last_name_of(dotted: str) -> str:
    return dotted.rsplit(".", 1)[-1]


def _root(expr: ast.AST) -> str:
    """The name an expression reaches through attributes, items, calls and starred values (``kv[:, 0]`` -> ``kv``)."""
    while isinstance(expr, ast.Attribute | ast.Subscript | ast.Starred | ast.Call):
        expr = expr.func if isinstance(expr, ast.Call) else expr.value
    return expr.id if isinstance(expr, ast.Name) else ""


def _finding(trees: ThreeTrees, path: str, line: int, recv: str, moved: Moved, pr_pattern: str) -> Finding:
    if not recv:
        return _wrapper_finding(trees, path, line, moved, pr_pattern)
    commit = trees.upstream_commit(moved.home or moved.path, rf"def {moved.new}\(", pr_pattern)
    home = f"a new {moved.new} of another class" if moved.home else f"the new {moved.cls}.{moved.new}"
    said = (
        f"calls {recv}.{moved.method}(...), which no longer runs `{moved.callee}(...)` itself: upstream moved that "
        f"step of {moved.cls}.{moved.method} into {home} ({moved.home or moved.path}{commit}), which its "
        f"own callers now call first; here it never runs.  Call {recv}.{moved.new}(...) before, or run the step"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, said)


def _wrapper_finding(trees: ThreeTrees, path: str, line: int, moved: Moved, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(moved.home or moved.path, rf"def {moved.new}\(", pr_pattern)
    said = (
        f"calls one of upstream's wrappers of {moved.cls}.{moved.method} ({', '.join(sorted(moved.wrappers))}), "
        f"whose method no longer runs `{moved.callee}(...)` itself: upstream moved that step into "
        f"{moved.new} ({moved.home or moved.path}{commit}), which its own callers of the wrapper now run first; "
        f"here it never runs.  Run {moved.new}(...) (or upstream's function running it) before, or run the step"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, said)
