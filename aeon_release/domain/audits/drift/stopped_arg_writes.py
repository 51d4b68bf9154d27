"""Stopped argument writes: a method that set an attribute of an object handed to it, and no longer does.

#37467 moved the hybrid models' block alignment out of ``HybridAttentionMambaModelConfig.verify_and_update_config``
into ``Platform.update_block_size_for_backend()``, which runs later, once the model's layers and the attention
backend are known: the fix-up used to end by storing ``cache_config.block_size``, ``mamba_block_size`` and
``mamba_page_size_padded`` on the ``engine_config`` handed to it, and now stores only ``calculate_kv_scales``.  A
fork's ``HybridAttentionMambaModelConfig.verify_and_update_config(engine_config)`` followed by a read of
``engine_config.cache_config.mamba_page_size_padded`` (a memory budget, a page count), or a subclass's override
reading ``block_size`` after ``super().verify_and_update_config(engine_config)``, merges cleanly and now reads the
value from before the alignment: ``None``, or the unaligned default, with no error anywhere.  Stopped-write drift
reads a method's stores on ``self``; this one reads its stores on its parameters.

Upstream's side: a method of a top-level class of a changed module, kept with the same parameters, whose body at
the base stored ``param.a...b = ...`` (directly, through a local every assignment binds to one path off the
parameter, ``cache_config = engine_config.cache_config``, or through a call handing the parameter to a method of a
class of the same module, followed) and at upstream stores that path no more, where upstream's body hands the
parameter (or a path off it) to no call it cannot follow: a logger's call, ``getattr``/``isinstance`` and the like
only read.  The fork's side, on a line it owns: in one function, a read of ``arg.a...b`` below a call of the
method through the class (imported from its module) or through ``super()`` in a class deriving from it directly,
where ``arg`` is the name the call passes for that parameter, with no store of the path nor rebinding of ``arg``
between.  An error: the call no longer sets what the fork reads after it.  A local the fork binds once to a
prefix of the path spells it too.

A value lost (killers164, #50991): a path the method still stores, where every value stored at the base and now
is a constant (or a conditional expression of them) and one the base stored is gone (``mamba_cache_mode`` took
``"all" if ... else "align"``, now ``"align"``): a fork comparison of the path with it (``==``, ``!=``, ``in``)
after the call is a warning -- the value may still come from elsewhere (a user's setting), as a changed default may.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.dict_elements import module_functions
from aeon_release.domain.audits.drift.fallbacks import caught_around, hasattr_ensured
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.retyped import names_bound_once
from aeon_release.domain.audits.drift.sides import (
    ThreeTrees,
    added_names_a_def,
    parsed_texts,
)
from aeon_release.domain.audits.drift.stopped_writes import own_methods, top_classes
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import branches_apart, lazy_pattern, parent_map

_MOST_FILES = 32
_DEPTH = 2  # calls of the module's own methods followed
# a removed line storing an attribute of a name (``cache_config.block_size = ...``)
_ATTR_STORE = lazy_pattern(r"^\s*[A-Za-z_]\w*(?:\.\w+)+\s*(?::[^=]+)?=(?!=)")
# a removed line storing a quoted key of a name (``pre_trained_config["bonus"] = ...``)
_KEY_STORE = lazy_pattern(r"^\s*[A-Za-z_]\w*(?:\.\w+)*\[\s*[\"']([^\"']+)[\"']\s*\]\s*=(?!=)")
_WORD = lazy_pattern(r"\w+")
# callables handed an object that only read it
_READERS = frozenset({"getattr", "hasattr", "isinstance", "issubclass", "type", "len", "id", "str", "repr", "bool"})
_LOGGERS = frozenset({"logger", "logging", "log", "_logger"})
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_ERRORS = frozenset({"AttributeError", "Exception", "BaseException"})
_KEY_ERRORS = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})
# a dict's own methods that may write keys into it (the keys unseen)
_DICT_WRITERS = frozenset({"update", "setdefault", "__setitem__", "__ior__"})
_ANY_KEY = "[?]"  # a chain's step: a key written that no literal names
Path = tuple[int, tuple[str, ...]]  # (the parameter's slot, the attributes off it)
Stores = dict[Path, set[object]]  # a path off a parameter -> the constants stored there
_UNKNOWN = object()  # a value stored that is no constant


@dataclass(frozen=True)
class Lost:
    path: str  # upstream's module
    cls: str
    method: str
    slot: int
    param: str
    chain: tuple[str, ...]
    values: frozenset[object] = frozenset()  # constants the base stored there and upstream stores no more
    now: frozenset[object] = frozenset()  # the constants upstream stores there


def stopped_arg_write_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork reads, after a call of an upstream method, of a path off an argument the method no longer stores."""
    lost = _lost(trees)
    if not lost:
        return []
    methods = {item.method for item in lost}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(f"{m}(" in line for m in methods)):
        imports = file_imports(module, path)
        for line, spelt, item, probe in _fork_reads(module, owned, imports, lost):
            findings.append(_finding(trees, path, line, (spelt, probe), item, pr_pattern))
    return findings


def _lost(trees: ThreeTrees) -> list[Lost]:
    words = trees.fork_words()
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any(_stored_line(line, words) for line in trees.upstream[p].removed)
    ]
    paths = paths[:_MOST_FILES]
    if not paths or not _called(trees, paths):
        return []
    words = trees.fork_words()
    named = _fork_named(trees)
    found: list[Lost] = []
    for both in parsed_texts(trees, paths, lambda old, new: True):
        olds, news = top_classes(both.old), top_classes(both.new)
        for name in olds.keys() & news.keys() & named:  # the fork's call names the class (its import)
            old_methods, new_methods = own_methods(olds[name]), own_methods(news[name])
            for method in sorted(old_methods.keys() & new_methods.keys() & named):
                pair = (old_methods[method], new_methods[method])
                found += _lost_in(both.path, name, pair, (olds, news), words)
        # a module-level helper storing on the layer handed to it (#37217: ``prepare_nvfp4_moe_layer_for_fi_or_
        # cutlass(backend, layer, ...)`` stopped setting ``layer.g1_alphas``): its class is the module, ""
        old_funcs, new_funcs = _top_functions(both.old), _top_functions(both.new)
        for func in sorted(old_funcs.keys() & new_funcs.keys() & named):
            found += _lost_in(both.path, "", (old_funcs[func], new_funcs[func]), (olds, news), words)
    return found


def _fork_named(trees: ThreeTrees) -> frozenset[str]:
    """Every word of the merged fork modules the fork added a line to (perf47): a lost item's finding is a call of
    its method (``callee.attr`` or a bare name) in such a module (``fork_modules``), made off its class or
    ``super()`` of a class deriving from it, either imported there (``imported_origin``: the class's name is on
    the import line or the call's), so a method or class named nowhere in them is not read -- the base's stores
    of every kept method of up to 32 files, walked through their calls, were ~230 ms at 150 commits.  A word
    not ASCII is kept as the parser reads it too (NFKC), as ``fork_words`` does."""
    paths = [p for p in sorted(trees.mine) if p.endswith(".py") and trees.mine[p].added]
    words = set(_WORD.findall("\n".join(trees.merged_text(p) or "" for p in paths)))
    return frozenset(words | {unicodedata.normalize("NFKC", w) for w in words if not w.isascii()})


def _stored_line(line: str, words: frozenset[str]) -> bool:
    """A removed line storing an attribute, or a quoted key a line the fork added holds as a word."""
    if _ATTR_STORE.match(line):
        return True
    key = _KEY_STORE.match(line)
    return key is not None and key.group(1) in words


