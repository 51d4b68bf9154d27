"""Adversarial twins of killers207's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a None test of a value made a tuple (``drift/returns.py``, ``_guarded_value(widen=True)``, ``_none_tests``;
  #42433 ``Scheduler._free_request`` returns ``(kv, ec)`` where it returned the KV params; #29268
  ``GPUModelRunner._get_encoder_seq_lens`` returns ``(gpu, cpu)`` where it returned an array or None): the new
  unpack, the pair bound whole then unpacked, ``[0]`` off the call, a probe of the value's kind, a local
  rebinding to the pair's first part, the fork's own class's method of the name, a ``hasattr`` version test
  choosing the spelling, a keyword call unpacked, the same shape on a method upstream left returning a pair;
- a namesake attribute both sides start on the same empty value (``drift/shadows.py``, ``_namesake_sure``;
  #21534 ``Scheduler.finished_loading_dict: dict[str, int] = {}``; #47312
  ``Scheduler.grammar_compile_error_reqs: set[str] = set()``; #32374 ``Scheduler.dynamic_sd_lookup: list[int] |
  None = None``): a backport under the same annotation, under none, under ``typing``'s older spelling
  (``Dict``, ``Set``, ``Optional``, ``List``) or a quoted one, the store before ``super().__init__()``, the name
  on a class of the fork's own, on a subclass of an unchanged class.

Every error on a twin's line is a false one (a warning is counted apart: a backport under no telling annotation
warns by design).  The CASES are the replay's three catches of these widenings (``blind_replay_scheduler2.py``),
kept to show the reach stays, and one each of #29268 and #47312.

Round 1 (main at 73e6e031), 5 cases and 26 twins as first written: 5 caught of 5; 8 false errors of 26: the
``hasattr`` version test choosing the spelling (1: the arm binding the value whole and the None test after it,
the other arm's unpack not read as the new release's path), backports whose annotation is upstream's in another
spelling -- ``Dict[str, int]``, ``'dict[str, int]'``, ``Set[str]``, ``Optional[list[int]]``,
``Optional[List[int]]``, ``'list[int] | None'`` (6: the annotations were compared as text) -- and one that was not
a twin: ``self.finished_loading_dict: dict[str, float] = {}`` *before* ``super().__init__()`` (the base's
``__init__`` overwrites the fork's dict, whose floats the base then reads as token counts; the error is the older
before-super namesake check's, not a widening's: dropped).  So round 1 on that set: 5 caught of 5; 7 false
errors of 25 twins.
Round 2 (this branch): a namesake's annotations are compared as ``element_shapes.spelt`` spells them (made
public: typing's aliases, ``Optional``/``Union``/``X | None``, quotes read alike); a binding of the value whole
beside a path that unpacks the same call (``shape_splits.other_paths``/``positions_read``) is one path per release
(``returns._unpacked_beside``).  5 caught of 5; 0 false errors of 25 twins.
Round 3 (written after the mends): a receiver typed as the fork's own class with a ``_free_request`` of its own,
backports under a bare ``dict``, ``dict[str, Any]`` and a bare ``set``: on round 2's engine 3 false errors of 4
(the open annotations were taken to tell the values apart); this branch: an annotation leaving the held values
open (a bare container, ``Any``/``object`` inside) tells nothing apart, a warning (``shadows._open``): 0 false.
All rounds, main (73e6e031): 5 caught of 5; 10 false errors of 29 twins (8 warned).  This branch: 5 caught of 5;
0 false errors of 29 twins (17 warned: the backports under no telling annotation, by design).
``blind_replay_scheduler2.py`` as before: 21 caught of 21, 0 false of 10 twins.

  PYTHONPATH=.. python review116_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

SCHED = "from vllm.v1.core.sched.scheduler import Scheduler\n"

# --- 8df14cfc8c (#42433): Scheduler._free_request returns (kv_xfer_params, ec_xfer_params), not the KV params
FR = ("#42433", "8df14cfc8c", "Scheduler._free_request returns a (kv, ec) pair")
FRI = "from typing import Any\n\n" + SCHED + "from vllm.v1.request import Request\n\n\n"
CASES += [
    (
        "#42433 None test of a tuple",
        "a subscript of super()'s value under a None test",
        K(
            *FR,
            "vllm/aeon/r116fr0.py",
            FRI + "class AeonXferScheduler(Scheduler):\n"
            "    def _free_request(self, request: Request, delay_free_blocks: bool = False) -> dict[str, Any] | None:\n"
            "        kv_params = super()._free_request(request, delay_free_blocks)\n"
            "        if kv_params is not None:\n"
            '            kv_params["aeon_num_spec"] = len(request.spec_token_ids)\n'
            "        return kv_params\n",
            'kv_params["aeon_num_spec"] = len(request.spec_token_ids)',
        ),
    ),
    (
        "#42433 None test of a tuple",
        "a comparison of super()'s value with None",
        K(
            *FR,
            "vllm/aeon/r116fr1.py",
            FRI + "class AeonLocalScheduler(Scheduler):\n"
            "    aeon_local_frees = 0\n\n"
            "    def _free_request(self, request: Request, delay_free_blocks: bool = False):\n"
            "        params = super()._free_request(request, delay_free_blocks)\n"
            "        if params is None:\n"
            "            self.aeon_local_frees += 1\n"
            "        return params\n",
            "if params is None:",
        ),
    ),
]
TWINS += [
    (
        "#42433 None test of a tuple",
        "twin: the new unpack, the KV part tested against None",
        K(
            *FR,
            "vllm/aeon/r116fr2.py",
            FRI + "class AeonXferScheduler2(Scheduler):\n"
            "    def _free_request(self, request: Request, delay_free_blocks: bool = False):\n"
            "        kv_params, ec_params = super()._free_request(request, delay_free_blocks)\n"
            "        if kv_params is not None:\n"
            '            kv_params["aeon_num_spec"] = len(request.spec_token_ids)\n'
            "        return kv_params, ec_params\n",
            'kv_params["aeon_num_spec"] = len(request.spec_token_ids)',
        ),
    ),
    (
        "#42433 None test of a tuple",
        "twin: the pair bound whole, then unpacked and its part tested",
        K(
            *FR,
            "vllm/aeon/r116fr3.py",
            FRI + "class AeonXferScheduler3(Scheduler):\n"
            "    def _free_request(self, request: Request, delay_free_blocks: bool = False):\n"
            "        params = super()._free_request(request, delay_free_blocks)\n"
            "        kv_params, ec_params = params\n"
            "        if kv_params is not None:\n"
            '            kv_params["aeon_node"] = "spark0"\n'
            "        return params\n",
            "        params = super()._free_request(request, delay_free_blocks)",
        ),
    ),
    (
        "#42433 None test of a tuple",
        "twin: [0] off the call, tested against None",
        K(
            *FR,
            "vllm/aeon/r116fr4.py",
            FRI + "def aeon_release(sched: Scheduler, request: Request) -> str | None:\n"
            "    kv_params = sched._free_request(request)[0]\n"
            '    return kv_params.get("remote_engine_id") if kv_params is not None else None\n',
            'return kv_params.get("remote_engine_id") if kv_params is not None else None',
        ),
    ),
    (
        "#42433 None test of a tuple",
        "twin: a probe of the value's kind before the None test",
        K(
            *FR,
            "vllm/aeon/r116fr5.py",
            FRI + "class AeonXferScheduler5(Scheduler):\n"
            "    def _free_request(self, request: Request, delay_free_blocks: bool = False):\n"
            "        params = super()._free_request(request, delay_free_blocks)\n"
            "        # AEON: newer upstreams return (kv, ec)\n"
            "        kv_params = params[0] if isinstance(params, tuple) else params\n"
            "        if kv_params is not None:\n"
            '            kv_params["aeon_node"] = "spark0"\n'
            "        return params\n",
            "        params = super()._free_request(request, delay_free_blocks)",
        ),
    ),
    (
        "#42433 None test of a tuple",
        "twin: a local rebound to the pair's KV part, then tested",
        K(
            *FR,
            "vllm/aeon/r116fr6.py",
            FRI + "def aeon_release6(sched: Scheduler, request: Request) -> str | None:\n"
            "    params = sched._free_request(request)\n"
            "    params = params[0]\n"
            "    if params is None:\n"
            "        return None\n"
            '    return params.get("remote_engine_id")\n',
            "    params = sched._free_request(request)",
        ),
    ),
    (
        "#42433 None test of a tuple",
        "twin: the fork's own class's _free_request returning the params",
        K(
            *FR,
            "vllm/aeon/r116fr7.py",
            FRI + "class AeonFreeList:\n"
            "    def __init__(self) -> None:\n"
            "        self.params: dict[str, dict[str, Any]] = {}\n\n"
            "    def _free_request(self, request: Request) -> dict[str, Any] | None:\n"
            "        return self.params.pop(request.request_id, None)\n\n"
            "    def aeon_release7(self, request: Request) -> None:\n"
            "        params = self._free_request(request)\n"
            "        if params is not None:\n"
            '            params["aeon_freed"] = True\n',
            "        if params is not None:",
        ),
    ),
    (
        "#42433 None test of a tuple",
        "twin: a hasattr version test choosing the spelling",
        K(
            *FR,
            "vllm/aeon/r116fr8.py",
            FRI + "class AeonXferScheduler8(Scheduler):\n"
            "    def aeon_release8(self, request: Request) -> dict[str, Any] | None:\n"
            "        if hasattr(self, 'get_ec_connector'):  # AEON: (kv, ec) since the EC transfer params\n"
            "            kv_params, _ = self._free_request(request)\n"
            "        else:\n"
            "            kv_params = self._free_request(request)\n"
            "        if kv_params is not None:\n"
            '            kv_params["aeon_node"] = "spark0"\n'
            "        return kv_params\n",
            "        if kv_params is not None:",
        ),
    ),
    (
        "#42433 None test of a tuple",
        "twin: a keyword call unpacked",
        K(
            *FR,
            "vllm/aeon/r116fr9.py",
            FRI + "class AeonXferScheduler9(Scheduler):\n"
            "    def aeon_release9(self, request: Request) -> bool:\n"
            "        kv_params, ec_params = self._free_request(request, delay_free_blocks=True)\n"
            "        return kv_params is None and ec_params is None\n",
            "        return kv_params is None and ec_params is None",
        ),
    ),
    (
        "#42433 None test of a tuple",
        "twin: the same shape on _connector_finished (a pair on both sides)",
        K(
            *FR,
            "vllm/aeon/r116fr10.py",
            FRI + "class AeonXferScheduler10(Scheduler):\n"
            "    def aeon_finish(self, request: Request) -> dict[str, Any] | None:\n"
            "        finished = self._connector_finished(request)\n"
            "        delay, params = finished\n"
            "        if params is not None:\n"
            '            params["aeon_delay"] = delay\n'
            "        return params\n",
            "        if params is not None:",
        ),
    ),
]

TWINS += [
    (
        "#42433 None test of a tuple",
        "twin: a receiver typed as the fork's own class with a _free_request of its own",
        K(
            *FR,
            "vllm/aeon/r116fr11.py",
            FRI + "class AeonParamsPool:\n"
            "    def __init__(self) -> None:\n"
            "        self.held: dict[str, dict[str, Any]] = {}\n\n"
            "    def _free_request(self, request: Request) -> dict[str, Any] | None:\n"
            "        return self.held.pop(request.request_id, None)\n\n\n"
            "def aeon_release11(pool: AeonParamsPool, request: Request) -> None:\n"
            "    params = pool._free_request(request)\n"
            "    if params is not None:\n"
            '        params["aeon_freed"] = True\n',
            "    if params is not None:",
        ),
    ),
]

# --- 798e87db5c (#29268): GPUModelRunner._get_encoder_seq_lens returns (gpu, cpu), not an array or None
ES = ("#29268", "798e87db5c", "GPUModelRunner._get_encoder_seq_lens returns a (gpu, cpu) pair")
ESI = (
    "from vllm.v1.kv_cache_interface import KVCacheSpec\n"
    "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
)
CASES += [
    (
        "#29268 None test of a tuple",
        "a method off the value under a None test",
        K(
            *ES,
            "vllm/aeon/r116es0.py",
            ESI + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_max_encoder_len(self, inputs: dict, spec: KVCacheSpec, num_reqs: int) -> int:\n"
            "        lens = self._get_encoder_seq_lens(inputs, spec, num_reqs)\n"
            "        if lens is None:\n"
            "            return 0\n"
            "        return int(lens.max())\n",
            "        return int(lens.max())",
        ),
    ),
]
TWINS += [
    (
        "#29268 None test of a tuple",
        "twin: the new unpack, the CPU part tested",
        K(
            *ES,
            "vllm/aeon/r116es1.py",
            ESI + "class AeonRunner1(GPUModelRunner):\n"
            "    def aeon_max_encoder_len(self, inputs: dict, spec: KVCacheSpec, num_reqs: int) -> int:\n"
            "        _, lens_cpu = self._get_encoder_seq_lens(inputs, spec, num_reqs)\n"
            "        if lens_cpu is None:\n"
            "            return 0\n"
            "        return int(lens_cpu.max())\n",
            "        return int(lens_cpu.max())",
        ),
    ),
    (
        "#29268 None test of a tuple",
        "twin: [1] off the call, tested against None",
        K(
            *ES,
            "vllm/aeon/r116es2.py",
            ESI + "class AeonRunner2(GPUModelRunner):\n"
            "    def aeon_max_encoder_len(self, inputs: dict, spec: KVCacheSpec, num_reqs: int) -> int:\n"
            "        lens_cpu = self._get_encoder_seq_lens(inputs, spec, num_reqs)[1]\n"
            "        return 0 if lens_cpu is None else int(lens_cpu.max())\n",
            "        return 0 if lens_cpu is None else int(lens_cpu.max())",
        ),
    ),
    (
        "#29268 None test of a tuple",
        "twin: a probe of the value's kind",
        K(
            *ES,
            "vllm/aeon/r116es3.py",
            ESI + "class AeonRunner3(GPUModelRunner):\n"
            "    def aeon_max_encoder_len(self, inputs: dict, spec: KVCacheSpec, num_reqs: int) -> int:\n"
            "        lens = self._get_encoder_seq_lens(inputs, spec, num_reqs)\n"
            "        if isinstance(lens, tuple):  # AEON: (gpu, cpu) on newer upstreams\n"
            "            lens = lens[1]\n"
            "        if lens is None:\n"
            "            return 0\n"
            "        return int(lens.max())\n",
            "        if lens is None:",
        ),
    ),
]

# --- 15a72ac478 (#21534): Scheduler.finished_loading_dict (request id -> loaded token count) added, read and
# popped by _update_waiting_for_remote_kv
FL = ("#21534", "15a72ac478", "Scheduler.finished_loading_dict added and read by the base")
FLI = "import time\nfrom typing import Dict\n\n" + SCHED + "\n\n"


def _fl(n: int, store: str, before: bool = False, base: str = "Scheduler") -> Killer:
    """A subclass of ``base`` storing ``store`` in its ``__init__`` after (or before) the super call."""
    init = (
        f"        {store}\n        super().__init__(*args, **kwargs)\n"
        if before
        else (f"        super().__init__(*args, **kwargs)\n        {store}\n")
    )
    return K(
        *FL,
        f"vllm/aeon/r116fl{n}.py",
        FLI + f"class AeonLoadScheduler{n}({base}):\n    def __init__(self, *args, **kwargs) -> None:\n" + init,
        store,
    )


CASES += [
    (
        "#21534 namesake on an empty value",
        "a subclass's namesake attribute of another meaning",
        _fl(0, "self.finished_loading_dict: dict[str, float] = {}"),
    ),
]
TWINS += [
    (
        "#21534 namesake on an empty value",
        "twin: a backport under upstream's annotation",
        _fl(1, "self.finished_loading_dict: dict[str, int] = {}"),
    ),
    (
        "#21534 namesake on an empty value",
        "twin: a backport under no annotation, spelt dict()",
        _fl(2, "self.finished_loading_dict = dict()"),
    ),
    (
        "#21534 namesake on an empty value",
        "twin: a backport under typing.Dict",
        _fl(3, "self.finished_loading_dict: Dict[str, int] = {}"),
    ),
    (
        "#21534 namesake on an empty value",
        "twin: a backport under a quoted annotation",
        _fl(4, "self.finished_loading_dict: 'dict[str, int]' = {}"),
    ),
    (
        "#21534 namesake on an empty value",
        "twin: the name on a class of the fork's own",
        _fl(6, "self.finished_loading_dict: dict[str, float] = {}", base="object"),
    ),
    (
        "#21534 namesake on an empty value",
        "twin: the name on a subclass of an unchanged class",
        K(
            *FL,
            "vllm/aeon/r116fl7.py",
            "from vllm.v1.core.encoder_cache_manager import EncoderCacheManager\n\n\n"
            "class AeonEncoderCache(EncoderCacheManager):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.finished_loading_dict: dict[str, float] = {}\n",
            "        self.finished_loading_dict: dict[str, float] = {}",
        ),
    ),
]

TWINS += [
    (
        "#21534 namesake on an empty value",
        "twin: a backport under a bare dict annotation",
        _fl(8, "self.finished_loading_dict: dict = {}"),
    ),
    (
        "#21534 namesake on an empty value",
        "twin: a backport under dict[str, Any]",
        K(
            *FL,
            "vllm/aeon/r116fl9.py",
            "from typing import Any\n\n" + SCHED + "\n\n"
            "class AeonLoadScheduler9(Scheduler):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.finished_loading_dict: dict[str, Any] = {}\n",
            "        self.finished_loading_dict: dict[str, Any] = {}",
        ),
    ),
]

# --- 12213c6795 (#47312): Scheduler.grammar_compile_error_reqs: set[str] = set(), read and cleared by the base
GC = ("#47312", "12213c6795", "Scheduler.grammar_compile_error_reqs added and read by the base")
GCI = "from typing import Set\n\n" + SCHED + "\n\n"


def _gc(n: int, store: str) -> Killer:
    return K(
        *GC,
        f"vllm/aeon/r116gc{n}.py",
        GCI + f"class AeonGrammarScheduler{n}(Scheduler):\n    def __init__(self, *args, **kwargs) -> None:\n"
        f"        super().__init__(*args, **kwargs)\n        {store}\n",
        store,
    )


CASES += [
    (
        "#47312 namesake on an empty value",
        "a subclass's namesake of request indices",
        _gc(0, "self.grammar_compile_error_reqs: set[int] = set()"),
    ),
]
TWINS += [
    (
        "#47312 namesake on an empty value",
        "twin: a backport under upstream's annotation",
        _gc(1, "self.grammar_compile_error_reqs: set[str] = set()"),
    ),
    (
        "#47312 namesake on an empty value",
        "twin: a backport under typing.Set",
        _gc(2, "self.grammar_compile_error_reqs: Set[str] = set()"),
    ),
    (
        "#47312 namesake on an empty value",
        "twin: a backport under no annotation",
        _gc(3, "self.grammar_compile_error_reqs = set()"),
    ),
]

TWINS += [
    (
        "#47312 namesake on an empty value",
        "twin: a backport under a bare set annotation",
        _gc(4, "self.grammar_compile_error_reqs: set = set()"),
    ),
]

# --- 4ef4492e9b (#32374): Scheduler.dynamic_sd_lookup: list[int] | None = None, built and read by the base
DS = ("#32374", "4ef4492e9b", "Scheduler.dynamic_sd_lookup added and read by the base")
DSI = "from typing import List, Optional\n\n" + SCHED + "\n\n"


def _ds(n: int, store: str) -> Killer:
    return K(
        *DS,
        f"vllm/aeon/r116ds{n}.py",
        DSI + f"class AeonDynamicSDScheduler{n}(Scheduler):\n    def __init__(self, *args, **kwargs) -> None:\n"
        f"        super().__init__(*args, **kwargs)\n        {store}\n",
        store,
    )


TWINS += [
    (
        "#32374 namesake on an empty value",
        "twin: a backport under upstream's annotation",
        _ds(1, "self.dynamic_sd_lookup: list[int] | None = None"),
    ),
    (
        "#32374 namesake on an empty value",
        "twin: a backport under Optional[list[int]]",
        _ds(2, "self.dynamic_sd_lookup: Optional[list[int]] = None"),
    ),
    (
        "#32374 namesake on an empty value",
        "twin: a backport under Optional[List[int]]",
        _ds(3, "self.dynamic_sd_lookup: Optional[List[int]] = None"),
    ),
    (
        "#32374 namesake on an empty value",
        "twin: a backport under a quoted annotation",
        _ds(4, "self.dynamic_sd_lookup: 'list[int] | None' = None"),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review116-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
