"""Array flavour drift's text gates asked more cheaply (perf25, issue 12): each answers as before.

The forty-ninth landing's annotated flavours (killers160) searched every upstream diff naming an array with a
line pattern tried at every line (3.3 ms over 8 diffs of the 500-commit bench), after two substring searches of
every diff, all before asking whether a fork line reads any attribute at all (the bench fork reads none).  Now
the fork's reads are asked first, the numpy-build pattern only where its words are, and the annotation pattern
only where a changed line annotates an array, found from the lines holding the word."""

from __future__ import annotations

import random
from types import SimpleNamespace

from aeon_release.domain.audits.drift import array_flavours
from aeon_release.domain.audits.drift.sides import Changes, parse_changes

_PIECES = [
    "\n-",
    "\n+",
    "\n ",
    "\n",
    "    ",
    "\t",
    " ",
    "self.",
    "x",
    "lens",
    ":",
    ": ",
    "np.",
    "numpy.",
    "npt.",
    "torch.",
    "ndarray",
    "NDArray",
    "Tensor",
    "Optional[",
    "_t",
    "[np.int32]",
    " | None",
    " = ",
    "=",
    "np.zeros(n)",
    ".numpy()",
    "numpy",
    "# ",
    "\r",
]


def _line(rng: random.Random) -> str:
    """A changed (or context) line shaped like an annotation or a build, now and then broken."""
    target = rng.choice(["", "self."]) + rng.choice(["lens", "ids", "x"]) + rng.choice(["", " ", "\t"])
    flavour = rng.choice(["np.", "numpy.", "npt.", "torch.", "", "t."]) + rng.choice(["ndarray", "NDArray", "Tensor"])
    annotation = rng.choice(["", "Optional["]) + flavour + rng.choice(["", "_t", "[np.int32]", " | None", "]"])
    build = rng.choice(["np.zeros(n)", "numpy.ones(n)", "t.numpy()", "torch.zeros(n)", "x"])
    body = rng.choice(
        [f"{target}: {annotation}", f"{target}:{annotation} = {build}", f"{target} = {build}", f"x = {annotation}"]
    )
    line = rng.choice(["\n-", "\n+", "\n-", "\n+", "\n ", "\n"]) + rng.choice(["", "    ", "\t"]) + body
    return line + rng.choice(["", "", "  # np.ndarray", " # Tensor", "\r"])


def _diff(rng: random.Random) -> str:
    if rng.random() < 0.3:
        return "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 40)))
    return "".join(_line(rng) for _ in range(rng.randint(0, 8)))


def _old_both_ways(diff: str) -> set[str]:
    """``_annotated_both_ways`` as the landing wrote it: the line pattern at every line."""
    seen: dict[tuple[str, str], set[str]] = {}
    for sign, name, named in array_flavours._ANNOTATED.findall(diff):
        seen.setdefault((sign, name), set()).add(array_flavours.NAMED[named])
    return {name for (sign, name), was in seen.items() if sign == "-" and seen.get(("+", name), was) != was}


def test_the_array_line_test_answers_as_the_line_pattern() -> None:
    """``_annotates_an_array`` holds exactly where the pattern finds an array annotation on a changed line, and
    the names annotated both ways are those the pattern alone found (a union with Tensor first on the line, a
    word glued to another, the first line of a text: the pattern's answer each time)."""
    rng = random.Random(25)
    arrays = both = 0
    for _ in range(6000):
        diff = _diff(rng)
        want = any(named != "Tensor" for _, _, named in array_flavours._ANNOTATED.findall(diff))
        assert array_flavours._annotates_an_array(diff) is want, repr(diff)
        assert array_flavours._annotated_both_ways(diff) == _old_both_ways(diff), repr(diff)
        arrays += want
        both += bool(_old_both_ways(diff))
    shaped = "\n-    lens: np.ndarray | None = None\n+    lens: torch.Tensor | None = None"
    assert array_flavours._annotated_both_ways(shaped) == {"lens"}
    assert not array_flavours._annotates_an_array("\n+    lens: torch.Tensor  # was an np.ndarray")
    assert arrays > 1000 and both > 100, (arrays, both)


def test_every_numpy_build_the_gate_reads_holds_its_words() -> None:
    """A diff without ``np.`` and ``numpy`` is passed over: the build pattern finds nothing in one."""
    rng = random.Random(52)
    built = 0
    for _ in range(6000):
        diff = _diff(rng)
        found = set(array_flavours._GATE.findall(diff))
        assert array_flavours._changed_fields(diff) == found | _old_both_ways(diff), repr(diff)
        assert not found or "np." in diff or "numpy" in diff
        built += bool(found)
    assert built > 1000, built


class _Unread(Changes):
    """Upstream's diffs, refusing to be read: a check that reads one fails the test."""

    def raw(self, path: str) -> str:
        raise AssertionError(f"read upstream's diff of {path}")


def test_no_upstream_diff_is_read_when_no_fork_line_reads_an_attribute() -> None:
    """The bench fork's two added lines read no attribute: no field the check can find is one a fork line
    reads, so none of upstream's 666 diffs is searched (5.4 ms of the landing's 11.7 at 500 commits)."""
    upstream = _Unread("")
    upstream._raw = {"m.py": "diff --git a/m.py b/m.py\n@@ -1 +1 @@\n-    lens: np.ndarray\n+    lens: torch.Tensor\n"}
    header = "diff --git a/f.py b/f.py\n--- a/f.py\n+++ b/f.py\n@@ -1,0 +1,2 @@\n"
    quiet = parse_changes(header + "+x = aeon_lens(meta)\n+y = [x, 1]\n")
    trees = SimpleNamespace(mine=quiet, upstream=upstream)
    assert array_flavours.array_flavour_drift(trees, "") == []  # type: ignore[arg-type]
    reading = SimpleNamespace(mine=parse_changes(header + "+x = meta.lens.astype(int)\n"), upstream=upstream)
    try:
        array_flavours.array_flavour_drift(reading, "")  # type: ignore[arg-type]
    except AssertionError as read:  # a fork line reading an attribute: upstream's diffs are searched
        assert "m.py" in str(read)
    else:
        raise AssertionError("a fork line reading .lens did not have upstream's diffs searched")
