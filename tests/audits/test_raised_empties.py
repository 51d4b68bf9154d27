"""Empty-to-raise drift: a def upstream made raise where it returned an empty answer, a fork testing for it.

vLLM #47058 (1ab9522935): ``get_moe_expert_mapping`` returned ``[]`` for a model with no ``get_expert_mapping``
and now raises ``ValueError`` there; a fork's ``bool(get_moe_expert_mapping(model))`` ("is this model MoE?")
merges cleanly and raises for every dense model.  A handler of the new kind, an answer never tested for
emptiness, the fork's own def, and a def upstream still answers empty from stay quiet.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits.conftest import GitRepo, rows_side_by_side
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/model_executor/__init__.py": ""}
UTILS = "vllm/model_executor/utils.py"
USE = "vllm/aeon_use.py"
BASE = (
    "def get_moe_expert_mapping(model):\n"
    "    if parent := getattr(model, 'get_expert_mapping', None):\n"
    "        return parent()\n"
    "    for child in model.children():\n"
    "        child_map = getattr(child, 'get_expert_mapping', None)\n"
    "        if child_map is not None:\n"
    "            return child_map()\n"
    "    return []\n\n\n"
    "def find_target(name: str, targets: list[str]) -> str | None:\n"
    "    for target in targets:\n"
    "        if name.endswith(target):\n"
    "            return target\n"
    "    return None\n"
)
THEIRS = (
    "def get_moe_expert_mapping(model):\n"
    "    for _, module in model.named_modules():\n"
    "        get_mapping = getattr(module, 'get_expert_mapping', None)\n"
    "        if get_mapping is not None:\n"
    "            return get_mapping()\n"
    "    raise ValueError('No module in the model has a `get_expert_mapping` method.')\n\n\n"
    "def find_target(name: str, targets: list[str]) -> str:\n"
    "    for target in targets:\n"
    "        if name.endswith(target):\n"
    "            return target\n"
    "    raise KeyError(name)\n"
)
IMPORT = "from vllm.model_executor.utils import find_target, get_moe_expert_mapping\n\n\n"

BOOL = IMPORT + "def is_moe(model) -> bool:\n    return bool(get_moe_expert_mapping(model))\n"
BOUND = (
    IMPORT + "def experts(model):\n    mapping = get_moe_expert_mapping(model)\n"
    "    if not mapping:\n        return None\n    return mapping\n"
)
OR_DEFAULT = IMPORT + "def experts(model):\n    return get_moe_expert_mapping(model) or [('w1', 'w1', 0, 'x')]\n"
IF_TEST = IMPORT + "def setup(model) -> None:\n    if get_moe_expert_mapping(model):\n        model.eplb = True\n"
LEN_ZERO = IMPORT + "def dense(model) -> bool:\n    return len(get_moe_expert_mapping(model)) == 0\n"
MODULE = (
    "from vllm.model_executor import utils as mu\n\n\n"
    "def is_moe(model) -> bool:\n    return not mu.get_moe_expert_mapping(model)\n"
)
IS_NONE = (
    IMPORT
    + "def scheme(name: str, targets: list[str]) -> str:\n    if find_target(name, targets) is None:\n        return 'Linear'\n    return 'Fp8'\n"
)
WALRUS = (
    IMPORT + "def experts(model):\n    if not (mapping := get_moe_expert_mapping(model)):\n        return None\n"
    "    return mapping\n"
)
WALRUS_LATER = (
    IMPORT + "def experts(model):\n    print(mapping := get_moe_expert_mapping(model))\n    return mapping or None\n"
)
OTHER_HANDLER = (
    IMPORT + "def is_moe(model) -> bool:\n    try:\n        return bool(get_moe_expert_mapping(model))\n"
    "    except KeyError:\n        return False\n"
)

CAUGHT = (
    IMPORT + "def is_moe(model) -> bool:\n    try:\n        return bool(get_moe_expert_mapping(model))\n"
    "    except ValueError:\n        return False\n"
)
CAUGHT_ALL = (
    IMPORT + "def is_moe(model) -> bool:\n    try:\n        mapping = get_moe_expert_mapping(model)\n"
    "    except Exception:\n        mapping = []\n    return bool(mapping)\n"
)
SUPPRESSED = (
    "from contextlib import suppress\n\n" + IMPORT + "def is_moe(model) -> bool:\n    with suppress(ValueError):\n"
    "        return bool(get_moe_expert_mapping(model))\n    return False\n"
)
UNTESTED = IMPORT + "def names(model) -> list[str]:\n    return [name for name, *_ in get_moe_expert_mapping(model)]\n"
LAST_OPERAND = IMPORT + "def experts(model, moe: bool):\n    return moe and get_moe_expert_mapping(model)\n"
OWN_DEF = (
    "def get_moe_expert_mapping(model):\n    return getattr(model, 'experts', [])\n\n\n"
    "def is_moe(model) -> bool:\n    return bool(get_moe_expert_mapping(model))\n"
)


def _emptied(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {UTILS: BASE, **PACKAGES}, {USE: fork}, {UTILS: theirs})
    return found(audit(git_repo, sides, tmp_path), RETURN_DRIFT)


# The error rows below each put one fork module beside the same base and upstream, and each row's test pins its own
# module's findings exactly: no row's module imports another's, so one merge and one audit of every row's module
# side by side answers each row (32 merges and audits became one per process; suitespeed7).  The quiet rows keep a
# merge each: there a row's module could be quiet for something another row's module declared.
_ERROR_FORKS: list[str] = []
_AUDITED: dict[tuple[str, ...], dict[str, list[tuple[str, int, str]]]] = {}
Row = TypeVar("Row", str, tuple[str, str])


def _error_rows(rows: list[Row]) -> list[Row]:
    _ERROR_FORKS.extend(row if isinstance(row, str) else row[0] for row in rows)
    return rows


def _emptied_among_errors(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    """The findings in ``fork``'s module, from the one audit of every error row's module (each read as ``USE``)."""
    forks = tuple(dict.fromkeys(_ERROR_FORKS))
    if forks not in _AUDITED:
        paths = {text: f"vllm/aeon_use_{number}.py" for number, text in enumerate(forks)}
        sides = three_way(
            git_repo, {UTILS: BASE, **PACKAGES}, {path: text for text, path in paths.items()}, {UTILS: THEIRS}
        )
        every = found(audit(git_repo, sides, tmp_path), RETURN_DRIFT)
        assert all(path in paths.values() for path, _, _ in every), every
        _AUDITED[forks] = {
            text: [(USE, line, severity) for at, line, severity in every if at == path] for text, path in paths.items()
        }
    return _AUDITED[forks][fork]


@pytest.mark.parametrize(
    ("fork", "needle"),
    _error_rows(
        [
            (BOOL, "bool(get_moe"),
            (BOUND, "mapping = get_moe"),
            (OR_DEFAULT, "or [("),
            (IF_TEST, "if get_moe"),
            (LEN_ZERO, "len(get_moe"),
            (MODULE, "mu.get_moe"),
            (IS_NONE, "is None"),
            (OTHER_HANDLER, "bool(get_moe"),
            (WALRUS, "mapping := get_moe"),
            (WALRUS_LATER, "mapping := get_moe"),
        ]
    ),
    ids=[
        "bool",
        "a-bound-name",
        "or-default",
        "an-if",
        "len-zero",
        "a-module-attribute",
        "is-none",
        "another-kind-caught",
        "a-walrus",
        "a-walrus-tested-later",
    ],
)
def test_an_empty_answer_tested_where_upstream_now_raises_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _emptied_among_errors(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [CAUGHT, CAUGHT_ALL, SUPPRESSED, UNTESTED, LAST_OPERAND, OWN_DEF],
    ids=["caught", "exception-caught", "suppressed", "never-tested", "the-last-operand", "the-fork-own-def"],
)
def test_a_handled_or_untested_answer_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _emptied(git_repo, tmp_path, fork) == []


def test_a_def_still_answering_empty_somewhere_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """Upstream raised for one case and kept ``return []`` for another: the fork's test still has its answer."""
    theirs = THEIRS.replace(
        "    for _, module in model.named_modules():\n",
        "    if model is None:\n        return []\n    for _, module in model.named_modules():\n",
    )
    assert _emptied(git_repo, tmp_path, BOOL, theirs) == []


