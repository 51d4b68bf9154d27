"""A flag a method upstream tested to return early, which the fork sets to skip it, no longer tested there.

#32189 (d2389c1262) dropped ``if getattr(layer, "_already_called_...", False): return`` from
``Fp8LinearMethod.process_weights_after_loading`` (the new online subclass keeps it): a fork that sets the flag to
skip the pass merges cleanly and the pass runs anyway.  Twins: a flag the method still tests, a store in a
function naming only a class that still tests it, another attribute; a function naming no class warns.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.source import parse_python
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

QUANT = "pkg/quant/fp8.py"
GUARD = '        if getattr(layer, "_done", False):\n            return\n'
BASE = (
    "class LinearMethod:\n    def process_weights(self, layer):\n" + GUARD + "        layer.weight = layer.weight.t()\n"
    "\n\nclass MoeMethod:\n    def process_weights(self, layer):\n" + GUARD + "        layer.w13 = layer.w13.t()\n"
)
AFTER = BASE.replace(
    "class LinearMethod:\n    def process_weights(self, layer):\n" + GUARD,
    "class LinearMethod:\n    def process_weights(self, layer):\n",
    1,
)
FORK = "pkg/aeon/loader.py"


def rows(repo: GitRepo, config: Path, fork: str, after: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {QUANT: BASE}, {FORK: fork}, [("fp8 online quant: split out the online method (#32189)", {QUANT: after})]
    )
    return [(line, sev) for path, line, sev, msg in s.rule_rows(repo, config, sides, SYMBOL_DRIFT) if path == FORK]


@pytest.mark.parametrize(
    "fork",
    [
        "from pkg.quant.fp8 import LinearMethod\n\n\ndef preload(layer, method: LinearMethod) -> None:\n"
        "    layer._done = True\n",
        "import pkg.quant.fp8 as q\n\n\ndef preload(layer, method) -> None:\n"
        "    if isinstance(method, q.LinearMethod):\n        setattr(layer, '_done', True)\n",
        "from pkg.quant.fp8 import LinearMethod\n\n\ndef build(layer):\n    method = LinearMethod()\n"
        "    layer._done = True\n    return method\n",
    ],
    ids=["an annotated parameter", "setattr under isinstance via an alias", "a build"],
)
def test_a_store_beside_the_class_is_an_error(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    line = next(i for i, text in enumerate(fork.splitlines(), 1) if "_done" in text)
    assert rows(git_repo, no_rules, fork) == [(line, "error")]


def test_a_store_naming_no_class_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "def preload(layer) -> None:\n    layer._done = True\n"
    assert rows(git_repo, no_rules, fork) == [(2, "warning")]


@pytest.mark.parametrize(
    ("fork", "after"),
    [
        # the method still tests it
        (
            "from pkg.quant.fp8 import LinearMethod\n\n\ndef preload(layer, method: LinearMethod) -> None:\n"
            "    layer._done = True\n",
            BASE + "\nX = 1\n",
        ),
        # a function naming only a class that still tests it
        (
            "from pkg.quant.fp8 import MoeMethod\n\n\ndef preload(layer, method: MoeMethod) -> None:\n"
            "    layer._done = True\n",
            AFTER,
        ),
        # another attribute
        (
            "from pkg.quant.fp8 import LinearMethod\n\n\ndef preload(layer, method: LinearMethod) -> None:\n"
            "    layer._aeon_done = True\n",
            AFTER,
        ),
        # the fork's own namesake class
        (
            "class LinearMethod:\n    pass\n\n\ndef preload(layer, method: LinearMethod) -> None:\n"
            "    layer._other = True\n",
            AFTER,
        ),
    ],
    ids=["still tested", "a keeper class", "another attribute", "own class, another flag"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str, after: str) -> None:
    assert rows(git_repo, no_rules, fork, after) == []


@pytest.mark.parametrize(
    "fork",
    [
        # the flag cleared: the pass is asked for, and runs (review100's r100ol13)
        "from pkg.quant.fp8 import LinearMethod\n\n\ndef reload(layer, method: LinearMethod) -> None:\n"
        "    layer._done = False\n    method.process_weights(layer)\n",
        "from pkg.quant.fp8 import LinearMethod\n\n\ndef reload(layer, method: LinearMethod) -> None:\n"
        "    setattr(layer, '_done', None)\n",
    ],
    ids=["False", "setattr None"],
)
def test_a_cleared_flag_is_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert rows(git_repo, no_rules, fork) == []


def test_a_store_naming_a_keeper_too_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # set only for the class that still tests it (review100's r100ol14)
    fork = (
        "from pkg.quant.fp8 import LinearMethod, MoeMethod\n\n\ndef preload(layer, method: LinearMethod) -> None:\n"
        "    if isinstance(method, MoeMethod):\n        layer._done = True\n"
    )
    assert rows(git_repo, no_rules, fork) == [(6, "warning")]


SPLIT = BASE.replace('"_done"', '"_do" "ne"')  # the flag's value no text holds


@pytest.mark.parametrize(
    ("fork", "base", "parses"),
    [
        ("def preload(layer) -> None:\n    layer._loaded = True\n", BASE, False),
        ("def preload(layer) -> None:\n    layer._done = True\n", BASE, True),
        ("def preload(layer) -> None:\n    layer._done = True\n", SPLIT, True),
    ],
    ids=["holds no flag", "holds the flag", "holds a flag spelt in two literals"],
)
def test_no_fork_line_holding_a_flag_parses_nothing(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch, fork: str, base: str, parses: bool
) -> None:
    """perf32's gate: upstream's texts are parsed both only when a fork line holds a flag a method opened with at
    the base (read off the base's tree: a text gate misses a flag spelt in two literals)."""
    from aeon_release.domain.audits.drift import sides, skip_flags

    parsed: list[str] = []

    def recording(*args: object) -> Iterator[tuple[str, object, object]]:
        for path, old, new in sides.parsed_versions(*args):  # type: ignore[arg-type]
            parsed.append(path)
            yield path, old, new

    monkeypatch.setattr(skip_flags, "parsed_versions", recording)
    guard = GUARD if base is BASE else GUARD.replace('"_done"', '"_do" "ne"')
    opening = "class LinearMethod:\n    def process_weights(self, layer):\n"
    after = base.replace(opening + guard, opening, 1)
    case = s.merge_case(
        git_repo, {QUANT: base}, {FORK: fork}, [("split out the online method (#32189)", {QUANT: after})]
    )
    found = [
        (line, sev) for path, line, sev, msg in s.rule_rows(git_repo, no_rules, case, SYMBOL_DRIFT) if path == FORK
    ]
    assert found == ([(2, "warning")] if parses else [])
    assert bool(parsed) is parses


NO_FLAG = "def preload(layer) -> None:\n    layer._loaded = True\n"


@pytest.mark.parametrize(
    ("guard", "parses"),
    [
        ('"_done", False', False),
        ("name, False", False),  # a bare name handed: no flag to spell
        ('"_do" "ne", False', True),  # a concatenation: no text holds the value
        ('"_d\\x6fne", False', True),  # an escape
        ('"_done"  # the flag\n            , False', True),  # a comment between its tokens
    ],
    ids=["plain", "a-name", "concatenated", "escaped", "commented"],
)
def test_no_fork_line_holding_a_plain_flag_parses_no_base(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch, guard: str, parses: bool
) -> None:
    """perf35's text gate: the base's texts are parsed only when a getattr call in them may name a flag its text
    does not spell plainly, or a fork line holds one it does (``name``'s call names none)."""
    from aeon_release.domain.audits.drift import skip_flags

    parsed: list[str] = []

    def recording(text: str, path: str) -> object:
        parsed.append(path)
        return parse_python(text, path)

    monkeypatch.setattr(skip_flags, "parse_python", recording)
    base = BASE.replace('"_done", False', guard)
    case = s.merge_case(git_repo, {QUANT: base}, {FORK: NO_FLAG}, [("split it (#32189)", {QUANT: AFTER})])
    assert [row for row in s.rule_rows(git_repo, no_rules, case, SYMBOL_DRIFT) if row[0] == FORK] == []
    assert bool(parsed) is parses
