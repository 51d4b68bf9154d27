"""What a stranger met following the README on a fork of the real vLLM history (robust32's walkthrough): a fork
branch merged from a release-branch tag (vLLM's v0.9.2, cut on releases/v0.9.2) conflicts with the next tag from
main in files no carry touches, and nothing said why."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import build_example, git, run_cli


def test_a_fork_branch_merged_from_a_release_branch_tag_is_named_with_its_trap(tmp_path: Path) -> None:
    """aeon-v0.27.2 is v0.27.2 (a backport on a release branch, never on main) with the fork's carries; the merge of
    v0.29.0 onto it meets the backport against its original.  The plan and the stopped run's report say where such
    conflicts come from; a conflicted file no carry touches says so.  The twin, a fork branch on a tag that v0.29.0
    contains (aeon-v0.27.1), gets no such note."""
    ex = build_example(tmp_path / "ex")
    up = ex.upstream
    git(up, "switch", "-q", "-c", "releases/v0.27", "v0.27.1")
    (up / "docs" / "serving.md").write_text((up / "docs" / "serving.md").read_text() + "Backported line.\n")
    git(up, "commit", "-qam", "[Doc] backport (#52000)")
    git(up, "tag", "v0.27.2")
    git(ex.fork, "fetch", "-q", "upstream", "tag", "v0.27.2")
    git(ex.fork, "switch", "-q", "-c", "aeon-v0.27.2", "aeon-v0.27.1")
    git(ex.fork, "merge", "-q", "--no-edit", "v0.27.2")
    args = ("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    plan = run_cli(*args, "--onto", "aeon-v0.27.2", "--dry-run", "--json")
    assert plan.code == 0, plan.err
    said = [note for note in plan.json()["notes"] if "was merged from v0.27.2" in note]
    assert said and "which v0.29.0 does not contain (a release-branch tag)" in said[0], plan.json()["notes"]
    assert "conflict in files the fork never touched" in said[0]
    stopped = run_cli(*args, "--onto", "aeon-v0.27.2")
    assert stopped.code == 1, stopped.err
    assert "was merged from v0.27.2" in stopped.out and "conflict: docs/serving.md (no carry touches it)" in stopped.out
    assert run_cli("merge", "--abort", "--repo", ex.fork).code == 0
    twin = run_cli(*args, "--onto", "aeon-v0.27.1", "--dry-run", "--json")
    assert twin.code == 0 and not [n for n in twin.json()["notes"] if "was merged from" in n], twin.json()["notes"]


def test_a_tag_not_found_says_where_it_was_looked_for_as_it_was(tmp_path: Path) -> None:
    """`merge v0.10.1` (not tagged yet) in a fork with its upstream remote: the hint said "add the upstream remote:
    git remote add upstream <url>" to a fork that had one, and with --no-fetch the line said it looked in the
    remote, which was never asked.  Each case now says what was done and the way on."""
    ex = build_example(tmp_path / "ex")
    args = ("merge", "v0.29.1", "--repo", ex.fork, "--config", ex.config, "--dry-run")
    fetched = run_cli(*args)
    assert fetched.code == 2 and "looked in local tags and remote 'upstream', fetched now" in fetched.err
    assert "git remote add" not in fetched.err and "the nearest: v0.29.0" in fetched.err, fetched.err
    local = run_cli(*args, "--no-fetch")
    assert local.code == 2 and "--no-fetch: remote 'upstream' not asked" in local.err
    assert "drop --no-fetch" in local.err and "git remote add" not in local.err, local.err
    git(ex.fork, "remote", "remove", "upstream")
    alone = run_cli(*args)
    assert alone.code == 2 and "(no upstream remote)" in alone.err and "git remote add upstream" in alone.err


def test_the_first_audit_s_newer_python_note_gives_the_line_to_paste(tmp_path: Path) -> None:
    """The first audit after init of a real vLLM fork failed on a .buildkite script only Python 3.12 compiles, and
    the note said "list such paths under the rule's `exclude`" without the form.  It now gives the very line; pasted
    under the rule, the next audit is clean."""
    import re

    from aeon_release.commands import demo_repo as demo

    ex = build_example(tmp_path / "ex")
    demo.commit(demo.Git(ex.fork), "A script", {"tools/report.py": "if x\n"})
    first = run_cli("audit", "--repo", ex.fork, "--config", ex.config)
    assert first.code == 1, first.err
    line = re.search(r'exclude: \["tools/report.py"\]', first.err)
    assert line is not None and "in its audits/*.yaml" in first.err, first.err
    rules = ex.config / "audits" / "tree.yaml"
    text = rules.read_text()
    assert "    kind: py-compile\n" in text, text
    rules.write_text(text.replace("    kind: py-compile\n", f"    kind: py-compile\n    {line[0]}\n"))
    again = run_cli("audit", "--repo", ex.fork, "--config", ex.config)
    assert again.code == 0 and "note:" not in again.err, again.out + again.err
