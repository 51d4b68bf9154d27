"""A module table whose values upstream made names (#23651: ``_CONFIG_REGISTRY`` a ``LazyConfigDict`` of class names).

A class the fork writes into the table breaks the table's resolving ``__getitem__`` (an error); without a resolver
in the module, upstream's readers take names and the object may or may not do (a warning).  A walk of the raw
values reading an attribute a string lacks is an error.  A key read through ``T[key]``, a name written as a
string, a string's own method, a table whose values stayed objects and the fork's own table are quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/aeon/__init__.py": ""}
CONFIGS = "vllm/configs.py"
CONFIGS_TEXT = "class ChatConfig:\n    model_type = 'chat'\n\n\nclass FalconConfig:\n    model_type = 'falcon'\n"
REG = "vllm/config.py"
REG_BASE = (
    "from vllm.configs import ChatConfig, FalconConfig\n\n"
    "_REGISTRY: dict[str, type] = {\n    'chat': ChatConfig,\n    'falcon': FalconConfig,\n}\n"
)
LAZY = (
    "class LazyDict(dict):\n    def __getitem__(self, key):\n        import vllm.configs as configs\n\n"
    "        return getattr(configs, super().__getitem__(key))\n\n\n"
)
REG_LAZY = LAZY + "_REGISTRY: dict[str, type] = LazyDict(\n    chat='ChatConfig',\n    falcon='FalconConfig',\n)\n"
REG_PLAIN = "_REGISTRY: dict[str, type] = {\n    'chat': 'vllm.configs.ChatConfig',\n    'falcon': 'vllm.configs.FalconConfig',\n}\n"
REG_KEPT = REG_BASE + "\n\nX = 1\n"
FORK = "vllm/aeon/registry.py"
WRITE = (
    "from vllm import config as cfg\n\n\nclass AeonConfig:\n    model_type = 'aeon'\n\n\n"
    "cfg._REGISTRY['aeon'] = AeonConfig\n"
)
WALK = (
    "from vllm.config import _REGISTRY\n\n\n"
    "def aeon_types() -> set[str]:\n    return {cls.model_type for cls in _REGISTRY.values()}\n\n\n"
    "def aeon_pairs() -> list[str]:\n    out = []\n    for key, cls in _REGISTRY.items():\n"
    "        out.append(key + cls.model_type)\n    return out\n"
)
READ = "from vllm import config as cfg\n\n\ndef aeon_falcon():\n    return cfg._REGISTRY['falcon']\n"
NAMED = "from vllm import config as cfg\n\ncfg._REGISTRY['aeon'] = 'AeonConfig'\n"
STR_METHOD = (
    "from vllm.config import _REGISTRY\n\n\n"
    "def aeon_names() -> list[str]:\n    return [v.lower() for v in _REGISTRY.values()]\n"
)
NAMED_CONST = "from vllm import config as cfg\n\nAEON_NAME = 'AeonConfig'\ncfg._REGISTRY['aeon'] = AEON_NAME\n"
REG_CONSTS = (
    "CHAT = 'ChatConfig'\nFALCON = 'FalconConfig'\n\n_REGISTRY: dict[str, str] = {\n    'chat': CHAT,\n"
    "    'falcon': FALCON,\n}\n"
)
REG_INLINED = "CHAT = 'ChatConfig'\nFALCON = 'FalconConfig'\n\n" + REG_LAZY
OWN = (
    "class AeonConfig:\n    model_type = 'aeon'\n\n\n_REGISTRY = {'aeon': AeonConfig, 'b': AeonConfig}\n\n\n"
    "def aeon_types() -> set[str]:\n    return {cls.model_type for cls in _REGISTRY.values()}\n"
)


# review45: correct fork code shaped like the catches -- a name written through a value that holds a string,
# an object written only on the branch of a test telling the table's shapes apart, a walk that tells a
# value's kinds apart (or resolves it) before reading the class
AEON = "from vllm import config as cfg\n\n\nclass AeonConfig:\n    model_type = 'aeon'\n\n\n"
STR_PARAM = (
    AEON + "def aeon_register(model_type: str, class_name: str) -> None:\n    cfg._REGISTRY[model_type] = class_name\n"
)
LOOP_NAMES = (
    AEON + "_AEON = {'aeon': 'AeonConfig', 'aeon_vl': 'AeonVLConfig'}\n\n"
    "for _key, _name in _AEON.items():\n    cfg._REGISTRY[_key] = _name\n"
)
LOCAL_STR = (
    AEON + "def aeon_register(vision: bool) -> None:\n"
    "    name = 'AeonVLConfig' if vision else 'AeonConfig'\n    cfg._REGISTRY['aeon'] = name\n"
)
DUNDER = AEON + "cfg._REGISTRY[AeonConfig.model_type] = AeonConfig.__name__\n"
NAMES_MODULE = "vllm/aeon/names.py"
IMPORTED = (
    "from vllm import config as cfg\nfrom vllm.aeon.names import AEON_NAME\n\ncfg._REGISTRY['aeon'] = AEON_NAME\n"
)
RESOLVER_TESTED = (
    AEON + "if hasattr(cfg, 'LazyDict'):\n    cfg._REGISTRY['aeon'] = 'AeonConfig'\n"
    "else:\n    cfg._REGISTRY['aeon'] = AeonConfig\n"
)
KIND_TESTED = (
    AEON + "if type(cfg._REGISTRY) is dict:\n    cfg._REGISTRY['aeon'] = AeonConfig\n"
    "else:\n    cfg._REGISTRY['aeon'] = 'AeonConfig'\n"
)
WALK_RESOLVED = (
    "from vllm import configs\nfrom vllm.config import _REGISTRY\n\n\n"
    "def aeon_types() -> set[str]:\n    found = set()\n    for cls in _REGISTRY.values():\n"
    "        if isinstance(cls, str):\n            cls = getattr(configs, cls)\n"
    "        found.add(cls.model_type)\n    return found\n"
)
WALK_HASATTR = (
    "from vllm.config import _REGISTRY\n\n\n"
    "def aeon_types() -> list[str]:\n    return [c.model_type for c in _REGISTRY.values() if hasattr(c, 'model_type')]\n"
)
WALK_CAUGHT = (
    "from vllm.config import _REGISTRY\n\n\n"
    "def aeon_types() -> dict[str, str]:\n    found = {}\n    for key, cls in _REGISTRY.items():\n"
    "        try:\n            found[key] = cls.model_type\n        except AttributeError:\n"
    "            found[key] = _REGISTRY[key].model_type\n    return found\n"
)
OWN_NAMES_ENTRY = (
    "from vllm import config as cfg\n\n_AEON = {'aeon': 'AeonConfig', 'aeon_vl': 'AeonVLConfig'}\n\n\n"
    "def aeon_register(key: str) -> None:\n    cfg._REGISTRY[key] = _AEON[key]\n"
)
STR_MAKER = (
    "from vllm import config as cfg\n\n\ndef _aeon_name() -> str:\n    return 'AeonConfig'\n\n\n"
    "cfg._REGISTRY['aeon'] = _aeon_name()\n"
)
RAW_GET = "from vllm import config as cfg\n\ncfg._REGISTRY['aeon'] = cfg._REGISTRY.get('chat', 'ChatConfig')\n"
# ... and fork code that still breaks, shaped alike: the catches stay
RESOLVED_COPY = "from vllm import config as cfg\n\ncfg._REGISTRY['aeon'] = cfg._REGISTRY['chat']\n"
MEMBERSHIP_WRITE = AEON + "if 'aeon' not in cfg._REGISTRY:\n    cfg._REGISTRY['aeon'] = AeonConfig\n"
LOCAL_CLASS = AEON + "def aeon_register() -> None:\n    cls = AeonConfig\n    cfg._REGISTRY['aeon'] = cls\n"
WALK_NONE_TESTED = (
    "from vllm.config import _REGISTRY\n\n\n"
    "def aeon_types() -> list[str]:\n    return [c.model_type for c in _REGISTRY.values() if c is not None]\n"
)
WALK_KEY_CAUGHT = (
    "from vllm.config import _REGISTRY\n\n\n"
    "def aeon_types() -> list[str]:\n    found = []\n    for cls in _REGISTRY.values():\n"
    "        try:\n            found.append(cls.model_type)\n        except KeyError:\n            pass\n"
    "    return found\n"
)


def _drift(
    git_repo: GitRepo,
    tmp_path: Path,
    fork: str,
    theirs: str,
    base_reg: str = REG_BASE,
    also: dict[str, str] | None = None,
) -> list[tuple[str, int, str]]:
    base = {**PACKAGES, CONFIGS: CONFIGS_TEXT, REG: base_reg}
    sides = three_way(git_repo, base, {FORK: fork, **(also or {})}, {REG: theirs})
    return [f for f in found(audit(git_repo, sides, tmp_path), TYPE_DRIFT) if f[0] == FORK]


def test_an_object_written_into_a_resolving_table_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _drift(git_repo, tmp_path, WRITE, REG_LAZY) == [(FORK, line_of(WRITE, "cfg._REGISTRY["), "error")]


def test_an_object_written_into_a_table_of_names_without_a_resolver_is_a_warning(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    assert _drift(git_repo, tmp_path, WRITE, REG_PLAIN) == [(FORK, line_of(WRITE, "cfg._REGISTRY["), "warning")]


def test_an_attribute_read_off_the_walked_values_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    got = sorted(_drift(git_repo, tmp_path, WALK, REG_LAZY))
    assert got == [(FORK, line_of(WALK, "cls.model_type for"), "error"), (FORK, line_of(WALK, "out.append"), "error")]


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [
        (READ, REG_LAZY),
        (NAMED, REG_LAZY),
        (NAMED_CONST, REG_LAZY),
        (STR_METHOD, REG_LAZY),
        (WRITE, REG_KEPT),
        (WALK, REG_KEPT),
        (OWN, REG_LAZY),
    ],
    ids=[
        "key-read",
        "name-written",
        "name-constant-written",
        "str-method",
        "table-kept-write",
        "table-kept-walk",
        "own-table",
    ],
)
def test_named_entry_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str) -> None:
    assert _drift(git_repo, tmp_path, fork, theirs) == []


def test_constants_inlined_into_a_table_stay_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """The base's values were names bound to strings: upstream spelling them out changed nothing they hold."""
    assert _drift(git_repo, tmp_path, WRITE, REG_INLINED, base_reg=REG_CONSTS) == []


