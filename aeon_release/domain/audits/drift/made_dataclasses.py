"""Made dataclass drift: a fork's ``make_dataclass`` subclass adds a field without a default behind a defaulted
field upstream gave the base.

``dataclasses.make_dataclass(name, fields, bases=(Base,))`` is the functional spelling of a dataclass
subclass: the generated ``__init__`` takes the bases' fields first, then ``fields``.  When upstream gives
``Base`` its first positional field with a default (#21270 gave ``CommonAttentionMetadata`` ``causal: bool =
True``), a fork's ``("draft_token_ids", torch.Tensor)`` entry -- a field without a default -- now follows a
defaulted one and the call raises ``TypeError: non-default argument 'draft_token_ids' follows default
argument`` when the fork's module is imported.  The class statement's spelling (``@dataclass class
X(Base): y: T``) is symbol drift's (``_misordered``); this is the call's.

A fork-owned ``make_dataclass(...)`` call (its ``fields`` a list or tuple literal, or a module name bound once
to one) naming a base by its class name, without ``kw_only=True`` or ``init=False``, whose first positional
entry without a default (``"y"``, ``("y", T)``, ``("y", T, field())``) is a fork line, is checked against
each base declared once in the files upstream changed: a class decorated ``@dataclass`` (not ``kw_only``)
that had no positional defaulted field of its own at the base and has one at upstream.  That is an error on
the entry's line: every path through the call builds the class.  A base declared twice, or not changed,
a keyword-only or defaulted entry, a name that redeclares the base's field, stay quiet.
(review131) So do an entry of ``field(init=False)``, a ``ClassVar`` entry, the entries after a ``KW_ONLY`` marker,
a call in a ``try`` catching ``TypeError``, and a base of the name the fork declares itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.returns import fork_modules, own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts
from aeon_release.domain.audits.drift.struct_tuples import own_classes
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parameter_names, parse_python

_WORD = "make_dataclass("
_MOST_FILES = 32
_TRIVIAL_BASES = frozenset({"object", "ABC", "Generic", "Protocol"})
_CAUGHT = frozenset({"TypeError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Made:
    """A fork's ``make_dataclass`` call: its bases' class names and its first positional field without a default."""

    path: str
    line: int  # the entry's line
    field: str
    bases: tuple[str, ...]


def made_dataclass_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    made = list(_fork_calls(trees))
    if not made:
        return []
    names = {b for m in made for b in m.bases}
    holding = trees.declaring(names, _MOST_FILES)
    if not holding:
        return []
    before, after = both_texts(trees, holding)
    findings = []
    for call in made:
        for base in call.bases:
            found = _defaulted_now(base, holding, before, after)
            if found is not None and call.field not in found[2]:
                findings.append(_finding(trees, call, base, found, pr_pattern))
                break
    return findings


def _fork_calls(trees: ThreeTrees) -> Iterator[Made]:
    for path, module, owned in fork_modules(trees, lambda line: _WORD in line):
        lists, shielded = _module_lists(module), _shielded(module)
        own, aliases = own_classes(module, frozenset(owned)), _aliases(module)
        for node, local in _calls(module, frozenset()):
            if id(node) not in shielded:
                made = _made(path, node, lists, own, aliases, local)
                if made is not None and made.line in owned:
                    yield made


def _calls(node: ast.AST, local: frozenset[str]) -> Iterator[tuple[ast.Call, frozenset[str]]]:
    """Each ``make_dataclass(...)`` call under ``node``, with the names the defs around it bind themselves
    (review140: their parameters and stores shadow the module's names, an alias included)."""
    for child in ast.iter_child_nodes(node):
        inner = local
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            body = child.body if isinstance(child.body, list) else [child.body]
            stored = {n.id for n in own_nodes(body) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
            inner = local | parameter_names(child.args) | stored
        if isinstance(child, ast.Call) and last_name(child.func) == "make_dataclass":
            yield child, inner
        yield from _calls(child, inner)


def _shielded(module: ast.Module) -> set[int]:
    """(review131) The nodes in a ``try`` body whose handler catches the call's TypeError (``TypeError``,
    ``Exception``, ``BaseException``, a bare ``except``): the fork meets the failure itself (a fallback
    spelling, ``kw_only=True``, in the handler)."""
    return {
        id(n)
        for t in ast.walk(module)
        if isinstance(t, ast.Try | ast.TryStar) and any(_catches(h) for h in t.handlers)
        for stmt in t.body
        for n in ast.walk(stmt)
    }


def _catches(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(k is None or last_name(k) in _CAUGHT for k in kinds)


def _module_lists(module: ast.Module) -> dict[str, ast.List | ast.Tuple]:
    """Module names bound once, to a list or tuple literal (a table of fields the call is handed)."""
    bound: dict[str, list[ast.expr]] = {}
    for stmt in module.body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
            for target in stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(stmt.value)
    return {n: v[0] for n, v in bound.items() if len(v) == 1 and isinstance(v[0], ast.List | ast.Tuple)}


def _aliases(module: ast.Module) -> dict[str, str]:
    """(mend81) A name the module binds to a class under another name -> that class's name: ``from m import Base
    as B`` (an import's ``as``), or a module-level ``B = Base`` / ``B = m.Base`` bound once (to a name imported
    under an alias too: ``B`` -> ``Base``)."""
    found = {
        a.asname: a.name
        for n in ast.walk(module)
        if isinstance(n, ast.ImportFrom)
        for a in n.names
        if a.asname and a.asname != a.name
    }
    bound: dict[str, list[ast.expr]] = {}
    for stmt in module.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            bound.setdefault(stmt.targets[0].id, []).append(stmt.value)
    for name, values in bound.items():
        named = last_name(values[0]) if isinstance(values[0], ast.Name | ast.Attribute) else None
        if len(values) == 1 and named and named != name and named[:1].isupper() and name not in found:
            found[name] = found.get(named, named)
    return found


def _made(
    path: str,
    call: ast.Call,
    lists: dict[str, ast.List | ast.Tuple],
    own: frozenset[str],
    aliases: dict[str, str] | None = None,
    local: frozenset[str] = frozenset(),
) -> Made | None:
    """The call's first positional entry without a default and its bases (not ``own``: a class of the name
    the fork declares in the module is its own, not upstream's; (mend81) an alias read as the class it names;
    (review140) a base the enclosing defs bind themselves, ``local``, is theirs: not known, not checked)."""
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    if any(_true(keywords.get(flag)) is value for flag, value in (("kw_only", True), ("init", False))):
        return None
    bases = keywords.get("bases", call.args[2] if len(call.args) > 2 else None)
    fields = keywords.get("fields", call.args[1] if len(call.args) > 1 else None)
    if isinstance(fields, ast.Name):
        fields = lists.get(fields.id)
    if not isinstance(bases, ast.Tuple | ast.List) or not isinstance(fields, ast.List | ast.Tuple):
        return None
    mine = {b.id for b in bases.elts if isinstance(b, ast.Name) and b.id in own}
    spelt = (last_name(b) for b in bases.elts if not (isinstance(b, ast.Name) and b.id in mine | local))
    named = ((aliases or {}).get(n, n) if n else n for n in spelt)
    names = tuple(n for n in named if n and n not in _TRIVIAL_BASES)
    entry = _first_bare(fields.elts)
    return Made(path, entry.lineno, _bare(entry) or "", names) if names and entry is not None else None


def _true(value: ast.expr | None) -> bool | None:
    return value.value if isinstance(value, ast.Constant) and isinstance(value.value, bool) else None


def _first_bare(entries: list[ast.expr]) -> ast.expr | None:
    """(review131) The first entry that is an ``__init__`` parameter without a default: a ``ClassVar`` entry is
    no field, and every entry after a ``KW_ONLY`` marker (``("_", KW_ONLY)``) is keyword-only."""
    for entry in entries:
        kind = _kind(entry)
        if kind == "KW_ONLY":
            return None
        if kind != "ClassVar" and _bare(entry) is not None:
            return entry
    return None


def _kind(entry: ast.expr) -> str:
    """The head of a ``(name, type, ...)`` entry's type: ``ClassVar`` of ``ClassVar[int]``, also in a string."""
    if not isinstance(entry, ast.Tuple) or len(entry.elts) < 2:
        return ""
    note = entry.elts[1]
    if isinstance(note, ast.Constant) and isinstance(note.value, str):
        return note.value.split("[", 1)[0].rsplit(".", 1)[-1].strip()
    return last_name(note.value if isinstance(note, ast.Subscript) else note) or ""


def _bare(entry: ast.expr) -> str | None:
    """The name of a positional field entry without a default: ``"y"``, ``("y", T)``, ``("y", T, field())``."""
    if isinstance(entry, ast.Constant) and isinstance(entry.value, str):
        return entry.value
    if not isinstance(entry, ast.Tuple) or not entry.elts or not isinstance(entry.elts[0], ast.Constant):
        return None
    name = entry.elts[0].value
    if not isinstance(name, str) or len(entry.elts) > 3:
        return None
    if len(entry.elts) == 3 and (not _bare_field(entry.elts[2]) or _field_flag(entry.elts[2], "init") is False):
        return None  # a default, or (review131) field(init=False): no parameter of __init__
    return name


def _bare_field(spec: ast.expr) -> bool:
    """``field(...)`` with no default, no factory and not keyword-only."""
    if not (isinstance(spec, ast.Call) and last_name(spec.func) == "field"):
        return False
    flags = {k.arg: k.value for k in spec.keywords}
    return not {"default", "default_factory"} & flags.keys() and _true(flags.get("kw_only")) is not True


def _defaulted_now(
    base: str, holding: list[str], before: dict[str, str | None], after: dict[str, str | None]
) -> tuple[str, str, frozenset[str]] | None:
    """(the file, the base's first positional defaulted field at upstream, its fields) where the base is declared
    once in the files upstream changed and gained its first positional defaulted field; else None."""
    now = [(p, f) for p in holding if (f := _own_fields(after[p], p, base)) is not None]
    if len(now) != 1:
        return None
    path, fields = now[0]
    was = _own_fields(before[path], path, base)
    first = next((name for name, default in fields if default), None)
    if was is None or first is None or any(default for _, default in was):
        return None
    return path, first, frozenset(name for name, _ in fields)


def _own_fields(text: str | None, path: str, name: str) -> list[tuple[str, bool]] | None:
    """(field, has a default) of the positional fields the ``@dataclass`` class ``name`` declares itself; None
    when the module does not declare it once as a dataclass (or only keyword-only)."""
    module = parse_python(text, path) if text is not None else None
    found = [n for n in ast.walk(module) if isinstance(n, ast.ClassDef) and n.name == name] if module else []
    if len(found) != 1 or not any(_names_dataclass(d) for d in found[0].decorator_list):
        return None
    if any(_decorator_kw_only(d) for d in found[0].decorator_list):
        return None
    fields = []
    for stmt in found[0].body:
        if not isinstance(stmt, ast.AnnAssign) or not isinstance(stmt.target, ast.Name):
            continue
        kind = last_name(stmt.annotation.value if isinstance(stmt.annotation, ast.Subscript) else stmt.annotation)
        if kind == "KW_ONLY":
            break
        if kind == "ClassVar" or _field_flag(stmt.value, "init") is False or _field_flag(stmt.value, "kw_only"):
            continue
        fields.append((stmt.target.id, stmt.value is not None and not _bare_field(stmt.value)))
    return fields


def _names_dataclass(decorator: ast.expr) -> bool:
    return last_name(decorator.func if isinstance(decorator, ast.Call) else decorator) == "dataclass"


def _decorator_kw_only(decorator: ast.expr) -> bool:
    return isinstance(decorator, ast.Call) and any(
        k.arg == "kw_only" and _true(k.value) is True for k in decorator.keywords
    )


def _field_flag(value: ast.expr | None, flag: str) -> bool | None:
    if isinstance(value, ast.Call) and last_name(value.func) == "field":
        return next((_true(k.value) for k in value.keywords if k.arg == flag), None)
    return None


def _finding(
    trees: ThreeTrees, call: Made, base: str, found: tuple[str, str, frozenset[str]], pr_pattern: str
) -> Finding:
    path, first, _ = found
    commit = trees.upstream_commit(path, rf"^[[:space:]]+{first}[[:space:]]*:", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        call.path,
        call.line,
        f"make_dataclass's field {call.field}, without a default, now follows {base}.{first}, a defaulted field "
        f"upstream gave the base ({path}{commit}): the generated __init__ takes the base's fields first, so the "
        f"call raises TypeError (non-default argument '{call.field}' follows default argument) when the module "
        f"loads; give {call.field} a default (a third item), or pass kw_only=True",
    )
