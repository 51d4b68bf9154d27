"""Parameter key drift: a key the fork writes into a dict it hands an upstream function that read the key off
that parameter at the merge base and reads it there no more.

One reading for a key upstream's function still quotes and one it names nowhere.  #25706 moved the flat
``config.json`` format's excluded layers, in ``ModelOptFp8Config.from_config`` and
``ModelOptNvFp4Config.from_config``, from ``config.get("exclude_modules")`` to ``config.get("ignore")``; #35047
moved its KV-cache algorithm from ``config.get("kv_cache_quant_algo")`` to a ``"kv_cache_scheme"`` dict.  The
nested format still reads both words (off another dict), so the key lives on upstream and unread key drift
(``unread_keys.py``), which asks that no upstream file quote it, keeps quiet.  #9250 made ``get_rope`` read
``rope_scaling["rope_type"]`` only, and #39565 made ``MoRIIOConnectorMetadata.add_new_req`` parse the peer's
host from the request id: keys named nowhere now (symbol drift's older "key nobody reads", joined here by
mend66: the two doubled, then split by "still quoted", which left #39565's ``super().add_new_req(...)`` read by
neither).  A fork's ``ModelOptNvFp4Config.from_config({"quant_algo": "NVFP4", "exclude_modules": [...]})``, a
subclass's ``config["kv_cache_quant_algo"] = "FP8"`` before ``super().from_config(config)``, a
``rope_scaling["type"] = "deepseek_yarn"`` merges cleanly and its value is silently dropped.

Upstream's side: a function or method of a changed file outside tests, of the same qualified name at both
sides, whose body read a string key off one of its parameters at the merge base (``p["k"]``, ``p.get("k")``,
``p.pop("k")``, ``"k" in p``, also through a local bound to ``p``) and reads it off that parameter no more,
while it still reads some key off it (a reader by key); the parameter kept in its slot, handed whole (unpacked,
iterated, copied) to no callee at upstream that the base did not hand it to, nor stored past the function (on an
attribute, in a container, returned): a new helper, or a later method reading ``self.config``, may read the key
now; nor handed to a function of its own module, or one it imports from another of the project's (mend71),
that reads the key (``_apply(opts)`` may read it for it).

The fork's side, on lines it owns: a call of that function -- a top-level function imported from upstream's
module, or called off that module (``rotary_embedding.get_rope``); a classmethod or staticmethod off a class
imported from it (or off the module), or off a fork class deriving from one without a method of the name of its
own (the owner found through the upstream file's bases); ``super().name()``, ``self.name()`` or ``cls.name()``
in such a fork class; a method off a local its function annotates or builds as one such class (``meta: Meta``,
``meta = Meta()``) -- handing the parameter (by position or keyword) a dict display, a ``dict(k=...)`` call, or a
name the calling function binds to one or fills (``n["k"] = ...``, ``n.setdefault("k", ...)``,
``n.update({...})``).  An error on the key's line: the value is silently ignored.  Quiet where the fork's dict
also holds a key read in the dropped one's stead (one upstream's function newly reads off the parameter, or one
the base read beside it in an alternative: ``d["type"] if "type" in d else d["rope_type"]``): it writes both
spellings; where it is updated from a mapping not known here; under a version test; and where upstream emptied
the function (a bare ``raise``, ``pass``): it reads no key now, and emptied drift (``emptied.py``) reports the
call with what a handler around it does.  A warning where the call sits in a ``try`` catching ``KeyError``: the
handler may take the new spelling (review95).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial

from aeon_release.domain.audits.drift.callees import scope_of
from aeon_release.domain.audits.drift.emptied import emptied
from aeon_release.domain.audits.drift.fallbacks import handler_catches, version_gated
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.drift.unread_keys import INSPECTS, key_reads
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    TEST_PATH,
    child_blocks,
    imported_from,
    last_name,
    lazy_pattern,
    own_scope_nodes,
    parameter_names,
    parent_map,
    parse_python,
    str_value,
    walk_defs,
)

_Def = ast.FunctionDef | ast.AsyncFunctionDef
_QUOTED = lazy_pattern(r"""["']([A-Za-z_]\w{2,})["']""")
_KEYWORD = lazy_pattern(r"\b([A-Za-z_]\w{2,})\s*=(?!=)")
_FILES_READ = 30  # upstream files parsed for dropped parameter reads, at most
_DEPTH = 8  # base classes followed, at most
# a handler naming these around the call may take the new key; not ``Exception`` or a bare ``except``: a
# defensive catch-all is no fallback for a key read by ``get`` (#25706's ``config.get("ignore")`` raises nothing)
_KEY_ERRORS = frozenset({"KeyError", "LookupError"})


@dataclass(frozen=True)
class Dropped:
    """``owner.name`` (``owner`` "" for a top-level function) of upstream's ``path`` read ``keys`` off its
    parameter ``param`` (positional ``slot`` after ``self``/``cls``, -1 keyword-only) at the base and no
    longer does; it reads ``new`` off it now that it did not then."""

    path: str
    owner: str
    name: str
    kind: str  # "function", "method", "classmethod", "staticmethod"
    param: str
    slot: int
    keys: frozenset[str]
    new: frozenset[str]
    stead: tuple[tuple[str, frozenset[str]], ...]  # (a dropped key, the keys read now in its stead)

    def instead(self, key: str) -> frozenset[str]:
        """The keys upstream's function reads off the parameter now in ``key``'s stead: one it newly reads, or
        one the base read beside ``key`` (``d["type"] if "type" in d else d["rope_type"]``, #9250)."""
        return next((keys for k, keys in self.stead if k == key), frozenset()) | self.new


@dataclass(frozen=True)
class _Key:
    key: str
    line: int


def param_key_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork-owned keys handed in a dict to an upstream function that no longer reads them off that parameter."""
    written = _fork_keys(trees)
    dropped, modules = _dropped(trees, written) if written else ([], {})
    if not dropped:
        return []
    keys = {key for d in dropped for key in d.keys}
    findings: list[Finding] = []
    for path in sorted(trees.mine):
        change = trees.mine[path]
        if not path.endswith(".py") or TEST_PATH.search(path):
            continue
        if keys.intersection(_change_words(change.added.values())):
            findings += _file_findings(trees, path, dropped, modules, pr_pattern)
    return findings


def _fork_keys(trees: ThreeTrees) -> set[str]:
    """The quoted words on the fork's added lines of its Python files outside tests."""
    return {
        word
        for path, change in trees.mine.items()
        if path.endswith(".py") and not TEST_PATH.search(path)
        for word in _change_words(change.added.values())
    }


def _change_words(lines: Iterable[str]) -> set[str]:
    """The quoted words of a file's added lines, and their keywords' names where one of them builds or
    updates a dict by keyword (``dict(level=3)``): a keyword may sit on a line of its own (review95:
    ``dict(transfer_id=rid,`` then ``remote_host=host))``)."""
    added = list(lines)
    words = {word for line in added for word in _QUOTED.findall(line)}
    if any("dict(" in line or ".update(" in line for line in added):
        words |= {word for line in added for word in _KEYWORD.findall(line)}
    return words


def _dropped(trees: ThreeTrees, words: set[str]) -> tuple[list[Dropped], dict[str, ast.Module]]:
    """The dropped parameter reads of upstream's changed files, and those files parsed at upstream."""
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py")
        and not TEST_PATH.search(p)
        and any(words.intersection(_QUOTED.findall(line)) for line in trees.upstream[p].removed)
    ][:_FILES_READ]
    befores, afters = (trees.blobs(trees.base, paths), trees.blobs(trees.theirs, paths)) if paths else ({}, {})
    found: list[Dropped] = []
    modules: dict[str, ast.Module] = {}
    for path in paths:
        old = parse_python(befores[path] or "", path) if befores[path] else None
        new = parse_python(afters[path] or "", path) if afters[path] else None
        if old is not None and new is not None:
            found += _dropped_in(path, old, new, partial(_read_abroad, trees, path, afters[path] or "", new))
            modules[path] = new
    return found, modules