def _top_functions(module: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    return {f.name: f for f, cls in module_functions(module) if cls is None}


def _lost_in(
    path: str,
    cls: str,
    pair: tuple[ast.FunctionDef | ast.AsyncFunctionDef, ast.FunctionDef | ast.AsyncFunctionDef],
    classes: tuple[dict[str, ast.ClassDef], dict[str, ast.ClassDef]],
    words: frozenset[str],
) -> list[Lost]:
    """What one method (or module-level function: ``cls`` empty) kept with its parameters stores on them no
    more: each path gone, and each path whose constants changed."""
    old, new = pair
    method = bool(cls)
    params = _params(new, method)
    if params != _params(old, method) or not params:
        return []
    before, _ = _arg_stores(old, classes[0], 0, method)
    if not any(_word(chain[-1]) in words for _, chain in before):
        return []  # every finding is a path the base stored, ending in a fork word: upstream's version unread
    after, handed = _arg_stores(new, classes[1], 0, method)
    # a key written that no literal names (``d[key] = ...``, ``d.update(...)``) may be any key of that dict
    handed |= {(slot, chain[:-1]) for slot, chain in after if chain and chain[-1] == _ANY_KEY}
    found = []
    for slot, chain in sorted(before.keys() - after.keys()):
        if not _reached((slot, chain), handed) and _word(chain[-1]) in words:
            found.append(Lost(path, cls, new.name, slot, params[slot], chain))
    for (slot, chain), values in sorted(before.items()):
        gone = _values_lost(values, after.get((slot, chain)))
        if gone and not _reached((slot, chain), handed) and _word(chain[-1]) in words:
            now = frozenset(after[(slot, chain)])
            found.append(Lost(path, cls, new.name, slot, params[slot], chain, gone, now))
    return found


def _called(trees: ThreeTrees, paths: list[str]) -> bool:
    """Whether a line the fork added holds ``.name(`` for a name some candidate declares with ``def`` at both
    versions (perf28: the check parsed its candidates, any upstream file losing an attribute store, before any
    fork-side test).

    A finding lies in a fork module one of whose added lines holds ``.method(`` for a lost item's method
    (``fork_modules``' test), and that method is one both versions of its file define in a top-level class, so
    its name is among ``declared``'s (a superset).  Only all or nothing: a module let in by one candidate's
    method is then searched for every candidate's calls, on any line.  ``name(`` rather than ``.name(``: a
    module-level function is called by its bare imported name too."""
    return added_names_a_def(trees, paths, lambda name: f"{name}(")


def _values_lost(before: set[object], after: set[object] | None) -> frozenset[object]:
    """The constants a path the method still stores no longer takes: only where every value stored, before and
    now, is a constant (a computed one may be any of them)."""
    if after is None or _UNKNOWN in before or _UNKNOWN in after:
        return frozenset()
    return frozenset(before - after)


def _params(func: ast.FunctionDef | ast.AsyncFunctionDef, method: bool = True) -> tuple[str, ...]:
    """The positional parameters a caller fills (``self``/``cls`` left out of a method but a staticmethod)."""
    names = tuple(a.arg for a in (*func.args.posonlyargs, *func.args.args))
    return names if not method or _decorated(func, "staticmethod") else names[1:]


def _decorated(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    return any(isinstance(d, ast.Name) and d.id == name for d in func.decorator_list)


def _arg_stores(
    func: ast.FunctionDef | ast.AsyncFunctionDef, classes: dict[str, ast.ClassDef], depth: int, method: bool = True
) -> tuple[Stores, set[Path]]:
    """The paths off its parameters the method stores, each with the constants stored there (``_UNKNOWN`` for
    a computed value), and the paths off its parameters it hands to a call it cannot follow (such a call may
    store below what it is handed, not elsewhere: #37217's helper hands its ``backend`` and the bool
    ``layer.activation.is_gated`` on, never ``layer``)."""
    params: dict[str, Path] = {name: (slot, ()) for slot, name in enumerate(_params(func, method))}
    roots: dict[str, Path] = {**params, **_aliases(func, params)}
    stores: Stores = {}
    handed: set[Path] = set()
    looped: dict[str, tuple[str, ...]] | None = None  # read once a store by a computed key is met
    for node in ast.walk(func):
        for target, value in _stored(node):
            if looped is None and isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Name):
                looped = _looped_keys(func)
            for path in _stored_paths(target, roots, looped or {}):
                stores.setdefault(path, set()).update(_constants(value) or {_UNKNOWN})
        writer = _dict_writer(node, roots)
        if writer is not None:
            stores.setdefault(writer, set()).add(_UNKNOWN)
        if isinstance(node, ast.Call) and not _reads_only(node.func):
            followed = _followed(node, roots, classes, depth)
            if followed is None:
                handed |= _handed_paths(node, roots)
            else:
                for path, values in followed.items():
                    stores.setdefault(path, set()).update(values)
    return stores, handed


def _word(step: str) -> str:
    """The name a chain's step stores: an attribute's, or a quoted key's (``['bonus']``)."""
    return step[2:-2] if step.startswith("[") and len(step) > 4 else step


def _spell(arg: str, chain: tuple[str, ...]) -> str:
    """How source spells the path: ``cfg.cache.size``, ``pre['bonus']`` (``ast.unparse``'s quotes)."""
    return arg + "".join(step if step.startswith("[") else f".{step}" for step in chain)


def _looped_keys(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, tuple[str, ...]]:
    """Loop variables bound only by a ``for`` over a display of string literals (#47093's ``for key in
    ("draft_vocab_size", ...): pre_trained_config[key] = ...``): the keys they store."""
    found: dict[str, tuple[str, ...]] = {}
    stored = [n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
    for node in ast.walk(func):
        if not isinstance(node, ast.For | ast.AsyncFor) or not isinstance(node.target, ast.Name):
            continue
        elts = node.iter.elts if isinstance(node.iter, ast.Tuple | ast.List | ast.Set) else []
        keys = tuple(e.value for e in elts if isinstance(e, ast.Constant) and isinstance(e.value, str))
        if elts and len(keys) == len(elts) and stored.count(node.target.id) == 1:
            found[node.target.id] = keys
    return found


def _stored_paths(target: ast.expr, roots: dict[str, Path], looped: dict[str, tuple[str, ...]]) -> list[Path]:
    """The paths off a parameter a store's target writes: an attribute path, a quoted key (``p["k"]``), each
    key of a loop over literals (``p[key]``), or any key (``p[name]``: ``_ANY_KEY``)."""
    if isinstance(target, ast.Attribute):
        path = _rooted(target, roots)
        return [path] if path is not None else []
    if not isinstance(target, ast.Subscript):
        return []
    key = target.slice
    if isinstance(key, ast.Constant) and isinstance(key.value, str):
        path = _rooted(target, roots)
        return [path] if path is not None else []
    head = _rooted(target.value, roots)
    if head is None:
        return []
    slot, chain = head
    if isinstance(key, ast.Name) and key.id in looped:
        return [(slot, (*chain, f"[{k!r}]")) for k in looped[key.id]]
    return [(slot, (*chain, _ANY_KEY))]


def _dict_writer(node: ast.AST, roots: dict[str, Path]) -> Path | None:
    """``p.update(...)``, ``p.setdefault(...)``, ``p |= ...`` on a path off a parameter: keys written unseen."""
    if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.BitOr):
        head = _rooted(node.target, roots)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _DICT_WRITERS:
        head = _rooted(node.func.value, roots)
    else:
        return None
    return None if head is None else (head[0], (*head[1], _ANY_KEY))


def _stored(node: ast.AST) -> Iterator[tuple[ast.expr, ast.expr | None]]:
    """Each target an assignment stores with the value it gets (None: computed), through tuple targets
    (``a.x, a.y = 16, 2``: an upstream refactor that keeps the write, read-back B)."""
    if isinstance(node, ast.Assign):
        pairs: list[tuple[ast.expr, ast.expr | None]] = [(t, node.value) for t in node.targets]
    elif isinstance(node, ast.AnnAssign | ast.AugAssign):
        pairs = [(node.target, node.value if isinstance(node, ast.AnnAssign) else None)]
    else:
        return
    while pairs:
        target, value = pairs.pop()
        if isinstance(target, ast.Tuple | ast.List):
            values = value.elts if isinstance(value, ast.Tuple | ast.List) else []
            same = len(values) == len(target.elts) and not any(isinstance(e, ast.Starred) for e in target.elts)
            pairs += [(t, values[i] if same else None) for i, t in enumerate(target.elts)]
        else:
            yield target, value


def _constants(value: ast.expr | None) -> set[object] | None:
    """The constants an expression may be: a literal, or each branch of a conditional expression of them."""
    if isinstance(value, ast.Constant):
        return {value.value}
    if isinstance(value, ast.IfExp):
        body, orelse = _constants(value.body), _constants(value.orelse)
        return body | orelse if body is not None and orelse is not None else None
    return None


def _aliases(func: ast.FunctionDef | ast.AsyncFunctionDef, params: dict[str, Path]) -> dict[str, Path]:
    """Locals every assignment binds to one path off a parameter (bound twice to it is still one path)."""
    values: dict[str, set[str]] = {}
    nodes: dict[str, ast.expr] = {}
    # an annotated alias (``cc: CacheConfig = cfg.cache_config``) binds as a plain one does (read-back B)
    plain = [(t, v) for n in ast.walk(func) for t, v in _single(n)]
    for target, value in plain:
        if isinstance(target, ast.Name):
            values.setdefault(target.id, set()).add(ast.unparse(value))
            nodes[target.id] = value
    assigned = {id(t) for t, _ in plain}
    other = {
        n.id
        for n in ast.walk(func)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and id(n) not in assigned
    }
    found: dict[str, Path] = {}
    for name, texts in values.items():
        if len(texts) == 1 and name not in params and name not in other:
            path = _rooted(nodes[name], params)
            if path is not None:
                found[name] = path
    return found


def _single(node: ast.AST) -> list[tuple[ast.expr, ast.expr]]:
    """The one target and value of ``x = v`` or ``x: T = v``."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        return [(node.targets[0], node.value)]
    if isinstance(node, ast.AnnAssign) and node.value is not None:
        return [(node.target, node.value)]
    return []


def _rooted(expr: ast.expr, roots: dict[str, Path]) -> Path | None:
    """The path ``expr`` (``a.b.c``, ``a["k"]``) spells off a parameter, through ``roots``' names."""
    chain: list[str] = []
    while isinstance(expr, ast.Attribute) or _keyed(expr):
        if isinstance(expr, ast.Attribute):
            chain.insert(0, expr.attr)
            expr = expr.value
        elif isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant):
            chain.insert(0, f"[{expr.slice.value!r}]")
            expr = expr.value
    if not isinstance(expr, ast.Name) or expr.id not in roots:
        return None
    slot, head = roots[expr.id]
    return slot, (*head, *chain)


