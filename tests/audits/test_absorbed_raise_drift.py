"""Absorbed-raise drift: upstream now catches, inside a function, the exception a fork catches around it.

Shaped like #35976 (ed81d5edd1): ``repo_utils.get_hf_file_bytes`` let huggingface_hub's ``EntryNotFoundError``
out of a bare ``hf_hub_download``; upstream moved the download into a helper whose handler catches that kind and
returns None.  A fork's ``try: raw = get_hf_file_bytes(...)`` / ``except EntryNotFoundError: return ""`` /
``return raw.decode()`` merges cleanly; the handler never runs and ``None.decode()`` raises.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

HUB = "pkg/hub.py"
ERRORS = "class EntryMissing(Exception):\n    pass\n\n\nclass HubDown(Exception):\n    pass\n"
LIB = "def download(model: str, name: str) -> str:\n    return f'/cache/{model}/{name}'\n"
HUB_BASE = """from pathlib import Path

from pkg.errors import EntryMissing, HubDown
from pkg.lib import download


def read_bytes(name: str, model: str) -> bytes | None:
    path = Path(model) / name
    if not path.is_file():
        path = Path(download(model, name))
    if path.is_file():
        return path.read_bytes()
    return None


def read_dict(name: str, model: str) -> dict | None:
    try:
        path = Path(download(model, name))
    except EntryMissing:
        return None
    return {"path": str(path)}


def read_strict(name: str, model: str) -> str | None:
    return download(model, name)


def read_plain(name: str, model: str) -> str:
    return download(model, name)
"""
HELPER = """

def _try_download(model: str, name: str) -> Path | None:
    try:
        return Path(download(model, name))
    except (
        EntryMissing,
        HubDown,
    ):
        return None
"""
HUB_NEW = (
    HUB_BASE.replace("from pkg.lib import download\n", "from pkg.lib import download\n" + HELPER)
    .replace(
        "        path = Path(download(model, name))\n    if path.is_file():",
        "        path = _try_download(model, name)\n    if path is not None and path.is_file():",
    )
    .replace(
        "def read_strict(name: str, model: str) -> str | None:\n    return download(model, name)\n",
        "def read_strict(name: str, model: str) -> str | None:\n    found = _try_download(model, name)\n"
        "    if found is None:\n        raise FileNotFoundError(name)\n    return str(found)\n",
    )
    .replace(
        "def read_plain(name: str, model: str) -> str:\n    return download(model, name)\n",
        "def read_plain(name: str, model: str) -> str:\n    return str(_try_download(model, name))\n",
    )
)
SUBJECT = "[Bugfix] Fix RunAI streamer crash with S3-hosted model paths (#35976)"
FORK = "pkg/aeon_license.py"
HEAD = "# AEON: the Spark's license banner\nfrom pkg import errors\nfrom pkg.errors import EntryMissing\nfrom pkg.hub import read_bytes, read_dict, read_plain, read_strict\n\n\n"


def found(report: AuditReport) -> list[tuple[int, str, str]]:
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = HUB_NEW) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {HUB: HUB_BASE, "pkg/errors.py": ERRORS, "pkg/lib.py": LIB, "pkg/__init__.py": ""},
        {FORK: HEAD + text},
        [(SUBJECT, {HUB: new})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


DECODE = (
    "def aeon_license(model):\n"
    "    try:\n"
    "        raw = read_bytes('LICENSE', model)\n"
    "    except EntryMissing:\n"
    "        return ''\n"
    "    return raw.decode()\n"
)


def test_a_handler_of_a_kind_upstream_now_absorbs_is_an_error_where_the_none_fails(
    git_repo: GitRepo, no_rules: Path
) -> None:
    [(line, severity, message)] = run(git_repo, no_rules, DECODE)
    assert (line, severity) == (12, "error")
    assert "catches EntryMissing from read_bytes(), which upstream now catches itself and answers None" in message
    assert "the except on line 10 never runs and the None reaches line 12" in message
    assert "#35976" in message


OTHER_SPELLINGS = [
    # a dotted kind
    (DECODE.replace("except EntryMissing:", "except errors.EntryMissing:"), 12),
    # the call returned, the handler answering something else than None: on the handler
    (
        "def a(model):\n    try:\n        return read_bytes('LICENSE', model)\n    except EntryMissing:\n        return b''\n",
        10,
    ),
    # a subscript of the value
    (
        "def a(model):\n    try:\n        raw = read_bytes('LICENSE', model)\n    except EntryMissing:\n        raw = b''\n"
        "    return raw[:80]\n",
        12,
    ),
]


@pytest.mark.parametrize(
    ("text", "line"),
    OTHER_SPELLINGS,
)
def test_other_spellings_are_errors(git_repo: GitRepo, no_rules: Path, text: str, line: int) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    base = {HUB: HUB_BASE, "pkg/errors.py": ERRORS, "pkg/lib.py": LIB, "pkg/__init__.py": ""}
    bodies = [HEAD + body for body, _ in OTHER_SPELLINGS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {HUB: HUB_NEW})]
    _, rows = s.audited_row(git_repo, no_rules, base, bodies, HEAD + text, upstream, RULE, "pkg")
    [(got, severity)] = [(f.line, f.severity.value) for f in rows]
    assert (got, severity) == (line, "error")


def test_a_discarded_value_is_a_warning_on_the_handler(git_repo: GitRepo, no_rules: Path) -> None:
    text = "def a(model) -> bool:\n    try:\n        read_bytes('LICENSE', model)\n    except EntryMissing:\n        return False\n    return True\n"
    [(line, severity, _)] = run(git_repo, no_rules, text)
    assert (line, severity) == (10, "warning")


@pytest.mark.parametrize(
    "text",
    [
        # the None tested after the try
        DECODE.replace("    return raw.decode()\n", "    return '' if raw is None else raw.decode()\n"),
        # the handler does what the None does now
        "def a(model):\n    try:\n        return read_bytes('LICENSE', model)\n    except EntryMissing:\n        return None\n",
        # a kind upstream does not absorb; a catch-all handler beside
        DECODE.replace("except EntryMissing:", "except KeyError:"),
        DECODE.replace("        return ''\n", "        return ''\n    except Exception:\n        return '?'\n"),
        # a def whose base already caught the kind into None
        "def a(model):\n    try:\n        found = read_dict('LICENSE', model)\n    except EntryMissing:\n        return ''\n    return found['path']\n",
        # a def that turns the None into another exception
        "def a(model):\n    try:\n        found = read_strict('LICENSE', model)\n    except EntryMissing:\n        return ''\n    return found.upper()\n",
        # a def whose return annotation admits no None
        "def a(model):\n    try:\n        found = read_plain('LICENSE', model)\n    except EntryMissing:\n        return ''\n    return found.upper()\n",
        # the fork's own def of the name
        "def read_bytes(name, model):\n    raise EntryMissing(name)\n\n\n" + DECODE,
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


def test_a_handler_upstream_did_not_add_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream's diff added a handler of another kind only: the fork's kind still escapes the def."""
    new = HUB_NEW.replace("        EntryMissing,\n", "")
    assert run(git_repo, no_rules, DECODE, new=new) == []


