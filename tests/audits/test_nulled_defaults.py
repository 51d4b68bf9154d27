"""A class attribute's default upstream made None, computed with off the class (default drift).

Shaped like #14274 (cc10281498): ``EngineArgs.seed: int = 0`` became ``seed: Optional[int] = None``; a fork's
``AEON_CANARY_SEED = EngineArgs.seed + 1000`` reads the class's own default and raises TypeError on import.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ARGS = "vllm/engine/arg_utils.py"
ARGS_BASE = """from dataclasses import dataclass, field
from typing import Optional


@dataclass
class EngineArgs:
    model: str = "facebook/opt-125m"
    seed: int = 0
    max_model_len: int = field(default=2048)
    revision: Optional[str] = None
    dtype: str = "auto"
"""
NULLED = ARGS_BASE.replace("    seed: int = 0\n", "    seed: Optional[int] = None\n").replace(
    "field(default=2048)", "field(default=None)"
)
SUBJECT = "[Misc] Set default value of seed to None (#14274)"
FORK = "vllm/aeon/probe.py"
HEAD = "from vllm.engine.arg_utils import EngineArgs\n\n\n"


def errors(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = NULLED, extra: str = "") -> list:
    fork = {FORK: HEAD + body, **({"vllm/aeon/patch.py": extra} if extra else {})}
    sides = s.merge_case(
        git_repo, {ARGS: ARGS_BASE, "vllm/engine/__init__.py": ""}, fork, [(SUBJECT, {ARGS: upstream})]
    )
    found = s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT)
    return [r for r in found if r[0] == FORK and r[2] == "error"]


@pytest.mark.parametrize(
    ("body", "line", "how"),
    [
        ("AEON_CANARY_SEED = EngineArgs.seed + 1000\n", 4, "computes with EngineArgs.seed"),
        ("def aeon_window() -> int:\n    return min(EngineArgs.max_model_len, 4096)\n", 5, "passes"),
        ("from vllm.engine.arg_utils import EngineArgs as EA\n\nLIMIT = EA.max_model_len // 2\n", 6, "computes"),
    ],
    ids=["module constant", "min() in a function", "an alias, a field(default=)"],
)
def test_a_class_default_made_none_computed_with_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int, how: str
) -> None:
    [(_, found_line, _, message)] = errors(git_repo, no_rules, body)
    assert found_line == line
    assert how in message and "upstream made None" in message and "#14274" in message


@pytest.mark.parametrize(
    ("body", "upstream", "extra"),
    [
        # tested for None (an ``or`` fallback, an ``is None``)
        ("AEON_CANARY_SEED = (EngineArgs.seed or 0) + 1000\n", NULLED, ""),
        (
            "def aeon_seed() -> int:\n    if EngineArgs.seed is None:\n        return 0\n    return EngineArgs.seed + 1\n",
            NULLED,
            "",
        ),
        # handed on, not used as a value
        ("import random\n\nrandom.seed(EngineArgs.seed)\n", NULLED, ""),
        # read off an instance (type drift's) -- not the class
        ("def aeon_seed(args: EngineArgs) -> int:\n    return (args.seed or 0) + 1\n", NULLED, ""),
        # the default moved to another value, not None
        ("AEON_CANARY_SEED = EngineArgs.seed + 1000\n", ARGS_BASE.replace("seed: int = 0", "seed: int = 7"), ""),
        # an unchanged None default
        ("AEON_REV = EngineArgs.revision.upper()\n", NULLED, ""),
        # inside a try
        (
            "try:\n    AEON_CANARY_SEED = EngineArgs.seed + 1000\nexcept TypeError:\n    AEON_CANARY_SEED = 1000\n",
            NULLED,
            "",
        ),
        # the fork patches the default back
        ("AEON_CANARY_SEED = EngineArgs.seed + 1000\n", NULLED, HEAD + "EngineArgs.seed = 0\n"),
        # a class of the fork's own of the same name
        ("class EngineArgs:\n    seed = 0\n\n\nAEON_CANARY_SEED = EngineArgs.seed + 1000\n", NULLED, ""),
    ],
    ids=["or", "is None", "handed on", "instance", "another value", "None before", "try", "patched", "own class"],
)
def test_nulled_default_twins(git_repo: GitRepo, no_rules: Path, body: str, upstream: str, extra: str) -> None:
    assert errors(git_repo, no_rules, body, upstream, extra) == []


def test_a_same_named_class_from_another_package_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = "from other.args import EngineArgs as OA\n\nAEON_CANARY_SEED = OA.seed + 1000\n"
    assert errors(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # a fork subclass that inherits the default, read off the subclass or off ``cls`` in a classmethod
        ("class AeonArgs(EngineArgs):\n    pass\n\n\nAEON_CANARY_SEED = AeonArgs.seed + 1000\n", 8),
        (
            "class AeonArgs(EngineArgs):\n    @classmethod\n    def aeon_seed(cls) -> int:\n        return cls.seed + 1\n",
            7,
        ),
        # quiet: the subclass binds the attribute itself (in its body or, left alone, in a method); ``cls``
        # of a method that is no classmethod
        ("class AeonArgs(EngineArgs):\n    seed: int = 3\n\n\nAEON_CANARY_SEED = AeonArgs.seed + 1000\n", None),
        (
            "class AeonArgs(EngineArgs):\n    @staticmethod\n    def aeon_seed(cls) -> int:\n        return cls.seed + 1\n",
            None,
        ),
        (
            "class AeonArgs(EngineArgs):\n    def __post_init__(self) -> None:\n        self.seed = 0\n\n\n"
            "AEON_CANARY_SEED = AeonArgs.seed + 1000\n",
            None,
        ),
    ],
    ids=["subclass", "cls in a classmethod", "twin: rebound", "twin: staticmethod", "left: set in a method"],
)
def test_a_fork_subclass_inheriting_the_nulled_default(
    git_repo: GitRepo, no_rules: Path, body: str, line: int | None
) -> None:
    assert [r[1] for r in errors(git_repo, no_rules, body)] == ([line] if line else [])


def rows(git_repo: GitRepo, no_rules: Path, fork: dict[str, str], base: dict[str, str] | None = None, up=None) -> list:
    """(line, severity) of this class's findings on FORK, over any base and upstream (EngineArgs nulled)."""
    tree = {ARGS: ARGS_BASE, "vllm/engine/__init__.py": "", **(base or {})}
    sides = s.merge_case(git_repo, tree, fork, [(SUBJECT, up or {ARGS: NULLED})])
    found = s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT)
    return [(r[1], r[2]) for r in found if r[0] == FORK and "upstream made None" in r[3]]


