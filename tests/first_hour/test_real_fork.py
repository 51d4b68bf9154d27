"""A maintainer's first hour on a real fork: ROCm/vllm's ``v0.9.1+rocm`` as "my fork" (branch ``rocm-v0.9.1``,
98 carries from 630 commits of its own since 2024), merged with upstream's v0.9.2.

- The fork has its own tag under an upstream name (ROCm's ``v0.4.0``): ``git fetch --tags upstream`` refuses
  to clobber it, and every merge stopped there, though no merge reads that tag.
- Upstream v0.9.2 made ``vllm/utils.py`` the package ``vllm/utils/__init__.py``: the rule init wrote for a
  carry's functions there stopped the merge with "vllm/utils.py does not exist in the tree" and no word of
  where it went, nor that the fix is in the config.
- The conflicts in ``vllm/envs.py`` said, for five 2024 carries, "upstream removed most of the code it
  patched": upstream had changed those commits' context lines long before this release's base.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.audits.conftest import GitRepo
from tests.helpers import build_example, git, one_carry_ledger, run_cli


def test_a_tag_the_merge_does_not_read_moved_upstream_is_a_note(tmp_path: Path) -> None:
    """The fork's own ``v0.1.0`` differs from upstream's: the merge of v0.29.0 goes on, says so, and keeps
    the fork's tag; a moved tag the merge does read still stops it (tests/hostile/test_sweep11.py)."""
    ex = build_example(tmp_path / "ex")
    git(ex.upstream, "tag", "v0.1.0", "v0.27.1^{commit}")
    git(ex.fork, "tag", "v0.1.0", "aeon-v0.27.1")
    ours = git(ex.fork, "rev-parse", "v0.1.0")
    run = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--dry-run")
    assert run.code == 0, run.err
    assert "note: remote 'upstream' moved tag(s) 'v0.1.0': the local one(s) kept" in run.out, run.out
    assert "git fetch --tags --force upstream" in run.out
    assert git(ex.fork, "rev-parse", "v0.1.0") == ours
    assert git(ex.fork, "rev-parse", "v0.29.0^{commit}") == git(ex.upstream, "rev-parse", "v0.29.0^{commit}")


def test_a_file_upstream_moved_under_a_marker_is_named_with_where_it_went(tmp_path: Path) -> None:
    """Upstream moves the carried ``torch_utils.py`` in v0.30.0; git's merge follows the move with the carry's
    lines, and the marker's finding says where the file went and what to change."""
    ex = build_example(tmp_path / "ex")
    old, new = "vllm/utils/torch_utils.py", "vllm/utils/torch/__init__.py"
    (ex.upstream / "vllm/utils/torch").mkdir()
    git(ex.upstream, "mv", old, new)
    git(ex.upstream, "commit", "--quiet", "-m", "[Misc] torch utils as a package (#53001)")
    git(ex.upstream, "tag", "-a", "v0.30.0", "-m", "v0.30.0")
    run = run_cli("merge", "v0.30.0", "--repo", ex.fork, "--config", ex.config, "--json")
    assert run.code == 1, run.err
    assert f"1 of them name a path upstream moved or deleted: change it in {ex.config}, then" in run.err, run.err
    [finding] = [f for f in json.loads(run.out)["audit"]["findings"] if f["path"] == old]
    assert f"{old} does not exist, so marker 'nvfp4_split_data_scale' is gone" in finding["message"], finding
    assert (
        f"; upstream moved {old} to {new} in v0.30.0 (git's rename detection): point the rule's paths"
        in finding["message"]
    ), finding


FILE = "pkg/select.py"
V0 = (
    "def select(v1):\n    alpha_setting = compute_alpha(v1)\n    beta_setting = compute_beta(v1)\n    return pick(v1)\n"
)
CARRIED = V0.replace(
    "    return pick(v1)\n", "    # AEON: the GB10 branch\n    gamma_setting = 121\n    return pick(v1)\n"
)


