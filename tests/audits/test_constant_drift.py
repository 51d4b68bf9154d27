"""Constant drift: a fork literal that inlines a module constant whose value upstream changed.

Shaped like #27077 (acedc74b1a), which changed ``GREEDY_TEMPERATURE: tl.constexpr = -1`` to ``0`` in
vllm/v1/sample/rejection_sampler.py: fork code that wrote ``temperature == -1`` where upstream
writes ``temperature == GREEDY_TEMPERATURE`` stops finding greedy requests after a clean merge.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.drift.constants import RULE
from aeon_release.domain.audits.drift.names import RULE as NAME_DRIFT
from aeon_release.domain.audits.drift.returns import RULE as RETURN_DRIFT
from aeon_release.domain.audits.merge_rules import merge_rule_infos
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SAMPLER = "vllm/v1/sample/rejection_sampler.py"
SAMPLER_BASE = """import torch

PLACEHOLDER_TOKEN_ID = -1
GREEDY_TEMPERATURE: float = -1
MAX_SPEC_LEN = 128


def rejection_sample(sampling_metadata, draft_token_ids):
    is_greedy = sampling_metadata.temperature == GREEDY_TEMPERATURE
    out = torch.full_like(draft_token_ids, PLACEHOLDER_TOKEN_ID)
    return out, is_greedy


def sample_recovered(temperature):
    return torch.where(temperature == GREEDY_TEMPERATURE, 1.0, temperature)


def expand_batch_to_tokens(x, replace_from=0, replace_to=0):
    return x


def expand(temperature):
    return expand_batch_to_tokens(temperature, replace_from=GREEDY_TEMPERATURE, replace_to=1)
"""
SAMPLER_CHANGED = SAMPLER_BASE.replace("GREEDY_TEMPERATURE: float = -1", "GREEDY_TEMPERATURE: float = 0")
SUBJECT = "[V1][Spec Decode] Fix greedy temperature detection after sampler refactor (#27077)"
FORK = "vllm/v1/sample/aeon_greedy.py"
FORK_TEXT = """# AEON: greedy accounting on GB10
import torch


def aeon_num_greedy(sampling_metadata) -> int:
    is_greedy = sampling_metadata.temperature == -1
    return int(torch.count_nonzero(is_greedy))


def aeon_recovered(temperature):
    return torch.where(temperature == -1, 1.0, temperature)  # GREEDY_TEMPERATURE


def aeon_expand(temperature):
    return expand_batch_to_tokens(temperature, replace_from=-1, replace_to=1)


def aeon_unrelated(sampling_metadata, draft_token_ids):
    top_k = sampling_metadata.top_k == -1  # -1 means off: not the greedy temperature
    placeholder = draft_token_ids == -1  # PLACEHOLDER_TOKEN_ID, which upstream kept
    return top_k, placeholder
"""
INITS = {"vllm/v1/sample/__init__.py": ""}


def found(report: AuditReport) -> list[tuple[str, int, str]]:
    return [(f.path, f.line, f.message) for f in report.findings if f.rule_id == RULE]


def line_of(repo: GitRepo, path: str, text: str) -> int:
    return next(i for i, line in enumerate((repo.path / path).read_text().splitlines(), 1) if text in line)


def test_inlined_old_value_is_an_error_only_where_tied(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo, {SAMPLER: SAMPLER_BASE, **INITS}, {FORK: FORK_TEXT}, [(SUBJECT, {SAMPLER: SAMPLER_CHANGED})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    by_line = {line: message for _, line, message in found(report)}
    structural = line_of(git_repo, FORK, "is_greedy = sampling_metadata.temperature == -1")
    commented = line_of(git_repo, FORK, "# GREEDY_TEMPERATURE")
    keyword = line_of(git_repo, FORK, "replace_from=-1")
    assert set(by_line) == {structural, commented, keyword}  # top_k == -1 and the placeholder are not it
    assert "upstream's own code says `replace_from=GREEDY_TEMPERATURE`" in by_line[keyword]
    assert "upstream's own code says `sampling_metadata.temperature == GREEDY_TEMPERATURE`" in by_line[structural]
    assert "from -1 to 0 (vllm/v1/sample/rejection_sampler.py, in " in by_line[structural]
    assert "#27077" in by_line[structural] and "its comment names GREEDY_TEMPERATURE" in by_line[commented]


def test_a_fork_that_uses_the_name_or_an_unchanged_constant_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    fork = FORK_TEXT.replace("temperature == -1", "temperature == GREEDY_TEMPERATURE")
    fork = fork.replace("replace_from=-1", "replace_from=GREEDY_TEMPERATURE")
    fork = "from vllm.v1.sample.rejection_sampler import GREEDY_TEMPERATURE\n" + fork
    upstream = SAMPLER_CHANGED.replace("MAX_SPEC_LEN = 128", "MAX_SPEC_LEN = 256")
    sides = s.merge_case(git_repo, {SAMPLER: SAMPLER_BASE, **INITS}, {FORK: fork}, [(SUBJECT, {SAMPLER: upstream})])
    assert found(git_repo.audit(no_rules, merge=sides)) == []


SCHED = "vllm/v1/core/sched.py"
SCHED_BASE = """import enum


class Scheduler:
    MAX_TOP_K = 64
    NAME = "fcfs"

    def topk(self, k):
        return k > self.MAX_TOP_K


class Phase(enum.Enum):
    PREFILL = 1


class Pool:
    LIMIT = 8

    def cap(self, n):
        limit = self.LIMIT
        return min(n, limit)
"""
SCHED_FORK = """from vllm.v1.core.sched import Scheduler


class AeonScheduler(Scheduler):
    def pick(self, k, phase):
        big = k > 64
        capped = min(k, 64)  # MAX_TOP_K
        uncommented = min(k, 64)
        prefill = phase == 1
        limit = 8
        return big, capped, uncommented, prefill, limit
"""


def test_a_class_constant_upstream_changed(git_repo: GitRepo, no_rules: Path) -> None:
    """A class's UPPER_CASE literal is a constant too (tied the same ways, upstream spelling it
    ``self.NAME``); an enum's member is enum drift's, and an argument by position is tied by its comment
    (upstream has no call like ``min(k, 64)`` here)."""
    changed = SCHED_BASE.replace("MAX_TOP_K = 64", "MAX_TOP_K = 128").replace('"fcfs"', '"priority"')
    # another class's own LIMIT says nothing of the fork's ``limit = 8``: only Scheduler's LIMIT changed
    changed = changed.replace("class Scheduler:\n", "class Scheduler:\n    LIMIT = 8\n", 1)
    changed = changed.replace("PREFILL = 1", "PREFILL = 2")
    sides = s.merge_case(
        git_repo,
        {
            SCHED: SCHED_BASE.replace("class Scheduler:\n", "class Scheduler:\n    LIMIT = 4\n", 1),
            "vllm/v1/core/__init__.py": "",
        },
        {"vllm/v1/core/aeon_sched.py": SCHED_FORK},
        [("Raise the top-k cap (#4242)", {SCHED: changed})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    by_line = {line: message for _, line, message in found(report)}
    assert set(by_line) == {6, 7}  # k > 64 (upstream says `k > self.MAX_TOP_K`), and the commented one
    assert "stands for Scheduler.MAX_TOP_K (upstream's own code says `k > self.MAX_TOP_K`)" in by_line[6]
    assert "from 64 to 128" in by_line[6] and "#4242" in by_line[6]


@pytest.mark.parametrize(
    ("line", "tied"),
    [
        ("capped = min(k, 64)", True),  # upstream's cap() says ``min(k, self.MAX_TOP_K)``
        ("capped = min(k, 64, 100)", True),  # what follows the argument may differ
        ("capped = min(n, 64)", False),  # another first argument: another call
        ("capped = max(k, 64)", False),  # another callee
        ("capped = min({k: 1}[k], 64)", False),  # braces in the code before it are no pattern
    ],
)
def test_a_class_constant_passed_by_position(git_repo: GitRepo, no_rules: Path, line: str, tied: bool) -> None:
    """``min(k, 64)`` with no comment is tied when upstream's own code at the merge base makes the same
    call with the constant's name in that position, after the same arguments."""
    base = SCHED_BASE.replace("return k > self.MAX_TOP_K", "return min(k, self.MAX_TOP_K)")
    changed = base.replace("MAX_TOP_K = 64", "MAX_TOP_K = 128")
    fork = "from vllm.v1.core.sched import Scheduler\n\n\nclass AeonScheduler(Scheduler):\n"
    fork += f"    def pick(self, k, n):\n        {line}\n        return capped\n"
    sides = s.merge_case(
        git_repo,
        {SCHED: base, "vllm/v1/core/__init__.py": ""},
        {"vllm/v1/core/aeon_sched.py": fork},
        [("Raise the top-k cap (#4242)", {SCHED: changed})],
    )
    got = found(git_repo.audit(no_rules, merge=sides))
    if not tied:
        assert got == []
    else:
        [(_, at, message)] = got
        assert at == 6 and "upstream's own code says `min(k, self.MAX_TOP_K" in message and "#4242" in message


def test_the_new_merge_rules_are_known_rules() -> None:
    """A waiver or a SARIF rule list knows the rule ids only through merge_rule_infos."""
    infos = {info.id: info.severity.value for info in merge_rule_infos()}
    assert {infos[rule] for rule in (RULE, NAME_DRIFT, RETURN_DRIFT)} == {"error"}


def test_a_subclass_of_the_files_own_enum_is_no_class_of_constants(git_repo: GitRepo, no_rules: Path) -> None:
    """Found in review: ``class Kind(_Base)`` with ``_Base(enum.IntEnum)`` is an enum (enum drift's), not a
    class whose UPPER_CASE values are constants."""
    base = (
        "import enum\n\n\nclass _Base(enum.IntEnum):\n    pass\n\n\nclass Kind(_Base):\n    ALPHA = 1\n    BETA = 2\n"
    )
    fork = "from vllm.v1.core.kinds import Kind\n\n\ndef pick(kind: Kind):\n    return kind == 1  # ALPHA\n"
    sides = s.merge_case(
        git_repo,
        {"vllm/v1/core/kinds.py": base, "vllm/v1/core/__init__.py": ""},
        {"vllm/v1/core/aeon_kinds.py": fork},
        [("Renumber (#5)", {"vllm/v1/core/kinds.py": base.replace("ALPHA = 1", "ALPHA = 3")})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


SPELLING_ROWS = [
    ("def f(sampling_metadata):\n    return torch.eq(sampling_metadata.temperature, -1)\n", True),
    ("def f(temperature):\n    return temperature.eq(-1)\n", True),
    ("def f(temperature, i):\n    return temperature[i] == -1\n", True),  # an element of the tensor
    ("GREEDY = -1\n\n\ndef f(temperature):\n    return temperature == GREEDY\n", True),  # the fork's constant
    # near misses: another value compared, a name bound twice, the new value
    ("def f(top_k):\n    return torch.eq(top_k, -1)\n", False),
    ("def f(lengths, i):\n    return lengths[i] == -1\n", False),
    ("GREEDY = -1\nGREEDY = -2\n\n\ndef f(temperature):\n    return temperature == GREEDY\n", False),
    ("OFF = -1\n\n\ndef f(top_k):\n    return top_k == OFF\n", False),
    ("def f(temperature):\n    return temperature.eq(0)\n", False),
]


@pytest.mark.parametrize(("body", "tied"), SPELLING_ROWS)
def test_other_spellings_of_the_same_comparison(git_repo: GitRepo, no_rules: Path, body: str, tied: bool) -> None:
    """``torch.eq(x, -1)``, ``x.eq(-1)``, an element ``x[i] == -1`` and a constant of the fork's own bound to
    -1 and compared say what upstream's ``x == GREEDY_TEMPERATURE`` says."""
    text = f"import torch\n\n\n{body}"
    literal = [i for i, t in enumerate(text.splitlines(), 1) if "-1" in t][:1]
    if tied:
        # the tied rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed13);
        # the near misses keep a merge each: another row's module could quiet them
        bodies = [f"import torch\n\n\n{row}" for row, row_tied in SPELLING_ROWS if row_tied]
        upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {SAMPLER: SAMPLER_CHANGED})]
        base = {SAMPLER: SAMPLER_BASE, **INITS}
        _, rows = s.audited_row(git_repo, no_rules, base, bodies, text, upstream, RULE, "vllm/v1/sample")
        assert [f.line for f in rows] == literal
        return
    sides = s.merge_case(
        git_repo, {SAMPLER: SAMPLER_BASE, **INITS}, {FORK: text}, [(SUBJECT, {SAMPLER: SAMPLER_CHANGED})]
    )
    lines = [line for _, line, _ in found(git_repo.audit(no_rules, merge=sides))]
    assert lines == []


