"""Read-only drift, widened: a field written on a dataclass upstream made frozen.

vLLM #21791 (755fa8b657) made the KV-cache specs ``@dataclass(frozen=True)`` so they hash: every field is still
there by name, so a fork's ``spec.sliding_window = window`` on a ``FullAttentionSpec`` merges cleanly and raises
``dataclasses.FrozenInstanceError`` the first time it runs.  ``dataclasses.replace``, ``object.__setattr__``,
reads, untyped receivers, the fork's own class of the name, a class frozen at the base already, one routing its
writes through ``__setattr__`` and the classes upstream left unfrozen stay quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, side_by_side, three_way

PACKAGES = {"vllm/__init__.py": ""}
SPEC = "vllm/kv_cache_interface.py"
USE = "vllm/aeon_use.py"
SPEC_BASE = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\nclass KVCacheSpec:\n    block_size: int\n\n\n"
    "@dataclass\nclass FullAttentionSpec(KVCacheSpec):\n    num_kv_heads: int\n    sliding_window: int | None = None\n\n\n"
    "@dataclass\nclass KVCacheTensor:\n    size: int\n"
)
SPEC_THEIRS = SPEC_BASE.replace("@dataclass\nclass KVCacheSpec", "@dataclass(frozen=True)\nclass KVCacheSpec").replace(
    "@dataclass\nclass FullAttentionSpec", "@dataclass(frozen=True)\nclass FullAttentionSpec"
)
IMPORT = "import dataclasses\n\nfrom vllm.kv_cache_interface import FullAttentionSpec, KVCacheTensor\n\n\n"

WRITE = IMPORT + "def cap(spec: FullAttentionSpec, window: int) -> None:\n    spec.sliding_window = window\n"
INHERITED = IMPORT + "def grow(spec: FullAttentionSpec) -> None:\n    spec.block_size = 32\n"
SETATTR = IMPORT + "def cap(spec: FullAttentionSpec) -> None:\n    setattr(spec, 'sliding_window', 4)\n"
AUGMENTED = IMPORT + "def more(spec: FullAttentionSpec) -> None:\n    spec.num_kv_heads += 1\n"
SUBCLASS = (
    IMPORT + "class AeonSpec(FullAttentionSpec):\n    def cap(self) -> None:\n        self.sliding_window = 4096\n"
)
BUILT = (
    IMPORT
    + "def build() -> FullAttentionSpec:\n    spec = FullAttentionSpec(16, 8)\n    spec.sliding_window = 4\n    return spec\n"
)

REPLACED = (
    IMPORT
    + "def cap(spec: FullAttentionSpec) -> FullAttentionSpec:\n    return dataclasses.replace(spec, sliding_window=4)\n"
)
ESCAPE = IMPORT + "def cap(spec: FullAttentionSpec) -> None:\n    object.__setattr__(spec, 'sliding_window', 4)\n"
READ = IMPORT + "def window(spec: FullAttentionSpec) -> int | None:\n    return spec.sliding_window\n"
UNTYPED = IMPORT + "def cap(spec) -> None:\n    spec.sliding_window = 4\n"
OWN_CLASS = (
    "class FullAttentionSpec:\n    sliding_window: int | None = None\n\n\n"
    "def cap(spec: FullAttentionSpec) -> None:\n    spec.sliding_window = 4\n"
)
UNFROZEN = IMPORT + "def resize(tensor: KVCacheTensor) -> None:\n    tensor.size = 0\n"


def _frozen(git_repo: GitRepo, tmp_path: Path, fork: str, base: str = SPEC_BASE, theirs: str = SPEC_THEIRS) -> list:
    sides = three_way(git_repo, {SPEC: base, **PACKAGES}, {USE: fork}, {SPEC: theirs})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


def _frozen_among(
    git_repo: GitRepo, tmp_path: Path, forks: list[str], fork: str, base: str = SPEC_BASE, theirs: str = SPEC_THEIRS
) -> list:
    """``_frozen`` of one error row's module, from one merge and one audit of every row's module of ``forks`` side by
    side a process (suitespeed11): the rows' modules at ``USE``'s name with a number."""
    paths = {USE.replace(".py", f"_{n}.py"): text for n, text in enumerate(forks)}
    path = next(p for p, text in paths.items() if text == fork)
    findings = side_by_side(git_repo, tmp_path, {SPEC: base, **PACKAGES}, paths, {SPEC: theirs}, SYMBOL_DRIFT)[path]
    return [(USE, f.line, f.severity.value) for f in findings]  # the row's own module, under its unbatched name


FROZEN_WRITES = [
    (WRITE, "spec.sliding_window = window"),
    (INHERITED, "spec.block_size = 32"),
    (SETATTR, "setattr("),
    (AUGMENTED, "+= 1"),
    (SUBCLASS, "self.sliding_window = 4096"),
    (BUILT, "spec.sliding_window = 4"),
]


@pytest.mark.parametrize(
    ("fork", "needle"),
    FROZEN_WRITES,
    ids=["a-write", "an-inherited-field", "setattr", "augmented", "a-subclass-method", "a-built-instance"],
)
def test_a_write_to_a_field_of_a_dataclass_made_frozen_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    found = _frozen_among(git_repo, tmp_path, [text for text, _ in FROZEN_WRITES], fork)
    assert found == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [REPLACED, ESCAPE, READ, UNTYPED, OWN_CLASS, UNFROZEN],
    ids=["dataclasses-replace", "object-setattr", "a-read", "untyped", "the-fork-own-class", "a-class-left-unfrozen"],
)
def test_replace_escape_reads_and_other_classes_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _frozen(git_repo, tmp_path, fork) == []


def test_a_class_frozen_at_the_base_already_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """Upstream adds a frozen class beside the spec that was frozen before: the fork's write failed then too."""
    theirs = SPEC_THEIRS + "\n\n@dataclass(frozen=True)\nclass KVCacheGroupSpec:\n    layer_names: list[str]\n"
    assert _frozen(git_repo, tmp_path, WRITE, base=SPEC_THEIRS, theirs=theirs) == []


