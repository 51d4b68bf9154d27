"""Escaped-kind drift: a fork ``except`` of a builtin kind a callee's raise site upstream made a project class.

Shaped like #50491 (0b5b49dde8), which turned chat_utils' ``_resolve_items``' ``raise ValueError("Mixing raw
image and embedding inputs ...")`` into ``raise VLLMValidationError(...)`` (``VLLMClientError`` ->
``VLLMError`` -> ``Exception``): a fork tracker's ``try: return super().resolve_items()`` / ``except
ValueError:`` merges cleanly, the handler never runs again, and the error escapes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CHAT = "pkg/chat.py"
CHAT_BASE = """from pkg.errors import ValidationError


class Tracker:
    def resolve(self, items: dict) -> dict:
        return _resolve(items)


class AsyncTracker:
    async def resolve(self, items: dict) -> dict:
        result = await fetch(items)
        if isinstance(result, Exception):
            raise result
        return result


async def fetch(items: dict) -> dict:
    return items


def _resolve(items: dict) -> dict:
    if "image" in items and "image_embeds" in items:
        raise ValueError("mixing raw and embedded images")
    return _merge(items)


def _merge(items: dict) -> dict:
    if not items:
        raise RuntimeError("empty")
    return dict(items)


def parse(messages: list) -> dict:
    if not messages:
        raise ValueError("no messages")
    return Tracker().resolve(dict(messages))
"""
CHAT_NEW = CHAT_BASE.replace('raise ValueError("mixing', 'raise ValidationError("mixing')
ERRORS = "pkg/errors.py"
ERRORS_TEXT = """class EngineError(Exception):
    pass


class ClientError(EngineError):
    pass


class ValidationError(ClientError):
    pass


class BadValue(ValueError):
    pass
"""
SUBJECT = "[Bugfix][Frontend] Raise ValidationError for user-facing errors in chat.py (#50491)"
FORK = "pkg/aeon_chat.py"
HEAD = "# AEON: mixed raw and embedded images fall back to none\nfrom pkg.chat import Tracker\n"


def found(report: AuditReport) -> list[tuple[int, str, str]]:
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = CHAT_NEW) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {CHAT: CHAT_BASE, ERRORS: ERRORS_TEXT, "pkg/__init__.py": ""},
        {FORK: HEAD + text},
        [(SUBJECT, {CHAT: new})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


OVERRIDE = (
    "\n\nclass AeonTracker(Tracker):\n    def resolve(self, items: dict) -> dict:\n        try:\n"
    "            return super().resolve(items)\n        except {caught}:\n            return {{}}\n"
)


def test_an_override_catching_the_old_kind_through_a_helper_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = run(git_repo, no_rules, OVERRIDE.format(caught="ValueError"))
    assert (line, severity) == (9, "error")
    assert (
        "catches ValueError from _resolve() (reached from resolve()), which upstream made raise ValidationError"
        in message
    )
    assert "whose bases are ClientError, EngineError, Exception, not ValueError" in message and "#50491" in message


@pytest.mark.parametrize(
    "beside",
    [
        "\n\ndef pick(x: int) -> int:\n    return 1 if x else 2\n",
        "\n\nKEY = lambda item: item[0]\n",
        "\n\ndef pick(x: int) -> int:\n    try:\n        return 1 if x else 2\n    except TypeError:\n        return 0\n",
    ],
    ids=["conditional expression", "lambda", "conditional expression in a try"],
)
def test_a_lambda_or_conditional_expression_in_the_file_leaves_the_finding(
    git_repo: GitRepo, no_rules: Path, beside: str
) -> None:
    """A lambda's or a conditional expression's ``body`` is one expression, not a list: the walk of the trys
    around a handler tested ``child in body`` on it and raised TypeError, and the whole check was lost for
    any file holding one beside an ``except`` of a built-in kind (almost every file)."""
    rows = run(git_repo, no_rules, OVERRIDE.format(caught="ValueError") + beside)
    assert [(line, severity) for line, severity, _ in rows] == [(9, "error")], rows


MOVED_CALLS = [
    ("from pkg import chat", "chat._resolve"),
    ("import pkg.chat", "pkg.chat._resolve"),
    ("from pkg.chat import _resolve as r", "r"),
]


def _moved_call(imported: str, called: str) -> str:
    return f"{imported}\n\n\ndef aeon_items(items: dict) -> dict:\n    try:\n        return {called}(items)\n    except ValueError:\n        return {{}}\n"


@pytest.mark.parametrize(("imported", "called"), MOVED_CALLS)
def test_a_module_attribute_call_of_the_moved_def_is_an_error(
    git_repo: GitRepo, no_rules: Path, imported: str, called: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    base = {CHAT: CHAT_BASE, ERRORS: ERRORS_TEXT, "pkg/__init__.py": ""}
    bodies = [HEAD + _moved_call(*row) for row in MOVED_CALLS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {CHAT: CHAT_NEW})]
    text = HEAD + _moved_call(imported, called)
    _, rows = s.audited_row(git_repo, no_rules, base, bodies, text, upstream, RULE, "pkg")
    [(line, severity)] = [(f.line, f.severity.value) for f in rows]
    assert (line, severity) == (9, "error")


@pytest.mark.parametrize(
    "text",
    [
        # parse() still raises ValueError itself: part of what is caught escapes
        "from pkg.chat import parse\n\n\ndef aeon_parse(m: list) -> dict:\n    try:\n        return parse(m)\n    except ValueError:\n        return {}\n",
        # a receiver the check cannot tell: the async tracker re-raises whatever it fetched
        "\n\ndef aeon_items(tracker: Tracker, items: dict) -> dict:\n    try:\n        return tracker.resolve(items)\n    except ValueError:\n        return {}\n",
    ],
)
def test_a_partial_escape_is_a_warning(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    [(_, severity, message)] = run(git_repo, no_rules, text)
    assert severity == "warning" and "part of what this except caught escapes now" in message


@pytest.mark.parametrize(
    "caught",
    [
        "(ValueError, ValidationError)",
        "(ValueError, ClientError)",
        "Exception",
        "RuntimeError",
        "ValueError, EngineError",
    ],
)
def test_twins_catching_the_new_class_or_another_kind_stay_quiet(
    git_repo: GitRepo, no_rules: Path, caught: str
) -> None:
    if caught == "ValueError, EngineError":  # a sibling handler of a base of the new class
        text = OVERRIDE.format(caught="ValueError").replace(
            "            return {}\n", "            return {}\n        except EngineError:\n            return {}\n", 1
        )
    else:
        text = OVERRIDE.format(caught=caught)
    assert run(git_repo, no_rules, text) == []


@pytest.mark.parametrize("kind", ["BadValue", "UnknownError"])
def test_a_class_deriving_from_the_kind_or_unknown_stays_quiet(git_repo: GitRepo, no_rules: Path, kind: str) -> None:
    # BadValue is a ValueError; UnknownError is defined nowhere upstream (a library's class may derive from it)
    new = CHAT_BASE.replace('raise ValueError("mixing', f'raise {kind}("mixing').replace(
        "import ValidationError", f"import ValidationError, {kind}" if kind == "BadValue" else "import ValidationError"
    )
    assert run(git_repo, no_rules, OVERRIDE.format(caught="ValueError"), new) == []


# twins of a reviewer's false errors (killers91's merge): the call, the override, the handlers around it
OWN_HEAD = "# AEON: fork helpers\n"

# an upstream shape with a method helper (like the tracker's _resolve_items) and no async re-raise
TRACK_BASE = """from pkg.errors import ValidationError


class Tracker:
    def resolve_items(self, items: dict) -> dict:
        return self._resolve_items(items)

    def _resolve_items(self, items: dict) -> dict:
        if "image" in items and "image_embeds" in items:
            raise ValueError("mixing raw and embedded images")
        return dict(items)
