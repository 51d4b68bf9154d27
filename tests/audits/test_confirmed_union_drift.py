"""Confirmed-union drift: a def's return union gained a member, and upstream's own callers now test for the old one.

Shaped like #46854 (3f67477497): ``repo_utils.try_get_local_file`` went ``-> Path | None`` to ``-> Path | Any |
None``, handing back huggingface_hub's not-found sentinel, and upstream's callers went from ``is not None`` to
``isinstance(file_path, Path)``.  A fork's ``path.read_text() if path is not None`` raises on the sentinel.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

REPO = "pkg/repo.py"
REPO_BASE = """from pathlib import Path


def local_file(model: str, name: str) -> Path | None:
    path = Path(model) / name
    if path.is_file():
        return path
    return None


def other_file(model: str, name: str) -> Path | None:
    path = Path(model) / name
    return path if path.is_file() else None


def read(model: str, name: str) -> bytes | None:
    path = local_file(model, name)
    if path is not None and path.is_file():
        return path.read_bytes()
    return None


class Cache:
    def lookup(self, name: str) -> Path | None:
        return None


def cached(cache: Cache, name: str) -> bool:
    hit = cache.lookup(name)
    return hit is not None
"""
REPO_NEW = (
    REPO_BASE.replace(
        "from pathlib import Path\n", "from pathlib import Path\nfrom typing import Any\n\n_MISSING = object()\n"
    )
    .replace(
        "def local_file(model: str, name: str) -> Path | None:\n    path = Path(model) / name\n    if path.is_file():\n        return path\n",
        "def local_file(model: str, name: str) -> Path | Any | None:\n    path = Path(model) / name\n    if path.is_file():\n        return path\n"
        "    if name.startswith('.'):\n        return _MISSING\n",
    )
    .replace("    if path is not None and path.is_file():", "    if isinstance(path, Path) and path.is_file():")
    .replace(
        "def other_file(model: str, name: str) -> Path | None:",
        "def other_file(model: str, name: str) -> Path | str | None:",
    )
    .replace("    def lookup(self, name: str) -> Path | None:", "    def lookup(self, name: str) -> Path | str | None:")
    .replace("    return hit is not None\n", "    return isinstance(hit, Path)\n")
)
SUBJECT = "[CI] Don't try and download files that we already know don't exist (#46854)"
FORK = "pkg/aeon_templates.py"
HEAD = "# AEON: offline chat templates\nfrom pkg import repo\nfrom pkg.repo import Cache, local_file, other_file\n\n\n"


def found(report: AuditReport) -> list[tuple[int, str, str]]:
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = REPO_NEW) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo, {REPO: REPO_BASE, "pkg/__init__.py": ""}, {FORK: HEAD + text}, [(SUBJECT, {REPO: new})]
    )
    return found(git_repo.audit(no_rules, merge=sides))


READ = (
    "def aeon_template(model):\n"
    "    path = local_file(model, 'chat.jinja')\n"
    "    return path.read_text() if path is not None else None\n"
)


def test_a_read_after_a_none_test_of_a_confirmed_widening_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = run(git_repo, no_rules, READ)
    assert (line, severity) == (8, "error")
    assert "reads .read_text off what local_file() returns, which upstream made Path | Any | None" in message
    assert "test it with isinstance against Path" in message
    assert "#46854" in message


OTHER_SPELLINGS = [
    # an early return on None, then the read
    (
        "def a(model):\n    path = local_file(model, 'x')\n    if path is None:\n        return ''\n    return path.read_text()\n",
        10,
    ),
    # a module-attribute call
    ("def a(model):\n    path = repo.local_file(model, 'x')\n    return path.stat().st_size if path else 0\n", 8),
    # a method off a receiver annotated as its class, confirmed by a caller in the same file
    ("def a(cache: Cache):\n    hit = cache.lookup('x')\n    return hit.read_bytes() if hit else b''\n", 8),
]


@pytest.mark.parametrize(
    ("text", "line"),
    OTHER_SPELLINGS,
)
def test_other_spellings_are_errors(git_repo: GitRepo, no_rules: Path, text: str, line: int) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    bodies = [HEAD + body for body, _ in OTHER_SPELLINGS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {REPO: REPO_NEW})]
    base = {REPO: REPO_BASE, "pkg/__init__.py": ""}
    _, rows = s.audited_row(git_repo, no_rules, base, bodies, HEAD + text, upstream, RULE, "pkg")
    [(got, severity)] = [(f.line, f.severity.value) for f in rows]
    assert (got, severity) == (line, "error")


@pytest.mark.parametrize(
    "text",
    [
        # the member told apart, as upstream's callers do
        "from pathlib import Path\n\n\ndef a(model):\n    path = local_file(model, 'x')\n"
        "    return path.read_text() if isinstance(path, Path) else None\n",
        # the read handled
        "def a(model):\n    path = local_file(model, 'x')\n    try:\n        return path.read_text()\n    except AttributeError:\n        return None\n",
        # a widening upstream's own code does not confirm
        "def a(model):\n    path = other_file(model, 'x')\n    return path.read_text() if path else None\n",
        # the fork's own def of the name
        "def local_file(model, name):\n    return None\n\n\ndef a(model):\n    path = local_file(model, 'x')\n"
        "    return path.read_text() if path else None\n",
        # a local bound twice: which value is read is not told here
        "def a(model, again):\n    path = local_file(model, 'x')\n    if again:\n        path = local_file(model, 'y')\n"
        "    return path.read_text() if path else None\n",
        # a receiver not read: which class's lookup is called is unknown
        "def a(c):\n    hit = c.lookup('x')\n    return hit.read_bytes() if hit else b''\n",
        # a method the builtin kind gained has too
        "def a(cache: Cache):\n    hit = cache.lookup('x')\n    return hit.startswith('/') if hit else False\n",
        # what every object answers
        "def a(model):\n    path = local_file(model, 'x')\n    return path.__class__.__name__\n",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


def test_a_project_class_gained_may_offer_the_surface(git_repo: GitRepo, no_rules: Path) -> None:
    """``-> Path | None`` made ``-> Path | Remote | None``: ``Remote`` may read as a path does; not judged."""
    new = (
        REPO_NEW.replace("-> Path | Any | None:", "-> Path | Remote | None:")
        .replace("_MISSING = object()\n", "class Remote:\n    def read_text(self) -> str:\n        return ''\n")
        .replace("        return _MISSING\n", "        return Remote()\n")
    )
    assert run(git_repo, no_rules, READ, new=new) == []


def test_a_union_that_gained_only_none_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``-> Path`` made ``-> Path | None`` is a None gained (optional drift's), not another kind of value."""
    base = REPO_BASE.replace(
        "def local_file(model: str, name: str) -> Path | None:", "def local_file(model: str, name: str) -> Path:"
    )
    new = base.replace(
        "def local_file(model: str, name: str) -> Path:", "def local_file(model: str, name: str) -> Path | None:"
    ).replace("    if path is not None and path.is_file():", "    if isinstance(path, Path) and path.is_file():")
    sides = s.merge_case(git_repo, {REPO: base, "pkg/__init__.py": ""}, {FORK: HEAD + READ}, [(SUBJECT, {REPO: new})])
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# review21: the members told apart -- correct fork code, quiet
GOT = "def a(model):\n    path = local_file(model, 'x')\n"


