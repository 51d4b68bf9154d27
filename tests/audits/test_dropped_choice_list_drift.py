"""A string upstream dropped from a module's collection of accepted names, handed by the fork to its getter.

#32681 (85f55c943c) took ``"hqq"`` out of ``quantization.QuantizationMethods`` (a ``Literal``) and so out of
``QUANTIZATION_METHODS = list(get_args(QuantizationMethods))``; ``get_quantization_config(name)`` raises
ValueError on a name not in the list.  A fork's ``get_quantization_config("hqq")`` merges cleanly and fails at
start-up.  #23204 (0cdbf5e61c) did the same to ``"qqq"``, which a fork spells once as a module constant.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import NAME_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way
from tests.audits.test_dropped_table_key_drift import ACT
from tests.audits.test_dropped_table_key_drift import BASE as ACT_BASE
from tests.audits.test_dropped_table_key_drift import NAMED as ACT_NAMED
from tests.audits.test_dropped_table_key_drift import THEIRS as ACT_THEIRS

QUANT = "vllm/quant/__init__.py"
BASE = (
    "from typing import Literal, get_args\n\n"
    "Methods = Literal[\n    'awq',\n    'gptq',\n    'hqq',\n]\n"
    "METHODS: list[str] = list(get_args(Methods))\n"
    "LEGACY = ('marlin', 'qqq')\n"
    "_CUSTOM = {}\n\n\n"
    "def register(name: str):\n"
    "    def _wrapper(cls):\n"
    "        if name in METHODS:\n            log(name)\n"
    "        else:\n            METHODS.append(name)\n"
    "        _CUSTOM[name] = cls\n        return cls\n\n    return _wrapper\n\n\n"
    "def get_config(name: str):\n"
    "    if name not in METHODS:\n        raise ValueError(f'Invalid quantization method: {name}')\n"
    "    return _CUSTOM.get(name)\n\n\n"
    "def is_legacy(name: str) -> bool:\n    return name in LEGACY\n"
)
THEIRS = BASE.replace("    'hqq',\n", "").replace("('marlin', 'qqq')", "('marlin',)")
NAMED = "from vllm.quant import get_config, is_legacy, register\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", QUANT: BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {QUANT: theirs})
    return found(audit(git_repo, sides, tmp_path), NAME_DRIFT)


CHOICE_HANDED = [
    (NAMED + "def aeon_cfg():\n    return get_config('hqq')\n", "get_config('hqq')", "error"),
    (NAMED + "def aeon_cfg():\n    return get_config(name='hqq')\n", "name='hqq'", "error"),
    (
        "from vllm import quant\n\n\ndef aeon_cfg():\n    return quant.get_config('hqq')\n",
        "quant.get_config('hqq')",
        "error",
    ),
    # the name spelt once as a module constant: the finding lands where it is spelt
    (NAMED + "AEON_METHOD = 'hqq'\n\n\ndef aeon_cfg():\n    return get_config(AEON_METHOD)\n", "= 'hqq'", "error"),
    # a membership test that answers False now, raising nothing: the caller takes another way
    (NAMED + "def aeon_old():\n    return is_legacy('qqq')\n", "is_legacy('qqq')", "warning"),
]


@pytest.mark.parametrize(
    ("fork", "needle", "severity"),
    CHOICE_HANDED,
    ids=["positional", "keyword", "off-module", "module-constant", "tested-only"],
)
def test_a_dropped_choice_handed_to_its_getter(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str, severity: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12)
    bodies = [text for text, _, _ in CHOICE_HANDED]
    base = {"vllm/__init__.py": "", QUANT: BASE}
    path, rows = row_side_by_side(git_repo, tmp_path, base, bodies, fork, {QUANT: THEIRS}, NAME_DRIFT, "vllm")
    assert [(f.path, f.line, f.severity.value) for f in rows] == [(path, line_of(fork, needle), severity)]


@pytest.mark.parametrize(
    "fork",
    [
        # a name upstream kept
        NAMED + "def aeon_cfg():\n    return get_config('gptq')\n",
        # the fork registers the name itself (the module's registrar adds it back)
        NAMED + "@register('hqq')\nclass AeonHQQ:\n    pass\n\n\ndef aeon_cfg():\n    return get_config('hqq')\n",
        # the fork adds it to the list
        "from vllm import quant\n\nquant.METHODS.append('hqq')\n\n\n"
        "def aeon_cfg():\n    return quant.get_config('hqq')\n",
        # a try catching the refusal, and a guard testing the list first
        NAMED
        + "def aeon_cfg():\n    try:\n        return get_config('hqq')\n    except ValueError:\n        return None\n",
        "from vllm import quant\n\n\ndef aeon_cfg():\n"
        "    if 'hqq' in quant.METHODS:\n        return quant.get_config('hqq')\n    return None\n",
        # a fork test expecting the refusal, which still comes
        "import pytest\n\n" + NAMED + "def test_hqq_refused():\n    with pytest.raises(ValueError):\n"
        "        get_config('hqq')\n",
        # the registrar itself is no getter
        NAMED + "def aeon_reg(cls):\n    return register('hqq')(cls)\n",
        # a constant the fork binds again, and the fork's own getter of the name
        NAMED + "AEON_METHOD = 'hqq'\nAEON_METHOD = 'gptq'\n\n\ndef aeon_cfg():\n    return get_config(AEON_METHOD)\n",
        "def get_config(name):\n    return name\n\n\ndef aeon_cfg():\n    return get_config('hqq')\n",
    ],
    ids=[
        "kept",
        "registered",
        "appended",
        "caught",
        "guarded",
        "expected-refusal",
        "registrar",
        "rebound-constant",
        "own-getter",
    ],
)
def test_the_fork_spellings_that_still_work_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


def test_a_collection_that_is_not_only_strings_is_no_choice_list(git_repo: GitRepo, tmp_path: Path) -> None:
    """A list holding something else than strings (a class, a number) is data, not accepted names."""
    base = BASE.replace("('marlin', 'qqq')", "('marlin', 'qqq', 3)")
    theirs = THEIRS.replace("('marlin',)", "('marlin', 3)")
    fork = NAMED + "def aeon_old():\n    return is_legacy('qqq')\n"
    sides = three_way(git_repo, {"vllm/__init__.py": "", QUANT: base}, {"vllm/aeon_use.py": fork}, {QUANT: theirs})
    assert found(audit(git_repo, sides, tmp_path), NAME_DRIFT) == []


def test_a_dict_tables_key_spelt_as_a_module_constant(git_repo: GitRepo, tmp_path: Path) -> None:
    """The constant is read for a dict table's getter too: #17986's renamed activation key, spelt once."""
    fork = ACT_NAMED + "AEON_ACT = 'gelu_and_mul'\n\n\ndef aeon_act():\n    return get_and_mul(AEON_ACT)\n"
    base = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", ACT: ACT_BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {ACT: ACT_THEIRS})
    rows = found(audit(git_repo, sides, tmp_path), NAME_DRIFT)
    assert rows == [("vllm/aeon_use.py", line_of(fork, "AEON_ACT = "), "error")]


# -- killers167: a method of the collection that raises for a string not in it, with the dropped string --
# #31716 (50632adc58) dropped "auto-round" from DEPRECATED_QUANTIZATION_METHODS, a list no function tests
# a parameter against; a fork's DEPRECATED_QUANTIZATION_METHODS.remove("auto-round") raises at import
DEPRECATED = "DEPRECATED = [\n    'hqq',\n    'rtn',\n]\n"
PLAIN_BASE = BASE + DEPRECATED + "LEGACY_SET = {'marlin', 'qqq'}\n"
PLAIN_THEIRS = THEIRS + DEPRECATED.replace("    'hqq',\n", "") + "LEGACY_SET = {'marlin'}\n"


def _plain_rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", QUANT: PLAIN_BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {QUANT: PLAIN_THEIRS})
    return found(audit(git_repo, sides, tmp_path), NAME_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        ("from vllm.quant import DEPRECATED\n\nDEPRECATED.remove('hqq')\n", "DEPRECATED.remove('hqq')"),
        ("from vllm import quant\n\nAT = quant.LEGACY.index('qqq')\n", "quant.LEGACY.index('qqq')"),
        ("from vllm.quant import LEGACY_SET\n\nLEGACY_SET.remove('qqq')\n", "LEGACY_SET.remove('qqq')"),
    ],
    ids=["list remove", "tuple index off-module", "set remove"],
)
def test_a_raising_method_of_the_collection_with_a_dropped_string(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _plain_rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [
        "from vllm.quant import LEGACY_SET\n\nLEGACY_SET.discard('qqq')\n",  # raises nothing
        "from vllm.quant import DEPRECATED\n\nDEPRECATED.remove('rtn')\n",  # a kept string
        "from vllm.quant import DEPRECATED\n\ntry:\n    DEPRECATED.remove('hqq')\nexcept ValueError:\n    pass\n",
        "from vllm.quant import DEPRECATED\n\nif 'hqq' in DEPRECATED:\n    DEPRECATED.remove('hqq')\n",
        # revCK: a list's count as the test (#32697's "rtn")
        "from vllm.quant import DEPRECATED\n\nif DEPRECATED.count('hqq'):\n    DEPRECATED.remove('hqq')\n",
        "from vllm.quant import DEPRECATED\n\nDEPRECATED.pop(0)\n",  # a position, not the string
    ],
    ids=["discard", "kept", "try", "tested", "counted", "pop position"],
)
def test_twin_a_method_that_cannot_raise_for_the_dropped_string(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _plain_rows(git_repo, tmp_path, fork) == []
