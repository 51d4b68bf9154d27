"""Hostile-input sweep 23: releases.yaml edited by hand into a record that contradicts itself (one dated tag at
two digests, a dated tag that is not its entry's date and version, a rollback that did not move ``:latest``).
Real files, real processes, a real HTTP server; one line and a documented exit code, never a traceback, and
``:latest`` never moved to a digest the record did not keep for its dated tag."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import run_cli
from tests.hostile.conftest import git, make_repo, release_stopped_at_build
from tests.hostile.test_config_files import one_error_line
from tests.hostile.test_sweep18 import LyingRegistry, _manifest, _recorded, alarm_line

pytestmark = pytest.mark.slow


# -- releases.yaml that contradicts itself ---------------------------------------------------------------------
def _entry(repository: str, dated: str, digest: str, before: str, after: str, **fields: str) -> str:
    """One publish entry as a person appends it to releases.yaml by hand."""
    values = {"action": "publish", "version": dated[11:], "date": dated[:10], **fields}
    return (
        f"- action: {values['action']}\n  repository: {repository}\n  version: {values['version']}\n"
        f"  variant: null\n  dated_tag: {dated}\n  digest: '{digest}'\n  date: '{values['date']}'\n"
        f"  recorded_at: '{dated[:10]}T09:00:00Z'\n  latest_before: '{before}'\n  latest_after: '{after}'\n"
        "  audit: {status: passed, detail: x, revision: '" + "0" * 40 + "'}\n"
    )


def _retagged(registry: LyingRegistry, config: Path) -> tuple[str, str]:
    """v0.27.1 then v0.29.0 published and recorded; then someone retagged the dated v0.27.1 in the registry.
    Returns the recorded digest of v0.27.1 and the digest its dated tag serves now."""
    old_digest = _manifest("old")[1]
    new, new_digest = _manifest("new")
    other, other_digest = _manifest("retagged")
    registry.tags |= {"2026-11-01-v0.27.1": other, "2026-12-01-v0.29.0": new, "latest": new, other_digest: other}
    _recorded(config, registry.repository, ("2026-11-01-v0.27.1", old_digest, None), ("2026-12-01-v0.29.0", new_digest, old_digest))  # fmt: skip
    return old_digest, other_digest


def test_a_second_digest_for_a_dated_tag_hides_no_retagging(tmp_path: Path) -> None:
    """A dated tag holds one digest for good, so releases.yaml names one per tag.  ``releases`` kept the last
    entry's digest for a tag: one more entry appended by hand, naming what a retagged dated tag serves now,
    turned the cross-check's alarm into ``ok`` (exit 0).  Such a file is damaged, and is recovered from the
    last good copy: the alarm stands."""
    config = tmp_path / "cfg"
    with LyingRegistry() as registry:
        old_digest, other_digest = _retagged(registry, config)
        with (config / "releases.yaml").open("a") as f:
            f.write(_entry(registry.repository, "2026-11-01-v0.27.1", other_digest, other_digest, other_digest))
        run = run_cli("releases", "--repository", registry.repository, "--config", config)
    line = alarm_line(run)
    assert "2026-11-01-v0.27.1 is changed" in line and f"recorded {old_digest}" in line, line
    assert "releases[2].digest: 2026-11-01-v0.27.1 was recorded at sha256:" in run.err, run.err
    assert list(config.glob("releases.yaml.damaged-*")), "the damaged file is kept beside the recovered one"


def test_rollback_never_goes_to_a_digest_the_record_contradicts(tmp_path: Path) -> None:
    """``rollback --to TAG`` took the last entry of the tag: with a second one appended by hand at what the
    retagged tag serves, :latest moved to an image no publish made.  Without a last good copy the
    contradiction is one line naming the entry, exit 2, and nothing is put to the registry."""
    config = tmp_path / "cfg"
    with LyingRegistry() as registry:
        _, other_digest = _retagged(registry, config)
        (config / ".releases.yaml.good").unlink()
        with (config / "releases.yaml").open("a") as f:
            f.write(_entry(registry.repository, "2026-11-01-v0.27.1", other_digest, other_digest, other_digest))
        before = (config / "releases.yaml").read_text()
        args = ("--repository", registry.repository, "--config", config, "--to", "2026-11-01-v0.27.1")
        run = run_cli("rollback", *args)
        assert registry.puts == []
    line = one_error_line(run)
    assert "releases.yaml: releases[2].digest: 2026-11-01-v0.27.1 was recorded at sha256:" in line, line
    assert "in releases[0]" in line and len(line) < 400, line
    assert (config / "releases.yaml").read_text() == before


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"version": "v0.29.0"}, "releases[2].dated_tag: '2026-11-01-v0.27.1' is not the entry's"),  # another version
        ({"date": "2026-11-02"}, "releases[2].dated_tag: '2026-11-01-v0.27.1' is not the entry's"),  # another day
        ({"action": "rollback"}, "releases[2].latest_after: a rollback moves :latest to its digest"),
    ],
)
def test_an_entry_that_contradicts_itself_is_one_line(tmp_path: Path, fields: dict[str, str], named: str) -> None:
    """An entry's dated tag is its date, version and variant, and a rollback entry records :latest moved to the
    digest it names: an entry edited to say otherwise was read as it stood (``rollback --to`` recorded the
    version of one release under the dated tag of another)."""
    config = tmp_path / "cfg"
    with LyingRegistry() as registry:
        _, other_digest = _retagged(registry, config)
        (config / ".releases.yaml.good").unlink()
        old_digest = _manifest("old")[1]
        with (config / "releases.yaml").open("a") as f:
            f.write(_entry(registry.repository, "2026-11-01-v0.27.1", old_digest, other_digest, other_digest, **fields))
        run = run_cli("releases", "--repository", registry.repository, "--config", config)
    line = one_error_line(run)
    assert named in line, line


def test_an_entry_of_no_calendar_day_is_one_line(tmp_path: Path) -> None:
    """``rollback --to`` refuses a dated tag of no real day (2026-02-30); the record took one."""
    config = tmp_path / "cfg"
    config.mkdir()
    digest = _manifest("x")[1]
    text = "releases:\n" + _entry("127.0.0.1:1/team/app", "2026-02-30-v0.27.1", digest, digest, digest)
    (config / "releases.yaml").write_text(text)
    run = run_cli("releases", "--repository", "127.0.0.1:1/team/app", "--config", config)
    line = one_error_line(run)
    assert "releases[0].date: '2026-02-30' is no day of the calendar" in line, line


# -- two runs at once --------------------------------------------------------------------------------------------
def test_a_release_never_runs_beside_another_run(tmp_path: Path) -> None:
    """``release`` held the repository's run lock only inside its merge stage: while a ``merge --continue``
    or another ``release`` held it, a release past its merge went on to build and publish, saving the
    pipeline state over the other's.  It holds the lock for the whole run now: one line, exit 2, and the
    pipeline state as it was."""
    import fcntl
    import os

    ex, argv, no_docker = release_stopped_at_build(tmp_path)
    pipeline = ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "pipeline.json"
    before = pipeline.read_bytes()
    lock = ex.fork / ".git" / "aeon-release" / "lock"
    with open(lock, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # held by this test as a running merge --continue holds it
        held.write(str(os.getpid()))  # a live holder's pid (a dead one's child holding on is named as such)
        held.flush()
        run = run_cli(*argv, env=no_docker)
    line = one_error_line(run)
    assert f"another aeon-release run is working in this repository (pid {os.getpid()})" in line, line
    assert pipeline.read_bytes() == before
    again = run_cli(*argv, env=no_docker)  # the lock let go, the release goes on where it stopped
    assert again.code == 2 and "Docker engine does not answer" in again.err, again.err


# -- a pull request that rewrites its own gate -------------------------------------------------------------------
RULES = """rules:
- id: no-strided
  kind: forbidden-call
  message: no as_strided
  paths: ['pkg/**/*.py']
  calls: [as_strided]
