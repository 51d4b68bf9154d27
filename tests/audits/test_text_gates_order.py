"""Text gates asked in a cheaper way (perf22, issue 12): each answers as before on random texts.

Named entries' flipped-key test searched the added side of every upstream diff although too few keys lost an
object on the removed side (two-thirds of the check at 500 commits); signature shims asked its ``\\b``-led pattern
only after a ``^-.*`` line scan, and it is now asked first, behind a word test; type-only names cut a text into
lines by ``str.split`` when it holds no carriage return.  Each is a pure function of the text, so the way it is
asked changes nothing but the cost."""

from __future__ import annotations

import random

from aeon_release.domain.audits.drift import named_entries, signature_shims, type_only_names

_ENTRY_PIECES = ["\n-", "\n+", "    ", '"', "'", "key", "k2", ":", "=", " ", "Obj", "a.B", ",", "r", "x", "\t", "\n"]
_SIGN_PIECES = [
    "signature(",
    "argspec(",
    "getfullargspec(",
    "inspect.",
    "x",
    "_",
    " ",
    "(",
    "\n",
    "signatur",
    "e(",
    "arg",
    "spec(",
]


def _old_flipped(diff: str) -> bool:
    removed = {a or b for a, b in named_entries._ENTRY_OBJECT.findall(diff)}
    added = {a or b for a, b in named_entries._ENTRY_NAME.findall(diff)}
    return len(removed & added) >= named_entries._FEWEST


def _entry_line(rng: random.Random) -> str:
    key = rng.choice(["a", "b"])
    spelled = rng.choice([f'"{key}":', f"'{key}' :", f"{key}=", f"{key} =", key])
    value = rng.choice(["Obj", "a.B", '"Obj"', "r'x'", "1", ""])
    return (
        rng.choice(["\n-", "\n+", "\n-", "\n+", "\n "])
        + rng.choice(["", "    ", "\t"])
        + spelled
        + " "
        + value
        + rng.choice([",", "", " ,"])
    )


def test_flipped_keys_answers_as_both_searches_did() -> None:
    rng = random.Random(48)
    flipped = 0
    for _ in range(4000):
        diff = "".join(_entry_line(rng) for _ in range(rng.randint(0, 16)))
        if rng.random() < 0.3:
            diff = "".join(rng.choice(_ENTRY_PIECES) for _ in range(rng.randint(0, 60)))
        assert named_entries._flipped_keys(diff) is _old_flipped(diff), repr(diff)
        flipped += _old_flipped(diff)
    shaped = '\n-    "a": A,\n-    "b": B,\n+    "a": "A",\n+    "b": "B",'
    assert named_entries._flipped_keys(shaped) and not named_entries._flipped_keys(shaped.replace('"b": B', "c=1"))
    assert flipped > 20


def test_signs_answers_as_the_pattern_did() -> None:
    rng = random.Random(22)
    found = 0
    for _ in range(4000):
        diff = "".join(rng.choice(_SIGN_PIECES) for _ in range(rng.randint(0, 12)))
        want = signature_shims._SIGNED.search(diff) is not None
        assert signature_shims._signs(diff) is want, repr(diff)
        found += want
    assert found > 100


def test_type_only_blocks_cut_lines_as_the_break_pattern_did() -> None:
    """``_lines`` splits a text without a carriage return by ``str.split``: the same lines, breaks kept."""
    rng = random.Random(500)
    pieces = ["a", "if x:", "\n", "\r", "\r\n", "\x0c", " ", "\u2028", "\x0b", "#"]
    for _ in range(4000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 20)))
        assert type_only_names._lines(text) == type_only_names._LINE_BREAK.split(text), repr(text)
