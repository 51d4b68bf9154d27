"""The first hour of a maintainer, round two: what `git merge` in their checkout would have done that the
worktree-less merge skipped, the listing of what a stopped run left, and a dry run of `init` on a fresh fork."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from aeon_release.commands import demo_repo
from tests.helpers import build_example, error_lines, git, run_cli


def _conflicted_run(tmp_path: Path) -> tuple[demo_repo.Example, Path]:
    """A merge of v0.29.0 stopped on a conflict (the fork edited docs/serving.md too): its worktree is there."""
    ex = build_example(tmp_path / "ex")
    with (ex.fork / "docs" / "serving.md").open("a") as handle:
        handle.write("Fork line.\n")
    git(ex.fork, "commit", "-qam", "fork docs")
    stopped = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert stopped.code == 1, stopped.err
    worktree = ex.fork / ".git" / "aeon-release" / "worktrees" / "v0.29.0"
    assert worktree.is_dir()
    return ex, worktree


def test_status_json_lists_the_worktree_of_a_stopped_run_and_one_left_by_a_removed_run_folder(tmp_path: Path) -> None:
    """`status --json` listed runs only: after `rm -rf .git/aeon-release/runs/v0.29.0` the text named the worktree
    left behind while the list was empty, and a script cleaning up after stopped runs never saw it.  Now the tag is
    there, ``state`` ``orphaned`` and ``worktree`` the folder, with the keys every object of the list has."""
    ex, worktree = _conflicted_run(tmp_path)
    stopped = run_cli("status", "--repo", ex.fork, "--json").json()
    assert [(r["tag"], r["state"], r["worktree"]) for r in stopped] == [("v0.29.0", "conflict", str(worktree))]
    keys = set(stopped[0])
    shutil.rmtree(ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0")
    status = run_cli("status", "--repo", ex.fork, "--json")
    assert status.code == 0, status.err
    left = status.json()
    assert [(r["tag"], r["state"], r["worktree"], r["release"]) for r in left] == [
        ("v0.29.0", "orphaned", str(worktree), None)
    ], left
    assert set(left[0]) == keys
    assert run_cli("merge", "--abort", "v0.29.0", "--repo", ex.fork).code == 0
    assert run_cli("status", "--repo", ex.fork, "--json").json() == []


def test_init_dry_run_without_an_origin_shows_the_files_with_a_named_placeholder(tmp_path: Path) -> None:
    """`init --dry-run` on a fork with no GitHub or GitLab origin refused ("no image repository", exit 2): the
    dry run a newcomer tries first to see what init writes asked for the one value it did not need.  Now it
    prints every file, the image repository a placeholder named as such (in fleet.yaml, on stderr and in the
    JSON), and writes nothing; the real run still asks for --image."""
    ex = build_example(tmp_path / "ex")
    config = tmp_path / "cfg"
    done = run_cli("init", "--repo", ex.fork, "--config", config, "--dry-run")
    assert done.code == 0, done.err
    assert "# --- fleet.yaml" in done.out and "# --- carries.yaml" in done.out
    assert "repository: registry.invalid/owner/fork  # a placeholder: init --image" in done.out, done.out
    assert "placeholder registry.invalid/owner/fork" in done.err and "--image REGISTRY/OWNER/NAME" in done.err
    assert not config.exists()
    as_json = run_cli("init", "--repo", ex.fork, "--config", config, "--dry-run", "--json")
    assert as_json.code == 0 and as_json.json()["image_placeholder"] is True and not config.exists()
    real = run_cli("init", "--repo", ex.fork, "--config", config)
    assert real.code == 2 and "pass --image" in real.err and not config.exists()
    named = run_cli("init", "--repo", ex.fork, "--config", config, "--image", "ghcr.io/me/x", "--dry-run", "--json")
    assert named.json()["image_placeholder"] is False


def _fork_edits_serving(ex: demo_repo.Example, attributes: str | None = None) -> None:
    """The fork edits docs/serving.md, which v0.29.0 edits too (a conflict for a plain merge), and may commit a
    ``.gitattributes``."""
    with (ex.fork / "docs" / "serving.md").open("a") as handle:
        handle.write("Fork line.\n")
    if attributes is not None:
        (ex.fork / ".gitattributes").write_text(attributes)
        git(ex.fork, "add", ".gitattributes")
    git(ex.fork, "commit", "-qam", "fork docs")


def _merge(ex: demo_repo.Example, *extra: str):
    return run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", *extra)


def _git_merge_tree(ex: demo_repo.Example, tmp_path: Path) -> str:
    """The tree `git merge v0.29.0` makes in a checkout of the fork branch (a worktree of its own)."""
    place = tmp_path / "by-hand"
    git(ex.fork, "worktree", "add", "-q", "--detach", str(place), "aeon-v0.27.1")
    git(place, "merge", "-q", "--no-edit", "v0.29.0")
    tree = git(place, "rev-parse", "HEAD^{tree}").strip()
    git(ex.fork, "worktree", "remove", "--force", str(place))
    return tree


def test_a_merge_driver_the_forks_gitattributes_name_is_honoured_as_git_merge_honours_it(tmp_path: Path) -> None:
    """The fork keeps docs/serving.md as its own (``docs/serving.md merge=ours`` in its .gitattributes, the
    driver ``merge.ours.driver=true`` in the config): `git merge` in the fork's checkout merges v0.29.0 cleanly,
    the fork's file kept, while the worktree-less merge read no .gitattributes and stopped on a conflict there.
    Now its merge commit has git merge's tree."""
    ex = build_example(tmp_path / "ex")
    _fork_edits_serving(ex, "docs/serving.md merge=ours\n")
    git(ex.fork, "config", "merge.ours.driver", "true")
    expected = _git_merge_tree(ex, tmp_path)
    done = _merge(ex)
    assert done.code == 0, done.err
    merge_commit = git(ex.fork, "rev-list", "--merges", "-1", "aeon-v0.29.0").strip()
    assert git(ex.fork, "rev-parse", f"{merge_commit}^{{tree}}").strip() == expected
    assert git(ex.fork, "show", "aeon-v0.29.0:docs/serving.md").endswith("Fork line.")