"""
STRIDED = "import torch\nt = torch.zeros(2)\ny = t.as_strided((1,), (1,))\n"
CARRY = "carries:\n- id: keep\n  title: keep it\n  status: active\n  commits: ['" + "1" * 40 + "']\n"
MARKED = CARRY + "  markers:\n  - {path: pkg/a.py, text: 'x = 1'}\n"


def _pull_request(tmp_path: Path, edits: dict[str, str], inside: str = "") -> tuple[Path, str]:
    """A fork whose ledger and rules are committed in it (under ``inside``), and a pull request on it that
    adds a forbidden call and makes ``edits``; returns the checkout at the pull request's head and its base."""
    ledger = {"carries.yaml": MARKED, "cherry_picks.yaml": "releases: {}\n", "audits/rules.yaml": RULES}
    repo = make_repo(tmp_path / "fork", {inside + k: v for k, v in ledger.items()} | {"pkg/a.py": "x = 1\n"})
    base = git(repo, "rev-parse", "HEAD")
    make_repo(repo, {inside + k: v for k, v in edits.items()} | {"pkg/a.py": "x = 1\n" + STRIDED}, "pr")
    return repo, base


@pytest.mark.parametrize(
    "edits",
    [
        {"audits/rules.yaml": "rules: []\n"},  # the rule dropped
        {"audits/rules.yaml": RULES + "  exclude: ['pkg/a.py']\n"},  # the file excluded
        {"audits/rules.yaml": RULES.replace("as_strided]", "as_strided_never_called]")},  # the call renamed away
        {"audits/more.yaml": "settings:\n  severity: {no-strided: warning}\n"},  # a rule file lowering it
        {"carries.yaml": CARRY},  # a carry's marker taken out of the ledger
    ],
)
def test_a_pull_request_that_rewrites_its_own_gate_fails_it(tmp_path: Path, edits: dict[str, str]) -> None:
    """With the ledger and rules committed in the fork (``init``'s default place), the gate ran on the pull
    request's own copy of them: a pull request that dropped the rule its code breaks, excluded its file, or
    lowered the rule in a new rule file passed its gate, exit 0.  Its code is judged by the rules as the base
    has them too, and their error stands; each file of the config it edits is a warning for a person."""
    repo, base = _pull_request(tmp_path, edits, inside="ci/ledger/")
    run = run_cli(
        "audit", "--repo", repo, "--config", repo / "ci" / "ledger", "--changed-since", base, "--format", "json"
    )
    assert run.code == 1, run.err
    findings = json.loads(run.out)["findings"]
    assert ("pkg/a.py", "error") in [(f["path"], f["severity"]) for f in findings if f["rule"] == "no-strided"]
    own = [f for f in findings if f["rule"] == "audit/own-config"]
    assert [f["path"] for f in own] == ["ci/ledger/" + next(iter(edits))], run.out
    assert own[0]["severity"] == "warning" and f"the rules at {base[:12]}" in own[0]["message"]