def _dropped_in(
    path: str, old: ast.Module, new: ast.Module, abroad: Callable[[set[str]], set[str]]
) -> Iterator[Dropped]:
    now = {qual: node for qual, node in walk_defs(new) if isinstance(node, _Def)}
    for qual, before in walk_defs(old):
        after = now.get(qual)
        if not isinstance(before, _Def) or after is None or emptied(before, after) is not None:
            continue  # an emptied function reads nothing now: emptied drift says so, once (#50902's ``send``)
        owner, _, name = qual.rpartition(".")
        kind = _kind(before, owner)
        kept_params = set(_params(after, _kind(after, owner)))
        for param, slot in _params(before, kind):
            if (param, slot) not in kept_params:
                continue
            read_then, read_now = _reads(before, param), _reads(after, param)
            # a function that reads no key off the parameter now is no longer a reader by key (#9250's
            # ``get_rope`` still reads ``"rope_type"``): what it does with the dict is not this check's to say
            uses = _whole_uses(after, param)
            gone = read_then - read_now - _read_by(new, uses)
            gone -= abroad(uses) if gone else set()
            if gone and read_now and "kept" not in uses and uses <= _whole_uses(before, param):
                stead = tuple((key, frozenset(_beside(before, param, key) & read_now)) for key in sorted(gone))
                new_keys = frozenset(read_now - read_then)
                yield Dropped(path, owner, name, kind, param, slot, frozenset(gone), new_keys, stead)


