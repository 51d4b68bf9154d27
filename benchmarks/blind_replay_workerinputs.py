"""A blind replay of the worker and the input path: the worker hooks and the prompt/input helpers a fork carries.

18 first-parent commits (ten, then six, then two) on the surface a device fork overrides or calls around the
worker and the input path -- ``vllm/v1/worker/worker_base.py`` (``WorkerWrapperBase`` losing its leading
``vllm_config`` parameter), ``gpu_worker.py`` (``start_weight_update(is_checkpoint_format=)`` removed,
``Worker._reserve_mm_ipc_gpu_memory`` and ``_uses_gpu_video_backend`` moved out to a module
function), ``vllm/v1/worker/utils.py`` (``MultiModalBudget`` moved to ``vllm.multimodal.budget``; ``bind_kv_cache``'s
platform gate made a platform hook raising in the base), ``vllm/worker/worker_base.py`` (the V0 bases removed), and
``vllm/inputs/`` (``InputPreprocessor`` losing its ``mm_processor_cache`` keyword and ``stat_mm_cache``, its
``_build_decoder_only_llm_inputs``/``_get_default_enc_dec_decoder_prompt`` hooks, ``_build_enc_dec_inputs`` and
``get_decoder_start_token_id``, ``preprocess``' ``mm_uuids`` keyword and the ``_preprocess`` it delegated to;
``data.py``'s ``zip_enc_dec_prompts`` removed and ``ExplicitEncoderDecoderPrompt`` made non-generic; ``parse.py``'s
``get_prompt_components`` removed and then ``parse.py`` and ``data.py`` deleted with ``token_inputs`` renamed
``tokens_input``; ``registry.py``'s ``InputContext``/``InputProcessingContext`` moved to the multimodal package)
-- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays
use (``blind_replay_tokenizer.py`` included).  Each is replayed under 1-3 fork spellings written the way fork code
is written (an import, a positional argument now landing on the next parameter, a keyword, a call on a receiver
typed as the class, an override of a hook the base no longer calls, a ``self.`` call in a subclass, a generic
subscripted at module level), with twins (fork code the commit does not break).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at d78eabcd), in three rounds each committed before the engine ran
on it: round 1 (ten commits) 19 caught, 0 warned, 1 missed of 20 (twins: 10 quiet, 0 false errors) -- the "miss",
#33928's ``ExplicitEncoderDecoderPrompt[TextPrompt, TokensPrompt]`` at module level, was the replay's mistake, not
the engine's: a TypedDict made non-generic still subscripts at runtime (``dict.__class_getitem__``), so the engine's
silence was right and the spelling is a twin now.  Round 2 (six commits) 11 caught of 11 and one "false error"
that was a killer too (tk4: ``InputPreprocessor(model_config, tokenizer, mm_registry=...)`` after ``tokenizer``
went: the positional lands on ``mm_registry`` and the keyword gives it a second value, TypeError; relabelled, and
tk5 added as the twin).  Round 3 (two commits) 2 caught, 1 missed of 3.  All told, blind: 33 caught, 0 warned, 1
missed of 34 (twins: 19 quiet, 0 false errors).  The miss: #51633's fork platform deriving from ``Platform`` (CUDA-
alike through its ``_enum``), which inherits ``check_runner_kv_caches_multi_layer()``, a hook upstream added
raising ``NotImplementedError``, filled (``pass``) in CUDA, ROCm, CPU and XPU, and now calls in ``bind_kv_cache``
where the old gate let CUDA-alike platforms through.
After killers75 (a required hook added raising, filled in 3+ of upstream's own subclasses and called on an added,
uncaught line: symbol drift, ``drift/raising_hooks.py``): 34 caught, 0 warned, 0 missed of 34 (twins: 19 quiet,
0 false errors).
After fixL (the review's false errors mended; a raising-hook finding on a fork class nothing in the merged tree
names is a warning, as ``_unimplemented``'s is): kc1, whose platform nothing names (no plugin ``register()``
spells its path), is *warned*, no longer caught -- said so; kc3 (added then, not blind), the same platform its
plugin's ``register()`` names, is caught: 34 caught, 1 warned, 0 missed of 35 (twins: 19 quiet, 0 false errors).
The regression set on the same snapshot: killer_replay 26/26, kind_change_replay 12/12, blind_replay_platform 34
caught of 34 (16 twins quiet), blind_replay_attention 21/21 (10 twins quiet), review15/16/17_twins 0 false errors,
symbol_precision --windows 3: 0 false errors.

  python benchmarks/blind_replay_workerinputs.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #31786 (aafd4d2354): WorkerWrapperBase.__init__ loses its leading vllm_config parameter
WW = "aafd4d2354"
WWW = "WorkerWrapperBase(vllm_config, rpc_rank=0, global_rank=None) -> (rpc_rank=0, global_rank=None)"
WWI = "from vllm.config import VllmConfig\nfrom vllm.v1.worker.worker_base import WorkerWrapperBase\n\n\n"
CASES += [
    (
        "#31786 leading parameter removed",
        "positional arguments now shifted one parameter left",
        K(
            "#31786",
            WW,
            WWW,
            "vllm/aeon/ww1.py",
            WWI + "def aeon_wrapper(vllm_config: VllmConfig, rank: int) -> WorkerWrapperBase:\n"
            "    # AEON: the Spark's single-node launcher builds its own wrappers\n"
            "    return WorkerWrapperBase(vllm_config, rank)\n",
            "return WorkerWrapperBase(vllm_config, rank)",
        ),
    ),
    (
        "#31786 leading parameter removed",
        "the removed parameter by keyword",
        K(
            "#31786",
            WW,
            WWW,
            "vllm/aeon/ww2.py",
            WWI + "def aeon_wrapper2(vllm_config: VllmConfig, rank: int) -> WorkerWrapperBase:\n"
            "    return WorkerWrapperBase(vllm_config=vllm_config, rpc_rank=rank)\n",
            "return WorkerWrapperBase(vllm_config=vllm_config, rpc_rank=rank)",
        ),
    ),
    (
        "#31786 leading parameter removed",
        "twin: a kept method called on a wrapper",
        K(
            "#31786",
            WW,
            WWW,
            "vllm/aeon/ww3.py",
            WWI + "def aeon_start(wrapper: WorkerWrapperBase, vllm_config: VllmConfig) -> None:\n"
            "    wrapper.init_worker([{'vllm_config': vllm_config}])\n",
            "wrapper.init_worker([{'vllm_config': vllm_config}])",
        ),
    ),
]

# --- #49322 (1750e443f2): Worker._reserve_mm_ipc_gpu_memory / _uses_gpu_video_backend moved to a module function
RV = "1750e443f2"
RVW = "Worker._reserve_mm_ipc_gpu_memory removed (vllm.multimodal.gpu_ipc_memory.reserve_mm_ipc_gpu_memory)"
WK = "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
CASES += [
    (
        "#49322 worker hook removed",
        "an override of a hook the base no longer calls",
        K(
            "#49322",
            RV,
            RVW,
            "vllm/aeon/rv1.py",
            WK + "class AeonWorker(Worker):\n"
            "    # AEON: GB10's unified memory: the frontend decodes on the CPU, reserve nothing\n"
            "    def _reserve_mm_ipc_gpu_memory(self, available_kv_cache_memory_bytes: int) -> int:\n"
            "        return available_kv_cache_memory_bytes\n",
            "def _reserve_mm_ipc_gpu_memory(self, available_kv_cache_memory_bytes: int) -> int:",
        ),
    ),
    (
        "#49322 worker hook removed",
        "a static method called on the class",
        K(
            "#49322",
            RV,
            RVW,
            "vllm/aeon/rv2.py",
            "from vllm.config import MultiModalConfig\n"
            + WK
            + "def aeon_gpu_video(mm_config: MultiModalConfig) -> bool:\n"
            "    return Worker._uses_gpu_video_backend(mm_config)\n",
            "return Worker._uses_gpu_video_backend(mm_config)",
        ),
    ),
    (
        "#49322 worker hook removed",
        "twin: an override of determine_available_memory through super()",
        K(
            "#49322",
            RV,
            RVW,
            "vllm/aeon/rv3.py",
            WK + "class AeonWorker3(Worker):\n"
            "    def determine_available_memory(self) -> int:\n"
            "        return int(super().determine_available_memory() * 0.95)\n",
            "return int(super().determine_available_memory() * 0.95)",
        ),
    ),
]

# --- #33559 (d7e17aaacd): MultiModalBudget moved out of vllm/v1/worker/utils.py (to vllm.multimodal.budget)
MB = "d7e17aaacd"
MBW = "vllm.v1.worker.utils.MultiModalBudget moved to vllm.multimodal.budget"
CASES += [
    (
        "#33559 helper class moved",
        "an import from the old module",
        K(
            "#33559",
            MB,
            MBW,
            "vllm/aeon/mb1.py",
            "from vllm.config import VllmConfig\nfrom vllm.multimodal import MULTIMODAL_REGISTRY\n"
            "from vllm.v1.worker.utils import MultiModalBudget\n\n\n"
            "def aeon_budget(vllm_config: VllmConfig) -> MultiModalBudget:\n"
            "    return MultiModalBudget(vllm_config, MULTIMODAL_REGISTRY)\n",
            "from vllm.v1.worker.utils import MultiModalBudget",
        ),
    ),
    (
        "#33559 helper class moved",
        "twin: a kept helper of the same module",
        K(
            "#33559",
            MB,
            MBW,
            "vllm/aeon/mb2.py",
            "from vllm.v1.worker.utils import request_memory\n\n\n"
            "def aeon_request(snapshot, cache_config) -> int:\n"
            "    return request_memory(snapshot, cache_config)\n",
            "from vllm.v1.worker.utils import request_memory",
        ),
    ),
]

# --- #34510 (73391a1baa): InputPreprocessor loses mm_processor_cache= and stat_mm_cache()/clear_mm_cache()
IP = "73391a1baa"
IPW = "InputPreprocessor(mm_processor_cache=) and stat_mm_cache removed"
IPI = "from vllm.config import VllmConfig\nfrom vllm.inputs.preprocess import InputPreprocessor\n"
CASES += [
    (
        "#34510 keyword and method removed",
        "the removed keyword to the constructor",
        K(
            "#34510",
            IP,
            IPW,
            "vllm/aeon/ip1.py",
            IPI + "from vllm.multimodal.cache import BaseMultiModalProcessorCache\n\n\n"
            "def aeon_preprocessor(vllm_config: VllmConfig, cache: BaseMultiModalProcessorCache) -> InputPreprocessor:\n"
            "    return InputPreprocessor(vllm_config, mm_processor_cache=cache)\n",
            "return InputPreprocessor(vllm_config, mm_processor_cache=cache)",
        ),
    ),
    (
        "#34510 keyword and method removed",
        "a removed method called on a typed receiver",
        K(
            "#34510",
            IP,
            IPW,
            "vllm/aeon/ip2.py",
            IPI + "\n\ndef aeon_mm_hits(preprocessor: InputPreprocessor) -> int:\n"
            "    # AEON: the Spark's dashboard shows the multimodal cache's hit count\n"
            "    stats = preprocessor.stat_mm_cache()\n"
            "    return 0 if stats is None else stats.hits\n",
            "stats = preprocessor.stat_mm_cache()",
        ),
    ),
    (
        "#34510 keyword and method removed",
        "twin: a kept keyword to the constructor",
        K(
            "#34510",
            IP,
            IPW,
            "vllm/aeon/ip3.py",
            IPI + "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_preprocessor3(vllm_config: VllmConfig) -> InputPreprocessor:\n"
            "    return InputPreprocessor(vllm_config, mm_registry=MULTIMODAL_REGISTRY)\n",
            "return InputPreprocessor(vllm_config, mm_registry=MULTIMODAL_REGISTRY)",
        ),
    ),
]

# --- #33687 (7bd42e609d): InputPreprocessor's _build_decoder_only_llm_inputs and
#     _get_default_enc_dec_decoder_prompt hooks removed
DH = "7bd42e609d"
DHW = "InputPreprocessor._build_decoder_only_llm_inputs / _get_default_enc_dec_decoder_prompt removed"
CASES += [
    (
        "#33687 preprocessor hook removed",
        "an override of a hook the base no longer calls",
        K(
            "#33687",
            DH,
            DHW,
            "vllm/aeon/dh1.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "class AeonPreprocessor(InputPreprocessor):\n"
            "    # AEON: the Spark's draft model wants a BOS on every decoder-only prompt\n"
            "    def _build_decoder_only_llm_inputs(self, prompt_inputs):\n"
            "        prompt_inputs['prompt_token_ids'] = [1] + prompt_inputs['prompt_token_ids']\n"
            "        return prompt_inputs\n",
            "def _build_decoder_only_llm_inputs(self, prompt_inputs):",
        ),
    ),
    (
        "#33687 preprocessor hook removed",
        "an override of the default decoder prompt hook",
        K(
            "#33687",
            DH,
            DHW,
            "vllm/aeon/dh2.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "class AeonEncDecPreprocessor(InputPreprocessor):\n"
            "    def _get_default_enc_dec_decoder_prompt(self) -> list[int]:\n"
            "        return [self.get_decoder_start_token_id()]\n",
            "def _get_default_enc_dec_decoder_prompt(self) -> list[int]:",
        ),
    ),
    (
        "#33687 preprocessor hook removed",
        "twin: a kept method called on a typed receiver",
        K(
            "#33687",
            DH,
            DHW,
            "vllm/aeon/dh3.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "def aeon_bos(preprocessor: InputPreprocessor) -> int | None:\n"
            "    return preprocessor.get_bos_token_id()\n",
            "return preprocessor.get_bos_token_id()",
        ),
    ),
]

# --- #34598 (ec17bdd894): InputPreprocessor._build_enc_dec_inputs and get_decoder_start_token_id removed
BE = "ec17bdd894"
BEW = "InputPreprocessor._build_enc_dec_inputs / get_decoder_start_token_id removed (vllm.inputs.data helpers)"
CASES += [
    (
        "#34598 preprocessor method removed",
        "a self. call in a subclass",
        K(
            "#34598",
            BE,
            BEW,
            "vllm/aeon/be1.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "class AeonWhisperPreprocessor(InputPreprocessor):\n"
            "    def aeon_enc_dec(self, encoder_inputs, decoder_inputs=None):\n"
            "        return self._build_enc_dec_inputs(encoder_inputs, decoder_inputs)\n",
            "return self._build_enc_dec_inputs(encoder_inputs, decoder_inputs)",
        ),
    ),
    (
        "#34598 preprocessor method removed",
        "a removed method called on a typed receiver",
        K(
            "#34598",
            BE,
            BEW,
            "vllm/aeon/be2.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "def aeon_start_token(preprocessor: InputPreprocessor) -> int:\n"
            "    return preprocessor.get_decoder_start_token_id()\n",
            "return preprocessor.get_decoder_start_token_id()",
        ),
    ),
    (
        "#34598 preprocessor method removed",
        "twin: a kept method called on a typed receiver",
        K(
            "#34598",
            BE,
            BEW,
            "vllm/aeon/be3.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "def aeon_tok(preprocessor: InputPreprocessor):\n"
            "    return preprocessor.get_tokenizer()\n",
            "return preprocessor.get_tokenizer()",
        ),
    ),
]

# --- #34560 (574fe75245): InputPreprocessor.preprocess loses mm_uuids=; _preprocess folded into preprocess
PP = "574fe75245"
PPW = "InputPreprocessor.preprocess(mm_uuids=) removed; _preprocess folded into preprocess"
CASES += [
    (
        "#34560 keyword removed, hook folded",
        "the removed keyword to preprocess",
        K(
            "#34560",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "def aeon_preprocess(preprocessor: InputPreprocessor, prompt, uuids):\n"
            "    return preprocessor.preprocess(prompt, mm_uuids=uuids)\n",
            "return preprocessor.preprocess(prompt, mm_uuids=uuids)",
        ),
    ),
    (
        "#34560 keyword removed, hook folded",
        "an override of the folded _preprocess",
        K(
            "#34560",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "class AeonPreprocessor2(InputPreprocessor):\n"
            "    # AEON: strip the Spark router's routing prefix before tokenizing\n"
            "    def _preprocess(self, prompt, tokenization_kwargs=None, *, mm_uuids=None):\n"
            "        if isinstance(prompt, str):\n"
            "            prompt = prompt.removeprefix('[aeon]')\n"
            "        return super()._preprocess(prompt, tokenization_kwargs, mm_uuids=mm_uuids)\n",
            "def _preprocess(self, prompt, tokenization_kwargs=None, *, mm_uuids=None):",
        ),
    ),
    (
        "#34560 keyword removed, hook folded",
        "twin: a kept keyword to preprocess",
        K(
            "#34560",
            PP,
            PPW,
            "vllm/aeon/pp3.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "def aeon_preprocess3(preprocessor: InputPreprocessor, prompt):\n"
            "    return preprocessor.preprocess(prompt, tokenization_kwargs={'truncation': True, 'max_length': 4096})\n",
            "return preprocessor.preprocess(prompt, tokenization_kwargs={'truncation': True, 'max_length': 4096})",
        ),
    ),
]

# --- #33928 (cd8b405bd0): zip_enc_dec_prompts / get_prompt_components removed, ExplicitEncoderDecoderPrompt
#     no longer generic
ED = "cd8b405bd0"
EDW = "enc-dec prompt helpers removed, ExplicitEncoderDecoderPrompt made non-generic"
CASES += [
    (
        "#33928 helpers removed, generic dropped",
        "an import of a removed helper from the package",
        K(
            "#33928",
            ED,
            EDW,
            "vllm/aeon/ed1.py",
            "from vllm.inputs import zip_enc_dec_prompts\n\n\n"
            "def aeon_pairs(encoders: list[str], decoders: list[str]):\n"
            "    return zip_enc_dec_prompts(encoders, decoders)\n",
            "from vllm.inputs import zip_enc_dec_prompts",
        ),
    ),
    (
        "#33928 helpers removed, generic dropped",
        "twin: a TypedDict made non-generic, still subscripted at runtime (dict's __class_getitem__)",
        K(
            "#33928",
            ED,
            EDW,
            "vllm/aeon/ed2.py",
            "from vllm.inputs import ExplicitEncoderDecoderPrompt, TextPrompt, TokensPrompt\n\n"
            "AeonWhisperPrompt = ExplicitEncoderDecoderPrompt[TextPrompt, TokensPrompt]\n",
            "AeonWhisperPrompt = ExplicitEncoderDecoderPrompt[TextPrompt, TokensPrompt]",
        ),
    ),
    (
        "#33928 helpers removed, generic dropped",
        "an import of a removed parse helper",
        K(
            "#33928",
            ED,
            EDW,
            "vllm/aeon/ed3.py",
            "from vllm.inputs.parse import get_prompt_components\n\n\n"
            "def aeon_prompt_text(prompt) -> str | None:\n"
            "    return get_prompt_components(prompt).text\n",
            "from vllm.inputs.parse import get_prompt_components",
        ),
    ),
    (
        "#33928 helpers removed, generic dropped",
        "twin: the TypedDict built unsubscripted",
        K(
            "#33928",
            ED,
            EDW,
            "vllm/aeon/ed4.py",
            "from vllm.inputs import ExplicitEncoderDecoderPrompt\n\n\n"
            "def aeon_enc_dec(audio_prompt, text: str) -> ExplicitEncoderDecoderPrompt:\n"
            "    return ExplicitEncoderDecoderPrompt(encoder_prompt=audio_prompt, decoder_prompt=text)\n",
            "return ExplicitEncoderDecoderPrompt(encoder_prompt=audio_prompt, decoder_prompt=text)",
        ),
    ),
]

# --- #35182 (ba2f0acc2d): vllm.inputs reorganised: data.py and parse.py deleted, token_inputs -> tokens_input
RI = "ba2f0acc2d"
RIW = "vllm/inputs/data.py and parse.py deleted; token_inputs renamed tokens_input"
CASES += [
    (
        "#35182 inputs reorganised",
        "an import of a renamed builder from the package",
        K(
            "#35182",
            RI,
            RIW,
            "vllm/aeon/ri1.py",
            "from vllm.inputs import token_inputs\n\n\n"
            "def aeon_dummy_inputs(n: int):\n"
            "    # AEON: the Spark's warm-up feeds a dummy prompt straight to the engine core\n"
            "    return token_inputs(prompt_token_ids=[0] * n)\n",
            "from vllm.inputs import token_inputs",
        ),
    ),
    (
        "#35182 inputs reorganised",
        "an import from a deleted module",
        K(
            "#35182",
            RI,
            RIW,
            "vllm/aeon/ri2.py",
            "from vllm.inputs.parse import split_enc_dec_inputs\n\n\n"
            "def aeon_decoder(inputs):\n"
            "    _, decoder = split_enc_dec_inputs(inputs)\n"
            "    return decoder\n",
            "from vllm.inputs.parse import split_enc_dec_inputs",
        ),
    ),
    (
        "#35182 inputs reorganised",
        "twin: a kept prompt TypedDict from the package",
        K(
            "#35182",
            RI,
            RIW,
            "vllm/aeon/ri3.py",
            "from vllm.inputs import TokensPrompt\n\n\n"
            "def aeon_prompt(ids: list[int]) -> TokensPrompt:\n"
            "    return TokensPrompt(prompt_token_ids=ids)\n",
            "return TokensPrompt(prompt_token_ids=ids)",
        ),
    ),
]

# --- #25548 (6488f3481b): InputContext / InputProcessingContext moved from vllm/inputs/registry.py to
#     vllm.multimodal.processing (registry.py deleted)
PC = "6488f3481b"
PCW = "vllm.inputs.registry deleted; InputProcessingContext moved to vllm.multimodal.processing"
CASES += [
    (
        "#25548 context moved",
        "an import from the package",
        K(
            "#25548",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            "from vllm.inputs import InputProcessingContext\n\n\n"
            "def aeon_hf_config(ctx: InputProcessingContext):\n"
            "    return ctx.get_hf_config()\n",
            "from vllm.inputs import InputProcessingContext",
        ),
    ),
    (
        "#25548 context moved",
        "an import from the deleted module",
        K(
            "#25548",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            "from vllm.inputs.registry import InputContext\n\n\n"
            "def aeon_max_len(ctx: InputContext) -> int:\n"
            "    return ctx.model_config.max_model_len\n",
            "from vllm.inputs.registry import InputContext",
        ),
    ),
    (
        "#25548 context moved",
        "twin: a kept prompt TypedDict from the package",
        K(
            "#25548",
            PC,
            PCW,
            "vllm/aeon/pc3.py",
            "from vllm.inputs import TextPrompt\n\n\n"
            "def aeon_text(text: str) -> TextPrompt:\n"
            "    return TextPrompt(prompt=text)\n",
            "return TextPrompt(prompt=text)",
        ),
    ),
]


# --- round 2 (written after the blind run of the ten above, committed before the engine ran on it): six more
#     commits with the spellings round 1 left out -- a positional argument landing on the next parameter of a
#     constructor, an async twin removed, an override without a keyword upstream's callers now pass, a V0 base
#     removed, a tokenizer hook removed, a prompt parser renamed.

# --- #26276 (391612e78b): InputPreprocessor(model_config, tokenizer, mm_registry=...) loses tokenizer
TK = "391612e78b"
TKW = "InputPreprocessor.__init__'s tokenizer parameter removed (it builds its own); contains_only_strings removed"
TKI = "from vllm.config import ModelConfig\nfrom vllm.inputs.preprocess import InputPreprocessor\n\n\n"
CASES += [
    (
        "#26276 constructor parameter removed",
        "positional arguments now shifted onto mm_registry",
        K(
            "#26276",
            TK,
            TKW,
            "vllm/aeon/tk1.py",
            TKI + "def aeon_preprocessor(model_config: ModelConfig, tokenizer) -> InputPreprocessor:\n"
            "    # AEON: the Spark's router shares one tokenizer across its preprocessors\n"
            "    return InputPreprocessor(model_config, tokenizer)\n",
            "return InputPreprocessor(model_config, tokenizer)",
        ),
    ),
    (
        "#26276 constructor parameter removed",
        "the removed parameter by keyword",
        K(
            "#26276",
            TK,
            TKW,
            "vllm/aeon/tk2.py",
            TKI + "def aeon_preprocessor2(model_config: ModelConfig, tok) -> InputPreprocessor:\n"
            "    return InputPreprocessor(model_config=model_config, tokenizer=tok)\n",
            "return InputPreprocessor(model_config=model_config, tokenizer=tok)",
        ),
    ),
    (
        "#26276 constructor parameter removed",
        "an import of a removed module helper",
        K(
            "#26276",
            TK,
            TKW,
            "vllm/aeon/tk3.py",
            "from vllm.inputs.preprocess import contains_only_strings\n\n\n"
            "def aeon_valid_hashes(mm_hashes) -> bool:\n"
            "    return contains_only_strings(mm_hashes)\n",
            "from vllm.inputs.preprocess import contains_only_strings",
        ),
    ),
    (
        "#26276 constructor parameter removed",
        "the kept keyword beside a positional now landing on it",
        K(
            "#26276",
            TK,
            TKW,
            "vllm/aeon/tk4.py",
            TKI + "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_preprocessor4(model_config: ModelConfig, tokenizer) -> InputPreprocessor:\n"
            "    return InputPreprocessor(model_config, tokenizer, mm_registry=MULTIMODAL_REGISTRY)\n",
            "return InputPreprocessor(model_config, tokenizer, mm_registry=MULTIMODAL_REGISTRY)",
        ),
    ),
]

# --- #25702 (3d54bdcb73): InputPreprocessor's async twins removed (preprocess_async, _process_*_async)
PA = "3d54bdcb73"
PAW = "InputPreprocessor.preprocess_async and the _process_*_async hooks removed"
CASES += [
    (
        "#25702 async twins removed",
        "an awaited call of a removed coroutine method",
        K(
            "#25702",
            PA,
            PAW,
            "vllm/aeon/pa1.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "async def aeon_preprocess(preprocessor: InputPreprocessor, prompt):\n"
            "    return await preprocessor.preprocess_async(prompt)\n",
            "return await preprocessor.preprocess_async(prompt)",
        ),
    ),
    (
        "#25702 async twins removed",
        "an override of an async hook the base no longer calls",
        K(
            "#25702",
            PA,
            PAW,
            "vllm/aeon/pa2.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "class AeonAsyncPreprocessor(InputPreprocessor):\n"
            "    # AEON: resize images on the Spark's CPU cores before the processor sees them\n"
            "    async def _process_multimodal_async(self, prompt, mm_data, mm_processor_kwargs, tokenization_kwargs=None, *, mm_uuids=None):\n"
            "        return self._process_multimodal(prompt, mm_data, mm_processor_kwargs, tokenization_kwargs, mm_uuids=mm_uuids)\n",
            "async def _process_multimodal_async(self, prompt, mm_data, mm_processor_kwargs, tokenization_kwargs=None, *, mm_uuids=None):",
        ),
    ),
    (
        "#25702 async twins removed",
        "twin: the kept synchronous preprocess",
        K(
            "#25702",
            PA,
            PAW,
            "vllm/aeon/pa3.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "def aeon_preprocess3(preprocessor: InputPreprocessor, prompt):\n"
            "    return preprocessor.preprocess(prompt)\n",
            "return preprocessor.preprocess(prompt)",
        ),
    ),
]

# --- #24271 (009d689b0c): preprocess(mm_hash_overrides=) renamed mm_uuids=, passed so by upstream's callers
MU = "009d689b0c"
MUW = "InputPreprocessor.preprocess(mm_hash_overrides=) renamed mm_uuids="
CASES += [
    (
        "#24271 keyword renamed",
        "the old keyword in a call",
        K(
            "#24271",
            MU,
            MUW,
            "vllm/aeon/mu1.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "def aeon_preprocess(preprocessor: InputPreprocessor, prompt, hashes):\n"
            "    return preprocessor.preprocess(prompt, mm_hash_overrides=hashes)\n",
            "return preprocessor.preprocess(prompt, mm_hash_overrides=hashes)",
        ),
    ),
    (
        "#24271 keyword renamed",
        "an override spelling only the old keyword",
        K(
            "#24271",
            MU,
            MUW,
            "vllm/aeon/mu2.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "class AeonPreprocessor(InputPreprocessor):\n"
            "    def preprocess(self, prompt, tokenization_kwargs=None, lora_request=None, *, mm_hash_overrides=None):\n"
            "        # AEON: count the Spark's multimodal requests\n"
            "        return super().preprocess(prompt, tokenization_kwargs, lora_request, mm_hash_overrides=mm_hash_overrides)\n",
            "def preprocess(self, prompt, tokenization_kwargs=None, lora_request=None, *, mm_hash_overrides=None):",
        ),
    ),
    (
        "#24271 keyword renamed",
        "twin: the kept positional arguments",
        K(
            "#24271",
            MU,
            MUW,
            "vllm/aeon/mu3.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "def aeon_preprocess3(preprocessor: InputPreprocessor, prompt, lora):\n"
            "    return preprocessor.preprocess(prompt, None, lora)\n",
            "return preprocessor.preprocess(prompt, None, lora)",
        ),
    ),
]

# --- #25328 (1cd885bd54): the V0 worker bases (LocalOrDistributedWorkerBase, DelegateWorkerBase, WorkerInput)
#     removed from vllm/worker/worker_base.py
V0 = "1cd885bd54"
V0W = "V0 worker bases removed from vllm.worker.worker_base"
CASES += [
    (
        "#25328 V0 worker bases removed",
        "a subclass of a removed base",
        K(
            "#25328",
            V0,
            V0W,
            "vllm/aeon/v01.py",
            "from vllm.worker.worker_base import LocalOrDistributedWorkerBase\n\n\n"
            "class AeonV0Worker(LocalOrDistributedWorkerBase):\n"
            "    pass\n",
            "from vllm.worker.worker_base import LocalOrDistributedWorkerBase",
        ),
    ),
    (
        "#25328 V0 worker bases removed",
        "twin: the kept wrapper",
        K(
            "#25328",
            V0,
            V0W,
            "vllm/aeon/v02.py",
            "from vllm.worker.worker_base import WorkerWrapperBase\n\n\n"
            "def aeon_rank(wrapper: WorkerWrapperBase) -> int:\n"
            "    return wrapper.rpc_rank\n",
            "return wrapper.rpc_rank",
        ),
    ),
]

# --- #29724 (fe3398fab2): InputPreprocessor._get_mm_tokenizer removed (self.tokenizer, None allowed, passed)
MT = "fe3398fab2"
MTW = "InputPreprocessor._get_mm_tokenizer removed"
CASES += [
    (
        "#29724 tokenizer hook removed",
        "an override of a hook the base no longer calls",
        K(
            "#29724",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "class AeonMMPreprocessor(InputPreprocessor):\n"
            "    # AEON: the Spark's vision tower uses its own tokenizer\n"
            "    def _get_mm_tokenizer(self):\n"
            "        return self.aeon_vision_tokenizer\n",
            "def _get_mm_tokenizer(self):",
        ),
    ),
    (
        "#29724 tokenizer hook removed",
        "a self. call in a subclass",
        K(
            "#29724",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "class AeonMMPreprocessor2(InputPreprocessor):\n"
            "    def aeon_vocab(self) -> int:\n"
            "        return len(self._get_mm_tokenizer())\n",
            "return len(self._get_mm_tokenizer())",
        ),
    ),
    (
        "#29724 tokenizer hook removed",
        "twin: a kept method through self.",
        K(
            "#29724",
            MT,
            MTW,
            "vllm/aeon/mt3.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "class AeonMMPreprocessor3(InputPreprocessor):\n"
            "    def aeon_vocab(self) -> int:\n"
            "        return len(self.get_tokenizer())\n",
            "return len(self.get_tokenizer())",
        ),
    ),
]

# --- #26216 (119f00630b): parse_and_batch_prompt renamed parse_raw_prompts (and returns prompts, not ParsedText)
PB = "119f00630b"
PBW = "vllm.inputs.parse.parse_and_batch_prompt -> parse_raw_prompts"
CASES += [
    (
        "#26216 parser renamed",
        "an import of the old name",
        K(
            "#26216",
            PB,
            PBW,
            "vllm/aeon/pb1.py",
            "from vllm.inputs.parse import parse_and_batch_prompt\n\n\n"
            "def aeon_texts(prompt) -> list[str]:\n"
            "    return [p['content'] for p in parse_and_batch_prompt(prompt) if not p['is_tokens']]\n",
            "from vllm.inputs.parse import parse_and_batch_prompt",
        ),
    ),
    (
        "#26216 parser renamed",
        "twin: a kept parser of the module",
        K(
            "#26216",
            PB,
            PBW,
            "vllm/aeon/pb2.py",
            "from vllm.inputs.parse import parse_singleton_prompt\n\n\n"
            "def aeon_kind(prompt) -> str:\n"
            "    return parse_singleton_prompt(prompt)['type']\n",
            "return parse_singleton_prompt(prompt)['type']",
        ),
    ),
]


# tk4 above was written as a twin and is a killer (the engine said so, rightly): with ``tokenizer`` gone the
# positional ``tokenizer`` lands on ``mm_registry`` and the keyword gives it a second value (TypeError).  A real
# twin instead, added after the run:
CASES += [
    (
        "#26276 constructor parameter removed",
        "twin: the attribute the constructor still sets",
        K(
            "#26276",
            TK,
            TKW,
            "vllm/aeon/tk5.py",
            "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
            "def aeon_tokenizer(preprocessor: InputPreprocessor):\n"
            "    return preprocessor.tokenizer\n",
            "return preprocessor.tokenizer",
        ),
    ),
]

# --- round 3 (written after round 2's run, committed before the engine ran on it): two more commits.

# --- #44353 (77a9c5ae28): Worker.start_weight_update loses is_checkpoint_format (and _is_checkpoint_format)
WU = "77a9c5ae28"
WUW = "Worker.start_weight_update(is_checkpoint_format=) removed, self._is_checkpoint_format no longer set"
CASES += [
    (
        "#44353 worker keyword removed",
        "the removed keyword on a typed worker",
        K(
            "#44353",
            WU,
            WUW,
            "vllm/aeon/wu1.py",
            WK + "def aeon_sparse_update(worker: Worker) -> None:\n"
            "    # AEON: the Spark's RL loop ships kernel-format patches\n"
            "    worker.start_weight_update(is_checkpoint_format=False)\n",
            "worker.start_weight_update(is_checkpoint_format=False)",
        ),
    ),
    (
        "#44353 worker keyword removed",
        "a read of an attribute the base no longer sets",
        K(
            "#44353",
            WU,
            WUW,
            "vllm/aeon/wu2.py",
            WK + "class AeonRLWorker(Worker):\n"
            "    def aeon_is_dense(self) -> bool:\n"
            "        return self._is_checkpoint_format\n",
            "return self._is_checkpoint_format",
        ),
    ),
    (
        "#44353 worker keyword removed",
        "twin: the call without the keyword",
        K(
            "#44353",
            WU,
            WUW,
            "vllm/aeon/wu3.py",
            WK + "def aeon_update(worker: Worker) -> None:\n    worker.start_weight_update()\n",
            "worker.start_weight_update()",
        ),
    ),
]

# --- #51633 (73b83949f7): bind_kv_cache's is_cuda_alike()/is_xpu()/is_cpu() gate replaced by a new platform
#     hook, check_runner_kv_caches_multi_layer, whose base raises NotImplementedError (cuda/rocm/cpu/xpu pass)
KC = "73b83949f7"
KCW = "Platform.check_runner_kv_caches_multi_layer added, raising in the base; bind_kv_cache calls it"
CASES += [
    (
        "#51633 new platform hook raising in the base",
        "a platform of its own that answered is_cuda_alike()",
        K(
            "#51633",
            KC,
            KCW,
            "vllm/aeon/kc1.py",
            "from vllm.platforms.interface import Platform, PlatformEnum\n\n\n"
            "class AeonPlatform(Platform):\n"
            "    # AEON: GB10's platform plugin, CUDA-alike\n"
            "    _enum = PlatformEnum.CUDA\n"
            "    device_name: str = 'cuda'\n"
            "    device_type: str = 'cuda'\n",
            "class AeonPlatform(Platform):",
        ),
    ),
    (
        "#51633 new platform hook raising in the base",
        "a platform of its own its plugin's register() names (added by fixL, after the engine change)",
        K(
            "#51633",
            KC,
            KCW,
            "vllm/aeon/kc3.py",
            "from vllm.platforms.interface import Platform, PlatformEnum\n\n\n"
            "class AeonPlatform(Platform):\n"
            "    _enum = PlatformEnum.CUDA\n"
            "    device_name: str = 'cuda'\n\n\n"
            "def register() -> str:\n"
            "    return 'vllm.aeon.kc3.AeonPlatform'\n",
            "class AeonPlatform(Platform):",
        ),
    ),
    (
        "#51633 new platform hook raising in the base",
        "twin: a platform subclassing the CUDA one",
        K(
            "#51633",
            KC,
            KCW,
            "vllm/aeon/kc2.py",
            "from vllm.platforms.cuda import CudaPlatform\n\n\n"
            "class AeonCudaPlatform(CudaPlatform):\n"
            "    device_name: str = 'cuda'\n",
            "class AeonCudaPlatform(CudaPlatform):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-workerinputs-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
