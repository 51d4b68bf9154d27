"""A buffer upstream allocates k entries longer along a dimension: a fork read from that end, or size test, drifts.

#28896 (02f5903b84) made the EAGLE proposer's ``mrope_positions`` ``(3, self.max_num_tokens + 1)`` where it was
``(3, self.max_num_tokens)`` (a dummy column for torch.compile): a fork subclass's ``self.mrope_positions[:, -1]``
now reads the dummy, its ``self.mrope_positions.shape[1] == self.max_num_tokens`` no longer holds
(blind_replay_eagle2).  Errors on ``self`` in a subclass; a warning off another receiver.  Quiet: an index from
the front, another dimension's end, an unchanged buffer, a comparison with the new size, the fork's own buffer,
an ``if`` on the size whose two outcomes both read the buffer, and the reads under it (review120; an outcome
that raises or only logs, and a read from the end after the ``if``, stay errors).
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

PROPOSER = "pkg/spec/proposer.py"
BASE = """import torch


class Proposer:
    def __init__(self, n: int, device) -> None:
        self.max_num_tokens = n
        self.mrope = torch.zeros(
            (3, self.max_num_tokens), dtype=torch.int64, device=device
        )
        self.flat = torch.zeros(n, dtype=torch.int32)
        self.kept = torch.zeros((3, n), dtype=torch.int64)
