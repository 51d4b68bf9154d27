"""Three widenings from the MoE model files' blind replay (benchmarks/blind_replay_moemodels.py): a module's call
that now hands ``forward`` a new keyword (#46635), a holder the merge base built as an outside class, and a
table of class names the fork tests ``type(m).__name__`` against (#36247)."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import NAME_DRIFT, SYMBOL_DRIFT
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
    repo: GitRepo,
    body: str,
    engine_old: str = ENGINE_OLD,
    engine_new: str = ENGINE_NEW,
    pool: str = POOL_TEXT,
    pool_old: str | None = None,
) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {POOL: pool if pool_old is None else pool_old, ENGINE: engine_old},
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


# -- shaped like #36247 (ee8a29511f): DeepSeekV2FusedQkvAProj renamed DeepSeekV2FusedQkvAProjLinear; the fork's
#    table of class names its patcher skips, tested against ``type(m).__name__``, holds the old name: the test
#    is never true for the renamed class (quiet on the engine before: a display bound to a name read as the
#    fork declaring its own choices)
MODEL = "vllm/model_executor/dsv2.py"
MODEL_OLD = "class FusedQkvAProj:\n    pass\n\n\nclass Gate:\n    pass\n"
MODEL_NEW = MODEL_OLD.replace("class FusedQkvAProj:", "class FusedQkvAProjLinear:")
SKIP_FORK = "vllm/aeon/skip.py"
TESTED = "\n\ndef aeon_skip(module) -> bool:\n    return type(module).__name__ in _SKIP\n"


def _named(repo: GitRepo, fork: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {MODEL: MODEL_OLD},
        {SKIP_FORK: fork},
        [("[Bugfix] Fix compressed-tensors quantization (#36247)", {MODEL: MODEL_NEW})],
    )
    return [
        (f.line, f.severity.value)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.path == SKIP_FORK and f.rule_id == NAME_DRIFT
    ]


@pytest.mark.parametrize(
    ("fork", "line"),
    [
        ("_SKIP = {'FusedQkvAProj', 'Gate'}\n" + TESTED, 1),
        (
            "_SKIP: frozenset[str] = frozenset(\n    (\n        'Gate',\n        'FusedQkvAProj',\n    )\n)\n" + TESTED,
            4,
        ),
        (
            "_SKIP = ('FusedQkvAProj', 'Gate')\n"
            + TESTED.replace("type(module).__name__ in", "module.__class__.__qualname__ not in"),
            1,
        ),
    ],
    ids=["set", "multi_line_frozenset", "not_in_qualname"],
)
def test_a_table_of_names_tested_against_a_class_name_holds_a_renamed_class(
    git_repo: GitRepo, fork: str, line: int
) -> None:
    assert _named(git_repo, fork) == [(line, "error")]


@pytest.mark.parametrize(
    "fork",
    [
        # the table names the new spelling too: written for both sides
        "_SKIP = {'FusedQkvAProj', 'FusedQkvAProjLinear'}\n" + TESTED,
        # the same written out in the test
        "def aeon_skip(module) -> bool:\n    return type(module).__name__ in ('FusedQkvAProj', 'FusedQkvAProjLinear')\n",
        # the fork adds the new name to the table itself
        "_SKIP = {'FusedQkvAProj', 'Gate'}\n_SKIP.add('FusedQkvAProjLinear')\n" + TESTED,
        # a table the module never tests a name against: the fork's own list
        "_DOC = ('FusedQkvAProj', 'Gate')\n\n\ndef aeon_doc() -> str:\n    return ', '.join(_DOC)\n",
        # a table of the fork's own choices, tested against a value of its own
        "_MODES = ('FusedQkvAProj', 'fast')\n\n\ndef aeon_ok(mode: str) -> bool:\n    return mode in _MODES\n",
        # a fork class of the old name: the name is the fork's own
        "class FusedQkvAProj:\n    pass\n\n\n_SKIP = {'FusedQkvAProj', 'Gate'}\n" + TESTED,
    ],
    ids=["both_in_table", "both_inline", "table_extended", "never_tested", "own_choices", "fork_namesake"],
)
def test_a_table_written_for_both_sides_or_the_forks_own_is_quiet(git_repo: GitRepo, fork: str) -> None:
    assert [f for f in _named(git_repo, fork) if f[1] == "error"] == []


def test_a_class_upstream_added_with_an_outside_base_is_a_warning(git_repo: GitRepo) -> None:
    # the engine's old pool imported WorkerPool from a module that did not define it yet; upstream adds it on an
    # outside base, which may serve the member (#28987's wrapper had no base: an error, test_rebased.py)
    executor = "from concurrent.futures import Executor\n\n\n" + POOL_TEXT.replace(
        "class WorkerPool:", "class WorkerPool(Executor):"
    )
    pool_old = "class Other:\n    pass\n\n\nWorkerPool = None\n"
    body = "        self.pool.shutdown(wait=False)\n"
    assert _pooled(git_repo, body, pool=executor, pool_old=pool_old) == [(6, "warning")]