BOUNDS = "vllm/v1/sample/bounds.py"
BOUNDS_BASE = """MAX_SPEC_LEN = 32
CONNECTOR_VERSION = 6


def check(metadata):
    assert metadata.max_spec_len <= MAX_SPEC_LEN


def handshake(engine_id):
    return {"engine_id": engine_id, "connector_version": CONNECTOR_VERSION}
"""
BOUNDS_CHANGED = BOUNDS_BASE.replace("= 32", "= 128").replace("= 6", "= 7")


BOUND_ROWS = [
    # #24986 made MAX_SPEC_LEN 128: the fork's bound of the same value, written the other way round
    ("def f(metadata):\n    return metadata.max_spec_len > 32\n", True),
    ("def f(metadata):\n    return 32 >= metadata.max_spec_len\n", True),
    # NIXL_CONNECTOR_VERSION 6 -> 7: the fork's handshake writes the version upstream's entry holds
    ('def f(e):\n    return {"engine_id": e, "connector_version": 6}\n', True),
    ('def f(meta):\n    meta["connector_version"] = 6\n', True),
    ('def f():\n    return {"connector_version": 6}\n', True),
    # near misses: an equality is no bound, another subject, another key, the new value
    ("def f(metadata):\n    return metadata.max_spec_len == 32\n", False),
    ("def f(other):\n    return other.max_len > 32\n", False),
    ('def f(e):\n    return {"engine_id": e, "other_version": 6}\n', False),
    ('def f(e):\n    return {"connector_version": 7}\n', False),
]
# The tied rows each put one fork module beside the same base and upstream and pin the audit's finding lines: no
# row's module imports another's, so one merge and one audit of every tied row's module side by side answers each
# (five merges and audits became one per process; suitespeed9), and a finding outside the rows' modules fails the
# batch, as it failed a row.  The near misses keep a merge each: there a row's module could be quiet for something
# another row's module declared.
_BOUNDS_AUDITED: dict[str, list[int]] = {}


def _bound_lines_among_tied(git_repo: GitRepo, no_rules: Path, body: str) -> list[int]:
    if not _BOUNDS_AUDITED:
        paths = {
            text: f"vllm/v1/sample/aeon_bound_{number}.py" for number, (text, tied) in enumerate(BOUND_ROWS) if tied
        }
        ours = {path: text for text, path in paths.items()}
        sides = s.merge_case(git_repo, {BOUNDS: BOUNDS_BASE, **INITS}, ours, [(SUBJECT, {BOUNDS: BOUNDS_CHANGED})])
        every = found(git_repo.audit(no_rules, merge=sides))
        assert all(path in ours for path, _, _ in every), every
        _BOUNDS_AUDITED.update({text: [line for at, line, _ in every if at == path] for text, path in paths.items()})
    return _BOUNDS_AUDITED[body]


@pytest.mark.parametrize(("body", "tied"), BOUND_ROWS)
def test_a_bound_written_the_other_way_and_a_keyed_entry(
    git_repo: GitRepo, no_rules: Path, body: str, tied: bool
) -> None:
    """A bound is one bound whichever operator writes it (the fork's ``n > 32`` is upstream's ``n <=
    MAX_SPEC_LEN``), and an entry of a dict display or a subscript store keyed like upstream's entry
    holding the constant says what that entry says."""
    if tied:
        assert _bound_lines_among_tied(git_repo, no_rules, body) == [2]
        return
    sides = s.merge_case(git_repo, {BOUNDS: BOUNDS_BASE, **INITS}, {FORK: body}, [(SUBJECT, {BOUNDS: BOUNDS_CHANGED})])
    lines = [line for _, line, _ in found(git_repo.audit(no_rules, merge=sides))]
    assert lines == []


# -- an attribute __init__ fixes (#4983: GPTQMarlin24Config's max_parallel 16 -> GPTQ_MARLIN_24_MAX_PARALLEL, 64)
MARLIN = "vllm/model_executor/layers/quantization/gptq_marlin_24.py"
MARLIN_BASE = """GPTQ_MARLIN_24_MAX_PARALLEL = 16


class GPTQMarlin24Config:
    def __init__(self, weight_bits: int, group_size: int) -> None:
        self.weight_bits = weight_bits
        self.group_size = group_size
        self.min_n_threads = 128
        self.max_parallel = 16
        self.tile = 16
        if group_size > 0:
            self.tile = 32
"""
MARLIN_AFTER = (
    MARLIN_BASE.replace("GPTQ_MARLIN_24_MAX_PARALLEL = 16", "GPTQ_MARLIN_24_MAX_PARALLEL = 64")
    .replace("self.max_parallel = 16", "self.max_parallel = GPTQ_MARLIN_24_MAX_PARALLEL")
    .replace("self.tile = 16", "self.tile = 8")
    .replace("self.weight_bits = weight_bits", "self.weight_bits = 4")
)
MARLIN_SUBJECT = "Marlin 24 prefill performance improvement (about 25% better on average) (#4983)"
MARLIN_FORK = "vllm/aeon_marlin.py"
MARLIN_HEAD = "from vllm.model_executor.layers.quantization.gptq_marlin_24 import GPTQMarlin24Config\n\n\n"


def marlin_base() -> dict[str, str]:
    inits = {
        p: "" for p in ("vllm/model_executor/layers/__init__.py", "vllm/model_executor/layers/quantization/__init__.py")
    }
    return {MARLIN: MARLIN_BASE, **inits}


