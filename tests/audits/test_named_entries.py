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


def _drift(
    git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str, base_reg: str = REG_BASE
) -> list[tuple[str, int, str]]:
    base = {**PACKAGES, CONFIGS: CONFIGS_TEXT, REG: base_reg}
    sides = three_way(git_repo, base, {FORK: fork}, {REG: theirs})
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
