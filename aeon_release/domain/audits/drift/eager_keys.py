"""A registry key the fork reads straight off the table that upstream no longer fills at import.

#27974 made the tool parsers register lazily: ``@ToolParserManager.register_module("hermes")`` left
``hermes_tool_parser.py`` for an entry of ``_TOOL_PARSERS_TO_REGISTER`` that ``register_lazy_module`` files
under ``lazy_parsers``; ``ToolParserManager.tool_parsers`` now holds ``"hermes"`` only after
``get_tool_parser("hermes")`` loaded it.  A fork's ``ToolParserManager.tool_parsers["hermes"]`` merges
cleanly and raises KeyError (``"hermes" in ...`` is False, ``.get("hermes")`` None), while its
``get_tool_parser("hermes")`` still works.

A fork-owned line reading ``Owner.table["key"]``, ``Owner.table.get("key")`` or ``"key" in Owner.table`` is
drift when upstream removed a line registering that key through a callable of the owner whose name holds
``register`` (a decorator or a call, the key quoted in it), no line of upstream's tree registers the key
through that callable any more while upstream's added lines still quote it (filed another way; a key renamed or
dropped is name drift's), the callable is still a method of the owner (a renamed one would register it under
its new name) and ``table`` is still an attribute of the owner's class body.  Quiet when the fork
registers the key through the owner itself.

Cheap first: a regex over the fork's added lines; only owners read so are looked for in upstream's removed
lines, and only the files defining them (one ``git grep``) are parsed.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    NOT_LITERAL,
    TEST_PATH,
    lazy_pattern,
    literal_value,
    parent_map,
    parse_python,
)

_KEY = r"""["']([\w.\-]+)["']"""
_READS = (
    lazy_pattern(rf"\b([A-Z]\w*)\.(\w+)\s*\[\s*{_KEY}\s*\]"),
    lazy_pattern(rf"\b([A-Z]\w*)\.(\w+)\.get\(\s*{_KEY}"),
)
_IN = lazy_pattern(rf"{_KEY}\s+(?:not\s+)?in\s+([A-Z]\w*)\.(\w+)\b")


@dataclass(frozen=True)
class Read:
    path: str  # the fork's file
    line: int  # in the fork's version
    owner: str
    table: str
    key: str


def eager_key_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    reads = list(_fork_reads(trees))
    if not reads:
        return []
    findings: list[Finding] = []
    for owner in sorted({r.owner for r in reads}):
        mine = [r for r in reads if r.owner == owner]
        dropped = _dropped(trees, owner, {r.key for r in mine})
        if not dropped:
            continue
        cls = _owner_class(trees, owner)
        for read in mine:
            reg = dropped.get(read.key)
            if reg is None or cls is None or not _kept(cls, reg, read.table):
                continue
            if not _requoted(trees, read.key) or _registered(trees, owner, reg, read.key):
                continue
            findings.append(_finding(trees, read, reg, cls, pr_pattern))
    return _one_per_line(findings)


def _one_per_line(findings: list[Finding]) -> list[Finding]:
    """A line reading the key twice (``t["k"] if "k" in t``) is one mistake: one error."""
    seen: set[tuple[str, int]] = set()
    kept = []
    for finding in findings:
        if (finding.path, finding.line) not in seen:
            seen.add((finding.path, finding.line))
            kept.append(finding)
    return kept


def _fork_reads(trees: ThreeTrees) -> Iterator[Read]:
    """``Owner.table["key"]``-shaped reads on the fork's added lines (tests aside), unless the fork's own lines
    register the key through the owner."""
    found: list[Read] = []
    own_keys: set[tuple[str, str]] = set()
    for path in trees.mine:
        if not path.endswith(".py") or TEST_PATH.search(path):
            continue
        for line, text in trees.mine[path].added.items():
            code = text.split("#", 1)[0]
            own_keys |= {(o, k) for o, k in _registrations(code)}
            for pattern in _READS:
                found += [Read(path, line, m[1], m[2], m[3]) for m in pattern.finditer(code)]
            found += [Read(path, line, m[2], m[3], m[1]) for m in _IN.finditer(code)]
    yield from (r for r in found if (r.owner, r.key) not in own_keys)


def _registrations(code: str, owner: str = r"[A-Z]\w*", reg: str = r"\w*register\w*") -> Iterator[tuple[str, str]]:
    """(owner, key) for each quoted key in a call ``Owner.<register...>(...)`` on the line."""
    for match in re.finditer(rf"\b({owner})\.({reg})\s*\((.*)", code):
        for key in re.finditer(_KEY, match[3]):
            yield match[1], key[1]


def _dropped(trees: ThreeTrees, owner: str, keys: set[str]) -> dict[str, str]:
    """key -> the owner's register callable a line upstream removed registered it through."""
    found: dict[str, str] = {}
    pattern = re.compile(rf"\b{re.escape(owner)}\.(\w*register\w*)\s*\((.*)")
    for path in trees.upstream:
        for text in trees.upstream[path].removed if path.endswith(".py") else ():
            for match in pattern.finditer(text.split("#", 1)[0]):
                for key in re.finditer(_KEY, match[2]):
                    if key[1] in keys:
                        found.setdefault(key[1], match[1])
    return found


def _requoted(trees: ThreeTrees, key: str) -> bool:
    """Upstream's added lines still quote the key: registered another way (a lazy table's entry), not renamed
    or dropped (name drift's, which names the new key)."""
    quoted = re.compile(rf"""["']{re.escape(key)}["']""")
    return any(
        quoted.search(text)
        for path in trees.upstream
        if path.endswith(".py") and not TEST_PATH.search(path)
        for text in trees.upstream[path].added.values()
    )


def _owner_class(trees: ThreeTrees, owner: str) -> ast.ClassDef | None:
    """The owner's class in upstream's tree, if one file defines it."""
    paths = sorted(trees.python_files_with((f"class {owner}",)))
    texts = trees.blobs(trees.theirs, paths)
    found = []
    for path in paths:
        tree = parse_python(texts[path] or "", path)
        found += [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == owner] if tree else []
    return found[0] if len(found) == 1 else None


def _kept(cls: ast.ClassDef, reg: str, table: str) -> bool:
    """The owner still has the register callable and the table (the mechanism stands; the key left it)."""
    methods = {n.name for n in cls.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    fields = {
        t.id
        for n in cls.body
        for t in (n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, ast.AnnAssign) else [])
        if isinstance(t, ast.Name)
    }
    return reg in methods and table in fields


def _registered(trees: ThreeTrees, owner: str, reg: str, key: str) -> bool:
    """Upstream's tree still registers ``key`` through ``Owner.reg``, or may: a call of it naming the key anywhere
    in its arguments (a decorator over several lines), or a use of it whose keys the text does not spell (an
    alias ``register = Owner.reg``, a call in a loop over names): quiet, a false error is worse than a miss."""
    paths = sorted(trees.python_files_with((f"{owner}.{reg}",)))
    for path, text in trees.blobs(trees.theirs, paths).items():
        tree = parse_python(text or "", path)
        if tree is None:
            lines = (line.split("#", 1)[0] for line in (text or "").splitlines())
            if any((owner, key) in set(_registrations(line, re.escape(owner), re.escape(reg))) for line in lines):
                return True
        elif any(_registers(use, key) for use in _uses(tree, owner, reg)):
            return True
    return False


def _uses(tree: ast.Module, owner: str, reg: str) -> Iterator[ast.expr]:
    """Each use of ``Owner.reg`` in the tree: the call of it, or the bare attribute when it is not called."""
    parents = parent_map(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == reg and isinstance(node.value, ast.Name):
            if node.value.id == owner:
                call = parents.get(id(node))
                yield call if isinstance(call, ast.Call) and call.func is node else node


def _registers(use: ast.expr, key: str) -> bool:
    """The use registers ``key``, or may: a call quoting it, or anything but a call of literal keys."""
    if not isinstance(use, ast.Call) or not _literal_keys(use):
        return True
    return any(isinstance(n, ast.Constant) and n.value == key for n in ast.walk(use))


# keywords that hand the class registered, not a key
_CLASS_KEYWORDS = frozenset({"module", "cls", "class_"})


def _literal_keys(call: ast.Call) -> bool:
    """Every argument that may name a key is a literal (a string, a list of them, a flag)."""
    given = [*call.args, *(k.value for k in call.keywords if k.arg not in _CLASS_KEYWORDS)]
    return all(literal_value(arg) is not NOT_LITERAL for arg in given)


def _finding(trees: ThreeTrees, read: Read, reg: str, cls: ast.ClassDef, pr_pattern: str) -> Finding:
    getters = [n.name for n in cls.body if isinstance(n, ast.FunctionDef) and n.name.startswith("get")]
    hint = f"look it up through {read.owner}.{getters[0]}()" if getters else "look it up through the registry"
    message = (
        f"fork-owned read of {read.owner}.{read.table}[{read.key!r}], a key {read.owner}.{reg}() put there at "
        f"import, which upstream no longer registers that way{_commit(trees, read, reg, pr_pattern)}: the table "
        f"holds it only once something loads it (KeyError, or a miss); {hint}"
    )
    mapping = trees.to_merged(trees.ours, read.path) if read.path in trees.upstream else {}
    return Finding(RULE, "merge", Severity.ERROR, read.path, mapping.get(read.line, read.line), message)


def _commit(trees: ThreeTrees, read: Read, reg: str, pr_pattern: str) -> str:
    regex = rf"{re.escape(read.owner)}\.{reg}\(.*{re.escape(read.key)}"
    for path in sorted(trees.upstream):
        if any(read.key in t and reg in t for t in trees.upstream[path].removed):
            return trees.upstream_commit(path, regex, pr_pattern)
    return ""
