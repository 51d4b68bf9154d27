"""Precision and speed of symbol drift and duplicate definitions on real upstream windows.

For each window base..theirs of N first-parent commits of the real vLLM history, three kinds of fork
carries that upstream's window does NOT break are audited; every error is a false error (or a latent
upstream bug, printed so a person can tell):

  real-unchanged:  real vLLM files that the window never touched but that import changed modules,
                   treated as fork-owned (ours = base, merged = theirs).
  real-kept-lines: in the files the window changed, the lines it kept, treated as fork-owned: calls into
                   touched modules and subclasses of changed classes, as upstream itself still uses them.
  synthetic:       a fork module per window that subclasses changed classes, overrides their methods
                   whose signatures the window kept (calling super()), sets their kept class
                   attributes, and calls kept module-level functions with keywords.

Then the added time on a 500-commit window: the drift checks on a merged tree (git merge-tree) against
the raw `git merge-tree` itself.  Nothing of vLLM is written outside a temporary folder.

  python benchmarks/symbol_precision.py [--git-dir DIR] [--windows 12] [--size 150] [--speed-size 500]
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from threeway import utc_day

from aeon_release.adapters.git import DEF_LINE, Git
from aeon_release.domain.audits.drift.signatures import signature
from aeon_release.domain.audits.drift.symbols import DriftInput, symbol_drift
from aeon_release.domain.audits.drift.trees import GitHistory, RevTree
from aeon_release.domain.audits.model import Finding, Severity

DEFAULT_GIT_DIR = Path("/work/.mirror/neuralmagic+vllm/repo")
PKG = "vllm/"


class Overlay:
    """A revision's files with some files replaced or added (the fork's)."""

    def __init__(self, under: RevTree, files: dict[str, str]) -> None:
        self.under, self.files = under, files

    def text(self, path: str) -> str | None:
        return self.files[path] if path in self.files else self.under.text(path)

    def definition_sites(self, names: Sequence[str]) -> dict[str, list[tuple[str, int]]]:
        """The revision's defs (git grep) with the overlaid files' own: calls on untyped chains resolve."""
        sites = {
            name: [(p, n) for p, n in found if p not in self.files]
            for name, found in self.under.definition_sites(names).items()
        }
        wanted = set(names)
        for path, text in self.files.items():
            for number, line in enumerate(text.splitlines(), 1):
                match = DEF_LINE.match(line)
                if match and match.group(1) in wanted:
                    sites.setdefault(match.group(1), []).append((path, number))
        return {name: found for name, found in sites.items() if found}


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True).stdout


def windows(repo: Path, count: int, size: int, since: str) -> list[tuple[str, str]]:
    shas = git(repo, "rev-list", "--first-parent", "--reverse", f"--since={since}", "HEAD").split()
    step = max((len(shas) - size - 1) // count, 1)
    return [(shas[i], shas[i + size]) for i in range(0, step * count, step) if i + size < len(shas)]


def changed_py(repo: Path, base: str, theirs: str) -> list[str]:
    out = git(repo, "diff", "--name-only", "--no-renames", base, theirs)
    return [p for p in out.split() if p.startswith(PKG) and p.endswith(".py")]


_UPSTREAM_LINES: dict[tuple[str, str], Mapping[str, frozenset[str]]] = {}


def upstream_lines(repo: Git, base: str, theirs: str) -> Mapping[str, frozenset[str]]:
    """Upstream's added lines as the merge hands them to the checks (``Changes.added_lines()``: the checks
    that search them, as for a call passing a parameter upstream added, read the raw diff through it)."""
    if (base, theirs) not in _UPSTREAM_LINES:
        from aeon_release.domain.audits.drift.sides import Changes

        diff = git(repo.path, "diff", "-U0", "--no-renames", base, theirs, "--", "*.py")  # two huge blobs are missing
        _UPSTREAM_LINES[(base, theirs)] = Changes(diff).added_lines()
    return _UPSTREAM_LINES[(base, theirs)]


def run_checks(
    repo: Git,
    base: str,
    theirs: str,
    fork: dict[str, str],
    fork_lines: dict[str, frozenset[str]],
    upstream: frozenset[str],
    merged_files: dict[str, str],
) -> tuple[list[Finding], float]:
    base_tree, theirs_tree = RevTree(repo, base), RevTree(repo, theirs)
    inp = DriftInput(
        base=base_tree,
        ours=Overlay(base_tree, fork),
        theirs=theirs_tree,
        merged=Overlay(theirs_tree, merged_files),
        fork_lines=fork_lines,
        upstream_files=upstream,
        history=GitHistory(repo, base, theirs),
        upstream_lines=upstream_lines(repo, base, theirs),
    )
    started = time.perf_counter()
    findings = symbol_drift(inp)
    return findings, time.perf_counter() - started


# -- the three kinds of carries ----------------------------------------------------------------------
def real_unchanged(repo: Git, base: str, changed: list[str], rng: random.Random, limit: int) -> list[str]:
    """Files the window did not touch that import a module it changed."""
    modules = {p[:-3].replace("/", ".").removesuffix(".__init__") for p in changed}
    every = [p for p in git(repo.path, "ls-tree", "-r", "--name-only", base, PKG).split() if p.endswith(".py")]
    rng.shuffle(every)
    picked = []
    for path in every:
        if path in changed:
            continue
        text = repo.blob_text(base, path) or ""
        if any(f"import {m.rsplit('.', 1)[-1]}" in text and m.rsplit(".", 1)[0] in text for m in modules if "." in m):
            picked.append(path)
        if len(picked) >= limit:
            break
    return picked


def kept_lines(repo: Git, base: str, theirs: str, path: str) -> frozenset[str]:
    before, after = repo.blob_text(base, path), repo.blob_text(theirs, path)
    if before is None or after is None:
        return frozenset()
    return frozenset({t.strip() for t in before.splitlines()} & {t.strip() for t in after.splitlines()} - {""})


def synthetic(repo: Git, base: str, theirs: str, changed: list[str], rng: random.Random, broken: bool = False) -> str:
    """A fork module subclassing changed classes, using only what the window kept (or, ``broken``, changed)."""
    lines, body = ["# AEON synthetic carry"], []
    for path in rng.sample(changed, min(len(changed), 40)):
        kept = _kept_api(repo, base, theirs, path, broken)
        module = path[:-3].replace("/", ".").removesuffix(".__init__")
        for cls, methods, attrs in kept["classes"][:2]:
            alias = f"_{len(body)}_{cls}"
            lines.append(f"from {module} import {cls} as {alias}")
            body += ["", "", f"class Aeon{alias}({alias}):"]
            body += [f"    {a} = {alias}.{a}" for a in attrs[:2]]
            for name, params in methods[:3]:
                body += [
                    f"    def {name}(self{', ' if params else ''}{params}):",
                    f"        return super().{name}({_forward(params)})",
                ]
            if not attrs and not methods:
                body.append("    pass")
        for func, _params in kept["functions"][:2]:
            alias = f"_{len(body)}_{func}"
            lines.append(f"from {module} import {func} as {alias}")
            body += ["", "", f"def call{alias}(*a, **k):", f"    return {alias}(*a, **k)"]
    return "\n".join(lines + body) + "\n"


def _broken_api(old: dict[str, dict], new: dict[str, dict]) -> dict[str, list]:  # type: ignore[type-arg]
    """Members of classes both versions have that the window removed, or whose parameters it changed."""
    classes = []
    for name, (methods, attrs) in old["classes"].items():
        if name not in new["classes"] or name.startswith("_"):
            continue
        new_methods, new_attrs = new["classes"][name]
        changed = [
            (m, p)
            for m, p in methods.items()
            if m in new_methods and _sig(new_methods[m]) != _sig(p) and not m.startswith("_")
        ]
        changed += [
            (m, p) for m, p in methods.items() if m not in new_methods and m not in new_attrs and not m.startswith("_")
        ]
        gone = [a for a in attrs if a not in new_attrs and a not in new_methods and not a.startswith("_")]
        if changed or gone:
            classes.append((name, changed, gone))
    return {"classes": classes, "functions": []}


def _sig(params: str) -> object:
    """The parameters as symbol drift compares them (annotations and default values do not matter)."""
    node = ast.parse(f"def f(self{', ' if params else ''}{params}): pass").body[0]
    return signature(node, True)


def _kept_api(repo: Git, base: str, theirs: str, path: str, broken: bool = False) -> dict[str, list]:  # type: ignore[type-arg]
    trees = []
    for rev in (base, theirs):
        try:
            trees.append(ast.parse(repo.blob_text(rev, path) or ""))
        except SyntaxError:
            return {"classes": [], "functions": []}
    old, new = (_api(t) for t in trees)
    if broken:
        return _broken_api(old, new)
    classes = []
    for name, (methods, attrs) in new["classes"].items():
        if name not in old["classes"] or name.startswith("_"):
            continue
        old_methods, old_attrs = old["classes"][name]
        kept_methods = [(m, p) for m, p in methods.items() if old_methods.get(m) == p and not m.startswith("_")]
        classes.append((name, kept_methods, [a for a in attrs if a in old_attrs and not a.startswith("_")]))
    functions = [(f, p) for f, p in new["functions"].items() if old["functions"].get(f) == p and not f.startswith("_")]
    return {"classes": classes, "functions": functions}


def _api(tree: ast.Module) -> dict[str, dict]:  # type: ignore[type-arg]
    classes, functions = {}, {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and not node.decorator_list:
            methods = {
                s.name: ast.unparse(s.args)[len("self") :].lstrip(", ")
                for s in node.body
                if isinstance(s, ast.FunctionDef)
                and s.args.args
                and s.args.args[0].arg == "self"
                and not s.decorator_list
                and signature(s, True) is not None
            }
            attrs = [
                s.target.id
                for s in node.body
                if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name) and s.value is not None
            ]
            classes[node.name] = (methods, attrs)
        elif isinstance(node, ast.FunctionDef) and not node.decorator_list:
            functions[node.name] = ast.unparse(node.args)
    return {"classes": classes, "functions": functions}


def _forward(params: str) -> str:
    try:
        args = ast.parse(f"def f({params}): pass").body[0].args  # type: ignore[attr-defined]
    except SyntaxError:
        return "*args, **kwargs"
    parts = [a.arg for a in (*args.posonlyargs, *args.args)]
    if args.vararg:
        parts.append(f"*{args.vararg.arg}")
    parts += [f"{a.arg}={a.arg}" for a in args.kwonlyargs]
    if args.kwarg:
        parts.append(f"**{args.kwarg.arg}")
    return ", ".join(parts)


PATCH_LINE = "    _aeon_patch = None  # AEON carry"


def patches(
    repo: Git, base: str, theirs: str, changed: list[str], rng: random.Random
) -> tuple[dict[str, str], dict[str, str], int]:
    """A line inserted at the top of up to 3 functions per file that both versions define, in 20 changed files."""
    ours, merged, count = {}, {}, 0
    for path in rng.sample(changed, min(len(changed), 20)):
        texts = [repo.blob_text(base, path), repo.blob_text(theirs, path)]
        if None in texts:
            continue
        try:
            trees = [ast.parse(t or "") for t in texts]
        except SyntaxError:
            continue
        defs = [{q: n for q, n in _functions(t)} for t in trees]
        common = sorted(set(defs[0]) & set(defs[1]))[:3]
        if not common:
            continue
        ours[path] = _insert(texts[0] or "", [defs[0][q] for q in common])
        merged[path] = _insert(texts[1] or "", [defs[1][q] for q in common])
        count += len(common)
    return ours, merged, count


def _functions(tree: ast.Module):  # type: ignore[no-untyped-def]
    from aeon_release.domain.audits.source import walk_defs

    return [
        (q, n)
        for q, n in walk_defs(tree)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        and n.body
        and not isinstance(n.body[0], ast.Expr)
        and n.body[0].lineno > n.lineno
    ]


def _insert(text: str, nodes: list) -> str:  # type: ignore[type-arg]
    lines = text.splitlines()
    for node in sorted(nodes, key=lambda n: n.body[0].lineno, reverse=True):
        first = node.body[0]
        indent = " " * first.col_offset
        lines.insert(first.lineno - 1, indent + PATCH_LINE.strip())
    return "\n".join(lines) + "\n"


# -- one window ----------------------------------------------------------------------------------------
def precision_window(repo: Git, base: str, theirs: str, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    changed = changed_py(repo.path, base, theirs)
    upstream = frozenset(changed)
    report: dict[str, object] = {"base": base[:10], "theirs": theirs[:10], "changed": len(changed)}
    errors: list[str] = []
    warned: list[str] = []  # warning-level findings (default drift) on the fork-owned lines
    seconds = 0.0
    # real files the window never touched, fork-owned
    owned = real_unchanged(repo, base, changed, rng, 40)
    fork_lines = {
        p: frozenset(t.strip() for t in (repo.blob_text(base, p) or "").splitlines() if t.strip()) for p in owned
    }
    found, took = run_checks(repo, base, theirs, {}, fork_lines, upstream, {})
    errors += [f"real-unchanged {f.path}:{f.line}: {f.message}" for f in found if f.severity is Severity.ERROR]
    warned += [f"(warning) {f.path}:{f.line}: {f.message}" for f in found if f.severity is Severity.WARNING]
    seconds += took
    # the lines the window kept in the files it changed, fork-owned
    sample = rng.sample(changed, min(len(changed), 60))
    kept = {p: kept_lines(repo, base, theirs, p) for p in sample}
    found, took = run_checks(repo, base, theirs, {}, kept, upstream, {})
    errors += [f"real-kept-lines {f.path}:{f.line}: {f.message}" for f in found if f.severity is Severity.ERROR]
    warned += [f"(warning) {f.path}:{f.line}: {f.message}" for f in found if f.severity is Severity.WARNING]
    seconds += took
    # a synthetic carry module
    path = "vllm/aeon_synthetic_carry.py"
    text = synthetic(repo, base, theirs, changed, rng)
    lines = frozenset(t.strip() for t in text.splitlines() if t.strip())
    found, took = run_checks(repo, base, theirs, {path: text}, {path: lines}, upstream, {path: text})
    errors += [f"synthetic {f.path}:{f.line}: {f.message}" for f in found if f.severity is Severity.ERROR]
    warned += [f"(warning) {f.path}:{f.line}: {f.message}" for f in found if f.severity is Severity.WARNING]
    seconds += took
    # sanity: the same kind of module, overriding what the window removed or re-signatured, must be caught
    text = synthetic(repo, base, theirs, changed, rng, broken=True)
    expected = {i for i, line in enumerate(text.splitlines(), 1) if line.startswith("    def ") or " = _" in line}
    lines = frozenset(t.strip() for t in text.splitlines() if t.strip())
    found, took = run_checks(repo, base, theirs, {path: text}, {path: lines}, upstream, {path: text})
    report.update(broken_overrides=len(expected), caught=len(expected & {f.line for f in found}))
    seconds += took
    # one-line patches inside functions that both ends of the window have (the carry's usual shape)
    ours_files, merged_files, patched = patches(repo, base, theirs, changed, rng)
    patch_lines = {p: frozenset({PATCH_LINE.strip()}) for p in ours_files}
    found, took = run_checks(repo, base, theirs, ours_files, patch_lines, upstream, merged_files)
    errors += [f"synthetic-patch {f.path}:{f.line}: {f.message}" for f in found if f.severity is Severity.ERROR]
    warned += [f"(warning) {f.path}:{f.line}: {f.message}" for f in found if f.severity is Severity.WARNING]
    seconds += took
    report.update(patched_functions=patched)
    report.update(
        carried_files=len(owned) + len(kept) + 1,
        synthetic_lines=text.count("\n"),
        errors=errors,
        warnings=len(warned),
        warned=warned,
        seconds=round(seconds, 2),
    )
    return report


# -- speed on a 500-commit window --------------------------------------------------------------------------
def speed(repo_dir: Path, size: int, base: str | None = None, theirs: str | None = None) -> None:
    with tempfile.TemporaryDirectory(prefix="aeon-symbols-") as tmp:
        clone = Path(tmp) / "fork"
        subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", str(repo_dir), str(clone)], check=True)
        if base is None or theirs is None:
            shas = git(clone, "rev-list", "--first-parent", "--reverse", "--since=2025-06-01T00:00:00Z", "HEAD").split()
            base, theirs = shas[0], shas[size]
        from merge_bench import replace_missing_blobs  # the mirror lacks two blobs >= 4 MiB

        for rev in (base, theirs):
            replace_missing_blobs(clone, rev)
        ours = _fork_commit(clone, base)
        worktree = Path(tmp) / "merged"
        started = time.perf_counter()
        git(clone, "worktree", "add", "-q", "--detach", str(worktree), ours)
        subprocess.run(
            [
                "git",
                "-C",
                str(worktree),
                "-c",
                "user.name=b",
                "-c",
                "user.email=b@x",
                "merge",
                "-q",
                "--no-ff",
                "--no-edit",
                theirs,
            ],
            check=True,
            capture_output=True,
        )
        raw = time.perf_counter() - started
        from aeon_release.domain.audits.drift.checks import drift_findings
        from aeon_release.domain.audits.merge import parse_diff
        from aeon_release.domain.audits.model import MergeSides, Settings

        # the two -U0 diffs are computed by `merge` while git merges (prefetch); timed here apart
        started = time.perf_counter()
        ours_diff = parse_diff(git(clone, "diff", "-U0", "--no-renames", base, ours))
        theirs_diff = parse_diff(git(clone, "diff", "-U0", "--no-renames", base, theirs))
        diffs = time.perf_counter() - started
        started = time.perf_counter()
        if os.environ.get("AEON_PROFILE"):
            import cProfile
            import pstats

            with cProfile.Profile() as prof:
                findings = drift_findings(
                    worktree, MergeSides(clone, base, ours, theirs), ours_diff, theirs_diff, Settings()
                )
            pstats.Stats(prof).sort_stats("cumulative").print_stats(25)
        findings = drift_findings(worktree, MergeSides(clone, base, ours, theirs), ours_diff, theirs_diff, Settings())
        drift = time.perf_counter() - started
        print(
            f"speed: {size} first-parent commits {base[:10]}..{theirs[:10]}, {len(theirs_diff)} files changed upstream"
        )
        print(
            f"  raw git worktree add + merge: {raw:.2f} s; the two -U0 diffs (prefetched during the merge): "
            f"{diffs:.2f} s; symbol drift + duplicates: {drift:.2f} s ({len(findings)} finding(s)); "
            f"added: {drift / raw:.2f}x of the raw merge"
        )


def _fork_commit(clone: Path, base: str) -> str:
    """base + a small carry: a builder subclass and a model-runner patch."""
    index = clone / "aeon-bench.index"
    env = {
        "GIT_INDEX_FILE": str(index),
        "GIT_AUTHOR_NAME": "b",
        "GIT_AUTHOR_EMAIL": "b@x",
        "GIT_COMMITTER_NAME": "b",
        "GIT_COMMITTER_EMAIL": "b@x",
        "PATH": "/usr/bin:/bin",
    }
    subprocess.run(["git", "-C", str(clone), "read-tree", base], env=env, check=True)
    runner = "vllm/v1/worker/gpu_model_runner.py"
    text = git(clone, "show", f"{base}:{runner}") + (
        "\n\n# aeon carry: uma-negative-cudagraph-estimate-clamp\n"
        "def aeon_clamp_estimate(runner: GPUModelRunner, estimate: int) -> int:\n"
        "    runner.profile_run()\n    return max(estimate, 0)\n"
    )
    carry = (
        "from vllm.v1.attention.backends.utils import AttentionMetadataBuilder\n\n\n"
        "class AeonBuilder(AttentionMetadataBuilder):\n    reorder_batch_threshold = 1\n"
    )
    for path, content in ((runner, text), ("vllm/v1/attention/backends/aeon_carry.py", carry)):
        blob = subprocess.run(
            ["git", "-C", str(clone), "hash-object", "-w", "--stdin"],
            input=content,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        subprocess.run(
            ["git", "-C", str(clone), "update-index", "--add", "--cacheinfo", f"100644,{blob},{path}"],
            env=env,
            check=True,
        )
    tree = subprocess.run(
        ["git", "-C", str(clone), "write-tree"], env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    return subprocess.run(
        ["git", "-C", str(clone), "commit-tree", tree, "-p", base, "-m", "carry"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--git-dir", type=Path, default=DEFAULT_GIT_DIR)
    parser.add_argument("--windows", type=int, default=12)
    parser.add_argument("--size", type=int, default=150)
    parser.add_argument("--since", type=utc_day, default="2025-01-01")
    parser.add_argument("--speed-size", type=int, default=500)
    parser.add_argument("--no-speed", action="store_true")
    parser.add_argument("--start", type=int, default=0, help="skip the first windows (resume a run)")
    parser.add_argument("--only", type=int, nargs="*", default=None, help="run only these windows (by index)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="aeon-symbols-") as tmp:
        clone = Path(tmp) / "ro"
        subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", str(args.git_dir), str(clone)], check=True)
        repo = Git(clone)
        total = 0
        for i, (base, theirs) in enumerate(windows(clone, args.windows, args.size, args.since)):
            if i < args.start or (args.only is not None and i not in args.only):
                continue
            result = precision_window(repo, base, theirs, seed=i)
            errors = result.pop("errors")
            warned = result.pop("warned")
            assert isinstance(errors, list) and isinstance(warned, list)
            total += len(errors)
            print(f"window {i}: {result} false errors: {len(errors)}")
            for line in [*errors, *warned]:
                print(f"    {line}")
        print(f"precision: {total} false error(s) over {args.windows} windows of {args.size} first-parent commits")
    if not args.no_speed:
        speed(args.git_dir, args.speed_size)


if __name__ == "__main__":
    main()
