"""``sides.declared`` finds the names the word-bounded pattern ``\\bdef(?:\\s|\\\\)+(\\w+)`` finds: its ``\\b`` is
asked by a lookbehind after the keyword (a scan for a literal, not a try at every offset), which must neither
find a name the bounded pattern skips (``undef foo``) nor lose one behind such a miss (``undef def foo``)."""

from __future__ import annotations

import random
import re

import pytest

from aeon_release.domain.audits.drift.sides import _declarations


def bounded(text: str, keyword: str) -> frozenset[str]:
    return frozenset(re.findall(rf"\b{keyword}(?:\s|\\)+(\w+)", text))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "def f(x):\n    return x\n",
        "class A(B):\n    def m(self): ...\n",
        "undef foo\nxclass Bar\n_def baz\n",  # a word that ends in the keyword declares nothing
        "undef def foo",  # the miss before does not hide the declaration behind it
        "def\\\n    continued(): ...\n",  # a backslash before the name
        "\u00e9def f\n\u00b7def g\n\u03b1class C\n",  # a letter before the keyword is a word character; U+00B7 is not
        "defdef x\ndef def y\nclass class z\n",
        "def",
        "x=1;def g(): ...\n\tclass\tT: ...\n",
    ],
)
@pytest.mark.parametrize("keyword", ["def", "class"])
def test_the_bounded_patterns_names(text: str, keyword: str) -> None:
    assert _declarations(text, keyword) == bounded(text, keyword)


def test_random_texts_of_the_pieces() -> None:
    rng = random.Random(18)
    pieces = [
        "def",
        "class",
        "un",
        "x",
        "_",
        "1",
        " ",
        "\t",
        "\n",
        "\\",
        "\\\n",
        "f",
        "(",
        ":",
        "\u00e9",
        "\u00b7",
        ".",
    ]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 24)))
        for keyword in ("def", "class"):
            assert _declarations(text, keyword) == bounded(text, keyword), (text, keyword)
