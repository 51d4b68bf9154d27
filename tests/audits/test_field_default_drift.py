"""Config-field default drift: upstream changed a configuration field's default under a fork read.

Each upstream change is shaped like a real vLLM one: #36318 disabled cascade attention by default
(``disable_cascade_attn: bool = False`` -> ``True`` in a ``@config`` dataclass), #43219 made async
EPLB the default (``use_async: bool = False`` -> ``True``), #37673 turned a strategy string into "decide
at run time" (``safetensors_load_strategy: str = "lazy"`` -> ``None``), and #38819 flipped a
``field(default=...)``.  A fork branch guarded by one merges cleanly and runs where it did not before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CONFIG = "vllm/config/model.py"
CONFIG_BASE = """from dataclasses import field

from pydantic.dataclasses import dataclass

from vllm.config.utils import config


@config
@dataclass
class ModelConfig:
    model: str = "Qwen/Qwen3-0.6B"
    disable_cascade_attn: bool = False
    enforce_eager: bool = False
    safetensors_load_strategy: str = "lazy"
    max_logprobs: int = 20
    use_trtllm_ragged_prefill: bool = field(default=False)
    compile_sizes: list[int] = field(default_factory=list)

    def compute_hash(self) -> str:
        max_logprobs = 20
        return str(max_logprobs)


@config
@dataclass
class EPLBConfig:
    use_async: bool = False
    window_size: int = 1000
"""
CASCADE_OFF = CONFIG_BASE.replace("disable_cascade_attn: bool = False", "disable_cascade_attn: bool = True")
ASYNC_EPLB = CONFIG_BASE.replace("use_async: bool = False", "use_async: bool = True")
LAZY_TO_AUTO = CONFIG_BASE.replace(
    'safetensors_load_strategy: str = "lazy"', "safetensors_load_strategy: str | None = None"
)
FA4_PREFILL = CONFIG_BASE.replace("field(default=False)", "field(default=True)")
SUBJECT_36318 = "Disable cascade attention by default (#36318)"
SUBJECT_43219 = "[EPLB] Make async EPLB default (#43219)"
SUBJECT_37673 = "[Performance] Auto-enable prefetch on NFS with RAM guard (#37673)"
SUBJECT_38819 = "[Attention][MLA] Re-enable FA4 as default MLA prefill backend (#38819)"

FORK = "vllm/v1/attention/backends/aeon_cascade.py"
FORK_TEXT = """# AEON: the fork's own cascade path for GB10


def aeon_use_cascade(vllm_config) -> bool:
    if vllm_config.model_config.disable_cascade_attn:
        return False
    return not vllm_config.model_config.enforce_eager


def aeon_eplb(parallel_config) -> bool:
    return parallel_config.eplb_config.use_async and parallel_config.eplb_config.window_size > 10


def aeon_loader(load_config) -> str:
    return "prefetch" if load_config.safetensors_load_strategy == "lazy" else "eager"


def aeon_prefill(self) -> bool:
    return bool(self.model_config.use_trtllm_ragged_prefill)