def marlin_case(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[str, int, str]]:
    sides = s.merge_case(
        git_repo,
        marlin_base(),
        {MARLIN_FORK: MARLIN_HEAD + body},
        [(MARLIN_SUBJECT, {MARLIN: MARLIN_AFTER})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


OLD_FIXED_VALUE_ROWS = [
    "def aeon_small(config: GPTQMarlin24Config) -> bool:\n    return config.max_parallel == 16\n",
    "def aeon_small(config: GPTQMarlin24Config) -> bool:\n    return 16 != config.max_parallel\n",
    "class AeonConfig(GPTQMarlin24Config):\n    def aeon_small(self) -> bool:\n        return self.max_parallel <= 16\n",
    "def aeon_small(bits: int) -> bool:\n    config = GPTQMarlin24Config(bits, 128)\n    return config.max_parallel == 16\n",
]


@pytest.mark.parametrize(
    "body", OLD_FIXED_VALUE_ROWS, ids=["typed parameter", "literal first", "subclass self", "local built"]
)
def test_a_comparison_with_the_old_value_of_an_attribute_init_fixes(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed13)
    bodies = [MARLIN_HEAD + row for row in OLD_FIXED_VALUE_ROWS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(MARLIN_SUBJECT, {MARLIN: MARLIN_AFTER})]
    _, rows = s.audited_row(git_repo, no_rules, marlin_base(), bodies, MARLIN_HEAD + body, upstream, RULE, "vllm")
    [(line, message)] = [(f.line, f.message) for f in rows]
    assert line == MARLIN_HEAD.count("\n") + body.count("\n")
    assert "stands for GPTQMarlin24Config.max_parallel" in message and "from 16 to 64" in message
    assert "#4983" in message


@pytest.mark.parametrize(
    "body",
    [
        # a parameter's value, a value set twice, an unchanged one: no fixed value changed
        "def aeon(config: GPTQMarlin24Config) -> bool:\n    return config.weight_bits == 8\n",
        "def aeon(config: GPTQMarlin24Config) -> bool:\n    return config.tile == 16\n",
        "def aeon(config: GPTQMarlin24Config) -> bool:\n    return config.min_n_threads == 128\n",
        # the new value, and an object of another type
        "def aeon(config: GPTQMarlin24Config) -> bool:\n    return config.max_parallel == 64\n",
        "def aeon(plan) -> bool:\n    return plan.max_parallel == 16\n",
    ],
    ids=["from a parameter", "set twice", "unchanged", "new value", "untyped receiver"],
)
def test_fixed_attribute_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert marlin_case(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        "class GPTQMarlin24Config:\n    def __init__(self) -> None:\n        self.max_parallel = 16\n\n\n"
        "def aeon_small(config: GPTQMarlin24Config) -> bool:\n    return config.max_parallel == 16\n",
        "class AeonConfig(GPTQMarlin24Config):\n    def __init__(self, bits: int, group: int) -> None:\n"
        "        super().__init__(bits, group)\n        self.max_parallel = 16  # the fork's own workspace\n\n"
        "    def aeon_small(self) -> bool:\n        return self.max_parallel == 16\n",
    ],
    ids=["own class of the name", "subclass fixes it itself"],
)
def test_a_fixed_attribute_the_fork_sets_itself_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """The class of that name is the fork's, or a fork subclass fixes the attribute itself: its value is
    the fork's, whatever upstream's __init__ now sets."""
    assert marlin_case(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_enough(config: GPTQMarlin24Config) -> bool:\n    return config.max_parallel >= 16\n",
        "def aeon_enough(config: GPTQMarlin24Config) -> bool:\n    return 16 <= config.max_parallel\n",
        "def aeon_known(config: GPTQMarlin24Config) -> bool:\n"
        "    return config.max_parallel == 16 or config.max_parallel == 64\n",
        "def aeon_workspace(config: GPTQMarlin24Config) -> int:\n    if config.max_parallel == 64:\n        return 2\n"
        "    return 1 if config.max_parallel == 16 else 0\n",
    ],
    ids=["true at both values", "literal first", "both values or-ed", "both values in one function"],
)
def test_a_fixed_attribute_compared_for_both_values_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """A comparison that holds at the old and the new value, or a function that also tests the new value,
    says the same after upstream's change."""
    assert marlin_case(git_repo, no_rules, body) == []


def test_a_fixed_attribute_the_function_sets_first_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The function sets the attribute on its instance before comparing it: the value is the fork's."""
    body = (
        "def aeon_small(bits: int) -> GPTQMarlin24Config:\n    config = GPTQMarlin24Config(bits, 128)\n"
        "    config.max_parallel = 16\n    assert config.max_parallel == 16\n    return config\n"
    )
    assert marlin_case(git_repo, no_rules, body) == []


# -- #12348 (848a6438ae): _PARTITION_SIZE_ROCM = 512 -> 256 in the ROCm attention backend
ROCM = "vllm/attention/backends/rocm_flash_attn.py"
ROCM_BASE = """_PARTITION_SIZE_ROCM = 512
_ON_NAVI = False


def num_partitions(max_seq_len):
    return (max_seq_len + _PARTITION_SIZE_ROCM - 1) // _PARTITION_SIZE_ROCM
"""
ROCM_FORK = "vllm/aeon/rocm_parts.py"
ROCM_FORK_TEXT = """from vllm.attention.backends import rocm_flash_attn
from vllm.attention.backends.rocm_flash_attn import _PARTITION_SIZE_ROCM

# must match rocm_flash_attn._PARTITION_SIZE_ROCM
_AEON_PARTITION = 512


def aeon_big() -> bool:
    return rocm_flash_attn._PARTITION_SIZE_ROCM == 512


def aeon_big_by_name() -> bool:
    return 512 != _PARTITION_SIZE_ROCM


# the workspace holds 512 rows per block
_AEON_ROWS = 512


def aeon_navi() -> bool:
    return rocm_flash_attn._ON_NAVI == False  # noqa: E712


def aeon_other(x) -> bool:
    return x.partition_size == 512
"""


