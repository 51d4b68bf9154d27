"""Hostile-input sweep 48.  A stranger's pull request built to break the auditor itself: statements nested past
the checks' walks (an ``elif`` chain), and what the gate says when the merge-aware checks cannot run at all.
The real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import build_example
from tests.hostile.conftest import config_with, run_limited
from tests.hostile.test_sweep8 import _merge

TIMEOUT = 60.0


# -- statements nested past the checks' walks -------------------------------------------------------------------------
def _elifs(branches: int) -> str:
    """A dispatch table of ``branches`` arms: Python nests each ``elif`` in the one before's ``orelse`` (and
    compiles a chain of up to ~2,900 of them)."""
    arms = "".join(f"    elif x == {i}:\n        return {i}\n" for i in range(1, branches))
    return f"def k(x):\n    if x == 0:\n        return 0\n{arms}    return -1\n"


@pytest.mark.parametrize("branches", [1000, 2800])
def test_a_fork_elif_chain_costs_the_merge_checks_only_itself(tmp_path: Path, branches: int) -> None:
    """A fork file of a thousand ``elif`` arms (Python compiles it) ran symbol drift's statement walk out of stack,
    on the trees cut at 100 levels too (only expressions were cut): every merge-aware finding of the merge was gone
    for one warning naming no file, and the fork's broken call of g passed the gate, exit 0.  Statements are cut as
    expressions are: the file is named, the call is still caught."""
    repo, merge = _merge(tmp_path, {}, {}, {"pkg/table.py": _elifs(branches)})
    run = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path), *merge, timeout=TIMEOUT)
    assert run.code == 1 and "Traceback" not in run.err, run.out + run.err
    assert "pkg/mine.py:5" in run.out and "calls g, which is now g(x, y)" in run.out, run.out
    [cut] = [line for line in run.out.splitlines() if "audit/not-audited" in line]
    assert "pkg/table.py:" in cut and "nested over 100 levels deep" in cut, run.out
    assert "could not run" not in run.out, run.out


@pytest.mark.parametrize("branches", [60, 1000])
def test_an_elif_chain_the_walks_follow_is_read_whole(tmp_path: Path, branches: int) -> None:
    """The twins: a table of 60 arms (the fork's) is read whole, no cut named; one of 1,000 upstream wrote (which the
    fork's walk never enters) neither."""
    fork = branches < 100
    files = {"pkg/table.py": _elifs(branches)}
    repo, merge = _merge(tmp_path, {}, {} if fork else files, files if fork else {})
    run = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path), *merge, timeout=TIMEOUT)
    assert run.code == 1 and "calls g, which is now g(x, y)" in run.out, run.out + run.err
    assert "audit/not-audited" not in run.out, run.out


# -- the merge-aware checks that cannot run -----------------------------------------------------------------------------
@pytest.mark.parametrize("failure", [RecursionError, MemoryError])
def test_merge_checks_that_cannot_run_block_the_gate(monkeypatch: pytest.MonkeyPatch, failure: type) -> None:
    """What stack or memory stopped the merge-aware checks was a warning naming no file: the gate passed with none of
    their findings (exit 0), a crash read as clean.  It is an error, as a Python file they did not read is."""
    from aeon_release.domain.audits import merge as merge_mod
    from aeon_release.domain.audits import runner
    from aeon_release.domain.audits.model import Severity

    def fail(*args: object, **kwargs: object) -> list[object]:
        raise failure()

    monkeypatch.setattr(merge_mod, "merge_findings", fail)
    [finding] = runner._merge_findings(None, None, type("Rules", (), {"settings": None})())  # type: ignore[arg-type]
    assert finding.severity is Severity.ERROR and "could not run" in finding.message, finding
    assert "cannot pass" in finding.message, finding


# -- a rule that looks a class up in a module of a long elif table --------------------------------------------------------
@pytest.mark.parametrize("literal", ["4", "9"], ids=["twin-as-it-is", "no-member"])
def test_an_enum_beside_an_elif_table_is_read(tmp_path: Path, literal: str) -> None:
    """The enum-literal rule finds its enum with ``walk_defs``, which recursed into every statement list: a module of
    the enum and a 1,000-arm ``elif`` table (Python compiles it) ran it out of stack, and the rule said "could not be
    checked: too deeply nested", an error on code that compiles, naming the file that compares (exit 1 on the
    checkout as it is).  The twin: the literal that means a member stays quiet; one that means another is the error."""
    ex = build_example(tmp_path / "ex")
    enum_file = ex.fork / "vllm/v1/kv_cache_interface.py"
    enum_file.write_text(enum_file.read_text() + "\n\n" + _elifs(1000))
    flags = ex.fork / "vllm/v1/attention/backends/triton_attn.py"
    flags.write_text(flags.read_text().replace("KV_QUANT_MODE == 4", f"KV_QUANT_MODE == {literal}"))
    run = run_limited("audit", "--repo", ex.fork, "--config", ex.config, timeout=TIMEOUT)
    assert "could not be checked" not in run.out and "Traceback" not in run.err, run.out + run.err
    if literal == "4":
        assert run.code == 0, run.out
    else:
        assert run.code == 1 and "KV_QUANT_MODE == 9 means KVQuantMode.NVFP4, which is 4" in run.out, run.out
