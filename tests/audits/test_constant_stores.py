"""A field upstream passed a value through into now holds a fixed string on a path; the fork tests it for another.

#39002 (e816a8811f) made the FlashInfer builder store ``self.cache_dtype = "auto"`` for an unquantized cache where
it had stored ``self.cache_config.cache_dtype`` on every path; a fork subclass's ``self.cache_dtype ==
"bfloat16"`` no longer holds there (blind_replay_flashattn).  Warnings: a comparison (``==``, ``in``, off a
parameter typed as the class), a lookup in a fork table without the constant's key; an error: every store of
the method now the constant.  Quiet: a test naming the constant, a table holding its key or a lookup under a
membership test or a ``try``, the config's own field, the fork's own class of the name, a constant the base
stored already, an untyped receiver.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

BUILDER = "pkg/backends/flash.py"
BASE = """class Builder:
    def __init__(self, cache_config, quantized: bool) -> None:
        self.cache_config = cache_config
        self.cache_dtype = self.cache_config.cache_dtype
        self.layout = "NHD"
        if quantized:
            self.kv_dtype = "fp8"
        else:
            self.kv_dtype = cache_config.dtype
"""
AFTER = BASE.replace(
    "        self.cache_dtype = self.cache_config.cache_dtype\n",
    "        if quantized:\n            self.cache_dtype = self.cache_config.cache_dtype\n        else:\n"
    '            self.cache_dtype = "auto"\n',
).replace('self.layout = "NHD"', 'self.layout = "HND"')
ONLY = BASE.replace("self.cache_dtype = self.cache_config.cache_dtype", 'self.cache_dtype = "auto"')
FORK = "pkg/aeon/cache.py"
HEAD = "from pkg.backends.flash import Builder\n\n\n"


def rows(repo: GitRepo, config: Path, fork: str, after: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {BUILDER: BASE}, {FORK: fork}, [("[Bugfix] Fix FlashInfer skip layers (#39002)", {BUILDER: after})]
    )
    return [
        (line, sev)
        for path, line, sev, msg in s.rule_rows(repo, config, sides, SYMBOL_DRIFT)
        if path == FORK and "now stores" in msg
    ]


FOUND = [
    (
        HEAD
        + "class AeonBuilder(Builder):\n    def bf16(self) -> bool:\n        return self.cache_dtype == 'bfloat16'\n",
        "return self.cache_dtype == 'bfloat16'",
        "warning",
        AFTER,
    ),
    (
        HEAD + "def half(b: Builder) -> bool:\n    return b.cache_dtype in ('bfloat16', 'float16')\n",
        "return b.cache_dtype in ('bfloat16', 'float16')",
        "warning",
        AFTER,
    ),
    (
        HEAD
        + "_BYTES = {'bfloat16': 2, 'fp8': 1}\n\n\ndef size(b: Builder) -> int:\n    return _BYTES[b.cache_dtype]\n",
        "return _BYTES[b.cache_dtype]",
        "warning",
        AFTER,
    ),
    (
        HEAD + "def half(b: Builder) -> bool:\n    return b.cache_dtype != 'bfloat16'\n",
        "return b.cache_dtype != 'bfloat16'",
        "error",
        ONLY,
    ),
]


@pytest.mark.parametrize(("fork", "line", "severity", "after"), FOUND)
def test_a_test_for_a_value_the_field_no_longer_carries_is_found(
    git_repo: GitRepo, no_rules: Path, fork: str, line: str, severity: str, after: str
) -> None:
    assert rows(git_repo, no_rules, fork, after) == [(line_of(fork, line), severity)]


QUIET = [
    # a test naming the constant: written for both
    HEAD + "def half(b: Builder) -> bool:\n    return b.cache_dtype in ('bfloat16', 'auto')\n",
    # a table holding the constant's key; a lookup under a membership test; one in a try
    HEAD + "_BYTES = {'bfloat16': 2, 'auto': 2}\n\n\ndef size(b: Builder) -> int:\n    return _BYTES[b.cache_dtype]\n",
    HEAD + "_BYTES = {'bfloat16': 2}\n\n\ndef size(b: Builder) -> int:\n"
    "    if b.cache_dtype not in _BYTES:\n        return 2\n    return _BYTES[b.cache_dtype]\n",
    HEAD + "_BYTES = {'bfloat16': 2}\n\n\ndef size(b: Builder) -> int:\n"
    "    try:\n        return _BYTES[b.cache_dtype]\n    except KeyError:\n        return 2\n",
    # the config's own field
    HEAD + "def bf16(b: Builder) -> bool:\n    return b.cache_config.cache_dtype == 'bfloat16'\n",
    # a constant the base stored already (a new one of it changes nothing the fork relied on)
    HEAD + "def fp8(b: Builder) -> bool:\n    return b.kv_dtype == 'fp16'\n",
    # a field upstream replaced one constant with another in (constant drift's, not this)
    HEAD + "def nhd(b: Builder) -> bool:\n    return b.layout == 'NHD'\n",
    # an untyped receiver; the fork's own class of the name
    "def bf16(b) -> bool:\n    return b.cache_dtype == 'bfloat16'\n",
    "class Builder:\n    def __init__(self) -> None:\n        self.cache_dtype = 'bfloat16'\n\n"
    "    def bf16(self) -> bool:\n        return self.cache_dtype == 'bfloat16'\n",
]


@pytest.mark.parametrize("fork", QUIET)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert rows(git_repo, no_rules, fork) == []