def test_a_union_merge_the_forks_gitattributes_name_is_refused(tmp_path: Path) -> None:
    """``merge=union`` writes both sides of a conflict with no marker: refused as it is from info/attributes,
    one line naming the path and the fork's .gitattributes, nothing merged."""
    ex = build_example(tmp_path / "ex")
    _fork_edits_serving(ex, "docs/* merge=union\n")
    done = _merge(ex)
    lines = [line for line in done.err.splitlines() if line.startswith("error: ")]
    assert done.code != 0 and len(lines) == 1, done.err
    assert "the fork's .gitattributes give 'docs/serving.md' the attribute merge=union" in lines[0], lines[0]
    assert "(hint: " in lines[0]
    assert git(ex.fork, "branch", "--list", "aeon-v0.29.0").strip() == ""


def test_branch_merge_options_that_change_the_merge_are_refused_and_the_others_go_by(tmp_path: Path) -> None:
    """``branch.aeon-v0.27.1.mergeOptions = -X ours``: `git merge` on the fork branch takes the fork's side of
    every conflict; the worktree-less merge read no such setting and went on as a plain merge.  Now it refuses
    before anything is made, one line naming the setting and the option; an option that leaves the merge as it
    is (``--no-ff --stat``) goes by."""
    ex = build_example(tmp_path / "ex")
    branches = git(ex.fork, "for-each-ref", "refs/heads")
    git(ex.fork, "config", "branch.aeon-v0.27.1.mergeOptions", "--no-ff -X ours")
    for argv in (("--dry-run",), ()):
        done = _merge(ex, *argv)
        line = one_line(done.err)
        assert done.code != 0 and "branch.aeon-v0.27.1.mergeOptions" in line and "with -X ours" in line, line
        assert "git config --unset branch.aeon-v0.27.1.mergeOptions" in line
    assert git(ex.fork, "for-each-ref", "refs/heads") == branches
    git(ex.fork, "config", "branch.aeon-v0.27.1.mergeOptions", "--no-ff --stat")
    done = _merge(ex)
    assert done.code == 0, done.err


