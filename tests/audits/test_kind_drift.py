"""Symbol drift: a definition the fork uses that upstream turned into another kind of thing.

The name stays, the call still binds, and the meaning changes: a function made ``async def`` hands
the fork's call a coroutine that never runs (truthy, no error); a method made a property makes the
fork's call call the property's value; a property made a method makes the fork's read a bound method,
always true.  An override is the same question from the other side: upstream's callers now await
it, read it or call it, and the fork's override is still of the old kind.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

RUNNER = "vllm/v1/worker/gpu_model_runner.py"
RUNNER_BASE = """class GPUModelRunner:
    def __init__(self) -> None:
        self.steps = 0

    def sync_and_slice(self, n: int) -> int:
        return n

    @property
    def uses_cascade(self) -> bool:
        return self.steps > 0

    def execute_model(self, n: int) -> int:
        return self.sync_and_slice(n)


def load_weights(path: str) -> int:
    return len(path)
"""
FORK = "vllm/v1/worker/aeon_runner.py"
FORK_BASE = """from vllm.v1.worker.gpu_model_runner import GPUModelRunner, load_weights


class AeonRunner(GPUModelRunner):
    pass
"""
SUBJECT = "[Core] Async weight loading (#53001)"


def drift(repo: GitRepo, config: Path, fork_body: str, upstream: str) -> list[tuple[int, str]]:
    fork = FORK_BASE.replace("    pass\n", fork_body)
    sides = s.merge_case(repo, {RUNNER: RUNNER_BASE, FORK: FORK_BASE}, {FORK: fork}, [(SUBJECT, {RUNNER: upstream})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


USES = """    def step(self) -> int:
        total = load_weights("w")  # AEON: GB10 weights
        if self.uses_cascade:  # AEON
            total += 1
        return total + self.sync_and_slice(2)  # AEON
"""
MADE_ASYNC = RUNNER_BASE.replace("def load_weights(", "async def load_weights(")
MADE_PROPERTY = RUNNER_BASE.replace(
    "    def sync_and_slice(self, n: int) -> int:", "    @property\n    def sync_and_slice(self, n: int) -> int:"
)
MADE_METHOD = RUNNER_BASE.replace("    @property\n    def uses_cascade", "    def uses_cascade")


def test_a_function_made_a_coroutine_function(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, message)] = drift(git_repo, no_rules, USES, MADE_ASYNC)
    assert line == 6
    assert "calls load_weights, which upstream made a coroutine function (async def)" in message
    assert "gets a coroutine, never run" in message and "#53001" in message


def test_an_awaited_call_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    body = '    async def step(self) -> int:\n        return await load_weights("w")  # AEON\n'
    assert drift(git_repo, no_rules, body, MADE_ASYNC) == []


def test_a_method_made_a_property(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, message)] = drift(git_repo, no_rules, USES, MADE_PROPERTY)
    assert line == 9 and "calls self.sync_and_slice, which upstream made a property" in message


def test_a_property_made_a_method(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, message)] = drift(git_repo, no_rules, USES, MADE_METHOD)
    assert line == 7
    assert "reads self.uses_cascade, which upstream turned from a property into a method" in message
    assert "always true" in message


SETTER = "\n    @{name}.setter\n    def {name}(self, value: int) -> None:\n        self.steps = int(value)\n"


def test_a_property_with_a_setter_made_a_method(git_repo: GitRepo, no_rules: Path) -> None:
    # the class's member is the setter, the last def of the name: it is a property all the same
    cascade = "        return self.steps > 0\n"
    base = RUNNER_BASE.replace(cascade, cascade + SETTER.format(name="uses_cascade"))
    fork = FORK_BASE.replace("    pass\n", USES)
    sides = s.merge_case(git_repo, {RUNNER: base, FORK: FORK_BASE}, {FORK: fork}, [(SUBJECT, {RUNNER: MADE_METHOD})])
    report = git_repo.audit(no_rules, merge=sides)
    [(line, message)] = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert line == 7 and "which upstream turned from a property into a method" in message


def test_a_method_made_a_property_with_a_setter(git_repo: GitRepo, no_rules: Path) -> None:
    upstream = MADE_PROPERTY.replace(
        "        return n\n", "        return n\n" + SETTER.format(name="sync_and_slice"), 1
    )
    [(line, message)] = drift(git_repo, no_rules, USES, upstream)
    assert line == 9 and "calls self.sync_and_slice, which upstream made a property" in message


def test_kinds_upstream_kept_are_silent(git_repo: GitRepo, no_rules: Path) -> None:
    assert drift(git_repo, no_rules, USES, RUNNER_BASE + "\n\nX = 1\n") == []


@pytest.mark.parametrize(
    ("override", "upstream", "said"),
    [
        (
            "    def sync_and_slice(self, n: int) -> int:  # AEON\n        return n * 2\n",
            MADE_ASYNC.replace("    def sync_and_slice", "    async def sync_and_slice").replace(
                "return self.sync_and_slice(n)", "return n"
            ),
            "it is now a coroutine function (async def), the override is still a plain method",
        ),
        (
            "    def sync_and_slice(self, n: int) -> int:  # AEON\n        return n * 2\n",
            MADE_PROPERTY,
            "it is now a property, the override is still a plain method",
        ),
        (
            "    @property\n    def uses_cascade(self) -> bool:  # AEON\n        return True\n",
            MADE_METHOD,
            "it is now a plain method, the override is still a property",
        ),
    ],
)
def test_an_override_of_the_old_kind(
    git_repo: GitRepo, no_rules: Path, override: str, upstream: str, said: str
) -> None:
    [(_, message)] = drift(git_repo, no_rules, override, upstream)
    assert "overrides GPUModelRunner." in message and said in message


def test_an_override_that_changed_kind_with_the_base_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    override = "    async def sync_and_slice(self, n: int) -> int:  # AEON\n        return n * 2\n"
    upstream = RUNNER_BASE.replace("    def sync_and_slice", "    async def sync_and_slice")
    assert drift(git_repo, no_rules, override, upstream) == []


# -- a decorator upstream added to the method the fork overrides ------------------------------------------
DECORATED = "vllm/model_executor/layers/sampler.py"
SAMPLER_BASE = """import torch


