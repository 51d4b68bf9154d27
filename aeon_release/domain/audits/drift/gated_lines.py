"""A fork line under a test of the upstream package's own version: a path per release, a warning.

``if pkg.__version__ < "0.10": gemm(x, w)`` / ``else: gemm(layer, x, w)``, or ``OLD = __version__ <
"0.10"`` (``from pkg import __version__``) then ``gemm(x, w) if OLD else gemm(layer, x, w)``: the fork
keeps one spelling per upstream release, and the old one is correct code for the old release.  Which path
runs after the merge is not read here (a version string is the packaging's), so an error any merge-aware
check finds on such a line is a warning, whatever the check.  Every check would otherwise have to
remember ``fallbacks.version_gated`` on its own; reviews found five that forgot.

The version of the package the file lies in, or of a top-level package of the merged tree
(``<pkg>.__version__``, ``from <pkg> import __version__``, ``<pkg>.version.X``,
``importlib.metadata.version("<pkg>")``, a module-level flag bound from one).  Since mend47 also a
comparison of another library's or the interpreter's version (``torch.__version__ >= "2.9"``,
``Version(transformers.__version__) < Version("4.56")``, ``sys.version_info >= (3, 12)``,
``importlib.metadata.version("torch")``, ``torch.version.cuda``, a module flag bound from one): a fork that
keeps both spellings of an upstream API, one per release of a library upstream moves with it (a merge often
brings the pin's bump), writes compatibility code whose live branch the engine cannot read either.  Its
message says which version it is, and it is still a warning: the fleet runs one of the paths.  Since review44
also a helper named for a version comparison handed a release number, the way the upstream tree itself keeps a
path per torch release (``is_torch_equal_or_newer("2.10.0")``, ``torchao_version_at_least("0.15.0")``, a module
flag bound from one), and a flag or one-return helper of another module of the merged tree imported by name (a
fork's compat module: ``from compat import NEW_TORCH``; ``if NEW_TORCH:``).  A helper handed no release number (``get_cuda_version()``, ``has_deep_gemm()``) or
named for no comparison is no version test read here: an error on its line stays one.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable
from dataclasses import replace

from aeon_release.domain.audits.drift.fallbacks import version_gated
from aeon_release.domain.audits.merge_rules import DUPLICATE_DEFINITION, UNREACHABLE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import SourceCache, last_name, lazy_pattern, parent_map, str_value

WHY = (
    "; under a test of the upstream release's version: the fork keeps a path per release, "
    "which one runs after the merge is not read here"
)
LIBRARY_WHY = (
    "; under a test of a library's or the interpreter's version: the fork keeps a path per version, which one "
    "the fleet runs after the merge is not read here"
)
# another library's or the interpreter's version, read off it (``torch.__version__``, ``sys.version_info``)
_LIBRARY_VERSIONS = frozenset({"__version__", "version_info", "__version_tuple__", "version_tuple"})
# a word of a helper's name saying it compares a version (``is_torch_equal_or_newer``, ``torchao_version_at_least``)
_COMPARING_WORDS = frozenset({"newer", "older", "least", "most", "greater", "version"})
# a top-level binding of a name: ``NAME =``, ``NAME: T =``, ``def NAME(`` (anchored, linear)
_BINDS = lazy_pattern(r"(?:def\s+)?(\w+)\s*[:=(]")
# a release number spelt as a string (``"2.10.0"``, ``"0.15.0.dev"``): digits, a dot, a digit (anchored, linear)
_RELEASE = lazy_pattern(r"\d+\.\d")
# what a package's version is spelled as, imported or read off it (``pkg.__version__``, ``pkg.version.X``)
_VERSION_NAMES = frozenset({"__version__", "version", "__version_tuple__", "version_tuple", "_version"})
_DISTRIBUTION_CALLS = frozenset({"version", "distribution", "get_distribution"})
# the merged file's own shape, which every release runs: a version test does not choose it
_STRUCTURAL = frozenset({DUPLICATE_DEFINITION, UNREACHABLE})


def gated_warnings(findings: list[Finding], tree: SourceCache) -> list[Finding]:
    """``findings`` with each merge drift error on a line under a test of the upstream package's own
    version made a warning that says why."""
    asked: dict[str, set[int]] = {}
    for finding in findings:
        if demotable(finding):
            asked.setdefault(finding.path, set()).add(finding.line)
    if not asked:
        return findings
    packages = functools.cache(lambda: _top_packages(tree))
    gated = {path: _gated_lines(tree, path, lines, packages) for path, lines in asked.items()}
    return [
        replace(f, severity=Severity.WARNING, message=f.message + gated[f.path][f.line])
        if demotable(f) and f.line in gated[f.path]
        else f
        for f in findings
    ]


def demotable(finding: Finding) -> bool:
    """An error of a merge check on a line of a Python file (not the merged file's own shape): one a gate
    of the fork's line may make a warning."""
    return (
        finding.severity is Severity.ERROR
        and finding.rule_id.startswith("merge/")
        and finding.rule_id not in _STRUCTURAL
        and finding.path.endswith(".py")
        and finding.line > 0
    )


def _top_packages(tree: SourceCache) -> frozenset[str]:
    """The merged tree's top-level packages (``<name>/__init__.py``)."""
    return frozenset(p.split("/")[0] for p in tree.tree.files() if p.count("/") == 1 and p.endswith("/__init__.py"))


def _gated_lines(
    tree: SourceCache, path: str, lines: set[int], packages: Callable[[], frozenset[str]]
) -> dict[int, str]:
    """Which of ``lines`` of ``path`` in the merged tree sit under a test of the upstream package's own version
    (-> ``WHY``), or else of a library's or the interpreter's (-> ``LIBRARY_WHY``)."""
    module = tree.module(path)
    if not isinstance(module, ast.Module):
        return {}
    ours = frozenset({path.split("/")[0]}) if "/" in path else frozenset()
    names = _PackageVersion(ours, packages, _imported_versions(module, ours, packages))
    library = _LibraryVersion(_imported_library_versions(module) | _imported_flags(tree, module))
    readers: list[tuple[Callable[[ast.AST], bool], str]] = [(names, WHY), (library, LIBRARY_WHY)]
    asked = [(reads, why) for reads, why in readers if any(reads(n) for n in ast.walk(module))]
    if not asked:
        return {}  # the common case: the file asks no version
    parents = parent_map(module)
    nodes = [n for n in ast.walk(module) if isinstance(n, ast.stmt | ast.expr) and n.lineno in lines]
    gated: dict[int, str] = {}
    for reads, why in asked:
        for node in nodes:
            if node.lineno not in gated and version_gated(node, parents, reads, raises=False):
                gated[node.lineno] = why
    return gated


def _imported_flags(tree: SourceCache, module: ast.Module) -> frozenset[str]:
    """The names the module imports from another module of the merged tree that are a version test there: a
    module-level flag bound from one (``NEW_TORCH = is_torch_equal_or_newer("2.10.0")``) or a top-level helper
    whose one ``return`` reads one or such a flag (review44: a fork's compat module, one place saying which
    library release the image ships).  Only a module whose text binds an imported name at its top level is
    parsed."""
    found: set[str] = set()
    for stmt in module.body:
        if not (isinstance(stmt, ast.ImportFrom) and stmt.level == 0 and stmt.module):
            continue
        wanted = {a.name for a in stmt.names}
        source = _bound_in(tree, stmt.module, wanted)
        if source is not None:
            flags = _version_flags_of(source)
            found |= {a.asname or a.name for a in stmt.names if a.name in flags}
    return frozenset(found)


def _bound_in(tree: SourceCache, dotted: str, wanted: set[str]) -> ast.Module | None:
    """The module ``dotted`` names in the merged tree, parsed only when its text binds one of ``wanted`` at the
    top level (``NAME =``, ``def NAME(``) and reads a version at all."""
    base = dotted.replace(".", "/")
    for path in (base + ".py", base + "/__init__.py"):
        text = tree.text(path)
        if text is None:
            continue
        bound = (m.group(1) for m in map(_BINDS.match, text.splitlines()) if m is not None)
        if not wanted.intersection(bound):
            return None
        module = tree.module(path)
        return module if isinstance(module, ast.Module) else None
    return None


def _version_flags_of(source: ast.Module) -> set[str]:
    """The top-level flags of ``source`` bound from a library's version test and its one-return helpers reading
    one (or such a flag)."""
    reads = _LibraryVersion(_imported_library_versions(source))
    flags: set[str] = set()

    def asks(value: ast.expr) -> bool:
        return any(reads(n) or (isinstance(n, ast.Name) and n.id in flags) for n in ast.walk(value))

    for stmt in source.body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None and asks(stmt.value):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            flags |= {t.id for t in targets if isinstance(t, ast.Name)}
    for func in (s for s in source.body if isinstance(s, ast.FunctionDef)):
        body = func.body
        body = body[1:] if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) else body
        if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None and asks(body[0].value):
            flags.add(func.name)
    return flags


