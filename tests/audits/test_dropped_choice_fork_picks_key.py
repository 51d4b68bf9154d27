"""A dropped choice the fork puts back or picks around by itself, through a name rather than a literal.

Review 32 of the dropped choice lists (``drift/dropped_table_keys.py``) replayed #32681 (85f55c943c, ``"hqq"`` out
of ``QuantizationMethods``) under correct fork code the literal-only reading took for a lookup that fails: the
fork's own config registered back under a module constant, or by keyword; the constant looked up only where
``if NAME in METHODS`` holds; the constant bound again at module level when the list lacks it (for a dict table
too, #17986).  A name the registrar is handed that the fork does not bind to a string (a loop's variable) may
register the key: a warning.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import NAME_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way
from tests.audits.test_dropped_choice_list_drift import NAMED, _rows
from tests.audits.test_dropped_table_key_drift import ACT
from tests.audits.test_dropped_table_key_drift import BASE as ACT_BASE
from tests.audits.test_dropped_table_key_drift import NAMED as ACT_NAMED
from tests.audits.test_dropped_table_key_drift import THEIRS as ACT_THEIRS

LOOKUP = "\n\ndef aeon_cfg():\n    return get_config(AEON_METHOD)\n"


@pytest.mark.parametrize(
    "fork",
    [
        # the fork's config registered back under the constant it looks the name up by
        NAMED + "AEON_METHOD = 'hqq'\n\n\n@register(AEON_METHOD)\nclass AeonHQQ:\n    pass\n" + LOOKUP,
        # registered back by keyword
        NAMED + "@register(name='hqq')\nclass AeonHQQ:\n    pass\n\n\ndef aeon_cfg():\n    return get_config('hqq')\n",
        # the constant looked up only where the list holds it (and where ``not in`` sent it elsewhere first)
        "from vllm import quant\n\nAEON_METHOD = 'hqq'\n\n\ndef aeon_cfg():\n"
        "    if AEON_METHOD in quant.METHODS and quant:\n        return quant.get_config(AEON_METHOD)\n"
        "    return None\n",
        "from vllm import quant\n\nAEON_METHOD = 'hqq'\n\n\ndef aeon_cfg():\n"
        "    if AEON_METHOD not in quant.METHODS:\n        return None\n    return quant.get_config(AEON_METHOD)\n",
        # the list bound again, or patched, off the module with the name spelt on the line
        "from vllm import quant\n\nquant.METHODS = [*quant.METHODS, 'hqq']\n\n\n"
        "def aeon_cfg():\n    return quant.get_config('hqq')\n",
        "from vllm import quant\n\n\ndef test_aeon_cfg(monkeypatch):\n"
        "    monkeypatch.setattr(quant, 'METHODS', ['hqq'])\n    assert quant.get_config('hqq') is None\n",
        # the lookup only where upstream still ships what the fork probes for, or after an exit where it does not
        "from importlib.util import find_spec\n\n" + NAMED + "def aeon_cfg():\n"
        "    if find_spec('vllm.quant.hqq') is not None:\n        return get_config('hqq')\n    return None\n",
        "from vllm import quant\n\n\ndef aeon_cfg():\n    if not hasattr(quant, 'HQQConfig'):\n        return None\n"
        "    return quant.get_config('hqq')\n",
        # the constant bound again at module level when the list lacks it: the fork picks the key itself
        "from vllm import quant\nfrom vllm.quant import get_config\n\nAEON_METHOD = 'hqq'\n"
        "if AEON_METHOD not in quant.METHODS:\n    AEON_METHOD = 'gptq'\n" + LOOKUP,
    ],
    ids=[
        "constant-registered",
        "keyword-registered",
        "constant-guarded",
        "constant-guard-exits",
        "list-rebound",
        "list-patched",
        "find-spec-probed",
        "hasattr-probed",
        "constant-rebound",
    ],
)
def test_the_fork_picking_the_key_through_a_name_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


def test_a_registrar_handed_a_name_the_fork_does_not_bind_warns(git_repo: GitRepo, tmp_path: Path) -> None:
    """A loop registering the fork's names may register the key: the lookup is a warning, not an error."""
    fork = (
        NAMED + "class AeonHQQ:\n    pass\n\n\nfor _name in ('hqq', 'aeon_hqq'):\n    register(_name)(AeonHQQ)\n\n\n"
        "def aeon_cfg():\n    return get_config('hqq')\n"
    )
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, "get_config('hqq')"), "warning")]


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        # the fork registers a name of its own, under a constant or by keyword: the dropped one stays dropped
        (
            NAMED
            + "AEON_OWN = 'aeon_q'\nAEON_METHOD = 'hqq'\n\n\n@register(AEON_OWN)\nclass AeonQ:\n    pass\n"
            + LOOKUP,
            "AEON_METHOD = 'hqq'",
        ),
        (
            NAMED + "@register(name='aeon_q')\nclass AeonQ:\n    pass\n\n\ndef aeon_cfg():\n"
            "    return get_config('hqq')\n",
            "get_config('hqq')",
        ),
        # a guard testing another name than the constant handed to the getter
        (
            "from vllm import quant\n\nAEON_METHOD = 'hqq'\nAEON_OTHER = 'gptq'\n\n\ndef aeon_cfg():\n"
            "    if AEON_OTHER in quant.METHODS:\n        return quant.get_config(AEON_METHOD)\n    return None\n",
            "AEON_METHOD = 'hqq'",
        ),
        # a probe of another package (the library installed: ``find_spec('hqq.core')``) says nothing of upstream's list
        (
            "from importlib.util import find_spec\n\n" + NAMED + "def aeon_cfg():\n"
            "    if find_spec('hqq.core') is not None:\n        return get_config('hqq')\n    return None\n",
            "get_config('hqq')",
        ),
        # the list bound again without the name
        (
            "from vllm import quant\n\nquant.METHODS = [*quant.METHODS, 'aeon_q']\n\n\n"
            "def aeon_cfg():\n    return quant.get_config('hqq')\n",
            "get_config('hqq')",
        ),
    ],
    ids=["own-constant-registered", "own-keyword-registered", "other-guard", "library-probed", "other-list-rebound"],
)
def test_the_dropped_choice_is_still_caught(git_repo: GitRepo, tmp_path: Path, fork: str, needle: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, needle), "error")]


def test_a_dict_tables_constant_rebound_when_the_table_lacks_it_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """#17986's renamed activation key: the fork's constant of the old key, bound again when the table lacks it."""
    fork = (
        "from vllm.layers import activation\n" + ACT_NAMED + "AEON_ACT = 'gelu_and_mul'\n"
        "if AEON_ACT not in activation._AND_MUL:\n    AEON_ACT = 'geglu'\n\n\n"
        "def aeon_act():\n    return get_and_mul(AEON_ACT)\n"
    )
    base = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", ACT: ACT_BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {ACT: ACT_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), NAME_DRIFT) == []
