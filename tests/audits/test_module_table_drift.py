"""Container drift of a module's global: a module-level table upstream made another kind of container.

#33130 (a5aa4d5c0f) made ``mixed_precision._POSSIBLE_KERNELS: list[type[MPLinearKernel]]`` a
``dict[PlatformEnum, list[...]]`` keyed by platform: a fork's ``_POSSIBLE_KERNELS.insert(0, Kernel)``
merges cleanly and raises AttributeError at import.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way

KERNELS = "vllm/kernels/mixed/__init__.py"
BASE = (
    "class Machete:\n    pass\n\n\nclass Marlin:\n    pass\n\n\n"
    "_POSSIBLE_KERNELS: list[type] = [\n    Machete,\n    Marlin,\n]\n\n\n"
    "def choose(config):\n    for kernel in _POSSIBLE_KERNELS:\n        return kernel\n"
)
THEIRS = (
    BASE.replace(
        "_POSSIBLE_KERNELS: list[type] = [\n    Machete,\n    Marlin,\n]",
        "_POSSIBLE_KERNELS: dict[str, list[type]] = {\n    'cuda': [Machete, Marlin],\n    'cpu': [Marlin],\n}",
    )
    .replace("for kernel in _POSSIBLE_KERNELS:", "for kernel in _POSSIBLE_KERNELS['cuda']:")
    .replace("class Machete:", "# kernels by platform\nclass Machete:")
)
MODULE = "from vllm.kernels import mixed\n\n\n"
NAMED = "from vllm.kernels.mixed import Marlin, _POSSIBLE_KERNELS\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", "vllm/kernels/__init__.py": "", KERNELS: BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {KERNELS: theirs})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


TABLE_USES = [
    (
        MODULE + "def aeon_first() -> None:\n    mixed._POSSIBLE_KERNELS.insert(0, mixed.Marlin)\n",
        "insert",
        "error",
    ),
    (NAMED + "_POSSIBLE_KERNELS.append(Marlin)\n", "append", "error"),
    (MODULE + "def aeon_two():\n    return mixed._POSSIBLE_KERNELS[:2]\n", "[:2]", "error"),
    (MODULE + "def aeon_names():\n    return [k.__name__ for k in mixed._POSSIBLE_KERNELS]\n", "for k", "warning"),
    (
        MODULE
        + "def aeon_first() -> None:\n    kernels = mixed._POSSIBLE_KERNELS\n    kernels.remove(mixed.Machete)\n",
        "remove",
        "error",
    ),
]


@pytest.mark.parametrize(
    ("fork", "needle", "severity"),
    TABLE_USES,
    ids=["module-attribute", "imported-name", "slice", "walked", "local-alias"],
)
def test_a_list_use_of_a_module_table_made_a_dict(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str, severity: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12)
    base = {"vllm/__init__.py": "", "vllm/kernels/__init__.py": "", KERNELS: BASE}
    bodies = [text for text, _, _ in TABLE_USES]
    path, rows = row_side_by_side(git_repo, tmp_path, base, bodies, fork, {KERNELS: THEIRS}, TYPE_DRIFT, "vllm")
    assert [(f.path, f.line, f.severity.value) for f in rows] == [(path, line_of(fork, needle), severity)]


@pytest.mark.parametrize(
    "fork",
    [
        MODULE + "def aeon_count() -> int:\n    return len(mixed._POSSIBLE_KERNELS)\n",  # both kinds size
        MODULE + "def aeon_copy():\n    return mixed._POSSIBLE_KERNELS.copy()\n",  # both kinds copy
        NAMED + "_POSSIBLE_KERNELS = [Marlin]\n_POSSIBLE_KERNELS.append(Marlin)\n",  # the fork's own list
        MODULE
        + "def aeon_first(kernels):\n    if isinstance(mixed._POSSIBLE_KERNELS, list):\n"
        + "        mixed._POSSIBLE_KERNELS.insert(0, mixed.Marlin)\n",  # guarded
        MODULE + "def aeon_pick():\n    return mixed.choose(None)\n",  # a function of the module, kept
    ],
    ids=["len", "shared-method", "own-binding", "isinstance-guarded", "kept-function"],
)
def test_twins_uses_either_kind_takes_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


def test_a_table_whose_kind_upstream_kept_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    kept = BASE.replace("    Marlin,\n]", "    Marlin,\n    Machete,\n]")
    fork = MODULE + "def aeon_first() -> None:\n    mixed._POSSIBLE_KERNELS.insert(0, mixed.Marlin)\n"
    assert _rows(git_repo, tmp_path, fork, kept) == []


def test_the_fork_patching_the_table_s_own_module(git_repo: GitRepo, tmp_path: Path) -> None:
    """A fork line in the module itself, after the table: the merged module holds the dict."""
    fork = BASE + "\n\n_POSSIBLE_KERNELS.insert(0, Marlin)  # AEON: Marlin first on the Spark\n"
    base = {"vllm/__init__.py": "", "vllm/kernels/__init__.py": "", KERNELS: BASE}
    sides = three_way(git_repo, base, {KERNELS: fork}, {KERNELS: THEIRS})
    rows = found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)
    assert [(path, severity) for path, _, severity in rows] == [(KERNELS, "error")]


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (
            MODULE + "mixed._POSSIBLE_KERNELS = [mixed.Marlin]\n\n\n"
            "def aeon_first() -> None:\n    mixed._POSSIBLE_KERNELS.insert(0, mixed.Marlin)\n",
            "insert",
        ),
        (
            MODULE + "def aeon_first() -> None:\n    mixed._POSSIBLE_KERNELS = list(mixed._POSSIBLE_KERNELS['cuda'])\n"
            "    mixed._POSSIBLE_KERNELS.insert(0, mixed.Marlin)\n",
            "insert",
        ),
        (
            MODULE + "setattr(mixed, '_POSSIBLE_KERNELS', [mixed.Marlin])\n\n\n"
            "def aeon_first() -> None:\n    mixed._POSSIBLE_KERNELS.append(mixed.Machete)\n",
            "append",
        ),
    ],
    ids=["attribute-store", "attribute-store-in-function", "setattr"],
)
def test_a_table_the_fork_replaced_through_its_module_warns(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    """The fork put its own list in the module (``mixed._POSSIBLE_KERNELS = [...]``): its ``insert`` holds,
    so no error; the risk left is upstream's code reading a dict where the fork put a list, hence a warning."""
    base = {"vllm/__init__.py": "", "vllm/kernels/__init__.py": "", KERNELS: BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {KERNELS: THEIRS})
    findings = [f for f in audit(git_repo, sides, tmp_path).findings if f.rule_id == TYPE_DRIFT]
    assert [(f.line, f.severity.value) for f in findings] == [(line_of(fork, needle), "warning")]
    assert "upstream's own code" in findings[0].message


