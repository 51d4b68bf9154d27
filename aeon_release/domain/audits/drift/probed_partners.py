"""Probed partners: under a ``hasattr`` probe of one method, upstream now also calls another on the same object.

#47238 (d63c8e9444) taught the drafter to compact the shared top-k indices after the first MTP step: under
``if self._share_mtp_indices and hasattr(self.model.model, "set_skip_topk"):`` it called
``self.model.model.set_skip_topk(True)`` and now also ``self.model.model.compact_topk_indices(...)``, and
gave every upstream class defining ``set_skip_topk`` a ``compact_topk_indices``.  A fork draft model that
defines ``set_skip_topk`` (to share the target's indices) and no ``compact_topk_indices`` passes the probe,
then raises AttributeError on the new call after a clean merge.  Nothing it names was removed or renamed.

Upstream's side: a function of a changed file, in both versions, with an ``if`` whose test holds
``hasattr(R, "A")`` (alone, or a conjunct of an ``and``) in both, whose body calls ``R.B(...)`` upstream and
did not at the base (``R`` the same expression, ``B`` not ``A``); and every class of upstream's tree that
defines ``A`` (a few at most: one ``git grep``) defines ``B`` too -- the duck type grew a member.  The fork's
side: a class of its own (no base but ``nn.Module``/``object``/``ABC``: a duck type written from scratch) that
defines ``A`` on a line the fork owns, and not ``B``.
An error on the ``def A`` line when the probe is the test alone (the object that passes it takes the call);
a warning when the test has other conjuncts (another flag may keep the fork's object off that path).  Quiet:
a class defining both, one deriving any other class (upstream's may give it ``B``; one that does not is
left), a probed name upstream defines in a class without ``B``.

Cheap first: only when a fork class of its own defines a method on a fork line (most carries subclass
upstream's classes: nothing upstream is read) and an upstream file holds ``hasattr(`` with ``"A"``: those files
alone are parsed (both versions, at most 16).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_MOST_FILES = 16
_MOST_DEFINERS = 8  # upstream files defining the probed name: more, and it is too common to be one duck type
_DEF = lazy_pattern(r"^\s+def (\w+)\(")
_ROOTS = frozenset({"object", "Module", "nn.Module", "torch.nn.Module", "ABC", "abc.ABC"})


@dataclass(frozen=True)
class Partner:
    """Upstream now calls ``partner`` where a ``hasattr(R, "probed")`` test holds; ``alone``: the test is the
    probe alone."""

    probed: str
    partner: str
    path: str
    line: int
    alone: bool


def probed_partner_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    if not trees.upstream:
        return []
    # the fork's classes of their own (no base of the tree: a duck type written from scratch), first: most
    # carries subclass upstream's classes, and then nothing upstream is read (a ``git grep`` cost 0.17 s)
    modules = list(fork_modules(trees, _DEF.match))
    owners = [
        (path, cls, owned)
        for path, module, owned in modules
        for cls in file_classes(module.body)
        if all(ast.unparse(b) in _ROOTS for b in cls.bases)
    ]
    defined = {name for _, cls, owned in owners for name, line in _defined(cls).items() if line in owned}
    if not defined:
        return []
    words = tuple(f'"{name}"' for name in sorted(defined))
    changed = [p for p in sorted(trees.upstream) if p.endswith(".py") and trees.upstream[p].added]
    texts = trees.blobs(trees.theirs, sorted(trees.upstream_files_with(words, changed))[: 4 * _MOST_FILES])
    paths = [p for p, text in texts.items() if "hasattr(" in (text or "")][:_MOST_FILES]
    partners = [
        p for path, old, new in parsed_versions(trees, paths) for p in _partners(path, old, new) if p.probed in defined
    ]
    partners = [p for p in partners if _siblings_agree(trees, p)]
    heirs = {
        (path, cls.name): [c for c in file_classes(module.body) if any(ast.unparse(b) == cls.name for b in c.bases)]
        for path, module, _ in modules
        for cls in file_classes(module.body)
    }
    return [
        _finding(trees, path, line, p, pr_pattern)
        for path, cls, owned in owners
        for line, p in _lacking(cls, owned, partners, heirs.get((path, cls.name), []))
    ]


# -- upstream's side ---------------------------------------------------------------------------------
def _partners(path: str, old: ast.Module, new: ast.Module) -> Iterator[Partner]:
    """Each probe of a function both versions define whose ``if`` body calls a partner upstream's alone does."""
    before = _probe_calls(old)
    for key, calls in _probe_calls(new).items():
        was = before.get(key)
        if was is None:
            continue
        _, probed, _ = key
        for partner, (line, alone) in calls.items():
            if partner != probed and partner not in was:
                yield Partner(probed, partner, path, line, alone)


