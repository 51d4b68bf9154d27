"""Member values computed from source must equal what Python computes when it runs the class."""

from __future__ import annotations

import textwrap

import pytest

from aeon_release.domain.audits.drift import enums
from aeon_release.domain.audits.drift.enums import Kind, enums_of, renumbered

CASES = {
    "auto counts from the last value": """
        class A(enum.IntEnum):
            X = enum.auto()
            Y = enum.auto()
            Z = 10
            W = auto()
            ALIAS = 11
    """,
    "flag powers of two and combinations": """
        class F(Flag):
            R = auto()
            W = auto()
            X = auto()
            RW = R | W
            Q = auto()
    """,
    "int flag after a shifted value": """
        class G(enum.IntFlag):
            A = 1
            B = 1 << 4
            C = auto()
    """,
    "str enum auto is the lower-cased name": """
        class S(enum.StrEnum):
            Foo = auto()
            BAR = "bar"
    """,
    "an int enum's one-element tuple is the int": """
        class T(enum.IntEnum):
            NONE = (0,)
            NO_OVERLAP = (2,)
            WIDE = (1 << 3,)
    """,
    "an int enum's integral float is the int": """
        class R(enum.IntEnum):
            DEFAULT = (0,)
            TOPK = (5,)
            UNSPECIFIED = 6.0
            WIDE = (7.0,)
    """,
    "negative and annotated": """
        class N(Enum):
            LOW: int = -1
            MID = 0
            HIGH = auto()
    """,
}


@pytest.mark.parametrize("source", CASES.values(), ids=CASES.keys())
def test_values_match_python(source: str) -> None:
    text = "import enum\nfrom enum import Enum, Flag, auto\n" + textwrap.dedent(source)
    namespace: dict[str, object] = {}
    exec(compile(text, "<enum>", "exec"), namespace)
    for name, cls in enums_of(text).items():
        real = {m: v.value for m, v in namespace[name].__members__.items()}  # type: ignore[attr-defined]
        assert cls.members == real


def test_unknown_and_ambiguous_values_are_not_guessed() -> None:
    text = textwrap.dedent("""
        import enum
        class C(enum.Enum):
            def _generate_next_value_(name, start, count, last_values):
                return name
            A = enum.auto()
        class D(enum.Enum):
            A = 5
            B = 1
            C = enum.auto()
    """)
    found = enums_of(text)
    assert found["C"].unknown is not None and found["C"].members == {"A": None}
    assert found["D"].members["C"] is None  # 2 before Python 3.13, 6 after: not guessed
    assert found["D"].kind is Kind.ENUM and not found["D"].int_based


def test_insertion_renumbers_every_later_auto_member() -> None:
    base = "import enum\nclass S(enum.IntEnum):\n    A = enum.auto()\n    B = enum.auto()\n    C = enum.auto()\n"
    theirs = base.replace("    B = enum.auto()\n", "    NEW = enum.auto()\n    B = enum.auto()\n")
    changes, unknown = renumbered("s.py", base, theirs)
    assert [(c.member, c.old, c.new) for c in changes] == [("B", 2, 3), ("C", 3, 4)] and unknown == []
    removed, _ = renumbered("s.py", base, base.replace("    C = enum.auto()\n", ""))
    assert [(c.member, c.old, c.new) for c in removed] == [("C", 3, None)]


def test_a_module_is_never_split_whole_into_lines_to_find_its_enum_blocks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The blocks' parse splits only the blocks it parses (it split the whole module twice, then once:
    a large module's lines were most of finding its few enums), and nothing when no header matches."""
    from aeon_release.domain.audits import source

    split: list[int] = []
    lines_of = source.python_lines

    def counted(text: str) -> list[str]:
        split.append(len(text))
        return lines_of(text)

    monkeypatch.setattr(source, "python_lines", counted)
    text = "import enum\n\n\nclass Mode(enum.Enum):\n    A = 1\n    B = 2\n" + "x = 1\n" * 50
    assert set(enums_of(text)["Mode"].members) == {"A", "B"}
    assert len(text) not in split
    split.clear()
    assert source.parse_blocks(text, r"^([ \t]*)class[ \t]+Missing\b") == []
    assert split == []


def test_member_attributes_are_scanned_for_a_class_with_a_changed_member_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every enum class upstream's changed files define was scanned for the attributes that hold its members,
    two patterns over the whole module each, though only a renumbered member's finding names them."""
    base = "import enum\n" + "".join(f"class E{i}(enum.IntEnum):\n    M = 1\n" for i in range(5))
    theirs = base.replace("class E3(enum.IntEnum):\n    M = 1", "class E3(enum.IntEnum):\n    M = 2")
    theirs += "class Holder:\n    def __init__(self):\n        self.mode = E3.M\n"
    scanned: list[str] = []
    real = enums.member_attributes

    def counting(text: str, short: str) -> frozenset[str]:
        scanned.append(short)
        return real(text, short)

    monkeypatch.setattr(enums, "member_attributes", counting)
    changes, unknown = enums._renumbered("s.py", base, theirs)
    assert scanned == ["E3"] and unknown == []
    assert [(c.label, c.old, c.new, c.attributes) for c in changes] == [("E3.M", 1, 2, frozenset({"mode"}))]
