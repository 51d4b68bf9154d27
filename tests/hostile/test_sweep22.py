"""Hostile-input sweep 22: class hierarchies whose ordering grows past the file that holds them (a lattice of
classes each deriving from every class of the layer below, a chain of thousands of classes each checked).
Real git, real processes; one line or one finding and a documented exit code, never a traceback or a hang."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.helpers import run_cli
from tests.hostile.conftest import ROOT, config_with, git, make_repo, run_limited

pytestmark = pytest.mark.slow


# -- class hierarchies -----------------------------------------------------------------------------------------
BASE = "class Base:\n    flag = False\n"


def _merge_audit(tmp_path: Path, fork: str) -> list[str]:
    """``audit`` arguments for a merge whose upstream flips ``Base.flag`` and whose fork adds ``fork``."""
    repo = make_repo(tmp_path / "repo", {"pkg/__init__.py": "", "pkg/base.py": BASE, "pkg/fork.py": "X = 1\n"})
    base = git(repo, "rev-parse", "HEAD")
    theirs = git(make_repo(repo, {"pkg/base.py": BASE.replace("False", "True")}, "Flip (#7)"), "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "--detach", base)
    ours = git(make_repo(repo, {"pkg/fork.py": fork}, "fork"), "rev-parse", "HEAD")
    git(repo, "merge", "-q", "--no-edit", theirs)
    sides = ("--base", base, "--ours", ours, "--theirs", theirs, "--format", "json")
    return ["audit", "--repo", str(repo), "--config", str(config_with(tmp_path)), *sides]


def _lattice(width: int, depth: int) -> str:
    """Layers of ``width`` classes, each deriving from every class of the layer below (a consistent C3)."""
    out = ["from pkg.base import Base\n"]
    out += [f"class L0_{j}(Base):\n    pass\n" for j in range(width)]
    for k in range(1, depth):
        bases = ", ".join(f"L{k - 1}_{i}" for i in range(width))
        out += [f"class L{k}_{j}({bases}):\n    pass\n" for j in range(width)]
    return "\n".join(out)


def _chain(length: int) -> str:
    return "from pkg.base import Base\n\nclass C0(Base):\n    pass\n" + "".join(
        f"class C{k}(C{k - 1}):\n    pass\n" for k in range(1, length)
    )


def test_a_lattice_of_classes_is_ordered_in_bounded_time(tmp_path: Path) -> None:
    """The inherited-default check ordered each fork class's bases as Python does (C3) from scratch, each
    step of the merge gathering every tail again: a 20 KB file of 144 classes, 12 layers of 12 each
    deriving from the whole layer below, took 72 s of a merge audit, 400 classes of 20 bases over 120 s.
    Each class is ordered once per index now, a step of the merge one scan of the lines' heads (2 s)."""
    run = run_limited(*_merge_audit(tmp_path, _lattice(12, 12)), timeout=60)
    assert run.code == 0 and "Traceback" not in run.err, run.err
    drift = [f for f in json.loads(run.out)["findings"] if f["rule"] == "merge/default-drift"]
    assert len(drift) == 144 and all("inherits flag from Base" in f["message"] for f in drift), drift[:2]


def test_a_long_chain_of_classes_is_ordered_in_bounded_work() -> None:
    """Every class of a chain of 10,000 (a 250 KB file) walked the whole chain below it, once per check
    that asked: the merge audit ran past 120 s.  Once an index has spent its budget ordering classes, an
    order is cut at 200 classes and ends in a base that does not resolve: a name past the cut is unknown
    (never reported), not missing, and the cut classes are named (a warning, next test)."""
    from aeon_release.domain.audits.drift import pyindex as px

    class Tree(dict[str, str]):
        def text(self, path: str) -> str | None:
            return self.get(path)

    length = 2_000
    ix = px.Index(Tree({"pkg/__init__.py": "", "pkg/base.py": BASE, "pkg/fork.py": _chain(length)}))
    mod = ix.module_at("pkg/fork.py")
    assert mod is not None
    classes = [ix.class_info(mod, f"C{k}") for k in range(length)]
    orders = [ix.mro(c) for c in classes if c is not None]
    assert sum(map(len, orders)) < px.BUDGET + length * (px.LONGEST + 2)  # not length**2 / 2
    assert isinstance(ix.member(orders[10], "flag"), px.DefSym)  # ordered in full before the budget ran out
    assert ix.member(orders[-1], "flag") is px.UNKNOWN and ix.member(orders[-1], "nothing") is px.UNKNOWN
    assert orders[-1][-1] is px.CUT and f"C{length - 1}" in ix.cut["pkg/fork.py"]
    deep = px.Index(ix.tree)  # one class asked alone is ordered in full at any length (sweep 13)
    top = deep.class_info(mod, f"C{length - 1}")
    assert top is not None and isinstance(deep.member(deep.mro(top), "flag"), px.DefSym) and not deep.cut


