"""Container drift of an array made a builtin kind: upstream annotated a field or a property as a ``list``
(a ``dict``, an ``int`` ...) where it was a ``torch.Tensor`` or an ``np.ndarray``, and a fork line calls on
the value an array method no builtin kind has, or calls one on an element of a sequence of numbers
(#40143: ``PlaceholderRange.embeds_cumsum``, a ``cached_property`` returning ``torch.Tensor | None``,
became ``list[int] | None``; ``pos.embeds_cumsum.to(device)`` and ``pos.embeds_cumsum[-1].item()`` merge
cleanly and raise).  A property's return is read as a field (``x.name``, no call).  Twins: ``int()`` of an
element, arithmetic, the value wrapped in a tensor first, an ``isinstance`` test, an untyped receiver, a
sequence of tensors (its element still has ``item()``), a method a list has too."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

INIT = "pkg/__init__.py"
LIB = "pkg/inputs.py"
USE = "pkg/aeon_inputs.py"
OLD = """from dataclasses import dataclass
from functools import cached_property

import torch


@dataclass
class PlaceholderRange:
    offset: int
    length: int
    is_embed: torch.Tensor | None = None
    lengths: torch.Tensor | None = None
    pair: torch.Tensor | None = None

    @cached_property
    def embeds_cumsum(self) -> torch.Tensor | None:
        return None if self.is_embed is None else self.is_embed.cumsum(dim=0)

    @property
    def masks(self) -> torch.Tensor:
        return self.is_embed
