"""Key drift of a table declared by a call of its subscripted type (``NAME = dict[K, V]()``), under keys a
method's annotated return shows (#25682: ``_MODEL_ARCH_BY_HASH`` re-keyed from ``compute_hash()``'s str)."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import KEY_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "pkg/loader/utils.py"
CONFIG = "pkg/config.py"
FORK = "pkg/aeon/arch.py"
SUBJECT = "[Optimization] Use a cheaper cache key (#25682)"
BASE = """\
from pkg.config import ModelConfig

_ARCH_BY_HASH = dict[str, tuple[type, str]]()
_SEEN = dict[str, int]()
ArchTable = dict[str, str]


def get_arch(config: ModelConfig) -> tuple[type, str]:
    return _ARCH_BY_HASH[config.compute_hash()]
"""
REKEYED = BASE.replace("_ARCH_BY_HASH = dict[str,", "_ARCH_BY_HASH = dict[int,").replace(
    "ArchTable = dict[str, str]", "ArchTable = dict[int, str]"
)
CONFIG_TEXT = """\
class ModelConfig:
    model: str

    def compute_hash(self) -> str:
        return self.model

    def arch_id(self) -> int:
        return 0

    def label(self):
        return self.model
"""


def _found(repo: GitRepo, fork: str) -> list[tuple[int, str, str]]:
    base = {UTILS: BASE, CONFIG: CONFIG_TEXT}
    sides = s.merge_case(repo, base, {FORK: fork}, [(SUBJECT, {UTILS: REKEYED})])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == KEY_DRIFT and f.path == FORK
    ]


def _line(repo: GitRepo, text: str) -> int:
    return next(i for i, line in enumerate((Path(repo.path) / FORK).read_text().splitlines(), 1) if text in line)


HEAD = (
    "from pkg.config import ModelConfig\nfrom pkg.loader import utils\nfrom pkg.loader.utils import _ARCH_BY_HASH\n\n\n"
)


def test_a_get_keyed_by_a_method_returning_the_old_key_type(git_repo: GitRepo) -> None:
    fork = HEAD + "def cached(config: ModelConfig):\n    return utils._ARCH_BY_HASH.get(config.compute_hash())\n"
    [(line, severity, message)] = _found(git_repo, fork)
    assert (line, severity) == (_line(git_repo, "utils._ARCH_BY_HASH.get("), "error")
    assert "`config.compute_hash()` (str)" in message and "keyed by str at the merge base" in message


def test_a_pop_and_a_setdefault_keyed_by_a_local_bound_from_the_method(git_repo: GitRepo) -> None:
    fork = HEAD + (
        "def forget(config: ModelConfig) -> None:\n"
        "    key = config.compute_hash()\n"
        "    _ARCH_BY_HASH.pop(key, None)\n\n\n"
        "def pin(config: ModelConfig, cls: type) -> None:\n"
        '    _ARCH_BY_HASH.setdefault(config.compute_hash(), (cls, "AeonArch"))\n'
    )
    found = _found(git_repo, fork)
    assert sorted((line, sev) for line, sev, _ in found) == [
        (_line(git_repo, "_ARCH_BY_HASH.pop(key"), "error"),
        (_line(git_repo, "_ARCH_BY_HASH.setdefault("), "error"),
    ]


def test_a_key_whose_method_does_not_annotate_its_return_is_a_warning(git_repo: GitRepo) -> None:
    fork = HEAD + "def cached(config: ModelConfig):\n    return _ARCH_BY_HASH.get(config.label())\n"
    [(line, severity, _)] = _found(git_repo, fork)
    assert (line, severity) == (_line(git_repo, "config.label()"), "warning")


def test_twins_the_new_key_type_the_kept_table_a_clear_and_a_type_alias(git_repo: GitRepo) -> None:
    fork = HEAD + (
        "from pkg.loader.utils import _SEEN, ArchTable\n\n\n"
        "def cached(config: ModelConfig):\n"
        "    _ARCH_BY_HASH.clear()\n"
        "    _SEEN[config.compute_hash()] = 1\n"
        "    table: ArchTable = {}\n"
        '    table[config.compute_hash()] = "x"\n'
        "    return _ARCH_BY_HASH.get(config.arch_id())\n"
    )
    assert _found(git_repo, fork) == []


def test_a_same_named_table_of_the_forks_own_module_is_quiet(git_repo: GitRepo) -> None:
    fork = (
        "from pkg.config import ModelConfig\n\n"
        "_ARCH_BY_HASH: dict[str, str] = {}\n\n\n"
        "def cached(config: ModelConfig):\n"
        "    return _ARCH_BY_HASH.get(config.compute_hash())\n"
    )
    assert _found(git_repo, fork) == []


def test_twin_a_key_bound_from_hash_is_an_int_quiet(git_repo: GitRepo) -> None:
    """revDR (``review110_twins.py``): #25682's new key is ``hash((...))``; a fork spelling it so was warned."""
    fork = HEAD + (
        "def cached(config: ModelConfig):\n"
        "    key = hash((config.model, config.compute_hash()))\n"
        "    return _ARCH_BY_HASH.get(key)\n\n\n"
        "def seen(config: ModelConfig) -> bool:\n"
        "    return hash(config.model) in utils._ARCH_BY_HASH\n"
    )
    assert _found(git_repo, fork) == []
