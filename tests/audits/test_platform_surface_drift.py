"""Symbol drift on the platform surface: the misses of the eleventh blind replay (benchmarks/blind_replay_platform.py).

Each class is shaped like a real upstream commit, with fork code written the way a fork's platform,
compilation and communicator code is:

- a dataclass field upstream keeps for construction but its ``__post_init__`` now forces to None (vLLM
  #29646, d7284a2604: ``PassConfig.enable_fusion`` & co. renamed to ``fuse_norm_quant`` & co.; the old
  flags are mapped onto the new ones, then set to None): the fork's ``pass_config.enable_fusion`` reads
  None whatever was configured.
- a field with a None default whose every write upstream dropped (vLLM #26355, 96b9aa5aa0:
  ``CompilationConfig.level`` kept, deprecated, while the config now fills ``mode``): the fork's
  ``compilation_config.level == 3`` no longer holds by default.
- a method upstream removed from a class whose ``__getattr__`` makes attributes up (vLLM #27005,
  2dacd57394: ``Platform.get_cu_count`` moved to a function; ``Platform.__getattr__`` forwards to
  ``torch.<device>``, else answers None): ``current_platform.get_cu_count()`` calls None.
- a base named by a conditional alias (vLLM's ``CudaPlatform = NvmlCudaPlatform if nvml_available else
  NonNvmlCudaPlatform``): a fork platform deriving from it overrides what the aliased classes define, so
  the same #27005 leaves the fork's ``get_cu_count`` override behind.
- the twin that the alias exposed (vLLM #26695, 8f4b313c37: ``check_if_supports_dtype(torch_dtype)`` ->
  ``(dtype)``): an override that kept the old parameter name still takes every call upstream writes (all
  positional): a warning, an error once an upstream call passes the new name by keyword.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": ""}
USE = "vllm/aeon_use.py"

# --- a field __post_init__ now forces to None (#29646)
PASSES = "vllm/passes.py"
PASSES_BASE = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass PassConfig:\n    enable_fusion: bool | None = None\n    enable_noop: bool | None = None\n\n"
    "    def __post_init__(self) -> None:\n        if self.enable_noop is None:\n            self.enable_noop = True\n"
)
PASSES_THEIRS = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass PassConfig:\n    fuse_norm_quant: bool | None = None\n    enable_fusion: bool | None = None\n"
    "    enable_noop: bool | None = None\n\n"
    "    def __post_init__(self) -> None:\n"
    "        if self.enable_fusion is not None:\n            self.fuse_norm_quant = self.enable_fusion\n"
    "        self.enable_fusion = None\n"
    "        if self.enable_noop is None:\n            self.enable_noop = True\n"
)
PASSES_HEAD = "from vllm.passes import PassConfig\n\n\n"


@pytest.mark.parametrize(
    "body",
    [
        "def fusion_on(pass_config: PassConfig) -> bool:\n    return bool(pass_config.enable_fusion)\n",
        'def fusion_on(pass_config: PassConfig) -> bool:\n    return getattr(pass_config, "enable_fusion", False) is True\n',
        "class Gate:\n    def __init__(self, pass_config: PassConfig) -> None:\n        self.pass_config = pass_config\n\n"
        "    def on(self) -> bool:\n        return self.pass_config.enable_fusion is True\n",
    ],
    ids=["read", "getattr", "held-attribute"],
)
def test_a_field_post_init_now_forces_to_none(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = PASSES_HEAD + body
    sides = three_way(git_repo, {PASSES: PASSES_BASE, **PACKAGES}, {USE: fork}, {PASSES: PASSES_THEIRS})
    [(path, line, severity)] = found(audit(git_repo, sides, tmp_path), RULE)
    assert (path, line, severity) == (USE, line_of(fork, "enable_fusion"), "error")


@pytest.mark.parametrize(
    ("theirs", "body"),
    [
        # the twin: a field post_init still fills
        (PASSES_THEIRS, "def noop_on(pass_config: PassConfig) -> bool:\n    return bool(pass_config.enable_noop)\n"),
        # the old keyword at construction: mapped onto the new field, right
        (PASSES_THEIRS, "def make() -> PassConfig:\n    return PassConfig(enable_fusion=True)\n"),
        # cleared only under a condition: it may keep its value
        (
            PASSES_THEIRS.replace("        self.enable_fusion = None\n", "            self.enable_fusion = None\n"),
            "def fusion_on(pass_config: PassConfig) -> bool:\n    return bool(pass_config.enable_fusion)\n",
        ),
        # set again by upstream's code elsewhere: still filled
        (
            PASSES_THEIRS + "\n\ndef enable(config: PassConfig) -> None:\n    config.enable_fusion = True\n",
            "def fusion_on(pass_config: PassConfig) -> bool:\n    return bool(pass_config.enable_fusion)\n",
        ),
    ],
    ids=["kept-field", "construction", "conditional", "written-elsewhere"],
)
def test_forced_none_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, theirs: str, body: str) -> None:
    sides = three_way(git_repo, {PASSES: PASSES_BASE, **PACKAGES}, {USE: PASSES_HEAD + body}, {PASSES: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


# --- a field whose every write upstream dropped (#26355)
COMPILE = "vllm/compile.py"
COMPILE_BASE = (
    "from dataclasses import dataclass, field\n\n\n"
    "@dataclass\nclass CompilationConfig:\n    level: int | None = None\n    sizes: list[int] | None = None\n\n\n"
    "@dataclass\nclass VllmConfig:\n    compilation_config: CompilationConfig = field(default_factory=CompilationConfig)\n\n"
    "    def __post_init__(self) -> None:\n        self.compilation_config.level = 3\n"
    "        self.compilation_config.sizes = [1, 2, 4]\n"
)
COMPILE_THEIRS = COMPILE_BASE.replace(
    "    level: int | None = None\n", "    level: int | None = None\n    mode: int | None = None\n"
).replace("self.compilation_config.level = 3", "self.compilation_config.mode = 3")
COMPILE_HEAD = "from vllm.compile import VllmConfig\n\n\n"
LEVEL_READ = "def piecewise(vllm_config: VllmConfig) -> bool:\n    return vllm_config.compilation_config.level == 3\n"


def test_a_field_upstream_no_longer_writes(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = COMPILE_HEAD + LEVEL_READ
    sides = three_way(git_repo, {COMPILE: COMPILE_BASE, **PACKAGES}, {USE: fork}, {COMPILE: COMPILE_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, ".level == 3"), "error")]


@pytest.mark.parametrize(
    ("theirs", "body"),
    [
        # the twin: a field upstream still writes
        (
            COMPILE_THEIRS,
            "def sizes(vllm_config: VllmConfig) -> list[int]:\n    return vllm_config.compilation_config.sizes or []\n",
        ),
        # a write left through setattr
        (COMPILE_THEIRS + '        setattr(self.compilation_config, "level", 3)\n', LEVEL_READ),
        # the fork writes it itself
        (
            COMPILE_THEIRS,
            LEVEL_READ
            + "\n\ndef pin(vllm_config: VllmConfig) -> None:\n    vllm_config.compilation_config.level = 3\n",
        ),
    ],
    ids=["kept-write", "setattr", "fork-writes"],
)
def test_unwritten_field_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, theirs: str, body: str) -> None:
    sides = three_way(git_repo, {COMPILE: COMPILE_BASE, **PACKAGES}, {USE: COMPILE_HEAD + body}, {COMPILE: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


# --- a member a __getattr__ answers for now (#27005), and a base through a conditional alias
PLATFORM = "vllm/platform.py"
PLATFORM_BASE = (
    "import torch\n\n\n"
    "class Platform:\n    device_type = 'cuda'\n\n"
    "    def get_cu_count(self, device_id: int = 0) -> int:\n        raise NotImplementedError\n\n"
    "    def get_device_name(self) -> str:\n        return 'gpu'\n\n"
    "    def __getattr__(self, key: str):\n        return getattr(getattr(torch, self.device_type), key, None)\n\n\n"
    "class NvmlPlatform(Platform):\n    pass\n\n\n"
    "class PlainPlatform(Platform):\n    pass\n\n\n"
    "CudaPlatform = NvmlPlatform if torch.cuda.is_available() else PlainPlatform\n"
    "current_platform: Platform = CudaPlatform()\n"
)
PLATFORM_THEIRS = PLATFORM_BASE.replace(
    "    def get_cu_count(self, device_id: int = 0) -> int:\n        raise NotImplementedError\n\n", ""
)
LAYERS = "vllm/layers.py"
LAYERS_BASE = (
    "from vllm.platform import current_platform\n\n\ndef split() -> int:\n    return current_platform.get_cu_count()\n"
)
LAYERS_THEIRS = (
    "import torch\n\n\ndef get_cu_count(device_id: int = 0) -> int:\n"
    "    return torch.cuda.get_device_properties(device_id).multi_processor_count\n\n\n"
    "def split() -> int:\n    return get_cu_count()\n"
)
PLATFORM_HEAD = "from vllm.platform import CudaPlatform, current_platform\n\n\n"
CALL = "def split_k() -> int:\n    return 96 // current_platform.get_cu_count()\n"
OVERRIDE = "class Spark(CudaPlatform):\n    def get_cu_count(self, device_id: int = 0) -> int:\n        return 48\n"


@pytest.mark.parametrize("body", [CALL, OVERRIDE], ids=["call", "override-through-alias"])
def test_a_member_a_getattr_answers_for_now(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = PLATFORM_HEAD + body
    base = {PLATFORM: PLATFORM_BASE, LAYERS: LAYERS_BASE, **PACKAGES}
    sides = three_way(git_repo, base, {USE: fork}, {PLATFORM: PLATFORM_THEIRS, LAYERS: LAYERS_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "get_cu_count"), "error")]


NO_GETATTR = PLATFORM_BASE.replace(
    "    def __getattr__(self, key: str):\n        return getattr(getattr(torch, self.device_type), key, None)\n\n", ""
)
SHIM = NO_GETATTR.replace(
    "    def get_cu_count(self, device_id: int = 0) -> int:\n        raise NotImplementedError\n\n",
    "    def __getattr__(self, key: str):\n        return getattr(getattr(torch, self.device_type), key, None)\n\n",
)


@pytest.mark.parametrize(
    ("base", "theirs", "body"),
    [
        # the twin: a member the class keeps
        (
            PLATFORM_BASE,
            {PLATFORM: PLATFORM_THEIRS, LAYERS: LAYERS_THEIRS},
            "def name() -> str:\n    return current_platform.get_device_name()\n",
        ),
        # upstream's own code still calls the name off an object: __getattr__ may be what answers it
        (PLATFORM_BASE, {PLATFORM: PLATFORM_THEIRS}, CALL),
        # the __getattr__ came with the removal: a shim that serves the old name
        (NO_GETATTR, {PLATFORM: SHIM, LAYERS: LAYERS_THEIRS}, CALL),
        # an override through the alias of a method the aliased classes keep
        (
            PLATFORM_BASE,
            {PLATFORM: PLATFORM_THEIRS, LAYERS: LAYERS_THEIRS},
            "class Spark(CudaPlatform):\n    def get_device_name(self) -> str:\n        return 'gb10'\n",
        ),
    ],
    ids=["kept-member", "still-called", "shim", "kept-override"],
)
def test_getattr_twins_stay_silent(
    git_repo: GitRepo, tmp_path: Path, base: str, theirs: dict[str, str], body: str
) -> None:
    sides = three_way(git_repo, {PLATFORM: base, LAYERS: LAYERS_BASE, **PACKAGES}, {USE: PLATFORM_HEAD + body}, theirs)
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


# --- an override keeping a renamed parameter's old name (#26695)
DTYPE_BASE = (
    "class Platform:\n    @classmethod\n    def check_dtype(cls, torch_dtype: str) -> None:\n        pass\n\n\n"
    "def check(p: Platform, dtype: str) -> None:\n    p.check_dtype(dtype)\n"
)
DTYPE_THEIRS = DTYPE_BASE.replace("torch_dtype: str", "dtype: str")
DTYPE_KEYWORD = DTYPE_BASE.replace("torch_dtype: str", "dtype: str").replace(
    "p.check_dtype(dtype)", "p.check_dtype(dtype=dtype)"
)
DTYPE_FORK = (
    "from vllm.platform import Platform\n\n\n"
    "class Spark(Platform):\n    @classmethod\n    def check_dtype(cls, torch_dtype: str) -> None:\n        pass\n"
)


DTYPE_RETYPED = DTYPE_BASE.replace("torch_dtype: str", "dtype: int")


@pytest.mark.parametrize(
    ("theirs", "severity"),
    [(DTYPE_THEIRS, "warning"), (DTYPE_KEYWORD, "error"), (DTYPE_RETYPED, "error")],
    ids=["positional", "keyword", "retyped"],
)
def test_an_override_keeping_a_renamed_parameter(git_repo: GitRepo, tmp_path: Path, theirs: str, severity: str) -> None:
    sides = three_way(git_repo, {PLATFORM: DTYPE_BASE, **PACKAGES}, {USE: DTYPE_FORK}, {PLATFORM: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(DTYPE_FORK, "def check_dtype"), severity)]


# --- a method of a class upstream deleted, called through an attribute a factory filled (#24078)
TOK = "vllm/tok.py"
TOK_BASE = (
    "class TokenizerGroup:\n    def get_lora_tokenizer(self, request=None):\n        return self\n\n\n"
    "def init_tokenizer():\n    return TokenizerGroup()\n"
)
TOK_THEIRS = "def init_tokenizer():\n    return load_tokenizer()\n\n\ndef load_tokenizer():\n    return object()\n"
ENGINE = "vllm/engine.py"
ENGINE_BASE = (
    "from vllm.tok import init_tokenizer\n\n\n"
    "class Engine:\n    def __init__(self) -> None:\n        self.tokenizer = init_tokenizer()\n"
)
TOK_FORK = (
    "from vllm.engine import Engine\n\n\n"
    "class Mine(Engine):\n    def lora_tokenizer(self, request):\n        return self.tokenizer.get_lora_tokenizer(request)\n"
)


def test_a_method_of_a_class_upstream_deleted_through_a_factory(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, {TOK: TOK_BASE, ENGINE: ENGINE_BASE, **PACKAGES}, {USE: TOK_FORK}, {TOK: TOK_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(TOK_FORK, "get_lora_tokenizer"), "error")]


@pytest.mark.parametrize(
    "theirs",
    [
        # upstream writes a call of the name in the range: whatever replaced the class has it
        {
            TOK: TOK_THEIRS,
            ENGINE: ENGINE_BASE + "\n    def lora(self):\n        return self.tokenizer.get_lora_tokenizer()\n",
        },
        # a def of the name is left in the tree: the call may reach it
        {TOK: TOK_THEIRS + "\n\nclass Cached:\n    def get_lora_tokenizer(self, request=None):\n        return self\n"},
        # the class kept: its method stays
        {TOK: TOK_BASE + "\n\ndef other():\n    return 1\n"},
    ],
    ids=["newly-called", "def-left", "class-kept"],
)
def test_deleted_class_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, theirs: dict[str, str]) -> None:
    sides = three_way(git_repo, {TOK: TOK_BASE, ENGINE: ENGINE_BASE, **PACKAGES}, {USE: TOK_FORK}, theirs)
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


def test_forced_none_and_stores() -> None:
    from aeon_release.domain.audits.drift.unfilled import forced_none, stores  # new here: the old code fails the import

    [cls] = [n for n in ast.parse(PASSES_THEIRS).body if isinstance(n, ast.ClassDef)]
    assert forced_none(cls, "enable_fusion") == line_of(PASSES_THEIRS, "self.enable_fusion = None")
    assert forced_none(cls, "enable_noop") is None  # set under an if
    assert stores(["    cfg.level = 3"], "level")
    assert stores(['    object.__setattr__(self, "level", 3)'], "level")
    assert stores(["    cfg = replace(cfg, level=3)"], "level")
    assert not stores(["    self.level = None", "    if cfg.level == 3:", "    levels = 3"], "level")
