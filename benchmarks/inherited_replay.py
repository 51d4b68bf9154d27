"""Real upstream commits that change a class attribute's literal value, replayed under a fork subclass.

A fork class inherits its bases' settings (a model added by the fork inherits
``SupportsMultiModal.merge_by_field_config``; a metadata builder inherits ``reorder_batch_threshold``).
When upstream changes the value in the base, the merge is clean and the fork's class silently takes
the new value.

One pass over ``git log --first-parent -p -U0 -- vllm/*.py`` since ``--since`` finds the commits K whose
diff takes out and puts in ``    name = literal`` (or ``name: T = literal``) of one class body (git's hunk
header names the top-level class) with another value.  Both versions of the file are parsed: a class
whose body assigns the name one literal at K^ and another, of another truth or another true value, at
K, and that is not a dataclass of frozen config (any class, in fact: a subclass inherits either way) is
a case.  The fork (ours, on K^) adds one module with ``class AeonSub(Cls): pass``; base = K^, theirs = K;
the merge is clean.  Caught: a merge/default-drift finding on the class line naming the attribute.

Precision (twins): the same fork class setting the attribute itself (its own choice), and a fork
subclass of a class of the same file whose attributes K left alone; any finding on their class line is
a false one.

  PYTHONPATH=. python benchmarks/inherited_replay.py [--since 2025-01-01] [--limit 60] [--mirror DIR]
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

CARRY = "vllm/aeon_carries/aeon_inherits.py"
RULE = "merge/default-drift"
TEMPLATE = '''"""A fork carry: a class of the fleet's, built on upstream's."""
from {module} import {cls}


class AeonSub({cls}):
{body}
'''
LINE = 5
_ASSIGN = re.compile(
    r"""^([-+])    ([A-Za-z_]\w*)\s*(?::[^=\n]+)?=\s*(True|False|None|-?\d+(?:\.\d+)?|"[^"\n]*"|'[^'\n]*')\s*(?:#.*)?$"""
)
_HUNK = re.compile(r"^@@ .* @@ class (\w+)")
_TEST = re.compile(r"(^|/)tests?/|/test_[^/]*\.py$")


def _candidates(mirror: Path, since: str) -> list[tuple[str, str, str, str]]:
    """(K, path, class, attribute) whose assignment K's diff takes out and puts in with another text."""
    args = ["log", "--first-parent", f"--since={since}", "-p", "-U0", "--no-renames", "--format=@@C %H", "main", "--", "vllm/*.py"]  # fmt: skip
    proc = subprocess.Popen(
        ["git", "-C", str(mirror), *args], stdout=subprocess.PIPE, text=True, errors="replace", env=ENV
    )
    assert proc.stdout is not None
    found: list[tuple[str, str, str, str]] = []
    sha = path = cls = ""
    seen: dict[tuple[str, str, str], dict[str, str]] = {}

    def close() -> None:
        found.extend((sha, *key) for key, signs in seen.items() if len(signs) == 2 and signs["-"] != signs["+"])

    for raw in proc.stdout:
        line = raw.rstrip("\n")
        if line.startswith("@@C "):
            close()
            sha, seen = line[4:], {}
        elif line.startswith("+++ "):
            path = line[6:] if line[4:6] == "b/" else ""
        elif line.startswith("@@ "):
            match = _HUNK.match(line)
            cls = match.group(1) if match else ""
        elif cls and path and not _TEST.search(path) and (m := _ASSIGN.match(line)):
            seen.setdefault((path, cls, m.group(2)), {})[m.group(1)] = m.group(3)
    close()
    proc.wait()
    return found


_ENUMS = frozenset({"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag"})


def _value(text: str | None, cls: str, name: str) -> tuple[bool, object] | None:
    """(found, value) of ``name``'s literal in the top-level class ``cls``'s body (not an enum's member:
    a class with members cannot be subclassed)."""
    try:
        module = ast.parse(text or "")
    except SyntaxError:
        return None
    for node in module.body:
        if isinstance(node, ast.ClassDef) and node.name == cls:
            if any(ast.unparse(b).rsplit(".", 1)[-1] in _ENUMS for b in node.bases):
                return None
            for stmt in node.body:
                target = (
                    stmt.targets[0]
                    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                    else getattr(stmt, "target", None)
                )
                value = getattr(stmt, "value", None)
                if isinstance(target, ast.Name) and target.id == name and value is not None:
                    try:
                        return True, ast.literal_eval(value)
                    except ValueError:
                        return None
    return None


def _differs(old: object, new: object) -> bool:
    return bool(old) != bool(new) or (bool(old) and old != new)


def _set_at_run_time(text: str | None, cls: str, name: str) -> bool:
    """The class's methods assign ``self.name`` (``__post_init__`` computes it): the literal is no default
    (checked in both versions: a value computed before the commit was no default either)."""
    try:
        module = ast.parse(text or "")
    except SyntaxError:
        return False
    for node in module.body:
        if isinstance(node, ast.ClassDef) and node.name == cls:
            return bool(
                re.search(rf"\bself\.{name}\s*(?::[^=\n]+)?=[^=]", ast.get_source_segment(text or "", node) or "")
            )
    return False


def cases(mirror: Path, since: str) -> list[tuple[str, str, str, str, object, bool]]:
    """(K, module, class, attribute, old value, set at run time) where the value changed as code testing it sees."""
    out = []
    for sha, path, cls, name in _candidates(mirror, since):
        texts = show(mirror, f"{sha}^", path), show(mirror, sha, path)
        old, new = _value(texts[0], cls, name), _value(texts[1], cls, name)
        if old and new and _differs(old[1], new[1]):
            module = path[:-3].replace("/", ".").removesuffix(".__init__")
            out.append((sha, module, cls, name, old[1], any(_set_at_run_time(t, cls, name) for t in texts)))
    return out


def main() -> None:
    parser = replay_args(__doc__, 60)
    args = parser.parse_args()
    started = time.perf_counter()
    found = cases(args.mirror, args.since)
    print(f"{len(found)} class attributes changed their literal value since {args.since}")
    caught = total = false = runtime = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, module, cls, name, old, at_run_time in found[: args.limit]:
            plain = TEMPLATE.format(module=module, cls=cls, body="    pass")
            own = TEMPLATE.format(module=module, cls=cls, body=f"    {name} = {old!r}")
            hits = carried_findings(repo, sha, CARRY, plain, LINE, {RULE})
            twin = carried_findings(repo, sha, CARRY, own, LINE, {RULE})
            if hits is None or twin is None:
                continue
            named = [f for f in hits if f" inherits {name} from " in f.message]
            twin = [f for f in twin if f" inherits {name} from " in f.message]
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:55]
            if at_run_time:  # the base computes it on self: its literal is no default a subclass inherits
                runtime += 1
                false += bool(named)
                print(
                    f"  {'FALSE' if named else 'silent'} {sha[:10]} {cls}.{name}: set on self at run time | {subject}"
                )
                continue
            total += 1
            caught += bool(named)
            false += bool(twin)
            print(f"  {'caught' if named else 'MISSED'} {sha[:10]} {cls}.{name} (was {old!r}) | {subject}")
            for f in [*named[:1], *twin]:
                print(f"      {'TWIN ' if f in twin else ''}{f.severity.value}: {f.message[:220]}")
    print(f"inherited class attributes upstream changed, under a fork subclass: {caught}/{total} caught")
    print(f"set on self at run time by the base (its literal no default): {runtime}, and twins (the fork class")
    print(f"sets the attribute itself): {false} false findings in {runtime + total}")
    print(f"{time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
