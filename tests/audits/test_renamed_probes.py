"""A rename's old name read where a presence test of its new name failed (drift/renamed_probes.py).

review56 left ``if "forward" in Embedding.__dict__: return emb.forward(ids)`` then ``return
emb.forward_native(ids)`` an error where upstream renamed ``forward_native`` to ``forward``: the old name runs
only on the release without the new one.  The same in an ``else``, under ``not hasattr`` of the new name, and with
``hasattr(emb, "forward")`` (those two quiet before too: symbol drift's ``hasattr`` gate picking a path per
release).  Still errors: the old name under a test of another name, where the test of the new
name is and-ed with another, in the branch where the new name is there, and where upstream removed the old name
without adding the new one."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

INIT = "pkg/__init__.py"
LAYER = "pkg/layer.py"
USE = "pkg/aeon_use.py"
OLD = (
    "class Embedding:\n"
    "    def forward_native(self, ids):\n"
    "        return ids\n\n"
    "    def weight_loader(self, w):\n"
    "        return w\n"
)
RENAMED = OLD.replace("forward_native", "forward")
REMOVED = "class Embedding:\n    def weight_loader(self, w):\n        return w\n"
HEAD = "from pkg.layer import Embedding\n\n\ndef aeon_lookup(emb: Embedding, ids):\n"
OLD_CALL = "emb.forward_native(ids)"


def _errors(git_repo: GitRepo, tmp_path: Path, body: str, upstream: str = RENAMED) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {INIT: "", LAYER: OLD}, {USE: HEAD + body}, {LAYER: upstream})
    return [row for row in found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) if row[2] == "error"]


@pytest.mark.parametrize(
    "body",
    [
        '    if "forward" in Embedding.__dict__:\n        return emb.forward(ids)\n    return emb.forward_native(ids)\n',
        '    if "forward" in type(emb).__dict__:\n        out = emb.forward(ids)\n'
        "    else:\n        out = emb.forward_native(ids)\n    return out\n",
        '    if hasattr(emb, "forward"):\n        return emb.forward(ids)\n    return emb.forward_native(ids)\n',
        '    if not hasattr(emb, "forward"):\n        return emb.forward_native(ids)\n    return emb.forward(ids)\n',
        '    if "forward" not in vars(type(emb)):\n        return emb.forward_native(ids)\n    return emb.forward(ids)\n',
    ],
    ids=["class dict, then after", "type dict, else", "hasattr, then after", "not hasattr", "not in vars"],
)
def test_the_old_name_where_the_new_one_is_missing_is_quiet(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _errors(git_repo, tmp_path, body) == []


@pytest.mark.parametrize(
    "body",
    [
        '    if "weight_loader" in Embedding.__dict__:\n        return emb(ids)\n    return emb.forward_native(ids)\n',
        '    if hasattr(emb, "forward") and ids:\n        return emb.forward(ids)\n    return emb.forward_native(ids)\n',
        '    if hasattr(emb, "forward"):\n        return emb.forward_native(ids)\n    return ids\n',
        '    if hasattr(emb, "forward"):\n        print("new")\n    return emb.forward_native(ids)\n',
        "    return emb.forward_native(ids)\n",
    ],
    ids=[
        "another name asked",
        "and-ed with another test",
        "the branch with the new name",
        "a test that stays",
        "no test",
    ],
)
def test_the_old_name_elsewhere_stays_an_error(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert (USE, line_of(HEAD + body, OLD_CALL), "error") in _errors(git_repo, tmp_path, body)


def test_a_removal_with_no_new_name_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    body = (
        '    if "forward" in Embedding.__dict__:\n        return emb.forward(ids)\n    return emb.forward_native(ids)\n'
    )
    assert (USE, line_of(HEAD + body, OLD_CALL), "error") in _errors(git_repo, tmp_path, body, REMOVED)
