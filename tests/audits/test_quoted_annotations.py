"""A hostile quoted annotation never stops the merge-aware checks (mend65): a 3,000-term ``int | int | ...`` in
quotes ran a bare ``ast.parse`` out of stack on the audit's cut rerun too (every finding of the merge gone for
"could not run"), and a NUL escape is a ValueError on Python 3.10.  Each check reads quoted annotations through
``source.parsed_expression`` (``parse_python``'s, cut on the rerun); whole audits here, both sides hostile."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

from aeon_release.domain.audits.source import parse_limits, parsed_expression, unquoted
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, three_way

LIB = "vllm/lib.py"
BASE = (
    "import dataclasses\n\n\n"
    "class Box:\n    size: int = 0\n\n    def __init__(self) -> None:\n        self.held: int = 0\n\n"
    "    def get(self, key: int) -> int:\n        return key\n\n\n"
    "@dataclasses.dataclass\nclass Conf:\n    width: int = 0\n    names: dict = dataclasses.field(default_factory=dict)\n"
    "\n\ndef make(n: int) -> int:\n    return n\n\n\ndef boxed() -> Box:\n    return Box()\n\n\n"
    "def table(n: int) -> dict[str, int]:\n    return {}\n"
)
# each shape: what upstream rewrites in BASE ({} is the quoted hostile annotation)
SHAPES = {
    "return": ("def make(n: int) -> int:", "def make(n: int) -> {}:"),
    "class-return": ("def boxed() -> Box:", "def boxed() -> {}:"),
    "mapping-return": ("def table(n: int) -> dict[str, int]:", "def table(n: int) -> {}:"),
    "parameter": ("def get(self, key: int) -> int:", "def get(self, key: {}) -> int:"),
    "field": ("self.held: int = 0", "self.held: {} = 0"),
    "class-field": ("    size: int = 0\n", "    size: {} = 0\n"),
    "dataclass-field": ("    width: int = 0\n", "    width: {} = 0\n"),
}
FORK = (
    "from vllm.lib import Box, Conf, boxed, make, table\n\n\n"
    "class AeonBox(Box):\n    size: {q} = 1\n\n    def get(self, key: {q}) -> {q}:\n"
    "        return super().get(key)\n\n\n"
    "def aeon_use(box: {q}, conf: Conf) -> {q}:\n"
    "    got = make(1)\n    print(got[0], got.real, box.held[0], box.size.real, conf.width[0], conf.names['k'])\n"
    "    for x in got:\n        print(x)\n"
    "    mine: {q} = Box().get(key=2)\n    print(boxed().size, boxed().held, table(1).get('k'), table(2)['k'])\n"
    "    return mine\n"
)
HOSTILE = {
    # readD #1: RecursionError from ast.parse, on the rerun's cut trees too
    "deep-union": '"' + " | ".join(["int"] * 3000) + '"',
    # a NUL written as an escape: ValueError from ast.parse on Python 3.10, a SyntaxError since
    "nul-escape": '"list[\\x00]"',
}


@pytest.mark.parametrize("hostile", HOSTILE.values(), ids=list(HOSTILE))
@pytest.mark.parametrize("shape", SHAPES.values(), ids=list(SHAPES))
def test_a_hostile_quoted_annotation_leaves_the_merge_checks_running(
    git_repo: GitRepo, tmp_path: Path, shape: tuple[str, str], hostile: str
) -> None:
    old, new = shape
    theirs = BASE.replace(old, new.format(hostile))
    assert theirs != BASE
    base = {"vllm/__init__.py": "", LIB: BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": FORK.format(q=hostile)}, {LIB: theirs})
    report = audit(git_repo, sides, tmp_path)
    assert not [f.message for f in report.findings if "could not run" in f.message]


@pytest.mark.parametrize("text", ["int | None", "Foo[int]", "\nint", "int  # said"])
def test_a_plain_quoted_annotation_reads_as_before(text: str) -> None:
    parsed = parsed_expression(text)
    assert parsed is not None and ast.dump(parsed) == ast.dump(ast.parse(text, mode="eval").body)
    assert unquoted(ast.Constant(text)) is parsed


@pytest.mark.parametrize("text", ["not an annotation", "x = 1", "int; str", " int", "int | " * 3000 + "int"])
def test_text_that_is_no_one_expression_reads_as_none(text: str) -> None:
    assert parsed_expression(text) is None
    constant = ast.Constant(text)
    assert unquoted(constant) is constant


def _readers() -> list[tuple[str, Callable[[str], object]]]:
    """Each check's own reader of a quoted annotation (or of a text it parses), on the text ``text``."""
    from aeon_release.domain.audits.drift import (
        dropped_dunders,
        dropped_kwargs,
        element_kinds,
        flattened,
        inherited,
        literal_slots,
        names,
        new_hooks,
        returned_errors,
        returned_members,
        retyped,
        retyped_params,
        stale_copies,
        switched_hooks,
        unconsulted,
        unmapped,
    )

    def func(text: str) -> ast.FunctionDef:
        return ast.FunctionDef("f", ast.arguments([], [ast.arg("x", ast.Constant(text))], None, [], [], None, []), [])

    return [
        ("returned_errors", lambda t: returned_errors._union(ast.Constant(t))),
        ("returned_members", lambda t: returned_members._unquoted(ast.Constant(t))),
        ("retyped_params", lambda t: retyped_params._parsed(ast.Constant(t))),
        ("switched_hooks", lambda t: switched_hooks._class_names(ast.Constant(t))),
        ("new_hooks-scalars", lambda t: new_hooks._scalar_kinds(ast.Constant(t))),
        ("new_hooks-classes", lambda t: new_hooks._classes_in(ast.Constant(t))),
        ("new_hooks-returns", lambda t: new_hooks._return_kinds(ast.Constant(t))),  # mend73
        ("flattened", lambda t: flattened._without_none(ast.Constant(t))),
        ("dropped_dunders", lambda t: dropped_dunders._named(ast.Constant(t), "m.py", {}, [])),
        ("literal_slots", lambda t: literal_slots._annotation(func(t), "x")),
        ("unmapped", lambda t: unmapped._mapping(ast.Constant(t))),
        ("element_kinds", lambda t: element_kinds._mapping_text.__wrapped__(t)),
        ("retyped", lambda t: retyped._scalar_element(t)),
        ("stale_copies", lambda t: stale_copies._nested(f"f({t})")),
        ("unconsulted", lambda t: unconsulted._call_at(f"g({t})", 1)),
        ("inherited", lambda t: inherited._sets(f"x: {t} = 1", "x", "1")),
        ("names", lambda t: names.attribute_words(f"x: {t} = 1", {"x"})),
        ("dropped_kwargs", lambda t: dropped_kwargs._parse(f"x: {t} = 1")),
        ("source.unquoted", lambda t: unquoted(ast.Constant(t))),
    ]


@pytest.mark.parametrize("cut", [False, True], ids=["whole", "cut-rerun"])
@pytest.mark.parametrize(("module", "read"), _readers(), ids=[m for m, _ in _readers()])
@pytest.mark.parametrize(
    "text", [" | ".join(["int"] * 3000), "list[tuple[str, \x00]]"], ids=["deep-union", "nul-escape"]
)
def test_each_reader_takes_a_hostile_text(module: str, read: Callable[[str], object], text: str, cut: bool) -> None:
    with parse_limits(1024 * 1024, {} if cut else None):
        read(text)  # no RecursionError, ValueError or anything else
