"""Raised-to-None drift: upstream made a function return None where it raised; a fork ``except`` waits in vain.

Shaped like #41965 (c1819ca283): compressed-tensors' ``find_matched_target`` went from ``-> str`` raising
``ValueError`` on an unmatched layer to ``-> str | None`` returning None.  A fork's ``try: target =
find_matched_target(...)`` / ``except ValueError: return None`` merges cleanly; the None goes on to the lookup.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "pkg/utils.py"
UTILS_BASE = """from typing import Optional


def find_target(name: str, targets: list[str]) -> str:
    for target in targets:
        if target == name:
            return target
    raise ValueError(f"no target for {name}")


def other(name: str) -> str:
    if not name:
        raise ValueError(name)
    return name


def fallback(name: str) -> str:
    if not name:
        raise ValueError(name)
    return name


class Matcher:
    def match(self, name: str) -> str:
        if not name:
            raise KeyError(name)
        return name
"""
UTILS_NEW = (
    UTILS_BASE.replace(
        "def find_target(name: str, targets: list[str]) -> str:",
        "def find_target(name: str, targets: list[str]) -> str | None:",
    )
    .replace('    raise ValueError(f"no target for {name}")\n', "    return None\n")
    .replace(
        "        raise ValueError(name)\n    return name\n\n\nclass", "        return ''\n    return name\n\n\nclass"
    )
    .replace("    def match(self, name: str) -> str:", "    def match(self, name: str) -> Optional[str]:")
    .replace("            raise KeyError(name)\n", "            return None\n")
)
SUBJECT = "[Compressed Tensors] Allow configs with non-explicit ignores (#41965)"
FORK = "pkg/aeon_scheme.py"


def fork(body: str) -> str:
    return "# AEON: the Spark's scheme map\nfrom pkg.utils import Matcher, fallback, find_target, other\n\n\n" + body


def found(report: AuditReport) -> list[tuple[int, str, str]]:
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


def run(
    git_repo: GitRepo,
    no_rules: Path,
    text: str,
    extra: dict[str, str] | None = None,
    utils: tuple[str, str] = (UTILS_BASE, UTILS_NEW),
) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {UTILS: utils[0], "pkg/__init__.py": ""},
        {FORK: fork(text), **(extra or {})},
        [(SUBJECT, {UTILS: utils[1]})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


# The error rows of two tests below each put one fork module beside the same base and upstream, and each row's test
# pins its own module's findings: no row's module imports another's, so one merge and one audit of every row's
# module side by side answers each row (9 merges and audits became one per process; suitespeed7).  The quiet rows
# keep a merge each: there a row's module could be quiet for something another row's module declared.
_ERROR_TEXTS: list[str] = []
_AUDITED: dict[tuple[str, ...], dict[str, list[tuple[int, str, str]]]] = {}


def _error_rows(rows: list[tuple[str, int]]) -> list[tuple[str, int]]:
    _ERROR_TEXTS.extend(text for text, _ in rows)
    return rows


def _error_tails(tails: list[str]) -> list[str]:
    _ERROR_TEXTS.extend(HEAD + tail for tail in tails)
    return tails


def run_among_errors(git_repo: GitRepo, no_rules: Path, text: str) -> list[tuple[int, str, str]]:
    """The findings in ``text``'s module, from the one audit of every error row's module."""
    texts = tuple(dict.fromkeys(_ERROR_TEXTS))
    if texts not in _AUDITED:
        paths = {each: f"pkg/aeon_scheme_{number}.py" for number, each in enumerate(texts)}
        sides = s.merge_case(
            git_repo,
            {UTILS: UTILS_BASE, "pkg/__init__.py": ""},
            {path: fork(each) for each, path in paths.items()},
            [(SUBJECT, {UTILS: UTILS_NEW})],
        )
        report = git_repo.audit(no_rules, merge=sides)
        every = [(f.path, f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]
        assert all(path in paths.values() for path, *_ in every), every
        _AUDITED[texts] = {
            each: [(line, severity, message) for at, line, severity, message in every if at == path]
            for each, path in paths.items()
        }
    return _AUDITED[texts][text]


LOOKUP = (
    "def aeon_scheme(config, name):\n"
    "    try:\n"
    "        target = find_target(name, config.scheme_map.keys())\n"
    "    except ValueError:\n"
    "        return None\n"
    "    return config.scheme_map[target]\n"
)


def test_a_handler_of_the_raise_that_became_none_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = run(git_repo, no_rules, LOOKUP)
    assert (line, severity) == (8, "error")
    assert "catches ValueError from find_target(), which upstream made return None instead" in message
    assert "#41965" in message


@pytest.mark.parametrize(
    ("text", "line"),
    _error_rows(
        [
            # the call returned, the handler answering something else than None
            (
                "def a(name, targets):\n    try:\n        return find_target(name, targets)\n    except ValueError:\n        return 'default'\n",
                8,
            ),
            # suppress of the old kind around a bound call
            (
                "import contextlib\n\n\ndef a(name, targets):\n    target = 'default'\n"
                "    with contextlib.suppress(ValueError):\n        target = find_target(name, targets)\n    return target.upper()\n",
                10,
            ),
            # the def imported under another name
            (
                "from pkg.utils import find_target as locate\n\n\ndef a(name, targets):\n    try:\n        target = locate(name, targets)\n"
                "    except ValueError:\n        return ''\n    return target.upper()\n",
                11,
            ),
            # a method off a class named as the receiver, a base of the old kind caught
            (
                "def a(m, name):\n    try:\n        hit = Matcher.match(m, name)\n    except LookupError:\n        hit = name\n    return hit.upper()\n",
                8,
            ),
        ]
    ),
)
def test_other_spellings_are_errors(git_repo: GitRepo, no_rules: Path, text: str, line: int) -> None:
    [(got, severity, _)] = run_among_errors(git_repo, no_rules, text)
    assert (got, severity) == (line, "error")


def test_a_discarded_value_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    text = "def a(name, targets) -> bool:\n    try:\n        find_target(name, targets)\n    except ValueError:\n        return False\n    return True\n"
    [(line, severity, _)] = run(git_repo, no_rules, text)
    assert (line, severity) == (8, "warning")


@pytest.mark.parametrize(
    "text",
    [
        # the handler does what the None now does
        "def a(name, targets):\n    try:\n        target = find_target(name, targets)\n    except ValueError:\n        target = None\n    return target\n",
        "def a(name, targets):\n    try:\n        return find_target(name, targets)\n    except ValueError:\n        return None\n",
        # the result tested for None after: written for both sides
        "def a(name, targets):\n    try:\n        target = find_target(name, targets)\n    except ValueError:\n        return None\n"
        "    if target is None:\n        return None\n    return target.upper()\n",
        "def a(name, targets):\n    try:\n        target = find_target(name, targets)\n    except ValueError:\n        return ''\n    return target or ''\n",
        # a def still raising, or one that stopped raising without admitting None
        "def a(name):\n    try:\n        hit = other(name)\n    except ValueError:\n        return ''\n    return hit.upper()\n",
        "def a(name):\n    try:\n        hit = fallback(name)\n    except ValueError:\n        return ''\n    return hit.upper()\n",
        # another call in the body may raise it too; a catch-all beside
        "def a(name, targets):\n    try:\n        target = find_target(name, list(targets))\n    except ValueError:\n        return ''\n    return target.upper()\n",
        "def a(name, targets):\n    try:\n        target = find_target(name, targets)\n    except ValueError:\n        return ''\n"
        "    except Exception:\n        return '?'\n    return target.upper()\n",
        # the fork's own def of the name, not upstream's
        "def find_target(name, targets):\n    raise ValueError(name)\n\n\n"
        "def a(name, targets):\n    try:\n        target = find_target(name, targets)\n    except ValueError:\n        return ''\n"
        "    return target.upper()\n",
        # a kind the def never raised
        "def a(name, targets):\n    try:\n        target = find_target(name, targets)\n    except KeyError:\n        return ''\n    return target.upper()\n",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


# upstream moved the raise into a same-file helper the def still calls (and admits None for another input)
PICK_BASE = "def pick(name: str, targets: list[str]) -> str:\n    if name not in targets:\n        raise ValueError(name)\n    return name\n"
PICK_NEW = (
    "def _check(name: str, targets: list[str]) -> None:\n    if name not in targets:\n"
    '        raise ValueError(f"{name} is not one of {targets}")\n\n\n'
    "def pick(name: str | None, targets: list[str]) -> str | None:\n    if name is None:\n        return None\n"
    "    _check(name, targets)\n    return name\n"
)
PICK_USE = (
    "from pkg.utils import pick\n\n\ndef a(name, targets):\n    try:\n        hit = pick(name, targets)\n"
    "    except ValueError:\n        return ''\n    return hit.upper()\n"
)


def test_a_raise_moved_into_a_helper_still_called_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    assert run(git_repo, no_rules, PICK_USE, utils=(PICK_BASE, PICK_NEW)) == []


def test_a_dropped_return_annotation_does_not_admit_none(git_repo: GitRepo, no_rules: Path) -> None:
    new = "def pick(name, targets):\n    if name not in targets:\n        return None\n    return name\n"
    assert run(git_repo, no_rules, PICK_USE, utils=(PICK_BASE, new)) == []


@pytest.mark.parametrize(
    "text",
    [
        # the handler returns None and the function returns the bound value as is (a log of it aside)
        "def a(name, targets):\n    try:\n        target = find_target(name, targets)\n    except ValueError:\n        return None\n"
        "    print('matched', target)\n    return target\n",
        # None bound before the try, the handler leaving it: suppress, or except: pass
        "import contextlib\n\n\ndef a(name, targets):\n    target = None\n    with contextlib.suppress(ValueError):\n"
        "        target = find_target(name, targets)\n    return target\n",
        "def a(name, targets):\n    target = None\n    try:\n        target = find_target(name, targets)\n    except ValueError:\n"
        "        pass\n    return target\n",
        # an isinstance test, a membership test before the failing use
        "def a(name, targets):\n    try:\n        target = find_target(name, targets)\n    except ValueError:\n        return ''\n"
        "    if not isinstance(target, str):\n        return ''\n    return target.upper()\n",
        "def a(config, name):\n    try:\n        target = find_target(name, config.scheme_map.keys())\n    except ValueError:\n"
        "        return None\n    if target not in config.scheme_map:\n        return None\n    return config.scheme_map[target]\n",
        # a .get() lookup answers None, as the handler does
        "def a(config, name):\n    try:\n        target = find_target(name, config.scheme_map.keys())\n    except ValueError:\n"
        "        return None\n    return config.scheme_map.get(target)\n",
    ],
)
def test_a_fork_behaving_the_same_with_the_none_is_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


def test_a_module_attribute_of_the_forks_own_module_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    own = "# AEON: own matcher\ndef find_target(name, targets):\n    if name not in targets:\n        raise ValueError(name)\n    return name\n"
    text = (
        "from pkg import aeon_match\n\n\ndef a(name, targets):\n    try:\n        target = aeon_match.find_target(name, targets)\n"
        "    except ValueError:\n        return ''\n    return target.upper()\n"
    )
    assert run(git_repo, no_rules, text, extra={"pkg/aeon_match.py": own}) == []


SUBCLASS = (
    "class AeonMatcher(Matcher):\n{override}    def use(self, name):\n        try:\n            hit = self.match(name)\n"
    "        except KeyError:\n            return ''\n        return hit.upper()\n"
)
OVERRIDE = "    def match(self, name: str) -> str:\n        if not name:\n            raise KeyError(name)\n        return name\n\n"


def test_self_call_of_a_fork_override_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    assert run(git_repo, no_rules, SUBCLASS.format(override=OVERRIDE)) == []


def test_a_receiver_annotated_with_another_class_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "class Registry:\n    def match(self, name: str) -> str:\n        return self.table[name]\n\n\n"
        "def use(reg: Registry, name):\n    try:\n        hit = reg.match(name)\n    except KeyError:\n"
        "        return ''\n    return hit.upper()\n"
    )
    assert run(git_repo, no_rules, text) == []


@pytest.mark.parametrize(
    "text",
    [
        # a receiver not read: which class's match is called is unknown
        "def a(m, name):\n    try:\n        hit = m.match(name)\n    except KeyError:\n        hit = name\n    return hit.upper()\n",
        # the None handed to a callee, whose parameter may admit it
        "def a(name, targets):\n    try:\n        target = find_target(name, targets)\n    except ValueError:\n        return ''\n"
        "    return consume(target)\n",
        # the None returned where the handler answered something else
        "def a(name, targets):\n    try:\n        target = find_target(name, targets)\n    except ValueError:\n        return ''\n"
        "    return target\n",
    ],
)
def test_what_cannot_be_told_from_a_killer_is_a_warning(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    [(_, severity, _)] = run(git_repo, no_rules, text)
    assert severity == "warning"


SHIM = (
    "# AEON: shim\nfrom pkg import utils as _u\n\n\ndef find_target(name, targets):\n    hit = _u.find_target(name, targets)\n"
    "    if hit is None:\n        raise ValueError(name)\n    return hit\n"
)
FROM_PACKAGE = (
    "from pkg import find_target as ft\n\n\ndef a(name, targets):\n    try:\n        target = ft(name, targets)\n"
    "    except ValueError:\n        return ''\n    return len(target)\n"
)


def test_a_package_shim_of_the_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    assert run(git_repo, no_rules, FROM_PACKAGE, extra={"pkg/__init__.py": SHIM}) == []


HEAD = (
    "def aeon_scheme(config, name):\n    try:\n        target = find_target(name, config.scheme_map.keys())\n"
    "    except ValueError:\n        return None\n"
)


@pytest.mark.parametrize(
    "tail",
    [
        # a failing builtin's argument that takes None: next()'s default, max()'s default, sorted()'s key
        "    return next(iter(config.extra), target)\n",
        "    return max(config.extra, default=target)\n",
        "    return sorted(config.extra, key=target)\n",
        # printf formatting takes None ('layer.None')
        "    key = 'layer.%s' % target\n    return config.scheme_map.get(key)\n",
        "    key = 'layer.%s.%s' % (name, target)\n    return config.scheme_map.get(key)\n",
        # a comprehension's (or lambda's) own variable of the name
        "    return [target.upper() for target in config.extra]\n",
        "    return {t: [target.upper() for target in t] for t in config.extra}\n",
        "    return sorted(config.extra, key=lambda target: target.name)\n",
    ],
)
def test_uses_that_take_none_stay_quiet(git_repo: GitRepo, no_rules: Path, tail: str) -> None:
    assert run(git_repo, no_rules, HEAD + tail) == []


@pytest.mark.parametrize(
    "tail",
    _error_tails(
        [
            "    return next(target)\n",
            "    return max(config.extra, target)\n",
            "    return 'layer.' + target\n",
            "    return [t.upper() for t in target]\n",
            "    return [target.upper() for t in config.extra]\n",
        ]
    ),
)
def test_uses_that_fail_on_none_are_errors(git_repo: GitRepo, no_rules: Path, tail: str) -> None:
    [(_, severity, _)] = run_among_errors(git_repo, no_rules, HEAD + tail)
    assert severity == "error"


def test_a_handler_round_a_super_call_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    # the base's method reached through ``super()`` in a fork override (killers122: super() reads the base)
    text = (
        "class AeonMatcher(Matcher):\n    def match(self, name: str) -> str:\n        try:\n"
        "            hit = super().match(name)\n        except KeyError:\n            hit = name\n"
        "        return hit.upper()\n"
    )
    [(line, severity, message)] = run(git_repo, no_rules, text)
    assert (line, severity) == (9, "error") and "Matcher.match()" in message


def test_a_super_call_the_files_own_base_answers_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "class AeonBase(Matcher):\n    def match(self, name: str) -> str:\n        raise KeyError(name)\n\n\n"
        "class AeonMatcher(AeonBase):\n    def match(self, name: str) -> str:\n        try:\n"
        "            hit = super().match(name)\n        except KeyError:\n            hit = name\n"
        "        return hit.upper()\n"
    )
    assert run(git_repo, no_rules, text) == []
