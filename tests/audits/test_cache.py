"""The findings cache: keyed by (blob, rule set, engine), safe to delete, never trusted across versions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import aeon_release
from aeon_release.domain.audits import GitTree, WorkTree, audit_tree, cache
from tests.helpers import git

RULES = """rules:
  - {id: tree/py-compile, kind: py-compile, message: compiles}
  - {id: tree/conflict-markers, kind: conflict-markers, message: no conflict markers}
  - id: kv/forbidden
    kind: forbidden-call
    message: never re-stride
    paths: [vllm/kernel.py]
    calls: [as_strided]
"""
FILES = {
    "vllm/ok.py": "x = 1\n",
    "vllm/broken.py": "def broken(:\n    pass\n",
    "vllm/kernel.py": "def split(t):\n    return t.as_strided((1,), (1,))  # aeon-audit: ignore[tree/py-compile] not this one\n",
    "docs/notes.md": "<<<<<<< ours\n",
    "vllm/quiet.py": "y = 2  # aeon-audit: ignore[tree/conflict-markers] a stale one\n",
}


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    for rel, text in FILES.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "c")
    return repo


def _config(tmp_path: Path, rules: str = RULES) -> Path:
    config = tmp_path / "config"
    (config / "audits").mkdir(parents=True, exist_ok=True)
    (config / "audits" / "rules.yaml").write_text(rules)
    return config


def _audit_rev(repo: Path, config: Path, cache_dir: Path | None) -> tuple[list[tuple[str, int, str, str | None]], int]:
    tree = GitTree(repo, git(repo, "rev-parse", "HEAD"))
    try:
        report = audit_tree(tree, config, cache_dir=cache_dir)
    finally:
        tree.close()
    return [(f.path, f.line, f.rule_id, f.suppressed) for f in report.findings], report.files_cached


def test_second_audit_is_answered_by_the_cache_with_the_same_findings(tmp_path: Path) -> None:
    repo, config, folder = _repo(tmp_path), _config(tmp_path), tmp_path / "cache"
    uncached, _ = _audit_rev(repo, config, None)
    first, hits = _audit_rev(repo, config, folder)
    assert hits == 0 and first == uncached
    second, hits = _audit_rev(repo, config, folder)
    assert second == first
    assert hits == len(FILES) + 1  # every blob, and the targeted rule
    assert ("vllm/broken.py", 1, "tree/py-compile", None) in second
    assert ("vllm/quiet.py", 1, "suppression/unused", None) in second


def test_checkout_audit_uses_the_index_blob_ids_and_never_a_changed_file(tmp_path: Path) -> None:
    repo, config, folder = _repo(tmp_path), _config(tmp_path), tmp_path / "cache"
    _audit_rev(repo, config, folder)
    clean = audit_tree(WorkTree(repo), config, cache_dir=folder)
    assert clean.files_cached == len(FILES) + 1
    (repo / "vllm/ok.py").write_text("def now_broken(:\n")
    (repo / "vllm/kernel.py").write_text("def split(t):\n    return t[:1]\n")
    changed = audit_tree(WorkTree(repo), config, cache_dir=folder)
    keys = {(f.path, f.rule_id) for f in changed.findings}
    assert ("vllm/ok.py", "tree/py-compile") in keys  # read from disk, not from the cache
    assert ("vllm/kernel.py", "kv/forbidden") not in keys  # the targeted rule ran again on the new text
    assert changed.files_cached == len(FILES) - 2


def test_a_rules_change_is_a_miss(tmp_path: Path) -> None:
    repo, folder = _repo(tmp_path), tmp_path / "cache"
    _audit_rev(repo, _config(tmp_path), folder)
    config = _config(tmp_path, RULES.replace("[as_strided]", "[as_strided, as_strided_]"))
    _, hits = _audit_rev(repo, config, folder)
    assert hits == 0


def test_an_engine_version_change_is_a_miss_and_drops_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, config, folder = _repo(tmp_path), _config(tmp_path), tmp_path / "cache"
    _audit_rev(repo, config, folder)
    old_files = {p.name for p in folder.iterdir()}
    monkeypatch.setattr(aeon_release, "__version__", "99.0.0")
    cache.engine_version.cache_clear()
    try:
        _, hits = _audit_rev(repo, config, folder)
        assert hits == 0
        assert not old_files & {p.name for p in folder.iterdir()}  # never read again: deleted
    finally:
        cache.engine_version.cache_clear()


def test_a_damaged_or_deleted_cache_only_costs_time(tmp_path: Path) -> None:
    repo, config, folder = _repo(tmp_path), _config(tmp_path), tmp_path / "cache"
    expected, _ = _audit_rev(repo, config, folder)
    for path in folder.iterdir():
        data = json.loads(path.read_text())
        data["entries"] = {key: [["x"], "not findings"] for key in data["entries"]}
        path.write_text(json.dumps(data))
    damaged, hits = _audit_rev(repo, config, folder)
    assert damaged == expected and hits == 0
    for path in folder.iterdir():
        path.write_text("{not json")
    assert _audit_rev(repo, config, folder)[0] == expected
    for path in folder.iterdir():
        path.unlink()
    assert _audit_rev(repo, config, folder)[0] == expected


def test_the_cache_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the bound, a save keeps only what that audit used: blobs of older revisions go."""
    repo, config, folder = _repo(tmp_path), _config(tmp_path), tmp_path / "cache"
    monkeypatch.setattr(cache, "MAX_ENTRIES", 3)
    old_blobs = []
    for i in range(3):
        (repo / "vllm/ok.py").write_text(f"x = {i}\n")
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", f"c{i}")
        old_blobs.append(git(repo, "rev-parse", "HEAD:vllm/ok.py"))
        _audit_rev(repo, config, folder)
    (only,) = folder.iterdir()
    keys = json.loads(only.read_text())["entries"]
    assert any(key.startswith(old_blobs[-1]) for key in keys)
    assert not any(key.startswith(blob) for key in keys for blob in old_blobs[:-1])


def test_audit_rev_twice_through_the_cli(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    repo, config = _repo(tmp_path), _config(tmp_path)
    (config / "carries.yaml").write_text("carries: []\n")
    first = cli("audit", "--rev", "HEAD", "--repo", repo, "--config", config, "--format", "json")
    second = cli("audit", "--rev", "HEAD", "--repo", repo, "--config", config, "--format", "json")
    assert first.code == second.code == 1
    assert first.json()["files_cached"] == 0 and second.json()["files_cached"] == len(FILES) + 1
    assert first.json()["findings"] == second.json()["findings"]
    assert (repo / ".git" / "aeon-release" / "cache").is_dir()
