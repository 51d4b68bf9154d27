"""Unioned classes (drift/unioned_classes.py): #27516 turned ``class ClassificationRequest`` into a ``TypeAlias``
of two request classes; a fork's call of it, class deriving from it, or class attribute read off it raises."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PROTOCOL = "vllm/entrypoints/openai/protocol.py"
BASE_TEXT = """from typing import TypeAlias


class OpenAIBaseModel:
    @classmethod
    def model_validate(cls, data):
        return cls()


class ClassificationRequest(OpenAIBaseModel):
    model: str | None = None


class ScoreRequest(OpenAIBaseModel):
    model: str | None = None


class Flags:
    READ = 1
"""
UPSTREAM_TEXT = """from typing import Annotated, TypeAlias, Union


class OpenAIBaseModel:
    @classmethod
    def model_validate(cls, data):
        return cls()


class ClassificationCompletionRequest(OpenAIBaseModel):
    model: str | None = None


class ClassificationChatRequest(OpenAIBaseModel):
    model: str | None = None


ClassificationRequest: TypeAlias = (
    ClassificationCompletionRequest | ClassificationChatRequest
)


class ScoreTextRequest(OpenAIBaseModel):
    model: str | None = None


ScoreRequest = Annotated[Union[ScoreTextRequest, ClassificationChatRequest], "scores"]
READ = 1
WRITE = 2
Flags = READ | WRITE
"""
SUBJECT = "[Frontend] Added chat-style multimodal support to /classify. (#27516)"
FORK = "vllm/aeon/classify.py"
HEAD = (
    "from vllm.entrypoints.openai import protocol\nfrom vllm.entrypoints.openai.protocol import ClassificationRequest\n"
)


def rows(git_repo: GitRepo, no_rules: Path, text: str, upstream: str = UPSTREAM_TEXT) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {PROTOCOL: BASE_TEXT}, {FORK: text}, [(SUBJECT, {PROTOCOL: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT)
    return [(line, severity, message) for path, line, severity, message in found if path == FORK]


UNION_USES = [
    ("def aeon_make(model: str):\n    return ClassificationRequest(model=model)\n", "calls"),
    ("class AeonRequest(ClassificationRequest):\n    tenant: str | None = None\n", "derives from"),
    ("def aeon_parse(body: dict):\n    return ClassificationRequest.model_validate(body)\n", "reads"),
    ("def aeon_make(model: str):\n    return protocol.ClassificationRequest(model=model)\n", "calls"),
    ("def aeon_score(model: str):\n    return protocol.ScoreRequest(model=model)\n", "calls"),
]
# The rows' modules side by side: one merge and one audit of the five a process (suitespeed11).
UNION_FORKS = {FORK.replace(".py", f"_{n}.py"): HEAD + "\n\n" + use for n, (use, _) in enumerate(UNION_USES)}


@pytest.mark.parametrize(
    ("use", "verb"),
    UNION_USES,
    ids=["a call", "a subclass", "a classmethod off it", "a call off the module", "Annotated over Union[...]"],
)
def test_a_use_of_a_class_upstream_made_a_union_is_an_error(
    git_repo: GitRepo, no_rules: Path, use: str, verb: str
) -> None:
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {PROTOCOL: UPSTREAM_TEXT})]
    found = s.audited_side_by_side(git_repo, no_rules, {PROTOCOL: BASE_TEXT}, UNION_FORKS, upstream, TYPE_DRIFT)
    path = next(p for p, text in UNION_FORKS.items() if text == HEAD + "\n\n" + use)
    [(line, severity, message)] = [(f.line, f.severity.value, f.message) for f in found[path]]
    assert (line, severity) == (5 if use.startswith("class") else 6, "error")
    assert f"code {verb} " in message and "turned from a class into the union" in message and "#27516" in message


@pytest.mark.parametrize(
    "use",
    [
        # an annotation, a field every member has, an isinstance test (a union is a valid second argument)
        "def aeon_model(request: ClassificationRequest) -> str:\n"
        "    assert isinstance(request, ClassificationRequest)\n"
        "    return request.model or ''\n",
        # the member classes' own names, a dunder off the union
        "from vllm.entrypoints.openai.protocol import ClassificationChatRequest\n\n\n"
        "def aeon_make(model: str):\n"
        "    assert ClassificationRequest.__args__\n"
        "    return ClassificationChatRequest(model=model)\n",
        # the call under except TypeError
        "def aeon_make(model: str):\n    try:\n        return ClassificationRequest(model=model)\n"
        "    except TypeError:\n        return None\n",
        # the call under an if asking about the name
        "def aeon_make(model: str):\n    if isinstance(ClassificationRequest, type):\n"
        "        return ClassificationRequest(model=model)\n    return None\n",
        # a parameter of the name
        "def aeon_make(model: str, ClassificationRequest: type):\n    return ClassificationRequest(model=model)\n",
    ],
    ids=["annotation and isinstance", "member class and dunder", "except TypeError", "asked first", "a parameter"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, use: str) -> None:
    assert rows(git_repo, no_rules, HEAD + "\n\n" + use) == []


def test_a_flag_combination_and_a_fork_rebinding_stay_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``Flags = READ | WRITE`` is no union of classes; a fork file that binds the name to a member class itself
    calls its own."""
    text = (
        "from vllm.entrypoints.openai.protocol import ClassificationCompletionRequest, Flags\n"
        "from vllm.entrypoints.openai.protocol import ClassificationRequest\n\n"
        "ClassificationRequest = ClassificationCompletionRequest  # noqa: F811\n\n\n"
        "def aeon_make(model: str):\n    return ClassificationRequest(model=model), Flags()\n"
    )
    assert rows(git_repo, no_rules, text) == []