def test_a_frozen_class_routing_its_writes_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = SPEC_THEIRS.replace(
        "    block_size: int\n",
        "    block_size: int\n\n    def __setattr__(self, name, value):\n        object.__setattr__(self, name, value)\n",
    )
    assert _frozen(git_repo, tmp_path, WRITE, theirs=theirs) == []


def test_a_struct_made_frozen_by_its_class_keyword_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    """A msgspec ``Struct`` takes ``frozen=True`` as a class keyword."""
    base = "import msgspec\n\n\nclass Request(msgspec.Struct):\n    request_id: str\n    priority: int = 0\n"
    theirs = base.replace("(msgspec.Struct)", "(msgspec.Struct, frozen=True)")
    fork = "from vllm.kv_cache_interface import Request\n\n\ndef bump(request: Request) -> None:\n    request.priority = 1\n"
    assert _frozen(git_repo, tmp_path, fork, base=base, theirs=theirs) == [
        (USE, line_of(fork, "request.priority"), "error")
    ]


# a fork dataclass over a class upstream made frozen: dataclass refuses to build it when the module loads
SUB_DATACLASS = (
    "from dataclasses import dataclass\n\nfrom vllm.kv_cache_interface import FullAttentionSpec, KVCacheTensor\n\n\n"
    "@dataclass\nclass AeonSpec(FullAttentionSpec):\n    page_align: int = 0\n"
)
SUB_CALLED = SUB_DATACLASS.replace("@dataclass\n", "@dataclass(eq=False)\n")
SUB_FROZEN = SUB_DATACLASS.replace("@dataclass\n", "@dataclass(frozen=True)\n")
SUB_PLAIN = SUB_DATACLASS.replace("@dataclass\n", "")
SUB_UNFROZEN_BASE = SUB_DATACLASS.replace("AeonSpec(FullAttentionSpec)", "AeonTensor(KVCacheTensor)")
SUB_OWN_BASE = (
    "from dataclasses import dataclass\n\n\n@dataclass\nclass FullAttentionSpec:\n    block_size: int\n\n\n"
    "@dataclass\nclass AeonSpec(FullAttentionSpec):\n    page_align: int = 0\n"
)


@pytest.mark.parametrize("fork", [SUB_DATACLASS, SUB_CALLED], ids=["dataclass", "dataclass-called"])
def test_a_fork_dataclass_left_unfrozen_over_a_class_made_frozen_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _frozen(git_repo, tmp_path, fork) == [(USE, line_of(fork, "class AeonSpec"), "error")]


