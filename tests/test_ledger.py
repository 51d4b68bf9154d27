"""The ledger loader: strict, path-aware, and never crashing."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aeon_release.adapters import schemas
from aeon_release.domain import ledger
from aeon_release.domain.ledger import CarryStatus
from aeon_release.errors import ConfigError
from tests.helpers import run_cli

GOOD = """\
carries:
  - id: uma-clamp
    title: Clamp negative CUDA-graph memory estimates
    upstream_pr: 46932
    status: active
    commits: [0123456789abcdef0123456789abcdef01234567]
    markers:
      - {path: vllm/v1/worker/gpu_model_runner.py, text: uma-negative-cudagraph-estimate-clamp}
  - id: old-port
    title: Port of 43982
    status: dropped
    dropped: {release: v0.27.1, reason: merged upstream}
"""


def test_real_fleet_ledger_loads(repo_root: Path) -> None:
    loaded = ledger.check(repo_root)
    ids = {c.id for c in loaded.active_carries}
    assert {"uma-clamp", "triton-nvfp4-kv", "thread-local-cudagraph-capture"} <= ids
    assert [p.pr for p in loaded.plan_for("v0.27.1").skips] == [49718, 47808, 52436]
    assert loaded.plan_for("v0.27.1").picks[0].pr == 50276


def test_real_ledger_matches_shipped_schema(repo_root: Path) -> None:
    for name, file in (("carries", "carries.yaml"), ("cherry_picks", "cherry_picks.yaml")):
        jsonschema.validate(yaml.safe_load((repo_root / file).read_text()), schemas.SCHEMAS[name])


def test_good_ledger_into_frozen_dataclasses(tmp_path: Path) -> None:
    loaded = ledger.load_text(GOOD, None, tmp_path)
    uma, old = loaded.carries
    assert uma.status is CarryStatus.ACTIVE and uma.markers[0].text == "uma-negative-cudagraph-estimate-clamp"
    assert old.dropped is not None and old.dropped.release == "v0.27.1"
    with pytest.raises(AttributeError):
        uma.id = "x"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            GOOD.replace("{path: vllm/v1/worker/gpu_model_runner.py, ", "{"),
            "carries.yaml: carries[0].markers[0].path: required",
        ),
        (
            GOOD.replace("    upstream_pr: 46932\n", "    upstream_pr: 46932\n    owner: me\n"),
            "carries[0].owner: unknown key",
        ),
        (GOOD.replace("id: old-port", "id: uma-clamp"), "carries[1].id: duplicate id 'uma-clamp'"),
        (GOOD.replace("upstream_pr: 46932", "upstream_pr: '#46932'"), "carries[0].upstream_pr: expected an integer"),
        (
            GOOD.replace("0123456789abcdef0123456789abcdef01234567", "zzz"),
            "carries[0].commits[0]: 'zzz' is not of the expected form",
        ),
        (GOOD.replace("id: uma-clamp", "id: UMA_clamp"), "carries[0].id: 'UMA_clamp' is not of the expected form"),
        (GOOD.replace("status: dropped", "status: gone"), "carries[1].status: must be one of active, dropped"),
        (
            GOOD.replace("    dropped: {release: v0.27.1, reason: merged upstream}\n", ""),
            "carries[1].dropped: required when status is dropped",
        ),
        (
            GOOD.replace("vllm/v1/worker", "../etc"),
            "carries[0].markers[0].path: '../etc/gpu_model_runner.py' must be a path relative",
        ),
        ("carries:\n  - id: a\n    id: b\n", "duplicate key 'id'"),
        ("carries: {", "carries.yaml:1:"),
        ("- 1\n", "carries.yaml: expected a mapping, got a list"),
    ],
)
def test_carries_errors_name_the_place(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        ledger.load_text(text, None, tmp_path)
    assert message in info.value.message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "releases:\n  v0.27.1:\n    pick: [{pr: 1, commit: abcdef1, reason: x}]\n",
            "releases.v0.27.1.pick[0]: give exactly one of pr or commit",
        ),
        ("releases:\n  v0.27.1:\n    pick: [{pr: 1}]\n", "releases.v0.27.1.pick[0].reason: required"),
        ("releases:\n  latest:\n    pick: []\n", "releases.latest: 'latest' is not of the expected form"),
        (
            "releases:\n  v0.27.1:\n    pick: [{pr: 5, reason: a}]\n    skip: [{pr: 5, reason: b}]\n",
            "#5 is listed twice",
        ),
        ("releases:\n  v0.27.1:\n    pick: [{pr: 0, reason: a}]\n", "pick[0].pr: must be at least 1"),
        ("releases:\n  v0.27.1:\n    take: []\n", "releases.v0.27.1.take: unknown key"),
    ],
)
def test_picks_errors_name_the_place(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        ledger.load_text(None, text)
    assert message in info.value.message


def test_missing_files_mean_an_empty_ledger(tmp_path: Path) -> None:
    loaded = ledger.load(tmp_path)
    assert loaded.carries == () and loaded.releases == {}


def test_patch_must_exist(tmp_path: Path) -> None:
    text = "carries:\n  - {id: a, title: t, status: active, patch: carries/a.patch}\n"
    with pytest.raises(ConfigError, match=r"carries\[0\]\.patch: carries/a.patch does not exist"):
        ledger.load_text(text, None, tmp_path)


def test_ledger_check_command(capsys: pytest.CaptureFixture[str], repo_root: Path, tmp_path: Path) -> None:
    ok = run_cli("ledger", "check", "--config", repo_root, "--json")
    assert ok.code == 0 and json.loads(ok.out)["ok"] is True
    (tmp_path / "carries.yaml").write_text(GOOD.replace("status: dropped", "status: gone"))
    bad = run_cli("ledger", "check", "--config", tmp_path)
    assert bad.code == 2 and "carries[1].status" in bad.err and "Traceback" not in bad.err


def test_schema_command_prints_shipped_schema(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli("ledger", "schema", "carries")
    assert result.code == 0 and json.loads(result.out) == schemas.SCHEMAS["carries"]


# -- never crash -----------------------------------------------------------------------------
yaml_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10**6),
    st.text(max_size=12),
    st.sampled_from(["active", "dropped", "v0.27.1", "abcdef1", "uma-clamp"]),
)
keys = st.sampled_from(
    [
        "carries",
        "releases",
        "id",
        "title",
        "status",
        "upstream_pr",
        "commits",
        "patch",
        "markers",
        "dropped",
        "path",
        "text",
        "release",
        "reason",
        "pick",
        "skip",
        "pr",
        "commit",
        "v0.27.1",
        "bogus",
    ]
)
documents = st.recursive(
    yaml_scalars,
    lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(keys, children, max_size=5)),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_structured_garbage_is_a_clean_error(tmp_path_factory: pytest.TempPathFactory, doc: object) -> None:
    text = yaml.safe_dump(doc)
    for carries, picks in ((text, None), (None, text)):
        try:
            ledger.load_text(carries, picks, tmp_path_factory.getbasetemp())
        except ConfigError as exc:
            assert exc.message.startswith(("carries.yaml", "cherry_picks.yaml"))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_a_ledger_or_a_clean_error(text: str) -> None:
    for carries, picks in ((text, None), (None, text)):
        try:
            ledger.load_text(carries, picks)
        except ConfigError as exc:
            assert exc.message