def test_a_cut_hierarchy_is_named_in_the_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the checks did not read they cannot pass silently: the classes whose order was cut are one
    ``audit/not-audited`` warning per file, at the first of them (a budget made small for the test)."""
    from aeon_release.domain.audits.drift import pyindex as px

    monkeypatch.setattr(px, "BUDGET", 2_000)
    run = run_cli(*_merge_audit(tmp_path, _chain(400)))
    assert run.code == 0, run.stderr
    [cut] = [f for f in json.loads(run.stdout)["findings"] if f["rule"] == "audit/not-audited"]
    assert cut["path"] == "pkg/fork.py" and cut["severity"] == "warning", cut
    assert "over 200 classes" in cut["message"] and "took the rest as unknown" in cut["message"], cut


@pytest.mark.parametrize("seed", range(4))
def test_the_order_is_the_one_python_builds(seed: int) -> None:
    """The memoized C3 gives ``__mro__`` as Python builds it for classes of random bases (those Python
    accepts), and no C3 order for a class Python refuses (the depth-first order stands in)."""
    from aeon_release.domain.audits.drift import pyindex as px

    rng = random.Random(seed)
    built: dict[str, type] = {"Base": type("Base", (), {})}
    lines, refused = ["class Base:\n    pass\n"], []
    for k in range(60):
        bases = rng.sample(sorted(built), min(len(built), rng.randint(1, 4)))
        line = f"class K{k}({', '.join(bases)}):\n    pass\n"
        try:
            built[f"K{k}"] = type(f"K{k}", tuple(built[b] for b in bases), {})
        except TypeError:  # no consistent order
            refused.append(line.replace(f"K{k}(", f"Refused{k}(", 1))
            continue
        lines.append(line)

    class Tree(dict[str, str]):
        def text(self, path: str) -> str | None:
            return self.get(path)

    ix = px.Index(Tree({"m.py": "\n".join(lines + refused)}))
    mod = ix.module_at("m.py")
    assert mod is not None and refused
    for name, cls in built.items():
        info = ix.class_info(mod, name)
        assert info is not None
        got = [c.qualname for c in ix.linearized(info) if isinstance(c, px.ClassInfo)]
        assert got == [c.__name__ for c in cls.__mro__[:-1]], (name, got)
    for line in refused:
        info = ix.class_info(mod, line.split()[1].split("(")[0])
        assert info is not None and ix._c3_of(info, 0) is None
        assert [c.qualname for c in ix.linearized(info)] == [c.qualname for c in ix.mro(info)]


# -- the merge-aware checks' own patterns over a long line -----------------------------------------------------
# each a literal start followed by an open-ended part, repeated on one line of a string literal the fork adds
LONG_LINES = {
    "setattr": "setattr(" * 40_000,  # knobs: a store by setattr
    "a read by getattr": ":attr(" * 50_000,  # name drift: a string name a read takes
    "a config's getattr": "getattr(aconfig" * 20_000,  # field defaults: a config field read by string
}


def test_a_long_line_of_a_patterns_start_is_scanned_in_linear_time(tmp_path: Path) -> None:
    """On Python's ``re``, ``setattr\\([^,\\n]+,...`` backtracked to the line's end from every ``setattr(``:
    one 320 KB string literal of ``setattr(`` repeated held the merge audit past 90 s, ``:attr(`` repeated
    too, ``getattr(aconfig`` repeated 64 s.  Those patterns scan on RE2 now (linear.Scan), 0.6 s.  The forty-first
    landing's refused arguments (``\\w\\((?:[^)]*[,=])?``) held it past 60 s again on the ``setattr(`` line: on RE2
    too (the next test)."""
    fork = "".join(f"{name.replace(' ', '_').replace(chr(39), '')} = {text!r}\n" for name, text in LONG_LINES.items())
    run = run_limited(*_merge_audit(tmp_path, fork), timeout=60)
    assert run.code == 0 and "Traceback" not in run.err, run.err


def test_the_newer_line_filters_read_a_long_line_in_linear_time() -> None:
    """Two line filters of checks added later, on ``re``: refused arguments' ``\\w\\((?:[^)]*[,=])?`` ran to the
    line's end from every ``name(`` (the ``setattr(`` line above past 60 s), stored tuples' ``,[^=]*=`` from every
    comma (~30 s for 160,000), dropped table keys' ``NAME\\[[^\\]]+`` from every ``NAME[``.  On RE2 (linear.Scan) now.  A child process, so that a regression fails on its
    timeout instead of holding the suite."""
    import subprocess
    import sys

    code = (
        "from aeon_release.domain.audits.drift import refused_args, stored_tuples\n"
        "assert refused_args._CONSTANT_ARGUMENT.search('x = ' + repr('setattr(' * 100_000)[:-1]) is None\n"
        "assert refused_args._CONSTANT_ARGUMENT.search('run(8, skip=True)')\n"
        "assert stored_tuples._WORDS.search('x = ' + repr('a,' * 400_000)) is None\n"
        "assert stored_tuples._WORDS.search('a, b = runner.state')\n"
        "from aeon_release.domain.audits.drift import dropped_table_keys as k\n"
        "assert k._stores_some('T').search('x = ' + 'T[a ' * 200_000) is None\n"
        "assert k._stores_some('T').search('T[name] = make')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_a_word_of_many_registers_is_read_in_linear_time() -> None:
    """``\\w*register\\w*\\s*\\(`` (a registration's key, in the names a fork line defines) tried every position
    of a long word and ran to its end and back: ``register`` 20,000 times in one word took 22 s a line.  It
    starts at a word's start now, in a name of at most 200 characters.  A child process, so that a
    regression fails on its timeout instead of holding the suite."""
    import subprocess
    import sys

    code = (
        "from aeon_release.domain.audits.drift import names\n"
        "assert names._defined_in(['x = ' + 'register' * 50_000]) == set()\n"
        "assert names._defined_in(['    registry.register_model(\"aeon_vlm\", X)']) == {'aeon_vlm'}\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
