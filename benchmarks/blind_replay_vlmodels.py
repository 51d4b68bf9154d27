"""A blind replay of the vision-language model files a fork's vision tower, processor or model subclass uses.

9 first-parent commits on ``vllm/model_executor/models/{qwen2_vl,qwen2_5_vl,qwen3_vl,llava,llava_next,vision,
siglip,clip,pixtral}.py`` -- the classes a fork's multimodal model carries code against: the Qwen2-VL vision
rotary embedding class removed, its attention's ``rotary_pos_emb`` keyword split into cos/sin and
``rot_pos_emb`` made to return a pair (#28798), ``Qwen2_5_VisionAttention.split_qkv`` removed (#28769), the
Qwen3-VL EVS helper methods removed (#37183), ``Qwen3_VisionTransformer.compute_attn_mask_seqlen`` removed and
``Qwen3_VisionBlock.forward`` given a required ``sequence_lengths`` (#34580), llava's ``_get_layer_index``
moved to ``utils`` (#32486), ``BaseLlavaProcessingInfo._apply_feature_select_strategy`` factored out into
``vision.get_num_selected_vision_tokens`` (#26003), ``PixtralProcessorAdapter`` moved and renamed (#35953),
the Qwen-VL models' ``_validate_and_reshape_mm_tensor`` removed (#27546), and the SigLIP tower's pooling head
made opt-in (``use_head`` defaulting to False: ``head`` is None unless asked for, #32299) -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is
replayed under 1-3 fork spellings written the way fork code is written (an import, a module-attribute call, a
subclass's ``self.``/``super()`` use, a receiver annotated as the class, a ``getattr`` with a literal, a
keyword call), with twins (fork code the commit does not break: the kept method, the kept class, a None test,
the new spelling).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught*
when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*.

Blind, on the engine before any widening (main at 03e94c3d): 16 caught, 0 warned, 3 missed of 19 (twins: 8
quiet, 1 false error of 9).  The misses: #28798's ``rot_pos_emb`` made to return a ``(cos, sin)`` pair where it
returned one tensor, and the fork calls a tensor method (``.cos()``) on the pair; #32299's two (the SigLIP
tower's ``head`` is None unless the constructor is given ``use_head``, where it was built whenever the config did
not say otherwise; a subclass calls ``self.head(...)`` or reads ``self.vision_model.head.probe``).  The false
error: #37183's twin, ``getattr(model, "_get_evs_mask_segments", None)`` -- a getattr with a default, the
guarded spelling, was blocked as a read of the removed method.  Judged after the run, that twin was mislabelled: the
project's other replays count this very spelling a killer (``blind_replay_subsystems.py``'s ``getattr(layer,
"act_scale", None)``, ``blind_replay_speed.py``'s ``getattr(spec, "disable_by_batch_size", None)``): the helper is
never found again and the fork's EVS path goes quiet for good.  It is relabelled a killer (caught, blind too), and
twins were added after the run (a kept method of #37183, #28798's pair unpacked, #32299's head tested for None and
a fork class building its own head): so counted, blind was 17 caught, 0 warned, 3 missed of 20.

After the killers135 widenings: 18 caught, 1 warned, 1 missed of 20 (twins: 12 quiet, 1 of them warned -- a
``merge_by_field_config`` default drift on #27546's twin, there blind too -- 0 false errors of 12).  Caught now:
a return made another kind under a rewrapped signature (type drift's container half, ``drift/retyped.py``: the
name annotated on one side of the diff pairs with the other side's unnamed ``) -> T:`` line; the array's
elementwise maths and shape queries, ``cos``/``sin``/``size``/``clamp``..., are methods no builtin kind has).
Warned now: an attribute made opt-in by a new constructor parameter (``drift/nulled_attributes.py``: ``self.head
= Head(...) if self.use_head else None``, ``use_head`` new and defaulting to False; a warning, as the rest of
that check: who builds the fork's class is a guess).  Left missed: #32299's ``self.vision_model.head.probe`` in a
subclass of ``SiglipVisionModel`` -- the head is the wrapped tower's, built by the wrapper's constructor from its
own new ``use_head``; following the attribute through another class's constructor is not done here.
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_mminputs 19/19 (13 quiet),
blind_replay_multimodal 28 caught, 4 warned of 32 (14 quiet), blind_replay_pooling 15 caught, 2 warned, 2
missed of 19 (10 quiet; the same two missed on the base), ``symbol_precision.py --windows 1``: 0 false errors
(5 broken overrides, 4 caught).
mend47: #32299's chained read warns (``drift/nulled_attributes.py`` follows the opted-in head one class further:
``SiglipVisionModel.__init__`` builds the tower into ``self.vision_model`` handing it its own new ``use_head``):
18 caught, 2 warned, 0 missed of 20 (twins: 12 quiet, 1 of them warned as before, 0 false errors).

  python benchmarks/blind_replay_vlmodels.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #28798 (b9489f51e1): the Qwen2-VL vision rotary embedding replaced by get_rope's cos/sin cache
RO = "b9489f51e1"
ROW = "Qwen2VisionRotaryEmbedding removed; rotary_pos_emb -> cos/sin; rot_pos_emb returns a pair"
Q2 = (
    "import torch\n\nfrom vllm.model_executor.models.qwen2_vl import Qwen2VisionAttention, Qwen2VisionTransformer\n\n\n"
)
CASES += [
    (
        "#28798 class removed",
        "an import of the removed class",
        K(
            "#28798",
            RO,
            ROW,
            "vllm/aeon/ro1.py",
            "from vllm.model_executor.models.qwen2_vl import Qwen2VisionRotaryEmbedding\n\n\n"
            "def aeon_rotary(head_dim: int) -> Qwen2VisionRotaryEmbedding:\n"
            "    # AEON: the Spark's vision tower precomputes its rotary table once\n"
            "    return Qwen2VisionRotaryEmbedding(head_dim // 2)\n",
            "from vllm.model_executor.models.qwen2_vl import Qwen2VisionRotaryEmbedding",
        ),
    ),
    (
        "#28798 keyword renamed",
        "a subclass's super().forward with the old keyword",
        K(
            "#28798",
            RO,
            ROW,
            "vllm/aeon/ro2.py",
            Q2 + "class AeonVisionAttention(Qwen2VisionAttention):\n"
            "    def forward(self, x, cu_seqlens, rotary_pos_emb, max_seqlen=None, seqlens=None):\n"
            "        # AEON: GB10 runs the vision attention in bf16 whatever the checkpoint says\n"
            "        x = x.to(torch.bfloat16)\n"
            "        return super().forward(x, cu_seqlens, rotary_pos_emb=rotary_pos_emb, max_seqlen=max_seqlen, seqlens=seqlens)\n",
            "return super().forward(x, cu_seqlens, rotary_pos_emb=rotary_pos_emb, max_seqlen=max_seqlen, seqlens=seqlens)",
        ),
    ),
    (
        "#28798 return made a pair",
        "a tensor method on the returned value",
        K(
            "#28798",
            RO,
            ROW,
            "vllm/aeon/ro3.py",
            Q2 + "class AeonVisionTower(Qwen2VisionTransformer):\n"
            "    def aeon_rotary_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        return freqs.cos()\n",
            "return freqs.cos()",
        ),
    ),
    (
        "#28798 class removed",
        "twin: a kept method",
        K(
            "#28798",
            RO,
            ROW,
            "vllm/aeon/ro4.py",
            Q2 + "class AeonVisionTower2(Qwen2VisionTransformer):\n"
            "    def aeon_max_seqlen(self, cu_seqlens: torch.Tensor):\n"
            "        return self.compute_attn_mask_seqlen(cu_seqlens)\n",
            "return self.compute_attn_mask_seqlen(cu_seqlens)",
        ),
    ),
]

# --- #28769 (5a87076d6e): Qwen2_5_VisionAttention.split_qkv removed (forward rearranges the fused qkv itself)
SQ = "5a87076d6e"
SQW = "Qwen2_5_VisionAttention.split_qkv removed"
Q25 = "import torch\n\nfrom vllm.model_executor.models.qwen2_5_vl import Qwen2_5_VisionAttention\n\n\n"
CASES += [
    (
        "#28769 method removed",
        "a subclass override calling super()",
        K(
            "#28769",
            SQ,
            SQW,
            "vllm/aeon/sq1.py",
            Q25 + "class AeonQwenAttention(Qwen2_5_VisionAttention):\n"
            "    def split_qkv(self, qkv: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "        # AEON: the Spark's unified memory wants contiguous q/k/v for its kernels\n"
            "        q, k, v = super().split_qkv(qkv)\n"
            "        return q.contiguous(), k.contiguous(), v.contiguous()\n",
            "q, k, v = super().split_qkv(qkv)",
        ),
    ),
    (
        "#28769 method removed",
        "a call on a receiver typed as the class",
        K(
            "#28769",
            SQ,
            SQW,
            "vllm/aeon/sq2.py",
            Q25 + "def aeon_qkv(attn: Qwen2_5_VisionAttention, x: torch.Tensor) -> tuple[torch.Tensor, ...]:\n"
            "    qkv, _ = attn.qkv(x)\n"
            "    return attn.split_qkv(qkv)\n",
            "return attn.split_qkv(qkv)",
        ),
    ),
    (
        "#28769 method removed",
        "twin: a kept attribute",
        K(
            "#28769",
            SQ,
            SQW,
            "vllm/aeon/sq3.py",
            Q25 + "def aeon_heads(attn: Qwen2_5_VisionAttention) -> int:\n"
            "    return attn.num_attention_heads_per_partition\n",
            "return attn.num_attention_heads_per_partition",
        ),
    ),
]

# --- #37183 (43a73f853b): the Qwen3-VL EVS helper methods removed
EV = "43a73f853b"
EVW = "Qwen3VLForConditionalGeneration EVS helpers removed"
Q3 = "from vllm.model_executor.models.qwen3_vl import Qwen3VLForConditionalGeneration\n\n\n"
CASES += [
    (
        "#37183 methods removed",
        "a subclass's self. call",
        K(
            "#37183",
            EV,
            EVW,
            "vllm/aeon/ev1.py",
            Q3 + "class AeonQwen3VL(Qwen3VLForConditionalGeneration):\n"
            "    def aeon_frame_tokens(self, mm_position, num_frames: int) -> list[int]:\n"
            "        # AEON: the Spark's video budget counts only the frames EVS kept\n"
            "        counts = self._get_actual_frame_token_counts(mm_position, num_frames)\n"
            "        return counts or []\n",
            "counts = self._get_actual_frame_token_counts(mm_position, num_frames)",
        ),
    ),
    (
        "#37183 methods removed",
        "a getattr with a literal on a typed receiver",
        K(
            "#37183",
            EV,
            EVW,
            "vllm/aeon/ev2.py",
            Q3 + "def aeon_offsets(model: Qwen3VLForConditionalGeneration, mm_position, num_frames: int):\n"
            '    extract = getattr(model, "_extract_frame_offsets_from_mask")\n'
            "    return extract(mm_position, num_frames)\n",
            'extract = getattr(model, "_extract_frame_offsets_from_mask")',
        ),
    ),
    (
        "#37183 methods removed",
        "a getattr with a None default (relabelled after the blind run: the helper is never found again)",
        K(
            "#37183",
            EV,
            EVW,
            "vllm/aeon/ev3.py",
            Q3 + "def aeon_segments(model: Qwen3VLForConditionalGeneration, mm_position, num_frames: int):\n"
            '    segments = getattr(model, "_get_evs_mask_segments", None)\n'
            "    return None if segments is None else segments(mm_position, num_frames)\n",
            'segments = getattr(model, "_get_evs_mask_segments", None)',
        ),
    ),
]

CASES += [
    (
        "#37183 methods removed",
        "twin: a kept method (added after the blind run)",
        K(
            "#37183",
            EV,
            EVW,
            "vllm/aeon/ev4.py",
            Q3 + "class AeonQwen3VL2(Qwen3VLForConditionalGeneration):\n"
            "    def aeon_embed(self, **kwargs):\n"
            "        return self.embed_multimodal(**kwargs)\n",
            "return self.embed_multimodal(**kwargs)",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: the pair unpacked, the new spelling (added after the blind run)",
        K(
            "#28798",
            RO,
            ROW,
            "vllm/aeon/ro5.py",
            Q2 + "class AeonVisionTower3(Qwen2VisionTransformer):\n"
            "    def aeon_rotary(self, grid_thw: list[list[int]]):\n"
            "        cos, sin = self.rot_pos_emb(grid_thw)\n"
            "        return cos.float(), sin.float()\n",
            "return cos.float(), sin.float()",
        ),
    ),
]

# --- #34580 (9c3fe9936b): Qwen3_VisionTransformer.compute_attn_mask_seqlen removed; a required
# sequence_lengths parameter inserted into Qwen3_VisionBlock.forward
CS = "9c3fe9936b"
CSW = "compute_attn_mask_seqlen removed; Qwen3_VisionBlock.forward(sequence_lengths) required"
Q3V = "import torch\n\nfrom vllm.model_executor.models.qwen3_vl import Qwen3_VisionBlock, Qwen3_VisionTransformer\n\n\n"
CASES += [
    (
        "#34580 method removed",
        "a subclass's self. call",
        K(
            "#34580",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            Q3V + "class AeonQwen3Tower(Qwen3_VisionTransformer):\n"
            "    def aeon_max_seqlen(self, cu_seqlens: torch.Tensor) -> int:\n"
            "        # AEON: log the longest image the Spark's ViT saw\n"
            "        return int(self.compute_attn_mask_seqlen(cu_seqlens))\n",
            "return int(self.compute_attn_mask_seqlen(cu_seqlens))",
        ),
    ),
    (
        "#34580 required parameter inserted",
        "a subclass's super().forward without it",
        K(
            "#34580",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            Q3V + "class AeonQwen3Block(Qwen3_VisionBlock):\n"
            "    def forward(self, x, cu_seqlens, rotary_pos_emb_cos, rotary_pos_emb_sin, max_seqlen):\n"
            "        out = super().forward(x, cu_seqlens, rotary_pos_emb_cos, rotary_pos_emb_sin, max_seqlen)\n"
            "        return out.clamp(-65504.0, 65504.0)\n",
            "out = super().forward(x, cu_seqlens, rotary_pos_emb_cos, rotary_pos_emb_sin, max_seqlen)",
        ),
    ),
    (
        "#34580 method removed",
        "twin: a kept attribute",
        K(
            "#34580",
            CS,
            CSW,
            "vllm/aeon/cs3.py",
            Q3V + "class AeonQwen3Tower2(Qwen3_VisionTransformer):\n"
            "    def aeon_backend_name(self) -> str:\n"
            "        return str(self.attn_backend)\n",
            "return str(self.attn_backend)",
        ),
    ),
]

# --- #32486 (2f03035a61): llava's _get_layer_index moved to models.utils.get_layer_index
LI = "2f03035a61"
LIW = "llava._get_layer_index removed"
CASES += [
    (
        "#32486 function moved",
        "an import of the removed function",
        K(
            "#32486",
            LI,
            LIW,
            "vllm/aeon/li1.py",
            "from vllm.model_executor.models.llava import _get_layer_index\n\n\n"
            "def aeon_layers_needed(feature_layer: int, num_hidden_layers: int) -> int:\n"
            "    return _get_layer_index(feature_layer, num_hidden_layers)\n",
            "from vllm.model_executor.models.llava import _get_layer_index",
        ),
    ),
    (
        "#32486 function moved",
        "a module-attribute call",
        K(
            "#32486",
            LI,
            LIW,
            "vllm/aeon/li2.py",
            "from vllm.model_executor.models import llava as llava_mod\n\n\n"
            "def aeon_deepest(feature_layers: list[int], num_hidden_layers: int) -> int:\n"
            "    # AEON: the Spark trims the vision tower to the deepest layer the projector reads\n"
            "    return max(llava_mod._get_layer_index(i, num_hidden_layers) for i in feature_layers)\n",
            "return max(llava_mod._get_layer_index(i, num_hidden_layers) for i in feature_layers)",
        ),
    ),
    (
        "#32486 function moved",
        "twin: a kept function",
        K(
            "#32486",
            LI,
            LIW,
            "vllm/aeon/li3.py",
            "from vllm.model_executor.models import llava as llava_mod\n\n\n"
            "def aeon_layers(hf_config) -> int:\n"
            "    return llava_mod._get_num_hidden_layers(hf_config)\n",
            "return llava_mod._get_num_hidden_layers(hf_config)",
        ),
    ),
]

# --- #26003 (1405f0c7ba): BaseLlavaProcessingInfo._apply_feature_select_strategy factored out
FS = "1405f0c7ba"
FSW = "BaseLlavaProcessingInfo._apply_feature_select_strategy removed"
LL = "from vllm.model_executor.models.llava import BaseLlavaProcessingInfo, LlavaProcessingInfo\n\n\n"
CASES += [
    (
        "#26003 method removed",
        "a subclass's self. call",
        K(
            "#26003",
            FS,
            FSW,
            "vllm/aeon/fs1.py",
            LL + "class AeonLlavaInfo(LlavaProcessingInfo):\n"
            "    def aeon_tokens(self, encoder_tokens: int) -> int:\n"
            "        hf_config = self.get_hf_config()\n"
            "        return self._apply_feature_select_strategy(hf_config.vision_feature_select_strategy, encoder_tokens)\n",
            "return self._apply_feature_select_strategy(hf_config.vision_feature_select_strategy, encoder_tokens)",
        ),
    ),
    (
        "#26003 method removed",
        "a keyword call on a typed receiver",
        K(
            "#26003",
            FS,
            FSW,
            "vllm/aeon/fs2.py",
            LL + "def aeon_default_tokens(info: BaseLlavaProcessingInfo, n: int) -> int:\n"
            '    return info._apply_feature_select_strategy(strategy="default", encoder_num_image_tokens=n)\n',
            'return info._apply_feature_select_strategy(strategy="default", encoder_num_image_tokens=n)',
        ),
    ),
    (
        "#26003 method removed",
        "twin: a kept method",
        K(
            "#26003",
            FS,
            FSW,
            "vllm/aeon/fs3.py",
            LL + "def aeon_image_tokens(info: BaseLlavaProcessingInfo, w: int, h: int) -> int:\n"
            "    return info.get_num_image_tokens(image_width=w, image_height=h)\n",
            "return info.get_num_image_tokens(image_width=w, image_height=h)",
        ),
    ),
]

# --- #35953 (d62856b928): PixtralProcessorAdapter moved to transformers_utils as MistralCommonPixtralProcessor
PA = "d62856b928"
PAW = "pixtral.PixtralProcessorAdapter removed"
CASES += [
    (
        "#35953 class moved",
        "an import of the removed class",
        K(
            "#35953",
            PA,
            PAW,
            "vllm/aeon/pa1.py",
            "from vllm.model_executor.models.pixtral import PixtralProcessorAdapter\n\n\n"
            "def aeon_break_id(processor: PixtralProcessorAdapter) -> int:\n"
            "    return processor.image_break_id\n",
            "from vllm.model_executor.models.pixtral import PixtralProcessorAdapter",
        ),
    ),
    (
        "#35953 class moved",
        "an isinstance on a module attribute",
        K(
            "#35953",
            PA,
            PAW,
            "vllm/aeon/pa2.py",
            "import vllm.model_executor.models.pixtral as pixtral_mod\n\n\n"
            "def aeon_is_mistral_processor(processor: object) -> bool:\n"
            "    # AEON: the Spark's router counts image breaks only for Mistral-format processors\n"
            "    return isinstance(processor, pixtral_mod.PixtralProcessorAdapter)\n",
            "return isinstance(processor, pixtral_mod.PixtralProcessorAdapter)",
        ),
    ),
    (
        "#35953 class moved",
        "twin: a kept class",
        K(
            "#35953",
            PA,
            PAW,
            "vllm/aeon/pa3.py",
            "from vllm.model_executor.models.pixtral import PixtralProcessingInfo\n\n\n"
            "def aeon_limits(info: PixtralProcessingInfo):\n"
            "    return info.get_supported_mm_limits()\n",
            "return info.get_supported_mm_limits()",
        ),
    ),
]

# --- #27546 (cbd5e07a51): the Qwen-VL models' _validate_and_reshape_mm_tensor removed
VR = "cbd5e07a51"
VRW = "Qwen2VL/Qwen2_5_VL _validate_and_reshape_mm_tensor removed"
CASES += [
    (
        "#27546 method removed",
        "a subclass's self. call",
        K(
            "#27546",
            VR,
            VRW,
            "vllm/aeon/vr1.py",
            "from vllm.model_executor.models.qwen2_vl import Qwen2VLForConditionalGeneration\n\n\n"
            "class AeonQwen2VL(Qwen2VLForConditionalGeneration):\n"
            "    def aeon_pixels(self, pixel_values):\n"
            "        # AEON: the Spark's preprocessor hands batched 3D pixel tensors\n"
            '        return self._validate_and_reshape_mm_tensor(pixel_values, "image pixel values")\n',
            'return self._validate_and_reshape_mm_tensor(pixel_values, "image pixel values")',
        ),
    ),
    (
        "#27546 method removed",
        "a call on a receiver typed as the other model",
        K(
            "#27546",
            VR,
            VRW,
            "vllm/aeon/vr2.py",
            "from vllm.model_executor.models.qwen2_5_vl import Qwen2_5_VLForConditionalGeneration\n\n\n"
            "def aeon_grid(model: Qwen2_5_VLForConditionalGeneration, grid_thw):\n"
            '    return model._validate_and_reshape_mm_tensor(grid_thw, "image grid_thw")\n',
            'return model._validate_and_reshape_mm_tensor(grid_thw, "image grid_thw")',
        ),
    ),
    (
        "#27546 method removed",
        "twin: a kept method",
        K(
            "#27546",
            VR,
            VRW,
            "vllm/aeon/vr3.py",
            "from vllm.model_executor.models.qwen2_vl import Qwen2VLForConditionalGeneration\n\n\n"
            "class AeonQwen2VL2(Qwen2VLForConditionalGeneration):\n"
            "    def aeon_image_input(self, **kwargs):\n"
            "        return self._parse_and_validate_image_input(**kwargs)\n",
            "return self._parse_and_validate_image_input(**kwargs)",
        ),
    ),
]

# --- #32299 (27b81e010d): the SigLIP tower's pooling head made opt-in (use_head=False: head is None)
SH = "27b81e010d"
SHW = "SiglipVisionTransformer/SiglipVisionModel use_head default False, head None"
SIG = "import torch\n\nfrom vllm.model_executor.models.siglip import SiglipVisionModel, SiglipVisionTransformer\n\n\n"
CASES += [
    (
        "#32299 attribute made None by default",
        "a subclass's self.head call",
        K(
            "#32299",
            SH,
            SHW,
            "vllm/aeon/sh1.py",
            SIG + "class AeonSiglipTower(SiglipVisionTransformer):\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's embedding endpoint serves the pooled image vector\n"
            "        return self.head(hidden)\n",
            "return self.head(hidden)",
        ),
    ),
    (
        "#32299 attribute made None by default",
        "a chained read off the wrapped tower",
        K(
            "#32299",
            SH,
            SHW,
            "vllm/aeon/sh2.py",
            SIG + "class AeonSiglipModel(SiglipVisionModel):\n"
            "    def aeon_probe(self) -> torch.Tensor:\n"
            "        return self.vision_model.head.probe\n",
            "return self.vision_model.head.probe",
        ),
    ),
    (
        "#32299 attribute made None by default",
        "twin: a guarded post_layernorm",
        K(
            "#32299",
            SH,
            SHW,
            "vllm/aeon/sh3.py",
            SIG + "class AeonSiglipTower2(SiglipVisionTransformer):\n"
            "    def aeon_normed(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        if self.post_layernorm is None:\n"
            "            return hidden\n"
            "        return self.post_layernorm(hidden)\n",
            "return self.post_layernorm(hidden)",
        ),
    ),
]


CASES += [
    (
        "#32299 attribute made None by default",
        "twin: the head tested for None (added after the blind run)",
        K(
            "#32299",
            SH,
            SHW,
            "vllm/aeon/sh4.py",
            SIG + "class AeonSiglipTower3(SiglipVisionTransformer):\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        return hidden if self.head is None else self.head(hidden)\n",
            "return hidden if self.head is None else self.head(hidden)",
        ),
    ),
    (
        "#32299 attribute made None by default",
        "twin: the fork's class builds its own head (added after the blind run)",
        K(
            "#32299",
            SH,
            SHW,
            "vllm/aeon/sh5.py",
            SIG + "class AeonSiglipTower4(SiglipVisionTransformer):\n"
            "    def __init__(self, config, quant_config=None, prefix: str = '') -> None:\n"
            "        super().__init__(config, quant_config, prefix=prefix)\n"
            "        self.head = torch.nn.Identity()\n\n"
            "    def aeon_pooled(self, hidden: torch.Tensor) -> torch.Tensor:\n"
            "        return self.head(hidden)\n",
            "return self.head(hidden)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-vlmodels-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
