"""A fork binding one name to a field's call where upstream's class now unpacks it (drift/unpacked_fields.py).

#32082 (8edaf38570) made ``Qwen3MoeSparseMoeBlock.experts`` a ``SharedFusedMoE`` and its ``forward`` unpack
``shared_out, fused_out = self.experts(...)`` where it bound ``final_hidden_states = self.experts(...)``; a fork
subclass's copy of the old ``forward``, or a helper handed a block, merges cleanly and holds a tuple
(blind_replay_qwen3moe).  A warning on the fork's binding.  Quiet: an unpack, a fork class setting the field
itself, a receiver of another class, a field upstream still binds to one name.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOD = "pkg/moe.py"
BASE = """class Experts:
    def __call__(self, hidden_states, router_logits):
        return hidden_states


class MoeBlock:
    def __init__(self) -> None:
        self.experts = Experts()
        self.gate = Experts()

    def forward(self, hidden_states):
        router_logits = self.gate(hidden_states, None)
        final_hidden_states = self.experts(hidden_states=hidden_states, router_logits=router_logits)
        return final_hidden_states
"""
AFTER = BASE.replace(
    "        final_hidden_states = self.experts(hidden_states=hidden_states, router_logits=router_logits)\n"
    "        return final_hidden_states\n",
    "        shared_out, fused_out = self.experts(hidden_states=hidden_states, router_logits=router_logits)\n"
    "        return fused_out if shared_out is None else shared_out + fused_out\n",
).replace("class Experts:", "class SharedExperts:\n    pass\n\n\nclass Experts:")
SUBJECT = "[Models] Add SharedFusedMoE support to the MoE block (#32082)"
IMPORT = "from pkg.moe import MoeBlock\n\n\n"
FOUND = {
    "subclass": IMPORT + "class Mine(MoeBlock):\n    def forward(self, hidden_states):\n"
    "        out = self.experts(hidden_states=hidden_states, router_logits=None)\n        return out.float()\n",
    "parameter": IMPORT + "def experts_only(block: MoeBlock, x):\n    out = block.experts(x, None)\n    return out\n",
    "quoted": "from pkg import moe\n\n\ndef experts_only(block: 'moe.MoeBlock', x):\n"
    "    out = block.experts(x, None)\n    return out\n",
}
QUIET = {
    "unpacked": IMPORT + "class Mine(MoeBlock):\n    def forward(self, hidden_states):\n"
    "        shared, out = self.experts(hidden_states=hidden_states, router_logits=None)\n        return out\n",
    "own_field": IMPORT + "class Mine(MoeBlock):\n    def __init__(self) -> None:\n        super().__init__()\n"
    "        self.experts = object()\n\n    def forward(self, x):\n        out = self.experts(x, None)\n        return out\n",
    "other_class": "from pkg.moe import Experts\n\n\nclass Other:\n    def run(self, block: Experts, x):\n"
    "        out = block.experts(x, None)\n        return out\n",
    "kept_field": IMPORT + "class Mine(MoeBlock):\n    def route(self, x):\n        logits = self.gate(x, None)\n"
    "        return logits\n",
}
FORKS = {f"pkg/aeon/{name}.py": body for name, body in {**FOUND, **QUIET}.items()}


@pytest.fixture
def rows(git_repo: GitRepo) -> dict[str, list[Finding]]:
    forks = {**FORKS, "pkg/aeon/__init__.py": ""}
    return s.side_by_side(git_repo, {MOD: BASE, "pkg/__init__.py": ""}, forks, [(SUBJECT, {MOD: AFTER})], RETURN_DRIFT)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_one_name_binding_of_a_field_upstream_unpacks_is_warned(rows: dict[str, list[Finding]], name: str) -> None:
    path = f"pkg/aeon/{name}.py"
    line = next(i for i, t in enumerate(FORKS[path].splitlines(), 1) if ".experts(" in t)
    assert [(f.line, f.severity.value) for f in rows[path]] == [(line, "warning")], rows[path]
    assert "`MoeBlock` now unpacks `self.experts(...)` into 2 names" in rows[path][0].message
    assert "#32082" in rows[path][0].message


@pytest.mark.parametrize("name", sorted(QUIET))
def test_what_binds_no_stale_single_value_stays_quiet(rows: dict[str, list[Finding]], name: str) -> None:
    assert rows[f"pkg/aeon/{name}.py"] == []


# A method upstream's class defines and now unpacks (``kv, ec = self._free_request(r)``, #42433's shape) is return
# drift's to judge, with its guards (a probe of the kind, a version path, the fork's own def): this check, made for a
# field whose class changed while no def's return did, leaves it (the CI after mend80's merge: seven return-drift
# twins warned by it)
METHOD_BASE = """class Block:
    def __init__(self) -> None:
        self.unstored = None

    def pair(self, x):
        return x

    def forward(self, x):
        y = self.pair(x)
        return y
"""
METHOD_AFTER = METHOD_BASE.replace("        return x\n", "        return x, x\n").replace(
    "        y = self.pair(x)\n        return y\n", "        y, z = self.pair(x)\n        return y + z\n"
)
METHOD_FORKS = {
    "probed": "from pkg.blk import Block\n\n\nclass Mine(Block):\n    def run(self, x):\n"
    "        out = self.pair(x)\n        if isinstance(out, tuple):\n            out = out[0]\n        return out\n",
    "indexed": "from pkg.blk import Block\n\n\nclass Mine(Block):\n    def run(self, x):\n"
    "        out = self.pair(x)\n        return out[0]\n",
}


@pytest.mark.parametrize("name", sorted(METHOD_FORKS))
def test_a_method_upstream_now_unpacks_is_left_to_return_drift(git_repo: GitRepo, name: str) -> None:
    forks = {f"pkg/aeon/{n}.py": body for n, body in METHOD_FORKS.items()} | {"pkg/aeon/__init__.py": ""}
    upstream = [("[Core] Answer a pair (#42433)", {"pkg/blk.py": METHOD_AFTER})]
    rows = s.side_by_side(git_repo, {"pkg/blk.py": METHOD_BASE, "pkg/__init__.py": ""}, forks, upstream, RETURN_DRIFT)
    assert [f.message for f in rows[f"pkg/aeon/{name}.py"] if "now unpacks `self." in f.message] == []
