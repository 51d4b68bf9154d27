"""Environment-variable default drift: upstream changed what an unset variable means under a fork read.

Each upstream change is shaped like a real vLLM one: #24462 enabled DeepGEMM by default
(``VLLM_USE_DEEP_GEMM`` "0" -> "1" in vllm/envs.py), #25495 raised a default written on the line
after the variable's name (``VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH`` "16" -> "32"), #28159
respelled defaults without changing them (``False`` -> ``"0"``: a parsing fix).  A fork branch guarded
by ``envs.VLLM_USE_DEEP_GEMM`` merges cleanly and runs where it did not before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ENVS = "vllm/envs.py"
ENVS_BASE = """import os
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    VLLM_USE_DEEP_GEMM: bool = False
    VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH: int = 16
    VLLM_DISABLE_SHARED_EXPERTS_STREAM: bool = False
    VLLM_LOGGING_LEVEL: str = "INFO"

environment_variables: dict[str, Callable[[], Any]] = {
    "VLLM_LOGGING_LEVEL": lambda: os.getenv("VLLM_LOGGING_LEVEL", "INFO").upper(),
    "VLLM_USE_DEEP_GEMM": lambda: bool(int(os.getenv("VLLM_USE_DEEP_GEMM", "0"))),
    "VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH":
    lambda: int(os.getenv("VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH",
                          "16")),
    "VLLM_DISABLE_SHARED_EXPERTS_STREAM": lambda: bool(
        int(os.getenv("VLLM_DISABLE_SHARED_EXPERTS_STREAM", False))
    ),
}


