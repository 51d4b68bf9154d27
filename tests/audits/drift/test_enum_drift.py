"""Enum drift rebuilt from real upstream changes, and the valid counterparts that must stay silent."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift import enum_drift
from aeon_release.domain.audits.merge_rules import ENUM_DRIFT as DRIFT
from aeon_release.domain.audits.merge_rules import NEAR_MISS
from aeon_release.domain.audits.model import Finding
from tests.audits.conftest import GitRepo
from tests.audits.drift import real
from tests.audits.drift.trees import audit, found, line_of, side_by_side, three_way


def test_45666_quick_reduce_none_renumbered(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, {real.QR: real.QR_BASE}, {real.QR: real.QR_FORK}, {real.QR: real.QR_UPSTREAM})
    merged = (git_repo.path / real.QR).read_text()
    report = audit(git_repo, sides, tmp_path)
    errors = [f for f in report.findings if f.rule_id == DRIFT and f.severity.value == "error"]
    assert [(f.path, f.line) for f in errors] == [
        (real.QR, line_of(merged, "quick_reduce_regime == 4")),
        (real.QR, line_of(merged, "qr_quant_level != 4")),
    ]
    message = errors[1].message
    assert "QuickReduceRegime.NONE" in message and "4 -> 5" in message and "QuickReduceRegime.INT3" in message
    # the value holder (from _get_qr_quant_level, which returns .value) gets `.value`
    assert errors[1].fix is not None and errors[1].fix.new == "QuickReduceRegime.NONE.value"


def test_28973_request_status_auto_insertion(git_repo: GitRepo, tmp_path: Path) -> None:
    base = {real.REQUEST: real.REQUEST_BASE}
    sides = three_way(git_repo, base, {real.SCHED: real.SCHED_FORK}, {real.REQUEST: real.REQUEST_UPSTREAM})
    report = audit(git_repo, sides, tmp_path)
    line = line_of(real.SCHED_FORK, "request_status == 4")
    assert (real.SCHED, line, "error") in found(report, DRIFT)
    finding = next(f for f in report.findings if f.path == real.SCHED)
    assert "RequestStatus.RUNNING" in finding.message and "is 5 now" in finding.message
    assert finding.fix is not None and finding.fix.new == "RequestStatus.RUNNING"


@pytest.mark.parametrize(
    "line",
    [
        "    return spec.kv_mode == 4\n",  # compared with a name assigned from the enum
        "    return spec.mode.value == 4\n",  # compared with .value in a file using the class
        "    return Mode(4)\n",  # Enum(N)
        "    mode: Mode = 4\n    return mode\n",  # assigned to a name annotated with the class
        "    return spec.flags in (1, 4)\n",  # membership, fallback: file imports the class
        "    return configure(spec, 4)\n",  # positional argument of a parameter typed Mode
        "    match spec.kv_mode:\n        case 4:\n            return True\n",  # a match on a member holder
        "    def pick(kv_mode=4):\n        return kv_mode\n",  # the default of a parameter named like the enum
        "    return M(value=4)\n",  # the class under an import alias, value=
        "    return spec.kind == M.D\n\n\ndef legacy(spec):\n    return spec.kind == 4\n",  # holder via the alias
    ],
)
def test_tie_cases(git_repo: GitRepo, tmp_path: Path, line: str) -> None:
    enum_base = (
        "import enum\n\n\nclass Mode(enum.Enum):\n    A = enum.auto()\n    B = enum.auto()\n    C = 3\n    D = 4\n"
    )
    enum_new = enum_base.replace("    D = 4\n", "    E = 4\n    D = 5\n")
    fork = (
        "from pkg.modes import Mode\nfrom pkg.modes import Mode as M\n\n\ndef setup(spec):\n"
        "    spec.kv_mode = Mode.A\n    spec.kind = M.B\n\n\n"
        f"def check(spec):\n{line}\n\ndef configure(spec, mode: Mode):\n    spec.mode = mode\n"
    )
    sides = three_way(git_repo, {"pkg/modes.py": enum_base}, {"pkg/use.py": fork}, {"pkg/modes.py": enum_new})
    report = audit(git_repo, sides, tmp_path)
    line_no = next(i for i, text in enumerate(fork.splitlines(), 1) if "4" in text)
    assert ("pkg/use.py", line_no, "error") in found(report, DRIFT), report.findings


_INT_ENUM = "import enum\n\n\nclass Quant(enum.IntEnum):\n    NONE = 0\n    FP8 = 1\n    NVFP4 = 2\n"
_RENUMBERED = _INT_ENUM.replace("    NVFP4 = 2\n", "    INT4 = 2\n    NVFP4 = 3\n")


def _error_rows(forks: list[str]) -> dict[str, str]:
    """A test's error rows' fork modules side by side (``pkg/use_N.py``): one merge and one audit of them all a
    process (suitespeed11); the quiet rows keep a merge each, as another row's module could quiet them."""
    return {f"pkg/use_{n}.py": text for n, text in enumerate(forks)}


def _quant_drift(
    git_repo: GitRepo, tmp_path: Path, fork: str, batch: dict[str, str], base: dict[str, str] | None = None
) -> tuple[str, list[Finding]]:
    """Enum drift's findings on fork module ``fork`` when upstream inserts INT4 before NVFP4, and that module's path:
    an error row's from its batch's one merge, any other row's from a merge of its own at ``pkg/use.py``."""
    base = base or {"pkg/quant.py": _INT_ENUM}
    if fork not in batch.values():
        sides = three_way(git_repo, base, {"pkg/use.py": fork}, {"pkg/quant.py": _RENUMBERED})
        return "pkg/use.py", [f for f in audit(git_repo, sides, tmp_path).findings if f.rule_id == DRIFT]
    path = next(p for p, text in batch.items() if text == fork)
    return path, side_by_side(git_repo, tmp_path, base, batch, {"pkg/quant.py": _RENUMBERED}, DRIFT)[path]


COMMENTED = [
    ("FP4 = Quant.NVFP4\n", "# FP4", False),  # the fork's alias of the member
    ("FP4: int = int(Quant.NVFP4)\n", "# FP4 only", False),
    ("FP4 = Quant.NVFP4.value\n", "# FP4", False),
    ("FP4 = Quant.FP8\n", "# FP4", True),  # an alias of another member
    ("FP4 = Quant.NVFP4\nFP4 = Quant.FP8\n", "# FP4", True),  # bound twice: not an alias
    ("FP4 = Quant.NVFP4\nCOUNT = 2\n", "# COUNT", True),  # a comment naming something else
    ("FP4 = Quant.NVFP4\nINT4 = Quant.INT4\n", "# FP4, INT4 since the merge", True),  # its new member
]


