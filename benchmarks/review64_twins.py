"""Adversarial twins of the killers151 landing: probed members and repurposed slots, correct fork carries.

Each twin replays a real upstream commit under a fork carry shaped like what the new classes read, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- probed members (``drift/probed_members.py``: an error on the path a probe of a member upstream adds leaves
  behind is a warning): the bridges a fork writes for #28083 (``Qwen3NextGatedDeltaNet._forward`` ->
  ``_forward_core``) and #27968 (``make_empty_intmd_tensors`` -> ``make_empty_intermediate_tensors``) and #28536
  (``OAIAttention.qkv`` -> ``qkv_proj``) other than an ``if``: ``getattr(x, "new", None) or x.old``, a walrus in
  the test, a try/except AttributeError, a probe in a helper function or a class attribute, an early return
  under ``not hasattr``, the old spelling first under a probe of the old name;
- repurposed slots (``drift/repurposed_slots.py``: a positional argument spelt like a parameter renamed within
  one kind is an error when upstream's caller passes the slot another value) and the renamed slot read through a
  ``functools.partial``: #25863 (``NemotronHMLP``'s ``layer_idx`` -> ``intermediate_size``) under a signature
  test, the fork's own namesake class, the fork's own subclass whose ``__init__`` computes the size (called and
  partialled), and #48798 (a123159f7a, ``_SecondaryTierFacingParent(parent, tier)`` -> ``(parent, tier_idx)``)
  with the fork's own index spelt ``tier``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays: an eager ``getattr`` default of the old name, an ``and`` of the
probe with the fork's own flag, #25863's positional ``super().__init__``, #48798's tier object passed on, #28623's
old read unprobed, #26681's old name first in an ``or``.

Round 1, main's engine (31d17440): 4 caught of 4; 11 false errors of 22 twins (3 quiet ones warned): symbol
drift's error left on the path a probe of an added member leaves behind when the probe is spelt
``getattr(x, new, None) or x.old`` (#28083, #27968, #28536: 3), in the try of a try/except AttributeError
(#28083, #27968: 2), in a helper function of the module (1), in a class attribute read off ``self`` (1), in a
walrus of the test (1), as a probe of the old name with the old spelling first (1); the repurposed slot's error
on the old positional call under ``'intermediate_size' in inspect.signature(NemotronHMLP).parameters`` (1); and
the renamed-and-retyped slot's error on the fork's own ``range`` index spelt ``tier`` (#48798: 1, an older class).
Round 2 (other real commits of the kinds, engine as round 1): #28623 (888152bf87, ``post_grad_pass_manager`` ->
``pass_manager``: an ``or`` fallback, a subclass's try/except AttributeError, a walrus; a case, the old read
unprobed) and #26681 (b59dd19b55, ``is_applicable_for_shape`` -> ``is_applicable``: a helper function's probe, the
old name first under a probe of the old name -- quiet on main already, drift/names.py's gate; a case, the old name
first in an ``or``).  All rounds, main (31d17440): 6 caught of 6; 15 false errors of 27 twins (3 warned).
This branch (probed members widened: short-circuits, walrus, except AttributeError, helper functions, class
attributes, signature probes, a probe of a removed member the merged file no longer names; the renamed slot takes
the fork's own ``range``/``enumerate`` counter for a slot retyped as ``int``): 6 caught of 6; 0 false errors of
27 (17 warned: the old spelling left behind names its probe).
Regression set at this branch's head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
review15/16/17_twins 0 false errors (40, 30, 23 twins; 1, 0, 1 warned cases as on main), blind_replay_modelfiles
38/38 (16 twins quiet, 2 warned), blind_replay_platcuda 21/21 (10 quiet), blind_replay_compiler 23 caught, 2 warned
of 25 (11 quiet; as on main), ``symbol_precision.py --windows 1``: 0 false errors.

  PYTHONPATH=.. python review64_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- #28083 (b6a248bdd7): Qwen3NextGatedDeltaNet._forward -> _forward_core
FC = ("#28083", "b6a248bdd7", "GatedDeltaNet._forward renamed _forward_core")
GDN = "import torch\n\nfrom vllm.model_executor.models.qwen3_next import Qwen3NextGatedDeltaNet\n\n\n"
CASES += [
    (
        "#28083 probed member",
        "an eager getattr default of the old name",
        K(
            *FC,
            "vllm/aeon/r64fc0.py",
            GDN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_core(self, *args):\n"
            "        core = getattr(self, '_forward_core', self._forward)\n"
            "        return core(*args)\n",
            "        core = getattr(self, '_forward_core', self._forward)",
        ),
    ),
    (
        "#28083 probed member",
        "the probe and'ed with the fork's own flag: the old path still runs",
        K(
            *FC,
            "vllm/aeon/r64fc1.py",
            GDN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    aeon_fused = False\n\n"
            "    def aeon_core(self, *args):\n"
            "        if hasattr(self, '_forward_core') and self.aeon_fused:\n"
            "            return self._forward_core(*args)\n"
            "        return self._forward(*args)\n",
            "        return self._forward(*args)",
        ),
    ),
]
TWINS += [
    (
        "#28083 probed member",
        "twin: getattr(self, new, None) or self.old",
        K(
            *FC,
            "vllm/aeon/r64fc2.py",
            GDN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_core(self, *args):\n"
            "        core = getattr(self, '_forward_core', None) or self._forward\n"
            "        return core(*args)\n",
            "        core = getattr(self, '_forward_core', None) or self._forward",
        ),
    ),
    (
        "#28083 probed member",
        "twin: a walrus in the probe's test",
        K(
            *FC,
            "vllm/aeon/r64fc3.py",
            GDN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_core(self, *args):\n"
            "        if (core := getattr(self, '_forward_core', None)) is not None:\n"
            "            return core(*args)\n"
            "        return self._forward(*args)\n",
            "        return self._forward(*args)",
        ),
    ),
    (
        "#28083 probed member",
        "twin: the new name tried, the old in an except AttributeError",
        K(
            *FC,
            "vllm/aeon/r64fc4.py",
            GDN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_core(self, *args):\n"
            "        try:\n"
            "            core = self._forward_core\n"
            "        except AttributeError:  # AEON: releases before the rename\n"
            "            core = self._forward\n"
            "        return core(*args)\n",
            "            core = self._forward",
        ),
    ),
    (
        "#28083 probed member",
        "twin: the probe in a helper function of the module",
        K(
            *FC,
            "vllm/aeon/r64fc5.py",
            GDN + "def _aeon_has_core() -> bool:\n"
            "    return hasattr(Qwen3NextGatedDeltaNet, '_forward_core')\n\n\n"
            "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_core(self, *args):\n"
            "        if _aeon_has_core():\n"
            "            return self._forward_core(*args)\n"
            "        return self._forward(*args)\n",
            "        return self._forward(*args)",
        ),
    ),
    (
        "#28083 probed member",
        "twin: the probe in a class attribute read off self",
        K(
            *FC,
            "vllm/aeon/r64fc6.py",
            GDN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    _aeon_has_core = hasattr(Qwen3NextGatedDeltaNet, '_forward_core')\n\n"
            "    def aeon_core(self, *args):\n"
            "        if self._aeon_has_core:\n"
            "            return self._forward_core(*args)\n"
            "        return self._forward(*args)\n",
            "        return self._forward(*args)",
        ),
    ),
    (
        "#28083 probed member",
        "twin: the old path first under not hasattr, returning",
        K(
            *FC,
            "vllm/aeon/r64fc7.py",
            GDN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_core(self, *args):\n"
            "        if not hasattr(self, '_forward_core'):\n"
            "            return self._forward(*args)\n"
            "        return self._forward_core(*args)\n",
            "            return self._forward(*args)",
        ),
    ),
    (
        "#28083 probed member",
        "twin: the old spelling first, under a probe of the old name",
        K(
            *FC,
            "vllm/aeon/r64fc8.py",
            GDN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_core(self, *args):\n"
            "        if hasattr(Qwen3NextGatedDeltaNet, '_forward'):\n"
            "            return self._forward(*args)\n"
            "        return self._forward_core(*args)\n",
            "            return self._forward(*args)",
        ),
    ),
    (
        "#28083 probed member",
        "twin: a conditional expression choosing the bound method",
        K(
            *FC,
            "vllm/aeon/r64fc9.py",
            GDN + "class AeonGatedDeltaNet(Qwen3NextGatedDeltaNet):\n"
            "    def aeon_core(self, *args):\n"
            "        core = self._forward_core if hasattr(self, '_forward_core') else self._forward\n"
            "        return core(*args)\n",
            "        core = self._forward_core if hasattr(self, '_forward_core') else self._forward",
        ),
    ),
]

# --- #27968 (77f8001f53): NemotronH make_empty_intmd_tensors -> make_empty_intermediate_tensors
MI = ("#27968", "77f8001f53", "NemotronH make_empty_intmd_tensors renamed")
NH = "import torch\n\nfrom vllm.model_executor.models.nemotron_h import NemotronHForCausalLM, NemotronHModel\n\n\n"
TWINS += [
    (
        "#27968 probed member",
        "twin: getattr(model, new, None) or model.old",
        K(
            *MI,
            "vllm/aeon/r64mi1.py",
            NH + "def aeon_factory(model: NemotronHModel):\n"
            "    return getattr(model, 'make_empty_intermediate_tensors', None) or model.make_empty_intmd_tensors\n",
            "    return getattr(model, 'make_empty_intermediate_tensors', None) or model.make_empty_intmd_tensors",
        ),
    ),
    (
        "#27968 probed member",
        "twin: the new name tried, the old in an except AttributeError",
        K(
            *MI,
            "vllm/aeon/r64mi2.py",
            NH + "def aeon_factory(model: NemotronHModel):\n"
            "    try:\n"
            "        return model.make_empty_intermediate_tensors\n"
            "    except AttributeError:\n"
            "        return model.make_empty_intmd_tensors\n",
            "        return model.make_empty_intmd_tensors",
        ),
    ),
    (
        "#27968 probed member",
        "twin: a module flag of the probe, tested by not in an early return",
        K(
            *MI,
            "vllm/aeon/r64mi3.py",
            NH + "_AEON_NEW_NAME = hasattr(NemotronHModel, 'make_empty_intermediate_tensors')\n\n\n"
            "class AeonNemotronH(NemotronHForCausalLM):\n"
            "    def aeon_empty(self, batch_size: int, dtype: torch.dtype, device: torch.device):\n"
            "        if not _AEON_NEW_NAME:\n"
            "            return self.model.make_empty_intmd_tensors(batch_size, dtype, device)\n"
            "        return self.model.make_empty_intermediate_tensors(batch_size, dtype, device)\n",
            "            return self.model.make_empty_intmd_tensors(batch_size, dtype, device)",
        ),
    ),
    (
        "#27968 probed member",
        "twin: the probe on the class inside a loop's continue",
        K(
            *MI,
            "vllm/aeon/r64mi4.py",
            NH + "def aeon_factories(models: list[NemotronHModel]) -> list:\n"
            "    out = []\n"
            "    for model in models:\n"
            "        if hasattr(model, 'make_empty_intermediate_tensors'):\n"
            "            out.append(model.make_empty_intermediate_tensors)\n"
            "            continue\n"
            "        out.append(model.make_empty_intmd_tensors)\n"
            "    return out\n",
            "        out.append(model.make_empty_intmd_tensors)",
        ),
    ),
]

# --- #28536 (a9d18b5107): gpt-oss OAIAttention.qkv -> qkv_proj
QK = ("#28536", "a9d18b5107", "OAIAttention.qkv -> qkv_proj")
OAI = "import torch\n\nfrom vllm.model_executor.models.gpt_oss import OAIAttention\n\n\n"
TWINS += [
    (
        "#28536 probed member",
        "twin: getattr(attn, new, None) or attn.old",
        K(
            *QK,
            "vllm/aeon/r64qk1.py",
            OAI + "def aeon_qkv_layer(attn: OAIAttention) -> torch.nn.Module:\n"
            "    return getattr(attn, 'qkv_proj', None) or attn.qkv\n",
            "    return getattr(attn, 'qkv_proj', None) or attn.qkv",
        ),
    ),
    (
        "#28536 probed member",
        "twin: a hasattr gate in a subclass, the old in the else",
        K(
            *QK,
            "vllm/aeon/r64qk2.py",
            OAI + "class AeonOAIAttention(OAIAttention):\n"
            "    def aeon_qkv(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        if hasattr(self, 'qkv_proj'):\n"
            "            qkv, _ = self.qkv_proj(hidden_states)\n"
            "        else:\n"
            "            qkv, _ = self.qkv(hidden_states)\n"
            "        return qkv\n",
            "            qkv, _ = self.qkv(hidden_states)",
        ),
    ),
]

# --- #25863 (61089465a6): NemotronHMLP.__init__(config, layer_idx, ...) -> (config, intermediate_size, ...)
ML = ("#25863", "61089465a6", "NemotronHMLP's second parameter layer_idx -> intermediate_size")
NMLP = "from vllm.model_executor.models.nemotron_h import NemotronHMLP\n\n\n"
CASES += [
    (
        "#25863 repurposed slot",
        "a subclass's positional super().__init__",
        K(
            *ML,
            "vllm/aeon/r64ml0.py",
            NMLP + "class AeonNemotronHMLP(NemotronHMLP):\n"
            "    def __init__(self, config, layer_idx: int, quant_config=None) -> None:\n"
            "        super().__init__(config, layer_idx, quant_config)\n",
            "        super().__init__(config, layer_idx, quant_config)",
        ),
    ),
]
TWINS += [
    (
        "#25863 repurposed slot",
        "twin: the old positional call under a test of the signature",
        K(
            *ML,
            "vllm/aeon/r64ml1.py",
            "import inspect\n\n"
            + NMLP
            + "_AEON_SIZED = 'intermediate_size' in inspect.signature(NemotronHMLP).parameters\n\n\n"
            "class AeonNemotronHMLP(NemotronHMLP):\n"
            "    def __init__(self, config, layer_idx: int, quant_config=None) -> None:\n"
            "        if _AEON_SIZED:\n"
            "            super().__init__(config, config.intermediate_size, quant_config)\n"
            "        else:\n"
            "            super().__init__(config, layer_idx, quant_config)\n",
            "            super().__init__(config, layer_idx, quant_config)",
        ),
    ),
    (
        "#25863 repurposed slot",
        "twin: the fork's own namesake class",
        K(
            *ML,
            "vllm/aeon/r64ml2.py",
            "import torch\n\n\n"
            "class NemotronHMLP(torch.nn.Module):\n"
            "    # AEON: the draft head's own MLP, one width per layer\n"
            "    def __init__(self, config, layer_idx: int, quant_config=None) -> None:\n"
            "        super().__init__()\n"
            "        self.width = config.draft_sizes[layer_idx]\n\n\n"
            "def aeon_draft_mlp(config, layer_idx: int) -> NemotronHMLP:\n"
            "    return NemotronHMLP(config, layer_idx)\n",
            "    return NemotronHMLP(config, layer_idx)",
        ),
    ),
    (
        "#25863 repurposed slot",
        "twin: the fork's subclass whose own __init__ computes the size, called positionally",
        K(
            *ML,
            "vllm/aeon/r64ml3.py",
            NMLP + "class AeonNemotronHMLP(NemotronHMLP):\n"
            "    def __init__(self, config, layer_idx: int, quant_config=None) -> None:\n"
            "        super().__init__(config, intermediate_size=config.intermediate_size, quant_config=quant_config)\n"
            "        self.aeon_layer_idx = layer_idx\n\n\n"
            "def aeon_mlp(config, layer_idx: int) -> AeonNemotronHMLP:\n"
            "    return AeonNemotronHMLP(config, layer_idx)\n",
            "    return AeonNemotronHMLP(config, layer_idx)",
        ),
    ),
    (
        "#25863 repurposed slot",
        "twin: a partial of the fork's subclass whose own __init__ computes the size",
        K(
            *ML,
            "vllm/aeon/r64ml4.py",
            "import functools\n\n" + NMLP + "class AeonNemotronHMLP(NemotronHMLP):\n"
            "    def __init__(self, config, layer_idx: int, quant_config=None) -> None:\n"
            "        super().__init__(config, intermediate_size=config.intermediate_size, quant_config=quant_config)\n"
            "        self.aeon_layer_idx = layer_idx\n\n\n"
            "def aeon_mlp_factory(config, layer_idx: int):\n"
            "    return functools.partial(AeonNemotronHMLP, config, layer_idx)\n",
            "    return functools.partial(AeonNemotronHMLP, config, layer_idx)",
        ),
    ),
    (
        "#25863 repurposed slot",
        "twin: a partial of the config alone, the size by keyword later",
        K(
            *ML,
            "vllm/aeon/r64ml5.py",
            "import functools\n\n" + NMLP + "def aeon_mlp(config, layer_idx: int) -> NemotronHMLP:\n"
            "    make = functools.partial(NemotronHMLP, config)\n"
            "    return make(intermediate_size=config.intermediate_size, prefix=f'aeon.{layer_idx}')\n",
            "    make = functools.partial(NemotronHMLP, config)",
        ),
    ),
    (
        "#25863 repurposed slot",
        "twin: a hasattr probe of a member the merge adds, the old positional call in the else",
        K(
            *ML,
            "vllm/aeon/r64ml6.py",
            "from vllm.model_executor.models import nemotron_h\nfrom vllm.model_executor.models.nemotron_h import NemotronHMLP\n\n\n"
            "class AeonNemotronHMLP(NemotronHMLP):\n"
            "    def __init__(self, config, layer_idx: int, quant_config=None) -> None:\n"
            "        if hasattr(nemotron_h, 'NemotronHMoE'):\n"
            "            super().__init__(config, config.intermediate_size, quant_config)\n"
            "        else:\n"
            "            super().__init__(config, layer_idx, quant_config)\n",
            "            super().__init__(config, layer_idx, quant_config)",
        ),
    ),
]

# --- #48798 (a123159f7a): _SecondaryTierFacingParent(parent, tier: SecondaryTierManager) -> (parent, tier_idx: int)
TI = ("#48798", "a123159f7a", "_SecondaryTierFacingParent's tier -> tier_idx (an index now)")
TM = "from vllm.v1.kv_offload.tiering.manager import TieringOffloadingManager, _SecondaryTierFacingParent\n\n\n"
CASES += [
    (
        "#48798 repurposed slot",
        "the tier object passed positionally",
        K(
            *TI,
            "vllm/aeon/r64ti0.py",
            TM + "class AeonTieringManager(TieringOffloadingManager):\n"
            "    def aeon_parents(self) -> list:\n"
            "        return [_SecondaryTierFacingParent(self, tier) for tier in self.secondary_tiers]\n",
            "        return [_SecondaryTierFacingParent(self, tier) for tier in self.secondary_tiers]",
        ),
    ),
]
TWINS += [
    (
        "#48798 repurposed slot",
        "twin: the fork's own index spelt tier",
        K(
            *TI,
            "vllm/aeon/r64ti1.py",
            TM + "class AeonTieringManager(TieringOffloadingManager):\n"
            "    def aeon_parents(self) -> list:\n"
            "        return [_SecondaryTierFacingParent(self, tier) for tier in range(len(self.secondary_tiers))]\n",
            "        return [_SecondaryTierFacingParent(self, tier) for tier in range(len(self.secondary_tiers))]",
        ),
    ),
    (
        "#48798 repurposed slot",
        "twin: the new keyword",
        K(
            *TI,
            "vllm/aeon/r64ti2.py",
            TM + "class AeonTieringManager(TieringOffloadingManager):\n"
            "    def aeon_parents(self) -> list:\n"
            "        return [_SecondaryTierFacingParent(self, tier_idx=i) for i in range(len(self.secondary_tiers))]\n",
            "        return [_SecondaryTierFacingParent(self, tier_idx=i) for i in range(len(self.secondary_tiers))]",
        ),
    ),
]


# --- round 2: other real commits of the kinds
# #28623 (888152bf87): VllmBackend.post_grad_pass_manager renamed pass_manager
PM = ("#28623", "888152bf87", "VllmBackend.post_grad_pass_manager -> pass_manager")
VB = "from vllm.compilation.backends import VllmBackend\n\n\n"
CASES += [
    (
        "#28623 probed member",
        "the old read with no probe",
        K(
            *PM,
            "vllm/aeon/r64pm0.py",
            VB + "def aeon_uuid(backend: VllmBackend) -> str:\n    return backend.post_grad_pass_manager.uuid()\n",
            "    return backend.post_grad_pass_manager.uuid()",
        ),
    ),
]
TWINS += [
    (
        "#28623 probed member",
        "twin: getattr(backend, new, None) or backend.old",
        K(
            *PM,
            "vllm/aeon/r64pm1.py",
            VB + "def aeon_uuid(backend: VllmBackend) -> str:\n"
            "    manager = getattr(backend, 'pass_manager', None) or backend.post_grad_pass_manager\n"
            "    return manager.uuid()\n",
            "    manager = getattr(backend, 'pass_manager', None) or backend.post_grad_pass_manager",
        ),
    ),
    (
        "#28623 probed member",
        "twin: a subclass's try of the new attribute, the old under except AttributeError",
        K(
            *PM,
            "vllm/aeon/r64pm2.py",
            VB + "class AeonBackend(VllmBackend):\n"
            "    def aeon_manager(self):\n"
            "        try:\n"
            "            return self.pass_manager\n"
            "        except AttributeError:  # AEON: releases before #28623\n"
            "            return self.post_grad_pass_manager\n",
            "            return self.post_grad_pass_manager",
        ),
    ),
    (
        "#28623 probed member",
        "twin: a walrus of the new attribute",
        K(
            *PM,
            "vllm/aeon/r64pm3.py",
            VB + "def aeon_uuid(backend: VllmBackend) -> str:\n"
            "    if (manager := getattr(backend, 'pass_manager', None)) is None:\n"
            "        manager = backend.post_grad_pass_manager\n"
            "    return manager.uuid()\n",
            "        manager = backend.post_grad_pass_manager",
        ),
    ),
]

# #26681 (b59dd19b55): InductorPass.is_applicable_for_shape renamed is_applicable
IA = ("#26681", "b59dd19b55", "InductorPass.is_applicable_for_shape -> is_applicable")
IP = "from vllm.compilation.inductor_pass import InductorPass\n\n\n"
CASES += [
    (
        "#26681 probed member",
        "the old name first in an or",
        K(
            *IA,
            "vllm/aeon/r64ia0.py",
            IP + "def aeon_applies(p: InductorPass, shape: int | None) -> bool:\n"
            "    check = p.is_applicable_for_shape or getattr(p, 'is_applicable', None)\n"
            "    return check(shape)\n",
            "    check = p.is_applicable_for_shape or getattr(p, 'is_applicable', None)",
        ),
    ),
]
TWINS += [
    (
        "#26681 probed member",
        "twin: a helper of the module probing the new name",
        K(
            *IA,
            "vllm/aeon/r64ia1.py",
            IP + "def _aeon_renamed() -> bool:\n"
            "    return hasattr(InductorPass, 'is_applicable')\n\n\n"
            "def aeon_applies(p: InductorPass, shape: int | None) -> bool:\n"
            "    if _aeon_renamed():\n"
            "        return p.is_applicable(shape)\n"
            "    return p.is_applicable_for_shape(shape)\n",
            "    return p.is_applicable_for_shape(shape)",
        ),
    ),
    (
        "#26681 probed member",
        "twin: the old name first under a probe of the old name",
        K(
            *IA,
            "vllm/aeon/r64ia2.py",
            IP + "def aeon_applies(p: InductorPass, shape: int | None) -> bool:\n"
            "    if hasattr(p, 'is_applicable_for_shape'):\n"
            "        return p.is_applicable_for_shape(shape)\n"
            "    return p.is_applicable(shape)\n",
            "        return p.is_applicable_for_shape(shape)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review64-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