def _read_by(module: ast.Module, callees: set[str]) -> set[str]:
    """The string keys the module's own functions of these names read, off any dict: upstream's function
    still hands its parameter whole to one (``_apply(opts)``), which may read the key it no longer reads
    itself (the older "key nobody reads" was quiet for any hand-on; #25706's ``cls.get_from_keys(config,
    ...)``, defined in another file, is not one of these)."""
    if not callees:
        return set()
    return {
        key
        for _, node in walk_defs(module)
        if isinstance(node, _Def) and node.name in callees
        for inner in ast.walk(node)
        for key, _ in key_reads(inner)
    }


def _read_abroad(trees: ThreeTrees, path: str, text: str, module: ast.Module, callees: set[str]) -> set[str]:
    """The string keys the functions of these names that ``module`` imports from another of the project's
    modules read at upstream, off any dict (mend71: a read moved into a helper of another file the base already
    handed the parameter to is still a read, as ``_read_by``'s same-file one is)."""
    imported = scope_of(module).imported  # bound name -> (module, its name there): ``import f as g`` read back
    homes = {name: imported_from(text, name, path) for name in callees if imported.get(name, ("", ""))[1]}
    paths = sorted({home for found in homes.values() for home in found if home != path})
    texts = trees.blobs(trees.theirs, paths) if paths else {}
    keys: set[str] = set()
    for name, found in homes.items():
        for home in (h for h in found if texts.get(h)):
            parsed = parse_python(texts[home] or "", home)
            keys |= _read_by(parsed, {imported[name][1]}) if parsed is not None else set()
    return keys


def _beside(fn: _Def, param: str, key: str) -> set[str]:
    """The other keys ``fn`` reads off ``param`` in an alternative with ``key``: a conditional expression
    (``d["type"] if "type" in d else d["rope_type"]``, #9250), an ``or``/``and``, a ``get``'s default, an
    ``if``/``while`` test.  Not a statement's other reads: #39565's ``ReqMeta(transfer_id=p["transfer_id"],
    remote_host=p["remote_host"], ...)`` reads each key for itself."""
    beside: set[str] = set()
    names = _aliases(fn, param)
    for node in own_scope_nodes(fn):
        part = node.test if isinstance(node, ast.If | ast.While) else node
        if part is not node or isinstance(part, ast.IfExp | ast.BoolOp) or _defaulted(part):
            keys = _reads_in([part, *own_scope_nodes(part)], names)
            beside |= keys - {key} if key in keys else set()
    return beside


def _defaulted(node: ast.AST) -> bool:
    """``d.get("k", default)``/``d.pop("k", default)``: the default may read the key's alternative."""
    return isinstance(node, ast.Call) and last_name(node.func) in ("get", "pop") and len(node.args) == 2


