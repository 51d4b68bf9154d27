"""Parsed options: a fork reads an option off a parsed namespace after upstream's parsers stopped declaring it.

``args = parser.parse_args(argv)`` ... ``args.endpoint_type`` merges cleanly after upstream removed the
deprecated ``--endpoint-type`` from the benchmark's ``add_cli_args`` (#26007): the fork filled its parser
through upstream's function, nothing declares the option any more, so the namespace never holds the
attribute and the read raises AttributeError when the fork's command runs.  removed_options.py reads the
fork's command lines (a quoted ``"--flag"``); this check reads the other end, the fork's use of the value.

An option went when a line upstream's diff removed quoted it (``"--endpoint-type"``), the base's file
declared it (an ``add_argument`` / ``option`` call holding the flag: not another program's argv or a help
text), and no served file of that file's package declares it now: no ``--flag`` string, no ``dest="name"``,
no class field, ``set_defaults(name=...)`` or attribute store of that name.  A quoted ``"name"`` elsewhere
(a result dict's key kept for backward compatibility) declares nothing.

The fork's side: on a fork-owned line, ``ns.name`` or ``getattr(ns, "name")`` (no default) where ``ns`` is
bound in the same function by ``parse_args`` / ``parse_known_args`` (an error: that namespace holds only
what parsers declare), or is a parameter annotated ``Namespace`` (a warning: the caller's namespace may be
built by hand).  Quiet when the function quotes the name otherwise (``hasattr(ns, "name")``, a ``getattr``
default, ``vars(ns).get("name")``), stores it (``ns.name = ...``), or a fork-changed file declares or sets
it (an ``add_argument``, a class field, ``Namespace(name=...)``, ``set_defaults(name=...)``).

Cheap first: only names quoted as ``--flag`` on lines upstream's diff removed; only fork files whose added
lines parse arguments or annotate a namespace and read one of those names; then one ``git grep`` at upstream.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import TEST_FOLDERS
from aeon_release.domain.audits.drift.emptied import _catches
from aeon_release.domain.audits.drift.removed_options import (
    _DECLARE,
    _class_fields,
    _fork_declared,
)
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parse_python

__all__ = ["parsed_option_drift"]

# a quoted long option on a removed line: ``"--endpoint-type"`` (one word or more)
_FLAG = lazy_pattern(r"""["']--([a-z][a-z0-9]*(?:[-_][a-z0-9]+)*)["']""")
_PARSES = lazy_pattern(r"\bparse_(?:known_|intermixed_)?args\b|\bNamespace\b")
_PARSE = frozenset({"parse_args", "parse_known_args", "parse_intermixed_args"})

_Read = tuple[str, int, str, Severity]  # fork path, line, option name, severity


def parsed_option_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    names = _removed_flags(trees)
    reads = list(_fork_reads(trees, names)) if names else []
    if not reads:
        return []
    removed = _declared_at_base(trees, {name for _, _, name, _ in reads})
    gone = {n: p for n, p in removed.items() if n not in _declared_upstream(trees, removed)} if removed else {}
    kept = _fork_declared(trees, set(gone)) | _fork_set(trees, set(gone)) if gone else set()
    return [
        _finding(trees, path, line, name, gone[name], pr_pattern, severity)
        for path, line, name, severity in reads
        if name in gone and name not in kept
    ]


def _declared_at_base(trees: ThreeTrees, names: set[str]) -> dict[str, str]:
    """Of ``names``, those a file upstream's diff removed a line quoting the flag of declared at the base
    (an ``add_argument`` / ``option`` call holding the flag), with that file: a quoted flag elsewhere
    (another program's argv, a help text) was never an option of the package's parsers."""
    quoting: dict[str, set[str]] = {}  # path -> the names a removed line of it quotes as a flag
    for path in sorted(p for p in trees.upstream if p.endswith(".py") and p.split("/", 1)[0] not in TEST_FOLDERS):
        flags = {m.replace("-", "_") for t in trees.upstream[path].removed if "--" in t for m in _FLAG.findall(t)}
        if flags & names:
            quoting[path] = flags & names
    found: dict[str, str] = {}
    for path, quoted in quoting.items():
        module = parse_python(trees.blobs(trees.base, [path])[path] or "", "<options>")
        declared = {
            str(a.value)
            for node in (ast.walk(module) if module is not None else ())
            if isinstance(node, ast.Call) and _last(node.func) in _DECLARE
            for a in node.args
            if isinstance(a, ast.Constant) and isinstance(a.value, str)
        }
        found |= {n: path for n in sorted(quoted) if n not in found and f"--{n.replace('_', '-')}" in declared}
    return found


def _removed_flags(trees: ThreeTrees) -> set[str]:
    """Underscored names of the options a removed line of upstream's served Python quotes."""
    found: set[str] = set()
    for path in trees.upstream:
        if path.endswith(".py") and path.split("/", 1)[0] not in TEST_FOLDERS:
            for text in trees.upstream[path].removed:
                if "--" in text:
                    found |= {m.replace("-", "_") for m in _FLAG.findall(text)}
    return found


def _fork_reads(trees: ThreeTrees, names: set[str]) -> Iterator[_Read]:
    alternatives = "|".join(re.escape(n) for n in sorted(names))
    read = re.compile(rf"\b(?:{alternatives})\b")
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        added = trees.mine[path].added.values()
        if not any(_PARSES.search(t) for t in added) or not any(read.search(t) for t in added):
            continue
        module = trees.merged_module(path)
        owned = trees.owned_lines(path)
        said: set[tuple[int, str]] = set()  # a nested function's read is walked with its outer one too
        for node in ast.walk(module) if module is not None and owned else ():
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for line, name, severity in _function_reads(node, names):
                    if line in owned and (line, name) not in said:
                        said.add((line, name))
                        yield path, line, name, severity


def _function_reads(
    func: ast.FunctionDef | ast.AsyncFunctionDef, names: set[str]
) -> Iterator[tuple[int, str, Severity]]:
    """(line, name, severity) of each read of an option in ``names`` off a namespace of the function."""
    spaces = _namespaces(func)
    if not spaces:
        return
    reads: list[tuple[int, str, Severity]] = []
    stored: set[str] = set()
    expected = _expecting_attribute_error(func)
    for node, seen in _visible(func, spaces):
        if id(node) in expected:
            continue
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in seen:
            if node.attr in names and isinstance(node.ctx, ast.Load):
                reads.append((node.lineno, node.attr, seen[node.value.id]))
            elif isinstance(node.ctx, ast.Store):
                stored.add(node.attr)
        elif isinstance(node, ast.Call) and (hit := _bare_getattr(node, seen, names)) is not None:
            reads.append((node.lineno, hit, seen[ast.unparse(node.args[0])]))
    # a name the function quotes other than in a bare getattr: a hasattr guard, a getattr default, a key
    bare = {id(c.args[1]) for c in ast.walk(func) if isinstance(c, ast.Call) and _bare_getattr(c, spaces, names)}
    quoted = {
        n.value
        for n in ast.walk(func)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in names and id(n) not in bare
    }
    for line, name, severity in reads:
        if name not in quoted and name not in stored:
            yield line, name, severity


def _visible(node: ast.AST, spaces: dict[str, Severity]) -> Iterator[tuple[ast.AST, dict[str, Severity]]]:
    """The nodes under ``node``, each with the namespaces its scope still sees: a nested function or lambda
    whose own parameter takes a namespace's name (``def describe(args): ...``, ``key=lambda args: ...``)
    reads its argument there, not the parsed namespace."""
    for child in ast.iter_child_nodes(node):
        seen = spaces
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            a = child.args
            own = {p.arg for p in [*a.posonlyargs, *a.args, *a.kwonlyargs, *filter(None, (a.vararg, a.kwarg))]}
            seen = {n: v for n, v in spaces.items() if n not in own}
        yield child, seen
        if seen:
            yield from _visible(child, seen)


def _expecting_attribute_error(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[int]:
    """Ids of the nodes that run where the function expects an AttributeError: the body of a ``try`` whose
    handler is the read's fallback (``_falls_back``), of ``with contextlib.suppress(...)`` or ``with
    pytest.raises(...)`` of it.  A read there is the fork's fallback for the option gone (or its test
    that the option is gone), not a crash."""
    caught: set[int] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Try | ast.TryStar) and any(_falls_back(h, node) for h in node.handlers):
            caught |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
        elif isinstance(node, ast.With | ast.AsyncWith) and any(_expects(i.context_expr) for i in node.items):
            caught |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return caught


def _falls_back(handler: ast.ExceptHandler, around: ast.Try | ast.TryStar) -> bool:
    """The handler is the fallback of the option's read: it names AttributeError (alone or in a tuple), or
    catches it through a broad base (``except Exception``, a bare ``except``) around one statement.  A broad
    handler around a longer body is a command's last resort (log and exit), which the read still crashes."""
    if not _catches(handler, "AttributeError"):
        return False
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type] if handler.type else []
    return any(_last(k) == "AttributeError" for k in kinds) or len(around.body) == 1


