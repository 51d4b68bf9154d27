"""A test double's dotted target through a module member upstream removed: ``mock.patch("pkg.mod.gone.attr")``.

``mock.patch("a.b.mod.name.attr")`` imports its way along the string: ``a.b.mod``, then ``getattr`` for each
further part (an import of the dotted path when that fails), and raises on entry when a part is gone --
``AttributeError``, or ``ModuleNotFoundError`` for a middle part.  pytest's ``monkeypatch.setattr("a.b.name",
value)`` and ``monkeypatch.delattr("a.b.name")`` resolve the same way.  #25675 (71b25b0d48) dropped the
``envs`` module's import from the compilation config's module: a fork test's ``mock.patch(
"<package>.config.compilation.envs.USE_V1", False)`` merges cleanly and its test now errors before it runs.
Symbol drift reads ``patch.object(obj, "name")`` (drift/patched_names.py): a dotted string binds no name.

A target drifts when a prefix of it names a Python module upstream's diff changed (``a/b/mod.py`` or
``a/b/mod/__init__.py``), the base's module binds the next part at its top level (a ``def``, a ``class``, an
assignment, an import, also under a top-level ``if``/``try``) and upstream's binds it nowhere, defines no module
``__getattr__`` nor star import, and has no submodule of that name -- nor does the merged module bind it (the
fork's carry may keep the import upstream dropped: the double then finds it).  An error on the call's line: the patch raises on every
path.  When the gone part is the target's last, ``create=True`` (``mock.patch``) or ``raising=False``
(``monkeypatch``) makes the double create it: quiet.

Cheap first: the fork's added lines give the dotted targets (a text scan); only the modules they name that
upstream's diff changed are read, at both ends.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parse_python, str_value

# ``patch("a.b.c"``, ``monkeypatch.setattr("a.b"``: a call whose first argument is a dotted string
_TARGET = lazy_pattern(r"""\b(?:patch|setattr|delattr)\(\s*["'](\w+(?:\.\w+)+)["']""")
_MONKEYPATCH = frozenset({"setattr", "delattr"})


@dataclass(frozen=True)
class Target:
    """A fork-owned double's dotted target: its file and line, the string, the call's tolerance of a gone end."""

    path: str
    line: int
    target: str
    spelt: str
    tolerant: bool


def patched_target_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    spelt = {t for lines in _added(trees) for t in lines}
    splits = {split for t in spelt for split in _splits(t)}
    changed = sorted({path for path, _, _ in splits if path in trees.upstream})
    if not changed:
        return []
    before, after = trees.blobs(trees.base, changed), trees.blobs(trees.theirs, changed)
    gone = {
        f"{module}.{member}": path
        for path, module, member in sorted(splits)
        if path in changed
        and _removed(path, member, before, after)
        and not _merged_binds(trees, path, member)
        and not _is_module(trees, f"{module}.{member}")
    }
    if not gone:
        return []
    findings = []
    for target in _fork_targets(trees):
        for reach, path in gone.items():
            last = target.target == reach
            if (target.target.startswith(reach + ".") or last) and not (last and target.tolerant):
                commit = trees.upstream_commit(path, r"\b" + reach.rsplit(".", 1)[1] + r"\b", pr_pattern)
                findings.append(_finding(target, reach, path, commit))
                break
    return findings


def _added(trees: ThreeTrees) -> Iterator[list[str]]:
    for path in trees.mine:
        if path.endswith(".py"):
            yield [m.group(1) for line in trees.mine[path].added.values() for m in _TARGET.finditer(line)]


def _splits(target: str) -> Iterator[tuple[str, str, str]]:
    """(a file a prefix of the target may be, the prefix as a module, the part after it) for each prefix."""
    parts = target.split(".")
    for i in range(1, len(parts)):
        stem = "/".join(parts[:i])
        for path in (stem + ".py", stem + "/__init__.py"):
            yield path, ".".join(parts[:i]), parts[i]


def _removed(path: str, member: str, before: dict[str, str | None], after: dict[str, str | None]) -> bool:
    was = parse_python(before.get(path) or "", path) if before.get(path) else None
    now = parse_python(after.get(path) or "", path) if after.get(path) else None
    if was is None or now is None:
        return False
    bound_now = _bound(now.body)
    return member in _bound(was.body) and not bound_now & {member, "__getattr__", "*"}


def _merged_binds(trees: ThreeTrees, path: str, member: str) -> bool:
    """The merged module still binds the member: the fork's carry keeps (or adds back) what upstream dropped, or
    a star import may bring it."""
    module = trees.merged_module(path)
    return module is None or bool(_bound(module.body) & {member, "__getattr__", "*"})


def _is_module(trees: ThreeTrees, dotted: str) -> bool:
    """Upstream's tree holds a submodule of that name (the double imports it)."""
    stem = dotted.replace(".", "/")
    found = trees.blobs(trees.theirs, [stem + ".py", stem + "/__init__.py"])
    return any(text is not None for text in found.values())


def _bound(body: list[ast.stmt]) -> set[str]:
    """The names a module's top level binds (into top-level ``if``/``try``/``with`` blocks)."""
    names: set[str] = set()
    for stmt in body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(stmt.name)
        elif isinstance(stmt, ast.Import | ast.ImportFrom):
            names |= {a.asname or a.name.split(".")[0] for a in stmt.names}
        elif isinstance(stmt, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(stmt, ast.If | ast.Try | ast.With):
            for block in ("body", "orelse", "finalbody"):
                names |= _bound(getattr(stmt, block, []))
            for handler in getattr(stmt, "handlers", []):
                names |= _bound(handler.body)
    return names


def _fork_targets(trees: ThreeTrees) -> Iterator[Target]:
    for path, module, owned in fork_modules(trees, _TARGET.search):
        for node in ast.walk(module):
            if isinstance(node, ast.Call) and node.lineno in owned and (target := double_target(node)) is not None:
                yield Target(path, node.lineno, target, ast.unparse(node.func), tolerates_gone_end(node))


def double_target(call: ast.Call) -> str | None:
    """The dotted string a ``patch(...)`` or ``monkeypatch.setattr/delattr(...)`` call names first."""
    func = call.func
    name = last_name(func)
    monkeypatch = isinstance(func, ast.Attribute) and name in _MONKEYPATCH and last_name(func.value) == "monkeypatch"
    if name != "patch" and not monkeypatch:
        return None
    first = str_value(call.args[0]) if call.args else None
    return first if first is not None and "." in first else None


def tolerates_gone_end(call: ast.Call) -> bool:
    """``create=True`` / ``raising=False``, or keywords spread: the double may create a gone last part."""
    for kw in call.keywords:
        if kw.arg is None:
            return True
        if (kw.arg, getattr(kw.value, "value", None)) in (("create", True), ("raising", False)):
            return True
        if kw.arg in ("create", "raising") and not isinstance(kw.value, ast.Constant):
            return True
    return False


def _finding(target: Target, reach: str, path: str, commit: str) -> Finding:
    module, member = reach.rsplit(".", 1)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        target.path,
        target.line,
        f'fork-owned {target.spelt}("{target.target}") reaches {module}.{member}, which upstream\'s {path} no '
        f"longer binds{commit}: the double raises on entry (AttributeError / ModuleNotFoundError); patch the name "
        "where it lives now",
    )