def _keyed(expr: ast.AST) -> bool:
    """``x["key"]``: a subscript by a string literal."""
    return (
        isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant) and isinstance(expr.slice.value, str)
    )


def _handed_paths(call: ast.Call, roots: dict[str, Path]) -> set[Path]:
    """The paths off the parameters a call is handed (a parameter itself: an empty chain)."""
    handed = [*call.args, *(k.value for k in call.keywords)]
    return {p for a in handed if (p := _rooted(a.value if isinstance(a, ast.Starred) else a, roots)) is not None}


def _reached(path: Path, handed: set[Path]) -> bool:
    """Whether a call handed the path or a prefix of it (it may store there): ``layer.activation.is_gated``
    handed on reaches nothing below ``layer.g1_alphas``."""
    slot, chain = path
    return any(at == slot and chain[: len(head)] == head for at, head in handed)


def _reads_only(func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id in _READERS
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in _LOGGERS


def _followed(call: ast.Call, roots: dict[str, Path], classes: dict[str, ast.ClassDef], depth: int) -> Stores | None:
    """What a call handed a parameter (or a path off one) stores on it: a method of the module's classes
    called through its class, followed; None for any other call handed one; empty when none is handed."""
    handed = [(i, p) for i, a in enumerate(call.args) if (p := _rooted(a, roots)) is not None]
    handed += [(-1, p) for k in call.keywords if (p := _rooted(k.value, roots)) is not None]
    if not handed:
        return {}
    func = call.func
    owner = func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) else None
    callee = (
        own_methods(classes[owner]).get(func.attr) if owner in classes and isinstance(func, ast.Attribute) else None
    )
    if callee is None or depth >= _DEPTH or any(i < 0 for i, _ in handed):
        return None
    # a plain method called through its class takes its instance in the first slot (``C._align(inst, cfg)``)
    shift = 0 if _decorated(callee, "staticmethod") or _decorated(callee, "classmethod") else 1
    slots = [(i - shift, p) for i, p in handed]
    if callee.args.vararg is not None or any(not 0 <= i < len(_params(callee)) for i, _ in slots):
        return None  # handed to no named parameter of it: unknown, not "stores nothing"
    inner, lost_track = _arg_stores(callee, classes, depth + 1)
    if any(at == i for at, _ in lost_track for i, _ in slots):
        return None
    found: Stores = {}
    for i, (slot, head) in slots:
        for (at, chain), values in inner.items():
            if at == i:
                found.setdefault((slot, (*head, *chain)), set()).update(values)
    return found


