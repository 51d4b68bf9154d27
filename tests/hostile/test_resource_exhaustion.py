"""Class 3: no input makes the audit crash, hang or eat the machine (each run under a memory limit)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aeon_release.adapters.yamlio import parse_yaml
from aeon_release.domain.audits.config import build_rules
from aeon_release.domain.audits.source import glob_regex
from aeon_release.errors import ConfigError
from tests.helpers import cpu_seconds
from tests.hostile.conftest import config_with, make_repo, run_limited

# The fleet's rule whose backtracking took 29 s on a 208 KB function.
CAUSAL_RULE = r"""rules:
  - id: dflash2/is-causal-precedence
    kind: pattern
    message: the explicit causal override must be read before the per-layer default
    paths: [m.py]
    functions: [_dflash_layer_causal]
    regex: '(?s)\.get\(\s*["''](is_)?causal["'']\s*\).*\blayer_types?\b'
    expect: present
"""
MiB = 1024 * 1024


def _audit(
    tmp_path: Path, files: dict[str, str | bytes], rules: str = "", memory: int = 1024 * MiB
) -> tuple[int, dict, float]:
    repo = make_repo(tmp_path / "repo", files)
    done = run_limited(
        "audit",
        "--repo",
        repo,
        "--config",
        config_with(tmp_path, rules),
        "--format",
        "sarif",
        "--output",
        tmp_path / "out.sarif",
        memory=memory,
        timeout=60,
    )
    assert done.code in (0, 1), done.err
    assert "Traceback" not in done.err
    return done.code, json.loads((tmp_path / "out.sarif").read_text()), done.cpu


def _messages(sarif: dict) -> dict[str, str]:
    return {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: r["message"]["text"]
        for r in sarif["runs"][0]["results"]
    }


@pytest.mark.parametrize(
    "source",
    [
        "x = " + "-" * 200_000 + "1\n",
        "x = " + "+".join(["1"] * 200_000) + "\n",
        "x = " + "not " * 100_000 + "y\n",
        "x = " + "(" * 250 + ")" * 250 + "\n",
        "x = " + "[" * 5_000 + "]" * 5_000 + "\n",
    ],
    ids=["unary-minus", "plus-chain", "not-chain", "parens", "brackets"],
)
def test_deep_nesting_is_a_finding_not_a_crash(tmp_path: Path, source: str) -> None:
    code, sarif, seconds = _audit(tmp_path, {"deep.py": source, "ok.py": "x = 1\n"})
    assert code == 1 and "deep.py" in _messages(sarif) and seconds < 30


def test_deep_nesting_in_a_file_a_targeted_rule_parses(tmp_path: Path) -> None:
    rules = (
        "rules:\n  - id: no-strided\n    kind: forbidden-call\n    message: no as_strided\n    paths: [deep.py]\n"
        "    calls: [as_strided]\n"
    )
    code, sarif, _ = _audit(tmp_path, {"deep.py": "as_strided = " + "-" * 100_000 + "1\n"}, rules)
    assert code == 1 and "deep.py" in _messages(sarif)


def test_a_huge_python_file_is_capped_not_compiled(tmp_path: Path) -> None:
    big = "x = [" + "1,\n" * (4 * MiB) + "]\n"  # 12 MB: took 2.9 GB and 18 s before the cap
    code, sarif, seconds = _audit(tmp_path, {"big.py": big, "mid.py": "y = [" + "2,\n" * 400_000 + "]\n"})
    messages = _messages(sarif)
    # not read, and a rule reads it: an error (sweep 18: what the gate did not read it cannot pass)
    assert code == 1 and "over the" in messages["big.py"] and seconds < 30
    rules = "settings:\n  max_parse_bytes: 1024\nrules: []\n"
    code, sarif, _ = _audit(tmp_path, {}, rules)
    assert "parse cap" in _messages(sarif)["mid.py"]


def test_backtracking_rule_runs_in_linear_time(tmp_path: Path) -> None:
    body = "def _dflash_layer_causal(cfg, i):\n" + "    v = cfg.get('causal')\n" * 9_000 + "    return v\n"
    code, _sarif, seconds = _audit(tmp_path, {"m.py": body}, CAUSAL_RULE)
    assert code == 1 and seconds < 20  # "not found": no layer_types after the .get


def test_conflict_marker_scan_is_linear(tmp_path: Path) -> None:
    block = "<" * 7 + " a\n" + "line\n" * 60 + "=" * 7 + "\n" + ">" * 7 + " b\n"
    text = block * 16_000  # 48,000 markers, about 5 MB
    code, sarif, seconds = _audit(tmp_path, {"notes.txt": text})
    markers = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "baseline/conflict-markers"]
    assert code == 1 and len(markers) == 48_000 and seconds < 30


def test_a_regex_needing_backtracking_is_refused_at_load() -> None:
    rule = "rules:\n  - {id: p, kind: pattern, message: m, paths: [a.py], regex: '(?<=x)y', expect: absent}\n"
    with pytest.raises(ConfigError, match="linear-time engine"):
        build_rules([("audits/test.yaml", parse_yaml(rule, "audits/test.yaml"))])


def test_many_globstars_against_a_long_path_are_fast() -> None:
    pattern = glob_regex("**/a/**/b/**/c/**/d/**/*.py")
    path = "a/" * 2_000 + "x.txt"
    started = cpu_seconds()
    assert pattern.fullmatch(path) is None
    assert cpu_seconds() - started < 1


def test_a_yaml_alias_bomb_is_one_line(tmp_path: Path) -> None:
    bomb = "a: &a [" + ",".join(['"lol"'] * 9) + "]\n"
    for i, name in enumerate("bcdefghi"):
        prev = "abcdefghi"[i]
        bomb += f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]\n"
    bomb += "carries: [*i]\n"
    config = config_with(tmp_path)
    (config / "carries.yaml").write_text(bomb)
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"})
    done = run_limited("audit", "--repo", repo, "--config", config, memory=512 * MiB, timeout=20)
    lines = done.err.strip().splitlines()
    assert done.code == 2 and len(lines) == 1 and "aliases" in lines[0] and len(lines[0]) < 300


def test_a_huge_yaml_key_is_not_repeated_in_the_message(tmp_path: Path) -> None:
    config = config_with(
        tmp_path, "rules:\n  - {id: p, kind: marker, message: m, paths: [a.py], text: t, " + "x" * 100_000 + ": 1}\n"
    )
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"})
    done = run_limited("audit", "--repo", repo, "--config", config)
    assert done.code == 2 and len(done.err) < 500


_CPU_LIMITED = """
import resource, runpy, sys
resource.setrlimit(resource.RLIMIT_CPU, (1, 1))  # workers inherit it: one that compiles too long is killed
sys.argv = ['aeon-release', *sys.argv[1:]]
runpy.run_module('aeon_release', run_name='__main__')
"""


@pytest.mark.slow
def test_a_worker_that_dies_fails_the_audit_instead_of_hanging_it(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    from tests.hostile.conftest import ROOT

    # ~0.65 MB of small functions: several seconds of CPU to compile, so SIGXCPU kills the worker that draws
    # it.  One such file: a pool with one dead worker is broken for every pending chunk (a second heavy file
    # only had the other worker burn its CPU second too).
    heavy = "".join(f"def f{i}(a, b=1, *c, **d):\n    return [x for x in a if x > b] + list(c)\n" for i in range(9000))
    files = {f"pkg/m{i}.py": "x = 1\n" for i in range(24)} | {"pkg/heavy0.py": heavy}
    repo = make_repo(tmp_path / "repo", files)
    done = subprocess.run(
        [sys.executable, "-c", _CPU_LIMITED, "audit", "--repo", str(repo), "--config", str(config_with(tmp_path))],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 1 and "a worker process died" in done.stderr, done.stderr
