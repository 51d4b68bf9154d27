"""Widened literals (drift/widened_literals.py): #40982 widened ``ChatCompletionRequest.reasoning_effort``'s
``Literal`` with "max"; a fork table covering every old choice, indexed by the field, raises KeyError on it."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import pytest

from aeon_release.domain.audits.merge_rules import KEY_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PROTOCOL = "vllm/entrypoints/openai/chat_completion/protocol.py"
BASE_TEXT = """from typing import Literal, Optional

Effort = Literal["low", "high"]


class ChatCompletionRequest:
    reasoning_effort: Literal["none", "low", "medium", "high"] | None = None
    verbosity: Optional[Effort] = None
    role: str = "user"
"""
UPSTREAM_TEXT = """from typing import Literal, Optional

Effort = Literal["low", "high", "max"]


class ChatCompletionRequest:
    reasoning_effort: Literal["none", "low", "medium", "high", "max"] | None = None
    verbosity: Optional[Effort] = None
    role: str = "user"
"""
SUBJECT = "[DSV4] Support `max` reasoning effort (#40982)"
FORK = "vllm/aeon/budgets.py"
TABLE = '_BUDGETS = {"none": 0, "low": 1024, "medium": 4096, "high": 16384}\n_LOUD = {"low": 1, "high": 2}\n\n\n'


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {PROTOCOL: BASE_TEXT}, {FORK: TABLE + body}, [(SUBJECT, {PROTOCOL: UPSTREAM_TEXT})])
    found = s.rule_rows(git_repo, no_rules, sides, KEY_DRIFT)
    return [(line, severity, message) for path, line, severity, message in found if path == FORK]


# The error rows below each put one fork module beside the same base and upstream, and each row's test pins its own
# module's findings: no row's module imports another's, so one merge and one audit of every error row's module side
# by side answers each row (16 merges and audits became one per process; suitespeed8).  The quiet rows keep a merge
# each: there a row's module could be quiet for something another row's module declared (a table grown, a class
# declaring the field).
IMPORTS = "import argparse\n\nfrom vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest\n\n\n"
_ERROR_FORKS: list[str] = []
_AUDITED: dict[tuple[str, ...], dict[str, list[tuple[int, str, str]]]] = {}
Row = TypeVar("Row", str, tuple[str, int])


def _error_rows(rows: list[Row], head: str = "") -> list[Row]:
    _ERROR_FORKS.extend(TABLE + head + (row if isinstance(row, str) else row[0]) for row in rows)
    return rows


def rows_among_errors(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str, str]]:
    """``rows`` of ``body``'s module, from the one audit of every error row's module side by side."""
    forks = tuple(dict.fromkeys(_ERROR_FORKS))
    if forks not in _AUDITED:
        paths = {text: f"vllm/aeon/budgets_{number}.py" for number, text in enumerate(forks)}
        ours = {path: text for text, path in paths.items()}
        sides = s.merge_case(git_repo, {PROTOCOL: BASE_TEXT}, ours, [(SUBJECT, {PROTOCOL: UPSTREAM_TEXT})])
        every = s.rule_rows(git_repo, no_rules, sides, KEY_DRIFT)
        assert all(path in ours for path, _, _, _ in every), every
        _AUDITED[forks] = {
            text: [(line, severity, message) for at, line, severity, message in every if at == path]
            for text, path in paths.items()
        }
    return _AUDITED[forks][TABLE + body]


@pytest.mark.parametrize(
    "body",
    _error_rows(
        [
            "def aeon_budget(request) -> int:\n    return _BUDGETS[request.reasoning_effort]\n",
            "def aeon_loud(request) -> int:\n    return _LOUD[request.verbosity]\n",
            "def aeon_budget(self) -> int:\n    return _BUDGETS[self.request.reasoning_effort] + 1\n",
        ],
    ),
    ids=["inline Literal", "an alias of the file under Optional", "a chained receiver"],
)
def test_a_fork_table_covering_the_old_choices_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(line, severity, message)] = rows_among_errors(git_repo, no_rules, body)
    assert (line, severity) == (6, "error")
    assert "'max'" in message and "#40982" in message


@pytest.mark.parametrize(
    "body",
    [
        # .get with a default
        "def aeon_budget(request) -> int:\n    return _BUDGETS.get(request.reasoning_effort, 0)\n",
        # a membership test first
        "def aeon_budget(request) -> int:\n    if request.reasoning_effort not in _BUDGETS:\n        return 0\n"
        "    return _BUDGETS[request.reasoning_effort]\n",
        # KeyError caught
        "def aeon_budget(request) -> int:\n    try:\n        return _BUDGETS[request.reasoning_effort]\n"
        "    except KeyError:\n        return 0\n",
        # a table that never covered the field (no "none")
        '_PART = {"low": 1, "medium": 2, "high": 3}\n\n\n'
        "def aeon_budget(request) -> int:\n    return _PART[request.reasoning_effort]\n",
        # a table the fork grows itself
        '_BUDGETS["max"] = 65536\n\n\n'
        "def aeon_budget(request) -> int:\n    return _BUDGETS[request.reasoning_effort]\n",
        # a field upstream did not widen
        '_ROLES = {"user": 1}\n\n\ndef aeon_role(request) -> int:\n    return _ROLES[request.role]\n',
    ],
    ids=[".get", "membership tested", "KeyError caught", "old choices not covered", "grown by the fork", "kept"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


MATCH = (
    "def aeon_budget(request) -> int:\n"
    "    match request.reasoning_effort:\n"
    '        case "none" | "low":\n'
    "            return 0\n"
    '        case "medium" | "high":\n'
    "            return 1\n"
    "        case _:\n"
    '            raise ValueError("unknown effort")\n'
)
CHAIN = (
    "def aeon_budget(request) -> int:\n"
    "    effort = request.reasoning_effort\n"
    '    if effort == "none":\n'
    "        return 0\n"
    '    elif effort in ("low", "medium") or effort == "high":\n'
    "        return 1\n"
    "    else:\n"
    "        raise NotImplementedError(effort)\n"
)


@pytest.mark.parametrize(
    ("body", "line"),
    _error_rows(
        [
            (MATCH, 12),
            (CHAIN, 12),
            (
                'def aeon_check(request) -> None:\n    assert request.reasoning_effort in ("none", "low", "medium", "high")\n',
                6,
            ),
        ],
    ),
    ids=["a match whose default raises", "an if/elif chain on a local whose else raises", "an assert of membership"],
)
def test_a_dispatch_naming_every_old_choice_that_fails_on_others_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    [(at, severity, message)] = rows_among_errors(git_repo, no_rules, body)
    assert (at, severity) == (line, "error")
    assert "'max'" in message and "#40982" in message


@pytest.mark.parametrize(
    "body",
    [
        # the default answers
        MATCH.replace('raise ValueError("unknown effort")', "return 2"),
        CHAIN.replace("raise NotImplementedError(effort)", "return 2"),
        # an old choice not named: the dispatch never covered the field
        MATCH.replace('"none" | "low"', '"low"'),
        CHAIN.replace('effort == "none"', 'effort == "minimal"'),
        # the new choice already named
        'def aeon_check(request) -> None:\n    assert request.reasoning_effort in ("none", "low", "medium", "high", "max")\n',
        # a chain testing two subjects
        CHAIN.replace('or effort == "high"', 'or request.role == "high"'),
    ],
    ids=[
        "match default answers",
        "chain else answers",
        "match misses an old choice",
        "chain misses one",
        "assert has it",
        "two subjects",
    ],
)
def test_dispatches_that_handle_the_new_choices_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # the new choice routed elsewhere by an equality test first (#44283's system role, #36238's "none")
        "def aeon_budget(request) -> int:\n"
        '    if request.reasoning_effort == "max":\n        return 65536\n'
        "    return _BUDGETS[request.reasoning_effort]\n",
        # the new choices tested in a tuple first
        "def aeon_budget(request) -> int:\n"
        '    if request.reasoning_effort in ("max",):\n        return 65536\n'
        "    return _BUDGETS[request.reasoning_effort]\n",
        # a membership test of the table's keys()
        "def aeon_budget(request) -> int:\n"
        "    if request.reasoning_effort not in _BUDGETS.keys():\n        return 0\n"
        "    return _BUDGETS[request.reasoning_effort]\n",
        # only the old choices let through, in an if
        "def aeon_budget(request) -> int:\n"
        '    if request.reasoning_effort in ("low", "high") and request.stream:\n'
        "        return _BUDGETS[request.reasoning_effort]\n    return 0\n",
        # only the old choices let through, in a comprehension's condition
        "def aeon_budgets(requests) -> list[int]:\n"
        '    return [_BUDGETS[r.reasoning_effort] for r in requests if r.reasoning_effort in ("low", "high")]\n',
        # a match arm of old choices
        "def aeon_budget(request) -> int:\n    match request.reasoning_effort:\n"
        '        case "low" | "high":\n            return _BUDGETS[request.reasoning_effort]\n'
        "        case _:\n            return 0\n",
        # the table grown by |=
        '_BUDGETS |= {"max": 65536}\n\n\n'
        "def aeon_budget(request) -> int:\n    return _BUDGETS[request.reasoning_effort]\n",
        # the function's own table of the name
        "def aeon_budget(request) -> int:\n"
        '    _BUDGETS = {"none": 0, "low": 1, "medium": 2, "high": 3, "max": 4}\n'
        "    return _BUDGETS[request.reasoning_effort]\n",
        # a receiver annotated with the fork's own class
        "class AeonTier:\n    reasoning_effort: str = 'low'\n\n\n"
        "def aeon_budget(tier: AeonTier) -> int:\n    return _BUDGETS[tier.reasoning_effort]\n",
        # a receiver built by another class
        "def aeon_budget() -> int:\n    tier = AeonTier()\n    return _BUDGETS[tier.reasoning_effort]\n",
        # self in the fork's class declaring the field
        "class AeonTier:\n    reasoning_effort: str = 'low'\n\n"
        "    def budget(self) -> int:\n        return _BUDGETS[self.reasoning_effort]\n",
    ],
    ids=[
        "== a new choice",
        "in a tuple of new choices",
        "in keys()",
        "kept to old choices by an if",
        "kept by a comprehension's condition",
        "a match arm of old choices",
        "grown by |=",
        "a local table",
        "annotated with another class",
        "built by another class",
        "self of a class declaring the field",
    ],
)
def test_fork_code_handling_the_choices_or_another_class_stays_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    _error_rows(
        [
            # a test of an old choice that keeps nothing from the lookup
            "def aeon_budget(request) -> int:\n"
            '    if request.reasoning_effort == "high":\n        request.stream = False\n'
            "    return _BUDGETS[request.reasoning_effort]\n",
            # None tested, the new choices not
            "def aeon_budget(request) -> int:\n"
            "    return 0 if request.reasoning_effort is None else _BUDGETS[request.reasoning_effort]\n",
            # a receiver annotated with the widened class, or a class of the file deriving from it
            "class AeonRequest(ChatCompletionRequest):\n    pass\n\n\n"
            "def aeon_budget(request: AeonRequest | None) -> int:\n    return _BUDGETS[request.reasoning_effort]\n",
            # self in a subclass of the widened class
            "class AeonRequest(ChatCompletionRequest):\n"
            "    def budget(self) -> int:\n        return _BUDGETS[self.reasoning_effort]\n",
            # parsed arguments: a bag a parser fills from the field's choices says nothing of its class
            "def aeon_budget(args: argparse.Namespace) -> int:\n    return _BUDGETS[args.reasoning_effort]\n",
        ],
        IMPORTS,
    ),
    ids=["an old choice tested apart", "None tested", "annotated with a subclass", "self of a subclass", "Namespace"],
)
def test_lookups_the_new_choices_still_reach_stay_errors(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    found = rows_among_errors(git_repo, no_rules, IMPORTS + body)
    assert [severity for _, severity, _ in found] == ["error"]


def test_a_fork_subclass_narrowing_the_field_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's request class declares the field again with its table's choices: requests it validates hold
    those only."""
    body = (
        "from typing import Literal\n\n"
        "from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest\n\n\n"
        "class AeonRequest(ChatCompletionRequest):\n"
        '    reasoning_effort: Literal["none", "low", "medium", "high"] | None = None\n\n'
        "    def budget(self) -> int:\n        return _BUDGETS[self.reasoning_effort]\n\n\n"
        "def aeon_budget(request: AeonRequest) -> int:\n    return _BUDGETS[request.reasoning_effort]\n"
    )
    assert rows(git_repo, no_rules, body) == []