def test_a_carry_context_upstream_changed_before_the_base_is_no_news_of_this_merge(tmp_path: Path) -> None:
    """The carry (2024) patched beside ``alpha_setting``/``beta_setting``; upstream renamed them in v1.0.5,
    which the fork merged; v1.1.0 changes the line under the carry's: a conflict.  The carry's context was
    gone at this merge's base, so nothing of it was removed by this release."""
    repo = GitRepo(tmp_path / "fork")
    repo.commit({FILE: V0}, "base")
    repo.git("tag", "v1.0.0")
    repo.git("checkout", "--quiet", "-b", "aeon-v1.0.0")
    sha = repo.commit({FILE: CARRIED}, "Prefer our backend on the GB10")
    repo.git("checkout", "--quiet", "-b", "upstream", "v1.0.0")
    renamed = V0.replace("alpha_setting", "alpha_value").replace("beta_setting", "beta_value")
    repo.commit({FILE: renamed}, "Rename the settings (#2)")
    repo.git("tag", "v1.0.5")
    repo.git("checkout", "--quiet", "-b", "aeon-v1.0.5", "aeon-v1.0.0")
    repo.git("merge", "--quiet", "--no-edit", "v1.0.5", check=False)
    resolved = CARRIED.replace("alpha_setting", "alpha_value").replace("beta_setting", "beta_value")
    repo.commit({FILE: resolved}, "Merge v1.0.5")
    repo.git("checkout", "--quiet", "upstream")
    repo.commit({FILE: renamed.replace("return pick(v1)", "return pick(v1, strict=True)")}, "Strict pick (#3)")
    repo.git("tag", "v1.1.0")
    repo.git("checkout", "--quiet", "aeon-v1.0.5")
    config = one_carry_ledger(tmp_path / "cfg", sha, FILE)
    result = run_cli("merge", "v1.1.0", "--repo", repo.path, "--config", config, "--json")
    assert result.code == 1, result.err
    [conflict] = json.loads(result.out)["conflicts"]
    assert conflict["file"] == FILE and conflict["carries"] == ["gb10-backend"], conflict
    assert "removed most of the code" not in json.dumps(conflict), conflict


def test_a_fork_that_numbers_its_own_pull_requests_keeps_its_carries(tmp_path: Path) -> None:
    """ROCm/vllm squash-merges its own pull requests: its #38 (an attention kernel) is upstream's #38 of 2023
    (block sizes).  init left 75 such commits out as "a cherry-pick the next release brings", and wrote the
    fork's own numbers as upstream_pr (``Add @hongxiayang (#481)``: upstream_pr 481).  A cherry-pick of
    upstream's own commit (same subject, no -x line) is still left out."""
    from aeon_release.commands import demo_repo as demo

    ex = build_example(tmp_path / "ex")
    fork = demo.Git(ex.fork)
    for number, name in ((50276, "rocm_paged"), (52816, "rocm_gemm"), (49718, "rocm_norm")):
        demo.commit(
            fork, f"Tune the {name} kernel (#{number})", {f"vllm/{name}.py": f"def {name}_tuned(x):\n    return x\n"}
        )
    demo.commit(fork, "Skinny GEMM for decode (#123)", {"vllm/skinny.py": "def skinny_gemm(a, b):\n    return a @ b\n"})
    git(ex.fork, "fetch", "-q", "upstream", "--tags")
    docs = git(ex.upstream, "log", "-1", "--format=%H", "--grep=#50301")
    git(ex.fork, "cherry-pick", docs)  # no -x: the subject and its number say it is upstream's
    done = run_cli("init", "--repo", ex.fork, "--config", tmp_path / "cfg", "--image", "ghcr.io/me/vllm", "--json")
    assert done.code == 0, done.err
    report = json.loads(done.out)
    carries = {c["title"].split(" (#")[0]: c for c in report["carries"]}
    for title in ("Tune the rocm_paged kernel", "Tune the rocm_gemm kernel", "Tune the rocm_norm kernel"):
        assert title in carries and "upstream_pr" not in carries[title], carries.get(title)
    assert "Skinny GEMM for decode" in carries and "upstream_pr" not in carries["Skinny GEMM for decode"]
    why = {s["subject"]: s["why"] for s in report["skipped"]}
    assert why["[Docs] Serving guide for spec decode (#50301)"].startswith("upstream has PR #50301"), why
    assert report["own_pr_numbers"] == 3
    assert "the fork numbers its own, so no carry got upstream_pr" in done.err, done.err
    assert "init: 6 carries, 1 commit(s) not carries" in done.err, done.err


