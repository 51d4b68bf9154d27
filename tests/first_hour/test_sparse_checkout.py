"""A sparse checkout (how a maintainer holds a fork of a large upstream) is audited whole."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import build_example, git, run_cli


def test_the_files_a_sparse_checkout_leaves_off_the_disk_are_audited_from_the_index(tmp_path: Path) -> None:
    """A work-tree audit of a sparse checkout read only the files on disk (2,871 of vLLM's 5,795 in
    a `vllm csrc cmake docker` cone) and said nothing of the rest, and a carry's marker in a file
    outside the cone read as lost: an error on a fork nothing was wrong with."""
    ex = build_example(tmp_path / "ex")
    whole = run_cli("audit", "--repo", ex.fork, "--config", ex.config)
    assert whole.code == 0, whole.out + whole.err
    git(ex.fork, "sparse-checkout", "set", "--cone", "vllm/v1")
    assert not (ex.fork / "vllm" / "utils").exists()  # the carry's marker file is off the disk
    sparse = run_cli("audit", "--repo", ex.fork, "--config", ex.config)
    assert sparse.code == 0, sparse.out + sparse.err
    assert "over 7 file(s)" in whole.out and "over 7 file(s)" in sparse.out, sparse.out  # the same files
    # what the index holds is what is audited: a bad literal staged outside the cone is found
    kernel = "vllm/v1/attention/backends/triton_attn.py"
    bad = git(ex.fork, "show", f"HEAD:{kernel}").replace("KVQuantMode.FP8_PER_TENSOR", "9", 1)
    git(ex.fork, "sparse-checkout", "set", "--cone", "vllm/utils")
    git(ex.fork, "update-index", "--cacheinfo", f"100644,{_write_blob(ex.fork, bad)},{kernel}")
    git(ex.fork, "update-index", "--skip-worktree", kernel)  # --cacheinfo cleared the bit
    assert f"S {kernel}" in git(ex.fork, "ls-files", "-t", kernel)  # still off the disk
    found = run_cli("audit", "--repo", ex.fork, "--config", ex.config)
    assert found.code == 1 and kernel in found.out, found.out + found.err


def _write_blob(repo: Path, text: str) -> str:
    import subprocess

    return subprocess.run(
        ["git", "-C", str(repo), "hash-object", "-w", "--stdin"], input=text, capture_output=True, text=True, check=True
    ).stdout.strip()
