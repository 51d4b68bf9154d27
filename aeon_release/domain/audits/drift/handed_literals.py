"""Handed literals: a value a class hands its member's constructor made a literal, read back off the member.

#24119 (930a24144c) built ``DeepseekV2MoE.experts`` with ``routed_scaling_factor=1.0`` where it had passed
``self.routed_scaling_factor`` (the MoE now scales outside the experts, so the old value scaled twice).  The
experts store the keyword as ``self.routed_scaling_factor``; a fork line reading
``moe.experts.routed_scaling_factor`` to scale its own NVFP4 path merges cleanly and now multiplies by 1.0 on
every instance: no name moved, no signature changed, so no other check sees it.

Upstream's side: a class of a changed file whose ``__init__`` stores ``self.A = K(..., kw=V)`` once at both
commits (the same callee), where ``V`` was another expression at the base and is now a literal constant (a
number, a string, a bool; None is the nulled checks').  The fork's side, on a line it owns: a read of
``X.A.kw`` -- the member's attribute named as the keyword -- where ``X`` is ``self`` in a class deriving from
that class, or a name its function types as the class (a parameter's annotation, the call it is bound to), the
class imported from its module or a package above it.  Quiet where the fork's class sets ``self.A`` itself (or
overrides the factory method upstream builds it through), the fork's function stores ``X.A.kw`` itself, the read
sits under a test of it, or (a list handed shorter) in a ``try`` catching the IndexError.

A warning, not an error: the member's class is not followed, so whether it stores the keyword unchanged under
its own name (``FusedMoE`` does) is the reviewer's to confirm.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift.nulled_attributes import (
    _init,
    _names,
    _sets,
    assigned_targets,
    derived_from,
    is_self_attribute,
    local_bases,
)
from aeon_release.domain.audits.drift.own_fields import assigned as assigned_values
from aeon_release.domain.audits.drift.own_fields import enclosing, enclosing_class, file_classes, receiver_names
from aeon_release.domain.audits.drift.pyindex import file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parse_python, parsed_expression

# a fork line reading a member's attribute off a held object: ``moe.experts.routed_scaling_factor``
_HELD_READ = lazy_pattern(r"\.(\w+)\.(\w+)\b(?!\s*=(?!=))")
# an added line passing a keyword a literal: ``routed_scaling_factor=1.0,``
_LITERAL_KW = lazy_pattern(r"\b(\w+)\s*=\s*(?:-?[\d.]+(?:e-?\d+)?|True|False|\"[^\"]*\"|'[^']*')\s*[,)]?\s*(?:#.*)?$")
# an added line passing a keyword a list display: ``output_sizes=[num_v_heads * 2],``
_LIST_KW = lazy_pattern(r"\b(\w+)\s*=\s*\[")
# an import statement's start: its dotted names read no attribute
_IMPORT_LINE = lazy_pattern(r"(?:import\s|from\s+[\w.]+\s+import\b)")
_MOST_FILES = 32
_MOST_GATES = 16  # keywords searched one by one in a file's diff before its lines are
_INDEX_ERRORS = frozenset({"IndexError", "LookupError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Handed:
    """``cls`` (of ``path``) now builds ``self.held`` with ``keyword=new`` (a literal) where it passed ``old``."""

    path: str
    cls: str
    held: str
    keyword: str
    old: str
    new: str
    line: int
    length: int | None = None  # a list handed with fewer entries: its length now (None: a literal handed)
    member: str = ""  # the member's class as upstream's file names it
    factory: str = ""  # the method of ``cls`` whose return ``__init__`` stores as ``self.held`` (a factory), if any


def handed_literal_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork reads of a held member's attribute whose value upstream now hands the member's build as a literal."""
    pairs = {
        (m.group(1), m.group(2))
        for p in trees.mine
        if p.endswith(".py")
        for t in trees.mine[p].added.values()
        if not _holds_no_read(t)
        for m in _HELD_READ.finditer(t)
    }
    if not pairs:
        return []
    findings = _handed_shards(trees, pairs, pr_pattern)
    keywords = {kw for _, kw in pairs}
    gates = _keyword_gates(keywords)
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p, keywords, gates)]
    handed = [
        h
        for path, old, new in parsed_versions(trees, paths[:_MOST_FILES])
        for h in _handed(path, old, new)
        if (h.held, h.keyword) in pairs
    ]
    for path, module, owned in fork_modules(trees, lambda line: any(f".{h.held}.{h.keyword}" in line for h in handed)):
        for h, line in _fork_reads(path, module, owned, handed):
            sure = h.length is not None and _kept_as_is(trees, h)
            findings.append(_finding(trees, path, line, h, pr_pattern, sure))
    return findings