def _commented(aliases: str, comment: str) -> str:
    return f"from pkg.quant import Quant\n\n{aliases}\n\ndef fast(q: int) -> bool:\n    return q == 2  {comment}\n"


COMMENTED_ERRORS = _error_rows([_commented(aliases, comment) for aliases, comment, silent in COMMENTED if not silent])


@pytest.mark.parametrize(
    ("aliases", "comment", "silent"),
    COMMENTED,
    ids=["alias", "int", "value", "other member", "rebound", "unrelated", "new numbering"],
)
def test_a_comment_naming_the_fork_s_alias_of_the_member(
    git_repo: GitRepo, tmp_path: Path, aliases: str, comment: str, silent: bool
) -> None:
    """``FP4 = Quant.NVFP4`` ... ``q == 2  # FP4``: the comment ties the literal by the fork's own name."""
    fork = _commented(aliases, comment)
    path, drift = _quant_drift(git_repo, tmp_path, fork, COMMENTED_ERRORS)
    errors = [(f.path, f.line, f.severity.value) for f in drift if f.severity.value == "error"]
    line_no = next(i for i, text in enumerate(fork.splitlines(), 1) if "q == 2" in text)
    assert errors == ([] if silent else [(path, line_no, "error")])


INT_SPELLINGS = [
    ("    if int(mode) == 2:\n        return 1\n", False),  # the member read as its number
    ("    level = int(mode)\n    if level == 2:\n        return 1\n", False),  # through a local
    ("    names = {0: 'none', 2: 'nvfp4'}\n    return names[mode]\n", False),  # a table keyed by numbers
    ("    return {0: 'none', 2: 'nvfp4'}.get(int(mode))\n", False),
    ("    if mode & 2:\n        return 1\n", False),  # a mask
    ("    sizes = {0: 'none', 2: 'pair'}\n    return sizes[len(spec)]\n", True),  # keyed by a length
    ("    if int(spec.count) == 2:\n        return 1\n", True),  # another number
    ("    if spec.bits & 2:\n        return 1\n", True),
    # a parameter compared with a member: its default is the member's old number
    ("    def chosen(kind: int = 2):\n        return kind == Quant.NVFP4\n    return chosen()\n", False),
    ("    def counted(n: int = 2):\n        return n == len(Quant)\n    return counted()\n", True),  # not a member
]


def _picked(body: str) -> str:
    return f"from pkg.quant import Quant\n\n\ndef pick(spec, mode: Quant):\n{body}    return 0\n"


INT_SPELLING_ERRORS = _error_rows([_picked(body) for body, silent in INT_SPELLINGS if not silent])


@pytest.mark.parametrize(("body", "silent"), INT_SPELLINGS)
def test_int_enum_spellings(git_repo: GitRepo, tmp_path: Path, body: str, silent: bool) -> None:
    """An IntEnum member is an int: the fork's code may read its number in more ways than a comparison."""
    fork = _picked(body)
    path, drift = _quant_drift(git_repo, tmp_path, fork, INT_SPELLING_ERRORS)
    errors = [(f.path, f.line, f.severity.value) for f in drift if f.severity.value == "error"]
    line_no = next(i for i, text in enumerate(fork.splitlines(), 1) if "2" in text)
    assert errors == ([] if silent else [(path, line_no, "error")])


POSITIONAL = [
    ("    names = ['none', 'fp8', 'nvfp4']\n    return names[mode]\n", "names[mode] indexes a 3-entry table"),
    ("    return SCALES[mode.value]\n", "SCALES[mode.value]"),  # a module's table, by the member's value
    ("    return SCALES[int(mode)]\n", "SCALES[int(mode)]"),
    ("    return SCALES[Quant.FP8]\n", "SCALES[Quant.FP8]"),
    ("    names = ['none', 'int4', 'fp8', 'nvfp4']\n    return names[mode]\n", None),  # laid out for the new values
    ("    names = ('a', 'b', 'c')\n    return names[len(spec)]\n", None),  # indexed by something else
    ("    names = {Quant.FP8: 'fp8'}\n    return names[mode]\n", None),  # keyed by member: follows it
    ("    names = ['none', 'fp8', 'nvfp4']\n    names = names[::-1]\n    return names[mode]\n", None),  # rebound
]


def _scaled(body: str) -> str:
    return f"from pkg.quant import Quant\n\nSCALES = (1.0, 0.5, 0.25)\n\n\ndef pick(spec, mode: Quant):\n{body}"


POSITIONAL_ERRORS = _error_rows([_scaled(body) for body, says in POSITIONAL if says is not None])


@pytest.mark.parametrize(("body", "says"), POSITIONAL)
def test_a_positional_table_indexed_by_a_renumbered_member(
    git_repo: GitRepo, tmp_path: Path, body: str, says: str | None
) -> None:
    """``NAMES[mode]``: a list laid out by the IntEnum's old values picks another entry after upstream
    inserted a member (no literal anywhere to tie).  A table sized for the new values, one keyed by
    member, or one indexed by something else is silent."""
    fork = _scaled(body)
    _, drift = _quant_drift(git_repo, tmp_path, fork, POSITIONAL_ERRORS)
    got = [f for f in drift if f.severity.value == "error"]
    if says is None:
        assert got == []
    else:
        [finding] = got
        assert finding.line == len(fork.splitlines()) and says in finding.message
        assert "renumbered Quant (pkg/quant.py: NVFP4 2 -> 3)" in finding.message


def test_a_member_read_by_getattr_value_is_its_number(git_repo: GitRepo, tmp_path: Path) -> None:
    """``getattr(mode, "value", mode)`` (a member or a plain number alike) reads the member's number."""
    fork = "from pkg.quant import Quant\n\n\ndef pick(mode: Quant):\n    return getattr(mode, 'value', mode) == 2\n"
    theirs = _INT_ENUM.replace("    NVFP4 = 2\n", "    INT4 = 2\n    NVFP4 = 3\n")
    sides = three_way(git_repo, {"pkg/quant.py": _INT_ENUM}, {"pkg/use.py": fork}, {"pkg/quant.py": theirs})
    assert found(audit(git_repo, sides, tmp_path), DRIFT) == [("pkg/use.py", 5, "error")]


_STR_ENUM = 'import enum\n\n\nclass Backend(str, enum.Enum):\n    FLASH = "flash"\n    TRITON = "triton"\n'


