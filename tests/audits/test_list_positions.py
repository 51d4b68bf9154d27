"""Position drift: a fork reads one of upstream's module-level lists by position, and upstream moved the entries.

Shaped like #23198 (e76e233540), which put ``CutlassW4A8LinearKernel`` at the head of the mixed-precision
kernels' ``_POSSIBLE_KERNELS``: a fork's ``mpk._POSSIBLE_KERNELS.insert(2, AeonKernel)`` ("just ahead of
Marlin") merges cleanly and lands ahead of AllSpark instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import ORDER_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

KERNELS = "pkg/kernels/__init__.py"
BASE = (
    "from pkg.kernels.impls import AllSpark, Bitblas, Conch, Cutlass, Exllama, Machete, Marlin\n\n"
    "# in priority order\n"
    "_POSSIBLE_KERNELS: list[type] = [\n"
    "    Machete,\n    AllSpark,\n    Marlin,\n    Bitblas,\n    Conch,\n    Exllama,\n"
    "]\n"
    "GROUP_SIZES = (-1, 32, 64, 128)\n"
)
IMPLS = "pkg/kernels/impls.py"
IMPLS_TEXT = "".join(
    f"class {n}:\n    pass\n\n\n" for n in "AllSpark Bitblas Conch Cutlass Exllama Machete Marlin".split()
)
HEAD = BASE.replace("    Machete,\n", "    Cutlass,\n    Machete,\n")  # #23198: a new head
APPENDED = BASE.replace("    Exllama,\n", "    Exllama,\n    Cutlass,\n")  # a new tail only
SUBJECT = "[kernel] Support W4A8 on Hopper (#23198)"
FORK = "pkg/aeon_kernels.py"
IMPORT = "from pkg import kernels as mpk\nfrom pkg.kernels.impls import Marlin\n\n\nclass AeonKernel(Marlin):\n    pass\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = HEAD) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo, {KERNELS: BASE, IMPLS: IMPLS_TEXT}, {FORK: IMPORT + text}, [(SUBJECT, {KERNELS: new})]
    )
    return [(line, severity, message) for _, line, severity, message in s.rule_rows(git_repo, no_rules, sides, RULE)]


def test_an_insert_at_a_fixed_inner_index_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    text = "# AEON: the Spark's kernel goes just ahead of Marlin\nmpk._POSSIBLE_KERNELS.insert(2, AeonKernel)\n"
    [(line, severity, message)] = run(git_repo, no_rules, text)
    assert (line, severity) == (10, "error")
    assert "reads _POSSIBLE_KERNELS by position" in message and "#23198" in message
    assert "now puts its entry ahead of AllSpark, which it sat behind at the base" in message


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # an imported list, an inner index read
        (
            "from pkg.kernels import _POSSIBLE_KERNELS\n\nAEON_FALLBACK = _POSSIBLE_KERNELS[3]\n",
            "was Bitblas at the base and is Marlin now",
        ),
        # an inner slice
        ("AEON_MIDDLE = mpk._POSSIBLE_KERNELS[2:4]\n", "now holds AllSpark, which it left out at the base"),
        # a store and a pop at an inner position
        ("mpk._POSSIBLE_KERNELS[2] = AeonKernel\n", "was Marlin at the base and is AllSpark now"),
        ("def aeon_drop() -> None:\n    mpk._POSSIBLE_KERNELS.pop(3)\n", "was Bitblas at the base and is Marlin now"),
    ],
)
def test_other_inner_positions_are_errors(git_repo: GitRepo, no_rules: Path, text: str, said: str) -> None:
    [(_, severity, message)] = run(git_repo, no_rules, text)
    assert severity == "error" and said in message


@pytest.mark.parametrize(
    "text",
    [
        # GB10 has no Machete: "every kernel after it" -- or "all but the first", whatever that is now
        "AEON_GB10 = mpk._POSSIBLE_KERNELS[1:]\n",
        "AEON_BEST = mpk._POSSIBLE_KERNELS[0]\n",
    ],
)
def test_an_end_position_is_a_warning(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    [(_, severity, message)] = run(git_repo, no_rules, text)
    assert severity == "warning" and "an end's position" in message


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # found by value
        ("mpk._POSSIBLE_KERNELS.insert(mpk._POSSIBLE_KERNELS.index(Marlin), AeonKernel)\n", HEAD),
        # upstream only appended: every inner position names the same entry
        ("mpk._POSSIBLE_KERNELS.insert(2, AeonKernel)\nAEON = mpk._POSSIBLE_KERNELS[3]\n", APPENDED),
        # a position ahead of upstream's change
        ("AEON_MIDDLE = mpk._POSSIBLE_KERNELS[1:3]\n", BASE.replace("    Exllama,\n", "")),
        # the entry at the position was removed, not moved: another check's business
        ("AEON = mpk._POSSIBLE_KERNELS[3]\n", BASE.replace("    Bitblas,\n", "    Cutlass,\n")),
        # a list upstream did not touch
        ("AEON_G = mpk.GROUP_SIZES[2]\n", HEAD),
        # the fork's own list of the name
        ("_POSSIBLE_KERNELS = [AeonKernel, Marlin, Marlin]\nAEON = _POSSIBLE_KERNELS[2]\n", HEAD),
        # a local of another name, read by position
        ("def aeon(xs: list) -> object:\n    return xs[2]\n", HEAD),
        # an insert at the front stays at the front
        ("mpk._POSSIBLE_KERNELS.insert(0, AeonKernel)\n", HEAD),
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str, new: str) -> None:
    assert run(git_repo, no_rules, text, new) == []


def test_a_fork_edit_of_the_module_itself_reads_its_own_list(git_repo: GitRepo, no_rules: Path) -> None:
    fork = BASE + "\n\ndef aeon_fallback() -> type:\n    return _POSSIBLE_KERNELS[3]\n"
    sides = s.merge_case(git_repo, {KERNELS: BASE, IMPLS: IMPLS_TEXT}, {KERNELS: fork}, [(SUBJECT, {KERNELS: HEAD})])
    [(path, _, severity, _)] = s.rule_rows(git_repo, no_rules, sides, RULE)
    assert (path, severity) == (KERNELS, "error")


@pytest.mark.parametrize(
    "text",
    [
        # review22: the fork tests what sits at the position before relying on it
        "if mpk._POSSIBLE_KERNELS[2] is Marlin:\n    mpk._POSSIBLE_KERNELS.insert(2, AeonKernel)\n",
        "AEON_MARLIN_THIRD = mpk._POSSIBLE_KERNELS[2] == Marlin\n",
        "def aeon() -> None:\n    assert mpk._POSSIBLE_KERNELS[2] is Marlin\n    mpk._POSSIBLE_KERNELS.insert(2, AeonKernel)\n",
        # a parameter of the list's name: the caller's list
        "from pkg.kernels import _POSSIBLE_KERNELS\n\n\ndef aeon(_POSSIBLE_KERNELS: list) -> object:  # noqa: N803\n"
        "    return _POSSIBLE_KERNELS[2]\n",
    ],
    ids=["insert under an identity test", "the position compared", "an assert ahead", "a parameter of the name"],
)
def test_a_position_the_fork_checks_or_binds_itself_is_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


def test_a_test_of_another_list_does_not_hold_for_the_position(git_repo: GitRepo, no_rules: Path) -> None:
    text = "if mpk.GROUP_SIZES[2] == 64:\n    mpk._POSSIBLE_KERNELS.insert(2, AeonKernel)\n"
    [(_, severity, _)] = run(git_repo, no_rules, text)
    assert severity == "error"


def test_a_cherry_picked_insert_reads_the_fork_order(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork carries upstream's insert already (a cherry-pick): its positions were written for that order."""
    fork = {KERNELS: HEAD, FORK: IMPORT + "mpk._POSSIBLE_KERNELS.insert(3, AeonKernel)  # just ahead of Marlin\n"}
    sides = s.merge_case(git_repo, {KERNELS: BASE, IMPLS: IMPLS_TEXT}, fork, [(SUBJECT, {KERNELS: HEAD})])
    assert s.rule_rows(git_repo, no_rules, sides, RULE) == []


