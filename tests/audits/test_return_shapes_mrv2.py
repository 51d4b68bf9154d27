"""Return drift, three reaches the GPU model runner v2's blind replay (mrv2) asked for.

- An attribute read straight off a call's value (``for k, v in f(...).items()``), where upstream made the one
  value a tuple (#32771: ``get_cudagraph_sizes`` went from a dict to a pair of dicts) or made the function
  return nothing: the tuple (or None) has no such attribute.
- An element read by position whose place now holds a value that stood elsewhere, when the tuple's length
  changed and a long element hid the old order (#38831: ``init_attn_backend`` dropped its first element,
  ``AttentionCGSupportInfo(...)`` among the rest: ``[0]`` was the backends, it is the groups, once ``[1]``).
- Twin: a tuple made a ``NamedTuple`` of the same values (#40410: ``prepare_inputs_to_capture`` returns
  ``CapturedAttentionState(attn_metadata, slot_mappings)``): a fork's two-name unpack still works.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CG = "vllm/v1/worker/gpu/cudagraph_utils.py"
CG_BASE = """def get_cudagraph_sizes(capture_sizes: list[int] | None, max_num_tokens: int) -> dict[int, int]:
    sizes = {}
    for n in capture_sizes or []:
        sizes[n] = n
    return sizes


class CudaGraphManager:
    def __init__(self, capture_sizes: list[int] | None, max_num_tokens: int) -> None:
        self.sizes = get_cudagraph_sizes(capture_sizes, max_num_tokens)
"""
CG_PAIR = (
    CG_BASE.replace("-> dict[int, int]:", "-> tuple[dict[int, int], dict[int, int]]:")
    .replace("    return sizes\n", "    return sizes, dict(sizes)\n")
    .replace(
        "        self.sizes = get_cudagraph_sizes(capture_sizes, max_num_tokens)\n",
        "        self.sizes, self.mixed_sizes = get_cudagraph_sizes(capture_sizes, max_num_tokens)\n",
    )
)
CG_SUBJECT = "[Model Runner V2] support piecewise & mixed cudagraph (#32771)"
FORK = "vllm/aeon/sizes.py"
SIZES = "from vllm.v1.worker.gpu import cudagraph_utils as cgu\n\n\n"
INITS = {"vllm/v1/worker/__init__.py": "", "vllm/v1/worker/gpu/__init__.py": "", "vllm/aeon/__init__.py": ""}


def _rows(
    git_repo: GitRepo, no_rules: Path, base: dict[str, str], fork: str, upstream: dict[str, str | None], subject: str
):
    sides = s.merge_case(git_repo, {**base, **INITS}, {FORK: fork}, [(subject, upstream)])
    return [(line, sev, msg) for path, line, sev, msg in s.rule_rows(git_repo, no_rules, sides, RULE) if path == FORK]


@pytest.mark.parametrize(
    "use",
    [
        "    for n, padded in cgu.get_cudagraph_sizes(capture_sizes, max_num_tokens).items():\n        print(n, padded)\n",
        "    return cgu.get_cudagraph_sizes(capture_sizes, max_num_tokens).get(4, 4)\n",
    ],
)
def test_a_dict_method_on_a_call_upstream_made_a_tuple(git_repo: GitRepo, no_rules: Path, use: str) -> None:
    fork = SIZES + "def aeon_sizes(capture_sizes, max_num_tokens):\n" + use
    [(line, severity, message)] = _rows(git_repo, no_rules, {CG: CG_BASE}, fork, {CG: CG_PAIR}, CG_SUBJECT)
    assert (line, severity) == (5, "error")
    assert "uses the value of cgu.get_cudagraph_sizes() as one value" in message and "#32771" in message
    attr = "items" if "items" in use else "get"
    assert f"the tuple has no .{attr}: AttributeError at runtime" in message


@pytest.mark.parametrize(
    "use",
    [
        "    return cgu.get_cudagraph_sizes(capture_sizes, max_num_tokens).count({})\n",  # a tuple's own method
        "    return cgu.get_cudagraph_sizes(capture_sizes, max_num_tokens)[0].get(4, 4)\n",  # the new shape
        "    return sorted(cgu.get_cudagraph_sizes(capture_sizes, max_num_tokens).keys())\n",  # a kept function below
    ],
)
def test_twin_a_read_the_tuple_answers_or_of_a_kept_dict(git_repo: GitRepo, no_rules: Path, use: str) -> None:
    fork = SIZES + "def aeon_sizes(capture_sizes, max_num_tokens):\n" + use
    upstream = CG_PAIR if "keys" not in use else CG_BASE.replace("    return sizes\n", "    return dict(sizes)\n")
    assert _rows(git_repo, no_rules, {CG: CG_BASE}, fork, {CG: upstream}, CG_SUBJECT) == []


def test_a_read_off_a_call_upstream_made_return_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    upstream = CG_BASE.replace("    return sizes\n", "    CACHE.update(sizes)\n").replace(
        "def get_cudagraph_sizes", "CACHE: dict[int, int] = {}\n\n\ndef get_cudagraph_sizes"
    )
    upstream = upstream.replace(" -> dict[int, int]:", " -> None:")
    fork = SIZES + "def aeon_sizes(capture_sizes, max_num_tokens):\n"
    fork += "    return cgu.get_cudagraph_sizes(capture_sizes, max_num_tokens).get(4, 4)\n"
    [(line, severity, message)] = _rows(git_repo, no_rules, {CG: CG_BASE}, fork, {CG: upstream}, CG_SUBJECT)
    assert (line, severity) == (5, "error")
    assert "to return nothing" in message and "the read of .get now hits None" in message


ATTN = "vllm/v1/worker/gpu/attn_utils.py"
ATTN_BASE = """from dataclasses import dataclass


@dataclass(frozen=True)
class AttentionCGSupportInfo:
    min_cg_support: int = 0
    min_cg_attn_backend: str | None = None


def init_attn_backend(kv_cache_config, vllm_config, device):
    attn_backends = {}
    attn_groups = []
    kernel_block_sizes = []
    min_cg_support, min_cg_attn_backend = 0, None
    return (
        attn_backends,
        attn_groups,
        AttentionCGSupportInfo(min_cg_support=min_cg_support, min_cg_attn_backend=min_cg_attn_backend),
        kernel_block_sizes,
    )
"""
ATTN_THREE = ATTN_BASE.replace(
    """    return (
        attn_backends,
        attn_groups,
        AttentionCGSupportInfo(min_cg_support=min_cg_support, min_cg_attn_backend=min_cg_attn_backend),
        kernel_block_sizes,
    )
""",
    """    info = AttentionCGSupportInfo(min_cg_support=min_cg_support, min_cg_attn_backend=min_cg_attn_backend)
    return attn_groups, info, kernel_block_sizes
""",
)
ATTN_SUBJECT = "[ModelRunnerV2][Hybrid model] Support kernel block size in hybrid model (#38831)"
ATTN_FORK = "from vllm.v1.worker.gpu.attn_utils import init_attn_backend\n\n\ndef aeon_pick(kv_cache_config, vllm_config, device):\n"


def test_an_index_whose_place_now_holds_a_value_from_another_place(git_repo: GitRepo, no_rules: Path) -> None:
    fork = ATTN_FORK + "    return init_attn_backend(kv_cache_config, vllm_config, device)[0]\n"
    [(line, severity, message)] = _rows(git_repo, no_rules, {ATTN: ATTN_BASE}, fork, {ATTN: ATTN_THREE}, ATTN_SUBJECT)
    assert (line, severity) == (5, "error")
    assert "reads element 0 of what init_attn_backend() returns, which was `attn_backends`" in message
    assert "`attn_groups` is there now" in message and "#38831" in message


@pytest.mark.parametrize(
    "read",
    [
        "    return init_attn_backend(kv_cache_config, vllm_config, device)[-1]\n",  # the kept last element
        "    *_, sizes = init_attn_backend(kv_cache_config, vllm_config, device)\n    return sizes\n",
    ],
)
def test_twin_a_read_of_an_element_still_in_its_place(git_repo: GitRepo, no_rules: Path, read: str) -> None:
    fork = ATTN_FORK + read
    assert _rows(git_repo, no_rules, {ATTN: ATTN_BASE}, fork, {ATTN: ATTN_THREE}, ATTN_SUBJECT) == []


def test_twin_an_index_whose_value_was_renamed_in_place(git_repo: GitRepo, no_rules: Path) -> None:
    """``attn_backends`` renamed ``backends`` where it stood, and a value appended: ``[0]`` is still it."""
    upstream = ATTN_BASE.replace("attn_backends", "backends").replace(
        "        kernel_block_sizes,\n    )", "        kernel_block_sizes,\n        None,\n    )"
    )
    fork = ATTN_FORK + "    return init_attn_backend(kv_cache_config, vllm_config, device)[0]\n"
    assert _rows(git_repo, no_rules, {ATTN: ATTN_BASE}, fork, {ATTN: upstream}, ATTN_SUBJECT) == []


CAP = "vllm/v1/worker/gpu/capture.py"
CAP_BASE = """def prepare_inputs_to_capture(num_reqs: int, num_tokens: int) -> tuple[dict, dict]:
    attn_metadata = {"n": num_reqs}
    slot_mappings = {"t": num_tokens}
    return attn_metadata, slot_mappings


