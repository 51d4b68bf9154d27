"""The plan hands the audit's sidecar the merge's three commits before the config's slower checks,
when no fetch can change them; everything it checks still fails in its usual order."""

from __future__ import annotations

import pytest

from aeon_release.adapters.git import Git
from aeon_release.commands import demo_repo as demo
from aeon_release.errors import ConfigError
from aeon_release.pipeline.merge_plan import MergePlan, Options, build_plan


def _plan(ex: demo.Example, fetch: bool = False) -> tuple[list[tuple[str, str, str]], object]:
    """The sides the plan told, and the plan (or the ConfigError it raised)."""
    told: list[tuple[str, str, str]] = []

    def on_sides(base: str, ours: str, theirs: str) -> None:
        told.append((base, ours, theirs))

    git = Git(ex.fork)
    try:
        plan: object = build_plan(git, Options("v0.29.0", ex.config, fetch=fetch), on_sides)
    except ConfigError as exc:
        plan = exc
    return told, plan


def _sides(ex: demo.Example) -> tuple[str, str, str]:
    git = Git(ex.fork)
    ours, theirs = git.resolve("aeon-v0.27.1"), git.resolve("v0.29.0^{commit}")
    assert ours is not None and theirs is not None
    base = git.merge_base(ours, theirs)
    assert base is not None
    return base, ours, theirs


def test_without_a_fetch_the_sides_are_told_early_once_and_the_plan_is_the_same(example: demo.Example) -> None:
    told, plan = _plan(example)
    assert isinstance(plan, MergePlan)
    assert told == [_sides(example)]
    alone = build_plan(Git(example.fork), Options("v0.29.0", example.config, fetch=False))  # nothing told early
    assert plan == alone
    assert (plan.merge_base, plan.previous_sha, plan.tag_sha) == _sides(example)


def test_an_invalid_profile_still_fails_its_check_after_the_early_sides(example: demo.Example) -> None:
    fleet = example.config / "fleet.yaml"
    fleet.write_text(fleet.read_text() + "no_such_key: 1\n")
    told, plan = _plan(example)
    assert isinstance(plan, ConfigError) and "no_such_key" in str(plan)
    assert told == [_sides(example)]  # read-only work, started before the schema refused the file


@pytest.mark.parametrize("prefix", ["--output=/tmp/x-", "a b", "", "x" * 41])
def test_a_prefix_not_of_the_schemas_form_tells_nothing_early(example: demo.Example, prefix: str) -> None:
    fleet = example.config / "fleet.yaml"
    lines = [
        f"branch_prefix: {prefix!r}" if ln.startswith("branch_prefix:") else ln for ln in fleet.read_text().splitlines()
    ]
    fleet.write_text("\n".join(lines) + "\n")
    told, plan = _plan(example)
    assert isinstance(plan, ConfigError) and "branch_prefix" in str(plan)
    assert told == []


def test_with_a_fetch_the_sides_wait_for_it(example: demo.Example) -> None:
    told, plan = _plan(example, fetch=True)
    assert not isinstance(plan, Exception)
    assert told == [_sides(example)]


def test_a_missing_profile_is_the_same_error_early_or_not(example: demo.Example) -> None:
    (example.config / "fleet.yaml").unlink()
    told, plan = _plan(example)
    assert isinstance(plan, ConfigError) and "fleet.yaml" in str(plan)
    assert told == []


def test_the_pr_index_of_named_prs_equals_the_full_index_on_them() -> None:
    """With the ledger's PR numbers, subjects without their digits are not searched; the answer for
    those numbers is the full index's (oldest wins), and a group that is not ASCII digits is no PR."""
    import re

    from aeon_release.adapters.git import Commit
    from aeon_release.pipeline.merge_plan import pr_index

    subjects = [
        "Fix the thing (#101)",
        "Revert 'Fix the thing (#101)' (#205)",
        "Docs (#0101)",  # a leading zero: still PR 101
        "Unrelated (#3)",
        "Arabic-Indic digits (#\u0661\u0660\u0661)",
        "No number at all",
        "Older fix (#101)",
    ]
    commits = [Commit(f"{i:040x}", s) for i, s in enumerate(subjects)]  # newest first, as git log lists
    pattern = re.compile(r"\(#(\S+)\)$")
    full = pr_index(commits, pattern)
    named = pr_index(commits, pattern, {101, 205, 999})
    assert named == {n: full[n] for n in (101, 205)}
    assert named[101].subject == "Older fix (#101)"  # the oldest
    assert 3 in full and 3 not in named
    assert all(isinstance(n, int) for n in full) and len(full) == 3  # the Arabic-Indic group is no PR