"""


def found(report: AuditReport) -> dict[int, str]:
    return {f.line: f.message for f in report.findings if f.rule_id == DEFAULT_DRIFT and f.path == FORK}


def line_of(repo: GitRepo, text: str) -> int:
    return next(i for i, line in enumerate((repo.path / FORK).read_text().splitlines(), 1) if text in line)


def test_reads_of_a_field_whose_default_upstream_flipped_are_warnings(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(git_repo, {CONFIG: CONFIG_BASE}, {FORK: FORK_TEXT}, [(SUBJECT_36318, {CONFIG: CASCADE_OFF})])
    report = git_repo.audit(no_rules, merge=sides)
    by_line = found(report)
    read = line_of(git_repo, "if vllm_config.model_config.disable_cascade_attn:")
    assert set(by_line) == {read}
    message = by_line[read]
    assert "vllm_config.model_config.disable_cascade_attn reads ModelConfig.disable_cascade_attn" in message
    assert "from False to True (vllm/config/model.py, in " in message and "#36318" in message
    assert "set disable_cascade_attn to False to keep the old behaviour" in message and "\n" not in message
    assert all(f.severity is Severity.WARNING for f in report.findings if f.rule_id == DEFAULT_DRIFT), (
        "the fleet may set the option: a warning, never a blocked release"
    )


def test_every_form_of_a_default_and_of_a_holder(git_repo: GitRepo, no_rules: Path) -> None:
    """A second class of the file (#43219), a string made "decided at run time" (#37673: its truth
    changed), and ``field(default=...)`` read off ``self.model_config`` (#38819)."""
    upstream = CONFIG_BASE.replace("use_async: bool = False", "use_async: bool = True")
    upstream = upstream.replace(
        'safetensors_load_strategy: str = "lazy"', "safetensors_load_strategy: str | None = None"
    )
    upstream = upstream.replace("field(default=False)", "field(default=True)")
    sides = s.merge_case(
        git_repo,
        {CONFIG: CONFIG_BASE},
        {FORK: FORK_TEXT},
        [
            (SUBJECT_43219, {CONFIG: ASYNC_EPLB}),
            (SUBJECT_37673, {CONFIG: upstream.replace("field(default=True)", "field(default=False)")}),
            (SUBJECT_38819, {CONFIG: upstream}),
        ],
    )
    by_line = found(git_repo.audit(no_rules, merge=sides))
    eplb = line_of(git_repo, "parallel_config.eplb_config.use_async and")
    loader = line_of(git_repo, "load_config.safetensors_load_strategy ==")
    prefill = line_of(git_repo, "self.model_config.use_trtllm_ragged_prefill")
    assert set(by_line) == {eplb, loader, prefill}
    assert "EPLBConfig.use_async, whose default upstream changed from False to True" in by_line[eplb]
    assert "#43219" in by_line[eplb]
    assert "from 'lazy' to None" in by_line[loader] and "#37673" in by_line[loader]
    assert "ModelConfig.use_trtllm_ragged_prefill" in by_line[prefill] and "#38819" in by_line[prefill]


def test_near_misses_are_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Two false defaults (False -> None: unset made "decided at run time", a test of its truth sees
    the same), a field upstream left alone (enforce_eager), a function's local of the same name
    (max_logprobs), the same field read off an object no configuration (``self.disable_cascade_attn``),
    and an equal number respelled (1000 -> 1000.0)."""
    upstream = CONFIG_BASE.replace("enforce_eager: bool = False", "enforce_eager: bool | None = None")
    upstream = upstream.replace("        max_logprobs = 20\n", "        max_logprobs = 50\n")
    upstream = upstream.replace("window_size: int = 1000", "window_size: float = 1000.0")
    upstream = upstream.replace("disable_cascade_attn: bool = False", "disable_cascade_attn: bool = True")
    fork = FORK_TEXT.replace("if vllm_config.model_config.disable_cascade_attn:", "if self.disable_cascade_attn:")
    fork += "\n\ndef aeon_logprobs(model_config) -> int:\n    max_logprobs = 20\n    return max_logprobs\n"
    fork = fork.replace("parallel_config.eplb_config.use_async and ", "")
    sides = s.merge_case(git_repo, {CONFIG: CONFIG_BASE}, {FORK: fork}, [(SUBJECT_36318, {CONFIG: upstream})])
    assert found(git_repo.audit(no_rules, merge=sides)) == {}


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("examples/aeon/serve.sh", "#!/bin/sh\nvllm serve $MODEL --disable-cascade-attn\n"),
        ("examples/aeon/serve.sh", "#!/bin/sh\nARGS=(--disable_cascade_attn)\n"),
        ("examples/aeon/model.yaml", "disable_cascade_attn: false\n"),
        ("vllm/aeon_config.py", "def aeon_config(ModelConfig):\n    return ModelConfig(disable_cascade_attn=False)\n"),
    ],
    ids=["a flag", "an underscored flag", "a YAML key", "a keyword"],
)
def test_a_field_the_fork_sets_itself_is_silent(git_repo: GitRepo, no_rules: Path, path: str, text: str) -> None:
    """The fleet pins the option in a line of its own: upstream's default no longer decides."""
    sides = s.merge_case(
        git_repo, {CONFIG: CONFIG_BASE}, {FORK: FORK_TEXT, path: text}, [(SUBJECT_36318, {CONFIG: CASCADE_OFF})]
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == {}


def test_a_class_attribute_made_a_field_and_a_long_annotation(git_repo: GitRepo, no_rules: Path) -> None:
    """#11895's shape: ``encoder_cache_size = 16384`` (a class attribute, no annotation) became
    ``encoder_cache_size: int = field(default=None)``; #30363's: a default under an annotation of
    many lines (``all2all_backend: (Literal[...] | None) = None``) became one string."""
    base = CONFIG_BASE.replace(
        "    window_size: int = 1000\n",
        '    window_size: int = 1000\n    encoder_cache_size = 16384\n    all2all_backend: (\n        Literal["naive", "pplx"]\n'
        "        | None\n    ) = None\n",
    )
    upstream = base.replace("    encoder_cache_size = 16384\n", "    encoder_cache_size: int = field(default=None)\n")
    upstream = upstream.replace(
        '    all2all_backend: (\n        Literal["naive", "pplx"]\n        | None\n    ) = None\n',
        '    all2all_backend: str = "allgather_reducescatter"\n',
    )
    fork = FORK_TEXT + (
        "\n\ndef aeon_budget(scheduler_config) -> int:\n    return scheduler_config.encoder_cache_size or 4096\n"
        "\n\ndef aeon_a2a(parallel_config) -> bool:\n    return parallel_config.all2all_backend is None\n"
    )
    base = "from typing import Literal\n" + base
    upstream = "from typing import Literal\n" + upstream
    sides = s.merge_case(
        git_repo,
        {CONFIG: base},
        {FORK: fork},
        [("[V1][Core] Autotune encoder cache budget (#11895)", {CONFIG: upstream})],
    )
    by_line = found(git_repo.audit(no_rules, merge=sides))
    budget, a2a = (
        line_of(git_repo, "scheduler_config.encoder_cache_size or"),
        line_of(git_repo, "all2all_backend is None"),
    )
    assert set(by_line) == {budget, a2a}
    assert "EPLBConfig.encoder_cache_size, whose default upstream changed from 16384 to None" in by_line[budget]
    assert "from None to 'allgather_reducescatter'" in by_line[a2a]


def test_a_read_by_string_off_a_configuration(git_repo: GitRepo, no_rules: Path) -> None:
    """``getattr(self.model_config, "disable_cascade_attn", False)``, the defensive read of an option
    an older tree may lack, reads the field's default too; off ``self`` it is no configuration's."""
    fork = FORK_TEXT + (
        '\n\ndef aeon_guarded(self) -> bool:\n    return getattr(self.model_config, "disable_cascade_attn", False)\n'
        '\n\ndef aeon_own(self) -> bool:\n    return getattr(self, "disable_cascade_attn", False)\n'
    )
    fork = fork.replace("if vllm_config.model_config.disable_cascade_attn:", "if vllm_config.enforce_eager:")
    sides = s.merge_case(git_repo, {CONFIG: CONFIG_BASE}, {FORK: fork}, [(SUBJECT_36318, {CONFIG: CASCADE_OFF})])
    by_line = found(git_repo.audit(no_rules, merge=sides))
    guarded = line_of(git_repo, 'getattr(self.model_config, "disable_cascade_attn", False)')
    assert set(by_line) == {guarded}
    assert (
        "getattr(self.model_config, 'disable_cascade_attn', False) reads ModelConfig.disable_cascade_attn"
        in (by_line[guarded])
    )


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("def f(mc: ModelConfig) -> bool:\n    return mc.disable_cascade_attn\n", 5),
        ("def f(mc: 'ModelConfig | None') -> bool:\n    return mc.disable_cascade_attn\n", 5),
        ("def f(vllm_config) -> bool:\n    mc = vllm_config.model_config\n    return mc.disable_cascade_attn\n", 6),
        # near misses: a name bound to something else too, an unannotated parameter
        ("def f(mc: ModelConfig, x) -> bool:\n    mc = x.runner\n    return mc.disable_cascade_attn\n", None),
        ("def f(mc) -> bool:\n    return mc.disable_cascade_attn\n", None),
    ],
)
def test_a_name_bound_to_a_configuration(git_repo: GitRepo, no_rules: Path, body: str, line: int | None) -> None:
    """A parameter annotated with the configuration's class (``kv: KVTransferConfig``) or a local assigned
    a configuration (``kv = vllm_config.kv_transfer_config``) holds it, whatever its short name
    (ab6f3487a6 changed ``kv_load_failure_policy``'s default)."""
    fork = f"from vllm.config.model import ModelConfig\n\n\n{body}"
    sides = s.merge_case(git_repo, {CONFIG: CONFIG_BASE}, {FORK: fork}, [(SUBJECT_36318, {CONFIG: CASCADE_OFF})])
    assert set(found(git_repo.audit(no_rules, merge=sides))) == ({line} if line else set())


