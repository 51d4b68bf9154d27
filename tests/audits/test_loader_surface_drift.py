"""Drift on the model loader's surface: the misses of the loader blind replay (benchmarks/blind_replay_loader.py).

Each class is shaped like a real upstream commit, with fork code written the way a fork's loader is:

- a field of the new kind of value passed by position into a slot upstream renamed and retyped (vLLM #29137,
  794029f012: ``GGUFModelLoader._prepare_weights(self, model_name_or_path: str)`` became
  ``_prepare_weights(self, model_config: ModelConfig)``; a fork subclass's
  ``self._prepare_weights(model_config.model)`` still binds and hands the body a string where it now reads
  ``model_config.model``).
- a string a validated config field no longer takes: upstream narrowed it from any string to a ``Literal``
  (vLLM #45196, 9d4b87f4f0: ``LoadConfig.safetensors_load_strategy: str | None`` became
  ``SafetensorsLoadStrategy | None``, ``Literal["lazy", "eager", "prefetch", "torchao"]``, on a pydantic
  dataclass; a fork's ``LoadConfig(safetensors_load_strategy="unified")`` is refused at startup).
- a key the fork writes into a named mapping that upstream read off that mapping and no longer reads (vLLM
  #17699, ba7703e659: ``get_quant_config`` stopped reading
  ``load_config.model_loader_extra_config["qlora_adapter_name_or_path"]``; a fork's write of that key is
  silently ignored).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import NAME_DRIFT, SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

GGUF = "vllm/model_executor/model_loader/gguf_loader.py"
GGUF_BASE = """class ModelConfig:
    model: str = ""


class GGUFModelLoader:
    def _prepare_weights(self, model_name_or_path: str):
        return model_name_or_path

    def download_model(self, model_config: ModelConfig) -> None:
        self._prepare_weights(model_config.model)
"""
GGUF_THEIRS = (
    GGUF_BASE.replace("model_name_or_path: str", "model_config: ModelConfig")
    .replace("return model_name_or_path", "return model_config.model")
    .replace("self._prepare_weights(model_config.model)", "self._prepare_weights(model_config)")
)
LOADER = "vllm/aeon/loader.py"
GGUF_SUBJECT = "[Feature]: Improve GGUF loading from HuggingFace user experience like repo_id:quant_type (#29137)"


def _rows(git_repo: GitRepo, no_rules: Path, base: dict, fork: dict, theirs: dict, subject: str, rule: str, path: str):
    sides = s.merge_case(git_repo, base, fork, [(subject, theirs)])
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value) for f in report.findings if f.rule_id == rule and f.path == path]


@pytest.mark.parametrize(
    ("argument", "upstream", "expected"),
    [
        ("model_config.model", GGUF_THEIRS, [(7, "error")]),
        ("self.model_config.model", GGUF_THEIRS, [(7, "error")]),
        ("model_config", GGUF_THEIRS, []),
        ("self.model_config", GGUF_THEIRS, []),
        ("model_config.model", GGUF_BASE.replace("model_name_or_path: str", "model_config: str"), []),
        ("cfg.model", GGUF_THEIRS, []),
    ],
    ids=[
        "a field of the new kind",
        "a field of the new kind off self",
        "twin: the new kind itself",
        "twin: the new kind off self",
        "twin: renamed, not retyped",
        "twin: a receiver spelled otherwise",
    ],
)
def test_a_field_of_the_new_kind_into_a_retyped_slot(
    git_repo: GitRepo, no_rules: Path, argument: str, upstream: str, expected: list[tuple[int, str]]
) -> None:
    """A positional argument read off a value spelled like the parameter's new name, for a slot upstream
    renamed and retyped (a builtin on one side), is a part of the value the slot now wants: an error."""
    fork = (
        "from vllm.model_executor.model_loader.gguf_loader import GGUFModelLoader, ModelConfig\n\n\n"
        "class AeonGGUFLoader(GGUFModelLoader):\n"
        "    def aeon_local_path(self, model_config: ModelConfig, cfg: ModelConfig) -> str:\n"
        "        # AEON: the lab mirror's GGUF files\n"
        f"        return self._prepare_weights({argument})\n"
    )
    found = _rows(
        git_repo, no_rules, {GGUF: GGUF_BASE}, {LOADER: fork}, {GGUF: upstream}, GGUF_SUBJECT, SYMBOL_DRIFT, LOADER
    )
    assert [f for f in found if f[1] == "error"] == expected


LOAD = "vllm/config/load.py"
LOAD_BASE = """from pydantic import Field

