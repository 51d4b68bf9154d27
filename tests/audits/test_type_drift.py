"""Type drift: upstream made a ``str`` field, parameter or return an enum; the fork still uses strings.

Shaped like #41188 (5536fc0c01): ``MambaSpec.mamba_type: str = "mamba2"`` became
``MambaAttentionBackendEnum.MAMBA2``, the layers' ``mamba_type`` properties return the member and
``get_mamba_attn_backend(mamba_type)`` takes it.  A plain ``Enum`` equals no string: a fork line
``spec.mamba_type == "mamba2"`` is never true again, and a string handed on is not the member.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from aeon_release.domain.audits.model import AuditReport
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

REGISTRY = "vllm/v1/attention/backends/registry.py"
REGISTRY_TEXT = """from enum import Enum


class MambaAttentionBackendEnum(Enum):
    MAMBA1 = "vllm.v1.attention.backends.mamba1_attn.Mamba1AttentionBackend"
    MAMBA2 = "vllm.v1.attention.backends.mamba2_attn.Mamba2AttentionBackend"


class Labels(str, Enum):
    MAMBA2 = "mamba2"
"""
SPEC = "vllm/v1/kv_cache_interface.py"
SPEC_BASE = """from dataclasses import dataclass


@dataclass(frozen=True)
class MambaSpec:
    block_size: int
    mamba_type: str = "mamba2"


class MambaMixer2:
    @property
    def mamba_type(self) -> str:
        return "mamba2"


def get_mamba_attn_backend(mamba_type: str) -> str:
    return mamba_type
