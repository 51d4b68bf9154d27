"""A blind replay of the v1 GPU model runner a fork's speculative-decoding and CUDA-graph carries subclass.

10 first-parent commits on ``vllm/v1/worker/gpu_model_runner.py`` -- the runner a fork that subclasses and
patches ``GPUModelRunner`` for speculative decoding and CUDA graphs carries code against:
``cudagraph_batch_sizes`` no longer set (#35552), ``_init_model_kwargs`` losing its ``num_tokens`` (#31517),
``inputs_embeds`` turned from a tensor into a ``CpuGpuBuffer`` (#24345), ``generate_draft_token_ids`` renamed
``propose_ngram_draft_token_ids`` (#20238), a new ``_model_forward`` hook ``execute_model`` now calls (#25084),
``_prepare_inputs``' result widened with ``attention_cuda_graphs`` at index 1 and ``_dummy_run``'s
``skip_attn`` replaced (#18581), ``ExecuteModelState.kv_connector_output`` removed (#28768),
``_batch_mm_kwargs_from_scheduler`` renamed with its result reordered (#31222), ``_get_draft_token_ids_cpu``
losing ``num_reqs`` and returning a pair (#30495), and ``maybe_randomize_inputs`` given a required
``inputs_embeds`` (#30472) -- picked by scanning the file's diffs (``git log --first-parent -p``), avoiding the
commits every other replay uses (``blind_replay_runner``, ``_runners``, ``_runnerv2``, ``_mrv2``, ``_cgwarmup``,
``_ubatch``, ``_pstate``, ``_moves``, ``_gpuworker``, ``_kvcache`` cover parts of this surface).  Each is
replayed under 1-3 fork spellings written the way fork code is written (a subclass's ``self.`` read, a read off
a receiver typed as the class, a ``getattr`` with a literal, a subclass override keeping an old parameter or an
old name, a ``self.`` call, a slice of an attribute, an unpacking, an index, a keyword call, a ``with``
statement, a fork helper whose name upstream's new hook now takes), with twins (fork code the commit does not
break: the kept name, a kept field, index 0, an override forwarding ``*args, **kwargs``).  The merge base is
the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 6b4f6ff3): 19 caught, 1 warned, 2 missed of 22 (twins: 11
quiet, 0 false errors).  Symbol drift caught the removed attribute (a ``self.`` read, a typed receiver, a
``getattr`` literal), the overrides and calls of the removed or renamed methods (dead overrides of
``generate_draft_token_ids`` and ``_batch_mm_kwargs_from_scheduler``), the parameter changes at calls and at
overrides upstream now calls with another arity, the slice of the retyped ``inputs_embeds``, the fork helper
``_model_forward`` upstream's new hook now takes over, the removed NamedTuple field and its shifted index;
return drift caught the three-name unpack of ``_prepare_inputs``.  The warning: #24345's
``runner.inputs_embeds.shape`` off a typed receiver (the base built the attribute with ``torch.zeros``, an
outside function whose value the engine cannot type, so a member the new ``CpuGpuBuffer`` lacks is only a
warning: ``drift/symbols.py``'s ``_retyped_holder`` keeps it so for a factory such as ``weakref.proxy``).  The
misses: #18581's ``self._prepare_inputs(so)[1]`` (an index of an inherited method's value: ``self`` was typed
in its class only for unpacks, and another runner's ``_prepare_inputs`` hid the base's by name), and #28768's
nine-name unpack of ``self.execute_model_state`` (the attribute's type is declared only in the base's
``__init__``, and the unpack, a name a line, opens with a bare ``(`` the text gate never matched).  No label
was wrong.
After the killers186 widenings: 21 caught, 1 warned, 0 missed of 22 (twins: 11 quiet, 0 false errors).  Caught
now: an element read by position off ``self.m(...)``/``super().m(...)`` in a class with one base that does not
define ``m`` is resolved in that base, as an unpack already was (return drift, ``drift/returns.py``
``_fork_indexed``; ``tests/audits/test_inherited_indexed_returns.py``); a NamedTuple field read off an attribute
the base class declares only on the instance (``self.x: T | None = None`` in a method) takes that annotation's
class, and an unpack spread a name a line passes the text gate by its closing ``) =`` line, the error landing on
the line naming the value (``drift/grown_tuples.py``; ``tests/audits/test_grown_tuples_inherited.py``); return
drift's unpacks pass the same gate (``returns.CLOSED_TARGET``, ``unpack_line``: a spread three-name unpack of
``self._prepare_inputs(so)`` went unseen as well, found while widening).  Left:
#24345's typed-receiver ``.shape`` stays warned (see above: the base built the attribute with an outside
function, which the engine cannot type).
Regression set at the widenings' head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_mrv2 33 caught of 33 (18 quiet; 33/33 on the base engine too, a widening since its last line),
blind_replay_sampleops 15 caught, 2 warned of 17 (9 quiet, as before), review52_twins 6 caught, 1 warned of 7,
0 false errors of 31 (1 warned, as before), blind_replay_runner 25 caught, 1 warned, 1 missed of 27 (16 quiet; the
same miss on main), blind_replay_runnerv2 21 caught, 1 warned of 22 (13 quiet), blind_replay_cgwarmup 16/16 (8
quiet), review15/16/17_twins 0 false errors (40, 30, 23 twins; 0, 4, 2 warned, the same on the base engine);
0 false errors in each.

  python benchmarks/blind_replay_gpumr.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

R = "import torch\n\nfrom vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"

# --- #35552 (c42dc402c1): GPUModelRunner.cudagraph_batch_sizes removed (never set any more)
CB = "c42dc402c1"
CBW = "GPUModelRunner.cudagraph_batch_sizes removed"
CASES += [
    (
        "#35552 attribute removed",
        "a subclass's self. read",
        K(
            "#35552",
            CB,
            CBW,
            "vllm/aeon/cb1.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_fits_graph(self, num_tokens: int) -> bool:\n"
            "        # AEON: the Spark's spec-decode batches must land in a captured size on GB10\n"
            "        return bool(self.cudagraph_batch_sizes) and num_tokens <= self.cudagraph_batch_sizes[-1]\n",
            "return bool(self.cudagraph_batch_sizes) and num_tokens <= self.cudagraph_batch_sizes[-1]",
        ),
    ),
    (
        "#35552 attribute removed",
        "a read off a receiver typed as the class",
        K(
            "#35552",
            CB,
            CBW,
            "vllm/aeon/cb2.py",
            R + "def aeon_largest_graph(runner: GPUModelRunner) -> int:\n"
            "    # AEON: the GB10 warm-up stops at the largest captured batch\n"
            "    return max(runner.cudagraph_batch_sizes)\n",
            "return max(runner.cudagraph_batch_sizes)",
        ),
    ),
    (
        "#35552 attribute removed",
        "a getattr with a literal name",
        K(
            "#35552",
            CB,
            CBW,
            "vllm/aeon/cb3.py",
            R + "def aeon_graph_sizes(runner: GPUModelRunner) -> list[int]:\n"
            "    # AEON: the Spark's metrics report the captured sizes\n"
            '    return list(getattr(runner, "cudagraph_batch_sizes"))\n',
            'return list(getattr(runner, "cudagraph_batch_sizes"))',
        ),
    ),
    (
        "#35552 attribute removed",
        "twin: the config's capture sizes the runner still keeps",
        K(
            "#35552",
            CB,
            CBW,
            "vllm/aeon/cb4.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_capture_sizes(self) -> list[int]:\n"
            "        return sorted(self.compilation_config.cudagraph_capture_sizes or [])\n",
            "return sorted(self.compilation_config.cudagraph_capture_sizes or [])",
        ),
    ),
]

# --- #31517 (b4bb5f312f): GPUModelRunner._init_model_kwargs(num_tokens) lost its parameter
MK = "b4bb5f312f"
MKW = "_init_model_kwargs's num_tokens parameter removed; upstream calls it with no argument"
CASES += [
    (
        "#31517 parameter removed",
        "a subclass override keeping the old parameter",
        K(
            "#31517",
            MK,
            MKW,
            "vllm/aeon/mk1.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def _init_model_kwargs(self, num_tokens: int):\n"
            "        # AEON: the NVFP4 drafter reads the padded token count on GB10\n"
            "        kwargs = super()._init_model_kwargs(num_tokens)\n"
            '        kwargs["aeon_num_tokens"] = num_tokens\n'
            "        return kwargs\n",
            "def _init_model_kwargs(self, num_tokens: int):",
        ),
    ),
    (
        "#31517 parameter removed",
        "a subclass's self. call with the old argument",
        K(
            "#31517",
            MK,
            MKW,
            "vllm/aeon/mk2.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_draft_kwargs(self, num_tokens: int) -> dict:\n"
            "        # AEON: the Spark's drafter runs with the target's model kwargs\n"
            "        return dict(self._init_model_kwargs(num_tokens))\n",
            "return dict(self._init_model_kwargs(num_tokens))",
        ),
    ),
    (
        "#31517 parameter removed",
        "twin: an override of the kept _extract_mm_kwargs",
        K(
            "#31517",
            MK,
            MKW,
            "vllm/aeon/mk3.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def _extract_mm_kwargs(self, scheduler_output):\n"
            "        return dict(super()._extract_mm_kwargs(scheduler_output))\n",
            "return dict(super()._extract_mm_kwargs(scheduler_output))",
        ),
    ),
]

# --- #24345 (305a1cc0d2): GPUModelRunner.inputs_embeds turned from a tensor into a CpuGpuBuffer
IE = "305a1cc0d2"
IEW = "GPUModelRunner.inputs_embeds made a CpuGpuBuffer (.gpu/.cpu), no longer a tensor"
CASES += [
    (
        "#24345 attribute's type changed",
        "a subclass's slice of the attribute",
        K(
            "#24345",
            IE,
            IEW,
            "vllm/aeon/ie1.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_stage_embeds(self, embeds: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's EAGLE head feeds embeddings straight into the persistent buffer\n"
            "        self.inputs_embeds[: embeds.shape[0]].copy_(embeds)\n"
            "        return self.inputs_embeds[: embeds.shape[0]]\n",
            "self.inputs_embeds[: embeds.shape[0]].copy_(embeds)",
        ),
    ),
    (
        "#24345 attribute's type changed",
        "a tensor attribute read off a typed receiver",
        K(
            "#24345",
            IE,
            IEW,
            "vllm/aeon/ie2.py",
            R + "def aeon_embed_width(runner: GPUModelRunner) -> int:\n"
            "    # AEON: the GB10 drafter checks the hidden width it shares with the target\n"
            "    return runner.inputs_embeds.shape[-1]\n",
            "return runner.inputs_embeds.shape[-1]",
        ),
    ),
    (
        "#24345 attribute's type changed",
        "twin: the buffers that were already CpuGpuBuffers",
        K(
            "#24345",
            IE,
            IEW,
            "vllm/aeon/ie3.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_ids(self, n: int) -> torch.Tensor:\n"
            "        return self.input_ids.gpu[:n]\n",
            "return self.input_ids.gpu[:n]",
        ),
    ),
    (
        "#24345 attribute's type changed",
        "twin: a keyword build of a buffer through _make_buffer",
        K(
            "#24345",
            IE,
            IEW,
            "vllm/aeon/ie4.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_make_counts(self):\n"
            "        return self._make_buffer(self.max_num_reqs, dtype=torch.int32)\n",
            "return self._make_buffer(self.max_num_reqs, dtype=torch.int32)",
        ),
    ),
]

# --- #20238 (2062c0723d): generate_draft_token_ids renamed propose_ngram_draft_token_ids, sampling_metadata dropped
GD = "2062c0723d"
GDW = "generate_draft_token_ids renamed propose_ngram_draft_token_ids(sampled_token_ids)"
CASES += [
    (
        "#20238 method renamed",
        "a subclass override of the old name (no longer called)",
        K(
            "#20238",
            GD,
            GDW,
            "vllm/aeon/gd1.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def generate_draft_token_ids(self, sampled_token_ids, sampling_metadata):\n"
            "        # AEON: the Spark caps n-gram drafts on long prompts\n"
            "        drafts = super().generate_draft_token_ids(sampled_token_ids, sampling_metadata)\n"
            "        return [d[:4] for d in drafts]\n",
            "def generate_draft_token_ids(self, sampled_token_ids, sampling_metadata):",
        ),
    ),
    (
        "#20238 method renamed",
        "a subclass's self. call of the old name",
        K(
            "#20238",
            GD,
            GDW,
            "vllm/aeon/gd2.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_ngram_drafts(self, sampled, metadata):\n"
            "        # AEON: the Spark re-drafts after a rejected NVFP4 verify\n"
            "        return self.generate_draft_token_ids(sampled, metadata)\n",
            "return self.generate_draft_token_ids(sampled, metadata)",
        ),
    ),
    (
        "#20238 method renamed",
        "twin: the drafter and the method name the runner keeps",
        K(
            "#20238",
            GD,
            GDW,
            "vllm/aeon/gd3.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_uses_ngram(self) -> bool:\n"
            '        return self.speculative_config is not None and self.speculative_config.method == "ngram"\n',
            'return self.speculative_config is not None and self.speculative_config.method == "ngram"',
        ),
    ),
]

# --- #25084 (b65e56babe): execute_model now calls a new self._model_forward(input_ids=..., positions=..., ...)
MF = "b65e56babe"
MFW = "GPUModelRunner._model_forward added and called by execute_model"
CASES += [
    (
        "#25084 new base method collides with a fork method",
        "a subclass's own helper of the same name, another signature",
        K(
            "#25084",
            MF,
            MFW,
            "vllm/aeon/mf1.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def _model_forward(self, batch: dict) -> torch.Tensor:\n"
            "        # AEON: the Spark's drafter warm-up runs the model on a prepared batch\n"
            '        return self.model(batch["input_ids"], batch["positions"])\n',
            "def _model_forward(self, batch: dict) -> torch.Tensor:",
        ),
    ),
    (
        "#25084 new base method collides with a fork method",
        "twin: a fork helper under its own name",
        K(
            "#25084",
            MF,
            MFW,
            "vllm/aeon/mf2.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def _aeon_model_forward(self, batch: dict) -> torch.Tensor:\n"
            '        return self.model(batch["input_ids"], batch["positions"])\n',
            "def _aeon_model_forward(self, batch: dict) -> torch.Tensor:",
        ),
    ),
]

# --- #18581 (3597b06a4f): _prepare_inputs returns a 4-tuple (attention_cuda_graphs inserted at 1);
#     _dummy_run's skip_attn replaced by capture_attn_cudagraph
PI = "3597b06a4f"
PIW = "_prepare_inputs' result gained attention_cuda_graphs at index 1; _dummy_run(skip_attn) -> capture_attn_cudagraph"
CASES += [
    (
        "#18581 return tuple widened",
        "an unpacking of the old three",
        K(
            "#18581",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_prepare(self, scheduler_output):\n"
            "        # AEON: the Spark's verify step reads the logits indices before the forward\n"
            "        attn_metadata, logits_indices, spec_decode_metadata = self._prepare_inputs(scheduler_output)\n"
            "        return logits_indices, spec_decode_metadata\n",
            "attn_metadata, logits_indices, spec_decode_metadata = self._prepare_inputs(scheduler_output)",
        ),
    ),
    (
        "#18581 return tuple widened",
        "an index that now lands on the inserted bool",
        K(
            "#18581",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_logits_indices(self, scheduler_output) -> torch.Tensor:\n"
            "        # AEON: the GB10 sampler pads the logits indices to a captured size\n"
            "        return self._prepare_inputs(scheduler_output)[1]\n",
            "return self._prepare_inputs(scheduler_output)[1]",
        ),
    ),
    (
        "#18581 keyword parameter renamed",
        "a keyword call of the old name",
        K(
            "#18581",
            PI,
            PIW,
            "vllm/aeon/pi3.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_warm_attention(self, num_tokens: int) -> torch.Tensor:\n"
            "        # AEON: the Spark warms its FlashInfer kernels with attention on\n"
            "        return self._dummy_run(num_tokens, skip_attn=False)\n",
            "return self._dummy_run(num_tokens, skip_attn=False)",
        ),
    ),
    (
        "#18581 return tuple widened",
        "twin: index 0 (still the attention metadata) and a positional dummy run",
        K(
            "#18581",
            PI,
            PIW,
            "vllm/aeon/pi4.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_attn_metadata(self, scheduler_output) -> dict:\n"
            "        self._dummy_run(1)\n"
            "        return self._prepare_inputs(scheduler_output)[0]\n",
            "return self._prepare_inputs(scheduler_output)[0]",
        ),
    ),
]

# --- #28768 (7765e5ba75): ExecuteModelState lost kv_connector_output (moved onto the runner)
ES = "7765e5ba75"
ESW = "ExecuteModelState.kv_connector_output removed; ec_connector_output moved up a slot"
EM = "from vllm.v1.worker.gpu_model_runner import ExecuteModelState, GPUModelRunner\n\n\n"
CASES += [
    (
        "#28768 NamedTuple field removed",
        "a field read off a typed receiver",
        K(
            "#28768",
            ES,
            ESW,
            "vllm/aeon/es1.py",
            EM + "def aeon_kv_output(state: ExecuteModelState):\n"
            "    # AEON: the Spark's NIXL connector reports its transfers per step\n"
            "    return state.kv_connector_output\n",
            "return state.kv_connector_output",
        ),
    ),
    (
        "#28768 NamedTuple field removed",
        "an unpacking of the old nine fields",
        K(
            "#28768",
            ES,
            ESW,
            "vllm/aeon/es2.py",
            EM + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_peek_state(self):\n"
            "        # AEON: the Spark's spec-decode bookkeeping reads the ephemeral state\n"
            "        (\n"
            "            scheduler_output,\n"
            "            logits,\n"
            "            spec_decode_metadata,\n"
            "            spec_decode_common_attn_metadata,\n"
            "            hidden_states,\n"
            "            sample_hidden_states,\n"
            "            aux_hidden_states,\n"
            "            kv_connector_output,\n"
            "            ec_connector_output,\n"
            "        ) = self.execute_model_state\n"
            "        return hidden_states, kv_connector_output\n",
            ") = self.execute_model_state",
        ),
    ),
    (
        "#28768 NamedTuple field removed",
        "a position index that now lands on another field",
        K(
            "#28768",
            ES,
            ESW,
            "vllm/aeon/es3.py",
            EM + "def aeon_kv_output2(state: ExecuteModelState):\n"
            "    # AEON: the Spark's NIXL connector reports its transfers per step\n"
            "    return state[7]\n",
            "return state[7]",
        ),
    ),
    (
        "#28768 NamedTuple field removed",
        "twin: kept fields read by name",
        K(
            "#28768",
            ES,
            ESW,
            "vllm/aeon/es4.py",
            EM + "def aeon_ec_output(state: ExecuteModelState):\n"
            "    return state.ec_connector_output, state.hidden_states\n",
            "return state.ec_connector_output, state.hidden_states",
        ),
    ),
]

# --- #31222 (ca6a95ba25): _batch_mm_kwargs_from_scheduler renamed _batch_mm_inputs_from_scheduler, result reordered
BM = "ca6a95ba25"
BMW = "_batch_mm_kwargs_from_scheduler renamed _batch_mm_inputs_from_scheduler; returns (mm_hashes, mm_kwargs)"
CASES += [
    (
        "#31222 method renamed",
        "a subclass override of the old name (no longer called)",
        K(
            "#31222",
            BM,
            BMW,
            "vllm/aeon/bm1.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def _batch_mm_kwargs_from_scheduler(self, scheduler_output):\n"
            "        # AEON: the Spark's image encoder takes at most 8 items a batch on GB10\n"
            "        mm_kwargs, mm_hashes_pos = super()._batch_mm_kwargs_from_scheduler(scheduler_output)\n"
            "        return mm_kwargs[:8], mm_hashes_pos[:8]\n",
            "def _batch_mm_kwargs_from_scheduler(self, scheduler_output):",
        ),
    ),
    (
        "#31222 method renamed",
        "a subclass's self. call of the old name",
        K(
            "#31222",
            BM,
            BMW,
            "vllm/aeon/bm2.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_count_mm(self, scheduler_output) -> int:\n"
            "        mm_kwargs, _ = self._batch_mm_kwargs_from_scheduler(scheduler_output)\n"
            "        return len(mm_kwargs)\n",
            "mm_kwargs, _ = self._batch_mm_kwargs_from_scheduler(scheduler_output)",
        ),
    ),
    (
        "#31222 method renamed",
        "twin: the kept encoder entry point",
        K(
            "#31222",
            BM,
            BMW,
            "vllm/aeon/bm3.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_encode(self, scheduler_output):\n"
            "        return self._execute_mm_encoder(scheduler_output)\n",
            "return self._execute_mm_encoder(scheduler_output)",
        ),
    ),
]

# --- #30495 (8ff4a99566): _get_draft_token_ids_cpu(num_reqs) -> _get_draft_token_ids_cpu() returning (ids, req_ids)
DT = "8ff4a99566"
DTW = "_get_draft_token_ids_cpu lost num_reqs and returns (draft_token_ids, req_ids)"
CASES += [
    (
        "#30495 parameter removed, result made a pair",
        "a subclass's self. call with the old argument",
        K(
            "#30495",
            DT,
            DTW,
            "vllm/aeon/dt1.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_draft_lengths(self) -> list[int]:\n"
            "        # AEON: the Spark's acceptance metrics count the drafts per request\n"
            "        req_ids = self.input_batch.req_ids\n"
            "        return [len(d) for d in self._get_draft_token_ids_cpu(len(req_ids))]\n",
            "return [len(d) for d in self._get_draft_token_ids_cpu(len(req_ids))]",
        ),
    ),
    (
        "#30495 parameter removed, result made a pair",
        "a subclass override keeping the old parameter",
        K(
            "#30495",
            DT,
            DTW,
            "vllm/aeon/dt2.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def _get_draft_token_ids_cpu(self, num_reqs: int) -> list[list[int]]:\n"
            "        # AEON: the GB10 drafter never proposes more than 4 tokens\n"
            "        return [d[:4] for d in super()._get_draft_token_ids_cpu(num_reqs)]\n",
            "def _get_draft_token_ids_cpu(self, num_reqs: int) -> list[list[int]]:",
        ),
    ),
    (
        "#30495 parameter removed, result made a pair",
        "twin: the kept public take_draft_token_ids",
        K(
            "#30495",
            DT,
            DTW,
            "vllm/aeon/dt3.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_take(self):\n"
            "        return self.take_draft_token_ids()\n",
            "return self.take_draft_token_ids()",
        ),
    ),
]

# --- #30472 (90d6cf921f): maybe_randomize_inputs(input_ids) given a required inputs_embeds
RI = "90d6cf921f"
RIW = "maybe_randomize_inputs(input_ids, inputs_embeds): inputs_embeds required"
CASES += [
    (
        "#30472 required parameter added",
        "a subclass's with-statement call of the old arity",
        K(
            "#30472",
            RI,
            RIW,
            "vllm/aeon/ri1.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_dp_warmup(self, num_tokens: int):\n"
            "        # AEON: the Spark pair's DP ranks warm their MoE experts with random ids\n"
            "        input_ids = self.input_ids.gpu[:num_tokens]\n"
            "        with self.maybe_randomize_inputs(input_ids):\n"
            "            return self.model(input_ids, self.positions.gpu[:num_tokens])\n",
            "with self.maybe_randomize_inputs(input_ids):",
        ),
    ),
    (
        "#30472 required parameter added",
        "a subclass override of the old arity",
        K(
            "#30472",
            RI,
            RIW,
            "vllm/aeon/ri2.py",
            "from contextlib import contextmanager\n\n" + R + "class AeonRunner(GPUModelRunner):\n"
            "    @contextmanager\n"
            "    def maybe_randomize_inputs(self, input_ids: torch.Tensor):\n"
            "        # AEON: the Spark pair never randomizes on its single DP rank\n"
            "        yield\n",
            "def maybe_randomize_inputs(self, input_ids: torch.Tensor):",
        ),
    ),
    (
        "#30472 required parameter added",
        "twin: an override forwarding *args, **kwargs",
        K(
            "#30472",
            RI,
            RIW,
            "vllm/aeon/ri3.py",
            R + "class AeonRunner(GPUModelRunner):\n"
            "    def maybe_randomize_inputs(self, *args, **kwargs):\n"
            "        return super().maybe_randomize_inputs(*args, **kwargs)\n",
            "def maybe_randomize_inputs(self, *args, **kwargs):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-gpumr-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