def _holds_no_read(line: str) -> bool:
    """A comment, or an import statement alone (``from pkg.engine.utils import X``): its dotted names are
    no attribute read (perf44: the imports and comments of drift_speed's carry made all its pairs but one)."""
    text = line.lstrip()
    if text.startswith("#"):
        return True
    return ";" not in text and _IMPORT_LINE.match(text) is not None


def _keyword_gates(keywords: set[str]) -> list[tuple[str, re.Pattern[str]]] | None:
    """A search a keyword for ``KW\\s*=`` (a literal first: a fast substring search), which every line
    ``_candidate`` keeps holds; None for many keywords, where a search apiece would cost more than the lines'."""
    if len(keywords) > _MOST_GATES:
        return None
    return [(k, re.compile(re.escape(k) + r"\s*=")) for k in sorted(keywords)]


def _candidate(
    trees: ThreeTrees, path: str, keywords: set[str], gates: list[tuple[str, re.Pattern[str]]] | None = None
) -> bool:
    """The diff added a line passing one of the read keywords a literal, or a list display.  ``gates`` first,
    on the file's whole diff: the line patterns, tried at every word of every added line, were all but nothing
    of the check's 14 ms at drift_speed's 150 commits (perf44)."""
    if gates is not None:
        raw = trees.upstream.raw(path)
        if not any(k in raw and gate.search(raw) for k, gate in gates):
            return False
    return any(
        "=" in line
        and bool(
            ((m := _LITERAL_KW.search(line)) and m.group(1) in keywords)
            or ("[" in line and any(k.group(1) in keywords for k in _LIST_KW.finditer(line)))
        )
        for line in trees.upstream[path].added.values()
    )


def _handed(path: str, old: ast.Module, new: ast.Module) -> Iterator[Handed]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        old_init, init = (_init(was) if was else None), _init(cls)
        if old_init is None or init is None:
            continue
        old_builds, builds = _builds(old_init, was), _builds(init, cls)
        factories = _factories(init, cls)
        for held, call in builds.items():
            prior = old_builds.get(held)
            if prior is not None and ast.dump(prior.func) == ast.dump(call.func):
                yield from (
                    replace(h, factory=factories.get(held, "")) for h in _changed(path, cls.name, held, prior, call)
                )


def _builds(init: ast.FunctionDef, cls: ast.ClassDef | None = None) -> dict[str, ast.Call]:
    """``A`` -> the call ``__init__`` stores as ``self.A``, for each attribute it stores exactly once, a call;
    a call of a factory method of the class (``self.create_ba_proj(...)``, #36242) whose one return is a call
    stands for that call."""
    return {a: _factory_build(c, cls) or c for a, c in _stored_calls(init).items()}


def _stored_calls(init: ast.FunctionDef) -> dict[str, ast.Call]:
    stores: dict[str, list[ast.expr | None]] = {}
    for node in ast.walk(init):
        if isinstance(node, ast.stmt):
            for target in assigned_targets(node):
                if is_self_attribute(target):
                    stores.setdefault(target.attr, []).append(getattr(node, "value", None))
    return {a: v[0] for a, v in stores.items() if len(v) == 1 and isinstance(v[0], ast.Call)}


