"""A second blind replay: real upstream changes of 2024-06 .. 2025-05 under fork carries.

17 first-parent commits of vLLM picked by scanning that year's diffs (not the engine's tests), one
class of silent change each: an enum renumbered by a switch from ``auto()`` to literals, a bytes
enum value moved by an inserted member, an Enum turned into a plain class of strings, the strings a
method returns renamed, an env var renamed (with its unit), a required parameter added to a method
forks override, a keyword and an enum member removed, a module function removed, a config default
changed, a private constant's value changed, an env var's default flipped, a return type changed
from a list to a wrapper, an awaitable made a plain value, a config attribute removed, a module
moved, an accepted value removed from a registry and a positional parameter removed from the middle
of a signature.  Each is replayed under 1-3 fork spellings written the way fork code is written.
*Twins* are spellings of the same fork code the commit does not break: an error there is a false
error.

After killers29 (a removed attribute left upstream only as a parameter or local): 33 caught, 5
warned, 1 missed of 39 (twins: 7 quiet, 0 false errors).
After killers36 (an equality test of a sequence with the sentinel upstream pads it with): 34 caught, 5
warned, 0 missed (twins: 7 quiet, 0 false errors).

  python benchmarks/blind_replay_2024.py [--mirror DIR] [--only TEXT ...]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# 7c01f70641 (#5974): SequenceStatus(enum.Enum) with auto() (1..7) -> IntEnum with literals 0..6.
SEQ = "from vllm.sequence import Sequence, SequenceStatus\n\n\n"
SS = ("7c01f70641", "#5974", "SequenceStatus auto() 1.. -> 0..")
CASES += [
    (
        "#5974 enum renumbered",
        ".value literal",
        K(
            SS[1],
            SS[0],
            SS[2],
            "vllm/aeon/seq1.py",
            SEQ + "def aeon_is_running(seq: Sequence) -> bool:\n    return seq.status.value == 2  # RUNNING\n",
            "return seq.status.value == 2  # RUNNING",
        ),
    ),
    (
        "#5974 enum renumbered",
        "value-keyed table",
        K(
            SS[1],
            SS[0],
            SS[2],
            "vllm/aeon/seq2.py",
            SEQ
            + '_AEON_STATUS = {1: "waiting", 2: "running", 3: "swapped"}\n\n\n'
            + "def aeon_status_label(seq: Sequence) -> str:\n"
            + '    return _AEON_STATUS.get(seq.status.value, "finished")\n',
            '_AEON_STATUS = {1: "waiting", 2: "running", 3: "swapped"}',
        ),
    ),
    (
        "#5974 enum renumbered",
        "Enum(int)",
        K(
            SS[1],
            SS[0],
            SS[2],
            "vllm/aeon/seq3.py",
            SEQ + "def aeon_stop(seq: Sequence) -> None:\n    seq.status = SequenceStatus(4)  # FINISHED_STOPPED\n",
            "seq.status = SequenceStatus(4)  # FINISHED_STOPPED",
        ),
    ),
]
TWINS += [
    (
        "#5974 enum renumbered",
        "twin: member compare",
        K(
            SS[1],
            SS[0],
            SS[2],
            "vllm/aeon/seqt.py",
            SEQ + "def aeon_is_running(seq: Sequence) -> bool:\n    return seq.status == SequenceStatus.RUNNING\n",
            "return seq.status == SequenceStatus.RUNNING",
        ),
    ),
]

# 15dac210f0 (#13923): EngineCoreRequestType START_DP = b'\x02' inserted, UTILITY b'\x02' -> b'\x03'.
ECR = "from vllm.v1.engine import EngineCoreRequestType\n\n\n"
UT = ("15dac210f0", "#13923", "EngineCoreRequestType.UTILITY b02 -> b03")
CASES += [
    (
        "#13923 bytes enum",
        "raw frame sent",
        K(
            UT[1],
            UT[0],
            UT[2],
            "vllm/aeon/ecr1.py",
            "import zmq\n\n\n"
            + "def aeon_call_utility(socket: zmq.Socket, payload: bytes) -> None:\n"
            + '    socket.send_multipart((b"\\x02", payload))  # EngineCoreRequestType.UTILITY\n',
            'socket.send_multipart((b"\\x02", payload))  # EngineCoreRequestType.UTILITY',
        ),
    ),
    (
        "#13923 bytes enum",
        "frame compare",
        K(
            UT[1],
            UT[0],
            UT[2],
            "vllm/aeon/ecr2.py",
            ECR
            + "def aeon_is_utility(frames: list[bytes]) -> bool:\n"
            + "    request_type = frames[0]\n"
            + '    return request_type == b"\\x02"  # UTILITY\n',
            'return request_type == b"\\x02"  # UTILITY',
        ),
    ),
    (
        "#13923 bytes enum",
        "Enum(bytes)",
        K(
            UT[1],
            UT[0],
            UT[2],
            "vllm/aeon/ecr3.py",
            ECR + 'AEON_UTILITY = EngineCoreRequestType(b"\\x02")\n',
            'AEON_UTILITY = EngineCoreRequestType(b"\\x02")',
        ),
    ),
]
TWINS += [
    (
        "#13923 bytes enum",
        "twin: .value of the member",
        K(
            UT[1],
            UT[0],
            UT[2],
            "vllm/aeon/ecrt.py",
            ECR + "AEON_UTILITY_FRAME = EngineCoreRequestType.UTILITY.value\n",
            "AEON_UTILITY_FRAME = EngineCoreRequestType.UTILITY.value",
        ),
    ),
]

# eebad39f26 (#10558): AttentionType(Enum) with auto() -> a plain class of string constants.
AT = ("eebad39f26", "#10558", "AttentionType Enum -> class of str")
ATI = "from vllm.attention.backends.abstract import AttentionType\n\n\n"
CASES += [
    (
        "#10558 enum -> str class",
        ".name of a member",
        K(
            AT[1],
            AT[0],
            AT[2],
            "vllm/aeon/at1.py",
            ATI + "def aeon_attn_label(attn_type: AttentionType) -> str:\n    return attn_type.name.lower()\n",
            "return attn_type.name.lower()",
        ),
    ),
    (
        "#10558 enum -> str class",
        "iterate the enum",
        K(
            AT[1],
            AT[0],
            AT[2],
            "vllm/aeon/at2.py",
            ATI + "AEON_SELF_ATTN = [t for t in AttentionType if t is not AttentionType.ENCODER_DECODER]\n",
            "AEON_SELF_ATTN = [t for t in AttentionType if t is not AttentionType.ENCODER_DECODER]",
        ),
    ),
    (
        "#10558 enum -> str class",
        "isinstance",
        K(
            AT[1],
            AT[0],
            AT[2],
            "vllm/aeon/at3.py",
            ATI
            + "def aeon_check(attn_type: object) -> None:\n"
            + "    if not isinstance(attn_type, AttentionType):\n"
            + '        raise TypeError(f"not an attention type: {attn_type!r}")\n',
            "if not isinstance(attn_type, AttentionType):",
        ),
    ),
]
TWINS += [
    (
        "#10558 enum -> str class",
        "twin: member compare",
        K(
            AT[1],
            AT[0],
            AT[2],
            "vllm/aeon/att.py",
            ATI + "def aeon_is_decoder(attn_type: str) -> bool:\n    return attn_type == AttentionType.DECODER\n",
            "return attn_type == AttentionType.DECODER",
        ),
    ),
]

# 496e991da8 (#9498): the attention backends' get_name() strings renamed ("flash-attn" -> "FLASH_ATTN").
GN = ("496e991da8", "#9498", "get_name() 'flash-attn' -> 'FLASH_ATTN'")
CASES += [
    (
        "#9498 returned string",
        "concrete class compare",
        K(
            GN[1],
            GN[0],
            GN[2],
            "vllm/aeon/gn1.py",
            "from vllm.worker.model_runner import ModelRunner\n\n\n"
            + "class AeonModelRunner(ModelRunner):\n"
            + "    def aeon_uses_flash_attn(self) -> bool:\n"
            + '        return self.attn_backend.get_name() == "flash-attn"\n',
            'return self.attn_backend.get_name() == "flash-attn"',
        ),
    ),
    (
        "#9498 returned string",
        "abstract backend in tuple",
        K(
            GN[1],
            GN[0],
            GN[2],
            "vllm/aeon/gn2.py",
            "from vllm.attention.backends.abstract import AttentionBackend\n\n\n"
            + "def aeon_paged(attn_backend: type[AttentionBackend]) -> bool:\n"
            + '    return attn_backend.get_name() in ("flash-attn", "flashinfer")\n',
            'return attn_backend.get_name() in ("flash-attn", "flashinfer")',
        ),
    ),
    (
        "#9498 returned string",
        "table keyed by name",
        K(
            GN[1],
            GN[0],
            GN[2],
            "vllm/aeon/gn3.py",
            "from vllm.attention.backends.abstract import AttentionBackend\n\n"
            + '_AEON_BLOCK = {"flash-attn": 16, "xformers": 16, "torch-sdpa": 32}\n\n\n'
            + "def aeon_block_size(attn_backend: type[AttentionBackend]) -> int:\n"
            + "    return _AEON_BLOCK[attn_backend.get_name()]\n",
            '_AEON_BLOCK = {"flash-attn": 16, "xformers": 16, "torch-sdpa": 32}',
        ),
    ),
]

# 3556a41434 (#14805): VLLM_MM_INPUT_CACHE_SIZE (items) -> VLLM_MM_INPUT_CACHE_GIB (GiB).
MM = ("3556a41434", "#14805", "VLLM_MM_INPUT_CACHE_SIZE -> VLLM_MM_INPUT_CACHE_GIB")
CASES += [
    (
        "#14805 env renamed",
        "envs attribute",
        K(
            MM[1],
            MM[0],
            MM[2],
            "vllm/aeon/mmc1.py",
            "import vllm.envs as envs\n\n\ndef aeon_mm_cache_items() -> int:\n    return envs.VLLM_MM_INPUT_CACHE_SIZE\n",
            "return envs.VLLM_MM_INPUT_CACHE_SIZE",
        ),
    ),
    (
        "#14805 env renamed",
        "launcher setdefault",
        K(
            MM[1],
            MM[0],
            MM[2],
            "vllm/aeon/mmc2.py",
            "import os\n\n\ndef aeon_launch_env() -> None:\n"
            + '    os.environ.setdefault("VLLM_MM_INPUT_CACHE_SIZE", "1024")  # GB10: unified memory\n',
            'os.environ.setdefault("VLLM_MM_INPUT_CACHE_SIZE", "1024")  # GB10: unified memory',
        ),
    ),
    (
        "#14805 env renamed",
        "os.getenv",
        K(
            MM[1],
            MM[0],
            MM[2],
            "vllm/aeon/mmc3.py",
            'import os\n\nAEON_MM_ITEMS = int(os.getenv("VLLM_MM_INPUT_CACHE_SIZE", "256"))\n',
            'AEON_MM_ITEMS = int(os.getenv("VLLM_MM_INPUT_CACHE_SIZE", "256"))',
        ),
    ),
]

# 683e3cb9c4 (#6559): QuantizationConfig.get_quant_method(layer) -> (layer, prefix); callers pass prefix=.
QM = ("683e3cb9c4", "#6559", "get_quant_method gains a required prefix")
QMI = (
    "from typing import Optional\n\nimport torch\n\n"
    "from vllm.model_executor.layers.quantization.base_config import QuantizationConfig, QuantizeMethodBase\n\n\n"
)
CASES += [
    (
        "#6559 required parameter added",
        "override keeps the old signature",
        K(
            QM[1],
            QM[0],
            QM[2],
            "vllm/aeon/qm1.py",
            QMI
            + "class AeonNVFP4Config(QuantizationConfig):\n"
            + "    def get_quant_method(self, layer: torch.nn.Module) -> Optional[QuantizeMethodBase]:\n"
            + "        return None\n",
            "def get_quant_method(self, layer: torch.nn.Module) -> Optional[QuantizeMethodBase]:",
        ),
    ),
    (
        "#6559 required parameter added",
        "call without it",
        K(
            QM[1],
            QM[0],
            QM[2],
            "vllm/aeon/qm2.py",
            QMI
            + "def aeon_method(quant_config: QuantizationConfig, layer: torch.nn.Module) -> Optional[QuantizeMethodBase]:\n"
            + "    return quant_config.get_quant_method(layer)\n",
            "return quant_config.get_quant_method(layer)",
        ),
    ),
]

TWINS += [
    (
        "#6559 required parameter added",
        "twin: override already takes prefix",
        K(
            QM[1],
            QM[0],
            QM[2],
            "vllm/aeon/qmt.py",
            QMI
            + "class AeonNVFP4Config(QuantizationConfig):\n"
            + '    def get_quant_method(self, layer: torch.nn.Module, prefix: str = "") -> Optional[QuantizeMethodBase]:\n'
            + "        return None\n",
            'def get_quant_method(self, layer: torch.nn.Module, prefix: str = "") -> Optional[QuantizeMethodBase]:',
        ),
    ),
]

# 18b296fdb2 (#9105): SamplingParams.use_beam_search (field and keyword) and SamplingType.BEAM removed.
BS = ("18b296fdb2", "#9105", "use_beam_search and SamplingType.BEAM removed")
SP = "from vllm.sampling_params import SamplingParams, SamplingType\n\n\n"
CASES += [
    (
        "#9105 keyword removed",
        "constructor keyword",
        K(
            BS[1],
            BS[0],
            BS[2],
            "vllm/aeon/bs1.py",
            SP
            + "def aeon_beam_params(width: int) -> SamplingParams:\n"
            + "    return SamplingParams(n=width, best_of=width, use_beam_search=True, temperature=0.0)\n",
            "return SamplingParams(n=width, best_of=width, use_beam_search=True, temperature=0.0)",
        ),
    ),
    (
        "#9105 field removed",
        "attribute read",
        K(
            BS[1],
            BS[0],
            BS[2],
            "vllm/aeon/bs2.py",
            SP + "def aeon_is_beam(params: SamplingParams) -> bool:\n    return params.use_beam_search\n",
            "return params.use_beam_search",
        ),
    ),
    (
        "#9105 enum member removed",
        "member compare",
        K(
            BS[1],
            BS[0],
            BS[2],
            "vllm/aeon/bs3.py",
            SP
            + "def aeon_is_beam(params: SamplingParams) -> bool:\n    return params.sampling_type == SamplingType.BEAM\n",
            "return params.sampling_type == SamplingType.BEAM",
        ),
    ),
]

TWINS += [
    (
        "#9105 keyword removed",
        "twin: the keywords that stay",
        K(
            BS[1],
            BS[0],
            BS[2],
            "vllm/aeon/bst.py",
            SP
            + "def aeon_greedy_params(width: int) -> SamplingParams:\n"
            + "    return SamplingParams(n=width, temperature=0.0, max_tokens=64)\n",
            "return SamplingParams(n=width, temperature=0.0, max_tokens=64)",
        ),
    ),
]

# 4e2d95e372 (#9642): vllm.utils.is_hip removed (current_platform.is_rocm()).
HIP = ("4e2d95e372", "#9642", "vllm.utils.is_hip removed")
CASES += [
    (
        "#9642 function removed",
        "from-import",
        K(
            HIP[1],
            HIP[0],
            HIP[2],
            "vllm/aeon/hip1.py",
            "from vllm.utils import is_hip\n\n\ndef aeon_rocm() -> bool:\n    return is_hip()\n",
            "from vllm.utils import is_hip",
        ),
    ),
    (
        "#9642 function removed",
        "module attribute",
        K(
            HIP[1],
            HIP[0],
            HIP[2],
            "vllm/aeon/hip2.py",
            "from vllm import utils\n\n\ndef aeon_rocm() -> bool:\n    return utils.is_hip()\n",
            "return utils.is_hip()",
        ),
    ),
]

# 351d5e7b82 (#5312): ModelConfig/EngineArgs max_logprobs default 5 -> 20.
ML = ("351d5e7b82", "#5312", "max_logprobs default 5 -> 20")
CASES += [
    (
        "#5312 default changed",
        "getattr default",
        K(
            ML[1],
            ML[0],
            ML[2],
            "vllm/aeon/ml1.py",
            "from vllm.config import ModelConfig\n\n\n"
            + "def aeon_max_logprobs(model_config: ModelConfig) -> int:\n"
            + '    return getattr(model_config, "max_logprobs", 5)\n',
            'return getattr(model_config, "max_logprobs", 5)',
        ),
    ),
    (
        "#5312 default changed",
        "compare to the old default",
        K(
            ML[1],
            ML[0],
            ML[2],
            "vllm/aeon/ml2.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            + "def aeon_operator_set_logprobs(args: EngineArgs) -> bool:\n"
            + "    return args.max_logprobs != 5  # 5: EngineArgs' default\n",
            "return args.max_logprobs != 5  # 5: EngineArgs' default",
        ),
    ),
]

# 6e063ea35b (#6933): tpu_model_runner._PAD_SLOT_ID -1 -> 1_000_000_000.
PAD = ("6e063ea35b", "#6933", "_PAD_SLOT_ID -1 -> 1e9")
TPU = "vllm/worker/tpu_model_runner.py"
CASES += [
    (
        "#6933 private constant",
        "inlined in the same file",
        Killer(
            PAD[1],
            PAD[0],
            PAD[2],
            (
                Edit(
                    TPU,
                    "    # AEON: count the padding slots of a prepared batch\n"
                    "    def aeon_num_padded(self, slot_mapping: torch.Tensor) -> int:\n"
                    "        return int((slot_mapping == -1).sum())\n\n",
                    anchor="    def _prepare_decode(",
                ),
            ),
            ((TPU, "return int((slot_mapping == -1).sum())"),),
        ),
    ),
    (
        "#6933 private constant",
        "fork copy of the constant",
        K(
            PAD[1],
            PAD[0],
            PAD[2],
            "vllm/aeon/pad2.py",
            "import torch\n\nAEON_PAD_SLOT_ID = -1  # tpu_model_runner._PAD_SLOT_ID\n\n\n"
            + "def aeon_real_slots(slot_mapping: torch.Tensor) -> torch.Tensor:\n"
            + "    return slot_mapping[slot_mapping != AEON_PAD_SLOT_ID]\n",
            "AEON_PAD_SLOT_ID = -1  # tpu_model_runner._PAD_SLOT_ID",
        ),
    ),
]
TWINS += [
    (
        "#6933 private constant",
        "twin: imported constant",
        K(
            PAD[1],
            PAD[0],
            PAD[2],
            "vllm/aeon/padt.py",
            "import torch\n\nfrom vllm.worker.tpu_model_runner import _PAD_SLOT_ID\n\n\n"
            + "def aeon_real_slots(slot_mapping: torch.Tensor) -> torch.Tensor:\n"
            + "    return slot_mapping[slot_mapping != _PAD_SLOT_ID]\n",
            "return slot_mapping[slot_mapping != _PAD_SLOT_ID]",
        ),
    ),
]

# 4863e5fba5 (#11074): VLLM_ENABLE_V1_MULTIPROCESSING default "0" -> "1".
MP = ("4863e5fba5", "#11074", "VLLM_ENABLE_V1_MULTIPROCESSING default 0 -> 1")
CASES += [
    (
        "#11074 env default",
        "own read, old default",
        K(
            MP[1],
            MP[0],
            MP[2],
            "vllm/aeon/mp1.py",
            "import os\n\n\ndef aeon_v1_multiprocessing() -> bool:\n"
            + '    return os.getenv("VLLM_ENABLE_V1_MULTIPROCESSING", "0") == "1"\n',
            'return os.getenv("VLLM_ENABLE_V1_MULTIPROCESSING", "0") == "1"',
        ),
    ),
    (
        "#11074 env default",
        "bool(int(...))",
        K(
            MP[1],
            MP[0],
            MP[2],
            "vllm/aeon/mp2.py",
            'import os\n\nAEON_V1_MP = bool(int(os.environ.get("VLLM_ENABLE_V1_MULTIPROCESSING", "0")))\n',
            'AEON_V1_MP = bool(int(os.environ.get("VLLM_ENABLE_V1_MULTIPROCESSING", "0")))',
        ),
    ),
]

# aabcd2cae3 (#17479): KVCacheManager.allocate_slots / get_computed_blocks return KVCacheBlocks, not a list.
KB = ("aabcd2cae3", "#17479", "allocate_slots list -> KVCacheBlocks")
KBI = "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.request import Request\n\n\n"
CASES += [
    (
        "#17479 return type",
        "iterate the result",
        K(
            KB[1],
            KB[0],
            KB[2],
            "vllm/aeon/kb1.py",
            KBI
            + "def aeon_new_block_ids(manager: KVCacheManager, request: Request, num_tokens: int) -> list[int]:\n"
            + "    new_blocks = manager.allocate_slots(request, num_tokens)\n"
            + "    if new_blocks is None:\n"
            + "        return []\n"
            + "    return [block.block_id for block in new_blocks]\n",
            "return [block.block_id for block in new_blocks]",
        ),
    ),
    (
        "#17479 return type",
        "len of the unpacked first",
        K(
            KB[1],
            KB[0],
            KB[2],
            "vllm/aeon/kb2.py",
            KBI
            + "def aeon_cached_blocks(manager: KVCacheManager, request: Request) -> int:\n"
            + "    computed_blocks, _ = manager.get_computed_blocks(request)\n"
            + "    return len(computed_blocks)\n",
            "return len(computed_blocks)",
        ),
    ),
]

TWINS += [
    (
        "#17479 return type",
        "twin: None check of the result",
        K(
            KB[1],
            KB[0],
            KB[2],
            "vllm/aeon/kbt.py",
            KBI
            + "def aeon_fits(manager: KVCacheManager, request: Request, num_tokens: int) -> bool:\n"
            + "    new_blocks = manager.allocate_slots(request, num_tokens)\n"
            + "    return new_blocks is not None\n",
            "return new_blocks is not None",
        ),
    ),
]

# 855c262a6b (#8098): MultiModalItemTracker.all_mm_data returned an awaitable; now the dict itself.
AW = ("855c262a6b", "#8098", "all_mm_data awaitable -> value")
CASES += [
    (
        "#8098 async -> sync",
        "await the result",
        K(
            AW[1],
            AW[0],
            AW[2],
            "vllm/aeon/aw1.py",
            "from vllm.entrypoints.chat_utils import MultiModalItemTracker\n\n\n"
            + "async def aeon_mm_data(tracker: MultiModalItemTracker):\n"
            + "    mm_future = tracker.all_mm_data()\n"
            + "    return await mm_future if mm_future is not None else None\n",
            "return await mm_future if mm_future is not None else None",
        ),
    ),
]

# 051eaf6db3 (#9424): ModelConfig.embedding_mode removed (ModelConfig.task).
EM = ("051eaf6db3", "#9424", "ModelConfig.embedding_mode removed")
CASES += [
    (
        "#9424 config attribute removed",
        "attribute read",
        K(
            EM[1],
            EM[0],
            EM[2],
            "vllm/aeon/em1.py",
            "from vllm.config import ModelConfig\n\n\n"
            + "def aeon_pooling(model_config: ModelConfig) -> bool:\n    return model_config.embedding_mode\n",
            "return model_config.embedding_mode",
        ),
    ),
    (
        "#9424 config attribute removed",
        "getattr default",
        K(
            EM[1],
            EM[0],
            EM[2],
            "vllm/aeon/em2.py",
            "def aeon_pooling(model_config) -> bool:\n" + '    return getattr(model_config, "embedding_mode", False)\n',
            'return getattr(model_config, "embedding_mode", False)',
        ),
    ),
]

# 0c6f5023c3 (#15250): vllm/v1/core/scheduler.py moved to vllm/v1/core/sched/scheduler.py.
MV = ("0c6f5023c3", "#15250", "v1 scheduler module moved")
CASES += [
    (
        "#15250 module moved",
        "from-import",
        K(
            MV[1],
            MV[0],
            MV[2],
            "vllm/aeon/mv1.py",
            "from vllm.v1.core.scheduler import Scheduler\n\n\nclass AeonScheduler(Scheduler):\n    pass\n",
            "from vllm.v1.core.scheduler import Scheduler",
        ),
    ),
    (
        "#15250 module moved",
        "qualified name string",
        K(
            MV[1],
            MV[0],
            MV[2],
            "vllm/aeon/mv2.py",
            "import importlib\n\n\ndef aeon_scheduler_cls() -> type:\n"
            + '    return getattr(importlib.import_module("vllm.v1.core.scheduler"), "Scheduler")\n',
            'return getattr(importlib.import_module("vllm.v1.core.scheduler"), "Scheduler")',
        ),
    ),
]

# 23f322297f (#8220): "squeezellm" removed from QUANTIZATION_METHODS (and its module).
SQ = ("23f322297f", "#8220", "squeezellm quantization removed")
CASES += [
    (
        "#8220 registry key removed",
        "lookup by key",
        K(
            SQ[1],
            SQ[0],
            SQ[2],
            "vllm/aeon/sq1.py",
            "from vllm.model_executor.layers.quantization import get_quantization_config\n\n"
            + 'AEON_SQUEEZE = get_quantization_config("squeezellm")\n',
            'AEON_SQUEEZE = get_quantization_config("squeezellm")',
        ),
    ),
    (
        "#8220 registry key removed",
        "module import",
        K(
            SQ[1],
            SQ[0],
            SQ[2],
            "vllm/aeon/sq2.py",
            "from vllm.model_executor.layers.quantization.squeezellm import SqueezeLLMConfig\n\n\n"
            + "class AeonSqueezeConfig(SqueezeLLMConfig):\n    pass\n",
            "from vllm.model_executor.layers.quantization.squeezellm import SqueezeLLMConfig",
        ),
    ),
]

# 4fa3e33349 (#9403): get_attn_backend(head_size, sliding_window, dtype, ...) loses sliding_window:
# a positional call of the old shape still binds (dtype <- sliding_window, ...).
SW = ("4fa3e33349", "#9403", "get_attn_backend drops its 2nd positional parameter")
CASES += [
    (
        "#9403 positional parameter removed",
        "positional call",
        K(
            SW[1],
            SW[0],
            SW[2],
            "vllm/aeon/sw1.py",
            "import torch\n\nfrom vllm.attention.selector import get_attn_backend\n\n\n"
            + "def aeon_backend(head_size: int, sliding_window, dtype: torch.dtype, block_size: int):\n"
            + '    return get_attn_backend(head_size, sliding_window, dtype, "auto", block_size, False)\n',
            'return get_attn_backend(head_size, sliding_window, dtype, "auto", block_size, False)',
        ),
    ),
    (
        "#9403 positional parameter removed",
        "keyword call",
        K(
            SW[1],
            SW[0],
            SW[2],
            "vllm/aeon/sw2.py",
            "import torch\n\nfrom vllm.attention.selector import get_attn_backend\n\n\n"
            + "def aeon_backend(head_size: int, dtype: torch.dtype, block_size: int):\n"
            + "    return get_attn_backend(head_size=head_size, sliding_window=None, dtype=dtype,\n"
            + '                            kv_cache_dtype="auto", block_size=block_size, is_attention_free=False)\n',
            "return get_attn_backend(head_size=head_size, sliding_window=None, dtype=dtype,",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
