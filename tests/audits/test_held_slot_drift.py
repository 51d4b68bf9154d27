"""Symbol drift: a parameter renamed in place and retyped below its outer name, or fed a literal of the old kind.

The renamed-slot check compares the kind of a parameter upstream renamed in place (``drift/symbols.py``
``_renamed_slot``).  Two spellings of fork code escaped it: a container kept with other elements
(#35752: ``attn_groups: list[AttentionGroup]`` -> ``backends: list[type[AttentionBackend]]``, both lists),
and a literal of the old kind where no name or annotation ties the argument to it (#24845:
``max_num_scheduled_tokens: int`` -> ``num_scheduled_tokens_per_request: np.ndarray``, fork code
``ubatch_split(1, ...)``, or ``longest = int(counts.max())`` handed on).  ``drift/held_kinds.py`` reads both.
A flag renamed in place with its default turned over (#35158: ``clear_metadata: bool = True`` ->
``defer_finalize: bool = False``) asks the opposite: a positional value of the fork's now means the other thing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/v1/worker/utils.py"
UTILS_BASE = """class AttentionBackend:
    @classmethod
    def supports_block_size(cls, size: int) -> bool:
        return size % 16 == 0


class AttentionGroup:
    def __init__(self, backend: type[AttentionBackend]) -> None:
        self.backend = backend


class GroupBase:
    pass


class KernelGroup(GroupBase):
    pass


def select_common_block_size(kv_manager_block_size: int, attn_groups: list[AttentionGroup]) -> int:
    return kv_manager_block_size


def ubatch_split(max_num_scheduled_tokens: int, num_tokens: int) -> int:
    return num_tokens


def connector_output(scheduler_output: object, clear_metadata: bool = True) -> bool:
    return clear_metadata
"""
FORK = "vllm/v1/worker/aeon_blocks.py"
SUBJECT = "[NIXL][1/N] Refactor kernel_block_size detection (#35752)"
IMPORTS = (
    "import numpy as np\n\nfrom vllm.v1.worker.utils import (\n    AttentionBackend, AttentionGroup, GroupBase, "
    "KernelGroup, connector_output, select_common_block_size, ubatch_split,\n)\n\n\n"
)


def findings(repo: GitRepo, config: Path, body: str, old: str, new: str) -> list[tuple[int, str, str]]:
    """The fork's ``body`` (one function) merged under upstream's ``old`` -> ``new`` edit of the helpers."""
    upstream = UTILS_BASE.replace(old, new)
    assert upstream != UTILS_BASE
    sides = s.merge_case(repo, {UTILS: UTILS_BASE}, {FORK: IMPORTS + body}, [(SUBJECT, {UTILS: upstream})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


GROUPS = "attn_groups: list[AttentionGroup]"
BACKENDS = "backends: list[type[AttentionBackend]]"


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_block(groups: list[AttentionGroup]) -> int:\n    return select_common_block_size(64, groups)\n",
        "def aeon_block(groups: 'list[AttentionGroup]') -> int:\n    return select_common_block_size(64, groups)\n",
        "def aeon_block(attn_groups) -> int:\n    return select_common_block_size(64, attn_groups)\n",
        "def aeon_block(groups: list[AttentionGroup] | None) -> int:\n    return select_common_block_size(64, groups)\n",
    ],
    ids=["annotated as the old elements", "a quoted annotation", "spelled as the old parameter", "optional"],
)
def test_a_container_of_the_old_elements_into_a_slot_retyped_below_its_name(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    """Upstream kept the list and made its items backend classes instead of attention groups: the fork's
    positional call still binds and hands the callee groups -- an error, no longer a rename's warning."""
    [(line, severity, message)] = findings(git_repo, no_rules, body, GROUPS, BACKENDS)
    assert (line, severity) == (9, "error")
    assert "(list[AttentionGroup]), which upstream renamed backends and retyped as list[type]" in message


@pytest.mark.parametrize(
    ("body", "new"),
    [
        (
            "def aeon_block(groups: list[AttentionGroup]) -> int:\n"
            "    return select_common_block_size(64, [g.backend for g in groups])\n",
            BACKENDS,
        ),
        (
            "def aeon_block(attn_groups: list[type[AttentionBackend]]) -> int:\n"
            "    return select_common_block_size(64, attn_groups)\n",
            BACKENDS,
        ),
        (
            "def aeon_block(groups: list[KernelGroup]) -> int:\n    return select_common_block_size(64, groups)\n",
            "groups: list[GroupBase]",
        ),
        (
            "def aeon_block(groups: list[AttentionGroup]) -> int:\n    return select_common_block_size(64, groups)\n",
            "groups: list['AttentionGroup']",
        ),
        (
            "def aeon_block(groups: list[AttentionGroup]) -> int:\n    return select_common_block_size(64, groups)\n",
            "groups: tuple[AttentionGroup, ...]",
        ),
    ],
    ids=[
        "the new elements built",
        "annotated as the new elements",
        "a base class's elements",
        "renamed only",
        "a tuple now",
    ],
)
def test_a_slot_that_still_takes_the_fork_s_elements_is_no_error(
    git_repo: GitRepo, no_rules: Path, body: str, new: str
) -> None:
    """The fork hands the new elements already, or upstream's new elements take the fork's (a base class,
    the same class quoted): at most the rename's warning."""
    found = findings(git_repo, no_rules, body, GROUPS, new)
    assert [f for f in found if f[1] == "error"] == []


