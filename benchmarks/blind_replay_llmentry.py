"""A blind replay of the offline entrypoint ``LLM`` that a fork's offline benchmarks and canary subclass.

9 first-parent commits on ``vllm/entrypoints/llm.py`` -- the ``LLM`` class a Spark fork's offline benchmarks
and its speculative-decoding canary subclass, call with keywords and read the state of:
``LLM._preprocess_completion`` renamed ``_preprocess_cmpl`` (an override no longer called, a ``self.`` call, a
table of unbound methods), ``LLM._add_request`` losing its ``tokenization_kwargs`` slot (a keyword call, a
positional call now landing on ``lora_request``, an override whose ``tokenization_kwargs`` upstream no longer
passes), ``LLM._add_request``'s return now used as the request id to abort (an override that drops it),
``LLM._validate_and_add_requests``' return now used by ``enqueue`` (an override that drops it),
``LLM.io_processor`` removed (a subclass's ``self.`` read, a read off a receiver typed ``LLM``),
``LLM.init_pooling_io_processors`` renamed ``pooling_io_processors`` (a subscript, a ``getattr`` with a literal and
a default, a membership test), ``LLM.encode``'s ``pooling_task`` default ``"encode"`` made ``None`` and filled
with ``"embed"`` where the model supports it (a call and a ``super()`` call leaving it out), and the names
``vllm.entrypoints.llm`` no longer imports when the pooling API and then the offline utils moved to mixins
(``EmbeddingRequestOutput``, ``PoolingTask``, ``SCORE_TYPE_MAP``, ``PoolingParams``, ``maybe_tqdm``,
``RequestOutputKind``: an import, a module attribute) -- picked by scanning the path's diff (``git log
--first-parent -p``), avoiding the commits ``blind_replay_llmclass``, ``_llmapi``, ``_scoring`` and
``_engfront`` use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass
override, a ``super()`` call, a ``self.`` read or call, a read off a receiver typed as the class, an import, a
module attribute, a keyword call, a positional call, a table of callables), with twins (fork code the commit does
not break: the kept method or name, the new home, a keyword call that still fits, an override that returns what
the base returns).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught*
when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error
on their line.

Blind, on the engine before any widening (main at 6771f6b2): 20 caught, 0 warned, 2 missed of 22 (twins: 9
quiet, 0 false errors), in two batches each committed before the engine ran on it (the first 17 caught of 17, 7
quiet; the second, two more commits, 3 caught, 2 missed of 5, 2 quiet).  Symbol drift caught the renamed and
removed methods and attributes (the dead override, the ``self.`` call, the table of unbound methods, the
``getattr`` with a default), the removed ``tokenization_kwargs`` (keyword, positional, the override), the
overrides that drop a return upstream now uses, and every name the module no longer imports.  The misses:
#21720's two (a call and a ``super()`` call leaving ``pooling_task`` out, whose default ``"encode"`` became
``None`` filled by ``"embed" if "embed" in supported_tasks else "encode"``: the fill still names the old
literal, so default drift read the ``None`` as a sentinel standing for it).  No label changed.
After the killers184 widenings: 20 caught, 2 warned, 0 missed of 22 (twins: 9 quiet, 0 false errors).  Warned
now: a call leaving out a parameter whose literal default upstream made None and fills by a test with the old
literal on one branch only (``drift/symbols.py``'s ``_fill_choices``, default drift: a warning, as every
default drift of a call is, since one branch still gives the old value).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
blind_replay_llmclass 23/23 (12 quiet, 1 warned, as before), blind_replay_llmapi 20 caught, 1 warned of 21 (10
quiet), blind_replay_engargs 19 caught, 2 warned of 21 (12 quiet), blind_replay_sampparams 14 caught, 1 missed of
15 (10 quiet, 1 warned), blind_replay_modelcfg 14 caught, 8 warned, 2 missed of 24 (11 quiet), review15_twins 0
false of 40, review16_twins 0 false of 30 (4 warned): every line as before the widening.

  python benchmarks/blind_replay_llmentry.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

LLM_IMPORT = "from vllm.entrypoints.llm import LLM\n\n\n"
CANARY = "class AeonCanaryLLM(LLM):\n    # AEON: the Spark's speculative-decoding canary drives the offline engine\n"

# --- #34490 (ec090c2429): LLM._preprocess_completion renamed _preprocess_cmpl
PC = "ec090c2429"
PCW = "LLM._preprocess_completion renamed _preprocess_cmpl"
CASES += [
    (
        "#34490 method renamed",
        "a subclass override no longer called",
        K(
            "#34490",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            LLM_IMPORT + CANARY + "    def _preprocess_completion(self, prompts, tokenization_kwargs=None):\n"
            "        # AEON: GB10 canary prompts are trimmed of the draft marker before rendering\n"
            '        prompts = [p.removeprefix("<draft>") if isinstance(p, str) else p for p in prompts]\n'
            "        return super()._preprocess_completion(prompts, tokenization_kwargs)\n",
            "def _preprocess_completion(self, prompts, tokenization_kwargs=None):",
        ),
    ),
    (
        "#34490 method renamed",
        "a self. call of the old name",
        K(
            "#34490",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            LLM_IMPORT + CANARY + "    def aeon_render_only(self, prompts):\n"
            "        # AEON: the offline benchmark measures rendering alone on the Spark's aarch64 cores\n"
            "        return self._preprocess_completion(prompts)\n",
            "return self._preprocess_completion(prompts)",
        ),
    ),
    (
        "#34490 method renamed",
        "a table of the class's unbound methods",
        K(
            "#34490",
            PC,
            PCW,
            "vllm/aeon/pc3.py",
            LLM_IMPORT + "# AEON: the offline benchmark times each render stage on the Spark\n"
            "AEON_RENDER_STAGES = {\n"
            '    "completion": LLM._preprocess_completion,\n'
            '    "chat": LLM._preprocess_chat,\n'
            "}\n",
            '"completion": LLM._preprocess_completion,',
        ),
    ),
    (
        "#34490 method renamed",
        "twin: an override of the kept _preprocess_chat",
        K(
            "#34490",
            PC,
            PCW,
            "vllm/aeon/pc4.py",
            LLM_IMPORT + CANARY + "    def _preprocess_chat(self, conversations, *args, **kwargs):\n"
            "        # AEON: the canary's chats carry a system turn naming the draft model\n"
            "        return super()._preprocess_chat(conversations, *args, **kwargs)\n",
            "return super()._preprocess_chat(conversations, *args, **kwargs)",
        ),
    ),
]

# --- #26165 (d78fda7cda): LLM._add_request lost its tokenization_kwargs parameter (third slot)
AR = "d78fda7cda"
ARW = "LLM._add_request(tokenization_kwargs) removed"
CASES += [
    (
        "#26165 parameter removed",
        "a keyword call with the removed keyword",
        K(
            "#26165",
            AR,
            ARW,
            "vllm/aeon/ar1.py",
            LLM_IMPORT + CANARY + "    def aeon_add_truncated(self, prompt, params, max_len: int) -> None:\n"
            "        # AEON: long-context canaries are truncated to the Spark's KV budget\n"
            "        self._add_request(\n"
            "            prompt,\n"
            "            params,\n"
            '            tokenization_kwargs={"truncation": True, "max_length": max_len},\n'
            "        )\n",
            '            tokenization_kwargs={"truncation": True, "max_length": max_len},',
        ),
    ),
    (
        "#26165 parameter removed",
        "a positional call now landing on lora_request",
        K(
            "#26165",
            AR,
            ARW,
            "vllm/aeon/ar2.py",
            LLM_IMPORT + CANARY + "    def aeon_add_with_lora(self, prompt, params, lora) -> None:\n"
            "        # AEON: the NVFP4 canary adds each prompt with its adapter\n"
            "        self._add_request(prompt, params, None, lora)\n",
            "self._add_request(prompt, params, None, lora)",
        ),
    ),
    (
        "#26165 parameter removed",
        "an override whose tokenization_kwargs upstream no longer passes",
        K(
            "#26165",
            AR,
            ARW,
            "vllm/aeon/ar3.py",
            LLM_IMPORT
            + CANARY
            + "    def _add_request(self, prompt, params, tokenization_kwargs=None, lora_request=None, priority=0):\n"
            "        # AEON: the Spark's KV budget caps every prompt's length\n"
            '        if tokenization_kwargs and tokenization_kwargs.get("max_length"):\n'
            '            params.truncate_prompt_tokens = min(tokenization_kwargs["max_length"], 8192)\n'
            "        super()._add_request(prompt, params, lora_request=lora_request, priority=priority)\n",
            "def _add_request(self, prompt, params, tokenization_kwargs=None, lora_request=None, priority=0):",
        ),
    ),
    (
        "#26165 parameter removed",
        "twin: a keyword call of the kept parameters",
        K(
            "#26165",
            AR,
            ARW,
            "vllm/aeon/ar4.py",
            LLM_IMPORT + CANARY + "    def aeon_add_urgent(self, prompt, params, lora) -> None:\n"
            "        # AEON: canary probes jump the benchmark's queue\n"
            "        self._add_request(prompt, params, lora_request=lora, priority=-1)\n",
            "self._add_request(prompt, params, lora_request=lora, priority=-1)",
        ),
    ),
]

# --- #27420 (0ce743f4e1): LLM._add_request now returns the request id the caller aborts on failure
RI = "0ce743f4e1"
RIW = "LLM._add_request's return now used by _validate_and_add_requests"
CASES += [
    (
        "#27420 override's return now used",
        "an override that drops super()'s result",
        K(
            "#27420",
            RI,
            RIW,
            "vllm/aeon/ri1.py",
            LLM_IMPORT + CANARY + "    def _add_request(self, prompt, params, lora_request=None, priority=0):\n"
            "        # AEON: count the canary's requests for the acceptance-rate report\n"
            '        self.aeon_added = getattr(self, "aeon_added", 0) + 1\n'
            "        super()._add_request(prompt, params, lora_request=lora_request, priority=priority)\n",
            "def _add_request(self, prompt, params, lora_request=None, priority=0):",
        ),
    ),
    (
        "#27420 override's return now used",
        "an *args override that drops super()'s result",
        K(
            "#27420",
            RI,
            RIW,
            "vllm/aeon/ri2.py",
            "import time\n\n" + LLM_IMPORT + CANARY + "    def _add_request(self, *args, **kwargs) -> None:\n"
            "        # AEON: time the Spark's request admission\n"
            "        start = time.perf_counter()\n"
            "        super()._add_request(*args, **kwargs)\n"
            "        self.aeon_admit_s = time.perf_counter() - start\n",
            "def _add_request(self, *args, **kwargs) -> None:",
        ),
    ),
    (
        "#27420 override's return now used",
        "twin: an override that returns super()'s result",
        K(
            "#27420",
            RI,
            RIW,
            "vllm/aeon/ri3.py",
            LLM_IMPORT + CANARY + "    def _add_request(self, prompt, params, lora_request=None, priority=0):\n"
            "        # AEON: count the canary's requests for the acceptance-rate report\n"
            '        self.aeon_added = getattr(self, "aeon_added", 0) + 1\n'
            "        return super()._add_request(prompt, params, lora_request=lora_request, priority=priority)\n",
            "def _add_request(self, prompt, params, lora_request=None, priority=0):",
        ),
    ),
]

# --- #33195 (aa181c923b): LLM._validate_and_add_requests' return (the request ids) now returned by enqueue
VA = "aa181c923b"
VAW = "LLM._validate_and_add_requests' return now used by enqueue"
CASES += [
    (
        "#33195 override's return now used",
        "an override that drops super()'s result",
        K(
            "#33195",
            VA,
            VAW,
            "vllm/aeon/va1.py",
            LLM_IMPORT + CANARY + "    def _validate_and_add_requests(self, prompts, params, **kwargs):\n"
            "        # AEON: the canary refuses empty batches before they reach the GB10 scheduler\n"
            "        if not prompts:\n"
            '            raise ValueError("aeon: empty canary batch")\n'
            "        super()._validate_and_add_requests(prompts, params, **kwargs)\n",
            "def _validate_and_add_requests(self, prompts, params, **kwargs):",
        ),
    ),
    (
        "#33195 override's return now used",
        "twin: an override that returns super()'s result",
        K(
            "#33195",
            VA,
            VAW,
            "vllm/aeon/va2.py",
            LLM_IMPORT + CANARY + "    def _validate_and_add_requests(self, prompts, params, **kwargs):\n"
            "        # AEON: the canary refuses empty batches before they reach the GB10 scheduler\n"
            "        if not prompts:\n"
            '            raise ValueError("aeon: empty canary batch")\n'
            "        return super()._validate_and_add_requests(prompts, params, **kwargs)\n",
            "def _validate_and_add_requests(self, prompts, params, **kwargs):",
        ),
    ),
]

# --- #39153 (66c079ae83): LLM.io_processor removed (the per-task pooling_io_processors kept)
IO = "66c079ae83"
IOW = "LLM.io_processor removed"
CASES += [
    (
        "#39153 attribute removed",
        "a subclass's self. read",
        K(
            "#39153",
            IO,
            IOW,
            "vllm/aeon/io1.py",
            LLM_IMPORT + CANARY + "    def aeon_plugin_prompts(self, data):\n"
            "        # AEON: the Spark's geospatial plugin benchmark feeds raw tiles\n"
            "        return self.io_processor.pre_process(prompt=self.io_processor.parse_data(data))\n",
            "return self.io_processor.pre_process(prompt=self.io_processor.parse_data(data))",
        ),
    ),
    (
        "#39153 attribute removed",
        "a read off a receiver typed LLM",
        K(
            "#39153",
            IO,
            IOW,
            "vllm/aeon/io2.py",
            LLM_IMPORT + "def aeon_has_plugin(llm: LLM) -> bool:\n"
            "    # AEON: the offline benchmark skips plugin runs on images without the plugin\n"
            "    return llm.io_processor is not None\n",
            "return llm.io_processor is not None",
        ),
    ),
    (
        "#39153 attribute removed",
        "twin: the kept pooling_io_processors and input_processor",
        K(
            "#39153",
            IO,
            IOW,
            "vllm/aeon/io3.py",
            LLM_IMPORT + "def aeon_pooling_tasks(llm: LLM) -> list[str]:\n"
            "    # AEON: the offline benchmark lists what the Spark's pooling model serves\n"
            "    assert llm.input_processor is not None\n"
            "    return sorted(llm.pooling_io_processors)\n",
            "return sorted(llm.pooling_io_processors)",
        ),
    ),
]

# --- #42267 (75fd68c7a5): the pooling API moved to PoolingOfflineMixin; llm.py no longer imports its names
PM = "75fd68c7a5"
PMW = "names vllm.entrypoints.llm no longer imports (pooling API moved to a mixin)"
CASES += [
    (
        "#42267 re-exported name gone",
        "an import of an output class through the llm module",
        K(
            "#42267",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            "from vllm.entrypoints.llm import LLM, EmbeddingRequestOutput\n\n\n"
            "def aeon_embed_dims(llm: LLM, texts: list[str]) -> list[int]:\n"
            "    # AEON: the offline embedding benchmark checks NVFP4 embeddings keep their width\n"
            "    outs: list[EmbeddingRequestOutput] = llm.embed(texts)\n"
            "    return [len(o.outputs.embedding) for o in outs]\n",
            "from vllm.entrypoints.llm import LLM, EmbeddingRequestOutput",
        ),
    ),
    (
        "#42267 re-exported name gone",
        "an import of a type alias through the llm module",
        K(
            "#42267",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            "from vllm.entrypoints.llm import LLM, PoolingTask\n\n"
            "# AEON: the Spark benchmark runs only these pooling tasks\n"
            'AEON_TASKS: tuple[PoolingTask, ...] = ("embed", "classify")\n\n\n'
            "def aeon_run(llm: LLM, texts: list[str]):\n"
            "    return [llm.encode(texts, pooling_task=t) for t in AEON_TASKS]\n",
            "from vllm.entrypoints.llm import LLM, PoolingTask",
        ),
    ),
    (
        "#42267 re-exported name gone",
        "a module attribute read",
        K(
            "#42267",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            "import vllm.entrypoints.llm as llm_mod\n\n\n"
            "def aeon_score_type(arch: str) -> str:\n"
            "    # AEON: the offline rerank benchmark labels its rows by score type\n"
            '    return llm_mod.SCORE_TYPE_MAP.get(arch, "bi-encoder")\n',
            'return llm_mod.SCORE_TYPE_MAP.get(arch, "bi-encoder")',
        ),
    ),
    (
        "#42267 re-exported name gone",
        "twin: kept imports and a super() call of a method now on the mixin",
        K(
            "#42267",
            PM,
            PMW,
            "vllm/aeon/pm4.py",
            "from vllm.entrypoints.llm import LLM, PoolingRequestOutput, RequestOutput\n\n\n"
            + CANARY
            + "    def embed(self, prompts, *args, **kwargs) -> list:\n"
            "        # AEON: the canary embeds with the progress bar off on the Spark's console\n"
            '        kwargs.setdefault("use_tqdm", False)\n'
            "        return super().embed(prompts, *args, **kwargs)\n\n\n"
            "def aeon_kind(out: PoolingRequestOutput | RequestOutput) -> str:\n"
            '    return "pool" if isinstance(out, PoolingRequestOutput) else "gen"\n',
            "return super().embed(prompts, *args, **kwargs)",
        ),
    ),
]

# --- #43553 (d5cf7b4a2c): the offline utils moved to OfflineInferenceMixin; llm.py no longer imports their names
OU = "d5cf7b4a2c"
OUW = "names vllm.entrypoints.llm no longer imports (offline utils moved to a mixin)"
CASES += [
    (
        "#43553 re-exported name gone",
        "an import of a params class through the llm module",
        K(
            "#43553",
            OU,
            OUW,
            "vllm/aeon/ou1.py",
            "from vllm.entrypoints.llm import LLM, PoolingParams\n\n\n"
            "def aeon_embed(llm: LLM, texts: list[str]):\n"
            "    # AEON: the Spark embedding benchmark runs unnormalized NVFP4 embeddings\n"
            "    return llm.embed(texts, pooling_params=PoolingParams(use_activation=False))\n",
            "from vllm.entrypoints.llm import LLM, PoolingParams",
        ),
    ),
    (
        "#43553 re-exported name gone",
        "an import of an enum through the llm module",
        K(
            "#43553",
            OU,
            OUW,
            "vllm/aeon/ou2.py",
            "from vllm.entrypoints.llm import RequestOutputKind\n"
            "from vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_final_only(params: SamplingParams) -> SamplingParams:\n"
            "    # AEON: the offline benchmark keeps only final outputs to spare the GB10's host memory\n"
            "    params.output_kind = RequestOutputKind.FINAL_ONLY\n"
            "    return params\n",
            "from vllm.entrypoints.llm import RequestOutputKind",
        ),
    ),
    (
        "#43553 re-exported name gone",
        "a module attribute call",
        K(
            "#43553",
            OU,
            OUW,
            "vllm/aeon/ou3.py",
            "import vllm.entrypoints.llm as llm_mod\n\n\n"
            "def aeon_iter(items, use_tqdm: bool):\n"
            "    # AEON: the offline benchmark reuses the LLM's progress bar helper\n"
            '    return llm_mod.maybe_tqdm(items, use_tqdm=use_tqdm, desc="aeon")\n',
            'return llm_mod.maybe_tqdm(items, use_tqdm=use_tqdm, desc="aeon")',
        ),
    ),
    (
        "#43553 re-exported name gone",
        "twin: the kept SamplingParams import and a super() call of a method now on the mixin",
        K(
            "#43553",
            OU,
            OUW,
            "vllm/aeon/ou4.py",
            "from vllm.entrypoints.llm import LLM, SamplingParams\n\n\n"
            + CANARY
            + "    def _run_engine(self, output_type, *, use_tqdm=True):\n"
            "        # AEON: the canary never draws a progress bar on the Spark's console\n"
            "        return super()._run_engine(output_type, use_tqdm=False)\n\n\n"
            "def aeon_greedy() -> SamplingParams:\n"
            "    return SamplingParams(temperature=0.0)\n",
            "return super()._run_engine(output_type, use_tqdm=False)",
        ),
    ),
]

# --- second blind batch, written after the first batch's blind run and committed before the engine ran on it

# --- #36110 (fff3711a24): LLM.init_pooling_io_processors renamed pooling_io_processors
PI = "fff3711a24"
PIW = "LLM.init_pooling_io_processors renamed pooling_io_processors"
CASES += [
    (
        "#36110 attribute renamed",
        "a subclass's self. subscript",
        K(
            "#36110",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            LLM_IMPORT + CANARY + "    def aeon_embed_processor(self):\n"
            "        # AEON: the Spark's embedding benchmark renders through the embed processor directly\n"
            '        return self.init_pooling_io_processors["embed"]\n',
            'return self.init_pooling_io_processors["embed"]',
        ),
    ),
    (
        "#36110 attribute renamed",
        "a getattr with a literal and a default (the fork path silently dead)",
        K(
            "#36110",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            LLM_IMPORT + "def aeon_pooling_tasks(llm: LLM) -> list[str]:\n"
            "    # AEON: the offline benchmark runs every pooling task the NVFP4 model serves\n"
            '    return sorted(getattr(llm, "init_pooling_io_processors", {}))\n',
            'return sorted(getattr(llm, "init_pooling_io_processors", {}))',
        ),
    ),
    (
        "#36110 attribute renamed",
        "a membership test off a receiver typed LLM",
        K(
            "#36110",
            PI,
            PIW,
            "vllm/aeon/pi3.py",
            LLM_IMPORT + "def aeon_can_classify(llm: LLM) -> bool:\n"
            "    # AEON: the canary skips its classify probe on embed-only models\n"
            '    return "classify" in llm.init_pooling_io_processors\n',
            'return "classify" in llm.init_pooling_io_processors',
        ),
    ),
    (
        "#36110 attribute renamed",
        "twin: the kept chat_template_config and supported_tasks",
        K(
            "#36110",
            PI,
            PIW,
            "vllm/aeon/pi4.py",
            LLM_IMPORT + "def aeon_describe(llm: LLM) -> str:\n"
            "    # AEON: the offline benchmark's header names the template and the tasks\n"
            '    return f"{llm.chat_template_config!r} {sorted(llm.supported_tasks)}"\n',
            'return f"{llm.chat_template_config!r} {sorted(llm.supported_tasks)}"',
        ),
    ),
]

# --- #21720 (65f311ce59): LLM.encode's pooling_task default "encode" -> None (then "embed" when supported)
PT = "65f311ce59"
PTW = "LLM.encode(pooling_task) default changed from 'encode' to None"
CASES += [
    (
        "#21720 default changed",
        "a call relying on the old default",
        K(
            "#21720",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            LLM_IMPORT + "def aeon_raw_hidden(llm: LLM, texts: list[str]):\n"
            "    # AEON: the Spark's draft-model probe reads the raw (unnormalized) pooled states\n"
            "    return llm.encode(texts, use_tqdm=False)\n",
            "return llm.encode(texts, use_tqdm=False)",
        ),
    ),
    (
        "#21720 default changed",
        "a subclass's super() call relying on the old default",
        K(
            "#21720",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            LLM_IMPORT + CANARY + "    def aeon_hidden(self, texts, params=None):\n"
            "        # AEON: the canary compares raw pooled states across GB10 nodes\n"
            "        return super().encode(texts, params, use_tqdm=False)\n",
            "return super().encode(texts, params, use_tqdm=False)",
        ),
    ),
    (
        "#21720 default changed",
        "twin: a call naming the task",
        K(
            "#21720",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            LLM_IMPORT + "def aeon_raw_hidden(llm: LLM, texts: list[str]):\n"
            "    # AEON: the Spark's draft-model probe reads the raw (unnormalized) pooled states\n"
            '    return llm.encode(texts, use_tqdm=False, pooling_task="encode")\n',
            'return llm.encode(texts, use_tqdm=False, pooling_task="encode")',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-llmentry-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
