"""Adversarial twins of killers192's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- an attribute set on every path, now to a bare stand-in on one side of an ``if`` (``drift/gated_attributes.py``'s
  ``_stand_in``; #13833 ``DeepseekV2ForCausalLM.lm_head`` a ``PPMissingLayer()`` off the last pipeline rank, and
  #45810 MiniMax M3's ``embed_tokens``/``norm``/``lm_head`` on gaining pipeline parallelism): an ``isinstance``
  test of the stand-in, upstream's own condition (``get_pp_group().is_last_rank``) asked, a ``hasattr`` test,
  ``getattr(..., None)``, an ``assert`` of the last rank, the head handed to the logits processor, ``compute_logits``
  overridden (upstream's runner calls it on the last rank alone), the head tied by a store, a module method every
  stand-in has (``parameters()``), the fork's subclass building its own head, the fork's own class holding an
  ``lm_head``, a ``try``/``except AttributeError``, a stand-in the base already built (``embed_tokens``), the
  embedding and the norm called, the norm's weight read on the last rank only, an ``isinstance`` of the held
  model's embedding (through a local), the fork's EAGLE model building its own;
- a value a class hands its member's constructor made a literal, read back off the member
  (``drift/handed_literals.py``, new; #24119 ``DeepseekV2MoE``'s experts built with ``routed_scaling_factor=1.0``,
  and #24132 the same for ``Glm4MoE``/``Dots1MoE``): the MoE's own factor, the experts' factor tested or asserted
  (the fork asks whether they scale), another keyword handed as it was (``top_k``, ``e_score_correction_bias``),
  the fork's subclass building its own experts, the fork's own MoE class of another name, the same read off a
  class the commit left alone, the factor read fresh off the config;
- a removed method whose class's constructor still binds the name on its instances (``symbols.py``'s
  ``_instance_binds``; #21903 ``DeepseekV2ForCausalLM.make_empty_intermediate_tensors``, and #31869 the same for
  ``Glm4MoeModel``): a subclass's ``self.`` call, the call in the subclass's ``__init__`` after
  ``super().__init__()``, a subclass running the base's ``__init__`` by name, a subclass building itself that binds
  the factory on the instance too, the bound attribute read and called later, a model built in the function, the
  held model's own factory, a receiver typed as upstream's subclass, a receiver typed as the model, one object
  further.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches of
these widenings (#13833, #24119 warned; #21903's unbound and ``super()`` calls caught), the same shapes on the
other real commits (#45810, #24132, #31869), and one reach test of the quieting: a subclass whose own
``__init__`` never runs the base's, so no instance attribute answers after the merge.

Round 1 (main at c78d9b16), 9 cases and 35 twins as first written: 2 caught, 5 warned, 2 missed of 9; 0 false
errors of 35 (3 warned: ``parameters()`` off a stand-in, twice, and the ``isinstance`` of a local bound to the held
model's embedding).  The widened checks warn, never error, so no twin of theirs could block; the quieting
(``_instance_binds``) could lose reach instead, and did: the case of a fork subclass whose own ``__init__`` never
runs the base's (``torch.nn.Module.__init__(self)``) was warned before killers192 (the base's body answering the
call) and missed on main -- no instance attribute binds the name there.  #31869's unbound
``Glm4MoeModel.make_empty_intermediate_tensors(model, ...)`` is missed on both engines: the instance attribute
passes for a class member in ``pyindex``'s member lookup (not these widenings': left alone).  The engine before
killers192 (8485ae9c) on the same file: 2 caught, 1 warned, 6 missed of 9; 1 false error of 35 (a model built in
the function, then ``model.make_empty_intermediate_tensors(...)``: the very error ``_instance_binds`` mended).
Round 2 (this branch): ``symbols.py``'s ``_skips_base_init`` -- a ``self.`` call in a fork class whose own
``__init__`` neither runs its bases' (``super().__init__``, ``Base.__init__(self, ...)`` of a base it names) nor
binds the name is not quieted: the case warns again.  Six twins added (an ``assert`` of the last rank,
``compute_logits`` overridden, the head tied by a store, the norm's weight on the last rank, the base's
``__init__`` run by name, a subclass building itself that binds the factory): on main 0 false errors of 41, 4
warned (``compute_logits`` overridden too); ``drift/gated_attributes.py``'s ``_handing_methods`` -- a fork
override of a method whose upstream body hands the stood-in attribute to a call or reads its member, not asking
the gate itself, runs only where the real build stands -- quiets it.  This branch: 2 caught, 6 warned, 1 missed
of 9; 0 false errors of 41 twins (3 warned, right as warnings: the engine does not follow torch's ``nn.Module`` to
know a stand-in has ``parameters()``, and the shared guard reader asks about ``self.model.embed_tokens`` as
spelled, not a local bound to it).  Regression set at this branch's head, each as recorded: blind_replay_dsv2
15 caught, 5 warned, 0 missed of 20 (10 quiet), killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_soutmgr 6 caught, 6 warned, 5 missed of 17 (8 quiet, 1 warned), blind_replay_mtpmodels 16 caught,
5 warned, 1 missed of 22 (11 quiet), blind_replay_fmlayer 19 caught, 2 warned of 21 (12 quiet),
blind_replay_distributed 20/20 (9 quiet): 0 false errors.
Round 3 (mend72): a call through the class (``Cls.name(obj, ...)``) needs a class-level member (a def, a
class-body binding, a base's, a classmethod's ``cls.name = ...``, a ``__slots__`` entry): ``pyindex``'s member
lookup takes ``instance=False`` through ``metaclasses.class_member`` for a called ``Cls.name``, and an instance
attribute no longer answers it (a plain read or a store through the class still counts one: review79's #12653
twins patch and probe such a name).  #31869's unbound call is caught; 3 caught, 6 warned, 0 missed of 9; 0 false
errors of 41 twins (3 warned, as before).

  PYTHONPATH=.. python review101_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

PPM = "from vllm.model_executor.models.utils import PPMissingLayer\n"
PPG = "from vllm.distributed import get_pp_group\n"

# --- 24679788ed (#13833): DeepseekV2ForCausalLM.lm_head a bare PPMissingLayer() off the last pipeline rank
LH = ("#13833", "24679788ed", "DeepseekV2ForCausalLM.lm_head a PPMissingLayer off the last PP rank")
CL = "import torch\n\nfrom vllm.model_executor.models.deepseek_v2 import DeepseekV2ForCausalLM\n"
CASES += [
    (
        "#13833 stand-in member read",
        "a subclass's read of the head's weight",
        K(
            *LH,
            "vllm/aeon/r101lh0.py",
            CL + "\n\nclass AeonTiedHead(DeepseekV2ForCausalLM):\n"
            "    def aeon_head_dtype(self) -> torch.dtype:\n"
            "        return self.lm_head.weight.dtype  # AEON: the MTP head tied to the target's lm_head\n",
            "        return self.lm_head.weight.dtype  # AEON: the MTP head tied to the target's lm_head",
        ),
    ),
]
TWINS += [
    (
        "#13833 stand-in member read",
        "twin: an isinstance test of the stand-in returning before the read",
        K(
            *LH,
            "vllm/aeon/r101lh1.py",
            CL + PPM + "\n\nclass AeonTiedHead1(DeepseekV2ForCausalLM):\n"
            "    def aeon_head_dtype(self) -> torch.dtype | None:\n"
            "        if isinstance(self.lm_head, PPMissingLayer):\n"
            "            return None  # AEON: not the last rank, no head here\n"
            "        return self.lm_head.weight.dtype\n",
            "        return self.lm_head.weight.dtype",
        ),
    ),
    (
        "#13833 stand-in member read",
        "twin: upstream's own condition (the last pipeline rank) asked",
        K(
            *LH,
            "vllm/aeon/r101lh2.py",
            CL + PPG + "\n\nclass AeonTiedHead2(DeepseekV2ForCausalLM):\n"
            "    def aeon_head_dtype(self) -> torch.dtype | None:\n"
            "        if get_pp_group().is_last_rank:\n"
            "            return self.lm_head.weight.dtype\n"
            "        return None\n",
            "            return self.lm_head.weight.dtype",
        ),
    ),
    (
        "#13833 stand-in member read",
        "twin: a hasattr test of the member",
        K(
            *LH,
            "vllm/aeon/r101lh3.py",
            CL + "\n\nclass AeonTiedHead3(DeepseekV2ForCausalLM):\n"
            "    def aeon_head_dtype(self) -> torch.dtype | None:\n"
            "        return self.lm_head.weight.dtype if hasattr(self.lm_head, 'weight') else None\n",
            "        return self.lm_head.weight.dtype if hasattr(self.lm_head, 'weight') else None",
        ),
    ),
    (
        "#13833 stand-in member read",
        "twin: getattr of the member with a default",
        K(
            *LH,
            "vllm/aeon/r101lh4.py",
            CL + "\n\nclass AeonTiedHead4(DeepseekV2ForCausalLM):\n"
            "    def aeon_head_weight(self) -> torch.Tensor | None:\n"
            "        return getattr(self.lm_head, 'weight', None)\n",
            "        return getattr(self.lm_head, 'weight', None)",
        ),
    ),
    (
        "#13833 stand-in member read",
        "twin: the head handed to the logits processor (a call passes it through)",
        K(
            *LH,
            "vllm/aeon/r101lh5.py",
            CL + "\n\nclass AeonLogits5(DeepseekV2ForCausalLM):\n"
            "    def aeon_logits(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        return self.logits_processor(self.lm_head, hidden_states, None)\n",
            "        return self.logits_processor(self.lm_head, hidden_states, None)",
        ),
    ),
    (
        "#13833 stand-in member read",
        "twin: a torch.nn.Module method every stand-in has (parameters())",
        K(
            *LH,
            "vllm/aeon/r101lh6.py",
            CL + "\n\nclass AeonHeadSize6(DeepseekV2ForCausalLM):\n"
            "    def aeon_head_numel(self) -> int:\n"
            "        return sum(p.numel() for p in self.lm_head.parameters())  # 0 off the last rank\n",
            "        return sum(p.numel() for p in self.lm_head.parameters())  # 0 off the last rank",
        ),
    ),
    (
        "#13833 stand-in member read",
        "twin: the fork's subclass builds its own head on every rank",
        K(
            *LH,
            "vllm/aeon/r101lh7.py",
            CL + "from vllm.model_executor.layers.vocab_parallel_embedding import ParallelLMHead\n\n\n"
            "class AeonTiedHead7(DeepseekV2ForCausalLM):\n"
            "    def __init__(self, *, vllm_config, prefix: str = '') -> None:\n"
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n"
            "        config = vllm_config.model_config.hf_config\n"
            "        self.lm_head = ParallelLMHead(config.vocab_size, config.hidden_size)  # AEON: every rank\n\n"
            "    def aeon_head_dtype(self) -> torch.dtype:\n"
            "        return self.lm_head.weight.dtype\n",
            "        return self.lm_head.weight.dtype",
        ),
    ),
    (
        "#13833 stand-in member read",
        "twin: the fork's own class of another name holding its own lm_head",
        K(
            *LH,
            "vllm/aeon/r101lh8.py",
            "import torch\n\n\n"
            "class AeonDraftHead(torch.nn.Module):\n"
            "    def __init__(self, hidden: int, vocab: int) -> None:\n"
            "        super().__init__()\n"
            "        self.lm_head = torch.nn.Linear(hidden, vocab, bias=False)\n\n"
            "    def aeon_head_dtype(self) -> torch.dtype:\n"
            "        return self.lm_head.weight.dtype\n",
            "        return self.lm_head.weight.dtype",
        ),
    ),
    (
        "#13833 stand-in member read",
        "twin: the read in a try/except AttributeError",
        K(
            *LH,
            "vllm/aeon/r101lh9.py",
            CL + "\n\nclass AeonTiedHead9(DeepseekV2ForCausalLM):\n"
            "    def aeon_head_dtype(self) -> torch.dtype | None:\n"
            "        try:\n"
            "            return self.lm_head.weight.dtype\n"
            "        except AttributeError:  # AEON: a PPMissingLayer off the last rank\n"
            "            return None\n",
            "            return self.lm_head.weight.dtype",
        ),
    ),
    (
        "#13833 stand-in member read",
        "twin: an assert of the last rank before the read",
        K(
            *LH,
            "vllm/aeon/r101lh11.py",
            CL + PPG + "\n\nclass AeonTiedHead11(DeepseekV2ForCausalLM):\n"
            "    def aeon_head_dtype(self) -> torch.dtype:\n"
            "        assert get_pp_group().is_last_rank, 'the MTP head lives on the last rank'\n"
            "        return self.lm_head.weight.dtype\n",
            "        return self.lm_head.weight.dtype",
        ),
    ),
    (
        "#13833 stand-in member read",
        "twin: compute_logits overridden (upstream calls it on the last rank only)",
        K(
            *LH,
            "vllm/aeon/r101lh12.py",
            CL + "\n\nclass AeonLogits12(DeepseekV2ForCausalLM):\n"
            "    def compute_logits(self, hidden_states: torch.Tensor, sampling_metadata) -> torch.Tensor:\n"
            "        # AEON: the Spark's bf16 head: a plain matmul, no quant method\n"
            "        return hidden_states @ self.lm_head.weight.t()\n",
            "        return hidden_states @ self.lm_head.weight.t()",
        ),
    ),
    (
        "#13833 stand-in member read",
        "twin: the head tied by a store (the stand-in takes the parameter)",
        K(
            *LH,
            "vllm/aeon/r101lh13.py",
            CL + "\n\nclass AeonTied13(DeepseekV2ForCausalLM):\n"
            "    def aeon_tie(self, weight: torch.nn.Parameter) -> None:\n"
            "        self.lm_head.weight = weight\n",
            "        self.lm_head.weight = weight",
        ),
    ),
    (
        "#13833 stand-in member read",
        "twin: the model's embed_tokens, a stand-in already at the base",
        K(
            *LH,
            "vllm/aeon/r101lh10.py",
            CL + PPG + "\n\nclass AeonEmbed10(DeepseekV2ForCausalLM):\n"
            "    def aeon_embed_dtype(self) -> torch.dtype:\n"
            "        return self.model.embed_tokens.weight.dtype\n",
            "        return self.model.embed_tokens.weight.dtype",
        ),
    ),
]

# --- d7c1821b5a (#45810): MiniMax M3 gains pipeline parallelism: embed_tokens, norm, lm_head stand-ins off rank
MM = ("#45810", "d7c1821b5a", "MiniMaxM3 embed_tokens/norm/lm_head a PPMissingLayer off their pipeline rank")
M3 = "import torch\n\nfrom vllm.models.minimax_m3.nvidia.model import MiniMaxM3Model, MiniMaxM3SparseForCausalLM\n"
CASES += [
    (
        "#45810 stand-in member read",
        "a subclass's read of the head's weight",
        K(
            *MM,
            "vllm/aeon/r101mm0.py",
            M3 + "\n\nclass AeonM3Head(MiniMaxM3SparseForCausalLM):\n"
            "    def aeon_head_rows(self) -> int:\n"
            "        return self.lm_head.weight.shape[0]  # AEON: the draft's vocab off the target's head\n",
            "        return self.lm_head.weight.shape[0]  # AEON: the draft's vocab off the target's head",
        ),
    ),
    (
        "#45810 stand-in member read",
        "a model subclass's read of the embedding's weight",
        K(
            *MM,
            "vllm/aeon/r101mm1.py",
            M3 + "\n\nclass AeonM3Model(MiniMaxM3Model):\n"
            "    def aeon_embed_weight(self) -> torch.Tensor:\n"
            "        return self.embed_tokens.weight  # AEON: the EAGLE head shares the target's embedding\n",
            "        return self.embed_tokens.weight  # AEON: the EAGLE head shares the target's embedding",
        ),
    ),
]
TWINS += [
    (
        "#45810 stand-in member read",
        "twin: the embedding called (a stand-in passes it through)",
        K(
            *MM,
            "vllm/aeon/r101mm2.py",
            M3 + "\n\nclass AeonM3Model2(MiniMaxM3Model):\n"
            "    def aeon_embed(self, input_ids: torch.Tensor) -> torch.Tensor:\n"
            "        return self.embed_tokens(input_ids) * 1.0\n",
            "        return self.embed_tokens(input_ids) * 1.0",
        ),
    ),
    (
        "#45810 stand-in member read",
        "twin: the norm called on the last rank's hidden states",
        K(
            *MM,
            "vllm/aeon/r101mm3.py",
            M3 + "\n\nclass AeonM3Model3(MiniMaxM3Model):\n"
            "    def aeon_final(self, hidden_states: torch.Tensor, residual: torch.Tensor):\n"
            "        return self.norm(hidden_states, residual)\n",
            "        return self.norm(hidden_states, residual)",
        ),
    ),
    (
        "#45810 stand-in member read",
        "twin: the first rank asked before the embedding's weight",
        K(
            *MM,
            "vllm/aeon/r101mm4.py",
            M3 + PPG + "\n\nclass AeonM3Model4(MiniMaxM3Model):\n"
            "    def aeon_embed_weight(self) -> torch.Tensor | None:\n"
            "        if not get_pp_group().is_first_rank:\n"
            "            return None\n"
            "        return self.embed_tokens.weight\n",
            "        return self.embed_tokens.weight",
        ),
    ),
    (
        "#45810 stand-in member read",
        "twin: isinstance of the held model's embedding before its weight",
        K(
            *MM,
            "vllm/aeon/r101mm5.py",
            M3 + PPM + "\n\nclass AeonM3Head5(MiniMaxM3SparseForCausalLM):\n"
            "    def aeon_embed_weight(self) -> torch.Tensor | None:\n"
            "        embed = self.model.embed_tokens\n"
            "        if isinstance(embed, PPMissingLayer):\n"
            "            return None\n"
            "        return self.model.embed_tokens.weight\n",
            "        return self.model.embed_tokens.weight",
        ),
    ),
    (
        "#45810 stand-in member read",
        "twin: the fork's EAGLE head builds its own embedding",
        K(
            *MM,
            "vllm/aeon/r101mm6.py",
            M3 + "\n\nclass AeonM3Eagle6(MiniMaxM3Model):\n"
            "    def __init__(self, *, vllm_config, prefix: str = '') -> None:\n"
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n"
            "        config = vllm_config.model_config.hf_config\n"
            "        self.embed_tokens = torch.nn.Embedding(config.vocab_size, config.hidden_size)\n\n"
            "    def aeon_embed_weight(self) -> torch.Tensor:\n"
            "        return self.embed_tokens.weight\n",
            "        return self.embed_tokens.weight",
        ),
    ),
    (
        "#45810 stand-in member read",
        "twin: the final norm's weight read on the last rank only",
        K(
            *MM,
            "vllm/aeon/r101mm8.py",
            M3 + PPG + "\n\nclass AeonM3Model8(MiniMaxM3Model):\n"
            "    def aeon_norm_weight(self) -> torch.Tensor | None:\n"
            "        return self.norm.weight if get_pp_group().is_last_rank else None\n",
            "        return self.norm.weight if get_pp_group().is_last_rank else None",
        ),
    ),
    (
        "#45810 stand-in member read",
        "twin: the module's device through parameters() (a stand-in has none: the default)",
        K(
            *MM,
            "vllm/aeon/r101mm7.py",
            M3 + "\n\nclass AeonM3Head7(MiniMaxM3SparseForCausalLM):\n"
            "    def aeon_head_device(self) -> torch.device:\n"
            "        return next(self.lm_head.parameters(), torch.empty(0)).device\n",
            "        return next(self.lm_head.parameters(), torch.empty(0)).device",
        ),
    ),
]

# --- 930a24144c (#24119): DeepseekV2MoE builds its experts with routed_scaling_factor=1.0 (it scales outside)
RS = ("#24119", "930a24144c", "DeepseekV2MoE's FusedMoE built with routed_scaling_factor=1.0")
MO = "import torch\n\nfrom vllm.model_executor.models.deepseek_v2 import DeepseekV2MoE\n"
CASES += [
    (
        "#24119 handed literal read back",
        "a read of the factor the experts store",
        K(
            *RS,
            "vllm/aeon/r101rs0.py",
            MO + "\n\ndef aeon_scale(moe: DeepseekV2MoE, routed_out: torch.Tensor) -> torch.Tensor:\n"
            "    return routed_out * moe.experts.routed_scaling_factor  # AEON: the NVFP4 path returns unscaled\n",
            "    return routed_out * moe.experts.routed_scaling_factor  # AEON: the NVFP4 path returns unscaled",
        ),
    ),
]
TWINS += [
    (
        "#24119 handed literal read back",
        "twin: the MoE's own factor (the value at its source)",
        K(
            *RS,
            "vllm/aeon/r101rs1.py",
            MO + "\n\ndef aeon_scale1(moe: DeepseekV2MoE, routed_out: torch.Tensor) -> torch.Tensor:\n"
            "    return routed_out * moe.routed_scaling_factor\n",
            "    return routed_out * moe.routed_scaling_factor",
        ),
    ),
    (
        "#24119 handed literal read back",
        "twin: the experts' factor tested (whether they scale inside)",
        K(
            *RS,
            "vllm/aeon/r101rs2.py",
            MO + "\n\ndef aeon_scale2(moe: DeepseekV2MoE, routed_out: torch.Tensor) -> torch.Tensor:\n"
            "    if moe.experts.routed_scaling_factor == 1.0:\n"
            "        return routed_out * moe.routed_scaling_factor  # AEON: scale outside only once\n"
            "    return routed_out\n",
            "    if moe.experts.routed_scaling_factor == 1.0:",
        ),
    ),
    (
        "#24119 handed literal read back",
        "twin: another keyword handed as it was (top_k)",
        K(
            *RS,
            "vllm/aeon/r101rs3.py",
            MO + "\n\ndef aeon_topk(moe: DeepseekV2MoE) -> int:\n    return moe.experts.top_k\n",
            "    return moe.experts.top_k",
        ),
    ),
    (
        "#24119 handed literal read back",
        "twin: the fork's subclass builds its own experts",
        K(
            *RS,
            "vllm/aeon/r101rs4.py",
            MO + "from vllm.model_executor.layers.fused_moe import FusedMoE\n\n\n"
            "class AeonMoE4(DeepseekV2MoE):\n"
            "    def __init__(self, config, quant_config=None, prefix: str = '') -> None:\n"
            "        super().__init__(config, quant_config, prefix)\n"
            "        self.experts = FusedMoE(num_experts=config.n_routed_experts, top_k=config.num_experts_per_tok,\n"
            "                                hidden_size=config.hidden_size,\n"
            "                                intermediate_size=config.moe_intermediate_size,\n"
            "                                routed_scaling_factor=self.routed_scaling_factor)\n\n"
            "    def aeon_scale(self, routed_out: torch.Tensor) -> torch.Tensor:\n"
            "        return routed_out * self.experts.routed_scaling_factor\n",
            "        return routed_out * self.experts.routed_scaling_factor",
        ),
    ),
    (
        "#24119 handed literal read back",
        "twin: the fork's own MoE class of another name",
        K(
            *RS,
            "vllm/aeon/r101rs5.py",
            "import torch\n\n\n"
            "class AeonExperts:\n"
            "    def __init__(self, routed_scaling_factor: float) -> None:\n"
            "        self.routed_scaling_factor = routed_scaling_factor\n\n\n"
            "class AeonMoE5(torch.nn.Module):\n"
            "    def __init__(self, factor: float) -> None:\n"
            "        super().__init__()\n"
            "        self.experts = AeonExperts(routed_scaling_factor=factor)\n\n"
            "    def aeon_scale(self, routed_out: torch.Tensor) -> torch.Tensor:\n"
            "        return routed_out * self.experts.routed_scaling_factor\n",
            "        return routed_out * self.experts.routed_scaling_factor",
        ),
    ),
    (
        "#24119 handed literal read back",
        "twin: the same read off GLM-4's MoE (unchanged by this commit)",
        K(
            *RS,
            "vllm/aeon/r101rs6.py",
            "import torch\n\nfrom vllm.model_executor.models.glm4_moe import Glm4MoE\n\n\n"
            "def aeon_scale6(moe: Glm4MoE, routed_out: torch.Tensor) -> torch.Tensor:\n"
            "    return routed_out * moe.experts.routed_scaling_factor\n",
            "    return routed_out * moe.experts.routed_scaling_factor",
        ),
    ),
    (
        "#24119 handed literal read back",
        "twin: the experts' factor asserted to be 1.0 (the fork follows upstream)",
        K(
            *RS,
            "vllm/aeon/r101rs7.py",
            MO + "\n\ndef aeon_scale7(moe: DeepseekV2MoE, routed_out: torch.Tensor) -> torch.Tensor:\n"
            "    assert moe.experts.routed_scaling_factor == 1.0, 'experts must not scale'\n"
            "    return routed_out * moe.routed_scaling_factor\n",
            "    assert moe.experts.routed_scaling_factor == 1.0, 'experts must not scale'",
        ),
    ),
]

# --- 426cc8629f (#24132): Dots1MoE and Glm4MoE build their experts with routed_scaling_factor=1.0 too
GS = ("#24132", "426cc8629f", "Glm4MoE/Dots1MoE's FusedMoE built with routed_scaling_factor=1.0")
GL = "import torch\n\nfrom vllm.model_executor.models.glm4_moe import Glm4MoE\n"
CASES += [
    (
        "#24132 handed literal read back",
        "a subclass's read of the factor its experts store",
        K(
            *GS,
            "vllm/aeon/r101gs0.py",
            GL + "\n\nclass AeonGlmMoE(Glm4MoE):\n"
            "    def aeon_scale(self, routed_out: torch.Tensor) -> torch.Tensor:\n"
            "        return routed_out * self.experts.routed_scaling_factor  # AEON: the NVFP4 path\n",
            "        return routed_out * self.experts.routed_scaling_factor  # AEON: the NVFP4 path",
        ),
    ),
]
TWINS += [
    (
        "#24132 handed literal read back",
        "twin: a subclass's own factor",
        K(
            *GS,
            "vllm/aeon/r101gs1.py",
            GL + "\n\nclass AeonGlmMoE1(Glm4MoE):\n"
            "    def aeon_scale(self, routed_out: torch.Tensor) -> torch.Tensor:\n"
            "        return routed_out * self.routed_scaling_factor\n",
            "        return routed_out * self.routed_scaling_factor",
        ),
    ),
    (
        "#24132 handed literal read back",
        "twin: the experts' bias, handed as it was",
        K(
            *GS,
            "vllm/aeon/r101gs2.py",
            GL + "\n\ndef aeon_bias(moe: Glm4MoE) -> torch.Tensor:\n    return moe.experts.e_score_correction_bias\n",
            "    return moe.experts.e_score_correction_bias",
        ),
    ),
    (
        "#24132 handed literal read back",
        "twin: the factor read fresh off the config",
        K(
            *GS,
            "vllm/aeon/r101gs3.py",
            GL + "\n\nclass AeonGlmMoE3(Glm4MoE):\n"
            "    def aeon_scale(self, routed_out: torch.Tensor, config) -> torch.Tensor:\n"
            "        factor = config.routed_scaling_factor\n"
            "        return routed_out * factor\n",
            "        return routed_out * factor",
        ),
    ),
]

# --- fc91da5499 (#21903): DeepseekV2ForCausalLM.make_empty_intermediate_tensors (the method) removed
ME = ("#21903", "fc91da5499", "DeepseekV2ForCausalLM.make_empty_intermediate_tensors method removed (attribute kept)")
CASES += [
    (
        "#21903 method removed, instance attribute kept",
        "an unbound call through the class",
        K(
            *ME,
            "vllm/aeon/r101me0.py",
            CL + "\n\ndef aeon_buffers(model, n: int, dtype: torch.dtype):\n"
            "    return DeepseekV2ForCausalLM.make_empty_intermediate_tensors(model, n, dtype, 'cuda')\n",
            "    return DeepseekV2ForCausalLM.make_empty_intermediate_tensors(model, n, dtype, 'cuda')",
        ),
    ),
    (
        "#21903 method removed, instance attribute kept",
        "a subclass's super() call",
        K(
            *ME,
            "vllm/aeon/r101me1.py",
            CL + "\n\nclass AeonDeepseek1(DeepseekV2ForCausalLM):\n"
            "    def aeon_empty(self, n: int, dtype: torch.dtype):\n"
            "        return super().make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))\n",
            "        return super().make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))",
        ),
    ),
    (
        "#21903 method removed, instance attribute kept",
        "a subclass whose own __init__ never runs the base's (no instance attribute)",
        K(
            *ME,
            "vllm/aeon/r101me2.py",
            CL + "from vllm.model_executor.models.deepseek_v2 import DeepseekV2Model\n\n\n"
            "class AeonDeepseek2(DeepseekV2ForCausalLM):\n"
            "    def __init__(self, *, vllm_config, prefix: str = '') -> None:\n"
            "        torch.nn.Module.__init__(self)  # AEON: a slimmer build for the draft\n"
            "        self.config = vllm_config.model_config.hf_config\n"
            "        self.model = DeepseekV2Model(vllm_config=vllm_config, prefix=prefix)\n\n"
            "    def aeon_empty(self, n: int, dtype: torch.dtype):\n"
            "        return self.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))\n",
            "        return self.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))",
        ),
    ),
]
TWINS += [
    (
        "#21903 method removed, instance attribute kept",
        "twin: a subclass's self. call (the base's constructor binds it)",
        K(
            *ME,
            "vllm/aeon/r101me3.py",
            CL + "\n\nclass AeonDeepseek3(DeepseekV2ForCausalLM):\n"
            "    def aeon_empty(self, n: int, dtype: torch.dtype):\n"
            "        return self.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))\n",
            "        return self.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))",
        ),
    ),
    (
        "#21903 method removed, instance attribute kept",
        "twin: a subclass's call in its own __init__ after super().__init__()",
        K(
            *ME,
            "vllm/aeon/r101me4.py",
            CL + "\n\nclass AeonDeepseek4(DeepseekV2ForCausalLM):\n"
            "    def __init__(self, *, vllm_config, prefix: str = '') -> None:\n"
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n"
            "        self.aeon_buf = self.make_empty_intermediate_tensors(1, torch.bfloat16, torch.device('cuda'))\n",
            "        self.aeon_buf = self.make_empty_intermediate_tensors(1, torch.bfloat16, torch.device('cuda'))",
        ),
    ),
    (
        "#21903 method removed, instance attribute kept",
        "twin: the bound attribute read and handed on, called later",
        K(
            *ME,
            "vllm/aeon/r101me5.py",
            CL + "\n\ndef aeon_buffers5(model: DeepseekV2ForCausalLM, n: int, dtype: torch.dtype):\n"
            "    factory = model.make_empty_intermediate_tensors\n"
            "    return factory(n, dtype, torch.device('cuda'))\n",
            "    factory = model.make_empty_intermediate_tensors",
        ),
    ),
    (
        "#21903 method removed, instance attribute kept",
        "twin: a model built in the function, then called",
        K(
            *ME,
            "vllm/aeon/r101me6.py",
            CL + "\n\ndef aeon_buffers6(vllm_config, n: int, dtype: torch.dtype):\n"
            "    model = DeepseekV2ForCausalLM(vllm_config=vllm_config)\n"
            "    return model.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))\n",
            "    return model.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))",
        ),
    ),
    (
        "#21903 method removed, instance attribute kept",
        "twin: the held model's own (kept) factory",
        K(
            *ME,
            "vllm/aeon/r101me7.py",
            CL + "\n\ndef aeon_buffers7(model: DeepseekV2ForCausalLM, n: int, dtype: torch.dtype):\n"
            "    return model.model.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))\n",
            "    return model.model.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))",
        ),
    ),
    (
        "#21903 method removed, instance attribute kept",
        "twin: a subclass's __init__ running the base's by name, then the self. call",
        K(
            *ME,
            "vllm/aeon/r101me9.py",
            CL + "\n\nclass AeonDeepseek9(DeepseekV2ForCausalLM):\n"
            "    def __init__(self, *, vllm_config, prefix: str = '') -> None:\n"
            "        DeepseekV2ForCausalLM.__init__(self, vllm_config=vllm_config, prefix=prefix)\n\n"
            "    def aeon_empty(self, n: int, dtype: torch.dtype):\n"
            "        return self.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))\n",
            "        return self.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))",
        ),
    ),
    (
        "#21903 method removed, instance attribute kept",
        "twin: a subclass building itself that binds the factory on the instance too",
        K(
            *ME,
            "vllm/aeon/r101me10.py",
            CL + "from vllm.model_executor.models.deepseek_v2 import DeepseekV2Model\n\n\n"
            "class AeonDeepseek10(DeepseekV2ForCausalLM):\n"
            "    def __init__(self, *, vllm_config, prefix: str = '') -> None:\n"
            "        torch.nn.Module.__init__(self)  # AEON: a slimmer build for the draft\n"
            "        self.model = DeepseekV2Model(vllm_config=vllm_config, prefix=prefix)\n"
            "        self.make_empty_intermediate_tensors = self.model.make_empty_intermediate_tensors\n\n"
            "    def aeon_empty(self, n: int, dtype: torch.dtype):\n"
            "        return self.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))\n",
            "        return self.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))",
        ),
    ),
    (
        "#21903 method removed, instance attribute kept",
        "twin: a receiver typed as upstream's V3 subclass",
        K(
            *ME,
            "vllm/aeon/r101me8.py",
            "import torch\n\nfrom vllm.model_executor.models.deepseek_v2 import DeepseekV3ForCausalLM\n\n\n"
            "def aeon_buffers8(model: DeepseekV3ForCausalLM, n: int, dtype: torch.dtype):\n"
            "    return model.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))\n",
            "    return model.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))",
        ),
    ),
]

# --- 1f33e38e81 (#31869): Glm4MoeModel.make_empty_intermediate_tensors (the method) removed, attribute kept
GM = ("#31869", "1f33e38e81", "Glm4MoeModel.make_empty_intermediate_tensors method removed (attribute kept)")
GMI = "import torch\n\nfrom vllm.model_executor.models.glm4_moe import Glm4MoeForCausalLM, Glm4MoeModel\n"
CASES += [
    (
        "#31869 method removed, instance attribute kept",
        "an unbound call through the class",
        K(
            *GM,
            "vllm/aeon/r101gm0.py",
            GMI + "\n\ndef aeon_buffers(model, n: int, dtype: torch.dtype):\n"
            "    return Glm4MoeModel.make_empty_intermediate_tensors(model, n, dtype, torch.device('cuda'))\n",
            "    return Glm4MoeModel.make_empty_intermediate_tensors(model, n, dtype, torch.device('cuda'))",
        ),
    ),
]
TWINS += [
    (
        "#31869 method removed, instance attribute kept",
        "twin: a receiver typed as the model",
        K(
            *GM,
            "vllm/aeon/r101gm1.py",
            GMI + "\n\ndef aeon_buffers1(model: Glm4MoeModel, n: int, dtype: torch.dtype):\n"
            "    return model.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))\n",
            "    return model.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))",
        ),
    ),
    (
        "#31869 method removed, instance attribute kept",
        "twin: the causal LM's held model, one object further",
        K(
            *GM,
            "vllm/aeon/r101gm2.py",
            GMI + "\n\ndef aeon_buffers2(lm: Glm4MoeForCausalLM, n: int, dtype: torch.dtype):\n"
            "    return lm.model.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))\n",
            "    return lm.model.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))",
        ),
    ),
    (
        "#31869 method removed, instance attribute kept",
        "twin: a model subclass's self. call",
        K(
            *GM,
            "vllm/aeon/r101gm3.py",
            GMI + "\n\nclass AeonGlmModel3(Glm4MoeModel):\n"
            "    def aeon_empty(self, n: int, dtype: torch.dtype):\n"
            "        return self.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))\n",
            "        return self.make_empty_intermediate_tensors(n, dtype, torch.device('cuda'))",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review101-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
