"""A rename bridged by probing the new name first: ``getattr(m, "New", None) or m.Old``, ``next(c for c in
(getattr(m, "New", None), getattr(m, "Old", None)) if c)``.

The mxoracle replay's #33679 (``IpexMxfp4MoEMethod`` renamed ``XpuMxfp4MoEMethod``) left both spellings as
false errors: symbol drift read ``m.Old`` after the ``or`` as a use of the gone name, and name drift read the
old name's probe among the two as a read.  Where the merged module defines the probed name as a class or a
function (always truthy) the ``or``'s fallback never runs; a probe with a default among probes of one object
yields None where its name is gone.  A probed name the merged module lacks, or binds to a plain value that may
be falsy, leaves the old read a use.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.names import RULE as NAMES
from aeon_release.domain.audits.drift.symbols import RULE as SYMBOLS
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_symbol_drift import found

OLD = "class OldMethod:\n    pass\n"
AS_CLASS = "class NewMethod:\n    pass\n"
AS_FUNCTION = "def NewMethod():\n    return None\n"
AS_VALUE = "NewMethod = None\n"


def _reported(git_repo: GitRepo, no_rules: Path, line: str, renamed: str) -> list[tuple[str, int, str]]:
    fork = "from pkg import quant\n\n" + line + "\n"
    sides = s.merge_case(
        git_repo,
        {"pkg/__init__.py": "", "pkg/quant.py": OLD},
        {"pkg/aeon.py": fork},
        [("Rename OldMethod to NewMethod (#79)", {"pkg/quant.py": renamed})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [row for rule in (SYMBOLS, NAMES) for row in found(report, rule) if row[0] == "pkg/aeon.py"]


@pytest.mark.parametrize(
    ("line", "renamed", "reported"),
    [
        ('M = getattr(quant, "NewMethod", None) or quant.OldMethod', AS_CLASS, False),
        ('M = getattr(quant, "NewMethod", None) or quant.OldMethod', AS_FUNCTION, False),
        ('def pick():\n    return getattr(quant, "NewMethod", None) or quant.OldMethod', AS_CLASS, False),
        ('M = getattr(quant, "NewMethod", None) or quant.OldMethod', AS_VALUE, True),
        ('M = getattr(quant, "OtherMethod", None) or quant.OldMethod', AS_CLASS, True),
        ("M = quant.OldMethod", AS_CLASS, True),
        ('M = quant.OldMethod or getattr(quant, "NewMethod", None)', AS_CLASS, True),
    ],
    ids=["or-class", "or-function", "or-in-a-function", "or-falsy-value", "or-other-probe", "plain", "old-first"],
)
def test_the_old_name_read_after_a_probe_of_the_new(
    git_repo: GitRepo, no_rules: Path, line: str, renamed: str, reported: bool
) -> None:
    got = _reported(git_repo, no_rules, line, renamed)
    assert bool(got) is reported, got


@pytest.mark.parametrize(
    ("line", "reported"),
    [
        ('M = next(c for c in (getattr(quant, "NewMethod", None), getattr(quant, "OldMethod", None)) if c)', False),
        ('M = [c for c in [getattr(quant, "NewMethod", None), getattr(quant, "OldMethod", None)] if c][0]', False),
        ('M = next(c for c in (getattr(quant, "OldMethod"), getattr(quant, "NewMethod", None)) if c)', True),
        ('M = next(c for c in (getattr(other, "NewMethod", None), getattr(quant, "OldMethod", None)) if c)', True),
    ],
    ids=["next-of-probes", "list-of-probes", "no-default", "another-object"],
)
def test_the_old_name_probed_among_probes(git_repo: GitRepo, no_rules: Path, line: str, reported: bool) -> None:
    got = _reported(git_repo, no_rules, "other = quant\n" + line, AS_CLASS)
    assert bool(got) is reported, got