@pytest.mark.parametrize(
    "fork",
    [SUB_FROZEN, SUB_PLAIN, SUB_UNFROZEN_BASE, SUB_OWN_BASE],
    ids=["frozen-too", "not-a-dataclass", "a-class-left-unfrozen", "the-fork-own-base"],
)
def test_a_frozen_plain_or_unrelated_fork_subclass_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _frozen(git_repo, tmp_path, fork) == []


# review20: correct fork spellings round a write or a subclass (each an error on the engine before it)
TRIED = (
    IMPORT + "def cap(spec: FullAttentionSpec, window: int) -> FullAttentionSpec:\n    try:\n"
    "        spec.sliding_window = window\n    except dataclasses.FrozenInstanceError:\n"
    "        spec = dataclasses.replace(spec, sliding_window=window)\n    return spec\n"
)
TRIED_BASE_KIND = TRIED.replace("dataclasses.FrozenInstanceError", "AttributeError")
TRIED_OTHER_KIND = TRIED.replace("dataclasses.FrozenInstanceError", "TypeError")
ROUTED_SUBCLASS = (
    IMPORT + "class AeonSpec(FullAttentionSpec):\n    def __setattr__(self, name: str, value: object) -> None:\n"
    "        object.__setattr__(self, name, value)\n\n    def cap(self) -> None:\n        self.sliding_window = 4096\n"
)
SUB_COMPUTED = (
    "from dataclasses import dataclass\n\nfrom vllm.kv_cache_interface import FullAttentionSpec\n\n"
    "FROZEN = FullAttentionSpec.__dataclass_params__.frozen\n\n\n"
    "@dataclass(frozen=FROZEN)\nclass AeonSpec(FullAttentionSpec):\n    page_align: int = 0\n"
)
SUB_MAPPING = SUB_COMPUTED.replace("frozen=FROZEN", "**KW").replace(
    "FROZEN = FullAttentionSpec.__dataclass_params__.frozen", "KW = {'frozen': True}"
)
SUB_FALSE = SUB_COMPUTED.replace("frozen=FROZEN", "frozen=False")


@pytest.mark.parametrize(
    "fork",
    [TRIED, TRIED_BASE_KIND, ROUTED_SUBCLASS, SUB_COMPUTED, SUB_MAPPING],
    ids=[
        "a-try-catching-frozen-instance-error",
        "a-try-catching-attribute-error",
        "a-fork-subclass-routing-setattr",
        "frozen-computed",
        "keywords-from-a-mapping",
    ],
)
def test_a_write_the_fork_tries_or_routes_and_a_subclass_maybe_frozen_stay_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _frozen(git_repo, tmp_path, fork) == []


def test_a_write_under_a_handler_of_another_kind_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = TRIED_OTHER_KIND
    assert _frozen(git_repo, tmp_path, fork) == [(USE, line_of(fork, "spec.sliding_window = window"), "error")]


def test_a_subclass_declared_frozen_false_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _frozen(git_repo, tmp_path, SUB_FALSE) == [(USE, line_of(SUB_FALSE, "class AeonSpec"), "error")]


CHECKED = (
    IMPORT + "def cap(spec: FullAttentionSpec, window: int) -> FullAttentionSpec:\n"
    "    if not type(spec).__dataclass_params__.frozen:\n        spec.sliding_window = window\n        return spec\n"
    "    return dataclasses.replace(spec, sliding_window=window)\n"
)
CHECKED_OTHER = CHECKED.replace("not type(spec).__dataclass_params__.frozen", "window > 0")


def test_a_write_under_a_check_of_the_freeze_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """A version check: the fork writes only where the class is not frozen (older upstreams)."""
    assert _frozen(git_repo, tmp_path, CHECKED) == []


def test_a_write_under_another_check_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _frozen(git_repo, tmp_path, CHECKED_OTHER) == [
        (USE, line_of(CHECKED_OTHER, "spec.sliding_window = window"), "error")
    ]


