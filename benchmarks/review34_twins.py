"""Adversarial twins of killers133's renamed-slot widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- the flag renamed with its default turned over (#35158 ``maybe_get_kv_connector_output(scheduler_output,
  clear_metadata=True)`` -> ``defer_finalize=False``): the fork's own class of the method's name (a shim and a
  subclass overriding the static method with the old flag), a value spelled like the new flag, a call under
  a signature test, a fallback in ``except TypeError``, a ``*args`` call, another receiver of the fork's;
- a literal or evident value of the old kind into a slot renamed and retyped (#24845 ``ubatch_split(
  max_num_scheduled_tokens: int)`` -> ``num_scheduled_tokens_per_request: np.ndarray``; #24252
  ``CompilerManager.compile_context(runtime_shape: int | None)`` -> ``compile_range: Range``; #29137
  ``GGUFModelLoader._prepare_weights(model_name_or_path: str)`` -> ``model_config: ModelConfig``): the fork's
  own namesake function, a subclass's override keeping the old parameter and called on ``self``, an array the
  fork builds from the int, a local rebound from the int to an array, a value of the new kind built in
  place, a signature test, a fallback in ``except TypeError``, a receiver of the fork's own class;
- a container's elements retyped (#35752 ``select_common_block_size(kv_manager_block_size, attn_groups:
  list[AttentionGroup])`` -> ``backends: list[type[AttentionBackend]]``): the fork's own namesake, a parameter
  annotated with the new elements, groups rebound to their backends before the call, a local list of the
  backends, a fork class's own ``attn_groups`` holding backend classes, another object's attribute of the
  same name, a subclass that re-declares ``self.attn_groups`` as backends.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of
the same commits, kept to show the reach stays.

Main's engine (34e15d39), round 1 (5 cases, 26 twins): 5 caught of 5; 5 false errors of 26: the turned-over
flag on the old call under a signature test (a module flag read off ``inspect.signature``) and as the fallback
of an ``except TypeError`` (2); the literal-kind slot on ``int(counts.max())`` under an inline signature test
and as an ``except TypeError`` fallback (2) -- the renamed slot's errors never asked whether the fork wrote the
call for both signatures, as the call checks do (``call_guarded``); the element-retyped slot on ``groups``
spelled like the old ``attn_groups`` after the fork rebound it to ``[g.backend for g in groups]`` (1) -- the
spelling tied the value to the old elements though the fork built them itself.
Round 2 (more of the same commits): 3 twins under a ``hasattr`` test of a member #35158 added or removed
(``finalize_kv_connector``, ``clear_kv_connector_metadata``), both branches: 3 false errors on main; 3 twins
of arrays the fork builds (quiet); a case of groups only filtered by a comprehension (caught).
Round 3: the fork's own override of the very method keeping the old parameter, called on ``self`` (#35158,
#29137), and a module-level shim of the old signature bound to the upstream name (#24845): quiet on main.
All rounds, main (34e15d39): 6 caught of 6; 8 false errors of 35 twins.
This branch (the renamed slot's errors are warnings in a call the fork wrote for both versions --
``call_guarded``, or a ``hasattr`` test of a member the callee's file gained or lost; a name rebound to a
comprehension mapping its items is not tied to the old elements): 6 caught of 6; 0 false errors of 35 (8
warned: the guarded calls and the mapped rebinding).
Regression set on this branch: killer_replay 26/26, kind_change_replay 12/12, review15/16/17 0 false errors,
blind_replay_ubatch 31/31 (11 twins quiet), blind_replay_dbo 21/21, blind_replay_runners 20/20,
blind_replay_kvconnect 16/16, blind_replay_loader 9 caught, 4 warned, 1 missed of 14 (unchanged), 0 false
errors in each; symbol_precision --windows 1: 0 false errors.

  PYTHONPATH=.. python review34_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

SO = "from vllm.v1.core.sched.output import SchedulerOutput\n"
KVM = "from vllm.v1.worker.kv_connector_model_runner_mixin import KVConnectorModelRunnerMixin\n"
GMR = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n"

# --- 90f3c01fa4 (#35158): maybe_get_kv_connector_output(clear_metadata=True) -> (defer_finalize=False)
DF = ("#35158", "90f3c01fa4", "maybe_get_kv_connector_output's clear_metadata=True renamed defer_finalize=False")
CASES += [
    (
        "#35158 flag turned over",
        "a positional True that meant clear and now means defer",
        K(
            *DF,
            "vllm/aeon/r34df0.py",
            SO + KVM + "\n\ndef aeon_output(so: SchedulerOutput):\n"
            "    return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, True)\n",
            "return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, True)",
        ),
    ),
]
TWINS += [
    (
        "#35158 flag turned over",
        "twin: the fork's own shim class of the method's name",
        K(
            *DF,
            "vllm/aeon/r34df1.py",
            "from contextlib import nullcontext\n\n" + SO + "\n\n"
            "class AeonConnectorShim:\n"
            "    @staticmethod\n"
            "    def maybe_get_kv_connector_output(so: SchedulerOutput, clear_metadata: bool = True):\n"
            "        return nullcontext(clear_metadata)\n\n\n"
            "def aeon_output1(so: SchedulerOutput):\n"
            "    return AeonConnectorShim.maybe_get_kv_connector_output(so, False)\n",
            "return AeonConnectorShim.maybe_get_kv_connector_output(so, False)",
        ),
    ),
    (
        "#35158 flag turned over",
        "twin: a value spelled like the new flag",
        K(
            *DF,
            "vllm/aeon/r34df2.py",
            SO + KVM + "\n\ndef aeon_output2(so: SchedulerOutput, aeon_defer_finalize: bool):\n"
            "    return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, aeon_defer_finalize)\n",
            "return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, aeon_defer_finalize)",
        ),
    ),
    (
        "#35158 flag turned over",
        "twin: the old call under a signature test",
        K(
            *DF,
            "vllm/aeon/r34df3.py",
            "import inspect\n\n" + SO + KVM + "\n\n"
            "_AEON_DEFERS = 'defer_finalize' in inspect.signature(\n"
            "    KVConnectorModelRunnerMixin.maybe_get_kv_connector_output\n).parameters\n\n\n"
            "def aeon_output3(so: SchedulerOutput):\n"
            "    if _AEON_DEFERS:\n"
            "        return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, defer_finalize=True)\n"
            "    return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, False)\n",
            "    return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, False)",
        ),
    ),
    (
        "#35158 flag turned over",
        "twin: the old call as the fallback of an except TypeError",
        K(
            *DF,
            "vllm/aeon/r34df4.py",
            SO + KVM + "\n\ndef aeon_output4(so: SchedulerOutput):\n"
            "    try:\n"
            "        return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, defer_finalize=True)\n"
            "    except TypeError:  # AEON: before #35158\n"
            "        return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, False)\n",
            "        return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, False)",
        ),
    ),
    (
        "#35158 flag turned over",
        "twin: a runner subclass overriding the static method with the old flag, called on self",
        K(
            *DF,
            "vllm/aeon/r34df5.py",
            "from contextlib import nullcontext\n\n" + SO + GMR + "\n\n"
            "class AeonDraftRunner5(GPUModelRunner):\n"
            "    @staticmethod\n"
            "    def aeon_connector_output(so: SchedulerOutput, clear_metadata: bool = True):\n"
            "        return nullcontext(clear_metadata)\n\n"
            "    def aeon_forward(self, so: SchedulerOutput):\n"
            "        with self.aeon_connector_output(so, False) as out:\n"
            "            return out\n",
            "with self.aeon_connector_output(so, False) as out:",
        ),
    ),
    (
        "#35158 flag turned over",
        "twin: a *args call that forwards what the fork's caller gives",
        K(
            *DF,
            "vllm/aeon/r34df6.py",
            SO + KVM + "\n\ndef aeon_output6(so: SchedulerOutput, *flags: bool):\n"
            "    return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, *flags)\n",
            "return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, *flags)",
        ),
    ),
    (
        "#35158 flag turned over",
        "twin: another receiver of the fork's own class with the method's name",
        K(
            *DF,
            "vllm/aeon/r34df7.py",
            "from contextlib import nullcontext\n\n" + SO + "\n\n"
            "class AeonOffload:\n"
            "    def maybe_get_kv_connector_output(self, so: SchedulerOutput, clear_metadata: bool = True):\n"
            "        return nullcontext(clear_metadata)\n\n\n"
            "class AeonStep:\n"
            "    def __init__(self) -> None:\n"
            "        self.offload = AeonOffload()\n\n"
            "    def run(self, so: SchedulerOutput):\n"
            "        return self.offload.maybe_get_kv_connector_output(so, False)\n",
            "return self.offload.maybe_get_kv_connector_output(so, False)",
        ),
    ),
]

# --- cc1dc7ed6d (#24845): ubatch_split(max_num_scheduled_tokens: int) -> (num_scheduled_tokens_per_request: ndarray)
MS = (
    "#24845",
    "cc1dc7ed6d",
    "ubatch_split's max_num_scheduled_tokens: int renamed num_scheduled_tokens_per_request: ndarray",
)
UBS = "import numpy as np\n\nfrom vllm.config import VllmConfig\nfrom vllm.v1.worker.ubatch_splitting import ubatch_split\n\n\n"
CASES += [
    (
        "#24845 slot retyped",
        "a len() of the requests into the array slot",
        K(
            *MS,
            "vllm/aeon/r34ms0.py",
            UBS + "def aeon_split0(reqs: list[str], n: int, padded: int, config: VllmConfig):\n"
            "    return ubatch_split(len(reqs), n, padded, config)\n",
            "return ubatch_split(len(reqs), n, padded, config)",
        ),
    ),
]
TWINS += [
    (
        "#24845 slot retyped",
        "twin: the fork's own namesake of ubatch_split",
        K(
            *MS,
            "vllm/aeon/r34ms1.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def ubatch_split(max_num_scheduled_tokens: int, num_tokens_unpadded: int, num_tokens_padded: int,\n"
            "                 vllm_config: VllmConfig):\n"
            "    return None, None  # AEON: the Spark never splits\n\n\n"
            "def aeon_split1(n: int, padded: int, config: VllmConfig):\n"
            "    return ubatch_split(1, n, padded, config)\n",
            "    return ubatch_split(1, n, padded, config)",
        ),
    ),
    (
        "#24845 slot retyped",
        "twin: an array the fork builds from the int",
        K(
            *MS,
            "vllm/aeon/r34ms2.py",
            UBS + "def aeon_split2(num_reqs: int, n: int, padded: int, config: VllmConfig):\n"
            "    return ubatch_split(np.full(num_reqs, 1, dtype=np.int32), n, padded, config)\n",
            "return ubatch_split(np.full(num_reqs, 1, dtype=np.int32), n, padded, config)",
        ),
    ),
    (
        "#24845 slot retyped",
        "twin: a local rebound from the int to an array",
        K(
            *MS,
            "vllm/aeon/r34ms3.py",
            UBS + "def aeon_split3(num_reqs: int, n: int, padded: int, config: VllmConfig):\n"
            "    per_request = 1\n"
            "    per_request = np.full(num_reqs, per_request, dtype=np.int32)\n"
            "    return ubatch_split(per_request, n, padded, config)\n",
            "return ubatch_split(per_request, n, padded, config)",
        ),
    ),
    (
        "#24845 slot retyped",
        "twin: the old call as the fallback of an except TypeError",
        K(
            *MS,
            "vllm/aeon/r34ms4.py",
            UBS + "def aeon_split4(counts: np.ndarray, n: int, padded: int, config: VllmConfig):\n"
            "    try:\n"
            "        return ubatch_split(counts, n, padded, config)\n"
            "    except TypeError:  # AEON: before #24845\n"
            "        return ubatch_split(int(counts.max()), n, padded, config)\n",
            "        return ubatch_split(int(counts.max()), n, padded, config)",
        ),
    ),
    (
        "#24845 slot retyped",
        "twin: the old call under a signature test",
        K(
            *MS,
            "vllm/aeon/r34ms5.py",
            "import inspect\n\n"
            + UBS
            + "def aeon_split5(counts: np.ndarray, n: int, padded: int, config: VllmConfig):\n"
            "    if 'num_scheduled_tokens_per_request' in inspect.signature(ubatch_split).parameters:\n"
            "        return ubatch_split(counts, n, padded, config)\n"
            "    return ubatch_split(int(counts.max()), n, padded, config)\n",
            "    return ubatch_split(int(counts.max()), n, padded, config)",
        ),
    ),
    (
        "#24845 slot retyped",
        "twin: a receiver of the fork's own splitter class",
        K(
            *MS,
            "vllm/aeon/r34ms6.py",
            "from vllm.config import VllmConfig\n\n\n"
            "class AeonSplitter:\n"
            "    def ubatch_split(self, max_num_scheduled_tokens: int, n: int, padded: int, config: VllmConfig):\n"
            "        return None, None\n\n\n"
            "def aeon_split6(splitter: AeonSplitter, n: int, padded: int, config: VllmConfig):\n"
            "    return splitter.ubatch_split(1, n, padded, config)\n",
            "return splitter.ubatch_split(1, n, padded, config)",
        ),
    ),
    (
        "#24845 slot retyped",
        "twin: an int into the kept int slot after it",
        K(
            *MS,
            "vllm/aeon/r34ms7.py",
            UBS + "def aeon_split7(counts: np.ndarray, padded: int, config: VllmConfig):\n"
            "    return ubatch_split(counts, int(counts.sum()), padded, config)\n",
            "return ubatch_split(counts, int(counts.sum()), padded, config)",
        ),
    ),
]

# --- 4e26d3b09e (#24252): CompilerManager.compile_context(runtime_shape: int | None) -> (compile_range: Range)
CR = ("#24252", "4e26d3b09e", "CompilerManager.compile_context's runtime_shape: int renamed compile_range: Range")
CM = "from vllm.compilation.backends import CompilerManager\n"
CASES += [
    (
        "#24252 slot retyped",
        "a literal size into the range slot",
        K(
            *CR,
            "vllm/aeon/r34cr0.py",
            CM + "\n\ndef aeon_warm(manager: CompilerManager) -> None:\n"
            "    with manager.compile_context(1024):\n"
            "        pass\n",
            "with manager.compile_context(1024):",
        ),
    ),
]
TWINS += [
    (
        "#24252 slot retyped",
        "twin: a Range built in place",
        K(
            *CR,
            "vllm/aeon/r34cr1.py",
            CM + "from vllm.config.utils import Range\n\n\n"
            "def aeon_warm1(manager: CompilerManager) -> None:\n"
            "    with manager.compile_context(Range(start=1, end=1024)):\n"
            "        pass\n",
            "with manager.compile_context(Range(start=1, end=1024)):",
        ),
    ),
    (
        "#24252 slot retyped",
        "twin: a subclass's own context of the old size, called on self",
        K(
            *CR,
            "vllm/aeon/r34cr2.py",
            "from contextlib import contextmanager\n\n" + CM + "\n\n"
            "class AeonCompilerManager(CompilerManager):\n"
            "    @contextmanager\n"
            "    def aeon_shape_context(self, runtime_shape: int | None = None):\n"
            "        yield runtime_shape\n\n"
            "    def aeon_warm2(self) -> None:\n"
            "        with self.aeon_shape_context(1024):\n"
            "            pass\n",
            "with self.aeon_shape_context(1024):",
        ),
    ),
]

# --- 794029f012 (#29137): GGUFModelLoader._prepare_weights(model_name_or_path: str) -> (model_config: ModelConfig)
GG = ("#29137", "794029f012", "GGUF _prepare_weights' model_name_or_path: str renamed model_config: ModelConfig")
GGUF = "from vllm.config import ModelConfig\nfrom vllm.model_executor.model_loader.gguf_loader import GGUFModelLoader\n\n\n"
CASES += [
    (
        "#29137 slot retyped",
        "a literal path into the config slot",
        K(
            *GG,
            "vllm/aeon/r34gg0.py",
            GGUF + "class AeonGGUFLoader0(GGUFModelLoader):\n"
            "    def aeon_local(self) -> str:\n"
            "        return self._prepare_weights('/mnt/models/aeon.gguf')\n",
            "return self._prepare_weights('/mnt/models/aeon.gguf')",
        ),
    ),
]
TWINS += [
    (
        "#29137 slot retyped",
        "twin: the fork's own helper of another name taking the path",
        K(
            *GG,
            "vllm/aeon/r34gg1.py",
            GGUF + "class AeonGGUFLoader1(GGUFModelLoader):\n"
            "    def aeon_prepare(self, model_name_or_path: str) -> str:\n"
            "        return model_name_or_path.removeprefix('aeon://')\n\n"
            "    def aeon_local(self) -> str:\n"
            "        return self.aeon_prepare('aeon:///mnt/models/aeon.gguf')\n",
            "return self.aeon_prepare('aeon:///mnt/models/aeon.gguf')",
        ),
    ),
    (
        "#29137 slot retyped",
        "twin: the config passed, its path read elsewhere",
        K(
            *GG,
            "vllm/aeon/r34gg2.py",
            GGUF + "class AeonGGUFLoader2(GGUFModelLoader):\n"
            "    def aeon_local(self, model_config: ModelConfig) -> str:\n"
            "        return self._prepare_weights(model_config)\n",
            "return self._prepare_weights(model_config)",
        ),
    ),
]

# --- 098d844731 (#35752): select_common_block_size(attn_groups: list[AttentionGroup]) -> (backends: list[type[...]])
SB = ("#35752", "098d844731", "select_common_block_size takes backends, not attention groups")
SCB = "from vllm.v1.worker.utils import AttentionGroup, select_common_block_size\n"
AB = "from vllm.v1.attention.backend import AttentionBackend\n"
CASES += [
    (
        "#35752 elements retyped",
        "a Sequence of groups passed positionally",
        K(
            *SB,
            "vllm/aeon/r34sb0.py",
            "from collections.abc import Sequence\n\n" + SCB + "\n\n"
            "def aeon_block0(groups: Sequence[AttentionGroup]) -> int:\n"
            "    return select_common_block_size(64, groups)\n",
            "    return select_common_block_size(64, groups)",
        ),
    ),
]
TWINS += [
    (
        "#35752 elements retyped",
        "twin: the fork's own namesake taking groups",
        K(
            *SB,
            "vllm/aeon/r34sb1.py",
            "from vllm.v1.worker.utils import AttentionGroup\n\n\n"
            "def select_common_block_size(kv_manager_block_size: int, attn_groups: list[AttentionGroup]) -> int:\n"
            "    return kv_manager_block_size  # AEON: one block size on the Spark\n\n\n"
            "def aeon_block1(groups: list[AttentionGroup]) -> int:\n"
            "    return select_common_block_size(64, groups)\n",
            "    return select_common_block_size(64, groups)",
        ),
    ),
    (
        "#35752 elements retyped",
        "twin: a parameter annotated with the new elements",
        K(
            *SB,
            "vllm/aeon/r34sb2.py",
            SCB + AB + "\n\ndef aeon_block2(backends: list[type[AttentionBackend]]) -> int:\n"
            "    return select_common_block_size(64, backends)\n",
            "return select_common_block_size(64, backends)",
        ),
    ),
    (
        "#35752 elements retyped",
        "twin: the groups parameter rebound to their backends",
        K(
            *SB,
            "vllm/aeon/r34sb3.py",
            SCB + "\n\ndef aeon_block3(groups: list[AttentionGroup]) -> int:\n"
            "    groups = [g.backend for g in groups]  # AEON: upstream now takes the backends\n"
            "    return select_common_block_size(64, groups)\n",
            "    return select_common_block_size(64, groups)",
        ),
    ),
    (
        "#35752 elements retyped",
        "twin: a runner subclass handing a local list of the backends",
        K(
            *SB,
            "vllm/aeon/r34sb4.py",
            "from vllm.v1.worker.utils import select_common_block_size\n" + GMR + "\n\n"
            "class AeonBlockRunner4(GPUModelRunner):\n"
            "    def aeon_block(self, block_size: int) -> int:\n"
            "        backends = [g.backend for g in self.attn_groups[0]]\n"
            "        return select_common_block_size(block_size, backends)\n",
            "return select_common_block_size(block_size, backends)",
        ),
    ),
    (
        "#35752 elements retyped",
        "twin: a fork class whose own attn_groups holds backend classes",
        K(
            *SB,
            "vllm/aeon/r34sb5.py",
            "from vllm.v1.worker.utils import select_common_block_size\n" + AB + "\n\n"
            "class AeonDrafter5:\n"
            "    def __init__(self) -> None:\n"
            "        self.attn_groups: list[list[type[AttentionBackend]]] = []\n\n"
            "    def aeon_block(self, block_size: int) -> int:\n"
            "        return select_common_block_size(block_size, self.attn_groups[0])\n",
            "return select_common_block_size(block_size, self.attn_groups[0])",
        ),
    ),
    (
        "#35752 elements retyped",
        "twin: a runner subclass that re-declares attn_groups as backends",
        K(
            *SB,
            "vllm/aeon/r34sb6.py",
            "from vllm.v1.worker.utils import select_common_block_size\n" + AB + GMR + "\n\n"
            "class AeonBlockRunner6(GPUModelRunner):\n"
            "    def aeon_backends(self) -> None:\n"
            "        self.aeon_groups: list[list[type[AttentionBackend]]] = [[g.backend for g in gs] for gs in self.attn_groups]\n\n"
            "    def aeon_block(self, block_size: int) -> int:\n"
            "        return select_common_block_size(block_size, self.aeon_groups[0])\n",
            "return select_common_block_size(block_size, self.aeon_groups[0])",
        ),
    ),
    (
        "#35752 elements retyped",
        "twin: another object's attribute of the same name, holding backends",
        K(
            *SB,
            "vllm/aeon/r34sb7.py",
            "from vllm.v1.worker.utils import select_common_block_size\n" + AB + GMR + "\n\n"
            "class AeonBackendTable:\n"
            "    def __init__(self) -> None:\n"
            "        self.attn_groups: list[list[type[AttentionBackend]]] = []\n\n\n"
            "class AeonBlockRunner7(GPUModelRunner):\n"
            "    def aeon_block(self, table: AeonBackendTable, block_size: int) -> int:\n"
            "        return select_common_block_size(block_size, table.attn_groups[0])\n",
            "return select_common_block_size(block_size, table.attn_groups[0])",
        ),
    ),
    (
        "#35752 elements retyped",
        "twin: a fork runner subclass whose own attn_groups holds backends",
        K(
            *SB,
            "vllm/aeon/r34sb8.py",
            "from vllm.v1.worker.utils import select_common_block_size\n" + AB + GMR + "\n\n"
            "class AeonBlockRunner8(GPUModelRunner):\n"
            "    def aeon_init(self) -> None:\n"
            "        self.attn_groups: list[list[type[AttentionBackend]]] = []  # AEON: backends, not groups\n\n"
            "    def aeon_block(self, block_size: int) -> int:\n"
            "        return select_common_block_size(block_size, self.attn_groups[0])\n",
            "return select_common_block_size(block_size, self.attn_groups[0])",
        ),
    ),
]


# --- round 2: feature tests of what the same commit added or removed, arrays the fork builds, a filter kept
CASES += [
    (
        "#35752 elements retyped",
        "groups filtered by a comprehension stay groups",
        K(
            *SB,
            "vllm/aeon/r34sb9.py",
            SCB + "\n\ndef aeon_block9(groups: list[AttentionGroup]) -> int:\n"
            "    groups = [g for g in groups if g.layer_names]\n"
            "    return select_common_block_size(64, groups)\n",
            "    return select_common_block_size(64, groups)",
        ),
    ),
]
TWINS += [
    (
        "#35158 flag turned over",
        "twin: the new sense under a test for the finalizer the commit added",
        K(
            *DF,
            "vllm/aeon/r34df8.py",
            SO + KVM + "\n\ndef aeon_output8(so: SchedulerOutput):\n"
            "    if hasattr(KVConnectorModelRunnerMixin, 'finalize_kv_connector'):\n"
            "        return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, True)\n"
            "    return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, defer_finalize=True)\n",
            "        return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, True)",
        ),
    ),
    (
        "#35158 flag turned over",
        "twin: the old sense in the else of a test for the finalizer",
        K(
            *DF,
            "vllm/aeon/r34df9.py",
            SO + KVM + "\n\ndef aeon_output9(so: SchedulerOutput):\n"
            "    if hasattr(KVConnectorModelRunnerMixin, 'finalize_kv_connector'):\n"
            "        return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, defer_finalize=True)\n"
            "    else:\n"
            "        return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, False)\n",
            "        return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, False)",
        ),
    ),
    (
        "#35158 flag turned over",
        "twin: a runner subclass's old sense while the removed clear helper is there",
        K(
            *DF,
            "vllm/aeon/r34df10.py",
            SO + GMR + "\n\nclass AeonDraftRunner10(GPUModelRunner):\n"
            "    def aeon_forward(self, so: SchedulerOutput):\n"
            "        if not hasattr(self, 'clear_kv_connector_metadata'):\n"
            "            with self.maybe_get_kv_connector_output(so, defer_finalize=True) as out:\n"
            "                return out\n"
            "        with self.maybe_get_kv_connector_output(so, False) as out:\n"
            "            return out\n",
            "        with self.maybe_get_kv_connector_output(so, False) as out:",
        ),
    ),
    (
        "#24845 slot retyped",
        "twin: an array of ones the fork builds",
        K(
            *MS,
            "vllm/aeon/r34ms8.py",
            UBS + "def aeon_split8(num_reqs: int, n: int, padded: int, config: VllmConfig):\n"
            "    per_request = np.ones(num_reqs, dtype=np.int32)  # AEON: decode only\n"
            "    return ubatch_split(per_request, n, padded, config)\n",
            "return ubatch_split(per_request, n, padded, config)",
        ),
    ),
    (
        "#24845 slot retyped",
        "twin: a value made an array in place when it is not one",
        K(
            *MS,
            "vllm/aeon/r34ms9.py",
            UBS + "def aeon_split9(counts, n: int, padded: int, config: VllmConfig):\n"
            "    return ubatch_split(counts if isinstance(counts, np.ndarray) else np.asarray(counts), n, padded, config)\n",
            "return ubatch_split(counts if isinstance(counts, np.ndarray) else np.asarray(counts), n, padded, config)",
        ),
    ),
    (
        "#24845 slot retyped",
        "twin: an int local handed to np.full, the array to the call",
        K(
            *MS,
            "vllm/aeon/r34ms10.py",
            UBS + "def aeon_split10(num_reqs: int, n: int, padded: int, config: VllmConfig):\n"
            "    longest = 1\n"
            "    return ubatch_split(np.full(num_reqs, longest), n, padded, config)\n",
            "return ubatch_split(np.full(num_reqs, longest), n, padded, config)",
        ),
    ),
]


# --- round 3: the fork's own override of the very method, keeping the old parameter, called on self
TWINS += [
    (
        "#35158 flag turned over",
        "twin: a runner subclass overriding the method itself with the old flag, called on self",
        K(
            *DF,
            "vllm/aeon/r34df11.py",
            "from contextlib import nullcontext\n\n" + SO + GMR + "\n\n"
            "class AeonDraftRunner11(GPUModelRunner):\n"
            "    @staticmethod\n"
            "    def maybe_get_kv_connector_output(so: SchedulerOutput, clear_metadata: bool = True):\n"
            "        return nullcontext(clear_metadata)  # AEON: the Spark runs no connector\n\n"
            "    def aeon_forward(self, so: SchedulerOutput):\n"
            "        with self.maybe_get_kv_connector_output(so, False) as out:\n"
            "            return out\n",
            "        with self.maybe_get_kv_connector_output(so, False) as out:",
        ),
    ),
    (
        "#29137 slot retyped",
        "twin: a loader subclass overriding the method with the old parameter, called on self",
        K(
            *GG,
            "vllm/aeon/r34gg3.py",
            GGUF + "class AeonGGUFLoader3(GGUFModelLoader):\n"
            "    def _prepare_weights(self, model_name_or_path: str) -> str:\n"
            "        return model_name_or_path.removeprefix('aeon://')\n\n"
            "    def aeon_local(self) -> str:\n"
            "        return self._prepare_weights('aeon:///mnt/models/aeon.gguf')\n",
            "return self._prepare_weights('aeon:///mnt/models/aeon.gguf')",
        ),
    ),
    (
        "#24845 slot retyped",
        "twin: a module-level shim of the old signature the fork calls",
        K(
            *MS,
            "vllm/aeon/r34ms11.py",
            "import numpy as np\n\nfrom vllm.config import VllmConfig\nfrom vllm.v1.worker import ubatch_splitting\n\n\n"
            "def _aeon_ubatch_split(max_num_scheduled_tokens: int, n: int, padded: int, config: VllmConfig):\n"
            "    counts = np.full(max(n // max(max_num_scheduled_tokens, 1), 1), max_num_scheduled_tokens)\n"
            "    return ubatch_splitting.ubatch_split(counts, n, padded, config)\n\n\n"
            "ubatch_split = _aeon_ubatch_split\n\n\n"
            "def aeon_split11(n: int, padded: int, config: VllmConfig):\n"
            "    return ubatch_split(1, n, padded, config)\n",
            "    return ubatch_split(1, n, padded, config)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review34-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