# -- a request model's field, read off a parameter typed as it (#5031: top_logprobs None -> 0) ---------------
PROTOCOL = "vllm/entrypoints/openai/protocol.py"
PROTOCOL_BASE = """from typing import Optional

from pydantic import BaseModel


class ChatCompletionRequest(BaseModel):
    model: str
    logprobs: Optional[bool] = False
    top_logprobs: Optional[int] = None
    max_tokens: Optional[int] = None
"""
PROTOCOL_AFTER = PROTOCOL_BASE.replace("top_logprobs: Optional[int] = None", "top_logprobs: Optional[int] = 0")
SUBJECT_5031 = "[Bugfix] logprobs is not compatible with the OpenAI spec #4795 (#5031)"
REQUEST_FORK = "vllm/entrypoints/openai/aeon_top.py"
REQUEST_HEAD = "from vllm.entrypoints.openai.protocol import ChatCompletionRequest\n\n\n"


def request_case(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, Severity, str]]:
    inits = {p: "" for p in ("vllm/entrypoints/__init__.py", "vllm/entrypoints/openai/__init__.py")}
    sides = s.merge_case(
        git_repo,
        {PROTOCOL: PROTOCOL_BASE, **inits},
        {REQUEST_FORK: REQUEST_HEAD + body},
        [(SUBJECT_5031, {PROTOCOL: PROTOCOL_AFTER})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity, f.message) for f in report.findings if f.rule_id == DEFAULT_DRIFT]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_top(request: ChatCompletionRequest) -> int:\n    if request.top_logprobs is None:\n        return 5\n"
        "    return request.top_logprobs\n",
        "def aeon_wants(request: ChatCompletionRequest) -> bool:\n    return request.top_logprobs is not None\n",
        "class AeonRequest(ChatCompletionRequest):\n    def aeon_unset(self) -> bool:\n        return self.top_logprobs == None  # noqa: E711\n",
        # an untyped receiver, the field named by string with its old default as the fallback
        'def aeon_wants(request) -> bool:\n    return getattr(request, "top_logprobs", None) is not None\n',
    ],
    ids=["is None", "is not None", "subclass self", "getattr with the old default"],
)
def test_a_none_default_made_zero_under_a_test_of_none(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(line, severity, message)] = request_case(git_repo, no_rules, body)
    assert line == REQUEST_HEAD.count("\n") + line_in(body, "None")
    assert severity is Severity.ERROR, "the test of None is the old default compared: never true when unset now"
    assert "ChatCompletionRequest.top_logprobs, whose default upstream changed from None to 0" in message


