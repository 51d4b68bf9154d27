"""A fork's own method a new base hook now overrides, called by upstream off a factory-typed receiver, or
awaited where the fork's method is synchronous (killers193: #28037's ``pause_generation``/``resume_generation``)."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- shaped like #28037 (371b1d4c61): AsyncLLM.pause_generation/resume_generation added; the server calls them
# off ``engine_client(raw_request)``, a function typed ``-> EngineClient`` --
PROTO = "vllm/engine/protocol.py"
ENGINE = "vllm/v1/engine/async_llm.py"
SERVER = "vllm/entrypoints/api_server.py"
FORK = "vllm/aeon/rl_engine.py"
PROTO_TEXT = "class EngineClient:\n    async def generate(self, prompt):\n        raise NotImplementedError\n"
ENGINE_TEXT = (
    "from vllm.engine.protocol import EngineClient\n\n\n"
    "class AsyncLLM(EngineClient):\n    async def generate(self, prompt):\n        return prompt\n"
)
HOOKS = (
    "\n    async def pause_generation(self, *, wait_for_inflight_requests=False, clear_cache=True):\n"
    "        self.paused = True\n\n"
    "    async def resume_generation(self):\n        self.paused = False\n\n"
    "    def record_sleep_state(self, sleep=0, level=0):\n        self.sleep = (sleep, level)\n"
)
SERVER_HEAD = (
    "from vllm.engine.protocol import EngineClient\n\n\n"
    "def engine_client(request) -> EngineClient:\n    return request.app.state.engine_client\n\n\n"
)
SERVER_TEXT = SERVER_HEAD + "async def health(raw_request):\n    return 1\n"
CALLS = SERVER_TEXT + (
    "\n\nasync def pause(raw_request):\n"
    "    engine = engine_client(raw_request)\n"
    "    await engine.pause_generation(wait_for_inflight_requests=True, clear_cache=False)\n\n\n"
    "async def resume(raw_request):\n"
    "    await engine_client(raw_request).resume_generation()\n\n\n"
    "def sleep(raw_request):\n"
    "    engine_client(raw_request).record_sleep_state(1, 2)\n"
)
BASE = {"vllm/engine/__init__.py": "", "vllm/entrypoints/__init__.py": "", PROTO: PROTO_TEXT, ENGINE: ENGINE_TEXT}
BASE[SERVER] = SERVER_TEXT
UPSTREAM = {PROTO: PROTO_TEXT + HOOKS, ENGINE: ENGINE_TEXT + HOOKS, SERVER: CALLS}


def _fork(method: str) -> dict[str, str]:
    head = "from vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
    return {FORK: head + "class AeonRLAsyncLLM(AsyncLLM):\n" + method}


def _found(repo: GitRepo, fork: dict[str, str], upstream: dict[str, str | None]) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, BASE, fork, [("[RL] Add Pause and Resume Generation (#28037)", upstream)])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and "the fork's own method, now overrides" in f.message
    ]


@pytest.mark.parametrize(
    ("method", "says"),
    [
        # a factory-typed receiver named first (``engine = engine_client(...)``): the keywords do not fit
        (
            "    async def pause_generation(self):\n        await self.collective_rpc('aeon_pause')  # AEON\n",
            "which the fork's method does not take: TypeError",
        ),
        (
            "    async def pause_generation(self, drain, **kw):\n        self.drain = drain  # AEON\n",
            "does not pass drain, which the fork's method requires: TypeError",
        ),
        # a factory call as the receiver itself, awaited, and the fork's method synchronous
        (
            "    def resume_generation(self) -> None:\n        self.aeon_armed = True  # AEON\n",
            "the fork's method is synchronous and returns None: awaiting None raises TypeError",
        ),
        # ends in a raise, but a bare return before it hands the await None (revDL)
        (
            "    def resume_generation(self) -> None:\n        if self.aeon_armed:\n            return\n"
            "        raise RuntimeError('not paused')  # AEON\n",
            "the fork's method is synchronous and returns None: awaiting None raises TypeError",
        ),
        # a synchronous hook called as a statement, and the fork's method a coroutine function
        (
            "    async def record_sleep_state(self, sleep=0, level=0):\n        self.aeon_sleep = sleep  # AEON\n",
            "the fork's body never runs",
        ),
    ],
)
def test_a_fork_method_a_factory_typed_call_cannot_use(git_repo: GitRepo, method: str, says: str) -> None:
    [(line, severity, message)] = _found(git_repo, _fork(method), UPSTREAM)
    assert (line, severity) == (5, "error")
    assert "AeonRLAsyncLLM." in message and says in message


@pytest.mark.parametrize(
    ("method", "upstream"),
    [
        # fits the calls: it may do what upstream's does
        (
            "    async def pause_generation(self, *, wait_for_inflight_requests=False, clear_cache=True):\n"
            "        self.aeon_paused = True\n",
            UPSTREAM,
        ),
        ("    async def resume_generation(self):\n        self.aeon_armed = True\n", UPSTREAM),
        # synchronous, but returns a value: it may hand back an awaitable (a task, a future)
        (
            "    def resume_generation(self):\n        return self.aeon_loop.create_task(self.aeon_arm())\n",
            UPSTREAM,
        ),
        # synchronous, but every path raises (a fork engine refusing the hook): the call raises as the
        # coroutine would at the await (revDL: review104's #39212 ``finish_weight_update`` twin)
        (
            "    def resume_generation(self) -> None:\n        if not self.aeon_swappable:\n"
            "            raise NotImplementedError('frozen weights')\n        raise RuntimeError('not paused')\n",
            UPSTREAM,
        ),
        # a coroutine function, but upstream keeps what the call returns (it may await it later)
        (
            "    async def record_sleep_state(self, sleep=0, level=0):\n        self.aeon_sleep = sleep\n",
            {
                **UPSTREAM,
                SERVER: CALLS.replace(
                    "    engine_client(raw_request).record", "    t = engine_client(raw_request).record"
                ),
            },
        ),
        # the factory says nothing of its return: the receiver is untyped, no call decides an error
        (
            "    async def pause_generation(self):\n        self.aeon_paused = True\n",
            {
                **UPSTREAM,
                SERVER: CALLS.replace("def engine_client(request) -> EngineClient:", "def engine_client(request):"),
            },
        ),
        # a decorator of the fork's own: it may rework the call
        (
            "    @aeon_traced\n    def resume_generation(self) -> None:\n        self.aeon_armed = True\n",
            UPSTREAM,
        ),
    ],
)
def test_a_fork_method_that_fits_or_is_not_judged_stays_the_warning(
    git_repo: GitRepo, method: str, upstream: dict[str, str | None]
) -> None:
    assert [severity for _, severity, _ in _found(git_repo, _fork(method), upstream)] == ["warning"]


def test_a_factory_typed_as_a_sibling_class_never_reaches_the_fork(git_repo: GitRepo) -> None:
    other = "\n\nclass OtherClient:\n    async def pause_generation(self, *, clear_cache=True):\n        return None\n"
    upstream = {
        **UPSTREAM,
        PROTO: PROTO_TEXT + HOOKS + other,
        SERVER: CALLS.replace(
            "from vllm.engine.protocol import EngineClient",
            "from vllm.engine.protocol import EngineClient, OtherClient",
        ).replace("def engine_client(request) -> EngineClient:", "def engine_client(request) -> OtherClient:"),
    }
    method = "    async def pause_generation(self):\n        self.aeon_paused = True\n"
    assert [severity for _, severity, _ in _found(git_repo, _fork(method), upstream)] == ["warning"]
