"""Flag gates: upstream now asks an object for a capability flag before using a kind of method, and a fork class
implementing that method never raises the flag.

#40150 (2aab9acf48) gated ``GroupCoordinator``'s CPU send/recv fast path on ``getattr(self.device_communicator,
"supports_tensor_dict", False)`` and taught ``CpuCommunicator`` to set ``self.supports_tensor_dict`` (its
``send_tensor_dict`` now checks it).  A fork communicator deriving ``DeviceCommunicatorBase`` with its own
``send_tensor_dict``/``recv_tensor_dict`` (a shared-memory ring) merges cleanly and is never asked again: the
base's getattr answers False for it, and the group takes the generic path.  Nothing raises; the fork's code is dead.

Upstream's side: a flag ``F`` a line upstream added reads as ``getattr(x, "F", False)`` (or ``None``), and a class
``S`` of a changed module that sets ``F`` (in its body or on ``self``, or as an ``@property``) and reads ``self.F``
in a method ``M`` other than ``__init__`` on a line upstream added -- the method the flag speaks for. The fork's
side, on a line it owns: a class deriving (by import) from a base of ``S`` -- not from ``S``, whose flag it inherits
-- that defines ``M`` and sets ``F`` nowhere in its body. A warning on the ``def``: the flag may gate only some of
the calls of ``M``, which the text cannot tie to the ``getattr``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.nulled_attributes import assigned_targets
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import Changes, ThreeTrees, defined_names, fork_found, parsed_texts
from aeon_release.domain.audits.drift.unconsulted import is_property
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_MOST_FILES = 32
_GETATTR_FLAG = lazy_pattern(r"\bgetattr\(\s*[\w.]+\s*,\s*[\"'](\w+)[\"']\s*,\s*(?:False|None)\s*\)")
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
# the name of each ``def NAME(`` on a fork line, as ``flag_gate_drift`` tests the line (a substring)
_FORK_DEF = lazy_pattern(r"def ([^\s(]+)\(")


@dataclass(frozen=True)
class Gate:
    """Upstream's class ``cls`` (file ``path``) raises ``flag`` and reads it in ``method``; ``bases`` are its
    bases as (module, name)."""

    path: str
    cls: str
    flag: str
    method: str
    bases: frozenset[tuple[str, str]]


def flag_gate_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork classes implementing a method upstream's sibling now pairs with a capability flag they never raise."""
    flags = added_flags(trees.upstream)
    # every finding is a fork line holding ``def M(`` for a gate's method ``M``, so an upstream text defining none
    # of the fork's ``def`` names holds no gate a fork class can meet: its parses were this check's ~160 ms at
    # 80 commits (perf30)
    defs = frozenset(fork_found(trees, _FORK_DEF, tests=True))
    gates = list(_gates(trees, flags, defs)) if flags and defs else []
    if not gates:
        return []
    names = {g.method for g in gates}
    findings: list[Finding] = []
    for path, module, owned in fork_modules(trees, lambda line: any(f"def {n}(" in line for n in names)):
        for line, gate in _fork_classes(path, module, owned, gates):
            findings.append(_finding(trees, path, line, gate, pr_pattern))
    return findings


def added_flags(upstream: Changes) -> set[str]:
    """The flag of the first ``getattr(X, "flag", False|None)`` of each added line of upstream's Python diffs.

    Every match holds ``getattr(``: a diff without it is passed over by a ``str`` search (perf30).  perf33: the
    call's own pattern scans a diff's raw text (``re`` skips to its ``getattr(``) where a line pattern with a
    leading ``.*?`` (``added_matches``) tried the call at every character of every added line (~15 ms at 80
    commits).  The same flags: a match never runs into an added line (a ``+`` opening a line is none of its
    tokens), so the first match that starts on an added line is that line's leftmost call, the one ``.*?``
    found; ``+++`` headers are read as they were."""
    flags: set[str] = set()
    for path in upstream:
        text = upstream.raw(path)
        if not path.endswith(".py") or "\n+" not in text or "getattr(" not in text:
            continue
        line_start = -1
        for match in _GETATTR_FLAG.finditer(text):
            start = text.rfind("\n", 0, match.start()) + 1
            if start != line_start and text.startswith("+", start):
                line_start = start
                flags.add(match.group(1))
    return flags


def _gates(trees: ThreeTrees, flags: set[str], defs: frozenset[str]) -> Iterator[Gate]:
    """The gates of flags ``flags`` whose method is one of ``defs``, read only from texts defining one of them."""
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any(f"self.{f}" in line for line in trees.upstream[p].added.values() for f in flags)
    ][:_MOST_FILES]
    for both in parsed_texts(trees, paths, lambda _old, new: not defs.isdisjoint(defined_names(new))):
        added = set(trees.upstream[both.path].added)
        imports = file_imports(both.new, both.path)
        for cls in (n for n in both.new.body if isinstance(n, ast.ClassDef)):
            bases = frozenset(o for b in cls.bases if (o := imported_origin(b, imports)) is not None)
            for flag in sorted(flags & _raised(cls)):
                for method in _readers(cls, flag, added):
                    yield Gate(both.path, cls.name, flag, method, bases)


def _raised(cls: ast.ClassDef) -> set[str]:
    """The names the class sets in its body or on ``self`` in a method, or defines as a property: an ``@property
    def F`` answers the getattr as a field would (readD #17: a fork class raising the flag so was warned, an
    upstream one missed).  Not a plain method: its ``self.F()`` calls would read as the flag's checks.  A tuple's
    names are set too (``self.F, self.ring = True, []``; readD #20 joined this check's own target reader to
    ``nulled_attributes.assigned_targets``, which unpacks them)."""
    names = {
        t.id
        for s in cls.body
        if isinstance(s, ast.Assign | ast.AnnAssign)
        for t in assigned_targets(s)
        if isinstance(t, ast.Name)
    }
    names.update(s.name for s in cls.body if isinstance(s, _FUNCS) and is_property(s))
    for node in ast.walk(cls):
        for target in assigned_targets(node) if isinstance(node, ast.Assign | ast.AnnAssign) else []:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                names.add(target.attr)
    return names


def _readers(cls: ast.ClassDef, flag: str, added: set[int]) -> Iterator[str]:
    """The methods (not ``__init__``) reading ``self.flag`` on a line upstream added."""
    for method in (m for m in cls.body if isinstance(m, _FUNCS) and m.name != "__init__"):
        if any(
            isinstance(n, ast.Attribute)
            and n.attr == flag
            and isinstance(n.ctx, ast.Load)
            and isinstance(n.value, ast.Name)
            and n.value.id == "self"
            and n.lineno in added
            for n in ast.walk(method)
        ):
            yield method.name


def _fork_classes(path: str, module: ast.Module, owned: set[int], gates: list[Gate]) -> Iterator[tuple[int, Gate]]:
    imports = file_imports(module, path)
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        bases = {o for b in cls.bases if (o := imported_origin(b, imports)) is not None}
        methods = {m.name: m for m in cls.body if isinstance(m, _FUNCS)}
        for gate in gates:
            own = (dotted_name(gate.path, roots=("",)), gate.cls)
            method = methods.get(gate.method)
            if method is None or method.lineno not in owned or own in bases or not bases & gate.bases:
                continue
            if gate.flag not in _raised(cls):
                yield method.lineno, gate


def _finding(trees: ThreeTrees, path: str, line: int, gate: Gate, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(gate.path, rf"{gate.flag}", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned {gate.method} of a class that never sets {gate.flag}: upstream now asks "
        f'getattr(..., "{gate.flag}", False) before using such objects, and its {gate.cls}, which defines '
        f"{gate.method} too, sets the flag and reads it there ({gate.path}{commit}); the fork's {gate.method} may "
        f"never be called again -- set {gate.flag} on the class where it serves that path",
    )
