"""The text gates before upstream's versions are parsed (perf round 15, issue 12): bypassed hooks, optional
params and type-only names parsed both versions of up to 32 changed upstream files each (~130 parses, 0.3-0.4 s
of CPU at 80 commits, most of what the forty-second landing added to a merge).  A version is parsed now only
when its text can hold a finding; each twin here shows the gate lets the case that matters through."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest

from aeon_release.domain.audits.drift import sides as drift_sides
from aeon_release.domain.audits.drift import type_only_names
from aeon_release.domain.audits.drift.bypassed_hooks import bypassed_hook_drift
from aeon_release.domain.audits.drift.dropped_tags import dropped_tag_drift
from aeon_release.domain.audits.drift.gated_attributes import gated_attribute_drift
from aeon_release.domain.audits.drift.optional_params import optional_param_drift
from aeon_release.domain.audits.drift.sides import Changes, FileChange, ThreeTrees
from aeon_release.domain.audits.drift.stopped_writes import stopped_write_drift
from aeon_release.domain.audits.drift.subscripted_aliases import subscripted_alias_drift
from aeon_release.domain.audits.drift.type_only_names import type_only_name_drift
from aeon_release.domain.audits.source import SourceCache
from tests.audits import drift_shapes as s
from tests.audits import test_bypassed_hooks as hooks
from tests.audits.conftest import GitRepo

# upstream widens a parameter (an added ``| None``) and adds a method, beside the bypass of test_bypassed_hooks
WIDENED = hooks.UPSTREAM_TEXT.replace(
    "def apply_list(self, values: list[str])", "def apply_list(self, values: list[str] | None)"
)
UNRELATED = "class AeonCounter:\n    def bump(self, n: int) -> int:\n        return n + 1\n"
TYPES = "vllm/types_user.py"
TYPES_BASE = "import os\nfrom vllm.config import ModelConfig\n\n\ndef f(c: ModelConfig) -> str:\n    return os.sep\n"
# the run-time import moves under TYPE_CHECKING (#46820's shape)
TYPES_MOVED = (
    "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from vllm.config import ModelConfig\n\n\n"
    "def f(c: 'ModelConfig') -> str:\n    return ''\n"
)
# a twin: an import removed, TYPE_CHECKING imports a name that still binds at run time
TYPES_KEPT = (
    "from typing import TYPE_CHECKING\n\nfrom vllm.config import ModelConfig\n\nif TYPE_CHECKING:\n"
    "    from vllm.config import ModelConfig\n\n\ndef f(c: ModelConfig) -> str:\n    return ''\n"
)


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts parsed through the drift checks' shared ``parse_python`` (the versions upstream changed)."""
    texts: list[str] = []
    real = drift_sides.parse_python

    def parse(text: str, path: str = "<unknown>") -> object:
        texts.append(text)
        return real(text, path)

    monkeypatch.setattr(drift_sides, "parse_python", parse)
    monkeypatch.setattr(
        type_only_names, "parse_python", parse, raising=False
    )  # before the gate it parsed nothing itself
    return texts


def test_bypassed_hooks_and_optional_params_parse_nothing_the_fork_names_nothing_of(
    git_repo: GitRepo, parsed: list[str]
) -> None:
    """The fork's lines name neither the upstream class nor its methods: neither check parses upstream's file."""
    trees = s.three_trees(
        git_repo, {hooks.UTILS: hooks.BASE_TEXT}, {"vllm/aeon/counter.py": UNRELATED}, {hooks.UTILS: WIDENED}
    )
    assert bypassed_hook_drift(trees, "") == [] and optional_param_drift(trees, "") == []
    assert hooks.BASE_TEXT not in parsed and WIDENED not in parsed


def test_the_fork_naming_the_class_and_its_hook_is_still_parsed_and_found(git_repo: GitRepo, parsed: list[str]) -> None:
    """Twin: the fork overrides ``_map_name`` of ``WeightsMapper`` (and ``apply_list``): both versions are
    parsed, the bypass is an error and the widened ``apply_list`` a warning, as before the gates."""
    fork = (
        hooks.FORK_TEXT
        + "\n\nclass AeonMapper5(WeightsMapper):\n    def apply_list(self, values):\n        return values[:2]\n"
    )
    trees = s.three_trees(git_repo, {hooks.UTILS: hooks.BASE_TEXT}, {hooks.FORK: fork}, {hooks.UTILS: WIDENED})
    assert [(f.line, f.severity.value) for f in bypassed_hook_drift(trees, "")] == [(5, "error")]
    assert [f.line for f in optional_param_drift(trees, "")] == [
        fork.splitlines().index("        return values[:2]") + 1
    ]
    assert hooks.BASE_TEXT in parsed and WIDENED in parsed


