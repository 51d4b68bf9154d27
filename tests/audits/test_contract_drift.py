"""Contracts a fork is written against (killers43): a module ``__getattr__`` that serves a closed table,
and a fallback hook a base stopped calling.  Each rebuilt from a real vLLM change as a clean git merge,
with twins (fork code the change does not break) that must stay quiet."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.served import served_names
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

# -- #31285 (09dc7c690c) / #27658 (f5710ef02a): vllm/utils/__init__.py's deprecation shim ----------------
UTILS = "vllm/utils/__init__.py"
NET = "vllm/utils/network_utils.py"
SHIM = '''import warnings
from typing import Any

_DEPRECATED_MAPPINGS = {
    "get_open_port": "network_utils",
}


def __getattr__(name: str) -> Any:
    """Module-level getattr to handle deprecated utilities."""
    if name in _DEPRECATED_MAPPINGS:
        submodule_name = _DEPRECATED_MAPPINGS[name]
        warnings.warn(f"vllm.utils.{name} is deprecated", DeprecationWarning, stacklevel=2)
        module = __import__(f"vllm.utils.{submodule_name}", fromlist=[submodule_name])
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def random_uuid() -> str:
    return "x"
'''
NO_SHIM = 'def random_uuid() -> str:\n    return "x"\n'
NET_TEXT = "def get_open_port() -> int:\n    return 0\n"
ENUM = "import enum\n\n\nclass LayerBlockType(enum.Enum):\n    attention = 'attention'\n    mamba = 'mamba'\n\n\n"
BASE = {"vllm/__init__.py": "", NET: NET_TEXT}
FORK = "vllm/aeon/ports.py"


def errors(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    return [(f.line, f.message) for f in report.findings if f.path == path and f.severity.value == "error"]


def test_a_name_the_shim_served_is_gone_when_the_shim_goes(git_repo: GitRepo, no_rules: Path) -> None:
    """#31285: ``from vllm.utils import get_open_port`` resolved through the shim's table; dropped, the
    import fails after the merge, while network_utils still defines the function."""
    fork = "from vllm.utils import get_open_port\n\n\ndef aeon_port() -> int:\n    return get_open_port()\n"
    sides = three_way(git_repo, {**BASE, UTILS: SHIM}, {FORK: fork}, {UTILS: NO_SHIM})
    found = errors(git_repo, no_rules, sides, FORK)
    assert [line for line, _ in found] == [1, 5]
    assert "still defined in vllm/utils/network_utils.py: import it from vllm.utils.network_utils" in found[0][1]


def test_a_name_the_shim_never_served_is_gone_with_its_def(git_repo: GitRepo, no_rules: Path) -> None:
    """#27658: ``LayerBlockType`` deleted from vllm.utils, whose ``__getattr__`` serves only its table."""
    fork = "from vllm.utils import LayerBlockType\n\n\ndef aeon_kind() -> str:\n    return LayerBlockType.mamba.value\n"
    sides = three_way(git_repo, {**BASE, UTILS: ENUM + SHIM}, {FORK: fork}, {UTILS: SHIM})
    assert 1 in [line for line, _ in errors(git_repo, no_rules, sides, FORK)]


@pytest.mark.parametrize(
    "fork",
    [
        "from vllm.utils.network_utils import get_open_port\n\n\ndef aeon_port() -> int:\n    return get_open_port()\n",
        "from vllm.utils import random_uuid\n\n\ndef aeon_id() -> str:\n    return random_uuid()\n",
    ],
    ids=["the new home", "a name the module binds"],
)
def test_twins_of_the_shim_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    sides = three_way(git_repo, {**BASE, UTILS: SHIM}, {FORK: fork}, {UTILS: NO_SHIM})
    assert errors(git_repo, no_rules, sides, FORK) == []


OPEN_HOOK = """import importlib


def __getattr__(name: str):
    return importlib.import_module(f"vllm.utils.{name}")


def random_uuid() -> str:
    return "x"
"""


def test_an_open_hook_still_answers_any_name(git_repo: GitRepo, no_rules: Path) -> None:
    """A ``__getattr__`` that returns for any name (no test of the name) may serve the enum: quiet."""
    fork = "from vllm.utils import LayerBlockType\n\n\ndef aeon_kind() -> str:\n    return LayerBlockType.mamba.value\n"
    sides = three_way(git_repo, {**BASE, UTILS: ENUM + OPEN_HOOK}, {FORK: fork}, {UTILS: OPEN_HOOK})
    assert errors(git_repo, no_rules, sides, FORK) == []


