"""Returned string drift: upstream renamed the string a function returns; a fork line still compares a
call of it with the old one, or keys a table with it.

``if self.attn_backend.get_name() == "flash-attn":`` merges cleanly after upstream made every backend's
``get_name()`` return its enum's name (``"FLASH_ATTN"``): the test is never true again, nothing fails,
and the fork's branch is dead.  A table the fork keys by those names (``_BLOCK = {"flash-attn": 16}``,
read ``_BLOCK[backend.get_name()]``) raises ``KeyError`` on the first request.

A string *vanished* from a name when a ``def`` of that name (one qualified name, in a file upstream
changed) returned only string literals at the merge base, one of them that string, and returns only
string literals at upstream, none of them it; and no ``def`` of the name in any upstream file holding
the string still returns it (a literal another implementation keeps is still an answer).  A fork-owned
comparison (``==``, ``!=``, ``in``/``not in`` a display) of a call of the name with a vanished string
is an error (unless the function it sits in also names what the def returns now: written for both sides),
as is a fork-owned dict display keyed by one that the file looks up with a call of the name (``T[f()]``,
``T.get(f())``).

A property is read, not called: ``layer.mamba_type == "linear_attention"`` compares what the property
returned (#26487 made ``Qwen3NextGatedDeltaNet.mamba_type`` return ``"gdn_attention"``).  Another class
may keep the old string (MiniMax's linear attention still answers ``"linear_attention"``): then only a
read off a receiver the fork types as the class that dropped it (``layer: Qwen3NextGatedDeltaNet``, or a
subclass of it) is an error; a read off a receiver of no known type may be the other class, and is a
warning (a receiver typed as another class is that class's own string, and stays quiet).

A suffix or prefix test too (mend75): ``why.endswith("routing method")`` held for #34908's old reason and for no
value upstream's def returns now as written (``f"... routing method {method}"``: a formatted edge is the value's
text, not the def's), an error; quiet while a literal edge of any value returned now still holds it, or a value a
def of the fork's own of the name returns does, or the function also tests an affix only the new value passes
(review114: written for both sides).

Cheap first: only upstream files whose diff removed a ``return "..."`` line are parsed, only when a
line the fork added calls (or reads an attribute) beside a comparison or a lookup; then only the fork's
files whose added lines call or read a drifted name.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.drift.own_fields import enclosing, written_scope
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, owner_class
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    display_strings,
    keys_given_later,
    lazy_pattern,
    method_defs,
    parent_map,
    parse_python,
    str_value,
    table_lookup,
)

# an upstream diff line that takes out a returned string literal
_RETURN_REMOVED = lazy_pattern(
    r"""\n-[ \t]*return[ \t]+(?:(?:frozenset|set)?[{[(][ \t]*)?[rRuU]?["']"""
)  # from a newline: fast (constants.py)
# a removed ``return False, reason("...")``: a string in a slot of a returned pair (#34908)
_SLOT_REMOVED = lazy_pattern(r"""\n-[ \t]*return[ \t]+[^\n,]+,[^\n]*["']""")
# a fork line unpacking a call's pair: ``ok, why = is_supported(...)``
_UNPACKED_CALL = lazy_pattern(r"^\s*\w+(?:\s*,\s*\w+)+\s*=\s*(?:[\w.]*\.)?(\w+)\s*\(")
# a fork line that calls a name beside a comparison or a lookup: ``f() == "x"``, ``"x" in f()``, ``T[f()]``
_CALL_USED = lazy_pattern(r"""(?:==|!=|\bin\b|\[|\.get\(|\.(?:end|start)swith\()""")
_CALLED = lazy_pattern(r"(\w+)\s*\(")
_READ = lazy_pattern(r"\.(\w+)\b(?!\s*\()")  # an attribute read (a property's use), not a call


@dataclass(frozen=True)
class Vanished:
    """``old`` was returned by ``qualname`` (named ``name``) in ``path`` at the base; upstream returns ``new``."""

    name: str
    qualname: str
    path: str
    old: str
    new: tuple[str, ...]
    read: bool = False  # a property: read, not called
    elsewhere: bool = False  # another def of the name still returns it: only a typed receiver is the class's
    doubt: bool = False  # read off a receiver of no known type: it may be the class that kept the string
    slot: int = -1  # the string was the def's returned pair's ``slot``-th value (#34908), not the whole value
    every: tuple[str, ...] = ()  # a slot's: every value upstream's def returns there (``{...}`` a formatted part)
    affix: str = ""  # mend75: the suffix (``endswith``) or prefix (``startswith``) the fork tests, if that
    ours: tuple[str, ...] = ()  # review114: what the fork's own defs of the name return (there), ``{...}`` spelled

    @property
    def owner(self) -> str:
        return owner_class(self.qualname)


def returned_string_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    names = _fork_called(trees)
    if not names:
        return []
    vanished = _not_returned_by_fork(trees, _vanished(trees, names))
    if not vanished:
        return []
    findings = []
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        if not _calls_any(trees, path, vanished):
            continue
        module, owned = trees.merged_module(path), trees.owned_lines(path)
        if module is not None and owned:
            for line, gone in _fork_uses(module, owned, vanished):
                findings.append(_finding(trees, path, line, gone, pr_pattern))
    return findings


def _fork_called(trees: ThreeTrees) -> set[str]:
    """Names the fork's added lines call beside a comparison or a lookup (a text scan)."""
    names: set[str] = set()
    for path, change in trees.mine.items():
        if path.endswith(".py"):
            for text in change.added.values():
                names.update(_UNPACKED_CALL.findall(text))  # its slot compared on a later line
                if _CALL_USED.search(text):
                    code = text.split("#", 1)[0]
                    names.update(_CALLED.findall(code), _READ.findall(code))
    return names


def _calls_any(trees: ThreeTrees, path: str, vanished: dict[str, list[Vanished]]) -> bool:
    added = trees.mine[path].added.values()
    return any(name in vanished for text in added for name in (*_CALLED.findall(text), *_READ.findall(text)))


def _vanished(trees: ThreeTrees, names: set[str]) -> dict[str, list[Vanished]]:
    """name -> the strings its definitions stopped returning (and returned by none of its other defs)."""
    # a file upstream deleted holds no lines in the diff: one it renamed (git's rename detection) is read too
    deleted = [p for p in trees.upstream.deleted if p.endswith(".py")]
    slotted = [p for p in trees.upstream.matching(_SLOT_REMOVED, ".py") if p not in set(deleted)]
    paths = sorted({*trees.upstream.matching(_RETURN_REMOVED, ".py"), *slotted, *deleted})
    if not paths:
        return {}
    defines = re.compile(r"\bdef[ \t]+(?:" + "|".join(sorted(map(re.escape, names))) + r")[ \t]*\(")
    before = trees.blobs(trees.base, paths)
    paths = [p for p in paths if defines.search(before[p] or "")]  # read and parsed only when it defines one
    returning = re.compile(r"""^[ \t]*return[ \t]+(?:(?:frozenset|set)?[{[(][ \t]*)?[rRuU]?["']""", re.M)
    moved = _moved(trees, [p for p in paths if p in set(deleted) and returning.search(before[p] or "")])
    paths = [p for p in paths if p not in set(deleted) or p in moved]
    after = trees.blobs(trees.theirs, [p for p in paths if p not in moved])
    after.update({path: trees.blobs(trees.theirs, [to])[to] for path, to in moved.items()})
    found: dict[str, list[Vanished]] = {}
    for path in paths:
        old, new = _returned(before[path], names), _returned(after[path], names)
        props = _properties(after[path])
        for qualname, strings in old.items():
            now = new.get(qualname) if path not in moved else _renamed_def(new, qualname)
            for string in sorted(strings - set(now or ())) if now else ():
                name = qualname.rsplit(".", 1)[-1]
                gone = Vanished(name, qualname, path, string, tuple(sorted(now or ())), qualname in props)
                found.setdefault(name, []).append(gone)
    for path in (p for p in slotted if p in after):
        for gone in _slot_vanished(path, before[path], after[path], names):
            found.setdefault(gone.name, []).append(gone)
    kept = _not_returned_elsewhere(trees, [v for gone in found.values() for v in gone])
    return {n: [v if v in kept else replace(v, elsewhere=True) for v in found[n] if v in kept or v.read] for n in found}


Pattern = tuple[str | None, ...]  # literal parts, None for a formatted value (any text)


def _slot_vanished(path: str, old_text: str | None, new_text: str | None, names: set[str]) -> list[Vanished]:
    """The strings a def of one of ``names`` returned in a slot of its pair (``return False, "reason"``) at the
    base that no value upstream's def returns there can spell (#34908: ``"kernel does not support current
    device"`` became ``f"... current device {name}"``)."""
    old, new = _slots(old_text, names), _slots(new_text, names)
    found = []
    for qualname, (slot, patterns) in old.items():
        now = new.get(qualname)
        if now is None or now[0] != slot:
            continue
        kept = [re.compile("".join(".*" if p is None else re.escape(p) for p in n), re.S) for n in now[1]]
        shown = tuple(sorted({"".join("{...}" if p is None else p for p in n) for n in now[1]}))
        for string in sorted({"".join(p) for p in patterns if None not in p}):  # type: ignore[arg-type]
            if not any(k.fullmatch(string) for k in kept):
                name = qualname.rsplit(".", 1)[-1]
                near = tuple(s for s in shown if string.startswith(s.split("{...}", 1)[0].rstrip()))
                found.append(Vanished(name, qualname, path, string, near or shown, slot=slot, every=shown))
    return found


def _slots(text: str | None, names: set[str]) -> dict[str, tuple[int, list[Pattern]]]:
    """qualname -> (the slot, what it holds) of a def of ``names`` whose every ``return`` is a pair (or a longer
    tuple) of one length, one slot of which holds a string each time it holds anything but None: a literal, an
    f-string, or a nested helper's f-string of a literal (``_make_reason("routing method")``)."""
    module = parse_python(text, "<returned>") if text else None
    found: dict[str, tuple[int, list[Pattern]]] = {}
    for qualname, func in method_defs(module.body) if module is not None else ():
        values = [n.value for n in own_nodes(func.body) if isinstance(n, ast.Return)]
        tuples = [v.elts for v in values if isinstance(v, ast.Tuple)]
        if not values or len(tuples) != len(values) or len({len(e) for e in tuples}) != 1 or func.name not in names:
            continue
        helpers = {d.name: d for d in func.body if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef)}
        read = [[_pattern(e, helpers) for e in column] for column in zip(*tuples, strict=True)]
        slots = [i for i, col in enumerate(read) if None not in col and any(p != () for p in col)]
        if len(slots) == 1:
            found[qualname] = (slots[0], [p for p in read[slots[0]] if p is not None and p != ()])
    return found


def _pattern(value: ast.expr, helpers: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]) -> Pattern | None:
    """What a returned value spells: ``()`` for None, parts for a string literal, an f-string or a nested
    helper's one-line f-string of its argument; None for anything else."""
    if isinstance(value, ast.Constant) and value.value is None:
        return ()
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return (value.value,)
    if isinstance(value, ast.JoinedStr):
        return tuple(
            p.value if isinstance(p, ast.Constant) and isinstance(p.value, str) else None for p in value.values
        )
    helper = helpers.get(value.func.id) if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) else None
    if helper is None or not isinstance(value, ast.Call) or len(value.args) != 1 or value.keywords:
        return None
    body = [s for s in helper.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    params = [a.arg for a in helper.args.args]
    if len(body) != 1 or not isinstance(body[0], ast.Return) or len(params) != 1 or body[0].value is None:
        return None
    inner, arg = _pattern(body[0].value, {}), _pattern(value.args[0], {})
    if not inner or not arg or not isinstance(body[0].value, ast.JoinedStr):
        return None
    parts: list[str | None] = []
    for part, node in zip(inner, body[0].value.values, strict=True):
        plain = isinstance(node, ast.FormattedValue) and node.conversion == -1 and node.format_spec is None
        own = plain and isinstance(node.value, ast.Name) and node.value.id == params[0]  # type: ignore[attr-defined]
        parts += list(arg) if own else [part]
    return tuple(parts)


def _moved(trees: ThreeTrees, gone: list[str]) -> dict[str, str]:
    """Where git's rename detection says upstream moved files it no longer has (#38288: gptq_marlin.py ->
    auto_gptq.py, GPTQMarlinConfig -> AutoGPTQConfig returning "auto_gptq"): one ``git diff -M`` over their
    folders, only when such a file held a def that returned a string."""
    if not gone:
        return {}
    folders = sorted({f"{p.rsplit('/', 1)[0]}/" if "/" in p else "." for p in gone})
    renames = repo.Git(trees.repo).renames(trees.base, trees.theirs, [f":(literal){f}" for f in folders])
    return {p: renames[p] for p in gone if p in renames}


def _renamed_def(new: dict[str, set[str]], qualname: str) -> set[str] | None:
    """In a moved file, the one def of the name (its class may be renamed with the file): what it returns."""
    name = qualname.rsplit(".", 1)[-1]
    same = [strings for q, strings in new.items() if q.rsplit(".", 1)[-1] == name]
    return same[0] if len(same) == 1 else None


def _properties(text: str | None) -> set[str]:
    """Qualified names of the ``@property`` defs of a module."""
    module = parse_python(text, "<returned>") if text else None
    return {
        q
        for q, func in (method_defs(module.body) if module is not None else ())
        if any(isinstance(d, ast.Name) and d.id == "property" for d in func.decorator_list)
    }


def _returned(text: str | None, names: set[str]) -> dict[str, set[str]]:
    """qualname -> the strings a def of one of ``names`` returns, when it returns string literals only."""
    module = parse_python(text, "<returned>") if text else None
    found: dict[str, set[str]] = {}
    for qualname, func in method_defs(module.body) if module is not None else ():
        if func.name in names:
            values = [_strings(node.value) for node in own_nodes(func.body) if isinstance(node, ast.Return)]
            if values and None not in values:
                found[qualname] = {s for v in values for s in v or ()}
    return found


def _strings(value: ast.expr | None) -> list[str] | None:
    """The strings a ``return`` gives: one literal, or every element of a set, list or tuple display of
    literals (``return {"classify", "score"}``: #37537 took ``"score"`` out of a classifier head's
    ``get_supported_tasks()``, and a fork's ``"score" in head.get_supported_tasks()`` is never true again);
    None for anything else."""
    one = str_value(value)
    if one is not None:
        return [one]
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("set", "frozenset"):
        value = value.args[0] if len(value.args) == 1 and not value.keywords else None
    if not isinstance(value, (ast.Set, ast.List, ast.Tuple)) or not value.elts:
        return None
    found = [str_value(e) for e in value.elts]
    return None if None in found else [s for s in found if s is not None]


def _not_returned_elsewhere(trees: ThreeTrees, gone: list[Vanished]) -> set[Vanished]:
    """Of ``gone``, those no def of the name returns in any upstream file (one ``git grep`` for all the
    strings; a file is parsed only when a line of it returns one of them)."""
    holders = sorted(trees.python_files_with(tuple(sorted({v.old for v in gone}))))
    texts = trees.blobs(trees.theirs, holders)
    kept = set(gone)
    for v in gone:
        quoted = re.compile(rf"""["']{re.escape(v.old)}["']""")
        for text in (t for t in texts.values() if t and quoted.search(t)):
            if _may_return(text, v.name, v.old):
                kept.discard(v)
                break
    return kept


def _may_return(text: str, name: str, string: str) -> bool:
    """A def of ``name`` in the module has a ``return`` holding the string literal anywhere in its value: a
    display spread over lines, ``{"embed"} | {"score"}``, ``{"embed", *EXTRA, "score"}`` (read as displays of
    literals only, those returns made the string vanish though another head still answers it)."""
    module = parse_python(text, "<returned>")
    return any(
        isinstance(node, ast.Return)
        and node.value is not None
        and any(isinstance(c, ast.Constant) and c.value == string for c in ast.walk(node.value))
        for _, func in (method_defs(module.body) if module is not None else ())
        if func.name == name
        for node in own_nodes(func.body)
    )


def _not_returned_by_fork(trees: ThreeTrees, vanished: dict[str, list[Vanished]]) -> dict[str, list[Vanished]]:
    """Of ``vanished``, the strings no def of the fork's own returns: a class or function of the fork with a
    same-named def (``AeonKernel.get_name()`` returning "flash-attn") still answers the string, and a call
    of the name may be its (only the fork's files whose added lines define one of the names are parsed)."""
    if not vanished:
        return vanished
    defines = re.compile(r"\bdef[ \t]+(?:" + "|".join(sorted(map(re.escape, vanished))) + r")[ \t]*\(")
    kept = dict(vanished)
    for path in (p for p in trees.mine if p.endswith(".py")):
        if any(defines.search(text) for text in trees.mine[path].added.values()):
            text = trees.merged_text(path)
            for qualname, strings in _returned(text, set(kept)).items():
                name = qualname.rsplit(".", 1)[-1]
                kept[name] = [_ours(v, strings) for v in kept.get(name, []) if v.old not in strings]
            # review111: the fork's own ``def is_supported(...)`` returning ``False, "reason"`` answers its slot
            for qualname, (slot, patterns) in _slots(text, set(kept)).items():
                name = qualname.rsplit(".", 1)[-1]
                own = {"".join(p) for p in patterns if None not in p}  # type: ignore[arg-type]
                spelt = {"".join("{...}" if p is None else p for p in n) for n in patterns}
                kept[name] = [
                    _ours(v, spelt) if v.slot == slot else v
                    for v in kept.get(name, [])
                    if v.slot != slot or v.old not in own
                ]
    return {name: gone for name, gone in kept.items() if gone}


def _ours(gone: Vanished, strings: set[str]) -> Vanished:
    """``gone`` also knowing what a def of the fork's own of the name returns (review114: an affix test its
    values still pass is the fork's own class's, or function's, and stays live)."""
    return replace(gone, ours=tuple(sorted({*gone.ours, *strings})))


def _fork_uses(
    module: ast.Module, owned: set[int], vanished: dict[str, list[Vanished]]
) -> Iterator[tuple[int, Vanished]]:
    """(line, what vanished) of each fork-owned comparison with, or table keyed by, a vanished string."""
    tables = string_tables(module)
    parents = parent_map(module)
    classes = {c.name: c for c in ast.walk(module) if isinstance(c, ast.ClassDef)}
    unpacked = _unpacked(module)

    def theirs(use: ast.expr) -> list[Vanished]:
        """What vanished from the name ``use`` calls or reads: a property only by a read, and one another
        def still returns only off a receiver typed as the def's class; a local the function unpacked from a
        call's pair, what vanished from that slot."""
        slot = -1
        if isinstance(use, ast.Name):
            scope = enclosing(use, parents)
            held = unpacked.get((id(scope), use.id))
            if held is None:
                return []
            use, slot = held
        found = [v for v in vanished.get(_name(use) or "", []) if v.slot == slot]
        typed: set[str] | None = None
        kept = []
        for v in found:
            if v.read != isinstance(use, ast.Attribute):
                continue
            if v.elsewhere:
                receiver = use.value if isinstance(use, ast.Attribute) else None
                if typed is None and receiver is not None:
                    typed = typed_as(receiver, enclosing(use, parents), parents, classes)
                if typed and v.owner not in typed:
                    continue  # typed as another class: its own string
                v = v if typed else replace(v, doubt=True)
            kept.append(v)
        return kept

    for node in ast.walk(module):
        tested = node if isinstance(node, ast.Compare) or _affix_test(node) else None
        if isinstance(tested, ast.Compare | ast.Call) and tested.lineno in owned:
            gone = _compared(tested, theirs) if isinstance(tested, ast.Compare) else _affixed(tested, theirs)
            if gone is not None:
                gone = None if _names_the_new(written_scope(node, parents), gone) else gone
            if gone is not None:
                yield tested.lineno, gone
        elif (looked := _looked_up(node)) is not None:
            table, call = looked
            later = keys_given_later(module, table) if table in tables else []
            if later is None:
                continue  # updated from a mapping not known here: it may key what the def returns now
            keys = {key for _, key in tables.get(table, [])} | {str_value(k) for k in later}
            for key_line, key in tables.get(table, []):
                gone = next((v for v in theirs(call) if v.old == key and not set(v.new) & keys), None)
                if gone is not None and (key_line in owned or node.lineno in owned):  # type: ignore[attr-defined]
                    yield (key_line if key_line in owned else node.lineno), gone  # type: ignore[attr-defined]
                    break


def _compared(node: ast.Compare, theirs: Callable[[ast.expr], list[Vanished]]) -> Vanished | None:
    operands = [node.left, *node.comparators]
    used = [o for o in operands if isinstance(o, (ast.Call, ast.Attribute, ast.Name))]
    strings = [s for o in operands for s in display_strings(o)]
    for use in used:  # a display that also holds what the def returns now is written for both sides
        gone = next((v for v in theirs(use) if v.old in strings and not set(v.new) & set(strings)), None)
        if gone is not None and not _still_within(node, use, gone):
            return gone
    return None


def _affixed(node: ast.Call, theirs: Callable[[ast.expr], list[Vanished]]) -> Vanished | None:
    """``why.endswith("routing method")`` (or ``startswith``, a literal or a tuple of them) of a use whose vanished
    string held the affix, where nothing the def returns now can as written (mend75: #34908's reasons gained a
    formatted tail, so the old text no longer ends them)."""
    func = node.func
    if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Call | ast.Attribute | ast.Name):
        return None
    affixes = _affixes(node)
    if affixes is None:
        return None
    end = func.attr == "endswith"
    for v in theirs(func.value):
        held = [a for a in affixes if (v.old.endswith(a) if end else v.old.startswith(a))]
        if held and not _passed(v, affixes, end):
            return replace(v, affix=f"{func.attr}({held[0]!r})")
    return None


