"""Hostile-input sweep 40.  Files that are there and say nothing (0 bytes, only comments, ``~``): every reader took
them for "none", exit 0.  A ``--date`` no release can have (``9999-12-31``, before what it releases existed).  An
option given twice with other values, and options that cannot be honoured together.  A rule regex that matches the
empty string (a finding on every line).  The real CLI; one line, exit 2, nothing changed."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from aeon_release.commands import demo_repo
from aeon_release.domain import names
from aeon_release.errors import UsageError
from aeon_release.pipeline import publish
from tests.helpers import build_example, run_cli, snapshot
from tests.hostile.conftest import git, make_repo
from tests.hostile.test_config_files import one_error_line

NOTHING = {"0 bytes": "", "comments": "# nothing here yet\n# (see the docs)\n", "tilde": "~\n", "null": "null\n"}
NOTHING |= {"blank lines": "\n\n  \n", "a document marker": "---\n", "comment and marker": "# x\n---\n...\n"}


def _example(tmp_path: Path) -> demo_repo.Example:
    return build_example(tmp_path / "ex")


def _audit(ex: demo_repo.Example) -> tuple[object, ...]:
    return ("audit", "--repo", ex.fork, "--config", ex.config)


# -- files that say nothing -------------------------------------------------------------------------------------
@pytest.mark.parametrize("nothing", sorted(NOTHING))
@pytest.mark.parametrize("name", ["carries.yaml", "cherry_picks.yaml", "fleet.yaml", "audits/tree.yaml"])
def test_a_config_file_that_says_nothing_is_one_line(tmp_path: Path, name: str, nothing: str) -> None:
    """An empty carries.yaml (a write cut short, ``> carries.yaml``, a checkout of a half-made commit) read as a fork
    with no carries: `ledger check` said "ok: 0 active", the audit checked no carry's marker and passed, exit 0 (an
    emptied cherry_picks.yaml: a merge planned with no picks; an emptied rule file: its rules gone, the gate lower).
    One line naming the file and how it says "none" on purpose."""
    ex = _example(tmp_path)
    (ex.config / name).write_text(NOTHING[nothing])
    readers = [_audit(ex)] if name.startswith("audits/") else [("ledger", "check", "--config", ex.config), _audit(ex)]
    for args in readers:
        line = one_error_line(run_cli(*args))
        assert f"error: {name}: " in line, line
        assert ("is empty" in line or "holds" in line) and ("restore" in line or "delete the file" in line), line


@pytest.mark.parametrize(
    ("name", "text", "spelling"),
    [
        ("carries.yaml", "{}\n", "carries: []"),
        ("carries.yaml", "carries:\n", "carries: []"),
        ("carries.yaml", "carries: ~  # none yet\n", "carries: []"),
        ("cherry_picks.yaml", "{}\n", "releases: {}"),
    ],
)
def test_a_ledger_mapping_that_names_nothing_is_one_line(tmp_path: Path, name: str, text: str, spelling: str) -> None:
    """``{}`` or ``carries:`` left empty say no more than an empty file: refused, the hint spelling "none"."""
    ex = _example(tmp_path)
    (ex.config / name).write_text(text)
    line = one_error_line(run_cli("ledger", "check", "--config", ex.config))
    assert f"error: {name}: " in line and spelling in line, line


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("carries.yaml", "carries: []  # this fork carries nothing\n"),
        ("cherry_picks.yaml", "releases: {}\n"),
        ("cherry_picks.yaml", "# picks per release\nreleases:\n"),  # documented: `releases:` left empty is none
        ("audits/tree.yaml", "rules: []\n"),
    ],
)
def test_none_said_on_purpose_stays_none(tmp_path: Path, name: str, text: str) -> None:
    """The twins: each file's own spelling of "none" is read as none, exit 0."""
    ex = _example(tmp_path)
    (ex.config / name).write_text(text)
    run = run_cli("ledger", "check", "--config", ex.config)
    assert run.code == 0 and run.out.startswith("ok: "), run.err
    if name == "carries.yaml":
        assert "0 active" in run.out


