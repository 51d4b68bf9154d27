"""Symbol drift: a name upstream now binds only under ``if TYPE_CHECKING:`` (drift/checking_only.py).

#25893 moved ``_Backend`` to vllm/attention/backends/registry.py; vllm/platforms/interface.py kept it for
annotations (``if TYPE_CHECKING: from ... import _Backend`` / ``else: _Backend = None``).  A fork's
``from vllm.platforms.interface import _Backend`` still imports, and ``_Backend.FLASHINFER`` raises
AttributeError on ``None``; with no placeholder the import raises ImportError.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

IFACE = "vllm/platforms/interface.py"
REGISTRY = "vllm/attention/backends/registry.py"
ENUM = "import enum\n\n\nclass _Backend(enum.Enum):\n    FLASH_ATTN = 1\n    FLASHINFER = 2\n"
TAIL = "\n\ndef current() -> str:\n    return 'cuda'\n"
IFACE_BASE = ENUM + TAIL
CHECKING = (
    "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from vllm.attention.backends.registry import _Backend\n"
)
IFACE_NONE = CHECKING + "else:\n    _Backend = None\n" + TAIL
IFACE_GONE = CHECKING + TAIL
IFACE_KEPT = CHECKING + "else:\n    from vllm.attention.backends.registry import _Backend\n" + TAIL
IFACE_LAZY = (
    IFACE_GONE
    + "\n\ndef __getattr__(name: str):\n    import importlib\n\n    return getattr(importlib.import_module('vllm.attention.backends.registry'), name)\n"
)
FORK = "vllm/aeon/backend.py"
FORK_BASE = "def aeon_default():\n    return None\n"
IMPORT = "from vllm.platforms.interface import _Backend\n\n\n"


@pytest.mark.parametrize(
    ("iface", "fork", "line"),
    [
        (IFACE_NONE, IMPORT + "def aeon_default():\n    return _Backend.FLASHINFER\n", 5),
        (IFACE_NONE, IMPORT + "def aeon_default(name: str):\n    return _Backend[name]\n", 5),
        (IFACE_NONE, IMPORT + "def aeon_default(b):\n    return isinstance(b, _Backend)\n", 5),
        (IFACE_GONE, IMPORT + "def aeon_default():\n    return _Backend.FLASHINFER\n", 1),
        # twins: an annotation only; a use under a test of the name; an import for type checkers; a runtime
        # binding kept; a module __getattr__ serving it; the fork module binding the name again itself
        (IFACE_NONE, IMPORT + "def aeon_default(b: _Backend) -> _Backend:\n    return b\n", None),
        (
            IFACE_NONE,
            IMPORT + "def aeon_default():\n    return _Backend.FLASHINFER if _Backend is not None else None\n",
            None,
        ),
        (
            IFACE_NONE,
            "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from vllm.platforms.interface import _Backend\n\n\n"
            "def aeon_default(b: '_Backend'):\n    return b.name\n",
            None,
        ),
        (IFACE_KEPT, IMPORT + "def aeon_default():\n    return _Backend.FLASHINFER\n", None),
        # fixAX: an early exit on the placeholder, an ``and``/``or`` operand testing it; an exit on its
        # presence guards nothing (the killer stays)
        (
            IFACE_NONE,
            IMPORT
            + "def aeon_default():\n    if _Backend is None:\n        return None\n    return _Backend.FLASHINFER\n",
            None,
        ),
        (IFACE_NONE, IMPORT + "def aeon_default():\n    return _Backend and _Backend.FLASHINFER\n", None),
        (IFACE_NONE, IMPORT + "def aeon_default():\n    return not _Backend or _Backend.FLASHINFER\n", None),
        (
            IFACE_NONE,
            IMPORT
            + "def aeon_default():\n    if _Backend is not None:\n        return 1\n    return _Backend.FLASHINFER\n",
            7,
        ),
        (IFACE_LAZY, IMPORT + "def aeon_default():\n    return _Backend.FLASHINFER\n", None),
        (
            IFACE_NONE,
            IMPORT + "from vllm.attention.backends.registry import _Backend  # noqa: F811\n\n\n"
            "def aeon_default():\n    return _Backend.FLASHINFER\n",
            None,
        ),
    ],
)
def test_a_name_bound_for_type_checkers_only(
    git_repo: GitRepo, no_rules: Path, iface: str, fork: str, line: int | None
) -> None:
    sides = s.merge_case(
        git_repo,
        {IFACE: IFACE_BASE, FORK: FORK_BASE},
        {FORK: fork},
        [("[Attention] Move Backend enum into registry (#25893)", {IFACE: iface, REGISTRY: ENUM})],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK and r[2] == "error"]
    assert [r[1] for r in rows if "TYPE_CHECKING" in r[3]] == ([line] if line else []), rows
    if line:
        message = next(r[3] for r in rows if "TYPE_CHECKING" in r[3])
        assert "#25893" in message and "vllm.attention.backends.registry" in message
        assert ("ImportError" if line == 1 else "AttributeError") in message


REG_ALL = ENUM + "\n__all__ = ['_Backend']\n"
LAZY_BODY = (
    "    import importlib\n\n    return getattr(importlib.import_module('vllm.attention.backends.registry'), name)\n"
)
IFACE_GETATTR_ASSIGN = IFACE_GONE + "\n\ndef _lazy(name: str):\n" + LAZY_BODY + "\n\n__getattr__ = _lazy\n"
USE = "def aeon_default():\n    return _Backend.FLASHINFER\n"


@pytest.mark.parametrize(
    ("iface", "fork"),
    [
        # upstream serves the name at run time: a module __getattr__ bound by an assignment (one defined
        # under the TYPE_CHECKING block's else, or a run-time star import, was quiet already)
        (IFACE_GETATTR_ASSIGN, IMPORT + USE),
        (
            IFACE_GETATTR_ASSIGN,
            "from vllm.platforms import interface\n\n\ndef aeon_default():\n    return interface._Backend\n",
        ),
        # the use reads a local of the name (a re-import, a parameter), or runs in a try written for it failing
        (
            IFACE_NONE,
            IMPORT + "def aeon_default(b: _Backend):\n"
            "    from vllm.attention.backends.registry import _Backend\n\n    return _Backend.FLASHINFER\n",
        ),
        (IFACE_NONE, IMPORT + "def aeon_default(_Backend):\n    return _Backend.FLASHINFER\n"),
        (
            IFACE_NONE,
            IMPORT + "def aeon_default():\n    try:\n        return _Backend.FLASHINFER\n"
            "    except AttributeError:\n        return None\n",
        ),
        (
            IFACE_GONE,
            "from vllm.platforms import interface\n\n\ndef aeon_default(interface):\n    return interface._Backend\n",
        ),
    ],
)
def test_a_name_served_at_run_time_or_read_locally_is_quiet(
    git_repo: GitRepo, no_rules: Path, iface: str, fork: str
) -> None:
    sides = s.merge_case(
        git_repo,
        {IFACE: IFACE_BASE, FORK: FORK_BASE},
        {FORK: fork},
        [("[Attention] Move Backend enum into registry (#25893)", {IFACE: iface, REGISTRY: REG_ALL})],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK and r[2] == "error"]
    assert rows == [], rows