def test_the_gate_workflow_audits_against_the_forks_own_ledger() -> None:
    """The workflow checked out aeon-release and gave that checkout as ``--config``: a stranger's fork was
    audited against the ledger of the fork aeon-release was made for (a ROCm fork's one-line pull request:
    20 errors on that fork's markers and rules).  The ledger is a checkout of its own, named apart."""
    import shlex

    from aeon_release.adapters.yamlio import load_yaml

    flow = load_yaml(Path("examples/github/aeon-audit.yml"))
    steps = flow["jobs"]["audit"]["steps"]
    audit = next(s for s in steps if s.get("id") == "audit")
    words = shlex.split(next(line for line in audit["run"].splitlines() if "aeon-release audit" in line))
    config = words[words.index("--config") + 1]
    assert config.startswith("../")
    [checkout] = [s for s in steps if s.get("with", {}).get("path") == config[3:]]
    assert checkout["with"]["repository"] == "${{ env.AEON_LEDGER_REPO }}", checkout
    assert checkout["with"]["ref"] == "${{ env.AEON_LEDGER_REF }}", checkout
    assert {"AEON_LEDGER_REPO", "AEON_LEDGER_REF"} <= set(flow["env"]), flow["env"]


def test_an_audit_run_from_a_folder_of_the_checkout_audits_the_checkout(tmp_path: Path) -> None:
    """``cd vllm && aeon-release audit --config ../ledger``: ``--repo`` is ``.``, and the audit read the
    package folder as the whole tree: every marker's path, written from the top, was missing (142 errors
    on a clean ROCm fork)."""
    ex = build_example(tmp_path / "ex")
    top = run_cli("audit", "--repo", ex.fork, "--config", ex.config)
    assert top.code == 0, top.out
    run = run_cli("audit", "--config", ex.config, cwd=ex.fork / "vllm")
    assert run.code == 0, run.out
    assert (
        f"note: auditing the checkout {ex.fork.resolve()}: {(ex.fork / 'vllm').resolve()} is a folder of it" in run.err
    )
    assert run.out.rsplit(" in ", 1)[0] == top.out.rsplit(" in ", 1)[0], run.out  # the same tree, bar the time


def test_a_fork_without_a_ledger_is_told_to_run_init(tmp_path: Path) -> None:
    """A maintainer who skipped ``init`` ran ``merge`` and ``audit`` in the fork's checkout: "no fleet profile
    here" and "no audits folder", each hinting only at --config, a folder they did not have."""
    ex = build_example(tmp_path / "ex")
    merged = run_cli("merge", "v0.29.0", "--dry-run", "--no-fetch", cwd=ex.fork)
    assert merged.code == 2 and "no fleet profile here" in merged.err, merged.err
    assert "a fork with none yet: `aeon-release init` writes it" in merged.err, merged.err
    audited = run_cli("audit", cwd=ex.fork)
    assert audited.code == 2 and "no audits folder" in audited.err, audited.err
    assert "a fork with none yet: `aeon-release init` writes them" in audited.err, audited.err


def test_a_typod_tag_is_answered_with_the_nearest_release_tags(tmp_path: Path) -> None:
    """``merge v0.29.1`` (the release is v0.29.0): "does not exist ... check the spelling" named no tag to try."""
    ex = build_example(tmp_path / "ex")
    run = run_cli("merge", "v0.29.1", "--repo", ex.fork, "--config", ex.config, "--dry-run")
    assert run.code == 2 and "tag 'v0.29.1' does not exist" in run.err, run.err
    assert "(hint: the nearest: v0.29.0, v0.27.1; check the spelling" in run.err, run.err