@pytest.mark.parametrize("text", [NOTHING["0 bytes"], NOTHING["comments"], "{}\n", "bands:\n"])
def test_an_empty_canary_yaml_is_one_line_before_any_scrape(tmp_path: Path, text: str) -> None:
    """canary.yaml of nothing was no bands, and the canary said "no healthy band" of a model the file was meant to
    hold: one line naming the file, before the endpoint is asked (port 1: nothing listens)."""
    (tmp_path / "canary.yaml").write_text(text)
    run = run_cli("canary", "--metrics-url", "http://127.0.0.1:1/metrics", "--config", tmp_path, "--window", "0.1")
    line = one_error_line(run)
    assert "canary.yaml" in line and "bands" in line, line


def test_bands_none_on_purpose_reach_the_scrape(tmp_path: Path) -> None:
    """The twin: ``bands: []`` is read, and the run goes on to the endpoint (which is not there)."""
    ex = _example(tmp_path)
    (ex.config / "canary.yaml").write_text("bands: []\n")
    run = run_cli("canary", "--metrics-url", "http://127.0.0.1:1/metrics", "--config", ex.config, "--window", "0.1")
    assert run.code == 2 and "canary.yaml" not in run.err and "127.0.0.1:1" in run.err, run.err


@pytest.mark.parametrize("nothing", ["0 bytes", "comments", "tilde"])
def test_an_empty_releases_yaml_is_damage_recovered_from_the_last_good_copy(tmp_path: Path, nothing: str) -> None:
    """releases.yaml cut to nothing (a full disk under another tool) read as no releases: `releases` raised no
    alarm for any retagged image, and `rollback` had nothing to go back to.  It is damage: without a last good copy
    one line (the registry is never asked), with one the entries come back."""
    (tmp_path / "releases.yaml").write_text(NOTHING[nothing])
    args = ("releases", "--repository", "127.0.0.1:1/team/app", "--config", tmp_path)
    line = one_error_line(run_cli(*args))
    assert "releases.yaml" in line and "restore" in line, line
    (tmp_path / ".releases.yaml.good").write_text("releases: []\n")
    run = run_cli(*args)
    assert "recovered 0 entries from the last good copy" in run.err, run.err
    assert (tmp_path / "releases.yaml").read_text() == "releases: []\n"


# -- dates no release can have ----------------------------------------------------------------------------------
TODAY = dt.date(2026, 12, 4)


@pytest.mark.parametrize("date", ["9999-12-31", "2026-12-06", "2027-01-01"])
def test_a_publish_date_past_tomorrow_is_refused(date: str) -> None:
    request = publish.PublishRequest("img:1", "127.0.0.1:5000/team/app", "v0.29.0", date=date)
    with pytest.raises(UsageError, match="is in the future"):
        publish.validate_names(request, today=TODAY)


@pytest.mark.parametrize("date", ["2026-12-05", "2026-12-04", "2026-09-11"])
def test_a_publish_date_up_to_a_day_of_skew_ahead_is_kept(date: str) -> None:
    request = publish.PublishRequest("img:1", "127.0.0.1:5000/team/app", "v0.29.0", date=date)
    assert publish.validate_names(request, today=TODAY).date == date


@pytest.mark.parametrize(("date", "held"), [("1970-01-01", False), ("2026-11-01", False), ("2026-11-30", True)])
def test_a_date_before_what_it_releases_is_refused(date: str, held: bool) -> None:
    """Before the commit the image was built from (a day of skew allowed): the dated tag names a day that release
    could not have gone out on."""
    if held:
        assert names.check_release_date(date, TODAY, dt.date(2026, 12, 1), "the commit") == date
    else:
        with pytest.raises(UsageError, match=r"is before the commit \(2026-12-01\)"):
            names.check_release_date(date, TODAY, dt.date(2026, 12, 1), "the commit")


@pytest.mark.parametrize("date", ["9999-12-31", "3000-01-01"])
def test_publish_and_release_refuse_a_future_date_before_anything(tmp_path: Path, date: str) -> None:
    """`publish --date 9999-12-31` went to the engine and the registry (and sorted after every real release for
    good: the newest-first reading of the tags took it for the newest); `release` would merge and build first."""
    ex = _example(tmp_path)
    before = snapshot(ex.fork)
    run = run_cli(
        "publish", "--image", "x:1", "--version", "v0.29.0", "--repository", "127.0.0.1:1/a/b", "--date", date
    )
    assert "is in the future" in one_error_line(run)
    args = ("release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:1/a/b")
    line = one_error_line(run_cli(*args, "--date", date, "--dry-run"))
    assert "is in the future" in line, line
    assert snapshot(ex.fork) == before


