"""Real upstream ``forward`` changes replayed under a fork module that calls the layer: ``self.layer(a, b)``.

A torch module is called, not its ``forward``: ``nn.Module.__call__`` runs it.  For each first-parent
commit K of vLLM (since ``--since``) that changes the parameters of ``forward`` in a class of a
``vllm/`` module whose bases reach an external ``Module`` (the class is a torch module at K^), the
fork (ours, on K^) adds a module holding an instance of that class (``self.layer = layer``, the
parameter annotated with the class) and calling ``self.layer(...)`` with K^'s required positional
parameters, each argument spelled like its parameter.  base = K^, theirs = K; the merge is clean.

Broken: the call no longer binds at K, or one of its arguments fills another parameter (a rename
counts: the value meant for ``hidden_states`` goes to ``pooled_data``).  Reported: a finding of
merge/symbol-drift or merge/default-drift on the call's line.  Unbroken cases (a parameter appended
with a default, a forward that only changed annotations) count a false error for any error there.

  PYTHONPATH=. python benchmarks/module_call_replay.py [--since 2024-06-01] [--limit 250] [--mirror DIR]
"""

from __future__ import annotations

import argparse
import ast
import sys
import tempfile
import time
from pathlib import Path

from threeway import MIRROR, broken, carried_findings, clone, git, show, utc_day

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from aeon_release.adapters import git as repo_git  # noqa: E402
from aeon_release.domain.audits.drift import pyindex as px  # noqa: E402
from aeon_release.domain.audits.drift.signatures import signature  # noqa: E402
from aeon_release.domain.audits.drift.trees import RevTree  # noqa: E402

CARRY = "vllm/aeon_carries/aeon_module_call_{}.py"
CALL_LINE = 12  # the line of ``return self.layer(...)`` in the carry below
RULES = ("merge/symbol-drift", "merge/default-drift")


def forwards(text: str) -> dict[str, ast.FunctionDef]:
    """Top-level class -> its own ``def forward``."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return {}
    return {
        node.name: item
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        for item in node.body
        if isinstance(item, ast.FunctionDef) and item.name == "forward"
    }


def changes(mirror: Path, since: str) -> list[tuple[str, str, str, ast.FunctionDef, ast.FunctionDef]]:
    """(K, path, class, forward at K^, forward at K) for each forward whose parameters K changed."""
    commits = git(
        mirror, "log", f"--since={since}", "--first-parent", "--format=%H", "main", "-G", "def forward", "--", "vllm/"
    ).split()
    found = []
    for sha in reversed(commits):  # oldest first
        paths = git(mirror, "diff", "--name-only", f"{sha}^", sha, "--", "vllm/").split()
        for path in (p for p in paths if p.endswith(".py")):
            old, new = show(mirror, f"{sha}^", path), show(mirror, sha, path)
            before, after = forwards(old or ""), forwards(new or "")
            for cls in sorted(before.keys() & after.keys()):
                if ast.dump(before[cls].args) != ast.dump(after[cls].args):
                    found.append((sha, path, cls, before[cls], after[cls]))
    return found


def is_module(index: px.Index, path: str, cls: str) -> bool:
    """The class's bases reach an external ``Module`` and no class of the tree defines ``__call__``."""
    mod = index.module_at(path)
    info = index.class_info(mod, cls) if mod else None
    if info is None:
        return False
    mro = index.mro(info)
    own_call = any(isinstance(i, px.ClassInfo) and "__call__" in i.members for i in mro)
    return not own_call and any(isinstance(i, px.External) and i.name.rsplit(".", 1)[-1] == "Module" for i in mro)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--since", type=utc_day, default="2024-06-01")
    parser.add_argument("--limit", type=int, default=250, help="forward changes examined, oldest first")
    args = parser.parse_args()
    started = time.perf_counter()
    found = changes(args.mirror, args.since)
    print(f"{len(found)} forward changes; examining the first {min(args.limit, len(found))}", flush=True)
    reported = [0, 0]  # broken: reported, all
    false = [0, 0]  # unbroken: with an error on the call, all
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        reader = repo_git.Git(repo)
        try:
            for i, (sha, path, cls, old, new) in enumerate(found[: args.limit]):
                old_sig, new_sig = signature(old, True), signature(new, True)
                if old_sig is None or new_sig is None or old_sig.varargs or old_sig.kwonly_required:
                    continue  # keyword-only required parameters: the positional call never fitted
                required = list(old_sig.positional[: len(old_sig.positional) - old_sig.defaults])
                if not required or not is_module(px.Index(RevTree(reader, f"{sha}^")), path, cls):
                    continue
                call = f"self.layer({', '.join(required)})"
                module = path[:-3].replace("/", ".")
                carry = (
                    f"from torch import nn\n\nfrom {module} import {cls}\n\n\nclass AeonUses(nn.Module):\n"
                    f"    def __init__(self, layer: {cls}) -> None:\n        super().__init__()\n"
                    f"        self.layer = layer\n\n    def forward(self, {', '.join(required)}):\n"
                    f"        return {call}\n"
                )
                carry_path = CARRY.format(i)
                on_call = carried_findings(repo, sha, carry_path, carry, CALL_LINE, RULES)
                if on_call is None:
                    continue
                subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:70]
                if broken(required, new_sig):
                    reported[1] += 1
                    reported[0] += bool(on_call)
                    tag = "BLOCKED" if on_call else "MISSED "
                else:
                    false[1] += 1
                    errors = [f for f in on_call if f.blocking]
                    false[0] += bool(errors)
                    tag = "FALSE  " if errors else "clean  "
                if tag != "clean  ":
                    print(f"  {tag} {sha[:10]} {cls}.forward{old_sig.show()} -> {new_sig.show()} | {subject}")
                    for f in on_call:
                        print(f"      {f.severity.value}: {f.message[:200]}")
        finally:
            reader.close()
    print(
        f"broken calls: {reported[0]} of {reported[1]} reported; unbroken calls: {false[0]} of {false[1]} "
        f"with a false error; {time.perf_counter() - started:.0f}s"
    )


if __name__ == "__main__":
    main()