"""
AFTER = BASE.replace("(3, self.max_num_tokens), dtype", "(3, self.max_num_tokens + 1), dtype").replace(
    "torch.zeros(n, dtype=torch.int32)", "torch.zeros(n + 1, dtype=torch.int32)"
)
SUBJECT = "Eagle: MM Cuda Graphs with MRope (#28896)"
HEAD = "from pkg.spec.proposer import Proposer\n\n\nclass A(Proposer):\n    def f(self, n: int):\n        return "

FOUND = {
    "last": ("self.mrope[:, -1]", "error"),
    "tail": ("self.mrope[:, -2:]", "error"),
    "shape": ("self.mrope.shape[1] == self.max_num_tokens", "error"),
    "size": ("self.mrope.size(-1) != self.max_num_tokens", "error"),
    "flat": ("self.flat[-1]", "error"),
}
QUIET = {
    "front": HEAD + "self.mrope[:, :n]\n",
    "last_real": HEAD + "self.mrope[:, self.max_num_tokens - 1]\n",
    "other_dim": HEAD + "self.mrope[-1]\n",
    "kept": HEAD + "self.kept[:, -1]\n",
    "new_size": HEAD + "self.mrope.shape[1] == self.max_num_tokens + 1\n",
    "own": "import torch\n\n\nclass Mine:\n    def __init__(self, n: int) -> None:\n"
    "        self.mrope = torch.zeros((3, n))\n\n    def last(self):\n        return self.mrope[:, -1]\n",
}
# review120: a size test choosing between widths, both of its outcomes reading the buffer, and the reads under it
BODY = "from pkg.spec.proposer import Proposer\n\n\nclass A(Proposer):\n    def f(self, n: int):\n"
TEST = "        if self.mrope.shape[1] {} self.max_num_tokens:\n"
GUARDED = {
    "guard_eq": BODY
    + TEST.format("==")
    + "            return self.mrope[:, -1]\n        return self.mrope[:, self.max_num_tokens - 1]\n",
    "guard_ne_else": BODY
    + TEST.format("!=")
    + "            last = self.mrope[:, -2]\n        else:\n            last = self.mrope[:, -1]\n        return last\n",
}
UNGUARDED = {  # the other outcome raises, or only logs and the read from the end follows the if
    "guard_raises": (
        BODY + TEST.format("!=") + "            raise ValueError('width')\n        return self.mrope[:, n]\n",
        ["if self.mrope.shape[1] != self.max_num_tokens:"],
    ),
    "guard_logs": (
        BODY + TEST.format("!=") + "            print('padded')\n        return self.mrope[:, -1]\n",
        ["if self.mrope.shape[1] != self.max_num_tokens:", "return self.mrope[:, -1]"],
    ),
}
# mend77: a whole-tensor copy_ between the buffer and a local the function allocates with the old size there
CBODY = "import torch\n" + BODY
COPIES = {
    "copy_into": "        saved = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n        self.mrope.copy_(saved)\n",
    "copy_out": "        out = torch.empty(3, self.max_num_tokens)\n        out.copy_(self.mrope)\n",
    "copy_flat": "        buf: torch.Tensor = torch.zeros(n)\n        self.flat.copy_(buf)\n",
    # review130's round 3: a try catching another kind, a size test of a third tensor, a with block
    "copy_try_other_kind": "        saved = torch.zeros((3, self.max_num_tokens))\n        try:\n"
    "            self.mrope.copy_(saved)\n        except ValueError:\n            pass\n",
    "copy_other_size_test": "        saved = torch.zeros((3, self.max_num_tokens))\n        if n.shape[0]:\n"
    "            self.mrope.copy_(saved)\n",
    "copy_in_with": "        saved = torch.zeros((3, self.max_num_tokens))\n        with torch.no_grad():\n"
    "            self.mrope.copy_(saved)\n",
}
COPY_TWINS = {
    "copy_new_size": "        saved = torch.zeros((3, self.max_num_tokens + 1))\n        self.mrope.copy_(saved)\n",
    "copy_sliced": "        saved = torch.zeros((3, self.max_num_tokens))\n"
    "        self.mrope[:, : self.max_num_tokens].copy_(saved)\n",
    "copy_clone": "        saved = self.mrope.clone()\n        self.mrope.copy_(saved)\n",
    "copy_rebound": "        saved = torch.zeros((3, self.max_num_tokens))\n        if n:\n"
    "            saved = torch.zeros((3, n))\n        self.mrope.copy_(saved)\n",
    "copy_kept": "        saved = torch.zeros((3, n))\n        self.kept.copy_(saved)\n",
    # review130: the fork meets the other shape itself -- a try catching RuntimeError, a test of the two sizes
    "copy_in_try": "        saved = torch.zeros((3, self.max_num_tokens))\n        try:\n"
    "            self.mrope.copy_(saved)\n        except RuntimeError:\n"
    "            self.mrope[:, : saved.shape[1]].copy_(saved)\n",
    "copy_under_shape_test": "        saved = torch.zeros((3, self.max_num_tokens))\n"
    "        if self.mrope.shape == saved.shape:\n            self.mrope.copy_(saved)\n",
    "copy_under_size_call": "        out = torch.empty(3, self.max_num_tokens)\n"
    "        while out.size(1) == self.mrope.size(1):\n            out.copy_(self.mrope)\n            break\n",
}
OTHER_COPY = (
    "import torch\nfrom pkg.spec.proposer import Proposer\n\n\ndef put(p: Proposer, n: int):\n"
    "    saved = torch.zeros(n)\n    p.flat.copy_(saved)\n"
)
OTHER = "from pkg.spec.proposer import Proposer\n\n\ndef last(p: Proposer):\n    return p.mrope[:, -1]\n"
FORKS = (
    {f"pkg/aeon/{name}.py": HEAD + text + "\n" for name, (text, _) in FOUND.items()}
    | {f"pkg/aeon/{name}.py": text for name, text in QUIET.items()}
    | {f"pkg/aeon/{name}.py": text for name, text in GUARDED.items()}
    | {f"pkg/aeon/{name}.py": text for name, (text, _) in UNGUARDED.items()}
    | {"pkg/aeon/other.py": OTHER, "pkg/aeon/other_copy.py": OTHER_COPY}
    | {f"pkg/aeon/{name}.py": CBODY + text for name, text in (COPIES | COPY_TWINS).items()}
)
INITS = {f"{d}/__init__.py": "" for d in ("pkg", "pkg/spec", "pkg/aeon")}


def findings(repo: GitRepo) -> dict[str, list[Finding]]:
    rows = s.side_by_side(repo, {**INITS, PROPOSER: BASE}, FORKS, [(SUBJECT, {PROPOSER: AFTER})], SYMBOL_DRIFT)
    return {path: [f for f in found if "now allocates" in f.message] for path, found in rows.items()}


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_read_from_the_padded_end_or_a_size_test_is_an_error(git_repo: GitRepo, name: str) -> None:
    text, severity = FOUND[name]
    rows = [(f.line, f.severity.value) for f in findings(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(HEAD + text + "\n", "return " + text), severity)]


def test_another_receiver_is_warned(git_repo: GitRepo) -> None:
    rows = [(f.line, f.severity.value) for f in findings(git_repo)["pkg/aeon/other.py"]]
    assert rows == [(line_of(OTHER, "return p.mrope[:, -1]"), "warning")]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"pkg/aeon/{name}.py"] == []


@pytest.mark.parametrize("name", sorted(GUARDED))
def test_a_size_test_reading_the_buffer_both_ways_and_its_reads_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"pkg/aeon/{name}.py"] == []


@pytest.mark.parametrize("name", sorted(UNGUARDED))
def test_a_size_test_raising_or_logging_on_the_other_width_is_an_error(git_repo: GitRepo, name: str) -> None:
    text, lines = UNGUARDED[name]
    rows = sorted((f.line, f.severity.value) for f in findings(git_repo)[f"pkg/aeon/{name}.py"])
    assert rows == sorted((line_of(text, line), "error") for line in lines)


@pytest.mark.parametrize("name", sorted(COPIES))
def test_a_copy_with_a_tensor_of_the_old_size_is_an_error(git_repo: GitRepo, name: str) -> None:
    text = CBODY + COPIES[name]
    rows = [(f.line, f.severity.value) for f in findings(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(text, ".copy_("), "error")]


@pytest.mark.parametrize("name", sorted(COPY_TWINS))
def test_a_copy_the_new_shape_admits_stays_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"pkg/aeon/{name}.py"] == []


def test_a_copy_off_another_receiver_is_warned(git_repo: GitRepo) -> None:
    rows = [(f.line, f.severity.value) for f in findings(git_repo)["pkg/aeon/other_copy.py"]]
    assert rows == [(line_of(OTHER_COPY, ".copy_("), "warning")]