GROUP_BASE = (
    SPEC_BASE
    + "\n\n@dataclass\nclass KVCacheGroupSpec:\n    layer_names: list[str]\n    kv_cache_spec: FullAttentionSpec\n"
)
GROUP_THEIRS = (
    SPEC_THEIRS
    + "\n\n@dataclass\nclass KVCacheGroupSpec:\n    layer_names: list[str]\n    kv_cache_spec: FullAttentionSpec\n"
)
GROUP_IMPORT = IMPORT.replace("KVCacheTensor\n", "KVCacheGroupSpec, KVCacheTensor\n")
LOOPED = GROUP_IMPORT + (
    "def cap_all(specs: list[FullAttentionSpec], window: int) -> None:\n"
    "    for spec in specs:\n        spec.sliding_window = window\n"
)
LOOPED_VALUES = GROUP_IMPORT + (
    "def cap_all(specs: dict[str, FullAttentionSpec]) -> None:\n"
    "    for spec in specs.values():\n        spec.sliding_window = 4\n"
)
CHAINED = GROUP_IMPORT + (
    "def cap(group: KVCacheGroupSpec, window: int) -> None:\n    group.kv_cache_spec.sliding_window = window\n"
)
SELF_CHAINED = GROUP_IMPORT + (
    "class AeonPlanner:\n    group: KVCacheGroupSpec | None = None\n\n"
    "    def cap(self) -> None:\n        self.group.kv_cache_spec.sliding_window = 4\n"
)
STORED_CHAINED = GROUP_IMPORT + (
    "class AeonPlanner:\n    def __init__(self, group: KVCacheGroupSpec) -> None:\n        self.group = group\n\n"
    "    def cap(self) -> None:\n        self.group.kv_cache_spec.sliding_window = 4\n"
)
LOOP_CHAINED = GROUP_IMPORT + (
    "def cap_all(groups: list[KVCacheGroupSpec]) -> None:\n"
    "    for group in groups:\n        group.kv_cache_spec.block_size = 32\n"
)


CHAINED_WRITES = [
    (LOOPED, "spec.sliding_window = window"),
    (LOOPED_VALUES, "spec.sliding_window = 4"),
    (CHAINED, "group.kv_cache_spec.sliding_window"),
    (SELF_CHAINED, "self.group.kv_cache_spec"),
    (STORED_CHAINED, "self.group.kv_cache_spec"),
    (LOOP_CHAINED, "group.kv_cache_spec.block_size"),
]


@pytest.mark.parametrize(
    ("fork", "needle"),
    CHAINED_WRITES,
    ids=[
        "a-loop-variable",
        "a-mapping's-values",
        "a-chain",
        "a-chain-off-self",
        "a-chain-off-a-stored-parameter",
        "a-chain-off-a-loop-variable",
    ],
)
def test_a_write_through_a_loop_or_a_chain_of_fields_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    forks = [text for text, _ in CHAINED_WRITES]
    found = _frozen_among(git_repo, tmp_path, forks, fork, GROUP_BASE, GROUP_THEIRS)
    assert found == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [
        # the group spec itself was left unfrozen
        GROUP_IMPORT + "def rename(group: KVCacheGroupSpec) -> None:\n    group.layer_names = []\n",
        # a loop over an untyped container
        GROUP_IMPORT + "def cap_all(specs) -> None:\n    for spec in specs:\n        spec.sliding_window = 4\n",
        # a chain through a field no class here annotates
        GROUP_IMPORT + "def cap(group: KVCacheGroupSpec) -> None:\n    group.other.sliding_window = 4\n",
        # the loop writes a replaced copy back
        GROUP_IMPORT + "def cap_all(groups: list[KVCacheGroupSpec]) -> None:\n    for group in groups:\n"
        "        group.kv_cache_spec = dataclasses.replace(group.kv_cache_spec, sliding_window=4)\n",
        # the fork tries the write and keeps a fallback
        GROUP_IMPORT + "def cap(group: KVCacheGroupSpec) -> None:\n    try:\n"
        "        group.kv_cache_spec.sliding_window = 4\n    except dataclasses.FrozenInstanceError:\n"
        "        group.kv_cache_spec = dataclasses.replace(group.kv_cache_spec, sliding_window=4)\n",
        # the fork's holder stores the link from an annotated parameter and from something else too
        GROUP_IMPORT + "class AeonPlanner:\n    def __init__(self, group: KVCacheGroupSpec) -> None:\n"
        "        self.group = group\n\n    def reset(self, other) -> None:\n        self.group = other\n\n"
        "    def cap(self) -> None:\n        self.group.kv_cache_spec.sliding_window = 4\n",
    ],
    ids=["unfrozen-holder", "untyped-loop", "unannotated-link", "replaced-copy", "caught", "stored-two-ways"],
)
def test_writes_through_loops_and_chains_that_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _frozen(git_repo, tmp_path, fork, GROUP_BASE, GROUP_THEIRS) == []
