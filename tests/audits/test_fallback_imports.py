"""An old import path kept only as the fallback of the new one stays quiet when upstream moves the module.

#47750 (vLLM 60915c972c) moved ``vllm/multimodal/evs.py`` to ``vllm/multimodal/video_prune/evs.py``.  Fork
code written for both sides imports from the new home first and falls back to the old one under
``except ImportError``: on the merged tree the ``try`` succeeds and the fallback never runs, yet symbol
drift blocked the merge on the fallback's line (blind_replay_mmproc's false error).  Killers: the old path
imported plainly, a fallback that binds a name the ``try`` does not, and a ``try`` whose own import is gone
too (then the fallback runs and fails).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

OLD = "pkg/mm/evs.py"
NEW = "pkg/mm/prune/evs.py"
EVS = "def kept_count(tokens: int, frames: int, q: float) -> int:\n    return int(tokens * frames * (1 - q))\n\n\n"
EVS += "def mask(n: int) -> list[bool]:\n    return [True] * n\n"
BASE = {"pkg/__init__.py": "", "pkg/mm/__init__.py": "", OLD: EVS}
MOVED = {OLD: None, "pkg/mm/prune/__init__.py": "", NEW: EVS}
FORK = "pkg/fork/prune.py"
USE = "\n\ndef kept(tokens: int, frames: int) -> int:\n    return kept_count(tokens, frames, 0.5)\n"


def _errors(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, BASE, {"pkg/fork/__init__.py": "", FORK: fork}, MOVED)
    return [f for f in found(audit(git_repo, sides, tmp_path), DRIFT) if f[2] == "error" and f[0] == FORK]


@pytest.mark.parametrize(
    "fork",
    [
        "try:\n    from pkg.mm.prune.evs import kept_count\nexcept ImportError:\n    from pkg.mm.evs import kept_count\n"
        + USE,
        "try:\n    from pkg.mm.prune import evs\nexcept (ImportError, AttributeError):\n    from pkg.mm import evs\n"
        "\n\ndef kept(tokens: int, frames: int) -> int:\n    return evs.kept_count(tokens, frames, 0.5)\n",
        "try:\n    import pkg.mm.prune.evs as evs\nexcept ModuleNotFoundError:\n    import pkg.mm.evs as evs\n",
        "def kept(tokens: int, frames: int) -> int:\n    try:\n        from pkg.mm.prune.evs import kept_count\n"
        "    except ImportError:\n        from pkg.mm.evs import kept_count\n    return kept_count(tokens, frames, 0.5)\n",
    ],
    ids=["a from-import of the name", "a from-import of the module", "a module import", "a lazy import in a function"],
)
def test_twin_the_old_path_as_the_fallback_of_the_new_is_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _errors(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    "fork",
    [
        "try:\n    from pkg.mm.prune.evs import kept_count\nexcept ImportError:\n"
        "    from pkg.mm.evs import kept_count as _kept_count\n\n    kept_count = _kept_count\n" + USE,
        "try:\n    from pkg.mm.prune.evs import kept_count\nexcept ImportError:\n"
        "    from pkg.mm import evs as _evs\n\n    kept_count = _evs.kept_count\n" + USE,
    ],
    ids=["the old name bound to the new one", "the old module's attribute bound to the new name"],
)
def test_twin_a_stand_in_built_from_the_old_path_is_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    """review63 (#36281 moved and renamed ``should_torch_compile_mm_vit``): the handler fetches the old name
    only to bind the try's name to it; where the try resolves the handler never runs, its import nor its
    assignment."""
    assert _errors(git_repo, tmp_path, fork) == []


def test_an_old_name_the_module_reads_after_the_handler_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    """The handler's extra name is read after the ``try``: unbound where the ``try`` succeeds."""
    fork = (
        "try:\n    from pkg.mm.prune.evs import kept_count\n"
        "except ImportError:\n    from pkg.mm.evs import kept_count, mask\n\n\nMASK = mask(4)\n"
    )
    assert (FORK, line_of(fork, "from pkg.mm.evs import"), "error") in _errors(git_repo, tmp_path, fork)


def test_the_old_path_imported_plainly_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = "from pkg.mm.evs import kept_count\n" + USE
    assert _errors(git_repo, tmp_path, fork) == [(FORK, 1, "error")]


def test_a_fallback_binding_a_name_the_try_does_not_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    """``mask`` is bound only by the fallback: after a good ``try`` it is unbound, so the gone path counts."""
    fork = (
        "try:\n    from pkg.mm.prune.evs import kept_count\n"
        "except ImportError:\n    from pkg.mm.evs import kept_count, mask\n" + USE
    )
    assert (FORK, line_of(fork, "from pkg.mm.evs import"), "error") in _errors(git_repo, tmp_path, fork)


def test_a_fallback_under_a_try_whose_own_import_is_gone_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    """The ``try`` names a path the merged tree lacks too: the fallback runs, and its gone path fails."""
    fork = (
        "try:\n    from pkg.mm.evs2 import kept_count\n"
        "except ImportError:\n    from pkg.mm.evs import kept_count\n" + USE
    )
    assert (FORK, line_of(fork, "from pkg.mm.evs import"), "error") in _errors(git_repo, tmp_path, fork)


def test_a_fallback_under_a_try_that_also_calls_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    """A ``try`` that does more than import may raise ImportError on its own: the fallback may run."""
    fork = (
        "import importlib\n\ntry:\n    from pkg.mm.prune.evs import kept_count\n    importlib.import_module('extra')\n"
        "except ImportError:\n    from pkg.mm.evs import kept_count\n" + USE
    )
    assert (FORK, line_of(fork, "from pkg.mm.evs import"), "error") in _errors(git_repo, tmp_path, fork)


def test_a_star_fallback_under_a_named_import_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    """A star fallback binds whatever the old module defined, more than the ``try`` names: it counts."""
    fork = "try:\n    from pkg.mm.prune.evs import kept_count\nexcept ImportError:\n    from pkg.mm.evs import *  # noqa: F403\n"
    assert (FORK, line_of(fork, "from pkg.mm.evs import"), "error") in _errors(git_repo, tmp_path, fork)


@pytest.mark.parametrize(
    "fork",
    [
        "try:\n    from pkg.mm.prune.evs import kept_count\n    HAS_PRUNE = True\n"
        "except ImportError:\n    from pkg.mm.evs import kept_count\n    HAS_PRUNE = False\n" + USE,
        "def kept(tokens: int, frames: int) -> int:\n    try:\n        from pkg.mm.prune.evs import kept_count\n"
        "        moved = True\n    except ImportError:\n        from pkg.mm.evs import kept_count\n"
        "        moved = False\n    del moved\n    return kept_count(tokens, frames, 0.5)\n",
        "import importlib\n\ntry:\n    from pkg.mm.prune import evs\n"
        "except ImportError:\n    evs = importlib.import_module('pkg.mm.evs')\n",
        "try:\n    from pkg.mm.prune.evs import kept_count\n"
        "except ImportError:\n    from pkg.mm import evs as _old\n\n    kept_count = _old.kept_count\n" + USE,
        "try:\n    from pkg.mm.prune.evs import kept_count\n    __all__ = ['kept_count']\n"
        "except ImportError:\n    from pkg.mm.evs import kept_count\n    __all__ = ['kept_count']\n",
    ],
    ids=[
        "a flag of the home that answered",
        "a local flag in a function",
        "import_module",
        "a private helper name",
        "__all__ set in the try",
    ],
)
def test_twin_review62_fallback_spellings_are_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    """review62: a ``try`` that also binds a constant, a handler reaching the old home by ``import_module``
    or through a name only it reads: the handler never runs on the merged tree (all failed on main 4f1360cf)."""
    assert _errors(git_repo, tmp_path, fork) == []


def test_a_private_helper_of_the_fallback_read_after_it_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    """``_old`` is read after the ``try``: a good ``try`` leaves it unbound, so the fallback binding it counts."""
    fork = (
        "try:\n    from pkg.mm.prune.evs import kept_count\n"
        "except ImportError:\n    from pkg.mm import evs as _old\n\n    kept_count = _old.kept_count\n"
        "\n\ndef masked(n: int) -> list[bool]:\n    return _old.mask(n)\n"
    )
    assert (FORK, line_of(fork, "from pkg.mm import evs as _old"), "error") in _errors(git_repo, tmp_path, fork)


def test_a_try_that_binds_a_call_is_no_fallback(git_repo: GitRepo, tmp_path: Path) -> None:
    """Only a constant (or a name) bound in the ``try`` is sure not to raise: a call's result may."""
    fork = (
        "import os\n\ntry:\n    from pkg.mm.prune.evs import kept_count\n    HOME = os.environ['PRUNE_HOME']\n"
        "except ImportError:\n    from pkg.mm.evs import kept_count\n    HOME = ''\n" + USE
    )
    assert (FORK, line_of(fork, "from pkg.mm.evs import"), "error") in _errors(git_repo, tmp_path, fork)