def test_type_only_names_parse_the_old_version_only_when_a_name_left_run_time(
    git_repo: GitRepo, parsed: list[str]
) -> None:
    """An import line removed and a TYPE_CHECKING import of a name still bound at run time: the new version is
    parsed, the old one is not."""
    user = {"vllm/aeon/user.py": "from vllm.types_user import ModelConfig\n\nX = ModelConfig\n"}
    trees = s.three_trees(git_repo, {TYPES: TYPES_BASE}, user, {TYPES: TYPES_KEPT})
    assert type_only_name_drift(trees, "") == []
    assert TYPES_KEPT in parsed and TYPES_BASE not in parsed


def test_a_name_moved_under_type_checking_is_still_found(git_repo: GitRepo, parsed: list[str]) -> None:
    """Twin: the import moved under TYPE_CHECKING: both versions parsed, the fork's import of it an error."""
    user = {"vllm/aeon/user.py": "from vllm.types_user import ModelConfig\n\nX = ModelConfig\n"}
    trees = s.three_trees(git_repo, {TYPES: TYPES_BASE}, user, {TYPES: TYPES_MOVED})
    assert [(f.path, f.line, f.severity.value) for f in type_only_name_drift(trees, "")] == [
        ("vllm/aeon/user.py", 1, "error")
    ]
    assert TYPES_BASE in parsed


class _Unread(Changes):
    """Upstream's changes that fail the test when a check reads them."""

    def __getitem__(self, path: str) -> FileChange:
        raise AssertionError(f"upstream's diff of {path} read")

    def __iter__(self) -> Iterator[str]:
        raise AssertionError("upstream's changed files listed")


def _diff(path: str, added: list[str]) -> str:
    body = "".join(f"+{line}\n" for line in added)
    return f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -0,0 +1,{len(added)} @@\n{body}"


def test_checks_whose_fork_side_is_empty_read_no_upstream_diff() -> None:
    """The fork's lines define no method and read no attribute: gated attributes, dropped tags and optional
    params return before scanning upstream's diffs (at 500 commits that scan was 10-40 ms each)."""
    mine = Changes(_diff("vllm/aeon/knob.py", ["LIMIT = 4", "# aeon: a carried constant"]))
    upstream = _Unread(_diff(hooks.UTILS, ["    def _map_name_with_shard(self, key: str | None):"]))
    trees = ThreeTrees(Path("."), "b", "o", "t", cast(SourceCache, None), mine, upstream)
    assert gated_attribute_drift(trees, "") == []
    assert dropped_tag_drift(trees, "") == []
    assert optional_param_drift(trees, "") == []


PROTO = "vllm/entrypoints/proto.py"
PROTO_BASE = (
    "from typing import Annotated\n\n\nclass Req:\n    def to_params(self):\n        self.outputs = 1\n"
    "        return 2\n\n\nAlias = int\n"
)
# the store dropped from a method, the alias made a subscripted generic: the shapes of stopped writes and
# subscripted aliases (#49003, #48984), which the fork below names nothing of
PROTO_NEW = (
    "from typing import Annotated\n\n\nclass Req:\n    def to_params(self):\n        return 2\n\n\n"
    "Alias = Annotated[int, 1]\n"
)


def test_stopped_writes_and_subscripted_aliases_parse_nothing_the_fork_names_nothing_of(
    git_repo: GitRepo, parsed: list[str]
) -> None:
    """The forty-third landing's two costliest checks (0.32 and 0.16 CPU-s at 80 commits) parsed both versions
    of up to 32 upstream files: any with a removed ``self.x =`` line, any with an added ``[``.  The fork's lines
    name neither the field nor the alias (an ``isinstance`` of its own): neither version is parsed."""
    fork = {"vllm/aeon/counter.py": UNRELATED + "\n\nOK = isinstance(1, int)\n"}
    trees = s.three_trees(git_repo, {PROTO: PROTO_BASE}, fork, {PROTO: PROTO_NEW})
    assert stopped_write_drift(trees, "") == [] and subscripted_alias_drift(trees, "") == []
    assert PROTO_BASE not in parsed and PROTO_NEW not in parsed