def _expects(ctx: ast.expr) -> bool:
    """``suppress(AttributeError)`` / ``raises(AttributeError)`` (or a base of it) as a ``with`` item: the
    ``with`` states what it expects, whatever its body's length."""
    if not (isinstance(ctx, ast.Call) and _last(ctx.func) in ("suppress", "raises") and ctx.args):
        return False
    kinds = ctx.args if _last(ctx.func) == "suppress" else ctx.args[:1]
    return any(_catches(ast.ExceptHandler(type=k, name=None, body=[]), "AttributeError") for k in kinds)


def _namespaces(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, Severity]:
    """Names of the function bound to a parsed namespace (an error's receiver) or annotated as one (a
    warning's: the caller may build it by hand).  A name the function binds to anything else too is
    none: which value a read sees is not known."""
    found: dict[str, Severity] = {}
    parsed: set[int] = set()  # the Name targets that receive a parse
    for arg in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]:
        if arg.annotation is not None and _last(arg.annotation) == "Namespace":
            found[arg.arg] = Severity.WARNING
    for node in ast.walk(func):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target, value = node.targets[0], node.value
        if not (_parses(value) or _first_of_parse(value)) or _into_own(value):
            continue  # not a parse, or one into the fork's own object (it holds what the fork put there too)
        if isinstance(target, ast.Tuple) and target.elts and _last(getattr(value, "func", value)) == "parse_known_args":
            target = target.elts[0]  # ``args, rest = parser.parse_known_args(argv)``
        if isinstance(target, ast.Name):
            found[target.id] = Severity.ERROR
            parsed.add(id(target))
    other = {
        n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and id(n) not in parsed
    }
    return {name: severity for name, severity in found.items() if name not in other}


