"""`aeon-release init` on a real fork repository: the first fleet.yaml, ledger and rules, from history."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest

from aeon_release.adapters.yamlio import load_yaml
from aeon_release.commands import demo_repo as demo
from tests.helpers import build_example, git, run_cli, snapshot

IMAGE = "ghcr.io/me/vllm"


@pytest.fixture
def example(tmp_path: Path) -> demo.Example:
    return build_example(tmp_path / "ex")


def init(ex: demo.Example, config: Path, *extra: str):
    return run_cli("init", "--repo", ex.fork, "--config", config, *extra)


def test_init_writes_a_config_that_audits_and_plans_the_next_merge(example: demo.Example, tmp_path: Path) -> None:
    config = tmp_path / "cfg"
    before = snapshot(example.fork)
    done = init(example, config, "--image", IMAGE)
    assert done.code == 0, done.err
    assert sorted(p.relative_to(config).as_posix() for p in config.rglob("*") if p.is_file()) == [
        "audits/carries.yaml",
        "audits/tree.yaml",
        "carries.yaml",
        "cherry_picks.yaml",
        "fleet.yaml",
    ]
    fleet = load_yaml(config / "fleet.yaml")
    assert fleet["branch_prefix"] == "aeon-" and fleet["image"] == {"repository": IMAGE}
    carries = load_yaml(config / "carries.yaml")["carries"]
    shas = git(example.fork, "rev-list", "--reverse", "v0.27.1..HEAD").split()
    assert [c["commits"] for c in carries] == [[s] for s in shas]
    # the fork's own marker comments are what it looks for after every merge
    texts = [m["text"] for c in carries for m in c["markers"]]
    assert any("uma-negative-cudagraph-estimate-clamp" in t for t in texts)
    rules = load_yaml(config / "audits" / "carries.yaml")["rules"]
    assert rules[0]["kind"] == "required-symbol" and rules[0]["symbols"] == ["nvfp4_split_data_scale"]
    assert "2 file(s)" not in done.out and "carry uma-clamp" not in done.out  # ids come from the subjects
    assert done.out.count("  carry ") == 2 and "next: aeon-release audit" in done.err
    # the written config works: the branch audits clean, the next merge plans, the ledger checks
    assert run_cli("audit", "--repo", example.fork, "--config", config).code == 0
    plan = run_cli("merge", "v0.29.0", "--repo", example.fork, "--config", config, "--dry-run", "--no-fetch")
    assert plan.code == 0, plan.err
    assert run_cli("ledger", "check", "--config", config).code == 0
    assert snapshot(example.fork) == before  # init reads the repository, it changes nothing there


def test_the_audit_catches_what_the_written_rules_guard(example: demo.Example, tmp_path: Path) -> None:
    config = tmp_path / "cfg"
    assert init(example, config, "--image", IMAGE).code == 0
    path = example.fork / "vllm" / "utils" / "torch_utils.py"
    path.write_text(path.read_text().replace("def nvfp4_split_data_scale(", "def nvfp4_split(").replace("NHD", "x"))
    done = run_cli("audit", "--repo", example.fork, "--config", config)
    assert done.code == 1 and "nvfp4_split_data_scale" in done.out + done.err


def test_an_existing_file_is_never_replaced_without_force(example: demo.Example, tmp_path: Path) -> None:
    config = tmp_path / "cfg"
    config.mkdir()
    (config / "carries.yaml").write_text("carries: []  # mine\n")
    done = init(example, config, "--image", IMAGE)
    lines = done.err.strip().splitlines()
    assert done.code == 2 and len(lines) == 1 and "carries.yaml: already exists" in lines[0] and "--force" in lines[0]
    assert sorted(p.name for p in config.iterdir()) == ["carries.yaml"]
    assert (config / "carries.yaml").read_text() == "carries: []  # mine\n"
    assert init(example, config, "--image", IMAGE, "--force").code == 0
    assert "# mine" not in (config / "carries.yaml").read_text()


def test_picks_undone_lines_and_deletions_are_told_apart(example: demo.Example, tmp_path: Path) -> None:
    fork = demo.Git(example.fork)
    upstream_sha = git(example.upstream, "rev-parse", "v0.29.0")
    git(example.fork, "fetch", "-q", "upstream", "--tags")
    git(example.fork, "cherry-pick", "-x", upstream_sha)  # a pick: the next release brings it
    demo.commit(fork, "Try a faster path", {"vllm/fast.py": "def fast_path(x):\n    return x * 2\n"})
    demo.commit(fork, "Undo the faster path", {"vllm/fast.py": "def slow_path(x):\n    return x + x\n"})
    git(example.fork, "rm", "-q", "vllm/__init__.py")
    git(example.fork, "commit", "-q", "-m", "Drop the package marker the fork does not ship")
    done = init(example, tmp_path / "cfg", "--image", IMAGE, "--json")
    assert done.code == 0, done.err
    report = json.loads(done.out)
    why = {s["subject"]: s["why"] for s in report["skipped"]}
    picked = git(example.upstream, "log", "-1", "--format=%s", upstream_sha)
    assert "cherry-pick" in why[picked]
    assert why["Try a faster path"] == "none of the lines it added is on the branch any more"
    carries = {c["title"]: c for c in report["carries"]}
    assert carries["Drop the package marker the fork does not ship"]["markers"] == []
    assert carries["Undo the faster path"]["markers"] == [{"path": "vllm/fast.py", "text": "def slow_path(x):"}]


def test_the_next_step_it_prints_finds_the_checkout_and_the_ledger(example: demo.Example, tmp_path: Path) -> None:
    """`next: aeon-release audit` from where init ran found no ledger when init wrote it elsewhere
    (--config), or no checkout when it ran outside (--repo)."""
    config = tmp_path / "my ledger"
    done = run_cli("init", "--repo", example.fork, "--config", config, "--image", IMAGE, cwd=tmp_path)
    assert done.code == 0, done.err
    (hint,) = [line for line in done.err.splitlines() if line.startswith("next: ")]
    audit = hint.removeprefix("next: ").split(", then ")[0]
    assert audit == f"aeon-release audit --repo {example.fork} --config '{config}'"
    assert run_cli(*shlex.split(audit)[1:], cwd=tmp_path).code == 0
    # from the top of the checkout, with the ledger there, the bare commands find both
    assert init(example, example.fork, "--image", IMAGE).code == 0
    done = run_cli("init", "--image", IMAGE, "--force", cwd=example.fork)
    assert "next: aeon-release audit, then aeon-release merge <tag> --dry-run" in done.err


def test_what_init_leaves_to_the_person_is_named_with_where_to_find_it(example: demo.Example, tmp_path: Path) -> None:
    """init writes what merge and audit need; release, build and canary need more of fleet.yaml, and
    said only "name the image's load-bearing list" (where, in what form, or that init wrote none)."""
    config = example.fork  # at the top of the checkout: fleet.yaml names the branch's Dockerfile
    (config / "docker").mkdir()
    (config / "docker" / "Dockerfile").write_text("FROM scratch\n")
    git(example.fork, "add", "docker")
    git(example.fork, "commit", "-q", "-m", "The serving image")
    assert init(example, config, "--image", IMAGE).code == 0
    for args in (
        ("release", "v0.29.0", "--repo", example.fork, "--repository", IMAGE, "--dry-run"),
        ("canary", "--metrics-url", "http://127.0.0.1:9/metrics"),
    ):
        done = run_cli(*args, "--config", config)
        (line,) = done.err.strip().splitlines()
        assert (
            done.code == 2 and "fleet.yaml: " in line and "ledger schema fleet" in line and "init writes none" in line
        )


def test_a_revert_of_a_fork_commit_is_not_a_carry(example: demo.Example, tmp_path: Path) -> None:
    """`git revert` of a fork commit adds nothing: it was a carry with no marker (a maintainer's
    debug commit and its revert put an empty carry in the first ledger)."""
    fork = demo.Git(example.fork)
    demo.commit(fork, "Debug print", {"vllm/debug.py": "def debug_dump(x):\n    print(x)\n"})
    git(example.fork, "revert", "--no-edit", "HEAD")
    runner = example.fork / "vllm" / "v1" / "worker" / "gpu_model_runner.py"  # upstream's file
    runner.write_text(runner.read_text() + "# fork: trace the cache size\n")
    git(example.fork, "commit", "-q", "-am", "Trace the cache size")
    git(example.fork, "revert", "--no-edit", "HEAD")
    done = init(example, tmp_path / "cfg", "--image", IMAGE, "--json")
    assert done.code == 0, done.err
    report = json.loads(done.out)
    why = {s["subject"]: s["why"] for s in report["skipped"]}
    assert why['Revert "Debug print"'].startswith("it only takes out lines the fork added")
    assert why['Revert "Trace the cache size"'].startswith("it only takes out lines the fork added")
    assert why["Debug print"] == why["Trace the cache size"] == "none of the lines it added is on the branch any more"
    assert len(report["carries"]) == 2  # the fork's two real carries


def test_a_fork_commit_upstream_took_later_is_not_a_carry(example: demo.Example, tmp_path: Path) -> None:
    """The fork's commit, then upstream's own commit of the same lines in the next tag, merged into the fork."""
    helper = {"vllm/helper.py": "def pad_to_multiple(x, m):\n    return -(-x // m) * m\n"}
    demo.commit(demo.Git(example.fork), "Add pad_to_multiple", helper)
    up = demo.Git(example.upstream)
    git(example.upstream, "checkout", "-q", "-b", "release", "v0.27.1")
    demo.commit(up, "[Utils] pad_to_multiple (#50001)", helper)
    up.run("tag", "-a", "v0.27.2", "-m", "v0.27.2")
    git(example.fork, "fetch", "-q", "upstream", "--tags")
    git(example.fork, "merge", "-q", "--no-edit", "v0.27.2")
    git(example.fork, "branch", "-m", "aeon-v0.27.2")
    done = init(example, tmp_path / "cfg", "--image", IMAGE, "--json")
    assert done.code == 0, done.err
    report = json.loads(done.out)
    assert report["tag"] == "v0.27.2"
    assert {s["subject"]: s["why"] for s in report["skipped"]} == {
        "Add pad_to_multiple": "v0.27.2 has every line of it that is left: upstream took it"
    }
    assert len(report["carries"]) == 2


def test_subjects_and_lines_that_yaml_would_misread_round_trip(example: demo.Example, tmp_path: Path) -> None:
    fork = demo.Git(example.fork)
    subject = 'Fix "quoted": [brackets] & {braces} #hash: ünïcode'
    demo.commit(fork, subject, {"vllm/odd.py": "KEY = \"a: b # c\"  # aeon-odd: yes, 'quoted'\n"})
    config = tmp_path / "cfg"
    assert init(example, config, "--image", IMAGE).code == 0
    carries = load_yaml(config / "carries.yaml")["carries"]
    odd = next(c for c in carries if c["title"].startswith("Fix"))
    assert odd["title"] == subject and odd["id"] == "fix-quoted-brackets-braces-hash-n-code"
    assert odd["markers"] == [{"path": "vllm/odd.py", "text": "KEY = \"a: b # c\"  # aeon-odd: yes, 'quoted'"}]
    assert run_cli("audit", "--repo", example.fork, "--config", config).code == 0


@pytest.mark.parametrize(
    ("setup", "expected"),
    [
        (["branch", "-m", "aeon-v0.27.1", "work"], "is not named PREFIX + an upstream release tag"),
        (["checkout", "-q", "--detach"], "HEAD is detached"),
    ],
)
def test_a_fork_branch_init_cannot_read_is_one_line(
    example: demo.Example, tmp_path: Path, setup: list[str], expected: str
) -> None:
    git(example.fork, *setup)
    done = init(example, tmp_path / "cfg", "--image", IMAGE)
    lines = done.err.strip().splitlines()
    assert done.code == 2 and len(lines) == 1 and expected in lines[0] and "hint" in lines[0]
    assert not (tmp_path / "cfg").exists()


def test_dry_run_prints_the_files_and_writes_nothing(example: demo.Example, tmp_path: Path) -> None:
    git(example.fork, "remote", "add", "origin", "https://github.com/Aeon-7/vLLM-Fork.git")
    done = init(example, tmp_path / "cfg", "--dry-run")
    assert done.code == 0, done.err
    assert "# --- fleet.yaml" in done.out and "repository: ghcr.io/aeon-7/vllm-fork" in done.out
    assert "would write 5 file(s)" in done.err and not (tmp_path / "cfg").exists()
    as_json = init(example, tmp_path / "cfg", "--dry-run", "--json")
    assert json.loads(as_json.out)["image"] == "ghcr.io/aeon-7/vllm-fork" and not (tmp_path / "cfg").exists()


@pytest.mark.parametrize("image", [None, "UPPER/Case", "ghcr.io/me/x:tag", "../x", "ghcr.io/me/" + "x" * 300])
def test_without_a_github_origin_the_image_must_be_named_well(
    example: demo.Example, tmp_path: Path, image: str | None
) -> None:
    done = init(example, tmp_path / "cfg", *(["--image", image] if image else []))
    assert done.code == 2 and "--image" in done.err and len(done.err.strip().splitlines()) == 1
    assert not (tmp_path / "cfg").exists()


def test_the_dockerfile_is_found_when_the_config_sits_at_the_top(example: demo.Example, tmp_path: Path) -> None:
    demo.commit(demo.Git(example.fork), "Serving image", {"docker/Dockerfile": "FROM scratch\n"})
    assert init(example, tmp_path / "cfg", "--image", IMAGE).code == 0
    assert "dockerfile" not in load_yaml(tmp_path / "cfg" / "fleet.yaml")["image"]  # elsewhere: no relative path
    done = run_cli("init", "--image", IMAGE, cwd=example.fork)
    assert done.code == 0, done.err
    assert load_yaml(example.fork / "fleet.yaml")["image"] == {"repository": IMAGE, "dockerfile": "docker/Dockerfile"}
    assert run_cli("ledger", "check", cwd=example.fork).code == 0  # found from the checkout, as discovery finds it


def test_init_writes_the_kernel_groups_the_image_compiles_today(example: demo.Example, tmp_path: Path) -> None:
    """A fork whose Dockerfile names its archs and CUDA, and whose CMake picks kernels by arch, gets an
    arch-coverage rule holding every group that compiles today: a merge that drops one is blocked."""
    if shutil.which("cmake") is None:
        pytest.skip("needs cmake (scripts/test.sh installs it)")
    from tests.audits.test_arch_coverage import CMAKELISTS, UTILS

    dockerfile = (  # both through ARG defaults, as real Dockerfiles write them
        "ARG BUILDER_IMAGE=nvidia/cuda:13.0.2-devel-ubuntu22.04\nFROM ${BUILDER_IMAGE} AS builder\n"
        "ARG arch_list='12.1a'\nENV TORCH_CUDA_ARCH_LIST=${arch_list}\nRUN make\n"
    )
    files = {"Dockerfile": dockerfile, "CMakeLists.txt": CMAKELISTS, "cmake/utils.cmake": UTILS}
    _commit(example, files, "Build the kernels for the GB10")
    config = tmp_path / "cfg"
    done = init(example, config, "--image", IMAGE)
    assert done.code == 0, done.err
    [rule] = load_yaml(config / "audits" / "build.yaml")["rules"]
    assert rule == {
        "id": "build/kernels-compiled",
        "kind": "arch-coverage",
        "message": "a kernel group the image compiled no longer compiles for its archs",
        "paths": ["CMakeLists.txt"],  # it includes cmake/utils.cmake: the rule follows the include
        "arch_list": "12.1a",
        "cuda_version": "13.0",
        "groups": ["CUDA_ARCHS", "FP4_ARCHS"],  # MARLIN_ARCHS holds none: left out
        "define": {"GPU_LANG": "CUDA"},
    }
    assert "kernels: 2 group(s) compile for 12.1a with CUDA 13.0" in done.out
    assert run_cli("audit", "--repo", example.fork, "--config", config).code == 0
    # upstream's next list leaves 12.1a out of the FP4 kernels: the written rule blocks it
    (example.fork / "CMakeLists.txt").write_text(CMAKELISTS.replace('"12.0a;12.1a"', '"12.0a"'))
    git(example.fork, "commit", "-qam", "Merge upstream")
    blocked = run_cli("audit", "--repo", example.fork, "--config", config)
    assert blocked.code == 1 and "no FP4_ARCHS group compiles for 12.1a with CUDA 13.0" in blocked.out


PLATFORM = """class Platform:
    @classmethod
    def get_device_capability(cls, device_id: int = 0): ...

    @classmethod
    def has_device_capability(cls, capability, device_id: int = 0) -> bool: ...

    @classmethod
    def is_device_capability(cls, capability, device_id: int = 0) -> bool: ...

    @classmethod
    def is_device_capability_family(cls, capability: int, device_id: int = 0) -> bool: ...
