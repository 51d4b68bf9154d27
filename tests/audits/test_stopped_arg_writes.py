"""Stopped argument writes (drift/stopped_arg_writes.py): #37467 took the block alignment out of
``HybridAttentionMambaModelConfig.verify_and_update_config``, which stored ``cache_config.block_size`` and
``mamba_page_size_padded`` on the config handed to it; a fork reading them after the call reads the old values."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

FIXUPS = "vllm/models/fixups.py"
BASE = """class Helper:
    @staticmethod
    def align(cfg) -> None:
        cfg.cache.block = 64


class Fixer:
    @classmethod
    def apply(cls, config) -> None:
        cache = config.cache
        if cache.scales:
            cache.scales = False
        cache.padded = 4096
        Helper.align(config)
        cache = config.cache
        cache.mode = "all"
"""
UPSTREAM = """class Helper:
    @staticmethod
    def align(cfg) -> None:
        cfg.cache.block = 64


class Fixer:
    @classmethod
    def apply(cls, config) -> None:
        cache = config.cache
        if cache.scales:
            cache.scales = False
        cache.mode = "all"
"""
SUBJECT = "[HMA]Fix corner case when hybrid page_size can not be evenly divided issue (#37467)"
FORK = "vllm/aeon/fixups.py"
HEAD = "from vllm.models.fixups import Fixer\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UPSTREAM) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {FIXUPS: BASE}, {FORK: HEAD + body}, [(SUBJECT, {FIXUPS: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(line, severity) for path, line, severity, message in found if path == FORK and "no longer sets" in message]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # a keyword call, the store made through a local alias of the parameter's path
        ("def f(cfg) -> int:\n    Fixer.apply(config=cfg)\n    return cfg.cache.padded\n", 6),
        # the store made by a helper of the module the method called, dropped with the call
        ("def f(cfg) -> int:\n    Fixer.apply(cfg)\n    n = 2\n    return cfg.cache.block * n\n", 7),
        # a subclass's override handing on through super()
        (
            "class Mine(Fixer):\n    @classmethod\n    def apply(cls, config) -> None:\n        super().apply(config)\n"
            "        cls.pages = config.cache.padded\n",
            8,
        ),
    ],
    ids=["a keyword call, an alias's store", "a followed helper's store", "super() in an override"],
)
def test_a_read_after_a_call_that_no_longer_stores_it_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    assert rows(git_repo, no_rules, body) == [(line, "error")]


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # a path upstream still stores
        ("def f(cfg) -> bool:\n    Fixer.apply(cfg)\n    return cfg.cache.scales\n", UPSTREAM),
        # the fork stores it itself between
        ("def f(cfg) -> int:\n    Fixer.apply(cfg)\n    cfg.cache.padded = 1\n    return cfg.cache.padded\n", UPSTREAM),
        # read before the call
        ("def f(cfg) -> int:\n    n = cfg.cache.padded\n    Fixer.apply(cfg)\n    return n\n", UPSTREAM),
        # the argument rebound between
        ("def f(cfg, other) -> int:\n    Fixer.apply(cfg)\n    cfg = other\n    return cfg.cache.padded\n", UPSTREAM),
        # upstream hands the config to a call it cannot follow: the write may have moved there
        (
            "def f(cfg) -> int:\n    Fixer.apply(cfg)\n    return cfg.cache.padded\n",
            UPSTREAM.replace(
                '        cache.mode = "all"\n', '        cache.mode = "all"\n        platform.align(config)\n'
            ),
        ),
    ],
    ids=["still stored", "the fork's own store", "read before", "rebound", "handed to an unknown call"],
)
def test_reads_the_call_never_answered_for_stay_quiet(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str
) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []


# killers164, #50991: the mamba cache mode stored "align" where it stored "all"; the fork tests "all" after the call
ALIGNED = UPSTREAM.replace('cache.mode = "all"', 'cache.mode = "align"')


def value_rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = ALIGNED) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {FIXUPS: BASE}, {FORK: HEAD + body}, [(SUBJECT, {FIXUPS: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [
        (line, severity) for path, line, severity, message in found if path == FORK and "no longer stores" in message
    ]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ('def f(cfg) -> bool:\n    Fixer.apply(cfg)\n    return cfg.cache.mode in ("all", "some")\n', 6),
        # through a local bound to a prefix of the path
        ('def f(cfg) -> bool:\n    Fixer.apply(cfg)\n    cache = cfg.cache\n    return cache.mode != "all"\n', 7),
    ],
    ids=["in a tuple", "through a local"],
)
def test_a_comparison_with_a_constant_the_call_no_longer_stores_is_a_warning(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    assert value_rows(git_repo, no_rules, body) == [(line, "warning")]


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # a constant upstream still stores
        ('def f(cfg) -> bool:\n    Fixer.apply(cfg)\n    return cfg.cache.mode == "align"\n', ALIGNED),
        # upstream stores a computed value now: it may be "all"
        (
            'def f(cfg) -> bool:\n    Fixer.apply(cfg)\n    return cfg.cache.mode == "all"\n',
            UPSTREAM.replace('cache.mode = "all"', "cache.mode = MODES[0]"),
        ),
        # the fork stored it itself first
        (
            'def f(cfg) -> bool:\n    Fixer.apply(cfg)\n    cfg.cache.mode = "all"\n    return cfg.cache.mode == "all"\n',
            ALIGNED,
        ),
    ],
    ids=["a kept constant", "a computed value", "the fork's own store"],
)
def test_comparisons_the_change_leaves_right_stay_quiet(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str
) -> None:
    assert value_rows(git_repo, no_rules, body, upstream) == []


def test_a_read_through_a_local_bound_to_a_prefix_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = "def f(cfg) -> int:\n    Fixer.apply(cfg)\n    cache = cfg.cache\n    return cache.padded\n"
    assert rows(git_repo, no_rules, body) == [(7, "error")]


# review80's twins of #37467: reads the call's lost store never reaches
@pytest.mark.parametrize(
    "body",
    [
        # where upstream moved the write: a call handed the config between (the platform's hook)
        "def f(cfg) -> int:\n    Fixer.apply(cfg)\n    platform.align(cfg)\n    return cfg.cache.padded\n",
        # a call handed a path holding the one read
        "def f(cfg) -> int:\n    Fixer.apply(cfg)\n    pad(cache=cfg.cache)\n    return cfg.cache.padded\n",
        # the call in one branch, the read in the other
        "def f(cfg, hybrid: bool) -> int | None:\n    if hybrid:\n        Fixer.apply(cfg)\n        return None\n"
        "    else:\n        return cfg.cache.padded\n",
    ],
    ids=["the config handed on between", "a path handed on between", "the other branch"],
)
def test_a_read_the_lost_store_never_reaches_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # a builtin reader or a logger handed the config between reads it only
        ("def f(cfg) -> int:\n    Fixer.apply(cfg)\n    logger.info(cfg)\n    return cfg.cache.padded\n", 7),
        # a call handed another path off the config (not one holding the read)
        ("def f(cfg) -> int:\n    Fixer.apply(cfg)\n    show(cfg.model)\n    return cfg.cache.padded\n", 7),
        # a read in the same branch as the call, below an if/else of its own
        (
            "def f(cfg, hybrid: bool) -> int:\n    if hybrid:\n        Fixer.apply(cfg)\n"
            "        return cfg.cache.padded\n    else:\n        return 0\n",
            7,
        ),
    ],
    ids=["a logger between", "another path handed on", "the same branch"],
)
def test_a_read_after_the_call_past_a_reader_stays_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    assert rows(git_repo, no_rules, body) == [(line, "error")]


def test_no_fork_line_calling_a_candidates_method_parses_nothing(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """perf28's gate: a fork none of whose added lines holds ``.name(`` for a name a candidate file declares
    with ``def`` parses no candidate (the same read after ``Fixer.apply`` above is an error)."""
    from aeon_release.domain.audits.drift import sides, stopped_arg_writes

    parsed: list[object] = []

    def recording(*args: object) -> object:
        parsed.append(args)
        return sides.parsed_texts(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(stopped_arg_writes, "parsed_texts", recording)
    assert rows(git_repo, no_rules, "def f(cfg) -> int:\n    return cfg.cache.padded\n") == []
    assert parsed == []
