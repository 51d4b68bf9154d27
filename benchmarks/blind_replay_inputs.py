"""A blind replay of the input pipeline a fork's offline driver and preprocessing code call into.

11 first-parent commits on the surface a fork that drives the engine offline and preprocesses its own
prompts carries code against -- ``vllm/inputs/`` (``parse.is_encoder_decoder_inputs`` replaced by
``split_enc_dec_inputs``, ``is_token_prompt``/``is_embeds_prompt`` removed), ``vllm/renderers/`` (the
``protocol`` module moved to ``base``, a renderer built from the whole ``VllmConfig`` and keeping
``model_config`` where it kept ``config``, the ``from_config`` factories removed and ``load_renderer`` taking a
tokenizer, the ``qwen_vl`` renderer module deleted), ``vllm/entrypoints/llm.py`` (every constructor parameter
but ``model`` made keyword-only, ``prompt_adapter_request`` removed, ``_validate_mm_data_and_uuids`` removed,
``_render_and_run_requests``' ``tokenization_kwargs`` removed, ``vllm.beam_search`` moved under
``vllm.entrypoints.generate.beam_search``) and ``vllm/entrypoints/score_utils.py`` (``parse_score_data``'s
``tokenizer`` parameter removed) -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork
code is written (an import of a moved or removed name, a module attribute, a positional argument past a
parameter made keyword-only, a ``super().__init__`` forwarding positionally, a keyword, a call off a typed
receiver, a helper called off ``self`` in an ``LLM`` subclass, an override of a hook upstream no longer calls,
an attribute read off ``self`` in a renderer subclass, a value typed as one config handed to a parameter now
typed as another), with twins (fork code the commit does not break).  The merge base is the commit's first
parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 972980f2): 18 caught, 0 warned, 2 missed of 20 (twins: 12
quiet, 0 false errors).  The misses: #18802's ``super().__init__(model, tokenizer, **kwargs)`` in an ``LLM``
subclass (the direct ``LLM(model, tokenizer)`` is caught: a positional argument now past the keyword-only
marker was checked on calls naming the class, not on ``super().__init__``), and #34485's
``renderer_from_config(model_config)`` with ``model_config: ModelConfig`` (the parameter's annotation changed
from ``ModelConfig`` to ``VllmConfig`` and the body now reads ``config.model_config``: AttributeError).
After the killers101 widenings: 20 caught, 0 warned, 0 missed of 20 (twins: 12 quiet, 0 false errors); with
the 3 spellings added after (not blind): 22 caught of 22, twins 13 quiet, 0 false errors.  Caught now: a call
handing on a ``**mapping`` is checked for too many positional arguments and keywords spelt out (the mapping
fills keywords only; ``drift/signatures.py``); an argument typed as the class a parameter was annotated with,
which upstream annotated with another class whose attribute the body now reads (``drift/retyped_params.py``).
The regression set after (2c5d2865): killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
blind_replay_openai 17/1/0 of 18, _llmapi 20/1/0 of 21, _processor 28/0/1 of 29 (as before; 0 false errors
in each; _llmapi, _processor and review15 at a4a575d8, before the constructor case), review15/16/17_twins 0 false
errors (40, 30, 23 twins), symbol_precision: window 0 of 3, 0 false
errors (the other two did not fit the time on the loaded machine).

  python benchmarks/blind_replay_inputs.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

LLMI = "from vllm import LLM\n\n\n"

# --- #29970 (9ae2f60374): score_utils.parse_score_data's tokenizer parameter removed
PS = "9ae2f60374"
PSW = "parse_score_data's tokenizer parameter removed"
SU = "from vllm.config import ModelConfig\nfrom vllm.entrypoints import score_utils\n\n\n"
CASES += [
    (
        "#29970 parameter removed",
        "a fourth positional argument",
        K(
            "#29970",
            PS,
            PSW,
            "vllm/aeon/ps1.py",
            SU + "def aeon_pair(q: str, d: str, model_config: ModelConfig, tokenizer) -> str:\n"
            "    # AEON: the reranker lane builds its own pair prompts\n"
            "    p1, p2, _ = score_utils.parse_score_data(q, d, model_config, tokenizer)\n"
            "    return p1 + p2\n",
            "p1, p2, _ = score_utils.parse_score_data(q, d, model_config, tokenizer)",
        ),
    ),
    (
        "#29970 parameter removed",
        "a keyword",
        K(
            "#29970",
            PS,
            PSW,
            "vllm/aeon/ps2.py",
            "from vllm.entrypoints.score_utils import parse_score_data\n\n\n"
            "def aeon_pair2(q, d, model_config, tokenizer):\n"
            "    return parse_score_data(q, d, model_config, tokenizer=tokenizer)\n",
            "return parse_score_data(q, d, model_config, tokenizer=tokenizer)",
        ),
    ),
    (
        "#29970 parameter removed",
        "twin: get_score_prompt's unchanged positional call",
        K(
            "#29970",
            PS,
            PSW,
            "vllm/aeon/ps3.py",
            SU + "def aeon_pair3(q: str, d: str, model_config: ModelConfig, tokenizer):\n"
            "    return score_utils.get_score_prompt(model_config, tokenizer, {}, q, d)\n",
            "return score_utils.get_score_prompt(model_config, tokenizer, {}, q, d)",
        ),
    ),
]

# --- #18802 (c29034037d): LLM's parameters after ``model`` made keyword-only (the positional form had only
#     warned through deprecate_args)
KO = "c29034037d"
KOW = "LLM's parameters after model made keyword-only"
CASES += [
    (
        "#18802 parameter made keyword-only",
        "a second positional argument to the constructor",
        K(
            "#18802",
            KO,
            KOW,
            "vllm/aeon/ko1.py",
            LLMI + "def aeon_llm(model: str, tokenizer: str) -> LLM:\n"
            "    # AEON: the Spark's offline driver ships its own tokenizer dir\n"
            "    return LLM(model, tokenizer)\n",
            "return LLM(model, tokenizer)",
        ),
    ),
    (
        "#18802 parameter made keyword-only",
        "a subclass forwarding positionally through super().__init__",
        K(
            "#18802",
            KO,
            KOW,
            "vllm/aeon/ko2.py",
            LLMI + "class AeonLLM(LLM):\n"
            "    def __init__(self, model: str, tokenizer: str | None = None, **kwargs) -> None:\n"
            "        super().__init__(model, tokenizer, **kwargs)\n",
            "super().__init__(model, tokenizer, **kwargs)",
        ),
    ),
    (
        "#18802 parameter made keyword-only",
        "twin: the tokenizer by keyword",
        K(
            "#18802",
            KO,
            KOW,
            "vllm/aeon/ko3.py",
            LLMI + "def aeon_llm3(model: str, tokenizer: str) -> LLM:\n    return LLM(model, tokenizer=tokenizer)\n",
            "return LLM(model, tokenizer=tokenizer)",
        ),
    ),
]

# --- #15620 (247181536f): inputs.parse.is_encoder_decoder_inputs replaced by split_enc_dec_inputs
ED = "247181536f"
EDW = "is_encoder_decoder_inputs removed"
CASES += [
    (
        "#15620 function removed",
        "an import of the removed helper",
        K(
            "#15620",
            ED,
            EDW,
            "vllm/aeon/ed1.py",
            "from vllm.inputs.parse import is_encoder_decoder_inputs\n\n\n"
            "def aeon_decoder_len(inputs) -> int:\n"
            "    if is_encoder_decoder_inputs(inputs):\n"
            "        return len(inputs['decoder']['prompt_token_ids'])\n"
            "    return len(inputs['prompt_token_ids'])\n",
            "from vllm.inputs.parse import is_encoder_decoder_inputs",
        ),
    ),
    (
        "#15620 function removed",
        "twin: the explicit-prompt check kept",
        K(
            "#15620",
            ED,
            EDW,
            "vllm/aeon/ed2.py",
            "from vllm.inputs.parse import is_explicit_encoder_decoder_prompt\n\n\n"
            "def aeon_is_encdec(prompt) -> bool:\n"
            "    return is_explicit_encoder_decoder_prompt(prompt)\n",
            "from vllm.inputs.parse import is_explicit_encoder_decoder_prompt",
        ),
    ),
]

# --- #17582 (cb234955df): inputs.parse.is_token_prompt / is_embeds_prompt / is_embeds_inputs removed
TK = "cb234955df"
TKW = "is_token_prompt and is_embeds_prompt removed"
CASES += [
    (
        "#17582 function removed",
        "a module attribute call",
        K(
            "#17582",
            TK,
            TKW,
            "vllm/aeon/tk1.py",
            "from vllm.inputs import parse\n\n\n"
            "def aeon_skip_tokenize(prompt) -> bool:\n"
            "    # AEON: pre-embedded prompts from the retrieval lane skip the tokenizer\n"
            "    return parse.is_embeds_prompt(prompt)\n",
            "return parse.is_embeds_prompt(prompt)",
        ),
    ),
    (
        "#17582 function removed",
        "twin: embeds_inputs, which gained an optional parameter",
        K(
            "#17582",
            TK,
            TKW,
            "vllm/aeon/tk2.py",
            "from vllm.inputs.data import embeds_inputs\n\n\ndef aeon_embeds(e):\n    return embeds_inputs(e)\n",
            "return embeds_inputs(e)",
        ),
    ),
]

# --- #20588 (82ec66f514): prompt adapters removed (LLM.generate's prompt_adapter_request, vllm.prompt_adapter)
PA = "82ec66f514"
PAW = "prompt_adapter_request removed"
CASES += [
    (
        "#20588 keyword removed",
        "a keyword to LLM.generate off a typed receiver",
        K(
            "#20588",
            PA,
            PAW,
            "vllm/aeon/pa1.py",
            LLMI + "def aeon_generate(llm: LLM, prompts, params, adapter):\n"
            "    return llm.generate(prompts, params, prompt_adapter_request=adapter)\n",
            "return llm.generate(prompts, params, prompt_adapter_request=adapter)",
        ),
    ),
    (
        "#20588 keyword removed",
        "an import of the deleted package",
        K(
            "#20588",
            PA,
            PAW,
            "vllm/aeon/pa2.py",
            "from vllm.prompt_adapter.request import PromptAdapterRequest\n\n\n"
            "def aeon_adapter(path: str) -> PromptAdapterRequest:\n"
            "    return PromptAdapterRequest('aeon', 1, path, 8)\n",
            "from vllm.prompt_adapter.request import PromptAdapterRequest",
        ),
    ),
    (
        "#20588 keyword removed",
        "twin: the lora_request keyword kept",
        K(
            "#20588",
            PA,
            PAW,
            "vllm/aeon/pa3.py",
            LLMI + "def aeon_generate3(llm: LLM, prompts, params, lora):\n"
            "    return llm.generate(prompts, params, lora_request=lora)\n",
            "return llm.generate(prompts, params, lora_request=lora)",
        ),
    ),
]

# --- #42946 (301d986473): vllm/beam_search.py moved to vllm/entrypoints/generate/beam_search/utils.py
BS = "301d986473"
BSW = "vllm.beam_search moved"
CASES += [
    (
        "#42946 module moved",
        "an import from the moved module",
        K(
            "#42946",
            BS,
            BSW,
            "vllm/aeon/bs1.py",
            "from vllm.beam_search import BeamSearchSequence\n\n\n"
            "def aeon_best(beams: list[BeamSearchSequence]) -> BeamSearchSequence:\n"
            "    return max(beams, key=lambda b: b.cum_logprob)\n",
            "from vllm.beam_search import BeamSearchSequence",
        ),
    ),
    (
        "#42946 module moved",
        "a module import and attribute call",
        K(
            "#42946",
            BS,
            BSW,
            "vllm/aeon/bs2.py",
            "import vllm.beam_search as beam\n\n\n"
            "def aeon_key(eos: int):\n"
            "    return beam.create_sort_beams_key_function(eos, 1.0)\n",
            "import vllm.beam_search as beam",
        ),
    ),
    (
        "#42946 module moved",
        "twin: BeamSearchParams from sampling_params",
        K(
            "#42946",
            BS,
            BSW,
            "vllm/aeon/bs3.py",
            "from vllm.sampling_params import BeamSearchParams\n\n\n"
            "def aeon_beam(width: int) -> BeamSearchParams:\n"
            "    return BeamSearchParams(beam_width=width, max_tokens=64)\n",
            "from vllm.sampling_params import BeamSearchParams",
        ),
    ),
]

# --- #32955 (11b556878b): LLM._validate_mm_data_and_uuids removed (the data parser checks the UUIDs now)
MU = "11b556878b"
MUW = "LLM._validate_mm_data_and_uuids removed"
CASES += [
    (
        "#32955 method removed",
        "a subclass calling the removed helper off self",
        K(
            "#32955",
            MU,
            MUW,
            "vllm/aeon/mu1.py",
            LLMI + "class AeonLLM(LLM):\n"
            "    def aeon_check(self, prompt: dict) -> None:\n"
            "        # AEON: cached-image prompts carry a UUID instead of the pixels\n"
            "        self._validate_mm_data_and_uuids(prompt.get('multi_modal_data'), prompt.get('multi_modal_uuids'))\n",
            "self._validate_mm_data_and_uuids(prompt.get('multi_modal_data'), prompt.get('multi_modal_uuids'))",
        ),
    ),
    (
        "#32955 method removed",
        "an override of the hook upstream no longer calls",
        K(
            "#32955",
            MU,
            MUW,
            "vllm/aeon/mu2.py",
            LLMI + "class AeonLLM2(LLM):\n"
            "    def _validate_mm_data_and_uuids(self, multi_modal_data, multi_modal_uuids):\n"
            "        # AEON: reject video on the Spark before it reaches the processor\n"
            "        if multi_modal_data and 'video' in multi_modal_data:\n"
            "            raise ValueError('video is not served here')\n",
            "def _validate_mm_data_and_uuids(self, multi_modal_data, multi_modal_uuids):",
        ),
    ),
    (
        "#32955 method removed",
        "twin: get_tokenizer off self kept",
        K(
            "#32955",
            MU,
            MUW,
            "vllm/aeon/mu3.py",
            LLMI + "class AeonLLM3(LLM):\n    def aeon_vocab(self) -> int:\n        return len(self.get_tokenizer())\n",
            "return len(self.get_tokenizer())",
        ),
    ),
]

# --- #34775 (a766b30349): LLM._render_and_run_requests' tokenization_kwargs removed
RR = "a766b30349"
RRW = "_render_and_run_requests' tokenization_kwargs removed"
CASES += [
    (
        "#34775 keyword removed",
        "a keyword to a private helper off self in a subclass",
        K(
            "#34775",
            RR,
            RRW,
            "vllm/aeon/rr1.py",
            LLMI + "class AeonLLM(LLM):\n"
            "    def aeon_run(self, prompts, params):\n"
            "        # AEON: truncate from the left on the Spark's short-context lane\n"
            "        return self._render_and_run_requests(prompts, params, tokenization_kwargs={'truncation_side': 'left'})\n",
            "return self._render_and_run_requests(prompts, params, tokenization_kwargs={'truncation_side': 'left'})",
        ),
    ),
    (
        "#34775 keyword removed",
        "twin: use_tqdm kept",
        K(
            "#34775",
            RR,
            RRW,
            "vllm/aeon/rr2.py",
            LLMI + "class AeonLLM2(LLM):\n"
            "    def aeon_run(self, prompts, params):\n"
            "        return self._render_and_run_requests(prompts, params, use_tqdm=False)\n",
            "return self._render_and_run_requests(prompts, params, use_tqdm=False)",
        ),
    ),
]

# --- #34485 (2f308214c0): renderers take the whole VllmConfig and keep model_config where they kept config
VC = "2f308214c0"
VCW = "renderer config is the VllmConfig; self.config gone"
CASES += [
    (
        "#34485 attribute renamed",
        "a read off self in a renderer subclass",
        K(
            "#34485",
            VC,
            VCW,
            "vllm/aeon/vc1.py",
            "from vllm.renderers.hf import HfRenderer\n\n\n"
            "class AeonRenderer(HfRenderer):\n"
            "    def aeon_is_vlm(self) -> bool:\n"
            "        # AEON: the Spark's VLM lane renders with the processor\n"
            "        return self.config.is_multimodal_model\n",
            "return self.config.is_multimodal_model",
        ),
    ),
    (
        "#34485 parameter type changed",
        "a ModelConfig handed to a parameter now typed VllmConfig",
        K(
            "#34485",
            VC,
            VCW,
            "vllm/aeon/vc2.py",
            "from vllm.config import ModelConfig\nfrom vllm.renderers import renderer_from_config\n\n\n"
            "def aeon_renderer(model_config: ModelConfig):\n"
            "    return renderer_from_config(model_config)\n",
            "return renderer_from_config(model_config)",
        ),
    ),
    (
        "#34485 attribute renamed",
        "twin: get_tokenizer off self kept",
        K(
            "#34485",
            VC,
            VCW,
            "vllm/aeon/vc3.py",
            "from vllm.renderers.hf import HfRenderer\n\n\n"
            "class AeonRenderer3(HfRenderer):\n"
            "    def aeon_vocab(self) -> int:\n"
            "        return len(self.get_tokenizer())\n",
            "return len(self.get_tokenizer())",
        ),
    ),
    (
        "#34485 parameter type changed",
        "twin: a VllmConfig handed on",
        K(
            "#34485",
            VC,
            VCW,
            "vllm/aeon/vc4.py",
            "from vllm.config import VllmConfig\nfrom vllm.renderers import renderer_from_config\n\n\n"
            "def aeon_renderer4(vllm_config: VllmConfig):\n"
            "    return renderer_from_config(vllm_config)\n",
            "return renderer_from_config(vllm_config)",
        ),
    ),
]

# --- #34308 (675a22ed66): vllm/renderers/protocol.py moved to vllm/renderers/base.py
PB = "675a22ed66"
PBW = "renderers.protocol moved to renderers.base"
CASES += [
    (
        "#34308 module moved",
        "an import from the moved module",
        K(
            "#34308",
            PB,
            PBW,
            "vllm/aeon/pb1.py",
            "from vllm.renderers.protocol import BaseRenderer\n\n\n"
            "def aeon_is_renderer(obj) -> bool:\n"
            "    return isinstance(obj, BaseRenderer)\n",
            "from vllm.renderers.protocol import BaseRenderer",
        ),
    ),
    (
        "#34308 module moved",
        "twin: the package's re-export",
        K(
            "#34308",
            PB,
            PBW,
            "vllm/aeon/pb2.py",
            "from vllm.renderers import BaseRenderer\n\n\n"
            "def aeon_is_renderer2(obj) -> bool:\n"
            "    return isinstance(obj, BaseRenderer)\n",
            "from vllm.renderers import BaseRenderer",
        ),
    ),
]

# --- #38218 (2e225f7bd2): the renderers' from_config factories removed; load_renderer takes a tokenizer;
#     qwen_vl and kimi_audio renderer modules deleted
FC = "2e225f7bd2"
FCW = "renderer from_config removed; load_renderer(tokenizer_kwargs) -> tokenizer"
CASES += [
    (
        "#38218 classmethod removed",
        "a factory classmethod called off the class",
        K(
            "#38218",
            FC,
            FCW,
            "vllm/aeon/fc1.py",
            "from vllm.config import VllmConfig\nfrom vllm.renderers.hf import HfRenderer\n\n\n"
            "def aeon_hf_renderer(vllm_config: VllmConfig, tokenizer_name: str):\n"
            "    return HfRenderer.from_config(vllm_config, {'tokenizer_name': tokenizer_name})\n",
            "return HfRenderer.from_config(vllm_config, {'tokenizer_name': tokenizer_name})",
        ),
    ),
    (
        "#38218 classmethod removed",
        "an override of the factory the registry no longer calls",
        K(
            "#38218",
            FC,
            FCW,
            "vllm/aeon/fc2.py",
            "from vllm.renderers.hf import HfRenderer\n\n\n"
            "class AeonRenderer(HfRenderer):\n"
            "    @classmethod\n"
            "    def from_config(cls, config, tokenizer_kwargs):\n"
            "        # AEON: the Spark's tokenizer dir is baked into the image\n"
            "        return super().from_config(config, {**tokenizer_kwargs, 'tokenizer_name': '/opt/tok'})\n",
            "def from_config(cls, config, tokenizer_kwargs):",
        ),
    ),
    (
        "#38218 keyword renamed",
        "a keyword to the registry's loader",
        K(
            "#38218",
            FC,
            FCW,
            "vllm/aeon/fc3.py",
            "from vllm.renderers.registry import RENDERER_REGISTRY\n\n\n"
            "def aeon_load(config, name: str):\n"
            "    return RENDERER_REGISTRY.load_renderer('hf', config, tokenizer_kwargs={'tokenizer_name': name})\n",
            "return RENDERER_REGISTRY.load_renderer('hf', config, tokenizer_kwargs={'tokenizer_name': name})",
        ),
    ),
    (
        "#38218 module deleted",
        "an import of a deleted renderer module",
        K(
            "#38218",
            FC,
            FCW,
            "vllm/aeon/fc4.py",
            "from vllm.renderers.qwen_vl import QwenVLRenderer\n\n\n"
            "class AeonQwenRenderer(QwenVLRenderer):\n"
            "    pass\n",
            "from vllm.renderers.qwen_vl import QwenVLRenderer",
        ),
    ),
    (
        "#38218 classmethod removed",
        "twin: the registry's class lookup kept",
        K(
            "#38218",
            FC,
            FCW,
            "vllm/aeon/fc5.py",
            "from vllm.renderers.registry import RENDERER_REGISTRY\n\n\n"
            "def aeon_cls(mode: str):\n"
            "    return RENDERER_REGISTRY.load_renderer_cls(mode)\n",
            "return RENDERER_REGISTRY.load_renderer_cls(mode)",
        ),
    ),
]


# --- added after the killers101 widenings (not blind): the two classes under other spellings
CASES += [
    (
        "#20588 keyword removed",
        "after: a keyword spelt out beside a **mapping",
        K(
            "#20588",
            PA,
            PAW,
            "vllm/aeon/pa4.py",
            LLMI + "def aeon_generate4(llm: LLM, prompts, params, adapter, opts: dict):\n"
            "    return llm.generate(prompts, params, prompt_adapter_request=adapter, **opts)\n",
            "return llm.generate(prompts, params, prompt_adapter_request=adapter, **opts)",
        ),
    ),
    (
        "#18802 parameter made keyword-only",
        "twin (after): super().__init__ passing the model alone beside **kwargs",
        K(
            "#18802",
            KO,
            KOW,
            "vllm/aeon/ko4.py",
            LLMI + "class AeonLLM4(LLM):\n"
            "    def __init__(self, model: str, **kwargs) -> None:\n"
            "        super().__init__(model, **kwargs)\n",
            "super().__init__(model, **kwargs)",
        ),
    ),
    (
        "#34485 parameter type changed",
        "after: a ModelConfig held on self, handed on",
        K(
            "#34485",
            VC,
            VCW,
            "vllm/aeon/vc5.py",
            "from vllm.config import ModelConfig\nfrom vllm.renderers import renderer_from_config\n\n\n"
            "class AeonDriver:\n"
            "    def __init__(self, model_config: ModelConfig) -> None:\n"
            "        self.model_config = model_config\n\n"
            "    def renderer(self):\n"
            "        return renderer_from_config(self.model_config, trust_remote_code=True)\n",
            "return renderer_from_config(self.model_config, trust_remote_code=True)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-inputs-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
