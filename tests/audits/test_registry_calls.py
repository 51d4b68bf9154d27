"""Registry call drift: upstream now calls what its registry holds with a new keyword; a fork callable
registered there does not take it.

vLLM #18925 (b712be98c7) made ``EventPublisherFactory.create`` call each constructor it reads out of
``cls._registry`` (filled by ``register_publisher(name, ctor)``) as ``constructor(data_parallel_rank=...,
**config_dict)``; a fork publisher registered with an ``__init__`` of the config's fields merges cleanly and
raises TypeError when the engine builds it.  A callable taking the keyword or ``**kwargs``, a class inheriting its
constructor, a registration under a signature test, a registry of another module and calls that passed the
keyword already stay quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": ""}
EVENTS = "vllm/kv_events.py"
USE = "vllm/aeon_pub.py"
FACTORY_BASE = (
    "from collections.abc import Callable\n\n\n"
    "class EventPublisher:\n    def publish(self, events) -> None:\n        raise NotImplementedError\n\n\n"
    "class EventPublisherFactory:\n    _registry: dict[str, Callable[..., EventPublisher]] = {}\n\n"
    "    @classmethod\n    def register_publisher(cls, name: str, ctor: Callable[..., EventPublisher]) -> None:\n"
    "        if name in cls._registry:\n            raise KeyError(name)\n        cls._registry[name] = ctor\n\n"
    "    @classmethod\n    def create(cls, config: dict) -> EventPublisher:\n"
    "        config = dict(config)\n        kind = config.pop('publisher')\n"
    "        constructor = cls._registry[kind]\n        return constructor(**config)\n"
)
FACTORY_THEIRS = FACTORY_BASE.replace(
    "def create(cls, config: dict) -> EventPublisher:",
    "def create(cls, config: dict, data_parallel_rank: int = 0) -> EventPublisher:",
).replace("return constructor(**config)", "return constructor(data_parallel_rank=data_parallel_rank, **config)")
IMPORT = "from vllm.kv_events import EventPublisher, EventPublisherFactory\n\n\n"
REGISTER = "\n\nEventPublisherFactory.register_publisher('aeon_log', AeonLogPublisher)\n"

PLAIN = (
    IMPORT
    + "class AeonLogPublisher(EventPublisher):\n    def __init__(self, endpoint: str = '', topic: str = '') -> None:\n"
    "        self.topic = topic\n" + REGISTER
)
BY_KEYWORD = PLAIN.replace(
    "register_publisher('aeon_log', AeonLogPublisher)", "register_publisher('aeon_log', ctor=AeonLogPublisher)"
)
FUNCTION = (
    IMPORT + "def make_aeon_publisher(endpoint: str = '', topic: str = '') -> EventPublisher:\n"
    "    return EventPublisher()\n\n\nEventPublisherFactory.register_publisher('aeon_log', make_aeon_publisher)\n"
)

KWARGS = PLAIN.replace("topic: str = '') -> None:", "topic: str = '', **kwargs) -> None:")
TAKES_IT = PLAIN.replace("topic: str = '') -> None:", "topic: str = '', data_parallel_rank: int = 0) -> None:")
INHERITED = IMPORT + "class AeonLogPublisher(EventPublisher):\n    level = 'debug'\n" + REGISTER
CHECKED = (
    "import inspect\n\n" + IMPORT + "class AeonLogPublisher(EventPublisher):\n"
    "    def __init__(self, endpoint: str = '', topic: str = '') -> None:\n        self.topic = topic\n\n\n"
    "if 'data_parallel_rank' in inspect.signature(EventPublisherFactory.create).parameters:\n"
    "    pass\nelse:\n    EventPublisherFactory.register_publisher('aeon_log', AeonLogPublisher)\n"
)
OTHER_REGISTRY = PLAIN.replace(
    "from vllm.kv_events import EventPublisher, EventPublisherFactory\n",
    "from vllm.kv_events import EventPublisher\nfrom vllm.aeon_registry import EventPublisherFactory\n",
)
OWN_REGISTRY = {"vllm/aeon_registry.py": FACTORY_BASE}


def _registry(
    git_repo: GitRepo, tmp_path: Path, fork: str, base: str = FACTORY_BASE, theirs: str = FACTORY_THEIRS
) -> list:
    sides = three_way(git_repo, {EVENTS: base, **PACKAGES}, {USE: fork, **OWN_REGISTRY}, {EVENTS: theirs})
    return [f for f in found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) if f[0] == USE]


@pytest.mark.parametrize(
    ("fork", "needle"),
    [(PLAIN, "def __init__"), (BY_KEYWORD, "def __init__"), (FUNCTION, "def make_aeon_publisher")],
    ids=["a-class-by-position", "a-class-by-keyword", "a-function"],
)
def test_a_registered_callable_lacking_the_new_keyword_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _registry(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [KWARGS, TAKES_IT, INHERITED, CHECKED, OTHER_REGISTRY],
    ids=["kwargs", "takes-the-keyword", "an-inherited-constructor", "a-signature-test", "another-modules-registry"],
)
def test_callables_that_take_it_or_are_not_upstreams_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _registry(git_repo, tmp_path, fork) == []


def test_a_keyword_the_calls_passed_already_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    base = FACTORY_THEIRS.replace(
        "return constructor(data_parallel_rank", "return constructor(rank=0, data_parallel_rank"
    )
    theirs = base.replace("rank=0, ", "")
    assert _registry(git_repo, tmp_path, PLAIN, base, theirs) == []


def test_a_decorator_registration_is_read_too(git_repo: GitRepo, tmp_path: Path) -> None:
    base = (
        "_BACKENDS = {}\n\n\ndef register_backend(name):\n    def wrap(fn):\n        _BACKENDS[name] = fn\n"
        "        return fn\n\n    return wrap\n\n\n"
        "def run(name, x):\n    fn = _BACKENDS.get(name)\n    return fn(x)\n"
    )
    theirs = base.replace("def run(name, x):", "def run(name, x, stream=None):").replace(
        "return fn(x)", "return fn(x, stream=stream)"
    )
    fork = (
        "from vllm.kv_events import register_backend\n\n\n"
        "@register_backend('aeon')\ndef aeon_backend(x):\n    return x\n"
    )
    sides = three_way(git_repo, {EVENTS: base, **PACKAGES}, {USE: fork}, {EVENTS: theirs})
    assert found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) == [(USE, line_of(fork, "def aeon_backend"), "error")]


def test_a_call_still_leaving_the_keyword_out_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = FACTORY_THEIRS.replace(
        "        return constructor(data_parallel_rank=data_parallel_rank, **config)\n",
        "        if data_parallel_rank:\n            return constructor(data_parallel_rank=data_parallel_rank, **config)\n"
        "        return constructor(**config)\n",
    )
    assert _registry(git_repo, tmp_path, PLAIN, FACTORY_BASE, theirs) == []


LOADERS_BASE = (
    "_LOADERS = {}\n\n\ndef register_loader(name, fn):\n    _LOADERS[name] = fn\n\n\n"
    "def load(name, path):\n    loader = _LOADERS[name]\n    return loader(path)\n"
)
LOADERS_THEIRS = LOADERS_BASE.replace("def load(name, path):", "def load(name, path, device='cpu'):").replace(
    "return loader(path)", "return loader(path, device=device)"
)
LOADER = (
    "from vllm import kv_events\n\n\ndef aeon_loader(path):\n    return open(path).read()\n\n\n"
    "kv_events.register_loader('aeon', aeon_loader)\n"
)


@pytest.mark.parametrize(
    ("fork", "errors"),
    [(LOADER, 1), (LOADER.replace("def aeon_loader(path):", "def aeon_loader(path, device='cpu'):"), 0)],
    ids=["lacking-it", "taking-it"],
)
def test_a_module_level_registration_read_off_its_module(
    git_repo: GitRepo, tmp_path: Path, fork: str, errors: int
) -> None:
    sides = three_way(git_repo, {EVENTS: LOADERS_BASE, **PACKAGES}, {USE: fork}, {EVENTS: LOADERS_THEIRS})
    expected = [(USE, line_of(fork, "def aeon_loader"), "error")] * errors
    assert found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) == expected


REWRAPPED = (
    "import functools\n\n" + IMPORT + "def rank_blind(cls):\n    init = cls.__init__\n\n"
    "    @functools.wraps(init)\n    def wrapped(self, *args, data_parallel_rank: int = 0, **kwargs):\n"
    "        init(self, *args, **kwargs)\n\n    cls.__init__ = wrapped\n    return cls\n\n\n@rank_blind\n"
    + PLAIN.removeprefix(IMPORT)
)
EXITS_FIRST = (
    "import inspect\n\n" + IMPORT + "class AeonLogPublisher(EventPublisher):\n"
    "    def __init__(self, endpoint: str = '', topic: str = '') -> None:\n        self.topic = topic\n\n\n"
    "def register() -> None:\n"
    "    if 'data_parallel_rank' in inspect.signature(EventPublisherFactory.create).parameters:\n        return\n"
    "    EventPublisherFactory.register_publisher('aeon_log', AeonLogPublisher)\n"
)
DATACLASS = (
    "from dataclasses import dataclass\n\n"
    + IMPORT
    + "@dataclass\n"
    + PLAIN.removeprefix(IMPORT).replace(
        "        self.topic = topic\n", "        self.topic = topic\n\n    level: str = 'debug'\n"
    )
)


@pytest.mark.parametrize("fork", [REWRAPPED, EXITS_FIRST], ids=["a-rewrapping-decorator", "an-exiting-signature-test"])
def test_a_rewrapped_constructor_or_a_gated_registration_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    """A fork class decorator may replace the constructor with one taking the keyword, and a registration after
    ``if <signature names it>: return`` runs only on the old side (review26's false errors on #18925)."""
    assert _registry(git_repo, tmp_path, fork) == []


def test_a_dataclass_keeping_its_written_init_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _registry(git_repo, tmp_path, DATACLASS) == [(USE, line_of(DATACLASS, "def __init__"), "error")]


METACLASS = (
    "from abc import ABCMeta\n\n" + IMPORT + "class RankBlind(ABCMeta):\n"
    "    def __call__(cls, *args, data_parallel_rank: int = 0, **kwargs):\n"
    "        return super().__call__(*args, **kwargs)\n\n\n"
    + PLAIN.removeprefix(IMPORT).replace("(EventPublisher):", "(EventPublisher, metaclass=RankBlind):")
)
ABC_METACLASS = (
    "from abc import ABCMeta\n\n"
    + IMPORT
    + PLAIN.removeprefix(IMPORT).replace("(EventPublisher):", "(EventPublisher, metaclass=ABCMeta):")
)
REPLACED_INIT = PLAIN.replace(
    REGISTER,
    "\n\ndef _init(self, endpoint: str = '', topic: str = '', data_parallel_rank: int = 0) -> None:\n"
    "    self.topic = topic\n\n\nAeonLogPublisher.__init__ = _init\n" + REGISTER,
)


@pytest.mark.parametrize("fork", [METACLASS, REPLACED_INIT], ids=["a-forks-metaclass", "a-replaced-init"])
def test_a_constructor_the_fork_routes_elsewhere_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    """A fork metaclass's ``__call__``, or a shim stored as ``C.__init__`` after the class, takes the keyword
    before (or instead of) the ``__init__`` the class body wrote (review26's round 2 on #18925)."""
    assert _registry(git_repo, tmp_path, fork) == []


def test_an_abcmeta_class_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _registry(git_repo, tmp_path, ABC_METACLASS) == [(USE, line_of(ABC_METACLASS, "def __init__"), "error")]


# mend46: a registered class writing no ``__init__`` is judged by the one it inherits along its bases in the tree
BASE_CLASS = (
    "class AeonBasePublisher(EventPublisher):\n    def __init__(self, endpoint: str = '', topic: str = '') -> None:\n"
    "        self.topic = topic\n\n\n"
)
CHILD = "class AeonLogPublisher(AeonBasePublisher):\n    level = 'debug'\n" + REGISTER
INHERITS_LOCAL = IMPORT + BASE_CLASS + CHILD
INHERITS_TWICE = (
    IMPORT
    + BASE_CLASS
    + ("class AeonMiddle(AeonBasePublisher):\n    pass\n\n\n")
    + CHILD.replace("(AeonBasePublisher)", "(AeonMiddle)")
)
BASE_FILE = "vllm/aeon_base_pub.py"
INHERITS_IMPORTED = (
    "from vllm import aeon_base_pub\nfrom vllm.kv_events import EventPublisherFactory\n\n\n"
    + CHILD.replace("(AeonBasePublisher)", "(aeon_base_pub.AeonBasePublisher)")
)
BASE_KWARGS = BASE_CLASS.replace("topic: str = '') -> None:", "topic: str = '', **kwargs) -> None:")
BASE_NEW = BASE_CLASS.replace(
    "        self.topic = topic\n",
    "        self.topic = topic\n\n    def __new__(cls, *args, **kwargs):\n        return super().__new__(cls)\n",
)
BASE_DATACLASS = "from dataclasses import dataclass\n\n\n@dataclass\nclass AeonBasePublisher(EventPublisher):\n"
BASE_DATACLASS += "    endpoint: str = ''\n\n\n"
TWO_BASES = (
    IMPORT
    + BASE_CLASS
    + "class AeonMixin:\n    pass\n\n\n"
    + CHILD.replace("(AeonBasePublisher)", "(AeonMixin, AeonBasePublisher)")
)
UPSTREAM_BASE = IMPORT.replace("EventPublisher, ", "EventPublisher, ZmqEventPublisher, ") + CHILD.replace(
    "(AeonBasePublisher)", "(ZmqEventPublisher)"
)
ZMQ = (
    "\n\nclass ZmqEventPublisher(EventPublisher):\n"
    "    def __init__(self, endpoint: str = '', topic: str = '') -> None:\n        self.topic = topic\n"
)
ZMQ_THEIRS = ZMQ.replace("topic: str = '') -> None:", "topic: str = '', data_parallel_rank: int = 0) -> None:")


def _inherited(git_repo: GitRepo, tmp_path: Path, fork: str, base_file: str | None = None) -> list:
    mine = {USE: fork, **({BASE_FILE: IMPORT + base_file} if base_file is not None else {})}
    sides = three_way(git_repo, {EVENTS: FACTORY_BASE + ZMQ, **PACKAGES}, mine, {EVENTS: FACTORY_THEIRS + ZMQ_THEIRS})
    return [f for f in found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT) if f[0] == USE]


@pytest.mark.parametrize(
    ("fork", "base_file"),
    [(INHERITS_LOCAL, None), (INHERITS_TWICE, None), (INHERITS_IMPORTED, BASE_CLASS)],
    ids=["a-base-of-the-file", "two-steps-up", "a-base-of-another-fork-file"],
)
def test_a_class_inheriting_a_constructor_lacking_the_keyword_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, base_file: str | None
) -> None:
    assert _inherited(git_repo, tmp_path, fork, base_file) == [(USE, line_of(fork, "class AeonLogPublisher"), "error")]


@pytest.mark.parametrize(
    ("fork", "base_file"),
    [
        (INHERITS_IMPORTED, BASE_KWARGS),
        (INHERITS_IMPORTED, BASE_NEW),
        (INHERITS_IMPORTED, BASE_DATACLASS),
        (TWO_BASES, None),
        (UPSTREAM_BASE, None),
    ],
    ids=["a-base-taking-kwargs", "a-base-with-new", "a-dataclass-base", "two-bases", "upstream-s-base-taking-it"],
)
def test_an_inherited_constructor_taking_it_or_unknown_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str, base_file: str | None
) -> None:
    assert _inherited(git_repo, tmp_path, fork, base_file) == []
