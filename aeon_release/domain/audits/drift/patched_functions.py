"""Patched functions: a fork function put over upstream's module function, which upstream now calls otherwise.

A fork that carries a change without editing upstream's file patches the module at import time (a plugin):
``mod.f = mine``.  The module calls its function by its bare name, a global look-up at run time, so the patch
swaps what that name finds -- and the fork's function is called the way upstream's own calls are written.
#38482 (57861ae48d) gave the batch runner's ``download_bytes_from_url(url)`` an ``allowed_media_domains``
parameter and made its caller in the same module pass it by keyword: a fork's
``run_batch.download_bytes_from_url = _aeon_download`` with ``async def _aeon_download(url: str)`` merges
cleanly and raises TypeError on every transcription row (the same for ``make_transcription_wrapper``, now
called with the domains by the endpoint registry).  #23556 (1b7b161a09) gave the Transformers backend's
``replace_linear_class`` a keyword-only ``prefix`` and made the module's ``tensor_parallel`` pass
``prefix=qual_name``: a fork's ``def aeon_replace_linear_class(linear, style, quant_config)`` installed over it
(or a lambda of those parameters) raises TypeError on the first model load.  Symbol drift reads a patch of a
class's method as that method's override (``_patched_method``); a module's function has no override, only the
calls of its name.  Dead patches (``drift/patches.py``) judge a patch of a function upstream stopped calling;
this one a function upstream calls in a new way.

Upstream's side: a module-level function of a changed file called by its bare name in that module (a global
look-up at run time, which a patch of the module reaches) on a line upstream added (its first line, or an
argument's line below an unchanged first line: killers205), the call binding to upstream's own def.  The fork's side, on a line it owns: ``mod.f = mine`` or ``setattr(mod, "f", mine)`` (every target of a
chain ``a.f = b.f = mine``) with ``mod`` the module (an alias, the name imported from its package, or the dotted module imported whole) and
``mine`` a ``lambda`` or the one ``def`` of the file by that name (of the module or of the installing function,
not a class's method), or (killers220) a call of such a ``def`` acting as a factory, whose every ``return`` hands
back its one nested ``def`` or a ``lambda``: that nested function is what the patch installs.  An error, on the patch's line (where the hazard is made; the message names the def's
line, whose parameters must change), when one of upstream's new calls does not bind to the fork function's
parameters (a keyword it does not take, too many positional arguments, a required parameter left out) while
every call of the name at the base did: the fork's function fitted before the merge, and the break is this
merge's.  Quiet: a function taking the new parameters or ``**kwargs``, a value that is no function of the fork's
file (upstream's own function, a class, a method, a name the file also assigns or imports -- review126: but for
an import just before the ``def`` in its own block --, a name a function around the patch takes as a parameter,
which installs what its caller hands in), an attribute of the fork's own
object or module of the name, a call elsewhere by the imported name of a name its home module bound at the
base (bound before the patch ran; a name new there is a warning, killers231), a new call inside a module function
(or a top-level class's method) the fork's file patches too, in the name's module or another (review136: that
caller is the fork's now).  A warning: the patch
under an ``if`` that tests the patched name, a signature or ``hasattr`` (the fork picks its patch by looking at
upstream's function, which the engine cannot run), a ``def`` under a decorator other than ``functools.wraps``
(the decorated value may take other parameters).

Cheap first: only fork files whose added lines patch a module attribute, and only upstream files whose added
lines call a name so patched.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, import_base, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.drift.signatures import Sig, call_problem, lambda_signature, names_of, signature
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    bound_names,
    flat_statements,
    last_name,
    lazy_pattern,
    own_scope_nodes,
    parent_map,
    parse_python,
    str_value,
)

# ``mod.f = mine`` / ``mod.f = lambda ...`` / ``setattr(mod, "f", mine)`` on a fork line, the targets possibly a
# chain (``a.f = b.f = mine``, mend61); ``self.x = y``, an instance's own state and the commonest spelling, is never
# a module's patch: such a target is left out of the cheap gate (``_TARGET``)
_PATCH = lazy_pattern(r"^\s*((?:[A-Za-z_][\w.]*\.\w+\s*=\s*)+)(?:lambda\b|[A-Za-z_]\w*\s*(?:#.*)?$)")
_TARGET = lazy_pattern(r"(?<![\w.])(?!self\.|cls\.)[A-Za-z_][\w.]*\.(\w+)\s*=")
_SETATTR = lazy_pattern(r"\bsetattr\(\s*[A-Za-z_][\w.]*\s*,\s*[\"'](\w+)[\"']")
# ``mod.f = make(...)``: a call of a factory the same file defines (killers220), confirmed by its ``def`` below
_PATCH_MADE = lazy_pattern(r"^\s*((?:[A-Za-z_][\w.]*\.\w+\s*=\s*)+)([A-Za-z_]\w*)\s*\(")
_DEF = lazy_pattern(r"^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(")
# ``mock.patch.object(mod, "f", mine)``: the same replacement for as long as the patch is active
_PATCH_OBJECT = lazy_pattern(r"\bpatch\.object\(\s*[A-Za-z_][\w.]*\s*,\s*[\"'](\w+)[\"']")
# decorators that call the def with the arguments the patched name is called with (killers180: #48526's
# ``@contextmanager def aeon_graph_capture(device)``): the def's parameters are what the name takes
_PASSING = frozenset({"wraps", "contextmanager", "asynccontextmanager", "cache", "lru_cache"})
_MOST_FILES = 32
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)

Func = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


@dataclass(frozen=True)
class Called:
    """``name``, a module-level function of upstream's ``module`` (file ``path``): its bare-name calls there at
    the base (``old``) and those on lines upstream added that bind to upstream's own def (``new``)."""

    path: str
    module: str
    name: str
    old: tuple[ast.Call, ...]
    new: tuple[ast.Call, ...]
    # the module-level def (or ``Cls.meth``) each of ``new`` sits in ("" at the module's top): a caller the fork
    # patches too runs the fork's code, never upstream's new call
    within: tuple[str, ...] = ()
    # the calls sit in another module that bound the name by a top-level ``from module import name`` (killers231):
    # bound when that module was imported, so they find the patch only when the fork's patch ran first
    at_import: bool = False


