"""A blind replay of the speculative-decoding draft heads and the EAGLE proposer a fork subclasses or calls.

11 first-parent commits on the draft model files (``llama_eagle3.py``, ``deepseek_mtp.py``, ``medusa.py``,
``qwen3_next_mtp.py`` and the ``qwen3_next.py`` helper its MTP imported) and on ``vllm/v1/spec_decode/{eagle,
utils}.py`` -- what a fork that tunes EAGLE/MTP/Medusa drafting carries code against: ``EagleProposer.propose``
returning the draft ids alone instead of ``(ids, probs)`` (#16899); ``prepare_input_kernel`` moved from
``eagle.py`` to ``utils.py`` as ``prepare_eagle_input_kernel`` (#18435); ``propose_tree`` losing its leading
``tree_root_level`` and the proposer no longer setting ``first_branching_level`` (#22705);
``DeepSeekMTP.forward``'s ``previous_hidden_states`` renamed ``hidden_states`` (#22934);
``DeepSeekMultiTokenPredictorLayer(config, prefix, model_config, cache_config, quant_config)`` made
``(vllm_config, prefix)`` (#24134); the ``EagleAttentionMetadata`` protocol deleted (#25196);
``EagleProposer.cudagraph_batch_sizes`` no longer set (#29102); the LoRA extra vocabulary's leftovers
(``Medusa.unpadded_vocab_size``, ``Qwen3NextMultiTokenPredictor.org_vocab_size``, ``medusa``'s
``DEFAULT_VOCAB_PADDING_SIZE``) gone (#28382); ``Qwen3NextMTP.make_empty_intermediate_tensors`` no longer set
(#32150); ``deepseek_mtp``'s module ``logger`` deleted (#48780); ``qwen3_next._all_gather_hidden_and_residual``
deleted (#50685) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the
commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written
(a subclass override unpacking ``super()``'s result, a typed receiver's call or read, a subclass's ``self.``
read, a keyword call, an import, a module-attribute call, a ``super().__init__`` with the old parameters),
with twins (fork code the commit does not break: the kept attribute, the still-valid keyword of another
class, the moved name's new home, a positional call).  The merge base is the commit's first parent, upstream
is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its
file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at bb638821): 21 caught, 0 warned, 2 missed of 23 (twins: 11
quiet, 0 false errors).  The misses: #16899's two (``EagleProposer.propose`` annotated ``tuple[torch.Tensor,
torch.Tensor]`` -> ``torch.Tensor`` and its returns made one tensor; the fork unpacks two names from
``super().propose(...)`` in an override and from a typed receiver's ``proposer.propose(...)``).  Two catches
say more than is true: #48780's ``logger`` is reported moved to an unrelated module's ``logger`` (it was
deleted), and #32150's ``make_empty_intermediate_tensors`` is reported removed from ``SupportsPP`` (the class
dropped the mixin and its instance attribute); both lines are still blocked.
After the specheads widening: 23 caught, 0 warned, 0 missed of 23 (twins: 12 quiet, 0 false errors; the twelfth, added
after the blind run, marks #16899's guarded index, ``draft[0] if isinstance(draft, tuple) else draft``, which the
widening first reported).  Caught now: a tuple made one value of a method another class defines with one value
under the same name, asked of the class the fork's call resolves in (a receiver annotated as the class,
``super()``/``super(Owner, self)`` in a subclass of one base, the subclass's override returning the old pair;
return drift, ``drift/returns.py``); quiet: an index of a name the function kind-tests.  Round 2 (11 harder
spellings of the same commits -- an inherited ``self.`` call, a call on the class, a positional call still passing
the removed leading parameter, an override handing it to ``super()``, ``getattr`` with a literal, a
``functools.partial`` binding an old keyword, the module called with the old keyword, a dotted import's
attribute -- committed before their own run): 9 caught, 0 missed of 9; twins: 1 quiet, 1 false error of 2.  The
false error was our label: ``getattr(medusa, "unpadded_vocab_size", medusa.truncated_vocab_size)`` takes its
default silently after the commit, which the project counts as a killer (killer_replay's #38242,
``getattr(reasoning_config, "think_start_str", "<think>")``); relabelled a killer spelling.  All rounds: 33
caught, 0 warned, 0 missed of 33; twins: 13 quiet, 0 false errors.
On the landing's merged engine (1e7f1bba): 32 caught, 0 missed of the 23 blind and 9 of the 10 later, 13 twins
quiet: the relabelled ``getattr(medusa, "unpadded_vocab_size", medusa.truncated_vocab_size)`` is quiet again,
since the mend round counts a ``getattr`` whose default reads another attribute as the fork's fallback (symbol
drift cannot tell that attribute from the member's new home).
Regression set at the widening's head (96285c25): killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins
0 false errors (40, 30, 23 twins), blind_replay_specdec 23/23 (10 twins quiet), blind_replay_specdec2 24 caught, 1
warned of 25 (15 quiet, as on main), widened_return_replay 23/23 uses, 13/13 overrides, 0/21 twins false and
``--narrowed`` 18/19, 11/11, 0/16 (the same as the engine before), ``symbol_precision.py --windows 1`` 0 false errors.
mend46: the relabelled spelling is warned (a ``getattr`` default reading a sibling the class had beside the gone
member at the base: the fork takes another value every time): 32 caught, 1 warned, 0 missed of 33; 13 twins quiet.

  python benchmarks/blind_replay_specheads.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

EAGLE = "from vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"

# --- #16899 (41fb013d29): EagleProposer.propose returns the draft ids alone, not (ids, probs)
PR = "41fb013d29"
PRW = "EagleProposer.propose returns a tensor, not (draft_token_ids, draft_probs)"
CASES += [
    (
        "#16899 return made one value",
        "an override unpacking super()'s pair",
        K(
            "#16899",
            PR,
            PRW,
            "vllm/aeon/pr1.py",
            EAGLE + "class AeonEagleProposer(EagleProposer):\n"
            "    def propose(self, *args, **kwargs):\n"
            "        # AEON: the Spark's acceptance metrics keep the draft probabilities\n"
            "        draft_token_ids, draft_probs = super().propose(*args, **kwargs)\n"
            "        self.aeon_last_probs = draft_probs\n"
            "        return draft_token_ids, draft_probs\n",
            "draft_token_ids, draft_probs = super().propose(*args, **kwargs)",
        ),
    ),
    (
        "#16899 return made one value",
        "a typed receiver's call unpacked",
        K(
            "#16899",
            PR,
            PRW,
            "vllm/aeon/pr2.py",
            EAGLE + "def aeon_draft(proposer: EagleProposer, *inputs):\n"
            "    ids, probs = proposer.propose(*inputs)\n"
            "    return ids, probs.max(dim=-1).values\n",
            "ids, probs = proposer.propose(*inputs)",
        ),
    ),
    (
        "#16899 return made one value",
        "twin: the ids taken whole",
        K(
            "#16899",
            PR,
            PRW,
            "vllm/aeon/pr3.py",
            EAGLE + "def aeon_draft_ids(proposer: EagleProposer, *inputs):\n"
            "    draft = proposer.propose(*inputs)\n"
            "    return draft[0] if isinstance(draft, tuple) else draft\n",
            "draft = proposer.propose(*inputs)",
        ),
    ),
]

# round 2 (after the blind run): the twin's guarded index itself is the line to judge
CASES += [
    (
        "#16899 return made one value",
        "twin (round 2): an index under a kind test",
        K(
            "#16899",
            PR,
            PRW,
            "vllm/aeon/pr4.py",
            EAGLE + "def aeon_draft_ids(proposer: EagleProposer, *inputs):\n"
            "    draft = proposer.propose(*inputs)\n"
            "    return draft[0] if isinstance(draft, tuple) else draft\n",
            "return draft[0] if isinstance(draft, tuple) else draft",
        ),
    ),
]

# --- #18435 (2628a69e35): eagle.prepare_input_kernel moved to utils.prepare_eagle_input_kernel
PK = "2628a69e35"
PKW = "prepare_input_kernel moved off eagle.py (utils.prepare_eagle_input_kernel)"
CASES += [
    (
        "#18435 kernel moved",
        "an import from the old module",
        K(
            "#18435",
            PK,
            PKW,
            "vllm/aeon/pk1.py",
            "from vllm.v1.spec_decode.eagle import prepare_input_kernel\n\n\n"
            "def aeon_prepare(out, cu_query_lens, cu_num_tokens, batch_size: int) -> None:\n"
            "    prepare_input_kernel[(batch_size,)](out, cu_query_lens, cu_num_tokens, BLOCK_SIZE=1024)\n",
            "from vllm.v1.spec_decode.eagle import prepare_input_kernel",
        ),
    ),
    (
        "#18435 kernel moved",
        "a module-attribute launch",
        K(
            "#18435",
            PK,
            PKW,
            "vllm/aeon/pk2.py",
            "from vllm.v1.spec_decode import eagle as eagle_mod\n\n\n"
            "def aeon_prepare(out, cu_query_lens, cu_num_tokens, batch_size: int) -> None:\n"
            "    eagle_mod.prepare_input_kernel[(batch_size,)](out, cu_query_lens, cu_num_tokens, BLOCK_SIZE=1024)\n",
            "eagle_mod.prepare_input_kernel[(batch_size,)](out, cu_query_lens, cu_num_tokens, BLOCK_SIZE=1024)",
        ),
    ),
    (
        "#18435 kernel moved",
        "twin: the proposer imported from the old module",
        K(
            "#18435",
            PK,
            PKW,
            "vllm/aeon/pk3.py",
            EAGLE + "def aeon_is_eagle(proposer: object) -> bool:\n    return isinstance(proposer, EagleProposer)\n",
            "from vllm.v1.spec_decode.eagle import EagleProposer",
        ),
    ),
]

# --- #22705 (d94e3026de): propose_tree loses tree_root_level; first_branching_level no longer set
PT = "d94e3026de"
PTW = "propose_tree(tree_root_level, ...) -> propose_tree(batch_size, ...); first_branching_level gone"
CASES += [
    (
        "#22705 leading parameter removed",
        "a keyword the method no longer takes, off self",
        K(
            "#22705",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            EAGLE + "class AeonTreeProposer(EagleProposer):\n"
            "    def aeon_tree_from_root(self, batch_size, logits, positions, hidden_states, common_attn_metadata):\n"
            "        # AEON: the Spark drafts its static tree from the root every step\n"
            "        return self.propose_tree(\n"
            "            tree_root_level=0,\n"
            "            batch_size=batch_size,\n"
            "            logits=logits,\n"
            "            positions=positions,\n"
            "            hidden_states=hidden_states,\n"
            "            common_attn_metadata=common_attn_metadata,\n"
            "        )\n",
            "tree_root_level=0,",
        ),
    ),
    (
        "#22705 attribute no longer set",
        "a subclass's self. read",
        K(
            "#22705",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            EAGLE + "class AeonTreeProposer(EagleProposer):\n"
            "    def aeon_branches_at_root(self) -> bool:\n"
            "        return self.first_branching_level == 0\n",
            "return self.first_branching_level == 0",
        ),
    ),
    (
        "#22705 attribute no longer set",
        "twin: the kept per-level table",
        K(
            "#22705",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            EAGLE + "class AeonTreeProposer(EagleProposer):\n"
            "    def aeon_tree_size(self) -> int:\n"
            "        return self.cu_drafts_per_level[-1]\n",
            "return self.cu_drafts_per_level[-1]",
        ),
    ),
]

# --- #22934 (fbd88728b3): DeepSeekMTP.forward's previous_hidden_states renamed hidden_states
DF = "fbd88728b3"
DFW = "DeepSeekMTP.forward(previous_hidden_states=) renamed hidden_states"
MTP = "from vllm.model_executor.models.deepseek_mtp import DeepSeekMTP\n\n\n"
CASES += [
    (
        "#22934 keyword renamed",
        "an override passing the old keyword to super()",
        K(
            "#22934",
            DF,
            DFW,
            "vllm/aeon/df1.py",
            MTP + "class AeonDeepSeekMTP(DeepSeekMTP):\n"
            "    def forward(self, input_ids, positions, previous_hidden_states, intermediate_tensors=None,\n"
            "                inputs_embeds=None, spec_step_idx: int = 0):\n"
            "        # AEON: the Spark's MTP head runs one step only\n"
            "        return super().forward(input_ids, positions, previous_hidden_states=previous_hidden_states,\n"
            "                               inputs_embeds=inputs_embeds, spec_step_idx=0)\n",
            "return super().forward(input_ids, positions, previous_hidden_states=previous_hidden_states,",
        ),
    ),
    (
        "#22934 keyword renamed",
        "a typed receiver's keyword call",
        K(
            "#22934",
            DF,
            DFW,
            "vllm/aeon/df2.py",
            MTP + "def aeon_mtp_step(mtp: DeepSeekMTP, input_ids, positions, hidden):\n"
            "    return mtp.forward(input_ids, positions, previous_hidden_states=hidden)\n",
            "return mtp.forward(input_ids, positions, previous_hidden_states=hidden)",
        ),
    ),
    (
        "#22934 keyword renamed",
        "twin: the inner predictor keeps the keyword",
        K(
            "#22934",
            DF,
            DFW,
            "vllm/aeon/df3.py",
            "from vllm.model_executor.models.deepseek_mtp import DeepSeekMultiTokenPredictor\n\n\n"
            "def aeon_inner_step(predictor: DeepSeekMultiTokenPredictor, input_ids, positions, hidden):\n"
            "    return predictor.forward(input_ids, positions, previous_hidden_states=hidden)\n",
            "return predictor.forward(input_ids, positions, previous_hidden_states=hidden)",
        ),
    ),
]

# --- #24134 (955c624915): DeepSeekMultiTokenPredictorLayer(config, prefix, model_config, cache_config,
#     quant_config) -> (vllm_config, prefix)
DL = "955c624915"
DLW = "DeepSeekMultiTokenPredictorLayer.__init__ takes (vllm_config, prefix)"
LAYER = "from vllm.model_executor.models.deepseek_mtp import DeepSeekMultiTokenPredictorLayer\n\n\n"
CASES += [
    (
        "#24134 constructor reshaped",
        "a keyword construction with the old parameters",
        K(
            "#24134",
            DL,
            DLW,
            "vllm/aeon/dl1.py",
            LAYER + "def aeon_extra_mtp_layer(vllm_config, prefix: str) -> DeepSeekMultiTokenPredictorLayer:\n"
            "    # AEON: a second MTP layer for the Spark's two-token drafts\n"
            "    config = vllm_config.model_config.hf_config\n"
            "    return DeepSeekMultiTokenPredictorLayer(\n"
            "        config,\n"
            "        prefix,\n"
            "        model_config=vllm_config.model_config,\n"
            "        cache_config=vllm_config.cache_config,\n"
            "        quant_config=vllm_config.quant_config,\n"
            "    )\n",
            "model_config=vllm_config.model_config,",
        ),
    ),
    (
        "#24134 constructor reshaped",
        "a subclass's super().__init__ with the old positionals",
        K(
            "#24134",
            DL,
            DLW,
            "vllm/aeon/dl2.py",
            LAYER + "class AeonMTPLayer(DeepSeekMultiTokenPredictorLayer):\n"
            "    def __init__(self, config, prefix, model_config, cache_config=None, quant_config=None):\n"
            "        super().__init__(config, prefix, model_config, cache_config, quant_config)\n"
            "        self.aeon_steps = 0\n",
            "super().__init__(config, prefix, model_config, cache_config, quant_config)",
        ),
    ),
    (
        "#24134 constructor reshaped",
        "twin: the predictor's keyword-only constructor kept",
        K(
            "#24134",
            DL,
            DLW,
            "vllm/aeon/dl3.py",
            "from vllm.model_executor.models.deepseek_mtp import DeepSeekMultiTokenPredictor\n\n\n"
            "def aeon_predictor(vllm_config, prefix: str) -> DeepSeekMultiTokenPredictor:\n"
            "    return DeepSeekMultiTokenPredictor(vllm_config=vllm_config, prefix=prefix)\n",
            "return DeepSeekMultiTokenPredictor(vllm_config=vllm_config, prefix=prefix)",
        ),
    ),
]

# --- #25196 (c30b405b8f): the EagleAttentionMetadata protocol deleted from eagle.py
EA = "c30b405b8f"
EAW = "EagleAttentionMetadata deleted"
CASES += [
    (
        "#25196 class deleted",
        "an import beside a kept name",
        K(
            "#25196",
            EA,
            EAW,
            "vllm/aeon/ea1.py",
            "from vllm.v1.spec_decode.eagle import EagleAttentionMetadata, EagleProposer\n\n\n"
            "def aeon_max_query(proposer: EagleProposer, attn_metadata: EagleAttentionMetadata) -> int:\n"
            "    return attn_metadata.max_query_len\n",
            "from vllm.v1.spec_decode.eagle import EagleAttentionMetadata, EagleProposer",
        ),
    ),
    (
        "#25196 class deleted",
        "a module attribute in a cast",
        K(
            "#25196",
            EA,
            EAW,
            "vllm/aeon/ea2.py",
            "from typing import cast\n\n"
            "from vllm.v1.spec_decode import eagle\n\n\n"
            "def aeon_seq_lens(attn_metadata: object):\n"
            "    return cast(eagle.EagleAttentionMetadata, attn_metadata).seq_lens\n",
            "return cast(eagle.EagleAttentionMetadata, attn_metadata).seq_lens",
        ),
    ),
    (
        "#25196 class deleted",
        "twin: the proposer alone",
        K(
            "#25196",
            EA,
            EAW,
            "vllm/aeon/ea3.py",
            EAGLE + "def aeon_proposer_name(proposer: EagleProposer) -> str:\n    return type(proposer).__name__\n",
            "from vllm.v1.spec_decode.eagle import EagleProposer",
        ),
    ),
]

# --- #29102 (30d6466238): EagleProposer.cudagraph_batch_sizes no longer set
CG = "30d6466238"
CGW = "EagleProposer.cudagraph_batch_sizes gone (compilation_config.max_cudagraph_capture_size)"
CASES += [
    (
        "#29102 attribute no longer set",
        "a subclass's self. read",
        K(
            "#29102",
            CG,
            CGW,
            "vllm/aeon/cg1.py",
            EAGLE + "class AeonEagleProposer(EagleProposer):\n"
            "    def aeon_fits_graph(self, num_tokens: int) -> bool:\n"
            "        # AEON: the Spark pads small drafts into the captured graphs\n"
            "        return self.use_cuda_graph and num_tokens <= self.cudagraph_batch_sizes[-1]\n",
            "return self.use_cuda_graph and num_tokens <= self.cudagraph_batch_sizes[-1]",
        ),
    ),
    (
        "#29102 attribute no longer set",
        "a typed receiver's read",
        K(
            "#29102",
            CG,
            CGW,
            "vllm/aeon/cg2.py",
            EAGLE + "def aeon_graph_sizes(proposer: EagleProposer) -> list[int]:\n"
            "    return list(proposer.cudagraph_batch_sizes)\n",
            "return list(proposer.cudagraph_batch_sizes)",
        ),
    ),
    (
        "#29102 attribute no longer set",
        "twin: the kept flag",
        K(
            "#29102",
            CG,
            CGW,
            "vllm/aeon/cg3.py",
            EAGLE + "class AeonEagleProposer(EagleProposer):\n"
            "    def aeon_graphs_on(self) -> bool:\n"
            "        return bool(self.use_cuda_graph)\n",
            "return bool(self.use_cuda_graph)",
        ),
    ),
]

# --- #28382 (9d1c474704): the LoRA extra vocabulary's leftovers removed from the draft heads
LV = "9d1c474704"
LVW = "Medusa.unpadded_vocab_size, Qwen3NextMultiTokenPredictor.org_vocab_size, medusa.DEFAULT_VOCAB_PADDING_SIZE gone"
CASES += [
    (
        "#28382 attribute no longer set",
        "a Medusa subclass's self. read",
        K(
            "#28382",
            LV,
            LVW,
            "vllm/aeon/lv1.py",
            "from vllm.model_executor.models.medusa import Medusa\n\n\n"
            "class AeonMedusa(Medusa):\n"
            "    def aeon_head_vocab(self) -> int:\n"
            "        # AEON: the Spark's Medusa heads are sized to the truncated vocabulary\n"
            "        return self.unpadded_vocab_size\n",
            "return self.unpadded_vocab_size",
        ),
    ),
    (
        "#28382 attribute no longer set",
        "a typed receiver's read of the predictor",
        K(
            "#28382",
            LV,
            LVW,
            "vllm/aeon/lv2.py",
            "from vllm.model_executor.models.qwen3_next_mtp import Qwen3NextMultiTokenPredictor\n\n\n"
            "def aeon_base_vocab(predictor: Qwen3NextMultiTokenPredictor) -> int:\n"
            "    return predictor.org_vocab_size\n",
            "return predictor.org_vocab_size",
        ),
    ),
    (
        "#28382 name no longer in the module",
        "an import of a name the module only re-exported",
        K(
            "#28382",
            LV,
            LVW,
            "vllm/aeon/lv3.py",
            "from vllm.model_executor.models.medusa import DEFAULT_VOCAB_PADDING_SIZE, Medusa\n\n\n"
            "def aeon_padded(medusa: Medusa) -> int:\n"
            "    size = medusa.truncated_vocab_size\n"
            "    return -(-size // DEFAULT_VOCAB_PADDING_SIZE) * DEFAULT_VOCAB_PADDING_SIZE\n",
            "from vllm.model_executor.models.medusa import DEFAULT_VOCAB_PADDING_SIZE, Medusa",
        ),
    ),
    (
        "#28382 attribute no longer set",
        "twin: the kept truncated size",
        K(
            "#28382",
            LV,
            LVW,
            "vllm/aeon/lv4.py",
            "from vllm.model_executor.models.medusa import Medusa\n\n\n"
            "class AeonMedusa(Medusa):\n"
            "    def aeon_head_vocab(self) -> int:\n"
            "        return self.truncated_vocab_size\n",
            "return self.truncated_vocab_size",
        ),
    ),
]

# --- #32150 (600aaab8d6): Qwen3NextMTP no longer sets make_empty_intermediate_tensors (SupportsPP dropped)
PP = "600aaab8d6"
PPW = "Qwen3NextMTP.make_empty_intermediate_tensors no longer set"
QMTP = "from vllm.model_executor.models.qwen3_next_mtp import Qwen3NextMTP\n\n\n"
CASES += [
    (
        "#32150 attribute no longer set",
        "a subclass's self. call",
        K(
            "#32150",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            QMTP + "class AeonQwen3NextMTP(Qwen3NextMTP):\n"
            "    def aeon_empty(self, batch_size: int, dtype, device):\n"
            "        # AEON: the Spark's two-stage pipeline hands the MTP an empty carry\n"
            "        return self.make_empty_intermediate_tensors(batch_size, dtype, device)\n",
            "return self.make_empty_intermediate_tensors(batch_size, dtype, device)",
        ),
    ),
    (
        "#32150 attribute no longer set",
        "a typed receiver's read",
        K(
            "#32150",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            QMTP + "def aeon_empty_factory(mtp: Qwen3NextMTP):\n    return mtp.make_empty_intermediate_tensors\n",
            "return mtp.make_empty_intermediate_tensors",
        ),
    ),
    (
        "#32150 attribute no longer set",
        "twin: the inner predictor's factory",
        K(
            "#32150",
            PP,
            PPW,
            "vllm/aeon/pp3.py",
            QMTP + "class AeonQwen3NextMTP(Qwen3NextMTP):\n"
            "    def aeon_empty(self, batch_size: int, dtype, device):\n"
            "        return self.model.make_empty_intermediate_tensors(batch_size, dtype, device)\n",
            "return self.model.make_empty_intermediate_tensors(batch_size, dtype, device)",
        ),
    ),
]

# --- #48780 (877dae9c68): deepseek_mtp's module logger deleted
LG = "877dae9c68"
LGW = "deepseek_mtp.logger deleted"
CASES += [
    (
        "#48780 module name deleted",
        "an import of the module's logger",
        K(
            "#48780",
            LG,
            LGW,
            "vllm/aeon/lg1.py",
            "from vllm.model_executor.models.deepseek_mtp import DeepSeekMTP, logger\n\n\n"
            "def aeon_note_mtp(mtp: DeepSeekMTP) -> None:\n"
            '    logger.info("AEON: MTP head %s loaded", type(mtp).__name__)\n',
            "from vllm.model_executor.models.deepseek_mtp import DeepSeekMTP, logger",
        ),
    ),
    (
        "#48780 module name deleted",
        "a module-attribute call",
        K(
            "#48780",
            LG,
            LGW,
            "vllm/aeon/lg2.py",
            "from vllm.model_executor.models import deepseek_mtp\n\n\n"
            "def aeon_warn_partial(missing: list[str]) -> None:\n"
            '    deepseek_mtp.logger.warning("AEON: MTP layers missing: %s", missing)\n',
            'deepseek_mtp.logger.warning("AEON: MTP layers missing: %s", missing)',
        ),
    ),
    (
        "#48780 module name deleted",
        "twin: a logger of the fork's own",
        K(
            "#48780",
            LG,
            LGW,
            "vllm/aeon/lg3.py",
            "from vllm.logger import init_logger\n"
            "from vllm.model_executor.models.deepseek_mtp import DeepSeekMTP\n\n"
            "logger = init_logger(__name__)\n\n\n"
            "def aeon_note_mtp(mtp: DeepSeekMTP) -> None:\n"
            '    logger.info("AEON: MTP head %s loaded", type(mtp).__name__)\n',
            'logger.info("AEON: MTP head %s loaded", type(mtp).__name__)',
        ),
    ),
]

# --- #50685 (c05d75aaa9): qwen3_next._all_gather_hidden_and_residual deleted (the MTP gathers itself)
AG = "c05d75aaa9"
AGW = "qwen3_next._all_gather_hidden_and_residual deleted"
CASES += [
    (
        "#50685 helper deleted",
        "an import of the private helper",
        K(
            "#50685",
            AG,
            AGW,
            "vllm/aeon/ag1.py",
            "from vllm.model_executor.models.qwen3_next import _all_gather_hidden_and_residual\n\n\n"
            "def aeon_gather(hidden_states, residual, num_tokens: int, hidden_size: int):\n"
            "    # AEON: the Spark's MTP gathers before its norm, as upstream's did\n"
            "    return _all_gather_hidden_and_residual(hidden_states, residual, num_tokens, hidden_size)\n",
            "from vllm.model_executor.models.qwen3_next import _all_gather_hidden_and_residual",
        ),
    ),
    (
        "#50685 helper deleted",
        "a module-attribute call",
        K(
            "#50685",
            AG,
            AGW,
            "vllm/aeon/ag2.py",
            "from vllm.model_executor.models import qwen3_next\n\n\n"
            "def aeon_gather(hidden_states, residual, num_tokens: int, hidden_size: int):\n"
            "    return qwen3_next._all_gather_hidden_and_residual(hidden_states, residual, num_tokens, hidden_size)\n",
            "return qwen3_next._all_gather_hidden_and_residual(hidden_states, residual, num_tokens, hidden_size)",
        ),
    ),
    (
        "#50685 helper deleted",
        "twin: the kept sequence-parallel chunk",
        K(
            "#50685",
            AG,
            AGW,
            "vllm/aeon/ag3.py",
            "from vllm.model_executor.models.utils import sequence_parallel_chunk\n\n\n"
            "def aeon_chunk(hidden_states):\n"
            "    return sequence_parallel_chunk(hidden_states)\n",
            "return sequence_parallel_chunk(hidden_states)",
        ),
    ),
]


# --- round 2 (harder spellings of the same commits, committed before their own run)
CASES += [
    (
        "#16899 return made one value",
        "R2 an inherited self. call unpacked in a subclass that does not override it",
        K(
            "#16899",
            PR,
            PRW,
            "vllm/aeon/r2pr1.py",
            EAGLE + "class AeonEagleProposer(EagleProposer):\n"
            "    def aeon_draft(self, *inputs):\n"
            "        draft_token_ids, _ = self.propose(*inputs)\n"
            "        return draft_token_ids\n",
            "draft_token_ids, _ = self.propose(*inputs)",
        ),
    ),
    (
        "#16899 return made one value",
        "R2 a call on the class unpacked",
        K(
            "#16899",
            PR,
            PRW,
            "vllm/aeon/r2pr2.py",
            EAGLE + "def aeon_draft(proposer, *inputs):\n"
            "    ids, probs = EagleProposer.propose(proposer, *inputs)\n"
            "    return probs\n",
            "ids, probs = EagleProposer.propose(proposer, *inputs)",
        ),
    ),
    (
        "#22705 leading parameter removed",
        "R2 a positional call still passing the root level first",
        K(
            "#22705",
            PT,
            PTW,
            "vllm/aeon/r2pt1.py",
            EAGLE + "class AeonTreeProposer(EagleProposer):\n"
            "    def aeon_tree(self, batch_size, logits, positions, hidden_states, common_attn_metadata):\n"
            "        return self.propose_tree(0, batch_size, logits, positions, hidden_states, common_attn_metadata)\n",
            "return self.propose_tree(0, batch_size, logits, positions, hidden_states, common_attn_metadata)",
        ),
    ),
    (
        "#22705 leading parameter removed",
        "R2 an override still taking the root level, handing it to super()",
        K(
            "#22705",
            PT,
            PTW,
            "vllm/aeon/r2pt2.py",
            EAGLE + "class AeonTreeProposer(EagleProposer):\n"
            "    def propose_tree(self, tree_root_level, batch_size, logits, positions, hidden_states,\n"
            "                     common_attn_metadata):\n"
            "        return super().propose_tree(tree_root_level, batch_size, logits, positions, hidden_states,\n"
            "                                    common_attn_metadata)\n",
            "return super().propose_tree(tree_root_level, batch_size, logits, positions, hidden_states,",
        ),
    ),
    (
        "#28382 attribute no longer set",
        "R2 getattr with a literal and no default",
        K(
            "#28382",
            LV,
            LVW,
            "vllm/aeon/r2lv1.py",
            "from vllm.model_executor.models.medusa import Medusa\n\n\n"
            "def aeon_vocab(medusa: Medusa) -> int:\n"
            '    return getattr(medusa, "unpadded_vocab_size")\n',
            'return getattr(medusa, "unpadded_vocab_size")',
        ),
    ),
    (
        "#28382 attribute no longer set",
        "R2 getattr with a default (relabelled: the default is taken silently, killer_replay's #38242 shape)",
        K(
            "#28382",
            LV,
            LVW,
            "vllm/aeon/r2lv2.py",
            "from vllm.model_executor.models.medusa import Medusa\n\n\n"
            "def aeon_vocab(medusa: Medusa) -> int:\n"
            '    return getattr(medusa, "unpadded_vocab_size", medusa.truncated_vocab_size)\n',
            'return getattr(medusa, "unpadded_vocab_size", medusa.truncated_vocab_size)',
        ),
    ),
    (
        "#24134 constructor reshaped",
        "R2 a functools.partial binding an old keyword",
        K(
            "#24134",
            DL,
            DLW,
            "vllm/aeon/r2dl1.py",
            "import functools\n\n" + LAYER + "def aeon_layer_factory(vllm_config):\n"
            "    return functools.partial(DeepSeekMultiTokenPredictorLayer, model_config=vllm_config.model_config)\n",
            "return functools.partial(DeepSeekMultiTokenPredictorLayer, model_config=vllm_config.model_config)",
        ),
    ),
    (
        "#22934 keyword renamed",
        "R2 the module called with the old keyword",
        K(
            "#22934",
            DF,
            DFW,
            "vllm/aeon/r2df1.py",
            MTP + "def aeon_mtp_step(mtp: DeepSeekMTP, input_ids, positions, hidden):\n"
            "    return mtp(input_ids, positions, previous_hidden_states=hidden)\n",
            "return mtp(input_ids, positions, previous_hidden_states=hidden)",
        ),
    ),
    (
        "#22934 keyword renamed",
        "twin (R2): the module called positionally",
        K(
            "#22934",
            DF,
            DFW,
            "vllm/aeon/r2df2.py",
            MTP + "def aeon_mtp_step(mtp: DeepSeekMTP, input_ids, positions, hidden):\n"
            "    return mtp(input_ids, positions, hidden)\n",
            "return mtp(input_ids, positions, hidden)",
        ),
    ),
    (
        "#18435 kernel moved",
        "R2 getattr of the module with a literal",
        K(
            "#18435",
            PK,
            PKW,
            "vllm/aeon/r2pk1.py",
            "from vllm.v1.spec_decode import eagle as eagle_mod\n\n\n"
            "def aeon_kernel():\n"
            '    return getattr(eagle_mod, "prepare_input_kernel")\n',
            'return getattr(eagle_mod, "prepare_input_kernel")',
        ),
    ),
    (
        "#48780 module name deleted",
        "R2 a dotted import's attribute",
        K(
            "#48780",
            LG,
            LGW,
            "vllm/aeon/r2lg1.py",
            "import vllm.model_executor.models.deepseek_mtp as dmtp\n\n\n"
            "def aeon_warn(missing: list[str]) -> None:\n"
            '    dmtp.logger.warning("AEON: MTP layers missing: %s", missing)\n',
            'dmtp.logger.warning("AEON: MTP layers missing: %s", missing)',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-specheads-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