def test_a_def_that_may_fall_off_its_end_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """A raise under an ``if`` with no return after it: the def still answers None past it."""
    theirs = THEIRS.replace(
        "    raise ValueError('No module in the model has a `get_expert_mapping` method.')\n",
        "    if model.strict:\n        raise ValueError('No module in the model has a `get_expert_mapping` method.')\n",
    )
    assert _emptied(git_repo, tmp_path, BOOL, theirs) == []


REGISTRY = "vllm/registry.py"
REGISTRY_BASE = (
    "class Registry:\n    @classmethod\n    def lookup(cls, name: str) -> dict:\n"
    "        if name in ('a', 'b'):\n            return {'name': name}\n        return {}\n"
)
REGISTRY_THEIRS = (
    "class Registry:\n    @classmethod\n    def lookup(cls, name: str) -> dict:\n"
    "        if name in ('a', 'b'):\n            return {'name': name}\n        raise KeyError(name)\n"
)
OFF_CLASS = (
    "from vllm.registry import Registry\n\n\ndef known(name: str) -> bool:\n    return bool(Registry.lookup(name))\n"
)
OFF_INSTANCE = (
    "from vllm.registry import Registry\n\n\n"
    "def known(registry: Registry, name: str) -> bool:\n    return bool(registry.lookup(name))\n"
)


def _looked_up(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = REGISTRY_THEIRS) -> list:
    sides = three_way(git_repo, {REGISTRY: REGISTRY_BASE, **PACKAGES}, {USE: fork}, {REGISTRY: theirs})
    return found(audit(git_repo, sides, tmp_path), RETURN_DRIFT)


def test_a_method_called_off_its_class_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _looked_up(git_repo, tmp_path, OFF_CLASS) == [(USE, line_of(OFF_CLASS, "Registry.lookup"), "error")]


def test_a_method_called_on_an_instance_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    """An upstream subclass may override the method and still answer empty: the receiver's class is a guess."""
    assert _looked_up(git_repo, tmp_path, OFF_INSTANCE) == [(USE, line_of(OFF_INSTANCE, "registry.lookup"), "warning")]


def test_a_hook_made_abstract_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """``raise NotImplementedError`` where a default answered empty: the subclasses answer now."""
    theirs = REGISTRY_THEIRS.replace("raise KeyError(name)", "raise NotImplementedError")
    assert _looked_up(git_repo, tmp_path, OFF_CLASS, theirs) == []


