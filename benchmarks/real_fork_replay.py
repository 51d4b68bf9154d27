"""The merge-aware audit on a REAL downstream fork's upstream rebases (HabanaAI/vllm-fork, Intel Gaudi).

Every other replay synthesises the fork side.  Here all three trees are real: for each "Rebase ..."
merge M on the fork's ``habana_main`` first-parent line,

- fork = M^1 (habana_main before the rebase landed, with its real carries: HPU model runner,
  attention backends, platform code, patched vllm/ modules);
- upstream = the newest upstream vLLM commit the rebase branch M^2 brings in (the second parent of a
  merge on M^1..M^2 that the upstream mirror holds);
- base = merge-base(fork, upstream).

``git merge-tree`` merges fork and upstream (no checkout, in a shared clone).  Conflicted files are
dropped (a person resolves those anyway): the audited tree holds the fork's version of each, and no
finding in one counts.  The engine's merge-aware audit (``merge_findings``, default settings: the
fleet's device is not this fork's) runs on the clean merged tree, and every error- and warning-level
finding is classified:

- CONFIRMED: the fork changed the flagged statement (its lines, or a line inserted inside it: a
  multi-line call) -- in M's evil-merge part (M's tree against the clean merge result) or by the fork's
  next first-parent commits (at most 30, stopping before the next rebase): the diff of the clean tree
  against M, or against that later commit, touches it (or the file is gone).  The fork had to fix it.
- UNCONFIRMED: nothing touched it.  VERDICTS holds the hand-read ones: true (a latent break the fork
  never noticed) or false (a false error); the rest print as unread.
- MISSES (candidates): hunks of M's evil-merge part in the fork's non-test ``.py`` files git merged
  cleanly that take out a name upstream's diff removed (a rename, a moved or dropped symbol: the fork
  adapting its code to upstream), and that no finding points at (within 3 lines).  ``--show`` prints them.

  cd benchmarks && PYTHONPATH=.. python real_fork_replay.py [--fork habana|rocm|redhat] [--only SHA] [--show] [--mirror DIR]
  (AEON_SRC=/path/to/another/checkout measures that checkout's engine)

Each fork is a row of FORKS: its mirror, branch, merges and hand-read verdicts.  HabanaAI merges upstream
on the rebase branch, so fork = M^1.  AMD's ROCm/vllm (``--fork rocm``) merges upstream on a PR branch
and then merges the PR into ``main``: there fork = U^1, the fork-side parent of the upstream merge U
inside M^1..M^2, and M (U plus the PR's fixes after it) and the fork's next first-parent commits (up to
the next upstream-merge PR) confirm.  A blob the mirror lacks (ROCm's rocm_patch/libamdhip64.so.6, a
large binary) is left out of the fork's tree, so that git can diff and merge it.

On main's engine (9d03563, before any change for this replay), 13 rebases, 2024-07 to 2025-07:
  4d5ee6c68   694 upstream, 51 conflicted: errors  3 (3/0/0), warnings 47 (0 confirmed), misses? 0
  7f921870c    97 upstream,  3 conflicted: errors  6 (0/1/5), warnings 11 (0 confirmed), misses? 0
  d6f76ee2e   372 upstream, 19 conflicted: errors  2 (1/0/1), warnings 15 (3 confirmed), misses? 0
  f3d849cfc  1076 upstream, 44 conflicted: errors 24 (10/13/1), warnings 43 (25 confirmed), misses? 0
  2e19b0c19   241 upstream, 21 conflicted: errors  0 (0/0/0), warnings 11 (2 confirmed), misses? 0
  17100599e    18 upstream,  2 conflicted: errors  0 (0/0/0), warnings  1 (0 confirmed), misses? 0
  018ce62f3    48 upstream,  8 conflicted: errors  2 (2/0/0), warnings  6 (0 confirmed), misses? 0
  47391dc66   401 upstream, 26 conflicted: errors  1 (0/0/1), warnings 14 (0 confirmed), misses? 0
  ad8d5b7bb   225 upstream, 15 conflicted: errors  2 (1/1/0), warnings 15 (2 confirmed), misses? 0
  6ae52299e   182 upstream,  9 conflicted: errors  1 (1/0/0), warnings 20 (2 confirmed), misses? 0
  57bc31dea   105 upstream,  7 conflicted: errors  2 (2/0/0), warnings 11 (0 confirmed), misses? 0
  f9b222eb3   631 upstream, 34 conflicted: errors  7 (7/0/0), warnings 16 (1 confirmed), misses? 7
  2c3a95dad   181 upstream,  4 conflicted: errors  4 (4/0/0), warnings  6 (0 confirmed), misses? 4

  13 rebases: errors 54 (31 confirmed / 15 unconfirmed-true / 8 false / 0 unread); warnings 216 (35 confirmed / 0 unconfirmed-true / 0 false / 181 unread); miss candidates 11; audit 1582 s
  (errors: confirmed/unconfirmed-true/false; audit seconds on a shared 2-core machine under load;
  alone the same run took 548 s)
The 8 false errors: 3 a fork patch of a test helper (tests/conftest.py) upstream stopped calling; 4 a
chained call of the fork's own method that two fork classes define (``prepare_cos_sin``), called removed
because upstream's tree lacks it; 1 an override without the ``**kwargs`` its base gained, though no
caller hands it more than before.  The 11 miss candidates, read by hand: 1 likely miss (2c3a95dad:
``worker.execute_model_compiled_dag_remote.bind`` through a Ray handle, renamed ``execute_model_spmd``,
reached only with the compiled DAG on); 1 this replay's own blind spot (f9b222eb3: the fork imports
``error_on_invalid_device_count_status``, which #7069 removed from vllm/utils.py, but that file conflicted
and the audited tree holds the fork's copy, which still defines it); the rest are the fork's copy of
upstream's Ray executor following a refactor, or a finding's root cause more than 3 lines from it.  Most of the fork's fixes sit in conflicted files, which are out of scope.

After the three fixes of those false-error classes (symbol drift), the same 13 rebases:
  13 rebases: errors 46 (31 confirmed / 15 unconfirmed-true / 0 false / 0 unread); warnings 217 (35 confirmed / 0 unconfirmed-true / 1 false / 181 unread); miss candidates 11; audit 1018 s
(the **kwargs override is a warning now; every confirmed and true error kept; warnings, mostly near-miss
review prompts, were not read one by one).

ROCm/vllm (``--fork rocm``): on main's engine (8d175b6, before any change for this fork), 12 upstream
merges, 2024-06 to 2025-07 (the PR merge M; upstream commits, conflicted files):
  b6ddf6203   720 upstream,  8 conflicted: errors  1 (0/1/0), warnings  1 (0 confirmed), misses? 0
  190033532   157 upstream,  4 conflicted: errors  0 (0/0/0), warnings 11 (0 confirmed), misses? 0
  28007b08d    80 upstream,  7 conflicted: errors  0 (0/0/0), warnings  3 (0 confirmed), misses? 0
  1095cfff3   162 upstream, 10 conflicted: errors  0 (0/0/0), warnings 17 (1 confirmed), misses? 0
  ba6f01972   158 upstream, 14 conflicted: errors  1 (0/0/1), warnings 16 (0 confirmed), misses? 0
  b2c3b2238   106 upstream, 30 conflicted: errors  0 (0/0/0), warnings 45 (0 confirmed), misses? 0
  88e020d50   199 upstream, 25 conflicted: errors  0 (0/0/0), warnings  8 (1 confirmed), misses? 0
  1f0f4c608    99 upstream,  4 conflicted: errors  2 (2/0/0), warnings  5 (0 confirmed), misses? 0
  36fff1648    79 upstream, 11 conflicted: errors  1 (1/0/0), warnings 10 (4 confirmed), misses? 1
  2a3f46182   138 upstream, 17 conflicted: errors  0 (0/0/0), warnings 15 (0 confirmed), misses? 0
  57ea10189    87 upstream, 11 conflicted: errors  2 (1/0/1), warnings 40 (0 confirmed), misses? 1
  e4af60b4d   385 upstream, 19 conflicted: errors 16 (13/0/3), warnings  3 (1 confirmed), misses? 0

  12 upstream merges: errors 23 (17 confirmed / 1 unconfirmed-true / 5 false / 0 unread); warnings 174 (7 confirmed / 0 unconfirmed-true / 0 false / 167 unread); miss candidates 2; audit 251 s
The 5 false errors, in 3 classes: 3 calls of a name upstream moved to another module (same name), whose
from-import the audit already flags (the fork fixed only the import); 1 a call that hands a parameter
"the old kind of value" when upstream only renamed the type alias (PromptInputs -> PromptType, #8673);
1 a class attribute overriding one upstream retired everywhere (SupportsLoRA.supported_lora_modules,
#13166: upstream's own models dropped it as well).  The 2 miss candidates are the fork's annotations
following the same renames (EngineConfig -> VllmConfig, PromptInputs -> PromptType) next to a flagged
import more than 3 lines away: found, not missed.

After the three fixes of those false-error classes (symbol drift), the same 12 upstream merges:
  12 upstream merges: errors 18 (17 confirmed / 1 unconfirmed-true / 0 false / 0 unread); warnings 176 (7 confirmed / 0 unconfirmed-true / 2 false / 167 unread); miss candidates 2; audit 361 s
(the calls of the moved names are left to their import's finding; the renamed-type call and the retired
attribute are warnings now, the 2 false warnings; every confirmed and true error kept; audit seconds on
the shared machine under load: 251 s before on a quieter one).

red-hat-data-services/vllm (``--fork redhat``, Red Hat's downstream of vLLM for OpenShift AI): fork = M^1 as
for HabanaAI (its carries sit on ``main``: the Whisper transcription server, the V0 CPU/TPU/XPU workers and
attention backends kept after upstream retired them, flash-attention and scheduler patches); upstream = the
newest upstream commit that M's sync branch brings in (through Neural Magic's midstream branches, whose own
commits arrive with M too: CONFIRMED is generous here).  Forks looked at and left: opendatahub-io/vllm is
upstream plus packaging (its sync merges' fork side changes 0 to 7 python files; its rocm_main and
gaudi-main are copies of the ROCm and HabanaAI forks above), IBM/vllm has 2 upstream merges, tenstorrent/vllm
4 (of 429 to 3,567 upstream commits each), local-inference-lab/vllm, jinhuang12/vllm, 1CatAI/1Cat-vLLM and
mystous/vllm_hybrid rebase (at most 1 merge).
On main's engine (671b682, before any change for this fork), 9 upstream merges, 2024-08 to 2025-08:
  9f294e4af   425 upstream, 12 conflicted: errors  3 (3/0/0), warnings  13 (13 confirmed), misses? 1
  f850160de   453 upstream,  3 conflicted: errors  0 (0/0/0), warnings   0 (0 confirmed), misses? 0
  b8f40ceb5   274 upstream,  6 conflicted: errors  0 (0/0/0), warnings   1 (0 confirmed), misses? 0
  5b15ed74e   649 upstream, 17 conflicted: errors  0 (0/0/0), warnings  13 (0 confirmed), misses? 0
  60c92f86e   310 upstream,  6 conflicted: errors  0 (0/0/0), warnings  12 (0 confirmed), misses? 0
  6fe80de8f   179 upstream,  5 conflicted: errors  6 (1/0/5), warnings 456 (2 confirmed), misses? 0
  b63f4cbb9   932 upstream,  6 conflicted: errors  0 (0/0/0), warnings   2 (0 confirmed), misses? 0
  48f7bb5eb   253 upstream,  4 conflicted: errors  0 (0/0/0), warnings  10 (0 confirmed), misses? 0
  a622aff95   409 upstream,  5 conflicted: errors  0 (0/0/0), warnings   3 (1 confirmed), misses? 0

  9 rebases: errors 9 (4 confirmed / 0 unconfirmed-true / 5 false / 0 unread); warnings 510 (16 confirmed / 0 unconfirmed-true / 0 false / 494 unread); miss candidates 1; audit 165 s
The 5 false errors, one class: the fork's side of 6fe80de8f holds a squashed sync of upstream v0.8.4
(852b1e8ec, "Sync upstream v0.8.4 (#212)", a plain commit), so 341 of the 416 files the fork "changed" since
the merge base are upstream's v0.8.4 version exactly; the engine took that change for the fork's (a literal
"fork-owned", a method "the fork patches"), and its 456 warnings are all near misses, in files that
squash made the fork's.  The miss candidate (9f294e4af, vllm/platforms/cpu.py:102) is the fork dropping its V0 CPU attention
path as upstream retired V0: the module it named (vllm/attention/backends/torch_sdpa.py, which the fork
patched and upstream deleted) conflicted, so the audited tree still holds it; not a miss.

After the fix of that class (a hunk the fork's diff shares with upstream's, the same base lines replaced by the
same lines, is no change of the fork's: sides.own_diff), the same 9 upstream merges:
  9 rebases: errors 4 (4 confirmed / 0 unconfirmed-true / 0 false / 0 unread); warnings 23 (12 confirmed / 0 unconfirmed-true / 0 false / 11 unread); miss candidates 1; audit 508 s
(every confirmed error kept; the warnings left are near misses, 456 -> 2 on 6fe80de8f; 4 confirmed near
misses went with the rest, each a pair of hunks both sides made alike, cherry-picks of upstream's own
change: the fork's later edit there was its own; audit seconds under the test suite's load, 165 s before
on a quieter machine).
The same engine on the other two forks (2026-12-03), every error kept:
  --fork rocm:   12 upstream merges: errors 18 (17 confirmed / 1 unconfirmed-true / 0 false / 0 unread); warnings 120 (7 confirmed / 0 unconfirmed-true / 2 false / 111 unread); miss candidates 2; audit 981 s
  --fork habana: 13 rebases: errors 46 (31 confirmed / 15 unconfirmed-true / 0 false / 0 unread); warnings 208 (36 confirmed / 0 unconfirmed-true / 1 false / 171 unread); miss candidates 11; audit 529 s
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from threeway import ENV, MIRROR, clone, git  # puts this checkout (or AEON_SRC) first on sys.path

from aeon_release.domain.audits.merge import merge_findings
from aeon_release.domain.audits.model import Finding, MergeSides, Settings
from aeon_release.domain.audits.source import GitTree, SourceCache

HABANA_MIRROR = Path("/work/.mirror/HabanaAI+vllm-fork/repo")
# Rebase merges on habana_main, spread over its history (newest first): "Rebase 0.9.0.1 (#1507)" ...
# "Merge pull request #81 ... rebase_v3".  The reverted attempts are left out.
HABANA_MERGES = (
    "4d5ee6c68",  # Rebase 0.9.0.1 (#1507), 2025-07-04
    "7f921870c",  # Rebase may 06 (#1207)
    "d6f76ee2e",  # Rebase apr 25 (#1166)
    "f3d849cfc",  # Apr 7 rebase (#1127)
    "2e19b0c19",  # Rebase 2025-02-10 (#810)
    "17100599e",  # Rebase 2025.01.29 (#751)
    "018ce62f3",  # Rebase 2025-01-17 (#701)
    "47391dc66",  # Jan 10 rebase (#677)
    "ad8d5b7bb",  # Dec 06 rebase (#571)
    "6ae52299e",  # Nov 18 rebase (#485)
    "57bc31dea",  # Oct 7 rebase (#367)
    "f9b222eb3",  # vLLM 0.6.1 rebase (#311)
    "2c3a95dad",  # rebase_v5 (#108), 2024-07-30
)
LATER = 30  # the fork's next first-parent commits that may confirm a finding
WIDTH = int(os.environ.get("REPLAY_WIDTH", "200"))  # the characters of a message printed
NEAR = 3  # a miss: no finding within this many lines of the hunk
_TEST = re.compile(r"(^|/)tests?/|(^|/)test_[^/]*\.py$|conftest\.py$")
_NAME = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]{3,}\b")

# Hand-read unconfirmed errors: (merge, path, line) -> (verdict, reason); verdict "true" or "false".
_PATCHED_HELPER = "false: a fork patch of a test helper upstream stopped calling; no service ran it"
_FORK_METHOD = "false: the fork's own method (two classes define it), still in the merged tree; upstream never had it"
_LORA_SPELLING = "true: #13831 renamed the *WithLora classes; the fork fixed its test 6 weeks later (0879cc252)"
HABANA_VERDICTS: dict[tuple[str, str, int], tuple[str, str]] = {
    ("7f921870c", "tests/conftest.py", 520): ("false", _PATCHED_HELPER),
    ("7f921870c", "tests/conftest.py", 600): ("false", _PATCHED_HELPER),
    ("7f921870c", "tests/conftest.py", 998): ("false", _PATCHED_HELPER),
    ("7f921870c", "tests/lora/test_long_context_hpu.py", 102): (
        "true",
        "true: upstream made use_tqdm a required keyword; the fork's test never passes it (still so at the tip)",
    ),
    ("7f921870c", "vllm/v1/worker/hpu_model_runner.py", 462): ("false", _FORK_METHOD),
    ("d6f76ee2e", "vllm/v1/worker/hpu_model_runner.py", 460): ("false", _FORK_METHOD),
    ("7f921870c", "vllm/worker/hpu_model_runner.py", 429): ("false", _FORK_METHOD),
    ("f3d849cfc", "vllm/v1/worker/hpu_model_runner.py", 501): ("false", _FORK_METHOD),
    **{
        ("f3d849cfc", "tests/lora/test_layers_hpu.py", line): ("true", _LORA_SPELLING)
        for line in (16, 23, 994, 996, 1004, 1006, 1168)
    },
    ("f3d849cfc", "tests/lora/test_long_context_hpu.py", 10): (
        "true",
        "true: #13831's renamed class; still so at the tip",
    ),
    ("f3d849cfc", "tests/lora/test_long_context_hpu.py", 15): (
        "true",
        "true: upstream removed prompts_and_responses (#15558); the fork's test still imports it at the tip",
    ),
    ("f3d849cfc", "vllm/spec_decode/ngram_worker.py", 23): (
        "true",
        "true, latent: Platform.is_openvino is gone (#15339); reached only off HPU (is_hpu() is asked first)",
    ),
    ("47391dc66", "vllm/worker/hpu_enc_dec_model_runner.py", 520): (
        "false",
        "false: the base only gained **kwargs; its callers handed their **kwargs to the override before as now",
    ),
    ("ad8d5b7bb", "vllm/executor/multiproc_hpu_executor.py", 18): (
        "true",
        "true, harmless: the override is dead, but the HPU platform's worker_cls picks the same workers",
    ),
}

ROCM_MIRROR = Path("/work/.mirror/ROCm+vllm/repo")
# PR merges on ROCm/vllm's main that bring upstream vLLM in (an upstream merge U inside each PR branch),
# spread over 2024-06 .. 2025-07, newest first; the ones of 1 to 70 upstream commits are left out.
ROCM_MERGES = (
    "b6ddf6203",  # Merge pull request #613 from ROCm/upstream_merge_2025_07_29
    "190033532",  # Upstream merge 2025 05 27 (#557)
    "28007b08d",  # Upstream merge 2025 04 25 (#524)
    "1095cfff3",  # Merge pull request #471 from ROCm/upstream_merge_25_03_10
    "ba6f01972",  # Merge pull request #449 from ROCm/upstream_merge_25_02_24
    "b2c3b2238",  # Merge pull request #391 from ROCm/upstream_merge_25_01_27
    "88e020d50",  # Merge pull request #350 from ROCm/upstream_merge_25_1_6
    "1f0f4c608",  # Merge pull request #330 from ROCm/upstream_merge_24_12_16
    "36fff1648",  # Merge pull request #262 from ROCm/upstream_merge_24_11_04
    "2a3f46182",  # Merge pull request #240 from ROCm/upstream_merge_24_10_21
    "57ea10189",  # Merge pull request #203 from ROCm/upstream_merge_24_9_23
    "e4af60b4d",  # Merge pull request #40 from ROCm/main_upstream_candidate_531_fp8, 2024-06-06
)
_MOVED_CALL = "false: a call of a name upstream moved; the fork fixed only the import (line 12), as it had to"
ROCM_VERDICTS: dict[tuple[str, str, int], tuple[str, str]] = {
    ("b6ddf6203", "benchmarks/profiling/benchmark_throughput.py", 289): (
        "true",
        "true, latent: #21541 made disable_frontend_multiprocessing keyword-only; the fork's own copy of the "
        "benchmark still passes it by position at the tip (2025-08-28), on its --async-engine path",
    ),
    ("ba6f01972", "vllm/model_executor/models/grok1.py", 343): (
        "false",
        "false: #13166 retired supported_lora_modules everywhere (upstream's own models dropped it too; the "
        "modules are found from the model now); the fork's list is dead, nothing breaks",
    ),
    ("57ea10189", "vllm/entrypoints/fast_sync_llm.py", 49): (
        "false",
        "false: #8673 renamed the type PromptInputs to PromptType (the same union); the value handed is the same kind",
    ),
    **{("e4af60b4d", "vllm/executor/torchrun_gpu_executor.py", line): ("false", _MOVED_CALL) for line in (76, 91, 94)},
}


REDHAT_MIRROR = Path("/work/.mirror/red-hat-data-services+vllm/repo")
# Merges on red-hat-data-services/vllm's main that bring upstream vLLM in (through Neural Magic's midstream
# sync branches), newest first.  Its "Merge remote-tracking branch 'upstream/release'" merges of 2024-10 ..
# 2025-02 are left out: their fork side carries no python file of its own (upstream plus packaging).
REDHAT_MERGES = (
    "9f294e4af",  # Merge pull request #175 from heyselbi/sync-v0.10.0-rhoai, 2025-08-18
    "f850160de",  # Merge `nm/midstream-cuda-v0.9.2.1` into `rhds/RHOAI-2.23`
    "b8f40ceb5",  # Merge tag 'nm/midstream-cuda-v0.9.1.0' into `rhds/main`
    "5b15ed74e",  # Merge pull request #155 from vajain-rhods/sync_main_v0.9.0.1
    "60c92f86e",  # Merge pull request #139 from red-hat-data-services/nm-vllm-ent-0.8.5-sync
    "6fe80de8f",  # Merge pull request #124 from red-hat-data-services/rhoai-220-pyarrow
    "b63f4cbb9",  # Merge pull request #103 from dtrifiro/rhoai-2.19-sync-with-midstream-0.8.3.0
    "48f7bb5eb",  # Merge remote-tracking branch 'upstream/release', 2025-03-11
    "a622aff95",  # Merge pull request #135 from vaibhavjainwiz/sync_main, 2024-08-27
)
_SAME_CHANGE = (
    "false: the fork's squashed sync of v0.8.4 (852b1e8ec) made upstream's own change; the file is the same "
    "on both sides, nothing in it is the fork's"
)
REDHAT_VERDICTS: dict[tuple[str, str, int], tuple[str, str]] = {
    ("6fe80de8f", "vllm/v1/serial_utils.py", 16): ("false", _SAME_CHANGE),
    ("6fe80de8f", "vllm/v1/serial_utils.py", 17): ("false", _SAME_CHANGE),
    ("6fe80de8f", "vllm/model_executor/models/llava_onevision.py", 212): ("false", _SAME_CHANGE),
    ("6fe80de8f", "vllm/model_executor/models/minicpmv.py", 430): ("false", _SAME_CHANGE),
    ("6fe80de8f", "vllm/model_executor/models/qwen2_vl.py", 951): ("false", _SAME_CHANGE),
}


@dataclass(frozen=True)
class Fork:
    """One downstream fork: its mirror, branch, upstream merges and hand-read verdicts."""

    mirror: Path
    branch: str
    merges: tuple[str, ...]
    verdicts: dict[tuple[str, str, int], tuple[str, str]]
    # the fork side: M^1 (the merge on the fork's line) or, with ``inner``, the fork-side parent of the
    # upstream merge U inside the PR branch M^1..M^2 (ROCm merges upstream on a PR branch, then merges the PR)
    inner: bool = False
    # later first-parent commits stop before the next listed merge, or before any whose subject matches this
    stop_subject: str = ""


FORKS = {
    "habana": Fork(HABANA_MIRROR, "habana_main", HABANA_MERGES, HABANA_VERDICTS),
    "rocm": Fork(ROCM_MIRROR, "main", ROCM_MERGES, ROCM_VERDICTS, inner=True, stop_subject=r"(?i)upstream[_ ]merge"),
    "redhat": Fork(REDHAT_MIRROR, "main", REDHAT_MERGES, REDHAT_VERDICTS),
}


@dataclass
class Case:
    merge: str
    subject: str
    base: str = ""
    fork: str = ""
    upstream: str = ""
    upstream_commits: int = 0
    conflicted: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    verdicts: list[str] = field(default_factory=list)  # per finding: confirmed / true / false / unread
    reasons: list[str] = field(default_factory=list)  # per finding: the hand-read verdict's reason, or ""
    misses: list[str] = field(default_factory=list)
    seconds: float = 0.0


def upstream_tip(repo: Path, upstream: Path, merge: str) -> tuple[str, str] | None:
    """The newest commit the upstream mirror holds among the second parents of merges on M^1..M^2 (M^2 too),
    with the merge U that brings it in (M itself for M^2)."""
    rows = git(repo, "log", "--merges", "--format=%H %P", f"{merge}^1..{merge}^2").splitlines()
    into = {r.split()[2]: r.split()[0] for r in rows if len(r.split()) > 2}
    candidates = [*into, git(repo, "rev-parse", f"{merge}^2")]
    found = subprocess.run(
        ["git", "-C", str(upstream), "cat-file", "--batch-check"],
        input="".join(f"{c}^{{commit}}\n" for c in candidates),
        capture_output=True,
        text=True,
        env=ENV,
        check=True,
    ).stdout.splitlines()
    known = [c for c, line in zip(candidates, found, strict=True) if not line.endswith("missing")]
    if not known:
        return None
    tip = max(known, key=lambda c: int(git(repo, "log", "-1", "--format=%ct", c)))
    return into.get(tip, git(repo, "rev-parse", merge)), tip


def clean_merge(repo: Path, ours: str, theirs: str) -> tuple[str, list[str], str]:
    """git merge-tree: (the merged tree, its conflicted paths, the tree audited: conflicted paths as ours has them)."""
    done = subprocess.run(
        ["git", "-C", str(repo), "merge-tree", "--write-tree", "--name-only", "--no-messages", ours, theirs],
        capture_output=True,
        text=True,
        env=ENV,
    )
    lines = [line for line in done.stdout.splitlines() if line]
    tree, conflicted = lines[0], sorted(set(lines[1:]))
    if not conflicted:
        return tree, [], tree
    with tempfile.TemporaryDirectory() as tmp:
        env = {**ENV, "GIT_INDEX_FILE": str(Path(tmp) / "index")}
        git(repo, "read-tree", tree, env=env)
        for path in conflicted:
            entry = git(repo, "ls-tree", ours, "--", path)
            if entry:
                mode, _, rest = entry.partition(" ")
                blob = rest.split()[1]
                git(repo, "update-index", "--add", "--cacheinfo", f"{mode},{blob},{path}", env=env)
            else:
                git(repo, "update-index", "--force-remove", "--", path, env=env)
        audited = git(repo, "write-tree", env=env)
    return tree, conflicted, audited


def readable(repo: Path, fork: str) -> str:
    """``fork``, or, when its tree names blobs the mirror lacks (a large binary: ROCm's
    rocm_patch/libamdhip64.so.6), a child commit without those files, so that git can diff and merge it."""
    rows = git(repo, "ls-tree", "-r", "-l", fork).splitlines()
    lost = [row.split("\t", 1)[1] for row in rows if row.split("\t", 1)[0].split()[3] == "BAD"]
    if not lost:
        return fork
    with tempfile.TemporaryDirectory() as tmp:
        env = {**ENV, "GIT_INDEX_FILE": str(Path(tmp) / "index")}
        git(repo, "read-tree", fork, env=env)
        git(repo, "update-index", "--force-remove", "--", *lost, env=env)
        tree = git(repo, "write-tree", env=env)
    return git(repo, "commit-tree", tree, "-p", fork, "-m", f"without {len(lost)} unreadable blobs")


def show_lines(repo: Path, rev: str, path: str) -> list[str] | None:
    done = subprocess.run(["git", "-C", str(repo), "show", f"{rev}:{path}"], capture_output=True, env=ENV)
    return done.stdout.decode("utf-8", errors="replace").splitlines() if done.returncode == 0 else None


def later_commit(repo: Path, fork: Fork, merge: str, stop: set[str]) -> str:
    """The fork's first-parent commit LATER commits after M (or the last one before the next upstream merge)."""
    line = git(
        repo, "log", "--first-parent", "--reverse", "--ancestry-path", "--format=%H %s", f"{merge}..{fork.branch}"
    )
    last = merge
    for row in line.splitlines()[:LATER]:
        sha, _, subject = row.partition(" ")
        if sha[:9] in stop or (fork.stop_subject and re.search(fork.stop_subject, subject)):
            break
        last = sha
    return last


