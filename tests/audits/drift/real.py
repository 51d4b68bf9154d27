"""Excerpts shaped like the real vLLM files of three upstream changes (a few dozen lines each).

#45666 (1744adc256) renumbers QuickReduceRegime.NONE 4 -> 5 (INT3 takes 4);
#28973 (91601ff478) inserts WAITING_FOR_STREAMING_REQ into the auto() RequestStatus (RUNNING 4 -> 5);
#46243 (183a430c13) adds ``pos + 1 < min_len`` in the Triton ``_bias_kernel``.
"""

from __future__ import annotations

QR = "vllm/distributed/device_communicators/quick_all_reduce.py"
QR_BASE = """from enum import Enum

import torch

import vllm.envs as envs
from vllm.logger import init_logger

logger = init_logger(__name__)


class QuickReduceRegime(Enum):
    FP = 0
    INT8 = 1
    INT6 = 2
    INT4 = 3
    NONE = 4


MB = 1024 * 1024


class QuickAllReduce:
    _SUPPORTED_WORLD_SIZES = [2, 4, 8]

    def init_quick_all_reduce(self):
        regime_str = envs.VLLM_ROCM_QUICK_REDUCE_QUANTIZATION
        if regime_str not in QuickReduceRegime.__members__:
            logger.warning("Supported levels: %s", list(QuickReduceRegime.__members__.keys()))
            return
        if regime_str == "NONE":
            return
        self.qr_quant_level = QuickReduceRegime[regime_str]

    def _get_qr_quant_level(self, inp: torch.Tensor) -> int:
        if inp.numel() * inp.element_size() < self.qr_quantization_min_size:
            return QuickReduceRegime.FP.value
        return self.qr_quant_level.value
"""
QR_UPSTREAM = (
    QR_BASE.replace(
        "class QuickReduceRegime(Enum):\n",
        "class QuickReduceRegime(Enum):\n    # Keep integer ids aligned with csrc/quickreduce/quick_reduce.h\n",
    )
    .replace("    NONE = 4\n", "    INT3 = 4\n    NONE = 5\n")
    .replace(
        "        self.qr_quant_level = QuickReduceRegime[regime_str]\n",
        "        self.qr_quant_level = QuickReduceRegime[regime_str]\n"
        "        if self.qr_quant_level == QuickReduceRegime.INT3 and self.world_size != 2:\n"
        "            return\n",
    )
)
# the fork's carry, in the same file: both killer lines of the issue
QR_FORK = (
    QR_BASE
    + """
    # AEON: skip the quantized path on GB10 when the regime moves raw data
    def moves_raw_data(self, quick_reduce_regime: int) -> bool:
        return quick_reduce_regime == 4  # QuickReduceRegime.NONE

    def quantizes(self, inp: torch.Tensor) -> bool:
        qr_quant_level = self._get_qr_quant_level(inp)
        return qr_quant_level != 0 and qr_quant_level != 4  # 4 == NONE
"""
)

REQUEST = "vllm/v1/request.py"
REQUEST_BASE = '''import enum
import time


class Request:
    def __init__(self, request_id: str) -> None:
        self.request_id = request_id
        self.status = RequestStatus.WAITING
        self.arrival_time = time.time()


class RequestStatus(enum.IntEnum):
    """Status of a request."""

    WAITING = enum.auto()
    WAITING_FOR_FSM = enum.auto()
    WAITING_FOR_REMOTE_KVS = enum.auto()
    RUNNING = enum.auto()
    PREEMPTED = enum.auto()
    # Note: anything after PREEMPTED will be considered
    # as a finished status.
    FINISHED_STOPPED = enum.auto()
    FINISHED_LENGTH_CAPPED = enum.auto()
    FINISHED_ABORTED = enum.auto()

    def __str__(self):
        return self.name

    @staticmethod
    def is_finished(status: "RequestStatus") -> bool:
        return status > RequestStatus.PREEMPTED
'''
REQUEST_UPSTREAM = REQUEST_BASE.replace(
    "    WAITING_FOR_REMOTE_KVS = enum.auto()\n",
    "    WAITING_FOR_REMOTE_KVS = enum.auto()\n    WAITING_FOR_STREAMING_REQ = enum.auto()\n",
).replace("    def __str__(self):\n", "    def __str__(self) -> str:\n")
SCHED = "vllm/v1/core/sched/aeon_preempt.py"
SCHED_FORK = """# AEON: preempt long prompts first on GB10
from vllm.v1.request import Request, RequestStatus


def preemptible(request: Request) -> bool:
    request_status = request.status
    if request_status == 4:  # RequestStatus.RUNNING
        return True
    return False
"""

BIAS = "vllm/v1/worker/gpu/sample/logit_bias.py"
BIAS_BASE = """import torch

from vllm.triton_utils import tl, triton


@triton.jit
def _bias_kernel(
    logits_ptr,
    logits_stride,
    expanded_idx_mapping_ptr,
    # Min tokens.
    pos_ptr,
    min_lens_ptr,
    num_stop_token_ids_ptr,
    stop_token_ids_ptr,
    stop_token_ids_stride,
    BLOCK_SIZE: tl.constexpr,
):
    token_idx = tl.program_id(0)
    req_state_idx = tl.load(expanded_idx_mapping_ptr + token_idx)
    block = tl.arange(0, BLOCK_SIZE)

    # Apply min tokens.
    num_stop_token_ids = tl.load(num_stop_token_ids_ptr + req_state_idx)
    pos = tl.load(pos_ptr + token_idx)
    min_len = tl.load(min_lens_ptr + req_state_idx)
    if num_stop_token_ids > 0 and pos < min_len:
        mask = block < num_stop_token_ids
        stop_token_ids = tl.load(
            stop_token_ids_ptr + req_state_idx * stop_token_ids_stride + block,
            mask=mask,
        )
        tl.store(
            logits_ptr + token_idx * logits_stride + stop_token_ids,
            -float("inf"),
            mask=mask,
        )
"""
BIAS_UPSTREAM = BIAS_BASE.replace("pos < min_len:", "pos + 1 < min_len:")
BIAS_FORK = BIAS_BASE.replace(
    "    pos = tl.load(pos_ptr + token_idx)\n",
    "    # AEON: min_tokens counts the token being sampled\n    pos = tl.load(pos_ptr + token_idx) + 1\n",
)