"""
SPEC_ENUM = (
    SPEC_BASE.replace(
        "from dataclasses import dataclass\n",
        "from dataclasses import dataclass\n\nfrom vllm.v1.attention.backends.registry import MambaAttentionBackendEnum\n",
    )
    .replace('mamba_type: str = "mamba2"', "mamba_type: MambaAttentionBackendEnum = MambaAttentionBackendEnum.MAMBA2")
    .replace(
        'def mamba_type(self) -> str:\n        return "mamba2"',
        "def mamba_type(self) -> MambaAttentionBackendEnum:\n        return MambaAttentionBackendEnum.MAMBA2",
    )
    .replace(
        "def get_mamba_attn_backend(mamba_type: str)",
        "def get_mamba_attn_backend(mamba_type: MambaAttentionBackendEnum)",
    )
)
SUBJECT = "[Misc] Replace mamba_type string literals with MambaAttentionBackendEnum (#41188)"
FORK = "vllm/v1/aeon_mamba.py"
HEAD = "from vllm.v1.kv_cache_interface import MambaMixer2, MambaSpec, get_mamba_attn_backend\n\n\n"


def drift(
    repo: GitRepo, config: Path, body: str, upstream: str = SPEC_ENUM, registry: str = REGISTRY_TEXT
) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {REGISTRY: registry, SPEC: SPEC_BASE}, {FORK: HEAD + body}, [(SUBJECT, {SPEC: upstream})]
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK]


ENUM_ERRORS = [
    'def aeon_is_mamba2(spec: MambaSpec) -> bool:\n    return spec.mamba_type == "mamba2"\n',
    'def aeon_mamba(spec: MambaSpec) -> bool:\n    return spec.mamba_type in ("mamba1", "mamba2")\n',
    'class AeonMixer(MambaMixer2):\n    @property\n    def mamba_type(self) -> str:\n        return "mamba2"\n',
    'def aeon_backend() -> str:\n    return get_mamba_attn_backend("mamba2")\n',
    'def aeon_spec() -> MambaSpec:\n    return MambaSpec(block_size=16, mamba_type="mamba2")\n',
]

# The rows of the test below each put one fork module beside the same base and upstream and pin its one finding: no
# row's module imports another's, so one merge and one audit of the five modules side by side answers each row (five
# merges and audits became one per process; suitespeed8).
_DRIFTED: dict[str, list[tuple[int, str]]] = {}


def drift_among_errors(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str]]:
    """``drift`` of one of ``ENUM_ERRORS``, from the one audit of all of them side by side."""
    if not _DRIFTED:
        paths = {text: f"vllm/v1/aeon_mamba_{number}.py" for number, text in enumerate(ENUM_ERRORS)}
        sides = s.merge_case(
            repo,
            {REGISTRY: REGISTRY_TEXT, SPEC: SPEC_BASE},
            {path: HEAD + text for text, path in paths.items()},
            [(SUBJECT, {SPEC: SPEC_ENUM})],
        )
        found = [f for f in repo.audit(config, merge=sides).findings if f.rule_id == TYPE_DRIFT]
        assert all(f.path in paths.values() for f in found), found
        _DRIFTED.update({text: [(f.line, f.message) for f in found if f.path == path] for text, path in paths.items()})
    return _DRIFTED[body]


@pytest.mark.parametrize(
    "body",
    ENUM_ERRORS,
    ids=["compare", "in a tuple", "override returns a string", "argument", "constructor keyword"],
)
def test_a_string_where_upstream_made_an_enum(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(line, message)] = drift_among_errors(git_repo, no_rules, body)
    assert line == HEAD.count("\n") + body.count("\n")  # the body's last line
    assert "upstream made mamba_type a MambaAttentionBackendEnum" in message and "#41188" in message


@pytest.mark.parametrize(
    ("body", "upstream", "registry"),
    [  # the member compared: written for the enum
        (
            "def aeon(spec: MambaSpec) -> bool:\n    return spec.mamba_type == MambaSpec.mamba_type\n",
            SPEC_ENUM,
            REGISTRY_TEXT,
        ),
        # a string mixin enum equals its strings: the comparison still holds
        (
            'def aeon(spec: MambaSpec) -> bool:\n    return spec.mamba_type == "mamba2"\n',
            SPEC_ENUM.replace("MambaAttentionBackendEnum", "Labels"),
            REGISTRY_TEXT.replace("class Labels", "class Unused").replace(
                "class MambaAttentionBackendEnum(Enum)", "class Labels(str, Enum)"
            ),
        ),
        # upstream kept the string
        (
            'def aeon(spec: MambaSpec) -> bool:\n    return spec.mamba_type == "mamba2"\n',
            SPEC_BASE + "\n# docs\n",
            REGISTRY_TEXT,
        ),
        # another object's attribute of another name
        ('def aeon(config) -> bool:\n    return config.model_type == "mamba2"\n', SPEC_ENUM, REGISTRY_TEXT),
        # a class of the fork's own that is not upstream's: its method returns what it likes
        (
            'class Own:\n    @property\n    def mamba_type(self) -> str:\n        return "mamba2"\n',
            SPEC_ENUM,
            REGISTRY_TEXT,
        ),
    ],
    ids=["member", "str mixin", "unchanged", "other attribute", "own class"],
)
def test_silent_twins(git_repo: GitRepo, no_rules: Path, body: str, upstream: str, registry: str) -> None:
    assert drift(git_repo, no_rules, body, upstream, registry) == []


@pytest.mark.parametrize(
    "body",
    [
        '@dataclass\nclass AeonPlan:\n    mamba_type: str = "mamba2"\n\n\n'
        'def aeon(plan: AeonPlan) -> bool:\n    return plan.mamba_type == "mamba2"\n',
        '@dataclass\nclass AeonPlan:\n    mamba_type: str = "mamba2"\n\n\n'
        'def aeon() -> bool:\n    plan = AeonPlan()\n    return plan.mamba_type == "mamba2"\n',
        'class AeonPlan:\n    def __init__(self) -> None:\n        self.mamba_type = "mamba2"\n\n'
        '    def is_mamba2(self) -> bool:\n        return self.mamba_type == "mamba2"\n',
    ],
    ids=["annotated parameter", "local built", "self"],
)
def test_a_field_of_the_forks_own_class_of_that_name(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert drift(git_repo, no_rules, "from dataclasses import dataclass\n\n" + body) == []


def test_a_fork_class_deriving_from_upstreams_still_holds_its_field(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "class AeonSpec(MambaSpec):\n    pass\n\n\n"
        'def aeon(spec: AeonSpec) -> bool:\n    return spec.mamba_type == "mamba2"\n'
    )
    [(line, _)] = drift(git_repo, no_rules, body)
    assert line == HEAD.count("\n") + body.count("\n")


ENUM_IMPORT = "from vllm.v1.attention.backends.registry import Labels, MambaAttentionBackendEnum\n\n\n"


@pytest.mark.parametrize(
    ("body", "silent"),
    [
        (
            "def aeon(spec: MambaSpec) -> bool:\n"
            '    return spec.mamba_type == "mamba2" or spec.mamba_type == MambaAttentionBackendEnum.MAMBA2\n',
            True,
        ),
        (
            'def aeon(spec: MambaSpec) -> int:\n    if spec.mamba_type == "mamba2":  # before #41188\n        return 2\n'
            "    if spec.mamba_type is MambaAttentionBackendEnum.MAMBA2:\n        return 2\n    return 1\n",
            True,
        ),
        # another enum's member does not write the comparison for this one
        (
            'def aeon(spec: MambaSpec) -> bool:\n    return spec.mamba_type == "mamba2" or spec.mamba_type == Labels.MAMBA2\n',
            False,
        ),
    ],
    ids=["or-ed", "a test of each", "another enum"],
)
def test_a_comparison_written_for_both_sides_of_the_change(
    git_repo: GitRepo, no_rules: Path, body: str, silent: bool
) -> None:
    """The function also reads a member of the enum upstream made the field: the fork handles both."""
    got = [line for line, _ in drift(git_repo, no_rules, ENUM_IMPORT + body)]
    assert got == ([] if silent else [HEAD.count("\n") + ENUM_IMPORT.count("\n") + 2])


# -- a container upstream made another kind (#4659 Dict -> List of pairs, #2290 List -> Deque) -------------
SCHED = "vllm/core/scheduler.py"
SCHED_BASE = """from dataclasses import dataclass
from typing import Dict, List


