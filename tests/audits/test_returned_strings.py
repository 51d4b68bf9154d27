"""Returned string drift: upstream renamed the strings a method returns under a fork comparison of them.

Shaped like vLLM #9498 (496e991da8), which made every attention backend's ``get_name()`` return its
enum's name (``"flash-attn"`` -> ``"FLASH_ATTN"``): a fork line ``if backend.get_name() == "flash-attn":``
merges cleanly and is never true again; a fork table keyed by the old names raises ``KeyError``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, side_by_side, three_way

FLASH = "pkg/backends/flash.py"
SDPA = "pkg/backends/sdpa.py"
FLASH_BASE = 'class FlashBackend:\n    @staticmethod\n    def get_name() -> str:\n        return "flash-attn"\n'
SDPA_BASE = 'class SdpaBackend:\n    @staticmethod\n    def get_name() -> str:\n        return "torch-sdpa"\n'
BASE = {FLASH: FLASH_BASE, SDPA: SDPA_BASE}
RENAMED = {
    FLASH: FLASH_BASE.replace('"flash-attn"', '"FLASH_ATTN"'),
    SDPA: SDPA_BASE.replace('"torch-sdpa"', '"TORCH_SDPA"'),
}
USE = "pkg/aeon_use.py"


STOPPED_RETURNING = [
    ('def uses_flash(backend) -> bool:\n    return backend.get_name() == "flash-attn"\n', "=="),
    ('def paged(backend) -> bool:\n    return backend.get_name() in ("flash-attn", "xformers")\n', " in "),
    ('def not_sdpa(backend) -> bool:\n    return "torch-sdpa" != backend.get_name()\n', "!="),
    (
        '_BLOCK = {"flash-attn": 16, "torch-sdpa": 32}\n\n\ndef block(backend) -> int:\n'
        "    return _BLOCK[backend.get_name()]\n",
        "_BLOCK = {",
    ),
    (
        '_BLOCK = {"flash-attn": 16}\n\n\ndef block(backend) -> int:\n    return _BLOCK.get(backend.get_name(), 8)\n',
        "_BLOCK = {",
    ),
]
# The rows' modules side by side: one merge and one audit of the five a process (suitespeed11).
STOPPED_FORKS = {USE.replace(".py", f"_{n}.py"): body for n, (body, _) in enumerate(STOPPED_RETURNING)}


@pytest.mark.parametrize(("body", "needle"), STOPPED_RETURNING)
def test_a_fork_comparison_with_a_string_upstream_stopped_returning(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str
) -> None:
    path = next(p for p, text in STOPPED_FORKS.items() if text == body)
    findings = side_by_side(git_repo, tmp_path, BASE, STOPPED_FORKS, RENAMED, RULE)[path]
    assert [(f.path, f.line, f.severity.value) for f in findings] == [(path, line_of(body, needle), "error")]
    message = findings[0].message
    assert "get_name()" in message and ("'FLASH_ATTN'" in message or "'TORCH_SDPA'" in message)


@pytest.mark.parametrize(
    ("body", "theirs"),
    [
        # the twin: the fork compares with the string upstream returns now (written after the rename)
        ('def uses_flash(backend) -> bool:\n    return backend.get_name() == "FLASH_ATTN"\n', RENAMED),
        # another class's def of the name still returns the old string: still an answer
        (
            'def uses_flash(backend) -> bool:\n    return backend.get_name() == "flash-attn"\n',
            {**RENAMED, "pkg/backends/legacy.py": FLASH_BASE.replace("FlashBackend", "LegacyFlash")},
        ),
        # a name the fork compares that upstream's defs never returned: not this check's
        ('def uses_flash(backend) -> bool:\n    return backend.get_name() == "aeon-gb10"\n', RENAMED),
        # a string of something else, compared with another call
        ('def uses_flash(spec) -> bool:\n    return spec.kind() == "flash-attn"\n', RENAMED),
        # upstream made the def compute its answer: not a renamed literal
        (
            'def uses_flash(backend) -> bool:\n    return backend.get_name() == "flash-attn"\n',
            {FLASH: FLASH_BASE.replace('return "flash-attn"', 'return "flash-" + "attn".upper()'), SDPA: SDPA_BASE},
        ),
    ],
)
def test_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str, theirs: dict[str, str]) -> None:
    sides = three_way(git_repo, BASE, {USE: body}, theirs)
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


@pytest.mark.parametrize(
    "body",
    [
        # the fork's own class answers the old string: the call may be its
        'class AeonKernel:\n    @staticmethod\n    def get_name() -> str:\n        return "flash-attn"\n\n\n'
        'def uses_flash(kernel: type[AeonKernel]) -> bool:\n    return kernel.get_name() == "flash-attn"\n',
        # the fork's own function keys its table
        '_BLOCK = {"flash-attn": 16, "xformers": 32}\n\n\ndef get_name() -> str:\n    return "flash-attn"\n\n\n'
        "def block() -> int:\n    return _BLOCK[get_name()]\n",
    ],
    ids=["own class", "own function"],
)
def test_a_def_of_the_forks_own_still_returns_the_string(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    sides = three_way(git_repo, BASE, {USE: body}, RENAMED)
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


def test_the_forks_own_def_keeps_only_the_strings_it_returns(git_repo: GitRepo, tmp_path: Path) -> None:
    body = (
        'class AeonKernel:\n    @staticmethod\n    def get_name() -> str:\n        return "aeon"\n\n\n'
        'def uses_flash(backend) -> bool:\n    return backend.get_name() == "flash-attn"\n'
    )
    sides = three_way(git_repo, BASE, {USE: body}, RENAMED)
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(body, "== "), "error")]


@pytest.mark.parametrize(
    "body",
    [
        'def uses_flash(backend) -> bool:\n    return backend.get_name() in ("flash-attn", "FLASH_ATTN")\n',
        '_BLOCK = {"flash-attn": 16, "FLASH_ATTN": 16}\n\n\ndef block(backend) -> int:\n'
        "    return _BLOCK[backend.get_name()]\n",
        'def uses_flash(backend) -> bool:\n    return backend.get_name() == "flash-attn" or backend.get_name() == "FLASH_ATTN"\n',
        'def block(backend) -> int:\n    if backend.get_name() == "flash-attn":\n        return 16\n'
        '    if backend.get_name() == "FLASH_ATTN":\n        return 16\n    return 32\n',
    ],
    ids=["tuple", "table", "or-ed", "a test of each"],
)
def test_a_display_written_for_both_sides_of_the_rename(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    """A display, or the function the comparison sits in, that also names what the def returns now."""
    sides = three_way(git_repo, BASE, {USE: body}, RENAMED)
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


def test_both_sides_of_another_defs_rename_do_not_cover_this_one(git_repo: GitRepo, tmp_path: Path) -> None:
    body = 'def paged(backend) -> bool:\n    return backend.get_name() in ("flash-attn", "TORCH_SDPA")\n'
    sides = three_way(git_repo, BASE, {USE: body}, RENAMED)
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(body, " in "), "error")]


# -- #26487 (d44e9df7d4): Qwen3NextGatedDeltaNet.mamba_type, a property, "linear_attention" -> "gdn_attention";
# MiniMax's linear attention layer keeps returning "linear_attention"
GDN = "pkg/models/qwen3_next.py"
LINEAR = "pkg/layers/linear_attn.py"
GDN_BASE = (
    "class MambaBase:\n    pass\n\n\nclass Qwen3NextGatedDeltaNet(MambaBase):\n    @property\n"
    '    def mamba_type(self) -> str:\n        return "linear_attention"\n'
)
LINEAR_BASE = 'class MiniMaxLinearAttention:\n    @property\n    def mamba_type(self) -> str:\n        return "linear_attention"\n'
GDN_NOW = {GDN: GDN_BASE.replace('return "linear_attention"', 'return "gdn_attention"')}
GDN_HEAD = "from pkg.models.qwen3_next import Qwen3NextGatedDeltaNet\n\n\n"


@pytest.mark.parametrize(
    ("body", "needle", "base"),
    [
        (
            GDN_HEAD + "def fp32_state(layer: Qwen3NextGatedDeltaNet) -> bool:\n"
            '    return layer.mamba_type == "linear_attention"\n',
            "==",
            {GDN: GDN_BASE, LINEAR: LINEAR_BASE},
        ),
        (
            GDN_HEAD + '_DTYPE = {"linear_attention": "float32"}\n\n\n'
            "def state_dtype(layer: Qwen3NextGatedDeltaNet) -> str:\n    return _DTYPE[layer.mamba_type]\n",
            "_DTYPE = {",
            {GDN: GDN_BASE, LINEAR: LINEAR_BASE},
        ),
        (
            'def fp32_state(layer) -> bool:\n    return layer.mamba_type == "linear_attention"\n',
            "==",
            {GDN: GDN_BASE},
        ),
    ],
    ids=["typed receiver, another class keeps it", "a table, typed receiver", "no other class returns it"],
)
def test_a_property_that_stopped_returning_the_string(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str, base: dict[str, str]
) -> None:
    """A property is read, not called; where another class keeps the string, only a receiver the fork
    types as the class that dropped it is that class's."""
    sides = three_way(git_repo, base, {USE: body}, GDN_NOW)
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [(USE, line_of(body, needle), "error")]
    message = next(f.message for f in report.findings if f.rule_id == RULE)
    assert "Qwen3NextGatedDeltaNet.mamba_type returned" in message and "'gdn_attention'" in message


