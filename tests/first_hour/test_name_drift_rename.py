"""A name-drift finding says "renamed X to Y" only when the commit that removed X added Y.

Found merging vLLM v0.10.0 onto a v0.9.1 fork whose Dockerfile sets ``VLLM_QUARK_EMU_MEM_OPT=1``:
#17888 removed that variable from vllm/envs.py, and 877 commits of the range added others there.
The warning said "upstream renamed environment variable 'VLLM_QUARK_EMU_MEM_OPT' to
'VLLM_CPU_SGL_KERNEL' ... set 'VLLM_CPU_SGL_KERNEL' instead": its rename guess matched the removed
key line ``"VLLM_QUARK_EMU_MEM_OPT":`` against the first added key line of the whole range, a CPU
kernel switch another PR added.  Following the hint would have turned on an unrelated kernel.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits import audit_tree
from aeon_release.domain.audits.drift.names import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo, config_without_rules

ENVS = "vllm/envs.py"


def _envs(*names: str) -> str:
    entries = "".join(f'    "{n}":\n    lambda: bool(int(os.getenv("{n}", "0"))),\n' for n in names)
    return (
        "import os\nfrom typing import Any, Callable\n\n"
        f"environment_variables: dict[str, Callable[[], Any]] = {{\n{entries}}}\n\n\n"
        "def __getattr__(name: str):\n    return environment_variables[name]()\n"
    )


DOCKERFILE = "docker/Dockerfile"
FORK = {DOCKERFILE: "FROM base\nENV VLLM_QUARK_EMU_MEM_OPT=1\n"}


def _message(tmp_path: Path, upstream: list[tuple[str, dict[str, str | None]]]) -> str:
    repo = GitRepo(tmp_path / "repo")
    base = {ENVS: _envs("VLLM_LOGGING_LEVEL", "VLLM_QUARK_EMU_MEM_OPT")}
    sides = s.merge_case(repo, base, FORK, upstream)
    report = audit_tree(repo.path, config_without_rules(tmp_path / "cfg"), merge=sides)
    [finding] = [f for f in report.findings if f.rule_id == RULE]
    assert (finding.path, finding.line) == (DOCKERFILE, 2)
    return finding.message


def test_a_name_another_commit_added_is_no_rename(tmp_path: Path) -> None:
    message = _message(
        tmp_path,
        [
            ("[Feature] MXFP4 support for MOE models (#17888)", {ENVS: _envs("VLLM_LOGGING_LEVEL")}),
            ("[CPU] SGL kernels (#19999)", {ENVS: _envs("VLLM_LOGGING_LEVEL", "VLLM_CPU_SGL_KERNEL")}),
        ],
    )
    assert "removed environment variable 'VLLM_QUARK_EMU_MEM_OPT'" in message and "#17888" in message
    assert "VLLM_CPU_SGL_KERNEL" not in message
    assert message.endswith(": drop it, or set what replaced it")


def test_a_rename_in_one_commit_is_still_named(tmp_path: Path) -> None:
    message = _message(
        tmp_path,
        [("[Quark] rename the emulation switch (#18000)", {ENVS: _envs("VLLM_LOGGING_LEVEL", "VLLM_QUARK_EMU_OPT")})],
    )
    assert "renamed environment variable 'VLLM_QUARK_EMU_MEM_OPT' to 'VLLM_QUARK_EMU_OPT'" in message
    assert "#18000" in message and message.endswith("set 'VLLM_QUARK_EMU_OPT' instead")