SHIM = "from vllm.engine.arg_utils import EngineArgs as _Up\n\n\nclass EngineArgs(_Up):\n    seed: int = 0\n"
READ = "AEON_CANARY_SEED = EngineArgs.seed + 1000\n"
V0, V1 = "vllm/attention/flash_attn.py", "vllm/v1/attention/flash_attn.py"
BACKEND = "class FlashBackend:\n    block_align: int = 16\n"
BUDGET = "import enum\n\n\nclass Budget(enum.Enum):\n    tight = 1\n    loose = 2\n"


@pytest.mark.parametrize(
    ("fork", "base", "up"),
    [
        # fixBC: a same-named class of another upstream module (v0 / v1) than the one upstream changed
        (
            {FORK: "from vllm.attention.flash_attn import FlashBackend\n\nALIGN = FlashBackend.block_align * 2\n"},
            {V0: BACKEND, V1: BACKEND},
            {V1: BACKEND.replace("int = 16", "int | None = None")},
        ),
        # the fork's own shim of the same name, imported absolutely or relatively
        ({"vllm/aeon/args.py": SHIM, FORK: "from vllm.aeon.args import EngineArgs\n\n" + READ}, None, None),
        ({"vllm/aeon/args.py": SHIM, FORK: "from .args import EngineArgs\n\n" + READ}, None, None),
        # an Enum member made None is a member, never None
        (
            {FORK: "from vllm.budget import Budget\n\nAEON_NAME = Budget.tight.name\n"},
            {"vllm/budget.py": BUDGET},
            {"vllm/budget.py": BUDGET.replace("tight = 1", "tight = None")},
        ),
        # %-formatting takes None
        ({FORK: HEAD + 'AEON_BANNER = "seed=%s" % EngineArgs.seed\n'}, None, None),
        # the guard in the outer function, the read in the closure it returns past the test
        (
            {
                FORK: HEAD + "def aeon_seeder():\n    if EngineArgs.seed is None:\n        return None\n\n"
                "    def seeder(rank: int) -> int:\n        return EngineArgs.seed + rank\n\n    return seeder\n"
            },
            None,
            None,
        ),
        # the guard spelled with getattr
        (
            {
                FORK: HEAD + "def aeon_seed() -> int:\n    if getattr(EngineArgs, 'seed', None) is None:\n"
                "        return 0\n    return EngineArgs.seed + 1\n"
            },
            None,
            None,
        ),
        # an abstract fork base's classmethod: the subclass calling it binds the name
        (
            {
                FORK: HEAD + "class AeonBase(EngineArgs):\n    @classmethod\n    def canary(cls) -> int:\n"
                "        return cls.seed + 1000\n\n\nclass AeonArgs(AeonBase):\n    seed: int = 7\n"
            },
            None,
            None,
        ),
        # the fork patches defaults back in a loop
        (
            {
                FORK: HEAD + READ,
                "vllm/aeon/patch.py": HEAD + "for _k, _v in {'seed': 0}.items():\n    setattr(EngineArgs, _k, _v)\n",
            },
            None,
            None,
        ),
    ],
    ids=["v0 class", "shim", "shim relative", "enum", "%", "outer guard", "getattr guard", "cls", "loop"],
)
def test_fixbc_twins_are_quiet(git_repo: GitRepo, no_rules: Path, fork: dict, base: dict | None, up) -> None:
    assert rows(git_repo, no_rules, fork, base, up) == []


