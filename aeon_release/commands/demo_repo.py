"""A small, self-contained example of the release ritual, built with real git.

`aeon-release demo` and the test suite both use it: an upstream repository with two release tags
and PR-numbered commits after them, a fork with two carries on the previous release's branch, and
a ledger with a pick and a skip.  The files are tiny, vLLM-shaped stand-ins written here.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from aeon_release.adapters.git import Git

OLD, NEW = "v0.27.1", "v0.29.0"

ENUM_OLD = """\
import enum


class KVQuantMode(enum.IntEnum):
    NONE = 0
    FP8_PER_TENSOR = 1
    FP8_PER_TOKEN_HEAD = 2
    INT8_PER_TOKEN_HEAD = 3
    NVFP4 = 4
"""
ENUM_RENUMBERED = ENUM_OLD.replace("    NVFP4 = 4\n", "    INT4_PER_TOKEN_HEAD = 4\n    NVFP4 = 5\n")

TRITON_ATTN = """\
from vllm.v1.kv_cache_interface import KVQuantMode


def kernel_flags(KV_QUANT_MODE: int) -> dict[str, bool]:
    USE_FP8 = KV_QUANT_MODE == KVQuantMode.FP8_PER_TENSOR
    return {"fp8": USE_FP8}
"""
TRITON_ATTN_CARRY = TRITON_ATTN.replace(
    '    return {"fp8": USE_FP8}\n',
    '    USE_NVFP4 = KV_QUANT_MODE == 4\n    return {"fp8": USE_FP8, "nvfp4": USE_NVFP4}\n',
)

TORCH_UTILS = """\
def cdiv(a: int, b: int) -> int:
    return -(a // -b)
"""
TORCH_UTILS_CARRY = (
    TORCH_UTILS
    + """

def nvfp4_split_data_scale(packed, head_size: int):
    # NHD-safe: slice the packed cache, never as_strided (carried from upstream PR 44389).
    data = packed[..., : head_size // 2]
    scale = packed[..., head_size // 2 :]
    return data, scale
"""
)

RUNNER = """\
class GPUModelRunner:
    def estimate_cudagraph_memory(self, before: int, after: int) -> int:
        estimate = before - after
        return estimate

    def profile(self) -> int:
        return 0
"""
RUNNER_CARRY = RUNNER.replace(
    "        estimate = before - after\n",
    "        estimate = before - after\n"
    "        # uma-negative-cudagraph-estimate-clamp: unified memory can report a negative delta.\n"
    "        estimate = max(estimate, 0)\n",
)


@dataclass(frozen=True)
class Example:
    root: Path
    upstream: Path
    fork: Path
    config: Path


def write(repo: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def commit(git: Git, message: str, files: dict[str, str]) -> str:
    write(git.path, files)
    git.run("add", "--all")
    git.run("commit", "--quiet", "--no-verify", "-m", message)
    return git.head()


def _init(path: Path) -> Git:
    path.mkdir(parents=True)
    Git.init(path)
    git = Git(path)
    git.run("config", "user.name", "Aeon Demo")
    git.run("config", "user.email", "demo@aeon.invalid")
    git.run("config", "commit.gpgsign", "false")
    return git


def build_upstream(path: Path, renumber_enum: bool = False) -> Git:
    git = _init(path)
    commit(
        git,
        "Initial import",
        {
            "vllm/__init__.py": "",
            "vllm/v1/kv_cache_interface.py": ENUM_OLD,
            "vllm/v1/attention/backends/triton_attn.py": TRITON_ATTN,
            "vllm/utils/torch_utils.py": TORCH_UTILS,
            "vllm/v1/worker/gpu_model_runner.py": RUNNER,
            "README.md": "# vllm (example)\n",
            "docs/serving.md": "Serving guide.\n",
        },
    )
    git.run("tag", "-a", OLD, "-m", f"Release {OLD}")
    commit(git, "Fix packed-KV zeroer stride (#50276)", {"vllm/v1/worker/kv_zeroer.py": "STRIDE = 2\n"})
    commit(git, "[Docs] Serving guide for spec decode (#50301)", {"docs/serving.md": "Serving guide.\nSpec decode.\n"})
    if renumber_enum:
        commit(
            git, "[Quant] Add INT4 per-token-head KV cache (#40835)", {"vllm/v1/kv_cache_interface.py": ENUM_RENUMBERED}
        )
    commit(git, "Bump version to 0.29.0", {"vllm/version.py": '__version__ = "0.29.0"\n'})
    git.run("tag", "-a", NEW, "-m", f"Release {NEW}")
    commit(
        git, "[Spec Decode] DFlash 2 drafter layer (#52816)", {"vllm/model_executor/models/dflash2.py": "LAYERS = 2\n"}
    )
    commit(git, "[Attention] XQA on SM12x (#49718)", {"vllm/v1/attention/xqa.py": "ENABLED = True\n"})
    return git


def build_fork(path: Path, upstream: Path) -> Git:
    git = Git.clone(upstream, path)
    git.run("config", "user.name", "Aeon Demo")
    git.run("config", "user.email", "demo@aeon.invalid")
    git.run("remote", "rename", "origin", "upstream")
    git.run("checkout", "--quiet", "-b", f"aeon-{OLD}", OLD)
    commit(
        git,
        "Carry: clamp negative CUDA-graph memory estimates on UMA",
        {"vllm/v1/worker/gpu_model_runner.py": RUNNER_CARRY},
    )
    commit(
        git,
        "Carry: Triton NVFP4 KV cache with NHD-safe slicing",
        {
            "vllm/utils/torch_utils.py": TORCH_UTILS_CARRY,
            "vllm/v1/attention/backends/triton_attn.py": TRITON_ATTN_CARRY,
        },
    )
    git.run("branch", "--quiet", "-D", "main")
    return git


def ledger_texts(fork: Git) -> tuple[str, str]:
    uma, nvfp4 = fork.run("rev-parse", "HEAD~1"), fork.run("rev-parse", "HEAD")
    carries = textwrap.dedent(f"""\
        carries:
          - id: uma-clamp
            title: Clamp negative CUDA-graph memory estimates on unified memory
            upstream_pr: 46932
            status: active
            commits: [{uma}]
            markers:
              - {{path: vllm/v1/worker/gpu_model_runner.py, text: uma-negative-cudagraph-estimate-clamp}}
          - id: triton-nvfp4-kv
            title: Triton NVFP4 KV cache with NHD-safe slicing
            upstream_pr: 44389
            status: active
            commits: [{nvfp4}]
            markers:
              - {{path: vllm/utils/torch_utils.py, text: nvfp4_split_data_scale}}
        """)
    picks = textwrap.dedent(f"""\
        releases:
          {NEW}:
            pick:
              - {{pr: 52816, reason: DFlash 2 drafter layer}}
              - {{pr: 50276, reason: packed-KV zeroer stride; correctness-critical}}
            skip:
              - {{pr: 49718, reason: XQA on SM12x regresses GPQA accuracy}}
        """)
    return carries, picks


FLEET_FILES = ("fleet.yaml", "load_bearing.txt", "aeon-entrypoint", "Dockerfile")
AUDITS = {
    "kv_quant.yaml": """\
# The example's KV quant modes: literals compared with KV_QUANT_MODE must match the enum as it is.
rules:
  - id: kv-quant/literals-match-enum
    kind: enum-literal
    message: an integer literal compared with the KV quant mode must match KVQuantMode as it is now
    paths: [vllm/v1/attention/backends/triton_attn.py]
    enum: KVQuantMode
    enum_path: vllm/v1/kv_cache_interface.py
    names: [KV_QUANT_MODE]
""",
    "tree.yaml": """\
rules:
  - id: tree/conflict-markers
    kind: conflict-markers
    message: a merge conflict marker was left in the tree
  - id: tree/py-compile
    kind: py-compile
    message: a Python file does not compile
""",
}


def build(root: Path, renumber_enum: bool = False) -> Example:
    """Build the example under ``root`` (which must not exist or be empty)."""
    root.mkdir(parents=True, exist_ok=True)
    upstream = build_upstream(root / "upstream", renumber_enum)
    fork = build_fork(root / "fork", upstream.path)
    config = root / "config"
    config.mkdir()
    carries, picks = ledger_texts(fork)
    (config / "carries.yaml").write_text(carries)
    (config / "cherry_picks.yaml").write_text(picks)
    (config / "audits").mkdir()
    for name, text in AUDITS.items():
        (config / "audits" / name).write_text(text)
    bundled = resources.files("aeon_release").joinpath("data/demo")
    for name in FLEET_FILES:  # the example fleet's profile, load-bearing list, entrypoint and Dockerfile
        (config / name).write_bytes(bundled.joinpath(name).read_bytes())
    return Example(root, upstream.path, fork.path, config)