@pytest.mark.parametrize(
    "fork",
    [
        STR_PARAM,
        LOOP_NAMES,
        LOCAL_STR,
        DUNDER,
        RESOLVER_TESTED,
        KIND_TESTED,
        WALK_RESOLVED,
        WALK_HASATTR,
        WALK_CAUGHT,
        RAW_GET,
        OWN_NAMES_ENTRY,
        STR_MAKER,
    ],
    ids=[
        "str-parameter",
        "loop-over-own-names",
        "local-string",
        "class-dunder-name",
        "resolver-tested",
        "kind-tested",
        "walk-resolves-first",
        "walk-hasattr",
        "walk-caught",
        "raw-get",
        "own-names-entry",
        "str-function",
    ],
)
def test_fork_code_telling_names_from_classes_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    """review45: a value that holds a string, a write on the branch of a test of the table's shape, a walk
    telling a value's kinds apart: correct after the change, an error before the review."""
    assert _drift(git_repo, tmp_path, fork, REG_LAZY) == []


def test_a_string_constant_imported_from_a_fork_module_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    also = {NAMES_MODULE: "AEON_NAME = 'AeonConfig'\n"}
    assert _drift(git_repo, tmp_path, IMPORTED, REG_LAZY, also=also) == []


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (MEMBERSHIP_WRITE, "    cfg._REGISTRY["),
        (LOCAL_CLASS, "    cfg._REGISTRY["),
        (WALK_NONE_TESTED, "c.model_type for"),
        (WALK_KEY_CAUGHT, "found.append"),
        (RESOLVED_COPY, "cfg._REGISTRY['aeon']"),
    ],
    ids=[
        "membership-tested-write",
        "local-bound-to-the-class",
        "walk-tests-none",
        "walk-catches-keyerror",
        "resolved-copy",
    ],
)
def test_alike_fork_code_that_still_breaks_stays_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _drift(git_repo, tmp_path, fork, REG_LAZY) == [(FORK, line_of(fork, needle), "error")]
