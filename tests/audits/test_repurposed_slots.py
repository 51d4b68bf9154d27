"""Symbol drift: a parameter renamed in place, within one kind, whose upstream callers now pass it another value.

The renamed-slot check (``drift/symbols.py`` ``_renamed_slot``) warns on a positional argument spelt like a
parameter upstream renamed in place: most renames keep the meaning.  #25863 renamed ``NemotronHMLP(config,
layer_idx: int, ...)``'s second parameter ``intermediate_size: int``; the fork's ``super().__init__(config,
layer_idx, quant_config)`` binds and builds an MLP ``layer_idx`` wide.  Upstream's own decoder layer still
held ``layer_idx`` and passed a computed size instead: ``drift/repurposed_slots.py`` reads that and makes the
warning an error.  A rename whose callers pass what they passed (or rename their own name with it) stays a
warning.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.repurposed_slots import repurposed
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MODEL = "vllm/model_executor/models/hybrid.py"
BASE = """class MLP:
    def __init__(self, config, layer_idx: int, quant_config=None, prefix: str = "") -> None:
        self.width = config.sizes[layer_idx]


class DecoderLayer:
    def __init__(self, config, layer_idx: int, prefix: str = "") -> None:
        self.mixer = MLP(config, layer_idx=layer_idx, prefix=f"{prefix}.mixer")
"""
# #25863's shape: the slot takes a size now; the caller computes it and keeps its layer_idx
SIZED = """class MLP:
    def __init__(self, config, intermediate_size: int, quant_config=None, prefix: str = "") -> None:
        self.width = intermediate_size


class DecoderLayer:
    def __init__(self, config, layer_idx: int, prefix: str = "") -> None:
        intermediate_size = config.sizes[layer_idx]
        self.mixer = MLP(config, intermediate_size=intermediate_size, prefix=f"{prefix}.mixer")
"""
# a rename that keeps the meaning: the caller passes what it passed
RENAMED = (
    BASE.replace("layer_idx: int, quant", "index: int, quant")
    .replace("config.sizes[layer_idx]\n\n", "config.sizes[index]\n\n")
    .replace("MLP(config, layer_idx=layer_idx", "MLP(config, index=layer_idx")
)
# the caller renamed its own name with the parameter
BOTH_RENAMED = RENAMED.replace("layer_idx: int, prefix", "index: int, prefix").replace("index=layer_idx", "index=index")
# the caller binds a local to its old value and passes that
REBOUND = RENAMED.replace(
    "        self.mixer = MLP(config, index=layer_idx",
    "        idx = int(layer_idx)\n        self.mixer = MLP(config, index=idx",
)
FORK = "vllm/model_executor/models/aeon_hybrid.py"
SUBJECT = "[Model] Add MoE support for the hybrid model (#25863)"
SUBCLASS = (
    "from vllm.model_executor.models.hybrid import MLP\n\n\n"
    "class AeonMLP(MLP):\n"
    "    def __init__(self, config, layer_idx: int, quant_config=None) -> None:\n"
    "        super().__init__(config, layer_idx, quant_config)\n"
)
PARTIAL = (
    "import functools\n\n"
    "from vllm.model_executor.models.hybrid import MLP\n\n\n"
    "def aeon_mlp_factory(config, layer_idx: int):\n"
    "    return functools.partial(MLP, config, layer_idx)\n"
)
CALL = (
    "from vllm.model_executor.models.hybrid import MLP\n\n\n"
    "def aeon_mlp(config, layer_idx: int) -> MLP:\n"
    "    return MLP(config, layer_idx)\n"
)


def findings(repo: GitRepo, config: Path, fork: str, upstream: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, {MODEL: BASE}, {FORK: fork}, [(SUBJECT, {MODEL: upstream})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


@pytest.mark.parametrize(
    ("fork", "line"), [(SUBCLASS, 6), (CALL, 5), (PARTIAL, 7)], ids=["a subclass's super()", "a call", "a partial"]
)
def test_a_slot_upstream_s_caller_fills_with_another_value_is_an_error(
    git_repo: GitRepo, no_rules: Path, fork: str, line: int
) -> None:
    [(at, severity, message)] = findings(git_repo, no_rules, fork, SIZED)
    assert (at, severity) == (line, "error")
    assert "upstream's own DecoderLayer.__init__ still holds layer_idx but no longer passes it" in message


@pytest.mark.parametrize(
    "upstream", [RENAMED, BOTH_RENAMED, REBOUND], ids=["the same value", "the caller's name renamed", "a conversion"]
)
def test_a_rename_whose_callers_pass_the_same_value_stays_a_warning(
    git_repo: GitRepo, no_rules: Path, upstream: str
) -> None:
    [(line, severity, message)] = findings(git_repo, no_rules, SUBCLASS, upstream)
    assert (line, severity) == (6, "warning")
    assert "check that the value is still what index means" in message


def test_a_partial_s_positional_argument_in_a_slot_only_renamed_is_the_rename_s_warning(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """A partial's positional arguments fill the first slots whatever its later call adds: the renamed-slot
    check reads them as a call's (it skipped partials before)."""
    [(line, severity, _)] = findings(git_repo, no_rules, PARTIAL, RENAMED)
    assert (line, severity) == (7, "warning")


def test_the_new_keyword_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = CALL.replace("MLP(config, layer_idx)", "MLP(config, intermediate_size=config.sizes[layer_idx])")
    assert findings(git_repo, no_rules, fork, SIZED) == []


def test_repurposed_names_the_caller() -> None:
    old, new = ast.parse(BASE), ast.parse(SIZED)
    assert repurposed(old, new, "MLP", ("layer_idx", 1), "intermediate_size") == "DecoderLayer.__init__"
    assert repurposed(old, ast.parse(RENAMED), "MLP", ("layer_idx", 1), "index") is None
    assert repurposed(old, new, "Other", ("layer_idx", 1), "intermediate_size") is None


def test_a_positional_caller_counts_as_one_by_keyword() -> None:
    old = ast.parse(BASE.replace("MLP(config, layer_idx=layer_idx", "MLP(config, layer_idx"))
    new = ast.parse(SIZED.replace("MLP(config, intermediate_size=intermediate_size", "MLP(config, intermediate_size"))
    assert repurposed(old, new, "MLP", ("layer_idx", 1), "intermediate_size") == "DecoderLayer.__init__"
    kept = ast.parse(RENAMED.replace("MLP(config, index=layer_idx", "MLP(config, layer_idx"))
    assert repurposed(old, kept, "MLP", ("layer_idx", 1), "index") is None