def _fork_reads(
    module: ast.Module, owned: set[int], imports: dict[str, tuple[str, str]], lost: list[Lost]
) -> Iterator[tuple[int, str, Lost, bool]]:
    by_method: dict[str, list[Lost]] = {}
    for item in lost:
        by_method.setdefault(item.method, []).append(item)
    for func, cls in module_functions(module):
        for call in (n for n in ast.walk(func) if isinstance(n, ast.Call)):
            callee = call.func
            name = (
                callee.attr if isinstance(callee, ast.Attribute) else callee.id if isinstance(callee, ast.Name) else ""
            )
            for item in by_method.get(name, ()):
                if not _names_callee(callee, item, imports, cls):
                    continue
                arg = _argument(call, item)
                if arg is None:
                    continue
                spelt = _spell(arg, item.chain)
                spellings, names = _spellings(func, arg, item.chain)
                use = _first_use(func, call, (spellings, names), item.values, owned)
                if use is not None:
                    yield use[0], spelt, item, use[1]


def _names_callee(callee: ast.expr, item: Lost, imports: dict[str, tuple[str, str]], cls: ast.ClassDef | None) -> bool:
    """The callee is the upstream module-level function (imported, or read off its imported module), or a
    method whose receiver is the upstream class (imported from its module), or ``super()`` in a class deriving
    from it directly."""
    module = dotted_name(item.path, roots=("",))
    if not item.cls:
        return imported_origin(callee, imports) == (module, item.method)
    if not isinstance(callee, ast.Attribute):
        return False
    target, home = callee.value, (module, item.cls)
    if isinstance(target, ast.Call) and isinstance(target.func, ast.Name) and target.func.id == "super":
        return cls is not None and any(imported_origin(b, imports) == home for b in cls.bases)
    return imported_origin(target, imports) == home


