"""Symbol drift: a method renamed in its class, called by its old name, which a base's stub now answers.

vLLM #35758 made ``NixlConnector`` an HMA connector: its ``request_finished`` became
``request_finished_all_groups``, the same body under the new name, while the base interface keeps
``request_finished`` as a stub returning ``False, None``.  A fork override ending ``return
super().request_finished(request, block_ids)`` merges cleanly and resolves, but now runs the stub: the
blocks are freed at once and no transfer parameters reach the decode side.  An error; the plain
"another body answers" warning stays for a base that does work, a rename of a stub, a body upstream
rewrote under its new name, and a call off an instance a fork subclass answers.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.renamed_overrides import renamed_in_place, stub_answer
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE = "vllm/kv/base.py"
BASE_TEXT = """class ConnectorBase:
    def request_finished(self, request, block_ids):
        \"\"\"Whether the blocks wait for a transfer, and the params the decode side needs.\"\"\"
        return False, None

    def request_finished_all_groups(self, request, block_ids):
        raise NotImplementedError
"""
NIXL = "vllm/kv/nixl.py"
NIXL_TEXT = """from vllm.kv.base import ConnectorBase


class NixlConnector(ConnectorBase):
    def __init__(self, scheduler) -> None:
        self.connector_scheduler = scheduler

    def request_finished(self, request, block_ids):
        assert self.connector_scheduler is not None
        return self.connector_scheduler.request_finished(request, block_ids)
"""
RENAMED = NIXL_TEXT.replace("def request_finished(", "def request_finished_all_groups(")
REWRITTEN = RENAMED.replace(
    "return self.connector_scheduler.request_finished(request, block_ids)",
    "return self.connector_scheduler.request_finished(request, list(block_ids))",
)
FORK = "vllm/aeon/nixl.py"
HEAD = "from vllm.kv.nixl import NixlConnector\n\n\n"
OVERRIDE = (
    HEAD + "class AeonNixl(NixlConnector):\n"
    "    def request_finished(self, request, block_ids):\n"
    "        if request.aborted:\n"
    "            return False, None\n"
    "        return super().request_finished(request, block_ids)\n"
)
TYPED = (
    HEAD
    + "def aeon_finish(conn: NixlConnector, request, block_ids):\n    return conn.request_finished(request, block_ids)\n"
)
SUBJECT = "[Core][KVConnector] Support HMA+NixlConnector (#35758)"


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, nixl: str = RENAMED, base: str = BASE_TEXT) -> list:
    sides = s.merge_case(
        git_repo,
        {BASE: base, NIXL: NIXL_TEXT, "vllm/aeon/__init__.py": "", "vllm/kv/__init__.py": ""},
        {FORK: fork},
        [(SUBJECT, {NIXL: nixl})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK]


@pytest.mark.parametrize(
    ("fork", "needle"),
    [(OVERRIDE, "super().request_finished"), (TYPED, "conn.request_finished")],
    ids=["an override's super() call", "a call off a typed receiver"],
)
def test_a_call_of_a_method_renamed_in_place_that_a_stub_answers_is_an_error(
    git_repo: GitRepo, no_rules: Path, fork: str, needle: str
) -> None:
    [(_, line, severity, message)] = _rows(git_repo, no_rules, fork)
    assert (line, severity) == (next(i for i, t in enumerate(fork.splitlines(), 1) if needle in t), "error")
    assert "whose NixlConnector.request_finished upstream renamed to NixlConnector.request_finished_all_groups" in (
        message
    )
    assert "ConnectorBase.request_finished" in message and "does nothing but return (False, None)" in message


SIBLING = "vllm/kv/lmcache.py"
SIBLING_TEXT = """from vllm.kv.base import ConnectorBase


class LMCacheConnector(ConnectorBase):
    def request_finished(self, request, block_ids):
        return self.engine.finish(request, block_ids)
"""


def test_a_sibling_connector_doing_the_work_is_no_answer_for_a_typed_instance(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """Another subclass of the base (not of NixlConnector) cannot be what ``conn: NixlConnector`` holds."""
    sides = s.merge_case(
        git_repo,
        {
            BASE: BASE_TEXT,
            NIXL: NIXL_TEXT,
            SIBLING: SIBLING_TEXT,
            "vllm/aeon/__init__.py": "",
            "vllm/kv/__init__.py": "",
        },
        {FORK: TYPED},
        [(SUBJECT, {NIXL: RENAMED})],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK]
    assert [(line, severity) for _, line, severity, _ in rows] == [(5, "error")], rows


WORKING_BASE = BASE_TEXT.replace("return False, None", "return self.request_finished_all_groups(request, [block_ids])")
SUBCLASSED = (
    TYPED
    + "\n\nclass AeonNixl(NixlConnector):\n    def request_finished(self, request, block_ids):\n        return True, {}\n"
)


@pytest.mark.parametrize(
    ("fork", "nixl", "base"),
    [
        (OVERRIDE, RENAMED, WORKING_BASE),  # the base hands on to the new name: a shim, it works
        (OVERRIDE, REWRITTEN, BASE_TEXT),  # not the same body under the new name: no rename proven
        (SUBCLASSED, RENAMED, BASE_TEXT),  # a fork subclass may be what the typed receiver holds
    ],
    ids=["a base shim", "rewritten under the new name", "a subclass answers an instance call"],
)
def test_a_call_not_proven_to_reach_a_stub_stays_a_warning(
    git_repo: GitRepo, no_rules: Path, fork: str, nixl: str, base: str
) -> None:
    rows = _rows(git_repo, no_rules, fork, nixl, base)
    assert rows and all(severity == "warning" for _, _, severity, _ in rows), rows


def test_a_stub_renamed_proves_nothing() -> None:
    was = ast.parse("class A:\n    def f(self):\n        return False, None\n").body[0]
    now = ast.parse("class A:\n    def g(self):\n        return False, None\n").body[0]
    assert isinstance(was, ast.ClassDef) and isinstance(now, ast.ClassDef)
    removed = was.body[0]
    assert isinstance(removed, ast.FunctionDef)
    assert stub_answer(removed) == "does nothing but return (False, None)"
    assert renamed_in_place(removed, was, now) is None


GUARDED = HEAD + "class AeonNixl(NixlConnector):\n    def request_finished(self, request, block_ids):\n"
NEW_FIRST = {
    "a hasattr of the new name": GUARDED + "        if hasattr(NixlConnector, 'request_finished_all_groups'):\n"
    "            return super().request_finished_all_groups(request, (block_ids,))\n"
    "        return super().request_finished(request, block_ids)\n",
    "a getattr of it tested for None": GUARDED
    + "        hook = getattr(super(), 'request_finished_all_groups', None)\n"
    "        if hook is not None:\n"
    "            return hook(request, (block_ids,))\n"
    "        return super().request_finished(request, block_ids)\n",
    "a try of it": GUARDED + "        try:\n"
    "            return super().request_finished_all_groups(request, (block_ids,))\n"
    "        except (AttributeError, NotImplementedError):\n"
    "            return super().request_finished(request, block_ids)\n",
}


@pytest.mark.parametrize("fork", list(NEW_FIRST.values()), ids=list(NEW_FIRST))
def test_the_old_name_as_the_fallback_of_the_new_stays_a_warning(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    """A function that also names the new method picks one by what the class has, for the releases on either
    side of the rename: the old name's call is the fallback, not this error (the warning still asks)."""
    rows = _rows(git_repo, no_rules, fork)
    assert rows and all(severity == "warning" for _, _, severity, _ in rows), rows


def test_the_new_name_only_in_the_def_is_no_fallback(git_repo: GitRepo, no_rules: Path) -> None:
    """An override named as the new method that calls the old one on ``super()`` still reaches the stub."""
    fork = (
        HEAD + "class AeonNixl(NixlConnector):\n"
        "    def request_finished_all_groups(self, request, block_ids):\n"
        "        return super().request_finished(request, block_ids[0])\n"
    )
    rows = _rows(git_repo, no_rules, fork)
    assert (6, "error") in [(line, severity) for _, line, severity, _ in rows], rows
