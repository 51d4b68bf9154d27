"""Scalar-to-object parameter drift (drift/retyped_params.py ``scalar_retyped``): upstream annotated a parameter
that was a builtin scalar with something that admits none, and its body now reads an attribute the scalar has
not (#33103: ``get_max_tokens(max_model_len, request, input_length: int, ...)`` became ``prompt:
TokensPrompt | EmbedsPrompt`` in that slot, calling ``prompt.get(...)``); a fork call still passes the plain
scalar: AttributeError at call.  Twins: a new annotation that still admits the scalar, a body that tests the
value's type, an untyped argument, the new kind passed, a read the scalar has, a module binding ``len`` itself,
a lambda's own parameter, upstream unchanged; a call in the fork's own ``try`` is a warning."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, side_by_side, three_way

INIT = "pkg/__init__.py"
LIB = "pkg/utils.py"
USE = "pkg/aeon_budget.py"
HEAD = "from typing import TypedDict\n\n\nclass TokensPrompt(TypedDict):\n    prompt_token_ids: list[int]\n\n\n"
HEAD += "class EmbedsPrompt(TypedDict):\n    prompt_embeds: list[float]\n\n\n"
HEAD += "class Span:\n    start: int = 0\n    stop: int = 0\n\n\n"
OLD = HEAD + (
    "def get_max_tokens(max_model_len: int, request, input_length: int, defaults: dict) -> int:\n"
    "    return max_model_len - input_length\n\n\n"
    "def budget(limit: int) -> int:\n    return limit * 2\n\n\n"
    "class Window:\n    def __init__(self, size: int) -> None:\n        self.size = size\n"
)
NEW = HEAD + (
    'def get_max_tokens(max_model_len: int, request, prompt: "TokensPrompt | EmbedsPrompt", defaults: dict) -> int:\n'
    '    return max_model_len - len(prompt.get("prompt_token_ids", []))\n\n\n'
    "def budget(limit: Span | None) -> int:\n    return limit.stop * 2\n\n\n"
    'class Window:\n    def __init__(self, size: "Span") -> None:\n        self.size = size.stop - size.start\n'
)
FORK = "from pkg.utils import Window, budget, get_max_tokens\n\n\n"


def _sides(git_repo: GitRepo, body: str, new: str = NEW):  # noqa: ANN202
    return three_way(git_repo, {INIT: "", LIB: OLD}, {USE: FORK + body}, {LIB: new})


SCALAR_ERRORS = [
    (
        "def aeon(max_model_len: int, request, ids: list[int]) -> int:\n"
        "    return get_max_tokens(max_model_len, request, len(ids), {})\n",
        "return get_max_tokens",
    ),
    (
        "def aeon(max_model_len: int, request, n: int) -> int:\n    return get_max_tokens(max_model_len, request, n, {})\n",
        "return get_max_tokens",
    ),
    ("def aeon() -> int:\n    return budget(limit=16)\n", "return budget"),
    ("def aeon(rows: int):\n    return Window(rows)\n", "return Window"),
    (
        "def aeon(max_model_len: int, request, ids: list[int]) -> int:\n"
        "    prompt_len = len(ids)\n"
        "    return get_max_tokens(max_model_len, request, prompt_len, {})\n",
        "return get_max_tokens",
    ),
]
# The rows' modules side by side: one merge and one audit of the five a process (suitespeed11).
SCALAR_FORKS = {USE.replace(".py", f"_{n}.py"): FORK + body for n, (body, _) in enumerate(SCALAR_ERRORS)}


@pytest.mark.parametrize(
    ("body", "needle"),
    SCALAR_ERRORS,
    ids=[
        "len() by position",
        "an annotated int parameter",
        "a literal by the kept keyword",
        "a constructor",
        "a local bound once to len()",
    ],
)
def test_a_plain_scalar_where_an_object_now_goes_is_an_error(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str
) -> None:
    path = next(p for p, text in SCALAR_FORKS.items() if text == FORK + body)
    findings = side_by_side(git_repo, tmp_path, {INIT: "", LIB: OLD}, SCALAR_FORKS, {LIB: NEW}, RULE)[path]
    assert [(f.path, f.line, f.severity.value) for f in findings] == [(path, line_of(FORK + body, needle), "error")]
    message = findings[0].message
    assert "(it was int)" in message and "which int has not" in message


KILLER = "def aeon(max_model_len: int, request, ids: list[int]) -> int:\n    return get_max_tokens(max_model_len, request, len(ids), {})\n"


@pytest.mark.parametrize(
    ("body", "new"),
    [
        (KILLER, NEW.replace('prompt: "TokensPrompt | EmbedsPrompt"', 'prompt: "int | TokensPrompt"')),
        (KILLER, NEW.replace('prompt: "TokensPrompt | EmbedsPrompt"', "prompt: Any")),
        (
            KILLER,
            NEW.replace(
                '    return max_model_len - len(prompt.get("prompt_token_ids", []))\n',
                "    if isinstance(prompt, int):\n        return max_model_len - prompt\n"
                '    return max_model_len - len(prompt.get("prompt_token_ids", []))\n',
            ),
        ),
        (
            KILLER,
            NEW.replace(
                '    return max_model_len - len(prompt.get("prompt_token_ids", []))\n',
                '    try:\n        return max_model_len - len(prompt.get("prompt_token_ids", []))\n'
                "    except AttributeError:\n        return max_model_len - prompt\n",
            ),
        ),
        (KILLER, NEW.replace('len(prompt.get("prompt_token_ids", []))', "prompt.real")),
        (
            "def aeon(max_model_len: int, request, n) -> int:\n    return get_max_tokens(max_model_len, request, n, {})\n",
            NEW,
        ),
        (
            "def aeon(max_model_len: int, request, prompt: dict) -> int:\n"
            "    return get_max_tokens(max_model_len, request, prompt, {})\n",
            NEW,
        ),
        ("def len(x):\n    return {'prompt_token_ids': x}\n\n\n" + KILLER, NEW),
        (
            "def aeon(n: int, prompts: list):\n"
            "    return n, [(lambda n: get_max_tokens(4096, None, n, {}))(p) for p in prompts]\n",
            NEW,
        ),
        (
            "def aeon(n: int) -> int:\n    n = {'prompt_token_ids': [n]}\n    return get_max_tokens(4096, None, n, {})\n",
            NEW,
        ),
        (KILLER, OLD + "\n# a note\n"),
        (
            "def aeon(ids: list[int]) -> int:\n    n = len(ids)\n    n = {'prompt_token_ids': ids}\n"
            "    return get_max_tokens(4096, None, n, {})\n",
            NEW,
        ),
        (
            "def aeon(batches: list) -> list:\n    out = []\n    for n in batches:\n"
            "        out.append(get_max_tokens(4096, None, n, {}))\n    return out\n",
            NEW,
        ),
        (
            "def aeon(ids: list[int]) -> int:\n    prompt = {'prompt_token_ids': ids}\n"
            "    return get_max_tokens(4096, None, prompt, {})\n",
            NEW,
        ),
    ],
    ids=[
        "still admits int",
        "Any",
        "the body tests the type",
        "the body catches AttributeError",
        "a read int has",
        "untyped",
        "the new kind",
        "the module's own len",
        "a lambda's own parameter",
        "rebound",
        "unchanged",
        "a local bound twice",
        "a loop's target",
        "a local bound to the new kind",
    ],
)
def test_scalar_parameter_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, body: str, new: str) -> None:
    if "prompt: Any" in new:
        new = "from typing import Any\n" + new
    assert [f for f in found(audit(git_repo, _sides(git_repo, body, new), tmp_path), RULE) if f[2] == "error"] == []


def test_a_call_in_the_forks_own_try_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    body = (
        "def aeon(max_model_len: int, request, ids: list[int]) -> int:\n"
        "    try:\n        return get_max_tokens(max_model_len, request, len(ids), {})\n"
        "    except AttributeError:  # #33103 takes the prompt\n"
        "        return get_max_tokens(max_model_len, request, {'prompt_token_ids': ids}, {})\n"
    )
    report = audit(git_repo, _sides(git_repo, body), tmp_path)
    assert [f for f in found(report, RULE) if f[2] == "error"] == []
    assert (USE, line_of(FORK + body, "return get_max_tokens(max_model_len, request, len"), "warning") in found(
        report, RULE
    )


def test_a_slot_renamed_and_retyped_as_one_class_is_said_once(git_repo: GitRepo, tmp_path: Path) -> None:
    """The renamed-slot check already reports a slot renamed and retyped as one class: one error, not two."""
    new = NEW.replace('prompt: "TokensPrompt | EmbedsPrompt"', 'prompt: "TokensPrompt"')
    report = audit(git_repo, _sides(git_repo, KILLER, new), tmp_path)
    assert found(report, RULE) == [(USE, line_of(FORK + KILLER, "return get_max_tokens"), "error")]


# -- a module-level alias read as what it names; Literal's arguments read as values (mend51) ---------------------
ALIASED_OLD = "from typing import Literal\n\nCount = int\n\n\nclass Span:\n    stop: int = 0\n\n\n" + (
    "def width(n: Count) -> int:\n    return n * 2\n\n\ndef cast(kind: int) -> int:\n    return kind * 2\n\n\n"
    "def size(n: int) -> int:\n    return n + 1\n"
)
ALIASED_FORK = "from pkg.utils import cast, size, width\n\n\n"


def _aliased(git_repo: GitRepo, tmp_path: Path, body: str, new: str):  # noqa: ANN202
    # an alias the test binds twice is bound twice on both sides
    old = ALIASED_OLD.replace("Count = int\n", "Count = int\nCount = str\n") if "Count = str" in new else ALIASED_OLD
    sides = three_way(git_repo, {INIT: "", LIB: old}, {USE: ALIASED_FORK + body}, {LIB: new})
    return found(audit(git_repo, sides, tmp_path), RULE)


@pytest.mark.parametrize(
    ("body", "new"),
    [
        # the old slot's alias names int: an int passed where a Span now goes
        (
            "def aeon() -> int:\n    return width(8)\n",
            ALIASED_OLD.replace(
                "def width(n: Count) -> int:\n    return n * 2", "def width(n: Span) -> int:\n    return n.stop"
            ),
        ),
        # Literal["int", "float"] takes those strings, not an int (its arguments are not types)
        (
            "def aeon() -> int:\n    return cast(4)\n",
            ALIASED_OLD.replace(
                "def cast(kind: int) -> int:\n    return kind * 2",
                'def cast(kind: Literal["int", "float"]) -> int:\n    return len(kind.upper())',
            ),
        ),
    ],
    ids=["an alias of int before", "a Literal of type names' strings after"],
)
def test_an_alias_or_a_literal_read_for_what_it_is_is_an_error(
    git_repo: GitRepo, tmp_path: Path, body: str, new: str
) -> None:
    assert _aliased(git_repo, tmp_path, body, new) == [(USE, line_of(ALIASED_FORK + body, "return "), "error")]


@pytest.mark.parametrize(
    ("body", "new"),
    [
        # the new slot's alias still admits an int
        (
            "def aeon() -> int:\n    return size(8)\n",
            ALIASED_OLD.replace("Count = int\n", "Count = int\nSpanLike = int | Span\n").replace(
                "def size(n: int) -> int:\n    return n + 1", "def size(n: SpanLike) -> int:\n    return n.stop"
            ),
        ),
        # a Literal of ints takes the int the fork passes
        (
            "def aeon() -> int:\n    return cast(4)\n",
            ALIASED_OLD.replace(
                "def cast(kind: int) -> int:\n    return kind * 2",
                "def cast(kind: Literal[4, 8] | Span) -> int:\n    return kind.stop",
            ),
        ),
        # a Literal's signed number is an int too (the parser reads -1 as - applied to 1: review60); the fork's
        # int-annotated sentinel still fits it
        (
            "def aeon(sentinel: int) -> int:\n    return cast(sentinel)\n",
            ALIASED_OLD.replace(
                "def cast(kind: int) -> int:\n    return kind * 2",
                "def cast(kind: Literal[-1] | Span) -> int:\n    return kind.stop",
            ),
        ),
        # an alias bound twice is not known
        (
            "def aeon() -> int:\n    return width(8)\n",
            ALIASED_OLD.replace("Count = int\n", "Count = int\nCount = str\n").replace(
                "def width(n: Count) -> int:\n    return n * 2", "def width(n: Span) -> int:\n    return n.stop"
            ),
        ),
    ],
    ids=["an alias admitting int after", "a Literal of ints", "a Literal of a signed int", "an alias bound twice"],
)
def test_an_alias_or_a_literal_that_admits_the_scalar_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, body: str, new: str
) -> None:
    assert _aliased(git_repo, tmp_path, body, new) == []