def test_a_carried_file_upstream_deleted_is_named_with_what_to_do(tmp_path: Path) -> None:
    """Upstream v0.10.0 deleted ``vllm/model_executor/models/eagle.py`` (V0's Eagle), which a ROCm carry patched:
    resolved by taking the deletion, the merge stopped on "eagle.py does not exist" with no word that
    upstream deleted it, which is what says the carry is to be dropped."""
    ex = build_example(tmp_path / "ex")
    gone = "vllm/utils/torch_utils.py"
    git(ex.upstream, "rm", "-q", gone)
    git(ex.upstream, "commit", "--quiet", "-m", "[Misc] drop the torch utils (#53002)")
    git(ex.upstream, "tag", "-a", "v0.30.0", "-m", "v0.30.0")
    stopped = run_cli("merge", "v0.30.0", "--repo", ex.fork, "--config", ex.config)
    assert stopped.code == 1 and "conflicted file(s)" in stopped.err, stopped.err
    worktree = ex.fork / ".git/aeon-release/worktrees/v0.30.0"
    git(worktree, "rm", "-q", gone)
    run = run_cli("merge", "--continue", "--repo", ex.fork, "--json")
    assert run.code == 1, run.err
    [finding] = [f for f in json.loads(run.out)["audit"]["findings"] if f["path"] == gone]
    assert f"; upstream deleted {gone} in v0.30.0: a carry of it is dropped (`status: dropped`" in finding["message"]


GUARD = """rules:
- id: fork/nvfp4-defines
  kind: required-symbol
  message: what carry triton-nvfp4-kv defines must still exist
  carry: {carry}
  paths: [vllm/utils/torch_utils.py]
  symbols: [nvfp4_split_data_scale, gone_helper]
"""


def test_a_rule_guarding_a_carry_retires_with_it(tmp_path: Path) -> None:
    """ROCm's eagle.py carry, marked ``status: dropped`` after upstream deleted the file, still stopped the merge
    on the rule init wrote for what it defines (audits/carries.yaml).  Such a rule names its carry and runs while
    the carry is active; a carry the ledger does not have is refused, naming the rule's file and field."""
    ex = build_example(tmp_path / "ex")
    rules = ex.config / "audits" / "guard.yaml"
    rules.write_text(GUARD.format(carry="triton-nvfp4-kv"))
    active = run_cli("audit", "--repo", ex.fork, "--config", ex.config, "--format", "json")
    assert active.code == 1 and "gone_helper" in active.out, active.out
    carries = ex.config / "carries.yaml"
    text = carries.read_text()
    head, tail = text.split("  - id: triton-nvfp4-kv\n")
    tail = tail.replace(
        "status: active", "status: dropped\n    dropped: {release: v0.29.0, reason: upstream took it}", 1
    )
    carries.write_text(head + "  - id: triton-nvfp4-kv\n" + tail)
    dropped = run_cli("audit", "--repo", ex.fork, "--config", ex.config, "--format", "json")
    assert dropped.code == 0 and "fork/nvfp4-defines" not in dropped.out, dropped.out
    rules.write_text(GUARD.format(carry="triton-nvfp4"))
    unknown = run_cli("audit", "--repo", ex.fork, "--config", ex.config)
    assert unknown.code == 2, unknown.err
    assert "audits/guard.yaml: rules[0].carry: 'triton-nvfp4' names no carry in carries.yaml" in unknown.err


def test_init_ties_the_rules_of_what_a_carry_defines_to_the_carry(tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex")
    done = run_cli("init", "--repo", ex.fork, "--config", tmp_path / "cfg", "--image", "ghcr.io/me/vllm")
    assert done.code == 0, done.err
    text = (tmp_path / "cfg" / "audits" / "carries.yaml").read_text()
    assert "  carry: triton-nvfp4-kv-cache-with-nhd-safe\n  paths:\n  - vllm/utils/torch_utils.py\n" in text, text
    audited = run_cli("audit", "--repo", ex.fork, "--config", tmp_path / "cfg")
    assert audited.code == 0, audited.out


def test_a_merge_of_many_carries_kept_as_they_were_reports_them_as_one_row(tmp_path: Path) -> None:
    """A ROCm merge's report was 114 rows of "kept | its commits are on the branch" above the conflicts and
    findings; past ten such carries they are one row, each still in --json."""
    from aeon_release.commands import demo_repo as demo

    ex = build_example(tmp_path / "ex")
    fork = demo.Git(ex.fork)
    entries = []
    for i in range(11):
        demo.commit(fork, f"Fork helper {i}", {f"vllm/fork_{i}.py": f"def fork_helper_{i}():\n    return {i}\n"})
        sha = git(ex.fork, "rev-parse", "HEAD")
        entries.append(f"  - id: helper-{i}\n    title: helper {i}\n    status: active\n    commits: [{sha}]\n")
    carries = ex.config / "carries.yaml"
    carries.write_text(carries.read_text() + "".join(entries))
    run = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config)
    assert run.code == 0, run.err
    assert "│ 13 carries │ kept   │ its commits are on the branch; --json lists each" in run.out, run.out
    assert "helper-3" not in run.out, run.out
    listed = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--json")
    assert {c["id"] for c in json.loads(listed.out)["carries"]} >= {f"helper-{i}" for i in range(11)}, listed.out


