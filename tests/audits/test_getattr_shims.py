"""A module whose ``__getattr__`` answers a finite set of names (a deprecation shim): symbol drift.

Shaped like real vLLM changes: #27588 (f58d9b6404) moved ``Device`` and ``Counter`` out of
``vllm/utils/__init__.py``, whose ``__getattr__`` answers only the keys of ``_DEPRECATED_MAPPINGS``;
#35441 (e113a30113) removed ``vllm.multimodal.utils.__getattr__``, which answered only
``MEDIA_CONNECTOR_REGISTRY``.  A module with any ``__getattr__`` used to answer every name, so a fork import
of a name the module stopped binding was never checked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/utils/__init__.py"
SHIM = """import enum
import warnings
from typing import Any

_DEPRECATED_MAPPINGS = {
    "get_open_port": "network_utils",
}


def __getattr__(name: str) -> Any:
    if name in _DEPRECATED_MAPPINGS:
        warnings.warn(f"vllm.utils.{name} is deprecated", DeprecationWarning, stacklevel=2)
        module = __import__(f"vllm.utils.{_DEPRECATED_MAPPINGS[name]}", fromlist=[name])
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def random_uuid() -> str:
    return "x"
"""
DEVICE = """

class Device(enum.Enum):
    GPU = enum.auto()
    CPU = enum.auto()
"""
NETWORK = "vllm/utils/network_utils.py"
FORK = "vllm/aeon/devices.py"
SUBJECT = "[Misc] Separate out `utils.counter` and move `utils.Device` to engine (#27588)"


def rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream_utils: str) -> list:
    sides = s.merge_case(
        git_repo,
        {UTILS: SHIM + DEVICE, NETWORK: "def get_open_port() -> int:\n    return 0\n", "vllm/__init__.py": ""},
        {FORK: fork},
        [(SUBJECT, {UTILS: upstream_utils})],
    )
    return s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)


@pytest.mark.parametrize(
    "fork",
    ["from vllm.utils import Device\n\nGPU = Device.GPU\n", "import vllm.utils\n\nGPU = vllm.utils.Device.GPU\n"],
    ids=["from-import", "attribute"],
)
def test_a_name_moved_out_of_a_module_with_a_closed_getattr_is_an_error(
    git_repo: GitRepo, no_rules: Path, fork: str
) -> None:
    found = [(line, sev) for _, line, sev, _ in rows(git_repo, no_rules, fork, SHIM)]
    assert (1 if fork.startswith("from") else 3, "error") in found


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the shim still answers the deprecated name
        ("from vllm.utils import get_open_port, random_uuid\n\nPORT = get_open_port()\n", SHIM),
        # an open __getattr__ (a computed lookup) may answer any name: unknown, not gone
        (
            "from vllm.utils import Device\n",
            SHIM.replace("if name in _DEPRECATED_MAPPINGS:", 'if name.startswith("get_"):'),
        ),
        # a __getattr__ that falls through without raising answers every name
        ("from vllm.utils import Device\n", SHIM.replace("    raise AttributeError", "    return None  #")),
        # a table the module grows at import time answers more than its literal's keys
        ("from vllm.utils import Device\n", SHIM + '\n_DEPRECATED_MAPPINGS["Device"] = "devices"\n'),
        # names bound through globals(): no statement spells them
        ("from vllm.utils import Device\n", SHIM + '\nfor _n in ("Device",):\n    globals()[_n] = object\n'),
    ],
    ids=["still served", "open getattr", "falls through", "grown table", "globals"],
)
def test_closed_getattr_twins(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str) -> None:
    assert [r for r in rows(git_repo, no_rules, fork, upstream) if r[2] == "error"] == []


MM_UTILS = "vllm/multimodal/utils.py"
MEDIA = "vllm/multimodal/media/__init__.py"
MM_SHIM = """import warnings


def fetch_image(url: str) -> bytes:
    return b""


def __getattr__(name: str):
    if name == "MEDIA_CONNECTOR_REGISTRY":
        from .media import MEDIA_CONNECTOR_REGISTRY

        warnings.warn("moved to vllm.multimodal.media", DeprecationWarning, stacklevel=2)
        return MEDIA_CONNECTOR_REGISTRY

    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
"""
MM_FORK = "vllm/aeon/media.py"


def mm_rows(git_repo: GitRepo, no_rules: Path, fork: str) -> list:
    upstream = MM_SHIM[: MM_SHIM.index("def __getattr__")].rstrip() + "\n"
    sides = s.merge_case(
        git_repo,
        {MM_UTILS: MM_SHIM, MEDIA: "MEDIA_CONNECTOR_REGISTRY = {}\n", "vllm/multimodal/__init__.py": ""},
        {MM_FORK: fork},
        [("[Deprecation] Deprecate code in 0.17 as scheduled (#35441)", {MM_UTILS: upstream})],
    )
    return s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)


def test_a_name_only_a_removed_shim_getattr_answered_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    found = mm_rows(git_repo, no_rules, "from vllm.multimodal.utils import MEDIA_CONNECTOR_REGISTRY\n")
    assert [(path, line, sev) for path, line, sev, _ in found] == [(MM_FORK, 1, "error")]
    assert "MEDIA_CONNECTOR_REGISTRY" in found[0][3]


def test_the_name_from_its_new_home_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    assert mm_rows(git_repo, no_rules, "from vllm.multimodal.media import MEDIA_CONNECTOR_REGISTRY\n") == []


def _nested(shim: str) -> str:
    """The shim's ``__getattr__`` defined inside an ``if`` (a version gate), the rest unchanged."""
    start = shim.index("def __getattr__")
    end = shim.index("\n\n\n", start)
    hook = "".join(f"    {line}" if line else "" for line in shim[start:end].splitlines(keepends=True))
    return shim[:start] + "import sys\n\nif sys.version_info >= (3, 7):\n" + hook + shim[end:]


def test_a_name_moved_out_under_a_closed_getattr_inside_an_if_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """killers46: a ``__getattr__`` defined under an ``if`` counted as answering every name."""
    found = [
        (line, sev) for _, line, sev, _ in rows(git_repo, no_rules, "from vllm.utils import Device\n", _nested(SHIM))
    ]
    assert (1, "error") in found


@pytest.mark.parametrize(
    "upstream",
    [
        _nested(SHIM) + "\n\nclass Device:\n    pass\n",
        # another hook in the else branch that answers any name keeps the module open
        _nested(SHIM).replace(
            "\n\n\ndef random_uuid",
            "\nelse:\n\n    def __getattr__(name: str) -> Any:\n        return None\n\n\ndef random_uuid",
        ),
    ],
    ids=["still bound", "an open hook in the else branch"],
)
def test_a_closed_getattr_inside_an_if_twins(git_repo: GitRepo, no_rules: Path, upstream: str) -> None:
    assert [r for r in rows(git_repo, no_rules, "from vllm.utils import Device\n", upstream) if r[2] == "error"] == []
