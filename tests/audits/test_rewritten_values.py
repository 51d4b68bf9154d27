"""A value upstream now rewrites into another before storing it (drift/rewritten_values.py).

vLLM #30463 deprecated ``--convert reward``: ``ModelConfig._get_convert_type`` gained ``if convert == "reward":
return "embed"``, and ``__post_init__`` stores its answer as ``self.convert_type``.  A fork's test of
``convert_type`` for ``"reward"`` never holds again: an error.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift import rewritten_values
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way

PACKAGES = {"pkg/__init__.py": ""}
CONFIG = "pkg/config.py"
USE = "pkg/aeon_use.py"
BASE = (
    "class Config:\n"
    "    def __init__(self, convert: str, arch: str) -> None:\n"
    "        self.convert_type = self._get_convert_type(arch, convert)\n"
    "        self.kind = convert\n\n"
    "    def _get_convert_type(self, arch: str, convert: str) -> str:\n"
    '        if convert != "auto":\n'
    "            return convert\n"
    '        return "embed" if arch.endswith("Model") else "none"\n'
)
THEIRS = BASE.replace(
    '        if convert != "auto":\n',
    '        if convert in ("reward", "score"):\n            return "embed"\n\n        if convert != "auto":\n',
)
HEAD = "from pkg.config import Config\n\n\n"
EQ = HEAD + 'def mine(config: Config) -> bool:\n    return config.convert_type == "reward"\n'
NE_FLIPPED = HEAD + 'def mine(config: Config) -> bool:\n    return "score" != config.convert_type\n'
NOT_IN = HEAD + 'def mine(config: Config) -> bool:\n    return config.convert_type not in ("reward", "classify")\n'
SUBCLASS = (
    HEAD + "class MyConfig(Config):\n    def scores(self) -> bool:\n"
    '        if self.convert_type == "score":\n            return True\n        return False\n'
)
# twins: the new value, a display holding both, a field not stored from the method, the fork's own class, untyped
NEW = HEAD + 'def mine(config: Config) -> bool:\n    return config.convert_type == "embed"\n'
BOTH = HEAD + 'def mine(config: Config) -> bool:\n    return config.convert_type in ("reward", "embed")\n'
OTHER_FIELD = HEAD + 'def mine(config: Config) -> bool:\n    return config.kind == "reward"\n'
OWN = 'class Config:\n    convert_type = "reward"\n\n\ndef mine(config: Config) -> bool:\n    return config.convert_type == "reward"\n'
UNTYPED = 'def mine(config) -> bool:\n    return config.convert_type == "reward"\n'
# revDF (benchmarks/review98_twins.py): a fork subclass whose override of the method still answers the old value
KEPT = (
    HEAD + "class MyConfig(Config):\n"
    "    def _get_convert_type(self, arch: str, convert: str) -> str:\n"
    '        if convert == "reward":\n            return "reward"\n'
    "        return super()._get_convert_type(arch, convert)\n\n"
    '    def scores(self) -> bool:\n        return self.convert_type == "reward"\n'
)
# ... an override that only hands on still lets upstream's rewrite through: an error
HANDED_ON = KEPT.replace('        if convert == "reward":\n            return "reward"\n', "")
DECLARED = (
    HEAD + 'class MyConfig(Config):\n    convert_type = "reward"\n\n'
    '    def scores(self) -> bool:\n        return self.convert_type == "reward"\n'
)


def _run(git_repo: GitRepo, tmp_path: Path, fork: str, base: str = BASE) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {CONFIG: base, **PACKAGES}, {USE: fork}, {CONFIG: THEIRS})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


def _run_among_errors(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    """``_run``'s findings for ``fork``, from one merge and one audit of every row of ``_ERROR_FORKS`` side by side
    (``trees.row_side_by_side``; 7 merges and audits became one per process, suitespeed14): each of those rows puts
    one function beside the same base and upstream, none importing another's.  The rows that define a fork subclass
    (``SUBCLASS``, ``HANDED_ON``: both a ``MyConfig``) keep a merge each."""
    base = {CONFIG: BASE, **PACKAGES}
    _, got = row_side_by_side(git_repo, tmp_path, base, _ERROR_FORKS, fork, {CONFIG: THEIRS}, SYMBOL_DRIFT, "pkg")
    return [(USE, f.line, f.severity.value) for f in got]


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (EQ, "=="),
        (NE_FLIPPED, "!="),
        (NOT_IN, "not in"),
        (SUBCLASS, "if self.convert_type"),
        (HANDED_ON, "return self.convert_type"),
    ],
    ids=["equal", "not-equal-flipped", "not-in", "a-subclass-self", "an-override-handing-on"],
)
def test_a_comparison_with_a_value_upstream_now_rewrites_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    run = _run_among_errors if fork in _ERROR_FORKS else _run
    assert run(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [NEW, BOTH, OTHER_FIELD, OWN, UNTYPED, DECLARED, KEPT],
    ids=[
        "the-new-value",
        "both-values",
        "another-field",
        "the-fork-own-class",
        "untyped",
        "a-subclass-declares-it",
        "a-subclass-override-keeps-it",
    ],
)
def test_comparisons_the_rewrite_does_not_reach_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _run(git_repo, tmp_path, fork) == []


def test_a_rewrite_the_base_already_made_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    already = BASE.replace(
        '        if convert != "auto":\n',
        '        if convert == "reward":\n            return "embed"\n        if convert != "auto":\n',
    )
    assert _run(git_repo, tmp_path, EQ, already) == []


def test_a_rewrite_under_another_condition_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """``if legacy: if convert == "reward": return "embed"``: the field still holds "reward" where it does not."""
    nested = BASE.replace(
        '        if convert != "auto":\n',
        '        if arch.startswith("Legacy"):\n            if convert == "reward":\n                return "embed"\n'
        '        if convert != "auto":\n',
    )
    sides = three_way(git_repo, {CONFIG: BASE, **PACKAGES}, {USE: EQ}, {CONFIG: nested})
    assert found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) == []


@pytest.mark.parametrize(
    "before",
    [
        '        if arch.startswith("Legacy"):\n            return convert\n',
        '        if arch.startswith("Legacy"):\n            pass\n        elif convert != "auto":\n            return convert\n',
    ],
    ids=["an-earlier-if", "an-earlier-elif"],
)
def test_a_rewrite_after_an_earlier_pass_through_stays_quiet(git_repo: GitRepo, tmp_path: Path, before: str) -> None:
    """readE: ``if legacy: return convert`` ahead of ``if convert == "reward": return "embed"`` hands "reward" back
    as it is where it holds: the field still holds "reward" there, so the fork's comparison is not constant."""
    passed = BASE.replace(
        '        if convert != "auto":\n',
        f'{before}        if convert == "reward":\n            return "embed"\n        if convert != "auto":\n',
    )
    sides = three_way(git_repo, {CONFIG: BASE, **PACKAGES}, {USE: EQ}, {CONFIG: passed})
    assert found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) == []


