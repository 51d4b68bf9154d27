"""Name drift: fork-owned reads by string of names upstream removed, each shaped like a real vLLM change.

#28335 renamed the environment variable VLLM_FLATTEN_LOGPROBS to VLLM_FLAT_LOGPROBS in vllm/envs.py
(a dict of lambdas read through the module's ``__getattr__``); #49244 removed
SchedulerConfig.max_num_partial_prefills; #38242 renamed ReasoningConfig.think_start_str.  A fork
line that reads the old name by string takes its default after a clean merge.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.drift.names import RULE
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import three_way

ENVS = "vllm/envs.py"
ENVS_BASE = """import os
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    VLLM_LOGGING_LEVEL: str = "INFO"
    VLLM_FLATTEN_LOGPROBS: bool = False

environment_variables: dict[str, Callable[[], Any]] = {
    "VLLM_LOGGING_LEVEL": lambda: os.getenv("VLLM_LOGGING_LEVEL", "INFO").upper(),
    "VLLM_FLATTEN_LOGPROBS": lambda: bool(int(os.getenv("VLLM_FLATTEN_LOGPROBS", "0"))),
}


def __getattr__(name: str):
    if name in environment_variables:
        return environment_variables[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
"""
ENVS_RENAMED = ENVS_BASE.replace("FLATTEN", "FLAT")
SUBJECT_28335 = "[Misc] FlattenLogprobs -> FlatLogprobs (#28335)"

SCHEDULER = "vllm/config/scheduler.py"
SCHEDULER_BASE = '''from dataclasses import dataclass


@dataclass
class SchedulerConfig:
    max_num_seqs: int = 128
    max_num_partial_prefills: int = 1
    """Maximum number of sequences that can be partially prefilled concurrently."""
    long_prefill_token_threshold: int = 0

    def verify(self) -> None:
        if self.max_num_partial_prefills > 1 and self.long_prefill_token_threshold == 0:
            self.long_prefill_token_threshold = 4096
'''
SCHEDULER_REMOVED = """from dataclasses import dataclass


@dataclass
class SchedulerConfig:
    max_num_seqs: int = 128

    def verify(self) -> None:
        pass
"""
SUBJECT_49244 = "[Misc] Remove old now unsupported `max_num_partial_prefills` (#49244)"

FORK = "vllm/v1/core/sched/aeon_admission.py"
FORK_TEXT = """# AEON: admission tweaks for GB10
import os

import vllm.envs as envs
from vllm.config.scheduler import SchedulerConfig


def aeon_flat_logprobs() -> bool:
    if os.environ.get("VLLM_FLATTEN_LOGPROBS", "0") == "1":
        return True
    return bool(envs.VLLM_FLATTEN_LOGPROBS)


def aeon_partial_prefills(scheduler_config: SchedulerConfig) -> bool:
    return getattr(scheduler_config, "max_num_partial_prefills", 1) > 1


def aeon_level() -> str:
    return os.getenv("VLLM_LOGGING_LEVEL", "INFO") + str(getattr(SchedulerConfig(), "max_num_seqs", 0))
"""


def found(report: AuditReport) -> list[tuple[str, int, str]]:
    return [(f.path, f.line, f.message) for f in report.findings if f.rule_id == RULE or RULE in f.also]


def line_of(repo: GitRepo, path: str, text: str) -> int:
    return next(i for i, line in enumerate((repo.path / path).read_text().splitlines(), 1) if text in line)


def test_string_reads_of_removed_names_are_errors(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {ENVS: ENVS_BASE, SCHEDULER: SCHEDULER_BASE, "vllm/config/__init__.py": ""},
        {FORK: FORK_TEXT},
        [(SUBJECT_28335, {ENVS: ENVS_RENAMED}), (SUBJECT_49244, {SCHEDULER: SCHEDULER_REMOVED})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    by_line = {line: message for _, line, message in found(report)}
    environ = line_of(git_repo, FORK, 'os.environ.get("VLLM_FLATTEN_LOGPROBS"')
    module = line_of(git_repo, FORK, "envs.VLLM_FLATTEN_LOGPROBS")
    partial = line_of(git_repo, FORK, '"max_num_partial_prefills"')
    assert set(by_line) == {environ, module, partial}
    assert "renamed environment variable 'VLLM_FLATTEN_LOGPROBS' to 'VLLM_FLAT_LOGPROBS'" in by_line[environ]
    assert "#28335" in by_line[environ] and "takes its default" in by_line[environ]
    # the receiver is typed: symbol drift resolves the read too, and the one finding answers to both rules
    assert "removed SchedulerConfig.max_num_partial_prefills (vllm/config/scheduler.py" in by_line[partial]
    assert "#49244" in by_line[partial] and "takes its default" in by_line[partial]
    assert all(f.severity.value == "error" for f in report.findings if f.rule_id == RULE)


def test_names_upstream_kept_or_the_fork_defines_are_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Kept names (VLLM_LOGGING_LEVEL, max_num_seqs) and a fork that defines the old field itself."""
    fork = FORK_TEXT.replace('os.environ.get("VLLM_FLATTEN_LOGPROBS", "0") == "1"', 'os.environ.get("HOME") == "/"')
    fork = fork.replace("return bool(envs.VLLM_FLATTEN_LOGPROBS)", "return bool(envs.VLLM_LOGGING_LEVEL)")
    mine = "vllm/config/aeon.py"
    own = (
        "from dataclasses import dataclass\n\n\n@dataclass\nclass AeonConfig:\n    max_num_partial_prefills: int = 2\n"
    )
    sides = s.merge_case(
        git_repo,
        {ENVS: ENVS_BASE, SCHEDULER: SCHEDULER_BASE, "vllm/config/__init__.py": ""},
        {FORK: fork, mine: own},
        [(SUBJECT_28335, {ENVS: ENVS_RENAMED}), (SUBJECT_49244, {SCHEDULER: SCHEDULER_REMOVED})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


def test_a_name_upstream_still_mentions_elsewhere_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """The field moved to another config upstream: not gone, so not claimed (symbol drift's job if typed)."""
    moved = SCHEDULER_REMOVED + "\n\n@dataclass\nclass PrefillConfig:\n    max_num_partial_prefills: int = 1\n"
    sides = s.merge_case(
        git_repo,
        {ENVS: ENVS_BASE, SCHEDULER: SCHEDULER_BASE, "vllm/config/__init__.py": ""},
        {FORK: FORK_TEXT.replace("return bool(envs.VLLM_FLATTEN_LOGPROBS)", "return False")},
        [(SUBJECT_49244, {SCHEDULER: moved})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


def test_a_typed_string_read_of_a_member_that_moved_is_symbol_drift(git_repo: GitRepo, no_rules: Path) -> None:
    """The same move, read by getattr/hasattr on a parameter typed SchedulerConfig: the word lives on
    in PrefillConfig, but SchedulerConfig has no such member any more, so the read takes its default.
    An untyped receiver, or a member the class kept, stays silent."""
    moved = SCHEDULER_REMOVED + "\n\n@dataclass\nclass PrefillConfig:\n    max_num_partial_prefills: int = 1\n"
    fork = FORK_TEXT.replace("return bool(envs.VLLM_FLATTEN_LOGPROBS)", "return False")
    fork += "\n\ndef aeon_any(config) -> bool:\n    return hasattr(config, 'max_num_partial_prefills')\n"
    fork += (
        "\n\ndef aeon_has(config: SchedulerConfig) -> bool:\n    return hasattr(config, 'max_num_partial_prefills')\n"
    )
    sides = s.merge_case(
        git_repo,
        {ENVS: ENVS_BASE, SCHEDULER: SCHEDULER_BASE, "vllm/config/__init__.py": ""},
        {FORK: fork},
        [(SUBJECT_49244, {SCHEDULER: moved})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    got = {(f.line, f.message) for f in report.findings if f.rule_id == "merge/symbol-drift"}
    typed_getattr = line_of(git_repo, FORK, 'getattr(scheduler_config, "max_num_partial_prefills", 1)')
    typed_hasattr = len(fork.splitlines())
    assert {line for line, _ in got} == {typed_getattr, typed_hasattr}
    messages = dict(got)
    assert 'getattr(scheduler_config, "max_num_partial_prefills") reads' in messages[typed_getattr]
    assert "SchedulerConfig.max_num_partial_prefills" in messages[typed_getattr] and "#49244" in messages[typed_getattr]
    assert "takes its default now" in messages[typed_getattr] and "is always False now" in messages[typed_hasattr]


def test_a_string_that_is_not_a_read_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """A message naming the old variable reads nothing: only getattr/hasattr/get/[...]/in/module reads count."""
    fork = "import logging\n\nlogger = logging.getLogger(__name__)\n\n\ndef warn() -> None:\n"
    fork += '    logger.warning("%s is gone", "VLLM_FLATTEN_LOGPROBS")\n'
    sides = s.merge_case(git_repo, {ENVS: ENVS_BASE}, {FORK: fork}, [(SUBJECT_28335, {ENVS: ENVS_RENAMED})])
    assert found(git_repo.audit(no_rules, merge=sides)) == []


def test_setting_a_variable_upstream_stopped_reading(git_repo: GitRepo, no_rules: Path) -> None:
    """A fork launcher that sets the old variable is silently ignored; a variable upstream only set for
    a library (torch reads TORCH_COMPILE_DISABLE, #11823 stopped setting it) is not upstream's to remove."""
    plugins = "vllm/plugins/__init__.py"
    base = 'import os\n\n\ndef load_general_plugins():\n    os.environ["TORCH_COMPILE_DISABLE"] = "True"\n'
    fork = 'import os\n\n\ndef aeon_launch() -> None:\n    os.environ["VLLM_FLATTEN_LOGPROBS"] = "1"\n'
    fork += '    os.environ["TORCH_COMPILE_DISABLE"] = "True"\n'
    sides = s.merge_case(
        git_repo,
        {ENVS: ENVS_BASE, plugins: base},
        {FORK: fork},
        [(SUBJECT_28335, {ENVS: ENVS_RENAMED, plugins: "def load_general_plugins():\n    pass\n"})],
    )
    [(_, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert line == line_of(git_repo, FORK, '"VLLM_FLATTEN_LOGPROBS"')
    assert "sets a name nothing reads" in message


def test_a_key_the_fork_passes_as_a_keyword_is_its_own(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "def aeon_options() -> int:\n    options = dict(max_num_partial_prefills=2)\n"
    fork += '    return options.get("max_num_partial_prefills", 1)\n'
    sides = s.merge_case(
        git_repo,
        {SCHEDULER: SCHEDULER_BASE, "vllm/config/__init__.py": ""},
        {FORK: fork},
        [(SUBJECT_49244, {SCHEDULER: SCHEDULER_REMOVED})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []
    # the same read without the fork's own keyword is the drift
    git_repo.git("reset", "--quiet", "--hard", sides.ours)
    bare = fork.replace("dict(max_num_partial_prefills=2)", "{}")
    ours = git_repo.commit({FORK: bare}, "fork: no own key")
    git_repo.merge("upstream")
    again = type(sides)(sides.repo, sides.base, ours, sides.theirs)
    assert [line for _, line, _ in found(git_repo.audit(no_rules, merge=again))] == [3]


INTERFACE = "vllm/platforms/interface.py"
BACKENDS_BASE = """import enum


class _Backend(enum.Enum):
    FLASH_ATTN_VLLM_V1 = enum.auto()
    TRITON_ATTN = enum.auto()
    FLASHINFER_VLLM_V1 = enum.auto()
"""
BACKENDS_RENAMED = BACKENDS_BASE.replace("_VLLM_V1", "")
SUBJECT_25489 = "[V0 deprecation] Remove _VLLM_V1 suffixes from attention backend names (#25489)"


def test_a_name_compared_as_a_string_is_read(git_repo: GitRepo, no_rules: Path) -> None:
    """#25489 dropped the _VLLM_V1 suffix of the backend names: a fork's ``get_name() == "..._VLLM_V1"``
    is never true again; a comparison with a name upstream kept (TRITON_ATTN) is silent."""
    fork = "def aeon_warmup(backend) -> bool:\n"
    fork += '    if backend.get_name() in ("TRITON_ATTN", "FLASH_ATTN_VLLM_V1"):\n        return False\n'
    fork += '    if backend.get_name() == "TRITON_ATTN":\n        return False\n'
    fork += '    return backend.get_name() == "FLASHINFER_VLLM_V1"\n'
    sides = s.merge_case(
        git_repo, {INTERFACE: BACKENDS_BASE}, {FORK: fork}, [(SUBJECT_25489, {INTERFACE: BACKENDS_RENAMED})]
    )
    by_line = {line: message for _, line, message in found(git_repo.audit(no_rules, merge=sides))}
    tuple_line, eq_line = (
        line_of(git_repo, FORK, '"FLASH_ATTN_VLLM_V1"'),
        line_of(git_repo, FORK, '"FLASHINFER_VLLM_V1"'),
    )
    assert set(by_line) == {tuple_line, eq_line}
    assert "renamed attribute 'FLASHINFER_VLLM_V1' to 'FLASHINFER'" in by_line[eq_line]
    assert "is never true now" in by_line[eq_line] and "#25489" in by_line[eq_line]


# -- #40269 (f51f6844f9): DraftSampleMethod lost "gumbel" ----------------------------------------------
SPECULATIVE = "vllm/config/speculative.py"
PROPOSER = "vllm/v1/spec_decode/llm_base_proposer.py"
UPSTREAM_TEST = "tests/v1/worker/test_gpu_model_runner.py"
SPECULATIVE_BASE = '''from typing import Literal

DraftSampleMethod = Literal["greedy", "gumbel"]


class SpeculativeConfig:
    draft_sample_method: DraftSampleMethod = "greedy"
    """'gumbel' adds Gumbel noise for stochastic sampling."""
'''
SPECULATIVE_40269 = SPECULATIVE_BASE.replace('Literal["greedy", "gumbel"]', 'Literal["greedy"]').replace(
    '    """\'gumbel\' adds Gumbel noise for stochastic sampling."""\n', ""
)
PROPOSER_BASE = """def sample(config, logits):
    if config.draft_sample_method == "gumbel":
        return logits + 1
    return logits.argmax(-1)
"""
PROPOSER_40269 = "def sample(config, logits):\n    return logits.argmax(-1)\n"
REJECTED = 'def test_draft_sample_method_gumbel_is_rejected():\n    assert "gumbel" != "greedy"\n'
SUBJECT_40269 = "[Bugfix][Spec Decode] Wire draft_probs into probabilistic draft_model rejection (#40269)"
CHOICE_FORK = """def aeon_draft(config, logits):
    if config.draft_sample_method == "gumbel":  # AEON: stochastic drafts on GB10
        return logits * 2
    return logits
"""


def choice_case(repo: GitRepo, config: Path, fork: str, speculative: str = SPECULATIVE_40269) -> AuditReport:
    sides = s.merge_case(
        repo,
        {SPECULATIVE: SPECULATIVE_BASE, PROPOSER: PROPOSER_BASE, UPSTREAM_TEST: "def test_x():\n    pass\n"},
        {FORK: fork},
        [(SUBJECT_40269, {SPECULATIVE: speculative, PROPOSER: PROPOSER_40269, UPSTREAM_TEST: REJECTED})],
    )
    return repo.audit(config, merge=sides)


def test_a_compare_with_a_choice_upstream_removed(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's branch for the gone value never runs again; upstream's own test that names it (to check
    that it is refused) does not keep it alive."""
    [(path, line, message)] = found(choice_case(git_repo, no_rules, CHOICE_FORK))
    assert (path, line) == (FORK, 2)
    assert "upstream removed accepted value 'gumbel'" in message and "#40269" in message
    assert "is never true now" in message


def test_a_choice_upstream_still_accepts_in_served_code_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    kept = SPECULATIVE_40269 + '\nLEGACY_DRAFT_SAMPLE_METHODS = ("gumbel",)\n'
    assert found(choice_case(git_repo, no_rules, CHOICE_FORK, kept)) == []


def test_a_choice_the_fork_declares_itself_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    fork = 'from typing import Literal\n\nAeonSampleMethod = Literal["greedy", "gumbel"]\n\n\n' + CHOICE_FORK
    assert found(choice_case(git_repo, no_rules, fork)) == []


def test_a_removed_choice_passed_as_a_value_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """Passed to a callee, the string likely means the gone choice (a fallback, or a refusal): a warning;
    the same string in a log message is text."""
    fork = "import logging\n\nlogger = logging.getLogger(__name__)\n\n\ndef aeon_config(make):\n"
    fork += '    logger.info("no %s drafts", "gumbel")\n'
    fork += '    return make(method="ngram", sampler="gumbel")\n'
    report = choice_case(git_repo, no_rules, fork)
    [(path, line, message)] = found(report)
    assert (path, line) == (FORK, 8)
    assert '"gumbel" passed to make()' in message
    assert [f.severity.value for f in report.findings if f.rule_id == RULE] == ["warning"]


def test_a_removed_choice_passed_as_the_field_its_file_read_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """Passed under the keyword that the file which dropped the choice read it by
    (``config.draft_sample_method == "gumbel"``; the connector factory's ``kv_transfer_config.kv_connector``,
    #30201): the fork's line names the field the value is taken from, so the value is the gone choice."""
    fork = 'def aeon_config(make):\n    return make(method="ngram", draft_sample_method="gumbel")\n'
    report = choice_case(git_repo, no_rules, fork)
    rows = [(f.path, f.line, f.severity.value) for f in report.findings if f.rule_id == RULE]
    assert rows == [(FORK, 2, "error")]
    assert "took the value from .draft_sample_method" in next(f.message for f in report.findings if f.rule_id == RULE)


@pytest.mark.parametrize(
    "call",
    [
        'proposer.sample(config, logits, method="gumbel")',  # by keyword, off the module
        'functools.partial(sample, method="gumbel")(config, logits)',  # a partial of it
    ],
)
def test_a_removed_choice_passed_to_a_function_of_the_file_that_tested_for_it(
    git_repo: GitRepo, no_rules: Path, call: str
) -> None:
    """#22951: ``fused_experts(..., activation="swiglu_oai")`` where fused_moe.py, which defines
    fused_experts, dropped its ``== "swiglu_oai"`` branch.  The callee's own file no longer tests for the
    value, and nothing upstream names it: an error, citing that file."""
    fork = "import functools\n\nfrom vllm.v1.spec_decode import llm_base_proposer as proposer\nfrom vllm.v1.spec_decode.llm_base_proposer import sample\n"
    fork += f"\n\ndef aeon_draft(config, logits):\n    return {call}\n"
    report = choice_case(git_repo, no_rules, fork)
    [(path, line, message)] = found(report)
    assert (path, line) == (FORK, 8)
    assert f"{PROPOSER}'s own, the file that tested for it" in message, message
    assert [f.severity.value for f in report.findings if f.rule_id == RULE] == ["error"]


@pytest.mark.parametrize(
    "fork",
    [
        # the fork's own function of the callee's name, in the same file
        "def sample(config, logits, method):\n    return logits\n\n\ndef aeon_draft(config, logits):\n"
        '    return sample(config, logits, method="gumbel")\n',
        # ... imported from the fork's own module
        "from vllm.aeon.reference import sample\n\n\ndef aeon_draft(config, logits):\n"
        '    return sample(config, logits, method="gumbel")\n',
        # ... a partial of it
        "import functools\n\nfrom vllm.aeon.reference import sample\n\n"
        'aeon_draft = functools.partial(sample, method="gumbel")\n',
        # a method of the name on the fork's own class
        "class AeonDrafter:\n    def sample(self, config, logits, method):\n        return logits\n\n"
        '    def draft(self, config, logits):\n        return self.sample(config, logits, method="gumbel")\n',
    ],
)
def test_a_removed_choice_passed_to_another_function_of_the_callees_name_stays_a_warning(
    git_repo: GitRepo, no_rules: Path, fork: str
) -> None:
    """The callee is the file's that tested for the value only if the fork's line reaches it: its own
    function, method or partial of the same name (or one of another module) may still take the value."""
    report = choice_case(git_repo, no_rules, fork)
    assert [f.severity.value for f in report.findings if f.rule_id == RULE] == ["warning"], found(report)


RUNNER = "vllm/model_executor/runner.py"
RUNNER_BASE = """def forward(model, input_ids, positions):
    return model(input_ids, positions, use_cascade=True, scale=1.0)


def forward_long(model, input_ids, positions):
    return model(
        input_ids,
        positions,
        use_cascade=False,
        scale=2.0,
    )
"""
RUNNER_RENAMED = RUNNER_BASE.replace("use_cascade", "cascade_attn")
KWARGS_FORK = """# AEON: the fork's model reads the runner's options from **kwargs
def aeon_forward(input_ids, positions, **kwargs):
    if kwargs.get("use_cascade", False):
        return input_ids
    return kwargs.pop("scale", 1.0)
"""


def test_a_keyword_no_call_passes_any_more_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """The producer side of ``**kwargs``: upstream renamed the keyword its calls pass; the fork's
    ``kwargs.get("use_cascade", False)`` takes its default.  A warning: the mapping may be filled elsewhere."""
    sides = s.merge_case(
        git_repo, {RUNNER: RUNNER_BASE}, {FORK: KWARGS_FORK}, [("Rename use_cascade (#11)", {RUNNER: RUNNER_RENAMED})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    [finding] = [f for f in report.findings if f.rule_id == RULE]
    assert (finding.path, finding.line, finding.severity.value) == (FORK, 3, "warning")
    assert "renamed keyword argument 'use_cascade' to 'cascade_attn'" in finding.message
    assert "#11" in finding.message and "takes its default" in finding.message


def test_a_keyword_still_passed_somewhere_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """One call renamed the keyword, the other still passes it: the name is not gone."""
    kept = RUNNER_BASE.replace("use_cascade=True", "cascade_attn=True")
    sides = s.merge_case(git_repo, {RUNNER: RUNNER_BASE}, {FORK: KWARGS_FORK}, [("Rename one (#12)", {RUNNER: kept})])
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# -- a name registered by a decorator, renamed: c29fb540ff (#22386) re-registered the gpt-oss reasoning
# parser ``@ReasoningParserManager.register_module("GptOss")`` as "openai_gptoss"; 7e1b45a092 (#41126)
# renamed ``@PluggableLayer.register("gated_delta_net_attention")``.  The fork's lookup by the old name
# finds nothing: a fallback parser (or none), silently.
PARSERS = "vllm/reasoning/abs_reasoning_parsers.py"
PARSERS_TEXT = """class ReasoningParserManager:
    reasoning_parsers: dict[str, type] = {}

    @classmethod
    def register_module(cls, name):
        def wrap(parser):
            cls.reasoning_parsers[name] = parser
            return parser

        return wrap

    @classmethod
    def get_reasoning_parser(cls, name):
        return cls.reasoning_parsers.get(name)
"""
GPTOSS = "vllm/reasoning/gptoss_reasoning_parser.py"
GPTOSS_BASE = """from vllm.reasoning.abs_reasoning_parsers import ReasoningParserManager


@ReasoningParserManager.register_module("GptOss")
class GptOssReasoningParser:
    pass


@ReasoningParserManager.register_module(["deepseek_r1", "deepseek_v3"])
class DeepSeekR1ReasoningParser:
    pass
"""
GPTOSS_RENAMED = GPTOSS_BASE.replace('"GptOss"', '"openai_gptoss"')
REGISTERED_FORK = """# AEON: the fleet serves gpt-oss with its reasoning parser
from vllm.reasoning.abs_reasoning_parsers import ReasoningParserManager


def aeon_parser():
    return ReasoningParserManager.get_reasoning_parser("GptOss")


def aeon_parser_table():
    return ReasoningParserManager.reasoning_parsers["GptOss"]
"""


def registered_case(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str = GPTOSS_RENAMED) -> AuditReport:
    sides = s.merge_case(
        git_repo,
        {PARSERS: PARSERS_TEXT, GPTOSS: GPTOSS_BASE, "vllm/reasoning/__init__.py": ""},
        {FORK: fork},
        [("[gpt-oss] tool parser supports for /chat/completions (#22386)", {GPTOSS: upstream})],
    )
    return git_repo.audit(no_rules, merge=sides)


def test_a_lookup_of_a_name_a_decorator_no_longer_registers(git_repo: GitRepo, no_rules: Path) -> None:
    report = registered_case(git_repo, no_rules, REGISTERED_FORK)
    by_line = {f.line: f for f in report.findings if f.rule_id == RULE}
    passed, subscript = line_of(git_repo, FORK, 'get_reasoning_parser("GptOss")'), line_of(git_repo, FORK, '["GptOss"]')
    assert set(by_line) == {passed, subscript}
    # the value handed to a method of the very class the removed decorator registered into: that registry's
    # lookup, certain (drift/registry_lookups.py; a warning, "the gone choice, likely", before killers140)
    assert by_line[passed].severity.value == "error"
    assert by_line[subscript].severity.value == "error"
    for f in by_line.values():
        assert "'GptOss' to 'openai_gptoss'" in f.message and "#22386" in f.message
        assert "upstream renamed key 'GptOss'" in f.message
    assert "finds no entry" in by_line[passed].message


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # a key registered in a list that upstream kept
        (REGISTERED_FORK.replace('"GptOss"', '"deepseek_v3"'), GPTOSS_RENAMED),
        # a name the fork registers itself
        (
            REGISTERED_FORK + '\n\n@ReasoningParserManager.register_module("GptOss")\nclass Aeon:\n    pass\n',
            GPTOSS_RENAMED,
        ),
        # still registered: upstream moved the decorator to another class
        (
            REGISTERED_FORK,
            GPTOSS_RENAMED + '\n\n@ReasoningParserManager.register_module("GptOss")\nclass Old:\n    pass\n',
        ),
    ],
)
def test_a_lookup_of_a_name_still_registered_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str
) -> None:
    assert found(registered_case(git_repo, no_rules, fork, upstream)) == []


def test_a_renamed_buffer_is_an_attribute_not_a_registry_key(git_repo: GitRepo, no_rules: Path) -> None:
    """``layer.register_parameter("w13_g_idx", ...)`` renamed (eb5cb5e528, #11528): the fork's
    ``getattr(layer, "w13_g_idx", None)`` reads an attribute nothing sets any more."""
    moe = "vllm/model_executor/layers/aeon_moe_weights.py"
    base = 'def create_weights(layer, g_idx):\n    layer.register_parameter("w13_g_idx", g_idx)\n'
    fork = 'def aeon_act_order(layer):\n    return getattr(layer, "w13_g_idx", None) is not None\n'
    sides = s.merge_case(
        git_repo,
        {moe: base},
        {FORK: fork},
        [("[BugFix] Fix parameter names (#11528)", {moe: base.replace("w13_g_idx", "w13_weight_g_idx")})],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (FORK, 2)
    assert "renamed attribute 'w13_g_idx' to 'w13_weight_g_idx'" in message


# -- a deployment file sets a variable upstream stopped reading: #15339 removed VLLM_OPENVINO_DEVICE,
# 9dae7d46bf (#20101) VLLM_ENABLE_MOE_ALIGN_BLOCK_SIZE_TRITON, 9532c49836 (#14770)
# VLLM_MLA_DISABLE_REQUANTIZATION.  The fleet's Dockerfile, manifest or launch script keeps setting it;
# the service starts and the setting does nothing.
DOCKERFILE = "docker/Dockerfile.aeon"
MANIFEST = "deploy/aeon-serve.yaml"
SCRIPT = "scripts/aeon-serve.sh"
SETTINGS = {
    DOCKERFILE: "FROM base\nENV VLLM_FLATTEN_LOGPROBS=1 VLLM_LOGGING_LEVEL=DEBUG\n",
    MANIFEST: 'env:\n  - name: VLLM_FLATTEN_LOGPROBS\n    value: "1"\n  - name: VLLM_LOGGING_LEVEL\n    value: INFO\n',
    SCRIPT: '#!/bin/sh\nexport VLLM_FLATTEN_LOGPROBS=1\necho "${VLLM_FLATTEN_LOGPROBS:-0}"\nexec vllm serve\n',
}


def test_a_deployment_setting_of_a_variable_upstream_removed_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(git_repo, {ENVS: ENVS_BASE}, SETTINGS, [(SUBJECT_28335, {ENVS: ENVS_RENAMED})])
    report = git_repo.audit(no_rules, merge=sides)
    got = {(f.path, f.line): f for f in report.findings if f.rule_id == RULE}
    # the kept variable, and the script's reference of the old one (not a setting), are silent
    assert set(got) == {(DOCKERFILE, 2), (MANIFEST, 2), (SCRIPT, 2)}
    for f in got.values():
        assert f.severity.value == "warning"
        assert (
            "setting of VLLM_FLATTEN_LOGPROBS in" in f.message
            and "sets a variable upstream no longer reads" in f.message
        )
        assert "renamed environment variable 'VLLM_FLATTEN_LOGPROBS' to 'VLLM_FLAT_LOGPROBS'" in f.message
        assert "#28335" in f.message and "set 'VLLM_FLAT_LOGPROBS' instead" in f.message


def test_a_setting_upstream_still_reads_or_a_document_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Settings of a variable upstream kept, and a README that mentions the old one (not a setting file)."""
    kept = {path: text.replace("VLLM_FLATTEN_LOGPROBS", "VLLM_LOGGING_LEVEL") for path, text in SETTINGS.items()}
    kept["docs/aeon.md"] = "Set `VLLM_FLATTEN_LOGPROBS=1` to flatten logprobs.\n"
    sides = s.merge_case(git_repo, {ENVS: ENVS_BASE}, kept, [(SUBJECT_28335, {ENVS: ENVS_RENAMED})])
    assert found(git_repo.audit(no_rules, merge=sides)) == []


@pytest.mark.parametrize(
    ("fork", "silent"),
    [
        ('from pkg import runner\n\nRUNNER = getattr(runner, "GPURunner", None)\n', False),
        ('import pkg.runner as pr\n\nHAS_RUNNER = hasattr(pr, "GPURunner")\n', False),
        ('from pkg import runner\n\nRUNNER = getattr(runner, "GPUModelRunner", None)\n', True),  # the new name
        ('from pkg import runner\n\nRUNNER = getattr(runner, "Sampler", None)\n', True),  # a class upstream kept
    ],
)
def test_a_class_read_off_its_module_by_string(git_repo: GitRepo, no_rules: Path, fork: str, silent: bool) -> None:
    """A module's class is one of its attributes: ``getattr(module, "Class", None)`` takes its default
    once upstream renames the class."""
    base = "class GPURunner:\n    pass\n\n\nclass Sampler:\n    pass\n"
    theirs = base.replace("class GPURunner:", "class GPUModelRunner:")
    sides = three_way(
        git_repo, {"pkg/__init__.py": "", "pkg/runner.py": base}, {"pkg/mine.py": fork}, {"pkg/runner.py": theirs}
    )
    rows = found(git_repo.audit(no_rules, merge=sides))
    assert [(p, n) for p, n, _ in rows] == ([] if silent else [("pkg/mine.py", 3)])
    if not silent:
        assert "GPUModelRunner" in rows[0][2]


def test_a_removed_choice_only_a_comment_or_an_import_still_names(git_repo: GitRepo, no_rules: Path) -> None:
    """An accepted value lives on only as a string: upstream's comment ``# soundfile (or gumbel) ...`` or an
    import of a library of that name accepts nothing (#39524 dropped ``"resampy"`` and kept a comment)."""
    other = {"vllm/media.py": "# the old path needed gumbel, which is gone\nimport gumbel  # noqa\n"}
    sides = s.merge_case(
        git_repo,
        {SPECULATIVE: SPECULATIVE_BASE, PROPOSER: PROPOSER_BASE, **other},
        {FORK: CHOICE_FORK},
        [(SUBJECT_40269, {SPECULATIVE: SPECULATIVE_40269, PROPOSER: PROPOSER_40269})],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (FORK, 2) and "upstream removed accepted value 'gumbel'" in message


def test_a_removed_choice_held_under_a_key_is_passed(git_repo: GitRepo, no_rules: Path) -> None:
    """``{"sample_method": "gumbel"}`` (a config built as a dict, module-level or returned) passes the
    value as the keyword of that name would: a warning; the dict's key is not a choice the fork declares."""
    fork = 'AEON_SPEC = {"method": "ngram", "sample_method": "gumbel"}\n\n\ndef aeon_spec():\n'
    fork += '    return {"sample_method": "gumbel"}\n'
    report = choice_case(git_repo, no_rules, fork)
    given = [(f.path, f.line, f.severity.value) for f in report.findings if '"gumbel" given as' in f.message]
    assert given == [(FORK, 1, "warning"), (FORK, 5, "warning")]


@pytest.mark.parametrize(
    ("table", "silent"),
    [
        ('AEON_HELD = (_Backend["FLASH_ATTN_VLLM_V1"], _Backend.TRITON_ATTN)\n', False),  # a member by its name
        ('AEON_HELD = [backends()["FLASH_ATTN_VLLM_V1"], None]\n', False),  # a key of a call's result
        ('AEON_NAMES = ["FLASH_ATTN_VLLM_V1", "TRITON_ATTN"]\n', True),  # the fork's own list of choices
    ],
    ids=["member subscript", "call subscript", "own display"],
)
def test_a_subscript_in_a_display_reads_its_key(git_repo: GitRepo, no_rules: Path, table: str, silent: bool) -> None:
    """#38048 renamed RequestStatus.WAITING_FOR_FSM: ``RequestStatus["WAITING_FOR_FSM"]`` inside a tuple
    of members raises KeyError after the merge; a display of the fork's own strings declares them."""
    fork = "from vllm.platforms.interface import _Backend\n\n\ndef backends():\n    return {}\n\n\n" + table
    sides = s.merge_case(
        git_repo, {INTERFACE: BACKENDS_BASE}, {FORK: fork}, [(SUBJECT_25489, {INTERFACE: BACKENDS_RENAMED})]
    )
    got = [line for _, line, _ in found(git_repo.audit(no_rules, merge=sides))]
    assert got == ([] if silent else [fork.count("\n")])


# #9424 removed ModelConfig.embedding_mode; the word lived on upstream only as a parameter of a serving
# helper (``def _check_embedding_mode(self, embedding_mode: bool)``).  A fork's ``getattr(model_config,
# "embedding_mode", False)`` on an untyped parameter then takes its default: the mention elsewhere is a
# local's name, not an attribute anything holds.
ARGS = "vllm/engine/aeon_args.py"
PARAMETER_ONLY = '''def plan_prefills(max_num_partial_prefills: int) -> int:
    """max_num_partial_prefills is gone from the config; this takes it as an argument."""
    limit = max_num_partial_prefills
    return limit


class Planner:
    def step(self) -> int:
        max_num_partial_prefills = 2
        return (lambda max_num_partial_prefills: max_num_partial_prefills)(max_num_partial_prefills)
'''
UNTYPED_FORK = "def aeon_partial(scheduler_config) -> bool:\n    return {read} > 1\n"
GETATTR = 'getattr(scheduler_config, "max_num_partial_prefills", 1)'


def parameter_case(
    git_repo: GitRepo, no_rules: Path, args: str, read: str = GETATTR, fork: str = UNTYPED_FORK
) -> list[tuple[str, int, str]]:
    sides = s.merge_case(
        git_repo,
        {SCHEDULER: SCHEDULER_BASE, "vllm/config/__init__.py": "", ARGS: args},  # upstream had them before
        {FORK: fork.format(read=read)},
        [(SUBJECT_49244, {SCHEDULER: SCHEDULER_REMOVED})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


def test_a_removed_attribute_left_only_as_a_parameter_or_local_name(git_repo: GitRepo, no_rules: Path) -> None:
    [(path, line, message)] = parameter_case(git_repo, no_rules, PARAMETER_ONLY)
    assert (path, line) == (FORK, 2)
    assert "no longer has anywhere as an attribute (only as a parameter, a local or a comment)" in message
    assert "removed attribute 'max_num_partial_prefills'" in message and "takes its default" in message


@pytest.mark.parametrize(
    "args",
    [
        PARAMETER_ONLY + "\n\ndef limit(config) -> int:\n    return config.max_num_partial_prefills\n",
        PARAMETER_ONLY + "\n\ndef build(make) -> object:\n    return make(max_num_partial_prefills=2)\n",
        PARAMETER_ONLY + '\n\ndef knob(config) -> int:\n    return getattr(config, "max_num_partial_prefills")\n',
        PARAMETER_ONLY + "\n\nmax_num_partial_prefills = 1\n",  # a module attribute
        PARAMETER_ONLY + "\n\nclass Limits:\n    max_num_partial_prefills: int = 1\n",
        PARAMETER_ONLY + "\n\ndef broken(:\n",  # a file that does not parse holds it, for all we know
    ],
    ids=["attribute read", "keyword argument", "string", "module attribute", "class field", "unparsed"],
)
def test_a_removed_attribute_still_held_as_one_elsewhere_is_silent(
    git_repo: GitRepo, no_rules: Path, args: str
) -> None:
    assert parameter_case(git_repo, no_rules, args) == []


# compatibility code: the read's fallback reads another attribute of the same object (the new spelling)
GUARDED = "def aeon_partial(scheduler_config) -> int:\n{read}\n"
HAS = 'hasattr(scheduler_config, "max_num_partial_prefills")'
NEW = "scheduler_config.max_long_partial_prefills"
FALLBACKS = {
    "getattr default": f"    return {GETATTR[:-4]}, {NEW})",
    "getattr or": f"    return {GETATTR[:-4]}, None) or {NEW}",
    "hasattr else": f"    if {HAS}:\n        return scheduler_config.max_num_partial_prefills\n    else:\n        return {NEW}",
    "not hasattr": f"    if not {HAS}:\n        return {NEW}\n    return scheduler_config.max_num_partial_prefills",
    "hasattr returns": f"    if {HAS}:\n        return scheduler_config.max_num_partial_prefills\n    return {NEW}",
    "hasattr if-else": f"    return scheduler_config.max_num_partial_prefills if {HAS} else {NEW}",
    "getattr to a local": f"    limit = {GETATTR[:-4]}, None)\n    if limit is None:\n        limit = {NEW}\n    return limit",
    "hasattr and-ed": f"    if {HAS} and scheduler_config.max_num_partial_prefills:\n        return 2\n    return {NEW}",
    "getattr or getattr": f'    return {GETATTR[:-4]}, None) or getattr(scheduler_config, "max_long_partial_prefills", 1)',
    "hasattr else getattr": f"    if {HAS}:\n        return scheduler_config.max_num_partial_prefills\n"
    '    return getattr(scheduler_config, "max_long_partial_prefills", 1)',
    # the new name probed first, the old one read only where the new is absent (killers152, #33679's rename)
    "getattr of the new name, or getattr": '    return getattr(scheduler_config, "max_long_partial_prefills", None) or '
    f"{GETATTR[:-4]}, 1)",
    # review63: the two probes as candidates, the new one first, the first found taken
    "candidates, the new name first": "    return next(\n"
    '        (c for c in (getattr(scheduler_config, "max_long_partial_prefills", None), '
    f"{GETATTR[:-4]}, None)) if c), 1\n    )",
}


@pytest.mark.parametrize("read", list(FALLBACKS.values()), ids=list(FALLBACKS))
def test_a_read_with_a_fallback_on_the_same_object_is_silent(git_repo: GitRepo, no_rules: Path, read: str) -> None:
    """#9424 under ``getattr(model_config, "embedding_mode", model_config.task == "embedding")`` or a hasattr
    guard with an else on the new field: the fork handles the config before and after the removal."""
    assert parameter_case(git_repo, no_rules, PARAMETER_ONLY, read, GUARDED) == []


@pytest.mark.parametrize(
    "read",
    [
        f"    return {GETATTR[:-4]}, DEFAULTS.max_long_partial_prefills)",  # another object's
        f"    if {HAS}:\n        return 4\n    return 1",  # no fallback on the object
        f"    if {HAS}:\n        print({NEW})\n    return 1",  # the new field read where the old one is
        f"    limit = {GETATTR[:-4]}, None)\n    if limit:\n        limit = 2\n    return {NEW}",  # not a guard's
        # a probe of another object's name first: the old name is still what this object answers with
        f'    return getattr(DEFAULTS, "max_long_partial_prefills", None) or {GETATTR[:-4]}, 1)',
        # review63: candidates with another object's probe first
        f'    return next((c for c in (getattr(DEFAULTS, "max_long_partial_prefills", None), {GETATTR[:-4]}, None)) if c), 1)',
    ],
    ids=[
        "another object's default",
        "no fallback",
        "not in the fallback",
        "local not guarded",
        "another object probed first",
        "candidates, another object first",
    ],
)
def test_a_read_without_a_fallback_on_the_same_object_is_claimed(git_repo: GitRepo, no_rules: Path, read: str) -> None:
    [(path, line, message)] = parameter_case(git_repo, no_rules, PARAMETER_ONLY, read, GUARDED)
    assert (path, line) == (FORK, 2) and "only as a parameter, a local or a comment" in message


FLAGS = {
    "a long flag": '    parser.add_argument("--max-num-partial-prefills", type=int, default=1)',
    "a flag on its own line": '    parser.add_argument(\n        "-p",\n        "--max-num-partial-prefills",\n        type=int,\n    )',
    "a dest": '    parser.add_argument("--partial", dest="max_num_partial_prefills", type=int)',
}


@pytest.mark.parametrize("flag", list(FLAGS.values()), ids=list(FLAGS))
def test_a_getattr_of_the_forks_own_command_line_flag_is_silent(git_repo: GitRepo, no_rules: Path, flag: str) -> None:
    """#9424 under the fork's own ``--embedding-mode`` flag read as ``getattr(args, "embedding_mode", False)``:
    the parsed namespace holds what the fork's parser declares, whatever upstream removed."""
    fork = (
        "import argparse\n\n\ndef aeon_parser() -> argparse.ArgumentParser:\n    parser = argparse.ArgumentParser()\n"
        + flag.replace("{", "{{").replace("}", "}}")
        + "\n    return parser\n\n\ndef aeon_partial(scheduler_config) -> int:\n    return {read}\n"
    )
    assert parameter_case(git_repo, no_rules, PARAMETER_ONLY, GETATTR, fork) == []


def test_a_key_read_of_a_word_left_only_as_a_local_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """``.get("name")`` may read a mapping a local of the name fills: only an attribute accessor is claimed."""
    read = 'scheduler_config.get("max_num_partial_prefills", 1)'
    assert parameter_case(git_repo, no_rules, PARAMETER_ONLY, read) == []


# #36294 kept "naive" among the accepted all2all backends but made the config's post-init rewrite it to
# "allgather_reducescatter": a fork's comparison with "naive" is never true, its keyword is replaced.
PARALLEL = "vllm/config/parallel.py"
PARALLEL_BASE = """from dataclasses import dataclass


@dataclass
class ParallelConfig:
    all2all_backend: str = "allgather_reducescatter"
    eplb: bool = False

    def __post_init__(self) -> None:
        if self.all2all_backend == "pplx":
            self.all2all_backend = "allgather_reducescatter"
"""
REWRITES_NAIVE = PARALLEL_BASE.replace('== "pplx":', 'in ["pplx", "naive"]:')
SUBJECT_36294 = '[MoE Refactor] Rename "naive" all2all backend (#36294)'
A2A_FORK = """from vllm.config.parallel import ParallelConfig


def aeon_broadcast(parallel_config) -> bool:
    return parallel_config.all2all_backend == "naive"


def aeon_parallel() -> ParallelConfig:
    return ParallelConfig(all2all_backend="naive")
"""


def rewrite_case(git_repo: GitRepo, no_rules: Path, upstream: str, fork: str = A2A_FORK) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {PARALLEL: PARALLEL_BASE, "vllm/config/__init__.py": ""},
        {FORK: fork},
        [(SUBJECT_36294, {PARALLEL: upstream})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


def test_a_value_upstream_now_rewrites_on_the_way_in(git_repo: GitRepo, no_rules: Path) -> None:
    """Compared: never true; passed to ParallelConfig, the class that rewrites it: the fork asks for
    "naive" and gets another backend.  Both errors."""
    [(compared, error, message), (passed, built, said)] = rewrite_case(git_repo, no_rules, REWRITES_NAIVE)
    assert (compared, error, passed, built) == (5, "error", 9, "error")
    assert "upstream now rewrites to 'allgather_reducescatter' on the way in (vllm/config/parallel.py:10" in message
    assert "#36294" in message and "is never true" in message
    assert "the value passed becomes 'allgather_reducescatter'" in said


@pytest.mark.parametrize(
    "call",
    ['aeon_build(all2all_backend="naive")', 'functools.partial(aeon_build, all2all_backend="naive")()'],
    ids=["another callee", "a partial of another callee"],
)
def test_a_rewritten_value_passed_to_another_callee_stays_a_warning(
    git_repo: GitRepo, no_rules: Path, call: str
) -> None:
    """The keyword may reach another object than the one upstream rewrites: a warning."""
    fork = A2A_FORK.replace('ParallelConfig(all2all_backend="naive")', call).replace(
        "from vllm.config.parallel import ParallelConfig\n",
        "import functools\n\nfrom vllm.aeon_build import aeon_build\n",
    )
    rows = rewrite_case(git_repo, no_rules, REWRITES_NAIVE, fork)
    assert [severity for line, severity, _ in rows if "value passed" in _] == ["warning"]


@pytest.mark.parametrize(
    ("upstream", "fork"),
    [
        # the base already rewrote "pplx": no news of this merge
        (REWRITES_NAIVE, A2A_FORK.replace('"naive"', '"pplx"')),
        # another field compared with the value
        (REWRITES_NAIVE, A2A_FORK.replace("all2all_backend", "kernel_backend")),
        # the rewrite is conditional (a nested if), or of another attribute
        (
            PARALLEL_BASE.replace(
                '        if self.all2all_backend == "pplx":\n            self',
                '        if self.all2all_backend == "naive":\n            if self.eplb:\n                self',
            ),
            A2A_FORK,
        ),
        (
            PARALLEL_BASE.replace(
                '== "pplx":\n            self.all2all_backend', '== "naive":\n            self.eplb_backend'
            ),
            A2A_FORK,
        ),
    ],
    ids=["rewritten before", "another field", "conditional rewrite", "another attribute set"],
)
def test_a_value_not_newly_rewritten_is_silent(git_repo: GitRepo, no_rules: Path, upstream: str, fork: str) -> None:
    assert rewrite_case(git_repo, no_rules, upstream, fork) == []


# the object a function is handed is rewritten for that caller alone: SpeculativeConfig.hf_config_override
# renames the draft model's model_type (#12755), one model's config hook sets its cache dtype (#25896)
HANDED_OVER = {
    "a static method": PARALLEL_BASE
    + """
    @staticmethod
    def draft_override(config: "ParallelConfig") -> "ParallelConfig":
        if config.all2all_backend == "naive":
            config.all2all_backend = "allgather_reducescatter"
        return config
""",
    "a module function": PARALLEL_BASE
    + """

def one_model_hook(parallel_config: ParallelConfig) -> None:
    if parallel_config.all2all_backend == "naive":
        parallel_config.all2all_backend = "allgather_reducescatter"
""",
}


@pytest.mark.parametrize("upstream", list(HANDED_OVER.values()), ids=list(HANDED_OVER))
def test_a_rewrite_of_an_object_a_function_is_handed_is_silent(
    git_repo: GitRepo, no_rules: Path, upstream: str
) -> None:
    assert rewrite_case(git_repo, no_rules, upstream) == []


@pytest.mark.parametrize(
    "test",
    [
        'parallel_config.all2all_backend in ("naive", "allgather_reducescatter")',
        'parallel_config.all2all_backend not in ["naive", "allgather_reducescatter"]',
        'parallel_config.all2all_backend == "naive" or parallel_config.all2all_backend == "allgather_reducescatter"',
        'not (parallel_config.all2all_backend == "naive" or "allgather_reducescatter" == parallel_config.all2all_backend)',
        '"allgather_reducescatter" if parallel_config.all2all_backend == "naive" else parallel_config.all2all_backend',
        '    backend = parallel_config.all2all_backend\n    if parallel_config.all2all_backend == "naive":\n'
        '        backend = "allgather_reducescatter"\n    return backend',
    ],
    ids=["one display", "not in one display", "or-ed", "negated, reversed", "folded by the fork", "folded in an if"],
)
def test_a_comparison_written_for_both_sides_of_a_rewrite_is_silent(
    git_repo: GitRepo, no_rules: Path, test: str
) -> None:
    """The function names the value upstream now rewrites to: it tests it too, or folds the value itself."""
    body = test if test.startswith("    ") else f"    return {test}"
    fork = f"def aeon_broadcast(parallel_config) -> bool:\n{body}\n"
    assert rewrite_case(git_repo, no_rules, REWRITES_NAIVE, fork) == []


OWN_PLAN = {
    "an annotated parameter": "from dataclasses import dataclass\n\n\n@dataclass\nclass AeonMoEPlan:\n"
    '    all2all_backend: str = "naive"\n\n\ndef aeon_broadcasts(plan: AeonMoEPlan) -> bool:\n'
    '    return plan.all2all_backend == "naive"\n',
    "self": "class AeonMoEPlan:\n    def __init__(self, backend: str) -> None:\n        self.all2all_backend = backend\n\n"
    '    def broadcasts(self) -> bool:\n        return self.all2all_backend == "naive"\n',
}


@pytest.mark.parametrize("fork", list(OWN_PLAN.values()), ids=list(OWN_PLAN))
def test_a_field_of_the_forks_own_class_is_not_rewritten(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    """The fork's own plan class with an all2all_backend field: upstream's ParallelConfig never sees it."""
    assert rewrite_case(git_repo, no_rules, REWRITES_NAIVE, fork) == []


def test_a_value_the_class_also_sets_is_a_state_not_a_rewrite(git_repo: GitRepo, no_rules: Path) -> None:
    """#20625's reasoning parser steps current_state "idle" -> "think" and sets "idle" again at a turn's end:
    the field holds "idle" between turns, and a fork's ``parser.current_state == "idle"`` can be true."""
    steps = REWRITES_NAIVE + '\n    def end_of_turn(self) -> None:\n        self.all2all_backend = "naive"\n'
    assert rewrite_case(git_repo, no_rules, steps) == []


def test_a_removed_choice_whose_module_binding_also_went_is_still_compared(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream dropped the choice and the module's binding of its library (``gumbel = lazy(...)``), a
    comment naming it left: the binding's word, held as no attribute now, must not hide the choice."""
    base = {"vllm/media.py": 'gumbel = __import__("os")\n# the old path needed gumbel, which is gone\n'}
    theirs = {"vllm/media.py": "# the old path needed gumbel, which is gone\n"}
    sides = s.merge_case(
        git_repo,
        {SPECULATIVE: SPECULATIVE_BASE, PROPOSER: PROPOSER_BASE, **base},
        {FORK: CHOICE_FORK},
        [(SUBJECT_40269, {SPECULATIVE: SPECULATIVE_40269, PROPOSER: PROPOSER_40269, **theirs})],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (FORK, 2) and "upstream removed accepted value 'gumbel'" in message


# #40651 rewrote RejectionSampleMethod = Literal["strict", "probabilistic", "synthetic"] as
# Literal["standard", "synthetic"]: the word "strict" lives on elsewhere, the field no longer accepts it.
SPECULATIVE = "vllm/config/speculative.py"
SPECULATIVE_BASE = """from dataclasses import dataclass
from typing import Literal

RejectionSampleMethod = Literal["strict", "probabilistic", "synthetic"]


@dataclass
class SpeculativeConfig:
    rejection_sample_method: RejectionSampleMethod = "strict"
    draft_mode: Literal["eager", "graph"] | None = None
    num_speculative_tokens: int = 1
"""
SPECULATIVE_40651 = (
    SPECULATIVE_BASE.replace('Literal["strict", "probabilistic", "synthetic"]', 'Literal["standard", "synthetic"]')
    .replace('= "strict"', '= "standard"')
    .replace('Literal["eager", "graph"]', 'Literal["graph"]')
)
STILL_QUOTED = 'MODES = ("strict", "probabilistic", "eager", "none")\n'
SUBJECT_40651 = "[Model Runner V2] Fix rejection sampling acceptance rate gap vs MRV1 (#40651)"
CHOICES_FORK = """from vllm.config.speculative import SpeculativeConfig


def aeon_caches_logits(spec: SpeculativeConfig) -> bool:
    return spec.rejection_sample_method == "probabilistic"


def aeon_spec(model: str) -> SpeculativeConfig:
    return SpeculativeConfig(num_speculative_tokens=2, rejection_sample_method="strict")


def aeon_eager(spec) -> bool:
    return spec.draft_mode in ("eager", "none")


def aeon_synthetic(spec: SpeculativeConfig) -> bool:
    return spec.rejection_sample_method != "synthetic"


def aeon_other(tokenizer) -> bool:
    return tokenizer.mode == "strict"


def aeon_other_call(load) -> object:
    return load("strict", validate="probabilistic")
"""


def choices_case(
    git_repo: GitRepo, no_rules: Path, upstream: str, fork: str = CHOICES_FORK
) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        # the words live on elsewhere, as "strict" does in vLLM: name drift's "gone everywhere" is silent
        {SPECULATIVE: SPECULATIVE_BASE, "vllm/config/__init__.py": "", "vllm/config/modes.py": STILL_QUOTED},
        {FORK: fork},
        [(SUBJECT_40651, {SPECULATIVE: upstream})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


def test_a_value_a_fields_literal_no_longer_accepts(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's comparison of the field with a value its ``Literal`` (an alias, or the annotation itself)
    lost, and its keyword passing one, are errors; a kept value, another object's field of another name,
    and a value passed under another keyword are not."""
    rows = choices_case(git_repo, no_rules, SPECULATIVE_40651)
    assert [(line, severity) for line, severity, _ in rows] == [(5, "error"), (9, "error"), (13, "error")]
    assert "means rejection_sample_method = 'probabilistic', which upstream no longer accepts" in rows[0][2]
    assert "RejectionSampleMethod is now Literal['standard', 'synthetic'] (vllm/config/speculative.py" in rows[0][2]
    assert "#40651" in rows[0][2] and "the test is never true now" in rows[0][2]
    assert '"strict" passed to SpeculativeConfig()' in rows[1][2] and "it is refused" in rows[1][2]
    assert "SpeculativeConfig.draft_mode is now Literal['graph']" in rows[2][2]


def test_a_dropped_value_upstream_still_quotes_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """A value the file still quotes (a deprecation path mapping it to a new one) is still handled."""
    upstream = SPECULATIVE_40651 + (
        "\n    def __post_init__(self) -> None:\n"
        '        if self.rejection_sample_method in ("strict", "probabilistic"):\n'
        '            self.rejection_sample_method = "standard"\n'
        '        if self.draft_mode == "eager":\n'
        '            self.draft_mode = "graph"\n'
    )
    assert [r for r in choices_case(git_repo, no_rules, upstream) if "no longer accepts" in r[2]] == []


# #32694 dropped "petit_nvfp4" from quantization.QuantizationMethods: one line of a Literal written over several,
# the alias ModelConfig.quantization is annotated with in another file (imported under TYPE_CHECKING), and the
# name get_quantization_config checks its parameter against (get_args of the alias).
QUANT_INIT = "vllm/model_executor/layers/quantization/__init__.py"
QUANT_INIT_BASE = """from typing import Literal, get_args

QuantizationMethods = Literal[
    "fp8",
    "modelopt_fp4",
    "petit_nvfp4",
]
QUANTIZATION_METHODS: list[str] = list(get_args(QuantizationMethods))


def get_quantization_config(quantization: str) -> type:
    if quantization not in QUANTIZATION_METHODS:
        raise ValueError(f"Invalid quantization method: {quantization}")
    return object


def describe(name: str, verbose: bool = False) -> str:
    return name
"""
MODEL_CONFIG = """from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vllm.model_executor.layers.quantization import QuantizationMethods
else:
    QuantizationMethods = str


@dataclass
class ModelConfig:
    quantization: QuantizationMethods | str | None = None
    tokenizer_mode: str = "auto"
"""
SUBJECT_32694 = "[Quantization][Deprecation] Remove Petit NVFP4 (#32694)"
PETIT_FORK = """from vllm.config.model import ModelConfig
from vllm.model_executor.layers.quantization import describe, get_quantization_config


def aeon_cls():
    return get_quantization_config("petit_nvfp4")


def aeon_pad(model_config: ModelConfig) -> bool:
    return model_config.quantization == "petit_nvfp4"


def aeon_kept():
    return get_quantization_config("modelopt_fp4")


def aeon_label():
    return describe("petit_nvfp4")


def aeon_other(model_config: ModelConfig) -> bool:
    return model_config.tokenizer_mode == "petit_nvfp4"
"""


def test_a_value_an_alias_of_another_file_no_longer_accepts(git_repo: GitRepo, no_rules: Path) -> None:
    """A field of another file annotated with the alias, and the registry function of the alias's file that
    checks its parameter against it (the value passed by position), no longer accept the dropped value; a
    kept value, a function that checks nothing and a field of another type are silent."""
    sides = s.merge_case(
        git_repo,
        # the word lives on in a table upstream forgot (vllm/v1/metrics/perf.py): name drift's "gone" is silent
        {
            QUANT_INIT: QUANT_INIT_BASE,
            "vllm/config/model.py": MODEL_CONFIG,
            "vllm/v1/metrics/perf.py": 'BITS = {"petit_nvfp4": 0.5}\n',
        },
        {FORK: PETIT_FORK},
        [(SUBJECT_32694, {QUANT_INIT: QUANT_INIT_BASE.replace('    "petit_nvfp4",\n', "")})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]
    assert [(line, severity) for line, severity, _ in rows] == [(6, "error"), (10, "error")]
    assert "\"petit_nvfp4\" passed to get_quantization_config() means quantization = 'petit_nvfp4'" in rows[0][2]
    assert "QuantizationMethods is now Literal['fp8', 'modelopt_fp4']" in rows[0][2]
    assert "#32694" in rows[1][2] and "the test is never true now" in rows[1][2]


# #25968 renamed ModelOptNvFp4FusedMoE.prepare_static_weight_layouts_for_trtllm_moe and left the old name in
# a comment it added; #5353 renamed the layer attribute Fp8LinearMethod sets (``layer.act_scale = None``),
# the word living on only as a local.
MODELOPT = "vllm/model_executor/layers/quantization/modelopt.py"
MODELOPT_BASE = """class ModelOptNvFp4FusedMoE:
    def prepare_static_weight_layouts_for_trtllm_moe(self, w1, w2):
        return w1, w2

    def process_weights_after_loading(self, layer) -> None:
        layer.act_scale = None
        layer.w1, layer.w2 = self.prepare_static_weight_layouts_for_trtllm_moe(layer.w1, layer.w2)


def apply(layer, x):
    act_scale = layer.scale
    return x * act_scale
"""
MODELOPT_RENAMED = (
    MODELOPT_BASE.replace(
        "prepare_static_weight_layouts_for_trtllm_moe(self", "prepare_static_weights_for_trtllm_fp4_moe(self"
    )
    .replace(
        "layer.w1, layer.w2 = self.prepare_static_weight_layouts_for_trtllm_moe(",
        "# alternate: prepare_static_weight_layouts_for_trtllm_moe\n"
        "        layer.w1, layer.w2 = self.prepare_static_weights_for_trtllm_fp4_moe(",
    )
    .replace("layer.act_scale = None", "layer.input_scale = None")
)
LAYOUT_FORK = """def aeon_has_layouts(method) -> bool:
    return getattr(method, "prepare_static_weight_layouts_for_trtllm_moe", None) is not None


def aeon_static_scale(layer):
    return getattr(layer, "act_scale", None)
"""


def layout_case(git_repo: GitRepo, no_rules: Path, upstream: str) -> list[tuple[str, int, str]]:
    sides = s.merge_case(
        git_repo,
        {MODELOPT: MODELOPT_BASE},
        {FORK: LAYOUT_FORK},
        [("[Quantization/NVFP4] Speed up TRTLLM NVFP4 MOE weight loading (#25968)", {MODELOPT: upstream})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


def test_a_name_left_only_in_a_comment_and_an_attribute_set_on_a_handed_object(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """A comment line upstream added that names the old method keeps no definition of it; an attribute
    upstream set on an object its method is handed (``layer.act_scale = None``) is one it defined."""
    rows = layout_case(git_repo, no_rules, MODELOPT_RENAMED)
    assert [(path, line) for path, line, _ in rows] == [(FORK, 2), (FORK, 6)]
    assert "renamed attribute 'prepare_static_weight_layouts_for_trtllm_moe'" in rows[0][2]
    assert "attribute 'act_scale'" in rows[1][2] and "takes its default" in rows[1][2]


def test_a_name_an_added_line_of_code_keeps_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """The old name on an added line of code (an alias kept for callers), or set on the object still, lives on."""
    upstream = MODELOPT_RENAMED.replace(
        "# alternate: prepare_static_weight_layouts_for_trtllm_moe",
        "self.prepare_static_weight_layouts_for_trtllm_moe = self.prepare_static_weights_for_trtllm_fp4_moe",
    ).replace("layer.input_scale = None", "layer.input_scale = layer.act_scale = None")
    assert layout_case(git_repo, no_rules, upstream) == []


TABLE_FORK = """from vllm.config.speculative import SpeculativeConfig

_FLOOR = {"strict": 1.8, "probabilistic": 2.2, "synthetic": 1.0}
_KEPT = {"synthetic": 1.0, "standard": 2.0}
_ELSEWHERE = {"strict": 1, "lenient": 0}


def aeon_floor(spec: SpeculativeConfig) -> float:
    return _FLOOR[spec.rejection_sample_method] + _KEPT.get(spec.rejection_sample_method, 0.0)


def aeon_other(tokenizer) -> int:
    return _ELSEWHERE[tokenizer.mode]
"""


def test_a_table_keyed_by_a_value_a_fields_literal_no_longer_accepts(git_repo: GitRepo, no_rules: Path) -> None:
    """A table the fork keys by the old values and looks up by the field: one error on its line; a table
    of kept values, and one looked up by another field, are not."""
    rows = choices_case(git_repo, no_rules, SPECULATIVE_40651, TABLE_FORK)
    assert [(line, severity) for line, severity, _ in rows] == [(3, "error")]
    assert "fork-owned _FLOOR, keyed by 'strict' and looked up by rejection_sample_method" in rows[0][2]
    assert "the entry is dead, and the values upstream accepts miss the table now" in rows[0][2]


@pytest.mark.parametrize(
    ("lookup", "caught"),
    [
        ('_FLOOR.get(spec.rejection_sample_method or "", 0.0)', True),
        # twins: a fallback that is not a constant; a table of kept values
        ("_FLOOR.get(spec.rejection_sample_method or spec.method, 0.0)", False),
        ('_KEPT.get(spec.rejection_sample_method or "", 0.0)', False),
    ],
)
def test_a_table_looked_up_by_an_optional_field_with_a_fallback(
    git_repo: GitRepo, no_rules: Path, lookup: str, caught: bool
) -> None:
    """``TABLE.get(cfg.field or "")`` (#18356's ``AEON_GEMM_BY_QUANT.get(model_config.quantization or "")``) is a
    lookup by the field as ``TABLE.get(cfg.field)`` is."""
    fork = TABLE_FORK.replace(
        "return _FLOOR[spec.rejection_sample_method] + _KEPT.get(spec.rejection_sample_method, 0.0)",
        f"return {lookup}",
    )
    rows = choices_case(git_repo, no_rules, SPECULATIVE_40651, fork)
    assert [(line, severity) for line, severity, _ in rows] == ([(3, "error")] if caught else [])


def test_a_dropped_choice_is_not_folded_into_a_symbol_warning_of_its_line() -> None:
    """A value a field no longer accepts is another cause than a key nothing reads: folded, it would stop blocking."""
    from aeon_release.domain.audits.merge import _fold_name_drift
    from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
    from aeon_release.domain.audits.model import Finding, Severity

    dropped = Finding(RULE, "merge", Severity.ERROR, FORK, 3, "means x = 'strict', which upstream no longer accepts")
    gone = Finding(RULE, "merge", Severity.ERROR, FORK, 3, "reads a name upstream no longer has anywhere")
    symbol_warning = Finding(SYMBOL_DRIFT, "merge", Severity.WARNING, FORK, 3, "no longer reads")
    assert _fold_name_drift([dropped, symbol_warning]) == [dropped, symbol_warning]
    [folded] = _fold_name_drift([gone, symbol_warning])  # one root cause: as before
    assert folded.also == (RULE,) and folded.severity is Severity.WARNING


@pytest.mark.parametrize(
    "body",
    [
        'def aeon(spec: SpeculativeConfig) -> bool:\n    return spec.rejection_sample_method in ("strict", "standard")\n',
        "def aeon(spec: SpeculativeConfig) -> bool:\n"
        '    return spec.rejection_sample_method == "strict" or spec.rejection_sample_method == "standard"\n',
        "def aeon(spec: SpeculativeConfig) -> str:\n    m = spec.rejection_sample_method\n"
        '    if m == "standard":\n        return "new"\n    return "old" if m == "strict" else "other"\n',
        'class AeonSpec:\n    rejection_sample_method: str = "strict"\n\n'
        '    def is_strict(self) -> bool:\n        return self.rejection_sample_method == "strict"\n',
    ],
    ids=["in, with the new value", "or-ed with the new value", "one function, both values", "the fork's own class"],
)
def test_a_dropped_value_compared_for_both_sides_or_on_the_forks_own_field_is_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    """A comparison whose function also tests a value the field accepts only now is written for both sides of
    the change, and a field of the fork file's own class of that name is the fork's value."""
    fork = "from vllm.config.speculative import SpeculativeConfig\n\n\n" + body
    assert [r for r in choices_case(git_repo, no_rules, SPECULATIVE_40651, fork) if r[1] == "error"] == []


@pytest.mark.parametrize(
    "table",
    [
        '_FLOOR = {"strict": 1.8, "probabilistic": 2.2, "standard": 2.2, "synthetic": 1.0}\n',
        '_FLOOR = {"strict": "standard", "probabilistic": "standard"}\n',
    ],
    ids=["keyed by the new value too", "mapping the old values to the new"],
)
def test_a_table_that_holds_a_value_accepted_only_now_is_quiet(git_repo: GitRepo, no_rules: Path, table: str) -> None:
    """A table keyed by the old values and by a value the field accepts only now, or mapping the old values
    to the new one, is written for both sides of the change."""
    fork = (
        "from vllm.config.speculative import SpeculativeConfig\n\n" + table + "\n\n"
        "def aeon_floor(spec: SpeculativeConfig):\n"
        "    return _FLOOR.get(spec.rejection_sample_method, spec.rejection_sample_method)\n"
    )
    assert [r for r in choices_case(git_repo, no_rules, SPECULATIVE_40651, fork) if r[1] == "error"] == []


CONSUMED_FORK = """import pytest
from vllm.config.speculative import SpeculativeConfig


def aeon_accept(draft, rejection_sample_method="standard"):
    return draft if rejection_sample_method == "strict" else None


def aeon_spec(rejection_sample_method="standard"):
    return SpeculativeConfig(rejection_sample_method=rejection_sample_method)


def aeon_score(draft):
    return aeon_accept(draft, rejection_sample_method="strict")


class AeonScorer:
    rejection_sample_method: str = "standard"


def aeon_scorer():
    return AeonScorer(rejection_sample_method="strict")


def test_strict_is_refused():
    with pytest.raises(ValueError):
        SpeculativeConfig(num_speculative_tokens=2, rejection_sample_method="strict")


def aeon_old_spec():
    return aeon_spec(rejection_sample_method="strict")
"""


def test_a_dropped_value_the_fork_consumes_itself_or_expects_refused(git_repo: GitRepo, no_rules: Path) -> None:
    """A dropped value passed to the file's own function that tests the keyword itself, to its own plain
    class, or passed under ``pytest.raises``, is no use of the field; one passed to the fork's function that
    hands it on is."""
    rows = choices_case(git_repo, no_rules, SPECULATIVE_40651, CONSUMED_FORK)
    assert [(line, severity) for line, severity, _ in rows if severity == "error"] == [(31, "error")]


SCORER = "vllm/aeon/scorer_config.py"
SCORER_TEXT = """from dataclasses import dataclass

from vllm.config.speculative import SpeculativeConfig


@dataclass
class AeonScorerConfig:
    rejection_sample_method: str = "strict"


class AeonSpec(SpeculativeConfig):
    pass
"""
SCORER_FORK = """from vllm.aeon.scorer_config import AeonScorerConfig, AeonSpec


def aeon_is_strict(config: AeonScorerConfig) -> bool:
    return config.rejection_sample_method == "strict"


def aeon_spec_is_strict(spec: AeonSpec) -> bool:
    return spec.rejection_sample_method == "strict"
"""


def test_a_field_of_the_forks_own_class_of_another_module_is_the_forks(git_repo: GitRepo, no_rules: Path) -> None:
    """The field read off the fork's own plain class, imported from another of its modules, is the fork's;
    read off the fork's subclass of the field's owner, it is upstream's."""
    sides = s.merge_case(
        git_repo,
        {SPECULATIVE: SPECULATIVE_BASE, "vllm/config/__init__.py": "", "vllm/config/modes.py": STILL_QUOTED},
        {FORK: SCORER_FORK, SCORER: SCORER_TEXT},
        [(SUBJECT_40651, {SPECULATIVE: SPECULATIVE_40651})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.path, f.line) for f in report.findings if f.rule_id == RULE and f.severity.value == "error"]
    assert rows == [(FORK, 9)]


def test_a_value_dropped_from_a_literal_written_over_several_lines(git_repo: GitRepo, no_rules: Path) -> None:
    """A ``Literal`` whose values sit on lines of their own below ``Literal[`` (#43168's TokenizerMode) loses
    a value as a one-line one does."""
    spread = 'Literal[\n    "strict",\n    "probabilistic",\n    "synthetic",\n]'
    base = SPECULATIVE_BASE.replace('Literal["strict", "probabilistic", "synthetic"]', spread)
    # the draft mode's Literal kept (its one-line removal would let the file in by itself)
    upstream = base.replace(spread, 'Literal["standard", "synthetic"]').replace('= "strict"', '= "standard"')
    sides = s.merge_case(
        git_repo,
        {SPECULATIVE: base, "vllm/config/__init__.py": "", "vllm/config/modes.py": STILL_QUOTED},
        {FORK: CHOICES_FORK},
        [(SUBJECT_40651, {SPECULATIVE: upstream})],
    )
    rows = [(f.line, f.message) for f in git_repo.audit(no_rules, merge=sides).findings if f.rule_id == RULE]
    assert [line for line, message in rows if "rejection_sample_method = " in message] == [5, 9]


# -- #45781: the old name kept registered as a stub that warns and reads nothing ---------------------
ENVS_STUBBED = ENVS_BASE.replace(
    '    "VLLM_FLATTEN_LOGPROBS": lambda: bool(int(os.getenv("VLLM_FLATTEN_LOGPROBS", "0"))),\n',
    '    "VLLM_FLAT_LOGPROBS": lambda: bool(int(os.getenv("VLLM_FLAT_LOGPROBS", "0"))),\n'
    "    # Deprecated: renamed to VLLM_FLAT_LOGPROBS; kept registered, warns on use and is otherwise ignored\n"
    '    "VLLM_FLATTEN_LOGPROBS": lambda: _deprecated_flatten(),\n',
).replace(
    "\n\ndef __getattr__",
    """

def _deprecated_flatten() -> None:
    if "VLLM_FLATTEN_LOGPROBS" in os.environ:
        logger.warning_once("VLLM_FLATTEN_LOGPROBS is deprecated: use VLLM_FLAT_LOGPROBS", "VLLM_FLATTEN_LOGPROBS")
    return None


def __getattr__""",
)
SUBJECT_45781 = "[Misc] Rename VLLM_TRITON_ATTN_USE_TD to VLLM_TRITON_USE_TD (#45781)"
STUB_FORK = """import os

import vllm.envs as envs


def aeon_flat() -> bool:
    # AEON: flat logprobs are cheaper to ship on GB10
    os.environ.setdefault("VLLM_FLATTEN_LOGPROBS", "1")
    return bool(envs.VLLM_FLATTEN_LOGPROBS)


def aeon_level() -> str:
    return envs.VLLM_LOGGING_LEVEL
"""


def stub_case(repo: GitRepo, config: Path, upstream: str) -> dict[int, str]:
    sides = s.merge_case(repo, {ENVS: ENVS_BASE}, {FORK: STUB_FORK}, [(SUBJECT_45781, {ENVS: upstream})])
    report = repo.audit(config, merge=sides)
    assert all(f.severity.value == "error" for f in report.findings if f.rule_id == RULE)
    return {line: message for path, line, message in found(report) if path == FORK}


def test_a_variable_upstream_kept_only_as_a_stub_that_reads_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    by_line = stub_case(git_repo, no_rules, ENVS_STUBBED)
    assert set(by_line) == {8, 9}
    assert "reads a variable no upstream code reads any more" in by_line[9]
    assert "renamed key 'VLLM_FLATTEN_LOGPROBS' to 'VLLM_FLAT_LOGPROBS'" in by_line[9]
    assert "keeping the old name as a stub that reads nothing" in by_line[9] and "#45781" in by_line[9]
    assert "renamed environment variable 'VLLM_FLATTEN_LOGPROBS'" in by_line[8]


@pytest.mark.parametrize(
    "still_read",
    [
        # the stub maps the old variable onto the new one: its value is read
        ('if "VLLM_FLATTEN_LOGPROBS" in os.environ:', 'if os.environ.get("VLLM_FLATTEN_LOGPROBS"):'),
        # the deprecation notice also hands the value on
        ("    return None\n", '    return os.environ.get("VLLM_FLATTEN_LOGPROBS") == "1"\n'),
        # a table of variables to fields, read by its keys: the stub's name is read there
        ("\n\ndef _deprecated_flatten", '\n\nOLD = {"VLLM_FLATTEN_LOGPROBS": "flat"}\n\n\ndef _deprecated_flatten'),
        # a presence test that does more than log: the variable still switches something
        (
            "        logger.warning_once(",
            '        os.environ["VLLM_FLAT_LOGPROBS"] = "1"\n        logger.warning_once(',
        ),
    ],
)
def test_a_stub_that_still_reads_the_variable_is_silent(
    git_repo: GitRepo, no_rules: Path, still_read: tuple[str, str]
) -> None:
    old, new = still_read
    assert old in ENVS_STUBBED
    assert stub_case(git_repo, no_rules, ENVS_STUBBED.replace(old, new, 1)) == {}


def env_table(repo: GitRepo, config: Path, table: str) -> list[Finding]:
    fork = f"import os\n\nAEON_ENV = {table}\n\n\ndef aeon_env() -> None:\n    os.environ.update(AEON_ENV)\n"
    sides = s.merge_case(repo, {ENVS: ENVS_BASE}, {FORK: fork}, [(SUBJECT_45781, {ENVS: ENVS_STUBBED})])
    report = repo.audit(config, merge=sides)
    return [f for f in report.findings if f.path == FORK]


def test_a_table_of_environment_settings_sets_its_keys(git_repo: GitRepo, no_rules: Path) -> None:
    """``{"VLLM_FLATTEN_LOGPROBS": "1", ...}`` handed to ``os.environ`` sets the variable as a deployment
    file does (a warning: a library may read it), here of a variable upstream keeps only as a stub."""
    [finding] = env_table(git_repo, no_rules, '{"VLLM_FLATTEN_LOGPROBS": "1", "VLLM_LOGGING_LEVEL": "INFO"}')
    assert finding.rule_id == RULE and finding.line == 3 and finding.severity.value == "warning"
    assert '"VLLM_FLATTEN_LOGPROBS" in a table of settings sets a variable upstream no longer reads' in finding.message


@pytest.mark.parametrize(
    "table",
    [
        '{"VLLM_FLATTEN_LOGPROBS": 1, "VLLM_LOGGING_LEVEL": "INFO"}',  # a value not a string: the fork's own keys
        '{"VLLM_LOGGING_LEVEL": "INFO"}',  # a variable upstream still reads
    ],
)
def test_tables_that_set_no_gone_variable_are_silent(git_repo: GitRepo, no_rules: Path, table: str) -> None:
    assert env_table(git_repo, no_rules, table) == []


def test_a_read_of_a_stub_gets_what_the_stub_returns(git_repo: GitRepo, no_rules: Path) -> None:
    by_line = stub_case(git_repo, no_rules, ENVS_STUBBED)
    assert "the read gets what the stub returns, whatever the variable holds now" in by_line[9]


@pytest.mark.parametrize(
    "body",
    [
        # both names set, for releases on either side of the rename
        '    os.environ.setdefault("VLLM_FLAT_LOGPROBS", "1")\n    os.environ.setdefault("VLLM_FLATTEN_LOGPROBS", "1")\n',
        # the environment read under both names
        '    value = os.environ.get("VLLM_FLAT_LOGPROBS") or os.environ.get("VLLM_FLATTEN_LOGPROBS", "0")\n'
        "    print(value)\n",
        # the registry read under both names
        "    print(envs.VLLM_FLAT_LOGPROBS or envs.VLLM_FLATTEN_LOGPROBS)\n",
    ],
    ids=["both set", "both read", "both registry reads"],
)
def test_a_stub_named_beside_its_new_name_is_silent(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """A fork function that names the stubbed variable's new name too is written for both sides of the
    rename (#45781 kept VLLM_TRITON_ATTN_USE_TD as a stub of VLLM_TRITON_USE_TD)."""
    fork = "import os\n\nimport vllm.envs as envs\n\n\ndef aeon_flat() -> None:\n" + body
    sides = s.merge_case(git_repo, {ENVS: ENVS_BASE}, {FORK: fork}, [(SUBJECT_45781, {ENVS: ENVS_STUBBED})])
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.path == FORK and f.rule_id == RULE] == []


def test_a_stub_beside_its_new_name_in_another_function_is_still_read(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        'import os\n\n\ndef aeon_new() -> None:\n    os.environ.setdefault("VLLM_FLAT_LOGPROBS", "1")\n\n\n'
        'def aeon_old() -> None:\n    os.environ.setdefault("VLLM_FLATTEN_LOGPROBS", "1")\n'
    )
    sides = s.merge_case(git_repo, {ENVS: ENVS_BASE}, {FORK: fork}, [(SUBJECT_45781, {ENVS: ENVS_STUBBED})])
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.line for f in report.findings if f.path == FORK and f.rule_id == RULE] == [9]


# #23379 (d52358c1e0) stopped setting the NVFP4 layers' ``*_swizzled`` scales: the post-load hook stores
# the swizzled scale in ``weight_scale`` itself.  The words live on upstream only as a local
# (``w13_blockscale_swizzled = swizzle_blockscale(...)``) and as the keyword a function's parameter takes
# (``run_emulation(weight_scale_swizzled=layer.weight_scale)``): a fork's ``getattr(layer,
# "weight_scale_swizzled", None)`` takes its default and the fork swizzles the swizzled scale again.
NVFP4 = "vllm/model_executor/layers/quantization/nvfp4.py"
NVFP4_BASE = """from torch.nn import Parameter


def swizzle(scale):
    return scale


def run_emulation(x, weight_scale_swizzled):
    return x * weight_scale_swizzled


class Fp4Method:
    def process_weights_after_loading(self, layer) -> None:
        layer.weight_scale_swizzled = Parameter(swizzle(layer.weight_scale), requires_grad=False)
        layer.w13_blockscale_swizzled = Parameter(swizzle(layer.w13_weight_scale), requires_grad=False)

    def apply(self, layer, x):
        return run_emulation(x, weight_scale_swizzled=layer.weight_scale_swizzled)
"""
NVFP4_IN_PLACE = """from torch.nn import Parameter


def swizzle(scale):
    return scale


def run_emulation(x, weight_scale_swizzled):
    return x * weight_scale_swizzled


class Fp4Method:
    def process_weights_after_loading(self, layer) -> None:
        layer.weight_scale = Parameter(swizzle(layer.weight_scale), requires_grad=False)
        w13_blockscale_swizzled = swizzle(layer.w13_weight_scale)
        layer.w13_weight_scale = Parameter(w13_blockscale_swizzled, requires_grad=False)

    def apply(self, layer, x):
        return run_emulation(x, weight_scale_swizzled=layer.weight_scale)
"""
SUBJECT_23379 = "[Perf] Remove duplicated NVFP4 blockscales to save memory (#23379)"
SWIZZLED_FORK = (
    "def aeon_fp4_scale(layer):\n"
    '    scale = getattr(layer, "weight_scale_swizzled", None)\n'
    "    return layer.weight_scale if scale is None else scale\n\n\n"
    "def aeon_moe_ready(layer) -> bool:\n"
    '    return hasattr(layer, "w13_blockscale_swizzled")\n'
)


def swizzled_case(git_repo: GitRepo, no_rules: Path, upstream: str) -> list[tuple[str, int, str]]:
    sides = s.merge_case(git_repo, {NVFP4: NVFP4_BASE}, {FORK: SWIZZLED_FORK}, [(SUBJECT_23379, {NVFP4: upstream})])
    return found(git_repo.audit(no_rules, merge=sides))


def test_an_attribute_no_longer_set_whose_word_lives_on_as_a_local_or_a_functions_keyword(
    git_repo: GitRepo, no_rules: Path
) -> None:
    got = swizzled_case(git_repo, no_rules, NVFP4_IN_PLACE)
    assert [(path, line) for path, line, _ in got] == [(FORK, 2), (FORK, 7)]
    assert all("as an attribute (only as a parameter, a local or a comment)" in message for _, _, message in got)
    assert "removed attribute 'weight_scale_swizzled'" in got[0][2]


@pytest.mark.parametrize(
    "upstream",
    [
        # set again, on another object
        NVFP4_IN_PLACE + "\n\ndef keep(layer, scale):\n    layer.weight_scale_swizzled = scale\n"
        "    layer.w13_blockscale_swizzled = scale\n",
        # passed to a class, or to a callee no def of the tree takes it as a parameter: may be stored
        NVFP4_IN_PLACE + "\n\ndef build(make, Holder, scale):\n"
        "    return Holder(weight_scale_swizzled=scale), make(w13_blockscale_swizzled=scale)\n",
        # set by setattr with the name
        NVFP4_IN_PLACE + '\n\ndef keep(layer, scale):\n    setattr(layer, "weight_scale_swizzled", scale)\n'
        '    setattr(layer, "w13_blockscale_swizzled", scale)\n',
    ],
    ids=["set elsewhere", "keyword of a class or an unknown callee", "setattr"],
)
def test_an_attribute_still_set_or_held_elsewhere_is_silent(git_repo: GitRepo, no_rules: Path, upstream: str) -> None:
    assert swizzled_case(git_repo, no_rules, upstream) == []


# --- #30201: a registry's key renamed, given under the field the registry is looked up by
FACTORY = "vllm/kv/factory.py"
FACTORY_BASE = """class Factory:
    _registry = {"SharedStorageConnector": "shared", "LMCacheConnector": "lmcache"}

    @classmethod
    def create(cls, config):
        return cls._registry[config.kv_connector]
"""
FACTORY_30201 = FACTORY_BASE.replace("SharedStorageConnector", "ExampleConnector")


@pytest.mark.parametrize(
    ("entry", "severity"),
    [('"kv_connector": "SharedStorageConnector"', "error"), ('"label": "SharedStorageConnector"', "warning")],
    ids=["the registry's field", "another key"],
)
def test_a_renamed_registry_key_given_under_a_dict_key(
    git_repo: GitRepo, no_rules: Path, entry: str, severity: str
) -> None:
    """``{"connectors": [{"kv_connector": "SharedStorageConnector"}]}``: the key is the field the factory
    reads the registry by, an error; under another key the string may be anything, a warning."""
    fork = 'AEON_KV = {"connectors": [{' + entry + ', "kv_role": "kv_both"}]}\n'
    sides = s.merge_case(
        git_repo,
        {FACTORY: FACTORY_BASE, "vllm/kv/__init__.py": ""},
        {"vllm/kv/aeon.py": fork},
        [("kv_transfer: Rename the shared storage connectors (#30201)", {FACTORY: FACTORY_30201})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.path, f.line, f.severity.value) for f in report.findings if f.rule_id == RULE]
    assert rows == [("vllm/kv/aeon.py", 1, severity)]


# upstream folds the old variable into one the registry had already: its deprecation names the successor
ENVS_BOTH = ENVS_BASE.replace(
    '    "VLLM_FLATTEN_LOGPROBS": lambda',
    '    "VLLM_FLAT_LOGPROBS": lambda: bool(int(os.getenv("VLLM_FLAT_LOGPROBS", "0"))),\n'
    '    "VLLM_FLATTEN_LOGPROBS": lambda',
)
ENVS_FOLDED = ENVS_BOTH.replace(
    '    "VLLM_FLATTEN_LOGPROBS": lambda: bool(int(os.getenv("VLLM_FLATTEN_LOGPROBS", "0"))),\n',
    "    # Deprecated: use VLLM_FLAT_LOGPROBS; kept registered and otherwise ignored\n"
    '    "VLLM_FLATTEN_LOGPROBS": lambda: None,\n',
)


@pytest.mark.parametrize(
    ("beside", "silent"),
    [("VLLM_FLAT_LOGPROBS", True), ("VLLM_LOGGING_LEVEL", False)],
    ids=["the successor the deprecation names", "an unrelated variable"],
)
def test_a_stub_beside_the_existing_variable_it_points_to(
    git_repo: GitRepo, no_rules: Path, beside: str, silent: bool
) -> None:
    """A stub whose deprecation points to a variable the registry had already (no rename to infer): a fork
    function reading that one beside the stub is written for both sides; beside any other it still reads a stub."""
    assert ENVS_FOLDED != ENVS_BOTH
    fork = f"import vllm.envs as envs\n\n\ndef aeon_flat() -> None:\n    print(envs.{beside} or envs.VLLM_FLATTEN_LOGPROBS)\n"
    sides = s.merge_case(git_repo, {ENVS: ENVS_BOTH}, {FORK: fork}, [(SUBJECT_45781, {ENVS: ENVS_FOLDED})])
    report = git_repo.audit(no_rules, merge=sides)
    errors = [f.line for f in report.findings if f.path == FORK and f.rule_id == RULE and f.severity.value == "error"]
    assert errors == ([] if silent else [5])
