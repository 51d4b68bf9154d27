"""A method that built an attribute now sets it to ``None``; a fork override uses it right after ``super()``.

#14575 (04421dff8a) turned ``StructuredOutputManager.__init__``'s ``self._grammar_bitmask =
xgr.allocate_token_bitmask(...)`` into ``self._grammar_bitmask: Optional[torch.Tensor] = None`` (allocated on the
first ``grammar_bitmask`` call): a fork subclass reading ``self._grammar_bitmask.shape`` below
``super().__init__(vllm_config)`` meets None.  The same for any method (``setup``).  Twins: a test of the
attribute, a store of it, a call on ``self`` between (it may build it), ``try``/``except AttributeError``, a read
above the super call; upstream still building it in the method after the ``None``, or through a helper it calls.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MANAGER = "vllm/v1/structured_output/__init__.py"
BASE = """class StructuredOutputManager:
    def __init__(self, vllm_config):
        self.vllm_config = vllm_config
        self._grammar_bitmask = allocate(vllm_config.max_num_seqs)

    def setup(self):
        self.pool = Pool(4)
"""
AFTER = BASE.replace(
    "self._grammar_bitmask = allocate(vllm_config.max_num_seqs)", "self._grammar_bitmask: Optional[Tensor] = None"
).replace("self.pool = Pool(4)", "self.pool = None")
FORK = "vllm/aeon/so_manager.py"
HEAD = "from vllm.v1.structured_output import StructuredOutputManager\n\n\n"
SUB = "class AeonManager(StructuredOutputManager):\n    def __init__(self, vllm_config):\n"
INIT = SUB + "        super().__init__(vllm_config)\n"


def rows(repo: GitRepo, config: Path, body: str, after: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {MANAGER: BASE}, {FORK: HEAD + body}, [("[V1] Allocate the bitmask lazily (#14575)", {MANAGER: after})]
    )
    return [(line - 3, sev) for path, line, sev, _ in s.rule_rows(repo, config, sides, TYPE_DRIFT) if path == FORK]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (INIT + "        self.aeon_rows = self._grammar_bitmask.shape[0]\n", 4),
        (INIT + "        self.aeon_row = self._grammar_bitmask[0]\n", 4),
        (
            SUB + "        super(AeonManager, self).__init__(vllm_config)\n"
            "        self.aeon_row = self._grammar_bitmask[0]\n",
            4,
        ),
        (
            "class AeonManager(StructuredOutputManager):\n    def setup(self):\n        super().setup()\n"
            "        self.pool.submit(print)\n",
            4,
        ),
    ],
    ids=["attribute off it", "indexed", "old-style super", "another method called"],
)
def test_a_use_after_super_of_a_nulled_attribute_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    assert rows(git_repo, no_rules, body) == [(line, "error")]


@pytest.mark.parametrize(
    "body",
    [
        INIT
        + "        if self._grammar_bitmask is not None:\n            self.aeon_rows = self._grammar_bitmask.shape[0]\n",
        INIT + "        self._grammar_bitmask = alloc()\n        self.aeon_rows = self._grammar_bitmask.shape[0]\n",
        INIT + "        self.aeon_alloc()\n        self.aeon_rows = self._grammar_bitmask.shape[0]\n",
        INIT + "        try:\n            self.aeon_rows = self._grammar_bitmask.shape[0]\n"
        "        except AttributeError:\n            self.aeon_rows = 0\n",
        SUB + "        self.aeon_cfg = self.vllm_config.x\n        super().__init__(vllm_config)\n",
        INIT + "        self.aeon_cfg = self.vllm_config.x\n",
    ],
    ids=["tested", "stored", "a self call between", "try", "above the super call", "kept attribute"],
)
def test_fork_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


USE = INIT + "        self.aeon_rows = self._grammar_bitmask.shape[0]\n"


@pytest.mark.parametrize(
    "after",
    [
        AFTER.replace(
            "= None\n\n",
            "= None\n        if vllm_config.eager:\n            self._grammar_bitmask = allocate(8)\n\n",
            1,
        ),
        AFTER.replace(
            "= None\n\n",
            "= None\n        self._allocate()\n\n    def _allocate(self):\n"
            "        self._grammar_bitmask = allocate(8)\n\n",
            1,
        ),
        AFTER.replace("= None\n\n", "= None\n        build_bitmask(self)\n\n", 1),
    ],
    ids=["still built in the method", "built by a helper it calls", "self handed on"],
)
def test_upstream_twins_are_quiet(git_repo: GitRepo, no_rules: Path, after: str) -> None:
    assert rows(git_repo, no_rules, USE, after) == []


# review of killers110: twins a reviewer proved false (a callback, a helper handed self, a fork hook override,
# a fork mixin ahead in the MRO)
def test_review_lambda_callback(git_repo, no_rules: Path) -> None:
    body = INIT + "        self.aeon_rows = lambda: self._grammar_bitmask.shape[0]\n"
    assert rows(git_repo, no_rules, body) == []


def test_review_fork_helper_handed_self(git_repo, no_rules: Path) -> None:
    body = INIT + "        aeon_allocate(self)\n        self.aeon_rows = self._grammar_bitmask.shape[0]\n"
    assert rows(git_repo, no_rules, body) == []


def test_review_fork_overrides_hook_upstream_calls(git_repo, no_rules: Path) -> None:
    after = AFTER.replace(
        "= None\n\n", "= None\n        self._post_init()\n\n    def _post_init(self):\n        pass\n\n", 1
    )
    body = INIT + (
        "        self.aeon_rows = self._grammar_bitmask.shape[0]\n\n"
        "    def _post_init(self):\n        self._grammar_bitmask = allocate(8)\n"
    )
    assert rows(git_repo, no_rules, body, after) == []


def test_review_imported_fork_mixin_builds_it(git_repo, no_rules: Path) -> None:
    mixin = (
        "class AeonAllocMixin:\n    def __init__(self, vllm_config):\n        super().__init__(vllm_config)\n"
        "        self._grammar_bitmask = allocate(8)\n"
    )
    body = (
        "from vllm.aeon.mixins import AeonAllocMixin\n\n\n"
        "class AeonManager(AeonAllocMixin, StructuredOutputManager):\n    def __init__(self, vllm_config):\n"
        "        super().__init__(vllm_config)\n        self.aeon_rows = self._grammar_bitmask.shape[0]\n"
    )
    sides = s.merge_case(
        git_repo,
        {MANAGER: BASE},
        {FORK: HEAD + body, "vllm/aeon/mixins.py": mixin},
        [("[V1] Allocate the bitmask lazily (#14575)", {MANAGER: AFTER})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT) if r[0] == FORK] == []


# #42922 (3cb83c9592): Worker.__init__ built self.weight_transfer_engine; upstream leaves it None there and
# builds it in load_model (the engine needs the model), which upstream's executor runs after init_device
WORKER = "vllm/v1/worker/gpu_worker.py"
WORKER_BASE = """class Worker:
    def __init__(self, vllm_config):
        self.vllm_config = vllm_config
        self.weight_transfer_engine = (
            create_engine(vllm_config.weight_transfer_config) if vllm_config.weight_transfer_config else None
        )

    def init_device(self):
        self.device = pick_device()

    def load_model(self):
        self.model_runner.load_model()

    def update_weights(self, info):
        if self.weight_transfer_engine is None:
            raise RuntimeError("no engine")
        self.weight_transfer_engine.receive(info)