def test_a_fork_entry_in_its_copy_is_judged_against_the_merged_list(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork slotted its own entry into its copy and reads it by position; upstream's head insert moves it."""
    own = BASE.replace("    Marlin,\n", "    Marlin,\n    AeonKernel,\n")
    fork = {KERNELS: own, FORK: IMPORT + "AEON_MINE = mpk._POSSIBLE_KERNELS[3]\n"}
    sides = s.merge_case(git_repo, {KERNELS: BASE, IMPLS: IMPLS_TEXT}, fork, [(SUBJECT, {KERNELS: HEAD})])
    [(path, _, severity, message)] = [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if r[0] == FORK]
    assert (path, severity) == (FORK, "error") and "was AeonKernel at the base and is Marlin now" in message


# killers211: #20859 appended a fourth builtin to BUILTIN_LOGITS_PROCESSORS; a fork's three-name unpacking of it
# raises ValueError at import.  A new head and a new tail both change the count; a ``*rest`` or a list whose count
# stays does not.
@pytest.mark.parametrize(
    ("text", "new"),
    [
        ("MACH, ALL, MAR, BIT, CON, EXL = mpk._POSSIBLE_KERNELS\n", APPENDED),
        ("from pkg.kernels import _POSSIBLE_KERNELS\n\n[A, B, C, D, E, F] = _POSSIBLE_KERNELS\n", HEAD),
        (
            "from pkg.kernels import GROUP_SIZES\n\n\ndef aeon() -> int:\n    a, b, c, d = GROUP_SIZES\n    return b\n",
            BASE.replace("(-1, 32, 64, 128)", "(-1, 16, 32, 64, 128)"),
        ),
        # revDW: a try catching another error, a len test of another list: the count still unhandled
        ("try:\n    MACH, ALL, MAR, BIT, CON, EXL = mpk._POSSIBLE_KERNELS\nexcept ImportError:\n    pass\n", APPENDED),
        (
            "if len(mpk.GROUP_SIZES) == 4:\n    MACH, ALL, MAR, BIT, CON, EXL = mpk._POSSIBLE_KERNELS\n",
            APPENDED,
        ),
    ],
    ids=[
        "a module attribute, a new tail",
        "an imported name in a list target, a new head",
        "in a function",
        "a try catching ImportError",
        "a len test of another list",
    ],
)
def test_an_unpacking_into_the_old_count_is_an_error(git_repo: GitRepo, no_rules: Path, text: str, new: str) -> None:
    [(line, severity, message)] = run(git_repo, no_rules, text, new)
    assert severity == "error" and "entries now (ValueError)" in message
    lines = (IMPORT + text).splitlines()
    assert line == next(n for n, spelt in enumerate(lines, 1) if "," in spelt.split("=")[0] and "=" in spelt)


# killers213 (#32795, 955b43a5a5): "bfloat16" inserted into a class's list attribute at index 1
BACKEND = "pkg/backends/flash.py"
CLS_BASE = (
    "from typing import ClassVar\n\n\n"
    "class FlashBackend:\n"
    '    supported_dtypes: ClassVar[list[str]] = ["auto", "fp8", "fp8_e4m3", "fp8_e5m2", "nvfp4"]\n\n'
    "    @staticmethod\n"
    "    def get_name() -> str:\n"
    '        return "FLASH"\n'
)
CLS_HEAD = CLS_BASE.replace('"auto", "fp8"', '"auto", "bfloat16", "fp8"')
CLS_SUBJECT = "[Attention] Explicitly report support for kv_cache_dtype bfloat16 (#32795)"
CLS_IMPORT = "from pkg.backends.flash import FlashBackend\nfrom pkg.backends import flash as fb\n\n\n"


def run_cls(git_repo: GitRepo, no_rules: Path, text: str, new: str = CLS_HEAD) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {BACKEND: CLS_BASE}, {FORK: CLS_IMPORT + text}, [(CLS_SUBJECT, {BACKEND: new})])
    return [(line, severity, message) for _, line, severity, message in s.rule_rows(git_repo, no_rules, sides, RULE)]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # an inner index of the class's list, read off the imported class
        ("def aeon_e4m3() -> str:\n    return FlashBackend.supported_dtypes[2]\n", "was 'fp8_e4m3' at the base"),
        # the same off the module
        ("def aeon_e4m3() -> str:\n    return fb.FlashBackend.supported_dtypes[2]\n", "is 'fp8' now"),
        # an unpacking into the base's count: ValueError now
        (
            "def aeon_names() -> str:\n    auto, fp8, e4m3, e5m2, fp4 = FlashBackend.supported_dtypes\n    return fp4\n",
            "unpacks 5 entries at the base and 6 entries now (ValueError)",
        ),
    ],
)
def test_a_class_list_read_by_position_is_an_error(git_repo: GitRepo, no_rules: Path, text: str, said: str) -> None:
    [(line, severity, message)] = run_cls(git_repo, no_rules, text)
    assert (line, severity) == (6, "error")
    assert "FlashBackend.supported_dtypes" in message and said in message and "#32795" in message