def test_a_pull_request_that_adds_to_its_ledger_passes_when_both_rule_sets_pass(tmp_path: Path) -> None:
    """The usual way a fork change lands: a pull request adds a carry (its marker in the code) and a rule.
    Judged by its own rules and by the base's, it passes, with a warning per config file it edits; a
    pull request that brings the ledger in (none at its base) has no base rules to be judged by: an error."""
    added = MARKED + "- id: new\n  title: new one\n  status: active\n  commits: ['" + "2" * 40 + "']\n"
    added += "  markers:\n  - {path: pkg/b.py, text: 'AEON new'}\n"
    rule = "rules:\n- id: no-view\n  kind: forbidden-call\n  message: no view\n  paths: ['pkg/**/*.py']\n"
    rule += "  calls: [view_as_real]\n"
    ledger = {"carries.yaml": MARKED, "cherry_picks.yaml": "releases: {}\n", "audits/rules.yaml": RULES}
    repo = make_repo(tmp_path / "fork", ledger | {"pkg/a.py": "x = 1\n"})
    base = git(repo, "rev-parse", "HEAD")
    make_repo(repo, {"carries.yaml": added, "audits/more.yaml": rule, "pkg/b.py": "# AEON new\n"}, "pr")
    run = run_cli("audit", "--repo", repo, "--config", repo, "--changed-since", base, "--format", "json")
    assert run.code == 0, run.out + run.err
    own = [(f["path"], f["severity"]) for f in json.loads(run.out)["findings"] if f["rule"] == "audit/own-config"]
    assert own == [("audits/more.yaml", "warning"), ("carries.yaml", "warning")], run.out
    fresh = make_repo(tmp_path / "fresh", {"pkg/a.py": "x = 1\n"})
    start = git(fresh, "rev-parse", "HEAD")
    make_repo(fresh, ledger | {"pkg/a.py": "x = 2\n"}, "bring the ledger in")
    run = run_cli("audit", "--repo", fresh, "--config", fresh, "--changed-since", start, "--format", "json")
    assert run.code == 1, run.err
    own = [f["severity"] for f in json.loads(run.out)["findings"] if f["rule"] == "audit/own-config"]
    assert own and set(own) == {"error"}, run.out


