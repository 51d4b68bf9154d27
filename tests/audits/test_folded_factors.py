"""A factor upstream now folds into a field of its class, multiplied in again by a fork line: counted twice.

#24899 (922979bfcc) made ``ParallelConfig.__post_init__`` multiply ``data_parallel_size`` into ``world_size``
under the external launcher; a fork's ``pc.world_size * pc.data_parallel_size`` for the same launcher merges
cleanly and counts the data-parallel ranks twice (blind_replay_cfgparts).  Errors: the product under the fold's
own test, an unconditional fold (``self.a = self.a * self.b``) read in a chain of three factors or off a
subclass's ``self``; a warning: a conditional fold and a product under no such test.  Quiet: a quotient, a
product of fields the fold leaves alone, a fold the base already had, an untyped receiver, the fork's own
class of the upstream class's name, a product of two receivers' fields.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import OFFSET_TWICE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

CONFIG = "vllm/config/parallel.py"
BASE = """from dataclasses import dataclass, field


@dataclass
class ParCfg:
    tp: int = 1
    pp: int = 1
    dp: int = 1
    nodes: int = 1
    backend: str = "mp"
    world: int = field(init=False)
    ranks: int = field(init=False)

    def __post_init__(self) -> None:
        self.world = self.tp * self.pp
        self.ranks = self.tp
"""
AFTER = BASE.replace(
    "        self.ranks = self.tp\n",
    '        self.ranks = self.tp\n        if self.backend == "external_launcher":\n            self.world *= self.dp\n'
    "        self.ranks = self.ranks * self.nodes\n",
)
FORK = "vllm/aeon/world.py"
HEAD = "from vllm.config.parallel import ParCfg\n\n\n"


def rows(repo: GitRepo, config: Path, fork: str, base: str = BASE) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {CONFIG: base}, {FORK: fork}, [("[DP] torchrun with DP (#24899)", {CONFIG: AFTER})])
    return [(line, sev) for path, line, sev, msg in s.rule_rows(repo, config, sides, OFFSET_TWICE) if path == FORK]


FOLDED = [
    (
        HEAD + "def world(pc: ParCfg) -> int:\n"
        '    if pc.backend == "external_launcher":\n        return pc.world * pc.dp\n    return pc.world\n',
        "return pc.world * pc.dp",
        "error",
    ),
    (
        HEAD + "def ranks(cfg: ParCfg, experts: int) -> int:\n    return experts * cfg.nodes * cfg.ranks\n",
        "return experts",
        "error",
    ),
    (
        HEAD + "class AeonCfg(ParCfg):\n    def total(self) -> int:\n        return self.ranks * self.nodes\n",
        "return self.ranks",
        "error",
    ),
    (HEAD + "def world(pc: ParCfg) -> int:\n    return pc.world * pc.dp\n", "return pc.world", "warning"),
    (
        HEAD + "def world(pc: ParCfg) -> int:\n"
        '    if pc.backend == "external_launcher":\n        if pc.world == 8:\n'
        "            return pc.world * pc.dp\n    return pc.world\n",
        "return pc.world * pc.dp",
        "error",
    ),
]


@pytest.mark.parametrize(
    ("fork", "needle", "severity"),
    FOLDED,
    ids=[
        "under the fold's test",
        "an unconditional fold in a chain",
        "a subclass's self",
        "under no test",
        "under a test of the field against a constant",
    ],
)
def test_a_product_of_a_folded_factor_is_reported(
    git_repo: GitRepo, no_rules: Path, fork: str, needle: str, severity: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed12)
    bodies = [text for text, _, _ in FOLDED]
    upstream: list[tuple[str, dict[str, str | None]]] = [("[DP] torchrun with DP (#24899)", {CONFIG: AFTER})]
    _, found = s.audited_row(git_repo, no_rules, {CONFIG: BASE}, bodies, fork, upstream, OFFSET_TWICE, "vllm/aeon")
    assert [(f.line, f.severity.value) for f in found] == [(line_of(fork, needle), severity)]


@pytest.mark.parametrize(
    ("fork", "base"),
    [
        (HEAD + "def per_rank(pc: ParCfg) -> int:\n    return pc.world // pc.dp\n", BASE),
        (HEAD + "def model(pc: ParCfg) -> int:\n    return pc.tp * pc.pp\n", BASE),
        (HEAD + "def world(pc: ParCfg) -> int:\n    return pc.world * pc.dp\n", AFTER),
        ("def world(pc) -> int:\n    return pc.world * pc.dp\n", BASE),
        (
            "class ParCfg:\n    world = 1\n    dp = 2\n\n\ndef world(pc: ParCfg) -> int:\n    return pc.world * pc.dp\n",
            BASE,
        ),
        (HEAD + "def world(pc: ParCfg, other: ParCfg) -> int:\n    return pc.world * other.dp\n", BASE),
        # review85: the fork stores the field itself, or tests that the factor is not in it yet
        (
            HEAD + "def world(pc: ParCfg) -> int:\n"
            '    if pc.backend == "external_launcher":\n        pc.world = pc.tp * pc.pp\n'
            "        return pc.world * pc.dp\n    return pc.world\n",
            BASE,
        ),
        (
            HEAD + "def world(pc: ParCfg) -> int:\n"
            '    if pc.backend == "external_launcher":\n        if pc.world == pc.tp * pc.pp:\n'
            "            return pc.world * pc.dp\n    return pc.world\n",
            BASE,
        ),
        (
            HEAD + "def world(pc: ParCfg) -> int:\n"
            '    if pc.backend == "external_launcher":\n        if pc.world != pc.tp * pc.pp:\n'
            "            return pc.world\n        return pc.world * pc.dp\n    return pc.world\n",
            BASE,
        ),
    ],
    ids=[
        "a quotient",
        "other fields",
        "a fold the base had",
        "untyped",
        "the fork's own class",
        "two receivers",
        "the field stored by the fork",
        "tested equal to its unfolded product",
        "past a != test that exits",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str, base: str) -> None:
    assert rows(git_repo, no_rules, fork, base) == []


def _folded_under(header: str, indent: str = "            ") -> str:
    """AFTER with the launcher's fold written under another shape of condition than an ``if``."""
    return BASE.replace(
        "        self.ranks = self.tp\n", f"        self.ranks = self.tp\n{header}{indent}self.world *= self.dp\n"
    )


@pytest.mark.parametrize(
    "after",
    [
        _folded_under('        match self.backend:\n            case "external_launcher":\n', "                "),
        _folded_under("        try:\n            self.ranks = int(self.ranks)\n        except TypeError:\n"),
        _folded_under("        for _ in range(self.nodes):\n"),
        _folded_under('        if self.backend != "external_launcher":\n            return\n', "        "),
    ],
    ids=["a match case", "an except", "a loop", "past an if that returns"],
)
def test_a_fold_under_another_condition_warns(git_repo: GitRepo, no_rules: Path, after: str) -> None:
    """mend62: a fold under a ``case``, an ``except``, a loop or past an ``if ...: return`` is conditional too --
    the fork's product under no test may run on the other path: a warning, never an error."""
    fork = HEAD + "def world(pc: ParCfg) -> int:\n    return pc.world * pc.dp\n"
    sides = s.merge_case(git_repo, {CONFIG: BASE}, {FORK: fork}, [("[DP] torchrun with DP (#24899)", {CONFIG: after})])
    found = [(line, sev) for path, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, OFFSET_TWICE) if path == FORK]
    assert found == [(line_of(fork, "return pc.world"), "warning")]


# the unconditional fold wrapped over three lines of one statement
WRAPPED = BASE.replace(
    "        self.ranks = self.tp\n",
    "        self.ranks = self.tp\n        self.ranks = (\n            self.ranks\n            * self.nodes\n        )\n",
)
WRAPPED_PRODUCT = HEAD + "def ranks(pc: ParCfg) -> int:\n    return (\n        pc.ranks\n        * pc.nodes\n    )\n"
ONE_LINE_PRODUCT = HEAD + "def ranks(pc: ParCfg) -> int:\n    return pc.ranks * pc.nodes\n"


@pytest.mark.parametrize(
    ("upstream", "fork"),
    [(WRAPPED, ONE_LINE_PRODUCT), (WRAPPED, WRAPPED_PRODUCT), (AFTER, WRAPPED_PRODUCT)],
    ids=["a wrapped fold", "both wrapped", "a wrapped product"],
)
def test_a_fold_or_product_wrapped_over_lines_of_one_statement(
    git_repo: GitRepo, no_rules: Path, upstream: str, fork: str
) -> None:
    """mend67: the gates read one added line at a time, and a fold (or the fork's product) wrapped over two lines
    named its fields on neither alone."""
    sides = s.merge_case(
        git_repo, {CONFIG: BASE}, {FORK: fork}, [("[DP] torchrun with DP (#24899)", {CONFIG: upstream})]
    )
    found = [(ln, sev) for path, ln, sev, _ in s.rule_rows(git_repo, no_rules, sides, OFFSET_TWICE) if path == FORK]
    assert found == [(line_of(fork, "pc.ranks"), "error")]  # the product's own first line
