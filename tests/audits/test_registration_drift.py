"""Registrations that compete across files: the fork's carry and upstream's new entry register one key.

Shaped like vLLM's registries: a module-level table of architectures
(``_TEXT_GENERATION_MODELS`` in vllm/model_executor/models/registry.py, where upstream adds a line
per new architecture) and a registering decorator (``@register_quantization_config("name")``).  A
fork that carried an architecture or a method before upstream had it writes the same key from its
own module; git merges both, and the import order decides which one the table keeps.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import DUPLICATE_DEFINITION
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

REGISTRY = "vllm/model_executor/models/registry.py"
REGISTRY_BASE = (
    "_TEXT_GENERATION_MODELS = {\n"
    + "".join(f'    "Arch{i}ForCausalLM": ("arch{i}", "Arch{i}ForCausalLM"),\n' for i in range(12))
    + "}\n"
)
REGISTRY_ADDED = REGISTRY_BASE.replace(
    '    "Arch9ForCausalLM"', '    "Glm5ForCausalLM": ("glm5", "Glm5ForCausalLM"),\n    "Arch9ForCausalLM"'
)
QUANT = "vllm/model_executor/layers/quantization/__init__.py"
QUANT_BASE = """_CUSTOMIZED = {}


def register_quantization_config(name: str):
    def wrap(cls):
        _CUSTOMIZED[name] = cls
        return cls

    return wrap
"""
UP_METHOD = "vllm/model_executor/layers/quantization/mxfp4_up.py"
UP_METHOD_TEXT = """from vllm.model_executor.layers.quantization import register_quantization_config


@register_quantization_config("mxfp4_w4a16")
class Mxfp4Config:
    pass


class UpRope:
    def __init__(self, layer, cache) -> None:
        self.register_buffer("cos_sin_cache", cache)
        layer.register_parameter("weight_scale", cache)
"""
SUBJECT = "[Model] Add GLM-5 support (#40001)"

FORK = "vllm/aeon/carried_models.py"
FORK_TEXT = """# AEON: architectures and methods the fleet serves before upstream has them
from vllm.model_executor.layers.quantization import register_quantization_config
from vllm.model_executor.models import registry

registry._TEXT_GENERATION_MODELS["Glm5ForCausalLM"] = ("aeon.glm5", "AeonGlm5ForCausalLM")
registry._TEXT_GENERATION_MODELS["Arch3ForCausalLM"] = ("aeon.arch3", "AeonArch3ForCausalLM")


@register_quantization_config("mxfp4_w4a16")
class AeonMxfp4Config:
    pass


def aeon_local() -> dict[str, int]:
    options = {}
    options["Glm5ForCausalLM"] = 1
    return options


class AeonRope:
    def __init__(self, layer, cache) -> None:
        self.register_buffer("cos_sin_cache", cache)
        layer.register_parameter("weight_scale", cache)
