"""Copied fallbacks (drift/copied_fallbacks.py): #39032 changed NemotronH's SSM cache dtype fallback from
``"float16"`` to a class constant ``"float32"``; a fork ``getattr`` spelling the old fallback now disagrees."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CONFIGS = "vllm/models/dtypes.py"
BASE = """DEFAULT_KV = "fp8"


class SsmConfig:
    @staticmethod
    def update(cache, hf) -> None:
        if cache.dtype == "auto":
            dtype = getattr(
                hf, "ssm_dtype", "float16"
            )
            cache.dtype = dtype


def kv_dtype(hf) -> str:
    return getattr(hf, "kv_dtype", "fp8") + getattr(hf, "rope", "linear")
"""
UPSTREAM = """DEFAULT_KV = "fp8_e4m3"


class SsmConfig:
    DEFAULT = "float32"

    @classmethod
    def pick(cls, hf) -> str:
        return getattr(hf, "ssm_dtype", cls.DEFAULT)

    @classmethod
    def update(cls, cache, hf) -> None:
        if cache.dtype == "auto":
            cache.dtype = cls.pick(hf)


def kv_dtype(hf) -> str:
    return getattr(hf, "kv_dtype", DEFAULT_KV) + getattr(hf, "rope", "linear")
"""
SUBJECT = "NemotronH default mamba_ssm_cache_dtype=float32 (#39032)"
FORK = "vllm/aeon/planner.py"


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {CONFIGS: BASE}, {FORK: body}, [(SUBJECT, {CONFIGS: UPSTREAM})])
    found = s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT)
    return [(line, severity) for path, line, severity, message in found if path == FORK and "fallback" in message]


@pytest.mark.parametrize(
    "body",
    [
        # a class constant upstream moved the fallback to, in a helper of the class
        'def bytes_per(hf) -> int:\n    return 4 if getattr(hf, "ssm_dtype", "float16") == "float32" else 2\n',
        # a module constant upstream now falls back to
        'def kv(hf) -> str:\n    return getattr(hf, "kv_dtype", "fp8")\n',
    ],
    ids=["a class constant", "a module constant"],
)
def test_a_fork_getattr_spelling_the_old_fallback_is_a_warning(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == [(2, "warning")]


@pytest.mark.parametrize(
    "body",
    [
        # the fork's own fallback, not upstream's old one
        'def kv(hf) -> str:\n    return getattr(hf, "kv_dtype", "int8")\n',
        # a fallback upstream kept
        'def rope(hf) -> str:\n    return getattr(hf, "rope", "linear")\n',
        # the old literal for another attribute
        'def other(hf) -> str:\n    return getattr(hf, "other_dtype", "float16")\n',
        # None is everyone's fallback
        'def kv(hf) -> str:\n    return getattr(hf, "kv_dtype", None)\n',
    ],
    ids=["its own value", "a kept fallback", "another attribute", "None"],
)
def test_fallbacks_upstream_did_not_change_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_no_fork_line_calling_getattr_parses_nothing(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """perf28's gate: a fork none of whose added lines holds ``getattr(`` parses no upstream candidate."""
    from aeon_release.domain.audits.drift import copied_fallbacks, sides

    parsed: list[object] = []

    def recording(*args: object) -> object:
        parsed.append(args)
        return sides.parsed_texts(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(copied_fallbacks, "parsed_texts", recording)
    assert rows(git_repo, no_rules, 'def kv(hf) -> str:\n    return hf.kv_dtype or "fp8"\n') == []
    assert parsed == []
