"""Keywords upstream's class now refuses: a class made ``extra="forbid"``, a fork build naming no field of it.

#30708 (a450c64a30) turned ``PassConfig``'s and ``CompilationConfig``'s ``@dataclass`` into
``@dataclass(config=ConfigDict(extra="forbid"))``.  A pydantic class ignores a keyword that names none of its
fields until then; from then on it raises ``ValidationError: Extra inputs are not permitted``.  A fork line
``PassConfig(enable_fusion=True, enable_noop=True)`` -- keywords an older release took, dropped upstream since and
ignored ever after -- or ``CompilationConfig(**{"mode": 3, "use_cudagraph": True})`` merges cleanly and fails at
construction.  No field moved in this commit and no signature changed: symbol drift has nothing to compare.

Upstream's side: a class of a file upstream changed that refuses extras at upstream and did not at the base --
``@dataclass(config=ConfigDict(extra="forbid"))`` (or ``config={"extra": "forbid"}``), a body's ``model_config =
ConfigDict(extra="forbid")``, a class keyword ``extra="forbid"``, an inner ``class Config: extra = "forbid"`` (or
``Extra.forbid``) -- or, spelling no ``extra`` of its own, a base its file defines refuses them (#4355's
``OpenAIBaseModel``: pydantic merges a model's config from its bases).  Its keywords: each annotated name of its body and of the bases the file defines (their own
bases in turn), and each ``Field(alias=...)``/``validation_alias=`` string (or ``AliasChoices`` choice); the
merged file's class counts too (a field the fork's carry adds to upstream's class is one it takes); a base from
elsewhere (``BaseModel``, ``object`` aside) may bring any, and the class is not read.  Fork side: a fork-owned build ``Cls(k=v, ...)`` of a
class its import resolves to that file (or a package above it: a re-export), each named keyword and each
constant key of a ``**{...}`` display checked; a keyword none of those names is an error on its own line, as
pydantic refuses it on every path.  A build inside ``pytest.raises`` tests the refusal, one in a ``try``
catching it falls back: quiet.  A ``**mapping`` not spelt out decides nothing.

Cheap first: one search of upstream's diffs for ``forbid``; then the fork files whose added lines name one of
those modules (or a package above one, two parts or more) are read for builds with keywords of their classes; only the files they build from are parsed, at both ends.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.dropped_choices import expects_refusal
from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.refused_values import built_class
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parse_python, str_value

_FORBID = lazy_pattern(r"""extra\s*=\s*(?:["']forbid["']|Extra\.forbid)|["']extra["']\s*:\s*["']forbid["']""")
_FORBID_WORD = lazy_pattern(r"forbid")
_EXTRA = lazy_pattern(r"""\bextra\b\s*=|["']extra["']\s*:""")
_PLAIN_BASES = frozenset({"BaseModel", "object", "Generic", "Protocol", "ABC"})
_EXPECTS_RAISE = frozenset({"raises", "assertRaises", "assertRaisesRegex"})
_REFUSALS = frozenset({"ValueError", "ValidationError", "TypeError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Strict:
    """A class of upstream's file: whether it refuses extra keywords, and the keywords it takes (None: unknown)."""

    forbids: bool
    keywords: frozenset[str] | None


@dataclass(frozen=True)
class Extra:
    """A fork build's keywords on one line the newly strict class has no field for."""

    path: str
    line: int
    cls: str
    keywords: tuple[str, ...]
    home: str


def forbidden_extra_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    paths = trees.upstream.matching(_FORBID_WORD, ".py")  # a literal's scan; the parse reads the spelling
    if not paths:
        return []
    builds = list(_fork_builds(trees, paths))  # the fork's side first: it names the few files worth parsing
    homes = sorted({home for *_, home in builds})
    if not homes:
        return []
    strict: dict[tuple[str, str], frozenset[str]] = {}
    for path, name, was, now in both_versions(trees, homes, _classes):
        taken = _merged_keywords(trees, path, name, now.keywords)
        if now.forbids and not was.forbids and taken is not None:
            strict[(path, name)] = taken
    findings = []
    for extra in _extras(builds, strict):
        commit = trees.upstream_commit(extra.home, "forbid", pr_pattern)
        findings.append(_finding(extra, commit))
    return findings


def _merged_keywords(trees: ThreeTrees, path: str, name: str, upstream: frozenset[str] | None) -> frozenset[str] | None:
    """The keywords upstream's class takes and those the merged file's class takes: a field the fork's carry adds
    to the class (or to a base of the file) is one the merged class accepts (None: either side unknown)."""
    merged = _classes(trees.merged_text(path)).get(name)
    if upstream is None:
        return None
    if merged is None:
        return upstream
    return upstream | merged.keywords if merged.keywords is not None else None


def _classes(text: str | None) -> dict[str, Strict]:
    """Class name -> Strict, for each class the file defines once."""
    module = parse_python(text, "<strict>") if text is not None else None
    if module is None:
        return {}
    defs: dict[str, ast.ClassDef] = {}
    twice: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.ClassDef) and node.name in defs:
            twice.add(node.name)
        elif isinstance(node, ast.ClassDef):
            defs[node.name] = node
    return {
        name: Strict(_forbids(cls, defs, set()), _keywords(cls, defs, set()))
        for name, cls in defs.items()
        if name not in twice
    }


def _forbids(cls: ast.ClassDef, defs: dict[str, ast.ClassDef], seen: set[str]) -> bool:
    """The class refuses extra keywords by its own decorator, body or class keywords -- or, spelling no ``extra``
    of its own, inherits the refusal from a base the file defines (#4355's ``OpenAIBaseModel``: pydantic merges
    a model's config from its bases)."""
    seen.add(cls.name)
    own = _own_extra(cls)
    if own is not None:
        return own
    bases = (defs.get(b.id) for b in cls.bases if isinstance(b, ast.Name) and b.id not in seen)
    return any(_forbids(base, defs, seen) for base in bases if base is not None)


def _own_extra(cls: ast.ClassDef) -> bool | None:
    """True: the class spells ``extra="forbid"``; False: it spells another ``extra``; None: it spells none."""
    spelt = [*cls.decorator_list, *(s for s in cls.body if isinstance(s, ast.Assign | ast.ClassDef))]
    if any(k.arg == "extra" for k in cls.keywords):
        return any(k.arg == "extra" and _is_forbid(k.value) for k in cls.keywords)
    shown = [ast.unparse(node) for node in spelt if _config_spelling(node)]
    if any(_FORBID.search(text) for text in shown):
        return True
    return False if any(_EXTRA.search(text) for text in shown) else None


def _config_spelling(node: ast.AST) -> bool:
    """A decorator, a ``model_config = ...`` or an inner ``class Config``: where a class's config is spelt."""
    if isinstance(node, ast.ClassDef):
        return node.name == "Config"
    if isinstance(node, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id == "model_config" for t in node.targets)
    return True


def _is_forbid(value: ast.expr) -> bool:
    return str_value(value) == "forbid" or (isinstance(value, ast.Attribute) and value.attr == "forbid")


def _keywords(cls: ast.ClassDef, defs: dict[str, ast.ClassDef], seen: set[str]) -> frozenset[str] | None:
    """The keywords the class's constructor takes: its fields, its bases' (of the file), their aliases."""
    seen.add(cls.name)
    found: set[str] = set()
    for base in cls.bases:
        name = last_name(base)
        if name in _PLAIN_BASES or (isinstance(base, ast.Subscript) and last_name(base.value) in _PLAIN_BASES):
            continue
        inner = defs.get(name) if isinstance(base, ast.Name) and name not in seen else None
        got = _keywords(inner, defs, seen) if inner is not None else None
        if got is None:
            return None  # a base from elsewhere may bring any field
        found |= got
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            found.add(stmt.target.id)
            found |= _aliases(stmt.value)
    return frozenset(found)


def _aliases(value: ast.expr | None) -> set[str]:
    """The alias strings of a ``Field(alias="x")`` / ``validation_alias="x"`` default."""
    if not isinstance(value, ast.Call):
        return set()
    found: set[str] = set()
    for kw in value.keywords:
        if kw.arg in ("alias", "validation_alias"):
            # a string, or ``AliasChoices("a", "b")``: each choice is a keyword the constructor takes
            choices = kw.value.args if isinstance(kw.value, ast.Call) else [kw.value]
            found |= {s for s in map(str_value, choices) if s}
    return found


_Build = tuple[str, ast.Call, set[int], str, str]  # (path, the call, the fork's lines, the class, its file)


def _fork_builds(trees: ThreeTrees, paths: list[str]) -> Iterator[_Build]:
    """Fork-owned builds with keywords of a class imported from one of ``paths`` (or a package above one)."""
    dotted = {dotted_name(p, roots=("",)) for p in paths}
    prefixes = {".".join(d.split(".")[:i]) for d in dotted for i in range(2, d.count(".") + 2)}
    imports_one = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, prefixes))) + r")\b")
    for path, module, owned in fork_modules(trees, imports_one.search):
        imports = file_imports(module, path)
        parents = parent_map(module)
        for node in ast.walk(module):
            if not isinstance(node, ast.Call) or not node.keywords or (built := built_class(node)) is None:
                continue
            origin = imported_origin(built, imports)
            home = _home(origin[0], paths) if origin is not None else None
            if origin is None or home is None or expects_refusal(node, parents, _EXPECTS_RAISE):
                continue
            if not caught_around(node, _REFUSALS, parents):
                yield path, node, owned, origin[1], home