@pytest.mark.parametrize(
    ("text", "served"),
    [
        (SHIM, {"get_open_port"}),
        (
            "T = ('a', 'b')\n\ndef __getattr__(n):\n    if n not in T:\n        raise AttributeError(n)\n    return 1\n",
            {"a", "b"},
        ),
        ("def __getattr__(n):\n    if n == 'x':\n        return 1\n    raise AttributeError(n)\n", {"x"}),
        ("def __getattr__(n):\n    raise AttributeError(n)\n", set()),
        (
            SHIM + "\n\ndef __dir__():\n    return sorted(list(globals().keys()) + list(_DEPRECATED_MAPPINGS))\n",
            {"get_open_port"},
        ),
    ],
    ids=["a dict table", "an early raise", "a literal", "raises only", "__dir__ reads globals()"],
)
def test_closed_hooks(text: str, served: set[str]) -> None:
    found = served_names(ast.parse(text))
    assert found is not None and set(found) == served


@pytest.mark.parametrize(
    "text",
    [
        OPEN_HOOK,
        "T = {'a': 'm'}\nT['b'] = 'n'\n\ndef __getattr__(n):\n    if n in T:\n        return 1\n    raise AttributeError(n)\n",
        "T = {'a': 'm'}\n\ndef __getattr__(n):\n    if n in T:\n        return 1\n    return globals()[n]\n",
        "def __getattr__(n):\n    if n.startswith('x'):\n        return 1\n    raise AttributeError(n)\n",
        "T = make()\n\ndef __getattr__(n):\n    if n in T:\n        return 1\n    raise AttributeError(n)\n",
        "T = {'a': 'm'}\nfor k in ('b', 'c'):\n    globals()[k] = k\n\ndef __getattr__(n):\n    if n in T:\n"
        "        return 1\n    raise AttributeError(n)\n",
    ],
    ids=["any name", "a table changed", "a fallthrough return", "a prefix test", "a computed table", "globals()"],
)
def test_open_hooks(text: str) -> None:
    assert served_names(ast.parse(text)) is None


# -- #30458 (979f50efd0): SupportsMultiModal.embed_multimodal stopped falling back to a model's
# get_multimodal_embeddings (the hasattr fallback #27583 kept for the rename's grace period)
IFACE = "vllm/model_executor/models/interfaces.py"
IFACE_BASE = """class SupportsMultiModal:
    supports_multimodal = True

    def embed_multimodal(self, **kwargs: object) -> list:
        if hasattr(self, "get_multimodal_embeddings"):
            return self.get_multimodal_embeddings(**kwargs)

    def embed_input_ids(self, input_ids, multimodal_embeddings=None) -> list:
        return []
"""
IFACE_AFTER = """class SupportsMultiModal:
    supports_multimodal = True

    def embed_multimodal(self, **kwargs: object) -> list:
        ...

    def embed_input_ids(self, input_ids, multimodal_embeddings=None) -> list:
        return []
"""
MODEL = "vllm/aeon/vision.py"
HEADER = "from vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\n"


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        (
            "class AeonVision(SupportsMultiModal):\n    def get_multimodal_embeddings(self, **kwargs):\n"
            "        return [kwargs]\n",
            "def get_multimodal_embeddings",
        ),
        (
            "class AeonAudio(SupportsMultiModal):\n    def _embed(self, **kwargs):\n        return [kwargs]\n\n"
            "    get_multimodal_embeddings = _embed\n",
            "get_multimodal_embeddings = _embed",
        ),
    ],
    ids=["a method", "an alias"],
)
def test_a_fallback_hook_upstream_stopped_calling(git_repo: GitRepo, no_rules: Path, body: str, needle: str) -> None:
    sides = three_way(
        git_repo, {"vllm/__init__.py": "", IFACE: IFACE_BASE}, {MODEL: HEADER + body}, {IFACE: IFACE_AFTER}
    )
    [(line, message)] = errors(git_repo, no_rules, sides, MODEL)
    assert line == line_of(HEADER + body, needle)
    assert "SupportsMultiModal.embed_multimodal() for the fork's class" in message
    assert "nothing consults the fork's get_multimodal_embeddings" in message


