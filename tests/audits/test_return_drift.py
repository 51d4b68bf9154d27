"""Return drift: a fork line unpacks a function whose returned tuple upstream made longer.

Shaped like #47782 (8ac8375270), which made KVCacheManager.get_computed_blocks return
``(blocks, num_new_computed_tokens, shared_prefix_boundary)`` instead of two values: a fork
scheduler line ``blocks, n = kv_cache_manager.get_computed_blocks(request)`` merges cleanly and
raises on the first request.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MANAGER = "vllm/v1/core/kv_cache_manager.py"
MANAGER_BASE = """from vllm.v1.request import Request


class KVCacheManager:
    def __init__(self, enable_caching: bool) -> None:
        self.enable_caching = enable_caching

    def get_computed_blocks(self, request: Request) -> tuple[list[int], int]:
        if not self.enable_caching:
            return [], 0
        blocks = self.find_longest_cache_hit(request)
        return blocks, len(blocks) * 16

    def find_longest_cache_hit(self, request: Request) -> list[int]:
        return []

    def usage(self) -> tuple[float, int]:
        return 0.0, 0
"""
MANAGER_THREE = MANAGER_BASE.replace("tuple[list[int], int]:", "tuple[list[int], int, int]:")
MANAGER_THREE = MANAGER_THREE.replace("return [], 0\n", "return [], 0, 0\n").replace(
    "return blocks, len(blocks) * 16", "return blocks, len(blocks) * 16, request.num_tokens"
)
SUBJECT = "[Core] Preserve Marconi caching with selective hybrid cache retention (#47782)"
REQUEST = "vllm/v1/request.py"
REQUEST_TEXT = "class Request:\n    num_tokens: int = 0\n    num_prompt_tokens: int = 0\n"
FORK = "vllm/v1/core/sched/aeon_admission.py"
FORK_TEXT = """# AEON: admit a request at once when its prefix hit covers the whole prompt
from vllm.v1.core.kv_cache_manager import KVCacheManager
from vllm.v1.request import Request


def aeon_fully_cached(kv_cache_manager: KVCacheManager, request: Request) -> bool:
    computed_blocks, num_computed_tokens = kv_cache_manager.get_computed_blocks(request)
    usage, _ = kv_cache_manager.usage()
    return num_computed_tokens >= request.num_prompt_tokens - 1 and usage < 0.9
"""
INITS = {"vllm/v1/core/__init__.py": "", "vllm/v1/core/sched/__init__.py": ""}


def found(report: AuditReport) -> list[tuple[str, int, str]]:
    return [(f.path, f.line, f.message) for f in report.findings if f.rule_id == RULE]


def test_unpacking_the_old_length_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {MANAGER: MANAGER_BASE, REQUEST: REQUEST_TEXT, **INITS},
        {FORK: FORK_TEXT},
        [(SUBJECT, {MANAGER: MANAGER_THREE})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    [(path, line, message)] = found(report)
    assert (path, line) == (FORK, 7)  # the unpack of get_computed_blocks; usage() kept its two values
    assert "unpacks 2 values from kv_cache_manager.get_computed_blocks()" in message
    assert "to return 3 (vllm/v1/core/kv_cache_manager.py, in " in message and "#47782" in message
    assert [f.severity.value for f in report.findings if f.rule_id == RULE] == ["error"]


def test_a_fork_that_takes_the_new_length_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    fork = FORK_TEXT.replace("computed_blocks, num_computed_tokens =", "computed_blocks, num_computed_tokens, _ =")
    sides = s.merge_case(
        git_repo,
        {MANAGER: MANAGER_BASE, REQUEST: REQUEST_TEXT, **INITS},
        {FORK: fork},
        [(SUBJECT, {MANAGER: MANAGER_THREE})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


@pytest.mark.parametrize("typed", [False, True], ids=["untyped receiver", "receiver typed as the class"])
def test_a_name_defined_with_other_shapes_elsewhere_resolves_only_through_a_typed_receiver(
    git_repo: GitRepo, no_rules: Path, typed: bool
) -> None:
    """Another class's get_computed_blocks returns one value: an untyped receiver's call cannot be resolved
    by name; one typed as KVCacheManager is that class's method, whose tuple grew."""
    other = "vllm/v1/core/aeon_other.py"
    text = "class Other:\n    def get_computed_blocks(self, request):\n        return None\n"
    fork = FORK_TEXT if typed else FORK_TEXT.replace("kv_cache_manager: KVCacheManager,", "kv_cache_manager,")
    sides = s.merge_case(
        git_repo,
        {MANAGER: MANAGER_BASE, REQUEST: REQUEST_TEXT, other: text, **INITS},
        {FORK: fork},
        [(SUBJECT, {MANAGER: MANAGER_THREE})],
    )
    got = [(path, line) for path, line, _ in found(git_repo.audit(no_rules, merge=sides))]
    assert got == ([(FORK, 7)] if typed else [])


def test_a_fork_override_that_returns_the_old_length_is_the_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's own subclass returns two values: upstream's callers unpack three from it now, and its
    ``super()`` call unpacks two of three.  The fork's plain unpack of the name is not claimed (it may
    be of the fork's own override)."""
    fork = FORK_TEXT + "\n\nclass AeonManager(KVCacheManager):\n    def get_computed_blocks(self, request):\n"
    fork += "        if request.num_tokens:\n            return [], 0\n"
    fork += "        blocks, num_tokens = super().get_computed_blocks(request)\n        return blocks, num_tokens\n"
    sides = s.merge_case(
        git_repo,
        {MANAGER: MANAGER_BASE, REQUEST: REQUEST_TEXT, **INITS},
        {FORK: fork},
        [(SUBJECT, {MANAGER: MANAGER_THREE})],
    )
    lines = fork.splitlines()
    [(_, first, override), (_, second, unpack)] = sorted(found(git_repo.audit(no_rules, merge=sides)))
    assert first == lines.index("            return [], 0") + 1
    assert "override AeonManager.get_computed_blocks() returns 2 values" in override and "#47782" in override
    assert second == lines.index("        blocks, num_tokens = super().get_computed_blocks(request)") + 1
    assert "unpacks 2 values from super().get_computed_blocks()" in unpack


