"""Drift on the surfaces of blind_replay_wire.py: the worker wrappers, the engine-core wire, the parsers.

- a method upstream moved from a class with a ``__getattr__`` down to one subclass (vLLM #35328 moved
  ``WorkerWrapperBase.execute_method`` to ``RayWorkerWrapper``): upstream still calls the name, on the
  subclass's instances; a fork object of the base or of another subclass reaches ``__getattr__``, which
  hands the name to the worker, which has no such method.
- a fork's msgspec Struct declared ``array_like=True`` that copies an upstream wire struct's fields by
  position (#17214 removed ``EngineCoreRequest.prompt``, #17045 inserted ``cache_salt`` before
  ``current_wave``): every field from the moved position on decodes its neighbour's value.
- a fork ``__init__`` override left behind when upstream gave its hierarchy's constructors a parameter in
  lockstep (#38029: ``ToolParser(tokenizer, tools)``, every parser changed alike, serving passes tools).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT, SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": ""}
USE = "vllm/aeon_use.py"

# --- #35328: a member moved down to a subclass, under a __getattr__
WRAPPER = "vllm/worker_base.py"
WRAPPER_BASE = (
    "class Worker:\n    def init_device(self) -> None:\n        pass\n\n\n"
    "class WorkerWrapperBase:\n"
    "    def __init__(self) -> None:\n        self.worker = Worker()\n\n"
    "    def execute_method(self, method: str, *args):\n        return getattr(self, method)(*args)\n\n"
    "    def init_device(self) -> None:\n        self.worker.init_device()\n\n"
    "    def __getattr__(self, attr: str):\n        return getattr(self.worker, attr)\n"
)
WRAPPER_THEIRS = WRAPPER_BASE.replace(
    "    def execute_method(self, method: str, *args):\n        return getattr(self, method)(*args)\n\n", ""
)
RAY = "vllm/ray_utils.py"
RAY_BASE = (
    "from vllm.worker_base import WorkerWrapperBase\n\n\n"
    "class RayWorkerWrapper(WorkerWrapperBase):\n    def setup(self) -> None:\n        pass\n\n\n"
    "def start(w: RayWorkerWrapper) -> None:\n    w.execute_method('init_device')\n"
)
RAY_THEIRS = RAY_BASE.replace(
    "    def setup(self) -> None:\n        pass\n",
    "    def setup(self) -> None:\n        pass\n\n"
    "    def execute_method(self, method: str, *args):\n        return getattr(self, method)(*args)\n",
)
UNRELATED_THEIRS = RAY_BASE + (
    "\n\nclass Launcher:\n    def execute_method(self, method: str, *args):\n        return None\n"
)
SUBCLASS = (
    "from vllm.worker_base import WorkerWrapperBase\n\n\n"
    "class Mine(WorkerWrapperBase):\n    def warm(self) -> None:\n        self.execute_method('init_device')\n"
)
TYPED = (
    "from vllm.worker_base import WorkerWrapperBase\n\n\n"
    "def warm(w: WorkerWrapperBase) -> None:\n    w.execute_method('init_device')\n"
)
RAY_SUBCLASS = (
    "from vllm.ray_utils import RayWorkerWrapper\n\n\n"
    "class MyRay(RayWorkerWrapper):\n    def warm(self) -> None:\n        self.execute_method('init_device')\n"
)


def _moved(git_repo: GitRepo, tmp_path: Path, fork: str, ray_theirs: str = RAY_THEIRS) -> list[tuple[str, int, str]]:
    base = {WRAPPER: WRAPPER_BASE, RAY: RAY_BASE, **PACKAGES}
    sides = three_way(git_repo, base, {USE: fork}, {WRAPPER: WRAPPER_THEIRS, RAY: ray_theirs})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


@pytest.mark.parametrize("fork", [SUBCLASS, TYPED], ids=["self-in-a-subclass", "typed-base"])
def test_a_method_moved_down_to_another_subclass_is_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _moved(git_repo, tmp_path, fork) == [(USE, line_of(fork, "execute_method"), "error")]


def test_a_call_on_the_subclass_it_moved_to_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _moved(git_repo, tmp_path, RAY_SUBCLASS) == []


def test_a_method_upstream_defines_only_in_an_unrelated_class_is_not_judged(git_repo: GitRepo, tmp_path: Path) -> None:
    # upstream still calls the name, and no subclass of the wrapper took it: __getattr__ may be what answers
    assert _moved(git_repo, tmp_path, SUBCLASS, UNRELATED_THEIRS) == []


# --- #17214 / #17045: a fork's positional mirror of an upstream array_like wire struct
WIRE = "vllm/engine.py"
WIRE_BASE = (
    "import msgspec\n\n\n"
    "class Request(msgspec.Struct, array_like=True, omit_defaults=True):\n"
    "    request_id: str\n    prompt: str | None\n    prompt_token_ids: list[int]\n"
    "    arrival_time: float\n    current_wave: int = 0\n"
)
REMOVED = WIRE_BASE.replace("    prompt: str | None\n", "")
INSERTED = WIRE_BASE.replace("    current_wave: int = 0\n", "    cache_salt: str | None\n    current_wave: int = 0\n")
MIRROR_HEAD = "import msgspec\n\n\nclass Probe(msgspec.Struct, array_like=True):\n"
MIRROR = MIRROR_HEAD + (
    "    request_id: str\n    prompt: str | None\n    prompt_token_ids: list[int]\n"
    "    arrival_time: float\n    current_wave: int = 0\n"
)
LEADING = MIRROR_HEAD + "    request_id: str\n    prompt: str | None\n    prompt_token_ids: list[int]\n"
BY_NAME = MIRROR.replace("msgspec.Struct, array_like=True", "msgspec.Struct")
TWO = MIRROR_HEAD + "    request_id: str\n    prompt: str | None\n"
OTHER = MIRROR_HEAD + "    request_id: str\n    text: str | None\n    prompt_token_ids: list[int]\n"


def _mirrored(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {WIRE: WIRE_BASE, **PACKAGES}, {USE: fork}, {WIRE: theirs})
    return found(audit(git_repo, sides, tmp_path), LAYOUT_DRIFT)


@pytest.mark.parametrize(
    ("theirs", "field"), [(REMOVED, "prompt: str"), (INSERTED, "current_wave")], ids=["removed", "inserted"]
)
def test_a_positional_mirror_of_a_struct_upstream_reshaped(
    git_repo: GitRepo, tmp_path: Path, theirs: str, field: str
) -> None:
    assert _mirrored(git_repo, tmp_path, MIRROR, theirs) == [(USE, line_of(MIRROR, field), "error")]


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [(LEADING, INSERTED), (BY_NAME, REMOVED), (TWO, REMOVED), (OTHER, REMOVED), (MIRROR, WIRE_BASE + "\n\nX = 1\n")],
    ids=["leading-fields-kept", "keyed-by-name", "two-fields", "not-a-mirror", "struct-unchanged"],
)
def test_mirror_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str) -> None:
    assert _mirrored(git_repo, tmp_path, fork, theirs) == []


# --- #38029: a constructor parameter upstream added to a hierarchy in lockstep
PARSERS = "vllm/parsers/base.py"
PARSERS_BASE = "class Parser:\n    def __init__(self, tokenizer: str):\n        self.tokenizer = tokenizer\n"
PARSERS_THEIRS = (
    "class Parser:\n    def __init__(self, tokenizer: str, tools: list | None = None):\n"
    "        self.tokenizer = tokenizer\n        self.tools = tools or []\n"
)
KINDS = "vllm/parsers/kinds.py"


def _kind(name: str, tools: bool) -> str:
    params, passed = (
        ("tokenizer: str, tools: list | None = None", "tokenizer, tools") if tools else ("tokenizer: str", "tokenizer")
    )
    return f"class {name}(Parser):\n    def __init__(self, {params}):\n        super().__init__({passed})\n"


KINDS_HEAD = "from vllm.parsers.base import Parser\n\n\n"
KINDS_BASE = KINDS_HEAD + "\n\n".join(_kind(n, False) for n in ("Hermes", "Llama", "Mistral"))
KINDS_THEIRS = KINDS_HEAD + "\n\n".join(_kind(n, True) for n in ("Hermes", "Llama", "Mistral"))
KINDS_ONE = KINDS_HEAD + "\n\n".join(_kind(n, n == "Hermes") for n in ("Hermes", "Llama", "Mistral"))
FORK_HEAD = "from vllm.parsers.kinds import Hermes\n\n\n"
FORK_INIT = (
    FORK_HEAD + "class Mine(Hermes):\n    def __init__(self, tokenizer: str):\n        super().__init__(tokenizer)\n"
)
FORK_TAKES = FORK_HEAD + (
    "class Mine(Hermes):\n    def __init__(self, tokenizer: str, tools: list | None = None):\n"
    "        super().__init__(tokenizer, tools)\n"
)
FORK_VAR = (
    FORK_HEAD
    + "class Mine(Hermes):\n    def __init__(self, tokenizer: str, *args):\n        super().__init__(tokenizer, *args)\n"
)

FORK_KW = FORK_HEAD + (
    "class Mine(Hermes):\n    def __init__(self, tokenizer: str, **kwargs):\n        super().__init__(tokenizer, **kwargs)\n"
)


SERVING = "vllm/parsers/serving.py"
SERVING_BASE = "def parse(parser_cls, tokenizer: str, tools: list):\n    return parser_cls(tokenizer)\n"
SERVING_KEYWORD = "def parse(parser_cls, tokenizer: str, tools: list):\n    return parser_cls(tokenizer, tools=tools)\n"


def _inits(
    git_repo: GitRepo, tmp_path: Path, fork: str, kinds: str, serving: str = SERVING_BASE
) -> list[tuple[str, int, str]]:
    base = {PARSERS: PARSERS_BASE, KINDS: KINDS_BASE, SERVING: SERVING_BASE, "vllm/parsers/__init__.py": ""}
    theirs = {PARSERS: PARSERS_THEIRS, KINDS: kinds, SERVING: serving}
    sides = three_way(git_repo, {**base, **PACKAGES}, {USE: fork}, theirs)
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


def test_an_init_left_behind_by_a_lockstep_change_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _inits(git_repo, tmp_path, FORK_INIT, KINDS_THEIRS) == [(USE, line_of(FORK_INIT, "def __init__"), "error")]


@pytest.mark.parametrize(
    ("fork", "kinds"),
    [(FORK_TAKES, KINDS_THEIRS), (FORK_VAR, KINDS_THEIRS), (FORK_INIT, KINDS_ONE)],
    ids=["takes-the-parameter", "star-args", "one-subclass-changed"],
)
def test_init_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str, kinds: str) -> None:
    assert _inits(git_repo, tmp_path, fork, kinds) == []


def test_an_init_taking_kwargs_left_behind_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    """#51446 gave ``ModelArchConfigConvertorBase.__init__`` a ``revision`` its caller passes by keyword: a fork
    override's ``**kwargs`` takes it; #38029's caller passes ``tools`` by position, which they do not."""
    got = _inits(git_repo, tmp_path, FORK_KW, KINDS_THEIRS, SERVING_KEYWORD)
    assert got == [(USE, line_of(FORK_KW, "def __init__"), "warning")]


def test_an_init_taking_kwargs_where_upstream_hands_the_parameter_through_a_dict_is_a_warning(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    serving = SERVING_BASE.replace(
        "    return parser_cls(tokenizer)", "    extra = {'tools': tools}\n    return parser_cls(tokenizer, **extra)"
    )
    got = _inits(git_repo, tmp_path, FORK_KW, KINDS_THEIRS, serving)
    assert got == [(USE, line_of(FORK_KW, "def __init__"), "warning")]


def test_an_init_taking_kwargs_where_upstream_passes_the_parameter_by_position_is_an_error(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    """review45: no line upstream added passes ``tools=`` (#38029's ``tool_parser_cls(tokenizer,
    request.tools)``): the construction hands it by position, which ``**kwargs`` refuses."""
    serving = SERVING_BASE.replace("parser_cls(tokenizer)", "parser_cls(tokenizer, tools)")
    got = _inits(git_repo, tmp_path, FORK_KW, KINDS_THEIRS, serving)
    assert got == [(USE, line_of(FORK_KW, "def __init__"), "error")]


# review45: a subclass the fork constructs itself and hands nowhere (never registered, passed or subclassed):
# upstream's generic construction never reaches it
FORK_BUILT = FORK_INIT + "\n\ndef aeon_parse(tokenizer: str) -> Mine:\n    return Mine(tokenizer)\n"
FORK_BUILT_AND_HANDED = FORK_BUILT + "\n\nPARSERS = {'mine': Mine}\n"
FORK_BUILT_DECORATED = FORK_HEAD + (
    "def register(cls):\n    return cls\n\n\n@register\nclass Mine(Hermes):\n"
    "    def __init__(self, tokenizer: str):\n        super().__init__(tokenizer)\n\n\n"
    "def aeon_parse(tokenizer: str) -> Mine:\n    return Mine(tokenizer)\n"
)


def test_an_init_of_a_class_the_fork_only_constructs_itself_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _inits(git_repo, tmp_path, FORK_BUILT, KINDS_THEIRS) == []


@pytest.mark.parametrize("fork", [FORK_BUILT_AND_HANDED, FORK_BUILT_DECORATED], ids=["registered", "decorated"])
def test_an_init_of_a_class_the_fork_also_hands_on_stays_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _inits(git_repo, tmp_path, fork, KINDS_THEIRS) == [(USE, line_of(fork, "def __init__"), "error")]
