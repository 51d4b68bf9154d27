"""Symbol drift on shapes of AMD's ROCm/vllm fork (its upstream merges, replayed by benchmarks/real_fork_replay.py
--fork rocm): the false errors it raised on correct code, each as a class, beside the finding that stays."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- #4223 (2024-05): vllm/model_executor/parallel_utils/communication_op.py -> vllm/distributed/ ------------
OLD_OPS = "vllm/model_executor/parallel_utils/communication_op.py"
NEW_OPS = "vllm/distributed/communication_op.py"
OPS = (
    "def broadcast_object_list(objs, src=0):\n    return objs\n\n\n"
    "def tensor_model_parallel_all_gather(t, dim=-1):\n    return t\n"
)
EXECUTOR = "vllm/executor/torchrun_gpu_executor.py"
FORK_EXECUTOR = (
    "from vllm.model_executor.parallel_utils.communication_op import (broadcast_object_list,\n"
    "                                                                 tensor_model_parallel_all_gather)\n\n\n"
    "def execute_model(output, t):\n"
    "    gathered = tensor_model_parallel_all_gather(t)\n"
    "    broadcast_object_list([output], src=0)\n"
    "    return gathered\n"
)
INITS = {p: "" for p in ("vllm/model_executor/parallel_utils/__init__.py", "vllm/distributed/__init__.py")}


def drift(repo: GitRepo, config: Path, fork: str, upstream: dict[str, str | None]) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {**INITS, OLD_OPS: OPS, "vllm/executor/__init__.py": ""},
        {EXECUTOR: fork},
        [("[Core] Refactor distributed code (#4223)", upstream)],
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == EXECUTOR]


def test_a_call_of_a_moved_name_is_its_imports_finding(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream moved the functions under the same names: only the import changes (the fork's fix, e4af60b4d)."""
    results = drift(git_repo, no_rules, FORK_EXECUTOR, {OLD_OPS: None, NEW_OPS: OPS})
    assert [line for line, _ in results] == [1, 2]  # each on its name's line of the import (#48261)
    assert all("which upstream moved" in message for _, message in results)


def test_a_call_of_a_renamed_name_is_still_a_finding(git_repo: GitRepo, no_rules: Path) -> None:
    """Renamed in place: each call has to change, so each says so."""
    renamed = OPS.replace("def broadcast_object_list(", "def broadcast_objects(")
    results = drift(git_repo, no_rules, FORK_EXECUTOR, {OLD_OPS: renamed})
    assert [line for line, _ in results] == [1, 7]
    assert "renamed broadcast_object_list to broadcast_objects" in results[1][1]


# -- #8673 (0057894ef7): PromptInputs -> PromptType, and LLMEngine.add_request's inputs -> prompt ----------
DATA = "vllm/inputs/data.py"
DATA_BASE = (
    "from typing import Union\n\n\n"
    "class TextPrompt(dict):\n    pass\n\n\n"
    "class EncoderDecoderPrompt(dict):\n    pass\n\n\n"
    "SingletonPromptInputs = Union[str, TextPrompt]\n"
    "PromptInputs = Union[SingletonPromptInputs, EncoderDecoderPrompt]\n"
)
DATA_RENAMED = DATA_BASE.replace("SingletonPromptInputs", "SingletonPrompt").replace("PromptInputs =", "PromptType =")
ENGINE = "vllm/engine/llm_engine.py"
ENGINE_BASE = (
    "from vllm.inputs.data import PromptInputs\n\n\n"
    "class LLMEngine:\n"
    "    def add_request(self, request_id: str, inputs: PromptInputs, params: dict) -> None:\n"
    "        self.last = (request_id, inputs, params)\n"
)
FAST = "vllm/entrypoints/fast_sync_llm.py"
FAST_FORK = (
    "from vllm.engine.llm_engine import LLMEngine\n"
    "from vllm.inputs.data import PromptInputs\n\n\n"
    "def add(engine: LLMEngine, inputs: PromptInputs, params: dict, request_id: str) -> None:\n"
    "    engine.add_request(request_id, inputs, params)\n"
)


def prompt_case(repo: GitRepo, config: Path, data: str, engine: str) -> list[tuple[int, str, str]]:
    inits = {p: "" for p in ("vllm/inputs/__init__.py", "vllm/engine/__init__.py", "vllm/entrypoints/__init__.py")}
    sides = s.merge_case(
        repo,
        {**inits, DATA: DATA_BASE, ENGINE: ENGINE_BASE},
        {FAST: FAST_FORK},
        [("[Core] Rename `PromptInputs` and `inputs` (#8673)", {DATA: data, ENGINE: engine})],
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FAST]


def test_a_parameter_retyped_by_a_type_rename_holds_the_same_value(git_repo: GitRepo, no_rules: Path) -> None:
    """The call hands the same kind of value under the type's new name: the import is the error, the call a
    renamed parameter to check (a warning)."""
    engine = ENGINE_BASE.replace("PromptInputs", "PromptType").replace("inputs, params", "prompt, params")
    engine = engine.replace("inputs: PromptType", "prompt: PromptType")
    results = prompt_case(git_repo, no_rules, DATA_RENAMED, engine)
    assert [(line, level) for line, level, _ in results] == [(2, "error"), (6, "warning")]
    assert "renamed PromptInputs to PromptType" in results[0][2]
    assert "which upstream renamed prompt" in results[1][2]


def test_a_parameter_retyped_as_another_type_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The old type stays; the parameter now takes another one: the call hands it the old kind of value."""
    data = DATA_BASE + "\n\nclass TokensPrompt(dict):\n    pass\n"
    engine = ENGINE_BASE.replace("import PromptInputs", "import TokensPrompt").replace(
        "inputs: PromptInputs", "prompt: TokensPrompt"
    )
    engine = engine.replace("inputs, params)", "prompt, params)")
    results = prompt_case(git_repo, no_rules, data, engine)
    assert [(line, level) for line, level, _ in results] == [(6, "error")]
    assert "renamed prompt and retyped as TokensPrompt" in results[0][2]


# -- #13166 (2025-02): SupportsLoRA.supported_lora_modules retired, from the interface and every model -------
INTERFACES = "vllm/model_executor/models/interfaces.py"
INTERFACES_BASE = (
    "from typing import ClassVar\n\n\n"
    "class SupportsLoRA:\n"
    "    supports_lora: ClassVar[bool] = True\n"
    "    supported_lora_modules: ClassVar[list[str]] = []\n"
    "    embedding_modules: ClassVar[dict[str, str]] = {}\n"
)
LLAMA = "vllm/model_executor/models/llama.py"
LLAMA_BASE = (
    "from vllm.model_executor.models.interfaces import SupportsLoRA\n\n\n"
    "class LlamaForCausalLM(SupportsLoRA):\n"
    '    supported_lora_modules = ["qkv_proj", "o_proj"]\n'
    '    embedding_modules = {"embed_tokens": "input_embeddings"}\n'
)
GROK = "vllm/model_executor/models/grok1.py"
GROK_FORK = (
    "from vllm.model_executor.models.interfaces import SupportsLoRA\n\n\n"
    "class Grok1ForCausalLM(SupportsLoRA):\n"
    '    supported_lora_modules = ["qkv_proj", "o_proj", "lm_head"]\n'
    '    embedding_modules = {"embed_tokens": "input_embeddings"}\n'
)


def lora_case(repo: GitRepo, config: Path, llama: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        repo,
        {INTERFACES: INTERFACES_BASE, LLAMA: LLAMA_BASE},
        {GROK: GROK_FORK},
        [
            (
                "[Misc] Reduce LoRA-related static variable (#13166)",
                {
                    INTERFACES: INTERFACES_BASE.replace("    supported_lora_modules: ClassVar[list[str]] = []\n", ""),
                    LLAMA: llama,
                },
            )
        ],
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == GROK]


def test_an_attribute_upstream_retired_from_its_own_classes_too_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream's own model dropped its list in the same change: the fork's list is dead, nothing breaks."""
    results = lora_case(
        git_repo, no_rules, LLAMA_BASE.replace('    supported_lora_modules = ["qkv_proj", "o_proj"]\n', "")
    )
    assert [(line, level) for line, level, _ in results] == [(5, "warning")]
    assert "upstream dropped it from its own 1 class(es) that set it too" in results[0][2]


def test_an_attribute_upstream_still_sets_in_its_own_class_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    results = lora_case(git_repo, no_rules, LLAMA_BASE)
    assert [(line, level) for line, level, _ in results] == [(5, "error")]
    assert "nothing reads the fork's value any more" in results[0][2]