def test_a_comment_above_and_a_comparison_of_the_constant_itself(git_repo: GitRepo, no_rules: Path) -> None:
    """A comment line just above the literal ties it as its own comment does; the constant compared with its
    old value is tied by the comparison.  A comment naming no constant, a kept constant, and another
    object's attribute compared with the old value are not."""
    changed = ROCM_BASE.replace("_PARTITION_SIZE_ROCM = 512", "_PARTITION_SIZE_ROCM = 256")
    sides = s.merge_case(
        git_repo,
        {ROCM: ROCM_BASE},
        {ROCM_FORK: ROCM_FORK_TEXT},
        [("[ROCm] Faster Custom Paged Attention kernels (#12348)", {ROCM: changed})],
    )
    by_line = {line: message for _, line, message in found(git_repo.audit(no_rules, merge=sides))}
    copied = line_of(git_repo, ROCM_FORK, "_AEON_PARTITION = 512")
    compared = line_of(git_repo, ROCM_FORK, "rocm_flash_attn._PARTITION_SIZE_ROCM == 512")
    by_name = line_of(git_repo, ROCM_FORK, "512 != _PARTITION_SIZE_ROCM")
    assert set(by_line) == {copied, compared, by_name}
    assert "its comment names _PARTITION_SIZE_ROCM" in by_line[copied]
    assert "compared with rocm_flash_attn._PARTITION_SIZE_ROCM itself" in by_line[compared]
    assert "the comparison no longer holds where it did" in by_line[by_name]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_rows() -> int:\n"
        "    if rocm_flash_attn._PARTITION_SIZE_ROCM == 512:\n        return 2\n"
        "    return 4 if rocm_flash_attn._PARTITION_SIZE_ROCM == 256 else 1\n",
        "def aeon_big() -> bool:\n    return rocm_flash_attn._PARTITION_SIZE_ROCM <= 512\n",
    ],
    ids=["both values in one function", "a bound both values keep"],
)
def test_the_constant_compared_for_both_of_its_values_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """The constant itself compared in a function that also tests its new value, or with a bound both values
    keep, says the same after upstream's change (as a fixed attribute compared so does)."""
    changed = ROCM_BASE.replace("_PARTITION_SIZE_ROCM = 512", "_PARTITION_SIZE_ROCM = 256")
    sides = s.merge_case(
        git_repo,
        {ROCM: ROCM_BASE},
        {ROCM_FORK: "from vllm.attention.backends import rocm_flash_attn\n\n\n" + body},
        [("[ROCm] Faster Custom Paged Attention kernels (#12348)", {ROCM: changed})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


@pytest.mark.parametrize(
    "head",
    [
        "_PARTITION_SIZE_ROCM = 512  # the fork's own kernel keeps 512\n",
        "from vllm.aeon.kernels import _PARTITION_SIZE_ROCM\n",
        "from vllm.aeon import kernels as rocm_flash_attn\n",
    ],
    ids=["the fork's own constant", "imported from another module", "another module under the name"],
)
def test_a_constant_of_the_name_bound_elsewhere_is_quiet(git_repo: GitRepo, no_rules: Path, head: str) -> None:
    """A comparison with the old value of a constant the fork file binds itself, or imports from another of
    its modules, reads no constant upstream changed."""
    changed = ROCM_BASE.replace("_PARTITION_SIZE_ROCM = 512", "_PARTITION_SIZE_ROCM = 256")
    body = (
        "def aeon_big() -> bool:\n    return rocm_flash_attn._PARTITION_SIZE_ROCM == 512\n"
        if "rocm_flash_attn" in head
        else "def aeon_big() -> bool:\n    return _PARTITION_SIZE_ROCM == 512\n"
    )
    sides = s.merge_case(
        git_repo,
        {ROCM: ROCM_BASE},
        {ROCM_FORK: head + "\n\n" + body},
        [("[ROCm] Faster Custom Paged Attention kernels (#12348)", {ROCM: changed})],
    )
    compared = line_of(git_repo, ROCM_FORK, "== 512")
    assert [f for f in found(git_repo.audit(no_rules, merge=sides)) if f[1] == compared] == []


def test_a_comment_line_above_a_call_or_a_comparison_ties_no_literal_of_it(git_repo: GitRepo, no_rules: Path) -> None:
    """A comment line naming the constant ties the literal below it when that is a copy of the value (the
    whole of an assignment); above a call it may name the constant for another reason."""
    changed = ROCM_BASE.replace("_PARTITION_SIZE_ROCM = 512", "_PARTITION_SIZE_ROCM = 256")
    body = (
        "def aeon_parts(max_seq_len: int, partition: int) -> int:\n"
        "    # partition is _PARTITION_SIZE_ROCM; the sequence is capped at 512 blocks\n"
        "    blocks = min(max_seq_len, 512)\n"
        "    return (blocks + partition - 1) // partition\n"
    )
    sides = s.merge_case(
        git_repo,
        {ROCM: ROCM_BASE},
        {ROCM_FORK: body},
        [("[ROCm] Faster Custom Paged Attention kernels (#12348)", {ROCM: changed})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# -- #49230 (952694e384): NIXL_CONNECTOR_VERSION 5 -> 6 in the NIXL connector's metadata
NIXL = "vllm/distributed/kv_transfer/kv_connector/v1/nixl/metadata.py"
NIXL_BASE = "NIXL_CONNECTOR_VERSION: int = 5\n\n\ndef payload():\n    return {'version': NIXL_CONNECTOR_VERSION}\n"
NIXL_SUBJECT = "[Bugfix] Validate NIXL speculative config compatibility (#49230)"
NIXL_FORK = "vllm/aeon/handshake.py"


def nixl_case(git_repo: GitRepo, no_rules: Path, text: str) -> dict[int, str]:
    sides = s.merge_case(
        git_repo,
        {NIXL: NIXL_BASE},
        {NIXL_FORK: text},
        [(NIXL_SUBJECT, {NIXL: NIXL_BASE.replace("int = 5", "int = 6")})],
    )
    return {line: message for _, line, message in found(git_repo.audit(no_rules, merge=sides))}


@pytest.mark.parametrize(
    "text",
    [
        "from vllm.distributed.kv_transfer.kv_connector.v1.nixl import metadata\n\n"
        '_AEON_TAG = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n\n\n'
        "def aeon_tag() -> str:\n    return _AEON_TAG[metadata.NIXL_CONNECTOR_VERSION]\n",
        "from vllm.distributed.kv_transfer.kv_connector.v1.nixl.metadata import NIXL_CONNECTOR_VERSION\n\n\n"
        "def aeon_tag() -> str:\n"
        '    return {4: "aeon-2026.05", 5: "aeon-2026.07"}.get(NIXL_CONNECTOR_VERSION, "unknown")\n',
    ],
    ids=["a module table, the module's attribute", "a display, .get() with the imported name"],
)
def test_a_table_keyed_by_the_old_value_looked_up_with_the_constant(
    git_repo: GitRepo, no_rules: Path, text: str
) -> None:
    """A table the fork keyed by the constant's old value and looks up with the constant itself no longer
    finds that entry after upstream's change: the key is tied to the constant by the lookup."""
    by_line = nixl_case(git_repo, no_rules, text)
    keyed = line_of(git_repo, NIXL_FORK, '5: "aeon-2026.07"')
    assert list(by_line) == [keyed]
    assert "a key of" in by_line[keyed] and "looked up with" in by_line[keyed]
    assert "NIXL_CONNECTOR_VERSION from 5 to 6" in by_line[keyed]


@pytest.mark.parametrize(
    "text",
    [
        "from vllm.distributed.kv_transfer.kv_connector.v1.nixl import metadata\n\n"
        '_AEON_TAG = {5: "aeon-2026.07", 6: "aeon-2026.08"}\n\n\n'
        "def aeon_tag() -> str:\n    return _AEON_TAG[metadata.NIXL_CONNECTOR_VERSION]\n",
        '_AEON_TAG = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n\n\n'
        "def aeon_tag(peer_version: int) -> str:\n    return _AEON_TAG[peer_version]\n",
        "from vllm.aeon import wire as metadata\n\n"
        '_AEON_TAG = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n\n\n'
        "def aeon_tag() -> str:\n    return _AEON_TAG[metadata.NIXL_CONNECTOR_VERSION]\n",
    ],
    ids=["the new value keyed too", "looked up with another value", "another module's constant"],
)
def test_a_table_written_for_both_or_not_looked_up_with_the_constant_is_quiet(
    git_repo: GitRepo, no_rules: Path, text: str
) -> None:
    """A table that also holds the new value as a key is written for both sides; one looked up with
    another value (a peer's version), or with a constant of the name from another module, is not tied."""
    assert nixl_case(git_repo, no_rules, text) == {}


@pytest.mark.parametrize(
    "given",
    [
        '_AEON_TAG[6] = "aeon-2026.09"\n',
        '_AEON_TAG.update({6: "aeon-2026.09"})\n',
        '_AEON_TAG.setdefault(6, "aeon-2026.09")\n',
    ],
    ids=["a subscript write", "update()", "setdefault()"],
)
def test_a_table_given_the_new_value_after_its_display_is_quiet(git_repo: GitRepo, no_rules: Path, given: str) -> None:
    """A table whose display keys the old value only, but which the module gives the new value's entry
    below it, is written for both sides (review14: 4 false errors on #49230 and #18558)."""
    text = (
        "from vllm.distributed.kv_transfer.kv_connector.v1.nixl import metadata\n\n"
        '_AEON_TAG = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n' + given + "\n\n"
        "def aeon_tag() -> str:\n    return _AEON_TAG[metadata.NIXL_CONNECTOR_VERSION]\n"
    )
    assert nixl_case(git_repo, no_rules, text) == {}


def test_a_table_spreading_a_table_of_the_new_value_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``{5: ..., **_NEWER}`` holds the keys of the module table it spreads: the new value's among them."""
    text = (
        "from vllm.distributed.kv_transfer.kv_connector.v1.nixl import metadata\n\n"
        '_NEWER = {6: "aeon-2026.09"}\n'
        '_AEON_TAG = {4: "aeon-2026.05", 5: "aeon-2026.07", **_NEWER}\n\n\n'
        "def aeon_tag() -> str:\n    return _AEON_TAG[metadata.NIXL_CONNECTOR_VERSION]\n"
    )
    assert nixl_case(git_repo, no_rules, text) == {}


@pytest.mark.parametrize(
    "function",
    [
        "def aeon_tag(NIXL_CONNECTOR_VERSION: int) -> str:  # noqa: N803\n"
        "    return _AEON_TAG[NIXL_CONNECTOR_VERSION]\n",
        "def aeon_tag(peer: dict) -> str:\n"
        '    NIXL_CONNECTOR_VERSION = peer["version"]  # noqa: N806\n'
        "    return _AEON_TAG[NIXL_CONNECTOR_VERSION]\n",
        "def aeon_tag(peer_metadata) -> str:\n    return _AEON_TAG[peer_metadata.NIXL_CONNECTOR_VERSION]\n",
    ],
    ids=["a parameter of the name", "a local of the name", "a parameter's attribute"],
)
def test_a_table_looked_up_with_a_local_of_the_constants_name_is_quiet(
    git_repo: GitRepo, no_rules: Path, function: str
) -> None:
    """A lookup with a parameter or a local of the constant's name (a peer's version) does not read the
    module's constant (review14: 4 false errors)."""
    text = '_AEON_TAG = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n\n\n' + function
    assert nixl_case(git_repo, no_rules, text) == {}


@pytest.mark.parametrize(
    "function",
    [
        "def aeon_peer_is_old(NIXL_CONNECTOR_VERSION: int) -> bool:  # noqa: N803\n"
        "    return NIXL_CONNECTOR_VERSION == 5\n",
        "def aeon_peer_is_old(peer_metadata) -> bool:\n    return peer_metadata.NIXL_CONNECTOR_VERSION == 5\n",
    ],
    ids=["a parameter of the name", "a parameter's attribute"],
)
def test_a_comparison_of_a_local_of_the_constants_name_is_quiet(
    git_repo: GitRepo, no_rules: Path, function: str
) -> None:
    """A parameter of the constant's name compared with its old value is a peer's version, not the
    module's constant (review14: 1 false error on #50620)."""
    assert nixl_case(git_repo, no_rules, function) == {}


def test_a_lookup_through_a_module_the_function_imports_is_still_the_constant(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """A module imported inside the function (a lazy import) is not a local of the name: its constant is
    the module's, and the table's old key is still caught."""
    text = (
        '_AEON_TAG = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n\n\n'
        "def aeon_tag() -> str:\n"
        "    from vllm.distributed.kv_transfer.kv_connector.v1.nixl import metadata\n\n"
        "    return _AEON_TAG[metadata.NIXL_CONNECTOR_VERSION]\n"
    )
    assert list(nixl_case(git_repo, no_rules, text)) == [1]


TPU = "vllm/worker/tpu_model_runner.py"
TPU_BASE = """import torch

_PAD_SLOT_ID = -1
_PAD_TOKEN_ID = -1


def prepare(slot_mapping, input_tokens, n):
    slot_mapping += [_PAD_SLOT_ID] * n
    input_tokens.append(_PAD_TOKEN_ID)
    return slot_mapping, input_tokens
"""
TPU_6933 = TPU_BASE.replace("_PAD_SLOT_ID = -1", "_PAD_SLOT_ID = 1_000_000_000")


@pytest.mark.parametrize(
    ("body", "tied"),
    [
        ("def f(slot_mapping):\n    return int((slot_mapping == -1).sum())\n", True),
        ("def f(slot_mapping, i):\n    return slot_mapping[i] != -1\n", True),
        # twins: another sequence, a padding constant upstream kept, an ordering, the new value
        ("def f(block_table):\n    return block_table == -1\n", False),
        ("def f(input_tokens):\n    return input_tokens == -1\n", False),
        ("def f(slot_mapping):\n    return slot_mapping > -1\n", False),
        ("def f(slot_mapping):\n    return slot_mapping == 1_000_000_000\n", False),
    ],
)
def test_a_comparison_with_the_sentinel_upstream_pads_the_sequence_with(
    git_repo: GitRepo, no_rules: Path, body: str, tied: bool
) -> None:
    """#6933 made the TPU runner's ``_PAD_SLOT_ID`` 1e9 where it was -1; upstream pads ``slot_mapping`` with it
    (``slot_mapping += [_PAD_SLOT_ID] * n``), so the fork's ``slot_mapping == -1`` counts the padding slots
    and finds none now."""
    text = f"import torch\n\n\n{body}"
    fork = "vllm/worker/aeon_pad.py"
    sides = s.merge_case(
        git_repo,
        {TPU: TPU_BASE, "vllm/__init__.py": "", "vllm/worker/__init__.py": ""},
        {fork: text},
        [("[TPU] Fix greedy decoding (#6933)", {TPU: TPU_6933})],
    )
    lines = [line for _, line, _ in found(git_repo.audit(no_rules, merge=sides))]
    assert lines == ([5] if tied else [])


# -- a method returning only a literal (#29901: AWQMarlinConfig/GPTQMarlinConfig.get_min_capability 80 -> 75)
GPTQ = "vllm/model_executor/layers/quantization/gptq_marlin.py"
GPTQ_BASE = """class QuantizationConfig:
    @classmethod
    def get_min_capability(cls) -> int:
        raise NotImplementedError


class GPTQMarlinConfig(QuantizationConfig):
    @classmethod
    def get_min_capability(cls) -> int:
        return 80

    @classmethod
    def get_name(cls) -> str:
        return "gptq_marlin"

    def pack_factor(self, bits: int) -> int:
        return 32


class Fp8Config(QuantizationConfig):
    @classmethod
    def get_min_capability(cls) -> int:
        return 80
"""
GPTQ_AFTER = (
    GPTQ_BASE.replace(
        "        return 80\n\n    @classmethod\n    def get_name",
        "        return 75\n\n    @classmethod\n    def get_name",
    )
    .replace('return "gptq_marlin"', 'return "marlin"')
    .replace("return 32", "return 16")
)
GPTQ_SUBJECT = "[Kernel][Quantization][MoE] add marlin kernel support for turing (sm75) (#29901)"
GPTQ_HEAD = "from vllm.model_executor.layers.quantization.gptq_marlin import Fp8Config, GPTQMarlinConfig\n\n\n"


def gptq_case(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[str, int, str]]:
    inits = {
        p: "" for p in ("vllm/model_executor/layers/__init__.py", "vllm/model_executor/layers/quantization/__init__.py")
    }
    sides = s.merge_case(
        git_repo, {GPTQ: GPTQ_BASE, **inits}, {MARLIN_FORK: GPTQ_HEAD + body}, [(GPTQ_SUBJECT, {GPTQ: GPTQ_AFTER})]
    )
    return found(git_repo.audit(no_rules, merge=sides))


@pytest.mark.parametrize(
    ("body", "how"),
    [
        ("def aeon_ampere_only() -> bool:\n    return GPTQMarlinConfig.get_min_capability() == 80\n", "compared with"),
        ("def aeon_ok(cap: int) -> bool:\n    return cap >= 80  # GPTQMarlinConfig.get_min_capability()\n", "comment"),
        (
            "class AeonConfig(GPTQMarlinConfig):\n    def aeon_ampere(self) -> bool:\n"
            "        return self.get_min_capability() == 80\n",
            "compared with",
        ),
        (
            "class AeonConfig(GPTQMarlinConfig):\n    @classmethod\n    def aeon_ampere(cls) -> bool:\n"
            "        return cls.get_min_capability() == 80\n",
            "compared with",
        ),
        (
            "def aeon_ampere(config: GPTQMarlinConfig) -> bool:\n    return config.get_min_capability() == 80\n",
            "compared with",
        ),
    ],
    ids=["call compared", "comment names the method", "subclass self", "subclass cls", "typed parameter"],
)
def test_a_literal_of_a_value_a_method_returns(git_repo: GitRepo, no_rules: Path, body: str, how: str) -> None:
    [(_, line, message)] = gptq_case(git_repo, no_rules, body)
    assert line == GPTQ_HEAD.count("\n") + body.count("\n")
    assert "stands for GPTQMarlinConfig.get_min_capability()" in message and "from 80 to 75" in message
    assert how in message and "#29901" in message


def test_a_string_a_method_returns(git_repo: GitRepo, no_rules: Path) -> None:
    body = 'def aeon_is_gptq_marlin(name: str) -> bool:\n    return GPTQMarlinConfig.get_name() == "gptq_marlin"\n'
    [(_, _, message)] = gptq_case(git_repo, no_rules, body)
    assert "stands for GPTQMarlinConfig.get_name()" in message and "from 'gptq_marlin' to 'marlin'" in message


@pytest.mark.parametrize(
    "body",
    [
        # the call compared with itself, no literal; the new value; another class's method of the name
        "def aeon_ok(cap: int) -> bool:\n    return cap >= GPTQMarlinConfig.get_min_capability()\n",
        "def aeon_turing() -> bool:\n    return GPTQMarlinConfig.get_min_capability() == 75\n",
        "def aeon_fp8() -> bool:\n    return Fp8Config.get_min_capability() == 80\n",
        # a comment naming the method without its class (every config has one), or another class's
        "def aeon_ok(cap: int) -> bool:\n    return cap >= 80  # get_min_capability()\n",
        "def aeon_ok(cap: int) -> bool:\n    return cap >= 80  # Fp8Config.get_min_capability()\n",
        # a bound that holds at both values
        "def aeon_ok() -> bool:\n    return GPTQMarlinConfig.get_min_capability() <= 80\n",
        # ``self.`` in a class not deriving from the owner; a method taking an argument the caller chooses
        "class AeonOther(Fp8Config):\n    def aeon(self) -> bool:\n        return self.get_min_capability() == 80\n",
        # a fork subclass returning its own value; a parameter typed as another class; an untyped one
        "class AeonConfig(GPTQMarlinConfig):\n    @classmethod\n    def get_min_capability(cls) -> int:\n"
        "        return 80\n\n    def aeon(self) -> bool:\n        return self.get_min_capability() == 80\n",
        "def aeon(config: Fp8Config) -> bool:\n    return config.get_min_capability() == 80\n",
        "def aeon(config) -> bool:\n    return config.get_min_capability() == 80\n",
        "def aeon_pack(c: GPTQMarlinConfig) -> bool:\n    return GPTQMarlinConfig.pack_factor(c, 4) == 32\n",
        # the method itself, not called
        "AEON_GETTER = GPTQMarlinConfig.get_min_capability\n",
    ],
    ids=[
        "no literal",
        "new value",
        "other class",
        "bare name",
        "other class comment",
        "holds",
        "self other",
        "own override",
        "other typed",
        "untyped",
        "chosen argument",
        "not called",
    ],
)
def test_method_value_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert gptq_case(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("extra", "body"),
    [
        # the fork's own class of the owner's name, in the file (review22: an offline packer's stand-in)
        (
            {},
            "class GPTQMarlinConfig:  # noqa: F811\n    @classmethod\n    def get_min_capability(cls) -> int:\n"
            "        return 80\n\n\ndef aeon() -> bool:\n    return GPTQMarlinConfig.get_min_capability() == 80\n",
        ),
        # the name imported from a fork module that defines its own class of it
        (
            {
                "vllm/aeon/packer.py": "class GPTQMarlinConfig:\n    @classmethod\n    def get_min_capability(cls) -> int:\n"
                "        return 80\n"
            },
            "from vllm.aeon.packer import GPTQMarlinConfig  # noqa: F811\n\n\n"
            "def aeon() -> bool:\n    return GPTQMarlinConfig.get_min_capability() == 80\n",
        ),
    ],
    ids=["namesake in the file", "namesake from a fork module"],
)
def test_a_namesake_of_the_getters_class_is_quiet(
    git_repo: GitRepo, no_rules: Path, extra: dict[str, str], body: str
) -> None:
    inits = {
        p: "" for p in ("vllm/model_executor/layers/__init__.py", "vllm/model_executor/layers/quantization/__init__.py")
    }
    fork = {MARLIN_FORK: (GPTQ_HEAD if not extra else "") + body, **extra}
    sides = s.merge_case(git_repo, {GPTQ: GPTQ_BASE, **inits}, fork, [(GPTQ_SUBJECT, {GPTQ: GPTQ_AFTER})])
    assert found(git_repo.audit(no_rules, merge=sides)) == []


def test_the_getters_class_through_its_package_still_counts(git_repo: GitRepo, no_rules: Path) -> None:
    """A re-export from a package above the owner's module is upstream's class: the namesake rule keeps it."""
    package = "vllm/model_executor/layers/quantization/__init__.py"
    inits = {"vllm/model_executor/layers/__init__.py": "", package: "from .gptq_marlin import GPTQMarlinConfig\n"}
    body = (
        "from vllm.model_executor.layers.quantization import GPTQMarlinConfig\n\n\n"
        "def aeon() -> bool:\n    return GPTQMarlinConfig.get_min_capability() == 80\n"
    )
    sides = s.merge_case(
        git_repo, {GPTQ: GPTQ_BASE, **inits}, {MARLIN_FORK: body}, [(GPTQ_SUBJECT, {GPTQ: GPTQ_AFTER})]
    )
    [(_, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert line == 5 and "stands for GPTQMarlinConfig.get_min_capability()" in message


# -- the same method whose hunk first takes out a comment above the return (#34664, db5d0719e1:
#    ModelOptMxFp8Config.get_min_capability's "requires Blackwell (SM100)" comment and ``return 100`` -> 80)
GPTQ_COMMENTED = GPTQ_BASE.replace(
    "    def get_min_capability(cls) -> int:\n        return 80\n\n    @classmethod\n    def get_name",
    "    def get_min_capability(cls) -> int:\n        # needs Ampere (SM80) or newer\n        return 80\n\n"
    "    @classmethod\n    def get_name",
)
GPTQ_COMMENTED_AFTER = GPTQ_COMMENTED.replace(
    "        # needs Ampere (SM80) or newer\n        return 80\n",
    "        # Turing (SM75) runs Marlin too\n        return 75\n",
)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("def aeon_ok(cap: int) -> bool:\n    return cap >= 80  # GPTQMarlinConfig.get_min_capability()\n", 1),
        ("def aeon_ampere_only() -> bool:\n    return GPTQMarlinConfig.get_min_capability() == 80\n", 1),
        ("def aeon_turing() -> bool:\n    return GPTQMarlinConfig.get_min_capability() == 75\n", 0),
    ],
    ids=["comment names the method", "call compared", "twin: the new value"],
)
def test_a_returned_literal_below_a_removed_comment(
    git_repo: GitRepo, no_rules: Path, body: str, expected: int
) -> None:
    inits = {
        p: "" for p in ("vllm/model_executor/layers/__init__.py", "vllm/model_executor/layers/quantization/__init__.py")
    }
    sides = s.merge_case(
        git_repo,
        {GPTQ: GPTQ_COMMENTED, **inits},
        {MARLIN_FORK: GPTQ_HEAD + body},
        [(GPTQ_SUBJECT, {GPTQ: GPTQ_COMMENTED_AFTER})],
    )
    rows = found(git_repo.audit(no_rules, merge=sides))
    assert [line for _, line, _ in rows] == [GPTQ_HEAD.count("\n") + body.count("\n")] * expected