def _argument(call: ast.Call, item: Lost) -> str | None:
    """The name the call passes for the parameter."""
    if item.slot < len(call.args):
        value: ast.expr | None = call.args[item.slot]
    else:
        value = next((k.value for k in call.keywords if k.arg == item.param), None)
    return value.id if isinstance(value, ast.Name) else None


def _spellings(
    func: ast.FunctionDef | ast.AsyncFunctionDef, arg: str, chain: tuple[str, ...]
) -> tuple[set[str], set[str]]:
    """How the function spells the path off ``arg`` (itself, or through a local it binds once to a prefix of
    it: ``cache_config = engine_config.cache_config``), and the name whose rebinding changes what they read."""
    spellings, names = {_spell(arg, chain)}, {arg}
    for local, value in names_bound_once(func).items():
        text = ast.unparse(value)
        for k in range(1, len(chain)):
            if text == _spell(arg, chain[:k]):
                spellings.add(_spell(local, chain[k:]))  # bound once: its one binding resets nothing
    return spellings, names


def _first_use(
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    call: ast.Call,
    spelt: tuple[set[str], set[str]],
    values: frozenset[object],
    owned: set[int],
) -> tuple[int, bool] | None:
    """The line of the first fork-owned load of the path below the call (with ``values``: of a comparison of
    it with one of them), with no store of it nor rebinding of a name spelling it between; and whether the
    load is a ``.get`` of a key (a default answers for its absence)."""
    after = getattr(call, "end_lineno", None) or call.lineno
    spellings, names = spelt
    if any(_resets(n, set(), spellings) for n in ast.walk(func) if getattr(n, "lineno", after) < call.lineno):
        return None  # the fork stores the path itself before the call: the read gets the fork's own value
    uses = sorted(
        ((int(getattr(n, "lineno", 0)), n) for n in ast.walk(func) if getattr(n, "lineno", 0) > after),
        key=lambda pair: pair[0],
    )
    parents = parent_map(func)
    for line, node in uses:
        if line not in owned or not (_compared(node, spellings, values) if values else _loaded(node, spellings)):
            continue
        if _guarded(node, parents) or _key_guarded(func, node, parents, spellings):
            continue  # the fork wrote the read for an object without the attribute (the key) too
        if branches_apart(
            func, call, node
        ):  # the call in one branch of an ``if``, the read in the other (never after it)
            continue
        between = [n for n in ast.walk(func) if after < getattr(n, "lineno", 0) <= line]
        if any(_resets(n, names, spellings) or _handed_on(n, names, spellings) for n in between):
            return None
        return line, _key_probe(node, spellings)
    return None


def _key_probe(node: ast.AST, spellings: set[str]) -> bool:
    """``d.get("key", ...)``: a read of a key that answers its absence with a default."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and f"{ast.unparse(node.func.value)}[{node.args[0].value!r}]" in spellings
    )


def _key_guarded(
    func: ast.FunctionDef | ast.AsyncFunctionDef, node: ast.AST, parents: dict[int, ast.AST], spellings: set[str]
) -> bool:
    """A key's read the function wrote for its absence too: in a ``try`` catching KeyError, or the function asks
    ``"key" in d`` of it."""
    if not isinstance(node, ast.Subscript) and not _key_probe(node, spellings):
        return False
    if isinstance(node, ast.Subscript) and caught_around(node, _KEY_ERRORS, parents):
        return True
    asked = {
        f"{ast.unparse(n.comparators[0])}[{n.left.value!r}]"
        for n in ast.walk(func)
        if isinstance(n, ast.Compare)
        and len(n.ops) == 1
        and isinstance(n.ops[0], ast.In | ast.NotIn)
        and isinstance(n.left, ast.Constant)
    }
    return not asked.isdisjoint(spellings)


def _guarded(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """A read under ``hasattr(obj, "name")`` (or past an ``if not hasattr(...): return``), or in a ``try``
    catching AttributeError: the fork's read was written for the value's absence."""
    subject, name = _subject(node)
    if not name:
        return False
    return caught_around(node, _ERRORS, parents) or hasattr_ensured(node, subject, name, parents)


def _subject(node: ast.AST) -> tuple[str, str]:
    """The object and the attribute a read names (``layer.g1`` or ``getattr(layer, "g1")``); empty if neither."""
    if isinstance(node, ast.Attribute):
        return ast.unparse(node.value), node.attr
    if isinstance(node, ast.Call) and len(node.args) == 2 and isinstance(node.args[1], ast.Constant):
        return ast.unparse(node.args[0]), str(node.args[1].value)
    return "", ""


def _handed_on(node: ast.AST, names: set[str], spellings: set[str]) -> bool:
    """A call between the method's and the read that is handed the argument, or a path off it holding the one
    read, and may set it (not a builtin reader nor a logger): where upstream moved the write, #37467's
    ``current_platform.update_block_size_for_backend(config)`` (review80's twin); quiet, as upstream's own
    side is quiet when its method hands the parameter to a call it cannot follow."""
    if not isinstance(node, ast.Call) or _reads_only(node.func):
        return False
    prefixes = {p.rsplit(".", k)[0] for p in spellings for k in range(1, p.count(".") + 1)} | names
    handed = [*node.args, *(k.value for k in node.keywords)]
    return any(isinstance(a, ast.Name | ast.Attribute) and ast.unparse(a) in prefixes for a in handed)


def _loaded(node: ast.AST, spellings: set[str]) -> bool:
    """A load of the path, or a ``getattr(obj, "name")`` spelling it without a default (one with a default
    probes: names drift's to judge)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
        name = node.args[1] if len(node.args) == 2 and not node.keywords else None
        if not isinstance(name, ast.Constant) or not isinstance(name.value, str):
            return False
        return f"{ast.unparse(node.args[0])}.{name.value}" in spellings
    if _key_probe(node, spellings):
        return True
    read = isinstance(node, ast.Attribute) or _keyed(node)
    return read and isinstance(getattr(node, "ctx", None), ast.Load) and ast.unparse(node) in spellings


def _compared(node: ast.AST, spellings: set[str], values: frozenset[object]) -> bool:
    """``path == "all"``, ``path != "all"``, ``path in ("all", ...)``: a comparison of the path with a lost value."""
    if not isinstance(node, ast.Compare) or len(node.ops) != 1:
        return False
    if not isinstance(node.ops[0], ast.Eq | ast.NotEq | ast.In | ast.NotIn):
        return False
    sides = [node.left, node.comparators[0]]
    if not any((isinstance(x, ast.Attribute) or _keyed(x)) and ast.unparse(x) in spellings for x in sides):
        return False
    return any(not values.isdisjoint(_held(x)) for x in sides)


def _held(expr: ast.expr) -> set[object]:
    if isinstance(expr, ast.Constant):
        return {expr.value}
    if isinstance(expr, ast.Tuple | ast.List | ast.Set):
        return {e.value for e in expr.elts if isinstance(e, ast.Constant)}
    return set()


def _resets(node: ast.AST, names: set[str], spellings: set[str]) -> bool:
    """A store of the path itself (a key's too, or a store by a computed key, ``|=`` or a dict method writing keys
    into the dict holding it), or a rebinding of a name spelling it."""
    if (isinstance(node, ast.Attribute) or _keyed(node)) and isinstance(getattr(node, "ctx", None), ast.Store):
        return ast.unparse(node) in spellings
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):  # ``d[key] = v``: any key of ``d``
        holder = ast.unparse(node.value)
        return any(s.startswith(f"{holder}[") for s in spellings)
    if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.BitOr):  # ``d |= {...}``: keys unseen
        holder = ast.unparse(node.target)
        return any(s.startswith(f"{holder}[") for s in spellings)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _DICT_WRITERS:
        holder = ast.unparse(node.func.value)
        return any(s.startswith(f"{holder}[") for s in spellings)
    return isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id in names


def _finding(trees: ThreeTrees, path: str, line: int, read: tuple[str, bool], item: Lost, pr_pattern: str) -> Finding:
    spelt, probe = read
    last = item.chain[-1]
    stored = rf"\[[\"']{re.escape(_word(last))}[\"']\]\s*=" if last.startswith("[") else rf"\.{last}\s*="
    commit = trees.upstream_commit(item.path, stored, pr_pattern)
    where = f"{item.cls}.{item.method}" if item.cls else item.method
    if item.values:
        gone = ", ".join(sorted(map(repr, item.values)))
        now = ", ".join(sorted(map(repr, item.now)))
        said = (
            f"fork-owned comparison of {spelt} with {gone} after {where}(...), which upstream no longer stores "
            f"there ({item.path}{commit}; it stores {now} now): the test holds only when the value came from "
            "elsewhere (a user's setting), no longer by the call's default: check the path it guards"
        )
        return Finding(RULE, "merge", Severity.WARNING, path, line, said)
    if probe:
        said = (
            f"fork-owned .get of {spelt} after {where}(...), which upstream no longer writes into its "
            f"{item.param} ({item.path}{commit}): the key is there now only if something else wrote it, else the "
            "default answers: read the key upstream writes now"
        )
        return Finding(RULE, "merge", Severity.WARNING, path, line, said)
    said = (
        f"fork-owned read of {spelt} after {where}(...), which upstream no longer sets on its {item.param} "
        f"({item.path}{commit}): the read now sees the value from before the call (set later, if at all, by "
        "what upstream moved the write to): read it where upstream sets it now"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, said)
