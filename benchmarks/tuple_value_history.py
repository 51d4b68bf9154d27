"""Where vLLM's history changed a value at a position of a returned tuple: the evidence for tuple_values.py.

Walks every module of ``vllm/`` (tests aside) a first-parent commit of main modified since ``--since``
(``signature_history_replay.modified_modules``), reads both versions with ``ast`` (no checkout) and,
for each name defined once in the file on both sides, takes the tuples every ``def`` of it returns as
tuple_values.py reads them (``returned_tuples``: each element's constant, or not one).  A case is a
position k where every tuple upstream returns has one length and a constant at k (closed, as the check
requires) and a constant the base returned at k is no longer returned there: a fork comparing the
unpacked value with it would flip.  A pure reorder of one tuple is return drift's, not counted.

  python benchmarks/tuple_value_history.py [--mirror DIR] [--since 2024-06-01]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from signature_history_replay import Blobs, modified_modules
from threeway import MIRROR, utc_day

from aeon_release.domain.audits.drift.returns import _functions_in
from aeon_release.domain.audits.drift.tuple_values import returned_tuples


def cases(old: str, new: str) -> list[tuple[str, int, list[str], list[str]]]:
    """(name, position, the constants gone from it, the constants there now) of one file's change."""
    before, after = _functions_in(old), _functions_in(new)
    found = []
    for name in sorted(before.keys() & after.keys()):
        if len(before[name]) != 1 or len(after[name]) != 1:
            continue  # many defs of a name in one file: which is called is not known here
        was, now = returned_tuples(before[name][0]), returned_tuples(after[name][0])
        lengths = {len(t) for t in now}
        if (
            len(lengths) != 1
            or was == now
            or (len(was) == len(now) == 1 and sorted(map(str, *was)) == sorted(map(str, *now)))
        ):
            continue
        length = lengths.pop()
        for k in range(length):
            if any(t[k] is None for t in now):
                continue
            there = {str(t[k]) for t in now}
            gone = sorted({str(t[k]) for t in was if len(t) == length and t[k] is not None} - there)
            if gone:
                found.append((name, k, gone, sorted(there)))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--since", type=utc_day, default="2024-06-01")
    args = parser.parse_args()
    started = time.perf_counter()
    blobs = Blobs(args.mirror, full_parse=True)
    versions = hits = 0
    for sha, subject, path, old_oid, new_oid in modified_modules(args.mirror, args.since):
        versions += 1
        old, new = blobs.text(old_oid), blobs.text(new_oid)
        if old is None or new is None or "return" not in new:
            continue
        for name, k, gone, there in cases(old, new):
            hits += 1
            print(f"{sha[:10]} {subject[:80]}\n    {path} {name}(): position {k} no longer returns {gone}; now {there}")
    blobs.close()
    print(
        f"{versions} module versions since {args.since}: {hits} positions whose returned constant changed"
        f" ({time.perf_counter() - started:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
