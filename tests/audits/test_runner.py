"""The runner: the parallel pass agrees with the inline one; conditions, scopes and globs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from aeon_release.domain.audits import audit_tree, runner
from aeon_release.domain.audits.source import glob_regex, list_files
from tests.audits import shapes
from tests.audits.conftest import GitRepo

RULES = """rules:
  - {id: tree/py-compile, kind: py-compile, message: compiles}
  - {id: tree/conflict-markers, kind: conflict-markers, message: no markers}
  - id: kv/literals
    kind: enum-literal
    message: literals match
    paths: ["ops/*.py"]
    enum: KVQuantMode
    enum_path: kv.py
    names: [KV_QUANT_MODE]
"""


def many_files() -> dict[str, str]:
    files = {f"pkg/m{i:03}.py": f"def f{i}(x):\n    return x + {i}\n" for i in range(60)}
    files["pkg/bad.py"] = "def f(:\n"
    files["docs/n.md"] = "a\n" + "<" * 7 + " ours\nb\n" + ">" * 7 + " theirs\n"
    files["pkg/s.py"] = "x = 1  # aeon-audit: ignore[tree/py-compile] nothing to see\n"
    files["kv.py"] = shapes.KV_INTERFACE_RENUMBERED
    files["ops/k.py"] = shapes.FORK_NVFP4_KERNEL
    return files


def test_parallel_pass_matches_inline(
    tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, config = tree(many_files()), rules_dir(r=RULES)
    inline = audit_tree(root, config)
    monkeypatch.setattr(runner, "PARALLEL_MIN_FILES", 0)
    parallel = audit_tree(root, config)
    assert [f.as_dict() for f in parallel.findings] == [f.as_dict() for f in inline.findings]
    assert {(f.rule_id, f.path, f.line) for f in inline.findings} == {
        ("tree/py-compile", "pkg/bad.py", 1),
        ("tree/conflict-markers", "docs/n.md", 2),
        ("tree/conflict-markers", "docs/n.md", 4),
        ("suppression/unused", "pkg/s.py", 1),
        ("kv/literals", "ops/k.py", 7),
    }


def test_enum_change_rechecks_every_literal(
    tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path]
) -> None:
    root, config = tree(many_files()), rules_dir(r=RULES)
    assert [f.rule_id for f in audit_tree(root, config, changed_files={"pkg/m001.py"}).findings] == []
    found = audit_tree(root, config, changed_files={"kv.py"}).findings
    assert [(f.rule_id, f.path) for f in found] == [("kv/literals", "ops/k.py")]


def test_when_condition_skips_and_reports(
    tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path]
) -> None:
    rules = "rules:\n  - {id: d2, kind: marker, message: m, paths: [a.py], text: fix, when: {path: a.py, contains: DFlash2}}\n"
    skipped = audit_tree(tree({"a.py": "x = 1\n"}), rules_dir(r=rules))
    assert skipped.findings == () and skipped.as_dict()["rules_skipped"] == {"d2": "a.py does not contain 'DFlash2'"}
    ran = audit_tree(tree({"a.py": "class DFlash2:\n    pass\n"}), rules_dir(r=rules))
    assert [f.rule_id for f in ran.findings] == ["d2"]


def test_missing_guarded_file_is_a_finding(
    tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path]
) -> None:
    rules = "rules:\n  - {id: f, kind: forbidden-call, message: m, paths: [gone.py, 'ops/*.py'], calls: [as_strided]}\n"
    found = audit_tree(tree({"a.py": "x = 1\n"}), rules_dir(r=rules)).findings
    assert [(f.path, f.line) for f in found] == [("gone.py", 0), ("ops/*.py", 0)]


@pytest.mark.parametrize(
    ("pattern", "path", "hit"),
    [
        ("**", "a/b/c.txt", True),
        ("**/*.py", "a.py", True),
        ("**/*.py", "a/b.py", True),
        ("vllm/*.py", "vllm/a/b.py", False),
        ("vllm/**/x.py", "vllm/x.py", True),
        ("a?.py", "ab.py", True),
        ("triton_*.py", "triton_a.py", True),
        ("*.py", "d/a.py", False),
    ],
)
def test_globs(pattern: str, path: str, hit: bool) -> None:
    assert bool(glob_regex(pattern).fullmatch(path)) is hit


def test_listing_skips_git_and_caches(tmp_path: Path) -> None:
    for rel in (".git/config", "__pycache__/a.pyc", "a/b.py", "c.txt", "sub/.git"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x")
    assert list_files(tmp_path) == ["a/b.py", "c.txt"]


def test_workers_stop_when_something_fails(
    tree: Callable[[Mapping[str, str]], Path],
    rules_dir: Callable[..., Path],
    monkeypatch: pytest.MonkeyPatch,
    git_repo: GitRepo,
) -> None:
    import multiprocessing

    from aeon_release.domain.audits import MergeSides
    from aeon_release.errors import GitError

    git_repo.commit(many_files(), "c")
    monkeypatch.setattr(runner, "PARALLEL_MIN_FILES", 0)
    sides = MergeSides(git_repo.path, "0" * 40, "HEAD", "HEAD")
    with pytest.raises(GitError):
        git_repo.audit(rules_dir(r=RULES), merge=sides)
    assert multiprocessing.active_children() == []


def test_exclude_and_warning_severity(
    tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path]
) -> None:
    rules = "rules:\n  - {id: cm, kind: conflict-markers, message: m, severity: warning, exclude: ['vendor/**']}\n"
    marker = "<" * 7 + " ours\n"
    report = audit_tree(tree({"vendor/x/a.txt": marker, "b.txt": marker}), rules_dir(r=rules))
    assert [(f.path, f.severity.value) for f in report.findings] == [("b.txt", "warning")]
    assert (report.errors, report.warnings) == (0, 1)


def test_parallel_pass_with_other_threads_alive(
    tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A progress spinner's thread makes fork unsafe: the runner must still work (forkserver)."""
    import threading

    root, config = tree(many_files()), rules_dir(r=RULES)
    monkeypatch.setattr(runner, "PARALLEL_MIN_FILES", 0)
    stop = threading.Event()
    spinner = threading.Thread(target=stop.wait)
    spinner.start()
    try:
        assert runner._context().get_start_method() != "fork"
        found = {(f.rule_id, f.path) for f in audit_tree(root, config).findings}
    finally:
        stop.set()
        spinner.join()
    assert ("tree/py-compile", "pkg/bad.py") in found and ("kv/literals", "ops/k.py") in found


def test_a_machine_that_gives_the_pool_no_semaphore_audits_in_this_process(
    tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """multiprocessing makes the pool's queues' semaphores in /dev/shm, which a container may have small
    (Docker's default is 64 MB) and other work can fill (its inodes were, by test folders, on the machine this
    was found on): every audit of more than a few files, and every merge, stopped with "output: No space left
    on device".  A fake pool that cannot start stands in for a full /dev/shm, which a test cannot make without
    filling a shared one: the same findings, from this process."""
    import errno

    root, config = tree(many_files()), rules_dir(r=RULES)
    inline = audit_tree(root, config)

    def no_semaphore() -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(runner, "PARALLEL_MIN_FILES", 0)
    monkeypatch.setattr(runner, "worker_pool", no_semaphore)
    found = audit_tree(root, config)
    assert [f.as_dict() for f in found.findings] == [f.as_dict() for f in inline.findings]