def test_release_refuses_a_date_before_its_tags_commit(tmp_path: Path) -> None:
    """A release of v0.29.0 dated before v0.29.0 was committed: refused before any stage; the twin, today, plans."""
    ex = _example(tmp_path)
    git(ex.fork, "fetch", "-q", "upstream", "refs/tags/v0.29.0:refs/tags/v0.29.0")
    args = ("release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:1/a/b")
    line = one_error_line(run_cli(*args, "--date", "2001-01-01", "--dry-run"))
    assert "is before the commit of v0.29.0" in line, line
    run = run_cli(*args, "--dry-run")
    assert "is before" not in run.err and "is in the future" not in run.err, run.err


# -- options that cannot be honoured together -------------------------------------------------------------------
@pytest.mark.parametrize(
    "extra",
    [
        ("--rev", "HEAD", "--rev", "HEAD~1"),
        ("--rev", "HEAD", "--rev=HEAD~1"),
        ("--format", "json", "--format", "sarif"),
        ("--changed-since", "HEAD~1", "--changed-since", "HEAD"),
        ("--output", "a.json", "--output", "b.json"),
    ],
)
def test_an_audit_option_given_twice_with_other_values_is_one_line(tmp_path: Path, extra: tuple[str, ...]) -> None:
    """click keeps the last of a repeated option: `audit --rev good ... --rev bad` (a CI wrapper appending its own)
    audited one of them, and which one depends on the order a script wrote.  One line naming both, exit 2, nothing
    read or written."""
    ex = _example(tmp_path)
    line = one_error_line(run_cli(*_audit(ex), *extra, cwd=tmp_path))
    assert "one option given twice, with other values" in line and extra[0] in line, line
    assert not (tmp_path / "a.json").exists() and not (tmp_path / "b.json").exists()


@pytest.mark.parametrize(
    "args",
    [
        ("publish", "--image", "x:1", "--version", "v0.29.0", "--repository", "127.0.0.1:1/a/b", "--latest", "--no-latest"),
        ("publish", "--image", "x:1", "--version", "v0.29.0", "--repository", "127.0.0.1:1/a/b", "--no-latest", "--allow-downgrade"),
        ("publish", "--image", "x:1", "--image", "y:1", "--version", "v0.29.0", "--repository", "127.0.0.1:1/a/b"),
        ("rollback", "--repository", "127.0.0.1:1/a/b", "--repository", "127.0.0.1:1/a/c"),
        ("publish", "--image", "x:1", "--version", "v0.29.0", "--repository", "127.0.0.1:1/a/b", "--date", "2026-09-11", "--date=2026-09-12"),
        ("canary", "--metrics-url", "http://127.0.0.1:1/m", "--window", "5", "--window", "60"),
    ],
)  # fmt: skip
def test_options_that_cannot_be_honoured_together_are_one_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    line = one_error_line(run_cli(*args, cwd=tmp_path))
    assert "one option given twice" in line or "do not go together" in line, line


@pytest.mark.parametrize(
    "extra",
    [
        ("--rev", "HEAD", "--rev", "HEAD"),  # the same value twice: what was meant is plain
        ("--format", "json", "--format=json"),
        ("--output", "-", "--", "--output"),  # after `--` nothing is an option (click refuses the argument itself)
    ],
)
def test_an_option_repeated_with_its_own_value_is_kept(tmp_path: Path, extra: tuple[str, ...]) -> None:
    ex = _example(tmp_path)
    run = run_cli(*_audit(ex), *extra, cwd=tmp_path)
    assert "given twice" not in run.err, run.err


def test_a_repeatable_option_is_no_conflict(tmp_path: Path) -> None:
    """``--waive`` and ``--build-arg`` are lists: each one given is kept."""
    ex = _example(tmp_path)
    run = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--dry-run", "--no-fetch",
                  "--waive", "a/b=one", "--waive", "c/d=two")  # fmt: skip
    assert "given twice" not in run.err, run.err


# -- a rule regex that matches the empty string -----------------------------------------------------------------
EMPTY_MATCHING = ["x*", "foo|", "^", "$", r"\b", r"(?:as_strided)?", " *", r"(?m)^\s*", "a{0}", r"|\bas_strided\b"]


