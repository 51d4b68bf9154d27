"""Colliding options: a fork declares an option that upstream's parser now declares itself.

``serve_parser.add_argument("--grpc", action="store_true")`` after ``super().subparser_init(subparsers)``
merges cleanly after upstream made the serve subparser declare ``--grpc`` itself (#36169), or moved it into
``make_arg_parser`` (#38570), or added a field to the server's ``FrontendArgs`` whose ``add_cli_args`` turns
each field into an option (#20544's ``exclude_tools_when_tool_choice_none``): argparse refuses a second
declaration of an option string (``ArgumentError: argument --grpc: conflicting option string``) when the
parser is built, so the command does not start.  removed_options.py reads the other direction (an option
that went); this check reads the one that came.

An option came when a line upstream's diff added declared it and the base's version of that file did not:
a quoted ``"--flag"`` of an ``add_argument`` / ``add_option`` call, or a class field ``flag: type`` in a class
whose file turns fields into options (a method of the class or of a same-file base calls ``add_argument``
with an f-string ``f"--{...}"``).  Its *declarers* are the function holding that call (or, for a field, the
class's declaring methods, on the class and its same-file subclasses), widened twice over upstream's served
files by the functions that call one of them (``make_arg_parser`` calls ``FrontendArgs.add_cli_args``;
``ServeSubcommand.subparser_init`` calls ``make_arg_parser``).  The fork's side: a string literal that is
exactly ``--flag`` on a fork-owned line, handed to an ``add_argument`` / ``add_option`` call (any layout, or
a loop over a literal tuple of flags).  An error when the fork's parser is for sure upstream's: the
function holding the fork's call is upstream's declarer itself (a fork line in its file's
``make_arg_parser`` beside upstream's new one) or calls a declarer (before or after its own call: the second
declaration raises either way; ``super().m()`` in a subclass of the declarer's class, ``Cls().m()``,
``Cls.m()``, ``mod.f()`` or ``f()``), or a fork function of the module hands it a parser a declarer returned
(``helper(super().subparser_init(subparsers))``).  A warning otherwise: the fork's parser may be its own (a
tool of the fork with an option of the same name).  Quiet for the fork's own option names, an option the
base already declared in that file (the fork's declaration failed before the merge too, or lives in
another parser), a backport (the fork's line is the one upstream added: the merge holds one), and reads of
the option upstream now declares (``args.grpc``, ``getattr(args, ...)``).

The error is tied to the parser the fork's call declares on (review127): followed through
``add_argument_group`` / ``add_mutually_exclusive_group``, it is a declarer's result, or a name handed to a
declarer in the same function with no rebinding between, or a parameter a function of the module hands a
declarer's result at its place; a function that merely calls a declarer while declaring on its own
``ArgumentParser()`` or a sibling ``subparsers.add_parser(...)`` is a warning.  A def or class the fork wrote
in its module is its own, never upstream's namesake.  Quiet for a declaration that answers a second one: in a
``try`` catching ``ArgumentError`` / ``Exception`` / bare, under ``pytest.raises`` / ``assertRaises`` /
``suppress``, under an ``if`` whose test quotes the option or reads the parser's option table, or in a
function building or setting a ``conflict_handler="resolve"`` parser.

Cheap first: only when a fork-added line quotes an option and a line upstream's diff added names one of
them; the caller search runs only for a fork declaration of an option that came which the rounds before did
not already tie to upstream's parser (one ``git grep`` a round, two rounds at most), parses only the files
that can call a declarer, and in its last round only those defining a name the fork's module calls or defines
(perf43: blind_replay_servecli's 25 merges spent 1.92 CPU-s and 15.8 s here, now 0.11 and 3.7, the same
findings).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES, TEST_FOLDERS
from aeon_release.domain.audits.drift.sides import ThreeTrees, code_added, defined_names
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parse_python

__all__ = ["colliding_option_drift"]

# a string literal that is exactly an option: ``"--grpc"``, ``'--exclude-log-deltas'``
_QUOTED = lazy_pattern(r"""["'](--[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*)["']""")
_DECLARE = frozenset({"add_argument", "add_option"})
_MOST_FILES = 60  # upstream files a round of the caller search parses

Target = tuple[str, str]  # (class name or "", function name)


def colliding_option_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    quoted = _fork_quoted(trees)
    came = _came(trees, quoted) if quoted else {}
    if not came:
        return []
    modules = {
        path: module
        for path in sorted(p for p in trees.mine if p.endswith(".py"))
        if code_added(change := trees.mine[path])
        and any(flag in t for t in change.added.values() for flag in came)
        and (module := trees.merged_module(path)) is not None
    }
    # the names the fork's modules call or define: the only declarers their calls can name (``_is_target``)
    declarers = _Declarers(trees, came, frozenset().union(*map(_named, modules.values())))
    findings = []
    for path, module in modules.items():
        owned = trees.owned_lines(path) - trees.upstream_lines(path)  # a backport's line is upstream's too
        parents: dict[int, ast.AST] = {}
        shadows: set[str] | None = None
        for flag, line, holder, call in _fork_declarations(module):
            if flag not in came or line not in owned:
                continue
            if not parents:
                parents = {id(c): n for n in ast.walk(module) for c in ast.iter_child_nodes(n)}
            if _answered(flag, call, holder, parents):
                continue
            if shadows is None:
                shadows = _shadows(module, owned)
            where = came[flag][0]
            sure = any(
                (path == where and _own(holder, module) in targets) or _reaches(holder, call, targets, module, shadows)
                for targets in declarers.rounds(flag)
            )
            findings.append(_finding(trees, path, line, flag, where, pr_pattern, sure))
    return findings


def _shadows(module: ast.Module, owned: set[int]) -> set[str]:
    """The module-level defs and classes the fork wrote: a call of one is the fork's own, not upstream's
    namesake (``def make_arg_parser`` of a fork tool)."""
    return {
        n.name
        for n in module.body
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.lineno in owned
    }


_CAUGHT = frozenset({"ArgumentError", "Exception", "BaseException"})
_PROBES = frozenset({"_option_string_actions", "option_strings", "_actions"})


def _answered(flag: str, call: ast.Call, holder: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """The fork's declaration answers a second one: inside a ``try`` catching ``ArgumentError`` (or
    ``Exception``, or bare), under ``pytest.raises`` / ``assertRaises`` / ``suppress``, under an ``if`` whose
    test quotes the same option or reads the parser's option table (``"--x" not in p._option_string_actions``,
    ``any(... a.option_strings ...)``), or in a function that builds or sets a parser's ``conflict_handler``
    to ``"resolve"`` (argparse replaces the earlier option)."""
    node: ast.AST | None = call
    while node is not None and node is not holder:
        parent = parents.get(id(node))
        if isinstance(parent, ast.Try) and node in parent.body and any(_catches(h) for h in parent.handlers):
            return True
        if isinstance(parent, (ast.With, ast.AsyncWith)) and any(
            _callee(i.context_expr) in {"raises", "assertRaises", "suppress"}
            for i in parent.items
            if isinstance(i.context_expr, ast.Call)
        ):
            return True
        if isinstance(parent, ast.If) and node is not parent.test and _probes(parent.test, flag):
            return True
        node = parent
    for n in _own_walk(holder):
        if isinstance(n, ast.keyword) and n.arg == "conflict_handler" and _is_resolve(n.value):
            return True
        if isinstance(n, ast.Assign) and _is_resolve(n.value):
            if any(isinstance(t, ast.Attribute) and t.attr == "conflict_handler" for t in n.targets):
                return True
    return False


def _catches(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(
        k is None or (k.attr if isinstance(k, ast.Attribute) else getattr(k, "id", "")) in _CAUGHT for k in kinds
    )


def _probes(test: ast.expr, flag: str) -> bool:
    return any(
        (isinstance(n, ast.Constant) and n.value == flag) or (isinstance(n, ast.Attribute) and n.attr in _PROBES)
        for n in ast.walk(test)
    )


def _is_resolve(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and value.value == "resolve"


def _fork_quoted(trees: ThreeTrees) -> set[str]:
    """The options a fork-added line of a Python file quotes."""
    return {
        flag
        for path in trees.mine
        if path.endswith(".py")
        for text in trees.mine[path].added.values()
        for flag in _QUOTED.findall(text.split("#", 1)[0])
    }


def _came(trees: ThreeTrees, flags: set[str]) -> dict[str, tuple[str, set[Target]]]:
    """option -> (upstream file, its declarers), of the options a line upstream's diff added declares."""
    fields = {f[2:].replace("-", "_"): f for f in flags}
    found: dict[str, tuple[str, set[Target]]] = {}
    for path in sorted(p for p in trees.upstream if p.endswith(".py") and p.split("/", 1)[0] not in TEST_FOLDERS):
        added = [t.split("#", 1)[0] for t in trees.upstream[path].added.values()]
        named = {f for f in flags for t in added if f'"{f}"' in t or f"'{f}'" in t}
        named |= {fields[n] for n in fields for t in added if re.match(rf"\s+{n}\s*:", t)}
        if not named - set(found):
            continue
        texts = trees.blobs(trees.theirs, [path])[path], trees.blobs(trees.base, [path])[path]
        new, old = (parse_python(t, "<options>") if t else None for t in texts)
        if new is None:
            continue
        before = _declared(old) if old is not None else {}
        for flag, targets in _declared(new).items():
            if flag in named and flag not in before and flag not in found:
                found[flag] = (path, targets)
    return found


def _declared(module: ast.Module) -> dict[str, set[Target]]:
    """option -> the functions of the module that declare it: an ``add_argument`` string, or a class field of a
    class whose (same-file) declaring methods turn fields into ``f"--{...}"`` options."""
    found: dict[str, set[Target]] = {}
    for context, fn in _functions(module):
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and _callee(node) in _DECLARE:
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value.startswith("--"):
                        found.setdefault(arg.value, set()).add((context, fn.name))
    classes = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    makers = {name: _field_makers(c) for name, c in classes.items()}
    for name, cls in classes.items():
        methods = set().union(*(makers.get(a, set()) for a in _ancestors(name, classes)))
        if not methods:
            continue
        owners = {name} | {sub for sub in classes if name in _ancestors(sub, classes)}
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                flag = f"--{stmt.target.id.replace('_', '-')}"
                found.setdefault(flag, set()).update((o, m) for o in owners for m in methods)
    return found


def _field_makers(cls: ast.ClassDef) -> set[str]:
    """The methods of ``cls`` that declare an option from a name: ``add_argument(f"--{key}", ...)``."""
    return {
        fn.name
        for fn in cls.body
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
        for node in ast.walk(fn)
        if isinstance(node, ast.Call) and _callee(node) in _DECLARE
        for arg in node.args
        if isinstance(arg, ast.JoinedStr)
        and arg.values
        and isinstance(arg.values[0], ast.Constant)
        and str(arg.values[0].value).startswith("--")
    }


def _ancestors(name: str, classes: dict[str, ast.ClassDef]) -> list[str]:
    """``name`` and its bases of the same file, nearest first."""
    out, todo = [], [name]
    while todo:
        current = todo.pop(0)
        if current in classes and current not in out:
            out.append(current)
            todo += [b.id for b in classes[current].bases if isinstance(b, ast.Name)]
    return out


class _Declarers:
    """Each option's declarers, widened a round at a time over upstream's served files by the functions that call
    one, up to two rounds: only as far as a fork declaration asks (perf43).  A call of a declarer is sure at the
    first round whose set holds it (a wider set only adds callers), so a fork function that is the declarer or
    calls it starts no ``git grep`` of upstream's tree (~0.5 s each).  A round greps only the names the rounds
    before did not; each file's calls are gathered once; the last round, whose callers only a fork module's own
    call or def can name, parses only the files defining one of ``named``; no round parses a file that cannot call
    one of its declarers (``_may_call``)."""

    def __init__(self, trees: ThreeTrees, came: dict[str, tuple[str, set[Target]]], named: frozenset[str]) -> None:
        self.trees, self.named = trees, named
        self.found: list[dict[str, set[Target]]] = [{flag: targets for flag, (_, targets) in came.items()}]
        self.grepped: set[str] = set()
        self.paths: set[str] = set()
        self.sites: dict[str, list[tuple[str, str, set[str], list[ast.Call]]]] = {}

    def rounds(self, flag: str) -> Iterator[set[Target]]:
        """The option's declarers, then those of each wider round, computed when first asked."""
        for depth in range(3):
            if depth == len(self.found):
                self._widen(last=depth == 2)
            yield self.found[depth][flag]

    def _widen(self, last: bool) -> None:
        before = self.found[-1]
        names = {m for targets in before.values() for _, m in targets} - self.grepped
        served = [PYTHON_FILES, *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS))]
        if names:
            self.paths |= repo.files_containing(self.trees.repo, self.trees.theirs, [f"{m}(" for m in names], served)
            self.grepped |= names
        # as one search of every name would: the first files by path (a file a later round adds may sort first)
        chosen = sorted(self.paths)[:_MOST_FILES]
        texts = self.trees.blobs(self.trees.theirs, chosen) if chosen else {}
        wanted: set[Target] = set().union(*before.values())
        for path, text in texts.items():
            if path in self.sites or not text or not _may_call(text, wanted):
                continue
            if not last or defined_names(text) & self.named:
                self.sites[path] = _call_sites(parse_python(text, "<options>"))
        sites = [site for path in chosen if path in self.sites for site in self.sites[path]]
        if last:
            sites = [site for site in sites if site[1] in self.named]
        self.found.append({flag: targets | _callers(sites, targets) for flag, targets in before.items()})


def _may_call(text: str, targets: set[Target]) -> bool:
    """Whether a function of ``text`` can call one of ``targets`` as ``_is_target`` reads a call: ``m(`` in it, and
    a method's class named there (``C.m()``, ``C().m()``, ``self.m()`` in ``class C``, ``super().m()`` in a class
    based on ``C``).  Most files that call ``add_cli_args`` call another class's: none of them is parsed."""
    return any(f"{m}(" in text and (not cls or cls in text) for cls, m in targets)


def _call_sites(module: ast.Module | None) -> list[tuple[str, str, set[str], list[ast.Call]]]:
    """(class name or "", function name, the class's bases, its calls) of each function of ``module``."""
    if module is None:
        return []
    return [
        (context, fn.name, _bases(module, context), [n for n in ast.walk(fn) if isinstance(n, ast.Call)])
        for context, fn in _functions(module)
    ]


def _callers(sites: list[tuple[str, str, set[str], list[ast.Call]]], targets: set[Target]) -> set[Target]:
    names = {m for _, m in targets}
    return {
        (context, name)
        for context, name, bases, calls in sites
        if any(_callee(c) in names and _is_target(c, targets, context, bases) for c in calls)
    }


def _named(module: ast.Module) -> set[str]:
    """The names ``module`` calls (``f()``, ``x.f()``) or defines (``def f``)."""
    return {
        _callee(n) if isinstance(n, ast.Call) else n.name
        for n in ast.walk(module)
        if isinstance(n, (ast.Call, ast.FunctionDef, ast.AsyncFunctionDef))
    }


def _functions(module: ast.Module) -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """(class name or "", function) of the module's top-level functions and its classes' methods."""
    out: list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]] = []
    for node in module.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append(("", node))
        elif isinstance(node, ast.ClassDef):
            out += [(node.name, f) for f in node.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return out


def _bases(module: ast.Module, context: str) -> set[str]:
    return {
        b.id if isinstance(b, ast.Name) else b.attr
        for c in module.body
        if isinstance(c, ast.ClassDef) and c.name == context
        for b in c.bases
        if isinstance(b, (ast.Name, ast.Attribute))
    }


def _is_target(
    call: ast.Call,
    targets: set[Target],
    context: str,
    bases: set[str],
    shadows: frozenset[str] | set[str] = frozenset(),
) -> bool:
    """``call`` calls one of ``targets``; a name in ``shadows`` (a def or class of the fork's module) is the
    fork's own, not upstream's namesake."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id not in shadows and ("", func.id) in targets
    if not isinstance(func, ast.Attribute):
        return False
    owner, name = func.value, func.attr
    if isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name):
        if owner.func.id == "super":
            return any((b, name) in targets for b in bases - shadows)
        return owner.func.id not in shadows and (owner.func.id, name) in targets  # ``Cls().m()``
    if isinstance(owner, ast.Name):
        if owner.id in {"self", "cls"}:
            return any((c, name) in targets for c in {context, *bases} - shadows)
        if owner.id in shadows:
            return False
        return (owner.id, name) in targets or ("", name) in targets  # ``Cls.m()`` or ``module.f()``
    return False


def _fork_declarations(module: ast.Module) -> list[tuple[str, int, ast.AST, ast.Call]]:
    """(option, line of its literal, the function holding the call, the call) of each ``add_argument`` /
    ``add_option`` string of the module, a loop's literal tuple of flags included."""
    out: list[tuple[str, int, ast.AST, ast.Call]] = []
    for holder in _holders(module):
        loops = {
            loop.target.id: loop.iter.elts
            for loop in ast.walk(holder)
            if isinstance(loop, ast.For)
            and isinstance(loop.target, ast.Name)
            and isinstance(loop.iter, (ast.Tuple, ast.List))
        }
        for node in _own_walk(holder):
            if not (isinstance(node, ast.Call) and _callee(node) in _DECLARE):
                continue
            for arg in node.args:
                for text in loops.get(arg.id, []) if isinstance(arg, ast.Name) else [arg]:
                    if isinstance(text, ast.Constant) and isinstance(text.value, str) and text.value.startswith("--"):
                        out.append((text.value, text.lineno, holder, node))
    return out


def _holders(module: ast.Module) -> list[ast.AST]:
    """The module and each function in it (a call belongs to the nearest)."""
    return [module, *(n for n in ast.walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]


def _own_walk(holder: ast.AST) -> list[ast.AST]:
    """The nodes of ``holder`` outside its nested functions."""
    out, todo = [], list(ast.iter_child_nodes(holder))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        out.append(node)
        todo += ast.iter_child_nodes(node)
    return out


def _own(holder: ast.AST, module: ast.Module) -> Target:
    """(class name or "", name) of the function holding the fork's call (a module's own: ("", ""))."""
    if not isinstance(holder, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return ("", "")
    return _context(holder, module)[0], holder.name


def _reaches(holder: ast.AST, call: ast.Call, declarers: set[Target], module: ast.Module, shadows: set[str]) -> bool:
    """The fork's parser is upstream's for sure: the parser the fork's call declares on (through
    ``add_argument_group`` / ``add_mutually_exclusive_group``) is a declarer's result, or is handed to a
    declarer in the same function (before or after the fork's call, with no rebinding between), or is a
    parameter a function of the module hands a declarer's result at its place."""
    if not isinstance(holder, (ast.FunctionDef, ast.AsyncFunctionDef)) or not isinstance(call.func, ast.Attribute):
        return False
    context, bases = _context(holder, module)
    source = _parser_of(call.func.value, call.lineno, holder, declarers, context, bases, shadows)
    if isinstance(source, str):
        return _handed_parameter(holder, source, declarers, module, shadows)
    return source is True


_GROUPS = frozenset({"add_argument_group", "add_mutually_exclusive_group"})


def _parser_of(
    receiver: ast.expr,
    line: int,
    holder: ast.FunctionDef | ast.AsyncFunctionDef,
    declarers: set[Target],
    context: str,
    bases: set[str],
    shadows: set[str],
) -> bool | str | None:
    """True when ``receiver`` at ``line`` is upstream's parser for sure, the parameter's name when it is a
    parameter of ``holder`` no statement before rebound, None otherwise."""
    for _ in range(4):  # a group of a group of ...
        if isinstance(receiver, ast.Call):
            if _is_target(receiver, declarers, context, bases, shadows):
                return True
            func = receiver.func
            if isinstance(func, ast.Attribute) and func.attr in _GROUPS:
                receiver = func.value
                continue
            return None
        if not isinstance(receiver, ast.Name):
            return None
        name = receiver.id
        binds = sorted(
            (n for n in _own_walk(holder) if isinstance(n, ast.Assign) and _binds(n, name)), key=lambda n: n.lineno
        )
        before = [n for n in binds if n.lineno < line]
        after = [n.lineno for n in binds if n.lineno > line]
        start = before[-1].lineno if before else 0
        end = after[0] if after else 1 << 30
        handed = any(
            isinstance(n, ast.Call)
            and start <= n.lineno < end
            and _is_target(n, declarers, context, bases, shadows)
            and any(isinstance(a, ast.Name) and a.id == name for a in [*n.args, *(k.value for k in n.keywords)])
            for n in _own_walk(holder)
        )
        if handed:
            return True
        if not before:
            params = [a.arg for a in [*holder.args.posonlyargs, *holder.args.args, *holder.args.kwonlyargs]]
            return name if name in params else None
        receiver, line = before[-1].value, before[-1].lineno
    return None


def _binds(node: ast.Assign, name: str) -> bool:
    return any(isinstance(t, ast.Name) and t.id == name for t in node.targets)


def _handed_parameter(
    holder: ast.FunctionDef | ast.AsyncFunctionDef,
    param: str,
    declarers: set[Target],
    module: ast.Module,
    shadows: set[str],
) -> bool:
    """A function of the module calls ``holder`` handing its parameter ``param`` a declarer's result (or a
    local bound to one)."""
    params = [a.arg for a in [*holder.args.posonlyargs, *holder.args.args]]
    index = params.index(param) if param in params else -1
    for caller in _holders(module)[1:]:
        ctx, cbases = _context(caller, module)
        returned = _returned_names(caller, declarers, ctx, cbases)
        for call in _own_walk(caller):
            if not (isinstance(call, ast.Call) and _callee(call) == holder.name):
                continue
            at = index - 1 if isinstance(call.func, ast.Attribute) and params[:1] in (["self"], ["cls"]) else index
            given = [call.args[at]] if 0 <= at < len(call.args) else []
            given += [k.value for k in call.keywords if k.arg == param]
            for arg in given:
                if isinstance(arg, ast.Call) and _is_target(arg, declarers, ctx, cbases, shadows):
                    return True
                if isinstance(arg, ast.Name) and arg.id in returned:
                    return True
    return False


def _returned_names(fn: ast.AST, declarers: set[Target], context: str, bases: set[str]) -> set[str]:
    """The locals of ``fn`` bound to a declarer's result."""
    return {
        t.id
        for n in _own_walk(fn)
        if isinstance(n, ast.Assign)
        and isinstance(n.value, ast.Call)
        and _is_target(n.value, declarers, context, bases)
        for t in n.targets
        if isinstance(t, ast.Name)
    }


def _context(holder: ast.AST, module: ast.Module) -> tuple[str, set[str]]:
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        if holder in cls.body:
            return cls.name, _bases(module, cls.name) | {b.attr for b in cls.bases if isinstance(b, ast.Attribute)}
    return "", set()


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _finding(trees: ThreeTrees, path: str, line: int, flag: str, where: str, pr_pattern: str, sure: bool) -> Finding:
    commit = trees.upstream_commit(where, rf"{re.escape(flag)}|{flag[2:].replace('-', '_')}", pr_pattern, most=5)
    parser = "upstream's parser" if sure else "a parser that may be upstream's"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if sure else Severity.WARNING,
        path,
        line,
        f"fork-owned declaration of {flag} on {parser}, an option upstream now declares itself ({where}{commit}): "
        "argparse raises ArgumentError (conflicting option string) when the parser is built: drop the fork's "
        "declaration and read upstream's option",
    )
