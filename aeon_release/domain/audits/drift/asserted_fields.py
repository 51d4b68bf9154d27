"""Asserted-field drift: upstream added an optional field and now asserts it is set; the fork's build leaves it.

#40654 added ``seq_lens_cpu_upper_bound: torch.Tensor | None = None`` to ``CommonAttentionMetadata``, passed
it at every construction of upstream's, and made ``split_decodes_prefills_and_extends`` (and the backends'
builders) ``assert common_attn_metadata.seq_lens_cpu_upper_bound is not None``.  A fork's own
``CommonAttentionMetadata(query_start_loc=..., ...)`` still fits the signature (the field is optional) and
merges cleanly -- and its metadata raises ``AssertionError`` the first time upstream's code splits it.

Upstream's side: a field a class body of a file gains in upstream's diff with the default ``None`` (the base's
class has no such field), that a line upstream added elsewhere asserts is not None off an attribute
(``assert x.field is not None``).  The fork's side, on lines it wrote: a call of the class, resolved to
upstream's module (``pyindex.may_come_from``), that passes no ``**`` and not the field by keyword, and fewer
positional values than the fields declared before it.  Quiet when the call passes it, spreads a dict, or
the class is the fork's own; ``dataclasses.replace`` copies the field and is no build.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import enclosing, file_classes, stores_self
from aeon_release.domain.audits.drift.pyindex import dotted_name, may_come_from, parse_module_info
from aeon_release.domain.audits.drift.returns import added_words, name_users
from aeon_release.domain.audits.drift.sides import ThreeTrees, line_matches, parsed_versions, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, last_name, lazy_pattern, parent_map, short, walk_spanning

# a field added with the default None: ``+    name: T | None = None``
_ADDED_NONE = lazy_pattern(r"^\+[ \t]+([a-z_][A-Za-z0-9_]*)[ \t]*:[^=\n]+=[ \t]*None[ \t]*$", re.M)
_NONE_DEFAULT = lazy_pattern(r"=[ \t]*None[ \t]*$", re.M)
_ASSERT_WORD = lazy_pattern(r"assert\b")  # no leading \b: a pattern opening with one is tried at every character
_CLASS = lazy_pattern(r"^[ \t]*class[ \t]+(\w+)", re.M)
# ``+    assert holder.name is not None``
_ASSERTED = lazy_pattern(r"^\+[ \t]*assert[ \t]+[A-Za-z_][\w.]*\.([A-Za-z_]\w*)[ \t]+is[ \t]+not[ \t]+None\b", re.M)


@dataclass(frozen=True)
class Asserted:
    """``owner``'s field ``name`` (declared ``index``-th) that upstream added as None and asserts, in ``where``."""

    owner: str
    name: str
    path: str
    index: int
    where: str


