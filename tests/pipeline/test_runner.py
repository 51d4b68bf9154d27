"""The stage runner: `release` checks every stage before its first side effect; a dry run prints the
Action objects a real run executes.  No engine and no registry needed: every case stops in preflight."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from aeon_release.commands import demo_repo as demo
from aeon_release.pipeline.runner import Action, Do, FunctionStage, Runner
from tests.helpers import build_example, run_cli, snapshot

HERE = Path(__file__).resolve().parent


@pytest.fixture
def example(tmp_path: Path) -> demo.Example:
    return build_example(tmp_path / "ex")


def _release(capsys: pytest.CaptureFixture[str], ex: demo.Example, *extra: str) -> Any:
    return run_cli(
        "release",
        "v0.29.0",
        "--repo",
        ex.fork,
        "--config",
        ex.config,
        "--dockerfile",
        HERE / "Dockerfile.pipeline",
        "--date",
        "2026-09-11",
        *extra,
    )


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--repository", "127.0.0.1:9/Team/App"), "is not a valid REGISTRY/NAME"),  # publish's name rules
        (("--repository", "127.0.0.1:9/team/app", "--variant", "omni.2"), "variant 'omni.2' is not a valid variant"),
        (("--repository", "127.0.0.1:9/team/app", "--username", "bot"), "--username bot needs a password"),
        (("--repository", "127.0.0.1:9/team/app", "--build-arg", "HF_TOKEN=x"), "looks like a secret"),  # build's
        (("--repository", "127.0.0.1:9/team/app", "--tag", "Bad:Tag"), "is not a valid image name"),
    ],
)
def test_release_checks_every_stage_before_the_merge(
    capsys: pytest.CaptureFixture[str], example: demo.Example, extra: tuple[str, ...], message: str
) -> None:
    before = snapshot(example.fork)
    result = _release(capsys, example, *extra)
    assert result.code == 2 and message in result.err, result.err
    assert snapshot(example.fork) == before  # nothing merged: the publish/build problem came first
    assert not (example.fork / ".git" / "aeon-release" / "runs").exists()


def test_a_bad_releases_record_stops_the_release_before_the_merge(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    (example.config / "releases.yaml").write_text("releases: {}\n")
    result = _release(capsys, example, "--repository", "127.0.0.1:9/team/app")
    assert result.code == 2 and "releases.yaml" in result.err, result.err
    assert not (example.fork / ".git" / "aeon-release" / "runs").exists()


def test_a_missing_signing_key_stops_the_release_before_the_merge(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    # fleet.yaml's signing_key, relative to the config folder, is the key when no option or env names one
    with (example.config / "fleet.yaml").open("a") as profile:
        profile.write("signing_key: keys/absent.key\n")
    result = run_cli(
        "release",
        "v0.29.0",
        "--repo",
        example.fork,
        "--config",
        example.config,
        "--dockerfile",
        HERE / "Dockerfile.pipeline",
        "--date",
        "2026-09-11",
        "--repository",
        "127.0.0.1:9/team/app",
        env={"AEON_SIGNING_KEY": None},
    )
    assert result.code == 2 and f"signing key {example.config / 'keys' / 'absent.key'} does not exist" in result.err, (
        result.err
    )
    assert not (example.fork / ".git" / "aeon-release" / "runs").exists()


@dataclass(frozen=True)
class Outcome:
    value: int

    def as_dict(self) -> dict[str, Any]:
        return {"value": self.value}


def test_a_dry_run_prints_the_actions_a_run_executes() -> None:
    done: list[str] = []

    def first() -> None:
        done.append("first")

    def plan(ctx: list[str]) -> list[Action]:
        return [Do("first", first), Do("a note"), Do(lambda: "second\n(two lines)", lambda: Outcome(2))]

    def check(ctx: list[str]) -> None:
        ctx.append("checked")

    runner: Runner[list[str]] = Runner((FunctionStage("one", check, plan), FunctionStage("two", check, plan)))
    ctx: list[str] = []
    runner.check(ctx, runner.stages)
    assert ctx == ["checked", "checked"] and done == []  # checks act on nothing
    assert runner.describe(ctx, runner.stages) == {
        "one": ["first", "a note", "second", "(two lines)"],
        "two": ["first", "a note", "second", "(two lines)"],
    }
    results: dict[str, Any] = {}
    runner.run(ctx, runner.stages, lambda name: None, results.__setitem__, lambda name, error: None)
    assert results == {"one": Outcome(2), "two": Outcome(2)} and done == ["first", "first"]


def test_a_stopped_stage_is_reported_and_the_rest_do_not_run() -> None:
    def boom() -> Outcome:
        raise RuntimeError("no")

    ran: list[str] = []
    stages = (
        FunctionStage("a", lambda c: None, lambda c: [Do("boom", boom)]),
        FunctionStage("b", lambda c: None, lambda c: [Do("b", lambda: ran.append("b"))]),
    )
    stopped: list[str] = []
    with pytest.raises(RuntimeError):
        Runner(stages).run(None, stages, lambda n: None, lambda n, r: None, lambda n, e: stopped.append(n))
    assert stopped == ["a"] and ran == []