def _kind(fn: _Def, owner: str) -> str:
    decorators = {last_name(d) for d in fn.decorator_list}
    if not owner:
        return "function"
    return next((d for d in ("classmethod", "staticmethod") if d in decorators), "method")


def _params(fn: _Def, kind: str) -> Iterator[tuple[str, int]]:
    """(name, positional slot after ``self``/``cls``) of each parameter; -1 for a keyword-only one."""
    positional = [*fn.args.posonlyargs, *fn.args.args]
    if kind in ("method", "classmethod"):
        positional = positional[1:]
    yield from ((arg.arg, index) for index, arg in enumerate(positional))
    yield from ((arg.arg, -1) for arg in fn.args.kwonlyargs)


def _aliases(fn: _Def, param: str) -> set[str]:
    """``param`` and the locals bound to it as it is (``cfg = config``)."""
    names = {param}
    for node in own_scope_nodes(fn):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id in names:
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _reads(fn: _Def, param: str) -> set[str]:
    """The string keys ``fn`` reads off ``param`` or a local bound to it."""
    return _reads_in(own_scope_nodes(fn), _aliases(fn, param))


def _reads_in(nodes: Iterable[ast.AST], names: set[str]) -> set[str]:
    return {
        key for node in nodes for key, holder in key_reads(node) if isinstance(holder, ast.Name) and holder.id in names
    }


def _whole_uses(fn: _Def, param: str) -> set[str]:
    """How the function takes the parameter whole: the callees it hands it to, ``**``, iteration."""
    names = _aliases(fn, param)

    def held(expr: ast.expr) -> bool:
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
            return expr.func.attr in ("items", "keys", "values", "copy") and held(expr.func.value)
        return isinstance(expr, ast.Name) and expr.id in names

    uses = set()
    for node in own_scope_nodes(fn):
        if isinstance(node, ast.Call):
            handed = [*node.args, *(k.value for k in node.keywords)]
            if any(k.arg is None and held(k.value) for k in node.keywords):
                uses.add("**")
            elif any(held(a) for a in handed) and last_name(node.func) not in INSPECTS:
                uses.add(last_name(node.func) or "?")
        elif isinstance(node, ast.Dict) and any(k is None and held(v) for k, v in zip(node.keys, node.values)):
            uses.add("**")
        elif isinstance(node, ast.For | ast.comprehension) and held(node.iter):
            uses.add("for")
        elif _kept(node, held):
            uses.add("kept")  # ``self.config = config``, ``return config``: read later, elsewhere
    return uses


def _kept(node: ast.AST, held: Callable[[ast.expr], bool]) -> bool:
    """The node stores the parameter past the function (an attribute, a subscript, a display) or hands it
    back (``return``/``yield``)."""
    if isinstance(node, ast.Assign) and held(node.value):
        return any(not isinstance(t, ast.Name) for t in node.targets)
    if isinstance(node, ast.Return | ast.Yield) and node.value is not None:
        return held(node.value)
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        return any(held(e) for e in node.elts)
    return isinstance(node, ast.Dict) and any(v is not None and held(v) for v in node.values)


def _file_findings(
    trees: ThreeTrees, path: str, dropped: list[Dropped], modules: dict[str, ast.Module], pr_pattern: str
) -> list[Finding]:
    module, text, owned = trees.merged_module(path), trees.merged_text(path), trees.owned_lines(path)
    if module is None or text is None or not owned:
        return []
    parents = parent_map(module)
    resolver = _Resolver(module, text, path, {d.path: modules[d.path] for d in dropped})
    findings = []
    for scope, call, classes in _calls(module):
        for target in resolver.targets(call, classes, scope):
            for slot in (d for d in dropped if (d.path, d.owner, d.name) == target):
                arg = _argument(call, slot)
                held = _held_keys(scope, arg, call, parents) if arg is not None else []
                if not held or version_gated(call, parents):
                    continue
                caught = _caught_around(call, scope, parents)
                findings += [
                    _finding(trees, path, k, slot, pr_pattern, _why_warned(_read_back(scope, arg, k.key, call), caught))
                    for k in held
                    if _counts(k, slot, owned, {h.key for h in held})
                ]
    return findings


