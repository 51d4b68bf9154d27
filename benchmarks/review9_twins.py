"""Adversarial twins of dispatch and key drift: fork carries that are correct after a real upstream change.

Dispatch (dispatch_replay.cases: real removals of a method upstream's own lines called by name): the fork
calls ``executor.DISPATCHER("NAME")`` and serves NAME itself: ``Ext.NAME = fn``, ``setattr(Ext, "NAME",
fn)``, ``def NAME`` in a fork class, a fork ``__getattr__`` answering ``attr in ("NAME",)``, and the name
handed on through a loop variable.  Keys (key_replay.cases: real re-keyed tables): the fork looks up, by a
literal of the old kind, a same-named attribute that is not upstream's table: of a local built by its own
class, of a parameter annotated with it, of its own class through ``self``, and (a module table) of a
fork class.  Every finding on such a carry is a false one.

  PYTHONPATH=.. python review9_twins.py [--limit 7]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import dispatch_replay
import key_replay
from threeway import MIRROR, carried_findings_by_line, clone, git


def dispatch_carries(dispatcher: str, name: str) -> dict[str, list[str]]:
    head = ["class AeonExt:", "    pass", "", "", "def _impl(self):", "    return None", "", ""]
    tail = ["", "", "def aeon_rpc(executor):", f'    return executor.{dispatcher}("{name}")', ""]
    hook = ["class AeonExt:", "    def __getattr__(self, attr):", f'        if attr in ("{name}",):']
    return {
        "assign": [*head, f"AeonExt.{name} = _impl", *tail],
        "setattr": [*head, f'setattr(AeonExt, "{name}", _impl)', *tail],
        "def": ["class AeonExt:", f"    def {name}(self):", "        return None", *tail],
        "getattr hook": [*hook, "            return _impl", "        raise AttributeError(attr)", *tail],
        "loop": ["def aeon_rpc(executor):", f'    for m in ("{name}",):', f"        executor.{dispatcher}(m)", ""],
    }


def key_carries(table: key_replay.Table, literal: str) -> dict[str, list[str]]:
    module = table.path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    name = table.name
    head = [f"from {module} import {table.owner or name}", "", ""]
    own = ["class AeonLocal:", "    def __init__(self) -> None:", f"        self.{name}: dict = {{}}", "", ""]
    return {
        "local built": [
            *head,
            *own,
            "def aeon_f() -> bool:",
            "    x = AeonLocal()",
            f"    return {literal} in x.{name}",
        ],
        "annotated": [*head, *own, "def aeon_f(x: AeonLocal) -> bool:", f"    return {literal} in x.{name}"],
        "own self": [*head, *own[:3], "", "    def has(self) -> bool:", f"        return {literal} in self.{name}"],
        "class attr": [
            *head,
            "class AeonReg:",
            f"    {name}: dict = {{}}",
            "",
            "",
            "def aeon_f() -> bool:",
            f"    return {literal} in AeonReg.{name}",
        ],
    }


def _false(repo: Path, sha: str, path: str, rule: str, lines: list[str]) -> list | None:
    by_line = carried_findings_by_line(repo, sha, path, "\n".join([*lines, ""]), {rule})
    return None if by_line is None else [f for fs in by_line.values() for f in fs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--limit", type=int, default=7)
    args = parser.parse_args()
    runs: list[tuple[str, str, str, str, list[str]]] = []
    for sha, name, dispatcher, _ in dispatch_replay.cases(args.mirror, "2025-01-01", args.limit, []):
        for label, lines in dispatch_carries(dispatcher, name).items():
            runs.append((sha, f"{dispatcher}({name!r}) {label}", dispatch_replay.CARRY, dispatch_replay.RULE, lines))
    for sha, table, _, _, (old_kind, _) in key_replay.cases(args.mirror, "2025-01-01", args.limit)[0]:
        if (literal := key_replay._LITERALS.get(old_kind)) is not None:
            full = git(args.mirror, "rev-parse", sha)
            for label, lines in key_carries(table, literal).items():
                runs.append(
                    (full, f"{table.owner or ''}.{table.name} {label}", key_replay.CARRY, key_replay.RULE, lines)
                )
    false = total = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, label, path, rule, lines in runs:
            found = _false(repo, sha, path, rule, lines)
            if found is None:
                continue
            total += 1
            false += bool(found)
            print(f"  {sha[:10]} {label}: {'FALSE ' + found[0].severity.value if found else 'clean'}", flush=True)
    print(f"correct carries with a false finding: {false}/{total}")


if __name__ == "__main__":
    sys.exit(main())