@pytest.mark.parametrize(
    ("body", "after"),
    [
        (
            "class AeonVision(SupportsMultiModal):\n    def embed_multimodal(self, **kwargs):\n        return [kwargs]\n",
            IFACE_AFTER,
        ),
        (
            "class AeonVision(SupportsMultiModal):\n    def get_multimodal_embeddings(self, **kwargs):\n"
            "        return [kwargs]\n\n    def embed_multimodal(self, **kwargs):\n"
            "        return self.get_multimodal_embeddings(**kwargs)\n",
            IFACE_AFTER,
        ),
        (
            "class AeonVision(SupportsMultiModal):\n    def get_multimodal_embeddings(self, **kwargs):\n"
            "        return [kwargs]\n",
            IFACE_BASE.replace("return []", "return [1]"),
        ),
        (
            "class AeonVision(SupportsMultiModal):\n    def get_multimodal_embeddings(self, **kwargs):\n"
            "        return [kwargs]\n\n\ndef aeon_embed(model: AeonVision) -> list:\n"
            "    return model.get_multimodal_embeddings(pixel_values=None)\n",
            IFACE_AFTER,
        ),
    ],
    ids=["the new hook", "the fork hands on itself", "upstream still calls it", "called by name"],
)
def test_fallback_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, after: str) -> None:
    sides = three_way(git_repo, {"vllm/__init__.py": "", IFACE: IFACE_BASE}, {MODEL: HEADER + body}, {IFACE: after})
    assert errors(git_repo, no_rules, sides, MODEL) == []


# -- #30469 (13d63b65e0): VllmModel.embed_input_ids stopped falling back to a model's get_input_embeddings,
# while Hugging Face's ``model.get_input_embeddings()`` (no argument: another protocol's method of the same
# name) is still called by name upstream: only a call the fork's method could take consults it.
VBASE = "vllm/model_executor/models/interfaces_base.py"
VBASE_BEFORE = """class VllmModel:
    def embed_input_ids(self, input_ids):
        if hasattr(self, "get_input_embeddings"):
            return self.get_input_embeddings(input_ids)
"""
VBASE_AFTER = """class VllmModel:
    def embed_input_ids(self, input_ids):
        ...
"""
HF_CALLER = "vllm/model_executor/models/hf_backend.py"
VHEADER = "from vllm.model_executor.models.interfaces_base import VllmModel\n\n\n"


def _hf_sides(git_repo: GitRepo, body: str, caller: str) -> object:
    base = {"vllm/__init__.py": "", VBASE: VBASE_BEFORE, HF_CALLER: caller}
    return three_way(git_repo, base, {MODEL: VHEADER + body}, {VBASE: VBASE_AFTER})


@pytest.mark.parametrize(
    "caller",
    [
        "def table(model):\n    return model.get_input_embeddings()\n",
        "def table(model):\n    return model.get_input_embeddings(ids, extra, more)\n",
        "def table(model):\n    return model.get_input_embeddings(ids, attn_metadata=None)\n",
    ],
    ids=["no argument", "too many", "an unknown keyword"],
)
def test_a_fallback_hook_called_by_name_only_in_another_shape(git_repo: GitRepo, no_rules: Path, caller: str) -> None:
    body = "class AeonTinyLM(VllmModel):\n    def get_input_embeddings(self, input_ids):\n        return input_ids\n"
    [(line, message)] = errors(git_repo, no_rules, _hf_sides(git_repo, body, caller), MODEL)
    assert line == line_of(VHEADER + body, "def get_input_embeddings")
    assert "nothing consults the fork's get_input_embeddings" in message


@pytest.mark.parametrize(
    ("sig", "caller"),
    [
        ("self", "def table(model):\n    return model.get_input_embeddings()\n"),
        ("self, input_ids", "def table(model):\n    return model.get_input_embeddings(ids)\n"),
        ("self, input_ids", "def table(model):\n    return model.get_input_embeddings(input_ids=ids)\n"),
        ("self, input_ids", "def table(model):\n    return model.get_input_embeddings(*args)\n"),
        ("self, *args", "def table(model):\n    return model.get_input_embeddings(a, b, c)\n"),
        ("self, input_ids", "def table(model):\n    return model.get_input_embeddings(\n        ids\n    )\n"),
    ],
    ids=["no argument both", "one positional", "by keyword", "a spread", "varargs", "not closed on the line"],
)
def test_fallback_called_by_name_in_a_shape_it_takes_stays_quiet(
    git_repo: GitRepo, no_rules: Path, sig: str, caller: str
) -> None:
    body = f"class AeonTinyLM(VllmModel):\n    def get_input_embeddings({sig}):\n        return None\n"
    assert errors(git_repo, no_rules, _hf_sides(git_repo, body, caller), MODEL) == []