def _counts(key: _Key, slot: Dropped, owned: set[int], held: set[str]) -> bool:
    """A fork-owned key upstream's function dropped, the dict not also holding a key read in its stead (written
    for both sides: review14's ``scaling["rope_type"] = scaling.pop("type")`` on #9250)."""
    return key.key in slot.keys and key.line in owned and not slot.instead(key.key) & held


def _calls(module: ast.Module) -> Iterator[tuple[ast.AST, ast.Call, list[ast.ClassDef]]]:
    """(the scope a call sits in, the call, the classes around it, innermost first)."""
    stack: list[tuple[ast.AST, list[ast.ClassDef]]] = [(module, [])]
    while stack:
        scope, classes = stack.pop()
        for node in own_scope_nodes(scope):
            if isinstance(node, ast.Call):
                yield scope, node, classes
            elif isinstance(node, ast.ClassDef):
                stack.append((node, [node, *classes]))
            elif isinstance(node, _Def | ast.Lambda):
                stack.append((node, classes))


class _Resolver:
    """Which upstream function a fork call reaches: (upstream path, owner class, name)."""

    def __init__(self, module: ast.Module, text: str, path: str, upstream: dict[str, ast.Module]) -> None:
        self.text, self.path, self.upstream = text, path, upstream
        self.classes = {n.name: n for n in module.body if isinstance(n, ast.ClassDef)}
        self.modules = scope_of(module).modules

    def targets(self, call: ast.Call, classes: list[ast.ClassDef], scope: ast.AST) -> Iterator[tuple[str, str, str]]:
        func = call.func
        if isinstance(func, ast.Name) and (home := self._home(func.id)):
            yield home, "", func.id
        if not isinstance(func, ast.Attribute):
            return
        receiver = func.value
        if isinstance(receiver, ast.Call) and last_name(receiver.func) == "super" and classes:
            yield from self._bases_owner(classes[0], func.attr)
        elif isinstance(receiver, ast.Name) and receiver.id in ("self", "cls") and classes:
            if not _defines(classes[0], func.attr):
                yield from self._bases_owner(classes[0], func.attr)
        elif isinstance(receiver, ast.Name):
            yield from self._owner(_instance_of(scope, receiver.id) or receiver.id, func.attr, 0)
            yield from ((path, "", func.attr) for path in self._module(receiver.id, scope))
        elif isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name):
            for path in self._module(receiver.value.id, scope):  # ``rope.RotaryEmbedding.from_config(...)``
                if owner := _upstream_owner(self.upstream[path], receiver.attr, func.attr):
                    yield path, owner, func.attr

    def _module(self, name: str, scope: ast.AST) -> Iterator[str]:
        """The upstream file among ``self.upstream`` that ``name`` is bound to as a module (``import a.b as m``,
        ``from a import b``): symbol drift's older "key nobody reads" followed ``rotary_embedding.get_rope(...)``.
        Not where the calling function binds the name itself (review95: a parameter ``rotary_embedding:
        AeonRopeTable`` holds the fork's own object)."""
        if _stores(scope, name) or (isinstance(scope, _Def) and name in parameter_names(scope.args)):
            return
        dotted = self.modules.get(name, "").replace(".", "/")
        yield from (p for p in (f"{dotted}.py", f"{dotted}/__init__.py") if dotted and p in self.upstream)

    def _home(self, name: str) -> str | None:
        """The upstream file among ``self.upstream`` the module imports ``name`` from."""
        return next((p for p in imported_from(self.text, name, self.path) if p in self.upstream), None)

    def _bases_owner(self, cls: ast.ClassDef, method: str) -> Iterator[tuple[str, str, str]]:
        for base in cls.bases:
            yield from self._owner(last_name(base), method, 1)

    def _owner(self, name: str, method: str, depth: int) -> Iterator[tuple[str, str, str]]:
        """The first class defining ``method`` from ``name`` up: a fork class's own stops the search."""
        fork = self.classes.get(name)
        if fork is not None and depth < _DEPTH:
            if not _defines(fork, method):
                yield from (t for base in fork.bases for t in self._owner(last_name(base), method, depth + 1))
            return
        home = self._home(name)
        if home is not None and (owner := _upstream_owner(self.upstream[home], name, method)):
            yield home, owner, method


