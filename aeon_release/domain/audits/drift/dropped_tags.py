"""Dropped tags: a private attribute upstream stuck on other objects, and now sets nowhere, read by the fork.

#32993 rewrote ``maybe_offload_to_cpu``: it kept each offloaded parameter's host copy alive with
``p._<pkg>_offloaded_cpu_data = cpu_data``, and now pins ``p.data.to("cpu")`` and marks the parameter
``p._<pkg>_is_uva_offloaded = True`` instead.  No class declares such a tag, so no definition moved and symbol
drift has nothing to compare; a fork's ``param._<pkg>_offloaded_cpu_data`` (a weight refresh writing into the
host copy) merges cleanly and raises ``AttributeError`` on every offloaded parameter.

Upstream's side: a changed file's diff removed a line storing a private attribute (``_name``, not a dunder) on
an object other than ``self``/``cls`` (``x._name = ...``), and neither upstream's Python files nor the
fork's added lines hold a store of it any more (``._name =``, ``setattr`` or any quoted ``"_name"``, a ``def
_name``, a class-level ``_name =`` or ``_name:``): nothing sets it.  The fork's side, on a line it owns: a read of ``._name`` off anything, outside a
``try`` catching ``AttributeError`` and a test of ``hasattr(..., "_name")`` (``getattr`` with a default is no
attribute read; an early ``if not hasattr(...): return`` counts).  An error when the tag carries the name of
the package that stored it (``_<pkg>_...``); else a warning: a library's private attribute the tree only
overrode (``config._attn_implementation``) is still there, and the trees cannot tell the two apart.

Pure but for reading the three trees and a ``git grep`` a candidate name: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES
from aeon_release.domain.audits.drift.fallbacks import caught_around, hasattr_ensured
from aeon_release.domain.audits.drift.pyindex import dotted_name
from aeon_release.domain.audits.drift.returns import attribute_readers, attributes_read
from aeon_release.domain.audits.drift.sides import ThreeTrees, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map

# a removed line storing a private attribute on another object (``p._tag = ...``, not ``self._tag``)
_STORED = lazy_pattern(r"^\s*(?!self\.|cls\.)[A-Za-z_][\w.\[\]]*\.(_[A-Za-z]\w*)\s*(?::[^=]*)?=(?!=)")
_ERRORS = frozenset({"AttributeError", "Exception", "BaseException"})
_MOST_NAMES = 16
_PROBED = lazy_pattern(r"\b(?:getattr|hasattr)\s*\(")  # a fork line that only reads the quoted name


def dropped_tag_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    read = attributes_read(trees)
    if not read:  # the fork's lines read no attribute: upstream's removed lines are not scanned
        return []
    removed = {
        m.group(1): path
        for path, change in sorted(trees.upstream.items())
        if path.endswith(".py")
        for line in change.removed
        if (m := _STORED.match(line)) and not m.group(1).startswith("__")
    }
    wanted = sorted(set(removed) & read)[:_MOST_NAMES]
    gone = [name for name in wanted if not _still_set(trees, name)]
    if not gone:
        return []
    findings = []
    for path, module, owned in attribute_readers(trees, gone):
        for line, name in _reads(module, owned, frozenset(gone)):
            findings.append(_finding(trees, path, line, name, removed[name], pr_pattern))
    return findings


def _still_set(trees: ThreeTrees, name: str) -> bool:
    """A line of upstream's tree stores the attribute, defines it, or quotes its name (``setattr``, a dict of
    attributes handed to one), or a line the fork added stores it (its own ``getattr(p, "_name", None)`` is a
    read).  The fork's tree as a whole still holds the base's store upstream removed: only its own lines count."""
    stored = rf"\.{name}\s*(?::[^=]*)?=(?!=)|\bdef\s+{name}\b|^\s*{name}\s*[:=]|setattr\b.*\b{name}\b"
    quoted = re.compile(rf"{stored}|[\"']{name}[\"']")
    mine = (text for p, change in trees.mine.items() if p.endswith(".py") for text in change.added.values())
    # a probe only reads; a line that also stores the tag (``p._x = getattr(...) or y``) still sets it
    if any(re.search(stored, text) or (quoted.search(text) and not _PROBED.search(text)) for text in mine):
        return True
    return any(quoted.search(text) for _, text in repo.word_lines(trees.repo, trees.theirs, name, [PYTHON_FILES]))


def _reads(module: ast.Module, owned: set[int], names: frozenset[str]) -> Iterator[tuple[int, str]]:
    parents = parent_map(module)
    guarded = _hasattr_tested(module, names)
    for node in ast.walk(module):
        if not (isinstance(node, ast.Attribute) and node.attr in names and isinstance(node.ctx, ast.Load)):
            continue
        if node.lineno in owned and id(node) not in guarded and not _guarded(node, parents):
            yield node.lineno, node.attr


def _guarded(node: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """In a ``try`` catching AttributeError, or only where ``hasattr(x, "_name")`` holds (an early ``if not
    hasattr(...): return`` before it counts)."""
    return caught_around(node, _ERRORS, parents) or hasattr_ensured(node, ast.unparse(node.value), node.attr, parents)


def _hasattr_tested(module: ast.Module, names: frozenset[str]) -> set[int]:
    """Ids of the nodes under a test naming one of ``names`` in a ``hasattr``/``getattr`` (both branches, and
    the test itself: ``hasattr(p, "_tag") and p._tag``)."""
    found: set[int] = set()
    for node in ast.walk(module):
        test = node.test if isinstance(node, ast.If | ast.IfExp | ast.While) else None
        if isinstance(node, ast.BoolOp):
            test = node
        if test is not None and any(_asks(n, names) for n in ast.walk(test)):
            found |= {id(n) for n in ast.walk(node)}
    return found


def _asks(node: ast.AST, names: frozenset[str]) -> bool:
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
        return False
    asked = node.args[1] if node.func.id in ("hasattr", "getattr") and len(node.args) > 1 else None
    return isinstance(asked, ast.Constant) and asked.value in names


def _own_tag(name: str, where: str) -> bool:
    """The tag carries the name of the package that stored it (``p._<pkg>_offloaded_cpu_data``): the tree's own.
    Any other private name may be a library's attribute the tree only overrode (transformers' configs always
    have ``_attn_implementation``, torch's modules ``_parameters``): still there when upstream stops setting it."""
    package = dotted_name(where, roots=("",)).split(".")[0]
    return bool(package) and name.lstrip("_").split("_")[0] == package


def _finding(trees: ThreeTrees, path: str, line: int, name: str, where: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(where, whole_word(name), pr_pattern)
    own = _own_tag(name, where)
    maybe = "" if own else " (unless a library's class defines it: no tag of the tree's own package)"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if own else Severity.WARNING,
        path,
        line,
        f"fork-owned read of .{name}, an attribute upstream stored on other objects ({where}{commit}) and now "
        f"stores nowhere: no code sets it after the merge, so the read raises AttributeError{maybe}; read what "
        f"upstream keeps in its place, or set {name} in the fork",
    )
