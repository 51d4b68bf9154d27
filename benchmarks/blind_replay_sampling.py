"""A blind replay of the sampling, pooling and logits-processing surface a fork builds on and subclasses.

11 first-parent commits on the surface a fork that tunes sampling carries code against -- the request
parameter structs (``StructuredOutputsParams.disable_fallback`` removed, ``GuidedDecodingParams`` and
``SamplingParams.guided_decoding`` renamed to ``StructuredOutputsParams`` / ``structured_outputs``,
``PoolingParams``' ``normalize``/``softmax``/``activation`` removed, ``PoolingParams.verify`` losing its ``task``
parameter, the ``"score"`` task alias dropped), the pooler config (``PoolerConfig.get_pooling_type`` and
``PoolingTypeStr`` removed), the v1 sampler a fork subclasses (``apply_min_p``/``apply_logits_bias`` and
``SamplingMetadata.min_p``/``logit_bias``/``min_tokens`` removed into logits processors,
``apply_allowed_token_ids``/``apply_bad_words`` folded into ``apply_logits_processors``, ``apply_penalties``'
``output_token_ids`` made required), a deleted ops module (``vllm.v1.sample.ops.utils.compiled_softmax``) and
an environment knob moved onto the params (``VLLM_FLAT_LOGPROBS`` -> ``SamplingParams.flat_logprobs``) --
picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other
replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a keyword to a
params struct, a read off a typed receiver, a positional argument, a subclass override or ``super()`` call,
an import of a removed name or deleted module, an ``envs`` attribute and an ``os.environ`` key, a compared
literal), with twins (fork code the commit does not break).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands
in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 2683d68d): 19 caught, 0 warned, 1 missed of 20 (twins: 11
quiet, 1 false error of 12).  The miss: #37861's ``PoolingParams(task='score')`` -- ``PoolingParams.verify``'s
``if self.task == "score": ... self.task = "classify"`` (a deprecated value's alias) went, and ``"score"``
was in no ``Literal`` at either side, so dropped-choice drift had nothing to compare.  The false error was
the replay's, not the engine's: #32026's "twin" ``pooler_config.pooling_type == 'MEAN'`` is a killer --
``ModelConfig`` wrote ``pooler_config.pooling_type = default_pooling_type`` at the merge base and writes
``seq_pooling_type`` / ``tok_pooling_type`` now, so the read is None wherever the model's default was used
(symbol drift's "every write of it went").  Relabelled a killer, with a twin reading a field the change
left alone (``enable_chunked_processing``): 20 caught, 1 missed of 21 (twins: 12 quiet, 0 false errors).
After the killers56 widening: 21 caught, 0 warned, 0 missed of 21 (twins: 12 quiet, 0 false errors).  Caught
now: a deprecated value's alias dropped (``drift/dropped_aliases.py``, name drift) -- a method of a class that
tested one of its fields against the value and rewrote the field another string lost the branch, the file
quotes the value nowhere and no served upstream file tests the field against it or renames it in a dict
display; the keyword passing it to that class's constructor is an error.  Unchanged with it: killer_replay 26/26,
kind_change_replay 12/12, blind_replay_subsystems 32/5/0, openai 15/1/1, 2026 41/2/0, review15/16/17_twins 0
false errors, symbol_precision --windows 3: 1 false error (window 0's synthetic carry of EngineCoreClient, whose
shutdown() upstream made abstract in that window: symbol drift's, not this class's).

  python benchmarks/blind_replay_sampling.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #36546 (04b67d8f62): the unused StructuredOutputsParams.disable_fallback field removed
DF = "04b67d8f62"
DFW = "StructuredOutputsParams.disable_fallback removed"
SOP = "from vllm.sampling_params import StructuredOutputsParams\n\n\n"
CASES += [
    (
        "#36546 params field removed",
        "a keyword to the dataclass",
        K(
            "#36546",
            DF,
            DFW,
            "vllm/aeon/so1.py",
            SOP + "def aeon_json_params(schema: dict) -> StructuredOutputsParams:\n"
            "    # AEON: GB10's grammar compiler must not fall back to outlines mid-request\n"
            "    return StructuredOutputsParams(json=schema, disable_fallback=True)\n",
            "return StructuredOutputsParams(json=schema, disable_fallback=True)",
        ),
    ),
    (
        "#36546 params field removed",
        "a read off a typed parameter",
        K(
            "#36546",
            DF,
            DFW,
            "vllm/aeon/so2.py",
            SOP + "def aeon_strict(params: StructuredOutputsParams) -> bool:\n"
            "    return params.disable_fallback or params.disable_any_whitespace\n",
            "return params.disable_fallback or params.disable_any_whitespace",
        ),
    ),
    (
        "#36546 params field removed",
        "twin: the disable_any_whitespace keyword kept",
        K(
            "#36546",
            DF,
            DFW,
            "vllm/aeon/so3.py",
            SOP + "def aeon_compact_params(schema: dict) -> StructuredOutputsParams:\n"
            "    return StructuredOutputsParams(json=schema, disable_any_whitespace=True)\n",
            "return StructuredOutputsParams(json=schema, disable_any_whitespace=True)",
        ),
    ),
]

# --- #22772 (29283e8976): GuidedDecodingParams -> StructuredOutputsParams, SamplingParams.guided_decoding ->
#     structured_outputs (a compatibility alias came back only in #25422)
GD = "29283e8976"
GDW = "GuidedDecodingParams and SamplingParams.guided_decoding renamed"
CASES += [
    (
        "#22772 params class and keyword renamed",
        "an import of the removed class",
        K(
            "#22772",
            GD,
            GDW,
            "vllm/aeon/gd1.py",
            "from vllm.sampling_params import GuidedDecodingParams\n\n\n"
            "def aeon_choice(options: list[str]) -> GuidedDecodingParams:\n"
            "    return GuidedDecodingParams(choice=options)\n",
            "from vllm.sampling_params import GuidedDecodingParams",
        ),
    ),
    (
        "#22772 params class and keyword renamed",
        "a keyword to SamplingParams.from_optional",
        K(
            "#22772",
            GD,
            GDW,
            "vllm/aeon/gd2.py",
            "from vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_greedy(guide) -> SamplingParams:\n"
            "    return SamplingParams.from_optional(temperature=0.0, max_tokens=64, guided_decoding=guide)\n",
            "return SamplingParams.from_optional(temperature=0.0, max_tokens=64, guided_decoding=guide)",
        ),
    ),
    (
        "#22772 params class and keyword renamed",
        "a read off typed SamplingParams",
        K(
            "#22772",
            GD,
            GDW,
            "vllm/aeon/gd3.py",
            "from vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_is_guided(params: SamplingParams) -> bool:\n"
            "    return params.guided_decoding is not None\n",
            "return params.guided_decoding is not None",
        ),
    ),
    (
        "#22772 params class and keyword renamed",
        "twin: the logit_bias keyword kept",
        K(
            "#22772",
            GD,
            GDW,
            "vllm/aeon/gd4.py",
            "from vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_biased(bias: dict[int, float]) -> SamplingParams:\n"
            "    return SamplingParams.from_optional(temperature=0.0, max_tokens=64, logit_bias=bias)\n",
            "return SamplingParams.from_optional(temperature=0.0, max_tokens=64, logit_bias=bias)",
        ),
    ),
]

# --- #33477 (92924b2ddd): PoolingParams' deprecated normalize / softmax / activation removed (use_activation)
PA = "92924b2ddd"
PAW = "PoolingParams normalize/softmax/activation removed"
PP = "from vllm.pooling_params import PoolingParams\n\n\n"
CASES += [
    (
        "#33477 pooling field removed",
        "a keyword to the msgspec struct",
        K(
            "#33477",
            PA,
            PAW,
            "vllm/aeon/pa1.py",
            PP + "def aeon_raw_embed() -> PoolingParams:\n"
            "    # AEON: the retrieval service normalizes on its side\n"
            "    return PoolingParams(task='embed', normalize=False)\n",
            "return PoolingParams(task='embed', normalize=False)",
        ),
    ),
    (
        "#33477 pooling field removed",
        "a read off a typed parameter",
        K(
            "#33477",
            PA,
            PAW,
            "vllm/aeon/pa2.py",
            PP + "def aeon_wants_softmax(params: PoolingParams) -> bool:\n    return bool(params.softmax)\n",
            "return bool(params.softmax)",
        ),
    ),
    (
        "#33477 pooling field removed",
        "twin: the use_activation field kept",
        K(
            "#33477",
            PA,
            PAW,
            "vllm/aeon/pa3.py",
            PP + "def aeon_raw_classify() -> PoolingParams:\n"
            "    return PoolingParams(task='classify', use_activation=False)\n",
            "return PoolingParams(task='classify', use_activation=False)",
        ),
    ),
]

# --- #33796 (038914b7c8): PoolingParams.verify(task, model_config=None) -> verify(model_config)
PV = "038914b7c8"
PVW = "PoolingParams.verify lost its task parameter"
CASES += [
    (
        "#33796 parameter removed",
        "a positional task",
        K(
            "#33796",
            PV,
            PVW,
            "vllm/aeon/pv1.py",
            PP + "def aeon_check(params: PoolingParams, model_config) -> None:\n"
            "    params.verify('embed', model_config)\n",
            "params.verify('embed', model_config)",
        ),
    ),
    (
        "#33796 parameter removed",
        "a subclass override handing task to super()",
        K(
            "#33796",
            PV,
            PVW,
            "vllm/aeon/pv2.py",
            PP + "class AeonPoolingParams(PoolingParams):\n"
            "    def verify(self, task, model_config=None) -> None:\n"
            "        # AEON: the Spark's reranker only ever classifies\n"
            "        super().verify(task, model_config)\n",
            "super().verify(task, model_config)",
        ),
    ),
    (
        "#33796 parameter removed",
        "twin: clone() unchanged",
        K(
            "#33796",
            PV,
            PVW,
            "vllm/aeon/pv3.py",
            PP + "def aeon_copy(params: PoolingParams) -> PoolingParams:\n    return params.clone()\n",
            "return params.clone()",
        ),
    ),
]

# --- #37861 (d2e2e856ad): PoolingParams no longer maps the deprecated "score" task onto "classify"
ST = "d2e2e856ad"
STW = "the score task alias dropped"
CASES += [
    (
        "#37861 accepted value dropped",
        "a task keyword",
        K(
            "#37861",
            ST,
            STW,
            "vllm/aeon/st1.py",
            PP + "def aeon_rerank_params() -> PoolingParams:\n    return PoolingParams(task='score')\n",
            "return PoolingParams(task='score')",
        ),
    ),
    (
        "#37861 accepted value dropped",
        "twin: the classify task",
        K(
            "#37861",
            ST,
            STW,
            "vllm/aeon/st2.py",
            PP + "def aeon_rerank_params2() -> PoolingParams:\n    return PoolingParams(task='classify')\n",
            "return PoolingParams(task='classify')",
        ),
    ),
]

# --- #32026 (583a90e005): PoolerConfig.get_pooling_type() and PoolingTypeStr removed (seq/tok pooling types)
PT = "583a90e005"
PTW = "PoolerConfig.get_pooling_type and PoolingTypeStr removed"
CASES += [
    (
        "#32026 method and alias removed",
        "a method call off a typed config",
        K(
            "#32026",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            "from vllm.config import PoolerConfig\n\n\n"
            "def aeon_is_last(pooler_config: PoolerConfig) -> bool:\n"
            "    return pooler_config.get_pooling_type() == 'LAST'\n",
            "return pooler_config.get_pooling_type() == 'LAST'",
        ),
    ),
    (
        "#32026 method and alias removed",
        "an import of the removed alias",
        K(
            "#32026",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            "from vllm.config.pooler import PoolingTypeStr\n\nAEON_POOLING: PoolingTypeStr = 'MEAN'\n",
            "from vllm.config.pooler import PoolingTypeStr",
        ),
    ),
    (
        "#32026 method and alias removed",
        "a read of the field upstream no longer resolves (was mislabelled a twin, see above)",
        K(
            "#32026",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            "from vllm.config import PoolerConfig\n\n\n"
            "def aeon_is_mean(pooler_config: PoolerConfig) -> bool:\n"
            "    return pooler_config.pooling_type == 'MEAN'\n",
            "return pooler_config.pooling_type == 'MEAN'",
        ),
    ),
]

CASES += [
    (
        "#32026 method and alias removed",
        "twin: a field upstream left alone",
        K(
            "#32026",
            PT,
            PTW,
            "vllm/aeon/pt4.py",
            "from vllm.config import PoolerConfig\n\n\n"
            "def aeon_chunked(pooler_config: PoolerConfig) -> bool:\n"
            "    return bool(pooler_config.enable_chunked_processing)\n",
            "return bool(pooler_config.enable_chunked_processing)",
        ),
    ),
]

# --- #16728 (48fb076cbc): min_p / logit_bias / min_tokens moved into logits processors: Sampler.apply_min_p and
#     apply_logits_bias removed, SamplingMetadata.min_p / logit_bias / min_tokens removed
LP = "48fb076cbc"
LPW = "Sampler.apply_min_p and SamplingMetadata.min_p removed"
SM = "from vllm.v1.sample.metadata import SamplingMetadata\nfrom vllm.v1.sample.sampler import Sampler\nimport torch\n\n\n"
CASES += [
    (
        "#16728 sampler method and metadata field removed",
        "a subclass override of the removed hook",
        K(
            "#16728",
            LP,
            LPW,
            "vllm/aeon/lp1.py",
            SM + "class AeonSampler(Sampler):\n"
            "    def apply_min_p(self, logits: torch.Tensor, min_p: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: clamp min_p so GB10's bf16 logits keep one candidate\n"
            "        return super().apply_min_p(logits, min_p.clamp(max=0.9))\n",
            "    def apply_min_p(self, logits: torch.Tensor, min_p: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#16728 sampler method and metadata field removed",
        "a read off typed metadata",
        K(
            "#16728",
            LP,
            LPW,
            "vllm/aeon/lp2.py",
            SM + "def aeon_uses_min_p(sampling_metadata: SamplingMetadata) -> bool:\n"
            "    return sampling_metadata.min_p is not None\n",
            "return sampling_metadata.min_p is not None",
        ),
    ),
    (
        "#16728 sampler method and metadata field removed",
        "twin: the top_p field kept",
        K(
            "#16728",
            LP,
            LPW,
            "vllm/aeon/lp3.py",
            SM + "def aeon_uses_top_p(sampling_metadata: SamplingMetadata) -> bool:\n"
            "    return sampling_metadata.top_p is not None\n",
            "return sampling_metadata.top_p is not None",
        ),
    ),
]

# --- #19482 (6ebaf43ee4): Sampler.apply_allowed_token_ids / apply_bad_words folded into apply_logits_processors
AB = "6ebaf43ee4"
ABW = "Sampler.apply_allowed_token_ids and apply_bad_words removed"
CASES += [
    (
        "#19482 sampler hooks folded",
        "a subclass override no longer called",
        K(
            "#19482",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            SM + "class AeonSampler(Sampler):\n"
            "    def apply_bad_words(self, logits: torch.Tensor, sampling_metadata: SamplingMetadata) -> torch.Tensor:\n"
            "        # AEON: bad words are masked by the Spark's own kernel\n"
            "        return logits\n",
            "    def apply_bad_words(self, logits: torch.Tensor, sampling_metadata: SamplingMetadata) -> torch.Tensor:",
        ),
    ),
    (
        "#19482 sampler hooks folded",
        "a call through self",
        K(
            "#19482",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            SM + "class AeonSampler2(Sampler):\n"
            "    def aeon_mask(self, logits: torch.Tensor, sampling_metadata: SamplingMetadata) -> torch.Tensor:\n"
            "        return self.apply_allowed_token_ids(logits, sampling_metadata)\n",
            "return self.apply_allowed_token_ids(logits, sampling_metadata)",
        ),
    ),
    (
        "#19482 sampler hooks folded",
        "twin: an apply_temperature override",
        K(
            "#19482",
            AB,
            ABW,
            "vllm/aeon/ab3.py",
            SM + "class AeonSampler3(Sampler):\n"
            "    def apply_temperature(self, logits: torch.Tensor, temp: torch.Tensor, all_random: bool) -> torch.Tensor:\n"
            "        return super().apply_temperature(logits, temp.clamp(min=1e-3), all_random)\n",
            "return super().apply_temperature(logits, temp.clamp(min=1e-3), all_random)",
        ),
    ),
]

# --- #26450 (ddcbc2f334): Sampler helpers made static; apply_penalties' output_token_ids lost its None default
AP = "ddcbc2f334"
APW = "apply_penalties output_token_ids made required"
CASES += [
    (
        "#26450 default removed",
        "a call through self without the argument",
        K(
            "#26450",
            AP,
            APW,
            "vllm/aeon/ap1.py",
            SM + "class AeonSampler(Sampler):\n"
            "    def aeon_penalize(self, logits: torch.Tensor, sampling_metadata: SamplingMetadata) -> torch.Tensor:\n"
            "        return self.apply_penalties(logits, sampling_metadata)\n",
            "return self.apply_penalties(logits, sampling_metadata)",
        ),
    ),
    (
        "#26450 default removed",
        "twin: the argument passed",
        K(
            "#26450",
            AP,
            APW,
            "vllm/aeon/ap2.py",
            SM + "class AeonSampler2(Sampler):\n"
            "    def aeon_penalize(self, logits: torch.Tensor, sampling_metadata: SamplingMetadata) -> torch.Tensor:\n"
            "        return self.apply_penalties(logits, sampling_metadata, sampling_metadata.output_token_ids)\n",
            "return self.apply_penalties(logits, sampling_metadata, sampling_metadata.output_token_ids)",
        ),
    ),
    (
        "#26450 default removed",
        "twin: compute_logprobs still reached through self",
        K(
            "#26450",
            AP,
            APW,
            "vllm/aeon/ap3.py",
            SM + "class AeonSampler3(Sampler):\n"
            "    def aeon_logprobs(self, logits: torch.Tensor) -> torch.Tensor:\n"
            "        return self.compute_logprobs(logits)\n",
            "return self.compute_logprobs(logits)",
        ),
    ),
]

# --- #15416 (911c8eb000): vllm/v1/sample/ops/utils.py (compiled_softmax) deleted
CS = "911c8eb000"
CSW = "compiled_softmax module deleted"
CASES += [
    (
        "#15416 module deleted",
        "an import from the deleted module",
        K(
            "#15416",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            "import torch\n\nfrom vllm.v1.sample.ops.utils import compiled_softmax\n\n\n"
            "def aeon_probs(logits: torch.Tensor) -> torch.Tensor:\n"
            "    return compiled_softmax(logits, temperature=0.7)\n",
            "from vllm.v1.sample.ops.utils import compiled_softmax",
        ),
    ),
    (
        "#15416 module deleted",
        "twin: compute_probs kept",
        K(
            "#15416",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            "from vllm.v1.sample.rejection_sampler import compute_probs\n\n\n"
            "def aeon_probs2(logits, cu_num_draft_tokens, sampling_metadata):\n"
            "    return compute_probs(logits, cu_num_draft_tokens, sampling_metadata)\n",
            "from vllm.v1.sample.rejection_sampler import compute_probs",
        ),
    ),
]

# --- #28914 (40b6b38f2c): VLLM_FLAT_LOGPROBS removed; flat logprobs are SamplingParams.flat_logprobs now
FL = "40b6b38f2c"
FLW = "VLLM_FLAT_LOGPROBS removed"
CASES += [
    (
        "#28914 env knob removed",
        "an envs attribute",
        K(
            "#28914",
            FL,
            FLW,
            "vllm/aeon/fl1.py",
            "import vllm.envs as envs\n\n\ndef aeon_flat() -> bool:\n    return envs.VLLM_FLAT_LOGPROBS\n",
            "return envs.VLLM_FLAT_LOGPROBS",
        ),
    ),
    (
        "#28914 env knob removed",
        "an os.environ default",
        K(
            "#28914",
            FL,
            FLW,
            "vllm/aeon/fl2.py",
            "import os\n\n\n"
            "def aeon_setup() -> None:\n"
            "    # AEON: flat logprobs halve the GC pauses on the Spark\n"
            "    os.environ.setdefault('VLLM_FLAT_LOGPROBS', '1')\n",
            "os.environ.setdefault('VLLM_FLAT_LOGPROBS', '1')",
        ),
    ),
    (
        "#28914 env knob removed",
        "twin: another envs attribute kept",
        K(
            "#28914",
            FL,
            FLW,
            "vllm/aeon/fl3.py",
            "import vllm.envs as envs\n\n\ndef aeon_fi() -> bool:\n    return bool(envs.VLLM_USE_FLASHINFER_SAMPLER)\n",
            "return bool(envs.VLLM_USE_FLASHINFER_SAMPLER)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-sampling-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