# #46703 (953bba488d): ``_registered_base_addrs = set()`` became ``_registered_base_addrs: dict[bytes, set] = {}``,
# a set of addresses per communicator: the old kind is the constructor's, the new one the annotation's
ALLOC = "vllm/comm/allocator.py"
ALLOC_BASE = (
    "_registered_base_addrs = set()\n\n\n"
    "def register(comm, address: int) -> None:\n"
    "    if address not in _registered_base_addrs:\n"
    "        comm.register(address)\n"
    "        _registered_base_addrs.add(address)\n"
)
ALLOC_THEIRS = (
    "_registered_base_addrs: dict[bytes, set] = {}\n\n\n"
    "def register(comm, address: int) -> None:\n"
    "    seen = _registered_base_addrs.setdefault(comm.key, set())\n"
    "    if address not in seen:\n"
    "        comm.register(address)\n"
    "        seen.add(address)\n"
)
ALLOC_MODULE = "from vllm.comm import allocator\n\n\n"


def _alloc_rows(
    git_repo: GitRepo, tmp_path: Path, fork: str, base_text: str = ALLOC_BASE, theirs: str = ALLOC_THEIRS
) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", "vllm/comm/__init__.py": "", ALLOC: base_text}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {ALLOC: theirs})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle", "severity"),
    [
        (
            ALLOC_MODULE + "def aeon_mark(address: int) -> None:\n    allocator._registered_base_addrs.add(address)\n",
            "add(",
            "error",
        ),
        (
            "from vllm.comm.allocator import _registered_base_addrs\n\n\n"
            "def aeon_forget(address: int) -> None:\n    _registered_base_addrs.discard(address)\n",
            "discard",
            "error",
        ),
        (
            ALLOC_MODULE + "def aeon_seen(address: int) -> bool:\n"
            "    return address in allocator._registered_base_addrs\n",
            " in allocator",
            "warning",
        ),
    ],
    ids=["set-method", "imported-name", "membership"],
)
def test_a_set_use_of_a_table_built_by_set_made_a_dict(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str, severity: str
) -> None:
    assert _alloc_rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, needle), severity)]


