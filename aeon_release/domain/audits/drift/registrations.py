"""Registrations that now compete: upstream registers, in another file, a name the fork's carry registers.

A fork carries a model architecture, a quantization method, a custom op or a backend before upstream
has it: ``MODELS["AeonArch"] = ("aeon", "AeonModel")`` or ``@register_method("aeon_fp4")`` in a fork
module.  Upstream later adds its own ``"AeonArch": ("up", "UpModel")`` to the registry's dict display,
or its own ``@register_method("aeon_fp4")``, in a file of its own.  Git merges both (they are
files apart, which duplicate definitions in one scope cannot see); at run time one of the two writes
replaces the other without a word, as the import order decides: the fork's old implementation
shadows upstream's new one, or upstream's shadows the fork's.

A registration is a line that writes a string key into a named registry: an entry of a dict display
assigned to a module-level name (the registry is that name), ``R["key"] = ...``, ``R.update({"key":
...})`` or ``R.setdefault("key", ...)`` (the registry is ``R``'s last name), or a decorator or call
of a callable whose name holds ``register`` with the key first (the registry is the callable's
dotted name, ``Owner.register``).  Upstream's side: a registration upstream added of a key none of
its removed lines wrote (a new key, not a moved one).  The fork's side: a fork-owned registration
of the same key, in another file, into a registry of the same name, or of a name that shares a word
saying what it holds: one registry written through two mechanisms (a plugin's
``ModelRegistry.register_model("X", ...)`` and upstream's ``"X": (...)`` in ``_TEXT_GENERATION_MODELS``).  A warning: which write wins
is the import order's, and keeping the fork's may be the intent.

Cheap first: one regex over both sides' added lines (a quoted key and a registry shape); only the
upstream files with a matching new key are parsed, and only the fork files that write one.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.sides import Changes, ThreeTrees
from aeon_release.domain.audits.linear import Alternation
from aeon_release.domain.audits.merge_rules import DUPLICATE_DEFINITION as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parse_python, simple_assignment, str_value

_KEY = r"""["']([A-Za-z_][\w.\-/:]{2,})["']"""
# a line that may register a key: a dict display's entry, a subscript write, update/setdefault, a
# registering decorator or call (its key first)
_REGISTRATION_LINE = lazy_pattern(
    rf"""^\+(?!\+\+ )(?:[ \t]*{_KEY}[ \t]*:"""
    rf"""|[^\n]*?\[[ \t]*{_KEY}[ \t]*\][ \t]*=(?!=)"""
    rf"""|[^\n]*?\.(?:update\(\s*(?:\{{|dict\()|setdefault\()[ \t]*{_KEY}"""
    rf"""|[ \t]*@?[\w.]*register\w*\([ \t]*{_KEY})""",
    re.M,
)

# the opening of a table's bulk write (killers231): ``R.update(`` or ``R |=``, its keys on the lines that follow
# as often as on its own (``R.update(\n    {"k": v, "k2": w}\n)``, ``R.update(k=v)``)
_BULK = lazy_pattern(r"\.update\(|\|=[ \t]*(?:\{|dict\(|$)", re.M)
# a key: a display's, or a keyword's after ``(``/``,`` or opening an added line of its own (review136:
# ``R.update(\n    float16=torch.bfloat16,\n)``)
_BULK_KEY = lazy_pattern(
    rf"""(?:[{{,(][ \t]*|^\+[ \t]*){_KEY}[ \t]*:|(?:[(,]|^\+)[ \t]*([A-Za-z_]\w{{2,}})[ \t]*=(?!=)""", re.M
)
_BULK_SPAN = 800


# an object's own names (``self.register_buffer("cos_sin_cache", t)``, ``layer.register_parameter(...)``):
# one per instance, not a registry two files share
_PER_INSTANCE = frozenset(
    {"register_buffer", "register_parameter", "register_module", "register_load_state_dict_post_hook"}
)


@dataclass(frozen=True)
class Registration:
    path: str
    line: int
    key: str
    registry: str  # the registry's name as written: ``MODELS``, ``Owner.register``


def registration_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    fork_keys = _keys(trees.mine)
    if not fork_keys:
        return []
    new_keys, files = _new_upstream_keys(trees, fork_keys)
    if not new_keys:
        return []
    texts = trees.blobs(trees.theirs, files)
    by_key: dict[str, list[Registration]] = {}
    for path in files:
        text = texts.get(path)
        module, lines = parse_python(text, path) if text is not None else None, set(trees.upstream[path].added)
        for reg in _written(path, module, displays=True) if module is not None else ():
            if reg.key in new_keys and reg.line in lines:
                by_key.setdefault(reg.key, []).append(reg)
    if not by_key:
        return []
    findings = []
    for mine in _fork_registrations(trees, set(by_key)):
        theirs = [u for u in by_key[mine.key] if u.path != mine.path and _same_registry(mine.registry, u.registry)]
        if theirs:
            findings.append(_finding(trees, mine, theirs[0], pr_pattern))
    return findings


# words of a registry's name that say nothing of what it holds
_GENERIC = frozenset(
    {"register", "registry", "registered", "get", "all", "the", "module", "config", "cls", "map", "table", "dict"}
)


def _same_registry(mine: str, theirs: str) -> bool:
    """One registry, written through one mechanism or two: the same name (``MODELS``, ``Owner.register``),
    or names that share a word saying what they hold (``ModelRegistry.register_model`` and
    ``_TEXT_GENERATION_MODELS``; ``register_quantization_config`` and ``QUANTIZATION_METHODS``)."""
    if _last(mine) == _last(theirs):
        return True
    return bool(_words(mine) & _words(theirs))


def _words(registry: str) -> set[str]:
    """The lower-case words of a registry's name, singular (``ModelRegistry.register_models`` -> model)."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", registry)
    words = {w.lower() for w in re.split(r"[_.]+", spaced) if len(w) > 2}
    return {w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words} - _GENERIC


def _keys(side: Changes) -> set[str]:
    """Keys the side's added lines of Python files may register."""
    keys: set[str] = set()
    for path in side:
        if path.endswith(".py"):
            raw = side.raw(path)
            for match in _REGISTRATION_LINE.finditer(raw):
                keys.update(g for g in match.groups() if g)
            for opening in _BULK.finditer(raw):
                keys.update(_bulk_keys(raw, opening.start()))
    return keys


def _bulk_keys(raw: str, start: int) -> Iterator[str]:
    """The keys of a bulk write opening at ``start``: on its added lines up to the first line the side did not
    add (a bounded span: the AST decides what is written)."""
    end = raw.find("\n", start)
    span = raw[start : start + _BULK_SPAN] if end >= 0 else raw[start:]
    lines = span.split("\n")
    own = "\n".join([lines[0], *(line for line in _while_added(lines[1:]))])
    for match in _BULK_KEY.finditer(own):
        yield from (g for g in match.groups() if g)


def _while_added(lines: list[str]) -> Iterator[str]:
    for line in lines:
        if not line.startswith("+"):
            return
        yield line


def _new_upstream_keys(trees: ThreeTrees, keys: set[str]) -> tuple[set[str], list[str]]:
    """Of ``keys``: those a registration-shaped line upstream added holds, and no registration-shaped
    line it removed (a moved or rewritten entry is not new; a removed lookup of the key moved
    nothing); and the files of those added lines.  One RE2 search per
    file's diff finds the files that quote a key at all (a linear-time automaton for many keys)."""
    quoted = Alternation(r"""["'](?:{})["']""", keys)
    alternatives = "|".join(sorted(map(re.escape, keys)))
    line_of_key = re.compile(rf"""^([-+])[^\n]*["']({alternatives})["']""", re.M)
    added: dict[str, set[str]] = {}
    removed: set[str] = set()
    for path in trees.upstream:
        if not path.endswith(".py") or not quoted.search(raw := trees.upstream.raw(path)):
            continue
        for match in line_of_key.finditer(raw):
            start = match.start()
            end = raw.find("\n", start)
            line = raw[start : end if end >= 0 else len(raw)]
            registers = None if raw.startswith(("--- ", "+++ "), start) else _REGISTRATION_LINE.match("+" + line[1:])
            # the key the line registers: not a key quoted on a line that registers nothing (a lookup, a
            # message), nor a value (``"ExaoneMoE...": ("exaone_moe", "ExaoneMoe...")``: the class, quoted)
            key = next((g for g in registers.groups() if g), None) if registers is not None else None
            if key not in keys:
                continue
            if match.group(1) == "-":
                removed.add(key)
            else:
                added.setdefault(key, set()).add(path)
    new = set(added) - removed
    return new, sorted({p for key in new for p in added[key]})


def _fork_registrations(trees: ThreeTrees, keys: set[str]) -> Iterator[Registration]:
    """The fork-owned registrations of ``keys`` in the merged tree (not dict displays: a display in a
    fork file is a registry of the fork's own)."""
    alternatives = "|".join(sorted(map(re.escape, keys)))
    # quoted, or a keyword (``R.update(k=v)``, ``R |= dict(k=v)``: review136, a file naming the key no other way)
    named = re.compile(rf"""["'](?:{alternatives})["']|(?<![\w.])(?:{alternatives})[ \t]*=(?!=)""")
    for path in sorted(p for p in trees.mine if p.endswith(".py") and named.search(trees.mine.raw(p))):
        module = trees.merged_module(path)
        lines = trees.owned_lines(path) if module is not None else set()
        own = _own_tables(module) if module is not None and lines else set()
        for reg in _written(path, module, displays=False) if module is not None and lines else ():
            if reg.key in keys and reg.line in lines and reg.registry not in own:
                yield reg


def _own_tables(module: ast.Module) -> set[str]:
    """The names the module binds at its top to a fresh dict (a display, a comprehension, ``dict(...)``):
    a table of the fork file's own, whatever words its name shares with upstream's (review136: a fork's
    ``AEON_KV_CACHE_DTYPES = {}`` then ``.update({"turboquant_k8v4": ...})`` beside #38479's
    ``STR_DTYPE_TO_TORCH_DTYPE``), as a display in a fork file already is."""
    own: set[str] = set()
    for stmt in module.body:
        target, value = simple_assignment(stmt)
        fresh = isinstance(value, ast.Dict | ast.DictComp) or (
            isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict"
        )
        if target is not None and fresh:
            own.add(target)
    return own


def _written(path: str, module: ast.Module, displays: bool) -> Iterator[Registration]:
    """Every string key the module writes into a named registry: module-level statements (and, with
    ``displays``, the entries of a module-level dict display), and registering calls anywhere (a
    plugin's ``register()`` function).  A subscript write in a function is a local dict's, unless the
    dict is named like a module's table (UPPER_CASE)."""
    for stmt in module.body:
        target, value = simple_assignment(stmt)
        if displays and target is not None and isinstance(value, ast.Dict):
            for key in value.keys:
                if key is not None and (name := str_value(key)) is not None:
                    yield Registration(path, key.lineno, name, target)
    top = _module_level(module)
    for node in ast.walk(module):
        if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.BitOr):
            yield from _merged_in(path, _dotted(node.target), node.value, id(node) in top)
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Subscript) and (name := str_value(t.slice)) is not None:
                    registry = _dotted(t.value)
                    if registry and (id(node) in top or _table(registry)):
                        yield Registration(path, t.lineno, name, registry)
        elif isinstance(node, ast.Call):
            yield from _call_writes(path, node, id(node) in top)


