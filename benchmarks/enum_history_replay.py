"""Recall on every enum renumbering of vLLM's first-parent history in 2025-2026, under a fork literal.

The cases are the (commit, module, class) triples where a member's value differs between the
commit's parent and the commit, as found by

  git log --first-parent main --since=2025-01-01T00:00:00Z -G'^\\s+[A-Z][A-Z0-9_]*\\s*=\\s*([0-9]+|(enum\\.)?auto\\(\\))' -- 'vllm/*.py'

followed by comparing both versions' enums.  For each, the fork side adds one module comparing a
variable named after the class with the OLD value of the first renumbered member (``x == 4  #
Class.MEMBER``), the audit runs on the clean merge, and the line is blocked or missed.  Then the same
for the string-valued members whose value changed or that were removed (``x == "FlashInfer CUTLASS"``).

  python benchmarks/enum_history_replay.py [--mirror DIR]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

from threeway import MIRROR, audit, clone, commit_files, git, merge, show

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from aeon_release.domain.audits.drift.enums import renumbered  # noqa: E402

CASES = (
    ("1744adc256", "vllm/distributed/device_communicators/quick_all_reduce.py", "QuickReduceRegime"),
    ("1bf2ddd0ee", "vllm/v1/request.py", "RequestStatus"),
    ("1e9a77e037", "vllm/platforms/interface.py", "CpuArchEnum"),
    ("2a03f93de9", "vllm/attention/backends/registry.py", "_Backend"),
    ("2c11a738b3", "vllm/platforms/interface.py", "_Backend"),
    ("2de12be428", "vllm/model_executor/layers/fused_moe/rocm_aiter_fused_moe.py", "QuantMethod"),
    ("2e94b9cfbb", "vllm/platforms/interface.py", "_Backend"),
    ("30bc3e0f66", "vllm/platforms/interface.py", "_Backend"),
    ("3468f17ebe", "vllm/platforms/interface.py", "_Backend"),
    ("35efdf6b34", "vllm/distributed/elastic_ep/elastic_state.py", "ScaleDownRemainingEngineState"),
    ("35efdf6b34", "vllm/distributed/elastic_ep/elastic_state.py", "ScaleDownRemovingEngineState"),
    ("35efdf6b34", "vllm/distributed/elastic_ep/elastic_state.py", "ScaleUpExistingEngineState"),
    ("35efdf6b34", "vllm/distributed/elastic_ep/elastic_state.py", "ScaleUpNewEngineState"),
    ("3c9396a64f", "vllm/platforms/interface.py", "_Backend"),
    ("402759d472", "vllm/platforms/interface.py", "_Backend"),
    ("4172235ab7", "vllm/platforms/interface.py", "PlatformEnum"),
    ("41aa578428", "vllm/platforms/interface.py", "_Backend"),
    ("42135d6898", "vllm/model_executor/layers/fused_moe/oracle/fp8.py", "Fp8MoeBackend"),
    ("45f90bcbba", "vllm/platforms/interface.py", "_Backend"),
    ("4b7817c119", "vllm/platforms/interface.py", "_Backend"),
    ("4de7146351", "vllm/platforms/interface.py", "PlatformEnum"),
    ("4de7146351", "vllm/platforms/interface.py", "_Backend"),
    ("57bd0ed441", "vllm/v1/kv_cache_interface.py", "KVQuantMode"),
    ("58d1b2aa77", "vllm/platforms/interface.py", "_Backend"),
    ("60f7624334", "vllm/platforms/interface.py", "_Backend"),
    ("61445453df", "vllm/platforms/interface.py", "_Backend"),
    ("6570c9800c", "vllm/parser/engine/parser_engine_config.py", "ParserState"),
    ("6cbd41909e", "vllm/platforms/interface.py", "_Backend"),
    ("70749fdcca", "vllm/v1/kv_cache_interface.py", "KVQuantMode"),
    ("74f441f4b5", "vllm/v1/attention/backends/utils.py", "AttentionCGSupport"),
    ("752c6ade2e", "vllm/platforms/interface.py", "_Backend"),
    ("76879cc160", "vllm/attention/backends/registry.py", "_Backend"),
    ("78dba404ad", "vllm/platforms/interface.py", "CpuArchEnum"),
    ("80e9afb5bc", "vllm/v1/request.py", "RequestStatus"),
    ("83a317f650", "vllm/model_executor/layers/quantization/fp8.py", "Fp8MoeBackend"),
    ("91601ff478", "vllm/v1/request.py", "RequestStatus"),
    ("9ef9173cfa", "vllm/platforms/interface.py", "_Backend"),
    ("a2d2acb4c8", "vllm/platforms/interface.py", "_Backend"),
    ("b877031d80", "vllm/platforms/interface.py", "PlatformEnum"),
    ("b877031d80", "vllm/platforms/interface.py", "_Backend"),
    ("c57d38d603", "vllm/distributed/elastic_ep/elastic_state.py", "ScaleUpNewEngineState"),
    ("cabaf4eff3", "vllm/platforms/interface.py", "_Backend"),
    ("d19110204c", "vllm/v1/request.py", "RequestStatus"),
    ("d3a6f2120b", "vllm/platforms/interface.py", "_Backend"),
    ("dcb28a332b", "vllm/platforms/interface.py", "_Backend"),
    ("ef725feafc", "vllm/platforms/interface.py", "PlatformEnum"),
    ("f8a08cb90d", "vllm/platforms/interface.py", "_Backend"),
    ("f95903909f", "vllm/platforms/interface.py", "_Backend"),
)
# String-valued members whose value changed (or that were removed), found the same way with
# -G'^\s+[A-Z][A-Z0-9_]*\s*=\s*["\']' (2025-2026): the fork compares with the old string.
STRING_CASES = (
    ("35efdf6b34", "vllm/v1/engine/__init__.py", "EEPNotificationType"),
    ("867fd5e8ed", "vllm/model_executor/layers/fused_moe/oracle/fp8.py", "Fp8MoeBackend"),
    ("187457a952", "vllm/model_executor/layers/fused_moe/oracle/int_wna16.py", "WNA16MoEBackend"),
    ("b1728c1e66", "vllm/v1/attention/backends/registry.py", "AttentionBackendEnum"),
    ("1e9500410a", "vllm/model_executor/layers/fused_moe/oracle/mxfp4.py", "Mxfp4MoeBackend"),
    ("103f0de565", "vllm/model_executor/layers/fused_moe/oracle/mxfp4.py", "Mxfp4MoeBackend"),
    ("be1a85b7a2", "vllm/model_executor/layers/fused_moe/oracle/nvfp4.py", "NvFp4MoeBackend"),
    ("e10604480b", "vllm/v1/attention/backends/registry.py", "AttentionBackendEnum"),
    ("3f3f89529d", "vllm/model_executor/models/whisper.py", "WhisperPosEmbedType"),
    ("42135d6898", "vllm/model_executor/layers/fused_moe/oracle/nvfp4.py", "NvFp4MoeBackend"),
    ("e7596371a4", "vllm/attention/backends/registry.py", "AttentionBackendEnum"),
    ("0ff70821c9", "vllm/attention/backends/registry.py", "AttentionBackendEnum"),
    ("7f829be7d3", "vllm/attention/backends/registry.py", "AttentionBackendEnum"),
    ("334535b6fb", "vllm/benchmarks/serve.py", "TaskType"),
    ("d6902ce79f", "vllm/model_executor/guided_decoding/outlines_decoding.py", "GuidedDecodingMode"),
)
CARRY = "vllm/aeon_enum_check.py"


def carry(module: str, cls: str, member: str, old: int | str) -> str:
    var = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.lstrip("_")).lower()
    return (
        f"# AEON: fork check on {cls}\nfrom {module} import {cls}\n\n\n"
        f"def aeon_is_{member.lower()}({var}) -> bool:\n"
        f"    return {var} == {old!r}  # {cls}.{member}\n"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    args = parser.parse_args()
    blocked = missed = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="aeon-enums-") as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        strings = blocked_strings = 0
        for i, (sha, path, cls) in enumerate((*CASES, *STRING_CASES)):
            base, theirs = git(repo, "rev-parse", f"{sha}^"), git(repo, "rev-parse", sha)
            changes, _ = renumbered(path, show(repo, base, path) or "", show(repo, theirs, path) or "")
            wanted = str if i >= len(CASES) else int
            change = next(c for c in changes if c.enum.short == cls and type(c.old) is wanted)
            module = path[:-3].replace("/", ".").removesuffix(".__init__")
            ours = commit_files(repo, base, {CARRY: carry(module, cls, change.member, change.old)}, "AEON carry")
            merged = merge(repo, base, ours, theirs, Path(tmp) / f"m{i}")
            assert merged is not None, "a new fork module cannot conflict"
            findings, _ = audit(merged)
            ok = any(f.path == CARRY and f.line == 6 and f.severity.value == "error" for f in findings)
            if wanted is str:
                strings, blocked_strings = strings + 1, blocked_strings + ok
            else:
                blocked, missed = blocked + ok, missed + (not ok)
            print(
                f"{'BLOCKED' if ok else 'MISSED '} {sha} {cls}.{change.member} {change.old!r} -> {change.new!r} ({path})"
            )
    print(
        f"enum renumberings: {blocked} blocked, {missed} missed, of {blocked + missed}; string values changed "
        f"or removed: {blocked_strings} blocked of {strings}; in {time.perf_counter() - started:.0f}s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
