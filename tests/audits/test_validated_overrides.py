"""Symbol drift: an override of a method upstream made a pydantic validator and stopped calling by name.

vLLM #19941 made ``CacheConfig._verify_args`` (and ``ParallelConfig``'s, ``SchedulerConfig``'s) a
``@model_validator(mode="after")`` and took ``self._verify_args()`` out of ``__post_init__``.  A pydantic
dataclass binds its validators' functions when its class is built, so an instance of a fork's plain subclass
runs the base's body, never the subclass's override: the fork's check merges cleanly and is dead
(blind_replay_cfgparts).  Errors: the override, with or without ``super()``, off a subclass of a subclass,
and under a decorator that rebuilds nothing (``@final``).  Quiet: a fork class made a dataclass itself
(pydantic binds the validator by name again: the override runs), or marked with the base's own decorator,
an override of a method the base still calls by name (decorated or not), a pydantic model's subclass (its
metaclass rebuilds the validators, the override runs), and the fork's own validator.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/config/__init__.py": ""}
CONFIG = "vllm/config/cache.py"
BASE = """from pydantic import BaseModel, model_validator
from pydantic.dataclasses import dataclass


def config(cls):
    return cls


@config
@dataclass
class CacheCfg:
    size: int = 16

    def __post_init__(self) -> None:
        self._verify_args()
        self._verify_dtype()
        self._check_more()

    def _verify_args(self) -> None:
        if self.size < 1:
            raise ValueError("size")

    def _verify_dtype(self) -> None:
        pass

    def _check_more(self) -> None:
        pass


class SpecialCfg(CacheCfg):
    pass


class ModelCfg(BaseModel):
    size: int = 1

    def model_post_init(self, context: object) -> None:
        self._verify_args()

    def _verify_args(self) -> None:
        pass
"""
THEIRS = (
    BASE.replace(
        "        self._verify_args()\n        self._verify_dtype()\n",
        "        self._verify_dtype()\n",
    )
    .replace(
        '    def _verify_args(self) -> None:\n        if self.size < 1:\n            raise ValueError("size")\n',
        '    @model_validator(mode="after")\n    def _verify_args(self) -> "CacheCfg":\n'
        '        if self.size < 1:\n            raise ValueError("size")\n        return self\n',
    )
    .replace(
        "    def _check_more(self) -> None:\n        pass\n",
        '    @model_validator(mode="after")\n    def _check_more(self) -> "CacheCfg":\n        return self\n',
    )
    .replace(
        "    def model_post_init(self, context: object) -> None:\n        self._verify_args()\n\n"
        "    def _verify_args(self) -> None:\n        pass\n",
        '    @model_validator(mode="after")\n    def _verify_args(self) -> "ModelCfg":\n        return self\n',
    )
)
HEAD = "from typing import final\n\nfrom pydantic.dataclasses import dataclass\n\nfrom vllm.config.cache import CacheCfg, ModelCfg, SpecialCfg, config\n\n\n"
CHECK = '        if self.size > 64:\n            raise ValueError("the fork caps the size")\n'

KILLERS = {
    "an override calling super()": HEAD
    + "class AeonCfg(CacheCfg):\n    def _verify_args(self) -> None:\n        super()._verify_args()\n"
    + CHECK,
    "an override replacing the check": HEAD + "class AeonCfg(CacheCfg):\n    def _verify_args(self) -> None:\n" + CHECK,
    "an override off a subclass of a subclass": HEAD
    + "class AeonCfg(SpecialCfg):\n    def _verify_args(self) -> None:\n"
    + CHECK,
    "an override under a decorator that rebuilds nothing": HEAD
    + "@final\nclass AeonCfg(CacheCfg):\n    def _verify_args(self) -> None:\n"
    + CHECK,
}
TWINS = {
    "the fork's class made a dataclass itself": HEAD
    + "@dataclass\nclass AeonCfg(CacheCfg):\n    def _verify_args(self) -> None:\n"
    + CHECK,
    "the fork's class marked with the base's decorator": HEAD
    + "@config\nclass AeonCfg(CacheCfg):\n    def _verify_args(self) -> None:\n"
    + CHECK,
    "an override of a check the base still calls by name": HEAD
    + "class AeonCfg(CacheCfg):\n    def _verify_dtype(self) -> None:\n"
    + CHECK,
    "an override of a validator the base still calls by name": HEAD
    + 'class AeonCfg(CacheCfg):\n    def _check_more(self) -> "AeonCfg":\n'
    + CHECK
    + "        return self\n",
    "a pydantic model's subclass": HEAD + "class AeonModel(ModelCfg):\n    def _verify_args(self) -> None:\n" + CHECK,
    "a direct call of the validator": HEAD + "def recheck(cfg: CacheCfg) -> None:\n    cfg._verify_args()\n",
    # review85: the fork's own __post_init__ calls its override by name: it still runs on every build
    "the fork's own __post_init__ calling the override": HEAD
    + "class AeonCfg(CacheCfg):\n    def __post_init__(self) -> None:\n        super().__post_init__()\n"
    "        self._verify_args()\n\n    def _verify_args(self) -> None:\n" + CHECK,
    "the fork's own __init__ calling the override": HEAD
    + "class AeonCfg(CacheCfg):\n    def __init__(self, *args, **kwargs) -> None:\n"
    "        super().__init__(*args, **kwargs)\n        self._verify_args()\n\n    def _verify_args(self) -> None:\n"
    + CHECK,
}
# review85: another method of the fork's class calls the override by name: it runs there, no longer on every build
WARNED = {
    "a method of the fork's class calling the override": HEAD
    + 'class AeonCfg(CacheCfg):\n    def checked(self) -> "AeonCfg":\n        self._verify_args()\n'
    "        return self\n\n    def _verify_args(self) -> None:\n" + CHECK,
}

_AUDITED: dict[str, list[tuple[int, str]]] = {}


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[int, str]]:
    if not _AUDITED:
        texts = list(KILLERS.values()) + list(TWINS.values()) + list(WARNED.values())
        paths = {text: f"vllm/aeon_cfg_{number}.py" for number, text in enumerate(texts)}
        sides = three_way(
            git_repo, {CONFIG: BASE, **PACKAGES}, {path: text for text, path in paths.items()}, {CONFIG: THEIRS}
        )
        every = found(audit(git_repo, sides, tmp_path), DRIFT)
        _AUDITED.update({text: [(line, sev) for at, line, sev in every if at == path] for text, path in paths.items()})
    return _AUDITED[fork]


@pytest.mark.parametrize("fork", list(KILLERS.values()), ids=list(KILLERS))
def test_an_override_of_a_method_made_a_validator_is_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == [(line_of(fork, "def _verify_args"), "error")]


@pytest.mark.parametrize("fork", list(TWINS.values()), ids=list(TWINS))
def test_an_override_still_run_is_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert [row for row in _rows(git_repo, tmp_path, fork) if row[1] == "error"] == []


@pytest.mark.parametrize("fork", list(WARNED.values()), ids=list(WARNED))
def test_an_override_the_fork_calls_itself_is_a_warning(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    rows = _rows(git_repo, tmp_path, fork)
    assert (line_of(fork, "def _verify_args"), "warning") in rows
    assert [row for row in rows if row[1] == "error"] == []