class Sampler:
    def apply_penalties(self, logits: int) -> int:
        return logits
"""
OVERRIDE = """from vllm.model_executor.layers.sampler import Sampler


class AeonSampler(Sampler):
    def apply_penalties(self, logits: int) -> int:  # AEON: GB10 penalties
        return logits + 1
"""
FORK_SAMPLER = "vllm/model_executor/layers/aeon_sampler.py"


def decorated(repo: GitRepo, config: Path, upstream: str, override: str = OVERRIDE) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        repo,
        {DECORATED: SAMPLER_BASE, FORK_SAMPLER: OVERRIDE.split("\n\n\n")[0] + "\n"},
        {FORK_SAMPLER: override},
        [("[Perf] Compile the penalties (#53300)", {DECORATED: upstream})],
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.path == FORK_SAMPLER]


@pytest.mark.parametrize(
    ("decorator", "severity"),
    [
        ("torch.compile(dynamic=True)", "error"),  # the speed goes, every answer stays right
        ("torch.inference_mode()", "error"),
        ("functools.cache", "error"),
        ("log_calls", "warning"),  # any other decorator
    ],
)
def test_a_decorator_upstream_added_to_an_overridden_method(
    git_repo: GitRepo, no_rules: Path, decorator: str, severity: str
) -> None:
    upstream = SAMPLER_BASE.replace("    def apply_penalties", f"    @{decorator}\n    def apply_penalties")
    [(line, found_severity, message)] = decorated(git_repo, no_rules, upstream)
    assert (line, found_severity) == (5, severity)
    assert (
        f"AeonSampler.apply_penalties overrides Sampler.apply_penalties, which upstream decorated with @{decorator}"
        in message
    )
    assert "runs without" in message and DECORATED in message
    assert "(#53300, '[Perf] Compile the penalties (#53300)')" in message  # the commit that added it


def test_an_override_that_has_the_decorator_or_a_marker_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    compiled = SAMPLER_BASE.replace("    def apply_penalties", "    @torch.compile\n    def apply_penalties")
    mine = OVERRIDE.replace(
        "    def apply_penalties", "    @torch.compile(mode='max-autotune')\n    def apply_penalties"
    )
    assert decorated(git_repo, no_rules, compiled, mine) == []


def test_a_marker_decorator_upstream_added_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    marked = SAMPLER_BASE.replace("    def apply_penalties", "    @abc.abstractmethod\n    def apply_penalties")
    assert decorated(git_repo, no_rules, "import abc\n" + marked) == []


# -- a method upstream made a plain attribute (#26315 made supports_quant_query_input one) ----------------------
IMPL = "vllm/attention/backends/abstract.py"
IMPL_BASE = (
    "class AttentionImpl:\n    def supports_quant_query_input(self) -> bool:\n        return False\n\n"
    + "".join(f"    def helper{i}(self) -> int:\n        return {i}\n\n" for i in range(6))
)
IMPL_ATTRIBUTE = IMPL_BASE.replace(
    "    def supports_quant_query_input(self) -> bool:\n        return False\n",
    "    supports_quant_query_input: bool = False\n",
)
AEON_IMPL = "vllm/attention/backends/aeon_impl.py"
AEON_OVERRIDE = (
    "from vllm.attention.backends.abstract import AttentionImpl\n\n\nclass AeonImpl(AttentionImpl):\n"
    "    def supports_quant_query_input(self) -> bool:  # AEON: FP4 queries on GB10\n        return True\n"
)


def attribute_case(repo: GitRepo, config: Path, fork: str, upstream: str = IMPL_ATTRIBUTE) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {"vllm/attention/__init__.py": "", "vllm/attention/backends/__init__.py": "", IMPL: IMPL_BASE},
        {AEON_IMPL: fork},
        [
            (
                "[Attention][UX][1/N] Add AttentionConfig and change attention env vars to CLI arguments (#26315)",
                {IMPL: upstream},
            )
        ],
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.path == AEON_IMPL and f.severity.value == "error"]


def test_an_override_of_a_method_upstream_made_an_attribute(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, message)] = attribute_case(git_repo, no_rules, AEON_OVERRIDE)
    assert line == 5 and "it is now a plain attribute (read as a value, never called)" in message
    assert "the override is still a plain method" in message and "#26315" in message


def test_a_call_of_a_method_upstream_made_an_attribute(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        "from vllm.attention.backends.abstract import AttentionImpl\n\n\n"
        "def aeon_quant_q(impl: AttentionImpl) -> bool:\n    return impl.supports_quant_query_input()  # AEON\n"
    )
    [(line, message)] = attribute_case(git_repo, no_rules, fork)
    assert line == 5 and "upstream made a plain attribute: the call calls its value" in message


@pytest.mark.parametrize(
    "upstream",
    [
        IMPL_BASE.replace("        return False\n", "        return bool(self.helper0())\n"),  # still a method
        # an alias of a function is still callable
        IMPL_BASE.replace(
            "    def supports_quant_query_input(self) -> bool:\n        return False\n",
            "    supports_quant_query_input = helper_impl\n",
        ),
        # and so is a callable-typed attribute
        IMPL_BASE.replace(
            "    def supports_quant_query_input(self) -> bool:\n        return False\n",
            "    supports_quant_query_input: Callable[[], bool]\n",
        ),
    ],
)
def test_a_member_that_stays_callable_is_silent(git_repo: GitRepo, no_rules: Path, upstream: str) -> None:
    assert attribute_case(git_repo, no_rules, AEON_OVERRIDE, upstream) == []


# #40730: EPLB's transfer_layer went from ``async def`` to ``def``; the fork still awaits it, or runs it
# on an event loop: ``await`` of its result raises TypeError at run time.
WAS_ASYNC = MADE_ASYNC
MADE_PLAIN = RUNNER_BASE


@pytest.mark.parametrize(
    "body",
    [
        '    async def step(self) -> int:\n        return await load_weights("w")  # AEON\n',
        '    def step(self) -> int:\n        return asyncio.run(load_weights("w"))  # AEON\n',
        '    def step(self, loop) -> int:\n        return loop.run_until_complete(load_weights("w"))  # AEON\n',
        '    async def step(self) -> int:\n        return sum(await asyncio.gather(load_weights("w")))  # AEON\n',
    ],
    ids=["await", "asyncio.run", "run_until_complete", "gather"],
)
def test_an_awaited_coroutine_function_made_plain(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    fork = "import asyncio\n" + FORK_BASE
    sides = s.merge_case(
        git_repo,
        {RUNNER: WAS_ASYNC, FORK: fork},
        {FORK: fork.replace("    pass\n", body)},
        [(SUBJECT, {RUNNER: MADE_PLAIN})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    [finding] = [f for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert finding.line == 7 and finding.severity.value == "error"
    assert "upstream made a plain function (no longer async def)" in finding.message


def _awaited_by(
    git_repo: GitRepo, no_rules: Path, header: str, call: str, params: str = "", local: str = ""
) -> list[Finding]:
    """The fork runs ``load_weights`` through ``call`` under a one-line ``header`` import (its method
    taking ``params`` too, and first running the statement ``local``, if given)."""
    fork = header + FORK_BASE
    first = f"        {local}\n" if local else ""
    body = f'    def step(self{params}) -> int:\n{first}        return {call}(load_weights("w"))  # AEON\n'
    sides = s.merge_case(
        git_repo,
        {RUNNER: WAS_ASYNC, FORK: fork},
        {FORK: fork.replace("    pass\n", body)},
        [(SUBJECT, {RUNNER: MADE_PLAIN})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [f for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


@pytest.mark.parametrize(
    ("header", "call"),
    [
        ("from asyncio import run\n", "run"),
        ("from asyncio import run as run_async\n", "run_async"),
        ("import asyncio as aio\n", "aio.run"),
    ],
    ids=["from asyncio import run", "imported under another name", "asyncio module aliased"],
)
def test_a_runner_imported_from_asyncio_awaits_its_argument(
    git_repo: GitRepo, no_rules: Path, header: str, call: str
) -> None:
    [finding] = _awaited_by(git_repo, no_rules, header, call)
    assert finding.line == 7 and finding.severity.value == "error"
    assert "upstream made a plain function (no longer async def)" in finding.message


@pytest.mark.parametrize(
    ("header", "call"),
    [("from subprocess import run\n", "run"), ("import subprocess as aio\n", "aio.run")],
    ids=["another module's run", "another module aliased"],
)
def test_a_run_that_is_not_asyncios_is_silent(git_repo: GitRepo, no_rules: Path, header: str, call: str) -> None:
    assert _awaited_by(git_repo, no_rules, header, call) == []


@pytest.mark.parametrize(
    ("header", "call", "params", "local"),
    [
        ("from asyncio import run\n", "run", ", run=int", ""),
        ("from asyncio import run\n", "run", "", "run = int"),
        ("import asyncio as aio\n", "aio.run", ", aio=None", ""),
    ],
    ids=["a parameter named run", "a local named run", "a parameter named as the alias"],
)
def test_a_runner_shadowed_in_the_function_is_not_asyncios(
    git_repo: GitRepo, no_rules: Path, header: str, call: str, params: str, local: str
) -> None:
    """#40730 under ``def move(..., run=lambda r: r): return run(transfer_layer(...))``: the module's
    ``from asyncio import run`` is not the ``run`` this function calls."""
    assert _awaited_by(git_repo, no_rules, header, call, params, local) == []


@pytest.mark.parametrize(
    "plain",
    [
        "def load_weights(path: str) -> asyncio.Future:",  # hands back an awaitable
        "def load_weights(path: str):\n    return _load(path)\n\n\nasync def _load(path: str) -> int:",
    ],
    ids=["annotated future", "returns a call"],
)
def test_a_plain_function_that_returns_an_awaitable_is_silent(git_repo: GitRepo, no_rules: Path, plain: str) -> None:
    fork = "import asyncio\n" + FORK_BASE
    body = '    async def step(self) -> int:\n        return await load_weights("w")  # AEON\n'
    upstream = "import asyncio\n" + MADE_PLAIN.replace("def load_weights(path: str) -> int:", plain)
    sides = s.merge_case(
        git_repo,
        {RUNNER: WAS_ASYNC, FORK: fork},
        {FORK: fork.replace("    pass\n", body)},
        [(SUBJECT, {RUNNER: upstream})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == DRIFT and f.path == FORK] == []


# -- #35503 (7b346ba8ed): compile_or_warm_up_model() -> None became -> float; the executor takes max() ---
WORKER = "vllm/v1/worker/worker_base.py"
WORKER_BASE = """class WorkerBase:
    def compile_or_warm_up_model(self) -> None:
        \"\"\"Prepare model for execution through compilation/warmup.\"\"\"
        raise NotImplementedError