def _factories(init: ast.FunctionDef, cls: ast.ClassDef) -> dict[str, str]:
    """``A`` -> ``m`` where ``__init__`` stores ``self.A = self.m(...)``, ``m`` a factory method of the class: a
    subclass overriding ``m`` builds the member its own way."""
    return {
        a: c.func.attr
        for a, c in _stored_calls(init).items()
        if isinstance(c.func, ast.Attribute) and _factory_build(c, cls) is not None
    }


def _factory_build(call: ast.Call, cls: ast.ClassDef | None) -> ast.Call | None:
    """The call ``self.m(...)``'s method ``m`` of ``cls`` returns, when its body's one return is a call of a
    class (a capitalised name: a build, not another helper)."""
    func = call.func
    if cls is None or not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)):
        return None
    if func.value.id != "self":
        return None
    method = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == func.attr), None)
    returns = [n.value for n in ast.walk(method) if isinstance(n, ast.Return)] if method is not None else []
    built = returns[0] if len(returns) == 1 else None
    if isinstance(built, ast.Call) and isinstance(built.func, ast.Name) and built.func.id[:1].isupper():
        return built
    return None


def _changed(path: str, cls: str, held: str, prior: ast.Call, call: ast.Call) -> Iterator[Handed]:
    """Each keyword ``call`` now passes a literal (not None) that ``prior`` passed another expression for."""
    was = {k.arg: k.value for k in prior.keywords if k.arg}
    member = ast.unparse(call.func)
    for kw in call.keywords:
        value, old = kw.value, was.get(kw.arg or "")
        if kw.arg is None or old is None or ast.dump(old) == ast.dump(value):
            continue
        texts = (ast.unparse(old), ast.unparse(value))
        if _literal(value):
            yield Handed(path, cls, held, kw.arg, *texts, kw.value.lineno, member=member)
        elif (length := _list_length(value)) is not None and length < (_list_length(old) or 0):
            yield Handed(path, cls, held, kw.arg, *texts, kw.value.lineno, length, member)


