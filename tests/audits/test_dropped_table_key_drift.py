"""A key upstream dropped from a module's table, handed by the fork to the function that looks it up there.

#17986 (63ad622233) renamed ``activation._ACTIVATION_AND_MUL_REGISTRY``'s ``"gelu_and_mul"`` entry (a
``LazyDict({...})``) to ``"geglu"``; the word lives on as a custom op's registered name, so name drift's "gone
everywhere" says nothing.  A fork's ``get_act_and_mul_fn("gelu_and_mul")`` raises ValueError.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import NAME_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way

ACT = "vllm/layers/activation.py"
BASE = (
    "class LazyDict(dict):\n    pass\n\n\n"
    "class GeluAndMul:\n    pass\n\n\nclass SiluAndMul:\n    pass\n\n\n"
    "@register('gelu_and_mul')\nclass Registered:\n    pass\n\n\n"
    "_AND_MUL = LazyDict({\n    'gelu': lambda: GeluAndMul(),\n    'silu': lambda: SiluAndMul(),\n"
    "    'gelu_and_mul': lambda: GeluAndMul(),\n})\n\n\n"
    "def get_and_mul(act_fn_name: str):\n    act_fn_name = act_fn_name.lower()\n"
    "    if act_fn_name not in _AND_MUL:\n        raise ValueError(act_fn_name)\n"
    "    return _AND_MUL[act_fn_name]\n\n\n"
    "def find_and_mul(name: str, default=None):\n    return _AND_MUL.get(name, default)\n\n\n"
    "def load_and_mul(name: str):\n    if name in _AND_MUL:\n        return _AND_MUL[name]\n    return make(name)\n"
)
THEIRS = BASE.replace("    'gelu_and_mul': lambda: GeluAndMul(),\n", "    'geglu': lambda: GeluAndMul(),\n")
NAMED = "from vllm.layers.activation import find_and_mul, get_and_mul, load_and_mul\n\n\n"
MODULE = "from vllm.layers import activation\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", ACT: BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {ACT: THEIRS})
    return found(audit(git_repo, sides, tmp_path), NAME_DRIFT)


KEY_HANDED = [
    (NAMED + "def aeon_act():\n    return get_and_mul('gelu_and_mul')\n", "error"),
    (MODULE + "def aeon_act():\n    return activation.get_and_mul(act_fn_name='gelu_and_mul')\n", "error"),
    (MODULE + "def aeon_act():\n    return activation._AND_MUL['gelu_and_mul']\n", "error"),
    (NAMED + "def aeon_act():\n    return find_and_mul('gelu_and_mul')\n", "warning"),
    (NAMED + "def aeon_act():\n    return load_and_mul('gelu_and_mul')\n", "warning"),
]


@pytest.mark.parametrize(
    ("fork", "severity"),
    KEY_HANDED,
    ids=["positional", "keyword-off-module", "subscript", "get-fallback", "guarded-fallback"],
)
def test_a_dropped_key_handed_to_its_getter(git_repo: GitRepo, tmp_path: Path, fork: str, severity: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12)
    base = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", ACT: BASE}
    bodies = [text for text, _ in KEY_HANDED]
    path, rows = row_side_by_side(git_repo, tmp_path, base, bodies, fork, {ACT: THEIRS}, NAME_DRIFT, "vllm")
    assert [(f.path, f.line, f.severity.value) for f in rows] == [(path, line_of(fork, "gelu_and_mul"), severity)]


def test_the_finding_names_the_key_that_holds_the_entry_now(git_repo: GitRepo, tmp_path: Path) -> None:
    base = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", ACT: BASE}
    fork = NAMED + "def aeon_act():\n    return get_and_mul('gelu_and_mul')\n"
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {ACT: THEIRS})
    [finding] = [f for f in audit(git_repo, sides, tmp_path).findings if f.rule_id == NAME_DRIFT]
    assert '"geglu"' in finding.message and "_AND_MUL" in finding.message


@pytest.mark.parametrize(
    "fork",
    [
        # a key upstream kept
        NAMED + "def aeon_act():\n    return get_and_mul('silu')\n",
        # the fork puts the entry back
        MODULE + "activation._AND_MUL['gelu_and_mul'] = lambda: activation.GeluAndMul()\n\n\n"
        "def aeon_act():\n    return activation.get_and_mul('gelu_and_mul')\n",
        # the fork's own function of the name
        "def get_and_mul(name):\n    return name\n\n\ndef aeon_act():\n    return get_and_mul('gelu_and_mul')\n",
        # the key in another position of a call (not the parameter looked up)
        NAMED + "def aeon_act():\n    return find_and_mul('silu', 'gelu_and_mul')\n",
        # another module's getter of the name
        "from vllm.other import get_and_mul\n\n\ndef aeon_act():\n    return get_and_mul('gelu_and_mul')\n",
        # a try that catches the getter's refusal, or the subscript's
        NAMED + "def aeon_act():\n    try:\n        return get_and_mul('gelu_and_mul')\n"
        "    except ValueError:\n        return get_and_mul('geglu')\n",
        MODULE + "def aeon_act():\n    try:\n        return activation._AND_MUL['gelu_and_mul']\n"
        "    except KeyError:\n        return activation._AND_MUL['geglu']\n",
        # a membership test first
        MODULE + "def aeon_act():\n    if 'gelu_and_mul' in activation._AND_MUL:\n"
        "        return activation._AND_MUL['gelu_and_mul']\n    return activation._AND_MUL['geglu']\n",
        MODULE + "def aeon_act():\n    if 'gelu_and_mul' not in activation._AND_MUL:\n"
        "        return activation._AND_MUL['geglu']\n    return activation._AND_MUL['gelu_and_mul']\n",
        # put back through a register helper, with |=, with setdefault
        MODULE + "def aeon_register(name, make):\n    activation._AND_MUL[name] = make\n\n\n"
        "aeon_register('gelu_and_mul', lambda: activation.GeluAndMul())\n\n\n"
        "def aeon_act():\n    return activation.get_and_mul('gelu_and_mul')\n",
        MODULE + "activation._AND_MUL |= {'gelu_and_mul': lambda: activation.GeluAndMul()}\n\n\n"
        "def aeon_act():\n    return activation.get_and_mul('gelu_and_mul')\n",
    ],
    ids=[
        "kept-key",
        "put-back",
        "own-def",
        "other-parameter",
        "other-module",
        "try-valueerror",
        "try-keyerror",
        "in-guard",
        "not-in-exits",
        "register-helper",
        "ior-put-back",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


def _rows_over(git_repo: GitRepo, tmp_path: Path, fork: str, base: str, theirs: str) -> list[tuple[str, int, str]]:
    files = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", ACT: base}
    sides = three_way(git_repo, files, {"vllm/aeon_use.py": fork}, {ACT: theirs})
    return found(audit(git_repo, sides, tmp_path), NAME_DRIFT)


def _drop(base: str) -> str:
    return base.replace("    'gelu_and_mul': lambda: GeluAndMul(),\n", "    'geglu': lambda: GeluAndMul(),\n")


def test_an_old_key_upstream_maps_onto_the_new_one_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = THEIRS.replace(
        "def get_and_mul(act_fn_name: str):\n    act_fn_name = act_fn_name.lower()\n",
        "_DEPRECATED = {\n    'gelu_and_mul': 'geglu',\n}\n\n\n"
        "def get_and_mul(act_fn_name: str):\n    act_fn_name = _DEPRECATED.get(act_fn_name, act_fn_name).lower()\n",
    )
    fork = NAMED + "def aeon_act():\n    return get_and_mul('gelu_and_mul')\n"
    assert _rows_over(git_repo, tmp_path, fork, BASE, theirs) == []


def test_a_getter_mapping_its_parameter_through_a_function_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    base = BASE.replace("    act_fn_name = act_fn_name.lower()\n", "    act_fn_name = normalise(act_fn_name)\n")
    fork = NAMED + "def aeon_act():\n    return get_and_mul('gelu_and_mul')\n"
    assert _rows_over(git_repo, tmp_path, fork, base, _drop(base)) == [("vllm/aeon_use.py", 5, "warning")]


def test_a_raise_over_another_argument_leaves_a_get_fallback_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    base = BASE.replace(
        "def find_and_mul(name: str, default=None):\n",
        "def find_and_mul(name: str, default=None):\n    if default is not None and not callable(default):\n"
        "        raise TypeError(default)\n",
    )
    fork = NAMED + "def aeon_act():\n    return find_and_mul('gelu_and_mul')\n"
    assert _rows_over(git_repo, tmp_path, fork, base, _drop(base)) == [("vllm/aeon_use.py", 5, "warning")]


def test_a_store_of_a_key_not_spelt_out_makes_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = (
        MODULE + "def aeon_fill(names):\n    for name in names:\n        activation._AND_MUL[name] = None\n\n\n"
        "def aeon_act():\n    return activation.get_and_mul('gelu_and_mul')\n"
    )
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, "gelu_and_mul"), "warning")]


def test_a_getter_renaming_the_old_key_by_an_equality_test_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    getter = "def get_and_mul(act_fn_name: str):\n    act_fn_name = act_fn_name.lower()\n"
    renamed = getter + "    if act_fn_name == 'gelu_and_mul':\n        act_fn_name = 'geglu'\n"
    theirs = THEIRS.replace(getter, renamed)
    assert theirs != THEIRS
    fork = NAMED + "def aeon_act():\n    return get_and_mul('gelu_and_mul')\n"
    assert _rows_over(git_repo, tmp_path, fork, BASE, theirs) == []