def line_in(body: str, needle: str) -> int:
    return next(i for i, line in enumerate(body.splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    "body",
    [
        # a test of truth: None and 0 are both false to it
        "def aeon_wants(request: ChatCompletionRequest) -> bool:\n    return bool(request.top_logprobs)\n",
        "def aeon_top(request: ChatCompletionRequest) -> int:\n    return request.top_logprobs or 5\n",
        # an untyped object, and a field whose default stayed
        "def aeon_wants(request) -> bool:\n    return request.top_logprobs is not None\n",
        "def aeon_cap(request: ChatCompletionRequest) -> bool:\n    return request.max_tokens is None\n",
        # untyped getattr: another fallback, or the old default not compared
        'def aeon_wants(request) -> bool:\n    return getattr(request, "top_logprobs", 5) is not None\n',
        'def aeon_top(request) -> int:\n    return getattr(request, "top_logprobs", None) or 5\n',
    ],
    ids=["truth", "or", "untyped", "unchanged field", "getattr, another fallback", "getattr, not compared"],
)
def test_none_default_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert request_case(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_top(request: ChatCompletionRequest) -> int:\n"
        "    if request.top_logprobs is None or request.top_logprobs == 0:\n        return 5\n"
        "    return request.top_logprobs\n",
        "def aeon_top(request: ChatCompletionRequest) -> int:\n    if request.top_logprobs == 0:\n        return 5\n"
        "    return 5 if request.top_logprobs is None else request.top_logprobs\n",
    ],
    ids=["or-ed", "one test each"],
)
def test_none_and_the_new_default_tested_alike_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """The function tests the field for None and for the new default: written for both sides of None -> 0."""
    assert request_case(git_repo, no_rules, body) == []


