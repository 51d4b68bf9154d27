"""A replay of upstream's renames of its tuned kernel tables under a fork's own tables (renamed siblings).

vLLM reads a tuned Triton table for a kernel from a file whose name code builds
(``E=<experts>,N=<n>,device_name=<gpu>,dtype=<dtype>[,block_shape=[..]].json``); with no such file the
kernel runs on a default table: every answer right, the kernel slower.  A fork for its own GPU carries its
own tables in those folders.  Every first-parent commit of vLLM's history that renamed two or more of a
package folder's data files by one edit is replayed here (found by scanning ``git log --first-parent
--diff-filter=R -M``; the other such commits renamed files of ``.github/`` and ``docs/``, which are
listed, not looked up): #7415 (``dtype=float8`` -> ``dtype=fp8_w8a8``), 9cdea30b4f (``[128, 128]`` ->
``[128,128]`` in two folders), #12804 (the same, for the tables 9cdea30b4f missed).  Each under a fork
table spelt with the old name (caught when an error lands on it), with twins: the fork's table already
under the new name, a table the scheme does not touch.

First run (2026-12-04), with the check written from #7415 and 9cdea30b4f: 3 caught, 0 warned, 1 missed;
twins 4 quiet, 0 false.  The miss: #12804 renamed tables and changed no Python file, and the merge's checks
stopped before any check when upstream's side held no Python change.  They now go on when upstream changed
a folder the fork added a data file to: 4 caught, 0 warned, 0 missed; twins 4 quiet, 0 false.

  python benchmarks/tuned_table_replay.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

TABLE = '{\n  "1": {"BLOCK_SIZE_M": 16, "BLOCK_SIZE_N": 32, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 1, "num_warps": 4}\n}\n'
MOE = "vllm/model_executor/layers/fused_moe/configs/"
W8 = "vllm/model_executor/layers/quantization/utils/configs/"
CASES: list[tuple[str, str, Killer]] = []


def _table(pr: str, sha: str, what: str, path: str, cls: str, label: str) -> tuple[str, str, Killer]:
    return (cls, label, K(pr, sha, what, path, TABLE, "{"))


# #7415 (7fc23be81c): every dtype=float8 fused-MoE table renamed dtype=fp8_w8a8, and the name builder with them
F8 = ("#7415", "7fc23be81c", "fused-MoE tables: dtype=float8 -> dtype=fp8_w8a8")
CASES += [
    _table(
        *F8, MOE + "E=8,N=14336,device_name=NVIDIA_GB10,dtype=float8.json", "#7415 dtype renamed", "a GB10 fp8 table"
    ),
    _table(
        *F8,
        MOE + "E=8,N=14336,device_name=NVIDIA_GB10,dtype=fp8_w8a8.json",
        "#7415 dtype renamed",
        "twin: under the new name",
    ),
    _table(*F8, MOE + "E=8,N=14336,device_name=NVIDIA_GB10.json", "#7415 dtype renamed", "twin: a bf16 table"),
]
# 9cdea30b4f: block_shape=[128, 128] -> [128,128] (fused MoE and the block-fp8 GEMM tables)
SP = ("9cdea30b4f", "9cdea30b4f", "tuned tables: block_shape=[128, 128] -> block_shape=[128,128]")
CASES += [
    _table(*SP, MOE + "E=256,N=256,device_name=NVIDIA_GB10,dtype=fp8_w8a8,block_shape=[128, 128].json",
           "9cdea30b4f space removed", "a GB10 MoE block-fp8 table"),
    _table(*SP, W8 + "N=7168,K=2048,device_name=NVIDIA_GB10,dtype=fp8_w8a8,block_shape=[128, 128].json",
           "9cdea30b4f space removed", "a GB10 GEMM block-fp8 table"),
    _table(*SP, W8 + "N=7168,K=2048,device_name=NVIDIA_GB10,dtype=fp8_w8a8,block_shape=[128,128].json",
           "9cdea30b4f space removed", "twin: under the new name"),
]  # fmt: skip
# #12804 (741429a4cd): the block-fp8 GEMM tables 9cdea30b4f missed, renamed the same way
PC = ("#12804", "741429a4cd", "block-fp8 GEMM tables: [128, 128] -> [128,128]")
CASES += [
    _table(*PC, W8 + "N=4096,K=7168,device_name=NVIDIA_GB10,dtype=fp8_w8a8,block_shape=[128, 128].json",
           "#12804 space removed", "a GB10 GEMM block-fp8 table"),
    _table(*PC, W8 + "N=4096,K=7168,device_name=NVIDIA_GB10,dtype=int8_w8a8.json", "#12804 space removed",
           "twin: a table with no block shape"),
]  # fmt: skip


def main() -> int:
    run(__doc__, CASES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
