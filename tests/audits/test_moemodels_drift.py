"""Two widenings from the MoE model files' blind replay (benchmarks/blind_replay_moemodels.py): a module's call
that now hands ``forward`` a new keyword (#46635), and a holder the merge base built as an outside class."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- shaped like #46635 (5c91039c41): the decoder layer calls ``self.mlp(hidden_states,
#    already_sequence_parallel=True)``, its MoE's forward gained the keyword; a fork override of that forward
#    without it, installed over the module's class, raises TypeError there (a warning on the engine before:
#    only ``.forward(...)`` calls were read as passing the keyword)
MOE = "vllm/model_executor/moe_model.py"
MOE_OLD = (
    "from torch import nn\n\n\n"
    "class SparseMoE(nn.Module):\n"
    "    def forward(self, hidden_states):\n        return hidden_states\n\n\n"
    "class DenseMLP(nn.Module):\n"
    "    def forward(self, hidden_states, already_sequence_parallel=False):\n        return hidden_states\n\n\n"
    "class DecoderLayer(nn.Module):\n"
    "    def __init__(self, sparse, sequence_parallel):\n"
    "        super().__init__()\n"
    "        self.sequence_parallel = sequence_parallel\n"
    "        if sparse:\n            self.mlp = SparseMoE()\n"
    "        else:\n            self.mlp = DenseMLP()\n\n"
    "    def forward(self, x):\n"
    "        return self.mlp(x)\n"
)
MOE_NEW = MOE_OLD.replace(
    "    def forward(self, hidden_states):\n",
    "    def forward(self, hidden_states, already_sequence_parallel=False):\n",
).replace(
    "        return self.mlp(x)\n",
    "        if self.sequence_parallel:\n            return self.mlp(x, already_sequence_parallel=True)\n"
    "        return self.mlp(x)\n",
)
FORK = "vllm/aeon/moe.py"
OVERRIDE = (
    "from vllm.model_executor import moe_model\n\n\n"
    "class AeonMoE(moe_model.SparseMoE):\n"
    "    def forward(self, hidden_states):\n"
    "        return super().forward(hidden_states.contiguous())\n\n\n"
    "moe_model.SparseMoE = AeonMoE\n"
)


def _moe(repo: GitRepo, fork: str, upstream: str = MOE_NEW, base: str = MOE_OLD) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {MOE: base}, {FORK: fork}, [("[Perf] Replace MoE all-reduce (#46635)", {MOE: upstream})])
    return [
        (f.line, f.severity.value)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.path == FORK and f.rule_id == SYMBOL_DRIFT and "overrides SparseMoE.forward" in f.message
    ]


def test_an_override_a_held_modules_call_now_hands_a_keyword_it_lacks(git_repo: GitRepo) -> None:
    assert _moe(git_repo, OVERRIDE) == [(5, "error")]


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the override takes the keyword on
        (
            OVERRIDE.replace("(self, hidden_states):", "(self, hidden_states, **kwargs):").replace(
                "contiguous())", "contiguous(), **kwargs)"
            ),
            MOE_NEW,
        ),
        # upstream gained the parameter but its layer never passes it
        (
            OVERRIDE,
            MOE_OLD.replace("(self, hidden_states):", "(self, hidden_states, already_sequence_parallel=False):"),
        ),
    ],
    ids=["kwargs", "never_passed"],
)
def test_an_override_no_call_hands_the_new_keyword_is_no_error(git_repo: GitRepo, fork: str, upstream: str) -> None:
    assert [f for f in _moe(git_repo, fork, upstream) if f[1] == "error"] == []


@pytest.mark.parametrize(
    "upstream",
    [
        # the holder the keyword is handed to is only ever another class
        MOE_NEW.replace(
            "            self.mlp = SparseMoE()\n",
            "            self.experts = SparseMoE()\n            self.mlp = DenseMLP()\n",
        ),
        # the held class defines its own __call__: calling it need not run forward
        MOE_NEW.replace(
            "class SparseMoE(nn.Module):\n",
            "class SparseMoE(nn.Module):\n    def __call__(self, *args):\n        return args[0]\n\n",
        ),
        # the receiver is not the layer's own self: which class it holds is not known
        MOE_NEW.replace(
            "self.mlp(x, already_sequence_parallel=True)", "layer.mlp(x, already_sequence_parallel=True)"
        ).replace("    def forward(self, x):\n", "    def forward(self, x, layer=None):\n"),
    ],
    ids=["other_class", "own_call", "other_receiver"],
)
def test_a_call_that_may_not_run_the_overridden_forward_is_no_error(git_repo: GitRepo, upstream: str) -> None:
    base = MOE_OLD
    if "def __call__" in upstream:
        base = MOE_OLD.replace(
            "class SparseMoE(nn.Module):\n",
            "class SparseMoE(nn.Module):\n    def __call__(self, *args):\n        return args[0]\n\n",
        )
    assert [f for f in _moe(git_repo, OVERRIDE, upstream, base) if f[1] == "error"] == []


# -- a holder the merge base built as an outside class, made a class upstream already had that lacks the
#    member the fork reads: the type was known before, so the read's AttributeError is the merge's (a warning
#    on the engine before, as for any holder whose class upstream already had)
POOL = "vllm/pool.py"
POOL_TEXT = (
    "class WorkerPool:\n"
    "    def __init__(self, size):\n        self.size = size\n\n"
    "    def submit(self, fn):\n        return fn()\n"
)
ENGINE = "vllm/engine.py"
ENGINE_OLD = (
    "from concurrent.futures import ThreadPoolExecutor\n\n"
    "from vllm.pool import WorkerPool\n\n\n"
    "class Engine:\n"
    "    def __init__(self):\n        self.pool = ThreadPoolExecutor(4)\n"
)
ENGINE_NEW = ENGINE_OLD.replace("ThreadPoolExecutor(4)", "WorkerPool(4)")
# upstream touches the pool's module too (the engine reads a class of a file the range changed)
_CLOSE = "\n    def close(self):\n        self.size = 0\n"
POOL_FORK = "vllm/aeon/pool.py"
POOL_HEAD = "from vllm.engine import Engine\n\n\nclass AeonEngine(Engine):\n    def aeon_stop(self):\n"


def _pooled(
    repo: GitRepo, body: str, engine_old: str = ENGINE_OLD, engine_new: str = ENGINE_NEW, pool: str = POOL_TEXT
) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {POOL: pool, ENGINE: engine_old},
        {POOL_FORK: POOL_HEAD + body},
        [("[Core] The engine's own worker pool (#50001)", {ENGINE: engine_new, POOL: pool + _CLOSE})],
    )
    return [
        (f.line, f.severity.value)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "upstream now makes" in f.message
    ]


def test_a_holder_built_as_an_outside_class_made_an_older_class_lacking_the_member(git_repo: GitRepo) -> None:
    assert _pooled(git_repo, "        self.pool.shutdown(wait=False)\n") == [(6, "error")]


def test_a_member_the_older_class_has_stays_quiet(git_repo: GitRepo) -> None:
    assert _pooled(git_repo, "        return self.pool.submit(print)\n") == []


@pytest.mark.parametrize(
    ("engine_old", "pool"),
    [
        # the base built the holder with an outside function: it may have returned the project's class already
        (
            ENGINE_OLD.replace("ThreadPoolExecutor(4)", "make_pool(4)").replace(
                "from concurrent.futures import ThreadPoolExecutor", "from concurrent.futures import make_pool"
            ),
            POOL_TEXT,
        ),
        # the class upstream builds now has an outside base, which may serve the member
        (
            ENGINE_OLD,
            "from concurrent.futures import Executor\n\n\n"
            + POOL_TEXT.replace("class WorkerPool:", "class WorkerPool(Executor):"),
        ),
    ],
    ids=["outside_function", "outside_base"],
)
def test_a_holder_whose_old_type_or_new_members_are_not_known_is_a_warning(
    git_repo: GitRepo, engine_old: str, pool: str
) -> None:
    assert _pooled(git_repo, "        self.pool.shutdown(wait=False)\n", engine_old=engine_old, pool=pool) == [
        (6, "warning")
    ]