def _passed(gone: Vanished, affixes: list[str], end: bool) -> bool:
    """Some value upstream's def returns now, or one a def of the fork's own of the name returns, passes the
    test as written (review114: ``AeonBackend.get_name().endswith("_V1")`` off the fork's own override of
    #25489's ``get_name``; a formatted edge of the fork's own value may pass it, and is taken to)."""
    theirs = any(_edge_holds(p, a, end, gone.slot >= 0) for p in gone.every or gone.new for a in affixes)
    return theirs or any(_edge_holds(p, a, end, True) or _formatted_edge(p, end) for p in gone.ours for a in affixes)


def _formatted_edge(pattern: str, end: bool) -> bool:
    return pattern.endswith("{...}") if end else pattern.startswith("{...}")


def _affixes(node: ast.Call) -> list[str] | None:
    """The literal affixes of an affix test (one, or a tuple of them), none of them empty."""
    arg = node.args[0]
    affixes = [str_value(e) for e in (arg.elts if isinstance(arg, ast.Tuple) else [arg])]
    return None if not affixes or None in affixes or "" in affixes else [a for a in affixes if a]


def _affix_test(node: ast.AST) -> bool:
    """``x.endswith(a)`` or ``x.startswith(a)``: one argument, no keyword."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("endswith", "startswith")
        and len(node.args) == 1
        and not node.keywords
    )


def _edge_holds(pattern: str, affix: str, end: bool, formatted: bool) -> bool:
    """A returned value (a slot's spelled with ``{...}`` for a formatted part) ends (starts) with ``affix`` as
    written: its literal edge does.  A formatted edge is the value's text, not the def's: the affix the fork
    took from the def's old literal is not counted on to be spelled by it."""
    parts = pattern.split("{...}") if formatted else [pattern]
    return parts[-1].endswith(affix) if end else parts[0].startswith(affix)


def _still_within(node: ast.Compare, use: ast.expr, gone: Vanished) -> bool:
    """``"old reason" in why`` of a slot's string (always a string): a substring test, which still holds where
    what the def returns now keeps the old text as written (review111: #34908's reasons only gained a tail)."""
    if gone.slot < 0 or len(node.ops) != 1 or not isinstance(node.ops[0], ast.In | ast.NotIn):
        return False
    return node.comparators[0] is use and any(gone.old in part for new in gone.new for part in new.split("{...}"))


def _names_the_new(scope: ast.AST, gone: Vanished) -> bool:
    """The function the comparison sits in also names what the def returns now (``get_name() == "flash-attn"
    or get_name() == "FLASH_ATTN"``, or a test of each), or tests an affix a value returned now passes
    (review114: ``why.endswith("routing method") or why.startswith("... routing method ")`` after #34908): it is
    written for both sides of the change."""
    return any(str_value(node) in gone.new or _passes_the_new(node, gone) for node in ast.walk(scope))


def _passes_the_new(node: ast.AST, gone: Vanished) -> bool:
    """``x.startswith(a)`` / ``x.endswith(a)`` (``a`` literals) that the values upstream's def returns in the old
    one's stead pass, and no other value it returns (``startswith("kernel does not support")`` of every reason
    tells none apart)."""
    if not (_affix_test(node) and isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    affixes, end, formatted = _affixes(node), node.func.attr == "endswith", gone.slot >= 0
    if affixes is None:
        return False
    passes = {p for p in {*gone.new, *gone.every} if any(_edge_holds(p, a, end, formatted) for a in affixes)}
    return bool(passes) and passes <= set(gone.new)


def _name(use: ast.expr) -> str | None:
    """The name a call calls, or an attribute read reads."""
    if isinstance(use, ast.Attribute):
        return use.attr
    func = use.func if isinstance(use, ast.Call) else None
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


def _looked_up(node: ast.AST) -> tuple[str, ast.Call | ast.Attribute | ast.Name] | None:
    """``T[f()]``, ``T[x.prop]`` or ``T.get(f(), ...)``: (the table's name, the call or read that keys it)."""
    found = table_lookup(node)
    key = found[1] if found is not None else None
    if isinstance(key, ast.BoolOp) and isinstance(key.op, ast.Or):
        key = key.values[0]  # ``T.get(why or "")``: the value itself when it is a string
    if found is not None and isinstance(key, (ast.Call, ast.Attribute, ast.Name)):
        return found[0], key
    return None


def _unpacked(module: ast.Module) -> dict[tuple[int, str], tuple[ast.Call, int]]:
    """(the function's id, a local) -> (the call, the slot) of each local a function binds once, by unpacking
    a call into names (``ok, why = is_supported(...)``)."""
    found: dict[tuple[int, str], tuple[ast.Call, int]] = {}
    for func in (n for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
        stores = Counter(n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
        for node in ast.walk(func):
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Call)):
                continue
            target = node.targets[0]
            for i, elt in enumerate(target.elts if isinstance(target, ast.Tuple) else []):
                if isinstance(elt, ast.Name) and stores[elt.id] == 1:
                    found[(id(func), elt.id)] = (node.value, i)
    return found


def string_tables(module: ast.Module) -> dict[str, list[tuple[int, str]]]:
    """name -> (line, key) of each string key of the dict displays bound to that name in the file."""
    found: dict[str, list[tuple[int, str]]] = {}
    for node in ast.walk(module):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            keys = [(k.lineno, s) for k in node.value.keys if k is not None and (s := str_value(k)) is not None]
            for target in targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).extend(keys)
    return found


def _finding(trees: ThreeTrees, path: str, line: int, gone: Vanished, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(gone.path, re.escape(gone.old), pr_pattern, most=5)
    now = " or ".join(repr(s) for s in gone.new)
    call = "" if gone.read else "()"
    if gone.doubt:
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            line,
            f"fork-side {gone.old!r} is what {gone.qualname} returned, but upstream made it return {now} "
            f"({gone.path}{commit}); another class's {gone.name} still returns {gone.old!r}, and this receiver's "
            f"type is not known: if it can be a {gone.owner}, this comparison or lookup no longer matches it; "
            f"type the receiver, or match {now} too",
        )
    none = f"{gone.owner}.{gone.name} (the class this receiver is typed as)" if gone.elsewhere else gone.name + call
    if gone.affix:
        return Finding(
            RULE,
            "merge",
            Severity.ERROR,
            path,
            line,
            f"fork-side {gone.affix} held for {gone.old!r}, what {gone.qualname}{call} returned, but upstream "
            f"made it return {now} ({gone.path}{commit}): no value {none} returns now passes this test as written "
            f"(a formatted value, {{...}}, is the value's text, not the old literal), so it is never true; "
            f"test the kept text instead",
        )
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-side {gone.old!r} is what {gone.qualname}{call} returned, but upstream made it return {now} "
        f"({gone.path}{commit}): no {none} returns {gone.old!r} now, so this comparison or lookup "
        f"never matches; use {now}",
    )