@pytest.mark.parametrize(
    "fork",
    [
        ALLOC_MODULE + "def aeon_reset() -> None:\n    allocator._registered_base_addrs.clear()\n",  # both kinds clear
        ALLOC_MODULE + "def aeon_count() -> int:\n    return len(allocator._registered_base_addrs)\n",
        ALLOC_MODULE + "def aeon_seen(address: int) -> bool:\n"
        "    if isinstance(allocator._registered_base_addrs, set):\n"
        "        return address in allocator._registered_base_addrs\n    return False\n",  # guarded
    ],
    ids=["shared-method", "len", "isinstance-guarded"],
)
def test_twins_of_a_constructed_table_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _alloc_rows(git_repo, tmp_path, fork) == []


def test_a_constructed_table_upstream_kept_the_kind_of_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """``set()`` rebuilt as ``set(range(0))`` (or annotated ``set[int]``) is the same kind: nothing to say."""
    theirs = ALLOC_BASE.replace("_registered_base_addrs = set()", "_registered_base_addrs: set[int] = set()")
    fork = ALLOC_MODULE + "def aeon_mark(address: int) -> None:\n    allocator._registered_base_addrs.add(address)\n"
    assert _alloc_rows(git_repo, tmp_path, fork, theirs=theirs) == []


def test_a_table_built_by_another_call_is_not_read(git_repo: GitRepo, tmp_path: Path) -> None:
    """``make_registry()`` says nothing about its kind: no old kind, no drift (a function's result is not read)."""
    base_text = "def make_registry():\n    return set()\n\n\n" + ALLOC_BASE.replace(
        "set()\n\n\n", "make_registry()\n\n\n", 1
    )
    theirs = "def make_registry():\n    return set()\n\n\n" + ALLOC_THEIRS
    fork = ALLOC_MODULE + "def aeon_mark(address: int) -> None:\n    allocator._registered_base_addrs.add(address)\n"
    assert _alloc_rows(git_repo, tmp_path, fork, base_text, theirs) == []


# #35077 (a250f1bd5f) made ``vllm.lora.utils._all_lora_classes`` an ordered tuple where it was a set: a fork
# widening it with an operator (``|=``, ``|``) raises TypeError at import
CLASSES = "vllm/lora/utils.py"
CLASSES_BASE = (
    "class Column:\n    pass\n\n\nclass Row:\n    pass\n\n\n"
    "_all_lora_classes: set[type] = {\n    Column,\n    Row,\n}\n\n\n"
    "def from_layer(layer):\n    for cls in _all_lora_classes:\n        return cls\n"
)
CLASSES_THEIRS = CLASSES_BASE.replace(
    "_all_lora_classes: set[type] = {\n    Column,\n    Row,\n}",
    "# order matters: the specific wrappers first\n_all_lora_classes: tuple[type, ...] = (\n    Row,\n    Column,\n)",
)
LAYER = "class AeonGate:\n    pass\n\n\n"


def _classes_rows(
    git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = CLASSES_THEIRS
) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", "vllm/lora/__init__.py": "", CLASSES: CLASSES_BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {CLASSES: theirs})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        ("from vllm.lora.utils import _all_lora_classes\n\n\n" + LAYER + "_all_lora_classes |= {AeonGate}\n", "|="),
        (
            "from vllm.lora import utils as lora_utils\n\n\n"
            + LAYER
            + "def aeon_classes() -> set:\n    return lora_utils._all_lora_classes | {AeonGate}\n",
            "| {",
        ),
        (
            "from vllm.lora import utils as lora_utils\n\n\n"
            + LAYER
            + "def aeon_classes() -> set:\n    return lora_utils._all_lora_classes - {AeonGate}\n",
            "- {",
        ),
        (
            "from vllm.lora import utils as lora_utils\n\n\n"
            "def aeon_classes(extra: set) -> set:\n    return extra | lora_utils._all_lora_classes\n",
            "extra |",
        ),
    ],
    ids=["augmented-imported-name", "union-module-attribute", "difference", "unknown-other-operand"],
)
def test_a_set_operator_on_a_table_made_a_tuple_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _classes_rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [
        # a tuple rebuilt from the table, and the table made a set first: both kinds take them
        "from vllm.lora import utils as lora_utils\n\n\n"
        + LAYER
        + "lora_utils._all_lora_classes = (AeonGate, *lora_utils._all_lora_classes)\n",
        "from vllm.lora import utils as lora_utils\n\n\n"
        + LAYER
        + "def aeon_classes() -> set:\n    return set(lora_utils._all_lora_classes) | {AeonGate}\n",
        # arithmetic on a size, not the table
        "from vllm.lora import utils as lora_utils\n\n\ndef aeon_count() -> int:\n    return len(lora_utils._all_lora_classes) + 1\n",
        # the fork file's own table of the name, widened
        "from vllm.lora.utils import _all_lora_classes\n\n\n"
        + LAYER
        + "_all_lora_classes = {AeonGate}\n_all_lora_classes |= {AeonGate}\n",
        # guarded by a test of the kind
        "from vllm.lora import utils as lora_utils\n\n\n"
        + LAYER
        + "def aeon_classes():\n    if isinstance(lora_utils._all_lora_classes, set):\n"
        "        return lora_utils._all_lora_classes | {AeonGate}\n    return lora_utils._all_lora_classes\n",
    ],
    ids=["rebuilt-tuple", "copied-to-a-set", "len-arithmetic", "own-binding", "isinstance-guarded"],
)
def test_twins_of_an_operator_on_a_table_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _classes_rows(git_repo, tmp_path, fork) == []


EXTENDED = MODULE + "def aeon_more() -> None:\n    mixed._POSSIBLE_KERNELS += [mixed.Marlin]\n"


def test_an_in_place_extend_of_a_table_made_a_dict(git_repo: GitRepo, tmp_path: Path) -> None:
    # a list's ``+=`` extends with any iterable; a dict has no ``+=``
    assert _rows(git_repo, tmp_path, EXTENDED) == [("vllm/aeon_use.py", line_of(EXTENDED, "+="), "error")]


def test_an_in_place_extend_of_a_table_made_a_deque_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = EXTENDED
    deque = BASE.replace(
        "_POSSIBLE_KERNELS: list[type] = [\n    Machete,\n    Marlin,\n]",
        "_POSSIBLE_KERNELS: collections.deque[type] = collections.deque([Machete, Marlin])",
    )
    assert _rows(git_repo, tmp_path, fork, "import collections\n\n\n" + deque) == []


def test_a_list_table_made_a_dict_refuses_a_concatenation(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = MODULE + "def aeon_all() -> list:\n    return mixed._POSSIBLE_KERNELS + [mixed.Marlin]\n"
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, "+ ["), "error")]


TUPLED = BASE.replace(
    "_POSSIBLE_KERNELS: list[type] = [\n    Machete,\n    Marlin,\n]",
    "_POSSIBLE_KERNELS: tuple[type, ...] = (\n    Machete,\n    Marlin,\n)",
)


@pytest.mark.parametrize(
    ("extra", "caught"),
    [("(mixed.Marlin,)", False), ("[mixed.Marlin]", True)],
    ids=["a local bound to a tuple", "a local bound to a list"],
)
def test_a_local_operand_is_read_through_its_binding(
    git_repo: GitRepo, tmp_path: Path, extra: str, caught: bool
) -> None:
    # review33: the fork already hands the new kind through a local it binds once
    fork = MODULE + f"def aeon_all() -> tuple:\n    extra = {extra}\n    return mixed._POSSIBLE_KERNELS + extra\n"
    rows = _rows(git_repo, tmp_path, fork, TUPLED)
    assert rows == ([("vllm/aeon_use.py", line_of(fork, "+ extra"), "error")] if caught else [])


def test_two_tables_drifted_alike_combine(git_repo: GitRepo, tmp_path: Path) -> None:
    # review33: both tables made tuples by the same change still concatenate
    second = "\n\n_FALLBACK_KERNELS: list[type] = [Marlin]\n"
    base = {"vllm/__init__.py": "", "vllm/kernels/__init__.py": "", KERNELS: BASE + second}
    theirs = TUPLED + second.replace("list[type] = [Marlin]", "tuple[type, ...] = (Marlin,)")
    fork = MODULE + "def aeon_all() -> tuple:\n    return mixed._POSSIBLE_KERNELS + mixed._FALLBACK_KERNELS\n"
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {KERNELS: theirs})
    assert found(audit(git_repo, sides, tmp_path), TYPE_DRIFT) == []


def test_a_hasattr_test_of_a_method_only_the_old_kind_offers_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    # review33: ``add`` is a set's, never a tuple's; the union runs only where the table is still a set
    fork = (
        "from vllm.lora import utils\n\n\n"
        + LAYER
        + "if hasattr(utils._all_lora_classes, 'add'):\n    utils._all_lora_classes |= {AeonGate}\n"
        + "else:\n    utils._all_lora_classes = (AeonGate, *utils._all_lora_classes)\n"
    )
    assert _classes_rows(git_repo, tmp_path, fork) == []