def test_an_unpack_of_a_module_list_upstream_reordered_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    text = "from pkg.kernels import GROUP_SIZES\n\nAEON_ALL, AEON_G32, AEON_G64, AEON_G128 = GROUP_SIZES\n"
    new = HEAD.replace("GROUP_SIZES = (-1, 32, 64, 128)", "GROUP_SIZES = (-1, 64, 32, 128)")
    [(line, severity, message)] = run(git_repo, no_rules, text, new)
    assert (line, severity) == (11, "error")
    assert "unpacks 32 at the base and 64 now" in message


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # a starred name takes the rest, whatever its length
        ("MACH, ALL, *AEON_REST = mpk._POSSIBLE_KERNELS\n", APPENDED),
        # a list upstream did not touch
        ("G1, G2, G3, G4 = mpk.GROUP_SIZES\n", HEAD),
        # a count that did not fit at the base either (not the fork's intent to read)
        ("A, B = mpk._POSSIBLE_KERNELS\n", APPENDED),
        # revDW (review115's #20859 twins): the fork splits on the count, by len() or by catching ValueError
        (
            "if len(mpk._POSSIBLE_KERNELS) == 6:\n    A, B, C, D, E, F = mpk._POSSIBLE_KERNELS\n"
            "else:\n    A, B, C, D, E, F, G = mpk._POSSIBLE_KERNELS\n",
            APPENDED,
        ),
        (
            "try:\n    A, B, C, D, E, F = mpk._POSSIBLE_KERNELS\nexcept ValueError:\n"
            "    A, B, C, D, E, F = mpk._POSSIBLE_KERNELS[:6]\n",
            APPENDED,
        ),
    ],
    ids=["*rest", "untouched list", "another count at the base", "a len test", "except ValueError"],
)
def test_an_unpacking_that_still_fits_stays_quiet(git_repo: GitRepo, no_rules: Path, text: str, new: str) -> None:
    assert run(git_repo, no_rules, text, new) == []


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # membership, the new spelling's count, a starred unpack
        ('def aeon_ok() -> bool:\n    return "fp8" in FlashBackend.supported_dtypes\n', CLS_HEAD),
        ("def aeon_n() -> str:\n    a, b, c, d, e, f = FlashBackend.supported_dtypes\n    return f\n", CLS_HEAD),
        ("def aeon_n() -> str:\n    auto, *rest = FlashBackend.supported_dtypes\n    return auto\n", CLS_HEAD),
        # a guard on the shape
        (
            "def aeon_n() -> str:\n    if len(FlashBackend.supported_dtypes) == 5:\n"
            "        a, b, c, d, e = FlashBackend.supported_dtypes\n        return e\n    return ''\n",
            CLS_HEAD,
        ),
        # an append only: the first positions keep their entries, the unpack's count is another's
        (
            "def aeon_e4m3() -> str:\n    return FlashBackend.supported_dtypes[2]\n",
            CLS_BASE.replace('"nvfp4"]', '"nvfp4", "int8"]'),
        ),
        # the fork's own class of that name
        (
            "class FlashBackend:\n    supported_dtypes = ['a', 'b', 'c']\n\n\n"
            "def aeon_own() -> str:\n    return FlashBackend.supported_dtypes[1]\n",
            CLS_HEAD,
        ),
    ],
)
def test_class_list_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str, new: str) -> None:
    assert [r for r in run_cls(git_repo, no_rules, text, new) if r[1] == "error"] == []


