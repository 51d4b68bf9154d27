"""Correct fork code killers132's widenings called errors (benchmarks/review35_twins.py): an override of a held
module's ``forward`` that upstream's module call never reaches, and a table of definition names written for
both sides of a rename or a removal."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import NAME_DRIFT, SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_moemodels_drift import FORK, MOE, MOE_NEW, MOE_OLD, OVERRIDE

# -- shaped like #46635: upstream's layer calls ``self.mlp(x, already_sequence_parallel=True)`` on the
#    ``SparseMoE`` it builds; the fork's override of ``SparseMoE.forward`` lacks the keyword
UNINSTALLED = OVERRIDE.replace("\n\nmoe_model.SparseMoE = AeonMoE\n", "\n") + (
    "\n\nclass AeonBlock(moe_model.nn.Module):\n"
    "    def __init__(self):\n        super().__init__()\n        self.moe = AeonMoE()\n\n"
    "    def forward(self, x):\n        return self.moe(x)\n"
)
OWN_LAYER = (
    "\n\nclass AeonLayer(moe_model.DecoderLayer):\n"
    "    def forward(self, x):\n        return self.mlp(x.contiguous())\n\n\n"
    "moe_model.DecoderLayer = AeonLayer\n"
)


def _moe_errors(repo: GitRepo, fork: str) -> list[int]:
    sides = s.merge_case(
        repo, {MOE: MOE_OLD}, {FORK: fork}, [("[Perf] Replace MoE all-reduce (#46635)", {MOE: MOE_NEW})]
    )
    return [
        f.line
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.path == FORK
        and f.rule_id == SYMBOL_DRIFT
        and f.severity.value == "error"
        and "overrides SparseMoE.forward" in f.message
    ]


@pytest.mark.parametrize(
    "fork",
    [
        # only the fork's own block builds the subclass, and calls it without the keyword
        UNINSTALLED,
        # the fork installs its own layer too, whose forward never hands on to upstream's
        OVERRIDE + OWN_LAYER,
    ],
    ids=["built_only_by_the_fork", "caller_replaced"],
)
def test_an_override_upstreams_module_call_never_reaches_is_no_error(git_repo: GitRepo, fork: str) -> None:
    assert _moe_errors(git_repo, fork) == []


@pytest.mark.parametrize(
    "fork",
    [
        # a fork layer that builds the override into upstream's holder and keeps upstream's forward
        OVERRIDE.replace("\n\nmoe_model.SparseMoE = AeonMoE\n", "\n") + "\n\nclass AeonLayer(moe_model.DecoderLayer):\n"
        "    def __init__(self, sparse, sequence_parallel):\n"
        "        super().__init__(sparse, sequence_parallel)\n        self.mlp = AeonMoE()\n",
        # the fork's installed layer hands on to upstream's forward, which passes the keyword
        OVERRIDE + OWN_LAYER.replace("return self.mlp(x.contiguous())", "return super().forward(x.contiguous())"),
    ],
    ids=["built_into_the_holder", "caller_hands_on"],
)
def test_an_override_upstreams_module_call_reaches_stays_an_error(git_repo: GitRepo, fork: str) -> None:
    assert _moe_errors(git_repo, fork) == [5]


# -- shaped like #36247 (a class renamed) and #35782 (``SharedFusedMoE(FusedMoE)`` removed, its layers made
#    ``FusedMoE``): a table of class names tested against ``type(m).__name__``
MODEL = "vllm/model_executor/dsv2.py"
MODEL_OLD = (
    "class FusedQkvAProj:\n    pass\n\n\nclass FusedMoE:\n    pass\n\n\nclass SharedFusedMoE(FusedMoE):\n    pass\n"
)
RENAMED = MODEL_OLD.replace("class FusedQkvAProj:", "class FusedQkvAProjLinear:")
FOLDED = MODEL_OLD.replace("\n\nclass SharedFusedMoE(FusedMoE):\n    pass\n", "")
SKIP = "vllm/aeon/skip.py"
TESTED = "\n\ndef aeon_skip(module) -> bool:\n    return type(module).__name__ in SKIP\n"


def _named_errors(repo: GitRepo, upstream: str, fork: dict[str, str]) -> list[int]:
    sides = s.merge_case(repo, {MODEL: MODEL_OLD}, fork, [("[Model] Layers (#36247)", {MODEL: upstream})])
    return [
        f.line
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.path == SKIP and f.rule_id == NAME_DRIFT and f.severity.value == "error"
    ]


@pytest.mark.parametrize(
    ("upstream", "fork"),
    [
        # the module tests the renamed class by isinstance beside the table of old names
        (
            RENAMED,
            {
                SKIP: "from vllm.model_executor.dsv2 import FusedQkvAProjLinear\n\n"
                "SKIP = {'FusedQkvAProj', 'FusedMoE'}\n"
                + TESTED.replace("in SKIP\n", "in SKIP or isinstance(module, FusedQkvAProjLinear)\n")
            },
        ),
        # another fork module adds the new spelling to the table
        (
            RENAMED,
            {
                SKIP: "SKIP = {'FusedQkvAProj', 'FusedMoE'}\n" + TESTED,
                "vllm/aeon/plugin.py": "from vllm.aeon.skip import SKIP\n\nSKIP.add('FusedQkvAProjLinear')\n",
            },
        ),
        # the table names the class the removed one derived from: its layers are that class now
        (FOLDED, {SKIP: "SKIP = ('FusedMoE', 'SharedFusedMoE')\n" + TESTED}),
        # the same written out
        (
            FOLDED,
            {
                SKIP: "def aeon_skip(module) -> bool:\n    return type(module).__name__ in ('FusedMoE', 'SharedFusedMoE')\n"
            },
        ),
        # the same as an ``or`` of ``==`` tests
        (
            FOLDED,
            {
                SKIP: "def aeon_skip(module) -> bool:\n    name = type(module).__name__\n"
                "    return name == 'FusedMoE' or name == 'SharedFusedMoE'\n"
            },
        ),
    ],
    ids=["module_names_new_class", "extended_elsewhere", "names_the_base", "base_inline", "base_or"],
)
def test_a_table_written_for_both_sides_is_quiet(git_repo: GitRepo, upstream: str, fork: dict[str, str]) -> None:
    assert _named_errors(git_repo, upstream, fork) == []


@pytest.mark.parametrize(
    ("upstream", "fork"),
    [
        # the module imports something else: the table still holds only the old name
        (RENAMED, {SKIP: "import torch\n\nSKIP = {'FusedQkvAProj', 'FusedMoE'}\n" + TESTED}),
        # only the removed class: its layers are FusedMoE now, which the table does not name
        (FOLDED, {SKIP: "import torch\n\nSKIP = ('SharedFusedMoE',)\n" + TESTED}),
        # an ``or`` of the removed class and a class it did not derive from
        (
            FOLDED,
            {
                SKIP: "import torch\n\n\ndef aeon_skip(module) -> bool:\n    name = type(module).__name__\n"
                "    return name == 'FusedQkvAProj' or name == 'SharedFusedMoE'\n"
            },
        ),
        # a subclass renamed, not folded: its layers are the new class, which the table of its base lacks
        (
            MODEL_OLD.replace("class SharedFusedMoE(FusedMoE):", "class SharedFusedMoELayer(FusedMoE):"),
            {SKIP: "import torch\n\nSKIP = ('FusedMoE', 'SharedFusedMoE')\n" + TESTED},
        ),
    ],
    ids=["renamed", "removed", "removed_or_other", "renamed_beside_its_base"],
)
def test_a_table_of_only_the_gone_name_stays_an_error(git_repo: GitRepo, upstream: str, fork: dict[str, str]) -> None:
    assert _named_errors(git_repo, upstream, fork) == [3 if "SKIP =" in fork[SKIP] else 6]


# -- the override takes the keyword upstream added by keyword only: upstream's layer passes it by name
KEYWORD_ONLY = OVERRIDE.replace("(self, hidden_states):", "(self, hidden_states, *, already_sequence_parallel=False):")


def test_an_override_taking_the_new_parameter_by_keyword_only_is_no_error(git_repo: GitRepo) -> None:
    assert _moe_errors(git_repo, KEYWORD_ONLY) == []


def test_an_override_taking_it_by_keyword_only_where_upstream_passes_it_by_position_stays_an_error(
    git_repo: GitRepo,
) -> None:
    upstream = MOE_NEW.replace("self.mlp(x, already_sequence_parallel=True)", "self.mlp(x, True)")
    sides = s.merge_case(git_repo, {MOE: MOE_OLD}, {FORK: KEYWORD_ONLY}, [("[Perf] MoE (#46635)", {MOE: upstream})])
    found = [
        (f.line, f.severity.value)
        for f in s.merged_findings(git_repo, sides, s.Settings())
        if f.path == FORK and f.rule_id == SYMBOL_DRIFT and "overrides SparseMoE.forward" in f.message
    ]
    assert found == [(5, "error")]
