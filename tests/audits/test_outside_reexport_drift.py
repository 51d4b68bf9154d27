"""A name of another package a tree module imported, and so handed on, whose import upstream dropped.

#18763 stopped importing torch's ``is_nccl_available`` into the distributed utils module: a fork that
reached it through that module (``from pkg.dist import utils; utils.is_nccl_available()``, or
``from pkg.dist.utils import is_nccl_available``) fails with AttributeError / ImportError, though the name
was never the tree's own.  Twins: the import kept, the import moved to another spelling of the same name,
and the fork importing the name from its real home.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import MergeSides
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

UTILS = "pkg/dist/utils.py"
BEFORE = (
    "from torch.distributed.distributed_c10d import PrefixStore, is_nccl_available\n\n\n"
    "def stateless_pg(store: PrefixStore) -> str:\n"
    "    return 'nccl' if is_nccl_available() else 'gloo'\n"
)
DROPPED = (
    "from torch.distributed.distributed_c10d import PrefixStore\n\n\n"
    "def stateless_pg(store: PrefixStore) -> str:\n"
    "    return 'nccl'\n"
)
FORK = "pkg/fork/comm.py"
BASE = {"pkg/__init__.py": "", "pkg/dist/__init__.py": "", "pkg/fork/__init__.py": "", UTILS: BEFORE}


def _errors(git_repo: GitRepo, tmp_path: Path, fork: str, upstream: str = DROPPED) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, BASE, {FORK: fork}, {UTILS: upstream})
    return [f for f in found(audit(git_repo, sides, tmp_path), DRIFT) if f[2] == "error"]


def test_a_module_attribute_of_a_dropped_outside_import(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = "from pkg.dist import utils as dist_utils\n\n\ndef backend() -> str:\n    return 'nccl' if dist_utils.is_nccl_available() else 'gloo'\n"
    assert _errors(git_repo, tmp_path, fork) == [(FORK, line_of(fork, "dist_utils.is_nccl_available()"), "error")]


def test_a_from_import_of_a_dropped_outside_import(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = "from pkg.dist.utils import is_nccl_available\n\n\ndef backend() -> bool:\n    return is_nccl_available()\n"
    errors = _errors(git_repo, tmp_path, fork)
    assert (FORK, 1, "error") in errors


def test_twin_the_outside_import_kept(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = "from pkg.dist import utils as dist_utils\n\n\ndef store() -> object:\n    return dist_utils.PrefixStore\n"
    assert _errors(git_repo, tmp_path, fork) == []


def test_twin_the_name_imported_from_its_home(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = "from torch.distributed.distributed_c10d import is_nccl_available\n\n\ndef backend() -> bool:\n    return is_nccl_available()\n"
    assert _errors(git_repo, tmp_path, fork) == []


def test_twin_the_import_moved_under_a_try(git_repo: GitRepo, tmp_path: Path) -> None:
    """Upstream still binds the name at module level (a guarded import): the fork's read still works."""
    guarded = (
        "try:\n    from torch.distributed.distributed_c10d import PrefixStore, is_nccl_available\n"
        "except ImportError:\n    PrefixStore = is_nccl_available = None\n"
    )
    fork = "from pkg.dist import utils as dist_utils\n\n\ndef backend() -> bool:\n    return dist_utils.is_nccl_available()\n"
    assert _errors(git_repo, tmp_path, fork, guarded) == []


def test_twin_a_module_with_a_star_import_of_an_outside_package(git_repo: GitRepo, tmp_path: Path) -> None:
    """A star import from outside the tree may still bind the name: never reported on a guess."""
    starred = "from torch.distributed.distributed_c10d import *  # noqa: F403\n"
    fork = "from pkg.dist import utils as dist_utils\n\n\ndef backend() -> bool:\n    return dist_utils.is_nccl_available()\n"
    assert _errors(git_repo, tmp_path, fork, starred) == []


def test_a_read_of_a_dropped_outside_import_names_its_home(git_repo: GitRepo, tmp_path: Path) -> None:
    """A read (no call) of the name off the module: the message says where to import it from."""
    fork = "from pkg.dist import utils as dist_utils\n\nCHECK = dist_utils.is_nccl_available\n"
    sides = three_way(git_repo, BASE, {FORK: fork}, {UTILS: DROPPED})
    [finding] = [f for f in audit(git_repo, sides, tmp_path).findings if f.rule_id == DRIFT]
    assert (finding.path, finding.line, finding.severity.value) == (FORK, 3, "error")
    assert "no longer imports" in finding.message and "torch.distributed.distributed_c10d" in finding.message


def test_the_handing_module_deleted_says_so(git_repo: GitRepo, tmp_path: Path) -> None:
    """Upstream deleted the module that handed the outside name on: the import fails, and the message
    says the module went (not that it stopped importing the name)."""
    fork = "from pkg.dist.utils import is_nccl_available\n\nFLAG = is_nccl_available\n"
    base_sha, theirs_sha, ours_sha = git_repo.three_way(BASE, [("drop utils", {UTILS: None})], {FORK: fork}, "fork")
    sides = MergeSides(git_repo.path, base_sha, ours_sha, theirs_sha)
    errors = [f for f in audit(git_repo, sides, tmp_path).findings if f.rule_id == DRIFT and f.line == 1]
    assert errors and f"upstream removed {UTILS}" in errors[0].message