"""


@pytest.mark.parametrize(("arch_list", "written"), [("12.1a", True), ("12.1a;12.1f", True), ("9.0a;12.1a", False)])
def test_init_sets_the_one_device_the_image_is_for(
    example: demo.Example, tmp_path: Path, arch_list: str, written: bool
) -> None:
    """One (major, minor) in TORCH_CUDA_ARCH_LIST and capability checks the tree defines: the device
    and the calls, for merge/device-gate; an image for two devices has no one device."""
    files = {
        "Dockerfile": f"FROM scratch\nARG TORCH_CUDA_ARCH_LIST={arch_list}\n",
        "pkg/platform.py": PLATFORM,
        "pkg/interface.py": "from typing import NamedTuple\n\n\nclass DeviceCapability(NamedTuple):\n    major: int\n",
        "pkg/ops.py": "def group_gemm_supported(cuda_device_capability: int) -> bool:\n    return True\n",
    }
    _commit(example, files, "The serving image")
    config = tmp_path / "cfg"
    done = init(example, config, "--image", IMAGE)
    assert done.code == 0, done.err
    written_file = config / "audits" / "device.yaml"
    assert written_file.exists() is written
    if not written:
        # said, not left to guess (newuser17: a fork of upstream's 7-device list got no word on it)
        assert "  no device gates: Dockerfile's TORCH_CUDA_ARCH_LIST names 2 devices (9.0 12.1)" in done.err
        return
    assert "no device gates" not in done.err
    assert load_yaml(written_file)["settings"]["device"] == {
        "capability": "12.1",
        "at_least": ["has_device_capability"],
        "equals": ["is_device_capability"],
        "family": ["is_device_capability_family"],
        "getters": ["get_device_capability"],
        "capability_types": ["DeviceCapability"],  # a parameter annotated with it holds the capability
        "capability_numbers": ["cuda_device_capability"],  # one that holds it as major * 10 + minor
    }
    assert "device: capability 12.1, 4 call(s) that ask for it" in done.out
    # the config sits outside the checkout (fleet.yaml names no Dockerfile then), yet the comment
    # still says which Dockerfile the device came from: it said "None's TORCH_CUDA_ARCH_LIST"
    assert written_file.read_text().startswith("# The one device Dockerfile's TORCH_CUDA_ARCH_LIST")
    assert "dockerfile" not in load_yaml(config / "fleet.yaml")["image"]
    assert run_cli("audit", "--repo", example.fork, "--config", config).code == 0  # the rules load


@pytest.mark.parametrize(
    ("docker", "arch"),
    [
        (
            "ARG TORCH_CUDA_ARCH_LIST=12.1a\nENV ENABLE_NVFP4_SM100=0\n",
            {"fp4_majors": [12], "only_major": 12, "example": "12.1a as Dockerfile builds it", "devices": ["12.1"]},
        ),
        (
            "ARG TORCH_CUDA_ARCH_LIST='10.0a;12.0f'\n",
            {"fp4_majors": [10, 12], "example": "10.0a;12.0f as Dockerfile builds it"},
        ),
        (
            "ARG L=9.0a\nENV TORCH_CUDA_ARCH_LIST=${L:-8.0};12.0a\n",
            {"fp4_majors": [12], "example": "9.0a;12.0a as Dockerfile builds it"},
        ),
        (
            "ENV TORCH_CUDA_ARCH_LIST='12.1a\t 12.0f'\n",
            {"fp4_majors": [12], "example": "12.1a;12.0f as Dockerfile builds it"},
        ),
        (
            "ARG TORCH_CUDA_ARCH_LIST='" + "12.1a;" * 40 + "'\n",
            {"fp4_majors": [12], "devices": ["12.1"]},
        ),  # too long to quote
        ("ARG TORCH_CUDA_ARCH_LIST='12.0;12.1a'\n", None),  # a bare 12.0 today: nothing says the suffix is wanted
        ("ARG TORCH_CUDA_ARCH_LIST='9.0a;8.0+PTX'\n", None),  # no FP4-capable major, no one-major rule
        ("ARG TORCH_CUDA_ARCH_LIST=sm_121a\n", None),  # not an arch: build names it when it runs
    ],
    ids=[
        "one major, SM100 kernels off",
        "two FP4 majors",
        "a default in a reference",
        "spaces and a tab",
        "a long list",
        "a bare target",
        "pre-FP4",
        "not an arch",
    ],
)
def test_init_holds_build_to_the_arch_list_the_image_builds_today(
    example: demo.Example, tmp_path: Path, docker: str, arch: dict[str, object] | None
) -> None:
    """A new fork's first fleet.yaml had no ``arch`` section, so ``build`` let a later list drop the
    a/f suffix its FP4 kernels need (they preprocess out, and NVFP4 falls back without a word): init
    now writes what the Dockerfile's list shows, and build refuses a bare target of those majors."""
    _commit(example, {"Dockerfile": "FROM scratch\n" + docker}, "The serving image")
    config = example.fork  # beside the checkout's top: fleet.yaml names the Dockerfile
    done = init(example, config, "--image", IMAGE, "--force")
    assert done.code == 0, done.err
    assert load_yaml(config / "fleet.yaml").get("arch") == arch
    # the file says what its arch section does (it had a title only: newuser17 asked what example is)
    comment = (config / "fleet.yaml").read_text().split("\nbranch_prefix:")[0]
    assert ("# arch: build refuses a TORCH_CUDA_ARCH_LIST" in comment) is (arch is not None), comment
    assert "aeon-release ledger schema fleet" in comment and "image.load_bearing" in comment
    assert json.loads(init(example, config, "--image", IMAGE, "--dry-run", "--json").out)["arch"] == arch
    if arch is None:
        assert "  arch: " not in done.out
        return
    assert "  arch: build holds TORCH_CUDA_ARCH_LIST to an a/f suffix on every " in done.out
    bare = "12.1" if 12 in arch["fp4_majors"] else "10.0"  # type: ignore[operator]
    refused = run_cli(
        "build", "--version", "v0.30.0", "--config", config, "--build-arg", f"TORCH_CUDA_ARCH_LIST={bare}"
    )
    assert refused.code == 2 and f"TORCH_CUDA_ARCH_LIST entry '{bare}' has no 'a'/'f' suffix" in refused.err, (
        refused.err
    )
    assert ("as Dockerfile builds it" in refused.err) is ("example" in arch)