LAZY = "def __getattr__(name):\n    assert name == 'EngineArgs'\n"
BY_IMPORT = "from vllm.engine.arg_utils import EngineArgs\n"
ABSTRACT = "class AeonBase(EngineArgs):\n    pass\n\n\nclass AeonArgs(AeonBase):\n    seed: int = 7\n\n\n"


def test_fixbc_reads_resolved_to_upstreams_class_still_fire(tmp_path: Path, no_rules: Path) -> None:
    """One test (each case a merge): upstream's module imported relatively, a package re-exporting it by import
    (followed), a read off the abstract base itself, ``%`` with a number: errors; a package serving the name
    another way (a lazy ``__getattr__``): a warning."""
    package = "from vllm.engine import EngineArgs\n\n" + READ
    cases = [
        ({FORK: "from ..engine.arg_utils import EngineArgs\n\n" + READ}, None),
        ({FORK: package}, {"vllm/engine/__init__.py": BY_IMPORT}),
        ({FORK: HEAD + ABSTRACT + "AEON_CANARY = AeonBase.seed + 1\n"}, None),
        ({FORK: HEAD + "AEON_SHARD = 7 % EngineArgs.seed\n"}, None),
        ({FORK: package}, {"vllm/engine/__init__.py": LAZY}),
    ]
    found = [rows(GitRepo(tmp_path / f"repo{i}"), no_rules, *case) for i, case in enumerate(cases)]
    assert found == [[(3, "error")], [(3, "error")], [(12, "error")], [(4, "error")], [(3, "warning")]]


SHIMF = "vllm/aeon/args.py"
SHIM_FIRST = "try:\n    from vllm.aeon.args import EngineArgs\nexcept ImportError:\n"
TYPING_ONLY = "from typing import TYPE_CHECKING\n\nfrom vllm.aeon.args import EngineArgs\n\nif TYPE_CHECKING:\n"
CUSTOM_ENUM = "import enum\n\n\nclass _Base(str, enum.Enum):\n    pass\n\n\nclass Budget(_Base):\n    tight = 'a'\n"


