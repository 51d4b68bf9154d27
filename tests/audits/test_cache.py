"""The findings cache: keyed by (blob, rule set, engine), safe to delete, never trusted across versions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import aeon_release
from aeon_release.adapters.yamlio import Where
from aeon_release.domain.audits import AuditReport, GitTree, WorkTree, audit_tree, cache, reports
from aeon_release.domain.audits.config import parse_rule
from aeon_release.domain.audits.registry import KINDS
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


def _drop_reports(folder: Path) -> None:
    """The blob entries' tests look past the whole-report files (a report would answer first)."""
    for path in folder.glob(f"{reports.REPORT_PREFIX}*.json"):
        path.unlink()


def _audit_rev(
    repo: Path, config: Path, cache_dir: Path | None, *, reports: bool = False
) -> tuple[list[tuple[str, int, str, str | None]], int]:
    if cache_dir is not None and not reports:
        _drop_reports(cache_dir)
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
    _drop_reports(folder)
    changed = audit_tree(WorkTree(repo), config, cache_dir=folder)
    keys = {(f.path, f.rule_id) for f in changed.findings}
    assert ("vllm/ok.py", "tree/py-compile") in keys  # read from disk, not from the cache
    assert ("vllm/kernel.py", "kv/forbidden") not in keys  # the targeted rule ran again on the new text
    assert changed.files_cached == len(FILES) - 2


def test_a_rules_change_is_a_miss(tmp_path: Path) -> None:
    repo, folder = _repo(tmp_path), tmp_path / "cache"
    _audit_rev(repo, _config(tmp_path), folder)
    config = _config(tmp_path, RULES.replace("[as_strided]", "[as_strided, as_strided_]"))
    _, hits = _audit_rev(repo, config, folder, reports=True)
    assert hits == 0


def test_an_engine_version_change_is_a_miss_and_drops_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, config, folder = _repo(tmp_path), _config(tmp_path), tmp_path / "cache"
    _audit_rev(repo, config, folder)
    old_files = {p.name for p in folder.iterdir()}
    monkeypatch.setattr(aeon_release, "__version__", "99.0.0")
    reports.engine_version.cache_clear()
    try:
        _, hits = _audit_rev(repo, config, folder, reports=True)
        assert hits == 0
        assert not old_files & {p.name for p in folder.iterdir()}  # never read again: deleted
    finally:
        reports.engine_version.cache_clear()


def test_a_damaged_or_deleted_cache_only_costs_time(tmp_path: Path) -> None:
    repo, config, folder = _repo(tmp_path), _config(tmp_path), tmp_path / "cache"
    expected, _ = _audit_rev(repo, config, folder)
    for path in folder.glob("findings-*.json"):
        data = json.loads(path.read_text())
        data["entries"] = {key: [["x"], "not findings"] for key in data["entries"]}
        path.write_text(json.dumps(data))
    damaged, hits = _audit_rev(repo, config, folder)
    assert damaged == expected and hits == 0
    for path in folder.iterdir():
        path.write_text("{not json")
    assert _audit_rev(repo, config, folder, reports=True)[0] == expected
    for path in folder.glob(f"{reports.REPORT_PREFIX}*.json"):
        data = json.loads(path.read_text())
        data["report"]["findings"] = [{"rule": "x"}]  # no kind, no path: a damaged report is a miss
        path.write_text(json.dumps(data))
    # the blob entries answered (every blob and the targeted rule), not the damaged report
    assert _audit_rev(repo, config, folder, reports=True) == (expected, len(FILES) + 1)
    for path in folder.iterdir():
        path.unlink()
    assert _audit_rev(repo, config, folder, reports=True)[0] == expected


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
    (only,) = folder.glob("findings-*.json")
    keys = json.loads(only.read_text())["entries"]
    assert any(key.startswith(old_blobs[-1]) for key in keys)
    assert not any(key.startswith(blob) for key in keys for blob in old_blobs[:-1])