"""
WORKER_AFTER = WORKER_BASE.replace(
    """        self.weight_transfer_engine = (
            create_engine(vllm_config.weight_transfer_config) if vllm_config.weight_transfer_config else None
        )
""",
    "        self.weight_transfer_engine: WeightTransferEngine | None = None\n",
).replace(
    "        self.model_runner.load_model()\n",
    "        self.model_runner.load_model()\n"
    "        if self.vllm_config.weight_transfer_config is not None:\n"
    "            self.weight_transfer_engine = create_engine(self.vllm_config.weight_transfer_config)\n",
)
WORKER_HEAD = "from vllm.v1.worker.gpu_worker import Worker\n\n\n"


def worker_rows(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {WORKER: WORKER_BASE},
        {FORK: WORKER_HEAD + body},
        [("Add model to the engine (#42922)", {WORKER: WORKER_AFTER})],
    )
    return [(line - 3, sev) for path, line, sev, _ in s.rule_rows(repo, config, sides, TYPE_DRIFT) if path == FORK]


def test_a_hook_using_what_the_constructor_built_now_built_by_a_later_hook_warns(
    git_repo: GitRepo, no_rules: Path
) -> None:
    body = (
        "class AeonWorker(Worker):\n    def init_device(self):\n        super().init_device()\n"
        "        self.weight_transfer_engine.bind(self.device)\n"
    )
    assert worker_rows(git_repo, no_rules, body) == [(4, "warning")]


@pytest.mark.parametrize(
    "body",
    [
        # a hook upstream's own code uses the attribute in: it runs once the attribute is built
        "class AeonWorker(Worker):\n    def update_weights(self, info):\n        super().update_weights(info)\n"
        "        self.weight_transfer_engine.ack(info)\n",
        # the builder itself, after super()
        "class AeonWorker(Worker):\n    def load_model(self):\n        super().load_model()\n"
        "        self.weight_transfer_engine.warm()\n",
        # a test of it
        "class AeonWorker(Worker):\n    def init_device(self):\n        super().init_device()\n"
        "        if self.weight_transfer_engine is not None:\n            self.weight_transfer_engine.bind(self.device)\n",
        # a fork method of its own: when it runs is the fork's to say
        "class AeonWorker(Worker):\n    def aeon_sync(self):\n        self.weight_transfer_engine.sync()\n",
    ],
    ids=["hook-upstream-uses", "the-builder", "tested", "own-method"],
)
def test_hooks_that_meet_the_attribute_built_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert worker_rows(git_repo, no_rules, body) == []


HANDING_BODY = (
    "class AeonWorker(Worker):\n    def __init__(self, vllm_config):\n        super().__init__(vllm_config)\n"
    "        self.aeon_kind = self.weight_transfer_engine.kind\n\n"
    "    def init_device(self):\n        super().init_device()\n        self.weight_transfer_engine.bind(self.device)\n"
)


def handing_rows(repo: GitRepo, config: Path, base: str, after: str) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {WORKER: base}, {FORK: WORKER_HEAD + HANDING_BODY}, [("#42922", {WORKER: after})])
    return [(line - 3, sev) for path, line, sev, _ in s.rule_rows(repo, config, sides, TYPE_DRIFT) if path == FORK]


def test_a_constructor_handing_self_on_still_shows_the_moved_build(git_repo: GitRepo, no_rules: Path) -> None:
    """The real constructor hands ``self`` to a helper (``ElasticEPScalingExecutor(self)``) below its ``None``,
    which may set anything: the use after ``super().__init__`` stays quiet, the hook's use of the build upstream
    moved warns."""
    handing = "        self.scaler = Scaler(self)\n"
    base = WORKER_BASE.replace("        )\n\n    def init_device", "        )\n" + handing + "\n    def init_device", 1)
    after = WORKER_AFTER.replace(
        "WeightTransferEngine | None = None\n", "WeightTransferEngine | None = None\n" + handing
    )
    assert handing in base and handing in after
    assert handing_rows(git_repo, no_rules, base, after) == [(8, "warning")]


def test_a_helper_handed_self_above_the_none_cannot_set_it(git_repo: GitRepo, no_rules: Path) -> None:
    """#27220 (9ef3d5b875): ``FusedMoE.__init__`` hands ``self`` to ``create_weights`` and others, then ends with
    ``self.batched_hidden_states = None`` (built by ``ensure_dp_chunking_init`` on the first forward): whatever a
    helper set above that line, the constructor returns it None, so the use after ``super().__init__`` errs."""
    handing = "        self.vllm_config = vllm_config\n        self.scaler = Scaler(self)\n"
    base, after = (
        t.replace("        self.vllm_config = vllm_config\n", handing, 1) for t in (WORKER_BASE, WORKER_AFTER)
    )
    assert handing_rows(git_repo, no_rules, base, after) == [(4, "error"), (8, "warning")]


# #27220 (9ef3d5b875): the constructor kept ``self.batched_hidden_states = None`` and built it under a test below;
# upstream moved the build into ``ensure_dp_chunking_init`` (the first forward), so only the kept None line is left
MOE = "vllm/model_executor/layers/fused_moe/layer.py"
MOE_BASE = """class FusedMoE:
    def __init__(self, moe, quant_method):
        quant_method.create_weights(layer=self)
        self.batched_hidden_states = None
        if moe.use_dp_chunking:
            self.batched_hidden_states = zeros(moe.max_num_tokens)

    def forward(self, x):
        return x