def test_a_fork_override_that_returns_the_new_length_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "from vllm.v1.core.kv_cache_manager import KVCacheManager\n\n\nclass AeonManager(KVCacheManager):\n"
    fork += "    def get_computed_blocks(self, request):\n        return [], 0, 0\n"
    sides = s.merge_case(
        git_repo,
        {MANAGER: MANAGER_BASE, REQUEST: REQUEST_TEXT, **INITS},
        {FORK: fork},
        [(SUBJECT, {MANAGER: MANAGER_THREE})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# -- the same values, returned in another order --------------------------------------------------------------
STATS = "vllm/v1/core/kv_cache_stats.py"
STATS_BASE = (
    "def hit_stats(blocks: list[int]) -> tuple[int, int]:\n    queries = len(blocks)\n    hits = sum(blocks)\n"
    "    if not blocks:\n        return queries, hits\n    return queries, hits\n\n\n"
    + "".join(f"def other{i}(x: int) -> int:\n    return x + {i}\n\n\n" for i in range(6))
)
STATS_SWAPPED = STATS_BASE.replace("return queries, hits\n", "return hits, queries\n")
STATS_USER = "vllm/v1/core/sched/aeon_stats.py"


def _reordered(
    git_repo: GitRepo, no_rules: Path, unpack: str, upstream: str = STATS_SWAPPED
) -> list[tuple[str, int, str]]:
    user = f"from vllm.v1.core.kv_cache_stats import hit_stats\n\n\ndef aeon_rate(blocks):\n    {unpack} = hit_stats(blocks)\n    return 1\n"
    sides = s.merge_case(
        git_repo,
        {**INITS, STATS: STATS_BASE},
        {STATS_USER: user},
        [("[Metrics] Report hits first (#4)", {STATS: upstream})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


def test_unpacking_values_upstream_reordered_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    [(path, line, message)] = _reordered(git_repo, no_rules, "queries, hits")
    assert (path, line) == (STATS_USER, 5)
    assert "upstream reordered what hit_stats() returns, (queries, hits) -> (hits, queries)" in message
    assert "#4" in message


def test_an_unpack_in_the_new_order_or_a_rename_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    assert _reordered(git_repo, no_rules, "hits, queries") == []  # the fork follows upstream already


STATS_INSERTED = (
    STATS_BASE.replace("tuple[int, int]", "tuple[int, int, int]")
    .replace("return queries, hits\n", "return queries, misses, hits\n")
    .replace("    hits = sum(blocks)\n", "    hits = sum(blocks)\n    misses = queries - hits\n")
)


STATS_RENAMED = STATS_INSERTED.replace("return queries, misses, hits\n", "return total, hits, misses\n").replace(
    "    queries = len(blocks)\n", "    queries = total = len(blocks)\n"
)


POSITION_ROWS: list[tuple[str, str, str | None]] = [
    ("stats = hit_stats(blocks)\n    return stats[1]", STATS_SWAPPED, "which was `hits`; upstream changed"),
    ("return hit_stats(blocks)[1]", STATS_SWAPPED, "`queries` is there now"),
    ("stats = hit_stats(blocks)\n    return stats[1]", STATS_INSERTED, "`misses` is there now"),
    ("stats = hit_stats(blocks)\n    return stats[0]", STATS_INSERTED, None),  # the element did not move
    ("stats = hit_stats(blocks)\n    stats = [0, 0]\n    return stats[1]", STATS_SWAPPED, None),  # rebound
    ("stats = hit_stats(blocks)\n    for stats in [(0, 0)]:\n        return stats[1]", STATS_SWAPPED, None),
    ("return hit_stats(blocks)[0]", STATS_RENAMED, None),  # queries renamed total: the same value
]


@pytest.mark.parametrize(("read", "upstream", "says"), POSITION_ROWS)
def test_an_element_read_by_position_that_upstream_moved(
    git_repo: GitRepo, no_rules: Path, read: str, upstream: str, says: str | None
) -> None:
    """``stats[1]`` of a returned tuple is the same drift as an unpack: after upstream reordered or
    inserted values, the fork reads another one, silently (same type, often)."""
    if says is None:
        _, got = _stats_case(git_repo, no_rules, read, upstream)
        assert got == []
    else:
        [(path, line, message)] = _stats_among_errors(git_repo, no_rules, read, upstream)
        line_text = _stats_user(read).splitlines()[line - 1]
        assert path == STATS_USER and "[1]" in line_text and says in message, message


STATS_APPENDED = (
    STATS_BASE.replace("tuple[int, int]", "tuple[int, int, int]")
    .replace("return queries, hits\n", "return queries, hits, misses\n")
    .replace("    hits = sum(blocks)\n", "    hits = sum(blocks)\n    misses = queries - hits\n")
)


END_ROWS: list[tuple[str, str, str | None]] = [
    ("return hit_stats(blocks)[-1]", STATS_APPENDED, "`misses` is there now"),
    ("stats = hit_stats(blocks)\n    return stats[-1]", STATS_SWAPPED, "`queries` is there now"),
    ("return hit_stats(blocks)[-2]", STATS_APPENDED, "`hits` is there now"),
    ("return hit_stats(blocks)[-1]", STATS_INSERTED, None),  # inserted before it: the last stayed
    ("return hit_stats(blocks)[0]", STATS_APPENDED, None),  # appended after it: the first stayed
]


@pytest.mark.parametrize(
    ("read", "upstream", "says"),
    END_ROWS,
    ids=["appended", "swapped, through a local", "second from the end", "inserted before", "the first"],
)
def test_an_element_read_from_the_end_that_upstream_moved(
    git_repo: GitRepo, no_rules: Path, read: str, upstream: str, says: str | None
) -> None:
    """``stats[-1]`` counts from the end: a value appended upstream takes the last place."""
    if says is None:
        _, got = _stats_case(git_repo, no_rules, read, upstream)
        assert got == []
    else:
        # the error rows join the position and unpack tests' batch (``_stats_among_errors``, suitespeed15)
        [(path, line, message)] = _stats_among_errors(git_repo, no_rules, read, upstream)
        user = _stats_user(read)
        assert path == STATS_USER and "[" in user.splitlines()[line - 1] and says in message, message


def test_returned_names_that_changed_are_not_a_reorder(git_repo: GitRepo, no_rules: Path) -> None:
    renamed = STATS_BASE.replace("    return queries, hits\n", "    return queries, hits * 2\n")
    assert _reordered(git_repo, no_rules, "queries, hits", renamed) == []


# -- a value upstream stopped returning (made in place) ------------------------------------------------------
STATES = "vllm/v1/worker/input_batch.py"
STATES_BASE = (
    "def update_states(batch: list[int], out: list[int]) -> bool:\n    changed = bool(batch)\n"
    "    out.extend(batch)\n    return changed\n\n\n"
    + "".join(f"def other{i}(x: int) -> int:\n    return x + {i}\n\n\n" for i in range(6))
)
STATES_IN_PLACE = STATES_BASE.replace(
    "-> bool:\n    changed = bool(batch)\n    out.extend(batch)\n    return changed\n",
    "-> None:\n    out.extend(batch)\n",
)
STATES_USER = "vllm/v1/worker/aeon_step.py"


def _voided(
    git_repo: GitRepo, no_rules: Path, line: str, upstream: str = STATES_IN_PLACE
) -> list[tuple[str, int, str]]:
    user = (
        "from vllm.v1.worker.input_batch import update_states\n\n\ndef aeon_step(batch, out):\n"
        f"    {line}\n    return out\n"
    )
    sides = s.merge_case(
        git_repo,
        {"vllm/v1/worker/__init__.py": "", STATES: STATES_BASE},
        {STATES_USER: user},
        [("[Core] Update the batch in place (#5)", {STATES: upstream})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


def test_a_fork_line_that_keeps_a_value_upstream_stopped_returning(git_repo: GitRepo, no_rules: Path) -> None:
    [(path, line, message)] = _voided(git_repo, no_rules, "changed = update_states(batch, out)  # AEON")
    assert (path, line) == (STATES_USER, 5)
    assert "uses the value of update_states(), but upstream changed update_states() to return nothing" in message
    assert "#5" in message and "it now holds None" in message


def test_a_fork_test_of_a_value_upstream_stopped_returning(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, _, message)] = _voided(git_repo, no_rules, "if not update_states(batch, out):  # AEON\n        return []")
    assert "the test now sees None every time" in message


def test_a_plain_call_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    assert _voided(git_repo, no_rules, "update_states(batch, out)  # AEON") == []


def test_a_value_still_returned_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    still = STATES_BASE.replace("    return changed\n", "    return changed or not out\n")
    assert _voided(git_repo, no_rules, "changed = update_states(batch, out)  # AEON", still) == []


# -- starred and loop unpacks: the same positions, bound another way --------------------------------------
STATS_ROWS: list[tuple[str, str, str | None]] = [
    ("first, *rest = hit_stats(blocks)\n    return first", STATS_SWAPPED, "`first` took `queries`"),
    ("*rest, last = hit_stats(blocks)\n    return last", STATS_SWAPPED, "`last` took `hits`"),
    ("*rest, last = hit_stats(blocks)\n    return last", STATS_INSERTED, None),  # hits is still last
    ("first, *rest = hit_stats(blocks)\n    return first", STATS_INSERTED, None),  # queries is still first
    ("first, *rest = hit_stats(blocks)\n    return first", STATS_RENAMED, None),  # renamed: the same value
    ("first, *rest = hit_stats(blocks)\n    return rest[0]", STATS_INSERTED, "`misses` is there now"),
    ("for queries, hits in zip(*hit_stats(blocks)):\n        print(hits)", STATS_SWAPPED, "reordered"),
    ("for hits, queries in zip(*hit_stats(blocks)):\n        print(hits)", STATS_SWAPPED, None),  # new order
    ("for queries, hits in map(hit_stats, blocks):\n        print(hits)", STATS_INSERTED, "to return 3"),
    ("return [h for q, h in [hit_stats(b) for b in blocks]]", STATS_INSERTED, "to return 3"),
    ("for queries, hits in zip(hit_stats(blocks), blocks):\n        print(hits)", STATS_SWAPPED, None),
]


@pytest.mark.parametrize(("read", "upstream", "says"), STATS_ROWS)
def test_a_starred_or_loop_unpack_of_values_upstream_moved(
    git_repo: GitRepo, no_rules: Path, read: str, upstream: str, says: str | None
) -> None:
    """``a, *rest = f()``, ``for a, b in zip(*f())``, ``for a, b in map(f, xs)``: each binds the returned
    values by position like a plain unpack, so a reorder or an insertion hands them other values.  A
    fixed name whose value stayed (an insert behind it, a rename) is silent, and so is a zip of the
    returned tuple with something else (its steps are not the tuple's elements)."""
    if says is None:
        _, got = _stats_case(git_repo, no_rules, read, upstream)
        assert got == []
    else:
        [(path, _, message)] = _stats_among_errors(git_repo, no_rules, read, upstream)
        assert path == STATS_USER and says in message and "#4" in message, message


PAIRS = "vllm/v1/core/kv_cache_pairs.py"
PAIRS_BASE = (
    "def block_pairs(blocks: list[int]):\n    for block in blocks:\n        hash_ = hash(block)\n"
    "        yield block, hash_\n\n\n"
    + "".join(f"def other{i}(x: int) -> int:\n    return x + {i}\n\n\n" for i in range(6))
)
PAIRS_SWAPPED = PAIRS_BASE.replace("yield block, hash_", "yield hash_, block")
PAIRS_LONGER = PAIRS_BASE.replace("yield block, hash_", "yield block, hash_, None")


@pytest.mark.parametrize(
    ("loop", "upstream", "says"),
    [
        ("for block, hash_ in block_pairs(blocks):", PAIRS_SWAPPED, "reordered what block_pairs() yields"),
        ("for i, (block, hash_) in enumerate(block_pairs(blocks)):", PAIRS_SWAPPED, "reordered"),
        ("for block, hash_ in block_pairs(blocks):", PAIRS_LONGER, "to yield 3"),
        ("for hash_, block in block_pairs(blocks):", PAIRS_SWAPPED, None),  # the fork follows the new order
        ("for block, hash_ in sorted(block_pairs(blocks)):", PAIRS_BASE.replace("hash(block)", "id(block)"), None),
    ],
)
def test_a_loop_over_what_a_generator_yields(
    git_repo: GitRepo, no_rules: Path, loop: str, upstream: str, says: str | None
) -> None:
    """``for a, b in gen()`` unpacks each yielded tuple: a generator whose yielded tuple upstream
    reordered or lengthened hands the fork's names each other's values (or raises)."""
    user = f"from vllm.v1.core.kv_cache_pairs import block_pairs\n\n\ndef aeon_index(blocks):\n    {loop}\n        print(block)\n"
    sides = s.merge_case(
        git_repo, {**INITS, PAIRS: PAIRS_BASE}, {STATS_USER: user}, [("[Core] Hash first (#6)", {PAIRS: upstream})]
    )
    got = found(git_repo.audit(no_rules, merge=sides))
    if says is None:
        assert got == []
    else:
        [(path, line, message)] = got
        assert (path, line) == (STATS_USER, 5) and says in message and "#6" in message, message


def _stats_user(read: str) -> str:
    return f"from vllm.v1.core.kv_cache_stats import hit_stats\n\n\ndef aeon_rate(blocks):\n    {read}\n"


def _stats_case(git_repo: GitRepo, no_rules: Path, read: str, upstream: str) -> tuple[str, list[tuple[str, int, str]]]:
    """A fork module whose function reads ``hit_stats(...)`` as ``read``, merged under upstream's
    ``upstream`` version of the stats module: the module's text and the return-drift findings."""
    user = _stats_user(read)
    sides = s.merge_case(
        git_repo,
        {**INITS, STATS: STATS_BASE},
        {STATS_USER: user},
        [("[Metrics] Report hits first (#4)", {STATS: upstream})],
    )
    return user, found(git_repo.audit(no_rules, merge=sides))


# The error rows of the position and unpack tests above put one fork module beside the same base and upstream, each
# pinning the audit's one finding: no row's module imports another's, so one merge and one audit of every error row's
# module of an upstream side by side answers each of them (nine merges and audits became two per process;
# suitespeed9; the from-the-end test's three error rows joined them in suitespeed15), and a finding outside the rows'
# modules fails the batch, as a second finding failed a row.  The quiet rows keep a merge each: there a row's module
# could be quiet for something another row's module declared.
_STATS_AUDITED: dict[tuple[str, tuple[str, ...]], dict[str, list[tuple[str, int, str]]]] = {}


def _stats_among_errors(git_repo: GitRepo, no_rules: Path, read: str, upstream: str) -> list[tuple[str, int, str]]:
    """``_stats_case``'s findings of an error row, from the one audit of every error row's module of ``upstream``."""
    rows = (*POSITION_ROWS, *END_ROWS, *STATS_ROWS)
    reads = tuple(dict.fromkeys(row[0] for row in rows if row[1] == upstream and row[2] is not None))
    if (upstream, reads) not in _STATS_AUDITED:
        paths = {text: f"vllm/v1/core/sched/aeon_stats_{number}.py" for number, text in enumerate(reads)}
        sides = s.merge_case(
            git_repo,
            {**INITS, STATS: STATS_BASE},
            {path: _stats_user(text) for text, path in paths.items()},
            [("[Metrics] Report hits first (#4)", {STATS: upstream})],
        )
        every = found(git_repo.audit(no_rules, merge=sides))
        assert all(path in paths.values() for path, _, _ in every), every
        _STATS_AUDITED[(upstream, reads)] = {
            text: [(STATS_USER, line, message) for at, line, message in every if at == path]
            for text, path in paths.items()
        }
    return _STATS_AUDITED[(upstream, reads)][read]


# -- a KV cache layout reordered in one backend of many (#42095: FlashAttention made num-blocks first) -----
BACKENDS = "vllm/v1/attention/backends/registry_shapes.py"
BACKENDS_BASE = "".join(
    f"class {name}:\n    @staticmethod\n    def get_kv_cache_shape(num_blocks, block_size, num_kv_heads, head_size):\n"
    f"        return {shape}\n\n\n"
    for name, shape in (
        ("FlashAttentionBackend", "(2, num_blocks, block_size, num_kv_heads, head_size)"),
        ("FlashInferBackend", "(num_blocks, 2, block_size, num_kv_heads, head_size)"),
        ("TritonAttentionBackend", "(num_blocks, 2, block_size, num_kv_heads, head_size)"),
    )
)
BACKENDS_BLOCKS_FIRST = BACKENDS_BASE.replace(
    "return (2, num_blocks, block_size", "return (num_blocks, 2, block_size", 1
)
AEON_KV = "vllm/v1/attention/ops/aeon_kv.py"


@pytest.mark.parametrize(
    ("backend", "read", "says"),
    [
        (
            "FlashAttentionBackend",
            "shape = {cls}.get_kv_cache_shape(n, 16, 8, 128)\n    return shape[0]",
            "which was `2`",
        ),
        (
            "FlashAttentionBackend",
            "two, blocks, size, heads, dim = {cls}.get_kv_cache_shape(n, 16, 8, 128)\n    return blocks",
            "unpacks 5 values",
        ),
        (
            "FlashInferBackend",
            "shape = {cls}.get_kv_cache_shape(n, 16, 8, 128)\n    return shape[0]",
            None,
        ),  # its layout stayed
    ],
    ids=["indexed", "unpacked", "another backend"],
)
def test_a_shape_one_backend_of_many_reordered(
    git_repo: GitRepo, no_rules: Path, backend: str, read: str, says: str | None
) -> None:
    """The method is defined in every backend with its own layout, so its name alone resolves to no one
    shape; called through the class, it is that class's.  ``(2, num_blocks, ...)`` made
    ``(num_blocks, 2, ...)`` is a reorder of the same elements: the fork's kernel reads keys where the
    blocks are now."""
    fork = f"from vllm.v1.attention.backends.registry_shapes import {backend}\n\n\ndef aeon_blocks(n):\n    {read.format(cls=backend)}\n"
    sides = s.merge_case(
        git_repo,
        {BACKENDS: BACKENDS_BASE},
        {AEON_KV: fork},
        [("[Attention] Make FlashAttention use num-blocks first layouts (#42095)", {BACKENDS: BACKENDS_BLOCKS_FIRST})],
    )
    got = found(git_repo.audit(no_rules, merge=sides))
    if says is None:
        assert got == []
        return
    [(path, line, message)] = got
    assert path == AEON_KV and fork.splitlines()[line - 1].strip().startswith(("return shape[0]", "two,")), line
    assert says in message, message
    assert "(2, num_blocks, block_size, num_kv_heads, head_size) -> (num_blocks, 2, block_size" in message
    assert "#42095" in message


# -- a value at a position upstream changed (tuple_values.py) ----------------------------------------
LAYOUT = "vllm/v1/attention/kv_layout.py"
LAYOUT_BASE = """import torch

from vllm.v1.attention.modes import KVMode


def kv_layout(cache_dtype: str, block: int):
    if cache_dtype.startswith("fp8"):
        return torch.float8_e4m3fn, KVMode.FP8, block, 4
    return torch.bfloat16, KVMode.NONE, block, 0
"""
MODES = "vllm/v1/attention/modes.py"
MODES_TEXT = "import enum\n\n\nclass KVMode(enum.IntEnum):\n    NONE = 0\n    FP8 = 1\n    PACKED = 2\n"
LAYOUT_USER = "vllm/v1/attention/aeon_layout.py"


def _layout_user(use: str) -> str:
    return (
        "import torch\n\nfrom vllm.v1.attention import kv_layout as kl\nfrom vllm.v1.attention.modes import KVMode\n\n\n"
        f"def aeon_fast(cache_dtype, block):\n    dtype, mode, size, bits = kl.kv_layout(cache_dtype, block)\n"
        f"    return {use}\n"
    )


def _layout_case(git_repo: GitRepo, no_rules: Path, use: str, upstream: str) -> list[tuple[str, int, str]]:
    sides = s.merge_case(
        git_repo,
        {"vllm/v1/attention/__init__.py": "", LAYOUT: LAYOUT_BASE, MODES: MODES_TEXT},
        {LAYOUT_USER: _layout_user(use)},
        [("[KV] Pack fp8 KV (#44001)", {LAYOUT: upstream})],
    )
    return [
        (path, line, message)
        for path, line, message in found(git_repo.audit(no_rules, merge=sides))
        if path == LAYOUT_USER
    ]


# The error rows of the comparison test below (a finding pinned in each) put one fork module beside the same base
# and upstream: no row's module imports another's, so one merge and one audit of every error row's module of an
# upstream side by side answers each of them (nine merges and audits became two per process; suitespeed8).  The
# quiet rows keep a merge each: there a row's module could be quiet for something another row's module declared.
_LAYOUT_AUDITED: dict[tuple[str, tuple[str, ...]], dict[str, list[tuple[str, int, str]]]] = {}


def _layout_among_errors(git_repo: GitRepo, no_rules: Path, use: str, upstream: str) -> list[tuple[str, int, str]]:
    """``_layout_case`` of an error row, from the one audit of every error row's module of ``upstream``."""
    uses = tuple(dict.fromkeys(row[0] for row in LAYOUT_ROWS if row[1] == upstream and row[2] is not None))
    if (upstream, uses) not in _LAYOUT_AUDITED:
        paths = {text: f"vllm/v1/attention/aeon_layout_{number}.py" for number, text in enumerate(uses)}
        sides = s.merge_case(
            git_repo,
            {"vllm/v1/attention/__init__.py": "", LAYOUT: LAYOUT_BASE, MODES: MODES_TEXT},
            {path: _layout_user(text) for text, path in paths.items()},
            [("[KV] Pack fp8 KV (#44001)", {LAYOUT: upstream})],
        )
        every = found(git_repo.audit(no_rules, merge=sides))
        assert all(path in paths.values() for path, _, _ in every), every
        _LAYOUT_AUDITED[(upstream, uses)] = {
            text: [(LAYOUT_USER, line, message) for at, line, message in every if at == path]
            for text, path in paths.items()
        }
    return _LAYOUT_AUDITED[(upstream, uses)][use]


_PACKED = LAYOUT_BASE.replace("torch.float8_e4m3fn, KVMode.FP8, block, 4", "torch.uint8, KVMode.PACKED, block, 8")
_SWAPPED = LAYOUT_BASE.replace("return torch.float8_e4m3fn, KVMode.FP8", "return KVMode.FP8, torch.float8_e4m3fn")
_SWAPPED = _SWAPPED.replace("return torch.bfloat16, KVMode.NONE", "return KVMode.NONE, torch.bfloat16")
_COMPUTED = LAYOUT_BASE.replace("torch.float8_e4m3fn, KVMode.FP8", "current_dtype(), KVMode.FP8")


LAYOUT_ROWS: list[tuple[str, str, str | None]] = [
    ("dtype == torch.float8_e4m3fn", _PACKED, "with torch.float8_e4m3fn, which kv_layout() returned there"),
    ("mode is KVMode.FP8", _PACKED, "returns only KVMode.NONE, KVMode.PACKED there now"),
    ("bits != 4", _PACKED, "element 3 of what kl.kv_layout() returns, with 4"),
    ("dtype in (torch.float8_e4m3fn, torch.float16)", _PACKED, "with torch.float8_e4m3fn"),
    (
        "torch.float8_e4m3fn == dtype",
        _SWAPPED,
        "only KVMode.FP8, KVMode.NONE there now (torch.float8_e4m3fn is element 1)",
    ),
    ("dtype == torch.uint8", _PACKED, None),  # the new value
    ("dtype == torch.bfloat16", _PACKED, None),  # still returned there
    ("size == 16", _PACKED, None),  # a value the position never held
    ("dtype == torch.float8_e4m3fn", _COMPUTED, None),  # computed upstream: it may still be that
    ("mode == KVMode.FP8", LAYOUT_BASE.replace("block, 4", "block, 6"), None),  # another position changed
    ("kl.kv_layout(cache_dtype, block)[0] == torch.float8_e4m3fn", _PACKED, "compares `kl.kv_layout(cache_dtype"),
    ("kl.kv_layout(cache_dtype, block)[1] == KVMode.FP8", _PACKED, "element 1 of what kl.kv_layout() returns"),
    ("kl.kv_layout(cache_dtype, block)[1] == KVMode.NONE", _PACKED, None),
    # the test takes the value upstream returns there now as well: it still holds where it held
    ("dtype in (torch.float8_e4m3fn, torch.uint8)", _PACKED, None),
    ("dtype == torch.float8_e4m3fn or dtype == torch.uint8", _PACKED, None),
    ("size > 0 and (mode is KVMode.FP8 or mode is KVMode.PACKED)", _PACKED, None),
    # a value still returned on another path is no such cover: the fp8 path now fails the test
    ("dtype in (torch.float8_e4m3fn, torch.bfloat16)", _PACKED, "with torch.float8_e4m3fn"),
    ("dtype == torch.float8_e4m3fn or dtype == torch.bfloat16", _PACKED, "with torch.float8_e4m3fn"),
    # mend81: an ``and`` joins only unlikes into one test (``not in``); a like beside them is judged alone
    ("mode is KVMode.FP8 and mode is not KVMode.PACKED", _PACKED, "with KVMode.FP8"),
    ("dtype == torch.float8_e4m3fn and dtype != torch.uint8", _PACKED, "with torch.float8_e4m3fn"),
    ("mode is not KVMode.FP8 and mode is not KVMode.PACKED", _PACKED, None),
    ("dtype != torch.float8_e4m3fn and dtype != torch.uint8", _PACKED, None),
]


@pytest.mark.parametrize(
    ("use", "upstream", "says"),
    LAYOUT_ROWS,
    ids=[
        "dtype",
        "member",
        "literal",
        "in",
        "reordered",
        "new",
        "kept",
        "never",
        "computed",
        "other position",
        "indexed",
        "indexed member",
        "indexed kept",
        "in with the new",
        "or with the new",
        "nested or with the new",
        "in with a kept one",
        "or with a kept one",
        "and of is and is not",
        "and of == and !=",
        "and of is-nots with the new",
        "and of != with the new",
    ],
)
def test_a_comparison_with_a_value_upstream_no_longer_returns_at_that_position(
    git_repo: GitRepo, no_rules: Path, use: str, upstream: str, says: str | None
) -> None:
    """The dtype (or enum member, or number) at position k of a returned tuple: upstream changed or moved
    it, and the fork's test of the name it unpacked from there flips for good, silently."""
    if says is None:
        assert _layout_case(git_repo, no_rules, use, upstream) == []
        return
    [(_, line, message)] = _layout_among_errors(git_repo, no_rules, use, upstream)
    assert line == 9 and says in message and "#44001" in message, message


def test_one_tuple_reordered_is_reported_once_on_the_unpack(git_repo: GitRepo, no_rules: Path) -> None:
    pair = "vllm/v1/attention/pair.py"
    user = "from vllm.v1.attention.pair import pair\n\n\ndef aeon(x):\n    a, b = pair()\n    return a == 'bf16'\n"
    sides = s.merge_case(
        git_repo,
        {"vllm/v1/attention/__init__.py": "", pair: "def pair():\n    return 'bf16', 4\n"},
        {"vllm/v1/attention/aeon_pair.py": user},
        [("[KV] Swap (#44002)", {pair: "def pair():\n    return 4, 'bf16'\n"})],
    )
    [(_, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert line == 5 and "upstream reordered what pair() returns" in message


LAYOUTS = "vllm/v1/attention/layouts.py"
LAYOUTS_BASE = """import torch


class FlashBackend:
    @staticmethod
    def layout():
        return torch.bfloat16, 16


class CpuBackend:
    @staticmethod
    def layout():
        return pick_dtype(), 16
"""


@pytest.mark.parametrize(
    ("call", "reported"), [("FlashBackend.layout()", True), ("backend.layout()", False)], ids=["class", "any"]
)
def test_a_value_changed_in_one_class_s_method_of_a_shared_name(
    git_repo: GitRepo, no_rules: Path, call: str, reported: bool
) -> None:
    """``layout`` is two classes' method, one returning a computed dtype: by its name alone the position is
    not known; called through the class that changed it, it is."""
    user = (
        "import torch\n\nfrom vllm.v1.attention.layouts import FlashBackend\n\n\n"
        f"def aeon(backend):\n    dtype, block = {call}\n    return dtype == torch.bfloat16\n"
    )
    sides = s.merge_case(
        git_repo,
        {"vllm/v1/attention/__init__.py": "", LAYOUTS: LAYOUTS_BASE},
        {"vllm/v1/attention/aeon_layouts.py": user},
        [("[KV] fp16 flash (#44003)", {LAYOUTS: LAYOUTS_BASE.replace("torch.bfloat16, 16", "torch.float16, 16")})],
    )
    got = [(line, m) for _, line, m in found(git_repo.audit(no_rules, merge=sides))]
    assert [line for line, _ in got] == ([8] if reported else [])


@pytest.mark.parametrize(
    ("rebind", "reported"), [("", True), ("        self.dtype = torch.float16\n", False)], ids=["once", "rebound"]
)
def test_a_position_unpacked_into_self_and_compared_in_another_method(
    git_repo: GitRepo, no_rules: Path, rebind: str, reported: bool
) -> None:
    user = (
        "import torch\n\nfrom vllm.v1.attention.kv_layout import kv_layout\n\n\nclass AeonCache:\n"
        "    def __init__(self, cache_dtype):\n        self.dtype, self.mode, self.block, self.bits = kv_layout(cache_dtype, 16)\n"
        f"{rebind}\n    def fast(self):\n        return self.dtype == torch.float8_e4m3fn\n"
    )
    sides = s.merge_case(
        git_repo,
        {"vllm/v1/attention/__init__.py": "", LAYOUT: LAYOUT_BASE, MODES: MODES_TEXT},
        {LAYOUT_USER: user},
        [("[KV] Pack fp8 KV (#44001)", {LAYOUT: _PACKED})],
    )
    got = [(line, m) for path, line, m in found(git_repo.audit(no_rules, merge=sides)) if path == LAYOUT_USER]
    line = user.splitlines().index("        return self.dtype == torch.float8_e4m3fn") + 1
    assert [n for n, _ in got] == ([line] if reported else [])
    assert all("compares `self.dtype`, element 0 of what kv_layout() returns" in m for _, m in got)


def test_a_match_on_a_position_upstream_changed(git_repo: GitRepo, no_rules: Path) -> None:
    got = _layout_case(git_repo, no_rules, "0\n    match bits:\n        case 4 | 2:\n            return 1", _PACKED)
    [(_, line, message)] = got
    assert line == 11 and "compares `bits`, element 3 of what kl.kv_layout() returns, with 4" in message


@pytest.mark.parametrize(
    ("old", "new", "reported"),
    [("torch.bfloat16", "torch.float16", True), ("model_config.dtype", "model_config.kv_cache_dtype", False)],
    ids=["module attribute", "parameter attribute"],
)
def test_an_attribute_of_the_callee_s_parameter_is_not_a_known_value(
    git_repo: GitRepo, no_rules: Path, old: str, new: str, reported: bool
) -> None:
    """``return model_config.dtype, 4`` returns whatever the caller's config holds: upstream returning
    ``model_config.kv_cache_dtype`` there instead may well return the same dtype, no provable flip."""
    pair = "vllm/v1/attention/pair.py"
    base = f"import torch\n\n\ndef pair(model_config):\n    return {old}, 4\n"
    user = (
        "import torch\n\nfrom vllm.v1.attention.pair import pair\n\n\n"
        f"def aeon(model_config):\n    dtype, bits = pair(model_config)\n    return dtype == {old}\n"
    )
    sides = s.merge_case(
        git_repo,
        {"vllm/v1/attention/__init__.py": "", pair: base},
        {"vllm/v1/attention/aeon_pair.py": user},
        [("[KV] kv dtype (#44004)", {pair: base.replace(old, new)})],
    )
    got = [line for _, line, _ in found(git_repo.audit(no_rules, merge=sides))]
    assert got == ([8] if reported else [])


@pytest.mark.parametrize(("params", "reported"), [("cfg", True), ("dtype, cfg", False)], ids=["local", "parameter"])
def test_a_parameter_the_body_unpacks_into_is_bound_twice(
    git_repo: GitRepo, no_rules: Path, params: str, reported: bool
) -> None:
    """``def use(dtype, cfg)`` tests its argument, then rebinds ``dtype`` from the call: the test before
    the unpack reads what the caller passed, not the position upstream changed."""
    user = (
        "import torch\n\nfrom vllm.v1.attention.kv_layout import kv_layout\n\n\n"
        f"def use({params}):\n    if dtype == torch.float8_e4m3fn:\n        cfg = 'fp8'\n"
        "    dtype, mode, size, bits = kv_layout(cfg, 16)\n    return bits\n"
    )
    sides = s.merge_case(
        git_repo,
        {"vllm/v1/attention/__init__.py": "", LAYOUT: LAYOUT_BASE, MODES: MODES_TEXT},
        {LAYOUT_USER: user},
        [("[KV] Pack fp8 KV (#44001)", {LAYOUT: _PACKED})],
    )
    got = [line for path, line, _ in found(git_repo.audit(no_rules, merge=sides)) if path == LAYOUT_USER]
    assert got == ([7] if reported else [])


# -- #48798: a pool's get_finished() -> list[tuple[JobId, bool]] made list[tuple[JobId, bool, float]] -----
POOL = "vllm/v1/kv_offload/aeon_pool_shapes.py"
POOL_BASE = (
    "from collections import deque\n\n\nclass ThreadPool:\n    def __init__(self) -> None:\n"
    "        self._finished_q: deque[tuple[int, bool]] = deque()\n\n"
    "    def get_finished(self) -> list[tuple[int, bool]]:\n        items = list(self._finished_q)\n"
    "        self._finished_q.clear()\n        return items\n\n\n"
    + "".join(f"def other{i}(x: int) -> int:\n    return x + {i}\n\n\n" for i in range(6))
)
POOL_TIMED = POOL_BASE.replace("tuple[int, bool]", "tuple[int, bool, float]")


@pytest.mark.parametrize(
    ("body", "upstream", "line"),
    [
        ("    for job_id, ok in pool.get_finished():\n        print(job_id, ok)\n", POOL_TIMED, 5),
        ("    done = pool.get_finished()\n    return [job for job, ok in done if ok]\n", POOL_TIMED, 6),
        ("    for job_id, ok, _ in pool.get_finished():\n        print(job_id, ok)\n", POOL_TIMED, None),
        ("    for job_id, ok in pool.get_finished():\n        print(job_id, ok)\n", POOL_BASE + "# cleanup\n", None),
        (  # a local bound twice: which value the loop sees is not known
            "    done = pool.get_finished()\n    done = []\n    return [job for job, ok in done if ok]\n",
            POOL_TIMED,
            None,
        ),
    ],
    ids=["loop", "local", "takes three", "unchanged", "rebound local"],
)
def test_a_loop_over_an_annotated_collection_of_tuples(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str, line: int | None
) -> None:
    """``for a, b in f()`` over a function that returns a collection: the element tuple its return
    annotation names is what each step unpacks."""
    user = f"from vllm.v1.kv_offload.aeon_pool_shapes import ThreadPool\n\n\ndef aeon_drain(pool: ThreadPool):\n{body}"
    sides = s.merge_case(
        git_repo,
        {**INITS, POOL: POOL_BASE},
        {STATS_USER: user},
        [("[KV Offload] Tiering metrics (#48798)", {POOL: upstream})],
    )
    got = found(git_repo.audit(no_rules, merge=sides))
    if line is None:
        assert got == []
    else:
        [(path, at, message)] = got
        assert (path, at) == (STATS_USER, line) and "unpacks 2 values" in message and POOL in message, message


EARLY_BASE = STATS_BASE.replace(
    "    if not blocks:\n        return queries, hits\n", "    if not blocks:\n        return 0, None\n"
)
EARLY_APPENDED = STATS_APPENDED.replace(
    "    if not blocks:\n        return queries, hits, misses\n", "    if not blocks:\n        return 0, None, None\n"
)


@pytest.mark.parametrize(
    ("read", "says"),
    [
        ("return hit_stats(blocks)[-1]", "`misses` is there now"),
        ("return hit_stats(blocks)[1]", None),  # the second stayed
    ],
    ids=["the last", "twin: the second"],
)
def test_an_early_return_of_placeholders_does_not_hide_the_names(
    git_repo: GitRepo, no_rules: Path, read: str, says: str | None
) -> None:
    """#24097's determine_expert_map: an early ``return (global_num_experts, None)`` beside the full
    ``return (local_num_experts, expert_map)``; the constants hold the names' places, so ``[-1]`` is
    still known to read ``expert_map``, which upstream's appended ``expert_mask`` displaced."""
    assert EARLY_BASE != STATS_BASE and EARLY_APPENDED != STATS_APPENDED
    user = f"from vllm.v1.core.kv_cache_stats import hit_stats\n\n\ndef aeon_rate(blocks):\n    {read}\n"
    sides = s.merge_case(
        git_repo,
        {**INITS, STATS: EARLY_BASE},
        {STATS_USER: user},
        [("[Metrics] Count misses (#4)", {STATS: EARLY_APPENDED})],
    )
    got = found(git_repo.audit(no_rules, merge=sides))
    if says is None:
        assert got == []
    else:
        [(path, _, message)] = got
        assert path == STATS_USER and says in message, message


# -- a def of the same name nested in another function (#32655, 7320ca3942: a benchmark's local
#    ``moe_lora_align_block_size`` kept three elements while the punica wrapper's went to four) -------------
BENCH = "benchmarks/kernels/benchmark_aeon.py"
BENCH_TEXT = """def prepare(ctx):
    def get_computed_blocks(request):
        return [], 0

    return get_computed_blocks(ctx)
"""


@pytest.mark.parametrize("untyped", [False, True], ids=["typed receiver", "untyped receiver"])
def test_a_nested_def_of_the_name_leaves_the_method_measurable(
    git_repo: GitRepo, no_rules: Path, untyped: bool
) -> None:
    """A function's local helper of the name is reached by no call from outside it: the method's widened
    tuple is the one the fork's unpack meets, whether its receiver is typed or not."""
    fork = FORK_TEXT.replace("kv_cache_manager: KVCacheManager,", "kv_cache_manager,") if untyped else FORK_TEXT
    sides = s.merge_case(
        git_repo,
        {MANAGER: MANAGER_BASE, REQUEST: REQUEST_TEXT, BENCH: BENCH_TEXT, **INITS},
        {FORK: fork},
        [(SUBJECT, {MANAGER: MANAGER_THREE})],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (FORK, 7)
    assert "to return 3 (vllm/v1/core/kv_cache_manager.py, in " in message  # the method's file, not the helper's


def test_only_a_nested_def_of_the_name_widened_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {MANAGER: MANAGER_BASE, REQUEST: REQUEST_TEXT, BENCH: BENCH_TEXT, **INITS},
        {FORK: FORK_TEXT},
        [(SUBJECT, {BENCH: BENCH_TEXT.replace("return [], 0\n", "return [], 0, 0\n")})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# -- #47312: Scheduler.finish_requests() -> list[tuple[str, int]] made -> list[Request] ---------------------
_JOB = "class Job:\n    job_id: int = 0\n    ok: bool = False\n{extra}\n\n"
_NAMED = "from typing import NamedTuple\n\n\nclass Job(NamedTuple):\n    job_id: int\n    ok: bool\n\n\n"


def _objects(job: str, returns: str = "list[Job]") -> str:
    return job + POOL_BASE.replace(
        "def get_finished(self) -> list[tuple[int, bool]]:", f"def get_finished(self) -> {returns}:"
    )


@pytest.mark.parametrize(
    ("body", "upstream", "line"),
    [
        ("    for job_id, ok in pool.get_finished():\n        print(job_id, ok)\n", _objects(_JOB.format(extra="")), 5),
        ("    for job in pool.get_finished():\n        print(job)\n", _objects(_JOB.format(extra="")), None),
        ("    for job_id, ok in pool.get_finished():\n        print(job_id, ok)\n", _objects(_NAMED), None),
        (
            "    for job_id, ok in pool.get_finished():\n        print(job_id, ok)\n",
            _objects(_JOB.format(extra="\n    def __iter__(self):\n        return iter((self.job_id, self.ok))\n")),
            None,
        ),
        ("    for job_id, ok in pool.get_finished():\n        print(job_id, ok)\n", _objects("", "list[str]"), None),
        ("    for job_id, ok in pool.get_finished():\n        print(job_id, ok)\n", _objects("", "list[Job]"), None),
    ],
    ids=[
        "unpacked",
        "twin: bound whole",
        "twin: a NamedTuple",
        "twin: iterable",
        "twin: strings",
        "twin: unseen class",
    ],
)
def test_a_loop_over_a_collection_whose_tuples_upstream_made_objects(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str, line: int | None
) -> None:
    """``for req_id, client_index in self.finish_requests(...)`` after #47312 made the returned
    ``list[tuple[str, int]]`` a ``list[Request]``: each step unpacks a Request and raises.  Quiet where
    the new element still unpacks (a NamedTuple, a class with ``__iter__``, a string of two characters)
    or its class is out of sight."""
    user = f"from vllm.v1.kv_offload.aeon_pool_shapes import ThreadPool\n\n\ndef aeon_drain(pool: ThreadPool):\n{body}"
    sides = s.merge_case(
        git_repo,
        {**INITS, POOL: POOL_BASE},
        {STATS_USER: user},
        [("[Core] Finish requests as objects (#47312)", {POOL: upstream})],
    )
    got = found(git_repo.audit(no_rules, merge=sides))
    if line is None:
        assert got == []
    else:
        [(path, at, message)] = got
        assert (path, at) == (STATS_USER, line) and "Job objects, not 2-tuples" in message, message


# -- #43417: launch_core_engines() went from ``yield manager, coordinator, ...`` to ``yield CoreEngineLaunch(...)`` --
LAUNCH = "vllm/v1/core/aeon_launchers.py"
_LAUNCH = (
    "import contextlib\nfrom dataclasses import dataclass\n\n\n@dataclass\nclass Launch:\n    manager: object\n"
    "    coordinator: object\n{extra}\n\n@contextlib.contextmanager\ndef launch_engines(n: int):\n"
    "    manager, coordinator = object(), object()\n{body}"
)
_TUPLE_YIELD = "    yield manager, coordinator\n"


def _launch(body: str, extra: str = "") -> str:
    return _LAUNCH.format(extra=extra, body=body)


@pytest.mark.parametrize(
    ("entered", "upstream", "line"),
    [
        ("as (manager, coordinator)", _launch("    yield Launch(manager, coordinator)\n"), 5),
        ("as (manager, coordinator)", _launch("    launch = Launch(manager, coordinator)\n    yield launch\n"), 5),
        ("as launch", _launch("    yield Launch(manager, coordinator)\n"), None),
        (
            "as (manager, coordinator)",
            _launch(
                "    yield Launch(manager, coordinator)\n",
                "\n    def __iter__(self):\n        return iter((self.manager, self.coordinator))\n",
            ),
            None,
        ),
        ("as (manager, coordinator)", _launch("    yield make_launch(manager, coordinator)\n"), None),
        ("as (manager, coordinator)", _launch("    yield Launch(manager, coordinator) if n else (manager, 0)\n"), None),
        ("as (manager, coordinator)", _launch("    yield manager, coordinator, n\n"), 5),
    ],
    ids=[
        "unpacked",
        "unpacked, yielded through a local",
        "twin: bound whole",
        "twin: the class iterates",
        "twin: a factory's value",
        "twin: yields a tuple too",
        "a third value (return drift as before)",
    ],
)
def test_unpacking_a_context_manager_whose_yielded_tuple_upstream_made_an_object(
    git_repo: GitRepo, no_rules: Path, entered: str, upstream: str, line: int | None
) -> None:
    """``with launch_core_engines(...) as (manager, coordinator, addresses, queue):`` after #43417 made the
    context manager yield one ``CoreEngineLaunch`` dataclass: entering raises (it does not iterate).  Quiet
    where the fork binds the object whole, the new class iterates, or a yield is no one class's object."""
    user = (
        "from vllm.v1.core.aeon_launchers import launch_engines\n\n\ndef aeon_start():\n"
        f"    with launch_engines(2) {entered}:\n        return 1\n"
    )
    sides = s.merge_case(
        git_repo,
        {**INITS, LAUNCH: _launch(_TUPLE_YIELD)},
        {STATS_USER: user},
        [("[Frontend] Watch frontend processes during engine startup (#43417)", {LAUNCH: upstream})],
    )
    got = found(git_repo.audit(no_rules, merge=sides))
    if line is None:
        assert got == []
    else:
        [(path, at, message)] = got
        assert (path, at) == (STATS_USER, line), message


# -- #51738 (f97e502969): GPUModelRunner._prepare_inputs returned (logits_indices, spec_decode_metadata),
#    then three values; its return and annotation are spread over lines, and another class defines the name
RUNNER = "vllm/v1/worker/gpu_model_runner.py"
RUNNER_BASE = """class GPUModelRunner:
    def _prepare_inputs(
        self,
        scheduler_output,
        num_scheduled_tokens,
    ) -> tuple[
        list[int],
        dict | None,
    ]:
        logits_indices = [0]
        return (
            logits_indices,
            None,
        )
"""
RUNNER_THREE = RUNNER_BASE.replace("        dict | None,\n    ]", "        dict | None,\n        int,\n    ]").replace(
    "            None,\n        )", "            None,\n            len(logits_indices),\n        )"
)
DRAFTER = "vllm/v1/worker/aeon_drafter_base.py"
DRAFTER_TEXT = "class Drafter:\n    def _prepare_inputs(self, batch):\n        return batch\n"
RUNNER_FORK = "vllm/v1/worker/aeon_runner.py"
RUNNER_FORK_TEXT = """from vllm.v1.worker.gpu_model_runner import GPUModelRunner


class AeonModelRunner(GPUModelRunner):
    def aeon_rows(self, scheduler_output, num_scheduled_tokens):
        logits_indices, spec_decode_metadata = self._prepare_inputs(scheduler_output, num_scheduled_tokens)
        return len(logits_indices)
"""


def _runner_case(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = s.merge_case(
        git_repo,
        {RUNNER: RUNNER_BASE, DRAFTER: DRAFTER_TEXT, "vllm/v1/worker/__init__.py": ""},
        {RUNNER_FORK: fork},
        [("[Perf] Avoid more GPU<->CPU syncs on the model execution path (#51738)", {RUNNER: RUNNER_THREE})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


def test_a_self_call_in_a_subclass_resolves_in_its_one_base_and_a_multiline_return_counts(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """The changed lines are one element of a ``return (`` and of a ``-> tuple[`` spread over lines; the
    fork's ``self._prepare_inputs(...)`` is GPUModelRunner's (its one base), not the drafter's same name."""
    [(path, line, message)] = _runner_case(git_repo, no_rules, RUNNER_FORK_TEXT)
    assert (path, line) == (RUNNER_FORK, 6)
    assert "unpacks 2 values from self._prepare_inputs()" in message
    assert "GPUModelRunner._prepare_inputs() to return 3" in message and "#51738" in message


@pytest.mark.parametrize(
    "fork",
    [
        RUNNER_FORK_TEXT.replace("logits_indices, spec_decode_metadata =", "logits_indices, spec_decode_metadata, _ ="),
        RUNNER_FORK_TEXT.replace("(GPUModelRunner)", "(GPUModelRunner, Drafter)").replace(
            "\n\n\nclass", "\nfrom vllm.v1.worker.aeon_drafter_base import Drafter\n\n\nclass"
        ),
    ],
    ids=["the new length", "two bases: the MRO is not guessed"],
)
def test_a_self_call_the_change_does_not_reach_is_silent(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert _runner_case(git_repo, no_rules, fork) == []


def test_a_self_call_of_the_subclasss_own_method_is_silent_but_its_override_is_not(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """The fork's ``self._prepare_inputs(...)`` reaches its own two-value method: the unpack stands.  That method
    overrides GPUModelRunner's (the class's one base), whose callers upstream unpack three now: the override's
    pair is reported, resolved in the base where the drafter's same name left the bare name ambiguous."""
    fork = RUNNER_FORK_TEXT + "\n    def _prepare_inputs(self, scheduler_output, num_scheduled_tokens):\n"
    fork += "        return [0], None\n"
    [(path, line, message)] = _runner_case(git_repo, no_rules, fork)
    assert (path, line) == (RUNNER_FORK, 10)
    assert "override AeonModelRunner._prepare_inputs() returns 2 values" in message and "#51738" in message


# -- #32655 (7320ca3942): PunicaWrapperGPU.moe_lora_align_block_size returned three values, then four (a
#    leading one); the same commit changed a benchmark's nested three-value function of that name in its
#    parameter lines only
PUNICA_GPU = "vllm/lora/punica_wrapper/punica_gpu.py"
PUNICA_GPU_TEXT = """class PunicaWrapperGPU:
    def moe_lora_align_block_size(self, topk_ids, num_tokens: int):
        sorted_ids, expert_ids = [0], [1]
        return sorted_ids, expert_ids, num_tokens
"""
PUNICA_GPU_NEW = PUNICA_GPU_TEXT.replace("return sorted_ids,", "return None, sorted_ids,")
BENCH_FILE = "benchmarks/kernels/benchmark_lora.py"
BENCH_TEXT = """def bench(topk_ids, num_tokens):
    def moe_lora_align_block_size(
        topk_ids,
        num_tokens,
    ):
        return topk_ids, num_tokens, 0

    return moe_lora_align_block_size(topk_ids, num_tokens)
"""
BENCH_NEW = BENCH_TEXT.replace("        num_tokens,\n    )", "        num_tokens,\n        naive=False,\n    )")
ALIGN_FORK = "vllm/lora/aeon_align.py"
ALIGN_FORK_TEXT = """def aeon_align(layer, topk_ids, num_tokens: int):
    sorted_ids, expert_ids, num_post_pad = layer.punica_wrapper.moe_lora_align_block_size(topk_ids, num_tokens)
    return sorted_ids, num_post_pad
"""


def test_a_file_changed_only_in_element_lines_does_not_hide_a_widened_return(git_repo: GitRepo, no_rules: Path) -> None:
    """A file whose diff changes only an element line of a display over several lines (a benchmark's function
    of the same name, its parameters one a line) is asked only for the names the tuple-changing files left:
    asked with them at once, its three values beside the wrapper's four made the widening ambiguous, missed."""
    sides = s.merge_case(
        git_repo,
        {PUNICA_GPU: PUNICA_GPU_TEXT, BENCH_FILE: BENCH_TEXT, "vllm/lora/__init__.py": ""},
        {ALIGN_FORK: ALIGN_FORK_TEXT},
        [
            (
                "Add unpermute-aware fused MoE LoRA path (#32655)",
                {PUNICA_GPU: PUNICA_GPU_NEW, BENCH_FILE: BENCH_NEW},
            )
        ],
    )
    [(path, line, message)] = found(git_repo.audit(no_rules, merge=sides))
    assert (path, line) == (ALIGN_FORK, 2) and "#32655" in message, message


# -- a context manager's one yield widened (#32104: launch_core_engines yields the tensor queue too) ------
LAUNCHER = "vllm/v1/engine/launch_shapes.py"
LAUNCHER_BASE = (
    "from contextlib import contextmanager\n\n\n@contextmanager\ndef launch(config):\n"
    "    manager, coordinator = object(), None\n    yield manager, coordinator, config\n\n\n"
    + "".join(f"def other{i}(x: int) -> int:\n    return x + {i}\n\n\n" for i in range(6))
)
LAUNCHER_WIDER = LAUNCHER_BASE.replace("yield manager, coordinator, config", "yield manager, coordinator, config, None")


@pytest.mark.parametrize(
    ("entry", "upstream", "says"),
    [
        ("with launch(config) as (manager, coordinator, addrs):", LAUNCHER_WIDER, "to yield 4"),
        ("with open(config) as f, launch(f) as [manager, coordinator, addrs]:", LAUNCHER_WIDER, "to yield 4"),
        ("with launch(config) as launched:", LAUNCHER_WIDER, None),  # bound whole: no unpack to break
        ("with launch(config) as (manager, coordinator, addrs, queue):", LAUNCHER_WIDER, None),  # the new shape
        ("with launch(config) as (manager, coordinator, addrs):", LAUNCHER_BASE.replace("= object()", "= 1"), None),
    ],
)
def test_a_with_statement_unpacking_what_a_context_manager_yields(
    git_repo: GitRepo, no_rules: Path, entry: str, upstream: str, says: str | None
) -> None:
    """``with cm() as (a, b, c):`` binds the context manager's one yield by position: upstream widening
    that tuple makes the fork's entry raise ValueError before its body runs."""
    user = f"from vllm.v1.engine.launch_shapes import launch\n\n\ndef aeon_serve(config):\n    {entry}\n        return manager\n"
    user = user.replace("return manager", "return launched") if "as launched" in entry else user
    sides = s.merge_case(
        git_repo,
        {**INITS, LAUNCHER: LAUNCHER_BASE},
        {STATS_USER: user},
        [("[Core] Tensor IPC (#7)", {LAUNCHER: upstream})],
    )
    got = found(git_repo.audit(no_rules, merge=sides))
    if says is None:
        assert got == []
    else:
        [(path, line, message)] = got
        assert (path, line) == (STATS_USER, 5) and says in message and "#7" in message, message


_SERVE = "\n\ndef aeon_serve(config):\n    {entry} launch(config){tail}\n        return manager\n"


@pytest.mark.parametrize("entry", ["with", "for"])
@pytest.mark.parametrize(
    ("head", "call"),
    [
        ("from mylib.runner import launch\n", "launch"),
        ("try:\n    from mylib.runner import launch\nexcept ImportError:\n    launch = None\n", "launch"),
        ("import mylib\n", "mylib.launch"),
    ],
    ids=["imported", "fallback", "qualified"],
)
def test_twin_a_same_named_callee_of_another_library(
    git_repo: GitRepo, no_rules: Path, entry: str, head: str, call: str
) -> None:
    """A ``launch`` imported from outside the project is not upstream's, whatever upstream's now yields."""
    tail = " as (manager, coordinator, addrs):" if entry == "with" else ":"
    serve = _SERVE.replace("{entry} launch(config){tail}", f"{entry} {call}(config){tail}")
    if entry == "for":
        serve = serve.replace(f"for {call}(config):", f"for manager, coordinator, addrs in {call}(config):")
    sides = s.merge_case(
        git_repo,
        {**INITS, LAUNCHER: LAUNCHER_BASE},
        {STATS_USER: head + serve},
        [("[Core] Tensor IPC (#7)", {LAUNCHER: LAUNCHER_WIDER})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


_OWN_CLASS = (
    "class launch:\n    def __init__(self, c):\n        self.c = c\n\n    def __enter__(self):\n        return 1, 2, 3\n\n"
    "    def __exit__(self, *a):\n        return None\n\n    def __iter__(self):\n        return iter((1, 2, 3))\n"
)
_OWN_ALIAS = (
    "from contextlib import contextmanager\n\n\n@contextmanager\ndef _mine(config):\n    yield 1, 2, 3\n\n\n"
    "def _mine_plain(config):\n    return 1, 2, 3\n\n\nlaunch = _mine\n"
)


@pytest.mark.parametrize(
    "entry", ["with launch(config) as (manager, coordinator, addrs):", "manager, _, _ = launch(config)"]
)
@pytest.mark.parametrize("own", [_OWN_CLASS, _OWN_ALIAS], ids=["class", "alias"])
def test_twin_the_fork_binds_the_name_without_a_def(git_repo: GitRepo, no_rules: Path, entry: str, own: str) -> None:
    """The fork's own ``class launch`` or ``launch = _mine`` is what its call runs, not upstream's."""
    user = own + f"\n\ndef aeon_serve(config):\n    {entry}\n    return manager\n"
    user = user.replace(f"{entry}\n    return", f"{entry}\n        return") if entry.startswith("with") else user
    plain = LAUNCHER_BASE.replace("@contextmanager\n", "").replace("yield manager", "return manager")
    base, wider = (
        (LAUNCHER_BASE, LAUNCHER_WIDER)
        if entry.startswith("with")
        else (plain, plain.replace("config\n", "config, None\n", 1))
    )
    sides = s.merge_case(
        git_repo, {**INITS, LAUNCHER: base}, {STATS_USER: user}, [("[Core] Tensor IPC (#7)", {LAUNCHER: wider})]
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


# -- reviewed twins (fixBA): the yielded class unpacks after all, or the call reaches another def of the name
_BASES_HEAD = "import contextlib\nfrom collections import namedtuple\nfrom typing import NamedTuple\nfrom dataclasses import dataclass, astuple\n\n\n"
_UNPACKABLE_LAUNCHES = {
    "NamedTuple one level up": "class _LaunchFields(NamedTuple):\n    manager: object\n    coordinator: object\n\n\n"
    "class Launch(_LaunchFields):\n    pass\n",
    "namedtuple() call base": "class Launch(namedtuple('Launch', 'manager coordinator')):\n    __slots__ = ()\n",
    "mixin base defining __iter__": "class _Iterable:\n    def __iter__(self):\n        return iter(astuple(self))\n\n\n"
    "@dataclass\nclass Launch(_Iterable):\n    manager: object\n    coordinator: object\n",
    "__iter__ assigned in the body": "def _fields(self):\n    return iter(astuple(self))\n\n\n"
    "@dataclass\nclass Launch:\n    manager: object\n    coordinator: object\n    __iter__ = _fields\n",
}


@pytest.mark.parametrize("launch", list(_UNPACKABLE_LAUNCHES), ids=list(_UNPACKABLE_LAUNCHES))
def test_a_yielded_class_that_still_unpacks_stays_quiet(git_repo: GitRepo, no_rules: Path, launch: str) -> None:
    gen = "\n\n@contextlib.contextmanager\ndef launch_engines(n: int):\n    manager, coordinator = object(), object()\n"
    base = _BASES_HEAD + "class Launch:\n    pass\n" + gen + _TUPLE_YIELD
    upstream = _BASES_HEAD + _UNPACKABLE_LAUNCHES[launch] + gen + "    yield Launch(manager, coordinator)\n"
    user = (
        "from vllm.v1.core.aeon_launchers import launch_engines\n\n\ndef aeon_start():\n"
        "    with launch_engines(2) as (manager, coordinator):\n        return 1\n"
    )
    sides = s.merge_case(
        git_repo,
        {**INITS, LAUNCH: base},
        {STATS_USER: user},
        [("[Frontend] Watch frontend processes during engine startup (#43417)", {LAUNCH: upstream})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


_POOL = "vllm/v1/core/aeon_pool.py"
_POOL_TEXT = "class Pool:\n    def launch_engines(self, n: int):\n        return [(i, i + 1) for i in range(n)]\n"
_POOL_USER = (
    "from vllm.v1.core.aeon_pool import Pool\n\n\ndef aeon_start(pool: Pool):\n"
    "    for manager, coordinator in pool.launch_engines(2):\n        return manager\n"
)
_ANNOTATED_BASE = (
    "class Launch:\n    pass\n\n\ndef launch_engines(n: int) -> list[tuple[int, int]]:\n    return [(1, 2)]\n"
)
_ANNOTATED_UP = "class Launch:\n    pass\n\n\ndef launch_engines(n: int) -> list[Launch]:\n    return [Launch()]\n"


@pytest.mark.parametrize(
    ("base", "upstream"),
    [
        (_launch(_TUPLE_YIELD), _launch("    yield Launch(manager, coordinator)\n")),
        (_ANNOTATED_BASE, _ANNOTATED_UP),
    ],
    ids=["generator objectified", "annotation objectified"],
)
def test_another_receivers_unannotated_method_of_the_name_stays_quiet(
    git_repo: GitRepo, no_rules: Path, base: str, upstream: str
) -> None:
    """``pool.launch_engines(2)`` on an unchanged class whose method returns pairs, unannotated: what it
    returns is unknown, not a def to pass over for the module-level one upstream objectified"""
    sides = s.merge_case(
        git_repo,
        {**INITS, LAUNCH: base, _POOL: _POOL_TEXT},
        {STATS_USER: _POOL_USER},
        [("[Frontend] Watch (#43417)", {LAUNCH: upstream})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


_SPLIT_USERS = {
    "hasattr module probe": "from vllm.v1.core import aeon_launchers\nfrom vllm.v1.core.aeon_launchers import launch_engines"
    "\n\n\ndef aeon_start():\n    if hasattr(aeon_launchers, 'Launch'):\n        with launch_engines(2) as launch:\n"
    "            return launch.manager\n    with launch_engines(2) as (manager, coordinator):\n        return manager\n",
    "import fallback probe": "from vllm.v1.core.aeon_launchers import launch_engines\n\ntry:\n"
    "    from vllm.v1.core.aeon_launchers import Launch\nexcept ImportError:\n    Launch = None\n\n\ndef aeon_start():\n"
    "    if Launch is not None:\n        with launch_engines(2) as launch:\n            return launch.manager\n"
    "    with launch_engines(2) as (manager, coordinator):\n        return manager\n",
}


@pytest.mark.parametrize("user", list(_SPLIT_USERS), ids=list(_SPLIT_USERS))
def test_an_old_style_unpack_beside_a_test_of_the_new_class_is_a_warning(
    git_repo: GitRepo, no_rules: Path, user: str
) -> None:
    """a version split (``hasattr(mod, "Launch")``, ``Launch is not None`` after a failed import) keeps a path
    per release: which runs after the merge is not read, so the old path's unpack is a warning, not an error"""
    sides = s.merge_case(
        git_repo,
        {**INITS, LAUNCH: _launch(_TUPLE_YIELD)},
        {STATS_USER: _SPLIT_USERS[user]},
        [("[Frontend] Watch (#43417)", {LAUNCH: _launch("    yield Launch(manager, coordinator)\n")})],
    )
    got = git_repo.audit(no_rules, merge=sides)
    unpacked = 1 + _SPLIT_USERS[user].split("as (manager")[0].count("\n")  # the old-style unpack
    assert [(f.severity.value, f.line) for f in got.findings if f.rule_id == RULE] == [("warning", unpacked)]


# -- reviewed twins (fixBF): a guard, a shim or a decorator may keep the old unpack working; the yielded
#    class is the one the yielding module binds, not any class of the name in the tree
_UNPACK = "    with launch_engines(2) as (manager, coordinator):\n        return 1\n"
_START = "from vllm.v1.core.aeon_launchers import launch_engines\n\n\ndef aeon_start():\n"
_LIB_LAUNCH = (
    "import contextlib\nfrom {home} import Launch\n\n\n@contextlib.contextmanager\ndef launch_engines(n: int):\n"
    "    manager, coordinator = object(), object()\n{body}"
)
_TYPES = "vllm/v1/core/aeon_types.py"
_ELSEWHERE = "vllm/v1/core/aeon_widgets.py"
_ITERATED = "\nLaunch.__iter__ = lambda self: iter((self.manager, self.coordinator))\n"
_SET_ITER = "\nsetattr(Launch, '__iter__', lambda self: iter((self.manager, self.coordinator)))\n"
_DECORATOR = (
    "def fields_iterable(cls):\n    cls.__iter__ = lambda self: iter(vars(self).values())\n    return cls\n\n\n"
)
_SHIM = (
    "from dataclasses import astuple\n\nfrom vllm.v1.core import aeon_launchers\n"
    "from vllm.v1.core.aeon_launchers import launch_engines\n\nif hasattr(aeon_launchers, 'Launch'):\n"
    "    aeon_launchers.Launch.__iter__ = lambda self: iter(astuple(self))\n\n\ndef aeon_start():\n"
)
_YIELD_LAUNCH = "    yield Launch(manager, coordinator)\n"
_GUARDED_CASES = {
    # (fork's user, the yielding module at base and upstream, extra tree files, severity)
    "try except TypeError around the old unpack: a warning": (
        _START + "    try:\n        with launch_engines(2) as (manager, coordinator):\n            return manager\n"
        "    except TypeError:\n        with launch_engines(2) as launch:\n            return launch.manager\n",
        (_launch(_TUPLE_YIELD), _launch(_YIELD_LAUNCH)),
        {},
        "warning",
    ),
    "try except KeyError catches no misfit: an error": (
        _START + "    try:\n        with launch_engines(2) as (manager, coordinator):\n            return manager\n"
        "    except KeyError:\n        return None\n",
        (_launch(_TUPLE_YIELD), _launch(_YIELD_LAUNCH)),
        {},
        "error",
    ),
    "twin: a library's class beside a same-named plain tree class": (
        _START + _UNPACK,
        (
            _LIB_LAUNCH.format(home="extlib.types", body=_TUPLE_YIELD),
            _LIB_LAUNCH.format(home="extlib.types", body=_YIELD_LAUNCH),
        ),
        {_ELSEWHERE: "class Launch:\n    pass\n"},
        None,
    ),
    "an in-tree plain class beside a same-named NamedTuple: an error": (
        _START + _UNPACK,
        (
            _LIB_LAUNCH.format(home="vllm.v1.core.aeon_types", body=_TUPLE_YIELD),
            _LIB_LAUNCH.format(home="vllm.v1.core.aeon_types", body=_YIELD_LAUNCH),
        ),
        {
            _TYPES: "class Launch:\n    def __init__(self, manager, coordinator):\n        self.manager = manager\n",
            _ELSEWHERE: "from typing import NamedTuple\n\n\nclass Launch(NamedTuple):\n    manager: object\n",
        },
        "error",
    ),
    "twin: upstream assigns Launch.__iter__": (
        _START + _UNPACK,
        (_launch(_TUPLE_YIELD), _launch(_YIELD_LAUNCH) + _ITERATED),
        {},
        None,
    ),
    "twin: upstream setattr's __iter__": (
        _START + _UNPACK,
        (_launch(_TUPLE_YIELD), _launch(_YIELD_LAUNCH) + _SET_ITER),
        {},
        None,
    ),
    "twin: a class decorator that may add __iter__": (
        _START + _UNPACK,
        (
            _launch(_TUPLE_YIELD),
            _launch(_YIELD_LAUNCH).replace("@dataclass\nclass", _DECORATOR + "@fields_iterable\n@dataclass\nclass"),
        ),
        {},
        None,
    ),
    "the fork's own shim adds __iter__: a warning": (
        _SHIM + _UNPACK,
        (_launch(_TUPLE_YIELD), _launch(_YIELD_LAUNCH)),
        {},
        "warning",
    ),
}


@pytest.mark.parametrize("case", list(_GUARDED_CASES), ids=list(_GUARDED_CASES))
def test_an_objectified_yield_the_fork_or_upstream_may_keep_unpacking(
    git_repo: GitRepo, no_rules: Path, case: str
) -> None:
    """#43417's yielded object: a ``try`` catching the misfit or a fork shim giving the class ``__iter__`` may
    keep the old unpack working (a warning: not read here); a decorator or an upstream assignment that may add
    ``__iter__``, or a class of a library, stays quiet; the class is the one the yielding module imports."""
    user, (base, upstream), extra, severity = _GUARDED_CASES[case]
    sides = s.merge_case(
        git_repo,
        {**INITS, LAUNCH: base, **extra},
        {STATS_USER: user},
        [("[Frontend] Watch frontend processes during engine startup (#43417)", {LAUNCH: upstream})],
    )
    got = git_repo.audit(no_rules, merge=sides)
    severities = [f.severity.value for f in got.findings if f.rule_id == RULE]
    assert severities == ([] if severity is None else [severity])


def test_a_collection_of_a_class_a_decorator_may_make_iterable_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """#47312's element class under ``@fields_iterable`` (which sets ``cls.__iter__``): it may unpack."""
    job = _DECORATOR + "@fields_iterable\nclass Job:\n    job_id: int = 0\n    ok: bool = False\n\n\n"
    user = (
        "from vllm.v1.kv_offload.aeon_pool_shapes import ThreadPool\n\n\ndef aeon_drain(pool: ThreadPool):\n"
        "    for job_id, ok in pool.get_finished():\n        print(job_id, ok)\n"
    )
    sides = s.merge_case(
        git_repo,
        {**INITS, POOL: POOL_BASE},
        {STATS_USER: user},
        [("[Core] Finish requests as objects (#47312)", {POOL: _objects(job)})],
    )
    assert found(git_repo.audit(no_rules, merge=sides)) == []


@pytest.mark.parametrize(
    ("handler", "severity"), [("ValueError", "warning"), ("KeyError", "error")], ids=["misfit caught", "another caught"]
)
def test_an_unpack_of_the_old_length_in_a_try_catching_the_misfit(
    git_repo: GitRepo, no_rules: Path, handler: str, severity: str
) -> None:
    """``try: a, b = f()`` / ``except ValueError:`` the new length: the fork's fallback may already run (a
    warning); a handler of something else leaves the raise (an error)."""
    unpack = "    computed_blocks, num_computed_tokens = kv_cache_manager.get_computed_blocks(request)\n"
    guarded = (
        f"    try:\n    {unpack}    except {handler}:\n"
        "        computed_blocks, num_computed_tokens, _ = kv_cache_manager.get_computed_blocks(request)\n"
    )
    sides = s.merge_case(
        git_repo,
        {MANAGER: MANAGER_BASE, REQUEST: REQUEST_TEXT, **INITS},
        {FORK: FORK_TEXT.replace(unpack, guarded)},
        [(SUBJECT, {MANAGER: MANAGER_THREE})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [(f.severity.value, f.line) for f in report.findings if f.rule_id == RULE] == [(severity, 8)]


# -- a method voided in one class, resolved through the receiver (a name many classes define) -------------
DRAFTS = "vllm/model_executor/models/drafts.py"
DRAFTS_BASE = (
    "class KeptLoader:\n    def load_all(self, weights: list[str]) -> set[str]:\n        return set(weights)\n\n\n"
    "class DraftLoader:\n    def load_all(self, weights: list[str]) -> set[str]:\n"
    "        loaded = {w for w in weights if w}\n        return loaded\n"
)
DRAFTS_VOIDED = DRAFTS_BASE.replace(
    "        loaded = {w for w in weights if w}\n        return loaded\n", "        self.loaded = len(weights)\n"
)
DRAFTS_USER = "vllm/model_executor/models/aeon_drafts.py"


def _voided_method(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[str, int, str]]:
    user = f"from vllm.model_executor.models.drafts import DraftLoader, KeptLoader\n\n\n{body}"
    sides = s.merge_case(
        git_repo,
        {"vllm/model_executor/models/__init__.py": "", DRAFTS: DRAFTS_BASE},
        {DRAFTS_USER: user},
        [("[Spec] Load the draft in place (#7)", {DRAFTS: DRAFTS_VOIDED})],
    )
    return found(git_repo.audit(no_rules, merge=sides))


@pytest.mark.parametrize(
    ("body", "line", "says"),
    [
        (  # an inherited self. call, its local then read: the read is where it fails
            "class AeonLoader(DraftLoader):\n    def aeon_load(self, weights):\n"
            "        names = self.load_all(weights)\n        return sorted(names.union({'x'}))\n",
            7,
            "DraftLoader.load_all() to return nothing",
        ),
        (  # an operand of super()'s value
            "class AeonLoader(DraftLoader):\n    def load_all(self, weights):\n"
            "        return super().load_all(weights) - {'lm_head.weight'}\n",
            6,
            "the operator now meets None",
        ),
        (  # a loop over a receiver typed by its parameter
            "def aeon_names(loader: DraftLoader, weights):\n    out = []\n"
            "    for name in loader.load_all(weights):\n        out.append(name)\n    return out\n",
            6,
            "the loop now iterates None",
        ),
        (  # a receiver typed by the call it is bound to
            "def aeon_count(weights):\n    loader = DraftLoader()\n    got = loader.load_all(weights)\n"
            "    return got.__len__()\n",
            6,
            "it now holds None",
        ),
    ],
)
def test_a_value_one_class_stopped_returning_through_its_receiver(
    git_repo: GitRepo, no_rules: Path, body: str, line: int, says: str
) -> None:
    """#18909 and #19033 dropped ``return`` from ``Eagle3LlamaForCausalLM.load_weights`` and
    ``EagleLlamaForCausalLM.load_weights``; ``load_weights`` is a method of a hundred classes, so only the
    receiver's class says which one the fork's line calls."""
    got = _voided_method(git_repo, no_rules, body)
    assert any(g[1] == line and says in g[2] for g in got), got
    assert all(g[0] == DRAFTS_USER and "#7" in g[2] for g in got), got


@pytest.mark.parametrize(
    "body",
    [
        # the namesake class that still returns its value
        "def aeon_kept(loader: KeptLoader, weights):\n    return loader.load_all(weights).union({'x'})\n",
        # the fork's own override called through self.
        "class AeonLoader(DraftLoader):\n    def load_all(self, weights):\n        return set(weights)\n\n"
        "    def aeon_load(self, weights):\n        names = self.load_all(weights)\n        return names.union({'x'})\n",
        # a value guarded at the call: None or ... never reaches the read
        "class AeonLoader(DraftLoader):\n    def load_all(self, weights):\n"
        "        loaded = super().load_all(weights) or set()\n        return loaded | {'x'}\n",
        # the statement call upstream's callers make now
        "class AeonLoader(DraftLoader):\n    def load_all(self, weights):\n"
        "        super().load_all(weights)\n        return {'x'}\n",
        # a receiver of two classes: which one is unknown
        "def aeon_any(loader: DraftLoader | KeptLoader, weights):\n    return loader.load_all(weights).union({'x'})\n",
    ],
)
def test_a_value_still_returned_by_the_receivers_class_is_silent(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _voided_method(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # review81: the bound local compared with None, then re-read from elsewhere
        "class AeonLoader(DraftLoader):\n    def load_all(self, weights):\n"
        "        loaded = super().load_all(weights)\n        if loaded is None:\n            loaded = set(weights)\n"
        "        loaded.add('x')\n        return loaded\n",
        # review81: the bound local read only under an isinstance test
        "def aeon_count(loader: DraftLoader, weights) -> int:\n    got = loader.load_all(weights)\n"
        "    return len(got) if isinstance(got, set) else 0\n",
        # review81: the bound local rebound `or set()` before its read
        "class AeonLoader(DraftLoader):\n    def load_all(self, weights):\n"
        "        loaded = super().load_all(weights)\n        loaded = loaded or set()\n"
        "        loaded.add('x')\n        return loaded\n",
    ],
)
def test_a_voided_value_whose_local_is_ready_for_none_is_silent(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """The fork's local handles the None upstream's method returns now: nothing to report on the bind."""
    assert _voided_method(git_repo, no_rules, body) == []


def test_a_voided_value_an_operand_in_a_try_catching_type_error_warns(git_repo: GitRepo, no_rules: Path) -> None:
    """review81: ``super().load_all(w) | {...}`` in a ``try`` whose ``except TypeError`` re-reads the names: the
    handler may be the fork's fallback for a newer upstream, so a warning, not an error."""
    body = (
        "class AeonLoader(DraftLoader):\n    def load_all(self, weights):\n        try:\n"
        "            return super().load_all(weights) | {'x'}\n        except TypeError:\n"
        "            return set(weights)\n"
    )
    sides = s.merge_case(
        git_repo,
        {"vllm/model_executor/models/__init__.py": "", DRAFTS: DRAFTS_BASE},
        {DRAFTS_USER: f"from vllm.model_executor.models.drafts import DraftLoader, KeptLoader\n\n\n{body}"},
        [("[Spec] Load the draft in place (#7)", {DRAFTS: DRAFTS_VOIDED})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    got = [(f.severity.value, f.line) for f in report.findings if f.rule_id == RULE]
    assert got == [("warning", 7)], got


def test_a_voided_value_tested_truthy_still_errors(git_repo: GitRepo, no_rules: Path) -> None:
    """A bare ``if changed:`` is not a None guard: after the merge it is false every time (what the check is for)."""
    body = (
        "def aeon_step(loader: DraftLoader, weights) -> int:\n    got = loader.load_all(weights)\n"
        "    if got:\n        return 1\n    return 0\n"
    )
    got = _voided_method(git_repo, no_rules, body)
    assert any(g[1] == 5 for g in got), got