def asserted_field_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork builds of a class that leave a field upstream added (None) and now asserts is set."""
    found = _asserted(trees)
    if not found:
        return []
    return [
        _finding(trees, path, line, shown, hit, pr_pattern)
        for path, module, owned in name_users(trees, found)
        for line, shown, hit in _builds(trees, path, module, owned, found)
    ]


def _asserted(trees: ThreeTrees) -> dict[str, list[Asserted]]:
    """Class -> its fields upstream added with the default None and asserts set on a line it added, in a
    file outside its tests that names the class (an assert keyed by the field's name alone may be another
    class's), unless the class stores ``self.field`` itself (a ``__post_init__`` filling it)."""
    asserted: dict[str, list[str]] = {}
    added: dict[str, set[str]] = {}
    for path in (p for p in trees.upstream if p.endswith(".py")):
        raw = trees.upstream.raw(path)
        for m in line_matches(_ASSERTED, raw, _ASSERT_WORD) if "assert" in raw and not TEST_PATH.search(path) else ():
            asserted.setdefault(m.group(1), []).append(path)
        names = {m.group(1) for m in line_matches(_ADDED_NONE, raw, _NONE_DEFAULT)}
        if names:
            added[path] = names
    wanted = {p: names & set(asserted) for p, names in added.items() if names & set(asserted)}
    found: dict[str, list[Asserted]] = {}
    for path, before, after in parsed_versions(trees, _declaring_named(trees, sorted(wanted))):
        old = {c.name: _fields(c) for c in file_classes(before.body)}
        for cls in file_classes(after.body):
            for index, name in enumerate(_fields(cls)):
                if name not in wanted[path] or cls.name not in old or name in old[cls.name] or not _none(cls, name):
                    continue
                where = _naming(trees, cls.name, asserted[name])
                if where is not None and not stores_self(cls, name):
                    found.setdefault(cls.name, []).append(Asserted(cls.name, name, path, index, where))
    return found


def _declaring_named(trees: ThreeTrees, paths: list[str]) -> list[str]:
    """Of ``paths``, those whose upstream text declares a class a line the fork added names: a build is a
    call of the class by name, so only such files are parsed (on a 2,000-commit release, 33 files and 0.29 s
    of parsing for a fork whose lines name none of their classes)."""
    words = added_words(trees) if paths else frozenset()
    texts = trees.blobs(trees.theirs, paths) if words else {}
    return [p for p in paths if not words.isdisjoint(_CLASS.findall(texts.get(p) or ""))]


def _naming(trees: ThreeTrees, owner: str, paths: list[str]) -> str | None:
    """The first of the asserting files whose text names the class ``owner``."""
    texts = trees.blobs(trees.theirs, sorted(paths))
    named = re.compile(whole_word(owner))
    return next((p for p in sorted(paths) if named.search(texts.get(p) or "")), None)


def _fields(cls: ast.ClassDef) -> list[str]:
    return [s.target.id for s in cls.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]


def _none(cls: ast.ClassDef, name: str) -> bool:
    return any(
        isinstance(s, ast.AnnAssign)
        and isinstance(s.target, ast.Name)
        and s.target.id == name
        and isinstance(s.value, ast.Constant)
        and s.value.value is None
        for s in cls.body
    )


def _builds(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], found: dict[str, list[Asserted]]
) -> Iterator[tuple[int, str, Asserted]]:
    text = trees.merged_text(path)
    info = parse_module_info(path, dotted_name(path), text) if text is not None else None
    if info is None:
        return
    parents = parent_map(module)
    for node in walk_spanning(module, owned):
        if not isinstance(node, ast.Call) or node.lineno not in owned:
            continue
        for hit in found.get(last_name(node.func), []):
            if (
                _leaves(node, hit)
                and not _set_after(node, hit.name, parents)
                and may_come_from(info, node.func, dotted_name(hit.path))
            ):
                yield node.lineno, short(ast.unparse(node), 80), hit
                break


def _leaves(call: ast.Call, hit: Asserted) -> bool:
    """The call leaves the field to its None: no ``**``, not by keyword, not among the positional values."""
    if any(isinstance(a, ast.Starred) for a in call.args) or len(call.args) > hit.index:
        return False
    return all(k.arg is not None and k.arg != hit.name for k in call.keywords)


def _set_after(call: ast.Call, field: str, parents: dict[int, ast.AST]) -> bool:
    """``m = Cls(...)`` then ``m.field = ...`` in the same function: the build is filled after the call."""
    bound = parents.get(id(call))
    target = bound.targets[0] if isinstance(bound, ast.Assign) and len(bound.targets) == 1 else None
    func = enclosing(call, parents) if isinstance(target, ast.Name) else None
    return func is not None and any(
        isinstance(n, ast.Attribute)
        and n.attr == field
        and isinstance(n.ctx, ast.Store)
        and isinstance(n.value, ast.Name)
        and n.value.id == getattr(target, "id", None)
        for n in ast.walk(func)
    )


def _finding(trees: ThreeTrees, path: str, line: int, shown: str, hit: Asserted, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hit.path, whole_word(hit.name), pr_pattern)
    message = (
        f"fork-owned `{shown}` leaves {hit.owner}.{hit.name} None, a field upstream added ({hit.path}{commit}) "
        f"and now asserts is set ({hit.where}): the instance raises AssertionError when upstream's code reads it; "
        f"pass {hit.name}= as upstream's own builds now do"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)