"""
TRACK_NEW = TRACK_BASE.replace('raise ValueError("mixing', 'raise ValidationError("mixing')
TRACK = "pkg/tracker.py"


def run_own(
    git_repo: GitRepo, no_rules: Path, text: str, base: dict | None = None, new: dict | None = None
) -> list[tuple[int, str, str]]:
    """A fork file with no import of upstream's tracker (the cases name their own imports)."""
    sides = s.merge_case(
        git_repo,
        {**(base or {CHAT: CHAT_BASE}), ERRORS: ERRORS_TEXT, "pkg/__init__.py": ""},
        {FORK: OWN_HEAD + text},
        [(SUBJECT, new or {CHAT: CHAT_NEW})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


COLLISIONS = {
    # the fork's own def of the same name, in its own file: nothing of upstream's is called
    "own_def_same_name": (
        "\n\ndef _resolve(items: dict) -> dict:\n    return {k: int(v) for k, v in items.items()}\n\n\n"
        "def aeon_items(items: dict) -> dict:\n    try:\n        return _resolve(items)\n    except ValueError:\n        return {}\n"
    ),
    # an unrelated receiver (json-ish parser of the fork's) sharing the method name _resolve
    "other_receiver": (
        "\n\nclass Units:\n    def _resolve(self, text: str) -> int:\n        return int(text)\n\n\n"
        "def size(units: Units, text: str) -> int:\n    try:\n        return units._resolve(text)\n    except ValueError:\n        return 0\n"
    ),
    # an unrelated library's function with the same simple name
    "library_same_name": (
        "import mylib\n\n\ndef aeon_items(text: str) -> dict:\n    try:\n        return mylib._resolve(text)\n    except ValueError:\n        return {}\n"
    ),
}


@pytest.mark.parametrize("name", sorted(COLLISIONS))
def test_a_same_named_def_not_upstreams_is_no_error(git_repo: GitRepo, no_rules: Path, name: str) -> None:
    # the fork's own def is quiet; a receiver the check cannot tie to upstream's def at most warns
    rows = run_own(git_repo, no_rules, COLLISIONS[name])
    assert [r for r in rows if r[1] == "error"] == [] and (name != "own_def_same_name" or rows == [])


def test_fork_override_of_the_moved_method_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    # the fork overrides _resolve_items (still raising ValueError); super().resolve_items() dispatches to it
    text = (
        "from pkg.tracker import Tracker\n\n\nclass AeonTracker(Tracker):\n"
        "    def _resolve_items(self, items: dict) -> dict:\n"
        "        if 'image' in items and 'image_embeds' in items:\n            raise ValueError('mixed')\n"
        "        return dict(items)\n\n"
        "    def resolve_items(self, items: dict) -> dict:\n        try:\n            return super().resolve_items(items)\n"
        "        except ValueError:\n            return {}\n"
    )
    assert run_own(git_repo, no_rules, text, base={TRACK: TRACK_BASE}, new={TRACK: TRACK_NEW}) == []


def test_an_aliased_sibling_handler_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "from pkg.chat import _resolve\nfrom pkg.errors import ValidationError as VE\n\n\n"
        "def aeon_items(items: dict) -> dict:\n    try:\n        return _resolve(items)\n"
        "    except VE:\n        return {}\n    except ValueError:\n        return {}\n"
    )
    assert run_own(git_repo, no_rules, text) == []


def test_an_outer_handler_of_the_new_class_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "from pkg.chat import _resolve\nfrom pkg.errors import ValidationError\n\n\n"
        "def aeon_items(items: dict) -> dict:\n    try:\n        try:\n            return _resolve(items)\n"
        "        except ValueError:  # older upstreams\n            return {}\n"
        "    except ValidationError:\n        return {}\n"
    )
    assert run_own(git_repo, no_rules, text) == []