@pytest.mark.parametrize(
    ("body", "silent"),
    [
        ("    if backend == 'flash':\n        return 1\n", False),  # compared with a member holder
        ("    if backend.value == 'flash':\n        return 1\n", False),
        ("    return Backend('flash')\n", False),
        ("    if backend in ('flash', 'cpu'):\n        return 1\n", False),
        ("    if backend == 'flash_attn':\n        return 1\n", True),  # already the new value
        ("    if spec.kind == 'flash':\n        return 1\n", True),  # a string of something else
    ],
)
def test_string_member_whose_value_upstream_changed(git_repo: GitRepo, tmp_path: Path, body: str, silent: bool) -> None:
    """A string-valued member (``(str, Enum)``, ``StrEnum``) given a new value upstream: the fork's
    ``backend == "flash"`` is now False for every backend, silently."""
    fork = f"from pkg.backends import Backend\n\n\ndef pick(spec, backend: Backend):\n{body}    return 0\n"
    theirs = _STR_ENUM.replace('"flash"', '"flash_attn"')
    sides = three_way(git_repo, {"pkg/backends.py": _STR_ENUM}, {"pkg/use.py": fork}, {"pkg/backends.py": theirs})
    report = audit(git_repo, sides, tmp_path)
    errors = [f for f in report.findings if f.rule_id == DRIFT and f.severity.value == "error"]
    assert [(f.path, f.line) for f in errors] == ([] if silent else [("pkg/use.py", 5)])
    if not silent:
        assert "'flash' -> 'flash_attn'" in errors[0].message and "Backend.FLASH" in errors[0].message


_KERNEL = "def kern(x, KV_MODE, STAGES):\n    out = x\n    return out\n"


@pytest.mark.parametrize(
    ("passed", "compared", "silent"),
    [
        ("kern(x, KV_MODE=int(mode), STAGES=2)", "KV_MODE", False),  # a keyword holding the member's number
        ("kern[(1,)](x, mode.value, 2)", "KV_MODE", False),  # a launch, positional
        ("kern(x, KV_MODE=int(mode), STAGES=2)", "STAGES", True),  # that parameter gets a plain number
        ("kern(x, KV_MODE=len(x), STAGES=2)", "KV_MODE", True),  # nothing of the enum passed
        ("kern(x, KV_MODE=num_quants, STAGES=2)", "KV_MODE", True),  # a name that only looks like the class
    ],
)
def test_a_parameter_the_callers_pass_the_enum_for(
    git_repo: GitRepo, tmp_path: Path, passed: str, compared: str, silent: bool
) -> None:
    """A kernel in a file that never names the enum takes the mode as a number; its caller (another
    file) passes the member's number: the fork's ``KV_MODE == 2`` in the kernel is tied through it."""
    launch = (
        f"from pkg.quant import Quant\nfrom pkg.kernel import kern\n\n\ndef run(x, mode: Quant):\n    return {passed}\n"
    )
    fork = _KERNEL.replace("    out = x\n", f"    out = x\n    if {compared} == 2:\n        out = x * 2\n")
    theirs = _INT_ENUM.replace("    NVFP4 = 2\n", "    INT4 = 2\n    NVFP4 = 3\n")
    base = {"pkg/quant.py": _INT_ENUM, "pkg/kernel.py": _KERNEL, "pkg/launch.py": launch}
    sides = three_way(git_repo, base, {"pkg/kernel.py": fork}, {"pkg/quant.py": theirs})
    report = audit(git_repo, sides, tmp_path)
    errors = [f for f in report.findings if f.rule_id == DRIFT and f.severity.value == "error"]
    assert [(f.path, f.line) for f in errors] == ([] if silent else [("pkg/kernel.py", 3)])
    if not silent:
        assert "which pkg/launch.py:6 passes as" in errors[0].message and "Quant.NVFP4" in errors[0].message


def _errors_under_a_renumbered_quant(git_repo: GitRepo, tmp_path: Path, body: str) -> list[tuple[str, int, str]]:
    """Enum drift's errors for a fork module ``body`` (importing ``Quant``) when upstream inserts INT4 before NVFP4."""
    fork = f"from pkg.quant import Quant\n\n{body}"
    theirs = _INT_ENUM.replace("    NVFP4 = 2\n", "    INT4 = 2\n    NVFP4 = 3\n")
    sides = three_way(git_repo, {"pkg/quant.py": _INT_ENUM}, {"pkg/use.py": fork}, {"pkg/quant.py": theirs})
    return [f for f in found(audit(git_repo, sides, tmp_path), DRIFT) if f[2] == "error"]


@pytest.mark.parametrize(
    ("body", "silent"),
    [
        ("TABLE = {2: 'b', 1: 'a'}\n\n\ndef pick(mode: Quant):\n    return TABLE[mode]\n", False),
        (
            "def a(k):\n    table = {2: 'x', 1: 'y'}\n    return table[k]\n\n\n"
            "def b(mode: Quant):\n    table = load()\n    return table[mode]\n",
            True,  # another function's table of the same name
        ),
    ],
)
def test_a_table_is_looked_up_in_the_scope_that_bound_it(
    git_repo: GitRepo, tmp_path: Path, body: str, silent: bool
) -> None:
    errors = _errors_under_a_renumbered_quant(git_repo, tmp_path, body)
    assert (errors == []) == silent, errors


def test_environment_default_flowing_into_the_enum(git_repo: GitRepo, tmp_path: Path) -> None:
    enum_base = "from enum import IntEnum\n\n\nclass Level(IntEnum):\n    LOW = 1\n    HIGH = 2\n"
    enum_new = enum_base.replace("    HIGH = 2\n", "    MID = 2\n    HIGH = 3\n")
    fork = (
        'import os\n\nfrom pkg.levels import Level\n\nlevel = int(os.environ.get("AEON_LEVEL", "2"))\n'
        "CURRENT = Level(level)\n"
    )
    sides = three_way(git_repo, {"pkg/levels.py": enum_base}, {"pkg/env.py": fork}, {"pkg/levels.py": enum_new})
    report = audit(git_repo, sides, tmp_path)
    assert ("pkg/env.py", 5, "error") in found(report, DRIFT)


@pytest.mark.parametrize(
    ("made", "silent"),
    [
        ('Level(int(os.environ.get("AEON_LEVEL", "2")))', False),  # the number made a member at once
        ('Level.HIGH if int(os.environ.get("AEON_LEVEL", "2")) else Level.LOW', True),  # a flag, not a value
        ('max(int(os.environ.get("AEON_LEVEL", "2")), 1)', True),  # a count
    ],
)
def test_environment_default_made_a_member_at_once(git_repo: GitRepo, tmp_path: Path, made: str, silent: bool) -> None:
    enum_base = "from enum import Enum\n\n\nclass Level(Enum):\n    LOW = 1\n    HIGH = 2\n"
    enum_new = enum_base.replace("    HIGH = 2\n", "    MID = 2\n    HIGH = 3\n")
    fork = f"import os\n\nfrom pkg.levels import Level\n\nCURRENT = {made}\n"
    sides = three_way(git_repo, {"pkg/levels.py": enum_base}, {"pkg/env.py": fork}, {"pkg/levels.py": enum_new})
    errors = [f for f in found(audit(git_repo, sides, tmp_path), DRIFT) if f[2] == "error"]
    assert errors == ([] if silent else [("pkg/env.py", 5, "error")])