def test_init_says_when_the_fork_builds_another_dockerfile_and_takes_the_one_named(tmp_path: Path) -> None:
    """A ROCm fork's image is docker/Dockerfile.rocm; init took upstream's CUDA docker/Dockerfile as it is (its
    arch list became arch-coverage rules for kernels the fork never builds) and said nothing."""
    ex = build_example(tmp_path / "ex")
    # upstream's docker/Dockerfile, merged into the fork branch as it is
    main = git(ex.upstream, "symbolic-ref", "--short", "HEAD")
    git(ex.upstream, "checkout", "-q", "-b", "side", "v0.27.1")
    (ex.upstream / "docker").mkdir()
    (ex.upstream / "docker/Dockerfile").write_text("FROM upstream-cuda\n")
    git(ex.upstream, "add", "-A")
    git(ex.upstream, "commit", "-qm", "[Build] a Dockerfile (#50400)")
    git(ex.upstream, "checkout", "-q", main)
    git(ex.upstream, "merge", "-q", "--no-edit", "side")
    git(ex.fork, "fetch", "-q", "upstream")
    git(ex.fork, "merge", "-q", "--no-edit", "upstream/side")
    (ex.fork / "docker").mkdir(exist_ok=True)
    (ex.fork / "docker/Dockerfile.rocm").write_text("FROM rocm/base\nRUN build\n")
    git(ex.fork, "add", "-A")
    git(ex.fork, "commit", "-qm", "ROCm image")
    said = run_cli("init", "--repo", ex.fork, "--config", ex.fork, "--image", "ghcr.io/me/vllm", "--dry-run")
    assert said.code == 0, said.err
    assert "dockerfile: docker/Dockerfile is upstream's as it is, and the branch's own commits change" in said.err
    assert "docker/Dockerfile.rocm" in said.err and "pass --dockerfile" in said.err, said.err
    named = run_cli(
        "init", "--repo", ex.fork, "--config", ex.fork, "--image", "ghcr.io/me/vllm", "--dockerfile",
        "docker/Dockerfile.rocm", "--dry-run",
    )  # fmt: skip
    assert named.code == 0 and "  dockerfile: docker/Dockerfile.rocm\n" in named.out, named.out
    assert "pass --dockerfile" not in named.err
    wrong = run_cli("init", "--repo", ex.fork, "--dockerfile", "docker/Dockerfile.rcm", "--dry-run")
    assert wrong.code == 2 and "--dockerfile 'docker/Dockerfile.rcm': no such file on branch" in wrong.err


def test_a_commit_git_cannot_read_is_named(tmp_path: Path) -> None:
    """One 2024 commit of ROCm's 630 changed a binary whose old blob the clone lacked: init stopped on
    "git show failed in .: fatal: unable to read 7153008..." and named no commit.  The object's file is
    deleted here (a damaged clone: a real fault, made the way a disk or a copy makes it)."""
    from aeon_release.commands import demo_repo as demo

    ex = build_example(tmp_path / "ex")
    fork = demo.Git(ex.fork)
    demo.commit(fork, "Ship the HIP runtime patch", {"rocm_patch/libhip.so": "\x00\x01 version 1\n"})
    demo.commit(fork, "Update the HIP runtime patch", {"rocm_patch/libhip.so": "\x00\x01 version 2\n"})
    blob = git(ex.fork, "rev-parse", "HEAD~1:rocm_patch/libhip.so")
    (ex.fork / ".git/objects" / blob[:2] / blob[2:]).unlink()
    run = run_cli("init", "--repo", ex.fork, "--config", tmp_path / "cfg", "--image", "ghcr.io/me/vllm")
    assert run.code == 2, run.err
    assert "init cannot read the branch's commit " in run.err and "'Ship the HIP runtime patch'" in run.err, run.err
    assert f"unable to read {blob}" in run.err and "git fsck" in run.err, run.err