def capture(num_reqs: int, num_tokens: int) -> dict:
    attn_metadata, slot_mappings = prepare_inputs_to_capture(num_reqs, num_tokens)
    return attn_metadata
"""
CAP_NAMED = (
    "from typing import NamedTuple\n\n\nclass CapturedAttentionState(NamedTuple):\n"
    "    attn_metadata: dict\n    slot_mappings: dict\n\n\n"
    + CAP_BASE.replace("-> tuple[dict, dict]:", "-> CapturedAttentionState:")
    .replace(
        "    return attn_metadata, slot_mappings\n", "    return CapturedAttentionState(attn_metadata, slot_mappings)\n"
    )
    .replace(
        "    attn_metadata, slot_mappings = prepare_inputs_to_capture(num_reqs, num_tokens)\n    return attn_metadata\n",
        "    state = prepare_inputs_to_capture(num_reqs, num_tokens)\n    return state.attn_metadata\n",
    )
)
CAP_SUBJECT = "[Model Runner V2] Skip attention metadata rebuild before draft prefill (#40410)"
CAP_FORK = "from vllm.v1.worker.gpu.capture import prepare_inputs_to_capture\n\n\ndef aeon_dummy(n: int):\n"
CAP_FORK += "    attn_metadata, slot_mappings = prepare_inputs_to_capture(n, n)\n    return slot_mappings\n"


def test_twin_a_tuple_made_a_named_tuple_of_its_values(git_repo: GitRepo, no_rules: Path) -> None:
    assert _rows(git_repo, no_rules, {CAP: CAP_BASE}, CAP_FORK, {CAP: CAP_NAMED}, CAP_SUBJECT) == []


def test_a_tuple_made_a_plain_class_still_breaks_the_unpack(git_repo: GitRepo, no_rules: Path) -> None:
    """The twin's counterpart: the one value is a dataclass, which no unpack takes apart."""
    upstream = CAP_NAMED.replace("from typing import NamedTuple\n", "from dataclasses import dataclass\n").replace(
        "class CapturedAttentionState(NamedTuple):", "@dataclass\nclass CapturedAttentionState:"
    )
    [(line, severity, message)] = _rows(git_repo, no_rules, {CAP: CAP_BASE}, CAP_FORK, {CAP: upstream}, CAP_SUBJECT)
    assert (line, severity) == (5, "error")
    assert "to return one value" in message and "#40410" in message