"""
WORKER_NOW = """class WorkerBase:
    def compile_or_warm_up_model(self) -> float:
        \"\"\"Prepare model for execution; returns the compilation time.\"\"\"
        raise NotImplementedError
"""
EXECUTOR = "vllm/v1/executor/abstract.py"
EXECUTOR_BASE = """class Executor:
    def initialize(self) -> None:
        self.collective_rpc("compile_or_warm_up_model")
"""
EXECUTOR_NOW = """class Executor:
    def initialize(self) -> None:
        compilation_times = self.collective_rpc("compile_or_warm_up_model")
        if compilation_times:
            self.compilation_time = max(compilation_times)
"""
EXECUTOR_TOLERANT = """class Executor:
    def initialize(self) -> None:
        compilation_time = self.driver.compile_or_warm_up_model()
        if compilation_time is not None:
            self.compilation_time = compilation_time
"""
DRAFT = "vllm/v1/worker/aeon_draft.py"
DRAFT_BASE = "from vllm.v1.worker.worker_base import WorkerBase\n\n\nclass AeonDraftWorker(WorkerBase):\n    pass\n"
RETURNS_SUBJECT = "[Bugfix] Propagate compilation_time from workers to main process for TP>1 (#35503)"


def returned(repo: GitRepo, config: Path, body: str, executor: str = EXECUTOR_NOW) -> list[tuple[Finding, int]]:
    sides = s.merge_case(
        repo,
        {WORKER: WORKER_BASE, EXECUTOR: EXECUTOR_BASE, DRAFT: DRAFT_BASE},
        {DRAFT: DRAFT_BASE.replace("    pass\n", body)},
        [(RETURNS_SUBJECT, {WORKER: WORKER_NOW, EXECUTOR: executor})],
    )
    report = repo.audit(config, merge=sides)
    return [(f, f.line) for f in report.findings if f.rule_id == DRIFT and f.path == DRAFT]


@pytest.mark.parametrize(
    "body",
    [
        "    def compile_or_warm_up_model(self) -> None:  # AEON: eager draft\n        self.warm = True\n",
        "    def compile_or_warm_up_model(self):  # AEON: eager draft\n        if self.ready:\n            return\n"
        "        self.warm = True\n",
    ],
    ids=["annotated None", "a bare return"],
)
def test_an_override_returning_nothing_where_the_base_now_returns_a_value(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    """Upstream made the base return a value its executor uses (max() over the workers); the fork's
    override still returns nothing, so the executor gets None from the fork's class: an error."""
    [(finding, line)] = returned(git_repo, no_rules, body)
    assert line == 5 and finding.severity.value == "error"
    assert "it returned None and now returns float, the override returns nothing" in finding.message
    assert f"upstream's call at {EXECUTOR}:3 uses the value" in finding.message


