"""A blind replay of speculative decoding's second surface: the proposers' hooks, helpers and sampling knobs a fork patches.

10 first-parent commits on what a fork that tunes EAGLE/MTP/draft-model drafting carries code against, none
used by ``blind_replay_specdec.py`` or any other replay -- the proposer hooks a subclass overrides or calls
(``_raise_if_multimodal`` renamed ``_warn_if_multimodal``, #41752; ``build_per_layer_attn_metadata``
renamed ``build_per_group_and_layer_attn_metadata``, #37887; ``_get_attention_metadata_builder`` removed
for ``initialize_attn_backend``, #34552), the helpers a fork imports (``create_vllm_config_for_draft_model``
moved from ``draft_model.py`` to ``utils.py`` and ``merge_toks_kernel`` deleted, #32887, then the helper
removed from ``utils.py``, #37880; the ngram proposer's KMP helpers deleted, #22437; DeepSeek MTP's
``_restore_full_token_layout_if_needed`` deleted, #48763), SpeculativeConfig's ``draft_sample_method``
value ``"gumbel"`` renamed ``"probabilistic"`` (#40269), and ``prepare_next_token_ids_padded``'s signature
(two discard parameters folded into ``discard_request_mask``, #28597; its first parameter ``seq_lens_cpu``
removed, #38556)
-- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other
replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a hook
called off ``self`` in a proposer subclass, an override of the old hook, an import of a moved or deleted
helper, a module attribute call, a keyword to the config, a comparison of the config's field), with twins
(fork code beside the same change that it does not break).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at a5bc6846): 14 caught, 1 warned, 1 missed of 16 (twins: 10
quiet, 0 false errors).  The miss was our label, not the engine: #32887 moved ``create_vllm_config_for_draft_model``
to ``utils.py`` but ``draft_model.py`` re-imports it, so the fork's ``from ...draft_model import`` still binds
(relabelled a twin; the import does break at #37880, spelt in round 2).  The warned one is the marker: #28597's
override is caught on its ``def`` line and its ``super()`` call, the marked line was its parameter list.
Round 2 (14 harder spellings of the same commits -- ``getattr`` with a literal, ``mock.patch.object``, a bound
method kept in a local, a ``hasattr`` gate, a monkey-patch, a key of the engine's ``speculative_config`` dict,
a membership test, an override still taking the removed leading parameter, ``functools.partial`` -- committed
before its own run): 8 caught, 0 warned, 2 missed of 10 (twins: 3 quiet, 1 false error of 4).  The misses: the
two ``mock.patch.object(EagleProposer, "<gone hook>", ...)`` (#41752, #34552).  The false error: #37887's
``if hasattr(self, "build_per_group_and_layer_attn_metadata"): return ...`` then the old call, a version gate.
After the killers95 widenings: 24 caught, 1 warned, 0 missed of 25 (twins: 15 quiet, 0 false errors).  Caught
now: a ``patch.object`` / ``monkeypatch.setattr`` of a member upstream removed or renamed, read as ``getattr``
with no default (symbol drift, ``drift/patched_names.py``); quiet now: a gone member used only where a
``hasattr`` test for another member failed, when upstream defines the asked name (a warning when it does
not; ``drift/version_gates.py``).

  python benchmarks/blind_replay_specdec2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

EAGLE = "from vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"

# --- #41752 (2d7d6cf765): SpecDecodeBaseProposer._raise_if_multimodal renamed _warn_if_multimodal
MM = "2d7d6cf765"
MMW = "_raise_if_multimodal renamed _warn_if_multimodal"
CASES += [
    (
        "#41752 hook renamed",
        "the old hook called off self in a subclass",
        K(
            "#41752",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            EAGLE + "class AeonEagleProposer(EagleProposer):\n"
            "    def aeon_check_inputs(self) -> None:\n"
            "        # AEON: the Spark's VLM drafts refuse images before the first pass\n"
            "        self._raise_if_multimodal()\n",
            "self._raise_if_multimodal()",
        ),
    ),
    (
        "#41752 hook renamed",
        "an override of the old hook (nothing calls it now)",
        K(
            "#41752",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            EAGLE + "class AeonVlmEagleProposer(EagleProposer):\n"
            "    def _raise_if_multimodal(self):\n"
            "        # AEON: our draft head was trained on image tokens too\n"
            "        pass\n",
            "def _raise_if_multimodal(self):",
        ),
    ),
    (
        "#41752 hook renamed",
        "twin: the mrope hook kept",
        K(
            "#41752",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            EAGLE + "class AeonMropeEagleProposer(EagleProposer):\n"
            "    def aeon_check_mrope(self) -> None:\n"
            "        self._raise_if_mrope()\n",
            "self._raise_if_mrope()",
        ),
    ),
]

# --- #37887 (31a719bcd3): EagleProposer.build_per_layer_attn_metadata renamed
#     build_per_group_and_layer_attn_metadata (and returns a pair)
BP = "31a719bcd3"
BPW = "build_per_layer_attn_metadata renamed build_per_group_and_layer_attn_metadata"
CASES += [
    (
        "#37887 method renamed",
        "the old method called off self",
        K(
            "#37887",
            BP,
            BPW,
            "vllm/aeon/bp1.py",
            EAGLE + "class AeonTreeEagleProposer(EagleProposer):\n"
            "    def aeon_layer_metadata(self, common_attn_metadata) -> dict[str, object]:\n"
            "        # AEON: the tree drafter re-reads per-layer metadata for its second pass\n"
            "        return self.build_per_layer_attn_metadata(common_attn_metadata)\n",
            "return self.build_per_layer_attn_metadata(common_attn_metadata)",
        ),
    ),
    (
        "#37887 method renamed",
        "an override of the old method with super()",
        K(
            "#37887",
            BP,
            BPW,
            "vllm/aeon/bp2.py",
            EAGLE + "class AeonFp8EagleProposer(EagleProposer):\n"
            "    def build_per_layer_attn_metadata(self, common_attn_metadata, draft_index: int = 0) -> dict[str, object]:\n"
            "        md = super().build_per_layer_attn_metadata(common_attn_metadata, draft_index)\n"
            "        return md\n",
            "md = super().build_per_layer_attn_metadata(common_attn_metadata, draft_index)",
        ),
    ),
    (
        "#37887 method renamed",
        "twin: an override of load_model kept",
        K(
            "#37887",
            BP,
            BPW,
            "vllm/aeon/bp3.py",
            EAGLE + "class AeonLoadEagleProposer(EagleProposer):\n"
            "    def load_model(self, target_model) -> None:\n"
            "        super().load_model(target_model)\n",
            "super().load_model(target_model)",
        ),
    ),
]

# --- #34552 (28ef9ba399): SpecDecodeBaseProposer._get_attention_metadata_builder removed
GB = "28ef9ba399"
GBW = "_get_attention_metadata_builder removed"
CASES += [
    (
        "#34552 private method removed",
        "the removed method called off self",
        K(
            "#34552",
            GB,
            GBW,
            "vllm/aeon/gb1.py",
            EAGLE + "class AeonMtpProposer(EagleProposer):\n"
            "    def aeon_builder_name(self) -> str:\n"
            "        # AEON: the sparse-MLA draft logs which builder it got\n"
            "        return type(self._get_attention_metadata_builder()).__name__\n",
            "return type(self._get_attention_metadata_builder()).__name__",
        ),
    ),
    (
        "#34552 private method removed",
        "twin: propose overridden",
        K(
            "#34552",
            GB,
            GBW,
            "vllm/aeon/gb2.py",
            EAGLE + "class AeonMtpProposer2(EagleProposer):\n"
            "    def propose(self, *args, **kwargs):\n"
            "        return super().propose(*args, **kwargs)\n",
            "return super().propose(*args, **kwargs)",
        ),
    ),
]

# --- #32887 (af3162d3aa): create_vllm_config_for_draft_model moved from draft_model.py to utils.py,
#     merge_toks_kernel deleted
PD = "af3162d3aa"
PDW = "draft_model helpers moved to utils / deleted"
CASES += [
    (
        "#32887 helper moved",
        "twin: an import of the moved helper from its old module (draft_model.py re-imports it)",
        K(
            "#32887",
            PD,
            PDW,
            "vllm/aeon/pd1.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.v1.spec_decode.draft_model import create_vllm_config_for_draft_model\n\n\n"
            "def aeon_draft_config(cfg: VllmConfig) -> VllmConfig:\n"
            "    return create_vllm_config_for_draft_model(cfg)\n",
            "from vllm.v1.spec_decode.draft_model import create_vllm_config_for_draft_model",
        ),
    ),
    (
        "#32887 helper moved",
        "an import of the deleted kernel",
        K(
            "#32887",
            PD,
            PDW,
            "vllm/aeon/pd2.py",
            "from vllm.v1.spec_decode import draft_model\n\n\n"
            "def aeon_kernel():\n"
            "    # AEON: the Spark build swaps in a smaller block for the merge kernel\n"
            "    return draft_model.merge_toks_kernel\n",
            "return draft_model.merge_toks_kernel",
        ),
    ),
    (
        "#32887 helper moved",
        "twin: the proposer class kept",
        K(
            "#32887",
            PD,
            PDW,
            "vllm/aeon/pd3.py",
            "from vllm.v1.spec_decode.draft_model import DraftModelProposer\n\n\n"
            "class AeonDraftModelProposer(DraftModelProposer):\n"
            "    pass\n",
            "from vllm.v1.spec_decode.draft_model import DraftModelProposer",
        ),
    ),
]

# --- #37880 (cd7643015e): vllm.v1.spec_decode.utils.create_vllm_config_for_draft_model removed
CV = "cd7643015e"
CVW = "create_vllm_config_for_draft_model removed"
CASES += [
    (
        "#37880 helper removed",
        "a module attribute call",
        K(
            "#37880",
            CV,
            CVW,
            "vllm/aeon/cv1.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.v1.spec_decode import utils as sd_utils\n\n\n"
            "def aeon_draft_config(cfg: VllmConfig) -> VllmConfig:\n"
            "    return sd_utils.create_vllm_config_for_draft_model(cfg)\n",
            "return sd_utils.create_vllm_config_for_draft_model(cfg)",
        ),
    ),
    (
        "#37880 helper removed",
        "twin: a kept helper of the same module",
        K(
            "#37880",
            CV,
            CVW,
            "vllm/aeon/cv2.py",
            "from vllm.v1.spec_decode.utils import compute_new_slot_mapping\n\n\n"
            "AEON_SLOT_FN = compute_new_slot_mapping\n",
            "from vllm.v1.spec_decode.utils import compute_new_slot_mapping",
        ),
    ),
]

# --- #22437 (31a500c86f): ngram_proposer's _kmp_lps_array/_find_subarray_kmp deleted
KM = "31a500c86f"
KMW = "ngram KMP helpers deleted"
CASES += [
    (
        "#22437 private helper deleted",
        "an import of the deleted helper",
        K(
            "#22437",
            KM,
            KMW,
            "vllm/aeon/km1.py",
            "import numpy as np\n\n"
            "from vllm.v1.spec_decode.ngram_proposer import _find_subarray_kmp\n\n\n"
            "def aeon_lookup(tokens: np.ndarray, n: int, k: int):\n"
            "    return _find_subarray_kmp(tokens, n, k)\n",
            "from vllm.v1.spec_decode.ngram_proposer import _find_subarray_kmp",
        ),
    ),
    (
        "#22437 private helper deleted",
        "twin: the proposer class kept",
        K(
            "#22437",
            KM,
            KMW,
            "vllm/aeon/km2.py",
            "from vllm.v1.spec_decode.ngram_proposer import NgramProposer\n\n\n"
            "class AeonNgramProposer(NgramProposer):\n"
            "    pass\n",
            "from vllm.v1.spec_decode.ngram_proposer import NgramProposer",
        ),
    ),
]

# --- #48763 (7fe6d3c76b): deepseek_mtp._restore_full_token_layout_if_needed deleted
RF = "7fe6d3c76b"
RFW = "_restore_full_token_layout_if_needed deleted"
CASES += [
    (
        "#48763 model helper deleted",
        "an import of the deleted helper",
        K(
            "#48763",
            RF,
            RFW,
            "vllm/aeon/rf1.py",
            "from vllm.model_executor.models.deepseek_mtp import _restore_full_token_layout_if_needed\n\n\n"
            "def aeon_restore(hidden_states, residual, num_tokens):\n"
            "    return _restore_full_token_layout_if_needed(hidden_states, residual, num_tokens)\n",
            "from vllm.model_executor.models.deepseek_mtp import _restore_full_token_layout_if_needed",
        ),
    ),
    (
        "#48763 model helper deleted",
        "twin: the model class kept",
        K(
            "#48763",
            RF,
            RFW,
            "vllm/aeon/rf2.py",
            "from vllm.model_executor.models.deepseek_mtp import DeepSeekMTP\n\n\n"
            "class AeonDeepSeekMTP(DeepSeekMTP):\n"
            "    pass\n",
            "from vllm.model_executor.models.deepseek_mtp import DeepSeekMTP",
        ),
    ),
]

# --- #40269 (f51f6844f9): DraftSampleMethod's "gumbel" renamed "probabilistic"
DS = "f51f6844f9"
DSW = "draft_sample_method 'gumbel' renamed 'probabilistic'"
SC = "from vllm.config import SpeculativeConfig\n\n\n"
CASES += [
    (
        "#40269 literal value renamed",
        "a keyword to the config",
        K(
            "#40269",
            DS,
            DSW,
            "vllm/aeon/ds1.py",
            SC + "def aeon_spec_config(model: str) -> SpeculativeConfig:\n"
            "    # AEON: sampled drafting raises acceptance on the Spark's chat traffic\n"
            "    return SpeculativeConfig(model=model, num_speculative_tokens=3, draft_sample_method='gumbel')\n",
            "return SpeculativeConfig(model=model, num_speculative_tokens=3, draft_sample_method='gumbel')",
        ),
    ),
    (
        "#40269 literal value renamed",
        "a comparison of the field",
        K(
            "#40269",
            DS,
            DSW,
            "vllm/aeon/ds2.py",
            SC + "def aeon_caches_draft_logits(cfg: SpeculativeConfig) -> bool:\n"
            "    return cfg.draft_sample_method == 'gumbel'\n",
            "return cfg.draft_sample_method == 'gumbel'",
        ),
    ),
    (
        "#40269 literal value renamed",
        "twin: the greedy value kept",
        K(
            "#40269",
            DS,
            DSW,
            "vllm/aeon/ds3.py",
            SC + "def aeon_is_greedy(cfg: SpeculativeConfig) -> bool:\n"
            "    return cfg.draft_sample_method == 'greedy'\n",
            "return cfg.draft_sample_method == 'greedy'",
        ),
    ),
]

# --- #28597 (1986de1375): prepare_next_token_ids_padded's discard_request_indices/num_discarded_requests
#     replaced by one discard_request_mask
PN = "1986de1375"
PNW = "prepare_next_token_ids_padded: two discard parameters folded into discard_request_mask"
CASES += [
    (
        "#28597 parameters folded",
        "a call by the old keywords off self",
        K(
            "#28597",
            PN,
            PNW,
            "vllm/aeon/pn1.py",
            EAGLE + "class AeonPadEagleProposer(EagleProposer):\n"
            "    def aeon_next(self, cm, sampled, requests, batch, idx, n):\n"
            "        return self.prepare_next_token_ids_padded(\n"
            "            cm, sampled, requests, batch, discard_request_indices=idx, num_discarded_requests=n\n"
            "        )\n",
            "cm, sampled, requests, batch, discard_request_indices=idx, num_discarded_requests=n",
        ),
    ),
    (
        "#28597 parameters folded",
        "an override with the old six parameters the runner now calls with five",
        K(
            "#28597",
            PN,
            PNW,
            "vllm/aeon/pn2.py",
            EAGLE + "class AeonPadEagleProposer2(EagleProposer):\n"
            "    def prepare_next_token_ids_padded(\n"
            "        self, common_attn_metadata, sampled_token_ids, requests, gpu_input_batch,\n"
            "        discard_request_indices, num_discarded_requests\n"
            "    ):\n"
            "        # AEON: the Spark's runner pins the discard indices in host memory first\n"
            "        return super().prepare_next_token_ids_padded(\n"
            "            common_attn_metadata, sampled_token_ids, requests, gpu_input_batch,\n"
            "            discard_request_indices, num_discarded_requests\n"
            "        )\n",
            "discard_request_indices, num_discarded_requests",
        ),
    ),
    (
        "#28597 parameters folded",
        "twin: prepare_next_token_ids_cpu kept",
        K(
            "#28597",
            PN,
            PNW,
            "vllm/aeon/pn3.py",
            EAGLE + "class AeonPadEagleProposer3(EagleProposer):\n"
            "    def aeon_next_cpu(self, *args):\n"
            "        return self.prepare_next_token_ids_cpu(*args)\n",
            "return self.prepare_next_token_ids_cpu(*args)",
        ),
    ),
]

# --- #38556 (757068dc65): prepare_next_token_ids_padded's first parameter seq_lens_cpu removed
SL = "757068dc65"
SLW = "prepare_next_token_ids_padded loses seq_lens_cpu"
CASES += [
    (
        "#38556 leading parameter removed",
        "a positional call with the old first argument",
        K(
            "#38556",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            EAGLE + "def aeon_next_tokens(drafter: EagleProposer, seq_lens_cpu, sampled, requests, batch, mask):\n"
            "    # AEON: the async runner drives the drafter itself\n"
            "    return drafter.prepare_next_token_ids_padded(seq_lens_cpu, sampled, requests, batch, mask)\n",
            "return drafter.prepare_next_token_ids_padded(seq_lens_cpu, sampled, requests, batch, mask)",
        ),
    ),
    (
        "#38556 leading parameter removed",
        "a keyword call naming the removed parameter",
        K(
            "#38556",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            EAGLE + "def aeon_next_tokens2(drafter: EagleProposer, lens, sampled, requests, batch, mask):\n"
            "    return drafter.prepare_next_token_ids_padded(\n"
            "        seq_lens_cpu=lens, sampled_token_ids=sampled, requests=requests,\n"
            "        gpu_input_batch=batch, discard_request_mask=mask,\n"
            "    )\n",
            "seq_lens_cpu=lens, sampled_token_ids=sampled, requests=requests,",
        ),
    ),
    (
        "#38556 leading parameter removed",
        "twin: keywords the new signature keeps",
        K(
            "#38556",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            EAGLE + "def aeon_mask_only(drafter: EagleProposer, sampled, requests, batch, mask):\n"
            "    kw = dict(requests=requests, gpu_input_batch=batch, discard_request_mask=mask)\n"
            "    return kw, sampled\n",
            "kw = dict(requests=requests, gpu_input_batch=batch, discard_request_mask=mask)",
        ),
    ),
]


# --- Round 2 (written after round 1's run, committed before its own): harder spellings of the same commits.
TEST = "from unittest import mock\n\n"
CASES += [
    (
        "#41752 hook renamed",
        "R2 the old hook fetched by getattr with a literal",
        K(
            "#41752",
            MM,
            MMW,
            "vllm/aeon/r2mm1.py",
            EAGLE + "class AeonGetattrProposer(EagleProposer):\n"
            "    def aeon_check(self) -> None:\n"
            "        getattr(self, '_raise_if_multimodal')()\n",
            "getattr(self, '_raise_if_multimodal')()",
        ),
    ),
    (
        "#41752 hook renamed",
        "R2 the old hook patched by mock.patch.object",
        K(
            "#41752",
            MM,
            MMW,
            "vllm/aeon/r2mm2.py",
            TEST + EAGLE + "def aeon_allow_mm():\n"
            "    return mock.patch.object(EagleProposer, '_raise_if_multimodal', lambda self: None)\n",
            "return mock.patch.object(EagleProposer, '_raise_if_multimodal', lambda self: None)",
        ),
    ),
    (
        "#41752 hook renamed",
        "twin, R2: the mrope hook fetched by getattr",
        K(
            "#41752",
            MM,
            MMW,
            "vllm/aeon/r2mm3.py",
            EAGLE + "class AeonGetattrProposer2(EagleProposer):\n"
            "    def aeon_check(self) -> None:\n"
            "        getattr(self, '_raise_if_mrope')()\n",
            "getattr(self, '_raise_if_mrope')()",
        ),
    ),
    (
        "#37887 method renamed",
        "R2 the old method bound to a local, called later",
        K(
            "#37887",
            BP,
            BPW,
            "vllm/aeon/r2bp1.py",
            EAGLE + "class AeonBoundProposer(EagleProposer):\n"
            "    def aeon_md(self, cm):\n"
            "        build = self.build_per_layer_attn_metadata\n"
            "        return build(cm)\n",
            "build = self.build_per_layer_attn_metadata",
        ),
    ),
    (
        "#37887 method renamed",
        "twin, R2: a hasattr version gate",
        K(
            "#37887",
            BP,
            BPW,
            "vllm/aeon/r2bp2.py",
            EAGLE + "class AeonGatedProposer(EagleProposer):\n"
            "    def aeon_md(self, cm):\n"
            "        if hasattr(self, 'build_per_group_and_layer_attn_metadata'):\n"
            "            return self.build_per_group_and_layer_attn_metadata(cm)[1]\n"
            "        return self.build_per_layer_attn_metadata(cm)\n",
            "return self.build_per_layer_attn_metadata(cm)",
        ),
    ),
    (
        "#34552 private method removed",
        "R2 the removed method patched by mock.patch.object",
        K(
            "#34552",
            GB,
            GBW,
            "vllm/aeon/r2gb1.py",
            TEST + EAGLE + "def aeon_fake_builder(builder):\n"
            "    return mock.patch.object(EagleProposer, '_get_attention_metadata_builder', return_value=builder)\n",
            "return mock.patch.object(EagleProposer, '_get_attention_metadata_builder', return_value=builder)",
        ),
    ),
    (
        "#37880 helper removed",
        "R2 the re-export from draft_model.py gone with it",
        K(
            "#37880",
            CV,
            CVW,
            "vllm/aeon/r2cv1.py",
            "from vllm.v1.spec_decode.draft_model import create_vllm_config_for_draft_model\n\n\n"
            "AEON_DRAFT_CONFIG = create_vllm_config_for_draft_model\n",
            "from vllm.v1.spec_decode.draft_model import create_vllm_config_for_draft_model",
        ),
    ),
    (
        "#48763 model helper deleted",
        "R2 the deleted helper monkey-patched on its module",
        K(
            "#48763",
            RF,
            RFW,
            "vllm/aeon/r2rf1.py",
            "import vllm.model_executor.models.deepseek_mtp as dmtp\n\n\n"
            "def aeon_restore(hidden_states, residual, num_tokens, is_sequence_parallel=False):\n"
            "    return hidden_states, residual\n\n\n"
            "dmtp._restore_full_token_layout_if_needed = aeon_restore\n",
            "dmtp._restore_full_token_layout_if_needed = aeon_restore",
        ),
    ),
    (
        "#40269 literal value renamed",
        "R2 a key of the engine's speculative_config dict",
        K(
            "#40269",
            DS,
            DSW,
            "vllm/aeon/r2ds1.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_args(model: str, draft: str) -> EngineArgs:\n"
            "    spec = {'method': 'draft_model', 'model': draft, 'num_speculative_tokens': 3, 'draft_sample_method': 'gumbel'}\n"
            "    return EngineArgs(model=model, speculative_config=spec)\n",
            "spec = {'method': 'draft_model', 'model': draft, 'num_speculative_tokens': 3, 'draft_sample_method': 'gumbel'}",
        ),
    ),
    (
        "#40269 literal value renamed",
        "R2 a membership test of the field",
        K(
            "#40269",
            DS,
            DSW,
            "vllm/aeon/r2ds2.py",
            SC + "def aeon_sampled(cfg: SpeculativeConfig) -> bool:\n"
            "    return cfg.draft_sample_method in ('gumbel',)\n",
            "return cfg.draft_sample_method in ('gumbel',)",
        ),
    ),
    (
        "#40269 literal value renamed",
        "twin, R2: the greedy value by keyword",
        K(
            "#40269",
            DS,
            DSW,
            "vllm/aeon/r2ds3.py",
            SC + "def aeon_spec_config2(model: str) -> SpeculativeConfig:\n"
            "    return SpeculativeConfig(model=model, num_speculative_tokens=3, draft_sample_method='greedy')\n",
            "return SpeculativeConfig(model=model, num_speculative_tokens=3, draft_sample_method='greedy')",
        ),
    ),
    (
        "#38556 leading parameter removed",
        "R2 an override still taking seq_lens_cpu first (the runner now passes four)",
        K(
            "#38556",
            SL,
            SLW,
            "vllm/aeon/r2sl1.py",
            EAGLE + "class AeonAsyncProposer(EagleProposer):\n"
            "    def prepare_next_token_ids_padded(self, seq_lens_cpu, sampled_token_ids, requests, gpu_input_batch, discard_request_mask):\n"
            "        # AEON: clamp the lens for the Spark's hybrid models\n"
            "        return super().prepare_next_token_ids_padded(seq_lens_cpu.clamp(min=0), sampled_token_ids, requests, gpu_input_batch, discard_request_mask)\n",
            "def prepare_next_token_ids_padded(self, seq_lens_cpu, sampled_token_ids, requests, gpu_input_batch, discard_request_mask):",
        ),
    ),
    (
        "#38556 leading parameter removed",
        "twin, R2: a call in the new shape",
        K(
            "#38556",
            SL,
            SLW,
            "vllm/aeon/r2sl2.py",
            EAGLE + "def aeon_next_tokens3(drafter: EagleProposer, sampled, requests, batch, mask):\n"
            "    return drafter.prepare_next_token_ids_padded(sampled, requests, batch, mask)\n",
            "return drafter.prepare_next_token_ids_padded(sampled, requests, batch, mask)",
        ),
    ),
    (
        "#28597 parameters folded",
        "R2 a functools.partial binding the removed keyword",
        K(
            "#28597",
            PN,
            PNW,
            "vllm/aeon/r2pn1.py",
            "import functools\n\n" + EAGLE + "def aeon_no_discards(drafter: EagleProposer):\n"
            "    return functools.partial(drafter.prepare_next_token_ids_padded, num_discarded_requests=0)\n",
            "return functools.partial(drafter.prepare_next_token_ids_padded, num_discarded_requests=0)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-specdec2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
