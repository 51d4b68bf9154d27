"""A dict field whose values upstream let be a container too (#21894, 10f535c086:
``EngineHandshakeMetadata.parallel_config: dict[str, Union[int, str]]`` became ``dict[str, Union[int, str,
list[int]]]``), converted value by value to a number by the fork (drift/widened_values.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

MOD = "pkg/meta.py"
PACKAGES = {"pkg/__init__.py": ""}
BASE = """from dataclasses import dataclass
from typing import Union


@dataclass
class Meta:
    address: str
    config: dict[str, Union[int, str]]
    sizes: dict[str, int]
"""
AFTER = BASE.replace("dict[str, Union[int, str]]", "dict[str, Union[int, str, list[int]]]").replace(
    "sizes: dict[str, int]", "sizes: dict[str, int | tuple[int, int]]"
)
USE = "pkg/aeon_meta.py"
HEAD = "from pkg.meta import Meta\n\n\n"


def _found(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {MOD: BASE, **PACKAGES}, {USE: fork}, {MOD: AFTER})
    return [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        (
            "def total(meta: Meta) -> int:\n    n = 0\n    for key, value in meta.config.items():\n"
            '        if key != "ip":\n            n += int(value)\n    return n\n',
            "int(value)",
        ),
        ("def sizes(meta: 'Meta') -> list[float]:\n    return [float(v) for v in meta.sizes.values()]\n", "float(v)"),
    ],
    ids=["a loop over items() skipping one key", "a comprehension over values()"],
)
def test_a_number_conversion_of_each_value(git_repo: GitRepo, tmp_path: Path, body: str, needle: str) -> None:
    fork = HEAD + body
    assert _found(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "body",
    [
        # named keys only: the new one is not among them
        'def port(meta: Meta) -> int:\n    return sum(int(v) for k, v in meta.config.items() if k in ("port", "size"))\n',
        # the value's class asked first
        "def ints(meta: Meta) -> list[int]:\n    return [int(v) for v in meta.config.values() if isinstance(v, (int, str))]\n",
        # a TypeError caught
        "def ints(meta: Meta) -> list[int]:\n    out = []\n    for v in meta.config.values():\n        try:\n"
        "            out.append(int(v))\n        except TypeError:\n            pass\n    return out\n",
        # a receiver of no known type
        "def ints(meta) -> list[int]:\n    return [int(v) for v in meta.config.values()]\n",
        # a use a list takes too
        "def keys(meta: Meta) -> list[str]:\n    return [str(v) for v in meta.config.values()]\n",
        # the fork's own class of the name
        "class Meta:\n    config: dict[str, int] = {}\n\n\n"
        "def ints(meta: Meta) -> list[int]:\n    return [int(v) for v in meta.config.values()]\n",
    ],
    ids=["named keys", "isinstance", "caught", "untyped", "str()", "own namesake"],
)
def test_conversions_the_widening_leaves_alone_stay_quiet(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _found(git_repo, tmp_path, HEAD + body) == []


# review79: #21894 also put the new key in a dict display (``"_data_parallel_master_port_list": [...]``); a loop
# whose key test tells every such added key apart handles it on purpose
BUILD = '\n\ndef build() -> Meta:\n    return Meta("h", {"port": 1, "ip": "h"}, {})\n'
KEYED = (BASE + BUILD, AFTER + BUILD.replace('"ip": "h"}', '"ip": "h", "_ports": [1, 2]}'))


def _keyed(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {MOD: KEYED[0], **PACKAGES}, {USE: fork}, {MOD: KEYED[1]})
    return [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == USE]


@pytest.mark.parametrize(
    "test",
    ['not k.startswith("_") and k != "ip"', 'k not in ("ip", "_ports")', "type(v) is int"],
    ids=["private keys skipped", "not in naming the new key", "type() test"],
)
def test_a_key_test_telling_the_added_key_apart_stays_quiet(git_repo: GitRepo, tmp_path: Path, test: str) -> None:
    fork = (
        HEAD
        + f"def ints(meta: Meta) -> dict[str, int]:\n    return {{k: int(v) for k, v in meta.config.items() if {test}}}\n"
    )
    assert _keyed(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    "test",
    ['k != "ip"', 'not k.startswith("p") and k != "ip"', 'k.startswith("_") or k == "port"'],
    ids=["one other key", "a prefix it lacks", "the new key kept on purpose"],
)
def test_a_key_test_the_added_key_passes_still_errs(git_repo: GitRepo, tmp_path: Path, test: str) -> None:
    fork = (
        HEAD
        + f"def ints(meta: Meta) -> dict[str, int]:\n    return {{k: int(v) for k, v in meta.config.items() if {test}}}\n"
    )
    assert _keyed(git_repo, tmp_path, fork) == [(USE, line_of(fork, "return {k: int(v)"), "error")]


@pytest.mark.parametrize(
    "loop",
    [
        '        if k.startswith("_") or k == "ip":\n            continue\n        out[k] = int(v)\n',
        '        if k not in ("ip", "_ports"):\n            out[k] = int(v)\n',
        '        if k in ("ip", "_ports"):\n            pass\n        else:\n            out[k] = int(v)\n',
    ],
    ids=["an if that continues first", "an if around the call", "the call in an else"],
)
def test_a_for_loop_leaving_the_added_key_out_stays_quiet(git_repo: GitRepo, tmp_path: Path, loop: str) -> None:
    fork = HEAD + "def ints(meta: Meta) -> dict[str, int]:\n    out = {}\n    for k, v in meta.config.items():\n" + loop
    assert _keyed(git_repo, tmp_path, fork + "    return out\n") == []


@pytest.mark.parametrize(
    ("names", "test", "errs"),
    [
        ('SKIP = ("ip", "_ports")\n', "k not in SKIP", False),
        ('NUMBERS = ("port",)\n', "k in NUMBERS", False),
        ('SKIP = ("ip",)\n', "k not in SKIP", True),
    ],
    ids=["a module tuple naming the new key", "a module tuple of kept keys", "a module tuple without it"],
)
def test_a_key_test_through_a_module_tuple(
    git_repo: GitRepo, tmp_path: Path, names: str, test: str, errs: bool
) -> None:
    fork = (
        HEAD
        + names
        + f"\n\ndef ints(meta: Meta) -> dict[str, int]:\n    return {{k: int(v) for k, v in meta.config.items() if {test}}}\n"
    )
    expected = [(USE, line_of(fork, "return {k: int(v)"), "error")] if errs else []
    assert _keyed(git_repo, tmp_path, fork) == expected


@pytest.mark.parametrize(
    ("conversion", "parses"),
    [("str(v)", False), ("\uff49\uff4e\uff54(v)", True)],  # the parser reads fullwidth int as int: let through
    ids=["str()", "fullwidth int()"],
)
def test_no_fork_line_holding_int_or_float_parses_nothing(
    git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, conversion: str, parses: bool
) -> None:
    """perf29's gate: a fork none of whose added lines holds the word ``int`` or ``float`` parses no upstream
    candidate (here upstream's widened ``Meta.config`` is one, and the fork reads it by ``str(v)``)."""
    from aeon_release.domain.audits.drift import sides, widened_values

    parsed: list[object] = []

    def recording(*args: object) -> object:
        parsed.append(args)
        return sides.parsed_versions(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(widened_values, "parsed_versions", recording)
    body = f"def keys(meta: Meta) -> list[str]:\n    return [{conversion} for v in meta.config.values()]\n"
    assert bool(_found(git_repo, tmp_path, HEAD + body)) is parses
    assert bool(parsed) is parses
