"""Read-only drift's ``_frozen_added`` answers as the one pattern ``\\n\\+[^\\n]*\\bfrozen[ \\t]*=[ \\t]*True\\b`` did:
a line the diff adds holds ``frozen=True`` (its word bounded), whatever else the diff holds around it."""

from __future__ import annotations

import random
import re

import pytest

from aeon_release.domain.audits.drift.read_only import _frozen_added

ADDED_FROZEN = re.compile(r"\n\+[^\n]*\bfrozen[ \t]*=[ \t]*True\b")


@pytest.mark.parametrize(
    ("diff", "found"),
    [
        ("diff --git a/x.py b/x.py\n@@ -1 +1 @@\n+@dataclass(frozen=True)\n", True),
        ("\n+@dataclass(slots=True,\n+    frozen = True)\n", True),  # a continuation line
        ("\n-@dataclass(frozen=True)\n+@dataclass\n", False),  # removed, not added
        ("\n @dataclass(frozen=True)\n", False),  # context
        ("+@dataclass(frozen=True)\n", False),  # no line break before the +
        ("\n+unfrozen=True\n+frozen=Truely\n", False),  # the word bounded on both sides
        ("\n+x = 1\n frozen=True\n", False),  # on a line after the added one
        ("\n+\xe9frozen=True\n+_frozen=True\n", False),  # a word character before it
        ("\n+#frozen=True\n", True),
    ],
)
def test_an_added_frozen(diff: str, found: bool) -> None:
    assert _frozen_added(diff) is found
    assert (ADDED_FROZEN.search(diff) is not None) is found


def test_random_diffs_of_the_pieces() -> None:
    rng = random.Random(18)
    pieces = ["\n", "+", "-", " ", "\t", "frozen", "=", "True", "x", "_", "(", "\xe9", "ly", "\n+"]
    for _ in range(4000):
        diff = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 20)))
        assert _frozen_added(diff) == (ADDED_FROZEN.search(diff) is not None), repr(diff)