def _extras(builds: list[_Build], strict: dict[tuple[str, str], frozenset[str]]) -> Iterator[Extra]:
    for path, node, owned, cls, home in builds:
        keywords = strict.get((home, cls))
        if keywords is None:
            continue
        lines: dict[int, list[str]] = {}
        for keyword, line in _spelt_keywords(node):
            if keyword not in keywords and line in owned:
                lines.setdefault(line, []).append(keyword)
        for line, names in lines.items():
            yield Extra(path, line, cls, tuple(names), home)


def _home(module: str, paths: list[str]) -> str | None:
    """The file of the class the import names, or the one file under the package it names (a re-export)."""
    exact = [p for p in paths if dotted_name(p, roots=("",)) == module]
    under = [p for p in paths if dotted_name(p, roots=("",)).startswith(module + ".")]
    found = exact or under
    return found[0] if len(found) == 1 else None


def _spelt_keywords(call: ast.Call) -> Iterator[tuple[str, int]]:
    """(keyword, its line) of each named keyword and each constant key of a ``**{...}`` display."""
    for kw in call.keywords:
        if kw.arg is not None:
            yield kw.arg, kw.value.lineno
        elif isinstance(kw.value, ast.Dict):
            for key in kw.value.keys:
                name = str_value(key) if key is not None else None
                if key is not None and name is not None and name.isidentifier():
                    yield name, key.lineno


def _finding(extra: Extra, commit: str) -> Finding:
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        extra.path,
        extra.line,
        f"fork-owned build of {extra.cls} passes {', '.join(k + '=' for k in extra.keywords)}, which "
        f"{'names' if len(extra.keywords) == 1 else 'name'} no field of it, and upstream made "
        f'{extra.cls} refuse extra keywords ({extra.home}{commit}: extra="forbid"): the keyword was ignored, now '
        "the build raises ValidationError; drop it or set what replaced it",
    )