def _module_level(module: ast.Module) -> set[int]:
    """Ids of the nodes that run when the module is imported: all but function bodies (a decorator
    and a default run at import)."""
    found: set[int] = set()
    stack: list[ast.AST] = list(module.body)
    while stack:
        node = stack.pop()
        found.add(id(node))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            stack.extend(node.decorator_list)
            stack.extend(d for d in (*node.args.defaults, *node.args.kw_defaults) if d is not None)
        elif not isinstance(node, ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))
    return found


def _table(registry: str) -> bool:
    last = registry.rsplit(".", 1)[-1].lstrip("_")
    return bool(last) and last.upper() == last and any(c.isalpha() for c in last)


def _call_writes(path: str, call: ast.Call, top: bool) -> Iterator[Registration]:
    func = call.func
    owner = _dotted(func)
    last = owner.rsplit(".", 1)[-1]
    if isinstance(func, ast.Attribute) and last in ("update", "setdefault"):
        registry = _dotted(func.value)
        if not registry or not (top or _table(registry)):
            return
        if last == "setdefault" and call.args and (name := str_value(call.args[0])) is not None:
            yield Registration(path, call.lineno, name, registry)
        elif last == "update":
            for arg in call.args:
                yield from _merged_in(path, registry, arg, True)
            for word in (k for k in call.keywords if k.arg is not None):
                yield Registration(path, word.value.lineno, word.arg or "", registry)
    elif (
        owner
        and "register" in last
        and last not in _PER_INSTANCE
        and not owner.startswith("self.")
        and call.args
        and (name := str_value(call.args[0])) is not None
    ):
        yield Registration(path, call.lineno, name, owner)