def test_init_says_why_it_wrote_no_kernel_rule(example: demo.Example, tmp_path: Path) -> None:
    from tests.audits.test_arch_coverage import CMAKELISTS, UTILS

    files = {"Dockerfile": "FROM scratch\nARG TORCH_CUDA_ARCH_LIST=12.1a\n", "CMakeLists.txt": CMAKELISTS}
    files["cmake/utils.cmake"] = UTILS
    _commit(example, files, "Build the kernels")
    done = init(example, tmp_path / "cfg", "--image", IMAGE)
    assert done.code == 0 and not (tmp_path / "cfg" / "audits" / "build.yaml").exists()
    assert "no kernel rule: Dockerfile names no CUDA version (ARG CUDA_VERSION=X.Y" in done.err


def test_the_dockerfile_settings_read_as_docker_reads_them() -> None:
    from aeon_release.pipeline.arch_baseline import _cuda_version, _settings

    docker = (
        "arg BASE=nvidia/cuda:12.9.1-devel-ubuntu22.04\nFROM ${BASE} AS build\n"
        'ENV A=1 \\\n    TORCH_CUDA_ARCH_LIST="${list}" B="x y"\narg list=\'wrong: ENV reads it before\'\n'
        'ENV LEGACY some value\nARG NODEFAULT\nARG TRAIL=12.0a   \nENV BROKEN="open\n'
    )
    settings = _settings(docker)
    assert settings["A"] == "1" and settings["B"] == "x y" and settings["LEGACY"] == "some value"
    assert settings["TORCH_CUDA_ARCH_LIST"] == "${list}"  # not yet defined where ENV reads it
    assert settings["TRAIL"] == "12.0a" and "NODEFAULT" not in settings and "BROKEN" not in settings
    assert _cuda_version(docker, settings) == "12.9"


