"""Every keyword vLLM's first-parent history since 2025-01 let ``**kwargs`` swallow, replayed as a merge.

The cases are the (commit, file, definition, keyword) tuples of ``vllm/**/*.py`` (tests aside) where,
between the commit's parent and the commit (both read with ``ast``, no checkout), a ``def`` (module
level or method; ``__init__`` through its class) that takes ``**kwargs`` after the commit lost a named
parameter: a fork call still passing it by name runs, and the value lands in the kwargs.  What the new
body does with its kwargs is the truth, read here on its own terms:

  ignores:  the body never names its kwargs: the value is dropped (an error is right);
  ignores:  also a body that only logs them (every use a truth test or inside a logging call);
  hands-on: the body names its kwargs (passes ``**kwargs`` on, stores or iterates them), or is a stub
            (``raise NotImplementedError``: an override may read the key): a warning is right;
  reads:    the body spells the key as a string (``kwargs.get("k")``): the value is honoured, nothing
            should be reported;
  fails:    the new signature requires a parameter the old call does not pass (a rename,
            ``renderer_config`` -> ``model_config``): a TypeError, an error.

For each commit: base = K^, upstream = K, and the fork adds one module calling each such definition
with every parameter the old signature requires, and the lost one, by keyword (a call that fits the old
signature).  The engine's merge-aware audit runs on the clean merge; the ``merge/symbol-drift``
finding on the call's line is tallied by its severity, per truth.

  python benchmarks/swallowed_replay.py [--mirror DIR] [--since 2025-01-01]   (about 25 minutes: the mining
  parses both versions of every changed file whose signatures changed)
"""

from __future__ import annotations

import argparse
import ast
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from signature_history_replay import CARRY, RULE, Blobs, Carry, Def, definitions, header_key, modified_modules
from threeway import MIRROR, audit, clone, commit_files, git, merge, utc_day


@dataclass(frozen=True)
class Swallowed:
    sha: str
    subject: str
    path: str
    old: Def
    key: str
    required: tuple[str, ...]  # the other parameters the old signature requires, passed by keyword
    truth: str  # ignores / hands-on / reads


def _functions(tree: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    found: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = node
        elif isinstance(node, ast.ClassDef):
            for member in node.body:
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found[f"{node.name}.{member.name}"] = member
    return found


def _named(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    return [a.arg for a in (*node.args.args, *node.args.kwonlyargs)]


def _required(node: ast.FunctionDef | ast.AsyncFunctionDef, bound: bool) -> list[str]:
    args = node.args
    positional = [a.arg for a in args.args][1 if bound else 0 :]
    required = positional[: len(positional) - len(args.defaults)] if args.defaults else positional
    return required + [a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is None]


_LOGGING = ("logger.", "logging.", "warnings.warn", "print", "_once")


def _only_logged(node: ast.AST, uses: list[ast.Name]) -> bool:
    """Every use of the kwargs is a truth test or sits in a logging call, and one is logged: the value is
    dropped after a log line (#42434's ``RequestOutput``), which is ignoring it, not handing it on."""
    parents = {child: parent for parent in ast.walk(node) for child in ast.iter_child_nodes(parent)}

    def logged(use: ast.AST) -> bool:
        at = parents.get(use)
        while at is not None and at is not node:
            if isinstance(at, ast.Call) and any(m in ast.unparse(at.func) for m in _LOGGING):
                return True
            at = parents.get(at)
        return False

    def tested(use: ast.AST) -> bool:
        parent = parents.get(use)
        return isinstance(parent, (ast.If, ast.IfExp, ast.While, ast.Assert)) and parent.test is use

    return any(logged(u) for u in uses) and all(logged(u) or tested(u) for u in uses)


def truth(node: ast.FunctionDef | ast.AsyncFunctionDef, key: str) -> str:
    assert node.args.kwarg is not None
    body = [n for stmt in node.body for n in ast.walk(stmt)]
    if any(isinstance(n, ast.Constant) and n.value == key for n in body):
        return "reads"
    uses = [n for n in body if isinstance(n, ast.Name) and n.id == node.args.kwarg.arg]
    if uses and not _only_logged(node, uses):
        return "hands-on"
    stub = all(
        isinstance(s, ast.Pass)
        or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
        or (isinstance(s, ast.Raise) and "NotImplementedError" in ast.unparse(s))
        for s in node.body
    )
    return "hands-on" if stub else "ignores"


def changes(sha: str, subject: str, path: str, old_text: str, new_text: str) -> list[Swallowed]:
    try:
        old_tree, new_tree = ast.parse(old_text), ast.parse(new_text)
    except (SyntaxError, ValueError):
        return []
    olds, news, defs = _functions(old_tree), _functions(new_tree), definitions(old_text) or {}
    found = []
    for qual, new in news.items():
        old, info = olds.get(qual), defs.get(qual)
        if old is None or info is None or new.args.kwarg is None or info.overloaded or old.args.posonlyargs:
            continue
        bound = info.binding in ("instance", "class", "init")
        lost = [p for p in _named(old)[1 if bound else 0 :] if p not in _named(new)]
        required = _required(old, bound)  # the lost ones among them too: the call fits the old signature
        fails = any(p not in required for p in _required(new, bound))  # the new one requires another: TypeError
        found += [
            Swallowed(
                sha,
                subject,
                path,
                info,
                key,
                tuple(p for p in required if p != key),
                "fails" if fails else truth(new, key),
            )
            for key in lost
        ]
    return found


def mine(repo: Path, since: str) -> list[Swallowed]:
    blobs = Blobs(repo, True)
    cases: list[Swallowed] = []
    for sha, subject, path, old, new in modified_modules(repo, since):
        old_text, new_text = blobs.text(old), blobs.text(new)
        if old_text and new_text and "**" in new_text and header_key(old_text) != header_key(new_text):
            cases += changes(sha, subject, path, old_text, new_text)
    blobs.close()
    return cases


def use(carry: Carry, case: Swallowed, module: str, n: int) -> bool:
    old = case.old
    name = old.qual.rsplit(".", 1)[-1]
    if old.binding == "init":
        callee, param = carry.local(module, str(old.owner)), ""
    elif old.binding == "plain":
        callee, param = carry.local(module, old.qual), ""
    elif old.binding in ("class", "static"):
        callee, param = f"{carry.local(module, str(old.owner))}.{name}", ""
    elif name.startswith("__"):
        return False
    else:
        callee, param = f"obj.{name}", f"obj: {carry.local(module, str(old.owner))}"
    args = ", ".join(f"{p}={i}" for i, p in enumerate((*case.required, case.key)))
    prefix, wait = ("async def", "await ") if old.kind == "coroutine" else ("def", "")
    carry.add(case, [f"{prefix} aeon_use_{n}({param}) -> object:", f"    return {wait}{callee}({args})"], 1)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--since", type=utc_day, default="2025-01-01")
    args = parser.parse_args()
    started = time.perf_counter()
    tally: Counter[tuple[str, str]] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "vllm")
        cases = mine(repo, args.since)
        by_commit: dict[str, list[Swallowed]] = {}
        for case in cases:
            by_commit.setdefault(case.sha, []).append(case)
        print(
            f"{len(cases)} swallowed keywords in {len(by_commit)} commits ({time.perf_counter() - started:.0f} s to mine)"
        )
        for sha, group in by_commit.items():
            carry = Carry()
            for n, case in enumerate(group):
                if not use(carry, case, case.path[:-3].replace("/", ".").removesuffix(".__init__"), n):
                    tally[(case.truth, "skipped (a dunder)")] += 1
            if not carry.uses:
                continue
            text, where = carry.text()
            base = git(repo, "rev-parse", f"{sha}^")
            merged = merge(repo, base, commit_files(repo, base, {CARRY: text}, "AEON uses"), sha, Path(tmp) / sha[:10])
            assert merged is not None, "a new fork module cannot conflict"
            findings, _ = audit(merged)
            for line, case in where.items():
                here = [f for f in findings if f.path == CARRY and f.line == line and RULE in (f.rule_id, *f.also)]
                said = "error" if any(f.severity.value == "error" for f in here) else "warning" if here else "none"
                tally[(case.truth, said)] += 1
                right = {"ignores": "error", "fails": "error", "hands-on": "warning", "reads": "none"}[case.truth]
                if said != right:
                    print(
                        f"  {case.truth}->{said} {sha[:10]} {case.subject[:60]!r} {case.path} {case.old.qual}({case.key}=)"
                    )
                    for f in here:
                        print(f"      [{f.severity.value}] {f.message[:220]}")
    for (kind, said), count in sorted(tally.items()):
        print(f"{kind:9} -> {said}: {count}")
    print(f"{time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