def _imported_library_versions(module: ast.Module) -> frozenset[str]:
    """The names the module binds to a version by import from any package (``from sys import version_info``,
    ``from torch import __version__ as TORCH``, ``from importlib.metadata import version``)."""
    return frozenset(
        alias.asname or alias.name
        for node in ast.walk(module)
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
        for alias in node.names
        if alias.name in _LIBRARY_VERSIONS or (alias.name == "version" and node.module == "importlib.metadata")
    )


class _LibraryVersion:
    """Which nodes name a library's or the interpreter's version (``fallbacks.version_gated``'s ``names``):
    ``x.__version__``, ``sys.version_info``, ``torch.version.cuda``, ``importlib.metadata.version("torch")``,
    a name imported as one of them."""

    def __init__(self, imported: frozenset[str]) -> None:
        self.imported = imported

    def __call__(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Name):
            return node.id in self.imported and node.id != "version"
        if isinstance(node, ast.Attribute):
            # ``torch.version.cuda``: a module of the library's version numbers, off the library's name
            module = node.value
            versions = isinstance(module, ast.Attribute) and module.attr == "version"
            return node.attr in _LIBRARY_VERSIONS or (versions and isinstance(module.value, ast.Name))  # type: ignore[attr-defined]
        if isinstance(node, ast.Call) and len(node.args) == 1 and (asked := str_value(node.args[0])) is not None:
            called = ast.unparse(node.func)
            return (
                called in ("importlib.metadata.version", "metadata.version")
                or (called == "version" and "version" in self.imported)
                or _compares_release(last_name(node.func), asked)
            )
        return False


