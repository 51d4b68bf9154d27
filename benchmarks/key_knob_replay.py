"""Real upstream commits that stop reading a mapping's key, replayed under a fork carry that writes it.

Upstream code reads options out of mappings by name: ``extra_config.get("skip_quant", True)``,
``kv_connector_extra_config["backends"]``, ``kwargs.pop("use_irope", False)``.  A fork steers it by writing
the key (``cfg["skip_quant"] = False``, ``{"skip_quant": False}``).  When upstream drops or renames the
read, the merge is clean and the fork's value is silently ignored.

One pass over ``git log --first-parent -p -U0 -- vllm/*.py`` since ``--since`` keeps a running count of
the lines of ``vllm/`` (tests aside) that quote each lower-case name (``"name"``/``'name'``) or read it as
an attribute (``.name``), seeded by one ``git grep`` at the start.  A commit K whose removed lines read a
key by name (``x.get("name"``, ``x.pop("name"``, ``x["name"]``, ``"name" in x``) and that takes the
name's count to zero is a case: the fork (ours, on K^) adds one module that writes the key, spelt two
ways (a subscript store, a dict display), and, in a second replay, a deployment manifest that passes
it in an option's JSON (``--model-loader-extra-config '{"name": true}'``); base = K^, theirs = K; the
merge is clean.  Caught: a merge/symbol-drift finding on each carry line.

Precision: the same carries writing a key that K's removed lines also read but that upstream still
quotes at K; any finding on their lines is a false one.

  PYTHONPATH=. python benchmarks/key_knob_replay.py [--since 2025-01-01] [--limit 40] [--mirror DIR]
"""

from __future__ import annotations

import random
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from threeway import carried_findings_by_line, clone, first_parent_lines, git, replay_args

CARRY = "vllm/aeon_carries/aeon_key_carry.py"
RULE = "merge/symbol-drift"
TEMPLATE = '''"""A fork carry: options of upstream's code, written into its mappings for the fleet."""


def aeon_tune(cfg: dict) -> None:
    cfg["{name}"] = True


AEON_OPTIONS = {{"{name}": True}}
'''
LINES = (5, 8)
MANIFEST = "deploy/aeon-serve.yaml"  # the same key in a deployment option's JSON
MANIFEST_TEXT = """args:
  - --model-loader-extra-config
  - '{{"{name}": true}}'
"""
MANIFEST_LINE = 3
KEY_READ = re.compile(
    r"""(?:\.get|\.pop)\(\s*["']([a-z_][a-z0-9_]{3,})["']|\[\s*["']([a-z_][a-z0-9_]{3,})["']\s*\](?!\s*=[^=])|["']([a-z_][a-z0-9_]{3,})["']\s+(?:not\s+)?in\b"""
)
QUOTE = re.compile(r"""["']([A-Za-z_]\w{3,})["']""")
DOT = re.compile(r"\.([A-Za-z_]\w{3,})\b")


def cases(mirror: Path, since: str) -> list[tuple[str, str, str]]:
    """(K, a key that lost its last mention, a key K's removed lines read that upstream still quotes)."""
    start = git(mirror, "rev-list", "-1", "--first-parent", f"--before={since}", "main")
    quotes: Counter[str] = Counter()
    for line in git(mirror, "grep", "-h", "-I", "-E", r"""["'.]""", start, "--", "vllm/*.py").split("\n"):
        code = line.split("#", 1)[0]
        quotes.update(QUOTE.findall(code))
        quotes.update(DOT.findall(code))
    found: list[tuple[str, str, str]] = []
    for sha, lines in first_parent_lines(mirror, since):
        touched: set[str] = set()
        for _, sign, code in lines:
            for name in [*QUOTE.findall(code), *DOT.findall(code)]:
                quotes[name] += sign
            if sign < 0:
                touched.update(k for group in KEY_READ.findall(code) for k in group if k)
        lost = sorted(k for k in touched if quotes[k] <= 0)
        kept = sorted(k for k in touched if quotes[k] > 2)
        if lost and kept:
            found.append((sha, lost[0], kept[len(kept) // 2]))
    return found


def main() -> None:
    parser = replay_args(__doc__, 40)
    args = parser.parse_args()
    started = time.perf_counter()
    found = cases(args.mirror, args.since)
    print(f"{len(found)} commits take a key's last read by name since {args.since}")
    random.Random(0).shuffle(found)
    caught = total = false = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, name, kept in found[: args.limit]:
            hits = carried_findings_by_line(repo, sha, CARRY, TEMPLATE.format(name=name), {RULE})
            twin = carried_findings_by_line(repo, sha, CARRY, TEMPLATE.format(name=kept), {RULE})
            deployed = carried_findings_by_line(repo, sha, MANIFEST, MANIFEST_TEXT.format(name=name), {RULE})
            deployed_twin = carried_findings_by_line(repo, sha, MANIFEST, MANIFEST_TEXT.format(name=kept), {RULE})
            if hits is None or twin is None or deployed is None or deployed_twin is None:
                continue
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            spelt = [bool(hits.get(line)) for line in LINES] + [bool(deployed.get(MANIFEST_LINE))]
            wrong = [f for line in LINES for f in twin.get(line, [])] + deployed_twin.get(MANIFEST_LINE, [])
            total += 1
            caught += all(spelt)
            false += bool(wrong)
            mark = "caught" if all(spelt) else ("PARTLY" if any(spelt) else "MISSED")
            print(f'  {mark} {sha[:10]} "{name}" [twin "{kept}"] | {subject}')
            for f in [*(f for line in LINES for f in hits.get(line, [])[:1]), *wrong]:
                print(f"      {'TWIN ' if f in wrong else ''}{f.severity.value}: {f.message[:200]}")
    print(f"keys upstream stopped reading, written by the fork (all three spellings): {caught}/{total} caught")
    print(f"twins (a key upstream still reads): {false}/{total} with a false finding")
    print(f"{time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