@pytest.mark.parametrize(
    "text",
    [
        # the member imported under the old name in a try, the old import in its ImportError handler
        "try:\n"
        "    from vllm.entrypoints.openai.protocol import ClassificationCompletionRequest as ClassificationRequest\n"
        "except ImportError:\n"
        "    from vllm.entrypoints.openai.protocol import ClassificationRequest\n\n\n"
        "def aeon_make(model: str):\n    return ClassificationRequest(model=model)\n",
        # hasattr of the module's new member first, the old call off the module after it
        "from vllm.entrypoints.openai import protocol\n\n\n"
        "def aeon_make(model: str):\n"
        '    if hasattr(protocol, "ClassificationCompletionRequest"):\n'
        "        return protocol.ClassificationCompletionRequest(model=model)\n"
        "    return protocol.ClassificationRequest(model=model)\n",
        # the same test in an if/else, the name imported from the module
        HEAD + "\n\ndef aeon_make(model: str):\n"
        '    if hasattr(protocol, "ClassificationCompletionRequest"):\n'
        "        return protocol.ClassificationCompletionRequest(model=model)\n"
        "    else:\n        return ClassificationRequest(model=model)\n",
    ],
    ids=["the member tried first", "hasattr of the module first", "hasattr in an if/else"],
)
def test_the_fork_choosing_the_member_where_upstream_has_it_stays_quiet(
    git_repo: GitRepo, no_rules: Path, text: str
) -> None:
    assert rows(git_repo, no_rules, text) == []


@pytest.mark.parametrize(
    "text",
    [
        # the old name tried first: the import succeeds (the union imports), the handler's member never binds
        "try:\n"
        "    from vllm.entrypoints.openai.protocol import ClassificationRequest\n"
        "except ImportError:\n"
        "    from vllm.entrypoints.openai.protocol import ClassificationCompletionRequest as ClassificationRequest\n\n\n"
        "def aeon_make(model: str):\n    return ClassificationRequest(model=model)\n",
        # hasattr of another object, not the module
        HEAD + "\n\ndef aeon_make(model: str, app):\n"
        '    if hasattr(app, "classify"):\n        return app.classify(model)\n'
        "    return ClassificationRequest(model=model)\n",
    ],
    ids=["the old name tried first", "hasattr of another object"],
)
def test_the_old_name_where_it_still_runs_stays_an_error(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert [severity for _, severity, _ in rows(git_repo, no_rules, text)] == ["error"]


FLAG = (
    "try:\n"
    "    from vllm.entrypoints.openai.protocol import ClassificationCompletionRequest\n\n"
    "    HAS_CHAT_CLASSIFY = True\n"
    "except ImportError:\n"
    "    HAS_CHAT_CLASSIFY = False\n\n\n"
)


def test_the_old_use_where_an_import_flag_of_the_module_is_false_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """A flag the file sets from the member's import succeeding: where it is false, the path for older upstreams."""
    text = (
        HEAD + FLAG + "def aeon_make(model: str):\n    if HAS_CHAT_CLASSIFY:\n"
        "        return ClassificationCompletionRequest(model=model)\n"
        "    return ClassificationRequest(model=model)\n\n\n"
        "def aeon_make_old(model: str):\n    if not HAS_CHAT_CLASSIFY:\n"
        "        return ClassificationRequest(model=model)\n    return None\n"
    )
    assert rows(git_repo, no_rules, text) == []


def test_the_old_use_where_the_import_flag_is_true_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        HEAD
        + FLAG
        + "def aeon_make(model: str):\n    if HAS_CHAT_CLASSIFY:\n        return ClassificationRequest(model=model)\n"
    )
    assert [severity for _, severity, _ in rows(git_repo, no_rules, text)] == ["error"]