def _list_length(node: ast.expr) -> int | None:
    """The entries of a list display (``[a, b]``), or of one repeated a literal count of times (``[a] * 2``)."""
    if isinstance(node, ast.List) and not any(isinstance(e, ast.Starred) for e in node.elts):
        return len(node.elts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        for seq, times in ((node.left, node.right), (node.right, node.left)):
            inner = _list_length(seq)
            if inner is not None and isinstance(times, ast.Constant) and type(times.value) is int:
                return inner * times.value
    return None


def _literal(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and node.value is not None and not isinstance(node.value, bytes)


def _fork_reads(path: str, module: ast.Module, owned: set[int], handed: list[Handed]) -> Iterator[tuple[Handed, int]]:
    imports = file_imports(module, path)
    local = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    parents = parent_map(module)
    for node in ast.walk(module):
        if not (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.lineno in owned):
            continue
        held = node.value
        if not (isinstance(held, ast.Attribute) and isinstance(held.value, ast.Name)):
            continue
        for item in handed:
            if (held.attr, node.attr) == (item.held, item.keyword) and _typed(
                held.value, item, parents, imports, local
            ):
                if _past_end(node, item, parents) and not _quieted(node, item, parents):
                    yield item, node.lineno
                    break


def _past_end(read: ast.Attribute, item: Handed, parents: dict[int, ast.AST]) -> bool:
    """A literal handed: any read.  A list handed shorter: a literal index past its new end (``[1]`` of one)."""
    if item.length is None:
        return True
    up = parents.get(id(read))
    index = up.slice if isinstance(up, ast.Subscript) and up.value is read else None
    if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub) and isinstance(index.operand, ast.Constant):
        return type(index.operand.value) is int and index.operand.value > item.length
    return isinstance(index, ast.Constant) and type(index.value) is int and index.value >= item.length


def _kept_as_is(trees: ThreeTrees, item: Handed) -> bool:
    """The member's class (of upstream's file, or the module it imports the name from) stores the keyword's
    parameter unchanged as ``self.<keyword>`` in its ``__init__``: the list read back is the one handed."""
    cls = _member_class(trees, item)
    init = _init(cls) if cls is not None else None
    return init is not None and _stores_param(init, item.keyword)


def _member_class(trees: ThreeTrees, item: Handed) -> ast.ClassDef | None:
    """The member's class at upstream: in upstream's file, or the module that file imports the name from."""
    text = trees.blobs(trees.theirs, [item.path])[item.path] or ""
    module = parse_python(text, item.path) if item.member.isidentifier() else None
    if module is None:
        return None
    cls = next((c for c in file_classes(module.body) if c.name == item.member), None)
    if cls is None:
        source = file_imports(module, item.path).get(item.member, ("", ""))[0].replace(".", "/")
        others = [f"{source}.py", f"{source}/__init__.py"] if source else []
        texts = trees.blobs(trees.theirs, others) if others else {}
        other, found = next(((p, t) for p, t in texts.items() if t), ("", None))
        parsed = parse_python(found, other) if found else None
        cls = next((c for c in file_classes(parsed.body) if c.name == item.member), None) if parsed else None
    return cls


def _stores_param(init: ast.FunctionDef, keyword: str) -> bool:
    """``self.<keyword> = <keyword>`` in ``init``, the parameter rebound nowhere in it."""
    params = {a.arg for a in (*init.args.args, *init.args.kwonlyargs)}
    stored = rebound = False
    for node in ast.walk(init):
        if not isinstance(node, ast.stmt):
            continue
        for target in assigned_targets(node):
            value = getattr(node, "value", None)
            if is_self_attribute(target) and target.attr == keyword:
                stored = isinstance(value, ast.Name) and value.id == keyword
            elif isinstance(target, ast.Name) and target.id == keyword:
                rebound = True
    return keyword in params and stored and not rebound


def _typed(
    name: ast.Name,
    item: Handed,
    parents: dict[int, ast.AST],
    imports: dict[str, tuple[str, str]],
    local: dict[str, ast.ClassDef],
) -> bool:
    """``name`` is ``self`` of a class deriving from ``item``'s class (not setting ``self.held`` itself), or a
    name its function types as that class."""
    if name.id == "self":
        cls = enclosing_class(name, parents)
        if cls is None or _sets(cls, item.held) or _overrides_factory(cls, item, local):
            return False
        return bool(derived_from(cls, local_bases(cls, local), imports, [item]))
    func = enclosing(name, parents)
    if func is None:
        return False
    for typed in receiver_names(name.id, func):
        # a quoted annotation is any text: ``"a.1"`` or ``"lambda"`` passed the old identifier test, then
        # crashed ``ast.parse`` (a SyntaxError lost every merge-aware check)
        expr = parsed_expression(typed)
        origin = imported_origin(expr, imports) if isinstance(expr, ast.Name | ast.Attribute) else None
        if origin is not None and _names(origin, item):
            return True
    return False


def _overrides_factory(cls: ast.ClassDef, item: Handed, local: dict[str, ast.ClassDef]) -> bool:
    """The fork's class (or a base class of its file) defines the factory method upstream's ``__init__`` builds
    the member through: the member is built the fork's way (review134: ``create_ba_proj`` handing two shards
    again, as upstream's own Qwen3.5 layer does)."""
    if not item.factory:
        return False
    return any(
        isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name == item.factory
        for owner in (cls, *local_bases(cls, local).values())
        for stmt in owner.body
    )


def _quieted(read: ast.Attribute, item: Handed, parents: dict[int, ast.AST]) -> bool:
    """The function stores ``X.held.keyword`` itself, or tests it: it sets or asks the value it reads; an index
    of a list handed shorter inside a ``try`` whose handler catches the IndexError it may raise."""
    func = enclosing(read, parents)
    if func is None:
        return False
    if item.length is not None and _caught(read, parents, func):
        return True
    spelt = ast.unparse(read)
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and ast.unparse(node) == spelt:
            return True
        if isinstance(node, ast.If | ast.IfExp | ast.Assert | ast.Compare) and any(
            ast.unparse(n) == spelt for n in ast.walk(node.test if not isinstance(node, ast.Compare) else node)
        ):
            return True
    return False


def _caught(read: ast.AST, parents: dict[int, ast.AST], func: ast.AST) -> bool:
    """``read`` sits in the body of a ``try`` (inside ``func``) one of whose handlers catches IndexError (or
    LookupError, Exception, BaseException, or bare)."""
    child, node = read, parents.get(id(read))
    while node is not None and node is not func:
        if isinstance(node, ast.Try | ast.TryStar) and child in node.body:
            if any(_catches_index_error(h.type) for h in node.handlers):
                return True
        child, node = node, parents.get(id(node))
    return False


def _catches_index_error(caught: ast.expr | None) -> bool:
    if caught is None:
        return True
    names = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return any(last_name(n) in _INDEX_ERRORS for n in names)


def _finding(trees: ThreeTrees, path: str, line: int, item: Handed, pr_pattern: str, sure: bool) -> Finding:
    if item.length is not None:
        return _shorter(trees, path, line, item, pr_pattern, sure)
    commit = trees.upstream_commit(
        item.path, rf"{item.keyword}[[:space:]]*=[[:space:]]*{re.escape(item.new)}", pr_pattern
    )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned read of {item.held}.{item.keyword} off {item.cls}, whose constructor upstream changed "
        f"({item.path}:{item.line}{commit}): it now builds self.{item.held} with {item.keyword}={item.new} where it "
        f"passed {item.old}, so a member storing the keyword holds {item.new} on every instance and the read no "
        f"longer gets {item.old}; read the value at its source ({item.old}) if the fork needs it",
    )


