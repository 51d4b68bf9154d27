"""Real upstream commits that stop reading a key from a function's ``**kwargs``, replayed under a fork call.

A function (or a class's ``__init__``) that takes ``**kwargs`` and reads a key from them by name
(``kwargs.get("return_tuple", False)``, ``extra_impl_args.pop("use_irope", False)``) accepts a keyword
it never names in its signature.  A fork call passing it (``PPMissingLayer(return_tuple=True)``) still
fits after upstream drops the read (#21931) or renames the key: the keyword is silently ignored.

One pass over ``git log --first-parent -p -U0 -- vllm/*.py`` since ``--since`` finds the commits K
whose diff removes a line reading a quoted key off a name (``x.get("k"``, ``x.pop("k"``, ``x["k"]``).
Both versions of the file are parsed: a module-level function, or a class's ``__init__``, with
``**NAME`` whose body at K^ reads key k from NAME and at K names k nowhere (and k is no parameter)
is a case.  The fork (ours, on K^) adds one module that imports it and calls it with its required
positional arguments and ``k=True``; base = K^, theirs = K; the merge is clean.  Caught: a
merge/symbol-drift finding on the call's line.

Precision (twins): the same call passing a key the function still reads at K (its own, or another
function's of that file); any finding on its line is a false one.

  PYTHONPATH=. python benchmarks/kwargs_key_replay.py [--since 2025-01-01] [--limit 60] [--mirror DIR]
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from threeway import ENV, carried_findings, clone, git, replay_args, show

CARRY = "vllm/aeon_carries/aeon_kwargs_carry.py"
RULE = "merge/symbol-drift"
TEMPLATE = '''"""A fork carry: a keyword upstream's function reads from its **kwargs, set for the fleet."""
from {module} import {name}


def aeon_call():
    return {name}({args}{key}=True)
'''
LINE = 6
_REMOVED_READ = re.compile(r"""^-.*\b\w+(?:\.(?:get|pop)\(\s*|\[\s*)["']([A-Za-z_]\w*)["']""")
_TEST = re.compile(r"(^|/)tests?/|/test_[^/]*\.py$")


def _candidates(mirror: Path, since: str) -> list[tuple[str, str]]:
    """(K, path): first-parent commits whose diff of a ``vllm/`` file (tests aside) removes a key read."""
    args = ["log", "--first-parent", f"--since={since}", "-p", "-U0", "--no-renames", "--format=@@C %H", "main", "--", "vllm/*.py"]  # fmt: skip
    proc = subprocess.Popen(
        ["git", "-C", str(mirror), *args], stdout=subprocess.PIPE, text=True, errors="replace", env=ENV
    )
    assert proc.stdout is not None
    found: dict[tuple[str, str], None] = {}
    sha = path = ""
    for raw in proc.stdout:
        if raw.startswith("@@C "):
            sha = raw[4:].strip()
        elif raw.startswith("--- "):
            path = raw[6:].strip() if raw[4:6] == "a/" else ""
        elif path and not _TEST.search(path) and _REMOVED_READ.match(raw):
            found[(sha, path)] = None
    proc.wait()
    return list(found)


def _takers(text: str | None) -> dict[str, tuple[ast.FunctionDef, int, list[str]]]:
    """Module-level callables taking ``**kwargs`` -> (the def whose body runs, required positionals,
    the class's base names)."""
    try:
        tree = ast.parse(text or "")
    except SyntaxError:
        return {}
    out: dict[str, tuple[ast.FunctionDef, int, list[str]]] = {}
    for node in tree.body:
        fn, skip, bases = node, 0, []
        if isinstance(node, ast.ClassDef):
            fn = next((d for d in node.body if isinstance(d, ast.FunctionDef) and d.name == "__init__"), None)
            skip, bases = (
                1,
                [ast.unparse(b.value if isinstance(b, ast.Subscript) else b).rsplit(".", 1)[-1] for b in node.bases],
            )
        if isinstance(fn, ast.FunctionDef) and fn.args.kwarg is not None and not fn.args.kwonlyargs:
            positional = [*fn.args.posonlyargs, *fn.args.args][skip:]
            out[node.name] = (fn, len(positional) - len(fn.args.defaults), bases)
    return out


def _base_takes(mirror: Path, sha: str, fn: ast.FunctionDef, bases: list[str], key: str) -> bool:
    """The new ``__init__`` hands its kwargs to a base's ``__init__`` (``super().__init__(**kw)``,
    ``Base.__init__(self, **kw)``) that names ``key`` as a parameter or quotes it: the value still
    arrives, upstream moved the read (found by ``git grep`` of ``class Base`` at K)."""
    kw = fn.args.kwarg.arg if fn.args.kwarg else ""
    hands = any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "__init__"
        and any(k.arg is None and isinstance(k.value, ast.Name) and k.value.id == kw for k in n.keywords)
        for n in ast.walk(fn)
    )
    for base in bases if hands else []:
        for hit in git(mirror, "grep", "-l", "-E", rf"^class {base}\b", sha, "--", "vllm/*.py", check=False).split():
            init = _takers(show(mirror, sha, hit.split(":", 1)[1])).get(base)
            text = show(mirror, sha, hit.split(":", 1)[1]) or ""
            node = next((n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.ClassDef) and n.name == base), None)
            init = (
                next((d for d in node.body if isinstance(d, ast.FunctionDef) and d.name == "__init__"), None)
                if node
                else None
            )
            if init is not None and (
                key in {a.arg for a in ast.walk(init.args) if isinstance(a, ast.arg)} or key in _named(init)
            ):
                return True
    return False


def _read_keys(fn: ast.FunctionDef) -> set[str]:
    """Keys the body reads off its kwargs by name."""
    name = fn.args.kwarg.arg if fn.args.kwarg else ""
    keys = set()
    for n in ast.walk(fn):
        key = holder = None
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("get", "pop") and n.args:
            key, holder = n.args[0], n.func.value
        elif isinstance(n, ast.Subscript):
            key, holder = n.slice, n.value
        if isinstance(holder, ast.Name) and holder.id == name and isinstance(key, ast.Constant):
            keys.add(str(key.value))
    return keys


def _named(fn: ast.FunctionDef) -> set[str]:
    """Every string constant of the body, and the parameters."""
    strings = {str(n.value) for n in ast.walk(fn) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    return strings | {a.arg for a in ast.walk(fn.args) if isinstance(a, ast.arg)}


Call = tuple[str, int, str]  # callable, required positionals, key


def cases(mirror: Path, since: str) -> list[tuple[str, str, Call, Call | None, bool]]:
    """(K, module, a call passing the lost key, a call passing a key still read or None, whether the
    key still reaches a base's ``__init__``: upstream moved the read there, no killer)."""
    out = []
    for sha, path in _candidates(mirror, since):
        old, new = _takers(show(mirror, f"{sha}^", path)), _takers(show(mirror, sha, path))
        both = sorted(old.keys() & new.keys())
        kept = [(n, new[n][1], k) for n in both for k in sorted(_read_keys(old[n][0]) & _read_keys(new[n][0]))]
        for name in both:
            lost = sorted(k for k in _read_keys(old[name][0]) - _named(new[name][0]) if k.isidentifier())
            if lost and old[name][1] == new[name][1]:
                twin = next((c for c in kept if c[0] == name), kept[0] if kept else None)
                module = path[:-3].replace("/", ".").removesuffix(".__init__")
                moved = _base_takes(mirror, sha, new[name][0], new[name][2], lost[0])
                out.append((sha, module, (name, new[name][1], lost[0]), twin, moved))
    return out


def _carry(module: str, call: Call) -> str:
    name, required, key = call
    return TEMPLATE.format(module=module, name=name, args="None, " * required, key=key)


def main() -> None:
    parser = replay_args(__doc__, 60)
    args = parser.parse_args()
    started = time.perf_counter()
    found = cases(args.mirror, args.since)
    print(f"{len(found)} functions stop reading a key from their **kwargs since {args.since}")
    caught = total = false = twins = moved_silent = moved_total = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, module, call, kept, moved in found[: args.limit]:
            hits = carried_findings(repo, sha, CARRY, _carry(module, call), LINE, {RULE})
            twin = carried_findings(repo, sha, CARRY, _carry(module, kept), LINE, {RULE}) if kept else []
            if hits is None or twin is None:
                continue
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            if moved:  # the key still reaches the base's __init__: a finding would be a false one
                moved_total += 1
                moved_silent += not hits
                print(
                    f"  {'silent' if not hits else 'FALSE '} {sha[:10]} {call[0]}({call[2]}=): read moved to a base | {subject}"
                )
                continue
            total += 1
            twins += kept is not None
            caught += bool(hits)
            false += bool(twin)
            shown = f"{kept[0]}({kept[2]}=)" if kept else "none"
            print(f"  {'caught' if hits else 'MISSED'} {sha[:10]} {call[0]}({call[2]}=) [twin {shown}] | {subject}")
            for f in [*hits, *twin]:
                print(f"      {'TWIN ' if f in twin else ''}{f.severity.value}: {f.message[:220]}")
    print(f"keywords a function stopped reading from its **kwargs, passed by the fork: {caught}/{total} caught")
    print(f"twins (a key the function still reads): {false}/{twins} with a false finding")
    print(f"keys whose read moved to a base's __init__ (still arrive): {moved_silent}/{moved_total} silent")
    print(f"{time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
