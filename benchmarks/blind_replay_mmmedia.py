"""A blind replay of the multimodal media and parsing layer a fork's loaders, hashers and processors use.

9 first-parent commits on ``vllm/multimodal/{video,image,audio,hasher,parse}.py``, ``vllm/multimodal/media/`` and
``vllm/transformers_utils/processors/`` -- the classes and helpers a fork's video loader, media IO, hasher or
custom HF processor carries code against: ``MultiModalHasher`` (``item_to_bytes`` removed and
``serialize_item`` made to answer a tuple of chunks instead of one bytes object), the media IO classes moved
from ``vllm.multimodal.{image,audio,video,base}`` into ``vllm.multimodal.media``, ``VideoLoader._read_frames``
renamed (its three-tuple made a pair) and ``Molmo2VideoBackend._sample_frames`` removed, ``OpenCVVideoBackend``
and ``OpenCVDynamicVideoBackend`` renamed ``VideoBackend`` and ``DynamicVideoBackend``, ``GLM4_6VVideoBackend``
renamed ``GLMGAVideoBackend`` with its registry key ``"glm4_6v"`` made ``"glmga"``, the
``PYNVVIDEOCODEC_MAX_RETAINED_DECODERS`` constant removed, ``QwenVLProcessor``'s constructor made
``(image_processor, tokenizer)`` (``image_size`` removed), ``BaseInternVLProcessor``, the ``IMG_*`` constants and
the SkyworkR1V processor module removed, and ``Step3VLProcessor`` made an HF ``ProcessorMixin`` (its
``get_num_image_tokens`` and feature sizes moved to ``Step3VLImageProcessor``, ``config`` no longer taken) --
picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays
use.  Each is replayed under 1-3 fork spellings written the way fork code is written (an import, a
module-attribute read or call, a call on the class, a subclass's ``cls.``/``self.`` use, a keyword call, a read
off a receiver typed as the class, a registry key), with twins (fork code the commit does not break: the kept
method, helper, constant, registry key or attribute).  The merge base is the commit's first parent, upstream
is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its
file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (the branch's base, 340cb80b): 20 caught, 0 warned, 2 missed of 22
(twins: 8 quiet, 1 false error of 9).  The misses: #24925's ``MultiModalHasher.serialize_item(name).hex()``
(the return annotated ``Union[bytes, memoryview]`` -> ``Iterable[Union[bytes, memoryview]]``; a tuple has no
bytes method) and #44126's ``VIDEO_LOADER_REGISTRY.load("glm4_6v")`` (the registry key upstream's decorator
wrote renamed ``"glmga"``; the lookup finds no entry and asserts).  The false error was the replay's, not the
engine's: the twin ``cls._read_frames_with_recovery(...)`` in a ``VideoLoader`` subclass really breaks, since
#35202 moved that method from ``VideoLoader`` to ``OpenCVVideoBackendMixin``; it is kept as a killer (caught
blind) and the twin is now the same call in an ``OpenCVVideoBackend`` subclass, which inherits the mixin
(quiet, with a warning).  With that fix: 21 caught, 0 warned, 2 missed of 23; twins 9 quiet, 0 false of 9.
After the killers140 widenings: 23 caught, 0 warned, 0 missed of 23 (twins: 9 quiet, 1 of them warned, 0 false
errors).  Caught now: a binary string made another kind (result kind drift, ``drift/result_kinds.py``: ``bytes``
and unions of binary kinds are a kind, ``Iterable``/``Iterator``/``Generator``/``Collection`` a sequence; a
method the old kind has and the new one lacks raises, ``b"..." +`` raises, ``== b"..."`` never matches) and a key
looked up on the very registry whose registration upstream removed (name drift, ``drift/registry_lookups.py``:
the call's receiver is the object the removed ``@R.register("key")`` wrote into, so the string is that
registry's key, not a method's name some ``def load`` elsewhere dispatches on).  Regression set at the
widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins 0 false
errors (40, 30, 23 twins), blind_replay_mminputs 19/19 (13 quiet), blind_replay_multimodal 28 caught, 4 warned
of 32 (14 quiet, 0 false; as on main), blind_replay_processor 28 caught, 1 missed of 29 (16 quiet, 0 false;
#22457's ``cache.get`` left as on main), ``symbol_precision.py --windows 1``: 0 false errors (5 broken
overrides, 4 caught).

  python benchmarks/blind_replay_mmmedia.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #24925 (08369289af): MultiModalHasher.item_to_bytes removed; serialize_item answers a tuple of chunks
IB = "08369289af"
IBW = "MultiModalHasher.item_to_bytes removed, serialize_item bytes -> tuple"
HASHER = "from vllm.multimodal.hasher import MultiModalHasher\n\n\n"
CASES += [
    (
        "#24925 classmethod removed",
        "a call on the class",
        K(
            "#24925",
            IB,
            IBW,
            "vllm/aeon/ib1.py",
            "import numpy as np\n\n" + HASHER + "def aeon_frame_key(frame: np.ndarray) -> bytes:\n"
            "    # AEON: the Spark's frame dedup keys a decoded frame by its serialized bytes\n"
            '    return MultiModalHasher.item_to_bytes("frame", frame)\n',
            'return MultiModalHasher.item_to_bytes("frame", frame)',
        ),
    ),
    (
        "#24925 classmethod removed",
        "a subclass's cls. call",
        K(
            "#24925",
            IB,
            IBW,
            "vllm/aeon/ib2.py",
            HASHER + "class AeonHasher(MultiModalHasher):\n"
            "    @classmethod\n"
            "    def aeon_tagged(cls, tag: str, obj: object) -> bytes:\n"
            '        return b"aeon:" + cls.item_to_bytes(tag, obj)\n',
            'return b"aeon:" + cls.item_to_bytes(tag, obj)',
        ),
    ),
    (
        "#24925 return type changed",
        "a bytes method on the answer",
        K(
            "#24925",
            IB,
            IBW,
            "vllm/aeon/ib3.py",
            HASHER + "def aeon_name_digest(name: str) -> str:\n"
            "    # AEON: the router logs the serialized model name as hex\n"
            "    return MultiModalHasher.serialize_item(name).hex()\n",
            "return MultiModalHasher.serialize_item(name).hex()",
        ),
    ),
    (
        "#24925 classmethod removed",
        "twin: hash_kwargs kept",
        K(
            "#24925",
            IB,
            IBW,
            "vllm/aeon/ib4.py",
            HASHER + "def aeon_prompt_hash(model_id: str, image: object) -> str:\n"
            "    return MultiModalHasher.hash_kwargs(model_id=model_id, image=image)\n",
            "return MultiModalHasher.hash_kwargs(model_id=model_id, image=image)",
        ),
    ),
]

# --- #32406 (28459785ff): the media IO classes moved into vllm.multimodal.media
MV = "28459785ff"
MVW = "ImageMediaIO/AudioMediaIO/MediaIO moved to vllm.multimodal.media"
CASES += [
    (
        "#32406 classes moved",
        "an import of the class",
        K(
            "#32406",
            MV,
            MVW,
            "vllm/aeon/mv1.py",
            "from vllm.multimodal.image import ImageMediaIO\n\n\n"
            "def aeon_image_io() -> ImageMediaIO:\n"
            "    # AEON: the Spark's camera feed arrives as RGBA\n"
            '    return ImageMediaIO(image_mode="RGBA")\n',
            "from vllm.multimodal.image import ImageMediaIO",
        ),
    ),
    (
        "#32406 classes moved",
        "a module-attribute call",
        K(
            "#32406",
            MV,
            MVW,
            "vllm/aeon/mv2.py",
            "from vllm.multimodal import audio as mm_audio\n\n\n"
            "def aeon_load_clip(path):\n"
            "    return mm_audio.AudioMediaIO().load_file(path)\n",
            "return mm_audio.AudioMediaIO().load_file(path)",
        ),
    ),
    (
        "#32406 classes moved",
        "a subclass of the moved base",
        K(
            "#32406",
            MV,
            MVW,
            "vllm/aeon/mv3.py",
            "from vllm.multimodal.base import MediaIO\n\n\n"
            "class AeonRawIO(MediaIO[bytes]):\n"
            "    def load_bytes(self, data: bytes) -> bytes:\n"
            "        return data\n",
            "from vllm.multimodal.base import MediaIO",
        ),
    ),
    (
        "#32406 classes moved",
        "twin: a kept helper",
        K(
            "#32406",
            MV,
            MVW,
            "vllm/aeon/mv4.py",
            "from vllm.multimodal.image import convert_image_mode\n\n\n"
            "def aeon_rgb(image):\n"
            '    return convert_image_mode(image, "RGB")\n',
            'return convert_image_mode(image, "RGB")',
        ),
    ),
]

# --- #35202 (e4ae148a78): VideoLoader._read_frames renamed; Molmo2VideoBackend._sample_frames removed
RF = "e4ae148a78"
RFW = "VideoLoader._read_frames renamed, _read_frames_with_recovery moved to a mixin, Molmo2VideoBackend._sample_frames removed"
VL = "from vllm.multimodal.video import Molmo2VideoBackend, VideoLoader\n\n\n"
CASES += [
    (
        "#35202 staticmethod renamed",
        "a subclass's cls. call",
        K(
            "#35202",
            RF,
            RFW,
            "vllm/aeon/rf1.py",
            VL + "class AeonKeyframeLoader(VideoLoader):\n"
            "    @classmethod\n"
            "    def aeon_read(cls, cap, wanted: list[int]):\n"
            "        # AEON: the Spark reads only the keyframes the scheduler asked for\n"
            "        frames, n, idx = cls._read_frames(cap, set(wanted), len(wanted), max(wanted))\n"
            "        return frames[:n], idx\n",
            "frames, n, idx = cls._read_frames(cap, set(wanted), len(wanted), max(wanted))",
        ),
    ),
    (
        "#35202 classmethod removed",
        "a call on the class",
        K(
            "#35202",
            RF,
            RFW,
            "vllm/aeon/rf2.py",
            VL + "def aeon_molmo_indices(total: int, fps: float, duration: float) -> list[int]:\n"
            "    return list(\n"
            '        Molmo2VideoBackend._sample_frames(total, fps, duration, "uniform_last_frame", 8, 2, 2)\n'
            "    )\n",
            'Molmo2VideoBackend._sample_frames(total, fps, duration, "uniform_last_frame", 8, 2, 2)',
        ),
    ),
    (
        "#35202 staticmethod moved to a mixin",
        "a VideoLoader subclass's cls. call",
        K(
            "#35202",
            RF,
            RFW,
            "vllm/aeon/rf3.py",
            VL + "class AeonRecoveringLoader(VideoLoader):\n"
            "    @classmethod\n"
            "    def aeon_read(cls, cap, wanted: list[int], total: int):\n"
            "        frames, idx, _ = cls._read_frames_with_recovery(cap, wanted, total)\n"
            "        return frames, idx\n",
            "frames, idx, _ = cls._read_frames_with_recovery(cap, wanted, total)",
        ),
    ),
    (
        "#35202 staticmethod moved to a mixin",
        "twin: an OpenCV backend subclass keeps the reader",
        K(
            "#35202",
            RF,
            RFW,
            "vllm/aeon/rf4.py",
            "from vllm.multimodal.video import OpenCVVideoBackend\n\n\n"
            "class AeonOpenCVRecovering(OpenCVVideoBackend):\n"
            "    @classmethod\n"
            "    def aeon_read(cls, cap, wanted: list[int], total: int):\n"
            "        frames, idx, _ = cls._read_frames_with_recovery(cap, wanted, total)\n"
            "        return frames, idx\n",
            "frames, idx, _ = cls._read_frames_with_recovery(cap, wanted, total)",
        ),
    ),
]

# --- #39986 (6f2c71be8f): OpenCVVideoBackend -> VideoBackend, OpenCVDynamicVideoBackend -> DynamicVideoBackend
VB = "6f2c71be8f"
VBW = "OpenCVVideoBackend/OpenCVDynamicVideoBackend renamed"
CASES += [
    (
        "#39986 classes renamed",
        "an import and a subclass",
        K(
            "#39986",
            VB,
            VBW,
            "vllm/aeon/vb1.py",
            "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY, OpenCVVideoBackend\n\n\n"
            '@VIDEO_LOADER_REGISTRY.register("aeon_opencv")\n'
            "class AeonOpenCVBackend(OpenCVVideoBackend):\n"
            "    # AEON: GB10 decodes with fewer frames by default\n"
            "    pass\n",
            "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY, OpenCVVideoBackend",
        ),
    ),
    (
        "#39986 classes renamed",
        "a module-attribute call",
        K(
            "#39986",
            VB,
            VBW,
            "vllm/aeon/vb2.py",
            "from vllm.multimodal import video as mm_video\n\n\n"
            "def aeon_dynamic_load(data: bytes):\n"
            "    return mm_video.OpenCVDynamicVideoBackend.load_bytes(data, num_frames=16)\n",
            "return mm_video.OpenCVDynamicVideoBackend.load_bytes(data, num_frames=16)",
        ),
    ),
    (
        "#39986 classes renamed",
        "twin: the kept registry key",
        K(
            "#39986",
            VB,
            VBW,
            "vllm/aeon/vb3.py",
            "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY\n\n\n"
            "def aeon_default_loader():\n"
            '    return VIDEO_LOADER_REGISTRY.load("opencv")\n',
            'return VIDEO_LOADER_REGISTRY.load("opencv")',
        ),
    ),
]

# --- #44126 (f8e9c56d15): GLM4_6VVideoBackend -> GLMGAVideoBackend, registry key "glm4_6v" -> "glmga"
GV = "f8e9c56d15"
GVW = 'GLM4_6VVideoBackend renamed, key "glm4_6v" -> "glmga"'
CASES += [
    (
        "#44126 class renamed",
        "an import of the class",
        K(
            "#44126",
            GV,
            GVW,
            "vllm/aeon/gv1.py",
            "from vllm.multimodal.video import GLM4_6VVideoBackend\n\n\n"
            "class AeonGlmBackend(GLM4_6VVideoBackend):\n"
            "    pass\n",
            "from vllm.multimodal.video import GLM4_6VVideoBackend",
        ),
    ),
    (
        "#44126 registry key renamed",
        "a registry key literal",
        K(
            "#44126",
            GV,
            GVW,
            "vllm/aeon/gv2.py",
            "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY\n\n\n"
            "def aeon_glm_loader():\n"
            "    # AEON: the fleet's GLM-4.6V deployment pins its loader\n"
            '    return VIDEO_LOADER_REGISTRY.load("glm4_6v")\n',
            'return VIDEO_LOADER_REGISTRY.load("glm4_6v")',
        ),
    ),
    (
        "#44126 class renamed",
        "twin: a kept key",
        K(
            "#44126",
            GV,
            GVW,
            "vllm/aeon/gv3.py",
            "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY\n\n\n"
            "def aeon_molmo_loader():\n"
            '    return VIDEO_LOADER_REGISTRY.load("molmo2")\n',
            'return VIDEO_LOADER_REGISTRY.load("molmo2")',
        ),
    ),
]

# --- #49753 (94682b79f4): PYNVVIDEOCODEC_MAX_RETAINED_DECODERS removed
ND = "94682b79f4"
NDW = "PYNVVIDEOCODEC_MAX_RETAINED_DECODERS removed"
CASES += [
    (
        "#49753 constant removed",
        "an import of the constant",
        K(
            "#49753",
            ND,
            NDW,
            "vllm/aeon/nd1.py",
            "from vllm.multimodal.video import (\n"
            "    PYNVVIDEOCODEC_DECODER_GPU_MEMORY_BYTES,\n"
            "    PYNVVIDEOCODEC_MAX_RETAINED_DECODERS,\n"
            ")\n\n\n"
            "def aeon_decoder_reserve() -> int:\n"
            "    # AEON: the Spark's unified memory reserves the decoders up front\n"
            "    return PYNVVIDEOCODEC_DECODER_GPU_MEMORY_BYTES * PYNVVIDEOCODEC_MAX_RETAINED_DECODERS\n",
            "PYNVVIDEOCODEC_MAX_RETAINED_DECODERS,",
        ),
    ),
    (
        "#49753 constant removed",
        "a module attribute",
        K(
            "#49753",
            ND,
            NDW,
            "vllm/aeon/nd2.py",
            "from vllm.multimodal import video as mm_video\n\n\n"
            "def aeon_max_decoders() -> int:\n"
            "    return mm_video.PYNVVIDEOCODEC_MAX_RETAINED_DECODERS\n",
            "return mm_video.PYNVVIDEOCODEC_MAX_RETAINED_DECODERS",
        ),
    ),
    (
        "#49753 constant removed",
        "twin: a kept constant",
        K(
            "#49753",
            ND,
            NDW,
            "vllm/aeon/nd3.py",
            "from vllm.multimodal import video as mm_video\n\n\n"
            "def aeon_decoder_bytes() -> int:\n"
            "    return mm_video.PYNVVIDEOCODEC_DECODER_GPU_MEMORY_BYTES\n",
            "return mm_video.PYNVVIDEOCODEC_DECODER_GPU_MEMORY_BYTES",
        ),
    ),
]

# --- #37289 (c781fbbab3): QwenVLProcessor(tokenizer, image_size, image_processor=None) -> (image_processor, tokenizer)
QV = "c781fbbab3"
QVW = "QwenVLProcessor's image_size removed, image_processor made first and required"
QVP = "from vllm.transformers_utils.processors.qwen_vl import QwenVLProcessor\n\n\n"
CASES += [
    (
        "#37289 parameter removed",
        "a keyword call",
        K(
            "#37289",
            QV,
            QVW,
            "vllm/aeon/qv1.py",
            QVP + "def aeon_qwen_processor(tokenizer) -> QwenVLProcessor:\n"
            "    # AEON: the Spark serves Qwen-VL at a smaller tile\n"
            "    return QwenVLProcessor(tokenizer=tokenizer, image_size=336)\n",
            "return QwenVLProcessor(tokenizer=tokenizer, image_size=336)",
        ),
    ),
    (
        "#37289 parameter removed",
        "a subclass's super().__init__",
        K(
            "#37289",
            QV,
            QVW,
            "vllm/aeon/qv2.py",
            QVP + "class AeonQwenVLProcessor(QwenVLProcessor):\n"
            "    def __init__(self, tokenizer, image_size: int = 448) -> None:\n"
            "        super().__init__(tokenizer, image_size=image_size)\n",
            "super().__init__(tokenizer, image_size=image_size)",
        ),
    ),
    (
        "#37289 parameter removed",
        "twin: a tag still read",
        K(
            "#37289",
            QV,
            QVW,
            "vllm/aeon/qv3.py",
            QVP + "def aeon_image_span(proc: QwenVLProcessor, text: str) -> str:\n"
            "    return proc.image_start_tag + text + proc.image_end_tag\n",
            "return proc.image_start_tag + text + proc.image_end_tag",
        ),
    ),
]

# --- #37324 (99267c23ca): BaseInternVLProcessor, IMG_* constants and the SkyworkR1V processor module removed
IV = "99267c23ca"
IVW = "BaseInternVLProcessor, IMG_CONTEXT, processors.skyworkr1v removed"
CASES += [
    (
        "#37324 class removed",
        "an import and a subclass",
        K(
            "#37324",
            IV,
            IVW,
            "vllm/aeon/iv1.py",
            "from vllm.transformers_utils.processors.internvl import BaseInternVLProcessor\n\n\n"
            "class AeonInternVLProcessor(BaseInternVLProcessor):\n"
            "    # AEON: a fork InternVL variant with a fixed tile budget\n"
            "    pass\n",
            "from vllm.transformers_utils.processors.internvl import BaseInternVLProcessor",
        ),
    ),
    (
        "#37324 constant removed",
        "an import of a constant",
        K(
            "#37324",
            IV,
            IVW,
            "vllm/aeon/iv2.py",
            "from vllm.transformers_utils.processors.internvl import IMG_CONTEXT, IMG_END, IMG_START\n\n\n"
            "def aeon_image_prompt(n: int) -> str:\n"
            "    return IMG_START + IMG_CONTEXT * n + IMG_END\n",
            "from vllm.transformers_utils.processors.internvl import IMG_CONTEXT, IMG_END, IMG_START",
        ),
    ),
    (
        "#37324 module removed",
        "an import of the removed module",
        K(
            "#37324",
            IV,
            IVW,
            "vllm/aeon/iv3.py",
            "from vllm.transformers_utils.processors.skyworkr1v import SkyworkR1VProcessor\n\n\n"
            "def aeon_skywork(config, tokenizer) -> SkyworkR1VProcessor:\n"
            "    return SkyworkR1VProcessor(config, tokenizer)\n",
            "from vllm.transformers_utils.processors.skyworkr1v import SkyworkR1VProcessor",
        ),
    ),
    (
        "#37324 class removed",
        "twin: a kept helper",
        K(
            "#37324",
            IV,
            IVW,
            "vllm/aeon/iv4.py",
            "from vllm.transformers_utils.processors.internvl import dynamic_preprocess_internvl\n\n\n"
            "def aeon_tiles(image, ratios: list[tuple[int, int]]):\n"
            "    return dynamic_preprocess_internvl(image, target_ratios=ratios, image_size=448, use_thumbnail=True)\n",
            "return dynamic_preprocess_internvl(image, target_ratios=ratios, image_size=448, use_thumbnail=True)",
        ),
    ),
]

# --- #37579 (30108fc8b0): Step3VLProcessor made a ProcessorMixin; token counting moved to Step3VLImageProcessor
SV = "30108fc8b0"
SVW = "Step3VLProcessor: get_num_image_tokens and feature sizes moved off, config no longer taken"
SVP = "from vllm.transformers_utils.processors.step3_vl import Step3VLProcessor\n\n\n"
CASES += [
    (
        "#37579 method moved",
        "a call on a typed receiver",
        K(
            "#37579",
            SV,
            SVW,
            "vllm/aeon/sv1.py",
            SVP + "def aeon_budget(proc: Step3VLProcessor, width: int, height: int) -> int:\n"
            "    # AEON: the Spark's encoder budget counts an image's tokens before preprocessing\n"
            "    return proc.get_num_image_tokens(width, height)\n",
            "return proc.get_num_image_tokens(width, height)",
        ),
    ),
    (
        "#37579 parameter renamed",
        "a keyword call",
        K(
            "#37579",
            SV,
            SVW,
            "vllm/aeon/sv2.py",
            SVP + "def aeon_step3_processor(hf_config, tokenizer) -> Step3VLProcessor:\n"
            "    return Step3VLProcessor(config=hf_config, tokenizer=tokenizer)\n",
            "return Step3VLProcessor(config=hf_config, tokenizer=tokenizer)",
        ),
    ),
    (
        "#37579 attribute no longer set",
        "a subclass's self. read",
        K(
            "#37579",
            SV,
            SVW,
            "vllm/aeon/sv3.py",
            SVP + "class AeonStep3VLProcessor(Step3VLProcessor):\n"
            "    def aeon_feature_tokens(self) -> int:\n"
            "        return self.num_image_feature_size + 2\n",
            "return self.num_image_feature_size + 2",
        ),
    ),
    (
        "#37579 method moved",
        "twin: a kept method and attribute",
        K(
            "#37579",
            SV,
            SVW,
            "vllm/aeon/sv4.py",
            SVP + "def aeon_expand(proc: Step3VLProcessor, text: str, repls: list[str]) -> tuple[str, int]:\n"
            '    return proc.replace_placeholder(text, "<image>", repls), proc.image_token_id\n',
            'return proc.replace_placeholder(text, "<image>", repls), proc.image_token_id',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-mmmedia-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