@pytest.mark.parametrize(
    ("docker", "build_args", "expected"),
    [
        ("ENV TORCH_CUDA_ARCH_LIST=${TORCH_CUDA_ARCH_LIST:-12.1a}\n", {}, "12.1a"),  # unset: the word
        (
            "ARG TORCH_CUDA_ARCH_LIST\nENV TORCH_CUDA_ARCH_LIST=${TORCH_CUDA_ARCH_LIST:-12.1a}\n",
            {"TORCH_CUDA_ARCH_LIST": "12.0"},
            "12.0",
        ),
        ("ARG L=''\nENV TORCH_CUDA_ARCH_LIST=${L:-10.0a}\n", {}, "10.0a"),  # set but empty: the word too
        ("ARG L=12.1a\nENV TORCH_CUDA_ARCH_LIST=${L:+$L}\n", {}, "12.1a"),  # a word with a $: read too (nested)
        ("ARG L=1\nENV TORCH_CUDA_ARCH_LIST=12.1a${L:+;10.0a}\n", {}, "12.1a;10.0a"),  # set: the word
        ("ARG L=\nENV TORCH_CUDA_ARCH_LIST=12.1a${L:+;10.0a}\n", {}, "12.1a"),  # empty: nothing
    ],
)
def test_a_default_in_a_reference_is_read_as_the_builder_reads_it(
    docker: str, build_args: dict[str, str], expected: str
) -> None:
    """``${NAME:-word}`` (a common way to give an arch list its default) was left as written, so build
    refused a valid Dockerfile: its list "is not an arch"."""
    from aeon_release.pipeline.arch_baseline import dockerfile_settings

    assert dockerfile_settings(docker, build_args)["TORCH_CUDA_ARCH_LIST"] == expected


