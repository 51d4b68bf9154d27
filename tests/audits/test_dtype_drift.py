"""Dtype drift: a fork line tests (or views) a tensor as the dtype upstream changed it from.

Shaped like #51210 (c5d470ac4c), which made the model runner's ``idx_mapping`` ``torch.int64`` where
it was ``torch.int32``, and #23273 (e9b92dcd89), after which ``topk_indices_dtype()`` returns
``torch.uint32``: a fork's ``if batch.idx_mapping.dtype == torch.int32: fast(...)`` merges cleanly and
never takes its fast path again.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.drift.dtypes import RULE
from aeon_release.domain.audits.merge_rules import merge_rule_infos
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BATCH = "vllm/v1/worker/input_batch.py"
BATCH_BASE = """import torch

DEFAULT_IDS = torch.zeros(4, dtype=torch.int32)

class InputBatch:
    def __init__(self, max_num_reqs: int, device):
        self.idx_mapping = torch.arange(max_num_reqs, dtype=torch.int32, device=device)
        self.seq_lens = torch.zeros(max_num_reqs, dtype=torch.int32, device=device)
        self.positions = torch.zeros(max_num_reqs, dtype=torch.int64).pin_memory()
        self.kv_cache_dtype = torch.float8_e4m3fn
        self.last: torch.Tensor | None = None

    def reset(self):
        self.last = None


def kv_cache_dtype():
    return torch.float8_e4m3fn


def make_ids(n: int):
    return torch.arange(n, dtype=torch.int32)


def prepare(n: int):
    ids = torch.arange(n, dtype=torch.int32)
    total = n + 1
    scale = 2
    return ids.sum() * scale + total
"""
BATCH_CHANGED = (
    BATCH_BASE.replace("arange(max_num_reqs, dtype=torch.int32", "arange(max_num_reqs, dtype=torch.int64")
    .replace("zeros(max_num_reqs, dtype=torch.int64).pin_memory()", "zeros(max_num_reqs).long().pin_memory()")
    .replace("self.kv_cache_dtype = torch.float8_e4m3fn", "self.kv_cache_dtype = torch.uint8")
    .replace("    return torch.float8_e4m3fn", "    return torch.uint8")
    .replace("ids = torch.arange(n, dtype=torch.int32)", "ids = torch.arange(n, dtype=torch.long)")
    .replace("DEFAULT_IDS = torch.zeros(4, dtype=torch.int32)", "DEFAULT_IDS = torch.zeros(4, dtype=torch.int64)")
    .replace("    return torch.arange(n, dtype=torch.int32)", "    return torch.arange(n, dtype=torch.int64)")
)
SUBJECT = "[ModelRunner V2] Minor indexing optimizations (#51210)"
FORK = "vllm/v1/worker/aeon_fast_path.py"
FORK_TEXT = """# AEON: the GB10's int32 gather kernel
import torch

from vllm.v1.worker import input_batch
from vllm.v1.worker.input_batch import InputBatch, kv_cache_dtype


def aeon_gather(batch: InputBatch, x):
    if batch.idx_mapping.dtype == torch.int32:
        return aeon_int32_gather(x, batch.idx_mapping)
    ids = batch.idx_mapping
    if ids.dtype != torch.int32:
        return None
    packed = batch.idx_mapping.view(torch.int32)
    if kv_cache_dtype() == torch.float8_e4m3fn:
        return packed
    if batch.kv_cache_dtype in (torch.float8_e4m3fn, torch.float8_e5m2):
        return packed
    if input_batch.DEFAULT_IDS.dtype == torch.int32:
        return packed
    made = input_batch.make_ids(len(x))
    if made.dtype == torch.int32:  # what a call returns, bound once
        return made
    return None


def aeon_near_misses(batch: InputBatch, x):
    lens = batch.seq_lens.dtype == torch.int32  # upstream left seq_lens alone
    new = batch.idx_mapping.dtype == torch.int64  # already the new dtype
    both = batch.kv_cache_dtype in (torch.float8_e4m3fn, torch.uint8)  # either: the same outcome
    positions = batch.positions.dtype == torch.int64  # respelled: .long() is int64
    return lens, new, both, positions


DEFAULT_IDS = torch.zeros(2, dtype=torch.int32)  # the fork's own, not upstream's


def aeon_own(idx_mapping, kv_cache_dtype):
    mine = DEFAULT_IDS.dtype == torch.int32
    param = idx_mapping.dtype == torch.int32  # a parameter: the caller's tensor, whatever it is
    called = kv_cache_dtype() == torch.float8_e4m3fn
    return mine, param, called
"""


def found(report: AuditReport) -> dict[int, tuple[Severity, str]]:
    return {f.line: (f.severity, f.message) for f in report.findings if f.rule_id == RULE}


def line_of(repo: GitRepo, path: str, text: str) -> int:
    return next(i for i, line in enumerate((repo.path / path).read_text().splitlines(), 1) if text in line)


def test_a_test_of_the_old_dtype_is_an_error_and_near_misses_are_silent(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(git_repo, {BATCH: BATCH_BASE}, {FORK: FORK_TEXT}, [(SUBJECT, {BATCH: BATCH_CHANGED})])
    got = found(git_repo.audit(no_rules, merge=sides))
    expected = {
        line_of(git_repo, FORK, text)
        for text in (
            "if batch.idx_mapping.dtype == torch.int32:",
            "if ids.dtype != torch.int32:",  # a local bound once to the attribute
            "packed = batch.idx_mapping.view(torch.int32)",
            "if kv_cache_dtype() == torch.float8_e4m3fn:",
            "if batch.kv_cache_dtype in (torch.float8_e4m3fn, torch.float8_e5m2):",
            "if input_batch.DEFAULT_IDS.dtype == torch.int32:",
            "if made.dtype == torch.int32:",
        )
    }
    assert set(got) == expected
    assert {severity for severity, _ in got.values()} == {Severity.ERROR}
    first = got[line_of(git_repo, FORK, "if batch.idx_mapping.dtype == torch.int32:")][1]
    assert "upstream changed idx_mapping's dtype from torch.int32 to torch.int64" in first
    assert f"({BATCH}:7, in " in first and "#51210" in first and "test for torch.int64" in first
    view = got[line_of(git_repo, FORK, "view(torch.int32)")][1]
    assert "now reinterprets torch.int64 values" in view and "same width" not in view
    assert (
        "kv_cache_dtype() from torch.float8_e4m3fn to torch.uint8"
        in got[line_of(git_repo, FORK, "kv_cache_dtype() ==")][1]
    )


def test_a_holder_another_file_assigns_too_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    other = "vllm/v1/worker/other_batch.py"
    base = {
        BATCH: BATCH_BASE,
        other: "import torch\n\n\nclass Other:\n    def __init__(self):\n        self.idx_mapping = None\n",
    }
    fork = {FORK: FORK_TEXT.split("\n\n\ndef aeon_near_misses")[0] + "\n"}
    sides = s.merge_case(git_repo, base, fork, [(SUBJECT, {BATCH: BATCH_CHANGED})])
    got = found(git_repo.audit(no_rules, merge=sides))
    first = got[line_of(git_repo, FORK, "if batch.idx_mapping.dtype == torch.int32:")]
    assert first[0] is Severity.WARNING and "another file assigns a holder of that name too" in first[1]
    assert got[line_of(git_repo, FORK, "kv_cache_dtype() ==")][0] is Severity.ERROR


def test_a_view_of_a_storage_type_of_the_same_width_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # #44569 stores the KV cache as uint8: a fork's ``.view(torch.float8_e4m3fn)`` may read it on purpose
    base = BATCH_BASE.replace(
        "self.last: torch.Tensor | None = None", "self.cache = torch.zeros(8, dtype=torch.float8_e4m3fn)"
    )
    upstream = base.replace("zeros(8, dtype=torch.float8_e4m3fn)", "zeros(8, dtype=torch.uint8)")
    fork = {FORK: "import torch\n\n\ndef aeon_read(batch):\n    return batch.cache.view(torch.float8_e4m3fn)\n"}
    sides = s.merge_case(git_repo, {BATCH: base}, fork, [(SUBJECT, {BATCH: upstream})])
    got = found(git_repo.audit(no_rules, merge=sides))
    assert [(severity, "same width" in message) for severity, message in got.values()] == [(Severity.WARNING, True)]


def test_a_local_of_the_function_upstream_changed(git_repo: GitRepo, no_rules: Path) -> None:
    fork_batch = BATCH_BASE.replace(
        "    return ids.sum()",
        "    if ids.dtype == torch.int32:  # AEON\n        ids = ids + 0\n    return ids.sum()",
        1,
    )
    sides = s.merge_case(git_repo, {BATCH: BATCH_BASE}, {BATCH: fork_batch}, [(SUBJECT, {BATCH: BATCH_CHANGED})])
    got = found(git_repo.audit(no_rules, merge=sides))
    assert list(got) == [line_of(git_repo, BATCH, "if ids.dtype == torch.int32:  # AEON")]
    assert "ids's dtype from torch.int32 to torch.int64" in got[next(iter(got))][1]


def test_a_placeholder_or_a_dtype_upstream_did_not_state_changes_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    # ``= None`` resets are no dtype; a holder assigned from a call of unknown dtype is not judged
    upstream = BATCH_BASE.replace("self.last = None", "self.last = torch.zeros(1)").replace(
        "ids = torch.arange(n, dtype=torch.int32)", "ids = make_ids(n)"
    )
    fork = FORK_TEXT + "\n\ndef aeon_last(batch: InputBatch):\n    return batch.last.dtype == torch.int32\n"
    fork_batch = BATCH_BASE.replace(
        "    return ids.sum()", "    assert ids.dtype == torch.int32  # AEON\n    return ids.sum()"
    )
    sides = s.merge_case(git_repo, {BATCH: BATCH_BASE}, {FORK: fork, BATCH: fork_batch}, [(SUBJECT, {BATCH: upstream})])
    assert found(git_repo.audit(no_rules, merge=sides)) == {}


def test_the_rule_is_listed() -> None:
    assert RULE in {info.id for info in merge_rule_infos()}


def test_a_method_whose_return_changed_in_a_file_that_assigns_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    # #23273: PplxPrepareAndFinalize.topk_indices_dtype() returns torch.uint32 where it returned torch.int32
    prepare = "vllm/model_executor/layers/fused_moe/pplx_prepare_finalize.py"
    base = "import torch\n\n\nclass PplxPrepareAndFinalize:\n    def topk_indices_dtype(self):\n        return torch.int32\n"
    fork = {FORK: "import torch\n\n\ndef aeon_topk(pf):\n    return pf.topk_indices_dtype() == torch.int32\n"}
    sides = s.merge_case(git_repo, {prepare: base}, fork, [(SUBJECT, {prepare: base.replace("int32", "uint32")})])
    got = found(git_repo.audit(no_rules, merge=sides))
    assert [severity for severity, _ in got.values()] == [Severity.ERROR]


def test_an_attribute_the_fork_file_assigns_itself_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # the fork's own class holds an ``idx_mapping`` too: ``self.idx_mapping`` may be the fork's, not upstream's
    fork = {
        FORK: "import torch\n\n\nclass AeonIds:\n    def __init__(self, n):\n"
        "        self.idx_mapping = torch.zeros(n, dtype=torch.int32)\n\n"
        "    def fast(self):\n        return self.idx_mapping.dtype == torch.int32\n"
    }
    sides = s.merge_case(git_repo, {BATCH: BATCH_BASE}, fork, [(SUBJECT, {BATCH: BATCH_CHANGED})])
    got = found(git_repo.audit(no_rules, merge=sides))
    assert [severity for severity, _ in got.values()] == [Severity.WARNING]


def test_a_carry_in_the_file_upstream_changed_is_tied_to_its_attribute(git_repo: GitRepo, no_rules: Path) -> None:
    fork_batch = BATCH_BASE.replace(
        "    def reset(self):\n",
        "    def aeon_fast(self):\n        return self.idx_mapping.dtype == torch.int32  # AEON\n\n    def reset(self):\n",
    )
    sides = s.merge_case(git_repo, {BATCH: BATCH_BASE}, {BATCH: fork_batch}, [(SUBJECT, {BATCH: BATCH_CHANGED})])
    got = found(git_repo.audit(no_rules, merge=sides))
    assert list(got) == [line_of(git_repo, BATCH, "# AEON")]
    assert got[line_of(git_repo, BATCH, "# AEON")][0] is Severity.ERROR


WORKSPACE = "vllm/v1/attention/backends/sparse.py"
WORKSPACE_BASE = """import torch