# -- guarded reads, the fork's own shim: the name's being gone is the fork's foreseen case ----------------
# Each shape is run twice: the module handed on another package's name (killers76's class) and the module
# defined the name itself; upstream dropping either must leave the fork's guarded use quiet.
OWN_BEFORE = "def is_nccl_available() -> bool:\n    return True\n\n\nclass PrefixStore:\n    pass\n"
OWN_AFTER = "class PrefixStore:\n    pass\n"
UPSTREAMS = pytest.mark.parametrize("before,after", [(BEFORE, DROPPED), (OWN_BEFORE, OWN_AFTER)], ids=["handed", "own"])
CALLS = "\n\ndef backend() -> bool:\n    return dist_utils.is_nccl_available()\n"
GUARDED = {
    "try_fallback": (
        "try:\n    from pkg.dist.utils import is_nccl_available\nexcept ImportError:\n"
        "    from torch.distributed.distributed_c10d import is_nccl_available\n\n\n"
        "def backend() -> bool:\n    return is_nccl_available()\n"
    ),
    "hasattr": (
        "from pkg.dist import utils as dist_utils\n\n\ndef backend() -> bool:\n"
        "    if hasattr(dist_utils, 'is_nccl_available'):\n        return dist_utils.is_nccl_available()\n"
        "    return False\n"
    ),
    "suppress": "import contextlib\nwith contextlib.suppress(ImportError):\n    from pkg.dist.utils import is_nccl_available\n",
    "shim_if_missing": (
        "import torch.distributed.distributed_c10d as _c\nfrom pkg.dist import utils as dist_utils\n"
        "if not hasattr(dist_utils, 'is_nccl_available'):\n    dist_utils.is_nccl_available = _c.is_nccl_available\n"
        + CALLS
    ),
    "shim_in_another_module": "from pkg.dist import utils as dist_utils\n" + CALLS,
}
SHIM = "pkg/fork/compat.py"
SHIM_SRC = "import torch.distributed.distributed_c10d as _c\nfrom pkg.dist import utils\n\nutils.is_nccl_available = _c.is_nccl_available\n"


def _drift(
    git_repo: GitRepo, tmp_path: Path, fork: dict[str, str], before: str, after: str
) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {**BASE, UTILS: before}, fork, {UTILS: after})
    return found(audit(git_repo, sides, tmp_path), DRIFT)


@UPSTREAMS
@pytest.mark.parametrize("shape", sorted(GUARDED))
def test_twin_a_guarded_use_of_the_dropped_name(
    git_repo: GitRepo, tmp_path: Path, shape: str, before: str, after: str
) -> None:
    fork = {FORK: GUARDED[shape], **({SHIM: SHIM_SRC} if shape == "shim_in_another_module" else {})}
    assert [f for f in _drift(git_repo, tmp_path, fork, before, after) if f[2] == "error"] == []


@UPSTREAMS
def test_an_unguarded_shim_the_fork_reads_is_a_warning(
    git_repo: GitRepo, tmp_path: Path, before: str, after: str
) -> None:
    # a shim of the gone name and a patch of upstream's that no longer runs read alike: a warning, not an error
    fork = "import torch.distributed.distributed_c10d as _c\nfrom pkg.dist import utils as dist_utils\n"
    fork += "dist_utils.is_nccl_available = _c.is_nccl_available\n" + CALLS
    assert _drift(git_repo, tmp_path, {FORK: fork}, before, after) == [(FORK, 3, "warning")]


@UPSTREAMS
def test_a_patch_of_the_dropped_name_nothing_reads_stays_an_error(
    git_repo: GitRepo, tmp_path: Path, before: str, after: str
) -> None:
    fork = "from pkg.dist import utils as dist_utils\n\n\ndef mine() -> bool:\n    return False\n\n\n"
    fork += "dist_utils.is_nccl_available = mine\n"
    assert _drift(git_repo, tmp_path, {FORK: fork}, before, after) == [(FORK, line_of(fork, "= mine"), "error")]


@UPSTREAMS
@pytest.mark.parametrize(
    "keep",
    [
        "_upstream = dist_utils.is_nccl_available\n",
        "dist_utils.is_nccl_available = wrap(dist_utils.is_nccl_available)\n",
    ],
    ids=["kept-first", "wrapped-in-place"],
)
def test_a_patch_that_keeps_upstreams_function_reads_it_before_its_own_store(
    git_repo: GitRepo, tmp_path: Path, before: str, after: str, keep: str
) -> None:
    # #40183's shape: ``orig = m.f`` (or ``m.f = wrap(m.f)``) run on import before the file's own store reads
    # upstream's name, gone: an AttributeError at import, not the fork's shim seen by a later read
    fork = "from pkg.dist import utils as dist_utils\n\n\ndef wrap(f):\n    return f\n\n\n" + keep
    if keep.startswith("_upstream"):
        fork += "dist_utils.is_nccl_available = wrap(_upstream)\n"
    errors = [line for path, line, level in _drift(git_repo, tmp_path, {FORK: fork}, before, after) if level == "error"]
    assert line_of(fork, keep.strip()) in errors, errors
