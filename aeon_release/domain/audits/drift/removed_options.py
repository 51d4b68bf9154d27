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
underscores for hyphens), unless a fork-changed file holding the name declares it again (an ``add_argument``
/ ``option`` string in any layout, or a class field of its name).  ``--no-x`` stays while upstream still
quotes ``--x`` or declares a field ``x`` (``BooleanOptionalAction``).  An error when the literal is on a
command line for sure (see ``_tied_lines``): the command line fails, or the setting is silently dropped;
a warning elsewhere (a shim's table of dropped flags, another program's same-named option).

Cheap first: only the options the fork's added lines quote; only when upstream's diff removed a line that
holds one of their names; then one ``git grep`` at upstream for what remains.
"""

from __future__ import annotations

import ast
import re
from typing import TypeGuard

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES, TEST_FOLDERS
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parse_python

__all__ = ["removed_option_drift"]

# a string literal that is exactly an option: ``"--use-gpu-for-pooling-score"`` or ``'--flag=value'``
_LITERAL = lazy_pattern(r"""["']--([a-z][a-z0-9]*(?:[-_][a-z0-9]+)+)(?:=[^"'\n]*)?["']""")
_OPTION = lazy_pattern(r"--[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?:=|$)")
_DECLARE = frozenset({"add_argument", "option", "add_option", "Option"})  # argparse, click, optparse
_PARSE = frozenset({"parse_args", "parse_known_args", "parse_intermixed_args"})
_SPAWN = frozenset({"Popen", "create_subprocess_exec", "execv", "execvp", "spawnv"})


def removed_option_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    quoted = _fork_options(trees)
    gone = _gone(trees, set(quoted)) if quoted else {}
    declared = _fork_declared(trees, set(gone)) if gone else set()
    findings = []
    tied: dict[str, set[int]] = {}  # fork path -> the lines whose literal is on a command line
    for name, path in sorted(gone.items()):
        for fork_path, line in quoted[name] if name not in declared else []:
            if fork_path not in tied:
                tied[fork_path] = _tied_lines(trees, fork_path)
            severity = Severity.ERROR if line in tied[fork_path] else Severity.WARNING
            findings.append(_finding(trees, fork_path, line, name, path, pr_pattern, severity))
    return findings


def _fork_options(trees: ThreeTrees) -> dict[str, list[tuple[str, int]]]:
    """underscored option name -> (path, line) of each fork-owned line quoting it."""
    found: dict[str, list[tuple[str, int]]] = {}
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        if not any(_LITERAL.search(t) for t in trees.mine[path].added.values()):
            continue
        merged = (trees.merged_text(path) or "").splitlines()
        for line in sorted(trees.owned_lines(path)):
            code = merged[line - 1].split("#", 1)[0] if line <= len(merged) else ""
            for name in {m.replace("-", "_") for m in _LITERAL.findall(code)}:
                found.setdefault(name, []).append((path, line))
    return found


def _fork_declared(trees: ThreeTrees, names: set[str]) -> set[str]:
    """Of ``names``, those a fork-changed Python file declares again: a string of an ``add_argument`` /
    ``option`` call (any layout), or a class field (a subclass of upstream's args re-adding it)."""
    spellings = re.compile("|".join(re.escape(w) for n in sorted(names) for w in (n, n.replace("_", "-"))))
    found: set[str] = set()
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        if any(spellings.search(t) for t in trees.mine[path].added.values()):
            found |= _declarations(parse_python(trees.merged_text(path) or "", "<options>"))
    return found & names


def _declarations(module: ast.Module | None) -> set[str]:
    found: set[str] = set()
    looped = _loop_literals(module) if module is not None else {}
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.Call) and _callee(node) in _DECLARE:
            texts = [*node.args, *(k.value for k in node.keywords if k.arg == "dest")]
            words = [str(t.value) for t in texts if _text(t)]
            words += [w for t in texts if isinstance(t, ast.Name) for w in looped.get(t.id, ())]
            found |= {w.lstrip("-").replace("-", "_") for w in words}
        elif isinstance(node, ast.ClassDef):
            found |= {t.target.id for t in node.body if isinstance(t, ast.AnnAssign) and isinstance(t.target, ast.Name)}
    return found


def _loop_literals(module: ast.Module) -> dict[str, list[str]]:
    """A loop variable -> the strings it takes, when the loop runs over a literal list / tuple (or a name
    bound to one): ``for flag in _KEEP: parser.add_argument(flag, ...)`` declares each of ``_KEEP``."""
    bound = {
        t.id: n.value
        for n in ast.walk(module)
        if isinstance(n, ast.Assign) and isinstance(n.value, (ast.List, ast.Tuple, ast.Set))
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    found: dict[str, list[str]] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.For) and isinstance(node.target, ast.Name):
            seq = bound.get(node.iter.id) if isinstance(node.iter, ast.Name) else node.iter
            if isinstance(seq, (ast.List, ast.Tuple, ast.Set)):
                found.setdefault(node.target.id, []).extend(str(e.value) for e in seq.elts if _text(e))
    return found


def _tied_lines(trees: ThreeTrees, path: str) -> set[int]:
    """The lines of a fork file whose option literal is on a command line for sure: handed to ``parse_args``
    / ``parse_known_args``, in a ``subprocess`` argv that runs a package of upstream's tree (another
    program's option may share the name: a warning even in a list), spelled ``--flag=value``, or in a list
    beside another option that is not only a membership table.  A literal elsewhere (a shim's table of
    dropped flags, ``a not in _GONE``) may never reach a parser: a warning."""
    module = parse_python(trees.merged_text(path) or "", "<options>")
    if module is None:
        return set()
    parents = {id(c): n for n in ast.walk(module) for c in ast.iter_child_nodes(n)}
    found: set[int] = set()
    for node in ast.walk(module):
        if _text(node) and _OPTION.match(str(node.value)) and _tied(trees, node, parents):
            found.add(node.lineno)
    return found


def _tied(trees: ThreeTrees, node: ast.Constant, parents: dict[int, ast.AST]) -> bool:
    current: ast.AST | None = node
    while current is not None and not isinstance(current, ast.stmt):
        if isinstance(current, ast.Call) and _callee(current) in _PARSE:
            return True
        if isinstance(current, ast.Call) and _spawns(current):
            # another program's argv (``-m sglang...``) may share the option's name: never an error
            return _runs_upstream(trees, current)
        current = parents.get(id(current))
    holder = parents.get(id(node))
    beside = isinstance(holder, (ast.List, ast.Tuple)) and any(
        e is not node and _text(e) and str(e.value).startswith("--") for e in holder.elts
    )
    return "=" in str(node.value) or (beside and holder is not None and not _only_tested(holder, parents))


def _only_tested(holder: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """The list / tuple is only a membership table (``a not in _GONE``, or ``a in ("--x", "--y")``): a
    shim's table of dropped flags, which never reaches a parser."""
    above = parents.get(id(holder))
    if isinstance(above, ast.Compare):
        return all(isinstance(op, (ast.In, ast.NotIn)) for op in above.ops)
    if not (isinstance(above, ast.Assign) and len(above.targets) == 1 and isinstance(above.targets[0], ast.Name)):
        return False
    name = above.targets[0].id
    root: ast.AST = above
    while id(root) in parents:
        root = parents[id(root)]
    uses = [n for n in ast.walk(root) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)]
    return bool(uses) and all(_tested(n, parents) for n in uses)


def _tested(use: ast.Name, parents: dict[int, ast.AST]) -> bool:
    above = parents.get(id(use))
    return (
        isinstance(above, ast.Compare)
        and use in above.comparators
        and all(isinstance(op, (ast.In, ast.NotIn)) for op in above.ops)
    )


def _spawns(call: ast.Call) -> bool:
    func = call.func
    owner = func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) else ""
    return owner == "subprocess" or _callee(call) in _SPAWN


def _runs_upstream(trees: ThreeTrees, call: ast.Call) -> bool:
    """The argv's program is a package of upstream's tree (``prog ...`` or ``python -m prog...``), or not a
    literal (``sys.executable``, a variable)."""
    first = call.args[0] if call.args else None
    argv = first.elts if isinstance(first, (ast.List, ast.Tuple)) else call.args
    words = [str(e.value) if _text(e) else None for e in argv]
    if "-m" in words and words.index("-m") + 1 < len(words):
        program = words[words.index("-m") + 1]
    else:
        program = words[0] if words else None
    if not program:
        return True
    top = program.split(".", 1)[0]
    return trees.blobs(trees.theirs, [f"{top}/__init__.py"])[f"{top}/__init__.py"] is not None


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _text(node: ast.AST) -> TypeGuard[ast.Constant]:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _gone(trees: ThreeTrees, names: set[str]) -> dict[str, str]:
    """underscored name -> the upstream file whose diff removed its declaration, of the options no served
    upstream file declares any more."""
    removed = _removed_declarations(trees, names)
    if not removed:
        return {}
    served = [PYTHON_FILES, *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS))]
    # ``--no-x`` stays accepted while ``--x`` is declared with BooleanOptionalAction (or a bool field ``x``)
    kept = {n: {n, n[3:]} if n.startswith("no_") else {n} for n in removed}
    every = sorted({k for names in kept.values() for k in names})
    words = [w for n in every for w in _spellings(n)]
    quoted = repo.lines_containing(trees.repo, trees.theirs, words, served)
    alive = {n for n in removed if any(w in line for line in quoted for k in kept[n] for w in _spellings(k))}
    holders = repo.files_containing(trees.repo, trees.theirs, [k for k in every if not alive & {k, f"no_{k}"}], served)
    texts = trees.blobs(trees.theirs, sorted(holders)).values() if holders else []
    fields = {f for text in texts for f in _class_fields(text)}
    return {n: path for n, path in removed.items() if n not in alive and not kept[n] & fields}


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


def _finding(
    trees: ThreeTrees, path: str, line: int, name: str, where: str, pr_pattern: str, severity: Severity
) -> Finding:
    flag = f"--{name.replace('_', '-')}"
    commit = trees.upstream_commit(where, rf"{name}|{flag}", pr_pattern, most=5)
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        line,
        f"fork-owned command line passes {flag}, an option upstream's parsers no longer declare: its declaration "
        f"went from {where}{commit}; argparse rejects the command line (unrecognized arguments), or "
        "parse_known_args leaves the setting unread: drop the option, or pass what replaced it",
    )
