"""Adversarial twins of killers225's widenings: fork carries correct after the real change.

ROUNDS

  PYTHONPATH=.. python review133_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

MU = "vllm.model_executor.models.utils"
MI = "vllm.model_executor.models.interfaces"

# --- #42662 (95c9144424): SupportsMultiModal.get_mm_lora_token_counts(self, *, modality, mm_kwargs, num_mm_embeds),
# called by keyword off self.model / model: Any (drift/symbols.py's new hooks: every def upstream on the hook's line)
ML = ("#42662", "95c9144424", "SupportsMultiModal.get_mm_lora_token_counts called with keywords")
MLH = f"from torch import nn\n\nfrom {MI} import SupportsMultiModal\n\n\n"


def _ml(name: str, body: str, line: str, head: str = MLH) -> Killer:
    return K(*ML, f"vllm/aeon/r133{name}.py", head + body, line)


CASES += [
    (
        "#42662 new hook",
        "an override taking the counts under other keyword names",
        _ml(
            "ml0",
            "class AeonSparkVLc(nn.Module, SupportsMultiModal):\n"
            "    def get_mm_lora_token_counts(self, *, modality: str, num_embeds: int) -> tuple[int, int]:\n"
            "        return num_embeds, num_embeds // 4\n",
            "    def get_mm_lora_token_counts(self, *, modality: str, num_embeds: int) -> tuple[int, int]:",
        ),
    ),
    (
        "#42662 new hook",
        "an override on a fork subclass of a fork multimodal base, one required parameter more",
        _ml(
            "ml00",
            "class AeonVLBase(nn.Module, SupportsMultiModal):\n"
            "    aeon_patch = 14\n\n\n"
            "class AeonVLTiled(AeonVLBase):\n"
            "    def get_mm_lora_token_counts(self, modality, mm_kwargs, num_mm_embeds, num_tiles):\n"
            "        return num_mm_embeds * num_tiles, None\n",
            "    def get_mm_lora_token_counts(self, modality, mm_kwargs, num_mm_embeds, num_tiles):",
        ),
    ),
]
TWINS += [
    (
        "#42662 new hook",
        "twin: the override keyword-only, upstream's names",
        _ml(
            "ml1",
            "class AeonSparkVL1(nn.Module, SupportsMultiModal):\n"
            "    def get_mm_lora_token_counts(self, *, modality, mm_kwargs, num_mm_embeds):\n"
            "        return num_mm_embeds, num_mm_embeds // 4\n",
            "    def get_mm_lora_token_counts(self, *, modality, mm_kwargs, num_mm_embeds):",
        ),
    ),
    (
        "#42662 new hook",
        "twin: upstream's names positional-or-keyword with defaults",
        _ml(
            "ml2",
            "class AeonSparkVL2(nn.Module, SupportsMultiModal):\n"
            "    def get_mm_lora_token_counts(self, modality=None, mm_kwargs=None, num_mm_embeds=0):\n"
            "        return num_mm_embeds, None\n",
            "    def get_mm_lora_token_counts(self, modality=None, mm_kwargs=None, num_mm_embeds=0):",
        ),
    ),
    (
        "#42662 new hook",
        "twin: an override taking **kwargs",
        _ml(
            "ml3",
            "class AeonSparkVL3(nn.Module, SupportsMultiModal):\n"
            "    def get_mm_lora_token_counts(self, **kwargs):\n"
            '        return kwargs["num_mm_embeds"], None\n',
            "    def get_mm_lora_token_counts(self, **kwargs):",
        ),
    ),
    (
        "#42662 new hook",
        "twin: the fork's own budget class (no multimodal base) with a namesake of its own shape",
        _ml(
            "ml4",
            "class AeonLoraBudget:\n"
            "    # AEON: the Spark's host-side LoRA budget, a namesake of the protocol's method\n"
            "    def get_mm_lora_token_counts(self, num_images: int) -> tuple[int, int]:\n"
            "        return num_images * 256, num_images * 64\n",
            "    def get_mm_lora_token_counts(self, num_images: int) -> tuple[int, int]:",
        ),
    ),
    (
        "#42662 new hook",
        "twin: a fork mixin's namesake listed after the protocol (upstream's def shadows it)",
        _ml(
            "ml5",
            "class AeonCountsMixin:\n"
            "    def get_mm_lora_token_counts(self, num_images):\n"
            "        return num_images, None\n\n\n"
            "class AeonSparkVL5(nn.Module, SupportsMultiModal, AeonCountsMixin):\n"
            "    pass\n",
            "    def get_mm_lora_token_counts(self, num_images):",
        ),
    ),
    (
        "#42662 new hook",
        "twin: a namesake given dynamically to the fork's own helper class (setattr), called positionally",
        _ml(
            "ml6",
            "def _aeon_counts(self, num_images):\n"
            "    return num_images * 256, None\n\n\n"
            "class AeonTowerCounter:\n"
            "    pass\n\n\n"
            'setattr(AeonTowerCounter, "get_mm_lora_token_counts", _aeon_counts)\n\n\n'
            "def aeon_budget(counter: AeonTowerCounter, n: int):\n"
            "    return counter.get_mm_lora_token_counts(n)\n",
            "    return counter.get_mm_lora_token_counts(n)",
        ),
    ),
    (
        "#42662 new hook",
        "twin: an override keeping the fork's positional helper apart under another name",
        _ml(
            "ml7",
            "class AeonSparkVL7(nn.Module, SupportsMultiModal):\n"
            "    def aeon_counts(self, num_images):\n"
            "        return num_images * 256, num_images * 64\n\n"
            "    def get_mm_lora_token_counts(self, *, modality, mm_kwargs, num_mm_embeds):\n"
            "        return self.aeon_counts(max(1, num_mm_embeds // 256))\n",
            "    def get_mm_lora_token_counts(self, *, modality, mm_kwargs, num_mm_embeds):",
        ),
    ),
]

# --- #20046 (9025a9a705): SupportsQuant.packed_modules_mapping's ClassVar default {} made None
# (drift/nulled_defaults.py: self./type(self). reads in a fork subclass, a mixin after nn.Module)
PM = ("#20046", "9025a9a705", "SupportsQuant.packed_modules_mapping defaults to None (was {})")
PMH = f"from torch import nn\n\nfrom {MI} import SupportsQuant\n\n\n"


def _pm(name: str, body: str, line: str, head: str = PMH) -> Killer:
    return K(*PM, f"vllm/aeon/r133{name}.py", head + body, line)


CASES += [
    (
        "#20046 nulled ClassVar",
        "the inherited mapping iterated off self in a plain method",
        _pm(
            "pm0",
            "class AeonNvfp4Mlp(nn.Module, SupportsQuant):\n"
            "    def aeon_packed_names(self) -> list[str]:\n"
            "        # AEON: the NVFP4 MLP lists what the checkpoint packs\n"
            "        return [k for k in self.packed_modules_mapping.keys()]\n",
            "        return [k for k in self.packed_modules_mapping.keys()]",
        ),
    ),
]
TWINS += [
    (
        "#20046 nulled ClassVar",
        "twin: the fork's __init__ stores its own mapping on self",
        _pm(
            "pm1",
            "class AeonNvfp4Head1(nn.Module, SupportsQuant):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            '        self.packed_modules_mapping = {"fc": ["fc1", "fc2"]}\n\n'
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return self.packed_modules_mapping.get(name, [name])\n",
            "        return self.packed_modules_mapping.get(name, [name])",
        ),
    ),
    (
        "#20046 nulled ClassVar",
        "twin: a fork mixin setting the mapping listed before the protocol",
        _pm(
            "pm2",
            "class AeonPackedMixin:\n"
            '    packed_modules_mapping = {"qkv_proj": ["q_proj", "k_proj", "v_proj"]}\n\n\n'
            "class AeonNvfp4Head2(nn.Module, AeonPackedMixin, SupportsQuant):\n"
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return self.packed_modules_mapping.get(name, [name])\n",
            "        return self.packed_modules_mapping.get(name, [name])",
        ),
    ),
    (
        "#20046 nulled ClassVar",
        "twin: a mixin of the fork's own package (imported) setting the mapping before the protocol",
        _pm(
            "pm3",
            "class AeonNvfp4Head3(nn.Module, AeonPackedMixin3, SupportsQuant):\n"
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return self.packed_modules_mapping.get(name, [name])\n",
            "        return self.packed_modules_mapping.get(name, [name])",
            head=f"from torch import nn\n\nfrom spark_ext.quant import AeonPackedMixin3\nfrom {MI} import SupportsQuant\n\n\n",
        ),
    ),
    (
        "#20046 nulled ClassVar",
        "twin: a library mixin named off its module (peft-style) before the protocol",
        _pm(
            "pm4",
            "class AeonNvfp4Head4(nn.Module, spark_mixins.PackedMappingMixin, SupportsQuant):\n"
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return self.packed_modules_mapping.get(name, [name])\n",
            "        return self.packed_modules_mapping.get(name, [name])",
            head=f"import spark_ext.mixins as spark_mixins\nfrom torch import nn\n\nfrom {MI} import SupportsQuant\n\n\n",
        ),
    ),
    (
        "#20046 nulled ClassVar",
        "twin: an upstream model that sets the mapping before the protocol",
        _pm(
            "pm5",
            "class AeonLlama5(LlamaForCausalLM, SupportsQuant):\n"
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return self.packed_modules_mapping.get(name, [name])\n",
            "        return self.packed_modules_mapping.get(name, [name])",
            head=f"from vllm.model_executor.models.llama import LlamaForCausalLM\nfrom {MI} import SupportsQuant\n\n\n",
        ),
    ),
    (
        "#20046 nulled ClassVar",
        "twin: an abstract fork base whose subclasses each set the mapping",
        _pm(
            "pm6",
            "class AeonQuantBase(nn.Module, SupportsQuant):\n"
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return type(self).packed_modules_mapping.get(name, [name])\n\n\n"
            "class AeonQuantMlp(AeonQuantBase):\n"
            '    packed_modules_mapping = {"gate_up_proj": ["gate_proj", "up_proj"]}\n',
            "        return type(self).packed_modules_mapping.get(name, [name])",
        ),
    ),
    (
        "#20046 nulled ClassVar",
        "twin: the read guarded by `or {}`",
        _pm(
            "pm7",
            "class AeonNvfp4Head7(nn.Module, SupportsQuant):\n"
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return (self.packed_modules_mapping or {}).get(name, [name])\n",
            "        return (self.packed_modules_mapping or {}).get(name, [name])",
        ),
    ),
]

# --- #10327 (c4e464333e): AutoWeightsLoader.load_weights returns a set (drift/retyped.py: a set indexed, a
# return read off an instance the line builds)
LW = ("#10327", "c4e464333e", "AutoWeightsLoader.load_weights returns Set[str] (was List[str])")
LWH = f"from torch import nn\n\nfrom {MU} import AutoWeightsLoader\n\n\n"


def _lw(name: str, body: str, line: str, head: str = LWH) -> Killer:
    return K(*LW, f"vllm/aeon/r133{name}.py", head + body, line)


CASES += [
    (
        "#10327 set indexed",
        "the last loaded name indexed off a local",
        _lw(
            "lw0",
            "def aeon_last_loaded(model: nn.Module, weights) -> str:\n"
            "    loader = AutoWeightsLoader(model, skip_prefixes=['lm_head.'])\n"
            "    names = loader.load_weights(weights)\n"
            "    return names[-1]\n",
            "    return names[-1]",
        ),
    ),
]
TWINS += [
    (
        "#10327 set indexed",
        "twin: sorted() first",
        _lw(
            "lw1",
            "def aeon_first1(model: nn.Module, weights) -> str:\n"
            "    names = sorted(AutoWeightsLoader(model).load_weights(weights))\n"
            "    return names[0]\n",
            "    return names[0]",
        ),
    ),
    (
        "#10327 set indexed",
        "twin: list() on the line",
        _lw(
            "lw2",
            "def aeon_first2(model: nn.Module, weights) -> str:\n"
            "    return list(AutoWeightsLoader(model).load_weights(weights))[0]\n",
            "    return list(AutoWeightsLoader(model).load_weights(weights))[0]",
        ),
    ),
    (
        "#10327 set indexed",
        "twin: the local rebound to a sorted list before the index",
        _lw(
            "lw3",
            "def aeon_first3(model: nn.Module, weights) -> str:\n"
            "    names = AutoWeightsLoader(model).load_weights(weights)\n"
            "    names = sorted(names)\n"
            "    return names[0]\n",
            "    return names[0]",
        ),
    ),
    (
        "#10327 set indexed",
        "twin: the fork's own loader class of the method's name",
        _lw(
            "lw4",
            "class AeonLoader:\n"
            "    def __init__(self, model: nn.Module) -> None:\n"
            "        self.model = model\n\n"
            "    def load_weights(self, weights) -> list[str]:\n"
            "        return [name for name, _ in weights]\n\n\n"
            "def aeon_first4(model: nn.Module, weights) -> str:\n"
            "    return AeonLoader(model).load_weights(weights)[0]\n",
            "    return AeonLoader(model).load_weights(weights)[0]",
        ),
    ),
    (
        "#10327 set indexed",
        "twin: a fork subclass of the loader returning a sorted list",
        _lw(
            "lw5",
            "class AeonListLoader(AutoWeightsLoader):\n"
            "    def load_weights(self, weights) -> list[str]:\n"
            "        return sorted(super().load_weights(weights))\n\n\n"
            "def aeon_first5(model: nn.Module, weights) -> str:\n"
            "    return AeonListLoader(model).load_weights(weights)[0]\n",
            "    return AeonListLoader(model).load_weights(weights)[0]",
        ),
    ),
    (
        "#10327 set indexed",
        "twin: the set annotated on its local (a subscript of `set`, not of the value)",
        _lw(
            "lw6",
            "class AeonSparkDraft6(nn.Module):\n"
            "    def load_weights(self, weights) -> set[str]:\n"
            "        loaded: set[str] = AutoWeightsLoader(self).load_weights(weights)\n"
            "        return loaded\n",
            "        loaded: set[str] = AutoWeightsLoader(self).load_weights(weights)",
        ),
    ),
    (
        "#10327 set indexed",
        "twin: an isinstance guard before the index",
        _lw(
            "lw7",
            "def aeon_first7(model: nn.Module, weights) -> str:\n"
            "    names = AutoWeightsLoader(model).load_weights(weights)\n"
            "    return names[0] if isinstance(names, list) else min(names)\n",
            "    return names[0] if isinstance(names, list) else min(names)",
        ),
    ),
]

# --- #30483 (3a3b06ee70): embed_input_ids' AssertionError made a ValueError (drift/raised_kinds.py: a test's
# pytest.raises(K) read as a handler of K)
IM = ("#30483", "3a3b06ee70", "SupportsMultiModal.embed_input_ids raises ValueError (was AssertionError)")
IMH = f"import pytest\nimport torch\n\nfrom {MI} import SupportsMultiModal\n\n\n"


def _im(name: str, body: str, line: str, head: str = IMH) -> Killer:
    return K(*IM, f"tests/aeon/test_r133{name}.py", head + body, line)


CASES += [
    (
        "#30483 test expects a kind",
        "self.assertRaises(AssertionError) round a call off a typed parameter",
        _im(
            "im0",
            "import unittest\n\n\n"
            "class AeonEmbedCase(unittest.TestCase):\n"
            "    def check(self, model: SupportsMultiModal) -> None:\n"
            "        with self.assertRaises(AssertionError):\n"
            "            model.embed_input_ids(torch.zeros(4, dtype=torch.long), [torch.zeros(2, 8)])\n",
            "        with self.assertRaises(AssertionError):",
        ),
    ),
]
TWINS += [
    (
        "#30483 test expects a kind",
        "twin: both kinds expected",
        _im(
            "im1",
            "def aeon_check1(model: SupportsMultiModal) -> None:\n"
            "    with pytest.raises((AssertionError, ValueError)):\n"
            "        model.embed_input_ids(torch.zeros(4, dtype=torch.long), [torch.zeros(2, 8)])\n",
            "    with pytest.raises((AssertionError, ValueError)):",
        ),
    ),
    (
        "#30483 test expects a kind",
        "twin: a mismatch of the merged embeddings expected off assert_close (the mask given)",
        _im(
            "im2",
            "def aeon_check2(model: SupportsMultiModal, ids, embeds, mask, expected) -> None:\n"
            "    with pytest.raises(AssertionError):\n"
            "        torch.testing.assert_close(model.embed_input_ids(ids, embeds, is_multimodal=mask), expected)\n",
            "    with pytest.raises(AssertionError):",
        ),
    ),
    (
        "#30483 test expects a kind",
        "twin: the fork's own model overriding embed_input_ids with its own assert",
        _im(
            "im3",
            "class AeonSparkVL3(SupportsMultiModal):\n"
            "    def embed_input_ids(self, input_ids, multimodal_embeddings=None, *, is_multimodal=None):\n"
            "        assert is_multimodal is not None, 'the Spark VL needs its mask'\n"
            "        return input_ids\n\n\n"
            "def test_aeon_embed3():\n"
            "    model = AeonSparkVL3()\n"
            "    with pytest.raises(AssertionError):\n"
            "        model.embed_input_ids(torch.zeros(4, dtype=torch.long), [torch.zeros(2, 8)])\n",
            "    with pytest.raises(AssertionError):",
        ),
    ),
    (
        "#30483 test expects a kind",
        "twin: an assert of the test's own after the call",
        _im(
            "im4",
            "def aeon_check4(model: SupportsMultiModal, ids, embeds) -> None:\n"
            "    with pytest.raises(AssertionError):\n"
            "        out = model.embed_input_ids(ids, embeds)\n"
            "        assert out.shape[0] == 0\n",
            "    with pytest.raises(AssertionError):",
        ),
    ),
    (
        "#30483 test expects a kind",
        "twin: a TypeError expected of an unknown keyword (still raised)",
        _im(
            "im5",
            "def aeon_check5(model: SupportsMultiModal, ids, embeds) -> None:\n"
            "    with pytest.raises(TypeError):\n"
            "        model.embed_input_ids(ids, embeds, aeon_mask=None)\n",
            "    with pytest.raises(TypeError):",
        ),
    ),
    (
        "#30483 test expects a kind",
        "twin: a fork helper asserting the mask, the model call building its argument",
        _im(
            "im6",
            "def aeon_require_mask(embeds, mask):\n"
            "    assert mask is not None\n"
            "    return embeds\n\n\n"
            "def aeon_check6(model: SupportsMultiModal, ids, embeds) -> None:\n"
            "    with pytest.raises(AssertionError):\n"
            "        aeon_require_mask(model.embed_input_ids(ids), None)\n",
            "    with pytest.raises(AssertionError):",
        ),
    ),
]

CASES += [
    (
        "#30483 test expects a kind",
        "round 3: the call an argument of a builtin's (list())",
        _im(
            "im7",
            "def aeon_check7(model: SupportsMultiModal) -> None:\n"
            "    with pytest.raises(AssertionError):\n"
            "        list(model.embed_input_ids(torch.zeros(4, dtype=torch.long), [torch.zeros(2, 8)]))\n",
            "    with pytest.raises(AssertionError):",
        ),
    ),
    (
        "#30483 test expects a kind",
        "round 3: the call's own argument built by a fork helper",
        _im(
            "im8",
            "def aeon_embeds(n: int):\n"
            "    return [torch.zeros(2, 8) for _ in range(n)]\n\n\n"
            "def aeon_check8(model: SupportsMultiModal) -> None:\n"
            "    with pytest.raises(AssertionError):\n"
            "        out = model.embed_input_ids(torch.zeros(4, dtype=torch.long), aeon_embeds(1))\n",
            "    with pytest.raises(AssertionError):",
        ),
    ),
]

# --- #6446 (4cf256ae7f): get_pp_missing_layer_names' names end in a dot (drift/affixed_elements.py, warnings)
PP = ("#6446", "4cf256ae7f", "get_pp_missing_layer_names returns 'name.' for each missing layer")
PPH = f"from {MU} import get_pp_missing_layer_names\n\n\n"


def _pp(name: str, body: str, line: str, head: str = PPH) -> Killer:
    return K(*PP, f"vllm/aeon/r133{name}.py", head + body, line)


CASES += [
    (
        "#6446 affixed elements",
        "an exact == of the first missing name (a warning by design)",
        _pp(
            "pp0",
            "def aeon_first_missing(model, layer: str) -> bool:\n"
            "    missing = get_pp_missing_layer_names(model)\n"
            "    return bool(missing) and missing[0] == layer\n",
            "    return bool(missing) and missing[0] == layer",
        ),
    ),
]
CASES += [
    (
        "#6446 affixed elements",
        "round 3: a sorted() copy's first element compared (a warning by design)",
        _pp(
            "pp5",
            "def aeon_first_missing5(model, layer: str) -> bool:\n"
            "    return sorted(get_pp_missing_layer_names(model))[0] == layer\n",
            "    return sorted(get_pp_missing_layer_names(model))[0] == layer",
        ),
    ),
    (
        "#6446 affixed elements",
        "round 3: the last missing name compared from the right (a warning by design)",
        _pp(
            "pp6",
            "def aeon_last_missing6(model, layer: str) -> bool:\n"
            "    names = get_pp_missing_layer_names(model)\n"
            "    return layer == names[-1]\n",
            "    return layer == names[-1]",
        ),
    ),
]
TWINS += [
    (
        "#6446 affixed elements",
        "twin: the fork appends the dot itself",
        _pp(
            "pp1",
            "def aeon_layer_here1(model, layer_name: str) -> bool:\n"
            '    return layer_name + "." not in get_pp_missing_layer_names(model)\n',
            '    return layer_name + "." not in get_pp_missing_layer_names(model)',
        ),
    ),
    (
        "#6446 affixed elements",
        "twin: the names stripped of the dot first",
        _pp(
            "pp2",
            "def aeon_layer_here2(model, layer_name: str) -> bool:\n"
            '    missing = {n.rstrip(".") for n in get_pp_missing_layer_names(model)}\n'
            "    return layer_name not in missing\n",
            "    return layer_name not in missing",
        ),
    ),
    (
        "#6446 affixed elements",
        "twin: a prefix test of a parameter's name",
        _pp(
            "pp3",
            "def aeon_param_here3(model, name: str) -> bool:\n"
            "    return not any(name.startswith(p) for p in get_pp_missing_layer_names(model))\n",
            "    return not any(name.startswith(p) for p in get_pp_missing_layer_names(model))",
        ),
    ),
    (
        "#6446 affixed elements",
        "twin: an f-string with the dot",
        _pp(
            "pp4",
            "def aeon_layer_here4(model, i: int) -> bool:\n"
            '    return f"model.layers.{i}." not in get_pp_missing_layer_names(model)\n',
            '    return f"model.layers.{i}." not in get_pp_missing_layer_names(model)',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review133-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
