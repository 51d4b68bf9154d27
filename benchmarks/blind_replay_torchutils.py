"""A blind replay of the torch and general utility helpers a Spark fork's custom ops and kernels import.

9 first-parent commits on ``vllm/utils/torch_utils.py`` and ``vllm/utils/__init__.py`` (``vllm/utils.py``
before the split) -- the helpers a Spark fork's custom ops and kernels import (``async_tensor_h2d``,
``STR_DTYPE_TO_TORCH_DTYPE``, ``current_stream``, ``set_process_title``, ``random_uuid``...): the attention
backend constants dropped from ``vllm.utils`` (#29650), ``random_uuid()`` made 16 hex characters where it was
a 32-character ``uuid4().hex`` (#29375), ``set_process_title``'s ``append`` replaced by a ``prefix: str`` in
its slot (#22205), ``async_tensor_h2d``'s ``target_device`` renamed ``device`` (#41434),
``STR_DTYPE_TO_TORCH_DTYPE`` given the ``turboquant_*`` cache dtypes a fork's own TurboQuant port also
registers (#38479), ``align_to_256bytes`` removed (#14842), the module global ``_current_stream`` replaced by
a thread-local (#21252), ``aux_stream()`` added to ``torch_utils`` -- a name a fork installs there itself,
with a parameter upstream's new caller does not pass (#28406) --, and the encoder-decoder messages removed
(#25374) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits every
other replay uses.  Each is replayed under 1-2 fork spellings (a from-import, a module attribute read, a
``uuid.UUID`` built from the returned hex, a test of the old length, a keyword call of a removed or renamed
parameter, a positional bool into a slot now a string, a ``functools.partial``, a subscript store and an
``update()`` of a table, ``getattr`` with a literal, a store to a global nothing reads, a module attribute
store and a ``setattr`` of a fork function over a name upstream now defines), with twins (the fork's own
names, the environment variable's literal, the id as an opaque string, name and suffix only, a positional
call, the fork's own table key, ``round_up``, the function).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at f6e62e3f): 11 caught, 1 warned, 5 missed of 17 (twins: 9
quiet, 0 false errors).  Symbol drift caught #29650's two, #22205's two, #41434's two, #14842's two, #21252's
two and #25374's one; registrations warned #38479's subscript store.  The misses: #29375's two (the returned
string's form changed), #38479's ``update()`` whose dict display opens on its own line, and #28406's two (a
fork function installed over a name upstream now defines and calls, from another module, without the
fork's parameter).
After the killers231 widenings: 11 caught, 4 warned, 2 missed of 17 (twins: 9 quiet, 0 false errors).  Warned
now: #38479's ``update()`` (``drift/registrations.py``: the cheap gate read a key only on the line of
``update({`` itself; every key of an ``update(``/``|=`` on the added lines that follow counts now, with
``update(k=v)``, ``|= {...}`` and ``|= dict(k=v)``; a warning as any cross-file registration: the fork's value
may be the one it keeps) and #28406's two (``drift/patched_functions.py``: upstream's new calls of a patched
name from another module count, keyed by the defining module -- through the module an error, a bare call of a
name a top-level ``from home import`` bound a warning, as the import order decides whether the fork's patch ran
first, and only for a name the home module did not define at the base).  Left: #29375's two -- the returned
string's width changed (``uuid4().hex``'s 32 characters to a masked ``:016x``), which no rule decides without
knowing a library call's result length; nothing in the diff moved, was renamed or retyped.
Regression set at the widenings' head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_compbackends 9 caught, 1 warned, 2 missed of 12 (10 quiet), blind_replay_fiutils 10 caught, 6
warned, 2 missed of 18 (9 quiet, 1 warned), blind_replay_fmlayer3 12 caught, 1 warned of 13 (8 quiet),
blind_replay_pstate 21 caught, 1 warned of 22 (11 quiet, 1 warned), blind_replay_scoring 22/22 (10 quiet),
blind_replay_tfbackend 24 caught, 2 warned of 26 (11 quiet), blind_replay_wutils 11 caught, 6 warned, 3 missed
of 20 (12 quiet, 1 warned), review82_twins 11/11 (29 quiet, 4 warned), review112_twins 5/5 (23 quiet, 3
warned), review126_twins 7 caught, 1 warned of 8 (34 quiet, 2 warned), blind_replay_modelcfg 14 caught, 8
warned, 2 missed of 24 (11 quiet), blind_replay_modelifaces 15 caught, 1 warned of 16 (11 quiet): each as
recorded, 0 false errors.  Unit tests: test_patched_functions 68 (+8), test_registration_drift 7 (+1),
test_symbol_drift_cost + test_patched_methods + test_dead_patches 25, test_lazy_patterns + test_fleet_profile
21 passed.  Speed (drift_speed's 150-commit window, the two checks added to its list for the run, this machine
shared): patched_function_drift and registration_drift 0.000 s each (under 0.5 ms: the window's carry patches
no module name upstream calls and writes no table key upstream adds; audit 19.3 s).

  python benchmarks/blind_replay_torchutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

U = "vllm.utils"
TU = "vllm.utils.torch_utils"

# --- #29650 (33b06a6f24): the attention-backend constants dropped from vllm.utils
AB = "33b06a6f24"
ABW = "STR_BACKEND_ENV_VAR, STR_FLASHINFER_ATTN_VAL, STR_FLASH_ATTN_VAL, STR_INVALID_VAL removed from vllm.utils"
CASES += [
    (
        "#29650 constants removed",
        "a from-import of the removed constants",
        K(
            "#29650",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            "import os\n\n"
            f"from {U} import STR_BACKEND_ENV_VAR, STR_FLASHINFER_ATTN_VAL\n\n\n"
            "def aeon_force_flashinfer() -> None:\n"
            "    # AEON: sm_121a decodes fastest on FlashInfer's kernels\n"
            "    os.environ[STR_BACKEND_ENV_VAR] = STR_FLASHINFER_ATTN_VAL\n",
            f"from {U} import STR_BACKEND_ENV_VAR, STR_FLASHINFER_ATTN_VAL",
        ),
    ),
    (
        "#29650 constants removed",
        "a module attribute read off import vllm.utils",
        K(
            "#29650",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            "import os\n\nimport vllm.utils\n\n\n"
            "def aeon_backend_forced() -> bool:\n"
            "    return vllm.utils.STR_BACKEND_ENV_VAR in os.environ\n",
            "return vllm.utils.STR_BACKEND_ENV_VAR in os.environ",
        ),
    ),
    (
        "#29650 constants removed",
        "twin: the environment variable's own name",
        K(
            "#29650",
            AB,
            ABW,
            "vllm/aeon/ab3.py",
            "import os\n\n\n"
            "def aeon_force_flashinfer3() -> None:\n"
            '    os.environ["VLLM_ATTENTION_BACKEND"] = "FLASHINFER"\n',
            'os.environ["VLLM_ATTENTION_BACKEND"] = "FLASHINFER"',
        ),
    ),
]

# --- #29375 (db2906108a): random_uuid() now 16 hex characters (a 64-bit mask), no longer uuid4().hex
RU = "db2906108a"
RUW = "random_uuid() returns 16 hex characters instead of a 32-character uuid4 hex"
CASES += [
    (
        "#29375 return value's form changed",
        "a uuid.UUID built from the returned hex",
        K(
            "#29375",
            RU,
            RUW,
            "vllm/aeon/ru1.py",
            f"import uuid\n\nfrom {U} import random_uuid\n\n\n"
            "def aeon_draft_request_uuid() -> uuid.UUID:\n"
            "    # AEON: the drafter's trace store keys requests by UUID\n"
            "    return uuid.UUID(hex=random_uuid())\n",
            "return uuid.UUID(hex=random_uuid())",
        ),
    ),
    (
        "#29375 return value's form changed",
        "a test of the old length",
        K(
            "#29375",
            RU,
            RUW,
            "tests/aeon/test_ru2.py",
            f"from {U} import random_uuid\n\n\n"
            "def test_aeon_request_ids_are_uuid4_hex():\n"
            "    assert len(random_uuid()) == 32\n",
            "assert len(random_uuid()) == 32",
        ),
    ),
    (
        "#29375 return value's form changed",
        "twin: the id used as an opaque string",
        K(
            "#29375",
            RU,
            RUW,
            "vllm/aeon/ru3.py",
            f"from {U} import random_uuid\n\n\n"
            "def aeon_draft_request_id() -> str:\n"
            '    return f"aeon-spec-{random_uuid()}"\n',
            'return f"aeon-spec-{random_uuid()}"',
        ),
    ),
]

# --- #22205 (0cdd213641): set_process_title(name, suffix, append=False) -> (name, suffix, prefix=...)
PT = "0cdd213641"
PTW = "set_process_title lost append (third parameter now prefix: str)"
CASES += [
    (
        "#22205 parameter replaced",
        "a keyword call of the removed parameter",
        K(
            "#22205",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            f"from {U} import set_process_title\n\n\n"
            "def aeon_title_drafter(rank: int) -> None:\n"
            "    # AEON: the Spark's process list shows the drafter beside its target\n"
            '    set_process_title("AeonDrafter", str(rank), append=True)\n',
            'set_process_title("AeonDrafter", str(rank), append=True)',
        ),
    ),
    (
        "#22205 parameter replaced",
        "a positional bool into the slot that is now prefix",
        K(
            "#22205",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            f"import {U} as vu\n\n\n"
            "def aeon_title_worker(rank: int) -> None:\n"
            '    vu.set_process_title("AeonWorker", str(rank), True)\n',
            'vu.set_process_title("AeonWorker", str(rank), True)',
        ),
    ),
    (
        "#22205 parameter replaced",
        "twin: name and suffix only",
        K(
            "#22205",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            f"from {U} import set_process_title\n\n\n"
            "def aeon_title_drafter3(rank: int) -> None:\n"
            '    set_process_title("AeonDrafter", str(rank))\n',
            'set_process_title("AeonDrafter", str(rank))',
        ),
    ),
]

# --- #41434 (989c176c0a): async_tensor_h2d(data, dtype, target_device, pin_memory) -> (..., device, pin_memory=PIN_MEMORY)
AH = "989c176c0a"
AHW = "async_tensor_h2d's target_device renamed device"
CASES += [
    (
        "#41434 keyword renamed",
        "a keyword call of the old name",
        K(
            "#41434",
            AH,
            AHW,
            "vllm/aeon/ah1.py",
            f"import torch\n\nfrom {TU} import async_tensor_h2d\n\n\n"
            "class AeonDraftSlots:\n"
            "    def __init__(self, device: torch.device) -> None:\n"
            "        self.device = device\n\n"
            "    def upload(self, slot_ids: list[int]) -> torch.Tensor:\n"
            "        return async_tensor_h2d(slot_ids, torch.int32, target_device=self.device, pin_memory=True)\n",
            "return async_tensor_h2d(slot_ids, torch.int32, target_device=self.device, pin_memory=True)",
        ),
    ),
    (
        "#41434 keyword renamed",
        "a functools.partial binding the old keyword",
        K(
            "#41434",
            AH,
            AHW,
            "vllm/aeon/ah2.py",
            f"import functools\n\nimport torch\n\nfrom {TU} import async_tensor_h2d\n\n"
            '_aeon_to_gpu = functools.partial(async_tensor_h2d, dtype=torch.int64, target_device="cuda", pin_memory=True)\n\n\n'
            "def aeon_upload(ids: list[int]) -> torch.Tensor:\n"
            "    return _aeon_to_gpu(ids)\n",
            '_aeon_to_gpu = functools.partial(async_tensor_h2d, dtype=torch.int64, target_device="cuda", pin_memory=True)',
        ),
    ),
    (
        "#41434 keyword renamed",
        "twin: a positional call",
        K(
            "#41434",
            AH,
            AHW,
            "vllm/aeon/ah3.py",
            f"import torch\n\nfrom {TU} import async_tensor_h2d\n\n\n"
            "def aeon_upload3(ids: list[int], device: torch.device) -> torch.Tensor:\n"
            "    return async_tensor_h2d(ids, torch.int32, device, True)\n",
            "return async_tensor_h2d(ids, torch.int32, device, True)",
        ),
    ),
]

# --- #38479 (f4b42df048): STR_DTYPE_TO_TORCH_DTYPE gains the turboquant_* cache dtypes (torch.uint8)
TQ = "f4b42df048"
TQW = "STR_DTYPE_TO_TORCH_DTYPE gained turboquant_k8v4/_4bit_nc/_k3v4_nc/_3bit_nc -> torch.uint8"
CASES += [
    (
        "#38479 table key added that the fork also adds",
        "a subscript store of the same key with another dtype",
        K(
            "#38479",
            TQ,
            TQW,
            "vllm/aeon/tq1.py",
            f"import torch\n\nfrom {TU} import STR_DTYPE_TO_TORCH_DTYPE\n\n"
            "# AEON: the Spark's own TurboQuant port packs its 4-bit codes in int8 pages\n"
            'STR_DTYPE_TO_TORCH_DTYPE["turboquant_4bit_nc"] = torch.int8\n',
            'STR_DTYPE_TO_TORCH_DTYPE["turboquant_4bit_nc"] = torch.int8',
        ),
    ),
    (
        "#38479 table key added that the fork also adds",
        "an update() with a dict display",
        K(
            "#38479",
            TQ,
            TQW,
            "vllm/aeon/tq2.py",
            f"import torch\n\nfrom {TU.rsplit('.', 1)[0]} import torch_utils\n\n"
            "torch_utils.STR_DTYPE_TO_TORCH_DTYPE.update(\n"
            '    {"turboquant_k8v4": torch.float8_e4m3fn, "aeon_nvfp4_kv": torch.uint8}\n'
            ")\n",
            '{"turboquant_k8v4": torch.float8_e4m3fn, "aeon_nvfp4_kv": torch.uint8}',
        ),
    ),
    (
        "#38479 table key added that the fork also adds",
        "twin: the fork's own key",
        K(
            "#38479",
            TQ,
            TQW,
            "vllm/aeon/tq3.py",
            f"import torch\n\nfrom {TU} import STR_DTYPE_TO_TORCH_DTYPE\n\n"
            'STR_DTYPE_TO_TORCH_DTYPE["aeon_nvfp4_kv"] = torch.uint8\n',
            'STR_DTYPE_TO_TORCH_DTYPE["aeon_nvfp4_kv"] = torch.uint8',
        ),
    ),
]

# --- #14842 (5952d8ab61): align_to_256bytes removed from vllm.utils
AL = "5952d8ab61"
ALW = "align_to_256bytes removed"
CASES += [
    (
        "#14842 function removed",
        "a from-import of the removed function",
        K(
            "#14842",
            AL,
            ALW,
            "vllm/aeon/al1.py",
            "import torch\n\n"
            f"from {U} import align_to_256bytes\n\n\n"
            "def aeon_mla_page_extent(head_dim: int) -> int:\n"
            "    return align_to_256bytes(head_dim, torch.bfloat16)\n",
            f"from {U} import align_to_256bytes",
        ),
    ),
    (
        "#14842 function removed",
        "getattr with a literal",
        K(
            "#14842",
            AL,
            ALW,
            "vllm/aeon/al2.py",
            "import torch\n\nimport vllm.utils\n\n\n"
            "def aeon_mla_page_extent2(head_dim: int) -> int:\n"
            '    align = getattr(vllm.utils, "align_to_256bytes")\n'
            "    return align(head_dim, torch.float16)\n",
            'align = getattr(vllm.utils, "align_to_256bytes")',
        ),
    ),
    (
        "#14842 function removed",
        "twin: round_up and get_dtype_size",
        K(
            "#14842",
            AL,
            ALW,
            "vllm/aeon/al3.py",
            "import torch\n\n"
            f"from {U} import get_dtype_size, round_up\n\n\n"
            "def aeon_mla_page_extent3(head_dim: int) -> int:\n"
            "    return round_up(head_dim, 256 // get_dtype_size(torch.bfloat16))\n",
            "return round_up(head_dim, 256 // get_dtype_size(torch.bfloat16))",
        ),
    ),
]

# --- #21252 (a0e827e07c): the module global _current_stream replaced by a thread-local
CS = "a0e827e07c"
CSW = "vllm.utils._current_stream replaced by _current_stream_tls (threading.local)"
CASES += [
    (
        "#21252 module global replaced",
        "a store to the global nothing reads any more",
        K(
            "#21252",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            "import vllm.utils\n\n\n"
            "def aeon_reset_stream() -> None:\n"
            "    # AEON: after the drafter's graph capture, make current_stream() pick the stream again\n"
            "    vllm.utils._current_stream = None\n",
            "vllm.utils._current_stream = None",
        ),
    ),
    (
        "#21252 module global replaced",
        "a read of the removed global",
        K(
            "#21252",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            "from vllm import utils as vu\n\n\n"
            "def aeon_stream_was_set() -> bool:\n"
            "    return vu._current_stream is not None\n",
            "return vu._current_stream is not None",
        ),
    ),
    (
        "#21252 module global replaced",
        "twin: the function",
        K(
            "#21252",
            CS,
            CSW,
            "vllm/aeon/cs3.py",
            "import vllm.utils\n\n\ndef aeon_sync_stream() -> None:\n    vllm.utils.current_stream().synchronize()\n",
            "vllm.utils.current_stream().synchronize()",
        ),
    ),
]

# --- #28406 (69d0e90313): torch_utils now defines aux_stream() (called with no arguments by the MoE layer)
AX = "69d0e90313"
AXW = "torch_utils gained aux_stream() -> Stream | None, called with no arguments upstream"
CASES += [
    (
        "#28406 module function added that the fork also installs",
        "a module attribute store of a function with a required parameter",
        K(
            "#28406",
            AX,
            AXW,
            "vllm/aeon/ax1.py",
            "import torch\n\nfrom vllm.utils import torch_utils\n\n\n"
            "def aeon_aux_stream(device: torch.device) -> torch.cuda.Stream:\n"
            "    # AEON: one side stream per device for the drafter's overlap\n"
            "    return torch.cuda.Stream(device=device, priority=-1)\n\n\n"
            "torch_utils.aux_stream = aeon_aux_stream\n",
            "torch_utils.aux_stream = aeon_aux_stream",
        ),
    ),
    (
        "#28406 module function added that the fork also installs",
        "setattr with a literal",
        K(
            "#28406",
            AX,
            AXW,
            "vllm/aeon/ax2.py",
            f"import torch\n\nimport {TU}\n\n\n"
            "def _aeon_side_stream(priority: int) -> torch.cuda.Stream:\n"
            "    return torch.cuda.Stream(priority=priority)\n\n\n"
            "def aeon_install() -> None:\n"
            f'    setattr({TU}, "aux_stream", _aeon_side_stream)\n',
            f'setattr({TU}, "aux_stream", _aeon_side_stream)',
        ),
    ),
    (
        "#28406 module function added that the fork also installs",
        "twin: the fork's own attribute name",
        K(
            "#28406",
            AX,
            AXW,
            "vllm/aeon/ax3.py",
            "import torch\n\nfrom vllm.utils import torch_utils\n\n\n"
            "def aeon_aux_stream3(device: torch.device) -> torch.cuda.Stream:\n"
            "    return torch.cuda.Stream(device=device)\n\n\n"
            "torch_utils.aeon_aux_stream = aeon_aux_stream3\n",
            "torch_utils.aeon_aux_stream = aeon_aux_stream3",
        ),
    ),
]

# --- #25374 (417a164af6): the STR_NOT_IMPL_ENC_DEC_* messages removed from vllm.utils
ED = "417a164af6"
EDW = "STR_NOT_IMPL_ENC_DEC_* and STR_NOT_IMPL_ENC_DEC_ERR_STRS removed"
CASES += [
    (
        "#25374 constants removed",
        "a module attribute raised as a message",
        K(
            "#25374",
            ED,
            EDW,
            "vllm/aeon/ed1.py",
            "import vllm.utils\n\n\n"
            "def aeon_check_spec(is_encoder_decoder: bool, draft: object) -> None:\n"
            "    if is_encoder_decoder and draft is not None:\n"
            "        raise NotImplementedError(vllm.utils.STR_NOT_IMPL_ENC_DEC_SPEC_DEC)\n",
            "raise NotImplementedError(vllm.utils.STR_NOT_IMPL_ENC_DEC_SPEC_DEC)",
        ),
    ),
    (
        "#25374 constants removed",
        "twin: the fork's own message",
        K(
            "#25374",
            ED,
            EDW,
            "vllm/aeon/ed2.py",
            'AEON_NO_ENC_DEC_SPEC = "Speculative decoding is not supported with encoder/decoder models on the Spark."\n\n\n'
            "def aeon_check_spec2(is_encoder_decoder: bool, draft: object) -> None:\n"
            "    if is_encoder_decoder and draft is not None:\n"
            "        raise NotImplementedError(AEON_NO_ENC_DEC_SPEC)\n",
            "raise NotImplementedError(AEON_NO_ENC_DEC_SPEC)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-torchutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
