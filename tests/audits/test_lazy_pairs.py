"""Lazy references by a pair of strings: a fork registry entry ("module", "Name") whose module upstream moved."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- shaped like #12793 (449d1bce02): DeepseekV3ForCausalLM moved from deepseek_v3.py into deepseek_v2.py --
MODELS = "vllm/model_executor/models"
REGISTRY = f"{MODELS}/registry.py"
V2, V3 = f"{MODELS}/deepseek_v2.py", f"{MODELS}/deepseek_v3.py"
ENTRIES = """\
    "LlamaForCausalLM": ("llama", "LlamaForCausalLM"),
    "DeepseekV2ForCausalLM": ("deepseek_v2", "DeepseekV2ForCausalLM"),
    "DeepseekV3ForCausalLM": ("deepseek_v3", "DeepseekV3ForCausalLM"),
"""
REG = (
    '"""Architectures, imported on first use."""\nimport importlib\n\n_MODELS = {\n' + ENTRIES + "}\n\n\n"
    "def resolve(arch):\n    module, name = _MODELS[arch]\n"
    '    return getattr(importlib.import_module(f"vllm.model_executor.models.{module}"), name)\n'
)
FORK_ENTRY = '    "AeonV3ForCausalLM": ("deepseek_v3", "DeepseekV3ForCausalLM"),  # AEON: the fleet\'s alias\n'
FORK_REG = REG.replace("_MODELS = {\n", "_MODELS = {\n" + FORK_ENTRY, 1)
MOVED_REG = REG.replace('("deepseek_v3", "DeepseekV3ForCausalLM")', '("deepseek_v2", "DeepseekV3ForCausalLM")')
BASE = {
    REGISTRY: REG,
    f"{MODELS}/llama.py": "class LlamaForCausalLM:\n    pass\n",
    V2: "class DeepseekV2ForCausalLM:\n    pass\n",
    V3: "from vllm.model_executor.models.deepseek_v2 import DeepseekV2ForCausalLM\n\n\n"
    "class DeepseekV3ForCausalLM(DeepseekV2ForCausalLM):\n    pass\n",
}
V2_WITH_V3 = (
    "class DeepseekV2ForCausalLM:\n    pass\n\n\nclass DeepseekV3ForCausalLM(DeepseekV2ForCausalLM):\n    pass\n"
)


def _found(repo: GitRepo, fork: dict[str, str], upstream: dict[str, str | None]) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, BASE, fork, [("Remove duplicated DeepSeek V2/V3 model definition (#12793)", upstream)])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "imported by name on first use" in f.message
    ]


def _line(repo: GitRepo, text: str) -> int:
    return (Path(repo.path) / REGISTRY).read_text().splitlines().index(text.rstrip("\n")) + 1


def test_a_fork_entry_naming_a_module_upstream_deleted(git_repo: GitRepo) -> None:
    [(line, severity, message)] = _found(
        git_repo, {REGISTRY: FORK_REG}, {V3: None, V2: V2_WITH_V3, REGISTRY: MOVED_REG}
    )
    assert (line, severity) == (_line(git_repo, FORK_ENTRY), "error")
    assert f"upstream deleted {V3}" in message and "(#12793, " in message
    assert "upstream's own entries name ('deepseek_v2', 'DeepseekV3ForCausalLM') now" in message


def test_a_fork_entry_naming_a_class_upstream_renamed(git_repo: GitRepo) -> None:
    renamed = BASE[V3].replace("class DeepseekV3ForCausalLM(", "class DeepseekV3Model(")
    [(_, severity, message)] = _found(git_repo, {REGISTRY: FORK_REG}, {V3: renamed})
    assert severity == "error" and f"{V3} no longer defines DeepseekV3ForCausalLM" in message


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the old module re-exports the class it moved
        (
            {REGISTRY: FORK_REG},
            {V2: V2_WITH_V3, V3: "from vllm.model_executor.models.deepseek_v2 import DeepseekV3ForCausalLM\n"},
        ),
        # a module answering any name through __getattr__
        ({REGISTRY: FORK_REG}, {V3: "def __getattr__(name):\n    return object\n"}),
        # two strings that are not a reference at the fork branch (the module never defined the name)
        (
            {REGISTRY: REG.replace("_MODELS = {\n", '_MODELS = {\n    "x": ("deepseek_v3", "fp8_e4m3"),  # AEON\n', 1)},
            {V3: None},
        ),
    ],
)
def test_a_pair_that_still_resolves_or_never_did_is_silent(
    git_repo: GitRepo, fork: dict[str, str], upstream: dict[str, str | None]
) -> None:
    assert _found(git_repo, fork, upstream) == []


def test_a_pair_naming_the_file_it_is_in_names_an_outside_package(git_repo: GitRepo) -> None:
    # shaped like #21166 (41f1cf38f2): vllm/utils/flashinfer.py lazily imports flashinfer's fp4_quantize
    wrapper = "vllm/utils/flashinfer.py"
    base = 'def _lazy(module, name):\n    return (module, name)\n\n\nfp4_quantize = _lazy("flashinfer", "fp4_quantize")\n\n\nPAD = 1\n'
    fork = base + 'aeon_quantize = _lazy("flashinfer", "fp4_quantize")  # AEON\n'
    upstream = base.replace("fp4_quantize = _lazy", "flashinfer_fp4_quantize = _lazy")
    sides = s.merge_case(git_repo, {**BASE, wrapper: base}, {wrapper: fork}, [("Rename (#21166)", {wrapper: upstream})])
    assert [f for f in s.merged_findings(git_repo, sides, s.Settings()) if "first use" in f.message] == []


@pytest.mark.parametrize(
    "upstream",
    [
        # the module became a package whose __init__ defines the name: the import still finds it
        {V3: None, f"{MODELS}/deepseek_v3/__init__.py": BASE[V3]},
        # defined under a top-level ``with`` block, or through globals()
        {
            V3: "import contextlib\n\nwith contextlib.suppress(ImportError):\n"
            + "".join(f"    {line}\n" for line in BASE[V3].splitlines())
        },
        {V3: 'globals().update({"DeepseekV3ForCausalLM": object})\n'},
    ],
)
def test_a_pair_the_module_still_answers_in_another_form_is_silent(
    git_repo: GitRepo, upstream: dict[str, str | None]
) -> None:
    assert _found(git_repo, {REGISTRY: FORK_REG}, upstream) == []


def test_a_package_made_of_the_module_that_lacks_the_name_is_named(git_repo: GitRepo) -> None:
    package = f"{MODELS}/deepseek_v3/__init__.py"
    [(_, severity, message)] = _found(git_repo, {REGISTRY: FORK_REG}, {V3: None, package: "X = 1\n"})
    assert severity == "error" and f"{package} no longer defines DeepseekV3ForCausalLM" in message


def test_a_package_whose_getattr_only_raises_for_other_names_is_named(git_repo: GitRepo) -> None:
    # shaped like #26906 (fb5e10d3fb): transformers.py became transformers/__init__.py, whose __getattr__
    # raises a helpful AttributeError for any name the package does not define
    package = f"{MODELS}/deepseek_v3/__init__.py"
    helpful = (
        "class DeepseekV3Model:\n    pass\n\n\ndef __getattr__(name):\n    if name not in globals():\n"
        "        raise AttributeError(name)\n    return globals()[name]\n"
    )
    [(_, severity, message)] = _found(git_repo, {REGISTRY: FORK_REG}, {V3: None, package: helpful})
    assert severity == "error" and f"{package} no longer defines DeepseekV3ForCausalLM" in message
