"""Unread keys: a key the fork writes into a named mapping that upstream read off that mapping and no longer reads.

#17699 removed ``qlora_adapter_name_or_path``: ``get_quant_config`` read
``load_config.model_loader_extra_config["qlora_adapter_name_or_path"]`` (after ``"..." not in`` the same
mapping) and now reads nothing of the kind; ``EngineArgs`` keeps a deprecated field of that name (a read
of ``self.qlora_adapter_name_or_path`` that only warns), so dead knob drift, which asks that no upstream
line read the word, sees the word alive.  A fork's ``load_config.model_loader_extra_config[
"qlora_adapter_name_or_path"] = adapter`` (or ``LoadConfig(model_loader_extra_config={...: adapter})``)
merges cleanly and its adapter is silently never applied.

The fork's side, on lines it owns: a string key written into a mapping reached by name, ``x.MAP["key"] =
v``, ``x.MAP.setdefault("key", v)``, ``x.MAP.update({"key": v})``, or an entry of a dict display passed as
the keyword ``MAP=``.  Upstream's side: a changed file whose removed lines quote the key read it off
``MAP`` at the merge base (``MAP["key"]``, ``MAP.get("key")``, ``MAP.pop("key")``, ``"key" in MAP``, also
through a local bound from ``MAP``) and reads it so no more, and no served upstream file quotes the key at
all any more.  An error where the word is gone from upstream's served code and no upstream file naming
``MAP`` consumes it whole (``**MAP``, a loop or ``.items()`` over it, ``dict(MAP)``): nothing can read the
key by name.  A warning where an attribute of that name is still read (``Cls(**MAP)`` may bind the key to a
field read so; dead knob drift counts the word alive there and says nothing).  Otherwise (the word lives on
unread, or the mapping is consumed whole) dead knob drift's warning says it already: no second one.  The
mapping handed as an argument to a callee that may read it (``_fetch(cfg.MAP)``) is consumed whole too, and a
key the fork's own lines read off the mapping is still read: both quiet.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES, TEST_FOLDERS
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import LOG_METHODS, lazy_pattern, parse_python, plain_name, str_value

# a fork's added line that may write a key: ``["key"] =``, ``.setdefault("``, ``.update({``, ``= {``, or a
# dict display's entry ``"key":`` (one written over lines): only such a file is walked
_KEYED = lazy_pattern(
    r"""\[\s*["'][A-Za-z_]\w{3,}["']\s*\]\s*=(?!=)|\.setdefault\(\s*["']|\.update\(\s*\{|=\s*\{|["'][A-Za-z_]\w{3,}["']\s*:"""
)
_QUOTED = lazy_pattern(r"""["']([A-Za-z_]\w{3,})["']""")
_WHOLE_FILES = 40  # the most upstream files naming a mapping read for a whole use of it


@dataclass(frozen=True)
class _Store:
    path: str
    line: int
    mapping: str
    key: str


def unread_key_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    stores = list(_fork_stores(trees))
    if not stores:
        return []
    dropped = _dropped_reads(trees, {(s.mapping, s.key) for s in stores})
    if not dropped:
        return []
    served = [PYTHON_FILES, *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS))]
    keys = sorted({key for _, key in dropped})
    quoted = repo.lines_containing(trees.repo, trees.theirs, [f"{q}{k}{q}" for k in keys for q in "\"'"], served)
    alive = {k for k in keys if any(f'"{k}"' in line or f"'{k}'" in line for line in quoted)}
    mine = _fork_reads(trees, set(dropped))
    dropped = {pair: path for pair, path in dropped.items() if pair[1] not in alive and pair not in mine}
    whole = _consumed_whole(trees, {mapping for mapping, _ in dropped})
    words = sorted({k for _, k in dropped})
    named = repo.words_present(trees.repo, trees.theirs, words, served)
    reads = repo.lines_containing(trees.repo, trees.theirs, [f".{k}" for k in words], served)
    read = {k for k in words if any(re.search(rf"\.{re.escape(k)}\b", line.split("#", 1)[0]) for line in reads)}
    findings = []
    for store in stores:
        where = dropped.get((store.mapping, store.key))
        if where is None:
            continue
        if store.key not in named and store.mapping not in whole:
            findings.append(_finding(trees, store, where, False, pr_pattern))
        elif store.key in read:
            # an attribute of that name is read (dead knob drift counts the word alive): say it here
            findings.append(_finding(trees, store, where, True, pr_pattern))
    return findings


def _fork_stores(trees: ThreeTrees) -> Iterator[_Store]:
    for path in sorted(trees.mine):
        change = trees.mine[path]
        if not path.endswith(".py") or path.split("/", 1)[0] in TEST_FOLDERS:
            continue
        if not any(_KEYED.search(line) for line in change.added.values()):
            continue
        module = trees.merged_module(path)
        owned = trees.owned_lines(path)
        for node in ast.walk(module) if module is not None and owned else ():
            for mapping, key in _written(node):
                if key.lineno in owned:
                    yield _Store(path, key.lineno, mapping, str_value(key) or "")


def _written(node: ast.AST) -> Iterator[tuple[str, ast.expr]]:
    """(mapping, the key's node) of each string key ``node`` writes into a mapping reached by an attribute
    or a keyword."""
    if isinstance(node, ast.Assign | ast.AugAssign):
        for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
            if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Attribute):
                yield from _keyed(target.value.attr, [target.slice])
    elif isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute):
            if func.attr == "setdefault":
                yield from _keyed(func.value.attr, node.args[:1])
            elif func.attr == "update" and node.args and isinstance(node.args[0], ast.Dict):
                yield from _keyed(func.value.attr, node.args[0].keys)
        for keyword in node.keywords:
            if keyword.arg and isinstance(keyword.value, ast.Dict):
                yield from _keyed(keyword.arg, keyword.value.keys)


