"""Symbol drift through a package's star import: the package's ``__init__`` (``from .parallel_state import *``)
stays the same while the module it stars stops defining a name, so ``from package import name`` fails at import
though no line of the package changed (#15960, 3408e47159, dropped ``get_kv_transfer_group`` and
``ensure_kv_transfer_initialized`` from the parallel state the distributed package stars)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_symbol_drift import found

PKG = "vllm/distributed/__init__.py"
STATE = "vllm/distributed/parallel_state.py"
KV = "vllm/distributed/kv_state.py"
FORK = "vllm/aeon/kv.py"
STARS = "from .parallel_state import *\nfrom .kv_state import *\n"
KV_DEFS = (
    "_KV_TRANSFER = None\n\n\n"
    "def get_kv_transfer_group():\n    return _KV_TRANSFER\n\n\n"
    "def ensure_kv_transfer_initialized(vllm_config) -> None:\n    return None\n"
)
STATE_BASE = "def get_tp_group():\n    return None\n\n\n" + KV_DEFS
STATE_DROPPED = "def get_tp_group():\n    return None\n\n\ndef get_pp_group():\n    return None\n"
KV_BASE = "def kv_ready() -> bool:\n    return True\n"
SUBJECT = "[P/D][V1] KV Connector API V1 (#15960)"


def _findings(git_repo: GitRepo, no_rules: Path, fork: str, kv_after: str = KV_BASE) -> list[tuple[str, int, str]]:
    sides = s.merge_case(
        git_repo,
        {PKG: STARS, STATE: STATE_BASE, KV: KV_BASE},
        {FORK: fork},
        [(SUBJECT, {STATE: STATE_DROPPED, KV: kv_after})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


@pytest.mark.parametrize(
    "fork",
    [
        "from vllm.distributed import get_kv_transfer_group\n",
        "from vllm.distributed import (\n    get_tp_group,\n    ensure_kv_transfer_initialized,\n)\n",
    ],
    ids=["one name", "the gone name in a parenthesised import"],
)
def test_a_name_a_star_import_stopped_handing_on(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    gone = "get_kv_transfer_group" if "get_kv" in fork else "ensure_kv_transfer_initialized"
    results = _findings(git_repo, no_rules, fork + "\n\ndef aeon_kv():\n    return None\n")
    line = next(i for i, text in enumerate(fork.splitlines(), 1) if gone in text)
    assert [(p, n) for p, n, _ in results] == [(FORK, line)]
    assert f"imports {gone} from vllm.distributed" in results[0][2]
    assert f"removed {gone}" in results[0][2] and "#15960" in results[0][2]


@pytest.mark.parametrize(
    ("fork", "kv_after"),
    [
        ("from vllm.distributed import get_tp_group\n", KV_BASE),
        ("from vllm.distributed import get_kv_transfer_group\n", KV_BASE + "\n\n" + KV_DEFS),
        ("from vllm.distributed.parallel_state import get_tp_group\n", KV_BASE),
    ],
    ids=["a name the starred module keeps", "a name moved to another starred module", "the module's own kept name"],
)
def test_a_name_the_package_still_hands_on_is_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, kv_after: str
) -> None:
    assert _findings(git_repo, no_rules, fork + "\n\ndef aeon_kv():\n    return None\n", kv_after) == []


@pytest.mark.parametrize(
    "fork",
    [
        "import vllm.distributed as dist\n\n\ndef aeon_kv():\n    return dist.get_kv_transfer_group()\n",
        "from vllm import distributed\n\n\ndef aeon_kv():\n    return distributed.get_kv_transfer_group()\n",
    ],
    ids=["a package alias", "the package taken off its parent"],
)
def test_a_module_attribute_a_star_import_stopped_handing_on(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    results = _findings(git_repo, no_rules, fork)
    assert [(p, n) for p, n, _ in results] == [(FORK, 5)]
    assert "get_kv_transfer_group" in results[0][2]


def test_a_name_the_package_binds_itself_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The package's own def shadows the star: its names are what they were (upstream did not touch it)."""
    sides = s.merge_case(
        git_repo,
        {PKG: STARS + "\n\ndef get_kv_transfer_group():\n    return None\n", STATE: STATE_BASE, KV: KV_BASE},
        {FORK: "from vllm.distributed import get_kv_transfer_group\n"},
        [(SUBJECT, {STATE: STATE_DROPPED})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []
