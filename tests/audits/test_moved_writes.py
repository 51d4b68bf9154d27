"""Moved writes: the fork sets an attribute upstream now stores elsewhere, its own same write moved (#29966)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

import pytest

from aeon_release.domain.audits.drift import moved_writes
from aeon_release.domain.audits.drift.moved_writes import moved_in, still_used
from aeon_release.domain.audits.drift.sides import Changes, ThreeTrees
from aeon_release.domain.audits.merge_rules import NAME_DRIFT
from aeon_release.domain.audits.source import SourceCache
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ROPE = "vllm/model_executor/layers/rotary.py"
ROPE_BASE = """def get_rope(head_size, rope_parameters=None, partial_rotary_factor=1.0):
    return int(head_size * partial_rotary_factor)
"""
ROPE_29966 = """def get_rope(head_size, rope_parameters=None):
    factor = (rope_parameters or {}).get("partial_rotary_factor", 1.0)
    return int(head_size * factor)
"""
LLAMA = "vllm/model_executor/models/llama.py"
LLAMA_BASE = """from vllm.model_executor.layers.rotary import get_rope


class LlamaForCausalLM:
    def __init__(self, *, vllm_config, prefix=""):
        config = vllm_config.model_config.hf_config
        factor = getattr(config, "partial_rotary_factor", 1)
        self.rope = get_rope(128, config.rope_parameters, partial_rotary_factor=factor)
"""
LLAMA_29966 = """from vllm.model_executor.layers.rotary import get_rope


class LlamaForCausalLM:
    def __init__(self, *, vllm_config, prefix=""):
        config = vllm_config.model_config.hf_config
        self.rope = get_rope(128, config.rope_parameters)
"""
GLM = "vllm/model_executor/models/glm.py"
GLM_BASE = """from vllm.model_executor.models.llama import LlamaForCausalLM


class GlmForCausalLM(LlamaForCausalLM):
    def __init__(self, *, vllm_config, prefix=""):
        vllm_config.model_config.hf_config.partial_rotary_factor = 0.5
        super().__init__(vllm_config=vllm_config, prefix=prefix)
"""
GLM_29966 = GLM_BASE.replace(
    "        vllm_config.model_config.hf_config.partial_rotary_factor = 0.5\n",
    "        hf_config = vllm_config.model_config.hf_config\n"
    '        hf_config.rope_parameters["partial_rotary_factor"] = 0.5\n',
)
FORK = "vllm/aeon/glm_half.py"
WRITE = """from vllm.model_executor.models.llama import LlamaForCausalLM


class AeonGlmForCausalLM(LlamaForCausalLM):
    def __init__(self, *, vllm_config, prefix=""):
        vllm_config.model_config.hf_config.partial_rotary_factor = 0.5
        super().__init__(vllm_config=vllm_config, prefix=prefix)
"""
SETATTR = """def aeon_partial_rope(model_config) -> None:
    setattr(model_config.hf_config, "partial_rotary_factor", 0.25)
"""


def rows(git_repo: GitRepo, no_rules: Path, fork: str, llama: str = LLAMA_29966, glm: str = GLM_29966) -> list:
    base = {ROPE: ROPE_BASE, LLAMA: LLAMA_BASE, GLM: GLM_BASE, "vllm/aeon/__init__.py": ""}
    upstream = {ROPE: ROPE_29966, LLAMA: llama, GLM: glm}
    sides = s.merge_case(git_repo, base, {FORK: fork}, [("Access from `rope_parameters` (#29966)", upstream)])
    return [r for r in s.rule_rows(git_repo, no_rules, sides, NAME_DRIFT) if r[0] == FORK]


@pytest.mark.parametrize(("fork", "line"), [(WRITE, 6), (SETATTR, 2)], ids=["assignment", "setattr"])
def test_a_write_upstream_moved_is_an_error(git_repo: GitRepo, no_rules: Path, fork: str, line: int) -> None:
    [(_, got, severity, message)] = rows(git_repo, no_rules, fork)
    assert (got, severity) == (line, "error")
    assert (
        """upstream moved its own write of it to `hf_config.rope_parameters["partial_rotary_factor"] = 0.5`"""
        in message
    )
    assert GLM in message and "#29966" in message and "no upstream code reads .partial_rotary_factor" in message


@pytest.mark.parametrize(
    ("fork", "llama", "glm"),
    [
        # twin: the fork writes where upstream does now
        (WRITE.replace(".hf_config.partial_rotary_factor = 0.5", '.hf_config.rope_parameters["partial_rotary_factor"] = 0.5'), LLAMA_29966, GLM_29966),
        # twin: upstream's llama still reads the attribute: the write still feeds it
        (WRITE, LLAMA_BASE.replace("partial_rotary_factor=factor", "").replace(", )", ")"), GLM_29966),
        # twin: upstream dropped its own write without storing the value elsewhere (no move; dead-write's, not this)
        (WRITE, LLAMA_29966, GLM_BASE.replace("        vllm_config.model_config.hf_config.partial_rotary_factor = 0.5\n", "")),
    ],
    ids=["the new place", "still read upstream", "dropped, not moved"],
)  # fmt: skip
def test_a_write_that_still_reaches_a_reader_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str, llama: str, glm: str
) -> None:
    assert [r for r in rows(git_repo, no_rules, fork, llama, glm) if "moved its own write" in r[3]] == []


def test_a_move_is_the_same_value_stored_under_the_name() -> None:
    removed = ["        vllm_config.model_config.hf_config.partial_rotary_factor = 0.5"]
    assert [m.now for m in moved_in(GLM, removed, ['        cfg.rope_parameters["partial_rotary_factor"] = 0.5'])] == [
        'cfg.rope_parameters["partial_rotary_factor"] = 0.5'
    ]
    assert (
        moved_in(GLM, removed, ['        cfg.rope_parameters["partial_rotary_factor"] = 0.25']) == []
    )  # another value
    assert (
        moved_in(GLM, ["        self.partial_rotary_factor = 0.5"], ['        self.p["partial_rotary_factor"] = 0.5'])
        == []
    )


def test_only_added_lines_holding_the_name_and_the_value_are_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """A release removes hundreds of stores: a pattern was compiled for each and searched over every added
    line of the file.  Either shape of a move quotes the name and holds the value, so a store no added
    line holds both of costs no pattern; one that some line holds is still found, in the added order."""
    compiled: list[str] = []
    real = moved_writes.re.compile

    def counting(pattern: str, flags: int = 0) -> re.Pattern[str]:
        if "knob_" in pattern:  # a store's own; the module's constants compile at first use (perf33)
            compiled.append(pattern)
        return real(pattern, flags)

    removed = [f"        cfg.hf_config.knob_{i} = {i}" for i in range(200)]
    added = [f'        cfg.rope["other_{i}"] = {i}' for i in range(200)]
    monkeypatch.setattr(moved_writes.re, "compile", counting)
    assert moved_in(GLM, removed, added) == []
    assert compiled == []
    moved = moved_in(GLM, removed, [*added, '        cfg.rope["knob_7"] = 8', '        cfg.rope["knob_7"] = 7'])
    assert [m.now for m in moved] == ['cfg.rope["knob_7"] = 7'] and len(compiled) == 1


@pytest.mark.parametrize(
    ("line", "used"),
    [
        ("    factor = config.partial_rotary_factor", True),
        ('    factor = getattr(config, "partial_rotary_factor", 1)', True),
        ("    cfg.partial_rotary_factor = 0.5", True),
        ("        self.partial_rotary_factor = partial_rotary_factor", False),  # a config class's own field
        ('    factor = rope_parameters.get("partial_rotary_factor", 1.0)', False),
    ],
)
def test_what_keeps_a_moved_name_in_use(line: str, used: bool) -> None:
    assert still_used(line, "partial_rotary_factor") is used


def _diff(path: str, removed: list[str], added: list[str]) -> str:
    body = "".join(f"-{line}\n" for line in removed) + "".join(f"+{line}\n" for line in added)
    return f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1,{len(removed)} +1,{len(added)} @@\n{body}"


@pytest.mark.parametrize(
    "line",
    [
        "        cfg.hf_config.partial_rotary_factor = 0.5",
        "\tx.y=2  # a comment",
        "selfish.knob = 1",
        "clsx.knob = 1",
        "self.a = 1\rcfg.b = 2",  # the parse splits a line at an inner \r: the second piece is the store
        "cfg.a = 1\rself.b = 2",
        "x.a =\r= 1",
        "    setattr(cfg, 'knob', 1)",
        'foo(); setattr(model.config, "knob", value)',
        "self.a = 1",
        "cls.a = 1",
        "if cfg.a == 1:",
        "knob = 1",
        "setattr(self, 'knob', 1)",
    ],
)
def test_the_raw_prefilter_never_drops_a_removed_store(line: str) -> None:
    """A file's diff is parsed only when its raw text may hold a removed store: whatever ``stores`` finds
    in the parsed removed lines, the prefilter finds in the raw text (it may find more, never less)."""
    changes = Changes(_diff(GLM, [line], ["pass"]))
    if any(moved_writes.stores(removed) for removed in changes[GLM].removed):
        assert moved_writes.may_store(changes.raw(GLM))


@pytest.mark.parametrize("line", ["        self.a = 1", "cls.a = 1", "if cfg.a == 1:", "knob = 1", "x.a(1)"])
def test_the_prefilter_passes_over_lines_that_store_on_nothing_shared(line: str) -> None:
    assert not moved_writes.may_store(_diff(GLM, [line], ["pass"]).replace(f"--- a/{GLM}\n", ""))


def test_only_diffs_that_remove_a_store_are_parsed() -> None:
    """A 500-commit release changes hundreds of modules and removes a store on a shared object in few: every
    changed module's diff was parsed and each removed line matched (0.1-0.2 s of a merge's checks).  A diff
    whose raw text holds no removed store cannot move a write: it is not parsed."""
    files = {f"vllm/m{i}.py": _diff(f"vllm/m{i}.py", [f"    self.x{i} = {i}", "y = 2"], ["z = 3"]) for i in range(50)}
    files[GLM] = _diff(GLM, ["        cfg.hf_config.partial_rotary_factor = 0.5"], ['        cfg.rope["other"] = 1'])
    upstream = Changes("".join(files.values()))
    trees = ThreeTrees(Path("."), "b", "o", "t", cast(SourceCache, None), Changes(""), upstream)
    assert moved_writes.moved_write_drift(trees, r"\(#(\d+)\)") == []
    assert sorted(upstream._parsed) == [GLM]