# -- #24278 (9a4600e4dc): the logits processors' AddedRequest tuples' prompt ids made Optional ------------
LPI = "vllm/v1/sample/logits_processor/interface.py"
LPI_BASE = """from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional

AddedRequest = tuple[int, str, list[int], list[int]]


@dataclass(frozen=True)
class BatchUpdate:
    batch_size: int
    removed: Sequence[int]
    added: Sequence[AddedRequest]
"""
LPI_AFTER = LPI_BASE.replace("tuple[int, str, list[int], list[int]]", "tuple[int, str, Optional[list[int]], list[int]]")
LP_PKG = "vllm/v1/sample/logits_processor/__init__.py"
LP_FORK = "vllm/aeon/procs.py"
LP_HEADER = (
    "from typing import Optional\n\nfrom vllm.v1.sample.logits_processor import BatchUpdate\n\n\n"
    "class AeonProcessor:\n    def update_state(self, batch_update: Optional[BatchUpdate]) -> None:\n"
    "        if not batch_update:\n            return\n"
)
LP_BASE_FILES = {
    "vllm/__init__.py": "",
    "vllm/v1/__init__.py": "",
    "vllm/v1/sample/__init__.py": "",
    LP_PKG: "from vllm.v1.sample.logits_processor.interface import BatchUpdate\n",
    LPI: LPI_BASE,
}


@pytest.mark.parametrize(
    ("loop", "needle"),
    [
        (
            "        for index, params, prompt_ids, output_ids in batch_update.added:\n"
            "            self.lens[index] = len(prompt_ids)\n",
            "len(prompt_ids)",
        ),
        (
            "        firsts = [ids[0] for _, _, ids, _ in batch_update.added]\n        self.firsts = firsts\n",
            "ids[0]",
        ),
        # killers46: the tuple kept whole, its element read by index
        (
            "        for added in batch_update.added:\n            self.lens[added[0]] = len(added[2])\n",
            "len(added[2])",
        ),
        ("        self.first = len(batch_update.added[0][2])\n", "len(batch_update"),
    ],
    ids=["len in a loop", "an index in a comprehension", "the tuple indexed in a loop", "the field indexed twice"],
)
def test_an_element_made_optional_used_as_a_value(git_repo: GitRepo, no_rules: Path, loop: str, needle: str) -> None:
    text = LP_HEADER + loop
    sides = three_way(git_repo, LP_BASE_FILES, {LP_FORK: text}, {LPI: LPI_AFTER})
    [(line, message)] = errors(git_repo, no_rules, sides, LP_FORK)
    assert line == line_of(text, needle)
    assert "element 2 of the AddedRequest tuples in BatchUpdate.added" in message
    assert "Optional[list[int]] (was list[int])" in message


@pytest.mark.parametrize(
    "loop",
    [
        "        for index, params, prompt_ids, output_ids in batch_update.added:\n"
        "            self.lens[index] = len(output_ids)\n",
        "        for index, params, prompt_ids, output_ids in batch_update.added:\n"
        "            self.lens[index] = len(prompt_ids) if prompt_ids is not None else 0\n",
        "        for index, params, prompt_ids, output_ids in batch_update.added:\n"
        "            self.lens[index] = len(prompt_ids or [])\n",
        "        for index, params, prompt_ids, output_ids in self.other.added:\n"
        "            self.lens[index] = len(prompt_ids)\n",
        "        for added in batch_update.added:\n            self.lens[added[0]] = len(added[3])\n",
        "        for added in batch_update.added:\n"
        "            self.lens[added[0]] = len(added[2]) if added[2] is not None else 0\n",
    ],
    ids=["another element", "tested for None", "or []", "an untyped receiver", "another index", "an index tested"],
)
def test_optional_element_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, loop: str) -> None:
    sides = three_way(git_repo, LP_BASE_FILES, {LP_FORK: LP_HEADER + loop}, {LPI: LPI_AFTER})
    assert errors(git_repo, no_rules, sides, LP_FORK) == []