# review20: tests whose empty branch already failed, a test expecting the raise, a def still answering empty
ASSERTED = (
    IMPORT + "def count(model) -> int:\n    mapping = get_moe_expert_mapping(model)\n"
    "    assert mapping, 'MoE only'\n    return len(mapping)\n"
)
RAISED = (
    IMPORT + "def count(model) -> int:\n    mapping = get_moe_expert_mapping(model)\n"
    "    if not mapping:\n        raise RuntimeError('MoE only')\n    return len(mapping)\n"
)
LEN_ASSERTED = IMPORT + "def count(model) -> int:\n    assert len(get_moe_expert_mapping(model)) > 0\n    return 1\n"
EXPECTED = (
    "import pytest\n\n"
    + IMPORT
    + "def test_dense(model) -> None:\n    with pytest.raises(ValueError, match='No module'):\n"
    "        assert not get_moe_expert_mapping(model)\n"
)
ASSERTED_EMPTY = IMPORT + "def dense(model) -> None:\n    assert not get_moe_expert_mapping(model)\n"
RAISED_ELSE = (
    IMPORT + "def count(model) -> int:\n    mapping = get_moe_expert_mapping(model)\n"
    "    if mapping:\n        raise RuntimeError('dense only')\n    return 0\n"
)


@pytest.mark.parametrize(
    "fork",
    [ASSERTED, RAISED, LEN_ASSERTED, EXPECTED],
    ids=["asserted-non-empty", "an-empty-branch-raising", "len-asserted-positive", "pytest-raises"],
)
def test_a_test_failing_on_the_empty_answer_itself_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _emptied(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    ("fork", "needle"),
    _error_rows([(ASSERTED_EMPTY, "assert not get_moe"), (RAISED_ELSE, "mapping = get_moe")]),
    ids=["asserted-empty", "the-non-empty-branch-raising"],
)
def test_a_test_relying_on_the_empty_answer_stays_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _emptied_among_errors(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


WORKSPACE = "vllm/workspace.py"
WORKSPACE_BASE = (
    "_workspace = None\n\n\ndef get_workspace(nodes: int):\n    global _workspace\n"
    "    if nodes > 1:\n        return None\n    if _workspace is None:\n        _workspace = _create()\n"
    "    return _workspace\n\n\ndef _create():\n    return object()\n"
)
WORKSPACE_THEIRS = WORKSPACE_BASE.replace(
    "    if nodes > 1:\n        return None\n", "    if nodes > 1:\n        raise ValueError('multi-node')\n"
).replace(
    "        _workspace = _create()\n",
    "        _workspace = _create()\n    if _workspace is None:\n        print('failed')\n",
)
WORKSPACE_GUARDED = WORKSPACE_THEIRS.replace("        print('failed')\n", "        raise RuntimeError('failed')\n")
WORKSPACE_USE = (
    "from vllm.workspace import get_workspace\n\n\n"
    "def fused(nodes: int) -> bool:\n    return get_workspace(nodes) is not None\n"
)


def _workspace(git_repo: GitRepo, tmp_path: Path, theirs: str) -> list:
    sides = three_way(git_repo, {WORKSPACE: WORKSPACE_BASE, **PACKAGES}, {USE: WORKSPACE_USE}, {WORKSPACE: theirs})
    return found(audit(git_repo, sides, tmp_path), RETURN_DRIFT)


def test_a_def_returning_a_name_it_keeps_empty_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """#48064: the workspace is still ``None`` when creating it failed (upstream's own caller tests it)."""
    assert _workspace(git_repo, tmp_path, WORKSPACE_THEIRS) == []


def test_a_def_raising_where_its_returned_name_is_empty_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _workspace(git_repo, tmp_path, WORKSPACE_GUARDED) == [
        (USE, line_of(WORKSPACE_USE, "get_workspace(nodes) is not None"), "error")
    ]


BUFFER = "vllm/buffer.py"
BUFFER_BASE = (
    "class SharedBuffer:\n    def get(self, shape: tuple[int, ...]):\n"
    "        if shape == ():\n            return None\n        return list(shape)\n"
)
BUFFER_THEIRS = BUFFER_BASE.replace("            return None\n", "            raise ValueError('empty shape')\n")
DICT_GET = (
    "from vllm.buffer import SharedBuffer\n\n\n"
    "def missing(buffers: dict[str, SharedBuffer], name: str) -> bool:\n    return buffers.get(name) is None\n"
)
ENV_GET = "import os\n\n\ndef off() -> bool:\n    return not os.environ.get('AEON_WORKSPACE')\n"
BUFFER_GET = (
    "from vllm.buffer import SharedBuffer\n\n\ndef none(buf: SharedBuffer) -> bool:\n    return buf.get(()) is None\n"
)


def _buffered(git_repo: GitRepo, tmp_path: Path, fork: str) -> list:
    sides = three_way(git_repo, {BUFFER: BUFFER_BASE, **PACKAGES}, {USE: fork}, {BUFFER: BUFFER_THEIRS})
    return found(audit(git_repo, sides, tmp_path), RETURN_DRIFT)


@pytest.mark.parametrize("fork", [DICT_GET, ENV_GET], ids=["a-dict-annotated-receiver", "another-package-module"])
def test_a_namesake_method_on_a_receiver_read_as_another_kind_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _buffered(git_repo, tmp_path, fork) == []


def test_the_method_on_its_class_instance_stays_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _buffered(git_repo, tmp_path, BUFFER_GET) == [(USE, line_of(BUFFER_GET, "buf.get(())"), "warning")]


# the raise moved into a helper the def calls (a top-level def of the module, or a method through ``self``)
HELPER_THEIRS = (
    "def _expert_mapping_of(model):\n"
    "    for _, module in model.named_modules():\n"
    "        get_mapping = getattr(module, 'get_expert_mapping', None)\n"
    "        if get_mapping is not None:\n"
    "            return get_mapping()\n"
    "    raise ValueError('No module in the model has a `get_expert_mapping` method.')\n\n\n"
    "def get_moe_expert_mapping(model):\n"
    "    mapping = _expert_mapping_of(model)\n"
    "    return list(mapping)\n\n\n" + THEIRS.split("\n\n\n", 1)[1]
)
METHOD_BASE = (
    "class Loader:\n"
    "    def expert_mapping(self, model):\n"
    "        if hasattr(model, 'get_expert_mapping'):\n            return model.get_expert_mapping()\n"
    "        return []\n"
)
METHOD_THEIRS = (
    "class Loader:\n"
    "    def _checked(self, model):\n"
    "        if not hasattr(model, 'get_expert_mapping'):\n            raise ValueError('not an MoE model')\n"
    "        return model\n\n"
    "    def expert_mapping(self, model):\n"
    "        return self._checked(model).get_expert_mapping()\n"
)


def test_a_raise_moved_into_a_helper_of_the_module_is_found(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, {UTILS: BASE, **PACKAGES}, {USE: BOOL}, {UTILS: HELPER_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RETURN_DRIFT) == [(USE, line_of(BOOL, "return bool("), "error")]


def test_a_raise_moved_into_a_method_called_through_self_is_found(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = "from vllm.model_executor.utils import Loader\n\n\ndef is_moe(model) -> bool:\n"
    fork += "    return not Loader().expert_mapping(model)\n"
    sides = three_way(git_repo, {UTILS: METHOD_BASE, **PACKAGES}, {USE: fork}, {UTILS: METHOD_THEIRS})
    rows = found(audit(git_repo, sides, tmp_path), RETURN_DRIFT)
    assert [(p, line) for p, line, _ in rows] == [(USE, line_of(fork, "return not"))]


@pytest.mark.parametrize(
    "theirs",
    [
        # the def catches what its helper raises and answers empty itself
        HELPER_THEIRS.replace(
            "    mapping = _expert_mapping_of(model)\n    return list(mapping)\n",
            "    try:\n        return list(_expert_mapping_of(model))\n    except ValueError:\n"
            "        return list(model.fallback_mapping)\n",
        ),
        # the helper raised the kind at the base already (the def called it there too)
        None,
    ],
    ids=["caught-in-the-def", "raised-before"],
)
def test_a_helper_s_raise_the_def_catches_or_raised_before_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, theirs: str | None
) -> None:
    base = BASE
    if theirs is None:
        helper = HELPER_THEIRS.split("\n\n\n", 1)[0] + "\n\n\n"
        base = helper + BASE.replace(
            "def get_moe_expert_mapping(model):\n",
            "def get_moe_expert_mapping(model):\n    _expert_mapping_of(model)\n",
            1,
        )
        theirs = HELPER_THEIRS
    sides = three_way(git_repo, {UTILS: base, **PACKAGES}, {USE: BOOL}, {UTILS: theirs})
    assert found(audit(git_repo, sides, tmp_path), RETURN_DRIFT) == []


# mend46: a call under a guard that already rules out the raise's condition (upstream raises when no module has
# ``get_expert_mapping``; the fork asked the model for it first) never meets the raise
GUARD_EXIT = (
    IMPORT + "def is_moe(model) -> bool:\n    if not hasattr(model, 'get_expert_mapping'):\n        return False\n"
    "    return bool(get_moe_expert_mapping(model))\n"
)
GUARD_BODY = (
    IMPORT + "def is_moe(model) -> bool:\n    if hasattr(model, 'get_expert_mapping'):\n"
    "        return bool(get_moe_expert_mapping(model))\n    return False\n"
)
GUARD_AND = (
    IMPORT + "def is_moe(model) -> bool:\n"
    "    return hasattr(model, 'get_expert_mapping') and bool(get_moe_expert_mapping(model=model))\n"
)
HOLDER = (
    "class AeonMoE:\n    def get_expert_mapping(self):\n        return [('w1', 'w1', 0, 'x')]\n\n\n"
    "class AeonDense:\n    pass\n\n\n"
)
GUARD_CLASS = (
    IMPORT + HOLDER + "def is_moe(model) -> bool:\n    if not isinstance(model, AeonMoE):\n        return False\n"
    "    return bool(get_moe_expert_mapping(model))\n"
)
OTHER_ATTRIBUTE = (
    IMPORT + "def is_moe(model) -> bool:\n    if not hasattr(model, 'experts'):\n        return False\n"
    "    return bool(get_moe_expert_mapping(model))\n"
)
OTHER_OBJECT = (
    IMPORT + "def is_moe(model, config) -> bool:\n    if not hasattr(config, 'get_expert_mapping'):\n"
    "        return False\n    return bool(get_moe_expert_mapping(model))\n"
)
OTHER_CLASS = (
    IMPORT + HOLDER + "def is_moe(model) -> bool:\n    if not isinstance(model, AeonDense):\n        return False\n"
    "    return bool(get_moe_expert_mapping(model))\n"
)
WRONG_WAY = (
    IMPORT + "def is_moe(model) -> bool:\n    if hasattr(model, 'get_expert_mapping'):\n        return True\n"
    "    return bool(get_moe_expert_mapping(model))\n"
)


@pytest.mark.parametrize(
    "fork",
    [GUARD_EXIT, GUARD_BODY, GUARD_AND, GUARD_CLASS],
    ids=["hasattr-early-exit", "hasattr-body", "hasattr-and-a-keyword", "isinstance-of-a-fork-class-defining-it"],
)
def test_a_call_under_a_guard_excluding_the_raise_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _emptied(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    "fork",
    _error_rows([OTHER_ATTRIBUTE, OTHER_OBJECT, OTHER_CLASS, WRONG_WAY]),
    ids=["another-attribute", "another-object", "a-class-without-it", "the-guard-the-wrong-way"],
)
def test_a_guard_that_leaves_the_raise_possible_stays_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _emptied_among_errors(git_repo, tmp_path, fork) == [(USE, line_of(fork, "bool(get_moe"), "error")]


def test_a_guard_on_what_a_helper_tests_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """The raise moved into a method the def hands its parameter to; the fork asked for the attribute first."""
    fork = "from vllm.model_executor.utils import Loader\n\n\ndef is_moe(model) -> bool:\n"
    fork += "    return hasattr(model, 'get_expert_mapping') and not Loader().expert_mapping(model)\n"
    sides = three_way(git_repo, {UTILS: METHOD_BASE, **PACKAGES}, {USE: fork}, {UTILS: METHOD_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RETURN_DRIFT) == []


# review31: the same guard spelt the other ways a fork writes it (drift/presence.py), and upstream's own walk
GETATTR_NONE_EXIT = (
    IMPORT + "def is_moe(model) -> bool:\n    if getattr(model, 'get_expert_mapping', None) is None:\n"
    "        return False\n    return bool(get_moe_expert_mapping(model))\n"
)
CALLABLE_GETATTR = (
    IMPORT + "def is_moe(model) -> bool:\n    if callable(getattr(model, 'get_expert_mapping', None)):\n"
    "        return bool(get_moe_expert_mapping(model))\n    return False\n"
)
BOUND_GETATTR = (
    IMPORT + "def is_moe(model) -> bool:\n    fetch = getattr(model, 'get_expert_mapping', None)\n"
    "    if fetch is not None:\n        return bool(get_moe_expert_mapping(model))\n    return False\n"
)
WALRUS_GETATTR = (
    IMPORT + "def is_moe(model) -> bool:\n"
    "    return (f := getattr(model, 'get_expert_mapping', None)) is not None and bool(get_moe_expert_mapping(model))\n"
)
ANY_SUBMODULE = (
    IMPORT + "def is_moe(model) -> bool:\n"
    "    if not any(hasattr(m, 'get_expert_mapping') for m in model.modules()):\n"
    "        return False\n    return bool(get_moe_expert_mapping(model))\n"
)
ANY_NAMED = (
    IMPORT + "def is_moe(model) -> bool:\n"
    "    if any(getattr(m, 'get_expert_mapping', None) is not None for _, m in model.named_modules()):\n"
    "        return bool(get_moe_expert_mapping(model))\n    return False\n"
)
LOOP_ELEMENT = (
    IMPORT + "def is_moe(model) -> bool:\n    for module in model.modules():\n"
    "        if hasattr(module, 'get_expert_mapping'):\n            return bool(get_moe_expert_mapping(model))\n"
    "    return False\n"
)
WALRUS_HASATTR = (
    IMPORT + "def is_moe(model) -> bool:\n    if moe := hasattr(model, 'get_expert_mapping'):\n"
    "        return bool(get_moe_expert_mapping(model))\n    return moe\n"
)
LOOP_OTHER = LOOP_ELEMENT.replace("def is_moe(model)", "def is_moe(model, draft)").replace(
    "model.modules()", "draft.modules()"
)
LOOP_OTHER_ATTRIBUTE = LOOP_ELEMENT.replace("hasattr(module, 'get_expert_mapping')", "hasattr(module, 'experts')")
GETATTR_DEFAULT = (
    IMPORT + "def is_moe(model) -> bool:\n    if getattr(model, 'get_expert_mapping', list) is None:\n"
    "        return False\n    return bool(get_moe_expert_mapping(model))\n"
)
ANY_OTHER = (
    IMPORT + "def is_moe(model, draft) -> bool:\n"
    "    if not any(hasattr(m, 'get_expert_mapping') for m in draft.modules()):\n"
    "        return False\n    return bool(get_moe_expert_mapping(model))\n"
)
ANY_OTHER_ATTRIBUTE = (
    IMPORT + "def is_moe(model) -> bool:\n"
    "    if not any(hasattr(m, 'experts') for m in model.modules()):\n"
    "        return False\n    return bool(get_moe_expert_mapping(model))\n"
)
NONE_WRONG_WAY = (
    IMPORT + "def is_moe(model) -> bool:\n    if getattr(model, 'get_expert_mapping', None) is not None:\n"
    "        return True\n    return bool(get_moe_expert_mapping(model))\n"
)


@pytest.mark.parametrize(
    "fork",
    [
        GETATTR_NONE_EXIT,
        CALLABLE_GETATTR,
        BOUND_GETATTR,
        WALRUS_GETATTR,
        ANY_SUBMODULE,
        ANY_NAMED,
        LOOP_ELEMENT,
        WALRUS_HASATTR,
    ],
    ids=[
        "getattr-none-early-exit",
        "callable-getattr",
        "a-local-bound-from-getattr",
        "a-walrus-of-getattr",
        "any-submodule-has-it",
        "any-named-module-fetches-it",
        "in-a-loop-under-hasattr-of-the-module",
        "a-walrus-of-hasattr",
    ],
)
def test_a_guard_spelt_with_getattr_or_over_the_modules_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _emptied(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    "fork",
    _error_rows([GETATTR_DEFAULT, ANY_OTHER, ANY_OTHER_ATTRIBUTE, NONE_WRONG_WAY, LOOP_OTHER, LOOP_OTHER_ATTRIBUTE]),
    ids=[
        "a-default-other-than-none",
        "a-walk-of-another-object",
        "a-walk-asking-another-attribute",
        "wrong-way",
        "a-loop-over-another-object",
        "a-loop-asking-another-attribute",
    ],
)
def test_a_getattr_or_walk_guard_leaving_the_raise_possible_stays_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _emptied_among_errors(git_repo, tmp_path, fork) == [(USE, line_of(fork, "bool(get_moe"), "error")]


def test_a_walk_over_the_model_guards_only_where_upstream_walks_it(git_repo: GitRepo, tmp_path: Path) -> None:
    """Where upstream asks the model itself (not the modules it walks), a submodule having the method says
    nothing of the raise."""
    theirs = THEIRS.replace(
        "    for _, module in model.named_modules():\n        get_mapping = getattr(module, 'get_expert_mapping', None)\n",
        "    for _ in range(1):\n        get_mapping = getattr(model, 'get_expert_mapping', None)\n",
    )
    assert theirs != THEIRS
    assert _emptied(git_repo, tmp_path, ANY_SUBMODULE, theirs) == [
        (USE, line_of(ANY_SUBMODULE, "bool(get_moe"), "error")
    ]


# mend47: the guard written as the fork's own one-line helper (drift/helper_guards.py), read through one level
HAS_EXPERTS = "def _has_experts(m):\n    return hasattr(m, 'get_expert_mapping')\n\n\n"
USE_HELPER = (
    "def is_moe(model) -> bool:\n    if not _has_experts(model):\n        return False\n"
    "    return bool(get_moe_expert_mapping(model))\n"
)
HELPER_HASATTR = IMPORT + HAS_EXPERTS + USE_HELPER
HELPER_ISINSTANCE = (
    IMPORT + HOLDER + "def _has_experts(m) -> bool:\n    return isinstance(m, AeonMoE)\n\n\n" + USE_HELPER
)
HELPER_GETATTR = (
    IMPORT + "def _has_experts(m, name='get_expert_mapping'):\n"
    '    """Whether the model maps its experts."""\n    return getattr(m, name, None) is not None\n\n\n'
    "def is_moe(model) -> bool:\n    if _has_experts(m=model):\n        return bool(get_moe_expert_mapping(model))\n"
    "    return False\n"
)
HELPER_AND = (
    IMPORT
    + HAS_EXPERTS
    + ("def is_moe(model) -> bool:\n    return _has_experts(model) and bool(get_moe_expert_mapping(model))\n")
)
HELPER_SIDE_EFFECT = (
    IMPORT
    + ("def _has_experts(m):\n    m.probed = True\n    return hasattr(m, 'get_expert_mapping')\n\n\n")
    + USE_HELPER
)
HELPER_OTHER_PARAMETER = IMPORT + (
    "def _has_experts(m, config):\n    return hasattr(config, 'get_expert_mapping')\n\n\n"
    "def is_moe(model, config) -> bool:\n    if not _has_experts(model, config):\n        return False\n"
    "    return bool(get_moe_expert_mapping(model))\n"
)
HELPER_OTHER_ATTRIBUTE = IMPORT + "def _has_experts(m):\n    return hasattr(m, 'experts')\n\n\n" + USE_HELPER
HELPER_REBOUND = IMPORT + HAS_EXPERTS + "_has_experts = callable\n\n\n" + USE_HELPER
HELPER_WRONG_WAY = (
    IMPORT
    + HAS_EXPERTS
    + (
        "def is_moe(model) -> bool:\n    if _has_experts(model):\n        return True\n"
        "    return bool(get_moe_expert_mapping(model))\n"
    )
)


@pytest.mark.parametrize(
    "fork",
    [HELPER_HASATTR, HELPER_ISINSTANCE, HELPER_GETATTR, HELPER_AND],
    ids=["hasattr-helper-early-exit", "isinstance-helper", "getattr-helper-by-keyword", "helper-and-ed"],
)
def test_a_guard_written_as_a_one_line_helper_of_the_module_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _emptied(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    "fork",
    _error_rows([HELPER_SIDE_EFFECT, HELPER_OTHER_PARAMETER, HELPER_OTHER_ATTRIBUTE, HELPER_REBOUND, HELPER_WRONG_WAY]),
    ids=["two-statements", "another-parameter", "another-attribute", "the-name-rebound", "the-wrong-way"],
)
def test_a_helper_that_is_no_guard_of_the_argument_stays_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _emptied_among_errors(git_repo, tmp_path, fork) == [(USE, line_of(fork, "bool(get_moe"), "error")]


# review44: the other spellings of the same helper guard (benchmarks/review44_twins.py)
USE_METHOD = (
    "    def is_moe(self, model) -> bool:\n        if not self._has_experts(model):\n            return False\n"
    "        return bool(get_moe_expert_mapping(model))\n"
)
METHOD_HELPER = (
    IMPORT + "class Probe:\n    def _has_experts(self, m):\n        return hasattr(m, 'get_expert_mapping')\n\n"
)
STATIC_HELPER = (
    IMPORT + "class Probe:\n    @staticmethod\n    def _has_experts(m):\n"
    "        return hasattr(m, 'get_expert_mapping')\n\n"
)
LAMBDA_HELPER = IMPORT + "_has_experts = lambda m: hasattr(m, 'get_expert_mapping')  # noqa: E731\n\n\n"
CACHED_HELPER = IMPORT + "import functools\n\n\n@functools.cache\n" + HAS_EXPERTS
PROPERTY_HELPER = (
    IMPORT + "class Probe:\n    def __init__(self, model):\n        self.model = model\n\n"
    "    @property\n    def _has_experts(self):\n        return hasattr(self.model, {attr!r})\n\n"
    "    def is_moe(self) -> bool:\n        if not self._has_experts:\n            return False\n"
    "        return bool(get_moe_expert_mapping(self.model))\n"
)
LOCAL_HELPER = (
    IMPORT + "def is_moe(model) -> bool:\n    def _has_experts(m):\n        return hasattr(m, {attr!r})\n\n"
    "    if not _has_experts(model):\n        return False\n    return bool(get_moe_expert_mapping(model))\n"
)
NESTED_HELPER = (
    IMPORT + "def _has(m, name):\n    return hasattr(m, name)\n\n\n"
    "def _has_experts(m, *, name='get_expert_mapping'):\n    return _has(m, name)\n\n\n"
)


@pytest.mark.parametrize(
    "fork",
    [
        METHOD_HELPER + USE_METHOD,
        STATIC_HELPER + USE_METHOD,
        LAMBDA_HELPER + USE_HELPER,
        CACHED_HELPER + USE_HELPER,
        NESTED_HELPER + USE_HELPER,
        PROPERTY_HELPER.format(attr="get_expert_mapping"),
        LOCAL_HELPER.format(attr="get_expert_mapping"),
    ],
    ids=[
        "a-method",
        "a-staticmethod",
        "a-lambda",
        "under-functools-cache",
        "a-keyword-only-helper-of-a-helper",
        "a-property",
        "a-def-inside-the-function",
    ],
)
def test_the_other_spellings_of_a_helper_guard_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _emptied(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    "fork",
    _error_rows(
        [
            IMPORT
            + "class Probe:\n    def _has_experts(self, m):\n        return hasattr(m, 'experts')\n\n"
            + USE_METHOD,
            IMPORT + "_has_experts = lambda m: hasattr(m, 'experts')  # noqa: E731\n\n\n" + USE_HELPER,
            IMPORT + "import functools\n\n\n@functools.wraps(print)\n" + HAS_EXPERTS + USE_HELPER,
            PROPERTY_HELPER.format(attr="experts"),
            LOCAL_HELPER.format(attr="experts"),
        ]
    ),
    ids=[
        "a-method-asking-another-attribute",
        "a-lambda-asking-another-attribute",
        "another-decorator",
        "a-property-asking-another-attribute",
        "a-local-def-asking-another-attribute",
    ],
)
def test_the_other_spellings_that_are_no_guard_stay_errors(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _emptied_among_errors(git_repo, tmp_path, fork) == [(USE, line_of(fork, "bool(get_moe"), "error")]


# mend48: the helper guard kept in another fork module of the merged tree and imported (benchmarks/review44_twins.py)
GUARDS = "vllm/aeon_guards.py"
IMPORTED_USES = {
    "from-import": "from vllm.aeon_guards import _has_experts\n",
    "from-import-as": "from vllm.aeon_guards import _has_experts as has_moe\n",
    "import-module-as": "import vllm.aeon_guards as g\n",
    "from-package-import-module": "from vllm import aeon_guards\n",
}
CALLED = {
    "from-import": "_has_experts",
    "from-import-as": "has_moe",
    "import-module-as": "g._has_experts",
    "from-package-import-module": "aeon_guards._has_experts",
}


def _imported_guard(how: str) -> str:
    return (
        IMPORT.replace("\n\n\n", "\n")
        + IMPORTED_USES[how]
        + "\n\n"
        + USE_HELPER.replace("not _has_experts(", f"not {CALLED[how]}(")
    )


def _emptied_two(git_repo: GitRepo, tmp_path: Path, guards: str, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {UTILS: BASE, **PACKAGES}, {GUARDS: guards, USE: fork}, {UTILS: THEIRS})
    return found(audit(git_repo, sides, tmp_path), RETURN_DRIFT)


# The error rows of the two tests below that import their guard from ``GUARDS`` (``from vllm.aeon_guards import``)
# each put a guards module and a fork module beside the same base and upstream: each row's pair is renamed to its own
# (``vllm/aeon_guards_N.py``, imported as such by ``vllm/aeon_use_N.py``), so no row's fork module reaches another's
# guards, and one merge and one audit of every pair answers each row (9 merges and audits became one per process;
# suitespeed14).  A finding outside the rows' fork modules (a guards module's) fails the batch.
_PAIRED_ERRORS: list[tuple[str, str]] = []


def _paired_error_rows(rows: list[tuple[str, str]]) -> list[tuple[str, str]]:
    _PAIRED_ERRORS.extend(rows)
    return rows


def _paired_error_guards(guards: list[str]) -> list[str]:
    """Rows of guards modules, each beside the fork that imports ``_has_experts`` from it (``_imported_guard``)."""
    _paired_error_rows([(text, _imported_guard("from-import")) for text in guards])
    return guards


def _emptied_two_among_errors(git_repo: GitRepo, tmp_path: Path, guards: str, fork: str) -> list[tuple[str, int, str]]:
    """``_emptied_two``'s findings for the pair (``guards``, ``fork``), read from the one audit of every paired row."""
    pairs = list(dict.fromkeys(_PAIRED_ERRORS))
    forks: dict[str, str] = {}
    for number, (own_guards, own_fork) in enumerate(pairs):
        assert "vllm.aeon_guards import" in own_fork and "aeon_guards_" not in own_fork, own_fork
        forks[f"vllm/aeon_guards_{number}.py"] = own_guards
        forks[f"vllm/aeon_use_{number}.py"] = own_fork.replace(
            "vllm.aeon_guards import", f"vllm.aeon_guards_{number} import"
        )
    uses = [path for path in forks if path.startswith("vllm/aeon_use_")]

    def audited() -> list[Finding]:
        sides = three_way(git_repo, {UTILS: BASE, **PACKAGES}, forks, {UTILS: THEIRS})
        return list(audit(git_repo, sides, tmp_path).findings)

    got = rows_side_by_side((forks, BASE, THEIRS), uses, RETURN_DRIFT, audited)
    return [(USE, f.line, f.severity.value) for f in got[f"vllm/aeon_use_{pairs.index((guards, fork))}.py"]]


@pytest.mark.parametrize("how", sorted(IMPORTED_USES))
def test_a_helper_guard_imported_from_another_fork_module_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, how: str
) -> None:
    assert _emptied_two(git_repo, tmp_path, HAS_EXPERTS, _imported_guard(how)) == []


@pytest.mark.parametrize(
    "guards",
    _paired_error_guards(
        [
            "def _has_experts(m):\n    return hasattr(m, 'experts')\n",
            "def _has_experts(m):\n    m.probed = True\n    return hasattr(m, 'get_expert_mapping')\n",
            "_has_experts = callable\n",
            # revBR: a helper of its own module it calls is read through there; one that is no one-line helper is not
            "def _has(m, name):\n    m.probed = True\n    return hasattr(m, name)\n\n\n"
            "def _has_experts(m):\n    return _has(m, 'get_expert_mapping')\n",
            "def _has(m, name):\n    return hasattr(m, name)\n\n\ndef _has_experts(m):\n    return _has(m, 'experts')\n",
        ]
    ),
    ids=[
        "another-attribute",
        "two-statements",
        "no-helper",
        "calls-its-own-unread-helper",
        "its-own-helper-asks-another",
    ],
)
def test_an_imported_name_that_is_no_one_line_guard_stays_an_error(
    git_repo: GitRepo, tmp_path: Path, guards: str
) -> None:
    fork = _imported_guard("from-import")
    assert _emptied_two_among_errors(git_repo, tmp_path, guards, fork) == [
        (USE, line_of(fork, "bool(get_moe"), "error")
    ]


def test_the_killer_beside_an_imported_guard_it_does_not_ask_stays_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = (
        IMPORT.replace("\n\n\n", "\n") + "from vllm.aeon_guards import _has_experts\n\n\n" + BOOL.removeprefix(IMPORT)
    )
    assert _emptied_two(git_repo, tmp_path, HAS_EXPERTS, fork) == [(USE, line_of(fork, "bool(get_moe"), "error")]


# revBR (benchmarks/review53_twins.py): the helper imported in the function's body, a static or class method of the
# fork's guards class, a helper answering through a one-line helper of its own module
def _locally_imported() -> str:
    head = IMPORT.replace("\n\n\n", "\n") + "\n\n"
    return head + USE_HELPER.replace(":\n    if not", ":\n    from vllm.aeon_guards import _has_experts\n\n    if not")


GUARDS_CLASS = (
    "class AeonGuards:\n    @staticmethod\n    def _has_experts(m):\n        return hasattr(m, 'get_expert_mapping')\n\n"
    "    @classmethod\n    def has_moe(cls, m):\n        return cls._has_experts(m)\n"
)
THROUGH_OWN = "def _has(m, name):\n    return hasattr(m, name)\n\n\ndef _has_experts(m):\n    return _has(m, 'get_expert_mapping')\n"


def _class_guard(called: str) -> str:
    head = IMPORT.replace("\n\n\n", "\n") + "from vllm.aeon_guards import AeonGuards\n\n\n"
    return head + USE_HELPER.replace("not _has_experts(", f"not AeonGuards.{called}(")


@pytest.mark.parametrize(
    ("guards", "fork"),
    [
        (HAS_EXPERTS, _locally_imported()),
        (GUARDS_CLASS, _class_guard("_has_experts")),
        (GUARDS_CLASS, _class_guard("has_moe")),
        (THROUGH_OWN, _imported_guard("from-import")),
    ],
    ids=["imported-in-the-function", "static-method", "class-method", "through-its-own-helper"],
)
def test_the_other_imported_guards_stay_quiet(git_repo: GitRepo, tmp_path: Path, guards: str, fork: str) -> None:
    assert _emptied_two(git_repo, tmp_path, guards, fork) == []


@pytest.mark.parametrize(
    ("guards", "fork"),
    _paired_error_rows(
        [
            (HAS_EXPERTS.replace("get_expert_mapping", "experts"), _locally_imported()),
            (GUARDS_CLASS.replace("get_expert_mapping", "experts"), _class_guard("_has_experts")),
            # a plain method off the class names no instance: what it answers is not read
            (
                GUARDS_CLASS.replace("    @staticmethod\n    def _has_experts(m)", "    def _has_experts(m)"),
                _class_guard("_has_experts"),
            ),
            (
                HAS_EXPERTS,
                IMPORT.replace("\n\n\n", "\n")
                + "\n\ndef is_moe(model) -> bool:\n    _has_experts = getattr(model, 'f', None)\n"
                + "    from vllm.aeon_guards import _has_experts\n\n    if not _has_experts(model):\n        return False\n"
                + "    return bool(get_moe_expert_mapping(model))\n",
            ),
        ]
    ),
    ids=["local-import-asks-another", "static-asks-another", "plain-method", "name-bound-otherwise"],
)
def test_the_other_imported_names_that_are_no_guard_stay_errors(
    git_repo: GitRepo, tmp_path: Path, guards: str, fork: str
) -> None:
    assert _emptied_two_among_errors(git_repo, tmp_path, guards, fork) == [
        (USE, line_of(fork, "bool(get_moe"), "error")
    ]