def test_a_dropped_check_plus_a_new_unrelated_raise_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # upstream dropped the ValueError check (mixing now supported) and added an unrelated ValidationError
    new = CHAT_BASE.replace(
        '    if "image" in items and "image_embeds" in items:\n        raise ValueError("mixing raw and embedded images")\n',
        '    if "audio" in items:\n        raise ValidationError("audio is not supported")\n',
    )
    text = (
        "from pkg.chat import _resolve\n\n\ndef aeon_items(items: dict) -> dict:\n    try:\n        return _resolve(items)\n"
        "    except ValueError:\n        return {}\n"
    )
    [(_, severity, _)] = run_own(git_repo, no_rules, text, new={CHAT: new})
    assert severity == "warning"


# revG (second pass): false errors mended by fixAG
def test_revg_mixin_override_of_the_moved_method(git_repo: GitRepo, no_rules: Path) -> None:
    # the fork's mixin (before Tracker in the MRO) overrides _resolve_items, still raising ValueError
    text = (
        "from pkg.tracker import Tracker\n\n\nclass StrictMixin:\n"
        "    def _resolve_items(self, items: dict) -> dict:\n"
        "        if 'image' in items and 'image_embeds' in items:\n            raise ValueError('mixed')\n"
        "        return dict(items)\n\n\n"
        "class AeonTracker(StrictMixin, Tracker):\n"
        "    def resolve_items(self, items: dict) -> dict:\n        try:\n            return super().resolve_items(items)\n"
        "        except ValueError:\n            return {}\n"
    )
    rows = run_own(git_repo, no_rules, text, base={TRACK: TRACK_BASE}, new={TRACK: TRACK_NEW})
    assert [r for r in rows if r[1] == "error"] == [], rows


def test_revg_upstream_wrapper_handles_the_new_class(git_repo: GitRepo, no_rules: Path) -> None:
    # upstream's public resolve_items catches the new class itself: nothing escapes to the fork's handler
    new = TRACK_NEW.replace(
        "        return self._resolve_items(items)\n",
        "        try:\n            return self._resolve_items(items)\n        except ValidationError:\n            return {}\n",
    )
    text = (
        "from pkg.tracker import Tracker\n\n\nclass AeonTracker(Tracker):\n"
        "    def resolve_items(self, items: dict) -> dict:\n        try:\n            return super().resolve_items(items)\n"
        "        except ValueError:\n            return {}\n"
    )
    rows = run_own(git_repo, no_rules, text, base={TRACK: TRACK_BASE}, new={TRACK: new})
    assert [r for r in rows if r[1] == "error"] == [], rows


def test_revg_fork_monkeypatches_the_moved_def(git_repo: GitRepo, no_rules: Path) -> None:
    # the fork's plugin replaces upstream's _resolve with its own (still raising ValueError) at import
    text = (
        "from pkg import chat\n\n\ndef _aeon_resolve(items: dict) -> dict:\n"
        "    if 'image' in items and 'image_embeds' in items:\n        raise ValueError('mixed')\n    return dict(items)\n\n\n"
        "chat._resolve = _aeon_resolve\n\n\n"
        "def aeon_items(items: dict) -> dict:\n    try:\n        return chat._resolve(items)\n"
        "    except ValueError:\n        return {}\n"
    )
    rows = run_own(git_repo, no_rules, text)
    assert [r for r in rows if r[1] == "error"] == [], rows


def test_revg_contextlib_suppress_around(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "import contextlib\n\nfrom pkg.chat import _resolve\nfrom pkg.errors import ValidationError\n\n\n"
        "def aeon_items(items: dict) -> dict:\n    with contextlib.suppress(ValidationError):\n        try:\n"
        "            return _resolve(items)\n        except ValueError:  # older upstreams\n            return {}\n    return {}\n"
    )
    rows = run_own(git_repo, no_rules, text)
    assert [r for r in rows if r[1] == "error"] == [], rows