# -- #24278 (9a4600e4dc) too: NewRequestData.prompt_token_ids made Optional (a request sent as embeddings)
SCHED = "vllm/v1/core/sched/output.py"
SCHED_BASE = """from dataclasses import dataclass
from typing import Optional


@dataclass
class NewRequestData:
    req_id: str
    prompt_token_ids: list[int]
    num_computed_tokens: int
"""
SCHED_AFTER = SCHED_BASE.replace("    prompt_token_ids: list[int]\n", "    prompt_token_ids: Optional[list[int]]\n")
SCHED_FILES = {"vllm/__init__.py": "", "vllm/v1/__init__.py": "", SCHED: SCHED_BASE}
RUNNER = "vllm/aeon/runner.py"
RUNNER_HEADER = "from vllm.v1.core.sched.output import NewRequestData\n\n\n"


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("def aeon_prompt_len(req: NewRequestData) -> int:\n    return len(req.prompt_token_ids)\n", "return len("),
        ("def aeon_first(req: NewRequestData) -> int:\n    return req.prompt_token_ids[0]\n", "[0]"),
        (
            "def aeon_total(reqs: list[NewRequestData]) -> int:\n    total = 0\n    for req in reqs:\n"
            "        total += 1\n    return total\n\n\ndef aeon_ids(req: NewRequestData) -> list[int]:\n"
            "    return [t + 1 for t in req.prompt_token_ids]\n",
            "for t in req.prompt_token_ids",
        ),
    ],
    ids=["len", "an index", "a comprehension over it"],
)
def test_a_field_made_optional_used_as_a_value(git_repo: GitRepo, no_rules: Path, body: str, needle: str) -> None:
    text = RUNNER_HEADER + body
    sides = three_way(git_repo, SCHED_FILES, {RUNNER: text}, {SCHED: SCHED_AFTER})
    [(line, message)] = errors(git_repo, no_rules, sides, RUNNER)
    assert line == line_of(text, needle)
    assert "upstream made NewRequestData.prompt_token_ids Optional[list[int]] (was list[int])" in message


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_prompt_len(req: NewRequestData) -> int:\n"
        "    return len(req.prompt_token_ids) if req.prompt_token_ids is not None else 0\n",
        "def aeon_prompt_len(req: NewRequestData) -> int:\n    return len(req.prompt_token_ids or [])\n",
        "def aeon_prompt_len(req: NewRequestData) -> int:\n    assert req.prompt_token_ids\n"
        "    return len(req.prompt_token_ids)\n",
        "def aeon_computed(req: NewRequestData) -> int:\n    return req.num_computed_tokens + len(req.req_id)\n",
        "def aeon_prompt_len(req) -> int:\n    return len(req.prompt_token_ids)\n",
        "def aeon_ids(req: NewRequestData) -> list[int] | None:\n    return req.prompt_token_ids\n",
    ],
    ids=["tested for None", "or []", "asserted", "another field", "an untyped receiver", "handed on"],
)
def test_optional_field_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    sides = three_way(git_repo, SCHED_FILES, {RUNNER: RUNNER_HEADER + body}, {SCHED: SCHED_AFTER})
    assert errors(git_repo, no_rules, sides, RUNNER) == []