# mend70: a ``match`` on the field, and a walrus binding of it, read as a comparison is
MATCHED = (
    HEAD + "def mine(config: Config) -> str:\n"
    "    match config.convert_type:\n"
    '        case "reward":\n            return "r"\n'
    '        case _:\n            return "o"\n'
)
MATCHED_OR = MATCHED.replace('case "reward":', 'case "score" | "classify":')
WALRUS = (
    HEAD + 'def mine(config: Config) -> bool:\n    return (kind := config.convert_type) == "reward" and bool(kind)\n'
)
WALRUS_LATER = (
    HEAD + "def mine(config: Config) -> bool:\n"
    "    if (kind := config.convert_type) is not None:\n"
    '        return kind == "reward"\n'
    "    return False\n"
)
# the error rows that put one function (no class) beside the base: one merge and audit for them all
_ERROR_FORKS = [EQ, NE_FLIPPED, NOT_IN, MATCHED, MATCHED_OR, WALRUS, WALRUS_LATER]
# twins: a match also naming the new value, a walrus name rebound, a match on an untyped receiver
MATCHED_BOTH = MATCHED.replace('case "reward":', 'case "reward" | "embed":')
WALRUS_REBOUND = WALRUS_LATER.replace(
    '        return kind == "reward"\n', '        kind = "reward"\n        return kind == "reward"\n'
)
MATCHED_UNTYPED = MATCHED.replace("config: Config", "config")
MATCHED_NEW_CASE = MATCHED.replace(
    "        case _:\n", '        case "embed":\n            return "e"\n        case _:\n'
)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (MATCHED, 'case "reward"'),
        (MATCHED_OR, 'case "score"'),
        (WALRUS, "kind :="),
        (WALRUS_LATER, 'kind == "reward"'),
    ],
    ids=["match-case", "match-or-case", "walrus-compared", "walrus-name-compared"],
)
def test_a_match_or_walrus_read_of_a_rewritten_value_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _run_among_errors(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [MATCHED_BOTH, MATCHED_NEW_CASE, WALRUS_REBOUND, MATCHED_UNTYPED],
    ids=["match-both", "match-a-case-for-the-new-value", "walrus-rebound", "match-untyped"],
)
def test_match_and_walrus_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _run(git_repo, tmp_path, fork) == []


class _CountingAst:
    """``ast`` as rewritten_values sees it, counting its walks of the fork's ``mine``."""

    def __init__(self) -> None:
        self.walks = 0

    def __getattr__(self, name: str) -> object:
        return getattr(ast, name)

    def walk(self, node: ast.AST) -> Iterator[ast.AST]:
        self.walks += isinstance(node, ast.FunctionDef) and node.name == "mine"
        return ast.walk(node)


def test_a_scope_is_walked_once_for_all_its_tested_names(
    git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """perf35: each tested name walked its function twice (``_field_read``: quadratic in a long function's
    comparisons); one walk a scope now, the same errors."""
    tests = "".join(f'        n += kind == "reward" or kind == "s{i}"\n' for i in range(4))
    fork = WALRUS_LATER.replace('        return kind == "reward"\n', f"        n = 0\n{tests}        return n > 0\n")
    counting = _CountingAst()
    monkeypatch.setattr(rewritten_values, "ast", counting)
    got = _run(git_repo, tmp_path, fork)
    assert got == [(USE, line_of(fork, 'n += kind == "reward"') + i, "error") for i in range(4)]
    assert counting.walks == 1