@pytest.mark.parametrize(
    "body",
    [
        'def fp32_state(layer) -> bool:\n    return layer.mamba_type == "linear_attention"\n',
        'def fp32_state(self) -> bool:\n    return self.layer.mamba_type == "linear_attention"\n',
        '_DTYPE = {"linear_attention": "float32"}\n\n\ndef state_dtype(layer) -> str:\n    return _DTYPE[layer.mamba_type]\n',
    ],
    ids=["untyped parameter", "an attribute's attribute", "a table"],
)
def test_a_property_read_off_an_untyped_receiver_another_class_may_answer_is_a_warning(
    git_repo: GitRepo, tmp_path: Path, body: str
) -> None:
    """#26487's GDN layer read off an untyped ``layer``: MiniMax's layer still answers "linear_attention",
    so the receiver may be that one (not certain: a warning), but a GDN layer never matches again."""
    sides = three_way(git_repo, {GDN: GDN_BASE, LINEAR: LINEAR_BASE}, {USE: body}, GDN_NOW)
    report = audit(git_repo, sides, tmp_path)
    assert [(p, sev) for p, _, sev in found(report, RULE)] == [(USE, "warning")]
    message = next(f.message for f in report.findings if f.rule_id == RULE)
    assert "receiver's type is not known" in message and "Qwen3NextGatedDeltaNet" in message


