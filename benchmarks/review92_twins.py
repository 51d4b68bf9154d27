"""Adversarial twins of killers178's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a fork value of its own under a name upstream's base now assigns too (``drift/shadows.py``, ``namesakes``;
  #26086 gave ``EagleProposer.__init__`` ``self.dp_rank``, read to index the DP counts, #36036 gave the base
  proposer ``self.block_size``, set again in ``initialize_attn_backend``, #34049 gave it
  ``self.use_local_argmax_reduction``, read by ``_greedy_sample``): the upstream value re-read off ``self``
  (a backport), the same value bound to a local first, a store under ``"x" not in self.__dict__`` or
  ``hasattr``, a ``try``/``except AttributeError`` probe, a ``@staticmethod`` of the fork class storing on the
  object it is handed, a wrapper class holding the proposer (no base of the name), a subclass of an unchanged
  proposer, an override of the assigning method re-reading the value upstream's way, a local of the name;
- a list made one of its elements (``drift/result_kinds.py``, ``unlisted_returns``; #26564
  ``_get_attention_metadata_builder() -> list[AttentionMetadataBuilder]`` became ``-> AttentionMetadataBuilder``):
  the first of a comprehension, an unannotated override returning an attribute, a name bound to a list's
  element, a nested helper returning the list, the fork's own class's method of the name; and where the new
  kind is itself a list (#18459's revert made ``get_block_ids() -> list[list[int]]`` ``-> list[int]``): an
  override returning the flat list of ids, as a comprehension or ``list(...)``; #33331 made
  ``MsgpackEncoder._encode_mm_item() -> list[dict[str, Any]]`` ``-> dict[str, Any]``: an override returning the
  dict;
- an override matched by keyword before the merge stays matched when the base grows past its named parameters
  (``drift/symbols.py``, ``_override_drift``; #20788 ``propose(mm_embeds=)``, #26086 ``dummy_run
  (is_graph_capturing=)``): ``**kwargs`` after the leading named parameters.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's three
catches of these widenings (its #26564 killer line moved to the ``return [``), #34049's flag of the fork's own
under the base's name, and #33331's override still returning the list of dicts the encoder now builds as one
dict.

Round 1 (main at 45cf5ab1), 5 cases and 25 twins as first written: 5 caught of 5; 6 false errors of 25: the
backport bound to locals first (2: #26086's ``parallel = vllm_config.parallel_config; rank =
parallel.data_parallel_rank; self.dp_rank = rank`` and #34049's ``spec.use_local_argmax_reduction`` -- the
value's text and its last two steps were compared as written, never through the method's locals), a
``@staticmethod`` storing on the object it is handed (2: ``meta.dp_rank = rank``, ``spec.block_size = size``
-- its first parameter was taken for the instance), and #18459's flat ids (2: the new kind ``list[int]`` is itself
a list, so the comprehension and ``list(...)`` returning it were taken for the old ``list[list[int]]``).  All six
truly fine after the merge: kept as twins.
Round 2 (this branch): a namesake's value is spelled out through the locals its method binds once
(``names_bound_once``) before it is compared with upstream's; a staticmethod's stores are not the instance's
(``is_static``); a list made one whose new kind is itself a list (or ``Any``/``object``) is not flagged for a list
as written.  5 caught of 5; 0 false errors of 25.
Round 3 (written after the mends, to hold their reach): #26086's node-local rank bound to locals first (spelled
out, still not upstream's value: caught) and #18459's override still returning one list per group
(``[[...]]``: missed by round 2's mend, which left every list alone where the new kind is a list; now a list of
lists as written is the old kind there: caught).  All rounds, main (45cf5ab1): 7 caught of 7; 6 false errors of
25 twins.  This branch: 7 caught of 7; 0 false errors of 25 twins.
Regression set on this branch: blind_replay_eagleprop 19 caught, 2 warned, 0 missed of 21 (12 quiet, as on main),
killer_replay 26/26, kind_change_replay 12/12 (5 quiet), review79_twins 11/11 (33 quiet), blind_replay_specdec
23/23 (10 quiet), blind_replay_executor 19/19 (11 quiet), ``carry_class_replay --only shadowed-attr --limit 12``
4 blocked, 1 missed of 5, 0 of 2 unbroken carries with a false error (as on main).

  PYTHONPATH=.. python review92_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

EP = "from vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
INIT = (
    "    def __init__(self, vllm_config, device, runner=None):\n        super().__init__(vllm_config, device, runner)\n"
)

# --- 12c007e288 (#26086): EagleProposer.__init__ sets self.dp_rank, read to index the DP token counts
DP = ("#26086", "12c007e288", "EagleProposer.dp_rank added, read by dummy_run/propose")
CASES += [
    (
        "#26086 namesake",
        "a subclass's own node-local rank under the base's name",
        K(
            *DP,
            "vllm/aeon/r92dp0.py",
            EP + "class AeonEagleProposer(EagleProposer):\n" + INIT + "        # AEON: the node-local DP rank\n"
            "        self.dp_rank = vllm_config.parallel_config.data_parallel_rank_local or 0\n",
            "        self.dp_rank = vllm_config.parallel_config.data_parallel_rank_local or 0",
        ),
    ),
]
CASES += [
    (
        "#26086 namesake",
        "the node-local rank bound to a local first (spelled out, still not upstream's)",
        K(
            *DP,
            "vllm/aeon/r92dp9.py",
            EP + "class AeonEagleProposer(EagleProposer):\n" + INIT + "        parallel = vllm_config.parallel_config\n"
            "        local = parallel.data_parallel_rank_local\n"
            "        self.dp_rank = local  # AEON: the node-local DP rank\n",
            "        self.dp_rank = local  # AEON: the node-local DP rank",
        ),
    ),
]
TWINS += [
    (
        "#26086 namesake",
        "twin: upstream's value re-read off self (a backport)",
        K(
            *DP,
            "vllm/aeon/r92dp1.py",
            EP + "class AeonEagleProposer(EagleProposer):\n" + INIT + "        # AEON: backport of #26086\n"
            "        self.dp_rank = self.vllm_config.parallel_config.data_parallel_rank\n",
            "        self.dp_rank = self.vllm_config.parallel_config.data_parallel_rank",
        ),
    ),
    (
        "#26086 namesake",
        "twin: upstream's value bound to a local first",
        K(
            *DP,
            "vllm/aeon/r92dp2.py",
            EP + "class AeonEagleProposer(EagleProposer):\n" + INIT + "        parallel = vllm_config.parallel_config\n"
            "        rank = parallel.data_parallel_rank\n"
            "        self.dp_rank = rank  # AEON: backport of #26086\n",
            "        self.dp_rank = rank  # AEON: backport of #26086",
        ),
    ),
    (
        "#26086 namesake",
        "twin: set only when the instance's dict lacks it",
        K(
            *DP,
            "vllm/aeon/r92dp3.py",
            EP
            + "class AeonEagleProposer(EagleProposer):\n"
            + INIT
            + "        if 'dp_rank' not in self.__dict__:  # AEON: until #26086 lands\n"
            "            self.dp_rank = vllm_config.parallel_config.data_parallel_rank\n",
            "            self.dp_rank = vllm_config.parallel_config.data_parallel_rank",
        ),
    ),
    (
        "#26086 namesake",
        "twin: set only when hasattr says the base lacks it (a node-local fallback)",
        K(
            *DP,
            "vllm/aeon/r92dp4.py",
            EP + "class AeonEagleProposer(EagleProposer):\n" + INIT + "        if not hasattr(self, 'dp_rank'):\n"
            "            self.dp_rank = vllm_config.parallel_config.data_parallel_rank_local or 0\n",
            "            self.dp_rank = vllm_config.parallel_config.data_parallel_rank_local or 0",
        ),
    ),
    (
        "#26086 namesake",
        "twin: a staticmethod storing dp_rank on the metadata it is handed",
        K(
            *DP,
            "vllm/aeon/r92dp5.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    @staticmethod\n"
            "    def aeon_tag(meta, rank: int) -> None:\n"
            "        meta.dp_rank = rank  # AEON: the connector's metadata carries the rank\n",
            "        meta.dp_rank = rank  # AEON: the connector's metadata carries the rank",
        ),
    ),
    (
        "#26086 namesake",
        "twin: a wrapper holding the proposer keeps its own dp_rank",
        K(
            *DP,
            "vllm/aeon/r92dp6.py",
            EP + "class AeonDrafter:\n"
            "    def __init__(self, vllm_config, device) -> None:\n"
            "        self.proposer = EagleProposer(vllm_config, device)\n"
            "        self.dp_rank = vllm_config.parallel_config.data_parallel_rank_local or 0\n",
            "        self.dp_rank = vllm_config.parallel_config.data_parallel_rank_local or 0",
        ),
    ),
    (
        "#26086 namesake",
        "twin: a local of the name in a method of the subclass",
        K(
            *DP,
            "vllm/aeon/r92dp7.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def aeon_local_rank(self) -> int:\n"
            "        dp_rank = self.vllm_config.parallel_config.data_parallel_rank_local or 0\n"
            "        return dp_rank\n",
            "        dp_rank = self.vllm_config.parallel_config.data_parallel_rank_local or 0",
        ),
    ),
    (
        "#26086 keyword-matched override",
        "twin: dummy_run naming num_tokens only, the rest in **kwargs",
        K(
            *DP,
            "vllm/aeon/r92dp8.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def dummy_run(self, num_tokens: int, **kwargs) -> None:\n"
            "        super().dummy_run(min(num_tokens, 8192), **kwargs)\n",
            "    def dummy_run(self, num_tokens: int, **kwargs) -> None:",
        ),
    ),
]

# --- 57c629e9c1 (#36036): the base proposer's self.block_size (-1 in __init__, the KV block size later)
BS = ("#36036", "57c629e9c1", "self.block_size added to the base proposer, set in initialize_attn_backend")
CASES += [
    (
        "#36036 namesake",
        "a subclass's own draft chunk under the base's name",
        K(
            *BS,
            "vllm/aeon/r92bs0.py",
            EP
            + "class AeonEagleProposer(EagleProposer):\n"
            + INIT
            + "        self.block_size = 4  # AEON: draft chunks of 4\n\n"
            "    def aeon_chunks(self, n: int) -> int:\n"
            "        return (n + self.block_size - 1) // self.block_size\n",
            "        self.block_size = 4  # AEON: draft chunks of 4",
        ),
    ),
]
TWINS += [
    (
        "#36036 namesake",
        "twin: an override of initialize_attn_backend re-reading the KV spec's block size",
        K(
            *BS,
            "vllm/aeon/r92bs1.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def initialize_attn_backend(self, *args, **kwargs) -> None:\n"
            "        super().initialize_attn_backend(*args, **kwargs)\n"
            "        # AEON: the first draft group's spec, as the base reads it\n"
            "        self.block_size = self.draft_attn_groups[0].kv_cache_spec.block_size\n",
            "        self.block_size = self.draft_attn_groups[0].kv_cache_spec.block_size",
        ),
    ),
    (
        "#36036 namesake",
        "twin: a try/except AttributeError probe before the store",
        K(
            *BS,
            "vllm/aeon/r92bs2.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def aeon_block_size(self) -> int:\n"
            "        try:\n"
            "            return self.block_size\n"
            "        except AttributeError:  # AEON: before #36036 the base kept none\n"
            "            self.block_size = self.draft_attn_groups[0].kv_cache_spec.block_size\n"
            "            return self.block_size\n",
            "            self.block_size = self.draft_attn_groups[0].kv_cache_spec.block_size",
        ),
    ),
    (
        "#36036 namesake",
        "twin: a staticmethod setting block_size on the spec it is handed",
        K(
            *BS,
            "vllm/aeon/r92bs3.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    @staticmethod\n"
            "    def aeon_pin(spec, size: int) -> None:\n"
            "        spec.block_size = size  # AEON: the Spark pins the draft spec's size\n",
            "        spec.block_size = size  # AEON: the Spark pins the draft spec's size",
        ),
    ),
    (
        "#36036 namesake",
        "twin: a subclass of the unchanged n-gram proposer keeps its own block_size",
        K(
            *BS,
            "vllm/aeon/r92bs4.py",
            "from vllm.v1.spec_decode.ngram_proposer import NgramProposer\n\n\n"
            "class AeonNgram(NgramProposer):\n"
            "    def __init__(self, vllm_config) -> None:\n"
            "        super().__init__(vllm_config)\n"
            "        self.block_size = 4  # AEON: n-gram drafts in chunks of 4\n",
            "        self.block_size = 4  # AEON: n-gram drafts in chunks of 4",
        ),
    ),
    (
        "#36036 namesake",
        "twin: upstream's value bound to a local first, in an override after super()",
        K(
            *BS,
            "vllm/aeon/r92bs5.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def initialize_attn_backend(self, *args, **kwargs) -> None:\n"
            "        super().initialize_attn_backend(*args, **kwargs)\n"
            "        builder = self.draft_attn_groups[0].get_metadata_builder()\n"
            "        self.block_size = builder.kv_cache_spec.block_size  # AEON: as #36036 reads it\n",
            "        self.block_size = builder.kv_cache_spec.block_size  # AEON: as #36036 reads it",
        ),
    ),
]

# --- 2bcf71b9c0 (#34049): the base proposer's self.use_local_argmax_reduction, read by _greedy_sample
LA = ("#34049", "2bcf71b9c0", "self.use_local_argmax_reduction added to the base proposer, read when sampling")
CASES += [
    (
        "#34049 namesake",
        "a subclass's own flag under the base's name",
        K(
            *LA,
            "vllm/aeon/r92la0.py",
            EP
            + "class AeonEagleProposer(EagleProposer):\n"
            + INIT
            + "        # AEON: the Spark's own TP argmax trick, on by default\n"
            "        self.use_local_argmax_reduction = True\n",
            "        self.use_local_argmax_reduction = True",
        ),
    ),
]
TWINS += [
    (
        "#34049 namesake",
        "twin: upstream's value re-read off self (a backport)",
        K(
            *LA,
            "vllm/aeon/r92la1.py",
            EP + "class AeonEagleProposer(EagleProposer):\n" + INIT + "        # AEON: backport of #34049\n"
            "        self.use_local_argmax_reduction = self.speculative_config.use_local_argmax_reduction\n",
            "        self.use_local_argmax_reduction = self.speculative_config.use_local_argmax_reduction",
        ),
    ),
    (
        "#34049 namesake",
        "twin: upstream's value off a local spelling of the config",
        K(
            *LA,
            "vllm/aeon/r92la2.py",
            EP + "class AeonEagleProposer(EagleProposer):\n" + INIT + "        spec = vllm_config.speculative_config\n"
            "        self.use_local_argmax_reduction = spec.use_local_argmax_reduction  # AEON: backport\n",
            "        self.use_local_argmax_reduction = spec.use_local_argmax_reduction  # AEON: backport",
        ),
    ),
    (
        "#34049 namesake",
        "twin: the flag kept as the base keeps it, or-ed with the fork's",
        K(
            *LA,
            "vllm/aeon/r92la3.py",
            EP
            + "class AeonEagleProposer(EagleProposer):\n"
            + INIT
            + "        self.use_local_argmax_reduction = self.use_local_argmax_reduction or False\n",
            "        self.use_local_argmax_reduction = self.use_local_argmax_reduction or False",
        ),
    ),
]

# --- e94cfd51da (#26564): _get_attention_metadata_builder -> list[...] became -> one builder, called by propose
MB = ("#26564", "e94cfd51da", "_get_attention_metadata_builder returns one builder, now called by propose")
MBI = (
    "from vllm.v1.attention.backends.utils import AttentionMetadataBuilder\n"
    "from vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
)
CASES += [
    (
        "#26564 list made one",
        "an override returning the annotated list",
        K(
            *MB,
            "vllm/aeon/r92mb0.py",
            MBI + "class AeonEagleProposer(EagleProposer):\n"
            "    def _get_attention_metadata_builder(self) -> list[AttentionMetadataBuilder]:\n"
            "        return [\n"
            "            group.get_metadata_builder()\n"
            "            for groups in self.runner.attn_groups\n"
            "            for group in groups\n"
            "            if set(self.attn_layer_names) & set(group.layer_names)\n"
            "        ]\n",
            "        return [",
        ),
    ),
]
TWINS += [
    (
        "#26564 list made one",
        "twin: the first of a comprehension",
        K(
            *MB,
            "vllm/aeon/r92mb1.py",
            MBI + "class AeonEagleProposer(EagleProposer):\n"
            "    def _get_attention_metadata_builder(self) -> AttentionMetadataBuilder:\n"
            "        return [\n"
            "            group.get_metadata_builder()\n"
            "            for groups in self.runner.attn_groups\n"
            "            for group in groups\n"
            "            if set(self.attn_layer_names) & set(group.layer_names)\n"
            "        ][0]\n",
            "        return [",
        ),
    ),
    (
        "#26564 list made one",
        "twin: an unannotated override returning a kept builder",
        K(
            *MB,
            "vllm/aeon/r92mb2.py",
            MBI + "class AeonEagleProposer(EagleProposer):\n"
            "    def _get_attention_metadata_builder(self):\n"
            "        return self.aeon_builder\n",
            "        return self.aeon_builder",
        ),
    ),
    (
        "#26564 list made one",
        "twin: a name bound to the list's first element",
        K(
            *MB,
            "vllm/aeon/r92mb3.py",
            MBI + "class AeonEagleProposer(EagleProposer):\n"
            "    def _get_attention_metadata_builder(self) -> AttentionMetadataBuilder:\n"
            "        builders = [g.get_metadata_builder() for gs in self.runner.attn_groups for g in gs]\n"
            "        builder = builders[0]\n"
            "        return builder\n",
            "        return builder",
        ),
    ),
    (
        "#26564 list made one",
        "twin: a nested helper returns the list, the override one builder",
        K(
            *MB,
            "vllm/aeon/r92mb4.py",
            MBI + "class AeonEagleProposer(EagleProposer):\n"
            "    def _get_attention_metadata_builder(self) -> AttentionMetadataBuilder:\n"
            "        def mine() -> list[AttentionMetadataBuilder]:\n"
            "            return [g.get_metadata_builder() for gs in self.runner.attn_groups for g in gs]\n\n"
            "        return mine()[-1]\n",
            "            return [g.get_metadata_builder() for gs in self.runner.attn_groups for g in gs]",
        ),
    ),
    (
        "#26564 list made one",
        "twin: the fork's own class's method of the name (no base)",
        K(
            *MB,
            "vllm/aeon/r92mb5.py",
            MBI + "class AeonBuilders:\n"
            "    def _get_attention_metadata_builder(self) -> list[AttentionMetadataBuilder]:\n"
            "        return [g.get_metadata_builder() for gs in self.groups for g in gs]\n",
            "        return [g.get_metadata_builder() for gs in self.groups for g in gs]",
        ),
    ),
]

# --- bb0a311213 (revert of #17945, #18459): get_block_ids() -> list[list[int]] became -> list[int]
BI = ("#18459", "bb0a311213", "get_block_ids returns one flat list of ids, not one per KV cache group")
KM = "from vllm.v1.core.kv_cache_manager import KVCacheBlocks, KVCacheManager\n\n\n"
CASES += [
    (
        "#18459 list made one (itself a list)",
        "a blocks override still returning one list of ids per group",
        K(
            *BI,
            "vllm/aeon/r92bi0.py",
            KM + "class AeonBlocks(KVCacheBlocks):\n"
            "    def get_block_ids(self):\n"
            "        return [[b.block_id for b in self.blocks]]  # AEON: one KV cache group on the Spark\n",
            "        return [[b.block_id for b in self.blocks]]  # AEON: one KV cache group on the Spark",
        ),
    ),
]
TWINS += [
    (
        "#18459 list made one (itself a list)",
        "twin: a manager override returning the flat ids (a comprehension)",
        K(
            *BI,
            "vllm/aeon/r92bi1.py",
            KM + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def get_block_ids(self, request_id: str) -> list[int]:\n"
            "        # AEON: the Spark skips null blocks of its sliding window\n"
            "        return [b.block_id for b in self.single_type_manager.req_to_blocks[request_id] if b.block_id]\n",
            "        return [b.block_id for b in self.single_type_manager.req_to_blocks[request_id] if b.block_id]",
        ),
    ),
    (
        "#18459 list made one (itself a list)",
        "twin: a blocks override returning list(...) of the ids",
        K(
            *BI,
            "vllm/aeon/r92bi2.py",
            KM + "class AeonBlocks(KVCacheBlocks):\n"
            "    def get_block_ids(self) -> list[int]:\n"
            "        return list(b.block_id for b in self.blocks)  # AEON: a copy the connector may keep\n",
            "        return list(b.block_id for b in self.blocks)  # AEON: a copy the connector may keep",
        ),
    ),
]

# --- c6e7404cc5 (#33331): MsgpackEncoder._encode_mm_item -> list[dict[str, Any]] became -> dict[str, Any]
MI = ("#33331", "c6e7404cc5", "_encode_mm_item returns one dict keyed by field, not a list of dicts")
SU = "from typing import Any\n\nfrom vllm.v1.serial_utils import MsgpackEncoder\n\n\n"
CASES += [
    (
        "#33331 list made one",
        "an override still returning the list of field dicts",
        K(
            *MI,
            "vllm/aeon/r92mi0.py",
            SU + "class AeonEncoder(MsgpackEncoder):\n"
            "    def _encode_mm_item(self, item) -> list[dict[str, Any]]:\n"
            "        # AEON: the Spark drops empty fields before the IPC hop\n"
            "        return [self._encode_mm_field_elem(e) for e in item.values() if e.data is not None]\n",
            "        return [self._encode_mm_field_elem(e) for e in item.values() if e.data is not None]",
        ),
    ),
]
TWINS += [
    (
        "#33331 list made one",
        "twin: an override returning the keyed dict",
        K(
            *MI,
            "vllm/aeon/r92mi1.py",
            SU + "class AeonEncoder(MsgpackEncoder):\n"
            "    def _encode_mm_item(self, item) -> dict[str, Any]:\n"
            "        return {k: self._encode_mm_field_elem(e) for k, e in item.items() if e.data is not None}\n",
            "        return {k: self._encode_mm_field_elem(e) for k, e in item.items() if e.data is not None}",
        ),
    ),
]

# --- 9e0726e5bf (#20788): propose(mm_embeds=None) added, and the runner now passes mm_embeds=
MM = ("#20788", "9e0726e5bf", "EagleProposer.propose given mm_embeds, passed by the runner")
TWINS += [
    (
        "#20788 keyword-matched override",
        "twin: propose naming the leading three, the rest in **kwargs",
        K(
            *MM,
            "vllm/aeon/r92mm1.py",
            EP + "class AeonEagleProposer(EagleProposer):\n"
            "    def propose(self, target_token_ids, target_positions, target_hidden_states, **kwargs):\n"
            "        return super().propose(target_token_ids, target_positions, target_hidden_states, **kwargs)\n",
            "    def propose(self, target_token_ids, target_positions, target_hidden_states, **kwargs):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review92-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