NDARRAY = "num_scheduled_tokens_per_request: np.ndarray"


@pytest.mark.parametrize("literal", ["1", "-1", "+2"])
def test_a_literal_of_the_old_kind_into_a_renamed_and_retyped_slot(
    git_repo: GitRepo, no_rules: Path, literal: str
) -> None:
    """#24845: ``ubatch_split(1, n)`` once its ``max_num_scheduled_tokens: int`` became an array of the
    requests' counts: the literal is the old kind as plainly as an annotation would say it."""
    body = f"def aeon_split(n: int) -> int:\n    return ubatch_split({literal}, n)\n"
    [(line, severity, message)] = findings(git_repo, no_rules, body, "max_num_scheduled_tokens: int", NDARRAY)
    assert (line, severity) == (9, "error")
    assert f"with {literal} as argument 1, for max_num_scheduled_tokens (int)" in message


@pytest.mark.parametrize(
    ("body", "new"),
    [
        ("def aeon_split(n: int) -> int:\n    return ubatch_split(1, n)\n", "num_tokens_per_request: int"),
        ("def aeon_split(n: int) -> int:\n    return ubatch_split(1, n)\n", "max_tokens: float"),
        (
            "def aeon_split(counts: np.ndarray, n: int) -> int:\n    return ubatch_split(counts, n)\n",
            NDARRAY,
        ),
    ],
    ids=["renamed only", "widened to float", "an array passed"],
)
def test_a_literal_the_slot_still_takes_is_no_error(git_repo: GitRepo, no_rules: Path, body: str, new: str) -> None:
    found = findings(git_repo, no_rules, body, "max_num_scheduled_tokens: int", new)
    assert [f for f in found if f[1] == "error"] == []


@pytest.mark.parametrize(
    "bound",
    ["longest = int(counts.max())", "longest: int = counts.max()", "longest = len(counts)", "longest = -1"],
    ids=["an int() conversion", "annotated", "a len()", "a literal"],
)
def test_a_local_bound_to_the_old_kind_into_a_renamed_and_retyped_slot(
    git_repo: GitRepo, no_rules: Path, bound: str
) -> None:
    """#24845 again, the count first bound to a local: every binding shows an int, the slot takes an array."""
    body = f"def aeon_split(counts: np.ndarray, n: int) -> int:\n    {bound}\n    return ubatch_split(longest, n)\n"
    [(line, severity, message)] = findings(git_repo, no_rules, body, "max_num_scheduled_tokens: int", NDARRAY)
    assert (line, severity) == (10, "error")
    assert "with longest as argument 1, for max_num_scheduled_tokens (int)" in message


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_split(counts: np.ndarray, n: int) -> int:\n    longest = counts\n    return ubatch_split(longest, n)\n",
        "def aeon_split(longest, n: int) -> int:\n    return ubatch_split(longest, n)\n",
        "def aeon_split(counts: np.ndarray, n: int) -> int:\n    longest = 1\n    if n:\n        longest = counts\n"
        "    return ubatch_split(longest, n)\n",
        "def aeon_split(counts: np.ndarray, n: int) -> int:\n    for longest in [counts]:\n        pass\n"
        "    return ubatch_split(longest, n)\n",
    ],
    ids=["bound to the array", "a parameter of no kind", "bound to an int, then the array", "a loop variable"],
)
def test_a_local_of_no_evident_old_kind_is_no_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    found = findings(git_repo, no_rules, body, "max_num_scheduled_tokens: int", NDARRAY)
    assert [f for f in found if f[1] == "error"] == []


TURNED = "defer_finalize: bool = False"


