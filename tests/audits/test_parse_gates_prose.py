"""The parse gates read a text with non-ASCII prose (perf round 16, issue 12): a file whose non-ASCII characters
all lie where no name can hold them (a dash, an arrow, a multiplication sign in a comment or a docstring) was
never gated, and vLLM's largest modules hold such prose (``gpu_model_runner.py``, 340 KB: both its versions were
parsed by three checks at 80 commits, ~0.6 CPU-s of a small merge's ~0.8).  A name that holds a non-ASCII
character still keeps its file ungated (the parser folds it NFKC), and a fork name spelt so is read as the
parser reads it."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.drift import sides as drift_sides
from aeon_release.domain.audits.drift.bypassed_hooks import bypassed_hook_drift
from aeon_release.domain.audits.drift.sides import gateable
from aeon_release.domain.audits.drift.stopped_writes import stopped_write_drift
from aeon_release.domain.audits.drift.subscripted_aliases import subscripted_alias_drift
from tests.audits import drift_shapes as s
from tests.audits import test_bypassed_hooks as hooks
from tests.audits.conftest import GitRepo

PROSE = "# the batch's rows \u2014 padded \u2192 trimmed (2 \u00d7 4)\n"
PROTO = "vllm/entrypoints/proto.py"
PROTO_BASE = (
    PROSE + "from typing import Annotated\n\n\nclass Req:\n    outputs: int = 0\n\n"
    "    def to_params(self):\n        self.outputs = 1\n        return 2\n\n\nAlias = int\n"
)
# the store dropped from a method, the alias made a subscripted generic (#49003's and #48984's shapes)
PROTO_NEW = (
    PROSE + "from typing import Annotated\n\n\nclass Req:\n    outputs: int = 0\n\n"
    "    def to_params(self):\n        return 2\n\n\nAlias = Annotated[int, 1]\n"
)
UNRELATED = (
    "class AeonCounter:\n    def bump(self, n: int) -> int:\n        return n + 1\n\n\nOK = isinstance(1, int)\n"
)
USE = "vllm/aeon/use.py"


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts parsed through the gated checks' shared ``parse_python``."""
    texts: list[str] = []
    real = drift_sides.parse_python

    def parse(text: str, path: str = "<unknown>") -> object:
        texts.append(text)
        return real(text, path)

    monkeypatch.setattr(drift_sides, "parse_python", parse)
    return texts


def _reader(field: str) -> str:
    return (
        "from vllm.entrypoints.proto import Req\n\n\n"
        f"def key(req: Req) -> str:\n    req.to_params()\n    return str(req.{field})\n"
    )


def test_prose_outside_names_lets_the_gates_skip_the_file(git_repo: GitRepo, parsed: list[str]) -> None:
    """The fork names neither the field nor the alias: a dash and an arrow in a comment no longer make
    stopped writes and subscripted aliases parse both versions."""
    trees = s.three_trees(git_repo, {PROTO: PROTO_BASE}, {"vllm/aeon/counter.py": UNRELATED}, {PROTO: PROTO_NEW})
    assert stopped_write_drift(trees, "") == [] and subscripted_alias_drift(trees, "") == []
    assert PROTO_BASE not in parsed and PROTO_NEW not in parsed


def test_prose_and_a_fork_read_of_the_field_is_still_found(git_repo: GitRepo, parsed: list[str]) -> None:
    """Twin: the fork reads ``req.outputs`` after the call that stopped storing it: parsed, an error."""
    trees = s.three_trees(git_repo, {PROTO: PROTO_BASE}, {USE: _reader("outputs")}, {PROTO: PROTO_NEW})
    assert [(f.path, f.line, f.severity.value) for f in stopped_write_drift(trees, "")] == [(USE, 6, "error")]
    assert PROTO_BASE in parsed


def test_a_fork_field_spelt_with_a_fullwidth_letter_is_read_folded(git_repo: GitRepo) -> None:
    """The fork writes ``req.\\uff4futputs``: Python reads ``req.outputs``.  The gate compares the fork's words
    with upstream's text, so its words hold the folded spelling too (upstream's prose file is gated now)."""
    trees = s.three_trees(git_repo, {PROTO: PROTO_BASE}, {USE: _reader("\uff4futputs")}, {PROTO: PROTO_NEW})
    assert [(f.path, f.line) for f in stopped_write_drift(trees, "")] == [(USE, 6)]


def test_a_name_holding_a_non_ascii_letter_keeps_the_file_ungated(git_repo: GitRepo) -> None:
    """Upstream's class is spelt ``\\uff37eightsMapper`` (the parser reads ``WeightsMapper``) beside prose: the
    text gate's ``class`` names would miss it, so the file is parsed and the bypass found."""
    upstream = PROSE + hooks.UPSTREAM_TEXT.replace("class WeightsMapper:", "class \uff37eightsMapper:")
    base = PROSE + hooks.BASE_TEXT
    trees = s.three_trees(git_repo, {hooks.UTILS: base}, {hooks.FORK: hooks.FORK_TEXT}, {hooks.UTILS: upstream})
    assert [(f.line, f.severity.value) for f in bypassed_hook_drift(trees, "")] == [(5, "error")]


@pytest.mark.parametrize(
    ("text", "gated"),
    [
        ("x = 1\n", True),
        (PROSE + "x = '\u2713 \u2264 4\u00b0'  # \u2026 x\u00b2\n", True),  # signs a name cannot hold
        ("\uff57 = 1\n", False),  # a fullwidth letter: the parser reads ``w``
        ("a\u00b7b = 1\n", False),  # a middle dot continues a name; ``\\w`` does not match it
        # a CJK or an accented letter may be a name's, but one the parser reads as written (perf18: gated)
        ("# \u6279\u6b21\nx = 1\n", True),
        ("x = 'caf\u00e9'\n", True),
    ],
)
def test_which_texts_a_gate_may_read(text: str, gated: bool) -> None:
    assert gateable(text) is gated