@dataclass(frozen=True)
class Patch:
    """A fork line ``line`` putting ``func`` over ``module.name`` (spelt ``shown``); ``chosen`` when an ``if``
    picks it."""

    module: str
    name: str
    shown: str
    func: Func
    line: int
    chosen: bool


def patched_function_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork patches of upstream module functions whose new same-module calls the fork function cannot take."""
    names = _patched_names(trees)
    if not names:
        return []
    called: dict[tuple[str, str], list[Called]] = {}
    for c in _upstream_calls(trees, names):
        called.setdefault((c.module, c.name), []).append(c)
    if not called:
        return []
    found: list[Finding] = []
    for path, module, owned in fork_modules(trees, lambda line: any(n in line for n in names)):
        patches = list(_patches(path, module))
        replaced = {(p.module, p.name) for p in patches} - _kept(path, module)
        for patch in patches:
            for hit in called.get((patch.module, patch.name), []) if patch.line in owned else []:
                found.extend(_check(trees, path, patch, _live(hit, replaced), pr_pattern))
    return found


def _patched_names(trees: ThreeTrees) -> set[str]:
    """The attribute names fork lines patch on a module or object."""
    names: set[str] = set()
    for path, change in trees.mine.items():
        lines = list(change.added.values()) if path.endswith(".py") else []
        made: list[tuple[str, str]] = []
        for line in lines:
            patch, by_call, by_object = _PATCH.match(line), _SETATTR.search(line), _PATCH_OBJECT.search(line)
            names.update(_TARGET.findall(patch.group(1)) if patch is not None else ())
            names.update(m.group(1) for m in (by_call, by_object) if m is not None)
            if patch is None and (call := _PATCH_MADE.match(line)) is not None:
                made.append((call.group(1), call.group(2)))
        if made:
            defined = {m.group(1) for line in lines if (m := _DEF.match(line)) is not None}
            names.update(n for targets, maker in made if maker in defined for n in _TARGET.findall(targets))
    return names


def _upstream_calls(trees: ThreeTrees, names: set[str]) -> Iterator[Called]:
    # a call of the name, or the name handed on to a forwarder with its arguments (``submit(f, a)``)
    calling = re.compile(rf"(?<![\w.])(?:{'|'.join(map(re.escape, sorted(names)))})\s*[(,]")
    # a call through the module (``torch_utils.aux_stream()``, killers231), read by ``_home_calls``
    through = re.compile(
        rf"(?<![\w.])(?!self\.|cls\.)[A-Za-z_][\w.]*\.(?:{'|'.join(map(re.escape, sorted(names)))})\s*\("
    )
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py")
        and any(calling.search(line) or through.search(line) for line in trees.upstream[p].added.values())
    ][:_MOST_FILES]
    paths += _argument_changed(trees, names, paths)
    versions = list(parsed_versions(trees, paths))
    imported = _imported_defs(trees, [(path, new) for path, _, new in versions], names)
    for path, old, new in versions:
        added = set(trees.upstream[path].added)
        defs = {n.name: n for n in new.body if isinstance(n, _FUNCS) and n.name in names}
        defs = imported.get(path, {}) | defs
        for name, node in sorted(defs.items()):
            theirs = signature(node, False)
            fresh = tuple(c for c in _bare_calls(new, name) if _call_lines(c) & added and _binds(c, theirs))
            if fresh:
                within = tuple(_owner(new, c) for c in fresh)
                yield Called(path, dotted_name(path, roots=("",)), name, tuple(_bare_calls(old, name)), fresh, within)
    yield from _locally_imported_calls(trees, versions, names)
    yield from _home_calls(trees, versions, names)


def _argument_changed(trees: ThreeTrees, names: set[str], seen: list[str]) -> list[str]:
    """Upstream's changed files whose call of a patched name keeps its opening line while upstream added an
    argument on a line of its own below it (killers205: #23745 added ``expert_placement_strategy=...`` to the
    layer's ``determine_expert_map(`` call, the call's first line unchanged, and a fork's
    ``layer.determine_expert_map = aeon_map`` of the old three parameters raises TypeError at layer build): no
    added line names the function, so the text at theirs is asked instead (one ``git grep``); the spans are
    judged as for any call (``_call_lines``)."""
    if len(seen) >= _MOST_FILES:
        return []
    rest = [p for p in sorted(trees.upstream) if p.endswith(".py") and p not in seen and trees.upstream[p].added]
    words = tuple(sorted(f"{name}(" for name in names))
    return sorted(trees.upstream_files_with(words, rest))[: _MOST_FILES - len(seen)] if rest else []


def _locally_imported_calls(
    trees: ThreeTrees, versions: list[tuple[str, ast.Module, ast.Module]], names: set[str]
) -> Iterator[Called]:
    """The new calls of a patched name a function imports in its own body (``from home import f``), keyed by the
    home module: the import runs at call time, after the fork's ``home.f = mine``, so the bare name binds the patch
    (killers198: #30489 gave ``set_model_tag`` an ``is_encoder`` and the vision model, importing it inside its
    constructor, now passes ``is_encoder=True``: a fork's ``backends.set_model_tag = aeon_set_model_tag(tag)``
    raises TypeError there)."""
    for path, old, new in versions:
        added = set(trees.upstream[path].added)
        for (home, name), calls in sorted(_local_import_calls(new, path, names).items()):
            theirs = _home_def(trees, home, name)
            sig = signature(theirs, False) if theirs is not None else None
            fresh = tuple(c for c in calls if _call_lines(c) & added and _binds(c, sig))
            if fresh:
                before = tuple(_local_import_calls(old, path, names).get((home, name), []))
                yield Called(path, home, name, before, fresh, tuple(_owner(new, c) for c in fresh))


def _home_calls(
    trees: ThreeTrees, versions: list[tuple[str, ast.Module, ast.Module]], names: set[str]
) -> Iterator[Called]:
    """The new calls, in another module of upstream's, of a patched name of its home module (killers231: #28406
    added ``torch_utils.aux_stream()`` and made the shared-experts MoE layer call it, imported by name; a fork that
    had installed its own ``torch_utils.aux_stream = aeon_aux_stream(device)`` there now shadows upstream's def,
    and the layer's call passes no device), keyed by the home module: a call through the module
    (``torch_utils.aux_stream()``) looks the name up at run time and finds the patch; a bare call of a name a
    top-level ``from home import name`` bound finds it only when the fork's patch ran before that import
    (``at_import``), and counts only for a name the home module did not define at the base: there the fork's patch
    put a name of its own on the module, which upstream's new def and importers now meet (killers180's twin: a
    name the caller imported at the base too was bound before any patch, by the fork's own reckoning)."""
    for path, old, new in versions:
        added = set(trees.upstream[path].added)
        here = dotted_name(path, roots=("",))
        before = _through_home(old, path, names)
        for (home, name, bound), calls in sorted(_through_home(new, path, names).items()):
            fits = home != here and not (bound and _home_binds(trees, home, name, trees.base))
            theirs = _home_def(trees, home, name) if fits else None
            sig = signature(theirs, False) if theirs is not None else None
            fresh = tuple(c for c in calls if _call_lines(c) & added and _binds(c, sig))
            if fresh:
                was = tuple(before.get((home, name, bound), ()))
                yield Called(path, home, name, was, fresh, tuple(_owner(new, c) for c in fresh), bound)