def _parses(value: ast.expr) -> bool:
    return isinstance(value, ast.Call) and _last(value.func) in _PARSE


def _into_own(value: ast.expr) -> bool:
    """``parser.parse_args(argv, namespace=AeonDefaults())``: argparse fills the object handed in, which
    keeps what its class or the fork set on it; which attributes it holds is not the parsers' to say."""
    call = value.value if isinstance(value, ast.Subscript) else value
    return isinstance(call, ast.Call) and (len(call.args) > 1 or any(k.arg == "namespace" for k in call.keywords))


def _first_of_parse(value: ast.expr) -> bool:
    """``parser.parse_known_args(argv)[0]``."""
    return (
        isinstance(value, ast.Subscript)
        and _parses(value.value)
        and isinstance(value.slice, ast.Constant)
        and value.slice.value == 0
    )


def _bare_getattr(call: ast.Call, spaces: dict[str, Severity], names: set[str]) -> str | None:
    """``getattr(ns, "name")`` with no default on a namespace: the read's name, else None."""
    if not (isinstance(call.func, ast.Name) and call.func.id == "getattr" and len(call.args) == 2):
        return None
    owner, key = call.args
    if isinstance(owner, ast.Name) and owner.id in spaces and isinstance(key, ast.Constant) and key.value in names:
        return str(key.value)
    return None