"""
MOE_AFTER = MOE_BASE.replace(
    """        if moe.use_dp_chunking:
            self.batched_hidden_states = zeros(moe.max_num_tokens)
""",
    "        self.moe = moe\n",
).replace(
    "    def forward(self, x):\n",
    "    def ensure_dp_chunking_init(self):\n        if self.batched_hidden_states is None:\n"
    "            self.batched_hidden_states = zeros(self.moe.max_num_tokens)\n\n    def forward(self, x):\n"
    "        self.ensure_dp_chunking_init()\n",
)
MOE_HEAD = "from vllm.model_executor.layers.fused_moe.layer import FusedMoE\n\n\n"
MOE_INIT = "class AeonMoE(FusedMoE):\n    def __init__(self, moe, quant_method):\n        super().__init__(moe, quant_method)\n"


def moe_rows(repo: GitRepo, config: Path, body: str, after: str = MOE_AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {MOE: MOE_BASE}, {FORK: MOE_HEAD + body}, [("Fix dp_chunking enablement (#27220)", {MOE: after})]
    )
    return [(line - 3, sev) for path, line, sev, _ in s.rule_rows(repo, config, sides, TYPE_DRIFT) if path == FORK]


def test_a_build_removed_below_a_kept_none_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = MOE_INIT + "        self.aeon_rows = self.batched_hidden_states.size(0)\n"
    assert moe_rows(git_repo, no_rules, body) == [(4, "error")]


@pytest.mark.parametrize(
    ("body", "after"),
    [
        # a test of it
        (MOE_INIT + "        if self.batched_hidden_states is not None:\n            self.aeon_rows = 1\n", MOE_AFTER),
        # the fork builds it first
        (
            MOE_INIT
            + "        self.ensure_dp_chunking_init()\n        self.aeon_rows = self.batched_hidden_states.size(0)\n",
            MOE_AFTER,
        ),
        # upstream's constructor hands self on below the None: the helper may build it
        (
            MOE_INIT + "        self.aeon_rows = self.batched_hidden_states.size(0)\n",
            MOE_AFTER.replace("        self.moe = moe\n", "        self.moe = moe\n        register(self)\n"),
        ),
        # upstream's constructor still builds it by calling the builder
        (
            MOE_INIT + "        self.aeon_rows = self.batched_hidden_states.size(0)\n",
            MOE_AFTER.replace(
                "        self.moe = moe\n", "        self.moe = moe\n        self.ensure_dp_chunking_init()\n"
            ),
        ),
    ],
    ids=["tested", "fork-builds-first", "handed-below", "builder-called"],
)
def test_a_kept_none_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str, after: str) -> None:
    assert moe_rows(git_repo, no_rules, body, after) == []
