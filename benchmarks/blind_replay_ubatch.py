"""A blind replay of the GPU worker's micro-batching helpers and the model-runner mixins a fork extends.

10 first-parent commits on the surface a fork that tunes the GPU worker carries code against -- the
micro-batch splitter (``ubatch_split``'s ``max_num_scheduled_tokens`` renamed ``num_scheduled_tokens_per_request``
and given a required ``uniform_decode``), the KV-connector mixin (``maybe_setup_kv_connector``,
``maybe_wait_for_kv_save``, ``get_finished_kv_transfers`` and ``get_kv_connector_stats`` removed,
``maybe_get_kv_connector_output``'s ``clear_metadata`` renamed ``defer_finalize`` and
``clear_kv_connector_metadata`` replaced by ``finalize_kv_connector``, ``use_uniform_kv_cache``'s
``cache_dtype`` removed), the LoRA mixin (``LORA_WARMUP_RANK`` removed, ``maybe_dummy_run_with_lora`` given a
required ``num_sampled_tokens``) and the worker helpers (``KVBlockZeroer.init_meta`` folded into the
constructor, ``select_common_block_size`` taking backends instead of attention groups) -- picked by scanning
those paths' diffs (``git log --first-parent -p``), skipping the commits ``blind_replay_dbo.py`` and the other
replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a call on the
mixin class, a self-call from a runner subclass, a ``super()`` call in an override, a keyword call with the
old name, a class-attribute override upstream stopped reading, an override the runner now calls with other
arguments, a constructor call short of the new required parameters, a call through the module), with twins
(fork code the commit does not break).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 194a2911): 19 caught, 1 warned, 1 missed of 21 (twins: 10
quiet, 0 false errors of 10).  Warned: #35752's positional ``select_common_block_size(64, groups)`` with
``groups: list[AttentionGroup]`` -- a warning that the slot was renamed, since both annotations are lists and
the check compared the outer kind only.  Missed: #24845's ``ubatch_split(1, n, padded, config)`` -- a literal
int into the slot retyped ``int`` -> ``np.ndarray``; the check tied an argument to the old kind by its spelling
or its annotation, and a literal has neither.
After the widenings (killers133, the renamed slot of ``drift/symbols.py`` with ``drift/held_kinds.py``): 21
caught, 0 warned, 0 missed of 21 (twins: 10 quiet, 0 false errors).  Caught now: a one-kind container's
elements are compared when its outer kind is kept (``list[AttentionGroup]`` -> ``list[type[AttentionBackend]]``),
and a literal, a builtin's conversion or a local bound only to them is tied to the old kind.  Six probe
spellings added after the blind run (not blind): a positional ``False`` into #35158's flag renamed with its
default turned over (``clear_metadata=True`` -> ``defer_finalize=False``: missed, now caught as a flag whose
sense turned), a local ``longest = int(counts.max())`` into #24845's slot (missed, now caught), and four the
engine caught already (a positional shift into #21068's inserted parameter, a ``getattr`` of a removed method,
an override of the removed ``init_meta``, a removed keyword); one twin.  Four more probes: a runner subclass's
``select_common_block_size(block_size, self.attn_groups[0])`` (missed: now the element kind of an attribute the
class declares, ``self.attn_groups: list[list[AttentionGroup]]``, is read through its indexings), and three the
engine caught already (a self-call from a fork class composing the two mixins itself, a reference to a removed
method in a table, a name spelt like the turned-over flag).  All: 31 caught, 0 warned, 0 missed of 31 (twins:
11 quiet, 0 false errors).  A ``getattr(runner, "LORA_WARMUP_RANK", 8)`` probe was dropped, not
counted: the engine calls a read by a string with a default of a removed member an error by design (the
default is taken silently from then on), and whether 8 is still right is the fork's to say.
Regression set on this branch: killer_replay 26/26, kind_change_replay 12/12, review15/16/17 0 false errors,
blind_replay_dbo 21/21, blind_replay_runners 20/20, blind_replay_lora 33/33, blind_replay_fwdctx 19/19 (0 false
errors in each); symbol_precision --windows 1: 0 false errors.

  python benchmarks/blind_replay_ubatch.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

KVM = "from vllm.v1.worker.kv_connector_model_runner_mixin import KVConnectorModelRunnerMixin\n"
GMR = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n"
SO = "from vllm.v1.core.sched.output import SchedulerOutput\n"

# --- #32077 (6f067b1fb7): unused KVConnectorModelRunnerMixin static methods removed
RM = "6f067b1fb7"
RMW = "maybe_setup_kv_connector / maybe_wait_for_kv_save / get_finished_kv_transfers removed"
CASES += [
    (
        "#32077 method removed",
        "a call of the removed static method on the mixin class",
        K(
            "#32077",
            RM,
            RMW,
            "vllm/aeon/rm1.py",
            KVM + "\n\ndef aeon_flush() -> None:\n"
            "    # AEON: the Spark's offload connector must finish its saves before sleep\n"
            "    KVConnectorModelRunnerMixin.maybe_wait_for_kv_save()\n",
            "KVConnectorModelRunnerMixin.maybe_wait_for_kv_save()",
        ),
    ),
    (
        "#32077 method removed",
        "a self-call of the removed method from a runner subclass",
        K(
            "#32077",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            SO + GMR + "\n\nclass AeonRunner(GPUModelRunner):\n"
            "    def aeon_done(self, scheduler_output: SchedulerOutput) -> set[str]:\n"
            "        sending, _ = self.get_finished_kv_transfers(scheduler_output)\n"
            "        return sending or set()\n",
            "sending, _ = self.get_finished_kv_transfers(scheduler_output)",
        ),
    ),
    (
        "#32077 method removed",
        "a super() call in an override of the removed method",
        K(
            "#32077",
            RM,
            RMW,
            "vllm/aeon/rm3.py",
            SO + GMR + "\n\nclass AeonRunner3(GPUModelRunner):\n"
            "    def maybe_setup_kv_connector(self, scheduler_output: SchedulerOutput):\n"
            "        self.aeon_steps = getattr(self, 'aeon_steps', 0) + 1\n"
            "        super().maybe_setup_kv_connector(scheduler_output)\n",
            "super().maybe_setup_kv_connector(scheduler_output)",
        ),
    ),
    (
        "#32077 method removed",
        "twin: the kept shutdown helper on the mixin class",
        K(
            "#32077",
            RM,
            RMW,
            "vllm/aeon/rm4.py",
            KVM + "\n\ndef aeon_shutdown() -> None:\n    KVConnectorModelRunnerMixin.ensure_kv_transfer_shutdown()\n",
            "KVConnectorModelRunnerMixin.ensure_kv_transfer_shutdown()",
        ),
    ),
]

# --- #28309 (f4417f8449): KVConnectorModelRunnerMixin.get_kv_connector_stats removed
ST = "f4417f8449"
STW = "KVConnectorModelRunnerMixin.get_kv_connector_stats removed"
CASES += [
    (
        "#28309 method removed",
        "a call through the module alias",
        K(
            "#28309",
            ST,
            STW,
            "vllm/aeon/st1.py",
            "from vllm.v1.worker import kv_connector_model_runner_mixin as kvm\n\n\n"
            "def aeon_stats():\n"
            "    # AEON: export the connector's transfer stats to the fleet dashboard\n"
            "    return kvm.KVConnectorModelRunnerMixin.get_kv_connector_stats()\n",
            "return kvm.KVConnectorModelRunnerMixin.get_kv_connector_stats()",
        ),
    ),
    (
        "#28309 method removed",
        "a self-call from a runner subclass",
        K(
            "#28309",
            ST,
            STW,
            "vllm/aeon/st2.py",
            GMR + "\n\nclass AeonStatsRunner(GPUModelRunner):\n"
            "    def aeon_stats(self):\n"
            "        return self.get_kv_connector_stats()\n",
            "return self.get_kv_connector_stats()",
        ),
    ),
    (
        "#28309 method removed",
        "twin: the kept no-forward helper",
        K(
            "#28309",
            ST,
            STW,
            "vllm/aeon/st3.py",
            "from vllm.config import VllmConfig\n" + SO + KVM + "\n\n"
            "def aeon_idle(so: SchedulerOutput, config: VllmConfig):\n"
            "    return KVConnectorModelRunnerMixin.kv_connector_no_forward(so, config)\n",
            "return KVConnectorModelRunnerMixin.kv_connector_no_forward(so, config)",
        ),
    ),
]

# --- #35158 (90f3c01fa4): clear_metadata renamed defer_finalize (meaning inverted);
#     clear_kv_connector_metadata replaced by finalize_kv_connector
DF = "90f3c01fa4"
DFW = "maybe_get_kv_connector_output(clear_metadata=) -> defer_finalize=; clear_kv_connector_metadata removed"
CASES += [
    (
        "#35158 keyword renamed",
        "a keyword call with the old keyword from a runner subclass",
        K(
            "#35158",
            DF,
            DFW,
            "vllm/aeon/df1.py",
            SO + GMR + "\n\nclass AeonDraftRunner(GPUModelRunner):\n"
            "    def aeon_forward(self, scheduler_output: SchedulerOutput):\n"
            "        # AEON: keep the metadata for the draft model's pass\n"
            "        with self.maybe_get_kv_connector_output(scheduler_output, clear_metadata=False) as out:\n"
            "            return out\n",
            "with self.maybe_get_kv_connector_output(scheduler_output, clear_metadata=False) as out:",
        ),
    ),
    (
        "#35158 method removed",
        "a call of the removed clear helper on the mixin class",
        K(
            "#35158",
            DF,
            DFW,
            "vllm/aeon/df2.py",
            KVM
            + "\n\ndef aeon_after_draft() -> None:\n    KVConnectorModelRunnerMixin.clear_kv_connector_metadata()\n",
            "KVConnectorModelRunnerMixin.clear_kv_connector_metadata()",
        ),
    ),
    (
        "#35158 keyword renamed",
        "twin: the call without the renamed keyword",
        K(
            "#35158",
            DF,
            DFW,
            "vllm/aeon/df3.py",
            SO + KVM + "\n\ndef aeon_output(so: SchedulerOutput):\n"
            "    return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so)\n",
            "return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so)",
        ),
    ),
]

# --- #45181 (2cac89f9da): use_uniform_kv_cache(attn_groups, cache_dtype) -> (attn_groups)
UK = "2cac89f9da"
UKW = "use_uniform_kv_cache's cache_dtype removed"
CASES += [
    (
        "#45181 parameter removed",
        "a positional call with the removed parameter",
        K(
            "#45181",
            UK,
            UKW,
            "vllm/aeon/uk1.py",
            KVM + "\n\ndef aeon_cross_layer(groups) -> bool:\n"
            "    # AEON: the fp8 cache on the Spark stays per layer\n"
            "    return KVConnectorModelRunnerMixin.use_uniform_kv_cache(groups, 'fp8')\n",
            "return KVConnectorModelRunnerMixin.use_uniform_kv_cache(groups, 'fp8')",
        ),
    ),
    (
        "#45181 parameter removed",
        "a static-method override the runner now calls with one argument",
        K(
            "#45181",
            UK,
            UKW,
            "vllm/aeon/uk2.py",
            GMR + "\n\nclass AeonUniformRunner(GPUModelRunner):\n"
            "    @staticmethod\n"
            "    def use_uniform_kv_cache(attn_groups, cache_dtype) -> bool:\n"
            "        return False\n",
            "def use_uniform_kv_cache(attn_groups, cache_dtype) -> bool:",
        ),
    ),
    (
        "#45181 parameter removed",
        "twin: the one-argument call",
        K(
            "#45181",
            UK,
            UKW,
            "vllm/aeon/uk3.py",
            KVM + "\n\ndef aeon_uniform(groups) -> bool:\n"
            "    return KVConnectorModelRunnerMixin.use_uniform_kv_cache(groups)\n",
            "return KVConnectorModelRunnerMixin.use_uniform_kv_cache(groups)",
        ),
    ),
]

# --- #43990 (8a9eb40808): KVBlockZeroer.init_meta folded into the constructor
ZI = "8a9eb40808"
ZIW = "KVBlockZeroer.init_meta removed; __init__ takes the groups, sizes, dtype and context"
KZ = "import torch\n\nfrom vllm.v1.worker.utils import KVBlockZeroer\n\n\n"
CASES += [
    (
        "#43990 method removed",
        "a constructor call then init_meta on the new object",
        K(
            "#43990",
            ZI,
            ZIW,
            "vllm/aeon/zi1.py",
            KZ + "def aeon_zeroer(device: torch.device, groups, sizes: list[int], ctx: dict) -> KVBlockZeroer:\n"
            "    # AEON: unified memory, nothing to pin\n"
            "    zeroer = KVBlockZeroer(device, False)\n"
            "    zeroer.init_meta(groups, sizes, 'auto', set(), ctx)\n"
            "    return zeroer\n",
            "zeroer = KVBlockZeroer(device, False)",
        ),
    ),
    (
        "#43990 method removed",
        "init_meta on a receiver annotated as the class",
        K(
            "#43990",
            ZI,
            ZIW,
            "vllm/aeon/zi2.py",
            KZ + "def aeon_rebuild(z: KVBlockZeroer, groups, sizes: list[int], ctx: dict) -> None:\n"
            "    z.init_meta(groups, sizes, 'auto', set(), ctx)\n",
            "z.init_meta(groups, sizes, 'auto', set(), ctx)",
        ),
    ),
    (
        "#43990 method removed",
        "twin: the kept zero_block_ids",
        K(
            "#43990",
            ZI,
            ZIW,
            "vllm/aeon/zi3.py",
            KZ + "def aeon_zero(z: KVBlockZeroer, ids: list[int]) -> None:\n    z.zero_block_ids(ids)\n",
            "z.zero_block_ids(ids)",
        ),
    ),
]

# --- #35752 (098d844731): select_common_block_size(kv_manager_block_size, attn_groups) -> (.., backends)
SB = "098d844731"
SBW = "select_common_block_size takes backends, not attention groups"
SCB = "from vllm.v1.worker.utils import AttentionGroup, select_common_block_size\n\n\n"
CASES += [
    (
        "#35752 parameter renamed",
        "a keyword call with the old parameter name",
        K(
            "#35752",
            SB,
            SBW,
            "vllm/aeon/sb1.py",
            SCB + "def aeon_kernel_block(groups: list[AttentionGroup]) -> int:\n"
            "    # AEON: the Spark's paged KV uses 64-token manager blocks\n"
            "    return select_common_block_size(64, attn_groups=groups)\n",
            "return select_common_block_size(64, attn_groups=groups)",
        ),
    ),
    (
        "#35752 parameter type changed",
        "a positional call still passing attention groups",
        K(
            "#35752",
            SB,
            SBW,
            "vllm/aeon/sb2.py",
            SCB + "def aeon_kernel_block2(groups: list[AttentionGroup]) -> int:\n"
            "    return select_common_block_size(64, groups)\n",
            "return select_common_block_size(64, groups)",
        ),
    ),
    (
        "#35752 parameter renamed",
        "twin: the call with the groups' backends",
        K(
            "#35752",
            SB,
            SBW,
            "vllm/aeon/sb3.py",
            SCB + "def aeon_kernel_block3(groups: list[AttentionGroup]) -> int:\n"
            "    return select_common_block_size(64, [g.backend for g in groups])\n",
            "return select_common_block_size(64, [g.backend for g in groups])",
        ),
    ),
]

# --- #26461 (1b2c440cd6): LoRAModelRunnerMixin.LORA_WARMUP_RANK removed (the rank is computed from the config)
LW = "1b2c440cd6"
LWW = "LoRAModelRunnerMixin.LORA_WARMUP_RANK removed"
LM = "from vllm.v1.worker.lora_model_runner_mixin import LoRAModelRunnerMixin\n\n\n"
CASES += [
    (
        "#26461 class attribute removed",
        "a read of the removed class attribute on the mixin",
        K(
            "#26461",
            LW,
            LWW,
            "vllm/aeon/lw1.py",
            LM + "def aeon_warmup_rank() -> int:\n    return LoRAModelRunnerMixin.LORA_WARMUP_RANK\n",
            "return LoRAModelRunnerMixin.LORA_WARMUP_RANK",
        ),
    ),
    (
        "#26461 class attribute removed",
        "a subclass override of the attribute upstream stopped reading",
        K(
            "#26461",
            LW,
            LWW,
            "vllm/aeon/lw2.py",
            GMR + "\n\nclass AeonLoRARunner(GPUModelRunner):\n"
            "    # AEON: warm the Spark's punica kernels at the fleet's adapter rank\n"
            "    LORA_WARMUP_RANK = 16\n",
            "LORA_WARMUP_RANK = 16",
        ),
    ),
    (
        "#26461 class attribute removed",
        "twin: a self-call of the kept remover",
        K(
            "#26461",
            LW,
            LWW,
            "vllm/aeon/lw3.py",
            GMR + "\n\nclass AeonLoRARunner3(GPUModelRunner):\n"
            "    def aeon_drop(self) -> None:\n"
            "        self.maybe_remove_all_loras(self.lora_config)\n",
            "self.maybe_remove_all_loras(self.lora_config)",
        ),
    ),
]

# --- #21068 (d0c7792004): maybe_dummy_run_with_lora takes a required num_sampled_tokens before activate_lora
NS = "d0c7792004"
NSW = "maybe_dummy_run_with_lora(num_sampled_tokens) required"
CASES += [
    (
        "#21068 required parameter added",
        "a self-call with activate_lora by keyword and no num_sampled_tokens",
        K(
            "#21068",
            NS,
            NSW,
            "vllm/aeon/ns1.py",
            "import numpy as np\n\n" + GMR + "\n\nclass AeonWarmRunner(GPUModelRunner):\n"
            "    def aeon_warm(self, tokens: np.ndarray) -> None:\n"
            "        with self.maybe_dummy_run_with_lora(self.lora_config, tokens, activate_lora=False):\n"
            "            pass\n",
            "with self.maybe_dummy_run_with_lora(self.lora_config, tokens, activate_lora=False):",
        ),
    ),
    (
        "#21068 required parameter added",
        "an override the runner now calls with num_sampled_tokens",
        K(
            "#21068",
            NS,
            NSW,
            "vllm/aeon/ns2.py",
            "import numpy as np\n\n" + GMR + "\n\nclass AeonWarmRunner2(GPUModelRunner):\n"
            "    def maybe_dummy_run_with_lora(self, lora_config, num_scheduled_tokens, activate_lora=True, remove_lora=True):\n"
            "        # AEON: the Spark never activates adapters in the dummy run\n"
            "        return super().maybe_dummy_run_with_lora(lora_config, num_scheduled_tokens, False, remove_lora)\n",
            # the runner now passes five arguments to this four-argument override
            "def maybe_dummy_run_with_lora(self, lora_config, num_scheduled_tokens, activate_lora=True, remove_lora=True):",
        ),
    ),
    (
        "#21068 required parameter added",
        "twin: a self-call of the kept remover",
        K(
            "#21068",
            NS,
            NSW,
            "vllm/aeon/ns3.py",
            GMR + "\n\nclass AeonWarmRunner3(GPUModelRunner):\n"
            "    def aeon_drop(self) -> None:\n"
            "        self.maybe_remove_all_loras(self.lora_config)\n",
            "self.maybe_remove_all_loras(self.lora_config)",
        ),
    ),
]

# --- #25622 (984d18498a): ubatch_split takes a required uniform_decode before vllm_config
UD = "984d18498a"
UDW = "ubatch_split(uniform_decode) required"
US = "import numpy as np\n\nfrom vllm.config import VllmConfig\nfrom vllm.v1.worker.ubatch_splitting import "
CASES += [
    (
        "#25622 required parameter added",
        "a positional call whose config now lands in uniform_decode",
        K(
            "#25622",
            UD,
            UDW,
            "vllm/aeon/ud1.py",
            US + "ubatch_split\n\n\n"
            "def aeon_split(counts: np.ndarray, n: int, padded: int, config: VllmConfig):\n"
            "    # AEON: the Spark splits decode batches only\n"
            "    return ubatch_split(counts, n, padded, config)\n",
            "return ubatch_split(counts, n, padded, config)",
        ),
    ),
    (
        "#25622 required parameter added",
        "a keyword call through the module without the new parameter",
        K(
            "#25622",
            UD,
            UDW,
            "vllm/aeon/ud2.py",
            "import numpy as np\n\nfrom vllm.config import VllmConfig\nfrom vllm.v1.worker import ubatch_splitting\n\n\n"
            "def aeon_split2(counts: np.ndarray, n: int, padded: int, config: VllmConfig):\n"
            "    return ubatch_splitting.ubatch_split(\n"
            "        num_scheduled_tokens_per_request=counts, num_tokens_unpadded=n,\n"
            "        num_tokens_padded=padded, vllm_config=config)\n",
            "return ubatch_splitting.ubatch_split(",
        ),
    ),
    (
        "#25622 required parameter added",
        "twin: the kept threshold check",
        K(
            "#25622",
            UD,
            UDW,
            "vllm/aeon/ud3.py",
            US + "check_ubatch_thresholds\n\n\n"
            "def aeon_wants(config: VllmConfig, n: int) -> bool:\n"
            "    return check_ubatch_thresholds(config.parallel_config, n, uniform_decode=True)\n",
            "return check_ubatch_thresholds(config.parallel_config, n, uniform_decode=True)",
        ),
    ),
]

# --- #24845 (cc1dc7ed6d): ubatch_split(max_num_scheduled_tokens: int) -> (num_scheduled_tokens_per_request: ndarray)
MS = "cc1dc7ed6d"
MSW = "ubatch_split's max_num_scheduled_tokens renamed num_scheduled_tokens_per_request (int -> array)"
CASES += [
    (
        "#24845 parameter renamed",
        "a keyword call with the old parameter name",
        K(
            "#24845",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            "from vllm.config import VllmConfig\nfrom vllm.v1.worker.ubatch_splitting import ubatch_split\n\n\n"
            "def aeon_decode_split(n: int, padded: int, config: VllmConfig):\n"
            "    # AEON: decode-only batches carry one token a request\n"
            "    return ubatch_split(max_num_scheduled_tokens=1, num_tokens_unpadded=n, num_tokens_padded=padded, vllm_config=config)\n",
            "return ubatch_split(max_num_scheduled_tokens=1, num_tokens_unpadded=n, num_tokens_padded=padded, vllm_config=config)",
        ),
    ),
    (
        "#24845 parameter type changed",
        "a positional call still passing an int",
        K(
            "#24845",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            "from vllm.config import VllmConfig\nfrom vllm.v1.worker.ubatch_splitting import ubatch_split\n\n\n"
            "def aeon_decode_split2(n: int, padded: int, config: VllmConfig):\n"
            "    return ubatch_split(1, n, padded, config)\n",
            "return ubatch_split(1, n, padded, config)",
        ),
    ),
    (
        "#24845 parameter renamed",
        "twin: the kept DP padding helper",
        K(
            "#24845",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            "from vllm.config import VllmConfig\nfrom vllm.v1.worker.ubatch_splitting import get_dp_padding_ubatch\n\n\n"
            "def aeon_pad(n: int, padded: int, config: VllmConfig):\n"
            "    return get_dp_padding_ubatch(n, padded, True, config)\n",
            "return get_dp_padding_ubatch(n, padded, True, config)",
        ),
    ),
]


# --- added after the blind run (probes of harder spellings of the same commits; not blind)
CASES += [
    (
        "#35158 flag inverted",
        "a positional False that meant keep the metadata and now means finalize",
        K(
            "#35158",
            DF,
            DFW,
            "vllm/aeon/df4.py",
            SO + GMR + "\n\nclass AeonDraftRunner4(GPUModelRunner):\n"
            "    def aeon_forward(self, scheduler_output: SchedulerOutput):\n"
            "        with self.maybe_get_kv_connector_output(scheduler_output, False) as out:\n"
            "            return out\n",
            "with self.maybe_get_kv_connector_output(scheduler_output, False) as out:",
        ),
    ),
    (
        "#35158 flag inverted",
        "twin: the new keyword spelt out",
        K(
            "#35158",
            DF,
            DFW,
            "vllm/aeon/df5.py",
            SO + KVM + "\n\ndef aeon_output5(so: SchedulerOutput):\n"
            "    return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, defer_finalize=True)\n",
            "return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, defer_finalize=True)",
        ),
    ),
    (
        "#21068 required parameter added",
        "a positional call whose flags now land in num_sampled_tokens",
        K(
            "#21068",
            NS,
            NSW,
            "vllm/aeon/ns4.py",
            "import numpy as np\n\n" + GMR + "\n\nclass AeonWarmRunner4(GPUModelRunner):\n"
            "    def aeon_warm(self, tokens: np.ndarray) -> None:\n"
            "        with self.maybe_dummy_run_with_lora(self.lora_config, tokens, False, False):\n"
            "            pass\n",
            "with self.maybe_dummy_run_with_lora(self.lora_config, tokens, False, False):",
        ),
    ),
    (
        "#32077 method removed",
        "a getattr with the removed method's name",
        K(
            "#32077",
            RM,
            RMW,
            "vllm/aeon/rm5.py",
            KVM + "\n\ndef aeon_flush5() -> None:\n"
            "    getattr(KVConnectorModelRunnerMixin, 'maybe_wait_for_kv_save')()\n",
            "getattr(KVConnectorModelRunnerMixin, 'maybe_wait_for_kv_save')()",
        ),
    ),
    (
        "#43990 method removed",
        "an override of init_meta the runner no longer calls",
        K(
            "#43990",
            ZI,
            ZIW,
            "vllm/aeon/zi4.py",
            KZ + "class AeonZeroer(KVBlockZeroer):\n"
            "    def init_meta(self, attn_groups_iter, kernel_block_sizes, cache_dtype, runner_only_attn_layers, ctx):\n"
            "        # AEON: skip the runner-only layers the Spark shares\n"
            "        super().init_meta(attn_groups_iter, kernel_block_sizes, cache_dtype, set(), ctx)\n",
            "super().init_meta(attn_groups_iter, kernel_block_sizes, cache_dtype, set(), ctx)",
        ),
    ),
    (
        "#45181 parameter removed",
        "a keyword call with the removed parameter",
        K(
            "#45181",
            UK,
            UKW,
            "vllm/aeon/uk4.py",
            KVM + "\n\ndef aeon_cross_layer4(groups) -> bool:\n"
            "    return KVConnectorModelRunnerMixin.use_uniform_kv_cache(groups, cache_dtype='auto')\n",
            "return KVConnectorModelRunnerMixin.use_uniform_kv_cache(groups, cache_dtype='auto')",
        ),
    ),
    (
        "#24845 parameter type changed",
        "a positional local bound to an int",
        K(
            "#24845",
            MS,
            MSW,
            "vllm/aeon/ms4.py",
            "import numpy as np\n\nfrom vllm.config import VllmConfig\nfrom vllm.v1.worker.ubatch_splitting import ubatch_split\n\n\n"
            "def aeon_decode_split4(counts: np.ndarray, padded: int, config: VllmConfig):\n"
            "    longest = int(counts.max())\n"
            "    return ubatch_split(longest, int(counts.sum()), padded, config)\n",
            "return ubatch_split(longest, int(counts.sum()), padded, config)",
        ),
    ),
    (
        "#32077 method removed",
        "a self-call from a fork runner composing the mixins itself",
        K(
            "#32077",
            RM,
            RMW,
            "vllm/aeon/rm6.py",
            SO + KVM + "from vllm.v1.worker.lora_model_runner_mixin import LoRAModelRunnerMixin\n\n\n"
            "class AeonSparkRunner(LoRAModelRunnerMixin, KVConnectorModelRunnerMixin):\n"
            "    def aeon_step(self, scheduler_output: SchedulerOutput) -> None:\n"
            "        self.maybe_setup_kv_connector(scheduler_output)\n",
            "self.maybe_setup_kv_connector(scheduler_output)",
        ),
    ),
    (
        "#28309 method removed",
        "a reference to the removed method kept in a table",
        K(
            "#28309",
            ST,
            STW,
            "vllm/aeon/st4.py",
            KVM + "\n_AEON_PROBES = {'kv': KVConnectorModelRunnerMixin.get_kv_connector_stats}\n",
            "_AEON_PROBES = {'kv': KVConnectorModelRunnerMixin.get_kv_connector_stats}",
        ),
    ),
    (
        "#35752 parameter type changed",
        "a runner subclass passing its own groups attribute",
        K(
            "#35752",
            SB,
            SBW,
            "vllm/aeon/sb4.py",
            "from vllm.v1.worker.utils import select_common_block_size\n"
            + GMR
            + "\n\nclass AeonBlockRunner(GPUModelRunner):\n"
            "    def aeon_block(self, block_size: int) -> int:\n"
            "        return select_common_block_size(block_size, self.attn_groups[0])\n",
            "return select_common_block_size(block_size, self.attn_groups[0])",
        ),
    ),
    (
        "#35158 flag inverted",
        "a name spelt like the old flag, passed by position",
        K(
            "#35158",
            DF,
            DFW,
            "vllm/aeon/df6.py",
            SO + KVM + "\n\ndef aeon_output6(so: SchedulerOutput, clear_metadata: bool):\n"
            "    return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, clear_metadata)\n",
            "return KVConnectorModelRunnerMixin.maybe_get_kv_connector_output(so, clear_metadata)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-ubatch-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