@dataclass
class SchedulerOutputs:
    blocks_to_swap_in: Dict[int, int]


class BlockManager:
    def swap_in(self, seq_group) -> Dict[int, int]:
        return {}


class Scheduler:
    def __init__(self) -> None:
        self.waiting: List[object] = []
"""
SCHED_AFTER = (
    SCHED_BASE.replace(
        "from typing import Dict, List", "from collections import deque\nfrom typing import Deque, List, Tuple"
    )
    .replace("blocks_to_swap_in: Dict[int, int]", "blocks_to_swap_in: List[Tuple[int, int]]")
    .replace("-> Dict[int, int]:\n        return {}", "-> List[Tuple[int, int]]:\n        return []")
    .replace("self.waiting: List[object] = []", "self.waiting: Deque[object] = deque()")
)
CONTAINER_HEAD = "from vllm.core.scheduler import BlockManager, Scheduler, SchedulerOutputs\n\n\n"
CONTAINER_SUBJECT = "[Core] change python dict to pytorch tensor for blocks to swap (#4659)"


def container_drift(repo: GitRepo, config: Path, body: str, upstream: str = SCHED_AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {SCHED: SCHED_BASE}, {FORK: CONTAINER_HEAD + body}, [(CONTAINER_SUBJECT, {SCHED: upstream})]
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK]


# The rows of the test below each put one fork module beside the same base and upstream (SCHED_AFTER) and pin that
# module's one type-drift finding: no row's module imports another's, so one merge and one audit of the six modules
# side by side answers each of them (6 merges and audits became one per process; suitespeed10, as suitespeed8 and 9
# did for other files).  The quiet rows keep a merge each: there a row's module could be quiet for something another
# row's module declared.
_CONTAINER_BATCH: dict[str, list[tuple[int, str]]] = {}


def container_drift_among_rows(repo: GitRepo, config: Path, bodies: list[str], body: str) -> list[tuple[int, str]]:
    """``container_drift`` of one row's body, from one audit of every row's module side by side."""
    if not _CONTAINER_BATCH:
        paths = {text: FORK.replace(".py", f"_{number}.py") for number, text in enumerate(bodies)}
        fork = {path: CONTAINER_HEAD + text for text, path in paths.items()}
        sides = s.merge_case(repo, {SCHED: SCHED_BASE}, fork, [(CONTAINER_SUBJECT, {SCHED: SCHED_AFTER})])
        report = repo.audit(config, merge=sides)
        every = [f.path for f in report.findings if f.rule_id == TYPE_DRIFT]
        assert set(every) <= set(paths.values()), every
        for text, path in paths.items():
            rows = [(f.line, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == path]
            _CONTAINER_BATCH[text] = rows
    return _CONTAINER_BATCH[body]


CONTAINER_ROWS = [
    (
        "def aeon(outputs: SchedulerOutputs) -> list:\n    return sorted(outputs.blocks_to_swap_in.items())\n",
        "SchedulerOutputs.blocks_to_swap_in a List[Tuple[int, int]] (was Dict[int, int])",
    ),
    (
        "def aeon(manager: BlockManager, group) -> list:\n    mapping = manager.swap_in(group)\n"
        "    return list(mapping.keys())\n",
        "BlockManager.swap_in() a List[Tuple[int, int]]",
    ),
    (
        "class AeonScheduler(Scheduler):\n    def shed(self):\n        return self.waiting.pop(0)\n",
        "pop() takes no index",
    ),
    ("class AeonScheduler(Scheduler):\n    def order(self) -> None:\n        self.waiting.sort()\n", "no sort()"),
    (
        "class AeonScheduler(Scheduler):\n    def head(self) -> list:\n        return self.waiting[:4]\n",
        "cannot be sliced",
    ),
    ("def aeon(scheduler: Scheduler) -> None:\n    scheduler.waiting.sort(key=id)\n", "Scheduler.waiting a Deque"),
]


@pytest.mark.parametrize(
    ("body", "said"),
    CONTAINER_ROWS,
    ids=["field items()", "returned, through a local", "pop(0)", "sort()", "slice", "typed parameter"],
)
def test_a_container_use_upstream_made_another_kind_fail(
    git_repo: GitRepo, no_rules: Path, body: str, said: str
) -> None:
    bodies = [text for text, _ in CONTAINER_ROWS]
    [(line, message)] = container_drift_among_rows(git_repo, no_rules, bodies, body)
    assert line == CONTAINER_HEAD.count("\n") + body.count("\n")  # the body's last line
    assert said in message and "#4659" in message


@pytest.mark.parametrize(
    ("body", "upstream"),
    [  # what both kinds offer
        (
            "class AeonScheduler(Scheduler):\n    def add(self, g) -> int:\n        self.waiting.append(g)\n        return len(self.waiting)\n",
            SCHED_AFTER,
        ),
        ("def aeon(outputs: SchedulerOutputs) -> int:\n    return len(outputs.blocks_to_swap_in)\n", SCHED_AFTER),
        ("class AeonScheduler(Scheduler):\n    def last(self):\n        return self.waiting.pop()\n", SCHED_AFTER),
        # another class's field of the same name
        ("def aeon(queue) -> None:\n    queue.waiting.sort()\n", SCHED_AFTER),
        (
            "class Own:\n    def __init__(self) -> None:\n        self.waiting = []\n\n    def order(self) -> None:\n        self.waiting.sort()\n",
            SCHED_AFTER,
        ),
        # upstream kept the kind
        (
            "def aeon(outputs: SchedulerOutputs) -> list:\n    return sorted(outputs.blocks_to_swap_in.items())\n",
            SCHED_BASE + "\n# docs\n",
        ),
    ],
    ids=["append and len", "len of the field", "pop()", "untyped receiver", "own class", "unchanged"],
)
def test_container_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str, upstream: str) -> None:
    assert container_drift(git_repo, no_rules, body, upstream) == []


# a return changed on a signature's own last line (``) -> Dict[...]``): its method is named by the def
# lines above, which the diff does not show
SCHED_WRAPPED = SCHED_BASE.replace(
    "def swap_in(self, seq_group) -> Dict[int, int]:", "def swap_in(\n        self, seq_group\n    ) -> Dict[int, int]:"
)
SCHED_WRAPPED_AFTER = SCHED_WRAPPED.replace(
    "from typing import Dict, List", "from typing import Dict, List, Tuple"
).replace(") -> Dict[int, int]:\n        return {}", ") -> List[Tuple[int, int]]:\n        return []")


def _wrapped_case(repo: GitRepo, config: Path, body: str) -> AuditReport:
    sides = s.merge_case(
        repo, {SCHED: SCHED_WRAPPED}, {FORK: CONTAINER_HEAD + body}, [(CONTAINER_SUBJECT, {SCHED: SCHED_WRAPPED_AFTER})]
    )
    return repo.audit(config, merge=sides)


def test_a_return_changed_on_a_signatures_last_line_is_caught(git_repo: GitRepo, no_rules: Path) -> None:
    body = "def aeon(manager: BlockManager, group) -> list:\n    mapping = manager.swap_in(group)\n    return list(mapping.keys())\n"
    report = _wrapped_case(git_repo, no_rules, body)
    [message] = [f.message for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK]
    assert "BlockManager.swap_in() a List[Tuple[int, int]]" in message


def test_an_unnamed_return_of_a_method_the_fork_never_reads_is_not_parsed(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Upstream's module is parsed (the cost of container drift on a large release) only when the fork
    reads a method it defines: a changed return on a signature's last line names no method by itself."""
    from aeon_release.domain.audits.drift import retyped

    parsed: list[str] = []
    real = retyped.parsed_texts  # (both versions of each path it is given are parsed)

    def counting(trees: object, paths: list[str]) -> object:
        parsed.extend(paths)
        return real(trees, paths)  # type: ignore[arg-type]

    monkeypatch.setattr(retyped, "parsed_texts", counting)
    body = "def aeon(manager: BlockManager, group) -> None:\n    manager.swap_out(group)\n"
    report = _wrapped_case(git_repo, no_rules, body)
    assert [f for f in report.findings if f.rule_id == TYPE_DRIFT] == []
    assert SCHED not in parsed