# -- valid counterparts: silent ---------------------------------------------------------------------------
def test_unchanged_enum_is_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = real.QR_BASE.replace("    _SUPPORTED_WORLD_SIZES = [2, 4, 8]\n", "    _SUPPORTED_WORLD_SIZES = [2, 4]\n")
    sides = three_way(git_repo, {real.QR: real.QR_BASE}, {real.QR: real.QR_FORK}, {real.QR: theirs})
    assert found(audit(git_repo, sides, tmp_path), DRIFT) == []


def test_literal_equal_to_the_new_value_is_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = real.QR_FORK.replace("quick_reduce_regime == 4", "quick_reduce_regime == 5").replace(
        "qr_quant_level != 4  # 4 == NONE", "qr_quant_level != 5  # 5 == NONE"
    )
    sides = three_way(git_repo, {real.QR: real.QR_BASE}, {real.QR: fork}, {real.QR: real.QR_UPSTREAM})
    assert found(audit(git_repo, sides, tmp_path), DRIFT) == []


def test_shifted_value_written_for_the_new_numbering_is_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    """5 was PREEMPTED at the base, but the comment says RUNNING, which is 5 after the merge."""
    fork = real.SCHED_FORK.replace(
        "request_status == 4:  # RequestStatus.RUNNING", "request_status == 5:  # RequestStatus.RUNNING"
    )
    fork = fork.replace("    return False\n", "    return request_status == 1  # RequestStatus.WAITING\n")
    sides = three_way(
        git_repo, {real.REQUEST: real.REQUEST_BASE}, {real.SCHED: fork}, {real.REQUEST: real.REQUEST_UPSTREAM}
    )
    assert found(audit(git_repo, sides, tmp_path), DRIFT) == []


def test_auto_without_insertion_is_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = real.REQUEST_BASE.replace("    def __str__(self):\n", "    def __str__(self) -> str:\n").replace(
        "    FINISHED_ABORTED = enum.auto()\n", "    FINISHED_ABORTED = enum.auto()\n    FINISHED_ERROR = enum.auto()\n"
    )
    sides = three_way(
        git_repo, {real.REQUEST: real.REQUEST_BASE}, {real.SCHED: real.SCHED_FORK}, {real.REQUEST: theirs}
    )
    assert found(audit(git_repo, sides, tmp_path), DRIFT) == []


def test_numbers_that_mean_something_else_are_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = real.SCHED_FORK.replace(
        "    return False\n",
        "    if len(request.prompt) == 4 or request.num_tokens == 4:\n"
        "        return True\n    return request.priority[4] > 0\n",
    ).replace("request_status == 4:  # RequestStatus.RUNNING", "request_status == RequestStatus.RUNNING:")
    sides = three_way(
        git_repo, {real.REQUEST: real.REQUEST_BASE}, {real.SCHED: fork}, {real.REQUEST: real.REQUEST_UPSTREAM}
    )
    assert found(audit(git_repo, sides, tmp_path), DRIFT) == []


def test_a_name_that_belongs_to_a_more_specific_class_is_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    """Seen on real history (the precision bench): ``_Backend`` lost a member, and a fork file compares
    ``mxfp4_backend`` (an ``Mxfp4Backend``, named more closely) with that member's old number."""
    base = "import enum\n\n\nclass _Backend(enum.Enum):\n    A = 1\n    B = 2\n    C = 3\n"
    theirs = base.replace("    C = 3\n", "")
    fork = (
        "import enum\n\nfrom pkg.iface import _Backend\n\n\nclass Mxfp4Backend(enum.IntEnum):\n    X = 3\n\n\n"
        "def pick(mxfp4_backend, attn: _Backend):\n    return mxfp4_backend == 3\n"
    )
    sides = three_way(git_repo, {"pkg/iface.py": base}, {"pkg/mx.py": fork}, {"pkg/iface.py": theirs})
    assert found(audit(git_repo, sides, tmp_path), DRIFT) == []
    # the same comparison with the generic name is still tied to the class the file imports
    other = GitRepo(tmp_path / "other")
    tied = fork.replace("mxfp4_backend", "backend")
    sides = three_way(other, {"pkg/iface.py": base}, {"pkg/mx.py": tied}, {"pkg/iface.py": theirs})
    assert [f[0] for f in found(audit(other, sides, tmp_path / "o"), DRIFT)] == ["pkg/mx.py"]


def test_custom_next_value_is_reported_unknown(git_repo: GitRepo, tmp_path: Path) -> None:
    base = (
        "import enum\n\n\nclass Phase(enum.Enum):\n    def _generate_next_value_(name, start, count, last):\n"
        "        return count * 10\n\n    A = enum.auto()\n    B = enum.auto()\n"
    )
    theirs = base.replace("    A = enum.auto()\n", "    A = enum.auto()\n    Z = enum.auto()\n")
    fork = "from pkg.phase import Phase\n\n\ndef late(p):\n    return p.value == 10\n"
    sides = three_way(git_repo, {"pkg/phase.py": base}, {"pkg/use.py": fork}, {"pkg/phase.py": theirs})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, DRIFT) == [("pkg/use.py", 0, "warning")]
    drift = next(f for f in report.findings if f.rule_id == DRIFT)
    assert "_generate_next_value_" in drift.message and "unknown" in drift.message


MODES = (
    "import enum\n\n\nclass Mode(enum.IntEnum):\n    A = 0\n    B = 1\n    C = 2\n    D = 3\n\n"
    "    @property\n    def wide(self) -> bool:\n        return self >= Mode.C\n"
)


def test_fork_member_becomes_an_alias_of_upstreams(git_repo: GitRepo, tmp_path: Path) -> None:
    """The fork appended E = 4; upstream inserted Z = 4 further up: the merge makes E an alias of Z."""
    fork = MODES.replace("    D = 3\n", "    D = 3\n    E = 4  # AEON: NVFP4 on GB10\n")
    theirs = MODES.replace("    A = 0\n", "    A = 0\n    Z = 4\n")
    sides = three_way(git_repo, {"pkg/modes.py": MODES}, {"pkg/modes.py": fork}, {"pkg/modes.py": theirs})
    merged = (git_repo.path / "pkg/modes.py").read_text()
    report = audit(git_repo, sides, tmp_path)
    assert found(report, DRIFT) == [("pkg/modes.py", line_of(merged, "E = 4"), "error")]
    assert "Mode.E is now an alias of Mode.Z" in next(f for f in report.findings if f.rule_id != "audit/config").message
    assert found(report, NEAR_MISS) == []  # one root cause, one finding


def test_fork_auto_member_moved_by_an_upstream_insertion(git_repo: GitRepo, tmp_path: Path) -> None:
    base = MODES.replace(
        "    A = 0\n    B = 1\n    C = 2\n    D = 3\n",
        "    A = enum.auto()\n    B = enum.auto()\n    C = enum.auto()\n    D = enum.auto()\n",
    )
    fork = base.replace("    D = enum.auto()\n", "    D = enum.auto()\n    E = enum.auto()  # AEON\n")
    theirs = base.replace("    A = enum.auto()\n", "    A = enum.auto()\n    Z = enum.auto()\n")
    user = "from pkg.modes import Mode\n\n\ndef fp4(mode):\n    return mode == 5  # Mode.E\n"
    sides = three_way(
        git_repo, {"pkg/modes.py": base}, {"pkg/modes.py": fork, "pkg/use.py": user}, {"pkg/modes.py": theirs}
    )
    report = audit(git_repo, sides, tmp_path)
    assert ("pkg/use.py", 5, "error") in found(report, DRIFT)
    assert "Mode.E" in next(f.message for f in report.findings if f.path == "pkg/use.py")


@pytest.mark.parametrize(
    "config",
    [
        ("diff.noprefix", "true"),  # "+++ name" without b/: every file would look deleted
        ("diff.mnemonicPrefix", "true"),
        ("diff.interHunkContext", "20"),  # -U0 hunks fused with context lines: added lines misnumbered
        ("diff.relative", "true"),
        ("diff.external", "false"),
        ("color.diff", "always"),
    ],
)
def test_the_users_diff_config_cannot_hide_a_killer(git_repo: GitRepo, tmp_path: Path, config: tuple[str, str]) -> None:
    git_repo.git("config", *config)
    sides = three_way(git_repo, {real.QR: real.QR_BASE}, {real.QR: real.QR_FORK}, {real.QR: real.QR_UPSTREAM})
    merged = (git_repo.path / real.QR).read_text()
    errors = [(f.path, f.line) for f in audit(git_repo, sides, tmp_path).findings if f.rule_id == DRIFT]
    assert errors == [
        (real.QR, line_of(merged, "quick_reduce_regime == 4")),
        (real.QR, line_of(merged, "qr_quant_level != 4")),
    ]


_PICK = "from pkg.quant import Quant\n\n\ndef pick(spec, mode: Quant, size: int = 0):\n    return spec\n"


PASSED_LITERALS = [
    ("from pkg.pick import pick\n\n\ndef run(x):\n    return pick(x, mode=2)\n", False),
    ("from pkg.pick import pick as choose\n\n\ndef run(x):\n    return choose(x, 2)\n", False),
    ("import pkg.pick as pk\n\n\ndef run(x):\n    return pk.pick(x, 2)\n", False),
    ("from pkg import pick\n\n\ndef run(x):\n    return pick.pick(x, 2)\n", False),
    ("from .pick import pick\n\n\ndef run(x):\n    return pick(x, mode=2)\n", False),  # relative
    ("import functools\n\nfrom pkg.pick import pick\n\nrun = functools.partial(pick, mode=2)\n", False),
    ("from pkg.cfg import Opts\n\n\ndef run():\n    return Opts(mode=2)\n", False),  # a dataclass field
    ("from pkg.pick import pick\n\n\ndef run(*a):\n    return pick(*a, mode=2)\n", False),  # *args before
    ("from pkg.pick import pick\n\n\ndef run(*a):\n    return pick(*a, 2)\n", True),  # which slot? unknown
    ("from pkg.pick import pick\n\n\ndef run(x):\n    return pick(x, size=2)\n", True),  # another parameter
    ("from pkg.pick import pick\n\n\ndef run(x):\n    return pick(x, 0, 2)\n", True),  # by position: size
    ("from pkg.other import pick\n\n\ndef run(x):\n    return pick(x, mode=2)\n", True),  # another pick
    ("def pick(x, mode):\n    return x\n\n\ndef run(x):\n    return pick(x, mode=2)\n", True),  # its own
]
PASSED_LITERAL_ERRORS = _error_rows([fork for fork, silent in PASSED_LITERALS if not silent])
_OTHER_PICK = "def pick(spec, mode: int = 0, size: int = 0):\n    return spec\n"
_CFG = (
    "from dataclasses import dataclass\n\nfrom pkg.quant import Quant\n\n\n@dataclass\nclass Opts:\n    mode: Quant\n"
)


@pytest.mark.parametrize(("fork", "silent"), PASSED_LITERALS)
def test_a_literal_passed_for_a_parameter_that_takes_the_enum(
    git_repo: GitRepo, tmp_path: Path, fork: str, silent: bool
) -> None:
    """The fork's file never names the enum; the function it calls (another module, found through the
    file's imports) takes the enum for the parameter the literal binds."""
    base = {"pkg/quant.py": _INT_ENUM, "pkg/pick.py": _PICK, "pkg/other.py": _OTHER_PICK, "pkg/cfg.py": _CFG}
    path, errors = _quant_drift(git_repo, tmp_path, fork, PASSED_LITERAL_ERRORS, base)
    line_no = next(i for i, text in enumerate(fork.splitlines(), 1) if "2)" in text)
    assert [(f.path, f.line, f.severity.value) for f in errors] == ([] if silent else [(path, line_no, "error")])
    if not silent:
        assert "which takes Quant" in errors[0].message


RENUMBERED_CONSTANTS = [
    ("FP4_MODE = 2\n\n\ndef fast(mode: Quant):\n    return mode == FP4_MODE\n", False),
    ("FP4_MODE = 2\n\n\ndef fast(mode: Quant):\n    return mode in (FP4_MODE, Quant.FP8)\n", False),
    ("FP4_MODE = 2\n\n\ndef fast(mode: Quant):\n    return int(mode) != FP4_MODE\n", False),
    ("STAGES = 2\n\n\ndef fast(spec, mode: Quant):\n    return spec.stages == STAGES\n", True),  # not the enum
    ("MAX_FP4 = 2\n\n\ndef fast(mode: Quant):\n    return mode == MAX_FP4\n", True),  # a bound, by its name
    ("FP4 = 2\nFP4 = 3\n\n\ndef fast(mode: Quant):\n    return mode == FP4\n", True),  # not a constant
]
RENUMBERED_CONSTANT_ERRORS = _error_rows(
    [f"from pkg.quant import Quant\n\n{body}" for body, silent in RENUMBERED_CONSTANTS if not silent]
)