def test_audit_rev_twice_through_the_cli(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    repo, config = _repo(tmp_path), _config(tmp_path)
    (config / "carries.yaml").write_text("carries: []\n")
    first = cli("audit", "--rev", "HEAD", "--repo", repo, "--config", config, "--format", "json")
    second = cli("audit", "--rev", "HEAD", "--repo", repo, "--config", config, "--format", "json")
    assert first.code == second.code == 1
    assert first.json()["files_cached"] == 0
    assert second.json()["files_cached"] == second.json()["files_scanned"] == len(FILES)  # answered whole
    assert {**first.json(), "seconds": 0, "files_cached": 0} == {**second.json(), "seconds": 0, "files_cached": 0}
    assert (repo / ".git" / "aeon-release" / "cache").is_dir()


# -- whole reports: one file answers an audit of a tree audited before ----------------------------
PATTERN_RULES = (
    RULES
    + """  - id: kv/split-kept
    kind: pattern
    message: the split stays
    paths: [vllm/kernel.py]
    regex: 'def split\\('
    expect: present
"""
)


def _comparable(report: AuditReport) -> dict[str, Any]:
    """A report as printed, less what differs between a run and its replay (time, cache hits)."""
    return {**report.as_dict(), "seconds": 0, "files_cached": 0}


def _rev_report(repo: Path, config: Path, cache_dir: Path | None, **scope: Any) -> tuple[AuditReport, bool]:
    """The report, and whether the tree was listed (a whole-report hit never lists it)."""
    tree = GitTree(repo, git(repo, "rev-parse", "HEAD"))
    try:
        return audit_tree(tree, config, cache_dir=cache_dir, **scope), tree.listed
    finally:
        tree.close()


def test_the_rule_set_hash_is_the_same_in_every_process(tmp_path: Path) -> None:
    """A compiled pattern's repr is its memory address: the fleet's rules hashed anew every run, so
    the cache never answered an `audit --rev` (5 s on vLLM every time)."""
    config = _config(tmp_path, PATTERN_RULES)
    code = (
        "import sys; from pathlib import Path; from aeon_release.domain.audits.config import load_rules; "
        "from aeon_release.domain.audits.cache import ruleset_hash; "
        "r = load_rules(Path(sys.argv[1])); print(ruleset_hash(r.rules, r.settings))"
    )
    hashes = {
        subprocess.run(
            [sys.executable, "-c", code, str(config)],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout.strip()
        for seed in ("1", "2")
    }
    assert len(hashes) == 1 and len(hashes.pop()) == 64


def test_a_value_with_no_stable_form_is_refused_not_guessed() -> None:
    assert cache.canonical((1, "a", None)) == cache.canonical((1, "a", None))
    assert cache.canonical(frozenset({"b", "a"})) == cache.canonical(frozenset({"a", "b"}))
    with pytest.raises(TypeError, match="no stable form"):
        cache.canonical(object())


def test_a_revision_audited_before_is_answered_by_one_file_without_listing_it(tmp_path: Path) -> None:
    repo, config, folder = _repo(tmp_path), _config(tmp_path, PATTERN_RULES), tmp_path / "cache"
    cold, _ = _rev_report(repo, config, None)
    first, listed = _rev_report(repo, config, folder)
    assert listed and first.files_cached == 0
    for path in folder.glob("findings-*.json"):
        path.unlink()  # the report file alone answers
    warm, listed = _rev_report(repo, config, folder)
    assert not listed
    assert warm.files_cached == warm.files_scanned == len(FILES)
    assert _comparable(cold) == _comparable(first) == _comparable(warm)  # warm findings == cold findings
    assert ("vllm/broken.py", "tree/py-compile") in {(f.path, f.rule_id) for f in warm.findings}


def test_a_clean_checkout_is_answered_whole_and_any_edit_or_new_file_is_a_miss(tmp_path: Path) -> None:
    repo, config, folder = _repo(tmp_path), _config(tmp_path, PATTERN_RULES), tmp_path / "cache"
    cold = audit_tree(WorkTree(repo), config)
    first = audit_tree(WorkTree(repo), config, cache_dir=folder)
    warm = audit_tree(WorkTree(repo), config, cache_dir=folder)
    assert warm.files_cached == warm.files_scanned and first.files_cached == 0
    assert _comparable(cold) == _comparable(first) == _comparable(warm)
    (repo / "vllm/ok.py").write_text("def now_broken(:\n")  # modified, not staged
    edited = audit_tree(WorkTree(repo), config, cache_dir=folder)
    assert ("vllm/ok.py", "tree/py-compile") in {(f.path, f.rule_id) for f in edited.findings}
    (repo / "vllm/new.py").write_text("<<<<<<< ours\n")  # untracked
    added = audit_tree(WorkTree(repo), config, cache_dir=folder)
    assert ("vllm/new.py", "tree/conflict-markers") in {(f.path, f.rule_id) for f in added.findings}
    again = audit_tree(WorkTree(repo), config, cache_dir=folder)
    assert again.files_cached == again.files_scanned and _comparable(again) == _comparable(added)


def test_a_checkout_edited_while_it_is_audited_is_not_remembered(tmp_path: Path) -> None:
    repo, config, folder = _repo(tmp_path), _config(tmp_path), tmp_path / "cache"
    tree = WorkTree(repo)  # listed (and stat-ed) now
    time.sleep(0.01)
    (repo / "vllm/ok.py").write_text("y = 2\n")  # same size, after the listing, before the audit reads it
    audit_tree(tree, config, cache_dir=folder)
    assert not list(folder.glob(f"{reports.REPORT_PREFIX}*.json"))
    audit_tree(WorkTree(repo), config, cache_dir=folder)
    assert len(list(folder.glob(f"{reports.REPORT_PREFIX}*.json"))) == 1


def test_a_message_settings_or_scope_change_is_a_report_miss(tmp_path: Path) -> None:
    repo, folder = _repo(tmp_path), tmp_path / "cache"
    config = _config(tmp_path / "plain")
    _rev_report(repo, config, folder)
    reworded = _config(tmp_path / "reworded", RULES.replace("never re-stride", "never re-stride, ever"))
    report, listed = _rev_report(repo, reworded, folder)
    assert listed and any(f.message.startswith("never re-stride, ever") for f in report.findings)
    capped = _config(tmp_path / "capped", "settings: {max_file_bytes: 1024}\n" + RULES)
    (repo / "vllm/big.py").write_text("x = 1\n" * 300)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "big")
    full, _ = _rev_report(repo, config, folder)
    report, listed = _rev_report(repo, capped, folder)
    assert listed and "vllm/big.py" in {f.path for f in report.findings if f.rule_id == "audit/not-audited"}
    scoped, listed = _rev_report(repo, config, folder, changed_files=["vllm/ok.py"])
    assert listed and "vllm/broken.py" not in {f.path for f in scoped.findings}
    again, listed = _rev_report(repo, config, folder)
    assert not listed and "vllm/broken.py" in {f.path for f in again.findings}
    assert _comparable(again) == _comparable(full)


def test_the_report_files_are_bounded_least_recently_used_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, config, folder = _repo(tmp_path), _config(tmp_path), tmp_path / "cache"
    monkeypatch.setattr(reports, "KEEP_REPORTS", 2)
    revisions = []
    for i in range(3):
        (repo / "vllm/ok.py").write_text(f"x = {i}\n")
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", f"c{i}")
        revisions.append(git(repo, "rev-parse", "HEAD"))
        _rev_report(repo, config, folder)
        for path in folder.glob(f"{reports.REPORT_PREFIX}*.json"):  # each audit 100 s after the one before
            older = path.stat().st_mtime - 100
            os.utime(path, (older, older))
    assert len(list(folder.glob(f"{reports.REPORT_PREFIX}*.json"))) == 2
    git(repo, "checkout", "-q", revisions[0])
    assert _rev_report(repo, config, folder)[1]  # the first revision's report went: listed again


def test_the_report_key_names_the_scope_and_the_merge_sides(tmp_path: Path) -> None:
    from aeon_release.domain.audits import MergeSides
    from aeon_release.domain.audits.config import load_rules

    ruleset = load_rules(_config(tmp_path))
    sides = MergeSides(tmp_path, "a" * 40, "b" * 40, "c" * 40)
    key = cache.report_key("git-tree:1", ruleset, changed={"x.py", "y.py"}, merge=sides)
    assert key == cache.report_key("git-tree:1", ruleset, changed=["y.py", "x.py"], merge=sides)
    others = {
        cache.report_key("git-tree:2", ruleset, changed={"x.py", "y.py"}, merge=sides),
        cache.report_key("git-tree:1", ruleset, changed={"x.py"}, merge=sides),
        cache.report_key("git-tree:1", ruleset, merge=sides),
        cache.report_key("git-tree:1", ruleset, changed={"x.py", "y.py"}),
        cache.report_key("git-tree:1", ruleset, changed={"x.py", "y.py"}, new_content=(), merge=sides),
        cache.report_key(
            "git-tree:1", ruleset, changed={"x.py", "y.py"}, merge=MergeSides(tmp_path, "a" * 40, "c" * 40, "b" * 40)
        ),
    }
    assert key not in others and len(others) == 6


@pytest.mark.parametrize("kind_name", sorted(KINDS))
def test_every_kinds_rules_have_a_stable_form(kind_name: str) -> None:
    """The cache keys on every rule's options: a kind whose options cannot be named stably would crash it."""
    kind = KINDS[kind_name]
    for example in (*kind.valid, *kind.invalid):
        node = {"id": f"example/{kind_name}", "kind": kind_name, "message": "example", **example.rule}
        first, again = parse_rule(node, Where("example")), parse_rule(node, Where("example"))
        assert first.options is not again.options or first.options is None  # parsed twice, apart
        assert cache.canonical(first) == cache.canonical(again)


def test_another_cmake_is_another_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The arch-coverage rule's answers are the installed cmake's (an old one knows no block()): an
    answer must not outlive the cmake that gave it.  A second install (a copy) stands for another version."""
    import shutil

    real = shutil.which("cmake")
    if real is None:
        pytest.skip("needs cmake (scripts/test.sh installs it)")
    (tmp_path / "bin").mkdir()
    shutil.copy2(real, tmp_path / "bin" / "cmake")
    reports.engine_version.cache_clear()
    try:
        before = reports.engine_version()
        monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
        reports.engine_version.cache_clear()
        assert reports.engine_version() != before
    finally:
        reports.engine_version.cache_clear()


def test_a_tree_scoped_rule_is_answered_for_a_merges_delta_by_the_full_audits_entry(tmp_path: Path) -> None:
    """The changed files shape only what file-scoped rules look at: a tree-scoped rule audited on the
    fork branch is a hit in a merge's delta audit while the files it read are the same blobs; the
    file-scoped targeted rule is keyed by the delta (it looks at the changed files only)."""
    rules = RULES + (
        "  - {id: kv/symbols, kind: required-symbol, message: the splitter exists, "
        "paths: [vllm/kernel.py], symbols: [split]}\n"
    )
    repo, config, folder = _repo(tmp_path), _config(tmp_path, rules), tmp_path / "cache"
    _audit_rev(repo, config, folder)  # the fork branch, audited whole

    def delta_audit(changed: str) -> AuditReport:
        _drop_reports(folder)
        tree = GitTree(repo, git(repo, "rev-parse", "HEAD"))
        try:
            return audit_tree(tree, config, cache_dir=folder, changed_files=frozenset({changed}))
        finally:
            tree.close()

    delta = delta_audit("vllm/ok.py")
    # vllm/ok.py's blob (the bulk rules' one entry) and the tree-scoped rule: hits; the forbidden-call rule
    # (file-scoped, keyed by the delta) ran again and found nothing in the one changed file
    assert delta.files_cached == 2
    assert not [f for f in delta.findings if f.rule_id == "kv/symbols"]
    (repo / "vllm/kernel.py").write_text("def renamed(t):\n    return t\n")
    git(repo, "commit", "-qam", "rename the splitter")
    again = delta_audit("vllm/kernel.py")
    assert [f.rule_id for f in again.findings if f.rule_id == "kv/symbols"] == ["kv/symbols"]  # read again: a miss


# -- whole reports by the config folder's bytes: answered before any rule is loaded ----------------
FLEET = "branch_prefix: fork-\nimage: {repository: team/app}\n"
_MODULES = (
    "import json, sys\n"
    "from aeon_release.cli import main\n"
    "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
    "sys.stdout.flush()\n"
    "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
)


def _full_config(tmp_path: Path) -> Path:
    config = _config(tmp_path)
    (config / "carries.yaml").write_text("carries: []\n")
    (config / "fleet.yaml").write_text(FLEET)
    return config


def _rev_in_a_process(repo: Path, config: Path) -> tuple[dict[str, Any], list[str]]:
    """`audit --rev HEAD --format json` in a fresh interpreter: the report, and every module it imported."""
    args = ["audit", "--rev", "HEAD", "--repo", str(repo), "--config", str(config), "--format", "json"]
    done = subprocess.run([sys.executable, "-c", _MODULES, *args], capture_output=True, text=True, check=False)
    return json.loads(done.stdout), json.loads(done.stderr.splitlines()[-1])


def test_a_revision_audited_before_with_the_same_config_folder_loads_no_rule(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The imports were most of an `audit --rev` the cache answered (0.33 s on a vLLM fork): now the
    rule files, the ledger, the profile and the tree readers are not even imported."""
    repo, config = _repo(tmp_path), _full_config(tmp_path)
    first = cli("audit", "--rev", "HEAD", "--repo", repo, "--config", config, "--format", "json")
    again, modules = _rev_in_a_process(repo, config)
    assert first.code == 1 and again["files_cached"] == again["files_scanned"] == len(FILES)
    assert {**first.json(), "seconds": 0, "files_cached": 0} == {**again, "seconds": 0, "files_cached": 0}
    loaded = {"yaml", "aeon_release.domain.audits.config", "aeon_release.domain.ledger"}
    assert not loaded & set(modules)
    assert "aeon_release.domain.audits.source" not in modules and "aeon_release.domain.audits.runner" not in modules


MORE_RULES = """rules:
  - {id: more/gone, kind: pattern, message: no split here, paths: [vllm/kernel.py], regex: 'def split', expect: absent}
"""


@pytest.mark.parametrize(
    "change",
    ["a rule's message", "a new rule file", "a broken ledger", "a broken fleet.yaml", "any other file"],
)
def test_any_change_in_the_config_folder_is_seen(cli, tmp_path: Path, change: str) -> None:  # type: ignore[no-untyped-def]
    repo, config = _repo(tmp_path), _full_config(tmp_path)
    args = ("audit", "--rev", "HEAD", "--repo", repo, "--config", config, "--format", "json")
    assert cli(*args).code == 1
    if change == "a rule's message":
        (config / "audits" / "rules.yaml").write_text(RULES.replace("never re-stride", "never, ever re-stride"))
    elif change == "a new rule file":
        (config / "audits" / "more.yaml").write_text(MORE_RULES)
    elif change == "a broken ledger":
        (config / "carries.yaml").write_text("carries: {}\n")
    elif change == "a broken fleet.yaml":
        (config / "fleet.yaml").write_text("branch_prefix: 7\n")
    else:
        (config / "README").write_text("notes\n")
    after = cli(*args)
    if change.startswith("a broken"):
        assert after.code == 2 and after.out == ""
        return
    assert after.code == 1
    findings = after.json()["findings"]
    assert any("never, ever re-stride" in f["message"] for f in findings) == (change == "a rule's message")
    assert any(f["rule"] == "more/gone" for f in findings) == (change == "a new rule file")


def test_a_config_folder_that_cannot_be_named_surely_is_read_every_time(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A symbolic link in the folder is never part of a key (what it names may change without the
    folder's listing changing): the audit reads such a folder every time and sees every change."""
    repo, config = _repo(tmp_path), _full_config(tmp_path)
    (config / "shared").mkdir()
    (config / "shared" / "rules.yaml").write_text(RULES.replace("never re-stride", "linked"))
    (config / "audits" / "rules.yaml").unlink()
    (config / "audits" / "rules.yaml").symlink_to("../shared/rules.yaml")
    args = ("audit", "--rev", "HEAD", "--repo", repo, "--config", config, "--format", "json")
    assert cli(*args).code == 1
    (config / "shared" / "rules.yaml").write_text(RULES.replace("never re-stride", "changed through the link"))
    after = cli(*args)
    assert any("changed through the link" in f["message"] for f in after.json()["findings"])


def test_a_tree_id_is_no_revision_even_when_its_commit_was_audited(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    repo, config = _repo(tmp_path), _full_config(tmp_path)
    assert cli("audit", "--rev", "HEAD", "--repo", repo, "--config", config, "--format", "json").code == 1
    tree = git(repo, "rev-parse", "HEAD^{tree}")
    refused = cli("audit", "--rev", tree, "--repo", repo, "--config", config, "--format", "json")
    assert refused.code == 2 and refused.out == ""


def test_a_name_made_ambiguous_after_its_audit_is_refused_not_answered(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A tag of a branch's name fetched after the branch was audited: the remembered report of the
    branch's tree must not answer for a name git now reads as the tag."""
    repo, config = _repo(tmp_path), _full_config(tmp_path)
    branch = git(repo, "branch", "--show-current")
    args = ("audit", "--rev", branch, "--repo", repo, "--config", config, "--format", "json")
    assert cli(*args).code == 1
    git(repo, "tag", branch, "HEAD")
    refused = cli(*args)
    assert refused.code == 2 and "names more than one ref" in refused.err and refused.out == ""


def test_two_engines_whose_files_share_sizes_and_times_are_two_versions(tmp_path: Path) -> None:
    """An install that pins every file's modification time (Nix, SOURCE_DATE_EPOCH, `rsync -a`) made an
    engine with a one-word edit of the same length look like the engine before it: keyed by size and time
    alone, the second was served the first's findings."""
    import shutil

    package = Path(aeon_release.__file__).resolve().parent
    versions = []
    for name, word in (("a", "lost"), ("b", "LOST")):
        copy = tmp_path / name / "aeon_release"
        shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
        config = copy / "domain" / "audits" / "config.py"
        config.write_text(config.read_text().replace("lost its marker", f"{word} its marker"))
        for path in copy.rglob("*"):
            os.utime(path, ns=(1_764_800_000 * 10**9, 1_764_800_000 * 10**9))
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                "from aeon_release.domain.audits.reports import engine_version; print(engine_version())",
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(copy.parent), "PYTHONDONTWRITEBYTECODE": "1"},
            cwd=tmp_path,  # `-c` puts the working folder first on the path: not the checkout's engine
            check=True,
        )
        versions.append(done.stdout.strip())
    assert versions[0] != versions[1]