@pytest.mark.parametrize(
    ("fork", "base", "up"),
    [
        # fixBH A: one name imported from two modules (a shim first, upstream's as a fallback or for typing only)
        ({SHIMF: SHIM, FORK: SHIM_FIRST + "    " + HEAD.strip() + "\n\n" + READ}, None, None),
        ({SHIMF: SHIM, FORK: TYPING_ONLY + "    " + HEAD.strip() + "\n\n" + READ}, None, None),
        # B: a star import of the shim after upstream's; a package serving its shim, upstream's kept ``as`` another
        ({SHIMF: SHIM, FORK: HEAD + "from vllm.aeon.args import *  # noqa: F403\n\n" + READ}, None, None),
        (
            {
                SHIMF: SHIM,
                "vllm/engine/__init__.py": "from .arg_utils import EngineArgs as UpstreamArgs\nfrom vllm.aeon.args import EngineArgs\n",
                FORK: "from vllm.engine import EngineArgs\n\n" + READ,
            },
            None,
            None,
        ),
        # C: the default patched back through a private alias
        (
            {
                FORK: HEAD + READ,
                "vllm/aeon/patch.py": "from vllm.engine.arg_utils import EngineArgs as _EA\n\n_EA.seed = 0\n",
            },
            None,
            None,
        ),
        # D: a module-level guard around the def, or an exiting one at the module's top
        (
            {
                FORK: HEAD
                + "if EngineArgs.seed is not None:\n    def aeon_seed() -> int:\n        return EngineArgs.seed + 1\n"
            },
            None,
            None,
        ),
        (
            {
                FORK: HEAD
                + "if EngineArgs.seed is None:\n    raise ImportError('seed')\n\n\ndef f() -> int:\n    return EngineArgs.seed + 1\n"
            },
            None,
            None,
        ),
        # E: an abstract fork base whose subclass binding the name lives in another fork module
        (
            {
                FORK: HEAD + "class AeonBase(EngineArgs):\n    @classmethod\n    def canary(cls) -> int:\n"
                "        return cls.seed + 1000\n",
                "vllm/aeon/impl.py": "from vllm.aeon.probe import AeonBase\n\n\nclass AeonArgs(AeonBase):\n    seed: int = 7\n",
            },
            None,
            None,
        ),
        # F: an Enum through the file's own base
        (
            {FORK: "from vllm.budget import Budget\n\nAEON_NAME = Budget.tight.name\n"},
            {"vllm/budget.py": CUSTOM_ENUM},
            {"vllm/budget.py": CUSTOM_ENUM.replace("tight = 'a'", "tight = None")},
        ),
    ],
    ids=[
        "try fallback",
        "TYPE_CHECKING",
        "star after",
        "pkg as",
        "private alias",
        "module if",
        "module raise",
        "cls elsewhere",
        "enum base",
    ],
)
def test_fixbh_twins_are_quiet(git_repo: GitRepo, no_rules: Path, fork: dict, base: dict | None, up) -> None:
    assert rows(git_repo, no_rules, fork, base, up) == []


def test_fixbh_ambiguous_reexport_warns_and_numeric_format_errs(tmp_path: Path, no_rules: Path) -> None:
    """A package binding the name by import and by assignment (``EngineArgs = _A``): which it serves is
    unknown, a warning; ``"%d" % EngineArgs.seed`` raises on None (``%s`` shows it): an error."""
    rebinding = BY_IMPORT + "from vllm.aeon.args import EngineArgs as _A\n\nEngineArgs = _A\n"
    cases = [
        (
            {SHIMF: SHIM, "vllm/engine/__init__.py": rebinding, FORK: "from vllm.engine import EngineArgs\n\n" + READ},
            None,
        ),
        ({FORK: HEAD + 'AEON = "seed=%d" % EngineArgs.seed\n'}, None),
        ({FORK: HEAD + 'AEON = "%s-%05d" % ("a", EngineArgs.seed)\n'}, None),
        ({FORK: HEAD + 'AEON = "%d-%s" % (1, EngineArgs.seed)\n'}, None),
    ]
    found = [rows(GitRepo(tmp_path / f"repo{i}"), no_rules, *case) for i, case in enumerate(cases)]
    assert found == [[(3, "warning")], [(4, "error")], [(4, "error")], []]


def test_fixbh_a_truth_test_around_the_def_guards(git_repo: GitRepo, no_rules: Path) -> None:
    body = "if EngineArgs.seed:\n    def aeon_seed() -> int:\n        return EngineArgs.seed + 1\n"
    assert rows(git_repo, no_rules, {FORK: HEAD + body}) == []


# -- a ClassVar an instance reads through the class (killers225, #20046: ``SupportsQuant.packed_modules_mapping``'s
# ``{}`` made ``None``; a fork's ``class Head(nn.Module, SupportsQuant)`` reads ``self.packed_modules_mapping.get``)
QUANT = "vllm/model_executor/models/interfaces.py"
QUANT_BASE = """from typing import ClassVar, Optional


class SupportsQuant:
    packed_modules_mapping: ClassVar[dict[str, list[str]]] = {}
    quant_config: Optional[object] = None

    def __new__(cls, *args, **kwargs):
        instance = super().__new__(cls)
        instance.quant_config = None
        return instance


class Stored:
    table: ClassVar[dict[str, int]] = {}

    def fill(self) -> None:
        self.table = {"a": 1}
"""
QUANT_NULLED = QUANT_BASE.replace(
    "ClassVar[dict[str, list[str]]] = {}", "ClassVar[Optional[dict[str, list[str]]]] = None"
)
QUANT_NULLED = QUANT_NULLED.replace(
    "table: ClassVar[dict[str, int]] = {}", "table: ClassVar[Optional[dict[str, int]]] = None"
)
QUANT_HEAD = "from torch import nn\n\nfrom vllm.model_executor.models.interfaces import Stored, SupportsQuant\n\n\n"