"""


def found(report: AuditReport) -> dict[int, str]:
    return {f.line: f.message for f in report.findings if f.rule_id == DUPLICATE_DEFINITION and f.path == FORK}


def line_of(repo: GitRepo, text: str) -> int:
    return next(i for i, line in enumerate((repo.path / FORK).read_text().splitlines(), 1) if text in line)


def test_a_key_upstream_now_registers_in_another_file_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {REGISTRY: REGISTRY_BASE, QUANT: QUANT_BASE, "vllm/aeon/__init__.py": ""},
        {FORK: FORK_TEXT},
        [(SUBJECT, {REGISTRY: REGISTRY_ADDED, UP_METHOD: UP_METHOD_TEXT})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    by_line = found(report)
    table = line_of(git_repo, '_TEXT_GENERATION_MODELS["Glm5ForCausalLM"]')
    method = line_of(git_repo, '@register_quantization_config("mxfp4_w4a16")')
    # the override of an old key, a local dict's write and an instance's own buffer and parameter
    # (a name per object, not a registry: upstream's new module registers the same names) stay silent
    assert set(by_line) == {table, method}
    assert "registration of 'Glm5ForCausalLM' in registry._TEXT_GENERATION_MODELS" in by_line[table]
    assert f"{REGISTRY}:" in by_line[table] and "#40001" in by_line[table]
    assert f"registration of 'mxfp4_w4a16' in register_quantization_config ({UP_METHOD}:4" in by_line[method]
    assert all(f.severity is Severity.WARNING for f in report.findings if f.path == FORK)


def test_a_key_upstream_moved_or_already_had_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream moved Arch3's entry to another line (a removed line wrote it: not a new key), and the
    fork overrides a key upstream held at the base already: the fork chose that override before."""
    moved = REGISTRY_BASE.replace('    "Arch3ForCausalLM": ("arch3", "Arch3ForCausalLM"),\n', "").replace(
        "}\n", '    "Arch3ForCausalLM": ("arch3", "Arch3ForCausalLM"),\n}\n'
    )
    fork = FORK_TEXT.replace(
        'registry._TEXT_GENERATION_MODELS["Glm5ForCausalLM"]', 'registry._OTHER["Glm5ForCausalLM"]'
    )
    sides = s.merge_case(
        git_repo,
        {REGISTRY: REGISTRY_BASE, QUANT: QUANT_BASE, "vllm/aeon/__init__.py": ""},
        {
            FORK: fork.replace(
                '@register_quantization_config("mxfp4_w4a16")', '@register_quantization_config("aeon_fp4")'
            )
        },
        [
            (
                SUBJECT,
                {
                    REGISTRY: moved.replace(
                        '    "Arch9ForCausalLM"', '    "Glm5ForCausalLM": ("g", "G"),\n    "Arch9ForCausalLM"'
                    ),
                    UP_METHOD: UP_METHOD_TEXT,
                },
            )
        ],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == {}


def test_a_new_key_whose_lookup_upstream_removed_still_competes(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream registers Glm5ForCausalLM and, in the same change, drops a special case that looked the
    name up (``if arch == "Glm5ForCausalLM":``): a removed line that quotes the key registers nothing,
    so the key is still new, and the fork's own registration of it now competes."""
    config = "vllm/model_executor/models/config.py"
    special = 'def verify(arch):\n    if arch == "Glm5ForCausalLM":\n        raise ValueError("not yet")\n'
    sides = s.merge_case(
        git_repo,
        {REGISTRY: REGISTRY_BASE, QUANT: QUANT_BASE, config: special, "vllm/aeon/__init__.py": ""},
        {FORK: FORK_TEXT},
        [(SUBJECT, {REGISTRY: REGISTRY_ADDED, config: "def verify(arch):\n    pass\n"})],
    )
    by_line = found(git_repo.audit(no_rules, merge=sides))
    assert line_of(git_repo, '_TEXT_GENERATION_MODELS["Glm5ForCausalLM"]') in by_line


# A fork serves an architecture before upstream has it through the registry's own call (a plugin's
# ``ModelRegistry.register_model("X", ...)``); upstream then adds ``"X": (...)`` to the table the
# registry reads.  Two mechanisms, one registry: the names share what they hold (model).
PLUGIN = "vllm/aeon/plugin.py"
PLUGIN_TEXT = """# AEON: the fleet's architectures, registered the way a plugin does
from vllm.model_executor.models.registry import ModelRegistry


def register() -> None:
    ModelRegistry.register_model("Glm5ForCausalLM", "vllm.aeon.glm5:AeonGlm5ForCausalLM")
"""
REGISTRY_CLASS = "\n\nclass _ModelRegistry:\n    def register_model(self, arch, cls):\n        pass\n\n\nModelRegistry = _ModelRegistry()\n"


def test_a_key_registered_through_another_mechanism_competes(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {REGISTRY: REGISTRY_BASE + REGISTRY_CLASS, "vllm/aeon/__init__.py": ""},
        {PLUGIN: PLUGIN_TEXT},
        [(SUBJECT, {REGISTRY: REGISTRY_ADDED + REGISTRY_CLASS})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    [(line, message)] = [(f.line, f.message) for f in report.findings if f.rule_id == DUPLICATE_DEFINITION]
    assert line == 6
    assert "registration of 'Glm5ForCausalLM' in ModelRegistry.register_model now competes" in message
    assert "registration of 'Glm5ForCausalLM' in _TEXT_GENERATION_MODELS" in message and "#40001" in message


def test_the_same_key_in_an_unrelated_registry_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's tool parser named like the new architecture: another registry (no word in common)."""
    tools = "vllm/tool_parsers/manager.py"
    manager = (
        "class ToolParserManager:\n    @classmethod\n    def register_module(cls, name):\n        return lambda c: c\n"
    )
    fork = (
        "from vllm.tool_parsers.manager import ToolParserManager\n\n\n"
        '@ToolParserManager.register_module("Glm5ForCausalLM")\nclass AeonTool:\n    pass\n'
    )
    sides = s.merge_case(
        git_repo,
        {REGISTRY: REGISTRY_BASE, tools: manager, "vllm/aeon/__init__.py": "", "vllm/tool_parsers/__init__.py": ""},
        {PLUGIN: fork},
        [(SUBJECT, {REGISTRY: REGISTRY_ADDED})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == DUPLICATE_DEFINITION] == []


def test_a_key_a_removed_entry_quotes_as_its_value_is_still_new(git_repo: GitRepo, no_rules: Path) -> None:
    """9ae11a6b89 (#50524) renamed ``"ExaoneMoEForCausalLM": ("exaone_moe", "ExaoneMoeForCausalLM")`` to
    the ``"ExaoneMoeForCausalLM"`` key: the removed entry quotes the new key as its class, it does not
    register it; the fork's own registration of that key now competes."""
    old = '    "ExaoneMoEForCausalLM": ("exaone_moe", "ExaoneMoeForCausalLM"),\n'
    base = REGISTRY_BASE.replace('    "Arch9ForCausalLM"', old + '    "Arch9ForCausalLM"')
    upstream = base.replace(old, old.replace("ExaoneMoEForCausalLM", "ExaoneMoeForCausalLM", 1))
    fork = FORK_TEXT.replace("Glm5ForCausalLM", "ExaoneMoeForCausalLM")
    sides = s.merge_case(
        git_repo,
        {REGISTRY: base, QUANT: QUANT_BASE, "vllm/aeon/__init__.py": ""},
        {FORK: fork},
        [("[Model] Add K-EXAONE (#50524)", {REGISTRY: upstream})],
    )
    by_line = found(git_repo.audit(no_rules, merge=sides))
    assert line_of(git_repo, '_TEXT_GENERATION_MODELS["ExaoneMoeForCausalLM"]') in by_line


# killers231 (#38479's shape: ``STR_DTYPE_TO_TORCH_DTYPE.update(\n    {"turboquant_k8v4": ...}\n)``): a table's
# bulk write whose keys sit below its opening line, a keyword update, ``|=`` with a dict display or ``dict(...)``
NEW_KEYS = ("Glm5ForCausalLM", "Kimi3ForCausalLM", "Qwen9ForCausalLM", "Mist4ForCausalLM", "Phi7ForCausalLM")
REGISTRY_MANY = REGISTRY_BASE.replace(
    '    "Arch9ForCausalLM"', "".join(f'    "{k}": ("up", "{k}"),\n' for k in NEW_KEYS) + '    "Arch9ForCausalLM"'
)
BULK = """from vllm.model_executor.models import registry

registry._TEXT_GENERATION_MODELS.update(
    {"Glm5ForCausalLM": ("aeon.glm5", "AeonGlm5"), "AeonOwnForCausalLM": ("aeon.own", "AeonOwn")}
)
registry._TEXT_GENERATION_MODELS.update(Kimi3ForCausalLM=("aeon.kimi", "AeonKimi3"))
registry._TEXT_GENERATION_MODELS |= {
    "Qwen9ForCausalLM": ("aeon.qwen", "AeonQwen9"),
}
registry._TEXT_GENERATION_MODELS |= dict(Mist4ForCausalLM=("aeon.mist", "AeonMist4"))


def aeon_local() -> dict[str, tuple[str, str]]:
    options: dict[str, tuple[str, str]] = {}
    options.update(
        {"Phi7ForCausalLM": ("aeon.phi", "AeonPhi7")}
    )
    return options
"""


def test_a_bulk_write_of_a_key_upstream_now_registers_is_a_warning_on_the_keys_line(
    git_repo: GitRepo, no_rules: Path
) -> None:
    sides = s.merge_case(
        git_repo,
        {REGISTRY: REGISTRY_BASE, "vllm/aeon/__init__.py": ""},
        {FORK: BULK},
        [(SUBJECT, {REGISTRY: REGISTRY_MANY})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    by_line = found(report)
    wanted = {
        line_of(git_repo, '{"Glm5ForCausalLM"'): "Glm5ForCausalLM",
        line_of(git_repo, "update(Kimi3ForCausalLM="): "Kimi3ForCausalLM",
        line_of(git_repo, '"Qwen9ForCausalLM":'): "Qwen9ForCausalLM",
        line_of(git_repo, "dict(Mist4ForCausalLM="): "Mist4ForCausalLM",
    }
    # the fork's own key and a local dict's update (a function's lower-case name, not a table) stay silent
    assert set(by_line) == set(wanted)
    assert all(f"registration of {key!r}" in by_line[line] for line, key in wanted.items())
    assert all(f.severity is Severity.WARNING for f in report.findings if f.path == FORK)


# review136: a keyword on its own line below ``update(`` (a file quoting the key nowhere); the fork's own table,
# named with a word upstream's shares, written with the same key
KEYWORD_ONLY = """from vllm.model_executor.models import registry

registry._TEXT_GENERATION_MODELS.update(
    Glm5ForCausalLM=("aeon.glm5", "AeonGlm5"),
)
"""
OWN_TABLE = """AEON_TEXT_GENERATION_MODELS: dict[str, tuple[str, str]] = {}
AEON_TEXT_GENERATION_MODELS.update(
    {"Glm5ForCausalLM": ("aeon.glm5", "AeonGlm5")}
)
AEON_TEXT_GENERATION_MODELS["Glm5ForCausalLM"] = ("aeon.glm5", "AeonGlm5b")
"""


def _bulk_rows(git_repo: GitRepo, no_rules: Path, fork: str) -> dict[int, str]:
    sides = s.merge_case(
        git_repo,
        {REGISTRY: REGISTRY_BASE, "vllm/aeon/__init__.py": ""},
        {FORK: fork},
        [(SUBJECT, {REGISTRY: REGISTRY_ADDED})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


def test_a_keyword_on_its_own_line_below_update_is_read(git_repo: GitRepo, no_rules: Path) -> None:
    by_line = _bulk_rows(git_repo, no_rules, KEYWORD_ONLY)
    assert set(by_line) == {line_of(git_repo, "    Glm5ForCausalLM=")}
    assert "registration of 'Glm5ForCausalLM'" in by_line[line_of(git_repo, "    Glm5ForCausalLM=")]


def test_the_fork_files_own_table_is_not_upstreams(git_repo: GitRepo, no_rules: Path) -> None:
    assert _bulk_rows(git_repo, no_rules, OWN_TABLE) == {}
