"""A ``functools.partial`` built in one fork function and called in another (servechat #36483): upstream made
a parameter of the partial's class required, and the later call, with the partial's bound arguments merged
in, does not pass it."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import three_way

_CHAT = "class Chat:\n    def __init__(self, client, models, role, *, logger=None, template=None):\n        self.role = role\n"
_HEAD = "import functools\nimport inspect\n\nfrom pkg.chat import Chat\n\n\n"
_FACTORY = "def chat_factory(client, models):\n    return functools.partial(Chat, client, models, 'assistant', logger=None)\n\n\n"
_STORED = (
    "class Frontend:\n"
    "    def __init__(self, client, models):\n"
    "        self.make = functools.partial(Chat, client, models, 'assistant')\n\n"
    "    def serve(self):\n"
    "        return self.make(template=None)\n"
)

CAUGHT = [
    # a factory's return, bound to a local, called later
    _FACTORY + "def build(client, models):\n    make = chat_factory(client, models)\n    return make(template=None)\n",
    # the factory's call called at once
    _FACTORY + "def build(client, models):\n    return chat_factory(client, models)(template=None)\n",
    # a module name bound once to the factory's call
    _FACTORY + "MAKE = chat_factory(None, None)\n\n\ndef build():\n    return MAKE(template=None)\n",
    # an attribute the class stores once in __init__, called in another method
    _STORED,
    # an attribute stored from the class's own factory method
    "class Frontend:\n"
    "    def __init__(self, client, models):\n"
    "        self.make = self._factory(client, models)\n\n"
    "    def _factory(self, client, models):\n"
    "        return functools.partial(Chat, client, models, 'assistant')\n\n"
    "    def serve(self):\n"
    "        return self.make(template=None)\n",
]

QUIET = [
    # the later call passes what upstream now requires
    _FACTORY
    + "def build(client, models, render):\n    make = chat_factory(client, models)\n    return make(render=render)\n",
    _STORED.replace("template=None", "render=None"),
    # the attribute is rebound elsewhere: which partial the call makes is unknown
    _STORED + "\n    def swap(self, other):\n        self.make = other\n",
    _STORED + "\n\ndef patch(f):\n    setattr(f, 'make', None)\n",
    # the local is bound twice, or the factory returns two things
    _FACTORY + "def build(client, models, alt):\n    make = chat_factory(client, models)\n    if alt:\n"
    "        make = alt\n    return make(template=None)\n",
    "def chat_factory(client, models, fast):\n    if fast:\n        return Chat\n"
    "    return functools.partial(Chat, client, models, 'assistant')\n\n\n"
    "def build(client, models):\n    make = chat_factory(client, models, False)\n    return make(template=None)\n",
    # a factory the module defines twice (which one runs is the later def: unknown here)
    _FACTORY + "def chat_factory(client, models):\n    return None\n\n\n"
    "def build(client, models):\n    make = chat_factory(client, models)\n    return make(template=None)\n",
    # the partial's callable is a parameter of the factory: only its caller knows what it is
    "def chat_factory(cls, client):\n    return functools.partial(cls, client)\n\n\n"
    "def build(client):\n    make = chat_factory(Chat, client)\n    return make(template=None)\n",
    # a factory under the fork's decorator: callers get the wrapper's value, which may bind more (review60)
    "def with_render(factory):\n    def wrapper(*args, render=None, **kwargs):\n"
    "        return functools.partial(factory(*args, **kwargs), render=render)\n\n    return wrapper\n\n\n"
    "@with_render\n" + _FACTORY + "def build(client, models):\n    make = chat_factory(client, models, render=1)\n"
    "    return make(template=None)\n",
]

# the fork's own guard around the later call: a fallback it wrote for both spellings (review60)
GUARDED = [
    _STORED.replace(
        "        return self.make(template=None)\n",
        "        try:\n            return self.make(template=None)\n        except TypeError:\n"
        "            return self.make(render=None, template=None)\n",
    ),
    _STORED.replace(
        "        return self.make(template=None)\n",
        "        if 'render' in inspect.signature(Chat).parameters:\n            return self.make(render=None, template=None)\n"
        "        return self.make(template=None)\n",
    ),
    # a partial bound in the scope itself reads its guard the same way
    "def build(client, models):\n    make = functools.partial(Chat, client, models, 'assistant')\n    try:\n"
    "        return make(template=None)\n    except TypeError:\n        return make(render=None, template=None)\n",
]


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, severity: bool = False) -> list[tuple[str, int, str]]:
    theirs = _CHAT.replace("*, logger=None", "*, render, logger=None")
    sides = three_way(
        git_repo,
        {"pkg/__init__.py": "", "pkg/chat.py": _CHAT},
        {"pkg/mine.py": _HEAD + fork},
        {"pkg/chat.py": theirs},
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [
        (f.path, f.line, f.severity.value if severity else f.message) for f in report.findings if f.rule_id == DRIFT
    ]


@pytest.mark.parametrize("fork", CAUGHT)
def test_a_partial_built_elsewhere_called_without_a_now_required_parameter(
    git_repo: GitRepo, no_rules: Path, fork: str
) -> None:
    text = _HEAD + fork
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "(template=None)" in t)
    rows = _rows(git_repo, no_rules, fork)
    assert [(p, n) for p, n, _ in rows] == [("pkg/mine.py", line)]
    assert "render" in rows[0][2]


@pytest.mark.parametrize("fork", QUIET)
def test_a_partial_whose_later_call_is_right_or_unknown_stays_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str
) -> None:
    assert _rows(git_repo, no_rules, fork) == []


@pytest.mark.parametrize("fork", GUARDED)
def test_a_later_call_in_the_forks_own_fallback_is_a_warning(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    """The try/except TypeError around the later call, or the test of the callee's signature above it, guards
    the call the partial makes as it guards a direct call: a warning (check the fallback), not an error."""
    text = _HEAD + fork
    line = next(
        i
        for i, t in enumerate(text.splitlines(), 1)
        if t.strip() == "return make(template=None)" or t.strip() == "return self.make(template=None)"
    )
    assert _rows(git_repo, no_rules, fork, severity=True) == [("pkg/mine.py", line, "warning")]


# a fork test written to see the old spelling refused: the call under ``pytest.raises``/``assertRaises`` of what a
# misfit raises expects it to fail (review60 #36483 round 2, mend82)
_REFUSED = "import pytest\n\n\n"
EXPECTED = [
    # the held partial's later call
    _REFUSED + _FACTORY + "def test_render_required():\n    make = chat_factory(None, None)\n"
    "    with pytest.raises(TypeError):\n        make(template=None)\n",
    # a direct call of the class
    _REFUSED + "def test_render_required():\n    with pytest.raises(TypeError):\n"
    "        Chat(None, None, 'assistant', template=None)\n",
    # unittest's assertRaises, a tuple of kinds
    "import unittest\n\n\nclass RenderTest(unittest.TestCase):\n    def test_required(self):\n"
    "        with self.assertRaises((TypeError, ValueError)):\n            Chat(None, None, 'assistant')\n",
    # a partial bound in the test itself
    _REFUSED + "def test_render_required():\n    make = functools.partial(Chat, None, None, 'assistant')\n"
    "    with pytest.raises(TypeError):\n        make(template=None)\n",
]


@pytest.mark.parametrize("fork", EXPECTED)
def test_a_call_a_fork_test_expects_refused_stays_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    """Fails on the engine before mend82 (all four were errors): the expectation was read only by the renamed-slot
    and retyped-parameter checks, not by the misfit a call's signature makes."""
    assert _rows(git_repo, no_rules, fork) == []


def test_a_test_expecting_another_kind_of_refusal_still_breaks(git_repo: GitRepo, no_rules: Path) -> None:
    """``pytest.raises(ValueError)``: the TypeError the call raises now is not what the test expects."""
    fork = EXPECTED[0].replace("TypeError", "ValueError")
    line = next(i for i, t in enumerate((_HEAD + fork).splitlines(), 1) if "make(template=None)" in t)
    assert _rows(git_repo, no_rules, fork, severity=True) == [("pkg/mine.py", line, "error")]
