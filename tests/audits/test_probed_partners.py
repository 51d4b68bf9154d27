"""Under a ``hasattr`` probe of one method, upstream now also calls another: a fork class with the first alone.

#47238 (d63c8e9444) made the drafter call ``self.model.model.compact_topk_indices(...)`` under ``if
self._share_mtp_indices and hasattr(self.model.model, "set_skip_topk"):`` and gave every upstream class with
``set_skip_topk`` a ``compact_topk_indices``; a fork DSA MTP model with ``set_skip_topk`` alone passes the probe
and raises AttributeError on the new call (blind_replay_eagle2).  An error when the probe is the test alone, a
warning when another conjunct gates it.  Quiet: a class defining both, one deriving an upstream class that
gained the partner, a base outside the tree, a probed name an upstream class defines without the partner, the
partner annotated, stored on ``self``, answered by ``__getattr__``, or defined by a class of the file deriving
the one with the probed method (review120; an heir lacking it too, a store on another object, stay found).
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

PROPOSER = "pkg/spec/proposer.py"
MODELS = "pkg/models/mtp.py"
BASE = """class Proposer:
    def alone(self) -> None:
        if hasattr(self.model, "set_skip"):
            self.model.set_skip(True)

    def gated(self) -> None:
        if self.share and hasattr(self.draft, "reuse"):
            self.draft.reuse()

    def warmed(self) -> None:
        if hasattr(self.model, "warm"):
            self.model.warm()
"""
AFTER = (
    BASE.replace("self.model.set_skip(True)\n", "self.model.set_skip(True)\n            self.model.compact(1)\n")
    .replace("self.draft.reuse()\n", "self.draft.reuse()\n            self.draft.compact_reuse()\n")
    .replace("self.model.warm()\n", "self.model.warm()\n            self.model.prime()\n")
)
MODELS_BASE = """class MtpModel:
    def set_skip(self, skip: bool) -> None:
        self.skip = skip

    def reuse(self) -> None:
        pass

    def warm(self) -> None:
        pass


class OtherModel:
    def warm(self) -> None:
        pass
"""
MODELS_AFTER = MODELS_BASE.replace(
    "    def reuse(self) -> None:\n        pass\n",
    "    def reuse(self) -> None:\n        pass\n\n    def compact(self, n: int) -> None:\n        pass\n\n"
    "    def compact_reuse(self) -> None:\n        pass\n\n    def prime(self) -> None:\n        pass\n",
)
SUBJECT = "[BugFix][Spec Decode] Compact shared topk indices buffer after first MTP draft step (#47238)"
SKIP = "    def set_skip(self, skip: bool) -> None:\n        self.mine = skip\n"

FOUND = {
    "plain": ("class A:\n" + SKIP, "def set_skip(self, skip: bool) -> None:", "error"),
    "module": (
        "from torch import nn\n\n\nclass B(nn.Module):\n" + SKIP,
        "def set_skip(self, skip: bool) -> None:",
        "error",
    ),
    "gated": ("class C:\n    def reuse(self) -> None:\n        self.n = 1\n", "def reuse(self) -> None:", "warning"),
    # review120: a mixin whose heir in the file lacks the partner too; a partner stored on another object
    "heir_lacks": (
        "class Mix:\n" + SKIP + "\n\nclass H(Mix):\n    def other(self) -> None:\n        pass\n",
        "def set_skip(self, skip: bool) -> None:",
        "error",
    ),
    "stored_elsewhere": (
        "class I:\n    def __init__(self, inner) -> None:\n        inner.compact = print\n\n" + SKIP,
        "def set_skip(self, skip: bool) -> None:",
        "error",
    ),
}
QUIET = {
    # review120: the partner annotated, stored on the instance, answered by __getattr__, defined by the heir
    "annotated": "def _compact(self, n: int) -> None:\n    pass\n\n\nclass J:\n"
    + SKIP
    + "\n    compact: object = _compact\n",
    "stored": "class K:\n    def __init__(self, inner) -> None:\n        self.compact = inner.compact\n\n" + SKIP,
    "getattr": "class L:\n    def __getattr__(self, name: str):\n        return getattr(self.inner, name)\n\n" + SKIP,
    "mixin": "class Mix2:\n" + SKIP + "\n\nclass M(Mix2):\n    def compact(self, n: int) -> None:\n        pass\n",
    "both": "class D:\n" + SKIP + "\n    def compact(self, n: int) -> None:\n        self.n = n\n",
    "derived": "from pkg.models.mtp import MtpModel\n\n\nclass E(MtpModel):\n" + SKIP,
    "outside": "from elsewhere import Base\n\n\nclass F(Base):\n" + SKIP,
    "disagree": "class G:\n    def warm(self) -> None:\n        self.n = 1\n",
}
FORKS = {f"pkg/aeon/{name}.py": text for name, (text, _, _) in FOUND.items()} | {
    f"pkg/aeon/{name}.py": text for name, text in QUIET.items()
}
INITS = {f"{d}/__init__.py": "" for d in ("pkg", "pkg/spec", "pkg/models", "pkg/aeon")}


def findings(repo: GitRepo) -> dict[str, list[Finding]]:
    base = {**INITS, PROPOSER: BASE, MODELS: MODELS_BASE}
    upstream = [(SUBJECT, {PROPOSER: AFTER, MODELS: MODELS_AFTER})]
    rows = s.side_by_side(repo, base, FORKS, upstream, SYMBOL_DRIFT)
    return {path: [f for f in found if "passes the probe" in f.message] for path, found in rows.items()}


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_class_with_the_probed_method_alone_is_found(git_repo: GitRepo, name: str) -> None:
    text, line, severity = FOUND[name]
    rows = [(f.line, f.severity.value) for f in findings(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(text, line), severity)]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"pkg/aeon/{name}.py"] == []