def _instance_of(scope: ast.AST, name: str) -> str | None:
    """The class ``name`` holds an instance of in ``scope``: its parameter's annotation (``meta: Meta``), or
    the one class every binding of it there calls (``meta = Meta()``).  Symbol drift's older "key nobody reads"
    followed ``meta.add_new_req(...)`` off either.  Every binding must say the same class (review95: a
    parameter annotated with upstream's class re-bound to the fork's subclass, or a ``for`` re-binding the
    local, holds another class at the call)."""
    made: list[str] = []
    if isinstance(scope, _Def):
        params = [*scope.args.posonlyargs, *scope.args.args, *scope.args.kwonlyargs]
        made += [last_name(a.annotation) if a.annotation is not None else "" for a in params if a.arg == name]
    assigns = [
        node
        for node in own_scope_nodes(scope)
        if isinstance(node, ast.Assign) and any(_is_name(t, name) for t in node.targets)
    ]
    if len(assigns) != len(_stores(scope, name)):
        return None  # a ``for``, a ``with``, an unpacking binds it too: not known here
    made += [last_name(node.value.func) if isinstance(node.value, ast.Call) else "" for node in assigns]
    return made[0] or None if made and len(set(made)) == 1 else None


def _stores(scope: ast.AST, name: str) -> list[ast.Name]:
    """The stores of ``name`` in ``scope``'s own body."""
    return [
        n for n in own_scope_nodes(scope) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
    ]


def _defines(cls: ast.ClassDef, method: str) -> bool:
    return any(isinstance(n, _Def) and n.name == method for n in cls.body)


def _upstream_owner(module: ast.Module, name: str, method: str) -> str | None:
    """The class of ``module``, from ``name`` up its bases in that file, that defines ``method``."""
    classes = {n.name: n for n in module.body if isinstance(n, ast.ClassDef)}
    todo, seen = [name], set()
    while todo:
        current = todo.pop(0)
        cls = classes.get(current)
        if cls is None or current in seen:
            continue
        seen.add(current)
        if _defines(cls, method):
            return current
        todo += [last_name(b) for b in cls.bases]
    return None


def _argument(call: ast.Call, slot: Dropped) -> ast.expr | None:
    keyword = next((k.value for k in call.keywords if k.arg == slot.param), None)
    if keyword is not None or slot.slot < 0:
        return keyword
    if any(isinstance(a, ast.Starred) for a in call.args[: slot.slot + 1]):
        return None
    return call.args[slot.slot] if slot.slot < len(call.args) else None


def _held_keys(scope: ast.AST, arg: ast.expr, call: ast.Call, parents: dict[int, ast.AST]) -> list[_Key]:
    """The string keys the dict handed as ``arg`` holds, each on the line that writes it; not those written
    into a dict the name is re-bound from before the call (review91: ``cfg = {"quantization": cfg}`` nests
    the flat dict's keys one level down, where the nested format still reads them), nor those written after
    the call outside a loop."""
    if not isinstance(arg, ast.Name):
        return list(_display_keys(arg))
    nodes = list(own_scope_nodes(scope))
    cuts = [n for n in nodes if isinstance(n, ast.Assign) and _rebinds(n, arg.id)]
    end = (call.end_lineno or call.lineno) if not _looped(call, scope, parents) else None
    found: list[_Key] = []
    for node in nodes:
        if end is not None and getattr(node, "lineno", 0) > end:
            continue  # review91: written after the call (the fork's own record), no loop brings it back
        keys, opened = _written_into(node, arg.id), _opened(node, arg.id)
        if (keys or opened) and any(_replaced(cut, node, call, parents) for cut in cuts):
            continue
        if opened:
            return []  # review14: ``scaling.update(checkpoint_scaling)`` may hold the key read in the old one's stead
        found += keys
    return found


