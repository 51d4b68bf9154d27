"""A factory upstream now hands a new subclass out of, where a fork line tests the exact class.

#32189 (d2389c1262) split ``Fp8OnlineLinearMethod(Fp8LinearMethod)`` out and ``Fp8Config.get_quant_method``
builds it for an unserialized checkpoint: a fork's ``type(method) is Fp8LinearMethod`` is silently false, its
``ROUTES[type(method)]`` a KeyError.  Twins: ``isinstance``, a test naming the new subclass too, the new
subclass itself, a class upstream did not subclass, a subclass no factory hands out, an object of unknown
origin (a warning).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

QUANT = "pkg/quant/fp8.py"
BASE = """class LinearMethod:
    def __init__(self, config):
        self.config = config


class MoeMethod:
    def __init__(self, config):
        self.config = config


class Config:
    def __init__(self, serialized: bool = True) -> None:
        self.serialized = serialized

    def get_quant_method(self, layer, prefix):
        if layer is None:
            return MoeMethod(self)
        return LinearMethod(self)
"""
AFTER = BASE.replace(
    "        return LinearMethod(self)\n",
    "        if not self.serialized:\n            return OnlineLinearMethod(self)\n        return LinearMethod(self)\n",
) + ("\n\nclass OnlineLinearMethod(LinearMethod):\n    def load(self):\n        return None\n")
FORK = "pkg/aeon/route.py"
SUBJECT = "fp8 online quant: split out the online method (#32189)"
HEAD = "from pkg.quant.fp8 import Config, LinearMethod, MoeMethod\n\n\n"


UPSTREAM: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {QUANT: AFTER})]


def rows(repo: GitRepo, config: Path, fork: str, after: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {QUANT: BASE}, {FORK: fork}, [(SUBJECT, {QUANT: after})])
    return [(line, sev) for path, line, sev, msg in s.rule_rows(repo, config, sides, SYMBOL_DRIFT) if path == FORK]


# The rows below each put one fork module (functions and a table, no class) beside the same base and upstream, none
# importing another's: one merge and one audit of all their modules side by side answers each row (5 merges and
# audits became one per process; suitespeed14, through ``drift_shapes.audited_row``).
EXACT_TESTS = [
    HEAD + "def route(cfg: Config, layer) -> bool:\n    method = cfg.get_quant_method(layer, 'x')\n"
    "    return type(method) is LinearMethod\n",
    HEAD + "ROUTES = {LinearMethod: 'cutlass', MoeMethod: 'moe'}\n\n\ndef route(cfg: Config, layer) -> str:\n"
    "    return ROUTES[type(cfg.get_quant_method(layer, 'x'))]\n",
    HEAD + "def route(cfg: Config, layer) -> bool:\n    m = cfg.get_quant_method(layer, 'x')\n"
    "    return m.__class__ == LinearMethod\n",
    HEAD + "def route(cfg: Config, layer) -> bool:\n    m = cfg.get_quant_method(layer, 'x')\n"
    "    return type(m).__name__ == 'LinearMethod'\n",
    "import pkg.quant.fp8 as q\n\n\ndef route(cfg, layer) -> bool:\n"
    "    return type(cfg.get_quant_method(layer, 'x')) in (q.LinearMethod, q.MoeMethod)\n",
]


@pytest.mark.parametrize(
    "fork",
    EXACT_TESTS,
    ids=["type() is", "a table keyed by class", "__class__ ==", "__name__ == literal", "in a tuple via an alias"],
)
def test_an_exact_test_of_the_factorys_object_is_an_error(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    _, found = s.audited_row(git_repo, no_rules, {QUANT: BASE}, EXACT_TESTS, fork, UPSTREAM, SYMBOL_DRIFT, "pkg/aeon")
    assert [(f.line, f.severity.value) for f in found] == [(fork.count("\n"), "error")]


def test_an_object_of_unknown_origin_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HEAD + "def is_linear(method) -> bool:\n    return type(method) is LinearMethod\n"
    assert rows(git_repo, no_rules, fork) == [(fork.count("\n"), "warning")]


@pytest.mark.parametrize(
    ("fork", "after"),
    [
        # isinstance: the subclass passes
        (
            HEAD + "def route(cfg: Config, layer) -> bool:\n"
            "    return isinstance(cfg.get_quant_method(layer, 'x'), LinearMethod)\n",
            AFTER,
        ),
        # the test names the new subclass too
        (
            "from pkg.quant.fp8 import Config, LinearMethod, OnlineLinearMethod\n\n\n"
            "def route(cfg: Config, layer) -> bool:\n"
            "    return type(cfg.get_quant_method(layer, 'x')) in (LinearMethod, OnlineLinearMethod)\n",
            AFTER,
        ),
        # a table keyed by both
        (
            "from pkg.quant.fp8 import Config, LinearMethod, OnlineLinearMethod\n\n\n"
            "ROUTES = {LinearMethod: 'a', OnlineLinearMethod: 'b'}\n\n\n"
            "def route(cfg: Config, layer) -> str:\n    return ROUTES[type(cfg.get_quant_method(layer, 'x'))]\n",
            AFTER,
        ),
        # a class upstream did not subclass
        (
            HEAD + "def route(cfg: Config, layer) -> bool:\n"
            "    return type(cfg.get_quant_method(None, 'x')) is MoeMethod\n",
            AFTER,
        ),
        # a new subclass no function hands out where it handed out the base
        (
            HEAD + "def route(cfg: Config, layer) -> bool:\n"
            "    return type(cfg.get_quant_method(layer, 'x')) is LinearMethod\n",
            BASE + "\n\nclass OnlineLinearMethod(LinearMethod):\n    pass\n",
        ),
        # a namesake of the fork's own
        (
            "from pkg.quant.fp8 import Config\n\n\nclass LinearMethod:\n    pass\n\n\n"
            "def route(cfg: Config, layer) -> bool:\n"
            "    return type(cfg.get_quant_method(layer, 'x')) is LinearMethod\n",
            AFTER,
        ),
    ],
    ids=["isinstance", "names the subclass", "table of both", "another class", "no factory", "own namesake"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str, after: str) -> None:
    assert rows(git_repo, no_rules, fork, after) == []


@pytest.mark.parametrize(
    "fork",
    [
        # the fork's own config's factory of the name (review100's r100ol10)
        HEAD + "class AeonConfig:\n    def get_quant_method(self, layer, prefix):\n        return LinearMethod(self)\n"
        "\n\ndef route(cfg: AeonConfig, layer) -> bool:\n    method = cfg.get_quant_method(layer, 'x')\n"
        "    return type(method) is LinearMethod\n",
        # the local rebound to a direct build before the test (r100ol11)
        HEAD + "def route(cfg: Config, layer) -> bool:\n    method = cfg.get_quant_method(layer, 'x')\n"
        "    method = LinearMethod(cfg)\n    return type(method) is LinearMethod\n",
    ],
    ids=["own config's factory", "rebound local"],
)
def test_an_object_not_only_the_factorys_is_a_warning(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert rows(git_repo, no_rules, fork) == [(fork.count("\n"), "warning")]


@pytest.mark.parametrize(
    "fork",
    [
        # the new subclass handled first (review100's r100ol6)
        "from pkg.quant.fp8 import Config, LinearMethod, OnlineLinearMethod\n\n\n"
        "def route(cfg: Config, layer) -> str:\n    method = cfg.get_quant_method(layer, 'x')\n"
        "    if isinstance(method, OnlineLinearMethod):\n        return 'online'\n"
        "    return 'offline' if type(method) is LinearMethod else 'other'\n",
        # a table extended with the subclass under a version guard (r100ol7, r100om3)
        "import pkg.quant.fp8 as q\nfrom pkg.quant.fp8 import Config, LinearMethod\n\n\n"
        "ROUTES = {LinearMethod: 'a'}\nROUTES.update({getattr(q, 'OnlineLinearMethod', LinearMethod): 'a'})\n\n\n"
        "def route(cfg: Config, layer) -> str:\n    return ROUTES[type(cfg.get_quant_method(layer, 'x'))]\n",
        # a lookup a KeyError handler backs up (r100ol9)
        HEAD + "ROUTES = {LinearMethod: 'a'}\n\n\ndef route(cfg: Config, layer) -> str:\n"
        "    method = cfg.get_quant_method(layer, 'x')\n    try:\n        return ROUTES[type(method)]\n"
        "    except KeyError:\n        return 'a' if isinstance(method, LinearMethod) else 'b'\n",
        # a receiver built from literals (r100om4: the factory's choice for them is not read)
        HEAD + "def route(layer) -> bool:\n    cfg = Config(serialized=True)\n"
        "    return type(cfg.get_quant_method(layer, 'x')) is LinearMethod\n",
    ],
    ids=["subclass handled first", "table extended", "KeyError handled", "literal receiver"],
)
def test_review100_twins_are_no_error(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert all(sev != "error" for _, sev in rows(git_repo, no_rules, fork))


@pytest.mark.parametrize(
    ("fork", "parses"),
    [
        ("def route(m) -> bool:\n    return type(m) is dict\n", False),
        (
            HEAD
            + "def route(cfg: Config, layer) -> bool:\n    return type(cfg.get_quant_method(layer, 'x')) is LinearMethod\n",
            True,
        ),
    ],
    ids=["names no class of upstream's", "names the split's base"],
)
def test_no_fork_line_naming_an_upstream_class_parses_nothing(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch, fork: str, parses: bool
) -> None:
    """perf32's gate: upstream's texts are parsed only when a fork line holds a class name of one at the base."""
    from aeon_release.domain.audits.drift import exact_classes, sides

    parsed: list[str] = []

    def recording(*args: object) -> Iterator[tuple[str, object, object]]:
        for path, old, new in sides.parsed_versions(*args):  # type: ignore[arg-type]
            parsed.append(path)
            yield path, old, new

    monkeypatch.setattr(exact_classes, "parsed_versions", recording)
    assert bool(rows(git_repo, no_rules, fork)) is parses
    assert bool(parsed) is parses


@pytest.mark.parametrize(
    "fork",
    [
        # mend70: a receiver built from literals that pick the factory's new branch (``serialized=False``:
        # ``if not self.serialized: return OnlineLinearMethod(self)``) is the subclass for sure
        HEAD + "def route(layer) -> bool:\n    cfg = Config(serialized=False)\n"
        "    return type(cfg.get_quant_method(layer, 'x')) is LinearMethod\n",
        # mend70: the subclass named in another function of the file guards nothing here
        "from pkg.quant.fp8 import Config, LinearMethod, OnlineLinearMethod\n\n\n"
        "def is_online(method) -> bool:\n    return isinstance(method, OnlineLinearMethod)\n\n\n"
        "def route(cfg: Config, layer) -> bool:\n    method = cfg.get_quant_method(layer, 'x')\n"
        "    return type(method) is LinearMethod\n",
        # mend70: an import of the subclass alone guards no test
        "from pkg.quant.fp8 import Config, LinearMethod, OnlineLinearMethod\n\n\n"
        "def route(cfg: Config, layer) -> bool:\n    return type(cfg.get_quant_method(layer, 'x')) is LinearMethod\n",
    ],
    ids=["literal receiver picking the subclass", "subclass named in another function", "subclass imported only"],
)
def test_a_demotion_follows_the_test_it_guards(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert rows(git_repo, no_rules, fork) == [(fork.count("\n"), "error")]


@pytest.mark.parametrize(
    ("literal", "after"),
    [
        ("True", AFTER),
        # the flag not stored as the keyword passes it: what ``serialized=False`` makes of it is not read
        ("False", AFTER.replace("self.serialized = serialized\n", "self.serialized = serialized or FORCED\n")),
    ],
    ids=["literals picking the base", "a flag not stored from its keyword"],
)
def test_a_literal_receiver_not_known_to_pick_the_subclass_stays_a_warning(
    git_repo: GitRepo, no_rules: Path, literal: str, after: str
) -> None:
    fork = (
        HEAD + f"def route(layer) -> bool:\n    cfg = Config(serialized={literal})\n"
        "    return type(cfg.get_quant_method(layer, 'x')) is LinearMethod\n"
    )
    assert rows(git_repo, no_rules, fork, after) == [(fork.count("\n"), "warning")]
