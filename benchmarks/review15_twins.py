"""Adversarial twins of this landing's new drift checks: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a new check catches, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- result kind drift (a number, a string and a sequence made one another in a return annotation:
  #14079 determine_available_memory int -> list[int], #36770/#33562 get_dummy_text list[int] -> str,
  #27211 an element list[int] -> list[str], #49982 _match_router str -> tuple, and other real commits of
  the kind: #47219 _resolve_fi_ar_backend str -> tuple[str, bool], #31865 format_gib float -> str,
  #43339 _map_global_expert_id int -> list[int]): both kinds handled under an isinstance test of the
  new or the old kind, a nested def's parameter of the bound name, a receiver typed as a class whose
  method kept its kind, the old kind's use after a conversion;
- symbol drift's actor calls (#6032 renamed RayWorkerWrapper.execute_model_compiled_dag_remote, #45026
  get_node_and_gpu_ids): the fork's own actor class keeping the old name, a ``.bind`` of an ``inspect.Signature`` held in an
  attribute, an alias of the new method under the old name;
- killers33's speed-path widenings (#28579 BatchDescriptor num_reqs inserted before the renamed flag,
  #26016 capture sizes sorted ascending, #45781 an env var renamed with the old name kept as a stub):
  keywords instead of positions, the fork's own NamedTuple of the name, an index of a list of
  descriptors, an index of the last field (unchanged), the list sorted by the fork itself, both env
  names set or read.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (6a563d2): 7 caught of 7; 12 false errors of 28 twins: result kind drift on a use of the
bound name the fork's isinstance test keeps to the old kind (under ``isinstance(x, int)``, after an
``isinstance(x, list)`` branch that returns, beside an ``isinstance(x, tuple)`` in the same ``or``: 6,
on #14079, #43339, #36770, #47219) or inside a nested def or lambda whose parameter has the name (2);
order drift on ``[0]`` of the fork's own class's attribute of the name (1) and on an end read beside the
other end (1, #26016); name drift on the stubbed env var read or set beside its new name (2, #45781).
Round 2 (32 twins): an annotation-only fix (#4006 made ``get_prompt_token_ids() -> int`` say ``->
List[int]``, the list it always returned), and the untyped receiver's warning on #26487 (both strings
compared: quiet).  Main (6a563d2): 7 caught of 7, 14 false errors of 32 (the 12 above and #4006's two
list concatenations); this branch after its first three fixes: 2 (#4006's).
Rounds 3-4 (38 twins, 8 cases): the untyped receiver's warning on #26487 stays a warning (a case) and
its twins stay quiet; a use in a ``try`` that catches the old kind's TypeError, the fork's own override
or function of the name.  Main (6a563d2): 7 caught, 1 warned of 8; 15 false errors of 38.  This branch:
7 caught, 1 warned of 8; 0 false errors of 38.
With a second real actor rename (#45026 get_node_and_gpu_ids, an ``.options(...).remote()`` case and two
twins), all rounds: main (6a563d2) 8 caught, 1 warned of 9; 15 false errors of 40.  This branch: 8 caught,
1 warned of 9; 0 false errors of 40.

  PYTHONPATH=.. python review15_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 93a00d7dde (#14079): Executor.determine_available_memory() -> int became -> list[int]
AM = ("#14079", "93a00d7dde", "determine_available_memory int -> list[int]")
EX = "from vllm.v1.executor.abstract import Executor\n\n\n"
CASES += [
    (
        "#14079 result kind",
        "the number divided",
        K(
            *AM,
            "vllm/aeon/r15am0.py",
            EX + "def aeon_num_blocks(executor: Executor, page_size: int) -> int:\n"
            "    return executor.determine_available_memory() // page_size\n",
            "return executor.determine_available_memory() // page_size",
        ),
    ),
]
TWINS += [
    (
        "#14079 result kind",
        "twin: the number divided under isinstance(memory, int)",
        K(
            *AM,
            "vllm/aeon/r15am1.py",
            EX + "def aeon_num_blocks(executor: Executor, page_size: int) -> int:\n"
            "    memory = executor.determine_available_memory()\n"
            "    if isinstance(memory, int):  # AEON: one number before #14079, one per rank since\n"
            "        return memory // page_size\n"
            "    return min(memory) // page_size\n",
            "        return memory // page_size",
        ),
    ),
    (
        "#14079 result kind",
        "twin: the list handled first, the number in the else branch",
        K(
            *AM,
            "vllm/aeon/r15am2.py",
            EX + "def aeon_num_blocks(executor: Executor, page_size: int) -> int:\n"
            "    memory = executor.determine_available_memory()\n"
            "    if isinstance(memory, list):\n"
            "        return min(memory) // page_size\n"
            "    return memory // page_size\n",
            "    return memory // page_size",
        ),
    ),
    (
        "#14079 result kind",
        "twin: a nested def's parameter of the bound name",
        K(
            *AM,
            "vllm/aeon/r15am3.py",
            EX + "def aeon_blocks_per_rank(executor: Executor, page_size: int) -> list[int]:\n"
            "    memory = executor.determine_available_memory()\n\n"
            "    def blocks(memory: int) -> int:\n"
            "        return memory // page_size\n\n"
            "    return [blocks(m) for m in (memory if isinstance(memory, list) else [memory])]\n",
            "        return memory // page_size",
        ),
    ),
    (
        "#14079 result kind",
        "twin: a lambda's parameter of the bound name",
        K(
            *AM,
            "vllm/aeon/r15am4.py",
            EX + "def aeon_blocks_per_rank(executor: Executor, page_size: int) -> list[int]:\n"
            "    memory = executor.determine_available_memory()\n"
            "    per_rank = memory if isinstance(memory, list) else [memory]\n"
            "    return list(map(lambda memory: memory // page_size, per_rank))\n",
            "    return list(map(lambda memory: memory // page_size, per_rank))",
        ),
    ),
    (
        "#14079 result kind",
        "twin: the worker's method, which still returns a number",
        K(
            *AM,
            "vllm/aeon/r15am5.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "def aeon_num_blocks(worker: Worker, page_size: int) -> int:\n"
            "    return worker.determine_available_memory() // page_size\n",
            "    return worker.determine_available_memory() // page_size",
        ),
    ),
    (
        "#14079 result kind",
        "twin: the fork's own executor overriding it with a number",
        K(
            *AM,
            "vllm/aeon/r15am6.py",
            EX + "class AeonExecutor(Executor):\n"
            "    def determine_available_memory(self) -> int:  # type: ignore[override]\n"
            "        return 64 << 30  # AEON: GB10's unified memory, fixed\n\n\n"
            "def aeon_num_blocks(executor: AeonExecutor, page_size: int) -> int:\n"
            "    return executor.determine_available_memory() // page_size\n",
            "    return executor.determine_available_memory() // page_size",
        ),
    ),
]

# --- 2427094152 (#43339): _map_global_expert_id() -> int became -> list[int]
EP = ("#43339", "2427094152", "_map_global_expert_id int -> list[int]")
EPM = "from vllm.models.deepseek_v4.nvidia.model import DeepseekV4MegaMoEExperts\n\n\n"
CASES += [
    (
        "#43339 result kind",
        "the local slot compared with -1",
        K(
            *EP,
            "vllm/aeon/r15ep0.py",
            EPM + "class AeonMegaMoEExperts(DeepseekV4MegaMoEExperts):\n"
            "    def aeon_is_local(self, expert_id: int) -> bool:\n"
            "        return self._map_global_expert_id(expert_id) != -1\n",
            "        return self._map_global_expert_id(expert_id) != -1",
        ),
    ),
]
TWINS += [
    (
        "#43339 result kind",
        "twin: the slot compared only when it is a number",
        K(
            *EP,
            "vllm/aeon/r15ep1.py",
            EPM + "class AeonMegaMoEExperts(DeepseekV4MegaMoEExperts):\n"
            "    def aeon_is_local(self, expert_id: int) -> bool:\n"
            "        slots = self._map_global_expert_id(expert_id)\n"
            "        if isinstance(slots, int):  # AEON: one slot or -1 before #43339\n"
            "            return slots != -1\n"
            "        return len(slots) > 0\n",
            "            return slots != -1",
        ),
    ),
]

# --- 196802dfa6 (#36770) / 4061dcf4c5 (#33562): get_dummy_text() -> list[int] became -> str
DT = ("#36770", "196802dfa6", "KimiAudioDummyInputsBuilder.get_dummy_text list[int] -> str")
DT2 = ("#33562", "4061dcf4c5", "kimi_k25 get_dummy_text list[int] -> str")
KA = "from vllm.model_executor.models.kimi_audio import KimiAudioDummyInputsBuilder\n\n\n"
CASES += [
    (
        "#36770 result kind",
        "len() of the token ids",
        K(
            *DT,
            "vllm/aeon/r15dt0.py",
            KA + "def aeon_dummy_len(builder: KimiAudioDummyInputsBuilder) -> int:\n"
            '    return len(builder.get_dummy_text({"audio": 1}))\n',
            '    return len(builder.get_dummy_text({"audio": 1}))',
        ),
    ),
]
TWINS += [
    (
        "#36770 result kind",
        "twin: the ids joined only when they are a list",
        K(
            *DT,
            "vllm/aeon/r15dt1.py",
            KA + "def aeon_dummy_prompt(builder: KimiAudioDummyInputsBuilder) -> list[int] | str:\n"
            '    dummy = builder.get_dummy_text({"audio": 1})\n'
            "    if isinstance(dummy, str):  # AEON: #36770 made it text\n"
            "        return dummy\n"
            "    return [t for t in dummy if t >= 0]\n",
            "    return [t for t in dummy if t >= 0]",
        ),
    ),
]

# --- 1651003c35 (#27211): _gen_lora_extra_hash_keys() -> list[int] became -> list[str]
LH = ("#27211", "1651003c35", "_gen_lora_extra_hash_keys list[int] -> list[str]")
KU = "from vllm.v1.core.kv_cache_utils import _gen_lora_extra_hash_keys\n\n\n"
TWINS += [
    (
        "#27211 result kind",
        "twin: the key used only as a key",
        K(
            *LH,
            "vllm/aeon/r15lh1.py",
            KU + "def aeon_adapter_key(request) -> object:\n"
            "    keys = _gen_lora_extra_hash_keys(request)\n"
            "    return keys[0] if len(keys) > 0 else None\n",
            "    return keys[0] if len(keys) > 0 else None",
        ),
    ),
    (
        "#27211 result kind",
        "twin: the id compared only when it is a number",
        K(
            *LH,
            "vllm/aeon/r15lh2.py",
            KU + "def aeon_is_base_model(request) -> bool:\n"
            "    (key,) = _gen_lora_extra_hash_keys(request) or (0,)\n"
            "    if isinstance(key, int):\n"
            "        return key == 0\n"
            '    return key == ""\n',
            "        return key == 0",
        ),
    ),
]

# --- a264e41975 (#47219): _resolve_fi_ar_backend() -> str became -> tuple[str, bool]
FI = ("#47219", "a264e41975", "_resolve_fi_ar_backend str -> tuple[str, bool]")
FIM = "from vllm.distributed.device_communicators import flashinfer_all_reduce as fiar\n\n\n"
CASES += [
    (
        "#47219 result kind",
        "the backend compared with a string",
        K(
            *FI,
            "vllm/aeon/r15fi0.py",
            FIM + 'def aeon_uses_mnnvl() -> bool:\n    return fiar._resolve_fi_ar_backend() == "mnnvl"\n',
            '    return fiar._resolve_fi_ar_backend() == "mnnvl"',
        ),
    ),
]
TWINS += [
    (
        "#47219 result kind",
        "twin: the string compared under isinstance(resolved, str)",
        K(
            *FI,
            "vllm/aeon/r15fi1.py",
            FIM + "def aeon_uses_mnnvl() -> bool:\n"
            "    resolved = fiar._resolve_fi_ar_backend()\n"
            "    if isinstance(resolved, str):  # AEON: a bare name before #47219\n"
            '        return resolved == "mnnvl"\n'
            '    return resolved[0] == "mnnvl"\n',
            '        return resolved == "mnnvl"',
        ),
    ),
    (
        "#47219 result kind",
        "twin: the tuple handled first, the string after",
        K(
            *FI,
            "vllm/aeon/r15fi2.py",
            FIM + "def aeon_uses_mnnvl() -> bool:\n"
            "    resolved = fiar._resolve_fi_ar_backend()\n"
            "    if isinstance(resolved, tuple):\n"
            "        resolved = resolved[0]\n"
            '    return resolved == "mnnvl"\n',
            '    return resolved == "mnnvl"',
        ),
    ),
    (
        "#47219 result kind",
        "twin: compared with both spellings",
        K(
            *FI,
            "vllm/aeon/r15fi3.py",
            FIM + "def aeon_uses_mnnvl() -> bool:\n"
            "    resolved = fiar._resolve_fi_ar_backend()\n"
            '    return resolved == "mnnvl" or (isinstance(resolved, tuple) and resolved[0] == "mnnvl")\n',
            '    return resolved == "mnnvl" or (isinstance(resolved, tuple) and resolved[0] == "mnnvl")',
        ),
    ),
]

# --- c907d22158 (#31865): format_gib() -> float became -> str
FG = ("#31865", "c907d22158", "format_gib float -> str")
MU = "from vllm.utils.mem_utils import format_gib\n\n\n"
CASES += [
    (
        "#31865 result kind",
        "the GiB compared with a number",
        K(
            *FG,
            "vllm/aeon/r15fg0.py",
            MU + "def aeon_tight(free_bytes: int) -> bool:\n    return format_gib(free_bytes) < 4.0\n",
            "    return format_gib(free_bytes) < 4.0",
        ),
    ),
]
TWINS += [
    (
        "#31865 result kind",
        "twin: float() of the GiB compared",
        K(
            *FG,
            "vllm/aeon/r15fg1.py",
            MU + "def aeon_tight(free_bytes: int) -> bool:\n"
            "    gib = float(format_gib(free_bytes))  # AEON: a string since #31865\n"
            "    return gib < 4.0\n",
            "    return gib < 4.0",
        ),
    ),
    (
        "#31865 result kind",
        "twin: the GiB only printed",
        K(
            *FG,
            "vllm/aeon/r15fg2.py",
            MU + "def aeon_report(free_bytes: int) -> str:\n"
            "    gib = format_gib(free_bytes)\n"
            '    return "free: %s GiB" % gib\n',
            '    return "free: %s GiB" % gib',
        ),
    ),
]

# --- 61e592747c (#6032): RayWorkerWrapper.execute_model_compiled_dag_remote renamed execute_model_spmd
RW = ("#6032", "61e592747c", "RayWorkerWrapper.execute_model_compiled_dag_remote -> execute_model_spmd")
RU = "from vllm.executor.ray_utils import RayWorkerWrapper\n\n\n"
CASES += [
    (
        "#6032 actor method renamed",
        "a compiled graph's .bind",
        K(
            *RW,
            "vllm/aeon/r15rw0.py",
            RU + "class AeonGraph:\n"
            "    def __init__(self, workers: list[RayWorkerWrapper]) -> None:\n"
            "        self.workers = workers\n\n"
            "    def build(self, data):\n"
            "        return [w.execute_model_compiled_dag_remote.bind(data) for w in self.workers]\n",
            "        return [w.execute_model_compiled_dag_remote.bind(data) for w in self.workers]",
        ),
    ),
]
TWINS += [
    (
        "#6032 actor method renamed",
        "twin: the fork's own actor class keeps the old method",
        K(
            *RW,
            "vllm/aeon/r15rw1.py",
            RU + "class AeonRayWorker(RayWorkerWrapper):\n"
            "    def execute_model_compiled_dag_remote(self, ignored):\n"
            "        return self.worker.execute_model()\n\n\n"
            "class AeonGraph:\n"
            "    def __init__(self, workers: list[AeonRayWorker]) -> None:\n"
            "        self.workers = workers\n\n"
            "    def build(self, data):\n"
            "        return [w.execute_model_compiled_dag_remote.bind(data) for w in self.workers]\n",
            "        return [w.execute_model_compiled_dag_remote.bind(data) for w in self.workers]",
        ),
    ),
    (
        "#6032 actor method renamed",
        "twin: the fork's actor class aliases the old name",
        K(
            *RW,
            "vllm/aeon/r15rw2.py",
            RU + "def _aeon_execute(self, ignored):\n"
            "    return self.worker.execute_model()\n\n\n"
            "class AeonRayWorker(RayWorkerWrapper):\n"
            "    execute_model_compiled_dag_remote = _aeon_execute\n\n\n"
            "def aeon_graph(driver: AeonRayWorker, data):\n"
            "    return driver.execute_model_compiled_dag_remote.bind(data)\n",
            "    return driver.execute_model_compiled_dag_remote.bind(data)",
        ),
    ),
    (
        "#6032 actor method renamed",
        "twin: an inspect.Signature's .bind held in an attribute",
        K(
            *RW,
            "vllm/aeon/r15rw3.py",
            "import inspect\n\n" + RU + "class AeonRayWorker(RayWorkerWrapper):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.execute_model_compiled_dag_remote = inspect.signature(self.execute_model)\n\n"
            "    def aeon_check(self, data):\n"
            "        return self.execute_model_compiled_dag_remote.bind(data)\n",
            "        return self.execute_model_compiled_dag_remote.bind(data)",
        ),
    ),
]

# --- 56539cddac (#28579): BatchDescriptor(num_tokens, uniform_decode, has_lora) -> (num_tokens, num_reqs, uniform, has_lora)
BD = ("#28579", "56539cddac", "BatchDescriptor num_reqs inserted before uniform (uniform_decode renamed)")
FC = "from vllm.forward_context import BatchDescriptor\n\n\n"
CASES += [
    (
        "#28579 NamedTuple field inserted",
        "positional construction",
        K(
            *BD,
            "vllm/aeon/r15bd0.py",
            FC + "def aeon_verify_descriptor(num_tokens: int) -> BatchDescriptor:\n"
            "    return BatchDescriptor(num_tokens, True)\n",
            "    return BatchDescriptor(num_tokens, True)",
        ),
    ),
]
TWINS += [
    (
        "#28579 NamedTuple field inserted",
        "twin: the fork's own NamedTuple of the name",
        K(
            *BD,
            "vllm/aeon/r15bd1.py",
            "from typing import NamedTuple\n\n\n"
            "class BatchDescriptor(NamedTuple):\n"
            "    num_tokens: int\n"
            "    uniform_decode: bool = False\n\n\n"
            "def aeon_verify_descriptor(num_tokens: int) -> BatchDescriptor:\n"
            "    return BatchDescriptor(num_tokens, True)\n",
            "    return BatchDescriptor(num_tokens, True)",
        ),
    ),
    (
        "#28579 NamedTuple field inserted",
        "twin: the second descriptor of a typed list",
        K(
            *BD,
            "vllm/aeon/r15bd2.py",
            FC + "def aeon_second(captured: list[BatchDescriptor]) -> BatchDescriptor:\n    return captured[1]\n",
            "    return captured[1]",
        ),
    ),
    (
        "#28579 NamedTuple field inserted",
        "twin: the last field (has_lora, last before and after)",
        K(
            *BD,
            "vllm/aeon/r15bd3.py",
            FC + "def aeon_has_lora(desc: BatchDescriptor) -> bool:\n    return bool(desc[-1])\n",
            "    return bool(desc[-1])",
        ),
    ),
    (
        "#28579 NamedTuple field inserted",
        "twin: a descriptor table keyed by the count",
        K(
            *BD,
            "vllm/aeon/r15bd4.py",
            FC + "def aeon_graph_for(graphs: dict[int, BatchDescriptor]) -> BatchDescriptor:\n    return graphs[1]\n",
            "    return graphs[1]",
        ),
    ),
    (
        "#28579 NamedTuple field inserted",
        "twin: the fork's own helper of the name taking (n, flag)",
        K(
            *BD,
            "vllm/aeon/r15bd5.py",
            "from vllm import forward_context\n\n\n"
            "def BatchDescriptor(num_tokens: int, uniform: bool) -> forward_context.BatchDescriptor:  # noqa: N802\n"
            "    return forward_context.BatchDescriptor(num_tokens=num_tokens)\n\n\n"
            "def aeon_verify_descriptor(num_tokens: int) -> forward_context.BatchDescriptor:\n"
            "    return BatchDescriptor(num_tokens, True)\n",
            "    return BatchDescriptor(num_tokens, True)",
        ),
    ),
]

# --- 284cc92275 (#26016): cudagraph_capture_sizes sorted ascending (was descending)
CS = ("#26016", "284cc92275", "cudagraph_capture_sizes sort(reverse=True) -> sort()")
CC = "from vllm.config import CompilationConfig\n\n\n"
TWINS += [
    (
        "#26016 list order flipped",
        "twin: the fork sorts a copy itself",
        K(
            *CS,
            "vllm/aeon/r15cs1.py",
            CC + "def aeon_largest_graph(cc: CompilationConfig) -> int:\n"
            "    sizes = sorted(cc.cudagraph_capture_sizes, reverse=True)\n"
            "    return sizes[0]\n",
            "    return sizes[0]",
        ),
    ),
    (
        "#26016 list order flipped",
        "twin: [0] of the fork's own list of the name",
        K(
            *CS,
            "vllm/aeon/r15cs2.py",
            "class AeonDrafterConfig:\n"
            "    def __init__(self, sizes: list[int]) -> None:\n"
            "        self.cudagraph_capture_sizes = sorted(sizes, reverse=True)\n\n"
            "    def largest(self) -> int:\n"
            "        return self.cudagraph_capture_sizes[0]\n",
            "        return self.cudagraph_capture_sizes[0]",
        ),
    ),
    (
        "#26016 list order flipped",
        "twin: the larger end taken whichever way it is sorted",
        K(
            *CS,
            "vllm/aeon/r15cs3.py",
            CC + "def aeon_largest_graph(cc: CompilationConfig) -> int:\n"
            "    sizes = cc.cudagraph_capture_sizes\n"
            "    return sizes[0] if sizes[0] >= sizes[-1] else sizes[-1]\n",
            "    return sizes[0] if sizes[0] >= sizes[-1] else sizes[-1]",
        ),
    ),
]

# --- 50ac1c7bab (#45781): VLLM_TRITON_ATTN_USE_TD -> VLLM_TRITON_USE_TD, the old name a stub
TD = ("#45781", "50ac1c7bab", "VLLM_TRITON_ATTN_USE_TD -> VLLM_TRITON_USE_TD (old name kept, ignored)")
TWINS += [
    (
        "#45781 env stub",
        "twin: the environment read under both names",
        K(
            *TD,
            "vllm/aeon/r15td1.py",
            "import os\n\n\n"
            "def aeon_td_requested() -> bool:\n"
            "    # AEON: the fleet's older launch scripts still export the old name\n"
            '    value = os.environ.get("VLLM_TRITON_USE_TD") or os.environ.get("VLLM_TRITON_ATTN_USE_TD", "0")\n'
            '    return value == "1"\n',
            '    value = os.environ.get("VLLM_TRITON_USE_TD") or os.environ.get("VLLM_TRITON_ATTN_USE_TD", "0")',
        ),
    ),
    (
        "#45781 env stub",
        "twin: both names set",
        K(
            *TD,
            "vllm/aeon/r15td2.py",
            "import os\n\n\n"
            "def aeon_force_triton_td() -> None:\n"
            '    os.environ.setdefault("VLLM_TRITON_USE_TD", "1")\n'
            "    # AEON: the old name too, for the fleet's images still on releases before #45781\n"
            '    os.environ.setdefault("VLLM_TRITON_ATTN_USE_TD", "1")\n',
            '    os.environ.setdefault("VLLM_TRITON_ATTN_USE_TD", "1")',
        ),
    ),
]

# --- round 2: an annotation-only fix (09473ee41c, #4006: get_prompt_token_ids() -> int became -> List[int]; it
# always returned the list), and the untyped receiver's warning on #26487
AN = ("#4006", "09473ee41c", "SequenceData.get_prompt_token_ids -> int became -> List[int] (annotation only)")
SD = "from vllm.sequence import SequenceData\n\n\n"
TWINS += [
    (
        "#4006 annotation-only kind change",
        "twin: the two token lists concatenated",
        K(
            *AN,
            "vllm/aeon/r15an1.py",
            SD + "def aeon_all_tokens(data: SequenceData) -> list[int]:\n"
            "    return data.get_prompt_token_ids() + data.get_output_token_ids()\n",
            "    return data.get_prompt_token_ids() + data.get_output_token_ids()",
        ),
    ),
    (
        "#4006 annotation-only kind change",
        "twin: the prompt ids bound, then extended",
        K(
            *AN,
            "vllm/aeon/r15an2.py",
            SD + "def aeon_with_draft(data: SequenceData, draft: list[int]) -> list[int]:\n"
            "    prompt = data.get_prompt_token_ids()\n"
            "    return prompt + draft\n",
            "    return prompt + draft",
        ),
    ),
]
MT = ("#26487", "d44e9df7d4", 'mamba_type "linear_attention" -> "gdn_attention"')
TWINS += [
    (
        "#26487 returned string",
        "twin: an untyped receiver compared with both strings",
        K(
            *MT,
            "vllm/aeon/r15mt1.py",
            "def aeon_is_linear(layer) -> bool:\n"
            '    return layer.mamba_type in ("linear_attention", "gdn_attention")\n',
            '    return layer.mamba_type in ("linear_attention", "gdn_attention")',
        ),
    ),
    (
        "#26487 returned string",
        "twin: an untyped receiver, both strings or-ed",
        K(
            *MT,
            "vllm/aeon/r15mt2.py",
            "def aeon_is_linear(layer) -> bool:\n"
            '    return layer.mamba_type == "linear_attention" or layer.mamba_type == "gdn_attention"\n',
            '    return layer.mamba_type == "linear_attention" or layer.mamba_type == "gdn_attention"',
        ),
    ),
]
TWINS += [
    (
        "#26487 returned string",
        "twin: an untyped receiver, the fork's own layer class returns the old string",
        K(
            *MT,
            "vllm/aeon/r15mt3.py",
            "class AeonLinearAttention:\n"
            "    @property\n"
            "    def mamba_type(self) -> str:\n"
            '        return "linear_attention"\n\n\n'
            "def aeon_is_linear(layer) -> bool:\n"
            '    return layer.mamba_type == "linear_attention"\n',
            '    return layer.mamba_type == "linear_attention"',
        ),
    ),
    (
        "#26487 returned string",
        "twin: an untyped receiver, the new string handled first",
        K(
            *MT,
            "vllm/aeon/r15mt4.py",
            "def aeon_state_kind(layer) -> str:\n"
            '    if layer.mamba_type == "gdn_attention":\n'
            '        return "gdn"\n'
            '    return "linear" if layer.mamba_type == "linear_attention" else "other"\n',
            '    return "linear" if layer.mamba_type == "linear_attention" else "other"',
        ),
    ),
]
CASES += [
    (
        "#26487 returned string",
        "an untyped receiver compared with the old string (a warning: MiniMax keeps it)",
        K(
            *MT,
            "vllm/aeon/r15mt0.py",
            'def aeon_is_linear(layer) -> bool:\n    return layer.mamba_type == "linear_attention"\n',
            '    return layer.mamba_type == "linear_attention"',
        ),
    ),
]

# --- round 4: a try that catches the old kind's TypeError, the fork's own override or function of the name
TWINS += [
    (
        "#14079 result kind",
        "twin: the number divided in a try that catches TypeError",
        K(
            *AM,
            "vllm/aeon/r15am7.py",
            EX + "def aeon_num_blocks(executor: Executor, page_size: int) -> int:\n"
            "    memory = executor.determine_available_memory()\n"
            "    try:\n"
            "        return memory // page_size\n"
            "    except TypeError:  # AEON: one number per rank since #14079\n"
            "        return min(memory) // page_size\n",
            "        return memory // page_size",
        ),
    ),
    (
        "#43339 result kind",
        "twin: the fork's subclass overrides the method with a number",
        K(
            *EP,
            "vllm/aeon/r15ep2.py",
            EPM + "class AeonMegaMoEExperts(DeepseekV4MegaMoEExperts):\n"
            "    def _map_global_expert_id(self, expert_id: int) -> int:  # type: ignore[override]\n"
            "        return expert_id - self.experts_start_idx\n\n"
            "    def aeon_is_local(self, expert_id: int) -> bool:\n"
            "        return self._map_global_expert_id(expert_id) != -1\n",
            "        return self._map_global_expert_id(expert_id) != -1",
        ),
    ),
    (
        "#47219 result kind",
        "twin: the fork's own function of the name",
        K(
            *FI,
            "vllm/aeon/r15fi4.py",
            "def _resolve_fi_ar_backend() -> str:\n"
            '    return "mnnvl"  # AEON: GB10 is one node\n\n\n'
            "def aeon_uses_mnnvl() -> bool:\n"
            '    return _resolve_fi_ar_backend() == "mnnvl"\n',
            '    return _resolve_fi_ar_backend() == "mnnvl"',
        ),
    ),
    (
        "#36770 result kind",
        "twin: the fork's builder overrides it with token ids",
        K(
            *DT,
            "vllm/aeon/r15dt2.py",
            KA + "class AeonAudioDummyInputs(KimiAudioDummyInputsBuilder):\n"
            "    def get_dummy_text(self, mm_counts) -> list[int]:  # type: ignore[override]\n"
            "        return [198]\n\n"
            "    def aeon_dummy_len(self) -> int:\n"
            '        return len(self.get_dummy_text({"audio": 1}))\n',
            '        return len(self.get_dummy_text({"audio": 1}))',
        ),
    ),
]

# --- ebfbcfe46a (#45026): RayWorkerWrapper.get_node_and_gpu_ids renamed get_node_and_physical_gpu_ids
NG = ("#45026", "ebfbcfe46a", "RayWorkerWrapper.get_node_and_gpu_ids -> get_node_and_physical_gpu_ids")
RU1 = "import ray\n\nfrom vllm.v1.executor.ray_utils import RayWorkerWrapper\n\n\n"
CASES += [
    (
        "#45026 actor method renamed",
        "an .options(...).remote() call",
        K(
            *NG,
            "vllm/aeon/r15ng0.py",
            RU1 + "def aeon_nodes(workers: list[RayWorkerWrapper]) -> list:\n"
            '    return ray.get([w.get_node_and_gpu_ids.options(name="aeon").remote() for w in workers])\n',
            '    return ray.get([w.get_node_and_gpu_ids.options(name="aeon").remote() for w in workers])',
        ),
    ),
]
TWINS += [
    (
        "#45026 actor method renamed",
        "twin: the fork's own actor class of the old name, untyped handles",
        K(
            *NG,
            "vllm/aeon/r15ng1.py",
            "import ray\n\n\n"
            "@ray.remote\n"
            "class AeonProbe:\n"
            "    def get_node_and_gpu_ids(self) -> tuple[str, list[int]]:\n"
            "        return ray.get_runtime_context().get_node_id(), [int(g) for g in ray.get_gpu_ids()]\n\n\n"
            "def aeon_probe(handles: list) -> list:\n"
            "    return ray.get([h.get_node_and_gpu_ids.remote() for h in handles])\n",
            "    return ray.get([h.get_node_and_gpu_ids.remote() for h in handles])",
        ),
    ),
    (
        "#45026 actor method renamed",
        "twin: the new name called through .bind",
        K(
            *NG,
            "vllm/aeon/r15ng2.py",
            RU1 + "def aeon_nodes(workers: list[RayWorkerWrapper]) -> list:\n"
            "    # AEON: compiled graph of the node probe (#45026 renamed it)\n"
            '    method = "get_node_and_physical_gpu_ids"\n'
            "    return [getattr(w, method).bind() for w in workers]\n",
            "    return [getattr(w, method).bind() for w in workers]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review15-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