# killers173: a property answering ``int`` made an ``Optional[int] = None`` field (#15977 undid
# ``ParallelConfig.data_parallel_rank_local``'s property, which fell back to the global rank)
PAR = "vllm/config/parallel.py"
PAR_BASE = """from dataclasses import dataclass, field
from typing import Optional


@dataclass
class ParCfg:
    rank: int = 0
    size: int = 1
    _rank_local: Optional[int] = field(default=None, init=False)

    @property
    def rank_local(self) -> int:
        if self._rank_local is None:
            return self.rank
        return self._rank_local

    @rank_local.setter
    def rank_local(self, value: int) -> None:
        self._rank_local = value

    @property
    def world(self) -> int:
        return self.size * 2

    @property
    def filled(self) -> int:
        return self.rank
"""
PAR_AFTER = (
    PAR_BASE.replace(
        "    _rank_local: Optional[int] = field(default=None, init=False)\n",
        "    rank_local: Optional[int] = None\n    filled: Optional[int] = None\n",
    )
    .replace(
        "    @property\n    def rank_local(self) -> int:\n        if self._rank_local is None:\n"
        "            return self.rank\n        return self._rank_local\n\n"
        "    @rank_local.setter\n    def rank_local(self, value: int) -> None:\n        self._rank_local = value\n\n",
        "",
    )
    .replace(
        "    @property\n    def filled(self) -> int:\n        return self.rank\n",
        "    def __post_init__(self) -> None:\n        self.filled = self.rank\n",
    )
)
PAR_FILES = {"vllm/__init__.py": "", "vllm/config/__init__.py": "", PAR: PAR_BASE}
PAR_HEADER = "from vllm.config.parallel import ParCfg\n\n\n"


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("def aeon_device(cfg: ParCfg) -> int:\n    return cfg.rank_local % 4\n", "return cfg.rank_local"),
        ("def aeon_ranks(cfg: ParCfg) -> list[int]:\n    return list(range(cfg.rank_local))\n", "return list("),
        ("def aeon_first(cfg: ParCfg) -> bool:\n    return cfg.rank_local < 2\n", "return cfg.rank_local"),
    ],
    ids=["arithmetic", "range()", "an order"],
)
def test_a_property_made_an_optional_field_used_as_a_value(
    git_repo: GitRepo, no_rules: Path, body: str, needle: str
) -> None:
    text = PAR_HEADER + body
    sides = three_way(git_repo, PAR_FILES, {RUNNER: text}, {PAR: PAR_AFTER})
    [(line, message)] = errors(git_repo, no_rules, sides, RUNNER)
    assert line == line_of(text, needle)
    assert "upstream made ParCfg.rank_local Optional[int] (was int)" in message


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_device(cfg: ParCfg) -> int:\n    if cfg.rank_local is None:\n        return 0\n"
        "    return cfg.rank_local % 4\n",
        "def aeon_device(cfg: ParCfg) -> int:\n    return (cfg.rank_local or cfg.rank) % 4\n",
        "def aeon_local(cfg: ParCfg) -> int | None:\n    return cfg.rank_local\n",
        "def aeon_world(cfg: ParCfg) -> int:\n    return cfg.world % 4\n",
        "def aeon_filled(cfg: ParCfg) -> int:\n    return cfg.filled % 4\n",
        "def aeon_set(cfg: ParCfg) -> None:\n    cfg.rank_local = 3\n",
    ],
    ids=["tested for None", "or a fallback", "handed on", "a property kept", "a field __post_init__ fills", "a store"],
)
def test_a_property_made_an_optional_field_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    sides = three_way(git_repo, PAR_FILES, {RUNNER: PAR_HEADER + body}, {PAR: PAR_AFTER})
    assert errors(git_repo, no_rules, sides, RUNNER) == []


# a method's return made Optional, read the same way (``len(req.get_ids())``)
REQ = "vllm/v1/request.py"
REQ_BASE = """from typing import Optional


class Request:
    def __init__(self, ids: list[int]) -> None:
        self._ids = ids

    def get_ids(self) -> list[int]:
        return self._ids
"""
REQ_AFTER = REQ_BASE.replace("def get_ids(self) -> list[int]:", "def get_ids(self) -> Optional[list[int]]:")
REQ_FILES = {"vllm/__init__.py": "", "vllm/v1/__init__.py": "", REQ: REQ_BASE}
REQ_HEADER = "from vllm.v1.request import Request\n\n\n"


@pytest.mark.parametrize(
    ("body", "quiet"),
    [
        ("def aeon_len(req: Request) -> int:\n    return len(req.get_ids())\n", False),
        (
            "def aeon_len(req: Request) -> int:\n    return len(req.get_ids()) if req.get_ids() is not None else 0\n",
            True,
        ),
        ("def aeon_len(req: Request) -> int:\n    ids = req.get_ids()\n    return len(ids) if ids else 0\n", True),
        ("def aeon_ids(req: Request) -> list[int] | None:\n    return req.get_ids()\n", True),
    ],
    ids=["len of the call", "tested", "bound and tested", "handed on"],
)
def test_a_return_made_optional(git_repo: GitRepo, no_rules: Path, body: str, quiet: bool) -> None:
    text = REQ_HEADER + body
    sides = three_way(git_repo, REQ_FILES, {FORK: text}, {REQ: REQ_AFTER})
    found = errors(git_repo, no_rules, sides, FORK)
    if quiet:
        assert found == []
    else:
        [(line, message)] = found
        assert line == line_of(text, "return len(")
        assert "upstream made Request.get_ids() return Optional[list[int]] (was list[int])" in message