def _last(node: ast.expr) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def _declared_upstream(trees: ThreeTrees, removed: dict[str, str]) -> set[str]:
    """Of the names ``removed`` maps to the file that lost their declaration, those a served file of that
    file's top-level package still declares or sets at upstream: a ``--flag`` string, a ``dest=`` of the
    name, a class field, ``set_defaults(name=...)``, ``setattr(x, "name", ...)`` or an attribute store.  A
    bare quote of the name (a result dict's key) declares nothing, and another program of the repository
    (an example script's ``args.name = ...``) does not fill the package's parsers."""
    found: set[str] = set()
    for top in sorted({path.split("/", 1)[0] for path in removed.values()}):
        names = {n for n, path in removed.items() if path.split("/", 1)[0] == top}
        found |= _declared_in(trees, names, f":(glob){top}/**/*.py" if "/" in removed[min(names)] else "*.py")
    return found


def _declared_in(trees: ThreeTrees, names: set[str], spec: str) -> set[str]:
    flags = [f"--{n.replace('_', '-')}" for n in sorted(names)]
    lines = repo.lines_containing(trees.repo, trees.theirs, flags, [spec])
    found = {n for n in names if any(f"--{n.replace('_', '-')}" in line for line in lines)}
    rest = sorted(names - found)
    holders = repo.files_containing(trees.repo, trees.theirs, rest, [spec]) if rest else frozenset()
    for text in trees.blobs(trees.theirs, sorted(holders)).values() if holders else ():
        found |= _sets(text, set(rest)) | (_class_fields(text) & set(rest))
    return found


def _sets(text: str | None, names: set[str]) -> set[str]:
    """Of ``names``, those the text declares or sets other than as a class field."""
    module = parse_python(text, "<options>") if text else None
    found: set[str] = set()
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and node.attr in names:
            found.add(node.attr)
        elif isinstance(node, ast.Call):
            found |= {
                k.arg for k in node.keywords if k.arg in names and _last(node.func) in ("set_defaults", "Namespace")
            }
            texts = [*node.args, *(k.value for k in node.keywords if k.arg == "dest")]
            if _last(node.func) in ("add_argument", "setattr") or any(k.arg == "dest" for k in node.keywords):
                found |= {str(t.value) for t in texts if isinstance(t, ast.Constant) and t.value in names}
    return found


def _fork_set(trees: ThreeTrees, names: set[str]) -> set[str]:
    """Of ``names``, those a fork-changed file sets (``Namespace(name=...)``, ``set_defaults(name=...)``,
    ``ns.name = ...``, ``setattr(ns, "name", ...)``), so some namespace of the fork may hold it."""
    spelled = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in sorted(names)) + r")\b")
    found: set[str] = set()
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        if any(spelled.search(t) for t in trees.mine[path].added.values()):
            found |= _sets(trees.merged_text(path), names)
    return found


def _finding(
    trees: ThreeTrees, path: str, line: int, name: str, where: str, pr_pattern: str, severity: Severity
) -> Finding:
    flag = f"--{name.replace('_', '-')}"
    commit = trees.upstream_commit(where, re.escape(flag), pr_pattern, most=5)
    surely = (
        "the namespace parse_args returns" if severity is Severity.ERROR else "a namespace parsed by upstream's parsers"
    )
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        line,
        f"fork-owned line reads the parsed option {name} ({flag}), which upstream's parsers no longer declare: "
        f"its declaration went from {where}{commit}, and {surely} holds no {name} (AttributeError): read "
        "what replaced the option, or declare it in the fork's parser",
    )
