"""A text whose only folded characters lie in comments is gated (perf22, issue 12).

A name holding a character the parser folds (NFKC: a subscript ``i`` is read ``i``) kept its whole file ungated, so
every check parsed it whatever its gate said.  Such characters are mostly in comments (a formula's subscripts in a
model at 500 commits: handed-back drift parsed three versions of it, 40 of its 42 ms).  A character past a ``#`` on
a line holding no quote, and no ``{`` past the ``#``, is in a comment or in a string's text: no name holds it.  The
property every gate relies on is checked against the parser: in a gated text, each name the tree holds is a word of
the text as written."""

from __future__ import annotations

import ast
import random
import re

import pytest

from aeon_release.domain.audits.drift import sides as drift_sides
from aeon_release.domain.audits.drift.sides import gateable
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SUB = "\u1d62"  # LATIN SUBSCRIPT SMALL LETTER I: the parser reads ``i``
FULL = "\uff57"  # FULLWIDTH LATIN SMALL LETTER W: read ``w``
DOT = "\u00b7"  # MIDDLE DOT: continues a name, ``\\w`` does not take it


@pytest.mark.parametrize(
    ("text", "gated"),
    [
        (f"x = 1  # sum_i H{SUB}W{SUB}\n", True),
        (f"# {FULL}eights {DOT} rows\nx = 1\n", True),
        (f"def f():\n    # a{SUB}\n    return 1\n", True),
        ("# cafe\u0301\n", True),  # a combining mark in a comment composes with no name
        (f'"""doc\n# a{SUB} b\n"""\n', True),  # string text past a ``#``
        (f"x{SUB} = 1\n", False),  # a name
        (f"x{SUB} = 1  # {SUB}\n", False),  # the first one is before the ``#``
        (f"s = '# x{SUB}'\n", False),  # a quote on the line: the ``#`` may be in a string that closes later
        (f'"""\n# a """; x{SUB} = 1\n', False),
        (f'f"""\n# {{x{SUB}}}\n"""\n', False),  # an f-string's field past the ``#``
        (f"# note\rx{SUB} = 1\n", False),  # a lone carriage return ends Python's line
        (f"# note\r\nx{SUB} = 1\n", False),
        (f"# a{SUB}\nx{SUB} = 1\n", False),  # the second line's is a name
    ],
)
def test_which_texts_with_folded_characters_a_gate_may_read(text: str, gated: bool) -> None:
    assert gateable(text) is gated


_NAME_FIELDS = frozenset({"id", "attr", "name", "arg", "asname", "module"})


def _parsed_names(tree: ast.AST) -> set[str]:
    return {
        part
        for node in ast.walk(tree)
        for field, value in ast.iter_fields(node)
        if field in _NAME_FIELDS and isinstance(value, str)
        for part in value.split(".")
    }


_ODD = [SUB, FULL, DOT, "\u0301", "\u00e9", "\u2014"]


def _random_text(rng: random.Random) -> str:
    def name() -> str:
        return "x" + "".join(rng.choice(["a", "_", *_ODD]) for _ in range(rng.randint(0, 2)))

    def noise() -> str:
        return "".join(rng.choice(["#", " ", "'", '"', "{", "}", "a", *_ODD]) for _ in range(rng.randint(0, 6)))

    lines = []
    for _ in range(rng.randint(1, 6)):
        kind = rng.randrange(7)
        if kind == 0:
            lines.append(f"{name()} = 1  #{noise()}")
        elif kind == 1:
            lines.append(f"#{noise()}")
        elif kind == 2:
            lines.append(f"s = '{noise().replace(chr(39), '')}'  # {noise()}")
        elif kind == 3:
            lines.append(f'"""\n{noise()}\n#{noise()}\n"""')
        elif kind == 4:
            lines.append(f'v = f"""\n#{{{name()}}} {noise()}\n"""')
        elif kind == 5:
            lines.append(f"def {name()}({name()}):  #{noise()}\n    return {name()}")
        else:
            lines.append(f"# {noise()}" + rng.choice(["\r", "\r\n", "\n", "\x0c"]) + f"{name()} = 2")
    return "\n".join(lines) + "\n"


def test_a_gated_text_holds_every_parsed_name_as_written() -> None:
    """3,000 random texts of names, comments, strings and f-strings with folded characters: each that parses and
    is gated names nothing the parser reads otherwise than written (``\\w+`` finds it whole)."""
    rng = random.Random(22)
    gated = parsed = 0
    for _ in range(3000):
        text = _random_text(rng)
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            continue
        parsed += 1
        if text.isascii() or not gateable(text):
            continue
        gated += 1
        words = set(re.findall(r"\w+", text))
        assert _parsed_names(tree) <= words, repr(text)
    assert parsed > 500 and gated > 100


def test_a_hostile_text_is_read_in_bounded_time() -> None:
    """200,000 lines each with a folded character in a comment, and one line of 400,000 of them: linear."""
    many = f"x = 1  # {SUB}\n" * 200_000
    one = "# " + SUB * 400_000 + "\n"
    assert gateable(many) and gateable(one) and not gateable(one + f"y{SUB} = 1\n")


def test_the_gate_skips_a_model_whose_subscripts_are_in_comments(git_repo: GitRepo) -> None:
    """The formula's subscripts sit in comments: the gate now reads the file (the fork names none of its functions,
    so neither version is parsed); before this round both were."""
    base = f"# H{SUB}W{SUB} rows\n\n\ndef pack(x, out):\n    out[0] = x\n    return out\n"
    new = f"# H{SUB}W{SUB} rows\n\n\ndef pack(x, out):\n    return [x]\n"
    fork = "def unrelated(a):\n    return a\n"
    trees = s.three_trees(git_repo, {"pkg/m.py": base}, {"pkg/aeon/use.py": fork}, {"pkg/m.py": new})
    kept = [
        both.path
        for both in drift_sides.parsed_texts(
            trees, ["pkg/m.py"], lambda old, new: not trees.fork_words().isdisjoint(drift_sides.declared(new, "def"))
        )
    ]
    assert kept == []
