"""A blind replay of the v1 EAGLE/MTP proposer a fork's drafting carries subclass, override and read.

10 first-parent commits on ``vllm/v1/spec_decode/{eagle,utils,metadata}.py`` -- the proposer a fork that tunes
EAGLE-3/MTP drafting with a proposer subclass, its own overrides of the proposer's hooks and reads of its
state carries code against: ``EagleProposer.attn_layer_name`` turned into the list ``attn_layer_names``, the
draft model classes no longer imported into ``eagle``'s namespace, ``propose`` given ``mm_embeds`` (passed by
the runner) and then a required ``last_token_indices`` inserted before ``common_attn_metadata`` (with
``prepare_inputs``' ``num_rejected_tokens`` replaced by ``sampled_token_ids, num_draft_tokens``),
``dummy_run`` given ``use_cudagraphs`` and then ``is_graph_capturing`` (both passed by the runner), the
never-called ``_get_attention_metadata_builder`` (annotated to return a list) now called by ``propose`` as one
builder, and three new names on the base proposer a fork subclass may already own: the ``_greedy_sample``
hook, the ``build_model_inputs_first_pass``/``build_per_layer_attn_metadata`` hooks (DFlash), the
``self.block_size`` attribute (set in ``__init__`` and again in ``initialize_attn_backend``) and the
``self.dp_rank`` attribute (EAGLE with DP>1) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits every other replay uses (``blind_replay_specdec``, ``_specdec2``,
``_specheads``, ``_specconf`` cover other commits on this surface).  Each is replayed under 1-3 fork
spellings written the way fork code is written (a subclass's ``self.`` read, a read off a receiver typed as the
class, a ``getattr`` with a literal, an import, a module attribute in a table, an override the runner calls
with a new keyword, a monkeypatched method, a positional call, a keyword call, an override the base now calls,
a subclass's own method or attribute of a name the base now defines), with twins (fork code the commit does
not break: a kept attribute, a ``try``/``except AttributeError`` fallback, the class's home module, an
override taking ``**kwargs``, a fork name the base does not use, an override returning what the base now
expects).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their
line.

Blind, on the engine before any widening (main at eb141937): 17 caught, 1 warned, 3 missed of 21 (twins: 11
quiet, 1 false error).  Symbol drift caught the attribute turned into a list (a ``self.`` read, a typed read, a
``getattr`` literal), the dropped re-exports (an import, a module attribute in a table), every override or
monkeypatch the runner now hands a keyword it lacks (#20788, #24539, #25109, #26086), the positional and
keyword calls of the reshaped ``propose``/``prepare_inputs``, the fork's own ``_greedy_sample`` with a required
extra parameter, both DFlash hook namesakes, and the class attribute #36036's ``self.block_size`` now hides.  The
misses: #26086's and #36036's subclass keeping a value of its own under ``self.dp_rank``/``self.block_size``
after ``super().__init__()`` (the base now reads it, or assigns it again in ``initialize_attn_backend``: the
shadow check only looked at values set before the super call), and #26564's override still returning the list
its old annotation promised (``propose`` now calls it and builds with the result: AttributeError).  Warned:
#34049's ``_greedy_sample(self, logits)`` of the base hook's arity (the fork's own method now runs where the base
calls its hook with hidden states: a warning by design, the fork may have written the same hook).  The false
error: #20788's twin ``propose(self, target_token_ids, target_positions, target_hidden_states, **kwargs)``, which
matched the base for keyword callers only and still does with ``mm_embeds`` in its ``**kwargs``.
After the killers178 widenings: 19 caught, 2 warned, 0 missed of 21 (twins: 12 quiet, 0 false errors).  Caught
now: a fork subclass's own ``self.X`` (after the super call, or in a method of its own) of a name upstream's
base now assigns and reads or assigns again after the build (``drift/shadows.py``, ``namesakes``, under
``merge/shadowed-attribute``).  Warned now: #26564's override, an error on its ``return [`` two lines below the
marked ``def`` (a fork override still returning a list where the base's ``-> list[X]`` became ``-> X`` and a call
upstream wrote uses the value: ``drift/result_kinds.py``, ``unlisted_returns``; the killer line was not moved).
Quiet now: an override matched by keyword before the merge stays matched when the base grows past its named
parameters (``drift/symbols.py``, ``_override_drift``).  Left: #34049's same-arity namesake stays a warning.
Regression set at the widenings' head: killer_replay 26/26 BLOCKED, kind_change_replay 12/12 (5 quiet),
blind_replay_specdec 23/23 (10 quiet), blind_replay_specheads 32 caught, 1 warned of 33 (13 quiet; as on main),
blind_replay_gpuworker 26 caught, 2 warned of 28 (14 quiet; as on main), blind_replay_asyncsched 20 caught, 1
missed of 21 (14 quiet; as before), blind_replay_executor 19/19 (11 quiet), review18_twins 9/9 with 0 false of
41, ``carry_class_replay --only shadowed-attr --limit 12``: 4 blocked, 1 missed of 5, 0 of 2 unbroken carries
with a false error (as on main), review67_twins 4/4 (13 quiet), blind_replay_compwrap 22/22 (12 quiet).

  python benchmarks/blind_replay_eagleprop.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

EP = "from vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"

# --- #18030 (c1e4a4052d): EagleProposer.attn_layer_name (one str) replaced by attn_layer_names (a list)
AL = "c1e4a4052d"
ALW = "EagleProposer.attn_layer_name removed for attn_layer_names"
CASES += [
    (
        "#18030 attribute removed",
        "a subclass's self. read",
        K(
            "#18030",
            AL,
            ALW,
            "vllm/aeon/al1.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def aeon_draft_layer(self) -> str:\n"
            "        # AEON: the Spark's KV budget report names the draft head's layer\n"
            "        return self.attn_layer_name\n",
            "return self.attn_layer_name",
        ),
    ),
    (
        "#18030 attribute removed",
        "a read off a receiver typed as the class",
        K(
            "#18030",
            AL,
            ALW,
            "vllm/aeon/al2.py",
            EP + "def aeon_draft_kv_layers(proposer: EagleProposer) -> list[str]:\n"
            "    # AEON: NVFP4 KV for the draft layer is skipped on GB10\n"
            "    return [proposer.attn_layer_name]\n",
            "return [proposer.attn_layer_name]",
        ),
    ),
    (
        "#18030 attribute removed",
        "a getattr with a literal",
        K(
            "#18030",
            AL,
            ALW,
            "vllm/aeon/al3.py",
            "def aeon_layer_of(drafter) -> str:\n"
            "    # AEON: the drafter is whichever proposer the runner built\n"
            '    return getattr(drafter, "attn_layer_name")\n',
            'return getattr(drafter, "attn_layer_name")',
        ),
    ),
    (
        "#18030 attribute removed",
        "twin: a kept attribute",
        K(
            "#18030",
            AL,
            ALW,
            "vllm/aeon/al4.py",
            EP + "def aeon_draft_depth(proposer: EagleProposer) -> int:\n    return proposer.num_speculative_tokens\n",
            "return proposer.num_speculative_tokens",
        ),
    ),
    (
        "#18030 attribute removed",
        "twin: a try/except AttributeError fallback",
        K(
            "#18030",
            AL,
            ALW,
            "vllm/aeon/al5.py",
            EP + "def aeon_layers(proposer: EagleProposer) -> list[str]:\n"
            "    try:\n"
            "        return [proposer.attn_layer_name]\n"
            "    except AttributeError:\n"
            '        return list(getattr(proposer, "attn_layer_names"))\n',
            "return [proposer.attn_layer_name]",
        ),
    ),
]

# --- #17323 (e136000595): the draft model classes no longer imported into vllm.v1.spec_decode.eagle
RG = "e136000595"
RGW = "EagleLlamaForCausalLM / Eagle3LlamaForCausalLM no longer imported by eagle.py"
CASES += [
    (
        "#17323 re-export removed",
        "an import through the proposer's module",
        K(
            "#17323",
            RG,
            RGW,
            "vllm/aeon/rg1.py",
            "from vllm.v1.spec_decode.eagle import Eagle3LlamaForCausalLM, EagleProposer\n\n\n"
            "def aeon_is_eagle3(proposer: EagleProposer) -> bool:\n"
            "    # AEON: the Spark's EAGLE-3 head gets the fused aux-hidden path\n"
            "    return isinstance(proposer.model, Eagle3LlamaForCausalLM)\n",
            "from vllm.v1.spec_decode.eagle import Eagle3LlamaForCausalLM, EagleProposer",
        ),
    ),
    (
        "#17323 re-export removed",
        "a module attribute in a table",
        K(
            "#17323",
            RG,
            RGW,
            "vllm/aeon/rg2.py",
            "from vllm.v1.spec_decode import eagle as eagle_mod\n\n"
            "# AEON: the draft head classes the Spark's loader accepts\n"
            "AEON_DRAFT_CLASSES = {\n"
            '    "eagle": eagle_mod.EagleLlamaForCausalLM,\n'
            '    "eagle3": eagle_mod.Eagle3LlamaForCausalLM,\n'
            "}\n",
            '"eagle": eagle_mod.EagleLlamaForCausalLM,',
        ),
    ),
    (
        "#17323 re-export removed",
        "twin: the classes' home modules",
        K(
            "#17323",
            RG,
            RGW,
            "vllm/aeon/rg3.py",
            "from vllm.model_executor.models.llama_eagle3 import Eagle3LlamaForCausalLM\n"
            "from vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
            "def aeon_is_eagle3(proposer: EagleProposer) -> bool:\n"
            "    return isinstance(proposer.model, Eagle3LlamaForCausalLM)\n",
            "return isinstance(proposer.model, Eagle3LlamaForCausalLM)",
        ),
    ),
]

# --- #20788 (9e0726e5bf): propose(mm_embeds=None) added, and the runner now passes mm_embeds=
MM = "9e0726e5bf"
MMW = "EagleProposer.propose given mm_embeds, passed by the runner"
CASES += [
    (
        "#20788 caller passes a new keyword",
        "a subclass override without the new parameter",
        K(
            "#20788",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def propose(self, target_token_ids, target_positions, target_hidden_states, next_token_ids, "
            "common_attn_metadata, sampling_metadata):\n"
            "        # AEON: the Spark clamps the draft batch to what fits GB10's graph pool\n"
            "        return super().propose(\n"
            "            target_token_ids=target_token_ids,\n"
            "            target_positions=target_positions,\n"
            "            target_hidden_states=target_hidden_states,\n"
            "            next_token_ids=next_token_ids,\n"
            "            common_attn_metadata=common_attn_metadata,\n"
            "            sampling_metadata=sampling_metadata,\n"
            "        )\n",
            "def propose(self, target_token_ids, target_positions, target_hidden_states, next_token_ids, "
            "common_attn_metadata, sampling_metadata):",
        ),
    ),
    (
        "#20788 caller passes a new keyword",
        "a monkeypatched method without the new parameter",
        K(
            "#20788",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            EP + "_aeon_orig_propose = EagleProposer.propose\n\n\n"
            "def _aeon_propose(self, target_token_ids, target_positions, target_hidden_states, next_token_ids, "
            "common_attn_metadata, sampling_metadata):\n"
            "    # AEON: times each drafting step for the Spark's acceptance dashboard\n"
            "    return _aeon_orig_propose(self, target_token_ids, target_positions, target_hidden_states, "
            "next_token_ids, common_attn_metadata, sampling_metadata)\n\n\n"
            "EagleProposer.propose = _aeon_propose\n",
            "def _aeon_propose(self, target_token_ids, target_positions, target_hidden_states, next_token_ids, "
            "common_attn_metadata, sampling_metadata):",
        ),
    ),
    (
        "#20788 caller passes a new keyword",
        "twin: an override taking **kwargs",
        K(
            "#20788",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def propose(self, target_token_ids, target_positions, target_hidden_states, **kwargs):\n"
            "        return super().propose(target_token_ids, target_positions, target_hidden_states, **kwargs)\n",
            "def propose(self, target_token_ids, target_positions, target_hidden_states, **kwargs):",
        ),
    ),
]

# --- #24539 (b7433ca1a4): propose(last_token_indices) inserted, required; prepare_inputs' parameters replaced
PD = "b7433ca1a4"
PDW = (
    "propose(last_token_indices) inserted; prepare_inputs(num_rejected_tokens) -> (sampled_token_ids, num_draft_tokens)"
)
CASES += [
    (
        "#24539 required parameter inserted",
        "a positional call",
        K(
            "#24539",
            PD,
            PDW,
            "vllm/aeon/pd1.py",
            EP + "def aeon_draft(proposer: EagleProposer, ids, pos, hidden, next_ids, cam, sampling_metadata):\n"
            "    # AEON: the Spark's warm-up drafts one batch before serving\n"
            "    return proposer.propose(ids, pos, hidden, next_ids, cam, sampling_metadata)\n",
            "return proposer.propose(ids, pos, hidden, next_ids, cam, sampling_metadata)",
        ),
    ),
    (
        "#24539 parameter replaced",
        "a keyword call with the old parameter",
        K(
            "#24539",
            PD,
            PDW,
            "vllm/aeon/pd2.py",
            EP + "def aeon_prepare(proposer: EagleProposer, cam, rejected):\n"
            "    # AEON: the Spark's host-side bookkeeping of rejected drafts\n"
            "    cam, token_indices = proposer.prepare_inputs(cam, num_rejected_tokens=rejected)\n"
            "    return cam, token_indices\n",
            "cam, token_indices = proposer.prepare_inputs(cam, num_rejected_tokens=rejected)",
        ),
    ),
    (
        "#24539 caller passes a new keyword",
        "a subclass override without the new parameter",
        K(
            "#24539",
            PD,
            PDW,
            "vllm/aeon/pd3.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def propose(self, target_token_ids, target_positions, target_hidden_states, next_token_ids, "
            "common_attn_metadata, sampling_metadata, mm_embeds=None):\n"
            "        # AEON: NVFP4 target hidden states are upcast before drafting on GB10\n"
            "        return super().propose(\n"
            "            target_token_ids,\n"
            "            target_positions,\n"
            "            target_hidden_states.float(),\n"
            "            next_token_ids,\n"
            "            common_attn_metadata=common_attn_metadata,\n"
            "            sampling_metadata=sampling_metadata,\n"
            "            mm_embeds=mm_embeds,\n"
            "        )\n",
            "def propose(self, target_token_ids, target_positions, target_hidden_states, next_token_ids, "
            "common_attn_metadata, sampling_metadata, mm_embeds=None):",
        ),
    ),
    (
        "#24539 required parameter inserted",
        "twin: a call of the unchanged dummy_run",
        K(
            "#24539",
            PD,
            PDW,
            "vllm/aeon/pd4.py",
            EP + "def aeon_warm(proposer: EagleProposer, n: int) -> None:\n    proposer.dummy_run(n)\n",
            "proposer.dummy_run(n)",
        ),
    ),
]

# --- #25109 (29255cfc3b): dummy_run(use_cudagraphs=True) added, and the runner now passes use_cudagraphs=
DR = "29255cfc3b"
DRW = "EagleProposer.dummy_run given use_cudagraphs, passed by the runner"
CASES += [
    (
        "#25109 caller passes a new keyword",
        "a subclass override without the new parameter",
        K(
            "#25109",
            DR,
            DRW,
            "vllm/aeon/dr1.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def dummy_run(self, num_tokens: int) -> None:\n"
            "        # AEON: GB10's profile run caps the draft's dummy batch\n"
            "        super().dummy_run(min(num_tokens, 8192))\n",
            "def dummy_run(self, num_tokens: int) -> None:",
        ),
    ),
    (
        "#25109 caller passes a new keyword",
        "a monkeypatched method without the new parameter",
        K(
            "#25109",
            DR,
            DRW,
            "vllm/aeon/dr2.py",
            EP + "_aeon_orig_dummy_run = EagleProposer.dummy_run\n\n\n"
            "def _aeon_dummy_run(self, num_tokens: int) -> None:\n"
            "    # AEON: GB10's unified memory: the draft's profile run stays small\n"
            "    _aeon_orig_dummy_run(self, min(num_tokens, 8192))\n\n\n"
            "EagleProposer.dummy_run = _aeon_dummy_run\n",
            "def _aeon_dummy_run(self, num_tokens: int) -> None:",
        ),
    ),
    (
        "#25109 caller passes a new keyword",
        "twin: an override taking **kwargs",
        K(
            "#25109",
            DR,
            DRW,
            "vllm/aeon/dr3.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def dummy_run(self, num_tokens: int, **kwargs) -> None:\n"
            "        super().dummy_run(min(num_tokens, 8192), **kwargs)\n",
            "def dummy_run(self, num_tokens: int, **kwargs) -> None:",
        ),
    ),
]

# --- #26086 (12c007e288): dummy_run(is_graph_capturing) passed by the runner; self.dp_rank indexes the DP counts
DP = "12c007e288"
DPW = "dummy_run given is_graph_capturing, passed by the runner; EagleProposer.dp_rank added"
CASES += [
    (
        "#26086 caller passes a new keyword",
        "a subclass override with the old parameters",
        K(
            "#26086",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def dummy_run(self, num_tokens: int, use_cudagraphs: bool = True) -> None:\n"
            "        # AEON: the Spark captures the draft graphs eagerly at a smaller size\n"
            "        super().dummy_run(min(num_tokens, 8192), use_cudagraphs=use_cudagraphs)\n",
            "def dummy_run(self, num_tokens: int, use_cudagraphs: bool = True) -> None:",
        ),
    ),
    (
        "#26086 base attribute of the subclass's name",
        "a subclass's own attribute the base now sets and reads",
        K(
            "#26086",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def __init__(self, vllm_config, device, runner=None):\n"
            "        super().__init__(vllm_config, device, runner)\n"
            "        # AEON: two Sparks over ConnectX: the drafter pins its node-local DP rank\n"
            "        self.dp_rank = vllm_config.parallel_config.data_parallel_rank_local or 0\n",
            "self.dp_rank = vllm_config.parallel_config.data_parallel_rank_local or 0",
        ),
    ),
    (
        "#26086 caller passes a new keyword",
        "twin: an override taking **kwargs",
        K(
            "#26086",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def dummy_run(self, num_tokens: int, use_cudagraphs: bool = True, **kwargs) -> None:\n"
            "        super().dummy_run(min(num_tokens, 8192), use_cudagraphs=use_cudagraphs, **kwargs)\n",
            "def dummy_run(self, num_tokens: int, use_cudagraphs: bool = True, **kwargs) -> None:",
        ),
    ),
    (
        "#26086 base attribute of the subclass's name",
        "twin: a subclass attribute of the fork's own name",
        K(
            "#26086",
            DP,
            DPW,
            "vllm/aeon/dp4.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def __init__(self, vllm_config, device, runner=None):\n"
            "        super().__init__(vllm_config, device, runner)\n"
            "        self.aeon_local_dp_rank = vllm_config.parallel_config.data_parallel_rank_local or 0\n",
            "self.aeon_local_dp_rank = vllm_config.parallel_config.data_parallel_rank_local or 0",
        ),
    ),
]

# --- #26564 (e94cfd51da): the never-called _get_attention_metadata_builder (-> list) now called by propose
MB = "e94cfd51da"
MBW = "_get_attention_metadata_builder now called by propose, annotated to return one builder, not a list"
MBI = (
    "from vllm.v1.attention.backends.utils import AttentionMetadataBuilder\n"
    "from vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
)
CASES += [
    (
        "#26564 override now called, return shape changed",
        "an override returning the annotated list",
        K(
            "#26564",
            MB,
            MBW,
            "vllm/aeon/mb1.py",
            MBI + "class AeonEagleProposer(EagleProposer):\n"
            "    def _get_attention_metadata_builder(self) -> list[AttentionMetadataBuilder]:\n"
            "        # AEON: the Spark's MTP head spans two KV groups; one builder each\n"
            "        return [\n"
            "            group.get_metadata_builder()\n"
            "            for groups in self.runner.attn_groups\n"
            "            for group in groups\n"
            "            if set(self.attn_layer_names) & set(group.layer_names)\n"
            "        ]\n",
            "def _get_attention_metadata_builder(self) -> list[AttentionMetadataBuilder]:",
        ),
    ),
    (
        "#26564 override now called, return shape changed",
        "twin: an override returning the base's one builder",
        K(
            "#26564",
            MB,
            MBW,
            "vllm/aeon/mb2.py",
            MBI + "class AeonEagleProposer(EagleProposer):\n"
            "    def _get_attention_metadata_builder(self) -> AttentionMetadataBuilder:\n"
            "        builder = super()._get_attention_metadata_builder()\n"
            "        return builder\n",
            "builder = super()._get_attention_metadata_builder()",
        ),
    ),
]

# --- #34049 (2bcf71b9c0): SpecDecodeBaseProposer._greedy_sample(hidden_states) added and called by propose
GS = "2bcf71b9c0"
GSW = "_greedy_sample(hidden_states) added to the base proposer and called by propose"
GSI = "import torch\n\nfrom vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
CASES += [
    (
        "#34049 base hook of the subclass's name",
        "a subclass's own method of the hook's name (same arity, other meaning)",
        K(
            "#34049",
            GS,
            GSW,
            "vllm/aeon/gs1.py",
            GSI + "class AeonEagleProposer(EagleProposer):\n"
            "    def _greedy_sample(self, logits: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: argmax over the Spark's pruned draft vocab\n"
            "        return logits[:, : self.aeon_vocab].argmax(dim=-1)\n\n"
            "    def aeon_sample(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        return self._greedy_sample(self.model.compute_logits(hidden_states))\n",
            "def _greedy_sample(self, logits: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#34049 base hook of the subclass's name",
        "a subclass's own method of the hook's name (a required extra parameter)",
        K(
            "#34049",
            GS,
            GSW,
            "vllm/aeon/gs2.py",
            GSI + "class AeonEagleProposer(EagleProposer):\n"
            "    def _greedy_sample(self, logits: torch.Tensor, temperature: float) -> torch.Tensor:\n"
            "        # AEON: the Spark's low-temperature drafting\n"
            "        return (logits / max(temperature, 1e-5)).argmax(dim=-1)\n",
            "def _greedy_sample(self, logits: torch.Tensor, temperature: float) -> torch.Tensor:",
        ),
    ),
    (
        "#34049 base hook of the subclass's name",
        "twin: a subclass method of the fork's own name",
        K(
            "#34049",
            GS,
            GSW,
            "vllm/aeon/gs3.py",
            GSI + "class AeonEagleProposer(EagleProposer):\n"
            "    def _aeon_greedy_sample(self, logits: torch.Tensor) -> torch.Tensor:\n"
            "        return logits.argmax(dim=-1)\n",
            "def _aeon_greedy_sample(self, logits: torch.Tensor) -> torch.Tensor:",
        ),
    ),
]

# --- #36847 (494636b29d): build_model_inputs_first_pass / build_per_layer_attn_metadata added, called by propose
DF = "494636b29d"
DFW = "build_model_inputs_first_pass(num_tokens, num_input_tokens, mm_embed_inputs) and build_per_layer_attn_metadata"
DFI = "import torch\n\nfrom vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
CASES += [
    (
        "#36847 base hook of the subclass's name",
        "a subclass's own method of the hook's name (fewer parameters)",
        K(
            "#36847",
            DF,
            DFW,
            "vllm/aeon/df1.py",
            DFI + "class AeonEagleProposer(EagleProposer):\n"
            "    def build_model_inputs_first_pass(self, num_tokens: int) -> dict[str, torch.Tensor]:\n"
            "        # AEON: the Spark's replay tool rebuilds the first pass's inputs\n"
            '        return {"input_ids": self.input_ids[:num_tokens], "positions": self.positions[:num_tokens]}\n',
            "def build_model_inputs_first_pass(self, num_tokens: int) -> dict[str, torch.Tensor]:",
        ),
    ),
    (
        "#36847 base hook of the subclass's name",
        "a subclass's own method of the hook's name (a required extra parameter)",
        K(
            "#36847",
            DF,
            DFW,
            "vllm/aeon/df2.py",
            DFI + "class AeonEagleProposer(EagleProposer):\n"
            "    def build_per_layer_attn_metadata(self, common_attn_metadata, layer_names: list[str]) -> dict:\n"
            "        # AEON: the Spark builds draft metadata for a chosen layer subset\n"
            "        builder = self.runner.attn_groups[0][0].get_metadata_builder()\n"
            "        md = builder.build_for_drafting(common_attn_metadata=common_attn_metadata, draft_index=0)\n"
            "        return {name: md for name in layer_names}\n",
            "def build_per_layer_attn_metadata(self, common_attn_metadata, layer_names: list[str]) -> dict:",
        ),
    ),
    (
        "#36847 base hook of the subclass's name",
        "twin: a subclass method of the fork's own name",
        K(
            "#36847",
            DF,
            DFW,
            "vllm/aeon/df3.py",
            DFI + "class AeonEagleProposer(EagleProposer):\n"
            "    def aeon_first_pass_inputs(self, num_tokens: int) -> dict[str, torch.Tensor]:\n"
            '        return {"input_ids": self.input_ids[:num_tokens]}\n',
            "def aeon_first_pass_inputs(self, num_tokens: int) -> dict[str, torch.Tensor]:",
        ),
    ),
]

# --- #36036 (57c629e9c1): SpecDecodeBaseProposer.block_size added (-1 in __init__, the KV block size later)
BS = "57c629e9c1"
BSW = "self.block_size added to the base proposer, set in initialize_attn_backend, read when drafting"
CASES += [
    (
        "#36036 base attribute of the subclass's name",
        "a subclass's own attribute the base now sets and reads",
        K(
            "#36036",
            BS,
            BSW,
            "vllm/aeon/bs1.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def __init__(self, vllm_config, device, runner=None):\n"
            "        super().__init__(vllm_config, device, runner)\n"
            "        # AEON: drafts are verified in chunks of 4 tokens on GB10\n"
            "        self.block_size = 4\n\n"
            "    def aeon_chunks(self, n: int) -> int:\n"
            "        return (n + self.block_size - 1) // self.block_size\n",
            "self.block_size = 4",
        ),
    ),
    (
        "#36036 base attribute of the subclass's name",
        "a subclass's class attribute the base's instance attribute now shadows",
        K(
            "#36036",
            BS,
            BSW,
            "vllm/aeon/bs2.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    # AEON: drafts are verified in chunks of 4 tokens on GB10\n"
            "    block_size: int = 4\n\n"
            "    def aeon_chunks(self, n: int) -> int:\n"
            "        return (n + self.block_size - 1) // self.block_size\n",
            "block_size: int = 4",
        ),
    ),
    (
        "#36036 base attribute of the subclass's name",
        "twin: a subclass attribute of the fork's own name",
        K(
            "#36036",
            BS,
            BSW,
            "vllm/aeon/bs3.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def __init__(self, vllm_config, device, runner=None):\n"
            "        super().__init__(vllm_config, device, runner)\n"
            "        self.aeon_chunk = 4\n",
            "self.aeon_chunk = 4",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-eagleprop-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
