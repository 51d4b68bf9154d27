"""A conflict in a carried file says where upstream moved the patched code only when it did.

Found merging a fork of vLLM v0.9.1 (a GB10 branch carried in ``CudaPlatformBase.get_attn_backend_cls``)
with v0.9.2: upstream rewrote that function in place, and reshaped ``rocm.py``'s own copy of two
generic lines (``return ("vllm.v1.attention.backends."`` / ``"triton_attn.TritonAttentionBackend")``),
removing and adding them there. Two of the carry's three context lines were "there now", and the
conflict said "upstream moved the code it patched to vllm/platforms/rocm.py": a person following it
would have carried the CUDA branch into the ROCm platform.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.audits.conftest import GitRepo
from tests.helpers import one_carry_ledger, run_cli

CUDA = "pkg/cuda.py"
ROCM = "pkg/rocm.py"
SELECT = "    def select(cls, v1):\n        if v1:\n"
GENERIC = '            return ("pkg.backends."\n                    "triton.TritonBackend")\n'
CUDA_BASE = f"class Cuda:\n{SELECT}{GENERIC}        return None\n"
ROCM_BASE = f"class Rocm:\n{SELECT}{GENERIC}        return None\n"


def _fork(tmp_path: Path, rocm_after: str, cuda_after: str) -> tuple[GitRepo, Path]:
    repo = GitRepo(tmp_path / "fork")
    repo.commit({CUDA: CUDA_BASE, ROCM: ROCM_BASE}, "base")
    repo.git("tag", "v1.0.0")
    repo.git("checkout", "--quiet", "-b", "aeon-v1.0.0")
    carried = CUDA_BASE.replace("        return None\n", "        # AEON: the GB10 branch\n        return 121\n")
    sha = repo.commit({CUDA: carried}, "Prefer our backend on the GB10")
    repo.git("checkout", "--quiet", "-b", "upstream", "v1.0.0")
    repo.commit({CUDA: cuda_after, ROCM: rocm_after}, "Rewrite the selection (#2)")
    repo.git("tag", "v1.1.0")
    repo.git("checkout", "--quiet", "aeon-v1.0.0")
    config = one_carry_ledger(tmp_path / "cfg", sha, CUDA)
    return repo, config


def _note(tmp_path: Path, rocm_after: str, cuda_after: str) -> dict[str, str]:
    repo, config = _fork(tmp_path, rocm_after, cuda_after)
    result = run_cli("merge", "v1.1.0", "--repo", repo.path, "--config", config, "--json")
    assert result.code == 1, result.err
    [conflict] = json.loads(result.out)["conflicts"]
    [note] = conflict["carry_notes"]
    return note


def test_a_file_upstream_reshaped_is_not_where_the_code_moved(tmp_path: Path) -> None:
    """rocm.py's diff removes and re-adds the generic lines (an ``else:`` around them): nothing moved there."""
    cuda = "class Cuda:\n    def select(cls, v1, dtype):\n        return pick(v1, dtype)\n"
    rocm = ROCM_BASE.replace(GENERIC, "        else:\n" + GENERIC.replace("        ", "            ", 1))
    rocm = rocm.replace('                    "triton', '                        "triton')
    note = _note(tmp_path, rocm, cuda)
    assert note["moved"] == f"upstream removed most of the code it patched from {CUDA}", note


def test_code_upstream_moved_into_another_file_is_still_named(tmp_path: Path) -> None:
    cuda = "class Cuda:\n    def select(cls, v1, dtype):\n        return pick(v1, dtype)\n"
    moved = f"def select(v1):\n    if v1:\n{GENERIC.replace('        ', '    ', 1)}    return None\n"
    moved = moved.replace('                    "triton', '                "triton')
    repo_files = ROCM_BASE + "\n\n" + moved
    note = _note(tmp_path, repo_files, cuda)
    assert note.get("moved", "").startswith(f"upstream moved the code it patched to {ROCM}"), note
