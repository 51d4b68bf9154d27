"""Symbol drift: a literal passed for a parameter whose union upstream narrowed past the literal's kind.

#37537 narrowed ``resolve_classifier_act_fn(..., act_fn: "PoolerActivation | str | None")`` to
``"PoolerActivation | None"`` and removed the ``isinstance(act_fn, str)`` branch: a fork's
``resolve_classifier_act_fn(cfg, act_fn="score")`` binds and the body asserts the string callable.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ACTS = "vllm/acts.py"
ACTS_OLD = """class PoolerActivation:
    pass


def resolve(config, static: bool = True, act_fn: "PoolerActivation | str | None" = None):
    if act_fn is None:
        return PoolerActivation()
    if isinstance(act_fn, str):
        return PoolerActivation()
    return act_fn


def pick(task: str | None = None, n: int | None = None):
    if task == "embed":
        return 1
    return n
"""
ACTS_NEW = ACTS_OLD.replace(
    """act_fn: "PoolerActivation | str | None" = None):
    if act_fn is None:
        return PoolerActivation()
    if isinstance(act_fn, str):
        return PoolerActivation()
    return act_fn""",
    """act_fn: "PoolerActivation | None" = None):
    if act_fn is None:
        return PoolerActivation()
    assert callable(act_fn)
    return act_fn""",
).replace("task: str | None = None", "task: TaskName | None = None")
FORK = "vllm/aeon/acts.py"
HEAD = "from vllm.acts import resolve, pick\n\n\n"


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("def f(cfg):\n    return resolve(cfg, act_fn='score')\n", 5),
        ("def f(cfg):\n    return resolve(cfg, True, 'classify')\n", 5),
        # twins: no value for it; an object passed; a kind the union still names (None); a parameter
        # narrowed to an alias whose body still compares the value; a number where only a string was handled
        ("def f(cfg):\n    return resolve(cfg)\n", None),
        ("def f(cfg, act):\n    return resolve(cfg, act_fn=act)\n", None),
        ("def f(cfg):\n    return resolve(cfg, act_fn=None)\n", None),
        ("def f():\n    return pick(task='embed')\n", None),
        ("def f():\n    return pick('embed', 3)\n", None),
    ],
)
def test_a_literal_of_a_kind_upstream_dropped(git_repo: GitRepo, no_rules: Path, body: str, line: int | None) -> None:
    sides = s.merge_case(
        git_repo,
        {ACTS: ACTS_OLD, "vllm/__init__.py": ""},
        {FORK: HEAD + body, "vllm/aeon/__init__.py": ""},
        [("[Model] Deprecate the score task (#37537)", {ACTS: ACTS_NEW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert [n for n, _ in rows] == ([line] if line else [])
    if line:
        assert "no longer handles as a str" in rows[0][1]


_OLD_BODY = """act_fn: "PoolerActivation | str | None" = None):
    if act_fn is None:
        return PoolerActivation()
    if isinstance(act_fn, str):
        return PoolerActivation()
    return act_fn"""
_LITERAL = "from typing import Literal\nActName = Literal['classify', 'score']\n\n\nclass PoolerActivation:"
# the new body still handles the string: in a tuple display, in a match case, or past a negative isinstance
# of the one class left (the alias ``ActLike`` holds ``str``) -- the review's false errors
_IN_TUPLE = ACTS_OLD.replace(
    _OLD_BODY,
    """act_fn: "PoolerActivation | ActName | None" = None):
    if act_fn is None:
        return PoolerActivation()
    if act_fn in ("classify", "score"):
        return PoolerActivation()
    return act_fn""",
).replace("class PoolerActivation:", _LITERAL)
_MATCHED = ACTS_OLD.replace(
    _OLD_BODY,
    """act_fn: "PoolerActivation | ActName | None" = None):
    match act_fn:
        case None | "classify" | "score":
            return PoolerActivation()
    return act_fn""",
).replace("class PoolerActivation:", _LITERAL)
_ELSE = (
    ACTS_OLD.replace(
        _OLD_BODY,
        """act_fn: "ActLike | None" = None):
    if act_fn is None:
        return PoolerActivation()
    if not isinstance(act_fn, PoolerActivation):
        return PoolerActivation()
    return act_fn""",
    ).replace("class PoolerActivation:", "from typing import Union\n\n\nclass PoolerActivation:")
    + "\nActLike = Union[PoolerActivation, str]\n"
)


@pytest.mark.parametrize("new", [_IN_TUPLE, _MATCHED, _ELSE], ids=["in-a-tuple", "match-case", "isinstance-else"])
def test_a_value_the_new_body_still_handles_is_no_error(git_repo: GitRepo, no_rules: Path, new: str) -> None:
    sides = s.merge_case(
        git_repo,
        {ACTS: ACTS_OLD, "vllm/__init__.py": ""},
        {FORK: HEAD + "def f(cfg):\n    return resolve(cfg, act_fn='score')\n", "vllm/aeon/__init__.py": ""},
        [("[Model] Deprecate the score task (#37537)", {ACTS: new})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.message for f in report.findings if f.rule_id == DRIFT and f.path == FORK] == []