def test_a_test_expecting_the_error_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "import pytest\n\n" + HEAD + "\n\ndef aeon_test_no_class() -> None:\n    with pytest.raises(TypeError):\n"
        "        ClassificationRequest(model='m')\n    with pytest.raises(AttributeError):\n"
        "        ClassificationRequest.model_validate({})\n"
    )
    assert rows(git_repo, no_rules, text) == []


ACCENTED_BASE = "class Base:\n    pass\n\n\nclass Pedidó(Base):\n    pass\n"
ACCENTED_UPSTREAM = (
    "class Base:\n    pass\n\n\nclass PedidoTexto(Base):\n    pass\n\n\nclass PedidoChat(Base):\n    pass\n\n\n"
    "Pedidó = PedidoTexto | PedidoChat\n"
)
ACCENTED_FORK = "from vllm.entrypoints.openai.protocol import Pedidó\n\n\ndef aeon_make():\n    return Pedidó()\n"


@pytest.mark.parametrize(
    ("base", "upstream", "fork"),
    [
        # upstream's binding spelt with a fullwidth letter: the parser folds it (NFKC) to the fork's name, which
        # the gate's \w+ does not read on the line as written
        (
            BASE_TEXT,
            UPSTREAM_TEXT.replace("ClassificationRequest: TypeAlias", "\uff23lassificationRequest: TypeAlias"),
            HEAD + "\n\ndef aeon_make(model: str):\n    return ClassificationRequest(model=model)\n",
        ),
        # a name of letters the parser keeps as written: read on the line as an ASCII name is
        (ACCENTED_BASE, ACCENTED_UPSTREAM, ACCENTED_FORK),
    ],
    ids=["a folded letter", "an accented name"],
)
def test_a_union_bound_under_a_name_outside_ascii_is_still_read(
    git_repo: GitRepo, no_rules: Path, base: str, upstream: str, fork: str
) -> None:
    sides = s.merge_case(git_repo, {PROTOCOL: base}, {FORK: fork}, [(SUBJECT, {PROTOCOL: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT)
    assert [
        (severity, "turned from a class into the union" in m) for path, _, severity, m in found if path == FORK
    ] == [("error", True)]


def test_an_added_line_of_prose_outside_ascii_is_not_parsed(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A non-ASCII character in a comment, a docstring or a string binds no name the gate would misread: the
    file is read only when an added line binds at its top level a name a fork line holds (perf24: such lines
    kept 49 parses, 1.5 MB, at 500 bench commits: most of the check's 287 ms)."""
    from aeon_release.domain.audits.drift import unioned_classes

    parsed: list[str] = []
    real = unioned_classes.parsed_texts

    def counting(trees: object, paths: list[str]) -> object:
        parsed.extend(paths)
        return real(trees, paths)  # type: ignore[arg-type]

    monkeypatch.setattr(unioned_classes, "parsed_texts", counting)
    other = "vllm/entrypoints/openai/other.py"
    prose = (
        'class A:\n    pass\n\n\nclass B:\n    """Naïve — either kind."""\n\n\n'
        'Either = A | B  # ≤ two kinds\nLABEL = "café" if Either else "é"\n'
    )
    sides = s.merge_case(
        git_repo,
        {PROTOCOL: BASE_TEXT, other: "class A:\n    pass\n"},
        {FORK: HEAD + "\n\ndef aeon_make(model: str):\n    return ClassificationRequest(model=model)\n"},
        [(SUBJECT, {PROTOCOL: UPSTREAM_TEXT, other: prose})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT)
    assert [severity for path, _, severity, _ in found if path == FORK] == ["error"]
    assert parsed == [PROTOCOL]