def _through_home(module: ast.Module, path: str, names: set[str]) -> dict[tuple[str, str, bool], list[ast.Call]]:
    """(home, name, bound at import) -> the module's calls of a patched name of another module: ``m.name(...)``
    with ``m`` an imported module (False), or ``name(...)`` bound by a top-level ``from home import name`` the
    module rebinds nowhere (True)."""
    imports = file_imports(module, path)
    found: dict[tuple[str, str, bool], list[ast.Call]] = {}
    for call in (n for n in ast.walk(module) if isinstance(n, ast.Call)):
        func = call.func
        origin = imported_origin(func, imports) if isinstance(func, ast.Attribute) and func.attr in names else None
        if origin is not None:  # a class's method (``Cls.f``) has no module of that name: ``_home_def`` finds none
            found.setdefault((origin[0], origin[1], False), []).append(call)
    for local, (home, original) in _from_imports(module, path, names).items():
        if original in names:
            found.setdefault((home, original, True), []).extend(_bare_calls(module, local))
    return found


def _local_import_calls(module: ast.Module, path: str, names: set[str]) -> dict[tuple[str, str], list[ast.Call]]:
    """(home, name) -> the bare calls, in the same function's own scope, of a patched name that function imports
    with ``from home import name``."""
    dotted = dotted_name(path, roots=("",))
    found: dict[tuple[str, str], list[ast.Call]] = {}
    for func in (n for n in ast.walk(module) if isinstance(n, _FUNCS)):
        own = list(own_scope_nodes(func))
        for stmt in (n for n in own if isinstance(n, ast.ImportFrom)):
            home = import_base(stmt, dotted, path)
            for alias in (a for a in stmt.names if a.name in names):
                local = alias.asname or alias.name
                hits = [
                    n for n in own if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == local
                ]
                found.setdefault((home, alias.name), []).extend(hits)
    return found