def __getattr__(name: str):
    if name in environment_variables:
        return environment_variables[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
"""
DEEP_GEMM_ON = ENVS_BASE.replace('os.getenv("VLLM_USE_DEEP_GEMM", "0")', 'os.getenv("VLLM_USE_DEEP_GEMM", "1")')
SPLITS_32 = ENVS_BASE.replace('                          "16")),', '                          "32")),')
RESPELLED = ENVS_BASE.replace(
    '"VLLM_DISABLE_SHARED_EXPERTS_STREAM", False)', '"VLLM_DISABLE_SHARED_EXPERTS_STREAM", "0")'
)
SUBJECT_24462 = "[Kernels] Enable DeepGEMM by default (#24462)"
SUBJECT_25495 = "[Perf] Increase default max splits for FA3 full cudagraphs (#25495)"
SUBJECT_28159 = '[Bug] Fix env string `"0"` same to `True` (#28159)'

FORK = "vllm/model_executor/layers/quantization/utils/aeon_gemm.py"
FORK_TEXT = """# AEON: the fork's own GEMM choice for GB10
import os

import vllm.envs as envs


def aeon_use_cutlass_fallback() -> bool:
    if envs.VLLM_USE_DEEP_GEMM:
        return False
    return os.getenv("VLLM_USE_DEEP_GEMM", "0") == "0"


def aeon_splits() -> int:
    return min(envs.VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH, 16)


def aeon_streams() -> bool:
    return not envs.VLLM_DISABLE_SHARED_EXPERTS_STREAM and envs.VLLM_LOGGING_LEVEL != "DEBUG"
"""


def found(report: AuditReport) -> dict[int, str]:
    return {f.line: f.message for f in report.findings if f.rule_id == DEFAULT_DRIFT and f.path == FORK}


def line_of(repo: GitRepo, text: str) -> int:
    return next(i for i, line in enumerate((repo.path / FORK).read_text().splitlines(), 1) if text in line)


def test_reads_of_a_variable_whose_default_upstream_flipped_are_warnings(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(git_repo, {ENVS: ENVS_BASE}, {FORK: FORK_TEXT}, [(SUBJECT_24462, {ENVS: DEEP_GEMM_ON})])
    report = git_repo.audit(no_rules, merge=sides)
    by_line = found(report)
    module = line_of(git_repo, "if envs.VLLM_USE_DEEP_GEMM:")
    raw = line_of(git_repo, 'os.getenv("VLLM_USE_DEEP_GEMM", "0")')
    assert set(by_line) == {module, raw}
    assert "envs.VLLM_USE_DEEP_GEMM reads environment variable VLLM_USE_DEEP_GEMM" in by_line[module]
    assert "from '0' to '1' (vllm/envs.py, in " in by_line[module] and "#24462" in by_line[module]
    assert "set VLLM_USE_DEEP_GEMM=0 to keep the old behaviour" in by_line[module]
    assert "repeats upstream's old default" in by_line[raw] and "#24462" in by_line[raw]
    severity = {f.line: f.severity for f in report.findings if f.rule_id == DEFAULT_DRIFT and f.path == FORK}
    assert severity[module] is Severity.WARNING, "the fleet may set the variable: a read of it is a warning"
    assert severity[raw] is Severity.ERROR, "unset, upstream decides with '1' and the fork's own read with '0'"
    assert all("\n" not in message for message in by_line.values())


def test_a_default_on_the_line_after_the_name(git_repo: GitRepo, no_rules: Path) -> None:
    """#25495's shape: the diff's changed line holds the default alone, not the variable's name."""
    sides = s.merge_case(git_repo, {ENVS: ENVS_BASE}, {FORK: FORK_TEXT}, [(SUBJECT_25495, {ENVS: SPLITS_32})])
    by_line = found(git_repo.audit(no_rules, merge=sides))
    assert set(by_line) == {line_of(git_repo, "envs.VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH, 16")}
    assert "from '16' to '32'" in next(iter(by_line.values()))


def test_near_misses_are_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """A respelled default that means the same (#28159: False -> "0"), a variable upstream left alone
    (VLLM_LOGGING_LEVEL), a fork read with the new default already, and a same-named constant of
    another module: none is tied to a changed default."""
    fork = FORK_TEXT.replace(
        'os.getenv("VLLM_USE_DEEP_GEMM", "0") == "0"', 'os.getenv("VLLM_USE_DEEP_GEMM", "1") == "0"'
    )
    fork = fork.replace("if envs.VLLM_USE_DEEP_GEMM:", "if consts.VLLM_USE_DEEP_GEMM:")
    fork = fork.replace("import vllm.envs as envs\n", "import vllm.envs as envs\nfrom vllm.aeon import consts\n")
    consts = "vllm/aeon/consts.py"
    sides = s.merge_case(
        git_repo,
        {ENVS: ENVS_BASE},
        {FORK: fork, consts: "VLLM_USE_DEEP_GEMM = True\n", "vllm/aeon/__init__.py": ""},
        [
            (SUBJECT_28159, {ENVS: RESPELLED}),
            (
                SUBJECT_24462,
                {
                    ENVS: DEEP_GEMM_ON.replace(
                        '"VLLM_DISABLE_SHARED_EXPERTS_STREAM", False)', '"VLLM_DISABLE_SHARED_EXPERTS_STREAM", "0")'
                    )
                },
            ),
        ],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == {}


def test_a_variable_the_fork_sets_itself_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """The fleet pins VLLM_USE_DEEP_GEMM in the fork's image: upstream's default no longer decides."""
    dockerfile = "docker/Dockerfile.aeon"
    sides = s.merge_case(
        git_repo,
        {ENVS: ENVS_BASE, dockerfile: "FROM base\n"},
        {FORK: FORK_TEXT, dockerfile: "FROM base\nENV VLLM_USE_DEEP_GEMM=0\n"},
        [(SUBJECT_24462, {ENVS: DEEP_GEMM_ON})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == {}


def test_a_read_of_the_registry_by_getattr(git_repo: GitRepo, no_rules: Path) -> None:
    """``getattr(envs, "NAME", False)`` reads what ``envs.NAME`` reads (#48979 flipped VLLM_MOE_SKIP_PADDING's
    default); a ``getattr`` of another object, or of a name upstream left alone, is silent."""
    fork = (
        "from vllm import envs as vllm_envs\n\n\ndef aeon_deep_gemm() -> bool:\n"
        '    return getattr(vllm_envs, "VLLM_USE_DEEP_GEMM", False)\n\n\ndef aeon_other(cfg) -> bool:\n'
        '    return getattr(cfg, "VLLM_USE_DEEP_GEMM", False) or getattr(vllm_envs, "VLLM_LOGGING_LEVEL") == "X"\n'
    )
    sides = s.merge_case(git_repo, {ENVS: ENVS_BASE}, {FORK: fork}, [(SUBJECT_24462, {ENVS: DEEP_GEMM_ON})])
    by_line = found(git_repo.audit(no_rules, merge=sides))
    assert set(by_line) == {5}
    assert "getattr(vllm_envs, 'VLLM_USE_DEEP_GEMM', False) reads environment variable VLLM_USE_DEEP_GEMM" in by_line[5]


@pytest.mark.parametrize(
    ("new", "fork_default", "reported"),
    [
        ("str(8 * 1024)", '"16"', True),  # #27426's shape: the new default spelt as arithmetic
        ("str(1 << 3)", '"16"', True),
        ("str(8 * 2)", '"16"', False),  # the same value, spelt otherwise: no change
        ("str(8 * 1024)", "str(4 * 4)", True),  # the fork's default spelt as arithmetic too
    ],
)
def test_a_default_spelt_as_arithmetic(
    git_repo: GitRepo, no_rules: Path, new: str, fork_default: str, reported: bool
) -> None:
    """``os.getenv("VLLM_FUSED_MOE_CHUNK_SIZE", str(16 * 1024))`` (#27426) is one literal default: a fork
    line that repeats the old one now decides otherwise than upstream does."""
    old = 'os.getenv("VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH",\n                          "16")),'
    assert old in ENVS_BASE
    theirs = ENVS_BASE.replace(old, f'os.getenv("VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH", {new})),')
    fork = f'import os\n\n\ndef aeon_splits() -> int:\n    return int(os.getenv("VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH", {fork_default}))\n'
    sides = s.merge_case(git_repo, {ENVS: ENVS_BASE}, {FORK: fork}, [(SUBJECT_25495, {ENVS: theirs})])
    by_line = found(git_repo.audit(no_rules, merge=sides))
    assert set(by_line) == ({5} if reported else set())


SAMPLER_BASE = ENVS_BASE.replace(
    "}\n\n\ndef __getattr__",
    """    "VLLM_USE_FLASHINFER_SAMPLER": lambda: (
        bool(int(os.environ["VLLM_USE_FLASHINFER_SAMPLER"]))
        if "VLLM_USE_FLASHINFER_SAMPLER" in os.environ
        else None
    ),
    "VLLM_SAMPLER_BLOCK": lambda: None if "VLLM_SAMPLER_BLOCK" not in os.environ else int(os.environ["VLLM_SAMPLER_BLOCK"]),
}


def __getattr__""",
)
SAMPLER_FORK = """import vllm.envs as envs


def aeon_sampler() -> str:
    # AEON: unless told otherwise, GB10 samples with the fork's fused kernel
    if envs.VLLM_USE_FLASHINFER_SAMPLER is None:
        return "aeon_fused"
    return "flashinfer" if envs.VLLM_USE_FLASHINFER_SAMPLER else "torch"


def aeon_block() -> int:
    return envs.VLLM_SAMPLER_BLOCK or 64
"""
SUBJECT_40376 = "[Perf] Enable FlashInfer top-k/top-p sampler by default (#40376)"


@pytest.mark.parametrize(
    ("old", "new", "reported"),
    [
        ("        else None\n", "        else True\n", {6, 8}),  # #40376: an unset variable meant None, now True
        (
            "else int(os.environ",
            "else 0 if False else int(os.environ",
            set(),
        ),  # the set branch changed, not the default
        ('lambda: None if "VLLM_SAMPLER_BLOCK" not in', 'lambda: 128 if "VLLM_SAMPLER_BLOCK" not in', {12}),
        ("        else None\n", '        else "0" if False else None\n', set()),  # no one literal default now: silent
    ],
)
def test_a_default_given_as_the_other_branch_of_a_membership_test(
    git_repo: GitRepo, no_rules: Path, old: str, new: str, reported: set[int]
) -> None:
    """``parse(os.environ["X"]) if "X" in os.environ else None`` gives an unset variable the ``else``
    branch (``not in``: the first one); #40376 turned it from None to True under the fork's test."""
    assert old in SAMPLER_BASE
    sides = s.merge_case(
        git_repo, {ENVS: SAMPLER_BASE}, {FORK: SAMPLER_FORK}, [(SUBJECT_40376, {ENVS: SAMPLER_BASE.replace(old, new)})]
    )
    by_line = found(git_repo.audit(no_rules, merge=sides))
    assert set(by_line) == reported
    if 6 in reported:
        assert "whose default upstream changed from None to True" in by_line[6]
        # the fork tests for None, the old default itself: an error (old_defaults); its other read a warning
        assert "`envs.VLLM_USE_FLASHINFER_SAMPLER is None` compares environment variable" in by_line[6]
        assert "with the old default" in by_line[6] and "test the new default too" in by_line[6]
        assert "no value of VLLM_USE_FLASHINFER_SAMPLER gives None back" in by_line[8]


# killers187 (benchmarks/blind_replay_envvars.py): #38136 moved the default of a multi-line
# ``env_with_choices(\n "NAME",\n "trtllm",\n [...])`` entry to "auto"; its -U0 hunk holds the default's line, not the
# quoted name, and a fork reading the variable only by ``os.getenv(NAME, "trtllm")`` names no module to find the
# registry by: the file was never read
LONE = "app/knobs.py"
LONE_BASE = """import os

environment_variables = {
    "APP_ALLREDUCE_BACKEND": env_with_choices(
        "APP_ALLREDUCE_BACKEND",
        "trtllm",
        ["auto", "trtllm", "mnnvl"],
    ),
    "APP_FUSE_NORM": lambda: os.environ.get(
        "APP_FUSE_NORM",
        "0",
    ),
    "APP_OTHER_MODE": env_with_choices(
        "APP_OTHER_MODE",
        "a",
        ["a", "b"],
    ),
}
"""
LONE_UPSTREAM = (
    LONE_BASE.replace('        "trtllm",\n', '        "auto",\n')
    .replace('        "0",\n', '        "1",\n')
    .replace('        "a",\n', '        "b",\n')
)
LONE_FORK = "app/aeon/launch_env.py"
LONE_FORK_TEXT = """import os


def aeon_backend() -> str:
    # AEON: the launch logs the allreduce backend upstream picks
    return os.getenv("APP_ALLREDUCE_BACKEND", "trtllm")


def aeon_fuse() -> bool:
    return os.environ.get("APP_FUSE_NORM", "false") == "1"


def aeon_backend_now() -> str:
    return os.getenv("APP_ALLREDUCE_BACKEND", "auto")


def aeon_unrelated() -> str:
    return os.getenv("AEON_OTHER_MODE", "a")
"""


def test_a_default_alone_on_its_line_in_a_multi_line_read_the_fork_repeats(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {LONE: LONE_BASE},
        {LONE_FORK: LONE_FORK_TEXT},
        [("Fix multi-node allreduce (#38136)", {LONE: LONE_UPSTREAM})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    lines = (git_repo.path / LONE_FORK).read_text().splitlines()
    got = {lines[f.line - 1].strip() for f in report.findings if f.rule_id == DEFAULT_DRIFT and f.path == LONE_FORK}
    assert got == {
        'return os.getenv("APP_ALLREDUCE_BACKEND", "trtllm")',
        'return os.environ.get("APP_FUSE_NORM", "false") == "1"',
    }, got  # the new default and the fork's own variable (no registry quotes it) stay quiet


# killers187: #39337 made ``VLLM_USE_V2_MODEL_RUNNER``'s ``bool(int(os.getenv(NAME, "0")))`` a
# ``maybe_convert_bool(os.getenv(NAME, None))`` an oracle settles when unset; a fork's ``is False`` test flips
FLAGS = "app/flags.py"
FLAGS_BASE = """import os

environment_variables = {
    "APP_USE_V2": lambda: bool(int(os.getenv("APP_USE_V2", "0"))),
    "APP_STRICT": lambda: bool(int(os.getenv("APP_STRICT", "1"))),
}
"""
FLAGS_UPSTREAM = FLAGS_BASE.replace(
    'bool(int(os.getenv("APP_USE_V2", "0")))', 'maybe_bool(os.getenv("APP_USE_V2", None))'
).replace('bool(int(os.getenv("APP_STRICT", "1")))', 'maybe_bool(os.getenv("APP_STRICT", None))')
FLAGS_FORK = "app/aeon/runner_pick.py"
FLAGS_FORK_TEXT = """import app.flags as envs


def aeon_v1() -> bool:
    # AEON: the fork's hooks patch the v1 runner only
    return envs.APP_USE_V2 is False


def aeon_strict() -> bool:
    return envs.APP_STRICT == True  # noqa: E712


def aeon_not_v2() -> bool:
    return envs.APP_USE_V2 is not True


def aeon_plain() -> bool:
    return not envs.APP_USE_V2


def aeon_guarded() -> bool:
    if envs.APP_USE_V2 is None:
        return True
    return envs.APP_USE_V2 is False
"""


def test_an_identity_test_with_the_flag_a_default_made_none_meant(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {FLAGS: FLAGS_BASE},
        {FLAGS_FORK: FLAGS_FORK_TEXT},
        [("[Model Runner v2] Oracle (#39337)", {FLAGS: FLAGS_UPSTREAM})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    lines = (git_repo.path / FLAGS_FORK).read_text().splitlines()
    got = {
        (f.line, lines[f.line - 1].strip()): f.severity
        for f in report.findings
        if f.rule_id == DEFAULT_DRIFT and f.path == FLAGS_FORK
    }
    errors = {text for (_, text), severity in got.items() if severity is Severity.ERROR}
    assert errors == {"return envs.APP_USE_V2 is False", "return envs.APP_STRICT == True  # noqa: E712"}, got
    # ``is not True`` answers None as it answered False, a truth test holds of None as of False, and a scope that
    # tests for None first settles the unset case: the plain read's warning, no error
    assert [line for (line, text) in got if text == "return envs.APP_USE_V2 is False"] == [6, 24], got
    assert got[(24, "return envs.APP_USE_V2 is False")] is Severity.WARNING, got


# review96 (benchmarks/review96_twins.py): a parameter or local of the module's name is the fork's own value
SHADOW_FORK_TEXT = """from types import SimpleNamespace

import app.flags as envs


def aeon_v1_now() -> bool:
    return envs.APP_USE_V2 is False


def aeon_v1(envs: SimpleNamespace) -> bool:
    # AEON: the launcher's flags, resolved to bools before the workers start
    return envs.APP_USE_V2 is False


def aeon_strict() -> bool:
    envs = SimpleNamespace(APP_STRICT=True)
    return envs.APP_STRICT == True  # noqa: E712
"""


def test_a_parameter_or_local_named_as_the_module_is_no_read_of_it(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {FLAGS: FLAGS_BASE},
        {FLAGS_FORK: SHADOW_FORK_TEXT},
        [("[Model Runner v2] Oracle (#39337)", {FLAGS: FLAGS_UPSTREAM})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    got = {(f.line, f.severity) for f in report.findings if f.rule_id == DEFAULT_DRIFT and f.path == FLAGS_FORK}
    assert got == {(7, Severity.ERROR)}, got


@pytest.mark.parametrize(
    ("raw", "gated"),
    [
        # one line: a quoted name before a comma, a lone literal swapped
        ('@@ -1 +1 @@\n-x = read("APP_X", 1)\n+x = read("APP_X", 2)\n', True),
        ('@@ -3 +3 @@\n-    "a",\n+    "b",\n', True),
        # mend70: the same split over two lines (the name, then the comma; a marker, then the literal) is no match
        ('@@ -1 +1 @@\n-x = 1\n+NAMES = ("APP_X"\n, 2)\n', False),
        ('@@ -3 +3 @@\n-\n"a",\n+\n"b",\n', False),
    ],
    ids=["name before a comma", "lone literal", "two-line name and comma", "two-line lone literal"],
)
def test_the_registry_gate_is_line_bound(raw: str, gated: bool) -> None:
    """The text gate of upstream's registry files reads one line at a time: ``\\s`` crossing a line break took a
    two-line near-match for a default, and the file was parsed for nothing."""
    from types import SimpleNamespace

    from aeon_release.domain.audits.drift.env_defaults import _registry_files

    class Upstream(dict[str, str]):
        def raw(self, path: str) -> str:
            return self[path]

    trees = SimpleNamespace(upstream=Upstream({"pkg/knobs.py": raw}), upstream_files_with=lambda names, paths: paths)
    assert bool(_registry_files(trees, {"APP_X"}, set())) is gated  # type: ignore[arg-type]
