"""The speculative-decoding surface a fork that tunes EAGLE/MTP/ngram drafting carries code against
(benchmarks/blind_replay_specdec.py), each class with twins that must stay quiet:

- a name a function binds by a lazy import (#40732: ``import pkg.spec.eagle`` inside a function, then
  ``pkg.spec.eagle.kernel = mine`` once eagle.py stopped importing the kernel): resolved as the module-level
  import would be; a parameter or a ``try`` around the import leaves it unresolved.
- a class upstream gave its first ``__init__`` (#26060: ``RejectionSampler(nn.Module)`` gained
  ``__init__(self, sampler)``): ``RejectionSampler()`` misses the argument; an enum's call is a lookup.
- a literal passed by position into a slot upstream renamed and retyped from that scalar to a class (#31336:
  ``return_cu_num_tokens: bool`` became ``logprobs_tensors: LogprobsTensors | None``).
- a list return made an array (#29723: ``MedusaProposer.propose`` returns a tensor): a list method on it, a
  list added to it or to each of its rows (through ``super()`` too).
- a value upstream now rewrites into another when the object is built, tested against a module-level tuple
  (#25232: ``if self.method in MTP_MODEL_TYPES: self.method = "mtp"``; drift/rewrites.py read only a display):
  a fork comparison with the old value is never true.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import NAME_DRIFT, SYMBOL_DRIFT, TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/spec/__init__.py": ""}
USE = "vllm/aeon_use.py"


def _run(git_repo: GitRepo, tmp_path: Path, base: dict[str, str], fork: str, theirs: dict[str, str], rule: str):
    sides = three_way(git_repo, {**base, **PACKAGES}, {USE: fork}, theirs)
    return found(audit(git_repo, sides, tmp_path), rule)


# --- #40732: a module patched through a lazy import, the name moved out of it
UTILS = "vllm/spec/utils.py"
EAGLE = "vllm/spec/eagle.py"
PROPOSER = "vllm/spec/proposer.py"
UTILS_TEXT = "def padded_kernel(x):\n    return x\n"
EAGLE_BASE = "from vllm.spec.utils import padded_kernel\n\n\nclass EagleProposer:\n    def run(self, x):\n        return padded_kernel(x)\n"
PROPOSER_THEIRS = "from vllm.spec.utils import padded_kernel\n\n\nclass BaseProposer:\n    def run(self, x):\n        return padded_kernel(x)\n"
EAGLE_THEIRS = "from vllm.spec.proposer import BaseProposer\n\n\nclass EagleProposer(BaseProposer):\n    pass\n"
LAZY_PATCH = "def install(mine) -> None:\n    import vllm.spec.eagle\n\n    vllm.spec.eagle.padded_kernel = mine\n"
LAZY_FROM = "def install(mine) -> None:\n    from vllm.spec import eagle\n\n    eagle.padded_kernel = mine\n"
LAZY_KEPT = "def install(mine) -> None:\n    import vllm.spec.eagle\n\n    vllm.spec.eagle.EagleProposer.aeon = mine\n"
SHADOWED = "def install(vllm, mine) -> None:\n    vllm.spec.eagle.padded_kernel = mine\n"
TRIED = (
    "def install(mine) -> None:\n    try:\n        from vllm.spec import eagle\n    except ImportError:\n        return\n"
    "    eagle.padded_kernel = mine\n"
)


def _lazy(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    base = {UTILS: UTILS_TEXT, EAGLE: EAGLE_BASE}
    return _run(git_repo, tmp_path, base, fork, {EAGLE: EAGLE_THEIRS, PROPOSER: PROPOSER_THEIRS}, SYMBOL_DRIFT)


@pytest.mark.parametrize("fork", [LAZY_PATCH, LAZY_FROM], ids=["import-dotted", "from-import"])
def test_a_patch_through_a_lazy_import_of_a_name_the_module_dropped_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _lazy(git_repo, tmp_path, fork) == [(USE, line_of(fork, "padded_kernel = mine"), "error")]


@pytest.mark.parametrize("fork", [LAZY_KEPT, SHADOWED, TRIED], ids=["kept-name", "a-parameter", "under-try"])
def test_a_lazy_import_of_a_kept_name_or_a_local_of_another_binding_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _lazy(git_repo, tmp_path, fork) == []


# --- #26060: a class given its first __init__
SAMPLER = "vllm/spec/rejection.py"
SAMPLER_BASE = (
    "import enum\n\nimport torch.nn as nn\n\n\nclass RejectionSampler(nn.Module):\n"
    "    def forward(self, x):\n        return x\n\n\nclass Mode(enum.Enum):\n    STRICT = 1\n"
)
SAMPLER_THEIRS = SAMPLER_BASE.replace(
    "class RejectionSampler(nn.Module):\n",
    "class RejectionSampler(nn.Module):\n    def __init__(self, sampler):\n        super().__init__()\n"
    "        self.sampler = sampler\n\n",
).replace("    STRICT = 1\n", "    STRICT = 1\n\n    def __init__(self, value):\n        self.label = str(value)\n")
RS = "from vllm.spec.rejection import Mode, RejectionSampler\n\n\n"
NO_ARGUMENT = RS + "def mine():\n    return RejectionSampler()\n"
SUBCLASS = RS + "class Mine(RejectionSampler):\n    pass\n\n\ndef mine():\n    return Mine()\n"
GIVEN = RS + "def mine(sampler):\n    return RejectionSampler(sampler)\n"
LOOKED_UP = RS + "def mine():\n    return Mode(1)\n"


@pytest.mark.parametrize("fork", [NO_ARGUMENT, SUBCLASS], ids=["the-class", "a-fork-subclass"])
def test_a_call_the_first_init_upstream_wrote_cannot_bind_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    found_ = _run(git_repo, tmp_path, {SAMPLER: SAMPLER_BASE}, fork, {SAMPLER: SAMPLER_THEIRS}, SYMBOL_DRIFT)
    assert found_ == [(USE, line_of(fork, "return "), "error")]


@pytest.mark.parametrize("fork", [GIVEN, LOOKED_UP], ids=["argument-passed", "an-enum-lookup"])
def test_a_call_that_binds_or_an_enum_lookup_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _run(git_repo, tmp_path, {SAMPLER: SAMPLER_BASE}, fork, {SAMPLER: SAMPLER_THEIRS}, SYMBOL_DRIFT) == []


# --- #31336: a flag's slot renamed and retyped to an object
PARSE = "vllm/spec/parse.py"
PARSE_BASE = (
    "class Tensors:\n    pass\n\n\n"
    "def parse_output(ids, vocab_size: int, discard=(), return_cu_num_tokens: bool = False):\n"
    "    return ids, return_cu_num_tokens\n"
)
PARSE_THEIRS = PARSE_BASE.replace(
    "return_cu_num_tokens: bool = False", "logprobs_tensors: Tensors | None = None"
).replace("return ids, return_cu_num_tokens", "return ids, logprobs_tensors")
PARSE_ANY = PARSE_BASE.replace("return_cu_num_tokens: bool = False", "logprobs: Any = None").replace(
    "return ids, return_cu_num_tokens", "return ids, logprobs"
)
PARSE_ANY = "from typing import Any\n\n\n" + PARSE_ANY
PI = "from vllm.spec.parse import parse_output\n\n\n"
FLAG = PI + "def mine(ids):\n    return parse_output(ids, 5, (), True)\n"
NONE = PI + "def mine(ids):\n    return parse_output(ids, 5, (), None)\n"


def _parsed(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = PARSE_THEIRS) -> list[tuple[str, int, str]]:
    return _run(git_repo, tmp_path, {PARSE: PARSE_BASE}, fork, {PARSE: theirs}, SYMBOL_DRIFT)


def test_a_flag_passed_into_a_slot_renamed_and_retyped_as_a_class_is_an_error(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    assert _parsed(git_repo, tmp_path, FLAG) == [(USE, line_of(FLAG, "(ids, 5, (), True)"), "error")]


@pytest.mark.parametrize(
    ("fork", "theirs"), [(NONE, PARSE_THEIRS), (FLAG, PARSE_ANY)], ids=["none-passed", "any-taken"]
)
def test_none_passed_or_a_slot_taking_anything_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str
) -> None:
    assert _parsed(git_repo, tmp_path, fork, theirs) == []


# --- #29723: a list return made a tensor
MEDUSA = "vllm/spec/medusa.py"
MEDUSA_BASE = (
    "import torch\n\n\nclass MedusaProposer:\n"
    "    def propose(self, hidden: torch.Tensor) -> list[list[int]]:\n        return [[1, 2]]\n"
)
MEDUSA_THEIRS = MEDUSA_BASE.replace(
    "-> list[list[int]]:\n        return [[1, 2]]", "-> torch.Tensor:\n        return hidden"
)
MP = "from vllm.spec.medusa import MedusaProposer\n\n\n"
APPENDED = MP + "def mine(p: MedusaProposer, h):\n    drafts = p.propose(h)\n    drafts.append([])\n    return drafts\n"
PADDED = (
    MP + "class Mine(MedusaProposer):\n    def propose(self, hidden):\n        drafts = super().propose(hidden)\n"
    "        return [row + [0] * 2 for row in drafts]\n"
)
PASSED_ON = MP + "def mine(p: MedusaProposer, h):\n    drafts = p.propose(h)\n    return drafts\n"
SORTED = MP + "def mine(p: MedusaProposer, h):\n    drafts = p.propose(h)\n    drafts.sort()\n    return drafts\n"
OWN_LIST = MP + "def mine(p: MedusaProposer, h):\n    rows = [[1]]\n    return [row + [0] for row in rows]\n"


@pytest.mark.parametrize(
    ("fork", "needle"),
    [(APPENDED, "drafts.append([])"), (PADDED, "row + [0] * 2")],
    ids=["a-list-method", "a-list-added-to-each-row-of-super"],
)
def test_a_list_use_of_a_return_made_an_array_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    found_ = _run(git_repo, tmp_path, {MEDUSA: MEDUSA_BASE}, fork, {MEDUSA: MEDUSA_THEIRS}, TYPE_DRIFT)
    assert found_ == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", [PASSED_ON, SORTED, OWN_LIST], ids=["passed-on", "sorted", "the-forks-own-list"])
def test_an_array_passed_on_sorted_or_another_list_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _run(git_repo, tmp_path, {MEDUSA: MEDUSA_BASE}, fork, {MEDUSA: MEDUSA_THEIRS}, TYPE_DRIFT) == []


# killers211: a container made an array handed to json's encoder (#12094 made ``SamplerOutput.sampled_token_ids``
# a tensor; a fork's ``json.dumps({"sampled": out.sampled_token_ids})`` raises TypeError)
JM = "import json\n\n" + MP
ENCODED = [
    JM + "def mine(p: MedusaProposer, h) -> str:\n    return json.dumps(p.propose(h))\n",
    # revDW: a keyword that hooks no encoding
    JM + "def mine(p: MedusaProposer, h) -> str:\n    return json.dumps(p.propose(h), indent=2)\n",
    JM
    + 'def mine(p: MedusaProposer, h, f) -> None:\n    drafts = p.propose(h)\n    json.dump({"d": [drafts, 1]}, f)\n',
]
ENCODED_TWINS = [
    JM + "def mine(p: MedusaProposer, h) -> str:\n    return json.dumps(p.propose(h).tolist())\n",
    JM
    + 'def mine(p: MedusaProposer, h) -> str:\n    drafts = p.propose(h)\n    return json.dumps({"n": len(drafts)})\n',
    JM + "def mine(p: MedusaProposer, h) -> str:\n    rows = [[1]]\n    return json.dumps(rows)\n",
    MP + "def mine(p: MedusaProposer, h, json) -> str:\n    return json.dumps(p.propose(h))\n",
    # revDW (review115's #12094 twins): a hook encoding what json cannot itself
    JM + "def mine(p: MedusaProposer, h) -> str:\n    return json.dumps(p.propose(h), default=lambda a: a.tolist())\n",
    JM + "def mine(p: MedusaProposer, h, enc) -> str:\n    return json.dumps({'d': p.propose(h)}, cls=enc)\n",
]


@pytest.mark.parametrize("fork", ENCODED, ids=["a return handed itself", "indent=", "a local inside displays"])
def test_an_array_handed_to_json_is_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    found_ = _run(git_repo, tmp_path, {MEDUSA: MEDUSA_BASE}, fork, {MEDUSA: MEDUSA_THEIRS}, TYPE_DRIFT)
    assert found_ == [(USE, line_of(fork, "json.dump"), "error")]


@pytest.mark.parametrize(
    "fork", ENCODED_TWINS, ids=["tolist", "len", "the fork's own list", "a json parameter", "default=", "cls="]
)
def test_a_value_json_encodes_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _run(git_repo, tmp_path, {MEDUSA: MEDUSA_BASE}, fork, {MEDUSA: MEDUSA_THEIRS}, TYPE_DRIFT) == []


# --- #25232: old method names folded into one at construction
CONFIG = "vllm/spec/config.py"
CONFIG_BASE = (
    "from dataclasses import dataclass\n\n\n@dataclass\nclass SpeculativeConfig:\n"
    '    method: str = "eagle"\n\n    def __post_init__(self):\n        self.checked = True\n'
)
CONFIG_THEIRS = CONFIG_BASE.replace(
    "@dataclass\n", 'MTP_MODEL_TYPES = ("deepseek_mtp", "ernie_mtp")\n\n\n@dataclass\n'
).replace(
    "        self.checked = True\n",
    '        if self.method in MTP_MODEL_TYPES:\n            self.method = "mtp"\n        self.checked = True\n',
)
SC = "from vllm.spec.config import SpeculativeConfig\n\n\n"
COMPARED = SC + 'def mine(cfg: SpeculativeConfig) -> bool:\n    return cfg.method == "deepseek_mtp"\n'
IN_DISPLAY = SC + 'def mine(cfg: SpeculativeConfig) -> bool:\n    return cfg.method in ("ernie_mtp", "eagle3")\n'
BOTH_SIDES = SC + 'def mine(cfg: SpeculativeConfig) -> bool:\n    return cfg.method in ("mtp", "deepseek_mtp")\n'
KEPT = SC + 'def mine(cfg: SpeculativeConfig) -> bool:\n    return cfg.method == "eagle3"\n'


def _folded(git_repo: GitRepo, tmp_path: Path, fork: str, base: str = CONFIG_BASE) -> list[tuple[str, int, str]]:
    return _run(git_repo, tmp_path, {CONFIG: base}, fork, {CONFIG: CONFIG_THEIRS}, NAME_DRIFT)


@pytest.mark.parametrize("fork", [COMPARED, IN_DISPLAY], ids=["equal", "in-a-display"])
def test_a_comparison_with_a_value_upstream_now_folds_is_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _folded(git_repo, tmp_path, fork) == [(USE, line_of(fork, "cfg.method"), "error")]


@pytest.mark.parametrize("fork", [BOTH_SIDES, KEPT], ids=["both-sides", "a-kept-value"])
def test_a_comparison_naming_the_new_value_or_a_kept_one_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _folded(git_repo, tmp_path, fork) == []


def test_a_fold_the_base_already_had_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    already = CONFIG_THEIRS.replace("self.checked = True", "self.checked = False")
    assert _folded(git_repo, tmp_path, COMPARED, base=already) == []
