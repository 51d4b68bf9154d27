"""The device's words found by ``str.find`` (``device_gates._Literals``) give the compiled alternation's
matches: the same spans, the same word where two start at one offset, none inside an earlier match."""

from __future__ import annotations

import random
import re

import pytest

from aeon_release.domain.audits.drift.device_gates import _asking_pattern, _Literals
from aeon_release.domain.audits.model import DeviceGates

WORDS = (
    "has_device_capability",
    "is_device_capability",
    "is_device_capability_family",
    "get_device_capability",
    "DeviceCapability",
    "cuda_device_capability",
)


def spans(matches: object) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in matches]  # type: ignore[attr-defined]


def alternation(words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, words)))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "x = current_platform.get_device_capability()\n",
        # a shorter word first in the list wins where both start: is_device_capability, then _family( unmatched
        "if p.is_device_capability_family(100):\n",
        # one word inside another: cuda_device_capability holds no match of DeviceCapability or the others
        "def f(cuda_device_capability: int, c: DeviceCapability): ...\n",
        "has_device_capabilityis_device_capabilityget_device_capability",  # side by side, no separator
        "xhas_device_capabilit has_device_capabilit\u00e9 is_device_capability\r\n",
    ],
)
def test_the_alternations_matches(text: str) -> None:
    assert spans(_Literals(WORDS).finditer(text)) == spans(alternation(WORDS).finditer(text))


def test_overlapping_words_in_either_order() -> None:
    """Where words overlap (``aba`` in ``ababa``) a match starts only past the earlier one's end, and
    the first word listed wins at an offset: both orders of the words, random texts of their pieces."""
    rng = random.Random(7)
    for words in (("aba", "ab", "b"), ("b", "ab", "aba"), ("abab", "ba"), ("a", "aa", "aaa")):
        for _ in range(300):
            text = "".join(rng.choice(["a", "b", "ab", "x", "\n"]) for _ in range(rng.randrange(0, 30)))
            assert spans(_Literals(words).finditer(text)) == spans(alternation(words).finditer(text)), (words, text)


def test_an_empty_word_falls_back_to_the_pattern() -> None:
    """A word of no characters would make ``find`` loop: the compiled pattern answers (every offset)."""
    text = "ab\nc"
    assert spans(_Literals(("", "b")).finditer(text)) == spans(alternation(("", "b")).finditer(text))


def test_search_and_the_devices_words() -> None:
    device = DeviceGates((12, 1), at_least=("has_device_capability",), capability_types=("DeviceCapability",))
    asking = _asking_pattern(device)
    assert asking.words == ("has_device_capability", "DeviceCapability")
    found = asking.search("cap: DeviceCapability = x")
    assert found is not None and found.group() == "DeviceCapability"
    assert asking.search("capability") is None