def test_the_bulk_pass_runs_in_process_when_its_pool_cannot_start(tmp_path: Path, monkeypatch: Any) -> None:
    """The pool's lock is a POSIX semaphore in /dev/shm.  On a shared machine whose /dev/shm had no inode left
    (17 GB free), every audit of a real tree stopped: "output: No space left on device (hint: free some disk
    space)", with 74 GB free on the disk.  A fake here, and only here: a test cannot fill a tmpfs's inodes
    without mounting one; it raises what ``sem_open`` raised there."""
    import errno
    import shutil

    from aeon_release.domain.audits import runner

    ex = build_example(tmp_path / "ex")
    for i in range(runner.PARALLEL_MIN_FILES):
        (ex.fork / f"vllm/gen_{i}.py").write_text(f"VALUE_{i} = {i}\n")
    (ex.fork / "vllm/gen_0.py").write_text("def broken(:\n")
    pooled = run_cli("audit", "--repo", ex.fork, "--config", ex.config, "--format", "json")

    asked: list[int] = []

    def no_semaphore() -> None:
        asked.append(1)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(runner, "worker_pool", no_semaphore)
    monkeypatch.setattr(runner, "_workers", lambda: 2)
    shutil.rmtree(ex.fork / ".git/aeon-release/cache", ignore_errors=True)  # every file read again
    inline = run_cli("audit", "--repo", ex.fork, "--config", ex.config, "--format", "json")
    assert inline.code == pooled.code == 1, inline.err
    assert json.loads(inline.out)["findings"] == json.loads(pooled.out)["findings"]
    assert "vllm/gen_0.py" in inline.out and asked, inline.out


def test_init_names_the_files_it_wrote(tmp_path: Path) -> None:
    """ "init: wrote 6 file(s) in /tmp/myfork for rocm-v0.9.1": which six, in a checkout of 2,600 files."""
    ex = build_example(tmp_path / "ex")
    done = run_cli("init", "--repo", ex.fork, "--config", tmp_path / "cfg", "--image", "ghcr.io/me/vllm")
    assert done.code == 0, done.err
    assert (
        f"init: wrote 5 file(s) in {tmp_path / 'cfg'} for aeon-v0.27.1 (v0.27.1): fleet.yaml, carries.yaml, "
        "cherry_picks.yaml, audits/tree.yaml, audits/carries.yaml\n"
    ) in done.out, done.out


def test_init_guards_what_a_carry_defines_not_what_upstream_does(tmp_path: Path) -> None:
    """ROCm's "Upstream merge 24 10 08 (#226)" is a squash of an upstream merge: its added ``class ReLU`` lines
    are upstream's own (qwen2_rm.py at the tag has it), and the rule init wrote for them stopped the v0.9.2
    merge when upstream removed ReLU ("what carry upstream-merge-24-10-08-226 defines must still exist")."""
    from aeon_release.commands import demo_repo as demo

    ex = build_example(tmp_path / "ex")
    fork = demo.Git(ex.fork)
    text = (ex.fork / "vllm/utils/torch_utils.py").read_text()
    squashed = "def cdiv(a: int, b: int) -> int:  # upstream's, as a later upstream spelt it\n    return -(a // -b)\n"
    own = "\n\ndef rocm_round_up(x: int) -> int:\n    return cdiv(x, 64) * 64\n"
    demo.commit(
        fork, "Upstream merge 24 10 08 (#226)", {"vllm/utils/torch_utils.py": squashed + text.split("\n", 2)[2] + own}
    )
    done = run_cli("init", "--repo", ex.fork, "--config", tmp_path / "cfg", "--image", "ghcr.io/me/vllm", "--json")
    assert done.code == 0, done.err
    [carry] = [c for c in json.loads(done.out)["carries"] if c["title"].startswith("Upstream merge")]
    assert carry["symbols"] == {"vllm/utils/torch_utils.py": ["rocm_round_up"]}, carry
