"""Adversarial twins of killers171's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- an attribute typed by a generic base's TypeVar (``drift/symbols.py``'s ``_generic_argument``; #51657
  renamed ``MultiModalProcessingInfo.get_max_image_size``, read as ``self.info`` of a builder): the new
  spelling, the fork's own info class bound in its own subscript, a ``hasattr`` bridge, ``getattr`` with the new
  spelling as its default, a ``try``/``except AttributeError``, a parameter named ``info`` annotated with the
  fork's own class, ``self.info`` narrowed by ``isinstance`` to the fork's class, a kept member off the
  processor's info (the other generic base), the fork's own TypeVar left unbound by its generic builder, the
  fork's own class named ``MultiModalProcessingInfo``, a class-level annotation ``info: AeonInfo``, ``self.info``
  rebound in the fork builder's ``__init__``; #37560 (657855ab41) folded mistral3's ``BaseLlavaProcessingInfo``
  into ``Mistral3ProcessingInfo`` and bound its builder's ``_I`` to it (a moved-down member, a keyword call that
  still fits, a kept member); #37541 (9515c20868) moved nano_nemotron_vl's ``is_dynamic_tiler`` from the
  processor to its info (the new spelling, kept properties and methods off the info);
- one of a def's raises of a caught kind answered instead (``drift/raised_kinds.py``'s ``_answered_raises``;
  #12785 made ``replace_linear_class``'s unknown style ``return linear``): an ``except`` of another kind, the
  fork's own function and method of the name, the answer tested too, the known styles tested before the call;
  and #51657's own ``get_supported_mm_limits``/``get_mm_max_tokens_per_item``, whose ``raise ValueError`` moved
  into the new ``_get_supported_modalities`` they call (the ValueError still escapes them).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's two
catches of these widenings (#51657's ``self.info.get_max_image_size()``, #12785's warned ``except ValueError``),
kept to show the reach stays.  killers171's third widening (``drift/outgrown_patches.py``) is being joined with
``patched_functions.py`` elsewhere and is not reviewed here.

Round 1 (main at 5a625875), 2 cases and 25 twins as first written: 1 caught, 1 warned of 2; 0 false errors of
25, 4 twins warned.  Two of the warnings were false claims: #51657's own ``get_supported_mm_limits`` and
``get_mm_max_tokens_per_item`` lost their ``raise ValueError`` and return ``dict.fromkeys(...)``/``max_tokens``,
but the raise moved into the new ``_get_supported_modalities`` they call -- the ValueError still escapes and a
fork's ``except ValueError`` still runs, yet ``_answered_raises`` counted only the def's own ``raise``
statements and said "upstream replaced a raise of it with a returned answer".  The other two (#12785's handler
kept beside a test of the answer, and one kept for the non-str style after a test of the known styles) are the
warning by design: the refused case is answered now and the engine cannot tell the fork handled it.  The one
error in a twin's file (``r87mm11``, the fork's ``AeonInfo11.get_max_image_size`` override) is on the override's
``def``, not the twin's line, and is right: upstream's ``get_max_image_tokens`` calls the new name now, so the
override no longer shapes the dummy image.  No generic-TypeVar twin raised anything: the fork's own info bound in
its own subscript, its own TypeVar left unbound, its own class named ``MultiModalProcessingInfo``, a class-level
annotation, a rebinding in ``__init__``, a parameter or an ``isinstance``-narrowed local, and the guards stay
quiet.
Round 2 (this branch): ``_raise_counts`` counts the ``raise`` statements of the def and the defs of its file it
calls (``_reach``, as ``_raised`` does), so a raise moved to a helper is not an answer.  1 caught, 1 warned of 2;
0 false errors of 25 (2 warned, the two by design).
Round 3 (written after the mend): four more #51657 twins (a local read off ``self.info`` then rebound to the
fork's own info, a nested class's own ``self.info``, the same read on gemma3's unchanged builder, llava's chain of
generic builders with the fork binding llava's own ``_I``): quiet (the mend touches only raised kinds, so main
gives the same).  All rounds, this branch: 1 caught, 1 warned of 2 cases; 0 false errors of 29 twins (2 warned).
``blind_replay_tfbackend.py`` as recorded: 25 caught, 1 warned, 0 missed of 26 (11 twins quiet).

  PYTHONPATH=.. python review87_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- cf8f3a3bb2 (#51657): MultiModalProcessingInfo.get_max_image_size -> get_image_size_with_most_features
MM = ("#51657", "cf8f3a3bb2", "get_max_image_size -> get_image_size_with_most_features")
MP = (
    "from vllm.model_executor.models.transformers.multimodal import (\n"
    "    MultiModalDummyInputsBuilder,\n"
    "    MultiModalProcessingInfo,\n"
    "    MultiModalProcessor,\n"
    ")\n"
    "from vllm.multimodal.processing import BaseDummyInputsBuilder, BaseProcessingInfo\n\n\n"
)
OWN = (
    "class AeonSizedInfo(BaseProcessingInfo):\n"
    "    def get_max_image_size(self) -> tuple[int, int]:\n"
    "        return 2048, 2048  # AEON: the Spark profiles a smaller dummy image\n\n\n"
)
CASES += [
    (
        "#51657 generic TypeVar attribute",
        "a call off the builder's info (the replay's catch)",
        K(
            *MM,
            "vllm/aeon/r87mm0.py",
            MP + "class AeonDummyInputs(MultiModalDummyInputsBuilder):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        width, height = self.info.get_max_image_size()\n"
            "        return width * height\n",
            "        width, height = self.info.get_max_image_size()",
        ),
    ),
]
TWINS += [
    (
        "#51657 generic TypeVar attribute",
        "twin: the new spelling off the builder's info",
        K(
            *MM,
            "vllm/aeon/r87mm1.py",
            MP + "class AeonDummyInputs1(MultiModalDummyInputsBuilder):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        width, height = self.info.get_image_size_with_most_features()\n"
            "        return width * height\n",
            "        width, height = self.info.get_image_size_with_most_features()",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: the fork's own info class bound in its own subscript",
        K(
            *MM,
            "vllm/aeon/r87mm2.py",
            MP + OWN + "class AeonDummyInputs2(BaseDummyInputsBuilder[AeonSizedInfo]):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        width, height = self.info.get_max_image_size()\n"
            "        return width * height\n",
            "        width, height = self.info.get_max_image_size()",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: a hasattr bridge to the new spelling",
        K(
            *MM,
            "vllm/aeon/r87mm3.py",
            MP + "class AeonDummyInputs3(MultiModalDummyInputsBuilder):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        if hasattr(self.info, 'get_max_image_size'):\n"
            "            width, height = self.info.get_max_image_size()\n"
            "        else:\n"
            "            width, height = self.info.get_image_size_with_most_features()\n"
            "        return width * height\n",
            "            width, height = self.info.get_max_image_size()",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: getattr with the new spelling as its default",
        K(
            *MM,
            "vllm/aeon/r87mm4.py",
            MP + "class AeonDummyInputs4(MultiModalDummyInputsBuilder):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        size = getattr(self.info, 'get_max_image_size', self.info.get_image_size_with_most_features)\n"
            "        width, height = size()\n"
            "        return width * height\n",
            "        size = getattr(self.info, 'get_max_image_size', self.info.get_image_size_with_most_features)",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: try the old spelling, except AttributeError the new",
        K(
            *MM,
            "vllm/aeon/r87mm5.py",
            MP + "class AeonDummyInputs5(MultiModalDummyInputsBuilder):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        try:\n"
            "            width, height = self.info.get_max_image_size()\n"
            "        except AttributeError:  # AEON: renamed upstream\n"
            "            width, height = self.info.get_image_size_with_most_features()\n"
            "        return width * height\n",
            "            width, height = self.info.get_max_image_size()",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: a parameter named info annotated with the fork's own class",
        K(
            *MM,
            "vllm/aeon/r87mm6.py",
            MP + OWN + "class AeonDummyInputs6(MultiModalDummyInputsBuilder):\n"
            "    def aeon_dummy_pixels(self, info: AeonSizedInfo) -> int:\n"
            "        width, height = info.get_max_image_size()\n"
            "        return width * height\n",
            "        width, height = info.get_max_image_size()",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: self.info narrowed by isinstance to the fork's own class",
        K(
            *MM,
            "vllm/aeon/r87mm7.py",
            MP + OWN + "class AeonDummyInputs7(MultiModalDummyInputsBuilder):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        info = self.info\n"
            "        if isinstance(info, AeonSizedInfo):\n"
            "            width, height = info.get_max_image_size()\n"
            "        else:\n"
            "            width, height = info.get_image_size_with_most_features()\n"
            "        return width * height\n",
            "            width, height = info.get_max_image_size()",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: a kept member off the processor's info (the other generic base)",
        K(
            *MM,
            "vllm/aeon/r87mm8.py",
            MP + "class AeonProcessor8(MultiModalProcessor):\n"
            "    def aeon_budget(self) -> int:\n"
            "        return min(self.info.get_max_image_tokens(), 4096)\n",
            "        return min(self.info.get_max_image_tokens(), 4096)",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: the fork's own TypeVar bound to its own info, left unbound by its generic builder",
        K(
            *MM,
            "vllm/aeon/r87mm9.py",
            "from typing import TypeVar\n\n" + MP + OWN + '_S = TypeVar("_S", bound=AeonSizedInfo)\n\n\n'
            "class AeonDummyInputs9(BaseDummyInputsBuilder[_S]):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        width, height = self.info.get_max_image_size()\n"
            "        return width * height\n",
            "        width, height = self.info.get_max_image_size()",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: the fork's own class named MultiModalProcessingInfo bound in its subscript",
        K(
            *MM,
            "vllm/aeon/r87mm10.py",
            "from vllm.multimodal.processing import BaseDummyInputsBuilder, BaseProcessingInfo\n\n\n"
            "class MultiModalProcessingInfo(BaseProcessingInfo):\n"
            "    def get_max_image_size(self) -> tuple[int, int]:\n"
            "        return 2048, 2048  # AEON: the fork's own info of the name\n\n\n"
            "class AeonDummyInputs10(BaseDummyInputsBuilder[MultiModalProcessingInfo]):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        width, height = self.info.get_max_image_size()\n"
            "        return width * height\n",
            "        width, height = self.info.get_max_image_size()",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: a class-level annotation of info as the fork's own subclass keeping the method",
        K(
            *MM,
            "vllm/aeon/r87mm11.py",
            MP + "class AeonInfo11(MultiModalProcessingInfo):\n"
            "    def get_max_image_size(self) -> tuple[int, int]:\n"
            "        return 2048, 2048\n\n\n"
            "class AeonDummyInputs11(MultiModalDummyInputsBuilder):\n"
            "    info: AeonInfo11\n\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        width, height = self.info.get_max_image_size()\n"
            "        return width * height\n",
            "        width, height = self.info.get_max_image_size()",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: self.info rebound in the fork builder's __init__ to the fork's own info",
        K(
            *MM,
            "vllm/aeon/r87mm12.py",
            MP + OWN + "class AeonDummyInputs12(MultiModalDummyInputsBuilder):\n"
            "    def __init__(self, info: MultiModalProcessingInfo) -> None:\n"
            "        super().__init__(info)\n"
            "        self.info = AeonSizedInfo(info.ctx)\n\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        width, height = self.info.get_max_image_size()\n"
            "        return width * height\n",
            "        width, height = self.info.get_max_image_size()",
        ),
    ),
]

# round 3 (written after the mend): a local rebound, a nested class's own info, an unchanged class, a chain
TWINS += [
    (
        "#51657 generic TypeVar attribute",
        "twin: a local read off self.info, rebound to the fork's own info before the call",
        K(
            *MM,
            "vllm/aeon/r87mm13.py",
            MP + OWN + "class AeonDummyInputs13(MultiModalDummyInputsBuilder):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        info = self.info\n"
            "        info = AeonSizedInfo(info.ctx)\n"
            "        width, height = info.get_max_image_size()\n"
            "        return width * height\n",
            "        width, height = info.get_max_image_size()",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: a nested class's own self.info inside the fork builder",
        K(
            *MM,
            "vllm/aeon/r87mm14.py",
            MP + OWN + "class AeonDummyInputs14(MultiModalDummyInputsBuilder):\n"
            "    class Sizer:\n"
            "        def __init__(self, info: AeonSizedInfo) -> None:\n"
            "            self.info = info\n\n"
            "        def pixels(self) -> int:\n"
            "            width, height = self.info.get_max_image_size()\n"
            "            return width * height\n",
            "            width, height = self.info.get_max_image_size()",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: the same read on an unchanged model's builder",
        K(
            *MM,
            "vllm/aeon/r87mm15.py",
            "from vllm.model_executor.models.gemma3_mm import Gemma3DummyInputsBuilder\n\n\n"
            "class AeonGemmaDummy(Gemma3DummyInputsBuilder):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        size = self.info.get_image_size_with_most_features()\n"
            "        return size.width * size.height\n",
            "        size = self.info.get_image_size_with_most_features()",
        ),
    ),
    (
        "#51657 generic TypeVar attribute",
        "twin: a chain of generic builders (llava's own _I bound by the fork's subscript)",
        K(
            *MM,
            "vllm/aeon/r87mm16.py",
            "from vllm.model_executor.models.llava import LlavaDummyInputsBuilder, LlavaProcessingInfo\n\n\n"
            "class AeonLlavaDummy(LlavaDummyInputsBuilder[LlavaProcessingInfo]):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        size = self.info.get_image_size_with_most_features()\n"
            "        return size.width * size.height\n",
            "        size = self.info.get_image_size_with_most_features()",
        ),
    ),
]

# --- 657855ab41 (#37560): mistral3's BaseLlavaProcessingInfo folded into Mistral3ProcessingInfo; its dummy
# builder's generic _I bound to Mistral3ProcessingInfo
M3 = ("#37560", "657855ab41", "BaseLlavaProcessingInfo folded into Mistral3ProcessingInfo")
M3P = "from vllm.model_executor.models.mistral3 import Mistral3DummyInputsBuilder, Mistral3MultiModalProcessor\n\n\n"
TWINS += [
    (
        "#37560 generic TypeVar attribute",
        "twin: a moved-down member off the builder's info",
        K(
            *M3,
            "vllm/aeon/r87m31.py",
            M3P + "class AeonMistralDummy1(Mistral3DummyInputsBuilder):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        size = self.info.get_image_size_with_most_features()\n"
            "        return size.width * size.height\n",
            "        size = self.info.get_image_size_with_most_features()",
        ),
    ),
    (
        "#37560 generic TypeVar attribute",
        "twin: a keyword call that still fits, off the processor's info",
        K(
            *M3,
            "vllm/aeon/r87m32.py",
            M3P + "class AeonMistralProcessor2(Mistral3MultiModalProcessor):\n"
            "    def aeon_tokens(self, width: int, height: int) -> int:\n"
            "        return self.info.get_num_image_tokens(image_width=width, image_height=height)\n",
            "        return self.info.get_num_image_tokens(image_width=width, image_height=height)",
        ),
    ),
    (
        "#37560 generic TypeVar attribute",
        "twin: a kept member off the builder's info",
        K(
            *M3,
            "vllm/aeon/r87m33.py",
            M3P + "class AeonMistralDummy3(Mistral3DummyInputsBuilder):\n"
            "    def aeon_encoder(self):\n"
            "        return self.info.get_vision_encoder_info()\n",
            "        return self.info.get_vision_encoder_info()",
        ),
    ),
]

# --- 9515c20868 (#37541): nano_nemotron_vl's is_dynamic_tiler moved from the processor to its info
NN = ("#37541", "9515c20868", "is_dynamic_tiler moved from the processor to NanoNemotronVLProcessingInfo")
NNP = (
    "from vllm.model_executor.models.nano_nemotron_vl import (\n"
    "    NanoNemotronVLDummyInputsBuilder,\n"
    "    NanoNemotronVLMultiModalProcessor,\n"
    ")\n\n\n"
)
TWINS += [
    (
        "#37541 generic TypeVar attribute",
        "twin: the moved property read off the processor's info (the new spelling)",
        K(
            *NN,
            "vllm/aeon/r87nn1.py",
            NNP + "class AeonNanoProcessor1(NanoNemotronVLMultiModalProcessor):\n"
            "    def aeon_tiles(self) -> int:\n"
            "        return 12 if self.info.is_dynamic_tiler else 6\n",
            "        return 12 if self.info.is_dynamic_tiler else 6",
        ),
    ),
    (
        "#37541 generic TypeVar attribute",
        "twin: a kept property off the builder's info",
        K(
            *NN,
            "vllm/aeon/r87nn2.py",
            NNP + "class AeonNanoDummy2(NanoNemotronVLDummyInputsBuilder):\n"
            "    def aeon_videos(self) -> bool:\n"
            "        return bool(self.info.supports_video)\n",
            "        return bool(self.info.supports_video)",
        ),
    ),
    (
        "#37541 generic TypeVar attribute",
        "twin: a kept method with its keyword off the builder's info",
        K(
            *NN,
            "vllm/aeon/r87nn3.py",
            NNP + "class AeonNanoDummy3(NanoNemotronVLDummyInputsBuilder):\n"
            "    def aeon_size(self):\n"
            "        return self.info.get_image_size_with_most_features(max_num_tiles=12)\n",
            "        return self.info.get_image_size_with_most_features(max_num_tiles=12)",
        ),
    ),
]

# --- 1a6fcad4c9 (#12785): replace_linear_class's unknown style logs and returns the linear, no ValueError
UX = ("#12785", "1a6fcad4c9", "an unknown parallel style returns the linear in place of raise ValueError")
RL = (
    "from torch import nn\n\n"
    "from vllm.model_executor.layers.linear import ReplicatedLinear\n"
    "from vllm.model_executor.models.transformers import replace_linear_class\n\n\n"
)
REP = "ReplicatedLinear(linear.in_features, linear.out_features, bias=linear.bias is not None)"
CASES += [
    (
        "#12785 answered raise",
        "an except of the ValueError an unknown style raised (the replay's warning)",
        K(
            *UX,
            "vllm/aeon/r87ux0.py",
            RL + "def aeon_replace(linear: nn.Linear, style: str) -> nn.Module:\n"
            "    try:\n"
            "        return replace_linear_class(linear, style)\n"
            "    except ValueError:\n"
            "        # AEON: a style the backend does not know stays replicated on the Spark\n"
            f"        return {REP}\n",
            "    except ValueError:",
        ),
    ),
]
TWINS += [
    (
        "#12785 answered raise",
        "twin: an except of another kind round the call",
        K(
            *UX,
            "vllm/aeon/r87ux1.py",
            RL + "def aeon_replace(linear: nn.Linear, style: str) -> nn.Module:\n"
            "    try:\n"
            "        return replace_linear_class(linear, style)\n"
            "    except TypeError:\n"
            f"        return {REP}\n",
            "    except TypeError:",
        ),
    ),
    (
        "#12785 answered raise",
        "twin: the fork's own replace_linear_class of the name",
        K(
            *UX,
            "vllm/aeon/r87ux2.py",
            "from torch import nn\n\n"
            "from vllm.model_executor.layers.linear import ReplicatedLinear\n\n\n"
            "def replace_linear_class(linear: nn.Linear, style: str) -> nn.Module:\n"
            "    if style not in ('colwise', 'rowwise'):\n"
            "        raise ValueError(style)  # AEON: the fork's own strict replacer\n"
            "    return linear\n\n\n"
            "def aeon_replace(linear: nn.Linear, style: str) -> nn.Module:\n"
            "    try:\n"
            "        return replace_linear_class(linear, style)\n"
            "    except ValueError:\n"
            f"        return {REP}\n",
            "    except ValueError:",
        ),
    ),
    (
        "#12785 answered raise",
        "twin: a method of the fork's own class of the name",
        K(
            *UX,
            "vllm/aeon/r87ux3.py",
            "from torch import nn\n\n"
            "from vllm.model_executor.layers.linear import ReplicatedLinear\n\n\n"
            "class AeonSharder:\n"
            "    def replace_linear_class(self, linear: nn.Linear, style: str) -> nn.Module:\n"
            "        if style not in ('colwise', 'rowwise'):\n"
            "            raise ValueError(style)\n"
            "        return linear\n\n"
            "    def aeon_replace(self, linear: nn.Linear, style: str) -> nn.Module:\n"
            "        try:\n"
            "            return self.replace_linear_class(linear, style)\n"
            "        except ValueError:\n"
            f"            return {REP}\n",
            "        except ValueError:",
        ),
    ),
    (
        "#12785 answered raise",
        "twin: the answer tested too (the linear handed back is replicated by the fork)",
        K(
            *UX,
            "vllm/aeon/r87ux4.py",
            RL + "def aeon_replace(linear: nn.Linear, style: str) -> nn.Module:\n"
            "    try:\n"
            "        new = replace_linear_class(linear, style)\n"
            "    except ValueError:  # AEON: older upstreams refuse the unknown style\n"
            "        new = linear\n"
            f"    return {REP} if new is linear else new\n",
            "    except ValueError:  # AEON: older upstreams refuse the unknown style",
        ),
    ),
    (
        "#12785 answered raise",
        "twin: the known styles tested before the call, the handler for the non-str style",
        K(
            *UX,
            "vllm/aeon/r87ux5.py",
            RL + "def aeon_replace(linear: nn.Linear, style: object) -> nn.Module:\n"
            "    if style not in ('colwise', 'rowwise', 'replicate'):\n"
            f"        return {REP}\n"
            "    try:\n"
            "        return replace_linear_class(linear, style)\n"
            "    except ValueError:  # AEON: a style that is not a str\n"
            "        return linear\n",
            "    except ValueError:  # AEON: a style that is not a str",
        ),
    ),
]

# --- cf8f3a3bb2 (#51657): get_supported_mm_limits / get_mm_max_tokens_per_item's raise ValueError moved into
# the new _get_supported_modalities, which they call: the ValueError still escapes them
MMR = ("#51657", "cf8f3a3bb2", "the no-modality ValueError moved into _get_supported_modalities")
TWINS += [
    (
        "#51657 answered raise",
        "twin: except ValueError round get_supported_mm_limits (the raise moved into a callee)",
        K(
            *MMR,
            "vllm/aeon/r87mr1.py",
            MP + "class AeonInfoR1(MultiModalProcessingInfo):\n"
            "    def aeon_limits(self):\n"
            "        try:\n"
            "            return self.get_supported_mm_limits()\n"
            "        except ValueError:  # AEON: a text-only checkpoint served as multimodal\n"
            "            return {}\n",
            "        except ValueError:  # AEON: a text-only checkpoint served as multimodal",
        ),
    ),
    (
        "#51657 answered raise",
        "twin: except ValueError round get_mm_max_tokens_per_item off a typed info",
        K(
            *MMR,
            "vllm/aeon/r87mr2.py",
            MP + "def aeon_budget(info: MultiModalProcessingInfo, seq_len: int) -> dict:\n"
            "    try:\n"
            "        return info.get_mm_max_tokens_per_item(seq_len, {})\n"
            "    except ValueError:\n"
            "        return {}\n",
            "    except ValueError:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review87-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