def quant_rows(git_repo: GitRepo, no_rules: Path, body: str) -> list:
    subject = "[Quant] [Bugfix] Fix quantization config matching with `hf_to_vllm_mapper` (#20046)"
    sides = s.merge_case(
        git_repo,
        {QUANT: QUANT_BASE, "vllm/model_executor/models/__init__.py": ""},
        {FORK: QUANT_HEAD + body},
        [(subject, {QUANT: QUANT_NULLED})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT) if r[0] == FORK]


@pytest.mark.parametrize(
    "body",
    [
        "class AeonHead(nn.Module, SupportsQuant):\n    def shards(self, name: str) -> list[str]:\n"
        "        return self.packed_modules_mapping.get(name, [name])\n",
        "class AeonHead(nn.Module, SupportsQuant):\n    def __init__(self) -> None:\n        super().__init__()\n"
        '        type(self).packed_modules_mapping.update({"fc": ["fc"]})\n',
        "class AeonHead(SupportsQuant):\n    def names(self) -> list[str]:\n        return list(self.packed_modules_mapping)\n",
    ],
    ids=["self after a library base", "type(self)", "self, the first base"],
)
def test_a_classvar_made_none_read_off_self_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(_, line, severity, message)] = quant_rows(git_repo, no_rules, body)
    assert (line, severity) == (QUANT_HEAD.count("\n") + body.count("\n"), "error")
    assert "SupportsQuant" in message and "packed_modules_mapping" in message and "#20046" in message


@pytest.mark.parametrize(
    "body",
    [
        # the fork's class declares its own
        'class AeonHead(nn.Module, SupportsQuant):\n    packed_modules_mapping = {"qkv": ["q", "k", "v"]}\n\n'
        "    def shards(self, name: str) -> list[str]:\n        return self.packed_modules_mapping.get(name, [name])\n",
        # tested for None
        "class AeonHead(nn.Module, SupportsQuant):\n    def shards(self, name: str) -> list[str]:\n"
        "        return (self.packed_modules_mapping or {}).get(name, [name])\n",
        # a method of the upstream class stores it on the instance: what the instance holds is not the default
        "class AeonTable(Stored):\n    def get(self, key: str) -> int:\n        return self.table.get(key, 0)\n",
        # an upstream (not library) base first: it may bind the name
        "from vllm.model_executor.models.interfaces import Stored as Other\n\n\n"
        "class AeonHead(Other, SupportsQuant):\n    def shards(self, name: str) -> list[str]:\n"
        "        return self.packed_modules_mapping.get(name, [name])\n",
        # a staticmethod's first parameter is no instance of the class
        "class AeonHead(nn.Module, SupportsQuant):\n    @staticmethod\n    def shards(self, name: str) -> list[str]:\n"
        "        return self.packed_modules_mapping.get(name, [name])\n",
    ],
    ids=["own mapping", "or {}", "stored by a method", "upstream base first", "staticmethod"],
)
def test_a_classvar_made_none_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert [r for r in quant_rows(git_repo, no_rules, body) if r[2] == "error"] == []


_READ = "    def shards(self, name: str) -> list[str]:\n        return self.packed_modules_mapping.get(name, [name])\n"


@pytest.mark.parametrize(
    ("body", "severity"),
    [
        (
            "def aeon_packed(mapping):\n    def install(cls):\n        cls.packed_modules_mapping = mapping\n"
            "        return cls\n\n    return install\n\n\n"
            '@aeon_packed({"fc": ["fc1", "fc2"]})\nclass AeonHead(nn.Module, SupportsQuant):\n' + _READ,
            "warning",
        ),
        ("from typing import final\n\n\n@final\nclass AeonHead(nn.Module, SupportsQuant):\n" + _READ, "error"),
        # the module's own decorator that stores nothing of the name
        (
            "_HEADS = []\n\n\ndef aeon_register(cls):\n    _HEADS.append(cls)\n    return cls\n\n\n"
            "@aeon_register\nclass AeonHead(nn.Module, SupportsQuant):\n" + _READ,
            "error",
        ),
    ],
    ids=["installing decorator", "inert decorator", "local decorator storing nothing"],
)
def test_a_classvar_made_none_off_a_decorated_fork_class(
    git_repo: GitRepo, no_rules: Path, body: str, severity: str
) -> None:
    """A decorator of the fork's class may install the mapping (review133): a warning, not an error; an inert
    decorator (``@final``) keeps the error."""
    assert [r[2] for r in quant_rows(git_repo, no_rules, body)] == [severity]
