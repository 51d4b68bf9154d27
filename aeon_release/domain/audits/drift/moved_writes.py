"""Moved writes: the fork sets an attribute on a shared object where upstream moved its own same write.

#29966 made ``get_rope`` read ``partial_rotary_factor`` from ``rope_parameters``.  Upstream's GLM model
set ``config.model_config.hf_config.partial_rotary_factor = 0.5`` before building its layers; the
change rewrote that line to ``hf_config.rope_parameters["partial_rotary_factor"] = 0.5`` and took out
every model's ``getattr(config, "partial_rotary_factor", 1)``.  A fork model that sets the attribute the
old way merges cleanly and builds with full rotary embeddings: nothing that builds the model reads the
attribute any more.

A write moved when a changed upstream file's diff removed ``x.name = value`` (or ``setattr(x, "name",
value)``; ``x`` not ``self`` or ``cls``: an object it was handed, a config) and added a line that stores
the same value under the string ``"name"`` (``x.table["name"] = value``, ``setdefault("name", value)``),
and upstream's tree, after, neither reads ``.name`` (nor ``getattr``/``hasattr`` of it) nor sets it on
another object than ``self`` anywhere it serves.  The fork's own write of the name on another object is
then an error: its value reaches no reader.  A string mention left (``("name", "alias")`` handed to a
helper) may still read it while a config loads, before any model code runs: the message names it.

Pure but for one ``git grep`` of each moved name the fork also writes.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES, TEST_FOLDERS
from aeon_release.domain.audits.drift.sides import ThreeTrees, whole_word
from aeon_release.domain.audits.merge_rules import NAME_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, str_value

# ``recv.name = value`` / ``setattr(recv, "name", value)`` on one line
_STORE = lazy_pattern(r"^\s*([A-Za-z_][\w.]*)\.([A-Za-z_]\w*)\s*=(?!=)\s*(.+?)\s*(?:#.*)?$")
_SETATTR = lazy_pattern(r"""\bsetattr\(\s*([A-Za-z_][\w.]*)\s*,\s*["']([A-Za-z_]\w*)["']\s*,\s*(.+?)\)\s*(?:#.*)?$""")
_OWN = ("self", "cls")


@dataclass(frozen=True)
class Moved:
    name: str
    path: str  # the upstream file whose diff moved its write
    now: str  # the line that stores the value now


def stores(line: str) -> tuple[str, str] | None:
    """(name, value) of a line that sets an attribute on another object than ``self``/``cls``."""
    found = _STORE.match(line) or _SETATTR.search(line)
    if found is None or found.group(1).split(".", 1)[0] in _OWN:
        return None
    return found.group(2), found.group(3).strip()


def moved_in(path: str, removed: Iterable[str], added: Iterable[str]) -> list[Moved]:
    """The writes ``path``'s diff moved: a removed store whose value an added line stores under the name's
    string (``["name"] = value``, ``setdefault("name", value)``)."""
    gone = [found for line in removed if (found := stores(line))]
    came = [line.strip() for line in added]
    moved: list[Moved] = []
    for name, value in gone:
        # either shape quotes the name and holds the value as written: a line without both is never it, and the
        # pattern (compiled for each removed store) is searched only in those that have both
        holding = [line for line in came if name in line and value in line]
        if not holding:
            continue
        key = rf"""["']{re.escape(name)}["']"""
        shape = re.compile(rf"\[\s*{key}\s*\]\s*=(?!=)\s*{re.escape(value)}\s*$|{key}\s*,\s*{re.escape(value)}\s*\)")
        now = next((line for line in holding if shape.search(line)), None)
        if now is not None:
            moved.append(Moved(name, path, now))
    return moved


def still_used(line: str, name: str) -> bool:
    """``line`` reads ``.name`` (or ``getattr``/``hasattr`` it), or sets it on another object than self."""
    word = re.escape(name)
    stored = stores(line)
    if re.search(rf"""\b(?:get|has)attr\([^,]+,\s*["']{word}["']""", line) or (stored and stored[0] == name):
        return True
    for found in re.finditer(rf"\.{word}\b", line):
        rest = line[found.end() :]
        if not re.match(r"\s*(?::[^=]*)?=(?!=)", rest):
            return True  # a read (``self.name`` too: a config's own method reads what the fork sets)
    return False


def _named(line: str, name: str) -> bool:
    """``line`` quotes ``name`` otherwise than as a mapping's key (``["name"]``, ``.get("name")``, ``"name" in``):
    a list of names handed to a helper that may read the attribute (``getattr_iter(cfg, ("name", ...))``)."""
    key = rf"""["']{re.escape(name)}["']"""
    rest = re.sub(rf"\[\s*{key}\s*\]|\.(?:get|pop|setdefault)\(\s*{key}|{key}\s*(?:not\s+)?in\b", "", line)
    return re.search(key, rest) is not None


# A removed line of a diff's raw text that may be a store ``stores`` finds: ``recv.name = ...`` on a receiver not
# self/cls.  Weaker than ``stores`` (whitespace may run past the line's end), never stronger; with a setattr
# anywhere in the diff, or a \r (the diff's parse splits a line there, and a piece may be the store), it is the
# test that a file moved no write, and the diff of a file that cannot have is not parsed (upstream's every
# changed module was parsed and its every removed line matched before: 0.1-0.2 s of a 500-commit merge's
# checks).  The literal "\n-" start lets the search skip ahead (a ``^`` with re.M tried every position: 20x).
_MAY_STORE = lazy_pattern(r"\n-[^\S\n]*(?!(?:self|cls)\.)[A-Za-z_][\w.]*\.[A-Za-z_]\w*[^\S\n]*=(?!=)")


def may_store(diff: str) -> bool:
    """Whether a file's raw ``-U0`` diff may remove a store on another object than self/cls."""
    return "\r" in diff or "setattr(" in diff or _MAY_STORE.search(diff) is not None


def moved_write_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    moved = {
        m.name: m
        for path in trees.upstream
        if path.endswith(".py") and path.split("/", 1)[0] not in TEST_FOLDERS and may_store(trees.upstream.raw(path))
        for m in moved_in(path, trees.upstream[path].removed, trees.upstream[path].added.values())
    }
    writes = list(_fork_writes(trees, set(moved))) if moved else []
    if not writes:
        return []
    served = [PYTHON_FILES, *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS))]
    findings = []
    dead: dict[str, tuple[bool, list[str]]] = {}
    for path, line, name in writes:
        if name not in dead:
            lines = repo.word_lines(trees.repo, trees.theirs, name, served)
            used = any(still_used(text, name) for where, text in lines if where not in trees.mine)
            dead[name] = (
                not used,
                sorted({where for where, text in lines if where not in trees.mine and _named(text, name)}),
            )
        unread, mentioned = dead[name]
        if not unread:
            continue
        found = moved[name]
        commit = trees.upstream_commit(found.path, whole_word(name), pr_pattern)
        left = [p for p in mentioned if p != found.path]
        message = (
            f"fork-owned write of .{name} on another object: upstream moved its own write of it to "
            f"`{found.now}` ({found.path}{commit}) and no upstream code reads .{name} "
            f"any more: the fork's value reaches nothing; store it where upstream does"
            + (f" (a mention of {name!r} is left in {', '.join(left[:2])}: check when that runs)" if left else "")
        )
        findings.append(Finding(RULE, "merge", Severity.ERROR, path, line, message))
    return findings


def _fork_writes(trees: ThreeTrees, names: set[str]) -> Iterator[tuple[str, int, str]]:
    """(path, line, name) of each fork-owned store of one of ``names`` on another object than self/cls."""
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        if not any(name in line for line in trees.mine[path].added.values() for name in names):
            continue
        module, owned = trees.merged_module(path), trees.owned_lines(path)
        for node in ast.walk(module) if module is not None else ():
            found = _store(node, names)
            if found is not None and node.lineno in owned:  # type: ignore[attr-defined]
                yield path, node.lineno, found  # type: ignore[attr-defined]


def _store(node: ast.AST, names: set[str]) -> str | None:
    if isinstance(node, ast.Assign):
        for target in node.targets:
            if isinstance(target, ast.Attribute) and target.attr in names and not _own(target.value):
                return target.attr
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
        if len(node.args) == 3 and (name := str_value(node.args[1])) in names and not _own(node.args[0]):
            return name
    return None


def _own(node: ast.expr) -> bool:
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name) and node.id in _OWN