def _commit(example: demo.Example, files: dict[str, str], message: str) -> None:
    """Write ``files`` into the fork's checkout and commit them."""
    for name, text in files.items():
        (example.fork / name).parent.mkdir(parents=True, exist_ok=True)
        (example.fork / name).write_text(text)
    git(example.fork, "add", "-A")
    git(example.fork, "commit", "-qm", message)


@pytest.mark.parametrize(
    ("origin", "image"),
    [
        ("git@github.com:Aeon-7/vLLM-Fork.git", "ghcr.io/aeon-7/vllm-fork"),
        ("https://gitlab.com/Aeon-7/inference/vLLM-Fork.git", "registry.gitlab.com/aeon-7/inference/vllm-fork"),
        ("git@gitlab.com:aeon-7/vllm-fork", "registry.gitlab.com/aeon-7/vllm-fork"),
    ],
    ids=["github over ssh", "a gitlab subgroup", "gitlab over ssh"],
)
def test_the_image_is_the_registry_of_the_forge_origin_is_on(
    example: demo.Example, tmp_path: Path, origin: str, image: str
) -> None:
    git(example.fork, "remote", "add", "origin", origin)
    done = init(example, tmp_path / "cfg", "--dry-run", "--json")
    assert done.code == 0, done.err
    assert json.loads(done.out)["image"] == image


