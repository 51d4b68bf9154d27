"""The silent killers, as real clean git merges: `merge` must stop on them before any branch exists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aeon_release.commands import demo_repo as demo
from tests.helpers import build_example, git, run_cli, snapshot

AUX_UPSTREAM_OLD = """\
class GPUModelRunner:
    def _get_eagle3_aux_layers_from_config(self, hf_config):
        layer_ids = getattr(hf_config, "eagle_aux_hidden_state_layer_ids", None)
        if not layer_ids:
            dflash_config = getattr(hf_config, "dflash_config", None)
            if dflash_config:
                layer_ids = dflash_config.get("target_layer_ids")
        if layer_ids:
            return tuple(layer_ids)
        return None
"""
# upstream #40727: DFlash reads target layer i + 1
AUX_UPSTREAM_NEW = AUX_UPSTREAM_OLD.replace(
    'layer_ids = dflash_config.get("target_layer_ids")',
    'layer_ids = [i + 1 for i in dflash_config.get("target_layer_ids")]',
)
# the fork carried its own +1 a few lines away
AUX_FORK = AUX_UPSTREAM_OLD.replace(
    "            return tuple(layer_ids)\n",
    "            # fork: the drafter reads the layer after the target\n"
    "            return tuple(i + 1 for i in layer_ids)\n",
)
OFFSET_RULE = """\
rules:
  - id: spec-decode/dflash-aux-layer-offset
    kind: layer-offset
    message: DFlash target layer ids must map to aux hidden-state layer i + 1, exactly once
    paths: [vllm/v1/worker/aux_layers.py]
    functions: [GPUModelRunner._get_eagle3_aux_layers_from_config]
    sources: [target_layer_ids]
    expected: 1
"""


def _merge(capsys: pytest.CaptureFixture[str], ex: demo.Example, *args: str):
    return run_cli("merge", *args, "--repo", ex.fork, "--config", ex.config, "--json")


def test_renumbered_enum_stops_the_merge_then_fix_and_continue(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    before = snapshot(ex.fork)
    result = _merge(capsys, ex, "v0.29.0")
    assert result.code == 1, result.err
    report = json.loads(result.out)
    assert report["state"] == "audit-failed"
    assert report["conflicts"] == []  # git merged it cleanly
    findings = [f for f in report["audit"]["findings"] if f["severity"] == "error"]
    literal = next(f for f in findings if f["rule"] == "kv-quant/literals-match-enum")
    assert literal["path"] == "vllm/v1/attention/backends/triton_attn.py" and literal["line"] == 6
    assert "vllm/v1/attention/backends/triton_attn.py:6" in result.err
    assert git(ex.fork, "branch", "--list", "aeon-v0.29.0") == ""
    assert snapshot(ex.fork) == before
    # fix it in the worktree, then continue: the audit runs again and passes
    worktree = Path(report["worktree"])
    kernel = worktree / "vllm/v1/attention/backends/triton_attn.py"
    kernel.write_text(kernel.read_text().replace("KV_QUANT_MODE == 4", "KV_QUANT_MODE == KVQuantMode.NVFP4"))
    done = run_cli("merge", "--continue", "--repo", ex.fork, "--json")
    assert done.code == 0, done.err
    final = json.loads(done.out)
    assert final["state"] == "done" and final["audit"]["errors"] == 0
    assert "KVQuantMode.NVFP4" in git(ex.fork, "show", "aeon-v0.29.0:vllm/v1/attention/backends/triton_attn.py")


def test_waiver_is_recorded(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    assert _merge(capsys, ex, "v0.29.0").code == 1
    assert run_cli("merge", "--continue", "--repo", ex.fork, "--waive", "bogus").code == 2
    # One planted literal is one finding: one waiver, of either rule that found it, covers it.
    done = run_cli(
        "merge",
        "--continue",
        "--repo",
        ex.fork,
        "--json",
        "--waive",
        "merge/enum-drift=kernel fixed in a follow-up carry",
    )
    assert done.code == 0, done.err
    final = json.loads(done.out)
    assert final["waivers"] == [
        {
            "rule": "merge/enum-drift",
            "reason": "kernel fixed in a follow-up carry",
            "by": "Aeon Test <test@aeon.invalid>",
        }
    ]
    assert final["audit"]["errors"] == 0 and final["audit"]["blocking"] == 0 and final["audit"]["waived"] == 1
    (finding,) = final["audit"]["findings"]
    assert finding["waived"] == {
        "rule": "merge/enum-drift",
        "reason": "kernel fixed in a follow-up carry",
        "by": "Aeon Test <test@aeon.invalid>",
    }


def test_drafter_offset_applied_twice_stops_the_merge(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex")
    (ex.config / "audits" / "spec_decode.yaml").write_text(OFFSET_RULE)
    # the old release and the fork both have the function; upstream adds +1 in the new release
    up, fork = demo.Git(ex.upstream), demo.Git(ex.fork)
    base = up.run("rev-parse", "v0.29.0")
    up.run("checkout", "--quiet", "-b", "side", "v0.27.1")
    demo.commit(up, "Add aux layer lookup", {"vllm/v1/worker/aux_layers.py": AUX_UPSTREAM_OLD})
    up.run("checkout", "--quiet", "main")
    up.run("merge", "--quiet", "--no-edit", "side")
    demo.commit(
        up,
        "[Perf][Bugfix] Update dflash aux layer indexing (#40727)",
        {"vllm/v1/worker/aux_layers.py": AUX_UPSTREAM_NEW},
    )
    up.run("tag", "-a", "v0.30.0", "-m", "v0.30.0")
    assert base
    fork.run("fetch", "--quiet", "upstream", "side")
    fork.run("merge", "--quiet", "--no-edit", "FETCH_HEAD")
    demo.commit(fork, "Carry: drafter reads layer i + 1", {"vllm/v1/worker/aux_layers.py": AUX_FORK})
    result = _merge(capsys, ex, "v0.30.0")
    assert result.code == 1, result.err
    report = json.loads(result.out)
    assert report["conflicts"] == []
    finding = next(f for f in report["audit"]["findings"] if f["rule"] == "spec-decode/dflash-aux-layer-offset")
    assert finding["path"] == "vllm/v1/worker/aux_layers.py" and finding["line"] > 0
    assert "2" in finding["message"]
    assert git(ex.fork, "branch", "--list", "aeon-v0.30.0") == ""
