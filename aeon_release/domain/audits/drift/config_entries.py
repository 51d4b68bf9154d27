"""An entry of a config dict the fork passes, under a key upstream stopped reading from that dict.

#24498 replaced the offloading connector's ``self.extra_config.get("num_cpu_blocks")`` by
``.get("cpu_bytes_to_use")``.  A fork's ``KVTransferConfig(kv_connector_extra_config={"num_cpu_blocks":
8192})`` merges cleanly and its entry is read by nothing now.  The word lives on upstream (a field, a
keyword, a parameter of the same name): name drift, which asks whether a name is gone, keeps quiet.

The question here is narrower: upstream's diff removed a string-keyed read (``X.get("k")``, ``X["k"]``)
of a dict whose name the fork's keyword ends with (``extra_config`` for ``kv_connector_extra_config=``),
and no string-keyed read of ``"k"`` is left anywhere in upstream's served code, nor in the fork's own (a
connector of the fork's that reads the entry).  A warning: the value
may still reach something that takes the dict whole (``f(**config)``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES, TEST_FOLDERS
from aeon_release.domain.audits.drift.sides import ThreeTrees, whole_word
from aeon_release.domain.audits.merge_rules import NAME_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, str_value


@dataclass(frozen=True)
class Entry:
    """``keyword={..., "key": ...}`` on a fork-owned line."""

    path: str
    line: int
    keyword: str
    key: str


@dataclass(frozen=True)
class DroppedRead:
    """Upstream's diff of ``path`` removed ``receiver.get("key")`` (or ``receiver["key"]``)."""

    key: str
    receiver: str
    path: str


# a fork line that may give a config dict's entry: a keyword naming a config, or a string key
_ENTRY_LINE = lazy_pattern(r"""config\w*\s*=|["'][A-Za-z_]\w*["']\s*:""", re.I)
# a string-keyed read of a dict held by a name or attribute (``self.extra_config.get("k")``)
# (a receiver starts at a word's start and is bounded: a hostile run of word characters stays linear)
_KEYED_READ = lazy_pattern(
    r"""(?<!\w)(\w{1,200})[ \t]{0,20}(?:\.get\([ \t]{0,20}|\[[ \t]{0,20})["']([A-Za-z_]\w{0,200})["']"""
)


def dropped_config_entries(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Warnings for the fork's config-dict entries whose key upstream stopped reading (module docstring)."""
    entries = list(_fork_entries(trees))
    if not entries:
        return []
    dropped = _dropped_reads(trees, {e.key for e in entries})
    findings = []
    for entry in entries:
        read = next((d for d in dropped.get(entry.key, []) if _same_dict(entry.keyword, d.receiver)), None)
        if read is not None:
            findings.append(_finding(trees, entry, read, pr_pattern))
    return findings


def _fork_entries(trees: ThreeTrees) -> Iterator[Entry]:
    """The string keys of dict displays passed as a keyword naming a config, on fork-owned lines."""
    for path in sorted(trees.mine):
        if not path.endswith(".py") or not any(_ENTRY_LINE.search(t) for t in trees.mine[path].added.values()):
            continue
        module = trees.merged_module(path)
        owned = trees.owned_lines(path)
        for node in ast.walk(module) if module is not None else ():
            if isinstance(node, ast.keyword) and node.arg and "config" in node.arg.lower():
                yield from _entries(path, node.arg, node.value, owned)


def _entries(path: str, keyword: str, value: ast.expr, owned: set[int]) -> Iterator[Entry]:
    if not isinstance(value, ast.Dict):
        return
    for key in value.keys:
        name = str_value(key)
        if key is not None and name and key.lineno in owned:
            yield Entry(path, key.lineno, keyword, name)


def _dropped_reads(trees: ThreeTrees, keys: set[str]) -> dict[str, list[DroppedRead]]:
    """The keys whose string-keyed reads upstream's diff removed, and none of which it still has."""
    found: dict[str, list[DroppedRead]] = {}
    for path in trees.upstream:
        if not path.endswith(".py") or path.split("/", 1)[0] in TEST_FOLDERS:
            continue
        raw = trees.upstream.raw(path)
        if not any(key in raw for key in keys):
            continue
        for line in raw.splitlines():
            if line.startswith("-") and not line.startswith("---"):
                for receiver, key in _KEYED_READ.findall(line):
                    if key in keys:
                        found.setdefault(key, []).append(DroppedRead(key, receiver, path))
    read = _still_read(trees, set(found)) | _fork_reads(trees, set(found)) if found else set()
    return {k: v for k, v in found.items() if k not in read}


def _read_forms(keys: set[str]) -> dict[str, str]:
    """The spellings of a string-keyed read of each key (``.get("k"``, ``["k"]``, ``"k" in ``...) -> the key."""
    return {
        form.format(q=q, k=k): k
        for k in keys
        for q in "\"'"
        for form in (".get({q}{k}{q}", "[{q}{k}{q}]", "{q}{k}{q} in ", "pop({q}{k}{q}")
    }


def _still_read(trees: ThreeTrees, keys: set[str]) -> set[str]:
    """Of ``keys``, those upstream's served code still reads by string somewhere (any dict)."""
    forms = _read_forms(keys)
    served = [PYTHON_FILES, *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS))]
    present = repo.strings_present(trees.repo, trees.theirs, sorted(forms), served) if forms else frozenset()
    return {forms[p] for p in present}


def _fork_reads(trees: ThreeTrees, keys: set[str]) -> set[str]:
    """Of ``keys``, those a line the fork added reads by string: the fork's own connector takes the entry
    (``extra_config.get("num_cpu_blocks")``), whatever upstream's stopped reading."""
    forms = _read_forms(keys)
    lines = [line for path in trees.mine if path.endswith(".py") for line in trees.mine[path].added.values()]
    return {key for form, key in forms.items() if any(form in line for line in lines)}


def _same_dict(keyword: str, receiver: str) -> bool:
    """``kv_connector_extra_config=`` fills what upstream holds as ``extra_config``: one ends the other."""
    kw, held = keyword.lower(), receiver.lower()
    return kw == held or kw.endswith("_" + held) or held.endswith("_" + kw)


def _finding(trees: ThreeTrees, entry: Entry, read: DroppedRead, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(read.path, whole_word(entry.key), pr_pattern)
    message = (
        f'fork-owned {entry.keyword}={{"{entry.key}": ...}} gives a key upstream no longer reads: upstream '
        f'removed {read.receiver}.get("{entry.key}") ({read.path}{commit}) and reads "{entry.key}" nowhere now; '
        "the entry is silently ignored (unless something takes the dict whole): give what upstream reads instead"
    )
    return Finding(RULE, "merge", Severity.WARNING, entry.path, entry.line, message)
