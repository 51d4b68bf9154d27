"""The merge's audit lists the merged revision ahead (``GitTree.list_ahead``): git lists it while it diffs it
against both sides, where the listing came after the diff, one wait after the other."""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence

import pytest

from aeon_release.adapters.git import Git
from aeon_release.commands import demo_repo as demo
from aeon_release.domain.audits import GitTree
from tests.helpers import run_cli


def test_the_audit_lists_the_merged_revision_before_it_diffs_it(
    example: demo.Example, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[tuple[str, str]] = []
    ahead, paths = GitTree.list_ahead, Git.changed_path_lists

    def listing(tree: GitTree) -> None:
        said.append(("listed ahead", tree.rev))
        ahead(tree)

    def diffing(git: Git, base: str, tips: Sequence[str]) -> list[list[str]]:
        said.append(("diffed", base))
        return paths(git, base, tips)

    monkeypatch.setattr(GitTree, "list_ahead", listing)
    monkeypatch.setattr(Git, "changed_path_lists", diffing)
    result = run_cli("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--json")
    assert result.code == 0, result.err
    head = json.loads(result.out)["branch_sha"]
    at = said.index(("listed ahead", head))
    assert said[at + 1] == ("diffed", head)  # the listing is under way while git diffs the merge
    assert not any(t.name == "list-ahead" for t in threading.enumerate())  # and done with the audit