@pytest.mark.parametrize(
    "body",
    [
        'def fp32_state(layer) -> bool:\n    return layer.mamba_type() == "linear_attention"\n',
        GDN_HEAD + "def fp32_state(layer: Qwen3NextGatedDeltaNet) -> bool:\n"
        '    return layer.mamba_type in ("linear_attention", "gdn_attention")\n',
        "from pkg.layers.linear_attn import MiniMaxLinearAttention\n\n\n"
        "def fp32_state(layer: MiniMaxLinearAttention) -> bool:\n"
        '    return layer.mamba_type == "linear_attention"\n',
    ],
    ids=["called, not read", "written for both", "typed as the class that keeps it"],
)
def test_a_property_read_another_class_may_answer_is_quiet(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    sides = three_way(git_repo, {GDN: GDN_BASE, LINEAR: LINEAR_BASE}, {USE: body}, GDN_NOW)
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


@pytest.mark.parametrize(
    "given",
    [
        '_DTYPE["gdn_attention"] = "float32"\n',
        '_DTYPE.update({"gdn_attention": "float32"})\n',
        "_DTYPE.update(AEON_EXTRA_DTYPES)\n",
    ],
    ids=["a subscript write", "update() with a display", "update() from a mapping not known here"],
)
def test_a_table_given_the_new_string_below_its_display_is_quiet(git_repo: GitRepo, tmp_path: Path, given: str) -> None:
    """A table whose display keys the old string only, but which the module gives the new string's entry
    (or a mapping's, which may hold it) below, is written for both sides (review14: 1 false error on
    #26487)."""
    body = (
        GDN_HEAD + '_DTYPE = {"linear_attention": "float32"}\n' + given + "\n\n"
        "def state_dtype(layer: Qwen3NextGatedDeltaNet) -> str:\n    return _DTYPE[layer.mamba_type]\n"
    )
    sides = three_way(git_repo, {GDN: GDN_BASE, LINEAR: LINEAR_BASE}, {USE: body}, GDN_NOW)
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


# #38288 renamed gptq_marlin.py to auto_gptq.py and GPTQMarlinConfig to AutoGPTQConfig, whose get_name()
# returns "auto_gptq": the file is gone from upstream's diff (a deletion and an addition), git pairs them.
GPTQ = "pkg/quant/gptq_marlin.py"
GPTQ_BASE = (
    'class GPTQMarlinConfig:\n    @classmethod\n    def get_name(cls) -> str:\n        return "gptq_marlin"\n\n'
    "    def get_min_capability(self) -> int:\n        return 80\n\n    def describe(self) -> str:\n"
    '        return "int4 weights, fp16 activations, grouped scales"\n'
)
AUTO = "pkg/quant/auto_gptq.py"
AUTO_GPTQ = GPTQ_BASE.replace("GPTQMarlinConfig", "AutoGPTQConfig").replace('"gptq_marlin"', '"auto_gptq"')


@pytest.mark.parametrize(
    ("body", "caught"),
    [
        ('def is_marlin(quant_config) -> bool:\n    return quant_config.get_name() == "gptq_marlin"\n', True),
        # twins: the new name; a file deleted with no rename
        ('def is_marlin(quant_config) -> bool:\n    return quant_config.get_name() == "auto_gptq"\n', False),
    ],
)
def test_a_string_a_def_of_a_moved_file_stopped_returning(
    git_repo: GitRepo, tmp_path: Path, body: str, caught: bool
) -> None:
    sides = three_way(git_repo, {GPTQ: GPTQ_BASE}, {USE: body}, {GPTQ: None, AUTO: AUTO_GPTQ})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == ([(USE, 2, "error")] if caught else [])
    if caught:
        message = next(f.message for f in report.findings if f.rule_id == RULE)
        assert "'gptq_marlin' is what GPTQMarlinConfig.get_name() returned" in message and "'auto_gptq'" in message


def test_a_string_of_a_deleted_file_nothing_renamed_is_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    body = 'def is_marlin(quant_config) -> bool:\n    return quant_config.get_name() == "gptq_marlin"\n'
    sides = three_way(git_repo, {GPTQ: GPTQ_BASE}, {USE: body}, {GPTQ: None})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


HEAD_FILE = "pkg/heads.py"
HEADS_BASE = (
    "class ClassifierHead:\n    def get_supported_tasks(self) -> set[str]:\n"
    '        return {"classify", "score"}\n\n\n'
    "class EmbeddingHead:\n    def get_supported_tasks(self) -> set[str]:\n"
    '        return {"embed"}\n'
)
HEADS_NEW = HEADS_BASE.replace('{"classify", "score"}', '{"classify"}')


@pytest.mark.parametrize(
    ("body", "theirs", "line"),
    [
        # #37537: "score" taken out of the set a classifier head's get_supported_tasks() returns
        ('def is_cross(head) -> bool:\n    return "score" in head.get_supported_tasks()\n', HEADS_NEW, 2),
        (
            'def is_cross(head) -> bool:\n    return "score" in head.get_supported_tasks()\n',
            HEADS_NEW.replace('{"classify"}', 'frozenset(["classify"])'),
            2,
        ),
        # twins: a string kept; another head still returns the string; the def made to compute its set
        ('def is_cls(head) -> bool:\n    return "classify" in head.get_supported_tasks()\n', HEADS_NEW, None),
        (
            'def is_cross(head) -> bool:\n    return "score" in head.get_supported_tasks()\n',
            HEADS_NEW.replace('{"embed"}', '{"embed", "score"}'),
            None,
        ),
        (
            'def is_cross(head) -> bool:\n    return "score" in head.get_supported_tasks()\n',
            HEADS_BASE.replace('{"classify", "score"}', "set(TASKS)"),
            None,
        ),
    ],
)
def test_a_string_taken_out_of_a_returned_display(
    git_repo: GitRepo, tmp_path: Path, body: str, theirs: str, line: int | None
) -> None:
    sides = three_way(git_repo, {HEAD_FILE: HEADS_BASE}, {USE: body}, {HEAD_FILE: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == ([(USE, line, "error")] if line else [])


@pytest.mark.parametrize(
    "theirs",
    [
        HEADS_NEW.replace('{"embed"}', '{"embed"} | {"score"}'),
        HEADS_NEW.replace('{"embed"}', '{\n            "embed",\n            "score",\n        }'),
        HEADS_NEW.replace('{"embed"}', '{"embed", *EXTRA, "score"}'),
    ],
    ids=["union-of-displays", "display-over-lines", "starred-display"],
)
def test_another_head_still_returning_the_string_in_any_spelling_is_quiet(
    git_repo: GitRepo, tmp_path: Path, theirs: str
) -> None:
    # the review's false errors: the other head's return was read only as a one-line display of literals
    body = 'def is_cross(head) -> bool:\n    return "score" in head.get_supported_tasks()\n'
    sides = three_way(git_repo, {HEAD_FILE: HEADS_BASE}, {USE: body}, {HEAD_FILE: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []
