"""Precision of the merge-aware audit on real upstream windows under fork carries that nothing breaks.

Picks N windows of vLLM's first-parent history (100-200 commits each, spread evenly over 2025-01-01
to the mirror's end).  For each window base..theirs it synthesizes a fork side on the base: carries
that USE the upstream code the window touches without being broken by it:

- a subclass of a class the window changed, overriding a method whose signature the window kept;
- calls into a function of a touched module whose definition the window kept;
- enum members whose values the window kept, as ``x == <value>  # Enum.MEMBER`` literals;
- edits inside touched upstream files, away from upstream's hunks: a new helper with a ``+ 1``
  and a comment in a function upstream did not change.

It merges with ``git merge-tree`` (no checkout), runs the engine's merge-aware audit (every check
merge.py wires in, whatever they are) and prints error- and warning-level findings per merge.  Any
error is a false error by construction.  Goal: 0 false errors, at most 1 warning per merge.

  python benchmarks/precision_bench.py [--windows 20] [--mirror DIR] [--show 3]
"""

from __future__ import annotations

import argparse
import ast
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from threeway import MIRROR, Finding, audit, clone, commit_files, git, merge, show

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from aeon_release.domain.audits.drift.enums import enums_of, renumbered  # noqa: E402  (carries are built with it)
from aeon_release.errors import GitError  # noqa: E402

START = "2025-01-01T00:00:00Z"  # with a time: git reads a bare date as that day at the current time of day, so the
# windows moved with the hour the bench ran (two runs 40 minutes apart began at f962f426bc and 365801fedd)
CARRY_DIR = "vllm/aeon_carries"


@dataclass(frozen=True)
class Window:
    index: int
    base: str
    theirs: str
    commits: int
    date: str


def windows(repo: Path, count: int) -> list[Window]:
    """``count`` windows evenly spread over the first-parent history since START, 100-200 commits each."""
    rows = git(
        repo, "log", "--first-parent", "--reverse", f"--since={START}", "--format=%H %ad", "--date=short", "main"
    ).splitlines()
    shas = [r.split() for r in rows]
    step = (len(shas) - 210) // max(count - 1, 1)
    result = []
    for i in range(count):
        size = 100 + (i * 37) % 101
        start = i * step
        result.append(Window(i, shas[start][0], shas[start + size][0], size, shas[start][1]))
    return result


# -- reading the window --------------------------------------------------------------------------------
def touched_modules(repo: Path, w: Window) -> list[str]:
    out = git(repo, "diff", "--name-only", "--no-renames", "--diff-filter=M", w.base, w.theirs, "--", "vllm/")
    return [p for p in out.splitlines() if p.endswith(".py") and "/tests/" not in p and not p.endswith("__init__.py")]


def hunk_lines(repo: Path, w: Window, path: str) -> list[int]:
    """Base lines upstream's hunks start at, for keeping the fork's edits away from them."""
    diff = git(repo, "diff", "-U0", "--no-renames", w.base, w.theirs, "--", path)
    return [int(m.group(1)) for m in re.finditer(r"^@@ -(\d+)", diff, re.M)]


def parse(text: str | None) -> ast.Module | None:
    if text is None:
        return None
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


def top_defs(module: ast.Module) -> dict[str, ast.stmt]:
    return {n.name: n for n in module.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}


def module_name(path: str) -> str:
    return path[:-3].replace("/", ".")


# -- the carries ---------------------------------------------------------------------------------------
class Carry:
    def __init__(self, w: Window, rng: random.Random) -> None:
        self.w, self.rng = w, rng
        self.new_files: dict[str, str] = {}
        self.edits: dict[str, str] = {}
        self.kinds: list[str] = []

    def add(self, kind: str, path: str, text: str) -> None:
        self.new_files[path] = text
        self.kinds.append(kind)


def _abstract(cls: ast.ClassDef) -> set[str]:
    """The methods a class body marks ``@abstractmethod`` (``abc.abstractmethod`` too)."""
    return {
        stmt.name
        for stmt in cls.body
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
        and any(ast.unparse(d).rsplit(".", 1)[-1] == "abstractmethod" for d in stmt.decorator_list)
    }


def subclass_carry(carry: Carry, path: str, before: ast.Module, after: ast.Module) -> bool:
    """A subclass of a class the window changed, overriding a method whose signature stayed."""
    old, new = top_defs(before), top_defs(after)
    for name, node in sorted(new.items()):
        if not isinstance(node, ast.ClassDef) or name.startswith("_") or name not in old:
            continue
        if ast.dump(node) == ast.dump(old[name]):
            continue  # unchanged: prefer classes the window changed
        if _abstract(node) - _abstract(old[name]):
            continue  # the window made a method abstract: a subclass overriding another one breaks (a true finding)
        method = _kept_method(old[name], node)
        if method is None:
            continue
        signature = ast.unparse(method.args)
        call = _forward(method.args)
        text = (
            f"# AEON: fork extension of {name}\nfrom {module_name(path)} import {name}\n\n\n"
            f"class Aeon{name}({name}):\n    aeon_enabled = True\n\n"
            f"    def {method.name}({signature}):\n        # AEON: same behaviour, counted\n"
            f"        return super().{method.name}({call})\n"
        )
        carry.add("subclass", f"{CARRY_DIR}/w{carry.w.index}_sub_{name.lower()}.py", text)
        return True
    return False


def _kept_method(old: ast.ClassDef, new: ast.ClassDef) -> ast.FunctionDef | None:
    before = {n.name: n for n in old.body if isinstance(n, ast.FunctionDef)}
    for node in new.body:
        if (
            isinstance(node, ast.FunctionDef)
            and not node.name.startswith("__")
            and node.name in before
            and ast.dump(node.args) == ast.dump(before[node.name].args)
            and node.args.args
            and node.args.args[0].arg == "self"
            and not node.decorator_list
        ):
            return node
    return None


def _forward(args: ast.arguments) -> str:
    parts = [a.arg for a in [*args.posonlyargs, *args.args][1:]]
    parts += [f"*{args.vararg.arg}"] if args.vararg else []
    parts += [f"{a.arg}={a.arg}" for a in args.kwonlyargs]
    parts += [f"**{args.kwarg.arg}"] if args.kwarg else []
    return ", ".join(parts)


def call_carry(carry: Carry, path: str, before: ast.Module, after: ast.Module) -> bool:
    """Calls into a function of a touched module that the window did not change."""
    old, new = top_defs(before), top_defs(after)
    for name, node in sorted(new.items()):
        if (
            isinstance(node, ast.FunctionDef)
            and not name.startswith("_")
            and name in old
            and ast.dump(node) == ast.dump(old[name])
        ):
            text = (
                f"# AEON: counted calls into {module_name(path)}\nfrom {module_name(path)} import {name}\n\n\n"
                f"def aeon_call_{name}(*args, **kwargs):\n    result = {name}(*args, **kwargs)\n"
                f"    calls = len(args) + 1\n    return result, calls\n"
            )
            carry.add("call", f"{CARRY_DIR}/w{carry.w.index}_call_{name.lower()}.py", text)
            return True
    return False


def enum_carry(carry: Carry, path: str, before_text: str, after_text: str) -> bool:
    """Literals equal to members whose values the window kept (preferring enums it changed)."""
    old, new = enums_of(before_text), enums_of(after_text)
    ranked = sorted(
        new.items(), key=lambda item: (old.get(item[0]) is None or old[item[0]].members == item[1].members, item[0])
    )
    for name, cls in ranked:
        if "." in name or name not in old:
            continue
        kept = [(m, v) for m, v in cls.members.items() if type(v) is int and old[name].members.get(m) == v]
        if not kept:
            continue
        member, value = kept[len(kept) // 2]
        var = re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
        text = (
            f"# AEON: fork checks on {name}\nfrom {module_name(path)} import {name}\n\n\n"
            f"def aeon_is_{member.lower()}(value) -> bool:\n    {var} = value\n"
            f"    return {var} == {value}  # {name}.{member}\n"
        )
        changed = old[name].members != cls.members  # the window changed this enum: the harder case
        carry.add("enum", f"{CARRY_DIR}/w{carry.w.index}_enum_{var}.py", text)
        if changed:
            carry.kinds.append("enum-of-a-changed-enum")
        return True
    return False


def changed_enum_carry(carry: Carry, repo: Path, modules: list[str]) -> bool:
    """The hard valid case: an enum the window renumbered, used by the fork only with values that hold.

    One literal equals a member whose value the window kept; another equals a renumbered member's
    NEW value with a comment naming that member (code already written for the new numbering).
    """
    for path in sorted(modules):
        before, after = show(repo, carry.w.base, path), show(repo, carry.w.theirs, path)
        if not before or not after or not re.search(r"\b(?:Int)?(?:Enum|Flag)\b", after):
            continue
        changes, _ = renumbered(path, before, after)
        for change in changes:
            cls = change.enum
            kept = [
                (m, v)
                for m, v in cls.members.items()
                if type(v) is int
                and enums_of(before).get(cls.name) is not None
                and enums_of(before)[cls.name].members.get(m) == v
            ]
            if not kept or type(change.new) is not int or "." in cls.name:
                continue
            var = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.short.lstrip("_")).lower()
            (k_member, k_value), name = kept[0], cls.short
            text = (
                f"# AEON: fork checks on {name}, which this window renumbers\n"
                f"from {module_name(path)} import {name}\n\n\n"
                f"def aeon_kept({var}) -> bool:\n    return {var} == {k_value}  # {name}.{k_member}\n\n\n"
                f"def aeon_renumbered({var}) -> bool:\n"
                f"    return {var} == {change.new}  # {name}.{change.member}, already the new number\n"
            )
            carry.add("enum-changed", f"{CARRY_DIR}/w{carry.w.index}_changed_{var}.py", text)
            return True
    return False


def inline_edit(carry: Carry, repo: Path, path: str, text: str, module: ast.Module) -> bool:
    """Edits inside a touched file, away from upstream's hunks: a helper and a comment in a kept function."""
    hunks = hunk_lines(repo, carry.w, path)
    far = [
        n
        for n in module.body
        if isinstance(n, (ast.FunctionDef, ast.ClassDef))
        and all(abs(n.lineno - h) > 10 and not (n.lineno <= h <= (n.end_lineno or n.lineno)) for h in hunks)
    ]
    if not far:
        return False
    lines = text.splitlines(keepends=True)
    target = far[len(far) // 2]
    commented = _comment_in_kept_function(far, lines)
    stem = re.sub(r"\W", "_", Path(path).stem)
    helper = f"def _aeon_{stem}_next(value: int) -> int:\n    # AEON: fork helper\n    return value + 1\n\n\n"
    start = target.lineno - 1 - len(target.decorator_list) if isinstance(target, ast.FunctionDef) else target.lineno - 1
    start = min([start, *(d.lineno - 1 for d in getattr(target, "decorator_list", []))])
    lines.insert(start, helper)
    if commented is not None and commented < start:
        lines.insert(
            commented,
            lines[commented][: len(lines[commented]) - len(lines[commented].lstrip())]
            + "# AEON: reviewed for the fork's hardware\n",
        )
    carry.edits[path] = "".join(lines)
    carry.kinds.append("edit")
    return True


def _comment_in_kept_function(far: list[ast.stmt], lines: list[str]) -> int | None:
    for node in far:
        if isinstance(node, ast.FunctionDef) and len(node.body) > 1:
            return node.body[-1].lineno - 1  # before the last statement of the body
    return None


def synthesize(repo: Path, w: Window, rng: random.Random, with_edits: bool) -> Carry:
    carry = Carry(w, rng)
    modules = touched_modules(repo, w)
    rng.shuffle(modules)
    wanted = {"subclass": 2, "call": 2, "enum": 2, "edit": 3 if with_edits else 0}
    for path in modules:
        if all(carry.kinds.count(k) >= n for k, n in wanted.items()):
            break
        before_text, after_text = show(repo, w.base, path), show(repo, w.theirs, path)
        before, after = parse(before_text), parse(after_text)
        if before is None or after is None or before_text is None or after_text is None:
            continue
        if carry.kinds.count("subclass") < wanted["subclass"]:
            subclass_carry(carry, path, before, after)
        if carry.kinds.count("call") < wanted["call"]:
            call_carry(carry, path, before, after)
        if carry.kinds.count("enum") < wanted["enum"] and re.search(r"\b(?:Int)?(?:Enum|Flag)\b", after_text):
            enum_carry(carry, path, before_text, after_text)
        if carry.kinds.count("edit") < wanted["edit"]:
            inline_edit(carry, repo, path, before_text, before)
    changed_enum_carry(carry, repo, touched_modules(repo, w))
    return carry


# -- real branches as forks ------------------------------------------------------------------------------
def branch_windows(repo: Path, count: int) -> list[tuple[str, Window]]:
    """Feature branches of the mirror as forks: their own commits are real fork-owned code.

    ``ours`` is a branch tip (1-40 commits off main, based in 2025-2026), ``theirs`` is main 150
    first-parent commits after the branch's merge base.  Their findings are not false by
    construction (a branch may really collide with upstream): they are listed for reading.
    """
    main = git(repo, "log", "--first-parent", "--reverse", f"--since={START}", "--format=%H", "main").splitlines()
    position = {sha: i for i, sha in enumerate(main)}
    refs = git(repo, "for-each-ref", "--format=%(refname:short)", "refs/remotes/origin").splitlines()
    refs = sorted(r for r in refs if not r.endswith("/HEAD") and r != "origin/main")
    random.Random(7).shuffle(refs)
    found: list[tuple[str, Window]] = []
    for ref in refs:
        if len(found) >= count:
            break
        base = git(repo, "merge-base", "main", ref, check=False)
        ahead = git(repo, "rev-list", "--count", f"{base}..{ref}", check=False) if base else ""
        if base not in position or not ahead.isdigit() or not 1 <= int(ahead) <= 40:
            continue
        start = position[base]
        if start + 150 >= len(main):
            continue
        tip = git(repo, "rev-parse", ref)
        found.append((tip, Window(len(found), base, main[start + 150], 150, ref)))
    return found


def run_branches(repo: Path, count: int, work: Path, show: int) -> list[Outcome]:
    outcomes = []
    for tip, w in branch_windows(repo, count):
        merged = merge(repo, w.base, tip, w.theirs, work / f"b{w.index}")
        if merged is None:
            print(f"branch {w.date}: conflicts with main, skipped")
            continue
        try:
            findings, seconds = audit(merged)
        except GitError as exc:  # the mirror lacks its two blobs of 4 MiB or more
            print(f"branch {w.date}: {exc}, skipped")
            continue
        outcome = Outcome(w, ["branch"], findings, seconds, merged.git_seconds)
        outcomes.append(outcome)
        report(outcome, show)
    return outcomes


# -- the run -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Outcome:
    window: Window
    kinds: list[str]
    findings: list[Finding]
    audit_seconds: float
    merge_seconds: float


def run_window(repo: Path, w: Window, work: Path) -> Outcome | None:
    for with_edits in (True, False):
        carry = synthesize(repo, w, random.Random(w.index), with_edits)
        ours = commit_files(repo, w.base, {**carry.new_files, **carry.edits}, f"AEON carries for window {w.index}")
        merged = merge(repo, w.base, ours, w.theirs, work / f"w{w.index}{'e' if with_edits else ''}")
        if merged is not None:
            findings, seconds = audit(merged)
            return Outcome(w, carry.kinds, findings, seconds, merged.git_seconds)
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--windows", type=int, default=20)
    parser.add_argument("--show", type=int, default=3, help="findings printed per merge")
    parser.add_argument(
        "--branches",
        type=int,
        default=0,
        help="also merge N real feature branches of the mirror as forks (findings listed, not scored)",
    )
    args = parser.parse_args()
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory(prefix="aeon-precision-") as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        for w in windows(repo, args.windows):
            outcome = run_window(repo, w, Path(tmp))
            if outcome is None:
                print(f"window {w.index} ({w.date}, {w.commits} commits): the carries conflict, skipped")
                continue
            outcomes.append(outcome)
            report(outcome, args.show)
        summarize(outcomes, time.perf_counter() - started)
        if args.branches:
            print("real feature branches as forks (a finding may be real):")
            branches = run_branches(repo, args.branches, Path(tmp), args.show)
            summarize(branches, time.perf_counter() - started)
    return 0


def report(o: Outcome, show: int) -> None:
    errors = [f for f in o.findings if f.severity.value == "error"]
    warnings = [f for f in o.findings if f.severity.value == "warning"]
    kinds = ", ".join(f"{k}x{o.kinds.count(k)}" for k in sorted(set(o.kinds)))
    print(
        f"{'window' if o.kinds != ['branch'] else 'branch'} {o.window.index:2} {o.window.date} "
        f"{o.window.base[:10]}..{o.window.theirs[:10]} "
        f"({o.window.commits} commits; carries {kinds}): {len(errors)} error(s), {len(warnings)} warning(s); "
        f"audit {o.audit_seconds:.2f}s, git merge-tree {o.merge_seconds:.2f}s"
    )
    for f in [*errors, *warnings][:show]:
        print(f"    {f.severity.value}: {f.path}:{f.line}: [{f.rule_id}] {f.message[:200]}")


def summarize(outcomes: list[Outcome], seconds: float) -> None:
    if not outcomes:
        print("no window merged")
        return
    errors = sum(1 for o in outcomes for f in o.findings if f.severity.value == "error")
    warnings = sum(1 for o in outcomes for f in o.findings if f.severity.value == "warning")
    audit_times = sorted(o.audit_seconds for o in outcomes)
    carries = sum(1 for o in outcomes for k in o.kinds if k != "enum-of-a-changed-enum")
    changed = sum(o.kinds.count("enum-of-a-changed-enum") + o.kinds.count("enum-changed") for o in outcomes)
    print(
        f"{len(outcomes)} merges, {carries} carries ({changed} on enums the window changed): {errors} false error(s) ({errors / len(outcomes):.2f} per merge), "
        f"{warnings} warning(s) ({warnings / len(outcomes):.2f} per merge); audit median "
        f"{audit_times[len(audit_times) // 2]:.2f}s, max {audit_times[-1]:.2f}s; total {seconds:.0f}s"
    )


if __name__ == "__main__":
    sys.exit(main())