"""
NEW = (
    OLD.replace(
        "def embeds_cumsum(self) -> torch.Tensor | None:\n"
        "        return None if self.is_embed is None else self.is_embed.cumsum(dim=0)",
        "def embeds_cumsum(self) -> list[int] | None:\n"
        "        return None if self.is_embed is None else self.is_embed.cumsum(dim=0).tolist()",
    )
    .replace("lengths: torch.Tensor | None = None", "lengths: list[int] | None = None")
    .replace("pair: torch.Tensor | None = None", "pair: tuple[int, torch.Tensor] | None = None")
    .replace("def masks(self) -> torch.Tensor:", "def masks(self) -> list[torch.Tensor]:")
)
HEAD = "import torch\n\nfrom pkg.inputs import PlaceholderRange\n\n\n"
_P = "def f(pos: PlaceholderRange, device):\n    c = pos.embeds_cumsum\n"

# The error rows of three tests below each put one fork module beside the same base and upstream, and each row's
# test pins its own module's findings exactly: no row's module imports another's, so one merge and one audit of
# every row's module side by side answers each row (15 merges and audits became one per process; suitespeed7).  A
# row that puts a field back on the library's class (``PR.lengths = None``) keeps its own merge: a put-back is read
# across the fork's modules, so it could quiet another row's read.  The quiet rows keep a merge each.
_ERROR_TEXTS: list[str] = []
_AUDITED: dict[tuple[str, ...], dict[str, list[tuple[str, int, str]]]] = {}


def _error_rows(head: str, rows: list[tuple[str, str]]) -> list[tuple[str, str]]:
    _ERROR_TEXTS.extend(head + body for body, _ in rows if " = None\n" not in body)
    return rows


def _among_errors(git_repo: GitRepo, tmp_path: Path, text: str) -> list[tuple[str, int, str]]:
    """The findings in ``text``'s module, from the one audit of every error row's module (each read as ``USE``)."""
    texts = tuple(dict.fromkeys(_ERROR_TEXTS))
    if text not in texts:
        sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: text}, {LIB: NEW})
        return found(audit(git_repo, sides, tmp_path), RULE)
    if texts not in _AUDITED:
        paths = {each: f"pkg/aeon_inputs_{number}.py" for number, each in enumerate(texts)}
        ours = {path: each for each, path in paths.items()}
        sides = three_way(git_repo, {INIT: "", LIB: OLD}, ours, {LIB: NEW})
        every = found(audit(git_repo, sides, tmp_path), RULE)
        assert all(path in paths.values() for path, _, _ in every), every
        _AUDITED[texts] = {
            each: [(USE, line, severity) for at, line, severity in every if at == path] for each, path in paths.items()
        }
    return _AUDITED[texts][text]


@pytest.mark.parametrize(
    ("body", "needle"),
    _error_rows(
        HEAD,
        [
            ("def f(pos: PlaceholderRange, device):\n    return pos.embeds_cumsum.to(device)\n", "to(device)"),
            ("def f(pos: PlaceholderRange):\n    cumsum = pos.embeds_cumsum\n    return cumsum.tolist()\n", "tolist"),
            ("def f(pos: PlaceholderRange):\n    return pos.embeds_cumsum[-1].item()\n", "item()"),
            ("def f(pos: PlaceholderRange):\n    return pos.lengths.sum()\n", "sum()"),
            ("class Aeon(PlaceholderRange):\n    def f(self):\n        return self.embeds_cumsum.numel()\n", "numel"),
        ],
    ),
    ids=["a property's value", "a local bound to it", "an element", "a field", "a subclass's self."],
)
def test_an_array_method_on_a_value_made_a_list(git_repo: GitRepo, tmp_path: Path, body: str, needle: str) -> None:
    text = HEAD + body
    assert _among_errors(git_repo, tmp_path, text) == [(USE, line_of(text, needle), "error")]


@pytest.mark.parametrize(
    "body",
    [
        "def f(pos: PlaceholderRange):\n    return int(pos.embeds_cumsum[-1])\n",
        "def f(pos: PlaceholderRange):\n    return pos.embeds_cumsum[-1] + 1\n",
        "def f(pos: PlaceholderRange, device):\n    return torch.tensor(pos.embeds_cumsum).to(device)\n",
        "def f(pos: PlaceholderRange, device):\n    c = pos.embeds_cumsum\n"
        "    if isinstance(c, torch.Tensor):\n        return c.to(device)\n    return c\n",
        "def f(pos, device):\n    return pos.embeds_cumsum.to(device)\n",
        "def f(pos: PlaceholderRange):\n    return pos.masks[0].item()\n",
        "def f(pos: PlaceholderRange):\n    return sorted(pos.embeds_cumsum)\n",
        "def f(pos: PlaceholderRange):\n    return pos.pair[1].item()\n",
        _P + "    if isinstance(c, torch.Tensor):\n        return c[-1].item()\n    return c[-1]\n",
        "def f(pos: PlaceholderRange):\n    if isinstance(pos.embeds_cumsum, torch.Tensor):\n"
        "        return pos.embeds_cumsum[-1].item()\n    return pos.embeds_cumsum[-1]\n",
        _P + "    if not isinstance(c, torch.Tensor):\n        return c[-1]\n    return c[-1].item()\n",
        _P + "    if isinstance(c, list):\n        return c[-1]\n    return c[-1].item()\n",
        _P + "    return c[-1].item() if isinstance(c, torch.Tensor) else c[-1]\n",
        _P + "    if torch.is_tensor(c):\n        return c.to(device)\n    return c\n",
        _P + "    if not torch.is_tensor(c):\n        return c\n    return c.to(device)\n",
        _P + "    if type(c) is list:\n        return sum(c)\n    return c.sum()\n",
        "from functools import cached_property\n\n\ndef _cumsum(self):\n    return self.is_embed.cumsum(0)\n\n\n"
        "PlaceholderRange.embeds_cumsum = cached_property(_cumsum)\n\n\n"
        "def f(pos: PlaceholderRange):\n    return pos.embeds_cumsum.numel()\n",
        'setattr(PlaceholderRange, "embeds_cumsum", property(lambda self: self.is_embed.cumsum(0)))\n\n\n'
        "def f(pos: PlaceholderRange):\n    return pos.embeds_cumsum[-1].item()\n",
    ],
    ids=[
        "int() of an element",
        "arithmetic",
        "wrapped first",
        "isinstance",
        "untyped",
        "tensors held",
        "sorted",
        "a tuple holding a tensor",
        "an element under isinstance of its container",
        "an element under isinstance of the field",
        "an element after an exiting not-isinstance",
        "an element after an exiting isinstance of the new kind",
        "an element in a conditional expression",
        "torch.is_tensor",
        "an exiting not torch.is_tensor",
        "an exiting type() is list",
        "the property put back on the class",
        "the property put back by setattr",
    ],
)
def test_array_made_a_list_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: HEAD + body}, {LIB: NEW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


@pytest.mark.parametrize(
    ("body", "needle"),
    _error_rows(
        HEAD,
        [
            (_P + "    if isinstance(c, list):\n        return c[-1].item()\n    return c\n", "item()"),
            (_P + "    if type(c) is list:\n        return c.to(device)\n    return c\n", "to(device)"),
            (
                "def f(pos: PlaceholderRange):\n    if pos.embeds_cumsum == 0:\n        return 0\n"
                "    return pos.embeds_cumsum.numel()\n",
                "numel",
            ),
        ],
    ),
    ids=["an element under a test of the new kind", "type() is the new kind", "compared, not put back"],
)
def test_kind_tests_of_the_new_kind_still_fail(git_repo: GitRepo, tmp_path: Path, body: str, needle: str) -> None:
    """A test that the value is the new kind, or a comparison of the field (no assignment), guards nothing."""
    text = HEAD + body
    assert _among_errors(git_repo, tmp_path, text) == [(USE, line_of(text, needle), "error")]


def test_a_property_put_back_by_another_fork_module(git_repo: GitRepo, tmp_path: Path) -> None:
    """The shim lives in its own fork module (imported for its effect): the read elsewhere is the fork's."""
    shim = (
        "from pkg.inputs import PlaceholderRange\n\nPlaceholderRange.embeds_cumsum = property(lambda s: s.is_embed)\n"
    )
    use = HEAD + "def f(pos: PlaceholderRange, device):\n    return pos.embeds_cumsum.to(device)\n"
    sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: use, "pkg/aeon_shims.py": shim}, {LIB: NEW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


_SEQ = "from collections.abc import Sequence\n\n\n"


@pytest.mark.parametrize(
    "text",
    [
        HEAD + _P + "    return c[-1] if isinstance(c[-1], int) else c[-1].item()\n",
        HEAD + _P + "    if type(c[-1]) is int:\n        return c[-1]\n    return c[-1].item()\n",
        HEAD + _SEQ + _P + "    if isinstance(c, Sequence):\n        return c[-1]\n    return c[-1].item()\n",
        HEAD + _SEQ + _P + "    if isinstance(c, Sequence):\n        return torch.tensor(c).to(device)\n"
        "    return c.to(device)\n",
        HEAD + _P + "    if type(c) in (list, tuple):\n        return sum(c)\n    return c.sum()\n",
        HEAD + "from functools import cached_property\nfrom pkg.inputs import PlaceholderRange as PR\n\n\n"
        "PR.embeds_cumsum = cached_property(lambda s: s.is_embed.cumsum(0))\n\n\n"
        "def f(pos: PlaceholderRange, device):\n    return pos.embeds_cumsum.to(device)\n",
        HEAD + "from typing import Any\n\n\n"
        "PlaceholderRange.embeds_cumsum: Any = property(lambda s: s.is_embed.cumsum(0))\n\n\n"
        "def f(pos: PlaceholderRange, device):\n    return pos.embeds_cumsum.to(device)\n",
        "import torch\n\nfrom otherlib.inputs import PlaceholderRange\n\n\n"
        "def g(pos: PlaceholderRange, device):\n    return pos.embeds_cumsum.to(device)\n",
        HEAD + _P + "    if isinstance(c, list | tuple):\n        return sum(c)\n    return c.sum()\n",
        HEAD + _P + "    if c is None or isinstance(c, list):\n        return c\n    return c.to(device)\n",
        HEAD
        + _P
        + "    match c:\n        case list():\n            return c\n        case _:\n            return c.to(device)\n",
        HEAD + _P + "    match c:\n        case [*_]:\n            return c\n    return c.to(device)\n",
        HEAD + "import numpy as np\n\n\n" + _P + "    if isinstance(c, torch.Tensor) or isinstance(c, np.ndarray):\n"
        "        return c.to(device)\n    return c\n",
    ],
    ids=[
        "an element's own kind tested",
        "an element's type() is its kind, exiting",
        "isinstance Sequence, an element",
        "isinstance Sequence, a method",
        "type() in a tuple",
        "put back through an alias",
        "put back by an annotated assignment",
        "a library's namesake class",
        "isinstance of a PEP 604 union",
        "an or-ed exiting test",
        "an earlier match arm",
        "an exiting sequence pattern",
        "an or of old-kind tests",
    ],
)
def test_kind_tests_spelled_otherwise_stay_quiet(git_repo: GitRepo, tmp_path: Path, text: str) -> None:
    """revAJ: the new kind told apart by an ``or``, a union, ``type() in``, an abstract ``Sequence``, the
    element's own kind, a ``match`` arm; the property put back through an alias; a library's namesake."""
    sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: text}, {LIB: NEW})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


