"""A method of upstream's now hands a hook an argument its calls did not hand at the merge base (#28972's shape).

``RowParallelLinearWithLoRA.forward`` called ``self.apply(x)`` and added the bias itself; it now calls
``self.apply(x, bias)``.  A fork override ``apply(self, x)`` raises TypeError; one ``apply(self, x, bias=None)``
that never reads ``bias`` drops the bias silently.  Both errors on the override's def line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

BASE = "pkg/layers/rows.py"
BASE_TEXT = """class BaseLayer:
    def apply(self, x, bias=None):
        return x if bias is None else x + bias


class RowLayer(BaseLayer):
    bias = 1.0

    def forward(self, x):
        out = self.apply(x)
        return out + self.bias
"""
THEIRS = BASE_TEXT.replace(
    "        out = self.apply(x)\n        return out + self.bias\n",
    "        out = self.apply(x, self.bias)\n        return out\n",
)
FORK = "pkg/aeon/rows.py"
PACKAGES = {"pkg/__init__.py": "", "pkg/layers/__init__.py": "", "pkg/aeon/__init__.py": ""}
HEAD = "from pkg.layers.rows import RowLayer\n\n\nclass AeonRow(RowLayer):\n"


@pytest.mark.parametrize(
    ("body", "error"),
    [
        # the killers: no slot for the new argument (TypeError), two spellings
        ("    def apply(self, x):\n        return x * 2\n", True),
        ("    def apply(self, inputs, /):\n        return inputs * 2\n", True),
        # it takes the slot and never reads it: the bias is dropped
        ("    def apply(self, x, bias=None):\n        return x * 2\n", True),
        ("    def apply(self, x, b=None):\n        y = x * 2\n        return y\n", True),
        # twins: it applies the value, hands it on, takes *args, says "unused", or only raises
        ("    def apply(self, x, bias=None):\n        return super().apply(x * 2, bias)\n", False),
        ("    def apply(self, x, bias=None):\n        return x * 2 if bias is None else x * 2 + bias\n", False),
        ("    def apply(self, x, *args):\n        return super().apply(x, *args)\n", False),
        ("    def apply(self, x, _bias=None):\n        return x * 2\n", False),
        ("    def apply(self, x, bias=None):\n        raise NotImplementedError\n", False),
    ],
)
def test_an_override_the_new_argument_misses(git_repo: GitRepo, tmp_path: Path, body: str, error: bool) -> None:
    fork = HEAD + body
    sides = three_way(git_repo, {**PACKAGES, BASE: BASE_TEXT}, {FORK: fork}, {BASE: THEIRS})
    got = [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK]
    assert got == ([(FORK, line_of(fork, "def apply"), "error")] if error else [])


# the fork overrides the calling method too: upstream's new call never runs on the fork's class
OWN_FORWARD = (
    HEAD + "    def apply(self, x):\n        return x * 2\n\n    def forward(self, x):\n        return self.apply(x)\n"
)
# a sibling class's caller: the call runs on that class, never the fork's
SIBLING_TEXT = (
    BASE_TEXT + "\n\nclass ColumnLayer(BaseLayer):\n    def forward(self, x):\n        return self.apply(x)\n"
)
SIBLING_THEIRS = (
    THEIRS + "\n\nclass ColumnLayer(BaseLayer):\n    def forward(self, x):\n        return self.apply(x, 0.0)\n"
)


@pytest.mark.parametrize(
    ("fork", "base", "theirs"),
    [
        (OWN_FORWARD, BASE_TEXT, THEIRS),
        # the base's call already handed two arguments: the override was broken before the merge
        (
            HEAD + "    def apply(self, x):\n        return x\n",
            BASE_TEXT.replace("self.apply(x)", "self.apply(x, None)"),
            THEIRS,
        ),
    ],
)
def test_twins_the_new_call_never_reaches(git_repo: GitRepo, tmp_path: Path, fork: str, base: str, theirs: str) -> None:
    sides = three_way(git_repo, {**PACKAGES, BASE: base}, {FORK: fork}, {BASE: theirs})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK and f[2] == "error"] == []


def test_a_sibling_classs_new_call_is_not_the_forks(git_repo: GitRepo, tmp_path: Path) -> None:
    """``ColumnLayer.forward`` now hands a second argument; a fork class deriving from ``RowLayer`` with a
    one-argument ``apply`` never runs it."""
    fork = "from pkg.layers.rows import RowLayer\n\n\nclass AeonRow(RowLayer):\n    def apply(self, x):\n        return x\n"
    base = SIBLING_TEXT
    theirs = SIBLING_THEIRS.replace(
        "        out = self.apply(x, self.bias)\n        return out\n",
        "        out = self.apply(x)\n        return out + self.bias\n",
    )
    sides = three_way(git_repo, {**PACKAGES, BASE: base}, {FORK: fork}, {BASE: theirs})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK and f[2] == "error"] == []


# review118: #25631 threads a new parameter of the caller through to the hook (None: the model's defaults)
THREADED = BASE_TEXT.replace(
    "    def forward(self, x):\n        out = self.apply(x)\n",
    "    def forward(self, x, options=None):\n        out = self.apply(x, options)\n",
)
# #28972's own spelling: a local holding the value the caller applied itself at the merge base
LOCAL = THEIRS.replace(
    "        out = self.apply(x, self.bias)\n", "        bias_ = self.bias\n        out = self.apply(x, bias_)\n"
)


@pytest.mark.parametrize(
    ("theirs", "body", "severity"),
    [
        # a value new to the caller, taken and ignored: the override may keep its defaults (a warning)
        (THREADED, "    def apply(self, x, options=None):\n        return x * 2\n", "warning"),
        # refused still raises TypeError whatever the value
        (THREADED, "    def apply(self, x):\n        return x * 2\n", "error"),
        # the value the caller applied itself before, through a local: still dropped (an error)
        (LOCAL, "    def apply(self, x, bias=None):\n        return x * 2\n", "error"),
    ],
)
def test_a_value_new_to_the_caller_is_a_warning(
    git_repo: GitRepo, tmp_path: Path, theirs: str, body: str, severity: str
) -> None:
    fork = HEAD + body
    sides = three_way(git_repo, {**PACKAGES, BASE: BASE_TEXT}, {FORK: fork}, {BASE: theirs})
    got = [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK]
    assert got == [(FORK, line_of(fork, "def apply"), severity)]


# review118: #37236 hands the hook a parameter the caller read for its own use at the merge base already
SHARED_BASE = BASE_TEXT.replace(
    "    def forward(self, x):\n        out = self.apply(x)\n",
    "    def forward(self, x, sizes):\n        x = x[: sizes[0]]\n        out = self.apply(x)\n",
)
SHARED = SHARED_BASE.replace("        out = self.apply(x)\n", "        out = self.apply(x, sizes)\n")


def test_a_value_the_caller_reads_as_before_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = HEAD + "    def apply(self, x, sizes=None):\n        return x * 2\n"
    sides = three_way(git_repo, {**PACKAGES, BASE: SHARED_BASE}, {FORK: fork}, {BASE: SHARED})
    got = [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK]
    assert got == [(FORK, line_of(fork, "def apply"), "warning")]


def test_a_slot_the_base_handed_by_keyword_is_no_new_argument(git_repo: GitRepo, tmp_path: Path) -> None:
    """readH: ``self.apply(x, bias=self.bias)`` at the merge base, ``self.apply(x, self.bias)`` upstream: the override
    taking ``bias`` and never reading it dropped it before the change too, so the change drops nothing new."""
    base = BASE_TEXT.replace("        out = self.apply(x)\n", "        out = self.apply(x, bias=self.bias)\n")
    fork = HEAD + "    def apply(self, x, bias=None):\n        return x * 2\n"
    sides = three_way(git_repo, {**PACKAGES, BASE: base}, {FORK: fork}, {BASE: THEIRS})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK] == []
