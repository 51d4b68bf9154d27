"""Order drift: a carry's entry in an ordered (priority) list that upstream's new entry now precedes.

Shaped like real upstream vLLM changes: #41652 put ``Fp8MoeBackend.HUMMING`` into the FP8 MoE oracle's
``_get_priority_backends`` list, #37252 reordered the sparse MLA backends, and kernel classes enter
``_POSSIBLE_KERNELS`` lists that ``choose_*_kernel`` tries in turn.  A fork entry that sat lower in
the list merges cleanly under the new one, which is then chosen first wherever it applies.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import NEAR_MISS, ORDER_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ORACLE = "vllm/model_executor/layers/fused_moe/oracle/fp8.py"
KERNELS = "vllm/model_executor/kernels/linear/__init__.py"
SPACER = "".join(f"\n\ndef step{i}(x):\n    return x + {i}\n" for i in range(6))
ENUM = (
    "import enum\n\n\nclass Fp8MoeBackend(enum.Enum):\n"
    + "".join(f"    {n} = '{n}'\n" for n in ("CUTLASS", "DEEPGEMM", "TRITON", "MARLIN", "HUMMING", "BATCHED", "AEON"))
    + "\n"
)


def oracle(entries: list[str]) -> str:
    rows = "".join(f"        Fp8MoeBackend.{e},\n" for e in entries)
    return (
        ENUM
        + "\ndef _get_priority_backends(config):\n    _AVAILABLE_BACKENDS = [\n"
        + rows
        + "    ]\n    return _AVAILABLE_BACKENDS\n\n\n"
        + "def select_fp8_moe_backend(config, ok):\n"
        + "    for backend in _get_priority_backends(config):\n"
        + "        if ok(backend):\n            return backend\n    return None\n"
        + SPACER
    )


BASE = ["CUTLASS", "DEEPGEMM", "TRITON", "MARLIN", "BATCHED"]


def findings(git_repo: GitRepo, no_rules: Path, base: dict[str, str], fork: dict[str, str], upstream: dict[str, str]):
    sides = s.merge_case(git_repo, base, fork, [("Add Humming MoE backend (#41652)", upstream)])
    report = git_repo.audit(no_rules, merge=sides)
    return [
        (f.rule_id, f.path, f.line, f.severity.value, f.message)
        for f in report.findings
        if f.rule_id.startswith("merge/")
    ]


def line_of(git_repo: GitRepo, path: str, text: str) -> int:
    return next(i for i, line in enumerate((git_repo.path / path).read_text().splitlines(), 1) if text in line)


MOVED_BASE = ["CUTLASS", "DEEPGEMM", "TRITON", "MARLIN", "HUMMING", "BATCHED"]


@pytest.mark.parametrize(
    ("base", "upstream", "new"),
    [
        # a new entry above the carry's (#41652)
        (BASE, ["CUTLASS", "HUMMING", "DEEPGEMM", "TRITON", "MARLIN", "BATCHED"], "HUMMING"),
        # an entry moved from the bottom to above the carry's
        (MOVED_BASE, ["CUTLASS", "BATCHED", "DEEPGEMM", "TRITON", "MARLIN", "HUMMING"], "BATCHED"),
    ],
)
def test_a_carry_entry_now_behind_an_entry_upstream_put_ahead_of_it(
    git_repo: GitRepo, no_rules: Path, base: list[str], upstream: list[str], new: str
) -> None:
    fork = [*base[:3], "AEON", *base[3:]]
    got = findings(git_repo, no_rules, {ORACLE: oracle(base)}, {ORACLE: oracle(fork)}, {ORACLE: oracle(upstream)})
    [(rule, path, line, severity, message)] = got  # its near miss is this finding
    assert (rule, path, line, severity) == (
        ORDER_DRIFT,
        ORACLE,
        line_of(git_repo, ORACLE, "Fp8MoeBackend.AEON,"),
        "warning",
    )
    assert (
        f"the fork's entry Fp8MoeBackend.AEON (line {line}) of the ordered list in _get_priority_backends()" in message
    )
    assert f"after Fp8MoeBackend.{new} (line {line_of(git_repo, ORACLE, f'Fp8MoeBackend.{new},')})" in message
    assert "#41652" in message and "move the fork's entry above it" in message


def test_a_kernel_class_list_in_a_module_table(git_repo: GitRepo, no_rules: Path) -> None:
    def table(kernels: list[str]) -> str:
        rows = "".join(f"        {k},\n" for k in kernels)
        imports = "".join(
            f"class {k}:\n    pass\n\n\n"
            for k in ("Cutlass", "Triton", "Marlin", "Exllama", "Aeon", "Machete", "Conch")
        )
        return imports + "_POSSIBLE_KERNELS = {\n    'cuda': [\n" + rows + "    ],\n}\n" + SPACER

    base = ["Cutlass", "Triton", "Marlin", "Exllama", "Conch"]
    fork = ["Cutlass", "Triton", "Marlin", "Aeon", "Exllama", "Conch"]
    upstream = ["Machete", "Cutlass", "Triton", "Marlin", "Exllama", "Conch"]
    [(rule, _, line, _, message)] = findings(
        git_repo, no_rules, {KERNELS: table(base)}, {KERNELS: table(fork)}, {KERNELS: table(upstream)}
    )
    assert rule == ORDER_DRIFT and line == line_of(git_repo, KERNELS, "        Aeon,")
    assert "ordered list in _POSSIBLE_KERNELS now comes after Machete (line" in message


@pytest.mark.parametrize(
    ("fork", "upstream", "where"),
    [
        # near miss: the carry sits above upstream's new entry, which changes nothing it relied on
        (
            ["AEON", "CUTLASS", "DEEPGEMM", "TRITON", "MARLIN", "BATCHED"],
            ["CUTLASS", "DEEPGEMM", "TRITON", "HUMMING", "MARLIN", "BATCHED"],
            "return",
        ),
        # upstream's new entry lands below the carry's
        (
            ["CUTLASS", "AEON", "DEEPGEMM", "TRITON", "MARLIN", "BATCHED"],
            ["CUTLASS", "DEEPGEMM", "TRITON", "MARLIN", "HUMMING", "BATCHED"],
            "return",
        ),
        # a membership list: its order cannot matter
        (
            ["CUTLASS", "DEEPGEMM", "TRITON", "AEON", "MARLIN", "BATCHED"],
            ["CUTLASS", "HUMMING", "DEEPGEMM", "TRITON", "MARLIN", "BATCHED"],
            "in",
        ),
    ],
)
def test_an_order_the_carry_does_not_rely_on_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: list[str], upstream: list[str], where: str
) -> None:
    def text(entries: list[str]) -> str:
        made = oracle(entries)
        if where == "in":
            made = made.replace(
                "    return _AVAILABLE_BACKENDS\n", "    return config.backend in _AVAILABLE_BACKENDS\n"
            )
        return made

    got = findings(git_repo, no_rules, {ORACLE: text(BASE)}, {ORACLE: text(fork)}, {ORACLE: text(upstream)})
    assert [g for g in got if g[0] == ORDER_DRIFT] == []
    assert all(g[0] == NEAR_MISS for g in got)  # what is left is the plain near miss of two close hunks


# -- the same order as a chain of branches: ``select_*_backend`` functions return the first backend
# whose test holds (#43477 added an SM120 branch to the sparse MLA choice, #41652 a Humming one).
SELECT = "vllm/model_executor/layers/fused_moe/oracle/nvfp4.py"


def ladder(branches: list[tuple[str, str]], elif_chain: bool = False) -> str:
    body = ""
    for n, (test, backend) in enumerate(branches):
        keyword = "elif" if elif_chain and n else "if"
        body += f"    {keyword} {test}:\n        return Fp8MoeBackend.{backend}\n"
    return ENUM + "\ndef select_nvfp4_moe_backend(config):\n" + body + "    return Fp8MoeBackend.TRITON\n" + SPACER


LADDER = [("config.use_cutlass", "CUTLASS"), ("config.use_deepgemm", "DEEPGEMM"), ("config.use_marlin", "MARLIN")]
FORK_LADDER = [*LADDER[:2], ("config.aeon_kernel", "AEON"), LADDER[2]]
UPSTREAM_LADDER = [LADDER[0], ("config.sm120", "HUMMING"), *LADDER[1:]]


@pytest.mark.parametrize("elif_chain", [False, True])
def test_a_carry_branch_now_behind_a_branch_upstream_put_ahead_of_it(
    git_repo: GitRepo, no_rules: Path, elif_chain: bool
) -> None:
    base, fork, upstream = (ladder(b, elif_chain) for b in (LADDER, FORK_LADDER, UPSTREAM_LADDER))
    [(rule, path, line, severity, message)] = findings(
        git_repo, no_rules, {SELECT: base}, {SELECT: fork}, {SELECT: upstream}
    )
    assert (rule, path, severity) == (ORDER_DRIFT, SELECT, "warning")
    assert line == line_of(git_repo, SELECT, "config.aeon_kernel")
    assert "the fork's branch if config.aeon_kernel" in message and "select_nvfp4_moe_backend()" in message
    assert (
        f"after if config.sm120 (line {line_of(git_repo, SELECT, 'config.sm120')})" in message and "#41652" in message
    )


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # upstream's new branch below the carry's
        (
            FORK_LADDER,
            [*LADDER[:2], ("config.sm120", "HUMMING"), LADDER[2]][:2] + [LADDER[2], ("config.sm120", "HUMMING")],
        ),
        # tests that can never both hold: the same value compared with two members
        (
            [
                ("config.kind == 'a'", "CUTLASS"),
                ("config.kind == 'b'", "DEEPGEMM"),
                ("config.kind == 'aeon'", "AEON"),
                ("config.kind == 'c'", "MARLIN"),
            ],
            [
                ("config.kind == 'a'", "CUTLASS"),
                ("config.kind == 'new'", "HUMMING"),
                ("config.kind == 'b'", "DEEPGEMM"),
                ("config.kind == 'c'", "MARLIN"),
            ],
        ),
    ],
)
def test_a_branch_order_the_carry_does_not_rely_on_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: list[tuple[str, str]], upstream: list[tuple[str, str]]
) -> None:
    base = LADDER if "kind" not in fork[0][0] else [b for b in fork if "aeon" not in b[0]]
    got = findings(git_repo, no_rules, {SELECT: ladder(base)}, {SELECT: ladder(fork)}, {SELECT: ladder(upstream)})
    assert [g for g in got if g[0] == ORDER_DRIFT] == []


def test_a_new_guard_that_returns_nothing_is_no_branch(git_repo: GitRepo, no_rules: Path) -> None:
    guard = "    if config is None:\n        return None\n"
    upstream = ladder(LADDER).replace(
        "def select_nvfp4_moe_backend(config):\n", "def select_nvfp4_moe_backend(config):\n" + guard
    )
    got = findings(git_repo, no_rules, {SELECT: ladder(LADDER)}, {SELECT: ladder(FORK_LADDER)}, {SELECT: upstream})
    assert [g for g in got if g[0] == ORDER_DRIFT] == []
