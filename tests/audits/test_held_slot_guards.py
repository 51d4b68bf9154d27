"""Symbol drift's renamed slot, under the fork's own guards and over items the fork makes itself.

The renamed-slot errors (a flag renamed with its default turned over, a literal of the old kind into a slot
retyped, a container's elements retyped: ``drift/held_kinds.py``) never asked what a call's misfit asks
(``call_guarded``): whether the fork wrote the call for both versions of its callee -- the old call as the
fallback of an ``except TypeError``, under a test of the callee's signature, or on either side of a
``hasattr`` test of a member the callee's file gained or lost in the merge (#35158's ``finalize_kv_connector``
added with the flag turned over).  Such a call is a warning now.  And an argument spelled like a container
parameter whose elements changed was tied to the old elements by its spelling even where the fork rebound it
to items it made itself (``groups = [g.backend for g in groups]``, #35752): a rename's warning again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.test_held_slot_drift import BACKENDS, GROUPS, NDARRAY, TURNED, findings

FLAG = "clear_metadata: bool = True) -> bool:\n    return clear_metadata\n"
FLAG_TURNED = f"{TURNED}) -> bool:\n    return defer_finalize\n\n\ndef finalize_connector() -> None:\n    pass\n"
SPLIT = "max_num_scheduled_tokens: int"

GUARDED_FLAG = {
    "an except TypeError fallback": (
        "def aeon_out(so: object) -> bool:\n    try:\n        return connector_output(so, defer_finalize=True)\n"
        "    except TypeError:\n        return connector_output(so, False)\n",
        12,
    ),
    "a signature test": (
        "def aeon_out(so: object) -> bool:\n    import inspect\n\n"
        "    if 'defer_finalize' in inspect.signature(connector_output).parameters:\n"
        "        return connector_output(so, defer_finalize=True)\n    return connector_output(so, False)\n",
        13,
    ),
    "the new sense under a test for the member added": (
        "def aeon_out(so: object) -> bool:\n    import vllm.v1.worker.utils as wu\n\n"
        "    if hasattr(wu, 'finalize_connector'):\n        return connector_output(so, True)\n"
        "    return connector_output(so, defer_finalize=True)\n",
        12,
    ),
    "the new sense under a getattr of that member": (
        "def aeon_out(so: object) -> bool:\n    import vllm.v1.worker.utils as wu\n\n"
        "    if getattr(wu, 'finalize_connector', None) is not None:\n        return connector_output(so, True)\n"
        "    return connector_output(so, defer_finalize=True)\n",
        12,
    ),
    "the old sense in the else of that test": (
        "def aeon_out(so: object) -> bool:\n    import vllm.v1.worker.utils as wu\n\n"
        "    if hasattr(wu, 'finalize_connector'):\n        return connector_output(so, defer_finalize=True)\n"
        "    else:\n        return connector_output(so, False)\n",
        14,
    ),
}


@pytest.mark.parametrize(("body", "line"), GUARDED_FLAG.values(), ids=GUARDED_FLAG.keys())
def test_a_turned_over_flag_in_a_call_written_for_both_versions_is_a_warning(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    """The fork tells the two versions apart around the call: its positional flag is right for the version
    that branch runs on, so the rename is worth a look, not a blocked merge."""
    found = findings(git_repo, no_rules, body, FLAG, FLAG_TURNED)
    assert [f for f in found if f[1] == "error"] == []
    assert any(f[0] == line and f[1] == "warning" and "defer_finalize" in f[2] for f in found)


def test_a_hasattr_test_that_tells_no_version_apart_keeps_the_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A ``hasattr`` of a name neither side of the callee's file spells is the fork's own test, not a version's:
    the flag's sense still turned under it."""
    body = (
        "def aeon_out(so: object) -> bool:\n    if hasattr(so, 'aeon_draft'):\n"
        "        return connector_output(so, False)\n    return connector_output(so)\n"
    )
    found = findings(git_repo, no_rules, body, FLAG, FLAG_TURNED)
    assert [(f[0], f[1]) for f in found if f[1] == "error"] == [(10, "error")]


GUARDED_SPLIT = {
    "an except TypeError fallback": (
        "def aeon_split(counts: np.ndarray, n: int) -> int:\n    try:\n        return ubatch_split(counts, n)\n"
        "    except TypeError:\n        return ubatch_split(int(counts.max()), n)\n",
        12,
    ),
    "a signature test": (
        "def aeon_split(counts: np.ndarray, n: int) -> int:\n    import inspect\n\n"
        "    if 'num_scheduled_tokens_per_request' in inspect.signature(ubatch_split).parameters:\n"
        "        return ubatch_split(counts, n)\n    return ubatch_split(1, n)\n",
        13,
    ),
}


@pytest.mark.parametrize(("body", "line"), GUARDED_SPLIT.values(), ids=GUARDED_SPLIT.keys())
def test_a_literal_of_the_old_kind_in_a_call_written_for_both_versions_is_a_warning(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    """#24845's slot retyped from an int to an array: the int handed only where the old signature runs."""
    found = findings(git_repo, no_rules, body, SPLIT, NDARRAY)
    assert [f for f in found if f[1] == "error"] == []
    assert any(f[0] == line and f[1] == "warning" for f in found)


@pytest.mark.parametrize(
    "bound",
    ["attn_groups = [g.backend for g in attn_groups]", "attn_groups = list(g.backend for g in attn_groups)"],
    ids=["a list comprehension", "a list of a generator"],
)
def test_old_elements_spelled_but_mapped_by_the_fork_are_a_rename_s_warning(
    git_repo: GitRepo, no_rules: Path, bound: str
) -> None:
    """#35752: the name is the old parameter's, the items the backends the fork read off each group."""
    body = (
        f"def aeon_block(attn_groups: list[AttentionGroup]) -> int:\n    {bound}\n"
        "    return select_common_block_size(64, attn_groups)\n"
    )
    found = findings(git_repo, no_rules, body, GROUPS, BACKENDS)
    assert [(f[0], f[1]) for f in found] == [(10, "warning")]


@pytest.mark.parametrize(
    "bound",
    ["attn_groups = [g for g in attn_groups if g.backend]", "attn_groups = list(attn_groups)"],
    ids=["filtered", "copied"],
)
def test_old_elements_filtered_or_copied_stay_an_error(git_repo: GitRepo, no_rules: Path, bound: str) -> None:
    """A comprehension that keeps each item, or a copy, hands the callee groups still."""
    body = (
        f"def aeon_block(attn_groups: list[AttentionGroup]) -> int:\n    {bound}\n"
        "    return select_common_block_size(64, attn_groups)\n"
    )
    found = findings(git_repo, no_rules, body, GROUPS, BACKENDS)
    assert [(f[0], f[1]) for f in found] == [(10, "error")]
