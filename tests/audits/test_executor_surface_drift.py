"""Killers and twins of the executor, worker and platform surface (benchmarks/blind_replay_executor.py).

A number made a record (c08f3b2a62, #39240: ``compile_or_warm_up_model() -> float`` became ``->
CompilationTimes``, a ``NamedTuple``; the executor reads ``.language_model`` off each worker's): a fork
override computing with ``super()``'s result, or still returning a number, breaks the executor.

A parameter upstream dropped but still probes for (10138c92a5, #28112: ``if "use_v1" in sig.parameters:``
and the old call): an override keeping it is deprecated, not broken -- a warning, not an error.

Parameters folded into one (ec154c36ee, #30212: ``get_attn_backend_cls(backend, attn_selector_config=...)``):
an override taking ``*args, **kwargs`` that ignored the old ones ignores the new one the same way.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_W = "vllm/v1/worker/worker_base.py"
BASE_W_OLD = """class WorkerBase:
    def compile_or_warm_up_model(self) -> float:
        raise NotImplementedError
"""
RECORD = """from typing import NamedTuple


class CompilationTimes(NamedTuple):
    language_model: float
    encoder: float
"""
GPU = "vllm/v1/worker/gpu_worker.py"
GPU_OLD = """from vllm.v1.worker.worker_base import WorkerBase


class Worker(WorkerBase):
    def compile_or_warm_up_model(self) -> float:
        return self.compilation_time
"""
GPU_NEW = """from vllm.v1.worker.worker_base import CompilationTimes, WorkerBase


class Worker(WorkerBase):
    def compile_or_warm_up_model(self) -> CompilationTimes:
        return CompilationTimes(self.compilation_time, self.encoder_time)
"""
EXE = "vllm/v1/executor/abstract.py"
EXE_OLD = """class Executor:
    def warm(self) -> None:
        times: list[float] = self.collective_rpc("compile_or_warm_up_model")
        self.compilation_time = max(times)
"""
EXE_NEW = """class Executor:
    def warm(self) -> None:
        times: list[CompilationTimes] = self.collective_rpc("compile_or_warm_up_model")
        self.compilation_time = max(t.language_model for t in times)
"""
FORK = "vllm/v1/worker/aeon_worker.py"
SUBJECT = "Measure encoder compile time seperate from llm backbone (#39240)"


def _record_rows(git_repo: GitRepo, no_rules: Path, body: str, record: str = RECORD) -> list[tuple[str, int, str, str]]:
    fork = "from vllm.v1.worker.gpu_worker import Worker\n\n\nclass AeonWorker(Worker):\n" + body
    new_base = record + "\n\n" + BASE_W_OLD.replace("-> float", "-> CompilationTimes")
    sides = s.merge_case(
        git_repo,
        {BASE_W: BASE_W_OLD, GPU: GPU_OLD, EXE: EXE_OLD},
        {FORK: fork},
        [(SUBJECT, {BASE_W: new_base, GPU: GPU_NEW, EXE: EXE_NEW})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]


def test_arithmetic_on_a_number_made_a_record(git_repo: GitRepo, no_rules: Path) -> None:
    body = "    def compile_or_warm_up_model(self) -> float:\n        return super().compile_or_warm_up_model() + 1.5\n"
    [(_, line, severity, message)] = _record_rows(git_repo, no_rules, body)
    assert (line, severity) == (6, "error")
    assert "CompilationTimes" in message and "computes with it" in message


@pytest.mark.parametrize(
    "body",
    [
        "    def compile_or_warm_up_model(self) -> float:\n        return 0.0\n",
        "    def compile_or_warm_up_model(self) -> float:\n        return self.aeon_time\n",
        "    def compile_or_warm_up_model(self):\n        return float(self.aeon_time)\n",
    ],
    ids=["literal", "pinned-annotation", "conversion"],
)
def test_an_override_still_returning_a_number(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(_, line, severity, message)] = _record_rows(git_repo, no_rules, body)
    assert (line, severity) == (6, "error")
    assert "returned float and now returns CompilationTimes, a record" in message
    assert "vllm/v1/executor/abstract.py:3" in message


@pytest.mark.parametrize(
    "body",
    [
        "    def compile_or_warm_up_model(self):\n        times = super().compile_or_warm_up_model()\n        return times\n",
        "    def compile_or_warm_up_model(self) -> float:\n        return super().compile_or_warm_up_model()\n",
        "    def compile_or_warm_up_model(self):\n        return self.aeon_times\n",
        # the base's result by another road: the base named, a delegate's same method
        "    def compile_or_warm_up_model(self) -> float:\n        return Worker.compile_or_warm_up_model(self)\n",
        "    def compile_or_warm_up_model(self) -> float:\n        return self.inner.compile_or_warm_up_model()\n",
    ],
    ids=["passed-on", "annotated-but-handed-on", "unannotated-attribute", "explicit-base", "delegate"],
)
def test_twin_an_override_handing_the_record_on(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _record_rows(git_repo, no_rules, body) == []


def test_twin_a_class_that_computes_like_a_number(git_repo: GitRepo, no_rules: Path) -> None:
    """A new return class defining a number's operators is not a record: ``+`` still works."""
    record = RECORD + "\n    def __add__(self, other):\n        return self.language_model + other\n"
    body = "    def compile_or_warm_up_model(self) -> float:\n        return super().compile_or_warm_up_model() + 1.5\n"
    assert _record_rows(git_repo, no_rules, body, record) == []