def test_an_arrow_past_a_long_lines_first_two_thousand_characters_annotates_nothing() -> None:
    from aeon_release.domain.audits.drift.retyped import _line_kinds

    diff = "diff --git a/x.py b/x.py\n-    def f(self) -> Dict[int, int]:\n+" + "x" * 2001 + " -> List[int]\n"
    diff += "+    def f(self) -> List[int]:  # -> Deque[int]\n"
    assert list(_line_kinds(diff)) == [("-", "f", "Dict"), ("+", "f", "List")]


def test_methods_are_walked_for_annotated_fields_only_when_the_diff_pairs_such_a_name(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``self.name: T`` in a method is a field of its class, but finding them walks every method of the
    module (most of a large file's nodes): only a name the diff moved from ``str`` to a class can be
    retyped, so a module whose annotated attributes are all other names is not walked, and the field
    upstream did retype is still found."""
    from aeon_release.domain.audits.drift import retyped

    walked: list[str] = []
    real = retyped._instance_fields

    def counting(method: object) -> object:
        walked.append(getattr(method, "name", "?"))
        return real(method)  # type: ignore[arg-type]

    monkeypatch.setattr(retyped, "_instance_fields", counting)
    other = "\n\nclass Cache:\n    def __init__(self) -> None:\n        self.blocks: int = 0\n"
    body = 'def aeon_is_mamba2(spec: MambaSpec) -> bool:\n    return spec.mamba_type == "mamba2"\n'
    [(_, message)] = drift(git_repo, no_rules, body, upstream=SPEC_ENUM + other)
    assert "upstream made mamba_type a MambaAttentionBackendEnum" in message
    assert walked == []


OWN_PLAN = (
    "from typing import Dict, List\n\n\n"
    "class Scheduler:\n"
    "    def __init__(self) -> None:\n"
    "        self.waiting: List[int] = []\n\n\n"
    "class SchedulerOutputs:\n"
    "    def __init__(self) -> None:\n"
    "        self.blocks_to_swap_in: Dict[int, int] = {}\n"
)


@pytest.mark.parametrize(
    "body",
    [
        OWN_PLAN.split("\n\n\nclass SchedulerOutputs")[0]
        + "\n\n    def shed(self) -> int:\n        return self.waiting.pop(0)\n",
        "from vllm.aeon.plan import SchedulerOutputs\n\n\n"
        "def aeon(outputs: SchedulerOutputs) -> list:\n    return sorted(outputs.blocks_to_swap_in.items())\n",
        "class AeonScheduler(Scheduler):\n"
        "    def __init__(self) -> None:\n"
        "        super().__init__()\n"
        "        self.waiting = []  # the fork's own queue, a list\n\n"
        "    def shed(self):\n        return self.waiting.pop(0)\n",
        "def aeon(outputs: SchedulerOutputs) -> list:\n"
        "    outputs.blocks_to_swap_in = dict(outputs.blocks_to_swap_in)\n"
        "    return sorted(outputs.blocks_to_swap_in.items())\n",
    ],
    ids=["own class of the name", "own class of the name, imported", "subclass declares the field", "set first"],
)
def test_a_container_of_the_forks_own_class_of_the_name_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """The class named like upstream's is the fork's (defined in the file, or in a module the fork added),
    or a fork subclass sets the field itself: the field is the fork's kind, not upstream's."""
    sides = s.merge_case(
        git_repo,
        {SCHED: SCHED_BASE},
        {FORK: CONTAINER_HEAD + body, "vllm/aeon/plan.py": OWN_PLAN},
        [(CONTAINER_SUBJECT, {SCHED: SCHED_AFTER})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.line for f in report.findings if f.rule_id == TYPE_DRIFT] == []


@pytest.mark.parametrize(
    "body",
    [
        "class AeonScheduler(Scheduler):\n    def shed(self):\n"
        "        if isinstance(self.waiting, list):\n            return self.waiting.pop(0)\n"
        "        return self.waiting.popleft()\n",
        "from collections import deque\n\n\nclass AeonScheduler(Scheduler):\n    def shed(self):\n"
        "        if isinstance(self.waiting, deque):\n            return self.waiting.popleft()\n"
        "        else:\n            return self.waiting.pop(0)\n",
        "from collections import deque\n\n\nclass AeonScheduler(Scheduler):\n    def shed(self):\n"
        "        if isinstance(self.waiting, deque):\n            return self.waiting.popleft()\n"
        "        return self.waiting.pop(0)\n",
        "def aeon(outputs: SchedulerOutputs) -> list:\n    swaps = outputs.blocks_to_swap_in\n"
        "    return sorted(swaps.items() if isinstance(swaps, dict) else swaps)\n",
        "def aeon(outputs: SchedulerOutputs) -> list:\n    swaps = outputs.blocks_to_swap_in\n"
        "    return sorted(swaps if isinstance(outputs.blocks_to_swap_in, list) else swaps.items())\n",
    ],
    ids=["old kind tested", "else of the new kind", "after a test of the new kind that returns", "local", "or else"],
)
def test_a_container_use_under_a_test_of_its_kind_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """The old kind's use runs only where isinstance says it is the old kind, or is not the new one."""
    assert container_drift(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        "def aeon(outputs: SchedulerOutputs) -> list:\n    swaps = outputs.blocks_to_swap_in\n"
        '    return sorted(swaps.items() if hasattr(swaps, "items") else swaps)\n',
        "from collections.abc import Mapping\n\n\ndef aeon(outputs: SchedulerOutputs) -> list:\n"
        "    swaps = outputs.blocks_to_swap_in\n"
        "    return sorted(swaps.items() if isinstance(swaps, Mapping) else swaps)\n",
    ],
    ids=["hasattr of the method", "an abstract Mapping"],
)
def test_a_container_use_under_a_duck_test_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """``hasattr`` of the very method, or ``isinstance`` of the old kind's abstract base, guards the use."""
    assert container_drift(git_repo, no_rules, body) == []


def test_a_fork_subclass_of_the_same_name_imported_is_upstreams_field(git_repo: GitRepo, no_rules: Path) -> None:
    """A module the fork added defines ``class SchedulerOutputs(SchedulerOutputs)``: the field is upstream's."""
    plan = "from vllm.core import scheduler\n\n\nclass SchedulerOutputs(scheduler.SchedulerOutputs):\n    pass\n"
    body = (
        "from vllm.aeon.plan import SchedulerOutputs\n\n\n"
        "def aeon(outputs: SchedulerOutputs) -> list:\n    return sorted(outputs.blocks_to_swap_in.items())\n"
    )
    sides = s.merge_case(
        git_repo,
        {SCHED: SCHED_BASE},
        {FORK: CONTAINER_HEAD + body, "vllm/aeon/plan.py": plan},
        [(CONTAINER_SUBJECT, {SCHED: SCHED_AFTER})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.line for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK] == [
        CONTAINER_HEAD.count("\n") + body.count("\n")
    ]


OTHER_SCHED = "vllm/core/other_scheduler.py"
OTHER_SCHED_TEXT = "from typing import List\n\n\nclass Scheduler:\n    def __init__(self) -> None:\n        self.waiting: List[object] = []\n"


@pytest.mark.parametrize(
    ("other", "line"),
    [
        (OTHER_SCHED_TEXT, None),  # another module's class of the same name: its list is untouched
        ("from vllm.core import scheduler\n\n\nclass Scheduler(scheduler.Scheduler):\n    pass\n", 5),
        ("from vllm.core.scheduler import Scheduler\n", 5),  # a re-export is upstream's class
    ],
    ids=["another class", "a subclass of the same name", "a re-export"],
)
def test_a_class_of_the_same_name_from_another_module(
    git_repo: GitRepo, no_rules: Path, other: str, line: int | None
) -> None:
    """The fork imports ``Scheduler`` from a module other than upstream's that defines its own class of that
    name (a TPU batch beside the GPU one): upstream's change to its namesake's field does not reach it."""
    body = "from vllm.core.other_scheduler import Scheduler\n\n\ndef shed(s: Scheduler):\n    return s.waiting.pop(0)\n"
    sides = s.merge_case(
        git_repo,
        {SCHED: SCHED_BASE, OTHER_SCHED: other},
        {FORK: body},
        [(CONTAINER_SUBJECT, {SCHED: SCHED_AFTER})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.line for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK] == ([line] if line else [])


def test_an_operator_the_new_container_kind_refuses(git_repo: GitRepo, no_rules: Path) -> None:
    # killers130: ``self.waiting`` made a deque where it was a list; a deque adds only a deque
    body = "class AeonScheduler(Scheduler):\n    def with_extra(self, g) -> list:\n        return self.waiting + [g]\n"
    [(line, message)] = container_drift(git_repo, no_rules, body)
    assert line == CONTAINER_HEAD.count("\n") + body.count("\n")
    assert "combines self.waiting by an operator" in message and "a deque does not combine with a list by +" in message


@pytest.mark.parametrize(
    "body",
    [
        # a deque's += extends with any iterable, as a list's did
        "class AeonScheduler(Scheduler):\n    def extend(self, groups) -> None:\n        self.waiting += [*groups]\n",
        # copied to a list first
        "class AeonScheduler(Scheduler):\n    def with_extra(self, g) -> list:\n        return list(self.waiting) + [g]\n",
    ],
    ids=["in-place extend", "copied"],
)
def test_operator_twins_of_a_container_field_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert container_drift(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # review33 (#2290): the other operand a deque the line builds, by either spelling
        "from collections import deque\n\n\nclass AeonScheduler(Scheduler):\n"
        "    def with_extra(self, g):\n        return self.waiting + deque([g])\n",
        "import collections\n\n\nclass AeonScheduler(Scheduler):\n"
        "    def with_extra(self, g):\n        return collections.deque([g]) + self.waiting\n",
        # a local the method binds once to a deque
        "from collections import deque\n\n\nclass AeonScheduler(Scheduler):\n"
        "    def with_extra(self, g):\n        extra = deque([g])\n        return self.waiting + extra\n",
        # what the file states of the other operand: a parameter's annotation, a local's, the class's own
        # field, a module constant
        "from collections import deque\n\n\nclass AeonScheduler(Scheduler):\n"
        "    def merge(self, more: deque[object]):\n        return self.waiting + more\n",
        "from collections import deque\n\n\nclass AeonScheduler(Scheduler):\n"
        "    def merge(self):\n        more: deque[object] = self.take()\n        return self.waiting + more\n",
        "from collections import deque\n\n\nclass AeonScheduler(Scheduler):\n"
        "    def __init__(self) -> None:\n        super().__init__()\n        self.held = deque()\n\n"
        "    def pending(self):\n        return self.waiting + self.held\n",
        "from collections import deque\n\nPRIORITY: deque = deque()\n\n\nclass AeonScheduler(Scheduler):\n"
        "    def pending(self):\n        return PRIORITY + self.waiting\n",
        # hasattr tells the kinds apart before the use
        "class AeonScheduler(Scheduler):\n    def with_extra(self, g):\n"
        "        if hasattr(self.waiting, 'popleft'):\n            return [*self.waiting, g]\n"
        "        return self.waiting + [g]\n",
    ],
    ids=[
        "deque(...)",
        "collections.deque(...)",
        "a local bound to a deque",
        "a parameter annotated",
        "a local annotated",
        "the class's own field",
        "a module constant",
        "hasattr returning early",
    ],
)
def test_an_operand_of_the_new_kind_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert container_drift(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        "class AeonScheduler(Scheduler):\n    def with_extra(self, g):\n        extra = [g]\n        return self.waiting + extra\n",
        "class AeonScheduler(Scheduler):\n    def with_extra(self, extra: list[object]):\n        return self.waiting + extra\n",
        "class AeonScheduler(Scheduler):\n    def __init__(self) -> None:\n        super().__init__()\n"
        "        self.held: list[object] = []\n\n    def pending(self):\n        return self.waiting + self.held\n",
        # a hasattr test of a method both kinds offer tells nothing apart
        "class AeonScheduler(Scheduler):\n    def with_extra(self, g):\n"
        "        if hasattr(self.waiting, 'append'):\n            return self.waiting + [g]\n        return []\n",
    ],
    ids=["a local", "a parameter", "the class's own field", "hasattr of a shared method"],
)
def test_an_operand_of_the_old_kind_is_still_refused(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(line, message)] = container_drift(git_repo, no_rules, body)
    assert line == CONTAINER_HEAD.count("\n") + body[: body.index("self.waiting + ")].count("\n") + 1
    assert "a deque does not combine with a list by +" in message


TWO_BASE = SCHED_BASE + "        self.swapped: List[object] = []\n"
TWO_AFTER = SCHED_AFTER + "        self.swapped: Deque[object] = deque()\n"


@pytest.mark.parametrize(
    ("body", "caught"),
    [
        # review33 (#2290 made waiting, running and swapped deques together): two deques still add
        (
            "class AeonScheduler(Scheduler):\n    def pending(self):\n        return self.waiting + self.swapped\n",
            False,
        ),
        ("class AeonScheduler(Scheduler):\n    def pending(self, g):\n        return self.swapped + [g]\n", True),
    ],
    ids=["two fields drifted alike", "one of them with a list"],
)
def test_fields_drifted_alike_combine(git_repo: GitRepo, no_rules: Path, body: str, caught: bool) -> None:
    sides = s.merge_case(
        git_repo, {SCHED: TWO_BASE}, {FORK: CONTAINER_HEAD + body}, [(CONTAINER_SUBJECT, {SCHED: TWO_AFTER})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    lines = [f.line for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK]
    assert lines == ([CONTAINER_HEAD.count("\n") + body.count("\n")] if caught else [])


# killers135, shaped like #28798 (b9489f51e1): ``Qwen2VisionTransformer.rot_pos_emb`` returned one tensor and now
# returns a (cos, sin) pair, its signature rewrapped as it changed: the new annotation sits on an unnamed last
# line, the old one on the def line, and no diff line names the method on both sides
TOWER = "vllm/models/tower.py"
TOWER_BASE = """import torch


class Tower:
    def rot_pos_emb(self, grid_thw: list[list[int]]) -> torch.Tensor:
        return torch.zeros(1)

    def device(self) -> torch.Tensor:
        return torch.zeros(1)
"""
TOWER_AFTER = TOWER_BASE.replace(
    "    def rot_pos_emb(self, grid_thw: list[list[int]]) -> torch.Tensor:\n        return torch.zeros(1)",
    "    def rot_pos_emb(\n        self, grid_thw: list[list[int]]\n    ) -> tuple[torch.Tensor, torch.Tensor]:\n"
    "        return torch.zeros(1), torch.zeros(1)",
)
TOWER_HEAD = "import torch\n\nfrom vllm.models.tower import Tower\n\n\n"


def _tower_drift(repo: GitRepo, config: Path, body: str, base: str, upstream: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {TOWER: base},
        {FORK: TOWER_HEAD + body},
        [("[Model][Perf] Use cos and sin cache (#28798)", {TOWER: upstream})],
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK]


@pytest.mark.parametrize(
    "body",
    [
        "class AeonTower(Tower):\n    def cos(self, grid) -> torch.Tensor:\n        freqs = self.rot_pos_emb(grid)\n"
        "        return freqs.cos()\n",
        "def aeon(tower: Tower, grid) -> int:\n    return tower.rot_pos_emb(grid).size(0)\n",
        "def aeon(tower: Tower, grid) -> torch.Tensor:\n    return tower.rot_pos_emb(grid).to(torch.float32)\n",
    ],
    ids=["a subclass's local", "a typed receiver's size()", "to()"],
)
def test_a_return_made_a_tuple_under_a_rewrapped_signature(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(line, message)] = _tower_drift(git_repo, no_rules, body, TOWER_BASE, TOWER_AFTER)
    assert line == TOWER_HEAD.count("\n") + body.count("\n")
    assert "Tower.rot_pos_emb() a tuple[torch.Tensor, torch.Tensor] (was torch.Tensor)" in message


def test_a_return_made_a_tensor_as_its_wrapped_signature_was_joined(git_repo: GitRepo, no_rules: Path) -> None:
    # the other way: the old annotation on an unnamed last line, the new one on a joined def line
    base = TOWER_AFTER.replace("-> tuple[torch.Tensor, torch.Tensor]", "-> list[torch.Tensor]")
    upstream = TOWER_BASE
    body = "def aeon(tower: Tower, grid) -> None:\n    tower.rot_pos_emb(grid).append(None)\n"
    [(line, message)] = _tower_drift(git_repo, no_rules, body, base, upstream)
    assert line == TOWER_HEAD.count("\n") + body.count("\n")
    assert "Tower.rot_pos_emb() a torch.Tensor (was list[torch.Tensor])" in message
    assert "an array has no append()" in message


@pytest.mark.parametrize(
    "body",
    [
        # the new spelling: the pair unpacked
        "class AeonTower(Tower):\n    def cos(self, grid) -> torch.Tensor:\n        cos, sin = self.rot_pos_emb(grid)\n"
        "        return cos\n",
        # handed on as it is
        "def aeon(tower: Tower, grid):\n    return tower.rot_pos_emb(grid)\n",
        # a method whose return kept its kind
        "def aeon(tower: Tower) -> int:\n    return tower.device().size(0)\n",
        # another class's method of the name
        "def aeon(other, grid) -> torch.Tensor:\n    return other.rot_pos_emb(grid).cos()\n",
    ],
    ids=["unpacked", "handed on", "kept kind", "untyped receiver"],
)
def test_rewrapped_return_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _tower_drift(git_repo, no_rules, body, TOWER_BASE, TOWER_AFTER) == []


def test_a_rewrapped_signature_pairs_its_name_with_the_unnamed_line() -> None:
    from aeon_release.domain.audits.drift.retyped import _kinds_changed

    diff = (
        "diff --git a/x.py b/x.py\n-    def rot(self, grid) -> torch.Tensor:\n+    def rot(\n+        self, grid\n"
        "+    ) -> tuple[torch.Tensor, torch.Tensor]:\n"
    )
    assert _kinds_changed(diff, ["x.rot(grid).cos()"]) == {"rot"}
    assert _kinds_changed(diff, ["x.other()"]) == set()
    # the same kind on both sides: a reflow, nothing changed
    same = diff.replace("-> tuple[torch.Tensor, torch.Tensor]", "-> torch.Tensor")
    assert _kinds_changed(same, ["x.rot(grid).cos()"]) == set()


# -- a list return upstream made a set (#10327: ``AutoWeightsLoader.load_weights`` -> ``Set[str]``) -----------
LOADER = "vllm/model_executor/models/utils.py"
LOADER_BASE = """from typing import List


class AutoWeightsLoader:
    def __init__(self, module) -> None:
        self.module = module

    def load_weights(self, weights) -> List[str]:
        return [name for name, _ in weights]
"""
LOADER_AFTER = LOADER_BASE.replace("List", "Set").replace(
    "return [name for name, _ in weights]", "return {n for n, _ in weights}"
)
LOADER_HEAD = "from vllm.model_executor.models.utils import AutoWeightsLoader\n\n\n"


def _loader_drift(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str]]:
    subject = "[Misc] Add uninitialized params tracking for `AutoWeightsLoader` (#10327)"
    sides = s.merge_case(repo, {LOADER: LOADER_BASE}, {FORK: LOADER_HEAD + body}, [(subject, {LOADER: LOADER_AFTER})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK]


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (
            "def aeon(model, weights):\n    names = AutoWeightsLoader(model).load_weights(weights)\n"
            '    names.append("lm_head.weight")\n',
            "a set has no append()",
        ),
        (
            "def aeon(model, weights) -> str:\n    return AutoWeightsLoader(model).load_weights(weights)[0]\n",
            "a set cannot be indexed",
        ),
        (
            "def aeon(model, weights) -> str:\n    loader = AutoWeightsLoader(model)\n"
            "    loaded = loader.load_weights(weights)\n    return loaded[-1]\n",
            "a set cannot be indexed",
        ),
    ],
    ids=["append off a constructed loader", "indexed off a constructed loader", "indexed through locals"],
)
def test_a_list_return_made_a_set_fails_a_list_use(git_repo: GitRepo, no_rules: Path, body: str, said: str) -> None:
    [(line, message)] = _loader_drift(git_repo, no_rules, body)
    assert line == LOADER_HEAD.count("\n") + body.count("\n")
    assert said in message and "#10327" in message


@pytest.mark.parametrize(
    "body",
    [
        'def aeon(model, weights):\n    names = set(AutoWeightsLoader(model).load_weights(weights))\n    names.add("x")\n',
        "def aeon(model, weights) -> str:\n    return sorted(AutoWeightsLoader(model).load_weights(weights))[0]\n",
        "def aeon(model, weights) -> str:\n    return list(AutoWeightsLoader(model).load_weights(weights))[0]\n",
        # another class's method of the name
        "def aeon(loader, weights) -> str:\n    return loader.load_weights(weights)[0]\n",
    ],
    ids=["set()", "sorted()", "list()", "untyped receiver"],
)
def test_a_list_return_made_a_set_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _loader_drift(git_repo, no_rules, body) == []