def test_merge_renormalize_is_refused_where_it_would_change_the_merge(tmp_path: Path) -> None:
    """``merge.renormalize=true`` makes `git merge` normalize each file's three versions before merging where an
    attribute converts its text (``* text=auto``); git 2.39's merge-tree reads no such setting.  Refused where it
    would matter (one line, nothing merged); with no converting attribute it changes nothing and goes by."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "config", "merge.renormalize", "true")
    twin = build_example(tmp_path / "twin")
    git(twin.fork, "config", "merge.renormalize", "true")
    assert run_cli("merge", "v0.29.0", "--repo", twin.fork, "--config", twin.config, "--no-fetch").code == 0
    (ex.fork / ".gitattributes").write_text("* text=auto\n")
    git(ex.fork, "add", ".gitattributes")
    git(ex.fork, "commit", "-qm", "attributes")
    done = _merge(ex)
    line = one_line(done.err)
    assert "merge.renormalize" in line and "text=auto" in line and "git config merge.renormalize false" in line
    assert git(ex.fork, "branch", "--list", "aeon-v0.29.0").strip() == ""


def test_conflict_style_zdiff3_shows_in_the_stopped_runs_worktree(tmp_path: Path) -> None:
    """``merge.conflictStyle=zdiff3``: the worktree a conflict stops in has the base's side between the markers,
    as `git merge` writes them (the replay there is git merge itself)."""
    ex = build_example(tmp_path / "ex")
    _fork_edits_serving(ex)
    git(ex.fork, "config", "merge.conflictStyle", "zdiff3")
    assert _merge(ex).code == 1
    text = (ex.fork / ".git" / "aeon-release" / "worktrees" / "v0.29.0" / "docs" / "serving.md").read_text()
    assert "<<<<<<< " in text and "\n||||||| " in text and "\n=======\n" in text, text


def one_line(err: str) -> str:
    lines = error_lines(err)
    assert len(lines) == 1 and lines[0].startswith("error: ") and "(hint: " in lines[0], err
    return lines[0]


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (["mrege", "v0.29.0"], "did you mean merge? see `aeon-release --help`"),
        (["statsu"], "did you mean status? see `aeon-release --help`"),
        (["ledger", "chek"], "did you mean check? see `aeon-release ledger --help`"),
        (["merge", "--contineu"], "did you mean --continue? see `aeon-release merge --help`"),
        (["xyzzy"], "see `aeon-release --help`"),
    ],
)
def test_a_misspelt_command_or_option_gets_the_closest_names(args: list[str], hint: str) -> None:
    """`aeon-release mrege` said "no such command 'mrege' (hint: see `aeon-release --help`)": options got a "did
    you mean", commands none.  And `merge --contineu` suggested "--config or --continue or --onto", alphabetically:
    the names nearly as close as the closest now, closest first."""
    done = run_cli(*args)
    assert done.code == 2 and done.out == "", done.err
    assert done.err.endswith(f"(hint: {hint})\n"), done.err


def test_a_lost_carry_marker_says_a_changed_line_gets_new_marker_text() -> None:
    """A conflict resolved by adapting the carried line (upstream's new annotation kept, the fork's value too) loses
    the marker's exact text; the finding said only "restore the carry's lines" or "mark it dropped", and the right
    resolution looked wrong.  It names the third way: the marker's new text in carries.yaml."""
    from aeon_release.domain.audits.kinds import marker

    assert "give the marker its new text in carries.yaml" in marker._CARRY_HINT
    assert "give the marker the line's new text in carries.yaml" in marker.Marker.fix


def test_a_carry_whose_marker_was_settled_by_hand_is_no_longer_reported_missing(tmp_path: Path) -> None:
    """The carries step found uma-clamp's marker gone (the ledger's text no longer matched the line); the person
    gave the marker the line's text in carries.yaml and ran `merge --continue`: the audit passed, the branch was
    made, and the carries table, the report and the notes still called the carry "missing".  Now it is kept."""
    ex = build_example(tmp_path / "ex")
    ledger = ex.config / "carries.yaml"
    right = ledger.read_text()
    ledger.write_text(right.replace("text: uma-negative-cudagraph-estimate-clamp}", "text: uma-clamp-v2}"))
    stopped = _merge(ex)
    assert stopped.code == 1 and "carry-marker/uma-clamp" in stopped.out + stopped.err, stopped.err
    ledger.write_text(right)
    done = run_cli("merge", "--continue", "--repo", ex.fork, "--json")
    assert done.code == 0, done.err
    carries = {c["id"]: c for c in done.json()["carries"]}
    assert carries["uma-clamp"]["status"] == "kept", carries["uma-clamp"]
    assert "missing_markers" not in carries["uma-clamp"]


def test_release_publishes_to_fleet_yamls_image_repository_without_repository(tmp_path: Path) -> None:
    """`aeon-release release v0.29.0 --dry-run` after init said "missing option '--repository'": the value init
    wrote to fleet.yaml (image.repository, which build already tags the image with) was asked for again.  Now it is
    the default; a local name there (no registry) is refused naming fleet.yaml, and --repository still names
    another."""
    ex = build_example(tmp_path / "ex")
    key = tmp_path / "keys" / "signing"
    assert run_cli("keygen", key).code == 0
    argv = ("release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--signing-key", key, "--dry-run")
    no_engine = {"DOCKER_HOST": "unix:///nonexistent"}
    local = run_cli(*argv, env=no_engine)
    line = one_line(local.err)
    assert local.code == 2 and "fleet.yaml: image.repository 'aeon-vllm-ultimate' names no registry" in line, line
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text().replace("repository: aeon-vllm-ultimate", "repository: ghcr.io/me/fork"))
    plan = run_cli(*argv, "--json", env=no_engine)
    assert plan.code == 0, plan.err
    assert "ghcr.io/me/fork:" in plan.out, plan.out
    other = run_cli(*argv, "--repository", "localhost:5000/fork", "--json", env=no_engine)
    assert other.code == 0 and "localhost:5000/fork:" in other.out and "ghcr.io" not in other.out, other.err


@pytest.mark.parametrize(("typed", "meant"), [("0.29.0", "v0.29.0"), ("V0.29.0", "v0.29.0"), ("v0.29", None)])
def test_a_tag_typed_as_pip_spells_the_version_gets_the_tag_it_nearly_is(
    tmp_path: Path, typed: str, meant: str | None
) -> None:
    """`merge 0.29.0` said "tag '0.29.0' is not a release tag (hint: release versions look like v0.29.0...)": what
    versions look like, not which one was meant.  The hint names it when a ``v`` makes one."""
    ex = build_example(tmp_path / "ex")
    done = run_cli("merge", typed, "--repo", ex.fork, "--config", ex.config, "--no-fetch", "--dry-run")
    line = one_line(done.err)
    assert done.code == 2 and "is not a release tag" in line, line
    assert (f"(hint: did you mean {meant}? release versions look like" in line) == (meant is not None), line