def test_an_override_returning_nothing_to_a_caller_that_tests_none_is_a_warning(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """Upstream's only caller that uses the value tests it against None: the fork's None is tolerated
    there; a caller elsewhere may not, which a warning says."""
    body = "    def compile_or_warm_up_model(self) -> None:  # AEON: eager draft\n        self.warm = True\n"
    [(finding, _)] = returned(git_repo, no_rules, body, EXECUTOR_TOLERANT)
    assert finding.severity.value == "warning" and "the override returns nothing" in finding.message


@pytest.mark.parametrize(
    "body",
    [
        "    def compile_or_warm_up_model(self):  # AEON\n        self.warm = True\n"
        "        return super().compile_or_warm_up_model()\n",
        "    def compile_or_warm_up_model(self) -> float:  # AEON: eager draft\n        return 0.0\n",
        "    def compile_or_warm_up_model(self):  # AEON: not for drafts\n        raise NotImplementedError\n",
    ],
    ids=["hands on the base's value", "returns its own value", "only raises"],
)
def test_an_override_that_returns_a_value_or_raises_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert returned(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "now", ["float | int | None", "None | float | int", "Union[float, int, None]", "Optional[Union[float, int]]"]
)
def test_a_base_that_may_still_return_none_is_quiet(git_repo: GitRepo, no_rules: Path, now: str) -> None:
    """A new annotation that still admits None (mend59: a union of three or more, where ``unoptional``, which
    takes one kind out, leaves the union whole and ``value_returned_now`` read it as not admitting None): the
    fork's override returning nothing keeps to the base's contract."""
    body = "    def compile_or_warm_up_model(self) -> None:  # AEON: eager draft\n        self.warm = True\n"
    sides = s.merge_case(
        git_repo,
        {WORKER: WORKER_BASE, EXECUTOR: EXECUTOR_BASE, DRAFT: DRAFT_BASE},
        {DRAFT: DRAFT_BASE.replace("    pass\n", body)},
        [(RETURNS_SUBJECT, {WORKER: WORKER_NOW.replace("-> float", f"-> {now}"), EXECUTOR: EXECUTOR_NOW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == DRIFT and f.path == DRAFT] == []


# -- #34805 (fcf0687b27): handle_preemptions(preempted_req_ids: set[str]) -> (kv_connector_metadata: KVConnectorMetadata)
CONNECTOR = "vllm/distributed/kv_transfer/kv_connector/v1/base.py"
CONNECTOR_BASE = """class KVConnectorMetadata:
    pass


class KVConnectorBase_V1:
    def handle_preemptions(self, preempted_req_ids: set[str]):
        return None
"""
FLUSH = "vllm/v1/worker/aeon_flush.py"
PREEMPT_SUBJECT = "[kv_offload+HMA][0/N]: Support block-level preemption handling (#34805)"


@pytest.mark.parametrize(
    ("new", "severity"),
    [
        ("kv_connector_metadata: KVConnectorMetadata", "error"),
        ("kv_connector_metadata: 'KVConnectorMetadata | None'", "error"),
        ("preempted_ids: set[str]", "warning"),
        ("preempted_ids: Set[str]", "warning"),
        ("preempted_ids", "warning"),
    ],
    ids=["retyped", "retyped, quoted and optional", "renamed only", "a typing alias of the kind", "unannotated now"],
)
def test_a_parameter_renamed_in_place_and_retyped(git_repo: GitRepo, no_rules: Path, new: str, severity: str) -> None:
    """An argument spelled like the parameter upstream renamed in place is a warning (most renames keep the
    meaning); where upstream also annotated the parameter as another kind, it means another thing: an
    error, the call hands it the old kind of value."""
    fork = (
        "from vllm.distributed.kv_transfer.kv_connector.v1.base import KVConnectorBase_V1\n\n\n"
        "def aeon_flush(connector: KVConnectorBase_V1, scheduler_output) -> None:\n"
        "    connector.handle_preemptions(scheduler_output.preempted_req_ids)  # AEON\n"
    )
    upstream = CONNECTOR_BASE.replace("preempted_req_ids: set[str]", new)
    sides = s.merge_case(
        git_repo, {CONNECTOR: CONNECTOR_BASE}, {FLUSH: fork}, [(PREEMPT_SUBJECT, {CONNECTOR: upstream})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    [finding] = [f for f in report.findings if f.rule_id == DRIFT and f.path == FLUSH]
    assert (finding.line, finding.severity.value) == (5, severity)
    if severity == "error":
        assert "renamed kv_connector_metadata and retyped as KVConnectorMetadata" in finding.message


@pytest.mark.parametrize(
    ("binding", "expected"),
    [
        ("preempted_req_ids = scheduler_output.kv_connector_metadata", []),
        ("preempted_req_ids: KVConnectorMetadata = scheduler_output.meta", []),
        ("preempted_req_ids = scheduler_output.preempted_req_ids", [(6, "error")]),
    ],
    ids=["read off the new parameter's name", "annotated as the new kind", "the ids (still caught)"],
)
def test_a_local_of_the_old_name_bound_to_the_new_kind(
    git_repo: GitRepo, no_rules: Path, binding: str, expected: list[tuple[int, str]]
) -> None:
    """An argument spelled like the old parameter, but a local the function binds only to the new kind of
    value (read off something spelled like the new parameter, or annotated as its kind), is what the
    retyped parameter takes: no error (review14: 1 false error on #34805)."""
    fork = (
        "from vllm.distributed.kv_transfer.kv_connector.v1.base import KVConnectorBase_V1, KVConnectorMetadata\n\n\n"
        "def aeon_flush(connector: KVConnectorBase_V1, scheduler_output) -> None:\n"
        f"    {binding}  # AEON\n"
        "    connector.handle_preemptions(preempted_req_ids)  # AEON\n"
    )
    upstream = CONNECTOR_BASE.replace("preempted_req_ids: set[str]", "kv_connector_metadata: KVConnectorMetadata")
    sides = s.merge_case(
        git_repo, {CONNECTOR: CONNECTOR_BASE}, {FLUSH: fork}, [(PREEMPT_SUBJECT, {CONNECTOR: upstream})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    found = [(f.line, f.severity.value) for f in report.findings if f.rule_id == DRIFT and f.path == FLUSH]
    assert [f for f in found if f[1] == "error"] == expected


KV_STATE = "vllm/distributed/kv_transfer/kv_transfer_state.py"
KV_ALIAS = "vllm/distributed/kv_transfer/kv_connector/base.py"


@pytest.mark.parametrize(
    "alias",
    [
        "from vllm.distributed.kv_transfer.kv_connector.v1.base import KVConnectorBase_V1\n\n"
        "KVConnectorBaseType = KVConnectorBase_V1\n",
        "from vllm.distributed.kv_transfer.kv_connector.v1 import base\n\nKVConnectorBaseType = base.KVConnectorBase_V1\n",
    ],
    ids=["an alias of the imported class", "an alias of the module's class"],
)
def test_a_call_on_what_a_factory_returns(git_repo: GitRepo, no_rules: Path, alias: str) -> None:
    """``get_kv_transfer_group().handle_preemptions(...)``: the receiver is what the factory's return
    annotation names, through a module's alias of the class, as for a name bound to the factory's call."""
    state = (
        "from vllm.distributed.kv_transfer.kv_connector.base import KVConnectorBaseType\n\n_AGENT = None\n\n\n"
        "def get_kv_transfer_group() -> KVConnectorBaseType:\n    return _AGENT\n"
    )
    fork = (
        "from vllm.distributed.kv_transfer.kv_transfer_state import get_kv_transfer_group\n\n\n"
        "def aeon_flush(scheduler_output) -> None:\n"
        "    get_kv_transfer_group().handle_preemptions(scheduler_output.preempted_req_ids)  # AEON\n"
    )
    upstream = CONNECTOR_BASE.replace("preempted_req_ids: set[str]", "kv_connector_metadata: KVConnectorMetadata")
    sides = s.merge_case(
        git_repo,
        {CONNECTOR: CONNECTOR_BASE, KV_ALIAS: alias, KV_STATE: state},
        {FLUSH: fork},
        [(PREEMPT_SUBJECT, {CONNECTOR: upstream})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    [finding] = [f for f in report.findings if f.rule_id == DRIFT and f.path == FLUSH]
    assert (finding.line, finding.severity.value) == (5, "error")
    assert "calls get_kv_transfer_group().handle_preemptions" in finding.message


@pytest.mark.parametrize(
    "body",
    [
        "    @abstractmethod\n    def compile_or_warm_up_model(self) -> float:\n        pass\n",
        "    @abc.abstractmethod\n    def compile_or_warm_up_model(self):\n        self.warm = True\n",
        '    def compile_or_warm_up_model(self) -> float:\n        """AEON: each fleet worker times it."""\n',
        "    def compile_or_warm_up_model(self) -> float: ...\n",
    ],
    ids=["an abstract method", "abc.abstractmethod", "a docstring under -> float", "... under -> float"],
)
def test_a_stub_that_declares_the_method_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """An abstract method, or a body of a docstring or ``...`` alone under a value's annotation, declares
    the method for the fork's subclasses to implement: it hands the executor nothing itself (review14: 1
    false error on #35503)."""
    fork = (
        "import abc\nfrom abc import abstractmethod\n\n"
        "from vllm.v1.worker.worker_base import WorkerBase\n\n\n"
        "class AeonDraftWorker(WorkerBase, abc.ABC):\n" + body
    )
    sides = s.merge_case(
        git_repo,
        {WORKER: WORKER_BASE, EXECUTOR: EXECUTOR_BASE, DRAFT: DRAFT_BASE},
        {DRAFT: fork},
        [(RETURNS_SUBJECT, {WORKER: WORKER_NOW, EXECUTOR: EXECUTOR_NOW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == DRIFT and f.path == DRAFT] == []


def test_a_tests_fake_worker_returning_nothing_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """A fake worker of a test file (the service never imports it) is not what upstream's executor runs:
    a warning, not an error (review14: 1 false error on #35503)."""
    fake = "tests/aeon/test_fake_worker.py"
    fork = (
        "from vllm.v1.worker.worker_base import WorkerBase\n\n\n"
        "class FakeWorker(WorkerBase):\n    def compile_or_warm_up_model(self):\n        self.warm = True\n"
    )
    sides = s.merge_case(
        git_repo,
        {WORKER: WORKER_BASE, EXECUTOR: EXECUTOR_BASE},
        {fake: fork},
        [(RETURNS_SUBJECT, {WORKER: WORKER_NOW, EXECUTOR: EXECUTOR_NOW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [(f.line, f.severity.value) for f in report.findings if f.rule_id == DRIFT and f.path == fake] == [
        (5, "warning")
    ]


# #28870 made CompressedTensorsConfig's scheme predicates static and calls them off ``cls`` from the new
# classmethods: a fork's plain-method override is called unbound, its first argument taken as self.
CT = "vllm/model_executor/layers/quantization/compressed_tensors/compressed_tensors.py"
CT_BASE = """class CompressedTensorsConfig:
    def _is_fp8_w8a8(self, weight_quant, input_quant) -> bool:
        return weight_quant is not None and input_quant is not None

    def _is_wna16(self, weight_quant, input_quant) -> bool:
        return input_quant is None

    def _is_fp8_w8a8_sm90(self, weight_quant, input_quant) -> bool:
        return self._is_fp8_w8a8(weight_quant, input_quant)

    def get_scheme(self, weight_quant, input_quant):
        return self._is_fp8_w8a8_sm90(weight_quant, input_quant) or self._is_wna16(weight_quant, input_quant)
"""
CT_STATIC = (
    CT_BASE.replace("    def _is_fp8_w8a8(self, weight_quant", "    @staticmethod\n    def _is_fp8_w8a8(weight_quant")
    .replace("    def _is_wna16(self, weight_quant", "    @staticmethod\n    def _is_wna16(weight_quant")
    .replace("    def _is_fp8_w8a8_sm90(self,", "    @classmethod\n    def _is_fp8_w8a8_sm90(cls,")
    .replace("return self._is_fp8_w8a8(weight_quant", "return cls._is_fp8_w8a8(weight_quant")
)
CT_FORK_BASE = """from vllm.model_executor.layers.quantization.compressed_tensors.compressed_tensors import (
    CompressedTensorsConfig,
)


class AeonConfig(CompressedTensorsConfig):
    pass
"""
CT_FORK = CT_FORK_BASE.replace(
    "    pass\n",
    "    def _is_fp8_w8a8(self, weight_quant, input_quant) -> bool:\n"
    "        return super()._is_fp8_w8a8(weight_quant, input_quant) and not input_quant.dynamic\n\n"
    "    def _is_wna16(self, weight_quant, input_quant) -> bool:\n"
    "        return False\n",
)


def test_a_method_made_static_and_called_off_the_class(git_repo: GitRepo, no_rules: Path) -> None:
    """The override of the predicate upstream now calls off ``cls`` is an error; the one still called
    off ``self`` binds as before: silent."""
    fork = "vllm/model_executor/layers/quantization/aeon_ct.py"
    sides = s.merge_case(
        git_repo,
        {CT: CT_BASE, fork: CT_FORK_BASE},
        {fork: CT_FORK},
        [("[refactor] CTConfig methods to static/class methods (#28870)", {CT: CT_STATIC})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    [(line, message)] = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == fork]
    assert line == 7 and "AeonConfig._is_fp8_w8a8 overrides CompressedTensorsConfig._is_fp8_w8a8" in message
    assert "it is now a @staticmethod" in message and f"upstream calls it off the class ({CT}:12)" in message


def test_a_static_override_of_a_method_made_static_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "vllm/model_executor/layers/quantization/aeon_ct.py"
    body = CT_FORK_BASE.replace(
        "    pass\n",
        "    @staticmethod\n    def _is_fp8_w8a8(weight_quant, input_quant) -> bool:\n        return False\n",
    )
    sides = s.merge_case(
        git_repo,
        {CT: CT_BASE, fork: CT_FORK_BASE},
        {fork: body},
        [("[refactor] CTConfig methods to static/class methods (#28870)", {CT: CT_STATIC})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == DRIFT and f.path == fork and f.severity.value == "error"] == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("preempted_req_ids: list[int]", "preempted_ids: Sequence[int]"),
        ("preempted_req_ids: int", "num_preempted: float"),
        ("preempted_req_ids: PreemptedMetadata", "kv_connector_metadata: KVConnectorMetadata"),
        ("preempted_req_ids: 'PreemptedMetadata'", "kv_connector_metadata: 'KVConnectorMetadata | None'"),
        ("preempted_req_ids: set[str]", "preempted_ids: Optional[set[str]]"),
        ("preempted_req_ids: bool", "num_preempted: int"),
        ("preempted_req_ids: list[str]", "preempted_ids: Iterable[str]"),
        ("preempted_req_ids: list[str]", "preempted_ids: ReqIds"),
        ("preempted_req_ids: int", "num_preempted: Count"),
        ("preempted_req_ids: int", "num_preempted: T"),
    ],
    ids=[
        "twin: a list into a Sequence",
        "twin: an int into a float",
        "twin: a subclass into its base",
        "twin: a subclass into its base, quoted and optional",
        "twin: X into X | None",
        "twin: a bool into an int",
        "twin: a list into an Iterable",
        "twin: a list into an alias of a list",
        "twin: an int into a NewType of int",
        "twin: an int into a type variable",
    ],
)
def test_a_parameter_renamed_and_widened_is_no_error(git_repo: GitRepo, no_rules: Path, old: str, new: str) -> None:
    """The same path, where the new type still takes the old one's values (a protocol the old kind
    satisfies, a wider number, a base class of the old one in the tree, the same kind made optional):
    the call hands the renamed parameter a value it accepts, a rename's warning at most."""
    base = CONNECTOR_BASE.replace("preempted_req_ids: set[str]", old) + (
        "\n\nclass PreemptedMetadata(KVConnectorMetadata):\n    pass\n\n\n"
        'ReqIds = list[str]\nCount = NewType("Count", int)\nT = TypeVar("T")\n'
    )
    fork = (
        "from vllm.distributed.kv_transfer.kv_connector.v1.base import KVConnectorBase_V1\n\n\n"
        "def aeon_flush(connector: KVConnectorBase_V1, scheduler_output) -> None:\n"
        "    connector.handle_preemptions(scheduler_output.preempted_req_ids)  # AEON\n"
    )
    sides = s.merge_case(
        git_repo, {CONNECTOR: base}, {FLUSH: fork}, [(PREEMPT_SUBJECT, {CONNECTOR: base.replace(old, new)})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    found = [(f.line, f.severity.value) for f in report.findings if f.rule_id == DRIFT and f.path == FLUSH]
    assert found == [(5, "warning")]


# #19948 made the bench subcommands' ``add_cli_args`` a classmethod, and the bench parser in another module now
# calls it off each subclass it walks (``for cmd_cls in BenchmarkSubcommandBase.__subclasses__()``): a fork
# subcommand's plain-method override gets the parser as self.
BENCH_BASE_PATH = "vllm/entrypoints/cli/benchmark/base.py"
BENCH_MAIN = "vllm/entrypoints/cli/benchmark/main.py"
BENCH_BASE = """import argparse


class BenchmarkSubcommandBase:
    name: str

    def add_cli_args(self, parser: argparse.ArgumentParser) -> None:
        raise NotImplementedError
"""
BENCH_NOW = BENCH_BASE.replace("    def add_cli_args(self,", "    @classmethod\n    def add_cli_args(cls,")
BENCH_MAIN_BASE = """from vllm.entrypoints.cli.benchmark.base import BenchmarkSubcommandBase


def register(subparsers, commands: list[BenchmarkSubcommandBase]) -> None:
    for cmd in commands:
        cmd.add_cli_args(subparsers.add_parser(cmd.name))
"""
BENCH_MAIN_NOW = {
    "a loop over the subclasses": """from vllm.entrypoints.cli.benchmark.base import BenchmarkSubcommandBase


def register(subparsers) -> None:
    for cmd_cls in BenchmarkSubcommandBase.__subclasses__():
        cmd_cls.add_cli_args(subparsers.add_parser(cmd_cls.name))
""",
    "a parameter typed as the class": """from vllm.entrypoints.cli.benchmark.base import BenchmarkSubcommandBase


def register(subparsers, cmd_cls: type[BenchmarkSubcommandBase]) -> None:
    cmd_cls.add_cli_args(subparsers.add_parser(cmd_cls.name))
""",
}
BENCH_FORK_PATH = "vllm/entrypoints/cli/benchmark/aeon_gb10.py"
BENCH_FORK = """import argparse

from vllm.entrypoints.cli.benchmark.base import BenchmarkSubcommandBase


class AeonBench(BenchmarkSubcommandBase):
    name = "gb10"

    def add_cli_args(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--gb10")
"""


def _bench(git_repo: GitRepo, no_rules: Path, fork: str, main_now: str) -> list[Finding]:
    sides = s.merge_case(
        git_repo,
        {BENCH_BASE_PATH: BENCH_BASE, BENCH_MAIN: BENCH_MAIN_BASE},
        {BENCH_FORK_PATH: fork},
        [
            (
                "[Misc] Simplify vllm bench cli subcommand implementation (#19948)",
                {BENCH_BASE_PATH: BENCH_NOW, BENCH_MAIN: main_now},
            )
        ],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [f for f in report.findings if f.rule_id == DRIFT and f.path == BENCH_FORK_PATH]


@pytest.mark.parametrize("caller", sorted(BENCH_MAIN_NOW))
def test_a_method_made_a_classmethod_and_called_off_a_class_in_another_module(
    git_repo: GitRepo, no_rules: Path, caller: str
) -> None:
    """Upstream calls the classmethod off a name bound to the class in another module (a loop target over the
    base's subclasses, a ``type[Base]`` parameter): the fork's plain-method override is an error."""
    [finding] = _bench(git_repo, no_rules, BENCH_FORK, BENCH_MAIN_NOW[caller])
    assert (finding.line, finding.severity.value) == (9, "error")
    assert "it is now a @classmethod" in finding.message and f"upstream calls it off the class ({BENCH_MAIN}:" in (
        finding.message
    )


@pytest.mark.parametrize(
    ("fork", "main_now"),
    [
        (
            BENCH_FORK.replace("    def add_cli_args(self,", "    @classmethod\n    def add_cli_args(cls,"),
            BENCH_MAIN_NOW["a loop over the subclasses"],
        ),
        (
            BENCH_FORK,
            BENCH_MAIN_NOW["a loop over the subclasses"].replace(
                "BenchmarkSubcommandBase.__subclasses__()", "[c() for c in BenchmarkSubcommandBase.__subclasses__()]"
            ),
        ),
        (BENCH_FORK, BENCH_MAIN_BASE.replace("cmd.add_cli_args", "cmd.add_cli_args")),
    ],
    ids=["twin: a classmethod override", "twin: called off instances", "twin: still called off instances"],
)
def test_a_method_made_a_classmethod_called_off_instances_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str, main_now: str
) -> None:
    assert [f for f in _bench(git_repo, no_rules, fork, main_now) if f.severity.value == "error"] == []


def test_an_override_taking_only_args_of_a_method_made_a_classmethod_is_silent(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """``def add_cli_args(*args)``: the call off the class hands its parser to ``args`` as the bound call does;
    no positional parameter takes it as self."""
    fork = BENCH_FORK.replace(
        '    def add_cli_args(self, parser: argparse.ArgumentParser) -> None:\n        parser.add_argument("--gb10")\n',
        '    def add_cli_args(*args: argparse.ArgumentParser) -> None:\n        args[-1].add_argument("--gb10")\n',
    )
    assert fork != BENCH_FORK
    found = _bench(git_repo, no_rules, fork, BENCH_MAIN_NOW["a loop over the subclasses"])
    assert [f for f in found if f.severity.value == "error"] == []


# #44589 made ``QuantizationConfig.get_cache_scale_mapper`` a staticmethod; upstream's subclasses in other modules
# call the base's own off its name (``QuantizationConfig.get_cache_scale_mapper()``) and the loader off instances.
QC = "vllm/model_executor/layers/quantization/base_config.py"
QC_BASE = """class QuantizationConfig:
    def get_cache_scale_mapper(self):
        return None
"""
QC_NOW = QC_BASE.replace(
    "    def get_cache_scale_mapper(self):", "    @staticmethod\n    def get_cache_scale_mapper():"
)
FP8 = "vllm/model_executor/layers/quantization/fp8.py"
FP8_BASE = """from vllm.model_executor.layers.quantization.base_config import QuantizationConfig


class Fp8Config(QuantizationConfig):
    def get_cache_scale_mapper(self):
        return {"k": "k_scale"}
"""
FP8_NOW = """from vllm.model_executor.layers.quantization.base_config import QuantizationConfig


class Fp8Config(QuantizationConfig):
    @staticmethod
    def get_cache_scale_mapper():
        return {"k": "k_scale", **QuantizationConfig.get_cache_scale_mapper()}
"""
QC_FORK_PATH = "vllm/model_executor/layers/quantization/aeon_kv.py"
QC_FORK = """from vllm.model_executor.layers.quantization.base_config import QuantizationConfig


class AeonKVConfig(QuantizationConfig):
    def get_cache_scale_mapper(self):
        return {"aeon": "k_scale"}
"""


@pytest.mark.parametrize(
    "receiver",
    ["QuantizationConfig", "cls"],
    ids=["twin: called off the base's own name", "called off cls in another module's classmethod"],
)
def test_a_method_made_static_called_off_the_bases_own_name_is_silent(
    git_repo: GitRepo, no_rules: Path, receiver: str
) -> None:
    """A call off the base class's own name runs the base's body, never the fork's override (#44589's
    subclasses): silent; so is ``cls`` in another module, another class's."""
    fp8 = FP8_NOW.replace("**QuantizationConfig.get_cache_scale_mapper()", f"**{receiver}.get_cache_scale_mapper()")
    if receiver == "cls":
        fp8 = fp8.replace(
            "    @staticmethod\n    def get_cache_scale_mapper():",
            "    @classmethod\n    def get_cache_scale_mapper(cls):",
        )
    sides = s.merge_case(
        git_repo,
        {QC: QC_BASE, FP8: FP8_BASE},
        {QC_FORK_PATH: QC_FORK},
        [("Remove unnecessary `load_weights` methods (#44589)", {QC: QC_NOW, FP8: fp8})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [
        f for f in report.findings if f.rule_id == DRIFT and f.path == QC_FORK_PATH and f.severity.value == "error"
    ] == []


# #50981: the base's own ``sample`` turned ``self.get_round_robin_lora_request(...)`` into a call off its own name
# as it made the method a staticmethod: the base no longer dispatches to any override, the fork's is bypassed.
DS = "vllm/benchmarks/datasets.py"
DS_BASE = """class BenchmarkDataset:
    def get_round_robin_lora_request(self, index):
        return index

    def sample(self, n):
        return [self.get_round_robin_lora_request(i) for i in range(n)]
"""
DS_NOW = """class BenchmarkDataset:
    @staticmethod
    def get_round_robin_lora_request(index):
        return index

    def sample(self, n):
        return [BenchmarkDataset.get_round_robin_lora_request(i) for i in range(n)]
"""
DS_FORK_PATH = "vllm/aeon/datasets.py"
DS_FORK = """from vllm.benchmarks.datasets import BenchmarkDataset


class AeonDataset(BenchmarkDataset):
    def get_round_robin_lora_request(self, index):
        return index + 1
"""


def test_a_method_made_static_the_base_calls_off_its_own_name_bypasses_the_override(
    git_repo: GitRepo, no_rules: Path
) -> None:
    sides = s.merge_case(
        git_repo,
        {DS: DS_BASE},
        {DS_FORK_PATH: DS_FORK},
        [("Make the LoRA request helper static (#50981)", {DS: DS_NOW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    errors = [
        f for f in report.findings if f.rule_id == DRIFT and f.path == DS_FORK_PATH and f.severity.value == "error"
    ]
    assert [f.line for f in errors] == [
        DS_FORK.splitlines().index("    def get_round_robin_lora_request(self, index):") + 1
    ]
    assert "calls it off its own name" in errors[0].message
