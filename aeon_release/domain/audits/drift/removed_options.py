"""Removed options: a fork's command line in Python names an option upstream's parsers no longer declare.

``parser.parse_args(["--model", model, "--use-gpu-for-pooling-score"])`` merges cleanly after upstream took
the ``use_gpu_for_pooling_score`` field out of the server's ``FrontendArgs`` (#36159, MaxSim moved to the
worker): the parser builds its options from the dataclass's fields, so the flag is no longer declared, and
``parse_args`` exits with ``unrecognized arguments`` (``parse_known_args`` leaves it unread, silently).  The
same holds for a ``subprocess`` command that starts the server, or an ``add_argument("--flag")`` upstream
removed.  knobs.py reads a deployment file's options; this check reads the fork's Python string literals.

An option went when a line upstream's diff removed declared it -- a class field of its name in underscores
(``use_gpu_for_pooling_score: bool = False``; a class's, read at the base) or a quoted ``"--flag"`` -- and
upstream's served Python (outside its tests) neither quotes ``--flag``, nor quotes the underscored name (a
``dest=``), nor declares a class field of that name anywhere.  The fork's side: a fork-owned line of a
Python file holding a string literal that is exactly the option (``"--flag"``, ``"--flag=value"``, or
underscores for hyphens), unless a line the fork added (every line the fork carries: base..ours is a tree
diff) declares it again (an ``add_argument`` of it, or a class field of its name).  An error: the command line fails, or the setting is silently dropped.

Cheap first: only the options the fork's added lines quote; only when upstream's diff removed a line that
holds one of their names; then one ``git grep`` at upstream for what remains.
"""

from __future__ import annotations

import ast
import re

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES, TEST_FOLDERS
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import parse_python

__all__ = ["removed_option_drift"]

# a string literal that is exactly an option: ``"--use-gpu-for-pooling-score"`` or ``'--flag=value'``
_LITERAL = re.compile(r"""["']--([a-z][a-z0-9]*(?:[-_][a-z0-9]+)+)(?:=[^"'\n]*)?["']""")


def removed_option_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    quoted = _fork_options(trees)
    gone = _gone(trees, set(quoted)) if quoted else {}
    findings = []
    for name, path in sorted(gone.items()):
        for fork_path, line in quoted[name]:
            findings.append(_finding(trees, fork_path, line, name, path, pr_pattern))
    return findings


def _fork_options(trees: ThreeTrees) -> dict[str, list[tuple[str, int]]]:
    """underscored option name -> (path, line) of each fork-owned line quoting it, less those the fork's
    added lines declare again."""
    found: dict[str, list[tuple[str, int]]] = {}
    declared: set[str] = set()
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        if not any(_LITERAL.search(t) for t in trees.mine[path].added.values()):
            continue
        merged = (trees.merged_text(path) or "").splitlines()
        for line in sorted(trees.owned_lines(path)):
            code = merged[line - 1].split("#", 1)[0] if line <= len(merged) else ""
            names = {m.replace("-", "_") for m in _LITERAL.findall(code)}
            if "add_argument" in code:
                declared |= names
                continue
            declared |= set(re.findall(r"^\s+([a-z]\w+)\s*:", code))
            for name in names:
                found.setdefault(name, []).append((path, line))
    return {n: places for n, places in found.items() if n not in declared}


def _gone(trees: ThreeTrees, names: set[str]) -> dict[str, str]:
    """underscored name -> the upstream file whose diff removed its declaration, of the options no served
    upstream file declares any more."""
    removed = _removed_declarations(trees, names)
    if not removed:
        return {}
    served = [PYTHON_FILES, *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS))]
    words = [f"--{n.replace('_', '-')}" for n in removed] + [f'"{n}"' for n in removed] + [f"'{n}'" for n in removed]
    quoted = repo.lines_containing(trees.repo, trees.theirs, words, served)
    alive = {n for n in removed if any(w in line for line in quoted for w in _spellings(n))}
    holders = repo.files_containing(trees.repo, trees.theirs, sorted(set(removed) - alive), served)
    texts = trees.blobs(trees.theirs, sorted(holders)).values() if holders else []
    fields = {f for text in texts for f in _class_fields(text)}
    return {n: path for n, path in removed.items() if n not in alive and n not in fields}


def _spellings(name: str) -> tuple[str, ...]:
    return (f"--{name.replace('_', '-')}", f'"{name}"', f"'{name}'")


def _removed_declarations(trees: ThreeTrees, names: set[str]) -> dict[str, str]:
    """Of ``names``, those a line upstream's diff removed declared (a quoted ``--flag``, or a class field
    the base's file holds), with that file."""
    found: dict[str, str] = {}
    for path in sorted(p for p in trees.upstream if p.endswith(".py") and p.split("/", 1)[0] not in TEST_FOLDERS):
        removed = trees.upstream[path].removed
        for name in sorted(names - set(found)):
            flag = f"--{name.replace('_', '-')}"
            if any(f'"{flag}"' in t or f"'{flag}'" in t for t in removed):
                found[name] = path
            elif any(re.match(rf"\s+{name}\s*:", t) for t in removed) and name in _base_fields(trees, path):
                found[name] = path
    return found


def _base_fields(trees: ThreeTrees, path: str) -> set[str]:
    return _class_fields(trees.blobs(trees.base, [path])[path])


def _class_fields(text: str | None) -> set[str]:
    """The names a class body of the file annotates (``name: type`` or ``name: type = value``)."""
    module = parse_python(text, "<options>") if text else None
    return {
        stmt.target.id
        for node in (ast.walk(module) if module is not None else ())
        if isinstance(node, ast.ClassDef)
        for stmt in node.body
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
    }


def _finding(trees: ThreeTrees, path: str, line: int, name: str, where: str, pr_pattern: str) -> Finding:
    flag = f"--{name.replace('_', '-')}"
    commit = trees.upstream_commit(where, rf"{name}|{flag}", pr_pattern, most=5)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned command line passes {flag}, an option upstream's parsers no longer declare: its declaration "
        f"went from {where}{commit}; argparse rejects the command line (unrecognized arguments), or "
        "parse_known_args leaves the setting unread: drop the option, or pass what replaced it",
    )
