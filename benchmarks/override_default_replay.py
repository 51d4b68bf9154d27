"""Real upstream changes of a method's default replayed under a fork subclass that overrides the method.

For each first-parent commit K of vLLM (since ``--since``) that changes a literal default of a parameter
of a method of a top-level class in a ``vllm/`` module (not a test: ``skip_attn=True`` became ``False``),
the fork (ours, on K^) adds one module that subclasses the class and overrides the method with K^'s
parameters and defaults: the fork carried an override written against the old base.  base = K^, theirs
= K; the merge is clean.  After it, a caller that leaves the argument out gets the new default from
upstream's classes and the old one from the fork's: caught is a merge/default-drift finding on the
override's ``def`` line (or a merge/symbol-drift error there, when K also changed the parameters so
that the override no longer fits: the carry is stopped either way, and the line says which).

Precision: the same fork module overriding a sibling method of the class whose defaults K kept (else
the same method with K's new defaults: the fork already took them); any finding of the rule on its
``def`` line is a false one, and an error of any merge rule in the fork module is counted too.

  PYTHONPATH=. python benchmarks/override_default_replay.py [--since 2025-01-01] [--limit 40] [--mirror DIR]
"""

from __future__ import annotations

import ast
import re
import sys
import tempfile
import time
from pathlib import Path

from threeway import carried_findings_by_line, clone, git, replay_args, show

CARRY = "vllm/aeon_carries/aeon_override_carry.py"
RULE = "merge/default-drift"
_PARAM_LINE = re.compile(r"^[-+]\s*(?:\w+\s*(?::[^=]+)?=\s*[^=,]+,?|(?:async\s+)?def .*=.*)\s*$")
_TEST = re.compile(r"(^|/)tests?/|/test_[^/]*\.py$")
Method = ast.FunctionDef | ast.AsyncFunctionDef


def methods(text: str | None) -> dict[tuple[str, str], Method]:
    """(top-level class, method) -> its def, for undecorated methods (``__init__`` and ``__call__`` among them)."""
    try:
        module = ast.parse(text or "")
    except SyntaxError:
        return {}
    out: dict[tuple[str, str], Method] = {}
    for cls in module.body:
        if isinstance(cls, ast.ClassDef):
            for node in cls.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.decorator_list:
                    if not node.name.startswith("__") or node.name in ("__init__", "__call__"):
                        out[(cls.name, node.name)] = node
    return out


def literal_defaults(node: Method) -> dict[str, object]:
    args = node.args
    positional = [*args.posonlyargs, *args.args]
    pairs = [*zip(positional[len(positional) - len(args.defaults) :], args.defaults)]
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
    out: dict[str, object] = {}
    for arg, default in pairs:
        try:
            out[arg.arg] = ast.literal_eval(default)
        except (ValueError, SyntaxError, TypeError):
            continue
    return out


def changed_default(old: Method, new: Method) -> str | None:
    was, now = literal_defaults(old), literal_defaults(new)
    for name in was.keys() & now.keys():
        a, b = was[name], now[name]
        if a is not None and b is not None and a != b and type(a) is type(b):
            return name
    return None


def candidates(mirror: Path, since: str) -> list[tuple[str, str]]:
    """(K, path) whose -U0 diff removes and adds, in one hunk, a line shaped like a parameter's default."""
    log = git(
        mirror, "log", "--first-parent", f"--since={since}", "-p", "-U0", "--format=@@C %H", "main", "--", "vllm/*.py"
    )
    found: list[tuple[str, str]] = []
    sha = path = ""
    minus = plus = False
    for line in [*log.split("\n"), "@@ end"]:
        if line.startswith("@@"):
            if minus and plus and path and not _TEST.search(path) and (sha, path) not in found[-1:]:
                found.append((sha, path))
            minus = plus = False
            if line.startswith("@@C "):
                sha, path = line[4:], ""
        elif line.startswith("+++ "):
            path = line[6:] if line.startswith("+++ b/") else ""
        elif path and line[:1] in "+-" and not line.startswith(("+++", "---")) and _PARAM_LINE.match(line):
            minus, plus = minus or line[0] == "-", plus or line[0] == "+"
    return found


def override(module: str, cls: str, node: Method) -> tuple[str, int]:
    """The carry: a subclass overriding ``node`` with its parameters (defaults included); the def's line."""
    head = "async def" if isinstance(node, ast.AsyncFunctionDef) else "def"
    text = (
        f'"""A fork carry: an override written against the base as it was."""\n\nfrom {module} import {cls}\n\n\n'
        f"class AeonOverride({cls}):\n    {head} {node.name}({ast.unparse(node.args)}):\n        return None\n"
    )
    return text, 7


def main() -> None:
    parser = replay_args(__doc__, 40)
    args = parser.parse_args()
    started = time.perf_counter()
    caught = total = false = false_errors = twins = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, path in candidates(args.mirror, args.since):
            if total >= args.limit:
                break
            olds, news = methods(show(repo, f"{sha}^", path)), methods(show(repo, sha, path))
            hit = next(((k, p) for k in olds.keys() & news.keys() if (p := changed_default(olds[k], news[k]))), None)
            if hit is None:
                continue
            (cls, name), param = hit
            module = path[:-3].replace("/", ".").removesuffix(".__init__")
            text, line = override(module, cls, olds[(cls, name)])
            sibling = next(
                (
                    olds[k]
                    for k in sorted(olds.keys() & news.keys())
                    if k[0] == cls
                    and k[1] != name
                    and ast.dump(olds[k].args) == ast.dump(news[k].args)
                    and literal_defaults(olds[k])
                ),
                news[(cls, name)],
            )
            twin, _ = override(module, cls, sibling)
            hits = carried_findings_by_line(repo, sha, CARRY, text, {RULE, "merge/symbol-drift"})
            rules = {"merge/default-drift", "merge/symbol-drift", "merge/name-drift", "merge/duplicate-definition"}
            fine = carried_findings_by_line(repo, sha, CARRY, twin, rules)
            if hits is None or fine is None:
                continue
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            total += 1
            found = [f for f in hits.get(line, []) if f.rule_id == RULE or f.blocking]
            caught += bool(found)
            twin_hits = [f for f in fine.get(line, []) if f.rule_id == RULE]
            errors = [f for fs in fine.values() for f in fs if f.blocking]
            twins += 1
            false += bool(twin_hits)
            false_errors += bool(errors)
            tag = "caught" if found else "MISSED"
            print(f"  {tag} {sha[:10]} {path} {cls}.{name}({param}=...) [twin {sibling.name}] | {subject}")
            for f in [*found, *twin_hits, *errors]:
                print(f"      {'TWIN ' if f not in found else ''}{f.severity.value} [{f.rule_id}]: {f.message[:220]}")
    print(f"overrides keeping a base default upstream changed: {caught}/{total} caught")
    print(
        f"twins (an override upstream's change leaves alone): {false}/{twins} with a false finding, {false_errors} with an error"
    )
    print(f"{time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