PLAT = "vllm/platforms/interface.py"
PLAT_OLD = """class Platform:
    @classmethod
    def get_attn_backend_cls(cls, selected_backend, head_size, dtype, use_v1, use_mla):
        return ""
"""
PLAT_NEW = PLAT_OLD.replace("dtype, use_v1, use_mla", "dtype, use_mla")
SEL = "vllm/attention/selector.py"
SEL_OLD = """from vllm.platforms import current_platform


def get_attn_backend(head_size, dtype, use_mla):
    return current_platform.get_attn_backend_cls(None, head_size, dtype, True, use_mla)
"""
SEL_PROBED = """import inspect

from vllm.platforms import current_platform


def get_attn_backend(head_size, dtype, use_mla):
    sig = inspect.signature(current_platform.get_attn_backend_cls)
    if "use_v1" in sig.parameters:
        return current_platform.get_attn_backend_cls(None, head_size, dtype, True, use_mla)
    return current_platform.get_attn_backend_cls(None, head_size, dtype, use_mla)
"""
SEL_PLAIN = SEL_OLD.replace("dtype, True, use_mla", "dtype, use_mla")
OOT = "vllm/platforms/aeon_platform.py"
OOT_TEXT = """from vllm.platforms.interface import Platform


class AeonPlatform(Platform):
    @classmethod
    def get_attn_backend_cls(cls, selected_backend, head_size, dtype, use_v1, use_mla):
        return "aeon.attention.Backend"
"""


@pytest.mark.parametrize(
    ("selector", "severity"), [(SEL_PROBED, "warning"), (SEL_PLAIN, "error")], ids=["probed", "plain"]
)
def test_an_override_keeping_a_parameter_upstream_probes_for(
    git_repo: GitRepo, no_rules: Path, selector: str, severity: str
) -> None:
    sides = s.merge_case(
        git_repo,
        {PLAT: PLAT_OLD, SEL: SEL_OLD},
        {OOT: OOT_TEXT},
        [("[V0 deprecation] Deprecate use_v1 parameter (#28112)", {PLAT: PLAT_NEW, SEL: selector})],
    )
    [(_, line, found, message)] = [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == OOT]
    assert (line, found) == (6, severity)
    assert "parameter 4 is 'use_mla' in the base, 'use_v1' in the override" in message
    assert ("asks the override's signature for 'use_v1'" in message) == (severity == "warning")


FOLD_OLD = PLAT_OLD.replace("head_size, dtype, use_v1, use_mla", "head_size, dtype, use_mla")
FOLD_NEW = PLAT_OLD.replace("head_size, dtype, use_v1, use_mla", "attn_selector_config")
GAIN_NEW = PLAT_OLD.replace("use_v1, use_mla", "use_v1, use_mla, attn_type=None")


@pytest.mark.parametrize(
    ("old", "new", "count"),
    [(FOLD_OLD, FOLD_NEW, 0), (PLAT_OLD, GAIN_NEW, 1)],
    ids=["folded", "only-gained"],
)
def test_an_override_ignoring_its_args_before_and_after_a_fold(
    git_repo: GitRepo, no_rules: Path, old: str, new: str, count: int
) -> None:
    """#30212 folded the per-field parameters into one: an override that ignored them (``*args, **kwargs``,
    unused) ignores the one that folds them the same way.  A parameter only gained, none dropped, still
    disappears into the override's ``**kwargs`` where it did not before: a finding as it was."""
    fork = (
        "from vllm.platforms.interface import Platform\n\n\n"
        "class AeonPlatform(Platform):\n"
        "    @classmethod\n"
        "    def get_attn_backend_cls(cls, selected_backend, head_size, *args, **kwargs):\n"
        '        return "aeon.attention.Backend"\n'
    )
    sides = s.merge_case(git_repo, {PLAT: old}, {OOT: fork}, [("[Platform] Refactor (#30212)", {PLAT: new})])
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == OOT]
    assert [r[1] for r in rows] == [6] * count


# -- killers178: a list made one of its elements (#26564: ``_get_attention_metadata_builder() -> list[Builder]``
# became ``-> Builder``, and ``propose`` now calls it and builds with the result) ------------------------
PROPOSER = "vllm/v1/spec_decode/eagle.py"
PROPOSER_OLD = """class Builder:
    def build(self):
        return 1


class Proposer:
    def __init__(self, builders):
        self.builders = builders

    def _builder(self) -> list[Builder]:
        return self.builders[0]

    def propose(self):
        return 0
"""
FORK_PROPOSER = "vllm/v1/spec_decode/aeon_eagle.py"


def _listed_rows(
    git_repo: GitRepo,
    no_rules: Path,
    body: str,
    called: bool = True,
    kinds: tuple[str, str] = ("list[Builder]", "Builder"),
) -> list[tuple[str, int, str, str]]:
    fork = "from vllm.v1.spec_decode.eagle import Builder, Proposer\n\n\nclass AeonProposer(Proposer):\n" + body
    old = PROPOSER_OLD.replace("-> list[Builder]", f"-> {kinds[0]}")
    new = PROPOSER_OLD.replace("-> list[Builder]", f"-> {kinds[1]}")
    if called:
        new = new.replace("        return 0\n", "        return self._builder().build()\n")
    sides = s.merge_case(
        git_repo,
        {PROPOSER: old},
        {FORK_PROPOSER: fork},
        [("Fix attn metadata build (#26564)", {PROPOSER: new})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK_PROPOSER]


@pytest.mark.parametrize(
    "body",
    [
        "    def _builder(self) -> list[Builder]:\n        return [b for b in self.builders if b]\n",
        "    def _builder(self):\n        return list(self.builders)\n",
        "    def _builder(self) -> list[Builder]:\n        return self.aeon_builders\n",
    ],
    ids=["comprehension", "list-call", "pinned-annotation"],
)
def test_an_override_still_returning_the_list(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(_, line, severity, message)] = _listed_rows(git_repo, no_rules, body)
    assert (line, severity) == (6, "error")
    assert "returned list[Builder] and now returns Builder, one of them" in message
    assert f"{PROPOSER}:" in message and "#26564" in message


@pytest.mark.parametrize(
    ("body", "called"),
    [
        ("    def _builder(self) -> Builder:\n        return self.builders[-1]\n", True),  # the new kind
        ("    def _builder(self):\n        return super()._builder()\n", True),  # handed on
        ("    def _builder(self) -> list[Builder]:\n        return [self.builders[0]]\n", False),  # no caller uses it
        ("    def _builder(self):\n        return self.aeon_pick()\n", True),  # a call's result, unpinned
    ],
    ids=["new-kind", "super", "uncalled", "call"],
)
def test_an_override_fitting_the_one_or_never_used_is_silent(
    git_repo: GitRepo, no_rules: Path, body: str, called: bool
) -> None:
    assert _listed_rows(git_repo, no_rules, body, called) == []


# review92: #18459's revert made ``get_block_ids() -> list[list[int]]`` ``-> list[int]``: the new kind is itself
# a list, and an override returning the flat ids (a comprehension, ``list(...)``) is the new kind, not the old.
@pytest.mark.parametrize(
    "body",
    [
        "    def _builder(self) -> list[int]:\n        return [b.id for b in self.builders]\n",
        "    def _builder(self):\n        return list(b.id for b in self.builders)\n",
    ],
    ids=["comprehension", "list-call"],
)
def test_an_override_returning_a_list_where_the_new_kind_is_a_list_is_silent(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert _listed_rows(git_repo, no_rules, body, kinds=("list[list[int]]", "list[int]")) == []


@pytest.mark.parametrize(
    "body",
    [
        "    def _builder(self) -> list[list[int]]:\n        return self.aeon_ids\n",  # pinned to the old kind
        "    def _builder(self):\n        return [[b.id for b in self.builders]]\n",  # one list per group
        "    def _builder(self):\n        return [list(g) for g in self.builders]\n",
    ],
    ids=["pinned", "display", "comprehension"],
)
def test_an_override_still_returning_lists_where_the_new_kind_is_a_list(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    [(_, line, severity, _)] = _listed_rows(git_repo, no_rules, body, kinds=("list[list[int]]", "list[int]"))
    assert (line, severity) == (6, "error")
