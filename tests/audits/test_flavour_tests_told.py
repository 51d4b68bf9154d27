"""Both array-flavour checks stay quiet where the fork tells the flavours apart by other means than ``isinstance``.

review68's twins (``benchmarks/review68_twins.py``): after #30697 (a return made an array) and #29268 (a field
annotated a tensor), a fork line written for both flavours under ``type(x) is torch.Tensor``, a ``match`` arm
``case np.ndarray():``, or after an early ``if not isinstance(x, np.ndarray): return ...`` runs only on the
flavour it was written for; on main each drew an error.  So did a fork test expecting the new flavour's
AttributeError (``with pytest.raises(AttributeError):``), and a fork's own construction of the class handing the
field an array it built.  The errors the checks give stay (the error rows).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.test_annotated_flavours import HEAD as META_HEAD
from tests.audits.test_annotated_flavours import _rows
from tests.audits.test_result_flavours import _audit

RESULT_TOLD = [
    # ``type(...) is``: the function tells the flavours apart
    "def counts(w: torch.Tensor, n: int):\n    _, _, logcnt = Policy.replicate(w, n)\n"
    "    if type(logcnt) is torch.Tensor:\n        return logcnt.to(w.device)\n    return logcnt\n",
    "def counts(w: torch.Tensor, n: int):\n    _, _, logcnt = Policy.replicate(w, n)\n"
    "    if type(logcnt) == np.ndarray:\n        return torch.from_numpy(logcnt)\n    return logcnt.to(w.device)\n",
    # a ``match`` on the name with a class pattern
    "def counts(w: torch.Tensor, n: int):\n    _, _, logcnt = Policy.replicate(w, n)\n    match logcnt:\n"
    "        case torch.Tensor():\n            return logcnt.to(w.device)\n"
    "        case _:\n            return torch.from_numpy(logcnt).to(w.device)\n",
    "def packs(w: torch.Tensor, n: int):\n    index = Policy.pack(w, n)\n    match index:\n"
    "        case np.ndarray() | None:\n            return index\n    return index.max(dim=-1).values\n",
    # a test expecting the array's AttributeError (TypeError for a tensor's keyword)
    "import pytest\n\n\ndef test_counts(w: torch.Tensor, n: int) -> None:\n    _, _, logcnt = Policy.replicate(w, n)\n"
    "    with pytest.raises(AttributeError):\n        logcnt.to(w.device)\n",
    "import pytest\n\n\ndef test_packs(w: torch.Tensor, n: int) -> None:\n"
    "    with pytest.raises(TypeError):\n        Policy.pack(w, n).max(dim=-1)\n",
    # an element indexed off the call, in a ``try`` catching AttributeError or a test expecting it
    "def counts(w: torch.Tensor, n: int) -> torch.Tensor:\n    try:\n"
    "        return Policy.replicate(w, n)[2].to(w.device)\n    except AttributeError:\n"
    "        return torch.from_numpy(Policy.replicate(w, n)[2]).to(w.device)\n",
    "import pytest\n\n\ndef test_counts(w: torch.Tensor, n: int) -> None:\n"
    "    with pytest.raises(AttributeError):\n        Policy.replicate(w, n)[2].to(w.device)\n",
]


@pytest.mark.parametrize(
    "body",
    RESULT_TOLD,
    ids=[
        "type() is",
        "type() ==",
        "match arm",
        "match, rest after",
        "raises",
        "raises TypeError",
        "try, an indexed element",
        "raises, an indexed element",
    ],
)
def test_a_result_whose_flavour_the_function_tells_apart_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, body: str
) -> None:
    assert _audit(git_repo, tmp_path, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # a ``type()`` read that tells nothing of the flavour, and a ``match`` on another name
        "def counts(w: torch.Tensor, n: int):\n    _, _, logcnt = Policy.replicate(w, n)\n"
        "    print(type(logcnt).__name__)\n    return logcnt.to(w.device)\n",
        "def counts(w: torch.Tensor, n: int):\n    _, _, logcnt = Policy.replicate(w, n)\n    match w:\n"
        "        case torch.Tensor():\n            return logcnt.to(w.device)\n    return w\n",
    ],
    ids=["type() printed", "match on another name"],
)
def test_a_result_use_no_flavour_test_keeps_is_still_an_error(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    rows = _audit(git_repo, tmp_path, body)
    assert [severity for _, _, severity in rows] == ["error"]


FIELD_TOLD = [
    # the rest after an early return unless the old flavour
    "def lens(meta: Meta):\n    lens = meta.encoder_seq_lens\n    if not isinstance(lens, np.ndarray):\n"
    "        return meta.encoder_seq_lens_cpu\n    return lens.astype(np.int32)\n",
    "def slots(meta: Meta, device):\n    if type(meta.slots) is not torch.Tensor:\n"
    "        return torch.from_numpy(meta.slots).to(device)\n    return meta.slots.to(device)\n",
    # a ``match`` arm taking the old flavour, and an arm after one taking the new flavour
    "def lens(meta: Meta):\n    match meta.encoder_seq_lens:\n        case np.ndarray():\n"
    "            return meta.encoder_seq_lens.astype(np.int32)\n        case _:\n            return None\n",
    "def slots(meta: Meta, device):\n    match meta.slots:\n        case np.ndarray():\n"
    "            return torch.from_numpy(meta.slots).to(device)\n        case _:\n            return meta.slots.to(device)\n",
    # a test expecting the tensor's AttributeError; the fork's own construction handing the field its array
    "import pytest\n\n\ndef test_lens(meta: Meta) -> None:\n    with pytest.raises(AttributeError):\n"
    "        meta.encoder_seq_lens.astype(np.int32)\n",
    "def test_lens() -> None:\n    meta = Meta(seq_lens=torch.zeros(1), encoder_seq_lens=np.array([3]))\n"
    "    assert meta.encoder_seq_lens.astype(np.int32).tolist() == [3]\n",
    "def lens(host: np.ndarray) -> np.ndarray:\n    meta = Meta(seq_lens=torch.zeros(1), encoder_seq_lens=host)\n"
    "    return meta.encoder_seq_lens.astype(np.int32)\n",
]


@pytest.mark.parametrize(
    "body",
    FIELD_TOLD,
    ids=[
        "not isinstance, return",
        "type() is not",
        "match arm",
        "match after",
        "raises",
        "the fork's own array",
        "the fork's own array parameter",
    ],
)
def test_a_field_whose_flavour_the_fork_tells_apart_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _rows(git_repo, no_rules, body) == []


def test_a_field_use_under_a_match_arm_of_the_new_flavour_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "def lens(meta: Meta):\n    match meta.encoder_seq_lens:\n        case torch.Tensor():\n"
        "            return meta.encoder_seq_lens.astype(np.int32)\n    return None\n"
    )
    rows = _rows(git_repo, no_rules, body)
    assert [(line, severity) for line, severity, _ in rows] == [(len(META_HEAD.splitlines()) + 4, "error")]


@pytest.mark.parametrize(
    "given",
    ["torch.zeros(1)", "lens", "other.encoder_seq_lens"],
    ids=["a tensor built", "a parameter annotated a tensor", "upstream's value"],
)
def test_a_field_the_construction_hands_the_new_flavour_is_still_an_error(
    git_repo: GitRepo, no_rules: Path, given: str
) -> None:
    body = (
        "def lens(other: Meta, lens: torch.Tensor) -> np.ndarray:\n"
        f"    meta = Meta(seq_lens=torch.zeros(1), encoder_seq_lens={given})\n"
        "    return meta.encoder_seq_lens.astype(np.int32)\n"
    )
    rows = _rows(git_repo, no_rules, body)
    assert [(line, severity) for line, severity, _ in rows] == [(len(META_HEAD.splitlines()) + 3, "error")]


def test_a_field_off_a_construction_handing_an_array_by_position_is_a_warning(
    git_repo: GitRepo, no_rules: Path
) -> None:
    body = (
        "def lens() -> np.ndarray:\n    meta = Meta(torch.zeros(1), np.array([3]))\n"
        "    return meta.encoder_seq_lens.astype(np.int32)\n"
    )
    rows = _rows(git_repo, no_rules, body)
    assert [(line, severity) for line, severity, _ in rows] == [(len(META_HEAD.splitlines()) + 3, "warning")]
    assert "by position" in rows[0][2]