def _keyed(mapping: str, keys: list[ast.expr | None] | list[ast.expr]) -> Iterator[tuple[str, ast.expr]]:
    return ((mapping, key) for key in keys if key is not None and str_value(key))


def _dropped_reads(trees: ThreeTrees, wanted: set[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """(mapping, key) -> an upstream file that read the key off the mapping at the base and no longer does."""
    keys = {key for _, key in wanted}
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py")
        and p.split("/", 1)[0] not in TEST_FOLDERS
        and any(keys.intersection(_QUOTED.findall(line)) for line in trees.upstream[p].removed)
    ]
    if not paths:
        return {}
    befores, afters = trees.blobs(trees.base, paths), trees.blobs(trees.theirs, paths)
    found: dict[tuple[str, str], str] = {}
    for path in paths:
        old = parse_python(befores[path] or "", path) if befores[path] else None
        new = parse_python(afters[path] or "", path) if afters[path] else None
        if old is None:
            continue
        still = _keyed_reads(new, wanted) if new is not None else set()
        for pair in _keyed_reads(old, wanted) - still:
            found.setdefault(pair, path)
    return found


def _fork_reads(trees: ThreeTrees, wanted: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """The (mapping, key) pairs a file the fork wrote in reads on its own lines: the fork's own code still
    takes the key off the mapping (a fork-owned loader applying it), whatever upstream stopped reading."""
    keys = {key for _, key in wanted}
    found: set[tuple[str, str]] = set()
    for path in sorted(trees.mine):
        change = trees.mine[path]
        if not path.endswith(".py") or path.split("/", 1)[0] in TEST_FOLDERS:
            continue
        if not any(keys.intersection(_QUOTED.findall(line)) for line in change.added.values()):
            continue
        module, owned = trees.merged_module(path), trees.owned_lines(path)
        found |= _keyed_reads(module, wanted, owned) if module is not None else set()
    return found


def _keyed_reads(
    module: ast.Module, wanted: set[tuple[str, str]], lines: set[int] | None = None
) -> set[tuple[str, str]]:
    mappings = {mapping for mapping, _ in wanted}
    aliases = {m: _aliases(module, m) for m in mappings}
    found = set()
    for node in ast.walk(module):
        if lines is not None and (isinstance(node, ast.Compare) or getattr(node, "lineno", None) not in lines):
            continue  # ``"key" not in MAP`` on the fork's lines guards its own write: no read
        for key, holder in key_reads(node):
            found |= {(m, key) for m in mappings if (m, key) in wanted and _is_mapping(holder, m, aliases[m])}
    return found


def key_reads(node: ast.AST) -> Iterator[tuple[str, ast.expr]]:
    """(key, holder) of ``holder["key"]`` (a load), ``holder.get/pop("key")`` and ``"key" (not) in holder``."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and (key := str_value(node.slice)):
        yield key, node.value
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("get", "pop"):
        if node.args and (key := str_value(node.args[0])):
            yield key, node.func.value
    elif isinstance(node, ast.Compare) and (key := str_value(node.left)):
        yield from ((key, c) for op, c in zip(node.ops, node.comparators) if isinstance(op, ast.In | ast.NotIn))


def _aliases(module: ast.Module, mapping: str) -> set[str]:
    """Locals bound from the mapping (``extra = cfg.MAP``, ``extra = {} if ... else cfg.MAP.copy()``)."""
    return {
        target.id
        for node in ast.walk(module)
        if isinstance(node, ast.Assign) and _names(node.value, mapping)
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def _names(expr: ast.AST, mapping: str) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr == mapping for n in ast.walk(expr))


def _is_mapping(holder: ast.expr, mapping: str, aliases: set[str]) -> bool:
    if isinstance(holder, ast.Attribute):
        return holder.attr == mapping
    return isinstance(holder, ast.Name) and (holder.id == mapping or holder.id in aliases)


def _consumed_whole(trees: ThreeTrees, mappings: set[str]) -> set[str]:
    """The mappings an upstream file naming them unpacks, iterates or copies into a ``dict`` (or that more
    files name than are read: taken as consumed, to stay quiet)."""
    whole = set()
    for mapping in sorted(mappings):
        paths = sorted(trees.python_files_with((mapping,)))
        paths = [p for p in paths if p.split("/", 1)[0] not in TEST_FOLDERS]
        if len(paths) > _WHOLE_FILES:
            whole.add(mapping)
            continue
        for path, text in trees.blobs(trees.theirs, paths).items():
            module = parse_python(text, path) if text is not None else None
            if module is not None and _uses_whole(module, mapping):
                whole.add(mapping)
                break
    return whole


def _uses_whole(module: ast.Module, mapping: str) -> bool:
    aliases = _aliases(module, mapping)

    def held(expr: ast.expr) -> bool:
        return _is_mapping(expr, mapping, aliases) or (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Attribute)
            and expr.func.attr in ("items", "keys", "values", "copy")
            and _is_mapping(expr.func.value, mapping, aliases)
        )

    for node in ast.walk(module):
        if isinstance(node, ast.Call):
            if any(k.arg is None and held(k.value) for k in node.keywords):
                return True  # f(**MAP)
            if isinstance(node.func, ast.Name) and node.func.id == "dict" and any(held(a) for a in node.args):
                return True
            if _handed_on(node, held):
                return True  # ``_fetch(cfg.MAP)``: the callee may read any key of it (``**kwargs``)
        if isinstance(node, ast.Dict) and any(k is None and held(v) for k, v in zip(node.keys, node.values)):
            return True  # {**MAP}
        if isinstance(node, ast.For | ast.comprehension) and held(node.iter):
            return True
    return False


# callees that see a mapping's keys or its size alone, or only log it: nothing of theirs reads a value
INSPECTS = frozenset(
    {"isinstance", "len", "bool", "print", "repr", "str", "type", "id", "set", "frozenset", "sorted", "list"}
    | {"tuple"}
    | LOG_METHODS
)


def _handed_on(call: ast.Call, held: Callable[[ast.expr], bool]) -> bool:
    """The mapping (or a local bound from it) passed whole as an argument to a callee that may read its
    keys (#17699's replay: ``_fetch(load_config.MAP)`` in one file, ``snapshot_download(**kwargs)`` in another)."""
    callee = (plain_name(call.func) or "").rsplit(".", 1)[-1]
    if not callee or callee in INSPECTS:
        return False
    return any(held(a) for a in call.args) or any(k.arg is not None and held(k.value) for k in call.keywords)


def _finding(trees: ThreeTrees, store: _Store, where: str, maybe: bool, pr_pattern: str) -> Finding:
    word = rf"[\"']{re.escape(store.key)}[\"']"
    commit = trees.upstream_commit(where, word, pr_pattern, most=5)
    base = (
        f"fork-owned key {store.key!r} written into {store.mapping} is no longer read: upstream read it off "
        f"{store.mapping} in {where}{commit} and no upstream file quotes it any more"
    )
    if maybe:
        message = (
            f"{base}; the word lives on upstream, or the mapping is consumed whole (its keys may reach a field "
            "or a parameter of that name): check that something still reads the key, or find what replaced it"
        )
        return Finding(RULE, "merge", Severity.WARNING, store.path, store.line, message)
    message = f"{base}: the fork's value is silently ignored now: find what replaced it, or drop the carry"
    return Finding(RULE, "merge", Severity.ERROR, store.path, store.line, message)
