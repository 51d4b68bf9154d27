"""Ranked returns: upstream now adds (or drops) an axis on a tensor a function returns.

Shaped like #34219 (ae4e280602), which made ``fi_chunk_gated_delta_rule`` return ``output.unsqueeze(0),
final_state`` where it returned the kernel's pair as it came.  Killers: a caller that unsqueezes the output itself
(now 5-D), one reading ``shape[0]``/``size(1)``, the whole value of a one-value def read through a module
attribute, ``torch.unsqueeze``, a method named off its class, a squeeze upstream added.  Twins: the value passed on,
the trailing axis, a caller testing the rank, a def that unsqueezed at the base already, the other position,
the fork's own def of the name, a name bound twice.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.ranked_returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "pkg/kern.py"
BASE = """import torch


def chunk_rule(q, k, v):
    q, k = q.squeeze(0), k.squeeze(0)
    return fi_kernel(q=q, k=k, v=v)


def flat(x):
    out = x * 2
    return out


def kept(x):
    return x.unsqueeze(0), x


class Gate:
    def project(self, x):
        y = x + 1
        return y, None

    def pooled(self, x):
        return x
"""
AFTER = (
    BASE.replace("    return fi_kernel(q=q, k=k, v=v)",
                 "    output, state = fi_kernel(q=q, k=k, v=v)\n    return output.unsqueeze(0), state")
    .replace("    return out\n", "    return torch.unsqueeze(out, 0)\n")
    .replace("    return x.unsqueeze(0), x", "    return x.unsqueeze(0), x.unsqueeze(0)")
    .replace("        return y, None", "        return y[None], None")
    .replace("    def pooled(self, x):\n        return x", "    def pooled(self, x):\n        return x.squeeze(1)")
)  # fmt: skip
FORK = "pkg/aeon_kern.py"
HEAD = "# AEON: the Spark's prefill\nimport pkg.kern as kern\nfrom pkg.kern import Gate, chunk_rule, kept\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, body: str, new: str = AFTER, head: str = HEAD) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {LIB: BASE, "pkg/__init__.py": ""},
        {FORK: head + body},
        [("[Bugfix] Fix FI kernel output shape (#34219)", {LIB: new})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line - 5, f.severity.value) for f in report.findings if f.rule_id == RULE and f.path == FORK]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_a(q, k, v):\n    o, state = chunk_rule(q, k, v)\n    return o.unsqueeze(0), state\n",
        "def aeon_b(q, k, v) -> int:\n    o, _ = chunk_rule(q, k, v)\n    return o.shape[0]\n",
        "def aeon_c(q, k, v) -> int:\n    o = chunk_rule(q, k, v)[0]\n    return o.size(1)\n",
        "def aeon_d(x):\n    out = kern.flat(x)\n    return out.shape[0]\n",
        "def aeon_e(x):\n    y, _ = Gate.project(None, x)\n    return y[None]\n",
        "def aeon_f(x):\n    p = Gate.pooled(None, x)\n    return p.shape[1]\n",
    ],
    ids=["unsqueezed again", "shape[0]", "indexed call, size(1)", "module attribute", "class receiver", "squeeze"],
)
def test_a_read_of_the_axis_upstream_moved(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert run(git_repo, no_rules, body) == [(3, "error")]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_a(q, k, v):\n    o, state = chunk_rule(q, k, v)\n    return o, state\n",
        "def aeon_b(q, k, v) -> int:\n    o, _ = chunk_rule(q, k, v)\n    return o.shape[-1]\n",
        "def aeon_c(q, k, v):\n    o, state = chunk_rule(q, k, v)\n    return o if o.dim() == 4 else o.unsqueeze(0)\n",
        "def aeon_d(x) -> int:\n    a, _ = kept(x)\n    return a.shape[0]\n",
        "def aeon_e(q, k, v):\n    _, state = chunk_rule(q, k, v)\n    return state.shape[0]\n",
        "def aeon_f(q, k, v):\n    o, _ = chunk_rule(q, k, v)\n    o = o.float()\n    return o.shape[0]\n",
        "def aeon_g(x):\n    p = Gate.pooled(None, x)\n    return p.shape[0]\n",
    ],
    ids=["passed on", "trailing axis", "rank tested", "reshaped at the base", "other position", "bound twice",
         "axis before the drop"],
)  # fmt: skip
def test_reads_the_new_rank_leaves_alone_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert run(git_repo, no_rules, body) == []


def test_the_forks_own_def_of_the_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "def chunk_rule(q, k, v):\n    return q, k\n\n\n"
        "def aeon_a(q, k, v):\n    o, state = chunk_rule(q, k, v)\n    return o.unsqueeze(0), state\n"
    )
    assert run(git_repo, no_rules, body, head=HEAD.replace(", chunk_rule", "")) == []


def test_a_def_that_squeezes_the_returned_name_first_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    new = AFTER.replace(
        "    return output.unsqueeze(0), state", "    output = output.squeeze(0)\n    return output.unsqueeze(0), state"
    )
    body = "def aeon_a(q, k, v):\n    o, state = chunk_rule(q, k, v)\n    return o.unsqueeze(0), state\n"
    assert run(git_repo, no_rules, body, new) == []


# review134: a function comparing the added axis's size with 1 may be written for the new rank (or test one row at
# the old one): its reads of the value are a warning; a test of another axis, or against another number, is not that
@pytest.mark.parametrize(
    "body",
    [
        "def aeon_a(q, k, v) -> int:\n    o, _ = chunk_rule(q, k, v)\n    if o.shape[0] != 1:\n        raise ValueError\n    return o.shape[1]\n",
        "def aeon_b(q, k, v) -> int:\n    o, _ = chunk_rule(q, k, v)\n    assert o.size(0) == 1\n    return o.size(1)\n",
    ],
    ids=["shape[0] != 1", "size(0) == 1"],
)  # fmt: skip
def test_reads_beside_a_test_of_the_new_unit_axis_warn(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    rows = run(git_repo, no_rules, body)
    assert rows and {level for _, level in rows} == {"warning"}


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_a(q, k, v) -> int:\n    o, _ = chunk_rule(q, k, v)\n    if o.shape[1] != 1:\n        raise ValueError\n    return o.shape[1]\n",
        "def aeon_b(q, k, v) -> int:\n    o, _ = chunk_rule(q, k, v)\n    if o.shape[0] > 1:\n        raise ValueError\n    return o.shape[1]\n",
        "def aeon_c(q, k, v) -> int:\n    o, _ = chunk_rule(q, k, v)\n    if o.shape[0] == 2:\n        raise ValueError\n    return o.shape[1]\n",
    ],
    ids=["another axis against 1", "greater than 1", "against 2"],
)  # fmt: skip
def test_reads_beside_other_tests_stay_errors(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert run(git_repo, no_rules, body)[-1:] == [(5, "error")]
