"""A blind replay of the tokenizer, detokenizer and input-processing surface a fork patches.

11 first-parent commits on the paths a fork that wraps tokenizers or the input path carries code against --
``vllm/transformers_utils/tokenizer*.py``, ``vllm/tokenizers/``, ``vllm/v1/engine/detokenizer.py``,
``vllm/v1/engine/processor.py``/``input_processor.py`` and ``vllm/inputs/``: the old tokenizer module deleted
with its ``__getattr__`` shim (and ``chat_utils``' shim for ``resolve_hf_chat_template``), ``LLM.set_tokenizer``
and the engine's ``tokenizer`` setter removed, ``TokenizerRegistry`` made an instance without the decorator
form of ``register``, ``REGISTRY`` or ``get_tokenizer``, ``detokenizer_utils`` moved to ``vllm.tokenizers``
without a shim, ``token_inputs``' ``prompt`` keyword and ``TokenInputs['prompt']`` removed,
``Platform.validate_request`` given a required ``processed_inputs`` (and, later, its old-signature compat
wrapper removed), ``EngineCoreRequest.eos_token_id`` removed, ``is_tokens_prompt``/``is_embeds_prompt``
removed, the engine's ``processor`` attribute made a read-only property, and the detokenizer's ``update``
no longer consulting ``output_token_ids`` -- picked by scanning those paths' diffs (``git log --first-parent
-p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way
fork code is written (an import of a deleted or moved module, a name a module's ``__getattr__`` no longer
serves, a call of a removed method, an assignment through a property without a setter, a decorator, a class
attribute read, a keyword, a TypedDict key, a platform override and a call without the new parameter, a read
off a typed receiver, a subclass override the base no longer consults), with twins (fork code the commit does
not break: the shimmed names, the kept spellings).  The merge base is the commit's first parent, upstream is
the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 2683d68d): 13 caught, 0 warned, 3 missed of 16 (twins: 10
quiet, 1 of them warned, 1 false error of 11).  The misses: #26097's ``inputs['prompt']`` (a TypedDict key
upstream removed, subscripted off a parameter typed as the TypedDict), #36470's platform override keeping the
``(cls, prompt, params, processed_inputs)`` signature upstream's compat wrapper adapted (the wrapper removed,
the input processor now calls ``validate_request(processed_inputs, params)`` directly: TypeError), and #32975's
``output_token_ids`` override (the base's ``update`` now counts through ``num_output_tokens()``; the override
is no longer consulted).  The false error: #16680's override taking ``**kwargs`` flagged for not naming the new
``processed_inputs``, which every caller passes by keyword.  The warned twin: #30609's three-argument
``TokenizerRegistry.register`` (a warning that the class's ``register`` was removed; the instance keeps it).
After the killers55 widenings: 15 caught, 1 warned, 0 missed of 16 (twins: 11 quiet, 1 of them warned, 0 false
errors).  Caught now: a subscript of a key upstream removed from a TypedDict the fork's name is typed as; an
override keeping a signature upstream's caller adapted (a removed ``supports_kw`` probe quoting the override's
own parameter) once a line upstream added calls the method directly with arguments only the base binds.  Quiet
now: an override whose ``**kwargs`` takes a required parameter every upstream call passes by keyword.  Warned
(by design): #32975's override of a hook the base's ``update`` stopped reading in place, still read by the
output processor (read nowhere, it is dead-knob drift's finding).

  python benchmarks/blind_replay_tokenizer.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #35024 (2676ab1e0b): vllm/transformers_utils/tokenizer.py (a __getattr__ shim for get_tokenizer) deleted,
#     chat_utils' __getattr__ shim for resolve_hf_chat_template removed
OT = "2676ab1e0b"
OTW = "old get_tokenizer / resolve_hf_chat_template locations removed"
CASES += [
    (
        "#35024 shimmed module deleted",
        "an import of the shimmed name from the deleted module",
        K(
            "#35024",
            OT,
            OTW,
            "vllm/aeon/ot1.py",
            "from vllm.transformers_utils.tokenizer import get_tokenizer\n\n\n"
            "def aeon_tokenizer(model: str):\n"
            "    # AEON: the Spark's router counts prompt tokens before admission\n"
            "    return get_tokenizer(model, trust_remote_code=True)\n",
            "from vllm.transformers_utils.tokenizer import get_tokenizer",
        ),
    ),
    (
        "#35024 shimmed module deleted",
        "an import of a name a module's __getattr__ no longer serves",
        K(
            "#35024",
            OT,
            OTW,
            "vllm/aeon/ot2.py",
            "from vllm.entrypoints.chat_utils import resolve_hf_chat_template\n\n\n"
            "def aeon_template(tokenizer, model_config):\n"
            "    return resolve_hf_chat_template(tokenizer, chat_template=None, tools=None, model_config=model_config)\n",
            "from vllm.entrypoints.chat_utils import resolve_hf_chat_template",
        ),
    ),
    (
        "#35024 shimmed module deleted",
        "twin: the new location",
        K(
            "#35024",
            OT,
            OTW,
            "vllm/aeon/ot3.py",
            "from vllm.tokenizers import get_tokenizer\n\n\n"
            "def aeon_tokenizer2(model: str):\n"
            "    return get_tokenizer(model, trust_remote_code=True)\n",
            "from vllm.tokenizers import get_tokenizer",
        ),
    ),
]

# --- #30400 (e72d65b959): LLM.set_tokenizer and the tokenizer setters of LLMEngine/AsyncLLM/InputProcessor removed
TS = "e72d65b959"
TSW = "tokenizer setter removed"
CASES += [
    (
        "#30400 setter removed",
        "a call of the removed LLM method",
        K(
            "#30400",
            TS,
            TSW,
            "vllm/aeon/ts1.py",
            "from vllm.entrypoints.llm import LLM\n\n\n"
            "def aeon_swap_tokenizer(llm: LLM, tokenizer) -> None:\n"
            "    # AEON: the eval harness swaps in the fine-tune's tokenizer\n"
            "    llm.set_tokenizer(tokenizer)\n",
            "llm.set_tokenizer(tokenizer)",
        ),
    ),
    (
        "#30400 setter removed",
        "an assignment through the property without a setter",
        K(
            "#30400",
            TS,
            TSW,
            "vllm/aeon/ts2.py",
            "from vllm.v1.engine.llm_engine import LLMEngine\n\n\n"
            "def aeon_install_tokenizer(engine: LLMEngine, tokenizer) -> None:\n"
            "    engine.tokenizer = tokenizer\n",
            "engine.tokenizer = tokenizer",
        ),
    ),
    (
        "#30400 setter removed",
        "twin: the kept getter",
        K(
            "#30400",
            TS,
            TSW,
            "vllm/aeon/ts3.py",
            "from vllm.v1.engine.llm_engine import LLMEngine\n\n\n"
            "def aeon_vocab(engine: LLMEngine) -> int:\n"
            "    return len(engine.get_tokenizer())\n",
            "return len(engine.get_tokenizer())",
        ),
    ),
]

# --- #30609 (39cefbdf17): TokenizerRegistry made an instance of _TokenizerRegistry: register takes
#     (mode, module, class_name) only (no decorator form), REGISTRY -> tokenizers, get_tokenizer -> load_tokenizer
TR = "39cefbdf17"
TRW = "TokenizerRegistry only lazy imports"
CASES += [
    (
        "#30609 registry API narrowed",
        "the decorator form of register",
        K(
            "#30609",
            TR,
            TRW,
            "vllm/aeon/tr1.py",
            "from vllm.tokenizers import TokenizerRegistry\nfrom vllm.tokenizers.hf import HfTokenizer\n\n\n"
            "@TokenizerRegistry.register('aeon')\n"
            "class AeonTokenizer(HfTokenizer):\n"
            "    pass\n",
            "@TokenizerRegistry.register('aeon')",
        ),
    ),
    (
        "#30609 registry API narrowed",
        "a read of the removed class attribute",
        K(
            "#30609",
            TR,
            TRW,
            "vllm/aeon/tr2.py",
            "from vllm.tokenizers import TokenizerRegistry\n\n\n"
            "def aeon_modes() -> list[str]:\n"
            "    return sorted(TokenizerRegistry.REGISTRY)\n",
            "return sorted(TokenizerRegistry.REGISTRY)",
        ),
    ),
    (
        "#30609 registry API narrowed",
        "twin: the out-of-tree three-argument register",
        K(
            "#30609",
            TR,
            TRW,
            "vllm/aeon/tr3.py",
            "from vllm.tokenizers import TokenizerRegistry\n\n"
            "TokenizerRegistry.register('aeon_oot', 'vllm.aeon.tok', 'AeonTokenizer')\n",
            "TokenizerRegistry.register('aeon_oot', 'vllm.aeon.tok', 'AeonTokenizer')",
        ),
    ),
]

# --- #29727 (fa59fe417f): vllm/transformers_utils/detokenizer_utils.py moved to vllm/tokenizers/ (no shim)
DU = "fa59fe417f"
DUW = "detokenizer_utils moved to vllm.tokenizers"
CASES += [
    (
        "#29727 module moved",
        "an import from the old module",
        K(
            "#29727",
            DU,
            DUW,
            "vllm/aeon/du1.py",
            "from vllm.transformers_utils.detokenizer_utils import convert_prompt_ids_to_tokens\n\n\n"
            "def aeon_prompt_tokens(tokenizer, ids: list[int]):\n"
            "    return convert_prompt_ids_to_tokens(tokenizer, ids, skip_special_tokens=True)\n",
            "from vllm.transformers_utils.detokenizer_utils import convert_prompt_ids_to_tokens",
        ),
    ),
    (
        "#29727 module moved",
        "twin: a shimmed name of the kept tokenizer module",
        K(
            "#29727",
            DU,
            DUW,
            "vllm/aeon/du2.py",
            "from vllm.transformers_utils.tokenizer import AnyTokenizer\n\n\n"
            "def aeon_eos(tokenizer: AnyTokenizer) -> int | None:\n"
            "    return tokenizer.eos_token_id\n",
            "from vllm.transformers_utils.tokenizer import AnyTokenizer",
        ),
    ),
]

# --- #26097 (0ad9951c41): TokenInputs' prompt key and token_inputs' prompt keyword removed
TI = "0ad9951c41"
TIW = "unused prompt field removed from TokenInputs"
TIH = "from vllm.inputs import TokenInputs, token_inputs\n\n\n"
CASES += [
    (
        "#26097 TypedDict key and keyword removed",
        "a keyword to the builder",
        K(
            "#26097",
            TI,
            TIW,
            "vllm/aeon/ti1.py",
            TIH + "def aeon_inputs(text: str, ids: list[int]) -> TokenInputs:\n"
            "    return token_inputs(prompt_token_ids=ids, prompt=text)\n",
            "return token_inputs(prompt_token_ids=ids, prompt=text)",
        ),
    ),
    (
        "#26097 TypedDict key and keyword removed",
        "a subscript of the removed key",
        K(
            "#26097",
            TI,
            TIW,
            "vllm/aeon/ti2.py",
            TIH + "def aeon_prompt_chars(inputs: TokenInputs) -> int:\n"
            "    # AEON: the admission log keeps the prompt's length in characters\n"
            "    return len(inputs['prompt'])\n",
            "return len(inputs['prompt'])",
        ),
    ),
    (
        "#26097 TypedDict key and keyword removed",
        "twin: the kept key",
        K(
            "#26097",
            TI,
            TIW,
            "vllm/aeon/ti3.py",
            TIH + "def aeon_prompt_len(inputs: TokenInputs) -> int:\n    return len(inputs['prompt_token_ids'])\n",
            "return len(inputs['prompt_token_ids'])",
        ),
    ),
]

# --- #16680 (e1b004839a): Platform.validate_request gains a required processed_inputs, passed by keyword
VR = "e1b004839a"
VRW = "processed_inputs added to platform validation"
CASES += [
    (
        "#16680 required parameter added",
        "a platform override without the new parameter",
        K(
            "#16680",
            VR,
            VRW,
            "vllm/aeon/vr1.py",
            "from vllm.platforms.cuda import CudaPlatform\n\n\n"
            "class AeonPlatform(CudaPlatform):\n"
            "    @classmethod\n"
            "    def validate_request(cls, prompt, params) -> None:\n"
            "        # AEON: GB10 refuses beam search over 8 beams\n"
            "        super().validate_request(prompt, params)\n",
            "def validate_request(cls, prompt, params) -> None:",
        ),
    ),
    (
        "#16680 required parameter added",
        "a fork call without the new parameter",
        K(
            "#16680",
            VR,
            VRW,
            "vllm/aeon/vr2.py",
            "from vllm.platforms import current_platform\n\n\n"
            "def aeon_precheck(prompt, params) -> None:\n"
            "    current_platform.validate_request(prompt=prompt, params=params)\n",
            "current_platform.validate_request(prompt=prompt, params=params)",
        ),
    ),
    (
        "#16680 required parameter added",
        "twin: an override taking **kwargs",
        K(
            "#16680",
            VR,
            VRW,
            "vllm/aeon/vr3.py",
            "from vllm.platforms.cuda import CudaPlatform\n\n\n"
            "class AeonPlatformKw(CudaPlatform):\n"
            "    @classmethod\n"
            "    def validate_request(cls, prompt, params, **kwargs) -> None:\n"
            "        super().validate_request(prompt, params, **kwargs)\n",
            "def validate_request(cls, prompt, params, **kwargs) -> None:",
        ),
    ),
]

# --- #36470 (f96c3ab08c): EngineCoreRequest.eos_token_id removed; the compat wrapper for a platform's old
#     validate_request(cls, prompt, params, processed_inputs) signature removed
DP = "f96c3ab08c"
DPW = "items deprecated in v0.18 removed"
CASES += [
    (
        "#36470 deprecated items removed",
        "a read of the removed property off a typed request",
        K(
            "#36470",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            "from vllm.v1.engine import EngineCoreRequest\n\n\n"
            "def aeon_eos(request: EngineCoreRequest) -> int | None:\n"
            "    return request.eos_token_id\n",
            "return request.eos_token_id",
        ),
    ),
    (
        "#36470 deprecated items removed",
        "a platform override keeping the old signature",
        K(
            "#36470",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            "from vllm.platforms.cuda import CudaPlatform\n\n\n"
            "class AeonOldPlatform(CudaPlatform):\n"
            "    @classmethod\n"
            "    def validate_request(cls, prompt, params, processed_inputs) -> None:\n"
            "        if params is not None and getattr(params, 'n', 1) > 8:\n"
            "            raise ValueError('AEON: n > 8')\n",
            "def validate_request(cls, prompt, params, processed_inputs) -> None:",
        ),
    ),
    (
        "#36470 deprecated items removed",
        "twin: the kept sampling_params route",
        K(
            "#36470",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            "from vllm.v1.engine import EngineCoreRequest\n\n\n"
            "def aeon_eos2(request: EngineCoreRequest) -> int | None:\n"
            "    return request.sampling_params.eos_token_id if request.sampling_params else None\n",
            "return request.sampling_params.eos_token_id if request.sampling_params else None",
        ),
    ),
]

# --- #33542 (a502831d36): is_tokens_prompt / is_embeds_prompt removed from vllm/inputs/data.py
IP = "a502831d36"
IPW = "redundant input parsing methods removed"
CASES += [
    (
        "#33542 function removed",
        "an import of the removed type guard",
        K(
            "#33542",
            IP,
            IPW,
            "vllm/aeon/ip1.py",
            "from vllm.inputs.data import SingletonPrompt, is_tokens_prompt\n\n\n"
            "def aeon_is_pretokenized(prompt: SingletonPrompt) -> bool:\n"
            "    return is_tokens_prompt(prompt)\n",
            "from vllm.inputs.data import SingletonPrompt, is_tokens_prompt",
        ),
    ),
    (
        "#33542 function removed",
        "twin: a kept TypedDict of the same module",
        K(
            "#33542",
            IP,
            IPW,
            "vllm/aeon/ip2.py",
            "from vllm.inputs.data import TokensPrompt\n\n\n"
            "def aeon_prompt(ids: list[int]) -> TokensPrompt:\n"
            "    return TokensPrompt(prompt_token_ids=ids)\n",
            "from vllm.inputs.data import TokensPrompt",
        ),
    ),
]

# --- #29682 (8d9338fae4): Processor renamed InputProcessor; LLMEngine/AsyncLLM.processor now a read-only
#     deprecated property over input_processor (the old module keeps a __getattr__ shim)
PR = "8d9338fae4"
PRW = "Processor renamed InputProcessor"
CASES += [
    (
        "#29682 attribute made a read-only property",
        "a subclass assigning the attribute",
        K(
            "#29682",
            PR,
            PRW,
            "vllm/aeon/pr1.py",
            "from vllm.v1.engine.llm_engine import LLMEngine\n\n\n"
            "class AeonLLMEngine(LLMEngine):\n"
            "    def aeon_reload_processor(self, processor) -> None:\n"
            "        # AEON: the Spark reloads the processor after a LoRA tokenizer swap\n"
            "        self.processor = processor\n",
            "self.processor = processor",
        ),
    ),
    (
        "#29682 attribute made a read-only property",
        "twin: a read of the shimmed property",
        K(
            "#29682",
            PR,
            PRW,
            "vllm/aeon/pr2.py",
            "from vllm.v1.engine.llm_engine import LLMEngine\n\n\n"
            "class AeonLLMEngine2(LLMEngine):\n"
            "    def aeon_clear(self) -> None:\n"
            "        self.processor.clear_mm_cache()\n",
            "self.processor.clear_mm_cache()",
        ),
    ),
    (
        "#29682 attribute made a read-only property",
        "twin: the old module's shimmed name",
        K(
            "#29682",
            PR,
            PRW,
            "vllm/aeon/pr3.py",
            "from vllm.v1.engine.processor import Processor\n\n\nclass AeonProcessor(Processor):\n    pass\n",
            "from vllm.v1.engine.processor import Processor",
        ),
    ),
]

# --- #32975 (e1060a71a1): BaseIncrementalDetokenizer.update counts output tokens through the new
#     num_output_tokens(), no longer through the output_token_ids property
NO = "e1060a71a1"
NOW = "detokenizer update no longer consults output_token_ids"
DT = "from vllm.v1.engine.detokenizer import FastIncrementalDetokenizer\n\n\n"
CASES += [
    (
        "#32975 override no longer consulted",
        "an override of the property the base stopped reading",
        K(
            "#32975",
            NO,
            NOW,
            "vllm/aeon/no1.py",
            DT + "class AeonDetokenizer(FastIncrementalDetokenizer):\n"
            "    @property\n"
            "    def output_token_ids(self) -> list[int]:\n"
            "        # AEON: the fine-tune's control token does not count towards min_tokens\n"
            "        return [t for t in self.token_ids if t != 128011]\n",
            "def output_token_ids(self) -> list[int]:",
        ),
    ),
    (
        "#32975 override no longer consulted",
        "twin: an override of decode_next, still called",
        K(
            "#32975",
            NO,
            NOW,
            "vllm/aeon/no2.py",
            DT + "class AeonDetokenizer2(FastIncrementalDetokenizer):\n"
            "    def decode_next(self, next_token_id: int) -> str:\n"
            "        return super().decode_next(next_token_id).replace('\\u2581', ' ')\n",
            "def decode_next(self, next_token_id: int) -> str:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-tokenizer-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