def test_a_gate_whose_ledger_is_its_own_or_a_persons_own_change_is_not_refused(tmp_path: Path) -> None:
    """The same change audited with a ledger kept outside the checkout (the gate of docs/pr-gate.md) is judged
    by that ledger's rules alone, and at commit time (``--pre-commit``) a person's own change to the rules is
    theirs: neither says the config was edited."""
    repo, base = _pull_request(tmp_path, {"audits/rules.yaml": "rules: []\n"})
    outside = tmp_path / "ledger"
    for name in ("carries.yaml", "cherry_picks.yaml", "audits/rules.yaml"):
        (outside / name).parent.mkdir(parents=True, exist_ok=True)
        (outside / name).write_text(git(repo, "show", f"{base}:{name}") + "\n")
    run = run_cli("audit", "--repo", repo, "--config", outside, "--changed-since", base, "--format", "json")
    rules = [f["rule"] for f in json.loads(run.out)["findings"]]
    assert run.code == 1 and rules == ["no-strided"], run.out  # the base's rules, the call caught
    (repo / "audits" / "rules.yaml").write_text("rules: []\n# mine\n")
    hook = run_cli("audit", "--repo", repo, "--config", repo, "--pre-commit", "--format", "json")
    assert "audit/own-config" not in hook.out, hook.out


def _linked_pull_request(tmp_path: Path, retarget: bool) -> tuple[Path, str]:
    """A fork whose gate reads ``--config gate``, a committed link to ``ops/ledger`` whose rules file is itself a
    ledger's carries.yaml is a link to ``shared/carries.yaml``; the pull request adds the forbidden call and either points
    ``gate`` at a folder of loose rules already in the tree (a test fixture) or takes the carry's marker out of
    ``shared/carries.yaml``."""
    ledger = {"carries.yaml": MARKED, "cherry_picks.yaml": "releases: {}\n"}
    loose = ledger | {"audits/rules.yaml": "rules: []\n"}
    files = {"ops/ledger/cherry_picks.yaml": "releases: {}\n", "ops/ledger/audits/rules.yaml": RULES}
    files |= {"fixtures/loose/" + k: v for k, v in loose.items()} | {"shared/carries.yaml": MARKED}
    repo = make_repo(tmp_path / "fork", files | {"pkg/a.py": "x = 1\n"})
    (repo / "ops" / "ledger" / "carries.yaml").symlink_to("../../shared/carries.yaml")
    (repo / "gate").symlink_to("ops/ledger")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "links")
    base = git(repo, "rev-parse", "HEAD")
    if retarget:
        (repo / "gate").unlink()
        (repo / "gate").symlink_to("fixtures/loose")
    else:
        (repo / "shared" / "carries.yaml").write_text(CARRY)
    make_repo(repo, {"pkg/a.py": "x = 1\n" + STRIDED}, "pr")
    return repo, base