# -- #10657 (cfb3bf25fb): BitsAndBytesConfig.__init__(llm_int8_threshold: float = 0.0) -> 6.0, stored on self
BNB = "vllm/model_executor/layers/quantization/bitsandbytes.py"
BNB_BASE = """class QuantizationConfig:
    pass


class BitsAndBytesConfig(QuantizationConfig):
    def __init__(
        self,
        load_in_8bit: bool = False,
        llm_int8_threshold: float = 0.0,
        llm_int8_skip_modules: list | None = None,
        bnb_4bit_quant_type: str = "fp4",
    ) -> None:
        self.load_in_8bit = load_in_8bit
        self.llm_int8_threshold = llm_int8_threshold
        self.llm_int8_skip_modules = llm_int8_skip_modules or []
        self.quant_type = bnb_4bit_quant_type


def make_config(bnb_4bit_quant_type: str = "fp4") -> str:
    return bnb_4bit_quant_type
"""
BNB_CHANGED = (
    BNB_BASE.replace("llm_int8_threshold: float = 0.0,", "llm_int8_threshold: float = 6.0,")
    .replace('bnb_4bit_quant_type: str = "fp4",', 'bnb_4bit_quant_type: str = "nf4",')
    .replace('def make_config(bnb_4bit_quant_type: str = "fp4")', 'def make_config(bnb_4bit_quant_type: str = "nf4")')
)
BNB_FORK = "vllm/aeon/bnb.py"
BNB_FORK_TEXT = """from vllm.model_executor.layers.quantization.bitsandbytes import BitsAndBytesConfig


def aeon_outliers_off(quant_config: BitsAndBytesConfig) -> bool:
    return quant_config.llm_int8_threshold == 0.0


def aeon_threshold(quant_config) -> float:
    return float(getattr(quant_config, "llm_int8_threshold", 0.0))


def aeon_nf4(quant_config) -> bool:
    return quant_config.bnb_4bit_quant_type == "fp4"


def aeon_skips(quant_config) -> list:
    return quant_config.llm_int8_skip_modules
"""


def test_a_default_init_stores_on_the_instance(git_repo: GitRepo, no_rules: Path) -> None:
    """A parameter ``__init__`` defaults and stores as it came is a field; one it renames on the way
    (``self.quant_type = bnb_4bit_quant_type``) or a plain function's parameter is not."""
    sides = s.merge_case(
        git_repo,
        {BNB: BNB_BASE},
        {BNB_FORK: BNB_FORK_TEXT},
        [("[bugfix] fix the default value of llm_int8_threshold in BitsAndBytesConfig (#10657)", {BNB: BNB_CHANGED})],
    )
    rows = s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT)
    assert [(path, line, severity) for path, line, severity, _ in rows] == [
        (BNB_FORK, 5, "error"),  # ``== 0.0``: the old default compared
        (BNB_FORK, 9, "warning"),  # getattr's default applies only where the field is missing: a read
    ]
    assert "BitsAndBytesConfig.llm_int8_threshold, whose default upstream changed from 0.0 to 6.0" in rows[0][3]


# -- #28069 (5031cd5d55): OpenPanguDecoderLayer stores getattr(config, "routed_scaling_factor", None) -> 1.0
PANGU = "vllm/model_executor/models/openpangu.py"
PANGU_BASE = """class OpenPanguDecoderLayer:
    def __init__(self, config) -> None:
        self.routed_scaling_factor = getattr(config, "routed_scaling_factor", None)
        self.num_hidden_layers = getattr(config, "num_hidden_layers", 2)
        self.first_k_dense_replace = getattr(config, "first_k_dense_replace", None)


def helper(config) -> None:
    scale = getattr(config, "scale_factor", None)
    return scale
"""
PANGU_CHANGED = (
    PANGU_BASE.replace('"routed_scaling_factor", None)', '"routed_scaling_factor", 1.0)')
    .replace('"num_hidden_layers", 2)', '"num_hidden_layers", 2.0)')
    .replace('"scale_factor", None)', '"scale_factor", 1.0)')
)
PANGU_FORK = "vllm/aeon/pangu.py"
PANGU_FORK_TEXT = """from vllm.model_executor.models.openpangu import OpenPanguDecoderLayer


class AeonPanguLayer(OpenPanguDecoderLayer):
    def aeon_scale(self) -> float:
        if self.routed_scaling_factor is None:
            return 2.5
        return self.num_hidden_layers + (self.first_k_dense_replace or 0)


class AeonOther:
    def __init__(self) -> None:
        self.scale_factor = None

    def aeon_scale(self) -> bool:
        return self.scale_factor is None
"""


def test_a_config_key_init_stores_with_getattrs_default(git_repo: GitRepo, no_rules: Path) -> None:
    """``self.x = getattr(config, "x", None)`` in ``__init__`` gives the field its default where the config
    lacks the key: a subclass's ``self.x is None`` tests the old default.  The same value written another
    way (2 -> 2.0), a key whose default did not change, and a plain function's getattr are not fields."""
    sides = s.merge_case(
        git_repo,
        {PANGU: PANGU_BASE},
        {PANGU_FORK: PANGU_FORK_TEXT},
        [("[Refactor] Optimize `select_experts` (#28069)", {PANGU: PANGU_CHANGED})],
    )
    rows = s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT)
    assert [(path, line, severity) for path, line, severity, _ in rows] == [(PANGU_FORK, 6, "error")]
    assert "OpenPanguDecoderLayer.routed_scaling_factor, whose default upstream changed from None to 1.0" in rows[0][3]
