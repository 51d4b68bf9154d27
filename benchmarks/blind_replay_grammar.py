"""A blind replay of the grammar-backend contracts a fork that adds its own structured-output backend carries.

9 first-parent commits on the surface a fork adding a grammar backend subclasses and calls -- the v1
structured-output package (``grammar.py`` deleted with the manager's ``_delayed_init``, the
``validate_structured_output_request`` helper renamed, ``StructuredOutputOptions`` no longer re-exported by
the package, ``should_advance`` now called with ``new_token_ids=``), the backend base and its backends
(``StructuredOutputBackend`` made a dataclass whose backends take ``tokenizer`` and ``vocab_size``,
``compile_grammar`` now called with ``stop_token_ids=``, the guidance backend's ``no_additional_properties``
renamed ``disable_additional_properties``, the validators raising ``VLLMValidationError``, not
``ValueError``), ``GuidedDecodingParams``' ``backend_name`` removed, and the input processor's
``_validate_structured_output`` moved onto the params -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (a subclass override, a ``super()`` call, a keyword, an import of a
deleted or renamed name, a read off a typed receiver, an ``except`` clause), with twins (fork code the commit
does not break).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught*
when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no
error on their line.

Blind, on the engine before any widening (main at 95daffa1): 13 caught, 1 warned, 1 missed of 15 (twins: 8
quiet, 0 false errors).  The miss: #16577's ``super().__init__(vllm_config)`` in a ``GuidanceBackend``
subclass's own ``__init__``, where upstream made the backend a dataclass whose generated ``__init__`` now
requires ``tokenizer`` and ``vocab_size`` (the direct ``XgrammarBackend(vllm_config)`` is caught).  #52394's
``except ValueError:`` around ``validate_xgrammar_grammar`` (now raising ``VLLMValidationError``, no
``ValueError``) is a return-drift warning, as escaped_kinds.py designs it: the validator's body calls
json and xgrammar functions that may still raise ``ValueError``, so part of what the handler caught may not
escape.
After the killers104 widening: 14 caught, 1 warned, 0 missed of 15 (twins: 8 quiet, 0 false errors).  Caught
now: a ``super().__init__(...)`` checked against a dataclass's generated ``__init__`` where upstream made the
base a dataclass, or gave a dataclass base a field without a default (symbol drift).  Regression, same
snapshot: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30, 23
twins), blind_replay_structured 20 caught / 1 warned / 1 missed of 22, blind_replay_sampling 21/21,
blind_replay_specdec 23/23, all with 0 false errors.

  python benchmarks/blind_replay_grammar.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #14694 (3a1e648158): grammar.py deleted (Grammar, StructuredOutputOptions moved to backend_types), the
#     manager's _delayed_init and compiler removed
MB = "3a1e648158"
MBW = "structured_output.grammar deleted; StructuredOutputManager._delayed_init removed"
SOM = "from vllm.v1.structured_output import StructuredOutputManager\n\n\n"
CASES += [
    (
        "#14694 module deleted",
        "an import of the deleted grammar module",
        K(
            "#14694",
            MB,
            MBW,
            "vllm/aeon/mb1.py",
            "from vllm.v1.structured_output.grammar import Grammar\n\n\n"
            "def aeon_done(grammar: Grammar) -> bool:\n"
            "    return grammar.matcher.is_terminated()\n",
            "from vllm.v1.structured_output.grammar import Grammar",
        ),
    ),
    (
        "#14694 method removed",
        "a subclass calling the removed _delayed_init",
        K(
            "#14694",
            MB,
            MBW,
            "vllm/aeon/mb2.py",
            SOM + "class AeonManager(StructuredOutputManager):\n"
            "    def aeon_warm(self) -> None:\n"
            "        # AEON: compile the grammar tables at start, not on the first request\n"
            "        self._delayed_init()\n",
            "self._delayed_init()",
        ),
    ),
    (
        "#14694 method removed",
        "twin: grammar_init kept",
        K(
            "#14694",
            MB,
            MBW,
            "vllm/aeon/mb3.py",
            SOM + "class AeonManager2(StructuredOutputManager):\n"
            "    def aeon_init(self, request) -> None:\n"
            "        self.grammar_init(request)\n",
            "self.grammar_init(request)",
        ),
    ),
]

# --- #14779 (a09ad90a72): utils.validate_structured_output_request renamed ..._xgrammar
VR = "a09ad90a72"
VRW = "validate_structured_output_request renamed validate_structured_output_request_xgrammar"
CASES += [
    (
        "#14779 function renamed",
        "an import of the old name",
        K(
            "#14779",
            VR,
            VRW,
            "vllm/aeon/vr1.py",
            "from vllm.sampling_params import SamplingParams\n"
            "from vllm.v1.structured_output.utils import validate_structured_output_request\n\n\n"
            "def aeon_check(params: SamplingParams) -> None:\n"
            "    validate_structured_output_request(params)\n",
            "from vllm.v1.structured_output.utils import validate_structured_output_request",
        ),
    ),
    (
        "#14779 function renamed",
        "twin: a kept helper of the same module",
        K(
            "#14779",
            VR,
            VRW,
            "vllm/aeon/vr2.py",
            "from vllm.v1.structured_output.utils import has_xgrammar_unsupported_json_features\n\n\n"
            "def aeon_needs_fallback(schema: dict) -> bool:\n"
            "    return has_xgrammar_unsupported_json_features(schema)\n",
            "return has_xgrammar_unsupported_json_features(schema)",
        ),
    ),
]

# --- #17008 (a6977dbd15): GuidedDecodingParams.backend_name/backend_options/no_fallback removed; the guidance
#     backend's no_additional_properties renamed disable_additional_properties (attribute and keyword)
BO = "a6977dbd15"
BOW = "guided decoding backend options: backend_name removed, no_additional_properties renamed"
CASES += [
    (
        "#17008 property removed",
        "a read off params typed as GuidedDecodingParams",
        K(
            "#17008",
            BO,
            BOW,
            "vllm/aeon/bo1.py",
            "from vllm.sampling_params import GuidedDecodingParams\n\n\n"
            "def aeon_backend(params: GuidedDecodingParams) -> str:\n"
            "    # AEON: route our grammar backend by name, options stripped\n"
            "    return params.backend_name\n",
            "return params.backend_name",
        ),
    ),
    (
        "#17008 keyword renamed",
        "a keyword to serialize_guidance_grammar",
        K(
            "#17008",
            BO,
            BOW,
            "vllm/aeon/bo2.py",
            "from vllm.v1.structured_output.backend_guidance import serialize_guidance_grammar\n"
            "from vllm.v1.structured_output.backend_types import StructuredOutputOptions\n\n\n"
            "def aeon_lark(schema: str) -> str:\n"
            "    return serialize_guidance_grammar(StructuredOutputOptions.JSON, schema, no_additional_properties=True)\n",
            "return serialize_guidance_grammar(StructuredOutputOptions.JSON, schema, no_additional_properties=True)",
        ),
    ),
    (
        "#17008 attribute renamed",
        "a subclass reading the renamed attribute off self",
        K(
            "#17008",
            BO,
            BOW,
            "vllm/aeon/bo3.py",
            "from vllm.v1.structured_output.backend_guidance import GuidanceBackend\n\n\n"
            "class AeonGuidance(GuidanceBackend):\n"
            "    def aeon_strict(self) -> bool:\n"
            "        return self.no_additional_properties and not self.disable_any_whitespace\n",
            "return self.no_additional_properties and not self.disable_any_whitespace",
        ),
    ),
    (
        "#17008 property removed",
        "twin: the backend field kept",
        K(
            "#17008",
            BO,
            BOW,
            "vllm/aeon/bo4.py",
            "from vllm.sampling_params import GuidedDecodingParams\n\n\n"
            "def aeon_backend2(params: GuidedDecodingParams) -> str:\n"
            "    return params.backend or 'xgrammar'\n",
            "return params.backend or 'xgrammar'",
        ),
    ),
]

# --- #16577 (2fc9075b82): StructuredOutputBackend a dataclass (vllm_config, tokenizer, vocab_size); the
#     backends' __init__(vllm_config) replaced by __post_init__
DC = "2fc9075b82"
DCW = "backends now dataclasses taking tokenizer and vocab_size"
CASES += [
    (
        "#16577 constructor fields added",
        "a backend built from the config alone",
        K(
            "#16577",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.v1.structured_output.backend_xgrammar import XgrammarBackend\n\n\n"
            "def aeon_backend(vllm_config: VllmConfig) -> XgrammarBackend:\n"
            "    return XgrammarBackend(vllm_config)\n",
            "return XgrammarBackend(vllm_config)",
        ),
    ),
    (
        "#16577 constructor fields added",
        "a subclass __init__ handing the config to super()",
        K(
            "#16577",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.v1.structured_output.backend_guidance import GuidanceBackend\n\n\n"
            "class AeonGuidance(GuidanceBackend):\n"
            "    def __init__(self, vllm_config: VllmConfig):\n"
            "        super().__init__(vllm_config)\n"
            "        self.aeon_strict = True\n",
            "super().__init__(vllm_config)",
        ),
    ),
    (
        "#16577 constructor fields added",
        "twin: a fork backend on the base with its own __init__",
        K(
            "#16577",
            DC,
            DCW,
            "vllm/aeon/dc3.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.v1.structured_output.backend_types import StructuredOutputBackend\n\n\n"
            "class AeonBackend(StructuredOutputBackend):\n"
            "    def __init__(self, vllm_config: VllmConfig):\n"
            "        self.vllm_config = vllm_config\n\n"
            "    def compile_grammar(self, request_type, grammar_spec):\n"
            "        raise NotImplementedError\n\n"
            "    def allocate_token_bitmask(self, max_num_seqs):\n"
            "        raise NotImplementedError\n\n\n"
            "def aeon_make(vllm_config: VllmConfig) -> AeonBackend:\n"
            "    return AeonBackend(vllm_config)\n",
            "return AeonBackend(vllm_config)",
        ),
    ),
]

# --- #34362 (ced2a92f40): InputProcessor._validate_structured_output moved onto SamplingParams
VP = "ced2a92f40"
VPW = "InputProcessor._validate_structured_output removed"
IP = "from vllm.sampling_params import SamplingParams\nfrom vllm.v1.engine.input_processor import InputProcessor\n\n\n"
CASES += [
    (
        "#34362 method removed",
        "an override calling super()'s removed method",
        K(
            "#34362",
            VP,
            VPW,
            "vllm/aeon/vp1.py",
            IP + "class AeonInputProcessor(InputProcessor):\n"
            "    def _validate_structured_output(self, params: SamplingParams) -> None:\n"
            "        # AEON: our grammar backend is validated here too\n"
            "        super()._validate_structured_output(params)\n",
            "super()._validate_structured_output(params)",
        ),
    ),
    (
        "#34362 method removed",
        "a call off a typed receiver",
        K(
            "#34362",
            VP,
            VPW,
            "vllm/aeon/vp2.py",
            IP + "def aeon_validate(processor: InputProcessor, params: SamplingParams) -> None:\n"
            "    processor._validate_structured_output(params)\n",
            "processor._validate_structured_output(params)",
        ),
    ),
    (
        "#34362 method removed",
        "twin: a kept validator",
        K(
            "#34362",
            VP,
            VPW,
            "vllm/aeon/vp3.py",
            IP + "def aeon_validate_lora(processor: InputProcessor) -> None:\n    processor._validate_lora(None)\n",
            "processor._validate_lora(None)",
        ),
    ),
]

# --- #44993 (0416dab275): should_advance now called with new_token_ids=; StructuredOutputOptions no longer
#     imported by the package
SA = "0416dab275"
SAW = "should_advance(request, new_token_ids=...); StructuredOutputOptions not re-exported"
CASES += [
    (
        "#44993 caller passes a new keyword",
        "an override without the keyword",
        K(
            "#44993",
            SA,
            SAW,
            "vllm/aeon/sa1.py",
            "from vllm.v1.request import Request\n" + SOM + "class AeonManager(StructuredOutputManager):\n"
            "    def should_advance(self, request: Request) -> bool:\n"
            "        # AEON: never advance a request our backend owns\n"
            "        if request.request_id.startswith('aeon-'):\n"
            "            return False\n"
            "        return super().should_advance(request)\n",
            "def should_advance(self, request: Request) -> bool:",
        ),
    ),
    (
        "#44993 re-export dropped",
        "an import of the enum from the package",
        K(
            "#44993",
            SA,
            SAW,
            "vllm/aeon/sa2.py",
            "from vllm.v1.structured_output import StructuredOutputOptions\n\n\n"
            "def aeon_is_json(kind: StructuredOutputOptions) -> bool:\n"
            "    return kind == StructuredOutputOptions.JSON\n",
            "from vllm.v1.structured_output import StructuredOutputOptions",
        ),
    ),
    (
        "#44993 caller passes a new keyword",
        "twin: a call with the request alone",
        K(
            "#44993",
            SA,
            SAW,
            "vllm/aeon/sa3.py",
            "from vllm.v1.request import Request\n"
            + SOM
            + "def aeon_step(manager: StructuredOutputManager, request: Request) -> bool:\n"
            "    return manager.should_advance(request)\n",
            "return manager.should_advance(request)",
        ),
    ),
]

# --- #49227 (05f0a80016): the manager calls compile_grammar(request_type, grammar_spec, stop_token_ids=...)
CG = "05f0a80016"
CGW = "compile_grammar now called with stop_token_ids="
BT = "from vllm.v1.structured_output.backend_types import StructuredOutputBackend, StructuredOutputOptions\n"
CASES += [
    (
        "#49227 caller passes a new keyword",
        "a fork backend's override without it",
        K(
            "#49227",
            CG,
            CGW,
            "vllm/aeon/cg1.py",
            BT + "\n\nclass AeonBackend(StructuredOutputBackend):\n"
            "    def compile_grammar(self, request_type: StructuredOutputOptions, grammar_spec: str):\n"
            "        raise NotImplementedError(grammar_spec)\n\n"
            "    def allocate_token_bitmask(self, max_num_seqs: int):\n"
            "        raise NotImplementedError\n\n"
            "    def destroy(self):\n"
            "        pass\n",
            "def compile_grammar(self, request_type: StructuredOutputOptions, grammar_spec: str):",
        ),
    ),
    (
        "#49227 caller passes a new keyword",
        "an xgrammar subclass's override handing on to super()",
        K(
            "#49227",
            CG,
            CGW,
            "vllm/aeon/cg2.py",
            "from vllm.v1.structured_output.backend_types import StructuredOutputOptions\n"
            "from vllm.v1.structured_output.backend_xgrammar import XgrammarBackend\n\n\n"
            "class AeonXgrammar(XgrammarBackend):\n"
            "    def compile_grammar(self, request_type: StructuredOutputOptions, grammar_spec: str):\n"
            "        # AEON: strip our schema extensions first\n"
            "        return super().compile_grammar(request_type, grammar_spec.replace('x-aeon', 'x'))\n",
            "def compile_grammar(self, request_type: StructuredOutputOptions, grammar_spec: str):",
        ),
    ),
    (
        "#49227 caller passes a new keyword",
        "twin: an override taking **kwargs",
        K(
            "#49227",
            CG,
            CGW,
            "vllm/aeon/cg3.py",
            "from vllm.v1.structured_output.backend_types import StructuredOutputOptions\n"
            "from vllm.v1.structured_output.backend_xgrammar import XgrammarBackend\n\n\n"
            "class AeonXgrammar2(XgrammarBackend):\n"
            "    def compile_grammar(self, request_type: StructuredOutputOptions, grammar_spec: str, **kwargs):\n"
            "        return super().compile_grammar(request_type, grammar_spec, **kwargs)\n",
            "def compile_grammar(self, request_type: StructuredOutputOptions, grammar_spec: str, **kwargs):",
        ),
    ),
]

# --- #52394 (41f12a0daf): the structured-output validators raise VLLMValidationError (not a ValueError)
VE = "41f12a0daf"
VEW = "validators raise VLLMValidationError, not ValueError"
XV = "from vllm.sampling_params import SamplingParams\nfrom vllm.v1.structured_output.backend_xgrammar import validate_xgrammar_grammar\n\n\n"
CASES += [
    (
        "#52394 raised type changed",
        "an except ValueError around the validator",
        K(
            "#52394",
            VE,
            VEW,
            "vllm/aeon/ve1.py",
            XV + "def aeon_xgrammar_ok(params: SamplingParams) -> bool:\n"
            "    # AEON: fall back to our backend where xgrammar refuses the schema\n"
            "    try:\n"
            "        validate_xgrammar_grammar(params)\n"
            "    except ValueError:\n"
            "        return False\n"
            "    return True\n",
            "except ValueError:",
        ),
    ),
    (
        "#52394 raised type changed",
        "twin: an except Exception around the validator",
        K(
            "#52394",
            VE,
            VEW,
            "vllm/aeon/ve2.py",
            XV + "def aeon_xgrammar_ok2(params: SamplingParams) -> bool:\n"
            "    try:\n"
            "        validate_xgrammar_grammar(params)\n"
            "    except Exception:\n"
            "        return False\n"
            "    return True\n",
            "except Exception:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-grammar-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
