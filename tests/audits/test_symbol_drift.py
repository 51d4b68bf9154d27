"""Symbol drift and duplicate definitions, each rebuilt from a real vLLM change as a clean git merge."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport, MergeSides
from aeon_release.domain.audits.drift import duplicates, symbols
from aeon_release.domain.audits.drift.duplicates import RULE as DUPLICATE
from aeon_release.domain.audits.drift.duplicates import duplicate_definitions
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from aeon_release.errors import ConfigError
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import three_way


def found(report: AuditReport, rule: str = DRIFT) -> list[tuple[str, int, str]]:
    return [(f.path, f.line, f.message) for f in report.findings if f.rule_id == rule]


def line_of(repo: GitRepo, path: str, text: str) -> int:
    return next(i for i, line in enumerate((repo.path / path).read_text().splitlines(), 1) if text in line)


# -- renamed class attribute (#28479) ---------------------------------------------------------------------
def test_renamed_classvar_under_a_fork_builder(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {s.UTILS: s.BUILDER_BASE},
        {s.FORK_BACKEND: s.FORK_BUILDER},
        [(s.SUBJECT_28479, {s.UTILS: s.BUILDER_RENAMED})],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (s.FORK_BACKEND, line_of(git_repo, s.FORK_BACKEND, "cudagraph_support: ClassVar"))
    assert "overrides AttentionMetadataBuilder.cudagraph_support" in message
    assert (
        "renamed AttentionMetadataBuilder.cudagraph_support to AttentionMetadataBuilder._cudagraph_support" in message
    )
    assert "#28479" in message and "nothing reads the fork's value any more" in message


def test_rename_the_fork_never_uses_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    fork = s.FORK_BUILDER.replace(
        "    cudagraph_support: ClassVar[AttentionCGSupport] = AttentionCGSupport.UNIFORM_BATCH\n", ""
    )
    sides = s.merge_case(
        git_repo, {s.UTILS: s.BUILDER_BASE}, {s.FORK_BACKEND: fork}, [(s.SUBJECT_28479, {s.UTILS: s.BUILDER_RENAMED})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert found(report) == [] and found(report, DUPLICATE) == []


def test_pr_subject_pattern_is_a_setting(git_repo: GitRepo, tmp_path: Path) -> None:
    config = tmp_path / "cfg"
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "s.yaml").write_text("rules: []\nsettings:\n  pr_subject_pattern: '!(\\d+)$'\n")
    sides = s.merge_case(
        git_repo,
        {s.UTILS: s.BUILDER_BASE},
        {s.FORK_BACKEND: s.FORK_BUILDER},
        [("Refactor cudagraph_support !28479", {s.UTILS: s.BUILDER_RENAMED})],
    )
    [(_, _, message)] = found(git_repo.audit(config, merge=sides))
    assert "(#28479, 'Refactor cudagraph_support !28479')" in message


def test_pr_subject_pattern_comes_from_the_fleet_profile(git_repo: GitRepo, tmp_path: Path) -> None:
    """fleet.yaml's upstream.pr_subject is the one source: the merge plan and symbol drift both read it."""
    config = tmp_path / "cfg"
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "s.yaml").write_text("rules: []\n")
    fleet = "branch_prefix: fork-\nimage: {repository: team/app}\nupstream: {pr_subject: '%s'}\n"
    (config / "fleet.yaml").write_text(fleet % "!(\\d+)$")
    sides = s.merge_case(
        git_repo,
        {s.UTILS: s.BUILDER_BASE},
        {s.FORK_BACKEND: s.FORK_BUILDER},
        [("Refactor cudagraph_support !28479", {s.UTILS: s.BUILDER_RENAMED})],
    )
    [(_, _, message)] = found(git_repo.audit(config, merge=sides))
    assert "(#28479, 'Refactor cudagraph_support !28479')" in message
    (config / "fleet.yaml").write_text(fleet % "\\(#(\\d+)\\)\\s*$")  # GitHub's subject: no PR in this one
    [(_, _, message)] = found(git_repo.audit(config, merge=sides))
    assert "#28479" not in message


def test_a_rule_file_may_not_set_another_pr_subject_than_the_profile(git_repo: GitRepo, tmp_path: Path) -> None:
    config = tmp_path / "cfg"
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "s.yaml").write_text("rules: []\nsettings:\n  pr_subject_pattern: '!(\\d+)$'\n")
    (config / "fleet.yaml").write_text("branch_prefix: fork-\nimage: {repository: team/app}\n")
    with pytest.raises(
        ConfigError, match=r"settings\.pr_subject_pattern: differs from fleet\.yaml's upstream\.pr_subject"
    ):
        git_repo.audit(config)


