"""Bypassed hooks (drift/bypassed_hooks.py): #44589 moved ``WeightsMapper._map_name``'s body into a new
``_map_name_with_shard``, kept ``_map_name`` as its wrapper, and ``apply`` now calls the new one; a fork
override of ``_map_name`` no longer maps the weights."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/model_executor/models/utils.py"
BASE_TEXT = """from dataclasses import dataclass, field


@dataclass
class WeightsMapper:
    orig_to_new_prefix: dict = field(default_factory=dict)

    def _map_name(self, key: str) -> str | None:
        for old, new in self.orig_to_new_prefix.items():
            if key.startswith(old):
                key = new + key[len(old):]
        return key

    def apply(self, weights):
        return ((out, data) for name, data in weights if (out := self._map_name(name)) is not None)

    def apply_list(self, values: list[str]) -> list[str]:
        return [out for name in values if (out := self._map_name(name)) is not None]
"""
UPSTREAM_TEXT = """from dataclasses import dataclass, field


@dataclass
class WeightsMapper:
    orig_to_new_prefix: dict = field(default_factory=dict)

    def _map_name(self, key: str) -> str | None:
        result = self._map_name_with_shard(key)
        return result[0] if result is not None else None

    def _map_name_with_shard(self, key: str) -> tuple[str, int | None] | None:
        for old, new in self.orig_to_new_prefix.items():
            if key.startswith(old):
                key = new + key[len(old):]
        return key, None

    def apply(self, weights):
        for name, data in weights:
            result = self._map_name_with_shard(name)
            if result is not None:
                yield result[0], data

    def apply_list(self, values: list[str]) -> list[str]:
        return [out for name in values if (out := self._map_name(name)) is not None]
"""
SUBJECT = "Remove unnecessary `load_weights` methods (#44589)"
FORK = "vllm/aeon/mapper.py"
FORK_TEXT = """from vllm.model_executor.models.utils import WeightsMapper


class AeonMapper(WeightsMapper):
    def _map_name(self, key: str) -> str | None:
        return super()._map_name(key.removeprefix("aeon."))


class AeonMapper2(WeightsMapper):
    def apply(self, weights):
        return super().apply((n.removeprefix("aeon."), w) for n, w in weights)


class AeonMapper3(WeightsMapper):
    def _map_name(self, key: str) -> str | None:
        return super()._map_name(key.removeprefix("aeon."))

    def apply(self, weights):
        return ((n, w) for n, w in weights if (n := self._map_name(n)) is not None)


class AeonMapper4(WeightsMapper):
    def apply_list(self, values: list[str]) -> list[str]:
        return super().apply_list([v.lower() for v in values])
"""


def test_an_override_of_a_method_upstream_made_a_wrapper_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The ``_map_name`` override is an error; overrides of ``apply`` (the caller), ``apply_list`` (still
    calling ``_map_name``), and a class overriding the caller as well are quiet."""
    sides = s.merge_case(git_repo, {UTILS: BASE_TEXT}, {FORK: FORK_TEXT}, [(SUBJECT, {UTILS: UPSTREAM_TEXT})])
    found = [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]
    assert [(line, severity) for line, severity, _ in found] == [(5, "error")]
    assert "WeightsMapper.apply now calls _map_name_with_shard" in found[0][2] and "#44589" in found[0][2]


MIXIN_FORK = """from vllm.model_executor.models.utils import WeightsMapper
from vllm.aeon.mixins import AeonImportedMixin

MAP = "    def _map_name(self, key: str) -> str | None:\\n        return super()._map_name(key)\\n"


class AeonApplyMixin:
    def apply(self, weights):
        return ((n, w) for n, w in weights if (n := self._map_name(n)) is not None)


class AeonMixed(AeonApplyMixin, WeightsMapper):
    def _map_name(self, key: str) -> str | None:
        return super()._map_name(key.removeprefix("aeon."))


class AeonAliased(WeightsMapper):
    def _map_name(self, key: str) -> str | None:
        return super()._map_name(key.removeprefix("aeon."))

    def _aeon_with_shard(self, key):
        return self._map_name(key), None

    _map_name_with_shard = _aeon_with_shard


class AeonElsewhere(AeonImportedMixin, WeightsMapper):
    def _map_name(self, key: str) -> str | None:
        return super()._map_name(key.removeprefix("aeon."))


class AeonAfter(WeightsMapper, AeonApplyMixin):
    def _map_name(self, key: str) -> str | None:
        return super()._map_name(key.removeprefix("aeon."))
"""


def test_a_caller_a_local_mixin_or_a_class_alias_overrides_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: a local mixin listed before the mapper overrides the caller, and a class-level alias
    (``_map_name_with_shard = _aeon_with_shard``) overrides the new method: quiet; a mixin imported from
    elsewhere may override it (a warning); a mixin listed after the mapper comes after it in the MRO (an
    error)."""
    fork = {FORK: MIXIN_FORK, "vllm/aeon/mixins.py": "class AeonImportedMixin:\n    pass\n"}
    sides = s.merge_case(git_repo, {UTILS: BASE_TEXT}, fork, [(SUBJECT, {UTILS: UPSTREAM_TEXT})])
    found = [(ln, sev) for p, ln, sev, _ in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]
    assert found == [(28, "warning"), (33, "error")]


def test_a_caller_that_still_reads_the_old_method_off_self_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: upstream's caller calls the new wrapper but also binds the old method (``mapper = self._map_name``)
    and calls it: the fork's override still runs: quiet."""
    upstream = UPSTREAM_TEXT.replace(
        "        for name, data in weights:\n            result = self._map_name_with_shard(name)\n"
        "            if result is not None:\n                yield result[0], data\n",
        "        mapper = self._map_name\n"
        "        for name, data in weights:\n            shard = self._map_name_with_shard(name)\n"
        "            out = mapper(name)\n"
        "            if out is not None and shard is not None:\n                yield out, data\n",
    )
    assert upstream != UPSTREAM_TEXT
    fork = (
        "from vllm.model_executor.models.utils import WeightsMapper\n\n\n"
        "class AeonMapper(WeightsMapper):\n    def _map_name(self, key: str) -> str | None:\n"
        "        return super()._map_name(key.removeprefix('aeon.'))\n"
    )
    sides = s.merge_case(git_repo, {UTILS: BASE_TEXT}, {FORK: fork}, [(SUBJECT, {UTILS: upstream})])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []
