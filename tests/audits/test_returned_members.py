"""A function upstream made return another class; a fork line reads a member the new class lacks (#15156)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ENGINE = "vllm/v1/engine/async_llm.py"
COLLECT = "vllm/v1/engine/output_processor.py"
FORK = "vllm/aeon/router.py"
SUBJECT = "[V1][Perf] Simpler request output queues (#15156)"
BASE = """import asyncio


class AsyncLLM:
    async def add_request(self, request_id: str) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue()
        return queue
"""
COLLECTOR = """class RequestOutputCollector:
    def __init__(self) -> None:
        self.output = None
        self.ready = False

    def put(self, output) -> None:
        self.output = output

    async def get(self):
        return self.output

    def get_nowait(self):
        return self.output
"""
UPSTREAM = """from vllm.v1.engine.output_processor import RequestOutputCollector


class AsyncLLM:
    async def add_request(self, request_id: str) -> RequestOutputCollector:
        queue = RequestOutputCollector()
        return queue
"""
FORK_HEAD = """from vllm.v1.engine.async_llm import AsyncLLM


async def aeon_first(engine: AsyncLLM, rid: str):
    q = await engine.add_request(rid)
"""


def _rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UPSTREAM, collector: str = COLLECTOR):
    sides = s.merge_case(
        git_repo,
        {ENGINE: BASE, COLLECT: "\n"},
        {FORK: FORK_HEAD + body},
        [(SUBJECT, {ENGINE: upstream, COLLECT: collector})],
    )
    return [(line, sev, msg) for path, line, sev, msg in s.rule_rows(git_repo, no_rules, sides, DRIFT) if path == FORK]


def test_a_member_the_new_class_lacks_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """#15156: the fork's ``q.empty()`` on what is now a RequestOutputCollector: AttributeError."""
    [(line, severity, message)] = _rows(
        git_repo, no_rules, "    return q.get_nowait() if not q.empty() else await q.get()\n"
    )
    assert (line, severity) == (6, "error")
    assert "upstream made it return RequestOutputCollector where it returned asyncio.Queue[str]" in message
    assert ".empty of it, which RequestOutputCollector has not" in message


@pytest.mark.parametrize(
    "body",
    [
        "    return await q.get()\n",  # a member both classes have
        "    return q.ready\n",  # a self.X of the new class's methods
        "    if isinstance(q, RequestOutputCollector):\n        return q.get_nowait()\n    return q.empty()\n",
    ],
)
def test_a_member_the_new_class_has_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert [r for r in _rows(git_repo, no_rules, body) if r[1] == "error"] == []


def test_a_class_that_makes_up_attributes_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    collector = COLLECTOR + "\n    def __getattr__(self, name):\n        return getattr(self.output, name)\n"
    rows = _rows(git_repo, no_rules, "    return q.empty()\n", collector=collector)
    assert [r for r in rows if r[1] == "error"] == []


def test_a_class_with_a_base_outside_the_tree_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``class RequestOutputCollector(asyncio.Queue)``: the base outside the tree may have the member."""
    collector = "import asyncio\n\n\n" + COLLECTOR.replace(
        "RequestOutputCollector:", "RequestOutputCollector(asyncio.Queue):"
    )
    rows = _rows(git_repo, no_rules, "    return q.empty()\n", collector=collector)
    assert [r for r in rows if r[1] == "error"] == []


def test_an_annotation_widened_to_a_base_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``-> SlowCollector`` made ``-> Collector`` (its base): the value may still be the old class."""
    collector = COLLECTOR.replace("RequestOutputCollector", "Collector") + (
        "\n\nclass SlowCollector(Collector):\n    def empty(self) -> bool:\n        return self.output is None\n"
    )
    base = (
        "from vllm.v1.engine.output_processor import SlowCollector\n\n\nclass AsyncLLM:\n"
        "    async def add_request(self, request_id: str) -> SlowCollector:\n        return SlowCollector()\n"
    )
    upstream = (
        "from vllm.v1.engine.output_processor import Collector, SlowCollector\n\n\nclass AsyncLLM:\n"
        "    async def add_request(self, request_id: str) -> Collector:\n        return SlowCollector() if request_id else Collector()\n"
    )
    sides = s.merge_case(
        git_repo,
        {ENGINE: base, COLLECT: collector},
        {FORK: FORK_HEAD + "    return q.empty()\n"},
        [(SUBJECT, {ENGINE: upstream})],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK and r[2] == "error"]
    assert rows == []


@pytest.mark.parametrize(
    "body",
    [
        "    try:\n        return q.empty()\n    except AttributeError:\n        return False\n",
        "    if hasattr(q, 'empty'):\n        return q.empty()\n    return False\n",
        "    return q.empty() if hasattr(q, 'empty') else q.output is None\n",
    ],
    ids=["try", "hasattr", "hasattr expression"],
)
def test_a_read_guarded_against_the_member_gone_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """The fork handles a value without the member: nothing raises."""
    assert [r for r in _rows(git_repo, no_rules, body) if r[1] == "error"] == []


def test_a_try_catching_something_else_keeps_the_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = "    try:\n        return q.empty()\n    except KeyError:\n        return False\n"
    assert [r[1] for r in _rows(git_repo, no_rules, body)] == ["error"]


def test_a_member_patched_on_after_the_class_body_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    collector = COLLECTOR + "\n\nRequestOutputCollector.empty = lambda self: self.output is None\n"
    assert [
        r for r in _rows(git_repo, no_rules, "    return q.empty()\n", collector=collector) if r[1] == "error"
    ] == []


ABC_BASE = (
    "from transformers import PreTrainedTokenizer\n\n\nclass AsyncLLM:\n"
    "    async def add_request(self, request_id: str) -> PreTrainedTokenizer:\n        return load(request_id)\n"
)
ABC_LIB = (
    "from abc import ABC, abstractmethod\n\n\nclass TokenizerBase(ABC):\n    @abstractmethod\n"
    "    def encode(self, text: str) -> list[int]:\n        raise NotImplementedError\n\n\n"
    "class HfTokenizer(TokenizerBase):\n    def __init__(self, inner) -> None:\n        self.inner = inner\n\n"
    "    def encode(self, text: str) -> list[int]:\n        return self.inner.encode(text)\n\n"
    "    def convert_ids_to_tokens(self, ids):\n        return self.inner.convert_ids_to_tokens(ids)\n"
)
ABC_UP = (
    "from vllm.v1.engine.output_processor import HfTokenizer, TokenizerBase\n\n\nclass AsyncLLM:\n"
    "    async def add_request(self, request_id: str) -> TokenizerBase:\n        return HfTokenizer(load(request_id))\n"
)


@pytest.mark.parametrize(
    "lib",
    [
        ABC_LIB,
        # no ABC: a concrete base whose subclass (the one returned) has the member
        ABC_LIB.replace("(ABC)", "").replace("    @abstractmethod\n", ""),
        # abstract, and no subclass in the tree has the member: the value is some subclass's
        ABC_LIB.replace("convert_ids_to_tokens", "decode_ids"),
    ],
    ids=["abstract", "subclass has it", "abstract only"],
)
def test_an_annotation_naming_a_base_of_what_is_returned_is_quiet(git_repo: GitRepo, no_rules: Path, lib: str) -> None:
    """``-> PreTrainedTokenizer`` made ``-> TokenizerBase`` (an ABC); the body returns ``HfTokenizer``."""
    fork = (
        "from vllm.v1.engine.async_llm import AsyncLLM\n\n\nasync def aeon_first(engine: AsyncLLM, rid: str):\n"
        "    q = await engine.add_request(rid)\n    return q.convert_ids_to_tokens([1])\n"
    )
    sides = s.merge_case(
        git_repo, {ENGINE: ABC_BASE, COLLECT: "\n"}, {FORK: fork}, [(SUBJECT, {ENGINE: ABC_UP, COLLECT: lib})]
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK]
    assert [r for r in rows if r[2] == "error"] == [], rows


# #46065 (740f379fae): ``get_aiter_allreduce`` lost its ``-> AiterCustomAllreduceProto | None`` for a body that
# returns the communicator's own wrapper, narrowed by ``isinstance``: the class is read off the body's returns
NARROWED = """class AsyncLLM:
    async def add_request(self, request_id: str):
        from vllm.v1.engine.output_processor import RequestOutputCollector

        queue = self.queues.get(request_id)
        return queue if isinstance(queue, RequestOutputCollector) else None
"""
BUILT = """from vllm.v1.engine.output_processor import RequestOutputCollector


class AsyncLLM:
    async def add_request(self, request_id: str):
        if not request_id:
            return None
        return RequestOutputCollector()
"""


@pytest.mark.parametrize("upstream", [NARROWED, BUILT], ids=["isinstance-narrowed-local-import", "constructed"])
def test_the_class_an_unannotated_body_returns_is_read(git_repo: GitRepo, no_rules: Path, upstream: str) -> None:
    [(line, severity, message)] = _rows(git_repo, no_rules, "    return q.empty()\n", upstream)
    assert (line, severity) == (6, "error")
    assert "RequestOutputCollector (what its body returns) where it returned asyncio.Queue[str]" in message


@pytest.mark.parametrize(
    "upstream",
    [
        NARROWED.replace("return queue if isinstance(queue, RequestOutputCollector) else None", "return queue"),
        BUILT.replace("            return None", "            return make_queue()"),  # another call: unknown
        BUILT.replace("        return RequestOutputCollector()", "        yield RequestOutputCollector()").replace(
            "            return None", "            return"
        ),
    ],
    ids=["unnarrowed-name", "two-kinds-of-return", "generator"],
)
def test_a_body_whose_returns_name_no_one_class_is_quiet(git_repo: GitRepo, no_rules: Path, upstream: str) -> None:
    assert _rows(git_repo, no_rules, "    return q.empty()\n", upstream) == []


def test_a_member_the_class_an_unannotated_body_returns_has_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    assert _rows(git_repo, no_rules, "    return q.get_nowait()\n", NARROWED) == []


SHIM = "from vllm.v1.engine.output_processor import RequestOutputCollector\n"


@pytest.mark.parametrize(
    "shim",
    [
        "RequestOutputCollector.empty = lambda self: self.output is None\n",
        "setattr(RequestOutputCollector, 'empty', lambda self: self.output is None)\n",
    ],
    ids=["assigned", "setattr"],
)
@pytest.mark.parametrize("upstream", [UPSTREAM, BUILT], ids=["annotated", "unannotated-body"])
def test_a_member_the_fork_patches_onto_the_new_class_is_quiet(
    git_repo: GitRepo, no_rules: Path, shim: str, upstream: str
) -> None:
    """#46065: a fork shim ``AiterCustomAllreduce.fully_connected = property(...)`` keeps its carries' reads."""
    sides = s.merge_case(
        git_repo,
        {ENGINE: BASE, COLLECT: "\n"},
        {FORK: FORK_HEAD + "    return q.empty()\n", "vllm/aeon/shims.py": SHIM + shim},
        [(SUBJECT, {ENGINE: upstream, COLLECT: COLLECTOR})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK] == []


@pytest.mark.parametrize(
    "shim",
    [
        "RequestOutputCollector.qsize = lambda self: 0\n",  # another member
        "RequestOutputCollector.empty == None\n",  # a comparison
        "setattr(RequestOutputCollector, 'qsize', None)\n",
    ],
    ids=["other-member", "comparison", "setattr-other"],
)
def test_a_patch_of_another_member_keeps_the_error(git_repo: GitRepo, no_rules: Path, shim: str) -> None:
    sides = s.merge_case(
        git_repo,
        {ENGINE: BASE, COLLECT: "\n"},
        {FORK: FORK_HEAD + "    return q.empty()\n", "vllm/aeon/shims.py": SHIM + shim},
        [(SUBJECT, {ENGINE: BUILT, COLLECT: COLLECTOR})],
    )
    assert [r[2] for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK] == ["error"]


OWN_SUB = (
    SHIM
    + "\n\nclass AeonCollector(RequestOutputCollector):\n    def empty(self) -> bool:\n        return self.output is None\n"
)


@pytest.mark.parametrize("upstream", [UPSTREAM, BUILT], ids=["annotated", "unannotated-body"])
def test_a_member_a_fork_subclass_of_the_new_class_defines_is_quiet(
    git_repo: GitRepo, no_rules: Path, upstream: str
) -> None:
    """#46065: the fork's ``AeonAiterCustomAllreduce(AiterCustomAllreduce)`` defines the ``fully_connected`` its
    carries read; the fork builds its subclass where upstream builds the wrapper, so the value has it."""
    sides = s.merge_case(
        git_repo,
        {ENGINE: BASE, COLLECT: "\n"},
        {FORK: FORK_HEAD + "    return q.empty()\n", "vllm/aeon/collector.py": OWN_SUB},
        [(SUBJECT, {ENGINE: upstream, COLLECT: COLLECTOR})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK] == []


@pytest.mark.parametrize(
    "own",
    [
        OWN_SUB.replace("def empty(", "def qsize("),  # the subclass defines another member
        OWN_SUB.replace("(RequestOutputCollector)", ""),  # a class of the fork's that derives from nothing
    ],
    ids=["other-member", "not-a-subclass"],
)
def test_a_fork_class_that_gives_the_new_class_no_member_keeps_the_error(
    git_repo: GitRepo, no_rules: Path, own: str
) -> None:
    sides = s.merge_case(
        git_repo,
        {ENGINE: BASE, COLLECT: "\n"},
        {FORK: FORK_HEAD + "    return q.empty()\n", "vllm/aeon/collector.py": own},
        [(SUBJECT, {ENGINE: BUILT, COLLECT: COLLECTOR})],
    )
    assert [r[2] for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK] == ["error"]


# #20332 (805d62ca88): the third entry of ``FusedMoEPrepareAndFinalize.prepare``'s tuple went from
# ``Optional[torch.Tensor]`` to ``Optional[ExpertTokensMetadata]`` on an abstract hook (the body the same): every
# implementation now hands back the dataclass, and a fork's tensor method on the unpacked name raises
KERNEL = "vllm/model_executor/layers/fused_moe/modular_kernel.py"
KERNEL_FORK = "vllm/aeon/probe.py"
KERNEL_SUBJECT = "[Misc] DP : Add ExpertTokensMetadata (#20332)"
HOOK = """from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class ExpertTokensMetadata:
    expert_num_tokens: torch.Tensor
    expert_num_tokens_cpu: Optional[torch.Tensor]


class FusedMoEPrepareAndFinalize(ABC):
    @abstractmethod
    def prepare(self, a1: torch.Tensor) -> tuple[torch.Tensor, Optional[torch.Tensor], Optional[{entry}]]:
        raise NotImplementedError
"""
PROBE = """import vllm.model_executor.layers.fused_moe.modular_kernel as mk


def aeon_busiest(pf: mk.FusedMoEPrepareAndFinalize, a1) -> int:
    _, _, counts = pf.prepare(a1)
{use}"""


def _hook_rows(git_repo: GitRepo, no_rules: Path, use: str, upstream_entry: str = "ExpertTokensMetadata"):
    base = HOOK.replace("{entry}", "torch.Tensor")
    upstream = HOOK.replace("{entry}", upstream_entry)
    sides = s.merge_case(
        git_repo, {KERNEL: base}, {KERNEL_FORK: PROBE.replace("{use}", use)}, [(KERNEL_SUBJECT, {KERNEL: upstream})]
    )
    return [
        (line, sev, msg)
        for path, line, sev, msg in s.rule_rows(git_repo, no_rules, sides, DRIFT)
        if path == KERNEL_FORK
    ]


def test_a_tuple_entry_an_abstract_hook_retyped_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork unpacks ``prepare``'s tuple and calls a tensor method on the entry now a dataclass."""
    rows = _hook_rows(git_repo, no_rules, "    return -1 if counts is None else int(counts.argmax())\n")
    [(line, severity, message)] = [r for r in rows if r[1] == "error"]
    assert (line, severity) == (6, "error")
    assert "entry 2 of the tuple it returns Optional[ExpertTokensMetadata]" in message
    assert ".argmax of that entry, which ExpertTokensMetadata has not" in message


@pytest.mark.parametrize(
    ("use", "entry"),
    [
        ("    return int(counts.expert_num_tokens.argmax())\n", "ExpertTokensMetadata"),  # the new class's field
        ("    return int(counts.argmax())\n", "torch.Tensor"),  # the entry kept its class
        ("    return int(counts.argmax()) if hasattr(counts, 'argmax') else -1\n", "ExpertTokensMetadata"),
        ("    return len(pf.prepare(a1))\n", "ExpertTokensMetadata"),  # no entry read
    ],
    ids=["new member", "same class", "hasattr", "no entry read"],
)
def test_a_tuple_entry_read_the_new_class_answers_is_quiet(
    git_repo: GitRepo, no_rules: Path, use: str, entry: str
) -> None:
    assert [r for r in _hook_rows(git_repo, no_rules, use, entry) if r[1] == "error"] == []


def test_a_tuple_of_another_length_is_left_to_the_tuple_checks(git_repo: GitRepo, no_rules: Path) -> None:
    """Entries of tuples of different lengths do not line up: this check says nothing (returns.py's case)."""
    base = HOOK.replace("{entry}", "torch.Tensor")
    upstream = HOOK.replace("Optional[{entry}]]", "Optional[ExpertTokensMetadata], int]")
    use = "    return int(counts.argmax())\n"
    sides = s.merge_case(
        git_repo, {KERNEL: base}, {KERNEL_FORK: PROBE.replace("{use}", use)}, [(KERNEL_SUBJECT, {KERNEL: upstream})]
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == KERNEL_FORK]
    assert not any("entry 2 of the tuple" in r[3] for r in rows), rows


def test_a_tuple_entry_a_concrete_method_retyped_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The same entry retyped on a method whose body changed with it (no hook): the read raises the same."""
    base = (
        HOOK.replace("{entry}", "torch.Tensor")
        .replace("    @abstractmethod\n", "")
        .replace("        raise NotImplementedError\n", "        return a1, None, a1.sum(0)\n")
    )
    upstream = (
        HOOK.replace("{entry}", "ExpertTokensMetadata")
        .replace("    @abstractmethod\n", "")
        .replace(
            "        raise NotImplementedError\n", "        return a1, None, ExpertTokensMetadata(a1.sum(0), None)\n"
        )
    )
    use = "    return int(counts.argmax())\n"
    sides = s.merge_case(
        git_repo, {KERNEL: base}, {KERNEL_FORK: PROBE.replace("{use}", use)}, [(KERNEL_SUBJECT, {KERNEL: upstream})]
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == KERNEL_FORK and r[2] == "error"]
    assert [r[1] for r in rows] == [6], rows


# one more entry after the retyped one: a starred name in the unpacking swallows a run of entries
LONG_HOOK = HOOK.replace("Optional[{entry}]]", "Optional[{entry}], Optional[torch.Tensor]]")


@pytest.mark.parametrize(
    ("unpack", "errors"),
    [
        # ``weights`` is the last entry (a tensor still), not the third: a name after a star is not read by place
        ("a1q, *_, weights = pf.prepare(a1)\n    return int(weights.argmax())", []),
        # a name before the star keeps its place: the retyped third entry still raises
        ("a1q, scale, counts, *_ = pf.prepare(a1)\n    return int(counts.argmax())", [6]),
    ],
    ids=["after the star", "before the star"],
)
def test_a_name_after_a_starred_target_is_not_read_as_the_entry_at_its_place(
    git_repo: GitRepo, no_rules: Path, unpack: str, errors: list[int]
) -> None:
    probe = PROBE.replace("    _, _, counts = pf.prepare(a1)\n{use}", "    " + unpack + "\n")
    sides = s.merge_case(
        git_repo,
        {KERNEL: LONG_HOOK.replace("{entry}", "torch.Tensor")},
        {KERNEL_FORK: probe},
        [(KERNEL_SUBJECT, {KERNEL: LONG_HOOK.replace("{entry}", "ExpertTokensMetadata")})],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == KERNEL_FORK and r[2] == "error"]
    assert [r[1] for r in rows] == errors, rows