# -- removed methods (#26315, #28309) ----------------------------------------------------------------------
def test_override_of_a_removed_method(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {s.ABSTRACT: s.IMPL_BASE},
        {s.FORK_IMPL: s.FORK_IMPL_TEXT},
        [(s.SUBJECT_26315, {s.ABSTRACT: s.IMPL_REMOVED})],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (s.FORK_IMPL, line_of(git_repo, s.FORK_IMPL, "def supports_quant_query_input"))
    assert (
        "overrides AttentionImpl.supports_quant_query_input, which upstream removed AttentionImpl.supports_quant_query_input"
        in message
    )
    assert "#26315" in message and "nothing calls the fork's method any more" in message


def test_override_of_a_removed_method_the_fork_class_still_calls_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork class's own method calls its override of the removed method on ``self`` (its override of
    upstream's new spelling hands on to it): the override is still consulted."""
    fork = s.FORK_IMPL_TEXT + (
        "\n    def aeon_query_ready(self) -> bool:\n        return self.supports_quant_query_input()\n"
    )
    sides = s.merge_case(
        git_repo, {s.ABSTRACT: s.IMPL_BASE}, {s.FORK_IMPL: fork}, [(s.SUBJECT_26315, {s.ABSTRACT: s.IMPL_REMOVED})]
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


def test_carry_calls_a_removed_method_through_self(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {s.MIXIN: s.MIXIN_BASE, s.RUNNER: s.RUNNER_BASE},
        {s.RUNNER: s.RUNNER_FORK},
        [(s.SUBJECT_28309, {s.MIXIN: s.MIXIN_REMOVED})],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (s.RUNNER, line_of(git_repo, s.RUNNER, "self.get_kv_connector_stats()"))
    assert "calls self.get_kv_connector_stats" in message
    assert "KVConnectorModelRunnerMixin.get_kv_connector_stats" in message and "#28309" in message


def test_carry_calls_a_removed_method_through_an_annotated_attribute(git_repo: GitRepo, no_rules: Path) -> None:
    worker = "vllm/v1/worker/aeon_worker.py"
    fork = (
        "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\nclass AeonWorker:\n"
        "    def __init__(self, runner: GPUModelRunner):\n        self.model_runner = runner\n\n"
        "    def stats(self):\n        return self.model_runner.get_kv_connector_stats()\n"
    )
    sides = s.merge_case(
        git_repo,
        {s.MIXIN: s.MIXIN_BASE, s.RUNNER: s.RUNNER_BASE},
        {worker: fork},
        [(s.SUBJECT_28309, {s.MIXIN: s.MIXIN_REMOVED})],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (worker, 9) and "self.model_runner.get_kv_connector_stats" in message


# -- a base signature gains a parameter (#28449); code moves to another module (#28064) -----------------
MOE_BASE = {s.MOE_LAYER: s.MOE_LAYER_BASE, s.QUANT_BASE: s.QUANT_BASE_TEXT}


LAYER_PASSES_ROUTING = (
    s.MOE_LAYER_SPLIT
    + """
    def maybe_init_modular_kernel(self):
        return self.quant_method.maybe_make_prepare_finalize(routing_tables=None)
"""
)


@pytest.mark.parametrize(("passed", "severity"), [(True, "error"), (False, "warning")])
def test_override_whose_base_gained_a_parameter(git_repo: GitRepo, no_rules: Path, passed: bool, severity: str) -> None:
    """#28449 gave the base ``routing_tables=None`` and passed it from FusedMoE: the fork's override without it
    raises TypeError there (an error).  A parameter only the base's own subclasses hand on through super()
    (vLLM's LoRA ``can_replace_layer(..., decorate=True)``, which no caller passes) breaks no call yet: a warning."""
    base = {
        s.MOE_LAYER: s.MOE_LAYER_SPLIT,
        s.MOE_BASE_FILE: s.MOE_BASE_SPLIT,
        s.QUANT_BASE: s.QUANT_BASE_TEXT,
        s.ALL2ALL: s.ALL2ALL_TEXT,
    }
    upstream = {s.MOE_BASE_FILE: s.MOE_BASE_ROUTING} | ({s.MOE_LAYER: LAYER_PASSES_ROUTING} if passed else {})
    sides = s.merge_case(git_repo, base, {s.FORK_MOE: s.FORK_MOE_TEXT}, [(s.SUBJECT_28449, upstream)])
    report = git_repo.audit(no_rules, merge=sides)
    [finding] = [f for f in report.findings if f.rule_id == DRIFT]
    assert (finding.path, finding.line) == (
        s.FORK_MOE,
        line_of(git_repo, s.FORK_MOE, "def maybe_make_prepare_finalize"),
    )
    assert "overrides FusedMoEMethodBase.maybe_make_prepare_finalize, whose parameters changed" in finding.message
    assert "the base now takes (routing_tables), the override ()" in finding.message and "#28449" in finding.message
    assert finding.severity.value == severity, finding
    assert ("no call upstream passes routing_tables" in finding.message) is not passed


RUNNER_BASE_MOD = "vllm/worker/model_runner_base.py"
WORKER_MOD = "vllm/worker/worker_base.py"
FORK_RUNNER_MOD = "vllm/worker/hpu_enc_dec_model_runner.py"
RUNNER_BASE_TEXT = """class ModelRunnerBase:
    def execute_model(self, model_input, kv_caches, intermediate_tensors, num_steps: int = 1):
        raise NotImplementedError
"""
WORKER_TEXT = """class LocalWorker:
    def __init__(self, model_runner) -> None:
        self.model_runner = model_runner

    def execute(self, model_input, kv_caches, **kwargs):
        return self.model_runner.execute_model(model_input=model_input, kv_caches=kv_caches,
                                               intermediate_tensors=None, **kwargs)
"""
FORK_RUNNER_TEXT = """from vllm.worker.model_runner_base import ModelRunnerBase


class HPUEncoderDecoderModelRunner(ModelRunnerBase):  # AEON: the fork's runner
    def execute_model(self, model_input, kv_caches, intermediate_tensors=None, num_steps: int = 1, warmup=False):
        return [model_input, kv_caches, warmup]
"""


@pytest.mark.parametrize(("new_caller", "severity"), [(False, "warning"), (True, "error")])
def test_override_whose_base_gained_kwargs(git_repo: GitRepo, no_rules: Path, new_caller: bool, severity: str) -> None:
    """HabanaAI's fork, upstream #11602's shape: the base's ``execute_model`` gained ``**kwargs`` (the worker had
    handed its ``**kwargs`` to the runner all along).  The fork's override without ``**kwargs`` receives what it
    received before: a warning.  A call upstream adds that hands the method more keywords: an error."""
    gained = RUNNER_BASE_TEXT.replace("num_steps: int = 1)", "num_steps: int = 1, **kwargs)")
    upstream: dict[str, str | None] = {RUNNER_BASE_MOD: gained}
    if new_caller:
        upstream[WORKER_MOD] = WORKER_TEXT + (
            "\n    def warm(self, model_input, **kwargs):\n"
            "        return self.model_runner.execute_model(model_input, None, None, 1, **kwargs)\n"
        )
    sides = s.merge_case(
        git_repo,
        {RUNNER_BASE_MOD: RUNNER_BASE_TEXT, WORKER_MOD: WORKER_TEXT},
        {FORK_RUNNER_MOD: FORK_RUNNER_TEXT},
        [("[platforms] enable platform plugins (#11602)", upstream)],
    )
    report = git_repo.audit(no_rules, merge=sides)
    [finding] = [f for f in report.findings if f.rule_id == DRIFT]
    assert (finding.path, finding.line) == (FORK_RUNNER_MOD, 5)
    assert "the base takes **kwargs; the override does not" in finding.message
    assert finding.severity.value == severity, finding
    assert ("no call upstream passes **kwargs" in finding.message) is not new_caller


def test_override_whose_base_did_not_change_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream changes the base class around the fork's overrides (a new method, a body): they still fit."""
    changed = s.MOE_BASE_SPLIT.replace(
        "    @abstractmethod\n",
        "    def select_gemm_impl(self, prepare_finalize, layer):\n"
        "        raise NotImplementedError\n\n    @abstractmethod\n",
    ).replace("        raise NotImplementedError\n", "        raise NotImplementedError(type(self).__name__)\n")
    fork = s.FORK_MOE_TEXT
    base = {s.MOE_LAYER: s.MOE_LAYER_SPLIT, s.MOE_BASE_FILE: s.MOE_BASE_SPLIT, s.QUANT_BASE: s.QUANT_BASE_TEXT}
    sides = s.merge_case(git_repo, base, {s.FORK_MOE: fork}, [("apply takes scoring (#1)", {s.MOE_BASE_FILE: changed})])
    assert found(git_repo.audit(no_rules, merge=sides)) == []


def test_move_with_a_re_export_kept_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """#28064 moves FusedMoEMethodBase out of layer.py, which still imports (re-exports) it."""
    sides = s.merge_case(
        git_repo,
        MOE_BASE,
        {s.FORK_MOE: s.FORK_MOE_TEXT},
        [
            (
                s.SUBJECT_28064,
                {s.MOE_LAYER: s.MOE_LAYER_SPLIT, s.MOE_BASE_FILE: s.MOE_BASE_SPLIT, s.ALL2ALL: s.ALL2ALL_TEXT},
            )
        ],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


def test_carry_calls_a_helper_upstream_moved_to_another_module(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        MOE_BASE,
        {s.FORK_MOE: s.FORK_MOE_CALLS_HELPER},
        [
            (
                s.SUBJECT_28064,
                {s.MOE_LAYER: s.MOE_LAYER_SPLIT, s.MOE_BASE_FILE: s.MOE_BASE_SPLIT, s.ALL2ALL: s.ALL2ALL_TEXT},
            )
        ],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (s.FORK_MOE, line_of(git_repo, s.FORK_MOE, "self._maybe_make_prepare_finalize("))
    assert "to vllm.model_executor.layers.fused_moe.all2all_utils.maybe_make_prepare_finalize" in message
    assert "#28064" in message


def test_import_of_a_function_that_moved_without_re_export(git_repo: GitRepo, no_rules: Path) -> None:
    helpers = "vllm/model_executor/layers/fused_moe/utils.py"
    fork_file = "vllm/model_executor/layers/fused_moe/aeon_a2a.py"
    fork = "from vllm.model_executor.layers.fused_moe.utils import maybe_make_prepare_finalize\n\nPF = maybe_make_prepare_finalize\n"
    sides = s.merge_case(
        git_repo,
        {helpers: s.ALL2ALL_TEXT + "\n\ndef other():\n    return 1\n"},
        {fork_file: fork},
        [
            (
                "Move prepare/finalize to all2all_utils (#7)",
                {helpers: "def other():\n    return 1\n", s.ALL2ALL: s.ALL2ALL_TEXT},
            )
        ],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (fork_file, 1)
    assert "imports maybe_make_prepare_finalize from vllm.model_executor.layers.fused_moe.utils" in message
    assert "to vllm.model_executor.layers.fused_moe.all2all_utils.maybe_make_prepare_finalize" in message


# -- a parameter renamed (#26695) -------------------------------------------------------------------------------
def test_parameter_renamed_under_an_override_and_a_keyword_call(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {s.CUDA: s.CUDA_BASE},
        {s.FORK_PLATFORM: s.FORK_PLATFORM_TEXT},
        [(s.SUBJECT_26695, {s.CUDA: s.CUDA_RENAMED})],
    )
    results = found(git_repo.audit(no_rules, merge=sides))
    assert [(p, line) for p, line, _ in results] == [(s.FORK_PLATFORM, 6)]
    assert "parameter 1 is 'dtype' in the base, 'torch_dtype' in the override" in results[0][2]
    # the keyword call binds to the fork's own override, which still takes torch_dtype: no drift there


def test_keyword_call_into_a_renamed_parameter(git_repo: GitRepo, no_rules: Path) -> None:
    fork_file = "vllm/platforms/aeon_checks.py"
    fork = "from vllm.platforms.cuda import CudaPlatformBase\n\n\ndef ok():\n    return CudaPlatformBase.check_if_supports_dtype(torch_dtype=1)\n"
    sides = s.merge_case(
        git_repo, {s.CUDA: s.CUDA_BASE}, {fork_file: fork}, [(s.SUBJECT_26695, {s.CUDA: s.CUDA_RENAMED})]
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (fork_file, 5)
    assert "passes torch_dtype=, which it no longer accepts" in message and "#26695" in message


def test_keyword_swallowed_by_kwargs_after_upstream_dropped_the_parameter(git_repo: GitRepo, no_rules: Path) -> None:
    """#25807 (ab196edefb) drops lora_bias_stacked from add_lora_linear(..., **kwargs): a keyword call still runs."""
    punica = "vllm/lora/punica_base.py"
    before = "class PunicaWrapperBase:\n    def add_lora_linear(self, y, x, lora_a, lora_b, lora_bias_stacked, scale, **kwargs):\n        return y\n"
    after = before.replace("lora_bias_stacked, ", "")
    fork_file = "vllm/lora/aeon_lora.py"
    fork = (
        "from vllm.lora.punica_base import PunicaWrapperBase\n\n\nclass AeonPunica(PunicaWrapperBase):\n"
        "    def apply(self, y, x):\n        return self.add_lora_linear(y, x, 1, 2, lora_bias_stacked=None, scale=1.0)\n"
    )
    sides = s.merge_case(
        git_repo,
        {"vllm/lora/__init__.py": "", punica: before},
        {fork_file: fork},
        [("Remove LoRA bias support (#25807)", {punica: after})],
    )
    [(_, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert line == 6 and "passes lora_bias_stacked=, which it no longer names: **kwargs swallows it" in message


@pytest.mark.parametrize(
    ("body", "severity", "says"),
    [
        # #25400 dropped mamba_cache_params from forward(..., **kwargs): the body never names its kwargs
        ("return x", "error", "**kwargs swallows it, unused"),
        # #21269 dropped min_dynamic_patch and hands **kwargs on to the processor, which may read it
        ("return helper(x, **kwargs)", "warning", "**kwargs takes it and hands it on"),
        ("self.extra = kwargs\n        return x", "warning", "hands it on"),
        # an abstract method: an override may read the key
        ('"""Subclasses mix."""\n        raise NotImplementedError', "warning", "an override may read it"),
        # near misses: the key is read by name from the kwargs, the value is honoured
        ('return x * kwargs.get("mamba_cache_params", 1)', None, None),
        ('scale = kwargs.pop("mamba_cache_params")\n        return x * scale', None, None),
    ],
    ids=["ignored", "forwarded", "kept", "abstract", "get", "pop"],
)
def test_a_swallowed_keyword_is_an_error_only_when_the_body_never_touches_its_kwargs(
    git_repo: GitRepo, no_rules: Path, body: str, severity: str | None, says: str | None
) -> None:
    layer = "vllm/model_executor/layer.py"
    before = f"class Mixer:\n    def forward(self, x, mamba_cache_params=None, **kwargs):\n        {body}\n"
    after = before.replace("mamba_cache_params=None, ", "")
    fork = (
        "from vllm.model_executor.layer import Mixer\n\n\ndef run(m: Mixer, x):\n"
        "    return m.forward(x, mamba_cache_params=None)\n"
    )
    sides = s.merge_case(
        git_repo,
        {"vllm/model_executor/__init__.py": "", layer: before},
        {"vllm/model_executor/aeon_mix.py": fork},
        [("[V1] Remove V0 code paths for Hybrid models (#25400)", {layer: after})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.severity.value, f.message) for f in report.findings if f.rule_id == DRIFT]
    if severity is None:
        assert rows == []
        return
    [(got, message)] = rows
    assert got == severity and says is not None and says in message and "passes mamba_cache_params=" in message


_PP = "vllm/model_executor/models/utils.py"
_PP_BASE = (
    "class PPMissingLayer:\n    def __init__(self, *args, **kwargs):\n"
    '        self.return_tuple = kwargs.get("return_tuple", False)\n\n'
    "    def forward(self, x):\n        return (x,) if self.return_tuple else x\n"
)


@pytest.mark.parametrize(
    ("init", "severity", "says"),
    [
        # #21931 (796bae07c5) dropped the read: the body no longer touches its kwargs
        ("pass", "error", "passes return_tuple=, which its body no longer reads from its **kwargs: the value is"),
        # the key renamed: the body reads other keys by name only, and the finding names the new one
        (
            'self.return_tuple = kwargs.get("as_tuple", False)',
            "error",
            "(it reads as_tuple now, which upstream added): the value is silently ignored",
        ),
        # handed on: a callee may read the key now
        ("self.setup(**kwargs)", "warning", "(it hands it on): check that the value still reaches"),
        # near misses: the key is still read, by name or another way
        ('self.return_tuple = kwargs.pop("return_tuple", False)', None, None),
        ('self.return_tuple = "return_tuple" in kwargs', None, None),
    ],
    ids=["dropped", "renamed", "handed-on", "still-read", "still-tested"],
)
def test_a_keyword_the_body_stopped_reading_from_its_kwargs(
    git_repo: GitRepo, no_rules: Path, init: str, severity: str | None, says: str | None
) -> None:
    """The signature stays ``(*args, **kwargs)``: only the body's read of the key went (or changed)."""
    after = _PP_BASE.replace('self.return_tuple = kwargs.get("return_tuple", False)', init)
    fork = "from vllm.model_executor.models.utils import PPMissingLayer\n\n\ndef last():\n    return PPMissingLayer(return_tuple=True)\n"
    sides = s.merge_case(
        git_repo,
        {_PP: _PP_BASE},
        {"vllm/model_executor/models/aeon_pp.py": fork},
        [("Update transformers to `v4.55` (#21931)", {_PP: after})],
    )
    rows = [
        (f.line, f.severity.value, f.message)
        for f in git_repo.audit(no_rules, merge=sides).findings
        if f.rule_id == DRIFT
    ]
    if severity is None:
        assert rows == []
        return
    [(line, got, message)] = rows
    assert (line, got) == (5, severity) and says is not None and says in message and "#21931" in message


@pytest.mark.parametrize(
    ("base_init", "severity"),
    [
        ("def __init__(self, num_heads, kv_lora_rank=None, **kwargs):", None),  # the base takes it
        ("def __init__(self, num_heads, **kwargs):\n        self.rank = kwargs.get('kv_lora_rank')", None),
        ("def __init__(self, num_heads, **kwargs):", "warning"),  # the base does not: it may go further
    ],
    ids=["base parameter", "base reads it", "base ignores it"],
)
def test_a_key_handed_on_to_the_bases_method(
    git_repo: GitRepo, no_rules: Path, base_init: str, severity: str | None
) -> None:
    """#47327 (c4f5cd60da) moved FlashMLASparseImpl's ``mla_args["kv_lora_rank"]`` into the base's
    ``__init__``, handing ``**mla_args`` to ``super().__init__``: the fork's keyword still arrives."""
    impl = "vllm/v1/attention/backends/mla/sparse.py"
    head = f"class MLACommonImpl:\n    {base_init}\n        self.num_heads = num_heads\n\n\n"
    before = head + (
        "class SparseImpl(MLACommonImpl):\n    def __init__(self, num_heads, **mla_args):\n"
        "        super().__init__(num_heads, **mla_args)\n        self.kv_lora_rank = mla_args['kv_lora_rank']\n"
    )
    after = before.replace("        self.kv_lora_rank = mla_args['kv_lora_rank']\n", "")
    fork = "from vllm.v1.attention.backends.mla.sparse import SparseImpl\n\nIMPL = SparseImpl(8, kv_lora_rank=512)\n"
    sides = s.merge_case(
        git_repo, {impl: before}, {"vllm/v1/attention/aeon_impl.py": fork}, [("dense MHA path (#47327)", {impl: after})]
    )
    rows = [f.severity.value for f in git_repo.audit(no_rules, merge=sides).findings if f.rule_id == DRIFT]
    assert rows == ([severity] if severity else [])


def test_a_keyword_a_function_never_read_is_not_reported_when_the_body_changes(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """The fork's keyword was ignored before the merge too (the base read another key): not drift."""
    base = "def build(**kwargs):\n    return kwargs.get('mode', 0)\n"
    sides = s.merge_case(
        git_repo,
        {_PP: base},
        {
            "vllm/model_executor/models/aeon_pp.py": "from vllm.model_executor.models.utils import build\n\nX = build(extra=1)\n"
        },
        [("refactor (#1)", {_PP: base.replace("'mode', 0", "'mode', 1")})],
    )
    assert [f for f in git_repo.audit(no_rules, merge=sides).findings if f.rule_id == DRIFT] == []


_LAUNCH = "def launch(x, block_size=16, *, stream=None, **kwargs):\n    return x * block_size\n"
SPLAT_ROWS = [
    ("fast = functools.partial(launch, block_size=64)", "passes block_size=, which it no longer names"),
    ("out = launch(1, **{'block_size': 64})", "passes block_size=, which it no longer names"),
    ("out = launch(1, **dict(block_size=64))", "passes block_size=, which it no longer names"),
    ("out = launch(1, **OPTS)", "passes block_size=, which it no longer names"),
    ("fast = partial(launch, tile_size=64)", None),  # already in the new spelling
    ("fast = partial(launch, stream=0)", None),  # leaves x for the later call: nothing missing
    ("out = launch(1, **SOME)", None),  # a mapping it cannot read: unknowable, not reported
    ("def go(**OPTS): return launch(1, **OPTS)", None),  # the function's own OPTS, not the module's
    ("OPTS.update(tile_size=2); out = launch(1, **OPTS)", None),  # changed after it was bound
    ("def go(): return launch(1, **OPTS)", "passes block_size=, which it no longer names"),  # the module's
    ("def go(): OPTS['b'] = 1; return launch(1, **OPTS)", None),  # a function changes the module's dict
]


def _splat_fork(line: str) -> str:
    return (
        "import functools\nfrom functools import partial\n\nfrom pkg.kern import launch\n\n"
        f"OPTS = dict(block_size=64)\nSOME = load()\n{line}\n"
    )


def _splat_merge(git_repo: GitRepo, ours: dict[str, str]) -> MergeSides:
    after = _LAUNCH.replace("block_size", "tile_size")
    base = {"pkg/__init__.py": "", "pkg/kern.py": _LAUNCH}
    return s.merge_case(git_repo, base, ours, [("Rename block_size (#1)", {"pkg/kern.py": after})])


# The reported rows above each put one fork module beside the same base and upstream and pin the audit's one finding:
# no row's module imports another's (each binds its own OPTS), so one merge and one audit of every reported row's
# module side by side answers each (five merges and audits became one per process; suitespeed9), and a finding
# outside the rows' modules fails the batch, as a second finding failed a row.  The quiet rows keep a merge each.
_SPLATTED: dict[str, list[tuple[str, int, str]]] = {}


def _splat_among_reported(git_repo: GitRepo, no_rules: Path, line: str) -> list[tuple[str, int, str]]:
    if not _SPLATTED:
        paths = {text: f"pkg/use_{number}.py" for number, (text, says) in enumerate(SPLAT_ROWS) if says is not None}
        sides = _splat_merge(git_repo, {path: _splat_fork(text) for text, path in paths.items()})
        every = found(git_repo.audit(no_rules, merge=sides))
        assert all(path in paths.values() for path, _, _ in every), every
        _SPLATTED.update({text: [row for row in every if row[0] == path] for text, path in paths.items()})
    return _SPLATTED[line]


@pytest.mark.parametrize(("line", "says"), SPLAT_ROWS)
def test_keywords_spelled_through_partial_and_dict_splats(
    git_repo: GitRepo, no_rules: Path, line: str, says: str | None
) -> None:
    """A keyword upstream renamed, passed by ``functools.partial`` or a ``**`` dict the fork spelled out:
    the same drift as a plain keyword call (here swallowed by **kwargs, so nothing fails)."""
    if says is None:
        sides = _splat_merge(git_repo, {"pkg/use.py": _splat_fork(line)})
        assert found(git_repo.audit(no_rules, merge=sides)) == []
    else:
        [(_, number, message)] = _splat_among_reported(git_repo, no_rules, line)
        assert number == 8 and "calls launch" in message and says in message, message


_ROPE3 = "def apply_rope(q, k, pos, is_neox=True):\n    return q, k\n"


STAR_TUPLE_ROWS = [
    ("    args = (q, k, p)\n    return apply_rope(*args)\n", "does not pass pos"),
    ("    return apply_rope(*(q, k, p))\n", "does not pass pos"),
    ("    return apply_rope(q, *(k, p), False)\n", "passes p as argument 3, which filled pos"),
    ("    return apply_rope(*ARGS)\n", "does not pass pos"),  # the module's tuple
    ("    args = (q, k)\n    return apply_rope(*args, pos=p)\n", "does not pass cos_sin"),
    ("    args = (q, k, p)\n    args = args[:2]\n    return apply_rope(*args, c, p)\n", None),  # rebound
    ("    args = [q, k, p]\n    return apply_rope(*args)\n", None),  # a list: it may change
    ("    return apply_rope(*load())\n", None),  # unknowable
]


def _star_tuple_fork(body: str) -> str:
    return f"from pkg.rope import apply_rope\n\nARGS = (1, 2, 3)\n\n\ndef f(q, k, c, p):\n{body}"


@pytest.mark.parametrize(
    ("body", "says"),
    STAR_TUPLE_ROWS,
    ids=["local", "literal", "middle", "module", "keyword", "rebound", "list", "call"],
)
def test_positional_arguments_spelled_through_a_star_tuple(
    git_repo: GitRepo, no_rules: Path, body: str, says: str | None
) -> None:
    """``args = (q, k, p); apply_rope(*args)``: a tuple display the scope binds once passes what it holds,
    as if spelled out; upstream inserted cos_sin before pos."""
    after = _ROPE3.replace("k, pos", "k, cos_sin, pos")
    fork = _star_tuple_fork(body)
    base = {"pkg/__init__.py": "", "pkg/rope.py": _ROPE3}
    upstream: list[tuple[str, dict[str, str | None]]] = [("Pass cos_sin to rope (#2)", {"pkg/rope.py": after})]
    if says is not None:
        # the reported rows' modules side by side, one merge and one audit a process (``s.audited_row``,
        # suitespeed13); the quiet rows keep a merge each: another row's module could quiet them
        bodies = [_star_tuple_fork(row) for row, row_says in STAR_TUPLE_ROWS if row_says is not None]
        _, rows = s.audited_row(git_repo, no_rules, base, bodies, fork, upstream, DRIFT, "pkg")
        [(number, message)] = [(f.line, f.message) for f in rows]
        assert number == len(fork.splitlines()) and "calls apply_rope" in message and says in message, message
        return
    sides = s.merge_case(git_repo, base, {"pkg/use.py": fork}, upstream)
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# -- duplicate definitions (#48167) -----------------------------------------------------------------------
def test_upstream_adds_the_carrys_function_again(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {s.DFLASH: s.DFLASH_BASE},
        {s.DFLASH: s.DFLASH_FORK},
        [(s.SUBJECT_48167, {s.DFLASH: s.DFLASH_UPSTREAM})],
    )
    fork_line = line_of(git_repo, s.DFLASH, "def dflash_has_any_non_causal(config) -> bool:")
    lines = (git_repo.path / s.DFLASH).read_text().splitlines()
    upstream_line = [i for i, t in enumerate(lines, 1) if t.startswith("def dflash_has_any_non_causal")][1]
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides), DUPLICATE)
    assert (path, line) == (s.DFLASH, upstream_line)
    assert f"line {fork_line} from the fork, line {upstream_line} from upstream" in message
    assert "the fork's (carry's) version is the one shadowed" in message


FORK_ADDED = frozenset({"def f(x):", "return x + 1", "x: int", "return self._x"})
UPSTREAM_ADDED = frozenset({"def f(x, y=0):", "return x + y", "return 0"})


@pytest.mark.parametrize(
    "text",
    [
        # overloads, property setters, alternatives in if/else and try/except, TYPE_CHECKING
        "from typing import overload\n\n@overload\ndef f(x):\n    return x + 1\n\n@overload\ndef f(x, y=0):\n    return x + y\n",
        "class C:\n    @property\n    def f(x):\n        return self._x\n\n    @f.setter\n    def f(x, y=0):\n        return x + y\n",
        "if FAST:\n    def f(x):\n        return x + 1\nelse:\n    def f(x, y=0):\n        return x + y\n",
        "try:\n    def f(x):\n        return x + 1\nexcept ImportError:\n    def f(x, y=0):\n        return x + y\n",
        "__all__ = ['f']\n__all__ = ['f', 'g']\n",
    ],
)
def test_redefinitions_by_design_are_silent(text: str) -> None:
    assert duplicate_definitions("m.py", text, FORK_ADDED, UPSTREAM_ADDED) == []


def test_duplicate_from_one_side_only_is_not_a_merge_finding() -> None:
    text = "def f(x):\n    return x + 1\n\ndef f(x):\n    return x + 1\n"
    assert duplicate_definitions("m.py", text, FORK_ADDED, frozenset()) == []


def test_a_side_whose_lines_all_lie_below_the_last_statement_is_not_walked(monkeypatch: pytest.MonkeyPatch) -> None:
    # perf26: a carry's marker comment appended to a 340 KB module walked all its blocks for nothing; a comment
    # below the last statement is in no definition, so ``_side`` never counts it
    text = "class C:\n    def f(x, y=0):\n        return x + y\n\n    def f(x):\n        return x + 1\n"
    marker = frozenset({"# carry-marker"})
    monkeypatch.setattr(duplicates, "_blocks", None)  # a walk would call it
    assert duplicate_definitions("m.py", text + "\n# carry-marker\n", marker, UPSTREAM_ADDED) == []
    assert duplicate_definitions("m.py", text + "\n# carry-marker\n", FORK_ADDED, frozenset()) == []
    monkeypatch.undo()
    # the same comment inside the class votes for the fork (one line against upstream's none there)
    inside = text.replace("    def f(x):\n", "    # carry-marker\n    def f(x):\n")
    [finding] = duplicate_definitions("m.py", inside, FORK_ADDED | marker, UPSTREAM_ADDED)
    assert finding.line == 6 and "line 2 from upstream, line 6 from the fork" in finding.message


def test_duplicate_method_in_a_class_where_upstreams_version_is_shadowed() -> None:
    text = "class C:\n    def f(x, y=0):\n        return x + y\n\n    def f(x):\n        return x + 1\n"
    [finding] = duplicate_definitions("m.py", text, FORK_ADDED, UPSTREAM_ADDED)
    assert finding.line == 5 and "defined twice in class C" in finding.message
    assert "line 2 from upstream, line 5 from the fork; upstream's version is shadowed" in finding.message


# -- code a carry patched, moved by upstream to another module (#28064 shape) ----------------------------
HELPER_LAYER = """def maybe_make_prepare_finalize(moe, quant_config):
    prepare_finalize = None
    if moe.use_pplx_kernels:
        prepare_finalize = "pplx"
    elif moe.use_deepep_ht_kernels:
        prepare_finalize = "deepep_ht"
    return prepare_finalize


class FusedMoE:
    def __init__(self, moe):
        self.prepare_finalize = maybe_make_prepare_finalize(moe, None)
"""


def test_carry_patch_left_in_the_copy_upstream_moved_away_from(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HELPER_LAYER.replace(
        """    return prepare_finalize
""",
        """    if moe.aeon_single_node:  # AEON: no all2all on one GB10
        prepare_finalize = None
    return prepare_finalize
""",
        1,
    )
    helper = HELPER_LAYER.split("\n\n\nclass")[0] + "\n"
    upstream_layer = HELPER_LAYER.replace(
        "class FusedMoE:", "from .all2all_utils import maybe_make_prepare_finalize as _mmpf\n\n\nclass FusedMoE:"
    ).replace("self.prepare_finalize = maybe_make_prepare_finalize(", "self.prepare_finalize = _mmpf(")
    sides = s.merge_case(
        git_repo,
        {s.MOE_LAYER: HELPER_LAYER},
        {s.MOE_LAYER: fork},
        [(s.SUBJECT_28064, {s.ALL2ALL: helper, s.MOE_LAYER: upstream_layer})],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (s.MOE_LAYER, line_of(git_repo, s.MOE_LAYER, "if moe.aeon_single_node"))
    assert (
        "the fork patches maybe_make_prepare_finalize(), but upstream moved it to "
        "vllm.model_executor.layers.fused_moe.all2all_utils.maybe_make_prepare_finalize"
    ) in message
    assert "#28064" in message


def test_carry_patch_in_a_function_upstream_did_not_copy_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HELPER_LAYER.replace("    return prepare_finalize\n", "    # AEON\n    return prepare_finalize or None\n", 1)
    other = "def make_router(moe):\n    return moe.router\n"
    sides = s.merge_case(
        git_repo, {s.MOE_LAYER: HELPER_LAYER}, {s.MOE_LAYER: fork}, [("Add router helper (#9)", {s.ALL2ALL: other})]
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# -- a module moved (#31916, 2612ba9285: vllm/attention/backends/abstract.py -> vllm/v1/attention/backend.py) --
def test_imports_from_a_module_upstream_moved(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        "import vllm.attention.backends.abstract as abstract\n"
        "from vllm.attention.backends.abstract import AttentionImpl\n\n\n"
        "class AeonImpl(AttentionImpl):\n    pass\n"
    )
    sides = s.merge_case(
        git_repo,
        {s.ABSTRACT: s.IMPL_BASE},
        {s.FORK_IMPL: fork},
        [
            (
                "[1/N][Attention] Restructure attention: move files (#31916)",
                {s.ABSTRACT: None, "vllm/v1/attention/backend.py": s.IMPL_BASE},
            )
        ],
    )
    results = found(git_repo.audit(no_rules, merge=sides))
    assert [(p, line) for p, line, _ in results] == [(s.FORK_IMPL, 1), (s.FORK_IMPL, 2)]
    assert (
        "imports module vllm.attention.backends.abstract, which upstream moved (module "
        "vllm.attention.backends.abstract is now vllm.v1.attention.backend" in results[0][2]
    )
    assert (
        "imports AttentionImpl from vllm.attention.backends.abstract, which upstream moved AttentionImpl "
        "to vllm.v1.attention.backend.AttentionImpl" in results[1][2]
    )


def test_fork_class_derives_from_a_base_upstream_renamed(git_repo: GitRepo, no_rules: Path) -> None:
    """The import line is upstream's (it follows the rename); the fork's class line still names the old base."""
    model = "vllm/model_executor/models/llama.py"
    base_text = "from vllm.platforms.cuda import CudaPlatformBase\n\n\nclass LlamaModel:\n    pass\n"
    fork = base_text + "\n\nclass AeonPlatform(CudaPlatformBase):\n    device_name = 'gb10'\n"
    renamed = s.CUDA_BASE.replace("class CudaPlatformBase:", "class CudaPlatform:")
    sides = s.merge_case(
        git_repo,
        {s.CUDA: s.CUDA_BASE, model: base_text},
        {model: fork},
        [
            (
                "Rename CudaPlatformBase (#3)",
                {s.CUDA: renamed, model: base_text.replace("CudaPlatformBase", "CudaPlatform")},
            )
        ],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (model, 8)
    assert "derives from CudaPlatformBase, which upstream renamed CudaPlatformBase to CudaPlatform" in message


def test_audit_command_with_the_three_sides_reports_drift(git_repo: GitRepo, no_rules: Path, cli) -> None:  # type: ignore[no-untyped-def]
    (no_rules / "carries.yaml").write_text("carries: []\n")
    sides = s.merge_case(
        git_repo,
        {s.UTILS: s.BUILDER_BASE},
        {s.FORK_BACKEND: s.FORK_BUILDER},
        [(s.SUBJECT_28479, {s.UTILS: s.BUILDER_RENAMED})],
    )
    result = cli(
        "audit",
        "--repo",
        git_repo.path,
        "--config",
        no_rules,
        "--base",
        sides.base,
        "--ours",
        sides.ours,
        "--theirs",
        sides.theirs,
        "--format",
        "json",
    )
    assert result.code == 1, result.err
    rules = [f["rule"] for f in result.json()["findings"] if f["rule"] != "audit/config"]
    assert rules == [DRIFT]


# -- a method removed under a carry's call through current_platform (#27005) --------------------------------
def test_carry_calls_a_platform_method_upstream_moved_to_utils(git_repo: GitRepo, no_rules: Path) -> None:
    base = {s.PLATFORMS_INIT: s.PLATFORMS_INIT_TEXT, s.INTERFACE: s.INTERFACE_BASE, "vllm/utils/__init__.py": ""}
    sides = s.merge_case(
        git_repo,
        base,
        {s.FORK_SKINNY: s.FORK_SKINNY_TEXT},
        [(s.SUBJECT_27005, {s.INTERFACE: s.INTERFACE_MOVED, s.PLATFORM_UTILS: s.PLATFORM_UTILS_TEXT})],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (s.FORK_SKINNY, 6)
    assert (
        "calls current_platform.get_cu_count, which upstream moved Platform.get_cu_count to "
        "vllm.utils.platform_utils.get_cu_count"
    ) in message and "#27005" in message


def test_platform_method_the_window_kept_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    base = {s.PLATFORMS_INIT: s.PLATFORMS_INIT_TEXT, s.INTERFACE: s.INTERFACE_BASE, "vllm/utils/__init__.py": ""}
    fork = s.FORK_SKINNY_TEXT.replace("get_cu_count()", "get_static_graph_wrapper_cls()")
    sides = s.merge_case(
        git_repo,
        base,
        {s.FORK_SKINNY: fork},
        [(s.SUBJECT_27005, {s.INTERFACE: s.INTERFACE_MOVED, s.PLATFORM_UTILS: s.PLATFORM_UTILS_TEXT})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# -- a dataclass constructor (shaped like CommonAttentionMetadata) -----------------------------------------------
METADATA = "vllm/v1/attention/backend.py"
METADATA_BASE = """from dataclasses import dataclass, field


@dataclass
class CommonAttentionMetadata:
    query_start_loc: object
    seq_lens: object
    num_computed_tokens_cpu: object = None
    causal: bool = True
    extra: dict = field(default_factory=dict)
"""


@pytest.mark.parametrize(
    "upstream, problem",
    [
        (
            METADATA_BASE.replace("    num_computed_tokens_cpu: object = None\n", ""),
            "passes num_computed_tokens_cpu=, which it no longer accepts",
        ),
        (
            METADATA_BASE.replace("    causal: bool = True\n", "    causal: bool = True\n    max_seq_len: int = 0\n"),
            None,
        ),
    ],
)
def test_dataclass_constructor_keywords(git_repo: GitRepo, no_rules: Path, upstream: str, problem: str | None) -> None:
    fork_file = "vllm/v1/attention/backends/aeon_meta.py"
    fork = (
        "from vllm.v1.attention.backend import CommonAttentionMetadata\n\n\ndef make(q, s, n):\n"
        "    return CommonAttentionMetadata(query_start_loc=q, seq_lens=s, num_computed_tokens_cpu=n)\n"
    )
    sides = s.merge_case(
        git_repo, {METADATA: METADATA_BASE}, {fork_file: fork}, [("Trim metadata (#5)", {METADATA: upstream})]
    )
    results = found(git_repo.audit(no_rules, merge=sides))
    assert [(p, line, problem in m) for p, line, m in results] == ([(fork_file, 5, True)] if problem else [])


# -- an environment variable upstream removed from the lazy vllm.envs module (#50801, c8602c7906) ------------
ENVS = "vllm/envs.py"
ENVS_BASE = """import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    VLLM_CPU_OMP_THREADS_BIND: str = "auto"
    VLLM_CPU_SGL_KERNEL: bool = False

environment_variables = {
    "VLLM_CPU_OMP_THREADS_BIND": lambda: os.getenv("VLLM_CPU_OMP_THREADS_BIND", "auto"),
    "VLLM_CPU_SGL_KERNEL": lambda: bool(int(os.getenv("VLLM_CPU_SGL_KERNEL", "0"))),
}


def __getattr__(name: str):
    if name in environment_variables:
        return environment_variables[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
"""
ENVS_REMOVED = ENVS_BASE.replace("    VLLM_CPU_SGL_KERNEL: bool = False\n", "").replace(
    '    "VLLM_CPU_SGL_KERNEL": lambda: bool(int(os.getenv("VLLM_CPU_SGL_KERNEL", "0"))),\n', ""
)


@pytest.mark.parametrize("name, caught", [("VLLM_CPU_SGL_KERNEL", True), ("VLLM_CPU_OMP_THREADS_BIND", False)])
def test_env_var_upstream_removed(git_repo: GitRepo, no_rules: Path, name: str, caught: bool) -> None:
    fork_file = "vllm/v1/worker/aeon_cpu.py"
    fork = f"import vllm.envs as envs\n\n\ndef use_sgl() -> bool:\n    return bool(envs.{name})\n"
    sides = s.merge_case(
        git_repo,
        {ENVS: ENVS_BASE},
        {fork_file: fork},
        [("[CPU] Refine CPU kernel dispatch (#50801)", {ENVS: ENVS_REMOVED})],
    )
    results = found(git_repo.audit(no_rules, merge=sides))
    assert [(p, line) for p, line, _ in results] == ([(fork_file, 5)] if caught else [])
    assert all(f"uses envs.{name}, which upstream removed {name}" in m and "#50801" in m for _, _, m in results)
    # and says what to do about it (newuser17: the finding ended at the commit)
    assert all(m.endswith("): drop the use, or move it to what replaced it (the commit says)") for _, _, m in results)


@pytest.mark.parametrize(
    "body, caught",
    [
        ("        return super().maybe_make_prepare_finalize()\n", True),
        ("        return super().maybe_make_prepare_finalize(*args, **kwargs)\n", False),
    ],
)
def test_override_that_swallows_the_new_parameter_in_kwargs(
    git_repo: GitRepo, no_rules: Path, body: str, caught: bool
) -> None:
    """#28449 again, with a fork override that takes **kwargs: routing_tables arrives and is dropped."""
    base = {
        s.MOE_LAYER: s.MOE_LAYER_SPLIT,
        s.MOE_BASE_FILE: s.MOE_BASE_SPLIT,
        s.QUANT_BASE: s.QUANT_BASE_TEXT,
        s.ALL2ALL: s.ALL2ALL_TEXT,
    }
    fork = s.FORK_MOE_TEXT.replace(
        "    def maybe_make_prepare_finalize(self):\n        # AEON: no all2all on a single GB10\n"
        "        return None\n",
        "    def maybe_make_prepare_finalize(self, *args, **kwargs):\n" + body,
    )
    sides = s.merge_case(git_repo, base, {s.FORK_MOE: fork}, [(s.SUBJECT_28449, {s.MOE_BASE_FILE: s.MOE_BASE_ROUTING})])
    results = found(git_repo.audit(no_rules, merge=sides))
    assert [line for _, line, _ in results] == ([5] if caught else [])
    assert all(
        "the base gained routing_tables; the override takes it in **kwargs and drops it" in m for _, _, m in results
    )


@pytest.mark.parametrize("reads_it", [False, True])
def test_fork_sets_an_instance_attribute_upstream_renamed(git_repo: GitRepo, no_rules: Path, reads_it: bool) -> None:
    """The instance twin of #28479: the fork's builder sets self.reorder_batch_threshold, which upstream renamed."""
    renamed = s.BUILDER_BASE.replace(
        "        self.layer_names = layer_names\n",
        "        self.layer_names = layer_names\n        self.use_full_cg = False\n",
    )
    base_text = renamed
    upstream = renamed.replace("self.use_full_cg", "self._use_full_cg")
    fork = s.FORK_BUILDER.replace(
        "    def build(",
        "    def __init__(self, *args):\n        super().__init__(*args)\n"
        "        self.use_full_cg = True\n\n    def build(",
    )
    if reads_it:
        fork = fork.replace(
            "        return common_attn_metadata\n",
            "        return common_attn_metadata if self.use_full_cg else None\n",
        )
    sides = s.merge_case(
        git_repo, {s.UTILS: base_text}, {s.FORK_BACKEND: fork}, [("Rename use_full_cg (#4)", {s.UTILS: upstream})]
    )
    results = [(line, m) for _, line, m in found(git_repo.audit(no_rules, merge=sides)) if "cudagraph_support" not in m]
    assert [line for line, _ in results] == ([] if reads_it else [12])
    assert all(
        "sets self.use_full_cg, which upstream renamed AttentionMetadataBuilder.use_full_cg" in m for _, m in results
    )


STORE_SAMPLER = "vllm/v1/sample/sampler.py"
STORE_BASE = (
    "import torch\n\n\nclass Sampler(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    "        self.rejection_sampler = torch.nn.Identity()\n        self.penalties = torch.nn.Identity()\n"
)
STORE_SETTER = (
    "import torch\n\nfrom vllm.v1.sample.sampler import Sampler\n\n\nclass AeonBase(Sampler):\n"
    "    def __init__(self):\n        super().__init__()\n        self.rejection_sampler = torch.nn.Identity()\n"
)


@pytest.mark.parametrize(
    ("base", "expected"),
    [("Sampler", [9]), ("AeonBase", [])],
    ids=["an unrelated class reads it", "twin: a subclass in another file reads it"],
)
def test_an_attribute_the_forks_subclass_reads(
    git_repo: GitRepo, no_rules: Path, base: str, expected: list[int]
) -> None:
    """The fork's base class sets self.X that upstream's base dropped, and the fork's subclass in another file
    reads it: the fork's own attribute, read by the fork (no error); a class not deriving from it proves nothing."""
    reader = (
        f"from vllm.v1.sample.aeon_base import AeonBase\nfrom vllm.v1.sample.sampler import Sampler\n\n\n"
        f"class AeonSampler({base}):\n    def aeon_verify(self, logits):\n        return self.rejection_sampler(logits)\n"
    )
    fork = {"vllm/v1/sample/aeon_sampler.py": reader, "vllm/v1/sample/aeon_base.py": STORE_SETTER}
    upstream = STORE_BASE.replace("        self.rejection_sampler = torch.nn.Identity()\n", "")
    sides = s.merge_case(
        git_repo,
        {STORE_SAMPLER: STORE_BASE, "vllm/v1/sample/__init__.py": ""},
        fork,
        [("x (#13729)", {STORE_SAMPLER: upstream})],
    )
    results = found(git_repo.audit(no_rules, merge=sides))
    assert [line for path, line, _ in results if path.endswith("aeon_base.py")] == expected


TYPED_IMPORTS = "from vllm.v1.sample.aeon_base import AeonBase\nfrom vllm.v1.sample.sampler import Sampler\n\n\n"
TYPED_READERS = {
    "built": "class AeonRunner:\n    def __init__(self):\n        self.sampler = AeonBase()\n\n"
    "    def verify(self, logits):\n        return self.sampler.rejection_sampler(logits)\n",
    "annotated": "class AeonRunner:\n    sampler: AeonBase\n\n"
    "    def verify(self, logits):\n        return self.sampler.rejection_sampler(logits)\n",
    "a-parameter": "def verify(sampler: AeonBase, logits):\n    return sampler.rejection_sampler(logits)\n",
    "a-subclass-built": "class AeonChild(AeonBase):\n    pass\n\n\nclass AeonRunner:\n    def __init__(self):\n"
    "        self.sampler = AeonChild()\n\n    def verify(self, logits):\n"
    "        return self.sampler.rejection_sampler(logits)\n",
    "upstream-s-class-built": "class AeonRunner:\n    def __init__(self):\n        self.sampler = Sampler()\n\n"
    "    def verify(self, logits):\n        return self.sampler.rejection_sampler(logits)\n",
    "an-untyped-parameter": "def verify(sampler, logits):\n    return sampler.rejection_sampler(logits)\n",
    "upstream-s-class-annotated": "def verify(sampler: Sampler, logits):\n"
    "    return sampler.rejection_sampler(logits)\n",
}


@pytest.mark.parametrize(
    ("reader", "expected"),
    [
        ("built", []),
        ("annotated", []),
        ("a-parameter", []),
        ("a-subclass-built", []),
        ("upstream-s-class-built", [9]),
        ("an-untyped-parameter", [9]),
        ("upstream-s-class-annotated", [9]),
    ],
)
def test_an_attribute_read_through_a_receiver_typed_as_the_forks_class(
    git_repo: GitRepo, no_rules: Path, reader: str, expected: list[int]
) -> None:
    """mend46 (review29's #13240 twin): the fork's class stores self.X that upstream's base dropped, and another
    fork class reads it through an attribute annotated or built as the fork's class (or a parameter so
    annotated): the fork reads its own value.  A receiver typed as upstream's class, or not typed, proves nothing."""
    fork = {
        "vllm/v1/sample/aeon_runner.py": TYPED_IMPORTS + TYPED_READERS[reader],
        "vllm/v1/sample/aeon_base.py": STORE_SETTER,
    }
    upstream = STORE_BASE.replace("        self.rejection_sampler = torch.nn.Identity()\n", "")
    sides = s.merge_case(
        git_repo,
        {STORE_SAMPLER: STORE_BASE, "vllm/v1/sample/__init__.py": ""},
        fork,
        [("x (#13729)", {STORE_SAMPLER: upstream})],
    )
    results = found(git_repo.audit(no_rules, merge=sides))
    assert [line for path, line, _ in results if path.endswith("aeon_base.py")] == expected


# -- one dict key written by both sides (a registry entry the carry and upstream both add) ---------------
REGISTRY = "METHODS = {\n    'fp8': 'Fp8Config',\n    'nvfp4': 'AeonNvfp4Config',  # AEON\n    'awq': 'AwqConfig',\n    'nvfp4': 'ModelOptNvfp4Config',\n}\n"
KEYS_FORK = frozenset({"'nvfp4': 'AeonNvfp4Config',  # AEON", "Kind.FP4: aeon_fp4,", "1: 'one',"})
KEYS_UPSTREAM = frozenset({"'nvfp4': 'ModelOptNvfp4Config',", "Kind.FP4: upstream_fp4,", "True: 'yes',"})


def test_a_dict_key_both_sides_added_keeps_upstreams_value() -> None:
    [finding] = duplicate_definitions("m.py", REGISTRY, KEYS_FORK, KEYS_UPSTREAM)
    assert (finding.rule_id, finding.severity.value, finding.line) == (DUPLICATE, "error", 5)
    assert "key 'nvfp4' is written twice in the dict at line 1" in finding.message
    assert "line 3 from the fork, line 5 from upstream" in finding.message
    assert "the fork's (carry's) entry is silently dropped" in finding.message


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("T = {\n    Kind.FP4: upstream_fp4,\n    Kind.FP8: f8,\n    Kind.FP4: aeon_fp4,\n}\n", 4),  # dotted keys
        ("T = {\n    1: 'one',\n    True: 'yes',\n}\n", 3),  # equal as Python compares keys
        (
            "def f():\n    return g({\n        'a': 0,\n        'nvfp4': 'AeonNvfp4Config',  # AEON\n"
            "        'nvfp4': 'ModelOptNvfp4Config',\n    })\n",
            5,
        ),  # a nested display
        (
            "@register({\n    'nvfp4': 'AeonNvfp4Config',  # AEON\n    'nvfp4': 'ModelOptNvfp4Config',\n})\n"
            "class C:\n    pass\n",
            3,
        ),  # a decorator's display: above the line its class starts on
        (
            "class C:\n    @staticmethod\n    @cached({\n        'nvfp4': 'AeonNvfp4Config',  # AEON\n"
            "        'nvfp4': 'ModelOptNvfp4Config',\n    })\n    def f():\n        pass\n",
            5,
        ),  # a method's second decorator
    ],
)
def test_equal_keys_in_any_display_meet(text: str, line: int) -> None:
    [finding] = duplicate_definitions("m.py", text, KEYS_FORK, KEYS_UPSTREAM)
    assert finding.line == line and finding.severity.value == "error"


@pytest.mark.parametrize(
    "text",
    [
        REGISTRY.replace("AeonNvfp4Config',  # AEON", "ModelOptNvfp4Config',"),  # one side wrote both
        "T = {\n    'nvfp4': 'AeonNvfp4Config',  # AEON\n    **{'nvfp4': 'ModelOptNvfp4Config',\n}}\n",  # a spread
        "T = {\n    k(): 'AeonNvfp4Config',  # AEON\n    k(): 'ModelOptNvfp4Config',\n}\n",  # computed keys
        "A = {\n    'nvfp4': 'AeonNvfp4Config',  # AEON\n}\nB = {\n    'nvfp4': 'ModelOptNvfp4Config',\n}\n",  # two dicts
    ],
)
def test_keys_that_do_not_collide_are_silent(text: str) -> None:
    assert duplicate_definitions("m.py", text, KEYS_FORK, KEYS_UPSTREAM) == []


def test_the_same_entry_from_both_sides_is_a_warning() -> None:
    text = "T = {\n    'nvfp4': 'AeonNvfp4Config',  # AEON\n    'awq': 1,\n    'nvfp4': 'AeonNvfp4Config',\n}\n"
    upstream = KEYS_UPSTREAM | {"'nvfp4': 'AeonNvfp4Config',"}
    [finding] = duplicate_definitions("m.py", text, KEYS_FORK, upstream)
    assert finding.severity.value == "warning" and "identical: drop one" in finding.message


def test_a_merged_registry_with_a_key_from_each_side_stops_the_merge(git_repo: GitRepo, no_rules: Path) -> None:
    path = "vllm/model_executor/layers/quantization/__init__.py"
    rows = "".join(f"    'method{i}': 'Config{i}',\n" for i in range(12))
    base = "METHODS = {\n    'fp8': 'Fp8Config',\n" + rows + "}\n"
    fork = base.replace(
        "    'fp8': 'Fp8Config',\n", "    'fp8': 'Fp8Config',\n    'nvfp4': 'AeonNvfp4Config',  # AEON\n"
    )
    upstream = base.replace(
        "    'method11': 'Config11',\n", "    'method11': 'Config11',\n    'nvfp4': 'ModelOptNvfp4Config',\n"
    )
    sides = s.merge_case(git_repo, {path: base}, {path: fork}, [("Add ModelOpt NVFP4 (#1)", {path: upstream})])
    [(where, line, message)] = found(git_repo.audit(no_rules, merge=sides), DUPLICATE)
    assert (where, line) == (path, line_of(git_repo, path, "    'nvfp4': 'ModelOptNvfp4Config',"))
    assert "key 'nvfp4' is written twice" in message and "the fork's (carry's) entry is silently dropped" in message


# -- code a carry patched, that upstream stopped calling and left in place ---------------------------------
RUNNER = "vllm/v1/worker/runner.py"
USER = "vllm/v1/worker/user.py"
RUNNER_BASE = (
    "def prepare_inputs_legacy(batch):\n    ids = list(batch)\n    return ids\n\n\n"
    "def prepare_inputs_packed(batch):\n    return sorted(batch)\n\n\n"
    + "".join(f"def step{i}(x):\n    return x + {i}\n\n\n" for i in range(6))
    + "def execute(batch):\n    return prepare_inputs_legacy(batch)\n"
)
RUNNER_FORK = RUNNER_BASE.replace("    ids = list(batch)\n", "    ids = list(batch)\n    ids = aeon_pad(ids)  # AEON\n")
RUNNER_UPSTREAM = RUNNER_BASE.replace(
    "    return prepare_inputs_legacy(batch)\n", "    return prepare_inputs_packed(batch)\n"
)


def _dead(
    git_repo: GitRepo, no_rules: Path, fork: dict[str, str], base: dict[str, str], upstream: str = RUNNER_UPSTREAM
) -> list[tuple[str, int, str]]:
    sides = s.merge_case(git_repo, {RUNNER: RUNNER_BASE, **base}, fork, [("Pack the inputs (#2)", {RUNNER: upstream})])
    return [f for f in found(git_repo.audit(no_rules, merge=sides)) if "stopped using" in f[2]]


@pytest.mark.parametrize(
    "tests",
    [
        {},
        # the carry's own test, and an upstream benchmark, still call it: neither runs in service
        {
            "tests/aeon/test_runner.py": "from vllm.v1.worker.runner import prepare_inputs_legacy\n\n\n"
            "def test_pads():\n    assert prepare_inputs_legacy([1])\n"
        },
    ],
)
def test_a_patch_in_a_function_upstream_stopped_calling_is_dead(
    git_repo: GitRepo, no_rules: Path, tests: dict[str, str]
) -> None:
    bench = {
        "benchmarks/bench_inputs.py": "from vllm.v1.worker.runner import prepare_inputs_legacy\n\nprepare_inputs_legacy([1])\n"
    }
    [(path, line, message)] = _dead(git_repo, no_rules, {RUNNER: RUNNER_FORK, **tests}, bench if tests else {})
    assert (path, line) == (RUNNER, line_of(git_repo, RUNNER, "    ids = aeon_pad(ids)  # AEON"))
    assert "the fork patches prepare_inputs_legacy(), which upstream stopped using" in message
    assert f"its last use was in {RUNNER}" in message


def test_a_patch_in_a_function_upstream_stopped_calling_and_re_signed_is_dead(
    git_repo: GitRepo, no_rules: Path
) -> None:
    # upstream's new def line names the function: a definition, not a use
    upstream = RUNNER_UPSTREAM.replace("def prepare_inputs_legacy(batch):", "def prepare_inputs_legacy(batch, pad=0):")
    [(path, line, _)] = _dead(git_repo, no_rules, {RUNNER: RUNNER_FORK}, {}, upstream)
    assert (path, line) == (RUNNER, line_of(git_repo, RUNNER, "    ids = aeon_pad(ids)  # AEON"))


def _decorated(text: str) -> str:
    return text.replace("def prepare_inputs_legacy", "@register\ndef prepare_inputs_legacy")


CALLER = (
    "from vllm.v1.worker.runner import prepare_inputs_legacy\n\ndef mine(b):\n    return prepare_inputs_legacy(b)\n"
)

ALIASED = (
    "from vllm.v1.worker.runner import (\n    prepare_inputs_legacy as prepare_old,\n)\n\n"
    "def mine(b):\n    return prepare_old(b)\n"
)


@pytest.mark.parametrize(
    ("fork", "base", "upstream"),
    [
        ({RUNNER: RUNNER_FORK, USER: CALLER}, {}, RUNNER_UPSTREAM),  # the fork calls it itself
        ({RUNNER: RUNNER_FORK}, {USER: CALLER}, RUNNER_UPSTREAM),  # a file neither side changed still does
        # ... under another name (symbol_precision window 7: ``attach_router as attach_server_info_router``)
        ({RUNNER: RUNNER_FORK}, {USER: ALIASED}, RUNNER_UPSTREAM),
        ({RUNNER: RUNNER_FORK}, {USER: ALIASED.replace("(\n    ", "").replace(",\n)", "")}, RUNNER_UPSTREAM),
        ({RUNNER: RUNNER_FORK, USER: ALIASED}, {}, RUNNER_UPSTREAM),
        # a decorator may register it, to be called by a name no search sees
        ({RUNNER: _decorated(RUNNER_FORK)}, {RUNNER: _decorated(RUNNER_BASE)}, _decorated(RUNNER_UPSTREAM)),
        # upstream changed the call, but still calls it
        ({RUNNER: RUNNER_FORK}, {}, RUNNER_BASE.replace("legacy(batch)\n", "legacy(sorted(batch))\n")),
    ],
)
def test_a_patched_function_something_still_reaches_is_not_dead(
    git_repo: GitRepo, no_rules: Path, fork: dict[str, str], base: dict[str, str], upstream: str
) -> None:
    assert _dead(git_repo, no_rules, fork, base, upstream) == []


def test_lines_the_dead_function_already_had_are_no_patch(git_repo: GitRepo, no_rules: Path) -> None:
    """symbol_precision window 8: #35959 stopped calling ``make_num_tokens_across_dp`` and left it in place;
    the fork's lines there were upstream's own (symbol drift owns lines by text: here a function of the
    fork's spells the same two lines).  Nothing of the fork's was in the dead function to lose."""
    own = "def aeon_ids(batch):\n    ids = list(batch)\n    return ids\n\n\n"
    assert _dead(git_repo, no_rules, {RUNNER: own + RUNNER_BASE}, {}) == []


RUNNER_NO_CALLER = RUNNER_UPSTREAM  # its own module calls the packed version; USER called the legacy one


@pytest.mark.parametrize(("kept", "only_deleted"), [(False, False), (False, True), (True, False)])
def test_a_patch_in_a_function_whose_last_caller_upstream_deleted_is_dead(
    git_repo: GitRepo, no_rules: Path, kept: bool, only_deleted: bool
) -> None:
    # the diff holds no line of a deleted file: the base's text says it used the function (and an
    # upstream that only deleted files changed something)
    other = {"vllm/v1/worker/other.py": CALLER} if kept else {}  # a caller upstream left alone
    fork = RUNNER_NO_CALLER.replace(
        "    ids = list(batch)\n", "    ids = list(batch)\n    ids = aeon_pad(ids)  # AEON\n"
    )
    base = {RUNNER: RUNNER_NO_CALLER, USER: CALLER, **other}
    upstream = RUNNER_NO_CALLER.replace("    return x + 5\n", "    return x + 50\n")  # an edit away from the patch
    sides = s.merge_case(
        git_repo,
        base,
        {RUNNER: fork},
        [("Drop the legacy caller (#3)", {USER: None, **({} if only_deleted else {RUNNER: upstream})})],
    )
    dead = [f for f in found(git_repo.audit(no_rules, merge=sides)) if "stopped using" in f[2]]
    if kept:
        assert dead == []
        return
    [(path, line, message)] = dead
    assert (path, line) == (RUNNER, line_of(git_repo, RUNNER, "    ids = aeon_pad(ids)  # AEON"))
    assert f"its last use was in {USER} (deleted)" in message


@pytest.mark.parametrize("helpers", ["tests/conftest.py", "benchmarks/runner_helpers.py"])
def test_a_patched_test_helper_upstream_stopped_calling_is_no_lost_carry(
    git_repo: GitRepo, no_rules: Path, helpers: str
) -> None:
    """A fork's patch of a function in a file the service never imports (HabanaAI's fork: its own lines in
    ``HfRunner.generate_greedy_logprobs`` of tests/conftest.py, whose last caller upstream deleted): the patch
    never ran in service, so no behaviour of the fork's is lost when upstream stops calling it."""
    sides = s.merge_case(
        git_repo,
        {helpers: RUNNER_BASE},
        {helpers: RUNNER_FORK},
        [("Pack the inputs (#2)", {helpers: RUNNER_UPSTREAM})],
    )
    assert [f for f in found(git_repo.audit(no_rules, merge=sides)) if "stopped using" in f[2]] == []


# -- fork code below an exit upstream added -----------------------------------------------------------------
EXIT_FORK = frozenset({"y = aeon_clamp(y)  # AEON", "continue  # AEON", "return aeon(x)"})
EXIT_UPSTREAM = frozenset({"return new_path(y)", "break", "raise NotImplementedError"})


def test_fork_code_below_an_exit_upstream_added_never_runs() -> None:
    text = "def run(x):\n    y = x + 1\n    return new_path(y)\n    y = y * 2\n    y = aeon_clamp(y)  # AEON\n    return y\n"
    [finding] = duplicate_definitions("m.py", text, EXIT_FORK, EXIT_UPSTREAM)
    assert (finding.rule_id, finding.severity.value, finding.line) == ("merge/unreachable", "error", 5)
    assert "upstream's `return new_path(y)` at line 3 now leaves this block of function run" in finding.message


@pytest.mark.parametrize(
    "text",
    [
        # the fork's own exit: upstream's code below it is disabled by design
        "def run(x):\n    return aeon(x)\n    y = x + 1\n    return new_path(y)\n",
        # the exit sits in a branch: the fork's code runs on the other path
        "def run(x):\n    if x:\n        return new_path(x)\n    y = aeon_clamp(y)  # AEON\n    return y\n",
        # upstream's exit ends an inner block only
        "def run(xs):\n    for x in xs:\n        if x:\n            break\n    y = aeon_clamp(y)  # AEON\n",
        # the base's exit, not upstream's
        "def run(x):\n    return x\n    y = aeon_clamp(y)  # AEON\n",
    ],
)
def test_fork_code_on_a_path_that_still_runs_is_silent(text: str) -> None:
    assert duplicate_definitions("m.py", text, EXIT_FORK, EXIT_UPSTREAM) == []


def test_an_exit_in_a_loop_body_strands_the_fork_line_below_it() -> None:
    text = "def run(xs):\n    for x in xs:\n        break\n        continue  # AEON\n"
    [finding] = duplicate_definitions("m.py", text, EXIT_FORK, EXIT_UPSTREAM)
    assert finding.line == 4 and "`break` at line 3" in finding.message


# -- a fork value that upstream's new assignment replaces before anything reads it --------------------------
SET_FORK = frozenset({"self.graph_sizes = [1, 2, 4]  # AEON: GB10", "chunk = 256  # AEON", "self.cache = None  # AEON"})
SET_UPSTREAM = frozenset({"self.graph_sizes = compute_sizes(n)", "chunk = cfg.chunk", "self.cache = make()"})
INIT = "class Cfg:\n    def __init__(self, n):\n        self.n = n\n{fork}        self.f = 1\n{mid}        self.graph_sizes = compute_sizes(n)\n"
FORK_SET = "        self.graph_sizes = [1, 2, 4]  # AEON: GB10\n"


def test_a_fork_value_upstream_replaces_before_any_read_no_longer_takes_effect() -> None:
    [finding] = duplicate_definitions("m.py", INIT.format(fork=FORK_SET, mid=""), SET_FORK, SET_UPSTREAM)
    assert (finding.severity.value, finding.line) == ("error", 4)
    assert "the fork's value of self.graph_sizes (line 4) is replaced by upstream's new assignment at line 6" in (
        finding.message
    )


def test_a_local_the_fork_set_and_upstream_set_again_later() -> None:
    text = "def plan(cfg):\n    chunk = 256  # AEON\n    size = cfg.size\n    chunk = cfg.chunk\n    return chunk\n"
    [finding] = duplicate_definitions("m.py", text, SET_FORK, SET_UPSTREAM)
    assert finding.line == 2 and "the fork's value of chunk" in finding.message


@pytest.mark.parametrize(
    "mid",
    [
        "        print(self.graph_sizes)\n",  # read in between
        "        self.capture()\n",  # a method of self may read it
        "        capture(self)\n",  # so may a function self is given to
        "        super().__init__(n)\n",  # and the base's methods
        "        if n:\n            use(self.graph_sizes)\n",  # a nested read
    ],
)
def test_a_fork_value_read_before_upstream_replaces_it_is_silent(mid: str) -> None:
    assert duplicate_definitions("m.py", INIT.format(fork=FORK_SET, mid=mid), SET_FORK, SET_UPSTREAM) == []


@pytest.mark.parametrize(
    "text",
    [
        # upstream's value first, the fork's later: how a carry overrides a setting
        "def plan(cfg):\n    chunk = cfg.chunk\n    size = 1\n    chunk = 256  # AEON\n",
        # upstream's new value builds on the old one
        "def plan(cfg):\n    chunk = 256  # AEON\n    chunk = cfg.chunk or chunk\n",
        # another block: the fork's value survives on the other path
        "def plan(cfg):\n    chunk = 256  # AEON\n    if cfg:\n        chunk = cfg.chunk\n",
    ],
)
def test_values_that_still_take_effect_are_silent(text: str) -> None:
    assert duplicate_definitions("m.py", text, SET_FORK, SET_UPSTREAM) == []


def test_a_placeholder_the_fork_set_is_a_warning() -> None:
    text = "class C:\n    def __init__(self):\n        self.cache = None  # AEON\n        self.cache = make()\n"
    [finding] = duplicate_definitions("m.py", text, SET_FORK, SET_UPSTREAM)
    assert finding.severity.value == "warning"


# -- a fork subclass that lacks a method upstream made required ---------------------------------------------
BACKENDS = "vllm/v1/attention/backends/abstract.py"
AEON_BACKEND = "vllm/v1/attention/backends/aeon.py"
ABSTRACT_BASE = (
    "from abc import ABC, abstractmethod\n\n\nclass AttentionBackend(ABC):\n    @staticmethod\n    @abstractmethod\n"
    "    def get_name() -> str:\n        raise NotImplementedError\n\n"
    + "".join(f"    def helper{i}(self):\n        return {i}\n\n" for i in range(6))
)
NEW_ABSTRACT = "    @staticmethod\n    @abstractmethod\n    def get_kv_cache_stride_order() -> tuple[int, ...]:\n        raise NotImplementedError\n"
NEW_REQUIRED = "    def get_kv_cache_stride_order(self) -> tuple[int, ...]:\n        raise NotImplementedError\n"
FORK_BACKEND = (
    "from vllm.v1.attention.backends.abstract import AttentionBackend\n\n\nclass AeonBackend(AttentionBackend):\n"
    "    @staticmethod\n    def get_name() -> str:\n        return 'AEON'\n"
)


# the fork's platform picks its backend by dotted path, as a platform's get_attn_backend_cls does
SELECTOR = {
    "vllm/platforms/aeon.py": "def get_attn_backend_cls():\n    return 'vllm.v1.attention.backends.aeon.AeonBackend'\n"
}


def _required_findings(
    git_repo: GitRepo, no_rules: Path, added: str, fork: str, selector: dict[str, str]
) -> list[tuple[str, int, str, str]]:
    upstream = ABSTRACT_BASE + "\n" + added
    sides = s.merge_case(
        git_repo,
        {"vllm/v1/attention/backends/__init__.py": "", BACKENDS: ABSTRACT_BASE},
        {AEON_BACKEND: fork, **selector},
        [("[Attention] Stride order for every backend (#3)", {BACKENDS: upstream})],
    )
    findings = git_repo.audit(no_rules, merge=sides).findings
    return [
        (f.path, f.line, f.message, f.severity.value)
        for f in findings
        if f.rule_id == DRIFT and "does not implement" in f.message
    ]


def _required_case(
    git_repo: GitRepo, no_rules: Path, added: str, fork: str = FORK_BACKEND
) -> list[tuple[str, int, str]]:
    return [
        (p, n, m)
        for p, n, m, level in _required_findings(git_repo, no_rules, added, fork, SELECTOR)
        if level == "error"
    ]


def test_a_fork_class_nothing_names_that_lacks_the_new_abstract_method_warns(git_repo: GitRepo, no_rules: Path) -> None:
    """symbol_precision window 0: a carry's EngineCoreClient subclass that nothing builds, once #11659 made
    ``shutdown`` abstract.  Dead code, or built from outside the tree: a warning, not an error."""
    [(path, line, message, level)] = _required_findings(git_repo, no_rules, NEW_ABSTRACT, FORK_BACKEND, {})
    assert (path, line, level) == (AEON_BACKEND, 4, "warning") and "nothing in the merged tree names it" in message


def test_a_fork_backend_without_upstreams_new_abstract_method_cannot_be_built(
    git_repo: GitRepo, no_rules: Path
) -> None:
    [(path, line, message)] = _required_case(git_repo, no_rules, NEW_ABSTRACT)
    assert (path, line) == (AEON_BACKEND, 4)
    assert "AeonBackend does not implement get_kv_cache_stride_order(), which AttentionBackend now requires" in message
    assert "(#3, '[Attention] Stride order for every backend (#3)')" in message and "raises TypeError" in message


def test_a_method_upstream_added_raising_not_implemented_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Mostly an optional hook that only some callers use (FusedMoEMethodBase.select_gemm_impl)."""
    assert _required_case(git_repo, no_rules, NEW_REQUIRED) == []


@pytest.mark.parametrize(
    "fork",
    [
        FORK_BACKEND
        + "\n    @staticmethod\n    def get_kv_cache_stride_order():\n        return (0, 1)\n",  # implements it
        FORK_BACKEND.replace(
            "class AeonBackend(AttentionBackend):", "class AeonBackend(Strides, AttentionBackend):"
        ).replace(
            "\n\n\nclass",
            "\n\n\nclass Strides:\n    def get_kv_cache_stride_order(self):\n        return (0,)\n\n\nclass",
        ),
        # a mixin of the fork's provides it
        FORK_BACKEND + "\n    @abstractmethod\n    def aeon_layout(self):\n        ...\n",  # abstract itself
        # it lacked an abstract method before too: never built on its own, a base of the fork's
        FORK_BACKEND.split("    @staticmethod")[0] + "    aeon_layout = 'NHD'\n",
    ],
)
def test_a_fork_class_that_has_the_method_or_is_abstract_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str
) -> None:
    assert _required_case(git_repo, no_rules, NEW_ABSTRACT, fork) == []


@pytest.mark.parametrize(
    ("line", "reported"),
    [
        ('WORKER = "pkg.workers.gpu.Worker"', True),  # a config's worker_cls
        ('ENTRY = "pkg.workers.gpu:Worker"', True),  # an entry point
        ('MODULE = "pkg.workers.gpu"', False),  # the module is still there
        ('KEPT = "pkg.workers.gpu.Runner"', False),  # the name is still there
        ('WEIGHT = "model.layers.0.mlp"', False),  # not a path of the tree
        ('SAID = "see pkg.workers.gpu.Worker for details"', False),  # a sentence, not a path
        ('log = logging.getLogger("pkg.workers.gpu.Worker")', False),  # a logger's name is never imported
    ],
)
def test_a_string_naming_a_class_upstream_renamed(git_repo: GitRepo, no_rules: Path, line: str, reported: bool) -> None:
    """A dotted path in a string (``worker_cls = "pkg.workers.gpu.Worker"``) is imported only when that
    path is taken: a class upstream renamed fails there, late, and a fallback may hide it."""
    gpu = "class Worker:\n    pass\n\n\nclass Runner:\n    pass\n"
    sides = s.merge_case(
        git_repo,
        {"pkg/__init__.py": "", "pkg/workers/__init__.py": "", "pkg/workers/gpu.py": gpu},
        {"pkg/config.py": line + "\n"},
        [("Rename the worker (#77)", {"pkg/workers/gpu.py": gpu.replace("class Worker", "class GPUWorker")})],
    )
    got = found(git_repo.audit(no_rules, merge=sides))
    if reported:
        [(_, number, message)] = got
        assert number == 1 and "in a string, which upstream renamed Worker to GPUWorker" in message, message
    else:
        assert got == []


@pytest.mark.parametrize(
    ("decorator", "reported"),
    [("@dec_from_tree", False), ("", True), ("@traced", True)],  # traced forwards the arguments untouched
)
def test_an_override_wrapped_by_a_decorator_of_the_tree(
    git_repo: GitRepo, no_rules: Path, decorator: str, reported: bool
) -> None:
    """Seen on real history (symbol_precision.py, window 6): upstream added ``decorate`` to a base
    ``can_replace_layer``; the overrides are wrapped by the tree's own decorator, whose ``*args, **kwargs``
    wrapper pops it.  Callers reach the wrapper: the def's own parameters are not what it accepts."""
    utils = (
        "import functools\n\n\ndef dec_from_tree(fn):\n    def dec(*args, **kwargs):\n        kwargs.pop('decorate', None)\n"
        "        return fn(*args, **kwargs)\n    return dec\n\n\n"
        "def traced(fn):\n    @functools.wraps(fn)\n    def wrapper(*args, **kwargs):\n        return fn(*args, **kwargs)\n"
        "    return wrapper\n"
    )
    base = "class Base:\n    def can_replace(self, layer, config):\n        return False\n"
    fork = (
        "from pkg.base import Base\nfrom pkg.utils import dec_from_tree, traced\n\n\nclass Mine(Base):\n"
        f"    {decorator}\n    def can_replace(self, layer, config):\n        return True\n"
    )
    sides = s.merge_case(
        git_repo,
        {"pkg/__init__.py": "", "pkg/base.py": base, "pkg/utils.py": utils},
        {"pkg/mine.py": fork},
        [("Add decorate (#9)", {"pkg/base.py": base.replace("config)", "config, decorate=True)")})],
    )
    got = found(git_repo.audit(no_rules, merge=sides))
    assert (len(got) == 1 and "the base takes 'decorate'" in got[0][2]) if reported else got == []


# -- upstream gave a base class a method the fork's subclass already had ---------------------------
_WORKER = "vllm/v1/worker/worker_base.py"
_WORKER_TEXT = """class WorkerBase:
    def execute_model(self, batch):
        return self.run(batch)

    def run(self, batch):
        return batch
"""
_WORKER_PADDED = """class WorkerBase:
    def execute_model(self, batch):
        return self.run(self.pad(batch))

    def pad(self, batch):
        return batch

    def run(self, batch):
        return batch
"""
_OTHER = "vllm/v1/worker/other.py"
_AEON_WORKER = "vllm/v1/worker/aeon_worker.py"
_AEON_WORKER_TEXT = """from vllm.v1.worker.worker_base import WorkerBase


class AeonWorker(WorkerBase):
    def run(self, batch):
        return super().run(self.pad(batch))

    def pad(self, batch):
        return batch.pad_to_multiple(16)
"""


@pytest.mark.parametrize(
    ("changed", "silent"),
    [(_WORKER, False), (_OTHER, True)],
    ids=["the fork class's base", "a class the fork does not derive from"],
)
def test_a_base_method_upstream_added_under_a_fork_method_of_that_name(
    git_repo: GitRepo, no_rules: Path, changed: str, silent: bool
) -> None:
    """The fork's ``AeonWorker.pad`` (its own helper, padding to 16) overrides nothing; upstream adds
    ``WorkerBase.pad`` and calls it from ``execute_model``: on the fork's worker that call now runs the
    fork's helper, silently.  Upstream adding the method to a class the fork does not derive from, or a
    fork method whose base had it all along (an override of its own), is another matter."""
    other_text = _WORKER_TEXT.replace("WorkerBase", "OtherBase")
    texts = {_WORKER: _WORKER_PADDED, _OTHER: _WORKER_PADDED.replace("WorkerBase", "OtherBase")}
    sides = s.merge_case(
        git_repo,
        {_WORKER: _WORKER_TEXT, _OTHER: other_text, "vllm/v1/worker/__init__.py": ""},
        {_AEON_WORKER: _AEON_WORKER_TEXT},
        [("[Core] Pad batches in the worker (#40002)", {changed: texts[changed]})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    overrides = [(f.path, f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DRIFT]
    if silent:
        assert overrides == []
        return
    [(path, line, severity, message)] = overrides
    assert (path, line, severity) == (_AEON_WORKER, 8, "warning")
    assert "AeonWorker.pad, the fork's own method, now overrides WorkerBase.pad, which upstream added" in message
    assert "#40002" in message and "upstream's calls of pad() on the fork's class run the fork's method" in message


# -- a removed class reached through its module, then one of its members ---------------------------------
_RUNNER = "class GPURunner:\n    LIMIT = 4\n\n    def step(self, x):\n        return x\n"


@pytest.mark.parametrize(
    ("fork", "silent"),
    [
        ("from pkg import runner\n\n\ndef mine(r, x):\n    return runner.GPURunner.step(r, x)\n", False),
        ("import pkg.runner\n\n\ndef mine(r, x):\n    return pkg.runner.GPURunner.step(r, x)\n", False),
        ("import pkg.runner as pr\n\n\ndef mine():\n    return pr.GPURunner.LIMIT\n", False),  # a read, no call
        # near misses: the renamed class by its new name, and a member of a class upstream kept
        ("from pkg import runner\n\n\ndef mine(r, x):\n    return runner.GPUModelRunner.step(r, x)\n", True),
        ("from pkg import runner\n\n\ndef mine(r, x):\n    return runner.Kept.step(r, x)\n", True),
    ],
)
def test_a_member_of_a_class_upstream_renamed_read_through_its_module(
    git_repo: GitRepo, no_rules: Path, fork: str, silent: bool
) -> None:
    """``runner.GPURunner.step(...)``: the chain's outermost name is unknown after the merge (its class is
    gone), so the use is the class's, which upstream renamed."""
    kept = "\n\nclass Kept:\n    def step(self, x):\n        return x\n"
    theirs = _RUNNER.replace("class GPURunner:", "class GPUModelRunner:") + kept
    sides = three_way(
        git_repo,
        {"pkg/__init__.py": "", "pkg/runner.py": _RUNNER + kept},
        {"pkg/mine.py": fork},
        {"pkg/runner.py": theirs},
    )
    rows = found(git_repo.audit(no_rules, merge=sides))
    assert [(p, n) for p, n, _ in rows] == ([] if silent else [("pkg/mine.py", 5)])
    if not silent:
        assert "GPURunner" in rows[0][2] and "GPUModelRunner" in rows[0][2]


# -- a call through a name bound once to functools.partial -----------------------------------------------
_ROPE = "def apply_rope(q, k, pos, is_neox=True, block=16):\n    return q, k\n"


@pytest.mark.parametrize(
    ("fork", "silent"),
    [
        ("rope = functools.partial(apply_rope, is_neox=True)\n\n\ndef f(q, k, p):\n    return rope(q, k, p)\n", False),
        ("def f(q, k, p):\n    rope = functools.partial(apply_rope, q)\n    return rope(k, p)\n", False),
        # near misses: the call fits the new signature, or the name is bound twice (which partial is called?)
        (
            "rope = functools.partial(apply_rope, is_neox=True)\n\n\ndef f(q, k, c, p):\n    return rope(q, k, cos_sin=c, pos=p)\n",
            True,
        ),
        (
            "rope = functools.partial(apply_rope, is_neox=True)\nrope = functools.partial(apply_rope, q=1)\n\n\n"
            "def f(q, k, p):\n    return rope(q, k, p)\n",
            True,
        ),
    ],
)
def test_a_call_through_a_name_bound_to_a_partial(git_repo: GitRepo, no_rules: Path, fork: str, silent: bool) -> None:
    """Upstream inserted ``cos_sin`` before ``pos``; the fork calls ``apply_rope`` through a partial it bound
    once: the call it makes passes the fork's ``p`` as ``cos_sin``."""
    text = f"import functools\n\nfrom pkg.rope import apply_rope\n\n{fork}"
    theirs = _ROPE.replace("(q, k, pos,", "(q, k, cos_sin, pos,")
    sides = three_way(
        git_repo, {"pkg/__init__.py": "", "pkg/rope.py": _ROPE}, {"pkg/mine.py": text}, {"pkg/rope.py": theirs}
    )
    rows = found(git_repo.audit(no_rules, merge=sides))
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "return rope(" in t)
    assert [(p, n) for p, n, _ in rows] == ([] if silent else [("pkg/mine.py", line)])


@pytest.mark.parametrize(
    ("fork", "silent"),
    [
        ("go = functools.partial(alloc, 4)\n\n\ndef run():\n    return go()\n", False),
        ("go = functools.partial(alloc, 4)\n\n\ndef run():\n    return go(block_size=16)\n", True),  # passes it
        ("go = functools.partial(alloc, 4, block_size=16)\n\n\ndef run():\n    return go()\n", True),  # bound it
    ],
)
def test_a_default_left_through_a_name_bound_to_a_partial(
    git_repo: GitRepo, no_rules: Path, fork: str, silent: bool
) -> None:
    """The call a partial makes leaves ``block_size`` to its default, which upstream changed: a warning."""
    base = "def alloc(n, block_size=16):\n    return n\n"
    text = f"import functools\n\nfrom pkg.alloc import alloc\n\n{fork}"
    sides = three_way(
        git_repo,
        {"pkg/__init__.py": "", "pkg/alloc.py": base},
        {"pkg/mine.py": text},
        {"pkg/alloc.py": base.replace("=16", "=32")},
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.path, f.line, f.severity.value) for f in report.findings if f.rule_id == DEFAULT_DRIFT]
    assert rows == ([] if silent else [("pkg/mine.py", 9, "warning")])


@pytest.mark.parametrize(
    ("fork", "line"),
    [
        ("GO = functools.partial(alloc, 4)\n", 5),  # #39524: a factory the fork's other files call
        ("def make():\n    return functools.partial(alloc, 4)\n", 6),
        # twins: the partial binds the parameter; a name the file calls (that call says what it passes)
        ("GO = functools.partial(alloc, 4, block_size=16)\n", None),
        ("go = functools.partial(alloc, 4)\n\n\ndef run():\n    return go(block_size=32)\n", None),
        ("GO = functools.partial(alloc, block_size=16)\n", None),
    ],
)
def test_a_default_left_by_a_partial_nothing_here_calls(
    git_repo: GitRepo, no_rules: Path, fork: str, line: int | None
) -> None:
    """``functools.partial(AudioResampler, target_sr=16000)`` (#39524: ``method``'s default went ``resampy``
    -> ``pyav``), made for callers out of sight: the instances it makes leave the default as it does."""
    base = "def alloc(n, block_size=16):\n    return n\n"
    text = f"import functools\n\nfrom pkg.alloc import alloc\n\n{fork}"
    sides = three_way(
        git_repo,
        {"pkg/__init__.py": "", "pkg/alloc.py": base},
        {"pkg/mine.py": text},
        {"pkg/alloc.py": base.replace("=16", "=32")},
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.path, f.line, f.severity.value) for f in report.findings if f.rule_id == DEFAULT_DRIFT]
    assert rows == ([] if line is None else [("pkg/mine.py", line, "warning")])


# -- a member read through a class's annotated field ------------------------------------------------------
_CONFIGS = (
    "from dataclasses import dataclass, field\n\n\n@dataclass\nclass SchedConfig:\n"
    "    max_partial: int = 1\n    max_seqs: int = 8\n\n\n@dataclass\nclass AppConfig:\n"
    "    sched: SchedConfig = field(default_factory=SchedConfig)\n    other = None\n"
)


@pytest.mark.parametrize(
    ("body", "silent"),
    [
        ("def f(app: AppConfig) -> bool:\n    return app.sched.max_partial > 1\n", False),
        (
            "class Mine:\n    app: AppConfig\n\n    def f(self) -> bool:\n        return self.app.sched.max_partial > 1\n",
            False,
        ),
        ("def f(app: AppConfig) -> bool:\n    return app.sched.max_seqs > 1\n", True),  # a field upstream kept
        ("def f(app: AppConfig) -> bool:\n    return app.other.max_partial > 1\n", True),  # not annotated: unknown
    ],
)
def test_a_removed_field_read_through_an_annotated_field(
    git_repo: GitRepo, no_rules: Path, body: str, silent: bool
) -> None:
    """``vllm_config.scheduler_config.max_num_partial_prefills`` (#49244 removed the field): the chain's
    middle is a field annotated with its class, so the read is resolved in that class."""
    text = f"from pkg.configs import AppConfig\n\n\n{body}"
    theirs = _CONFIGS.replace("    max_partial: int = 1\n", "")
    sides = three_way(
        git_repo, {"pkg/__init__.py": "", "pkg/configs.py": _CONFIGS}, {"pkg/mine.py": text}, {"pkg/configs.py": theirs}
    )
    rows = found(git_repo.audit(no_rules, merge=sides))
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "return" in t)
    assert [(p, n) for p, n, _ in rows] == ([] if silent else [("pkg/mine.py", line)])


# -- a class made a dataclass by a decorator that declares it (PEP 681) -----------------------------------
_MAKERS = (
    "from dataclasses import dataclass\n\nfrom typing_extensions import dataclass_transform\n\n\n"
    "@dataclass_transform()\ndef config(cls):\n    return dataclass(cls)\n\n\n"
    "def plain(cls):\n    return dataclass(cls)\n"
)


@pytest.mark.parametrize(
    ("decorator", "call", "silent"),
    [
        ("config", "SchedConfig(4, max_partial=2)", False),
        ("config", "SchedConfig(4, max_seqs=2)", True),  # a field upstream kept
        ("plain", "SchedConfig(4, max_partial=2)", True),  # a decorator that does not say what it makes
    ],
)
def test_a_removed_field_passed_to_a_dataclass_transform_class(
    git_repo: GitRepo, no_rules: Path, decorator: str, call: str, silent: bool
) -> None:
    """#49244 removed ``SchedulerConfig.max_num_partial_prefills``; the class is made by the tree's own
    ``@config``, declared ``@dataclass_transform``: the constructor is the fields', and the keyword fails."""
    configs = (
        f"from pkg.makers import {decorator}\n\n\n@{decorator}\nclass SchedConfig:\n"
        "    max_len: int\n    max_partial: int = 1\n    max_seqs: int = 8\n"
    )
    text = f"from pkg.configs import SchedConfig\n\n\ndef make():\n    return {call}\n"
    theirs = configs.replace("    max_partial: int = 1\n", "")
    base = {"pkg/__init__.py": "", "pkg/makers.py": _MAKERS, "pkg/configs.py": configs}
    sides = three_way(git_repo, base, {"pkg/mine.py": text}, {"pkg/configs.py": theirs})
    rows = found(git_repo.audit(no_rules, merge=sides))
    assert [(p, n) for p, n, _ in rows] == ([] if silent else [("pkg/mine.py", 5)])


_RUNNER = "class GPURunner:\n    def step(self, x):\n        return x\n"


ANNOTATION_ROWS: list[tuple[str, str | None]] = [
    # a quoted type is never evaluated: type checkers fail, the code runs (a warning)
    ('def mine(r: "runner.GPURunner") -> None:\n    pass', "warning"),
    ('def mine(r: "pkg.runner.GPURunner") -> None:\n    pass', "warning"),
    ('def mine(r: Optional["runner.GPURunner"] = None) -> None:\n    pass', "warning"),
    ('def mine() -> "runner.GPURunner":\n    return make()', "warning"),
    ("def mine(*rs: runner.GPURunner) -> None:\n    pass", "error"),  # unquoted: evaluated at def time
    ("from __future__ import annotations\ndef mine(*rs: runner.GPURunner) -> None:\n    pass", "warning"),
    ('def mine() -> None:\n    r: "runner.GPURunner" = make()', "warning"),
    ("def mine() -> None:\n    r: runner.GPURunner = make()", "warning"),  # a local's: never evaluated
    ("R: runner.GPURunner | None = None", "error"),  # a module's: evaluated
    ('def mine(r: "runner.GPUModelRunner") -> None:\n    pass', None),  # the new name
    ('def mine(r: Literal["runner.GPURunner"]) -> None:\n    pass', None),  # a value, not a type
    ('def mine(r: "a runner, any") -> None:\n    pass', None),  # not an expression
]


def _annotated_fork(text: str) -> str:
    future, text = text.split("\n", 1) if text.startswith("from __future__") else ("", text)
    return (
        f"{future}{chr(10) if future else ''}from typing import TYPE_CHECKING, Literal, Optional\n\n"
        f"if TYPE_CHECKING:\n    import pkg.runner\n    from pkg import runner\n\n\n{text}\n"
    )


# The annotation test's loud rows (an error or a warning pinned in each) put one fork module beside the same base
# and upstream: no row's module imports another's, so one merge and one audit of the loud rows' modules side by side
# answers each (nine merges and audits became one per process; suitespeed8).  The quiet rows keep a merge each:
# there a row's module could be quiet for something another row's module declared.
_ANNOTATED: dict[str, list[tuple[int, str, bool]]] = {}


def _annotated_among_loud(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str, bool]]:
    """(line, severity, names the rename) of each symbol-drift finding in ``fork``'s module, from the one audit
    of every loud row's module."""
    if not _ANNOTATED:
        forks = dict.fromkeys(_annotated_fork(text) for text, reported in ANNOTATION_ROWS if reported is not None)
        paths = {text: f"pkg/use_{number}.py" for number, text in enumerate(forks)}
        sides = s.merge_case(
            git_repo,
            {"pkg/__init__.py": "", "pkg/runner.py": _RUNNER},
            {path: text for text, path in paths.items()},
            [("Rename the runner (#3)", {"pkg/runner.py": _RUNNER.replace("GPURunner", "GPUModelRunner")})],
        )
        findings = [f for f in git_repo.audit(no_rules, merge=sides).findings if f.rule_id == DRIFT]
        assert all(f.path in paths.values() for f in findings), findings
        _ANNOTATED.update(
            {
                text: [
                    (f.line, f.severity.value, "renamed GPURunner to GPUModelRunner" in f.message)
                    for f in findings
                    if f.path == path
                ]
                for text, path in paths.items()
            }
        )
    return _ANNOTATED[fork]


@pytest.mark.parametrize(
    ("text", "reported"),
    ANNOTATION_ROWS,
    ids=[
        "quoted",
        "dotted",
        "optional",
        "return",
        "star",
        "future",
        "local",
        "local unquoted",
        "module",
        "new name",
        "literal",
        "prose",
    ],
)
def test_a_class_upstream_renamed_named_in_an_annotation(
    git_repo: GitRepo, no_rules: Path, text: str, reported: str | None
) -> None:
    """A signature's types are uses of the class: quoted (a TYPE_CHECKING import) or not, inside
    ``Optional[...]``, on a parameter, the return or a local; an error only where Python evaluates it."""
    fork = _annotated_fork(text)
    line = next((i for i, t in enumerate(fork.splitlines(), 1) if "GPU" in t and "import" not in t), 0)
    if reported is not None:
        assert _annotated_among_loud(git_repo, no_rules, fork) == [(line, reported, True)]
        return
    sides = s.merge_case(
        git_repo,
        {"pkg/__init__.py": "", "pkg/runner.py": _RUNNER},
        {"pkg/use.py": fork},
        [("Rename the runner (#3)", {"pkg/runner.py": _RUNNER.replace("GPURunner", "GPUModelRunner")})],
    )
    assert [f for f in git_repo.audit(no_rules, merge=sides).findings if f.rule_id == DRIFT] == []


TYPE_CHECKING_ROWS = [
    ("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    ", "warning"),
    ("import typing\n\nif typing.TYPE_CHECKING:\n    ", "warning"),
    ("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    pass\nelse:\n    ", "error"),
    ("from typing import TYPE_CHECKING\n\nif not TYPE_CHECKING:\n    pass\nelse:\n    ", "warning"),
    ("from typing import TYPE_CHECKING\n\nif not TYPE_CHECKING:\n    ", "error"),
    (
        "import sys\nfrom typing import TYPE_CHECKING\n\nif sys.flags.debug:\n    pass\nelif TYPE_CHECKING:\n    ",
        "warning",
    ),
    ("import sys\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING and sys.flags.debug:\n    ", "warning"),
    ("import sys\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING or sys.flags.debug:\n    ", "error"),
    ("", "error"),
]


@pytest.mark.parametrize(
    ("guard", "severity"),
    TYPE_CHECKING_ROWS,
    ids=["TYPE_CHECKING", "typing.TYPE_CHECKING", "its else", "else of not", "not", "elif", "and", "or", "plain"],
)
def test_an_import_only_type_checkers_run_is_a_warning(
    git_repo: GitRepo, no_rules: Path, guard: str, severity: str
) -> None:
    """``if TYPE_CHECKING:`` never runs: importing a class upstream renamed there fails type checks, not
    the code (as an annotation Python does not evaluate); its ``else`` runs, as any other import."""
    # every row an error or a pinned warning: the rows' modules side by side, one merge and one audit a process
    # (``s.audited_row``, suitespeed13)
    bodies = [f"{row}from pkg.runner import GPURunner\n" for row, _ in TYPE_CHECKING_ROWS]
    upstream: list[tuple[str, dict[str, str | None]]] = [
        ("Rename the runner (#3)", {"pkg/runner.py": _RUNNER.replace("GPURunner", "GPUModelRunner")})
    ]
    base = {"pkg/__init__.py": "", "pkg/runner.py": _RUNNER}
    body = f"{guard}from pkg.runner import GPURunner\n"
    _, rows = s.audited_row(git_repo, no_rules, base, bodies, body, upstream, DRIFT, "pkg")
    [finding] = rows
    assert finding.severity.value == severity and "renamed GPURunner to GPUModelRunner" in finding.message
    assert ("only type checkers run" in finding.message) is (severity == "warning")


_OPS = (
    "def fused_rope(q, k, pos):\n    return q, k\n\n\ndef silu(x):\n    return x\n\n\n"
    "class Runner:\n    def prepare_inputs(self, batch):\n        return batch\n\n    def execute(self, batch, cache):\n"
    "        return batch\n"
)
_OPS_UP = (
    _OPS.replace("def fused_rope(q, k, pos)", "def apply_rotary(q, k, pos)")
    .replace("prepare_inputs", "prepare_batch")
    .replace("execute(self, batch, cache)", "execute(self, batch, cache, stream)")
)


@pytest.mark.parametrize(
    ("stub", "says"),
    [
        ("def fused_rope(q, k, pos): ...", "declares pkg.ops.fused_rope in a stub, which upstream renamed fused_rope"),
        ("class Runner:\n    def prepare_inputs(self, batch): ...", "declares pkg.ops.Runner.prepare_inputs in a stub"),
        ("class Runner:\n    def execute(self, batch, cache): ...", "spells the parameters as they were"),
        ("class Runner:\n    def execute(self, batch, cache, stream): ...", None),  # the new parameters
        ("def silu(x): ...", None),  # upstream left it alone
        ("class Runner: ...", None),
    ],
    ids=["removed", "method renamed", "re-signatured", "new signature", "kept", "class kept"],
)
def test_a_stub_declaring_what_upstream_removed_or_changed(
    git_repo: GitRepo, no_rules: Path, stub: str, says: str | None
) -> None:
    """``ops.pyi`` beside ``ops.py``: every import of the module type-checks against it, so a declaration
    of what upstream renamed or re-signatured hides the change from the checker and the reader."""
    sides = s.merge_case(
        git_repo,
        {"pkg/__init__.py": "", "pkg/ops.py": _OPS},
        {"pkg/ops.pyi": f"{stub}\n", "pkg/_C.pyi": "def fused_rope(q, k, pos): ...\n"},
        [("Rename the ops (#4)", {"pkg/ops.py": _OPS_UP})],
    )
    got = [(p, n, m) for p, n, m in found(git_repo.audit(no_rules, merge=sides))]
    if says is None:
        assert got == []
        return
    [(path, line, message)] = got  # pkg/_C.pyi: a compiled extension's stub, no module beside it
    assert path == "pkg/ops.pyi" and line == len(stub.splitlines()) and says in message, message


@pytest.mark.parametrize(
    ("upstream", "severity"),
    [("def silu(x, inplace=False):", "warning"), ("def silu(x, inplace):", "error")],
    ids=["optional", "required"],
)
def test_a_stub_lacking_only_an_optional_parameter_upstream_added_is_a_warning(
    git_repo: GitRepo, no_rules: Path, upstream: str, severity: str
) -> None:
    """The runtime never reads a stub: every call it allows still runs when upstream only added an optional
    parameter (a call passing it fails type checks); a new required one breaks the calls it allows."""
    sides = s.merge_case(
        git_repo,
        {"pkg/__init__.py": "", "pkg/ops.py": _OPS},
        {"pkg/ops.pyi": "def silu(x): ...\n"},
        [("Inplace silu (#5)", {"pkg/ops.py": _OPS.replace("def silu(x):", upstream)})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    [finding] = [f for f in report.findings if f.rule_id == DRIFT]
    assert (finding.path, finding.line, finding.severity.value) == ("pkg/ops.pyi", 1, severity)
    assert "spells the parameters as they were" in finding.message
    assert ("lacks only the optional inplace" in finding.message) is (severity == "warning")


def test_a_signature_without_an_added_positional_only_parameter_counts_one_fewer() -> None:
    """``_without`` takes an optional parameter upstream added out of the base's signature, to ask whether
    the override still fits the rest: a positional-only one leaves the positional-only count with it
    (``posonly`` past the end made every later parameter read as positional-only)."""
    from aeon_release.domain.audits.drift.signatures import Sig
    from aeon_release.domain.audits.drift.symbols import _without

    sig = Sig(
        ("x", "scale", "fast"),
        posonly=3,
        defaults=1,
        kwonly=(),
        kwonly_required=frozenset(),
        varargs=False,
        varkw=False,
    )
    assert _without(sig, ["fast"]) == Sig(
        ("x", "scale"), posonly=2, defaults=0, kwonly=(), kwonly_required=frozenset(), varargs=False, varkw=False
    )


SLEEP = "vllm/device_allocator/sleep_mode.py"
SLEEP_BASE = """class SleepModeBackend:
    @classmethod
    def preserves_nccl(cls) -> bool:
        return False


class CuMemBackend(SleepModeBackend):
    @classmethod
    def preserves_nccl(cls) -> bool:
        return True


class SleepModeBackendFactory:
    @classmethod
    def get_backend_class(cls, name: str) -> type[SleepModeBackend]:
        return SleepModeBackend
"""
SLEEP_RENAMED = SLEEP_BASE.replace("preserves_nccl", "preserves_communicators")
SLEEP_FORK = "vllm/device_allocator/aeon_sleep.py"


@pytest.mark.parametrize(
    "body",
    [
        "def f(backend: type[SleepModeBackend]) -> bool:\n    return backend.preserves_nccl()\n",
        "def f(backend: 'type[SleepModeBackend] | None') -> bool:\n    return backend.preserves_nccl()\n",
        "def f(name: str) -> bool:\n"
        "    backend_cls = SleepModeBackendFactory.get_backend_class(name)\n"
        "    return backend_cls.preserves_nccl()\n",
        "class Holder:\n    def __init__(self, backend: type[SleepModeBackend]) -> None:\n        self.backend = backend\n\n"
        "    def f(self) -> bool:\n        return self.backend.preserves_nccl()\n",
    ],
)
def test_a_member_upstream_renamed_called_on_a_class_a_name_holds(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """``type[Foo]`` (a parameter, a factory's return, an attribute set from either) holds the class
    itself: a classmethod upstream renamed (a461070d1c, ``preserves_nccl``) is looked up on it, where two
    classes define the name and a search by name alone cannot tell which."""
    fork = f"from vllm.device_allocator.sleep_mode import SleepModeBackend, SleepModeBackendFactory\n\n\n{body}"
    sides = s.merge_case(
        git_repo, {SLEEP: SLEEP_BASE}, {SLEEP_FORK: fork}, [("rename (#47243)", {SLEEP: SLEEP_RENAMED})]
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (SLEEP_FORK, line_of(git_repo, SLEEP_FORK, ".preserves_nccl()"))
    assert "preserves_communicators" in message


def test_a_class_upstream_defines_under_an_optional_import(git_repo: GitRepo, no_rules: Path) -> None:
    """``try: import ray; class RayWorkerWrapper(...)`` ... ``except ImportError: RayWorkerWrapper = None``:
    the fallback does not hide the class a fork subclasses (ebfbcfe46a renamed its method)."""
    ray_utils = "vllm/v1/executor/ray_utils.py"
    base = (
        "try:\n    import ray\n\n    class RayWorkerWrapper:\n        def get_node_and_gpu_ids(self):\n"
        '            return "n", [0]\n\nexcept ImportError:\n    ray = None\n    RayWorkerWrapper = None\n'
    )
    fork_path = "vllm/v1/executor/aeon_ray.py"
    fork = (
        "from vllm.v1.executor.ray_utils import RayWorkerWrapper\n\n\nclass AeonWorker(RayWorkerWrapper):\n"
        '    def get_node_and_gpu_ids(self):\n        return "n", [1]\n'
    )
    renamed = base.replace("get_node_and_gpu_ids", "get_node_and_physical_gpu_ids")
    sides = s.merge_case(git_repo, {ray_utils: base}, {fork_path: fork}, [("rename (#45026)", {ray_utils: renamed})])
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (fork_path, 5)
    assert "renamed RayWorkerWrapper.get_node_and_gpu_ids to RayWorkerWrapper.get_node_and_physical_gpu_ids" in message


EXPERTS = "vllm/model_executor/experts.py"
EXPERTS_BASE = """class DeepGemmExperts:
    def __init__(self, quant_config):
        self.quant_config = quant_config


class TritonExperts:
    def __init__(self, quant_config):
        self.quant_config = quant_config
"""
EXPERTS_INSERTED = EXPERTS_BASE.replace(
    "class DeepGemmExperts:\n    def __init__(self, quant_config):",
    "class DeepGemmExperts:\n    def __init__(self, moe_config, quant_config):",
)


TABLE_ROWS: list[tuple[str, str, bool]] = [
    ('{"deepgemm": DeepGemmExperts, "triton": TritonExperts}', "_EXPERTS[name](quant_config)", True),
    ('{"deepgemm": DeepGemmExperts}', "_EXPERTS.get(name)(quant_config)", True),
    ("(TritonExperts, DeepGemmExperts)", "_EXPERTS[name](quant_config)", True),
    # near misses: the table holds only a class upstream left alone; a local table of the function's own
    ('{"triton": TritonExperts}', "_EXPERTS[name](quant_config)", False),
    ('{"deepgemm": DeepGemmExperts}', "{}[name](quant_config)", False),
    # a constant key or index picks its one entry: the other classes are never called there
    ('{"deepgemm": DeepGemmExperts, "triton": TritonExperts}', '_EXPERTS["deepgemm"](quant_config)', True),
    ('{"deepgemm": DeepGemmExperts, "triton": TritonExperts}', '_EXPERTS["triton"](quant_config)', False),
    ('{"deepgemm": DeepGemmExperts, "triton": TritonExperts}', '_EXPERTS.get("triton")(quant_config)', False),
    ("(TritonExperts, DeepGemmExperts)", "_EXPERTS[-1](quant_config)", True),
    ("(TritonExperts, DeepGemmExperts)", "_EXPERTS[0](quant_config)", False),
    ("(TritonExperts, DeepGemmExperts)", "_EXPERTS[-2](quant_config)", False),
    ("(TritonExperts, DeepGemmExperts)", "_EXPERTS[5](quant_config)", False),
]


def _table_fork(table: str, call: str) -> str:
    return (
        f"from vllm.model_executor.experts import DeepGemmExperts, TritonExperts\n\n_EXPERTS = {table}\n\n\n"
        f"def aeon_experts(name, quant_config):\n    return {call}\n"
    )


# The table test's reported rows each put one fork module beside the same base and upstream and pin its one
# finding: no row's module imports another's, so one merge and one audit of the reported rows' modules side by side
# answers each (five merges and audits became one per process; suitespeed8).  The quiet rows keep a merge each:
# there a row's module could be quiet for something another row's module declared.
_TABLED: dict[str, list[tuple[int, str]]] = {}


def _tabled_among_reported(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str]]:
    """(line, message) of each symbol-drift finding in ``fork``'s module, from the one audit of every reported
    row's module."""
    if not _TABLED:
        forks = dict.fromkeys(_table_fork(table, call) for table, call, reported in TABLE_ROWS if reported)
        paths = {text: f"vllm/model_executor/aeon_experts_{number}.py" for number, text in enumerate(forks)}
        sides = s.merge_case(
            git_repo,
            {EXPERTS: EXPERTS_BASE},
            {path: text for text, path in paths.items()},
            [("insert (#32414)", {EXPERTS: EXPERTS_INSERTED})],
        )
        rows = found(git_repo.audit(no_rules, merge=sides))
        assert all(path in paths.values() for path, _, _ in rows), rows
        _TABLED.update(
            {text: [(line, message) for at, line, message in rows if at == path] for text, path in paths.items()}
        )
    return _TABLED[fork]


@pytest.mark.parametrize(
    ("table", "call", "reported"),
    TABLE_ROWS,
)
def test_a_call_through_a_table_of_callables(
    git_repo: GitRepo, no_rules: Path, table: str, call: str, reported: bool
) -> None:
    """``EXPERTS[name](cfg)`` calls each class the table holds: #32414 inserted ``moe_config`` before
    DeepGemmExperts' ``quant_config``, and the fork's call passes it where ``moe_config`` is now."""
    fork_path = "vllm/model_executor/aeon_experts.py"
    fork = _table_fork(table, call)
    if reported:
        [(line, message)] = _tabled_among_reported(git_repo, no_rules, fork)
        assert line == 7 and "DeepGemmExperts(moe_config, quant_config)" in message, message
        return
    sides = s.merge_case(
        git_repo, {EXPERTS: EXPERTS_BASE}, {fork_path: fork}, [("insert (#32414)", {EXPERTS: EXPERTS_INSERTED})]
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


def test_an_override_of_a_method_renamed_under_a_base_with_getattr(git_repo: GitRepo, no_rules: Path) -> None:
    """A base's ``__getattr__`` (WorkerWrapperBase hands unknown names to its worker) may serve any name to
    a caller, but upstream now calls the method by its new name: the fork's override of the old one is
    left behind (ebfbcfe46a renamed RayWorkerWrapper.get_node_and_gpu_ids).  A read of an attribute the
    base never defined stays unknown."""
    wrappers = "vllm/v1/worker/wrappers.py"
    base = (
        "class WorkerWrapperBase:\n    def __getattr__(self, attr):\n        return getattr(self.worker, attr)\n\n\n"
        'class RayWorkerWrapper(WorkerWrapperBase):\n    def get_node_and_gpu_ids(self):\n        return "n", [0]\n'
    )
    fork_path = "vllm/v1/worker/aeon_wrapper.py"
    fork = (
        "from vllm.v1.worker.wrappers import RayWorkerWrapper\n\n\nclass AeonWorker(RayWorkerWrapper):\n"
        '    def get_node_and_gpu_ids(self):\n        return "n", [1]\n\n    def aeon(self):\n        return self.rank\n'
    )
    renamed = base.replace("get_node_and_gpu_ids", "get_node_and_physical_gpu_ids")
    sides = s.merge_case(git_repo, {wrappers: base}, {fork_path: fork}, [("rename (#45026)", {wrappers: renamed})])
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (fork_path, 5) and "overrides RayWorkerWrapper.get_node_and_gpu_ids" in message


RAY_UTILS = "vllm/v1/executor/ray_utils.py"
RAY_V2 = "vllm/v1/executor/ray_v2.py"
RAY_UTILS_BASE = 'class RayWorkerWrapper:\n    def get_node_and_gpu_ids(self):\n        return "n", [0]\n'
RAY_V2_BASE = 'class RayWorkerProc:\n    def get_node_and_gpu_ids(self):\n        return "n", [0]\n'


def _renamed_everywhere(text: str) -> str:
    return text.replace("get_node_and_gpu_ids", "get_node_and_physical_gpu_ids")


@pytest.mark.parametrize("spelling", ["remote()", "options(num_returns=1).remote()", "bind()"])
@pytest.mark.parametrize(
    ("v2_after", "reported"),
    [
        (_renamed_everywhere(RAY_V2_BASE), True),  # every def renamed: the call fails whichever was meant
        (RAY_V2_BASE + "\n\nX = 1\n", False),  # one def left: the call may still mean it
    ],
)
def test_a_ray_remote_call_of_a_method_upstream_renamed_in_every_class(
    git_repo: GitRepo, no_rules: Path, v2_after: str, reported: bool, spelling: str
) -> None:
    """``w.get_node_and_gpu_ids.remote()`` calls the actor's method; two classes defined it and
    ebfbcfe46a renamed both: an untyped call of the name is then drift whichever class it meant.  So do
    ``.options(...).remote()`` and a compiled graph's ``.bind()`` (HabanaAI's fork bound
    ``worker.execute_model_compiled_dag_remote.bind(...)`` after upstream renamed the method)."""
    fork_path = "vllm/v1/executor/aeon_nodes.py"
    fork = f"import ray\n\n\ndef aeon_nodes(workers):\n    return ray.get([w.get_node_and_gpu_ids.{spelling} for w in workers])\n"
    sides = s.merge_case(
        git_repo,
        {RAY_UTILS: RAY_UTILS_BASE, RAY_V2: RAY_V2_BASE},
        {fork_path: fork},
        [("rename (#45026)", {RAY_UTILS: _renamed_everywhere(RAY_UTILS_BASE), RAY_V2: v2_after})],
    )
    rows = found(git_repo.audit(no_rules, merge=sides))
    assert [(p, line) for p, line, _ in rows] == ([(fork_path, 5)] if reported else [])
    assert all("calls w.get_node_and_gpu_ids" in message for _, _, message in rows)


WRAPPER_BASE = "vllm/worker/worker_base.py"
WRAPPER_BASE_TEXT = (
    "class WorkerWrapperBase:\n    def __getattr__(self, attr):\n        return getattr(self.worker, attr)\n"
)
DAG_UTILS = (
    "from vllm.worker.worker_base import WorkerWrapperBase\n\ntry:\n    import ray\n\n"
    "    class RayWorkerWrapper(WorkerWrapperBase):\n"
    "        def execute_model_compiled_dag_remote(self, ignored):\n            return self.worker.execute_model()\n\n"
    "except ImportError:\n    RayWorkerWrapper = None\n"
)


@pytest.mark.parametrize(
    ("use", "reported"),
    [
        ("[w.execute_model_compiled_dag_remote.bind(data) for w in self.workers]", True),
        ("[w.execute_model_compiled_dag_remote.remote(data) for w in self.workers]", True),
        ("self.driver.execute_model_compiled_dag_remote.options(name='x').remote(data)", True),
        # called in-process: the base's __getattr__ may hand the name to its worker
        ("[w.execute_model_compiled_dag_remote(data) for w in self.workers]", False),
    ],
)
def test_an_actor_call_of_a_method_renamed_under_a_base_with_getattr(
    git_repo: GitRepo, no_rules: Path, use: str, reported: bool
) -> None:
    """A Ray actor's handle serves only the methods its class defines: a base's ``__getattr__`` hands
    nothing to ``.remote``/``.bind``.  HabanaAI's fork bound ``worker.execute_model_compiled_dag_remote``
    in its compiled graph after upstream renamed it ``execute_model_spmd`` (on a RayWorkerWrapper whose
    base delegates unknown names); the graph fails when it is built, after the merge."""
    fork_path = "vllm/executor/ray_aeon_executor.py"
    fork = (
        "from vllm.executor.ray_utils import RayWorkerWrapper\n\n\nclass AeonExecutor:\n"
        "    def __init__(self, driver: RayWorkerWrapper):\n        self.driver = driver\n        self.workers = []\n\n"
        f"    def graph(self, data):\n        return {use}\n"
    )
    renamed = DAG_UTILS.replace("execute_model_compiled_dag_remote", "execute_model_spmd")
    sides = s.merge_case(
        git_repo,
        {WRAPPER_BASE: WRAPPER_BASE_TEXT, RAY_UTILS: DAG_UTILS},
        {fork_path: fork},
        [("[Core] rename the compiled graph's method (#7000)", {RAY_UTILS: renamed})],
    )
    rows = found(git_repo.audit(no_rules, merge=sides))
    assert [(p, line) for p, line, _ in rows] == ([(fork_path, 10)] if reported else [])
    assert all("execute_model_compiled_dag_remote" in message for _, _, message in rows)


STEP_A = "vllm/v1/core/sched/scheduler.py"
STEP_B = "vllm/v1/core/sched/async_scheduler.py"
STEP_A_BASE = "class Scheduler:\n    def step(self):\n        return 1\n"
STEP_B_BASE = "class AsyncScheduler:\n    def step(self):\n        return 2\n"


UNTYPED_STEP_ROWS = [
    ("def aeon(sched):\n    sched.step()\n", True),  # untyped: whichever class it meant, step is gone
    ("from vllm.aeon_make import make\n\n\ndef aeon():\n    sched = make()\n    sched.step()\n", True),
    # the receiver's annotation or constructor is an outside library's (or a builtin): its own step
    ("import torch\n\n\ndef aeon(opt: torch.optim.Optimizer):\n    opt.step()\n", False),
    ("from torch.optim import Optimizer\n\n\ndef aeon(opt: Optimizer | None):\n    opt.step()\n", False),
    ("import torch\n\n\ndef aeon(model):\n    opt = torch.optim.AdamW(model)\n    opt.step()\n", False),
    ("def aeon(opt: dict):\n    opt.step()\n", False),
    (
        "import torch\n\n\nclass Aeon:\n    def __init__(self, model):\n"
        "        self.opt = torch.optim.AdamW(model)\n\n    def train(self):\n        self.opt.step()\n",
        False,
    ),
    (
        "class Aeon:\n    def __init__(self, sched):\n        self.sched = sched\n\n    def run(self):\n"
        "        self.sched.step()\n",
        True,
    ),
]


@pytest.mark.parametrize(("fork", "reported"), UNTYPED_STEP_ROWS)
def test_an_untyped_call_of_a_name_upstream_removed_is_not_an_outside_librarys_method(
    git_repo: GitRepo, no_rules: Path, fork: str, reported: bool
) -> None:
    """Two classes defined ``step`` and upstream renamed both: ``x.step()`` fails whichever it meant,
    unless the fork said ``x`` is an outside library's object (``opt: torch.optim.Optimizer``)."""
    fork_path = "vllm/aeon_train.py"
    base = {STEP_A: STEP_A_BASE, STEP_B: STEP_B_BASE, "vllm/aeon_make.py": "def make():\n    return None\n"}
    upstream: list[tuple[str, dict[str, str | None]]] = [
        ("rename", {STEP_A: STEP_A_BASE.replace("step", "advance"), STEP_B: STEP_B_BASE.replace("step", "advance")})
    ]
    if reported:
        # the reported rows' modules side by side, one merge and one audit a process (``s.audited_row``,
        # suitespeed13); the quiet rows keep a merge each: another row's module could quiet them
        bodies = [row for row, row_reported in UNTYPED_STEP_ROWS if row_reported]
        path, found_here = s.audited_row(git_repo, no_rules, base, bodies, fork, upstream, DRIFT, "vllm")
        rows = [(f.path, f.line, f.message) for f in found_here]
        assert [p for p, _, _ in rows] == [path]
    else:
        sides = s.merge_case(git_repo, base, {fork_path: fork}, upstream)
        rows = found(git_repo.audit(no_rules, merge=sides))
        assert rows == []
    assert all("step" in message for _, _, message in rows)


# -- #29066: FusedMoEMethodBase.apply lost top_k, renormalize, ... (its callers pass layer, x, router_logits) --
APPLY_BASE_FILE = "vllm/model_executor/layers/fused_moe/method_shapes.py"
APPLY_BASE = """class MoEMethodBase:
    def apply(self, layer, x, router_logits, top_k, renormalize, use_grouped_topk=False, topk_group=None):
        raise NotImplementedError


def run(method, layer, x, logits):
    return method.apply(layer=layer, x=x, router_logits=logits, top_k=layer.top_k, renormalize=True)
"""
APPLY_CUT = """class MoEMethodBase:
    def apply(self, layer, x, router_logits):
        raise NotImplementedError


def run(method, layer, x, logits):
    return method.apply(layer=layer, x=x, router_logits=logits)
"""
APPLY_FORK = "vllm/model_executor/layers/fused_moe/aeon_method.py"


@pytest.mark.parametrize(
    ("signature", "error"),
    [
        ("self, layer, x, router_logits, top_k, renormalize, use_grouped_topk=False, **kwargs", True),
        ("self, layer, x, router_logits, top_k, renormalize, use_grouped_topk=False, topk_group=None", True),
        ("self, layer, x, router_logits, **kwargs", False),  # fits the new base
        ("self, layer, x, router_logits, top_k=2, **kwargs", False),  # its extra parameter is optional
    ],
    ids=["rest in kwargs", "full copy", "new shape", "optional extra"],
)
def test_override_that_still_requires_parameters_the_base_dropped(
    git_repo: GitRepo, no_rules: Path, signature: str, error: bool
) -> None:
    """The fork's override requires top_k and renormalize; upstream's base and its callers dropped them: the
    call raises TypeError on the fork's class.  An override that names the base's leading parameters and
    takes the rest in ``**kwargs`` matched the old base (callers passed the rest by keyword)."""
    fork = (
        "from vllm.model_executor.layers.fused_moe.method_shapes import MoEMethodBase\n\n\n"
        f"class AeonMethod(MoEMethodBase):\n    def apply({signature}):\n        return x\n"
    )
    sides = s.merge_case(
        git_repo,
        {APPLY_BASE_FILE: APPLY_BASE},
        {APPLY_FORK: fork},
        [("[MoE] Remove apply args (#29066)", {APPLY_BASE_FILE: APPLY_CUT})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    errors = [(f.path, f.line) for f in report.findings if f.rule_id == DRIFT and f.severity.value == "error"]
    assert errors == ([(APPLY_FORK, 5)] if error else [])


# -- a removed function used in a ``with`` or an ``except`` header (#4818) -------------------------------------
COMM = "pkg/distributed/comm.py"
COMM_BASE = (
    "from contextlib import contextmanager\n\n\nclass CommError(RuntimeError):\n    pass\n\n\n"
    "@contextmanager\ndef graph_mode():\n    yield\n\n\n@contextmanager\ndef graph_capture():\n    yield\n"
)
COMM_AFTER = "from contextlib import contextmanager\n\n\n@contextmanager\ndef graph_capture():\n    yield\n"
COMM_USE = "pkg/aeon_graph.py"


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("def capture(fn):\n    with comm.graph_mode():\n        return fn()\n", "with comm.graph_mode()"),
        ("def capture(fn):\n    with comm.graph_capture(), comm.graph_mode():\n        return fn()\n", "with comm"),
        (
            "def guarded(fn):\n    try:\n        return fn()\n    except comm.CommError:\n        return None\n",
            "except",
        ),
    ],
)
def test_a_removed_name_in_a_with_or_except_header(git_repo: GitRepo, no_rules: Path, body: str, needle: str) -> None:
    """vLLM #4818 (e08188081b) removed ``communication_op.graph_mode``: ``with communication_op.graph_mode():``
    raises on first use, and an ``except`` naming a removed class raises when anything is raised."""
    fork = "from pkg.distributed import comm\n\n\n" + body
    sides = three_way(git_repo, {"pkg/__init__.py": "", COMM: COMM_BASE}, {COMM_USE: fork}, {COMM: COMM_AFTER})
    report = git_repo.audit(no_rules, merge=sides)
    assert [(p, line) for p, line, _ in found(report)] == [(COMM_USE, line_of(git_repo, COMM_USE, needle))]


def test_a_kept_name_in_a_with_header_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "from pkg.distributed import comm\n\n\ndef capture(fn):\n    with comm.graph_capture() as g:\n        return fn(g)\n"
    sides = three_way(git_repo, {"pkg/__init__.py": "", COMM: COMM_BASE}, {COMM_USE: fork}, {COMM: COMM_AFTER})
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# -- a keyword upstream renamed, passed on a line of its own (#4518) -------------------------------------------
OPS = "pkg/ops.py"
OPS_BASE = "def paged_attention(out, query, context_lens, block_size, max_context_len):\n    return out\n"
OPS_AFTER = "def paged_attention(out, query, seq_lens, block_size, max_seq_len):\n    return out\n"
OPS_USE = "pkg/aeon_decode.py"


def test_a_renamed_keyword_is_reported_on_its_own_line(git_repo: GitRepo, no_rules: Path) -> None:
    """vLLM #4518 (3521ba4f25) renamed paged_attention_v1's context_lens and max_context_len: a fork call
    that spreads its keywords over lines fails on the one that passes context_lens=, where the fix goes."""
    fork = (
        "from pkg import ops\n\n\ndef decode(out, query, lens, size, longest):\n    return ops.paged_attention(\n"
        "        out,\n        query,\n        context_lens=lens,\n        block_size=size,\n        max_context_len=longest,\n    )\n"
    )
    sides = three_way(git_repo, {"pkg/__init__.py": "", OPS: OPS_BASE}, {OPS_USE: fork}, {OPS: OPS_AFTER})
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (OPS_USE, line_of(git_repo, OPS_USE, "context_lens=lens"))
    assert "passes context_lens=, max_context_len=, which it no longer accepts" in message


@pytest.mark.parametrize(
    "body",
    [
        "from pkg.distributed import comm\n\n\ndef capture(fn):\n"
        '    if hasattr(comm, "graph_mode"):\n        with comm.graph_mode():\n            return fn()\n'
        "    with comm.graph_capture():\n        return fn()\n",
        "from pkg.distributed import comm\n\n\ndef capture(fn):\n"
        '    if callable(fn) and hasattr(comm, "graph_mode"):\n        comm.graph_mode()\n'
        "    else:\n        comm.graph_capture()\n",
        "try:\n    from pkg.distributed.comm import graph_mode\n"
        "except ImportError:\n    from contextlib import nullcontext as graph_mode\n\n\n"
        "def capture(fn):\n    with graph_mode():\n        return fn()\n",
        "from pkg.distributed import comm\n\n\ndef scope():\n    try:\n        return comm.graph_mode()\n"
        "    except AttributeError:\n        return comm.graph_capture()\n",
    ],
    ids=[
        "with under hasattr",
        "call under an and-ed hasattr",
        "import under except ImportError",
        "except AttributeError",
    ],
)
def test_a_removed_name_read_only_where_it_is_there_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """A read under ``hasattr`` of the very name, an import whose ``except ImportError`` binds a stand-in, or a
    read in a ``try`` whose ``except AttributeError`` takes over, is written for the module with and without
    it (#4818's graph_mode): no error, and no warning either (the fallback takes the gone name's place)."""
    sides = three_way(git_repo, {"pkg/__init__.py": "", COMM: COMM_BASE}, {COMM_USE: body}, {COMM: COMM_AFTER})
    report = git_repo.audit(no_rules, merge=sides)
    assert [(f.rule_id, f.line) for f in report.findings if f.path == COMM_USE] == []


@pytest.mark.parametrize(
    "body",
    [
        "import logging\n\nfrom pkg.distributed import comm\n\nlogger = logging.getLogger(__name__)\n\n\ndef scope():\n"
        "    try:\n        comm.graph_mode()\n    except AttributeError:\n"
        '        logger.debug("no graph mode")\n',
        "from pkg.distributed import comm\n\n\ndef scope(fns):\n    for fn in fns:\n        try:\n"
        "            comm.graph_mode()\n            fn()\n        except (AttributeError, ImportError):\n"
        "            continue\n",
        "from pkg.distributed import comm\n\n\ndef scope():\n    try:\n        comm.graph_mode()\n"
        "    except AttributeError:\n        pass\n",
    ],
    ids=["a handler that logs", "a handler that continues", "a handler that passes"],
)
def test_a_removed_name_in_a_try_whose_attribute_handler_does_nothing_is_a_warning(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    """An ``except AttributeError`` that does nothing in the try body's place: after #4818 the fork's
    ``comm.graph_mode()`` raises there every time, the handler swallows it, and the body's work stops at it
    silently.  Not a crash, so not an error; not compatibility code either (that takes the gone name's place,
    and stays quiet), so a warning."""
    sides = three_way(git_repo, {"pkg/__init__.py": "", COMM: COMM_BASE}, {COMM_USE: body}, {COMM: COMM_AFTER})
    report = git_repo.audit(no_rules, merge=sides)
    mine = [f for f in report.findings if f.path == COMM_USE]
    assert [(f.severity.value, f.line) for f in mine] == [("warning", line_of(git_repo, COMM_USE, "comm.graph_mode()"))]
    assert "does nothing in its place" in mine[0].message


def test_a_removed_name_under_a_broad_except_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``except Exception`` around fork code hides the removal at run time; it is not a fallback for it."""
    body = (
        "from pkg.distributed import comm\n\n\ndef scope():\n    try:\n        return comm.graph_mode()\n"
        "    except Exception:\n        return None\n"
    )
    sides = three_way(git_repo, {"pkg/__init__.py": "", COMM: COMM_BASE}, {COMM_USE: body}, {COMM: COMM_AFTER})
    assert [line for _, line, _ in found(git_repo.audit(no_rules, merge=sides))] == [6]


@pytest.mark.parametrize(
    "body",
    [
        "from contextlib import nullcontext\n\nfrom pkg.distributed import comm\n\n\ndef capture(fn):\n"
        '    with getattr(comm, "graph_mode", nullcontext)():\n        return fn()\n',
        "from pkg.distributed import comm\n\n\ndef guarded(fn):\n    try:\n        return fn()\n"
        '    except getattr(comm, "CommError", RuntimeError):\n        return None\n',
    ],
    ids=["called stand-in", "caught stand-in"],
)
def test_a_getattr_of_a_removed_name_with_a_stand_in_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """``getattr(m, "gone", stand_in)()``: the fork names the function (or class) that takes its place."""
    sides = three_way(git_repo, {"pkg/__init__.py": "", COMM: COMM_BASE}, {COMM_USE: body}, {COMM: COMM_AFTER})
    report = git_repo.audit(no_rules, merge=sides)
    assert [(f.rule_id, f.line) for f in report.findings if f.path == COMM_USE and f.severity.value == "error"] == []


def test_a_changed_signature_under_hasattr_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``hasattr`` says the name is there, not that its signature is what the fork's call passes."""
    after = COMM_BASE.replace("def graph_capture():", "def graph_capture(stream):")
    body = (
        "from pkg.distributed import comm\n\n\ndef capture(fn):\n"
        '    if hasattr(comm, "graph_capture"):\n        with comm.graph_capture():\n            return fn()\n'
        "    return fn()\n"
    )
    sides = three_way(git_repo, {"pkg/__init__.py": "", COMM: COMM_BASE}, {COMM_USE: body}, {COMM: after})
    assert [line for _, line, _ in found(git_repo.audit(no_rules, merge=sides))] == [6]


# -- #28763 (4c23690f43): FlashAttentionBackend's own get_supported_head_sizes removed, its own
# supports_head_size added; the base's supports_head_size was the one caller of the hook
ABSTRACT = "vllm/attention/backends/abstract.py"
ABSTRACT_TEXT = """class AttentionBackend:
    @classmethod
    def get_supported_head_sizes(cls) -> list[int]:
        return []

    @classmethod
    def supports_head_size(cls, head_size: int) -> bool:
        sizes = cls.get_supported_head_sizes()
        return not sizes or head_size in sizes
"""
FLASH = "vllm/v1/attention/backends/flash_attn.py"
FLASH_BASE = """from vllm.attention.backends.abstract import AttentionBackend


class FlashAttentionBackend(AttentionBackend):
    @classmethod
    def get_supported_head_sizes(cls) -> list[int]:
        return [32, 64, 96, 128, 160, 192, 224, 256]
"""
FLASH_28763 = """from vllm.attention.backends.abstract import AttentionBackend


class FlashAttentionBackend(AttentionBackend):
    @classmethod
    def supports_head_size(cls, head_size: int) -> bool:
        return head_size % 8 == 0 and head_size <= 256
"""
HEAD_FORK = "vllm/aeon/heads.py"
HEAD_FORK_TEXT = """from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend


class AeonFlashAttentionBackend(FlashAttentionBackend):
    @classmethod
    def get_supported_head_sizes(cls) -> list[int]:
        return [64, 128]
"""


def hook_case(git_repo: GitRepo, no_rules: Path, upstream: str, fork: str = HEAD_FORK_TEXT, more: str = "") -> list:
    base = {ABSTRACT: ABSTRACT_TEXT, FLASH: FLASH_BASE, "vllm/aeon/__init__.py": ""}
    changed = {FLASH: upstream, **({"vllm/v1/attention/selector.py": more} if more else {})}
    sides = s.merge_case(
        git_repo,
        base,
        {HEAD_FORK: fork},
        [("[Attention] FlashAttention ViT support, make default backend (#28763)", changed)],
    )
    return found(git_repo.audit(no_rules, merge=sides))


def test_an_override_upstream_no_longer_consults(git_repo: GitRepo, no_rules: Path) -> None:
    """The hook moved up to the base, and the base's caller of it is now answered by the class's own
    method that does not call it: the fork's override never runs."""
    [(path, line, message)] = hook_case(git_repo, no_rules, FLASH_28763)
    assert (path, line) == (HEAD_FORK, 6)
    assert "overrides FlashAttentionBackend.get_supported_head_sizes, which upstream removed" in message
    assert "AttentionBackend.supports_head_size() called get_supported_head_sizes() for the fork's class" in message
    assert "upstream's FlashAttentionBackend.supports_head_size() now answers in its place" in message
    assert "#28763" in message and "never consulted" in message


@pytest.mark.parametrize(
    ("upstream", "more"),
    [
        # the definition moved up, its caller still reached: the override runs as before
        (
            FLASH_BASE.replace(
                "get_supported_head_sizes(cls) -> list[int]:\n        return [32",
                "other(cls) -> list[int]:\n        return [32",
            ),
            "",
        ),
        # the class's own method calls the hook too
        (
            FLASH_28763.replace(
                "return head_size % 8", "return head_size in cls.get_supported_head_sizes() or head_size % 8"
            ),
            "",
        ),
        # upstream calls it by name on a backend elsewhere
        (FLASH_28763, "def pick(backend, size):\n    return size in backend.get_supported_head_sizes()\n"),
    ],
    ids=["moved up, still called", "called by the new method", "called on another object"],
)
def test_an_override_still_consulted_is_silent(git_repo: GitRepo, no_rules: Path, upstream: str, more: str) -> None:
    assert hook_case(git_repo, no_rules, upstream, more=more) == []


# -- #51704 (57bd0ed441): AttentionSpec.unpadded_page_size_bytes stopped reading the real_page_size_bytes
# property (now an alias of it), and upstream dropped every spec's own override of it
SPEC = "vllm/v1/kv_cache_interface.py"
SPEC_BASE = """class AttentionSpec:
    block_size: int = 16
    heads: int = 8

    @property
    def unpadded_page_size_bytes(self) -> int:
        return self.real_page_size_bytes

    @property
    def page_size_bytes(self) -> int:
        return self.unpadded_page_size_bytes

    @property
    def real_page_size_bytes(self) -> int:
        return 2 * self.block_size * self.heads


class FullAttentionSpec(AttentionSpec):
    @property
    def real_page_size_bytes(self) -> int:
        return 4 * self.block_size * self.heads


class MLAAttentionSpec(FullAttentionSpec):
    @property
    def real_page_size_bytes(self) -> int:
        return 656 * self.block_size
"""
SPEC_51704 = """class AttentionSpec:
    block_size: int = 16
    heads: int = 8
    content_bytes: int = 4

    @property
    def unpadded_page_size_bytes(self) -> int:
        return self.heads * self.block_size * self.content_bytes

    @property
    def page_size_bytes(self) -> int:
        return self.unpadded_page_size_bytes

    @property
    def real_page_size_bytes(self) -> int:
        return self.unpadded_page_size_bytes


class FullAttentionSpec(AttentionSpec):
    pass


class MLAAttentionSpec(FullAttentionSpec):
    content_bytes: int = 82
"""
SPEC_READER = "vllm/distributed/offload.py"
SPEC_READER_TEXT = "def page_of(spec) -> int:\n    return spec.real_page_size_bytes\n"
PAGE_FORK = "vllm/aeon/page.py"
PAGE_FORK_TEXT = """from vllm.v1.kv_cache_interface import FullAttentionSpec


class AeonNvfp4Spec(FullAttentionSpec):
    @property
    def real_page_size_bytes(self) -> int:
        return self.block_size * self.heads * 72
"""


def page_case(git_repo: GitRepo, no_rules: Path, upstream: str, reader: bool = True) -> list:
    base = {SPEC: SPEC_BASE, "vllm/aeon/__init__.py": "", **({SPEC_READER: SPEC_READER_TEXT} if reader else {})}
    sides = s.merge_case(
        git_repo,
        base,
        {PAGE_FORK: PAGE_FORK_TEXT},
        [("[KV-Cache Layout Refactor] Backend-published KV packing (#51704)", {SPEC: upstream})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


@pytest.mark.parametrize("reader", [True, False], ids=["read by name elsewhere", "read nowhere else"])
def test_a_property_override_the_base_no_longer_reads(git_repo: GitRepo, no_rules: Path, reader: bool) -> None:
    """The base's page size stopped reading the property the fork's spec overrides; upstream dropped its
    own overrides of it too: the fork's size no longer reaches the allocation, whoever else reads it."""
    [(path, line, message)] = page_case(git_repo, no_rules, SPEC_51704, reader)
    assert (path, line) == (PAGE_FORK, 6)
    assert "AeonNvfp4Spec.real_page_size_bytes overrides FullAttentionSpec.real_page_size_bytes" in message
    assert "AttentionSpec.unpadded_page_size_bytes() read real_page_size_bytes for the fork's class" in message
    assert "upstream's AttentionSpec.unpadded_page_size_bytes no longer reads it" in message
    assert ("upstream dropped its own 2 override(s) of real_page_size_bytes" in message) is reader
    assert "#51704" in message and "port it to unpadded_page_size_bytes()" in message


@pytest.mark.parametrize(
    "upstream",
    [
        # twin: the base still reads the property; only FullAttentionSpec's own override went
        SPEC_BASE.replace(
            """class FullAttentionSpec(AttentionSpec):
    @property
    def real_page_size_bytes(self) -> int:
        return 4 * self.block_size * self.heads
""",
            "class FullAttentionSpec(AttentionSpec):\n    pass\n",
        ),
        # twin: upstream's MLA spec still overrides it and a reader elsewhere reads it by name: still a hook
        SPEC_51704.replace(
            "    content_bytes: int = 82\n",
            "    @property\n    def real_page_size_bytes(self) -> int:\n        return 656 * self.block_size\n",
        ),
    ],
    ids=["still read by the base", "still overridden upstream, read by name"],
)
def test_a_property_override_still_consulted_is_silent(git_repo: GitRepo, no_rules: Path, upstream: str) -> None:
    assert page_case(git_repo, no_rules, upstream) == []


CALL_FORK = """from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend


def aeon_max_head_size() -> int:
    return max(FlashAttentionBackend.get_supported_head_sizes())
"""


def test_a_call_a_base_method_of_another_body_now_answers(git_repo: GitRepo, no_rules: Path) -> None:
    """The class's own method of the name is gone: the base's, another body, answers the call: a warning."""
    sides = s.merge_case(
        git_repo,
        {ABSTRACT: ABSTRACT_TEXT, FLASH: FLASH_BASE, "vllm/aeon/__init__.py": ""},
        {HEAD_FORK: CALL_FORK},
        [("[Attention] FlashAttention ViT support, make default backend (#28763)", {FLASH: FLASH_28763})],
    )
    [(path, line, severity, message)] = s.rule_rows(git_repo, no_rules, sides, DRIFT)
    assert (path, line, severity) == (HEAD_FORK, 5, "warning")
    assert "whose FlashAttentionBackend.get_supported_head_sizes upstream removed" in message
    assert (
        "the call now runs AttentionBackend.get_supported_head_sizes (vllm/attention/backends/abstract.py)" in message
    )


def test_a_call_a_base_method_of_the_same_body_now_answers_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream dropped an override the base's method repeats word for word."""
    base = ABSTRACT_TEXT.replace("return []", "return [32, 64, 96, 128, 160, 192, 224, 256]")
    sides = s.merge_case(
        git_repo,
        {ABSTRACT: base, FLASH: FLASH_BASE, "vllm/aeon/__init__.py": ""},
        {HEAD_FORK: CALL_FORK},
        [("[Attention] Drop a repeated override (#28763)", {FLASH: FLASH_28763})],
    )
    assert s.rule_rows(git_repo, no_rules, sides, DRIFT) == []


def test_a_call_a_base_method_of_the_same_body_under_a_docstring_now_answers_is_silent(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """#46099 dropped an override whose code the base's method repeats under a docstring of its own."""
    base = ABSTRACT_TEXT.replace(
        "return []", '"""The head sizes a backend serves."""\n        return [32, 64, 96, 128, 160, 192, 224, 256]'
    )
    assert '"""The head sizes' in base
    sides = s.merge_case(
        git_repo,
        {ABSTRACT: base, FLASH: FLASH_BASE, "vllm/aeon/__init__.py": ""},
        {HEAD_FORK: CALL_FORK},
        [("[Cohere] Remove dead prepare_structured_tag override (#46099)", {FLASH: FLASH_28763})],
    )
    assert s.rule_rows(git_repo, no_rules, sides, DRIFT) == []


@pytest.mark.parametrize(
    ("opts", "lines"),
    [
        # the key the callee no longer accepts, on its own line: the error there too (#23725)
        ("OPTS = {'act_quant_static': False, 'force_fp8_e4m3fnuz': True}\n", [6, 9]),
        ("OPTS = dict(\n    act_quant_static=False,\n    force_fp8_e4m3fnuz=True,\n)\n", [8, 12]),
        # twins: the kept keywords only
        ("OPTS = {'act_quant_static': False, 'pad_output': True}\n", []),
    ],
)
def test_a_removed_keyword_a_dict_handed_on_holds(
    git_repo: GitRepo, no_rules: Path, opts: str, lines: list[int]
) -> None:
    """#23725 removed Fp8LinearOp's ``force_fp8_e4m3fnuz``; a fork's ``Fp8LinearOp(**OPTS)`` is an error at
    the call and at the dict's key, where the fork spelled the name."""
    before = "class Fp8LinearOp:\n    def __init__(self, act_quant_static, pad_output=None, force_fp8_e4m3fnuz=False):\n        pass\n"
    after = before.replace(", force_fp8_e4m3fnuz=False", "")
    fork = f"from pkg.w8a8 import Fp8LinearOp\n\n# AEON: ROCm canary\n\n\n{opts}\n\nOP = Fp8LinearOp(**OPTS)\n"
    sides = s.merge_case(
        git_repo,
        {"pkg/__init__.py": "", "pkg/w8a8.py": before},
        {"pkg/use.py": fork},
        [("[Misc] Removed force_fp8_e4m3fnuz from FP8LinearOp (#23725)", {"pkg/w8a8.py": after})],
    )
    got = sorted(found(git_repo.audit(no_rules, merge=sides)))
    assert [number for _, number, _ in got] == lines
    if lines:
        assert "holds force_fp8_e4m3fnuz for the ** call at line" in got[0][2]
        assert "passes force_fp8_e4m3fnuz=, which it no longer accepts" in got[1][2]


# -- a submodule taken off an unchanged package (#30253, 67312cad11: vllm/lora/models.py split) ------------
LORA_MODELS = (
    "_GLOBAL_LORA_ID = 0\n\n\n"
    "def get_lora_id():\n    global _GLOBAL_LORA_ID\n    _GLOBAL_LORA_ID += 1\n    return _GLOBAL_LORA_ID\n\n\n"
    "class LoRAModelManager:\n    pass\n"
)
LORA_WORKER = "class WorkerLoRAManager:\n    pass\n"


def test_submodule_imported_off_an_unchanged_package_upstream_split(git_repo: GitRepo, no_rules: Path) -> None:
    """``vllm/lora/__init__.py`` is empty on every side, so its own names are what they were; the submodule
    the fork takes off it is gone all the same, an ImportError at load (the import line is the error)."""
    fork = (
        "from vllm.lora import models as lora_models\n"
        "from vllm.lora import worker_manager\n\n\n"
        "def aeon_next_lora_id() -> int:\n    return lora_models.get_lora_id()\n\n\n"
        "def aeon_manager_cls() -> type:\n    return worker_manager.WorkerLoRAManager\n"
    )
    sides = s.merge_case(
        git_repo,
        {"vllm/lora/__init__.py": "", "vllm/lora/models.py": LORA_MODELS, "vllm/lora/worker_manager.py": LORA_WORKER},
        {"vllm/aeon/lora_ids.py": fork},
        [
            (
                "[Misc] Split the LoRA code (#30253)",
                {
                    "vllm/lora/models.py": None,
                    "vllm/lora/model_manager.py": LORA_MODELS,
                    "vllm/lora/worker_manager.py": LORA_WORKER + "\n\nLRU = True\n",
                },
            )
        ],
    )
    results = found(git_repo.audit(no_rules, merge=sides))
    assert [(p, line) for p, line, _ in results] == [("vllm/aeon/lora_ids.py", 1)]
    assert "imports models from vllm.lora, which upstream moved (module vllm.lora.models is now" in results[0][2]


def test_submodule_upstream_only_edited_off_an_unchanged_package_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "from vllm.lora import models\n\n\ndef aeon_next_lora_id() -> int:\n    return models.get_lora_id()\n"
    sides = s.merge_case(
        git_repo,
        {"vllm/lora/__init__.py": "", "vllm/lora/models.py": LORA_MODELS},
        {"vllm/aeon/lora_ids.py": fork},
        [("[LoRA] Tidy (#1)", {"vllm/lora/models.py": LORA_MODELS + "\n\nclass LoRAModel:\n    pass\n"})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# -- a store through an attribute upstream removed (#40867, ecd0b60aad: FusedMoEWithLoRA._fused_experts ->
#    _moe_kernel) ----------------------------------------------------------------------------------------
MOE_LORA = "vllm/lora/layers/fused_moe.py"
MOE_LORA_BASE = (
    "class FusedMoEWithLoRA:\n"
    "    def __init__(self, base_layer, moe_kernel) -> None:\n"
    "        self.base_layer = base_layer\n"
    "        self._fused_experts = moe_kernel.fused_experts\n\n"
    "    def set_mapping(self, punica_wrapper):\n"
    "        self.punica_wrapper = punica_wrapper\n"
    "        self._fused_experts.set_lora_context(punica_wrapper)\n"
)
MOE_LORA_EP = MOE_LORA_BASE.replace("self._fused_experts = moe_kernel.fused_experts", "self._moe_kernel = moe_kernel")
MOE_LORA_EP = MOE_LORA_EP.replace(
    "self._fused_experts.set_lora_context", "self._moe_kernel.fused_experts.set_lora_context"
)


@pytest.mark.parametrize(
    ("store", "caught"),
    [
        ("self._fused_experts.aeon_lora = True", True),
        ("self._fused_experts.flags['aeon'] = True", True),
        ("self.base_layer.aeon_lora = True", False),
        ("self._aeon_ctx = {}\n        self._aeon_ctx.flag = True", False),
    ],
    ids=[
        "store through the removed attribute",
        "item store through it",
        "twin: a kept attribute",
        "twin: the fork's own",
    ],
)
def test_a_store_through_an_attribute_upstream_removed(
    git_repo: GitRepo, no_rules: Path, store: str, caught: bool
) -> None:
    """``self._fused_experts.flag = v`` reads ``self._fused_experts`` (an AttributeError once upstream stops
    setting it); the store neither binds the attribute for the fork's class nor hides the read."""
    fork = (
        "from vllm.lora.layers.fused_moe import FusedMoEWithLoRA\n\n\n"
        "class AeonFusedMoEWithLoRA(FusedMoEWithLoRA):\n"
        "    def set_mapping(self, punica_wrapper):\n"
        "        super().set_mapping(punica_wrapper)\n"
        f"        {store}\n"
    )
    sides = s.merge_case(
        git_repo,
        {MOE_LORA: MOE_LORA_BASE},
        {"vllm/aeon/moe_lora.py": fork},
        [("[LoRA] Initial EP support for LoRA (#40867)", {MOE_LORA: MOE_LORA_EP})],
    )
    results = found(git_repo.audit(no_rules, merge=sides))
    if not caught:
        assert results == []
        return
    [(path, line, message)] = results
    assert (path, line) == ("vllm/aeon/moe_lora.py", 7)
    assert "uses self._fused_experts, which upstream removed FusedMoEWithLoRA._fused_experts" in message


# -- a call through a module-level alias of a function (#27435, 2ec401bc39: fused_moe_lora, the custom op's
#    handle or its fallback ``fused_moe_lora = _fused_moe_lora``, split its block sizes) ----------------------
LORA_OP = "vllm/lora/ops/triton_ops/fused_moe_lora_op.py"
LORA_OP_BASE = (
    "import torch\n\n\n"
    "def _fused_moe_lora(output, x, block_size_m: int, block_size_n: int, mul_routed_weight: bool = False) -> None:\n"
    "    return None\n\n\n"
    "try:\n"
    "    fused_moe_lora = torch.ops.vllm.fused_moe_lora\n"
    "except AttributeError:\n"
    "    fused_moe_lora = _fused_moe_lora\n"
)
LORA_OP_SPLIT = LORA_OP_BASE.replace(
    "block_size_m: int, block_size_n: int,", "shrink_block_size_m: int, expand_block_size_m: int,"
)


@pytest.mark.parametrize(
    ("call", "caught"),
    [
        ("fused_moe_lora(out, x, block_size_m=32, block_size_n=32)", True),
        ("fused_moe_lora(out, x, 32, 32, mul_routed_weight=True)", False),
    ],
    ids=["the removed keywords", "twin: positions and a kept keyword"],
)
def test_a_call_through_a_function_alias_meets_the_functions_parameters(
    git_repo: GitRepo, no_rules: Path, call: str, caught: bool
) -> None:
    fork = (
        "from vllm.lora.ops.triton_ops.fused_moe_lora_op import fused_moe_lora\n\n\n"
        f"def aeon_moe_lora(out, x) -> None:\n    {call}\n"
    )
    sides = s.merge_case(
        git_repo,
        {LORA_OP: LORA_OP_BASE},
        {"vllm/aeon/moe_lora_op.py": fork},
        [("Load tuned fused_moe_lora shrink and expand kernel configs separately (#27435)", {LORA_OP: LORA_OP_SPLIT})],
    )
    results = found(git_repo.audit(no_rules, merge=sides))
    if not caught:
        assert results == []
        return
    [(path, line, message)] = results
    assert (path, line) == ("vllm/aeon/moe_lora_op.py", 5)
    assert "calls fused_moe_lora, which is now _fused_moe_lora(output, x, shrink_block_size_m" in message


KV_RUNNER_MOD = "vllm/v1/worker/kv_runner.py"
KV_RUNNER_TEXT = """class GPUModelRunner:
    def initialize_kv_cache(self, kv_cache_config) -> None:
        self.config = kv_cache_config

    def profile(self, config) -> None:
        self.initialize_kv_cache(config)
"""
KV_RUNNER_GAINED = KV_RUNNER_TEXT.replace(
    "initialize_kv_cache(self, kv_cache_config) -> None:",
    "initialize_kv_cache(self, kv_cache_config, is_profiling: bool = False) -> None:",
).replace("self.initialize_kv_cache(config)", "self.initialize_kv_cache(config, is_profiling=True)")
FORK_KV_RUNNER_MOD = "vllm/v1/worker/aeon_runner.py"


@pytest.mark.parametrize(
    ("params", "flagged"),
    [("kv_cache_config", True), ("kv_cache_config, **kwargs", False), ("kv_cache_config, *args, **kwargs", False)],
    ids=["the-old-signature", "kwargs-takes-the-new-option", "args-and-kwargs"],
)
def test_override_whose_base_gained_an_option_passed_by_keyword(
    git_repo: GitRepo, no_rules: Path, params: str, flagged: bool
) -> None:
    """#38270 (cc06b4e86b): ``initialize_kv_cache`` gained ``is_profiling=False``, which upstream's caller passes by
    keyword.  An override with the old signature raises TypeError; one taking ``**kwargs`` hands it on."""
    fork = (
        "from vllm.v1.worker.kv_runner import GPUModelRunner\n\n\n"
        "class AeonModelRunner(GPUModelRunner):  # AEON: the KV cache in the GB10 carve-out\n"
        f"    def initialize_kv_cache(self, {params}) -> None:\n"
        f"        super().initialize_kv_cache({params})\n"
    )
    sides = s.merge_case(
        git_repo,
        {KV_RUNNER_MOD: KV_RUNNER_TEXT},
        {FORK_KV_RUNNER_MOD: fork},
        [("[Mamba][Bugfix] Raise on insufficient cache blocks (#38270)", {KV_RUNNER_MOD: KV_RUNNER_GAINED})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    errors = [(f.path, f.line) for f in report.findings if f.rule_id == DRIFT and f.severity.value == "error"]
    assert errors == ([(FORK_KV_RUNNER_MOD, 5)] if flagged else []), report.findings


# review31 (#13240's twins r31pi3-4): the fork's own attribute read through a cast to its class, or where an
# isinstance test of its class holds; the read itself is quiet there too
NARROWED_READERS = {
    "a-cast": "from typing import cast\n\n\ndef verify(sampler: Sampler, logits):\n"
    "    return cast(AeonBase, sampler).rejection_sampler(logits)\n",
    "under-isinstance": "def verify(sampler: Sampler, logits):\n    if isinstance(sampler, AeonBase):\n"
    "        return sampler.rejection_sampler(logits)\n    return logits\n",
    "after-an-assert": "def verify(sampler: Sampler, logits):\n    assert isinstance(sampler, AeonBase)\n"
    "    return sampler.rejection_sampler(logits)\n",
    "isinstance-of-upstream-s-class": "def verify(sampler: Sampler, logits):\n"
    "    if isinstance(sampler, Sampler):\n        return sampler.rejection_sampler(logits)\n    return logits\n",
    "a-cast-to-upstream-s-class": "from typing import cast\n\n\ndef verify(sampler, logits):\n"
    "    return cast(Sampler, sampler).rejection_sampler(logits)\n",
}


@pytest.mark.parametrize(
    ("reader", "quiet"),
    [
        ("a-cast", True),
        ("under-isinstance", True),
        ("after-an-assert", True),
        ("isinstance-of-upstream-s-class", False),
        ("a-cast-to-upstream-s-class", False),
    ],
)
def test_an_attribute_read_through_a_cast_or_an_isinstance_of_the_forks_class(
    git_repo: GitRepo, no_rules: Path, reader: str, quiet: bool
) -> None:
    fork = {
        "vllm/v1/sample/aeon_runner.py": TYPED_IMPORTS + NARROWED_READERS[reader],
        "vllm/v1/sample/aeon_base.py": STORE_SETTER,
    }
    upstream = STORE_BASE.replace("        self.rejection_sampler = torch.nn.Identity()\n", "")
    sides = s.merge_case(
        git_repo,
        {STORE_SAMPLER: STORE_BASE, "vllm/v1/sample/__init__.py": ""},
        fork,
        [("x (#13729)", {STORE_SAMPLER: upstream})],
    )
    results = found(git_repo.audit(no_rules, merge=sides))
    assert [line for path, line, _ in results if path.endswith("aeon_base.py")] == ([] if quiet else [9])
    if quiet:
        assert [(line, m) for path, line, m in results if path.endswith("aeon_runner.py")] == []


@pytest.mark.parametrize(
    ("body", "claimed"),
    [
        (  # the new spelling tried first, from the same module: where it resolves the handler never runs
            "try:\n    from pkg.distributed.comm import graph_capture as mode\n"
            "except ImportError:\n    from pkg.distributed.comm import graph_mode as mode\n",
            False,
        ),
        (  # the try's own import is gone too: the handler runs, and fails
            "try:\n    from pkg.distributed.comm import CommError as mode\n"
            "except ImportError:\n    from pkg.distributed.comm import graph_mode as mode\n",
            True,
        ),
        (  # another (optional) module tried first: wherever it is missing the handler runs
            "try:\n    from flashinfer import fused_mode as mode\n"
            "except ImportError:\n    from pkg.distributed.comm import graph_mode as mode\n",
            True,
        ),
        (  # review63: a name no side defines tried first: the try fails on both sides, the handler runs
            "try:\n    from pkg.distributed.comm import graph_mode_v2 as mode\n"
            "except ImportError:\n    from pkg.distributed.comm import graph_mode as mode\n",
            True,
        ),
        (  # review63: the old name read after the try: unbound where the new import succeeds
            "try:\n    from pkg.distributed.comm import graph_capture\n"
            "except ImportError:\n    from pkg.distributed.comm import graph_mode\n\n\nmode = graph_mode\n",
            True,
        ),
        (  # review63: the old name fetched only to bind the new one in the handler
            "try:\n    from pkg.distributed.comm import graph_capture\n"
            "except ImportError:\n    from pkg.distributed.comm import graph_mode\n\n"
            "    graph_capture = graph_mode\n",
            False,
        ),
    ],
    ids=["same module, new name", "both gone", "another module", "a name no side has", "old name read", "a shim"],
)
def test_a_gone_import_in_the_import_error_handler_of_a_resolving_import(
    git_repo: GitRepo, no_rules: Path, body: str, claimed: bool
) -> None:
    """killers152 (#33679 renamed ``IpexMxfp4MoEMethod``): ``try: from m import New`` / ``except ImportError:
    from m import Old`` is a rename written for both sides; the handler's gone name is no break where the
    try's import resolves."""
    sides = three_way(git_repo, {"pkg/__init__.py": "", COMM: COMM_BASE}, {COMM_USE: body}, {COMM: COMM_AFTER})
    report = git_repo.audit(no_rules, merge=sides)
    errors = [f.line for f in report.findings if f.path == COMM_USE and f.severity.value == "error"]
    assert (4 in errors) is claimed


@pytest.mark.parametrize(
    ("tried", "claimed"),
    [
        ("    mode = comm.graph_capture\n", False),  # the new attribute resolves: the handler never runs
        ("    mode = comm.graph_capture_v2\n", True),  # a name no side has: the handler runs, and fails
        ("    mode = comm.graph_capture()\n", True),  # a call may raise AttributeError itself: the handler may run
    ],
    ids=["the new attribute", "a name no side has", "a call"],
)
def test_a_gone_attribute_in_the_attribute_error_handler_of_a_resolving_read(
    git_repo: GitRepo, no_rules: Path, tried: str, claimed: bool
) -> None:
    """review63 (#33679 renamed ``IpexMxfp4MoEMethod``): ``try: X = mod.New`` / ``except AttributeError: X =
    mod.Old``, the module-attribute spelling of an import fallback: where ``mod.New`` resolves on the merged
    tree the handler never runs, and its gone attribute is no break."""
    body = "from pkg.distributed import comm\n\ntry:\n" + tried + "except AttributeError:\n    mode = comm.graph_mode\n"
    sides = three_way(git_repo, {"pkg/__init__.py": "", COMM: COMM_BASE}, {COMM_USE: body}, {COMM: COMM_AFTER})
    report = git_repo.audit(no_rules, merge=sides)
    errors = [f.line for f in report.findings if f.path == COMM_USE and f.severity.value == "error"]
    assert (6 in errors) is claimed


@pytest.mark.parametrize(
    ("probe", "claimed"),
    [
        ("graph_capture", False),  # a def on the merged tree: always true, the or never reads the old name
        ("graph_capture_v2", True),  # a name no side has: the default, and the old name is read
        ("contextmanager", True),  # a name the module imports from outside the tree: its truth is unknown
        ("FLAGS, 'on'", True),  # off an instance: a property, whose value may be false
    ],
    ids=["a def", "a name no side has", "an outside import", "an instance's property"],
)
def test_a_gone_attribute_after_a_probe_of_the_new_name_in_an_or(
    git_repo: GitRepo, no_rules: Path, probe: str, claimed: bool
) -> None:
    """review63 (#33679 renamed ``IpexMxfp4MoEMethod``): ``getattr(m, "New", None) or m.Old`` reads the old
    name only where the probe's value is false; a def, a class or a module is never false."""
    receiver, name = probe.split(", ") if ", " in probe else ("", probe)
    read = f"getattr(comm.{receiver}, {name}, None)" if receiver else f'getattr(comm, "{name}", None)'
    body = f"from pkg.distributed import comm\n\nmode = {read} or comm.graph_mode\n"
    flags = "\n\nclass _Flags:\n    @property\n    def on(self) -> bool:\n        return False\n\n\nFLAGS = _Flags()\n"
    after = COMM_AFTER + flags
    sides = three_way(git_repo, {"pkg/__init__.py": "", COMM: COMM_BASE}, {COMM_USE: body}, {COMM: after})
    report = git_repo.audit(no_rules, merge=sides)
    errors = [f.line for f in report.findings if f.path == COMM_USE and f.severity.value == "error"]
    assert (3 in errors) is claimed


def test_a_carry_of_a_comment_below_a_modules_last_statement_walks_none_of_its_definitions(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # perf26: the bench carry's marker comment appended to the 340 KB model runner walked its definitions twice
    # (patched-but-moved, patched-but-unused), though a line below the last statement lies in none of them
    runner = (
        "class GPURunner:\n    def step(self, x):\n        return x\n\n    def stop(self):\n        return None\n\n\n"
    )
    sides = three_way(
        git_repo,
        {"pkg/__init__.py": "", "pkg/runner.py": runner},
        {"pkg/runner.py": runner + "# carry-marker\n"},
        {"pkg/runner.py": runner.replace("return x", "return x + 1")},
    )

    def unwalked(*_: object) -> Iterator[object]:
        raise AssertionError("walked the module's definitions")

    monkeypatch.setattr(symbols._Checker, "_patched_but_moved", unwalked)
    monkeypatch.setattr(symbols._Checker, "_patched_but_unused", unwalked)
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# -- a removed __post_init__ handed on to (killers164, #26390) ---------------------------------------------------
POST_CFG = "vllm/config/postcfg.py"
POST_BASE = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass CacheConfig:\n    swap_space: float = 4\n\n"
    "    def __post_init__(self) -> None:\n        self.swap_space_bytes = self.swap_space * 2**30\n\n"
    '    def metrics_info(self) -> dict:\n        return {"swap": self.swap_space}\n'
)
POST_UPSTREAM = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass CacheConfig:\n    swap_space: float = 4\n\n"
    '    def metrics_info(self) -> dict:\n        return {"swap": self.swap_space}\n'
)
POST_SUBJECT = "[Feature] Change cache.py with pydantic validation (#26390)"
POST_HEAD = "from dataclasses import dataclass\n\nfrom vllm.config.postcfg import CacheConfig\n\n\n"


@pytest.mark.parametrize(
    ("body", "text"),
    [
        # an explicit base call in the subclass's own hook
        (
            "@dataclass\nclass AeonConfig(CacheConfig):\n    def __post_init__(self) -> None:\n"
            "        CacheConfig.__post_init__(self)\n        self.swap_space = 0\n",
            "CacheConfig.__post_init__(self)",
        ),
        # super() naming its class, through a second fork class
        (
            "@dataclass\nclass AeonMid(CacheConfig):\n    pass\n\n\n"
            "@dataclass\nclass AeonConfig(AeonMid):\n    def __post_init__(self) -> None:\n"
            "        super(AeonConfig, self).__post_init__()\n",
            "super(AeonConfig, self).__post_init__()",
        ),
    ],
    ids=["an explicit base call", "super(Cls, self) past a fork mid-class"],
)
def test_a_hand_on_to_a_removed_post_init_is_an_error(git_repo: GitRepo, no_rules: Path, body: str, text: str) -> None:
    fork = "vllm/aeon/postcfg.py"
    sides = s.merge_case(
        git_repo, {POST_CFG: POST_BASE}, {fork: POST_HEAD + body}, [(POST_SUBJECT, {POST_CFG: POST_UPSTREAM})]
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (fork, line_of(git_repo, fork, text))
    assert "__post_init__" in message and "#26390" in message


@pytest.mark.parametrize(
    "body",
    [
        # the subclass's own hook, no hand-on
        "@dataclass\nclass AeonConfig(CacheConfig):\n    def __post_init__(self) -> None:\n        self.swap_space = 0\n",
        # a mixin of the fork's ahead of the base defines it
        "class AeonHook:\n    def __post_init__(self) -> None:\n        pass\n\n\n"
        "@dataclass\nclass AeonConfig(AeonHook, CacheConfig):\n    def __post_init__(self) -> None:\n"
        "        super().__post_init__()\n",
        # a base of the fork's own defining it between
        "@dataclass\nclass AeonMid(CacheConfig):\n    def __post_init__(self) -> None:\n        pass\n\n\n"
        "@dataclass\nclass AeonConfig(AeonMid):\n    def __post_init__(self) -> None:\n        super().__post_init__()\n",
        # a kept method handed on to
        "@dataclass\nclass AeonConfig(CacheConfig):\n    def metrics_info(self) -> dict:\n        return super().metrics_info()\n",
    ],
    ids=["own hook", "a fork mixin ahead defines it", "a fork mid-class defines it", "a kept method"],
)
def test_a_post_init_hand_on_that_still_lands_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    fork = "vllm/aeon/postcfg.py"
    sides = s.merge_case(
        git_repo, {POST_CFG: POST_BASE}, {fork: POST_HEAD + body}, [(POST_SUBJECT, {POST_CFG: POST_UPSTREAM})]
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# -- an override left on a base's stub: the class's work moved to a sibling hook (killers164, #31131) --------------
HOOKS = "vllm/models/fixups.py"
HOOKS_BASE = """class Fixup:
    @staticmethod
    def update(cfg) -> None:
        raise NotImplementedError


class Reranker(Fixup):
    @staticmethod
    def update(cfg) -> None:
        cfg.method = "softmax"
        assert cfg.tokens


class Plain(Fixup):
    @staticmethod
    def update(cfg) -> None:
        cfg.plain = True


def run(cls, cfg) -> None:
    cls.update(cfg)
"""
HOOKS_UPSTREAM = """class Fixup:
    @staticmethod
    def update(cfg) -> None:
        return

    @staticmethod
    def update_model(model) -> None:
        return


class Reranker(Fixup):
    @staticmethod
    def update_model(model) -> None:
        model.method = "softmax"
        assert model.tokens


class Plain(Fixup):
    pass


def run(cls, cfg) -> None:
    cls.update_model(cfg.model)
    cls.update(cfg)
"""
HOOKS_SUBJECT = "[Model] Introduce verify_and_update_model_config for VerifyAndUpdateConfig. (#31131)"
HOOKS_HEAD = "from vllm.models.fixups import Plain, Reranker\n\n\n"


def hook_rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    fork = "vllm/aeon/fixups.py"
    sides = s.merge_case(
        git_repo, {HOOKS: HOOKS_BASE}, {fork: HOOKS_HEAD + body}, [(HOOKS_SUBJECT, {HOOKS: HOOKS_UPSTREAM})]
    )
    return [(line, message) for path, line, message in found(git_repo.audit(no_rules, merge=sides)) if path == fork]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # a static override replacing the parent's work
        ("class Mine(Reranker):\n    @staticmethod\n    def update(cfg) -> None:\n        cfg.method = 'mine'\n", 6),
        # a classmethod override two fork classes down
        (
            "class MineBase(Reranker):\n    pass\n\n\nclass Mine(MineBase):\n    @classmethod\n"
            "    def update(cls, cfg) -> None:\n        cfg.method = 'mine'\n",
            10,
        ),
    ],
    ids=["a static override", "a classmethod below a fork base"],
)
def test_an_override_whose_parents_work_moved_to_a_sibling_hook_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    [(at, message)] = hook_rows(git_repo, no_rules, body)
    assert at == line
    assert "Reranker.update_model" in message and "override update_model instead" in message and "#31131" in message


@pytest.mark.parametrize(
    "body",
    [
        # the parent's work dropped with no sibling taking it
        "class Mine(Plain):\n    @staticmethod\n    def update(cfg) -> None:\n        cfg.plain = False\n",
        # the fork class overrides the sibling too
        "class Mine(Reranker):\n    @staticmethod\n    def update(cfg) -> None:\n        cfg.method = 'mine'\n\n"
        "    @staticmethod\n    def update_model(model) -> None:\n        model.method = 'mine'\n",
        # a fork class of its own, no upstream parent
        "class Mine:\n    @staticmethod\n    def update(cfg) -> None:\n        cfg.method = 'mine'\n",
        # mend56: a fork base class between the fork's class and upstream's defines the sibling
        "class MineBase(Reranker):\n    @staticmethod\n    def update_model(model) -> None:\n        model.method = 'mine'\n\n\n"
        "class Mine(MineBase):\n    @staticmethod\n    def update(cfg) -> None:\n        cfg.method = 'mine'\n",
    ],
    ids=["no sibling", "the sibling overridden too", "no upstream parent", "a fork base overrides the sibling"],
)
def test_an_override_left_on_a_stub_without_a_sibling_taking_the_work_stays_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    # (the sibling of the fork's own name draws the added-hook warning: not this check's)
    assert [m for _, m in hook_rows(git_repo, no_rules, body) if "moved to" in m or "removed" in m] == []


def test_an_override_handing_on_is_the_calls_finding_not_the_defs(git_repo: GitRepo, no_rules: Path) -> None:
    body = "class Mine(Reranker):\n    @staticmethod\n    def update(cfg) -> None:\n        Reranker.update(cfg)\n        cfg.extra = 1\n"
    assert [at for at, _ in hook_rows(git_repo, no_rules, body)] == [7]


@pytest.mark.parametrize(
    ("body", "text"),
    [
        # review80's twins of #26390: the cooperative hook's own idiom probes the order for the hook
        (
            "@dataclass\nclass AeonConfig(CacheConfig):\n    def __post_init__(self) -> None:\n"
            '        if hasattr(super(), "__post_init__"):\n            super().__post_init__()\n',
            'if hasattr(super(), "__post_init__"):',
        ),
        (
            "@dataclass\nclass AeonConfig(CacheConfig):\n    def __post_init__(self) -> None:\n"
            '        getattr(super(), "__post_init__", lambda: None)()\n',
            'getattr(super(), "__post_init__", lambda: None)()',
        ),
    ],
    ids=["hasattr(super(), ...) guard", "getattr(super(), ..., no-op)()"],
)
def test_a_probe_of_a_removed_post_init_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str, text: str) -> None:
    fork = "vllm/aeon/postcfg.py"
    sides = s.merge_case(
        git_repo, {POST_CFG: POST_BASE}, {fork: POST_HEAD + body}, [(POST_SUBJECT, {POST_CFG: POST_UPSTREAM})]
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


def test_an_override_left_on_a_stub_in_a_class_only_called_through_is_a_warning(
    git_repo: GitRepo, no_rules: Path
) -> None:
    # review80's twin of #31131: a helper subclass never registered, whose override the fork calls itself
    fork = "vllm/aeon/fixups.py"
    body = (
        "class Mine(Reranker):\n    @staticmethod\n    def update(cfg) -> None:\n        cfg.method = 'mine'\n\n\n"
        "def offline(cfg) -> None:\n    Mine.update(cfg)\n"
    )
    sides = s.merge_case(
        git_repo, {HOOKS: HOOKS_BASE}, {fork: HOOKS_HEAD + body}, [(HOOKS_SUBJECT, {HOOKS: HOOKS_UPSTREAM})]
    )
    rows = [(f.line, f.severity.value) for f in git_repo.audit(no_rules, merge=sides).findings if f.path == fork]
    assert (6, "warning") in rows and all(severity != "error" for _, severity in rows)


@pytest.mark.parametrize(
    ("tail", "severity"),
    [
        # registered: upstream's callers of the sibling run the parent's work for it
        ("\n\nREGISTRY = {'rerank': Mine}\n", "warning"),
        # only called through: the parent's work no longer runs for it
        ("\n\ndef offline(cfg) -> None:\n    Mine.update(cfg)\n", "error"),
    ],
    ids=["registered", "only called through"],
)
def test_a_super_hand_on_whose_work_moved_to_a_sibling_hook(
    git_repo: GitRepo, no_rules: Path, tail: str, severity: str
) -> None:
    fork = "vllm/aeon/fixups.py"
    body = (
        "class Mine(Reranker):\n    @classmethod\n    def update(cls, cfg) -> None:\n        super().update(cfg)\n"
        "        cfg.extra = 1\n" + tail
    )
    sides = s.merge_case(
        git_repo, {HOOKS: HOOKS_BASE}, {fork: HOOKS_HEAD + body}, [(HOOKS_SUBJECT, {HOOKS: HOOKS_UPSTREAM})]
    )
    rows = [(f.line, f.severity.value) for f in git_repo.audit(no_rules, merge=sides).findings if f.path == fork]
    assert (7, severity) in rows
    assert severity == "error" or all(seen != "error" for _, seen in rows)


# -- killers178: an override that matched its base for keyword callers only, the base grown past it ------
PROPOSER_MOD = "vllm/v1/spec_decode/proposer.py"
PROPOSER_RUNNER = "vllm/v1/worker/runner.py"
FORK_PROPOSER = "vllm/v1/spec_decode/aeon_proposer.py"
PROPOSER_TEXT = (
    "class Proposer:\n    def propose(self, ids, positions, hidden, next_ids, metadata):\n        return ids\n"
)
PROPOSER_CALL = (
    "from vllm.v1.spec_decode.proposer import Proposer\n\n\n"
    "def draft(p: Proposer, a, b, c, d, e):\n"
    "    return p.propose(ids=a, positions=b, hidden=c, next_ids=d, metadata=e)\n"
)


@pytest.mark.parametrize(
    ("signature", "grown", "passed", "flagged"),
    [
        # #20788's shape: an optional parameter past the override's named ones, passed by keyword
        ("ids, positions, hidden, **kwargs", "metadata, mm=None", ", mm=None", False),
        # #24539's shape: a required one inserted past them: keyword callers hand it to **kwargs too
        ("ids, positions, **kwargs", "last, metadata", ", last=None", False),
        # a parameter inserted among the override's named ones: its slot now holds another
        ("ids, positions, hidden, **kwargs", "metadata", "", True),
        # the override named them all and has no **kwargs: the new keyword is refused
        ("ids, positions, hidden, next_ids, metadata", "metadata, mm=None", ", mm=None", True),
    ],
)
def test_override_matched_by_keyword_when_the_base_grows(
    git_repo: GitRepo, no_rules: Path, signature: str, grown: str, passed: str, flagged: bool
) -> None:
    """killers178 (#20788, #24539): ``propose(self, ids, positions, hidden, **kwargs)`` fits the base for keyword
    callers; a parameter upstream adds past its named ones lands in **kwargs as the rest did."""
    new_base = PROPOSER_TEXT.replace("next_ids, metadata)", f"next_ids, {grown})")
    if not passed and flagged:
        new_base = PROPOSER_TEXT.replace("(self, ids, positions, hidden,", "(self, ids, positions, scale, hidden,")
    call = PROPOSER_CALL.replace("metadata=e)", f"metadata=e{passed})")
    fork = (
        "from vllm.v1.spec_decode.proposer import Proposer\n\n\n"
        "class AeonProposer(Proposer):  # AEON\n"
        f"    def propose(self, {signature}):\n"
        f"        return super().propose({signature})\n"
    )
    sides = s.merge_case(
        git_repo,
        {PROPOSER_MOD: PROPOSER_TEXT, PROPOSER_RUNNER: PROPOSER_CALL},
        {FORK_PROPOSER: fork},
        [("spec decode grows (#1)", {PROPOSER_MOD: new_base, PROPOSER_RUNNER: call})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    errors = [f for f in report.findings if f.rule_id == DRIFT and f.path == FORK_PROPOSER and f.line == 5]
    assert bool([f for f in errors if f.severity.value == "error"]) is flagged, errors


# -- #28064 (a1448b4b69) moved ``FusedMoEMethodBase`` out of ``layer.py`` into its own module, re-exported by
# ``layer.py``'s import, and rewrote ``maybe_make_prepare_finalize``'s body there: a call through the old path reaches
# the same class's method, moved with it -- no base answers in its place (mend61: the fmlayer twin mk4 warned)
QUANT = "vllm/moe/quant_base.py"
QUANT_TEXT = "class QuantizeMethodBase:\n    def make(self):\n        return None\n"
MOE_LAYER = "vllm/moe/layer.py"
MOE_LAYER_BASE = """from vllm.moe.quant_base import QuantizeMethodBase


class MethodBase(QuantizeMethodBase):
    def make(self):
        if self.moe.all2all:
            return MethodBase._make(self.moe)
        return None
"""
MOE_METHOD = "vllm/moe/method_base.py"
MOE_METHOD_TEXT = """from vllm.moe.quant_base import QuantizeMethodBase


class MethodBase(QuantizeMethodBase):
    def make(self):
        from vllm.moe.all2all import make

        return make(self.moe)
"""
MOE_FORK = "vllm/aeon/moe.py"
MOE_FORK_TEXT = """from vllm.moe.layer import MethodBase


def aeon_pf(method: MethodBase):
    return method.make()
"""


@pytest.mark.parametrize(
    ("moved", "rows"),
    [
        (MOE_METHOD_TEXT, []),
        # the killer beside it: the moved class lost its method, and the base's, another body, answers
        (MOE_METHOD_TEXT.split("    def make")[0] + "    pass\n", [(MOE_FORK, 5, "warning")]),
    ],
    ids=["the method moved with its class, re-exported", "the moved class lost it: the base answers"],
)
def test_a_call_of_a_method_moved_with_its_class_is_silent(
    git_repo: GitRepo, no_rules: Path, moved: str, rows: list[tuple[str, int, str]]
) -> None:
    sides = s.merge_case(
        git_repo,
        {QUANT: QUANT_TEXT, MOE_LAYER: MOE_LAYER_BASE, "vllm/moe/__init__.py": "", "vllm/aeon/__init__.py": ""},
        {MOE_FORK: MOE_FORK_TEXT},
        [
            (
                "[Kernels] Split up fused_moe/layer.py (#28064)",
                {MOE_LAYER: "from vllm.moe.method_base import MethodBase  # noqa: F401\n", MOE_METHOD: moved},
            )
        ],
    )
    assert [row[:3] for row in s.rule_rows(git_repo, no_rules, sides, DRIFT)] == rows