@pytest.mark.parametrize(
    ("text", "needle"),
    _error_rows(
        "",
        [
            (
                HEAD
                + _P
                + "    if c is None or isinstance(c, torch.Tensor):\n        return c\n    return c.to(device)\n",
                "to(",
            ),
            (
                HEAD
                + _P
                + "    if c is not None and isinstance(c, list):\n        return c\n    return c.to(device)\n",
                "to(",
            ),
            (HEAD + _P + "    return c[-1] if isinstance(c[-1], float) else c[-1].item()\n", "item()"),
            (
                HEAD
                + _P
                + "    if isinstance(c, torch.Tensor) or isinstance(c, list):\n        return c.to(device)\n    return c\n",
                "to(",
            ),
            (HEAD + _P + "    match c:\n        case [x, y]:\n            return c\n    return c.to(device)\n", "to("),
            (
                HEAD
                + _P
                + "    match c:\n        case list() if device:\n            return c\n    return c.to(device)\n",
                "to(",
            ),
            (
                "import torch\n\nfrom .inputs import PlaceholderRange\n\n\n"
                "def g(pos: PlaceholderRange, device):\n    return pos.embeds_cumsum.to(device)\n",
                "to(",
            ),
            (
                HEAD + "from pkg.inputs import PlaceholderRange as PR\n\n\nPR.lengths = None\n\n\n"
                "def f(pos: PlaceholderRange, device):\n    return pos.embeds_cumsum.to(device)\n",
                "to(",
            ),
        ],
    ),
    ids=[
        "an or-ed test of the old kind",
        "an and-ed test",
        "an element tested for another kind",
        "an or with a test of the new kind",
        "a sequence pattern of two",
        "a guarded match arm",
        "a relative import",
        "another field put back through an alias",
    ],
)
def test_kind_tests_that_keep_nothing_off_still_fail(git_repo: GitRepo, tmp_path: Path, text: str, needle: str) -> None:
    """Killers beside the twins above: the test refutes the old kind, or only part of the new one."""
    assert _among_errors(git_repo, tmp_path, text) == [(USE, line_of(text, needle), "error")]