from vllm.config.utils import config


@config
class LoadConfig:
    load_format: str = "auto"
    safetensors_load_strategy: str | None = None
"""
NARROWED = LOAD_BASE.replace(
    "from vllm.config.utils import config\n",
    "from vllm.config.utils import config\n\nStrategy: TypeAlias = Literal['lazy', 'eager', 'prefetch']\n",
).replace("safetensors_load_strategy: str | None", "safetensors_load_strategy: Strategy | None")
LOAD_SUBJECT = "[Bugfix][Model] Validate DefaultModelLoader / LoadConfig and fail with clear errors (#45196)"
FORK_CONFIG = "vllm/aeon/load_config.py"


def _built(value: str) -> str:
    return (
        "from vllm.config.load import LoadConfig\n\n\n"
        "def aeon_load_config() -> LoadConfig:\n"
        "    # AEON: the fork's loader maps checkpoints into unified memory\n"
        f"    return LoadConfig(safetensors_load_strategy={value!r})\n"
    )


def _copied(param: str, call: str, value: str = "unified") -> str:
    """parcfg #26417: a copy validates as a build does (killers199)."""
    return (
        "import dataclasses\nfrom dataclasses import replace\n\nfrom vllm.config.load import LoadConfig\n\n\n"
        f"def aeon_load_config({param}) -> LoadConfig:\n"
        f"    return {call}(cfg, safetensors_load_strategy={value!r})\n\n\n"
        "class Mine:\n    safetensors_load_strategy: str = ''\n"
    )


@pytest.mark.parametrize(
    ("fork", "upstream", "expected"),
    [
        (_built("unified"), NARROWED, [(6, "error")]),
        (_built("unified"), LOAD_BASE.replace("str | None", "Literal['lazy', 'eager'] | None"), [(6, "error")]),
        (_built("eager"), NARROWED, []),
        (_built("unified"), NARROWED.replace("from pydantic import Field\n", ""), []),
        (_built("unified"), NARROWED.replace("Strategy | None", "str | Strategy | None"), []),
        (_built("unified"), NARROWED + "\nStrategy = Any\n", []),
        (
            _built("unified"),
            NARROWED + "\n    @field_validator('safetensors_load_strategy', mode='before')\n"
            "    def _lower(cls, v):\n        return v\n",
            [],
        ),
        (
            "from vllm.config.load import LoadConfig\n\n\n"
            "def aeon_is_unified(cfg: LoadConfig) -> bool:\n"
            "    # AEON: the fork's loader maps checkpoints into unified memory\n"
            "    return cfg.safetensors_load_strategy == 'unified'\n",
            NARROWED,
            [],
        ),
        (_copied("cfg: LoadConfig", "dataclasses.replace"), NARROWED, [(8, "error")]),
        (_copied("cfg: LoadConfig", "replace"), NARROWED, [(8, "error")]),
        (_copied("cfg", "dataclasses.replace"), NARROWED, []),
        (_copied("cfg: Mine", "dataclasses.replace"), NARROWED, []),
        (_copied("cfg: LoadConfig", "dataclasses.replace", "eager"), NARROWED, []),
    ],
    ids=[
        "an alias of the file",
        "an inline Literal",
        "twin: a choice the Literal keeps",
        "twin: a plain dataclass (no pydantic)",
        "twin: str beside the alias",
        "twin: the alias bound to Any at runtime",
        "twin: a before validator may map the value",
        "twin: a comparison, not a construction",
        "killers199: dataclasses.replace of an object annotated as the class",
        "killers199: a bare replace",
        "twin: a copy of an object not annotated",
        "twin: a copy of the fork's own class",
        "twin: a copy with a choice the Literal keeps",
    ],
)
def test_a_string_a_narrowed_field_refuses(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, expected: list[tuple[int, str]]
) -> None:
    """A constructor keyword of a validated class whose field upstream narrowed from a plain string to a
    ``Literal`` not holding the fork's value is refused at startup: an error."""
    found = _rows(
        git_repo,
        no_rules,
        {LOAD: LOAD_BASE},
        {FORK_CONFIG: fork},
        {LOAD: upstream},
        LOAD_SUBJECT,
        NAME_DRIFT,
        FORK_CONFIG,
    )
    assert [f for f in found if f[1] == "error"] == expected


