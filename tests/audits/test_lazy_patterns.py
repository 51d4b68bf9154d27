"""perf33: the drift checks' module patterns are compiled at first use, not at import (~50 ms of every merge)."""

from __future__ import annotations

import ast
import pickle
import re
import subprocess
import sys
from pathlib import Path

import aeon_release
from aeon_release.domain.audits.source import lazy_pattern

DRIFT = Path(aeon_release.__file__).parent / "domain" / "audits" / "drift"


def test_a_lazy_pattern_answers_as_the_compiled_one() -> None:
    lazy, real = lazy_pattern(r"^(\w+)[ \t]*=", re.M), re.compile(r"^(\w+)[ \t]*=", re.M)
    text = "a = 1\n  b = 2\nc=3\n"
    assert [m.group(1) for m in lazy.finditer(text)] == [m.group(1) for m in real.finditer(text)] == ["a", "c"]
    assert lazy.search("x y = 1") is None and lazy.sub("?", text) == real.sub("?", text)
    assert (lazy.pattern, lazy.flags, lazy.groups) == (real.pattern, real.flags, real.groups)
    assert lazy.search is lazy.search  # kept on the instance: a later read is a plain attribute's


def test_an_unpickled_lazy_pattern_still_compiles() -> None:
    copied = pickle.loads(pickle.dumps(lazy_pattern("ab+")))
    assert copied.fullmatch("abbb") is not None


def test_importing_the_merge_compiles_no_pattern_of_the_drift_checks() -> None:
    """Fails before perf33: 442 patterns compiled by the drift modules at import."""
    probe = (
        "import re._compiler as c, sys\n"
        "real, hits = c.compile, []\n"
        "def spy(p, flags=0):\n"
        "    caller = sys._getframe(1)\n"
        "    while '/re/' in caller.f_code.co_filename:  # re.compile's own frames: the module that called it\n"
        "        caller = caller.f_back\n"
        "    hits.append(caller.f_code.co_filename)\n"
        "    return real(p, flags)\n"
        "c.compile = spy\n"
        "import aeon_release.domain.audits.merge\n"
        "print(sum('/drift/' in h for h in hits))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "0"


def _lazy_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for statement in tree.body:
        target = statement.targets[0] if isinstance(statement, ast.Assign) else getattr(statement, "target", None)
        value = getattr(statement, "value", None)
        lazy = value is not None and any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "lazy_pattern"
            for n in ast.walk(value)
        )
        if lazy and isinstance(target, ast.Name):
            names.add(target.id)
    return names


def _handed_to_re(tree: ast.Module, names: set[str]) -> list[int]:
    """Lines where a lazy constant is an argument of ``re.*(...)`` or ``isinstance``: no ``re.Pattern`` there."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        to_re = isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "re"
        if to_re or (isinstance(func, ast.Name) and func.id == "isinstance"):
            args = [*node.args, *(k.value for k in node.keywords)]
            lines += [node.lineno for a in args for n in ast.walk(a) if isinstance(n, ast.Name) and n.id in names]
    return lines


def test_no_lazy_constant_is_handed_to_re_or_isinstance() -> None:
    """A lazy pattern is read through its attributes only: ``re.search(_X, s)`` would raise TypeError."""
    found = {}
    for path in sorted(DRIFT.glob("*.py")):
        tree = ast.parse(path.read_text())
        lines = _handed_to_re(tree, _lazy_names(tree))
        if lines:
            found[path.name] = lines
    assert found == {}