@pytest.mark.parametrize(("body", "silent"), RENUMBERED_CONSTANTS)
def test_a_constant_bound_to_the_old_number_and_compared_with_the_enum(
    git_repo: GitRepo, tmp_path: Path, body: str, silent: bool
) -> None:
    fork = f"from pkg.quant import Quant\n\n{body}"
    path, drift = _quant_drift(git_repo, tmp_path, fork, RENUMBERED_CONSTANT_ERRORS)
    errors = [(f.path, f.line, f.severity.value) for f in drift if f.severity.value == "error"]
    assert errors == ([] if silent else [(path, 3, "error")])


_BYTES_ENUM = (
    "import enum\n\n\nclass RequestType(enum.Enum):\n    ADD = b'\\x00'\n    ABORT = b'\\x01'\n    UTILITY = b'\\x02'\n"
)


@pytest.mark.parametrize(
    ("body", "silent"),
    [
        ('    if frames[0] == b"\\x02":  # RequestType.UTILITY\n        return 1\n', False),
        ("    socket.send_multipart((b'\\x02', frames[1]))  # RequestType.UTILITY\n", False),
        ('    return RequestType(b"\\x02")\n', False),
        ("    if frames[0] == RequestType.UTILITY.value:\n        return 1\n", True),  # the member itself
        ('    if frames[0] == b"\\x03":  # RequestType.UTILITY\n        return 1\n', True),  # the new value
        ('    if frames[0] == b"\\x02\\x00":  # RequestType.UTILITY\n        return 1\n', True),  # another code
    ],
)
def test_bytes_member_moved_by_an_inserted_member(git_repo: GitRepo, tmp_path: Path, body: str, silent: bool) -> None:
    """A bytes-valued member (a wire code) moved by a member upstream inserted before it (vLLM #13923,
    ``START_DP = b'\\x02'``, ``UTILITY`` to ``b'\\x03'``): the fork's raw frame now asks for the other."""
    fork = f"from pkg.wire import RequestType\n\n\ndef handle(socket, frames):\n{body}    return 0\n"
    theirs = _BYTES_ENUM.replace("UTILITY = b'\\x02'", "START = b'\\x02'\n    UTILITY = b'\\x03'")
    sides = three_way(git_repo, {"pkg/wire.py": _BYTES_ENUM}, {"pkg/use.py": fork}, {"pkg/wire.py": theirs})
    report = audit(git_repo, sides, tmp_path)
    errors = [f for f in report.findings if f.rule_id == DRIFT and f.severity.value == "error"]
    assert [(f.path, f.line) for f in errors] == ([] if silent else [("pkg/use.py", 5)])
    if not silent:
        assert "RequestType.UTILITY" in errors[0].message and "b'\\x02' -> b'\\x03'" in errors[0].message


_SEQ = (
    "import enum\n\n\nclass SeqStatus(enum.Enum):\n    WAITING = enum.auto()\n    RUNNING = enum.auto()\n"
    "    SWAPPED = enum.auto()\n\n\nclass Seq:\n    def __init__(self) -> None:\n"
    "        self.status = SeqStatus.WAITING\n        self.kind = 2\n"
)
_SEQ_INT = _SEQ.replace("enum.Enum", "enum.IntEnum").replace(
    "enum.auto()\n    RUNNING = enum.auto()", "0\n    RUNNING = 1"
)
_SEQ_INT = _SEQ_INT.replace("SWAPPED = enum.auto()", "SWAPPED = 2")


@pytest.mark.parametrize(
    ("head", "body", "silent"),
    [
        (
            "from pkg.seq import Seq\n",
            '_LABEL = {1: "waiting", 2: "running"}\n\n\ndef label(seq: Seq) -> str:\n    return _LABEL.get(seq.status.value, "done")\n',
            False,
        ),
        ("from pkg.seq import Seq\n", "def running(seq: Seq) -> bool:\n    return seq.status.value == 2\n", False),
        # an attribute the module never keeps a member in
        ("from pkg.seq import Seq\n", "def running(seq: Seq) -> bool:\n    return seq.kind == 2\n", True),
        # a file that imports nothing of the enum's module: its ``.status`` is someone else's
        ("from pkg.other import Req\n", "def running(req: Req) -> bool:\n    return req.status == 2\n", True),
    ],
)
def test_an_attribute_the_enum_s_module_keeps_a_member_in(
    git_repo: GitRepo, tmp_path: Path, head: str, body: str, silent: bool
) -> None:
    """``seq.status`` where the enum's module assigns ``self.status = SeqStatus.WAITING`` (vLLM #5974, which
    renumbered SequenceStatus from auto() 1.. to 0..): the fork's number keys the old member."""
    fork = head + "\n\n" + body
    base = {"pkg/seq.py": _SEQ, "pkg/other.py": "class Req:\n    status = 0\n"}
    sides = three_way(git_repo, base, {"pkg/use.py": fork}, {"pkg/seq.py": _SEQ_INT})
    report = audit(git_repo, sides, tmp_path)
    errors = [(f.path, f.line) for f in report.findings if f.rule_id == DRIFT and f.severity.value == "error"]
    assert errors == ([] if silent else [("pkg/use.py", line_of(fork, " 2"))])


ORDER_BASE = (
    "from enum import IntEnum\n\n\nclass SharedExpertsOrder(IntEnum):\n    NONE = (0,)\n    EXTERNAL = (1,)\n"
    "    NO_OVERLAP = (2,)\n    MK_INTERNAL_OVERLAPPED = (3,)\n    MULTI_STREAM_OVERLAPPED = (4,)\n"
)
# #35326: EXTERNAL removed, the members after it renumbered (each value a one-element tuple: the int's arguments)
ORDER_UPSTREAM = ORDER_BASE.replace("    EXTERNAL = (1,)\n", "").replace("(2,)", "(1,)").replace("(3,)", "(2,)")
ORDER_UPSTREAM = ORDER_UPSTREAM.replace("(4,)", "(3,)")
ORDER_USE = "from se import SharedExpertsOrder\n\n\ndef overlapped(order: SharedExpertsOrder) -> bool:\n"


@pytest.mark.parametrize(
    ("body", "silent"),
    [
        ("    return order >= 3  # MK_INTERNAL_OVERLAPPED or MULTI_STREAM_OVERLAPPED\n", False),
        ("    return order == 2  # NO_OVERLAP\n", False),
        ("    return order >= 2  # MK_INTERNAL_OVERLAPPED or MULTI_STREAM_OVERLAPPED\n", True),  # the new numbers
        ("    return order == 3  # MULTI_STREAM_OVERLAPPED\n", True),  # written for the new numbering
    ],
)
def test_tuple_valued_int_enum_renumbered(git_repo: GitRepo, tmp_path: Path, body: str, silent: bool) -> None:
    fork = ORDER_USE + body
    sides = three_way(git_repo, {"se.py": ORDER_BASE}, {"use.py": fork}, {"se.py": ORDER_UPSTREAM})
    errors = [(p, line) for p, line, severity in found(audit(git_repo, sides, tmp_path), DRIFT) if severity == "error"]
    assert errors == ([] if silent else [("use.py", 5)])


ROUTING_BASE = (
    "from enum import IntEnum\n\n\nclass RoutingMethodType(IntEnum):\n    Default = (0,)\n    TopK = (5,)\n"
    "    Unspecified = 6.0\n"
)
# #30623: Custom and Simulated inserted before Unspecified, which an integral float spells (the int mixin
# truncates it: 6.0 is the member 6, and 8.0 now)
ROUTING_UPSTREAM = ROUTING_BASE.replace(
    "    Unspecified = 6.0\n", "    Custom = (6,)\n    Simulated = (7,)\n    Unspecified = 8.0\n"
)
ROUTING_USE = "from rt import RoutingMethodType\n\n\ndef unspecified(kind: RoutingMethodType) -> bool:\n"


@pytest.mark.parametrize(
    ("body", "silent"),
    [
        ("    return kind == 6  # Unspecified\n", False),
        ("    return RoutingMethodType(6) is kind\n", False),
        ("    return kind == RoutingMethodType.Unspecified\n", True),  # the member by name
        ("    return kind == 5  # TopK, unchanged\n", True),
        ("    return kind == 8  # Unspecified, written for the new numbering\n", True),
    ],
)
def test_float_valued_int_enum_renumbered(git_repo: GitRepo, tmp_path: Path, body: str, silent: bool) -> None:
    fork = ROUTING_USE + body
    sides = three_way(git_repo, {"rt.py": ROUTING_BASE}, {"use.py": fork}, {"rt.py": ROUTING_UPSTREAM})
    errors = [(p, line) for p, line, severity in found(audit(git_repo, sides, tmp_path), DRIFT) if severity == "error"]
    assert errors == ([] if silent else [("use.py", 5)])


@pytest.mark.parametrize(
    ("fork", "line", "expected"),
    [
        # the fork's own enum of the name, defined in the file: its members, not upstream's
        (
            "from enum import IntEnum\n\n\nclass RoutingMethodType(IntEnum):\n    Unspecified = 6.0\n\n\n"
            "def unspecified(kind: RoutingMethodType) -> bool:\n    return kind == 6\n",
            9,
            None,
        ),
        # the old value in the except of a try that builds the new one: the path for the release without it
        (
            "from rt import RoutingMethodType\n\ntry:\n    DEFAULT = RoutingMethodType(8)\n"
            "except ValueError:\n    DEFAULT = RoutingMethodType(6)\n",
            6,
            "warning",
        ),
        # the old value on the arm a probe of the inserted member does not take, on the probe's own line
        (
            "from rt import RoutingMethodType\n\n"
            "DEFAULT = RoutingMethodType(8) if hasattr(RoutingMethodType, 'Simulated') else RoutingMethodType(6)\n",
            3,
            "warning",
        ),
        # a fallback for a value read from input is the fork's default: still tied
        (
            "import os\n\nfrom rt import RoutingMethodType\n\ntry:\n"
            "    DEFAULT = RoutingMethodType(int(os.environ['ROUTING']))\n"
            "except (KeyError, ValueError):\n    DEFAULT = RoutingMethodType(6)\n",
            8,
            "error",
        ),
    ],
    ids=["own-namesake", "fallback-of-a-literal", "probe-on-its-line", "fallback-of-input"],
)
def test_float_valued_int_enum_fork_spellings(
    git_repo: GitRepo, tmp_path: Path, fork: str, line: int, expected: str | None
) -> None:
    """review70: the fork's own class of the name, and the except of a try of the new value, are not the old
    value's use on the path that runs."""
    sides = three_way(git_repo, {"rt.py": ROUTING_BASE}, {"use.py": fork}, {"rt.py": ROUTING_UPSTREAM})
    seen = [(ln, severity) for p, ln, severity in found(audit(git_repo, sides, tmp_path), DRIFT) if p == "use.py"]
    assert seen == ([] if expected is None else [(line, expected)])


# -- a member added to the enum and to upstream's own list of members (#273) ------------------------------------
SEQ = "pkg/sequence.py"
SEQ_BASE = """import enum


class SequenceStatus(enum.Enum):
    WAITING = enum.auto()
    RUNNING = enum.auto()
    FINISHED_STOPPED = enum.auto()
    FINISHED_LENGTH_CAPPED = enum.auto()
    FINISHED_ABORTED = enum.auto()

    @staticmethod
    def is_finished(status: "SequenceStatus") -> bool:
        return status in [
            SequenceStatus.FINISHED_STOPPED,
            SequenceStatus.FINISHED_LENGTH_CAPPED,
            SequenceStatus.FINISHED_ABORTED,
        ]
"""
SEQ_AFTER = SEQ_BASE.replace(
    "    FINISHED_ABORTED = enum.auto()\n", "    FINISHED_ABORTED = enum.auto()\n    FINISHED_IGNORED = enum.auto()\n"
).replace(
    "            SequenceStatus.FINISHED_ABORTED,\n",
    "            SequenceStatus.FINISHED_ABORTED,\n            SequenceStatus.FINISHED_IGNORED,\n",
)
SEQ_USE = "pkg/aeon_done.py"
SEQ_HEAD = "from pkg.sequence import SequenceStatus\n\n"


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        (
            "DONE = (SequenceStatus.FINISHED_STOPPED, SequenceStatus.FINISHED_LENGTH_CAPPED, SequenceStatus.FINISHED_ABORTED)\n",
            "DONE",
        ),
        (
            "\ndef reason(status) -> str:\n    return {\n        SequenceStatus.FINISHED_ABORTED: 'abort',\n"
            "        SequenceStatus.FINISHED_STOPPED: 'stop',\n        SequenceStatus.FINISHED_LENGTH_CAPPED: 'length',\n    }[status]\n",
            "return {",
        ),
    ],
    ids=["tuple", "dict keys"],
)
def test_a_fork_copy_of_a_list_upstream_grew_with_a_new_member(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str
) -> None:
    fork = SEQ_HEAD + body
    sides = three_way(git_repo, {"pkg/__init__.py": "", SEQ: SEQ_BASE}, {SEQ_USE: fork}, {SEQ: SEQ_AFTER})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, DRIFT) == [(SEQ_USE, line_of(fork, needle), "warning")]
    message = next(f.message for f in report.findings if f.rule_id == DRIFT)
    assert "misses SequenceStatus.FINISHED_IGNORED" in message


