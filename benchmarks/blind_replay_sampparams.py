"""A blind replay of the request parameters and request objects a fork's serving code carries code against.

10 first-parent commits on ``vllm/{sampling_params,pooling_params}.py``, ``vllm/inputs/preprocess.py``,
``vllm/v1/request.py`` and ``vllm/lora/request.py`` -- the values a fork builds, reads and forwards per request:
``SamplingParams.top_k``'s "disabled" default moved from -1 to 0, ``PoolingParams`` losing ``additional_data`` and
then ``softmax``, ``PoolingParams.verify`` defaulting ``use_activation`` instead of ``activation``,
``LoRARequest.long_lora_max_len`` removed (a fourth positional argument now lands in ``base_model_name``),
``Request.__init__`` gaining ``arrival_time`` before ``lora_request``, ``Request.use_structured_output`` made a
plain attribute set in ``__init__`` (a subclass's property override can no longer be assigned),
``InputPreprocessor._can_process_multimodal`` removed, ``InputPreprocessor._process_multimodal`` gaining
``tokenization_kwargs`` before ``lora_request``, and ``InputPreprocessor.preprocess`` losing ``return_mm_hashes``
-- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays
use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a keyword to a struct's
constructor, a positional call, a read off a receiver typed as the class, a subclass's ``self.`` call, a
``super()`` forward, a property override, a comparison with the old default), with twins (fork code the commit
does not break: a kept field, a keyword call, the kept method).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in
its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at bb638821): 13 caught, 0 warned, 2 missed of 15 (twins: 10
quiet, one of them warned -- ``params.top_k > 0`` reads a field whose default changed, a warning by design --
0 false errors).  The misses: #23060's one (a fork subclass of ``Request`` overriding ``use_structured_output``
with a read-only ``@property``; upstream's ``Request.__init__`` now assigns ``self.use_structured_output``, so
building the fork's request raises ``AttributeError``) and #25524's one (``PoolingParams.verify`` no longer
defaults ``activation`` to True, it defaults ``use_activation``; a fork read of ``params.activation`` after
``verify`` now sees None).

After the killers128 widenings: 14 caught, 0 warned, 1 missed of 15 (twins: 10 quiet, one of them warned, 0
false errors).  Caught now: a fork class's member of the name upstream's base now assigns on the instance while
building it (shadowed attributes, ``drift/shadows.py``: a ``property`` with no setter refuses the store, a method
or ``cached_property`` is hidden by it).  Left missed: #25524's read.  ``activation`` is still declared, still
read by upstream (folded into ``use_activation`` as a deprecated alias), and the fork's function holds no call of
``verify``: only knowing that ``verify`` ran before the read would tell a stale default from the caller's own
value.  Stopped-write drift, which asks for the call in the same function, was widened for the spelling that
holds it (``drift/stopped_writes.py``: the base's stores through the class's own helpers count, and ``self``
handed to a function that only reads it is no hand-on): a read below ``params.verify(...)`` is now warned (a
helper of the new ``verify`` stores through ``setattr(self, k, ...)``, which may store the field), one below
``params._set_default_parameters(...)`` was caught already.  Regression set at the widenings' head: killer_replay
26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30, 23 twins), review18_twins 9/9 and 0
false of 41, blind_replay_protocol 19/19 (12 quiet), blind_replay_sampling 21/21 (12 quiet), blind_replay_pooling
15 caught, 2 warned, 2 missed of 19 (10 quiet, 0 false; as on main), blind_replay_scheddata 18/18 (11 quiet),
blind_replay_inputs 22/22 (13 quiet), ``symbol_precision.py --windows 1`` 0 false errors (5 broken overrides, 4
caught).

  python benchmarks/blind_replay_sampparams.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #17773 (c6798baa9c): SamplingParams.top_k's "consider all tokens" default -1 -> 0
TK = "c6798baa9c"
TKW = "SamplingParams.top_k default -1 -> 0"
SP = "from vllm.sampling_params import SamplingParams\n\n\n"
CASES += [
    (
        "#17773 default changed",
        "a comparison with the old default off a typed receiver",
        K(
            "#17773",
            TK,
            TKW,
            "vllm/aeon/tk1.py",
            SP + "def aeon_top_k_disabled(params: SamplingParams) -> bool:\n"
            "    # AEON: the Spark's FlashInfer sampler skips top-k when it is off\n"
            "    return params.top_k == -1\n",
            "return params.top_k == -1",
        ),
    ),
    (
        "#17773 default changed",
        "twin: a bound both defaults satisfy",
        K(
            "#17773",
            TK,
            TKW,
            "vllm/aeon/tk2.py",
            SP + "def aeon_top_k_on(params: SamplingParams) -> bool:\n    return params.top_k > 0\n",
            "return params.top_k > 0",
        ),
    ),
]

# --- #21058 (90bd2ab6e3): PoolingParams.additional_data removed
AD = "90bd2ab6e3"
ADW = "PoolingParams.additional_data removed"
PP = "from vllm.pooling_params import PoolingParams\n\n\n"
CASES += [
    (
        "#21058 struct field removed",
        "a keyword to the constructor",
        K(
            "#21058",
            AD,
            ADW,
            "vllm/aeon/ad1.py",
            PP + "def aeon_rerank_params(query_len: int) -> PoolingParams:\n"
            "    # AEON: the Spark's reranker needs the query length to split the pair\n"
            '    return PoolingParams(additional_data={"query_len": query_len})\n',
            'return PoolingParams(additional_data={"query_len": query_len})',
        ),
    ),
    (
        "#21058 struct field removed",
        "a read off a typed receiver",
        K(
            "#21058",
            AD,
            ADW,
            "vllm/aeon/ad2.py",
            PP + "def aeon_query_len(params: PoolingParams) -> int:\n"
            "    data = params.additional_data or {}\n"
            '    return int(data.get("query_len", 0))\n',
            "data = params.additional_data or {}",
        ),
    ),
    (
        "#21058 struct field removed",
        "twin: kept fields",
        K(
            "#21058",
            AD,
            ADW,
            "vllm/aeon/ad3.py",
            PP + "def aeon_cross(dimensions: int) -> PoolingParams:\n"
            "    return PoolingParams(dimensions=dimensions, use_cross_encoder=True)\n",
            "return PoolingParams(dimensions=dimensions, use_cross_encoder=True)",
        ),
    ),
]

# --- #25370 (f54f85129e): PoolingParams.softmax removed (reward models pool by step now)
SM = "f54f85129e"
SMW = "PoolingParams.softmax removed"
CASES += [
    (
        "#25370 struct field removed",
        "a keyword to the constructor",
        K(
            "#25370",
            SM,
            SMW,
            "vllm/aeon/sm1.py",
            PP + "def aeon_reward_params() -> PoolingParams:\n"
            "    # AEON: the Spark's reward head returns probabilities\n"
            "    return PoolingParams(softmax=True)\n",
            "return PoolingParams(softmax=True)",
        ),
    ),
    (
        "#25370 struct field removed",
        "a read in a subclass's method",
        K(
            "#25370",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            PP + "class AeonPoolingParams(PoolingParams):\n"
            "    def aeon_wants_probs(self) -> bool:\n"
            "        return bool(self.softmax)\n",
            "return bool(self.softmax)",
        ),
    ),
    (
        "#25370 struct field removed",
        "twin: activation kept",
        K(
            "#25370",
            SM,
            SMW,
            "vllm/aeon/sm3.py",
            PP + "def aeon_classify_params() -> PoolingParams:\n    return PoolingParams(activation=False)\n",
            "return PoolingParams(activation=False)",
        ),
    ),
]

# --- #25524 (4464723f22): PoolingParams.verify defaults use_activation, no longer activation
UA = "4464723f22"
UAW = "verify() sets use_activation, not activation"
CASES += [
    (
        "#25524 attribute no longer set",
        "a read of the field verify used to default",
        K(
            "#25524",
            UA,
            UAW,
            "vllm/aeon/ua1.py",
            PP + "def aeon_apply_sigmoid(params: PoolingParams) -> bool:\n"
            "    # AEON: verify() has run; the Spark's fused classifier applies the sigmoid itself\n"
            "    return params.activation is True\n",
            "return params.activation is True",
        ),
    ),
    (
        "#25524 attribute no longer set",
        "twin: normalize still defaulted",
        K(
            "#25524",
            UA,
            UAW,
            "vllm/aeon/ua2.py",
            PP + "def aeon_normalize(params: PoolingParams) -> bool:\n    return params.normalize is True\n",
            "return params.normalize is True",
        ),
    ),
]

# --- #31339 (c3666f56fd): LoRARequest.long_lora_max_len removed; the fourth field is now base_model_name
LL = "c3666f56fd"
LLW = "LoRARequest.long_lora_max_len removed"
LR = "from vllm.lora.request import LoRARequest\n\n\n"
CASES += [
    (
        "#31339 struct field removed",
        "a keyword to the constructor",
        K(
            "#31339",
            LL,
            LLW,
            "vllm/aeon/ll1.py",
            LR + "def aeon_adapter(name: str, int_id: int, path: str) -> LoRARequest:\n"
            "    return LoRARequest(name, int_id, path, long_lora_max_len=32768)\n",
            "return LoRARequest(name, int_id, path, long_lora_max_len=32768)",
        ),
    ),
    (
        "#31339 struct field removed",
        "a fourth positional argument",
        K(
            "#31339",
            LL,
            LLW,
            "vllm/aeon/ll2.py",
            LR + "def aeon_long_adapter(name: str, int_id: int, path: str) -> LoRARequest:\n"
            "    # AEON: the Spark's long-context adapters scale to 32k\n"
            "    return LoRARequest(name, int_id, path, 32768)\n",
            "return LoRARequest(name, int_id, path, 32768)",
        ),
    ),
    (
        "#31339 struct field removed",
        "twin: base_model_name by keyword",
        K(
            "#31339",
            LL,
            LLW,
            "vllm/aeon/ll3.py",
            LR + "def aeon_based(name: str, int_id: int, path: str, base: str) -> LoRARequest:\n"
            "    return LoRARequest(name, int_id, path, base_model_name=base)\n",
            "return LoRARequest(name, int_id, path, base_model_name=base)",
        ),
    ),
]

# --- #19057 (4a0f7888a3): Request.__init__ gains arrival_time before lora_request
AT = "4a0f7888a3"
ATW = "Request(..., client_index, arrival_time, lora_request, ...)"
RQ = "from vllm.v1.request import Request\n\n\n"
CASES += [
    (
        "#19057 parameter inserted",
        "a positional call past the insertion",
        K(
            "#19057",
            AT,
            ATW,
            "vllm/aeon/at1.py",
            RQ + "def aeon_warmup_request(sampling_params, eos_token_id, lora_request) -> Request:\n"
            "    # AEON: the Spark warms each adapter up with a one-token request\n"
            '    return Request("aeon-warmup", [1], None, None, None, sampling_params, None, eos_token_id, 0, lora_request)\n',
            'return Request("aeon-warmup", [1], None, None, None, sampling_params, None, eos_token_id, 0, lora_request)',
        ),
    ),
    (
        "#19057 parameter inserted",
        "twin: keywords past the insertion",
        K(
            "#19057",
            AT,
            ATW,
            "vllm/aeon/at2.py",
            RQ + "def aeon_warmup_request2(sampling_params, eos_token_id, lora_request) -> Request:\n"
            '    return Request("aeon-warmup", [1], None, None, None, sampling_params, None, eos_token_id, lora_request=lora_request)\n',
            'return Request("aeon-warmup", [1], None, None, None, sampling_params, None, eos_token_id, lora_request=lora_request)',
        ),
    ),
]

# --- #23060 (6d243efeda): Request.use_structured_output a property -> an attribute __init__ assigns
SO = "6d243efeda"
SOW = "Request.use_structured_output made an attribute"
CASES += [
    (
        "#23060 property made an attribute",
        "a subclass's property override",
        K(
            "#23060",
            SO,
            SOW,
            "vllm/aeon/so1.py",
            RQ + "class AeonRequest(Request):\n"
            "    @property\n"
            "    def use_structured_output(self) -> bool:\n"
            "        # AEON: the Spark's tool-call requests always go through the grammar\n"
            '        return self.sampling_params is not None and self.request_id.startswith("tool-")\n',
            "def use_structured_output(self) -> bool:",
        ),
    ),
    (
        "#23060 property made an attribute",
        "twin: a read off a typed receiver",
        K(
            "#23060",
            SO,
            SOW,
            "vllm/aeon/so2.py",
            RQ + "def aeon_needs_grammar(request: Request) -> bool:\n    return request.use_structured_output\n",
            "return request.use_structured_output",
        ),
    ),
]

# --- #15686 (aec9674dbe): InputPreprocessor._can_process_multimodal removed
CP = "aec9674dbe"
CPW = "InputPreprocessor._can_process_multimodal removed"
IP = "from vllm.inputs.preprocess import InputPreprocessor\n\n\n"
CASES += [
    (
        "#15686 method removed",
        "a subclass's self. call",
        K(
            "#15686",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            IP + "class AeonInputPreprocessor(InputPreprocessor):\n"
            "    def aeon_multimodal(self, prompt: dict) -> bool:\n"
            '        return "multi_modal_data" in prompt and self._can_process_multimodal()\n',
            'return "multi_modal_data" in prompt and self._can_process_multimodal()',
        ),
    ),
    (
        "#15686 method removed",
        "a call off a typed receiver",
        K(
            "#15686",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            IP + "def aeon_can_mm(preprocessor: InputPreprocessor) -> bool:\n"
            "    # AEON: the Spark's text-only replicas refuse images early\n"
            "    return preprocessor._can_process_multimodal()\n",
            "return preprocessor._can_process_multimodal()",
        ),
    ),
    (
        "#15686 method removed",
        "twin: the registry it asked",
        K(
            "#15686",
            CP,
            CPW,
            "vllm/aeon/cp3.py",
            IP + "def aeon_can_mm2(preprocessor: InputPreprocessor) -> bool:\n"
            "    return preprocessor.mm_registry.has_processor(preprocessor.model_config)\n",
            "return preprocessor.mm_registry.has_processor(preprocessor.model_config)",
        ),
    ),
]

# --- #20058 (d8cf819a9a): InputPreprocessor._process_multimodal gains tokenization_kwargs before lora_request
PM = "d8cf819a9a"
PMW = "_process_multimodal(prompt, mm_data, mm_kwargs, tokenization_kwargs, lora_request)"
CASES += [
    (
        "#20058 parameter inserted",
        "a subclass's positional self. call",
        K(
            "#20058",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            IP + "class AeonMMPreprocessor(InputPreprocessor):\n"
            "    def aeon_images(self, prompt: str, images: list, lora_request=None):\n"
            "        # AEON: the Spark's adapters carry their own image tokens\n"
            '        return self._process_multimodal(prompt, {"image": images}, None, lora_request)\n',
            'return self._process_multimodal(prompt, {"image": images}, None, lora_request)',
        ),
    ),
    (
        "#20058 parameter inserted",
        "twin: lora_request by keyword",
        K(
            "#20058",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            IP + "class AeonMMPreprocessor2(InputPreprocessor):\n"
            "    def aeon_images(self, prompt: str, images: list, lora_request=None):\n"
            '        return self._process_multimodal(prompt, {"image": images}, None, lora_request=lora_request)\n',
            'return self._process_multimodal(prompt, {"image": images}, None, lora_request=lora_request)',
        ),
    ),
]

# --- #23308 (79f05e4436): InputPreprocessor.preprocess and its helpers lose return_mm_hashes
RH = "79f05e4436"
RHW = "preprocess(return_mm_hashes=) removed"
CASES += [
    (
        "#23308 keyword removed",
        "a keyword off a typed receiver",
        K(
            "#23308",
            RH,
            RHW,
            "vllm/aeon/rh1.py",
            IP + "def aeon_inputs(preprocessor: InputPreprocessor, prompt, lora_request=None):\n"
            "    # AEON: the Spark's router keys its cache on the multimodal hashes\n"
            "    return preprocessor.preprocess(prompt, lora_request=lora_request, return_mm_hashes=True)\n",
            "return preprocessor.preprocess(prompt, lora_request=lora_request, return_mm_hashes=True)",
        ),
    ),
    (
        "#23308 keyword removed",
        "a subclass override's positional super() forward",
        K(
            "#23308",
            RH,
            RHW,
            "vllm/aeon/rh2.py",
            IP + "class AeonHashingPreprocessor(InputPreprocessor):\n"
            "    def preprocess(self, prompt, tokenization_kwargs=None, lora_request=None, return_mm_hashes=False):\n"
            "        return super().preprocess(prompt, tokenization_kwargs, lora_request, return_mm_hashes)\n",
            "return super().preprocess(prompt, tokenization_kwargs, lora_request, return_mm_hashes)",
        ),
    ),
    (
        "#23308 keyword removed",
        "twin: the kept keywords",
        K(
            "#23308",
            RH,
            RHW,
            "vllm/aeon/rh3.py",
            IP + "def aeon_inputs2(preprocessor: InputPreprocessor, prompt, lora_request=None):\n"
            "    return preprocessor.preprocess(prompt, tokenization_kwargs=None, lora_request=lora_request)\n",
            "return preprocessor.preprocess(prompt, tokenization_kwargs=None, lora_request=lora_request)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-sampparams-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