def _compares_release(helper: str, asked: str) -> bool:
    """A helper named for a version comparison handed a release number (``is_torch_equal_or_newer("2.10.0")``,
    ``torchao_version_at_least("0.15.0")``): the upstream tree's own spelling of a library's version test
    (review44).  A helper handed no release (``has_deep_gemm()``) or named for none asks no version."""
    return bool(_COMPARING_WORDS.intersection(helper.lower().split("_"))) and _RELEASE.match(asked) is not None


def _imported_versions(module: ast.Module, ours: frozenset[str], packages: Callable[[], frozenset[str]]) -> set[str]:
    """The names the module binds to a package's version by import (``from pkg import __version__``,
    ``from pkg.version import __version__ as V``)."""
    return {
        alias.asname or alias.name
        for node in ast.walk(module)
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
        if _is_package(node.module.split(".")[0], ours, packages)
        for alias in node.names
        # not ``get_cuda_version``: a helper of the package's that asks another library
        if alias.name in _VERSION_NAMES or node.module.rsplit(".", 1)[-1] in _VERSION_NAMES
    }


def _is_package(name: str, ours: frozenset[str], packages: Callable[[], frozenset[str]]) -> bool:
    return name in ours or name in packages()


class _PackageVersion:
    """Which nodes name the upstream package's own version (``fallbacks.version_gated``'s ``names``)."""

    def __init__(self, ours: frozenset[str], packages: Callable[[], frozenset[str]], imported: set[str]) -> None:
        self.ours, self.packages, self.imported = ours, packages, imported

    def __call__(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Name):
            return node.id in self.imported
        if isinstance(node, ast.Attribute):
            return self._attribute(node) or (node.attr in _VERSION_NAMES and self(node.value))
        if isinstance(node, ast.Call) and len(node.args) == 1 and (asked := str_value(node.args[0])) is not None:
            # importlib.metadata.version("<pkg>"), get_distribution("<pkg>").version
            called = ast.unparse(node.func).rsplit(".", 1)[-1]
            return called in _DISTRIBUTION_CALLS and _is_package(asked, self.ours, self.packages)
        return False

    def _attribute(self, node: ast.Attribute) -> bool:
        """``<pkg>.__version__``, ``<pkg>.version.__version_tuple__``: rooted at the package, a part named for
        its version (not ``<pkg>.platforms.get_cuda_version``: another library's)."""
        parts = ast.unparse(node).split(".")
        if not parts[0].isidentifier() or not any(p in _VERSION_NAMES for p in parts[1:]):
            return False
        return _is_package(parts[0], self.ours, self.packages)