def _shorter(trees: ThreeTrees, path: str, line: int, item: Handed, pr_pattern: str, sure: bool) -> Finding:
    commit = trees.upstream_commit(item.path, rf"{item.keyword}[[:space:]]*=[[:space:]]*\[", pr_pattern)
    unsure = "" if sure else " (if the member stores the keyword as handed: its class is not read here)"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if sure else Severity.WARNING,
        path,
        line,
        f"fork-owned index of {item.held}.{item.keyword} off {item.cls}, whose constructor upstream changed "
        f"({item.path}:{item.line}{commit}): it now builds self.{item.held} with {item.keyword}={item.new} "
        f"({item.length} entr{'y' if item.length == 1 else 'ies'}) where it passed {item.old}, so the index is past "
        f"the list's end{unsure}: IndexError; read the entries the member holds now",
    )


# what every line ``_LIST_KW`` finds holds: a file's whole diff without it passes no list
_LIST_OPEN = lazy_pattern(r"=\s*\[")
# a fork line calling a method with a literal whole number among its arguments: ``p.weight_loader(p, w, 1)``
_LITERAL_ARG_CALL = lazy_pattern(r"\.\w+\([^()]*\b\d+\s*[,)]")


def _handed_shards(trees: ThreeTrees, pairs: set[tuple[str, str]], pr_pattern: str) -> list[Finding]:
    """Fork calls handing a literal index past the end of a list upstream now hands the member shorter, to a method
    of the member's class that indexes (or bounds) that list with the parameter: ``param.weight_loader(param, w,
    1)``, ``param`` a parameter of the member (``layer.in_proj_ba.weight``, the layer's loader carried by its
    parameter, by name), or ``layer.in_proj_ba.weight_loader(...)`` itself."""
    if not any(
        _LITERAL_ARG_CALL.search(t) for p in trees.mine if p.endswith(".py") for t in trees.mine[p].added.values()
    ):
        return []
    helds = {held for held, _ in pairs}
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _lists_handed(trees, p)]
    # a member both versions store names its attribute in both texts: the rest parse for nothing (perf46: with
    # a fork's literal-index call past the gate above, the 32 parses were 28 of the 30 ms at drift_speed's window)
    handed = [
        h
        for path, old, new in parsed_versions(
            trees, paths[:_MOST_FILES], lambda before, after: any(held in before and held in after for held in helds)
        )
        for h in _handed(path, old, new)
        if h.length is not None and h.held in helds
    ]
    findings: list[Finding] = []
    for path, module, owned in fork_modules(trees, lambda line: any(f".{h.held}" in line for h in handed)):
        for item, call, method in _shard_calls(path, module, owned, handed):
            cls = _member_class(trees, item)
            slot = _indexing_slot(cls, method, item.keyword) if cls is not None else None
            index = _literal_at(call, slot) if slot is not None else None
            if index is not None and index >= (item.length or 0):
                findings.append(_shard_finding(trees, path, call, item, method, index, pr_pattern))
    return findings


