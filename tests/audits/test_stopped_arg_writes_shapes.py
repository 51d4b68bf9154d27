"""Stopped argument writes (drift/stopped_arg_writes.py), read-back B's mends at the unit level: upstream
refactors that keep the write (tuple targets, annotated aliases, a plain method called through its class) are
not read as lost, a helper handed the parameter where it names no parameter is unknown, and a fork storing the
path itself before the call stays quiet."""

from __future__ import annotations

import ast

import pytest

from aeon_release.domain.audits.drift import stopped_arg_writes as saw

HEAD = "class C:\n    @classmethod\n    def verify(cls, cfg):\n"


def stores(body: str) -> tuple[dict[tuple[int, tuple[str, ...]], set[object]], bool]:
    module = ast.parse(HEAD + body)
    classes = saw.top_classes(module)
    return saw._arg_stores(saw.own_methods(classes["C"])["verify"], classes, 0)


@pytest.mark.parametrize(
    "body",
    [
        "        cfg.cache_config.block_size, cfg.cache_config.x = 16, 2\n",
        "        cache_config: CacheConfig = cfg.cache_config\n        cache_config.block_size = 16\n",
        "        C._align(None, cfg)\n    def _align(self, cfg):\n        cfg.cache_config.block_size = 16\n",
    ],
    ids=["a tuple target", "an annotated alias", "a plain method through its class"],
)
def test_refactors_that_keep_the_write_keep_it(body: str) -> None:
    found, handed = stores(body)
    assert found.get((0, ("cache_config", "block_size"))) == {16}
    assert not handed


@pytest.mark.parametrize(
    "body",
    [
        # bound twice: the alias is unknown, its store no path off the parameter
        "        cc: CacheConfig = cfg.cache_config\n        cc = other\n        cc.block_size = 16\n",
        # a loop target
        "        cc: CacheConfig = cfg.cache_config\n        for cc in xs:\n            cc.block_size = 16\n",
    ],
    ids=["an alias bound twice", "a loop target"],
)
def test_an_alias_bound_otherwise_is_no_path(body: str) -> None:
    assert (0, ("cache_config", "block_size")) not in stores(body)[0]


def test_a_helper_handed_it_in_no_named_slot_is_unknown() -> None:
    found, handed = stores("        C._align(cfg)\n    def _align(self, other):\n        other.block_size = 16\n")
    assert handed and not found


LOST = [saw.Lost("pkg/mod.py", "C", "verify", 0, "cfg", ("cache_config", "block_size"))]


def fork_lines(body: str) -> list[int]:
    fork = ast.parse("from pkg.mod import C\ndef plan(cfg):\n" + body)
    return [line for line, *_ in saw._fork_reads(fork, set(range(100)), saw.file_imports(fork, "f.py"), LOST)]


@pytest.mark.parametrize(
    ("body", "lines"),
    [
        ("    C.verify(cfg)\n    return cfg.cache_config.block_size\n", [4]),
        ("    cfg.cache_config.block_size = 16\n    C.verify(cfg)\n    return cfg.cache_config.block_size\n", []),
        (
            "    C.verify(cfg)\n    current_platform.update_block_size_for_backend(cfg)\n"
            "    return cfg.cache_config.block_size\n",
            [],
        ),
        ("    C.verify(cfg)\n    cfg.cache_config.other = 16\n    return cfg.cache_config.block_size\n", [5]),
    ],
    ids=["the broken read", "stored by the fork before", "handed to the new home", "another path stored"],
)
def test_a_fork_that_already_adapted_is_quiet(body: str, lines: list[int]) -> None:
    assert fork_lines(body) == lines
