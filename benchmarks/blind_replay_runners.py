"""A blind replay of the non-CUDA and auxiliary runners a fork carries or subclasses.

11 first-parent commits on the surface a fork that runs on its own device, or patches the runner's
bookkeeping, carries code against -- the CPU, XPU and TPU workers and runners (``CPUModelRunner`` losing
``GPUModelRunner.attention_chunk_size`` and ``KVConnectorModelRunnerMixin.ensure_kv_transfer_shutdown``,
``CPUWorker._get_autobind_cpu_ids`` and ``local_omp_cpuid`` deleted with the OMP set-up, ``XPUWorker``'s
``xpu_get_mem_info`` deleted, ``vllm/v1/worker/tpu_worker.py`` deleted), the input batch
(``CachedRequestState.mm_inputs`` removed, ``pooling_params`` moved from a positional field to a defaulted
tail field, ``InputBatch.pooling_metadata`` made ``get_pooling_metadata()``, ``no_prompt_logprob`` and
``num_prompt_logprobs`` removed, ``_make_prompt_token_ids_tensor`` renamed ``_make_prompt_token_ids_cpu_tensor``,
``is_token_ids`` made a numpy view of a new ``is_token_ids_tensor``) and the warm-up
(``warm_v1_block_table_kernels(device, max_tokens)`` made ``warm_v1_block_table_kernels(runner)``) --
picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays
use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass override, a
read off ``self`` in a runner subclass, a read off a parameter typed as the batch, a positional or keyword
call, a dataclass built positionally, an import of a deleted module, a dotted worker-class string), with
twins (fork code the commit does not break).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 9bdf94ca): 17 caught, 0 warned, 2 missed of 19 (twins: 11
quiet, 1 of them warned, 0 false errors).  The misses: #26214's ``for req_state in self.requests.values():
req_state.mm_inputs`` in a ``CPUModelRunner`` subclass (the loop's element typed by an attribute annotated in
an upstream base's ``__init__``, ``self.requests: dict[str, CachedRequestState]``), and #27618's
``batch.is_token_ids[: n].to(device)`` (an attribute upstream made a numpy view of a tensor: ndarray has no
``.to``).  The twin warned is #32894's ``super().determine_available_memory()`` in an ``XPUWorker``
subclass (the override upstream removed: the call now lands on ``Worker``'s, a warning by design).
After the killers89 widenings: 19 caught, 0 warned, 0 missed of 19 (twins: 11 quiet, 1 of them warned, 0 false
errors).  Caught now: a read off the variable of a loop over ``self.attr`` (or ``self.attr.values()``) in a
subclass, typed by the attribute's container annotation in the class or a base (symbol drift,
``drift/symbols.py``); a method only a torch tensor has called on a field upstream made a numpy array, or the
other way (``drift/array_flavours.py``: the flavour read off what every ``self.name = ...`` of the class builds).
With #29194 added after the blind run (a second real commit of that shape, ``RequestState.num_computed_tokens``
made a tensor, one spelling and one twin): 20 caught, 0 warned, 0 missed of 20 (twins: 12 quiet, 1 of them
warned, 0 false errors).  Regression set on the same head: killer_replay 26/26, kind_change_replay 12/12,
blind_replay_runner 24 caught, 2 warned, 1 missed of 27 (16 twins quiet, as before), blind_replay_workerinputs
34 caught, 1 warned of 35 (19 twins quiet, as before), review15/16/17_twins 0 false errors (40, 30, 23 twins),
symbol_precision 0 false errors on the two windows that finished (the third cut off by a 20-minute limit).

  python benchmarks/blind_replay_runners.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

IB = "from vllm.v1.worker.gpu_input_batch import CachedRequestState, InputBatch\n\n\n"
CPU = "import torch\n\nfrom vllm.v1.worker.cpu_model_runner import CPUModelRunner\n\n\n"

# --- #26214 (736fbf4c89): CachedRequestState.mm_inputs (the deprecated back-compat property) removed
MI = "736fbf4c89"
MIW = "CachedRequestState.mm_inputs removed"
CASES += [
    (
        "#26214 property removed",
        "a read off a parameter typed as the request state",
        K(
            "#26214",
            MI,
            MIW,
            "vllm/aeon/mi1.py",
            IB + "def aeon_mm_count(req_state: CachedRequestState) -> int:\n"
            "    # AEON: the Spark's CPU encoder lane counts the items it must run\n"
            "    return len(req_state.mm_inputs)\n",
            "return len(req_state.mm_inputs)",
        ),
    ),
    (
        "#26214 property removed",
        "a read off the runner's requests dict in a subclass",
        K(
            "#26214",
            MI,
            MIW,
            "vllm/aeon/mi2.py",
            CPU + "class AeonCPUModelRunner(CPUModelRunner):\n"
            "    def aeon_pending_mm(self) -> int:\n"
            "        total = 0\n"
            "        for req_state in self.requests.values():\n"
            "            total += len(req_state.mm_inputs)\n"
            "        return total\n",
            "total += len(req_state.mm_inputs)",
        ),
    ),
    (
        "#26214 property removed",
        "twin: the mm_features field kept",
        K(
            "#26214",
            MI,
            MIW,
            "vllm/aeon/mi3.py",
            IB + "def aeon_mm_count2(req_state: CachedRequestState) -> int:\n    return len(req_state.mm_features)\n",
            "return len(req_state.mm_features)",
        ),
    ),
]

# --- #29071 (7df331c66b): InputBatch.num_prompt_logprobs and the no_prompt_logprob property removed
PL = "7df331c66b"
PLW = "InputBatch.no_prompt_logprob / num_prompt_logprobs removed"
CASES += [
    (
        "#29071 batch attribute removed",
        "a property read off self.input_batch in a runner subclass",
        K(
            "#29071",
            PL,
            PLW,
            "vllm/aeon/pl1.py",
            CPU + "class AeonCPURunner2(CPUModelRunner):\n"
            "    def aeon_wants_prompt_logprobs(self) -> bool:\n"
            "        # AEON: prompt logprobs force the slow path on the CPU lane\n"
            "        return not self.input_batch.no_prompt_logprob\n",
            "return not self.input_batch.no_prompt_logprob",
        ),
    ),
    (
        "#29071 batch attribute removed",
        "a dict read off a parameter typed as the batch",
        K(
            "#29071",
            PL,
            PLW,
            "vllm/aeon/pl2.py",
            IB + "def aeon_prompt_logprobs(batch: InputBatch, req_id: str) -> int:\n"
            "    return batch.num_prompt_logprobs.get(req_id, 0)\n",
            "return batch.num_prompt_logprobs.get(req_id, 0)",
        ),
    ),
    (
        "#29071 batch attribute removed",
        "twin: the max_num_logprobs property kept",
        K(
            "#29071",
            PL,
            PLW,
            "vllm/aeon/pl3.py",
            IB + "def aeon_logprobs(batch: InputBatch) -> int:\n    return batch.max_num_logprobs or 0\n",
            "return batch.max_num_logprobs or 0",
        ),
    ),
]

# --- #24051 (d59c986444): the InputBatch.pooling_metadata property made get_pooling_metadata()
PM = "d59c986444"
PMW = "InputBatch.pooling_metadata -> get_pooling_metadata()"
CASES += [
    (
        "#24051 property made a method",
        "a read off a parameter typed as the batch",
        K(
            "#24051",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            IB + "def aeon_prompt_lens(batch: InputBatch):\n"
            "    # AEON: the embedding lane pools on the host\n"
            "    return batch.pooling_metadata.prompt_lens\n",
            "return batch.pooling_metadata.prompt_lens",
        ),
    ),
    (
        "#24051 property made a method",
        "twin: the pooling_params dict kept",
        K(
            "#24051",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            IB + "def aeon_is_pooling(batch: InputBatch) -> bool:\n    return len(batch.pooling_params) > 0\n",
            "return len(batch.pooling_params) > 0",
        ),
    ),
]

# --- #38139 (995dea1354): InputBatch._make_prompt_token_ids_tensor renamed _make_prompt_token_ids_cpu_tensor
#     (and now returns the host tensor; the caller moves it)
PT = "995dea1354"
PTW = "_make_prompt_token_ids_tensor -> _make_prompt_token_ids_cpu_tensor"
CASES += [
    (
        "#38139 hook renamed",
        "a subclass override of the old name",
        K(
            "#38139",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            "import torch\n\n" + IB + "class AeonInputBatch(InputBatch):\n"
            "    def _make_prompt_token_ids_tensor(self) -> torch.Tensor:\n"
            "        # AEON: unified memory on the Spark: no pinned staging copy\n"
            "        n = self.num_reqs\n"
            "        width = int(self.num_prompt_tokens[:n].max())\n"
            "        return torch.from_numpy(self.token_ids_cpu[:n, :width]).to(self.device)\n",
            "def _make_prompt_token_ids_tensor(self) -> torch.Tensor:",
        ),
    ),
    (
        "#38139 hook renamed",
        "a call off a parameter typed as the batch",
        K(
            "#38139",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            IB + "def aeon_prompt_ids(batch: InputBatch):\n    return batch._make_prompt_token_ids_tensor()\n",
            "return batch._make_prompt_token_ids_tensor()",
        ),
    ),
    (
        "#38139 hook renamed",
        "twin: get_pooling_metadata kept",
        K(
            "#38139",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            IB + "def aeon_pooling(batch: InputBatch):\n    return batch.get_pooling_metadata()\n",
            "return batch.get_pooling_metadata()",
        ),
    ),
]

# --- #27618 (b46e4a06f1): InputBatch.is_token_ids, a torch tensor, made a numpy view of is_token_ids_tensor
TI = "b46e4a06f1"
TIW = "InputBatch.is_token_ids tensor -> ndarray"
CASES += [
    (
        "#27618 attribute retyped",
        "a tensor method on the attribute",
        K(
            "#27618",
            TI,
            TIW,
            "vllm/aeon/ti1.py",
            "import torch\n\n" + IB + "def aeon_token_mask(batch: InputBatch, device: torch.device) -> torch.Tensor:\n"
            "    # AEON: prompt-embeds mask for the Spark's fused embedding kernel\n"
            "    return batch.is_token_ids[: batch.num_reqs].to(device, non_blocking=True)\n",
            "return batch.is_token_ids[: batch.num_reqs].to(device, non_blocking=True)",
        ),
    ),
    (
        "#27618 attribute retyped",
        "twin: an operation both types have",
        K(
            "#27618",
            TI,
            TIW,
            "vllm/aeon/ti2.py",
            IB + "def aeon_token_count(batch: InputBatch, i: int, n: int) -> int:\n"
            "    return int(batch.is_token_ids[i, :n].sum())\n",
            "return int(batch.is_token_ids[i, :n].sum())",
        ),
    ),
]

# --- #29194 (7f12c82fa6), added after the blind run to try array flavour drift on a second real commit: the
#     model runner V2's RequestState.num_computed_tokens, an np.zeros, made a torch.zeros on the device
NC = "7f12c82fa6"
NCW = "RequestState.num_computed_tokens ndarray -> tensor"
RS = "import numpy as np\n\nfrom vllm.v1.worker.gpu.states import RequestState\n\n\n"
CASES += [
    (
        "#29194 attribute retyped",
        "an ndarray method on the attribute",
        K(
            "#29194",
            NC,
            NCW,
            "vllm/aeon/nc1.py",
            RS + "def aeon_computed(req_states: RequestState, idx: np.ndarray) -> np.ndarray:\n"
            "    # AEON: the Spark's host-side prefix-cache probe wants int64 offsets\n"
            "    return req_states.num_computed_tokens[idx].astype(np.int64)\n",
            "return req_states.num_computed_tokens[idx].astype(np.int64)",
        ),
    ),
    (
        "#29194 attribute retyped",
        "twin: an in-place add both flavours take",
        K(
            "#29194",
            NC,
            NCW,
            "vllm/aeon/nc2.py",
            RS + "def aeon_advance(req_states: RequestState, idx: int, n: int) -> None:\n"
            "    req_states.num_computed_tokens[idx] += n\n",
            "req_states.num_computed_tokens[idx] += n",
        ),
    ),
]

# --- #27145 (74c4d80c6c): CachedRequestState.pooling_params moved from the fifth positional field to a
#     defaulted field at the tail: a positional construction shifts every later argument
PP = "74c4d80c6c"
PPW = "CachedRequestState.pooling_params moved to the defaulted tail"
CASES += [
    (
        "#27145 dataclass field moved",
        "a positional construction",
        K(
            "#27145",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            IB + "def aeon_state(new_req, generator) -> CachedRequestState:\n"
            "    return CachedRequestState(new_req.req_id, new_req.prompt_token_ids, new_req.mm_features, new_req.sampling_params, new_req.pooling_params, generator, new_req.block_ids, new_req.num_computed_tokens, [])\n",
            "return CachedRequestState(new_req.req_id, new_req.prompt_token_ids, new_req.mm_features, new_req.sampling_params, new_req.pooling_params, generator, new_req.block_ids, new_req.num_computed_tokens, [])",
        ),
    ),
    (
        "#27145 dataclass field moved",
        "twin: a keyword construction",
        K(
            "#27145",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            IB + "def aeon_state2(new_req, generator) -> CachedRequestState:\n"
            "    return CachedRequestState(req_id=new_req.req_id, prompt_token_ids=new_req.prompt_token_ids, mm_features=new_req.mm_features, sampling_params=new_req.sampling_params, pooling_params=new_req.pooling_params, generator=generator, block_ids=new_req.block_ids, num_computed_tokens=new_req.num_computed_tokens, output_token_ids=[])\n",
            "return CachedRequestState(req_id=new_req.req_id, prompt_token_ids=new_req.prompt_token_ids, mm_features=new_req.mm_features, sampling_params=new_req.sampling_params, pooling_params=new_req.pooling_params, generator=generator, block_ids=new_req.block_ids, num_computed_tokens=new_req.num_computed_tokens, output_token_ids=[])",
        ),
    ),
]

# --- #38383 (856589ed9a): dead code removed: GPUModelRunner.attention_chunk_size,
#     KVConnectorModelRunnerMixin.ensure_kv_transfer_shutdown, CPUModelRunner.get_dp_padding
DC = "856589ed9a"
DCW = "runner dead code removed"
KVM = "from vllm.v1.worker.kv_connector_model_runner_mixin import KVConnectorModelRunnerMixin\n\n\n"
CASES += [
    (
        "#38383 inherited attribute removed",
        "a read off self in a CPU runner subclass",
        K(
            "#38383",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            CPU + "class AeonCPURunner3(CPUModelRunner):\n"
            "    def aeon_chunked_local_attention(self) -> bool:\n"
            "        return self.attention_chunk_size is not None\n",
            "return self.attention_chunk_size is not None",
        ),
    ),
    (
        "#38383 inherited attribute removed",
        "a static helper called off the mixin",
        K(
            "#38383",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            KVM + "def aeon_shutdown() -> None:\n"
            "    # AEON: the Spark's NIXL side-channel outlives the worker otherwise\n"
            "    KVConnectorModelRunnerMixin.ensure_kv_transfer_shutdown()\n",
            "KVConnectorModelRunnerMixin.ensure_kv_transfer_shutdown()",
        ),
    ),
    (
        "#38383 inherited attribute removed",
        "twin: a static helper kept",
        K(
            "#38383",
            DC,
            DCW,
            "vllm/aeon/dc3.py",
            KVM + "def aeon_finalize() -> None:\n    KVConnectorModelRunnerMixin.finalize_kv_connector()\n",
            "KVConnectorModelRunnerMixin.finalize_kv_connector()",
        ),
    ),
]

# --- #36487 (abebd9323d): the CPU worker's OMP set-up replaced: _get_autobind_cpu_ids and local_omp_cpuid gone
OM = "abebd9323d"
OMW = "CPUWorker._get_autobind_cpu_ids / local_omp_cpuid removed"
CW = "from vllm.v1.worker.cpu_worker import CPUWorker\n\n\n"
CASES += [
    (
        "#36487 worker helper removed",
        "a call of the removed helper in a subclass",
        K(
            "#36487",
            OM,
            OMW,
            "vllm/aeon/om1.py",
            CW + "class AeonCPUWorker(CPUWorker):\n"
            "    def aeon_bind_one_per_core(self) -> str:\n"
            "        # AEON: Grace cores have no SMT; bind every CPU of the node\n"
            "        return self._get_autobind_cpu_ids(lambda cpus: cpus)\n",
            "return self._get_autobind_cpu_ids(lambda cpus: cpus)",
        ),
    ),
    (
        "#36487 worker helper removed",
        "a read of the attribute init_device no longer sets",
        K(
            "#36487",
            OM,
            OMW,
            "vllm/aeon/om2.py",
            CW + "class AeonCPUWorker2(CPUWorker):\n"
            "    def init_device(self):\n"
            "        super().init_device()\n"
            "        if self.local_omp_cpuid != 'nobind':\n"
            "            print('bound to', self.local_omp_cpuid)\n",
            "if self.local_omp_cpuid != 'nobind':",
        ),
    ),
    (
        "#36487 worker helper removed",
        "twin: an override of a kept method through super()",
        K(
            "#36487",
            OM,
            OMW,
            "vllm/aeon/om3.py",
            CW + "class AeonCPUWorker3(CPUWorker):\n"
            "    def determine_available_memory(self) -> int:\n"
            "        return super().determine_available_memory() // 2\n",
            "return super().determine_available_memory() // 2",
        ),
    ),
]

# --- #32610 (f744810184): vllm/v1/worker/tpu_worker.py (the tpu_inference shim) deleted
TW = "f744810184"
TWW = "vllm/v1/worker/tpu_worker.py deleted"
CASES += [
    (
        "#32610 module deleted",
        "an import of the deleted module",
        K(
            "#32610",
            TW,
            TWW,
            "vllm/aeon/tw1.py",
            "from vllm.v1.worker.tpu_worker import TPUWorker\n\n\nclass AeonTPUWorker(TPUWorker):\n    pass\n",
            "from vllm.v1.worker.tpu_worker import TPUWorker",
        ),
    ),
    (
        "#32610 module deleted",
        "a dotted worker-class string",
        K(
            "#32610",
            TW,
            TWW,
            "vllm/aeon/tw2.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_pick_worker(vllm_config: VllmConfig) -> None:\n"
            "    vllm_config.parallel_config.worker_cls = 'vllm.v1.worker.tpu_worker.TPUWorker'\n",
            "vllm_config.parallel_config.worker_cls = 'vllm.v1.worker.tpu_worker.TPUWorker'",
        ),
    ),
    (
        "#32610 module deleted",
        "twin: a dotted string of a kept worker",
        K(
            "#32610",
            TW,
            TWW,
            "vllm/aeon/tw3.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_pick_worker2(vllm_config: VllmConfig) -> None:\n"
            "    vllm_config.parallel_config.worker_cls = 'vllm.v1.worker.cpu_worker.CPUWorker'\n",
            "vllm_config.parallel_config.worker_cls = 'vllm.v1.worker.cpu_worker.CPUWorker'",
        ),
    ),
]

# --- #32894 (8bb6271c77): XPUWorker.xpu_get_mem_info and its determine_available_memory override removed
XM = "8bb6271c77"
XMW = "XPUWorker.xpu_get_mem_info removed"
XW = "from vllm.v1.worker.xpu_worker import XPUWorker\n\n\n"
CASES += [
    (
        "#32894 worker hook removed",
        "an override of the removed hook (nothing calls it now)",
        K(
            "#32894",
            XM,
            XMW,
            "vllm/aeon/xm1.py",
            "import torch\n\n" + XW + "class AeonXPUWorker(XPUWorker):\n"
            "    def xpu_get_mem_info(self):\n"
            "        # AEON: client Arc GPUs report no free memory; reserve 256 MiB instead\n"
            "        _, total = torch.xpu.mem_get_info()\n"
            "        return total - torch.xpu.memory_allocated() - (256 << 20), total\n",
            "def xpu_get_mem_info(self):",
        ),
    ),
    (
        "#32894 worker hook removed",
        "a call of the removed hook in a subclass",
        K(
            "#32894",
            XM,
            XMW,
            "vllm/aeon/xm2.py",
            XW + "class AeonXPUWorker2(XPUWorker):\n"
            "    def aeon_free_bytes(self) -> int:\n"
            "        free, _ = self.xpu_get_mem_info()\n"
            "        return free\n",
            "free, _ = self.xpu_get_mem_info()",
        ),
    ),
    (
        "#32894 worker hook removed",
        "twin: an override of the inherited memory probe",
        K(
            "#32894",
            XM,
            XMW,
            "vllm/aeon/xm3.py",
            XW + "class AeonXPUWorker3(XPUWorker):\n"
            "    def determine_available_memory(self) -> int:\n"
            "        return int(super().determine_available_memory() * 0.9)\n",
            "return int(super().determine_available_memory() * 0.9)",
        ),
    ),
]

# --- #49903 (0d0504b54c): warm_v1_block_table_kernels(device, max_tokens) made warm_v1_block_table_kernels(runner)
WB = "0d0504b54c"
WBW = "warm_v1_block_table_kernels(device, max_tokens) -> (runner)"
WBI = "import torch\n\nfrom vllm.model_executor.warmup.v1_block_table_warmup import warm_v1_block_table_kernels\n\n\n"
CASES += [
    (
        "#49903 parameters replaced",
        "a positional call with the old parameters",
        K(
            "#49903",
            WB,
            WBW,
            "vllm/aeon/wb1.py",
            WBI + "def aeon_warm(max_tokens: int) -> None:\n"
            "    # AEON: warm the slot-mapping kernel before the Spark takes traffic\n"
            "    warm_v1_block_table_kernels(torch.device('cuda'), max_tokens)\n",
            "warm_v1_block_table_kernels(torch.device('cuda'), max_tokens)",
        ),
    ),
    (
        "#49903 parameters replaced",
        "a keyword call with the old names",
        K(
            "#49903",
            WB,
            WBW,
            "vllm/aeon/wb2.py",
            WBI + "def aeon_warm2(max_tokens: int) -> None:\n"
            "    warm_v1_block_table_kernels(device=torch.device('cuda'), max_tokens=max_tokens)\n",
            "warm_v1_block_table_kernels(device=torch.device('cuda'), max_tokens=max_tokens)",
        ),
    ),
    (
        "#49903 parameters replaced",
        "twin: kernel_warmup's signature kept",
        K(
            "#49903",
            WB,
            WBW,
            "vllm/aeon/wb3.py",
            "from vllm.model_executor.warmup.kernel_warmup import kernel_warmup\n\n\n"
            "def aeon_warm3(worker) -> None:\n    kernel_warmup(worker, process_local_only=True)\n",
            "kernel_warmup(worker, process_local_only=True)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-runners-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