def test_the_field_set_by_the_fork_before_the_lookup_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork clamps the new choices onto old ones in the request first: the value looked up is its own."""
    body = (
        '_CLAMP = {"max": "high"}\n\n\n'
        "def aeon_budget(request) -> int:\n"
        "    request.reasoning_effort = _CLAMP.get(request.reasoning_effort, request.reasoning_effort)\n"
        "    return _BUDGETS[request.reasoning_effort]\n"
    )
    assert rows(git_repo, no_rules, body) == []


def _in_try(dispatch: str, caught: str) -> str:
    """The dispatch's body moved into a ``try`` whose handler answers."""
    head, body = dispatch.split("\n", 1)
    inner = "".join("    " + line + "\n" for line in body.splitlines())
    return f"{head}\n    try:\n{inner}    except {caught}:\n        return 3\n"


@pytest.mark.parametrize(
    "body",
    [
        # the new choice answered by an earlier test that leaves the block
        CHAIN.replace("    if effort ==", '    if effort == "max":\n        return 3\n    if effort ==', 1),
        # choices the fork does not know turned away before the match
        MATCH.replace(
            "    match",
            '    if request.reasoning_effort not in ("none", "low", "medium", "high"):\n        return 3\n    match',
        ),
        # a method of the value tested first (a new family by its prefix)
        CHAIN.replace("    if effort ==", '    if effort.startswith("ma"):\n        return 3\n    if effort ==', 1),
        # the failure caught around the dispatch
        _in_try(MATCH, "ValueError"),
        _in_try(CHAIN, "Exception"),
        # another object's field of the name: typed as the fork's own class, or self of its own class
        MATCH.replace("def aeon_budget(request)", "def aeon_budget(request: AeonPlan)"),
        "class AeonPlan:\n    reasoning_effort: str = 'low'\n\n"
        "    def check(self) -> None:\n"
        '        assert self.reasoning_effort in ("none", "low", "medium", "high")\n',
        # the value the function stored itself
        "def aeon_pin(request, fast: bool) -> None:\n"
        '    request.reasoning_effort = "low" if fast else "high"\n'
        '    assert request.reasoning_effort in ("none", "low", "medium", "high")\n',
    ],
    ids=[
        "new choice answered first",
        "not in turned away first",
        "prefix tested first",
        "match in a try",
        "chain in a try catching Exception",
        "typed as the fork's class",
        "self of the fork's class",
        "value stored first",
    ],
)
def test_dispatches_that_never_fail_on_a_new_choice_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    _error_rows(
        [
            # an earlier test that answers no new choice
            CHAIN.replace("    if effort ==", "    if effort is None:\n        return 0\n    if effort ==", 1),
            CHAIN.replace(
                "    if effort ==",
                '    if effort == "low" and not request.role:\n        return 0\n    if effort ==',
                1,
            ),
            # a try catching another failure
            _in_try(MATCH, "KeyError"),
            # a parameter typed as the class the field widened on
            MATCH.replace("def aeon_budget(request)", "def aeon_budget(request: ChatCompletionRequest | None)"),
        ],
    ),
    ids=["a None test first", "an old choice tested first", "a try catching KeyError", "typed as the class"],
)
def test_dispatches_still_failing_on_a_new_choice_stay_errors(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    found = rows_among_errors(git_repo, no_rules, body)
    assert [severity for _, severity, _ in found] == ["error"] and "'max'" in found[0][2]


def test_a_dispatch_on_the_field_a_fork_class_copied_onto_itself_stays_an_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    body = (
        "class AeonLayer:\n"
        "    def __init__(self, request) -> None:\n"
        "        self.reasoning_effort = request.reasoning_effort\n\n"
        "    def check(self) -> None:\n"
        '        assert self.reasoning_effort in ("none", "low", "medium", "high")\n'
    )
    assert [severity for _, severity, _ in rows(git_repo, no_rules, body)] == ["error"]


def test_an_annotation_opened_at_its_line_end_is_still_read(git_repo: GitRepo, no_rules: Path) -> None:
    """The field's ``Literal`` on the lines below its name: the gate passes the file for the field's own line."""
    spread = "    reasoning_effort: Optional[\n        Literal[{}]\n    ] = None\n"
    old = spread.format('"none", "low", "medium", "high"')
    new = spread.format('"none", "low", "medium", "high", "max"')
    line = '    reasoning_effort: Literal["none", "low", "medium", "high"] | None = None\n'
    base, upstream = BASE_TEXT.replace(line, old), BASE_TEXT.replace(line, new)
    body = "def aeon_budget(request) -> int:\n    return _BUDGETS[request.reasoning_effort]\n"
    sides = s.merge_case(git_repo, {PROTOCOL: base}, {FORK: TABLE + body}, [(SUBJECT, {PROTOCOL: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, KEY_DRIFT)
    assert [(line, severity) for path, line, severity, _ in found if path == FORK] == [(6, "error")]


def test_files_no_widened_field_can_come_from_are_not_parsed(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file new upstream had no choices to widen, and an alias widened in a file whose fields' lines name
    nothing a fork line holds types no field the fork reads: neither is parsed (perf24: 6 files, 10 parses, at
    500 bench commits), and the field the fork reads is still found."""
    from aeon_release.domain.audits.drift import widened_literals

    parsed: list[str] = []
    real = widened_literals.parsed_texts

    def recording(trees: object, paths: list[str], keep: object) -> object:
        for both in real(trees, paths, keep):  # type: ignore[arg-type]
            parsed.append(both.path)
            yield both

    monkeypatch.setattr(widened_literals, "parsed_texts", recording)
    fresh, aliased = "vllm/entrypoints/fresh.py", "vllm/entrypoints/aliased.py"
    # the fresh file's field is one the fork reads (only the file's absence at the base tells), the aliased
    # file's one it does not
    modes = 'from typing import Literal\n\nMode = Literal[{}]\n\n\nclass Job:\n    {}: Mode = "a"\n'
    body = (
        "def aeon_budget(request, job) -> int:\n    return _BUDGETS[request.reasoning_effort] + _LOUD[job.verbosity]\n"
    )
    sides = s.merge_case(
        git_repo,
        {PROTOCOL: BASE_TEXT, aliased: modes.format('"a"', "kind")},
        {FORK: TABLE + body},
        [
            (
                SUBJECT,
                {
                    PROTOCOL: UPSTREAM_TEXT,
                    aliased: modes.format('"a", "b"', "kind"),
                    fresh: modes.format('"a", "b"', "verbosity"),
                },
            )
        ],
    )
    found = s.rule_rows(git_repo, no_rules, sides, KEY_DRIFT)
    assert [(line, severity) for path, line, severity, _ in found if path == FORK] == [(6, "error"), (6, "error")]
    assert parsed == [PROTOCOL]


def test_every_field_the_literal_gate_names_starts_a_line_the_field_gate_reads() -> None:
    """perf24: the keep asks ``_FIELD_NAME`` first and stops when no name it reads is a fork word, which drops no
    text ``_FIELD_LITERAL`` would keep only if each name that one reads the other reads too (4,000 random texts)."""
    import random

    from aeon_release.domain.audits.drift import widened_literals as w

    pieces = [" ", "\t", "    ", "a", "mode", "_x", ":", " : ", "Literal[", "Literal", "typing.Literal[", "]", "=", "\n",
              "\r", "|", "None", "'a'", "#", "(", "Optional[", "x: int", "\n    ", "\n\t"]  # fmt: skip
    rng = random.Random(24)
    seen = 0
    for _ in range(4_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 40)))
        literal = {m.group(1) for m in w._FIELD_LITERAL.finditer(text)}
        assert literal <= {m.group(1) for m in w._FIELD_NAME.finditer(text)}, text
        seen += bool(literal)
    assert seen > 100  # the random texts do spell fields typed by a Literal


# killers164, #45187 (1c94e8dc7d): ``CacheDType`` spelt one choice a line gained ``"nvfp4_4over6"`` by one added line
# holding only the new choice -- no added line names ``Literal[``.
SPELT_DOWN = "vllm/config/spelt.py"
SPELT_BASE = (
    'from typing import Literal\n\nKvDType = Literal[\n    "auto",\n    "fp8",\n    "nvfp4",\n]\n\n\n'
    'class KvConfig:\n    cache_dtype: KvDType = "auto"\n    mode: Literal[\n        1,\n        2,\n    ] = 1\n'
    '    names: tuple = (\n        "x",\n    )\n'
)
SPELT_SUBJECT = "Add NVFP4 KV 4-over-6 scale search (#45187)"
SPELT_IMPORT = "from vllm.config.spelt import KvConfig\n\n"
SPELT_TABLES = '_BITS = {"auto": 16, "fp8": 8, "nvfp4": 4}\n_LANES = {1: "one", 2: "two"}\n\n\n'


def spelt_rows(git_repo: GitRepo, no_rules: Path, upstream: str, body: str) -> list[tuple[int, str]]:
    fork = SPELT_IMPORT + SPELT_TABLES + body
    sides = s.merge_case(git_repo, {SPELT_DOWN: SPELT_BASE}, {FORK: fork}, [(SPELT_SUBJECT, {SPELT_DOWN: upstream})])
    return [(line, sev) for path, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, KEY_DRIFT) if path == FORK]


@pytest.mark.parametrize(
    ("upstream", "body"),
    [
        # an alias's new choice on a line of its own
        (
            SPELT_BASE.replace('    "nvfp4",\n', '    "nvfp4",\n    "nvfp4_4over6",\n'),
            "def aeon_bits(config: KvConfig) -> int:\n    return _BITS[config.cache_dtype]\n",
        ),
        # an inline field's Literal spelt down the lines, an int choice, with a comment
        (
            SPELT_BASE.replace("        2,\n", "        2,\n        3,  # the third lane\n"),
            "def aeon_lane(config: KvConfig) -> str:\n    return _LANES[config.mode]\n",
        ),
    ],
    ids=["an alias's choice line", "an inline field's int choice line"],
)
def test_a_choice_added_on_a_line_of_its_own_is_an_error(
    git_repo: GitRepo, no_rules: Path, upstream: str, body: str
) -> None:
    assert spelt_rows(git_repo, no_rules, upstream, body) == [(8, "error")]


@pytest.mark.parametrize(
    ("upstream", "body"),
    [
        # a constant line added to a tuple that is no Literal
        (
            SPELT_BASE.replace('        "x",\n', '        "x",\n        "y",\n'),
            "def aeon_bits(config: KvConfig) -> int:\n    return _BITS[config.cache_dtype]\n",
        ),
        # the new choice's line added, the fork's lookup a .get
        (
            SPELT_BASE.replace('    "nvfp4",\n', '    "nvfp4",\n    "nvfp4_4over6",\n'),
            "def aeon_bits(config: KvConfig) -> int:\n    return _BITS.get(config.cache_dtype, 16)\n",
        ),
        # a choice's line removed and another added: no widening
        (
            SPELT_BASE.replace('    "fp8",\n', '    "fp8_e4m3",\n'),
            "def aeon_bits(config: KvConfig) -> int:\n    return _BITS[config.cache_dtype]\n",
        ),
    ],
    ids=["a tuple's line", ".get", "a choice swapped"],
)
def test_a_constant_line_that_widens_nothing_the_fork_indexes_stays_quiet(
    git_repo: GitRepo, no_rules: Path, upstream: str, body: str
) -> None:
    assert spelt_rows(git_repo, no_rules, upstream, body) == []