@pytest.mark.parametrize(
    ("call", "new"),
    [
        ("connector_output(so, False)", TURNED),
        ("connector_output(so, keep)", TURNED),
        ("connector_output(so, False)", "defer_finalize=False"),
    ],
    ids=["a literal", "a name of the fork's", "unannotated"],
)
def test_a_flag_renamed_with_its_default_turned_over(git_repo: GitRepo, no_rules: Path, call: str, new: str) -> None:
    """Upstream renamed ``clear_metadata=True`` ``defer_finalize=False``: what a caller passing nothing gets is
    kept, so the flag's sense turned; the fork's positional ``False`` (keep the metadata) now finalizes."""
    body = f"def aeon_out(so: object, keep: bool) -> bool:\n    return {call}\n"
    [(line, severity, message)] = findings(git_repo, no_rules, body, "clear_metadata: bool = True", new)
    assert (line, severity) == (9, "error")
    assert "for clear_metadata (default True), which upstream renamed defer_finalize with the default False" in message


@pytest.mark.parametrize(
    ("call", "new"),
    [
        ("connector_output(so, False)", "clear_meta: bool = True"),
        ("connector_output(so, False)", "clear_metadata: bool = False"),
        ("connector_output(so, False)", "defer_finalize: int = 0"),
        ("connector_output(so)", TURNED),
        ("connector_output(so, defer_finalize=True)", TURNED),
    ],
    ids=[
        "renamed, the default kept",
        "the default turned, not renamed",
        "no flag now",
        "left to the default",
        "the new keyword",
    ],
)
def test_a_flag_kept_or_left_alone_is_no_error(git_repo: GitRepo, no_rules: Path, call: str, new: str) -> None:
    body = f"def aeon_out(so: object, keep: bool) -> bool:\n    return {call}\n"
    found = findings(git_repo, no_rules, body, "clear_metadata: bool = True", new)
    assert [f for f in found if f[1] == "error"] == []


RUNNER = (
    "class AeonRunner(GroupBase):\n    def __init__(self) -> None:\n"
    "        self.attn_groups: list[list[AttentionGroup]] = []\n"
    "        self.groups: list[AttentionGroup] = []\n"
    "        self.backends: list[list[type[AttentionBackend]]] = []\n\n"
    "    def aeon_block(self) -> int:\n        return select_common_block_size(64, {arg})\n"
)


@pytest.mark.parametrize("arg", ["self.attn_groups[0]", "self.groups", "self.attn_groups[-1]"])
def test_an_attribute_declared_with_the_old_elements_into_a_slot_retyped_below_its_name(
    git_repo: GitRepo, no_rules: Path, arg: str
) -> None:
    """#35752 from a runner subclass: ``self.attn_groups[0]``, the class declaring ``self.attn_groups:
    list[list[AttentionGroup]]``, is a list of groups as plainly as an annotated parameter."""
    [(line, severity, message)] = findings(git_repo, no_rules, RUNNER.format(arg=arg), GROUPS, BACKENDS)
    assert (line, severity) == (15, "error")
    assert f"with {arg} as argument 2, for attn_groups (list[AttentionGroup])" in message


@pytest.mark.parametrize("arg", ["self.backends[0]", "self.attn_groups[0:1]"], ids=["new elements", "a slice"])
def test_an_attribute_of_other_elements_is_no_error(git_repo: GitRepo, no_rules: Path, arg: str) -> None:
    """The new elements declared, and a slice (a list of lists, not what either side takes: left alone)."""
    found = findings(git_repo, no_rules, RUNNER.format(arg=arg), GROUPS, BACKENDS)
    assert [f for f in found if f[1] == "error"] == []


@pytest.mark.parametrize(
    ("klass", "caught"),
    [
        ("class SplitKind:\n    EVEN = 1\n    ODD = 2\n", False),
        ("class SplitKind(enum.IntEnum):\n    EVEN = 1\n", False),
        ("@dataclasses.dataclass\nclass SplitKind:\n    start: int\n    end: int = 0\n", True),
        ("class SplitKind:\n    def __init__(self, n: int) -> None:\n        self.n = n\n", True),
    ],
    ids=["a namespace of ints", "an IntEnum", "a dataclass", "a class with a constructor"],
)
def test_a_literal_into_a_slot_retyped_as_a_class_of_the_tree(
    git_repo: GitRepo, no_rules: Path, klass: str, caught: bool
) -> None:
    """A literal says the old kind plainly, but a class of the tree may still take it: a namespace of such
    values (``class AttentionType: DECODER = "decoder"``) or an enum made of the literal's builtin.  A class
    with fields or a constructor of its own (#24252's ``Range``, #29137's ``ModelConfig``) takes no literal."""
    upstream = (
        "import dataclasses\nimport enum\n\n\n"
        + klass
        + "\n\n"
        + UTILS_BASE.replace("max_num_scheduled_tokens: int", "split: SplitKind")
    )
    body = "def aeon_split(n: int) -> int:\n    return ubatch_split(1, n)\n"
    sides = s.merge_case(git_repo, {UTILS: UTILS_BASE}, {FORK: IMPORTS + body}, [(SUBJECT, {UTILS: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    errors = [f.line for f in report.findings if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"]
    assert errors == ([9] if caught else [])
