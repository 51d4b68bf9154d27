"""Forwarded-keyword drift: upstream now passes a keyword itself into the call its ``**kwargs`` are spread into.

Shaped like #37920 (54b0578ada), which gave ``maybe_override_with_speculators`` an ``hf_token`` parameter and
passed ``token=hf_token`` beside ``**without_trust_remote_code(kwargs)``: a fork call passing ``token=`` (into
``kwargs``, as at the base) now raises "got multiple values for keyword argument 'token'".  Killers: a bare
name, a module attribute, a class named as the receiver, a bare ``**kwargs`` spread and a filter of the file.
Twins: the new parameter by name, another keyword, a def that pops the key, a keyword the base passed already,
the fork's own def of the name, and a filter quoting the key (a warning: it may drop it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.forwarded_keywords import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "pkg/hub.py"
BASE = """def fetch(path: str, **kwargs) -> dict:
    return {"path": path, **kwargs}


def without_secrets(kwargs: dict) -> dict:
    return {k: v for k, v in kwargs.items() if k != "secret"}


def resolve(model: str, revision: str | None = None, **kwargs) -> dict:
    return fetch(model, revision=revision, **kwargs)


def filtered(model: str, **kwargs) -> dict:
    return fetch(model, **without_secrets(kwargs))


def popped(model: str, **kwargs) -> dict:
    return fetch(model, **kwargs)


class Loader:
    def load(self, model: str, **kwargs) -> dict:
        return fetch(model, **kwargs)