@pytest.mark.parametrize(("retarget", "edited"), [(True, "gate"), (False, "shared/carries.yaml")])
def test_a_pull_request_that_rewrites_its_gate_through_a_link_fails_it(
    tmp_path: Path, retarget: bool, edited: str
) -> None:
    """The config's files were matched by the folder's resolved path alone: a pull request that pointed the
    committed link ``gate`` (``--config gate``) at a folder of loose rules, or edited the file carries.yaml links
    to, changed no path under ``ops/ledger/`` and passed, exit 0.  Every link on the way to a file of the config,
    and where each leads, is the config."""
    repo, base = _linked_pull_request(tmp_path, retarget)
    run = run_cli("audit", "--repo", repo, "--config", "gate", "--changed-since", base, "--format", "json", cwd=repo)
    assert run.code == 1, run.err
    own = [f["path"] for f in json.loads(run.out)["findings"] if f["rule"] == "audit/own-config"]
    assert own == [edited], run.out


# -- the build's context and the commit's .dockerignore ----------------------------------------------------------
def _context(tmp_path: Path) -> Path:
    """The build's context of an example fork whose commit adds ``.dockerignore`` naming a carried file."""
    from aeon_release.pipeline.build import BuildRequest, _context_dir, plan
    from tests.helpers import build_example

    ex = build_example(tmp_path / "ex")
    make_repo(ex.fork, {"pkg/carried.py": "# AEON keep-me\n", ".dockerignore": "pkg/carried.py\n"})
    (tmp_path / "work").mkdir()
    return _context_dir(plan(BuildRequest(ex.fork, "v0.27.1", config_dir=ex.config)), tmp_path / "work")


@pytest.mark.docker
def test_the_commits_dockerignore_leaves_nothing_audited_out_of_the_image(tmp_path: Path, busybox_image: str) -> None:
    """The context is the revision's blobs, but BuildKit applied the commit's own ``.dockerignore`` to it: a line
    ``pkg/carried.py`` left a carried file, its marker audited, out of the image (as ``export-ignore`` did under
    ``git archive``).  The Dockerfile's own ignore file, which BuildKit reads instead, ignores nothing."""
    import subprocess

    from aeon_release.adapters import buildkit

    context = _context(tmp_path)
    (context / ".aeon-release" / "Dockerfile").write_text(f"FROM {busybox_image}\nCOPY pkg/ /ctx/\n")
    tag = f"aeon-sweep23-dockerignore:{tmp_path.name.lower()[-20:]}"
    spec = buildkit.BuildSpec(context, ".aeon-release/Dockerfile", tag, {}, {})
    image = buildkit.build(buildkit.find_builder(), spec)
    try:
        done = subprocess.run(
            ["docker", "run", "--rm", image, "cat", "/ctx/carried.py"], capture_output=True, text=True
        )
    finally:
        subprocess.run(["docker", "rmi", "-f", tag], capture_output=True)
    assert done.returncode == 0 and done.stdout == "# AEON keep-me\n", done.stderr


def test_the_context_carries_an_ignore_file_of_no_pattern(tmp_path: Path) -> None:
    context = _context(tmp_path)
    assert (context / ".dockerignore").read_text() == "pkg/carried.py\n"  # the commit's, as committed
    lines = (context / ".aeon-release" / "Dockerfile.dockerignore").read_text().splitlines()
    assert lines and all(line.startswith("#") for line in lines)


# -- click's own lines -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ("canary", "--window", "x" * 5000),  # not a valid float
        ("canary", "--window", "\u00e9" * 100),  # another script
        ("canary", "--window=" + "1" * 5000 + "x"),  # the option and its value in one word
        ("canary", "--" + "y" * 5000),  # no such option
        ("canary", "--" + "y" * 5000 + "=1"),  # no such option, with its value in the word
        ("canary", "--w\u00fc=1"),  # no such option, another script, with its value
        ("audits", "list", "extra" + "z" * 5000),  # an unexpected argument
    ],
)
def test_a_value_click_refuses_is_quoted_short(argv: tuple[str, ...]) -> None:
    """The command line's values go through one quoting in every error line (ASCII, at most 60 characters),
    but the parser's own refusals (a number that is none, an option no command has, an argument too many)
    repeated the word whole: 5,000 characters in one line, or letters of other scripts."""
    run = run_cli(*argv)
    line = one_error_line(run)
    assert len(line) < 250 and line.isascii(), line