UTILS = "vllm/model_executor/model_loader/weight_utils.py"
UTILS_BASE = """def get_quant_config(load_config):
    extra = load_config.model_loader_extra_config
    if "qlora_adapter" not in extra:
        return None
    return extra["qlora_adapter"]


def get_threads(load_config):
    return load_config.model_loader_extra_config.get("num_threads", 1)
"""
UTILS_THEIRS = UTILS_BASE.replace(
    """    extra = load_config.model_loader_extra_config
    if "qlora_adapter" not in extra:
        return None
    return extra["qlora_adapter"]""",
    "    return None",
)
KEY_SUBJECT = "[Misc] Remove  qlora_adapter_name_or_path (#17699)"
FORK_KEYS = "vllm/aeon/qlora.py"


def _writes(line: str) -> str:
    return (
        "from vllm.config import LoadConfig\n\n\n"
        "def aeon_attach(load_config: LoadConfig, adapter: str) -> None:\n"
        "    # AEON: QLoRA adapters ride on the bitsandbytes checkpoint\n"
        f"    {line}\n"
    )


WRITE = "load_config.model_loader_extra_config['qlora_adapter'] = adapter"


@pytest.mark.parametrize(
    ("fork", "upstream", "expected"),
    [
        (_writes(WRITE), UTILS_THEIRS, [(6, "error")]),
        (
            _writes("load_config.model_loader_extra_config.setdefault('qlora_adapter', adapter)"),
            UTILS_THEIRS,
            [(6, "error")],
        ),
        (_writes("LoadConfig(model_loader_extra_config={'qlora_adapter': adapter})"), UTILS_THEIRS, [(6, "error")]),
        (
            _writes(WRITE),
            UTILS_THEIRS + "\n\nclass EngineArgs:\n    def warn(self):\n        return self.qlora_adapter\n",
            [(6, "warning")],
        ),
        (
            _writes(WRITE),
            UTILS_THEIRS
            + "\n\ndef tensorize(load_config):\n    return dict(**load_config.model_loader_extra_config)\n",
            [(6, "warning")],
        ),
        (_writes(WRITE), UTILS_BASE, []),
        (_writes(WRITE), UTILS_THEIRS + "\n\nQLORA = 'qlora_adapter'\n", []),
        (_writes("load_config.model_loader_extra_config['num_threads'] = 8"), UTILS_THEIRS, []),
        (_writes("load_config.hf_overrides['qlora_adapter'] = adapter"), UTILS_THEIRS, [(6, "warning")]),
    ],
    ids=[
        "a subscript write",
        "a setdefault",
        "a dict display passed as the mapping's keyword",
        "warning: an attribute of the name still read",
        "the mapping consumed whole: dead knob drift's warning alone",
        "twin: upstream still reads it",
        "twin: upstream still quotes it",
        "twin: a key upstream still reads",
        "twin: another mapping: dead knob drift's warning alone",
    ],
)
def test_a_key_upstream_stopped_reading_off_its_mapping(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, expected: list[tuple[int, str]]
) -> None:
    """A key the fork writes into a mapping by name, which upstream read off that mapping and reads no more
    (quoted nowhere): an error, a warning where the word or a whole use of the mapping lives on."""
    found = _rows(
        git_repo,
        no_rules,
        {UTILS: UTILS_BASE},
        {FORK_KEYS: fork},
        {UTILS: upstream},
        KEY_SUBJECT,
        SYMBOL_DRIFT,
        FORK_KEYS,
    )
    assert found == expected


STDLIB_LOAD = (
    "from dataclasses import dataclass\n\nfrom pydantic import BaseModel\n\n\n"
    "class Other(BaseModel):\n    x: int = 0\n\n\n"
    "@dataclass\nclass LoadConfig:\n    load_format: str = 'auto'\n    safetensors_load_strategy: str | None = None\n"
)


@pytest.mark.parametrize(
    ("decorator", "expected"),
    [("@config", [(6, "error")]), ("@dataclass", []), ("@dataclasses.dataclass", [])],
    ids=["a pydantic-making decorator", "twin: a stdlib dataclass", "twin: dataclasses.dataclass"],
)
def test_a_stdlib_dataclass_beside_pydantic_is_not_validated(
    git_repo: GitRepo, no_rules: Path, decorator: str, expected: list[tuple[int, str]]
) -> None:
    """A file importing pydantic for another class: its stdlib ``@dataclass`` still checks nothing."""
    base = STDLIB_LOAD.replace("@dataclass", decorator).replace(
        "from dataclasses import dataclass\n",
        "import dataclasses\nfrom dataclasses import dataclass\n\nconfig = dataclass\n"
        if decorator != "@config"
        else "from vllm.config.utils import config\n",
    )
    after = base.replace("str | None = None", "Literal['lazy', 'eager'] | None = None")
    found = _rows(
        git_repo,
        no_rules,
        {LOAD: base},
        {FORK_CONFIG: _built("unified")},
        {LOAD: after},
        LOAD_SUBJECT,
        NAME_DRIFT,
        FORK_CONFIG,
    )
    assert [f for f in found if f[1] == "error"] == expected


def _tried(caught: str) -> str:
    return (
        "from pydantic import ValidationError\n\nfrom vllm.config.load import LoadConfig\n\n\n"
        "def aeon_load_config() -> LoadConfig:\n"
        "    # AEON: unified memory where this upstream takes it\n"
        "    try:\n        return LoadConfig(safetensors_load_strategy='unified')\n"
        f"    except {caught}:\n        return LoadConfig(safetensors_load_strategy='lazy')\n"
    )


@pytest.mark.parametrize(
    ("caught", "expected"),
    [
        ("KeyError", [(9, "error")]),
        ("ValidationError", [(9, "warning")]),
        ("(TypeError, ValueError)", [(9, "warning")]),
        ("Exception", [(9, "warning")]),
    ],
    ids=["a handler that misses the refusal", "warning: ValidationError", "warning: ValueError", "warning: Exception"],
)
def test_a_refusal_the_fork_catches_is_a_warning(
    git_repo: GitRepo, no_rules: Path, caught: str, expected: list[tuple[int, str]]
) -> None:
    """The fork falls back when its value is refused: maybe what it wants (a warning), not surely broken."""
    found = _rows(
        git_repo,
        no_rules,
        {LOAD: LOAD_BASE},
        {FORK_CONFIG: _tried(caught)},
        {LOAD: NARROWED},
        LOAD_SUBJECT,
        NAME_DRIFT,
        FORK_CONFIG,
    )
    assert found == expected


READER = "vllm/aeon/qlora_reader.py"
HUB = "vllm/model_executor/model_loader/hub.py"
HUB_FILE = "import huggingface_hub\n\n\ndef _fetch(kwargs):\n    return huggingface_hub.snapshot_download(**kwargs)\n"


def _reader(line: str) -> str:
    return f"def aeon_adapter(load_config):\n    # AEON: the fork's loader applies the adapter\n    {line}\n"


@pytest.mark.parametrize(
    ("extra", "upstream", "expected"),
    [
        (
            {READER: _reader("return 'qlora_adapter' in load_config.model_loader_extra_config")},
            UTILS_THEIRS,
            [(6, "error")],
        ),
        (
            {},
            UTILS_THEIRS + "\n\ndef size(load_config):\n    return len(load_config.model_loader_extra_config)\n",
            [(6, "error")],
        ),
        ({READER: _reader("return load_config.model_loader_extra_config.get('qlora_adapter')")}, UTILS_THEIRS, []),
        ({READER: _reader("return load_config.model_loader_extra_config['qlora_adapter']")}, UTILS_THEIRS, []),
        (
            {},
            {
                UTILS: UTILS_THEIRS
                + "\n\ndef get_adapter(load_config):\n    return _fetch(load_config.model_loader_extra_config)\n",
                HUB: HUB_FILE,
            },
            [],
        ),
    ],
    ids=[
        "a membership test of the fork's is no read",
        "the mapping's size alone",
        "twin: the fork reads the key itself",
        "twin: the fork subscripts the key itself",
        "twin: the mapping handed whole to a function",
    ],
)
def test_a_key_the_fork_or_a_callee_still_reads(
    git_repo: GitRepo, no_rules: Path, extra: dict, upstream: str | dict, expected: list[tuple[int, str]]
) -> None:
    """The fork's own lines read the key off the mapping, or upstream hands the mapping whole to a callee
    (which may unpack it): the key may still be read, so no error."""
    theirs = upstream if isinstance(upstream, dict) else {UTILS: upstream}
    found = _rows(
        git_repo,
        no_rules,
        {UTILS: UTILS_BASE},
        {FORK_KEYS: _writes(WRITE), **extra},
        theirs,
        KEY_SUBJECT,
        SYMBOL_DRIFT,
        FORK_KEYS,
    )
    assert [f for f in found if f[1] == "error"] == expected