def statement_span(text: str, line: int) -> tuple[int, int]:
    """The lines of the innermost statement holding ``line`` (a compound statement's header only)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return line, line
    spans = [(line, line)]
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt):
            body = getattr(node, "body", None)
            header = isinstance(body, list) and body and isinstance(body[0], ast.stmt)
            end = max(body[0].lineno - 1, node.lineno) if header else (node.end_lineno or node.lineno)
            if node.lineno <= line <= end:
                spans.append((node.lineno, end))
    return min(spans[1:] or spans, key=lambda span: span[1] - span[0])


def confirmed(repo: Path, clean: str, revs: tuple[str, ...], f: Finding) -> bool:
    """Whether a later revision (M, then the fork's later commit) changed the flagged statement of the clean
    tree (its lines, or a line inserted inside it), or deleted its file."""
    lines = show_lines(repo, clean, f.path)
    if lines is None or not 0 < f.line <= len(lines):
        return False
    # the flagged line, and the lines of the same file its message names ("line 81 from the fork")
    sites = [f.line, *(int(n) for n in re.findall(r"\bline (\d+)\b", f.message) if 0 < int(n) <= len(lines))]
    text = "\n".join(lines)
    spans = [statement_span(text, line) if f.path.endswith(".py") else (line, line) for line in sites]
    for rev in revs:
        if show_lines(repo, rev, f.path) is None:
            return True
        diff = git(repo, "diff", "-U0", "--no-renames", clean, rev, "--", f.path)
        for m in re.finditer(r"^@@ -(\d+)(?:,(\d+))?", diff, re.M):
            at, count = int(m.group(1)), int(m.group(2) or 1)
            for start, end in spans:
                if (count and at <= end and at + count - 1 >= start) or (not count and start <= at < end):
                    return True
    return False


def upstream_dropped_names(repo: Path, base: str, upstream: str, paths: list[str]) -> set[str]:
    """Names on upstream's removed lines (base..upstream, non-test python) that no added line has."""
    diff = git(repo, "diff", "-U0", "--no-renames", base, upstream, "--", *paths) if paths else ""
    removed: set[str] = set()
    added: set[str] = set()
    for line in diff.splitlines():
        if line.startswith(("---", "+++")):
            continue
        if line.startswith("-"):
            removed |= set(_NAME.findall(line.split("#", 1)[0]))
        elif line.startswith("+"):
            added |= set(_NAME.findall(line.split("#", 1)[0]))
    return removed - added


def evil_hunks(repo: Path, clean: str, merge: str, paths: list[str]) -> list[tuple[str, int, int, list[str]]]:
    """M's tree against the clean merge result in ``paths``: (path, clean start, clean length, changed lines)."""
    if not paths:
        return []
    diff = git(repo, "diff", "-U0", "--no-renames", clean, f"{merge}^{{tree}}", "--", *paths)
    out: list[tuple[str, int, int, list[str]]] = []
    path = ""
    for line in diff.splitlines():
        if line.startswith("--- "):
            continue
        if line.startswith("+++ "):
            path = line[6:]
        elif line.startswith("@@"):
            m = re.match(r"@@ -(\d+)(?:,(\d+))?", line)
            assert m is not None
            out.append((path, int(m.group(1)), int(m.group(2) or 1), []))
        elif line[:1] in "+-" and out:
            out[-1][3].append(line)
    return out


def replay(repo: Path, fork: Fork, upstream_mirror: Path, merge: str, stop: set[str], show: bool) -> Case | None:
    case = Case(merge, git(repo, "log", "-1", "--format=%s", merge))
    found = upstream_tip(repo, upstream_mirror, merge)
    if found is None:
        print(f"{merge} {case.subject}: no upstream commit found")
        return None
    inner, tip = found
    case.fork, case.upstream = readable(repo, git(repo, "rev-parse", f"{inner if fork.inner else merge}^1")), tip
    case.base = git(repo, "merge-base", case.fork, tip)
    case.upstream_commits = int(git(repo, "rev-list", "--count", f"{case.base}..{tip}"))
    clean, case.conflicted, audited = clean_merge(repo, case.fork, tip)
    started = time.perf_counter()
    tree = GitTree(repo, audited)
    try:
        findings = merge_findings(SourceCache(tree), MergeSides(repo, case.base, case.fork, tip), Settings())
    finally:
        tree.close()
    case.seconds = time.perf_counter() - started
    skip = set(case.conflicted)
    case.findings = [
        f for f in findings if f.severity.value in ("error", "warning") and f.suppressed is None and f.path not in skip
    ]
    revs = (f"{merge}", later_commit(repo, fork, merge, stop))
    for f in case.findings:
        case.reasons.append(fork.verdicts.get((merge, f.path, f.line), ("", ""))[1])
        if confirmed(repo, clean, revs, f):
            case.verdicts.append("confirmed")
        else:
            case.verdicts.append(fork.verdicts.get((merge, f.path, f.line), ("unread", ""))[0])
    fork_changed = set(git(repo, "diff", "--name-only", "--no-renames", case.base, case.fork).splitlines())
    up_changed = git(repo, "diff", "--name-only", "--no-renames", case.base, tip).splitlines()
    clean_py = sorted(
        p
        for p in git(repo, "diff", "--name-only", "--no-renames", clean, f"{merge}^{{tree}}").splitlines()
        if p.endswith(".py") and not _TEST.search(p) and p not in skip
    )
    dropped = upstream_dropped_names(repo, case.base, tip, [p for p in up_changed if p.endswith(".py")])
    near = {(f.path, f.line) for f in case.findings}
    for path, start, length, changed in evil_hunks(repo, clean, merge, clean_py):
        gone = {n for line in changed if line[0] == "-" for n in _NAME.findall(line[1:].split("#", 1)[0])}
        kept = {n for line in changed if line[0] == "+" for n in _NAME.findall(line[1:].split("#", 1)[0])}
        names = (gone - kept) & dropped
        if not names or path not in fork_changed:
            continue
        if any(p == path and start - NEAR <= line <= start + length + NEAR for p, line in near):
            continue
        case.misses.append(f"{path}:{start}: {', '.join(sorted(names)[:4])}: {' | '.join(changed)[:240]}")
    report(case, show)
    return case


def report(case: Case, show: bool) -> None:
    print(
        f"\n{case.merge} {case.subject[:60]} ({case.upstream_commits} upstream commits, "
        f"{len(case.conflicted)} conflicted files, audit {case.seconds:.0f} s)"
    )
    for f, verdict, reason in zip(case.findings, case.verdicts, case.reasons, strict=True):
        print(f"  {verdict:9} {f.severity.value}: {f.path}:{f.line}: [{f.rule_id}] {f.message[:WIDTH]}")
        if reason:
            print(f"            ({reason})")
    print(f"  {counts(case)}")
    if show:
        for miss in case.misses:
            print(f"    miss? {miss}")


def tally(cases: list[Case], level: str) -> dict[str, int]:
    out = {"confirmed": 0, "true": 0, "false": 0, "unread": 0}
    for case in cases:
        for f, verdict in zip(case.findings, case.verdicts, strict=True):
            if f.severity.value == level:
                out[verdict] += 1
    return out


def counts(*cases: Case) -> str:
    parts = []
    for level in ("error", "warning"):
        t = tally(list(cases), level)
        parts.append(f"{level}s {sum(t.values())} ({t['confirmed']} confirmed / {t['true']} unconfirmed-true / "
                     f"{t['false']} false / {t['unread']} unread)")  # fmt: skip
    misses = sum(len(c.misses) for c in cases)
    seconds = sum(c.seconds for c in cases)
    return f"{'; '.join(parts)}; miss candidates {misses}; audit {seconds:.0f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fork", choices=sorted(FORKS), default="habana")
    parser.add_argument("--mirror", type=Path, default=MIRROR, help="the upstream vLLM mirror")
    parser.add_argument("--only", default="", help="one merge (a sha prefix)")
    parser.add_argument("--show", action="store_true", help="print the miss candidates")
    args = parser.parse_args()
    fork = FORKS[args.fork]
    merges = [m for m in fork.merges if m.startswith(args.only)]
    cases: list[Case] = []
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(fork.mirror, Path(tmp) / "repo")
        git(repo, "fetch", "--quiet", str(fork.mirror), f"{fork.branch}:{fork.branch}", check=False)
        stop = {m[:9] for m in fork.merges}
        for merge in merges:
            case = replay(repo, fork, args.mirror, merge, stop - {merge[:9]}, args.show)
            if case is not None:
                cases.append(case)
    print(f"\n{len(cases)} {'upstream merges' if fork.inner else 'rebases'}: {counts(*cases)}")


if __name__ == "__main__":
    main()