def _merged_in(path: str, registry: str, value: ast.expr, top: bool) -> Iterator[Registration]:
    """The keys ``value`` writes into ``registry`` (``R.update(value)``, ``R |= value``): a dict display's string
    keys, a ``dict(k=v)``'s keywords (killers231)."""
    if not registry or not (top or _table(registry)):
        return
    if isinstance(value, ast.Dict):
        for key in value.keys:
            if key is not None and (name := str_value(key)) is not None:
                yield Registration(path, key.lineno, name, registry)
    elif isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict":
        for word in (k for k in value.keywords if k.arg is not None):
            yield Registration(path, word.value.lineno, word.arg or "", registry)


def _dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def _last(registry: str) -> str:
    """``mod.MODELS`` and ``MODELS`` are one registry, as are ``mod.register_method`` and
    ``register_method``; ``Owner.register`` keeps its owner (a bare ``register`` names too little)."""
    parts = registry.split(".")
    return ".".join(parts[-2:]) if parts[-1] == "register" else parts[-1]


def _finding(trees: ThreeTrees, mine: Registration, theirs: Registration, pr_pattern: str) -> Finding:
    word = rf"""["']{re.escape(theirs.key)}["']"""
    commit = trees.upstream_commit(theirs.path, word, pr_pattern, most=5)
    message = (
        f"fork-owned registration of {mine.key!r} in {mine.registry} now competes with upstream's own, new "
        f"registration of {theirs.key!r} in {theirs.registry} ({theirs.path}:{theirs.line}{commit}): one silently "
        "replaces the other as the import order decides; drop the fork's carry if upstream's now serves, or "
        "rename it or make sure it wins"
    )
    return Finding(RULE, "merge", Severity.WARNING, mine.path, mine.line, message)