_workspace: torch.Tensor | None = None


def get_workspace(device):
    global _workspace
    if _workspace is None:
        _workspace = torch.zeros(1024, dtype=torch.uint8, device=device)
    return _workspace


def scratch(device):
    buffer = torch.zeros(16, dtype=torch.uint8, device=device)
    return buffer
"""
WORKSPACE_INT8 = WORKSPACE_BASE.replace("1024, dtype=torch.uint8", "1024, dtype=torch.int8")


def test_a_module_buffer_a_function_makes_under_global(git_repo: GitRepo, no_rules: Path) -> None:
    """#48046 made FlashInfer's sparse MLA workspace, made lazily under ``global _fi_sparse_workspace``,
    ``int8`` where it was ``uint8``: the module's name holds it, not a local of the function."""
    fork_path = "vllm/v1/attention/backends/aeon_ws.py"
    fork = (
        "import torch\n\nfrom vllm.v1.attention.backends import sparse\n\n\ndef aeon_bytes() -> bool:\n"
        "    return sparse._workspace.dtype == torch.uint8\n"
    )
    sides = s.merge_case(
        git_repo,
        {WORKSPACE: WORKSPACE_BASE},
        {fork_path: fork},
        [("int8 workspace (#48046)", {WORKSPACE: WORKSPACE_INT8})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.path, f.line) for f in report.findings if f.rule_id == RULE]
    assert rows == [(fork_path, 7)]