"""
AFTER = (
    BASE.replace(
        "def resolve(model: str, revision: str | None = None, **kwargs) -> dict:\n"
        "    return fetch(model, revision=revision, **kwargs)",
        "def resolve(model: str, revision: str | None = None, hf_token: str | None = None, **kwargs) -> dict:\n"
        "    return fetch(model, revision=revision, token=hf_token, **kwargs)",
    )
    .replace("    return fetch(model, **without_secrets(kwargs))", "    return fetch(model, timeout=5, **without_secrets(kwargs))")
    .replace(
        "def popped(model: str, **kwargs) -> dict:\n    return fetch(model, **kwargs)",
        'def popped(model: str, **kwargs) -> dict:\n    kwargs.pop("token", None)\n    return fetch(model, token="x", **kwargs)',
    )
    .replace("    def load(self, model: str, **kwargs) -> dict:\n        return fetch(model, **kwargs)",
             "    def load(self, model: str, **kwargs) -> dict:\n        return fetch(model, cache=False, **kwargs)")
)  # fmt: skip
FORK = "pkg/aeon_hub.py"
HEAD = "# AEON: the Spark's gated drafts\nimport pkg.hub as hub\nfrom pkg.hub import Loader, filtered, popped, resolve\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, body: str, new: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {LIB: BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + body},
        [("[Bugfix] Pass hf_token through config loading paths (#37920)", {LIB: new})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line - 5, f.severity.value) for f in report.findings if f.rule_id == RULE and f.path == FORK]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_a(model: str, token: str):\n    return resolve(model, token=token)\n",
        "def aeon_b(model: str, token: str):\n    return hub.resolve(model, None, token=token)\n",
        "def aeon_c(model: str):\n    return filtered(model, timeout=30)\n",
        "def aeon_d(loader: Loader, model: str):\n    return loader.load(model, cache=True)\n",
    ],
    ids=["bare name", "module attribute", "through a filter of the file", "a parameter annotated as the class"],
)
def test_a_keyword_upstream_now_passes_beside_the_spread(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert run(git_repo, no_rules, body) == [(2, "error")]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_a(model: str, token: str):\n    return resolve(model, hf_token=token)\n",  # the new parameter
        "def aeon_b(model: str):\n    return resolve(model, cache_dir='/tmp')\n",  # another keyword
        "def aeon_c(model: str):\n    return popped(model, token='t')\n",  # the def pops it first
        "def aeon_d(model: str):\n    return resolve(model, revision='main')\n",  # the base passed it already
    ],
    ids=["new parameter", "another keyword", "popped first", "passed at the base"],
)
def test_keywords_the_change_does_not_double_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert run(git_repo, no_rules, body) == []


def test_the_forks_own_def_of_the_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "def aeon_resolve(model: str, **kwargs):\n    return kwargs\n\n\n"
        "def aeon_a(model: str, token: str):\n    return aeon_resolve(model, token=token)\n"
    )
    sides_head = HEAD.replace(", resolve", "")
    sides = s.merge_case(
        git_repo,
        {LIB: BASE, "pkg/__init__.py": ""},
        {FORK: sides_head + body.replace("aeon_resolve", "resolve")},
        [("[Bugfix] Pass hf_token through config loading paths (#37920)", {LIB: AFTER})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == RULE and f.path == FORK] == []


def test_a_filter_that_quotes_the_keyword_may_drop_it(git_repo: GitRepo, no_rules: Path) -> None:
    new = AFTER.replace('if k != "secret"', 'if k not in ("secret", "timeout")')
    assert run(git_repo, no_rules, "def aeon_c(model: str):\n    return filtered(model, timeout=30)\n", new) == [
        (2, "warning")
    ]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_a(model: str, token: str):\n    try:\n        return resolve(model, hf_token=token)\n"
        "    except TypeError:\n        return resolve(model, token=token)\n",
        "import inspect\n\n\ndef aeon_a(model: str, token: str):\n"
        "    if 'hf_token' in inspect.signature(resolve).parameters:\n        return resolve(model, hf_token=token)\n"
        "    return resolve(model, token=token)\n",
    ],
    ids=["except TypeError fallback", "signature probe"],
)
def test_the_old_spelling_as_one_branch_of_a_fallback_warns(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """review103: the fork wrote both spellings (the new one tried first, the old one where it is refused):
    which runs after the merge is not read here, so a warning, never an error."""
    found = run(git_repo, no_rules, body)
    assert found and all(severity == "warning" for _, severity in found)


@pytest.mark.parametrize(
    "drop",
    [
        '    kwargs = {k: v for k, v in kwargs.items() if k != "token"}\n',
        "    for k in SECRETS:\n        kwargs.pop(k, None)\n",
    ],
    ids=["rebound", "popped by a computed key"],
)
def test_a_def_that_binds_its_kwargs_anew_may_drop_the_keyword(git_repo: GitRepo, no_rules: Path, drop: str) -> None:
    """A rebound ``kwargs``, or one a computed key is popped from, may no longer hold the fork's keyword: a
    warning, not a sure TypeError (readF)."""
    new = AFTER.replace('    kwargs.pop("token", None)\n', drop)
    assert run(git_repo, no_rules, "def aeon_c(model: str):\n    return popped(model, token='t')\n", new) == [
        (2, "warning")
    ]


def test_an_upstream_line_without_an_equals_sign_is_not_matched(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """perf38: every keyword ``_KEYWORD`` finds holds ``=``: an added upstream line without one (a comment, a bare
    call) is passed over, and a file's scan ends at the first keyword a fork line passes; the killer still errs."""
    import re

    from aeon_release.domain.audits.drift import forwarded_keywords

    scanned: list[str] = []
    pattern = re.compile(forwarded_keywords._KEYWORD.pattern)

    class Spy:
        def findall(self, line: str) -> list[str]:
            scanned.append(line)
            return pattern.findall(line)

    monkeypatch.setattr(forwarded_keywords, "_KEYWORD", Spy())
    note = "    # the token reaches the hub now\n"
    new = AFTER.replace(
        "    return fetch(model, revision=revision, token=hf_token",
        note + "    return fetch(model, revision=revision, token=hf_token",
    )
    assert run(
        git_repo, no_rules, "def aeon_a(model: str, token: str):\n    return resolve(model, token=token)\n", new
    ) == [(2, "error")]
    assert scanned and note.rstrip("\n") not in scanned