@pytest.mark.parametrize("regex", EMPTY_MATCHING)
@pytest.mark.parametrize("expect", ["absent", "present"])
def test_a_pattern_rule_matching_the_empty_string_is_refused_when_it_loads(
    tmp_path: Path, regex: str, expect: str
) -> None:
    """``regex: 'x*'`` with ``expect: absent`` was a finding on every line of every file (and ``present`` passed every
    file, whatever it held).  Refused when the rules load, naming the file, the rule and the field."""
    ex = _example(tmp_path)
    quoted = regex.replace("'", "''")
    rule = "rules:\n  - id: x/empty\n    kind: pattern\n    message: m\n    paths: ['**/*.py']\n"
    (ex.config / "audits" / "zz.yaml").write_text(rule + f"    regex: '{quoted}'\n    expect: {expect}\n")
    line = one_error_line(run_cli(*_audit(ex)))
    assert "audits/zz.yaml: rules[0].regex: " in line and "matches the empty string" in line, line
    assert "(hint: make it need at least one character" in line


@pytest.mark.parametrize("regex", [r"\bas_strided\b", "x+", r"(?m)^\s*#", r"a|b", r"\(#(\d+)\)\s*$", "(?s)a.*b"])
def test_a_pattern_rule_that_needs_a_character_loads(tmp_path: Path, regex: str) -> None:
    ex = _example(tmp_path)
    rule = "rules:\n  - id: x/fine\n    kind: pattern\n    message: m\n    paths: ['**/*.py']\n"
    (ex.config / "audits" / "zz.yaml").write_text(rule + f"    regex: '{regex}'\n    expect: absent\n")
    run = run_cli(*_audit(ex), "--format", "json")
    assert run.code in (0, 1) and "matches the empty string" not in run.err, run.err


@pytest.mark.parametrize("pattern", [r"(\d*)", r"\(#(\d+)\)|", r"(\d+)?"])
def test_a_pr_subject_pattern_matching_the_empty_string_is_refused(tmp_path: Path, pattern: str) -> None:
    """fleet.yaml's ``upstream.pr_subject`` (and the rules' ``settings.pr_subject_pattern``) of ``(\\d*)`` read every
    upstream subject as naming a PR of no number."""
    ex = _example(tmp_path)
    fleet = ex.config / "fleet.yaml"
    shipped = fleet.read_text()
    subject = "  pr_subject: '\\(#(\\d+)\\)\\s*$'\n"
    assert subject in shipped
    fleet.write_text(shipped.replace(subject, f"  pr_subject: '{pattern}'\n"))
    line = one_error_line(run_cli("ledger", "check", "--config", ex.config))
    assert "upstream.pr_subject" in line and "matches the empty string" in line, line
    fleet.unlink()  # without a profile the rules' own setting is the pattern
    (ex.config / "audits" / "zz.yaml").write_text(f"settings:\n  pr_subject_pattern: '{pattern}'\n")
    line = one_error_line(run_cli(*_audit(ex)))
    assert "settings.pr_subject_pattern" in line and "matches the empty string" in line, line


def test_an_empty_last_good_copy_recovers_nothing(tmp_path: Path) -> None:
    """The last good copy emptied too: it was read as a record of no releases and written over releases.yaml."""
    (tmp_path / "releases.yaml").write_text("")
    (tmp_path / ".releases.yaml.good").write_text("# nothing\n")
    line = one_error_line(run_cli("releases", "--repository", "127.0.0.1:1/team/app", "--config", tmp_path))
    assert "releases.yaml" in line and "no last good copy" in line, line
    assert (tmp_path / "releases.yaml").read_text() == ""


@pytest.mark.parametrize("text", ["", "# every part the image needs\n\n# (none yet)\n"])
def test_an_empty_load_bearing_list_is_refused_before_the_build(tmp_path: Path, text: str) -> None:
    """An emptied load-bearing list checked no part: every image passed the build's check.  Refused at the
    preflight, before the audit, the engine or a build (the engine is never asked: no docker marker)."""
    ex = _example(tmp_path)
    (ex.config / "load_bearing.txt").write_text(text)
    run = run_cli("build", "--repo", ex.fork, "--config", ex.config, "--version", "v0.27.1", "--rev", "aeon-v0.27.1")
    line = one_error_line(run)
    assert "load_bearing.txt: names no part of the image" in line, line


