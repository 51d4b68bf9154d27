"""A required positional-only parameter upstream inserted (signatures.call_problem): no keyword and no
``**mapping`` fills it, so a call that passes it no positional argument raises TypeError whatever the mapping
holds (#49686: ``MultiModalHasher.hash_kwargs(cls, **kwargs)`` became ``hash_kwargs(cls, algorithm, /,
**kwargs)``; a fork's ``hash_kwargs(model_id=m, **{modality: item})`` merges cleanly).  Twins: the parameter
given a default; a ``*args`` splat; a ``functools.partial`` (the later call may pass it); the call passing it."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

INIT = "pkg/__init__.py"
LIB = "pkg/hasher.py"
USE = "pkg/aeon_hash.py"
OLD = (
    "class MultiModalHasher:\n    @classmethod\n    def hash_kwargs(cls, **kwargs: object) -> str:\n"
    "        return repr(sorted(kwargs))\n"
)
NEW = OLD.replace("cls, **kwargs: object", "cls, algorithm: str, /, **kwargs: object")
DEFAULTED = OLD.replace("cls, **kwargs: object", "cls, algorithm: str = 'blake3', /, **kwargs: object")
HEAD = "import functools\n\nfrom pkg.hasher import MultiModalHasher\n\n\ndef aeon_hash(m: str, modality: str, item: object, extra: dict, args: tuple):\n"


@pytest.mark.parametrize(
    "call",
    [
        "MultiModalHasher.hash_kwargs(model_id=m, **{modality: item})",
        "MultiModalHasher.hash_kwargs(**extra)",
        "MultiModalHasher.hash_kwargs(model_id=m, image=item)",
    ],
    ids=["a keyword and a mapping", "a mapping alone", "keywords alone"],
)
def test_a_required_positional_only_parameter_no_mapping_fills(git_repo: GitRepo, tmp_path: Path, call: str) -> None:
    body = HEAD + f"    return {call}\n"
    sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: body}, {LIB: NEW})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [(USE, line_of(body, call), "error")]
    assert "algorithm (positional-only)" in next(f.message for f in report.findings if f.rule_id == RULE)


@pytest.mark.parametrize(
    ("call", "new"),
    [
        ("MultiModalHasher.hash_kwargs(model_id=m, **{modality: item})", DEFAULTED),
        ("MultiModalHasher.hash_kwargs(*args, **extra)", NEW),
        ("functools.partial(MultiModalHasher.hash_kwargs, model_id=m, **extra)", NEW),
        ("MultiModalHasher.hash_kwargs(model_id=m, **extra) if False else None", DEFAULTED),
    ],
    ids=["given a default", "a *args splat", "a partial", "a defaulted one, a mapping"],
)
def test_positional_only_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, call: str, new: str) -> None:
    body = HEAD + f"    return {call}\n"
    sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: body}, {LIB: new})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []
