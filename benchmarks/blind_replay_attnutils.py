"""A blind replay of the v1 attention backends' shared utilities a Spark fork builds its metadata with.

9 first-parent commits on ``vllm/v1/attention/backends/utils.py`` -- the module a fork's speculative-decoding and
NVFP4 attention paths write code against: ``CommonAttentionMetadata`` (subclassed to carry the fork's own
per-batch tensors), ``AttentionMetadataBuilder`` (subclassed, its hooks overridden and called through
``super()``), ``PerLayerParameters`` and the helpers it exports -- picked by scanning the path's diff (``git log
--first-parent -p``), avoiding the commits every other replay uses (``blind_replay_attnbackends`` and
``blind_replay_attnmeta`` cover other parts of this surface).  The commits: #21270 (``CommonAttentionMetadata``
given its first defaulted field, ``causal: bool = True``), #19351 (``use_cascade_attention`` given
``use_local_attention`` before ``num_sms``, the runner passing it by keyword), #24864 (``use_cascade_attention``
given a required ``dcp_world_size``), #21196 (``CommonAttentionMetadata.__post_init__`` removed), #24463
(``AttentionMetadataBuilder.reorder_batch`` and the tree, flex and xFormers builders' overrides removed), #20034
(``validate_kv_sharing_target`` moved to ``vllm.attention.utils.kv_sharing_utils``), #32815
(``compute_causal_conv1d_metadata``'s ``query_start_loc_p`` renamed ``query_start_loc_p_cpu`` and a required
keyword-only ``device`` added), #22678 (``PerLayerParameters`` given ``has_sinks: bool = False``) and #31773
(``CommonAttentionMetadata.compute_num_computed_tokens()`` added, the FlashInfer and MLA builders calling it).
Each is replayed under 1-2 fork spellings (a dataclass subclass adding a field without a default, a
``make_dataclass`` subclass, an override of a builder hook under the old parameters, a positional call of the
old arity, a keyword call missing the new parameter, a ``super()`` call of a removed method, an import and a
module attribute of a moved function, a keyword call of a renamed parameter, ``astuple`` unpacked into the old
field count, a subclass method of the name upstream now calls), with twins (a field with a default, an override
taking ``**kwargs``, the new keyword passed, a ``__post_init__`` that does not chain, the helper that stayed, the
new home, the new call, reads by attribute, the fork's own method name).  The merge base is the commit's first
parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 38ff2e7e): 17 caught, 0 warned, 2 missed of 19 (twins: 10
quiet, 0 false errors).  Symbol drift caught the dataclass subclass's field without a default after #21270's and
#22678's defaulted base fields, both ``use_cascade_attention`` overrides and both calls under the old
parameters (#19351, #24864), the ``super().__post_init__()`` of #21196, #24463's four (a ``super()`` call, a
call off a typed builder, a table of the unbound method -- its message calls the removal a rename to
``reorder_batch_threshold``), #20034's import, module attribute and ``getattr`` literal, #32815's two calls
and #31773's subclass method under the name upstream now calls; layout drift caught #22678's ``astuple``
unpacked into three names.  The misses: #21270's ``dataclasses.make_dataclass(..., [("draft_token_ids",
torch.Tensor)], bases=(CommonAttentionMetadata,))`` (a field without a default after the base's defaulted
``causal``: ``TypeError`` when the module loads) and #22678's ``window_left, soft_cap, sm_scale =
vars(params).values()`` (four values now: ``ValueError``).
After the killers227 widenings: 19 caught, 0 warned, 0 missed of 19 (twins: 10 quiet, 0 false errors).  Caught
now: #21270's ``make_dataclass`` subclass (``drift/made_dataclasses.py``, new: a fork-owned ``make_dataclass``
whose ``bases`` name a ``@dataclass`` declared once in the files upstream changed, that had no positional
defaulted field of its own at the base and has one at upstream, and whose first positional entry without a
default -- ``"y"``, ``("y", T)``, ``("y", T, field())``, in a literal or a module table -- is a fork line: an
error there, quiet under ``kw_only=True``, ``init=False``, a defaulted or keyword-only entry, a base already
defaulted) and #22678's ``vars(params).values()`` (``drift/struct_tuples.py``, widened: ``asdict(x).values()``,
and ``vars(x).values()`` / ``x.__dict__.values()`` of a ``@dataclass``, bare or in ``tuple``/``list``, read the
fields by position as ``astuple`` does).  Left: nothing missed.  Regression set at the widenings' head:
killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), blind_replay_attnmeta 29 caught, 1 warned of
30 (14 quiet), review19_twins 4 caught of 4, 0 false errors of 53 (3 warned), blind_replay_attnbackends 22
caught, 1 warned of 23 (10 quiet): each as before.  Unit tests: test_made_dataclasses 15 (new),
test_struct_tuples 18 (10 new), test_field_order + test_lazy_patterns + test_fleet_profile passed.
Speed (drift_speed's windows with CHECKS set to the two, this machine shared): struct_tuple_drift and
made_dataclass_drift under 0.5 ms each at 150 and 500 commits (0.000 s printed: the window's carry reads no
dataclass's fields by position and makes no dataclass; audits 16.8 s and 27.7 s).

  python benchmarks/blind_replay_attnutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

BU = "vllm.v1.attention.backends.utils"
CAM = f"import torch\n\nfrom {BU} import CommonAttentionMetadata\n\n\n"

# --- #21270 (1cd6eaba54): CommonAttentionMetadata's first defaulted field, causal: bool = True
CA = "1cd6eaba54"
CAW = "CommonAttentionMetadata gained causal: bool = True (its first field with a default)"
CASES += [
    (
        "#21270 base dataclass gained a defaulted field",
        "a dataclass subclass adding a field without a default",
        K(
            "#21270",
            CA,
            CAW,
            "vllm/aeon/ca1.py",
            "from dataclasses import dataclass\n\n" + CAM + "@dataclass\n"
            "class AeonCommonAttentionMetadata(CommonAttentionMetadata):\n"
            "    # AEON: the Spark's NVFP4 path carries per-request scale tensors\n"
            "    nvfp4_scales: torch.Tensor\n",
            "nvfp4_scales: torch.Tensor",
        ),
    ),
    (
        "#21270 base dataclass gained a defaulted field",
        "a make_dataclass subclass with a field without a default",
        K(
            "#21270",
            CA,
            CAW,
            "vllm/aeon/ca2.py",
            "import dataclasses\n\n" + CAM + "AeonSpecMetadata = dataclasses.make_dataclass(\n"
            '    "AeonSpecMetadata",\n'
            '    [("draft_token_ids", torch.Tensor)],\n'
            "    bases=(CommonAttentionMetadata,),\n"
            ")\n",
            '[("draft_token_ids", torch.Tensor)],',
        ),
    ),
    (
        "#21270 base dataclass gained a defaulted field",
        "twin: a subclass field with a default",
        K(
            "#21270",
            CA,
            CAW,
            "vllm/aeon/ca3.py",
            "from dataclasses import dataclass\n\n" + CAM + "@dataclass\n"
            "class AeonCommonAttentionMetadata3(CommonAttentionMetadata):\n"
            "    nvfp4_scales: torch.Tensor | None = None\n",
            "nvfp4_scales: torch.Tensor | None = None",
        ),
    ),
    (
        "#21270 base dataclass gained a defaulted field",
        "twin: a kw_only subclass field without a default",
        K(
            "#21270",
            CA,
            CAW,
            "vllm/aeon/ca4.py",
            "from dataclasses import dataclass\n\n" + CAM + "@dataclass(kw_only=True)\n"
            "class AeonCommonAttentionMetadata6(CommonAttentionMetadata):\n"
            "    nvfp4_scales: torch.Tensor\n",
            "nvfp4_scales: torch.Tensor",
        ),
    ),
]

# --- #19351 (9a9fda1423): use_cascade_attention gained use_local_attention before num_sms
LA = "9a9fda1423"
LAW = "use_cascade_attention gained use_local_attention (the runner passes it by keyword)"
AMB = f"from {BU} import AttentionMetadataBuilder, CommonAttentionMetadata\n\n\n"
CASES += [
    (
        "#19351 parameter inserted in an overridden hook",
        "a builder subclass overriding the hook under the old parameters",
        K(
            "#19351",
            LA,
            LAW,
            "vllm/aeon/la1.py",
            AMB + "class AeonNvfp4MetadataBuilder(AttentionMetadataBuilder):\n"
            "    def build(self, common_prefix_len, common_attn_metadata: CommonAttentionMetadata):\n"
            "        raise NotImplementedError\n\n"
            "    def use_cascade_attention(\n"
            "        self,\n"
            "        common_prefix_len,\n"
            "        query_lens,\n"
            "        num_query_heads,\n"
            "        num_kv_heads,\n"
            "        use_alibi,\n"
            "        use_sliding_window,\n"
            "        num_sms,\n"
            "    ) -> bool:\n"
            "        # AEON: no cascade over NVFP4 KV blocks\n"
            "        return False\n",
            "def use_cascade_attention(",
        ),
    ),
    (
        "#19351 parameter inserted in an overridden hook",
        "a positional call of the module function under the old arity",
        K(
            "#19351",
            LA,
            LAW,
            "vllm/aeon/la2.py",
            "from vllm.v1.attention.backends.flash_attn import use_cascade_attention\n\n\n"
            "def aeon_wants_cascade(prefix_len, query_lens, heads, kv_heads, num_sms):\n"
            "    return use_cascade_attention(prefix_len, query_lens, heads, kv_heads, False, False, num_sms)\n",
            "return use_cascade_attention(prefix_len, query_lens, heads, kv_heads, False, False, num_sms)",
        ),
    ),
    (
        "#19351 parameter inserted in an overridden hook",
        "twin: an override taking **kwargs",
        K(
            "#19351",
            LA,
            LAW,
            "vllm/aeon/la3.py",
            AMB + "class AeonNvfp4MetadataBuilder3(AttentionMetadataBuilder):\n"
            "    def build(self, common_prefix_len, common_attn_metadata: CommonAttentionMetadata):\n"
            "        raise NotImplementedError\n\n"
            "    def use_cascade_attention(self, *args, **kwargs) -> bool:\n"
            "        return False\n",
            "def use_cascade_attention(self, *args, **kwargs) -> bool:",
        ),
    ),
]

# --- #24864 (ea97940d6c): use_cascade_attention gained a required dcp_world_size
DW = "ea97940d6c"
DWW = "AttentionMetadataBuilder.use_cascade_attention gained a required dcp_world_size"
CASES += [
    (
        "#24864 required parameter appended to a hook",
        "a keyword call of the hook missing the new parameter",
        K(
            "#24864",
            DW,
            DWW,
            "vllm/aeon/dw1.py",
            AMB + "def aeon_cascade_prefix(builder: AttentionMetadataBuilder, prefix_len, query_lens, spec, num_sms):\n"
            "    # AEON: the Spark's draft runner asks the builder itself\n"
            "    use_cascade = builder.use_cascade_attention(\n"
            "        common_prefix_len=prefix_len,\n"
            "        query_lens=query_lens,\n"
            "        num_query_heads=spec.num_heads,\n"
            "        num_kv_heads=spec.num_kv_heads,\n"
            "        use_alibi=False,\n"
            "        use_sliding_window=False,\n"
            "        use_local_attention=False,\n"
            "        num_sms=num_sms,\n"
            "    )\n"
            "    return prefix_len if use_cascade else 0\n",
            "use_cascade = builder.use_cascade_attention(",
        ),
    ),
    (
        "#24864 required parameter appended to a hook",
        "a builder subclass overriding the hook under the old parameters",
        K(
            "#24864",
            DW,
            DWW,
            "vllm/aeon/dw2.py",
            AMB + "class AeonDraftMetadataBuilder(AttentionMetadataBuilder):\n"
            "    def build(self, common_prefix_len, common_attn_metadata: CommonAttentionMetadata):\n"
            "        raise NotImplementedError\n\n"
            "    def use_cascade_attention(\n"
            "        self,\n"
            "        common_prefix_len: int,\n"
            "        query_lens,\n"
            "        num_query_heads: int,\n"
            "        num_kv_heads: int,\n"
            "        use_alibi: bool,\n"
            "        use_sliding_window: bool,\n"
            "        use_local_attention: bool,\n"
            "        num_sms: int,\n"
            "    ) -> bool:\n"
            "        return False\n",
            "def use_cascade_attention(",
        ),
    ),
    (
        "#24864 required parameter appended to a hook",
        "twin: the new keyword passed",
        K(
            "#24864",
            DW,
            DWW,
            "vllm/aeon/dw3.py",
            AMB + "def aeon_cascade_prefix3(builder: AttentionMetadataBuilder, prefix_len, query_lens, spec, n):\n"
            "    use_cascade = builder.use_cascade_attention(\n"
            "        common_prefix_len=prefix_len,\n"
            "        query_lens=query_lens,\n"
            "        num_query_heads=spec.num_heads,\n"
            "        num_kv_heads=spec.num_kv_heads,\n"
            "        use_alibi=False,\n"
            "        use_sliding_window=False,\n"
            "        use_local_attention=False,\n"
            "        num_sms=n,\n"
            "        dcp_world_size=1,\n"
            "    )\n"
            "    return prefix_len if use_cascade else 0\n",
            "use_cascade = builder.use_cascade_attention(",
        ),
    ),
]

# --- #21196 (59f935300c): CommonAttentionMetadata.__post_init__ removed
PI = "59f935300c"
PIW = "CommonAttentionMetadata.__post_init__ removed"
CASES += [
    (
        "#21196 base dataclass's __post_init__ removed",
        "a subclass __post_init__ chaining to super()",
        K(
            "#21196",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            "from dataclasses import dataclass\n\n" + CAM + "@dataclass\n"
            "class AeonSpecCommonMetadata(CommonAttentionMetadata):\n"
            "    def __post_init__(self):\n"
            "        super().__post_init__()\n"
            "        # AEON: draft slots past the accepted tokens stay padded too\n"
            "        self.slot_mapping[self.num_actual_tokens :].fill_(-1)\n",
            "super().__post_init__()",
        ),
    ),
    (
        "#21196 base dataclass's __post_init__ removed",
        "twin: a subclass __post_init__ that does not chain",
        K(
            "#21196",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            "from dataclasses import dataclass\n\n" + CAM + "@dataclass\n"
            "class AeonSpecCommonMetadata2(CommonAttentionMetadata):\n"
            "    def __post_init__(self):\n"
            "        self.slot_mapping[self.num_actual_tokens :].fill_(-1)\n",
            "self.slot_mapping[self.num_actual_tokens :].fill_(-1)",
        ),
    ),
]

# --- #24463 (4727a8afa7): reorder_batch removed from AttentionMetadataBuilder and the tree/flex/xFormers builders
RB = "4727a8afa7"
RBW = "AttentionMetadataBuilder.reorder_batch and TreeAttentionMetadataBuilder.reorder_batch removed"
TAB = "from vllm.v1.attention.backends.tree_attn import TreeAttentionMetadataBuilder\n\n\n"
CASES += [
    (
        "#24463 builder method removed",
        "a tree-attention builder subclass calling super().reorder_batch",
        K(
            "#24463",
            RB,
            RBW,
            "vllm/aeon/rb1.py",
            TAB + "class AeonTreeMetadataBuilder(TreeAttentionMetadataBuilder):\n"
            "    def reorder_batch(self, input_batch, scheduler_output) -> bool:\n"
            "        # AEON: the Spark's EAGLE tree keeps drafts at the front\n"
            "        return super().reorder_batch(input_batch, scheduler_output)\n",
            "return super().reorder_batch(input_batch, scheduler_output)",
        ),
    ),
    (
        "#24463 builder method removed",
        "a call of the method off a typed builder",
        K(
            "#24463",
            RB,
            RBW,
            "vllm/aeon/rb2.py",
            TAB + "def aeon_reorder(builder: TreeAttentionMetadataBuilder, input_batch, scheduler_output) -> bool:\n"
            "    return builder.reorder_batch(input_batch, scheduler_output)\n",
            "return builder.reorder_batch(input_batch, scheduler_output)",
        ),
    ),
    (
        "#24463 builder method removed",
        "twin: the module helper that stayed",
        K(
            "#24463",
            RB,
            RBW,
            "vllm/aeon/rb3.py",
            f"from {BU} import reorder_batch_to_split_decodes_and_prefills\n\n\n"
            "def aeon_reorder3(input_batch, scheduler_output) -> bool:\n"
            "    return reorder_batch_to_split_decodes_and_prefills(input_batch, scheduler_output, decode_threshold=1)\n",
            "return reorder_batch_to_split_decodes_and_prefills(input_batch, scheduler_output, decode_threshold=1)",
        ),
    ),
    (
        "#24463 builder method removed",
        "a table of the unbound method",
        K(
            "#24463",
            RB,
            RBW,
            "vllm/aeon/rb4.py",
            TAB + 'AEON_REORDERERS = {\n    "tree": TreeAttentionMetadataBuilder.reorder_batch,\n}\n',
            '"tree": TreeAttentionMetadataBuilder.reorder_batch,',
        ),
    ),
]

# --- #20034 (5b032352cc): validate_kv_sharing_target moved to vllm.attention.utils.kv_sharing_utils
KS = "5b032352cc"
KSW = "validate_kv_sharing_target moved from backends/utils.py to vllm/attention/utils/kv_sharing_utils.py"
CASES += [
    (
        "#20034 function moved to another module",
        "an import from the old home",
        K(
            "#20034",
            KS,
            KSW,
            "vllm/aeon/ks1.py",
            f"from {BU} import validate_kv_sharing_target\n\n\n"
            "def aeon_check_shared_kv(layer, target, ctx):\n"
            "    # AEON: the Spark's MTP head shares the last layer's KV\n"
            "    validate_kv_sharing_target(layer, target, ctx)\n",
            f"from {BU} import validate_kv_sharing_target",
        ),
    ),
    (
        "#20034 function moved to another module",
        "a module attribute off the old home",
        K(
            "#20034",
            KS,
            KSW,
            "vllm/aeon/ks2.py",
            "from vllm.v1.attention.backends import utils as attn_utils\n\n\n"
            "def aeon_check_shared_kv2(layer, target, ctx):\n"
            "    attn_utils.validate_kv_sharing_target(layer, target, ctx)\n",
            "attn_utils.validate_kv_sharing_target(layer, target, ctx)",
        ),
    ),
    (
        "#20034 function moved to another module",
        "twin: an import from the new home",
        K(
            "#20034",
            KS,
            KSW,
            "vllm/aeon/ks3.py",
            "from vllm.attention.utils.kv_sharing_utils import validate_kv_sharing_target\n\n\n"
            "def aeon_check_shared_kv3(layer, target, ctx):\n"
            "    validate_kv_sharing_target(layer, target, ctx)\n",
            "validate_kv_sharing_target(layer, target, ctx)",
        ),
    ),
    (
        "#20034 function moved to another module",
        "getattr of the old home with a literal",
        K(
            "#20034",
            KS,
            KSW,
            "vllm/aeon/ks4.py",
            "import importlib\n\n\n"
            "def aeon_check_shared_kv4(layer, target, ctx):\n"
            '    utils = importlib.import_module("vllm.v1.attention.backends.utils")\n'
            '    getattr(utils, "validate_kv_sharing_target")(layer, target, ctx)\n',
            'getattr(utils, "validate_kv_sharing_target")(layer, target, ctx)',
        ),
    ),
]

# --- #32815 (13d8746c54): compute_causal_conv1d_metadata(query_start_loc_p_cpu, *, device)
CC = "13d8746c54"
CCW = "compute_causal_conv1d_metadata: query_start_loc_p renamed query_start_loc_p_cpu, required keyword-only device"
CCI = f"from {BU} import compute_causal_conv1d_metadata\n\n\n"
CASES += [
    (
        "#32815 parameter renamed, required keyword-only added",
        "a positional call under the old arity",
        K(
            "#32815",
            CC,
            CCW,
            "vllm/aeon/cc1.py",
            CCI + "def aeon_conv_meta(query_start_loc_p):\n"
            "    # AEON: the Spark's hybrid draft model runs causal conv1d too\n"
            "    return compute_causal_conv1d_metadata(query_start_loc_p)\n",
            "return compute_causal_conv1d_metadata(query_start_loc_p)",
        ),
    ),
    (
        "#32815 parameter renamed, required keyword-only added",
        "a keyword call of the old parameter name",
        K(
            "#32815",
            CC,
            CCW,
            "vllm/aeon/cc2.py",
            CCI + "def aeon_conv_meta2(metadata):\n"
            "    return compute_causal_conv1d_metadata(query_start_loc_p=metadata.query_start_loc_p)\n",
            "return compute_causal_conv1d_metadata(query_start_loc_p=metadata.query_start_loc_p)",
        ),
    ),
    (
        "#32815 parameter renamed, required keyword-only added",
        "twin: the new call",
        K(
            "#32815",
            CC,
            CCW,
            "vllm/aeon/cc3.py",
            CCI + "def aeon_conv_meta3(qsl_cpu, device):\n"
            "    return compute_causal_conv1d_metadata(qsl_cpu, device=device)\n",
            "return compute_causal_conv1d_metadata(qsl_cpu, device=device)",
        ),
    ),
]

# --- #22678 (c6b928798e): PerLayerParameters gained has_sinks: bool = False
HS = "c6b928798e"
HSW = "PerLayerParameters gained has_sinks (a fourth field)"
PLP = f"import dataclasses\n\nfrom {BU} import PerLayerParameters\n\n\n"
CASES += [
    (
        "#22678 record gained a field",
        "astuple unpacked into the old field count",
        K(
            "#22678",
            HS,
            HSW,
            "vllm/aeon/hs1.py",
            PLP + "def aeon_plan_args(params: PerLayerParameters):\n"
            "    # AEON: the Spark's FlashInfer plan takes the three globals\n"
            "    window_left, soft_cap, sm_scale = dataclasses.astuple(params)\n"
            "    return window_left, soft_cap or 0.0, sm_scale\n",
            "window_left, soft_cap, sm_scale = dataclasses.astuple(params)",
        ),
    ),
    (
        "#22678 record gained a field",
        "a dataclass subclass adding a field without a default",
        K(
            "#22678",
            HS,
            HSW,
            "vllm/aeon/hs2.py",
            PLP + "@dataclasses.dataclass\nclass AeonPerLayerParameters(PerLayerParameters):\n    kv_scale: float\n",
            "kv_scale: float",
        ),
    ),
    (
        "#22678 record gained a field",
        "twin: reads by attribute",
        K(
            "#22678",
            HS,
            HSW,
            "vllm/aeon/hs3.py",
            PLP + "def aeon_plan_args3(params: PerLayerParameters):\n"
            "    return params.window_left, params.logits_soft_cap or 0.0, params.sm_scale\n",
            "return params.window_left, params.logits_soft_cap or 0.0, params.sm_scale",
        ),
    ),
    (
        "#22678 record gained a field",
        "vars() values unpacked into the old field count",
        K(
            "#22678",
            HS,
            HSW,
            "vllm/aeon/hs4.py",
            PLP + "def aeon_plan_args4(params: PerLayerParameters):\n"
            "    window_left, soft_cap, sm_scale = vars(params).values()\n"
            "    return window_left, soft_cap, sm_scale\n",
            "window_left, soft_cap, sm_scale = vars(params).values()",
        ),
    ),
]

# --- #31773 (e0327c9db2): CommonAttentionMetadata.compute_num_computed_tokens() added, the builders call it
NC = "e0327c9db2"
NCW = "CommonAttentionMetadata.compute_num_computed_tokens() added; the FlashInfer and MLA builders call it"
CASES += [
    (
        "#31773 base method added under a name a fork subclass defines",
        "a subclass method of that name taking a required parameter",
        K(
            "#31773",
            NC,
            NCW,
            "vllm/aeon/nc1.py",
            "from dataclasses import dataclass\n\n" + CAM + "@dataclass\n"
            "class AeonCommonAttentionMetadata4(CommonAttentionMetadata):\n"
            "    def compute_num_computed_tokens(self, num_reqs: int) -> torch.Tensor:\n"
            "        # AEON: the Spark's NVFP4 path wants the CPU copy for the first num_reqs\n"
            "        return self.num_computed_tokens_cpu[:num_reqs]\n",
            "def compute_num_computed_tokens(self, num_reqs: int) -> torch.Tensor:",
        ),
    ),
    (
        "#31773 base method added under a name a fork subclass defines",
        "twin: the fork's own method name",
        K(
            "#31773",
            NC,
            NCW,
            "vllm/aeon/nc2.py",
            "from dataclasses import dataclass\n\n" + CAM + "@dataclass\n"
            "class AeonCommonAttentionMetadata5(CommonAttentionMetadata):\n"
            "    def aeon_num_computed_tokens_cpu(self, num_reqs: int) -> torch.Tensor:\n"
            "        return self.num_computed_tokens_cpu[:num_reqs]\n",
            "def aeon_num_computed_tokens_cpu(self, num_reqs: int) -> torch.Tensor:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-attnutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