def _merged(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A fork that merged upstream: base, the two sides, their merge, and upstream's tip before it."""
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"}, "base")
    revs = {"base": git(repo, "rev-parse", "HEAD")}
    git(repo, "checkout", "-q", "-b", "up")
    (repo / "u.py").write_text("y = 2\n")
    git(repo, "add", "u.py")
    git(repo, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "upstream")
    revs["theirs"] = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "-")
    (repo / "f.py").write_text("z = 3\n")
    git(repo, "add", "f.py")
    git(repo, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "fork")
    revs["ours"] = git(repo, "rev-parse", "HEAD")
    git(repo, "-c", "user.name=a", "-c", "user.email=a@b", "merge", "-q", "--no-edit", "up")
    revs["merge"] = git(repo, "rev-parse", "HEAD")
    return repo, revs


@pytest.mark.parametrize(("audited", "missing"), [("ours", "--theirs"), ("theirs", "--ours"), ("base", "--ours")])
def test_audit_rev_that_is_no_merge_of_the_sides_is_one_line(tmp_path: Path, audited: str, missing: str) -> None:
    """``--rev`` beside ``--base/--ours/--theirs`` names the merge the checks judge: a revision holding only one side
    (the fork branch before the merge, upstream's tag) had its files judged as the merge, upstream's changes missing
    from them, and passed.  One line naming both options."""
    repo, revs = _merged(tmp_path)
    config = tmp_path / "cfg"
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "none.yaml").write_text("rules: []\n")
    sides = ("--base", revs["base"], "--ours", revs["ours"], "--theirs", revs["theirs"])
    line = one_error_line(run_cli("audit", "--repo", repo, "--config", config, "--rev", revs[audited], *sides))
    assert f"does not hold {missing}" in line and "--rev" in line, line
    run = run_cli("audit", "--repo", repo, "--config", config, "--rev", revs["merge"], *sides)  # the twin: the merge
    assert run.code == 0, run.err


# -- a list key written and left empty ---------------------------------------------------------------------------
LEFT_EMPTY = {
    "rules:": ("audits/tree.yaml", "# the tree's rules\nrules:\n", "audits/tree.yaml: rules: left empty"),
    "markers:": ("carries.yaml", None, "carries.yaml: carries[0].markers: left empty"),
    "commits:": ("carries.yaml", None, "carries.yaml: carries[0].commits: left empty"),
    "pick:": ("cherry_picks.yaml", "releases:\n  v0.29.0:\n    pick:\n", "releases.v0.29.0.pick: left empty"),
    "skip:": ("cherry_picks.yaml", "releases:\n  v0.29.0:\n    skip:\n", "releases.v0.29.0.skip: left empty"),
}


@pytest.mark.parametrize("key", sorted(LEFT_EMPTY))
def test_a_list_key_left_empty_is_one_line(tmp_path: Path, key: str) -> None:
    """A key written and left empty read as an empty list: a rule file's ``rules:`` dropped its rules from the gate,
    exit 0; an active carry's ``markers:`` checked nothing of it; a release's ``pick:`` planned it with no picks.
    Refused where the file is read, naming the key; ``key: []`` is none on purpose (the twin)."""
    ex = _example(tmp_path)
    name, text, said = LEFT_EMPTY[key]
    path = ex.config / name
    if text is None:
        shipped = path.read_text()
        text = re.sub(rf"(?m)^    {key}( .*)?\n(      - .*\n)*", f"    {key}\n", shipped, count=1)
        assert text != shipped
    path.write_text(text)
    line = one_error_line(run_cli(*_audit(ex)))
    assert said in line and "left empty" in line, line
    path.write_text(text.replace(f"{key}\n", f"{key} []\n", 1))
    run = run_cli(*_audit(ex))
    assert run.code in (0, 1) and "left empty" not in run.err, run.err


def test_a_canary_band_whose_match_is_left_empty_is_one_line(tmp_path: Path) -> None:
    ex = _example(tmp_path)
    (ex.config / "canary.yaml").write_text("bands:\n  - name: qwen\n    match:\n    mal: {min: 2.0, max: 4.0}\n")
    run = run_cli("canary", "--metrics-url", "http://127.0.0.1:1/metrics", "--config", ex.config, "--window", "0.1")
    line = one_error_line(run)
    assert "canary.yaml: bands[0].match: left empty" in line, line