def test_a_helper_returning_the_module_buffer_is_tied_through_its_import(git_repo: GitRepo, no_rules: Path) -> None:
    """#48046: ``_get_workspace_buffer(device)`` returns the ``global`` buffer it makes lazily, so its value's
    dtype went ``uint8`` -> ``int8`` with it.  Another backend defines a helper of that name too, so only
    the fork's from-import of the changed file's helper makes the tie certain (an error); the same test
    of a helper imported from the other file, of the new dtype, of a helper returning its parameter or a
    name it binds to two dtypes stays quiet."""
    other = "vllm/v1/attention/backends/dense.py"
    other_text = (
        "import torch\n\n\ndef get_workspace(device):\n    return torch.zeros(8, dtype=torch.uint8, device=device)\n"
    )
    base = WORKSPACE_BASE + (
        "\n\ndef passthrough(t):\n    return t\n\n\ndef either(device, wide):\n"
        "    out = torch.zeros(4, dtype=torch.uint8, device=device)\n"
        "    if wide:\n        out = torch.zeros(4, dtype=torch.int32, device=device)\n    return out\n"
    )
    changed = base.replace("1024, dtype=torch.uint8", "1024, dtype=torch.int8").replace(
        "4, dtype=torch.uint8", "4, dtype=torch.int8"
    )
    fork_path = "vllm/v1/attention/backends/aeon_ws.py"
    fork = (
        "import torch\n\n"
        "from vllm.v1.attention.backends.sparse import either, get_workspace, passthrough\n\n\n"
        "def aeon_bytes(device) -> bool:\n"
        "    return get_workspace(device).dtype == torch.uint8\n\n\n"
        "def aeon_twins(device, t) -> tuple[bool, bool, bool]:\n"
        "    new = get_workspace(device).dtype == torch.int8\n"
        "    param = passthrough(t).dtype == torch.uint8\n"
        "    two = either(device, True).dtype == torch.uint8\n"
        "    return new, param, two\n"
    )
    twin_path = "vllm/v1/attention/backends/aeon_dense.py"
    twin = (
        "import torch\n\nfrom vllm.v1.attention.backends.dense import get_workspace\n\n\n"
        "def aeon_dense_bytes(device) -> bool:\n    return get_workspace(device).dtype == torch.uint8\n"
    )
    # #48046 changed the dense MLA backend's helper of that name too: the fork's import picks the holder
    mla = "vllm/v1/attention/backends/a_mla.py"
    sides = s.merge_case(
        git_repo,
        {WORKSPACE: base, other: other_text, mla: other_text},
        {fork_path: fork, twin_path: twin},
        [("int8 workspace (#48046)", {WORKSPACE: changed, mla: other_text.replace("uint8", "int8")})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    errors = [(f.path, f.line) for f in report.findings if f.rule_id == RULE and f.severity is Severity.ERROR]
    assert errors == [(fork_path, 7)]