GROWN_COPIES = (
    "DONE = (SequenceStatus.FINISHED_STOPPED, SequenceStatus.FINISHED_LENGTH_CAPPED, SequenceStatus.FINISHED_ABORTED)\n"
    "REASON = {SequenceStatus.FINISHED_STOPPED: 'stop', SequenceStatus.FINISHED_LENGTH_CAPPED: 'length',"
    " SequenceStatus.FINISHED_ABORTED: 'abort'}\n\n\n"
)


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ("def done(status: SequenceStatus) -> bool:\n    return status in DONE\n", "status in DONE"),
        ("def running(status: SequenceStatus) -> bool:\n    return status not in DONE\n", "not in DONE"),
        ("def reason(status: 'SequenceStatus') -> str:\n    return REASON[status]\n", "REASON[status]"),
    ],
    ids=["in", "not in", "table"],
)
def test_a_value_of_the_enum_tested_against_the_grown_copy_is_an_error(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str
) -> None:
    """#273: ``status in AEON_FINISHED`` is False for FINISHED_IGNORED where upstream's list says finished;
    ``REASON[status]`` raises.  The copies keep their warnings; the use of a value typed as the enum is an error."""
    fork = SEQ_HEAD + GROWN_COPIES + body
    sides = three_way(git_repo, {"pkg/__init__.py": "", SEQ: SEQ_BASE}, {SEQ_USE: fork}, {SEQ: SEQ_AFTER})
    errors = [(p, line) for p, line, severity in found(audit(git_repo, sides, tmp_path), DRIFT) if severity == "error"]
    assert errors == [(SEQ_USE, line_of(fork, needle))]


def test_the_grown_copy_used_inline_is_one_error(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = SEQ_HEAD + (
        "\ndef reason(status: SequenceStatus) -> str:\n    return {\n        SequenceStatus.FINISHED_ABORTED: 'abort',\n"
        "        SequenceStatus.FINISHED_STOPPED: 'stop',\n        SequenceStatus.FINISHED_LENGTH_CAPPED: 'length',\n"
        "    }[status]\n"
    )
    sides = three_way(git_repo, {"pkg/__init__.py": "", SEQ: SEQ_BASE}, {SEQ_USE: fork}, {SEQ: SEQ_AFTER})
    assert found(audit(git_repo, sides, tmp_path), DRIFT) == [(SEQ_USE, line_of(fork, "return {"), "error")]


@pytest.mark.parametrize(
    "body",
    [
        # a value of no known type: it may never be the new member (the copies' own warnings stay)
        "def done(status) -> bool:\n    return status in DONE\n",
        # a member looked up by name: the fork's own entries
        "def stop() -> str:\n    return REASON[SequenceStatus.FINISHED_STOPPED]\n",
    ],
    ids=["untyped", "member lookup"],
)
def test_grown_copy_twins_stay_warnings(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = SEQ_HEAD + GROWN_COPIES + body
    sides = three_way(git_repo, {"pkg/__init__.py": "", SEQ: SEQ_BASE}, {SEQ_USE: fork}, {SEQ: SEQ_AFTER})
    assert {severity for _, _, severity in found(audit(git_repo, sides, tmp_path), DRIFT)} == {"warning"}


@pytest.mark.parametrize(
    "body",
    [
        "def done(status: SequenceStatus) -> bool:\n    return SequenceStatus.is_finished(status)\n",
        # a sub-list of its own (two of the three), and a list already holding the new member
        "STOPPED = (SequenceStatus.FINISHED_STOPPED, SequenceStatus.FINISHED_LENGTH_CAPPED)\n",
        "DONE = {SequenceStatus.FINISHED_STOPPED, SequenceStatus.FINISHED_LENGTH_CAPPED, SequenceStatus.FINISHED_ABORTED,"
        " SequenceStatus.FINISHED_IGNORED}\n",
    ],
    ids=["upstream's predicate", "a sub-list", "already complete"],
)
def test_grown_list_twins_are_quiet(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    sides = three_way(git_repo, {"pkg/__init__.py": "", SEQ: SEQ_BASE}, {SEQ_USE: SEQ_HEAD + body}, {SEQ: SEQ_AFTER})
    assert found(audit(git_repo, sides, tmp_path), DRIFT) == []


def test_a_list_of_the_forks_own_enum_of_the_name_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """The fork's own enum named like upstream's: its members are the fork's, whatever upstream's grew."""
    own = (
        "import enum\n\n\nclass SequenceStatus(enum.Enum):\n    FINISHED_STOPPED = 1\n"
        "    FINISHED_LENGTH_CAPPED = 2\n    FINISHED_ABORTED = 3\n\n\n"
        "DONE = (SequenceStatus.FINISHED_STOPPED, SequenceStatus.FINISHED_LENGTH_CAPPED, SequenceStatus.FINISHED_ABORTED)\n"
    )
    sides = three_way(git_repo, {"pkg/__init__.py": "", SEQ: SEQ_BASE}, {SEQ_USE: own}, {SEQ: SEQ_AFTER})
    assert found(audit(git_repo, sides, tmp_path), DRIFT) == []


def test_no_function_is_walked_for_typed_uses_where_no_parameter_is_annotated_as_the_enum(
    git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """mend61: a use of the grown copy needs a parameter annotated as the enum (or as a class of a field holding
    it); where the file has none, the copy's warning stands without ``_typed_uses`` walking the file per display."""

    def refused(*_: object) -> list[int]:
        raise AssertionError("walked the file for typed uses")

    monkeypatch.setattr(enum_drift, "_typed_uses", refused)
    fork = SEQ_HEAD + GROWN_COPIES + "def done(status: int) -> bool:\n    return status in DONE\n"
    sides = three_way(git_repo, {"pkg/__init__.py": "", SEQ: SEQ_BASE}, {SEQ_USE: fork}, {SEQ: SEQ_AFTER})
    assert {severity for _, _, severity in found(audit(git_repo, sides, tmp_path), DRIFT)} == {"warning"}
