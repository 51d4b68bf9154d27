"""Adversarial twins of the killers29 drift reach: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the four newest checks
catch, but right after the merge:

- a value upstream now rewrites on the way in (#36294): the fork tests both spellings; the field is
  the fork's own class's; the "rewrite" is a state machine's step (#20625) or a function's override of
  the draft model's config, while the fork reads the target model's (#12755, #22169, #23991, #31621,
  #40860) or another model's cache settings (#25896);
- a removed attribute whose word upstream keeps only as a parameter or local (#9424, #27593, #49389):
  the fork's getattr falls back to the new spelling, or its hasattr guard has an else for it, or the
  attribute is the fork's own command-line flag;
- a config-dict entry upstream stopped reading (#24498, a warning): the fork's own connector reads it;
- an asyncio runner imported by name (#40730, #36482): a parameter or a local of the same name shadows it;
- then the checks review10 read once: both spellings or-ed or tested one after the other (#9498 returned
  strings, #41188 type drift), and a use of the old kind only where ``isinstance`` says it is that kind
  (#10558 demoted enums, #17479 result kinds).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.  Main's engine (206f879): 6 caught of 6, twins 32
false errors of 34 (and a false warning); this branch: 6 caught of 6, 0 false errors of 34, no warning.

  PYTHONPATH=.. python review11_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 91be5f9be3 (#36294): ParallelConfig.__post_init__ rewrites all2all_backend "naive" -> "allgather_reducescatter"
NV = ("#36294", "91be5f9be3", '"naive" rewritten on the way in')
PC = "from vllm.config import ParallelConfig\n\n\n"
CASES += [
    (
        "#36294 rewritten value",
        "config field compare",
        K(
            *NV,
            "vllm/aeon/r11nv0.py",
            PC + "def aeon_broadcast_moe(parallel_config: ParallelConfig) -> bool:\n"
            '    return parallel_config.all2all_backend == "naive"\n',
            'return parallel_config.all2all_backend == "naive"',
        ),
    ),
]
TWINS += [
    (
        "#36294 rewritten value",
        "twin: both spellings in one display",
        K(
            *NV,
            "vllm/aeon/r11nv1.py",
            PC + "def aeon_broadcast_moe(parallel_config: ParallelConfig) -> bool:\n"
            "    # AEON: before and after upstream folded naive into allgather_reducescatter\n"
            '    return parallel_config.all2all_backend in ("naive", "allgather_reducescatter")\n',
            'return parallel_config.all2all_backend in ("naive", "allgather_reducescatter")',
        ),
    ),
    (
        "#36294 rewritten value",
        "twin: both spellings, or-ed",
        K(
            *NV,
            "vllm/aeon/r11nv2.py",
            PC + "def aeon_broadcast_moe(parallel_config: ParallelConfig) -> bool:\n"
            "    backend = parallel_config\n"
            '    return backend.all2all_backend == "naive" or backend.all2all_backend == "allgather_reducescatter"\n',
            'return backend.all2all_backend == "naive" or backend.all2all_backend == "allgather_reducescatter"',
        ),
    ),
    (
        "#36294 rewritten value",
        "twin: the fork's own plan class of that field",
        K(
            *NV,
            "vllm/aeon/r11nv3.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\n"
            "class AeonMoEPlan:\n"
            '    all2all_backend: str = "naive"  # the fork\'s own plan: its broadcast path\n\n\n'
            "def aeon_broadcasts(plan: AeonMoEPlan) -> bool:\n"
            '    return plan.all2all_backend == "naive"\n',
            'return plan.all2all_backend == "naive"',
        ),
    ),
    (
        "#36294 rewritten value",
        "twin: self in the fork's own class",
        K(
            *NV,
            "vllm/aeon/r11nv4.py",
            "class AeonMoEPlan:\n"
            "    def __init__(self, backend: str) -> None:\n"
            "        self.all2all_backend = backend\n\n"
            "    def broadcasts(self) -> bool:\n"
            '        return self.all2all_backend == "naive"\n',
            'return self.all2all_backend == "naive"',
        ),
    ),
]

TWINS += [
    (
        "#36294 rewritten value",
        "twin: the fork folds the value itself, as upstream now does",
        K(
            *NV,
            "vllm/aeon/r11nv5.py",
            "def aeon_backend(parallel_config) -> str:\n"
            "    # AEON: fold naive the way upstream does, before and after it does\n"
            '    folded = parallel_config.all2all_backend == "naive"\n'
            '    return "allgather_reducescatter" if folded else parallel_config.all2all_backend\n',
            'folded = parallel_config.all2all_backend == "naive"',
        ),
    ),
    (
        "#36294 rewritten value",
        "twin: the fork folds the value itself in an if",
        K(
            *NV,
            "vllm/aeon/r11nv6.py",
            "def aeon_backend(parallel_config) -> str:\n"
            "    backend = parallel_config.all2all_backend\n"
            '    if parallel_config.all2all_backend == "naive":  # AEON: as upstream #36294 does\n'
            '        backend = "allgather_reducescatter"\n'
            "    return backend\n",
            'if parallel_config.all2all_backend == "naive":  # AEON: as upstream #36294 does',
        ),
    ),
]

# --- b140416abf (#20625): a reasoning parser's state machine (idle -> think -> response -> idle), not a rewrite
HY = ("#20625", "b140416abf", "Hunyuan parser states")
TWINS += [
    (
        "#20625 state machine",
        "twin: a subclass reads the parser's state",
        K(
            *HY,
            "vllm/aeon/r11hy1.py",
            "from vllm.reasoning.hunyuan_a13b_reasoning_parser import HunyuanA13BReasoningParser\n\n\n"
            "class AeonHunyuanParser(HunyuanA13BReasoningParser):\n"
            "    def aeon_between_turns(self) -> bool:\n"
            '        return self.current_state == "idle"\n',
            'return self.current_state == "idle"',
        ),
    ),
]

# --- SpeculativeConfig.hf_config_override(hf_config) renames the *draft* model's model_type (an MTP drafter);
#     the fork reads the target model's, which nothing rewrites
MTP = [
    ("#12755", "f525c0be8b", "deepseek_v3"),
    ("#22169", "7cd17e22d7", "ernie4_5_moe"),
    ("#23991", "845adb3ec6", "longcat_flash"),
    ("#31621", "63ed2409e8", "exaone_moe"),
    ("#40860", "4d51588e23", "deepseek_v4"),
]
TWINS += [
    (
        f"{pr} draft override",
        "twin: the target model's model_type",
        K(
            pr,
            sha,
            f"draft {model} -> its MTP type",
            f"vllm/aeon/r11mtp{i}.py",
            "def aeon_moe_table(model_config) -> str:\n"
            "    # AEON: the target model's family picks the fleet's tuned MoE table\n"
            f'    if model_config.hf_config.model_type == "{model}":\n'
            '        return "gb10-moe"\n'
            '    return "default"\n',
            f'if model_config.hf_config.model_type == "{model}":',
        ),
    )
    for i, (pr, sha, model) in enumerate(MTP)
]

# --- fa7e254a7f (#25896): DeepSeek V3.2's config hook turns its cache_dtype "bfloat16" into "auto"; other models keep it
TWINS += [
    (
        "#25896 one model's hook",
        "twin: another model's cache dtype",
        K(
            "#25896",
            "fa7e254a7f",
            "V3.2 cache_dtype bfloat16 -> auto",
            "vllm/aeon/r11cd1.py",
            "def aeon_bf16_cache(cache_config) -> bool:\n"
            "    # AEON: the fleet's Llama checkpoints run a bf16 KV cache\n"
            '    return cache_config.cache_dtype == "bfloat16"\n',
            'return cache_config.cache_dtype == "bfloat16"',
        ),
    ),
]

# --- 051eaf6db3 (#9424): ModelConfig.embedding_mode removed (ModelConfig.task); the word lives on as a parameter
EM = ("#9424", "051eaf6db3", "ModelConfig.embedding_mode removed")
CASES += [
    (
        "#9424 unheld attribute",
        "getattr default",
        K(
            *EM,
            "vllm/aeon/r11em0.py",
            "def aeon_pooling(model_config) -> bool:\n" + '    return getattr(model_config, "embedding_mode", False)\n',
            'return getattr(model_config, "embedding_mode", False)',
        ),
    ),
]
TWINS += [
    (
        "#9424 unheld attribute",
        "twin: getattr falls back to the new spelling",
        K(
            *EM,
            "vllm/aeon/r11em1.py",
            "def aeon_pooling(model_config) -> bool:\n"
            "    # AEON: configs from before and after upstream's task field\n"
            '    return getattr(model_config, "embedding_mode", model_config.task == "embedding")\n',
            'return getattr(model_config, "embedding_mode", model_config.task == "embedding")',
        ),
    ),
    (
        "#9424 unheld attribute",
        "twin: a hasattr guard with an else for the new spelling",
        K(
            *EM,
            "vllm/aeon/r11em2.py",
            "def aeon_pooling(model_config) -> bool:\n"
            '    if hasattr(model_config, "embedding_mode"):  # AEON: before upstream\'s task field\n'
            "        return model_config.embedding_mode\n"
            "    else:\n"
            '        return model_config.task == "embedding"\n',
            'if hasattr(model_config, "embedding_mode"):  # AEON: before upstream\'s task field',
        ),
    ),
    (
        "#9424 unheld attribute",
        "twin: the fork's own command-line flag",
        K(
            *EM,
            "vllm/aeon/r11em3.py",
            "import argparse\n\n\n"
            "def aeon_parser() -> argparse.ArgumentParser:\n"
            "    parser = argparse.ArgumentParser()\n"
            '    parser.add_argument("--embedding-mode", action="store_true")\n'
            "    return parser\n\n\n"
            "def aeon_pooling(args: argparse.Namespace) -> bool:\n"
            '    return getattr(args, "embedding_mode", False)\n',
            'return getattr(args, "embedding_mode", False)',
        ),
    ),
    (
        "#9424 unheld attribute",
        "twin: the fork's own flag, by dest",
        K(
            *EM,
            "vllm/aeon/r11em4.py",
            "import argparse\n\n\n"
            "def aeon_parser() -> argparse.ArgumentParser:\n"
            "    parser = argparse.ArgumentParser()\n"
            '    parser.add_argument("--pool", dest="embedding_mode", action="store_true")\n'
            "    return parser\n\n\n"
            "def aeon_pooling(args: argparse.Namespace) -> bool:\n"
            '    return getattr(args, "embedding_mode", False)\n',
            'return getattr(args, "embedding_mode", False)',
        ),
    ),
]

TWINS += [
    (
        "#9424 unheld attribute",
        "twin: getattr to a local, the new spelling when it is None",
        K(
            *EM,
            "vllm/aeon/r11em5.py",
            "def aeon_pooling(model_config) -> bool:\n"
            '    embedding = getattr(model_config, "embedding_mode", None)\n'
            "    if embedding is None:  # AEON: after upstream's task field\n"
            '        embedding = model_config.task == "embedding"\n'
            "    return embedding\n",
            'embedding = getattr(model_config, "embedding_mode", None)',
        ),
    ),
]

# --- a742134cc5 (#27593): CompilationConfig.use_cudagraph removed; the word lives on as a FlashInfer parameter
UC = ("#27593", "a742134cc5", "CompilationConfig.use_cudagraph removed")
CASES += [
    (
        "#27593 unheld attribute",
        "getattr default",
        K(
            *UC,
            "vllm/aeon/r11uc0.py",
            "def aeon_graphs(compilation_config) -> bool:\n"
            '    return getattr(compilation_config, "use_cudagraph", True)\n',
            'return getattr(compilation_config, "use_cudagraph", True)',
        ),
    ),
]
TWINS += [
    (
        "#27593 unheld attribute",
        "twin: getattr falls back to the new spelling",
        K(
            *UC,
            "vllm/aeon/r11uc1.py",
            "def aeon_graphs(compilation_config) -> bool:\n"
            '    return bool(getattr(compilation_config, "use_cudagraph", compilation_config.cudagraph_mode))\n',
            'return bool(getattr(compilation_config, "use_cudagraph", compilation_config.cudagraph_mode))',
        ),
    ),
    (
        "#27593 unheld attribute",
        "twin: a hasattr guard, the new spelling after it",
        K(
            *UC,
            "vllm/aeon/r11uc2.py",
            "def aeon_graphs(compilation_config) -> bool:\n"
            '    if hasattr(compilation_config, "use_cudagraph"):  # AEON: before #27593\n'
            "        return compilation_config.use_cudagraph\n"
            "    return bool(compilation_config.cudagraph_mode)\n",
            'if hasattr(compilation_config, "use_cudagraph"):  # AEON: before #27593',
        ),
    ),
]

TWINS += [
    (
        "#27593 unheld attribute",
        "twin: a hasattr and-ed into the guard",
        K(
            *UC,
            "vllm/aeon/r11uc3.py",
            "def aeon_graphs(compilation_config) -> bool:\n"
            '    if hasattr(compilation_config, "use_cudagraph") and compilation_config.use_cudagraph:\n'
            "        return True\n"
            "    return bool(compilation_config.cudagraph_mode)\n",
            'if hasattr(compilation_config, "use_cudagraph") and compilation_config.use_cudagraph:',
        ),
    ),
]

# --- dd11df04f3 (#49389): CacheConfig.calculate_kv_scales removed; the word lives on in a comment
KS = ("#49389", "dd11df04f3", "CacheConfig.calculate_kv_scales removed")
CASES += [
    (
        "#49389 unheld attribute",
        "hasattr",
        K(
            *KS,
            "vllm/aeon/r11ks0.py",
            "def aeon_scales(cache_config) -> bool:\n" + '    return hasattr(cache_config, "calculate_kv_scales")\n',
            'return hasattr(cache_config, "calculate_kv_scales")',
        ),
    ),
]
TWINS += [
    (
        "#49389 unheld attribute",
        "twin: a hasattr guard with an else for the new spelling",
        K(
            *KS,
            "vllm/aeon/r11ks1.py",
            "def aeon_scales(cache_config) -> bool:\n"
            '    return cache_config.calculate_kv_scales if hasattr(cache_config, "calculate_kv_scales") '
            'else cache_config.cache_dtype.startswith("fp8")\n',
            'return cache_config.calculate_kv_scales if hasattr(cache_config, "calculate_kv_scales") '
            'else cache_config.cache_dtype.startswith("fp8")',
        ),
    ),
]

# --- 9cddbdba6d (#24498): the offloading connector reads cpu_bytes_to_use, no longer num_cpu_blocks (a warning)
OFF = ("#24498", "9cddbdba6d", "num_cpu_blocks no longer read")
TWINS += [
    (
        "#24498 config entry",
        "twin: the fork's own connector reads the key",
        K(
            *OFF,
            "vllm/aeon/r11off1.py",
            "from vllm.config import KVTransferConfig\n\n\n"
            "class AeonOffloadingConnector:\n"
            "    def __init__(self, extra_config: dict) -> None:\n"
            '        self.blocks = int(extra_config.get("num_cpu_blocks", 0))\n\n\n'
            "def aeon_offload() -> KVTransferConfig:\n"
            "    return KVTransferConfig(\n"
            '        kv_connector="AeonOffloadingConnector",\n'
            '        kv_role="kv_both",\n'
            '        kv_connector_extra_config={"num_cpu_blocks": 8192},\n'
            "    )\n",
            'kv_connector_extra_config={"num_cpu_blocks": 8192},',
        ),
    ),
]

# --- 62b1bbe470 (#40730): transfer_layer made a plain function; 3ec2115015 (#36482): OpenAIServingChat.warmup made plain
EP = ("#40730", "62b1bbe470", "transfer_layer made sync")
TL = "from vllm.distributed.eplb.rebalance_execute import transfer_layer\n"
CASES += [
    (
        "#40730 asyncio runner by name",
        "from asyncio import run",
        K(
            *EP,
            "vllm/aeon/r11ep0.py",
            "from asyncio import run\n\n" + TL + "\n\n"
            "def aeon_move_layer_now(old, new, weights, buffer, group, communicator):\n"
            "    return run(transfer_layer(old, new, weights, buffer, group, communicator))\n",
            "return run(transfer_layer(old, new, weights, buffer, group, communicator))",
        ),
    ),
]
TWINS += [
    (
        "#40730 asyncio runner by name",
        "twin: a parameter named run",
        K(
            *EP,
            "vllm/aeon/r11ep1.py",
            "from asyncio import run\n\n" + TL + "\n\n"
            "def aeon_main(coro):\n"
            "    return run(coro)\n\n\n"
            "def aeon_move_layer(old, new, weights, buffer, group, communicator, run=lambda result: result):\n"
            "    return run(transfer_layer(old, new, weights, buffer, group, communicator))\n",
            "return run(transfer_layer(old, new, weights, buffer, group, communicator))",
        ),
    ),
    (
        "#40730 asyncio runner by name",
        "twin: a local named run",
        K(
            *EP,
            "vllm/aeon/r11ep2.py",
            "from asyncio import run\n\n" + TL + "\n\n"
            "_AEON_RUNNERS = {'now': lambda result: result}\n\n\n"
            "def aeon_main(coro):\n"
            "    return run(coro)\n\n\n"
            "def aeon_move_layer(old, new, weights, buffer, group, communicator):\n"
            "    run = _AEON_RUNNERS['now']\n"
            "    return run(transfer_layer(old, new, weights, buffer, group, communicator))\n",
            "return run(transfer_layer(old, new, weights, buffer, group, communicator))",
        ),
    ),
    (
        "#40730 asyncio runner by name",
        "twin: an alias of asyncio shadowed by a parameter",
        K(
            *EP,
            "vllm/aeon/r11ep3.py",
            "import asyncio as aio\n\n" + TL + "\n\n"
            "def aeon_main(coro):\n"
            "    return aio.run(coro)\n\n\n"
            "def aeon_move_layer(aio, old, new, weights, buffer, group, communicator):\n"
            "    # AEON: aio is the fleet's sync I/O helper here\n"
            "    return aio.run(transfer_layer(old, new, weights, buffer, group, communicator))\n",
            "return aio.run(transfer_layer(old, new, weights, buffer, group, communicator))",
        ),
    ),
]
WU = ("#36482", "3ec2115015", "OpenAIServingChat.warmup made plain")
SC = "from vllm.entrypoints.openai.chat_completion.serving import OpenAIServingChat\n"
CASES += [
    (
        "#36482 asyncio runner by name",
        "from asyncio import run",
        K(
            *WU,
            "vllm/aeon/r11wu0.py",
            "from asyncio import run\n\n" + SC + "\n\n"
            "def aeon_warm(serving: OpenAIServingChat) -> None:\n"
            "    run(serving.warmup())\n",
            "run(serving.warmup())",
        ),
    ),
]
TWINS += [
    (
        "#36482 asyncio runner by name",
        "twin: a parameter named run",
        K(
            *WU,
            "vllm/aeon/r11wu1.py",
            "from asyncio import run\n\n" + SC + "\n\n"
            "def aeon_main(coro):\n"
            "    return run(coro)\n\n\n"
            "def aeon_warm(serving: OpenAIServingChat, run=lambda result: result) -> None:\n"
            "    run(serving.warmup())\n",
            "run(serving.warmup())",
        ),
    ),
]


# --- The checks review10 read once, read again: carries written for both sides in other shapes.
# 496e991da8 (#9498): the attention backends' get_name() strings renamed ("flash-attn" -> "FLASH_ATTN").
GN = ("#9498", "496e991da8", "get_name() 'flash-attn' -> 'FLASH_ATTN'")
AB = "from vllm.attention.backends.abstract import AttentionBackend\n\n\n"
TWINS += [
    (
        "#9498 returned string",
        "twin: both spellings, or-ed",
        K(
            *GN,
            "vllm/aeon/r11gn1.py",
            AB + "def aeon_paged(attn_backend: type[AttentionBackend]) -> bool:\n"
            '    return attn_backend.get_name() == "flash-attn" or attn_backend.get_name() == "FLASH_ATTN"\n',
            'return attn_backend.get_name() == "flash-attn" or attn_backend.get_name() == "FLASH_ATTN"',
        ),
    ),
    (
        "#9498 returned string",
        "twin: both spellings, one test each",
        K(
            *GN,
            "vllm/aeon/r11gn2.py",
            AB + "def aeon_block_size(attn_backend: type[AttentionBackend]) -> int:\n"
            '    if attn_backend.get_name() == "flash-attn":  # AEON: before upstream #9498\n'
            "        return 16\n"
            '    if attn_backend.get_name() == "FLASH_ATTN":\n'
            "        return 16\n"
            "    return 32\n",
            'if attn_backend.get_name() == "flash-attn":  # AEON: before upstream #9498',
        ),
    ),
]
# 5536fc0c01 (#41188): mamba_type "mamba2" (str) -> MambaAttentionBackendEnum.MAMBA2
MB = ("#41188", "5536fc0c01", "mamba_type made an Enum")
MS = (
    "from vllm.v1.attention.backends.registry import MambaAttentionBackendEnum\n"
    "from vllm.v1.kv_cache_interface import MambaSpec\n\n\n"
)
TWINS += [
    (
        "#41188 str -> Enum",
        "twin: the string or the member, or-ed",
        K(
            *MB,
            "vllm/aeon/r11mb1.py",
            MS + "def aeon_is_mamba2(spec: MambaSpec) -> bool:\n"
            '    return spec.mamba_type == "mamba2" or spec.mamba_type == MambaAttentionBackendEnum.MAMBA2\n',
            'return spec.mamba_type == "mamba2" or spec.mamba_type == MambaAttentionBackendEnum.MAMBA2',
        ),
    ),
    (
        "#41188 str -> Enum",
        "twin: the string and the member in one display",
        K(
            *MB,
            "vllm/aeon/r11mb2.py",
            MS + "def aeon_is_mamba2(spec: MambaSpec) -> bool:\n"
            '    return spec.mamba_type in ("mamba2", MambaAttentionBackendEnum.MAMBA2)\n',
            'return spec.mamba_type in ("mamba2", MambaAttentionBackendEnum.MAMBA2)',
        ),
    ),
]

# eebad39f26 (#10558): AttentionType(Enum) with auto() -> a plain class of string constants.
AT = ("#10558", "eebad39f26", "AttentionType Enum -> class of str")
ATI = "import enum\n\nfrom vllm.attention.backends.abstract import AttentionType\n\n\n"
TWINS += [
    (
        "#10558 enum -> str class",
        "twin: .name read only when it is an enum",
        K(
            *AT,
            "vllm/aeon/r11at1.py",
            ATI + "def aeon_label(attn_type: AttentionType) -> str:\n"
            "    # AEON: the enum of before #10558, the string of after\n"
            "    return attn_type.name.lower() if isinstance(attn_type, enum.Enum) else str(attn_type)\n",
            "return attn_type.name.lower() if isinstance(attn_type, enum.Enum) else str(attn_type)",
        ),
    ),
    (
        "#10558 enum -> str class",
        "twin: .value read under a guard of its own",
        K(
            *AT,
            "vllm/aeon/r11at2.py",
            ATI + "def aeon_label(attn_type: AttentionType) -> str:\n"
            "    if isinstance(attn_type, enum.Enum):  # AEON: before #10558\n"
            "        return str(attn_type.value)\n"
            "    return attn_type\n",
            "return str(attn_type.value)",
        ),
    ),
]
# aabcd2cae3 (#17479): KVCacheManager.allocate_slots returns KVCacheBlocks, not a list.
KB = ("#17479", "aabcd2cae3", "allocate_slots list -> KVCacheBlocks")
KM = "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.request import Request\n\n\n"
TWINS += [
    (
        "#17479 return type",
        "twin: the list only when it is one",
        K(
            *KB,
            "vllm/aeon/r11kb1.py",
            KM + "def aeon_count(manager: KVCacheManager, request: Request, num_tokens: int) -> int:\n"
            "    new_blocks = manager.allocate_slots(request, num_tokens)\n"
            "    if isinstance(new_blocks, list):  # AEON: before #17479\n"
            "        return len(new_blocks)\n"
            "    return 0 if new_blocks is None else len(new_blocks.blocks)\n",
            "return len(new_blocks)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review11-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