def test_the_committed_ledger_is_no_carry_of_its_own(example: demo.Example, tmp_path: Path) -> None:
    """init writes the ledger at the top of the checkout; the maintainer commits it on the fork branch,
    and the next `init --force` (or one on the next fork branch) made "Add the ledger" a carry with a
    marker in carries.yaml. A commit of the ledger alone is skipped; one that also changes the fork's
    code is a carry of that code only."""
    assert init(example, example.fork, "--image", IMAGE).code == 0
    fleet = example.fork / "fleet.yaml"
    fleet.write_text(fleet.read_text() + "  load_bearing: image/parts.txt\n")
    (example.fork / "image").mkdir()
    (example.fork / "image" / "parts.txt").write_text("cmd python3\n")
    git(example.fork, "add", "-A")
    git(example.fork, "commit", "-q", "-m", "Add the aeon-release ledger")
    (example.fork / "audits" / "tree.yaml").write_text("rules: []\n")
    (example.fork / "vllm" / "spark.py").write_text("# ACME: serve on the Spark\ndef spark_serve():\n    pass\n")
    git(example.fork, "add", "-A")
    git(example.fork, "commit", "-q", "-m", "Serve on the Spark, and drop the tree rules")
    # a deleted file has no lines in the patch: the commit still changes the fork's code
    (example.fork / "carries.yaml").write_text((example.fork / "carries.yaml").read_text() + "# no triton path\n")
    git(example.fork, "rm", "-q", "vllm/v1/attention/backends/triton_attn.py")
    git(example.fork, "commit", "-q", "-am", "Drop the Triton backend, and say so in the ledger")
    again = init(example, example.fork, "--image", IMAGE, "--force", "--dry-run", "--json")
    assert again.code == 0, again.err
    report = json.loads(again.out)
    assert [s["subject"] for s in report["skipped"]] == ["Add the aeon-release ledger"]
    assert "only aeon-release's own files" in report["skipped"][0]["why"]
    [mixed] = [c for c in report["carries"] if c["title"].startswith("Serve on the Spark")]
    assert [m["path"] for m in mixed["markers"]] == ["vllm/spark.py"]
    assert any(c["title"].startswith("Drop the Triton backend") for c in report["carries"])