def _lists_handed(trees: ThreeTrees, path: str) -> bool:
    """An added line passes a keyword a list display; ``=\\s*\\[`` on the file's whole diff first (a literal
    first: a fast search), which each such line holds."""
    if _LIST_OPEN.search(trees.upstream.raw(path)) is None:
        return False
    return any("[" in line and _LIST_KW.search(line) for line in trees.upstream[path].added.values())


def _shard_calls(
    path: str, module: ast.Module, owned: set[int], handed: list[Handed]
) -> Iterator[tuple[Handed, ast.Call, str]]:
    """(item, call, method) of each fork call ``R.m(...)`` whose receiver is the member ``X.held`` or one of its
    attributes, directly or through a name the function binds once to it, ``X`` typed as the item's class."""
    imports = file_imports(module, path)
    local = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    parents = parent_map(module)
    for node in ast.walk(module):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.lineno in owned):
            continue
        held = _member_of(node.func.value, node, parents)
        for item in handed:
            if held is not None and held.attr == item.held and isinstance(held.value, ast.Name):
                if _typed(held.value, item, parents, imports, local):
                    yield item, node, node.func.attr
                    break


def _member_of(receiver: ast.expr, at: ast.AST, parents: dict[int, ast.AST]) -> ast.Attribute | None:
    """``X.held`` of a receiver ``X.held``/``X.held.attr``, or of a name bound once to one in the function."""
    if isinstance(receiver, ast.Name):
        func = enclosing(at, parents)
        values = assigned_values(func).get(receiver.id, ()) if func is not None else ()
        receiver = values[0] if len(values) == 1 else receiver
    if isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Attribute):
        receiver = receiver.value
    if isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name):
        return receiver
    return None


def _indexing_slot(cls: ast.ClassDef, method: str, keyword: str) -> int | None:
    """The position (``self`` dropped) of the parameter of ``cls.method`` that indexes ``self.<keyword>``
    (``self.output_sizes[shard_id]``) or is bounded by its length (``shard_id < len(self.output_sizes)``)."""
    func = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == method), None)
    if func is None:
        return None
    params = [a.arg for a in (*func.args.posonlyargs, *func.args.args)][1:]
    spelt = f"self.{keyword}"
    for node in ast.walk(func):
        named: ast.expr | None = None
        if isinstance(node, ast.Subscript) and ast.unparse(node.value) == spelt:
            named = node.slice
        elif isinstance(node, ast.Compare) and f"len({spelt})" in ast.unparse(node):
            named = node.left
        if isinstance(named, ast.Name) and named.id in params:
            return params.index(named.id)
    return None


def _literal_at(call: ast.Call, slot: int) -> int | None:
    args = call.args
    if slot < len(args) and not any(isinstance(a, ast.Starred) for a in args[: slot + 1]):
        value = args[slot]
        return value.value if isinstance(value, ast.Constant) and type(value.value) is int else None
    return None


def _shard_finding(
    trees: ThreeTrees, path: str, call: ast.Call, item: Handed, method: str, index: int, pr_pattern: str
) -> Finding:
    commit = trees.upstream_commit(item.path, rf"{item.keyword}[[:space:]]*=[[:space:]]*\[", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        call.lineno,
        f"fork call hands {index} to {item.held}'s {method}, which indexes its {item.keyword} by that argument, and "
        f"{item.cls}'s constructor upstream changed ({item.path}:{item.line}{commit}): it now builds "
        f"self.{item.held} with {item.keyword}={item.new} ({item.length} entr{'y' if item.length == 1 else 'ies'}) "
        f"where it passed {item.old}, so the index is past the list's end (if the member stores the keyword as "
        "handed and the call reaches its method); hand the entries the member holds now",
    )
