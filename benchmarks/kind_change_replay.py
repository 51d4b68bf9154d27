"""Result kind drift on real vLLM commits: a number, a string and a sequence made one another.

Seven first-parent commits changed what kind of value a function returns, by its annotation, and git
merges each cleanly under fork code written for the old kind:

- #14079 (93a00d7dde): ``Executor.determine_available_memory() -> int`` became ``-> list[int]`` (one
  value per worker);
- #36770 (196802dfa6): Kimi-Audio's ``get_dummy_text() -> list[int]`` (token ids) became ``-> str``;
- #23310 (0c6e40bbaa): ``MultiModalBudget.get_modality_with_max_tokens() -> tuple[str, int]`` became
  ``-> str``;
- #27211 (1651003c35): ``_gen_lora_extra_hash_keys() -> list[int]`` became ``-> list[str]`` (an element);
- #47219 (a264e41975): ``_resolve_fi_ar_backend() -> str`` became ``-> tuple[str, bool]``;
- #49982 (99de48e98f): ``MoEBlockFuser._match_router() -> str | None`` became ``-> tuple[str, dtype |
  None] | None``;
- #43339 (2427094152): ``DeepseekV4MegaMoEExperts._map_global_expert_id() -> int`` became ``-> list[int]``.

Each is replayed under fork spellings that use the result as the old kind (arithmetic, a comparison,
``len()``, unpacking, an index, a ``str`` method) and twins that hand it on or use what both kinds
have.  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught*
when an error lands on its line, *warned* when a warning lands in its file; twins must stay *quiet*.

On the engine before result kind drift read these kinds (1281518): 1 caught, 0 warned, 11 missed of 12
(twins: 5 quiet, 0 false errors of 5); the one caught is #23310's unpacking, which tuple-shape drift
already reads.  With it (d5e4204): 12 caught, 0 warned, 0 missed of 12 (twins: 5 quiet, 0 false errors).
These spellings were written with the check (not blind): they measure its reach over real commits, and
its twins, not the engine's.

  python benchmarks/kind_change_replay.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- #14079 (93a00d7dde): Executor.determine_available_memory() -> int became -> list[int]
MEM = "93a00d7dde"
EX = "from vllm.v1.executor.abstract import Executor\n\n\n"
WHAT = "determine_available_memory -> int became -> list[int]"
CASES += [
    (
        "#14079 int -> list[int]",
        "floor division by the page size",
        K(
            "#14079",
            MEM,
            WHAT,
            "vllm/aeon/kv_budget.py",
            EX + "def aeon_num_blocks(executor: Executor, page_size: int) -> int:\n"
            "    # AEON: GB10's unified memory: size the KV cache from what the executor reports\n"
            "    free = executor.determine_available_memory()\n"
            "    return free // page_size\n",
            "return free // page_size",
        ),
    ),
    (
        "#14079 int -> list[int]",
        "a subclass's headroom",
        K(
            "#14079",
            MEM,
            WHAT,
            "vllm/aeon/uma_executor.py",
            EX + "class AeonUmaExecutor(Executor):\n"
            "    def aeon_headroom(self) -> int:\n"
            "        # AEON: leave 10% for the CPU side of the unified memory\n"
            "        return int(self.determine_available_memory() * 0.9)\n",
            "return int(self.determine_available_memory() * 0.9)",
        ),
    ),
    (
        "#14079 int -> list[int]",
        "a guard on no memory",
        K(
            "#14079",
            MEM,
            WHAT,
            "vllm/aeon/kv_guard.py",
            EX + "def aeon_check(executor: Executor) -> None:\n"
            "    if executor.determine_available_memory() <= 0:\n"
            '        raise RuntimeError("AEON: no memory left for the KV cache on GB10")\n',
            "if executor.determine_available_memory() <= 0:",
        ),
    ),
]
TWINS += [
    (
        "#14079 int -> list[int]",
        "twin: handed on whole",
        K(
            "#14079",
            MEM,
            WHAT,
            "vllm/aeon/kv_log.py",
            EX + "import logging\n\nlogger = logging.getLogger(__name__)\n\n\n"
            "def aeon_log(executor: Executor) -> None:\n"
            "    free = executor.determine_available_memory()\n"
            '    logger.info("AEON: available KV memory %s", free)\n',
            "free = executor.determine_available_memory()",
        ),
    ),
]

# --- #36770 (196802dfa6): KimiAudioDummyInputsBuilder.get_dummy_text() -> list[int] became -> str
KIMI = "196802dfa6"
KB = "from vllm.model_executor.models.kimi_audio import KimiAudioDummyInputsBuilder\n\n\n"
CASES += [
    (
        "#36770 list[int] -> str",
        "len() of the dummy tokens",
        K(
            "#36770",
            KIMI,
            "get_dummy_text -> list[int] became -> str",
            "vllm/aeon/kimi_profile.py",
            KB + "class AeonKimiBuilder(KimiAudioDummyInputsBuilder):\n"
            "    def aeon_dummy_tokens(self, mm_counts) -> int:\n"
            "        # AEON: the profile run reserves this many prompt tokens\n"
            "        return len(self.get_dummy_text(mm_counts))\n",
            "return len(self.get_dummy_text(mm_counts))",
        ),
    ),
]

# --- #23310 (0c6e40bbaa): MultiModalBudget.get_modality_with_max_tokens() -> tuple[str, int] became -> str
MM = "0c6e40bbaa"
BUD = "from vllm.v1.worker.utils import MultiModalBudget\n\n\n"
WHAT_MM = "get_modality_with_max_tokens -> tuple[str, int] became -> str"
CASES += [
    (
        "#23310 tuple[str, int] -> str",
        "unpacked",
        K(
            "#23310",
            MM,
            WHAT_MM,
            "vllm/aeon/mm_profile.py",
            BUD + "def aeon_profile_budget(budget: MultiModalBudget) -> int:\n"
            "    # AEON: profile the encoder with the largest modality only\n"
            "    modality, max_tokens = budget.get_modality_with_max_tokens()\n"
            "    return max_tokens\n",
            "modality, max_tokens = budget.get_modality_with_max_tokens()",
        ),
    ),
    (
        "#23310 tuple[str, int] -> str",
        "an index of the result",
        K(
            "#23310",
            MM,
            WHAT_MM,
            "vllm/aeon/mm_tokens.py",
            BUD + "def aeon_max_tokens(budget: MultiModalBudget) -> int:\n"
            "    return budget.get_modality_with_max_tokens()[1]\n",
            "return budget.get_modality_with_max_tokens()[1]",
        ),
    ),
]
TWINS += [
    (
        "#23310 tuple[str, int] -> str",
        "twin: tested for None",
        K(
            "#23310",
            MM,
            WHAT_MM,
            "vllm/aeon/mm_any.py",
            BUD + "def aeon_has_mm(budget: MultiModalBudget) -> bool:\n"
            "    return budget.get_modality_with_max_tokens() is not None\n",
            "return budget.get_modality_with_max_tokens() is not None",
        ),
    ),
]

# --- #27211 (1651003c35): _gen_lora_extra_hash_keys() -> list[int] became -> list[str]
LORA = "1651003c35"
CASES += [
    (
        "#27211 list[int] -> list[str]",
        "an unpacked element, modulo",
        K(
            "#27211",
            LORA,
            "_gen_lora_extra_hash_keys -> list[int] became -> list[str]",
            "vllm/aeon/lora_shard.py",
            "from vllm.v1.core.kv_cache_utils import _gen_lora_extra_hash_keys\n\n\n"
            "def aeon_adapter_shard(request, num_shards: int) -> int:\n"
            "    # AEON: adapters are spread over the prefix-cache shards by id\n"
            "    (lora_id,) = _gen_lora_extra_hash_keys(request)\n"
            "    return lora_id % num_shards\n",
            "return lora_id % num_shards",
        ),
    ),
]

# --- #47219 (a264e41975): _resolve_fi_ar_backend() -> str became -> tuple[str, bool]
FI = "a264e41975"
FIM = "from vllm.distributed.device_communicators import flashinfer_all_reduce as fi_ar\n\n\n"
WHAT_FI = "_resolve_fi_ar_backend -> str became -> tuple[str, bool]"
CASES += [
    (
        "#47219 str -> tuple[str, bool]",
        "compared with a backend name",
        K(
            "#47219",
            FI,
            WHAT_FI,
            "vllm/aeon/allreduce.py",
            FIM + "def aeon_single_node_allreduce() -> bool:\n"
            "    # AEON: one GB10, no NVLink: the MNNVL path is the one that works\n"
            '    return fi_ar._resolve_fi_ar_backend() == "mnnvl"\n',
            'return fi_ar._resolve_fi_ar_backend() == "mnnvl"',
        ),
    ),
    (
        "#47219 str -> tuple[str, bool]",
        "a str method",
        K(
            "#47219",
            FI,
            WHAT_FI,
            "vllm/aeon/allreduce_name.py",
            FIM + "def aeon_backend_label() -> str:\n"
            "    backend = fi_ar._resolve_fi_ar_backend()\n"
            "    return backend.upper()\n",
            "return backend.upper()",
        ),
    ),
]
TWINS += [
    (
        "#47219 str -> tuple[str, bool]",
        "twin: an f-string",
        K(
            "#47219",
            FI,
            WHAT_FI,
            "vllm/aeon/allreduce_log.py",
            FIM + 'def aeon_backend_note() -> str:\n    return f"AEON all-reduce: {fi_ar._resolve_fi_ar_backend()}"\n',
            'return f"AEON all-reduce: {fi_ar._resolve_fi_ar_backend()}"',
        ),
    ),
]

# --- #49982 (99de48e98f): MoEBlockFuser._match_router() -> str | None became -> tuple[str, dtype | None] | None
ROUTER = "99de48e98f"
FUSER = "from vllm.model_executor.models.transformers.fusers.moe import MoEBlockFuser\n\n\n"
WHAT_R = "_match_router -> str | None became -> tuple[str, torch.dtype | None] | None"
CASES += [
    (
        "#49982 str -> tuple[str, dtype]",
        "membership in the scoring functions",
        K(
            "#49982",
            ROUTER,
            WHAT_R,
            "vllm/aeon/router.py",
            FUSER + "def aeon_fusable(gate) -> bool:\n"
            "    # AEON: only softmax and sigmoid routers go to the fused GB10 kernel\n"
            "    scoring = MoEBlockFuser._match_router(gate)\n"
            '    return scoring in ("softmax", "sigmoid")\n',
            'return scoring in ("softmax", "sigmoid")',
        ),
    ),
]
TWINS += [
    (
        "#49982 str -> tuple[str, dtype]",
        "twin: tested for None",
        K(
            "#49982",
            ROUTER,
            WHAT_R,
            "vllm/aeon/router_any.py",
            FUSER + "def aeon_has_router(gate) -> bool:\n    return MoEBlockFuser._match_router(gate) is not None\n",
            "return MoEBlockFuser._match_router(gate) is not None",
        ),
    ),
]

# --- #43339 (2427094152): DeepseekV4MegaMoEExperts._map_global_expert_id() -> int became -> list[int]
EPLB = "2427094152"
MEGA = "from vllm.models.deepseek_v4.nvidia.model import DeepseekV4MegaMoEExperts\n\n\n"
WHAT_E = "_map_global_expert_id -> int became -> list[int]"
CASES += [
    (
        "#43339 int -> list[int]",
        "an offset of the local id",
        K(
            "#43339",
            EPLB,
            WHAT_E,
            "vllm/aeon/mega_experts.py",
            MEGA + "class AeonMegaExperts(DeepseekV4MegaMoEExperts):\n"
            "    def aeon_slot(self, expert_id: int, slots_per_rank: int) -> int:\n"
            "        # AEON: the fused kernel indexes experts by their slot on this rank\n"
            "        return self._map_global_expert_id(expert_id) - slots_per_rank\n",
            "return self._map_global_expert_id(expert_id) - slots_per_rank",
        ),
    ),
    (
        "#43339 int -> list[int]",
        "compared with the no-expert value",
        K(
            "#43339",
            EPLB,
            WHAT_E,
            "vllm/aeon/mega_local.py",
            MEGA + "class AeonMegaLocal(DeepseekV4MegaMoEExperts):\n"
            "    def aeon_is_local(self, expert_id: int) -> bool:\n"
            "        return self._map_global_expert_id(expert_id) != -1\n",
            "return self._map_global_expert_id(expert_id) != -1",
        ),
    ),
]
TWINS += [
    (
        "#43339 int -> list[int]",
        "twin: handed to a call",
        K(
            "#43339",
            EPLB,
            WHAT_E,
            "vllm/aeon/mega_pass.py",
            MEGA + "class AeonMegaPass(DeepseekV4MegaMoEExperts):\n"
            "    def aeon_ids(self, expert_id: int) -> list:\n"
            "        return list(map(int, [self._map_global_expert_id(expert_id)]))\n",
            "return list(map(int, [self._map_global_expert_id(expert_id)]))",
        ),
    ),
]


if __name__ == "__main__":
    counts = run(__doc__ or "", CASES, TWINS, prefix="aeon-kinds-")
    sys.exit(0 if counts["FALSE"] == 0 else 1)
