"""Real upstream schema changes of vLLM's C++ custom ops replayed under a fork wrapper that calls the op by name.

For each first-parent commit K (since ``--since``) that changes the parameters of a schema string in a
C/C++ file of ``csrc/`` (``ops.def("name(Tensor! out, Tensor input, float eps) -> ()")``), the fork
(ours, on K^) adds a module calling ``torch.ops._C.name(...)`` with K^'s required parameters,
positionally, each argument spelled like its parameter.  base = K^, theirs = K; the merge is clean.

Broken: the call no longer binds at K, or one of its arguments fills another parameter (a rename in
place counts: the value meant for ``pad_slot_id`` goes to ``null_block_id``).  Reported: a finding of
merge/symbol-drift or merge/default-drift on the call (errors and warnings are counted apart: a
rename in place is a warning by design).  Unbroken cases count a false error for any error there.

  PYTHONPATH=. python benchmarks/custom_op_replay.py [--since 2025-01-01] [--mirror DIR]
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import tempfile
import time
from pathlib import Path

from threeway import MIRROR, broken, carried_findings, clone, git, show, utc_day

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from aeon_release.domain.audits.drift.custom_ops import SCHEMA_SOURCES, op_definitions  # noqa: E402
from aeon_release.domain.audits.drift.signatures import signature  # noqa: E402

CARRY = "vllm/aeon_carries/aeon_op_call_{}.py"
CALL_LINE = 5  # the line of ``return torch.ops._C.name(...)`` in the carry below
RULES = ("merge/symbol-drift", "merge/default-drift")
_SCHEMA_NAME = re.compile(r'"(\w+)\(')


def changes(mirror: Path, since: str) -> list[tuple[str, str, str, ast.FunctionDef, ast.FunctionDef]]:
    """(K, path, op, its parameters at K^, at K) for each schema whose parameters K changed."""
    commits = git(mirror, "log", f"--since={since}", "--first-parent", "--format=%H", "main", "--", "csrc/").split()
    found = []
    for sha in reversed(commits):  # oldest first
        for path in git(mirror, "diff", "--name-only", f"{sha}^", sha, "--", "csrc/").split():
            if not path.endswith(SCHEMA_SOURCES):
                continue
            old, new = show(mirror, f"{sha}^", path) or "", show(mirror, sha, path) or ""
            names = set(_SCHEMA_NAME.findall(old)) & set(_SCHEMA_NAME.findall(new))
            before, after = op_definitions(path, old, names), op_definitions(path, new, names)
            for name in sorted(before.keys() & after.keys()):
                if ast.dump(before[name]) != ast.dump(after[name]):
                    found.append((sha, path, name, before[name], after[name]))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--since", type=utc_day, default="2025-01-01")
    args = parser.parse_args()
    started = time.perf_counter()
    found = changes(args.mirror, args.since)
    print(f"{len(found)} schema changes", flush=True)
    errors = warnings = total = false = unbroken = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for i, (sha, path, name, old, new) in enumerate(found):
            old_sig, new_sig = signature(old, False), signature(new, False)
            if old_sig is None or new_sig is None or old_sig.kwonly_required:
                continue
            required = list(old_sig.positional[: len(old_sig.positional) - old_sig.defaults])
            if not required:
                continue
            params = ", ".join(required)
            carry = f"import torch\n\n\ndef aeon_call({params}):\n    return torch.ops._C.{name}({params})\n"
            carry_path = CARRY.format(i)
            on_call = carried_findings(repo, sha, carry_path, carry, CALL_LINE, RULES)
            if on_call is None:
                continue
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:70]
            if broken(required, new_sig):
                total += 1
                errors += any(f.blocking for f in on_call)
                warnings += bool(on_call) and not any(f.blocking for f in on_call)
                tag = "BLOCKED" if any(f.blocking for f in on_call) else "WARNED " if on_call else "MISSED "
            else:
                unbroken += 1
                false += any(f.blocking for f in on_call)
                tag = "FALSE  " if any(f.blocking for f in on_call) else "clean  "
            if tag != "clean  ":
                print(f"  {tag} {sha[:10]} {path} {name}{old_sig.show()} -> {new_sig.show()} | {subject}")
                for f in on_call:
                    print(f"      {f.severity.value}: {f.message[:200]}")
    print(
        f"broken calls: {errors + warnings} of {total} reported ({errors} errors, {warnings} warnings); "
        f"unbroken calls: {false} of {unbroken} with a false error; {time.perf_counter() - started:.0f}s"
    )


if __name__ == "__main__":
    main()