def test_a_finished_merge_names_release_without_repository_when_fleet_yaml_has_one(tmp_path: Path) -> None:
    """The hint after a merge said `aeon-release release v0.29.0 --repository REGISTRY/NAME` although fleet.yaml's
    image.repository (release's default now) names a registry: the option is left out then."""
    ex = build_example(tmp_path / "ex")
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text().replace("repository: aeon-vllm-ultimate", "repository: ghcr.io/me/fork"))
    done = _merge(ex)
    assert done.code == 0, done.err
    (hint,) = [line for line in done.err.splitlines() if line.startswith("next: ")]
    release_cmd = hint.split("`")[3]
    assert release_cmd.startswith("aeon-release release v0.29.0 --repo ") and "--repository" not in release_cmd


def test_a_step_that_stopped_for_a_person_keeps_its_time(tmp_path: Path) -> None:
    """The timings of a run (its report, `status --json`, the notes' table) counted a step only in the session that
    finished it: a merge that stopped on a conflict had no time until `--continue`, which concluded it in a few
    milliseconds, and the notes said "merge | 0.0 s" for a merge that took seconds.  The stopped session counts."""
    ex, _ = _conflicted_run(tmp_path)
    [stopped] = run_cli("status", "--repo", ex.fork, "--json").json()
    assert stopped["timings"].get("merge", 0) > 0, stopped["timings"]


def test_init_again_takes_the_image_repository_its_fleet_yaml_names(tmp_path: Path) -> None:
    """A second `init --force` (the fork has new commits to list as carries) on a fork whose origin is no GitHub
    or GitLab remote asked for --image again, though the fleet.yaml it replaces names one: that one is kept."""
    from aeon_release.adapters.yamlio import load_yaml

    ex = build_example(tmp_path / "ex")
    config = tmp_path / "cfg"
    assert run_cli("init", "--repo", ex.fork, "--config", config, "--image", "ghcr.io/me/fork").code == 0
    again = run_cli("init", "--repo", ex.fork, "--config", config, "--force")
    assert again.code == 0, again.err
    assert load_yaml(config / "fleet.yaml")["image"]["repository"] == "ghcr.io/me/fork"


def test_continue_with_no_unfinished_run_names_the_checkout_and_the_finished_runs(tmp_path: Path) -> None:
    """`merge --continue` after the run finished said "no unfinished aeon-release run in ." (run from the checkout):
    no folder, and nothing of the run that just finished.  The checkout's path and the finished runs now."""
    ex = build_example(tmp_path / "ex")
    assert _merge(ex).code == 0
    done = run_cli("merge", "--continue", cwd=ex.fork)
    line = one_line(done.err)
    assert f"no unfinished aeon-release run in {ex.fork.resolve()} (v0.29.0 done: `aeon-release status`" in line, line


def test_a_crafted_trees_dotdot_gitattributes_is_never_written_outside_the_attribute_folder(tmp_path: Path) -> None:
    """The fork's .gitattributes are written to a folder of the tool's for merge-tree to read: a tree crafted with
    a ``..`` entry (``git mktree`` takes one; no checkout ever writes it) named a file outside that folder."""
    import subprocess

    from aeon_release.adapters.git import Git

    def fed(text: str, *args: str) -> str:
        done = subprocess.run(["git", "-C", ex.fork, *args], input=text, capture_output=True, text=True, check=True)
        return done.stdout.strip()

    ex = build_example(tmp_path / "ex")
    blob = fed("* merge=ours\n", "hash-object", "-w", "--stdin")
    inner = fed(f"100644 blob {blob}\t.gitattributes\n", "mktree")
    top = fed(f"040000 tree {inner}\t..\n", "mktree")
    commit = git(ex.fork, "commit-tree", top, "-m", "crafted").strip()
    repo = Git(ex.fork)
    assert repo._attribute_folder(commit) == repo._scratch
    assert not list((ex.fork / ".git" / "aeon-release").glob("**/.gitattributes"))


def test_the_attribute_folder_follows_the_trees_gitattributes_from_pick_to_pick(tmp_path: Path) -> None:
    """A run's picks merge onto one tree after another: the folder of the last one serves while no .gitattributes
    changed (a tree diff says so), and a changed one makes a new folder with its text."""
    from aeon_release.adapters.git import Git

    ex = build_example(tmp_path / "ex")
    (ex.fork / ".gitattributes").write_text("docs/* merge=ours\n")
    git(ex.fork, "add", ".gitattributes")
    git(ex.fork, "commit", "-qm", "attributes")
    first = git(ex.fork, "rev-parse", "HEAD")
    (ex.fork / "NOTES").write_text("x\n")
    git(ex.fork, "add", "NOTES")
    git(ex.fork, "commit", "-qm", "another file")
    second = git(ex.fork, "rev-parse", "HEAD")
    (ex.fork / "docs" / ".gitattributes").write_text("*.md -merge\n")
    git(ex.fork, "add", "docs/.gitattributes")
    git(ex.fork, "commit", "-qm", "nested attributes")
    third = git(ex.fork, "rev-parse", "HEAD")
    repo = Git(ex.fork)
    folder = repo._attribute_folder(first)
    assert (folder / ".gitattributes").read_text() == "docs/* merge=ours\n"
    assert repo._attribute_folder(second) == folder
    nested = repo._attribute_folder(third)
    assert nested != folder and (nested / "docs" / ".gitattributes").read_text() == "*.md -merge\n"
    assert Git(ex.fork)._attribute_folder("v0.27.1") == repo._scratch


def test_release_refuses_an_empty_repository_given() -> None:
    """With fleet.yaml's image.repository as release's default, ``--repository ''`` (an unset variable in a script)
    is refused, not read as "not given"."""
    done = run_cli("release", "v0.29.0", "--repository", "", "--dry-run")
    assert done.code == 2 and "'--repository': an empty value" in one_line(done.err)


def test_gitattributes_that_name_no_refused_attribute_cost_no_git_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Most forks' .gitattributes say ``linguist-*`` and the like: the merge's check of union and renormalize runs
    no git for them (a diff and a check-attr at every pick were ~5% of a small merge's CPU)."""
    from aeon_release.adapters.git import Git

    ex = build_example(tmp_path / "ex")
    (ex.fork / ".gitattributes").write_text("docs/** linguist-generated=true\n")
    git(ex.fork, "add", ".gitattributes")
    git(ex.fork, "commit", "-qm", "linguist")
    repo = Git(ex.fork)
    ran: list[str] = []
    real = repo.plumb

    def counting(*args: str, **kwargs: object) -> object:
        ran.append(args[0])
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(repo, "plumb", counting)
    merged = repo.merge_tree("HEAD", "v0.29.0", as_checkout=True)
    assert merged.tree and "check-attr" not in ran and "diff-tree" not in ran, ran


def test_the_forks_gitattributes_are_read_through_the_runs_one_cat_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The attribute folder of a merge's first run wrote each of the fork's .gitattributes from a `git cat-file
    blob` of its own; the run's long-lived cat-file reads them: the same folder, no git run."""
    from aeon_release.adapters.git import Git

    ex = build_example(tmp_path / "ex")
    (ex.fork / "sub").mkdir()
    (ex.fork / "sub" / ".gitattributes").write_text("*.txt merge=ours\n")
    git(ex.fork, "add", "sub/.gitattributes")
    git(ex.fork, "commit", "-qm", "ours")
    repo = Git(ex.fork)
    ran: list[tuple[str, ...]] = []
    real = repo.plumb

    def counting(*args: str, **kwargs: object) -> object:
        ran.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(repo, "plumb", counting)
    folder = repo._attribute_folder(git(ex.fork, "rev-parse", "HEAD"))
    assert (folder / "sub" / ".gitattributes").read_text() == "*.txt merge=ours\n"
    assert not [a for a in ran if a[0] == "cat-file"], ran