@pytest.mark.parametrize(
    "text",
    [
        GOT + "    return path.read_text() if hasattr(path, 'read_text') else None\n",
        GOT
        + "    if not callable(getattr(path, 'read_text', None)):\n        return None\n    return path.read_text()\n",
        GOT + "    if path is None or path is repo._MISSING:\n        return None\n    return path.read_text()\n",
        GOT + "    if path in (None, repo._MISSING):\n        return None\n    return path.read_text()\n",
        GOT
        + "    match path:\n        case Path():\n            return path.read_text()\n        case _:\n            return None\n",
        "def _is_path(value) -> 'TypeGuard[Path]':\n    return isinstance(value, Path)\n\n\n"
        + GOT
        + "    if not _is_path(path):\n        return None\n    return path.read_text()\n",
        "from contextlib import suppress\n\n\n"
        + GOT
        + "    with suppress(AttributeError):\n        return path.read_text()\n    return None\n",
    ],
)
def test_members_told_apart_or_a_suppressed_read_are_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    """``hasattr``, ``callable(getattr(...))``, an identity test against the sentinel or ``in`` a tuple holding
    it, a ``match`` class pattern, a ``TypeGuard`` helper tell the members apart; ``suppress`` handles the read
    (review21_twins)."""
    assert run(git_repo, no_rules, "from pathlib import Path\n\n\n" + text) == []


def test_an_equality_test_against_a_value_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``path == default`` tells no sentinel apart: the read past it still raises on one."""
    text = GOT + "    if path is None or path == Path('x'):\n        return None\n    return path.read_text()\n"
    [(line, severity, _)] = run(git_repo, no_rules, "from pathlib import Path\n\n\n" + text)
    assert (line, severity) == (13, "error")


def test_a_read_under_a_handler_that_re_raises_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A ``try`` whose one handler logs and re-raises handles nothing: the AttributeError still escapes."""
    text = GOT + "    try:\n        return path.read_text()\n    except Exception:\n        print('x')\n        raise\n"
    [(line, severity, _)] = run(git_repo, no_rules, "from pathlib import Path\n\n\n" + text)
    assert (line, severity) == (12, "error")
