"""Return drift's mrv2 reaches beside a path for the other shape: compatibility code stays quiet (review40).

The fork keeps a path per release where upstream changed what a function returns (``drift/shape_splits.py``):
an attribute read off the call in a ``try`` whose handler reads the new pair's element, under a version check
whose other branch unpacks the pair, after an ``if`` that returns the new spelling; an index under a test of
the result's length or of an element's kind, or in one branch of a split whose other branch reads another
position.  The same reads with no such path beside them stay errors; a ``try`` catching the AttributeError
with no new-shape path in its handler is a warning (its handler may be the fork's fallback).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.test_return_shapes_mrv2 import (
    ATTN,
    ATTN_BASE,
    ATTN_FORK,
    ATTN_SUBJECT,
    ATTN_THREE,
    CG,
    CG_BASE,
    CG_PAIR,
    CG_SUBJECT,
    SIZES,
    _rows,
)

CALL = "cgu.get_cudagraph_sizes(capture_sizes, max_num_tokens)"
HEAD = SIZES + "def aeon_sizes(capture_sizes, max_num_tokens):\n"


@pytest.mark.parametrize(
    "body",
    [
        # a try whose handler reads the new pair's first
        f"    try:\n        return {CALL}.get(4, 4)\n    except AttributeError:\n        return {CALL}[0].get(4, 4)\n",
        # a version check whose branch unpacks the pair, the old read after it
        f"    if SPLIT:\n        mixed, _ = {CALL}\n        return mixed.get(4, 4)\n    return {CALL}.get(4, 4)\n",
        # the old read in the else of a conditional expression whose body reads the pair's element
        f"    return {CALL}[0].get(4, 4) if SPLIT else {CALL}.get(4, 4)\n",
        # the new path in a handler through a local
        f"    try:\n        return {CALL}.copy()\n    except AttributeError:\n"
        f"        out = {CALL}\n        return out[0].copy()\n",
    ],
)
def test_a_read_off_a_call_beside_a_path_for_the_pair_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    fork = "SPLIT = True\n" + HEAD + body
    assert _rows(git_repo, no_rules, {CG: CG_BASE}, fork, {CG: CG_PAIR}, CG_SUBJECT) == []


def test_a_read_off_a_call_in_a_try_with_no_path_for_the_pair_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    fork = HEAD + f"    try:\n        return {CALL}.get(4, 4)\n    except AttributeError:\n        return 4\n"
    [(line, severity, message)] = _rows(git_repo, no_rules, {CG: CG_BASE}, fork, {CG: CG_PAIR}, CG_SUBJECT)
    assert (line, severity) == (6, "warning")
    assert "the tuple has no .get" in message and "a try around it catches the AttributeError" in message


@pytest.mark.parametrize(
    "body",
    [
        # the same read of the same position in both branches: no path for the pair
        f"    if SPLIT:\n        return {CALL}.get(4, 4)\n    return {CALL}.get(8, 8)\n",
        # an index of the call elsewhere in the function, on no branch of a split around the read
        f"    first = {CALL}[0]\n    return {CALL}.get(first, 4)\n",
        # a try catching only what an unpack raises
        f"    try:\n        return {CALL}.get(4, 4)\n    except (TypeError, ValueError):\n        return 4\n",
    ],
)
def test_a_read_off_a_call_with_no_path_for_the_pair_stays_an_error(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    fork = "SPLIT = True\n" + HEAD + body
    rows = _rows(git_repo, no_rules, {CG: CG_BASE}, fork, {CG: CG_PAIR}, CG_SUBJECT)
    reads = [(line, sev) for line, sev, msg in rows if "the tuple has no .get" in msg]
    assert reads and {sev for _, sev in reads} == {"error"} and body.count(".get(") == len(reads), rows


@pytest.mark.parametrize(
    "body",
    [
        "    out = init_attn_backend(kv_cache_config, vllm_config, device)\n"
        "    return out[0] if len(out) == 4 else {}\n",
        "    out = init_attn_backend(kv_cache_config, vllm_config, device)\n"
        "    if len(out) == 4:\n        return out[1]\n    return out[0]\n",
        "    out = init_attn_backend(kv_cache_config, vllm_config, device)\n"
        "    return out[1] if isinstance(out[0], dict) else out[0]\n",
        "    if OLD:\n        return init_attn_backend(kv_cache_config, vllm_config, device)[1]\n"
        "    return init_attn_backend(kv_cache_config, vllm_config, device)[0]\n",
        "    if not OLD:\n        return init_attn_backend(kv_cache_config, vllm_config, device)[0]\n"
        "    return init_attn_backend(kv_cache_config, vllm_config, device)[1]\n",
    ],
)
def test_an_index_written_for_either_length_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    fork = "OLD = False\n" + ATTN_FORK + body
    assert _rows(git_repo, no_rules, {ATTN: ATTN_BASE}, fork, {ATTN: ATTN_THREE}, ATTN_SUBJECT) == []


@pytest.mark.parametrize(
    "body",
    [
        # a length read for another reason than a test of it
        "    out = init_attn_backend(kv_cache_config, vllm_config, device)\n    print(len(out))\n    return out[1]\n",
        # both branches read the same position: no path for the new order
        "    if OLD:\n        return init_attn_backend(kv_cache_config, vllm_config, device)[1]\n"
        "    return init_attn_backend(kv_cache_config, vllm_config, device)[1]\n",
    ],
)
def test_an_index_with_no_path_for_the_new_order_stays_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    fork = "OLD = False\n" + ATTN_FORK + body
    rows = _rows(git_repo, no_rules, {ATTN: ATTN_BASE}, fork, {ATTN: ATTN_THREE}, ATTN_SUBJECT)
    assert rows and {sev for _, sev, _ in rows} == {"error"}
    assert all("reads element 1" in msg and "which was `attn_groups`" in msg for _, _, msg in rows)
