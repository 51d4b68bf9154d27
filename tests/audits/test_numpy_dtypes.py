"""Dtype drift on numpy arrays: upstream said a dtype where numpy's default had answered; a fork line tests the old one.

#42692 (0fe7550254) made the drafter's ``self.token_arange_np = np.arange(self.max_num_tokens)`` (numpy's
int64) ``np.arange(self.max_num_tokens, dtype=np.int32)``: a fork subclass's ``self.token_arange_np.dtype ==
np.int64`` never holds again, and ``self.token_arange_np[:n].view(np.int64)`` pairs two int32 values into one
(blind_replay_eagle2).  Errors: a comparison with the old dtype (through a slice too), a view as it.  Quiet: an
explicit ``astype``, a test naming both, a torch dtype (never a numpy array's), a holder whose dtype upstream
kept, an ``arange`` of a float literal (no integer default to drift from), a test against the old dtype whose
branch for any other casts to it (review120; a branch raising or casting to a third dtype stays an error).
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.drift.dtypes import RULE
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

PROPOSER = "pkg/spec/proposer.py"
BASE = """import numpy as np


class Proposer:
    def __init__(self, n: int) -> None:
        self.token_arange_np = np.arange(n)
        self.scales_np = np.zeros(n)
        self.steps_np = np.arange(0.0, 1.0, 0.25)
        self.ids_np = np.arange(n, dtype=np.int32)
"""
AFTER = (
    BASE.replace("np.arange(n)\n", "np.arange(n, dtype=np.int32)\n")
    .replace("np.zeros(n)", "np.zeros(n, np.float32)")
    .replace("np.arange(0.0, 1.0, 0.25)", "np.arange(0.0, 1.0, 0.25, dtype=np.float32)")
)
HEAD = "import numpy as np\nimport torch\n\nfrom pkg.spec.proposer import Proposer\n\n\n"
SUBJECT = "[Bugfix] DFlash FP8 KV-Cache (#42692)"

FOUND = {
    "self_test": (
        HEAD
        + "class A(Proposer):\n    def fast(self) -> bool:\n        return self.token_arange_np.dtype == np.int64\n",
        "return self.token_arange_np.dtype == np.int64",
    ),
    "sliced_test": (
        HEAD + "def fast(p: Proposer, n: int) -> bool:\n    return p.token_arange_np[:n].dtype != numpy_int64()\n\n\n"
        "def slow(p: Proposer, n: int) -> bool:\n    return p.token_arange_np[:n].dtype is np.int64\n",
        "return p.token_arange_np[:n].dtype is np.int64",
    ),
    "view": (
        HEAD
        + "class B(Proposer):\n    def rows(self, n: int):\n        return self.token_arange_np[:n].view(np.int64)\n",
        "return self.token_arange_np[:n].view(np.int64)",
    ),
    "raised": (
        HEAD + "def rows(p: Proposer, n: int):\n    if p.token_arange_np.dtype != np.int64:\n"
        "        raise TypeError('int64 rows only')\n    return p.token_arange_np[:n]\n",
        "if p.token_arange_np.dtype != np.int64:",
    ),
    "third_cast": (
        HEAD + "def rows(p: Proposer, n: int):\n    rows = p.token_arange_np[:n]\n"
        "    if p.token_arange_np.dtype != np.int64:\n        rows = rows.astype(np.float64)\n    return rows\n",
        "if p.token_arange_np.dtype != np.int64:",
    ),
    "zeros_default": (
        HEAD + "def wide(p: Proposer) -> bool:\n    return p.scales_np.dtype in (np.float64,)\n",
        "return p.scales_np.dtype in (np.float64,)",
    ),
}
QUIET = {
    "astype": HEAD
    + "class C(Proposer):\n    def rows(self, n: int):\n        return self.token_arange_np[:n].astype(np.int64)\n",
    "both": HEAD + "def ok(p: Proposer) -> bool:\n    return p.token_arange_np.dtype in (np.int32, np.int64)\n",
    "torch": HEAD + "def ok(p: Proposer) -> bool:\n    return p.token_arange_np.dtype == torch.int64\n",
    "kept": HEAD + "def ok(p: Proposer) -> bool:\n    return p.ids_np.dtype == np.int32\n",
    "float_arange": HEAD + "def ok(p: Proposer) -> bool:\n    return p.steps_np.dtype == np.int64\n",
    "converted": HEAD + "def rows(p: Proposer, n: int):\n    rows = p.token_arange_np[:n]\n"
    "    if p.token_arange_np.dtype != np.int64:\n        rows = rows.astype(np.int64)\n    return rows\n",
    "converted_else": HEAD + "def rows(p: Proposer):\n"
    "    return p.token_arange_np if p.token_arange_np.dtype == np.int64 else p.token_arange_np.astype(np.int64)\n",
    "new_dtype": HEAD + "def ok(p: Proposer) -> bool:\n    return p.token_arange_np.dtype == np.int32\n",
}
FORKS = {f"pkg/aeon/{name}.py": text for name, (text, _) in FOUND.items()} | {
    f"pkg/aeon/{name}.py": text for name, text in QUIET.items()
}


def findings(repo: GitRepo) -> dict[str, list[Finding]]:
    return s.side_by_side(repo, {PROPOSER: BASE}, FORKS, [(SUBJECT, {PROPOSER: AFTER})], RULE)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_test_or_view_of_the_default_dtype_is_an_error(git_repo: GitRepo, name: str) -> None:
    text, line = FOUND[name]
    rows = [(f.line, f.severity.value) for f in findings(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(text, line), "error")]


def test_the_message_spells_numpy_dtypes(git_repo: GitRepo) -> None:
    (finding,) = findings(git_repo)["pkg/aeon/self_test.py"]
    assert "from np.int64 to np.int32" in finding.message and "#42692" in finding.message


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"pkg/aeon/{name}.py"] == []