_Key = tuple[str, str, str]  # (function's name, probed name, receiver's text)


def _probe_calls(module: ast.Module) -> dict[_Key, dict[str, tuple[int, bool]]]:
    """(function, probed, receiver) -> {method called on the receiver in the probe's ``if`` body: (line, alone)}."""
    found: dict[_Key, dict[str, tuple[int, bool]]] = {}
    for func in ast.walk(module):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(func):
            if not isinstance(node, ast.If):
                continue
            for probed, receiver, alone in _probes(node.test):
                calls = found.setdefault((func.name, probed, receiver), {})
                for stmt in node.body:
                    for call in ast.walk(stmt):
                        if (
                            isinstance(call, ast.Call)
                            and isinstance(call.func, ast.Attribute)
                            and ast.unparse(call.func.value) == receiver
                        ):
                            calls.setdefault(call.func.attr, (call.lineno, alone))
    return found


def _probes(test: ast.expr) -> Iterator[tuple[str, str, bool]]:
    """(probed name, receiver's text, alone) of each ``hasattr(R, "name")`` the test holds as itself or as a
    conjunct of an ``and``."""
    alone = not isinstance(test, ast.BoolOp)
    terms = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    for term in terms:
        if (
            isinstance(term, ast.Call)
            and isinstance(term.func, ast.Name)
            and term.func.id == "hasattr"
            and len(term.args) == 2
            and isinstance(term.args[1], ast.Constant)
            and isinstance(term.args[1].value, str)
        ):
            yield term.args[1].value, ast.unparse(term.args[0]), alone


def _siblings_agree(trees: ThreeTrees, partner: Partner) -> bool:
    """Every class of upstream's tree defining the probed method defines the partner too (a few files only)."""
    found = repo.files_containing(trees.repo, trees.theirs, [f"def {partner.probed}("], [PYTHON_FILES])
    if not found or len(found) > _MOST_DEFINERS:
        return False
    texts = trees.blobs(trees.theirs, sorted(found))
    for text in texts.values():
        module = _parse(text)
        if module is None:
            return False
        for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
            names = _defined(cls)
            if partner.probed in names and partner.partner not in names:
                return False
    return True


def _parse(text: str | None) -> ast.Module | None:
    try:
        return ast.parse(text) if text else None
    except (SyntaxError, ValueError):
        return None


# -- the fork's side ---------------------------------------------------------------------------------
def _lacking(
    cls: ast.ClassDef, owned: set[int], partners: list[Partner], heirs: list[ast.ClassDef]
) -> Iterator[tuple[int, Partner]]:
    """The fork class's probed methods whose partner it lacks.  The partner is had when the class binds it
    (``_defined``, or ``self.partner = ...`` in a method), answers any name (``__getattr__``), or when a class of
    the file deriving it defines it (a mixin holding the probed method, the model the partner: review120)."""
    names = _defined(cls)
    if "__getattr__" in names:
        return
    stored = {
        n.attr
        for n in ast.walk(cls)
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and ast.unparse(n.value) == "self"
    }
    for partner in partners:
        probe = names.get(partner.probed)
        if probe is None or probe not in owned or partner.partner in names or partner.partner in stored:
            continue
        if not any(partner.partner in _defined(heir) for heir in heirs):
            yield probe, partner


def _defined(cls: ast.ClassDef) -> dict[str, int]:
    """The names the class body defines (methods, class-level assignments, annotated too): name -> line."""
    found: dict[str, int] = {}
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            found[stmt.name] = stmt.lineno
        elif isinstance(stmt, ast.Assign):
            found |= {t.id: stmt.lineno for t in stmt.targets if isinstance(t, ast.Name)}
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None and isinstance(stmt.target, ast.Name):
            found[stmt.target.id] = stmt.lineno
    return found


def _finding(trees: ThreeTrees, path: str, line: int, p: Partner, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(p.path, rf"\.{re.escape(p.partner)}\(", pr_pattern)
    maybe = "" if p.alone else " (unless another conjunct of the test keeps the fork's object off that path)"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if p.alone else Severity.WARNING,
        path,
        line,
        f"fork-owned {p.probed}() of a class without {p.partner}(): upstream now calls {p.partner}() on an object "
        f'that passes hasattr(..., "{p.probed}") ({p.path}:{p.line}{commit}), and gave every class of its own '
        f"defining {p.probed} a {p.partner}: the fork's object passes the probe and raises AttributeError on the "
        f"new call; define {p.partner}{maybe}",
    )
