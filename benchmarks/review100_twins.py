"""Adversarial twins of killers191's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- an exact-class test of a class a factory now replaces with a new subclass (``drift/exact_classes.py``;
  #32189 ``Fp8Config.get_quant_method`` builds ``Fp8OnlineLinearMethod`` for unserialized checkpoints, #30627
  ``Fp8OnlineMoEMethod``): a tuple or set naming the new subclass too, ``__name__`` in a tuple of both names,
  the fork's own class of the base's name, the online subclass handled first by ``isinstance``, a table the
  fork extends with the new subclass under a version guard, a table walked along the class's MRO, a lookup in a
  ``try``/``except KeyError`` falling back to ``isinstance``, the fork's own config's ``get_quant_method``, a
  method rebuilt directly before the test, the same test of the unchanged ``Fp8KVCacheMethod``;
- an override's step that rewrites a value from itself, in a hook upstream now also calls from a patched loader
  (``drift/repeated_hooks.py``; #29196): the override testing upstream's flag, the override opening with its
  own flag, an idempotent re-store (``.contiguous()``, ``.max()``, a dtype cast), the fork's own
  ``create_weights`` (no patched loader), a tag store, a step on a local, the same override on
  ``Fp8KVCacheMethod`` (never called twice);
- a store of a skip flag a method no longer tests (``drift/skip_flags.py``; #32189): the flag cleared
  (``False``), the flag set only for the online subclass (which still tests it), the flag set in a function
  naming only the online subclass, the flag deleted.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
of these widenings (``blind_replay_fp8cfg.py``), kept to show the reach stays.

Round 1 (main at 06d7a1d7), 6 cases and 27 twins as first written: 6 caught of 6; 15 false errors of 27.  Exact
classes (7 of 13): the online subclass handled first by ``isinstance`` and a table extended with it under a
version guard or by ``update(getattr(mod, 'Fp8OnlineMoEMethod', ...))`` (3: the subclass was looked for in the
test or the table literal only), a lookup in ``try``/``except KeyError`` (1), the fork's own config's
``get_quant_method`` (1: any method of the factory's name counted), a local rebound to a direct build (1: one
factory store was enough), ``Fp8Config(is_checkpoint_fp8_serialized=True)``'s method (1: the factory still builds
the base for those inputs).  Skip flags (2 of 4): the flag cleared to ``False``, the flag set only under
``isinstance(method, Fp8OnlineLinearMethod)`` (a class that still tests it).  Repeated hooks (6 of 9): the
override opening with its own flag, the step under its own ``if not getattr(...)``, three idempotent re-stores
(``Parameter(w.data.contiguous())``, ``Parameter(s.max())``, ``replace_parameter(.., s.to(torch.float32))``),
the fork's own ``create_weights`` without ``super()`` (no patched loader: called once).
Round 2 (this branch): exact classes warn, not err, when the fork file names the new subclass anywhere (an
import, a module alias's attribute, its name as a string), on a lookup a ``KeyError`` handler backs up, on a
factory call whose receiver is annotated with a class of the fork file or built there from literals only, and on
a local also assigned otherwise; skip flags: a false constant stored is quiet, a function naming a class still
testing the flag warns; repeated hooks: an override opening with a flag of its own, a step under ``if not
getattr(...)``, an idempotent re-store (``contiguous``, ``detach``, ``clone``, ``to``, ``max`` ... through
``Parameter(...)``) and a class overriding the new caller without calling upstream's are quiet.  6 caught of 6; 0
false errors of 27 twins (8 warned: the 7 mended exact-class twins and the flag set for the online subclass).  Left alone: #30944 (560ae9638c) made
``XPUFp8LinearMethod`` drop its own ``create_weights`` (inheriting the patched loader) and open with the flag; a
fork override's step on that class is a miss (the new caller is inherited, not in the class), not a false error.
Round 3 (another real commit, after the mends): #44132 (753e9d55e6) added ``Fp8PtpcOnlineLinearMethod`` beside
its siblings (no factory hands it out where it handed out a base): two twins (``type(m) is`` a sibling, a table
keyed by the siblings), quiet on this branch (not run on main; no mend touches them: no split is found).
All rounds, this branch (7e6539c4): 6 caught of 6; 0 false errors of 29 twins (8 warned).  Regression set:
blind_replay_fp8cfg 21/0/2 of 23 (10 quiet, as before), killer_replay 26/26 blocked, kind_change_replay 12/12 (5
quiet), blind_replay_fp8meth 21 caught, 1 warned of 22 (10 quiet, as before), blind_replay_quantext 17/1/1 of 19
(13 quiet, as before).
Round 4 (mend70): two cases on #30627 the demotions wrongly warned -- ``Fp8Config(is_checkpoint_fp8_serialized=False)``'s
method tested exactly (the literals pick the online branch: the subclass for sure) and a file naming
``Fp8OnlineMoEMethod`` only in another function: on main (8485ae9c) 6 caught, 2 warned of 8; on mend70 8 caught of 8,
0 false errors of 29 twins (8 warned, as before).

  PYTHONPATH=.. python review100_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

FP8 = "vllm.model_executor.layers.quantization.fp8"

# --- d2389c1262 (#32189): get_quant_method builds Fp8OnlineLinearMethod; Fp8LinearMethod drops the flag
OL = ("#32189", "d2389c1262", "Fp8OnlineLinearMethod split out; Fp8LinearMethod no longer reads the flag")
OLI = f"from {FP8} import Fp8Config, Fp8LinearMethod\n\n\n"
OLN = f"from {FP8} import Fp8Config, Fp8LinearMethod, Fp8OnlineLinearMethod\n\n\n"
CASES += [
    (
        "#32189 exact class",
        "a table keyed by the method's class",
        K(
            *OL,
            "vllm/aeon/r100ol0.py",
            OLI + 'AEON_ROUTES = {Fp8LinearMethod: "fp8-cutlass"}\n\n\n'
            "def aeon_route(cfg: Fp8Config, layer, prefix: str) -> str:\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    return AEON_ROUTES[type(method)]\n",
            "    return AEON_ROUTES[type(method)]",
        ),
    ),
    (
        "#32189 exact class",
        "a type(...) is test",
        K(
            *OL,
            "vllm/aeon/r100ol1.py",
            OLI + "def aeon_is_fp8(cfg: Fp8Config, layer, prefix: str) -> bool:\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    return type(method) is Fp8LinearMethod\n",
            "    return type(method) is Fp8LinearMethod",
        ),
    ),
    (
        "#32189 skip flag",
        "a layer flag set to skip the method's processing",
        K(
            *OL,
            "vllm/aeon/r100ol2.py",
            OLI + "def aeon_pretransposed(layer, method: Fp8LinearMethod) -> None:\n"
            "    layer.weight.data = layer.weight.data.t()\n"
            "    layer._already_called_process_weights_after_loading = True\n",
            "    layer._already_called_process_weights_after_loading = True",
        ),
    ),
]
TWINS += [
    (
        "#32189 exact class",
        "twin: type(...) in a tuple naming the new subclass too",
        K(
            *OL,
            "vllm/aeon/r100ol3.py",
            OLN + "def aeon_is_fp8(cfg: Fp8Config, layer, prefix: str) -> bool:\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    return type(method) in (Fp8LinearMethod, Fp8OnlineLinearMethod)\n",
            "    return type(method) in (Fp8LinearMethod, Fp8OnlineLinearMethod)",
        ),
    ),
    (
        "#32189 exact class",
        "twin: __name__ in a tuple of both names",
        K(
            *OL,
            "vllm/aeon/r100ol4.py",
            OLI + "def aeon_is_fp8(cfg: Fp8Config, layer, prefix: str) -> bool:\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    return type(method).__name__ in ('Fp8LinearMethod', 'Fp8OnlineLinearMethod')\n",
            "    return type(method).__name__ in ('Fp8LinearMethod', 'Fp8OnlineLinearMethod')",
        ),
    ),
    (
        "#32189 exact class",
        "twin: the fork's own class of the base's name",
        K(
            *OL,
            "vllm/aeon/r100ol5.py",
            f"from {FP8} import Fp8Config\n\n\n"
            "class Fp8LinearMethod:  # AEON: the Spark's own FP8 linear for its draft model\n"
            "    pass\n\n\n"
            "def aeon_is_own(cfg: Fp8Config, layer, prefix: str) -> bool:\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    return type(method) is Fp8LinearMethod\n",
            "    return type(method) is Fp8LinearMethod",
        ),
    ),
    (
        "#32189 exact class",
        "twin: the online subclass handled first by isinstance",
        K(
            *OL,
            "vllm/aeon/r100ol6.py",
            OLN + "def aeon_kind(cfg: Fp8Config, layer, prefix: str) -> str:\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    if isinstance(method, Fp8OnlineLinearMethod):\n"
            "        return 'online'\n"
            "    return 'offline' if type(method) is Fp8LinearMethod else 'other'\n",
            "    return 'offline' if type(method) is Fp8LinearMethod else 'other'",
        ),
    ),
    (
        "#32189 exact class",
        "twin: a table extended with the new subclass under a version guard",
        K(
            *OL,
            "vllm/aeon/r100ol7.py",
            f"import {FP8} as fp8\n" + OLI + 'AEON_ROUTES = {Fp8LinearMethod: "fp8-cutlass"}\n'
            "if hasattr(fp8, 'Fp8OnlineLinearMethod'):  # AEON: newer upstreams split the online path\n"
            '    AEON_ROUTES[fp8.Fp8OnlineLinearMethod] = "fp8-cutlass"\n\n\n'
            "def aeon_route(cfg: Fp8Config, layer, prefix: str) -> str:\n"
            "    return AEON_ROUTES[type(cfg.get_quant_method(layer, prefix))]\n",
            "    return AEON_ROUTES[type(cfg.get_quant_method(layer, prefix))]",
        ),
    ),
    (
        "#32189 exact class",
        "twin: a table walked along the class's MRO",
        K(
            *OL,
            "vllm/aeon/r100ol8.py",
            OLI + 'AEON_ROUTES = {Fp8LinearMethod: "fp8-cutlass"}\n\n\n'
            "def aeon_route(cfg: Fp8Config, layer, prefix: str) -> str:\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    for cls in type(method).__mro__:\n"
            "        if cls in AEON_ROUTES:\n"
            "            return AEON_ROUTES[cls]\n"
            "    return 'default'\n",
            "            return AEON_ROUTES[cls]",
        ),
    ),
    (
        "#32189 exact class",
        "twin: a lookup in try/except KeyError falling back to isinstance",
        K(
            *OL,
            "vllm/aeon/r100ol9.py",
            OLI + 'AEON_ROUTES = {Fp8LinearMethod: "fp8-cutlass"}\n\n\n'
            "def aeon_route(cfg: Fp8Config, layer, prefix: str) -> str:\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    try:\n"
            "        return AEON_ROUTES[type(method)]\n"
            "    except KeyError:  # AEON: a subclass upstream adds routes as its base\n"
            "        return 'fp8-cutlass' if isinstance(method, Fp8LinearMethod) else 'default'\n",
            "        return AEON_ROUTES[type(method)]",
        ),
    ),
    (
        "#32189 exact class",
        "twin: the fork's own config's get_quant_method",
        K(
            *OL,
            "vllm/aeon/r100ol10.py",
            OLI + "class AeonMixedConfig:\n"
            "    def __init__(self, fp8: Fp8Config) -> None:\n"
            "        self.fp8 = fp8\n\n"
            "    def get_quant_method(self, layer, prefix: str) -> Fp8LinearMethod:\n"
            "        return Fp8LinearMethod(self.fp8)  # AEON: the Spark's draft layers are always offline FP8\n\n\n"
            "def aeon_is_fp8(cfg: AeonMixedConfig, layer, prefix: str) -> bool:\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    return type(method) is Fp8LinearMethod\n",
            "    return type(method) is Fp8LinearMethod",
        ),
    ),
    (
        "#32189 exact class",
        "twin: the local rebound to a direct build before the test",
        K(
            *OL,
            "vllm/aeon/r100ol11.py",
            OLI + "def aeon_offline(cfg: Fp8Config, layer, prefix: str):\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    if method is not None:\n"
            "        method = Fp8LinearMethod(cfg)  # AEON: the Spark always serves its FP8 offline\n"
            "    assert type(method) is Fp8LinearMethod\n"
            "    return method\n",
            "    assert type(method) is Fp8LinearMethod",
        ),
    ),
    (
        "#32189 exact class",
        "twin: the same test of the unchanged Fp8KVCacheMethod",
        K(
            *OL,
            "vllm/aeon/r100ol12.py",
            f"from {FP8} import Fp8Config, Fp8KVCacheMethod\n\n\n"
            "def aeon_is_kv(cfg: Fp8Config, layer, prefix: str) -> bool:\n"
            "    return type(cfg.get_quant_method(layer, prefix)) is Fp8KVCacheMethod\n",
            "    return type(cfg.get_quant_method(layer, prefix)) is Fp8KVCacheMethod",
        ),
    ),
    (
        "#32189 skip flag",
        "twin: the flag cleared to force the pass",
        K(
            *OL,
            "vllm/aeon/r100ol13.py",
            OLI + "def aeon_reload(layer, method: Fp8LinearMethod) -> None:\n"
            "    # AEON: a weight reload must be processed again\n"
            "    layer._already_called_process_weights_after_loading = False\n"
            "    method.process_weights_after_loading(layer)\n",
            "    layer._already_called_process_weights_after_loading = False",
        ),
    ),
    (
        "#32189 skip flag",
        "twin: the flag set only for the online subclass, which still tests it",
        K(
            *OL,
            "vllm/aeon/r100ol14.py",
            OLN + "def aeon_preprocessed(layer, method: Fp8LinearMethod) -> None:\n"
            "    if isinstance(method, Fp8OnlineLinearMethod):  # AEON: the Spark quantized it already\n"
            "        layer._already_called_process_weights_after_loading = True\n",
            "        layer._already_called_process_weights_after_loading = True",
        ),
    ),
    (
        "#32189 skip flag",
        "twin: the flag set in a function naming only the online subclass",
        K(
            *OL,
            "vllm/aeon/r100ol15.py",
            OLN + "def aeon_preprocessed(layer, method: Fp8OnlineLinearMethod) -> None:\n"
            "    layer._already_called_process_weights_after_loading = True\n",
            "    layer._already_called_process_weights_after_loading = True",
        ),
    ),
    (
        "#32189 skip flag",
        "twin: the flag deleted",
        K(
            *OL,
            "vllm/aeon/r100ol16.py",
            OLI + "def aeon_reload(layer, method: Fp8LinearMethod) -> None:\n"
            "    del layer._already_called_process_weights_after_loading\n"
            "    method.process_weights_after_loading(layer)\n",
            "    del layer._already_called_process_weights_after_loading",
        ),
    ),
]

# --- d0502b4928 (#30627): get_quant_method builds Fp8OnlineMoEMethod for unserialized checkpoints
OM = ("#30627", "d0502b4928", "Fp8OnlineMoEMethod split out of Fp8MoEMethod")
OMI = f"from {FP8} import Fp8Config, Fp8MoEMethod\n\n\n"
CASES += [
    (
        "#30627 exact class",
        "a table keyed by the MoE method's class",
        K(
            *OM,
            "vllm/aeon/r100om0.py",
            OMI + 'AEON_MOE = {Fp8MoEMethod: "fp8-moe"}\n\n\n'
            "def aeon_moe_route(cfg: Fp8Config, layer, prefix: str) -> str:\n"
            "    return AEON_MOE[type(cfg.get_quant_method(layer, prefix))]\n",
            "    return AEON_MOE[type(cfg.get_quant_method(layer, prefix))]",
        ),
    ),
]
TWINS += [
    (
        "#30627 exact class",
        "twin: type(...) in a set naming the new subclass too",
        K(
            *OM,
            "vllm/aeon/r100om1.py",
            f"from {FP8} import Fp8Config, Fp8MoEMethod, Fp8OnlineMoEMethod\n\n\n"
            "def aeon_is_moe(cfg: Fp8Config, layer, prefix: str) -> bool:\n"
            "    return type(cfg.get_quant_method(layer, prefix)) in {Fp8MoEMethod, Fp8OnlineMoEMethod}\n",
            "    return type(cfg.get_quant_method(layer, prefix)) in {Fp8MoEMethod, Fp8OnlineMoEMethod}",
        ),
    ),
    (
        "#30627 exact class",
        "twin: a table keyed by both classes",
        K(
            *OM,
            "vllm/aeon/r100om2.py",
            f"from {FP8} import Fp8Config, Fp8MoEMethod, Fp8OnlineMoEMethod\n\n\n"
            'AEON_MOE = {Fp8MoEMethod: "fp8-moe", Fp8OnlineMoEMethod: "fp8-moe"}\n\n\n'
            "def aeon_moe_route(cfg: Fp8Config, layer, prefix: str) -> str:\n"
            "    return AEON_MOE[type(cfg.get_quant_method(layer, prefix))]\n",
            "    return AEON_MOE[type(cfg.get_quant_method(layer, prefix))]",
        ),
    ),
    (
        "#30627 exact class",
        "twin: a table extended by update() with the new subclass",
        K(
            *OM,
            "vllm/aeon/r100om3.py",
            f"import {FP8} as fp8\n" + OMI + 'AEON_MOE = {Fp8MoEMethod: "fp8-moe"}\n'
            "AEON_MOE.update({getattr(fp8, 'Fp8OnlineMoEMethod', Fp8MoEMethod): 'fp8-moe'})\n\n\n"
            "def aeon_moe_route(cfg: Fp8Config, layer, prefix: str) -> str:\n"
            "    return AEON_MOE[type(cfg.get_quant_method(layer, prefix))]\n",
            "    return AEON_MOE[type(cfg.get_quant_method(layer, prefix))]",
        ),
    ),
    (
        "#30627 exact class",
        "twin: a serialized config's method tested exactly",
        K(
            *OM,
            "vllm/aeon/r100om4.py",
            OMI + "def aeon_is_offline_moe(layer, prefix: str) -> bool:\n"
            "    cfg = Fp8Config(is_checkpoint_fp8_serialized=True, activation_scheme='dynamic')\n"
            "    return type(cfg.get_quant_method(layer, prefix)) is Fp8MoEMethod\n",
            "    return type(cfg.get_quant_method(layer, prefix)) is Fp8MoEMethod",
        ),
    ),
]

# --- 0d402d2600 (#29196): process_weights_after_loading called from the patched loader, then skipped by a flag
ST = ("#29196", "0d402d2600", "process_weights_after_loading now also called from the patched weight loader")
STI = (
    "import torch\n\nfrom vllm.model_executor.layers.quantization.utils.layer_utils import replace_parameter\n"
    f"from {FP8} import Fp8KVCacheMethod, Fp8LinearMethod, Fp8MoEMethod\n\n\n"
)
FLAG = "_already_called_process_weights_after_loading"
CASES += [
    (
        "#29196 repeated hook",
        "a linear override transposing after super()",
        K(
            *ST,
            "vllm/aeon/r100st0.py",
            STI + "class AeonLinear0(Fp8LinearMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            '        replace_parameter(layer, "weight", layer.weight.t())\n',
            '        replace_parameter(layer, "weight", layer.weight.t())',
        ),
    ),
    (
        "#29196 repeated hook",
        "a MoE override scaling after super()",
        K(
            *ST,
            "vllm/aeon/r100st1.py",
            STI + "class AeonMoe1(Fp8MoEMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.w2_weight_scale.data.mul_(layer.routed_scaling_factor)\n",
            "        layer.w2_weight_scale.data.mul_(layer.routed_scaling_factor)",
        ),
    ),
]
TWINS += [
    (
        "#29196 repeated hook",
        "twin: the override testing upstream's flag",
        K(
            *ST,
            "vllm/aeon/r100st2.py",
            STI + "class AeonLinear2(Fp8LinearMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            f"        done = getattr(layer, '{FLAG}', False)\n"
            "        super().process_weights_after_loading(layer)\n"
            "        if not done:\n"
            '            replace_parameter(layer, "weight", layer.weight.t())\n',
            '            replace_parameter(layer, "weight", layer.weight.t())',
        ),
    ),
    (
        "#29196 repeated hook",
        "twin: the override opening with its own flag",
        K(
            *ST,
            "vllm/aeon/r100st3.py",
            STI + "class AeonLinear3(Fp8LinearMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        if getattr(layer, '_aeon_transposed', False):\n"
            "            return\n"
            "        super().process_weights_after_loading(layer)\n"
            '        replace_parameter(layer, "weight", layer.weight.t())\n'
            "        layer._aeon_transposed = True\n",
            '        replace_parameter(layer, "weight", layer.weight.t())',
        ),
    ),
    (
        "#29196 repeated hook",
        "twin: the step under its own flag test",
        K(
            *ST,
            "vllm/aeon/r100st4.py",
            STI + "class AeonMoe4(Fp8MoEMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        if not getattr(layer, '_aeon_scaled', False):  # AEON: fold the factor once\n"
            "            layer.w2_weight_scale.data.mul_(layer.routed_scaling_factor)\n"
            "            layer._aeon_scaled = True\n",
            "            layer.w2_weight_scale.data.mul_(layer.routed_scaling_factor)",
        ),
    ),
    (
        "#29196 repeated hook",
        "twin: an idempotent re-store (contiguous)",
        K(
            *ST,
            "vllm/aeon/r100st5.py",
            STI + "class AeonLinear5(Fp8LinearMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.weight = torch.nn.Parameter(layer.weight.data.contiguous(), requires_grad=False)\n",
            "        layer.weight = torch.nn.Parameter(layer.weight.data.contiguous(), requires_grad=False)",
        ),
    ),
    (
        "#29196 repeated hook",
        "twin: an idempotent re-store (the max of the scales)",
        K(
            *ST,
            "vllm/aeon/r100st6.py",
            STI + "class AeonLinear6(Fp8LinearMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.input_scale = torch.nn.Parameter(layer.input_scale.max(), requires_grad=False)\n",
            "        layer.input_scale = torch.nn.Parameter(layer.input_scale.max(), requires_grad=False)",
        ),
    ),
    (
        "#29196 repeated hook",
        "twin: a dtype cast handed to replace_parameter",
        K(
            *ST,
            "vllm/aeon/r100st7.py",
            STI + "class AeonMoe7(Fp8MoEMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            '        replace_parameter(layer, "w13_weight_scale", layer.w13_weight_scale.to(torch.float32))\n',
            '        replace_parameter(layer, "w13_weight_scale", layer.w13_weight_scale.to(torch.float32))',
        ),
    ),
    (
        "#29196 repeated hook",
        "twin: the fork's own create_weights (no patched loader)",
        K(
            *ST,
            "vllm/aeon/r100st8.py",
            STI + "class AeonLinear8(Fp8LinearMethod):\n"
            "    def create_weights(self, layer, input_size_per_partition, output_partition_sizes, input_size,\n"
            "                       output_size, params_dtype, **extra_weight_attrs) -> None:\n"
            "        # AEON: the Spark's loader fills the weight whole; no streaming\n"
            "        layer.weight = torch.nn.Parameter(\n"
            "            torch.empty(sum(output_partition_sizes), input_size_per_partition, dtype=params_dtype),\n"
            "            requires_grad=False,\n"
            "        )\n\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            '        replace_parameter(layer, "weight", layer.weight.t())\n',
            '        replace_parameter(layer, "weight", layer.weight.t())',
        ),
    ),
    (
        "#29196 repeated hook",
        "twin: a tag store and a step on a local",
        K(
            *ST,
            "vllm/aeon/r100st9.py",
            STI + "class AeonLinear9(Fp8LinearMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        weight_t = layer.weight.t()\n"
            "        weight_t.mul_(1.0)\n"
            "        layer.aeon_layout = 'nk'\n",
            "        weight_t.mul_(1.0)",
        ),
    ),
    (
        "#29196 repeated hook",
        "twin: the same override on Fp8KVCacheMethod (called once)",
        K(
            *ST,
            "vllm/aeon/r100st10.py",
            STI + "class AeonKv10(Fp8KVCacheMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer._k_scale.mul_(2.0)\n",
            "        layer._k_scale.mul_(2.0)",
        ),
    ),
]

# --- 753e9d55e6 (#44132): online fp8 adds Fp8PtpcOnlineLinearMethod(_Fp8OnlineLinearBase) beside its siblings
PT = ("#44132", "753e9d55e6", "Fp8PtpcOnlineLinearMethod added beside the per-tensor and per-block methods")
ONL = "vllm.model_executor.layers.quantization.online.fp8"
TWINS += [
    (
        "#44132 new sibling subclass",
        "twin: type(...) is a sibling the factory still builds",
        K(
            *PT,
            "vllm/aeon/r100pt1.py",
            f"from {ONL} import Fp8PerTensorOnlineLinearMethod\n\n\n"
            "def aeon_is_per_tensor(method) -> bool:\n"
            "    return type(method) is Fp8PerTensorOnlineLinearMethod\n",
            "    return type(method) is Fp8PerTensorOnlineLinearMethod",
        ),
    ),
    (
        "#44132 new sibling subclass",
        "twin: a table keyed by the siblings",
        K(
            *PT,
            "vllm/aeon/r100pt2.py",
            f"from {ONL} import Fp8PerBlockOnlineLinearMethod, Fp8PerTensorOnlineLinearMethod\n\n\n"
            "AEON_KERNELS = {Fp8PerTensorOnlineLinearMethod: 'cutlass', Fp8PerBlockOnlineLinearMethod: 'deepgemm'}\n\n\n"
            "def aeon_kernel(method) -> str:\n"
            "    return AEON_KERNELS[type(method)]\n",
            "    return AEON_KERNELS[type(method)]",
        ),
    ),
]

# --- round 4 (mend70): the demotions follow the test they guard
CASES += [
    (
        "#30627 exact class",
        "an unserialized config's method tested exactly (the literals pick the online branch)",
        K(
            *OM,
            "vllm/aeon/r100om5.py",
            OMI + "def aeon_is_offline_moe(layer, prefix: str) -> bool:\n"
            "    cfg = Fp8Config(is_checkpoint_fp8_serialized=False, activation_scheme='dynamic')\n"
            "    return type(cfg.get_quant_method(layer, prefix)) is Fp8MoEMethod\n",
            "    return type(cfg.get_quant_method(layer, prefix)) is Fp8MoEMethod",
        ),
    ),
    (
        "#30627 exact class",
        "the new subclass named only in another function of the file",
        K(
            *OM,
            "vllm/aeon/r100om6.py",
            f"from {FP8} import Fp8Config, Fp8MoEMethod, Fp8OnlineMoEMethod\n\n\n"
            "def aeon_is_online_moe(method) -> bool:\n"
            "    return isinstance(method, Fp8OnlineMoEMethod)\n\n\n"
            "def aeon_moe_kind(cfg: Fp8Config, layer, prefix: str) -> str:\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    return 'offline' if type(method) is Fp8MoEMethod else 'other'\n",
            "    return 'offline' if type(method) is Fp8MoEMethod else 'other'",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review100-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
