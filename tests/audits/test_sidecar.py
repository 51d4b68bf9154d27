"""The merge-aware checks in their own process: the same findings as in the audit's process, checked
again when carries or picks changed what they read, and never a reason for an audit to fail."""

from __future__ import annotations

import dataclasses
import importlib.abc
import importlib.machinery
import importlib.util
import io
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from aeon_release.adapters import git as git_mod
from aeon_release.adapters.git import Git
from aeon_release.domain.audits import GitTree, audit_tree, diffs, sidecar
from aeon_release.domain.audits import merge as merge_mod
from aeon_release.domain.audits import runner as audit_runner
from aeon_release.domain.audits import source as source_mod
from aeon_release.domain.audits.merge import merge_findings
from aeon_release.domain.audits.merge_rules import ENUM_DRIFT as DRIFT
from aeon_release.domain.audits.model import AuditReport, Finding, MergeSides, Settings
from aeon_release.domain.audits.source import SourceCache
from tests.audits.conftest import GitRepo, config_without_rules
from tests.audits.drift import real
from tests.audits.drift.trees import three_way
from tests.audits.drift_shapes import merged_findings


def _here(repo: GitRepo, sides: MergeSides, rev: str) -> list[Finding]:
    return merged_findings(repo, sides, Settings(), rev)


def _audit(repo: GitRepo, rev: str, tmp: Path, sides: MergeSides) -> AuditReport:
    tree = GitTree(repo.path, rev)
    try:
        return audit_tree(tree, config_without_rules(tmp / "cfg"), merge=sides)
    finally:
        tree.close()


def _asked(sides: MergeSides, rev: str) -> sidecar.Answer:
    answer = sidecar.ask(sides, rev, Settings())
    assert answer is not None, "the sidecar was started"
    got = answer()
    assert got is not None, "the sidecar answered"
    return got


@pytest.fixture
def killer(git_repo: GitRepo) -> MergeSides:
    """#45666 under a fork-side literal: a clean merge with one enum-drift error per literal."""
    return three_way(git_repo, {real.QR: real.QR_BASE}, {real.QR: real.QR_FORK}, {real.QR: real.QR_UPSTREAM})


def test_the_sidecar_finds_what_the_audit_finds_itself(git_repo: GitRepo, killer: MergeSides) -> None:
    merged = git_repo.git("rev-parse", "HEAD")
    sidecar.start(killer)
    sidecar.warm(killer, git_repo.git("rev-parse", "HEAD^{tree}"), Settings())
    got = _asked(killer, merged)
    assert [f.rule_id for f in got.findings].count(DRIFT) == 2
    assert got.findings == _here(git_repo, killer, merged)
    assert got.read == [real.QR]


@pytest.mark.parametrize("fixed_later", [True, False])
def test_a_file_changed_after_the_warm_tree_is_checked_again(
    git_repo: GitRepo, killer: MergeSides, fixed_later: bool
) -> None:
    """Warm on git's merge, asked about the final revision: a carry or pick that changed a file the
    checks read (here: fixing the literal, or a fix undone) gets the final revision's findings."""
    merged = git_repo.git("rev-parse", "HEAD")
    text = (git_repo.path / real.QR).read_text()
    fixed = git_repo.commit({real.QR: text.replace("== 4", "== QuickReduceRegime.NONE.value")}, "fix")
    warm, final = (merged, fixed) if fixed_later else (fixed, merged)
    sidecar.start(killer)
    sidecar.warm(killer, warm, Settings())
    got = _asked(killer, final)
    assert got.findings == _here(git_repo, killer, final)
    assert _here(git_repo, killer, warm) != got.findings  # the warm answer would have been wrong


def test_an_unrelated_change_after_the_warm_tree_reuses_its_findings(git_repo: GitRepo, killer: MergeSides) -> None:
    merged = git_repo.git("rev-parse", "HEAD")
    final = git_repo.commit({"docs/notes.md": "a pick that touches no file the checks read\n"}, "pick")
    sidecar.start(killer)
    sidecar.warm(killer, merged, Settings())
    assert _asked(killer, final).findings == _here(git_repo, killer, final)


