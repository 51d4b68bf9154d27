"""Where an audit reads from: a checkout (regular files only) or a revision's blobs (no checkout at all)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from aeon_release.adapters.blobs import Blobs, diff_names, ls_tree
from aeon_release.domain.audits import GitTree, WorkTree, audit_tree
from aeon_release.domain.audits.source import SourceCache
from tests.helpers import Result, cpu_seconds, git

RULES = """rules:
  - {id: tree/py-compile, kind: py-compile, message: compiles}
  - {id: tree/conflict-markers, kind: conflict-markers, message: no conflict markers}
"""
ODD_NAMES = ["vllm/modèle.py", 'we"ird.py', "tab\there.py", "back\\slash.py", "new\nline.py"]


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "vllm").mkdir()
    (repo / "vllm" / "ok.py").write_text("x = 1\n")
    for name in ODD_NAMES:
        (repo / name).write_text("def broken(:\n<<<<<<< ours\n")
    (repo / "link.py").symlink_to("/etc/passwd")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "c")
    return repo


def _config(tmp_path: Path) -> Path:
    config = tmp_path / "config"
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "tree.yaml").write_text(RULES)
    return config


def test_ls_tree_is_nul_separated_and_marks_symlinks(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    entries = {e.path: e for e in ls_tree(repo, "HEAD")}
    assert set(ODD_NAMES) <= set(entries)
    assert entries["link.py"].is_link and not entries["link.py"].is_regular
    with Blobs(repo) as blobs:
        assert blobs.read(entries["link.py"].oid) == b"/etc/passwd"
        assert blobs.read(entries["vllm/ok.py"].oid) == b"x = 1\n"
        assert blobs.read("0" * 40) is None


def test_diff_names_keeps_every_odd_name(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    assert set(diff_names(repo, "4b825dc642cb6eb9a060e54bf8d69288fbee4904", "HEAD")) >= set(ODD_NAMES)


def test_revision_audit_reads_blobs_and_equals_the_checkout_audit(tmp_path: Path) -> None:
    repo, config = _repo(tmp_path), _config(tmp_path)
    sha = git(repo, "rev-parse", "HEAD")
    tree = GitTree(repo, sha)
    try:
        from_blobs = audit_tree(tree, config)
    finally:
        tree.close()
    from_checkout = audit_tree(WorkTree(repo), config)
    key = [(f.path, f.line, f.rule_id) for f in from_blobs.findings]
    assert key == [(f.path, f.line, f.rule_id) for f in from_checkout.findings]
    flagged = {f.path for f in from_blobs.findings if f.rule_id != "audit/not-audited"}
    assert set(ODD_NAMES) <= flagged  # every quoted-by-git name is audited
    assert "link.py" not in flagged and "link.py" in tree.skipped()
    assert not any("root:" in f.message for f in from_blobs.findings)


def test_checkout_audit_never_opens_a_fifo_or_follows_a_symlink(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    root.mkdir()
    (root / "a.py").write_text("x = 1\n")
    os.mkfifo(root / "pipe.py")
    (root / "zero.py").symlink_to("/dev/zero")
    started = cpu_seconds()
    report = audit_tree(root, _config(tmp_path))
    assert cpu_seconds() - started < 30
    # zero.py, a link a rule reads by its path, is an error of its own (what the gate did not read it
    # cannot pass: sweep 18); nothing else is, and nothing was opened
    assert {(f.path, f.rule_id) for f in report.findings if f.severity.value == "error" and f.path != "a.py"} == {
        ("zero.py", "audit/not-audited")
    }
    skipped = WorkTree(root).skipped()
    assert skipped["pipe.py"] == "not a regular file" and skipped["zero.py"].startswith("symlink")


def test_a_file_over_the_cap_is_skipped_not_read(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    root.mkdir()
    (root / "big.py").write_bytes(b"x = 1\n" * 1000)
    tree = WorkTree(root, max_bytes=100)
    assert tree.files() == [] and "over the 100-byte cap" in tree.skipped()["big.py"]
    assert tree.read("big.py") is None


def test_audit_rev_reads_the_revision_not_the_checkout(tmp_path: Path, cli: Callable[..., Result]) -> None:
    repo, config = _repo(tmp_path), _config(tmp_path)
    before = set(os.listdir(tmp_path))
    worktrees = git(repo, "worktree", "list")
    (repo / "vllm" / "ok.py").write_text("def nope(:\n")  # dirty checkout: --rev must not see it
    result = cli("audit", "--repo", repo, "--config", config, "--rev", "HEAD", "--format", "json")
    assert result.code == 1
    paths = {f["path"] for f in result.json()["findings"]}
    assert "vllm/ok.py" not in paths and set(ODD_NAMES) <= paths
    assert git(repo, "worktree", "list") == worktrees  # no temporary checkout was made
    assert set(os.listdir(tmp_path)) == before


@pytest.mark.parametrize("rev", ["--output=/tmp/x", "-h"])
def test_a_revision_that_looks_like_an_option_is_refused(tmp_path: Path, cli: Callable[..., Result], rev: str) -> None:
    repo, config = _repo(tmp_path), _config(tmp_path)
    result = cli("audit", "--repo", repo, "--config", config, f"--rev={rev}")
    assert result.code == 2 and "does not exist" in result.err


def test_files_read_ahead_in_one_batch_count_as_read_only_once_asked_for(tmp_path: Path) -> None:
    """``prefetch`` reads a revision's files in one batch: what ``text`` then gives is what it reads itself,
    odd names and links included, and neither the rule memo's inputs (``reads``) nor the files the audit
    says it read (``read_paths``) take in a file nobody asked for."""
    repo = _repo(tmp_path)
    names = ["vllm/ok.py", *ODD_NAMES, "link.py", "absent.py"]
    ahead, plain = SourceCache(GitTree(repo, "HEAD")), SourceCache(GitTree(repo, "HEAD"))
    ahead.reads = set()
    ahead.prefetch(names)
    assert ahead.read_paths() == [] and ahead.reads == set()
    assert ahead.text("vllm/ok.py") == "x = 1\n"
    assert ahead.read_paths() == ["vllm/ok.py"] and ahead.reads == {"vllm/ok.py"}
    assert {n: ahead.text(n) for n in names} == {n: plain.text(n) for n in names}
    assert ahead.read_paths() == plain.read_paths()
    checkout = SourceCache(WorkTree(repo))
    checkout.prefetch(names)  # a checkout's files are read when asked: nothing to batch
    assert checkout.read_paths() == [] and checkout.text("vllm/ok.py") == "x = 1\n"
    for cache in (ahead, plain, checkout):
        cache.tree.close()


def test_a_revisions_fingerprint_is_its_tree_id_asked_of_the_trees_own_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The findings cache's name for a revision is its tree id, read through the cat-file process the audit
    reads with next: no `rev-parse` process of its own.  A name no batch request can carry is still asked."""
    import subprocess

    from aeon_release.domain.audits import source

    repo = _repo(tmp_path)
    tree_id = git(repo, "rev-parse", "HEAD^{tree}")
    ran: list[list[str]] = []
    real = subprocess.run

    def counted(argv: list[str], *args: object, **kwargs: object) -> object:
        ran.append([str(a) for a in argv])
        return real(argv, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(source.subprocess, "run", counted)
    tree = GitTree(repo, "HEAD")
    try:
        assert tree.fingerprint() == f"git-tree:{tree_id}"
        assert GitTree(repo, "no-such-branch").fingerprint() is None
    finally:
        tree.close()
    assert not [argv for argv in ran if "rev-parse" in argv]
    assert GitTree(repo, "HEAD\n").fingerprint() is None  # the batch cannot carry it: rev-parse says no
    assert [argv for argv in ran if "rev-parse" in argv]
