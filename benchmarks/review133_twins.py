"""Adversarial twins of killers225's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a widened check catches, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a new hook whose name no other class upstream defines, its calls deciding the error off any receiver
  (``drift/symbols.py``'s ``_sole_hook``, an error; #42662 ``SupportsMultiModal.get_mm_lora_token_counts(*,
  modality, mm_kwargs, num_mm_embeds)`` called by keyword off ``self.model`` and ``model: Any``): the override
  keyword-only with upstream's names, positional-or-keyword with defaults, ``**kwargs``, the fork's own budget
  class's namesake of its own shape, a fork mixin's namesake listed after the protocol (shadowed), a namesake
  ``setattr`` on the fork's own helper class and called positionally, the fork's positional helper under
  another name;
- a ``ClassVar`` upstream made None read off ``self`` / ``type(self)`` and a mixin after ``nn.Module``
  (``drift/nulled_defaults.py``, an error; #20046 ``SupportsQuant.packed_modules_mapping`` ``{}`` -> None): the
  fork's ``__init__`` storing its own mapping (an attribute store; ``setattr(self, "...", ...)``), a fork mixin
  (in the file; imported from the fork's own package; a library's, named off its module) setting the mapping
  before the protocol, an upstream model that sets it first, an abstract fork base whose subclasses each set
  it, ``or {}``, a fork class decorator installing the mapping, the mapping set on the class after its
  statement; and #46820 (d8eb734d94), another commit on the attribute, an ``is None`` test before
  ``type(self)``'s read;
- a return made a set indexed (``drift/retyped.py``, an error; #10327 ``AutoWeightsLoader.load_weights`` ->
  ``Set[str]``): ``sorted()`` / ``list()`` first, the local rebound sorted, the fork's own loader class, a fork
  subclass returning a sorted list, a ``set[str]`` annotation (a subscript of ``set``), an ``isinstance``
  guard; and #4071 (eb46fbfda2), another real list -> set return (the executors' ``list_loras``): ``sorted()``
  off ``self``, ``list()`` off a typed parameter;
- a test's ``pytest.raises(K)`` read as a handler (``drift/raised_kinds.py``, an error; #30483
  ``embed_input_ids``' ``AssertionError`` made a ``ValueError``): both kinds expected, a mismatch expected off
  ``torch.testing.assert_close(model.embed_input_ids(..., is_multimodal=mask), want)``, the fork's own model
  overriding the def with its own ``assert``, an ``assert`` of the test's own after the call, a ``TypeError``
  of an unknown keyword (still raised), a fork helper asserting on the call's value;
- strings upstream now returns with an affix, tested exactly (``drift/affixed_elements.py``, new, warnings;
  #6446 ``get_pp_missing_layer_names``' trailing dot): the fork appends the dot itself, strips it, tests a
  prefix, spells it in an f-string.

Every error on a twin's line is a false one (a warning is counted apart).

Round 1 (killers225's head 274009f3, the file as first written, 6 cases and 31 twins): 5 caught, 0 warned, 1
missed of 6; 2 false errors of 31 twins (5 warned).  Both false errors are #30483's: under a test's expectation
the calls building another call's arguments were left out of the count (the author's rule) but kept as callees,
so ``assert_close(model.embed_input_ids(...), want)`` and ``aeon_require_mask(model.embed_input_ids(ids),
None)`` read as tests of ``embed_input_ids``' old AssertionError, where the outer call raises what is expected.
The miss is #6446's element spelling ``missing[0] == layer`` (one element indexed off a name bound to the call,
compared exactly), which the affixed-elements gate (``in f(``, ``== f(``, a name tested ``in``) never read.  The
new-hook (0 of 7 twins), nulled-default (0 of 7), set-index (0 of 7) and affixed (0 of 4) widenings held.
Round 2 (this branch): ``raised_kinds._body_calls`` takes a call building another's arguments, under an
expectation, as a callee by a guess only (``capped``: a warning at most), unless the call it builds for is a
builtin's (``list(m.f(...))`` still reads ``f``; ``_argument_nodes`` now maps each argument node to the nearest
call it builds for): the kind expected may be the outer call's, or the inner call's at the base (no mask
given), and the file does not say which.  (First written as leaving such calls out of the callees, which would leave
round 3's ``assert_close`` case without a mask quiet: made a warning instead.)
``affixed_elements`` reads one element indexed off the call, a wrapper of it, or a name bound once to it and
compared ``==`` / ``!=`` (``missing[0] == layer``, ``layer != f(m)[-1]``) as an exact test; the gate adds a name
or call indexed beside ``==``.  Unit tests that failed before: test_raised_kind_drift ``library check's
argument`` / ``fork helper's argument`` (quiet of errors, and warnings), test_affixed_element_drift ``an element ==`` / ``!= f()[-1]`` /
``sorted(f())[0] ==``.  Added then: 3 twins on two other real commits (#4071's two, #46820's one), quiet on 274009f3 and here.
Round 2, second pass (three more #20046 twins: ``setattr`` in ``__init__``, a fork class decorator whose inner
function stores ``cls.packed_modules_mapping``, the mapping set on the class after its statement): the decorator
one a false error, on 274009f3 and after the first mends.  ``nulled_defaults._installing``: a decorator of the
fork's class that the module defines and that stores the name (``x.name =``, ``setattr(x, "name", ...)``), or
one imported (it may do anything), makes the finding a warning; the stdlib's inert ones (``@final``,
``@dataclass``...) and a module's decorator storing nothing keep the error.  Unit test that failed before:
test_nulled_defaults ``installing decorator``.
Round 3 (written after the mends, cases they must not swallow): the expected call an argument of a builtin's
(``list(model.embed_input_ids(...))``), the expected call's own argument built by a fork helper, the old
AssertionError expected through ``assert_close(model.embed_input_ids(ids, embeds), want)`` with no mask (an
error on 274009f3, a warning here by design: the outer call may be what the test expects), a fork class
under its module's own registering decorator (storing nothing of the name), a fork class under ``@final``
(caught on 274009f3 and on this branch), a ``sorted()`` copy's first element and the last name compared from
the right (missed on 274009f3, warned here).  All rounds over the whole file at 274009f3 (``AEON_SRC``): 10
caught, 0 warned, 3 missed of 13; 3 false errors of 37 twins (5 warned).  This branch: 9 caught, 4 warned, 0
missed of 13; 0 false errors of 37 twins (8 warned: four of #42662's overrides that fit, symbol drift's
standing warning of a fork method now overriding a hook upstream added; #30483's fork model overriding
``embed_input_ids`` with its own ``assert``, its local receiver ``AeonSparkVL3()`` not read; #30483's two
argument-building twins and the decorator twin, by the mends).
Left: the new-hook rule's blind spot the author names (a def of the hook's name upstream made dynamically --
``setattr``, an attribute holding a callable, ``type()`` -- escapes ``git grep "def name("``) cannot be
twinned by a fork carry: the rule reads upstream's tree only, and no real commit of the shape was found in
the time; the fork-side spellings of it (a ``setattr`` namesake, the fork's own class) stay quiet.
Cost (drift_speed's 150-commit window, its audit's medians of 3, the machine shared by eight helpers: noisy):
raised_kind_drift 49 and 70 ms on this branch against 58 and 32 ms on 274009f3 in two loaded runs each (audits
8.3 / 11.5 s against 5.9 / 6.4 s), 17 ms against 17 ms on a quiet third (audits 2.7 s and 2.9 s, at ec4293a7); the mend's walk runs only under a test's expectation, which drift_speed's
handler is not.  affixed_element_drift and nulled_default_drift under 0.5 ms on both (the gate's new pattern
runs on the fork's added lines holding ``]`` and ``=``; ``_installing`` on a finding only).
Unit tests: test_raised_kind_drift 48 (+5), test_affixed_element_drift 15 (+4), test_nulled_defaults 50 (+3);
test_raised_kind_dropped and test_raised_none_guards (16) passed.
Regression set at this branch: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_modelutils 14 caught, 3 warned, 0 missed of 17 (9 quiet, 0 false errors), blind_replay_fiutils 10
caught, 6 warned, 2 missed of 18 (9 quiet, 1 warned, 0 false), blind_replay_modelopt 21 caught of 21 (10
quiet, 0 false): each as recorded.

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
# called by keyword off self.model / model: Any (drift/symbols.py's new hooks: every def upstream on the hook's class)
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

TWINS += [
    (
        "#20046 nulled ClassVar",
        "twin: the mapping set through setattr() in __init__",
        _pm(
            "pm8",
            "class AeonNvfp4Head8(nn.Module, SupportsQuant):\n"
            "    def __init__(self, shards: dict[str, list[str]]):\n"
            "        super().__init__()\n"
            '        setattr(self, "packed_modules_mapping", dict(shards))\n\n'
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return self.packed_modules_mapping.get(name, [name])\n",
            "        return self.packed_modules_mapping.get(name, [name])",
        ),
    ),
    (
        "#20046 nulled ClassVar",
        "twin: a fork class decorator that installs the mapping",
        _pm(
            "pm9",
            "def aeon_packed(mapping):\n"
            "    def install(cls):\n"
            "        cls.packed_modules_mapping = mapping\n"
            "        return cls\n\n"
            "    return install\n\n\n"
            '@aeon_packed({"qkv_proj": ["q_proj", "k_proj", "v_proj"]})\n'
            "class AeonNvfp4Head9(nn.Module, SupportsQuant):\n"
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return self.packed_modules_mapping.get(name, [name])\n",
            "        return self.packed_modules_mapping.get(name, [name])",
        ),
    ),
    (
        "#20046 nulled ClassVar",
        "twin: the mapping set on the class after its statement",
        _pm(
            "pm10",
            "class AeonNvfp4Head10(nn.Module, SupportsQuant):\n"
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return self.packed_modules_mapping.get(name, [name])\n\n\n"
            'AeonNvfp4Head10.packed_modules_mapping = {"fc": ["fc1", "fc2"]}\n',
            "        return self.packed_modules_mapping.get(name, [name])",
        ),
    ),
]

CASES += [
    (
        "#20046 nulled ClassVar",
        "round 3: a fork class under its module's own registering decorator (stores nothing of the name)",
        _pm(
            "pm11",
            "_AEON_HEADS: list[type] = []\n\n\n"
            "def aeon_register(cls):\n"
            "    _AEON_HEADS.append(cls)\n"
            "    return cls\n\n\n"
            "@aeon_register\n"
            "class AeonNvfp4Head11(nn.Module, SupportsQuant):\n"
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return self.packed_modules_mapping.get(name, [name])\n",
            "        return self.packed_modules_mapping.get(name, [name])",
        ),
    ),
    (
        "#20046 nulled ClassVar",
        "round 3: a fork class under @final",
        _pm(
            "pm12",
            "@final\n"
            "class AeonNvfp4Head12(nn.Module, SupportsQuant):\n"
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        return list(type(self).packed_modules_mapping)\n",
            "        return list(type(self).packed_modules_mapping)",
            head="from typing import final\n\n" + PMH,
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

# --- #4071 (eb46fbfda2): the executors' list_loras annotated Set[int] (was List[int]); another real commit of a
# list -> set return (its value a set already at the base)
LL = ("#4071", "eb46fbfda2", "GPUExecutor.list_loras -> Set[int] (was List[int])")
LLH = "from vllm.executor.gpu_executor import GPUExecutor\n\n\n"
TWINS += [
    (
        "#4071 set indexed",
        "twin: the first adapter id off sorted()",
        K(
            *LL,
            "vllm/aeon/r133ll1.py",
            LLH + "class AeonExecutor1(GPUExecutor):\n"
            "    def aeon_first_lora(self) -> int:\n"
            "        ids = sorted(self.list_loras())\n"
            "        return ids[0] if ids else 0\n",
            "        return ids[0] if ids else 0",
        ),
    ),
    (
        "#4071 set indexed",
        "twin: list() of the ids off a typed parameter, then indexed",
        K(
            *LL,
            "vllm/aeon/r133ll2.py",
            LLH + "def aeon_last_lora(executor: GPUExecutor) -> int:\n"
            "    ids = list(executor.list_loras())\n"
            "    return ids[-1]\n",
            "    return ids[-1]",
        ),
    ),
]

# --- #46820 (d8eb734d94): interfaces' ClassVar annotations quoted, model classes' boilerplate mappings removed
# (another real commit touching SupportsQuant.packed_modules_mapping, None at both sides)
TWINS += [
    (
        "#46820 nulled ClassVar",
        "twin: type(self)'s mapping read under an `is None` test",
        K(
            "#46820",
            "d8eb734d94",
            "SupportsQuant's ClassVar annotations quoted",
            "vllm/aeon/r133qm1.py",
            PMH + "class AeonNvfp4Head8(nn.Module, SupportsQuant):\n"
            "    def aeon_shards(self, name: str) -> list[str]:\n"
            "        if type(self).packed_modules_mapping is None:\n"
            "            return [name]\n"
            "        return type(self).packed_modules_mapping.get(name, [name])\n",
            "        return type(self).packed_modules_mapping.get(name, [name])",
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
        "round 3: the old AssertionError expected through assert_close's argument, no mask (a warning: a guess)",
        _im(
            "im9",
            "def aeon_check9(model: SupportsMultiModal, ids, embeds, want) -> None:\n"
            "    with pytest.raises(AssertionError):\n"
            "        torch.testing.assert_close(model.embed_input_ids(ids, embeds), want)\n",
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