def test_an_unpacking_whose_count_stays_but_whose_entries_moved_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The count stays but two shared entries swapped: the unpacking binds the fork's names to other entries, as an
    inner position's read would (killers213's rule, which the merge of killers211's unpacking kept)."""
    swapped = BASE.replace("    Machete,\n    AllSpark,\n", "    AllSpark,\n    Machete,\n")
    [(_, severity, message)] = run(git_repo, no_rules, "A, B, C, D, E, F = mpk._POSSIBLE_KERNELS\n", swapped)
    assert severity == "error" and "unpacks Machete at the base and AllSpark now" in message


def test_the_unpacking_pattern_reads_a_long_line_in_one_pass() -> None:
    """readH: ``_UNPACK`` read the blanks before ``=`` with two classes, and a line of blanks with no ``=`` tried every
    split of them (8,000 blanks: 0.8 s; 40,000: ~20 s); what it matches is as before."""
    import time

    from aeon_release.domain.audits.drift.list_positions import _UNPACK

    found = [_UNPACK.search(line) for line in ("a, b = X", "(a, b)  = m.X", "[a,b,c]=X  # c", "a, b == X", "a, *b = X")]
    assert [m.group(1) if m else None for m in found] == ["X", "m.X", "X", None, None]
    start = time.perf_counter()
    assert _UNPACK.search("a, " + " \t" * 40_000 + "x") is None
    assert time.perf_counter() - start < 2.0
