"""A tuple made an object: upstream annotated a field or a return as one of its own classes where it was a tuple.

#40881 (6d30655b13) made ``NixlEPAll2AllManager._buffer: tuple[Any, int] | None`` a ``_NixlEPBufferState |
None``, a dataclass of the same file: a fork's ``_, ep_size = NixlEPAll2AllManager._buffer`` merges cleanly and
raises TypeError on first use.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

A2A = "vllm/comm/all2all.py"
BASE = (
    "from typing import Any\n\n\n"
    "class NixlManager:\n"
    "    # (buffer, ep_size)\n"
    "    _buffer: tuple[Any, int] | None = None\n\n"
    "    def __init__(self, group) -> None:\n"
    "        self.group = group\n\n"
    "    def state(self) -> tuple[int, int]:\n"
    "        return (1, 2)\n\n"
    "    def handle(self):\n"
    "        buffer, _ = NixlManager._buffer\n"
    "        return buffer\n"
)
STATE = (
    "from dataclasses import dataclass\nfrom typing import Any\n\n\n"
    "@dataclass\n"
    "class _BufferState:\n"
    "    buffer: Any\n"
    "    ep_size: int\n\n\n"
)
THEIRS = STATE + BASE.split("\n\n\n", 1)[1].replace(
    "    # (buffer, ep_size)\n    _buffer: tuple[Any, int] | None = None",
    "    _buffer: _BufferState | None = None",
).replace(
    "def state(self) -> tuple[int, int]:\n        return (1, 2)",
    "def state(self) -> _BufferState:\n        return _BufferState(None, 2)",
).replace("        buffer, _ = NixlManager._buffer\n        return buffer", "        return NixlManager._buffer.buffer")
IMPORT = "from vllm.comm.all2all import NixlManager\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", "vllm/comm/__init__.py": "", A2A: BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {A2A: theirs})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


# The rows of the test below each put one fork module beside the same base and upstream and pin every type-drift
# finding of the merge (one error, on the row's line): no row's module imports another's, so one merge and one audit
# of the six modules side by side answers each of them, a finding anywhere outside them failing every row (6 merges
# and audits became one per process; suitespeed10, as suitespeed8 and 9 did for other files).  The quiet rows keep a
# merge each: there a row's module could be quiet for something another row's module declared.
_BATCHED: dict[str, list[tuple[str, int, str]]] = {}


def _rows_among_errors(git_repo: GitRepo, tmp_path: Path, forks: list[str], fork: str) -> list[tuple[str, int, str]]:
    """``_rows`` of an error row's module (named as ``_rows`` names it), from one audit of every row's module."""
    if not _BATCHED:
        paths = {text: f"vllm/aeon_use_{number}.py" for number, text in enumerate(forks)}
        base = {"vllm/__init__.py": "", "vllm/comm/__init__.py": "", A2A: BASE}
        sides = three_way(git_repo, base, {path: text for text, path in paths.items()}, {A2A: THEIRS})
        every = found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)
        assert {path for path, _, _ in every} <= set(paths.values()), every
        for text, path in paths.items():
            _BATCHED[text] = [("vllm/aeon_use.py", line, level) for at, line, level in every if at == path]
    return _BATCHED[fork]


OBJECTIFIED = [
    (
        IMPORT + "def aeon_ep_size() -> int:\n    if NixlManager._buffer is None:\n        return 0\n"
        "    _, ep_size = NixlManager._buffer\n    return ep_size\n",
        "_, ep_size",
    ),
    (
        IMPORT + "class AeonManager(NixlManager):\n    def aeon_handle(self):\n        return self._buffer[0]\n",
        "self._buffer[0]",
    ),
    (IMPORT + "def aeon_parts(manager: NixlManager) -> int:\n    return len(manager._buffer)\n", "len("),
    (
        IMPORT + "def aeon_sizes(manager: NixlManager) -> list:\n    return [part for part in manager._buffer]\n",
        "for part",
    ),
    (
        IMPORT
        + "def aeon_ep(manager: NixlManager) -> int:\n    first, ep_size = manager.state()\n    return ep_size\n",
        "first, ep_size",
    ),
    (
        IMPORT + "def aeon_ep(manager: NixlManager) -> int:\n    buf = manager._buffer\n    return buf[1]\n",
        "buf[1]",
    ),
]


@pytest.mark.parametrize(
    ("fork", "needle"),
    OBJECTIFIED,
    ids=["class-attribute-unpack", "subclass-subscript", "typed-len", "comprehension", "returned-unpack", "local"],
)
def test_a_tuple_use_of_a_field_or_return_made_a_class(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    forks = [text for text, _ in OBJECTIFIED]
    assert _rows_among_errors(git_repo, tmp_path, forks, fork) == [("vllm/aeon_use.py", line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [
        IMPORT + "def aeon_ready() -> bool:\n    return NixlManager._buffer is not None\n",  # a None test
        IMPORT + "def aeon_ep(manager: NixlManager) -> int:\n    return manager._buffer.ep_size\n",  # the new name
        IMPORT + "def aeon_ep(manager: NixlManager) -> int:\n    buf = manager._buffer\n"
        "    if isinstance(buf, tuple):\n        return buf[1]\n    return buf.ep_size\n",  # both kinds
        IMPORT + "def aeon_ep(manager: NixlManager) -> int:\n    try:\n        _, ep = manager._buffer\n"
        "    except TypeError:\n        ep = manager._buffer.ep_size\n    return ep\n",  # a handler for the new kind
        IMPORT + "class Mine:\n    _buffer: tuple = (1, 2)\n\n\n"
        "def aeon_ep(mine: Mine) -> int:\n    _, ep = mine._buffer\n    return ep\n",  # the fork's own class
        IMPORT + "def aeon_group(manager: NixlManager):\n    a, b = manager.group\n    return a\n",  # not retyped
    ],
    ids=["none-test", "field-by-name", "isinstance-guarded", "caught", "own-class", "other-field"],
)
def test_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


UNPACK = IMPORT + "def aeon_ep(manager: NixlManager) -> int:\n    _, ep = manager._buffer\n    return ep\n"


@pytest.mark.parametrize(
    ("state", "why"),
    [
        (
            "from typing import Any, NamedTuple\n\n\nclass _BufferState(NamedTuple):\n    buffer: Any\n    ep_size: int\n\n\n",
            "a NamedTuple unpacks",
        ),
        (
            "from dataclasses import astuple, dataclass\nfrom typing import Any\n\n\n@dataclass\nclass _BufferState:\n"
            "    buffer: Any\n    ep_size: int\n\n    def __iter__(self):\n        return iter(astuple(self))\n\n\n",
            "the class iterates",
        ),
        (
            "from typing import Any\n\nfrom vllm.other import Base\n\n\nclass _BufferState(Base):\n    buffer: Any\n\n\n",
            "a base from elsewhere may iterate",
        ),
        (
            "from typing import Any\n\nfrom vllm.other import shaped\n\n\n@shaped\nclass _BufferState:\n    buffer: Any\n\n\n",
            "a decorator may add the protocol",
        ),
    ],
    ids=["namedtuple", "dunder-iter", "foreign-base", "decorator"],
)
def test_a_class_that_may_keep_a_tuple_s_shape_is_quiet(
    git_repo: GitRepo, tmp_path: Path, state: str, why: str
) -> None:
    theirs = THEIRS.replace(STATE, state)
    assert _rows(git_repo, tmp_path, UNPACK, theirs) == [], why


def test_a_use_under_a_version_test_warns(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = (
        "import vllm\n\n" + IMPORT + "def aeon_ep(manager: NixlManager) -> int:\n"
        "    if vllm.__version__ < '0.12':\n        _, ep = manager._buffer\n        return ep\n    return 0\n"
    )
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, "_, ep"), "warning")]


SHIM_IMPORT = "from vllm.comm import all2all\n" + IMPORT


@pytest.mark.parametrize(
    "shim",
    [
        "all2all._BufferState.__iter__ = lambda self: iter((self.buffer, self.ep_size))\n\n\n",
        "setattr(all2all._BufferState, '__iter__', lambda self: iter((self.buffer, self.ep_size)))\n\n\n",
        "all2all._BufferState.__getitem__ = lambda self, i: (self.buffer, self.ep_size)[i]\n\n\n",
    ],
    ids=["iter", "setattr", "getitem"],
)
def test_a_shape_the_fork_patches_onto_the_new_class_is_quiet(git_repo: GitRepo, tmp_path: Path, shim: str) -> None:
    """The fork file gives upstream's dataclass the tuple's shape its carries unpack (a shim of its own)."""
    fork = SHIM_IMPORT + shim + UNPACK.removeprefix(IMPORT)
    assert _rows(git_repo, tmp_path, fork) == []


def test_a_shape_patched_in_another_fork_file_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    base = {"vllm/__init__.py": "", "vllm/comm/__init__.py": "", A2A: BASE}
    shims = "from vllm.comm import all2all\n\nall2all._BufferState.__iter__ = lambda self: iter((self.buffer, 0))\n"
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": UNPACK, "vllm/aeon_shims.py": shims}, {A2A: THEIRS})
    assert found(audit(git_repo, sides, tmp_path), TYPE_DRIFT) == []


@pytest.mark.parametrize(
    "shim",
    [
        "all2all._BufferState.__repr__ = lambda self: 'state'\n\n\n",  # another member: no shape
        "all2all._BufferState.__iter__ == None\n\n\n",  # a comparison patches nothing
        "all2all._Other.__iter__ = lambda self: iter(())\n\n\n",  # another class
    ],
    ids=["other-member", "comparison", "other-class"],
)
def test_a_patch_giving_no_shape_keeps_the_error(git_repo: GitRepo, tmp_path: Path, shim: str) -> None:
    fork = SHIM_IMPORT + shim + UNPACK.removeprefix(IMPORT)
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, "_, ep"), "error")]


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        (
            IMPORT + "def aeon_parts(manager: NixlManager) -> int:\n    n = 0\n"
            "    for _part in manager._buffer or ():\n        n += 1\n    return n\n",
            "for _part",
        ),
        (IMPORT + "def aeon_parts() -> int:\n    return len(NixlManager._buffer or [])\n", "len("),
        (
            IMPORT
            + "def aeon_parts(manager: NixlManager) -> list:\n    return [p for p in manager._buffer or tuple()]\n",
            "for p in",
        ),
    ],
    ids=["loop-or-tuple", "len-or-list", "comprehension-or-call"],
)
def test_a_tuple_use_through_an_empty_default_is_found(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    """``x or ()`` stands in only for a falsy value: the new class's object is truthy and iterated as it is."""
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [
        IMPORT + "def aeon_parts(manager: NixlManager) -> list:\n    return [p for p in manager.group or ()]\n",
        IMPORT + "def aeon_ep(manager: NixlManager) -> int:\n    buf = manager._buffer\n"
        "    if isinstance(buf, tuple):\n        return len(buf or ())\n    return buf.ep_size\n",
        IMPORT + "def aeon_ready(manager: NixlManager) -> bool:\n    return bool(manager._buffer or ())\n",
    ],
    ids=["other-field", "isinstance-guarded", "only-tested"],
)
def test_twins_through_an_empty_default_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []
