"""A fork test's double on a member the upstream function it steers no longer reaches (drift/stale_doubles.py).

#35568 (06d020bb6e) made ``get_marlin_input_dtype`` ask ``current_platform.is_device_capability_family(120)``
instead of ``is_device_capability(120)``: a fork test's ``mock.patch.object(current_platform,
"is_device_capability", ...)`` around the call installs cleanly and decides nothing (blind_replay_marlinfp4).
Warnings: a ``with`` item, a decorator, a ``monkeypatch.setattr`` statement, a dotted ``mock.patch`` target, a
call off an imported module.  Quiet: a member the function still reads (or reads through a helper of its file),
a read dropped with no new member read in its place, a double steering no changed function, a function of the
fork's own, a ``monkeypatch.setattr`` after the call; review137: quiet where the test doubles the new member
too or doubles the fork's own class, warned for an alias of the imported object or an unrelated sibling double.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

LIB = "pkg/gates.py"
LIB_BASE = """from pkg import platform
from pkg.platform import envs


def input_dtype() -> str:
    if envs.MODE == "fp8":
        if not platform.current.is_capability(89) and not platform.current.is_capability(120):
            raise ValueError("fp8 needs SM89 or SM120")
        return "fp8"
    return "int8"


def _mode() -> str:
    return envs.MODE


def kept(x: int) -> str:
    return _mode() + str(platform.current.is_capability(x))


def untouched() -> bool:
    return platform.current.is_capability(90)


def two() -> bool:
    return platform.current.is_capability(90) or platform.current.is_capability(100)
"""
LIB_AFTER = LIB_BASE.replace(
    "not platform.current.is_capability(89) and not platform.current.is_capability(120)",
    "not platform.current.is_capability(89) and not platform.current.is_family(120)",
).replace(
    "return _mode() + str(platform.current.is_capability(x))",
    "return _mode() + str(_cap(x))\n\n\ndef _cap(x: int) -> bool:\n    return platform.current.is_capability(x)",
)
PLATFORM = "class _P:\n    def is_capability(self, c):\n        return False\n\n    def is_family(self, c):\n        return False\n\n\ncurrent = _P()\n\n\nclass envs:\n    MODE = None\n"
SUBJECT = "[Bugfix] Fix SM121 (DGX Spark) exclusion from Marlin/CUTLASS FP8 paths (#35568)"
HEAD = "from unittest import mock\n\nimport pkg.gates as gates\nfrom pkg import platform\nfrom pkg.gates import input_dtype, kept, two, untouched\n\n\n"

FOUND = {
    "with-patch-object": HEAD
    + 'def test_fp8():\n    with mock.patch.object(platform.current, "is_capability", side_effect=lambda c: c == 120):\n'
    "        assert input_dtype() == 'fp8'\n",
    "monkeypatch-statement": HEAD
    + 'def test_fp8(monkeypatch):\n    monkeypatch.setattr(platform.current, "is_capability", lambda c: c == 120)\n'
    "    assert input_dtype() == 'fp8'\n",
    "decorator": HEAD
    + '@mock.patch.object(platform.current, "is_capability", return_value=True)\ndef test_fp8(_cap):\n'
    "    assert input_dtype() == 'fp8'\n",
    # review137: a module-level alias of the imported object; the new member's sibling left undoubled
    "alias-of-the-imported-object": HEAD
    + "cur = platform.current\n\n\n"
    + 'def test_fp8():\n    with mock.patch.object(cur, "is_capability", return_value=True):\n'
    "        assert input_dtype() == 'fp8'\n",
    "another-member-doubled-beside": HEAD
    + 'def test_fp8():\n    with mock.patch.object(platform.current, "is_capability", return_value=True):\n'
    '        with mock.patch.object(platform.current, "is_other", return_value=True, create=True):\n'
    "            assert input_dtype() == 'fp8'\n",
    "dotted-target": HEAD
    + 'def test_fp8():\n    with mock.patch("pkg.platform.current.is_capability", return_value=True):\n'
    "        assert gates.input_dtype() == 'fp8'\n",
}
QUIET = {
    "still-read": HEAD
    + 'def test_fp8():\n    with mock.patch.object(platform.current, "is_capability", return_value=True):\n'
    "        assert untouched()\n",
    "read-through-a-helper": HEAD
    + 'def test_kept():\n    with mock.patch.object(platform.current, "is_capability", return_value=True):\n'
    "        assert kept(1)\n",
    "a-read-dropped-with-nothing-in-its-place": HEAD
    + 'def test_two():\n    with mock.patch.object(platform.current, "is_capability", return_value=True):\n'
    "        assert two()\n",
    "another-member": HEAD
    + 'def test_mode():\n    with mock.patch.object(platform.envs, "MODE", "int8"):\n        assert input_dtype() == \'int8\'\n',
    "own-function": "from unittest import mock\n\nfrom pkg import platform\n\n\ndef input_dtype():\n"
    "    return platform.current.is_capability(120)\n\n\ndef test_own():\n"
    '    with mock.patch.object(platform.current, "is_capability", return_value=True):\n        assert input_dtype()\n',
    # review137: the test doubles the member read in its place too; a double on the fork's own class
    "the-new-member-doubled-too": HEAD + "def test_fp8():\n    with (\n"
    '        mock.patch.object(platform.current, "is_capability", return_value=False),\n'
    '        mock.patch.object(platform.current, "is_family", return_value=True),\n'
    "    ):\n        assert input_dtype() == 'fp8'\n",
    "the-fork-own-class": HEAD + "class AeonP:\n    def is_capability(self, c):\n        return True\n\n\n"
    'def test_own_class():\n    with mock.patch.object(AeonP, "is_capability", return_value=True):\n'
    "        assert input_dtype() == 'int8'\n",
    "patched-after-the-call": HEAD + "def test_fp8(monkeypatch):\n    assert input_dtype() == 'int8'\n"
    '    monkeypatch.setattr(platform.current, "is_capability", lambda c: c == 120)\n',
}
FORKS = {f"pkg/test_found_{k}.py": v for k, v in FOUND.items()} | {
    f"pkg/test_quiet_{k}.py": v for k, v in QUIET.items()
}


def _rows(git_repo: GitRepo) -> dict[str, list[tuple[int, str]]]:
    base = {LIB: LIB_BASE, "pkg/__init__.py": "", "pkg/platform.py": PLATFORM}
    found = s.side_by_side(git_repo, base, FORKS, [(SUBJECT, {LIB: LIB_AFTER})], RULE)
    return {p: [(f.line, f.severity.value) for f in rows if "test double" in f.message] for p, rows in found.items()}


@pytest.mark.parametrize("case", list(FOUND))
def test_a_double_the_steered_function_no_longer_reaches_is_warned(git_repo: GitRepo, case: str) -> None:
    text = FOUND[case]
    marker = next(m for m in ("mock.patch", "monkeypatch.setattr", "@mock") if m in text.split("\n\n\n", 1)[1])
    assert _rows(git_repo)[f"pkg/test_found_{case}.py"] == [(line_of(text, marker), "warning")]


def test_the_warning_names_what_the_function_reads_now(git_repo: GitRepo) -> None:
    base = {LIB: LIB_BASE, "pkg/__init__.py": "", "pkg/platform.py": PLATFORM}
    found = s.side_by_side(git_repo, base, FORKS, [(SUBJECT, {LIB: LIB_AFTER})], RULE)
    (message,) = [f.message for f in found["pkg/test_found_with-patch-object.py"] if "test double" in f.message]
    assert "platform.current.is_family" in message


@pytest.mark.parametrize("case", list(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, case: str) -> None:
    assert _rows(git_repo)[f"pkg/test_quiet_{case}.py"] == []