def test_a_dead_sidecar_leaves_the_checks_to_the_audit(
    git_repo: GitRepo, killer: MergeSides, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    merged = git_repo.git("rev-parse", "HEAD")
    sidecar.start(killer)
    running = sidecar._RUNNING[sidecar._key(killer)]
    running.proc.kill()  # a crash, an OOM kill: a real dead process, not a stand-in
    running.proc.wait()
    report = _audit(git_repo, merged, tmp_path, killer)
    assert [f for f in report.findings if f.rule_id == DRIFT] == [f for f in _here(git_repo, killer, merged)]
    assert not sidecar._RUNNING


def test_an_audit_the_sidecar_answers_does_not_run_the_checks_itself(
    git_repo: GitRepo, killer: MergeSides, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    merged = git_repo.git("rev-parse", "HEAD")

    def not_here(*args: object) -> list[Finding]:
        raise AssertionError("the sidecar was asked: the audit's process must not run the checks")

    monkeypatch.setattr(audit_runner, "_merge_findings", not_here)
    sidecar.start(killer)
    report = _audit(git_repo, merged, tmp_path, killer)
    assert sum(f.rule_id == DRIFT for f in report.findings) == 2
    assert report.files_scanned >= 1  # the merged file the sidecar read counts


def test_the_audit_hands_its_wait_for_the_sidecar_to_the_caller_before_it_reads_the_answer(
    git_repo: GitRepo, killer: MergeSides, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`merge` loads its report's tables there (0.1-0.2 s), while the sidecar may still be checking."""
    merged, events = git_repo.git("rev-parse", "HEAD"), []
    real_answer = sidecar.Sidecar._answer

    def answer(self: sidecar.Sidecar) -> sidecar.Answer | None:
        events.append("answer read")
        return real_answer(self)

    monkeypatch.setattr(sidecar.Sidecar, "_answer", answer)
    sidecar.start(killer)
    tree = GitTree(git_repo.path, merged)
    try:
        report = audit_tree(
            tree, config_without_rules(tmp_path / "cfg"), merge=killer, waiting=lambda: events.append("waiting")
        )
    finally:
        tree.close()
    assert events == ["waiting", "answer read"]
    assert sum(f.rule_id == DRIFT for f in report.findings) == 2
    # no sidecar asked (a checkout's audit runs the checks itself): nothing to wait for, no call
    events.clear()
    audit_tree(
        git_repo.path, config_without_rules(tmp_path / "cfg2"), merge=killer, waiting=lambda: events.append("waiting")
    )
    assert events == []


def test_a_run_that_stops_before_its_audit_leaves_no_sidecar_running(killer: MergeSides) -> None:
    sidecar.start(killer)
    process = sidecar._RUNNING[sidecar._key(killer)].proc
    sidecar.close_all()
    assert process.poll() is not None and not sidecar._RUNNING


def test_a_sidecar_answers_once(git_repo: GitRepo, killer: MergeSides) -> None:
    sidecar.start(killer)
    _asked(killer, git_repo.git("rev-parse", "HEAD"))
    assert sidecar.ask(killer, git_repo.git("rev-parse", "HEAD"), Settings()) is None


def test_a_sidecar_spawned_before_the_plan_takes_the_merge_given_later(git_repo: GitRepo, killer: MergeSides) -> None:
    sidecar.spawn()  # `merge` spawns it first thing: the checks import while the plan runs
    spare = sidecar._SPARE
    assert spare is not None
    sidecar.start(killer)
    assert sidecar._SPARE is None and sidecar._RUNNING[sidecar._key(killer)] is spare
    merged = git_repo.git("rev-parse", "HEAD")
    assert _asked(killer, merged).findings == _here(git_repo, killer, merged)


def test_a_spawned_sidecar_no_merge_needed_is_stopped() -> None:
    sidecar.spawn()
    assert sidecar._SPARE is not None
    process = sidecar._SPARE.proc
    sidecar.close_all()  # the plan refused the merge
    assert process.poll() is not None and sidecar._SPARE is None


def test_a_folder_named_like_the_package_where_the_merge_runs_is_never_imported(
    git_repo: GitRepo, killer: MergeSides, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`python -m` imports from the working directory first: the sidecar must not run from the user's."""
    hostile = tmp_path / "cwd"
    (hostile / "aeon_release" / "domain" / "audits").mkdir(parents=True)
    for folder in ("aeon_release", "aeon_release/domain", "aeon_release/domain/audits"):
        (hostile / folder / "__init__.py").write_text("")
    planted = hostile / "planted"
    (hostile / "aeon_release" / "domain" / "audits" / "sidecar.py").write_text(
        f"open({str(planted)!r}, 'w').write('ran')\n"
    )
    monkeypatch.chdir(hostile)
    relative = MergeSides(Path(os.path.relpath(git_repo.path, hostile)), killer.base, killer.ours, killer.theirs)
    sidecar.start(relative)
    merged = git_repo.git("rev-parse", "HEAD")
    assert _asked(relative, merged).findings == _here(git_repo, killer, merged)  # a relative --repo still works
    assert not planted.exists()


@pytest.mark.parametrize("prefix", ["", " ", "  "])
def test_paths_that_begin_with_a_space_are_compared_and_grepped_whole(git_repo: GitRepo, prefix: str) -> None:
    """NUL-separated names are never stripped: ``" x.py"`` changed is not ``"x.py"`` unchanged (the
    sidecar would reuse stale findings), and enum drift finds the enum file under that name."""
    path = prefix + real.QR
    sides = three_way(git_repo, {path: real.QR_BASE}, {path: real.QR_FORK}, {path: real.QR_UPSTREAM})
    merged = git_repo.git("rev-parse", "HEAD")
    assert path in Git(git_repo.path).changed_paths(sides.base, merged)
    assert [f.rule_id for f in _here(git_repo, sides, merged)].count(DRIFT) == 2


def test_an_asked_sidecar_whose_audit_failed_is_stopped_by_close_all(git_repo: GitRepo, killer: MergeSides) -> None:
    sidecar.start(killer)
    process = sidecar._RUNNING[sidecar._key(killer)].proc
    sidecar.ask(killer, git_repo.git("rev-parse", "HEAD"), Settings())  # the audit then raises before reading
    sidecar.close_all()
    assert process.poll() is not None and not sidecar._ASKED


def test_many_long_paths_upstream_changed_are_grepped_without_a_too_long_command_line(git_repo: GitRepo) -> None:
    """Past the command-line budget the grep reads every Python file: the same enum files, no E2BIG."""
    deep = "/".join(["d" * 200] * 2)
    names = [f"{deep}/m{i}.py" for i in range(700)]  # ~300 KiB of pathspecs
    base = git_repo.commit({"root.py": "x = 1\n"}, "base")
    theirs = git_repo.commit({n: "import enum\nclass E(enum.Enum):\n    A = 1\n" for n in names}, "upstream")
    assert sum(len(n) + 12 for n in names) > diffs.ARGV_BYTES
    assert diffs.changed_files_containing(git_repo.path, base, theirs, diffs.ENUM_WORDS) == frozenset(names)
    both = diffs.changed_files_containing_each(git_repo.path, base, theirs, (("A = 1",), diffs.ENUM_WORDS))
    assert both == [frozenset(names), frozenset(names)]  # the glob's grep reads other files: one grep each


_DEVICE = ("get_cap", "has_cap")


def _fresh_diffs(monkeypatch: pytest.MonkeyPatch) -> None:
    """This merge's diffs and greps started anew, not kept from another test's (the same commits)."""
    for kept in ("_STARTED", "_UNGREPPED", "_GREPPED"):
        monkeypatch.setattr(diffs, kept, {})


def test_the_rules_device_words_are_grepped_with_the_enum_words_by_one_git_grep(
    git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sidecar is told the device words after the sides: upstream's changed Python files are grepped
    once for them and the enums' words (git read each blob twice, a fifth of a large merge's git CPU
    each time), and each set gets the files a grep of its own finds, even where a word of one set
    overlaps a word of the other on a line (``Flagget_cap``: ``Flag`` and ``get_cap`` share the g)."""
    base = git_repo.commit({"root.py": "x = 1\n"}, "base")
    theirs = git_repo.commit(
        {
            "a.py": "import enum\nclass Mode(enum.Enum):\n    A = 1\n",
            "b.py": "if has_cap():\n    pass\n",
            "c.py": "x = 'Flagget_cap'\n",
            "d.py": "y = 2\n",
            "tests/t.py": "Enum = get_cap\n",  # upstream's tests: not asked about
            "e.txt": "Enum get_cap\n",
        },
        "upstream",
    )
    read = git_mod.files_holding(git_repo.path, theirs, (_DEVICE, diffs.ENUM_WORDS), ["a.py", "b.py", "c.py", "d.py"])
    assert read == [{"b.py", "c.py"}, {"a.py", "c.py"}]  # a few files are read, not grepped: the same sets
    monkeypatch.setattr(git_mod, "READ_NOT_GREPPED", 0)  # the grep's way, as of a release's hundreds of files
    _fresh_diffs(monkeypatch)
    greps: list[tuple[str, ...]] = []
    real_grep = git_mod._grep
    monkeypatch.setattr(git_mod, "_grep", lambda *a: greps.append(tuple(a[3])) or real_grep(*a))
    diffs.prefetch(git_repo.path, base, base, theirs, grep=False)
    diffs.grep_changed(git_repo.path, base, base, theirs, _DEVICE)
    device = diffs.grepped(base, theirs, _DEVICE)
    assert device is not None
    assert device.result(timeout=60) == {"b.py", "c.py"}
    assert diffs.started(git_repo.path, base, base, theirs)[2].result(timeout=60) == {"a.py", "c.py"}
    assert greps == [tuple(sorted({*_DEVICE, *diffs.ENUM_WORDS}))]
    for words in (_DEVICE, diffs.ENUM_WORDS):
        assert diffs.changed_files_containing(git_repo.path, base, theirs, words) == (
            device.result() if words == _DEVICE else {"a.py", "c.py"}
        )


def test_a_changed_path_holding_a_newline_is_grepped_for_each_set_alone(git_repo: GitRepo) -> None:
    """One grep's lines cannot say which file a line of ``x\\ny.py`` is in (``y.py``'s, read naively):
    then each set has its own grep, with the same files."""
    base = git_repo.commit({"root.py": "x = 1\n"}, "base")
    theirs = git_repo.commit({"x\ny.py": "class E(Enum):\n    A = 1\n", "y.py": "get_cap()\n"}, "upstream")
    sets = (_DEVICE, diffs.ENUM_WORDS)
    specs = [":(literal)x\ny.py", ":(literal)y.py"]
    assert git_mod.files_containing_each(git_repo.path, theirs, sets, specs) is None
    found = diffs.changed_files_containing_each(git_repo.path, base, theirs, sets)
    assert found == [frozenset({"y.py"}), frozenset({"x\ny.py"})]
    assert found == [diffs.changed_files_containing(git_repo.path, base, theirs, words) for words in sets]


def test_the_words_told_after_the_sides_are_read_before_the_requests(
    git_repo: GitRepo, killer: MergeSides, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The protocol: the sides, then the rules' words, then ``warm`` and ``audit``: the same answer."""
    _fresh_diffs(monkeypatch)
    merged = git_repo.git("rev-parse", "HEAD")
    settings = {"settings": dataclasses.asdict(Settings())}
    first = {"repo": str(git_repo.path), "base": killer.base, "ours": killer.ours, "theirs": killer.theirs}
    told = {"words": list(_DEVICE)}
    lines = "".join(
        json.dumps(m) + "\n" for m in (first, told, {"warm": merged, **settings}, {"audit": merged, **settings})
    )
    answers = io.StringIO()
    sidecar.serve(io.StringIO(lines), answers)
    assert json.loads(answers.getvalue())["findings"] == [f.as_dict() for f in _here(git_repo, killer, merged)]
    assert diffs.grepped(killer.base, killer.theirs, _DEVICE) is not None


def _serve_then_audit(sides: MergeSides, repo: GitRepo, rev: str, listed: threading.Event) -> dict[str, object]:
    """The sidecar's answer to the sides, the words and a warm request for ``rev``, then (once ``listed`` is
    set, or after 3 s) the audit's request for it."""
    settings = {"settings": dataclasses.asdict(Settings())}
    first = {"repo": str(repo.path), "base": sides.base, "ours": sides.ours, "theirs": sides.theirs}
    read_fd, write_fd = os.pipe()
    requests, feed = os.fdopen(read_fd), os.fdopen(write_fd, "w")
    feed.write("".join(json.dumps(m) + "\n" for m in (first, {"words": []}, {"warm": rev, **settings})))
    feed.flush()
    answers = io.StringIO()
    serving = threading.Thread(target=sidecar.serve, args=(requests, answers))
    serving.start()
    listed.wait(3)
    feed.write(json.dumps({"audit": rev, **settings}) + "\n")
    feed.close()
    serving.join(30)
    requests.close()
    answer: dict[str, object] = json.loads(answers.getvalue())
    return answer


def test_the_merged_tree_is_listed_while_the_sides_are_prepared(
    git_repo: GitRepo, killer: MergeSides, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The merged revision comes while the sides' diffs are still read: its tree is listed then (``git
    ls-tree --long`` was the first thing a check did once the sides were ready), with the same answer."""
    _fresh_diffs(monkeypatch)
    merged = git_repo.git("rev-parse", "HEAD")
    listing, listed_first = threading.Event(), []
    real_ls_tree, real_prepare = source_mod.ls_tree, merge_mod.prepare_sides

    def ls_tree(*args: object, **kwargs: object) -> object:
        listing.set()
        return real_ls_tree(*args, **kwargs)  # type: ignore[arg-type]

    def prepare_sides(sides: MergeSides) -> None:
        listed_first.append(listing.wait(3))  # the sides are ready only once the tree is listed
        real_prepare(sides)

    monkeypatch.setattr(source_mod, "ls_tree", ls_tree)
    monkeypatch.setattr(merge_mod, "prepare_sides", prepare_sides)
    answer = _serve_then_audit(killer, git_repo, merged, listing)
    assert listed_first == [True]
    assert answer["findings"] == [f.as_dict() for f in _here(git_repo, killer, merged)]


def test_a_tree_listed_ahead_that_fails_is_listed_again_by_the_check(
    git_repo: GitRepo, killer: MergeSides, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A listing ahead that fails leaves no half-listed tree behind: the check lists the revision itself."""
    _fresh_diffs(monkeypatch)
    merged = git_repo.git("rev-parse", "HEAD")
    calls: list[int] = []
    failed = threading.Event()
    real_ls_tree, real_prepare = source_mod.ls_tree, merge_mod.prepare_sides

    def ls_tree(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 1:
            failed.set()
            raise git_mod.GitError("cannot list it now")
        return real_ls_tree(*args, **kwargs)  # type: ignore[arg-type]

    def prepare_sides(sides: MergeSides) -> None:
        failed.wait(3)
        real_prepare(sides)

    monkeypatch.setattr(source_mod, "ls_tree", ls_tree)
    monkeypatch.setattr(merge_mod, "prepare_sides", prepare_sides)
    answer = _serve_then_audit(killer, git_repo, merged, failed)
    assert len(calls) == 2
    assert answer["findings"] == [f.as_dict() for f in _here(git_repo, killer, merged)]


def test_a_warm_request_with_the_audit_behind_it_lists_no_tree_ahead(
    git_repo: GitRepo, killer: MergeSides, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the audit's request waiting behind the warm one, the warm check is skipped: its tree is not
    listed ahead for nothing (the audit's is listed by its check, once)."""
    _fresh_diffs(monkeypatch)
    merged = git_repo.git("rev-parse", "HEAD")
    listed: list[str] = []
    real_ls_tree = source_mod.ls_tree

    def ls_tree(repo: Path, rev: str, gitlinks: bool = False) -> object:
        listed.append(rev)
        return real_ls_tree(repo, rev, gitlinks)

    monkeypatch.setattr(source_mod, "ls_tree", ls_tree)
    settings = {"settings": dataclasses.asdict(Settings())}
    first = {"repo": str(git_repo.path), "base": killer.base, "ours": killer.ours, "theirs": killer.theirs}
    warm, audit = {"warm": f"{merged}^{{tree}}", **settings}, {"audit": merged, **settings}
    answers = io.StringIO()
    sidecar.serve(io.StringIO("".join(json.dumps(m) + "\n" for m in (first, {"words": []}, warm, audit))), answers)
    assert listed == [merged]
    assert json.loads(answers.getvalue())["findings"] == [f.as_dict() for f in _here(git_repo, killer, merged)]


def test_a_warm_request_with_the_audit_waiting_behind_it_is_skipped(
    git_repo: GitRepo, killer: MergeSides, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a large merge the sides are still being prepared when the final revision is known: checking
    git's merge first would only delay the answer.  With the audit's request already waiting, the
    final revision is checked once; a warm request alone is still checked ahead."""
    merged = git_repo.git("rev-parse", "HEAD")
    checked: list[str] = []
    real_check = sidecar._check
    monkeypatch.setattr(
        sidecar, "_check", lambda s, rev, st, *listed: checked.append(rev) or real_check(s, rev, st, *listed)
    )
    settings = {"settings": dataclasses.asdict(Settings())}
    first = {"repo": str(git_repo.path), "base": killer.base, "ours": killer.ours, "theirs": killer.theirs}
    warm, audit = {"warm": f"{merged}^{{tree}}", **settings}, {"audit": merged, **settings}
    lines = "".join(json.dumps(m) + "\n" for m in (first, warm, audit))
    answers = io.StringIO()
    sidecar.serve(io.StringIO(lines), answers)
    assert checked == [merged]
    assert json.loads(answers.getvalue())["findings"] == [f.as_dict() for f in _here(git_repo, killer, merged)]

    # the warm request alone: checked while the audit's request has not come yet
    checked.clear()
    read_fd, write_fd = os.pipe()
    requests, feed = os.fdopen(read_fd), os.fdopen(write_fd, "w")
    feed.write(json.dumps(first) + "\n" + json.dumps(warm) + "\n")
    feed.flush()
    answers = io.StringIO()
    serving = threading.Thread(target=sidecar.serve, args=(requests, answers))
    serving.start()
    for _ in range(500):
        if checked:
            break
        threading.Event().wait(0.01)
    feed.write(json.dumps(audit) + "\n")
    feed.close()
    serving.join(30)
    requests.close()
    assert checked[0] == f"{merged}^{{tree}}"
    assert json.loads(answers.getvalue())["findings"] == [f.as_dict() for f in _here(git_repo, killer, merged)]


def test_a_site_folder_never_shadows_the_standard_library_in_the_sidecar(
    git_repo: GitRepo, killer: MergeSides, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the site module the sidecar is given the site-packages folders itself: after the
    standard library, where the site module puts them (an old backport such as ``pip install
    pathlib`` or ``enum34`` leaves a module named like a standard one there)."""
    site_folder = tmp_path / "site-packages"
    site_folder.mkdir()
    (site_folder / "queue.py").write_text("raise ImportError('a backport shadowing the standard library')\n")
    real_folders = sidecar._site_folders()
    monkeypatch.setattr(sidecar, "_site_folders", lambda: [str(site_folder), *real_folders])
    sidecar.start(killer)
    merged = git_repo.git("rev-parse", "HEAD")
    assert _asked(killer, merged).findings == _here(git_repo, killer, merged)


# -- the gate checks forked apart inside the sidecar -------------------------------------------------------
@pytest.fixture
def gated(git_repo: GitRepo) -> MergeSides:
    """#45666's enum drift and #39825's device gate in one merge: findings from both processes."""
    from tests.audits.test_device_gates import MOE, MOE_AFTER, MOE_BASE

    return three_way(
        git_repo,
        {real.QR: real.QR_BASE, MOE: MOE_BASE},
        {real.QR: real.QR_FORK},
        {real.QR: real.QR_UPSTREAM, MOE: MOE_AFTER},
    )


def _gb10() -> Settings:
    from tests.audits.test_device_gates import GB10

    return Settings(device=GB10)


def _checked_here(repo: GitRepo, sides: MergeSides, rev: str) -> tuple[list[Finding], set[str], list[str]]:
    tree = GitTree(repo.path, rev)
    try:
        cache = SourceCache(tree)
        cache.reads = set()
        return merge_findings(cache, sides, _gb10()), cache.reads, sorted(cache.read_paths())
    finally:
        tree.close()


def test_the_gate_checks_forked_apart_find_and_read_what_the_checks_find_here(
    git_repo: GitRepo, gated: MergeSides
) -> None:
    from aeon_release.domain.audits.merge_rules import DEVICE_GATE

    merged = git_repo.git("rev-parse", "HEAD")
    forked = sidecar._check(gated, merged, _gb10())
    findings, reads, read = _checked_here(git_repo, gated, merged)
    assert [f.rule_id for f in findings].count(DEVICE_GATE) == 1 and [f.rule_id for f in findings].count(DRIFT) == 2
    assert forked.findings == findings  # the same findings, in the same order
    assert (set(forked.reads), sorted(forked.read)) == (reads, read)


def test_symbol_drift_runs_in_a_forked_child_and_finds_what_it_finds_here(
    git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Symbol drift (a parse and walks of every module the fork patched) runs beside the other checks in a
    child of the sidecar, as the gate checks do: the same findings, in the same order, and the same reads."""
    from aeon_release.domain.audits.drift import checks as drift_checks
    from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
    from tests.audits.test_symbol_drift import COMM, COMM_AFTER, COMM_BASE, COMM_USE

    body = "from pkg.distributed import comm\n\n\ndef capture(fn):\n    with comm.graph_mode():\n        return fn()\n"
    sides = three_way(git_repo, {"pkg/__init__.py": "", COMM: COMM_BASE}, {COMM_USE: body}, {COMM: COMM_AFTER})
    merged, where = git_repo.git("rev-parse", "HEAD"), tmp_path / "pids"
    real_drift = drift_checks.drift_findings

    def drift(*args: object) -> list[Finding]:
        with where.open("a") as out:
            out.write(f"{os.getpid()}\n")
        return real_drift(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(drift_checks, "drift_findings", drift)
    forked = sidecar._check(sides, merged, Settings())
    [pid] = where.read_text().split()
    assert int(pid) != os.getpid()
    findings, reads, read = _checked_here(git_repo, sides, merged)
    assert [f.rule_id for f in findings].count(SYMBOL_DRIFT) == 1
    assert forked.findings == findings
    assert (set(forked.reads), sorted(forked.read)) == (reads, read)


@pytest.mark.parametrize("fault", ["dies", "hangs"])
def test_a_forked_child_that_fails_leaves_its_checks_to_the_sidecar(
    git_repo: GitRepo, gated: MergeSides, monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    """The child killed (the kernel's OOM killer picks the largest process), or stuck for good (a lock
    held at the fork by a thread that is not in the child): fakes, since no real input makes a pure
    check's process die or hang.  The sidecar runs the gate checks itself, a hung child stopped once
    it has waited its least."""
    from aeon_release.domain.audits import merge

    parent, real_gates = os.getpid(), merge._gate_findings

    def fails_in_the_child(*args: object) -> list[Finding]:
        if os.getpid() != parent:
            time.sleep(600) if fault == "hangs" else os._exit(9)
        return real_gates(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(merge, "_gate_findings", fails_in_the_child)
    # the least wait, and the checks here times one (not ten): a hung child is given 0.5 s or as long as
    # the checks here took, not ten times that (20-60 s of a 2-core machine's suite, waiting on a sleep)
    monkeypatch.setattr(sidecar, "_LEAST_WAIT", 0.5)
    monkeypatch.setattr(sidecar, "_WAIT_TIMES", 1)
    merged = git_repo.git("rev-parse", "HEAD")
    started = time.monotonic()
    assert sidecar._check(gated, merged, _gb10()).findings == _checked_here(git_repo, gated, merged)[0]
    assert time.monotonic() - started < 120  # a hang guard, not a speed claim


@pytest.mark.parametrize("told", [False, True])
def test_no_git_of_the_sidecar_is_starting_when_it_forks_its_child(
    git_repo: GitRepo, gated: MergeSides, monkeypatch: pytest.MonkeyPatch, told: bool
) -> None:
    """A child forked while another thread of the sidecar starts a git holds that Popen's exec pipe: the
    Popen waits until the child ends (a hung child: its whole wait; seen as a CI run that hung in
    ``git grep``).  The enum files' grep (with the device words when told them), the one thread left
    running then, is done before the fork."""

    real_files, real_fork, grep_done, at_fork = (
        diffs.changed_files_containing_each,
        sidecar._fork,
        threading.Event(),
        [],
    )

    def slow_files(*args: object) -> list[frozenset[str]]:
        time.sleep(0.5)  # a grep still starting when the checks reach the fork
        try:
            return real_files(*args)  # type: ignore[arg-type]
        finally:
            grep_done.set()

    def fork(*args: object) -> object:
        at_fork.append(grep_done.is_set())
        return real_fork(*args)  # type: ignore[arg-type]

    _fresh_diffs(monkeypatch)  # this merge's diffs started anew, not kept from another test
    monkeypatch.setattr(diffs, "changed_files_containing_each", slow_files)
    monkeypatch.setattr(sidecar, "_fork", fork)
    if told:
        device = _gb10().device
        assert device is not None
        diffs.prefetch(gated.repo, gated.base, gated.ours, gated.theirs, grep=False)
        diffs.grep_changed(gated.repo, gated.base, gated.ours, gated.theirs, device.words)
    merged = git_repo.git("rev-parse", "HEAD")
    assert sidecar._check(gated, merged, _gb10()).findings == _checked_here(git_repo, gated, merged)[0]
    assert at_fork == [True, True]  # the gate checks' child, then symbol drift's


def test_a_forked_child_ends_when_the_sidecar_is_killed() -> None:
    """A sidecar killed mid-check (a merge stopped, an audit that failed) must not leave its child
    computing: the child looks for its parent every tenth of a second."""
    read_end, write_end = os.pipe()
    middle = os.fork()
    if middle == 0:  # the sidecar: forks a child that would work for a minute, says its id, dies
        try:
            os.close(read_end)
            cache = SourceCache(Path("/nonexistent"))
            assert sidecar._apart(lambda: (time.sleep(60), [])[1], cache) is not None
            with open(f"/proc/self/task/{os.getpid()}/children") as listed:
                os.write(write_end, listed.read().split()[0].encode())
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as said:
        child = int(said.read())
    os.waitpid(middle, 0)
    deadline = time.monotonic() + 20  # a hang guard: the child ends a tenth of a second after its parent
    while Path(f"/proc/{child}").exists() and _state(child) not in ("Z", "X"):
        assert time.monotonic() < deadline, "the child outlived the sidecar"
        time.sleep(0.05)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return "X"


def test_the_checks_import_while_the_merge_has_not_sent_its_commits() -> None:
    """The merge's process sends the three commits only once it has imported its command and read the fork's
    refs: the sidecar imports the checks meanwhile, not after the commits come (the imports were on the
    longest path of a large merge).  A fresh interpreter: this one imported the checks long ago."""
    script = (
        "import os, sys, threading, time\n"
        "from aeon_release.domain.audits import sidecar\n"
        "assert 'aeon_release.domain.audits.merge' not in sys.modules\n"
        "r, w = os.pipe()\n"
        "requests = os.fdopen(r)\n"
        "serving = threading.Thread(target=sidecar.serve, args=(requests, sys.stdout), daemon=True)\n"
        "serving.start()\n"
        "deadline = time.monotonic() + 20\n"
        "while 'aeon_release.domain.audits.merge' not in sys.modules and time.monotonic() < deadline:\n"
        "    time.sleep(0.01)\n"
        "print('imported' if 'aeon_release.domain.audits.merge' in sys.modules else 'not imported')\n"
        "os.close(w)\n"  # no merge came: it ends with its input
        "serving.join(30)\n"
        "print('ended' if not serving.is_alive() else 'still serving')\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["imported", "ended"]


class _SlowModule(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """A module whose import lasts until ``release`` is set (at most two seconds)."""

    NAME = "aeon_release_test_slow_checks"

    def __init__(self) -> None:
        self.importing, self.imported, self.release = threading.Event(), threading.Event(), threading.Event()

    def find_spec(self, name: str, path: object, target: object = None) -> importlib.machinery.ModuleSpec | None:
        return importlib.util.spec_from_loader(name, self) if name == self.NAME else None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None

    def exec_module(self, module: object) -> None:
        self.importing.set()
        self.release.wait(2)
        self.imported.set()


def test_commits_that_come_while_the_checks_import_start_their_diffs_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commits' git diffs head a large merge's longest path: they start when the commits come, not once
    the module being imported (drift.checks: a third of a second under load) is done."""
    slow = _SlowModule()
    monkeypatch.setattr(sys, "meta_path", [slow, *sys.meta_path])
    monkeypatch.setattr(sidecar, "_CHECK_MODULES", (slow.NAME,))
    started: list[bool] = []

    def prefetch(*args: object, **kwargs: object) -> None:
        started.append(not slow.imported.is_set())  # the checks still importing
        slow.release.set()

    monkeypatch.setattr(diffs, "prefetch", prefetch)
    read, write = os.pipe()
    inbox = os.fdopen(read)
    serving = threading.Thread(target=sidecar.serve, args=(inbox, io.StringIO()), daemon=True)
    try:
        serving.start()
        assert slow.importing.wait(10)
        with os.fdopen(write, "w") as requests:  # the commits, then the end of the input
            requests.write(json.dumps({"repo": ".", "base": "a", "ours": "b", "theirs": "c"}) + "\n")
        serving.join(10)
    finally:
        sys.modules.pop(slow.NAME, None)
        inbox.close()
    assert not serving.is_alive()
    assert started == [True]


_FORKED = """
import json, os, sys
from pathlib import Path
from aeon_release.domain.audits import sidecar
from aeon_release.domain.audits.model import MergeSides, Settings

sidecar.spawn(fork=True)
process = sidecar._SPARE.proc
cmdline = Path(f"/proc/{process.pid}/cmdline").read_bytes()
sides = MergeSides(Path(sys.argv[1]), *sys.argv[2:5])
sidecar.start(sides)
answer = sidecar.ask(sides, sys.argv[5], Settings())()
print(json.dumps({
    "same program": cmdline == Path("/proc/self/cmdline").read_bytes(),
    "findings": None if answer is None else [f.as_dict() for f in answer.findings],
}))
"""


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads /proc")
def test_a_sidecar_forked_from_the_command_answers_what_a_new_interpreter_answers(
    git_repo: GitRepo, killer: MergeSides, tmp_path: Path
) -> None:
    """`merge` forks the checks' process from itself once the modules both import are imported (no second
    interpreter importing them again: benchmarks/merge_cpu.md).  The fork imports the rest as the new
    interpreter did, from the package and the standard library, never from the working directory."""
    hostile = tmp_path / "cwd"
    hostile.mkdir()
    planted = tmp_path / "planted"
    (hostile / "logging.py").write_text(f"open({str(planted)!r}, 'w').write('ran')\n")  # the checks import logging
    merged = git_repo.git("rev-parse", "HEAD")
    done = subprocess.run(
        [sys.executable, "-c", _FORKED, str(git_repo.path), killer.base, killer.ours, killer.theirs, merged],
        capture_output=True,
        text=True,
        cwd=hostile,
        env=os.environ | {"PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    assert said["same program"], "forked, not a new interpreter"
    assert said["findings"] == [f.as_dict() for f in _here(git_repo, killer, merged)]
    assert not planted.exists()


def test_the_diffs_find_the_work_tree_once_not_once_a_thread(
    git_repo: GitRepo, killer: MergeSides, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both sides' diffs start on threads: each asked git for the work tree's top (a race on the cache),
    one git process more for every merge's checks."""
    _fresh_diffs(monkeypatch)
    git_mod._tops.cache_clear()
    asked: list[tuple[str, ...]] = []
    real_rev_parse = git_mod.rev_parse

    def slow(path: Path, *options: str) -> tuple[int, str, str]:
        asked.append(options)
        time.sleep(0.2)  # as on a busy machine: the other thread asks meanwhile
        return real_rev_parse(path, *options)

    monkeypatch.setattr(git_mod, "rev_parse", slow)
    diffs.prefetch(git_repo.path, killer.base, killer.ours, killer.theirs)
    for future in diffs.started(git_repo.path, killer.base, killer.ours, killer.theirs):
        future.result(timeout=60)
    assert [options for options in asked if "--show-toplevel" in options] == [
        ("--show-toplevel", "--path-format=absolute", "--git-common-dir")
    ]


class _Pipe:
    """What ``Sidecar.begin`` writes to its process, kept."""

    def __init__(self) -> None:
        self.stdin = io.BytesIO()
        self.stdout = None

    def poll(self) -> int:
        return 0


def _begin_message(sides: MergeSides) -> dict[str, object]:
    handle = sidecar.Sidecar.__new__(sidecar.Sidecar)
    handle.proc = _Pipe()  # type: ignore[assignment]
    handle.begin(sides)
    return dict(json.loads(handle.proc.stdin.getvalue()))  # type: ignore[union-attr]


def test_the_checks_take_the_checkout_top_and_git_directory_the_plan_asked_for(
    git_repo: GitRepo, killer: MergeSides, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plan asked git for the checkout's top and its common git directory; the checks' process (a fork made
    before the plan) asked git both again: two git processes of every merge, on the checks' path.  The sides'
    message now carries them, and the checks' process asks git neither, with the same findings."""
    _fresh_diffs(monkeypatch)
    assert Git(git_repo.path).common_dir.is_dir()  # the plan's own questions
    first = _begin_message(killer)
    git_mod._tops.cache_clear()  # the checks' process: a fork made before the plan asked
    monkeypatch.setattr(git_mod, "_COMMON", {})
    asked: list[tuple[str, ...]] = []
    real_run_git = git_mod._run_git

    def counted(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[bytes]:
        asked.append(tuple(args))
        return real_run_git(args, **kwargs)  # type: ignore[arg-type]

    real_rev_parse = git_mod.rev_parse

    def rev_parse(path: Path, *options: str) -> tuple[int, str, str]:
        asked.append(("rev-parse", *options))
        return real_rev_parse(path, *options)

    monkeypatch.setattr(git_mod, "_run_git", counted)
    monkeypatch.setattr(git_mod, "rev_parse", rev_parse)
    merged = git_repo.git("rev-parse", "HEAD")
    settings = {"settings": dataclasses.asdict(Settings())}
    lines = "".join(json.dumps(m) + "\n" for m in (first, {"words": []}, {"audit": merged, **settings}))
    answers = io.StringIO()
    sidecar.serve(io.StringIO(lines), answers)
    assert not [a for a in asked if "rev-parse" in a], asked
    monkeypatch.undo()
    assert json.loads(answers.getvalue())["findings"] == [f.as_dict() for f in _here(git_repo, killer, merged)]


def test_places_told_of_a_checkout_whose_git_is_gone_are_asked_again(git_repo: GitRepo, tmp_path: Path) -> None:
    """A told top is checked as the process's own answer is: one without its ``.git`` is not taken."""
    git_mod._tops.cache_clear()
    gone = tmp_path / "gone"
    gone.mkdir()
    git_mod.told_places(git_repo.path, {"top": str(gone), "common": str(gone)})
    assert Git(git_repo.path)._cwd == git_repo.path.resolve()