def _home_def(trees: ThreeTrees, home: str, name: str, rev: str = "") -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """Upstream's module-level def ``name`` of module ``home`` (at ``rev``, upstream's by default), when exactly
    one."""
    texts = trees.blobs(rev or trees.theirs, _homes(home))
    for path, text in texts.items():
        tree = parse_python(text, path) if text is not None else None
        hit = [n for n in tree.body if isinstance(n, _FUNCS) and n.name == name] if tree is not None else []
        if len(hit) == 1:
            return hit[0]
    return None


def _imported_defs(
    trees: ThreeTrees, modules: list[tuple[str, ast.Module]], names: set[str]
) -> dict[str, dict[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """path -> name -> upstream's def a top-level ``from x import name`` of the module binds, for the patched names
    the module neither defines nor rebinds (killers180: #48526's model runner calls ``graph_capture`` imported from
    ``parallel_state``; a fork's ``runner.graph_capture = mine`` swaps what that bare name finds, as a patch of a
    def of the module does)."""
    wanted = {path: _from_imports(module, path, names) for path, module in modules}
    homes = sorted({home for found in wanted.values() for module, _ in found.values() for home in _homes(module)})
    texts = trees.blobs(trees.theirs, homes) if homes else {}
    defs: dict[str, dict[str, ast.FunctionDef | ast.AsyncFunctionDef]] = {}
    for path, found in wanted.items():
        for name, (module, original) in found.items():
            text = next((t for home in _homes(module) if (t := texts.get(home)) is not None), None)
            tree = parse_python(text, path) if text is not None else None
            hit = [n for n in tree.body if isinstance(n, _FUNCS) and n.name == original] if tree is not None else []
            if len(hit) == 1:
                defs.setdefault(path, {})[name] = hit[0]
    return defs


def _from_imports(module: ast.Module, path: str, names: set[str]) -> dict[str, tuple[str, str]]:
    """name -> (module, its name there) for the patched names a top-level ``from x import`` binds, the module
    defining and assigning none of them itself (a local import or a rebinding would not be the patch's)."""
    imports = file_imports(module, path)
    tops = {a.asname or a.name for n in module.body if isinstance(n, ast.ImportFrom) for a in n.names}
    stored = {n.id for n in ast.walk(module) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    defined = {n.name for n in ast.walk(module) if isinstance(n, (*_FUNCS, ast.ClassDef))}
    return {
        name: imports[name]
        for name in sorted(names & tops - stored - defined)
        if name in imports and imports[name][1] and _local_imports(module, name) == 0
    }


def _local_imports(module: ast.Module, name: str) -> int:
    """How many imports below the module's top bind ``name`` (inside a function: the local name wins)."""
    tops = {id(n) for n in module.body}
    return sum(
        1
        for n in ast.walk(module)
        if isinstance(n, ast.Import | ast.ImportFrom)
        and id(n) not in tops
        and any((a.asname or a.name.split(".")[0]) == name for a in n.names)
    )


def _home_binds(trees: ThreeTrees, home: str, name: str, rev: str) -> bool:
    """Whether module ``home`` binds ``name`` at its top at ``rev``: a ``def``, a class, an assignment or an
    import (review136: a module's ``fetch_image = connector.fetch_image`` at the base, a ``def`` upstream's, is a
    name callers imported before any patch as much as a def is)."""
    for path, text in trees.blobs(rev, _homes(home)).items():
        tree = parse_python(text, path) if text is not None else None
        if tree is not None and (
            name in bound_names(tree)
            or any(isinstance(n, (*_FUNCS, ast.ClassDef)) and n.name == name for n in flat_statements(tree.body))
        ):
            return True
    return False


def _homes(module: str) -> list[str]:
    stem = module.replace(".", "/")
    return [f"{stem}.py", f"{stem}/__init__.py"]


def _owner(module: ast.Module, call: ast.Call) -> str:
    """The name of the module-level def the call sits in, or ``Cls.meth`` of a top-level class's method ("" at the
    module's top or elsewhere in a class); read by line, as a forwarded call (``_forwarded``) is a node of no
    tree."""
    for d in module.body:
        if _spans(d, call) and isinstance(d, _FUNCS):
            return d.name
        if _spans(d, call) and isinstance(d, ast.ClassDef):
            meth = next((m.name for m in d.body if isinstance(m, _FUNCS) and _spans(m, call)), None)
            return f"{d.name}.{meth}" if meth is not None else ""
    return ""


def _spans(node: ast.stmt, call: ast.Call) -> bool:
    return node.lineno <= call.lineno <= (node.end_lineno or node.lineno)


def _kept(path: str, module: ast.Module) -> set[tuple[str, str]]:
    """(module, name) of each imported name the file reads (``_up = mod.f``, ``from mod import f``): upstream's own
    function kept, which the fork's replacement may still call (then its new calls run all the same)."""
    imports = file_imports(module, path)
    read = (n for n in ast.walk(module) if isinstance(n, ast.Name | ast.Attribute) and isinstance(n.ctx, ast.Load))
    return {origin for n in read if (origin := imported_origin(n, imports)) is not None}


def _live(hit: Called, replaced: set[tuple[str, str]]) -> Called:
    """``hit`` without the new calls inside a module function the fork's file patches as well: the module looks
    that caller up too and runs the fork's, so upstream's new call there never runs (review82: a fork replacing
    ``make_transcription_wrapper`` and ``download_bytes_from_url`` together, its wrapper calling the old way); not
    where the file keeps upstream's caller (``_kept``).  The caller is a function of the module the call sits in,
    which for a call of another module's name is not the name's home (review136: a fork replacing
    ``EngineArgs.create_engine_config`` beside its ``envs.validate_environ`` of no parameter, #33581's new call
    ``envs.validate_environ(self.fail_on_environ_validation)`` sitting in that method)."""
    here = dotted_name(hit.path, roots=("",))
    keep = [i for i, owner in enumerate(hit.within) if _caller(here, owner) not in replaced]
    if len(keep) == len(hit.new):
        return hit
    new, within = tuple(hit.new[i] for i in keep), tuple(hit.within[i] for i in keep)
    return Called(hit.path, hit.module, hit.name, hit.old, new, within, hit.at_import)


def _caller(module: str, owner: str) -> tuple[str, str]:
    """(module, name) a patch of the caller ``owner`` targets: ``mod.f`` for a def, ``mod.Cls.meth`` for a method
    (review112: a fork putting its own ``AudioMediaIO.load_bytes``/``load_file`` over the class, upstream's
    callers of #49948's ``load_audio(..., max_decode_bytes=...)``, beside an old-parameter ``load_audio``)."""
    cls, _, meth = owner.rpartition(".")
    return (f"{module}.{cls}", meth) if cls else (module, owner)


def _binds(call: ast.Call, theirs: Sig | None) -> bool:
    """Upstream's own def takes the call: one it does not (or cannot be read) is no fork function's break."""
    return theirs is not None and call_problem(call, theirs) is None


def _bare_calls(module: ast.Module, name: str) -> list[ast.Call]:
    """The calls of ``name`` by its bare name, but in a function or lambda binding ``name`` itself (a parameter, a
    local store) or nested in one: there it calls the local, not the module's function (mend67).  Since
    killers197 a forwarder's hand-on counts as a call too (``_forwarded``)."""
    found: dict[int, ast.Call] = {}
    todo: list[tuple[ast.AST, bool]] = [(module, False)]
    while todo:
        node, hidden = todo.pop()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name and not hidden:
            found[id(node)] = node
        elif isinstance(node, ast.Call) and not hidden and (handed := _forwarded(node, name)) is not None:
            found[id(node)] = handed
        if isinstance(node, (*_FUNCS, ast.Lambda)):
            inner = hidden or _binds_locally(node, name)
            body = node.body if isinstance(node.body, list) else [node.body]
            todo.extend((child, inner if child in body else hidden) for child in ast.iter_child_nodes(node))
        else:
            todo.extend((child, hidden) for child in ast.iter_child_nodes(node))
    return [found[id(n)] for n in ast.walk(module) if isinstance(n, ast.Call) and id(n) in found]  # ast.walk's order


# callables handed on with their arguments (killers197: #41499 made ``_prefetch_all_checkpoints`` call
# ``loop.run_in_executor(executor, _prefetch_checkpoint, path, block_size)``, a block size a fork's one-argument
# replacement cannot take): the method, the callable's slot, and whether keywords are handed on too
# (``run_in_executor``/``call_soon`` take none for the callable: their ``context=`` is their own)
_FORWARDERS = {
    "submit": (0, True),
    "to_thread": (0, True),
    "run_in_executor": (1, False),
    "call_soon": (0, False),
    "call_soon_threadsafe": (0, False),
}


def _forwarded(call: ast.Call, name: str) -> ast.Call | None:
    """``pool.submit(f, a, k=b)`` read as the call ``f(a, k=b)`` it makes, placed on the forwarder's lines; None
    when the call hands no ``name`` on, or spreads ``*args`` before the callable's slot."""
    func = call.func
    head = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    at, keywords = _FORWARDERS.get(head, (-1, False))
    if at < 0 or len(call.args) <= at or any(isinstance(a, ast.Starred) for a in call.args[: at + 1]):
        return None
    handed = call.args[at]
    if not (isinstance(handed, ast.Name) and handed.id == name):
        return None
    made = ast.Call(ast.Name(name, ast.Load()), call.args[at + 1 :], call.keywords if keywords else [])
    return ast.copy_location(made, call)


def _binds_locally(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, name: str) -> bool:
    """``name`` is a parameter of ``func`` or stored in its own scope (not declared ``global``)."""
    if name in {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}:
        return True
    own = list(own_scope_nodes(func))
    if any(isinstance(n, ast.Global | ast.Nonlocal) and name in n.names for n in own):
        return False
    stored = (isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id == name for n in own)
    return any(stored) or any(isinstance(n, (*_FUNCS, ast.ClassDef)) and n.name == name for n in own)


def _call_lines(call: ast.Call) -> set[int]:
    """The lines a call spans: a keyword upstream added sits on one of them."""
    return set(range(call.lineno, (call.end_lineno or call.lineno) + 1))


def _patches(path: str, module: ast.Module) -> Iterator[Patch]:
    """The patches of an imported module's attribute with a function of the fork's file (the caller keeps the
    fork-owned ones: every one counts for what the file replaces)."""
    imports = file_imports(module, path)
    parents = parent_map(module)
    for node in ast.walk(module):
        line = int(getattr(node, "lineno", 0))  # an ``Assign`` or a ``setattr`` call: both carry one
        for target, value in _patch_of(node):
            origin = imported_origin(target, imports)
            func = _fork_function(module, value, parents)
            if origin is not None and func is not None:
                yield Patch(origin[0], origin[1], ast.unparse(target), func, line, _chosen(node, origin[1], parents))


def _patch_of(node: ast.AST) -> list[tuple[ast.Attribute, ast.expr]]:
    """``mod.f = v``, ``setattr(mod, "f", v)`` or ``patch.object(mod, "f", v)`` as (``mod.f``, ``v``); a chain
    ``a.f = b.f = v`` as each of its attribute targets with ``v`` (mend61: the chain's second target was unread)."""
    if isinstance(node, ast.Assign):
        return [(target, node.value) for target in node.targets if isinstance(target, ast.Attribute)]
    if isinstance(node, ast.Call) and _setter(node.func):
        name = str_value(node.args[1]) if len(node.args) == 3 and not node.keywords else None
        if name is not None and name.isidentifier():
            return [(ast.Attribute(value=node.args[0], attr=name, ctx=ast.Load()), node.args[2])]
    if isinstance(node, ast.Call) and _patch_object(node.func) and 2 <= len(node.args) <= 3:
        name = str_value(node.args[1])
        new = node.args[2] if len(node.args) == 3 else next((k.value for k in node.keywords if k.arg == "new"), None)
        if name is not None and name.isidentifier() and new is not None:
            return [(ast.Attribute(value=node.args[0], attr=name, ctx=ast.Load()), new)]
    return []


def _setter(func: ast.expr) -> bool:
    """``setattr`` or pytest's ``monkeypatch.setattr`` (killers180): each puts the value in place at once."""
    if isinstance(func, ast.Name):
        return func.id == "setattr"
    return isinstance(func, ast.Attribute) and func.attr == "setattr" and last_name(func.value) == "monkeypatch"


def _patch_object(func: ast.expr) -> bool:
    """``patch.object`` (``mock.patch.object``, ``unittest.mock.patch.object``): a replacement while active."""
    return isinstance(func, ast.Attribute) and func.attr == "object" and last_name(func.value) == "patch"


def _fork_function(module: ast.Module, value: ast.expr, parents: dict[int, ast.AST]) -> Func | None:
    """The ``lambda``, or the one ``def`` of the file the value names outside a class body (None: an import, a
    class, two defs, a name the file also assigns; a decorated def is kept, and ``_check`` warns on it)."""
    if isinstance(value, ast.Lambda):
        return value
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        maker = _fork_function(module, value.func, parents)
        return _made(maker) if isinstance(maker, _FUNCS) and not maker.decorator_list else None
    if not isinstance(value, ast.Name) or _shadowed(value, parents):
        return None
    defs = [
        n
        for n in ast.walk(module)
        if isinstance(n, _FUNCS) and n.name == value.id and not isinstance(parents.get(id(n)), ast.ClassDef)
    ]
    if len(defs) != 1 or _rebound(module, value.id, defs[0], parents):
        return None
    return defs[0]


def _made(maker: ast.FunctionDef | ast.AsyncFunctionDef) -> Func | None:
    """The function a factory of the fork's file makes (killers220: ``setattr(fi, "flashinfer_scaled_fp4_mm",
    _own_backend(fi.flashinfer_scaled_fp4_mm))`` installs ``_own_backend``'s nested ``inner``): every
    ``return`` of the factory's own scope hands back the one nested ``def`` (or ``lambda``) of that scope, rebound
    nowhere in it; None for a factory returning anything else, or returning other functions on other paths."""
    if isinstance(maker, ast.AsyncFunctionDef):
        return None  # a coroutine factory hands back a coroutine, not the function
    own = list(own_scope_nodes(maker))
    returns = [n for n in own if isinstance(n, ast.Return)]
    if not returns or any(r.value is None for r in returns):
        return None
    if all(isinstance(r.value, ast.Lambda) for r in returns):
        return returns[0].value if len(returns) == 1 and isinstance(returns[0].value, ast.Lambda) else None
    names = {r.value.id if isinstance(r.value, ast.Name) else "" for r in returns}
    if len(names) != 1 or "" in names:
        return None
    (name,) = names
    nested = [n for n in own if isinstance(n, _FUNCS) and n.name == name and n is not maker]
    stored = any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in own)
    return nested[0] if len(nested) == 1 and not stored else None


def _rebound(module: ast.Module, name: str, func: Func, parents: dict[int, ast.AST]) -> bool:
    """``name`` is also assigned in the file (``_dl = _any_domain(_dl)``), or imported other than just before the
    ``def`` in its own block (review126: ``try: from .kernels import make`` ``except ImportError: def
    make(...)``, the def only a fallback): the patched value may be another function than the ``def`` as written
    (review82: a wrapper taking ``**kwargs`` rebound over it)."""
    for n in ast.walk(module):
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store):
            return True
        if isinstance(n, ast.Import | ast.ImportFrom) and any(
            (a.asname or a.name.split(".")[0]) == name for a in n.names
        ):
            if not (n.lineno < func.lineno and _same_block(n, func, parents)):
                return True
    return False


def _same_block(first: ast.stmt, later: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``first`` and ``later`` are statements of one list (a body, an ``else``), the def run after the import."""
    parent = parents.get(id(first))
    return any(
        isinstance(block, list) and first in block and later in block
        for block in (getattr(parent, f, None) for f in ("body", "orelse", "finalbody"))
    )


def _shadowed(name: ast.Name, parents: dict[int, ast.AST]) -> bool:
    """A function (or lambda) around the patch takes ``name`` as a parameter (review126: ``def install(make):
    fi.f = make(fi.f)``, ``def patch(impl=_kw): fi.f = impl``): the patch installs what the caller hands in, not
    the file's ``def`` of that name."""
    at: ast.AST | None = parents.get(id(name))
    while at is not None:
        if isinstance(at, (*_FUNCS, ast.Lambda)) and any(
            isinstance(a, ast.arg) and a.arg == name.id for a in ast.walk(at.args)
        ):
            return True
        at = parents.get(id(at))
    return False


def _chosen(node: ast.AST, name: str, parents: dict[int, ast.AST]) -> bool:
    """An ``if`` above the patch tests the patched name or a signature: the fork looks before it patches."""
    at: ast.AST | None = parents.get(id(node))
    while at is not None:
        if isinstance(at, ast.If):
            test = ast.unparse(at.test)
            if name in test or "signature" in test or "hasattr" in test:
                return True
        at = parents.get(id(at))
    return False


def _sig(func: Func) -> Sig | None:
    return lambda_signature(func) if isinstance(func, ast.Lambda) else signature(func, False)


def _check(trees: ThreeTrees, path: str, patch: Patch, hit: Called, pr_pattern: str) -> Iterator[Finding]:
    sig = _sig(patch.func)
    if sig is None or any(call_problem(call, sig) is not None for call in hit.old):
        return  # the fork's function never took upstream's calls: a deliberate difference, not this merge's
    for call in hit.new:
        problem = call_problem(call, sig)
        if problem is not None:
            yield _finding(trees, path, patch, hit, (call, problem), sig, pr_pattern)
            return


def _installed(patch: Patch, sig: Sig) -> str:
    """``aeon_replace(linear, style, quant_config) (def line 4)``, or ``lambda(linear, style)``."""
    if isinstance(patch.func, ast.Lambda):
        return f"lambda{sig.show()}"
    return f"{patch.func.name}{sig.show()} (def line {patch.func.lineno})"


def _finding(
    trees: ThreeTrees,
    path: str,
    patch: Patch,
    hit: Called,
    refused: tuple[ast.Call, str],
    sig: Sig,
    pr_pattern: str,
) -> Finding:
    call, problem = refused
    # a call in another module may go through the home module (``streams.side_stream()``): a dot may lead it
    lead = "[^A-Za-z0-9_]" if dotted_name(hit.path, roots=("",)) != hit.module else "[^A-Za-z0-9_.]"
    commit = trees.upstream_commit(hit.path, rf"(^|{lead}){re.escape(hit.name)} *\(", pr_pattern, most=5)
    shown = ast.unparse(call)
    shown = shown if len(shown) <= 120 else shown[:117] + "..."
    why = problem.replace("which it no longer accepts", "which it does not take").replace(
        "which it now requires", "which it requires"
    )
    message = (
        f"fork-owned patch {patch.shown} = ... (line {patch.line}) installs {_installed(patch, sig)} in place "
        f"of {hit.module}.{hit.name}(), and upstream's {hit.path} now calls {shown} (line {call.lineno}){commit}: "
        f"the call {why} -- the module looks {hit.name} up at run time and finds the patch, so that call raises "
        "TypeError; give the fork function the parameters upstream's calls pass (or **kwargs handed on)"
    )
    decorated = _decorated(patch.func)
    severity = Severity.WARNING if patch.chosen or decorated or hit.at_import else Severity.ERROR
    if hit.at_import:
        message = message.replace(
            f"the module looks {hit.name} up at run time and finds the patch",
            f"{hit.path} binds {hit.name} by a top-level `from {hit.module} import` and finds the patch when the "
            "fork's patch ran before that import (the import order decides: a warning)",
        )
    elif patch.chosen:
        message += " (an `if` picks the patch by looking at upstream's function, which the engine cannot run)"
    elif decorated:
        message += " (a decorator wraps the fork's function and may take what the def does not: read as written)"
    return Finding(RULE, "merge", severity, path, patch.line, message)


def _decorated(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> bool:
    """A decorator other than ``functools.wraps`` (which keeps the def as the callable) stands between the def and
    the patched value: it may take other parameters (review82: ``@_any_domain`` giving ``**kwargs``)."""
    return isinstance(func, _FUNCS) and bool(names_of(func.decorator_list) - _PASSING)