PARSE_BASE = "def parse(text: str) -> int | None:\n    if not text:\n        return None\n    return int(text)\n"
PARSE_NEW = (
    "def parse(text: str) -> int | None:\n    if not text:\n        return None\n    try:\n        return int(text)\n"
    "    except ValueError:\n        return None\n"
)


def test_a_builtin_kind_a_builtin_call_raised_is_judged_too(git_repo: GitRepo, no_rules: Path) -> None:
    """``int(text)`` let ValueError out at the base; upstream catches it into None.  Raised-to-None drift does not
    read it (the def never raised ValueError itself), this check does, once."""
    sides = s.merge_case(
        git_repo,
        {"pkg/num.py": PARSE_BASE, "pkg/__init__.py": ""},
        {
            "pkg/aeon_num.py": "# AEON: batch size from the env\nfrom pkg.num import parse\n\n\n"
            "def a(text):\n    try:\n        n = parse(text)\n    except ValueError:\n        n = 0\n    return n + 1\n"
        },
        [("[Misc] lenient parse (#1)", {"pkg/num.py": PARSE_NEW})],
    )
    [(line, severity, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (line, severity) == (10, "error")
    assert "catches ValueError from parse()" in message


# review21: the value told apart after the kept handler -- correct fork code, quiet
TOLD = (
    "def a(model):\n    try:\n        raw = read_bytes('LICENSE', model)\n    except EntryMissing:\n        return ''\n"
)


@pytest.mark.parametrize(
    "text",
    [
        TOLD + "    return raw.decode() if hasattr(raw, 'decode') else ''\n",
        TOLD + "    if type(raw) is bytes:\n        return raw.decode()\n    return ''\n",
        TOLD
        + "    match raw:\n        case bytes():\n            return raw.decode()\n        case _:\n            return ''\n",
        "def _has(raw) -> 'TypeGuard[bytes]':\n    return isinstance(raw, bytes)\n\n\n"
        + TOLD
        + "    if not _has(raw):\n        return ''\n    return raw.decode()\n",
        TOLD
        + "    try:\n        return raw.decode()\n    except (AttributeError, UnicodeDecodeError):\n        return ''\n",
        "from contextlib import suppress\n\n\n"
        + TOLD
        + "    with suppress(AttributeError):\n        return raw.decode()\n    return ''\n",
    ],
)
def test_a_value_told_apart_or_a_use_caught_is_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    """``hasattr``/``type()``/a ``match``/a ``TypeGuard`` helper tell the None apart; a ``try`` or ``suppress``
    of AttributeError catches what it raises (review21_twins)."""
    assert run(git_repo, no_rules, text) == []


def test_a_use_under_a_handler_of_another_kind_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A ``try`` around the use that catches only UnicodeDecodeError lets the AttributeError out."""
    text = TOLD + "    try:\n        return raw.decode()\n    except UnicodeDecodeError:\n        return ''\n"
    [(line, severity, _)] = run(git_repo, no_rules, text)
    assert (line, severity) == (13, "error")


def test_a_use_under_a_handler_that_re_raises_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A broad handler that logs and re-raises lets the AttributeError out: no shield."""
    text = TOLD + "    try:\n        return raw.decode()\n    except Exception:\n        print('bad')\n        raise\n"
    [(line, severity, _)] = run(git_repo, no_rules, text)
    assert (line, severity) == (13, "error")