def _opened(node: ast.AST, name: str) -> bool:
    """``node`` updates the dict ``name`` from a mapping not known here (``n.update(other)``, ``n.update(**o)``,
    ``n |= other``): it may hold any key."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "update":
        if _is_name(node.func.value, name):
            return any(k.arg is None for k in node.keywords) or not all(_display(a) for a in node.args[:1])
    if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.BitOr) and _is_name(node.target, name):
        return not _display(node.value)
    return False


def _display(expr: ast.expr) -> bool:
    """A dict display, or ``dict(k=...)``: every key it gives is written here."""
    if isinstance(expr, ast.Call):
        return isinstance(expr.func, ast.Name) and expr.func.id == "dict" and not expr.args
    return isinstance(expr, ast.Dict)


def _looped(node: ast.AST, scope: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """A ``for``/``while`` of ``scope`` holds ``node``: a later line may run before its next run."""
    up = parents.get(id(node))
    while up is not None and up is not scope:
        if isinstance(up, ast.For | ast.AsyncFor | ast.While):
            return True
        up = parents.get(id(up))
    return False


def _rebinds(node: ast.Assign, name: str) -> bool:
    """``name = value`` where ``value`` is another dict than the one ``name`` held, not a copy of it
    (``dict(name)``, ``name.copy()``, ``{**name}``, ``name | {...}``) nor a call handed it (it may return it)."""
    if not any(_is_name(t, name) for t in node.targets):
        return False
    return not _carries(node.value, name)


def _carries(value: ast.expr, name: str) -> bool:
    if isinstance(value, ast.Call):
        handed = [*value.args, *(k.value for k in value.keywords)]
        receiver = value.func.value if isinstance(value.func, ast.Attribute) else None
        return any(_is_name(a, name) for a in handed) or (receiver is not None and _is_name(receiver, name))
    if isinstance(value, ast.Dict):
        return any(k is None and _is_name(v, name) for k, v in zip(value.keys, value.values))
    if isinstance(value, ast.BinOp):
        return any(_is_name(side, name) or _carries(side, name) for side in (value.left, value.right))
    return _is_name(value, name)


def _replaced(cut: ast.stmt, write: ast.AST, call: ast.Call, parents: dict[int, ast.AST]) -> bool:
    """``cut`` runs after ``write`` and before ``call`` whenever both run: the three sit in one block (or
    blocks it holds) in that order, ``cut`` in the block itself."""
    parent = parents.get(id(cut))
    blocks = list(child_blocks(parent)) if isinstance(parent, ast.stmt) else [getattr(parent, "body", [])]
    block = next((b for b in blocks if any(s is cut for s in b)), None)
    if block is None:
        return False
    at = next(i for i, s in enumerate(block) if s is cut)
    before, after = _position(block, write, parents), _position(block, call, parents)
    return before is not None and after is not None and before < at < after


def _position(block: list[ast.stmt], node: ast.AST | None, parents: dict[int, ast.AST]) -> int | None:
    """The index in ``block`` of the statement holding ``node``, if one does."""
    while node is not None:
        index = next((i for i, s in enumerate(block) if s is node), None)
        if index is not None:
            return index
        node = parents.get(id(node))
    return None


def _read_back(scope: ast.AST, arg: ast.expr | None, key: str, call: ast.Call) -> int | None:
    """The line where the calling scope reads ``key`` back off the handed dict after the call (review91:
    ``quant.exclude_modules = cfg["exclude_modules"]`` applies the fork's value itself)."""
    if not isinstance(arg, ast.Name):
        return None
    end = call.end_lineno or call.lineno
    for node in own_scope_nodes(scope):
        if getattr(node, "lineno", 0) > end and any(k == key and _is_name(h, arg.id) for k, h in key_reads(node)):
            return int(getattr(node, "lineno", 0))
    return None


def _display_keys(expr: ast.expr) -> Iterator[_Key]:
    if isinstance(expr, ast.Dict):
        yield from (_Key(k, key.lineno) for key in expr.keys if key is not None and (k := str_value(key)))
    elif isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "dict":
        yield from (_Key(k.arg, k.value.lineno) for k in expr.keywords if k.arg)
        for arg in expr.args[:1]:
            yield from _display_keys(arg)


def _written_into(node: ast.AST, name: str) -> list[_Key]:
    """Keys ``node`` writes into the dict named ``name``: a binding to a display, ``n["k"] =``,
    ``n.setdefault("k", ...)``, ``n.update({...})``/``n.update(k=...)``, ``n |= {...}``."""
    if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
        return list(_display_keys(node.value))
    if isinstance(node, ast.Assign | ast.AugAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        keys = [_Key(k, t.lineno) for t in targets if (k := _subscript_key(t, name))]
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            keys += _display_keys(node.value)
        return keys
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _is_name(node.func.value, name):
        if node.func.attr == "setdefault" and node.args and (k := str_value(node.args[0])):
            return [_Key(k, node.args[0].lineno)]
        if node.func.attr == "update":
            return [*(_Key(kw.arg, kw.value.lineno) for kw in node.keywords if kw.arg)] + [
                key for arg in node.args[:1] for key in _display_keys(arg)
            ]
    return []


def _subscript_key(target: ast.expr, name: str) -> str | None:
    """``"k"`` of a store ``name["k"]``."""
    if isinstance(target, ast.Subscript) and _is_name(target.value, name):
        return str_value(target.slice)
    return None


def _is_name(expr: ast.expr, name: str) -> bool:
    return isinstance(expr, ast.Name) and expr.id == name


def _caught_around(call: ast.Call, scope: ast.AST, parents: dict[int, ast.AST]) -> int | None:
    """The line of a ``try`` of the calling scope whose body holds the call and whose handler catches a
    ``KeyError`` by name (or ``LookupError``): upstream's function may now raise on the key it
    reads in the dropped one's stead, and the handler take the new spelling (review95 on #9250: ``get_rope(...,
    {"type": ...})`` then ``except KeyError: get_rope(..., {"rope_type": ...})``)."""
    child: ast.AST = call
    node = parents.get(id(call))
    while node is not None and node is not scope:
        if isinstance(node, ast.Try) and child in node.body:
            if any(handler_catches(h.type, _KEY_ERRORS, bare=False) for h in node.handlers):
                return node.lineno
        child, node = node, parents.get(id(node))
    return None


def _why_warned(read_back: int | None, caught: int | None) -> str | None:
    """Why a dropped key is a warning, not an error: the fork reads it back after the call (review91), or a
    handler of ``KeyError`` around the call may take the new spelling (review95)."""
    if read_back is not None:
        return f"the fork reads it back after the call (line {read_back}): check that it applies the value itself"
    if caught is not None:
        return (
            f"the call sits in a try whose handler catches KeyError (line {caught}): check that the handler "
            "takes the key upstream reads now"
        )
    return None


def _finding(trees: ThreeTrees, path: str, key: _Key, slot: Dropped, pr_pattern: str, why: str | None) -> Finding:
    word = rf"[\"']{re.escape(key.key)}[\"']"
    commit = trees.upstream_commit(slot.path, word, pr_pattern, most=5)
    function = f"{slot.owner}.{slot.name}" if slot.owner else slot.name
    now = f"; it reads {', '.join(repr(k) for k in sorted(slot.new))} off it now" if slot.new else ""
    told = (
        f"upstream's {slot.name} read it off {slot.param} at the merge base and no longer does ({slot.path}{commit})"
        f"{now}"
    )
    if why is not None:  # the fork may apply the value itself, or its handler the new key: a warning, not a block
        message = f"fork-owned key {key.key!r} handed to {function}() in {slot.param}: {told}; {why}"
        return Finding(RULE, "merge", Severity.WARNING, path, key.line, message)
    message = (
        f"fork-owned key {key.key!r} handed to {function}() in {slot.param}: {told}: the fork's value is "
        "silently ignored; write the key upstream reads now, or drop the carry"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, key.line, message)
